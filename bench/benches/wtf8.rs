//! WTF-8: validation of text with one lone surrogate per 1,000 bytes
//! (against simdutf8 on the same text without them: no peer validates
//! WTF-8), and potentially ill-formed UTF-16 to WTF-8 and back (against
//! std's lossy conversions of the same units, which the peers offer).

use std::hint::black_box;

use codec_core::Decode;
use codec_wtf8::{WTF_8, Wtf8, Wtf8Buf};
use criterion::{Criterion, criterion_group, criterion_main};
use utfx_bench::over_corpus;

fn validate(c: &mut Criterion) {
    over_corpus(c, "wtf8/validate-lone-surrogates", |row| {
        let wtf = row.text.every_thousand(b"\xED\xA0\x80");
        let utf8 = row.text.string.as_bytes();
        assert!(WTF_8.validate(&wtf).is_ok());
        row.bytes(wtf.len());
        row.bench("utfx", || WTF_8.validate(black_box(&wtf)).is_ok());
        row.bench("simdutf8-without-surrogates", || simdutf8::basic::from_utf8(black_box(utf8)).is_ok());
    });
}

fn from_wide(c: &mut Criterion) {
    over_corpus(c, "wtf16-to-wtf8", |row| {
        // One lone surrogate per 1,000 units, kept by WTF-8, replaced by std.
        let mut units = row.text.utf16();
        for i in (999..units.len()).step_by(1000) {
            if !(0xD800..0xE000).contains(&units[i]) && !(0xD800..0xE000).contains(&units[i - 1]) {
                units[i] = 0xDC00;
            }
        }
        let ours = Wtf8Buf::from_wide(&units);
        assert_eq!(ours.encode_wide().collect::<Vec<u16>>(), units);
        row.bytes(ours.as_bytes().len());
        row.bench("utfx", || Wtf8Buf::from_wide(black_box(&units)));
        row.bench("std-lossy", || String::from_utf16_lossy(black_box(&units)));
    });
}

fn to_wide(c: &mut Criterion) {
    over_corpus(c, "wtf8-to-wtf16", |row| {
        let bytes = row.text.every_thousand(b"\xED\xA0\x80");
        let wtf = Wtf8::from_bytes(&bytes).unwrap();
        let text = row.text.string.as_str();
        row.bytes(bytes.len());
        row.bench("utfx", || black_box(wtf).encode_wide().collect::<Vec<u16>>());
        row.bench("std-on-the-text-without-surrogates", || black_box(text).encode_utf16().collect::<Vec<u16>>());
    });
}

criterion_group! {
    name = benches;
    config = utfx_bench::criterion();
    targets = validate, from_wide, to_wide
}
criterion_main!(benches);
