//! UTF-∞-8: validation and decoding to UTF-16 of Unicode text (against
//! simdutf8 and UTF-8), decoding to big code points (against UTF-8): the
//! operations of `utfx_bench::ops` whose bench is `utf_inf_8`.

utfx_bench::bench_main!("utf_inf_8");
