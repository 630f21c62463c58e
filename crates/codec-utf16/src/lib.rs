//! UTF-16LE and UTF-16BE as the WHATWG Encoding Standard decodes and encodes
//! them, WTF-16LE and WTF-16BE that keep lone surrogates, and potentially
//! ill-formed UTF-16 at the code-unit level.
//!
//! # The everyday tasks
//!
//! ```
//! use codec_utf16::{Decode, Encode, UTF_16LE, WTF_16LE};
//!
//! // Validate UTF-16LE bytes: where the valid part ends, and why.
//! let err = UTF_16LE.validate(b"h\x00\x00\xDCi\x00").unwrap_err();
//! assert_eq!((err.valid_up_to(), err.kind().as_str()), (2, "unpaired_surrogate"));
//!
//! // Decode to a String, strictly or with U+FFFD.
//! assert_eq!(UTF_16LE.decode_to_string(b"h\x00\xE9\x00").unwrap(), "h\u{E9}");
//! assert_eq!(UTF_16LE.decode_to_string_lossy(b"h\x00\x00\xDC"), "h\u{FFFD}");
//!
//! // Text to UTF-16LE bytes and back.
//! let bytes = UTF_16LE.encode_str("h\u{1F4A9}").unwrap();
//! assert_eq!(bytes, b"h\x00\x3D\xD8\xA9\xDC");
//! assert_eq!(UTF_16LE.decode_to_utf16(&bytes).unwrap(), [0x68, 0xD83D, 0xDCA9]);
//!
//! // Ill-formed UTF-16 (a lone surrogate) kept as it is: WTF-16.
//! let units = [0x68, 0xDC00];
//! assert_eq!(WTF_16LE.decode_to_utf16(&WTF_16LE.encode_utf16(&units).unwrap()).unwrap(), units);
//! ```
//!
//! A byte order mark is read by [`decode_with_bom_sniffing`] (the Encoding
//! Standard's `decode`); the codecs themselves have a fixed byte order.
//!
//! A file of any size, streamed from one byte order to the other in bounded
//! memory, its BOM removed as `utfx convert -f utf-16le` removes it
//! (feature `std`; the same reader converts between any two codecs):
//!
//! ```
//! # #[cfg(feature = "std")] {
//! use std::io::Read;
//! use codec_utf16::{Bom, DecodeMode, EncodeMode, TranscodeReader, UTF_16BE, UTF_16LE};
//!
//! let file = &b"\xFF\xFEh\x00\xE9\x00"[..]; // any `std::io::Read`
//! let mut big_endian = Vec::new();
//! TranscodeReader::new(file, UTF_16LE, DecodeMode::Fatal, UTF_16BE, EncodeMode::Fatal)
//!     .with_bom_removal(Bom::Utf16Le)
//!     .read_to_end(&mut big_endian)?;
//! assert_eq!(big_endian, b"\x00h\x00\xE9");
//! # }
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! # The specifications
//!
//! * **UTF-16LE / UTF-16BE**: the Encoding Standard (W3C First Public Working
//!   Draft), §14.2 "Common infrastructure for utf-16be and utf-16le", §14.3
//!   and §14.4; BOM handling from §6 (`decode`). An odd byte at the end and a
//!   lone surrogate are errors; in replace mode each is one U+FFFD, and a
//!   lead surrogate followed by a unit that is not a trail surrogate is one
//!   U+FFFD for the lead, the next unit read again (the standard's "decrease
//!   byte pointer by two").
//! * **WTF-16LE / WTF-16BE** (the project's names): the same byte order, but
//!   the code points are those of *potentially ill-formed UTF-16* as the
//!   WTF-8 specification decodes it (§ "Potentially ill-formed UTF-16"): a
//!   lone surrogate is a code point, so any even-length byte string decodes
//!   and ill-formed UTF-16 files round-trip.
//! * **Code units**: [`units`] holds the WTF-8 specification's encoding and
//!   decoding of potentially ill-formed UTF-16, and strict UTF-16: the one
//!   place in the workspace that converts between code points and UTF-16
//!   code units (`codec-wtf8` uses it for its conversions).
//!
//! # How it differs from UTF-8
//!
//! | | UTF-16LE | WTF-16LE | UTF-8 |
//! |---|---|---|---|
//! | U+0041 | `41 00` | `41 00` | `41` |
//! | U+1F4A9 | `3D D8 A9 DC` | `3D D8 A9 DC` | `F0 9F 92 A9` |
//! | bytes `00 D8 41 00` | error `unpaired_surrogate`, then U+0041 | U+D800 U+0041 | (n/a) |
//! | bytes `00 DC` | error `unpaired_surrogate` | U+DC00 | (n/a) |
//! | bytes `41` (odd) | error `truncated` | error `truncated` | U+0041 |
//! | code point U+D800, encoded | error `surrogate` | `00 D8` | error `surrogate` |
//! | code points U+D800 U+DC00, encoded | error `surrogate` | error `surrogate_pair` | error `surrogate` |
//!
//! # Variants
//!
//! One algorithm, two parameters (byte order, and whether lone surrogates
//! are code points): [`UTF_16LE`], [`UTF_16BE`], [`WTF_16LE`], [`WTF_16BE`],
//! each a [`Utf16`] and a [`Codec`].
//!
//! # Round trip
//!
//! ```
//! use codec_utf16::{CodePoint, Decode, DecodeMode, Encode};
//! use codec_utf16::{UTF_16LE, WTF_16BE};
//!
//! let bytes = UTF_16LE.encode_str("h\u{1F4A9}").unwrap();
//! assert_eq!(bytes, b"h\x00\x3D\xD8\xA9\xDC");
//! assert_eq!(UTF_16LE.decode(&bytes).unwrap(), [CodePoint::new(0x68), CodePoint::new(0x1F4A9)]);
//!
//! let lossy = UTF_16LE.decode_with(b"\x00\xD8\x41\x00", DecodeMode::Replace).unwrap();
//! assert_eq!(lossy, [CodePoint::REPLACEMENT, CodePoint::new(0x41)]);
//! assert_eq!(WTF_16BE.decode(b"\xD8\x00").unwrap(), [CodePoint::new(0xD800)]);
//! ```
//!
//! # Errors
//!
//! Decoding: `unpaired_surrogate` (two bytes: a lone trail surrogate, or a
//! lead surrogate not followed by a trail; UTF-16 only) and `truncated` (an
//! odd byte, or a lead surrogate cut by the end of input; no length).
//! Encoding: `out_of_range` above U+10FFFF, `surrogate` for any surrogate
//! (UTF-16), `surrogate_pair` for a lead surrogate followed by a trail
//! surrogate (WTF-16, at the lead; replace mode writes U+FFFD for the lead
//! and keeps the trail, one of the two ways out the WTF-8 specification
//! names).
//!
//! # Non-goals
//!
//! UCS-2 as a separate codec, UTF-32, and byte-order detection beyond the
//! Encoding Standard's BOM table ([`decode_with_bom_sniffing`]).
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
// What this crate's API adds to it.
pub use codec_core::bom::Bom;

mod decode;
mod encode;
mod kernels;
pub mod units;

use alloc::string::String;
use alloc::vec::Vec;

use codec_core::bom::sniff_bom;
use codec_core::{CodecInfo, Domain, FastJob, FastPaths, Progress, Surrogates};

/// A byte order.
///
/// # Examples
///
/// ```
/// assert_eq!(codec_utf16::UTF_16BE.endian(), codec_utf16::Endian::Big);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Endian {
    /// Least significant byte first (UTF-16LE).
    Little,
    /// Most significant byte first (UTF-16BE).
    Big,
}

/// A UTF-16 byte codec: a byte order, and whether lone surrogates are code
/// points (WTF-16) or errors (UTF-16).
///
/// # Examples
///
/// ```
/// use codec_utf16::{Decode, ErrorKind};
/// let err = codec_utf16::UTF_16BE.validate(b"\x00a\xDC\x00").unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len(), err.kind()), (2, Some(2), ErrorKind::UnpairedSurrogate));
/// assert!(codec_utf16::WTF_16BE.validate(b"\x00a\xDC\x00").is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Utf16 {
    endian: Endian,
    lossless: bool,
    info: &'static CodecInfo,
}

impl Utf16 {
    /// Returns the byte order.
    #[must_use]
    pub const fn endian(&self) -> Endian {
        self.endian
    }

    /// Returns true for WTF-16 (lone surrogates are code points).
    #[must_use]
    pub const fn keeps_lone_surrogates(&self) -> bool {
        self.lossless
    }

    /// Reads the code unit at byte offset `at`, if two bytes are there.
    #[inline]
    fn unit(&self, input: &[u8], at: usize) -> Option<u16> {
        let pair = [*input.get(at)?, *input.get(at + 1)?];
        Some(match self.endian {
            Endian::Little => u16::from_le_bytes(pair),
            Endian::Big => u16::from_be_bytes(pair),
        })
    }

    // The Encoding Standard's "convert a code unit to bytes": byte1 = unit >> 8,
    // byte2 = unit & 0xFF; utf-16be emits byte1 then byte2, utf-16le the reverse.
    /// The two bytes of a code unit in this byte order.
    fn unit_bytes(&self, unit: u16) -> [u8; 2] {
        match self.endian {
            Endian::Little => unit.to_le_bytes(),
            Endian::Big => unit.to_be_bytes(),
        }
    }

    /// Appends the code units of a code point at most U+10FFFF.
    fn push(&self, cp: CodePoint, out: &mut Vec<u8>) {
        let (units, n) = units::units_of(cp);
        for &unit in &units[..n] {
            out.extend_from_slice(&self.unit_bytes(unit));
        }
    }

    /// Reads code units from bytes in this byte order; an odd last byte is
    /// returned apart.
    ///
    /// # Examples
    ///
    /// ```
    /// let (units, odd) = codec_utf16::UTF_16LE.units_from_bytes(b"a\x00\x3D\xD8!");
    /// assert_eq!((units, odd), (vec![0x61, 0xD83D], Some(b'!')));
    /// ```
    #[must_use]
    pub fn units_from_bytes(&self, bytes: &[u8]) -> (Vec<u16>, Option<u8>) {
        let units = (0..bytes.len() / 2).filter_map(|i| self.unit(bytes, 2 * i)).collect();
        let odd = if bytes.len() % 2 == 1 { bytes.last().copied() } else { None };
        (units, odd)
    }

    /// Writes code units as bytes in this byte order.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_utf16::UTF_16BE.bytes_from_units(&[0xD83D, 0xDCA9]), b"\xD8\x3D\xDC\xA9");
    /// ```
    #[must_use]
    pub fn bytes_from_units(&self, units: &[u16]) -> Vec<u8> {
        units.iter().flat_map(|&u| self.unit_bytes(u)).collect()
    }
}

const fn info(name: &'static str, aliases: &'static [&'static str], lossless: bool) -> CodecInfo {
    CodecInfo {
        name,
        aliases,
        domain: if lossless {
            Domain {
                summary: "U+0000..U+10FFFF, no lead surrogate followed by a trail surrogate",
                max: Some(0x10_FFFF),
                surrogates: Surrogates::Unpaired,
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
        description: match (lossless, name.as_bytes()) {
            (false, [.., b'l', b'e']) => "UTF-16, little-endian, decoding as the WHATWG Encoding Standard",
            (false, _) => "UTF-16, big-endian, decoding as the WHATWG Encoding Standard",
            (true, [.., b'l', b'e']) => "potentially ill-formed UTF-16 (lone surrogates kept), little-endian",
            (true, _) => "potentially ill-formed UTF-16 (lone surrogates kept), big-endian",
        },
        version: env!("CARGO_PKG_VERSION"),
    }
}

static UTF_16LE_INFO: CodecInfo = info("utf-16le", &["utf-16"], false);
static UTF_16BE_INFO: CodecInfo = info("utf-16be", &[], false);
static WTF_16LE_INFO: CodecInfo = info("wtf-16le", &["wtf16le"], true);
static WTF_16BE_INFO: CodecInfo = info("wtf-16be", &["wtf16be"], true);

/// UTF-16LE (the Encoding Standard's utf-16le; the label "utf-16" names it).
pub static UTF_16LE: Utf16 = Utf16 { endian: Endian::Little, lossless: false, info: &UTF_16LE_INFO };
/// UTF-16BE (the Encoding Standard's utf-16be).
pub static UTF_16BE: Utf16 = Utf16 { endian: Endian::Big, lossless: false, info: &UTF_16BE_INFO };
/// Potentially ill-formed UTF-16, little-endian: lone surrogates kept.
pub static WTF_16LE: Utf16 = Utf16 { endian: Endian::Little, lossless: true, info: &WTF_16LE_INFO };
/// Potentially ill-formed UTF-16, big-endian: lone surrogates kept.
pub static WTF_16BE: Utf16 = Utf16 { endian: Endian::Big, lossless: true, info: &WTF_16BE_INFO };

impl Decode for Utf16 {
    type Point = CodePoint;

    #[inline]
    fn decode_step(&self, input: &[u8], last: bool) -> Step<CodePoint> {
        decode::step(self, input, last)
    }

    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        Some(self)
    }

    /// The kernel over well-formed runs, and between errors less than 32
    /// units apart a unit at a time without the driver (lone surrogates
    /// every few units went at about 0.5x `String::from_utf16_lossy`
    /// through it).
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_utf16::{Decode, UTF_16LE};
    /// assert_eq!(UTF_16LE.decode_to_string_lossy(b"a\x00\x00\xD8b\x00"), "a\u{FFFD}b");
    /// ```
    fn decode_to_string_lossy(&self, input: &[u8]) -> String {
        decode::to_string_lossy(self, input)
    }

    /// The end of the last code unit, among the last sixteen, that is not a
    /// lead surrogate: after it nothing is held back, whether it ended a
    /// pair, was lone, or was any other unit. `input` starts at a unit
    /// boundary (a restart point), so units lie at even offsets.
    fn restart_point(&self, input: &[u8]) -> Option<usize> {
        let end = input.len() & !1;
        let from = end.saturating_sub(32);
        (from..end).step_by(2).rev().find_map(|at| {
            let unit = self.unit(input, at)?;
            (!(0xD800..0xDC00).contains(&unit)).then_some(at + 2)
        })
    }
}

impl Encode for Utf16 {
    type Point = CodePoint;

    fn encode_step(&self, input: &[CodePoint], last: bool, out: &mut Vec<u8>) -> EncodeStep {
        encode::step(self, input, last, out)
    }

    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        Some(self)
    }

    /// UTF-16 encodes each code point alone; WTF-16 looks at the next one
    /// (a lead surrogate before a trail surrogate would read back as a pair).
    fn is_context_free(&self) -> bool {
        !self.lossless
    }

    /// A code unit is two bytes: escape mode writes no raw byte among them.
    fn unit_len(&self) -> usize {
        2
    }
}

/// The byte-order kernels (`kernels.rs`).
impl FastPaths for Utf16 {
    fn run(&self, job: FastJob<'_>) -> Progress {
        match job {
            FastJob::Validate(input) => (kernels::valid_prefix(self, input), 0).into(),
            FastJob::Decode(input, out) => {
                let before = out.len();
                let read = decode::prefix(self, input, out);
                (read, out.len() - before).into()
            }
            FastJob::DecodeToUtf16(input, out) => kernels::decode_to_utf16(self, input, out).into(),
            // The kernel counts the code points as it converts: the units it
            // read less the surrogate pairs among them.
            FastJob::DecodeToUtf8(input, out) => kernels::decode_to_utf8(self, input, out).into(),
            FastJob::Encode(input, out) => {
                let before = out.len();
                let read = encode::prefix(self, input, out);
                (read, out.len() - before).into()
            }
            FastJob::EncodeFromUtf16(input, out) => kernels::encode_from_utf16(self, input, out).into(),
            FastJob::EncodeFromValidUtf16(input, out) => kernels::encode_from_valid_utf16(self, input, out).into(),
            FastJob::EncodeFromStr(input, out) => kernels::encode_from_str(self, input, out).into(),
            // The lengths of the well-formed prefix, counted after the
            // validator.
            FastJob::CountUtf16(input) => {
                let n = kernels::valid_prefix(self, input);
                (n, n / 2).into()
            }
            FastJob::CountUtf8(input) => {
                let valid = &input[..kernels::valid_prefix(self, input)];
                (valid.len(), utfx_kernels::utf8_len_from_utf16_bytes(valid, self.endian() == Endian::Big)).into()
            }
            FastJob::CountCodePoints(input) => {
                let valid = &input[..kernels::valid_prefix(self, input)];
                (valid.len(), utfx_kernels::count_code_points_utf16_bytes(valid, self.endian() == Endian::Big)).into()
            }
            _ => Progress::default(),
        }
    }

    /// Toward an encoder that takes UTF-8, the kernel converts as it
    /// validates, in one pass, instead of validating into the UTF-16 pivot
    /// and converting that.
    fn utf8_output(&self) -> bool {
        true
    }
}

impl Codec for Utf16 {
    fn info(&self) -> &'static CodecInfo {
        self.info
    }
}

/// The Encoding Standard's `decode` (§6) with UTF-16 as the fallback: a
/// UTF-16 BOM picks the byte order (and is stripped), else `fallback` is
/// used; the bytes are decoded in replace mode. A UTF-8 BOM is returned as
/// `Err` so that the caller can switch to UTF-8.
///
/// Returns the text and the byte order used. encoding_rs calls this
/// `Encoding::decode` ("with BOM sniffing").
///
/// # Errors
///
/// `Err(Bom::Utf8)` when the bytes start with `EF BB BF`.
///
/// # Examples
///
/// ```
/// use codec_utf16::{decode_with_bom_sniffing, Endian};
/// assert_eq!(decode_with_bom_sniffing(b"\xFE\xFF\x00h", Endian::Little), Ok(("h".into(), Endian::Big)));
/// let no_bom = decode_with_bom_sniffing(b"h\x00\x00\xD8", Endian::Little);
/// assert_eq!(no_bom, Ok(("h\u{FFFD}".into(), Endian::Little)));
/// assert!(decode_with_bom_sniffing(b"\xEF\xBB\xBFh", Endian::Big).is_err());
/// ```
pub fn decode_with_bom_sniffing(bytes: &[u8], fallback: Endian) -> Result<(String, Endian), Bom> {
    let (endian, rest) = match sniff_bom(bytes) {
        Some(Bom::Utf8) => return Err(Bom::Utf8),
        Some(Bom::Utf16Be) => (Endian::Big, &bytes[2..]),
        Some(Bom::Utf16Le) => (Endian::Little, &bytes[2..]),
        None => (fallback, bytes),
    };
    let codec = match endian {
        Endian::Little => &UTF_16LE,
        Endian::Big => &UTF_16BE,
    };
    // Replace mode, straight into the string: one U+FFFD per error item.
    let text = codec
        .items(rest)
        .map(|item| item.ok().and_then(|it| it.point).and_then(CodePoint::to_char))
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER));
    Ok((text.collect(), endian))
}
