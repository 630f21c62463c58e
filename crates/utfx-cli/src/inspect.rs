//! `utfx inspect`: one row per item, with its class, status and the
//! character itself, coloured on a terminal; then the exit status
//! `validate` gives the rows shown (1 when one is ill-formed).
//!
//! `--offset N` and `--limit N` choose the rows: the input is decoded from
//! its first byte whatever N is, so every item is the one a decoder of the
//! whole input sees (no guessing where a sequence starts), and the rows
//! begin at the item that holds byte N; at most `--limit` rows follow.

use codec_core::{AnyCodePoint, BigCodePoint, CodePoint, DecodeError, ErrorKind, Items};

use crate::bom::InputLabel;
use crate::cli::InspectArgs;
use crate::framing::{self, RecordError, Records};
use crate::support::{self, Failure, Output};

/// The width of the status column, the longest status
/// (`error: unexpected_continuation`) included.
const STATUS_WIDTH: usize = 30;

pub(crate) fn run(args: &InspectArgs) -> Result<(), Failure> {
    let label = InputLabel::new(&args.codec, args.keep_bom)?;
    support::note_label(&args.codec);
    let input = support::read_all(args.file.as_deref(), args.input_hex)?;
    let (codec, skipped) = label.resolve(&input);
    let layout = framing::applies(args.framing, codec)?;
    let codec = support::big_codec(codec.info().name)?;
    let colour = support::colour();
    let mut out = Output::stdout();
    let mut line = String::new();
    let header = Row { offset: "offset", bytes: "bytes", cp: "code point", class: "class", status: None, ch: "char" };
    header.write(&mut line, colour);
    out.write(line.as_bytes())?;
    let signature = (skipped > 0).then(|| {
        if label.strips_magic() {
            return Ok(Item { offset: 0, len: skipped, point: None, class: "magic number", status: Status::Magic });
        }
        let cp = BigCodePoint::from(CodePoint::new(0xFEFF));
        Ok(Item { offset: 0, len: skipped, point: Some(cp), class: "BOM", status: Status::Bom })
    });
    let items = |from: usize, to: usize| {
        Items::new(codec, &input[from..to]).map(move |item| match item {
            Ok(it) => {
                let status = if it.point.is_some() { Status::Ok } else { Status::Reserved };
                Ok(Item {
                    offset: it.offset + from,
                    len: it.len,
                    class: it.point.as_ref().map_or("reserved", class),
                    point: it.point,
                    status,
                })
            }
            Err(e) => Err(e.shifted(from)),
        })
    };
    let items: Box<dyn Iterator<Item = Result<Item, DecodeError>>> = match layout {
        // A row for each record's length field, then its items, each
        // record a whole input of its own; a record the end of input cuts,
        // one `truncated` row.
        Some(layout) => {
            let header = layout.header_len();
            Box::new(record_spans(layout, &input, skipped).into_iter().flat_map(move |span| match span {
                Ok((at, len)) => {
                    let field = Item {
                        offset: at - header,
                        len: header,
                        point: None,
                        class: "record length",
                        status: Status::Record(len),
                    };
                    let rows: Box<dyn Iterator<Item = _>> =
                        Box::new(std::iter::once(Ok(field)).chain(items(at, at + len)));
                    rows
                }
                Err(e) => Box::new(std::iter::once(Err(e))),
            }))
        }
        None => Box::new(items(skipped, input.len())),
    };
    let shown = signature
        .into_iter()
        .chain(items)
        .map(|item| item.unwrap_or_else(|e| error_item(&e, input.len())))
        .skip_while(|item| item.offset + item.len <= args.offset)
        .take(args.limit.unwrap_or(u64::MAX).try_into().unwrap_or(usize::MAX));
    let mut errors = 0usize;
    for item in shown {
        let raw = &input[item.offset..item.offset + item.len];
        let bytes = codec_test::hex::format(raw);
        let bytes = if bytes.len() > 17 { format!("{}...", &bytes[..14]) } else { bytes };
        let cp = match (&item.point, item.status) {
            (Some(cp), _) => cp.to_string(),
            (None, Status::Reserved) => format!("R+{}", support::hex_compact(raw)),
            (None, _) => "-".into(),
        };
        // The character, as Rust writes a `char` (`'a'`, `'\n'`,
        // `'\u{202e}'`): what a terminal cannot show plainly is escaped.
        let ch = match item.status {
            Status::Ok => item.point.as_ref().and_then(char_of).map_or_else(|| "-".into(), |c| format!("{c:?}")),
            _ => "-".into(),
        };
        errors += usize::from(matches!(item.status, Status::Error(_)));
        let offset = item.offset.to_string();
        let row =
            Row { offset: &offset, bytes: &bytes, cp: &cp, class: item.class, status: Some(item.status), ch: &ch };
        row.write(&mut line, colour);
        out.write(line.as_bytes())?;
    }
    out.flush()?;
    // As `validate` and `decode` do: every row written, then the verdict.
    match errors {
        0 => Ok(()),
        n => Err(Failure::Data(format!("{n} ill-formed item(s)"))),
    }
}

/// The records of a framed input in memory: the offset and length of each
/// payload, then the error of a record that the end of input cuts, if any.
fn record_spans(
    layout: &'static dyn codec_core::Framing,
    input: &[u8],
    from: usize,
) -> Vec<Result<(usize, usize), DecodeError>> {
    let mut records = Records::new(&input[from..], layout, from);
    let mut spans = Vec::new();
    loop {
        match records.next() {
            Ok(Some((at, payload))) => spans.push(Ok((at, payload.len()))),
            Ok(None) | Err(RecordError::Read(_)) => return spans,
            Err(RecordError::Truncated(e)) => {
                spans.push(Err(e));
                return spans;
            }
        }
    }
}

/// One item of the input, before it is formatted.
struct Item {
    offset: usize,
    len: usize,
    /// The code point, if the item is one.
    point: Option<BigCodePoint>,
    class: &'static str,
    status: Status,
}

/// The item of an error (a reserved sequence is one too, and well-formed).
fn error_item(e: &codec_core::DecodeError, input_len: usize) -> Item {
    let len = e.error_len().unwrap_or(input_len - e.valid_up_to());
    let (class, status) = match e.kind() {
        ErrorKind::Reserved => ("reserved", Status::Reserved),
        kind => ("-", Status::Error(kind)),
    };
    Item { offset: e.valid_up_to(), len, point: None, class, status }
}

/// One row of the table, its columns formatted.
struct Row<'a> {
    offset: &'a str,
    bytes: &'a str,
    cp: &'a str,
    class: &'a str,
    /// `None` for the header.
    status: Option<Status>,
    ch: &'a str,
}

impl Row<'_> {
    /// Writes the row into `line`, replacing what it held: aligned columns
    /// separated by two spaces, the status coloured on a terminal.
    fn write(&self, line: &mut String, colour: bool) {
        let Row { offset, bytes, cp, class, status, ch } = self;
        let text = match status {
            None => "status".to_string(),
            Some(Status::Ok) => "ok".to_string(),
            Some(Status::Reserved) => "reserved".to_string(),
            Some(Status::Bom) => "bom".to_string(),
            Some(Status::Magic) => "magic".to_string(),
            Some(Status::Record(len)) => format!("record of {len} bytes"),
            Some(Status::Error(kind)) => format!("error: {}", kind.as_str()),
        };
        let pad = " ".repeat(STATUS_WIDTH.saturating_sub(text.len()));
        let code = match status {
            _ if !colour => None,
            None => None,
            Some(Status::Ok) => Some("32"),
            Some(Status::Reserved | Status::Bom | Status::Magic | Status::Record(_)) => Some("33"),
            Some(Status::Error(_)) => Some("31"),
        };
        let status = match code {
            Some(code) => format!("\x1b[{code}m{text}\x1b[0m"),
            None => text,
        };
        *line = format!("{offset:>8}  {bytes:<17}  {cp:<11}  {class:<14}  {status}{pad}  {ch}\n");
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Status {
    Ok,
    Reserved,
    /// A stripped byte order mark.
    Bom,
    /// A stripped magic number (Corrected UTF-8's signature).
    Magic,
    /// The length field of a `--framing java` record, and the length.
    Record(usize),
    Error(ErrorKind),
}

/// The `char` of a code point, if it is a Unicode scalar value.
fn char_of(point: &BigCodePoint) -> Option<char> {
    char::from_u32(point.to_code_point()?.to_u32())
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
