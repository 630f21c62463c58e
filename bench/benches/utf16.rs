//! UTF-16: UTF-16 code units to UTF-8 (against encoding_rs and std),
//! UTF-8 to and from UTF-16LE bytes through the `Transcoder` (against
//! encoding_rs) and through `TranscodeReader`, UTF-16LE validation (against
//! std): the operations of `utfx_bench::ops` whose bench is `utf16`.

utfx_bench::bench_main!("utf16");
