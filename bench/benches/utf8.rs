//! UTF-8: validation (against simdutf8 and std), decoding to UTF-16
//! (against encoding_rs and std), decoding to code points and lossy
//! decoding (against std), encoding code points (against std).

use std::hint::black_box;

use codec_core::{Decode, DecodeMode, Encode};
use codec_utf8::UTF_8;
use criterion::{Criterion, criterion_group, criterion_main};
use utfx_bench::over_corpus;

fn validate(c: &mut Criterion) {
    over_corpus(c, "utf8/validate", |row| {
        let src = row.text.string.as_bytes();
        assert!(UTF_8.validate(src).is_ok() && simdutf8::basic::from_utf8(src).is_ok());
        row.bytes(src.len());
        row.bench("utfx", || UTF_8.validate(black_box(src)).is_ok());
        row.bench("simdutf8", || simdutf8::basic::from_utf8(black_box(src)).is_ok());
        row.bench("std", || core::str::from_utf8(black_box(src)).is_ok());
    });
}

fn to_utf16(c: &mut Criterion) {
    over_corpus(c, "utf8/to-utf16", |row| {
        let text = row.text.string.as_str();
        let src = text.as_bytes();
        let expected = row.text.utf16();
        let mut dst = vec![0u16; src.len() + 1];
        let (_, read, written) = UTF_8.decoder(DecodeMode::Replace).decode_to_utf16(src, &mut dst, true);
        assert_eq!((read, &dst[..written]), (src.len(), expected.as_slice()));
        row.bytes(src.len());
        row.bench("utfx", || UTF_8.decoder(DecodeMode::Replace).decode_to_utf16(black_box(src), &mut dst, true));
        row.bench("encoding_rs", || {
            let mut d = encoding_rs::UTF_8.new_decoder_without_bom_handling();
            d.decode_to_utf16(black_box(src), &mut dst, true)
        });
        let mut out: Vec<u16> = Vec::with_capacity(src.len());
        row.bench("std", || {
            out.clear();
            out.extend(black_box(text).encode_utf16());
            out.len()
        });
    });
}

fn to_code_points(c: &mut Criterion) {
    over_corpus(c, "utf8/to-code-points", |row| {
        let text = row.text.string.as_str();
        let src = text.as_bytes();
        let ours: Vec<u32> = UTF_8.decode(src).unwrap().iter().map(|p| p.to_u32()).collect();
        let std: Vec<u32> = text.chars().map(u32::from).collect();
        assert_eq!(ours, std);
        row.bytes(src.len());
        row.bench("utfx", || UTF_8.decode(black_box(src)));
        row.bench("std", || black_box(text).chars().collect::<Vec<char>>());
    });
}

fn lossy(c: &mut Criterion) {
    over_corpus(c, "utf8/lossy-one-bad-byte-per-1000", |row| {
        let src = row.text.every_thousand(b"\xFF");
        assert_eq!(codec_utf8::to_str_lossy(&src), String::from_utf8_lossy(&src));
        row.bytes(src.len());
        row.bench("utfx", || codec_utf8::to_str_lossy(black_box(&src)).len());
        row.bench("std", || String::from_utf8_lossy(black_box(&src)).len());
    });
}

fn encode_code_points(c: &mut Criterion) {
    over_corpus(c, "utf8/from-code-points", |row| {
        let text = row.text.string.as_str();
        let points = UTF_8.decode(text.as_bytes()).unwrap();
        let chars: Vec<char> = text.chars().collect();
        assert_eq!(UTF_8.encode(&points).unwrap(), text.as_bytes());
        row.bytes(text.len());
        row.bench("utfx", || UTF_8.encode(black_box(&points)));
        row.bench("std", || black_box(&chars).iter().collect::<String>());
    });
}

criterion_group! {
    name = benches;
    config = utfx_bench::criterion();
    targets = validate, to_utf16, to_code_points, lossy, encode_code_points
}
criterion_main!(benches);
