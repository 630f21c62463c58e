//! Runtime selection: any codec behind a pointer is a [`DynCodec`] (the
//! [`Codec`] trait itself as a trait object, so every kernel and fast path
//! is there), found by label with [`CodecInfo::matches`](crate::CodecInfo::matches);
//! [`Big`] and [`Narrow`] view a codec over the other code point type.

#[cfg(feature = "bigint")]
use alloc::vec::Vec;

use crate::code_point::CodePoint;
use crate::codec::{Codec, Decode, Encode};
// What the views between the code point types need.
#[cfg(feature = "bigint")]
use crate::{
    codec::{EncodeStep, Step},
    error::ErrorKind,
};

/// A codec over [`CodePoint`] chosen at run time, as `&dyn DynCodec`: the
/// [`Codec`] trait itself behind a pointer (this trait adds nothing to it),
/// so every provided method, kernel and fast path of the codec runs as it
/// does statically. Every `Codec` over `CodePoint` is one.
///
/// The three methods that return a value holding the codec cannot be called
/// on a trait object; their constructors take any codec instead:
/// `Decoder::new(codec, mode)` for `codec.decoder(mode)`,
/// `Encoder::new(codec, mode)` for `codec.encoder(mode)` and
/// `Items::new(codec, input)` for `codec.items(input)`.
///
/// With the `bigint` feature, a codec whose code points exceed `u32`
/// (UTF-∞-8) joins a list of `DynCodec`s through `Narrow`, and `Big` views
/// any `DynCodec` over `BigCodePoint`.
///
/// # Examples
///
/// ```
/// use codec_core::{CodePoint, Decode, DynCodec, ErrorKind, Step};
/// # use codec_core::{Codec, CodecInfo, Domain, Encode, EncodeStep, Surrogates};
/// # use codec_core::doc_example::Ascii;
/// static ASCII: Ascii = Ascii;
/// let all: [&dyn DynCodec; 1] = [&ASCII];
/// let codec = all.iter().find(|c| c.info().matches(" ASCII ")).unwrap();
/// assert_eq!(codec.decode(b"ok").unwrap().len(), 2);
/// ```
pub trait DynCodec: Codec + Decode<Point = CodePoint> + Encode<Point = CodePoint> + Send + Sync {}

impl<C> DynCodec for C where C: Codec + Decode<Point = CodePoint> + Encode<Point = CodePoint> + Send + Sync + ?Sized {}

impl core::fmt::Debug for dyn DynCodec + '_ {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("DynCodec").field(&self.info().name).finish()
    }
}

/// A codec over `BigCodePoint` seen over [`CodePoint`] (feature `bigint`):
/// a decoded value that
/// does not fit a `u32` is an `out_of_range` error over its bytes, and the
/// encoder gets every code point widened. Its fast paths run as they are
/// (they speak [`CodePoint`]).
///
/// # Examples
///
/// ```
/// use codec_core::{BigCodePoint, CodePoint, Decode, Narrow};
/// # use codec_core::{Encode, EncodeStep, ErrorKind, Step};
/// # struct Byte;
/// # impl Decode for Byte {
/// #     type Point = BigCodePoint;
/// #     fn decode_step(&self, input: &[u8], _last: bool) -> Step<BigCodePoint> {
/// #         Step::Point { point: BigCodePoint::from_u64(u64::from(input[0]) << 32), len: 1 }
/// #     }
/// # }
/// // A codec whose every value is beyond u32:
/// let err = Narrow(Byte).validate(b"\x01").unwrap_err();
/// assert_eq!(err.kind(), codec_core::ErrorKind::OutOfRange);
/// ```
#[cfg(feature = "bigint")]
#[derive(Clone, Copy, Debug)]
pub struct Narrow<C>(pub C);

/// A codec over [`CodePoint`] seen over `BigCodePoint` (feature `bigint`):
/// what the cross-codec matrix and the CLI use to treat every codec alike.
/// Its fast paths run as they are (the driver widens the code points they
/// decode); a code point beyond `u32` is `out_of_range` to its encoder.
///
/// # Examples
///
/// ```
/// use codec_core::{Big, BigCodePoint, Decode, DynCodec, Encode};
/// fn decode_big(codec: &dyn DynCodec, bytes: &[u8]) -> Vec<BigCodePoint> {
///     Big(codec).decode_lossy(bytes)
/// }
/// ```
#[cfg(feature = "bigint")]
#[derive(Clone, Copy, Debug)]
pub struct Big<C>(pub C);

/// Maps the code point of a step through `f`; a value `f` cannot map becomes
/// an out-of-range error over the same bytes.
#[cfg(feature = "bigint")]
fn map_step<P, Q>(step: Step<P>, f: impl Fn(P) -> Option<Q>) -> Step<Q> {
    match step {
        Step::Point { point, len } => match f(point) {
            Some(point) => Step::Point { point, len },
            None => Step::Invalid { kind: ErrorKind::OutOfRange, len },
        },
        Step::Pair { point, second, len } => match (f(point), f(second)) {
            (Some(point), Some(second)) => Step::Pair { point, second, len },
            _ => Step::Invalid { kind: ErrorKind::OutOfRange, len },
        },
        Step::Reserved { len } => Step::Reserved { len },
        Step::Shift { len } => Step::Shift { len },
        Step::Invalid { kind, len } => Step::Invalid { kind, len },
        Step::Incomplete => Step::Incomplete,
    }
}

/// How many code points an encoder step sees at once through a type
/// conversion; more than any codec here looks ahead.
#[cfg(feature = "bigint")]
const WINDOW: usize = 8;

/// Runs `step` over a converted window of `input`: the code points that
/// convert, up to [`WINDOW`]. A code point that does not convert ends the
/// window as the end of input would (it is unencodable anyway); when it is
/// the first, it is `out_of_range`.
#[cfg(feature = "bigint")]
fn step_converted<P, Q>(
    input: &[P],
    last: bool,
    convert: impl Fn(&P) -> Option<Q>,
    step: impl FnOnce(&[Q], bool) -> EncodeStep,
) -> EncodeStep {
    let window: Vec<Q> = input.iter().take(WINDOW).map_while(convert).collect();
    if window.is_empty() {
        return EncodeStep::Invalid(ErrorKind::OutOfRange);
    }
    let ends = (last && window.len() == input.len()) || window.len() < input.len().min(WINDOW);
    step(&window, ends)
}

/// The methods of [`Decode`] but the step, forwarded to `.0`: the fast
/// paths speak [`CodePoint`] whatever the codec's code point type.
#[cfg(feature = "bigint")]
macro_rules! forward_decode {
    () => {
        fn fast_paths(&self) -> Option<&dyn crate::fast::FastPaths> {
            self.0.fast_paths()
        }

        fn is_canonical(&self, form: &[u8]) -> bool {
            self.0.is_canonical(form)
        }

        fn is_canonical_in(&self, state: u32, form: &[u8]) -> bool {
            self.0.is_canonical_in(state, form)
        }

        fn restart_point(&self, input: &[u8]) -> Option<usize> {
            self.0.restart_point(input)
        }
    };
}

/// The methods of [`Encode`] but the step, forwarded to `.0`.
#[cfg(feature = "bigint")]
macro_rules! forward_encode {
    () => {
        fn fast_paths(&self) -> Option<&dyn crate::fast::FastPaths> {
            self.0.fast_paths()
        }

        fn is_context_free(&self) -> bool {
            self.0.is_context_free()
        }

        fn unit_len(&self) -> usize {
            self.0.unit_len()
        }

        fn encode_raw_in(&self, state: &mut u32, byte: u8) {
            self.0.encode_raw_in(state, byte);
        }

        fn encode_finish_in(&self, state: &mut u32, out: &mut alloc::vec::Vec<u8>) {
            self.0.encode_finish_in(state, out);
        }
    };
}

#[cfg(feature = "bigint")]
mod big_views {
    use super::{Big, Narrow, map_step, step_converted};
    use crate::big::BigCodePoint;
    use crate::code_point::{AnyCodePoint, CodePoint};
    use crate::codec::{Codec, CodecInfo, Decode, Encode, EncodeStep, Step};

    impl<C: Decode<Point = BigCodePoint>> Decode for Narrow<C> {
        type Point = CodePoint;

        fn decode_step(&self, input: &[u8], last: bool) -> Step<CodePoint> {
            map_step(self.0.decode_step(input, last), |p| AnyCodePoint::to_code_point(&p))
        }

        fn decode_step_in(&self, state: &mut u32, input: &[u8], last: bool) -> Step<CodePoint> {
            map_step(self.0.decode_step_in(state, input, last), |p| AnyCodePoint::to_code_point(&p))
        }

        forward_decode!();
    }

    impl<C: Encode<Point = BigCodePoint>> Encode for Narrow<C> {
        type Point = CodePoint;

        fn encode_step(&self, input: &[CodePoint], last: bool, out: &mut alloc::vec::Vec<u8>) -> EncodeStep {
            step_converted(input, last, |&cp| Some(BigCodePoint::from(cp)), |w, l| self.0.encode_step(w, l, out))
        }

        fn encode_step_in(
            &self,
            state: &mut u32,
            input: &[CodePoint],
            last: bool,
            out: &mut alloc::vec::Vec<u8>,
        ) -> EncodeStep {
            let step = |w: &[BigCodePoint], l| self.0.encode_step_in(state, w, l, out);
            step_converted(input, last, |&cp| Some(BigCodePoint::from(cp)), step)
        }

        forward_encode!();
    }

    impl<C: Codec + Decode<Point = BigCodePoint> + Encode<Point = BigCodePoint>> Codec for Narrow<C> {
        fn info(&self) -> &'static CodecInfo {
            self.0.info()
        }

        fn framing(&self) -> Option<&dyn crate::Framing> {
            self.0.framing()
        }

        fn document(&self) -> Option<&dyn crate::document::DocumentRules> {
            self.0.document()
        }

        fn probes(&self) -> alloc::vec::Vec<(alloc::string::String, alloc::vec::Vec<u8>)> {
            self.0.probes()
        }

        fn explain(
            &self,
            input: &[u8],
            error: &crate::DecodeError,
            out: &mut dyn core::fmt::Write,
        ) -> core::fmt::Result {
            self.0.explain(input, error, out)
        }

        fn explain_unencodable(&self, point: CodePoint, out: &mut dyn core::fmt::Write) -> core::fmt::Result {
            self.0.explain_unencodable(point, out)
        }
    }

    impl<C: Decode<Point = CodePoint>> Decode for Big<C> {
        type Point = BigCodePoint;

        fn decode_step(&self, input: &[u8], last: bool) -> Step<BigCodePoint> {
            map_step(self.0.decode_step(input, last), |p| Some(BigCodePoint::from(p)))
        }

        fn decode_step_in(&self, state: &mut u32, input: &[u8], last: bool) -> Step<BigCodePoint> {
            map_step(self.0.decode_step_in(state, input, last), |p| Some(BigCodePoint::from(p)))
        }

        forward_decode!();
        // Every step is the codec's, each code point widened: so is every
        // whole-input result (not so for `Narrow`, whose steps refuse what
        // does not fit a `CodePoint`).
        crate::codec::forward_whole_input!(self, self.0);
    }

    impl<C: Encode<Point = CodePoint>> Encode for Big<C> {
        type Point = BigCodePoint;

        fn encode_step(&self, input: &[BigCodePoint], last: bool, out: &mut alloc::vec::Vec<u8>) -> EncodeStep {
            step_converted(input, last, AnyCodePoint::to_code_point, |w, l| self.0.encode_step(w, l, out))
        }

        fn encode_step_in(
            &self,
            state: &mut u32,
            input: &[BigCodePoint],
            last: bool,
            out: &mut alloc::vec::Vec<u8>,
        ) -> EncodeStep {
            step_converted(input, last, AnyCodePoint::to_code_point, |w, l| self.0.encode_step_in(state, w, l, out))
        }

        forward_encode!();
    }

    impl<C: Codec + Decode<Point = CodePoint> + Encode<Point = CodePoint>> Codec for Big<C> {
        fn info(&self) -> &'static CodecInfo {
            self.0.info()
        }

        fn framing(&self) -> Option<&dyn crate::Framing> {
            self.0.framing()
        }

        fn document(&self) -> Option<&dyn crate::document::DocumentRules> {
            self.0.document()
        }

        fn probes(&self) -> alloc::vec::Vec<(alloc::string::String, alloc::vec::Vec<u8>)> {
            self.0.probes()
        }

        fn explain(
            &self,
            input: &[u8],
            error: &crate::DecodeError,
            out: &mut dyn core::fmt::Write,
        ) -> core::fmt::Result {
            self.0.explain(input, error, out)
        }

        fn explain_unencodable(&self, point: CodePoint, out: &mut dyn core::fmt::Write) -> core::fmt::Result {
            self.0.explain_unencodable(point, out)
        }
    }
}
