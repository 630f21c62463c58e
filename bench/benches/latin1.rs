//! ISO-8859-1 (`codec-latin1`) to and from UTF-8 and UTF-16, against
//! encoding_rs's `mem` conversions, on each corpus text's characters up to
//! U+00FF: the operations of `utfx_bench::ops` whose bench is `latin1`.

utfx_bench::bench_main!("latin1");
