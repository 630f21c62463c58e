//! `std::io` adapters: [`TranscodeReader`] decodes with one codec and encodes
//! with another, in bounded memory, through the core's [`Transcoder`].

use std::io::{self, Read};
use std::vec::Vec;

use crate::bom::{Bom, sniff_bom};
use crate::codec::{Decode, Encode};
use crate::transcode::{TranscodeError, Transcoder};
use crate::{AnyCodePoint, DecodeMode, EncodeMode, Status};

/// How many bytes [`TranscodeReader`] reads from its source at a time, at
/// most; it starts with [`FIRST_CHUNK`] and doubles its buffer while reads
/// fill it, so that a short input costs no 64 KiB buffer to zero.
const CHUNK_SIZE: usize = 64 * 1024;
const FIRST_CHUNK: usize = 8 * 1024;

/// A reader that decodes bytes from `inner` with one codec and yields them
/// encoded with another, holding at most about 64 KiB of input
/// (plus one incomplete sequence) at a time and writing straight into the
/// caller's buffer (through a staging buffer of 16 KiB when the caller's is
/// smaller than 4 KiB, so that the kernels still get whole windows).
///
/// Output before an error is delivered first; then `read` returns an
/// [`io::Error`] of kind [`io::ErrorKind::InvalidData`] whose payload is a
/// [`crate::TranscodeError`].
///
/// A byte order mark at the start of the input is text by default: it comes
/// out as U+FEFF in the target codec, as iconv does.
/// [`with_bom_removal`](Self::with_bom_removal) skips it instead, as the
/// Encoding Standard's `TextDecoder` and `utfx convert -f utf-8` (or
/// `utf-16le`, `utf-16be`) do.
///
/// Every codec crate re-exports this type with the rest of the core's
/// vocabulary (`codec_utf16::TranscodeReader`, ...), and `codec-utf16`'s
/// front page has an example with that crate alone; the example below
/// builds on a small codec of its own.
///
/// # Examples
///
/// ```
/// use std::io::Read;
/// use codec_core::{CodePoint, DecodeMode, EncodeMode, TranscodeReader};
/// # use codec_core::{Decode, Encode, EncodeStep, ErrorKind, Step};
/// # use codec_core::doc_example::Ascii;
/// let mut reader = TranscodeReader::new(&b"a\xFFb"[..], Ascii, DecodeMode::Replace, Ascii, EncodeMode::Replace);
/// let mut out = Vec::new();
/// reader.read_to_end(&mut out).unwrap();
/// assert_eq!(out, b"a?b");
/// ```
#[derive(Debug)]
pub struct TranscodeReader<R, D: Decode, E: Encode<Point = D::Point>> {
    inner: R,
    transcoder: Transcoder<D, E>,
    input: Vec<u8>,
    start: usize,
    end: usize,
    eof: bool,
    /// Output transcoded for a small read and not yet delivered, from
    /// `staged_start` on (empty until a small read needs it).
    staged: Vec<u8>,
    staged_start: usize,
    staged_end: usize,
    /// The BOM to skip at the start of the input, until the start is read.
    bom: Option<Bom>,
    /// How many bytes of BOM were skipped: added to every offset.
    skipped: usize,
}

/// Reads into a smaller buffer than this go through a staging buffer of
/// [`STAGING`] bytes: the kernels convert a window of a third of the room
/// they are given, so small reads (such as the probes of `read_to_end`) would
/// run the step-by-step path.
const SMALL_READ: usize = 4096;
const STAGING: usize = 4 * SMALL_READ;

impl<R: Read, D: Decode, E: Encode<Point = D::Point>> TranscodeReader<R, D, E> {
    /// Creates a reader that decodes `inner` with `from` in `decode_mode` and
    /// encodes with `to` in `encode_mode`.
    #[must_use]
    pub fn new(inner: R, from: D, decode_mode: DecodeMode, to: E, encode_mode: EncodeMode) -> Self {
        TranscodeReader {
            inner,
            transcoder: Transcoder::new(from, decode_mode, to, encode_mode),
            input: Vec::new(),
            start: 0,
            end: 0,
            eof: false,
            staged: Vec::new(),
            staged_start: 0,
            staged_end: 0,
            bom: None,
            skipped: 0,
        }
    }

    /// Skips `bom` when the input starts with it, so that it does not come
    /// out as U+FEFF; input without it is read as it is. Offsets in errors
    /// still count from the first byte of the input, BOM included.
    ///
    /// `utfx convert -f utf-16le` does this with [`Bom::Utf16Le`] (and
    /// `utf-8`, `utf-16be` with their own BOM), so a program built on this
    /// reader writes the bytes the command writes.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::io::Read;
    /// use codec_core::bom::Bom;
    /// use codec_core::{DecodeMode, EncodeMode, TranscodeReader};
    /// # use codec_core::{CodePoint, Decode, Encode, EncodeStep, ErrorKind, Step};
    /// # #[derive(Clone, Copy)] struct Latin1;
    /// # impl Decode for Latin1 {
    /// #     type Point = CodePoint;
    /// #     fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
    /// #         Step::Point { point: CodePoint::from(input[0]), len: 1 }
    /// #     }
    /// # }
    /// # impl Encode for Latin1 {
    /// #     type Point = CodePoint;
    /// #     fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
    /// #         match u8::try_from(input[0].to_u32()) {
    /// #             Ok(b) => { out.push(b); EncodeStep::Done(1) }
    /// #             _ => EncodeStep::Invalid(ErrorKind::OutOfRange),
    /// #         }
    /// #     }
    /// # }
    /// let input = &b"\xFF\xFEhi"[..];
    /// let mut out = Vec::new();
    /// TranscodeReader::new(input, Latin1, DecodeMode::Fatal, Latin1, EncodeMode::Fatal)
    ///     .with_bom_removal(Bom::Utf16Le)
    ///     .read_to_end(&mut out)
    ///     .unwrap();
    /// assert_eq!(out, b"hi");
    /// ```
    #[must_use]
    pub fn with_bom_removal(mut self, bom: Bom) -> Self {
        self.bom = Some(bom);
        self
    }

    /// Returns the inner reader.
    #[must_use]
    pub fn into_inner(self) -> R {
        self.inner
    }
}

impl<R: Read, D: Decode, E: Encode<Point = D::Point>> Read for TranscodeReader<R, D, E> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        if self.staged_start == self.staged_end && buf.len() < SMALL_READ {
            let mut staged = core::mem::take(&mut self.staged);
            staged.resize(STAGING, 0);
            let written = self.transcode_into(&mut staged);
            self.staged = staged;
            (self.staged_start, self.staged_end) = (0, 0);
            self.staged_end = written?;
        }
        if self.staged_start < self.staged_end {
            let n = buf.len().min(self.staged_end - self.staged_start);
            buf[..n].copy_from_slice(&self.staged[self.staged_start..self.staged_start + n]);
            self.staged_start += n;
            return Ok(n);
        }
        self.transcode_into(buf)
    }

    /// Reads to the end as [`Read::read_to_end`] does, into room zeroed
    /// 64 KiB at a time, each byte once: std's form lends a
    /// reader 8 KiB at a time, zeroed on every call, and lends more only
    /// while reads fill it to the byte, which a transcoder's rarely do.
    fn read_to_end(&mut self, buf: &mut Vec<u8>) -> io::Result<usize> {
        let start = buf.len();
        let mut filled = start;
        let result = loop {
            if buf.len() - filled < SMALL_READ {
                buf.resize(filled + OUTPUT_STEP, 0);
            }
            match self.read(&mut buf[filled..]) {
                Ok(0) => break Ok(filled - start),
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => break Err(e),
            }
        };
        buf.truncate(filled);
        result
    }
}

/// How much room [`TranscodeReader`]'s `read_to_end` zeroes at a time: a
/// step that stays in the nearest caches while the kernels write it.
const OUTPUT_STEP: usize = 64 * 1024;

impl<R: Read, D: Decode, E: Encode<Point = D::Point>> TranscodeReader<R, D, E> {
    /// Reads from the inner reader into `self.input[self.end..]` (the
    /// buffer grown first when it is full), retrying on interruption;
    /// returns how many bytes came (0 at the end).
    fn fill(&mut self) -> io::Result<usize> {
        if self.end == self.input.len() {
            self.grow();
        }
        loop {
            match self.inner.read(&mut self.input[self.end..]) {
                Ok(n) => {
                    self.end += n;
                    self.eof = n == 0;
                    return Ok(n);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// Doubles the input buffer, from [`FIRST_CHUNK`] up to [`CHUNK_SIZE`].
    fn grow(&mut self) {
        let len = (2 * self.input.len()).clamp(FIRST_CHUNK, CHUNK_SIZE);
        if len > self.input.len() {
            self.input.resize(len, 0);
        }
    }

    /// Reads until the input holds as many bytes as the BOM to remove (or
    /// ends), then skips the BOM if the input starts with it.
    fn remove_bom(&mut self, bom: Bom) -> io::Result<()> {
        while self.end - self.start < bom.len() && !self.eof {
            self.fill()?;
        }
        if sniff_bom(&self.input[self.start..self.end]) == Some(bom) {
            self.start += bom.len();
            self.skipped = bom.len();
        }
        Ok(())
    }

    /// Transcodes into `buf` (not empty): what `read` returns for it.
    fn transcode_into(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(bom) = self.bom.take() {
            self.remove_bom(bom)?;
        }
        loop {
            if self.start == self.end && !self.eof {
                if self.end == self.input.len() {
                    // The last read filled all the room it was given.
                    self.grow();
                }
                (self.start, self.end) = (0, 0);
                self.fill()?;
            }
            let (status, read, written) = self.transcoder.transcode(&self.input[self.start..self.end], buf, self.eof);
            self.start += read;
            match status {
                Status::Error(e) if written == 0 => {
                    return Err(io::Error::new(io::ErrorKind::InvalidData, shifted(e, self.skipped)));
                }
                Status::InputEmpty if written == 0 && self.eof => return Ok(0),
                _ if written > 0 => return Ok(written),
                _ => {}
            }
        }
    }
}

/// `error` with its byte offset moved by `skipped` bytes of BOM (an encoding
/// error counts code points, which the skipped BOM never was).
fn shifted<P: AnyCodePoint>(error: TranscodeError<P>, skipped: usize) -> TranscodeError<P> {
    match error {
        TranscodeError::Decode(e) => TranscodeError::Decode(e.shifted(skipped)),
        e @ TranscodeError::Encode(_) => e,
    }
}
