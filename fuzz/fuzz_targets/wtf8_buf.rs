//! Fuzz target `wtf8_buf`: the body is `utfx_tests::fuzz::wtf8_buf`, which the
//! seed-corpus test (`tests/tests/fuzz_seeds.rs`) runs on stable too.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| utfx_tests::fuzz::wtf8_buf(data));
