//! Potentially ill-formed UTF-16 at the code-unit level: the WTF-8
//! specification's "Encoding" and "Decoding" algorithms (§ "Potentially
//! ill-formed UTF-16"), and strict UTF-16 beside them.
//!
//! The one home of UTF-16 conversion in the workspace: the UTF-16 byte
//! codecs and WTF-8 (`Wtf8Buf::from_wide`, `Wtf8::encode_wide`) use it, so
//! every crate converts code units the same way.
//!
//! # Examples
//!
//! ```
//! use codec_utf16::units::{decode, encode, Pairs};
//! use codec_utf16::CodePoint;
//! let points: Vec<CodePoint> = decode([0xD83D, 0xDCA9, 0xD800]).collect();
//! assert_eq!(encode(&points, Pairs::Reject).unwrap(), [0xD83D, 0xDCA9, 0xD800]);
//! ```

use alloc::vec::Vec;

use codec_core::{CodePoint, DecodeError, EncodeError, ErrorKind};

/// What encoding to UTF-16 does with a surrogate code point pair (a lead
/// surrogate code point followed by a trail surrogate code point), which
/// UTF-16 cannot represent: its code units would read back as one
/// supplementary code point.
///
/// The WTF-8 specification calls this an error it leaves to the caller, and
/// names two ways out: aborting ([`Pairs::Reject`]) and replacing one of the
/// two ([`Pairs::ReplaceLead`]). [`Pairs::Merge`] is its algorithm as written.
///
/// # Examples
///
/// ```
/// use codec_utf16::units::{encode, Pairs};
/// use codec_utf16::CodePoint;
/// let pair = [CodePoint::new(0xD83D), CodePoint::new(0xDCA9)];
/// assert!(encode(&pair, Pairs::Reject).is_err());
/// assert_eq!(encode(&pair, Pairs::ReplaceLead).unwrap(), [0xFFFD, 0xDCA9]);
/// assert_eq!(encode(&pair, Pairs::Merge).unwrap(), [0xD83D, 0xDCA9]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Pairs {
    /// Fail with [`ErrorKind::SurrogatePair`] at the lead surrogate.
    #[default]
    Reject,
    /// Write U+FFFD for the lead surrogate and keep the trail surrogate.
    ReplaceLead,
    /// Write both surrogates as they are (the specification's algorithm): the
    /// result decodes as one supplementary code point.
    Merge,
}

/// Returns true when `points[i]` is a lead surrogate immediately followed by
/// a trail surrogate.
fn starts_pair(points: &[CodePoint], i: usize) -> bool {
    points[i].is_lead_surrogate() && points.get(i + 1).is_some_and(|next| next.is_trail_surrogate())
}

/// Returns the UTF-16 code units of one code point at most U+10FFFF (a
/// supplementary code point as its surrogates, any other as itself) and how
/// many of the two are used.
pub(crate) fn units_of(cp: CodePoint) -> ([u16; 2], usize) {
    match cp.to_surrogates() {
        Some((lead, trail)) => ([lead.to_u32() as u16, trail.to_u32() as u16], 2),
        None => ([cp.to_u32() as u16, 0], 1),
    }
}

// The WTF-8 specification, "Encoding" to potentially ill-formed UTF-16:
//
//   For every code point P of the input:
//     If P is a supplementary code point, append two 16-bit code units:
//       ((P - 0x10000) >> 10) + 0xD800
//       ((P - 0x10000) & 0x3FF) + 0xDC00
//     Otherwise (P is a BMP code point), append a 16-bit code unit of value P.
/// Encodes code points as potentially ill-formed UTF-16, appending to `out`:
/// lone surrogates are kept, surrogate pairs handled per `pairs`. Scalar
/// values alone give well-formed UTF-16.
///
/// # Errors
///
/// A code point above U+10FFFF (`out_of_range`), or with [`Pairs::Reject`] a
/// lead surrogate followed by a trail surrogate (`surrogate_pair`, at the
/// lead); `out` is left as it was.
///
/// # Examples
///
/// ```
/// use codec_utf16::units::{encode_into, Pairs};
/// use codec_utf16::CodePoint;
/// let mut units = Vec::new();
/// encode_into(&[CodePoint::new(0x1F4A9), CodePoint::new(0xD800)], Pairs::Reject, &mut units).unwrap();
/// assert_eq!(units, [0xD83D, 0xDCA9, 0xD800]);
/// ```
pub fn encode_into(points: &[CodePoint], pairs: Pairs, out: &mut Vec<u16>) -> Result<(), EncodeError> {
    let before = out.len();
    for (i, &cp) in points.iter().enumerate() {
        let fail = |kind| EncodeError::new(i, cp, kind);
        if cp.to_u32() > 0x10_FFFF {
            out.truncate(before);
            return Err(fail(ErrorKind::OutOfRange));
        }
        if pairs != Pairs::Merge && starts_pair(points, i) {
            if pairs == Pairs::Reject {
                out.truncate(before);
                return Err(fail(ErrorKind::SurrogatePair));
            }
            out.push(0xFFFD);
            continue;
        }
        let (units, n) = units_of(cp);
        out.extend_from_slice(&units[..n]);
    }
    Ok(())
}

/// Encodes code points as potentially ill-formed UTF-16; see [`encode_into`].
///
/// # Errors
///
/// As [`encode_into`].
///
/// # Examples
///
/// ```
/// use codec_utf16::units::{encode, Pairs};
/// use codec_utf16::CodePoint;
/// assert_eq!(encode(&[CodePoint::new(0xDC00), CodePoint::new(0x41)], Pairs::Reject).unwrap(), [0xDC00, 0x41]);
/// ```
pub fn encode(points: &[CodePoint], pairs: Pairs) -> Result<Vec<u16>, EncodeError> {
    let mut out = Vec::with_capacity(points.len());
    encode_into(points, pairs, &mut out)?;
    Ok(out)
}

/// An iterator encoding code points as potentially ill-formed UTF-16, from
/// [`encode_lazy`]: the specification's algorithm as written (what
/// [`Pairs::Merge`] does), one code point at a time.
///
/// # Examples
///
/// ```
/// use codec_utf16::CodePoint;
/// let units: Vec<u16> = codec_utf16::units::encode_lazy([CodePoint::new(0x1F4A9), CodePoint::new(0xD800)]).collect();
/// assert_eq!(units, [0xD83D, 0xDCA9, 0xD800]);
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy"]
pub struct EncodeUnits<I: Iterator<Item = CodePoint>> {
    points: I,
    trail: Option<u16>,
}

impl<I: Iterator<Item = CodePoint>> Iterator for EncodeUnits<I> {
    type Item = u16;

    fn next(&mut self) -> Option<u16> {
        if let Some(trail) = self.trail.take() {
            return Some(trail);
        }
        let cp = self.points.next()?;
        if cp.to_u32() > 0x10_FFFF {
            return Some(0xFFFD);
        }
        let ([first, second], n) = units_of(cp);
        self.trail = (n == 2).then_some(second);
        Some(first)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let (lo, hi) = self.points.size_hint();
        let extra = usize::from(self.trail.is_some());
        (lo + extra, hi.and_then(|h| h.checked_mul(2)).and_then(|h| h.checked_add(extra)))
    }
}

impl<I: Iterator<Item = CodePoint> + core::iter::FusedIterator> core::iter::FusedIterator for EncodeUnits<I> {}

/// Encodes code points as potentially ill-formed UTF-16, lazily: the
/// specification's encoding as written, so a surrogate code point pair
/// comes out as the two units (which read back as one supplementary code
/// point), as with [`Pairs::Merge`]. Never fails: a code point above
/// U+10FFFF, which UTF-16 cannot hold, becomes U+FFFD; use [`encode`] to
/// have it reported instead.
///
/// # Examples
///
/// ```
/// use codec_utf16::CodePoint;
/// let units: Vec<u16> = codec_utf16::units::encode_lazy([CodePoint::new(0x41), CodePoint::new(0x110000)]).collect();
/// assert_eq!(units, [0x41, 0xFFFD]);
/// ```
pub fn encode_lazy<I: IntoIterator<Item = CodePoint>>(points: I) -> EncodeUnits<I::IntoIter> {
    EncodeUnits { points: points.into_iter(), trail: None }
}

/// Decodes potentially ill-formed UTF-16 into code points, lazily; never
/// fails (the specification's decoding, lossless): surrogate pairs are
/// joined, lone surrogates kept. The core's `CodePoint::decode_utf16`,
/// which the core's encoders of UTF-16 input run too, quotes the
/// specification's algorithm above it.
///
/// # Examples
///
/// ```
/// use codec_utf16::CodePoint;
/// let points: Vec<CodePoint> = codec_utf16::units::decode([0x61, 0xD800]).collect();
/// assert_eq!(points, [CodePoint::new(0x61), CodePoint::new(0xD800)]);
/// let points: Vec<u32> = codec_utf16::units::decode([0xD83D, 0xDCA9, 0xDCA9]).map(|cp| cp.to_u32()).collect();
/// assert_eq!(points, [0x1F4A9, 0xDCA9]);
/// ```
pub fn decode<I: IntoIterator<Item = u16>>(units: I) -> impl Iterator<Item = CodePoint> {
    CodePoint::decode_utf16(units)
}

/// Decodes well-formed UTF-16 code units into code points, rejecting lone
/// surrogates.
///
/// # Errors
///
/// The first lone surrogate, as a [`DecodeError`] whose offsets count *code
/// units*, not bytes: a lone trail surrogate, or a lead surrogate followed
/// by anything but a trail surrogate, is `unpaired_surrogate` of length 1; a
/// lead surrogate at the end is `truncated` with no length.
///
/// # Examples
///
/// ```
/// use codec_utf16::{CodePoint, ErrorKind};
/// use codec_utf16::units::decode_strict;
/// assert_eq!(decode_strict(&[0xD83D, 0xDCA9]).unwrap(), [CodePoint::new(0x1F4A9)]);
/// let err = decode_strict(&[0x41, 0xDC00]).unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len(), err.kind()), (1, Some(1), ErrorKind::UnpairedSurrogate));
/// ```
pub fn decode_strict(units: &[u16]) -> Result<Vec<CodePoint>, DecodeError> {
    let mut out = Vec::with_capacity(units.len());
    let mut at = 0;
    for cp in decode(units.iter().copied()) {
        if cp.is_surrogate() {
            // Lone: a lead surrogate that ends the units is cut short.
            return Err(if cp.is_lead_surrogate() && at + 1 == units.len() {
                DecodeError::new(at, None, ErrorKind::Truncated)
            } else {
                DecodeError::new(at, Some(1), ErrorKind::UnpairedSurrogate)
            });
        }
        at += if cp.to_u32() > 0xFFFF { 2 } else { 1 };
        out.push(cp);
    }
    Ok(out)
}

/// Returns true when `units` are well-formed UTF-16 (no lone surrogate).
///
/// # Examples
///
/// ```
/// assert!(codec_utf16::units::is_well_formed(&[0xD83D, 0xDCA9]));
/// assert!(!codec_utf16::units::is_well_formed(&[0xDCA9, 0xD83D]));
/// ```
#[must_use]
pub fn is_well_formed(units: &[u16]) -> bool {
    char::decode_utf16(units.iter().copied()).all(|r| r.is_ok())
}
