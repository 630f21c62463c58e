//! The `u32`-wide code point type shared by every codec, and the trait that lets
//! the generic drivers work over it and over `BigCodePoint` alike.

use core::fmt;
use core::hash::Hash;
use core::str::FromStr;

use bytemuck::TransparentWrapper;
use bytemuck::allocation::TransparentWrapperAlloc;

/// A code point value as wide as a `u32`: every value any codec in this project
/// can carry except UTF-∞-8's beyond `U+FFFFFFFF`.
///
/// Unlike [`char`] it holds surrogates (`U+D800..=U+DFFF`) and values above
/// `U+10FFFF` (RFC 2279 UTF-8 reaches `U+7FFFFFFF`, Corrected UTF-8
/// `U+8421109F`). Each codec checks its own domain; this type accepts every
/// `u32` (see `docs/decisions/0001-code-point-domain.md`).
///
/// It prints and parses as `U+` and uppercase hex, at least four digits.
///
/// # Examples
///
/// ```
/// use codec_core::CodePoint;
///
/// let cp = CodePoint::from('é');
/// assert_eq!(cp.to_string(), "U+00E9");
/// assert_eq!("u+e9".parse::<CodePoint>(), Ok(cp));
/// assert!(CodePoint::new(0xD800).is_lead_surrogate());
/// assert_eq!(CodePoint::new(0xD800).to_char(), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, TransparentWrapper)]
#[repr(transparent)]
pub struct CodePoint(u32);

impl CodePoint {
    /// `U+0000`.
    pub const NUL: CodePoint = CodePoint(0);
    /// `U+FFFD REPLACEMENT CHARACTER`, what replace mode emits.
    pub const REPLACEMENT: CodePoint = CodePoint(0xFFFD);
    /// Creates a code point from any `u32` value.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_core::CodePoint::new(0x41).to_u32(), 0x41);
    /// ```
    #[must_use]
    #[inline]
    pub const fn new(value: u32) -> Self {
        CodePoint(value)
    }

    /// Returns the value as a `u32`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_core::CodePoint::from('A').to_u32(), 0x41);
    /// ```
    #[must_use]
    #[inline]
    pub const fn to_u32(self) -> u32 {
        self.0
    }

    /// Returns the `char` with this value, or `None` for a surrogate or a value
    /// above `U+10FFFF`.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::CodePoint;
    /// assert_eq!(CodePoint::new(0x41).to_char(), Some('A'));
    /// assert_eq!(CodePoint::new(0xDC00).to_char(), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn to_char(self) -> Option<char> {
        char::from_u32(self.0)
    }

    /// Returns true for surrogate code points, `U+D800..=U+DFFF`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(codec_core::CodePoint::new(0xDFFF).is_surrogate());
    /// ```
    #[must_use]
    #[inline]
    pub const fn is_surrogate(self) -> bool {
        matches!(self.0, 0xD800..=0xDFFF)
    }

    /// Returns true for lead (high) surrogates, `U+D800..=U+DBFF`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(codec_core::CodePoint::new(0xDBFF).is_lead_surrogate());
    /// ```
    #[must_use]
    #[inline]
    pub const fn is_lead_surrogate(self) -> bool {
        matches!(self.0, 0xD800..=0xDBFF)
    }

    /// Returns true for trail (low) surrogates, `U+DC00..=U+DFFF`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(codec_core::CodePoint::new(0xDC00).is_trail_surrogate());
    /// ```
    #[must_use]
    #[inline]
    pub const fn is_trail_surrogate(self) -> bool {
        matches!(self.0, 0xDC00..=0xDFFF)
    }

    /// Returns true for the 66 noncharacters: `U+FDD0..=U+FDEF` and the last
    /// two code points of each plane.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(codec_core::CodePoint::new(0x10FFFE).is_noncharacter());
    /// ```
    #[must_use]
    #[inline]
    pub const fn is_noncharacter(self) -> bool {
        self.0 <= 0x10_FFFF && (matches!(self.0, 0xFDD0..=0xFDEF) || self.0 & 0xFFFE == 0xFFFE)
    }

    /// Combines a lead and a trail surrogate into the supplementary code point
    /// they stand for in UTF-16, or `None` if they are not such a pair.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::CodePoint;
    /// let pair = CodePoint::from_surrogates(CodePoint::new(0xD83D), CodePoint::new(0xDCA9));
    /// assert_eq!(pair, Some(CodePoint::new(0x1F4A9)));
    /// ```
    #[must_use]
    #[inline]
    pub const fn from_surrogates(lead: CodePoint, trail: CodePoint) -> Option<CodePoint> {
        if lead.is_lead_surrogate() && trail.is_trail_surrogate() {
            Some(CodePoint(utfx_kernels::join_surrogates(lead.0 as u16, trail.0 as u16)))
        } else {
            None
        }
    }

    /// Splits a supplementary code point into its UTF-16 lead and trail
    /// surrogates, or returns `None` for any other value.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::CodePoint;
    /// let (lead, trail) = CodePoint::new(0x10000).to_surrogates().unwrap();
    /// assert_eq!((lead.to_u32(), trail.to_u32()), (0xD800, 0xDC00));
    /// ```
    #[must_use]
    #[inline]
    pub const fn to_surrogates(self) -> Option<(CodePoint, CodePoint)> {
        if matches!(self.0, 0x1_0000..=0x10_FFFF) {
            let [lead, trail] = utfx_kernels::split_surrogates(self.0);
            Some((CodePoint(lead as u32), CodePoint(trail as u32)))
        } else {
            None
        }
    }
}

// The WTF-8 specification, §4.3 "Decoding" from potentially ill-formed
// UTF-16 (the conversion of `codec_utf16::units`, and of every UTF-16
// input of the core's encoders):
//
//   For every 16-bit code unit U of the input:
//     If U is a lead surrogate 16-bit code unit, U is not the last 16-bit code
//     unit of the input, and the next 16-bit code unit of the input next is a
//     trail surrogate 16-bit code unit, then consume next and append a code
//     point of value 0x10000 + ((U - 0xD800) << 10) + (next - 0xDC00).
//     Otherwise, append a code point of value U.
impl CodePoint {
    /// Decodes potentially ill-formed UTF-16 into code points, lazily: a
    /// lead surrogate followed by a trail surrogate is one supplementary
    /// code point ([`from_surrogates`](CodePoint::from_surrogates)), any
    /// other unit the code point of its value, a lone surrogate included.
    /// It never fails: `char::decode_utf16` without the errors.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::CodePoint;
    /// let points: Vec<u32> = CodePoint::decode_utf16([0x61, 0xD83D, 0xDCA9, 0xDCA9]).map(CodePoint::to_u32).collect();
    /// assert_eq!(points, [0x61, 0x1F4A9, 0xDCA9]);
    /// ```
    pub fn decode_utf16<I: IntoIterator<Item = u16>>(units: I) -> impl Iterator<Item = CodePoint> {
        let mut units = units.into_iter().peekable();
        let unit = |u: u16| CodePoint(u32::from(u));
        core::iter::from_fn(move || {
            let first = unit(units.next()?);
            let pair = units.peek().and_then(|&next| CodePoint::from_surrogates(first, unit(next)));
            if pair.is_some() {
                units.next();
            }
            Some(pair.unwrap_or(first))
        })
    }
}

/// Code points in bulk as their `u32` values, without a copy, for the
/// kernels of `utfx-kernels`, which read and write plain `u32`s (decision
/// 0016): `CodePoint` is `#[repr(transparent)]` over `u32` and takes every
/// `u32`, so bytemuck's `TransparentWrapper` casts the two views safely.
impl CodePoint {
    /// Views code points as their `u32` values.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::CodePoint;
    /// let points = [CodePoint::new(0x68), CodePoint::new(0xE9)];
    /// assert_eq!(CodePoint::as_u32_slice(&points), [0x68, 0xE9]);
    /// ```
    #[must_use]
    #[inline]
    pub fn as_u32_slice(points: &[CodePoint]) -> &[u32] {
        <CodePoint as TransparentWrapper<u32>>::peel_slice(points)
    }

    /// Runs `f` on `points` as a `Vec<u32>` (the same allocation, length
    /// and capacity), and returns what it returns: every `u32` that `f`
    /// leaves in it is a code point. Should `f` panic, `points` is left
    /// empty.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::CodePoint;
    /// let mut points = vec![CodePoint::new(0x68)];
    /// let len = CodePoint::with_u32_vec(&mut points, |values| {
    ///     values.push(0xE9);
    ///     values.len()
    /// });
    /// assert_eq!((len, points), (2, [CodePoint::new(0x68), CodePoint::new(0xE9)].to_vec()));
    /// ```
    #[inline]
    pub fn with_u32_vec<R>(
        points: &mut alloc::vec::Vec<CodePoint>,
        f: impl FnOnce(&mut alloc::vec::Vec<u32>) -> R,
    ) -> R {
        let mut values = <CodePoint as TransparentWrapperAlloc<u32>>::peel_vec(core::mem::take(points));
        let result = f(&mut values);
        *points = <CodePoint as TransparentWrapperAlloc<u32>>::wrap_vec(values);
        result
    }
}

impl From<char> for CodePoint {
    #[inline]
    fn from(c: char) -> Self {
        CodePoint(c as u32)
    }
}

impl From<u8> for CodePoint {
    #[inline]
    fn from(b: u8) -> Self {
        CodePoint(u32::from(b))
    }
}

impl From<CodePoint> for u32 {
    #[inline]
    fn from(cp: CodePoint) -> u32 {
        cp.0
    }
}

impl fmt::Display for CodePoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "U+{:04X}", self.0)
    }
}

impl fmt::Debug for CodePoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a code point could not be parsed from text.
///
/// # Examples
///
/// ```
/// use codec_core::{CodePoint, ParseCodePointError};
/// assert_eq!("U+".parse::<CodePoint>(), Err(ParseCodePointError::Empty));
/// assert_eq!("U+12G".parse::<CodePoint>(), Err(ParseCodePointError::InvalidDigit));
/// assert_eq!("U+100000000".parse::<CodePoint>(), Err(ParseCodePointError::TooLarge));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseCodePointError {
    /// No hex digits after the optional prefix.
    #[error("no hex digits in code point")]
    Empty,
    /// A character that is not a hex digit.
    #[error("invalid hex digit in code point")]
    InvalidDigit,
    /// The value does not fit the type.
    #[error("code point too large")]
    TooLarge,
}

/// Strips an optional `U+` or `0x` prefix (any case) and returns the hex digits.
pub(crate) fn strip_prefix(s: &str) -> Result<&str, ParseCodePointError> {
    let b = s.as_bytes();
    let digits = if b.len() >= 2 && (b[..2].eq_ignore_ascii_case(b"u+") || b[..2].eq_ignore_ascii_case(b"0x")) {
        &s[2..]
    } else {
        s
    };
    if digits.is_empty() {
        return Err(ParseCodePointError::Empty);
    }
    if !digits.bytes().all(|d| d.is_ascii_hexdigit()) {
        return Err(ParseCodePointError::InvalidDigit);
    }
    Ok(digits)
}

impl FromStr for CodePoint {
    type Err = ParseCodePointError;

    /// Parses `U+0041`, `u+41`, `0x41` or `41` (hex, any case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let digits = strip_prefix(s)?;
        let trimmed = digits.trim_start_matches('0');
        if trimmed.len() > 8 {
            return Err(ParseCodePointError::TooLarge);
        }
        let value = if trimmed.is_empty() {
            0
        } else {
            u32::from_str_radix(trimmed, 16).map_err(|_| ParseCodePointError::InvalidDigit)?
        };
        Ok(CodePoint(value))
    }
}

/// What the generic drivers need of a code point type: [`CodePoint`] for every
/// codec but UTF-∞-8, which uses `BigCodePoint`. Sealed: those two are all
/// there are.
///
/// Every value of [`CodePoint`] converts into either (so replace mode can
/// emit `U+FFFD` and escape mode `U+DC80`), and either narrows back to a
/// [`CodePoint`] when its value fits.
///
/// # Examples
///
/// ```
/// use codec_core::{AnyCodePoint, CodePoint};
///
/// fn describe<P: AnyCodePoint>(p: &P) -> String {
///     format!("{p} (fits in u32: {})", p.to_code_point().is_some())
/// }
/// assert_eq!(describe(&CodePoint::new(0x41)), "U+0041 (fits in u32: true)");
/// ```
pub trait AnyCodePoint:
    Clone + Eq + Ord + Hash + fmt::Debug + fmt::Display + From<CodePoint> + Send + Sync + 'static + sealed::Sealed
{
    /// Returns the value as a [`CodePoint`] if it fits in a `u32`.
    fn to_code_point(&self) -> Option<CodePoint>;

    /// Writes the value in decimal, as HTML numeric character references need.
    ///
    /// # Errors
    ///
    /// Fails only when the writer fails.
    fn write_decimal(&self, w: &mut dyn fmt::Write) -> fmt::Result;
}

pub(crate) mod sealed {
    use alloc::vec::Vec;

    use crate::fast::FastPaths;

    /// Keeps [`super::AnyCodePoint`] to the core's two code point types, and
    /// runs a codec's code point fast paths, which speak
    /// [`super::CodePoint`] (they take and give Unicode scalar values
    /// only), for either.
    pub trait Sealed: Sized {
        /// Runs the [`crate::FastJob::Decode`] of `paths` on `input`,
        /// appending to `out`, and returns the bytes it read.
        fn decode_fast(paths: &dyn FastPaths, input: &[u8], out: &mut Vec<Self>) -> usize;

        /// Runs the [`crate::FastJob::Encode`] of `paths` on `input`,
        /// appending to `out`, and returns the code points it read.
        fn encode_fast(paths: &dyn FastPaths, input: &[Self], out: &mut Vec<u8>) -> usize;
    }
}

impl sealed::Sealed for CodePoint {
    #[inline]
    fn decode_fast(paths: &dyn crate::fast::FastPaths, input: &[u8], out: &mut alloc::vec::Vec<Self>) -> usize {
        paths.run(crate::fast::FastJob::Decode(input, out)).read
    }

    #[inline]
    fn encode_fast(paths: &dyn crate::fast::FastPaths, input: &[Self], out: &mut alloc::vec::Vec<u8>) -> usize {
        paths.run(crate::fast::FastJob::Encode(input, out)).read
    }
}

impl AnyCodePoint for CodePoint {
    #[inline]
    fn to_code_point(&self) -> Option<CodePoint> {
        Some(*self)
    }

    fn write_decimal(&self, w: &mut dyn fmt::Write) -> fmt::Result {
        write!(w, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    //! The bulk cast between code points and `u32`s, the crate's one
    //! `unsafe`: what it hands out and gets back, under Miri too.
    use alloc::vec::Vec;

    use super::CodePoint;

    #[test]
    fn u32_views_are_the_same_values() {
        let points: Vec<CodePoint> = [0, 0x41, 0xD800, 0x10_FFFF, u32::MAX].into_iter().map(CodePoint::new).collect();
        assert_eq!(CodePoint::as_u32_slice(&points), [0, 0x41, 0xD800, 0x10_FFFF, u32::MAX]);
        assert_eq!(CodePoint::as_u32_slice(&[]), [0u32; 0]);
        // Empty, and grown well past the capacity it came with (a new
        // allocation, handed back as code points), and shrunk.
        let mut grown = Vec::new();
        let len = CodePoint::with_u32_vec(&mut grown, |values| {
            values.extend(0..1000);
            values.len()
        });
        assert_eq!(len, 1000);
        assert!(grown.iter().enumerate().all(|(k, p)| p.to_u32() == k as u32));
        CodePoint::with_u32_vec(&mut grown, |values| {
            values.truncate(2);
            values.shrink_to_fit();
        });
        assert_eq!(grown, [CodePoint::new(0), CodePoint::new(1)]);
    }

    /// A panic inside leaves the vector empty, and frees what it held once.
    #[cfg(feature = "std")]
    #[test]
    fn a_panic_inside_leaves_the_vector_empty() {
        let mut points = alloc::vec![CodePoint::new(0x41); 8];
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            CodePoint::with_u32_vec(&mut points, |values| {
                values.push(0x42);
                panic!("inside the view")
            })
        }));
        assert!(result.is_err());
        assert!(points.is_empty());
    }
}
