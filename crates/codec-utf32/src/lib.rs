//! UTF-32LE and UTF-32BE as the Unicode Standard defines them, and
//! WTF-32LE and WTF-32BE that keep surrogate code points as CPython's
//! `surrogatepass` error handler does.
//!
//! # The everyday tasks
//!
//! ```
//! use codec_utf32::{Decode, Encode, UTF_32LE, WTF_32LE};
//!
//! // Validate UTF-32LE bytes: where the valid part ends, and why.
//! let err = UTF_32LE.validate(b"h\0\0\0\0\xD8\0\0").unwrap_err();
//! assert_eq!((err.valid_up_to(), err.kind().as_str()), (4, "surrogate"));
//!
//! // Decode to a String, strictly or with U+FFFD (one per 4-byte unit).
//! assert_eq!(UTF_32LE.decode_to_string(b"h\0\0\0\xE9\0\0\0").unwrap(), "h\u{E9}");
//! assert_eq!(UTF_32LE.decode_to_string_lossy(b"h\0\0\0\0\0\x11\0i\0\0"), "h\u{FFFD}\u{FFFD}");
//!
//! // Text to UTF-32LE bytes and back, through UTF-16 code units too.
//! let bytes = UTF_32LE.encode_str("h\u{1F4A9}").unwrap();
//! assert_eq!(bytes, b"h\0\0\0\xA9\xF4\x01\0");
//! assert_eq!(UTF_32LE.decode_to_utf16(&bytes).unwrap(), [0x68, 0xD83D, 0xDCA9]);
//!
//! // A surrogate code point kept as it is: WTF-32 (CPython's surrogatepass).
//! assert_eq!(WTF_32LE.decode(b"\0\xDC\0\0").unwrap()[0].to_u32(), 0xDC00);
//! ```
//!
//! A byte order mark is the business of the UTF-32 encoding scheme, which
//! [`bom_order`] reads; the codecs themselves have a fixed byte order, and
//! read `00 00 FE FF` (UTF-32BE) or `FF FE 00 00` (UTF-32LE) as the
//! character U+FEFF, as the Standard says they must.
//!
//! # The specifications
//!
//! * **The UTF-32 encoding form**: the Unicode Standard (version 16.0,
//!   2024), chapter 3, §3.9 "Unicode Encoding Forms", definition D90: each
//!   Unicode scalar value is one 32-bit code unit of the same value; a code
//!   unit in `D800..DFFF` or above `10FFFF` is ill-formed.
//! * **UTF-32BE / UTF-32LE**: §3.10 "Unicode Encoding Schemes", the
//!   definitions of the UTF-32BE and UTF-32LE encoding schemes: the code
//!   units serialized as four bytes, most or least significant first; an
//!   initial `00 00 FE FF` (`FF FE 00 00`) is U+FEFF ZERO WIDTH NO-BREAK
//!   SPACE, not a byte order mark.
//! * **The UTF-32 encoding scheme** (either order, a BOM choosing it): not a
//!   codec here but [`bom_order`], and the `utf-32` label of the command-line
//!   tool (decision 0041).
//! * **WTF-32LE / WTF-32BE** (the project's names, after WTF-16): the same
//!   bytes, but a surrogate code unit `D800..DFFF` is the surrogate code
//!   point, as CPython's `utf-32-le` and `utf-32-be` codecs read and write it
//!   with the `surrogatepass` error handler; a lead and a trail stay two
//!   code points (UTF-32 has no pairs).
//!
//! # How it differs from UTF-8
//!
//! | | UTF-32LE | WTF-32LE | UTF-8 |
//! |---|---|---|---|
//! | U+0041 | `41 00 00 00` | `41 00 00 00` | `41` |
//! | U+1F4A9 | `A9 F4 01 00` | `A9 F4 01 00` | `F0 9F 92 A9` |
//! | bytes `00 D8 00 00` | error `surrogate` | U+D800 | (n/a) |
//! | bytes `00 00 11 00` (0x110000) | error `out_of_range` | error `out_of_range` | (n/a) |
//! | bytes `41 00 00` (a cut unit) | error `truncated` | error `truncated` | U+0041 U+0000 U+0000 |
//! | code point U+D800, encoded | error `surrogate` | `00 D8 00 00` | error `surrogate` |
//! | code points U+D800 U+DC00, encoded | error `surrogate` | `00 D8 00 00 00 DC 00 00` | error `surrogate` |
//!
//! # Variants
//!
//! One algorithm, two parameters (byte order, and whether surrogate code
//! units are code points): [`UTF_32LE`], [`UTF_32BE`], [`WTF_32LE`],
//! [`WTF_32BE`], each a [`Utf32`] and a [`Codec`].
//!
//! # Round trip
//!
//! ```
//! use codec_utf32::{CodePoint, Decode, DecodeMode, Encode};
//! use codec_utf32::{UTF_32BE, WTF_32BE};
//!
//! let bytes = UTF_32BE.encode_str("h\u{1F4A9}").unwrap();
//! assert_eq!(bytes, b"\0\0\0h\0\x01\xF4\xA9");
//! assert_eq!(UTF_32BE.decode(&bytes).unwrap(), [CodePoint::new(0x68), CodePoint::new(0x1F4A9)]);
//!
//! let lossy = UTF_32BE.decode_with(b"\0\0\xD8\0\0\0\0A\0\0", DecodeMode::Replace).unwrap();
//! assert_eq!(lossy, [CodePoint::REPLACEMENT, CodePoint::new(0x41), CodePoint::REPLACEMENT]);
//! let surrogates = [CodePoint::new(0xD800), CodePoint::new(0xDC00)];
//! assert_eq!(WTF_32BE.decode(&WTF_32BE.encode(&surrogates).unwrap()).unwrap(), surrogates);
//! ```
//!
//! # Errors
//!
//! Decoding: `surrogate` (a code unit `D800..DFFF`; UTF-32 only) and
//! `out_of_range` (a code unit above `10FFFF`), each four bytes long, so
//! that replace mode writes one U+FFFD per unit, as CPython and ICU do; and
//! `truncated` for one to three bytes at the end (no length: more bytes
//! could complete the unit), one U+FFFD in replace mode. Encoding:
//! `out_of_range` above U+10FFFF, `surrogate` for any surrogate (UTF-32).
//! Escape mode writes raw bytes only four at a time, a whole unit
//! ([`Encode::unit_len`], decision 0040), or at the very end.
//!
//! # Non-goals
//!
//! UCS-4's 31-bit range (ISO/IEC 10646 restricted UCS-4 to U+10FFFF long
//! ago; decision 0041), a codec for the byte-order-neutral UTF-32 encoding
//! scheme, and byte-order guessing without a BOM.
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;

// The core's vocabulary, re-exported so that a program needs this crate
// alone: the same list in every codec crate (`cargo xtask tidy` checks it),
// each item with its own documentation.
#[cfg(feature = "std")]
pub use codec_core::TranscodeReader;
pub use codec_core::{
    CodePoint, Codec, Decode, DecodeError, DecodeMode, Decoder, Encode, EncodeError, EncodeMode, EncodeStep, Encoder,
    ErrorKind, Status, Step, Transcoder,
};

mod decode;
mod encode;
mod kernels;

use alloc::vec::Vec;

use codec_core::{CodecInfo, Domain, FastJob, FastPaths, Progress, Surrogates};

/// A byte order.
///
/// # Examples
///
/// ```
/// assert_eq!(codec_utf32::UTF_32BE.endian(), codec_utf32::Endian::Big);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Endian {
    /// Least significant byte first (UTF-32LE).
    Little,
    /// Most significant byte first (UTF-32BE).
    Big,
}

impl Endian {
    /// The machine's own order, in which a code unit's bytes are a `u32`.
    const NATIVE: Endian = if cfg!(target_endian = "big") { Endian::Big } else { Endian::Little };
}

/// A UTF-32 byte codec: a byte order, and whether surrogate code units are
/// code points (WTF-32) or errors (UTF-32).
///
/// # Examples
///
/// ```
/// use codec_utf32::{Decode, ErrorKind};
/// let err = codec_utf32::UTF_32BE.validate(b"\0\0\0a\0\0\xDC\0").unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len(), err.kind()), (4, Some(4), ErrorKind::Surrogate));
/// assert!(codec_utf32::WTF_32BE.validate(b"\0\0\0a\0\0\xDC\0").is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Utf32 {
    endian: Endian,
    lossless: bool,
    info: &'static CodecInfo,
}

impl Utf32 {
    /// Returns the byte order.
    #[must_use]
    pub const fn endian(&self) -> Endian {
        self.endian
    }

    /// Returns true for WTF-32 (surrogate code units are code points).
    #[must_use]
    pub const fn keeps_surrogates(&self) -> bool {
        self.lossless
    }

    /// Reads the code unit at byte offset `at`, if four bytes are there.
    #[inline]
    fn unit(&self, input: &[u8], at: usize) -> Option<u32> {
        let quad: [u8; 4] = input.get(at..at + 4)?.try_into().ok()?;
        Some(match self.endian {
            Endian::Little => u32::from_le_bytes(quad),
            Endian::Big => u32::from_be_bytes(quad),
        })
    }

    /// The four bytes of a code unit in this byte order.
    #[inline]
    fn unit_bytes(&self, unit: u32) -> [u8; 4] {
        match self.endian {
            Endian::Little => unit.to_le_bytes(),
            Endian::Big => unit.to_be_bytes(),
        }
    }
}

const fn info(name: &'static str, aliases: &'static [&'static str], lossless: bool) -> CodecInfo {
    let little = matches!(name.as_bytes(), [.., b'l', b'e']);
    CodecInfo {
        name,
        aliases,
        domain: if lossless {
            Domain {
                summary: "U+0000..U+10FFFF, surrogates included",
                max: Some(0x10_FFFF),
                surrogates: Surrogates::All,
                excluded: &[],
            }
        } else {
            Domain {
                summary: "U+0000..U+10FFFF except surrogates",
                max: Some(0x10_FFFF),
                surrogates: Surrogates::None,
                excluded: &[],
            }
        },
        max_bytes_per_code_point: Some(4),
        description: match (lossless, little) {
            (false, true) => "UTF-32, little-endian (the Unicode Standard's UTF-32LE encoding scheme)",
            (false, false) => "UTF-32, big-endian (the Unicode Standard's UTF-32BE encoding scheme)",
            (true, true) => "UTF-32 with surrogate code points kept (CPython's surrogatepass), little-endian",
            (true, false) => "UTF-32 with surrogate code points kept (CPython's surrogatepass), big-endian",
        },
        version: env!("CARGO_PKG_VERSION"),
    }
}

// The labels (decision 0041): iconv's, Python's and ICU's spellings that a
// loose match of the name (case, `-`, `_` and `.` ignored) would not find.
// `utf-32` names UTF-32LE, the order glibc's iconv and CPython read without
// a BOM on this kind of machine (the command-line tool gives the label its
// BOM rule); `ucs-4` names UTF-32BE, as glibc's iconv reads it (big-endian,
// no BOM), without the 31-bit range.
static UTF_32LE_INFO: CodecInfo = info("utf-32le", &["utf-32", "ucs-4le", "utf32_littleendian"], false);
static UTF_32BE_INFO: CodecInfo =
    info("utf-32be", &["ucs-4", "ucs-4be", "iso-10646-ucs-4", "csucs4", "utf32_bigendian"], false);
static WTF_32LE_INFO: CodecInfo = info("wtf-32le", &["wtf32le"], true);
static WTF_32BE_INFO: CodecInfo = info("wtf-32be", &["wtf32be"], true);

/// UTF-32LE (the label "utf-32" names it too).
pub static UTF_32LE: Utf32 = Utf32 { endian: Endian::Little, lossless: false, info: &UTF_32LE_INFO };
/// UTF-32BE (the labels "ucs-4" and "ucs-4be" name it too).
pub static UTF_32BE: Utf32 = Utf32 { endian: Endian::Big, lossless: false, info: &UTF_32BE_INFO };
/// UTF-32 with surrogate code points kept, little-endian.
pub static WTF_32LE: Utf32 = Utf32 { endian: Endian::Little, lossless: true, info: &WTF_32LE_INFO };
/// UTF-32 with surrogate code points kept, big-endian.
pub static WTF_32BE: Utf32 = Utf32 { endian: Endian::Big, lossless: true, info: &WTF_32BE_INFO };

impl Decode for Utf32 {
    type Point = CodePoint;

    #[inline]
    fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
        decode::step(self, input)
    }

    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        Some(self)
    }

    /// The end of the last whole code unit: `input` starts at a unit
    /// boundary (a restart point), and a decoder of UTF-32 holds nothing
    /// back after any whole unit, whatever it was.
    fn restart_point(&self, input: &[u8]) -> Option<usize> {
        let end = input.len() & !3;
        (end > 0).then_some(end)
    }
}

impl Encode for Utf32 {
    type Point = CodePoint;

    fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
        encode::step(self, input, out)
    }

    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        Some(self)
    }

    /// Every code point is one code unit of its own value, whatever comes
    /// before or after it (WTF-32 too: UTF-32 has no surrogate pairs).
    fn is_context_free(&self) -> bool {
        true
    }

    /// A code unit is four bytes: escape mode writes no raw byte among them.
    fn unit_len(&self) -> usize {
        4
    }
}

/// The kernels (`kernels.rs`).
impl FastPaths for Utf32 {
    fn run(&self, job: FastJob<'_>) -> Progress {
        match job {
            FastJob::Validate(input) => (kernels::valid_prefix(self, input), 0).into(),
            FastJob::Decode(input, out) => kernels::decode(self, input, out).into(),
            FastJob::DecodeToUtf16(input, out) => kernels::decode_to_utf16(self, input, out).into(),
            // One code unit is one code point.
            FastJob::DecodeToUtf8(input, out) => {
                let (read, written) = kernels::decode_to_utf8(self, input, out);
                (read, written, read / 4).into()
            }
            FastJob::Encode(input, out) => kernels::encode(self, input, out).into(),
            FastJob::EncodeFromUtf16(input, out) | FastJob::EncodeFromValidUtf16(input, out) => {
                kernels::encode_from_utf16(self, input, out).into()
            }
            FastJob::EncodeFromStr(input, out) => kernels::encode_from_str(self, input, out).into(),
            // The lengths of the well-formed prefix (scalar values),
            // counted after the validator.
            FastJob::CountUtf16(input) => {
                let valid = &input[..kernels::valid_prefix(self, input)];
                (valid.len(), utfx_kernels::utf16_len_from_utf32_bytes(valid, self.endian() == Endian::Big)).into()
            }
            FastJob::CountUtf8(input) => {
                let valid = &input[..kernels::valid_prefix(self, input)];
                (valid.len(), utfx_kernels::utf8_len_from_utf32_bytes(valid, self.endian() == Endian::Big)).into()
            }
            FastJob::CountCodePoints(input) => {
                let n = kernels::valid_prefix(self, input);
                (n, n / 4).into()
            }
            _ => Progress::default(),
        }
    }

    /// Toward an encoder that takes UTF-8, the kernel writes it straight
    /// from the code units, in one pass.
    fn utf8_output(&self) -> bool {
        true
    }
}

impl Codec for Utf32 {
    fn info(&self) -> &'static CodecInfo {
        self.info
    }
}

// The Unicode Standard, §3.10, the UTF-32 encoding scheme: "An initial
// byte sequence <00 00 FE FF> indicates big-endian order, and an initial
// byte sequence <FF FE 00 00> indicates little-endian order. The BOM is not
// considered part of the content of the text."
/// Returns the byte order a UTF-32 byte order mark at the start of `bytes`
/// says (`00 00 FE FF` big-endian, `FF FE 00 00` little-endian), or `None`
/// without one; the mark is four bytes, and not part of the text.
///
/// Without a mark the Standard reads big-endian "in the absence of a
/// higher-level protocol", where glibc's iconv and CPython read the
/// machine's order: the choice is the caller's (decision 0041).
///
/// # Examples
///
/// ```
/// use codec_utf32::{bom_order, Decode, Endian, UTF_32BE, UTF_32LE};
/// let bytes = b"\xFF\xFE\0\0h\0\0\0";
/// let codec = match bom_order(bytes) {
///     Some(Endian::Big) => &UTF_32BE,
///     Some(Endian::Little) | None => &UTF_32LE,
/// };
/// let skip = if bom_order(bytes).is_some() { 4 } else { 0 };
/// assert_eq!(codec.decode_to_string(&bytes[skip..]).unwrap(), "h");
/// assert_eq!(bom_order(b"\xFF\xFEh\0"), None); // UTF-16LE's mark
/// ```
#[must_use]
pub fn bom_order(bytes: &[u8]) -> Option<Endian> {
    match bytes {
        [0x00, 0x00, 0xFE, 0xFF, ..] => Some(Endian::Big),
        [0xFF, 0xFE, 0x00, 0x00, ..] => Some(Endian::Little),
        _ => None,
    }
}
