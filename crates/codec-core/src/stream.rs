//! The generic drivers: streaming [`Decoder`] and [`Encoder`], which every
//! one-shot method also goes through, so one-shot and streaming agree by
//! construction.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;

use crate::code_point::sealed::Sealed as _;
use crate::code_point::{AnyCodePoint, CodePoint};
use crate::codec::{Decode, Encode, EncodeStep, Step};
use crate::error::{DecodeError, EncodeError, ErrorKind};
use crate::fast::{FastJob, FastPaths};
use crate::mode::{DecodeMode, ESCAPE_BASE, EncodeMode, escaped_byte, windows_1252};
use crate::sink::{Pushed, Sink, Slice, Validation};

/// Pending input up to this long is retried on every new byte; longer pending
/// input only once it has doubled since the last try.
const RETRY_EVERY_BYTE: usize = 16;

/// Input held back between chunks: the tail that could not be consumed yet
/// (an incomplete sequence, a code point whose encoding needs look-ahead, or
/// input left over when the output filled up).
#[derive(Debug, Clone)]
struct Pending<T> {
    items: Vec<T>,
    /// Length of `items` when the driver last found them incomplete.
    tried: usize,
    /// True when `items` is known to need more input before anything of it
    /// can be consumed; false when the output filled up before it was tried.
    stalled: bool,
}

impl<T> Pending<T> {
    const fn new() -> Self {
        Pending { items: Vec::new(), tried: 0, stalled: true }
    }

    fn clear(&mut self) {
        self.items.clear();
        self.tried = 0;
        self.stalled = true;
    }
}

/// What one run of a driver did: how much input it consumed, and whether it
/// stopped because the output was full.
#[derive(Debug, Clone, Copy)]
struct Run {
    consumed: usize,
    full: bool,
}

/// Feeds `chunk` through `run`, keeping in `pending` what `run` could not
/// consume yet, and returns how much of `chunk` it took (all of it unless
/// the output filled up).
///
/// `run(input, last)` consumes a prefix of `input`: everything but an
/// incomplete tail, unless it stops early because the output is full.
/// Pending input is topped up from the chunk in doubling amounts, and a long
/// pending sequence is only retried once it has doubled, so a long incomplete
/// sequence costs linear time over any chunking, even a byte at a time.
/// Once the pending bytes that came before `chunk` are consumed, what is
/// left of the top-up goes back to `chunk`, which is then read in place: the
/// input does not stay misaligned behind a pending buffer (a UTF-16 unit cut
/// by an odd chunk would otherwise keep a byte pending at every call, and the
/// kernels, which need an idle decoder, off for the rest of the stream).
fn feed<T: Clone, E>(
    pending: &mut Pending<T>,
    chunk: &[T],
    last: bool,
    mut run: impl FnMut(&[T], bool) -> Result<Run, E>,
) -> Result<Run, E> {
    let mut rest = chunk;
    while !pending.items.is_empty() {
        // The pending length before a top-up, and the chunk before it.
        let mut topped_up = None;
        if pending.stalled {
            if rest.is_empty() && !last {
                return Ok(Run { consumed: chunk.len(), full: false });
            }
            let len = pending.items.len();
            let take = len.max(RETRY_EVERY_BYTE).min(rest.len());
            pending.items.extend_from_slice(&rest[..take]);
            topped_up = Some((len, rest));
            rest = &rest[take..];
            let is_last = last && rest.is_empty();
            if !is_last && pending.items.len() > RETRY_EVERY_BYTE && pending.items.len() < 2 * pending.tried {
                // Too little new input to be worth another scan of a long sequence.
                debug_assert!(rest.is_empty());
                return Ok(Run { consumed: chunk.len(), full: false });
            }
        }
        let done = run(&pending.items, last && rest.is_empty())?;
        if let Some((old, before)) = topped_up
            && done.consumed >= old
        {
            // The bytes from before this chunk are consumed: give the rest
            // of the top-up back and read the chunk in place.
            rest = &before[done.consumed - old..];
            pending.items.clear();
            pending.stalled = false;
            if done.full {
                return Ok(Run { consumed: chunk.len() - rest.len(), full: true });
            }
            break;
        }
        pending.items.drain(..done.consumed);
        if done.full {
            pending.stalled = false;
            return Ok(Run { consumed: chunk.len() - rest.len(), full: true });
        }
        pending.stalled = true;
        pending.tried = if done.consumed == 0 { pending.items.len() } else { 0 };
    }
    let done = run(rest, last)?;
    if done.full {
        return Ok(Run { consumed: chunk.len() - rest.len() + done.consumed, full: true });
    }
    pending.items.extend_from_slice(&rest[done.consumed..]);
    pending.stalled = true;
    pending.tried = pending.items.len();
    Ok(Run { consumed: chunk.len(), full: false })
}

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

/// Where a buffer-to-buffer call stopped: the `#[must_use]` status of
/// [`Decoder::decode_to_utf16`] and [`Decoder::decode_to_utf8`] (and of the
/// encoding and transcoding counterparts, with their error type).
///
/// # Examples
///
/// ```
/// use codec_core::{DecodeError, Status};
/// let s: Status<DecodeError> = Status::OutputFull;
/// assert!(!s.is_input_empty());
/// ```
#[must_use]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Status<E> {
    /// All the input was consumed (an incomplete tail is held by the
    /// decoder); call again with more input, or with `last` at the end.
    InputEmpty,
    /// The output is full: call again with more room and the input not yet
    /// read.
    OutputFull,
    /// A fatal error (only in the fatal error modes). What came before it
    /// has been written; every later call returns it again.
    Error(E),
}

impl<E> Status<E> {
    /// Returns true for [`Status::InputEmpty`].
    #[must_use]
    pub fn is_input_empty(&self) -> bool {
        matches!(self, Status::InputEmpty)
    }
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

/// Where escape mode has its next escape code point at or after `from`.
fn next_escape<P: AnyCodePoint>(mode: EncodeMode, input: &[P], from: usize) -> usize {
    if mode != EncodeMode::Escape {
        return input.len();
    }
    input[from..]
        .iter()
        .position(|p| p.to_code_point().and_then(escaped_byte).is_some())
        .map_or(input.len(), |k| from + k)
}

/// Encodes one code point `p` with `codec` in `state`, appending to `out`;
/// true on success (`state` then follows it).
fn encode_single<E: Encode + ?Sized>(codec: &E, state: &mut u32, p: CodePoint, out: &mut Vec<u8>) -> bool {
    let before = out.len();
    let mut next = *state;
    match codec.encode_step_in(&mut next, &[E::Point::from(p)], true, out) {
        EncodeStep::Done(_) => {
            *state = next;
            true
        }
        _ => {
            out.truncate(before);
            false
        }
    }
}

/// Appends the replacement `mode` makes for the unencodable `p`, in
/// `state`; false (with `out` and `state` as they were) when the codec
/// cannot encode even that.
fn encode_substitute<E: Encode + ?Sized>(
    codec: &E,
    mode: EncodeMode,
    state: &mut u32,
    p: &E::Point,
    out: &mut Vec<u8>,
) -> bool {
    let (before, state_before) = (out.len(), *state);
    let ok = match mode {
        EncodeMode::Fatal | EncodeMode::Escape => false,
        // Dropped: nothing written, and the encoding goes on.
        EncodeMode::Ignore => true,
        EncodeMode::Replace => {
            encode_single(codec, state, CodePoint::REPLACEMENT, out)
                || encode_single(codec, state, CodePoint::from(b'?'), out)
        }
        EncodeMode::Url => encode_single(codec, state, CodePoint::from(b'?'), out),
        EncodeMode::Html => {
            let mut text = String::from("&#");
            let written = p.write_decimal(&mut text).is_ok() && text.write_char(';').is_ok();
            written && text.chars().all(|c| encode_single(codec, state, CodePoint::from(c), out))
        }
    };
    if !ok {
        out.truncate(before);
        *state = state_before;
    }
    ok
}

/// Returns true when `ignore` mode drops `p` before the encoder sees it: the
/// codec cannot encode it on its own (in `state`), and it is not a
/// surrogate (whether a surrogate encodes depends on its neighbour: a pair
/// in UTF-16 and CESU-8). `scratch` takes the trial encoding.
fn dropped_alone<E: Encode + ?Sized>(codec: &E, state: u32, p: &E::Point, scratch: &mut Vec<u8>) -> bool {
    if p.to_code_point().is_some_and(CodePoint::is_surrogate) {
        return false;
    }
    scratch.clear();
    !matches!(codec.encode_step_in(&mut { state }, core::slice::from_ref(p), true, scratch), EncodeStep::Done(_))
}

/// Encodes a prefix of `input` (whose first code point has absolute index
/// `base`) from the codec's `state` (updated as it goes), and returns how
/// many code points it consumed.
///
/// In [`EncodeMode::Ignore`] the code points the codec cannot encode on their
/// own are dropped first, and the rest encoded as if they had never been
/// there (decision 0011): an encoder that looks ahead (the surrogate pair
/// rules) then never decides on a neighbour that is about to vanish, so
/// U+D800 U+110000 U+DC00 becomes WTF-8's four-byte pair, not the two lone
/// surrogates' bytes side by side, which WTF-8 forbids.
#[allow(clippy::too_many_arguments)]
fn run_encode<E: Encode + ?Sized>(
    codec: &E,
    mode: EncodeMode,
    fast: Option<&dyn FastPaths>,
    state: &mut u32,
    input: &[E::Point],
    base: usize,
    last: bool,
    out: &mut Vec<u8>,
) -> Result<usize, EncodeError<E::Point>> {
    if mode != EncodeMode::Ignore {
        return encode_run(codec, mode, fast, state, input, base, last, out);
    }
    if let Some(paths) = fast {
        return Ok(encode_ignoring(codec, paths, state, input, last, out));
    }
    // The definition, for the reference driver: one pass finds the code
    // points kept, and they are encoded on their own.
    let mut scratch = Vec::new();
    let (mut kept, mut kept_at) = (Vec::new(), Vec::new());
    for (k, p) in input.iter().enumerate() {
        if !dropped_alone(codec, *state, p, &mut scratch) {
            kept.push(p.clone());
            kept_at.push(k);
        }
    }
    let done = encode_run(codec, mode, None, state, &kept, base, last, out)?;
    // Consumed: everything before the first kept code point not encoded yet
    // (the dropped ones among it included).
    Ok(kept_at.get(done).copied().unwrap_or(input.len()))
}

/// [`run_encode`] in [`EncodeMode::Ignore`] with the fast path, in one pass:
/// it asks whether a code point is dropped only where the fast path stops.
///
/// The fast path never consumes a code point that is dropped or whose bytes
/// depend on what follows (the contract of
/// [`crate::FastJob::Encode`]), so its bytes are the same with the
/// dropped code points gone. Where it stops, a dropped code point is
/// skipped; a kept one is encoded by the step, which sees the kept code
/// points after it, as many as it asks for. The fast path runs in state 0
/// only.
fn encode_ignoring<E: Encode + ?Sized>(
    codec: &E,
    paths: &dyn FastPaths,
    state: &mut u32,
    input: &[E::Point],
    last: bool,
    out: &mut Vec<u8>,
) -> usize {
    let mut scratch = Vec::new();
    // The kept code points the step sees, and where each is in `input`.
    let mut window: Vec<E::Point> = Vec::new();
    let mut window_at: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < input.len() {
        if *state == 0 {
            i += E::Point::encode_fast(paths, &input[i..], out);
        }
        let Some(p) = input.get(i) else { break };
        if dropped_alone(codec, *state, p, &mut scratch) {
            i += 1;
            continue;
        }
        window.clear();
        window_at.clear();
        window.push(p.clone());
        window_at.push(i);
        // `input` is read up to here for the window.
        let mut scanned = i + 1;
        loop {
            let window_last = last && scanned == input.len();
            let before = out.len();
            let mut next = *state;
            match codec.encode_step_in(&mut next, &window, window_last, out) {
                EncodeStep::Done(n) => {
                    debug_assert!(n >= 1 && n <= window.len(), "encode_step broke its contract");
                    i = window_at.get(n.clamp(1, window.len())).copied().unwrap_or(scanned);
                    *state = next;
                    break;
                }
                EncodeStep::Incomplete if !window_last => {
                    out.truncate(before);
                    if scanned == input.len() {
                        // The code point waits for the next chunk.
                        return i;
                    }
                    // Twice as many kept code points (linear time whatever
                    // the look-ahead).
                    let goal = 2 * window.len();
                    while window.len() < goal && scanned < input.len() {
                        let q = &input[scanned];
                        if !dropped_alone(codec, *state, q, &mut scratch) {
                            window.push(q.clone());
                            window_at.push(scanned);
                        }
                        scanned += 1;
                    }
                }
                _ => {
                    // Refused where it stands (a lead surrogate before a
                    // trail in UCS-2): dropped too, as `encode_substitute`
                    // does in this mode.
                    out.truncate(before);
                    i += 1;
                    break;
                }
            }
        }
    }
    i
}

/// [`run_encode`] on input with nothing to drop first.
#[allow(clippy::too_many_arguments)]
fn encode_run<E: Encode + ?Sized>(
    codec: &E,
    mode: EncodeMode,
    fast: Option<&dyn FastPaths>,
    state: &mut u32,
    input: &[E::Point],
    base: usize,
    last: bool,
    out: &mut Vec<u8>,
) -> Result<usize, EncodeError<E::Point>> {
    let mut i = 0;
    // Escaped bytes are written as themselves a whole code unit at a time
    // (`Encode::unit_len`: UTF-16's units are two bytes), or at the end of
    // the stream; a raw byte would put every unit after it out of step, so
    // an escape that makes no whole unit is encoded as any other code point.
    let unit = codec.unit_len().max(1);
    let mut escape_at = next_escape(mode, input, 0);
    while i < input.len() {
        if i == escape_at {
            let run = input[i..].iter().take(unit).take_while(|p| p.to_code_point().and_then(escaped_byte).is_some());
            let run = run.count();
            let ends = i + run == input.len();
            if run == unit || (last && ends) {
                for p in &input[i..i + run] {
                    let byte = p.to_code_point().and_then(escaped_byte).unwrap_or(0);
                    out.push(byte);
                    codec.encode_raw_in(state, byte);
                }
                i += run;
                escape_at = next_escape(mode, input, i);
                continue;
            }
            if ends {
                // The unit may go on in the next chunk.
                break;
            }
            escape_at = next_escape(mode, input, i + 1);
        }
        // The run up to the next escape ends the look-ahead like the end of input.
        let run_last = last || escape_at < input.len();
        if let Some(paths) = fast
            && *state == 0
        {
            i += E::Point::encode_fast(paths, &input[i..escape_at], out);
            if i == escape_at {
                continue;
            }
        }
        let before = out.len();
        let mut next = *state;
        match codec.encode_step_in(&mut next, &input[i..escape_at], run_last, out) {
            EncodeStep::Done(n) => {
                debug_assert!(n >= 1 && n <= escape_at - i, "encode_step broke its contract");
                i += n.clamp(1, escape_at - i);
                *state = next;
            }
            EncodeStep::Incomplete if !run_last => break,
            step => {
                out.truncate(before);
                let kind = match step {
                    EncodeStep::Invalid(kind) => kind,
                    _ => ErrorKind::Truncated,
                };
                if !encode_substitute(codec, mode, state, &input[i], out) {
                    return Err(EncodeError::new(base + i, input[i].clone(), kind));
                }
                i += 1;
            }
        }
    }
    Ok(i)
}

/// A streaming encoder: feed it chunks of code points, get the same bytes as
/// encoding the whole input at once, for every split.
///
/// # Examples
///
/// ```
/// # use codec_core::{CodePoint, Encode, EncodeMode, EncodeStep, ErrorKind};
/// # use codec_core::doc_example::Ascii;
/// let mut encoder = Ascii.encoder(EncodeMode::Replace);
/// let mut out = Vec::new();
/// encoder.encode_chunk(&[CodePoint::new(0x41)], false, &mut out).unwrap();
/// encoder.encode_chunk(&[CodePoint::new(0xE9)], true, &mut out).unwrap();
/// assert_eq!(out, b"A?");
/// ```
#[derive(Debug, Clone)]
pub struct Encoder<E: Encode> {
    codec: E,
    mode: EncodeMode,
    fast: bool,
    pending: Pending<E::Point>,
    index: usize,
    failed: Option<EncodeError<E::Point>>,
    /// Bytes encoded but not yet written to a caller's buffer.
    queue: Vec<u8>,
    queue_pos: usize,
    /// A lead surrogate unit that ended the last UTF-16 buffer.
    lead_unit: Option<u16>,
    /// The codec's state after what has been encoded
    /// ([`Encode::encode_step_in`]).
    state: u32,
    /// Whether the stream has ended (a call with `last` went through).
    ended: bool,
}

impl<E: Encode> Encoder<E> {
    /// Creates a streaming encoder that uses the codec's fast path.
    #[must_use]
    pub fn new(codec: E, mode: EncodeMode) -> Self {
        Self::with_fast_paths(codec, mode, true)
    }

    pub(crate) fn with_fast_paths(codec: E, mode: EncodeMode, fast: bool) -> Self {
        Encoder {
            codec,
            mode,
            fast,
            pending: Pending::new(),
            index: 0,
            failed: None,
            queue: Vec::new(),
            queue_pos: 0,
            lead_unit: None,
            state: 0,
            ended: false,
        }
    }

    /// Encodes `chunk`, appending bytes to `out`; `last` says that no chunk
    /// follows, and then what ends the stream in the codec's state follows
    /// too ([`Encode::encode_finish_in`]: iso-2022-jp's return to ASCII).
    ///
    /// # Errors
    ///
    /// In [`EncodeMode::Fatal`] and [`EncodeMode::Escape`], the first code point
    /// of the stream that cannot be encoded (index counted from the start of
    /// the stream); it is returned again by every later call.
    pub fn encode_chunk(
        &mut self,
        chunk: &[E::Point],
        last: bool,
        out: &mut Vec<u8>,
    ) -> Result<(), EncodeError<E::Point>> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        let Encoder { codec, mode, fast, pending, index, failed, state, ended, .. } = self;
        let codec = &*codec;
        let (mode, fast) = (*mode, if *fast { codec.fast_paths() } else { None });
        let result: Result<Run, EncodeError<E::Point>> = feed(pending, chunk, last, |input, last| {
            let consumed = run_encode(codec, mode, fast, state, input, *index, last, out)?;
            *index += consumed;
            Ok(Run { consumed, full: false })
        });
        match result {
            Ok(_) => {
                if last {
                    codec.encode_finish_in(state, out);
                    (*state, *ended) = (0, true);
                }
                Ok(())
            }
            Err(e) => {
                *failed = Some(e.clone());
                Err(e)
            }
        }
    }

    /// Returns how many code points have been consumed so far.
    pub(crate) fn index(&self) -> usize {
        self.index
    }

    /// Returns the codec.
    pub(crate) fn codec(&self) -> &E {
        &self.codec
    }

    /// True when nothing is held back or queued, the codec is in its first
    /// state and no error ended the stream, so a kernel may encode the next
    /// code points directly.
    pub(crate) fn is_idle(&self) -> bool {
        self.pending.items.is_empty()
            && self.lead_unit.is_none()
            && self.state == 0
            && self.queue_pos == self.queue.len()
            && self.failed.is_none()
    }

    /// Counts `n` code points that a kernel encoded outside the encoder.
    pub(crate) fn advance(&mut self, n: usize) {
        self.index += n;
    }
}

/// How many code points the buffer-to-buffer encoder converts at a time
/// where the codec's kernel stops.
const WINDOW: usize = 256;

/// Text to encode from a caller's buffer: UTF-16 code units, a `str`, or
/// code points.
trait Source {
    /// The buffer's length in its own units.
    fn units(&self) -> usize;

    /// Runs the codec's kernel for this kind of text from unit `from` into
    /// `dst`: (units read, bytes written, the code points read when the
    /// kernel counted them).
    fn kernel(&self, paths: &dyn FastPaths, from: usize, dst: &mut [u8]) -> (usize, usize, Option<usize>);

    /// Counts the code points of the well-formed units `from..to`.
    fn points(&self, from: usize, to: usize) -> usize;

    /// Appends up to [`WINDOW`] code points from unit `from` to `out` and
    /// returns how many units they took. `carry` holds a lead surrogate
    /// unit that ended the previous buffer.
    fn window(&self, from: usize, last: bool, carry: &mut Option<u16>, out: &mut Vec<CodePoint>) -> usize;
}

impl Source for [u16] {
    fn units(&self) -> usize {
        self.len()
    }

    fn kernel(&self, paths: &dyn FastPaths, from: usize, dst: &mut [u8]) -> (usize, usize, Option<usize>) {
        let done = paths.run(FastJob::EncodeFromUtf16(&self[from..], dst));
        (done.read, done.written, done.points)
    }

    fn points(&self, from: usize, to: usize) -> usize {
        utfx_kernels::count_code_points(&self[from..to])
    }

    // Potentially ill-formed UTF-16 as the WTF-8 specification decodes it
    // (`CodePoint::decode_utf16`), a window at a time: a lead surrogate
    // that ends a chunk other than the last waits in `carry` for the unit
    // that may pair with it.
    fn window(&self, from: usize, last: bool, carry: &mut Option<u16>, out: &mut Vec<CodePoint>) -> usize {
        let is_lead = |u: u16| CodePoint::new(u32::from(u)).is_lead_surrogate();
        let held = !last && from < self.len() && self.last().is_some_and(|&u| is_lead(u));
        let end = self.len() - usize::from(held);
        let carried = carry.take();
        let before = out.len();
        out.extend(CodePoint::decode_utf16(carried.into_iter().chain(self[from..end].iter().copied())).take(WINDOW));
        let units: usize = out[before..].iter().map(|cp| if cp.to_u32() > 0xFFFF { 2 } else { 1 }).sum();
        let read = units - usize::from(carried.is_some());
        if held && from + read == end {
            *carry = Some(self[end]);
            return read + 1;
        }
        read
    }
}

impl Source for str {
    fn units(&self) -> usize {
        self.len()
    }

    fn kernel(&self, paths: &dyn FastPaths, from: usize, dst: &mut [u8]) -> (usize, usize, Option<usize>) {
        let done = self.get(from..).map_or_else(Default::default, |rest| paths.run(FastJob::EncodeFromStr(rest, dst)));
        (done.read, done.written, done.points)
    }

    fn points(&self, from: usize, to: usize) -> usize {
        utfx_kernels::count_utf8_code_points(&self.as_bytes()[from..to])
    }

    fn window(&self, from: usize, _last: bool, _carry: &mut Option<u16>, out: &mut Vec<CodePoint>) -> usize {
        let rest = self.get(from..).unwrap_or_default();
        let mut taken = 0;
        for c in rest.chars().take(WINDOW) {
            out.push(CodePoint::from(c));
            taken += c.len_utf8();
        }
        taken
    }
}

impl<E: Encode<Point = CodePoint>> Encoder<E> {
    /// Encodes `src` into `dst` with the codec's kernel for this kind of
    /// text, and its streaming encoder into the output queue where the
    /// kernel stops.
    fn encode_source<S: Source + ?Sized>(
        &mut self,
        src: &S,
        dst: &mut [u8],
        last: bool,
    ) -> (Status<EncodeError>, usize, usize) {
        let (mut read, mut written) = (0, 0);
        let mut window = Vec::new();
        loop {
            if self.queue_pos < self.queue.len() {
                let n = (self.queue.len() - self.queue_pos).min(dst.len() - written);
                dst[written..written + n].copy_from_slice(&self.queue[self.queue_pos..self.queue_pos + n]);
                written += n;
                self.queue_pos += n;
                if self.queue_pos < self.queue.len() {
                    return (Status::OutputFull, read, written);
                }
                self.queue.clear();
                self.queue_pos = 0;
            }
            if let Some(e) = &self.failed {
                return (Status::Error(e.clone()), read, written);
            }
            if read == src.units() {
                if last && (!self.pending.items.is_empty() || self.lead_unit.is_some() || !self.ended) {
                    window.clear();
                    if let Some(lead) = self.lead_unit.take() {
                        window.push(CodePoint::new(u32::from(lead)));
                    }
                    let mut queue = core::mem::take(&mut self.queue);
                    let _ = self.encode_chunk(&window, true, &mut queue);
                    self.queue = queue;
                    continue;
                }
                return (Status::InputEmpty, read, written);
            }
            let paths = if self.fast { self.codec.fast_paths() } else { None };
            if let Some(paths) = paths
                && self.pending.items.is_empty()
                && self.lead_unit.is_none()
                && self.state == 0
            {
                let (r, w, points) = src.kernel(paths, read, &mut dst[written..]);
                read += r;
                written += w;
                self.index += points.unwrap_or_else(|| src.points(read - r, read));
                if read == src.units() {
                    continue;
                }
            }
            window.clear();
            read += src.window(read, last, &mut self.lead_unit, &mut window);
            let window_last = last && read == src.units() && self.lead_unit.is_none();
            let mut queue = core::mem::take(&mut self.queue);
            let _ = self.encode_chunk(&window, window_last, &mut queue);
            self.queue = queue;
        }
    }

    /// Encodes UTF-16 code units from `src` into `dst`, and returns the
    /// status, how many units it read and how many bytes it wrote. The units
    /// are potentially ill-formed UTF-16 (decoded as the WTF-8 specification
    /// does: a surrogate pair is one code point, a lone surrogate a code
    /// point of its own, which the codec may refuse); a lead surrogate at
    /// the end of `src` waits for the next call unless `last`.
    ///
    /// Output that does not fit waits in the encoder for the next call, so
    /// any `dst` makes progress; what came before a fatal error is written
    /// before the error is returned.
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Encode, EncodeMode, EncodeStep, ErrorKind};
    /// # use codec_core::doc_example::Ascii;
    /// use codec_core::Status;
    /// let mut dst = [0u8; 8];
    /// let (status, read, written) = Ascii.encoder(EncodeMode::Replace).encode_from_utf16(&[0x61, 0xD83D, 0xDCA9], &mut dst, true);
    /// assert_eq!((status, read, &dst[..written]), (Status::InputEmpty, 3, &b"a?"[..]));
    /// ```
    pub fn encode_from_utf16(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        last: bool,
    ) -> (Status<EncodeError>, usize, usize) {
        self.encode_source(src, dst, last)
    }

    /// Encodes a string from `src` into `dst`, as
    /// [`encode_from_utf16`](Encoder::encode_from_utf16) does; `read` counts
    /// bytes of `src`.
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Encode, EncodeMode, EncodeStep, ErrorKind};
    /// # use codec_core::doc_example::Ascii;
    /// use codec_core::Status;
    /// let mut dst = [0u8; 2];
    /// let mut encoder = Ascii.encoder(EncodeMode::Fatal);
    /// assert_eq!(encoder.encode_from_str("abc", &mut dst, true), (Status::OutputFull, 3, 2));
    /// assert_eq!(encoder.encode_from_str("", &mut dst, true), (Status::InputEmpty, 0, 1));
    /// ```
    pub fn encode_from_str(&mut self, src: &str, dst: &mut [u8], last: bool) -> (Status<EncodeError>, usize, usize) {
        self.encode_source(src, dst, last)
    }

    /// Returns a number of bytes that is enough to hold what is queued
    /// plus a kernel's output for `units` more UTF-16 units or `str` bytes
    /// (the queue makes any size work; this size avoids waiting): three
    /// bytes per unit toward the UTF-8 family (whose fast paths take UTF-8,
    /// [`FastPaths::utf8_input`]: a unit's code point takes at most three
    /// bytes, a pair's four), else four (UTF-32's), plus 32.
    #[must_use]
    pub fn max_len_from_utf16(&self, units: usize) -> Option<usize> {
        let utf8 = self.fast && self.codec.fast_paths().is_some_and(FastPaths::utf8_input);
        units.checked_mul(if utf8 { 3 } else { 4 })?.checked_add(self.queue.len() - self.queue_pos)?.checked_add(32)
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
