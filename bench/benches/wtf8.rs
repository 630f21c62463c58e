//! WTF-8: validation of text with one lone surrogate per 1,000 bytes, and
//! WTF-8 to WTF-16 and back (against simdutf8 and UTF-8 on the same text
//! without them: no peer handles WTF-8): the operations of
//! `utfx_bench::ops` whose bench is `wtf8`.

utfx_bench::bench_main!("wtf8");
