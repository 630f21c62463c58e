//! Error-handling modes for decoding and encoding, each generic over every codec.

use core::fmt;
use core::str::FromStr;

use crate::code_point::CodePoint;

/// What a decoder does with an ill-formed subpart (or a reserved sequence).
///
/// | mode | an ill-formed subpart `b0 b1 ...` becomes |
/// |---|---|
/// | `Fatal` | an error; decoding stops |
/// | `Replace` | one `U+FFFD` (for UTF-8: exactly the WHATWG utf-8 decoder) |
/// | `Escape` | `U+DC00 + b` for each byte (UTF-8B, Python's `surrogateescape`) |
/// | `Latin1` | `U+0000 + b` for each byte (ISO-8859-1) |
/// | `Windows1252` | each byte's character in the WHATWG windows-1252 index |
/// | `Ignore` | nothing: the subpart is dropped (iconv's `-c`; an extension, decision 0011) |
///
/// In `Escape` mode a *well-formed* sequence whose code point is in
/// `U+DC00..=U+DCFF` is escaped byte by byte too, so that encoding back in
/// [`EncodeMode::Escape`] restores every input byte, for every codec (see
/// `docs/decisions/0003-error-modes.md`).
///
/// # Examples
///
/// ```
/// use codec_core::DecodeMode;
/// assert_eq!("windows-1252".parse::<DecodeMode>(), Ok(DecodeMode::Windows1252));
/// assert_eq!(DecodeMode::Replace.to_string(), "replace");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum DecodeMode {
    /// Stop at the first error.
    #[default]
    Fatal,
    /// One `U+FFFD` per maximal ill-formed subpart.
    Replace,
    /// Each byte `b` of an ill-formed subpart becomes `U+DC00 + b` (UTF-8B).
    Escape,
    /// Each byte of an ill-formed subpart becomes the Latin-1 character `b`.
    Latin1,
    /// Each byte of an ill-formed subpart becomes its windows-1252 character.
    Windows1252,
    /// Each ill-formed subpart is dropped: it adds nothing to the output.
    Ignore,
}

impl DecodeMode {
    /// Every decode mode.
    pub const ALL: &'static [DecodeMode] = &[
        DecodeMode::Fatal,
        DecodeMode::Replace,
        DecodeMode::Escape,
        DecodeMode::Latin1,
        DecodeMode::Windows1252,
        DecodeMode::Ignore,
    ];

    /// Returns the mode's label (`fatal`, `replace`, `escape`, `latin1`,
    /// `windows-1252`, `ignore`), what it displays as and parses from.
    const fn as_str(self) -> &'static str {
        match self {
            DecodeMode::Fatal => "fatal",
            DecodeMode::Replace => "replace",
            DecodeMode::Escape => "escape",
            DecodeMode::Latin1 => "latin1",
            DecodeMode::Windows1252 => "windows-1252",
            DecodeMode::Ignore => "ignore",
        }
    }
}

/// What an encoder does with a code point it cannot encode.
///
/// | mode | an unencodable code point `c` becomes |
/// |---|---|
/// | `Fatal` | an error; encoding stops |
/// | `Replace` | the codec's encoding of `U+FFFD`, or of `?` where it has no `U+FFFD` |
/// | `Html` | `&#N;` with `N` the decimal value (the WHATWG encoder's `<form>` mode) |
/// | `Url` | the codec's encoding of `?` (the WHATWG encoder's URL mode, byte `3F` in every encoding of the Standard) |
/// | `Escape` | fatal, except that `U+DC00..=U+DCFF` always become the raw byte `c - 0xDC00` where a code unit is a byte ([`Encode::unit_len`](crate::Encode::unit_len)) |
/// | `Ignore` | nothing: the code point is dropped (iconv's `-c`; an extension, decision 0011) |
///
/// `Escape` is the inverse of [`DecodeMode::Escape`]; it takes the escapes
/// out even where the codec could encode a lone trail surrogate. Among
/// units of two bytes (UTF-16's) a raw byte has no place: there an escape
/// code point is encoded as any other (WTF-16 writes the lone surrogate,
/// UTF-16 stops at it, as CPython's `surrogateescape` does).
///
/// # Examples
///
/// ```
/// use codec_core::EncodeMode;
/// assert_eq!("html".parse::<EncodeMode>(), Ok(EncodeMode::Html));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum EncodeMode {
    /// Stop at the first unencodable code point.
    #[default]
    Fatal,
    /// The codec's replacement character.
    Replace,
    /// An HTML decimal numeric character reference.
    Html,
    /// A question mark, `?`.
    Url,
    /// Escaped bytes `U+DC00..=U+DCFF` back to raw bytes.
    Escape,
    /// Each unencodable code point is dropped: it adds nothing to the output.
    Ignore,
}

impl EncodeMode {
    /// Every encode mode.
    pub const ALL: &'static [EncodeMode] = &[
        EncodeMode::Fatal,
        EncodeMode::Replace,
        EncodeMode::Html,
        EncodeMode::Url,
        EncodeMode::Escape,
        EncodeMode::Ignore,
    ];

    /// Returns the mode's label (`fatal`, `replace`, `html`, `url`,
    /// `escape`, `ignore`), what it displays as and parses from.
    const fn as_str(self) -> &'static str {
        match self {
            EncodeMode::Fatal => "fatal",
            EncodeMode::Replace => "replace",
            EncodeMode::Html => "html",
            EncodeMode::Url => "url",
            EncodeMode::Escape => "escape",
            EncodeMode::Ignore => "ignore",
        }
    }
}

/// The error of parsing a mode from an unknown label.
///
/// # Examples
///
/// ```
/// assert!("lenient".parse::<codec_core::DecodeMode>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("unknown error mode")]
pub struct UnknownMode;

impl FromStr for DecodeMode {
    type Err = UnknownMode;

    /// Parses a label, ignoring ASCII case and surrounding ASCII whitespace.
    fn from_str(s: &str) -> Result<Self, UnknownMode> {
        let s = s.trim_matches(|c: char| c.is_ascii_whitespace());
        DecodeMode::ALL.iter().copied().find(|m| m.as_str().eq_ignore_ascii_case(s)).ok_or(UnknownMode)
    }
}

impl FromStr for EncodeMode {
    type Err = UnknownMode;

    /// Parses a label, ignoring ASCII case and surrounding ASCII whitespace.
    fn from_str(s: &str) -> Result<Self, UnknownMode> {
        let s = s.trim_matches(|c: char| c.is_ascii_whitespace());
        EncodeMode::ALL.iter().copied().find(|m| m.as_str().eq_ignore_ascii_case(s)).ok_or(UnknownMode)
    }
}

impl fmt::Display for DecodeMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Display for EncodeMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The WHATWG Encoding Standard's index-windows-1252 for pointers 0..=31
/// (bytes `0x80..=0x9F`); every other byte maps to the code point of its value.
/// The five bytes the index maps to C1 controls (`81 8D 8F 90 9D`) are as the
/// standard has them.
const WINDOWS_1252_80_9F: [u16; 32] = [
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, // 80..87
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F, // 88..8F
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, // 90..97
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178, // 98..9F
];

/// Returns the character the WHATWG windows-1252 decoder gives byte `b`.
pub(crate) const fn windows_1252(b: u8) -> CodePoint {
    if b >= 0x80 && b <= 0x9F {
        CodePoint::new(WINDOWS_1252_80_9F[(b - 0x80) as usize] as u32)
    } else {
        CodePoint::new(b as u32)
    }
}

/// The first code point of the escape range of [`DecodeMode::Escape`].
pub(crate) const ESCAPE_BASE: u32 = 0xDC00;

/// Returns the byte a code point escapes in UTF-8B escape mode, if it is one of
/// `U+DC00..=U+DCFF`.
pub(crate) const fn escaped_byte(cp: CodePoint) -> Option<u8> {
    let v = cp.to_u32();
    if v >= ESCAPE_BASE && v <= ESCAPE_BASE + 0xFF { Some((v - ESCAPE_BASE) as u8) } else { None }
}
