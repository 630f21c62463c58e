//! Relations between the specifications, checked on the real codecs through
//! the registry: UTF-8 is a subset of WTF-8, which is a subset of generalized
//! UTF-8, which is a subset of RFC 2279 UTF-8; UTF-16 is a subset of WTF-16,
//! UTF-32 of WTF-32;
//! scalar text survives every codec whose domain holds it; Corrected UTF-8
//! equals ASCII on ASCII only, and its magic number reads as the spec says;
//! RFC 2279 UTF-8 is a subset of UTF-∞-8, which holds every code point any
//! codec decodes.

use codec_core::{CodePoint, DynCodec};
use codec_test::strategies::{self, Class};
use proptest::prelude::*;

/// The subset relations between registered codecs: `(narrow, wide)` means
/// every input `narrow` accepts, `wide` accepts with the same code points. A
/// relation is checked once both of its codecs are registered.
const SUBSETS: &[(&str, &str)] = &[
    ("utf-8", "wtf-8"),
    ("wtf-8", "generalized-utf-8"),
    ("generalized-utf-8", "utf-8-rfc2279"),
    ("utf-16le", "wtf-16le"),
    ("utf-16be", "wtf-16be"),
    ("utf-32le", "wtf-32le"),
    ("utf-32be", "wtf-32be"),
    ("mutf-8", "mutf-8-lenient"),
    ("utf-8-rfc2279", "utf-inf-8"),
];

/// The relations of [`SUBSETS`] whose codecs are both registered.
fn subsets() -> impl Iterator<Item = (&'static dyn DynCodec, &'static dyn DynCodec)> {
    SUBSETS.iter().filter_map(|(a, b)| Some((codec_registry::get(a)?, codec_registry::get(b)?)))
}

/// If `narrow` accepts `bytes`, `wide` accepts them too, with the same code
/// points.
fn assert_subset(narrow: &dyn DynCodec, wide: &dyn DynCodec, bytes: &[u8]) {
    if let Ok(points) = narrow.decode(bytes) {
        let (narrow, wide_name) = (narrow.info().name, wide.info().name);
        assert_eq!(
            wide.decode(bytes).as_ref(),
            Ok(&points),
            "{narrow} accepts {} but {wide_name} differs",
            codec_test::hex::format(bytes)
        );
    }
}

#[test]
fn the_subset_chains_hold_on_every_short_input() {
    // Every input of up to two bytes, and every three-byte input starting with
    // a byte at a class boundary.
    let mut inputs: Vec<Vec<u8>> = vec![vec![]];
    inputs.extend((0..=255u8).map(|a| vec![a]));
    for a in 0..=255u8 {
        inputs.extend((0..=255u8).map(|b| vec![a, b]));
    }
    for a in [0xC2u8, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xF8, 0xFC, 0xFE] {
        for b in 0..=255u8 {
            inputs.extend([0x80u8, 0xBF, 0x41].iter().map(|&c| vec![a, b, c]));
        }
    }
    // Surrogate pair byte sequences and their neighbours (WTF-8 against
    // generalized UTF-8).
    for b in [0x9F, 0xA0, 0xAF, 0xB0, 0xBF] {
        for e in [0x9F, 0xA0, 0xAF, 0xB0, 0xBF] {
            inputs.push(vec![0xED, b, 0x80, 0xED, e, 0xBF]);
            inputs.push(vec![0x41, 0xED, b, 0x80, 0xED, e, 0xBF, 0x41]);
        }
    }
    let relations: Vec<_> = subsets().collect();
    println!("{} of {} subset relations have their codecs registered", relations.len(), SUBSETS.len());
    for bytes in &inputs {
        for &(narrow, wide) in &relations {
            assert_subset(narrow, wide, bytes);
        }
    }
}

#[test]
fn every_registered_codec_keeps_the_core_contracts_on_tricky_inputs() {
    let inputs: &[&[u8]] = &[
        b"",
        b"plain ASCII",
        "h\u{E9}llo \u{20AC} \u{1F4A9}".as_bytes(),
        b"\xC0\x80\xED\xA0\x80\xED\xB0\x80\xF4\x90\x80\x80\xF8\x88\x80\x80\x80\xFE\xFF",
        b"\xED\xA0\xBD\xED\xB2\xA9\x00\xE1\x80",
        b"\xFC\x84\x80\x80\x80\x80\xFD\xBF\xBF\xBF\xBF\xBF\xC3",
        b"\xD8\x3D\xDC\xA9\x3D\xD8\xA9\xDC\x00\xD8\x41\x00\xDC",
    ];
    for &c in &utfx_tests::codecs() {
        for input in inputs {
            codec_test::check_decode_all(c, input);
            codec_test::buffers::check_decode_buffers(c, input);
            for &to in &utfx_tests::codecs() {
                codec_test::buffers::check_transcode(c, to, input);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn any_bytes_keep_the_contracts_in_every_codec(bytes in strategies::bytes(32)) {
        for &c in &utfx_tests::codecs() {
            codec_test::check_decode_splits(c, &bytes);
            codec_test::check_fast_paths(c, &bytes);
            codec_test::check_escape_round_trip(c, &bytes);
        }
        for (narrow, wide) in subsets() {
            assert_subset(narrow, wide, &bytes);
        }
    }

    /// Lossy decoding says it replaced something exactly when strict
    /// decoding to a `String` fails, one-shot and streamed in two chunks
    /// at every split, and writes what `decode_to_string_lossy` writes.
    #[test]
    fn lossy_decoding_says_whether_it_replaced_anything(bytes in strategies::bytes(24)) {
        for &c in &utfx_tests::codecs() {
            let failed = c.decode_to_string(&bytes).is_err();
            let lossy = c.decode_to_string_lossy(&bytes);
            prop_assert_eq!(c.decode_to_string_replacing(&bytes), (lossy.clone(), failed), "{}", c.info().name);
            for cut in 0..=bytes.len() {
                let mut decoder = codec_core::Decoder::new(c, codec_core::DecodeMode::Replace);
                let mut out = String::new();
                decoder.decode_to_string(&bytes[..cut], false, &mut out).unwrap();
                decoder.decode_to_string(&bytes[cut..], true, &mut out).unwrap();
                prop_assert_eq!((&out, decoder.had_errors()), (&lossy, failed), "{} cut at {}", c.info().name, cut);
            }
        }
    }

    #[test]
    fn scalar_text_round_trips_through_every_codec_that_holds_it(text in strategies::scalar_text(24)) {
        let points: Vec<CodePoint> = text.chars().map(CodePoint::from).collect();
        for &c in &utfx_tests::codecs() {
            let name = c.info().name;
            if !points.iter().all(|&cp| c.info().domain.contains(cp)) {
                continue;
            }
            let bytes = c.encode(&points).unwrap_or_else(|e| panic!("{name} cannot encode {text:?}: {e}"));
            prop_assert_eq!(c.decode(&bytes), Ok(points.clone()), "{}", name);
            codec_test::check_encode_splits(c, &points);
        }
        // UTF-8 and WTF-8 of scalar text are the bytes std writes.
        for name in ["utf-8", "wtf-8"] {
            if let Some(c) = codec_registry::get(name) {
                prop_assert_eq!(c.encode(&points).unwrap(), text.as_bytes());
            }
        }
    }

    #[test]
    fn wtf16_and_wtf8_carry_the_same_sequences(bytes in strategies::bytes(40)) {
        // The WTF-8 specification: converting potentially ill-formed UTF-16
        // to WTF-8 never fails and is lossless, and back again.
        let (Some(wtf16), Some(wtf8)) = (codec_registry::get("wtf-16le"), codec_registry::get("wtf-8")) else {
            return Ok(());
        };
        let even = &bytes[..bytes.len() & !1];
        let points = wtf16.decode(even).unwrap();
        let as_wtf8 = wtf8.encode(&points).unwrap();
        prop_assert_eq!(wtf8.decode(&as_wtf8).unwrap(), points.clone());
        prop_assert_eq!(wtf16.encode(&points).unwrap(), even);
    }

    #[test]
    fn code_point_sequences_encode_alike_streamed(points in strategies::code_points(Class::ALL, 10)) {
        for &c in &utfx_tests::codecs() {
            codec_test::check_encode_splits(c, &points);
            codec_test::check_encode_fast_path(c, &points);
            codec_test::buffers::check_encode_buffers(c, &points);
        }
    }

    #[test]
    fn any_bytes_transcode_like_decoding_then_encoding(
        bytes in strategies::bytes(32),
        from in 0..utfx_tests::codecs().len(),
        to in 0..utfx_tests::codecs().len(),
    ) {
        let all = utfx_tests::codecs();
        codec_test::buffers::check_transcode(all[from], all[to], &bytes);
    }
}

/// Corrected UTF-8 equals ASCII on ASCII only, and the two variants accept
/// the same bytes.
#[test]
fn corrected_utf8_equals_ascii_on_ascii_and_its_variants_accept_the_same_bytes() {
    let (Some(corrected), Some(c1), Some(utf8)) = (
        codec_registry::get("corrected-utf-8"),
        codec_registry::get("corrected-utf-8-c1"),
        codec_registry::get("utf-8"),
    ) else {
        return;
    };
    let ascii: Vec<u8> = (0..=0x7F).collect();
    assert_eq!(corrected.decode(&ascii), utf8.decode(&ascii));
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            assert_eq!(corrected.validate(&[a, b]), c1.validate(&[a, b]));
            // Every two-byte sequence that both decode to a code point
            // beyond ASCII means something else in each.
            if let (Ok(x), Ok(y)) = (corrected.decode(&[a, b]), utf8.decode(&[a, b])) {
                assert!(a < 0x80 || x != y, "{a:02X} {b:02X}");
            }
        }
    }
}

/// The magic number, as the specification says a UTF-8 decoder sees it:
/// the noncharacter U+FDDD then a surrogate's bytes, which strict UTF-8
/// rejects and generalized UTF-8 decodes to U+DCAE.
#[test]
fn the_magic_number_read_as_utf8() {
    let magic = b"\xEF\xB7\x9D\xED\xB2\xAE\x00\x0A";
    let cps = |v: &[u32]| v.iter().map(|&x| CodePoint::new(x)).collect::<Vec<_>>();
    if let Some(corrected) = codec_registry::get("corrected-utf-8") {
        assert_eq!(corrected.decode(magic), Ok(cps(&[0x10E7D, 0xED4E, 0x0000, 0x000A])));
    }
    let utf8 = codec_registry::get("utf-8").unwrap();
    let err = utf8.validate(magic).unwrap_err();
    assert_eq!((err.valid_up_to(), err.kind()), (3, codec_core::ErrorKind::Surrogate));
    let generalized = codec_registry::get("generalized-utf-8").unwrap();
    assert_eq!(generalized.decode(magic), Ok(cps(&[0xFDDD, 0xDCAE, 0x0000, 0x000A])));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// UTF-∞-8 holds everything: whatever any codec decodes (over big code
    /// points, so nothing is narrowed), UTF-∞-8 encodes and decodes back.
    #[test]
    fn utf_inf_8_holds_what_every_codec_decodes(bytes in strategies::bytes(32)) {
        let Some(inf) = codec_registry::get_big("utf-inf-8") else { return Ok(()) };
        for &c in codec_registry::all_big() {
            let points = c.decode_lossy(&bytes);
            let encoded = inf.encode(&points);
            prop_assert!(encoded.is_ok(), "{}: {:?}", c.info().name, encoded);
            prop_assert_eq!(inf.decode(&encoded.unwrap()), Ok(points), "{}", c.info().name);
        }
    }
}
