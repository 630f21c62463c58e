//! The kernels on the path the processor chooses (AVX2 where it has it),
//! against the reference; see `support/kernels.rs`.

mod support {
    pub mod kernels;
}

#[test]
fn sweep() {
    support::kernels::sweep();
}
