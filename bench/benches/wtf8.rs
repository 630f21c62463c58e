//! WTF-8: validation of text with one lone surrogate per 1,000 bytes
//! (against simdutf8 on the same text without them: no peer validates
//! WTF-8), and potentially ill-formed UTF-16 to WTF-8 and back (against
//! std's lossy conversions of the same units, which the peers offer).

use std::hint::black_box;

use codec_core::Decode;
use codec_wtf8::{WTF_8, Wtf8, Wtf8Buf};
use criterion::{BenchmarkId, Throughput, criterion_group, criterion_main};
use utfx_bench::texts;

fn validate(c: &mut criterion::Criterion) {
    let mut group = c.benchmark_group("wtf8/validate-lone-surrogates");
    for text in texts() {
        let wtf = text.every_thousand(b"\xED\xA0\x80");
        let utf8 = text.string.as_bytes();
        assert!(WTF_8.validate(&wtf).is_ok());
        group.throughput(Throughput::Bytes(wtf.len() as u64));
        group.bench_function(BenchmarkId::new("utfx", &text.name), |b| {
            b.iter(|| WTF_8.validate(black_box(&wtf)).is_ok());
        });
        group.bench_function(BenchmarkId::new("simdutf8-without-surrogates", &text.name), |b| {
            b.iter(|| simdutf8::basic::from_utf8(black_box(utf8)).is_ok());
        });
    }
    group.finish();
}

fn from_wide(c: &mut criterion::Criterion) {
    let mut group = c.benchmark_group("wtf16-to-wtf8");
    for text in texts() {
        // One lone surrogate per 1,000 units, kept by WTF-8, replaced by std.
        let mut units = text.utf16();
        for i in (999..units.len()).step_by(1000) {
            if !(0xD800..0xE000).contains(&units[i]) && !(0xD800..0xE000).contains(&units[i - 1]) {
                units[i] = 0xDC00;
            }
        }
        let ours = Wtf8Buf::from_wide(&units);
        assert_eq!(ours.encode_wide().collect::<Vec<u16>>(), units);
        group.throughput(Throughput::Bytes(ours.as_bytes().len() as u64));
        group.bench_function(BenchmarkId::new("utfx", &text.name), |b| {
            b.iter(|| Wtf8Buf::from_wide(black_box(&units)));
        });
        group.bench_function(BenchmarkId::new("std-lossy", &text.name), |b| {
            b.iter(|| String::from_utf16_lossy(black_box(&units)));
        });
    }
    group.finish();
}

fn to_wide(c: &mut criterion::Criterion) {
    let mut group = c.benchmark_group("wtf8-to-wtf16");
    for text in texts() {
        let bytes = text.every_thousand(b"\xED\xA0\x80");
        let wtf = Wtf8::from_bytes(&bytes).unwrap();
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_function(BenchmarkId::new("utfx", &text.name), |b| {
            b.iter(|| black_box(wtf).encode_wide().collect::<Vec<u16>>());
        });
        group.bench_function(BenchmarkId::new("std-on-the-text-without-surrogates", &text.name), |b| {
            b.iter(|| black_box(text.string.as_str()).encode_utf16().collect::<Vec<u16>>());
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = utfx_bench::criterion();
    targets = validate, from_wide, to_wide
}
criterion_main!(benches);
