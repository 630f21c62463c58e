//! The independent conformance material: the U+FFFD tables (332 vectors and
//! 83 must-reject inputs) and the lines of Markus Kuhn's stress test in the
//! project's vector format, the WPT utf-8 decoder and encoder vectors, and
//! the Kuhn file whole (379 U+FFFD in replace mode).

use codec_core::{CodePoint, Decode, Encode};
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
    let vectors = codec_test::vectors::curated("utf-8");
    assert_eq!(codec_test::vectors::check_all(&UTF_8, &vectors), 819);
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

#[test]
fn wpt_utf8_decoder_vectors() {
    let json = include_str!("data/wpt-vectors.json");
    let ran = codec_test::wpt::run_decoder_vectors(&UTF_8, "utf-8", json);
    let doc: Value = serde_json::from_str(json).unwrap();
    assert!(ran >= 20, "only {ran} utf-8 vectors ran");
    for v in doc["encoder_vectors"].as_array().unwrap() {
        let (Some(units), Some(expected)) = (v["input_utf16_hex"].as_array(), v["expected_utf8_hex"].as_str()) else {
            continue;
        };
        let units: Vec<u16> = units.iter().map(|u| u16::from_str_radix(u.as_str().unwrap(), 16).unwrap()).collect();
        // TextEncoder converts the DOMString to scalar values first (lone
        // surrogates become U+FFFD), then encodes.
        let scalars: Vec<CodePoint> =
            char::decode_utf16(units).map(|r| CodePoint::from(r.unwrap_or(char::REPLACEMENT_CHARACTER))).collect();
        assert_eq!(UTF_8.encode(&scalars).unwrap(), hex(expected), "{}", v["name"]);
    }
}

#[test]
fn kuhn_stress_test_gives_379_replacements() {
    let file = include_bytes!("data/UTF-8-test.txt");
    assert_eq!(file.len(), 22_835);
    let decoded = UTF_8.decode_lossy(file);
    assert_eq!(decoded.iter().filter(|&&c| c == CodePoint::REPLACEMENT).count(), 379);
    codec_test::check_fast_paths(&UTF_8, file);
}
