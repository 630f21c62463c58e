//! The article's tables as test vectors: the first and last code point of
//! every row, both ways, with the bytes typed from the table (the lowest
//! and highest bytes of each range; U+7FFFFFFF worked out by hand, shown
//! beside it), and the errors each table implies, at their offsets.

use codec_test::{check_decode_all, check_encode_splits};
use codec_utf8_history::{
    CodePoint, Decode, DecodeError, DecodeMode, Encode, ErrorKind, FSS_UTF_PROPOSAL_1992, MAX_CODE_POINT, UTF_1,
};

/// UTF-1, Wikipedia "UTF-8" (2 December 2016), History, table "UTF-1":
/// each row's first and last code point with its bytes.
const UTF_1_ROWS: &[(u32, &[u8])] = &[
    // 1 | U+0000 | U+009F | 00–9F
    (0x0000, b"\x00"),
    (0x009F, b"\x9F"),
    // 2 | U+00A0 | U+00FF | A0 | A0–FF
    (0x00A0, b"\xA0\xA0"),
    (0x00FF, b"\xA0\xFF"),
    // 2 | U+0100 | U+4015 | A1–F5 | 21–7E, A0–FF
    (0x0100, b"\xA1\x21"),
    (0x4015, b"\xF5\xFF"),
    // 3 | U+4016 | U+38E2D | F6–FB | 21–7E, A0–FF | 21–7E, A0–FF
    (0x4016, b"\xF6\x21\x21"),
    (0x0003_8E2D, b"\xFB\xFF\xFF"),
    // 5 | U+38E2E | U+7FFFFFFF | FC–FF | 21–7E, A0–FF (four times)
    (0x0003_8E2E, b"\xFC\x21\x21\x21\x21"),
    // 0x7FFFFFFF - 0x38E2E = 2147250641 = 1·190⁴ + 123·190³ + 10·190² +
    // 119·190 + 31: lead FC + 1; digits 123, 10, 119, 31 are the bytes
    // A0 + (123 - 94), 21 + 10, A0 + (119 - 94), 21 + 31.
    (0x7FFF_FFFF, b"\xFD\xBD\x2B\xB9\x40"),
];

/// The same, table "FSS-UTF proposal (1992)": the bits of the last code
/// point of a row are all ones (`x` = 1), of the first all zeros.
const FSS_ROWS: &[(u32, &[u8])] = &[
    // 1 | 7 | U+0000 | U+007F | 0xxxxxxx
    (0x0000, b"\x00"),
    (0x007F, b"\x7F"),
    // 2 | 13 | U+0080 | U+207F | 10xxxxxx 1xxxxxxx
    (0x0080, b"\x80\x80"),
    (0x207F, b"\xBF\xFF"),
    // 3 | 19 | U+2080 | U+8207F | 110xxxxx 1xxxxxxx 1xxxxxxx
    (0x2080, b"\xC0\x80\x80"),
    (0x0008_207F, b"\xDF\xFF\xFF"),
    // 4 | 25 | U+82080 | U+208207F | 1110xxxx 1xxxxxxx 1xxxxxxx 1xxxxxxx
    (0x0008_2080, b"\xE0\x80\x80\x80"),
    (0x0208_207F, b"\xEF\xFF\xFF\xFF"),
    // 5 | 31 | U+2082080 | U+7FFFFFFF | 11110xxx 1xxxxxxx (four times)
    (0x0208_2080, b"\xF0\x80\x80\x80\x80"),
    // 0x7FFFFFFF - 0x2082080 = 0x7DF7DF7F, 31 bits
    // 111 1101111 1011111 0111110 1111111 into the x's.
    (0x7FFF_FFFF, b"\xF7\xEF\xDF\xBE\xFF"),
];

fn cp(v: u32) -> CodePoint {
    CodePoint::new(v)
}

/// Checks one row boundary both ways, alone and between ASCII letters.
fn check_both_ways<C>(codec: &C, v: u32, bytes: &[u8])
where
    C: Decode<Point = CodePoint> + Encode<Point = CodePoint>,
{
    assert_eq!(codec.encode(&[cp(v)]).as_deref(), Ok(bytes), "encode U+{v:04X}");
    assert_eq!(codec.decode(bytes), Ok(vec![cp(v)]), "decode U+{v:04X}");
    let mut framed = b"a".to_vec();
    framed.extend_from_slice(bytes);
    framed.push(b'z');
    assert_eq!(codec.decode(&framed), Ok(vec![cp(0x61), cp(v), cp(0x7A)]), "U+{v:04X} between letters");
}

#[test]
fn utf_1_row_boundaries_both_ways() {
    for &(v, bytes) in UTF_1_ROWS {
        check_both_ways(&UTF_1, v, bytes);
    }
}

#[test]
fn fss_utf_proposal_row_boundaries_both_ways() {
    for &(v, bytes) in FSS_ROWS {
        check_both_ways(&FSS_UTF_PROPOSAL_1992, v, bytes);
    }
}

#[test]
fn the_table_boundaries_stream_at_every_split() {
    for (codec, rows) in [(&UTF_1 as &dyn both::Both, UTF_1_ROWS), (&FSS_UTF_PROPOSAL_1992, FSS_ROWS)] {
        let bytes: Vec<u8> = rows.iter().flat_map(|(_, b)| b.iter().copied()).collect();
        let points: Vec<CodePoint> = rows.iter().map(|&(v, _)| cp(v)).collect();
        codec.check(&bytes, &points);
    }
}

/// Both codecs as one type, for the loops over them.
mod both {
    use super::*;

    pub trait Both {
        fn check(&self, bytes: &[u8], points: &[CodePoint]);
    }

    impl<C> Both for C
    where
        C: codec_utf8_history::Codec + Decode<Point = CodePoint>,
    {
        fn check(&self, bytes: &[u8], points: &[CodePoint]) {
            assert_eq!(self.decode(bytes).as_deref(), Ok(points));
            check_decode_all(self, bytes);
            check_encode_splits(self, points);
        }
    }
}

/// The first error of decoding `input`, and the output in replace mode.
fn first_error<C: Decode<Point = CodePoint>>(codec: &C, input: &[u8]) -> (DecodeError, Vec<u32>) {
    let err = codec.validate(input).unwrap_err();
    assert_eq!(codec.decode(input), Err(err), "fatal decoding and validation agree");
    let lossy = codec.decode_with(input, DecodeMode::Replace).unwrap();
    (err, lossy.iter().map(|c| c.to_u32()).collect())
}

fn e(at: usize, len: Option<usize>, kind: ErrorKind) -> DecodeError {
    DecodeError::new(at, len, kind)
}

const R: u32 = 0xFFFD;

#[test]
fn utf_1_errors_at_their_offsets() {
    use ErrorKind::{MissingContinuation as Missing, OutOfRange, Truncated};
    let cases: &[(&[u8], DecodeError, &[u32])] = &[
        // Truncations: the input ends inside a sequence of each row.
        (b"a\xA0", e(1, None, Truncated), &[0x61, R]),
        (b"a\xA1", e(1, None, Truncated), &[0x61, R]),
        (b"a\xF6\x21", e(1, None, Truncated), &[0x61, R]),
        (b"a\xFC\x21\x21\x21", e(1, None, Truncated), &[0x61, R]),
        (b"a\xFD\xBD\x2B\xB9", e(1, None, Truncated), &[0x61, R]),
        // Bytes that continue no sequence: 00..20 and 7F..9F.
        (b"a\xA1\x20", e(1, Some(1), Missing), &[0x61, R, 0x20]),
        (b"\xA1\x7F", e(0, Some(1), Missing), &[R, 0x7F]),
        (b"\xA1\x80", e(0, Some(1), Missing), &[R, 0x80]),
        (b"\xF5\x9F", e(0, Some(1), Missing), &[R, 0x9F]),
        (b"\xF6\x21\x0A", e(0, Some(2), Missing), &[R, 0x0A]),
        (b"xy\xFC\x21\x21\x21\x00", e(2, Some(4), Missing), &[0x78, 0x79, R, 0x00]),
        // After A0 only A0..FF continue (U+00A0..U+00FF as the byte).
        (b"\xA0\x21", e(0, Some(1), Missing), &[R, 0x21]),
        (b"\xA0\x9F", e(0, Some(1), Missing), &[R, 0x9F]),
        // Beyond U+7FFFFFFF (FD BD 2B B9 40): FE and FF lead nothing in
        // range, FD BE and up neither.
        (b"\xFE", e(0, Some(1), OutOfRange), &[R]),
        (b"\xFF\xFF", e(0, Some(1), OutOfRange), &[R, R]),
        (b"\xFD\xBE\x21\x21\x21", e(0, Some(1), OutOfRange), &[R, 0x1686, 0x21, 0x21]),
        (b"\xFD\xBD\x2C", e(0, Some(2), OutOfRange), &[R, 0x2C]),
        (b"\xFD\xBD\x2B\xB9\x41", e(0, Some(4), OutOfRange), &[R, 0x41]),
    ];
    for &(input, want, lossy) in cases {
        assert_eq!(first_error(&UTF_1, input), (want, lossy.to_vec()), "{input:02X?}");
    }
}

#[test]
fn fss_utf_proposal_errors_at_their_offsets() {
    use ErrorKind::{InvalidLead, MissingContinuation as Missing, OutOfRange, Truncated};
    let cases: &[(&[u8], DecodeError, &[u32])] = &[
        (b"a\x80", e(1, None, Truncated), &[0x61, R]),
        (b"a\xC0\x80", e(1, None, Truncated), &[0x61, R]),
        (b"a\xEF\xFF\xFF", e(1, None, Truncated), &[0x61, R]),
        (b"a\xF7\xEF\xDF\xBE", e(1, None, Truncated), &[0x61, R]),
        // ASCII continues nothing: 1xxxxxxx only.
        (b"\x80\x41", e(0, Some(1), Missing), &[R, 0x41]),
        (b"ab\xC0\x80\x00", e(2, Some(2), Missing), &[0x61, 0x62, R, 0x00]),
        (b"\xE0\x80\x80\x7F", e(0, Some(3), Missing), &[R, 0x7F]),
        (b"\xF0\x80\x80\x80\x2F", e(0, Some(4), Missing), &[R, 0x2F]),
        // 11111xxx fits no row.
        (b"\xF8", e(0, Some(1), InvalidLead), &[R]),
        (b"z\xFF\x80\x80", e(1, Some(1), InvalidLead), &[0x7A, R, 0x80]),
        // Beyond U+7FFFFFFF (F7 EF DF BE FF).
        (b"\xF7\xF0\x80\x80\x80\x80", e(0, Some(1), OutOfRange), &[R, 0x0208_2080]),
        (b"\xF7\xEF\xE0\x80\x80\x80", e(0, Some(2), OutOfRange), &[R, 0x0008_2080]),
        (b"\xF7\xEF\xDF\xBF\x80", e(0, Some(3), OutOfRange), &[R, 0x2000]),
    ];
    for &(input, want, lossy) in cases {
        assert_eq!(first_error(&FSS_UTF_PROPOSAL_1992, input), (want, lossy.to_vec()), "{input:02X?}");
    }
}

#[test]
fn no_form_is_overlong() {
    // What UTF-8 calls overlong (a longer form with the high bits zero) is
    // a code point of its own row here, the row's bias added.
    assert_eq!(FSS_UTF_PROPOSAL_1992.decode(b"\xC0\x80\x80"), Ok(vec![cp(0x2080)]));
    assert_eq!(FSS_UTF_PROPOSAL_1992.decode(b"\xE0\x80\x80\x80"), Ok(vec![cp(0x0008_2080)]));
    assert_eq!(FSS_UTF_PROPOSAL_1992.decode(b"\x80\x81"), Ok(vec![cp(0x81)]));
    // UTF-1: the lowest two-byte form is U+0100, not U+0000.
    assert_eq!(UTF_1.decode(b"\xA1\x21\xF6\x21\x21"), Ok(vec![cp(0x100), cp(0x4016)]));
}

#[test]
fn surrogates_are_code_points_like_any_other() {
    // Both predate UTF-16: U+D800..U+DFFF encode and decode.
    for (codec, d800, dfff) in [
        (&UTF_1 as &dyn both::Both, &b"\xF7\x2F\xC4"[..], &b"\xF7\x3A\x78"[..]),
        (&FSS_UTF_PROPOSAL_1992, b"\xC2\xEF\x80", b"\xC2\xFE\xFF"),
    ] {
        let bytes = [d800, dfff].concat();
        codec.check(&bytes, &[cp(0xD800), cp(0xDFFF)]);
    }
    // Text has no surrogates: the core refuses them on the way to a String.
    let err = UTF_1.decode_to_string(b"a\xF7\x2F\xC4").unwrap_err();
    assert_eq!((err.valid_up_to(), err.kind()), (1, ErrorKind::Surrogate));
}

#[test]
fn code_points_above_7fffffff_are_out_of_range() {
    for v in [MAX_CODE_POINT + 1, 0xFFFF_FFFF] {
        for err in [
            UTF_1.encode(&[cp(0x41), cp(v)]).unwrap_err(),
            FSS_UTF_PROPOSAL_1992.encode(&[cp(0x41), cp(v)]).unwrap_err(),
        ] {
            assert_eq!((err.index(), err.kind()), (1, ErrorKind::OutOfRange));
        }
    }
}

#[test]
fn the_registry_labels_name_these_codecs() {
    use codec_utf8_history::Codec;
    assert_eq!(UTF_1.info().name, "utf-1");
    assert!(UTF_1.info().matches(" ISO-10646-UTF-1 "));
    assert_eq!(FSS_UTF_PROPOSAL_1992.info().name, "fss-utf-proposal-1992");
    // `fss-utf` names Thompson's design (RFC 2279), not this proposal.
    assert!(!FSS_UTF_PROPOSAL_1992.info().matches("fss-utf"));
}
