//! `BigCodePoint`: an unbounded code point for UTF-∞-8, machine-word fast.

use core::fmt;
use core::str::FromStr;

use alloc::vec::Vec;
use num_bigint::BigUint;

use crate::code_point::{AnyCodePoint, CodePoint, ParseCodePointError, strip_prefix};
use crate::fast::{FastJob, FastPaths};

/// An unbounded code point value, as UTF-∞-8 carries.
///
/// Values that fit a `u64` are stored inline with no allocation; larger ones
/// use a [`BigUint`]. The representation is canonical (a value is `Big` only
/// when it exceeds `u64::MAX`), so equality, ordering and hashing follow the
/// numeric value.
///
/// It prints and parses as `U+` and uppercase hex, at least four digits.
///
/// # Examples
///
/// ```
/// use codec_core::BigCodePoint;
///
/// let huge: BigCodePoint = "U+1000000000000000000".parse().unwrap();
/// assert_eq!(huge.to_string(), "U+1000000000000000000");
/// assert_eq!(huge.bits(), 73);
/// assert!(BigCodePoint::from_u64(0x41) < huge);
/// ```
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BigCodePoint(Repr);

// Variant order matters: every `Small` is below every `Big` (canonical form).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Repr {
    Small(u64),
    Big(BigUint),
}

impl BigCodePoint {
    /// Creates a code point from a machine word.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_core::BigCodePoint::from_u64(0x80000000).to_string(), "U+80000000");
    /// ```
    #[must_use]
    pub const fn from_u64(value: u64) -> Self {
        BigCodePoint(Repr::Small(value))
    }

    /// Returns the value if it fits a `u64`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_core::BigCodePoint::from_u64(7).to_u64(), Some(7));
    /// ```
    #[must_use]
    pub fn to_u64(&self) -> Option<u64> {
        match &self.0 {
            Repr::Small(v) => Some(*v),
            Repr::Big(_) => None,
        }
    }

    /// Returns the value as an arbitrary-precision integer.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::{BigCodePoint, num_bigint::BigUint};
    /// assert_eq!(BigCodePoint::from_u64(5).to_biguint(), BigUint::from(5u8));
    /// ```
    #[must_use]
    pub fn to_biguint(&self) -> BigUint {
        match &self.0 {
            Repr::Small(v) => BigUint::from(*v),
            Repr::Big(b) => b.clone(),
        }
    }

    /// Returns the number of significant bits (0 for `U+0000`).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_core::BigCodePoint::from_u64(0x10FFFF).bits(), 21);
    /// ```
    #[must_use]
    pub fn bits(&self) -> u64 {
        match &self.0 {
            Repr::Small(v) => u64::from(64 - v.leading_zeros()),
            Repr::Big(b) => b.bits(),
        }
    }
}

impl From<CodePoint> for BigCodePoint {
    fn from(cp: CodePoint) -> Self {
        BigCodePoint::from_u64(u64::from(cp.to_u32()))
    }
}

impl From<u64> for BigCodePoint {
    fn from(v: u64) -> Self {
        BigCodePoint::from_u64(v)
    }
}

/// A 128-bit value as a code point (inline when it fits a `u64`).
///
/// # Examples
///
/// ```
/// use codec_core::BigCodePoint;
/// let cp = BigCodePoint::from(1u128 << 100);
/// assert_eq!(cp.bits(), 101);
/// assert_eq!(u128::try_from(&cp), Ok(1u128 << 100));
/// assert_eq!(BigCodePoint::from(0x41u128), BigCodePoint::from_u64(0x41));
/// ```
impl From<u128> for BigCodePoint {
    fn from(v: u128) -> Self {
        match u64::try_from(v) {
            Ok(small) => BigCodePoint(Repr::Small(small)),
            Err(_) => BigCodePoint(Repr::Big(BigUint::from(v))),
        }
    }
}

/// The value as a `u128`, or an error when it needs more than 128 bits.
///
/// # Examples
///
/// ```
/// use codec_core::{BigCodePoint, num_bigint::BigUint};
/// assert_eq!(u128::try_from(&BigCodePoint::from_u64(7)), Ok(7));
/// assert!(u128::try_from(&BigCodePoint::from(BigUint::from(1u8) << 128u32)).is_err());
/// ```
impl TryFrom<&BigCodePoint> for u128 {
    type Error = num_bigint::TryFromBigIntError<()>;

    fn try_from(cp: &BigCodePoint) -> Result<Self, Self::Error> {
        match &cp.0 {
            Repr::Small(v) => Ok(u128::from(*v)),
            Repr::Big(b) => u128::try_from(b),
        }
    }
}

/// An arbitrary-precision integer as a code point.
///
/// # Examples
///
/// ```
/// use codec_core::{BigCodePoint, num_bigint::BigUint};
/// let cp = BigCodePoint::from(BigUint::from(1u8) << 100u32);
/// assert_eq!(cp.bits(), 101);
/// assert_eq!(BigCodePoint::from(BigUint::from(7u8)), BigCodePoint::from_u64(7));
/// ```
impl From<BigUint> for BigCodePoint {
    fn from(value: BigUint) -> Self {
        match u64::try_from(&value) {
            Ok(small) => BigCodePoint(Repr::Small(small)),
            Err(_) => BigCodePoint(Repr::Big(value)),
        }
    }
}

/// The value's hex digits, uppercase, with no prefix and no leading zeros
/// (`0` for zero).
///
/// # Examples
///
/// ```
/// assert_eq!(format!("{:X}", codec_core::BigCodePoint::from_u64(0xABC)), "ABC");
/// ```
impl fmt::UpperHex for BigCodePoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small(v) => fmt::UpperHex::fmt(v, f),
            Repr::Big(b) => fmt::UpperHex::fmt(b, f),
        }
    }
}

impl fmt::Display for BigCodePoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small(v) => write!(f, "U+{v:04X}"),
            Repr::Big(b) => write!(f, "U+{b:X}"),
        }
    }
}

impl fmt::Debug for BigCodePoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for BigCodePoint {
    type Err = ParseCodePointError;

    /// Parses `U+...`, `0x...` or bare hex of any length, any case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let digits = strip_prefix(s)?;
        let trimmed = digits.trim_start_matches('0');
        if trimmed.len() <= 16 {
            let v = if trimmed.is_empty() {
                0
            } else {
                u64::from_str_radix(trimmed, 16).map_err(|_| ParseCodePointError::InvalidDigit)?
            };
            return Ok(BigCodePoint::from_u64(v));
        }
        BigUint::parse_bytes(trimmed.as_bytes(), 16).map(BigCodePoint::from).ok_or(ParseCodePointError::InvalidDigit)
    }
}

impl AnyCodePoint for BigCodePoint {
    fn to_code_point(&self) -> Option<CodePoint> {
        self.to_u64().and_then(|v| u32::try_from(v).ok()).map(CodePoint::new)
    }

    fn write_decimal(&self, w: &mut dyn fmt::Write) -> fmt::Result {
        match &self.0 {
            Repr::Small(v) => write!(w, "{v}"),
            Repr::Big(b) => write!(w, "{b}"),
        }
    }
}

/// How many bytes, and code points, a code point fast path gets at a time
/// through a buffer of [`CodePoint`]s, widened or narrowed.
const WINDOW: usize = 4096;

/// The fast paths speak [`CodePoint`]: code points are decoded into a
/// bounded buffer and widened, and encoded from a bounded buffer of those
/// that fit a `u32`.
impl crate::code_point::sealed::Sealed for BigCodePoint {
    fn decode_fast(paths: &dyn FastPaths, input: &[u8], out: &mut Vec<Self>) -> usize {
        let input = &input[..input.len().min(WINDOW)];
        let mut narrow = Vec::with_capacity(input.len());
        let read = paths.run(FastJob::Decode(input, &mut narrow)).read;
        out.extend(narrow.into_iter().map(BigCodePoint::from));
        read
    }

    fn encode_fast(paths: &dyn FastPaths, input: &[Self], out: &mut Vec<u8>) -> usize {
        let mut read = 0;
        let mut narrow = Vec::new();
        loop {
            narrow.clear();
            narrow.extend(input[read..].iter().take(WINDOW).map_while(AnyCodePoint::to_code_point));
            let n = paths.run(FastJob::Encode(&narrow, out)).read;
            read += n;
            if n == 0 || n < WINDOW {
                return read;
            }
        }
    }
}
