//! `utfx encode`: code point tokens (or UTF-8 text) to bytes.

use codec_core::{Big, BigCodePoint, Decode, Encode, EncodeMode};

use crate::cli::{EncodeArgs, Input};
use crate::support::{self, Failure, Output};

pub(crate) fn run(args: &EncodeArgs) -> Result<(), Failure> {
    let codec = Big(support::codec(&args.codec)?);
    let mode: EncodeMode = args.errors.parse().map_err(|e| Failure::Usage(format!("--errors: {e}")))?;
    let input = support::read_all(args.file.as_deref(), false)?;
    let points = match args.input {
        Input::Cps => parse_tokens(&input)?,
        Input::Utf8 => {
            Big(support::codec("utf-8")?).decode(&input).map_err(|e| Failure::decode("input is not UTF-8: ", &e))?
        }
    };
    let bytes = codec.encode_with(&points, mode).map_err(|e| Failure::encode("", &e))?;
    let mut out = Output::stdout();
    if args.hex {
        out.write(support::hex(&bytes).as_bytes())?;
        out.write(b"\n")?;
    } else {
        out.write(&bytes)?;
    }
    out.flush()
}

/// Parses the code point text format: tokens separated by whitespace or
/// commas, `U+`, `0x` or no prefix, any case, any size.
pub(crate) fn parse_tokens(text: &[u8]) -> Result<Vec<BigCodePoint>, Failure> {
    let text = std::str::from_utf8(text).map_err(|e| {
        Failure::Data(format!("code point input is not text: offset {}: invalid_lead", e.valid_up_to()))
    })?;
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .enumerate()
        .map(|(i, token)| {
            if token.get(..2).is_some_and(|p| p.eq_ignore_ascii_case("r+")) {
                return Err(Failure::Data(format!(
                    "token {i}: `{token}` is a reserved sequence, which stands for no code point and cannot be encoded"
                )));
            }
            token.parse().map_err(|_| Failure::Data(format!("token {i}: `{token}` is not a code point")))
        })
        .collect()
}
