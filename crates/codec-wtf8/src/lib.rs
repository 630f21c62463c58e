//! WTF-8, the whole specification: the codec over arbitrary bytes, the
//! conversions to and from potentially ill-formed UTF-16 and UTF-8, the
//! concatenation that keeps strings well-formed, and the string types
//! [`Wtf8Buf`] and [`Wtf8`].
//!
//! # The everyday tasks
//!
//! ```
//! use codec_wtf8::{Decode, Wtf8, Wtf8Buf, WTF_8};
//!
//! // Validate WTF-8 bytes: where the valid part ends, and why.
//! let err = WTF_8.validate(b"a\xED\xA0\x80\xED\xB0\x80").unwrap_err();
//! assert_eq!((err.valid_up_to(), err.kind().as_str()), (1, "surrogate_pair"));
//!
//! // Potentially ill-formed UTF-16 (a Windows file name, a JavaScript string)
//! // to WTF-8 and back, losslessly.
//! let units = [0x61, 0xD800, 0x62];
//! let s = Wtf8Buf::from_wide(&units);
//! assert_eq!(s.as_bytes(), b"a\xED\xA0\x80b");
//! assert_eq!(s.encode_wide().collect::<Vec<u16>>(), units);
//!
//! // To a &str when it is UTF-8, else lossily.
//! assert_eq!(Wtf8::new("ok").to_str(), Ok("ok"));
//! assert_eq!(s.to_string_lossy(), "a\u{FFFD}b");
//! assert_eq!(WTF_8.decode_to_string_lossy(s.as_bytes()), "a\u{FFFD}b");
//! ```
//!
//! # The specification
//!
//! *The WTF-8 encoding* (Simon Sapin, Living Standard), all of it: Table 1
//! (surrogate byte sequences), "Potentially ill-formed UTF-16", "Generalized
//! UTF-8" (Tables 2 and 3), "The WTF-8 encoding" (encoding and decoding),
//! the conversions to and from UTF-16 and UTF-8, and concatenation. WTF-8 is
//! generalized UTF-8 (UTF-8 with surrogate code points allowed) in which a
//! surrogate pair byte sequence, a lead surrogate's three bytes followed by
//! a trail surrogate's, is ill-formed: that pair is written as the
//! supplementary code point's four bytes instead. It is meant for systems
//! that keep potentially ill-formed UTF-16 (JavaScript strings, Windows file
//! names) and must not be used for interchange.
//!
//! # How it differs from UTF-8
//!
//! | bytes | UTF-8 | WTF-8 |
//! |---|---|---|
//! | `ED A0 80` (lone U+D800) | error `surrogate`: three U+FFFD | U+D800 |
//! | `ED B0 80` (lone U+DC00) | error `surrogate`: three U+FFFD | U+DC00 |
//! | `ED A0 80 ED B0 80` (a pair) | six U+FFFD | error `surrogate_pair` at the lead: U+FFFD, U+DC00 |
//! | `F0 90 80 80` | U+10000 | U+10000 |
//! | code points U+D800 U+DC00, encoded | error `surrogate` | `F0 90 80 80` (joined) |
//!
//! Everything else (overlong forms, `F4 90..`, `F5..FF`, truncation) is
//! ill-formed exactly as in UTF-8, with the same maximal subparts.
//!
//! # The error model
//!
//! The specification defines decoding for well-formed input only. Here
//! decoding arbitrary bytes validates them: a surrogate pair byte sequence
//! is reported at its lead surrogate, as a three-byte subpart of kind
//! [`ErrorKind::SurrogatePair`]; decoding resumes at the trail
//! surrogate, which on its own is well-formed. So replace mode gives U+FFFD
//! and the trail surrogate, the escape mode round-trips the six bytes, and
//! every output of the decoder re-encodes to well-formed WTF-8. The reasons
//! are in `docs/decisions/0004-wtf8-error-model.md`.
//!
//! # Round trip
//!
//! ```
//! use codec_wtf8::{CodePoint, Decode, DecodeMode, Encode};
//! use codec_wtf8::{Wtf8Buf, WTF_8};
//!
//! // Potentially ill-formed UTF-16 to WTF-8 and back, losslessly.
//! let units = [0x61, 0xD83D, 0xDCA9, 0xD800];
//! let s = Wtf8Buf::from_wide(&units);
//! assert_eq!(s.as_bytes(), b"a\xF0\x9F\x92\xA9\xED\xA0\x80");
//! assert_eq!(s.encode_wide().collect::<Vec<u16>>(), units);
//!
//! // The codec: code points to bytes and back.
//! let points = WTF_8.decode(s.as_bytes()).unwrap();
//! assert_eq!(WTF_8.encode(&points).unwrap(), s.as_bytes());
//! let lossy = WTF_8.decode_with(b"\xED\xA0\x80\xED\xB0\x80", DecodeMode::Replace).unwrap();
//! assert_eq!(lossy, [CodePoint::REPLACEMENT, CodePoint::new(0xDC00)]);
//! ```
//!
//! # Errors
//!
//! Decoding errors are the core's [`DecodeError`]: the kinds of
//! generalized UTF-8 (`unexpected_continuation`, `overlong`, `out_of_range`,
//! `invalid_lead`, `missing_continuation`, `truncated`) plus
//! `surrogate_pair`. Encoding fails only above U+10FFFF (`out_of_range`): a
//! surrogate code point pair is joined, as the specification's encoder
//! does.
//!
//! # Non-goals
//!
//! WTF-8 as an interchange encoding (the specification forbids it: it has no
//! encoding label), and UTF-16 byte order (see `codec-utf16`).
//!
//! # Built on
//!
//! The specification defines WTF-8 as generalized UTF-8 plus a rule, and
//! its conversions over potentially ill-formed UTF-16; so this crate uses
//! `codec-utf8`'s automaton (`codec_utf8::automaton`) and `codec-utf16`'s
//! code-unit algorithms (`codec_utf16::units`), and adds only Table 1 and
//! the pair rule.
#![no_std]
#![deny(missing_docs)]
#![deny(unsafe_code)]

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
mod string;
pub mod surrogate;

use alloc::vec::Vec;

use codec_core::{CodecInfo, Domain, FastJob, FastPaths, Progress, Surrogates};
use codec_utf8::GENERALIZED_UTF_8;

pub use string::{BoundaryError, CodePointIndices, CodePoints, EncodeWide, FromBytesError, Wtf8, Wtf8Buf, concat};

/// The WTF-8 codec: see the crate docs. Its one value is [`WTF_8`].
///
/// # Examples
///
/// ```
/// use codec_wtf8::{Decode, ErrorKind};
/// let err = codec_wtf8::WTF_8.validate(b"ok\xED\xA0\x80\xED\xB0\x80").unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len(), err.kind()), (2, Some(3), ErrorKind::SurrogatePair));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Wtf8Codec;

/// WTF-8.
pub static WTF_8: Wtf8Codec = Wtf8Codec;

static INFO: CodecInfo = CodecInfo {
    name: "wtf-8",
    aliases: &["wtf8"],
    domain: Domain {
        summary: "U+0000..U+10FFFF, no lead surrogate followed by a trail surrogate",
        max: Some(0x10_FFFF),
        surrogates: Surrogates::Unpaired,
        excluded: &[],
    },
    max_bytes_per_code_point: Some(4),
    description: "WTF-8: generalized UTF-8 without surrogate pairs, for potentially ill-formed UTF-16",
    version: env!("CARGO_PKG_VERSION"),
};

impl Decode for Wtf8Codec {
    type Point = CodePoint;

    #[inline]
    fn decode_step(&self, input: &[u8], last: bool) -> Step<CodePoint> {
        decode::step(input, last)
    }

    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        Some(self)
    }
}

impl Encode for Wtf8Codec {
    type Point = CodePoint;

    fn encode_step(&self, input: &[CodePoint], last: bool, out: &mut Vec<u8>) -> EncodeStep {
        encode::step(input, last, out)
    }

    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        Some(self)
    }
}

/// UTF-8's kernels (`codec_utf8::kernels`), which stop before a lone
/// surrogate, whose joining the step decides.
impl FastPaths for Wtf8Codec {
    fn run(&self, job: FastJob<'_>) -> Progress {
        match job {
            // The kernels crate's validator with generalized UTF-8's tables
            // and the pair rule (`surrogate::TABLES`), so that lone
            // surrogates do not end the skip; it stops before a surrogate
            // pair byte sequence, and before a lead surrogate that the bytes
            // to come decide.
            FastJob::Validate(input) => (utfx_kernels::valid_prefix(input, &surrogate::TABLES), 0).into(),
            // Every other job is generalized UTF-8's: its kernels work on
            // strict UTF-8 and stop before the surrogate forms, where the
            // pair rule is the decoder's and the encoder's.
            job => GENERALIZED_UTF_8.run(job),
        }
    }

    /// Well-formed UTF-8 is copied as it is.
    fn utf8_output(&self) -> bool {
        GENERALIZED_UTF_8.utf8_output()
    }

    /// Every scalar value is written as its UTF-8.
    fn utf8_input(&self) -> bool {
        GENERALIZED_UTF_8.utf8_input()
    }
}

impl Codec for Wtf8Codec {
    fn info(&self) -> &'static CodecInfo {
        &INFO
    }
}
