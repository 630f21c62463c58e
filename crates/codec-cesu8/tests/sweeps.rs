//! Sweeps against the references written from the specifications' rules
//! (`codec_test::tables::split_cesu8`), the round trip of every code point,
//! the streaming and buffer checks on tricky inputs, and the properties
//! between the variants and their neighbours.

use codec_cesu8::{CESU_8, Cesu8Codec, CodePoint, Decode, DecodeMode, Encode, ErrorKind, MUTF_8, MUTF_8_LENIENT};
use codec_test::cps;
use codec_test::tables::{CESU8_ROWS, MUTF8_LENIENT_ROWS, MUTF8_ROWS, Row, pieces, split_cesu8};
use proptest::prelude::*;

const ALL: [(&Cesu8Codec, &[Row], bool); 3] =
    [(&CESU_8, CESU8_ROWS, false), (&MUTF_8, MUTF8_ROWS, true), (&MUTF_8_LENIENT, MUTF8_LENIENT_ROWS, true)];

fn check(codec: &Cesu8Codec, rows: &[Row], lone: bool, input: &[u8]) {
    assert_eq!(
        pieces(codec, input),
        split_cesu8(rows, lone, input),
        "{:?} {}",
        codec.variant(),
        codec_test::hex::format(input)
    );
}

fn sweep(which: usize) {
    let (codec, rows, lone) = ALL[which];
    for a in 0..=255u8 {
        check(codec, rows, lone, &[a]);
        for b in 0..=255u8 {
            check(codec, rows, lone, &[a, b]);
            for c in 0..=255u8 {
                check(codec, rows, lone, &[a, b, c]);
            }
        }
    }
}

#[test]
fn every_one_two_and_three_byte_input_agrees_with_the_reference_cesu8() {
    sweep(0);
}

#[test]
fn every_one_two_and_three_byte_input_agrees_with_the_reference_mutf8() {
    sweep(1);
}

#[test]
fn every_one_two_and_three_byte_input_agrees_with_the_reference_lenient() {
    sweep(2);
}

/// Every second byte of both halves, a sample of the third (the whole 2^32
/// sweep is for `cargo xtask exhaustive`).
#[test]
fn six_byte_ed_inputs_agree_with_the_reference() {
    let thirds = [0x00, 0x80, 0xBF, 0xC0];
    for (codec, rows, lone) in ALL {
        for b in 0..=255u8 {
            for e in 0..=255u8 {
                for &c in &thirds {
                    for &f in &thirds {
                        check(codec, rows, lone, &[0xED, b, c, 0xED, e, f]);
                    }
                }
            }
        }
    }
}

#[test]
fn the_table_of_the_crate_docs() {
    let replace = |c: &Cesu8Codec, b: &[u8]| c.decode_with(b, DecodeMode::Replace).unwrap();
    for c in [&CESU_8, &MUTF_8, &MUTF_8_LENIENT] {
        assert_eq!(replace(c, b"\xF0\x9F\x92\xA9"), cps(&[0xFFFD; 4]));
        assert_eq!(c.validate(b"\xF0\x9F\x92\xA9").unwrap_err().kind(), ErrorKind::FourByteSequence);
        assert_eq!(replace(c, b"\xED\xA0\xBD\xED\xB2\xA9"), cps(&[0x1F4A9]));
    }
    assert_eq!(replace(&CESU_8, b"\xED\xA0\x80A"), cps(&[0xFFFD, 0x41]));
    assert_eq!(replace(&CESU_8, b"\xED\xB0\x80A"), cps(&[0xFFFD, 0x41]));
    assert_eq!(replace(&MUTF_8, b"\xED\xA0\x80A"), cps(&[0xD800, 0x41]));
    assert_eq!(replace(&MUTF_8_LENIENT, b"\xED\xA0\x80A"), cps(&[0xD800, 0x41]));
    assert_eq!(replace(&CESU_8, b"\x00"), cps(&[0]));
    assert_eq!(MUTF_8.validate(b"\x00").unwrap_err().kind(), ErrorKind::Nul);
    assert_eq!(replace(&MUTF_8_LENIENT, b"\x00"), cps(&[0]));
    assert_eq!(replace(&CESU_8, b"\xC0\x80"), cps(&[0xFFFD, 0xFFFD]));
    assert_eq!(replace(&MUTF_8, b"\xC0\x80"), cps(&[0]));
    assert_eq!(replace(&MUTF_8_LENIENT, b"\xC0\x80"), cps(&[0]));
    for c in [&CESU_8, &MUTF_8] {
        assert_eq!(c.validate(b"\xC1\xBF").unwrap_err().kind(), ErrorKind::Overlong);
        assert_eq!(c.validate(b"\xE0\x81\xBF").unwrap_err().kind(), ErrorKind::Overlong);
    }
    assert_eq!(replace(&MUTF_8_LENIENT, b"\xC1\xBF\xE0\x81\xBF"), cps(&[0x7F, 0x7F]));
    assert_eq!(CESU_8.encode(&cps(&[0])).unwrap(), b"\x00");
    assert_eq!(MUTF_8.encode(&cps(&[0])).unwrap(), b"\xC0\x80");
    assert_eq!(MUTF_8_LENIENT.encode(&cps(&[0])).unwrap(), b"\xC0\x80");
    // Errors: shape and kinds.
    let err = CESU_8.validate(b"ab\xED\xA0\x80\xED\x80\x80").unwrap_err();
    assert_eq!((err.valid_up_to(), err.error_len(), err.kind()), (2, Some(3), ErrorKind::UnpairedSurrogate));
    let err = CESU_8.validate(b"ab\xED\xA0\x80").unwrap_err();
    assert_eq!((err.valid_up_to(), err.error_len(), err.kind()), (2, None, ErrorKind::Truncated));
    let err = CESU_8.validate(b"ab\xED\xA0\x80\xED\xB0").unwrap_err();
    assert_eq!((err.valid_up_to(), err.error_len(), err.kind()), (2, None, ErrorKind::Truncated));
    let err = MUTF_8.validate(b"ab\xED\xA0\x80\xED\xB0").unwrap_err();
    assert_eq!((err.valid_up_to(), err.error_len(), err.kind()), (5, None, ErrorKind::Truncated));
    assert_eq!(CESU_8.encode(&cps(&[0xD800])).unwrap_err().kind(), ErrorKind::Surrogate);
    assert_eq!(MUTF_8.encode(&cps(&[0x110000])).unwrap_err().kind(), ErrorKind::OutOfRange);
}

#[test]
fn every_code_point_round_trips() {
    for v in (0..=0xFFFFu32).chain((0x1_0000..=0x10_FFFF).step_by(97)).chain([0x10_FFFF]) {
        let cp = CodePoint::new(v);
        for c in [&CESU_8, &MUTF_8, &MUTF_8_LENIENT] {
            match c.encode(&[cp]) {
                Ok(bytes) => assert_eq!(c.decode(&bytes), Ok(vec![cp]), "{:?} {cp}", c.variant()),
                Err(e) => {
                    assert!(cp.is_surrogate() && !c.keeps_lone_surrogates(), "{cp}: {e}");
                    assert_eq!(e.kind(), ErrorKind::Surrogate);
                }
            }
        }
        // Scalar values without U+0000 and beyond the BMP: CESU-8 is UTF-8.
        if let Some(ch) = cp.to_char().filter(|_| v <= 0xFFFF) {
            assert_eq!(CESU_8.encode(&[cp]).unwrap(), ch.to_string().as_bytes());
        }
    }
}

const TRICKY: &[&[u8]] = &[
    b"",
    b"plain ASCII long enough to take the fast path before anything happens at all",
    b"\xED\xA0\x80\xED\xB0\x80",
    b"a\xED\xA0\xBD\xED\xB2\xA9b\xED\xA0\x80\xED\xA0\x80\xED\xB0\x80\xED\xB0\x80",
    b"\xED\xA0\x80\xED\xB0\x41\xED\xA0\x80\xED\x41\xED\xAF\xBF\xED\xBF\xBF",
    b"\x00\xC0\x80\xC0\xC1\xBF\xE0\x80\x80\xE0\x9F\xBF\xF0\x9F\x92\xA9\xF8\xFF",
    b"x\xC3\xA9\xE2\x82\xAC\xED\xA0\xBD\xED\xB2\xA9 ascii text \xC0\x80 more ascii text\xED\xA0\x80",
    b"\xED\xA0\x80",
    b"\xED\xA0\x80\xED",
    b"\xC0",
];

#[test]
fn streaming_buffers_and_transcoding_on_tricky_inputs() {
    for c in [&CESU_8, &MUTF_8, &MUTF_8_LENIENT] {
        for input in TRICKY {
            codec_test::check_decode_splits(c, input);
            codec_test::check_fast_paths(c, input);
            codec_test::check_ascii_prefix_alignment(c, input);
            check_escape(c, input);
            codec_test::buffers::check_decode_buffers(c, input);
            codec_test::buffers::check_transcode(c, c, input);
            codec_test::buffers::check_transcode(&codec_utf8::UTF_8, c, input);
            codec_test::buffers::check_transcode(c, &codec_wtf8::WTF_8, input);
        }
        for points in [
            cps(&[0x61, 0xD83D, 0xDCA9, 0xD800, 0xD800, 0xDC00, 0xDC00, 0x1F4A9, 0, 0x10FFFF, 0x110000]),
            "Ascii then h\u{E9}llo \u{20AC}\u{1F4A9}\0 and more".chars().map(CodePoint::from).collect(),
        ] {
            codec_test::check_encode_splits(c, &points);
            codec_test::check_encode_fast_path(c, &points);
            codec_test::buffers::check_encode_buffers(c, &points);
        }
    }
}

#[test]
fn conversions_borrow_when_the_bytes_are_utf8() {
    use std::borrow::Cow;
    let text = "h\u{E9}llo \u{20AC} \u{FFFF}";
    for c in [&CESU_8, &MUTF_8, &MUTF_8_LENIENT] {
        assert!(matches!(c.from_utf8(text), Cow::Borrowed(_)));
        assert!(matches!(c.to_utf8(text.as_bytes()), Ok(Cow::Borrowed(_))));
        assert!(matches!(c.from_utf8("\u{1F4A9}"), Cow::Owned(_)));
    }
    assert!(matches!(CESU_8.from_utf8("a\0"), Cow::Borrowed(_)));
    assert!(matches!(MUTF_8.from_utf8("a\0"), Cow::Owned(_)));
    assert_eq!(MUTF_8.to_utf8(b"\xED\xA0\x80").unwrap_err().kind(), ErrorKind::Surrogate);
}

/// The escape round trip (decision 0003), for every variant: the lenient
/// one escapes the forms it reads but does not write (decision 0008).
fn check_escape(c: &Cesu8Codec, input: &[u8]) {
    codec_test::check_escape_round_trip(c, input);
}

#[test]
fn lenient_escape_mode_escapes_the_forms_it_does_not_write() {
    // Written from decision 0008: `readUTF` reads `00`, `E0 80 80` and
    // `C1 BF`, the variant writes `C0 80` for U+0000 and `7F` for U+007F, so
    // escape mode makes U+DC00 + b of each byte of the other forms.
    let esc = |b: u32| CodePoint::new(0xDC00 + b);
    let cases: [(&[u8], Vec<CodePoint>); 4] = [
        (b"a\x00b", vec![CodePoint::new(0x61), esc(0x00), CodePoint::new(0x62)]),
        (b"\xC0\x80", vec![CodePoint::new(0)]),
        (b"\xE0\x80\x80", vec![esc(0xE0), esc(0x80), esc(0x80)]),
        (b"\xC1\xBF\x7F", vec![esc(0xC1), esc(0xBF), CodePoint::new(0x7F)]),
    ];
    for (input, expected) in cases {
        assert_eq!(MUTF_8_LENIENT.decode_with(input, DecodeMode::Escape).unwrap(), expected);
        // The other modes read them as Java does.
        assert!(MUTF_8_LENIENT.decode(input).is_ok());
        check_escape(&MUTF_8_LENIENT, input);
    }
    // The fuzzer's finding: leading NULs before a six-byte RFC 2279 lead.
    check_escape(&MUTF_8_LENIENT, b"\xC0\x00\x00\x00\x02\xF8\x80\x9F\x80\x07\xFE");
}

fn mutf8_domain() -> impl Strategy<Value = Vec<CodePoint>> {
    // Any code point to U+10FFFF; a lead directly followed by a trail is the
    // supplementary code point they make (outside the domain as two).
    codec_test::strategies::code_points(codec_test::strategies::Class::ALL, 16).prop_map(|v| {
        let mut out: Vec<CodePoint> = Vec::new();
        for cp in v.into_iter().filter(|cp| cp.to_u32() <= 0x10_FFFF) {
            if cp.is_trail_surrogate() && out.last().is_some_and(|l| l.is_lead_surrogate()) {
                continue;
            }
            out.push(cp);
        }
        out
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn code_points_round_trip_in_each_domain(points in mutf8_domain()) {
        for c in [&MUTF_8, &MUTF_8_LENIENT] {
            let bytes = c.encode(&points).unwrap();
            prop_assert_eq!(c.decode(&bytes).unwrap(), points.clone());
            // Lossless to WTF-8 and back.
            let wtf8 = c.to_wtf8(&bytes).unwrap();
            prop_assert_eq!(c.from_wtf8(&wtf8).unwrap(), bytes.clone());
        }
        let scalars: Vec<CodePoint> = points.iter().copied().filter(|cp| !cp.is_surrogate()).collect();
        let cesu = CESU_8.encode(&scalars).unwrap();
        prop_assert_eq!(CESU_8.decode(&cesu).unwrap(), scalars.clone());
        // Modified UTF-8 equals CESU-8 except at U+0000.
        let mut want = Vec::new();
        for &b in &cesu {
            if b == 0 { want.extend_from_slice(b"\xC0\x80") } else { want.push(b) }
        }
        prop_assert_eq!(MUTF_8.encode(&scalars).unwrap(), want);
    }

    #[test]
    fn cesu8_equals_utf8_on_bmp_scalar_text(text in "[\\u{0}-\\u{D7FF}\\u{E000}-\\u{FFFF}]{0,24}") {
        prop_assert_eq!(&*CESU_8.from_utf8(&text), text.as_bytes());
        let points: Vec<CodePoint> = text.chars().map(CodePoint::from).collect();
        prop_assert_eq!(CESU_8.encode(&points).unwrap(), text.as_bytes());
        prop_assert_eq!(CESU_8.decode(text.as_bytes()).unwrap(), points);
    }

    #[test]
    fn scalar_text_converts_like_code_points(text in codec_test::strategies::scalar_text(24)) {
        let points: Vec<CodePoint> = text.chars().map(CodePoint::from).collect();
        let units: Vec<u16> = text.encode_utf16().collect();
        for c in [&CESU_8, &MUTF_8, &MUTF_8_LENIENT] {
            let bytes = c.encode(&points).unwrap();
            prop_assert_eq!(&*c.from_utf8(&text), &bytes[..]);
            prop_assert_eq!(c.from_utf16(&units).unwrap(), bytes.clone());
            prop_assert_eq!(c.to_utf8(&bytes).unwrap(), text.as_str());
            prop_assert_eq!(c.decode_to_utf16(&bytes).unwrap(), units.clone());
        }
    }

    #[test]
    fn any_bytes_keep_the_contracts(bytes in codec_test::strategies::bytes(32)) {
        for c in [&CESU_8, &MUTF_8, &MUTF_8_LENIENT] {
            codec_test::check_decode_splits(c, &bytes);
            codec_test::check_fast_paths(c, &bytes);
            check_escape(c, &bytes);
        }
        // What strict Modified UTF-8 accepts, the lenient one reads alike;
        // what CESU-8 accepts without 00, Modified UTF-8 does.
        if let Ok(points) = MUTF_8.decode(&bytes) {
            prop_assert_eq!(MUTF_8_LENIENT.decode(&bytes).unwrap(), points);
        }
        if let Ok(points) = CESU_8.decode(&bytes)
            && !bytes.contains(&0)
        {
            prop_assert_eq!(MUTF_8.decode(&bytes).unwrap(), points);
        }
    }
}
