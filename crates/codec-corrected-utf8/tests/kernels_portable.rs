//! The kernels on the portable path, forced for this whole test process
//! with `utfx_kernels::force_portable`, against the reference; see
//! `support/kernels.rs`.

mod support {
    pub mod kernels;
}

#[test]
fn decode_sweep() {
    utfx_kernels::force_portable(true);
    support::kernels::decode_sweep();
}

#[test]
fn encode_sweep() {
    utfx_kernels::force_portable(true);
    support::kernels::encode_sweep();
}
