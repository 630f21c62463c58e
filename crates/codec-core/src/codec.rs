//! The `Decode` and `Encode` traits: each codec's few primitives and the many
//! methods derived from them, plus the `Codec` description used by runtime
//! selection.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::code_point::{AnyCodePoint, CodePoint};
use crate::document::DocumentRules;
use crate::error::{DecodeError, EncodeError, ErrorKind};
use crate::fast::FastPaths;
use crate::mode::{DecodeMode, EncodeMode};
use crate::sink::{CountPoints, CountUtf8, CountUtf16};
use crate::stream::{Decoder, Encoder, Front, Status};

/// What a codec found at the front of its input: the answer of
/// [`Decode::decode_step`].
///
/// # Examples
///
/// ```
/// use codec_core::{CodePoint, ErrorKind, Step};
/// let ok: Step<CodePoint> = Step::Point { point: CodePoint::new(0xE9), len: 2 };
/// let bad: Step<CodePoint> = Step::Invalid { kind: ErrorKind::Overlong, len: 1 };
/// assert_ne!(ok, bad);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Step<P> {
    /// A well-formed sequence of `len` bytes that encodes `point` (any code
    /// point the codec carries: a noncharacter, a surrogate, a value beyond
    /// Unicode).
    Point {
        /// The decoded code point.
        point: P,
        /// How many bytes the sequence takes, at least 1, and at least 2
        /// for a code point beyond U+FFFF: no more UTF-16 code units than
        /// bytes (so [`crate::Decoder::max_utf16_len`] is enough; every
        /// encoding form and Encoding Standard encoding keeps this).
        len: usize,
    },
    /// A well-formed sequence of `len` bytes that stands for no code point:
    /// a sequence the specification reserves for future use (Corrected
    /// UTF-8's `FE` and `FF` sequences). Validation accepts it, the item
    /// stream carries it ([`Item::point`] is `None`), and decoding into code
    /// points treats it per error mode as a [`ErrorKind::Reserved`] subpart.
    Reserved {
        /// How many bytes the sequence takes, at least 1.
        len: usize,
    },
    /// A well-formed sequence of `len` bytes that encodes two code points,
    /// `point` then `second` (big5's four sequences of a letter and a
    /// combining mark). `second` is a Unicode scalar value; a driver treats
    /// any other as an error of the sequence.
    Pair {
        /// The first decoded code point.
        point: P,
        /// The second decoded code point.
        second: P,
        /// How many bytes the sequence takes, at least as many as the
        /// UTF-16 code units of the two code points.
        len: usize,
    },
    /// A well-formed sequence of `len` bytes that only changes the state of
    /// a stateful decoder ([`Decode::decode_step_in`]): an escape sequence
    /// of iso-2022-jp, a shift of HZ. It stands for no code point and is no
    /// error: validation accepts it, decoding writes nothing for it (escape
    /// mode keeps its bytes), and [`Items`] skips it.
    Shift {
        /// How many bytes the sequence takes, at least 1.
        len: usize,
    },
    /// A maximal ill-formed subpart of `len` bytes (at least 1).
    Invalid {
        /// Why the bytes are ill-formed.
        kind: ErrorKind,
        /// How many bytes the subpart takes, at least 1.
        len: usize,
    },
    /// The whole input is a proper prefix of a sequence that more bytes could
    /// complete or break. At the end of input the driver reports it as one
    /// [`ErrorKind::Truncated`] subpart with no length.
    Incomplete,
}

/// What an encoder did with the code points at the front of its input: the
/// answer of [`Encode::encode_step`].
///
/// # Examples
///
/// ```
/// use codec_core::{EncodeStep, ErrorKind};
/// assert_ne!(EncodeStep::Done(1), EncodeStep::Invalid(ErrorKind::Surrogate));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EncodeStep {
    /// This many code points (at least 1) were encoded and appended.
    Done(usize),
    /// The first code point cannot be encoded, for this reason; nothing was
    /// appended.
    Invalid(ErrorKind),
    /// The first code point's encoding depends on code points not yet given
    /// (WTF-8 joins a lead surrogate with a following trail surrogate). Never
    /// returned when `last` is true.
    Incomplete,
}

/// Decoding bytes into code points: a codec implements
/// [`decode_step`](Decode::decode_step) and gets every other method.
///
/// # The contract of `decode_step`
///
/// Given a non-empty `input`, it returns what the bytes at the front are:
/// * [`Step::Point`], [`Step::Pair`], [`Step::Reserved`], [`Step::Shift`]
///   or [`Step::Invalid`] with `1 <= len <= input.len()`;
/// * [`Step::Incomplete`] only when all of `input` is a proper prefix of a
///   sequence that more bytes could complete, or when more bytes could change
///   what the front is (a WTF-8 lead surrogate that a trail surrogate may
///   follow) and `last` is false.
///
/// It must be *prefix-consistent*: if it returns anything but `Incomplete` for
/// `input` with `last` false, it returns the same for every longer input that
/// starts with `input`. This is what makes streaming give the same output for
/// every way of splitting the input into chunks. `last` tells it that no byte
/// follows `input`; most codecs ignore it (the driver turns a final
/// `Incomplete` into a truncation error), but a sequence whose meaning
/// depends on what follows (Corrected UTF-8's reserved sequences, WTF-8 and
/// WTF-16 lead surrogates) needs it.
///
/// For [`Step::Invalid`], `len` is the length of the *maximal subpart*: the
/// longest prefix that is the start of some well-formed sequence, or 1. Replace
/// mode then emits one `U+FFFD` per subpart, which for UTF-8 is exactly the
/// WHATWG utf-8 decoder.
///
/// # State between steps
///
/// A codec whose bytes mean different things after a shift (iso-2022-jp's
/// escape sequences) implements [`decode_step_in`](Decode::decode_step_in)
/// instead: the same contract, with the state the steps before it left, a
/// `u32` that only the codec reads, 0 at the start of a stream. Its
/// `decode_step` is the step in state 0. The drivers keep the state from
/// step to step and from chunk to chunk, and keep a step's change of it
/// only when they consume the step's bytes. Such a codec keeps
/// [`restart_point`](Decode::restart_point) at `None`, and its fast paths,
/// if any, run only in state 0 and stop before anything that changes it.
///
/// # Fast paths
///
/// A codec with bulk (SIMD, ASCII-skipping) code returns it from
/// [`fast_paths`](Decode::fast_paths) ([`FastPaths`]). The drivers in
/// [`crate::reference`] never call them, so a codec's tests can compare the
/// two.
///
/// # Examples
///
/// A decoder for ASCII:
///
/// ```
/// use codec_core::{CodePoint, Decode, DecodeMode, ErrorKind, Step};
///
/// struct Ascii;
/// impl Decode for Ascii {
///     type Point = CodePoint;
///     fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
///         match input[0] {
///             b @ 0..=0x7F => Step::Point { point: CodePoint::from(b), len: 1 },
///             _ => Step::Invalid { kind: ErrorKind::InvalidLead, len: 1 },
///         }
///     }
/// }
///
/// assert_eq!(Ascii.decode(b"hi").unwrap(), [CodePoint::new(0x68), CodePoint::new(0x69)]);
/// let err = Ascii.validate(b"h\xE9").unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len()), (1, Some(1)));
/// let lossy = Ascii.decode_with(b"\xE9", DecodeMode::Latin1).unwrap();
/// assert_eq!(lossy, [CodePoint::new(0xE9)]);
/// ```
pub trait Decode {
    /// The code point type: [`CodePoint`], or `BigCodePoint` for UTF-∞-8.
    type Point: AnyCodePoint;

    /// Decodes one sequence from the front of `input` (never empty); see the
    /// trait docs for the contract.
    fn decode_step(&self, input: &[u8], last: bool) -> Step<Self::Point>;

    /// Decodes one sequence from the front of `input` in `state`, the state
    /// the steps before it left (0 at the start of a stream), and updates
    /// `state` as the step changes it; see the trait docs. By default, a
    /// codec without state: [`decode_step`](Decode::decode_step).
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::{CodePoint, Decode, ErrorKind, Step};
    ///
    /// /// Bytes below 0x80 as themselves; `0E` shifts them up by 0x80, `0F` back.
    /// struct Shifted;
    /// impl Decode for Shifted {
    ///     type Point = CodePoint;
    ///     fn decode_step(&self, input: &[u8], last: bool) -> Step<CodePoint> {
    ///         self.decode_step_in(&mut 0, input, last)
    ///     }
    ///     fn decode_step_in(&self, state: &mut u32, input: &[u8], _last: bool) -> Step<CodePoint> {
    ///         match input[0] {
    ///             b @ (0x0E | 0x0F) => {
    ///                 *state = u32::from(b == 0x0E);
    ///                 Step::Shift { len: 1 }
    ///             }
    ///             b @ 0..=0x7F => Step::Point { point: CodePoint::new(u32::from(b) + 0x80 * *state), len: 1 },
    ///             _ => Step::Invalid { kind: ErrorKind::InvalidLead, len: 1 },
    ///         }
    ///     }
    /// }
    ///
    /// let text = Shifted.decode_to_string(b"a\x0Ea\x0Fa").unwrap();
    /// assert_eq!(text, "a\u{E1}a");
    /// // The state goes from chunk to chunk.
    /// let mut decoder = Shifted.decoder(codec_core::DecodeMode::Fatal);
    /// let mut out = Vec::new();
    /// decoder.decode_chunk(b"\x0E", false, &mut out).unwrap();
    /// decoder.decode_chunk(b"a", true, &mut out).unwrap();
    /// assert_eq!(out, [CodePoint::new(0xE1)]);
    /// ```
    fn decode_step_in(&self, state: &mut u32, input: &[u8], last: bool) -> Step<Self::Point> {
        let _ = state;
        self.decode_step(input, last)
    }

    /// Returns the codec's bulk kernels ([`FastPaths`]), or `None` (the
    /// default) when it has none. The drivers hand them well-formed runs;
    /// [`crate::reference`] never calls them.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::Decode;
    /// # use codec_core::doc_example::Ascii;
    /// // The example codec has none.
    /// assert!(Decode::fast_paths(&Ascii).is_none());
    /// ```
    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        None
    }

    /// Returns whether `form`, one sequence that
    /// [`decode_step`](Decode::decode_step) has just read as a code point, is
    /// the form this codec's encoder writes for that code point: true (the
    /// default) unless the codec reads several forms of one code point.
    ///
    /// [`DecodeMode::Escape`] escapes the other forms byte by byte, so that
    /// encoding back restores every byte (decision 0003). A codec that
    /// overrides it keeps its fast paths to the forms it writes.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::Decode;
    /// # use codec_core::{CodePoint, Step};
    /// # use codec_core::doc_example::Ascii;
    /// assert!(Ascii.is_canonical(b"a"));
    /// ```
    fn is_canonical(&self, form: &[u8]) -> bool {
        let _ = form;
        true
    }

    /// Returns whether `form`, read as a code point (or two) by
    /// [`decode_step_in`](Decode::decode_step_in) in `state`, is what this
    /// codec's encoder writes for it when it is where a decoder in `state`
    /// is ([`Encode::encode_raw_in`] tells how the encoder follows it there):
    /// the same bytes, nothing before them. By default, the codec's answer
    /// without state: [`is_canonical`](Decode::is_canonical).
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::Decode;
    /// # use codec_core::doc_example::Ascii;
    /// assert!(Ascii.is_canonical_in(0, b"a"));
    /// ```
    fn is_canonical_in(&self, state: u32, form: &[u8]) -> bool {
        let _ = state;
        self.is_canonical(form)
    }

    /// Returns a restart point of `input`, which starts where a decoder of
    /// this codec holds nothing back (the start of a stream, or an earlier
    /// restart point): a position `p` in `1..=input.len()` after which such
    /// a decoder, in any mode, again holds nothing back and has reported
    /// every error before `p`. A fresh decoder then decodes what follows
    /// `p` exactly as the continuing one would (offsets aside), so the two
    /// sides of `p` can be decoded apart, in parallel.
    ///
    /// It looks back a bounded distance from the end of `input` and returns
    /// the last point it finds there; `None` (the default) when it finds
    /// none or cannot tell. A codec whose decoding depends on more than the
    /// bytes since the last such point (a signature at the start of the
    /// stream, say) keeps the default.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::Decode;
    /// # use codec_core::{CodePoint, Step};
    /// # use codec_core::doc_example::Ascii;
    /// // Without knowledge of the codec's sequences, there is none.
    /// assert_eq!(Ascii.restart_point(b"ok"), None);
    /// ```
    fn restart_point(&self, input: &[u8]) -> Option<usize> {
        let _ = input;
        None
    }

    /// Returns `Ok` when all of `input` is well-formed, else the first error.
    ///
    /// # Errors
    ///
    /// The first ill-formed subpart, as a [`DecodeError`].
    fn validate(&self, input: &[u8]) -> Result<(), DecodeError> {
        crate::stream::validate(self, input, true)
    }

    /// Returns the length of the longest well-formed prefix of `input`.
    fn valid_up_to(&self, input: &[u8]) -> usize {
        match self.validate(input) {
            Ok(()) => input.len(),
            Err(e) => e.valid_up_to(),
        }
    }

    /// Decodes all of `input`, failing at the first error.
    ///
    /// # Errors
    ///
    /// The first ill-formed subpart, as a [`DecodeError`].
    fn decode(&self, input: &[u8]) -> Result<Vec<Self::Point>, DecodeError> {
        self.decode_with(input, DecodeMode::Fatal)
    }

    /// Decodes all of `input` with one `U+FFFD` per ill-formed subpart.
    fn decode_lossy(&self, input: &[u8]) -> Vec<Self::Point> {
        let mut out = Vec::with_capacity(input.len());
        let result = Decoder::new(self, DecodeMode::Replace).decode_chunk(input, true, &mut out);
        debug_assert!(result.is_ok(), "replace mode never fails");
        out
    }

    /// Decodes all of `input` in error mode `mode`.
    ///
    /// # Errors
    ///
    /// Only in [`DecodeMode::Fatal`]: the first ill-formed subpart.
    fn decode_with(&self, input: &[u8], mode: DecodeMode) -> Result<Vec<Self::Point>, DecodeError> {
        let mut out = Vec::with_capacity(input.len());
        self.decode_into(input, mode, &mut out)?;
        Ok(out)
    }

    /// Decodes all of `input` in error mode `mode`, appending to `out`.
    ///
    /// # Errors
    ///
    /// Only in [`DecodeMode::Fatal`]: the first ill-formed subpart. Then `out`
    /// is left as it was: a fatal error writes nothing.
    fn decode_into(&self, input: &[u8], mode: DecodeMode, out: &mut Vec<Self::Point>) -> Result<(), DecodeError> {
        let before = out.len();
        let result = Decoder::new(self, mode).decode_chunk(input, true, out);
        if result.is_err() {
            out.truncate(before);
        }
        result
    }

    /// Decodes all of `input` into a `String`, failing at the first error: an
    /// ill-formed subpart, or a code point a `String` cannot hold (a
    /// surrogate, `surrogate`; a value beyond U+10FFFF, `out_of_range`).
    ///
    /// # Errors
    ///
    /// The first such subpart, as a [`DecodeError`].
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Decode, ErrorKind, Step};
    /// # use codec_core::doc_example::Ascii;
    /// assert_eq!(Ascii.decode_to_string(b"ok").unwrap(), "ok");
    /// assert_eq!(Ascii.decode_to_string(b"o\xFF").unwrap_err().valid_up_to(), 1);
    /// ```
    fn decode_to_string(&self, input: &[u8]) -> Result<String, DecodeError> {
        let mut out = String::with_capacity(input.len());
        let (_, _) = Decoder::new(self, DecodeMode::Fatal).decode_to_sink(input, true, &mut out)?;
        Ok(out)
    }

    /// Decodes all of `input` into a `String` with one U+FFFD per ill-formed
    /// subpart and per code point a `String` cannot hold.
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Decode, ErrorKind, Step};
    /// # use codec_core::doc_example::Ascii;
    /// assert_eq!(Ascii.decode_to_string_lossy(b"o\xFFk"), "o\u{FFFD}k");
    /// ```
    #[must_use]
    fn decode_to_string_lossy(&self, input: &[u8]) -> String {
        let mut out = String::with_capacity(input.len());
        let result = Decoder::new(self, DecodeMode::Replace).decode_to_sink(input, true, &mut out);
        debug_assert!(result.is_ok(), "replace mode never fails");
        out
    }

    /// Decodes all of `input` into a `String` as
    /// [`decode_to_string_lossy`](Decode::decode_to_string_lossy) does, and
    /// says whether it replaced anything (encoding_rs's `had_errors`), in
    /// the same pass.
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Decode, ErrorKind, Step};
    /// # use codec_core::doc_example::Ascii;
    /// assert_eq!(Ascii.decode_to_string_replacing(b"o\xFFk"), ("o\u{FFFD}k".to_string(), true));
    /// assert_eq!(Ascii.decode_to_string_replacing(b"ok"), ("ok".to_string(), false));
    /// ```
    #[must_use]
    fn decode_to_string_replacing(&self, input: &[u8]) -> (String, bool) {
        let mut out = String::with_capacity(input.len());
        let mut decoder = Decoder::new(self, DecodeMode::Replace);
        let result = decoder.decode_to_sink(input, true, &mut out);
        debug_assert!(result.is_ok(), "replace mode never fails");
        (out, decoder.had_errors())
    }

    /// Decodes all of `input` into UTF-16 code units (a surrogate code point
    /// as itself), failing at the first ill-formed subpart or code point
    /// beyond U+10FFFF.
    ///
    /// # Errors
    ///
    /// The first such subpart, as a [`DecodeError`].
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Decode, ErrorKind, Step};
    /// # use codec_core::doc_example::Ascii;
    /// assert_eq!(Ascii.decode_to_utf16(b"ok").unwrap(), [0x6F, 0x6B]);
    /// ```
    fn decode_to_utf16(&self, input: &[u8]) -> Result<Vec<u16>, DecodeError> {
        let mut out = Vec::with_capacity(input.len());
        let (_, _) = Decoder::new(self, DecodeMode::Fatal).decode_to_sink(input, true, &mut out)?;
        Ok(out)
    }

    /// Decodes all of `input` into UTF-16 code units with one U+FFFD per
    /// ill-formed subpart and per code point beyond U+10FFFF.
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Decode, ErrorKind, Step};
    /// # use codec_core::doc_example::Ascii;
    /// assert_eq!(Ascii.decode_to_utf16_lossy(b"\xFF"), [0xFFFD]);
    /// ```
    #[must_use]
    fn decode_to_utf16_lossy(&self, input: &[u8]) -> Vec<u16> {
        let mut out = Vec::with_capacity(input.len());
        let result = Decoder::new(self, DecodeMode::Replace).decode_to_sink(input, true, &mut out);
        debug_assert!(result.is_ok(), "replace mode never fails");
        out
    }

    /// Returns how many UTF-16 code units
    /// [`decode_to_utf16`](Decode::decode_to_utf16) writes for `input`,
    /// without writing them (simdutf's `utf16_length_from_utf8`, with the
    /// input checked): the codec's counting kernel, where it has one.
    ///
    /// # Errors
    ///
    /// Where `decode_to_utf16` fails: the first ill-formed subpart or code
    /// point beyond U+10FFFF, as a [`DecodeError`].
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Decode, ErrorKind, Step};
    /// # use codec_core::doc_example::Ascii;
    /// assert_eq!(Ascii.utf16_len(b"ok"), Ok(2));
    /// assert_eq!(Ascii.utf16_len(b"o\xFF").unwrap_err().valid_up_to(), 1);
    /// ```
    fn utf16_len(&self, input: &[u8]) -> Result<usize, DecodeError> {
        let mut count = CountUtf16::default();
        let (_, _) = Decoder::new(self, DecodeMode::Fatal).decode_to_sink(input, true, &mut count)?;
        Ok(count.0)
    }

    /// Returns how many UTF-16 code units
    /// [`decode_to_utf16_lossy`](Decode::decode_to_utf16_lossy) writes for
    /// `input`, without writing them (simdutf's `…_with_replacement`
    /// lengths: each U+FFFD counted).
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Decode, ErrorKind, Step};
    /// # use codec_core::doc_example::Ascii;
    /// assert_eq!(Ascii.utf16_len_lossy(b"o\xFFk"), 3);
    /// ```
    #[must_use]
    fn utf16_len_lossy(&self, input: &[u8]) -> usize {
        let mut count = CountUtf16::default();
        let result = Decoder::new(self, DecodeMode::Replace).decode_to_sink(input, true, &mut count);
        debug_assert!(result.is_ok(), "replace mode never fails");
        count.0
    }

    /// Returns how many UTF-8 bytes
    /// [`decode_to_string`](Decode::decode_to_string) writes for `input`,
    /// without writing them (simdutf's `utf8_length_from_utf16le`, with
    /// the input checked).
    ///
    /// # Errors
    ///
    /// Where `decode_to_string` fails, as a [`DecodeError`].
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Decode, ErrorKind, Step};
    /// # use codec_core::doc_example::Ascii;
    /// assert_eq!(Ascii.utf8_len(b"ok"), Ok(2));
    /// ```
    fn utf8_len(&self, input: &[u8]) -> Result<usize, DecodeError> {
        let mut count = CountUtf8::default();
        let (_, _) = Decoder::new(self, DecodeMode::Fatal).decode_to_sink(input, true, &mut count)?;
        Ok(count.0)
    }

    /// Returns how many UTF-8 bytes
    /// [`decode_to_string_lossy`](Decode::decode_to_string_lossy) writes
    /// for `input`, without writing them (simdutf's
    /// `utf8_length_from_utf16le_with_replacement`: each U+FFFD three
    /// bytes).
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Decode, ErrorKind, Step};
    /// # use codec_core::doc_example::Ascii;
    /// assert_eq!(Ascii.utf8_len_lossy(b"o\xFFk"), 5);
    /// ```
    #[must_use]
    fn utf8_len_lossy(&self, input: &[u8]) -> usize {
        let mut count = CountUtf8::default();
        let result = Decoder::new(self, DecodeMode::Replace).decode_to_sink(input, true, &mut count);
        debug_assert!(result.is_ok(), "replace mode never fails");
        count.0
    }

    /// Returns how many code points [`decode`](Decode::decode) gives for
    /// `input`, without keeping them (simdutf's `count_utf8`, with the
    /// input checked).
    ///
    /// # Errors
    ///
    /// Where `decode` fails: the first ill-formed subpart, as a
    /// [`DecodeError`].
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Decode, ErrorKind, Step};
    /// # use codec_core::doc_example::Ascii;
    /// assert_eq!(Ascii.count_code_points(b"ok"), Ok(2));
    /// ```
    fn count_code_points(&self, input: &[u8]) -> Result<usize, DecodeError> {
        let mut count = CountPoints::default();
        let (_, _) = Decoder::new(self, DecodeMode::Fatal).decode_to_sink(input, true, &mut count)?;
        Ok(count.0)
    }

    /// Returns how many code points
    /// [`decode_lossy`](Decode::decode_lossy) gives for `input`, without
    /// keeping them.
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Decode, ErrorKind, Step};
    /// # use codec_core::doc_example::Ascii;
    /// assert_eq!(Ascii.count_code_points_lossy(b"o\xFF\xFFk"), 4);
    /// ```
    #[must_use]
    fn count_code_points_lossy(&self, input: &[u8]) -> usize {
        let mut count = CountPoints::default();
        let result = Decoder::new(self, DecodeMode::Replace).decode_to_sink(input, true, &mut count);
        debug_assert!(result.is_ok(), "replace mode never fails");
        count.0
    }

    /// Iterates over the items of `input` with their byte offsets: each
    /// well-formed sequence as `Ok`, each ill-formed subpart as `Err`, going on
    /// after errors.
    fn items<'a>(&'a self, input: &'a [u8]) -> Items<'a, Self>
    where
        Self: Sized,
    {
        Items::new(self, input)
    }

    /// Returns a streaming decoder over this codec.
    fn decoder(&self, mode: DecodeMode) -> Decoder<&Self>
    where
        Self: Sized,
    {
        Decoder::new(self, mode)
    }
}

/// Encoding code points into bytes: a codec implements
/// [`encode_step`](Encode::encode_step) and gets every other method.
///
/// # The contract of `encode_step`
///
/// Given a non-empty `input`, it encodes the code point at the front (or, when
/// the spec joins them, the first few), appends the bytes to `out` and returns
/// [`EncodeStep::Done`] with how many it consumed. If the first code point
/// cannot be encoded it appends nothing and returns
/// [`EncodeStep::Invalid`]. It returns [`EncodeStep::Incomplete`] only when
/// `last` is false and the first code point's encoding depends on the ones
/// after `input`. Like decoding, it must be prefix-consistent.
///
/// # State between steps
///
/// A codec that writes a shift before a character of another set
/// (iso-2022-jp's escape sequences) implements
/// [`encode_step_in`](Encode::encode_step_in), whose state (a `u32` only
/// the codec reads, 0 at the start) the drivers keep from step to step and
/// chunk to chunk, and [`encode_finish_in`](Encode::encode_finish_in),
/// which they call once at the end of the stream (the one-shot methods, a
/// streaming [`Encoder`] given `last`, the `Transcoder`). In escape mode the
/// drivers write an escaped byte themselves and tell the codec with
/// [`encode_raw_in`](Encode::encode_raw_in), so that it follows the bytes
/// as a decoder would and `encode(decode(bytes))` gives the bytes back.
///
/// # Examples
///
/// ```
/// use codec_core::{CodePoint, Encode, EncodeMode, EncodeStep, ErrorKind};
///
/// struct Ascii;
/// impl Encode for Ascii {
///     type Point = CodePoint;
///     fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
///         match u8::try_from(input[0].to_u32()) {
///             Ok(b) if b < 0x80 => { out.push(b); EncodeStep::Done(1) }
///             _ => EncodeStep::Invalid(ErrorKind::OutOfRange),
///         }
///     }
/// }
///
/// assert_eq!(Ascii.encode_str("hi").unwrap(), b"hi");
/// let err = Ascii.encode_str("hé").unwrap_err();
/// assert_eq!((err.index(), err.code_point().to_u32()), (1, 0xE9));
/// let html = Ascii.encode_with(&[CodePoint::new(0xE9)], EncodeMode::Html).unwrap();
/// assert_eq!(html, b"&#233;");
/// ```
pub trait Encode {
    /// The code point type: [`CodePoint`], or `BigCodePoint` for UTF-∞-8.
    type Point: AnyCodePoint;

    /// Encodes the code point(s) at the front of `input` (never empty); see the
    /// trait docs for the contract.
    fn encode_step(&self, input: &[Self::Point], last: bool, out: &mut Vec<u8>) -> EncodeStep;

    /// Encodes the code point(s) at the front of `input` in `state`, the
    /// state the steps before it left (0 at the start of a stream), and
    /// updates `state` as its bytes change it: the contract of
    /// [`encode_step`](Encode::encode_step), which it is by default. An
    /// `Invalid` step leaves `state` as it was.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::{CodePoint, Encode, EncodeStep, ErrorKind};
    ///
    /// /// U+0000..U+007F as bytes; U+0080..U+00FF after a shift `0E`, `0F` back.
    /// struct Shifted;
    /// impl Encode for Shifted {
    ///     type Point = CodePoint;
    ///     fn encode_step(&self, input: &[CodePoint], last: bool, out: &mut Vec<u8>) -> EncodeStep {
    ///         self.encode_step_in(&mut 0, input, last, out)
    ///     }
    ///     fn encode_step_in(&self, state: &mut u32, input: &[CodePoint], _: bool, out: &mut Vec<u8>) -> EncodeStep {
    ///         let Ok(b) = u8::try_from(input[0].to_u32()) else { return EncodeStep::Invalid(ErrorKind::OutOfRange) };
    ///         let shifted = u32::from(b >= 0x80);
    ///         if shifted != *state {
    ///             out.push(if shifted == 1 { 0x0E } else { 0x0F });
    ///             *state = shifted;
    ///         }
    ///         out.push(b & 0x7F);
    ///         EncodeStep::Done(1)
    ///     }
    ///     fn encode_finish_in(&self, state: &mut u32, out: &mut Vec<u8>) {
    ///         if *state == 1 {
    ///             out.push(0x0F);
    ///         }
    ///         *state = 0;
    ///     }
    /// }
    ///
    /// assert_eq!(Shifted.encode_str("a\u{E1}\u{E2}").unwrap(), b"a\x0Eab\x0F");
    /// ```
    fn encode_step_in(&self, state: &mut u32, input: &[Self::Point], last: bool, out: &mut Vec<u8>) -> EncodeStep {
        let _ = state;
        self.encode_step(input, last, out)
    }

    /// Updates `state` for `byte`, which escape mode wrote as itself (an
    /// escape code point, decision 0003), as a decoder would on reading it
    /// there, so that what the encoder writes next reads as it should.
    /// Nothing by default.
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::doc_example::Ascii;
    /// use codec_core::Encode;
    /// let mut state = 0;
    /// Ascii.encode_raw_in(&mut state, 0xFF);
    /// assert_eq!(state, 0);
    /// ```
    fn encode_raw_in(&self, state: &mut u32, byte: u8) {
        let _ = (state, byte);
    }

    /// Appends what ends a stream in `state` (iso-2022-jp's return to
    /// ASCII), and leaves `state` at 0. Called once, after the last step.
    /// Nothing by default.
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::doc_example::Ascii;
    /// use codec_core::Encode;
    /// let mut out = Vec::new();
    /// Ascii.encode_finish_in(&mut 0, &mut out);
    /// assert!(out.is_empty());
    /// ```
    fn encode_finish_in(&self, state: &mut u32, out: &mut Vec<u8>) {
        let _ = (state, out);
    }

    /// Returns the codec's bulk kernels ([`FastPaths`]), or `None` (the
    /// default) when it has none, as [`Decode::fast_paths`] does.
    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        None
    }

    /// Returns whether the bytes this codec writes for each code point
    /// depend on that code point and the error mode alone: no signature at
    /// the start, nothing that looks ahead or back, so that encoding two
    /// runs of code points apart and joining the bytes gives what encoding
    /// them in one run gives. False (the default) unless the codec says so.
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Encode, EncodeStep, ErrorKind};
    /// # use codec_core::doc_example::Ascii;
    /// assert!(!Ascii.is_context_free());
    /// ```
    fn is_context_free(&self) -> bool {
        false
    }

    /// Returns how many bytes one code unit of the encoding takes: 1 (the
    /// default) for an encoding of bytes, 2 for UTF-16's. Escape mode
    /// ([`EncodeMode::Escape`]) writes an escaped byte as itself only
    /// where a unit is a byte; elsewhere a raw byte has no place among the
    /// units, so the escape code point is encoded as any other (a lone
    /// surrogate in WTF-16, an error in UTF-16, as CPython's
    /// `surrogateescape` raises there).
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::doc_example::Ascii;
    /// use codec_core::Encode;
    /// assert_eq!(Ascii.unit_len(), 1);
    /// ```
    fn unit_len(&self) -> usize {
        1
    }

    /// Encodes all of `input`, failing at the first unencodable code point.
    ///
    /// # Errors
    ///
    /// The first code point the codec cannot encode, with its index.
    fn encode(&self, input: &[Self::Point]) -> Result<Vec<u8>, EncodeError<Self::Point>> {
        self.encode_with(input, EncodeMode::Fatal)
    }

    /// Encodes all of `input` in error mode `mode`.
    ///
    /// # Errors
    ///
    /// In [`EncodeMode::Fatal`] and [`EncodeMode::Escape`]: the first code
    /// point the codec cannot encode; in every mode, a codec that cannot
    /// encode even the replacement (or the ASCII of `&#N;`).
    fn encode_with(&self, input: &[Self::Point], mode: EncodeMode) -> Result<Vec<u8>, EncodeError<Self::Point>> {
        let mut out = Vec::with_capacity(input.len());
        self.encode_into(input, mode, &mut out)?;
        Ok(out)
    }

    /// Encodes all of `input` in error mode `mode`, appending to `out`.
    ///
    /// # Errors
    ///
    /// As [`encode_with`](Encode::encode_with); then `out` is left as it was.
    fn encode_into(
        &self,
        input: &[Self::Point],
        mode: EncodeMode,
        out: &mut Vec<u8>,
    ) -> Result<(), EncodeError<Self::Point>> {
        let before = out.len();
        let result = Encoder::new(self, mode).encode_chunk(input, true, out);
        if result.is_err() {
            out.truncate(before);
        }
        result
    }

    /// Encodes a string, failing at the first unencodable character.
    ///
    /// # Errors
    ///
    /// The first character the codec cannot encode, with its index in chars.
    fn encode_str(&self, s: &str) -> Result<Vec<u8>, EncodeError<Self::Point>> {
        let mut encoder = Encoder::new(self, EncodeMode::Fatal);
        let mut out = Vec::with_capacity(s.len());
        let mut buf: Vec<Self::Point> = Vec::with_capacity(256);
        let mut chars = s.chars().peekable();
        while chars.peek().is_some() {
            buf.clear();
            buf.extend(chars.by_ref().take(256).map(|c| Self::Point::from(CodePoint::from(c))));
            encoder.encode_chunk(&buf, chars.peek().is_none(), &mut out)?;
        }
        Ok(out)
    }

    /// Encodes UTF-16 code units (potentially ill-formed: a lone surrogate is
    /// a code point of its own, which the codec may refuse), failing at the
    /// first code point the codec cannot encode.
    ///
    /// # Errors
    ///
    /// The first such code point, with its index in code points.
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Encode, EncodeStep, ErrorKind};
    /// # use codec_core::doc_example::Ascii;
    /// assert_eq!(Ascii.encode_utf16(&[0x6F, 0x6B]).unwrap(), b"ok");
    /// assert_eq!(Ascii.encode_utf16(&[0x6F, 0xD83D, 0xDCA9]).unwrap_err().index(), 1);
    /// ```
    fn encode_utf16(&self, units: &[u16]) -> Result<Vec<u8>, EncodeError<Self::Point>> {
        let mut encoder = Encoder::new(self, EncodeMode::Fatal);
        let mut out = Vec::with_capacity(units.len() * 2);
        let mut buf: Vec<Self::Point> = Vec::with_capacity(256);
        let mut points = CodePoint::decode_utf16(units.iter().copied()).peekable();
        while points.peek().is_some() {
            buf.clear();
            buf.extend(points.by_ref().take(256).map(Self::Point::from));
            encoder.encode_chunk(&buf, points.peek().is_none(), &mut out)?;
        }
        if units.is_empty() {
            encoder.encode_chunk(&[], true, &mut out)?;
        }
        Ok(out)
    }

    /// Returns how many bytes encoding `text` in error mode `mode` writes
    /// (all that [`Encoder::encode_from_str`] writes for it, closing bytes
    /// included), without keeping them: the exact size of the buffer, as
    /// simdutf's lengths give it toward UTF-16 and UTF-32, for every codec
    /// and mode. It encodes through a buffer on the stack.
    ///
    /// # Errors
    ///
    /// Where `encode_from_str` fails in a fatal mode: the first character
    /// the codec cannot encode, as an [`EncodeError`].
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Encode, EncodeMode, EncodeStep, ErrorKind};
    /// # use codec_core::doc_example::Ascii;
    /// assert_eq!(Ascii.encoded_len("ok", EncodeMode::Fatal), Ok(2));
    /// assert_eq!(Ascii.encoded_len("\u{E9}!", EncodeMode::Replace), Ok(2));
    /// assert!(Ascii.encoded_len("\u{E9}", EncodeMode::Fatal).is_err());
    /// ```
    fn encoded_len(&self, text: &str, mode: EncodeMode) -> Result<usize, EncodeError>
    where
        Self: Sized + Encode<Point = CodePoint>,
    {
        let mut encoder = Encoder::new(self, mode);
        let mut buffer = [0u8; 1024];
        let (mut len, mut rest) = (0, text);
        loop {
            let (status, read, written) = encoder.encode_from_str(rest, &mut buffer, true);
            (len, rest) = (len + written, &rest[read..]);
            match status {
                Status::InputEmpty => return Ok(len),
                Status::OutputFull => {}
                Status::Error(error) => return Err(error),
            }
        }
    }

    /// Returns a streaming encoder over this codec.
    fn encoder(&self, mode: EncodeMode) -> Encoder<&Self>
    where
        Self: Sized,
    {
        Encoder::new(self, mode)
    }
}

/// The whole-input methods of [`Decode`] that a codec may answer faster
/// than its steps (validation, strings, lengths), forwarded to `$inner`:
/// for the views whose every result is the inner codec's, `&D` and
/// `Big<C>`, so that they keep the codec's own one-pass forms.
macro_rules! forward_whole_input {
    ($self:ident, $inner:expr) => {
        fn validate(&$self, input: &[u8]) -> Result<(), crate::DecodeError> {
            $inner.validate(input)
        }

        fn decode_to_string(&$self, input: &[u8]) -> Result<alloc::string::String, crate::DecodeError> {
            $inner.decode_to_string(input)
        }

        fn decode_to_string_lossy(&$self, input: &[u8]) -> alloc::string::String {
            $inner.decode_to_string_lossy(input)
        }

        fn decode_to_string_replacing(&$self, input: &[u8]) -> (alloc::string::String, bool) {
            $inner.decode_to_string_replacing(input)
        }

        fn utf16_len(&$self, input: &[u8]) -> Result<usize, crate::DecodeError> {
            $inner.utf16_len(input)
        }

        fn utf16_len_lossy(&$self, input: &[u8]) -> usize {
            $inner.utf16_len_lossy(input)
        }

        fn utf8_len(&$self, input: &[u8]) -> Result<usize, crate::DecodeError> {
            $inner.utf8_len(input)
        }

        fn utf8_len_lossy(&$self, input: &[u8]) -> usize {
            $inner.utf8_len_lossy(input)
        }

        fn count_code_points(&$self, input: &[u8]) -> Result<usize, crate::DecodeError> {
            $inner.count_code_points(input)
        }

        fn count_code_points_lossy(&$self, input: &[u8]) -> usize {
            $inner.count_code_points_lossy(input)
        }
    };
}
pub(crate) use forward_whole_input;

impl<D: Decode + ?Sized> Decode for &D {
    type Point = D::Point;

    #[inline]
    fn decode_step(&self, input: &[u8], last: bool) -> Step<D::Point> {
        (**self).decode_step(input, last)
    }

    #[inline]
    fn decode_step_in(&self, state: &mut u32, input: &[u8], last: bool) -> Step<D::Point> {
        (**self).decode_step_in(state, input, last)
    }

    fn is_canonical_in(&self, state: u32, form: &[u8]) -> bool {
        (**self).is_canonical_in(state, form)
    }

    forward_whole_input!(self, (**self));

    #[inline]
    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        (**self).fast_paths()
    }

    #[inline]
    fn is_canonical(&self, form: &[u8]) -> bool {
        (**self).is_canonical(form)
    }

    fn restart_point(&self, input: &[u8]) -> Option<usize> {
        (**self).restart_point(input)
    }
}

impl<E: Encode + ?Sized> Encode for &E {
    type Point = E::Point;

    #[inline]
    fn encode_step(&self, input: &[E::Point], last: bool, out: &mut Vec<u8>) -> EncodeStep {
        (**self).encode_step(input, last, out)
    }

    #[inline]
    fn encode_step_in(&self, state: &mut u32, input: &[E::Point], last: bool, out: &mut Vec<u8>) -> EncodeStep {
        (**self).encode_step_in(state, input, last, out)
    }

    fn encode_raw_in(&self, state: &mut u32, byte: u8) {
        (**self).encode_raw_in(state, byte);
    }

    fn encode_finish_in(&self, state: &mut u32, out: &mut Vec<u8>) {
        (**self).encode_finish_in(state, out);
    }

    #[inline]
    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        (**self).fast_paths()
    }

    fn is_context_free(&self) -> bool {
        (**self).is_context_free()
    }

    fn unit_len(&self) -> usize {
        (**self).unit_len()
    }
}

/// One decoded item with its place in the input.
///
/// # Examples
///
/// ```
/// use codec_core::{CodePoint, Item};
/// let item = Item { offset: 3, len: 2, point: Some(CodePoint::new(0xE9)) };
/// assert_eq!(item.end(), 5);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Item<P> {
    /// Byte offset of the sequence.
    pub offset: usize,
    /// Length of the sequence in bytes.
    pub len: usize,
    /// The code point it encodes, or `None` for a reserved sequence
    /// ([`Step::Reserved`]). A sequence of two code points
    /// ([`Step::Pair`]) is two items: the first with its bytes, the second
    /// of length 0 at its end.
    pub point: Option<P>,
}

impl<P> Item<P> {
    /// Returns the offset just past the sequence.
    #[must_use]
    pub fn end(&self) -> usize {
        self.offset + self.len
    }
}

/// An iterator over the items of a byte slice; see [`Decode::items`].
///
/// An error item's [`DecodeError::valid_up_to`] is its offset and
/// [`DecodeError::error_len`] its length (`None` for a truncated sequence at
/// the end, which is then the last item). A stateful codec's shift
/// sequences ([`Step::Shift`]) are no items: the next item starts after
/// them.
///
/// # Examples
///
/// ```
/// # use codec_core::{CodePoint, Decode, ErrorKind, Step};
/// # use codec_core::doc_example::Ascii;
/// let items: Vec<_> = Ascii.items(b"a\xFFb").collect();
/// assert_eq!(items.len(), 3);
/// assert_eq!(items[1].as_ref().unwrap_err().valid_up_to(), 1);
/// assert_eq!(items[2].as_ref().unwrap().offset, 2);
/// ```
#[derive(Debug, Clone)]
pub struct Items<'a, D: Decode + ?Sized> {
    codec: &'a D,
    input: &'a [u8],
    pos: usize,
    /// The codec's state ([`Decode::decode_step_in`]).
    state: u32,
    /// The second code point of a [`Step::Pair`], yielded next.
    second: Option<D::Point>,
}

impl<'a, D: Decode + ?Sized> Items<'a, D> {
    /// Iterates over the items of `input` in `codec`: what
    /// [`Decode::items`] returns, for any codec, a trait object too.
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Decode, ErrorKind, Step};
    /// # use codec_core::doc_example::Ascii;
    /// assert_eq!(codec_core::Items::new(&Ascii, b"ab").count(), 2);
    /// ```
    pub fn new(codec: &'a D, input: &'a [u8]) -> Self {
        Items { codec, input, pos: 0, state: 0, second: None }
    }
}

impl<D: Decode + ?Sized> Iterator for Items<'_, D> {
    type Item = Result<Item<D::Point>, DecodeError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(point) = self.second.take() {
            return Some(Ok(Item { offset: self.pos, len: 0, point: Some(point) }));
        }
        loop {
            let rest = self.input.get(self.pos..).filter(|r| !r.is_empty())?;
            let offset = self.pos;
            let (front, state) = crate::stream::front(self.codec, self.state, rest, true);
            self.state = state;
            let (len, item) = match front {
                Front::Point(point, len) => (len, Ok(Item { offset, len, point: Some(point) })),
                Front::Pair(point, second, len) => {
                    self.second = Some(second);
                    (len, Ok(Item { offset, len, point: Some(point) }))
                }
                Front::Reserved(len) => (len, Ok(Item { offset, len, point: None })),
                Front::Shift(len) => {
                    self.pos += len;
                    continue;
                }
                Front::Invalid(kind, len, error_len) => (len, Err(DecodeError::new(offset, error_len, kind))),
                // With `last`, the front is never left undecided.
                Front::NeedMore => (rest.len(), Err(DecodeError::new(offset, None, ErrorKind::Truncated))),
            };
            self.pos += len;
            return Some(item);
        }
    }
}

impl<D: Decode + ?Sized> core::iter::FusedIterator for Items<'_, D> {}

/// Which surrogate code points a codec's domain holds.
///
/// # Examples
///
/// ```
/// assert_ne!(codec_core::Surrogates::None, codec_core::Surrogates::All);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Surrogates {
    /// No surrogates (UTF-8, UTF-16, CESU-8, Corrected UTF-8).
    None,
    /// Surrogates that are not a lead+trail pair (WTF-8, WTF-16).
    Unpaired,
    /// Every surrogate, in any order (generalized UTF-8, RFC 2279, UTF-∞-8).
    All,
}

/// The code points a codec can carry, as it describes them.
///
/// A single code point is in the domain when it is at most `max`, is not in
/// `excluded`, and is allowed by `surrogates`. Rules about sequences (WTF-8
/// and WTF-16 cannot carry a lead surrogate followed by a trail surrogate)
/// are in `surrogates`, not in [`Domain::contains`].
///
/// # Examples
///
/// ```
/// use codec_core::{CodePoint, Domain, Surrogates};
/// let corrected = Domain {
///     summary: "U+0000..U+8421109F except C1 controls and surrogates",
///     max: Some(0x8421_109F),
///     surrogates: Surrogates::None,
///     excluded: &[(0x80, 0x9F)],
/// };
/// assert!(corrected.contains(CodePoint::new(0x7FFF_FFFF)));
/// assert!(!corrected.contains(CodePoint::new(0x85)));
/// assert!(!corrected.contains(CodePoint::new(0xD800)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Domain {
    /// A short human-readable summary (`U+0000..U+10FFFF except surrogates`).
    pub summary: &'static str,
    /// The largest code point, or `None` when unbounded.
    pub max: Option<u64>,
    /// Which surrogates it holds.
    pub surrogates: Surrogates,
    /// Inclusive ranges below `max` that it cannot carry, besides surrogates
    /// (Corrected UTF-8 skips the C1 controls).
    pub excluded: &'static [(u32, u32)],
}

impl Domain {
    /// Returns true when the codec can carry `cp` on its own.
    #[must_use]
    pub fn contains(&self, cp: CodePoint) -> bool {
        let v = cp.to_u32();
        self.max.is_none_or(|max| u64::from(v) <= max)
            && !self.excluded.iter().any(|&(lo, hi)| (lo..=hi).contains(&v))
            && (self.surrogates != Surrogates::None || !cp.is_surrogate())
    }
}

/// What a codec tells about itself for runtime selection and listings.
///
/// # Examples
///
/// ```
/// use codec_core::{CodecInfo, Domain, Surrogates};
/// const INFO: CodecInfo = CodecInfo {
///     name: "ascii",
///     aliases: &["us-ascii"],
///     domain: Domain { summary: "U+0000..U+007F", max: Some(0x7F), surrogates: Surrogates::None, excluded: &[] },
///     max_bytes_per_code_point: Some(1),
///     description: "7-bit ASCII",
///     version: "0.1.0",
/// };
/// assert!(INFO.matches(" US-ASCII\n"));
/// assert!(!INFO.matches("ascii7"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CodecInfo {
    /// The canonical name (`utf-8`, `wtf-8`, ...).
    pub name: &'static str,
    /// Other labels it answers to.
    pub aliases: &'static [&'static str],
    /// Its code point domain.
    pub domain: Domain,
    /// The most bytes one code point takes, or `None` when unbounded.
    pub max_bytes_per_code_point: Option<usize>,
    /// A one-line description.
    pub description: &'static str,
    /// The version of the crate that implements it.
    pub version: &'static str,
}

impl CodecInfo {
    /// Returns true when `label` names this codec: the Encoding Standard's "get
    /// an encoding" rule (surrounding ASCII whitespace trimmed, ASCII case
    /// ignored).
    #[must_use]
    pub fn matches(&self, label: &str) -> bool {
        let label = label.trim_matches(|c: char| c.is_ascii_whitespace());
        core::iter::once(&self.name).chain(self.aliases.iter()).any(|name| name.eq_ignore_ascii_case(label))
    }
}

/// A codec: both directions over one code point type, and a description.
///
/// # Examples
///
/// ```
/// use codec_core::{Codec, CodecInfo};
/// fn name_of(c: &impl Codec) -> &'static str { c.info().name }
/// ```
pub trait Codec: Decode + Encode<Point = <Self as Decode>::Point> {
    /// Describes the codec.
    fn info(&self) -> &'static CodecInfo;

    /// Returns the codec's length-prefixed framing, when its specification
    /// defines one (Java's `writeUTF`/`readUTF` for Modified UTF-8), so that
    /// a tool can read and write frames of any codec chosen at run time
    /// without knowing its name. `None` by default.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::{Codec, CodecInfo};
    /// fn can_frame(c: &dyn codec_core::DynCodec) -> bool { c.framing().is_some() }
    /// ```
    fn framing(&self) -> Option<&dyn Framing> {
        None
    }

    /// Returns the rules its specification sets for whole documents (a
    /// signature, code points a document must or should not hold), or
    /// `None` (the default) when it sets none. Tools use it for any codec
    /// without knowing which (`utfx validate --document`).
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::Codec;
    /// fn has_rules(c: &impl Codec) -> bool { c.document().is_some() }
    /// ```
    fn document(&self) -> Option<&dyn DocumentRules> {
        None
    }

    /// Returns the inputs its specification's structure singles out, each
    /// with a name in the specification's own terms (the edges of its lead
    /// and trail ranges, the first and last pointer of each row of its
    /// indexes, its unmapped pointers, its escape sequences), for test
    /// generators: `codec_test::generate` decodes these in place of the
    /// UTF-8 family's boundaries and special sequences when a codec names
    /// any. Empty (the default) when it names none; the list is computed
    /// on each call.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::Codec;
    /// # use codec_core::doc_example::Ascii;
    /// assert!(Ascii.probes().is_empty());
    /// ```
    fn probes(&self) -> Vec<(String, Vec<u8>)> {
        Vec::new()
    }

    /// Writes what decides `error`, an error this codec reported on
    /// `input` (the input from the start of its stream, so that a codec
    /// with state finds the state the error is in), in its specification's
    /// terms: the index and pointer, the range a byte is outside of, as a
    /// lowercase phrase without a trailing period (`pointer 10716 of index
    /// jis0208 is null`). Writes nothing by default. A codec with state
    /// reads `input` from its start up to the error, so explaining every
    /// error of a long input costs that much for each.
    ///
    /// # Errors
    ///
    /// Only what `out` returns.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::{Codec, Decode};
    /// # use codec_core::doc_example::Ascii;
    /// let error = Ascii.validate(b"\xFF").unwrap_err();
    /// let mut text = String::new();
    /// Ascii.explain(b"\xFF", &error, &mut text).unwrap();
    /// assert!(text.is_empty());
    /// ```
    fn explain(&self, input: &[u8], error: &DecodeError, out: &mut dyn fmt::Write) -> fmt::Result {
        let _ = (input, error, out);
        Ok(())
    }

    /// Writes why its encoder refuses `point` (an `unrepresentable` code
    /// point), in its specification's terms (`index jis0208 has no pointer
    /// for U+00E9`), as [`explain`](Codec::explain) does for decoding.
    /// Writes nothing by default.
    ///
    /// # Errors
    ///
    /// Only what `out` returns.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::{Codec, CodePoint};
    /// # use codec_core::doc_example::Ascii;
    /// let mut text = String::new();
    /// Ascii.explain_unencodable(CodePoint::new(0xE9), &mut text).unwrap();
    /// assert!(text.is_empty());
    /// ```
    fn explain_unencodable(&self, point: CodePoint, out: &mut dyn fmt::Write) -> fmt::Result {
        let _ = (point, out);
        Ok(())
    }
}

impl<C: Codec + ?Sized> Codec for &C {
    fn info(&self) -> &'static CodecInfo {
        (**self).info()
    }

    fn framing(&self) -> Option<&dyn Framing> {
        (**self).framing()
    }

    fn document(&self) -> Option<&dyn DocumentRules> {
        (**self).document()
    }

    fn probes(&self) -> Vec<(String, Vec<u8>)> {
        (**self).probes()
    }

    fn explain(&self, input: &[u8], error: &DecodeError, out: &mut dyn fmt::Write) -> fmt::Result {
        (**self).explain(input, error, out)
    }

    fn explain_unencodable(&self, point: CodePoint, out: &mut dyn fmt::Write) -> fmt::Result {
        (**self).explain_unencodable(point, out)
    }
}

/// A length-prefixed framing of a codec's bytes: a frame is a length field,
/// then that many bytes of the codec's encoding. Java's
/// `DataOutput.writeUTF`/`DataInput.readUTF` (a two-byte big-endian count,
/// then Modified UTF-8) is the one the workspace has; a codec exposes it
/// through [`Codec::framing`]. The trait is the frame's layout, in bytes,
/// and object-safe, so that a tool reads and writes the frames of a codec
/// chosen at run time (in bounded memory, a frame at a time) and decodes
/// and encodes the payloads with the codec itself.
///
/// # Examples
///
/// A toy framing (a one-byte count, then ASCII):
///
/// ```
/// use codec_core::Framing;
///
/// struct ShortAscii;
/// impl Framing for ShortAscii {
///     fn header_len(&self) -> usize { 1 }
///     fn payload_len(&self, header: &[u8]) -> usize { usize::from(header[0]) }
///     fn write_header(&self, len: usize, out: &mut Vec<u8>) { out.push(len as u8) }
///     // Every byte is a character: a frame ends anywhere, up to 255 bytes.
///     fn frame_end(&self, text: &[u8]) -> usize { text.len().min(255) }
/// }
///
/// let mut frame = Vec::new();
/// ShortAscii.write_header(2, &mut frame);
/// frame.extend_from_slice(b"hi");
/// assert_eq!(frame, b"\x02hi");
/// assert_eq!(ShortAscii.payload_len(&frame[..1]), 2);
/// assert_eq!(ShortAscii.frame_end(&[b'a'; 300]), 255);
/// ```
pub trait Framing {
    /// Returns how many bytes a frame's length field takes.
    fn header_len(&self) -> usize;

    /// Returns the payload length that `header` (a length field,
    /// [`header_len`](Self::header_len) bytes) announces.
    fn payload_len(&self, header: &[u8]) -> usize;

    /// Appends the length field of a payload of `len` bytes, at most what
    /// [`frame_end`](Self::frame_end) gives.
    fn write_header(&self, len: usize, out: &mut Vec<u8>);

    /// Returns the length of the longest prefix of `text` (the codec's
    /// encoding of some text) that one frame holds and that ends between
    /// two characters of the framed codec: all of `text` when it fits, and
    /// more than 0 when `text` is not empty.
    fn frame_end(&self, text: &[u8]) -> usize;
}
