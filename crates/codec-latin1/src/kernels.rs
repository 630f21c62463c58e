//! The bulk paths: `utfx-kernels`' Latin-1 conversions to and from UTF-8
//! and UTF-16 (SIMD at every level), encoding_rs's `mem` ASCII copies, and
//! the family's ASCII scan (`utfx_kernels::ascii_prefix`). Each takes the
//! longest prefix it can and writes only what fits, as `FastPaths` asks.

use alloc::vec::Vec;

use codec_core::CodePoint;
use encoding_rs::mem;

/// How many units a block of the UTF-16 and code point scans holds.
const BLOCK: usize = 64;

/// The well-formed prefix of `input`: all of it in ISO-8859-1, the ASCII
/// bytes before the first other one in US-ASCII.
pub(crate) fn valid_prefix(ascii: bool, input: &[u8]) -> usize {
    if ascii { utfx_kernels::ascii_prefix(input) } else { input.len() }
}

/// Decodes a prefix of `input` as code points: `(read, written)`.
pub(crate) fn decode(ascii: bool, input: &[u8], out: &mut Vec<CodePoint>) -> (usize, usize) {
    let n = valid_prefix(ascii, input);
    out.extend(input[..n].iter().map(|&b| CodePoint::new(u32::from(b))));
    (n, n)
}

/// Decodes a prefix of `input` into UTF-16 units: one each.
pub(crate) fn decode_to_utf16(ascii: bool, input: &[u8], out: &mut [u16]) -> (usize, usize) {
    let n = input.len().min(out.len());
    if ascii {
        let n = mem::copy_ascii_to_basic_latin(&input[..n], &mut out[..n]);
        return (n, n);
    }
    utfx_kernels::latin1_to_utf16(&input[..n], &mut out[..n]);
    (n, n)
}

/// Decodes a prefix of `input` into UTF-8: `(read, written, points)`.
pub(crate) fn decode_to_utf8(ascii: bool, input: &[u8], out: &mut [u8]) -> (usize, usize, usize) {
    if ascii {
        let n = input.len().min(out.len());
        let n = mem::copy_ascii_to_ascii(&input[..n], &mut out[..n]);
        return (n, n, n);
    }
    let (read, written) = utfx_kernels::latin1_to_utf8(input, out);
    (read, written, read)
}

/// How many of `values` are at most `max`, a block at a time (the
/// compiler turns a block's test into vector compares).
fn fitting<T: Copy + Into<u32>>(values: &[T], max: u32) -> usize {
    let mut n = 0;
    for block in values.chunks(BLOCK) {
        if block.iter().all(|&v| v.into() <= max) {
            n += block.len();
        } else {
            return n + block.iter().take_while(|&&v| v.into() <= max).count();
        }
    }
    n
}

/// Encodes a prefix of `input` (the code points up to `max`), appending a
/// byte each.
pub(crate) fn encode(max: u8, input: &[CodePoint], out: &mut Vec<u8>) -> (usize, usize) {
    let values = CodePoint::as_u32_slice(input);
    let n = fitting(values, u32::from(max));
    // Every one is at most `max`, which fits a byte.
    out.extend(values[..n].iter().map(|&v| v as u8));
    (n, n)
}

/// Encodes a prefix of UTF-16 units (those up to U+00FF or U+007F) into
/// `out`, a byte each.
pub(crate) fn encode_from_utf16(ascii: bool, input: &[u16], out: &mut [u8]) -> (usize, usize) {
    let n = input.len().min(out.len());
    if ascii {
        let n = mem::copy_basic_latin_to_ascii(&input[..n], &mut out[..n]);
        return (n, n);
    }
    let n = utfx_kernels::utf16_to_latin1(&input[..n], &mut out[..n]);
    (n, n)
}

/// Encodes a prefix of `input` (its characters up to U+00FF or U+007F)
/// into `out`: `(bytes read, bytes written)`.
pub(crate) fn encode_from_str(ascii: bool, input: &str, out: &mut [u8]) -> (usize, usize) {
    if ascii {
        let n = input.len().min(out.len());
        let n = mem::copy_ascii_to_ascii(&input.as_bytes()[..n], &mut out[..n]);
        return (n, n);
    }
    utfx_kernels::utf8_to_latin1(input, out)
}
