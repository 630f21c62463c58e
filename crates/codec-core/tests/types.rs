//! Code point types, error kinds and error values, checked against the
//! definitions in the Unicode Standard and the text formats.
//!
//! Not under Miri: its sweeps over every code point take many minutes
//! there, and run no `unsafe` code.
#![cfg(not(miri))]

use codec_core::{AnyCodePoint, BigCodePoint, CodePoint, DecodeError, ErrorKind, ParseCodePointError};

#[test]
fn classifiers_follow_the_unicode_ranges() {
    // (value, surrogate, lead, trail, scalar value)
    let rows: &[(u32, [bool; 4])] = &[
        (0x00, [false, false, false, true]),
        (0x7F, [false, false, false, true]),
        (0x80, [false, false, false, true]),
        (0x9F, [false, false, false, true]),
        (0xA0, [false, false, false, true]),
        (0xD7FF, [false, false, false, true]),
        (0xD800, [true, true, false, false]),
        (0xDBFF, [true, true, false, false]),
        (0xDC00, [true, false, true, false]),
        (0xDFFF, [true, false, true, false]),
        (0xE000, [false, false, false, true]),
        (0xFFFF, [false, false, false, true]),
        (0x10000, [false, false, false, true]),
        (0x10FFFF, [false, false, false, true]),
        (0x110000, [false, false, false, false]),
        (0x7FFF_FFFF, [false, false, false, false]),
        (u32::MAX, [false, false, false, false]),
    ];
    for &(v, expected) in rows {
        let c = CodePoint::new(v);
        let got = [c.is_surrogate(), c.is_lead_surrogate(), c.is_trail_surrogate(), c.to_char().is_some()];
        assert_eq!(got, expected, "classifiers of {c}");
    }
}

#[test]
fn there_are_66_noncharacters() {
    assert_eq!((0..=0x11_0000).filter(|&v| CodePoint::new(v).is_noncharacter()).count(), 66);
}

#[test]
fn char_conversions_accept_exactly_the_scalar_values() {
    for v in (0..=0x11_0000u32).step_by(7).chain([0xD7FF, 0xD800, 0xDFFF, 0xE000, 0x10FFFF, 0x110000]) {
        let cp = CodePoint::new(v);
        assert_eq!(cp.to_char(), char::from_u32(v));
        if let Some(c) = char::from_u32(v) {
            assert_eq!(CodePoint::from(c), cp);
        }
    }
}

#[test]
fn surrogate_pairs_match_the_utf16_definition() {
    // U+1F4A9 is D83D DCA9 in UTF-16; U+10000 is D800 DC00; U+10FFFF is DBFF DFFF.
    for (cp, lead, trail) in [(0x1F4A9, 0xD83D, 0xDCA9), (0x10000, 0xD800, 0xDC00), (0x10FFFF, 0xDBFF, 0xDFFF)] {
        let (l, t) = CodePoint::new(cp).to_surrogates().unwrap();
        assert_eq!((l.to_u32(), t.to_u32()), (lead, trail));
        assert_eq!(CodePoint::from_surrogates(l, t), Some(CodePoint::new(cp)));
    }
    assert_eq!(CodePoint::new(0xFFFF).to_surrogates(), None);
    assert_eq!(CodePoint::from_surrogates(CodePoint::new(0xDC00), CodePoint::new(0xD800)), None);
}

#[test]
fn code_points_print_as_u_plus_at_least_four_uppercase_digits() {
    for (v, text) in
        [(0x41, "U+0041"), (0x10FFFF, "U+10FFFF"), (0x8000_0000, "U+80000000"), (0, "U+0000"), (0xABCDE, "U+ABCDE")]
    {
        assert_eq!(CodePoint::new(v).to_string(), text);
        assert_eq!(format!("{:?}", CodePoint::new(v)), text);
    }
}

#[test]
fn code_points_parse_any_case_and_prefix() {
    for text in ["U+0041", "u+41", "0x41", "0X0041", "41", "000041"] {
        assert_eq!(text.parse::<CodePoint>(), Ok(CodePoint::new(0x41)), "{text}");
    }
    assert_eq!("U+ffffffff".parse::<CodePoint>(), Ok(CodePoint::new(u32::MAX)));
    assert_eq!("U+000100000000".parse::<CodePoint>(), Err(ParseCodePointError::TooLarge));
    assert_eq!("".parse::<CodePoint>(), Err(ParseCodePointError::Empty));
    assert_eq!("0x".parse::<CodePoint>(), Err(ParseCodePointError::Empty));
    for bad in ["U+-1", "U+ 41", "G", "U+41 ", "+41"] {
        assert_eq!(bad.parse::<CodePoint>(), Err(ParseCodePointError::InvalidDigit), "{bad}");
    }
}

#[test]
fn big_code_points_print_parse_and_order_by_value() {
    let cases = [
        ("U+0041", 0x41u128),
        ("U+FFFFFFFF", 0xFFFF_FFFF),
        ("U+FFFFFFFFFFFFFFFF", u64::MAX as u128),
        ("U+1000000000000000000", 1 << 72),
        ("U+7FFFFFFFFFFFFFFFFF", (1 << 71) - 1),
    ];
    for (text, value) in cases {
        let cp: BigCodePoint = text.parse().unwrap();
        assert_eq!(cp.to_string(), text);
        assert_eq!(cp.to_biguint(), codec_core::num_bigint::BigUint::from(value));
        assert_eq!(cp.bits(), u64::from(128 - value.leading_zeros()));
        assert_eq!(text.to_lowercase().replace("u+", "0x").parse::<BigCodePoint>(), Ok(cp.clone()));
    }
    let small = BigCodePoint::from_u64(u64::MAX);
    let big: BigCodePoint = "U+10000000000000000".parse().unwrap();
    assert!(small < big);
    assert_eq!(big.to_u64(), None);
    assert_eq!(big.to_code_point(), None);
    assert_eq!(BigCodePoint::from(CodePoint::new(0xE9)).to_code_point(), Some(CodePoint::new(0xE9)));
    // A value built from a big integer that fits a word is the same value.
    assert_eq!(BigCodePoint::from(codec_core::num_bigint::BigUint::from(7u8)), BigCodePoint::from_u64(7));
    let thousand_bits: BigCodePoint = format!("U+1{}", "0".repeat(250)).parse().unwrap();
    assert_eq!(thousand_bits.bits(), 1001);
    assert!(thousand_bits.to_biguint().bit(1000) && !thousand_bits.to_biguint().bit(999));
}

#[test]
fn error_kinds_have_unique_snake_case_names_and_lowercase_messages() {
    let mut names: Vec<&str> = ErrorKind::ALL.iter().map(|k| k.as_str()).collect();
    for k in ErrorKind::ALL {
        let name = k.as_str();
        assert!(name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'), "{name}");
        let message = k.to_string();
        assert_eq!(message, message.to_lowercase(), "{name}");
        assert!(!message.ends_with('.'), "{name}");
    }
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), ErrorKind::ALL.len());
}

#[test]
fn decode_errors_carry_offset_length_and_kind() {
    let e = DecodeError::new(12, Some(3), ErrorKind::Surrogate);
    assert_eq!((e.valid_up_to(), e.error_len(), e.kind()), (12, Some(3), ErrorKind::Surrogate));
    assert_eq!(e.to_string(), "surrogate code point at byte offset 12");
    let std_error: &dyn std::error::Error = &e;
    assert!(std_error.source().is_none());
}
