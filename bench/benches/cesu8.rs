//! CESU-8 and Modified UTF-8: decoding to UTF-8 and encoding from UTF-8,
//! against the `cesu8` and `simd_cesu8` crates, on each corpus text in the
//! codec's own encoding (the emoji text holds six-byte pairs): the
//! operations of `utfx_bench::ops` whose bench is `cesu8`.

utfx_bench::bench_main!("cesu8");
