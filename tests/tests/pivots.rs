//! The transcoder's kernel paths between UTF-8 and UTF-16 on the path the
//! processor chooses (AVX2 where it has it); see `support/pivots.rs`.

mod support {
    pub mod pivots;
}

#[test]
fn utf8_to_utf16() {
    support::pivots::utf8_to_utf16();
}

#[test]
fn utf16_to_utf8() {
    support::pivots::utf16_to_utf8();
}

#[test]
fn utf16_to_utf8_error_index() {
    support::pivots::utf16_to_utf8_error_index();
}
