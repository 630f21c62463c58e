//! `std::io` adapters: [`TranscodeReader`] decodes with one codec and encodes
//! with another, in bounded memory.

use std::io::{self, Read};
use std::vec::Vec;

use crate::codec::{Decode, Encode};
use crate::error::{DecodeError, EncodeError};
use crate::stream::{Decoder, Encoder};
use crate::{DecodeMode, EncodeMode};

/// How many bytes [`TranscodeReader`] reads from its source at a time.
pub const CHUNK_SIZE: usize = 64 * 1024;

/// Why a [`TranscodeReader`] stopped: the payload of the [`io::Error`] (of
/// kind [`io::ErrorKind::InvalidData`]) it returns.
///
/// # Examples
///
/// ```
/// use codec_core::{DecodeError, ErrorKind, TranscodeError};
/// let e: TranscodeError = TranscodeError::Decode(DecodeError::new(4, Some(1), ErrorKind::InvalidLead));
/// assert_eq!(e.to_string(), "invalid lead byte at byte offset 4");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TranscodeError<P: crate::AnyCodePoint = crate::CodePoint> {
    /// The input is ill-formed in the source codec.
    #[error(transparent)]
    Decode(DecodeError),
    /// A code point cannot be encoded by the target codec.
    #[error(transparent)]
    Encode(EncodeError<P>),
}

/// A reader that decodes bytes from `inner` with one codec and yields them
/// encoded with another, holding at most about [`CHUNK_SIZE`] bytes of input
/// (plus one incomplete sequence) at a time.
///
/// Output before an error is delivered first; then `read` returns an
/// [`io::Error`] of kind [`io::ErrorKind::InvalidData`] whose payload is a
/// [`TranscodeError`].
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
/// let mut reader = TranscodeReader::new(&b"a\xFFb"[..], Ascii, DecodeMode::Replace, Ascii, EncodeMode::Replace);
/// let mut out = Vec::new();
/// reader.read_to_end(&mut out).unwrap();
/// assert_eq!(out, b"a?b");
/// ```
#[derive(Debug)]
pub struct TranscodeReader<R, D: Decode, E: Encode<Point = D::Point>> {
    inner: R,
    decoder: Decoder<D>,
    encoder: Encoder<E>,
    input: Vec<u8>,
    points: Vec<D::Point>,
    output: Vec<u8>,
    output_pos: usize,
    eof: bool,
    error: Option<TranscodeError<D::Point>>,
}

impl<R: Read, D: Decode, E: Encode<Point = D::Point>> TranscodeReader<R, D, E> {
    /// Creates a reader that decodes `inner` with `from` in `decode_mode` and
    /// encodes with `to` in `encode_mode`.
    #[must_use]
    pub fn new(inner: R, from: D, decode_mode: DecodeMode, to: E, encode_mode: EncodeMode) -> Self {
        TranscodeReader {
            inner,
            decoder: Decoder::new(from, decode_mode),
            encoder: Encoder::new(to, encode_mode),
            input: std::vec![0; CHUNK_SIZE],
            points: Vec::new(),
            output: Vec::new(),
            output_pos: 0,
            eof: false,
            error: None,
        }
    }

    /// Returns how many input bytes have been decoded so far.
    #[must_use]
    pub fn input_offset(&self) -> usize {
        self.decoder.offset()
    }

    /// Returns the inner reader.
    #[must_use]
    pub fn into_inner(self) -> R {
        self.inner
    }

    /// Reads and transcodes one chunk into `self.output`.
    fn fill(&mut self) -> io::Result<()> {
        let n = loop {
            match self.inner.read(&mut self.input) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        };
        let last = n == 0;
        self.eof = last;
        self.points.clear();
        self.output.clear();
        self.output_pos = 0;
        let decoded = self.decoder.decode_chunk(&self.input[..n], last, &mut self.points);
        // On a decode error, encode what came before it, then stop.
        let last = last || decoded.is_err();
        if let Err(e) = decoded {
            self.error = Some(TranscodeError::Decode(e));
            self.eof = true;
        }
        if let Err(e) = self.encoder.encode_chunk(&self.points, last, &mut self.output) {
            self.error.get_or_insert(TranscodeError::Encode(e));
            self.eof = true;
        }
        Ok(())
    }
}

impl<R: Read, D: Decode, E: Encode<Point = D::Point>> Read for TranscodeReader<R, D, E> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.output_pos == self.output.len() {
            if self.eof {
                return match self.error.take() {
                    Some(e) => Err(io::Error::new(io::ErrorKind::InvalidData, e)),
                    None => Ok(0),
                };
            }
            self.fill()?;
        }
        let available = &self.output[self.output_pos..];
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.output_pos += n;
        Ok(n)
    }
}
