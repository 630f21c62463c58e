//! Every vector of `data/wtf8-vectors.json` (the unit tests of rust std's
//! wtf8, rust-wtf8, Zig's `std.unicode` and wtf-8.js), run against the codec
//! and the string types.

use codec_core::{CodePoint, Decode, DecodeMode, Encode, ErrorKind, Step};
use codec_test::hex;
use codec_utf8::automaton::{Grammar, decode_step};
use codec_wtf8::{WTF_8, Wtf8, Wtf8Buf, concat};
use serde_json::Value;

const DATA: &str = include_str!("data/wtf8-vectors.json");

fn bytes(v: &Value) -> Vec<u8> {
    hex::parse(v.as_str().expect("hex string")).expect("valid hex")
}

fn units(v: &Value) -> Vec<u16> {
    v.as_array().expect("unit list").iter().map(|u| u16::from_str_radix(u.as_str().unwrap(), 16).unwrap()).collect()
}

fn points(v: &Value) -> Vec<CodePoint> {
    v.as_array()
        .expect("code point list")
        .iter()
        .map(|u| CodePoint::new(u32::from_str_radix(u.as_str().unwrap(), 16).unwrap()))
        .collect()
}

fn wtf8(v: &Value) -> Wtf8Buf {
    Wtf8Buf::from_bytes(bytes(v))
        .unwrap_or_else(|e| panic!("{} is not WTF-8: {}", hex::format(&e.clone().into_bytes()), e.error()))
}

/// Decodes generalized UTF-8 with the core's automaton (for inputs that are
/// generalized UTF-8 but not WTF-8).
fn generalized(mut b: &[u8]) -> Vec<CodePoint> {
    let mut out = Vec::new();
    while !b.is_empty() {
        match decode_step(Grammar::GENERALIZED, b) {
            Step::Point { point, len } => {
                out.push(point);
                b = &b[len..];
            }
            other => panic!("not generalized UTF-8: {other:?}"),
        }
    }
    out
}

#[test]
fn all_vectors() {
    let doc: Value = serde_json::from_str(DATA).unwrap();
    let vectors = doc["vectors"].as_array().unwrap();
    let mut ran = 0;
    for v in vectors {
        let name = v["name"].as_str().unwrap();
        match v["kind"].as_str().unwrap() {
            "utf16_to_wtf8" => {
                let s = Wtf8Buf::from_wide(&units(&v["input_utf16_hex"]));
                assert_eq!(s.as_bytes(), bytes(&v["expected_wtf8_hex"]), "{name}");
                assert_eq!(s.is_utf8(), v["expected_is_utf8"].as_bool().unwrap(), "{name}");
            }
            "codepoints_to_wtf8" => {
                let cps = points(&v["input_codepoints_hex"]);
                let expected = bytes(&v["expected_wtf8_hex"]);
                assert_eq!(Wtf8Buf::from_code_points(&cps).unwrap().as_bytes(), expected, "{name}");
                assert_eq!(WTF_8.encode(&cps).unwrap(), expected, "{name}");
                let mut pushed = Wtf8Buf::new();
                for cp in cps {
                    pushed.push(cp).unwrap();
                }
                assert_eq!(pushed.as_bytes(), expected, "{name}");
            }
            "codepoints_extend_to_wtf8" => {
                let mut s = Wtf8Buf::from_code_points(&points(&v["initial_codepoints_hex"])).unwrap();
                for cp in points(&v["extend_codepoints_hex"]) {
                    s.push(cp).unwrap();
                }
                assert_eq!(s.as_bytes(), bytes(&v["expected_wtf8_hex"]), "{name}");
            }
            "wtf8_concat" => {
                let owned: Vec<Wtf8Buf> = v["parts_hex"].as_array().unwrap().iter().map(wtf8).collect();
                let parts: Vec<&Wtf8> = owned.iter().map(Wtf8Buf::as_wtf8).collect();
                let mut s = Wtf8Buf::new();
                s.extend(parts.iter().copied());
                assert_eq!(s.as_bytes(), bytes(&v["expected_wtf8_hex"]), "{name}");
                if let [left, right] = parts[..] {
                    assert_eq!(concat(left, right), s, "{name}");
                }
            }
            "wtf8_to_utf16" => {
                let w = wtf8(&v["input_wtf8_hex"]);
                assert_eq!(w.encode_wide().collect::<Vec<_>>(), units(&v["expected_utf16_hex"]), "{name}");
                assert_eq!(w.to_wide(), units(&v["expected_utf16_hex"]), "{name}");
            }
            "wtf8_code_points" => {
                let w = wtf8(&v["input_wtf8_hex"]);
                let cps: Vec<CodePoint> = w.code_points().collect();
                assert_eq!(cps, points(&v["expected_codepoints_hex"]), "{name}");
                if let Some(expected) = v["expected_chars"].as_array() {
                    let chars: Vec<Option<char>> = cps.iter().map(|cp| cp.to_char()).collect();
                    let expected: Vec<Option<char>> = expected
                        .iter()
                        .map(|c| c.as_str().map(|h| char::from_u32(u32::from_str_radix(h, 16).unwrap()).unwrap()))
                        .collect();
                    assert_eq!(chars, expected, "{name}");
                }
            }
            "wtf8_code_point_range_at" => {
                let w = wtf8(&v["input_wtf8_hex"]);
                let got: Vec<_> = w.code_point_indices().collect();
                let expected = v["expected"].as_array().unwrap();
                assert_eq!(got.len(), expected.len(), "{name}");
                for (i, (e, (at, cp))) in expected.iter().zip(&got).enumerate() {
                    assert_eq!(*at as u64, e["at"].as_u64().unwrap(), "{name}");
                    assert_eq!(cp.to_u32(), u32::from_str_radix(e["cp"].as_str().unwrap(), 16).unwrap(), "{name}");
                    let next = got.get(i + 1).map_or(w.len(), |(n, _)| *n);
                    assert_eq!(next as u64, e["next"].as_u64().unwrap(), "{name}");
                }
            }
            "wtf8_to_utf8_lossy" => {
                let input = bytes(&v["input_wtf8_hex"]);
                if v["expected_error"].as_bool() == Some(true) {
                    assert!(Wtf8::from_bytes(&input).is_err(), "{name}");
                } else if let Ok(w) = Wtf8::from_bytes(&input) {
                    assert_eq!(w.to_string_lossy().as_bytes(), bytes(&v["expected_utf8_hex"]), "{name}");
                    assert_eq!(w.to_owned().into_string_lossy().as_bytes(), bytes(&v["expected_utf8_hex"]), "{name}");
                    assert_eq!(w.to_string().as_bytes(), bytes(&v["expected_utf8_hex"]), "{name}");
                } else {
                    // Zig accepts a surrogate pair byte sequence here; the
                    // specification calls it ill-formed, so `Wtf8` refuses it.
                    // Decoding in replace mode (U+FFFD for the lead, the trail
                    // kept) and then replacing surrogates gives Zig's bytes.
                    assert_eq!(Wtf8::from_bytes(&input).unwrap_err().kind(), ErrorKind::SurrogatePair, "{name}");
                    let lossy: String = WTF_8
                        .decode_with(&input, DecodeMode::Replace)
                        .unwrap()
                        .into_iter()
                        .map(|cp| cp.to_char().unwrap_or(char::REPLACEMENT_CHARACTER))
                        .collect();
                    assert_eq!(lossy.as_bytes(), bytes(&v["expected_utf8_hex"]), "{name}");
                }
            }
            "wtf8_as_str" => {
                let w = wtf8(&v["input_wtf8_hex"]);
                assert_eq!(w.to_str().is_ok(), v["expected_utf8_valid"].as_bool().unwrap(), "{name}");
            }
            "wtf8_to_str_split" => {
                let w = wtf8(&v["input_wtf8_hex"]);
                let (head, rest) = w.split_utf8_prefix();
                assert_eq!(head.as_bytes(), bytes(&v["expected_utf8_prefix_hex"]), "{name}");
                assert_eq!(rest.as_bytes(), bytes(&v["expected_rest_hex"]), "{name}");
            }
            "wtf8_slice" => {
                let w = wtf8(&v["input_wtf8_hex"]);
                let start = v["start"].as_u64().unwrap() as usize;
                let got = match v["end"].as_u64() {
                    Some(end) => w.slice(start..end as usize),
                    None => w.slice(start..),
                };
                assert_eq!(got.is_ok(), v["expected_ok"].as_bool().unwrap(), "{name}");
                if let Ok(s) = got {
                    assert_eq!(s.as_bytes(), bytes(&v["expected_hex"]), "{name}");
                }
            }
            "wtf8_truncate" => {
                let w = wtf8(&v["input_wtf8_hex"]);
                for (key, ok) in [("ok_lengths", true), ("bad_lengths", false)] {
                    for len in v[key].as_array().unwrap() {
                        let mut s = w.to_owned();
                        let len = len.as_u64().unwrap() as usize;
                        assert_eq!(s.truncate(len).is_ok(), ok, "{name}: {len}");
                        assert_eq!(s.len(), if ok { len } else { w.len() }, "{name}: {len}");
                    }
                }
            }
            "codepoint_range" => {
                for (key, ok) in [("ok", true), ("bad", false)] {
                    for cp in points(&v[key]) {
                        assert_eq!(WTF_8.encode(&[cp]).is_ok(), ok, "{name}: {cp}");
                        assert_eq!(Wtf8Buf::new().push(cp).is_ok(), ok, "{name}: {cp}");
                    }
                }
            }
            "wtf8_validate" => {
                let input = bytes(&v["input_hex"]);
                let expected = v["expected_valid"].as_bool().unwrap();
                assert_eq!(WTF_8.validate(&input).is_ok(), expected, "{name}");
                assert_eq!(Wtf8::from_bytes(&input).is_ok(), expected, "{name}");
                if let Some(utf8) = v["expected_valid_as_utf8"].as_bool() {
                    assert_eq!(core::str::from_utf8(&input).is_ok(), utf8, "{name}");
                    if let Ok(w) = Wtf8::from_bytes(&input) {
                        assert_eq!(w.is_utf8(), utf8, "{name}");
                    }
                }
                // Not under Miri: the codec's validator alone, no `unsafe`
                // (Miri is there for the string types' cast).
                if !expected && input.len() > 100 && !cfg!(miri) {
                    // Upstream checks that every suffix but the last three
                    // bytes' is invalid too.
                    for i in 0..input.len() - 3 {
                        assert!(WTF_8.validate(&input[i..]).is_err(), "{name}: suffix {i}");
                    }
                }
            }
            "wtf8_to_wtf16_to_wtf8" => {
                // The input is generalized UTF-8 but not WTF-8: the
                // specification says so, and so does `Wtf8::from_bytes`.
                let input = bytes(&v["input_wtf8_hex"]);
                assert_eq!(WTF_8.validate(&input).unwrap_err().kind(), ErrorKind::SurrogatePair, "{name}");
                let wide = codec_utf16::units::encode(&generalized(&input), codec_utf16::units::Pairs::Merge).unwrap();
                assert_eq!(wide, units(&v["expected_utf16_hex"]), "{name}");
                let back = Wtf8Buf::from_wide(&wide);
                assert_eq!(back.as_bytes(), bytes(&v["expected_wtf8_after_roundtrip_hex"]), "{name}");
            }
            "wtf8_roundtrip" => {
                let w = wtf8(&v["input_wtf8_hex"]);
                let wide: Vec<u16> = w.encode_wide().collect();
                assert_eq!(w.to_wide(), wide, "{name}");
                assert_eq!(Wtf8Buf::from_wide(&wide).as_bytes(), w.as_bytes(), "{name}");
            }
            "wtf16_roundtrip" => {
                let wide = units(&v["input_utf16_hex"]);
                let s = Wtf8Buf::from_wide(&wide);
                assert_eq!(s.encode_wide().collect::<Vec<_>>(), wide, "{name}");
            }
            "wtf8_length_of_wtf16" => {
                let s = Wtf8Buf::from_wide(&units(&v["input_utf16_hex"]));
                assert_eq!(s.len() as u64, v["expected_wtf8_len"].as_u64().unwrap(), "{name}");
            }
            "wtf16_wtf8_pair" => {
                let wide = units(&v["input_utf16_hex"]);
                let expected = bytes(&v["expected_wtf8_hex"]);
                assert_eq!(Wtf8Buf::from_wide(&wide).as_bytes(), expected, "{name}");
                if v["bidirectional"].as_bool() == Some(true) {
                    assert_eq!(wtf8(&v["expected_wtf8_hex"]).encode_wide().collect::<Vec<_>>(), wide, "{name}");
                }
            }
            "wtf8_decode_error" => {
                let input = bytes(&v["input_wtf8_hex"]);
                assert!(WTF_8.decode(&input).is_err(), "{name}");
                assert!(Wtf8::from_bytes(&input).is_err(), "{name}");
            }
            other => panic!("unknown vector kind {other}"),
        }
        ran += 1;
    }
    assert_eq!(ran, 122);
}

/// The vectors of `data/wtf8-vectors.json` the project's vector format
/// holds (code points to WTF-8, WTF-8 to code points, rejected inputs), as
/// `cargo xtask vectors` converts them (`codec_test::vectors`).
#[test]
fn curated_vectors_in_the_project_format() {
    let vectors = codec_test::vectors::curated("wtf-8");
    assert_eq!(codec_test::vectors::check_all(&codec_wtf8::WTF_8, &vectors), 22);
}
