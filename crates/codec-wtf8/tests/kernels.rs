//! The fast validator on the path the processor chooses (AVX2 where it has
//! it), against the reference; see `support/kernels.rs`.

// Not under Miri: many minutes there, and no `unsafe` of their own (the core's
// unit tests run the validator under Miri, on both paths).
#![cfg(not(miri))]

mod support {
    pub mod kernels;
}

#[test]
fn validate_sweep() {
    support::kernels::validate_sweep();
}
