//! The fast validator on the portable path, forced for this whole test
//! process with `codec_core::pivot::force_portable`, against the
//! reference; see `support/kernels.rs`.

mod support {
    pub mod kernels;
}

#[test]
fn validate_sweep() {
    codec_core::pivot::force_portable(true);
    support::kernels::validate_sweep();
}
