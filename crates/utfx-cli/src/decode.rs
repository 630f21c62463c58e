//! `utfx decode`: bytes to code point tokens, JSON items, or UTF-8 text,
//! streamed: the input is read in chunks and each chunk's output is written
//! before the next chunk is read, so memory stays bounded and a closed pipe
//! stops the work at once. A fatal error comes after the output of
//! everything before it, as `iconv` does it.

use std::fmt::Write as _;
use std::io::{self, Read};

use codec_core::{
    AnyCodePoint, BigCodePoint, CodePoint, Decode, DecodeError, DecodeMode, Decoder, EncodeMode, Encoder, ErrorKind,
    Step,
};
use codec_registry::BigCodec;

use crate::bom::{InputLabel, Prepared};
use crate::cli::{DecodeArgs, Format};
use crate::framing::{self, Records};
use crate::support::{self, Failure, Output};

pub(crate) fn run(args: &DecodeArgs) -> Result<(), Failure> {
    let label = InputLabel::new(&args.codec, args.keep_bom)?.sniffing(args.sniff_bom);
    support::note_label(&args.codec);
    let mode = support::decode_mode(&args.errors, args.drop)?;
    let (reader, name, _) = support::open(args.file.as_deref())?;
    let mut input =
        label.open(support::hex_or_bytes(reader, args.input_hex)).map_err(|e| support::read_failure(&name, &e))?;
    let codec = support::big_codec(input.codec.info().name)?;
    let framed = framing::applies(args.framing, input.codec)?;
    let mut out = Output::stdout();
    let mut errors = 0;
    let mut each = |input: &mut Prepared, out: &mut Output| match args.format {
        Format::Cps => cps(codec, mode, input, &name, out),
        Format::Json => json(codec, input, &name, out).map(|n| errors += n),
        Format::Utf8 => utf8(codec, mode, input, &name, out),
    };
    let result = if let Some(layout) = framed {
        // Each record a whole input of its own, at its payload's offset:
        // with --format cps, one line per record.
        let mut records = Records::new(&mut input.reader, layout, input.skipped);
        loop {
            match records.next() {
                Ok(None) => break Ok(()),
                Ok(Some((at, payload))) => {
                    let reader = io::Cursor::new(payload.to_vec()).chain(Box::new(io::empty()) as Box<dyn Read>);
                    let mut record = Prepared { reader, codec: input.codec, skipped: at };
                    if let Err(failure) = each(&mut record, &mut out) {
                        break Err(failure);
                    }
                }
                Err(e) => break Err(e.failure(&format!("{name}: "), &name)),
            }
        }
    } else {
        each(&mut input, &mut out)
    };
    let result = match (result, errors) {
        (Ok(()), 0) => Ok(()),
        (Ok(()), n) => Err(Failure::Data(format!("{n} ill-formed item(s)"))),
        (Err(failure), _) => Err(failure),
    };
    // What came before a failure is written, then the failure reported.
    let flushed = if matches!(result, Err(Failure::Quiet)) { Ok(()) } else { out.flush() };
    result.and(flushed)
}

/// The encode mode that matches a decode mode when decoded code points are
/// written as UTF-8: the byte fallbacks have no encode side, so they
/// replace; ignore drops on both sides.
fn encode_mode(mode: DecodeMode) -> EncodeMode {
    match mode {
        DecodeMode::Fatal => EncodeMode::Fatal,
        DecodeMode::Escape => EncodeMode::Escape,
        DecodeMode::Ignore => EncodeMode::Ignore,
        _ => EncodeMode::Replace,
    }
}

/// Writes the code point tokens, one line: `U+XXXX` per code point, and
/// `R+` with the bytes for a reserved sequence (Corrected UTF-8), which
/// stands for no code point and is shown as what it is in every mode.
///
/// The input between two reserved sequences is decoded as a whole input of
/// its own, in `mode`; the line ends with a newline even when a fatal error
/// cuts it short.
fn cps(
    codec: &'static dyn BigCodec,
    mode: DecodeMode,
    input: &mut Prepared,
    name: &str,
    out: &mut Output,
) -> Result<(), Failure> {
    let mut scanner = Scanner::at(input.skipped);
    let mut decoder = Decoder::new(codec, mode);
    // Absolute offsets: where the decoder's input began, and how far it got.
    let (mut segment, mut fed) = (input.skipped, input.skipped);
    let mut tokens = Tokens::default();
    // The scanner's last ill-formed item: what a cut sequence before a
    // reserved one is in the input ([`cut_by_reserved`]).
    let mut last_error = None;
    let result = support::read_chunks(&mut input.reader, name, |chunk, last| {
        scanner.push(chunk);
        while let Some(item) = scanner.next(codec, last) {
            let Err(e) = &item.result else { continue };
            if e.kind() != ErrorKind::Reserved {
                last_error = Some(*e);
                continue;
            }
            let decoded = decoder.decode_chunk(scanner.bytes(fed, item.offset), true, &mut tokens.points);
            tokens.write_points(out)?;
            decoded
                .map_err(|e| Failure::decode(&format!("{name}: "), &cut_by_reserved(e.shifted(segment), last_error)))?;
            decoder.reset();
            let reserved = support::hex_compact(scanner.bytes(item.offset, item.end()));
            tokens.write_token(out, format_args!("R+{reserved}"))?;
            (segment, fed) = (item.end(), item.end());
        }
        let end = scanner.scanned();
        let decoded = decoder.decode_chunk(scanner.bytes(fed, end), last, &mut tokens.points);
        fed = end;
        tokens.write_points(out)?;
        decoded.map_err(|e| Failure::decode(&format!("{name}: "), &e.shifted(segment)))
    });
    if matches!(result, Err(Failure::Quiet)) {
        return result;
    }
    let ended = out.write(b"\n");
    result.and(ended)
}

/// The error of a segment that a reserved sequence cut short: the segment
/// is decoded as a whole input of its own, so a sequence the reserved one
/// interrupts comes out as a truncation. The scanner, which saw the bytes
/// after it, found that sequence as an ill-formed item of the input
/// (`scanned`, its last one before the reserved sequence): its kind and
/// length are the ones every other command and mode gives.
fn cut_by_reserved(error: DecodeError, scanned: Option<DecodeError>) -> DecodeError {
    match scanned {
        Some(item) if error.error_len().is_none() && item.valid_up_to() == error.valid_up_to() => item,
        _ => error,
    }
}

/// Code point tokens on their way out, separated by single spaces.
#[derive(Default)]
struct Tokens {
    /// Code points decoded and not yet written.
    points: Vec<BigCodePoint>,
    /// The text of the tokens being written.
    text: String,
    /// Whether a token has been written.
    started: bool,
}

impl Tokens {
    /// Writes the tokens of the pending code points.
    fn write_points(&mut self, out: &mut Output) -> Result<(), Failure> {
        self.text.clear();
        for point in self.points.drain(..) {
            if self.started {
                self.text.push(' ');
            }
            self.started = true;
            let _ = write!(self.text, "{point}");
        }
        out.write(self.text.as_bytes())
    }

    /// Writes one token.
    fn write_token(&mut self, out: &mut Output, token: std::fmt::Arguments<'_>) -> Result<(), Failure> {
        self.text.clear();
        if self.started {
            self.text.push(' ');
        }
        self.started = true;
        let _ = self.text.write_fmt(token);
        out.write(self.text.as_bytes())
    }
}

/// Writes one JSON object per item, and returns how many were errors (the
/// caller makes any a [`Failure::Data`], after every item is written).
fn json(codec: &'static dyn BigCodec, input: &mut Prepared, name: &str, out: &mut Output) -> Result<usize, Failure> {
    let mut scanner = Scanner::at(input.skipped);
    let mut errors = 0usize;
    let mut line = String::new();
    support::read_chunks(&mut input.reader, name, |chunk, last| {
        scanner.push(chunk);
        while let Some(item) = scanner.next(codec, last) {
            let (offset, len) = (item.offset, item.len);
            line.clear();
            let _ = match &item.result {
                Ok(point) => writeln!(line, "{{\"offset\":{offset},\"len\":{len},\"cp\":\"{point}\"}}"),
                Err(e) if e.kind() == ErrorKind::Reserved => {
                    let bytes = support::hex_compact(scanner.bytes(offset, item.end()));
                    writeln!(line, "{{\"offset\":{offset},\"len\":{len},\"reserved\":\"{bytes}\"}}")
                }
                Err(e) => {
                    errors += 1;
                    writeln!(line, "{{\"offset\":{offset},\"len\":{len},\"error\":\"{}\"}}", e.kind().as_str())
                }
            };
            out.write(line.as_bytes())?;
        }
        Ok(())
    })?;
    Ok(errors)
}

/// Writes the decoded text as UTF-8; code points UTF-8 cannot hold are an
/// error, or handled per the encode mode matching `mode`. The first error
/// in the stream, decoding or encoding, stops it.
fn utf8(
    codec: &'static dyn BigCodec,
    mode: DecodeMode,
    input: &mut Prepared,
    name: &str,
    out: &mut Output,
) -> Result<(), Failure> {
    let utf8 = support::big_codec("utf-8")?;
    let mut decoder = Decoder::new(codec, mode);
    let mut encoder = Encoder::new(utf8, encode_mode(mode));
    let (mut points, mut bytes) = (Vec::new(), Vec::new());
    let skipped = input.skipped;
    support::read_chunks(&mut input.reader, name, |chunk, last| {
        points.clear();
        bytes.clear();
        let decoded = decoder.decode_chunk(chunk, last, &mut points);
        // After a decode error nothing follows: the encoder may finish.
        let encoded = encoder.encode_chunk(&points, last || decoded.is_err(), &mut bytes);
        out.write(&bytes)?;
        encoded.map_err(|e| Failure::encode("utf-8: ", &e))?;
        decoded.map_err(|e| Failure::decode(&format!("{name}: "), &e.shifted(skipped)))
    })
}

/// The items of an input that arrives in chunks: [`Decode::items`] without
/// the whole input in memory. It keeps the chunk being scanned and the
/// incomplete sequence at its end.
#[derive(Default)]
pub(crate) struct Scanner {
    /// Input not yet released by [`Scanner::push`].
    buf: Vec<u8>,
    /// The absolute offset of `buf[0]`.
    base: usize,
    /// How much of `buf` has been scanned into items.
    pos: usize,
    /// The length of the incomplete sequence last found at the end, so that
    /// a long one is retried only once it has doubled (linear time).
    stalled: usize,
    /// The codec's state after what has been scanned (a stateful codec's
    /// shifts, which are no items, as in [`Decode::items`]).
    state: u32,
    /// The second code point of a sequence of two, the next item (empty,
    /// at this absolute offset), as in [`Decode::items`].
    second: Option<(usize, CodePoint)>,
}

/// One item of the input, at an absolute offset.
pub(crate) struct Scanned<P = BigCodePoint> {
    pub(crate) offset: usize,
    pub(crate) len: usize,
    pub(crate) result: Result<P, DecodeError>,
}

impl<P> Scanned<P> {
    /// The offset just past the item.
    pub(crate) fn end(&self) -> usize {
        self.offset + self.len
    }
}

impl Scanner {
    /// A scanner whose input starts at absolute offset `base`.
    pub(crate) fn at(base: usize) -> Scanner {
        Scanner { base, ..Scanner::default() }
    }

    /// Releases what has been scanned and appends `chunk`.
    pub(crate) fn push(&mut self, chunk: &[u8]) {
        self.buf.drain(..self.pos);
        self.base += self.pos;
        self.pos = 0;
        self.buf.extend_from_slice(chunk);
    }

    /// The absolute offset up to which the input has been scanned.
    fn scanned(&self) -> usize {
        self.base + self.pos
    }

    /// The input from `from` to `to`, absolute offsets not yet released.
    pub(crate) fn bytes(&self, from: usize, to: usize) -> &[u8] {
        let range = from.checked_sub(self.base).zip(to.checked_sub(self.base));
        range.and_then(|(from, to)| self.buf.get(from..to)).unwrap_or_default()
    }

    /// The next item, or `None` when the chunks so far hold no more
    /// (`last` says that no chunk follows).
    pub(crate) fn next<D: Decode + ?Sized>(&mut self, codec: &D, last: bool) -> Option<Scanned<D::Point>> {
        if let Some((offset, point)) = self.second.take() {
            return Some(Scanned { offset, len: 0, result: Ok(D::Point::from(point)) });
        }
        loop {
            let rest = self.buf.get(self.pos..).filter(|r| !r.is_empty())?;
            if !last && rest.len() > 16 && rest.len() < 2 * self.stalled {
                return None;
            }
            let offset = self.scanned();
            let mut state = self.state;
            let (len, result) = match codec.decode_step_in(&mut state, rest, last) {
                Step::Point { point, len } => (len, Ok(point)),
                Step::Pair { point, second, len } => {
                    let second = second.to_code_point().unwrap_or(CodePoint::REPLACEMENT);
                    self.second = Some((offset + len.clamp(1, rest.len()), second));
                    (len, Ok(point))
                }
                Step::Shift { len } => {
                    self.pos += len.clamp(1, rest.len());
                    (self.stalled, self.state) = (0, state);
                    continue;
                }
                Step::Invalid { kind, len } => (len, Err(DecodeError::new(offset, Some(len), kind))),
                // Shown as what it is (`R+...`) in every mode.
                Step::Reserved { len } => (len, Err(DecodeError::new(offset, Some(len), ErrorKind::Reserved))),
                Step::Incomplete if last => (rest.len(), Err(DecodeError::new(offset, None, ErrorKind::Truncated))),
                Step::Incomplete => {
                    self.stalled = rest.len();
                    return None;
                }
            };
            let len = len.clamp(1, rest.len());
            self.pos += len;
            (self.stalled, self.state) = (0, state);
            return Some(Scanned { offset, len, result });
        }
    }
}
