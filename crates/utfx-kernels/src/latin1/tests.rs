//! The Latin-1 kernels against the standard library's reading of the same
//! bytes (`char::from(u8)`, `String`, `u8::try_from(char)`), portable and at
//! every SIMD level this machine has, at every length, with the character
//! that stops a conversion at every place and with every room.

use alloc::string::String;
use alloc::vec::Vec;

use super::*;
use crate::test_support::Rng;

/// Under Miri and emulators: fewer lengths, places and rooms, each SIMD
/// path still reached.
const SLOW: bool = cfg!(any(miri, utfx_slow_runner));

/// Every `full`-th length or place, `slow`-th under emulators and `miri`-th
/// under Miri.
fn step(full: usize, slow: usize, miri: usize) -> usize {
    if cfg!(miri) {
        miri
    } else if SLOW {
        slow
    } else {
        full
    }
}

/// The four kernels at one level.
struct Form {
    name: &'static str,
    to_utf16: fn(&[u8], &mut [u16]) -> usize,
    from_utf16: fn(&[u16], &mut [u8]) -> usize,
    to_utf8: fn(&[u8], &mut [u8]) -> (usize, usize),
    from_utf8: fn(&str, &mut [u8]) -> (usize, usize),
}

/// Runs `check` with each form: the public one (the level in use), the
/// portable one and each SIMD level's (its blocks, then the portable form
/// from where they stopped, as the public one does).
fn each_form(mut check: impl FnMut(&Form)) {
    // Under Miri, the SIMD levels only: the other two are safe code, which
    // `cargo test` runs.
    if !cfg!(miri) {
        each_safe_form(&mut check);
    }
    each_level(check);
}

/// [`each_form`]'s public and portable forms.
fn each_safe_form(check: &mut impl FnMut(&Form)) {
    check(&Form {
        name: "public",
        to_utf16: latin1_to_utf16,
        from_utf16: utf16_to_latin1,
        to_utf8: latin1_to_utf8,
        from_utf8: utf8_to_latin1,
    });
    check(&Form {
        name: "portable",
        to_utf16: latin1_to_utf16_portable,
        from_utf16: utf16_to_latin1_portable,
        to_utf8: latin1_to_utf8_portable,
        from_utf8: |s, d| utf8_to_latin1_portable(s.as_bytes(), d),
    });
}

/// [`each_form`]'s SIMD levels.
#[allow(unused_mut, unused_variables)]
fn each_level(mut check: impl FnMut(&Form)) {
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    for level in crate::simd::levels() {
        use crate::simd;
        macro_rules! at {
            ($($l:ident),*) => {
                match level {
                    $(crate::Level::$l => Form {
                        name: level.name(),
                        to_utf16: |s, d| {
                            let n = s.len().min(d.len());
                            let done = simd::latin1_to_utf16_at(crate::Level::$l, &s[..n], &mut d[..n]);
                            done + latin1_to_utf16_portable(&s[done..n], &mut d[done..n])
                        },
                        from_utf16: |s, d| {
                            let n = s.len().min(d.len());
                            let done = simd::utf16_to_latin1_at(crate::Level::$l, &s[..n], &mut d[..n]);
                            done + utf16_to_latin1_portable(&s[done..n], &mut d[done..n])
                        },
                        to_utf8: |s, d| {
                            let (r, w) = simd::latin1_to_utf8_at(crate::Level::$l, s, d);
                            let (r2, w2) = latin1_to_utf8_portable(&s[r..], &mut d[w..]);
                            (r + r2, w + w2)
                        },
                        from_utf8: |s, d| {
                            let (r, w) = simd::utf8_to_latin1_at(crate::Level::$l, s.as_bytes(), d);
                            let (r2, w2) = utf8_to_latin1_portable(&s.as_bytes()[r..], &mut d[w..]);
                            (r + r2, w + w2)
                        },
                    },)*
                    _ => unreachable!("{level:?}"),
                }
            };
        }
        check(&at!(Avx2, Sse42, Neon));
    }
}

/// `bytes` read as Latin-1 by `char::from`.
fn text_of(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

/// The characters of `text` up to U+00FF before the first other one, as
/// far as `room` bytes of Latin-1 take them: (bytes of `text` read, the
/// Latin-1).
fn expected_latin1(text: &str, room: usize) -> (usize, Vec<u8>) {
    let (mut read, mut out) = (0, Vec::new());
    for c in text.chars() {
        let Ok(b) = u8::try_from(c) else { break };
        if out.len() == room {
            break;
        }
        out.push(b);
        read += c.len_utf8();
    }
    (read, out)
}

/// Checks Latin-1 to UTF-16 and to UTF-8 of `bytes`, and back from both,
/// with all the room they need and with less.
fn check_latin1(bytes: &[u8]) {
    let text = text_of(bytes);
    let utf16: Vec<u16> = text.encode_utf16().collect();
    let rooms = [bytes.len() + 37, bytes.len() / 2, bytes.len(), bytes.len().saturating_sub(1), 0];
    for room in rooms.into_iter().take(if SLOW { 2 } else { 5 }) {
        // UTF-8 as far as `room` bytes take whole characters.
        let (mut read, mut utf8) = (0, String::new());
        for c in text.chars() {
            if utf8.len() + c.len_utf8() > room {
                break;
            }
            utf8.push(c);
            read += 1;
        }
        let (latin1_read, latin1) = expected_latin1(&text, room);
        each_form(|form| {
            let name = form.name;
            let mut units = alloc::vec![0u16; room];
            let n = (form.to_utf16)(bytes, &mut units);
            assert_eq!(&units[..n], &utf16[..n.min(utf16.len())], "{name} room {room}: {bytes:X?}");
            assert_eq!(n, bytes.len().min(room), "{name} room {room}: {bytes:X?}");
            let mut out = alloc::vec![0u8; room];
            let (r, w) = (form.to_utf8)(bytes, &mut out);
            assert_eq!((r, &out[..w]), (read, utf8.as_bytes()), "{name} room {room}: {bytes:X?}");
            let n = (form.from_utf16)(&utf16, &mut out);
            assert_eq!(&out[..n], &bytes[..bytes.len().min(room)], "{name} room {room}: {bytes:X?}");
            let (r, w) = (form.from_utf8)(&text, &mut out);
            assert_eq!((r, &out[..w]), (latin1_read, &latin1[..]), "{name} room {room}: {bytes:X?}");
        });
    }
}

/// Checks UTF-16 and UTF-8 of `text` (a character above U+00FF in it)
/// back to Latin-1, with every room.
fn check_stop(text: &str) {
    let utf16: Vec<u16> = text.encode_utf16().collect();
    let (_, all) = expected_latin1(text, usize::MAX);
    let rooms = [all.len() + 40, all.len() / 2, all.len() + 1, all.len()];
    for room in rooms.into_iter().take(if SLOW { 2 } else { 4 }) {
        let (read, latin1) = expected_latin1(text, room);
        let units = utf16.iter().take_while(|&&u| u <= 0xFF).count().min(room);
        each_form(|form| {
            let mut out = alloc::vec![0u8; room];
            let (r, w) = (form.from_utf8)(text, &mut out);
            assert_eq!((r, &out[..w]), (read, &latin1[..]), "{} room {room}: {text:?}", form.name);
            assert_eq!((form.from_utf16)(&utf16, &mut out), units, "{} room {room}: {text:?}", form.name);
            assert_eq!(&out[..units], &latin1[..units], "{} room {room}: {text:?}", form.name);
        });
    }
}

#[test]
fn the_kernels_agree_with_char_at_every_length() {
    let n = if SLOW { 80 } else { 300 };
    // Every byte; ASCII; bytes from 80; ASCII with a byte from 80 in 30.
    for (seed, kind) in [(1, 0), (4, 3), (2, 1), (3, 2)].into_iter().take(if cfg!(miri) { 2 } else { 4 }) {
        let mut rng = Rng::new(seed);
        let bytes: Vec<u8> = (0..n)
            .map(|_| {
                let x = rng.next();
                match kind {
                    0 => x as u8,
                    1 => (x % 0x80) as u8,
                    2 => 0x80 | x as u8,
                    _ if x.is_multiple_of(30) => 0x80 | (x >> 8) as u8,
                    _ => (x % 0x80) as u8,
                }
            })
            .collect();
        for end in (0..=bytes.len()).step_by(step(1, 13, 29)) {
            check_latin1(&bytes[..end]);
        }
    }
}

#[test]
fn a_character_above_u00ff_stops_the_encoders_at_every_place() {
    let n = if SLOW { 70 } else { 140 };
    let mut rng = Rng::new(9);
    let base: String = (0..n).map(|k| if k % 5 == 0 { char::from(0x80 | rng.next() as u8) } else { 'a' }).collect();
    let stops = ['\u{100}', '\u{1F4A9}', '\u{3FF}', '\u{20AC}', '\u{FFFF}'];
    for stop in stops.into_iter().take(if cfg!(miri) { 2 } else { 5 }) {
        for at in (0..n).step_by(step(1, 11, 23)) {
            let text: String = base.chars().take(at).chain([stop]).chain(base.chars().skip(at)).collect();
            check_stop(&text);
        }
    }
}
