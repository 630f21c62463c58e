//! `utfx inspect`: one row per item, with its class and status, coloured on
//! a terminal; then the exit status `validate` gives the same input (1 when
//! an item is ill-formed).

use codec_core::{BigCodePoint, CodePoint, ErrorKind, Items};

use crate::bom::InputLabel;
use crate::cli::InspectArgs;
use crate::support::{self, Failure, Output};

pub(crate) fn run(args: &InspectArgs) -> Result<(), Failure> {
    let label = InputLabel::new(&args.codec, args.keep_bom)?;
    let input = support::read_all(args.file.as_deref(), args.input_hex)?;
    let (codec, skipped) = label.resolve(&input[..input.len().min(3)]);
    let codec = support::big_codec(codec.info().name)?;
    let colour = support::colour();
    let mut out = Output::stdout();
    out.write(
        format!("{:>8}  {:<17}  {:<11}  {:<14}  {}\n", "offset", "bytes", "code point", "class", "status").as_bytes(),
    )?;
    if skipped > 0 {
        let bytes = support::hex(&input[..skipped]);
        let status = if colour { "\x1b[33mbom\x1b[0m" } else { "bom" };
        let cp = BigCodePoint::from(CodePoint::new(0xFEFF)).to_string();
        out.write(format!("{:>8}  {bytes:<17}  {cp:<11}  {:<14}  {status}\n", 0, "BOM").as_bytes())?;
    }
    let mut errors = 0usize;
    for item in Items::new(codec, &input[skipped..]) {
        let item = item.map(|mut it| {
            it.offset += skipped;
            it
        });
        let item = item.map_err(|e| e.shifted(skipped));
        let (offset, len, point, status) = match item {
            Ok(it) => {
                (it.offset, it.len, it.point.clone(), if it.point.is_some() { Status::Ok } else { Status::Reserved })
            }
            Err(e) => {
                let len = e.error_len().unwrap_or(input.len() - e.valid_up_to());
                let status = if e.kind() == ErrorKind::Reserved { Status::Reserved } else { Status::Error(e.kind()) };
                errors += usize::from(status != Status::Reserved);
                (e.valid_up_to(), len, None, status)
            }
        };
        let bytes = support::hex(&input[offset..offset + len]);
        let bytes = if bytes.len() > 17 { format!("{}...", &bytes[..14]) } else { bytes };
        let (cp, class) = match &point {
            Some(p) => (p.to_string(), class(p)),
            None if status == Status::Reserved => {
                (format!("R+{}", support::hex_compact(&input[offset..offset + len])), "reserved")
            }
            None => ("-".into(), "-"),
        };
        let status_text = match status {
            Status::Ok => "ok".to_string(),
            Status::Reserved => "reserved".to_string(),
            Status::Error(kind) => format!("error: {}", kind.as_str()),
        };
        let status_text = match (colour, status) {
            (false, _) => status_text,
            (true, Status::Ok) => format!("\x1b[32m{status_text}\x1b[0m"),
            (true, Status::Reserved) => format!("\x1b[33m{status_text}\x1b[0m"),
            (true, Status::Error(_)) => format!("\x1b[31m{status_text}\x1b[0m"),
        };
        out.write(format!("{offset:>8}  {bytes:<17}  {cp:<11}  {class:<14}  {status_text}\n").as_bytes())?;
    }
    out.flush()?;
    // As `validate` and `decode` do: every row written, then the verdict.
    match errors {
        0 => Ok(()),
        n => Err(Failure::Data(format!("{n} ill-formed item(s)"))),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Status {
    Ok,
    Reserved,
    Error(ErrorKind),
}

/// The class of a code point, for the `class` column.
fn class(point: &BigCodePoint) -> &'static str {
    let Some(cp) = point.to_code_point() else { return "beyond Unicode" };
    match cp.to_u32() {
        0x00..=0x1F | 0x7F => "C0",
        0x20..=0x7E => "ASCII",
        0x80..=0x9F => "C1",
        0xD800..=0xDBFF => "lead surrogate",
        0xDC00..=0xDFFF => "trail surrogate",
        _ if cp.is_noncharacter() => "noncharacter",
        0xE000..=0xF8FF | 0xF_0000..=0x10_FFFF => "private use",
        0xA0..=0xFFFF => "BMP",
        0x1_0000..=0x10_FFFF => "supplementary",
        _ => "beyond Unicode",
    }
}
