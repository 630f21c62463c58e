//! Corrected UTF-8: UTF-8 with offsets instead of overlong forms, without
//! the C1 controls and the surrogates, up to U+8421109F, with reserved
//! `FE`/`FF` sequences, a magic number and document rules.
//!
//! # The everyday tasks
//!
//! ```
//! use codec_corrected_utf8::{Decode, Encode, CORRECTED_UTF_8};
//!
//! // Validate: where the valid part ends, and why.
//! let err = CORRECTED_UTF_8.validate(b"ok\x80").unwrap_err();
//! assert_eq!((err.valid_up_to(), err.kind().as_str()), (2, "unexpected_continuation"));
//!
//! // Text to Corrected UTF-8 and back, strictly or with U+FFFD.
//! let bytes = CORRECTED_UTF_8.encode_str("caf\u{E9}").unwrap();
//! assert_eq!(bytes, b"caf\xC1\x89"); // U+00E9 is 160 above C1 89's bits
//! assert_eq!(CORRECTED_UTF_8.decode_to_string(&bytes).unwrap(), "caf\u{E9}");
//! assert_eq!(CORRECTED_UTF_8.decode_to_string_lossy(b"a\x80b"), "a\u{FFFD}b");
//!
//! // To and from UTF-16 code units.
//! let units = CORRECTED_UTF_8.decode_to_utf16(&bytes).unwrap();
//! assert_eq!(units, [0x63, 0x61, 0x66, 0xE9]);
//! assert_eq!(CORRECTED_UTF_8.encode_utf16(&units).unwrap(), bytes);
//! ```
//!
//! # The specification
//!
//! *Corrected UTF-8* (Zack Weinberg, an undated web page; a proposal with
//! no other implementation), all of it: "Eliminating overlength encodings",
//! "Not encoding C1 controls or surrogates", "Removing the artificial upper
//! limit" (with the reserved `FE` and `FF` sequences), "Putting it all
//! together" (the table of byte sequences and offsets, the magic number) and
//! "Other legacy control characters" (the document rules). The project's
//! reading of every ambiguity is in `docs/specs/corrected-utf-8.md`, its
//! choices in `docs/decisions/0009-corrected-utf8.md`.
//!
//! Every sequence of two or more bytes has UTF-8's (RFC 2044's) bit layout
//! plus an offset, so every sequence of a valid shape is the one encoding of
//! one code point and no overlong form exists:
//!
//! | bytes | offset | code points |
//! |---|---|---|
//! | `00` … `7F` | 0 | U+0000 … U+007F |
//! | `C0 80` … `DF BF` | 160 | U+00A0 … U+089F |
//! | `E0 80 80` … `EC BD 9F` | 2 208 | U+08A0 … U+D7FF |
//! | `EC BD A0` … `EF BF BF` | 4 256 | U+E000 … U+1109F |
//! | `F0 80 80 80` … `F7 BF BF BF` | 69 792 | U+110A0 … U+21109F |
//! | `F8 80 80 80 80` … `FB BF BF BF BF` | 2 166 944 | U+2110A0 … U+421109F |
//! | `FC 80 80 80 80 80` … `FD BF BF BF BF BF` | 69 275 808 | U+42110A0 … U+8421109F |
//! | `FE`/`FF`, then continuation bytes | | reserved: no code point |
//!
//! # How it differs from UTF-8
//!
//! It equals UTF-8 (and ASCII) on ASCII only: every multi-byte value is
//! offset.
//!
//! | bytes | UTF-8 | Corrected UTF-8 |
//! |---|---|---|
//! | `41` | U+0041 | U+0041 |
//! | `C0 AF` | error `invalid_lead` (overlong `/`) | U+00CF |
//! | `C3 A9` | U+00E9 | U+0189 |
//! | `C2 80` | U+0080 (a C1 control) | U+00C0 |
//! | `ED A0 80` | error `surrogate` | U+E7A0 |
//! | `F4 90 80 80` | error `out_of_range` | U+1210A0 |
//! | `FD BF BF BF BF BF` | error `invalid_lead` | U+8421109F |
//! | `FE 80 80` | error `invalid_lead`, 3 × U+FFFD | one reserved item, `R+FE8080` |
//! | U+0085, U+D800, encoded | `C2 85`, error `surrogate` | error `unrepresentable` |
//!
//! # Variants
//!
//! * [`CORRECTED_UTF_8`] (`corrected-utf-8`): the specification.
//! * [`CORRECTED_UTF_8_C1`] (`corrected-utf-8-c1`), an explicit opt-in: the
//!   specification's suggestion that the C1 controls "can be mapped to some
//!   convenient private-use codepoints", as U+0080 + n ↔ the bytes of
//!   **U+10FF80 + n** (n = 0x00..0x1F; the last 32 code points of
//!   Supplementary Private Use Area-B but the two noncharacters, whose last
//!   two hex digits are the control's own). The C1 controls then decode and
//!   encode (U+0085 is `F3 BE BB A5`, the bytes of U+10FF85), and the 32
//!   private-use code points U+10FF80..U+10FF9F are unrepresentable instead,
//!   so that bytes and code points still map one to one. Both variants
//!   accept the same bytes.
//!
//! # Round trip
//!
//! ```
//! use codec_corrected_utf8::{CodePoint, Decode, Encode, CORRECTED_UTF_8};
//!
//! let text: Vec<CodePoint> = "Ï, \u{20AC}, \u{1F4A9}".chars().map(CodePoint::from).collect();
//! let bytes = CORRECTED_UTF_8.encode(&text).unwrap();
//! assert_eq!(&bytes[..2], b"\xC0\xAF"); // U+00CF, 160 above C0 AF's bits
//! assert_eq!(CORRECTED_UTF_8.decode(&bytes).unwrap(), text);
//! assert_eq!(CORRECTED_UTF_8.decode_to_string(&bytes).unwrap(), "Ï, \u{20AC}, \u{1F4A9}");
//! ```
//!
//! # Errors
//!
//! Decoding: a continuation byte where a sequence must start
//! (`unexpected_continuation`, one byte), a lead byte followed by too few
//! continuation bytes (`missing_continuation`, the lead and the continuation
//! bytes before the break), a sequence cut by the end of input
//! (`truncated`), and a reserved sequence longer than [`MAX_RESERVED_LEN`]
//! (`length_over_limit`). A reserved sequence is not an error: validation
//! accepts it and [`Decode::items`] yields it with no code point; decoding
//! into code points (or text, or another codec) treats it per error mode as
//! a `reserved` subpart: fatal stops, replace gives one U+FFFD, escape keeps
//! its bytes.
//!
//! Encoding: a C1 control or a surrogate is `unrepresentable`, a value
//! above U+8421109F `out_of_range`; the core's encode modes apply (U+FFFD
//! is encodable, as `EB BC BD`).
//!
//! # Documents
//!
//! [`MAGIC`], [`strip_magic`] and the document rules ([`Rules`], also
//! behind [`Codec::document`], which `utfx validate --document` uses; its
//! checker streams the findings in constant memory).
//!
//! # Non-goals
//!
//! The future extension the specification sketches (seven-byte `FE`
//! sequences, `FF` with a unary count running into the next byte): it
//! defines no code points yet, so such bytes are reserved items. Mapping
//! surrogates into private use (the specification mentions it but names no
//! mapping, and WTF-8 exists for that).
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
pub use codec_core::{DocumentRules, Finding, Level};

mod decode;
mod encode;
mod kernels;
mod magic;

use alloc::vec::Vec;

use codec_core::{CodecInfo, Domain, FastJob, FastPaths, Progress, Surrogates};

pub use decode::MAX_RESERVED_LEN;
pub use magic::{MAGIC, Rules, strip_magic};

/// The highest code point Corrected UTF-8 encodes, U+8421109F.
///
/// # Examples
///
/// ```
/// use codec_corrected_utf8::{CodePoint, Encode, CORRECTED_UTF_8, MAX_CODE_POINT};
/// assert_eq!(CORRECTED_UTF_8.encode(&[CodePoint::new(MAX_CODE_POINT)]).unwrap(), b"\xFD\xBF\xBF\xBF\xBF\xBF");
/// ```
pub const MAX_CODE_POINT: u32 = encode::MAX;

/// What a variant does with the C1 controls (U+0080..U+009F).
///
/// # Examples
///
/// ```
/// use codec_corrected_utf8::{C1, CORRECTED_UTF_8_C1};
/// assert_eq!(CORRECTED_UTF_8_C1.c1(), C1::PrivateUse);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum C1 {
    /// The specification: they cannot be encoded (`unrepresentable`).
    #[default]
    Unrepresentable,
    /// The opt-in: U+0080 + n travels as U+10FF80 + n, whose own encoding it
    /// takes; U+10FF80..U+10FF9F are unrepresentable instead.
    PrivateUse,
}

/// Where [`C1::PrivateUse`] carries U+0080: U+10FF80.
const C1_BASE: u32 = 0x10_FF00;

impl C1 {
    /// The code point a decoded value stands for.
    #[inline]
    fn decoded(self, v: u32) -> u32 {
        match self {
            C1::PrivateUse if (0x10_FF80..=0x10_FF9F).contains(&v) => v - C1_BASE,
            _ => v,
        }
    }

    /// The value whose bytes encode code point `v`, or why there is none.
    #[inline]
    fn encoded(self, v: u32) -> Result<u32, ErrorKind> {
        match self {
            C1::PrivateUse if (0x80..=0x9F).contains(&v) => Ok(v + C1_BASE),
            C1::PrivateUse if (0x10_FF80..=0x10_FF9F).contains(&v) => Err(ErrorKind::Unrepresentable),
            _ => Ok(v),
        }
    }
}

/// The Corrected UTF-8 codec: see the crate docs. Its values are
/// [`CORRECTED_UTF_8`] and [`CORRECTED_UTF_8_C1`].
///
/// # Examples
///
/// ```
/// use codec_corrected_utf8::{CodePoint, Decode, Encode, ErrorKind, CORRECTED_UTF_8};
/// assert_eq!(CORRECTED_UTF_8.decode(b"\xC0\xAF").unwrap(), [CodePoint::new(0xCF)]);
/// let err = CORRECTED_UTF_8.encode(&[CodePoint::new(0x85)]).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::Unrepresentable);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CorrectedUtf8 {
    c1: C1,
}

impl CorrectedUtf8 {
    /// Returns the codec with C1 controls handled as `c1` says.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_corrected_utf8::{CorrectedUtf8, C1, CORRECTED_UTF_8_C1};
    /// assert_eq!(CorrectedUtf8::new(C1::PrivateUse), CORRECTED_UTF_8_C1);
    /// ```
    #[must_use]
    pub const fn new(c1: C1) -> Self {
        CorrectedUtf8 { c1 }
    }

    /// Returns what this variant does with the C1 controls.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_corrected_utf8::{C1, CORRECTED_UTF_8};
    /// assert_eq!(CORRECTED_UTF_8.c1(), C1::Unrepresentable);
    /// ```
    #[must_use]
    pub const fn c1(&self) -> C1 {
        self.c1
    }
}

/// Corrected UTF-8, as specified: C1 controls and surrogates unencodable.
pub static CORRECTED_UTF_8: CorrectedUtf8 = CorrectedUtf8::new(C1::Unrepresentable);

/// Corrected UTF-8 with the C1 controls carried through U+10FF80..U+10FF9F
/// (an explicit opt-in; see the crate docs).
///
/// # Examples
///
/// ```
/// use codec_corrected_utf8::{CodePoint, Decode, Encode, CORRECTED_UTF_8, CORRECTED_UTF_8_C1};
/// let nel = [CodePoint::new(0x85)];
/// let bytes = CORRECTED_UTF_8_C1.encode(&nel).unwrap();
/// assert_eq!(CORRECTED_UTF_8_C1.decode(&bytes).unwrap(), nel);
/// assert_eq!(CORRECTED_UTF_8.decode(&bytes).unwrap(), [CodePoint::new(0x10FF85)]);
/// ```
pub static CORRECTED_UTF_8_C1: CorrectedUtf8 = CorrectedUtf8::new(C1::PrivateUse);

static INFO: CodecInfo = CodecInfo {
    name: "corrected-utf-8",
    aliases: &["corrected-utf8"],
    domain: Domain {
        summary: "U+0000..U+8421109F except C1 controls and surrogates",
        max: Some(encode::MAX as u64),
        surrogates: Surrogates::None,
        excluded: &[(0x80, 0x9F)],
    },
    max_bytes_per_code_point: Some(6),
    description: "Corrected UTF-8: offsets instead of overlong forms, no C1 controls or surrogates, up to U+8421109F",
    version: env!("CARGO_PKG_VERSION"),
};

static INFO_C1: CodecInfo = CodecInfo {
    name: "corrected-utf-8-c1",
    aliases: &["corrected-utf8-c1"],
    domain: Domain {
        summary: "U+0000..U+8421109F except surrogates and U+10FF80..U+10FF9F (which carry the C1 controls)",
        max: Some(encode::MAX as u64),
        surrogates: Surrogates::None,
        excluded: &[(0x10_FF80, 0x10_FF9F)],
    },
    max_bytes_per_code_point: Some(6),
    description: "Corrected UTF-8 with C1 controls carried as U+10FF80..U+10FF9F (opt-in)",
    version: env!("CARGO_PKG_VERSION"),
};

impl Decode for CorrectedUtf8 {
    type Point = CodePoint;

    fn decode_step(&self, input: &[u8], last: bool) -> Step<CodePoint> {
        decode::step(input, last, self.c1)
    }

    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        Some(self)
    }
}

impl Encode for CorrectedUtf8 {
    type Point = CodePoint;

    fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
        encode::step(input, out, self.c1)
    }

    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        Some(self)
    }
}

/// The ASCII and multi-byte kernels (`kernels.rs`).
impl FastPaths for CorrectedUtf8 {
    fn run(&self, job: FastJob<'_>) -> Progress {
        match job {
            FastJob::Validate(input) => (kernels::validate_prefix(input), 0).into(),
            FastJob::Decode(input, out) => {
                let before = out.len();
                let read = kernels::decode_prefix(input, self.c1, out);
                (read, out.len() - before).into()
            }
            FastJob::DecodeToUtf16(input, out) => kernels::decode_to_utf16(input, self.c1, out).into(),
            FastJob::DecodeToUtf8(input, out) => kernels::decode_to_utf8(input, self.c1, out).into(),
            FastJob::Encode(input, out) => {
                let before = out.len();
                let read = kernels::encode_prefix(input, self.c1, out);
                (read, out.len() - before).into()
            }
            FastJob::EncodeFromUtf16(input, out) | FastJob::EncodeFromValidUtf16(input, out) => {
                kernels::encode_from_utf16(input, self.c1, out).into()
            }
            FastJob::EncodeFromStr(input, out) => kernels::encode_from_str(input, self.c1, out).into(),
            _ => Progress::default(),
        }
    }
}

impl Codec for CorrectedUtf8 {
    fn info(&self) -> &'static CodecInfo {
        match self.c1 {
            C1::Unrepresentable => &INFO,
            C1::PrivateUse => &INFO_C1,
        }
    }

    /// The magic number and the rules of "Other legacy control characters"
    /// ([`Rules`]).
    fn document(&self) -> Option<&dyn DocumentRules> {
        Some(&Rules)
    }
}
