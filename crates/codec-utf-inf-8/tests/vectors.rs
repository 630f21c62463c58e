//! The draft's own examples (section 4) as vectors, and the errors of
//! arbitrary bytes written from its rules: every non-shortest form, the
//! length limit, the maximal subparts.

use codec_core::{Big, BigCodePoint, Decode, DecodeError, DecodeMode, Decoder, Encode, ErrorKind, Step};
use codec_utf_inf_8::{UTF_INF_8, UtfInf8};

/// Section 4 of the draft, one example a line (see `tests/data/README.md`).
const EXAMPLES: &str = include_str!("data/spec-examples.txt");

fn examples() -> Vec<(BigCodePoint, Vec<u8>)> {
    EXAMPLES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let (vector, _note) = line.split_once('#').unwrap();
            let (cp, bytes) = vector.split_once('=').unwrap();
            (cp.trim().parse().unwrap(), codec_test::hex::parse(bytes.trim()).unwrap())
        })
        .collect()
}

fn cp(hex: &str) -> BigCodePoint {
    hex.parse().unwrap()
}

#[test]
fn every_example_of_section_4_encodes_and_decodes_byte_for_byte() {
    let examples = examples();
    assert_eq!(examples.len(), 17);
    for (point, bytes) in &examples {
        assert_eq!(UTF_INF_8.encode(std::slice::from_ref(point)).unwrap(), *bytes, "{point}");
        assert_eq!(UTF_INF_8.decode(bytes).unwrap(), std::slice::from_ref(point), "{point}");
        assert_eq!(UTF_INF_8.decode_step(bytes, true), Step::Point { point: point.clone(), len: bytes.len() });
        codec_test::check_decode_all(&UTF_INF_8, bytes);
    }
    // All of them in one input, through every split and every mode.
    let all: Vec<u8> = examples.iter().flat_map(|(_, b)| b.iter().copied()).collect();
    let points: Vec<BigCodePoint> = examples.iter().map(|(p, _)| p.clone()).collect();
    assert_eq!(UTF_INF_8.decode(&all).unwrap(), points);
    assert_eq!(UTF_INF_8.encode(&points).unwrap(), all);
    codec_test::check_decode_splits(&UTF_INF_8, &all);
    codec_test::check_encode_splits(&UTF_INF_8, &points);
}

#[test]
fn the_fifty_one_digit_example_is_thirty_eight_bytes_not_thirty_four() {
    // The draft's erratum: "(thirty-four bytes; NME = 21 hexadecimal ...)".
    let bytes = UTF_INF_8.encode(&[cp(&"A".repeat(51))]).unwrap();
    assert_eq!(bytes.len(), 38);
    assert_eq!(&bytes[..4], b"\xFF\xB4\xA2\xA1");
    assert_eq!(bytes.len() - 4, 34, "thirty-four USV-storage bytes");
}

#[test]
fn the_length_storage_examples_of_3_5() {
    // 3.5.4 and 3.5.5: the length storage alone, for each NME.
    for (nme, head) in [
        (0usize, &b"\xFF\xA0"[..]),
        (3, b"\xFF\xA3"),
        (15, b"\xFF\xAF"),
        (0x10, b"\xFF\xB4\xA1\xA0"),
        (0xFF, b"\xFF\xB4\xAF\xAF"),
        (0x100, b"\xFF\xB4\xB4\xA1\xA0\xA0"),
    ] {
        let nud = nme + 18;
        let bytes = UTF_INF_8.encode(&[cp(&format!("8{}", "0".repeat(nud - 1)))]).unwrap();
        assert_eq!(&bytes[..head.len()], head, "NME {nme}");
        assert_eq!(bytes.len(), head.len() + nud.div_ceil(3) * 2, "NME {nme}");
    }
}

/// Decodes `bytes` one-shot and returns (kind, valid_up_to, error_len) of
/// the first error.
fn first_error(codec: &UtfInf8, bytes: &[u8]) -> (ErrorKind, usize, Option<usize>) {
    let e: DecodeError = codec.validate(bytes).unwrap_err();
    (e.kind(), e.valid_up_to(), e.error_len())
}

#[test]
fn non_shortest_forms_are_overlong() {
    use ErrorKind::Overlong;
    let cases: &[(&[u8], usize)] = &[
        // RFC 2279's own overlong forms.
        (b"\xC0\x80", 1),
        (b"\xFC\x83\xBF\xBF\xBF\xBF", 1),
        // FE below U+80000000.
        (b"\xFE\x80\x80\x80\x80\x80\x80", 1),
        (b"\xFE\x81\xBF\xBF\xBF\xBF\xBF", 1),
        // The thirteen-byte form below U+1000000000: bits 70..36 all zero.
        (b"\xFF\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80", 6),
        (b"\xFF\x80\x80\x80\x80\x80\x80\xBF\xBF\xBF\xBF\xBF\xBF", 6),
        // NUD 18 with a leading digit below 8 fits thirteen bytes.
        (b"\xFF\xA0\x9F\xBF\xBF\xBF\xBF\xBF\xBF\xBF\xBF\xBF\xBF\xBF", 2),
        (b"\xFF\xA0\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80", 2),
        // A zero leading udigit: NUD 21 (no padding), 20 (one zero
        // nybble), 19 (two).
        (b"\xFF\xA3\x83\xBF", 2),
        (b"\xFF\xA2\x80\x8F", 3),
        (b"\xFF\xA1\x80\x80", 3),
        // A leading zero digit in NME: a superfluous B4.
        (b"\xFF\xB4\xA0\xAF", 2),
        (b"\xFF\xB4\xB4\xA0\xA1\xA0", 3),
    ];
    for &(bytes, len) in cases {
        assert_eq!(first_error(&UTF_INF_8, bytes), (Overlong, 0, Some(len)), "{}", codec_test::hex::format(bytes));
    }
}

#[test]
fn non_zero_padding_is_out_of_range() {
    // NUD 20 pads one nybble: the first storage byte is 0000dd.
    assert_eq!(first_error(&UTF_INF_8, b"\xFF\xA2\x84"), (ErrorKind::OutOfRange, 0, Some(2)));
    // NUD 19 pads two: the first storage byte is 000000, the second 00dddd.
    assert_eq!(first_error(&UTF_INF_8, b"\xFF\xA1\x81"), (ErrorKind::OutOfRange, 0, Some(2)));
    assert_eq!(first_error(&UTF_INF_8, b"\xFF\xA1\x80\x90"), (ErrorKind::OutOfRange, 0, Some(3)));
}

#[test]
fn bytes_that_continue_no_form_cut_the_sequence() {
    use ErrorKind::MissingContinuation as Missing;
    let cases: &[(&[u8], usize)] = &[
        (b"\xFFA", 1),
        (b"\xFF\xB0", 1),
        (b"\xFF\xB3", 1),
        (b"\xFF\xB5", 1),
        (b"\xFF\xBF", 1),
        (b"\xFF\xFF", 1),
        (b"\xFEA", 1),
        (b"\xFE\x82\x80\x80\x80\x80A", 6),
        (b"\xFF\x81\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\xC0", 12),
        // After B4, only more B4 or an Ax byte; after the first Ax, only Ax
        // bytes until there are enough.
        (b"\xFF\xB4\x80", 2),
        (b"\xFF\xB4\xA1\xB4", 3),
        (b"\xFF\xB4\xA1\x80", 3),
        // A storage byte that is not a trailing byte.
        (b"\xFF\xA0\xA0\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80A", 13),
        (b"\xFF\xA0\xA0\xC0", 3),
    ];
    for &(bytes, len) in cases {
        assert_eq!(first_error(&UTF_INF_8, bytes), (Missing, 0, Some(len)), "{}", codec_test::hex::format(bytes));
    }
}

#[test]
fn truncated_sequences_have_no_length() {
    for bytes in [
        &b"\xFE"[..],
        b"\xFE\x82\x80",
        b"\xFF",
        b"\xFF\x80\x80\x80\x80\x80",
        b"\xFF\xB4",
        b"\xFF\xB4\xB4\xA1",
        b"\xFF\xA0",
        b"\xFF\xA0\xA0\x80\x80",
        b"\xFF\xA1\x80",
    ] {
        assert_eq!(
            first_error(&UTF_INF_8, bytes),
            (ErrorKind::Truncated, 0, None),
            "{}",
            codec_test::hex::format(bytes)
        );
    }
}

#[test]
fn the_length_limit_is_read_at_the_length_field() {
    // 100 bits: 25 digits at most, NME at most 7.
    let small = UtfInf8::with_max_bits(100);
    assert_eq!(small.max_bits(), 100);
    assert_eq!(first_error(&small, b"\xFF\xA8"), (ErrorKind::LengthOverLimit, 0, Some(1)));
    assert!(small.decode_step(b"\xFF\xA7", false) == Step::Incomplete);
    // Any B4 announces at least 16 + 18 digits.
    assert_eq!(first_error(&small, b"\xFF\xB4"), (ErrorKind::LengthOverLimit, 0, Some(1)));
    // The default, 16384 digits: NME at most 0x3FEE, four Ax bytes.
    assert_eq!(first_error(&UTF_INF_8, b"\xFF\xB4\xB4\xB4\xB4"), (ErrorKind::LengthOverLimit, 0, Some(4)));
    assert_eq!(first_error(&UTF_INF_8, b"\xFF\xB4\xB4\xB4\xA3\xAF\xAF"), (ErrorKind::LengthOverLimit, 0, Some(6)));
    assert_eq!(first_error(&UTF_INF_8, b"\xFF\xB4\xB4\xB4\xA4"), (ErrorKind::LengthOverLimit, 0, Some(4)));
    assert_eq!(UTF_INF_8.decode_step(b"\xFF\xB4\xB4\xB4\xA3\xAF\xAE\xAE", false), Step::Incomplete);
    assert_eq!(first_error(&UTF_INF_8, b"\xFF\xB4\xB4\xB4\xA3\xAF\xAE\xAF"), (ErrorKind::LengthOverLimit, 0, Some(7)));
    // At the limit exactly: 16384 digits decode and encode.
    let top = cp(&"F".repeat(16384));
    let bytes = UTF_INF_8.encode(std::slice::from_ref(&top)).unwrap();
    assert_eq!(&bytes[..8], b"\xFF\xB4\xB4\xB4\xA3\xAF\xAE\xAE");
    assert_eq!(UTF_INF_8.decode(&bytes).unwrap(), [top]);
    let over = cp(&format!("1{}", "0".repeat(16384)));
    assert_eq!(UTF_INF_8.encode(&[over]).unwrap_err().kind(), ErrorKind::LengthOverLimit);
}

#[test]
fn after_an_error_decoding_goes_on_at_the_next_byte() {
    // Replace mode: one U+FFFD per maximal subpart, the rest re-examined.
    let out = UTF_INF_8.decode_with(b"\xFF\xB4\xA0\xAFA\xFE\x80B", DecodeMode::Replace).unwrap();
    let want: Vec<BigCodePoint> =
        [0xFFFD, 0xFFFD, 0xFFFD, 0x41, 0xFFFD, 0xFFFD, 0x42].into_iter().map(BigCodePoint::from_u64).collect();
    assert_eq!(out, want);
}

#[test]
fn streaming_with_the_length_field_and_the_digits_split_a_byte_at_a_time() {
    let points = [cp(&"9".repeat(3000)), cp("41"), cp(&"1".repeat(40)), cp("FFFFFFFFF")];
    let bytes = UTF_INF_8.encode(&points).unwrap();
    let mut decoder = Decoder::new(&UTF_INF_8, DecodeMode::Fatal);
    let mut out = Vec::new();
    for b in &bytes {
        decoder.decode_chunk(std::slice::from_ref(b), false, &mut out).unwrap();
    }
    decoder.decode_chunk(&[], true, &mut out).unwrap();
    assert_eq!(out, points);
    // And every split of the shorter ones, in every mode.
    let short = UTF_INF_8.encode(&points[1..]).unwrap();
    codec_test::check_decode_splits(&UTF_INF_8, &short);
}

#[test]
fn narrowed_values_beyond_u32_are_out_of_range_and_unicode_text_passes() {
    let narrow = codec_core::Narrow(&UTF_INF_8);
    assert_eq!(narrow.decode("h\u{E9}".as_bytes()).unwrap().len(), 2);
    let e = narrow.validate(b"a\xFE\x84\x80\x80\x80\x80\x80").unwrap_err();
    assert_eq!((e.kind(), e.valid_up_to(), e.error_len()), (ErrorKind::OutOfRange, 1, Some(7)));
    // And the other way, UTF-8 seen over big code points agrees on text.
    assert_eq!(Big(&codec_utf8::UTF_8).decode("\u{1F4A9}".as_bytes()), UTF_INF_8.decode("\u{1F4A9}".as_bytes()));
}
