//! UTF-8: validation (against simdutf8 and std; the family validator
//! against simdutf8), decoding to UTF-16 (against encoding_rs and std),
//! decoding to code points, lossy decoding and encoding code points
//! (against std): the operations of `utfx_bench::ops` whose bench is
//! `utf8`.

utfx_bench::bench_main!("utf8");
