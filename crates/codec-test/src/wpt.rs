//! A runner for the web-platform-tests `TextDecoder` vectors (the project's
//! `wpt-vectors.json` format), for every codec the Encoding Standard names:
//! one-shot and streaming decoding, the fatal flag, and BOM removal.
//!
//! # Examples
//!
//! ```
//! # use codec_core::{CodePoint, Decode, ErrorKind, Step};
//! # use codec_core::doc_example::Ascii;
//! let json = r#"{"decoder_vectors": [{"name": "hi", "encoding": "ascii", "input_hex": "6869",
//!     "fatal": true, "expected_codepoints_hex": ["0068", "0069"]}]}"#;
//! assert_eq!(codec_test::wpt::run_decoder_vectors(&Ascii, "ascii", json), 1);
//! ```

use codec_core::{CodePoint, Decode, DecodeMode};
use serde_json::Value;

fn hex(v: &Value) -> Vec<u8> {
    crate::hex::parse(v.as_str().expect("hex string")).expect("valid hex")
}

fn points(v: &Value) -> Vec<CodePoint> {
    v.as_array().expect("code point list").iter().map(|p| p.as_str().unwrap().parse().unwrap()).collect()
}

/// The byte order mark as a decoded code point.
const BOM: CodePoint = CodePoint::new(0xFEFF);

/// Runs every decoder vector of `json` whose `encoding` is `encoding` through
/// `codec` and returns how many ran; panics on the first disagreement.
///
/// A vector's `fatal` picks fatal or replace mode. Unless `ignore_bom`, a
/// leading U+FEFF of a stream's output is dropped, which is what
/// `TextDecoder` does with a BOM of its own encoding (a BOM of another
/// encoding decodes to something else and stays). `stream_chunks` go through
/// one streaming decoder; a chunk without `stream` ends the stream, and so
/// does a fatal error.
///
/// # Panics
///
/// When a vector fails, naming it.
pub fn run_decoder_vectors<D: Decode<Point = CodePoint> + ?Sized>(codec: &D, encoding: &str, json: &str) -> usize {
    let doc: Value = serde_json::from_str(json).expect("vector JSON");
    let mut ran = 0;
    for v in doc["decoder_vectors"].as_array().expect("decoder_vectors") {
        if !v["encoding"].as_str().is_some_and(|e| e.eq_ignore_ascii_case(encoding)) {
            continue;
        }
        let name = v["name"].as_str().unwrap_or("?");
        let mode = if v["fatal"].as_bool().unwrap_or(false) { DecodeMode::Fatal } else { DecodeMode::Replace };
        let ignore_bom = v["ignore_bom"].as_bool().unwrap_or(false);
        if let Some(chunks) = v["stream_chunks"].as_array() {
            let mut decoder = codec_core::Decoder::new(codec, mode);
            let mut at_start = true;
            for chunk in chunks {
                let last = !chunk["stream"].as_bool().unwrap_or(false);
                let mut out = Vec::new();
                let result = decoder.decode_chunk(&hex(&chunk["input_hex"]), last, &mut out);
                if at_start && !out.is_empty() {
                    if !ignore_bom && out[0] == BOM {
                        out.remove(0);
                    }
                    at_start = false;
                }
                if chunk["fatal_error"].as_bool().unwrap_or(false) {
                    assert!(result.is_err(), "{name}: chunk {chunk}");
                } else if let Some(expected) = chunk.get("expected_codepoints_hex").filter(|e| !e.is_null()) {
                    assert_eq!(result.map(|()| out), Ok(points(expected)), "{name}: chunk {chunk}");
                }
                let failed = decoder.decode_chunk(&[], false, &mut Vec::new()).is_err();
                if last || failed {
                    decoder = codec_core::Decoder::new(codec, mode);
                    at_start = true;
                }
            }
        } else {
            let mut result = codec.decode_with(&hex(&v["input_hex"]), mode);
            if let Ok(out) = &mut result
                && !ignore_bom
                && out.first() == Some(&BOM)
            {
                out.remove(0);
            }
            if let Some(not) = v.get("expected_not_codepoints_hex") {
                assert_ne!(result, Ok(points(not)), "{name}");
            }
            if v["fatal_error"].as_bool().unwrap_or(false) {
                assert!(result.is_err(), "{name}");
            } else if let Some(expected) = v.get("expected_codepoints_hex").filter(|e| !e.is_null()) {
                assert_eq!(result, Ok(points(expected)), "{name}");
            }
        }
        ran += 1;
    }
    ran
}
