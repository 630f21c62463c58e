//! Corrected UTF-8: validating, decoding to code points and encoding the
//! corpus texts in Corrected UTF-8, beside the project's own UTF-8 on the
//! same texts (no other implementation exists).

use std::hint::black_box;

use codec_core::{Decode, Encode};
use codec_corrected_utf8::CORRECTED_UTF_8;
use codec_utf8::UTF_8;
use criterion::{BenchmarkId, Throughput, criterion_group, criterion_main};
use utfx_bench::texts;

fn corrected(c: &mut criterion::Criterion) {
    for (op, name) in [(0, "validate"), (1, "to-code-points"), (2, "from-code-points")] {
        let mut group = c.benchmark_group(format!("corrected-utf8/{name}"));
        for text in texts() {
            let points = UTF_8.decode(text.string.as_bytes()).unwrap();
            // The corpus holds no C1 control, so every text encodes.
            let bytes = CORRECTED_UTF_8.encode(&points).unwrap();
            assert_eq!(CORRECTED_UTF_8.decode(&bytes).unwrap(), points);
            let utf8 = text.string.as_bytes();
            group.throughput(Throughput::Bytes(bytes.len() as u64));
            match op {
                0 => {
                    group.bench_function(BenchmarkId::new("utfx", &text.name), |b| {
                        b.iter(|| CORRECTED_UTF_8.validate(black_box(&bytes)).is_ok());
                    });
                    group.bench_function(BenchmarkId::new("utfx-utf-8", &text.name), |b| {
                        b.iter(|| UTF_8.validate(black_box(utf8)).is_ok());
                    });
                }
                1 => {
                    group.bench_function(BenchmarkId::new("utfx", &text.name), |b| {
                        b.iter(|| CORRECTED_UTF_8.decode(black_box(&bytes)));
                    });
                    group.bench_function(BenchmarkId::new("utfx-utf-8", &text.name), |b| {
                        b.iter(|| UTF_8.decode(black_box(utf8)));
                    });
                }
                _ => {
                    group.bench_function(BenchmarkId::new("utfx", &text.name), |b| {
                        b.iter(|| CORRECTED_UTF_8.encode(black_box(&points)));
                    });
                    group.bench_function(BenchmarkId::new("utfx-utf-8", &text.name), |b| {
                        b.iter(|| UTF_8.encode(black_box(&points)));
                    });
                }
            }
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = utfx_bench::criterion();
    targets = corrected
}
criterion_main!(benches);
