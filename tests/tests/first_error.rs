//! The first error of an input is one fact about the input: its offset,
//! length and kind must not depend on how the input is decoded. For every
//! registered codec, on inputs that cut one of the family's special
//! sequences short and put another right after the cut (a reserved item, a
//! CESU-8 pair, a long UTF-∞-8 sequence, a BOM, a boundary code point of
//! each length), fatal decoding, `validate`, the item stream and a streaming
//! decoder fed in two chunks at every split must name the same first error.

use codec_core::{BigCodePoint, CodePoint, DecodeError, DecodeMode, DynCodec, Encode, ErrorKind, Items};

/// Code points at the edges of every sequence length of the family, and a
/// few in between (U+FEFF, the surrogates, the end of Unicode, the ends of
/// RFC 2279's lengths).
const POINTS: &[u32] = &[
    0x00,
    0x41,
    0x7F,
    0x80,
    0x9F,
    0xA0,
    0x7FF,
    0x800,
    0x89F,
    0x8A0,
    0xD7FF,
    0xD800,
    0xDBFF,
    0xDC00,
    0xDFFF,
    0xE000,
    0xFEFF,
    0xFFFF,
    0x1_0000,
    0x1_109F,
    0x1_10A0,
    0x10_FFFF,
    0x11_0000,
    0x1F_FFFF,
    0x20_0000,
    0x3FF_FFFF,
    0x400_0000,
    0x7FFF_FFFF,
];

/// Byte sequences that no encoder writes but that some codec gives a
/// meaning of its own: Corrected UTF-8's reserved items, Modified UTF-8's
/// NUL, a CESU-8 pair, the BOMs, and bytes that are ill-formed everywhere.
const RAW: &[&[u8]] = &[
    b"\xFE",
    b"\xFF",
    b"\xFE\x80",
    b"\xFF\xBF\xBF",
    b"\xC0\x80",
    b"\xED\xA0\x80\xED\xB0\x80",
    b"\xEF\xBB\xBF",
    b"\xFF\xFE",
    b"\xFE\xFF",
    b"\x80",
    b"\x00\xD8",
    b"\xD8\x00",
];

/// The code points whose UTF-32 units are special sequences: the edges of
/// D90's classes and the BOM. Every one of [`POINTS`] is four bytes there,
/// and each special sequence costs the sweep a few thousand inputs per
/// codec (it ran twice as long with all of them).
const UTF_32_POINTS: &[u32] = &[0x41, 0xD800, 0xDFFF, 0xFEFF, 0x10_FFFF];

/// Every special sequence: each codec's encoding of each of [`POINTS`] it
/// holds ([`UTF_32_POINTS`] for UTF-32's four-byte units), UTF-∞-8's
/// encodings of code points beyond 31 bits, and [`RAW`].
fn specials() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = RAW.iter().map(|r| r.to_vec()).collect();
    for codec in &utfx_tests::codecs() {
        let points = if codec.unit_len() == 4 { UTF_32_POINTS } else { POINTS };
        for &p in points {
            if let Ok(bytes) = codec.encode(&[CodePoint::new(p)]) {
                out.push(bytes);
            }
        }
    }
    let inf = codec_registry::get_big("utf-inf-8").expect("registered");
    for bits in [32u32, 36, 40, 64, 200] {
        let big = BigCodePoint::from(codec_core::num_bigint::BigUint::from(1u8) << bits);
        out.push(inf.encode(std::slice::from_ref(&big)).expect("UTF-∞-8 encodes every code point"));
    }
    out.sort();
    out.dedup();
    out
}

/// The first error of `decode` past the reserved items: fatal decoding
/// stops at a reserved item (Corrected UTF-8's `FE`/`FF` sequences stand for
/// no code point, decision 0009), which `validate` and the item stream
/// accept, so the comparison goes on from the end of each.
fn past_reserved(input: &[u8], decode: impl Fn(&[u8]) -> Option<DecodeError>) -> Option<DecodeError> {
    let mut from = 0;
    loop {
        let e = decode(&input[from..])?.shifted(from);
        match (e.kind(), e.error_len()) {
            (ErrorKind::Reserved, Some(len)) => from = e.valid_up_to() + len,
            _ => return Some(e),
        }
    }
}

/// The first error of fatal decoding through each way in, all equal, or
/// `None` when every way accepts the input.
fn first_errors(codec: &dyn DynCodec, input: &[u8]) -> Option<DecodeError> {
    let validated = codec.validate(input).err();
    let decoded = past_reserved(input, |rest| codec.decode(rest).err());
    let item = Items::new(codec, input).find_map(Result::err);
    let name = codec.info().name;
    assert_eq!(decoded, validated, "{name}: decode and validate differ on {input:02X?}");
    assert_eq!(item, validated, "{name}: the item stream and validate differ on {input:02X?}");
    for split in 0..=input.len() {
        let streamed = past_reserved(input, |rest| {
            let (head, tail) = rest.split_at(split.saturating_sub(input.len() - rest.len()).min(rest.len()));
            codec_test::decode_chunked(codec, DecodeMode::Fatal, &[head, tail]).err()
        });
        assert_eq!(streamed, validated, "{name}: streaming split at {split} and validate differ on {input:02X?}");
    }
    validated
}

#[test]
fn a_cut_sequence_before_a_special_one_has_one_first_error_in_every_codec() {
    let specials = specials();
    let mut checked = 0usize;
    let mut cut_errors = 0usize;
    for codec in &utfx_tests::codecs() {
        for cut in &specials {
            for k in 1..cut.len() {
                for next in &specials {
                    let mut input = b"a".to_vec();
                    input.extend_from_slice(&cut[..k]);
                    input.extend_from_slice(next);
                    input.push(b'\n');
                    if let Some(e) = first_errors(*codec, &input) {
                        // The cut is not at the end of the input: a
                        // newline follows, which continues no sequence in
                        // any codec (a `b` would continue one in UTF-1,
                        // whose continuation bytes include `21..7E`), so no
                        // first error may be a truncation, but for a codec
                        // of units wider than a byte (UTF-16, UTF-32) when
                        // the bytes at the end cut a unit or a pair.
                        let odd_unit = codec.unit_len() > 1 && e.valid_up_to() + 3 >= input.len();
                        assert!(
                            e.error_len().is_some() || odd_unit,
                            "{}: {input:02X?} is not truncated but the error says so: {e}",
                            codec.info().name
                        );
                        cut_errors += 1;
                    }
                    checked += 1;
                }
            }
        }
    }
    // The sweep reached every codec with inputs that have errors.
    assert!(checked > 10_000 && cut_errors > checked / 4, "{checked} inputs, {cut_errors} with an error");
}

#[test]
fn the_end_of_input_inside_a_sequence_is_a_truncation_everywhere() {
    // The counterpart: the same cuts at the very end are truncations, with
    // no length, through every way in.
    let specials = specials();
    for codec in &utfx_tests::codecs() {
        for cut in &specials {
            for k in 1..cut.len() {
                let mut input = b"a".to_vec();
                input.extend_from_slice(&cut[..k]);
                first_errors(*codec, &input);
            }
        }
    }
}
