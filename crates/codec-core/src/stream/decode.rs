//! The decoding half of the drivers: [`Decoder`], the one place where the
//! codec's steps meet the error modes and the fast paths on the way in.

use alloc::string::String;
use alloc::vec::Vec;

use crate::code_point::{AnyCodePoint, CodePoint};
use crate::codec::{Decode, Step};
use crate::error::{DecodeError, ErrorKind};
use crate::fast::FastPaths;
use crate::mode::{DecodeMode, ESCAPE_BASE, escaped_byte, windows_1252};
use crate::sink::{Pushed, Sink, Slice, Validation};

use super::{Pending, Run, Status, feed};

/// What the bytes at the front of a decoder's input are, with the end of
/// input taken into account: the one place where a final
/// [`Step::Incomplete`] becomes a truncation.
pub(crate) enum Front<P> {
    /// A well-formed sequence of `len` bytes.
    Point(P, usize),
    /// A well-formed sequence of `len` bytes that encodes two code points,
    /// the second a scalar value.
    Pair(P, P, usize),
    /// A reserved sequence of `len` bytes.
    Reserved(usize),
    /// A sequence of `len` bytes that only changes the decoder's state.
    Shift(usize),
    /// An ill-formed subpart: its kind, its length in bytes, and its
    /// `error_len` (`None` for a sequence cut by the end of input).
    Invalid(ErrorKind, usize, Option<usize>),
    /// The input is a proper prefix of a sequence and more may follow.
    NeedMore,
}

/// Classifies the front of `input` (never empty) with the codec's step in
/// `state`, keeping every length within `1..=input.len()`, and returns the
/// state after it (`state` itself for [`Front::NeedMore`]). The caller
/// keeps the new state only when it consumes the front.
#[inline]
pub(crate) fn front<D: Decode + ?Sized>(codec: &D, state: u32, input: &[u8], last: bool) -> (Front<D::Point>, u32) {
    let mut next = state;
    let step = codec.decode_step_in(&mut next, input, last);
    let checked = |len: usize| {
        debug_assert!(len >= 1 && len <= input.len(), "decode_step broke its contract");
        len.clamp(1, input.len())
    };
    let front = match step {
        Step::Point { point, len } => Front::Point(point, checked(len)),
        Step::Pair { point, second, len } => {
            let len = checked(len);
            match second.to_code_point().and_then(CodePoint::to_char) {
                Some(_) => Front::Pair(point, second, len),
                None => Front::Invalid(unrepresentable(&second), len, Some(len)),
            }
        }
        Step::Reserved { len } => Front::Reserved(checked(len)),
        Step::Shift { len } => Front::Shift(checked(len)),
        Step::Invalid { kind, len } => {
            let len = checked(len);
            Front::Invalid(kind, len, Some(len))
        }
        Step::Incomplete if last => Front::Invalid(ErrorKind::Truncated, input.len(), None),
        Step::Incomplete => return (Front::NeedMore, state),
    };
    (front, next)
}

/// Pushes what `mode` makes of the ill-formed subpart `bytes`; what the sink
/// has no room for goes to `owed`, to be delivered first on the next call.
/// Returns false when something is owed.
fn substitute<P: AnyCodePoint, S: Sink<P>>(mode: DecodeMode, bytes: &[u8], sink: &mut S, owed: &mut Vec<P>) -> bool {
    let mut push = |cp: CodePoint| {
        let point = P::from(cp);
        if owed.is_empty() {
            match sink.push(point) {
                Pushed::Taken => {}
                // Every substitute is in the BMP, which every sink represents.
                Pushed::Full | Pushed::Unrepresentable => owed.push(P::from(cp)),
            }
        } else {
            owed.push(point);
        }
    };
    match mode {
        DecodeMode::Fatal | DecodeMode::Ignore => {}
        DecodeMode::Replace => push(CodePoint::REPLACEMENT),
        DecodeMode::Escape => bytes.iter().for_each(|&b| push(CodePoint::new(ESCAPE_BASE + u32::from(b)))),
        DecodeMode::Latin1 => bytes.iter().for_each(|&b| push(CodePoint::from(b))),
        DecodeMode::Windows1252 => bytes.iter().for_each(|&b| push(windows_1252(b))),
    }
    owed.is_empty()
}

/// Why an output cannot hold a code point: a surrogate (text), or a value
/// beyond what it holds.
fn unrepresentable<P: AnyCodePoint>(point: &P) -> ErrorKind {
    if point.to_code_point().is_some_and(CodePoint::is_surrogate) {
        ErrorKind::Surrogate
    } else {
        ErrorKind::OutOfRange
    }
}

/// The most steps [`run_decode`] takes between two calls of a fast path
/// that stopped short, and the run it must take to be called at every step
/// again.
const FAST_BACKOFF: usize = 64;

/// The one decoding loop: decodes a prefix of `input` (at absolute offset
/// `base`) into `sink` in error mode `mode`, from the codec's `state`
/// (updated for every step consumed), and returns how many bytes it
/// consumed: everything but an incomplete tail (when `last` is false),
/// unless the sink filled up first (then the substitutes it could not take
/// wait in `owed`).
#[allow(clippy::too_many_arguments)]
fn run_decode<D: Decode + ?Sized, S: Sink<D::Point>>(
    codec: &D,
    mode: DecodeMode,
    fast: Option<&dyn FastPaths>,
    state: &mut u32,
    input: &[u8],
    base: usize,
    last: bool,
    sink: &mut S,
    owed: &mut Vec<D::Point>,
    replaced: &mut bool,
) -> Result<Run, DecodeError> {
    let fast = fast.filter(|paths| paths.decodes_in(mode));
    let mut i = 0;
    // Steps to take before the fast path is tried again, and how many it
    // waits next time. A fast path that takes little (error-dense input:
    // it stops at once) is not worth its call at every step: it waits twice
    // as many steps each time, up to `FAST_BACKOFF`, and is called at every
    // step again once it takes a long run. It runs in state 0 only.
    let (mut wait, mut backoff) = (0, 0);
    while i < input.len() {
        if let Some(paths) = fast
            && wait == 0
            && *state == 0
        {
            let taken = sink.fast(paths, &input[i..]);
            i += taken;
            if i == input.len() {
                break;
            }
            backoff = if taken >= FAST_BACKOFF { 0 } else { (2 * backoff).clamp(1, FAST_BACKOFF) };
            wait = backoff;
        }
        wait = wait.saturating_sub(1);
        let rest = &input[i..];
        let before = *state;
        let (front, next) = front(codec, before, rest, last);
        // In escape mode a well-formed U+DC00..=U+DCFF, a form the encoder
        // does not write, and a shift are escaped byte by byte, so that
        // encoding back restores the bytes.
        let escaped = |len: usize, points: &[&D::Point]| {
            mode == DecodeMode::Escape
                && (points.iter().any(|p| p.to_code_point().and_then(escaped_byte).is_some())
                    || !codec.is_canonical_in(before, &rest[..len]))
        };
        // The bytes that the error mode substitutes, and the error they
        // are (`None`: well-formed bytes escape mode keeps).
        let (error, len) = match front {
            Front::NeedMore => break,
            Front::Point(point, len) if escaped(len, &[&point]) => (None, len),
            Front::Pair(point, second, len) if escaped(len, &[&point, &second]) => (None, len),
            Front::Shift(len) if mode == DecodeMode::Escape => (None, len),
            Front::Point(point, len) => {
                let kind = unrepresentable(&point);
                match sink.push(point) {
                    Pushed::Taken => {
                        (i, *state) = (i + len, next);
                        continue;
                    }
                    Pushed::Full => return Ok(Run { consumed: i, full: true }),
                    Pushed::Unrepresentable => (Some((kind, Some(len))), len),
                }
            }
            Front::Pair(point, second, len) => {
                let kind = unrepresentable(&point);
                match sink.push(point) {
                    Pushed::Taken => {
                        (i, *state) = (i + len, next);
                        // A scalar value (`front` checks it), which every
                        // sink represents: what a full one cannot take now
                        // waits for the next call.
                        if sink.push(second.clone()) == Pushed::Taken {
                            continue;
                        }
                        owed.push(second);
                        return Ok(Run { consumed: i, full: true });
                    }
                    Pushed::Full => return Ok(Run { consumed: i, full: true }),
                    Pushed::Unrepresentable => (Some((kind, Some(len))), len),
                }
            }
            Front::Reserved(len) => match sink.reserved(&rest[..len]) {
                Pushed::Taken => {
                    (i, *state) = (i + len, next);
                    continue;
                }
                Pushed::Full => return Ok(Run { consumed: i, full: true }),
                Pushed::Unrepresentable => (Some((ErrorKind::Reserved, Some(len))), len),
            },
            Front::Shift(len) => {
                (i, *state) = (i + len, next);
                continue;
            }
            Front::Invalid(kind, len, error_len) => (Some((kind, error_len)), len),
        };
        if let Some((kind, error_len)) = error
            && mode == DecodeMode::Fatal
        {
            return Err(DecodeError::new(base + i, error_len, kind));
        }
        *replaced |= error.is_some();
        (i, *state) = (i + len, next);
        if !substitute(mode, &rest[..len], sink, owed) {
            return Ok(Run { consumed: i, full: true });
        }
    }
    Ok(Run { consumed: i, full: false })
}

/// Validates `input`, with or without the codec's fast path.
pub(crate) fn validate<D: Decode + ?Sized>(codec: &D, input: &[u8], fast: bool) -> Result<(), DecodeError> {
    let fast = if fast { codec.fast_paths() } else { None };
    let mut state = 0;
    let replaced = &mut false;
    run_decode(codec, DecodeMode::Fatal, fast, &mut state, input, 0, true, &mut Validation, &mut Vec::new(), replaced)
        .map(|_| ())
}

/// A decoder over a stream: feed it chunks, get the same output as decoding
/// the whole input at once, in every error mode, for every split, into any
/// sink: a `Vec` of code points (`decode_chunk`), a `String`
/// (`decode_to_string`), nothing (`validate_chunk`), or a caller's buffer
/// of UTF-16 code units or UTF-8 bytes
/// ([`decode_to_utf16`](Decoder::decode_to_utf16),
/// [`decode_to_utf8`](Decoder::decode_to_utf8)).
///
/// Error offsets count from the start of the stream. In
/// [`DecodeMode::Fatal`], the code points before the error are delivered and
/// the error is returned, then returned again by every later call (until
/// [`reset`](Decoder::reset)).
///
/// It holds back at most an incomplete sequence between calls; a sequence
/// still incomplete after [`with_max_pending`](Decoder::with_max_pending) bytes ends the
/// stream with a `length_over_limit` error in every mode, so its memory stays
/// bounded whatever the input.
///
/// # Examples
///
/// ```
/// # use codec_core::{CodePoint, Decode, DecodeMode, ErrorKind, Step};
/// # use codec_core::doc_example::Ascii;
/// let mut decoder = Ascii.decoder(DecodeMode::Replace);
/// let mut out = Vec::new();
/// decoder.decode_chunk(b"ab", false, &mut out).unwrap();
/// decoder.decode_chunk(b"\x80c", true, &mut out).unwrap();
/// assert_eq!(out.len(), 4);
/// assert_eq!(out[2], CodePoint::REPLACEMENT);
/// ```
#[derive(Debug, Clone)]
pub struct Decoder<D: Decode> {
    codec: D,
    mode: DecodeMode,
    fast: bool,
    pending: Pending<u8>,
    /// The codec's state after what has been consumed
    /// ([`Decode::decode_step_in`]).
    state: u32,
    offset: usize,
    failed: Option<DecodeError>,
    max_pending: usize,
    /// Substitutes decoded but not yet taken by a full sink.
    owed: Vec<D::Point>,
    /// Whether an error mode has replaced, dropped or escaped an ill-formed
    /// subpart since the start (or the last reset).
    had_errors: bool,
}

/// The default of [`Decoder::with_max_pending`]: 1 MiB.
const DEFAULT_MAX_PENDING: usize = 1 << 20;

impl<D: Decode> Decoder<D> {
    /// Creates a streaming decoder that uses the codec's fast paths.
    #[must_use]
    pub fn new(codec: D, mode: DecodeMode) -> Self {
        Self::with_fast_paths(codec, mode, true)
    }

    pub(crate) fn with_fast_paths(codec: D, mode: DecodeMode, fast: bool) -> Self {
        Decoder {
            codec,
            mode,
            fast,
            pending: Pending::new(),
            state: 0,
            offset: 0,
            failed: None,
            max_pending: DEFAULT_MAX_PENDING,
            owed: Vec::new(),
            had_errors: false,
        }
    }

    /// Sets how many bytes of one incomplete sequence the decoder holds
    /// back between calls before it gives up with `length_over_limit`
    /// (default 1 MiB; at least 64).
    #[must_use]
    pub fn with_max_pending(mut self, bytes: usize) -> Self {
        self.max_pending = bytes.max(64);
        self
    }

    /// Decodes `chunk` into `sink`, `last` saying that no chunk follows, and
    /// returns the status and how many bytes of `chunk` it read: what every
    /// decoding method of the crate runs. Unless the sink filled up, it
    /// reads all of `chunk` (holding back an incomplete sequence at its
    /// end).
    ///
    /// # Errors
    ///
    /// Only in [`DecodeMode::Fatal`]: the first ill-formed subpart of the
    /// stream (or a sequence over the pending limit).
    pub(crate) fn decode_to_sink<S: Sink<D::Point>>(
        &mut self,
        chunk: &[u8],
        last: bool,
        sink: &mut S,
    ) -> Result<(Status<DecodeError>, usize), DecodeError> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        let Decoder { codec, mode, fast, pending, state, offset, failed, max_pending, owed, had_errors } = self;
        // What a full sink could not take last time comes first.
        let mut taken = 0;
        while let Some(point) = owed.get(taken) {
            if sink.push(point.clone()) != Pushed::Taken {
                owed.drain(..taken);
                return Ok((Status::OutputFull, 0));
            }
            taken += 1;
        }
        owed.clear();
        let codec = &*codec;
        let (mode, fast) = (*mode, if *fast { codec.fast_paths() } else { None });
        let result = feed(pending, chunk, last, |input, last| {
            let done = run_decode(codec, mode, fast, state, input, *offset, last, sink, owed, had_errors)?;
            *offset += done.consumed;
            Ok(done)
        })
        .and_then(|done| {
            if pending.items.len() > *max_pending {
                return Err(DecodeError::new(*offset, Some(pending.items.len()), ErrorKind::LengthOverLimit));
            }
            Ok(done)
        });
        match result {
            Ok(done) => Ok((if done.full { Status::OutputFull } else { Status::InputEmpty }, done.consumed)),
            Err(e) => {
                *failed = Some(e);
                Err(e)
            }
        }
    }

    /// Decodes `chunk`, appending code points to `out`; `last` says that no
    /// chunk follows.
    ///
    /// # Errors
    ///
    /// Only in [`DecodeMode::Fatal`]: the first ill-formed subpart of the
    /// stream.
    pub fn decode_chunk(&mut self, chunk: &[u8], last: bool, out: &mut Vec<D::Point>) -> Result<(), DecodeError> {
        self.decode_to_sink(chunk, last, out).map(|_| ())
    }

    /// Decodes `chunk`, appending to `out` (a code point a `String` cannot
    /// hold, a surrogate or a value beyond U+10FFFF, is treated per error
    /// mode as a `surrogate` or `out_of_range` subpart); `last` says that
    /// no chunk follows.
    ///
    /// # Errors
    ///
    /// Only in [`DecodeMode::Fatal`]: the first such subpart of the stream.
    /// `out` then holds what came before it.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::{Decode, DecodeMode};
    /// # use codec_core::doc_example::Ascii;
    /// let mut decoder = Ascii.decoder(DecodeMode::Replace);
    /// let mut text = String::new();
    /// decoder.decode_to_string(b"o", false, &mut text).unwrap();
    /// decoder.decode_to_string(b"k\xFF", true, &mut text).unwrap();
    /// assert_eq!(text, "ok\u{FFFD}");
    /// ```
    pub fn decode_to_string(&mut self, chunk: &[u8], last: bool, out: &mut String) -> Result<(), DecodeError> {
        self.decode_to_sink(chunk, last, out).map(|_| ())
    }

    /// Checks `chunk` without producing anything: streaming validation, with
    /// the codec's validation fast path. In a non-fatal mode it only checks
    /// that no sequence runs over the pending limit
    /// ([`with_max_pending`](Decoder::with_max_pending)).
    ///
    /// # Errors
    ///
    /// In [`DecodeMode::Fatal`], the first ill-formed subpart of the stream.
    pub fn validate_chunk(&mut self, chunk: &[u8], last: bool) -> Result<(), DecodeError> {
        self.decode_to_sink(chunk, last, &mut Validation).map(|_| ())
    }

    /// Returns how many bytes are held back as an incomplete sequence.
    #[must_use]
    pub fn pending_len(&self) -> usize {
        self.pending.items.len()
    }

    /// Returns the codec.
    pub(crate) fn codec(&self) -> &D {
        &self.codec
    }

    /// Returns the bytes held back and the codec's state before them, for a
    /// caller that decides them itself with the bytes that follow
    /// ([`crate::LineCounter`]).
    pub(crate) fn held(&self) -> (&[u8], u32) {
        (&self.pending.items, self.state)
    }

    /// Forgets the stream so far: offsets start again at 0, the codec in its
    /// first state.
    pub fn reset(&mut self) {
        self.pending.clear();
        self.state = 0;
        self.offset = 0;
        self.failed = None;
        self.owed.clear();
        self.had_errors = false;
    }

    /// Returns true when the error mode has dealt with an ill-formed
    /// subpart (replaced, dropped or escaped it) since the stream started
    /// or was [`reset`](Decoder::reset): encoding_rs's `had_errors`, kept
    /// as the decoder goes, so that no second pass is needed. A well-formed
    /// form that escape mode escapes is not an error.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::{Decode, DecodeMode};
    /// # use codec_core::doc_example::Ascii;
    /// let mut decoder = Ascii.decoder(DecodeMode::Replace);
    /// let mut out = String::new();
    /// decoder.decode_to_string(b"ok", false, &mut out).unwrap();
    /// assert!(!decoder.had_errors());
    /// decoder.decode_to_string(b"\xFF", true, &mut out).unwrap();
    /// assert!(decoder.had_errors());
    /// assert_eq!(out, "ok\u{FFFD}");
    /// ```
    #[must_use]
    pub fn had_errors(&self) -> bool {
        self.had_errors
    }

    /// True when nothing is held back, the codec is in its first state and
    /// no error ended the stream, so a kernel may decode the next bytes
    /// directly.
    pub(crate) fn is_idle(&self) -> bool {
        self.pending.items.is_empty() && self.owed.is_empty() && self.state == 0 && self.failed.is_none()
    }

    /// Counts `n` bytes that a kernel decoded outside the decoder.
    pub(crate) fn advance(&mut self, n: usize) {
        self.offset += n;
    }

    /// Decodes into `dst` through `sink`, as a `(status, read, written)`
    /// triple.
    fn decode_into_slice<'a, T>(
        &mut self,
        src: &[u8],
        dst: &'a mut [T],
        last: bool,
    ) -> (Status<DecodeError>, usize, usize)
    where
        Slice<'a, T>: Sink<D::Point>,
    {
        let start = self.offset + self.pending.items.len();
        let mut sink = Slice::new(dst);
        match self.decode_to_sink(src, last, &mut sink) {
            Ok((status, read)) => (status, read, sink.written()),
            Err(e) => (Status::Error(e), e.valid_up_to().saturating_sub(start).min(src.len()), sink.written()),
        }
    }
}

impl<D: Decode<Point = CodePoint>> Decoder<D> {
    /// Decodes `src` into UTF-16 code units in `dst` (potentially ill-formed
    /// UTF-16: a surrogate code point is written as itself), and returns the
    /// status, how many bytes of `src` it read and how many units it wrote.
    /// A code point above U+10FFFF is an `out_of_range` error of its
    /// sequence. `dst` needs room for at least two units to make progress;
    /// [`max_utf16_len`](Decoder::max_utf16_len) is enough for all of `src`.
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Decode, ErrorKind, Step};
    /// # use codec_core::doc_example::Ascii;
    /// use codec_core::{DecodeMode, Status};
    /// let mut decoder = Ascii.decoder(DecodeMode::Replace);
    /// let mut dst = [0u16; 2];
    /// let (status, read, written) = decoder.decode_to_utf16(b"abc", &mut dst, true);
    /// assert_eq!((status, read, written), (Status::OutputFull, 2, 2));
    /// let (status, read, written) = decoder.decode_to_utf16(b"c", &mut dst, true);
    /// assert_eq!((status, read, written), (Status::InputEmpty, 1, 1));
    /// ```
    pub fn decode_to_utf16(&mut self, src: &[u8], dst: &mut [u16], last: bool) -> (Status<DecodeError>, usize, usize) {
        self.decode_into_slice(src, dst, last)
    }

    /// Decodes `src` into UTF-8 bytes in `dst` (a surrogate code point in its
    /// three-byte generalized UTF-8 form, so WTF-8 for a codec whose
    /// surrogates are never paired), as
    /// [`decode_to_utf16`](Decoder::decode_to_utf16) does. `dst` needs room
    /// for at least four bytes to make progress; twice
    /// [`max_utf16_len`](Decoder::max_utf16_len) is enough for all of `src`.
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Decode, ErrorKind, Step};
    /// # use codec_core::doc_example::Ascii;
    /// use codec_core::{DecodeMode, Status};
    /// let mut dst = [0u8; 16];
    /// let (status, read, written) = Ascii.decoder(DecodeMode::Replace).decode_to_utf8(b"a\xFF", &mut dst, true);
    /// assert_eq!((status, read), (Status::InputEmpty, 2));
    /// assert_eq!(&dst[..written], "a\u{FFFD}".as_bytes());
    /// ```
    pub fn decode_to_utf8(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> (Status<DecodeError>, usize, usize) {
        self.decode_into_slice(src, dst, last)
    }

    /// Returns a number of UTF-16 code units that is enough for decoding
    /// `src_len` more bytes (with what the decoder holds back and the
    /// substitutes it owes a full output), or `None` on overflow: one per
    /// byte, as a step's code points take at most one unit per byte it
    /// reads ([`Step`]), plus one (encoding_rs's bound for UTF-8).
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Decode, ErrorKind, Step};
    /// # use codec_core::doc_example::Ascii;
    /// use codec_core::DecodeMode;
    /// assert_eq!(Ascii.decoder(DecodeMode::Replace).max_utf16_len(10), Some(11));
    /// ```
    #[must_use]
    pub fn max_utf16_len(&self, src_len: usize) -> Option<usize> {
        src_len.checked_add(self.pending.items.len())?.checked_add(2 * self.owed.len())?.checked_add(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two bytes per code point, big-endian: a codec whose sequences an odd
    /// chunk cuts.
    struct Pairs;

    impl Decode for Pairs {
        type Point = CodePoint;

        fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
            match input {
                [a, b, ..] => Step::Point { point: CodePoint::new(u32::from(*a) << 8 | u32::from(*b)), len: 2 },
                _ => Step::Incomplete,
            }
        }
    }

    #[test]
    fn a_pending_byte_does_not_keep_the_input_misaligned() {
        let mut decoder = Decoder::new(Pairs, DecodeMode::Fatal);
        let mut dst = [0u16; 4];
        // One unit, and half of the next.
        let (status, read, written) = decoder.decode_to_utf16(b"\x00A\x00", &mut dst, false);
        assert_eq!((status, read, written), (Status::InputEmpty, 3, 1));
        assert!(!decoder.is_idle());
        // The rest, more than the output takes: once the cut unit is whole,
        // nothing stays pending, so kernels could take the next call.
        let src: Vec<u8> = b"B".iter().chain(b"\x00C".repeat(40).iter()).copied().collect();
        let (status, read, written) = decoder.decode_to_utf16(&src, &mut dst, false);
        assert_eq!((status, written), (Status::OutputFull, 4));
        assert_eq!(dst, [0x42, 0x43, 0x43, 0x43]);
        assert_eq!(read, 7);
        assert!(decoder.is_idle());
    }
}
