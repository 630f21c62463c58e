//! Corrected UTF-8: validating, decoding to code points and encoding the
//! corpus texts, beside the project's own UTF-8 on the same texts (no
//! other implementation exists): the operations of `utfx_bench::ops` whose
//! bench is `corrected_utf8`.

utfx_bench::bench_main!("corrected_utf8");
