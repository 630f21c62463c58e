//! The independent conformance material: the U+FFFD tables (332 vectors and
//! 83 must-reject inputs) and the lines of Markus Kuhn's stress test in the
//! project's vector format, the WPT utf-8 decoder and encoder vectors in it
//! too, and the Kuhn file whole (379 U+FFFD in replace mode).

use codec_core::{CodePoint, Decode};
use codec_test::vectors::{self, Direction, SourceKind, Vector};
use codec_utf8::UTF_8;
use serde_json::Value;

fn hex(s: &str) -> Vec<u8> {
    codec_test::hex::parse(s).expect("hex")
}

/// The U+FFFD tables (332 vectors, 83 must-reject inputs) and the Kuhn
/// lines, as `cargo xtask vectors` converts them to the project's vector
/// format (`codec_test::vectors`): replace-mode output, and fatal failure
/// where the sources say a strict decoder must fail.
#[test]
fn curated_utf8_vectors() {
    // The WPT vectors are `wpt_utf8_vectors`'.
    let vectors: Vec<Vector> = vectors::curated("utf-8").into_iter().filter(|v| v.source != SourceKind::Wpt).collect();
    assert_eq!(vectors::check_all(&UTF_8, &vectors), 819);
    let fatal_failures = vectors.iter().filter(|v| v.mode == "fatal" && v.output.is_none()).count();
    assert_eq!(fatal_failures, 393);
    let mut seen = std::collections::HashSet::new();
    for v in &vectors {
        let input = v.input_bytes().expect("decoding vectors");
        // An input comes in a replace and a fatal vector: checked once.
        if !seen.insert(input.clone()) {
            continue;
        }
        // std agrees on where and how long.
        let std = core::str::from_utf8(&input).map_err(|e| (e.valid_up_to(), e.error_len()));
        let strict = UTF_8.validate(&input).map_err(|e| (e.valid_up_to(), e.error_len()));
        assert_eq!(strict, std.map(|_| ()), "{}", v.name);
        if v.name.starts_with("UTF-8-test.txt") {
            continue;
        }
        codec_test::check_decode_splits(&UTF_8, &input);
    }
}

/// The web-platform-tests vectors as `cargo xtask vectors` converts them
/// (`wpt.jsonl`): `TextDecoder`'s, one-shot and streamed in the pieces
/// WPT feeds (`chunks`), its BOM removal (`strip_bom`), and `TextEncoder`'s
/// (a lone surrogate written as U+FFFD: replace mode).
#[test]
fn wpt_utf8_vectors() {
    let wpt: Vec<Vector> = vectors::curated("utf-8").into_iter().filter(|v| v.source == SourceKind::Wpt).collect();
    // Counted with python from wpt-vectors.json: 90 utf-8 decoder vectors,
    // less the 2 "must NOT decode to" ones (`wpt_utf8_must_not_vectors`),
    // and the 3 that reuse one decoder for 3, 2 and 2 whole streams as a
    // vector per call (+4): 92; and the 14 encoder vectors.
    assert_eq!(wpt.iter().filter(|v| v.direction == Direction::Decode).count(), 92);
    assert_eq!(wpt.iter().filter(|v| v.direction == Direction::Encode).count(), 14);
    assert_eq!(vectors::check_all(&UTF_8, &wpt), 106);
}

/// WPT's "must NOT decode to the sample" vectors (a BOM of another
/// encoding is not sniffed), which the vector format cannot say: read from
/// the upstream file.
#[test]
fn wpt_utf8_must_not_vectors() {
    let doc: Value = serde_json::from_str(include_str!("data/wpt-vectors.json")).unwrap();
    let mut ran = 0;
    for v in doc["decoder_vectors"].as_array().unwrap() {
        let Some(not) = v.get("expected_not_codepoints_hex").filter(|_| v["encoding"] == "utf-8") else {
            continue;
        };
        let not: Vec<CodePoint> =
            not.as_array().unwrap().iter().map(|p| p.as_str().unwrap().parse().unwrap()).collect();
        assert_ne!(UTF_8.decode_lossy(&hex(v["input_hex"].as_str().unwrap())), not, "{}", v["name"]);
        ran += 1;
    }
    assert_eq!(ran, 2);
}

#[test]
fn kuhn_stress_test_gives_379_replacements() {
    let file = include_bytes!("data/UTF-8-test.txt");
    assert_eq!(file.len(), 22_835);
    let decoded = UTF_8.decode_lossy(file);
    assert_eq!(decoded.iter().filter(|&&c| c == CodePoint::REPLACEMENT).count(), 379);
    codec_test::check_fast_paths(&UTF_8, file);
}
