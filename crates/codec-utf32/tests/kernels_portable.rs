//! The kernels on the portable path, forced for this whole test process
//! with `utfx_kernels::force_portable`, against the reference; see
//! `support/kernels.rs`.

mod support {
    pub mod kernels;
}

#[test]
fn sweep() {
    utfx_kernels::force_portable(true);
    support::kernels::sweep();
}
