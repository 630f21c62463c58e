//! The Encoding Standard's legacy encodings: their curated vectors, from
//! the upstream copies in `crates/codec-encoding-standard/tests/data/`
//! (its `README.md` gives each one's source, licence and how the large
//! ones were sampled), converted to the project's vector format:
//!
//! * `wpt-legacy.jsonl`: the web-platform-tests' legacy-encoding tests,
//!   transcribed into `wpt/legacy-vectors.json` (single-byte indexes and
//!   fatal bytes, `TextDecoder` cases, the decode-errors pages, the URL
//!   encoders' HTML-mode cases);
//! * `encoding-rs.jsonl`: encoding_rs's own tests (the CC0 test modules of
//!   its `src/*.rs`, each `decode_*`/`encode_*` call with literal
//!   arguments; replace mode, and its encoders' HTML references) and its
//!   `tests/test_data` files (one line per pointer of each index), sampled;
//! * `cpython-hz.jsonl`: CPython's HZ test text, for the 2014 draft's
//!   hz-gb-2312.
//!
//! An upstream case that utfx answers otherwise by a recorded decision is
//! left out and listed ([`WPT_LEFT_OUT`], [`ENCODING_RS_LEFT_OUT`]), so the
//! curated files hold only what utfx must pass; the list must match.

use std::fs;
use std::path::Path;

use codec_test::hex;
use codec_test::vectors::{self, ErrorSpan, SourceKind, Vector};
use serde_json::Value;

/// One converted file: its name under `crates/codec-test/data/`, what it
/// is converted from, and the converter.
pub(super) struct Output {
    pub(super) name: &'static str,
    pub(super) from: &'static str,
    pub(super) convert: fn(&Path) -> Result<Vec<Vector>, String>,
}

pub(super) const OUTPUTS: &[Output] = &[
    Output {
        name: "wpt-legacy.jsonl",
        from: "crates/codec-encoding-standard/tests/data/wpt/legacy-vectors.json",
        convert: wpt,
    },
    Output {
        name: "encoding-rs.jsonl",
        from: "crates/codec-encoding-standard/tests/data/encoding_rs/",
        convert: encoding_rs,
    },
    Output { name: "cpython-hz.jsonl", from: "crates/codec-encoding-standard/tests/data/cpython/", convert: cpython },
];

/// Where the upstream copies are.
const DATA: &str = "crates/codec-encoding-standard/tests/data";

/// The WPT cases left out, with the reason: utfx writes `&#14;`, `&#15;`
/// and `&#27;` for the three code points iso-2022-jp's encoder refuses,
/// where the Standard's step 3 returns an error "with U+FFFD" (`&#65533;`
/// in the URL's HTML mode), by choice (decision 0030, point 10); and two
/// decode-errors cases whose names' bytes contradict the text they assert
/// (the name's second pair is the pair of the case before it, which
/// asserts another character for it: the page's bytes are not the name's).
pub(super) const WPT_LEFT_OUT: &[(&str, &str)] = &[
    ("iso-2022-jp encoder: SO/SI ESC", "decision 0030, point 10: &#14; where the Standard writes &#65533;"),
    ("iso-2022-jp encoder: Roman SO/SI ESC", "decision 0030, point 10"),
    ("iso-2022-jp encoder: Katakana SO/SI ESC", "decision 0030, point 10"),
    ("iso-2022-jp encoder: jis0208 SO/SI ESC", "decision 0030, point 10"),
    ("lead byte outside 0x81-0xFE: B0 B0 FF", "euc-kr: B0 B0 is U+AC19 in \"B0 B0 B0\", 갠 (U+AC20, B0 B5) here"),
    ("lead byte outside 0x81-0xFE: AB AB FF", "big5: AB AB is U+5782 in \"AB AB AB\", 奏 (U+594F, AB B5) here"),
];

/// How many encoding_rs cases are left out, for the reason of
/// [`WPT_LEFT_OUT`]'s first (decision 0030, point 10): every iso-2022-jp
/// encoding case with U+000E, U+000F or U+001B, which encoding_rs's HTML
/// mode writes as `&#65533;`.
pub(super) const ENCODING_RS_LEFT_OUT: usize = 9;

fn read(path: &Path) -> Result<Vec<u8>, String> {
    fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn read_json(path: &Path) -> Result<Value, String> {
    let text = String::from_utf8(read(path)?).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The codec's name as the vectors write it, for one of its labels.
fn codec_name(label: &str) -> Result<&'static str, String> {
    codec_registry::get(label).map(|c| c.info().name).ok_or_else(|| format!("no codec for the label {label:?}"))
}

/// Text as the format's code points.
fn text_points(text: &str) -> String {
    let points: Vec<codec_core::CodePoint> = text.chars().map(codec_core::CodePoint::from).collect();
    vectors::format_points(&points)
}

fn sourced(mut v: Vector, kind: SourceKind, reference: String) -> Vector {
    v.source = kind;
    v.reference = reference;
    v
}

/// What the URL's query holds: `%XX` is a byte, anything else is itself
/// (a `%` without two hex digits after it too, as the URL's
/// percent-decode leaves it).
fn percent_decoded(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    out
}

/// `wpt/legacy-vectors.json`.
fn wpt(root: &Path) -> Result<Vec<Vector>, String> {
    let doc = read_json(&root.join(DATA).join("wpt/legacy-vectors.json"))?;
    let cite = |key: &str| {
        let source = &doc["sources"][key];
        assert!(source.is_object(), "no source {key}");
        // A commit by its first 12 digits.
        let read = super::s(source, "read");
        let read = match read.rsplit_once(" at ") {
            Some((copy, commit)) => format!("{copy} at {}", &commit[..12.min(commit.len())]),
            None => read.to_owned(),
        };
        format!("web-platform-tests {} ({read})", super::s(source, "path"))
    };
    let wpt = |v: Vector, key: &str| sourced(v, SourceKind::Wpt, cite(key));
    let mut out = Vec::new();
    // single-byte-decoder.window.js: bytes 80..FF are the index's code
    // points (U+FFFD where it has none). (Its bytes below 80, ASCII in every
    // encoding, are left out: the generated vectors have them.)
    let indexes = doc["single_byte_indexes"].as_object().ok_or("single_byte_indexes")?;
    for (name, index) in indexes {
        let index: Vec<Option<u32>> =
            index.as_array().ok_or("an index")?.iter().map(|p| p.as_u64().map(|p| p as u32)).collect();
        assert_eq!(index.len(), 128, "{name}");
        // The test reads ISO-8859-8-I with ISO-8859-8's index.
        let labels: &[&str] = if name == "ISO-8859-8" { &["iso-8859-8", "iso-8859-8-i"] } else { &[name] };
        for label in labels {
            let codec = codec_name(label)?;
            let bytes: Vec<u8> = (0x80..=0xFF).collect();
            let text: String = bytes
                .iter()
                .map(|&b| index[usize::from(b - 0x80)].and_then(char::from_u32).unwrap_or('\u{FFFD}'))
                .collect();
            let v = super::vector(
                &format!("{name} (TextDecoder): bytes 80 to FF"),
                codec,
                true,
                "replace",
                hex::format(&bytes),
                Some(text_points(&text)),
            );
            out.push(wpt(v, "single-byte-decoder"));
        }
    }
    // textdecoder-fatal-single-byte.any.js: each byte the index lacks,
    // decoded alone, throws with the fatal flag. One vector an encoding:
    // its bad bytes in a row, each one error of its own (a single-byte
    // decoder's error is the byte, §9), a U+FFFD each in replace mode.
    for (name, bad) in doc["single_byte_bad"].as_object().ok_or("single_byte_bad")? {
        let codec = codec_name(name)?;
        let bytes: Vec<u8> = bad
            .as_array()
            .ok_or("bad")?
            .iter()
            .map(|b| u8::from_str_radix(b.as_str().expect("hex"), 16).expect("a byte"))
            .collect();
        if bytes.is_empty() {
            continue;
        }
        let pointers: Vec<String> = bytes.iter().map(u8::to_string).collect();
        let mut v = super::vector(
            &format!("Throw due to fatal flag: {name} doesn't have a pointer {}", pointers.join(", ")),
            codec,
            true,
            "replace",
            hex::format(&bytes),
            Some(vec!["FFFD"; bytes.len()].join(" ")),
        );
        v.errors =
            Some((0..bytes.len()).map(|i| ErrorSpan { offset: i, length: Some(1), kind: None, rule: None }).collect());
        out.push(wpt(v, "fatal-single-byte"));
    }
    // gbk-decoder.any.js: each pointer's bytes as the test makes them,
    // sixteen pointers a vector (gbk holds no state between characters:
    // each pair decodes as it does alone).
    let pointers = doc["gbk_pointers"].as_array().ok_or("gbk_pointers")?;
    let points = doc["gbk_code_points"].as_array().ok_or("gbk_code_points")?;
    assert_eq!(pointers.len(), points.len());
    let pairs: Vec<(u64, [u8; 2], u32)> = pointers
        .iter()
        .zip(points)
        .map(|(pointer, point)| {
            let pointer = pointer.as_u64().expect("a pointer");
            let (lead, trail) = (pointer / 190 + 0x81, pointer % 190);
            let offset = if trail < 0x3F { 0x40 } else { 0x41 };
            let point = u32::from_str_radix(point.as_str().expect("hex"), 16).expect("a code point");
            (pointer, [lead as u8, (trail + offset) as u8], point)
        })
        .collect();
    for group in pairs.chunks(16) {
        let bytes: Vec<u8> = group.iter().flat_map(|(_, b, _)| *b).collect();
        let output: Vec<String> = group.iter().map(|(_, _, p)| format!("{p:04X}")).collect();
        let (first, last) = (group[0].0, group[group.len() - 1].0);
        let v = super::vector(
            &format!("gbk pointer: {first} to gbk pointer: {last} ({} pointers)", group.len()),
            "gbk",
            true,
            "replace",
            hex::format(&bytes),
            Some(output.join(" ")),
        );
        out.push(wpt(v, "gbk-decoder"));
    }
    let mut left_out = Vec::new();
    for v in doc["decode"].as_array().ok_or("decode")? {
        let name = super::s(v, "name");
        if WPT_LEFT_OUT.iter().any(|(n, _)| *n == name) {
            left_out.push(name.to_owned());
            continue;
        }
        let input = hex::format(&hex::parse(super::s(v, "input")).ok_or("hex")?);
        let (mode, output) = match v["output"].as_str() {
            Some(text) => ("replace", Some(text_points(text))),
            None => ("fatal", None),
        };
        for label in v["encodings"].as_array().ok_or("encodings")? {
            let codec = codec_name(label.as_str().ok_or("a label")?)?;
            let vector = super::vector(&format!("{name} ({codec})"), codec, true, mode, input.clone(), output.clone());
            out.push(wpt(vector, super::s(v, "source")));
        }
    }
    for v in doc["encode"].as_array().ok_or("encode")? {
        let name = super::s(v, "name");
        if WPT_LEFT_OUT.iter().any(|(n, _)| *n == name) {
            left_out.push(name.to_owned());
            continue;
        }
        let codec = codec_name(super::s(v, "encoding"))?;
        let bytes = percent_decoded(super::s(v, "output"));
        let vector =
            super::vector(name, codec, false, "html", text_points(super::s(v, "input")), Some(hex::format(&bytes)));
        out.push(wpt(vector, super::s(v, "source")));
    }
    let mut listed: Vec<&str> = WPT_LEFT_OUT.iter().map(|(n, _)| *n).collect();
    left_out.sort();
    listed.sort_unstable();
    assert_eq!(left_out, listed, "WPT_LEFT_OUT names cases that are no longer upstream");
    Ok(out)
}

/// One argument of a call in encoding_rs's tests.
#[derive(Clone, Debug, PartialEq)]
enum Arg {
    Bytes(Vec<u8>),
    Text(String),
    /// Anything else, as written (a constant, a variable, an expression).
    Token(String),
}

/// A call of interest in encoding_rs's tests: the function it is in, the
/// callee (`tuple` for a `(b"..", "..")` case of a table), the arguments.
struct Call {
    test: String,
    callee: String,
    args: Vec<Arg>,
}

/// Reads a Rust string or byte string literal's body from `chars` (after
/// its opening quote), up to and past the closing quote.
fn literal(chars: &[char], at: &mut usize) -> Result<String, String> {
    let mut out = String::new();
    loop {
        let c = *chars.get(*at).ok_or("an unterminated literal")?;
        *at += 1;
        match c {
            '"' => return Ok(out),
            '\\' => {
                let e = *chars.get(*at).ok_or("an escape at the end")?;
                *at += 1;
                match e {
                    'n' => out.push('\n'),
                    'r' => out.push('\r'),
                    't' => out.push('\t'),
                    '0' => out.push('\0'),
                    '\\' | '"' | '\'' => out.push(e),
                    'x' => {
                        let h: String = chars[*at..*at + 2].iter().collect();
                        *at += 2;
                        // A byte string's `\xNN` is the byte; a string's is
                        // ASCII. Either way the char U+00NN stands for it.
                        out.push(char::from(u8::from_str_radix(&h, 16).map_err(|e| e.to_string())?));
                    }
                    'u' => {
                        let close = chars[*at..].iter().position(|&c| c == '}').ok_or("\\u{ without }")?;
                        let h: String = chars[*at + 1..*at + close].iter().filter(|c| **c != '_').collect();
                        *at += close + 1;
                        let v = u32::from_str_radix(&h, 16).map_err(|e| e.to_string())?;
                        out.push(char::from_u32(v).ok_or("not a scalar value")?);
                    }
                    '\n' => {
                        while chars.get(*at).is_some_and(|c| c.is_whitespace()) {
                            *at += 1;
                        }
                    }
                    _ => return Err(format!("an unknown escape \\{e}")),
                }
            }
            c => out.push(c),
        }
    }
}

/// Skips whitespace and `//` comments.
fn skip_space(chars: &[char], at: &mut usize) {
    loop {
        while chars.get(*at).is_some_and(|c| c.is_whitespace()) {
            *at += 1;
        }
        if chars.get(*at) == Some(&'/') && chars.get(*at + 1) == Some(&'/') {
            while chars.get(*at).is_some_and(|&c| c != '\n') {
                *at += 1;
            }
        } else {
            return;
        }
    }
}

/// The arguments of a call, after its `(`, up to and past its `)`.
fn args(chars: &[char], at: &mut usize) -> Result<Vec<Arg>, String> {
    let mut out = Vec::new();
    loop {
        skip_space(chars, at);
        match chars.get(*at) {
            Some(')') => {
                *at += 1;
                return Ok(out);
            }
            Some(',') => {
                *at += 1;
                continue;
            }
            None => return Err("an unterminated call".into()),
            _ => {}
        }
        let rest: String = chars[*at..(*at + 2).min(chars.len())].iter().collect();
        if rest.starts_with("b\"") {
            *at += 2;
            let body = literal(chars, at)?;
            out.push(Arg::Bytes(body.chars().map(|c| c as u32 as u8).collect()));
        } else if rest.starts_with("&\"") || rest.starts_with('"') {
            *at += if rest.starts_with('&') { 2 } else { 1 };
            out.push(Arg::Text(literal(chars, at)?));
        } else {
            // A token: up to a comma or the closing parenthesis at depth 0.
            let (start, mut depth) = (*at, 0);
            while let Some(&c) = chars.get(*at) {
                match c {
                    '(' | '[' | '{' => depth += 1,
                    ')' | ']' | '}' if depth == 0 => break,
                    ')' | ']' | '}' => depth -= 1,
                    ',' if depth == 0 => break,
                    '"' => {
                        *at += 1;
                        literal(chars, at)?;
                        continue;
                    }
                    _ => {}
                }
                *at += 1;
            }
            out.push(Arg::Token(chars[start..*at].iter().collect::<String>().trim().to_owned()));
        }
    }
}

/// Every `decode*`/`encode*` call and `(b"..", "..")` table case of a test
/// module's source, in order.
fn calls(source: &str) -> Result<Vec<Call>, String> {
    let chars: Vec<char> = source.chars().collect();
    let (mut at, mut test, mut out) = (0, String::new(), Vec::new());
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    while at < chars.len() {
        skip_space(&chars, &mut at);
        let Some(&c) = chars.get(at) else { break };
        if c == '"' {
            at += 1;
            literal(&chars, &mut at)?;
        } else if c == '(' {
            let mut probe = at + 1;
            skip_space(&chars, &mut probe);
            if chars.get(probe) == Some(&'b') && chars.get(probe + 1) == Some(&'"') {
                at += 1;
                out.push(Call { test: test.clone(), callee: "tuple".into(), args: args(&chars, &mut at)? });
            } else {
                at += 1;
            }
        } else if ident(c) && !(at > 0 && ident(chars[at - 1])) {
            let start = at;
            while chars.get(at).is_some_and(|&c| ident(c)) {
                at += 1;
            }
            let word: String = chars[start..at].iter().collect();
            if c == 'b' && chars.get(at) == Some(&'"') && word == "b" {
                at += 1;
                literal(&chars, &mut at)?;
                continue;
            }
            let mut next = at;
            skip_space(&chars, &mut next);
            if word == "fn" {
                let name_start = next;
                let mut end = next;
                while chars.get(end).is_some_and(|&c| ident(c)) {
                    end += 1;
                }
                test = chars[name_start..end].iter().collect();
                at = end;
            } else if (word.starts_with("decode") || word.starts_with("encode")) && chars.get(next) == Some(&'(') {
                at = next + 1;
                out.push(Call { test: test.clone(), callee: word, args: args(&chars, &mut at)? });
            }
        } else {
            at += 1;
        }
    }
    Ok(out)
}

/// The codec of a `decode_*`/`encode_*` helper's suffix, or of an
/// encoding_rs constant (`WINDOWS_1255`).
fn helper_codec(name: &str) -> Option<&'static str> {
    let label = match name {
        "shift_jis" | "SHIFT_JIS" => "shift_jis".to_owned(),
        other => other.to_lowercase().replace('_', "-"),
    };
    codec_registry::get(&label).map(|c| c.info().name)
}

/// The test modules copied from encoding_rs 0.8.44's `src/`, each with the
/// codec its `(b"..", "..")` table cases decode.
const TEST_MODULES: &[(&str, &str)] = &[
    ("single_byte", "windows-1252"),
    ("gb18030", "gb18030"),
    ("big5", "big5"),
    ("euc_jp", "euc-jp"),
    ("euc_kr", "euc-kr"),
    ("shift_jis", "shift_jis"),
    ("iso_2022_jp", "iso-2022-jp"),
    ("x_user_defined", "x-user-defined"),
    ("replacement", "replacement"),
];

/// The `tests/test_data` files, by stem, with the codec each is for;
/// every [`SAMPLE_STEP`]th line of each is in the copy.
const TEST_DATA: &[(&str, &str)] = &[
    ("big5", "big5"),
    ("euc_kr", "euc-kr"),
    ("gb18030", "gb18030"),
    ("iso_2022_jp", "iso-2022-jp"),
    ("jis0208", "euc-jp"),
    ("jis0212", "euc-jp"),
    ("shift_jis", "shift_jis"),
];

/// The sampling of the `tests/test_data` copies: their 4 header lines,
/// then the 1st, 194th, 387th, ... line after them (`README.md` says how).
const SAMPLE_STEP: usize = 193;

/// The lines of a vector made of test_data lines.
const LINES_PER_VECTOR: usize = 24;

/// encoding_rs's tests: its test modules' calls with literal arguments
/// (decoding in replace mode, encoding with HTML references, as its
/// `testing::decode` and `testing::encode` check them), and the sampled
/// `tests/test_data` files.
fn encoding_rs(root: &Path) -> Result<Vec<Vector>, String> {
    let dir = root.join(DATA).join("encoding_rs");
    let mut out = Vec::new();
    let (mut skipped, mut left_out) = (0, 0);
    for (module, table_codec) in TEST_MODULES {
        let file = format!("{module}.rs.txt");
        let source = String::from_utf8(read(&dir.join(&file))?).map_err(|e| e.to_string())?;
        let reference = format!("encoding_rs 0.8.44 src/{module}.rs, its tests (CC0)");
        let mut case = 0;
        for call in calls(&source)? {
            let (decode, codec, args) = match (call.callee.as_str(), &call.args[..]) {
                ("tuple", [a, b]) => (true, Some(*table_codec), [a, b]),
                ("decode" | "decode_without_padding", [Arg::Token(k), a, b]) => (true, helper_codec(k), [a, b]),
                ("encode", [Arg::Token(k), a, b]) => (false, helper_codec(k), [a, b]),
                (c, [a, b]) if c.starts_with("decode_") => (true, helper_codec(&c["decode_".len()..]), [a, b]),
                (c, [a, b]) if c.starts_with("encode_") => (false, helper_codec(&c["encode_".len()..]), [a, b]),
                _ => continue,
            };
            let Some(codec) = codec else { continue };
            let vector = match (decode, args) {
                (true, [Arg::Bytes(bytes), Arg::Text(text)]) => {
                    // encoding_rs's `decode` sniffs a byte order mark; utfx's
                    // codecs read one as the encoding's bytes.
                    if bytes.starts_with(b"\xEF\xBB\xBF")
                        || bytes.starts_with(b"\xFE\xFF")
                        || bytes.starts_with(b"\xFF\xFE")
                    {
                        skipped += 1;
                        continue;
                    }
                    case += 1;
                    let name = format!("{module}.rs {} #{case}", call.test);
                    super::vector(&name, codec, true, "replace", hex::format(bytes), Some(text_points(text)))
                }
                (false, [Arg::Text(text), Arg::Bytes(bytes)]) => {
                    if codec == "iso-2022-jp" && text.contains(['\u{E}', '\u{F}', '\u{1B}']) {
                        left_out += 1;
                        continue;
                    }
                    case += 1;
                    let name = format!("{module}.rs {} #{case}", call.test);
                    super::vector(&name, codec, false, "html", text_points(text), Some(hex::format(bytes)))
                }
                _ => continue,
            };
            out.push(sourced(vector, SourceKind::Implementation, reference.clone()));
        }
    }
    assert_eq!(skipped, 0, "decode cases that start with a byte order mark");
    assert_eq!(left_out, ENCODING_RS_LEFT_OUT, "iso-2022-jp's SO, SI and ESC cases (ENCODING_RS_LEFT_OUT)");
    let data = dir.join("test_data");
    for (stem, codec) in TEST_DATA {
        for (what, reference) in [("in", "in_ref"), ("out", "out_ref")] {
            let (a, b) = (data.join(format!("{stem}_{what}.txt")), data.join(format!("{stem}_{reference}.txt")));
            if !a.exists() {
                continue;
            }
            let (a_bytes, b_bytes) = (read(&a)?, read(&b)?);
            let lines = |bytes: &[u8]| -> Vec<Vec<u8>> {
                let mut l: Vec<Vec<u8>> = bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
                assert_eq!(l.pop(), Some(Vec::new()), "a file of lines");
                l.split_off(4)
            };
            let (input, expected) = (lines(&a_bytes), lines(&b_bytes));
            assert_eq!(input.len(), expected.len(), "{stem}_{what}: line by line");
            let cite = format!(
                "encoding_rs tests/test_data/{stem}_{what}.txt, {stem}_{reference}.txt (c4a16764, from the WHATWG's \
                 indexes.json, BSD-3-Clause)"
            );
            for (n, group) in input.chunks(LINES_PER_VECTOR).zip(expected.chunks(LINES_PER_VECTOR)).enumerate() {
                let first = n * LINES_PER_VECTOR;
                let line = |k: usize| 5 + k * SAMPLE_STEP;
                let name = format!(
                    "{stem}_{what}.txt lines {} to {} (every {SAMPLE_STEP}th)",
                    line(first),
                    line(first + group.0.len() - 1)
                );
                let joined = |lines: &[Vec<u8>]| lines.join(&b'\n');
                let (i, e) = (joined(group.0), joined(group.1));
                let vector = if what == "in" {
                    let text = String::from_utf8(e).map_err(|e| e.to_string())?;
                    super::vector(&name, codec, true, "replace", hex::format(&i), Some(text_points(&text)))
                } else {
                    let text = String::from_utf8(i).map_err(|e| e.to_string())?;
                    super::vector(&name, codec, false, "fatal", text_points(&text), Some(hex::format(&e)))
                };
                out.push(sourced(vector, SourceKind::Implementation, cite.clone()));
            }
        }
    }
    Ok(out)
}

/// CPython's `Lib/test/cjkencodings/hz.txt` and `hz-utf8.txt`: the same
/// text in HZ and UTF-8, both ways.
fn cpython(root: &Path) -> Result<Vec<Vector>, String> {
    let dir = root.join(DATA).join("cpython");
    let hz = read(&dir.join("hz.txt"))?;
    let text = String::from_utf8(read(&dir.join("hz-utf8.txt"))?).map_err(|e| e.to_string())?;
    let reference = "CPython Lib/test/cjkencodings/hz.txt and hz-utf8.txt (PSF-2.0)".to_owned();
    let codec = "hz-gb-2312-2014";
    let decode = super::vector(
        "hz.txt decodes to hz-utf8.txt",
        codec,
        true,
        "fatal",
        hex::format(&hz),
        Some(text_points(&text)),
    );
    let encode = super::vector(
        "hz-utf8.txt encodes to hz.txt",
        codec,
        false,
        "fatal",
        text_points(&text),
        Some(hex::format(&hz)),
    );
    Ok(vec![
        sourced(decode, SourceKind::Implementation, reference.clone()),
        sourced(encode, SourceKind::Implementation, reference),
    ])
}

#[cfg(test)]
mod tests {
    use super::{Arg, calls, percent_decoded};

    #[test]
    fn literals_read_as_rust_reads_them() {
        let source = "fn test_x() {\n    // decode_gbk(b\"\\x00\", \"no\");\n    decode_shift_jis(b\"\\x81\\x3F\", \"\\u{FFFD}?\");\n    \
                      encode_gbk(\"\\u{20AC}\\\n      a\", b\"\\x80a\");\n    decode(WINDOWS_1255, b\"\\xCA\", \"\\u{05BA}\");\n}";
        let found = calls(source).unwrap();
        assert_eq!(found.len(), 3);
        assert_eq!(found[0].test, "test_x");
        assert_eq!(found[0].args, [Arg::Bytes(vec![0x81, 0x3F]), Arg::Text("\u{FFFD}?".into())]);
        assert_eq!(found[1].args, [Arg::Text("\u{20AC}a".into()), Arg::Bytes(b"\x80a".to_vec())]);
        assert_eq!(found[2].args[0], Arg::Token("WINDOWS_1255".into()));
    }

    #[test]
    fn the_query_is_percent_decoded_as_the_url_reads_it() {
        assert_eq!(percent_decoded("%1B$B%_PP%1B(B"), b"\x1B$B%_PP\x1B(B");
        assert_eq!(percent_decoded("%26%2365533%3B"), b"&#65533;");
    }
}
