//! `utfx encode`: code point tokens (or UTF-8 text) to bytes. An `R+...`
//! token (a reserved sequence, as `utfx decode` prints it) is written as its
//! bytes when the target codec reads exactly those bytes as one reserved
//! sequence (Corrected UTF-8's `FE`/`FF` sequences), and is invalid data
//! otherwise: so decode then encode gives the bytes back.

use std::io::{self, Read};

use codec_core::{BigCodePoint, EncodeError, Encoder, Step, TranscodeError, TranscodeReader};
use codec_registry::BigCodec;

use crate::bom::{self, InputLabel};
use crate::cli::{EncodeArgs, Input};
use crate::framing::{self, Framer};
use crate::support::{self, Failure, Output};

pub(crate) fn run(args: &EncodeArgs) -> Result<(), Failure> {
    let (label, ignore) = support::target_label(&args.codec)?;
    support::note_label(label);
    let (codec, bom) = bom::output(label, args.bom)?;
    let mut framer = framing::applies(args.framing, codec)?.map(Framer::new);
    let mode = support::encode_mode("--errors", &args.errors, args.drop || ignore)?;
    if args.input == Input::Text {
        return text(args, codec, mode, bom.as_deref().unwrap_or_default(), args.drop || ignore, framer);
    }
    let codec = support::big_codec(codec.info().name)?;
    let (reader, name, _) = support::open(args.file.as_deref())?;
    let mut reader = reader;
    let mut out = Output::stdout();
    let mut hex = args.hex.then(Hexer::default);
    write(&mut out, &mut hex, bom.as_deref().unwrap_or_default())?;
    let mut tokens = Tokens::default();
    let mut run = Run { codec, mode, encoder: Encoder::new(codec, mode), start: 0, points: Vec::new() };
    let mut bytes = Vec::new();
    // Streamed, in bounded memory: tokens as they are read, each run of
    // code points through one encoder (a reserved sequence ends an
    // encoder's look-ahead, as an escaped byte does), what came before an
    // error written first.
    let result = support::read_chunks(&mut reader, &name, |chunk, last| {
        let parsed = tokens.push(chunk, last, |i, token| match token {
            Token::Point(point) => {
                run.points.push(point);
                Ok(())
            }
            Token::Reserved(raw, text) => {
                run.flush(true, &mut bytes)?;
                if raw.is_empty() || codec.decode_step(&raw, true) != (Step::Reserved { len: raw.len() }) {
                    return Err(Failure::Data(format!(
                        "token {i}: `{text}` is not a reserved sequence of {}, and stands for no code point",
                        codec.info().name
                    )));
                }
                bytes.extend_from_slice(&raw);
                run.restart(i + 1);
                Ok(())
            }
        });
        let flushed = run.flush(last || parsed.is_err(), &mut bytes);
        let written = match framer.as_mut() {
            Some(framer) => framer.push(&bytes, &mut |record| write(&mut out, &mut hex, record)),
            None => write(&mut out, &mut hex, &bytes),
        };
        bytes.clear();
        parsed.and(flushed).and(written)
    });
    if matches!(result, Err(Failure::Quiet)) {
        return result;
    }
    // What came before an error is written: with --framing, as a last
    // record.
    let finished = match framer.as_mut() {
        Some(framer) => framer.finish(&mut |record| write(&mut out, &mut hex, record)),
        None => Ok(()),
    };
    let ended = if hex.is_some() { out.write(b"\n") } else { Ok(()) };
    result.and(finished).and(ended).and(out.flush())
}

/// The code points since the last reserved sequence, through one encoder.
struct Run {
    codec: &'static dyn BigCodec,
    mode: codec_core::EncodeMode,
    encoder: Encoder<&'static dyn BigCodec>,
    /// The index of the run's first token.
    start: usize,
    /// Code points read and not yet encoded.
    points: Vec<BigCodePoint>,
}

impl Run {
    /// Encodes the code points read into `bytes`; `last` ends the run.
    fn flush(&mut self, last: bool, bytes: &mut Vec<u8>) -> Result<(), Failure> {
        let encoded = self.encoder.encode_chunk(&self.points, last, bytes);
        self.points.clear();
        encoded.map_err(|e| {
            let shifted = EncodeError::new(self.start + e.index(), e.code_point().clone(), e.kind());
            Failure::encode("", &shifted)
        })
    }

    /// Starts a new run at token `start` (the one ended was flushed).
    fn restart(&mut self, start: usize) {
        self.encoder = Encoder::new(self.codec, self.mode);
        self.start = start;
    }
}

/// Encodes UTF-8 text, streamed: `convert -f utf-8` with the output as
/// bytes or hexadecimal text. What came before an error is written first.
fn text(
    args: &EncodeArgs,
    codec: &'static dyn codec_core::DynCodec,
    mode: codec_core::EncodeMode,
    bom: &[u8],
    drop: bool,
    mut framer: Option<Framer>,
) -> Result<(), Failure> {
    let decode_mode = if drop { codec_core::DecodeMode::Ignore } else { codec_core::DecodeMode::Fatal };
    let (reader, name, _) = support::open(args.file.as_deref())?;
    let input = InputLabel::new("utf-8", args.keep_bom)?.open(reader).map_err(|e| support::read_failure(&name, &e))?;
    let skipped = input.skipped;
    let mut reader = TranscodeReader::new(input.reader, input.codec, decode_mode, codec, mode);
    let mut out = Output::stdout();
    let mut hex = args.hex.then(Hexer::default);
    let result = write(&mut out, &mut hex, bom).and_then(|()| {
        let mut buf = vec![0u8; support::CHUNK];
        loop {
            let n = match reader.read(&mut buf) {
                Ok(0) => return Ok(()),
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    return Err(match e.get_ref().and_then(|inner| inner.downcast_ref::<TranscodeError>()) {
                        Some(TranscodeError::Decode(d)) => {
                            Failure::decode(&format!("{name}: input is not UTF-8: "), &d.shifted(skipped))
                        }
                        Some(TranscodeError::Encode(enc)) => Failure::encode("", enc),
                        None => support::read_failure(&name, &e),
                    });
                }
            };
            match framer.as_mut() {
                Some(framer) => framer.push(&buf[..n], &mut |record| write(&mut out, &mut hex, record))?,
                None => write(&mut out, &mut hex, &buf[..n])?,
            }
        }
    });
    if matches!(result, Err(Failure::Quiet)) {
        return result;
    }
    // What came before an error is written: with --framing, as a last
    // record.
    if let Some(framer) = framer.as_mut() {
        let finished = framer.finish(&mut |record| write(&mut out, &mut hex, record));
        if matches!(finished, Err(Failure::Quiet)) {
            return finished;
        }
        let result = result.and(finished);
        let ended = if hex.is_some() { out.write(b"\n") } else { Ok(()) };
        return result.and(ended).and(out.flush());
    }
    let ended = if hex.is_some() { out.write(b"\n") } else { Ok(()) };
    result.and(ended).and(out.flush())
}

/// Hexadecimal output across chunks: a space before every byte but the
/// first.
#[derive(Default)]
struct Hexer {
    started: bool,
    text: String,
}

/// Writes `bytes` as they are, or as hexadecimal text.
fn write(out: &mut Output, hex: &mut Option<Hexer>, bytes: &[u8]) -> Result<(), Failure> {
    let Some(hexer) = hex else { return out.write(bytes) };
    if bytes.is_empty() {
        return Ok(());
    }
    hexer.text.clear();
    if hexer.started {
        hexer.text.push(' ');
    }
    hexer.started = true;
    hexer.text.push_str(&codec_test::hex::format(bytes));
    out.write(hexer.text.as_bytes())
}

/// One token of the code point text format.
pub(crate) enum Token {
    /// A code point.
    Point(BigCodePoint),
    /// A reserved sequence: its bytes and the token as written.
    Reserved(Vec<u8>, String),
}

/// Whether `c` separates tokens: whitespace or a comma.
fn separates(c: char) -> bool {
    c.is_whitespace() || c == ','
}

/// The longest token read: far past any code point written in hex
/// (UTF-∞-8's take any size), short of what memory cannot hold.
const LONGEST_TOKEN: usize = 1 << 20;

/// The code point text format read a chunk at a time: tokens separated by
/// whitespace or commas, `U+`, `0x` or no prefix, any case, any size; `R+`
/// and hex bytes for a reserved sequence. A token or a character cut by a
/// chunk's end waits for the next.
#[derive(Default)]
struct Tokens {
    /// The bytes after the last whole token.
    carry: Vec<u8>,
    /// How many input bytes came before `carry`.
    offset: usize,
    /// How many tokens came before.
    seen: usize,
}

impl Tokens {
    /// Reads `chunk` (`last`: nothing follows) and hands `each` the index
    /// and meaning of every token it completes.
    ///
    /// # Errors
    ///
    /// [`Failure::Data`] for input that is not UTF-8, a token that is
    /// neither a code point nor a reserved sequence's bytes, or one longer
    /// than [`LONGEST_TOKEN`]; the first failure of `each`.
    fn push(
        &mut self,
        chunk: &[u8],
        last: bool,
        mut each: impl FnMut(usize, Token) -> Result<(), Failure>,
    ) -> Result<(), Failure> {
        self.carry.extend_from_slice(chunk);
        let text = match std::str::from_utf8(&self.carry) {
            Ok(text) => text,
            Err(e) if e.error_len().is_none() && !last => {
                std::str::from_utf8(&self.carry[..e.valid_up_to()]).unwrap_or("")
            }
            Err(e) => {
                let at = self.offset + e.valid_up_to();
                return Err(Failure::Data(format!("code point input is not text: offset {at}: invalid_lead")));
            }
        };
        // The last token may go on in the next chunk.
        let end = match last {
            true => text.len(),
            false => text.rfind(separates).map_or(0, |k| k + text[k..].chars().next().map_or(1, char::len_utf8)),
        };
        for token in text[..end].split(separates).filter(|t| !t.is_empty()) {
            let parsed = parse_token(self.seen, token)?;
            each(self.seen, parsed)?;
            self.seen += 1;
        }
        self.carry.drain(..end);
        self.offset += end;
        if self.carry.len() > LONGEST_TOKEN {
            let seen = self.seen;
            return Err(Failure::Data(format!("token {seen} is longer than {LONGEST_TOKEN} bytes")));
        }
        Ok(())
    }
}

/// Parses token `i` of the code point text format.
fn parse_token(i: usize, token: &str) -> Result<Token, Failure> {
    if token.get(..2).is_some_and(|p| p.eq_ignore_ascii_case("r+")) {
        let hex = &token[2..];
        let raw: Option<Vec<u8>> = hex
            .len()
            .is_multiple_of(2)
            .then(|| (0..hex.len()).step_by(2).map(|k| u8::from_str_radix(hex.get(k..k + 2)?, 16).ok()).collect())
            .flatten();
        return raw
            .map(|raw| Token::Reserved(raw, token.to_owned()))
            .ok_or_else(|| Failure::Data(format!("token {i}: `{token}` is not a reserved sequence's hex bytes")));
    }
    token.parse().map(Token::Point).map_err(|_| Failure::Data(format!("token {i}: `{token}` is not a code point")))
}
