//! The project's vector format, `utfx-vectors/1`: JSON lines, one vector
//! per line, for any codec, in either direction and any error mode.
//!
//! A line is one JSON object (the JSON Schema is `docs/vectors.schema.json`
//! in the repository; `docs/TESTING-YOUR-DECODER.md` explains it):
//!
//! ```json
//! {"name":"overlong NUL","codec":"utf-8","direction":"decode","mode":"replace","input":"C0 80","output":"FFFD FFFD","errors":[{"offset":0,"length":1,"kind":"invalid_lead"},{"offset":1,"length":1,"kind":"unexpected_continuation"}],"source":{"kind":"specification","ref":"Unicode 16.0 §3.9 Table 3-8"}}
//! ```
//!
//! * `input`: bytes as hex pairs when decoding (`"C0 80"`), code points as
//!   hex numbers separated by spaces when encoding (`"0041 1F4A9"`).
//! * `output`: the other of the two, or `null` when the input fails in
//!   `fatal` mode (then `errors`, when given, holds the first error only).
//! * `errors` (optional: absent when the source does not say): every error
//!   in input order, `offset` (a byte offset when decoding, a code point
//!   index when encoding), `length` (`null` when the input ends inside a
//!   sequence), `kind` (`codec_core::ErrorKind::as_str`; optional too)
//!   and `rule` (optional and informative: what decides the error in the
//!   codec's specification's terms, as `Codec::explain` writes it; not
//!   compared).
//! * `source`: where the expected values come from (`kind` one of
//!   [`SourceKind`]'s names, `ref` a citation).
//! * `chunks` (optional, decoding only): the input fed to one streaming
//!   decoder in pieces, one object per call, in order: `end`, the byte
//!   offset where the piece ends (it starts where the one before ended; the
//!   last ends at the input's end and ends the stream), and `output`, what
//!   that call returns, when the source says. `output` stays the whole
//!   stream's output, which decoding the input at once must give too; when
//!   it is `null`, every call but the last succeeds and the last fails.
//! * `strip_bom` (optional, decoding only, `false` when absent): a U+FEFF at
//!   the start of the output (a byte order mark of the codec's own encoding)
//!   is dropped, as the Encoding Standard's `TextDecoder` does unless
//!   `ignoreBOM`.
//!
//! A line whose object has a `format` member is a header (the format's name
//! and a description); blank lines are skipped.
//!
//! # Examples
//!
//! ```
//! use codec_core::doc_example::Ascii;
//! use codec_test::vectors::{self, Vector};
//!
//! let line = r#"{"codec":"ascii","direction":"decode","mode":"fatal","input":"41 FF","output":null,
//!   "errors":[{"offset":1,"length":1,"kind":"invalid_lead"}],"source":{"kind":"generated","ref":"example"}}"#;
//! let vector = Vector::from_json_line(&line.replace('\n', "")).unwrap();
//! assert_eq!(vectors::check(&Ascii, &vector), Ok(()));
//! ```

use core::fmt;
use core::str::FromStr;

use codec_core::{AnyCodePoint, Codec, DecodeMode, EncodeMode, ErrorKind, Items};
use serde_json::{Value, json};

/// The format's name and version, as a header line gives it.
pub const FORMAT: &str = "utfx-vectors/1";

/// Which way a vector goes.
///
/// # Examples
///
/// ```
/// use codec_test::vectors::Direction;
/// assert_eq!("encode".parse::<Direction>(), Ok(Direction::Encode));
/// assert_eq!(Direction::Decode.as_str(), "decode");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Bytes to code points.
    Decode,
    /// Code points to bytes.
    Encode,
}

impl Direction {
    /// Returns the name the format writes.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_test::vectors::Direction::Encode.as_str(), "encode");
    /// ```
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Direction::Decode => "decode",
            Direction::Encode => "encode",
        }
    }
}

impl FromStr for Direction {
    type Err = VectorError;

    fn from_str(s: &str) -> Result<Self, VectorError> {
        match s {
            "decode" => Ok(Direction::Decode),
            "encode" => Ok(Direction::Encode),
            _ => Err(VectorError::new(0, "direction is neither `decode` nor `encode`")),
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a vector's expected values come from.
///
/// # Examples
///
/// ```
/// use codec_test::vectors::SourceKind;
/// assert_eq!("wpt".parse::<SourceKind>(), Ok(SourceKind::Wpt));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SourceKind {
    /// A specification's table or example.
    Specification,
    /// The web-platform-tests.
    Wpt,
    /// Markus Kuhn's UTF-8 decoder capability and stress test.
    Kuhn,
    /// Java's observed behaviour.
    Java,
    /// Another implementation's own tests (the JDK's, ICU's, Rust's std, ...).
    Implementation,
    /// Computed by other programs that agree (CPython, Node, ICU).
    Oracle,
    /// Generated, the expected values computed by utfx.
    Generated,
}

impl SourceKind {
    /// Every kind, in declaration order.
    pub const ALL: &'static [SourceKind] = &[
        SourceKind::Specification,
        SourceKind::Wpt,
        SourceKind::Kuhn,
        SourceKind::Java,
        SourceKind::Implementation,
        SourceKind::Oracle,
        SourceKind::Generated,
    ];

    /// Returns the name the format writes.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_test::vectors::SourceKind::Generated.as_str(), "generated");
    /// ```
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            SourceKind::Specification => "specification",
            SourceKind::Wpt => "wpt",
            SourceKind::Kuhn => "kuhn",
            SourceKind::Java => "java",
            SourceKind::Implementation => "implementation",
            SourceKind::Oracle => "oracle",
            SourceKind::Generated => "generated",
        }
    }
}

impl FromStr for SourceKind {
    type Err = VectorError;

    fn from_str(s: &str) -> Result<Self, VectorError> {
        SourceKind::ALL
            .iter()
            .copied()
            .find(|k| k.as_str() == s)
            .ok_or_else(|| VectorError::new(0, "unknown source kind"))
    }
}

/// One error a vector expects: where, how long, and why.
///
/// # Examples
///
/// ```
/// let mut e = codec_test::vectors::ErrorSpan { offset: 1, length: Some(1), kind: Some("invalid_lead".into()), rule: None };
/// assert_eq!(e.to_string(), "offset 1, length 1: invalid_lead");
/// e.rule = Some("byte A0 is no lead of shift_jis".into());
/// assert_eq!(e.to_string(), "offset 1, length 1: invalid_lead (byte A0 is no lead of shift_jis)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ErrorSpan {
    /// The byte offset (decoding) or code point index (encoding).
    pub offset: usize,
    /// The length of the ill-formed subpart; `None` when the input ended
    /// inside a sequence (and always 1 when encoding).
    pub length: Option<usize>,
    /// The kind (`ErrorKind::as_str`), when the source gives it.
    pub kind: Option<String>,
    /// What decides the error in the codec's specification's terms, when
    /// the codec says (`Codec::explain`, `Codec::explain_unencodable`:
    /// `pointer 10716 of index jis0208 is null`). Informative: [`check`]
    /// does not compare it.
    pub rule: Option<String>,
}

impl fmt::Display for ErrorSpan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "offset {}", self.offset)?;
        match self.length {
            Some(n) => write!(f, ", length {n}")?,
            None => f.write_str(", truncated")?,
        }
        if let Some(kind) = &self.kind {
            write!(f, ": {kind}")?;
        }
        if let Some(rule) = &self.rule {
            write!(f, " ({rule})")?;
        }
        Ok(())
    }
}

/// One piece of a vector's input as a streaming decoder gets it (the
/// format's `chunks`): where it ends and, when the source says, what the
/// call that decodes it returns.
///
/// # Examples
///
/// ```
/// use codec_core::doc_example::Ascii;
/// use codec_test::vectors::{self, Chunk, Vector};
///
/// let line = r#"{"codec":"ascii","direction":"decode","mode":"replace","input":"41 42","output":"0041 0042",
///   "chunks":[{"end":1,"output":"0041"},{"end":2}],"source":{"kind":"generated","ref":"doc"}}"#;
/// let v = Vector::from_json_line(&line.replace('\n', "")).unwrap();
/// assert_eq!(v.chunks.as_deref().unwrap()[0], Chunk { end: 1, output: Some("0041".into()) });
/// assert_eq!(vectors::check(&Ascii, &v), Ok(()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Chunk {
    /// The byte offset where the piece ends; it starts where the piece
    /// before it ended (at 0 for the first).
    pub end: usize,
    /// The code points the call returns, as normalized hex, when the source
    /// says (`None`: not asserted).
    pub output: Option<String>,
}

/// One vector: a codec, a direction, a mode, an input and what must come of
/// it.
///
/// `input` and `output` hold the format's normalized hex: bytes as
/// uppercase pairs separated by spaces, code points as uppercase hex of at
/// least four digits separated by spaces.
///
/// # Examples
///
/// ```
/// use codec_core::{DecodeMode, doc_example::Ascii};
/// use codec_test::vectors::{SourceKind, Vector};
///
/// let v = Vector::decoded_by(&Ascii, DecodeMode::Replace, b"a\xFF", "example", SourceKind::Generated, "doc");
/// assert_eq!(v.output.as_deref(), Some("0061 FFFD"));
/// assert_eq!(Vector::from_json_line(&v.to_json_line()), Ok(v));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Vector {
    /// A name for reports.
    pub name: String,
    /// The codec's label (`utfx list`).
    pub codec: String,
    /// Which way it goes.
    pub direction: Direction,
    /// The error mode (`DecodeMode` or `EncodeMode` by name).
    pub mode: String,
    /// The input, as normalized hex.
    pub input: String,
    /// The expected output as normalized hex, or `None` when the input must
    /// fail (fatal mode).
    pub output: Option<String>,
    /// Every error, when the source says.
    pub errors: Option<Vec<ErrorSpan>>,
    /// The pieces a streaming decoder gets the input in, when the vector
    /// says (decoding only); `output` is still the whole stream's.
    pub chunks: Option<Vec<Chunk>>,
    /// Whether a U+FEFF at the start of the output is dropped, as the
    /// Encoding Standard's `TextDecoder` does unless `ignoreBOM` (decoding
    /// only).
    pub strip_bom: bool,
    /// Where the expected values come from.
    pub source: SourceKind,
    /// The citation.
    pub reference: String,
}

/// Why a line is not a vector, or a vector not what a codec does: the line
/// (from 1; 0 when there is none) and a message.
///
/// # Examples
///
/// ```
/// let err = codec_test::vectors::parse("{}\n").unwrap_err();
/// assert_eq!(err.line(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VectorError {
    line: usize,
    message: String,
}

impl VectorError {
    fn new(line: usize, message: impl Into<String>) -> Self {
        VectorError { line, message: message.into() }
    }

    /// Returns the line the error is on, from 1 (0 when there is none).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_test::vectors::parse("\n[]").unwrap_err().line(), 2);
    /// ```
    #[must_use]
    pub fn line(&self) -> usize {
        self.line
    }

    fn at(mut self, line: usize) -> Self {
        self.line = line;
        self
    }
}

impl fmt::Display for VectorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for VectorError {}

/// Formats code points as the format writes them: uppercase hex of at least
/// four digits, separated by spaces.
///
/// # Examples
///
/// ```
/// use codec_core::CodePoint;
/// assert_eq!(codec_test::vectors::format_points(&[CodePoint::new(0x41), CodePoint::new(0x1F4A9)]), "0041 1F4A9");
/// ```
#[must_use]
pub fn format_points<P: AnyCodePoint>(points: &[P]) -> String {
    points.iter().map(|p| p.to_string().trim_start_matches("U+").to_owned()).collect::<Vec<_>>().join(" ")
}

/// Parses code points written as hex numbers (with or without `U+`),
/// separated by whitespace or commas; `None` when a token is not one.
///
/// # Examples
///
/// ```
/// use codec_core::CodePoint;
/// let points: Vec<CodePoint> = codec_test::vectors::parse_points("41 U+1f4a9").unwrap();
/// assert_eq!(points, [CodePoint::new(0x41), CodePoint::new(0x1F4A9)]);
/// ```
#[must_use]
pub fn parse_points<P: FromStr>(text: &str) -> Option<Vec<P>> {
    text.split(|c: char| c.is_ascii_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().ok())
        .collect()
}

/// What a codec's `explain` writes, when it writes anything.
fn explained(write: impl FnOnce(&mut String) -> fmt::Result) -> Option<String> {
    let mut text = String::new();
    write(&mut text).ok()?;
    (!text.is_empty()).then_some(text)
}

/// A function that writes hex of one kind in the format's form.
type Normalize = fn(&str) -> Option<String>;

/// Normalizes hex code points (any case, any prefix) to the format's form.
fn normalize_points(text: &str) -> Option<String> {
    let points: Vec<codec_core::BigCodePoint> = parse_points(text)?;
    Some(format_points(&points))
}

/// Normalizes hex bytes to the format's form.
fn normalize_bytes(text: &str) -> Option<String> {
    crate::hex::parse(text).map(|b| crate::hex::format(&b))
}

impl Vector {
    /// Computes a decoding vector: what `codec` makes of `input` in `mode`,
    /// with every error (the first only in fatal mode).
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::{DecodeMode, doc_example::Ascii};
    /// use codec_test::vectors::{SourceKind, Vector};
    /// let v = Vector::decoded_by(&Ascii, DecodeMode::Fatal, b"\x80", "high bit", SourceKind::Generated, "doc");
    /// assert_eq!((v.output, v.errors.unwrap()[0].offset), (None, 0));
    /// ```
    #[must_use]
    pub fn decoded_by<C: Codec + ?Sized>(
        codec: &C,
        mode: DecodeMode,
        input: &[u8],
        name: &str,
        source: SourceKind,
        reference: &str,
    ) -> Vector {
        let result = codec.decode_with(input, mode);
        let span = |e: &codec_core::DecodeError| ErrorSpan {
            offset: e.valid_up_to(),
            length: e.error_len(),
            kind: Some(e.kind().as_str().to_owned()),
            rule: explained(|out| codec.explain(input, e, out)),
        };
        let mut errors: Vec<ErrorSpan> = Items::new(codec, input)
            .filter_map(|item| match item {
                Err(e) => Some(span(&e)),
                Ok(it) if it.point.is_none() => ErrorSpan {
                    offset: it.offset,
                    length: Some(it.len),
                    kind: Some(ErrorKind::Reserved.as_str().to_owned()),
                    rule: None,
                }
                .into(),
                Ok(_) => None,
            })
            .collect();
        let output = match result {
            Ok(points) => Some(format_points(&points)),
            Err(e) => {
                errors = vec![span(&e)];
                None
            }
        };
        Vector {
            name: name.to_owned(),
            codec: codec.info().name.to_owned(),
            direction: Direction::Decode,
            mode: mode.to_string(),
            input: crate::hex::format(input),
            output,
            errors: Some(errors),
            chunks: None,
            strip_bom: false,
            source,
            reference: reference.to_owned(),
        }
    }

    /// Computes an encoding vector: what `codec` makes of `input` in
    /// `mode`, with every code point it cannot encode (the first only in
    /// fatal mode).
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::{CodePoint, EncodeMode, doc_example::Ascii};
    /// use codec_test::vectors::{SourceKind, Vector};
    /// let v = Vector::encoded_by(&Ascii, EncodeMode::Replace, &[CodePoint::new(0xE9)], "e acute",
    ///     SourceKind::Generated, "doc");
    /// assert_eq!(v.errors.unwrap()[0].offset, 0);
    /// ```
    #[must_use]
    pub fn encoded_by<C: Codec + ?Sized>(
        codec: &C,
        mode: EncodeMode,
        input: &[<C as codec_core::Decode>::Point],
        name: &str,
        source: SourceKind,
        reference: &str,
    ) -> Vector {
        let span = |e: &codec_core::EncodeError<<C as codec_core::Decode>::Point>, at: usize| ErrorSpan {
            offset: at,
            length: Some(1),
            kind: Some(e.kind().as_str().to_owned()),
            rule: match (e.kind(), e.code_point().to_code_point()) {
                (ErrorKind::Unrepresentable, Some(point)) => explained(|out| codec.explain_unencodable(point, out)),
                _ => None,
            },
        };
        let mut errors = Vec::new();
        let mut from = 0;
        // Every error: encode what is left in fatal mode, note where it
        // stops, go on after that code point (the encoder may look at a
        // code point's neighbour, as UTF-16's does at a pair).
        while from < input.len() {
            match codec.encode(&input[from..]) {
                Ok(_) => break,
                Err(e) => {
                    let at = from + e.index();
                    errors.push(span(&e, at));
                    from = at + 1;
                }
            }
        }
        let output = match codec.encode_with(input, mode) {
            Ok(bytes) => Some(crate::hex::format(&bytes)),
            Err(e) => {
                errors = vec![span(&e, e.index())];
                None
            }
        };
        Vector {
            name: name.to_owned(),
            codec: codec.info().name.to_owned(),
            direction: Direction::Encode,
            mode: mode.to_string(),
            input: format_points(input),
            output,
            errors: Some(errors),
            chunks: None,
            strip_bom: false,
            source,
            reference: reference.to_owned(),
        }
    }

    /// Returns the input bytes of a decoding vector (`None` for encoding).
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::{DecodeMode, doc_example::Ascii};
    /// use codec_test::vectors::{SourceKind, Vector};
    /// let v = Vector::decoded_by(&Ascii, DecodeMode::Fatal, b"hi", "hi", SourceKind::Generated, "doc");
    /// assert_eq!(v.input_bytes().as_deref(), Some(&b"hi"[..]));
    /// ```
    #[must_use]
    pub fn input_bytes(&self) -> Option<Vec<u8>> {
        match self.direction {
            Direction::Decode => crate::hex::parse(&self.input),
            Direction::Encode => None,
        }
    }

    /// Parses one line of the format; header lines are an error here (see
    /// [`parse`]).
    ///
    /// # Errors
    ///
    /// When the line is not JSON, lacks a member, or holds a value of the
    /// wrong shape (bad hex, an unknown mode or source kind).
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_test::vectors::Vector;
    /// assert!(Vector::from_json_line("{\"codec\": 1}").is_err());
    /// ```
    pub fn from_json_line(line: &str) -> Result<Vector, VectorError> {
        let value: Value = serde_json::from_str(line).map_err(|e| VectorError::new(0, format!("not JSON: {e}")))?;
        Vector::from_value(&value)
    }

    fn from_value(value: &Value) -> Result<Vector, VectorError> {
        let err = |m: &str| VectorError::new(0, m.to_owned());
        let obj = value.as_object().ok_or_else(|| err("a vector is a JSON object"))?;
        let text =
            |key: &str| obj.get(key).and_then(Value::as_str).ok_or_else(|| err(&format!("`{key}` is not a string")));
        let direction: Direction = text("direction")?.parse()?;
        let mode = text("mode")?.to_owned();
        let known = match direction {
            Direction::Decode => mode.parse::<DecodeMode>().is_ok(),
            Direction::Encode => mode.parse::<EncodeMode>().is_ok(),
        };
        if !known {
            return Err(err(&format!("unknown {direction} mode `{mode}`")));
        }
        let (in_norm, out_norm): (Normalize, Normalize) = match direction {
            Direction::Decode => (normalize_bytes, normalize_points),
            Direction::Encode => (normalize_points, normalize_bytes),
        };
        let input = in_norm(text("input")?).ok_or_else(|| err("`input` is not hex of the direction's kind"))?;
        let output = match obj.get("output") {
            Some(Value::Null) => None,
            Some(Value::String(s)) => {
                Some(out_norm(s).ok_or_else(|| err("`output` is not hex of the direction's kind"))?)
            }
            _ => return Err(err("`output` is neither a string nor null")),
        };
        let errors = match obj.get("errors") {
            None => None,
            Some(Value::Array(list)) => Some(list.iter().map(error_span).collect::<Result<Vec<_>, _>>()?),
            Some(_) => return Err(err("`errors` is not an array")),
        };
        let source = obj.get("source").and_then(Value::as_object).ok_or_else(|| err("`source` is not an object"))?;
        let chunks = match obj.get("chunks") {
            None => None,
            Some(Value::Array(list)) if direction == Direction::Decode => {
                let chunks = list.iter().map(chunk).collect::<Result<Vec<_>, _>>()?;
                let len = crate::hex::parse(&input).map_or(0, |b| b.len());
                let ordered = chunks.windows(2).all(|w| w[0].end <= w[1].end);
                if !ordered || chunks.last().map(|c| c.end) != Some(len) {
                    return Err(err("`chunks` must end in order, the last at the input's end"));
                }
                Some(chunks)
            }
            Some(_) => return Err(err("`chunks` is not an array of a decoding vector")),
        };
        let strip_bom = match obj.get("strip_bom") {
            None => false,
            Some(Value::Bool(b)) if direction == Direction::Decode => *b,
            Some(_) => return Err(err("`strip_bom` is not a boolean of a decoding vector")),
        };
        Ok(Vector {
            name: obj.get("name").and_then(Value::as_str).unwrap_or_default().to_owned(),
            codec: text("codec")?.to_owned(),
            direction,
            mode,
            input,
            output,
            errors,
            chunks,
            strip_bom,
            source: source
                .get("kind")
                .and_then(Value::as_str)
                .ok_or_else(|| err("`source.kind` is missing"))?
                .parse()?,
            reference: source.get("ref").and_then(Value::as_str).unwrap_or_default().to_owned(),
        })
    }

    /// Writes the vector as one line of the format (no newline).
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::{DecodeMode, doc_example::Ascii};
    /// use codec_test::vectors::{SourceKind, Vector};
    /// let v = Vector::decoded_by(&Ascii, DecodeMode::Fatal, b"A", "A", SourceKind::Generated, "doc");
    /// assert!(v.to_json_line().starts_with("{\"name\":\"A\",\"codec\":\"ascii\""));
    /// ```
    #[must_use]
    pub fn to_json_line(&self) -> String {
        // Members in the schema's order (serde_json's `Map` sorts keys, so
        // the line is assembled by hand from JSON-escaped values).
        let mut parts = vec![
            format!("\"name\":{}", json!(self.name)),
            format!("\"codec\":{}", json!(self.codec)),
            format!("\"direction\":\"{}\"", self.direction),
            format!("\"mode\":{}", json!(self.mode)),
            format!("\"input\":{}", json!(self.input)),
            format!("\"output\":{}", json!(self.output)),
        ];
        if let Some(errors) = &self.errors {
            let list: Vec<String> = errors
                .iter()
                .map(|e| {
                    let kind = e.kind.as_ref().map(|k| format!(",\"kind\":{}", json!(k))).unwrap_or_default();
                    let rule = e.rule.as_ref().map(|r| format!(",\"rule\":{}", json!(r))).unwrap_or_default();
                    format!("{{\"offset\":{},\"length\":{}{kind}{rule}}}", e.offset, json!(e.length))
                })
                .collect();
            parts.push(format!("\"errors\":[{}]", list.join(",")));
        }
        if let Some(chunks) = &self.chunks {
            let list: Vec<String> = chunks
                .iter()
                .map(|c| {
                    let output = c.output.as_ref().map(|o| format!(",\"output\":{}", json!(o))).unwrap_or_default();
                    format!("{{\"end\":{}{output}}}", c.end)
                })
                .collect();
            parts.push(format!("\"chunks\":[{}]", list.join(",")));
        }
        if self.strip_bom {
            parts.push("\"strip_bom\":true".to_owned());
        }
        parts.push(format!("\"source\":{{\"kind\":\"{}\",\"ref\":{}}}", self.source.as_str(), json!(self.reference)));
        format!("{{{}}}", parts.join(","))
    }
}

fn error_span(v: &Value) -> Result<ErrorSpan, VectorError> {
    let err = |m: &str| VectorError::new(0, m.to_owned());
    let offset = v.get("offset").and_then(Value::as_u64).ok_or_else(|| err("an error's `offset` is not a number"))?;
    let length = match v.get("length") {
        None | Some(Value::Null) => None,
        Some(n) => Some(n.as_u64().ok_or_else(|| err("an error's `length` is not a number"))?),
    };
    let kind = match v.get("kind") {
        None => None,
        Some(k) => Some(k.as_str().ok_or_else(|| err("an error's `kind` is not a string"))?.to_owned()),
    };
    let rule = match v.get("rule") {
        None => None,
        Some(r) => Some(r.as_str().ok_or_else(|| err("an error's `rule` is not a string"))?.to_owned()),
    };
    let to_usize = |n: u64| usize::try_from(n).map_err(|_| err("an error's offset or length is too large"));
    Ok(ErrorSpan { offset: to_usize(offset)?, length: length.map(to_usize).transpose()?, kind, rule })
}

fn chunk(v: &Value) -> Result<Chunk, VectorError> {
    let err = |m: &str| VectorError::new(0, m.to_owned());
    let end = v.get("end").and_then(Value::as_u64).ok_or_else(|| err("a chunk's `end` is not a number"))?;
    let output = match v.get("output") {
        None => None,
        Some(Value::String(s)) => {
            Some(normalize_points(s).ok_or_else(|| err("a chunk's `output` is not code points"))?)
        }
        Some(_) => return Err(err("a chunk's `output` is not a string")),
    };
    Ok(Chunk { end: usize::try_from(end).map_err(|_| err("a chunk's `end` is too large"))?, output })
}

/// Parses a whole file of the format: every vector, in order; header lines
/// (objects with a `format` member, which must be [`FORMAT`]) and blank
/// lines skipped.
///
/// # Errors
///
/// The first line that is not a vector, with its line number.
///
/// # Examples
///
/// ```
/// let text = "{\"format\":\"utfx-vectors/1\"}\n\n";
/// assert_eq!(codec_test::vectors::parse(text).unwrap().len(), 0);
/// ```
pub fn parse(text: &str) -> Result<Vec<Vector>, VectorError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let value: Value = serde_json::from_str(line).map_err(|e| VectorError::new(i + 1, format!("not JSON: {e}")))?;
        if let Some(format) = value.get("format") {
            if format.as_str() != Some(FORMAT) {
                return Err(VectorError::new(i + 1, format!("the header names {format}, not {FORMAT}")));
            }
            continue;
        }
        out.push(Vector::from_value(&value).map_err(|e| e.at(i + 1))?);
    }
    Ok(out)
}

/// Writes a header line: the format's name and a description.
///
/// # Examples
///
/// ```
/// let line = codec_test::vectors::header_line("curated utf-8 vectors");
/// assert!(codec_test::vectors::parse(&line).unwrap().is_empty());
/// ```
#[must_use]
pub fn header_line(description: &str) -> String {
    format!("{{\"format\":\"{FORMAT}\",\"description\":{}}}", json!(description))
}

/// Checks `codec` against one vector: the output, and, as far as the
/// vector gives them, the errors.
///
/// With `chunks`, the input is also fed to one streaming decoder
/// ([`codec_core::Decoder`]) in the vector's pieces: each call's output the
/// vector gives, the whole stream's output, and, when `output` is `None`,
/// that the last call and only it fails. With `strip_bom`, a U+FEFF at the
/// start of the output is dropped before it is compared (the errors keep
/// their offsets in the input).
///
/// The code points must parse as the codec's code point type (any `u32`,
/// or of any size for a codec over `BigCodePoint`).
///
/// # Errors
///
/// A message naming the vector and what differs.
///
/// # Examples
///
/// ```
/// use codec_core::{DecodeMode, doc_example::Ascii};
/// use codec_test::vectors::{self, SourceKind, Vector};
/// let mut v = Vector::decoded_by(&Ascii, DecodeMode::Replace, b"\xFF", "FF", SourceKind::Generated, "doc");
/// v.output = Some("0041".into());
/// assert!(vectors::check(&Ascii, &v).unwrap_err().to_string().contains("0041"));
/// ```
pub fn check<C>(codec: &C, vector: &Vector) -> Result<(), VectorError>
where
    C: Codec + ?Sized,
    <C as codec_core::Decode>::Point: FromStr,
{
    let mut streamed = None;
    let got = match vector.direction {
        Direction::Decode => {
            let mode = vector.mode.parse().map_err(|_| VectorError::new(0, "unknown decode mode"))?;
            let input = vector.input_bytes().ok_or_else(|| VectorError::new(0, "input is not hex"))?;
            if let Some(chunks) = &vector.chunks {
                streamed = Some(check_stream(codec, mode, &input, chunks, vector));
            }
            let mut got = Vector::decoded_by(codec, mode, &input, &vector.name, vector.source, &vector.reference);
            if vector.strip_bom {
                got.output = got.output.map(|o| strip_leading_bom(&o).to_owned());
            }
            got
        }
        Direction::Encode => {
            let mode = vector.mode.parse().map_err(|_| VectorError::new(0, "unknown encode mode"))?;
            let input = parse_points(&vector.input).ok_or_else(|| {
                VectorError::new(0, format!("{}: the input holds a code point the codec's type cannot", vector.name))
            })?;
            Vector::encoded_by(codec, mode, &input, &vector.name, vector.source, &vector.reference)
        }
    };
    let differs = |what: String| {
        Err(VectorError::new(
            0,
            format!(
                "{} ({} {} {}, input {}): {what}",
                vector.name, vector.codec, vector.direction, vector.mode, vector.input
            ),
        ))
    };
    if got.output != vector.output {
        return differs(format!("output {:?}, expected {:?}", got.output, vector.output));
    }
    if let Some(Err(what)) = streamed {
        return differs(what);
    }
    if let (Some(want), Some(have)) = (&vector.errors, &got.errors) {
        let same = want.len() == have.len()
            && want.iter().zip(have).all(|(w, h)| {
                w.offset == h.offset
                    && w.length == h.length
                    && w.kind.as_ref().is_none_or(|k| Some(k) == h.kind.as_ref())
            });
        if !same {
            let show = |l: &[ErrorSpan]| l.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ");
            return differs(format!("errors [{}], expected [{}]", show(have), show(want)));
        }
    }
    Ok(())
}

/// Drops a leading U+FEFF from code points in the format's hex.
fn strip_leading_bom(points: &str) -> &str {
    if points == "FEFF" { "" } else { points.strip_prefix("FEFF ").unwrap_or(points) }
}

/// Feeds `input` to one streaming decoder in the vector's pieces and checks
/// each call's output the vector gives, the whole stream's output, and, when
/// that is `None`, that the last call and only it fails.
fn check_stream<C>(codec: &C, mode: DecodeMode, input: &[u8], chunks: &[Chunk], vector: &Vector) -> Result<(), String>
where
    C: Codec + ?Sized,
{
    let mut decoder = codec_core::Decoder::new(codec, mode);
    let (mut start, mut whole, mut at_start) = (0, Vec::new(), true);
    for (i, chunk) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let piece = input.get(start..chunk.end).ok_or_else(|| format!("chunk {i} ends before it starts"))?;
        start = chunk.end;
        let mut out = Vec::new();
        let result = decoder.decode_chunk(piece, last, &mut out);
        let mut text = format_points(&out);
        if at_start && !out.is_empty() {
            if vector.strip_bom {
                text = strip_leading_bom(&text).to_owned();
            }
            at_start = false;
        }
        match (result, last && vector.output.is_none()) {
            (Ok(()), true) => return Err(format!("the stream's last call (chunk {i}) succeeds, expected it to fail")),
            (Err(e), false) => return Err(format!("chunk {i} fails ({e}), expected it to succeed")),
            (Err(_), true) => return Ok(()),
            (Ok(()), false) => {}
        }
        if let Some(want) = &chunk.output
            && *want != text
        {
            return Err(format!("chunk {i} ({}) gives {text:?}, expected {want:?}", crate::hex::format(piece)));
        }
        if !text.is_empty() {
            whole.push(text);
        }
    }
    let whole = whole.join(" ");
    match &vector.output {
        Some(want) if *want != whole => Err(format!("the stream gives {whole:?}, expected {want:?}")),
        _ => Ok(()),
    }
}

/// Runs every vector of `jsonl` whose codec label names `codec`
/// (`CodecInfo::matches`) and returns how many ran.
///
/// # Panics
///
/// When the text is not the format, or with the list of every failing
/// vector.
///
/// # Examples
///
/// ```
/// use codec_core::doc_example::Ascii;
/// let jsonl = concat!(
///     r#"{"codec":"ascii","direction":"encode","mode":"html","input":"0041 00E9","output":"41 26 23 32 33 33 3B","#,
///     r#""source":{"kind":"generated","ref":"doc"}}"#, "\n",
///     r#"{"codec":"utf-8","direction":"decode","mode":"fatal","input":"","output":"","source":{"kind":"generated","ref":"doc"}}"#,
/// );
/// assert_eq!(codec_test::vectors::run(&Ascii, jsonl), 1);
/// ```
pub fn run<C>(codec: &C, jsonl: &str) -> usize
where
    C: Codec + ?Sized,
    <C as codec_core::Decode>::Point: FromStr,
{
    let vectors = parse(jsonl).unwrap_or_else(|e| panic!("not a vector file: {e}"));
    check_all(codec, &vectors)
}

/// The curated files this crate ships, converted from the conformance
/// material of the codec crates by `cargo xtask vectors` (their sources and
/// licences: `data/README.md`).
const CURATED: &[&str] = &[
    include_str!("../data/utf-8-fffd.jsonl"),
    include_str!("../data/utf-8-kuhn.jsonl"),
    include_str!("../data/cesu-8-mutf-8.jsonl"),
    include_str!("../data/wtf-8.jsonl"),
    include_str!("../data/wpt.jsonl"),
    include_str!("../data/wpt-legacy.jsonl"),
    include_str!("../data/encoding-rs.jsonl"),
    include_str!("../data/cpython-hz.jsonl"),
    include_str!("../data/utf-32.jsonl"),
];

/// Returns every curated vector the project ships for the codec named
/// `label` (its name as the vectors write it: `utf-8`, `utf-16le`,
/// `utf-16be`, `utf-32le`, `utf-32be`, `wtf-32le`, `wtf-32be`, `cesu-8`,
/// `mutf-8`, `wtf-8`, and the Encoding Standard's legacy encodings by their
/// names, `shift_jis`, `windows-1252`, ...), each with its source: the
/// Unicode Standard's tables, implementations' tests (encoding_rs's,
/// CPython's, ICU's among them), Markus Kuhn's stress test, Java's
/// behaviour, the web-platform-tests.
///
/// # Examples
///
/// ```
/// let utf8 = codec_test::vectors::curated("UTF-8");
/// assert!(utf8.iter().any(|v| v.source == codec_test::vectors::SourceKind::Specification));
/// assert!(codec_test::vectors::curated("no-such-codec").is_empty());
/// ```
#[must_use]
pub fn curated(label: &str) -> Vec<Vector> {
    let label = label.trim();
    // Only the lines of that codec are parsed (the files hold some
    // thousands of vectors of fifty codecs): each line names its codec
    // second, as `to_json_line` writes it.
    let of_codec = |line: &&str| {
        let codec = line.split_once(r#","codec":""#).and_then(|(_, rest)| rest.split_once('"')).map(|(c, _)| c);
        codec.is_some_and(|c| c.eq_ignore_ascii_case(label))
    };
    let mine: String = CURATED.iter().flat_map(|text| text.lines()).filter(of_codec).collect::<Vec<_>>().join("\n");
    let vectors = parse(&mine).expect("the curated files are the format");
    debug_assert!(vectors.iter().all(|v| v.codec.eq_ignore_ascii_case(label)));
    vectors
}

/// Checks `codec` against every vector of `vectors` whose codec label names
/// it and returns how many ran: [`run`] over parsed vectors.
///
/// # Panics
///
/// With the list of every failing vector.
///
/// # Examples
///
/// ```
/// use codec_core::{DecodeMode, doc_example::Ascii};
/// use codec_test::vectors::{self, SourceKind, Vector};
/// let v = Vector::decoded_by(&Ascii, DecodeMode::Ignore, b"a\xFFb", "ignore", SourceKind::Generated, "doc");
/// assert_eq!(vectors::check_all(&Ascii, &[v]), 1);
/// ```
pub fn check_all<C>(codec: &C, vectors: &[Vector]) -> usize
where
    C: Codec + ?Sized,
    <C as codec_core::Decode>::Point: FromStr,
{
    let mine: Vec<&Vector> = vectors.iter().filter(|v| codec.info().matches(&v.codec)).collect();
    let failures: Vec<String> = mine.iter().filter_map(|v| check(codec, v).err()).map(|e| e.to_string()).collect();
    assert!(
        failures.is_empty(),
        "{} of {} vectors failed for {}:\n{}",
        failures.len(),
        mine.len(),
        codec.info().name,
        failures.join("\n")
    );
    mine.len()
}

#[cfg(test)]
mod tests {
    use codec_core::doc_example::Ascii;

    use super::{Chunk, Vector, check};

    fn vector(fields: &str) -> Result<Vector, super::VectorError> {
        Vector::from_json_line(&format!(
            r#"{{"codec":"ascii","direction":"decode",{fields},"source":{{"kind":"generated","ref":"test"}}}}"#
        ))
    }

    #[test]
    fn chunks_and_strip_bom_read_back_as_written() {
        let v = vector(r#""mode":"replace","input":"41 42 43","output":"0041 0042 0043","chunks":[{"end":1,"output":"0041"},{"end":1},{"end":3}],"strip_bom":true"#).unwrap();
        assert_eq!(v.chunks.as_deref().unwrap()[1], Chunk { end: 1, output: None });
        assert!(v.strip_bom);
        assert_eq!(Vector::from_json_line(&v.to_json_line()), Ok(v.clone()));
        assert!(
            v.to_json_line().contains(r#""chunks":[{"end":1,"output":"0041"},{"end":1},{"end":3}],"strip_bom":true"#)
        );
        assert_eq!(check(&Ascii, &v), Ok(()));
    }

    #[test]
    fn chunks_must_cover_the_input_in_order() {
        assert!(vector(r#""mode":"replace","input":"41 42","output":"0041 0042","chunks":[{"end":1}]"#).is_err());
        assert!(
            vector(r#""mode":"replace","input":"41 42","output":"0041 0042","chunks":[{"end":2},{"end":1},{"end":2}]"#)
                .is_err()
        );
        assert!(vector(r#""mode":"replace","input":"41","output":"0041","chunks":[]"#).is_err());
        assert!(vector(r#""mode":"replace","input":"41","output":"0041","strip_bom":1"#).is_err());
        let encode = r#"{"codec":"ascii","direction":"encode","mode":"fatal","input":"0041","output":"41","chunks":[{"end":1}],"source":{"kind":"generated","ref":"test"}}"#;
        assert!(Vector::from_json_line(encode).is_err());
    }

    #[test]
    fn a_chunk_output_and_the_stream_are_checked() {
        let wrong = vector(
            r#""mode":"replace","input":"41 42","output":"0041 0042","chunks":[{"end":1,"output":"0042"},{"end":2}]"#,
        )
        .unwrap();
        assert!(check(&Ascii, &wrong).unwrap_err().to_string().contains("chunk 0"));
        // In fatal mode with a null output the last call, and only it, fails.
        let late =
            vector(r#""mode":"fatal","input":"41 FF","output":null,"chunks":[{"end":1,"output":"0041"},{"end":2}]"#)
                .unwrap();
        assert_eq!(check(&Ascii, &late), Ok(()));
        let early = vector(r#""mode":"fatal","input":"FF 41","output":null,"chunks":[{"end":1},{"end":2}]"#).unwrap();
        assert!(check(&Ascii, &early).unwrap_err().to_string().contains("chunk 0 fails"));
    }
}
