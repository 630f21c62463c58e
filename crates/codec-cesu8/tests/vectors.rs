//! Every vector of `data/cesu8-mutf8-vectors.json` (TR #26's examples, the
//! JDK's, ICU's and the peer crates' tests), with expected values from the
//! file, never from the code under test; and its rejected upstream vectors,
//! shown rejected for the stated reason.

use codec_cesu8::{CESU_8, Cesu8Codec, CodePoint, Decode, Encode, ErrorKind, MUTF_8, MUTF_8_LENIENT};
use codec_test::hex;
use serde_json::Value;

const DATA: &str = include_str!("data/cesu8-mutf8-vectors.json");

fn bytes(v: &Value) -> Vec<u8> {
    hex::parse(v.as_str().expect("hex string")).expect("valid hex")
}

fn numbers(v: &Value) -> Vec<u32> {
    v.as_array().expect("hex list").iter().map(|u| u32::from_str_radix(u.as_str().unwrap(), 16).unwrap()).collect()
}

fn points(v: &Value) -> Vec<CodePoint> {
    numbers(v).into_iter().map(CodePoint::new).collect()
}

fn units(v: &Value) -> Vec<u16> {
    numbers(v).into_iter().map(|u| u16::try_from(u).unwrap()).collect()
}

fn codec(v: &Value) -> &'static Cesu8Codec {
    match v["encoding"].as_str() {
        Some("CESU-8") => &CESU_8,
        Some("MUTF-8") => &MUTF_8,
        other => panic!("unknown encoding {other:?}"),
    }
}

/// The three-byte form of a UTF-16 unit, per the generator's description
/// ("to3ByteUTF8"), written from UTF-8's bit distribution.
fn three_bytes(unit: u32) -> [u8; 3] {
    [0xE0 | (unit >> 12) as u8, 0x80 | ((unit >> 6) & 0x3F) as u8, 0x80 | (unit & 0x3F) as u8]
}

#[test]
fn every_vector() {
    let data: Value = serde_json::from_str(DATA).unwrap();
    let mut counted = 0;
    for v in data["vectors"].as_array().unwrap() {
        let name = v["name"].as_str().unwrap();
        let c = codec(v);
        counted += 1;
        if let Some(checks) = v.get("checks") {
            for check in checks.as_array().unwrap() {
                let b = bytes(&check["utf8_hex"]);
                assert_eq!(CESU_8.validate(&b).is_ok(), check["cesu8_valid"].as_bool().unwrap(), "{name}");
                assert_eq!(MUTF_8.validate(&b).is_ok(), check["java_mutf8_valid"].as_bool().unwrap(), "{name}");
            }
            continue;
        }
        if v.get("generator").is_some() {
            // check6ByteSurrs: every supplementary code point, both ways.
            for cp in 0x1_0000..=0x10_FFFFu32 {
                let (hi, lo) = (0xD800 + ((cp - 0x1_0000) >> 10), 0xDC00 + ((cp - 0x1_0000) & 0x3FF));
                let want: Vec<u8> = three_bytes(hi).into_iter().chain(three_bytes(lo)).collect();
                for codec in [&CESU_8, &MUTF_8, &MUTF_8_LENIENT] {
                    assert_eq!(codec.encode(&[CodePoint::new(cp)]).unwrap(), want, "U+{cp:X}");
                    assert_eq!(codec.decode_to_utf16(&want).unwrap(), [hi as u16, lo as u16], "U+{cp:X}");
                }
            }
            continue;
        }
        match v["direction"].as_str() {
            Some("both") if v.get("codepoints_hex").is_some() => {
                let cps = points(&v["codepoints_hex"]);
                let want = bytes(&v["expected_hex"]);
                assert_eq!(c.encode(&cps).unwrap(), want, "{name}");
                assert_eq!(c.decode(&want).unwrap(), cps, "{name}");
                if let Some(u) = v.get("utf16_hex") {
                    assert_eq!(c.from_utf16(&units(u)).unwrap(), want, "{name}");
                    assert_eq!(c.decode_to_utf16(&want).unwrap(), units(u), "{name}");
                }
                if let Some(u8hex) = v.get("utf8_hex") {
                    let text = String::from_utf8(bytes(u8hex)).unwrap();
                    assert_eq!(&*c.from_utf8(&text), &want[..], "{name}");
                    assert_eq!(c.to_utf8(&want).unwrap(), text, "{name}");
                }
                // What strict Modified UTF-8 accepts, Java's readUTF reads alike.
                if c == &MUTF_8 {
                    assert_eq!(MUTF_8_LENIENT.decode(&want).unwrap(), cps, "{name}");
                    assert_eq!(MUTF_8_LENIENT.encode(&cps).unwrap(), want, "{name}");
                }
            }
            Some("both" | "decode") if v.get("expected_codepoints_hex").is_some() => {
                let input = bytes(&v["input_hex"]);
                let cps = points(&v["expected_codepoints_hex"]);
                assert_eq!(c.decode(&input).unwrap(), cps, "{name}");
                if v["direction"] == "both" {
                    assert_eq!(c.encode(&cps).unwrap(), input, "{name}");
                }
            }
            Some("decode") if v.get("expected_utf16_hex").is_some() => {
                // ICU passes the lone lead through; the vector's note allows
                // a strict decoder to reject it. Strict CESU-8 does (a
                // three-byte `unpaired_surrogate`); Modified UTF-8, which
                // keeps lone surrogates, gives ICU's units.
                let input = bytes(&v["input_hex"]);
                let err = CESU_8.validate(&input).unwrap_err();
                assert_eq!(
                    (err.valid_up_to(), err.error_len(), err.kind()),
                    (0, Some(3), ErrorKind::UnpairedSurrogate)
                );
                assert_eq!(MUTF_8.decode_to_utf16(&input).unwrap(), units(&v["expected_utf16_hex"]), "{name}");
                let offsets: Vec<usize> = MUTF_8
                    .items(&input)
                    .flat_map(|it| {
                        let it = it.unwrap();
                        // A supplementary item holds two units, at its offset and +3.
                        if it.len == 6 { vec![it.offset, it.offset + 3] } else { vec![it.offset] }
                    })
                    .collect();
                let icu: Vec<usize> =
                    v["icu_offsets"].as_array().unwrap().iter().map(|o| o.as_u64().unwrap() as usize).collect();
                assert_eq!(offsets, icu, "{name}");
            }
            Some("decode") if v.get("expected_error").is_some() => {
                let input = bytes(&v["input_hex"]);
                let err = c.validate(&input).unwrap_err();
                if let Some(len) = v.get("jdk_malformed_length") {
                    // The JDK's malformed length is the maximal subpart here too.
                    assert_eq!(err.valid_up_to(), 0, "{name}");
                    assert_eq!(err.error_len(), Some(len.as_u64().unwrap() as usize), "{name}: {err:?}");
                }
            }
            Some("encode") => {
                // The C-string flavour: the trailing 00 terminates, it is not text.
                let cps = points(&v["codepoints_hex"]);
                let mut got = c.encode(&cps).unwrap();
                got.push(0);
                assert_eq!(got, bytes(&v["expected_hex"]), "{name}");
            }
            other => panic!("{name}: unhandled vector shape {other:?}"),
        }
    }
    assert_eq!(counted, 145);
}

#[test]
fn the_nul_byte_is_strict_modified_utf8_only() {
    // TkTech's "embedded raw NUL" vector, with its note: Java's own readUTF
    // accepts it.
    let err = MUTF_8.validate(b"\x00").unwrap_err();
    assert_eq!((err.error_len(), err.kind()), (Some(1), ErrorKind::Nul));
    assert_eq!(MUTF_8_LENIENT.decode(b"\x00").unwrap(), [CodePoint::NUL]);
    assert_eq!(CESU_8.decode(b"\x00").unwrap(), [CodePoint::NUL]);
    // Truncated sequences: no length, at the end of input.
    for input in [&b"\xC2"[..], b"\xED", b"\xE2"] {
        for c in [&MUTF_8, &MUTF_8_LENIENT, &CESU_8] {
            let err = c.validate(input).unwrap_err();
            assert_eq!((err.error_len(), err.kind()), (None, ErrorKind::Truncated));
        }
    }
}

#[test]
fn rejected_upstream_vectors_are_rejected_for_the_stated_reason() {
    let data: Value = serde_json::from_str(DATA).unwrap();
    let rejected = data["rejected_upstream_vectors"].as_array().unwrap();
    assert_eq!(rejected.len(), 4);
    for v in rejected {
        let name = v["name"].as_str().unwrap();
        let c = codec(v);
        let at = name.find("U+").unwrap() + 2;
        let digits: String = name[at..].chars().take_while(char::is_ascii_hexdigit).collect();
        let cp = CodePoint::new(u32::from_str_radix(&digits, 16).unwrap());
        let (claimed, correct) = (bytes(&v["claimed_hex"]), bytes(&v["correct_hex"]));
        // The encoder writes the correct bytes, not the claimed ones...
        assert_eq!(c.encode(&[cp]).unwrap(), correct, "{name}");
        assert_ne!(claimed, correct, "{name}");
        // ...and the claimed bytes are another code point: the high-surrogate
        // field is off (0xD800 + (cp >> 10), without subtracting 0x10000).
        let other = c.decode(&claimed).unwrap();
        assert_eq!(other.len(), 1, "{name}");
        assert_ne!(other[0], cp, "{name}");
        let lead = 0xD800 + ((other[0].to_u32() - 0x1_0000) >> 10);
        let claimed_lead = 0xD800 + (cp.to_u32() >> 10);
        if v["encoding"] == "MUTF-8" {
            assert_eq!(lead, claimed_lead, "{name}");
        } else {
            // "ED AE 80 ED B0 80 decodes to U+F0000".
            assert_eq!(other[0], CodePoint::new(0xF_0000), "{name}");
        }
    }
}

/// The same file as `cargo xtask vectors` converts it to the project's
/// vector format (`codec_test::vectors`): both directions of the code point
/// vectors, the C-string vector without its terminating 00, and the
/// rejected inputs with the JDK's malformed length.
#[test]
fn curated_vectors_in_the_project_format() {
    let cesu = codec_test::vectors::curated("cesu-8");
    let mutf = codec_test::vectors::curated("mutf-8");
    assert_eq!(codec_test::vectors::check_all(&CESU_8, &cesu), 90);
    assert_eq!(codec_test::vectors::check_all(&MUTF_8, &mutf), 129);
}
