//! `utfx validate`: each file (or standard input) checked in bounded
//! memory, `FILE: ok` or `FILE: offset N: KIND`; with `--all-errors`, every
//! error as `FILE:LINE:COLUMN: offset N, bytes HEX: KIND`, up to
//! `--max-errors` per file; with `--document`, also the codec's document
//! rules (`FILE: offset N: must|should: MESSAGE`, one line per finding as
//! it is found, up to `--max-errors` per file), through `Codec::document`
//! whatever the codec.

use std::io::{BufRead, Read};
use std::path::Path;

use codec_core::{CodePoint, DecodeMode, DocumentCheck, DocumentRules, DynCodec, Level, TranscodeError};

use crate::bom::{InputLabel, Prepared};
use crate::cli::ValidateArgs;
use crate::decode::Scanner;
use crate::framing::{self, RecordError, Records};
use crate::parallel;
use crate::read_ahead::ReadAhead;
use crate::support::{self, Failure, Output};

pub(crate) fn run(args: &ValidateArgs) -> Result<(), Failure> {
    // The document check sees the magic number, which is otherwise stripped.
    let label = InputLabel::new(&args.codec, args.document)?;
    support::note_label(&args.codec);
    let codec = label.resolve(&[]).0;
    let rules = match (args.document, codec.document()) {
        (false, _) => None,
        (true, Some(rules)) => Some(rules),
        (true, None) => {
            return Err(Failure::Usage(format!("--document: codec `{}` has no document rules", codec.info().name)));
        }
    };
    let framed = framing::applies(args.framing, codec)?;
    let listed = match args.recursive {
        true => walk(&args.files)?,
        false => args.files.clone(),
    };
    let files: Vec<Option<&Path>> =
        if listed.is_empty() { vec![None] } else { listed.iter().map(|f| Some(f.as_path())).collect() };
    let mut out = Output::stdout();
    let (mut invalid, mut unreadable, mut last_invalid) = (0usize, 0usize, String::new());
    let several = files.len() > 1;
    for &file in &files {
        let checked = match file.filter(|f| f.is_dir()) {
            Some(dir) => Err(Failure::Io(format!("{}: is a directory (-r checks every file under it)", dir.display()))),
            None => check(&label, rules, file, args, framed, &mut out),
        };
        match checked {
            Ok(true) => {
                invalid += 1;
                let stdin = |p: &&Path| *p == Path::new("-");
                last_invalid = file.filter(|p| !stdin(p)).map_or_else(|| "<stdin>".into(), |p| p.display().to_string());
            }
            Ok(false) => {}
            Err(Failure::Io(message)) if several => {
                // Reported at once, so that the other files still run.
                out.flush()?;
                crate::report(&message);
                unreadable += 1;
            }
            Err(failure) => {
                out.flush()?;
                return Err(failure);
            }
        }
    }
    out.flush()?;
    // A summary that counts, or for one input names it.
    let (n, files) = (files.len(), if files.len() == 1 { "file" } else { "files" });
    let verb = |k: usize| if k == 1 { "is" } else { "are" };
    match (unreadable, invalid) {
        (0, 0) => Ok(()),
        (0, _) if !several => Err(Failure::Data(format!("{last_invalid} is invalid"))),
        (0, k) => Err(Failure::Data(format!("{k} of {n} {files} {} invalid", verb(k)))),
        (k, 0) => Err(Failure::Io(format!("{k} of {n} {files} could not be read"))),
        (k, i) => Err(Failure::Io(format!("{i} of {n} {files} {} invalid, {k} could not be read", verb(i)))),
    }
}

/// `-r`: the files of `paths`, a directory standing for every file under
/// it, in name order (symbolic links in directories not followed, as `grep
/// -r` does); no paths, the current directory.
fn walk(paths: &[std::path::PathBuf]) -> Result<Vec<std::path::PathBuf>, Failure> {
    let mut files = Vec::new();
    let mut stack: Vec<std::path::PathBuf> = match paths {
        [] => vec![".".into()],
        paths => paths.iter().rev().cloned().collect(),
    };
    let mut top = stack.len();
    while let Some(path) = stack.pop() {
        // The paths given are followed; what a directory holds is not.
        let meta = if top > 0 { std::fs::metadata(&path) } else { std::fs::symlink_metadata(&path) };
        top = top.saturating_sub(1);
        match meta {
            Ok(meta) if meta.is_dir() => {
                let read = std::fs::read_dir(&path).map_err(|e| Failure::Io(format!("{}: {e}", path.display())))?;
                let mut entries: Vec<std::path::PathBuf> = read.filter_map(|e| e.ok().map(|e| e.path())).collect();
                entries.sort();
                stack.extend(entries.into_iter().rev());
            }
            Ok(meta) if meta.file_type().is_symlink() => {}
            _ => files.push(path),
        }
    }
    Ok(files)
}

/// Checks one input and writes its lines; true when it is invalid.
///
/// Without `--all-errors`, the input streams through the fatal decoder's
/// validation with the codec's fast path (stopping at the first error
/// unless the document check needs the rest); a regular file of 4 MiB or
/// more without `--document` or `--framing` is validated in pieces on up
/// to three threads (`parallel`, decision 0033). With `--all-errors`, item by
/// item, counting lines and columns. The document check sees the whole
/// input.
fn check(
    label: &InputLabel,
    rules: Option<&dyn DocumentRules>,
    file: Option<&Path>,
    args: &ValidateArgs,
    framed: Option<&'static dyn codec_core::Framing>,
    out: &mut Output,
) -> Result<bool, Failure> {
    let (reader, name, regular) = support::open(file)?;
    // A large file checked for its first error alone is checked in pieces
    // on up to three threads (`parallel`), as far as the codec's restart
    // points allow; the rest, or any other input, in one run.
    let threads = parallel::threads();
    let large = regular.filter(|r| r.size >= parallel::FROM);
    let (mut input, mut error) = if let Some(large) =
        large.filter(|_| framed.is_none() && rules.is_none() && !args.all_errors)
    {
        let input = label.open(reader).map_err(|e| support::read_failure(&name, &e))?;
        let setup = parallel::Setup::new(input.codec, parallel::Work::Validate, threads);
        let whole = parallel::Input { file: large.file, base: input.skipped as u64 };
        match parallel::convert(&setup, whole, &mut std::io::sink(), &mut |_| {}) {
            Ok(parallel::Outcome::Done) => (None, None),
            Ok(parallel::Outcome::Rest { offset, head, reader, .. }) => {
                let ahead = ReadAhead::new(reader).map_err(|e| support::read_failure(&name, &e))?;
                let reader = std::io::Cursor::new(head).chain(ahead);
                (Some(Prepared { reader, codec: input.codec, skipped: input.skipped + offset }), None)
            }
            Err(parallel::Stop::Transcode(TranscodeError::Decode(e))) => (None, Some(e.shifted(input.skipped))),
            Err(parallel::Stop::Transcode(TranscodeError::Encode(e))) => {
                return Err(Failure::Io(format!("{name}: internal error: validation encoded: {e}")));
            }
            Err(parallel::Stop::Read(e) | parallel::Stop::Write(e)) => return Err(support::read_failure(&name, &e)),
        }
    } else {
        let ahead = ReadAhead::new(reader).map_err(|e| support::read_failure(&name, &e))?;
        (Some(label.open(ahead).map_err(|e| support::read_failure(&name, &e))?), None)
    };
    // `-` is standard input, named as when no file is given.
    let name = file.filter(|p| *p != Path::new("-")).map_or_else(|| name.clone(), |p| p.display().to_string());
    let mut document = rules.map(|rules| Findings::new(rules.checker(), args.max_errors));
    let mut lister = match &input {
        Some(input) => args.all_errors.then(|| Lister::new(input.codec, input.skipped, args.max_errors)),
        None => None,
    };
    if let Some(input) = input.as_mut() {
        let mut decoder = codec_core::Decoder::new(input.codec, DecodeMode::Fatal);
        loop {
            if let Some(layout) = framed {
                error = check_records(input, layout, &name, lister.as_mut(), &mut decoder, out)?;
                break;
            }
            let chunk = match input.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(support::read_failure(&name, &e)),
            };
            let (n, last) = (chunk.len(), chunk.is_empty());
            if let Some(document) = document.as_mut() {
                document.feed(chunk, last, &name, out)?;
            }
            match lister.as_mut() {
                Some(lister) => lister.push(chunk, last, &name, out)?,
                None if error.is_none() => {
                    error = decoder.validate_chunk(chunk, last).err().map(|e| e.shifted(input.skipped));
                    if error.is_some() && document.is_none() {
                        break;
                    }
                }
                None => {}
            }
            input.reader.consume(n);
            if last {
                break;
            }
        }
    }
    let mut lines = String::new();
    if let Some(Findings { total, listed, .. }) = &document.as_ref().filter(|d| d.total > d.listed) {
        lines.push_str(&format!("{name}: {}\n", counted(*total, *listed, "finding")));
    }
    let errors = match (&lister, error) {
        (Some(lister), _) => {
            if lister.total > lister.listed {
                lines.push_str(&format!("{name}: {}\n", counted(lister.total, lister.listed, "error")));
            }
            lister.total
        }
        (None, Some(e)) => {
            lines.push_str(&format!("{name}: offset {}: {}\n", e.valid_up_to(), e.kind().as_str()));
            1
        }
        (None, None) => 0,
    };
    let must = document.as_ref().is_some_and(|d| d.must);
    if errors == 0 && !must {
        lines.push_str(&format!("{name}: ok\n"));
    }
    out.write(lines.as_bytes())?;
    Ok(errors > 0 || must)
}

/// `--framing java`: checks each record as a whole input of its own; the
/// first error, or with `lister` every error (a record cut by the end of
/// input is one, `truncated` at its first byte).
fn check_records(
    input: &mut crate::bom::Prepared<ReadAhead>,
    layout: &'static dyn codec_core::Framing,
    name: &str,
    mut lister: Option<&mut Lister>,
    decoder: &mut codec_core::Decoder<&'static dyn DynCodec>,
    out: &mut Output,
) -> Result<Option<codec_core::DecodeError>, Failure> {
    let mut records = Records::new(&mut input.reader, layout, input.skipped);
    loop {
        let (at, payload) = match records.next() {
            Ok(Some(record)) => record,
            Ok(None) => return Ok(None),
            Err(RecordError::Read(e)) => return Err(support::read_failure(name, &e)),
            Err(RecordError::Truncated(e)) => match lister.as_mut() {
                Some(lister) => {
                    lister.push_cut_record(&e, name, out)?;
                    return Ok(None);
                }
                None => return Ok(Some(e)),
            },
        };
        match lister.as_mut() {
            Some(lister) => {
                lister.positions.scanner = Scanner::at(at);
                lister.push(payload, true, name, out)?;
            }
            None => {
                decoder.reset();
                if let Err(e) = decoder.validate_chunk(payload, true) {
                    return Ok(Some(e.shifted(at)));
                }
            }
        }
    }
}

/// How many of `total` things were listed (fewer than all): `3 errors,
/// the first 2 listed`, `1 error, none listed`.
fn counted(total: u64, listed: u64, thing: &str) -> String {
    let things = if total == 1 { thing.to_owned() } else { format!("{thing}s") };
    match listed {
        0 => format!("{total} {things}, none listed (--max-errors to list them)"),
        _ => format!("{total} {things}, the first {listed} listed (--max-errors to list more)"),
    }
}

/// `--document`: the findings of the codec's document check, written as
/// they come, a line each up to the cap, then counted. Memory stays
/// bounded: the check hands each finding over as it finds it, and the text
/// written for one chunk holds at most the cap's lines.
struct Findings {
    check: Box<dyn DocumentCheck>,
    /// How many findings to list, how many were, and how many were listed.
    cap: u64,
    total: u64,
    listed: u64,
    /// Whether a MUST rule was broken.
    must: bool,
    text: String,
}

impl Findings {
    fn new(check: Box<dyn DocumentCheck>, cap: u64) -> Findings {
        Findings { check, cap, total: 0, listed: 0, must: false, text: String::new() }
    }

    /// Feeds `chunk` (`last`: nothing follows) to the check and writes a
    /// line per finding while under the cap.
    fn feed(&mut self, chunk: &[u8], last: bool, name: &str, out: &mut Output) -> Result<(), Failure> {
        let Findings { check, cap, total, listed, must, text } = self;
        text.clear();
        check.feed(chunk, last, &mut |f| {
            *total += 1;
            *must |= f.level == Level::Must;
            if *listed < *cap {
                *listed += 1;
                text.push_str(&format!("{name}: {f}\n"));
            }
        });
        out.write(text.as_bytes())
    }
}

/// The bytes of an error shown at most, in hexadecimal.
const SHOWN: usize = 16;

/// The items of an input with their lines and columns: a line ends at each
/// decoded U+000A; a column counts items from 1 (code points, reserved
/// sequences and ill-formed subparts, each one). What `--all-errors` lists
/// and the reference `crate::lines` is tested against. Memory stays bounded:
/// the scanner keeps the chunk being scanned and an incomplete sequence.
pub(crate) struct Positions {
    codec: &'static dyn DynCodec,
    scanner: Scanner,
    /// The line (from 1) and column (from 1, in items) of the next item.
    line: u64,
    column: u64,
}

/// An ill-formed item, where [`Positions`] found it.
pub(crate) struct Located<'a> {
    pub(crate) line: u64,
    pub(crate) column: u64,
    pub(crate) offset: usize,
    /// The bytes of the ill-formed subpart.
    pub(crate) bytes: &'a [u8],
    pub(crate) kind: codec_core::ErrorKind,
}

impl Positions {
    /// Positions of an input whose first byte (after a skipped BOM) is at
    /// absolute offset `skipped`.
    pub(crate) fn new(codec: &'static dyn DynCodec, skipped: usize) -> Positions {
        Positions { codec, scanner: Scanner::at(skipped), line: 1, column: 1 }
    }

    /// The line of the next item, from 1.
    #[cfg(test)]
    pub(crate) fn line(&self) -> u64 {
        self.line
    }

    /// The column of the next item, from 1.
    #[cfg(test)]
    pub(crate) fn column(&self) -> u64 {
        self.column
    }

    /// Scans `chunk` (`last`: nothing follows) and calls `each` with every
    /// ill-formed item, in order.
    pub(crate) fn scan(&mut self, chunk: &[u8], last: bool, mut each: impl FnMut(Located<'_>)) {
        self.scanner.push(chunk);
        while let Some(item) = self.scanner.next(self.codec, last) {
            match &item.result {
                Ok(point) if *point == CodePoint::from(b'\n') => {
                    self.line += 1;
                    self.column = 1;
                    continue;
                }
                // A reserved sequence is well-formed, as validation says.
                Ok(_) => {}
                Err(e) if e.kind() == codec_core::ErrorKind::Reserved => {}
                Err(e) => each(Located {
                    line: self.line,
                    column: self.column,
                    offset: item.offset,
                    bytes: self.scanner.bytes(item.offset, item.end()),
                    kind: e.kind(),
                }),
            }
            self.column += 1;
        }
    }
}

/// `--all-errors`: a line per error up to the cap, with its line and
/// column ([`Positions`]), then the count.
struct Lister {
    positions: Positions,
    /// How many errors to list, how many were, and how many were listed.
    cap: u64,
    total: u64,
    listed: u64,
    text: String,
}

impl Lister {
    fn new(codec: &'static dyn DynCodec, skipped: usize, cap: u64) -> Lister {
        Lister { positions: Positions::new(codec, skipped), cap, total: 0, listed: 0, text: String::new() }
    }

    /// Scans `chunk` and writes a line per error while under the cap.
    fn push(&mut self, chunk: &[u8], last: bool, name: &str, out: &mut Output) -> Result<(), Failure> {
        self.text.clear();
        let Lister { positions, cap, total, listed, text } = self;
        positions.scan(chunk, last, |item| {
            *total += 1;
            if *listed < *cap {
                *listed += 1;
                let bytes = item.bytes;
                let mut hex = codec_test::hex::format(&bytes[..bytes.len().min(SHOWN)]);
                if bytes.len() > SHOWN {
                    hex.push_str(" ...");
                }
                text.push_str(&format!(
                    "{name}:{}:{}: offset {}, bytes {hex}: {}\n",
                    item.line,
                    item.column,
                    item.offset,
                    item.kind.as_str()
                ));
            }
        });
        out.write(self.text.as_bytes())
    }
    /// Counts and lists a record that the end of input cuts
    /// (`--framing`), an error outside the items.
    fn push_cut_record(&mut self, e: &codec_core::DecodeError, name: &str, out: &mut Output) -> Result<(), Failure> {
        self.total += 1;
        if self.listed >= self.cap {
            return Ok(());
        }
        self.listed += 1;
        let (line, column) = (self.positions.line, self.positions.column);
        let (offset, kind) = (e.valid_up_to(), e.kind().as_str());
        out.write(format!("{name}:{line}:{column}: offset {offset}: {kind}\n").as_bytes())
    }
}
