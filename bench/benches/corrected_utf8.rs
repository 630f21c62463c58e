//! Corrected UTF-8: validating, decoding to code points and encoding the
//! corpus texts in Corrected UTF-8, beside the project's own UTF-8 on the
//! same texts (no other implementation exists).

use std::hint::black_box;

use codec_core::{CodePoint, Decode, Encode};
use codec_corrected_utf8::CORRECTED_UTF_8;
use codec_utf8::UTF_8;
use criterion::{Criterion, criterion_group, criterion_main};
use utfx_bench::{Text, over_corpus};

/// The text's code points and its Corrected UTF-8, checked to decode back.
fn corrected_utf8(text: &Text) -> (Vec<CodePoint>, Vec<u8>) {
    let points = UTF_8.decode(text.string.as_bytes()).unwrap();
    // The corpus holds no C1 control, so every text encodes.
    let bytes = CORRECTED_UTF_8.encode(&points).unwrap();
    assert_eq!(CORRECTED_UTF_8.decode(&bytes).unwrap(), points);
    (points, bytes)
}

fn corrected(c: &mut Criterion) {
    over_corpus(c, "corrected-utf8/validate", |row| {
        let (_, bytes) = corrected_utf8(row.text);
        let utf8 = row.text.string.as_bytes();
        row.bytes(bytes.len());
        row.bench("utfx", || CORRECTED_UTF_8.validate(black_box(&bytes)).is_ok());
        row.bench("utfx-utf-8", || UTF_8.validate(black_box(utf8)).is_ok());
    });
    over_corpus(c, "corrected-utf8/to-code-points", |row| {
        let (_, bytes) = corrected_utf8(row.text);
        let utf8 = row.text.string.as_bytes();
        row.bytes(bytes.len());
        row.bench("utfx", || CORRECTED_UTF_8.decode(black_box(&bytes)));
        row.bench("utfx-utf-8", || UTF_8.decode(black_box(utf8)));
    });
    over_corpus(c, "corrected-utf8/from-code-points", |row| {
        let (points, bytes) = corrected_utf8(row.text);
        row.bytes(bytes.len());
        row.bench("utfx", || CORRECTED_UTF_8.encode(black_box(&points)));
        row.bench("utfx-utf-8", || UTF_8.encode(black_box(&points)));
    });
}

criterion_group! {
    name = benches;
    config = utfx_bench::criterion();
    targets = corrected
}
criterion_main!(benches);
