//! Sweeps against a reference written from the specification's tables
//! (`codec_test::tables::split_wtf8`: Table 3 of generalized UTF-8 plus the
//! surrogate pair rule), the streaming sweeps, and the properties the
//! specification states.
//!
//! Miri runs this file for the string types' one `unsafe` (the cast in
//! `Wtf8::from_bytes_unchecked`): the tests of the codec alone, which reach
//! no `unsafe`, are ignored there, and the properties take fewer, shorter
//! inputs.

use codec_core::{CodePoint, Decode, DecodeMode, Encode, ErrorKind};
use codec_test::tables::{Piece, pieces, split_wtf8};
use codec_wtf8::{WTF_8, Wtf8, Wtf8Buf, concat};
use proptest::prelude::*;

fn check(input: &[u8]) {
    let got = pieces(&WTF_8, input);
    assert_eq!(got, split_wtf8(input), "{}", codec_test::hex::format(input));
    // Validation with the fast path agrees with the step-by-step reference
    // (not under Miri: it has no `unsafe` of its own, and the core's unit
    // tests run the validator there).
    if !cfg!(miri) {
        let what = codec_test::hex::format(input);
        assert_eq!(
            WTF_8.validate(input),
            codec_core::reference::decoder(&WTF_8, DecodeMode::Fatal).validate_chunk(input, true),
            "{what}"
        );
    }
    // The ill-formed lead of a pair is the only three-byte subpart.
    for item in WTF_8.items(input) {
        if let Err(e) = item {
            assert_eq!(e.error_len() == Some(3), e.kind() == ErrorKind::SurrogatePair, "{e:?}");
        }
    }
}

/// Every byte value, or under Miri (where the string types' `unsafe` is
/// checked and every step is interpreted) one of each class the grammar
/// tells apart: ASCII, each continuation range, each lead, the never-used
/// bytes.
fn byte_values() -> Vec<u8> {
    if cfg!(miri) { vec![0x00, 0x80, 0x9F, 0xA0, 0xBF, 0xC2, 0xED, 0xF0, 0xFF] } else { (0..=255).collect() }
}

#[test]
#[cfg_attr(miri, ignore)]
fn every_one_two_and_three_byte_input_agrees_with_the_reference() {
    let values = byte_values();
    for &a in &values {
        check(&[a]);
        for &b in &values {
            check(&[a, b]);
            for &c in &values {
                check(&[a, b, c]);
            }
        }
    }
}

/// Every second byte of both halves, a sample of the third: the whole
/// 2^32 sweep is in `cargo xtask exhaustive`.
#[test]
#[cfg_attr(miri, ignore)]
fn six_byte_ed_inputs_agree_with_the_reference() {
    let thirds: &[u8] = if cfg!(miri) { &[0x80, 0xFF] } else { &[0x00, 0x7F, 0x80, 0xBF, 0xC0, 0xFF] };
    let mut input = [0xED, 0, 0, 0xED, 0, 0];
    let values = byte_values();
    for &b in &values {
        for &e in &values {
            for &c in thirds {
                for &f in thirds {
                    input = [0xED, b, c, 0xED, e, f];
                    check(&input);
                }
            }
        }
    }
    let _ = input;
}

#[test]
#[cfg_attr(miri, ignore)]
fn the_table_of_the_crate_docs() {
    let cps = |v: &[u32]| v.iter().map(|&x| CodePoint::new(x)).collect::<Vec<_>>();
    let replace = |b: &[u8]| WTF_8.decode_with(b, DecodeMode::Replace).unwrap();
    assert_eq!(replace(b"\xED\xA0\x80"), cps(&[0xD800]));
    assert_eq!(replace(b"\xED\xB0\x80"), cps(&[0xDC00]));
    assert_eq!(replace(b"\xED\xA0\x80\xED\xB0\x80"), cps(&[0xFFFD, 0xDC00]));
    assert_eq!(replace(b"\xF0\x90\x80\x80"), cps(&[0x10000]));
    assert_eq!(WTF_8.encode(&cps(&[0xD800, 0xDC00])).unwrap(), b"\xF0\x90\x80\x80");
    assert_eq!(replace(b"\xC0\x80\xF4\x90\x80\x80\xFF"), cps(&[0xFFFD; 7]));
    assert_eq!(WTF_8.encode(&cps(&[0x110000])).unwrap_err().kind(), ErrorKind::OutOfRange);
    let err = WTF_8.validate(b"ab\xED\xA0\x80\xED\xB0\x80").unwrap_err();
    assert_eq!((err.valid_up_to(), err.error_len(), err.kind()), (2, Some(3), ErrorKind::SurrogatePair));
    // A pair cut by the end of input is a lone lead, then a truncation.
    let err = WTF_8.validate(b"\xED\xA0\x80\xED\xB0").unwrap_err();
    assert_eq!((err.valid_up_to(), err.error_len(), err.kind()), (3, None, ErrorKind::Truncated));
}

#[test]
#[cfg_attr(miri, ignore)]
fn every_code_point_round_trips_alone_and_pairs_join() {
    // Under Miri, a sample that still crosses every length and the
    // surrogates.
    let step = if cfg!(miri) { 4099 } else { 1 };
    for v in (0..=0x10FFFFu32).step_by(step) {
        let cp = CodePoint::new(v);
        let bytes = WTF_8.encode(&[cp]).unwrap();
        if let Some(c) = cp.to_char() {
            assert_eq!(bytes, c.to_string().as_bytes());
        }
        assert_eq!(WTF_8.decode(&bytes), Ok(vec![cp]), "{cp}");
    }
    for lead in (0xD800..=0xDBFF).step_by(7 * step.min(31)) {
        for trail in (0xDC00..=0xDFFF).step_by(11 * step.min(31)) {
            let pair = [CodePoint::new(lead), CodePoint::new(trail)];
            let joined = CodePoint::from_surrogates(pair[0], pair[1]).unwrap();
            let bytes = WTF_8.encode(&pair).unwrap();
            assert_eq!(WTF_8.decode(&bytes), Ok(vec![joined]));
        }
    }
}

#[test]
#[cfg_attr(miri, ignore)]
fn streaming_sweeps() {
    let inputs: &[&[u8]] = &[
        b"",
        b"\xED\xA0\x80\xED\xB0\x80",
        b"a\xED\xA0\xBD\xED\xB2\xA9b\xED\xA0\x80\xED\xA0\x80\xED\xB0\x80\xED\xB0\x80",
        b"\xED\xA0\x80\xED\xB0\x41\xED\xA0\x80\xED\x41\xED\xAF\xBF\xED\xBF\xBF",
        "WTF-8 with ASCII long enough to take the fast path first, then \u{1F4A9} and \u{E9}".as_bytes(),
        b"\xC0\x80\xF4\x90\x80\x80\xF0\x9F\x92",
    ];
    // Under Miri, where every step is interpreted, the pair rule's input
    // through the splits, the fast paths and the escape round trip only.
    if cfg!(miri) {
        codec_test::check_decode_splits(&WTF_8, inputs[1]);
        codec_test::check_fast_paths(&WTF_8, inputs[1]);
        codec_test::check_escape_round_trip(&WTF_8, inputs[1]);
        return;
    }
    for input in inputs {
        codec_test::check_decode_all(&WTF_8, input);
        codec_test::buffers::check_decode_buffers(&WTF_8, input);
        codec_test::buffers::check_transcode(&WTF_8, &WTF_8, input);
    }
    let cps = |v: &[u32]| v.iter().map(|&x| CodePoint::new(x)).collect::<Vec<_>>();
    codec_test::check_encode_splits(&WTF_8, &cps(&[0x61, 0xD83D, 0xDCA9, 0xD800, 0xD800, 0xDC00, 0xDC00, 0x1F4A9]));
    codec_test::check_encode_fast_path(&WTF_8, &cps(&[0x61, 0xE9, 0xD800, 0xDC00, 0x10FFFF]));
    for points in [
        cps(&[0x61, 0xD83D, 0xDCA9, 0xD800, 0xD800, 0xDC00, 0xDC00, 0x1F4A9]),
        "Ascii then h\u{E9}llo \u{20AC}\u{1F4A9}".chars().map(CodePoint::from).collect(),
    ] {
        codec_test::buffers::check_encode_buffers(&WTF_8, &points);
    }
}

#[test]
fn string_types_behave_like_std() {
    let mut s = Wtf8Buf::from("a");
    s.push(CodePoint::new(0xD800)).unwrap();
    assert_eq!(format!("{s:?}"), "\"a\\u{D800}\"");
    assert_eq!(format!("{s}"), "a\u{FFFD}");
    let mut t = s.clone();
    t.push_str("\"\n");
    assert_eq!(format!("{t:?}"), "\"a\\u{D800}\\\"\\n\"");
    assert!(Wtf8::new("a") < s.as_wtf8());
    assert_eq!(s.slice(1..).unwrap().len(), 3);
    assert_eq!(s.slice(2..).unwrap_err().to_string(), "byte index 2 is not a code point boundary");
    assert!(s.slice(..9).unwrap_err().to_string().contains("out of bounds"));
    let (hi, lo) = (3, 1);
    assert!(s.slice(hi..lo).is_err());
    let err = Wtf8Buf::from_bytes(b"\xED\xA0\x80\xED\xB0\x80".to_vec()).unwrap_err();
    assert_eq!(err.error().kind(), ErrorKind::SurrogatePair);
    assert_eq!(err.to_string(), err.error().to_string());
    let set: std::collections::HashSet<Wtf8Buf> = [s.clone(), s.clone(), Wtf8Buf::from("b")].into_iter().collect();
    assert_eq!(set.len(), 2);
    let collected: Wtf8Buf = "xy".chars().collect();
    assert_eq!(collected, "xy");
    let w: &Wtf8 = "z".as_ref();
    assert_eq!(w.to_owned(), Wtf8Buf::from("z".to_string()));
}

/// How many units of WTF-16 `wide_units` gives at most: under Miri, where
/// generating each unit through the weighted choice costs most of these
/// tests' time, enough for a surrogate pair and lone surrogates around it.
const WIDE_UNITS: usize = if cfg!(miri) { 8 } else { 24 };

fn wide_units() -> impl Strategy<Value = Vec<u16>> {
    let unit = prop_oneof![
        0x00u16..0x80,
        0x80u16..0xD800,
        0xD800u16..0xDC00,
        0xDC00u16..0xE000,
        0xE000u16..=0xFFFF,
        Just(0xD83Du16),
        Just(0xDCA9u16),
    ];
    proptest::collection::vec(unit, 0..WIDE_UNITS)
}

#[test]
fn from_wide_gives_back_what_it_did_not_use() {
    // Three bytes a unit are reserved; ASCII uses one.
    let units = vec![u16::from(b'a'); 10_000];
    let s = Wtf8Buf::from_wide(&units);
    assert_eq!(s.as_bytes(), &[b'a'; 10_000][..]);
    assert!(s.capacity() <= 15_000, "capacity {}", s.capacity());
}

/// How many pieces of WTF-16 the long conversion test joins: long enough
/// for the kernels' blocks, but few under Miri (which runs the portable
/// code there, about a thousand times slower).
const LONG_PARTS: usize = if cfg!(miri) { 3 } else { 40 };

proptest! {
    #![proptest_config(ProptestConfig {
        cases: if cfg!(miri) { 2 } else { 256 },
        failure_persistence: if cfg!(miri) { None } else { ProptestConfig::default().failure_persistence },
        ..ProptestConfig::default()
    })]

    #[test]
    fn wtf16_round_trips_through_wtf8(units in wide_units()) {
        let s = Wtf8Buf::from_wide(&units);
        prop_assert!(Wtf8::from_bytes(s.as_bytes()).is_ok());
        prop_assert_eq!(s.encode_wide().collect::<Vec<_>>(), units.clone());
        prop_assert_eq!(s.to_wide(), units.clone());
        // The codec decodes what the conversion wrote, to the code points of
        // the specification's UTF-16 decoding.
        let points: Vec<CodePoint> = codec_utf16::units::decode(units.iter().copied()).collect();
        prop_assert_eq!(WTF_8.decode(s.as_bytes()).unwrap(), points.clone());
        prop_assert_eq!(WTF_8.encode(&points).unwrap(), s.as_bytes());
    }

    #[test]
    fn long_wtf16_converts_in_bulk_as_unit_by_unit(parts in proptest::collection::vec(wide_units(), 0..LONG_PARTS), ascii in 0usize..200) {
        // Long enough for the kernels' blocks: runs of ASCII between the
        // parts, so lone surrogates fall at every position of a block.
        let mut units: Vec<u16> = Vec::new();
        for part in &parts {
            units.extend(core::iter::repeat_n(u16::from(b'a'), ascii % 37));
            units.extend(part);
        }
        let s = Wtf8Buf::from_wide(&units);
        // The reference: the specification's UTF-16 decoding, then the
        // generalized UTF-8 of each code point, written out here.
        let mut expected = Vec::new();
        for cp in codec_utf16::units::decode(units.iter().copied()) {
            let v = cp.to_u32();
            match v {
                0..=0x7F => expected.push(v as u8),
                0x80..=0x7FF => expected.extend([0xC0 | (v >> 6) as u8, 0x80 | (v & 0x3F) as u8]),
                0x800..=0xFFFF => expected.extend([0xE0 | (v >> 12) as u8, 0x80 | ((v >> 6) & 0x3F) as u8, 0x80 | (v & 0x3F) as u8]),
                _ => expected.extend([
                    0xF0 | (v >> 18) as u8,
                    0x80 | ((v >> 12) & 0x3F) as u8,
                    0x80 | ((v >> 6) & 0x3F) as u8,
                    0x80 | (v & 0x3F) as u8,
                ]),
            }
        }
        prop_assert_eq!(s.as_bytes(), &expected[..]);
        prop_assert_eq!(s.to_wide(), units.clone());
        prop_assert_eq!(s.encode_wide().collect::<Vec<_>>(), units);
    }

    #[test]
    fn concatenation_equals_concatenating_utf16(a in wide_units(), b in wide_units()) {
        let joined = concat(&Wtf8Buf::from_wide(&a), &Wtf8Buf::from_wide(&b));
        let mut units = a.clone();
        units.extend(&b);
        prop_assert_eq!(joined, Wtf8Buf::from_wide(&units));
    }

    #[test]
    fn code_points_encode_to_well_formed_wtf8(points in codec_test::strategies::code_points(codec_test::strategies::Class::ALL, 16)) {
        match WTF_8.encode(&points) {
            Ok(bytes) => {
                prop_assert!(Wtf8::from_bytes(&bytes).is_ok());
                // Encoding equals converting through potentially ill-formed UTF-16.
                let wide = codec_utf16::units::encode(&points, codec_utf16::units::Pairs::Merge).unwrap();
                prop_assert_eq!(Wtf8Buf::from_wide(&wide).into_bytes(), bytes);
            }
            Err(e) => prop_assert!(points[e.index()].to_u32() > 0x10FFFF),
        }
    }

    // Not under Miri: the splits and escapes are the codec's, and the other
    // properties check `Wtf8::from_bytes` on well-formed WTF-8.
    #[test]
    #[cfg_attr(miri, ignore)]
    fn decoding_any_bytes_in_replace_mode_re_encodes_to_wtf8(bytes in codec_test::strategies::bytes(32)) {
        let points = WTF_8.decode_with(&bytes, DecodeMode::Replace).unwrap();
        let again = WTF_8.encode(&points).unwrap();
        prop_assert!(Wtf8::from_bytes(&again).is_ok());
        prop_assert_eq!(WTF_8.decode(&again).unwrap(), points);
        codec_test::check_decode_splits(&WTF_8, &bytes);
        codec_test::check_escape_round_trip(&WTF_8, &bytes);
    }

    #[test]
    fn slicing_never_panics(s in "\\PC{0,8}", i in 0usize..40, j in 0usize..40) {
        let w = Wtf8Buf::from(s.as_str());
        let ok = s.get(i..j).is_some();
        prop_assert_eq!(w.slice(i..j).is_ok(), ok);
        if let Some(sub) = s.get(i..j) {
            prop_assert_eq!(w.slice(i..j).unwrap(), Wtf8::new(sub));
        }
    }
}

#[test]
#[cfg_attr(miri, ignore)]
fn pieces_are_the_same_shape_as_the_reference_for_a_truncated_pair() {
    assert_eq!(pieces(&WTF_8, b"\xED\xA0\x80\xED"), [Piece::Char(3), Piece::Truncated]);
}

#[test]
#[cfg_attr(miri, ignore)]
fn ignore_mode_output_is_wtf8() {
    // WTF-8 §"Encoding": a lead surrogate followed by a trail surrogate is
    // the supplementary code point's four bytes, never the two three-byte
    // forms. U+110000 is beyond WTF-8 and dropped before the pair is seen.
    let input = [0xD800, 0x11_0000, 0xDC00].map(CodePoint::new);
    let out = WTF_8.encode_with(&input, codec_core::EncodeMode::Ignore).unwrap();
    assert_eq!(out, b"\xF0\x90\x80\x80");
    assert!(WTF_8.validate(&out).is_ok());
    // The same behind text the fast path takes, with more than one code
    // point to drop between the surrogates, in every split into chunks.
    let input: Vec<CodePoint> = "ab\u{E9}"
        .chars()
        .map(CodePoint::from)
        .chain([0xD800, 0x11_0000, 0x7FFF_FFFF, 0xDC00, 0x63, 0x11_0000, 0x64].map(CodePoint::new))
        .collect();
    let expected = b"ab\xC3\xA9\xF0\x90\x80\x80cd";
    assert_eq!(WTF_8.encode_with(&input, codec_core::EncodeMode::Ignore).unwrap(), expected);
    for cut in 0..=input.len() {
        for cut2 in cut..=input.len() {
            let chunks = [&input[..cut], &input[cut..cut2], &input[cut2..]];
            let out = codec_test::encode_chunked(&WTF_8, codec_core::EncodeMode::Ignore, &chunks).unwrap();
            assert_eq!(out, expected, "cuts {cut} {cut2}");
        }
    }
}
