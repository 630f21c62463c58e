//! The transcoder's kernel paths between UTF-8 and UTF-16 on the portable
//! path, forced for this whole test process with
//! `utfx_kernels::force_portable`; see `support/pivots.rs`.

mod support {
    pub mod pivots;
}

#[test]
fn utf8_to_utf16() {
    utfx_kernels::force_portable(true);
    support::pivots::utf8_to_utf16();
}

#[test]
fn utf16_to_utf8() {
    utfx_kernels::force_portable(true);
    support::pivots::utf16_to_utf8();
}

#[test]
fn utf16_to_utf8_error_index() {
    utfx_kernels::force_portable(true);
    support::pivots::utf16_to_utf8_error_index();
}
