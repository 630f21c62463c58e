//! A codec-neutral vector format and its runner.
//!
//! A vector file is JSON:
//!
//! ```json
//! {
//!   "description": "what these vectors are and where they come from",
//!   "vectors": [
//!     {
//!       "name": "overlong NUL",
//!       "input_hex": "C0 80",
//!       "expect": {
//!         "utf-8": { "error": { "offset": 0, "len": 1, "kind": "invalid_lead" },
//!                    "replace": ["U+FFFD", "U+FFFD"] },
//!         "mutf-8": { "points": ["U+0000"] },
//!         "cesu-8": "skip"
//!       }
//!     }
//!   ]
//! }
//! ```
//!
//! For each codec a vector names, `points` is the fatal-mode result,
//! `error` the fatal-mode error (`len` is `null` for a truncated end), and
//! `replace` the replace-mode result; any subset may be given. `"skip"` says
//! the vector does not apply. Code points are written as `U+` hex (any case,
//! any prefix the core accepts) and compared by value, so unbounded code
//! points work too.

use codec_core::{BigCodePoint, Codec, DecodeMode};
use serde_json::Value;

/// Runs every vector of `json` that names `codec` (by its `CodecInfo` name)
/// and returns how many it ran.
///
/// # Panics
///
/// When the JSON is malformed, or with the list of every failing vector.
///
/// # Examples
///
/// ```
/// # use codec_core::{CodePoint, Codec, CodecInfo, Decode, Domain, Encode, EncodeStep, ErrorKind, Step, Surrogates};
/// # use codec_core::doc_example::Ascii;
/// let json = r#"{"vectors": [{"name": "A", "input_hex": "41 FF",
///   "expect": {"ascii": {"error": {"offset": 1, "len": 1, "kind": "invalid_lead"},
///                        "replace": ["U+0041", "U+FFFD"]}}}]}"#;
/// assert_eq!(codec_test::vectors::run(&Ascii, json), 1);
/// ```
pub fn run<C: Codec + ?Sized>(codec: &C, json: &str) -> usize {
    let doc: Value = serde_json::from_str(json).expect("vector file is valid JSON");
    let vectors = doc["vectors"].as_array().expect("vector file has a `vectors` array");
    let name = codec.info().name;
    let mut failures = Vec::new();
    let mut ran = 0;
    for v in vectors {
        let Some(expect) = v["expect"].get(name) else { continue };
        if expect.as_str() == Some("skip") {
            continue;
        }
        ran += 1;
        let label = v["name"].as_str().unwrap_or("(unnamed)");
        let input =
            crate::hex::parse(v["input_hex"].as_str().expect("input_hex is a string")).expect("input_hex is hex");
        if let Some(points) = expect.get("points") {
            let want = parse_points(points);
            match codec.decode(&input) {
                Ok(got) => {
                    let got = normalize(&got);
                    if got != want {
                        failures.push(format!("{label}: decoded {got:?}, expected {want:?}"));
                    }
                }
                Err(e) => failures.push(format!("{label}: expected success, got error {e}")),
            }
        }
        if let Some(error) = expect.get("error") {
            let offset = error["offset"].as_u64().expect("error.offset is a number") as usize;
            let len = error["len"].as_u64().map(|n| n as usize);
            let kind = error["kind"].as_str().expect("error.kind is a string");
            match codec.decode(&input) {
                Ok(_) => failures.push(format!("{label}: expected an error, decoding succeeded")),
                Err(e) => {
                    if (e.valid_up_to(), e.error_len(), e.kind().as_str()) != (offset, len, kind) {
                        failures.push(format!(
                            "{label}: error at {} len {:?} kind {}, expected at {offset} len {len:?} kind {kind}",
                            e.valid_up_to(),
                            e.error_len(),
                            e.kind().as_str()
                        ));
                    }
                }
            }
        }
        if let Some(points) = expect.get("replace") {
            let want = parse_points(points);
            let got = codec.decode_with(&input, DecodeMode::Replace).map(|p| normalize(&p));
            if got.as_ref() != Ok(&want) {
                failures.push(format!("{label}: replace mode gave {got:?}, expected {want:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{} of {ran} vectors failed for {name}:\n{}", failures.len(), failures.join("\n"));
    ran
}

fn parse_points(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("a list of code points")
        .iter()
        .map(|p| {
            let text = p.as_str().expect("code points are strings");
            text.parse::<BigCodePoint>().expect("a code point").to_string()
        })
        .collect()
}

fn normalize<P: codec_core::AnyCodePoint>(points: &[P]) -> Vec<String> {
    points.iter().map(|p| p.to_string()).collect()
}
