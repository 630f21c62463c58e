//! The Encoding Standard's legacy encodings to UTF-8 through the
//! `Transcoder`, against encoding_rs's own `decode_to_utf8`, on each corpus
//! text as encoding_rs's encoder writes it: the operations of
//! `utfx_bench::ops` whose bench is `legacy`.

utfx_bench::bench_main!("legacy");
