//! The Encoding Standard's `replacement` encoding (§14.1 of the 2014
//! draft; today's Standard keeps it, with more labels): it exists so that
//! content labelled with an encoding a browser must not decode (ISO-2022-KR,
//! ISO-2022-CN, HZ) decodes to one U+FFFD and nothing more.

use alloc::vec::Vec;

use codec_core::{CodePoint, CodecInfo, Domain, EncodeStep, ErrorKind, Step, Surrogates};

/// The Encoding Standard's `replacement` encoding: its decoder reads one
/// error from any input that is not empty and nothing after it; its
/// encoder is UTF-8's (encoding_rs's `REPLACEMENT.output_encoding()`).
///
/// Labels (today's table): `replacement`, `csiso2022kr`, `hz-gb-2312`,
/// `iso-2022-cn`, `iso-2022-cn-ext`, `iso-2022-kr`. The 2014 draft's
/// hz-gb-2312 decoder is [`crate::HZ_GB_2312_2014`], not found by the
/// label.
///
/// # Examples
///
/// ```
/// use codec_encoding_standard::{Decode, Encode, REPLACEMENT};
/// assert_eq!(REPLACEMENT.decode_to_string_lossy(b"~{<:~}"), "\u{FFFD}");
/// assert_eq!(REPLACEMENT.decode_to_string_lossy(b""), "");
/// let err = REPLACEMENT.validate(b"abc").unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len()), (0, Some(1)));
/// assert_eq!(REPLACEMENT.encode_str("\u{E9}").unwrap(), "\u{E9}".as_bytes());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Replacement;

/// The Encoding Standard's `replacement` encoding ([`Replacement`]).
///
/// # Examples
///
/// ```
/// use codec_encoding_standard::{Codec, REPLACEMENT};
/// assert!(REPLACEMENT.info().matches("ISO-2022-KR"));
/// ```
pub static REPLACEMENT: Replacement = Replacement;

static INFO: CodecInfo = CodecInfo {
    name: "replacement",
    aliases: &["csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext", "iso-2022-kr"],
    // Nothing survives its decoder.
    domain: Domain {
        summary: "none: any input decodes to one U+FFFD (its encoder is UTF-8's)",
        max: Some(0),
        surrogates: Surrogates::None,
        excluded: &[(0, 0)],
    },
    max_bytes_per_code_point: Some(4),
    description: "the Encoding Standard's replacement: one U+FFFD for any input, UTF-8 to encode",
    version: env!("CARGO_PKG_VERSION"),
};

/// Whether the decoder has read its error (the state's one value).
const ERROR_RETURNED: u32 = 1;

impl codec_core::Decode for Replacement {
    type Point = CodePoint;

    fn decode_step(&self, input: &[u8], last: bool) -> Step<CodePoint> {
        self.decode_step_in(&mut 0, input, last)
    }

    // Today's Standard, the replacement decoder: "1. If byte is
    // end-of-queue, return finished. 2. If replacement error returned is
    // false, set it to true and return error. 3. Return finished." The
    // error is the first byte (as encoding_rs reports it); the bytes after
    // it are never read, each here a shift that changes nothing and writes
    // nothing (one byte a step, so that every step is the same whatever
    // follows it).
    fn decode_step_in(&self, state: &mut u32, _input: &[u8], _last: bool) -> Step<CodePoint> {
        if *state == ERROR_RETURNED {
            return Step::Shift { len: 1 };
        }
        *state = ERROR_RETURNED;
        Step::Invalid { kind: ErrorKind::InvalidLead, len: 1 }
    }
}

impl codec_core::Encode for Replacement {
    type Point = CodePoint;

    // "The replacement encoder is the utf-8 encoder" (the 2014 draft); today
    // its output encoding is UTF-8, which encoding_rs's
    // `REPLACEMENT.output_encoding()` says.
    fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
        crate::encode::step(encoding_rs::REPLACEMENT.output_encoding(), input, out)
    }

    fn is_context_free(&self) -> bool {
        true
    }
}

impl codec_core::Codec for Replacement {
    fn info(&self) -> &'static CodecInfo {
        &INFO
    }

    /// No input, one byte, several.
    fn probes(&self) -> Vec<(alloc::string::String, Vec<u8>)> {
        crate::structure::replacement()
    }

    /// Its one error.
    fn explain(
        &self,
        _input: &[u8],
        _error: &codec_core::DecodeError,
        out: &mut dyn core::fmt::Write,
    ) -> core::fmt::Result {
        crate::explain::replacement(out)
    }
}
