//! The fast validator on the path the processor chooses (AVX2 where it has
//! it), against the reference; see `support/kernels.rs`.

mod support {
    pub mod kernels;
}

#[test]
fn validate_sweep() {
    support::kernels::validate_sweep();
}
