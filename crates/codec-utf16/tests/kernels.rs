//! The kernels' differential sweeps (`support/kernels.rs`) against the
//! step-by-step reference, at every kernel level this machine has: the one
//! the processor chooses, each other SIMD level pinned in turn, and the
//! portable code (`codec_test::kernels::at_every_level`). One test, since
//! a pinned level holds for the whole process.

mod support {
    pub mod kernels;
}

#[test]
fn sweeps_at_every_level() {
    codec_test::kernels::at_every_level(&[&support::kernels::sweep]);
}
