//! CESU-8 and Modified UTF-8: decoding to a `String` and encoding from a
//! `&str`, against the `cesu8` and `simd_cesu8` crates, on each corpus
//! text in the codec's own encoding (the emoji text holds six-byte pairs).

use std::hint::black_box;

use codec_cesu8::{CESU_8, MUTF_8};
use criterion::{Criterion, criterion_group, criterion_main};
use utfx_bench::over_corpus;

fn decode(c: &mut Criterion) {
    over_corpus(c, "cesu8/to-utf8", |row| {
        let src = CESU_8.from_utf8(&row.text.string).into_owned();
        assert_eq!(src, cesu8::to_cesu8(&row.text.string).as_ref());
        assert_eq!(CESU_8.to_utf8(&src).unwrap(), row.text.string);
        row.bytes(src.len());
        row.bench("utfx", || CESU_8.to_utf8(black_box(&src)).map(|s| s.len()));
        row.bench("cesu8", || cesu8::from_cesu8(black_box(&src)).map(|s| s.len()));
        row.bench("simd_cesu8", || simd_cesu8::decode_strict(black_box(&src)).map(|s| s.len()));
    });
    over_corpus(c, "mutf8/to-utf8", |row| {
        let src = MUTF_8.from_utf8(&row.text.string).into_owned();
        assert_eq!(src, cesu8::to_java_cesu8(&row.text.string).as_ref());
        row.bytes(src.len());
        row.bench("utfx", || MUTF_8.to_utf8(black_box(&src)).map(|s| s.len()));
        row.bench("cesu8", || cesu8::from_java_cesu8(black_box(&src)).map(|s| s.len()));
        row.bench("simd_cesu8", || simd_cesu8::mutf8::decode_strict(black_box(&src)).map(|s| s.len()));
    });
}

fn encode(c: &mut Criterion) {
    over_corpus(c, "cesu8/from-utf8", |row| {
        let s = row.text.string.as_str();
        assert_eq!(CESU_8.from_utf8(s), simd_cesu8::encode(s));
        row.bytes(s.len());
        row.bench("utfx", || CESU_8.from_utf8(black_box(s)).len());
        row.bench("cesu8", || cesu8::to_cesu8(black_box(s)).len());
        row.bench("simd_cesu8", || simd_cesu8::encode(black_box(s)).len());
    });
}

criterion_group! {
    name = benches;
    config = utfx_bench::criterion();
    targets = decode, encode
}
criterion_main!(benches);
