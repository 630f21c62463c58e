//! ISO-8859-1 as iconv, CPython and ICU read it (each byte the code point
//! of its value) and 7-bit US-ASCII.
//!
//! # The everyday tasks
//!
//! ```
//! use codec_latin1::{Decode, Encode, ISO_8859_1, US_ASCII};
//!
//! // Every byte is Latin-1: 80..9F are the C1 controls U+0080..U+009F.
//! assert_eq!(ISO_8859_1.decode_to_string(b"caf\xE9 \x80").unwrap(), "caf\u{E9} \u{80}");
//! assert_eq!(ISO_8859_1.encode_str("caf\u{E9}").unwrap(), b"caf\xE9");
//! let err = ISO_8859_1.encode_str("\u{20AC}").unwrap_err();
//! assert_eq!((err.index(), err.kind().as_str()), (0, "unrepresentable"));
//!
//! // ASCII stops at the first byte (or code point) past 7 bits.
//! assert_eq!(US_ASCII.validate(b"caf\xE9").unwrap_err().valid_up_to(), 3);
//! assert_eq!(US_ASCII.encode_str("caf\u{E9}").unwrap_err().index(), 3);
//! assert_eq!(US_ASCII.decode_to_string_lossy(b"caf\xE9"), "caf\u{FFFD}");
//! ```
//!
//! # The specifications
//!
//! * **ISO/IEC 8859-1:1998**, "8-bit single-byte coded graphic character
//!   sets, Part 1: Latin alphabet No. 1": the graphic characters of
//!   `20..7E` (ISO/IEC 646's IRV, ASCII's) and `A0..FF`, each the code
//!   point of the same value in ISO/IEC 10646; with the control sets of
//!   ISO/IEC 6429 in `00..1F`, `7F` and `80..9F`, as the IANA registration
//!   of the charset `ISO-8859-1` (RFC 1345) has them, so that every byte is
//!   the code point U+0000..U+00FF of its value. iconv, CPython's `latin-1`
//!   and ICU's `ISO-8859-1` read it so.
//! * **ANSI X3.4-1986** (US-ASCII, RFC 20): the 128 code points
//!   U+0000..U+007F, one byte each, `00..7F`.
//!
//! The Encoding Standard gives the labels `latin1`, `iso-8859-1`, `ascii`
//! and `us-ascii` to its windows-1252 (decision 0020), whose `80..9F` are
//! `€ ‚ ƒ „ …` and others: that is `codec-encoding-standard`'s, for the
//! Web; these are the codecs the labels name elsewhere (decision 0043).
//!
//! # How it differs from UTF-8
//!
//! | | ISO-8859-1 | US-ASCII | UTF-8 |
//! |---|---|---|---|
//! | U+0041 | `41` | `41` | `41` |
//! | U+00E9 | `E9` | error `unrepresentable` | `C3 A9` |
//! | U+20AC | error `unrepresentable` | error `unrepresentable` | `E2 82 AC` |
//! | bytes `E9` | U+00E9 | error `invalid_lead` | error `missing_continuation` (or `truncated` at the end) |
//! | bytes `80` | U+0080 | error `invalid_lead` | error `unexpected_continuation` |
//!
//! # Variants
//!
//! [`ISO_8859_1`] and [`US_ASCII`], each a [`Latin1`] and a [`Codec`]: one
//! byte is one code point, up to U+00FF or U+007F.
//!
//! # Round trip
//!
//! ```
//! use codec_latin1::{CodePoint, Decode, Encode, ISO_8859_1};
//! let bytes: Vec<u8> = (0..=0xFF).collect();
//! let points = ISO_8859_1.decode(&bytes).unwrap();
//! assert_eq!(points[0x80], CodePoint::new(0x80));
//! assert_eq!(ISO_8859_1.encode(&points).unwrap(), bytes);
//! ```
//!
//! # Errors
//!
//! Decoding: none for ISO-8859-1; `invalid_lead` for a US-ASCII byte at or
//! above `80`, one byte long. Encoding: `unrepresentable` for a code point
//! above U+00FF (U+007F), `surrogate` for a surrogate (as the Encoding
//! Standard's codecs say).
//!
//! # Non-goals
//!
//! The other parts of ISO/IEC 8859 (the Encoding Standard's single-byte
//! encodings are in `codec-encoding-standard`), ISO/IEC 646's national
//! variants, and 8-bit "extended ASCII".
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

mod kernels;

use alloc::vec::Vec;

use codec_core::{CodecInfo, Domain, FastJob, FastPaths, Progress, Surrogates};

/// ISO-8859-1 or US-ASCII: one byte per code point, up to [`Latin1::max`].
///
/// # Examples
///
/// ```
/// use codec_latin1::{ISO_8859_1, US_ASCII};
/// assert_eq!((ISO_8859_1.max(), US_ASCII.max()), (0xFF, 0x7F));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Latin1 {
    max: u8,
    info: &'static CodecInfo,
}

impl Latin1 {
    /// Returns the largest byte, and code point, of the codec: `FF`
    /// (ISO-8859-1) or `7F` (US-ASCII).
    #[must_use]
    pub const fn max(&self) -> u8 {
        self.max
    }
}

// The labels (decision 0043): iconv's and IANA's names of each, which
// `codec-registry` finds before the Encoding Standard's windows-1252 gives
// them its own meaning.
static ISO_8859_1_INFO: CodecInfo = CodecInfo {
    name: "iso-8859-1",
    aliases: &[
        "iso_8859-1",
        "iso_8859-1:1987",
        "iso-ir-100",
        "latin1",
        "latin-1",
        "l1",
        "cp819",
        "ibm819",
        "csisolatin1",
        "iso8859-1",
        "iso88591",
        "8859",
    ],
    domain: Domain { summary: "U+0000..U+00FF", max: Some(0xFF), surrogates: Surrogates::None, excluded: &[] },
    max_bytes_per_code_point: Some(1),
    description: "ISO-8859-1 as iconv and Python read it: each byte is the code point of its value (80..9F the C1 controls)",
    version: env!("CARGO_PKG_VERSION"),
};

static US_ASCII_INFO: CodecInfo = CodecInfo {
    name: "us-ascii",
    aliases: &[
        "ascii",
        "ansi_x3.4-1968",
        "ansi_x3.4-1986",
        "iso646-us",
        "iso-ir-6",
        "us",
        "ibm367",
        "cp367",
        "csascii",
    ],
    domain: Domain { summary: "U+0000..U+007F", max: Some(0x7F), surrogates: Surrogates::None, excluded: &[] },
    max_bytes_per_code_point: Some(1),
    description: "US-ASCII (ANSI X3.4): 00..7F, a byte at or above 80 an error",
    version: env!("CARGO_PKG_VERSION"),
};

/// ISO-8859-1: each byte is the code point U+0000..U+00FF of its value.
pub static ISO_8859_1: Latin1 = Latin1 { max: 0xFF, info: &ISO_8859_1_INFO };
/// US-ASCII: the bytes `00..7F`, each the code point of its value.
pub static US_ASCII: Latin1 = Latin1 { max: 0x7F, info: &US_ASCII_INFO };

// ISO/IEC 8859-1 with ISO/IEC 6429's control sets (IANA's ISO-8859-1),
// and ANSI X3.4:
//
//   byte b in 00..=max  ->  the code point U+00bb
//   byte b above max    ->  an error of one byte (US-ASCII only)
impl Decode for Latin1 {
    type Point = CodePoint;

    #[inline]
    fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
        match input[0] {
            b if b <= self.max => Step::Point { point: CodePoint::new(u32::from(b)), len: 1 },
            _ => Step::Invalid { kind: ErrorKind::InvalidLead, len: 1 },
        }
    }

    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        Some(self)
    }

    /// Every byte ends a sequence: nothing is ever held back.
    fn restart_point(&self, input: &[u8]) -> Option<usize> {
        (!input.is_empty()).then_some(input.len())
    }
}

//   code point U+0000..=max  ->  the byte of its value
//   a surrogate              ->  surrogate
//   any other                ->  unrepresentable
impl Encode for Latin1 {
    type Point = CodePoint;

    #[inline]
    fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
        match u8::try_from(input[0].to_u32()) {
            Ok(b) if b <= self.max => {
                out.push(b);
                EncodeStep::Done(1)
            }
            // As the Encoding Standard's encoders say of a surrogate.
            _ if input[0].is_surrogate() => EncodeStep::Invalid(ErrorKind::Surrogate),
            _ => EncodeStep::Invalid(ErrorKind::Unrepresentable),
        }
    }

    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        Some(self)
    }

    /// Each code point is its one byte, whatever comes before or after.
    fn is_context_free(&self) -> bool {
        true
    }
}

/// The kernels (`kernels.rs`): `utfx-kernels`' Latin-1 conversions,
/// encoding_rs's ASCII copies and the family's ASCII scan.
impl FastPaths for Latin1 {
    fn run(&self, job: FastJob<'_>) -> Progress {
        let ascii = self.max == 0x7F;
        match job {
            FastJob::Validate(input) => (kernels::valid_prefix(ascii, input), 0).into(),
            FastJob::Decode(input, out) => kernels::decode(ascii, input, out).into(),
            FastJob::DecodeToUtf16(input, out) => kernels::decode_to_utf16(ascii, input, out).into(),
            FastJob::DecodeToUtf8(input, out) => kernels::decode_to_utf8(ascii, input, out).into(),
            FastJob::Encode(input, out) => kernels::encode(self.max, input, out).into(),
            FastJob::EncodeFromUtf16(input, out) | FastJob::EncodeFromValidUtf16(input, out) => {
                kernels::encode_from_utf16(ascii, input, out).into()
            }
            FastJob::EncodeFromStr(input, out) => kernels::encode_from_str(ascii, input, out).into(),
            // A code point and a UTF-16 unit per byte; UTF-8 bytes counted
            // (ASCII's are its bytes).
            FastJob::CountUtf16(input) | FastJob::CountCodePoints(input) => {
                let n = kernels::valid_prefix(ascii, input);
                (n, n).into()
            }
            FastJob::CountUtf8(input) => {
                let valid = &input[..kernels::valid_prefix(ascii, input)];
                (valid.len(), if ascii { valid.len() } else { utfx_kernels::utf8_len_from_latin1(valid) }).into()
            }
            _ => Progress::default(),
        }
    }

    /// The UTF-8 kernel takes what the UTF-16 one does, in one pass.
    fn utf8_output(&self) -> bool {
        true
    }
}

impl Codec for Latin1 {
    fn info(&self) -> &'static CodecInfo {
        self.info
    }
}
