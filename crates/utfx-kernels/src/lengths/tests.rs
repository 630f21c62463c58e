//! Every length and count against the standard library's conversions of
//! the same text (`str::encode_utf16`, `str::len`, `str::chars`, `char`
//! from a Latin-1 byte), portable and at every SIMD level this machine
//! has, at every length over a few vectors and past the point where a lane
//! would overflow without its sums.

use alloc::string::String;
use alloc::vec::Vec;

use super::*;
use crate::test_support::{Rng, encode, values};

/// Runs `check` with each form of the lengths: the public one (the level
/// in use), the portable one and each SIMD level's; under Miri the SIMD
/// levels' only (the others are safe code, which `cargo test` runs).
fn each_form(mut check: impl FnMut(&str, &dyn Fn(Which) -> usize)) {
    if !cfg!(miri) {
        check("public", &|w| w.public());
        check("portable", &|w| w.portable());
    }
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    for level in crate::simd::levels() {
        check(level.name(), &move |w| w.at(level));
    }
}

/// One length of one input.
#[derive(Clone, Copy)]
enum Which<'a> {
    Utf16FromUtf8(&'a [u8]),
    Utf8FromUtf16(&'a [u8], bool),
    PointsOfUtf16(&'a [u8], bool),
    Utf8FromUtf32(&'a [u8], bool),
    Utf16FromUtf32(&'a [u8], bool),
    Utf8FromLatin1(&'a [u8]),
}

impl Which<'_> {
    fn public(self) -> usize {
        match self {
            Which::Utf16FromUtf8(s) => utf16_len_from_utf8(s),
            Which::Utf8FromUtf16(s, be) => utf8_len_from_utf16_bytes(s, be),
            Which::PointsOfUtf16(s, be) => count_code_points_utf16_bytes(s, be),
            Which::Utf8FromUtf32(s, be) => utf8_len_from_utf32_bytes(s, be),
            Which::Utf16FromUtf32(s, be) => utf16_len_from_utf32_bytes(s, be),
            Which::Utf8FromLatin1(s) => utf8_len_from_latin1(s),
        }
    }

    fn portable(self) -> usize {
        match self {
            Which::Utf16FromUtf8(s) => utf16_len_from_utf8_portable(s),
            Which::Utf8FromUtf16(s, be) => utf8_len_from_utf16_bytes_portable(s, be),
            Which::PointsOfUtf16(s, be) => s.len() / 2 - count_trail_bytes_portable(s, be),
            Which::Utf8FromUtf32(s, be) => utf8_len_from_utf32_bytes_portable(s, be),
            Which::Utf16FromUtf32(s, be) => utf16_len_from_utf32_bytes_portable(s, be),
            Which::Utf8FromLatin1(s) => utf8_len_from_latin1_portable(s),
        }
    }

    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    fn at(self, level: crate::Level) -> usize {
        use crate::simd;
        match self {
            Which::Utf16FromUtf8(s) => simd::utf16_len_from_utf8_at(level, s),
            Which::Utf8FromUtf16(s, be) => simd::utf8_len_from_utf16_bytes_at(level, s, be),
            Which::PointsOfUtf16(s, be) => s.len() / 2 - simd::count_trail_bytes_at(level, s, be),
            Which::Utf8FromUtf32(s, be) => simd::utf8_len_from_utf32_bytes_at(level, s, be),
            Which::Utf16FromUtf32(s, be) => simd::utf16_len_from_utf32_bytes_at(level, s, be),
            Which::Utf8FromLatin1(s) => simd::utf8_len_from_latin1_at(level, s),
        }
    }
}

/// Every length of `text` against std's answers.
fn check_text(text: &str) {
    let units: Vec<u16> = text.encode_utf16().collect();
    let (utf16, points, utf8) = (units.len(), text.chars().count(), text.len());
    assert_eq!(utf8_len_from_utf16(&units), utf8, "{text:?}");
    each_form(|form, len| {
        assert_eq!(len(Which::Utf16FromUtf8(text.as_bytes())), utf16, "{form}: {text:?}");
        for be in [false, true] {
            let utf16_bytes: Vec<u8> =
                units.iter().flat_map(|u| if be { u.to_be_bytes() } else { u.to_le_bytes() }).collect();
            let utf32_bytes: Vec<u8> = text
                .chars()
                .flat_map(|c| if be { u32::from(c).to_be_bytes() } else { u32::from(c).to_le_bytes() })
                .collect();
            assert_eq!(len(Which::Utf8FromUtf16(&utf16_bytes, be)), utf8, "{form} {be}: {text:?}");
            assert_eq!(len(Which::PointsOfUtf16(&utf16_bytes, be)), points, "{form} {be}: {text:?}");
            assert_eq!(len(Which::Utf8FromUtf32(&utf32_bytes, be)), utf8, "{form} {be}: {text:?}");
            assert_eq!(len(Which::Utf16FromUtf32(&utf32_bytes, be)), utf16, "{form} {be}: {text:?}");
        }
    });
}

/// `text` as Latin-1 when every character is below U+0100.
fn latin1(bytes: &[u8]) -> usize {
    bytes.iter().map(|&b| char::from(b)).collect::<String>().len()
}

#[test]
fn lengths_agree_with_std_at_every_length() {
    let slow = cfg!(any(miri, utfx_slow_runner));
    let texts = [(1, &[0, 1, 2, 3][..]), (2, &[0][..]), (3, &[3][..]), (4, &[1, 2][..]), (5, &[0, 0, 0, 3][..])];
    // Under Miri the mixed text and the one-class ones at the extremes.
    for &(seed, classes) in texts.iter().filter(|&&(seed, _)| !cfg!(miri) || seed % 2 == 1) {
        let (bytes, _) = encode(&values(seed, if slow { 40 } else { 300 }, classes));
        let text = core::str::from_utf8(&bytes).unwrap();
        let ends = (0..=text.len()).filter(|&i| text.is_char_boundary(i)).filter(|&i| !slow || i < 80 || i % 31 == 0);
        for end in ends {
            check_text(&text[..end]);
        }
    }
    // Latin-1: every byte, at every length.
    let mut rng = Rng::new(7);
    let bytes: Vec<u8> = (0..if slow { 100 } else { 600 }).map(|_| rng.next() as u8).collect();
    for end in 0..=bytes.len() {
        let piece = &bytes[..end];
        each_form(|form, len| assert_eq!(len(Which::Utf8FromLatin1(piece)), latin1(piece), "{form}: {end}"));
    }
}

#[test]
fn odd_bytes_and_cut_units_are_not_read() {
    each_form(|form, len| {
        assert_eq!(len(Which::Utf8FromUtf16(b"h\x00\xE9", false)), 1, "{form}");
        assert_eq!(len(Which::PointsOfUtf16(b"\x00h\xD8", true)), 1, "{form}");
        assert_eq!(len(Which::Utf8FromUtf32(b"\xE9\x00\x00\x00\x01\x00", false)), 2, "{form}");
        assert_eq!(len(Which::Utf16FromUtf32(b"\x00\x01\x00\x00\x00", true)), 2, "{form}");
    });
}

/// Past 255 vectors' worth of byte lanes and 65,535 of 16-bit lanes (but
/// under Miri): texts of the characters with the heaviest weights.
#[test]
fn long_texts_do_not_overflow_a_lane() {
    let n = if cfg!(miri) {
        200
    } else if cfg!(utfx_slow_runner) {
        600
    } else {
        600_000
    };
    for c in ['\u{10FFFF}', '\u{7F}', '\u{800}'] {
        check_text(&String::from(c).repeat(n));
    }
    let high = alloc::vec![0xFF; 4 * n];
    each_form(|form, len| assert_eq!(len(Which::Utf8FromLatin1(&high)), 8 * n, "{form}"));
}
