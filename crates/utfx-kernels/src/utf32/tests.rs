//! The UTF-32 kernels against the standard library's reading of the same
//! units (`char::from_u32`, `char::encode_utf16`, `char::decode_utf16`),
//! portable and at every SIMD level this machine has, over units of every
//! class at every length and with one unit of each ill-formed class at
//! every place, in both byte orders and with every room.

use alloc::vec::Vec;

use super::*;
use crate::test_support::Rng;

/// Under Miri and emulators: fewer lengths, places and rooms, each SIMD
/// path still reached.
const SLOW: bool = cfg!(any(miri, utfx_slow_runner));

/// A conversion of UTF-32 bytes in an order to UTF-16: (read, written).
type ToUtf16 = fn(&[u8], bool, &mut [u16]) -> (usize, usize);
/// A conversion of UTF-16 to UTF-32 bytes in an order: (read, written).
type FromUtf16 = fn(&[u16], bool, &mut [u8]) -> (usize, usize);

/// The three kernels at one level.
struct Form {
    name: &'static str,
    prefix: fn(&[u8], bool) -> usize,
    to_utf16: ToUtf16,
    from_utf16: FromUtf16,
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
        prefix: utf32_bytes_prefix,
        to_utf16: utf32_bytes_to_utf16,
        from_utf16: utf16_to_utf32_bytes,
    });
    check(&Form {
        name: "portable",
        prefix: utf32_bytes_prefix_portable,
        to_utf16: utf32_bytes_to_utf16_portable,
        from_utf16: utf16_to_utf32_bytes_portable,
    });
}

/// [`each_form`]'s SIMD levels.
#[allow(unused_mut, unused_variables)]
fn each_level(mut check: impl FnMut(&Form)) {
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    for level in crate::simd::levels() {
        use crate::simd;
        // One function per level, through a table: a closure capturing the
        // level cannot be a `fn`.
        macro_rules! at {
            ($($l:ident),*) => {
                match level {
                    $(crate::Level::$l => Form {
                        name: level.name(),
                        prefix: |s, be| {
                            let n = simd::utf32_bytes_prefix_at(crate::Level::$l, s, be);
                            n + utf32_bytes_prefix_portable(&s[4 * n..], be)
                        },
                        to_utf16: |s, be, d| {
                            let (r, w) = simd::utf32_bytes_to_utf16_at(crate::Level::$l, s, be, d);
                            let (r2, w2) = utf32_bytes_to_utf16_portable(&s[4 * r..], be, &mut d[w..]);
                            (r + r2, w + w2)
                        },
                        from_utf16: |s, be, d| {
                            let (r, w) = simd::utf16_to_utf32_bytes_at(crate::Level::$l, s, be, d);
                            let (r2, w2) = utf16_to_utf32_bytes_portable(&s[r..], be, &mut d[w..]);
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

/// The bytes of `units` in order `be`.
fn bytes_of(units: &[u32], be: bool) -> Vec<u8> {
    units.iter().flat_map(|&u| unit_bytes(u, be)).collect()
}

/// What the kernels must answer for `units`, from `char`: the scalar
/// prefix, and its UTF-16 as far as `room` units take whole characters.
fn expected_utf16(units: &[u32], room: usize) -> (usize, usize, Vec<u16>) {
    let prefix = units.iter().take_while(|&&u| char::from_u32(u).is_some()).count();
    let mut out = Vec::new();
    let mut read = 0;
    for &u in &units[..prefix] {
        let c = char::from_u32(u).unwrap();
        if out.len() + c.len_utf16() > room {
            break;
        }
        let mut buf = [0; 2];
        out.extend_from_slice(c.encode_utf16(&mut buf));
        read += 1;
    }
    (prefix, read, out)
}

/// What [`utf16_to_utf32_bytes`] must answer for `units` with `room`
/// bytes, from `char::decode_utf16`: the characters before its first error
/// (a lead surrogate at the end is one), as many as `room` holds.
fn expected_utf32(units: &[u16], room: usize, be: bool) -> (usize, Vec<u8>) {
    let (mut read, mut out) = (0, Vec::new());
    for c in char::decode_utf16(units.iter().copied()) {
        let Ok(c) = c else { break };
        if out.len() + 4 > room {
            break;
        }
        out.extend_from_slice(&unit_bytes(u32::from(c), be));
        read += c.len_utf16();
    }
    (read, out)
}

/// One unit of class `class`: 0 ASCII, 1 the rest of the BMP, 2 above it,
/// 3 a surrogate, 4 beyond U+10FFFF.
fn unit(class: u32, r: u32) -> u32 {
    match class {
        0 => r % 0x80,
        1 if r.is_multiple_of(3) => 0xE000 + r % 0x2000,
        1 => 0x80 + r % 0xD780,
        2 => 0x1_0000 + r % 0x10_0000,
        3 => 0xD800 + r % 0x800,
        _ => [0x11_0000, 0xFFFF_FFFF, 0x8000_0000, 0x7FFF_FFFF, 0x10_F800 + r % 0x100][(r % 5) as usize],
    }
}

/// Checks every kernel on `units` (UTF-32) in both orders against `char`,
/// with all the room they need and with less.
fn check_units(units: &[u32]) {
    for be in [false, true] {
        let bytes = bytes_of(units, be);
        let (prefix, _, all) = expected_utf16(units, usize::MAX);
        let rooms = [all.len() + 40, all.len() / 2, all.len(), all.len().saturating_sub(1), 0];
        for room in rooms.into_iter().take(if SLOW { 2 } else { 5 }) {
            let (_, read, out) = expected_utf16(units, room);
            each_form(|form| {
                assert_eq!((form.prefix)(&bytes, be), prefix, "{} {be}: {units:X?}", form.name);
                let mut dst = alloc::vec![0u16; room.min(all.len() + 40)];
                let (r, w) = (form.to_utf16)(&bytes, be, &mut dst);
                assert_eq!((r, &dst[..w]), (read, &out[..]), "{} {be} room {room}: {units:X?}", form.name);
            });
        }
        // A cut unit at the end is not read.
        let mut cut = bytes.clone();
        cut.extend_from_slice(&[0x41, 0, 0]);
        each_form(|form| assert_eq!((form.prefix)(&cut, be), prefix, "{} {be}: cut", form.name));
    }
}

/// Checks [`utf16_to_utf32_bytes`] on `units` in both orders against
/// `char::decode_utf16`, with all the room it needs and with less.
fn check_utf16(units: &[u16]) {
    for be in [false, true] {
        let (_, all) = expected_utf32(units, usize::MAX, be);
        let rooms = [all.len() + 41, all.len() / 2 + 3, all.len(), all.len().saturating_sub(1), 0];
        for room in rooms.into_iter().take(if SLOW { 2 } else { 5 }) {
            let (read, out) = expected_utf32(units, room, be);
            each_form(|form| {
                let mut dst = alloc::vec![0u8; room];
                let (r, w) = (form.from_utf16)(units, be, &mut dst);
                assert_eq!((r, &dst[..w]), (read, &out[..]), "{} {be} room {room}: {units:X?}", form.name);
            });
        }
    }
}

#[test]
fn the_folded_classes_match_their_definitions() {
    // Every value up to past 10FFFF (where the exclusive or could move one
    // across the line), then a sample of the rest.
    // (Under Miri a sample of the first too: the rest is plain arithmetic.)
    let (first, rest) = if cfg!(miri) { (0x3001, 0x1000_0001) } else { (1, 0x1_0001) };
    let samples =
        (0..=0x12_0000).step_by(first).chain((0..=u32::MAX).step_by(rest)).chain([u32::MAX, 0x8000_0000, 0x10_FFFF]);
    for u in samples {
        let scalar = char::from_u32(u).is_some();
        assert_eq!(is_scalar(u), scalar, "{u:X}");
        assert_eq!(is_bmp_scalar(u), scalar && u <= 0xFFFF, "{u:X}");
        // The SIMD forms' signed bounds (simd/utf32.rs).
        let biased = folded(u).wrapping_add(0x8000_0000) as i32;
        assert_eq!(biased <= 0x8010_F7FF_u32 as i32, scalar, "{u:X}");
        assert_eq!(biased <= 0x8000_F7FF_u32 as i32, scalar && u <= 0xFFFF, "{u:X}");
    }
}

#[test]
fn the_kernels_agree_with_char_at_every_length_and_every_error_place() {
    let n = if SLOW { 40 } else { 200 };
    let sets = [(1, &[0, 1, 2][..]), (4, &[2][..]), (2, &[0][..]), (3, &[1][..]), (5, &[0, 0, 0, 2][..])];
    for &(seed, classes) in sets.iter().take(if cfg!(miri) { 2 } else { 5 }) {
        let mut rng = Rng::new(seed);
        let units: Vec<u32> = (0..n)
            .map(|_| {
                let x = rng.next();
                unit(classes[(x % classes.len() as u32) as usize], x >> 8)
            })
            .collect();
        let step = if SLOW { 13 } else { 1 };
        for end in (0..=units.len()).step_by(step) {
            check_units(&units[..end]);
        }
        // One ill-formed unit at each place.
        for at in (0..units.len()).step_by(step * 3) {
            for bad in [3, 4] {
                let mut damaged = units.clone();
                damaged[at] = unit(bad, rng.next());
                check_units(&damaged);
            }
        }
        // The same text as UTF-16, whole, cut at every unit and with a lone
        // surrogate at each place.
        let utf16: Vec<u16> = units
            .iter()
            .flat_map(|&u| {
                let mut buf = [0; 2];
                char::from_u32(u).unwrap().encode_utf16(&mut buf).to_vec()
            })
            .collect();
        for end in (0..=utf16.len()).step_by(step) {
            check_utf16(&utf16[..end]);
        }
        for at in (0..utf16.len()).step_by(step * 3) {
            for bad in [0xD800, 0xDBFF, 0xDC00, 0xDFFF] {
                let mut damaged = utf16.clone();
                damaged[at] = bad;
                check_utf16(&damaged);
            }
        }
    }
}

#[test]
fn each_unit_at_a_class_boundary_is_classed_right_at_every_place_of_a_block() {
    // The classes' edges, and the units whose exclusive or with D800 lands
    // on the edges of the one comparison (`folded` of 27FF and 1D800 are
    // F7FF and F800, of 1027FF and 11D800 10F7FF and 10F800).
    let edges = [
        0,
        0x7F,
        0x80,
        0x27FF,
        0x2800,
        0xD7FF,
        0xD800,
        0xDBFF,
        0xDC00,
        0xDFFF,
        0xE000,
        0xFFFF,
        0x1_0000,
        0x1_D7FF,
        0x1_D800,
        0x1_DFFF,
        0x1_E000,
        0x10_27FF,
        0x10_2800,
        0x10_FFFF,
        0x11_0000,
        0x11_D7FF,
        0x11_D800,
        0x11_E000,
        0x7FFF_FFFF,
        0x8000_0000,
        0x8000_D800,
        0xFFFF_D800,
        0xFFFF_FFFF,
    ];
    // Two blocks of the widest vectors (32 units of four vectors of 32
    // bytes), each place of them; under emulators the places at their
    // edges, under Miri one place in the first.
    let n = if cfg!(miri) { 40 } else { 80 };
    let places: Vec<usize> = match () {
        _ if cfg!(miri) => alloc::vec![1],
        _ if SLOW => alloc::vec![0, 1, 31, 32, 63, 79],
        _ => (0..n).collect(),
    };
    for edge in edges {
        for &at in &places {
            let mut units = alloc::vec![0x41; n];
            units[at] = edge;
            check_units(&units);
        }
    }
}
