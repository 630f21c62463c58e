//! The properties the draft promises (section 2) and the issue asks for,
//! over code points of every size class, from 1 bit to thousands, against a
//! reference written here from section 3 alone (bit strings, not
//! arithmetic): the bytes equal RFC 2279 UTF-8 below U+80000000; trailing
//! bytes are `80..BF` and no lead is one; byte order is numeric order; the
//! round trips; and every well-shaped sequence decodes exactly when it is
//! the shortest form of its value.

use codec_core::num_bigint::BigUint;
use codec_core::{Big, BigCodePoint, CodePoint, Decode, DecodeMode, Encode};
use codec_utf_inf_8::{UTF_INF_8, UtfInf8};
use codec_utf8::UTF_8_RFC2279;
use proptest::prelude::*;

/// The binary digits of a value given in hex, without leading zeros
/// (empty for zero).
fn bits_of(hex: &str) -> String {
    let bits: String = hex.chars().map(|c| format!("{:04b}", c.to_digit(16).unwrap())).collect();
    bits.trim_start_matches('0').to_owned()
}

/// A string of `0`/`1` as a number.
fn bin(s: &str) -> u8 {
    if s.is_empty() { 0 } else { u8::from_str_radix(s, 2).unwrap() }
}

/// Six-bit groups of `bits` (a multiple of six long) as trailing bytes.
fn trailing(bits: &str) -> impl Iterator<Item = u8> + '_ {
    (0..bits.len() / 6).map(move |i| 0x80 | bin(&bits[6 * i..6 * i + 6]))
}

/// The reference encoder, from section 3 of the draft: the value's bits
/// padded on the left to the first form that holds them.
fn reference_encode(cp: &BigCodePoint) -> Vec<u8> {
    let hex = format!("{cp:X}");
    let bits = bits_of(&hex);
    let n = bits.len();
    // 3.2 (RFC 2279's table) and 3.3: (payload bits, lead marker, trailing bytes).
    let rows = [(7, 0x00, 0), (11, 0xC0, 1), (16, 0xE0, 2), (21, 0xF0, 3), (26, 0xF8, 4), (31, 0xFC, 5), (36, 0xFE, 6)];
    let mut out = Vec::new();
    for (width, mark, trail) in rows {
        if n <= width {
            let padded = format!("{bits:0>width$}");
            let lead = width - 6 * trail;
            out.push(mark | bin(&padded[..lead]));
            out.extend(trailing(&padded[lead..]));
            return out;
        }
    }
    if n <= 71 {
        // 3.4: FF, 100xxxxx, eleven trailing bytes.
        let padded = format!("{bits:0>71}");
        out.push(0xFF);
        out.push(0x80 | bin(&padded[..5]));
        out.extend(trailing(&padded[5..]));
        return out;
    }
    // 3.5: FF, B4 × (digits of NME - 1), NME's digits as Ax, then the
    // udigits padded to a multiple of three, six bits a byte.
    let nud = hex.len();
    let nme = format!("{:X}", nud - 18);
    out.push(0xFF);
    out.extend(std::iter::repeat_n(0xB4, nme.len() - 1));
    out.extend(nme.chars().map(|c| 0xA0 | c.to_digit(16).unwrap() as u8));
    let padded = format!("{hex:0>width$}", width = nud.div_ceil(3) * 3);
    let bits: String = padded.chars().map(|c| format!("{:04b}", c.to_digit(16).unwrap())).collect();
    out.extend(trailing(&bits));
    out
}

/// The value a well-shaped sequence's bits hold, read by the shape alone
/// (no shortest-form rule): the lead's and trailing bytes' payload bits, or
/// for the long form the USV-storage bytes NME asks for. `None` for bytes
/// of no shape.
fn reference_raw_value(bytes: &[u8]) -> Option<BigCodePoint> {
    let payload = |bs: &[u8]| -> Option<String> {
        bs.iter().all(|b| b & 0xC0 == 0x80).then(|| bs.iter().map(|b| format!("{:06b}", b & 0x3F)).collect())
    };
    let (&lead, rest) = bytes.split_first()?;
    let bits: String = match lead {
        0x00..=0x7F if rest.is_empty() => format!("{lead:b}"),
        0xC0..=0xFE => {
            let ones = lead.leading_ones() as usize;
            if rest.len() != ones - 1 {
                return None;
            }
            let lead_bits = format!("{:08b}", lead)[ones + 1..].to_owned();
            lead_bits + &payload(rest)?
        }
        0xFF if matches!(rest.first(), Some(0x80..=0x9F)) && rest.len() == 12 => {
            format!("{:05b}", rest[0] & 0x1F) + &payload(&rest[1..])?
        }
        0xFF => {
            let b4 = rest.iter().take_while(|&&b| b == 0xB4).count();
            let digits = rest.get(b4..b4 + b4 + 1)?;
            if !digits.iter().all(|b| (0xA0..=0xAF).contains(b)) {
                return None;
            }
            let nme = digits.iter().fold(0usize, |n, b| n * 16 + usize::from(b & 0x0F));
            let storage = &rest[2 * b4 + 1..];
            // 3.5.7's formula as the draft writes it.
            #[allow(clippy::manual_div_ceil)]
            let want = (nme + 18 + 2) / 3 * 2;
            if storage.len() != want {
                return None;
            }
            payload(storage)?
        }
        _ => return None,
    };
    let value = BigUint::parse_bytes(format!("0{bits}").as_bytes(), 2)?;
    Some(BigCodePoint::from(value))
}

/// A code point of exactly `bits` bits (0 for zero) from random words,
/// shaped by `shape`: random, all ones, a power of two, or sparse.
fn with_bits(bits: u64, words: &[u64], shape: u8) -> BigCodePoint {
    if bits == 0 {
        return BigCodePoint::from_u64(0);
    }
    let one = BigUint::from(1u8);
    let top = &one << (bits - 1);
    let value = match shape % 4 {
        0 => {
            let mut v =
                BigUint::from_slice(&words.iter().flat_map(|w| [*w as u32, (w >> 32) as u32]).collect::<Vec<_>>());
            v &= &top - 1u8;
            v | &top
        }
        1 => (&top << 1u32) - 1u8,
        2 => top,
        _ => top + BigUint::from(words[0] & 0xFF),
    };
    BigCodePoint::from(value)
}

/// Code points of every size class: mostly up to the forms of fixed
/// length, then hundreds and thousands of bits.
fn any_size() -> impl Strategy<Value = BigCodePoint> {
    let bits = prop_oneof![4 => 0u64..=80, 2 => 80u64..=600, 1 => 600u64..=5000];
    (bits, proptest::collection::vec(any::<u64>(), 80), any::<u8>()).prop_map(|(b, w, s)| with_bits(b, &w, s))
}

/// The boundaries between forms and between NME digit counts: 2^k - 1 and
/// 2^k for the widths where a form ends, and the last and first values of
/// NUD 18, 33/34 (one to two Ax bytes), 273/274 (two to three).
fn boundaries() -> Vec<BigCodePoint> {
    let mut widths: Vec<u64> = vec![7, 11, 16, 21, 26, 31, 32, 36, 63, 64, 71, 72, 76];
    for nud in [33u64, 34, 273, 274, 4113, 4114] {
        widths.push(4 * nud);
    }
    let one = BigUint::from(1u8);
    let mut out = vec![BigCodePoint::from_u64(0)];
    for w in widths {
        let p = &one << w;
        out.push(BigCodePoint::from(&p - 1u8));
        out.push(BigCodePoint::from(p));
    }
    out.sort();
    out
}

fn check_one(cp: &BigCodePoint) {
    let bytes = UTF_INF_8.encode(std::slice::from_ref(cp)).unwrap();
    assert_eq!(bytes, reference_encode(cp), "{cp}");
    assert_eq!(UTF_INF_8.decode(&bytes).unwrap(), std::slice::from_ref(cp), "{cp}");
    // Byte classes: one lead, not a trailing byte, then trailing bytes only.
    assert!(bytes[0] & 0xC0 != 0x80, "{cp}");
    assert!(bytes[1..].iter().all(|b| b & 0xC0 == 0x80), "{cp}");
}

#[test]
fn the_boundaries_encode_as_the_reference_in_increasing_byte_order() {
    let points = boundaries();
    for cp in &points {
        check_one(cp);
    }
    let encoded: Vec<Vec<u8>> = points.iter().map(|cp| UTF_INF_8.encode(std::slice::from_ref(cp)).unwrap()).collect();
    assert!(encoded.windows(2).all(|w| w[0] < w[1]), "byte order follows numeric order at the boundaries");
    // Each boundary's neighbours, in one input, through every split.
    let all: Vec<u8> = encoded[..20].concat();
    codec_test::check_decode_splits(&UTF_INF_8, &all);
}

#[test]
fn below_u80000000_the_bytes_are_rfc_2279_utf8() {
    // A dense sample (every 4099th value) and both sides of every boundary
    // of RFC 2279's table.
    let mut values: Vec<u32> = (0..0x8000_0000u32).step_by(4099).collect();
    for edge in [0x80u32, 0x800, 0x1_0000, 0x20_0000, 0x400_0000, 0x7FFF_FFFF, 0xD800, 0xDFFF, 0x11_0000] {
        values.extend([edge - 1, edge, edge + 1]);
    }
    values.retain(|&v| v <= 0x7FFF_FFFF);
    for v in values {
        let cp = CodePoint::new(v);
        let ours = UTF_INF_8.encode(&[BigCodePoint::from(cp)]).unwrap();
        let rfc = UTF_8_RFC2279.encode(&[cp]).unwrap();
        assert_eq!(ours, rfc, "U+{v:04X}");
        assert_eq!(UTF_INF_8.decode(&ours).unwrap(), [BigCodePoint::from(cp)]);
    }
}

#[test]
fn every_short_input_decodes_as_rfc_2279_unless_it_holds_fe_or_ff() {
    let rfc = Big(&UTF_8_RFC2279);
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            let input = [a, b];
            if input.contains(&0xFE) || input.contains(&0xFF) {
                continue;
            }
            for mode in DecodeMode::ALL {
                assert_eq!(UTF_INF_8.decode_with(&input, *mode), rfc.decode_with(&input, *mode), "{a:02X} {b:02X}");
            }
        }
    }
}

/// Structurally well-shaped sequences of every form, their bytes biased
/// towards the values where shortest form and padding are decided.
fn shaped() -> impl Strategy<Value = Vec<u8>> {
    let edge = || {
        prop_oneof![Just(0x80u8), Just(0x81), Just(0x82), Just(0x83), Just(0x8F), Just(0x90), Just(0xA0), 0x80u8..=0xBF]
    };
    let tail = move |n: usize| proptest::collection::vec(edge(), n);
    prop_oneof![
        // RFC 2279 and FE: a lead of n bytes, its tail.
        (2usize..=7, any::<u8>(), tail(6)).prop_map(|(n, payload, t)| {
            let mark = !(0xFFu8 >> n);
            let lead = mark | (payload & (0x7F >> n));
            let mut v = vec![lead];
            v.extend(&t[..n - 1]);
            v
        }),
        // Thirteen bytes.
        (prop_oneof![Just(0x80u8), 0x80u8..=0x9F], tail(11)).prop_map(|(b1, t)| {
            let mut v = vec![0xFF, b1];
            v.extend(t);
            v
        }),
        // The long form: k B4, k + 1 digits, the storage NME asks for.
        (0usize..=2, proptest::collection::vec(prop_oneof![Just(0u8), Just(1), 0u8..16], 3), tail(40), any::<bool>())
            .prop_map(|(k, digits, t, ones)| {
                let digits = &digits[..=k];
                let nme = digits.iter().fold(0usize, |n, d| n * 16 + usize::from(*d));
                let storage = (nme + 18).div_ceil(3) * 2;
                let mut v = vec![0xFF];
                v.extend(std::iter::repeat_n(0xB4, k));
                v.extend(digits.iter().map(|d| 0xA0 | d));
                v.extend(&t[..storage.min(t.len())]);
                let fill = if ones { 0xBF } else { 0x80 };
                v.extend(std::iter::repeat_n(fill, storage.saturating_sub(t.len())));
                v
            }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn every_size_encodes_as_the_reference_and_round_trips(cp in any_size()) {
        check_one(&cp);
    }

    #[test]
    fn byte_order_is_numeric_order(a in any_size(), b in any_size()) {
        let ea = UTF_INF_8.encode(std::slice::from_ref(&a)).unwrap();
        let eb = UTF_INF_8.encode(std::slice::from_ref(&b)).unwrap();
        prop_assert_eq!(a.cmp(&b), ea.cmp(&eb), "{} vs {}", a, b);
    }

    #[test]
    fn a_well_shaped_sequence_decodes_exactly_when_it_is_the_shortest_form(bytes in shaped()) {
        let raw = reference_raw_value(&bytes).expect("the strategy makes well-shaped sequences");
        let shortest = reference_encode(&raw) == bytes;
        match UTF_INF_8.decode(&bytes) {
            Ok(points) => {
                prop_assert!(shortest, "accepted a non-shortest form {}", codec_test::hex::format(&bytes));
                prop_assert_eq!(points, vec![raw]);
            }
            Err(e) => prop_assert!(!shortest, "rejected {}: {}", codec_test::hex::format(&bytes), e),
        }
    }

    #[test]
    fn valid_bytes_encode_back_to_themselves(points in proptest::collection::vec(any_size(), 0..6), noise in codec_test::strategies::bytes(16)) {
        // Valid input: encodings of random code points, and whatever of
        // random bytes decodes.
        let mut bytes = UTF_INF_8.encode(&points).unwrap();
        bytes.extend(&noise);
        let valid = UTF_INF_8.valid_up_to(&bytes);
        let decoded = UTF_INF_8.decode(&bytes[..valid]).unwrap();
        prop_assert_eq!(UTF_INF_8.encode(&decoded).unwrap(), &bytes[..valid]);
    }

    #[test]
    fn any_bytes_keep_the_core_contracts(bytes in codec_test::strategies::bytes(40)) {
        codec_test::check_decode_all(&UTF_INF_8, &bytes);
    }

    #[test]
    fn code_points_encode_alike_streamed(points in proptest::collection::vec(any_size(), 0..6)) {
        codec_test::check_encode_splits(&UTF_INF_8, &points);
        codec_test::check_encode_fast_path(&UTF_INF_8, &points);
    }

    #[test]
    fn the_limit_is_the_same_both_ways(cp in any_size(), limit in 72u64..2000) {
        let codec = UtfInf8::with_max_bits(limit);
        let bytes = UTF_INF_8.encode(std::slice::from_ref(&cp)).unwrap();
        let within = cp.bits() <= codec.max_bits();
        prop_assert_eq!(codec.encode(std::slice::from_ref(&cp)).is_ok(), within);
        prop_assert_eq!(codec.validate(&bytes).is_ok(), within);
    }
}

/// A code point above 2^128, built with the `num_bigint` this crate
/// re-exports and with `From<u128>`, round-trips, and `u128::try_from`
/// gives back what fits.
#[test]
fn a_code_point_past_u128_needs_no_second_dependency() {
    use codec_utf_inf_8::num_bigint::BigUint;
    use codec_utf_inf_8::{BigCodePoint, Decode, Encode, UTF_INF_8};
    let past = BigCodePoint::from(BigUint::from(1u8) << 200u32);
    let wide = BigCodePoint::from(u128::MAX);
    assert_eq!(u128::try_from(&wide), Ok(u128::MAX));
    assert!(u128::try_from(&past).is_err());
    for cp in [past, wide, BigCodePoint::from(0x41u128)] {
        let bytes = UTF_INF_8.encode(core::slice::from_ref(&cp)).unwrap();
        assert_eq!(UTF_INF_8.decode(&bytes).unwrap(), vec![cp]);
    }
}
