//! The bulk kernels of the UTF-8 family: well-formed UTF-8 (which every
//! grammar of the family accepts and decodes alike) to and from the core's
//! pivot forms, a buffer at a time. UTF-8, generalized UTF-8, RFC 2279 and
//! WTF-8 use them for the jobs [`codec_core::FastJob::DecodeToUtf16`],
//! [`codec_core::FastJob::DecodeToUtf8`],
//! [`codec_core::FastJob::EncodeFromUtf16`] and
//! [`codec_core::FastJob::EncodeFromStr`]; each stops where a
//! grammar's own rules must decide (anything but strict UTF-8), and the
//! step-by-step automaton takes over there.

use crate::automaton::valid_prefix;

/// Decodes the strict-UTF-8 prefix of `input` into UTF-16 units in `out`:
/// (bytes read, units written). UTF-8 never takes more units than bytes, so
/// it validates only as many bytes as `out` has units.
///
/// # Examples
///
/// ```
/// let mut units = [0u16; 8];
/// assert_eq!(codec_utf8::kernels::decode_to_utf16(b"h\xC3\xA9\xFF", &mut units), (3, 2));
/// assert_eq!(units[..2], [0x68, 0xE9]);
/// ```
#[must_use]
pub fn decode_to_utf16(input: &[u8], out: &mut [u16]) -> (usize, usize) {
    if utfx_kernels::simd_enabled() {
        // One pass that checks each block with RFC 3629's tables as it
        // converts it; the same prefix as `valid_prefix` finds.
        return utfx_kernels::checked_utf8_to_utf16(input, out, &crate::automaton::UTF8_TABLES);
    }
    let valid = valid_prefix(&input[..input.len().min(out.len())]);
    utfx_kernels::valid_utf8_to_utf16(&input[..valid], out)
}

/// Copies the strict-UTF-8 prefix of `input` to `out`, as much as fits:
/// (bytes read, bytes written), the two equal.
///
/// # Examples
///
/// ```
/// let mut bytes = [0u8; 8];
/// assert_eq!(codec_utf8::kernels::decode_to_utf8(b"h\xC3\xA9\xED\xA0\x80", &mut bytes), (3, 3));
/// ```
#[must_use]
pub fn decode_to_utf8(input: &[u8], out: &mut [u8]) -> (usize, usize) {
    let valid = valid_prefix(&input[..input.len().min(out.len())]);
    out[..valid].copy_from_slice(&input[..valid]);
    (valid, valid)
}

/// Encodes the well-formed UTF-16 prefix of `input` as UTF-8 into `out`:
/// (units read, bytes written).
///
/// # Examples
///
/// ```
/// let mut bytes = [0u8; 8];
/// assert_eq!(codec_utf8::kernels::encode_from_utf16(&[0x68, 0xE9, 0xDC00], &mut bytes), (2, 3));
/// ```
#[must_use]
pub fn encode_from_utf16(input: &[u16], out: &mut [u8]) -> (usize, usize) {
    utfx_kernels::utf16_to_utf8(input, out)
}

/// Copies as much of `input` as fits in `out`, whole characters only:
/// (bytes read, bytes written), the two equal.
///
/// # Examples
///
/// ```
/// let mut bytes = [0u8; 2];
/// assert_eq!(codec_utf8::kernels::encode_from_str("a\u{E9}", &mut bytes), (1, 1));
/// ```
#[must_use]
pub fn encode_from_str(input: &str, out: &mut [u8]) -> (usize, usize) {
    let mut n = input.len().min(out.len());
    while !input.is_char_boundary(n) {
        n -= 1;
    }
    out[..n].copy_from_slice(&input.as_bytes()[..n]);
    (n, n)
}
