//! UTF-8: validation (against simdutf8 and std), decoding to UTF-16
//! (against encoding_rs and std), decoding to code points and lossy
//! decoding (against std), encoding code points (against std).

use std::hint::black_box;

use codec_core::{Decode, DecodeMode, Encode};
use codec_utf8::UTF_8;
use criterion::{BenchmarkId, Throughput, criterion_group, criterion_main};
use utfx_bench::texts;

fn validate(c: &mut criterion::Criterion) {
    let mut group = c.benchmark_group("utf8/validate");
    for text in texts() {
        let src = text.string.as_bytes();
        assert!(UTF_8.validate(src).is_ok() && simdutf8::basic::from_utf8(src).is_ok());
        group.throughput(Throughput::Bytes(src.len() as u64));
        group.bench_with_input(BenchmarkId::new("utfx", &text.name), src, |b, s| {
            b.iter(|| UTF_8.validate(black_box(s)).is_ok());
        });
        group.bench_with_input(BenchmarkId::new("simdutf8", &text.name), src, |b, s| {
            b.iter(|| simdutf8::basic::from_utf8(black_box(s)).is_ok());
        });
        group.bench_with_input(BenchmarkId::new("std", &text.name), src, |b, s| {
            b.iter(|| core::str::from_utf8(black_box(s)).is_ok());
        });
    }
    group.finish();
}

fn to_utf16(c: &mut criterion::Criterion) {
    let mut group = c.benchmark_group("utf8/to-utf16");
    for text in texts() {
        let src = text.string.as_bytes();
        let expected = text.utf16();
        let mut dst = vec![0u16; src.len() + 1];
        let (_, read, written) = UTF_8.decoder(DecodeMode::Replace).decode_to_utf16(src, &mut dst, true);
        assert_eq!((read, &dst[..written]), (src.len(), expected.as_slice()));
        group.throughput(Throughput::Bytes(src.len() as u64));
        group.bench_function(BenchmarkId::new("utfx", &text.name), |b| {
            b.iter(|| UTF_8.decoder(DecodeMode::Replace).decode_to_utf16(black_box(src), &mut dst, true));
        });
        group.bench_function(BenchmarkId::new("encoding_rs", &text.name), |b| {
            b.iter(|| {
                let mut d = encoding_rs::UTF_8.new_decoder_without_bom_handling();
                d.decode_to_utf16(black_box(src), &mut dst, true)
            });
        });
        group.bench_function(BenchmarkId::new("std", &text.name), |b| {
            let mut out: Vec<u16> = Vec::with_capacity(src.len());
            b.iter(|| {
                out.clear();
                out.extend(black_box(text.string.as_str()).encode_utf16());
                out.len()
            });
        });
    }
    group.finish();
}

fn to_code_points(c: &mut criterion::Criterion) {
    let mut group = c.benchmark_group("utf8/to-code-points");
    for text in texts() {
        let src = text.string.as_bytes();
        let ours: Vec<u32> = UTF_8.decode(src).unwrap().iter().map(|p| p.to_u32()).collect();
        let std: Vec<u32> = text.string.chars().map(u32::from).collect();
        assert_eq!(ours, std);
        group.throughput(Throughput::Bytes(src.len() as u64));
        group.bench_function(BenchmarkId::new("utfx", &text.name), |b| b.iter(|| UTF_8.decode(black_box(src))));
        group.bench_function(BenchmarkId::new("std", &text.name), |b| {
            b.iter(|| black_box(text.string.as_str()).chars().collect::<Vec<char>>());
        });
    }
    group.finish();
}

fn lossy(c: &mut criterion::Criterion) {
    let mut group = c.benchmark_group("utf8/lossy-one-bad-byte-per-1000");
    for text in texts() {
        let src = text.every_thousand(b"\xFF");
        assert_eq!(codec_utf8::to_str_lossy(&src), String::from_utf8_lossy(&src));
        group.throughput(Throughput::Bytes(src.len() as u64));
        group.bench_function(BenchmarkId::new("utfx", &text.name), |b| {
            b.iter(|| codec_utf8::to_str_lossy(black_box(&src)).len());
        });
        group.bench_function(BenchmarkId::new("std", &text.name), |b| {
            b.iter(|| String::from_utf8_lossy(black_box(&src)).len());
        });
    }
    group.finish();
}

fn encode_code_points(c: &mut criterion::Criterion) {
    let mut group = c.benchmark_group("utf8/from-code-points");
    for text in texts() {
        let points = UTF_8.decode(text.string.as_bytes()).unwrap();
        let chars: Vec<char> = text.string.chars().collect();
        assert_eq!(UTF_8.encode(&points).unwrap(), text.string.as_bytes());
        group.throughput(Throughput::Bytes(text.string.len() as u64));
        group.bench_function(BenchmarkId::new("utfx", &text.name), |b| b.iter(|| UTF_8.encode(black_box(&points))));
        group.bench_function(BenchmarkId::new("std", &text.name), |b| {
            b.iter(|| black_box(&chars).iter().collect::<String>());
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = utfx_bench::criterion();
    targets = validate, to_utf16, to_code_points, lossy, encode_code_points
}
criterion_main!(benches);
