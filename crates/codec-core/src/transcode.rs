//! Transcoding from any codec to any other, buffer to buffer, without an
//! array of code points: [`Transcoder`].
//!
//! Well-formed text takes the codecs' bulk kernels through a UTF-16 pivot
//! buffer that stays in cache (the decoder's `FastJob::DecodeToUtf16`, then the
//! encoder's `FastJob::EncodeFromValidUtf16`); everything else (errors, error
//! modes, code points beyond UTF-16, the look-ahead of an encoder) goes
//! through the one streaming decoder and encoder over a bounded buffer of
//! code points. The kernels decode Unicode scalar values only, so the UTF-16
//! pivot is exact for every codec and every mode.

use alloc::vec::Vec;

use crate::code_point::{AnyCodePoint, CodePoint};
use crate::codec::{Decode, Encode};
use crate::error::{DecodeError, EncodeError};
use crate::fast::{FastJob, FastPaths, Progress};
use crate::mode::{DecodeMode, EncodeMode};
use crate::sink::{Pushed, Sink};
use crate::stream::{Decoder, Encoder, Status};

/// How many UTF-16 units, or code points, the pivot buffers hold.
const PIVOT: usize = 4096;

/// Room for units past a window of [`PIVOT`] bytes: the kernels convert a
/// block of 64 bytes only with 64 units of room after what they wrote, so a
/// pivot of exactly [`PIVOT`] units sent the last block or two of every
/// window of ASCII to the converter a character at a time (a tenth of the
/// transcoder's time on ASCII, by `perf`).
const PIVOT_SLACK: usize = 128;

/// How many input bytes the UTF-8 kernel path converts at a time: where
/// the count of code points is made on the output (when the kernel's
/// [`Progress`] has none), it then reads what the kernel
/// has just written from the nearest cache (`utfx convert` of 146 MB of
/// UTF-16LE to UTF-8, before UTF-16's kernel counted for itself: 0.0270
/// to 0.0263 s, CPU 47.4 to 46.2 ms).
const UTF8_WINDOW: usize = 16 * 1024;

/// The smallest and largest number of code points the step-by-step path decodes: it starts
/// small so that the kernels take over again soon after an error, and grows
/// while they make no progress (a codec without kernels).
const SLOW_WINDOW: (usize, usize) = (32, PIVOT);

/// Why transcoding stopped: the input is ill-formed in the source codec, or
/// a code point cannot be encoded by the target codec.
///
/// # Examples
///
/// ```
/// use codec_core::{DecodeError, ErrorKind, TranscodeError};
/// let e: TranscodeError = TranscodeError::Decode(DecodeError::new(4, Some(1), ErrorKind::InvalidLead));
/// assert_eq!(e.to_string(), "invalid lead byte at byte offset 4");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TranscodeError<P: AnyCodePoint = CodePoint> {
    /// The input is ill-formed in the source codec.
    #[error(transparent)]
    Decode(DecodeError),
    /// A code point cannot be encoded by the target codec.
    #[error(transparent)]
    Encode(EncodeError<P>),
}

/// A sink of at most `.1` (at most [`PIVOT`]) code points.
struct Bounded<'a, P>(&'a mut Vec<P>, usize);

impl<P: AnyCodePoint> Sink<P> for Bounded<'_, P> {
    fn push(&mut self, point: P) -> Pushed {
        if self.0.len() >= self.1 {
            return Pushed::Full;
        }
        self.0.push(point);
        Pushed::Taken
    }

    fn fast(&mut self, paths: &dyn FastPaths, input: &[u8]) -> usize {
        // Every code point takes at least one byte, so this many bytes fit.
        let room = self.1.saturating_sub(self.0.len());
        P::decode_fast(paths, &input[..input.len().min(room)], self.0)
    }
}

/// Decodes with one codec and encodes with another, from a caller's byte
/// buffer into a caller's byte buffer, in bounded memory: the buffer-to-
/// buffer counterpart of `TranscodeReader`, which is built on it.
///
/// Output before an error is delivered first; then the error, every call.
///
/// # Examples
///
/// ```
/// # use codec_core::{CodePoint, Decode, Encode, EncodeStep, ErrorKind, Step};
/// # use codec_core::doc_example::Ascii;
/// use codec_core::{DecodeMode, EncodeMode, Status, Transcoder};
/// let mut t = Transcoder::new(Ascii, DecodeMode::Replace, Ascii, EncodeMode::Replace);
/// let mut dst = [0u8; 16];
/// let (status, read, written) = t.transcode(b"a\xFFb", &mut dst, true);
/// assert_eq!((status, read, &dst[..written]), (Status::InputEmpty, 3, &b"a?b"[..]));
/// ```
#[derive(Debug)]
pub struct Transcoder<D: Decode, E: Encode<Point = D::Point>> {
    decoder: Decoder<D>,
    encoder: Encoder<E>,
    units: Vec<u16>,
    points: Vec<D::Point>,
    queue: Vec<u8>,
    queue_pos: usize,
    error: Option<TranscodeError<D::Point>>,
    finished: bool,
    slow_window: usize,
    /// Whether the kernels run UTF-8 straight through (both codecs' text is
    /// UTF-8), chosen once.
    utf8: bool,
    /// Whether the decoder's kernels run: not in escape mode when they
    /// take forms the encoder does not write (`FastPaths::decodes_in`).
    decode_fast: bool,
}

impl<D: Decode, E: Encode<Point = D::Point>> Transcoder<D, E> {
    /// Creates a transcoder that decodes with `from` in `decode_mode` and
    /// encodes with `to` in `encode_mode`.
    #[must_use]
    pub fn new(from: D, decode_mode: DecodeMode, to: E, encode_mode: EncodeMode) -> Self {
        let utf8 =
            from.fast_paths().is_some_and(FastPaths::utf8_output) && to.fast_paths().is_some_and(FastPaths::utf8_input);
        let decode_fast = from.fast_paths().is_none_or(|paths| paths.decodes_in(decode_mode));
        Transcoder {
            utf8,
            decode_fast,
            decoder: Decoder::new(from, decode_mode),
            encoder: Encoder::new(to, encode_mode),
            units: alloc::vec![0; PIVOT + PIVOT_SLACK],
            points: Vec::with_capacity(PIVOT),
            queue: Vec::new(),
            queue_pos: 0,
            error: None,
            finished: false,
            slow_window: SLOW_WINDOW.0,
        }
    }

    /// Returns how many code points have been encoded so far (the index
    /// an encoding error would carry next).
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Decode, Encode, EncodeStep, ErrorKind, Step};
    /// # use codec_core::doc_example::Ascii;
    /// use codec_core::{DecodeMode, EncodeMode, Transcoder};
    /// let mut t = Transcoder::new(Ascii, DecodeMode::Fatal, Ascii, EncodeMode::Fatal);
    /// let _ = t.transcode(b"abc", &mut [0u8; 16], false);
    /// assert_eq!(t.output_index(), 3);
    /// ```
    #[must_use]
    pub fn output_index(&self) -> usize {
        self.encoder.index()
    }

    /// Returns whether the transcoder holds nothing back: no input bytes of
    /// an unfinished sequence, no code points or output waiting, both codecs
    /// in their first state (a stateful codec's shift), no error. After
    /// `transcode` has taken all of an input that ends at a restart point
    /// ([`Decode::restart_point`]), it is idle.
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Decode, Encode, EncodeStep, ErrorKind, Step};
    /// # use codec_core::doc_example::Ascii;
    /// use codec_core::{DecodeMode, EncodeMode, Transcoder};
    /// let mut t = Transcoder::new(Ascii, DecodeMode::Fatal, Ascii, EncodeMode::Fatal);
    /// let _ = t.transcode(b"ok", &mut [0u8; 16], false);
    /// assert!(t.is_idle());
    /// let _ = t.transcode(b"\xFF", &mut [0u8; 16], false);
    /// assert!(!t.is_idle());
    /// ```
    #[must_use]
    pub fn is_idle(&self) -> bool {
        self.decoder.is_idle()
            && self.encoder.is_idle()
            && self.points.is_empty()
            && self.queue.is_empty()
            && self.error.is_none()
    }

    /// Writes queued output to `dst[*written..]`; true when the queue is empty.
    fn drain(&mut self, dst: &mut [u8], written: &mut usize) -> bool {
        let n = (self.queue.len() - self.queue_pos).min(dst.len() - *written);
        dst[*written..*written + n].copy_from_slice(&self.queue[self.queue_pos..self.queue_pos + n]);
        *written += n;
        self.queue_pos += n;
        if self.queue_pos < self.queue.len() {
            return false;
        }
        self.queue.clear();
        self.queue_pos = 0;
        true
    }

    /// Encodes `self.points` into the queue; `last` ends the stream.
    fn encode_points(&mut self, last: bool) {
        if let Err(e) = self.encoder.encode_chunk(&self.points, last, &mut self.queue) {
            self.error.get_or_insert(TranscodeError::Encode(e));
        }
        self.points.clear();
    }

    /// Transcodes all of `src` into `buf` from its start, `last` as for
    /// [`transcode`](Transcoder::transcode): overwrites what `buf` holds and
    /// doubles its length whenever it is full (to at least 64 bytes), so a
    /// buffer kept from call to call is neither zeroed nor grown again.
    /// Returns how many bytes it wrote and the error that stopped it, if one
    /// did (the output before the error is written first).
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Decode, Encode, EncodeStep, ErrorKind, Step};
    /// # use codec_core::doc_example::Ascii;
    /// use codec_core::{DecodeMode, EncodeMode, Transcoder};
    /// let mut t = Transcoder::new(Ascii, DecodeMode::Replace, Ascii, EncodeMode::Replace);
    /// let mut buf = Vec::new();
    /// let (written, error) = t.transcode_into(b"a\xFFb", true, &mut buf);
    /// assert_eq!((&buf[..written], error), (&b"a?b"[..], None));
    /// ```
    pub fn transcode_into(
        &mut self,
        src: &[u8],
        last: bool,
        buf: &mut Vec<u8>,
    ) -> (usize, Option<TranscodeError<D::Point>>) {
        if buf.len() < 64 {
            buf.resize(64, 0);
        }
        let (mut read, mut written) = (0, 0);
        loop {
            let (status, r, w) = self.transcode(&src[read..], &mut buf[written..], last);
            (read, written) = (read + r, written + w);
            match status {
                Status::InputEmpty => return (written, None),
                Status::Error(e) => return (written, Some(e)),
                Status::OutputFull => {
                    let grown = 2 * buf.len();
                    buf.resize(grown, 0);
                }
            }
        }
    }

    /// Transcodes `src` into `dst`, `last` saying that no input follows, and
    /// returns the status, how many bytes of `src` it read and how many it
    /// wrote. Any `dst` makes progress: output that does not fit waits for
    /// the next call.
    pub fn transcode(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (Status<TranscodeError<D::Point>>, usize, usize) {
        let (mut read, mut written) = (0, 0);
        loop {
            if !self.drain(dst, &mut written) {
                return (Status::OutputFull, read, written);
            }
            if let Some(e) = &self.error {
                return (Status::Error(e.clone()), read, written);
            }
            let rest = &src[read..];
            if self.finished || (rest.is_empty() && !last) {
                return (Status::InputEmpty, read, written);
            }
            // The kernels, while nothing is held back on either side: UTF-8
            // straight into the output when both codecs' text is UTF-8,
            // else through the UTF-16 pivot.
            let room = dst.len() - written;
            let idle = !rest.is_empty() && self.decoder.is_idle() && self.encoder.is_idle();
            let from = self.decoder.codec().fast_paths().filter(|_| idle && self.decode_fast);
            if let Some(from) = from
                && self.utf8
            {
                // A window at a time, so that the count reads what the
                // kernel has just written from the nearest cache.
                let window = rest.len().min(UTF8_WINDOW);
                let out = &mut dst[written..];
                let Progress { read: r, written: w, points } = from.run(FastJob::DecodeToUtf8(&rest[..window], out));
                let points = points.unwrap_or_else(|| utfx_kernels::count_utf8_code_points(&out[..w]));
                if r > 0 {
                    self.slow_window = SLOW_WINDOW.0;
                    self.decoder.advance(r);
                    self.encoder.advance(points);
                    read += r;
                    written += w;
                    continue;
                }
            } else if let Some(from) = from
                && room >= 64
            {
                let window = rest.len().min(PIVOT).min(room / 3);
                let Progress { read: r, written: u, .. } =
                    from.run(FastJob::DecodeToUtf16(&rest[..window], &mut self.units));
                if r > 0 {
                    self.slow_window = SLOW_WINDOW.0;
                    self.decoder.advance(r);
                    read += r;
                    let units = &self.units[..u];
                    let Progress { read: ur, written: w, points: counted } = crate::fast::run(
                        self.encoder.codec().fast_paths(),
                        FastJob::EncodeFromValidUtf16(units, &mut dst[written..]),
                    );
                    written += w;
                    self.encoder.advance(counted.unwrap_or_else(|| utfx_kernels::count_code_points(&units[..ur])));
                    if ur < u {
                        // The encoder's kernel stopped: the rest of the
                        // pivot, all scalar values, goes step by step.
                        self.points.extend(
                            char::decode_utf16(units[ur..].iter().copied())
                                .map(|c| D::Point::from(CodePoint::from(c.unwrap_or(char::REPLACEMENT_CHARACTER)))),
                        );
                        self.encode_points(false);
                    }
                    continue;
                }
            }
            // Step by step, through a bounded buffer of code points. The
            // bound is on code points, not bytes, so the decoder stops at a
            // sequence boundary and is idle again for the kernels: a window
            // of bytes could cut a sequence (a UTF-16 unit after an odd
            // first read) and leave it pending at the end of every window,
            // keeping the kernels off for the rest of the stream.
            let bound = self.slow_window;
            self.slow_window = (self.slow_window * 2).min(SLOW_WINDOW.1);
            match self.decoder.decode_to_sink(rest, last, &mut Bounded(&mut self.points, bound)) {
                Ok((status, r)) => {
                    read += r;
                    let done = last && r == rest.len() && status.is_input_empty();
                    self.encode_points(done);
                    self.finished = done;
                }
                Err(e) => {
                    // What came before the error is encoded and delivered first.
                    read = src.len();
                    self.encode_points(true);
                    self.error.get_or_insert(TranscodeError::Decode(e));
                }
            }
        }
    }
}
