//! `--framing java`: Java's `DataOutput.writeUTF`/`DataInput.readUTF`
//! records, a two-byte big-endian byte count and then that many bytes of
//! Modified UTF-8, for the codecs that define it
//! ([`codec_core::Codec::framing`]: `mutf-8`, `mutf-8-lenient`).
//!
//! Reading: the input is a sequence of records, each decoded as a whole
//! input of its own (a sequence the record's end cuts is an error, as
//! `readUTF` says "partial character at end"), their text concatenated;
//! offsets in messages are offsets in the file. A record that the end of
//! input cuts (in its length field or its payload) is an error at its first
//! byte, kind `truncated`, in every `--errors` mode (the framing is broken,
//! not the text; glibc's `iconv -c` fails on a cut input too).
//!
//! Writing: the text is one `writeUTF` string, cut into records of at most
//! 65,535 bytes when it is longer: every record but the last is as full as
//! a character boundary allows, and a character (a supplementary code
//! point's two three-byte surrogate halves included) is never split; an
//! empty text is one empty record (`00 00`), as `writeUTF("")` writes.
//!
//! The layout (the length field, where a record may end) is the codec's
//! own, through [`codec_core::Framing`]; this module reads and writes the
//! records as they stream. Memory stays bounded: a record is at most
//! 65,537 bytes.

use std::io::{self, Read, Write};

use codec_core::{BigCodePoint, DecodeError, Decoder, DynCodec, Encoder, ErrorKind, Framing as Layout};
use codec_registry::BigCodec;

use crate::cli::{ConvertArgs, Framing};
use crate::convert::Invocation;
use crate::output_file::OutputFile;
use crate::support::{self, Failure};

/// The codec's framing when `--framing` applies to it: `None` without the
/// option.
///
/// # Errors
///
/// [`Failure::Usage`] for a codec without it, naming those that have it.
pub(crate) fn applies(
    framing: Option<Framing>,
    codec: &'static dyn DynCodec,
) -> Result<Option<&'static dyn Layout>, Failure> {
    match (framing, codec.framing()) {
        (None, _) => Ok(None),
        (Some(Framing::Java), Some(layout)) => Ok(Some(layout)),
        (Some(Framing::Java), None) => Err(Failure::Usage(format!(
            "--framing java: codec `{}` has no such framing; Java's writeUTF records hold Modified UTF-8: {}",
            codec.info().name,
            framed_codecs().join(", ")
        ))),
    }
}

/// The names of the codecs that define a framing.
pub(crate) fn framed_codecs() -> Vec<&'static str> {
    codec_registry::all().iter().filter(|c| c.framing().is_some()).map(|c| c.info().name).collect()
}

/// Why the next record could not be read.
#[derive(Debug)]
pub(crate) enum RecordError {
    /// Reading failed.
    Read(io::Error),
    /// The input ended inside a record: `truncated` at its first byte.
    Truncated(DecodeError),
}

impl RecordError {
    /// The failure to report: `context` goes before a decoding message.
    pub(crate) fn failure(&self, context: &str, name: &str) -> Failure {
        match self {
            RecordError::Read(e) => support::read_failure(name, e),
            RecordError::Truncated(e) => Failure::decode(context, e),
        }
    }
}

/// The records of a framed input, one at a time, in bounded memory.
pub(crate) struct Records<R> {
    inner: R,
    layout: &'static dyn Layout,
    /// The offset in the file of the next record.
    offset: usize,
    /// The payload of the record last read.
    payload: Vec<u8>,
}

impl<R: Read> Records<R> {
    /// The records of `inner` in `layout`, whose first byte is at `offset`
    /// in the file.
    pub(crate) fn new(inner: R, layout: &'static dyn Layout, offset: usize) -> Records<R> {
        Records { inner, layout, offset, payload: Vec::new() }
    }

    /// The next record: the offset of its payload in the file, and the
    /// payload; `None` at the end of input (between records).
    ///
    /// # Errors
    ///
    /// [`RecordError::Read`] when reading fails, [`RecordError::Truncated`]
    /// when the input ends inside a record.
    pub(crate) fn next(&mut self) -> Result<Option<(usize, &[u8])>, RecordError> {
        let start = self.offset;
        let truncated = RecordError::Truncated(DecodeError::new(start, None, ErrorKind::Truncated));
        let header_len = self.layout.header_len();
        self.payload.resize(header_len, 0);
        let mut header = std::mem::take(&mut self.payload);
        let got = self.fill(&mut header);
        self.payload = header;
        match got? {
            0 => return Ok(None),
            n if n < header_len => return Err(truncated),
            _ => {}
        }
        let len = self.layout.payload_len(&self.payload);
        self.payload.resize(len, 0);
        let mut payload = std::mem::take(&mut self.payload);
        let got = self.fill(&mut payload);
        self.payload = payload;
        if got? < len {
            return Err(truncated);
        }
        self.offset = start + header_len + len;
        Ok(Some((start + header_len, &self.payload)))
    }

    /// Reads until `buf` is full or the input ends; how many bytes it read.
    fn fill(&mut self, buf: &mut [u8]) -> Result<usize, RecordError> {
        let mut have = 0;
        while have < buf.len() {
            match self.inner.read(&mut buf[have..]) {
                Ok(0) => break,
                Ok(n) => have += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(RecordError::Read(e)),
            }
        }
        Ok(have)
    }
}

/// Cuts encoded text into records as it arrives: [`Framer::push`] writes
/// every record that is known to be full, [`Framer::finish`] the last one.
pub(crate) struct Framer {
    layout: &'static dyn Layout,
    /// Encoded bytes not yet in a record written.
    pending: Vec<u8>,
    /// Whether a record has been written.
    wrote: bool,
}

impl Framer {
    /// A framer of records in `layout`.
    pub(crate) fn new(layout: &'static dyn Layout) -> Framer {
        Framer { layout, pending: Vec::new(), wrote: false }
    }

    /// Adds `bytes` and writes, through `write`, each full record they
    /// complete.
    ///
    /// # Errors
    ///
    /// What `write` returns.
    pub(crate) fn push(
        &mut self,
        bytes: &[u8],
        write: &mut dyn FnMut(&[u8]) -> Result<(), Failure>,
    ) -> Result<(), Failure> {
        self.pending.extend_from_slice(bytes);
        // A record is written only once more bytes follow it: the last one
        // may be short.
        loop {
            let end = self.layout.frame_end(&self.pending);
            if end == self.pending.len() {
                return Ok(());
            }
            self.record(end, write)?;
        }
    }

    /// Writes what is left as the last record (an empty one when nothing
    /// was written at all).
    ///
    /// # Errors
    ///
    /// What `write` returns.
    pub(crate) fn finish(&mut self, write: &mut dyn FnMut(&[u8]) -> Result<(), Failure>) -> Result<(), Failure> {
        if !self.pending.is_empty() || !self.wrote {
            self.record(self.pending.len(), write)?;
        }
        Ok(())
    }

    /// Writes the first `len` pending bytes as one record.
    fn record(&mut self, len: usize, write: &mut dyn FnMut(&[u8]) -> Result<(), Failure>) -> Result<(), Failure> {
        let mut record = Vec::with_capacity(self.layout.header_len() + len);
        self.layout.write_header(len, &mut record);
        record.extend_from_slice(&self.pending[..len]);
        self.pending.drain(..len);
        self.wrote = true;
        write(&record)
    }
}

/// `utfx convert --framing java`: records read on the side of `-f`, written
/// on the side of `-t`, whichever is Modified UTF-8 (both when both are:
/// the records are then cut anew, as the text is not marked where one
/// ended). Through big code points, a record or a chunk at a time.
///
/// # Errors
///
/// [`Failure::Usage`] when neither codec has the framing; otherwise as
/// `convert` fails, the output before the error written first (with a
/// framed output, as its last record).
pub(crate) fn convert(args: &ConvertArgs, invocation: Invocation) -> Result<(), Failure> {
    let Invocation { to, bom, decode_mode, encode_mode, input, name, .. } = invocation;
    let (read_framed, write_framed) = (input.codec.framing(), to.framing());
    if read_framed.is_none() && write_framed.is_none() {
        return Err(Failure::Usage(format!(
            "--framing java: neither `{}` nor `{}` has such framing; Java's writeUTF records hold Modified \
             UTF-8: {}",
            input.codec.info().name,
            to.info().name,
            framed_codecs().join(", ")
        )));
    }
    let mut pipe = Pipe {
        decoder: Decoder::new(support::big_codec(input.codec.info().name)?, decode_mode),
        encoder: Encoder::new(support::big_codec(to.info().name)?, encode_mode),
        framer: write_framed.map(Framer::new),
        context: format!("{name}: "),
        record: None,
        points: Vec::new(),
        bytes: Vec::new(),
    };
    let bom = bom.unwrap_or_default();
    let run = |out: &mut dyn Write| {
        out.write_all(&bom).map_err(|e| Failure::write(&e))?;
        let mut failed = Ok(());
        let result = if let Some(layout) = read_framed {
            let mut records = Records::new(input.reader, layout, input.skipped);
            for k in 1.. {
                match records.next() {
                    Ok(None) => break,
                    Ok(Some((at, payload))) => {
                        pipe.record = Some((k, at));
                        if let Err(failure) = pipe.step(payload, true, at, false, out) {
                            failed = Err(failure);
                            break;
                        }
                        pipe.decoder.reset();
                    }
                    Err(e) => {
                        failed = Err(e.failure(&pipe.context, &name));
                        break;
                    }
                }
            }
            failed
        } else {
            let mut reader = input.reader;
            let skipped = input.skipped;
            support::read_chunks(&mut reader, &name, |chunk, last| pipe.step(chunk, last, skipped, false, out))
        };
        pipe.finish(result, out)
    };
    match &args.output {
        None => run(&mut io::stdout().lock()),
        Some(path) => {
            let output = OutputFile::create(path)?;
            run(&mut output.writer())?;
            output.commit(path)
        }
    }
}

/// A conversion through big code points, into records or not.
struct Pipe {
    decoder: Decoder<&'static dyn BigCodec>,
    encoder: Encoder<&'static dyn BigCodec>,
    framer: Option<Framer>,
    /// What goes before a message: the input's name.
    context: String,
    /// The record being read (from 1), and where its text starts in the
    /// file, for an encoding error's message.
    record: Option<(usize, usize)>,
    points: Vec<BigCodePoint>,
    bytes: Vec<u8>,
}

impl Pipe {
    /// Converts `piece` (a record's payload, or a chunk) and writes the
    /// bytes; `shift` is the offset in the file of what the decoder was
    /// given first, `end` says that the decoder's input ends with `piece`,
    /// `last` that the whole input does.
    fn step(&mut self, piece: &[u8], end: bool, shift: usize, last: bool, out: &mut dyn Write) -> Result<(), Failure> {
        self.points.clear();
        self.bytes.clear();
        let decoded = self.decoder.decode_chunk(piece, end, &mut self.points);
        // After a decoding error nothing follows: the encoder may finish.
        let encoded = self.encoder.encode_chunk(&self.points, last || decoded.is_err(), &mut self.bytes);
        let mut emit = |record: &[u8]| out.write_all(record).map_err(|e| Failure::write(&e));
        match self.framer.as_mut() {
            Some(framer) => framer.push(&self.bytes, &mut emit)?,
            None => emit(&self.bytes)?,
        }
        encoded.map_err(|e| match (Failure::encode(&self.context, &e), self.record) {
            (Failure::Data(m), Some((k, at))) => {
                Failure::Data(format!("{m} (in record {k}, whose text starts at offset {at})"))
            }
            (failure, _) => failure,
        })?;
        decoded.map_err(|e| Failure::decode(&self.context, &e.shifted(shift)))
    }

    /// Ends the output: the encoder's last bytes and the last record, also
    /// after a failure (what came before it is written), then the flush.
    fn finish(&mut self, result: Result<(), Failure>, out: &mut dyn Write) -> Result<(), Failure> {
        if matches!(result, Err(Failure::Quiet)) {
            return result;
        }
        let ended = if result.is_ok() {
            self.decoder.reset();
            self.step(&[], true, 0, true, out)
        } else {
            Ok(())
        };
        let mut emit = |record: &[u8]| out.write_all(record).map_err(|e| Failure::write(&e));
        let framed = match self.framer.as_mut() {
            Some(framer) => framer.finish(&mut emit),
            None => Ok(()),
        };
        let flushed = out.flush().map_err(|e| Failure::write(&e));
        result.and(ended).and(framed).and(flushed)
    }
}

#[cfg(test)]
mod tests {
    use super::{Framer, Layout, RecordError, Records};
    use crate::support::Failure;

    /// The most bytes a record holds, from `writeUTF`'s documentation.
    const MAX_RECORD: usize = 65_535;

    /// Java's framing, as the CLI finds it.
    fn java() -> &'static dyn Layout {
        codec_registry::get("mutf-8").and_then(|c| c.framing()).expect("mutf-8 has Java's framing")
    }

    /// A reader that hands out one byte per call.
    struct Dribble<'a>(&'a [u8]);

    impl std::io::Read for Dribble<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let Some((&first, rest)) = self.0.split_first() else { return Ok(0) };
            buf[0] = first;
            self.0 = rest;
            Ok(1)
        }
    }

    fn records(input: &[u8]) -> (Vec<(usize, Vec<u8>)>, Option<usize>) {
        let mut records = Records::new(Dribble(input), java(), 0);
        let mut found = Vec::new();
        loop {
            match records.next() {
                Ok(Some((at, payload))) => found.push((at, payload.to_vec())),
                Ok(None) => return (found, None),
                Err(RecordError::Truncated(e)) => return (found, Some(e.valid_up_to())),
                Err(RecordError::Read(e)) => panic!("{e}"),
            }
        }
    }

    #[test]
    fn records_are_read_across_one_byte_reads() {
        // writeUTF("a\0b") then writeUTF(""): 00 04 61 C0 80 62, 00 00.
        let (found, end) = records(b"\x00\x04a\xC0\x80b\x00\x00");
        assert_eq!(found, [(2, b"a\xC0\x80b".to_vec()), (8, Vec::new())]);
        assert_eq!(end, None);
        assert_eq!(records(b"\x00\x03ab"), (Vec::new(), Some(0)));
        assert_eq!(records(b"\x00\x01a\x00"), (vec![(2, b"a".to_vec())], Some(3)));
    }

    fn framed(chunks: &[&[u8]]) -> Vec<Vec<u8>> {
        let mut framer = Framer::new(java());
        let mut out = Vec::new();
        let mut write = |r: &[u8]| {
            out.push(r.to_vec());
            Ok::<(), Failure>(())
        };
        for chunk in chunks {
            framer.push(chunk, &mut write).unwrap();
        }
        framer.finish(&mut write).unwrap();
        out
    }

    #[test]
    fn text_is_cut_into_full_records_as_it_arrives() {
        assert_eq!(framed(&[]), [b"\x00\x00".to_vec()]);
        assert_eq!(framed(&[b"a", b"b"]), [b"\x00\x02ab".to_vec()]);
        // Exactly full: one record.
        let full = vec![b'a'; MAX_RECORD];
        assert_eq!(framed(&[&full]).len(), 1);
        // One byte more, in another chunk: a full record and a one-byte one.
        let sizes: Vec<usize> = framed(&[&full, b"b"]).iter().map(Vec::len).collect();
        assert_eq!(sizes, [2 + MAX_RECORD, 3]);
        // A surrogate pair across the limit moves whole into the next
        // record (where the codec's framing says a record may end).
        let mut text = vec![b'a'; MAX_RECORD - 4];
        text.extend_from_slice(b"\xED\xA0\xBD\xED\xB8\x80");
        let records = framed(&[&text]);
        assert_eq!(records[0].len(), 2 + MAX_RECORD - 4);
        assert_eq!(records[1], b"\x00\x06\xED\xA0\xBD\xED\xB8\x80");
    }
}
