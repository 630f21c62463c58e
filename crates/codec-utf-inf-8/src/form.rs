//! The forms of section 3 and their boundaries, shared by the encoder and
//! the decoder.

use codec_core::BigCodePoint;
use codec_core::num_bigint::BigUint;

/// The first code point of the seven-byte form (section 3.3), U+80000000.
pub(crate) const FE_MIN: u64 = 0x8000_0000;

/// The last code point of the seven-byte form, U+FFFFFFFFF.
pub(crate) const FE_MAX: u64 = 0xF_FFFF_FFFF;

/// The first code point of the thirteen-byte form (section 3.4), U+1000000000.
pub(crate) const THIRTEEN_MIN: u128 = 1 << 36;

/// The thirteen-byte form holds 71 bits (5 + 11 × 6).
pub(crate) const THIRTEEN_BITS: u64 = 71;

/// The fewest udigits of the long form (3.5.3: "NUD is greater than or equal
/// to eighteen"); the length field stores NME = NUD - 18.
pub(crate) const LONG_MIN_NUD: usize = 18;

/// The number of hex digits of `n` (1 for zero).
pub(crate) const fn hex_digits(n: u64) -> u64 {
    if n == 0 { 1 } else { (64 - n.leading_zeros() as u64).div_ceil(4) }
}

/// 3.5.7: "the number of USV-storage bytes is ((NUD + 2) / 3) * 2".
pub(crate) const fn storage_len(nud: usize) -> usize {
    nud.div_ceil(3) * 2
}

/// 3.5.7: the zero nybbles before the udigits, to a multiple of three.
pub(crate) const fn pad_nybbles(nud: usize) -> usize {
    (3 - nud % 3) % 3
}

/// A code point from a value that may or may not fit a `u64`.
pub(crate) fn from_u128(value: u128) -> BigCodePoint {
    match u64::try_from(value) {
        Ok(v) => BigCodePoint::from_u64(v),
        Err(_) => BigCodePoint::from(BigUint::from(value)),
    }
}
