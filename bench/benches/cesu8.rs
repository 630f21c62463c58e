//! CESU-8 and Modified UTF-8: decoding to a `String` and encoding from a
//! `&str`, against the `cesu8` and `simd_cesu8` crates, on each corpus
//! text in the codec's own encoding (the emoji text holds six-byte pairs).

use std::hint::black_box;

use codec_cesu8::{CESU_8, MUTF_8};
use criterion::{BenchmarkId, Throughput, criterion_group, criterion_main};
use utfx_bench::texts;

fn decode(c: &mut criterion::Criterion) {
    let mut group = c.benchmark_group("cesu8/to-utf8");
    for text in texts() {
        let src = CESU_8.from_utf8(&text.string).into_owned();
        assert_eq!(src, cesu8::to_cesu8(&text.string).as_ref());
        assert_eq!(CESU_8.to_utf8(&src).unwrap(), text.string);
        group.throughput(Throughput::Bytes(src.len() as u64));
        group.bench_function(BenchmarkId::new("utfx", &text.name), |b| {
            b.iter(|| CESU_8.to_utf8(black_box(&src)).map(|s| s.len()));
        });
        group.bench_function(BenchmarkId::new("cesu8", &text.name), |b| {
            b.iter(|| cesu8::from_cesu8(black_box(&src)).map(|s| s.len()));
        });
        group.bench_function(BenchmarkId::new("simd_cesu8", &text.name), |b| {
            b.iter(|| simd_cesu8::decode_strict(black_box(&src)).map(|s| s.len()));
        });
    }
    group.finish();

    let mut group = c.benchmark_group("mutf8/to-utf8");
    for text in texts() {
        let src = MUTF_8.from_utf8(&text.string).into_owned();
        assert_eq!(src, cesu8::to_java_cesu8(&text.string).as_ref());
        group.throughput(Throughput::Bytes(src.len() as u64));
        group.bench_function(BenchmarkId::new("utfx", &text.name), |b| {
            b.iter(|| MUTF_8.to_utf8(black_box(&src)).map(|s| s.len()));
        });
        group.bench_function(BenchmarkId::new("cesu8", &text.name), |b| {
            b.iter(|| cesu8::from_java_cesu8(black_box(&src)).map(|s| s.len()));
        });
        group.bench_function(BenchmarkId::new("simd_cesu8", &text.name), |b| {
            b.iter(|| simd_cesu8::mutf8::decode_strict(black_box(&src)).map(|s| s.len()));
        });
    }
    group.finish();
}

fn encode(c: &mut criterion::Criterion) {
    let mut group = c.benchmark_group("cesu8/from-utf8");
    for text in texts() {
        let s = text.string.as_str();
        assert_eq!(CESU_8.from_utf8(s), simd_cesu8::encode(s));
        group.throughput(Throughput::Bytes(s.len() as u64));
        group.bench_function(BenchmarkId::new("utfx", &text.name), |b| {
            b.iter(|| CESU_8.from_utf8(black_box(s)).len());
        });
        group.bench_function(BenchmarkId::new("cesu8", &text.name), |b| {
            b.iter(|| cesu8::to_cesu8(black_box(s)).len());
        });
        group.bench_function(BenchmarkId::new("simd_cesu8", &text.name), |b| {
            b.iter(|| simd_cesu8::encode(black_box(s)).len());
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = utfx_bench::criterion();
    targets = decode, encode
}
criterion_main!(benches);
