//! The independent conformance material: the U+FFFD tables (332 vectors and
//! 83 must-reject inputs), the WPT utf-8 decoder and encoder vectors, and
//! Markus Kuhn's stress test (379 U+FFFD in replace mode).

use codec_core::{CodePoint, Decode, DecodeMode, Encode};
use codec_utf8::UTF_8;
use serde_json::Value;

fn hex(s: &str) -> Vec<u8> {
    codec_test::hex::parse(s).expect("hex")
}

fn points(v: &Value) -> Vec<CodePoint> {
    v.as_array().expect("list").iter().map(|p| p.as_str().unwrap().parse().unwrap()).collect()
}

#[test]
fn fffd_vectors() {
    let doc: Value = serde_json::from_str(include_str!("data/fffd-vectors.json")).unwrap();
    let vectors = doc["vectors"].as_array().unwrap();
    assert_eq!(vectors.len(), 332);
    for v in vectors {
        let input = hex(v["input_hex"].as_str().unwrap());
        let name = v["name"].as_str().unwrap();
        let strict = UTF_8.validate(&input);
        if let Some(expected) = v.get("expected_codepoints_hex") {
            let expected = points(expected);
            assert_eq!(UTF_8.decode_with(&input, DecodeMode::Replace).unwrap(), expected, "{name}");
            if let Some(count) = v["fffd_count"].as_u64() {
                assert_eq!(
                    UTF_8.decode_lossy(&input).iter().filter(|&&c| c == CodePoint::REPLACEMENT).count() as u64,
                    count,
                    "{name}"
                );
            }
        } else {
            // A fatal-only vector: the code points before the error, then the error.
            assert!(v["fatal_error"].as_bool().unwrap(), "{name}");
            let before = points(&v["output_before_error_codepoints_hex"]);
            let up_to = strict.unwrap_err().valid_up_to();
            assert_eq!(UTF_8.decode(&input[..up_to]).unwrap(), before, "{name}");
        }
        if let Some(must_fail) = v["strict_must_fail"].as_bool() {
            assert_eq!(strict.is_err(), must_fail, "{name}");
        }
        if let Some(well_formed) = v["well_formed"].as_bool() {
            assert_eq!(strict.is_ok(), well_formed, "{name}");
        }
        // std agrees on where and how long.
        let std = core::str::from_utf8(&input).map_err(|e| (e.valid_up_to(), e.error_len()));
        assert_eq!(strict.map_err(|e| (e.valid_up_to(), e.error_len())), std.map(|_| ()), "{name}");
        codec_test::check_decode_splits(&UTF_8, &input);
    }
    let rejects = doc["strict_reject_vectors"].as_array().unwrap();
    assert_eq!(rejects.len(), 83);
    for v in rejects {
        let input = hex(v["input_hex"].as_str().unwrap());
        assert!(UTF_8.validate(&input).is_err(), "{}", v["name"]);
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
    let doc: Value = serde_json::from_str(include_str!("data/kuhn-utf8-test-derived.json")).unwrap();
    let vectors = doc["vectors"].as_array().unwrap();
    assert_eq!(vectors.len(), 83);
    for v in vectors {
        let input = hex(v["input_hex"].as_str().unwrap());
        assert_eq!(UTF_8.decode_lossy(&input), points(&v["expected_codepoints_hex"]), "line {}", v["line"]);
    }
    codec_test::check_fast_paths(&UTF_8, file);
}
