//! The encoder: the WHATWG utf-16 encoder, and the WTF-16 variant that
//! writes lone surrogates as themselves and reports a surrogate code point
//! pair.

use alloc::vec::Vec;

use codec_core::{CodePoint, EncodeStep, ErrorKind};

use crate::Utf16;

// The Encoding Standard, §14.2, the utf-16 encoder:
//
//   2. If code point is in the range 0xD800 to 0xDFFF, run error for code point.
//   5. If code point is in the range 0x00 to 0xFFFF, emit the sequence
//      resulting of converting code point to bytes.
//   6. Let lead be (code point − 0x10000) / 0x400 + 0xD800, converted to bytes.
//   7. Let trail be (code point − 0x10000) % 0x400 + 0xDC00, converted to bytes.
//   8. Emit a sequence of bytes that consists of lead followed by trail.
//
// WTF-16 follows the WTF-8 specification's encoding to potentially
// ill-formed UTF-16 instead: a surrogate is written as itself, except that a
// lead surrogate followed by a trail surrogate (a surrogate code point pair,
// which would read back as one supplementary code point) is the error the
// specification leaves to the implementation: `surrogate_pair`, at the lead.
/// Encodes the code point at the front of `input` (never empty).
pub(crate) fn step(codec: &Utf16, input: &[CodePoint], last: bool, out: &mut Vec<u8>) -> EncodeStep {
    let cp = input[0];
    if cp.to_u32() > 0x10_FFFF {
        return EncodeStep::Invalid(ErrorKind::OutOfRange);
    }
    if cp.is_surrogate() {
        if !codec.lossless {
            return EncodeStep::Invalid(ErrorKind::Surrogate);
        }
        if cp.is_lead_surrogate() {
            match input.get(1) {
                Some(next) if next.is_trail_surrogate() => return EncodeStep::Invalid(ErrorKind::SurrogatePair),
                None if !last => return EncodeStep::Incomplete,
                _ => {}
            }
        }
    }
    codec.push(cp, out);
    EncodeStep::Done(1)
}

/// The fast path: encodes the leading run of Unicode scalar values (which
/// both variants encode alike) and returns how many it took.
pub(crate) fn prefix(codec: &Utf16, input: &[CodePoint], out: &mut Vec<u8>) -> usize {
    let mut buf = [0u16; 2];
    let mut n = 0;
    for c in input.iter().map_while(|cp| cp.to_char()) {
        for &unit in c.encode_utf16(&mut buf).iter() {
            out.extend_from_slice(&codec.unit_bytes(unit));
        }
        n += 1;
    }
    n
}
