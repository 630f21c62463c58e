//! Cross-crate test suites of the workspace; the tests live in `tests/tests/`.
//! The library holds what is shared beyond one test file: the fuzz targets'
//! bodies ([`fuzz`]), which the targets in `fuzz/` and the seed-corpus test
//! both run.
#![deny(missing_docs)]

pub mod fuzz;

/// The Rust examples of every published crate's README and of the
/// workspace's, compiled and run as doctests (only under `cargo test`),
/// so that what crates.io shows works. Each crate's example uses that
/// crate alone (`cargo xtask tidy` checks the names it uses).
#[cfg(doctest)]
mod readmes {
    #[doc = include_str!("../../README.md")]
    mod workspace {}
    #[doc = include_str!("../../crates/codec-core/README.md")]
    mod codec_core {}
    #[doc = include_str!("../../crates/codec-utf8/README.md")]
    mod codec_utf8 {}
    #[doc = include_str!("../../crates/codec-utf16/README.md")]
    mod codec_utf16 {}
    #[doc = include_str!("../../crates/codec-wtf8/README.md")]
    mod codec_wtf8 {}
    #[doc = include_str!("../../crates/codec-cesu8/README.md")]
    mod codec_cesu8 {}
    #[doc = include_str!("../../crates/codec-corrected-utf8/README.md")]
    mod codec_corrected_utf8 {}
    #[doc = include_str!("../../crates/codec-utf-inf-8/README.md")]
    mod codec_utf_inf_8 {}
    #[doc = include_str!("../../crates/codec-utf8-history/README.md")]
    mod codec_utf8_history {}
    #[doc = include_str!("../../crates/codec-encoding-standard/README.md")]
    mod codec_encoding_standard {}
    #[doc = include_str!("../../crates/codec-registry/README.md")]
    mod codec_registry {}
    #[doc = include_str!("../../crates/utfx-cli/README.md")]
    mod utfx_cli {}
    #[doc = include_str!("../../crates/utfx-kernels/README.md")]
    mod utfx_kernels {}
}
