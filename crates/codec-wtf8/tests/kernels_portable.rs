//! The fast validator on the portable path, forced for this whole test
//! process with `utfx_kernels::force_portable`, against the
//! reference; see `support/kernels.rs`.

// Not under Miri: many minutes there, and no `unsafe` of their own (the core's
// unit tests run the validator under Miri, on both paths).
#![cfg(not(miri))]

mod support {
    pub mod kernels;
}

#[test]
fn validate_sweep() {
    utfx_kernels::force_portable(true);
    support::kernels::validate_sweep();
}
