//! `utfx encode`: code point tokens (or UTF-8 text) to bytes. An `R+...`
//! token (a reserved sequence, as `utfx decode` prints it) is written as its
//! bytes when the target codec reads exactly those bytes as one reserved
//! sequence (Corrected UTF-8's `FE`/`FF` sequences), and is invalid data
//! otherwise: so decode then encode gives the bytes back.

use codec_core::{BigCodePoint, EncodeError, EncodeMode, Step};

use crate::cli::{EncodeArgs, Input};
use crate::support::{self, Failure, Output};

pub(crate) fn run(args: &EncodeArgs) -> Result<(), Failure> {
    let codec = support::big_codec(&args.codec)?;
    let mode: EncodeMode = args.errors.parse().map_err(|e| Failure::Usage(format!("--errors: {e}")))?;
    let input = support::read_all(args.file.as_deref(), false)?;
    let tokens = match args.input {
        Input::Cps => parse_tokens(&input)?,
        Input::Utf8 => {
            let points =
                support::big_codec("utf-8")?.decode(&input).map_err(|e| Failure::decode("input is not UTF-8: ", &e))?;
            points.into_iter().map(Token::Point).collect()
        }
    };
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
    if args.hex {
        out.write(support::hex(&bytes).as_bytes())?;
        out.write(b"\n")?;
    } else {
        out.write(&bytes)?;
    }
    out.flush()
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
