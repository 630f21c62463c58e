//! The kernels on the path the processor chooses (AVX2 where it has it),
//! against the reference; see `support/kernels.rs`.

use codec_cesu8::{CESU_8, MUTF_8, MUTF_8_LENIENT};

mod support {
    pub mod kernels;
}

#[test]
fn decode_sweep_cesu8() {
    support::kernels::decode_sweep(&CESU_8);
}

#[test]
fn decode_sweep_mutf8() {
    support::kernels::decode_sweep(&MUTF_8);
}

#[test]
fn decode_sweep_mutf8_lenient() {
    support::kernels::decode_sweep(&MUTF_8_LENIENT);
}

#[test]
fn window_edge_sweep_mutf8() {
    support::kernels::window_edge_sweep(&MUTF_8);
}

#[test]
fn window_edge_sweep_mutf8_lenient() {
    support::kernels::window_edge_sweep(&MUTF_8_LENIENT);
}
