//! The precursors of UTF-8, exactly as the history of UTF-8 tabulates
//! them: UTF-1 ([`UTF_1`]) and the July 1992 X/Open FSS-UTF proposal
//! ([`FSS_UTF_PROPOSAL_1992`]).
//!
//! # The everyday tasks
//!
//! ```
//! use codec_utf8_history::{Decode, Encode, FSS_UTF_PROPOSAL_1992, UTF_1};
//!
//! // Validate, and find where the valid part ends and why.
//! let err = UTF_1.validate(b"ok\xF6\x21\x0A").unwrap_err();
//! assert_eq!((err.valid_up_to(), err.kind().as_str()), (2, "missing_continuation"));
//! let err = FSS_UTF_PROPOSAL_1992.validate(b"ok\xF8").unwrap_err();
//! assert_eq!((err.valid_up_to(), err.kind().as_str()), (2, "invalid_lead"));
//!
//! // Text to bytes and back, strictly or with U+FFFD.
//! assert_eq!(UTF_1.encode_str("caf\u{E9}").unwrap(), b"caf\xA0\xE9");
//! assert_eq!(FSS_UTF_PROPOSAL_1992.encode_str("caf\u{E9}").unwrap(), b"caf\x80\xE9");
//! assert_eq!(UTF_1.decode_to_string(b"\xA1\x2F").unwrap(), "\u{10E}");
//! assert_eq!(FSS_UTF_PROPOSAL_1992.decode_to_string_lossy(b"a\xC0\x80b"), "a\u{FFFD}b");
//!
//! // To and from UTF-16 code units.
//! let units = UTF_1.decode_to_utf16(b"\xCB\xC2").unwrap();
//! assert_eq!(units, [0x20AC]);
//! assert_eq!(FSS_UTF_PROPOSAL_1992.encode_utf16(&units).unwrap(), b"\xC0\x80\xAC");
//! ```
//!
//! # The specifications
//!
//! The project's text is *UTF-8* (Wikipedia, revision of 2 December 2016),
//! section History, and its two tables there:
//!
//! * **UTF-1**, the annex of ISO/IEC 10646-1:1993 (annex G, "UCS
//!   Transformation Format 1"), "derived from a textual description in the
//!   annex": one byte for U+0000..U+009F, `A0` and the byte for
//!   U+00A0..U+00FF, then two, three or five bytes whose continuation bytes
//!   are the 190 bytes `21..7E` and `A0..FF` read as base-190 digits, up to
//!   U+7FFFFFFF.
//! * **The FSS-UTF proposal of July 1992** (Dave Prosser, Unix System
//!   Laboratories, to X/Open's XoJIG), "FSS-UTF proposal (1992)": one to
//!   five bytes, ASCII only as itself, every other byte `80..FF`, each row
//!   of the table offset by a bias (its first code point), up to
//!   U+7FFFFFFF. Not the FSS-UTF that X/Open adopted: that is Ken
//!   Thompson's design of September 1992, RFC 2279's UTF-8, which the
//!   registry names `utf-8-rfc2279` (alias `fss-utf`).
//!
//! Both tables are quoted in `tables.rs` above the constants that hold
//! them. The project's reading of them (which continuation byte is which
//! digit, the last rows past U+7FFFFFFF) is `docs/specs/utf-8-precursors.md`,
//! its choices `docs/decisions/0019-utf8-precursors.md`.
//!
//! # How they differ from UTF-8
//!
//! | code point | UTF-8 (RFC 2279) | UTF-1 | FSS-UTF proposal (1992) |
//! |---|---|---|---|
//! | U+0041 | `41` | `41` | `41` |
//! | U+0080 | `C2 80` | `80` | `80 80` |
//! | U+00E9 | `C3 A9` | `A0 E9` | `80 E9` |
//! | U+010E | `C4 8E` | `A1 2F` (a `/` byte inside) | `81 8E` |
//! | U+20AC | `E2 82 AC` | `CB C2` | `C0 80 AC` |
//! | U+D800 | `ED A0 80` | `F7 2F C4` | `C2 EF 80` |
//! | U+10FFFF | `F4 8F BF BF` | `FC 21 39 6E 6C` | `E0 A3 BE FF` |
//! | U+7FFFFFFF | `FD BF BF BF BF BF` | `FD BD 2B B9 40` | `F7 EF DF BE FF` |
//!
//! Neither is self-synchronizing. UTF-1's continuation bytes include the
//! printable ASCII `21..7E` (the "0x2F for '/'" problem the article names)
//! and its lead bytes `A0..FF`; the proposal keeps ASCII to itself, but
//! its continuation bytes `80..FF` are lead bytes too, so inside a run of
//! them no byte tells where a sequence starts. With the biases, every
//! code point has one form: no sequence is overlong.
//!
//! # Variants
//!
//! Two codecs, each a [`Codec`]: [`UTF_1`] (registry name `utf-1`) and
//! [`FSS_UTF_PROPOSAL_1992`] (`fss-utf-proposal-1992`). Both carry every
//! code point U+0000..U+7FFFFFFF, surrogates included: they predate
//! UTF-16 (1996) and give U+D800..U+DFFF no meaning of their own.
//!
//! # Round trip
//!
//! ```
//! use codec_utf8_history::{CodePoint, Decode, Encode, FSS_UTF_PROPOSAL_1992, UTF_1};
//!
//! let points = [0x41, 0xE9, 0xD800, 0x10_FFFF, 0x7FFF_FFFF].map(CodePoint::new);
//! let bytes = UTF_1.encode(&points).unwrap();
//! assert_eq!(bytes, b"\x41\xA0\xE9\xF7\x2F\xC4\xFC\x21\x39\x6E\x6C\xFD\xBD\x2B\xB9\x40");
//! assert_eq!(UTF_1.decode(&bytes).unwrap(), points);
//!
//! let bytes = FSS_UTF_PROPOSAL_1992.encode(&points).unwrap();
//! assert_eq!(bytes, b"\x41\x80\xE9\xC2\xEF\x80\xE0\xA3\xBE\xFF\xF7\xEF\xDF\xBE\xFF");
//! assert_eq!(FSS_UTF_PROPOSAL_1992.decode(&bytes).unwrap(), points);
//! ```
//!
//! # Errors
//!
//! Decoding, one maximal ill-formed subpart per error (the longest prefix
//! that some well-formed sequence starts with, or one byte):
//!
//! | bytes | UTF-1 | FSS-UTF proposal (1992) |
//! |---|---|---|
//! | a lead, then a byte that cannot continue it (UTF-1: outside `21..7E`, `A0..FF`, or outside `A0..FF` after `A0`; the proposal: `00..7F`) | `missing_continuation` | `missing_continuation` |
//! | beyond U+7FFFFFFF (UTF-1: `FE`, `FF`, `FD` then more than `BD 2B B9 40`; the proposal: `F7` then more than `EF DF BE FF`) | `out_of_range` | `out_of_range` |
//! | `F8..FF` | (none: `FC..FF` lead the five-byte row) | `invalid_lead` |
//! | the end of input inside a sequence | `truncated` (no length) | `truncated` (no length) |
//!
//! There is no `overlong` (every form is the only one of its code point)
//! and no `unexpected_continuation` (every byte but the proposal's
//! `F8..FF` may start a sequence). Encoding: a code point above
//! U+7FFFFFFF is `out_of_range`; every other one is encodable.
//!
//! # Restart points
//!
//! [`Decode::restart_point`] finds the points after which a decoder holds
//! nothing back, so that `utfx convert` can cut a long input there: after
//! any byte that is never part of a longer sequence, `00..20` and `7F..9F`
//! in UTF-1 (neither lead nor continuation bytes), ASCII in the proposal.
//! Text without such bytes (a run of continuation bytes) has none.
//!
//! # Non-goals
//!
//! Fast paths and kernels (these are historical encodings: the core's
//! driver over one sequence at a time); the five- and six-byte forms of
//! Thompson's FSS-UTF (RFC 2279 UTF-8 is `codec-utf8`'s); UTF-1's code
//! points above U+7FFFFFFF, which the table does not list.
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
mod tables;

use alloc::vec::Vec;

use codec_core::{CodecInfo, Domain, Surrogates};

/// The highest code point both codecs encode, U+7FFFFFFF (the last row of
/// each table).
///
/// # Examples
///
/// ```
/// use codec_utf8_history::{CodePoint, Encode, ErrorKind, MAX_CODE_POINT, UTF_1};
/// assert_eq!(UTF_1.encode(&[CodePoint::new(MAX_CODE_POINT)]).unwrap(), b"\xFD\xBD\x2B\xB9\x40");
/// let err = UTF_1.encode(&[CodePoint::new(MAX_CODE_POINT + 1)]).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::OutOfRange);
/// ```
pub const MAX_CODE_POINT: u32 = tables::MAX;

/// UTF-1, ISO/IEC 10646-1:1993 annex G: see the crate docs. Its value is
/// [`UTF_1`].
///
/// # Examples
///
/// ```
/// use codec_utf8_history::{CodePoint, Decode, UTF_1};
/// // The two-byte row: 85 leads A1..F5 times 190 digits from U+0100.
/// assert_eq!(UTF_1.decode(b"\xA1\x21\xF5\xFF").unwrap(), [CodePoint::new(0x100), CodePoint::new(0x4015)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Utf1;

/// UTF-1 (ISO/IEC 10646-1:1993 annex G): one, two, three or five bytes,
/// base-190 continuation bytes in `21..7E` and `A0..FF`, up to U+7FFFFFFF.
///
/// # Examples
///
/// ```
/// use codec_utf8_history::{CodePoint, Decode, Encode, UTF_1};
/// let bytes = UTF_1.encode(&[CodePoint::new(0x4016), CodePoint::new(0x38E2E)]).unwrap();
/// assert_eq!(bytes, b"\xF6\x21\x21\xFC\x21\x21\x21\x21");
/// assert_eq!(UTF_1.decode(&bytes).unwrap().len(), 2);
/// ```
pub static UTF_1: Utf1 = Utf1;

/// The FSS-UTF proposal of July 1992 (Dave Prosser, to X/Open): see the
/// crate docs. Its value is [`FSS_UTF_PROPOSAL_1992`].
///
/// # Examples
///
/// ```
/// use codec_utf8_history::{CodePoint, Decode, FSS_UTF_PROPOSAL_1992};
/// // `10xxxxxx 1xxxxxxx` plus the bias U+0080.
/// assert_eq!(FSS_UTF_PROPOSAL_1992.decode(b"\x80\x80").unwrap(), [CodePoint::new(0x80)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct FssUtfProposal1992;

/// The FSS-UTF proposal of July 1992: one to five bytes, ASCII as itself,
/// each longer form biased by its first code point, up to U+7FFFFFFF; not
/// self-synchronizing.
///
/// # Examples
///
/// ```
/// use codec_utf8_history::{CodePoint, Decode, Encode, FSS_UTF_PROPOSAL_1992};
/// let bytes = FSS_UTF_PROPOSAL_1992.encode(&[CodePoint::new(0x2080)]).unwrap();
/// assert_eq!(bytes, b"\xC0\x80\x80");
/// assert_eq!(FSS_UTF_PROPOSAL_1992.decode(b"\xBF\xFF").unwrap(), [CodePoint::new(0x207F)]);
/// ```
pub static FSS_UTF_PROPOSAL_1992: FssUtfProposal1992 = FssUtfProposal1992;

static UTF_1_INFO: CodecInfo = CodecInfo {
    name: "utf-1",
    aliases: &["utf1", "iso-10646-utf-1", "csiso10646utf1"],
    domain: Domain {
        summary: "U+0000..U+7FFFFFFF, surrogates included",
        max: Some(tables::MAX as u64),
        surrogates: Surrogates::All,
        excluded: &[],
    },
    max_bytes_per_code_point: Some(5),
    description: "UTF-1 (ISO 10646-1:1993 annex G): 1, 2, 3 or 5 bytes, base-190 continuation bytes in 21-7E and A0-FF",
    version: env!("CARGO_PKG_VERSION"),
};

static FSS_INFO: CodecInfo = CodecInfo {
    name: "fss-utf-proposal-1992",
    aliases: &["fss-utf-1992-proposal"],
    domain: Domain {
        summary: "U+0000..U+7FFFFFFF, surrogates included",
        max: Some(tables::MAX as u64),
        surrogates: Surrogates::All,
        excluded: &[],
    },
    max_bytes_per_code_point: Some(5),
    description: "The FSS-UTF proposal of July 1992 (X/Open, before Thompson's UTF-8): 1 to 5 bytes with biases, \
                  not self-synchronizing",
    version: env!("CARGO_PKG_VERSION"),
};

impl Decode for Utf1 {
    type Point = CodePoint;

    fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
        decode::utf1_step(input)
    }

    /// After the last byte `00..20` or `7F..9F` among the last 32.
    fn restart_point(&self, input: &[u8]) -> Option<usize> {
        decode::utf1_restart_point(input)
    }
}

impl Encode for Utf1 {
    type Point = CodePoint;

    fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
        encode::utf1_step(input, out)
    }

    /// Every code point is encoded alone.
    fn is_context_free(&self) -> bool {
        true
    }
}

impl Codec for Utf1 {
    fn info(&self) -> &'static CodecInfo {
        &UTF_1_INFO
    }
}

impl Decode for FssUtfProposal1992 {
    type Point = CodePoint;

    fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
        decode::fss_step(input)
    }

    /// After the last ASCII byte among the last 32.
    fn restart_point(&self, input: &[u8]) -> Option<usize> {
        decode::fss_restart_point(input)
    }
}

impl Encode for FssUtfProposal1992 {
    type Point = CodePoint;

    fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
        encode::fss_step(input, out)
    }

    /// Every code point is encoded alone.
    fn is_context_free(&self) -> bool {
        true
    }
}

impl Codec for FssUtfProposal1992 {
    fn info(&self) -> &'static CodecInfo {
        &FSS_INFO
    }
}
