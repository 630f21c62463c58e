//! Exhaustive and sampled sweeps against references written separately from
//! the decoder: `core::str::from_utf8` for UTF-8, and a matcher over the
//! tables of the specs (RFC 3629 §4, the WTF-8 spec's Table 3, RFC 2279 §2)
//! for all three variants.

use codec_core::{CodePoint, Decode, DecodeMode, Encode, ErrorKind};
use codec_test::tables::{GENERALIZED_ROWS, RFC2279_ROWS, Row, UTF8_ROWS, pieces, split};
use codec_utf8::{GENERALIZED_UTF_8, UTF_8, UTF_8_RFC2279, Utf8, Variant};

fn rows(v: Variant) -> &'static [Row] {
    match v {
        Variant::Utf8 => UTF8_ROWS,
        Variant::Generalized => GENERALIZED_ROWS,
        Variant::Rfc2279 => RFC2279_ROWS,
    }
}

const CODECS: [&Utf8; 3] = [&UTF_8, &GENERALIZED_UTF_8, &UTF_8_RFC2279];

fn check(input: &[u8]) {
    for codec in CODECS {
        assert_eq!(
            pieces(codec, input),
            split(rows(codec.variant()), input),
            "{:?} on {}",
            codec.variant(),
            codec_test::hex::format(input)
        );
    }
    // Generalized UTF-8's fast path (the core's validator with its tables)
    // agrees with the step-by-step reference.
    assert_eq!(
        GENERALIZED_UTF_8.validate(input),
        codec_core::reference::decoder(&GENERALIZED_UTF_8, DecodeMode::Fatal).validate_chunk(input, true),
        "{}",
        codec_test::hex::format(input)
    );
    let std = core::str::from_utf8(input).map(|_| ()).map_err(|e| (e.valid_up_to(), e.error_len()));
    assert_eq!(
        UTF_8.validate(input).map_err(|e| (e.valid_up_to(), e.error_len())),
        std,
        "{}",
        codec_test::hex::format(input)
    );
}

#[test]
fn every_one_two_and_three_byte_input_agrees_with_the_tables_and_std() {
    let mut buf = [0u8; 3];
    for a in 0..=255u8 {
        check(&[a]);
        for b in 0..=255u8 {
            check(&[a, b]);
            for c in 0..=255u8 {
                buf = [a, b, c];
                check(&buf);
            }
        }
    }
    let _ = buf;
}

#[test]
fn four_byte_inputs_from_f0_to_f7_agree_on_a_sample_of_every_byte_class() {
    let classes = [0x00, 0x41, 0x7F, 0x80, 0x87, 0x88, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xF0, 0xFF];
    for a in 0xF0..=0xF7u8 {
        for b in 0..=255u8 {
            for &c in &classes {
                for &d in &classes {
                    check(&[a, b, c, d]);
                }
            }
        }
    }
    for a in 0xF8..=0xFFu8 {
        for &b in &classes {
            for &c in &classes {
                check(&[a, b, c, 0x80, 0x80, 0x80]);
                check(&[a, b, 0x80, c, 0x80, 0x80]);
            }
        }
    }
}

#[test]
fn every_code_point_of_each_domain_round_trips() {
    for v in 0..=0x10FFFFu32 {
        let cp = CodePoint::new(v);
        for codec in CODECS {
            let encoded = codec.encode(&[cp]);
            if codec.variant() == Variant::Utf8 && cp.is_surrogate() {
                assert_eq!(encoded.unwrap_err().kind(), ErrorKind::Surrogate);
                continue;
            }
            let bytes = encoded.unwrap();
            if let Some(c) = cp.to_char() {
                assert_eq!(bytes, c.to_string().as_bytes());
            }
            assert_eq!(codec.decode(&bytes), Ok(vec![cp]), "{cp} in {:?}", codec.variant());
        }
    }
    // RFC 2279 beyond U+10FFFF: a sample with every length boundary; the
    // whole 31-bit sweep is `cargo xtask exhaustive` material.
    let mut v: u32 = 0x11_0000;
    while v <= 0x7FFF_FFFF {
        for w in [v, v.saturating_sub(1), v | 0x3F] {
            let cp = CodePoint::new(w.min(0x7FFF_FFFF));
            let bytes = UTF_8_RFC2279.encode(&[cp]).unwrap();
            assert_eq!(UTF_8_RFC2279.decode(&bytes), Ok(vec![cp]));
        }
        v = v.saturating_add(v / 7 + 1);
        if v == u32::MAX {
            break;
        }
    }
    for codec in [&UTF_8, &GENERALIZED_UTF_8] {
        assert_eq!(codec.encode(&[CodePoint::new(0x110000)]).unwrap_err().kind(), ErrorKind::OutOfRange);
    }
    assert_eq!(UTF_8_RFC2279.encode(&[CodePoint::new(0x8000_0000)]).unwrap_err().kind(), ErrorKind::OutOfRange);
}

#[test]
fn the_variant_table_of_the_crate_docs() {
    let cps = |v: &[u32]| v.iter().map(|&x| CodePoint::new(x)).collect::<Vec<_>>();
    let r = |codec: &Utf8, b: &[u8]| codec.decode_with(b, DecodeMode::Replace).unwrap();
    let fffd = |n| vec![CodePoint::REPLACEMENT; n];
    assert_eq!(r(&UTF_8, b"\xC0\x80"), fffd(2));
    assert_eq!(r(&UTF_8_RFC2279, b"\xC0\x80"), fffd(2));
    assert_eq!(r(&UTF_8, b"\xED\xA0\x80"), fffd(3));
    assert_eq!(r(&GENERALIZED_UTF_8, b"\xED\xA0\x80"), cps(&[0xD800]));
    assert_eq!(r(&UTF_8_RFC2279, b"\xED\xA0\x80"), cps(&[0xD800]));
    assert_eq!(r(&GENERALIZED_UTF_8, b"\xF4\x90\x80\x80"), fffd(4));
    assert_eq!(r(&UTF_8_RFC2279, b"\xF4\x90\x80\x80"), cps(&[0x110000]));
    assert_eq!(r(&UTF_8, b"\xF8\x88\x80\x80\x80"), fffd(5));
    assert_eq!(r(&UTF_8_RFC2279, b"\xF8\x88\x80\x80\x80"), cps(&[0x200000]));
    assert_eq!(r(&UTF_8_RFC2279, b"\xFD\xBF\xBF\xBF\xBF\xBF"), cps(&[0x7FFF_FFFF]));
    for codec in CODECS {
        assert_eq!(codec.validate(b"\xFE").unwrap_err().kind(), ErrorKind::InvalidLead);
    }
    let kind = |codec: &Utf8, b: &[u8]| codec.validate(b).unwrap_err().kind();
    assert_eq!(kind(&UTF_8, b"\xC0\x80"), ErrorKind::Overlong);
    assert_eq!(kind(&UTF_8, b"\xE0\x80\x80"), ErrorKind::Overlong);
    assert_eq!(kind(&UTF_8, b"\xED\xA0\x80"), ErrorKind::Surrogate);
    assert_eq!(kind(&UTF_8, b"\xF4\x90\x80\x80"), ErrorKind::OutOfRange);
    assert_eq!(kind(&UTF_8, b"\x80"), ErrorKind::UnexpectedContinuation);
    assert_eq!(kind(&UTF_8, b"\xE1\x80A"), ErrorKind::MissingContinuation);
    assert_eq!(kind(&UTF_8, b"\xE1\x80"), ErrorKind::Truncated);
    assert_eq!(kind(&UTF_8_RFC2279, b"\xFC\x83\x80\x80\x80\x80"), ErrorKind::Overlong);
}

#[test]
fn helpers_follow_the_encoding_standard() {
    assert_eq!(codec_utf8::to_str(b"\xE2\x82\xAC"), Ok("€"));
    assert_eq!(codec_utf8::to_str_lossy(b"\xF0\x90\x80"), "\u{FFFD}");
    assert_eq!(codec_utf8::decode_with_bom_sniffing(b"\xEF\xBB\xBF\xEF\xBB\xBF").unwrap(), "\u{FEFF}");
    assert_eq!(codec_utf8::decode_with_bom_sniffing(b"\xFF\xFEa"), Err(codec_utf8::Bom::Utf16Le));
    assert_eq!(codec_utf8::decode_with_bom_removal(b"\xFE\xFF"), "\u{FFFD}\u{FFFD}");
    assert_eq!(codec_utf8::to_str_lossy(b"a\xED\xA0\x80b\xC3"), "a\u{FFFD}\u{FFFD}\u{FFFD}b\u{FFFD}");
}

#[test]
fn shared_sweeps_on_tricky_inputs() {
    let inputs: &[&[u8]] = &[
        b"",
        "h\u{E9}llo w\u{F6}rld \u{20AC} \u{1F4A9} and some ASCII to make it longer than sixty-four bytes".as_bytes(),
        b"\xC0\x80\xED\xA0\x80\xED\xB0\x80\xF4\x90\x80\x80\xF8\x88\x80\x80\x80\xFE\xFF",
        b"\xFC\x84\x80\x80\x80\x80\xFD\xBF\xBF\xBF\xBF\xBF\xE1\x80",
        b"a\xF0\x9F\x92",
    ];
    for codec in CODECS {
        for input in inputs {
            codec_test::check_decode_all(codec, input);
            codec_test::buffers::check_decode_buffers(codec, input);
            for to in CODECS {
                codec_test::buffers::check_transcode(codec, to, input);
            }
        }
        let points = [CodePoint::new(0xD800), CodePoint::new(0x1F4A9), CodePoint::new(0x7FFF_FFFF)];
        codec_test::check_encode_splits(codec, &points);
        codec_test::buffers::check_encode_buffers(codec, &points);
        let text: Vec<CodePoint> = "Ascii then h\u{E9}llo \u{20AC}\u{1F4A9}".chars().map(CodePoint::from).collect();
        codec_test::buffers::check_encode_buffers(codec, &text);
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 64, ..Default::default() })]

    #[test]
    fn any_bytes(bytes in codec_test::strategies::bytes(48)) {
        check(&bytes);
        for codec in CODECS {
            codec_test::check_decode_splits(codec, &bytes);
            codec_test::check_fast_paths(codec, &bytes);
            codec_test::check_escape_round_trip(codec, &bytes);
        }
    }

    #[test]
    fn large_text_fast_paths(text in codec_test::strategies::scalar_text(400), junk in codec_test::strategies::bytes(8)) {
        let mut bytes = text.into_bytes();
        let at = bytes.len() / 2;
        bytes.splice(at..at, junk);
        for codec in CODECS {
            codec_test::check_fast_paths(codec, &bytes);
            codec_test::buffers::check_decode_buffers(codec, &bytes);
        }
    }
}

/// Error-dense input: runs of text of every length (shorter and longer
/// than the runs after which the fast paths are tried again) between bad
/// bytes and cut sequences.
fn dense_errors() -> impl proptest::strategy::Strategy<Value = Vec<u8>> {
    use proptest::prelude::*;
    let text = codec_test::strategies::scalar_text(40).prop_map(String::into_bytes);
    let bad = prop::sample::select(vec![
        &b"\xFF"[..],
        b"\x80",
        b"\xC3",
        b"\xE2\x82",
        b"\xF0\x90\x80",
        b"\xED\xA0\x80",
        b"\xC0\xAF",
    ]);
    prop::collection::vec(prop_oneof![text, bad.prop_map(<[u8]>::to_vec)], 0..60).prop_map(|parts| parts.concat())
}

/// Lossy decoding of input with errors a few bytes apart for more than a
/// thousand bytes, from each of its first 300 bytes on: the windows that
/// error-dense input is taken in (256 bytes) end at every position of a
/// character and of an ill-formed part, and std decides what comes out.
#[test]
fn lossy_decoding_of_error_dense_input_across_window_ends_agrees_with_std() {
    let parts: [&[u8]; 11] = [
        "\u{E9}".as_bytes(),
        b"\xFF",
        "\u{20AC}x".as_bytes(),
        b"\xE2\x82",
        "\u{1F600}".as_bytes(),
        b"\xF0\x90\x80",
        b"ab",
        b"\x80\x80",
        "\u{436}\u{438}".as_bytes(),
        b"\xED\xA0\x80",
        b"\xC3",
    ];
    let dense: Vec<u8> = parts.iter().cycle().take(500).copied().flatten().copied().collect();
    assert!(dense.len() > 1000);
    for start in 0..300 {
        let bytes = &dense[start..];
        let std = String::from_utf8_lossy(bytes);
        assert_eq!(codec_utf8::to_str_lossy(bytes), std, "from byte {start}");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 128, ..Default::default() })]

    #[test]
    fn strict_and_lossy_decoding_of_error_dense_input_agree_with_std(bytes in dense_errors()) {
        use codec_core::Decode;
        let std = String::from_utf8_lossy(&bytes);
        proptest::prop_assert_eq!(
            codec_utf8::to_str(&bytes).map_err(|e| (e.valid_up_to(), e.error_len())),
            core::str::from_utf8(&bytes).map_err(|e| (e.valid_up_to(), e.error_len()))
        );
        proptest::prop_assert_eq!(&codec_utf8::to_str_lossy(&bytes), &std);
        proptest::prop_assert_eq!(&codec_utf8::UTF_8.decode_to_string_lossy(&bytes), &std);
        proptest::prop_assert_eq!(
            codec_utf8::UTF_8.decode_to_string(&bytes).map_err(|e| (e.valid_up_to(), e.error_len())),
            String::from_utf8(bytes.clone()).map_err(|e| (e.utf8_error().valid_up_to(), e.utf8_error().error_len()))
        );
        // The driver, which UTF-8's own `decode_to_string_lossy` skips.
        let mut driven = String::new();
        let _ = codec_core::Decoder::new(&codec_utf8::UTF_8, codec_core::DecodeMode::Replace)
            .decode_to_string(&bytes, true, &mut driven);
        proptest::prop_assert_eq!(&driven, &std);
        proptest::prop_assert_eq!(codec_utf8::UTF_8.decode_to_utf16_lossy(&bytes), std.encode_utf16().collect::<Vec<u16>>());
    }
}
