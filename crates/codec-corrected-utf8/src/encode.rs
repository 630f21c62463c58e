//! Encoding one code point: the inverse of the spec's table, with the C1
//! controls and the surrogates skipped and nothing above U+8421109F.

use alloc::vec::Vec;

use codec_core::{CodePoint, EncodeStep, ErrorKind};

use crate::C1;

/// The first code point of each sequence length after the first, with the
/// offset subtracted before the bits are laid out (the spec's table; the
/// three-byte range is two rows).
const ROWS: [(u32, u32, usize); 6] = [
    (0x0000_00A0, 160, 2),
    (0x0000_08A0, 2208, 3),
    (0x0000_E000, 4256, 3),
    (0x0001_10A0, 69_792, 4),
    (0x0021_10A0, 2_166_944, 5),
    (0x0421_10A0, 69_275_808, 6),
];

/// The highest code point Corrected UTF-8 encodes: `FD BF BF BF BF BF`.
pub(crate) const MAX: u32 = 0x8421_109F;

/// Returns the encoding of `v` (in the first `len` bytes of the array), or
/// why it has none.
#[inline]
pub(crate) fn bytes(v: u32) -> Result<([u8; 6], usize), ErrorKind> {
    let mut buf = [0u8; 6];
    if v < 0x80 {
        buf[0] = v as u8;
        return Ok((buf, 1));
    }
    if v < 0xA0 || (0xD800..=0xDFFF).contains(&v) {
        return Err(ErrorKind::Unrepresentable);
    }
    if v > MAX {
        return Err(ErrorKind::OutOfRange);
    }
    let &(_, offset, len) = ROWS.iter().rev().find(|&&(first, _, _)| v >= first).unwrap_or(&ROWS[0]);
    let raw = v - offset;
    // The lead byte: `len` one bits, a zero, then the top bits of `raw`;
    // then six bits per continuation byte.
    buf[0] = !(0xFFu8 >> len) | (raw >> (6 * (len - 1))) as u8;
    for (k, byte) in buf[1..len].iter_mut().enumerate() {
        *byte = 0x80 | ((raw >> (6 * (len - 2 - k))) & 0x3F) as u8;
    }
    Ok((buf, len))
}

/// Appends the encoding of `v`, or returns why it has none.
#[inline]
pub(crate) fn push(v: u32, out: &mut Vec<u8>) -> Result<(), ErrorKind> {
    let (buf, len) = bytes(v)?;
    out.extend_from_slice(&buf[..len]);
    Ok(())
}

/// Encodes the code point at the front of `input` (never empty).
pub(crate) fn step(input: &[CodePoint], out: &mut Vec<u8>, c1: C1) -> EncodeStep {
    match c1.encoded(input[0].to_u32()).and_then(|v| push(v, out)) {
        Ok(()) => EncodeStep::Done(1),
        Err(kind) => EncodeStep::Invalid(kind),
    }
}
