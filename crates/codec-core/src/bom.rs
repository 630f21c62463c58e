//! Byte order marks as the WHATWG Encoding Standard sniffs them (§6
//! "Decode and encode", the table of `decode`): part of choosing a decoder at
//! run time, like the label matching of `CodecInfo::matches`, so it lives
//! here and the UTF-8 and UTF-16 codecs use it (decision 0006).

/// A byte order mark, as the Encoding Standard's `decode` sniffs it.
///
/// # Examples
///
/// ```
/// use codec_core::bom::{sniff_bom, Bom};
/// assert_eq!(sniff_bom(b"\xFF\xFEa\x00"), Some(Bom::Utf16Le));
/// assert_eq!(Bom::Utf8.len(), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bom {
    /// `EF BB BF`: UTF-8.
    Utf8,
    /// `FE FF`: UTF-16BE.
    Utf16Be,
    /// `FF FE`: UTF-16LE.
    Utf16Le,
}

impl Bom {
    /// Returns the BOM's length in bytes.
    #[must_use]
    #[allow(clippy::len_without_is_empty)]
    pub const fn len(self) -> usize {
        match self {
            Bom::Utf8 => 3,
            Bom::Utf16Be | Bom::Utf16Le => 2,
        }
    }
}

/// Returns the BOM `bytes` start with, per the table of the Encoding
/// Standard's `decode` (§6): `EF BB BF`, `FE FF`, `FF FE`, in that order.
#[must_use]
pub fn sniff_bom(bytes: &[u8]) -> Option<Bom> {
    match bytes {
        [0xEF, 0xBB, 0xBF, ..] => Some(Bom::Utf8),
        [0xFE, 0xFF, ..] => Some(Bom::Utf16Be),
        [0xFF, 0xFE, ..] => Some(Bom::Utf16Le),
        _ => None,
    }
}
