//! Runtime selection: the object-safe [`DynCodec`], implemented for every
//! [`Codec`], and [`lookup`] by label.

use alloc::vec::Vec;
use core::any::Any;

use crate::code_point::{AnyCodePoint, CodePoint};
use crate::codec::{Codec, CodecInfo, Decode, Encode, EncodeStep, Step};
use crate::error::ErrorKind;

/// How many code points an encoder step sees at once through a type
/// conversion; more than any codec here looks ahead.
const WINDOW: usize = 8;

/// A codec behind a pointer, chosen at run time: every [`Codec`] is one.
///
/// `dyn DynCodec` itself implements [`Decode`] and [`Encode`] over
/// [`CodePoint`], so every provided method and driver works on it. A code
/// point that does not fit a `u32` (only UTF-∞-8 has them) decodes there as an
/// [`ErrorKind::OutOfRange`] error; with the `bigint` feature, [`Wide`] gives
/// the same codec over `BigCodePoint` with nothing lost.
///
/// # Examples
///
/// ```
/// use codec_core::{CodePoint, Decode, DynCodec, ErrorKind, Step};
/// # use codec_core::{Codec, CodecInfo, Domain, Encode, EncodeStep, Surrogates};
/// # struct Ascii;
/// # impl Decode for Ascii {
/// #     type Point = CodePoint;
/// #     fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
/// #         match input[0] {
/// #             b @ 0..=0x7F => Step::Char { point: CodePoint::from(b), len: 1 },
/// #             _ => Step::Invalid { kind: ErrorKind::InvalidLead, len: 1 },
/// #         }
/// #     }
/// # }
/// # impl Encode for Ascii {
/// #     type Point = CodePoint;
/// #     fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
/// #         match u8::try_from(input[0].to_u32()) {
/// #             Ok(b) if b < 0x80 => { out.push(b); EncodeStep::Done(1) }
/// #             _ => EncodeStep::Unencodable(ErrorKind::OutOfRange),
/// #         }
/// #     }
/// # }
/// # impl Codec for Ascii {
/// #     fn info(&self) -> &'static CodecInfo {
/// #         &CodecInfo { name: "ascii", aliases: &[], domain: Domain { summary: "U+0000..U+007F", max: Some(0x7F), surrogates: Surrogates::None, excluded: &[] }, max_bytes_per_code_point: Some(1), description: "ASCII", version: "0" }
/// #     }
/// # }
/// static ASCII: Ascii = Ascii;
/// let all: [&dyn DynCodec; 1] = [&ASCII];
/// let codec = codec_core::lookup(&all, " ASCII ").unwrap();
/// assert_eq!(codec.decode(b"ok").unwrap().len(), 2);
/// ```
pub trait DynCodec: Send + Sync {
    /// Describes the codec.
    fn info(&self) -> &'static CodecInfo;

    /// [`Decode::decode_step`] over [`CodePoint`].
    fn dyn_decode_step(&self, input: &[u8], last: bool) -> Step<CodePoint>;

    /// [`Decode::validate_prefix_fast`].
    fn dyn_validate_prefix_fast(&self, input: &[u8]) -> usize;

    /// [`Decode::decode_prefix_fast`] over [`CodePoint`].
    fn dyn_decode_prefix_fast(&self, input: &[u8], out: &mut Vec<CodePoint>) -> usize;

    /// [`Decode::decode_to_utf16_fast`].
    fn dyn_decode_to_utf16_fast(&self, input: &[u8], out: &mut [u16]) -> (usize, usize);

    /// [`Decode::decode_to_utf8_fast`].
    fn dyn_decode_to_utf8_fast(&self, input: &[u8], out: &mut [u8]) -> (usize, usize);

    /// [`Encode::encode_from_utf16_fast`].
    fn dyn_encode_from_utf16_fast(&self, input: &[u16], out: &mut [u8]) -> (usize, usize);

    /// [`Encode::encode_from_str_fast`].
    fn dyn_encode_from_str_fast(&self, input: &str, out: &mut [u8]) -> (usize, usize);

    /// [`Encode::encode_step`] over [`CodePoint`].
    fn dyn_encode_step(&self, input: &[CodePoint], last: bool, out: &mut Vec<u8>) -> EncodeStep;

    /// [`Encode::encode_prefix_fast`] over [`CodePoint`].
    fn dyn_encode_prefix_fast(&self, input: &[CodePoint], out: &mut Vec<u8>) -> usize;

    /// [`Decode::decode_step`] over `BigCodePoint`.
    #[cfg(feature = "bigint")]
    fn wide_decode_step(&self, input: &[u8], last: bool) -> Step<crate::BigCodePoint>;

    /// [`Encode::encode_step`] over `BigCodePoint`.
    #[cfg(feature = "bigint")]
    fn wide_encode_step(&self, input: &[crate::BigCodePoint], last: bool, out: &mut Vec<u8>) -> EncodeStep;
}

/// Maps the code point of a step through `f`; a value `f` cannot map becomes
/// an out-of-range error over the same bytes.
fn map_step<P, Q>(step: Step<P>, f: impl FnOnce(&P) -> Option<Q>) -> Step<Q> {
    match step {
        Step::Char { point, len } => match f(&point) {
            Some(point) => Step::Char { point, len },
            None => Step::Invalid { kind: ErrorKind::OutOfRange, len },
        },
        Step::Invalid { kind, len } => Step::Invalid { kind, len },
        Step::Incomplete => Step::Incomplete,
    }
}

/// Encodes `input` with a codec over `P` after converting to [`CodePoint`]:
/// directly when `P` is [`CodePoint`], else through a window of converted
/// code points that stops before one that does not fit (which ends the
/// look-ahead like the end of input).
fn encode_narrow<P: AnyCodePoint>(
    input: &[CodePoint],
    last: bool,
    step: impl FnOnce(&[P], bool) -> EncodeStep,
) -> EncodeStep {
    match P::slice_from_code_points(input) {
        Some(same) => step(same, last),
        None => {
            let window: Vec<P> = input.iter().take(WINDOW).map(|&cp| P::from(cp)).collect();
            step(&window, last && window.len() == input.len())
        }
    }
}

/// Encodes `input` over `BigCodePoint` with a codec over `P`.
#[cfg(feature = "bigint")]
fn encode_wide<P: AnyCodePoint>(
    input: &[crate::BigCodePoint],
    last: bool,
    step: impl FnOnce(&[P], bool) -> EncodeStep,
) -> EncodeStep {
    let mut narrow = [CodePoint::NUL; WINDOW];
    let mut n = 0;
    for (slot, big) in narrow.iter_mut().zip(input) {
        match big.to_code_point() {
            Some(cp) => *slot = cp,
            None => break,
        }
        n += 1;
    }
    let ends_run = (last && n == input.len()) || n < input.len().min(WINDOW);
    if let Some(same) = P::slice_from_code_points(&narrow[..n]) {
        if n == 0 {
            return EncodeStep::Unencodable(ErrorKind::OutOfRange);
        }
        return step(same, ends_run);
    }
    let window: Vec<P> = input.iter().take(WINDOW).map_while(P::from_big).collect();
    if window.is_empty() {
        return EncodeStep::Unencodable(ErrorKind::OutOfRange);
    }
    let window_last = (last && window.len() == input.len()) || window.len() < input.len().min(WINDOW);
    step(&window, window_last)
}

impl<C> DynCodec for C
where
    C: Codec + Send + Sync,
{
    fn info(&self) -> &'static CodecInfo {
        Codec::info(self)
    }

    fn dyn_decode_step(&self, input: &[u8], last: bool) -> Step<CodePoint> {
        map_step(self.decode_step(input, last), AnyCodePoint::to_code_point)
    }

    fn dyn_validate_prefix_fast(&self, input: &[u8]) -> usize {
        self.validate_prefix_fast(input)
    }

    fn dyn_decode_prefix_fast(&self, input: &[u8], out: &mut Vec<CodePoint>) -> usize {
        // Only a codec whose points are `CodePoint` can append to `out` directly.
        match (out as &mut dyn Any).downcast_mut::<Vec<<C as Decode>::Point>>() {
            Some(out) => self.decode_prefix_fast(input, out),
            None => 0,
        }
    }

    fn dyn_decode_to_utf16_fast(&self, input: &[u8], out: &mut [u16]) -> (usize, usize) {
        self.decode_to_utf16_fast(input, out)
    }

    fn dyn_decode_to_utf8_fast(&self, input: &[u8], out: &mut [u8]) -> (usize, usize) {
        self.decode_to_utf8_fast(input, out)
    }

    fn dyn_encode_from_utf16_fast(&self, input: &[u16], out: &mut [u8]) -> (usize, usize) {
        self.encode_from_utf16_fast(input, out)
    }

    fn dyn_encode_from_str_fast(&self, input: &str, out: &mut [u8]) -> (usize, usize) {
        self.encode_from_str_fast(input, out)
    }

    fn dyn_encode_step(&self, input: &[CodePoint], last: bool, out: &mut Vec<u8>) -> EncodeStep {
        encode_narrow(input, last, |w, l| self.encode_step(w, l, out))
    }

    fn dyn_encode_prefix_fast(&self, input: &[CodePoint], out: &mut Vec<u8>) -> usize {
        match <C as Encode>::Point::slice_from_code_points(input) {
            Some(same) => self.encode_prefix_fast(same, out),
            None => 0,
        }
    }

    #[cfg(feature = "bigint")]
    fn wide_decode_step(&self, input: &[u8], last: bool) -> Step<crate::BigCodePoint> {
        map_step(self.decode_step(input, last), |p| Some(p.to_big()))
    }

    #[cfg(feature = "bigint")]
    fn wide_encode_step(&self, input: &[crate::BigCodePoint], last: bool, out: &mut Vec<u8>) -> EncodeStep {
        encode_wide(input, last, |w, l| self.encode_step(w, l, out))
    }
}

impl Decode for dyn DynCodec + '_ {
    type Point = CodePoint;

    fn decode_step(&self, input: &[u8], last: bool) -> Step<CodePoint> {
        self.dyn_decode_step(input, last)
    }

    fn validate_prefix_fast(&self, input: &[u8]) -> usize {
        self.dyn_validate_prefix_fast(input)
    }

    fn decode_prefix_fast(&self, input: &[u8], out: &mut Vec<CodePoint>) -> usize {
        self.dyn_decode_prefix_fast(input, out)
    }

    fn decode_to_utf16_fast(&self, input: &[u8], out: &mut [u16]) -> (usize, usize) {
        self.dyn_decode_to_utf16_fast(input, out)
    }

    fn decode_to_utf8_fast(&self, input: &[u8], out: &mut [u8]) -> (usize, usize) {
        self.dyn_decode_to_utf8_fast(input, out)
    }
}

impl Encode for dyn DynCodec + '_ {
    type Point = CodePoint;

    fn encode_step(&self, input: &[CodePoint], last: bool, out: &mut Vec<u8>) -> EncodeStep {
        self.dyn_encode_step(input, last, out)
    }

    fn encode_prefix_fast(&self, input: &[CodePoint], out: &mut Vec<u8>) -> usize {
        self.dyn_encode_prefix_fast(input, out)
    }

    fn encode_from_utf16_fast(&self, input: &[u16], out: &mut [u8]) -> (usize, usize) {
        self.dyn_encode_from_utf16_fast(input, out)
    }

    fn encode_from_str_fast(&self, input: &str, out: &mut [u8]) -> (usize, usize) {
        self.dyn_encode_from_str_fast(input, out)
    }
}

/// A runtime-selected codec over `BigCodePoint`: nothing is out of range.
///
/// # Examples
///
/// ```
/// use codec_core::{BigCodePoint, Decode, DynCodec, Wide};
/// fn decode_wide(codec: &dyn DynCodec, bytes: &[u8]) -> Vec<BigCodePoint> {
///     Wide(codec).decode_lossy(bytes)
/// }
/// ```
#[cfg(feature = "bigint")]
#[derive(Clone, Copy)]
pub struct Wide<'a>(pub &'a dyn DynCodec);

#[cfg(feature = "bigint")]
impl core::fmt::Debug for Wide<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Wide").field(&self.0.info().name).finish()
    }
}

#[cfg(feature = "bigint")]
impl Decode for Wide<'_> {
    type Point = crate::BigCodePoint;

    fn decode_step(&self, input: &[u8], last: bool) -> Step<crate::BigCodePoint> {
        self.0.wide_decode_step(input, last)
    }

    fn validate_prefix_fast(&self, input: &[u8]) -> usize {
        self.0.dyn_validate_prefix_fast(input)
    }
}

#[cfg(feature = "bigint")]
impl Encode for Wide<'_> {
    type Point = crate::BigCodePoint;

    fn encode_step(&self, input: &[crate::BigCodePoint], last: bool, out: &mut Vec<u8>) -> EncodeStep {
        self.0.wide_encode_step(input, last, out)
    }
}

#[cfg(feature = "bigint")]
impl Codec for Wide<'_> {
    fn info(&self) -> &'static CodecInfo {
        self.0.info()
    }
}

impl Codec for dyn DynCodec + '_ {
    fn info(&self) -> &'static CodecInfo {
        DynCodec::info(self)
    }
}

impl core::fmt::Debug for dyn DynCodec + '_ {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("DynCodec").field(&self.info().name).finish()
    }
}

/// Finds the codec that `label` names among `codecs`, as the Encoding
/// Standard's "get an encoding" does: surrounding ASCII whitespace is trimmed
/// and ASCII case ignored.
///
/// # Examples
///
/// See [`DynCodec`].
#[must_use]
pub fn lookup<'a>(codecs: &[&'a dyn DynCodec], label: &str) -> Option<&'a dyn DynCodec> {
    codecs.iter().copied().find(|c| DynCodec::info(*c).matches(label))
}
