//! Appending bytes to a `String` once the validator has checked them: the
//! one place the kernels make a `str` of bytes without a second check, so
//! that lossy decoding (`codec_utf8::to_str_lossy`) validates and copies
//! its text in one pass of the family validator instead of two.
#![allow(unsafe_code)]

use alloc::string::String;

use crate::validate::{Utf8Tables, valid_prefix};

/// The family validator's tables (decision 0014) for UTF-8 as the standard
/// library's `str` holds it, RFC 3629 §4:
///
/// ```text
/// UTF8-2 = %xC2-DF UTF8-tail
/// UTF8-3 = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) /
///          %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
/// UTF8-4 = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) /
///          %xF4 %x80-8F 2( UTF8-tail )
/// ```
///
/// The second byte of each lead `C0..FF`; every later byte is any
/// continuation byte.
pub(crate) const STR_TABLES: Utf8Tables = {
    let mut second = [None; 64];
    let mut lead = 0xC2;
    while lead <= 0xF4 {
        second[lead - 0xC0] = Some(match lead {
            0xE0 => (0xA0, 0xBF),
            0xED => (0x80, 0x9F),
            0xF0 => (0x90, 0xBF),
            0xF4 => (0x80, 0x8F),
            _ => (0x80, 0xBF),
        });
        lead += 1;
    }
    match Utf8Tables::new(&second) {
        Some(tables) => tables,
        None => panic!("the validator checks RFC 3629's grammar"),
    }
};

/// Appends to `out` the longest prefix of `bytes` that is UTF-8 (what
/// `core::str::from_utf8` accepts) and ends at a character boundary, and
/// returns its length: one pass of the family validator, then a copy.
///
/// # Examples
///
/// ```
/// let mut text = String::from("> ");
/// assert_eq!(utfx_kernels::push_utf8_prefix(&mut text, b"caf\xC3\xA9\xFF!"), 5);
/// assert_eq!(text, "> caf\u{E9}");
/// ```
pub fn push_utf8_prefix(out: &mut String, bytes: &[u8]) -> usize {
    let valid = str_prefix(bytes);
    out.push_str(valid);
    valid.len()
}

/// The longest prefix of `bytes` that is UTF-8 and ends at a character
/// boundary, as a `str`, when this process runs the family validator on
/// 512-bit vectors ([`Level::Avx512`](crate::Level::Avx512)); `None` at
/// every other level.
///
/// At AVX-512 the validator outruns simdutf8, whose widest form is AVX2
/// (`docs/PERFORMANCE.md`'s `valid-prefix` row: 1.55x over the corpus,
/// decision 0035). Below it, simdutf8 is as fast or faster, so a caller
/// that has it (`codec-utf8`) runs it when this returns `None`.
///
/// # Examples
///
/// ```
/// if let Some(text) = utfx_kernels::str_prefix_avx512(b"caf\xC3\xA9\xFF!") {
///     assert_eq!(text, "caf\u{E9}");
/// }
/// ```
#[must_use]
pub fn str_prefix_avx512(bytes: &[u8]) -> Option<&str> {
    (crate::level() == crate::Level::Avx512).then(|| str_prefix(bytes))
}

/// The longest prefix of `bytes` that is UTF-8 and ends at a character
/// boundary, in one pass of the family validator.
fn str_prefix(bytes: &[u8]) -> &str {
    let valid = &bytes[..valid_prefix(bytes, &STR_TABLES)];
    debug_assert!(core::str::from_utf8(valid).is_ok(), "the validator passed bytes that are not UTF-8");
    // SAFETY: the validator with `STR_TABLES` takes a prefix only when it
    // is UTF-8 as `core::str::from_utf8` accepts it (RFC 3629): this
    // module's tests compare the two on every input of up to two bytes,
    // on every three- and four-byte input of each lead and second byte,
    // and on damaged text; `validate.rs`'s check the validator itself at
    // every level against the specifications' rows.
    unsafe { core::str::from_utf8_unchecked(valid) }
}

#[cfg(test)]
mod tests {
    use alloc::string::String;
    use alloc::vec::Vec;

    use super::{push_utf8_prefix, str_prefix_avx512};
    use crate::test_support::Rng;

    /// `push_utf8_prefix` on `bytes` appends and returns what std finds
    /// valid.
    fn check(bytes: &[u8]) {
        let valid = core::str::from_utf8(bytes).map_or_else(|e| e.valid_up_to(), str::len);
        let mut out = String::from("#");
        assert_eq!(push_utf8_prefix(&mut out, bytes), valid, "{bytes:02X?}");
        assert_eq!(out.as_bytes(), [b"#", &bytes[..valid]].concat(), "{bytes:02X?}");
        if let Some(text) = str_prefix_avx512(bytes) {
            assert_eq!(text.as_bytes(), &bytes[..valid], "{bytes:02X?}");
        }
    }

    #[test]
    fn every_short_input_is_taken_as_std_takes_it() {
        let step = if cfg!(miri) { 37 } else { 1 };
        for first in (0..=255u8).step_by(step) {
            check(&[first]);
            for second in (0..=255u8).step_by(step) {
                check(&[first, second]);
                if first >= 0xC0 {
                    for rest in [0x41, 0x80, 0xBF, 0xC2] {
                        check(&[first, second, rest]);
                        check(&[first, second, rest, 0x80]);
                        check(&[first, second, 0x80, rest]);
                    }
                }
            }
        }
    }

    #[test]
    fn damaged_text_is_taken_as_std_takes_it() {
        let mut rng = Rng::new(0x57_2026);
        let mut below = |n: usize| rng.next() as usize % n;
        let text = "ASCII, caf\u{E9}, \u{20AC}\u{FFFD}\u{10FFFF}, \u{1F4A9} and more text. ".repeat(8);
        for _ in 0..if cfg!(miri) { 20 } else { 2000 } {
            let mut bytes: Vec<u8> = text.as_bytes().to_vec();
            for _ in 0..below(3) {
                let at = below(bytes.len());
                bytes[at] = below(256) as u8;
            }
            let from = below(bytes.len());
            check(&bytes[from..]);
        }
    }
}
