//! `utfx decode`: bytes to code point tokens, JSON items, or UTF-8 text.

use codec_core::{BigCodePoint, Decode, DecodeMode, Encode, EncodeMode, ErrorKind, Wide};

use crate::cli::{DecodeArgs, Format};
use crate::support::{self, Failure, Output};

pub(crate) fn run(args: &DecodeArgs) -> Result<(), Failure> {
    let codec = Wide(support::codec(&args.codec)?);
    let mode: DecodeMode = args.errors.parse().map_err(|e| Failure::Usage(format!("--errors: {e}")))?;
    let input = support::read_all(args.file.as_deref(), args.input_hex)?;
    let mut out = Output::stdout();
    match args.format {
        Format::Cps => {
            let tokens = tokens(codec, &input, mode)?;
            out.write(tokens.join(" ").as_bytes())?;
            out.write(b"\n")?;
        }
        Format::Json => {
            let errors = json(codec, &input, &mut out)?;
            out.flush()?;
            if errors > 0 {
                return Err(Failure::Data(format!("{errors} ill-formed item(s)")));
            }
        }
        Format::Utf8 => {
            let points = codec.decode_with(&input, mode).map_err(|e| Failure::decode("", &e))?;
            let utf8 = Wide(support::codec("utf-8")?);
            let bytes = utf8.encode_with(&points, encode_mode(mode)).map_err(|e| Failure::encode("utf-8: ", &e))?;
            out.write(&bytes)?;
        }
    }
    out.flush()
}

/// The encode mode that matches a decode mode when decoded code points are
/// written as UTF-8: the byte fallbacks have no encode side, so they replace.
fn encode_mode(mode: DecodeMode) -> EncodeMode {
    match mode {
        DecodeMode::Fatal => EncodeMode::Fatal,
        DecodeMode::Escape => EncodeMode::Escape,
        _ => EncodeMode::Replace,
    }
}

/// The code point tokens of `input`: `U+XXXX` per code point, and `R+` with
/// the bytes for a reserved sequence (Corrected UTF-8), which stands for no
/// code point and is shown as what it is in every mode.
fn tokens(codec: Wide<'_>, input: &[u8], mode: DecodeMode) -> Result<Vec<String>, Failure> {
    let reserved = codec.items(input).filter_map(|item| match item {
        Err(e) if e.kind() == ErrorKind::Reserved => {
            Some((e.valid_up_to(), e.error_len().unwrap_or(input.len() - e.valid_up_to())))
        }
        _ => None,
    });
    let mut tokens = Vec::new();
    let mut start = 0;
    for (at, len) in reserved.chain(std::iter::once((input.len(), 0))) {
        let points = codec.decode_with(&input[start..at], mode).map_err(|e| Failure::decode("", &e.shifted(start)))?;
        tokens.extend(points.iter().map(BigCodePoint::to_string));
        if len > 0 {
            tokens.push(format!("R+{}", support::hex_compact(&input[at..at + len])));
        }
        start = at + len;
    }
    Ok(tokens)
}

/// Writes one JSON object per item and returns how many were errors.
fn json(codec: Wide<'_>, input: &[u8], out: &mut Output) -> Result<usize, Failure> {
    let mut errors = 0;
    for item in codec.items(input) {
        let line = match item {
            Ok(it) => format!("{{\"offset\":{},\"len\":{},\"cp\":\"{}\"}}\n", it.offset, it.len, it.point),
            Err(e) => {
                let (offset, len) = (e.valid_up_to(), e.error_len().unwrap_or(input.len() - e.valid_up_to()));
                if e.kind() == ErrorKind::Reserved {
                    let bytes = support::hex_compact(&input[offset..offset + len]);
                    format!("{{\"offset\":{offset},\"len\":{len},\"reserved\":\"{bytes}\"}}\n")
                } else {
                    errors += 1;
                    format!("{{\"offset\":{offset},\"len\":{len},\"error\":\"{}\"}}\n", e.kind().as_str())
                }
            }
        };
        out.write(line.as_bytes())?;
    }
    Ok(errors)
}
