//! UTF-16: UTF-16 code units to UTF-8 (against encoding_rs and std),
//! UTF-16LE validation (against std's `char::decode_utf16`), UTF-8 text to
//! UTF-16LE bytes through the `Transcoder` (against encoding_rs).

use std::hint::black_box;

use codec_core::{Decode, DecodeMode, Encode, EncodeMode, Transcoder};
use codec_utf8::UTF_8;
use codec_utf16::UTF_16LE;
use criterion::{BenchmarkId, Throughput, criterion_group, criterion_main};
use utfx_bench::texts;

fn to_utf8(c: &mut criterion::Criterion) {
    let mut group = c.benchmark_group("utf16/to-utf8");
    for text in texts() {
        let src = text.utf16();
        let mut dst = vec![0u8; 3 * src.len() + 4];
        let (_, read, written) = UTF_8.encoder(EncodeMode::Fatal).encode_from_utf16(&src, &mut dst, true);
        assert_eq!((read, &dst[..written]), (src.len(), text.string.as_bytes()));
        group.throughput(Throughput::Bytes(text.string.len() as u64));
        group.bench_function(BenchmarkId::new("utfx", &text.name), |b| {
            b.iter(|| UTF_8.encoder(EncodeMode::Fatal).encode_from_utf16(black_box(&src), &mut dst, true));
        });
        group.bench_function(BenchmarkId::new("encoding_rs", &text.name), |b| {
            b.iter(|| encoding_rs::UTF_8.new_encoder().encode_from_utf16(black_box(&src), &mut dst, true));
        });
        group.bench_function(BenchmarkId::new("std", &text.name), |b| {
            b.iter(|| String::from_utf16(black_box(&src)).map(|s| s.len()));
        });
    }
    group.finish();
}

fn validate(c: &mut criterion::Criterion) {
    let mut group = c.benchmark_group("utf16le/validate");
    for text in texts() {
        let src = text.utf16le();
        assert!(UTF_16LE.validate(&src).is_ok());
        group.throughput(Throughput::Bytes(text.string.len() as u64));
        group.bench_function(BenchmarkId::new("utfx", &text.name), |b| {
            b.iter(|| UTF_16LE.validate(black_box(&src)).is_ok());
        });
        group.bench_function(BenchmarkId::new("std", &text.name), |b| {
            b.iter(|| {
                let units = black_box(&src).chunks_exact(2).map(|p| u16::from_le_bytes([p[0], p[1]]));
                char::decode_utf16(units).all(|r| r.is_ok())
            });
        });
    }
    group.finish();
}

fn transcode(c: &mut criterion::Criterion) {
    let mut group = c.benchmark_group("utf8-to-utf16le/transcode");
    for text in texts() {
        let src = text.string.as_bytes();
        let expected = text.utf16le();
        let mut dst = vec![0u8; 2 * src.len() + 16];
        let mut units = vec![0u16; src.len() + 8];
        let mut t = Transcoder::new(&UTF_8, DecodeMode::Replace, &UTF_16LE, EncodeMode::Fatal);
        let (_, read, written) = t.transcode(src, &mut dst, true);
        assert_eq!((read, &dst[..written]), (src.len(), expected.as_slice()));
        group.throughput(Throughput::Bytes(src.len() as u64));
        group.bench_function(BenchmarkId::new("utfx", &text.name), |b| {
            b.iter(|| {
                let mut t = Transcoder::new(&UTF_8, DecodeMode::Replace, &UTF_16LE, EncodeMode::Fatal);
                t.transcode(black_box(src), &mut dst, true)
            });
        });
        group.bench_function(BenchmarkId::new("encoding_rs", &text.name), |b| {
            b.iter(|| {
                let mut d = encoding_rs::UTF_8.new_decoder_without_bom_handling();
                let (_, _, written, _) = d.decode_to_utf16(black_box(src), &mut units, true);
                for (pair, unit) in dst.chunks_exact_mut(2).zip(&units[..written]) {
                    pair.copy_from_slice(&unit.to_le_bytes());
                }
                written
            });
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = utfx_bench::criterion();
    targets = to_utf8, validate, transcode
}
criterion_main!(benches);
