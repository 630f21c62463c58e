//! `utfx convert`: bytes to bytes through the core's `Transcoder`, straight
//! from the buffers a thread reads the input into ahead of it
//! (`read_ahead`), in bounded memory; with `-o`, as `output_file` describes.

use std::cell::{Cell, RefCell};
use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::path::Path;
use std::rc::Rc;
use std::time::{Duration, Instant};

use codec_core::{
    BigCodePoint, CodePoint, DecodeError, DecodeMode, Decoder, DynCodec, EncodeError, EncodeMode, Encoder, Status,
    TranscodeError, Transcoder,
};
use codec_registry::BigCodec;

use crate::bom::{self, InputLabel, Prepared};
use crate::cli::ConvertArgs;
use crate::hint;
use crate::lines::{Lines, Place};
use crate::output_file::OutputFile;
use crate::parallel;
use crate::read_ahead::ReadAhead;
use crate::support::{self, Failure};

/// Inputs at least this large get a progress bar (when stderr is a terminal).
const PROGRESS_FROM: u64 = 16 << 20;

/// What every conversion starts from: the input's label, the target codec
/// and the BOM to write first, the modes the command line sets, and the
/// input opened past its BOM, with its name and size.
pub(crate) struct Invocation {
    pub(crate) to: &'static dyn DynCodec,
    pub(crate) bom: Option<Vec<u8>>,
    pub(crate) decode_mode: DecodeMode,
    pub(crate) encode_mode: EncodeMode,
    pub(crate) input: Prepared<Box<dyn Read + Send>>,
    pub(crate) name: String,
    /// For a regular file, its size and a handle of its own.
    pub(crate) regular: Option<support::Regular>,
}

/// The labels and modes of the command line, read before any input.
struct Labels {
    from: InputLabel,
    to: &'static dyn DynCodec,
    bom: Option<Vec<u8>>,
    decode_mode: DecodeMode,
    encode_mode: EncodeMode,
}

impl Labels {
    /// Reads the labels and modes of `args`.
    fn new(args: &ConvertArgs) -> Result<Labels, Failure> {
        if args.silent {
            support::quiet();
        }
        support::note_label(&args.from);
        support::note_label(&args.to);
        let from = InputLabel::new(support::source_label(&args.from)?, args.keep_bom)?.sniffing(args.sniff_bom);
        let (to, ignore) = support::target_label(&args.to)?;
        let (to, bom) = bom::output(to, args.bom)?;
        let decode_mode = support::decode_mode(&args.errors, args.drop || ignore)?;
        let encode_mode = support::encode_mode("--encode-errors", &args.encode_errors, args.drop || ignore)?;
        Ok(Labels { from, to, bom, decode_mode, encode_mode })
    }

    /// Opens `file` (standard input for `None` or `-`) past its BOM.
    fn open(&self, file: Option<&Path>) -> Result<Invocation, Failure> {
        let (input, name, regular) = support::open(file)?;
        let input = self.from.open(input).map_err(|e| support::read_failure(&name, &e))?;
        let (to, bom, decode_mode, encode_mode) = (self.to, self.bom.clone(), self.decode_mode, self.encode_mode);
        Ok(Invocation { to, bom, decode_mode, encode_mode, input, name, regular })
    }
}

/// Converts each input in turn into one output, as iconv does with several
/// files: the output's BOM once, first; each input's own BOM read, its
/// errors at offsets in it; the first error ends the run, after all the
/// output before it.
pub(crate) fn run(args: &ConvertArgs) -> Result<(), Failure> {
    let labels = Labels::new(args)?;
    let files: Vec<Option<&Path>> = match args.files.as_slice() {
        [] => vec![None],
        files => files.iter().map(|f| Some(f.as_path())).collect(),
    };
    if args.framing.is_some() {
        let [file] = files[..] else {
            return Err(Failure::Usage("--framing: one input at a time (its records are in it)".into()));
        };
        return crate::framing::convert(args, labels.open(file)?);
    }
    let all = |out: &mut dyn Write| {
        for (k, &file) in files.iter().enumerate() {
            let mut invocation = labels.open(file)?;
            if k > 0 {
                invocation.bom = None;
            }
            convert(args, invocation, out)?;
        }
        Ok(())
    };
    match &args.output {
        None => all(&mut io::stdout().lock()),
        Some(path) => OutputFile::create(path).and_then(|output| {
            all(&mut output.writer())?;
            output.commit(path)
        }),
    }
}

/// Converts one input into `out`.
fn convert(args: &ConvertArgs, invocation: Invocation, out: &mut dyn Write) -> Result<(), Failure> {
    let Invocation { to, bom, decode_mode, encode_mode, input, name, regular, .. } = invocation;
    let size = regular.as_ref().map(|r| r.size);
    let found = RefCell::new(Found::default());
    let bom = bom.as_deref().unwrap_or_default();
    // A regular file is read again at positions for the place of an error
    // (its own handle: the path is never opened again); any other input
    // has its lines counted as it is read.
    let again = regular.as_ref().and_then(|r| r.file.try_clone().ok());
    let lines = Cell::new(again.is_none().then(|| Lines::new(input.codec)));
    let source = Source { name: &name, skipped: input.skipped, points: 0, bom, found: &found };
    // A large file whose pieces can be converted apart is converted on up
    // to three threads (`parallel`); what is left, or any other input, in one run.
    let parallel = parallel::Setup::convert(input.codec, decode_mode, to, encode_mode, parallel::threads());
    let whole = regular
        .filter(|r| parallel.is_some() && r.size >= parallel::FROM)
        .map(|r| parallel::Input { file: r.file, base: input.skipped as u64 });
    let parallel = parallel.filter(|_| whole.is_some());
    // -s: no progress bar either (an error still prints).
    let size = size.filter(|_| !args.silent);
    let read_once = again.is_none();
    let plan = Plan { source, size, parallel, decode_mode, to, encode_mode, lines, read_once };
    let (codec, skipped) = (input.codec, input.skipped);
    let reader: Box<dyn Read + Send> = Box::new(input.reader);
    let result = convert_all(&plan, codec, reader, whole, out);
    drop(plan);
    result.map_err(|failure| {
        let found = found.into_inner();
        let again = again.as_ref();
        let context = Context { codec, skipped, again, decode_mode, to, encode_mode, silent: args.silent };
        explain(failure, found, &context)
    })
}

/// What the message of a failed conversion needs, kept as it goes.
#[derive(Default)]
struct Found {
    /// The decoding error that stopped it (its offset into the input as
    /// given), and its place where the input's lines were counted as it
    /// was read.
    decode: Option<(DecodeError, Option<Place>)>,
    /// The encoding error that stopped it.
    encode: Option<Encoded>,
}

/// An encoding error, for its message.
struct Encoded {
    /// The code point it stopped at, when it is one of `u32`, and its index
    /// among the code points of the whole input.
    point: Option<u32>,
    index: usize,
    /// Its place, where the output's lines were counted as it was written
    /// (an input read once).
    place: Option<Place>,
}

/// What [`explain`] needs to know of the conversion.
struct Context<'a> {
    /// The input's codec (after its BOM was read), and how many bytes of
    /// BOM were skipped.
    codec: &'static dyn DynCodec,
    skipped: usize,
    /// A regular file's own handle, to read it again at positions.
    again: Option<&'a std::fs::File>,
    decode_mode: DecodeMode,
    to: &'static dyn DynCodec,
    encode_mode: EncodeMode,
    /// `-s`: no hint.
    silent: bool,
}

/// Adds to the message of a data error the line and column of the error
/// (`lines`: counted as the input was read, or for a regular file by
/// reading it again at positions, up to the error), and a line with a hint
/// of what to do unless `-s`.
fn explain(failure: Failure, found: Found, context: &Context<'_>) -> Failure {
    let Failure::Data(mut message) = failure else { return failure };
    let (place, hint) = match found {
        Found { decode: Some((e, place)), .. } => {
            let place = place.or_else(|| {
                let file = context.again?;
                reread(file, context.codec, context.skipped, e.valid_up_to())
            });
            let hint = hint::decoding(context.codec, &e, place.as_ref().map_or(&[][..], |p| &p.after));
            (place, hint)
        }
        Found { encode: Some(Encoded { point, index, place }), .. } => {
            let place = place.or_else(|| {
                let file = context.again.filter(|_| places(context.encode_mode))?;
                reread_points(file, context.codec, context.skipped, context.decode_mode, index)
            });
            (place, hint::encoding(point, context.decode_mode, context.to))
        }
        Found { .. } => return Failure::Data(message),
    };
    if let Some(place) = &place {
        message.push_str(&format!(" (line {}, column {})", place.line, place.column));
    }
    // The second line of the message, as main's report prints the first.
    if !context.silent {
        message.push_str(&format!("\nutfx: hint: {hint}"));
    }
    Failure::Data(message)
}

/// Whether an encoding error in `mode` gets its line and column: in fatal
/// mode, where the output before it is the encoding of the code points
/// before it; not in escape mode, whose escaped bytes are written as
/// themselves (decision 0040).
fn places(mode: EncodeMode) -> bool {
    mode == EncodeMode::Fatal
}

/// The place of the code point at `index` of a regular file decoded in
/// `mode` (an encoding error's), decoded again from `skipped` (its BOM) on:
/// its line and column among the code points; `None` when it cannot be
/// read or has fewer.
fn reread_points(
    file: &std::fs::File,
    codec: &'static dyn DynCodec,
    skipped: usize,
    mode: DecodeMode,
    index: usize,
) -> Option<Place> {
    let mut decoder = Decoder::new(codec, mode);
    let (mut buf, mut points) = (vec![0u8; support::CHUNK], Vec::new());
    let (mut at, mut seen, mut line, mut column) = (skipped, 0, 1, 1);
    loop {
        let n = parallel::read_at(file, &mut buf, at as u64).ok()?;
        at += n;
        points.clear();
        // What decodes before an error: the encoding error came first.
        let _ = decoder.decode_chunk(&buf[..n], n == 0, &mut points);
        for &point in &points {
            if seen == index {
                return Some(Place { line, column, after: Vec::new() });
            }
            seen += 1;
            if point == CodePoint::from(b'\n') {
                (line, column) = (line + 1, 1);
            } else {
                column += 1;
            }
        }
        if n == 0 {
            return None;
        }
    }
}

/// The place of the decoding error at `offset` in a regular file, read
/// again at positions from `skipped` (its BOM) on, with the bytes after it
/// (a few hundred, for the hint); `None` when it cannot be read.
fn reread(file: &std::fs::File, codec: &'static dyn DynCodec, skipped: usize, offset: usize) -> Option<Place> {
    let mut lines = Lines::new(codec);
    let mut buf = vec![0u8; support::CHUNK];
    let mut at = skipped;
    while at < offset {
        let want = (offset - at).min(buf.len());
        let n = parallel::read_at(file, &mut buf[..want], at as u64).ok()?;
        if n == 0 {
            return None;
        }
        lines.feed(&buf[..n]);
        at += n;
    }
    let n = parallel::read_at(file, &mut buf[..hint::WINDOW], offset as u64).ok()?;
    lines.feed(&buf[..n]);
    lines.place(offset - skipped)
}

/// How to convert, once the input is open.
struct Plan<'a> {
    source: Source<'a>,
    size: Option<u64>,
    parallel: Option<parallel::Setup>,
    decode_mode: DecodeMode,
    to: &'static dyn DynCodec,
    encode_mode: EncodeMode,
    /// For an input read once (not a regular file), its lines, counted
    /// as it is read (taken by the one run).
    lines: Cell<Option<Lines>>,
    /// Whether the input is read once.
    read_once: bool,
}

/// Writes the BOM, then converts `reader` (after its BOM) from `codec` into
/// `out`: in parallel first when the plan says so (reading `whole`, the
/// same input, at positions), then whatever is left in one run.
fn convert_all(
    plan: &Plan<'_>,
    codec: &'static dyn DynCodec,
    reader: Box<dyn Read + Send>,
    whole: Option<parallel::Input>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    out.write_all(plan.source.bom).map_err(|e| Failure::write(&e))?;
    // Where an encoding error can stop the conversion of an input read
    // once, the output's lines are counted: everything before the code
    // point it stops at is written, as its encoding. (A regular file is
    // decoded again, up to the error. In escape mode, where escaped bytes
    // are written as themselves, the output's count would be off, and
    // neither is counted: `places`.)
    let lines = (places(plan.encode_mode) && plan.read_once).then(|| Lines::new(plan.to));
    let mut out = OutputLines { out, lines };
    let result = convert_into(plan, codec, reader, whole, &mut out);
    let mut found = plan.source.found.borrow_mut();
    if let Some(Encoded { place: place @ None, .. }) = &mut found.encode {
        *place = out.lines.take().map(Lines::end);
    }
    result
}

/// The output, its lines counted as it is written (where `lines` is).
struct OutputLines<'a> {
    out: &'a mut dyn Write,
    lines: Option<Lines>,
}

impl Write for OutputLines<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.out.write(buf)?;
        if let Some(lines) = &mut self.lines {
            lines.feed_all(&buf[..n]);
        }
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// [`convert_all`] after the BOM.
fn convert_into(
    plan: &Plan<'_>,
    codec: &'static dyn DynCodec,
    reader: Box<dyn Read + Send>,
    whole: Option<parallel::Input>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let source = &plan.source;
    let read = Rc::new(Cell::new(0u64));
    let mut progress = plan
        .size
        .filter(|&s| s >= PROGRESS_FROM && io::stderr().is_terminal())
        .map(|s| Progress::new(s, Rc::clone(&read)));
    let (reader, source) = match (&plan.parallel, whole) {
        (Some(setup), Some(whole)) => {
            let mut converted = |done: usize| {
                read.set(done as u64);
                if let Some(p) = &mut progress {
                    p.tick();
                }
            };
            match parallel::convert(setup, whole, out, &mut converted) {
                Ok(parallel::Outcome::Done) => {
                    if let Some(p) = progress {
                        p.finish();
                    }
                    return out.flush().map_err(|e| Failure::write(&e));
                }
                Ok(parallel::Outcome::Rest { offset, points, head, reader }) => {
                    let rest: Box<dyn Read + Send> = Box::new(io::Cursor::new(head).chain(reader));
                    (rest, Source { skipped: source.skipped + offset, points, ..*source })
                }
                Err(stop) => {
                    if let Some(p) = progress {
                        p.finish();
                    }
                    return Err(match stop {
                        parallel::Stop::Transcode(e) => transcode_failure(source, &e, None),
                        parallel::Stop::Read(e) => support::read_failure(source.name, &e),
                        parallel::Stop::Write(e) => Failure::write(&e),
                    });
                }
            }
        }
        _ => (reader, Source { ..*source }),
    };
    let ahead = ReadAhead::new(reader).map_err(|e| support::read_failure(source.name, &e))?;
    let input = Counted { inner: ahead, read: Rc::clone(&read) };
    // A codec whose code points exceed `u32` (UTF-∞-8) goes through big
    // code points, so that one the target cannot hold is an encode error at
    // its index (or meets the encode mode), not a decoding error; every
    // other pair runs through the core's `Transcoder`, with its kernels,
    // straight from the buffers the input was read into.
    let (decode_mode, to, encode_mode) = (plan.decode_mode, plan.to, plan.encode_mode);
    let how = if codec.info().domain.max.is_none() {
        let (from, to) = (support::big_codec(codec.info().name)?, support::big_codec(to.info().name)?);
        How::Big(Box::new(BigTranscode::new(input, from, decode_mode, to, encode_mode)))
    } else {
        How::Kernels(Box::new((input, Transcoder::new(codec, decode_mode, to, encode_mode))))
    };
    let mut conversion = Conversion { how, lines: plan.lines.take() };
    pump(&mut conversion, out, &source, progress)
}

/// What `pump` needs to know of the input and the output.
struct Source<'a> {
    /// The input's name, for messages.
    name: &'a str,
    /// How many bytes of BOM (and of input converted before) were
    /// skipped, to add to error offsets.
    skipped: usize,
    /// How many code points were encoded before, to add to encoding
    /// errors' indices.
    points: usize,
    /// The BOM to write first (empty for none).
    bom: &'a [u8],
    /// What an error's message needs, for [`explain`].
    found: &'a RefCell<Found>,
}

/// The input, after its BOM, read ahead on a thread of its own.
type Input = Counted<ReadAhead>;

/// The core's transcoder between two codecs chosen at run time.
type AnyTranscoder = Transcoder<&'static dyn DynCodec, &'static dyn DynCodec>;

/// A conversion in progress, which writes its output a buffer at a time,
/// and the input's lines when they are counted as it is read.
struct Conversion {
    how: How,
    lines: Option<Lines>,
}

/// How a conversion goes.
enum How {
    /// Through the core's `Transcoder`, straight from the input's buffers.
    Kernels(Box<(Input, AnyTranscoder)>),
    /// Through big code points.
    Big(Box<BigTranscode<Input>>),
}

impl Conversion {
    /// Converts into `buf` and returns how many bytes it wrote (0 at the
    /// end), having consumed input as it went.
    fn convert(&mut self, buf: &mut [u8], source: &Source<'_>) -> Result<usize, Failure> {
        let lines = &mut self.lines;
        // The place of a decoding error at `offset`, from the lines counted.
        let place = |lines: &mut Option<Lines>, offset: usize| lines.take().and_then(|lines| lines.place(offset));
        match &mut self.how {
            How::Kernels(kernels) => loop {
                let (input, transcoder) = &mut **kernels;
                let chunk = input.fill_buf().map_err(|e| support::read_failure(source.name, &e))?;
                let last = chunk.is_empty();
                let (status, read, written) = transcoder.transcode(chunk, buf, last);
                if let Some(lines) = lines.as_mut() {
                    lines.feed(&chunk[..read]);
                }
                input.consume(read);
                match status {
                    // Output before the error is delivered first.
                    Status::Error(e) if written == 0 => {
                        let place = match &e {
                            TranscodeError::Decode(d) => place(lines, d.valid_up_to()),
                            TranscodeError::Encode(_) => None,
                        };
                        return Err(transcode_failure(source, &e, place));
                    }
                    Status::InputEmpty if written == 0 && last => return Ok(0),
                    _ if written > 0 => return Ok(written),
                    _ => {}
                }
            },
            How::Big(big) => loop {
                match big.read(buf, lines.as_mut()) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => {
                        let offset = match e.get_ref().and_then(|inner| inner.downcast_ref::<BigError>()) {
                            Some(BigError::Decode(d)) => Some(d.valid_up_to()),
                            _ => None,
                        };
                        let place = offset.and_then(|offset| place(lines, offset));
                        return Err(read_failure(source, &e, place));
                    }
                    Ok(n) => return Ok(n),
                }
            },
        }
    }
}

/// How many bytes of output `pump` writes at a time.
const OUTPUT: usize = 256 * 1024;

/// Writes the converted bytes to `out`, a buffer of [`OUTPUT`] bytes at a
/// time.
fn pump(
    conversion: &mut Conversion,
    out: &mut dyn Write,
    source: &Source<'_>,
    mut progress: Option<Progress>,
) -> Result<(), Failure> {
    let mut buf = vec![0u8; OUTPUT];
    let result = loop {
        match conversion.convert(&mut buf, source) {
            Ok(0) => break Ok(()),
            Ok(n) => {
                if let Err(e) = out.write_all(&buf[..n]) {
                    break Err(Failure::write(&e));
                }
            }
            Err(failure) => break Err(failure),
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

/// Maps a decoding error (offsets into the input after the skipped bytes)
/// and keeps it, with its place when the lines were counted, for
/// [`explain`].
fn decode_failure(source: &Source<'_>, e: &DecodeError, place: Option<Place>) -> Failure {
    let e = e.shifted(source.skipped);
    source.found.borrow_mut().decode = Some((e, place));
    Failure::decode(&format!("{}: ", source.name), &e)
}

/// Maps an encoding error (its index among the code points after those of
/// `source.points`) and notes it for [`explain`], whose place the output
/// gives.
fn encode_failure<P: codec_core::AnyCodePoint + std::fmt::Display>(source: &Source<'_>, e: &EncodeError<P>) -> Failure {
    let e = e.clone().shifted(source.points);
    let point = e.code_point().to_code_point().map(codec_core::CodePoint::to_u32);
    source.found.borrow_mut().encode = Some(Encoded { point, index: e.index(), place: None });
    Failure::encode(&format!("{}: ", source.name), &e)
}

/// Maps an error of the `Transcoder` (offsets after the skipped bytes), with
/// the place of a decoding error when the lines were counted.
fn transcode_failure(source: &Source<'_>, e: &TranscodeError, place: Option<Place>) -> Failure {
    match e {
        TranscodeError::Decode(d) => decode_failure(source, d, place),
        TranscodeError::Encode(enc) => encode_failure(source, enc),
    }
}

/// Maps an error of the reader through big code points: invalid data
/// (offsets into the input as given, BOM included), or a failed read.
fn read_failure(source: &Source<'_>, e: &io::Error, place: Option<Place>) -> Failure {
    match e.get_ref().and_then(|inner| inner.downcast_ref::<BigError>()) {
        Some(BigError::Decode(d)) => decode_failure(source, d, place),
        Some(BigError::Encode(enc)) => encode_failure(source, enc),
        None => support::read_failure(source.name, e),
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
    /// The error that ended the input, returned once `out` is delivered.
    failed: Option<BigError>,
}

impl<R: Read> BigTranscode<R> {
    fn new(inner: R, from: &'static dyn BigCodec, dm: DecodeMode, to: &'static dyn BigCodec, em: EncodeMode) -> Self {
        let (decoder, encoder) = (Decoder::new(from, dm), Encoder::new(to, em));
        let chunk = vec![0; 64 * 1024];
        let (points, out) = (Vec::new(), Vec::new());
        BigTranscode { inner, decoder, encoder, chunk, points, out, pos: 0, done: false, failed: None }
    }
}

impl<R: Read> BigTranscode<R> {
    /// Reads converted bytes into `buf`, as `Read::read` does, feeding
    /// `lines` with the input it reads.
    fn read(&mut self, buf: &mut [u8], mut lines: Option<&mut Lines>) -> io::Result<usize> {
        while self.pos == self.out.len() && !self.done {
            let n = loop {
                match self.inner.read(&mut self.chunk) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    other => break other?,
                }
            };
            if let Some(lines) = lines.as_deref_mut() {
                lines.feed(&self.chunk[..n]);
            }
            self.done = n == 0;
            self.points.clear();
            self.out.clear();
            self.pos = 0;
            // The code points before a decoding error, and the bytes before
            // an encoding error, are delivered before the error: after a
            // decoding error nothing follows, so the encoder may finish. An
            // encoding error is at a code point before any decoding error.
            let decoded = self.decoder.decode_chunk(&self.chunk[..n], self.done, &mut self.points);
            let encoded = self.encoder.encode_chunk(&self.points, self.done || decoded.is_err(), &mut self.out);
            self.failed = match (encoded, decoded) {
                (Err(e), _) => Some(BigError::Encode(e)),
                (Ok(()), Err(e)) => Some(BigError::Decode(e)),
                (Ok(()), Ok(())) => None,
            };
            self.done |= self.failed.is_some();
        }
        let delivered = self.pos == self.out.len();
        if let Some(e) = self.failed.take_if(|_| delivered) {
            return Err(io::Error::new(io::ErrorKind::InvalidData, e));
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

impl<R: BufRead> BufRead for Counted<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.read.set(self.read.get() + amount as u64);
        self.inner.consume(amount);
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

#[cfg(test)]
mod tests {
    use std::cell::{Cell, RefCell};
    use std::io::Write;

    use codec_core::{CodePoint, DecodeMode, DynCodec, EncodeMode, Step};

    use super::{Context, Found, Plan, Source, convert_all, explain};
    use crate::lines::Lines;
    use crate::parallel;

    /// A text of many scripts, with lines, in `codec` (what it cannot
    /// encode replaced), then the forms its decoder reads but its encoder
    /// does not write (escape mode must escape those), then a few bytes of
    /// damage, repeated to `len` bytes with the damage moved each time.
    fn input(codec: &'static dyn DynCodec, len: usize) -> Vec<u8> {
        let text = "The quick fox, caf\u{E9} na\u{EF}ve \u{20AC}5 \u{65E5}\u{672C}\u{8A9E} \u{4E2D}\u{6587} \
                    \u{D55C}\u{AD6D}\u{C5B4} \u{395}\u{3BB}\u{3BB} \u{420}\u{443}\u{441} \u{5E2}\u{5D1} \
                    \u{627}\u{644} \u{E44}\u{E17}\u{E22} \u{FF71}\u{2212}\u{A5}\u{203E} \u{1F600}\n";
        let points: Vec<CodePoint> = text.chars().map(CodePoint::from).collect();
        let text = codec.encode_with(&points, EncodeMode::Replace).unwrap_or_default();
        // Every form of one or two bytes, and a sample of four, that decodes
        // to one code point and is not what the encoder writes.
        let mut odd = Vec::new();
        let two = (0x80..=0xFFu8).flat_map(|a| (0..=0xFFu8).map(move |b| vec![a, b]));
        let four = (0..2048u32).map(|k| {
            let k = k.wrapping_mul(2_654_435_761);
            vec![
                0x81 + (k % 0x7E) as u8,
                0x30 + (k >> 8) as u8 % 10,
                0x81 + (k >> 12) as u8 % 0x7E,
                0x30 + (k >> 20) as u8 % 10,
            ]
        });
        for form in (0..=0xFFu8).map(|b| vec![b]).chain(two).chain(four) {
            if let Step::Point { len, .. } = codec.decode_step(&form, true)
                && len == form.len()
                && !codec.is_canonical(&form)
                && odd.len() < 64
            {
                odd.extend_from_slice(&form);
                odd.push(b' ');
            }
        }
        let mut out = Vec::new();
        let mut round = 0usize;
        while out.len() < len {
            out.extend_from_slice(&text);
            if round % 3 == 1 {
                out.extend_from_slice(&odd);
            }
            if round % 5 == 4 {
                out.extend_from_slice(&[0xFF, 0xC0, 0x80, 0xED, 0xA0, 0x80, 0x0E, 0x1B, 0x7E, b'{'][..round % 10 + 1]);
            }
            round += 1;
        }
        out
    }

    /// Converts `bytes` as `convert` does: with `file`, through the pieces
    /// path (pieces of `piece` bytes), else in one run as from a pipe; the
    /// output and the whole message of a failure.
    fn run(
        from: &'static dyn DynCodec,
        modes: (DecodeMode, EncodeMode),
        to: &'static dyn DynCodec,
        bytes: &[u8],
        file: Option<&std::path::Path>,
    ) -> (Vec<u8>, Result<(), String>) {
        let found = RefCell::new(Found::default());
        let source = Source { name: "in", skipped: 0, points: 0, bom: &[], found: &found };
        let parallel = file.and_then(|_| parallel::Setup::convert(from, modes.0, to, modes.1, 2));
        let parallel = parallel.map(|setup| setup.with_piece(512));
        let open = || file.map(|path| std::fs::File::open(path).expect("the input file"));
        let whole = open().map(|file| parallel::Input { file, base: 0 });
        let lines = Cell::new(file.is_none().then(|| Lines::new(from)));
        let read_once = file.is_none();
        let plan =
            Plan { source, size: None, parallel, decode_mode: modes.0, to, encode_mode: modes.1, lines, read_once };
        let reader: Box<dyn std::io::Read + Send> = match open() {
            Some(file) => Box::new(file),
            None => Box::new(std::io::Cursor::new(bytes.to_vec())),
        };
        let mut out = Vec::new();
        let result = convert_all(&plan, from, reader, whole, &mut out);
        drop(plan);
        let again = open();
        let (decode_mode, encode_mode) = modes;
        let again = again.as_ref();
        let context = Context { codec: from, skipped: 0, again, decode_mode, to, encode_mode, silent: false };
        (out, result.map_err(|f| format!("{:?}", explain(f, found.into_inner(), &context))))
    }

    /// The pieces path (a regular file) gives what one run (a pipe) gives,
    /// byte for byte, message for message (issue 44: in escape mode into
    /// UTF-16LE the pieces decoded the forms that escape mode escapes):
    /// every codec in every decode mode toward the targets with routes of
    /// their own (UTF-16LE, whose bytes the input's kernel writes as units,
    /// and UTF-8), and toward the others two by two (every codec with every
    /// target in a third of the decode modes, every mode with every target
    /// from a third of the codecs: each conversion sets up a reader's and
    /// a writer's buffers, and the whole product took some 16,000 of them),
    /// the encode modes in turn.
    #[test]
    fn the_pieces_path_gives_what_one_run_gives() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let (mut runs, mut turn) = (0, 0usize);
        for (s, &from) in codec_registry::all().iter().enumerate() {
            let bytes = input(from, 1600);
            let path = dir.path().join("input");
            std::fs::File::create(&path).and_then(|mut f| f.write_all(&bytes)).expect("the input file");
            for (d, &decode_mode) in DecodeMode::ALL.iter().enumerate() {
                for (t, &to) in codec_registry::all().iter().enumerate() {
                    turn += 1;
                    let encode_mode = EncodeMode::ALL[turn % EncodeMode::ALL.len()];
                    let own_route = ["utf-16le", "utf-8"].contains(&to.info().name);
                    let pieces = parallel::Setup::convert(from, decode_mode, to, encode_mode, 2).is_some();
                    if !pieces || !(own_route || (s + d + t) % 3 == 0) {
                        continue;
                    }
                    let modes = (decode_mode, encode_mode);
                    let pipe = run(from, modes, to, &bytes, None);
                    let file = run(from, modes, to, &bytes, Some(&path));
                    let (f, t) = (from.info().name, to.info().name);
                    assert!(
                        pipe == file,
                        "{f} to {t} in {decode_mode}/{encode_mode}: {:?} against {:?}",
                        pipe.1,
                        file.1
                    );
                    runs += 1;
                }
            }
        }
        assert!(runs > 4_000, "{runs} conversions");
    }
}
