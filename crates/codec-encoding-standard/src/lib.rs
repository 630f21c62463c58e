//! The WHATWG Encoding Standard's legacy encodings as utfx codecs: every
//! single-byte encoding, x-user-defined, gbk, gb18030, big5, euc-jp,
//! shift_jis and euc-kr, iso-2022-jp (with state between characters) and
//! `replacement`, each through encoding_rs (Firefox's implementation of
//! the Standard, with its indexes); and the 2014 draft's hz-gb-2312, which
//! today's Standard dropped, by the name `hz-gb-2312-2014`.
//!
//! # The everyday tasks
//!
//! ```
//! use codec_encoding_standard::{Decode, DecodeMode, Encode, EncodeMode, SHIFT_JIS, WINDOWS_1252};
//!
//! // windows-1252 (the labels `latin1`, `iso-8859-1` and `ascii` name it too).
//! assert_eq!(WINDOWS_1252.decode_to_string(b"caf\xE9 \x80").unwrap(), "caf\u{E9} \u{20AC}");
//!
//! // Validate shift_jis: where the valid part ends, and why.
//! let err = SHIFT_JIS.validate(b"\x82\xA0\x82\x41").unwrap_err();
//! assert_eq!((err.valid_up_to(), err.error_len(), err.kind().as_str()), (2, Some(1), "missing_continuation"));
//!
//! // Text to shift_jis and back; what it cannot encode as HTML references.
//! let bytes = SHIFT_JIS.encode_str("\u{3042}!").unwrap();
//! assert_eq!(bytes, b"\x82\xA0!");
//! assert_eq!(SHIFT_JIS.decode_to_string(&bytes).unwrap(), "\u{3042}!");
//! let points: Vec<_> = "\u{E9}".chars().map(Into::into).collect();
//! assert_eq!(SHIFT_JIS.encode_with(&points, EncodeMode::Html).unwrap(), b"&#233;");
//! assert_eq!(SHIFT_JIS.decode_to_string_lossy(b"\x82"), "\u{FFFD}");
//! # let _ = DecodeMode::Replace;
//! ```
//!
//! [`for_label`] finds an encoding by any label of the Standard's table
//! among the [`StandardEncoding`]s; iso-2022-jp ([`ISO_2022_JP`]) and
//! `replacement` ([`REPLACEMENT`]) are codecs of their own types.
//!
//! ```
//! use codec_encoding_standard::{Decode, Encode, ISO_2022_JP};
//! // iso-2022-jp: escape sequences choose the set; the decoder keeps it from
//! // chunk to chunk, the encoder writes them and goes back to ASCII.
//! let bytes = ISO_2022_JP.encode_str("\u{3042}!").unwrap();
//! assert_eq!(bytes, b"\x1B$B$\"\x1B(B!");
//! assert_eq!(ISO_2022_JP.decode_to_string(&bytes).unwrap(), "\u{3042}!");
//! ```
//!
//! # The specification
//!
//! The Encoding Standard (W3C First Public Working Draft, 2014, and the
//! WHATWG Living Standard it tracks): §4 "Names and labels" (the table of
//! labels: [`for_label`]), §9 "Legacy single-byte encodings", §10 "Legacy
//! multi-byte Chinese (simplified) encodings" (gbk, gb18030, and the
//! draft's hz-gb-2312 in §10.2), §11 (big5), §12 (euc-jp, iso-2022-jp,
//! shift_jis), §13 (euc-kr), §14.1 (replacement), §14.5 (x-user-defined).
//! This crate follows today's Standard, as encoding_rs does: `gbk` is an
//! encoding of its own (the 2014 draft made it a label of gb18030), and
//! hz-gb-2312 is a label of `replacement`; the draft's hz-gb-2312 decoder
//! and encoder are [`HZ_GB_2312_2014`], unsafe for the Web (decisions 0020
//! and 0030 list the differences).
//!
//! # How it differs from UTF-8
//!
//! | | windows-1252 | shift_jis | gb18030 | UTF-8 |
//! |---|---|---|---|---|
//! | U+0041 | `41` | `41` | `41` | `41` |
//! | U+00E9 | `E9` | unmappable | `81 30 87 33` | `C3 A9` |
//! | U+20AC | `80` | unmappable | `A2 E3` | `E2 82 AC` |
//! | U+3042 | unmappable | `82 A0` | `A4 A2` | `E3 81 82` |
//! | bytes `82 41` | U+201A U+0041 | error (1 byte), then U+0041 | U+4E8A | error, U+0041 |
//!
//! # Variants
//!
//! One codec type, [`StandardEncoding`], one `static` per encoding that
//! keeps no state between characters, over encoding_rs's `Encoding`
//! ([`ALL`] lists them); [`Iso2022Jp`], [`Replacement`] and
//! [`HzGb2312Draft`], a type each.
//!
//! # Round trip
//!
//! ```
//! use codec_encoding_standard::{CodePoint, Decode, Encode, EUC_KR};
//!
//! let bytes = EUC_KR.encode_str("\u{AC00}a").unwrap();
//! assert_eq!(bytes, b"\xB0\xA1a");
//! assert_eq!(EUC_KR.decode(&bytes).unwrap(), [CodePoint::new(0xAC00), CodePoint::new(0x61)]);
//! ```
//!
//! # Errors
//!
//! Decoding, with the offsets and lengths encoding_rs reports (one error
//! per U+FFFD its replacing decoder writes): `invalid_lead` (a byte that
//! starts no sequence, or a single-byte encoding's unmapped byte; one
//! byte), `missing_continuation` (a lead byte cut by a byte that cannot
//! follow it; one byte, the next read again as the Standard "prepends"
//! it), `unrepresentable` (a whole sequence whose pointer the index leaves
//! null: two bytes, four for gb18030's four-byte ranges), `truncated` (a
//! sequence cut by the end of input); iso-2022-jp's `empty_shift` (an
//! escape sequence followed at once by another, the Standard's output
//! flag). Big5's four byte pairs `88 62`, `88 64`, `88 A3`, `88 A5` are
//! no error: two code points each (U+00CA U+0304, U+00CA U+030C, U+00EA
//! U+0304, U+00EA U+030C), the core's `Step::Pair`.
//!
//! Encoding: `unrepresentable` for a scalar value the encoding does not
//! map, `surrogate` and `out_of_range` for what is no scalar value.
//!
//! What decides an error, in the Standard's terms (the index and pointer,
//! or the range a byte is outside of, by today's decoder steps), is
//! `Codec::explain`'s (`explain_unencodable` for the encoders); and
//! `Codec::probes` names the inputs each decoder's structure singles out
//! (its lead and trail ranges' edges, its index rows and unmapped
//! pointers, its escape sequences), from which `codec-test` generates
//! vectors (decision 0038):
//!
//! ```
//! use codec_encoding_standard::{Codec, Decode, SHIFT_JIS};
//! let bytes = b"\x81\xAD";
//! let error = SHIFT_JIS.validate(bytes).unwrap_err();
//! let mut why = String::new();
//! SHIFT_JIS.explain(bytes, &error, &mut why).unwrap();
//! assert_eq!(why, "pointer 108 of index jis0208 (81 AD) is null");
//! assert!(SHIFT_JIS.probes().iter().any(|(name, _)| name == "row 81 of index jis0208: its first pointer, 0 (81 40)"));
//! ```
//!
//! # Non-goals
//!
//! The Standard's BOM-sniffing `decode` (§6) and a TextDecoder-like API
//! (`codec-registry`'s `whatwg` module has them, decision 0024); fast paths
//! for iso-2022-jp and hz (their steps run fresh encoding_rs coders per
//! character); restart points for them (they have none).
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
mod explain;
mod fast;
mod hz;
mod iso2022jp;
mod replacement;
mod structure;
mod table;

pub use hz::{HZ_GB_2312_2014, HzGb2312Draft};
pub use iso2022jp::{ISO_2022_JP, Iso2022Jp};
pub use replacement::{REPLACEMENT, Replacement};
pub use table::*;

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use codec_core::{CodecInfo, FastJob, FastPaths, Progress};

/// One encoding of the Encoding Standard as a codec: encoding_rs's
/// `Encoding` and the codec's name and labels.
///
/// # Examples
///
/// ```
/// use codec_encoding_standard::{Codec, Decode, CodePoint, KOI8_R};
/// assert_eq!(KOI8_R.info().name, "koi8-r");
/// assert_eq!(KOI8_R.decode(b"\xC1").unwrap(), [CodePoint::new(0x430)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StandardEncoding {
    encoding: &'static encoding_rs::Encoding,
    info: &'static CodecInfo,
}

impl StandardEncoding {
    /// Returns encoding_rs's `Encoding`, for what this crate does not wrap
    /// (its own buffer APIs, its BOM sniffing).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_encoding_standard::BIG5.encoding().name(), "Big5");
    /// ```
    #[must_use]
    pub fn encoding(&self) -> &'static encoding_rs::Encoding {
        self.encoding
    }

    /// Returns true for a single-byte encoding (§9, and x-user-defined).
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_encoding_standard::{GBK, X_USER_DEFINED};
    /// assert!(X_USER_DEFINED.is_single_byte() && !GBK.is_single_byte());
    /// ```
    #[must_use]
    pub fn is_single_byte(&self) -> bool {
        self.encoding.is_single_byte() || self.encoding == encoding_rs::X_USER_DEFINED
    }
}

/// Finds the encoding a label names, as the Standard's "get an encoding"
/// does (ASCII whitespace around it trimmed, ASCII case ignored), among
/// this crate's [`StandardEncoding`]s: `None` for a label of utf-8,
/// utf-16le and utf-16be (which other utfx crates implement), of
/// iso-2022-jp and of replacement (codecs of their own types here,
/// [`ISO_2022_JP`] and [`REPLACEMENT`]), and for an unknown label.
///
/// # Examples
///
/// ```
/// use codec_encoding_standard::{for_label, WINDOWS_1252, SHIFT_JIS};
/// assert_eq!(for_label(" Latin1\n"), Some(&WINDOWS_1252));
/// assert_eq!(for_label("sjis"), Some(&SHIFT_JIS));
/// assert_eq!(for_label("utf-8"), None);
/// ```
#[must_use]
pub fn for_label(label: &str) -> Option<&'static StandardEncoding> {
    let encoding = encoding_rs::Encoding::for_label_no_replacement(label.as_bytes())?;
    ALL.iter().copied().find(|e| e.encoding == encoding)
}

impl Decode for StandardEncoding {
    type Point = CodePoint;

    fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
        decode::step(self.encoding, input)
    }

    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        Some(self)
    }

    /// The encoder writes one form per code point; a sequence that
    /// decodes to a code point the encoder writes otherwise (shift_jis's
    /// duplicates of the NEC and IBM extensions, big5's HKSCS pointers,
    /// euc-jp's JIS X 0212, gb18030's `80`) is not it, and escape mode
    /// keeps its bytes.
    fn is_canonical(&self, form: &[u8]) -> bool {
        let Step::Point { point, .. } = decode::step(self.encoding, form) else { return false };
        let mut bytes = Vec::new();
        matches!(encode::step(self.encoding, &[point], &mut bytes), EncodeStep::Done(_)) && bytes == form
    }

    /// A single-byte encoding restarts after any byte; the multi-byte ones
    /// after a byte below `30`, which no lead byte takes (their trail bytes
    /// start at `30`, gb18030's four-byte digits, or above): the pending
    /// lead is an error and the byte itself a character.
    fn restart_point(&self, input: &[u8]) -> Option<usize> {
        if self.is_single_byte() {
            return (!input.is_empty()).then_some(input.len());
        }
        let from = input.len().saturating_sub(64);
        input[from..].iter().rposition(|&b| b < 0x30).map(|at| from + at + 1)
    }
}

impl Encode for StandardEncoding {
    type Point = CodePoint;

    fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
        encode::step(self.encoding, input, out)
    }

    fn is_context_free(&self) -> bool {
        true
    }

    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        Some(self)
    }
}

/// encoding_rs's buffer-to-buffer decoders and encoders, each job up to
/// where a step must decide (`fast.rs`).
impl FastPaths for StandardEncoding {
    fn run(&self, job: FastJob<'_>) -> Progress {
        fast::run(self.encoding, self.is_single_byte(), job)
    }

    /// Decoding to UTF-8 and to UTF-16 stop at the same places, so the
    /// `Transcoder` writes UTF-8 straight from encoding_rs's decoder.
    fn utf8_output(&self) -> bool {
        true
    }

    /// The single-byte encodings and euc-kr decode every code point from
    /// one form only (a test reads every sequence of one and two bytes);
    /// gbk, gb18030, big5, euc-jp and shift_jis have several forms of some
    /// code points, which escape mode keeps byte by byte: it leaves their
    /// fast paths out.
    fn canonical_only(&self) -> bool {
        self.is_single_byte() || self.encoding == encoding_rs::EUC_KR
    }
}

impl Codec for StandardEncoding {
    fn info(&self) -> &'static CodecInfo {
        self.info
    }

    /// Its lead and trail ranges' edges, every row of its indexes (first
    /// and last pointer, and each run of unmapped pointers), gb18030's
    /// four-byte ranges, the bytes each decoder puts back (`structure.rs`).
    fn probes(&self) -> Vec<(String, Vec<u8>)> {
        structure::standard(self.encoding, self.info.name)
    }

    /// The index and pointer, or the range a byte is outside of, that
    /// the Standard's decoder returns the error for (`explain.rs`).
    fn explain(&self, input: &[u8], error: &DecodeError, out: &mut dyn fmt::Write) -> fmt::Result {
        explain::standard(structure::family(self.encoding, self.info.name), input, error, out)
    }

    /// The index the encoder found no pointer in.
    fn explain_unencodable(&self, point: CodePoint, out: &mut dyn fmt::Write) -> fmt::Result {
        explain::unencodable(structure::family(self.encoding, self.info.name), point, out)
    }
}
