//! `utfx convert`: bytes to bytes through the core's `TranscodeReader`, in
//! bounded memory; with `-o`, as `output_file` describes.

use std::cell::Cell;
use std::io::{self, IsTerminal, Read, Write};
use std::path::Path;
use std::rc::Rc;
use std::time::{Duration, Instant};

use codec_core::{TranscodeError, TranscodeReader};

use crate::bom::{self, InputLabel};
use crate::cli::ConvertArgs;
use crate::output_file::OutputFile;
use crate::support::{self, Failure};

/// Inputs at least this large get a progress bar (when stderr is a terminal).
const PROGRESS_FROM: u64 = 16 << 20;

pub(crate) fn run(args: &ConvertArgs) -> Result<(), Failure> {
    // Every registered codec carries code points that fit a `u32`, so the
    // codecs run as they are, with their kernels.
    let from = InputLabel::new(support::source_label(&args.from)?, args.keep_bom)?;
    let (to, ignore) = support::target_label(&args.to)?;
    let (to, bom) = bom::output(to, args.bom)?;
    let decode_mode = support::decode_mode(&args.errors, args.drop || ignore)?;
    let encode_mode = support::encode_mode("--encode-errors", &args.encode_errors, args.drop || ignore)?;
    let (input, name, size) = support::open(args.file.as_deref())?;
    let read = Rc::new(Cell::new(0u64));
    let counted = Counted { inner: input, read: Rc::clone(&read) };
    let input = from.open(Box::new(counted)).map_err(|e| support::read_failure(&name, &e))?;
    let reader = TranscodeReader::new(input.reader, input.codec, decode_mode, to, encode_mode);
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
        None => support::read_failure(name, e),
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
