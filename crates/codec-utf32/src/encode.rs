//! The encoder: a code point as the one code unit of its own value, in the
//! codec's byte order; WTF-32 writes surrogates too.

use alloc::vec::Vec;

use codec_core::{CodePoint, EncodeStep, ErrorKind};

use crate::Utf32;

// The Unicode Standard, §3.9, D90: "each Unicode scalar value [is assigned]
// to a single unsigned 32-bit code unit with the same numeric value"; a
// surrogate code point is no scalar value (UTF-32: `surrogate`), and
// nothing above U+10FFFF is a code point of Unicode (`out_of_range`).
// WTF-32 writes a surrogate as the code unit of its value, as CPython's
// surrogatepass does; UTF-32 has no pairs, so a lead before a trail is
// two units, read back as the same two code points.
/// Encodes the code point at the front of `input` (never empty).
#[inline]
pub(crate) fn step(codec: &Utf32, input: &[CodePoint], out: &mut Vec<u8>) -> EncodeStep {
    let cp = input[0];
    if cp.to_u32() > 0x10_FFFF {
        return EncodeStep::Invalid(ErrorKind::OutOfRange);
    }
    if cp.is_surrogate() && !codec.lossless {
        return EncodeStep::Invalid(ErrorKind::Surrogate);
    }
    out.extend_from_slice(&codec.unit_bytes(cp.to_u32()));
    EncodeStep::Done(1)
}
