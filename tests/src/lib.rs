//! Cross-crate test suites of the workspace; the tests live in `tests/tests/`.
//! The library holds what is shared beyond one test file: the fuzz targets'
//! bodies ([`fuzz`]), which the targets in `fuzz/` and the seed-corpus test
//! both run.
#![deny(missing_docs)]

pub mod fuzz;

/// The codecs the cross-codec suites (`tests/tests/`) run: every registered
/// codec, but of the Encoding Standard's legacy encodings, one adapter over
/// encoding_rs instantiated 35 times and tested whole in its own crate, one
/// encoding of each kind (single-byte, the Chinese, Japanese and Korean
/// multi-byte ones, x-user-defined): with all 35 the pairwise suites took
/// minutes of CI's budget.
#[must_use]
pub fn codecs() -> Vec<&'static dyn codec_core::DynCodec> {
    const LEGACY_SAMPLE: [&str; 7] =
        ["windows-1252", "gb18030", "big5", "euc-jp", "shift_jis", "euc-kr", "x-user-defined"];
    codec_registry::all()
        .iter()
        .copied()
        .filter(|c| {
            codec_encoding_standard::for_label(c.info().name).is_none() || LEGACY_SAMPLE.contains(&c.info().name)
        })
        .collect()
}

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
    #[doc = include_str!("../../crates/codec-utf32/README.md")]
    mod codec_utf32 {}
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
    #[doc = include_str!("../../crates/codec-latin1/README.md")]
    mod codec_latin1 {}
    #[doc = include_str!("../../crates/codec-encoding-standard/README.md")]
    mod codec_encoding_standard {}
    #[doc = include_str!("../../crates/codec-test/README.md")]
    mod codec_test {}
    #[doc = include_str!("../../crates/codec-registry/README.md")]
    mod codec_registry {}
    #[doc = include_str!("../../crates/utfx-cli/README.md")]
    mod utfx_cli {}
    #[doc = include_str!("../../crates/utfx-kernels/README.md")]
    mod utfx_kernels {}
}
