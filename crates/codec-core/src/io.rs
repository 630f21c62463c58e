//! `std::io` adapters: [`TranscodeReader`] decodes with one codec and encodes
//! with another, in bounded memory, through the core's [`Transcoder`].

use std::io::{self, Read};
use std::vec::Vec;

use crate::codec::{Decode, Encode};
use crate::transcode::Transcoder;
use crate::{DecodeMode, EncodeMode, Status};

/// How many bytes [`TranscodeReader`] reads from its source at a time.
pub const CHUNK_SIZE: usize = 64 * 1024;

/// A reader that decodes bytes from `inner` with one codec and yields them
/// encoded with another, holding at most about `CHUNK_SIZE` bytes of input
/// (plus one incomplete sequence) at a time and writing straight into the
/// caller's buffer (through a staging buffer of 16 KiB when the caller's is
/// smaller than 4 KiB, so that the kernels still get whole windows).
///
/// Output before an error is delivered first; then `read` returns an
/// [`io::Error`] of kind [`io::ErrorKind::InvalidData`] whose payload is a
/// [`crate::TranscodeError`].
///
/// # Examples
///
/// ```
/// use std::io::Read;
/// use codec_core::{CodePoint, DecodeMode, EncodeMode, TranscodeReader};
/// # use codec_core::{Decode, Encode, EncodeStep, ErrorKind, Step};
/// # #[derive(Clone, Copy)] struct Ascii;
/// # impl Decode for Ascii {
/// #     type Point = CodePoint;
/// #     fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
/// #         match input[0] {
/// #             b @ 0..=0x7F => Step::Point { point: CodePoint::from(b), len: 1 },
/// #             _ => Step::Invalid { kind: ErrorKind::InvalidLead, len: 1 },
/// #         }
/// #     }
/// # }
/// # impl Encode for Ascii {
/// #     type Point = CodePoint;
/// #     fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
/// #         match u8::try_from(input[0].to_u32()) {
/// #             Ok(b) if b < 0x80 => { out.push(b); EncodeStep::Done(1) }
/// #             _ => EncodeStep::Invalid(ErrorKind::OutOfRange),
/// #         }
/// #     }
/// # }
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
            input: std::vec![0; CHUNK_SIZE],
            start: 0,
            end: 0,
            eof: false,
            staged: Vec::new(),
            staged_start: 0,
            staged_end: 0,
        }
    }

    /// Returns how many input bytes have been decoded so far.
    #[must_use]
    pub fn input_offset(&self) -> usize {
        self.transcoder.input_offset()
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
}

impl<R: Read, D: Decode, E: Encode<Point = D::Point>> TranscodeReader<R, D, E> {
    /// Transcodes into `buf` (not empty): what `read` returns for it.
    fn transcode_into(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if self.start == self.end && !self.eof {
                let n = loop {
                    match self.inner.read(&mut self.input) {
                        Ok(n) => break n,
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        Err(e) => return Err(e),
                    }
                };
                self.start = 0;
                self.end = n;
                self.eof = n == 0;
            }
            let (status, read, written) = self.transcoder.transcode(&self.input[self.start..self.end], buf, self.eof);
            self.start += read;
            match status {
                Status::Error(e) if written == 0 => return Err(io::Error::new(io::ErrorKind::InvalidData, e)),
                Status::InputEmpty if written == 0 && self.eof => return Ok(0),
                _ if written > 0 => return Ok(written),
                _ => {}
            }
        }
    }
}
