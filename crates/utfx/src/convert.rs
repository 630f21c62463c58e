//! `utfx convert`: bytes to bytes through the core's `TranscodeReader`, in
//! bounded memory; with `-o`, as `output_file` describes.

use std::cell::Cell;
use std::io::{self, IsTerminal, Read, Write};
use std::path::Path;
use std::rc::Rc;
use std::time::{Duration, Instant};

use codec_core::{
    BigCodePoint, DecodeError, DecodeMode, Decoder, EncodeError, EncodeMode, Encoder, TranscodeError, TranscodeReader,
};
use codec_registry::BigCodec;

use crate::bom::{self, InputLabel};
use crate::cli::ConvertArgs;
use crate::output_file::OutputFile;
use crate::support::{self, Failure};

/// Inputs at least this large get a progress bar (when stderr is a terminal).
const PROGRESS_FROM: u64 = 16 << 20;

pub(crate) fn run(args: &ConvertArgs) -> Result<(), Failure> {
    let from = InputLabel::new(support::source_label(&args.from)?, args.keep_bom)?;
    let (to, ignore) = support::target_label(&args.to)?;
    let (to, bom) = bom::output(to, args.bom)?;
    let decode_mode = support::decode_mode(&args.errors, args.drop || ignore)?;
    let encode_mode = support::encode_mode("--encode-errors", &args.encode_errors, args.drop || ignore)?;
    let (input, name, size) = support::open(args.file.as_deref())?;
    let read = Rc::new(Cell::new(0u64));
    let counted = Counted { inner: input, read: Rc::clone(&read) };
    let input = from.open(Box::new(counted)).map_err(|e| support::read_failure(&name, &e))?;
    // A codec whose code points exceed `u32` (UTF-∞-8) goes through big
    // code points, so that one the target cannot hold is an encode error at
    // its index (or meets the encode mode), not a decoding error; every
    // other pair runs as it is, with its kernels.
    let reader: Box<dyn Read> = if input.codec.info().domain.max.is_none() {
        let (from, to) = (support::big_codec(input.codec.info().name)?, support::big_codec(to.info().name)?);
        Box::new(BigTranscode::new(input.reader, from, decode_mode, to, encode_mode))
    } else {
        Box::new(TranscodeReader::new(input.reader, input.codec, decode_mode, to, encode_mode))
    };
    let progress = size.filter(|&s| s >= PROGRESS_FROM && io::stderr().is_terminal()).map(|s| Progress::new(s, read));
    let source = Source { name: &name, skipped: input.skipped, bom: bom.as_deref().unwrap_or_default() };
    match &args.output {
        None => {
            let stdout = io::stdout().lock();
            pump(reader, stdout, &source, progress)
        }
        Some(path) => to_file(reader, path, &source, progress),
    }
}

/// What `pump` needs to know of the input and the output.
struct Source<'a> {
    /// The input's name, for messages.
    name: &'a str,
    /// How many bytes of BOM were skipped, to add to error offsets.
    skipped: usize,
    /// The BOM to write first (empty for none).
    bom: &'a [u8],
}

/// Converts into `path` as [`OutputFile`] describes: for a regular file,
/// into a temporary file renamed onto it only when everything succeeded.
fn to_file<R: Read>(reader: R, path: &Path, source: &Source<'_>, progress: Option<Progress>) -> Result<(), Failure> {
    let output = OutputFile::create(path)?;
    pump(reader, io::BufWriter::new(output.file()), source, progress)?;
    output.commit(path)
}

/// Copies the converted bytes to `out`, after the BOM.
fn pump<R: Read, W: Write>(
    mut reader: R,
    mut out: W,
    source: &Source<'_>,
    mut progress: Option<Progress>,
) -> Result<(), Failure> {
    out.write_all(source.bom).map_err(|e| Failure::write(&e))?;
    let mut buf = vec![0u8; 64 * 1024];
    let result = loop {
        let n = match reader.read(&mut buf) {
            Ok(0) => break Ok(()),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => break Err(read_failure(source, &e)),
        };
        if let Err(e) = out.write_all(&buf[..n]) {
            break Err(Failure::write(&e));
        }
        if let Some(p) = &mut progress {
            p.tick();
        }
    };
    if let Some(p) = progress {
        p.finish();
    }
    result?;
    out.flush().map_err(|e| Failure::write(&e))
}

/// Maps an error of the `TranscodeReader`: invalid data (offsets into the
/// input as given, BOM included), or a failed read.
fn read_failure(source: &Source<'_>, e: &io::Error) -> Failure {
    let name = source.name;
    match e.get_ref().and_then(|inner| inner.downcast_ref::<TranscodeError>()) {
        Some(TranscodeError::Decode(d)) => Failure::decode(&format!("{name}: "), &d.shifted(source.skipped)),
        Some(TranscodeError::Encode(enc)) => Failure::encode(&format!("{name}: "), enc),
        None => match e.get_ref().and_then(|inner| inner.downcast_ref::<BigError>()) {
            Some(BigError::Decode(d)) => Failure::decode(&format!("{name}: "), &d.shifted(source.skipped)),
            Some(BigError::Encode(enc)) => Failure::encode(&format!("{name}: "), enc),
            None => support::read_failure(name, e),
        },
    }
}

/// Why a conversion through big code points failed.
#[derive(Debug)]
enum BigError {
    Decode(DecodeError),
    Encode(EncodeError<BigCodePoint>),
}

impl std::fmt::Display for BigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BigError::Decode(e) => e.fmt(f),
            BigError::Encode(e) => write!(f, "index {}: {}: {}", e.index(), e.code_point(), e.kind()),
        }
    }
}

impl std::error::Error for BigError {}

/// A reader of converted bytes through big code points, a chunk at a time
/// (bounded memory, like the `TranscodeReader`).
struct BigTranscode<R> {
    inner: R,
    decoder: Decoder<&'static dyn BigCodec>,
    encoder: Encoder<&'static dyn BigCodec>,
    chunk: Vec<u8>,
    points: Vec<BigCodePoint>,
    out: Vec<u8>,
    pos: usize,
    done: bool,
}

impl<R: Read> BigTranscode<R> {
    fn new(inner: R, from: &'static dyn BigCodec, dm: DecodeMode, to: &'static dyn BigCodec, em: EncodeMode) -> Self {
        let (decoder, encoder) = (Decoder::new(from, dm), Encoder::new(to, em));
        let chunk = vec![0; 64 * 1024];
        BigTranscode { inner, decoder, encoder, chunk, points: Vec::new(), out: Vec::new(), pos: 0, done: false }
    }
}

impl<R: Read> Read for BigTranscode<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.pos == self.out.len() && !self.done {
            let n = loop {
                match self.inner.read(&mut self.chunk) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    other => break other?,
                }
            };
            self.done = n == 0;
            let invalid = |e| io::Error::new(io::ErrorKind::InvalidData, e);
            self.points.clear();
            self.out.clear();
            self.pos = 0;
            self.decoder
                .decode_chunk(&self.chunk[..n], self.done, &mut self.points)
                .map_err(|e| invalid(BigError::Decode(e)))?;
            self.encoder
                .encode_chunk(&self.points, self.done, &mut self.out)
                .map_err(|e| invalid(BigError::Encode(e)))?;
        }
        let n = buf.len().min(self.out.len() - self.pos);
        buf[..n].copy_from_slice(&self.out[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// A reader that counts the bytes read through it.
struct Counted<R> {
    inner: R,
    read: Rc<Cell<u64>>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.set(self.read.get() + n as u64);
        Ok(n)
    }
}

/// A one-line progress bar on stderr, redrawn at most five times a second.
struct Progress {
    total: u64,
    read: Rc<Cell<u64>>,
    last: Instant,
}

impl Progress {
    fn new(total: u64, read: Rc<Cell<u64>>) -> Progress {
        Progress { total, read, last: Instant::now() }
    }

    fn tick(&mut self) {
        if self.last.elapsed() < Duration::from_millis(200) {
            return;
        }
        self.last = Instant::now();
        let done = self.read.get().min(self.total);
        let percent = done * 100 / self.total.max(1);
        let filled = (percent / 5) as usize;
        let bar = format!("{}{}", "#".repeat(filled), " ".repeat(20 - filled));
        let _ = write!(io::stderr(), "\rutfx: converting [{bar}] {percent:>3}% of {} MiB", self.total >> 20);
    }

    fn finish(self) {
        let _ = write!(io::stderr(), "\r{}\r", " ".repeat(60));
    }
}
