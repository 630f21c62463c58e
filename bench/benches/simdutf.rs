//! Against the simdutf C++ library (feature `simdutf`), at its best
//! kernels: UTF-8, UTF-16 and UTF-32 validation, checked conversions
//! between UTF-8, UTF-16 and UTF-32, and Latin-1 to and from UTF-8 and
//! UTF-16: the operations of `utfx_bench::ops` whose bench is `simdutf`.

utfx_bench::bench_main!("simdutf");
