//! The SIMD instantiations this machine has (AVX2 and SSE4.2 where the
//! processor has them, NEON on aarch64), each pinned by its [`Level`], against the
//! portable forms and the standard library: text of every class mix
//! (ASCII, two-, three- and four-byte characters, generalized UTF-8's
//! surrogate forms and `C0 80`), at several alignments, with an error or a
//! lone surrogate at every position of the first blocks, cut at every
//! length, and with output buffers of every size around the blocks' (one
//! short among them). The family validator's instantiations are checked by
//! `validate.rs`'s tests, which run every level they find. Sweeps are cut
//! down under Miri.
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::*;
use crate::test_support::{Rng, encode, not_utf8, values};

/// The levels a sweep runs: every one this machine has, or under Miri
/// (which interprets them slowly, one core for minutes in CI) one of them,
/// the `k`th in turn, so that the sweeps share the levels out (AVX2 and
/// SSE4.2 with `-Ctarget-feature=+avx2`) and each runs under Miri.
fn sweep_levels(k: usize) -> Vec<Level> {
    let all = levels();
    if cfg!(miri) && !all.is_empty() { vec![all[k % all.len()]] } else { all }
}

/// How many seeds each sweep takes.
fn seeds() -> u32 {
    if cfg!(any(miri, utfx_slow_runner)) { 1 } else { 24 }
}

/// All of `values`, or under Miri the first two.
fn pick<T>(values: &[T]) -> &[T] {
    if cfg!(any(miri, utfx_slow_runner)) { &values[..2] } else { values }
}

/// The class mixes of the UTF-8 sweeps.
const UTF8_CLASSES: [&[u32]; 9] =
    [&[0], &[1], &[2], &[3], &[0, 1], &[0, 2], &[1, 3], &[0, 1, 2, 3], &[0, 1, 2, 3, 4, 5]];

/// The class mixes of the UTF-16 sweeps (scalar values only).
const UTF16_CLASSES: [&[u32]; 9] = [&[0], &[1], &[2], &[3], &[0, 1], &[1, 2], &[0, 1, 2], &[0, 2, 3], &[0, 1, 2, 3]];

/// The units of the characters of `bytes[..end]`.
fn units_before(bytes: &[u8], end: usize) -> usize {
    bytes[..end].iter().filter(|&&b| b & 0xC0 != 0x80).map(|&b| if b >= 0xF0 { 2 } else { 1 }).sum()
}

/// The valid conversion at `level` and the portable one agree on `src`
/// with `room` units, and their units are those of `expected` (the units
/// of `src` when whole).
fn check_utf8(level: Level, src: &[u8], room: usize, expected: &[u16], what: &dyn core::fmt::Display) {
    let (mut fast, mut slow) = (vec![0u16; room], vec![0u16; room]);
    let got = valid_utf8_to_utf16_at(level, src, &mut fast);
    let want = crate::valid_utf8_to_utf16_portable(src, &mut slow);
    assert_eq!(got, want, "{level:?}, {what}, room {room}");
    assert_eq!(fast[..got.1], expected[..got.1], "{level:?}, {what}, room {room}");
}

#[test]
fn utf8_to_utf16_agrees_with_the_portable_form() {
    for level in sweep_levels(0) {
        for (c, classes) in UTF8_CLASSES.iter().enumerate() {
            for seed in 0..seeds() {
                let (bytes, units) = encode(&values(
                    seed * 16 + c as u32,
                    if cfg!(any(miri, utfx_slow_runner)) { 90 } else { 300 },
                    classes,
                ));
                for &start in pick(&[0, 1, 2, 3, 5, 7, 13, 31]) {
                    let Some(skip) = (start..bytes.len()).find(|&k| bytes[k] & 0xC0 != 0x80) else { continue };
                    let expected = &units[units_before(&bytes, skip)..];
                    let n = expected.len();
                    for &room in pick(&[n + 70, n, n.saturating_sub(1), 63, 64, 65, 70, 1, 2, 0]) {
                        // Formatted in the call: a `format_args!` bound to a
                        // name needs Rust 1.89, and the MSRV is 1.88.
                        check_utf8(
                            level,
                            &bytes[skip..],
                            room,
                            expected,
                            &format_args!("classes {classes:?} seed {seed} start {start}"),
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn utf8_to_utf16_of_cut_input_agrees_with_the_portable_form() {
    // Well-formed text cut at every byte (inside characters too) of the
    // first blocks and of the padded last block: the conversion stops
    // before the cut character.
    for level in sweep_levels(1) {
        for (c, classes) in [&[0, 1][..], &[0, 2], &[3], &[0, 1, 2, 3, 4, 5]].iter().enumerate() {
            let (bytes, units) =
                encode(&values(c as u32 + 99, if cfg!(any(miri, utfx_slow_runner)) { 40 } else { 200 }, classes));
            let ends: Vec<usize> =
                if cfg!(any(miri, utfx_slow_runner)) { vec![67, 70, 131] } else { (0..bytes.len()).collect() };
            for end in ends.into_iter().filter(|&e| e <= bytes.len()) {
                let whole = (0..=end).rev().find(|&k| k == bytes.len() || bytes[k] & 0xC0 != 0x80).unwrap_or(0);
                let expected = &units[..units_before(&bytes, whole)];
                for room in [expected.len() + 64, expected.len() + 200] {
                    check_utf8(level, &bytes[..end], room, expected, &format_args!("classes {classes:?} end {end}"));
                    let mut out = vec![0u16; room];
                    let read = valid_utf8_to_utf16_at(level, &bytes[..end], &mut out).0;
                    assert_eq!(read, whole, "classes {classes:?} end {end}");
                }
            }
        }
    }
}

#[test]
fn utf8_to_utf16_of_bytes_that_are_not_utf8_stays_in_bounds() {
    // Any units (the contract leaves them unspecified), but in bounds, and
    // what was read is what the portable form reads of the same bytes.
    let mut rng = Rng::new(7);
    for level in sweep_levels(2) {
        for len in (0..200).step_by(if cfg!(any(miri, utfx_slow_runner)) { 37 } else { 1 }) {
            let bytes = not_utf8(len, &mut rng);
            for room in [0, 1, 64, 65, 300] {
                let mut out = vec![0u16; room];
                let (read, written) = valid_utf8_to_utf16_at(level, &bytes, &mut out);
                assert!(read <= bytes.len() && written <= room);
            }
        }
    }
}

/// UTF-16 validation at `level`, from units and from bytes in both orders,
/// against std's: the blocks stop at or before the end of the valid
/// prefix, and the portable form finishes it.
fn check_utf16_prefix(level: Level, src: &[u16]) {
    let valid = char::decode_utf16(src.iter().copied())
        .take_while(Result::is_ok)
        .map(|c| c.map_or(0, char::len_utf16))
        .sum::<usize>();
    let start = utf16_units_prefix_blocks_at(level, src);
    assert!(start <= valid, "{level:?} {src:X?}");
    assert_eq!(start + crate::utf16_prefix(src.len() - start, |k| src[start + k]), valid, "{level:?} {src:X?}");
    let big: Vec<u8> = src.iter().flat_map(|u| u.to_be_bytes()).collect();
    let little: Vec<u8> = src.iter().flat_map(|u| u.to_le_bytes()).collect();
    for (bytes, big_endian) in [(&big, true), (&little, false)] {
        let start = utf16_bytes_prefix_blocks_at(level, bytes, big_endian);
        assert!(start <= valid, "{level:?} {src:X?}");
        assert_eq!(start + crate::utf16_prefix(src.len() - start, |k| src[start + k]), valid, "{level:?} {src:X?}");
    }
}

#[test]
fn utf16_validation_of_long_inputs_agrees_with_std() {
    // Longer than the widest blocks (128 units a step at AVX-512): a pair,
    // a lone lead and a lone trail at every position of 300 units of BMP
    // text, so that pairs straddle every block edge; then random text of
    // every class with a lone surrogate at every position.
    let step = if cfg!(any(miri, utfx_slow_runner)) { 37 } else { 1 };
    for level in sweep_levels(5) {
        let plain = vec![0x4E2Du16; 300];
        for at in (0..plain.len() - 1).step_by(step) {
            for lone in [None, Some(0xD83D), Some(0xDE00)] {
                let mut src = plain.clone();
                match lone {
                    None => src[at..at + 2].copy_from_slice(&[0xD83D, 0xDE00]),
                    Some(unit) => src[at] = unit,
                }
                check_utf16_prefix(level, &src);
            }
        }
        for seed in 0..seeds() {
            let (_, units) = encode(&values(seed, 250, &[0, 1, 2, 3]));
            check_utf16_prefix(level, &units);
            for bad in (0..units.len()).step_by(step * 3) {
                let mut src = units.clone();
                src[bad] = if bad % 2 == 0 { 0xDC00 } else { 0xD812 };
                check_utf16_prefix(level, &src);
            }
        }
    }
}

/// UTF-16 to UTF-8 at `level` from units and from bytes in both orders
/// against the portable form and std, the count of code points against
/// std's, and UTF-16 validation against std's, at several sizes of output.
fn check_utf16(level: Level, src: &[u16]) {
    let valid = char::decode_utf16(src.iter().copied())
        .take_while(Result::is_ok)
        .map(|c| c.map_or(0, char::len_utf16))
        .sum::<usize>();
    let text = String::from_utf16(&src[..valid]).unwrap();
    let big: Vec<u8> = src.iter().flat_map(|u| u.to_be_bytes()).collect();
    let little: Vec<u8> = src.iter().flat_map(|u| u.to_le_bytes()).collect();
    check_utf16_prefix(level, src);
    for &room in pick(&[text.len() + 70, text.len(), text.len().saturating_sub(1), 63, 64, 65, 80, 112, 1, 3, 0]) {
        let (mut fast, mut slow) = (vec![0u8; room], vec![0u8; room]);
        let got = utf16_to_utf8_at(level, src, &mut fast);
        let want = crate::utf16_to_utf8_portable(src, &mut slow);
        assert_eq!(got, want, "{level:?} {src:X?} room {room}");
        // The portable form that counts the pairs as it goes: the code
        // points std decodes from the units it read (safe code, which Miri
        // need not interpret).
        if !cfg!(miri) {
            let (read, written, points) = crate::portable::utf16_to_utf8_counted(src, &mut slow);
            assert_eq!((read, written), want, "{src:X?} room {room}");
            assert_eq!(points, char::decode_utf16(src[..read].iter().copied()).count(), "{src:X?} room {room}");
        }
        assert_eq!(&fast[..got.1], &text.as_bytes()[..got.1]);
        for (bytes, big_endian) in [(&big, true), (&little, false)] {
            let mut out = vec![0u8; room];
            let (read, written, points) = utf16_bytes_to_utf8_at(level, bytes, big_endian, &mut out);
            assert_eq!((read, written), got, "{level:?} big endian {big_endian}");
            assert_eq!(out[..written], fast[..written]);
            let chars = core::str::from_utf8(&text.as_bytes()[..written]).map(|s| s.chars().count());
            assert_eq!(Ok(points), chars, "{level:?} {src:X?} room {room}");
            if !cfg!(miri) {
                let portable = crate::portable::utf16_bytes_to_utf8_counted(bytes, big_endian, &mut out);
                assert_eq!(
                    portable,
                    (read, written, points),
                    "portable, big endian {big_endian}, {src:X?} room {room}"
                );
            }
        }
    }
}

#[test]
fn utf16_to_utf8_agrees_with_the_portable_form_and_std() {
    for level in sweep_levels(4) {
        // Under Miri, every other class mix.
        for (c, classes) in
            UTF16_CLASSES.iter().enumerate().filter(|(c, _)| !cfg!(any(miri, utfx_slow_runner)) || c % 2 == 1)
        {
            for seed in 0..seeds() {
                let (_, units) = encode(&values(seed * 16 + c as u32, 60, classes));
                for &start in pick(&[0, 1, 2, 3, 5, 8, 15]) {
                    let src = &units[start.min(units.len())..];
                    // A lone surrogate at each position of the first blocks.
                    let step = if cfg!(any(miri, utfx_slow_runner)) { 13 } else { 1 };
                    for bad in (0..src.len().min(40)).step_by(step).map(Some).chain([None]) {
                        let mut src = src.to_vec();
                        if let Some(b) = bad {
                            src[b] = if b % 2 == 0 { 0xDC00 } else { 0xD812 };
                        }
                        check_utf16(level, &src);
                    }
                }
            }
        }
    }
}

#[test]
fn utf16_to_utf8_of_runs_of_one_length_agrees_with_std() {
    // Runs of one class each, of lengths around the blocks' sizes (8, 16
    // units at 128 bits, 16, 32 at 256), one after another, and a lead
    // surrogate cut at the end.
    let lengths: &[usize] = if cfg!(any(miri, utfx_slow_runner)) {
        &[17, 40]
    } else {
        &[1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 48, 49, 63, 64, 65, 100, 129]
    };
    for level in sweep_levels(3) {
        // Under Miri, every other pair.
        let pairs = [[0, 1], [1, 0], [0, 2], [2, 1], [1, 3], [3, 0], [2, 3]];
        for (k, pair) in pairs.iter().enumerate().filter(|(k, _)| !cfg!(miri) || k % 2 == 0) {
            for (n, &first) in lengths.iter().enumerate() {
                let second = lengths[(n * 7 + k) % lengths.len()];
                let mut all = Vec::new();
                for (run, &class) in [first, second, first + second].iter().zip(pair.iter().cycle()) {
                    all.extend(values((k * 100 + n) as u32, *run, &[class]));
                }
                let (_, mut units) = encode(&all);
                check_utf16(level, &units);
                units.push(0xD800);
                check_utf16(level, &units);
            }
        }
    }
}

#[test]
fn ascii_prefix_agrees_with_std() {
    let lengths: Vec<usize> = if cfg!(any(miri, utfx_slow_runner)) { vec![0, 17, 70] } else { (0..150).collect() };
    for level in sweep_levels(5) {
        for &len in &lengths {
            let mut bytes = vec![b'a'; len];
            assert_eq!(ascii_prefix_at(level, &bytes), len);
            for at in (0..len).step_by(if cfg!(any(miri, utfx_slow_runner)) { 7 } else { 1 }) {
                for b in [0x80, 0xC3, 0xFF] {
                    bytes[at] = b;
                    let want = bytes.iter().position(|b| !b.is_ascii()).unwrap_or(len);
                    assert_eq!(ascii_prefix_at(level, &bytes), want, "{level:?} {len} {at}");
                    let tail = &bytes[1.min(len)..];
                    let want = tail.iter().position(|b| !b.is_ascii()).unwrap_or(tail.len());
                    assert_eq!(ascii_prefix_at(level, tail), want, "{level:?} {len} {at}, from 1");
                    bytes[at] = b'a';
                }
            }
        }
    }
}

#[test]
fn counts_agree_with_std() {
    let text: String = "a\u{E9}\u{800}\u{FFFF}\u{10000}\u{10FFFF}".chars().cycle().take(300).collect();
    let mut ends: Vec<usize> = (0..=text.len()).filter(|&i| text.is_char_boundary(i)).collect();
    if cfg!(any(miri, utfx_slow_runner)) {
        ends.retain(|&i| i <= 40 || i % 97 == 0);
    }
    // Past 255 rows of byte lanes; and, but under Miri, past 65,535 rows
    // of 16-bit lanes (about 525,000 trail surrogates).
    let long = "\u{10FFFF}".repeat(if cfg!(any(miri, utfx_slow_runner)) { 1100 } else { 530_000 });
    for level in sweep_levels(6) {
        for piece in ends.iter().map(|&end| &text[..end]).chain([long.as_str()]) {
            let units: Vec<u16> = piece.encode_utf16().collect();
            let chars = piece.chars().count();
            assert_eq!(piece.len() - count_continuations_at(level, piece.as_bytes()), chars, "{level:?}");
            assert_eq!(units.len() - count_trails_at(level, &units), chars, "{level:?}");
        }
    }
}

/// The public functions at each SIMD level, pinned with `force_level`
/// for the whole process: only these few checks, in one test, so that
/// the other tests (which pin a level per call) do not see the pin.
#[test]
fn the_level_api_pins_the_simd_kernels() {
    assert!(crate::level().is_available());
    // The sweeps above run on these levels: none would make them pass
    // without running a kernel.
    if cfg!(all(target_arch = "aarch64", target_endian = "little")) {
        assert_eq!(levels(), [Level::Neon]);
    }
    if cfg!(all(target_arch = "x86_64", feature = "std", target_feature = "avx2")) {
        assert_eq!(levels(), [Level::Avx2, Level::Sse42]);
    } else if cfg!(all(target_arch = "x86_64", feature = "std", target_feature = "sse4.2")) {
        assert_eq!(levels(), [Level::Sse42]);
    }
    for level in levels() {
        let (bytes, units) = encode(&values(5, 200, &[0, 1, 2, 3]));
        let text = core::str::from_utf8(&bytes).unwrap();
        let mut out16 = vec![0u16; units.len()];
        let mut out8 = vec![0u8; bytes.len()];
        assert!(crate::force_level(Some(level)));
        assert_eq!(crate::level(), level);
        let done = (crate::utf8_to_utf16(text, &mut out16), crate::utf16_to_utf8(&units, &mut out8));
        assert!(crate::force_level(None));
        assert_eq!(done, ((bytes.len(), units.len()), (units.len(), bytes.len())));
        assert_eq!((out16, out8), (units, bytes));
    }
}
