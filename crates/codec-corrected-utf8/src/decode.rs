//! Decoding one sequence: the spec's table of lengths and offsets, and the
//! reserved `FE`/`FF` sequences with their length cap.

use codec_core::{CodePoint, ErrorKind, Step};

use crate::C1;

/// The longest reserved sequence accepted, lead byte included: 64 KiB. A
/// longer run is a [`ErrorKind::LengthOverLimit`] subpart of this many bytes
/// (decision 0009), so a decoder never holds back more than this.
///
/// # Examples
///
/// ```
/// use codec_corrected_utf8::{Decode, ErrorKind, CORRECTED_UTF_8, MAX_RESERVED_LEN};
/// let mut long = vec![0xFE];
/// long.resize(MAX_RESERVED_LEN + 1, 0x80);
/// let err = CORRECTED_UTF_8.validate(&long).unwrap_err();
/// assert_eq!((err.error_len(), err.kind()), (Some(MAX_RESERVED_LEN), ErrorKind::LengthOverLimit));
/// ```
pub const MAX_RESERVED_LEN: usize = 64 * 1024;

/// Returns true for a continuation byte, `10xxxxxx`.
#[inline]
pub(crate) fn is_continuation(b: u8) -> bool {
    b & 0xC0 == 0x80
}

/// The sequence length a lead byte announces (1 to 6), 0 for a continuation
/// byte and for `FE`/`FF`.
#[inline]
pub(crate) fn sequence_len(lead: u8) -> usize {
    match lead {
        0x00..=0x7F => 1,
        0x80..=0xBF | 0xFE | 0xFF => 0,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        0xF8..=0xFB => 5,
        0xFC..=0xFD => 6,
    }
}

/// The code point of a complete sequence of `len` bytes whose bit pattern
/// holds `raw`: the spec's "Putting it all together" table.
///
/// ```text
/// Byte Sequence Range                     | Offset     | Codepoint Range
/// 00 … 7F                                 | 0          | 0000 0000 … 0000 007F
/// C0 80 … DF BF                           | 160        | 0000 00A0 … 0000 089F
/// E0 80 80 … EC BD 9F                     | 2 208      | 0000 08A0 … 0000 D7FF
/// EC BD A0 … EF BF BF                     | 4 256      | 0000 E000 … 0001 109F
/// F0 80 80 80 … F7 BF BF BF               | 69 792     | 0001 10A0 … 0021 109F
/// F8 80 80 80 80 … FB BF BF BF BF         | 2 166 944  | 0021 10A0 … 0421 109F
/// FC 80 80 80 80 80 … FD BF BF BF BF BF   | 69 275 808 | 0421 10A0 … 8421 109F
/// ```
#[inline]
pub(crate) fn offset_value(len: usize, raw: u32) -> u32 {
    match len {
        1 => raw,
        2 => raw + 160,
        // The three-byte range has two offsets: the split falls inside lead
        // byte EC, between EC BD 9F (U+D7FF) and EC BD A0 (U+E000).
        3 if raw + 2208 <= 0xD7FF => raw + 2208,
        3 => raw + 4256,
        4 => raw + 69_792,
        5 => raw + 2_166_944,
        _ => raw + 69_275_808,
    }
}

/// Decodes the sequence at the front of `input` (never empty).
pub(crate) fn step(input: &[u8], last: bool, c1: C1) -> Step<CodePoint> {
    let lead = input[0];
    let len = sequence_len(lead);
    match len {
        1 => Step::Point { point: CodePoint::from(lead), len: 1 },
        0 if is_continuation(lead) => Step::Invalid { kind: ErrorKind::UnexpectedContinuation, len: 1 },
        0 => reserved(input, last),
        _ => {
            // Every continuation byte is allowed after every lead: there are
            // no overlong forms and no ranges to exclude.
            let mut raw = u32::from(lead) & (0x7F >> len);
            for k in 1..len {
                match input.get(k) {
                    None => return Step::Incomplete,
                    Some(&b) if is_continuation(b) => raw = (raw << 6) | u32::from(b & 0x3F),
                    Some(_) => return Step::Invalid { kind: ErrorKind::MissingContinuation, len: k },
                }
            }
            Step::Point { point: CodePoint::new(c1.decoded(offset_value(len, raw))), len }
        }
    }
}

/// A reserved sequence: `FE` or `FF` and the continuation bytes after it, up
/// to the next byte that is not a continuation byte (a recognized lead
/// byte, an ASCII byte, or another `FE`/`FF`) or the end of input, at most
/// [`MAX_RESERVED_LEN`] bytes.
fn reserved(input: &[u8], last: bool) -> Step<CodePoint> {
    let window = &input[..input.len().min(MAX_RESERVED_LEN + 1)];
    match window[1..].iter().position(|&b| !is_continuation(b)) {
        Some(k) => Step::Reserved { len: k + 1 },
        None if window.len() > MAX_RESERVED_LEN => {
            Step::Invalid { kind: ErrorKind::LengthOverLimit, len: MAX_RESERVED_LEN }
        }
        None if last => Step::Reserved { len: window.len() },
        None => Step::Incomplete,
    }
}
