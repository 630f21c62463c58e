//! The exact lengths of `Decode` (`utf16_len`, `utf8_len`,
//! `count_code_points` and their lossy forms) against the conversions they
//! measure, for every registered codec: on its text, damaged text, noise
//! and text long enough for the kernels' vectors and the core's stack
//! buffers; the lossy code point count also against the reference driver
//! (no fast paths). A fatal length fails exactly where its conversion
//! does, with the same error. `Encode::encoded_len` against `encode_with`,
//! in every error mode, on text each codec can and cannot encode.

use codec_core::{CodePoint, Decode, DecodeMode, DynCodec, Encode, EncodeMode};
use codec_test::generate::{self, Rng};
use proptest::prelude::*;

/// Every length of `input` against its conversion.
fn check(codec: &dyn DynCodec, input: &[u8]) {
    let name = codec.info().name;
    let c = &codec;
    assert_eq!(c.utf16_len(input), c.decode_to_utf16(input).map(|u| u.len()), "{name}: {input:02X?}");
    assert_eq!(c.utf16_len_lossy(input), c.decode_to_utf16_lossy(input).len(), "{name}: {input:02X?}");
    assert_eq!(c.utf8_len(input), c.decode_to_string(input).map(|s| s.len()), "{name}: {input:02X?}");
    assert_eq!(c.utf8_len_lossy(input), c.decode_to_string_lossy(input).len(), "{name}: {input:02X?}");
    assert_eq!(c.count_code_points(input), c.decode(input).map(|p| p.len()), "{name}: {input:02X?}");
    let lossy = c.count_code_points_lossy(input);
    assert_eq!(lossy, c.decode_lossy(input).len(), "{name}: {input:02X?}");
    let mut reference = Vec::new();
    codec_core::reference::decoder(c, DecodeMode::Replace).decode_chunk(input, true, &mut reference).unwrap();
    assert_eq!(lossy, reference.len(), "{name}: {input:02X?}");
}

#[test]
fn lengths_agree_with_the_conversions_for_every_codec() {
    for &codec in codec_registry::all() {
        let mut rng = Rng::new(0x1E46);
        // Long text: past the kernels' vectors, the core's 4 KiB stack
        // buffers and the byte lanes' sums.
        let mut long = Vec::new();
        while long.len() < 20_000 {
            long.extend(generate::valid_text(codec, &mut rng, 600));
        }
        check(codec, &long);
        let mut damaged = long.clone();
        for _ in 0..8 {
            generate::damage(&mut damaged, &mut rng);
        }
        check(codec, &damaged);
        for _ in 0..40 {
            let mut text = generate::valid_text(codec, &mut rng, 200);
            check(codec, &text);
            generate::damage(&mut text, &mut rng);
            check(codec, &text);
            let noise: Vec<u8> = (0..rng.below(300)).map(|_| rng.below(256) as u8).collect();
            check(codec, &noise);
        }
    }
}

/// `encoded_len` of `text` in every mode against the encoding itself.
fn check_encoded(codec: &dyn DynCodec, text: &str) {
    let name = codec.info().name;
    let c = &codec;
    let points: Vec<CodePoint> = text.chars().map(CodePoint::from).collect();
    for &mode in EncodeMode::ALL {
        let encoded = c.encode_with(&points, mode).map(|bytes| bytes.len());
        assert_eq!(c.encoded_len(text, mode), encoded, "{name} {mode:?}: {text:?}");
    }
}

#[test]
fn encoded_lengths_agree_with_the_encodings_for_every_codec() {
    for &codec in codec_registry::all() {
        let mut rng = Rng::new(0xE46);
        // The codec's own text (long, and short pieces), then text of any
        // characters, most of which a legacy codec cannot encode.
        let mut long = String::new();
        while long.len() < 20_000 {
            long.push_str(&codec.decode_to_string_lossy(&generate::valid_text(codec, &mut rng, 600)));
        }
        check_encoded(codec, &long);
        for _ in 0..30 {
            check_encoded(codec, &codec.decode_to_string_lossy(&generate::valid_text(codec, &mut rng, 200)));
            let any: String = (0..rng.below(80))
                .filter_map(|_| {
                    char::from_u32([rng.below(0x80), rng.below(0x800), rng.below(0x11_0000)][rng.below(3)] as u32)
                })
                .collect();
            check_encoded(codec, &any);
        }
    }
}

proptest! {
    #[test]
    fn lengths_agree_with_the_conversions_on_any_bytes(
        index in 0..codec_registry::all().len(),
        input in codec_test::strategies::bytes(200),
    ) {
        check(codec_registry::all()[index], &input);
    }
}

/// `Decoder::max_utf16_len` is enough for all of `input`, one shot and
/// after a first piece, in every mode that goes on after errors.
fn check_utf16_bound(codec: &dyn DynCodec, input: &[u8]) {
    let name = codec.info().name;
    for mode in [DecodeMode::Replace, DecodeMode::Escape, DecodeMode::Ignore] {
        for cut in [0, input.len() / 3, input.len().saturating_sub(1)] {
            let mut decoder = Decode::decoder(&codec, mode);
            let mut first = vec![0; decoder.max_utf16_len(cut).unwrap()];
            let (status, read, _) = decoder.decode_to_utf16(&input[..cut], &mut first, false);
            assert!(status.is_input_empty() && read == cut, "{name} {mode:?}: {input:02X?} cut at {cut}");
            let rest = &input[cut..];
            let mut dst = vec![0; decoder.max_utf16_len(rest.len()).unwrap()];
            let (status, read, _) = decoder.decode_to_utf16(rest, &mut dst, true);
            assert!(status.is_input_empty() && read == rest.len(), "{name} {mode:?}: {input:02X?} cut at {cut}");
        }
    }
}

/// Toward each codec whose fast paths take UTF-8 (the UTF-8 family),
/// `Encoder::max_len_from_utf16` (three bytes per unit) holds the encoding
/// of `units`, text the codec encodes.
fn check_utf8_bound(codec: &dyn DynCodec, units: &[u16]) {
    if !codec_core::Encode::fast_paths(&codec).is_some_and(|paths| paths.utf8_input()) {
        return;
    }
    let mut encoder = codec_core::Encode::encoder(&codec, codec_core::EncodeMode::Fatal);
    let mut dst = vec![0; encoder.max_len_from_utf16(units.len()).unwrap()];
    let (status, read, _) = encoder.encode_from_utf16(units, &mut dst, true);
    assert!(status.is_input_empty() && read == units.len(), "{}: {units:04X?}", codec.info().name);
}

#[test]
fn the_buffer_bounds_are_enough_for_every_codec() {
    for &codec in codec_registry::all() {
        let mut rng = Rng::new(0xB0B);
        for _ in 0..30 {
            let mut text = generate::valid_text(codec, &mut rng, 300);
            check_utf8_bound(codec, &Decode::decode_to_utf16_lossy(&codec, &text));
            check_utf16_bound(codec, &text);
            generate::damage(&mut text, &mut rng);
            check_utf16_bound(codec, &text);
            let noise: Vec<u8> = (0..rng.below(200)).map(|_| rng.below(256) as u8).collect();
            check_utf16_bound(codec, &noise);
        }
    }
}
