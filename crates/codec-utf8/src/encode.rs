//! The encoder: the bit distribution of RFC 2279 §2, which RFC 3629 and
//! generalized UTF-8 cut down to four bytes.

use alloc::vec::Vec;

use codec_core::{CodePoint, EncodeStep, ErrorKind};

use crate::Variant;

// RFC 2279 §2 (RFC 3629 keeps the first four rows):
//
//   UCS-4 range (hex.)     UTF-8 octet sequence (binary)
//   0000 0000-0000 007F   0xxxxxxx
//   0000 0080-0000 07FF   110xxxxx 10xxxxxx
//   0000 0800-0000 FFFF   1110xxxx 10xxxxxx 10xxxxxx
//   0001 0000-001F FFFF   11110xxx 10xxxxxx 10xxxxxx 10xxxxxx
//   0020 0000-03FF FFFF   111110xx 10xxxxxx 10xxxxxx 10xxxxxx 10xxxxxx
//   0400 0000-7FFF FFFF   1111110x 10xxxxxx ... 10xxxxxx
/// Appends the shortest encoding of `cp` (at most U+7FFFFFFF).
pub(crate) fn push(cp: CodePoint, out: &mut Vec<u8>) {
    let v = cp.to_u32();
    let len = match v {
        0..=0x7F => {
            out.push(v as u8);
            return;
        }
        0x80..=0x7FF => 2,
        0x800..=0xFFFF => 3,
        0x1_0000..=0x1F_FFFF => 4,
        0x20_0000..=0x3FF_FFFF => 5,
        _ => 6,
    };
    let lead_mark = !(0xFFu8 >> len);
    out.push(lead_mark | (v >> (6 * (len - 1))) as u8);
    for i in (0..len - 1).rev() {
        out.push(0x80 | ((v >> (6 * i)) & 0x3F) as u8);
    }
}

/// Encodes the code point at the front of `input`.
pub(crate) fn step(variant: Variant, input: &[CodePoint], out: &mut Vec<u8>) -> EncodeStep {
    let cp = input[0];
    if cp.to_u32() > variant.max() {
        return EncodeStep::Unencodable(ErrorKind::OutOfRange);
    }
    if variant == Variant::Utf8 && cp.is_surrogate() {
        return EncodeStep::Unencodable(ErrorKind::Surrogate);
    }
    push(cp, out);
    EncodeStep::Done(1)
}

/// Encodes the leading run of Unicode scalar values, which every variant
/// encodes alike, with the standard library's encoder.
pub(crate) fn prefix(input: &[CodePoint], out: &mut Vec<u8>) -> usize {
    let mut buf = [0u8; 4];
    let mut n = 0;
    for c in input.iter().map_while(|cp| cp.to_char()) {
        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        n += 1;
    }
    n
}
