//! `utfx encode`: code point tokens (or UTF-8 text) to bytes. An `R+...`
//! token (a reserved sequence, as `utfx decode` prints it) is written as its
//! bytes when the target codec reads exactly those bytes as one reserved
//! sequence (Corrected UTF-8's `FE`/`FF` sequences), and is invalid data
//! otherwise: so decode then encode gives the bytes back.

use std::io::{self, Read};

use codec_core::{BigCodePoint, EncodeError, Step, TranscodeError, TranscodeReader};

use crate::bom::{self, InputLabel};
use crate::cli::{EncodeArgs, Input};
use crate::framing::{self, Framer};
use crate::support::{self, Failure, Output};

pub(crate) fn run(args: &EncodeArgs) -> Result<(), Failure> {
    let (label, ignore) = support::target_label(&args.codec)?;
    let (codec, bom) = bom::output(label, args.bom)?;
    let mut framer = framing::applies(args.framing, codec)?.map(Framer::new);
    let mode = support::encode_mode("--errors", &args.errors, args.drop || ignore)?;
    if args.input == Input::Text {
        return text(args, codec, mode, bom.as_deref().unwrap_or_default(), args.drop || ignore, framer);
    }
    let codec = support::big_codec(codec.info().name)?;
    let input = support::read_all(args.file.as_deref(), false)?;
    let tokens = parse_tokens(&input)?;
    let mut bytes = Vec::new();
    let mut run: Vec<BigCodePoint> = Vec::new();
    // Each run of code points is encoded on its own: a reserved sequence
    // ends an encoder's look-ahead, as an escaped byte does.
    let flush = |run: &mut Vec<BigCodePoint>, start: usize, bytes: &mut Vec<u8>| {
        let encoded = codec.encode_with(run, mode).map_err(|e| {
            let shifted = EncodeError::new(start + e.index(), e.code_point().clone(), e.kind());
            Failure::encode("", &shifted)
        })?;
        bytes.extend_from_slice(&encoded);
        run.clear();
        Ok::<(), Failure>(())
    };
    let count = tokens.len();
    for (i, token) in tokens.into_iter().enumerate() {
        match token {
            Token::Point(point) => run.push(point),
            Token::Reserved(raw, text) => {
                let start = i - run.len();
                flush(&mut run, start, &mut bytes)?;
                if raw.is_empty() || codec.decode_step(&raw, true) != (Step::Reserved { len: raw.len() }) {
                    return Err(Failure::Data(format!(
                        "token {i}: `{text}` is not a reserved sequence of {}, and stands for no code point",
                        codec.info().name
                    )));
                }
                bytes.extend_from_slice(&raw);
            }
        }
    }
    let start = count - run.len();
    flush(&mut run, start, &mut bytes)?;
    let mut out = Output::stdout();
    let mut hex = args.hex.then(Hexer::default);
    write(&mut out, &mut hex, bom.as_deref().unwrap_or_default())?;
    match framer.as_mut() {
        Some(framer) => {
            let mut emit = |record: &[u8]| write(&mut out, &mut hex, record);
            framer.push(&bytes, &mut emit)?;
            framer.finish(&mut emit)?;
        }
        None => write(&mut out, &mut hex, &bytes)?,
    }
    if hex.is_some() {
        out.write(b"\n")?;
    }
    out.flush()
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
    hexer.text.push_str(&support::hex(bytes));
    out.write(hexer.text.as_bytes())
}

/// One token of the code point text format.
pub(crate) enum Token {
    /// A code point.
    Point(BigCodePoint),
    /// A reserved sequence: its bytes and the token as written.
    Reserved(Vec<u8>, String),
}

/// The tokens of `text`: separated by whitespace or commas.
fn split(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty())
}

/// Parses the code point text format: tokens separated by whitespace or
/// commas, `U+`, `0x` or no prefix, any case, any size; `R+` and hex bytes
/// for a reserved sequence.
pub(crate) fn parse_tokens(text: &[u8]) -> Result<Vec<Token>, Failure> {
    let text = std::str::from_utf8(text).map_err(|e| {
        Failure::Data(format!("code point input is not text: offset {}: invalid_lead", e.valid_up_to()))
    })?;
    split(text)
        .enumerate()
        .map(|(i, token)| {
            if token.get(..2).is_some_and(|p| p.eq_ignore_ascii_case("r+")) {
                let hex = &token[2..];
                let raw: Option<Vec<u8>> = (hex.len() % 2 == 0)
                    .then(|| {
                        (0..hex.len()).step_by(2).map(|k| u8::from_str_radix(hex.get(k..k + 2)?, 16).ok()).collect()
                    })
                    .flatten();
                return raw.map(|raw| Token::Reserved(raw, token.to_owned())).ok_or_else(|| {
                    Failure::Data(format!("token {i}: `{token}` is not a reserved sequence's hex bytes"))
                });
            }
            token
                .parse()
                .map(Token::Point)
                .map_err(|_| Failure::Data(format!("token {i}: `{token}` is not a code point")))
        })
        .collect()
}
