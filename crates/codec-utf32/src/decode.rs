//! The decoder: one code unit of four bytes at a time, the UTF-32 encoding
//! form's rule applied to its value, and WTF-32's variant that keeps
//! surrogates.

use codec_core::{CodePoint, ErrorKind, Step};

use crate::Utf32;

// The Unicode Standard, §3.9, D90:
//
//   UTF-32 encoding form: The Unicode encoding form that assigns each
//   Unicode scalar value to a single unsigned 32-bit code unit with the same
//   numeric value as the Unicode scalar value.
//   ...
//   Because surrogate code points are not included in the set of Unicode
//   scalar values, UTF-32 code units in the range 0000D800..0000DFFF are
//   ill-formed.
//   Any UTF-32 code unit greater than 0010FFFF is ill-formed.
//
// And §3.10 serializes each code unit as four bytes in the scheme's order.
//
// As steps: four bytes are one code unit, a code point or a four-byte
// ill-formed subpart (replace mode: one U+FFFD per unit, as CPython and ICU
// write); fewer than four at the end are a truncated unit (one U+FFFD,
// whatever the bytes: a unit's value is not known until it is whole, and
// CPython, ICU and iconv all report "truncated" there). WTF-32 reads a
// surrogate code unit as that surrogate, as CPython's surrogatepass does.
/// Decodes one code unit from the front of `input` (never empty).
#[inline]
pub(crate) fn step(codec: &Utf32, input: &[u8]) -> Step<CodePoint> {
    let Some(unit) = codec.unit(input, 0) else { return Step::Incomplete };
    let point = CodePoint::new(unit);
    if unit > 0x10_FFFF {
        Step::Invalid { kind: ErrorKind::OutOfRange, len: 4 }
    } else if point.is_surrogate() && !codec.lossless {
        Step::Invalid { kind: ErrorKind::Surrogate, len: 4 }
    } else {
        Step::Point { point, len: 4 }
    }
}
