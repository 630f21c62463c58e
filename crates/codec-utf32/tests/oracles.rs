//! UTF-32 against CPython's `utf-32-le`, `utf-32-be` and `utf-32` codecs
//! (strict, replace, ignore, surrogatepass, xmlcharrefreplace) and glibc's
//! iconv (`UTF-32LE`, `UTF-32BE`, `UTF-32`, `UCS-4LE`, `UCS-4BE`, `UCS-4`,
//! with and without `-c`), as `xtask/oracles/utf32.py` recorded them into
//! `data/oracles.txt`: every recorded answer is the expected value, but
//! where `DIVERGENCES` names the reason, each counted exactly (decision
//! 0041). `cargo test` reads the recorded file only.

use std::collections::BTreeMap;

use codec_core::{CodePoint, Decode, DecodeMode, Encode, EncodeMode, ErrorKind};
use codec_utf32::{Endian, UTF_32BE, UTF_32LE, Utf32, WTF_32BE, WTF_32LE, bom_order};

const ORACLES: &str = include_str!("data/oracles.txt");

/// Why an answer differs from an oracle's, and how many answers differ so:
/// a divergence that goes away, grows or moves fails the test.
const DIVERGENCES: &[(&str, usize)] = &[
    // iconv's UCS-4 reads every value up to 7FFFFFFF (ISO/IEC 10646's
    // 31-bit UCS-4 of old); utfx's ucs-4 labels name UTF-32, which stops
    // at the first unit above 10FFFF (decision 0041).
    ("ucs-4 reads 110000..7FFFFFFF", 673),
    // `iconv -c` drops what it cannot read, as utfx's ignore mode does
    // (the same code points every time), but then exits 1: with
    // "incomplete character" at a cut unit at the end, and with no message
    // after dropping a unit on some inputs (not on others alike); utfx's
    // -c exits 0 (decision 0005).
    ("iconv -c exits 1 at a cut unit", 675),
    ("iconv -c exits 1 without a message", 394),
];

/// The reasons CPython gives, for utfx's kinds.
fn reason(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::Surrogate => "code point in surrogate code point range(0xd800, 0xe000)",
        ErrorKind::OutOfRange => "code point not in range(0x110000)",
        ErrorKind::Truncated => "truncated data",
        other => panic!("UTF-32 reports no {other}"),
    }
}

fn points(points: &[CodePoint]) -> String {
    points.iter().map(|p| format!("{:04X}", p.to_u32())).collect::<Vec<_>>().join(" ")
}

fn bytes(bytes: &[u8]) -> String {
    codec_test::hex::format(bytes)
}

/// The UTF-32 encoding scheme as decision 0041 reads it: a BOM of either
/// order chooses the codec and is skipped, UTF-32LE without one (glibc's
/// iconv and CPython read the machine's order, little-endian where this
/// was recorded).
fn scheme(input: &[u8]) -> (&'static Utf32, usize) {
    match bom_order(input) {
        Some(Endian::Big) => (&UTF_32BE, 4),
        Some(Endian::Little) => (&UTF_32LE, 4),
        None => (&UTF_32LE, 0),
    }
}

/// CPython's form of a strict decoding: the text, or the error's start,
/// end and reason.
fn cpython_strict(codec: &Utf32, input: &[u8], skip: usize) -> String {
    match codec.decode(&input[skip..]) {
        Ok(p) => points(&p),
        Err(e) => {
            let start = skip + e.valid_up_to();
            let end = e.error_len().map_or(input.len(), |len| start + len);
            format!("error {start} {end} {}", reason(e.kind()))
        }
    }
}

/// iconv's form: the code points before the first error, then how it
/// stopped.
fn iconv(codec: &Utf32, input: &[u8], skip: usize) -> String {
    let rest = &input[skip..];
    let good = points(&codec.decode(&rest[..codec.valid_up_to(rest)]).unwrap());
    let Err(e) = codec.validate(rest) else { return good };
    let how = if e.kind() == ErrorKind::Truncated {
        "incomplete".to_owned()
    } else {
        format!("illegal {}", skip + e.valid_up_to())
    };
    format!("{good} | {how}").trim().to_owned()
}

/// utfx's answer to a decoding column.
fn decode_answer(column: &str, input: &[u8]) -> String {
    let codec = |label: &str| match label {
        "utf-32-le" | "UTF-32LE" | "UCS-4LE" => &UTF_32LE,
        "utf-32-be" | "UTF-32BE" | "UCS-4BE" | "UCS-4" => &UTF_32BE,
        other => panic!("no codec for {other}"),
    };
    let wtf = |codec: &Utf32| if codec.endian() == Endian::Big { &WTF_32BE } else { &WTF_32LE };
    let lossy = |codec: &Utf32, input: &[u8], mode| points(&codec.decode_with(input, mode).unwrap());
    let parts: Vec<&str> = column.split(':').collect();
    match parts[..] {
        ["py", "utf-32", "strict"] => {
            let (c, skip) = scheme(input);
            cpython_strict(c, input, skip)
        }
        ["py", "utf-32", "replace"] => {
            let (c, skip) = scheme(input);
            lossy(c, &input[skip..], DecodeMode::Replace)
        }
        ["py", label, "strict"] => cpython_strict(codec(label), input, 0),
        ["py", label, "surrogatepass"] => cpython_strict(wtf(codec(label)), input, 0),
        ["py", label, "replace"] => lossy(codec(label), input, DecodeMode::Replace),
        ["py", label, "ignore"] => lossy(codec(label), input, DecodeMode::Ignore),
        ["iconv", "UTF-32"] => {
            let (c, skip) = scheme(input);
            iconv(c, input, skip)
        }
        ["iconv", "UTF-32", "-c"] => {
            let (c, skip) = scheme(input);
            lossy(c, &input[skip..], DecodeMode::Ignore)
        }
        ["iconv", label] => iconv(codec(label), input, 0),
        ["iconv", label, "-c"] => lossy(codec(label), input, DecodeMode::Ignore),
        _ => panic!("no such column {column}"),
    }
}

/// utfx's answer to an encoding column. CPython's replace writes `?` for
/// what it cannot encode, where utfx writes U+FFFD (decision 0003): the
/// answer puts `?` where utfx's encoder fails on a code point alone, so
/// that CPython's answer checks which code points are replaced.
fn encode_answer(column: &str, input: &[CodePoint]) -> String {
    let parts: Vec<&str> = column.split(':').collect();
    let (codec, handler) = match parts[..] {
        ["py", "utf-32-le", handler] => (&UTF_32LE, handler),
        ["py", "utf-32-be", handler] => (&UTF_32BE, handler),
        // The command-line tool's `-t utf-32`: FF FE 00 00, then UTF-32LE.
        ["py", "utf-32", "strict"] => {
            return match UTF_32LE.encode(input) {
                Ok(b) => bytes(&[&b"\xFF\xFE\0\0"[..], &b].concat()),
                Err(e) => format!("error {} {} surrogates not allowed", e.index(), e.index() + 1),
            };
        }
        _ => panic!("no such column {column}"),
    };
    let wtf = if codec.endian() == Endian::Big { &WTF_32BE } else { &WTF_32LE };
    let strict = |codec: &Utf32, input: &[CodePoint]| match codec.encode(input) {
        Ok(b) => bytes(&b),
        Err(e) => {
            assert_eq!(e.kind(), ErrorKind::Surrogate, "Python holds nothing above U+10FFFF");
            format!("error {} {} surrogates not allowed", e.index(), e.index() + 1)
        }
    };
    match handler {
        "strict" => strict(codec, input),
        "surrogatepass" => strict(wtf, input),
        "ignore" => bytes(&codec.encode_with(input, EncodeMode::Ignore).unwrap()),
        "xmlcharrefreplace" => bytes(&codec.encode_with(input, EncodeMode::Html).unwrap()),
        "replace" => {
            let question = CodePoint::from(b'?');
            let marked: Vec<CodePoint> =
                input.iter().map(|&p| if codec.encode(&[p]).is_ok() { p } else { question }).collect();
            bytes(&codec.encode(&marked).unwrap())
        }
        other => panic!("no such handler {other}"),
    }
}

/// iconv's answer in two: the code points, and how it stopped (empty when
/// it converted all).
fn iconv_parts(answer: &str) -> (&str, &str) {
    answer.split_once('|').map_or((answer, ""), |(points, how)| (points.trim(), how.trim()))
}

/// Why a decoding answer differs from the oracle's, if the reason is a
/// known one.
fn divergence(column: &str, input: &[u8], recorded: &str, ours: &str) -> Option<&'static str> {
    let (theirs, how) = iconv_parts(recorded);
    if column.starts_with("iconv:") && column.ends_with(":-c") && theirs == ours {
        // Only where something was dropped: the input is not well-formed.
        let strict = decode_answer(column.trim_end_matches(":-c"), input);
        let dropped = !iconv_parts(&strict).1.is_empty();
        return match how {
            "incomplete" if !input.len().is_multiple_of(4) => Some("iconv -c exits 1 at a cut unit"),
            "exit 1" if dropped => Some("iconv -c exits 1 without a message"),
            _ => None,
        };
    }
    if column.starts_with("iconv:UCS-4") {
        // Where we stop, iconv reads on: a unit above 10FFFF and at most
        // 7FFFFFFF at the offset we report, after the same code points.
        let (before, stop) = iconv_parts(ours);
        let at: usize = stop.strip_prefix("illegal ")?.parse().ok()?;
        let quad: [u8; 4] = input.get(at..at + 4)?.try_into().ok()?;
        let value = if column == "iconv:UCS-4LE" { u32::from_le_bytes(quad) } else { u32::from_be_bytes(quad) };
        if (0x11_0000..=0x7FFF_FFFF).contains(&value) && theirs.starts_with(before) {
            return Some("ucs-4 reads 110000..7FFFFFFF");
        }
    }
    None
}

#[test]
fn the_recorded_oracles_agree_but_where_listed() {
    let mut columns: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    let (mut checked, mut unexplained) = (0, Vec::new());
    let mut found: BTreeMap<&str, usize> = BTreeMap::new();
    let mut rows = BTreeMap::new();
    for line in ORACLES.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        if fields[0] == "columns" {
            columns.insert(fields[1], fields[2..].to_vec());
            continue;
        }
        let (direction, kind, input, answers) = (fields[0], fields[1], fields[2], &fields[3..]);
        let names = &columns[direction];
        assert_eq!(answers.len(), names.len(), "{line}");
        *rows.entry((direction, kind)).or_insert(0) += 1;
        for (column, recorded) in names.iter().zip(answers) {
            let ours = match direction {
                "decode" => {
                    let input = codec_test::hex::parse(input).unwrap();
                    let ours = decode_answer(column, &input);
                    if ours != *recorded {
                        match divergence(column, &input, recorded, &ours) {
                            Some(why) => *found.entry(why).or_insert(0) += 1,
                            None => unexplained.push(format!("{column} on {input:02X?}: {recorded:?}, utfx {ours:?}")),
                        }
                    }
                    ours
                }
                _ => {
                    let input: Vec<CodePoint> =
                        input.split(' ').filter(|p| !p.is_empty()).map(|p| p.parse().unwrap()).collect();
                    let ours = encode_answer(column, &input);
                    if ours != *recorded {
                        unexplained.push(format!("{column} on {input:?}: {recorded:?}, utfx {ours:?}"));
                    }
                    ours
                }
            };
            let _ = ours;
            checked += 1;
        }
    }
    assert!(unexplained.is_empty(), "{} answers differ:\n{}", unexplained.len(), unexplained.join("\n"));
    let listed: BTreeMap<&str, usize> = DIVERGENCES.iter().copied().collect();
    assert_eq!(found, listed.into_iter().filter(|&(_, n)| n > 0).collect::<BTreeMap<_, _>>());
    // What was recorded: 19 decoding columns, 11 encoding ones.
    let decode_rows: usize = rows.iter().filter(|((d, _), _)| *d == "decode").map(|(_, n)| n).sum();
    let encode_rows: usize = rows.iter().filter(|((d, _), _)| *d == "encode").map(|(_, n)| n).sum();
    assert_eq!((decode_rows, encode_rows), (515, 224), "{rows:?}");
    assert_eq!(checked, 515 * 19 + 224 * 11);
}
