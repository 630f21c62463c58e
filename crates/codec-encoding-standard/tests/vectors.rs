//! The generated vectors of every legacy encoding (`codec_test::generate`
//! over the codecs' own probes, `Codec::probes`): named in each codec's
//! terms, never in UTF-8's; every error explained by its index and pointer
//! or the range a byte is outside of (`Codec::explain`); and every expected
//! value, which utfx computes, checked against encoding_rs (its replacing
//! decoder's text and `Malformed` reports, its encoder with HTML
//! references), and the draft's hz-gb-2312 pairs against index gb18030.

use std::sync::OnceLock;

use codec_core::{DecodeMode, DynCodec, EncodeMode};
use codec_encoding_standard::{ALL, HZ_GB_2312_2014, ISO_2022_JP, REPLACEMENT};
use codec_test::generate;
use codec_test::vectors::{Direction, Vector};
use encoding_rs::{DecoderResult, Encoding};

/// Every legacy codec, with the encoding_rs `Encoding` that checks it
/// (none for the draft's hz-gb-2312).
fn legacy() -> Vec<(&'static dyn DynCodec, Option<&'static Encoding>)> {
    let mut all: Vec<(&'static dyn DynCodec, Option<&'static Encoding>)> =
        ALL.iter().map(|e| (*e as &dyn DynCodec, Some(e.encoding()))).collect();
    all.push((&ISO_2022_JP, Some(encoding_rs::ISO_2022_JP)));
    all.push((&REPLACEMENT, Some(encoding_rs::REPLACEMENT)));
    all.push((&HZ_GB_2312_2014, None));
    all
}

/// The generated vectors of `codec`: decoding in fatal and replace mode,
/// encoding in fatal and html mode, with some random ones (computed once
/// for the tests here).
fn generated(codec: &dyn DynCodec) -> &'static [Vector] {
    static ALL: OnceLock<Vec<(&'static str, Vec<Vector>)>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        legacy()
            .into_iter()
            .map(|(codec, _)| {
                let mut all = Vec::new();
                for mode in [DecodeMode::Fatal, DecodeMode::Replace] {
                    all.extend(generate::decode_vectors(codec, mode, 40, 7));
                }
                for mode in [EncodeMode::Fatal, EncodeMode::Html] {
                    all.extend(generate::encode_vectors(codec, mode, 20, 7));
                }
                (codec.info().name, all)
            })
            .collect()
    });
    let name = codec.info().name;
    &all.iter().find(|(n, _)| *n == name).expect("a legacy codec").1
}

/// Words of the UTF-8 family's vectors (`generate::SPECIAL`, the
/// boundaries of its sequence lengths) that mean nothing in a legacy
/// encoding.
const UTF8_TERMS: &[&str] = &[
    "overlong",
    "surrogate",
    "cesu",
    "bom",
    "continuation",
    "utf-",
    "boundary",
    "magic number",
    "five bytes",
    "six bytes",
    "modified utf",
    "cut to",
];

#[test]
fn generated_vectors_are_named_in_each_codecs_terms() {
    for (codec, _) in legacy() {
        let vectors = generated(codec);
        assert!(vectors.len() > 40, "{}: {} vectors", codec.info().name, vectors.len());
        for v in vectors {
            let name = v.name.to_lowercase();
            let term = UTF8_TERMS.iter().find(|t| name.contains(*t));
            assert!(term.is_none(), "{}: {:?} names {term:?}", codec.info().name, v.name);
        }
    }
    // What the issue found: shift_jis's vectors were UTF-8's.
    let names: Vec<&str> = generated(&codec_encoding_standard::SHIFT_JIS).iter().map(|v| v.name.as_str()).collect();
    assert!(names.contains(&"row 81 of index jis0208: its first pointer, 0 (81 40)"));
}

#[test]
fn every_generated_error_says_what_decides_it() {
    for (codec, _) in legacy() {
        let name = codec.info().name;
        for v in generated(codec) {
            for e in v.errors.iter().flatten() {
                let kind = e.kind.as_deref().unwrap_or_default();
                // Encoding: only an unmapped scalar value has a rule of the
                // codec's (a surrogate is no scalar value in any encoding).
                if v.direction == Direction::Encode && kind != "unrepresentable" {
                    continue;
                }
                assert!(e.rule.is_some(), "{name}: {} ({}): no rule for {e}", v.name, v.input);
            }
            // A probe of an unmapped pointer: its error names that pointer
            // of that index.
            if v.direction == Direction::Decode
                && v.mode == "fatal"
                && let Some(pointer) = unmapped_pointer(&v.name)
            {
                let rule = v.errors.as_ref().and_then(|e| e.first()).and_then(|e| e.rule.clone());
                let rule = rule.unwrap_or_else(|| panic!("{name}: {}: no error", v.name));
                assert!(rule.contains(&pointer), "{name}: {}: {rule:?} does not name {pointer:?}", v.name);
            }
        }
    }
}

/// `pointer P of index X` of a probe named as an unmapped pointer (the
/// first of a run for a run).
fn unmapped_pointer(name: &str) -> Option<String> {
    if name.starts_with("damaged") || !name.contains("unmapped") || name.contains("the last") {
        return None;
    }
    let words: Vec<&str> = name.split([' ', ',', ':']).filter(|w| !w.is_empty()).collect();
    let at = words.iter().position(|w| *w == "pointer" || *w == "pointers")?;
    let index_at = words.iter().position(|w| *w == "index")?;
    Some(format!("pointer {} of index {}", words[at + 1], words[index_at + 1]))
}

/// encoding_rs's replacing decoder: the text and each error's (offset,
/// length), from its `Malformed` reports.
fn oracle(encoding: &'static Encoding, input: &[u8]) -> (Vec<u32>, Vec<(usize, usize)>) {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut out = vec![0u16; decoder.max_utf16_buffer_length(input.len()).unwrap() + 4];
    let (mut at, mut written, mut errors) = (0, 0, Vec::new());
    loop {
        let (result, read, w) = decoder.decode_to_utf16_without_replacement(&input[at..], &mut out[written..], true);
        at += read;
        written += w;
        match result {
            DecoderResult::InputEmpty => break,
            DecoderResult::Malformed(len, after) => {
                errors.push((at - usize::from(len) - usize::from(after), usize::from(len)));
                out[written] = 0xFFFD;
                written += 1;
            }
            DecoderResult::OutputFull => panic!("the buffer holds the whole output"),
        }
    }
    let text = char::decode_utf16(out[..written].iter().copied()).map(|c| u32::from(c.unwrap())).collect();
    (text, errors)
}

fn points(hex: &str) -> Vec<u32> {
    hex.split_whitespace().map(|h| u32::from_str_radix(h, 16).unwrap()).collect()
}

#[test]
fn generated_vectors_agree_with_encoding_rs() {
    for (codec, encoding) in legacy() {
        let Some(encoding) = encoding else { continue };
        let name = codec.info().name;
        let mut checked = 0;
        for v in generated(codec) {
            match (v.direction, v.mode.as_str()) {
                (Direction::Decode, "replace") => {
                    let input = v.input_bytes().unwrap();
                    let (text, errors) = oracle(encoding, &input);
                    assert_eq!(points(v.output.as_deref().unwrap()), text, "{name}: {}: {}", v.name, v.input);
                    let ours: Vec<(usize, usize)> = v
                        .errors
                        .iter()
                        .flatten()
                        .map(|e| (e.offset, e.length.unwrap_or(input.len() - e.offset)))
                        .collect();
                    assert_eq!(ours, errors, "{name}: {}: {}", v.name, v.input);
                    checked += 1;
                }
                (Direction::Encode, "html") => {
                    let input: Option<String> = points(&v.input).into_iter().map(char::from_u32).collect();
                    // A surrogate is no `str`; iso-2022-jp's SO, SI and ESC
                    // are `&#14;` where encoding_rs writes `&#65533;`, by
                    // choice (decision 0030, point 10).
                    let Some(text) = input else { continue };
                    if codec.info().name == "iso-2022-jp" && text.contains(['\u{E}', '\u{F}', '\u{1B}']) {
                        continue;
                    }
                    let (bytes, _, _) = encoding.encode(&text);
                    let ours = codec_test::hex::parse(v.output.as_deref().unwrap()).unwrap();
                    assert_eq!(ours, &bytes[..], "{name}: {}: {}", v.name, v.input);
                    checked += 1;
                }
                _ => {}
            }
        }
        assert!(checked > 40, "{name}: {checked} vectors checked");
    }
}

#[test]
fn hz_pairs_are_index_gb18030s() {
    // The draft's hz-gb-2312 pair `lead trail` (each 21..7E) is pointer
    // (lead − 1) × 190 + (trail + 0x3F) of index gb18030: gb18030's pair
    // `lead + 0x80, trail + 0x80` (a lead of 7E is `~`).
    let mut checked = 0;
    for v in generate::decode_vectors(&HZ_GB_2312_2014, DecodeMode::Replace, 0, 1) {
        let input = v.input_bytes().unwrap();
        let [0x7E, 0x7B, lead @ 0x21..=0x7D, trail @ 0x21..=0x7E] = input[..] else { continue };
        let (text, errors) = oracle(encoding_rs::GB18030, &[lead | 0x80, trail | 0x80]);
        assert_eq!(points(v.output.as_deref().unwrap()), text, "{}", v.name);
        assert_eq!(v.errors.as_ref().unwrap().len(), errors.len(), "{}", v.name);
        checked += 1;
    }
    assert!(checked > 180, "{checked}");
}

#[test]
fn every_legacy_encoding_passes_its_curated_vectors() {
    // The web-platform-tests' legacy-encoding tests, encoding_rs's own
    // tests and test data, CPython's HZ text: `crates/codec-test/data/`,
    // converted by `cargo xtask vectors` from `tests/data/` here.
    let mut counts = Vec::new();
    for (codec, _) in legacy() {
        let name = codec.info().name;
        let curated = codec_test::vectors::curated(name);
        let ran = codec_test::vectors::check_all(codec, &curated);
        assert_eq!(ran, curated.len(), "{name}");
        assert!(ran > 0, "{name} has no curated vectors");
        counts.push((name, ran));
    }
    // Every source reaches the encodings it tests.
    let sources = |name: &str| -> Vec<codec_test::vectors::SourceKind> {
        codec_test::vectors::curated(name).iter().map(|v| v.source).collect()
    };
    use codec_test::vectors::SourceKind::{Implementation, Wpt};
    for name in ["shift_jis", "euc-jp", "iso-2022-jp", "gb18030", "gbk", "big5", "euc-kr", "windows-1253"] {
        let kinds = sources(name);
        assert!(kinds.contains(&Wpt) && kinds.contains(&Implementation), "{name}: {kinds:?}");
    }
    assert!(sources("hz-gb-2312-2014").contains(&Implementation));
    assert!(counts.iter().all(|(_, n)| *n > 0), "{counts:?}");
}
