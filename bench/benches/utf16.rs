//! UTF-16: UTF-16 code units to UTF-8 (against encoding_rs and std),
//! UTF-16LE validation (against std's `char::decode_utf16`), UTF-8 text to
//! UTF-16LE bytes through the `Transcoder` (against encoding_rs).

use std::hint::black_box;

use codec_core::{Decode, DecodeMode, Encode, EncodeMode, Transcoder};
use codec_utf8::UTF_8;
use codec_utf16::UTF_16LE;
use criterion::{Criterion, criterion_group, criterion_main};
use utfx_bench::over_corpus;

fn to_utf8(c: &mut Criterion) {
    over_corpus(c, "utf16/to-utf8", |row| {
        let src = row.text.utf16();
        let mut dst = vec![0u8; 3 * src.len() + 4];
        let (_, read, written) = UTF_8.encoder(EncodeMode::Fatal).encode_from_utf16(&src, &mut dst, true);
        assert_eq!((read, &dst[..written]), (src.len(), row.text.string.as_bytes()));
        row.bytes(row.text.string.len());
        row.bench("utfx", || UTF_8.encoder(EncodeMode::Fatal).encode_from_utf16(black_box(&src), &mut dst, true));
        row.bench("encoding_rs", || {
            encoding_rs::UTF_8.new_encoder().encode_from_utf16(black_box(&src), &mut dst, true)
        });
        row.bench("std", || String::from_utf16(black_box(&src)).map(|s| s.len()));
    });
}

fn validate(c: &mut Criterion) {
    over_corpus(c, "utf16le/validate", |row| {
        let src = row.text.utf16le();
        assert!(UTF_16LE.validate(&src).is_ok());
        row.bytes(row.text.string.len());
        row.bench("utfx", || UTF_16LE.validate(black_box(&src)).is_ok());
        row.bench("std", || {
            let units = black_box(&src).chunks_exact(2).map(|p| u16::from_le_bytes([p[0], p[1]]));
            char::decode_utf16(units).all(|r| r.is_ok())
        });
    });
}

fn transcode(c: &mut Criterion) {
    over_corpus(c, "utf8-to-utf16le/transcode", |row| {
        let src = row.text.string.as_bytes();
        let expected = row.text.utf16le();
        let mut dst = vec![0u8; 2 * src.len() + 16];
        let mut units = vec![0u16; src.len() + 8];
        let mut t = Transcoder::new(&UTF_8, DecodeMode::Replace, &UTF_16LE, EncodeMode::Fatal);
        let (_, read, written) = t.transcode(src, &mut dst, true);
        assert_eq!((read, &dst[..written]), (src.len(), expected.as_slice()));
        row.bytes(src.len());
        row.bench("utfx", || {
            let mut t = Transcoder::new(&UTF_8, DecodeMode::Replace, &UTF_16LE, EncodeMode::Fatal);
            t.transcode(black_box(src), &mut dst, true)
        });
        row.bench("encoding_rs", || {
            let mut d = encoding_rs::UTF_8.new_decoder_without_bom_handling();
            let (_, _, written, _) = d.decode_to_utf16(black_box(src), &mut units, true);
            for (pair, unit) in dst.chunks_exact_mut(2).zip(&units[..written]) {
                pair.copy_from_slice(&unit.to_le_bytes());
            }
            written
        });
    });
}

criterion_group! {
    name = benches;
    config = utfx_bench::criterion();
    targets = to_utf8, validate, transcode
}
criterion_main!(benches);
