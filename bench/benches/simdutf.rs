//! Against the simdutf C++ library (feature `simdutf`): UTF-8 validation
//! and checked conversions between UTF-8 and UTF-16: the operations of
//! `utfx_bench::ops` whose bench is `simdutf`.

utfx_bench::bench_main!("simdutf");
