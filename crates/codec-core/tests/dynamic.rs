//! Runtime selection: lookup by label, and the object-safe interface giving
//! the same results as the static one.

mod common;

use codec_core::{Big, BigCodePoint, CodePoint, Decode, DecodeMode, DynCodec, Encode, EncodeMode, ErrorKind, Narrow};
use common::{Leb, Mini, Ucs2, cps};

static MINI: Mini = Mini;
static UCS2: Ucs2 = Ucs2;
static LEB: Narrow<Leb> = Narrow(Leb);

fn registry() -> [&'static dyn DynCodec; 3] {
    [&MINI, &UCS2, &LEB]
}

#[test]
fn labels_match_with_ascii_whitespace_trimmed_and_ascii_case_ignored() {
    let all = registry();
    let lookup = |all: &[&'static dyn DynCodec], label: &str| all.iter().copied().find(|c| c.info().matches(label));
    for label in ["mini", " MINI", "\tMini-UTF-8\n", "test-mini\x0C", "Ucs-2-Test"] {
        assert!(lookup(&all, label).is_some(), "{label:?}");
    }
    // Non-ASCII whitespace is not trimmed, and no prefix matching.
    for label in ["\u{A0}mini", "min", "mini utf-8", ""] {
        assert!(lookup(&all, label).is_none(), "{label:?}");
    }
    assert_eq!(lookup(&all, "mini-utf-8").unwrap().info().name, "mini");
}

#[test]
fn dyn_codecs_give_the_static_results() {
    let input = b"a\xC3\xA9\x80\xC3b\xC0\xE9\xC3";
    let codec: &dyn DynCodec = &MINI;
    for &mode in DecodeMode::ALL {
        assert_eq!(codec.decode_with(input, mode), Mini.decode_with(input, mode));
    }
    let points = cps(&[0xD800, 0xDC00, 0x41]);
    let ucs2: &dyn DynCodec = &UCS2;
    for &mode in EncodeMode::ALL {
        assert_eq!(ucs2.encode_with(&points, mode), Ucs2.encode_with(&points, mode));
    }
    codec_test::check_encode_splits(ucs2, &points);
}

#[test]
fn big_and_narrow_views_carry_what_fits_and_report_the_rest() {
    let huge: BigCodePoint = "U+123456789ABCDEF0123".parse().unwrap();
    // The big codec itself carries everything; narrowed, a value beyond
    // u32 is an out-of-range subpart over its bytes.
    let bytes = Leb.encode(std::slice::from_ref(&huge)).unwrap();
    assert_eq!(Leb.decode(&bytes).unwrap(), std::slice::from_ref(&huge));
    let leb: &dyn DynCodec = &LEB;
    let err = leb.decode(&bytes).unwrap_err();
    assert_eq!((err.valid_up_to(), err.error_len(), err.kind()), (0, Some(bytes.len()), ErrorKind::OutOfRange));
    assert_eq!(leb.decode(b"\x7F").unwrap(), [CodePoint::new(0x7F)]);
    // A codec over CodePoint, seen big: values beyond u32 are unencodable.
    let ucs2: &dyn DynCodec = &UCS2;
    let err = Big(ucs2).encode(&[BigCodePoint::from_u64(0x41), huge]).unwrap_err();
    assert_eq!((err.index(), err.kind()), (1, ErrorKind::OutOfRange));
    assert_eq!(Big(ucs2).decode(b"\x00A").unwrap(), [BigCodePoint::from(CodePoint::new(0x41))]);
    // Look-ahead still works through the conversion.
    let pair = [BigCodePoint::from_u64(0xD800), BigCodePoint::from_u64(0xDC00)];
    assert_eq!(Big(ucs2).encode(&pair).unwrap_err().kind(), ErrorKind::SurrogatePair);
    codec_test::check_encode_splits(&Big(ucs2), &pair);
}
