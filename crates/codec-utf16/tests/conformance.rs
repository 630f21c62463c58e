//! The WPT utf-16le and utf-16be decoder vectors, and sweeps against the
//! Encoding Standard's utf-16 decoder transcribed step by step (written
//! apart from the codec's step function), and against the WTF-8
//! specification's decoding of potentially ill-formed UTF-16.

use codec_core::{CodePoint, Codec, Decode, Encode, ErrorKind, FastJob, FastPaths};
use codec_test::vectors::{self, SourceKind, Vector};
use codec_utf16::{Endian, UTF_16BE, UTF_16LE, Utf16, WTF_16BE, WTF_16LE};
use proptest::prelude::*;

/// The web-platform-tests utf-16le and utf-16be `TextDecoder` vectors as
/// `cargo xtask vectors` converts them (`wpt.jsonl`): one-shot, streamed in
/// the pieces WPT feeds (`chunks`), and BOM removal (`strip_bom`).
#[test]
fn wpt_decoder_vectors() {
    let wpt = |label: &str| -> Vec<Vector> {
        vectors::curated(label).into_iter().filter(|v| v.source == SourceKind::Wpt).collect()
    };
    // Counted with python from wpt-vectors.json: 32 utf-16le and 17
    // utf-16be decoder vectors, each less its 2 "must NOT decode to" ones
    // (`wpt_must_not_vectors`), plus 1 for each of the 2 that reuse one
    // decoder for 2 whole streams, a vector per call: 32 and 17 again.
    assert_eq!(vectors::check_all(&UTF_16LE, &wpt("utf-16le")), 32);
    assert_eq!(vectors::check_all(&UTF_16BE, &wpt("utf-16be")), 17);
}

/// WPT's "must NOT decode to the sample" vectors (a BOM of another
/// encoding is not sniffed), which the vector format cannot say: read from
/// the upstream file.
#[test]
fn wpt_must_not_vectors() {
    let doc: serde_json::Value = serde_json::from_str(include_str!("data/wpt-vectors.json")).unwrap();
    let mut ran = 0;
    for v in doc["decoder_vectors"].as_array().unwrap() {
        let codec = match v["encoding"].as_str() {
            Some("utf-16le") => &UTF_16LE,
            Some("utf-16be") => &UTF_16BE,
            _ => continue,
        };
        let Some(not) = v.get("expected_not_codepoints_hex") else { continue };
        let not: Vec<CodePoint> =
            not.as_array().unwrap().iter().map(|p| p.as_str().unwrap().parse().unwrap()).collect();
        let input = codec_test::hex::parse(v["input_hex"].as_str().unwrap()).unwrap();
        assert_ne!(codec.decode_lossy(&input), not, "{}", v["name"]);
        ran += 1;
    }
    assert_eq!(ran, 4);
}

/// What a decoder emits: a code point, or an error (one U+FFFD).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Out {
    Cp(u32),
    Error,
}

/// The Encoding Standard's utf-16 decoder, §14.2, step by step, with a byte
/// pointer that can go back.
fn whatwg(input: &[u8], be: bool) -> Vec<Out> {
    let mut out = Vec::new();
    let (mut lead_byte, mut lead_surrogate): (Option<u32>, Option<u32>) = (None, None);
    let mut pointer = 0;
    loop {
        // 1-3.
        let Some(&byte) = input.get(pointer) else {
            if lead_byte.is_some() || lead_surrogate.is_some() {
                out.push(Out::Error);
            }
            return out;
        };
        let byte = u32::from(byte);
        pointer += 1; // 4.
        // 5.
        let Some(lead) = lead_byte else {
            lead_byte = Some(byte);
            continue;
        };
        // 6.
        let code_point = if be { (lead << 8) + byte } else { (byte << 8) + lead };
        lead_byte = None;
        // 7.
        if let Some(lead_s) = lead_surrogate.take() {
            if (0xDC00..=0xDFFF).contains(&code_point) {
                out.push(Out::Cp(0x10000 + (lead_s - 0xD800) * 0x400 + (code_point - 0xDC00)));
                continue;
            }
            pointer -= 2;
            out.push(Out::Error);
            continue;
        }
        // 8.
        if (0xD800..=0xDBFF).contains(&code_point) {
            lead_surrogate = Some(code_point);
            continue;
        }
        // 9.
        if (0xDC00..=0xDFFF).contains(&code_point) {
            out.push(Out::Error);
            continue;
        }
        out.push(Out::Cp(code_point)); // 10.
    }
}

/// The WTF-8 specification's decoding of potentially ill-formed UTF-16,
/// over the units of `input`; an odd last byte is an error.
fn wtf16(input: &[u8], be: bool) -> Vec<Out> {
    let units: Vec<u32> = input
        .chunks_exact(2)
        .map(|c| if be { u32::from(c[0]) << 8 | u32::from(c[1]) } else { u32::from(c[1]) << 8 | u32::from(c[0]) })
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < units.len() {
        let u = units[i];
        let next = units.get(i + 1).copied();
        if (0xD800..=0xDBFF).contains(&u) && next.is_some_and(|n| (0xDC00..=0xDFFF).contains(&n)) {
            out.push(Out::Cp(0x10000 + ((u - 0xD800) << 10) + (next.unwrap() - 0xDC00)));
            i += 2;
        } else {
            out.push(Out::Cp(u));
            i += 1;
        }
    }
    if input.len() % 2 == 1 {
        out.push(Out::Error);
    }
    out
}

fn decoded(codec: &Utf16, input: &[u8]) -> Vec<Out> {
    codec
        .items(input)
        .map(|item| item.map_or(Out::Error, |it| it.point.map_or(Out::Error, |p| Out::Cp(p.to_u32()))))
        .collect()
}

const CODECS: [&Utf16; 4] = [&UTF_16LE, &UTF_16BE, &WTF_16LE, &WTF_16BE];

fn check(input: &[u8]) {
    for codec in CODECS {
        let be = codec.endian() == Endian::Big;
        let expected = if codec.keeps_lone_surrogates() { wtf16(input, be) } else { whatwg(input, be) };
        assert_eq!(decoded(codec, input), expected, "{} on {}", codec.info().name, codec_test::hex::format(input));
    }
}

#[test]
fn every_input_up_to_two_bytes_and_unit_class_triples_agree_with_the_specs() {
    for a in 0..=255u8 {
        check(&[a]);
        for b in 0..=255u8 {
            check(&[a, b]);
        }
    }
    let classes: [u16; 12] =
        [0x0000, 0x0041, 0xD7FF, 0xD800, 0xD83D, 0xDBFF, 0xDC00, 0xDCA9, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF];
    for x in classes {
        for y in classes {
            for z in classes {
                let le: Vec<u8> = [x, y, z].iter().flat_map(|u| u.to_le_bytes()).collect();
                for cut in [6, 5, 4, 3] {
                    check(&le[..cut]);
                    check(&[&le[..cut], &[0x41][..]].concat());
                }
            }
        }
    }
}

#[test]
fn error_kinds_and_offsets() {
    let err = |codec: &Utf16, b: &[u8]| {
        let e = codec.validate(b).unwrap_err();
        (e.valid_up_to(), e.error_len(), e.kind())
    };
    assert_eq!(err(&UTF_16LE, b"a\x00\x00\xDCb\x00"), (2, Some(2), ErrorKind::UnpairedSurrogate));
    assert_eq!(err(&UTF_16LE, b"\x00\xD8b\x00"), (0, Some(2), ErrorKind::UnpairedSurrogate));
    assert_eq!(err(&UTF_16LE, b"a\x00\x00\xD8"), (2, None, ErrorKind::Truncated));
    assert_eq!(err(&UTF_16LE, b"a\x00\x00\xD8\x00"), (2, None, ErrorKind::Truncated));
    assert_eq!(err(&UTF_16BE, b"\x00a\x00"), (2, None, ErrorKind::Truncated));
    assert_eq!(err(&WTF_16BE, b"\xD8\x00\x00"), (2, None, ErrorKind::Truncated));
    let cps = |v: &[u32]| v.iter().map(|&x| CodePoint::new(x)).collect::<Vec<_>>();
    let enc = |codec: &Utf16, v: &[u32]| codec.encode(&cps(v)).map_err(|e| (e.index(), e.kind()));
    assert_eq!(enc(&UTF_16LE, &[0x41, 0xD800]), Err((1, ErrorKind::Surrogate)));
    assert_eq!(enc(&UTF_16LE, &[0x110000]), Err((0, ErrorKind::OutOfRange)));
    assert_eq!(enc(&WTF_16LE, &[0x41, 0xD800, 0xDC00]), Err((1, ErrorKind::SurrogatePair)));
    assert_eq!(enc(&WTF_16BE, &[0xDC00, 0xD800]), Ok(b"\xDC\x00\xD8\x00".to_vec()));
    assert_eq!(enc(&UTF_16BE, &[0x1F4A9]), Ok(b"\xD8\x3D\xDC\xA9".to_vec()));
    // Replace mode on the pair: U+FFFD for the lead, the trail kept.
    let replaced = WTF_16LE.encode_with(&cps(&[0xD800, 0xDC00]), codec_core::EncodeMode::Replace).unwrap();
    assert_eq!(replaced, b"\xFD\xFF\x00\xDC");
    assert_eq!(UTF_16LE.encode_with(&cps(&[0xDC00]), codec_core::EncodeMode::Replace).unwrap(), b"\xFD\xFF");
}

#[test]
fn every_code_point_round_trips() {
    for v in 0..=0x10FFFFu32 {
        let cp = CodePoint::new(v);
        for codec in CODECS {
            match codec.encode(&[cp]) {
                Ok(bytes) => assert_eq!(codec.decode(&bytes), Ok(vec![cp]), "{cp} in {}", codec.info().name),
                Err(e) => assert!(cp.is_surrogate() && !codec.keeps_lone_surrogates(), "{cp}: {e}"),
            }
        }
        if let Some(c) = cp.to_char() {
            let mut buf = [0u16; 2];
            let units = c.encode_utf16(&mut buf);
            assert_eq!(UTF_16BE.encode(&[cp]).unwrap(), UTF_16BE.bytes_from_units(units));
        }
    }
}

#[test]
fn bom_sniffing_follows_the_encoding_standard() {
    assert_eq!(codec_utf16::decode_with_bom_sniffing(b"\xFF\xFEa\x00", Endian::Big), Ok(("a".into(), Endian::Little)));
    assert_eq!(codec_utf16::decode_with_bom_sniffing(b"\xFE\xFF\x00a", Endian::Little), Ok(("a".into(), Endian::Big)));
    assert_eq!(codec_utf16::decode_with_bom_sniffing(b"a\x00", Endian::Little), Ok(("a".into(), Endian::Little)));
    // A lead surrogate and an odd byte at the end are one error (§14.2, step 3).
    assert_eq!(
        codec_utf16::decode_with_bom_sniffing(b"a\x00\x00\xD8!", Endian::Little),
        Ok(("a\u{FFFD}".into(), Endian::Little))
    );
    assert_eq!(
        codec_utf16::decode_with_bom_sniffing(b"\x00\xDCa\x00!", Endian::Little),
        Ok(("\u{FFFD}a\u{FFFD}".into(), Endian::Little))
    );
    // Only one BOM is removed.
    assert_eq!(
        codec_utf16::decode_with_bom_sniffing(b"\xFF\xFE\xFF\xFE", Endian::Big),
        Ok(("\u{FEFF}".into(), Endian::Little))
    );
    assert_eq!(codec_utf16::decode_with_bom_sniffing(b"\xEF\xBB\xBF", Endian::Big), Err(codec_core::bom::Bom::Utf8));
}

#[test]
fn streaming_sweeps() {
    let inputs: &[&[u8]] = &[
        b"",
        b"a\x00\x3D\xD8\xA9\xDC\x00\xD8\x00\xD8\x00\xDC\x00\xDC\x41",
        b"\x00\xD8\x00\xD8\x00",
        "long enough ASCII for the fast path to run first, and then ".as_bytes(),
    ];
    for codec in CODECS {
        for input in inputs {
            codec_test::check_decode_all(codec, input);
            codec_test::buffers::check_decode_buffers(codec, input);
            for to in CODECS {
                codec_test::buffers::check_transcode(codec, to, input);
            }
        }
        let cps = [0x61, 0xD83D, 0xDCA9, 0xD800, 0xD800, 0xDC00, 0xDC00, 0x1F4A9, 0x10FFFF];
        codec_test::check_encode_splits(codec, &cps.map(CodePoint::new));
        codec_test::check_encode_fast_path(codec, &cps.map(CodePoint::new));
        codec_test::buffers::check_encode_buffers(codec, &cps.map(CodePoint::new));
        let text: Vec<CodePoint> = "Ascii then h\u{E9}llo \u{20AC}\u{1F4A9}".chars().map(CodePoint::from).collect();
        codec_test::buffers::check_encode_buffers(codec, &text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes(bytes in codec_test::strategies::bytes(40)) {
        for codec in CODECS {
            codec_test::check_decode_all(codec, &bytes);
            codec_test::buffers::check_decode_buffers(codec, &bytes);
        }
        // WTF-16 keeps everything of an even-length input.
        let even = &bytes[..bytes.len() & !1];
        let points = WTF_16LE.decode(even).unwrap();
        prop_assert_eq!(WTF_16LE.encode(&points).unwrap(), even);
    }

    #[test]
    fn code_point_sequences(points in codec_test::strategies::code_points(codec_test::strategies::Class::ALL, 16)) {
        for codec in CODECS {
            codec_test::check_encode_splits(codec, &points);
            if let Ok(bytes) = codec.encode(&points) {
                prop_assert_eq!(codec.decode(&bytes).unwrap(), points.clone());
            }
        }
    }
}

#[test]
fn code_units_follow_the_wtf8_specification() {
    use codec_utf16::units::{Pairs, decode, decode_strict, encode, is_well_formed};
    let cps = |v: &[u32]| v.iter().map(|&x| CodePoint::new(x)).collect::<Vec<_>>();
    // Encoding: supplementary code points as two units, BMP ones as one,
    // lone surrogates kept.
    assert_eq!(
        encode(&cps(&[0x41, 0x10000, 0x10FFFF, 0xDC00, 0xD800]), Pairs::Reject).unwrap(),
        [0x41, 0xD800, 0xDC00, 0xDBFF, 0xDFFF, 0xDC00, 0xD800]
    );
    // A surrogate code point pair: the three ways.
    let pair = cps(&[0x41, 0xDBFF, 0xDFFF]);
    let err = encode(&pair, Pairs::Reject).unwrap_err();
    assert_eq!((err.index(), err.kind()), (1, ErrorKind::SurrogatePair));
    assert_eq!(encode(&pair, Pairs::ReplaceLead).unwrap(), [0x41, 0xFFFD, 0xDFFF]);
    assert_eq!(encode(&pair, Pairs::Merge).unwrap(), [0x41, 0xDBFF, 0xDFFF]);
    assert_eq!(encode(&cps(&[0x110000]), Pairs::Merge).unwrap_err().kind(), ErrorKind::OutOfRange);
    // Decoding: pairs joined, anything else kept.
    let units = [0xDC00, 0xD800, 0xD800, 0xDC00, 0xD800];
    assert_eq!(decode(units).collect::<Vec<_>>(), cps(&[0xDC00, 0xD800, 0x10000, 0xD800]));
    assert!(!is_well_formed(&units));
    let err = decode_strict(&[0x41, 0xD800, 0x42]).unwrap_err();
    assert_eq!((err.valid_up_to(), err.error_len(), err.kind()), (1, Some(1), ErrorKind::UnpairedSurrogate));
    let err = decode_strict(&[0x41, 0xD800]).unwrap_err();
    assert_eq!((err.valid_up_to(), err.error_len(), err.kind()), (1, None, ErrorKind::Truncated));
    assert_eq!(decode_strict(&[0xD83D, 0xDCA9]).unwrap(), cps(&[0x1F4A9]));
}

/// `FastJob::EncodeFromValidUtf16` on well-formed UTF-16, into every size of
/// output: the longest run of whole characters that fits, as std encodes
/// them (a pair is never split), in each codec's byte order.
#[test]
fn valid_utf16_encodes_whole_characters_that_fit() {
    let text = "a\u{E9}\u{1F4A9}\u{4E2D}\u{1F600}\u{1F600}z\u{10FFFF}";
    let units: Vec<u16> = text.encode_utf16().collect();
    for codec in [&UTF_16LE, &UTF_16BE, &WTF_16LE, &WTF_16BE] {
        for room in 0..=2 * units.len() + 3 {
            // The reference: whole characters, from std's encoding, while
            // their units fit in `room` bytes.
            let mut want_units = 0;
            for c in text.chars() {
                if 2 * (want_units + c.len_utf16()) > room {
                    break;
                }
                want_units += c.len_utf16();
            }
            let want: Vec<u8> = units[..want_units]
                .iter()
                .flat_map(|u| if codec.endian() == Endian::Big { u.to_be_bytes() } else { u.to_le_bytes() })
                .collect();
            let mut out = vec![0xAA; room];
            let done = codec.run(FastJob::EncodeFromValidUtf16(&units, &mut out));
            let (read, written) = (done.read, done.written);
            assert_eq!((read, &out[..written]), (want_units, &want[..]), "{} into {room} bytes", codec.info().name);
        }
    }
}

/// `decode_to_string_lossy` on text with a lone surrogate every few units
/// and far apart (its unit-at-a-time loop and the kernel taking turns),
/// against std's `String::from_utf16_lossy`, in both byte orders, for
/// UTF-16 and WTF-16 (a `String` holds a lone surrogate as U+FFFD either
/// way); with an odd byte after it, against the reference.
#[test]
fn lossy_strings_with_lone_surrogates_dense_and_sparse_agree_with_std() {
    let text: Vec<u16> = "ASCII, caf\u{E9}, \u{436}\u{438}, \u{4E2D}\u{6587}, \u{1F4A9}\u{1F980} "
        .encode_utf16()
        .cycle()
        .take(600)
        .collect();
    for every in [1, 2, 3, 5, 17, 31, 32, 33, 64, 100, 250] {
        for lone in [0xD800u16, 0xDC00] {
            let mut units = text.clone();
            for k in (every / 2..units.len()).step_by(every) {
                units[k] = lone;
            }
            let want = String::from_utf16_lossy(&units);
            for (codec, big) in [(&UTF_16LE, false), (&UTF_16BE, true), (&WTF_16LE, false), (&WTF_16BE, true)] {
                let mut bytes: Vec<u8> =
                    units.iter().flat_map(|u| if big { u.to_be_bytes() } else { u.to_le_bytes() }).collect();
                assert_eq!(codec.decode_to_string_lossy(&bytes), want, "{} every {every}", codec.info().name);
                bytes.push(0x41);
                codec_test::buffers::check_text_conversions(codec, &bytes);
            }
        }
    }
}

/// Escape mode writes escaped bytes as themselves a whole unit at a time
/// (or at the end of the stream): a lone escaped byte among the units
/// would put every unit after it out of step (issue 44: `a E9 b` from
/// UTF-8 was written `61 00 E9 62 00`). There it is encoded as any other
/// code point: an error in UTF-16 (CPython's `surrogateescape` raises
/// too), the lone surrogate in WTF-16.
#[test]
fn escape_mode_writes_raw_bytes_as_whole_units_only() {
    use codec_core::EncodeMode;
    let cps = |points: &[u32]| points.iter().map(|&p| CodePoint::new(p)).collect::<Vec<_>>();
    let lone = cps(&[0x61, 0xDCE9, 0x62]);
    let e = UTF_16LE.encode_with(&lone, EncodeMode::Escape).unwrap_err();
    assert_eq!((e.index(), e.kind()), (1, ErrorKind::Surrogate));
    assert_eq!(UTF_16BE.encode_with(&lone, EncodeMode::Escape).unwrap_err().index(), 1);
    assert_eq!(WTF_16LE.encode_with(&lone, EncodeMode::Escape).unwrap(), [0x61, 0, 0xE9, 0xDC, 0x62, 0]);
    // A whole unit of escapes, and a lone one at the end, are the bytes.
    let unit = cps(&[0x61, 0xDC00, 0xDCD8, 0x62]);
    assert_eq!(UTF_16LE.encode_with(&unit, EncodeMode::Escape).unwrap(), [0x61, 0, 0, 0xD8, 0x62, 0]);
    let end = cps(&[0x61, 0xDCE9]);
    assert_eq!(UTF_16LE.encode_with(&end, EncodeMode::Escape).unwrap(), [0x61, 0, 0xE9]);
    // Three in a row: a unit, then one that makes none.
    let three = cps(&[0xDC01, 0xDC02, 0xDC03, 0x62]);
    assert_eq!(UTF_16LE.encode_with(&three, EncodeMode::Escape).unwrap_err().index(), 2);
    for input in [lone, unit, end, three] {
        for codec in [&UTF_16LE, &UTF_16BE, &WTF_16LE, &WTF_16BE] {
            codec_test::check_encode_splits(codec, &input);
        }
    }
}
