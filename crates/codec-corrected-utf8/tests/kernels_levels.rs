//! The kernels at every other SIMD level this machine has, each pinned in
//! turn for this whole test process with `utfx_kernels::force_level` (one
//! test, so that no other test runs while a level is pinned), against the
//! reference; see `support/kernels.rs`. `kernels.rs` runs the level the
//! processor chooses, `kernels_portable.rs` the portable one.

use utfx_kernels::{Level, force_level, level};

mod support {
    pub mod kernels;
}

#[test]
fn sweeps_at_every_level() {
    let levels = [Level::Sse42, Level::Avx2, Level::Avx512, Level::Neon];
    let chosen = level();
    for level in levels.into_iter().filter(|&l| l.is_available() && l != chosen) {
        assert!(force_level(Some(level)));
        support::kernels::decode_sweep();
        support::kernels::encode_sweep();
    }
    force_level(None);
}
