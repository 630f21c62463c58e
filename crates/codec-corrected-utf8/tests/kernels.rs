//! The kernels on the path the processor chooses (AVX2 where it has it),
//! against the reference; see `support/kernels.rs`.

mod support {
    pub mod kernels;
}

#[test]
fn decode_sweep() {
    support::kernels::decode_sweep();
}

#[test]
fn encode_sweep() {
    support::kernels::encode_sweep();
}
