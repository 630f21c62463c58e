//! Fuzz target `utf_inf_8`: the body is `utfx_tests::fuzz::utf_inf_8`,
//! which the seed-corpus test (`tests/tests/fuzz_seeds.rs`) runs on stable
//! too.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| utfx_tests::fuzz::utf_inf_8(data));
