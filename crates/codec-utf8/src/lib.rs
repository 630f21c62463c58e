//! UTF-8 as RFC 3629 and the WHATWG Encoding Standard define it, generalized
//! UTF-8, and the original 31-bit UTF-8 of RFC 2279, exact and fast.
//!
//! # The everyday tasks
//!
//! ```
//! use codec_utf8::{Decode, Encode, UTF_8};
//!
//! // Validate, and find where the valid part ends and why.
//! let err = UTF_8.validate(b"caf\xC3\xA9 \xC0\x80").unwrap_err();
//! assert_eq!((err.valid_up_to(), err.kind().as_str()), (6, "overlong"));
//!
//! // Decode: borrow a &str, or one U+FFFD per maximal ill-formed subpart.
//! assert_eq!(codec_utf8::to_str(b"caf\xC3\xA9"), Ok("caf\u{E9}"));
//! assert_eq!(codec_utf8::to_str_lossy(b"a\xF0\x9Fb"), "a\u{FFFD}b");
//! assert_eq!(UTF_8.decode_to_string_lossy(b"a\xFFb"), "a\u{FFFD}b");
//!
//! // To and from UTF-16 code units.
//! let units = UTF_8.decode_to_utf16("\u{E9}\u{1F4A9}".as_bytes()).unwrap();
//! assert_eq!(units, [0xE9, 0xD83D, 0xDCA9]);
//! assert_eq!(UTF_8.encode_utf16(&units).unwrap(), "\u{E9}\u{1F4A9}".as_bytes());
//! ```
//!
//! [`to_str`] agrees with [`core::str::from_utf8`] on every input and its
//! lossy form with the WHATWG decoder; a leading byte order mark is the
//! business of [`decode_with_bom_removal`] and [`decode_with_bom_sniffing`]
//! (the Encoding Standard's "utf-8 decode" and `decode`).
//!
//! # The specifications
//!
//! * **UTF-8**: RFC 3629 (November 2003), §3 and §4, equal to the Unicode
//!   Standard's Table 3-7; the decoder is the WHATWG Encoding Standard's utf-8
//!   decoder (§8.1): in replace mode, one U+FFFD per maximal ill-formed
//!   subpart, the offending byte re-examined as the start of the next
//!   sequence. Scalar values only, shortest form only, one to four bytes.
//! * **Generalized UTF-8**: the WTF-8 specification's "Generalized UTF-8"
//!   (Tables 2 and 3): the same algorithm over every code point
//!   U+0000..U+10FFFF, surrogates included.
//! * **UTF-8 of RFC 2279** (January 1998, FSS-UTF of 1993): code points up to
//!   U+7FFFFFFF in one to six bytes, surrogates allowed, shortest form only;
//!   `FE` and `FF` never appear.
//!
//! # How the variants differ
//!
//! | bytes | UTF-8 | generalized UTF-8 | RFC 2279 |
//! |---|---|---|---|
//! | `C0 80` | error: overlong (`C0`), then unexpected continuation | same | same |
//! | `ED A0 80` | error: surrogate (`ED`), then two unexpected continuations | U+D800 | U+D800 |
//! | `F4 90 80 80` | error: out of range (`F4`), then three continuations | same as UTF-8 | U+110000 |
//! | `F8 88 80 80 80` | error: out of range (`F8`), then four continuations | same as UTF-8 | U+200000 |
//! | `FE` | error: invalid lead | invalid lead | invalid lead |
//!
//! Each error is one maximal subpart: in replace mode `C0 80` gives two
//! U+FFFD, `ED A0 80` three, as the WHATWG decoder does.
//!
//! # Variants
//!
//! One algorithm with parameters ([`Variant`]): [`UTF_8`],
//! [`GENERALIZED_UTF_8`] and [`UTF_8_RFC2279`] are [`Utf8`] values, each a
//! [`Codec`].
//!
//! # Round trip
//!
//! ```
//! use codec_utf8::{CodePoint, Decode, DecodeMode, Encode};
//! use codec_utf8::{GENERALIZED_UTF_8, UTF_8};
//!
//! let points = UTF_8.decode("h\u{E9}".as_bytes()).unwrap();
//! assert_eq!(UTF_8.encode(&points).unwrap(), "h\u{E9}".as_bytes());
//!
//! let lossy = UTF_8.decode_with(b"a\xED\xA0\x80b", DecodeMode::Replace).unwrap();
//! assert_eq!(lossy.len(), 5); // a, three U+FFFD, b
//! assert_eq!(GENERALIZED_UTF_8.decode(b"\xED\xA0\x80").unwrap(), [CodePoint::new(0xD800)]);
//! ```
//!
//! # Errors
//!
//! Errors are the core's [`DecodeError`], which agrees with
//! [`core::str::from_utf8`] on `valid_up_to` and `error_len` for UTF-8. Kinds:
//!
//! | bytes | kind |
//! |---|---|
//! | `80..BF` where a sequence starts | `unexpected_continuation` |
//! | `C0`, `C1`; `E0 80..9F`; `F0 80..8F`; (RFC 2279) `F8 80..87`, `FC 80..83` | `overlong` |
//! | `ED A0..BF` (UTF-8 only) | `surrogate` |
//! | `F4 90..BF`, `F5..FD` (UTF-8, generalized) | `out_of_range` |
//! | `FE`, `FF` | `invalid_lead` |
//! | a lead and its tail cut by a byte that cannot continue it | `missing_continuation` |
//! | the end of input inside a sequence | `truncated` (no length) |
//!
//! Encoding errors: a surrogate (UTF-8 only) is `surrogate`; a code point
//! beyond the variant's maximum is `out_of_range`.
//!
//! # Non-goals
//!
//! Legacy encodings, normalization, and BOM handling beyond the Encoding
//! Standard's `decode` and "utf-8 decode" ([`decode_with_bom_sniffing`],
//! [`decode_with_bom_removal`]).
//!
//! # The automaton
//!
//! [`automaton`] is the algorithm itself, public for the codecs whose
//! specifications build on UTF-8 (WTF-8 is generalized UTF-8 plus a rule;
//! CESU-8 and Modified UTF-8 are UTF-8 without four-byte forms plus a pair
//! rule; UTF-∞-8 extends RFC 2279): a [`automaton::Grammar`]
//! (open to new rules, see its docs), one decoding step, one encoding step,
//! the bit distribution, and the fast skip over strict UTF-8.
//!
//! # Fast paths
//!
//! Validation and decoding skip well-formed UTF-8 with `simdutf8`, in
//! growing windows so that the work stays proportional to what is consumed
//! (where the kernels run on 512-bit vectors, with their own validator, in
//! one pass whose work is proportional to what it consumes already);
//! generalized and RFC 2279 UTF-8 use the same skip (UTF-8 is a subset of
//! both) and fall back to the automaton where the input leaves strict UTF-8.
//! `codec_core::reference` runs without them; the tests compare the two.
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

pub mod automaton;
pub mod kernels;

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use automaton::Grammar;
use codec_core::{CodecInfo, Domain, FastJob, FastPaths, Progress, Surrogates};

/// Which of the three UTF-8 algorithms a [`Utf8`] runs.
///
/// # Examples
///
/// ```
/// use codec_utf8::{Variant, UTF_8_RFC2279};
/// assert_eq!(UTF_8_RFC2279.variant(), Variant::Rfc2279);
/// assert_eq!(Variant::Rfc2279.max(), 0x7FFF_FFFF);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// RFC 3629 / Unicode: scalar values, one to four bytes.
    Utf8,
    /// Generalized UTF-8: every code point to U+10FFFF, surrogates included.
    Generalized,
    /// RFC 2279: every code point to U+7FFFFFFF, one to six bytes.
    Rfc2279,
}

impl Variant {
    /// Returns the largest code point of the variant.
    #[must_use]
    pub const fn max(self) -> u32 {
        self.grammar().max()
    }

    /// Returns the automaton's parameters for the variant.
    #[must_use]
    pub const fn grammar(self) -> Grammar {
        match self {
            Variant::Utf8 => Grammar::UTF_8,
            Variant::Generalized => Grammar::GENERALIZED,
            Variant::Rfc2279 => Grammar::RFC_2279,
        }
    }
}

/// A UTF-8 codec: one [`Variant`] of the algorithm.
///
/// # Examples
///
/// ```
/// use codec_utf8::{Decode, ErrorKind};
/// let err = codec_utf8::UTF_8.validate(b"ok\xF4\x90\x80\x80").unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len(), err.kind()), (2, Some(1), ErrorKind::OutOfRange));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Utf8 {
    variant: Variant,
    info: &'static CodecInfo,
}

impl Utf8 {
    /// Returns the variant.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }
}

/// UTF-8 (RFC 3629; the WHATWG utf-8 decoder in replace mode).
pub static UTF_8: Utf8 = Utf8 { variant: Variant::Utf8, info: &UTF_8_INFO };
/// Generalized UTF-8 (the WTF-8 spec's Table 3): surrogates allowed.
pub static GENERALIZED_UTF_8: Utf8 = Utf8 { variant: Variant::Generalized, info: &GENERALIZED_INFO };
/// UTF-8 as RFC 2279 defines it: up to U+7FFFFFFF in six bytes.
pub static UTF_8_RFC2279: Utf8 = Utf8 { variant: Variant::Rfc2279, info: &RFC2279_INFO };

static UTF_8_INFO: CodecInfo = CodecInfo {
    name: "utf-8",
    aliases: &["unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf8", "x-unicode20utf8"],
    domain: Domain {
        summary: "U+0000..U+10FFFF except surrogates",
        max: Some(0x10_FFFF),
        surrogates: Surrogates::None,
        excluded: &[],
    },
    max_bytes_per_code_point: Some(4),
    description: "UTF-8 (RFC 3629), decoding as the WHATWG Encoding Standard",
    version: env!("CARGO_PKG_VERSION"),
};

static GENERALIZED_INFO: CodecInfo = CodecInfo {
    name: "generalized-utf-8",
    aliases: &["utf-8-generalized"],
    domain: Domain { summary: "U+0000..U+10FFFF", max: Some(0x10_FFFF), surrogates: Surrogates::All, excluded: &[] },
    max_bytes_per_code_point: Some(4),
    description: "generalized UTF-8 (WTF-8 spec): UTF-8 with surrogates allowed",
    version: env!("CARGO_PKG_VERSION"),
};

static RFC2279_INFO: CodecInfo = CodecInfo {
    name: "utf-8-rfc2279",
    aliases: &["fss-utf", "utf-8-31bit", "rfc2279"],
    domain: Domain {
        summary: "U+0000..U+7FFFFFFF",
        max: Some(0x7FFF_FFFF),
        surrogates: Surrogates::All,
        excluded: &[],
    },
    max_bytes_per_code_point: Some(6),
    description: "the original 31-bit UTF-8 of RFC 2279 / FSS-UTF, one to six bytes",
    version: env!("CARGO_PKG_VERSION"),
};

impl Decode for Utf8 {
    type Point = CodePoint;

    /// The automaton with each variant's grammar as a constant, which the
    /// compiler folds into the step (a third of a step's time on
    /// error-dense input went to the grammar's tests).
    #[inline]
    fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
        match self.variant {
            Variant::Utf8 => automaton::decode_step(Grammar::UTF_8, input),
            Variant::Generalized => automaton::decode_step(Grammar::GENERALIZED, input),
            Variant::Rfc2279 => automaton::decode_step(Grammar::RFC_2279, input),
        }
    }

    /// UTF-8 checks all of `input` in one pass first, as a validator that
    /// only says yes or no does (the fast skip's growing windows call it a
    /// few times more, which short text notices); only ill-formed input
    /// goes on to the driver, which finds the error. The work is one pass
    /// over `input` either way, so callers must not call this on each
    /// suffix after an error ([`to_str_lossy`] resumes with windows).
    fn validate(&self, input: &[u8]) -> Result<(), DecodeError> {
        if matches!(self.variant, Variant::Utf8) && automaton::is_utf8(input) {
            return Ok(());
        }
        codec_core::Decoder::new(self, codec_core::DecodeMode::Fatal).validate_chunk(input, true)
    }

    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        Some(self)
    }

    /// UTF-8 is [`to_str`], copied: one pass to check (the driver checks
    /// the kernel's output again before a `String` takes it). The other
    /// grammars go through the driver.
    fn decode_to_string(&self, input: &[u8]) -> Result<String, DecodeError> {
        if matches!(self.variant, Variant::Utf8) {
            return to_str(input).map(String::from);
        }
        let mut out = String::with_capacity(input.len());
        codec_core::Decoder::new(self, codec_core::DecodeMode::Fatal).decode_to_string(input, true, &mut out)?;
        Ok(out)
    }

    /// UTF-8 is [`to_str_lossy`], copied: the same U+FFFD for each maximal
    /// subpart as the driver, and faster on input dense with errors, which
    /// it takes a window at a time through `core`'s `Utf8Chunks`. The
    /// other grammars go through the driver.
    fn decode_to_string_lossy(&self, input: &[u8]) -> String {
        if matches!(self.variant, Variant::Utf8) {
            return to_str_lossy(input).into_owned();
        }
        let mut out = String::with_capacity(input.len());
        let replaced =
            codec_core::Decoder::new(self, codec_core::DecodeMode::Replace).decode_to_string(input, true, &mut out);
        debug_assert!(replaced.is_ok(), "replace mode never fails");
        out
    }

    /// UTF-8 is [`to_str_lossy`], which borrows exactly when nothing was
    /// replaced; the other grammars go through the driver.
    fn decode_to_string_replacing(&self, input: &[u8]) -> (String, bool) {
        if matches!(self.variant, Variant::Utf8) {
            let text = to_str_lossy(input);
            let replaced = matches!(text, Cow::Owned(_));
            return (text.into_owned(), replaced);
        }
        let mut decoder = codec_core::Decoder::new(self, codec_core::DecodeMode::Replace);
        let mut out = String::with_capacity(input.len());
        let done = decoder.decode_to_string(input, true, &mut out);
        debug_assert!(done.is_ok(), "replace mode never fails");
        (out, decoder.had_errors())
    }

    /// The end of the last sequence near the end of `input` that starts at
    /// a byte other than a continuation byte ([`automaton::restart_point`]).
    fn restart_point(&self, input: &[u8]) -> Option<usize> {
        automaton::restart_point(self.variant.grammar(), input)
    }
}

impl Encode for Utf8 {
    type Point = CodePoint;

    fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
        automaton::encode_step(self.variant.grammar(), input, out)
    }

    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        Some(self)
    }

    /// Every code point is encoded alone ([`automaton::encode_step`] looks
    /// at the first code point only).
    fn is_context_free(&self) -> bool {
        true
    }
}

/// The family's kernels over strict UTF-8 ([`kernels`]), the same for the
/// three grammars but for validation.
impl FastPaths for Utf8 {
    fn run(&self, job: FastJob<'_>) -> Progress {
        match job {
            // Generalized UTF-8 runs the kernels crate's validator with its
            // own tables, so that surrogates do not end the skip; UTF-8 and
            // RFC 2279's grammar skip strict UTF-8.
            FastJob::Validate(input) => match self.variant {
                Variant::Generalized => (utfx_kernels::valid_prefix(input, &automaton::GENERALIZED_TABLES), 0).into(),
                Variant::Utf8 | Variant::Rfc2279 => (automaton::valid_prefix(input), 0).into(),
            },
            FastJob::Decode(input, out) => {
                let before = out.len();
                let read = automaton::decode_valid_prefix(input, out);
                (read, out.len() - before).into()
            }
            FastJob::DecodeToUtf16(input, out) => kernels::decode_to_utf16(input, out).into(),
            FastJob::DecodeToUtf8(input, out) => kernels::decode_to_utf8(input, out).into(),
            FastJob::Encode(input, out) => {
                let before = out.len();
                let read = automaton::encode_scalar_prefix(input, out);
                (read, out.len() - before).into()
            }
            FastJob::EncodeFromUtf16(input, out) | FastJob::EncodeFromValidUtf16(input, out) => {
                let (read, written, points) = utfx_kernels::utf16_to_utf8_counted(input, out);
                Progress { read, written, points: Some(points) }
            }
            FastJob::EncodeFromStr(input, out) => kernels::encode_from_str(input, out).into(),
            // The lengths of strict UTF-8 (what the decoding jobs take of
            // every variant), counted after the validator.
            FastJob::CountUtf16(input) => {
                let valid = &input[..automaton::valid_prefix(input)];
                (valid.len(), utfx_kernels::utf16_len_from_utf8(valid)).into()
            }
            FastJob::CountUtf8(input) => {
                let n = automaton::valid_prefix(input);
                (n, n).into()
            }
            FastJob::CountCodePoints(input) => {
                let valid = &input[..automaton::valid_prefix(input)];
                (valid.len(), utfx_kernels::count_utf8_code_points(valid)).into()
            }
            _ => Progress::default(),
        }
    }

    /// Well-formed UTF-8 is copied as it is.
    fn utf8_output(&self) -> bool {
        true
    }

    /// Every scalar value is written as its UTF-8.
    fn utf8_input(&self) -> bool {
        true
    }
}

impl Codec for Utf8 {
    fn info(&self) -> &'static CodecInfo {
        self.info
    }
}

/// Checks that `bytes` are UTF-8 and borrows them as a `&str`.
///
/// # Errors
///
/// The first ill-formed subpart; `valid_up_to` and `error_len` equal those of
/// [`core::str::from_utf8`].
///
/// # Examples
///
/// ```
/// assert_eq!(codec_utf8::to_str(b"caf\xC3\xA9"), Ok("café"));
/// assert_eq!(codec_utf8::to_str(b"caf\xC3").unwrap_err().error_len(), None);
/// ```
pub fn to_str(bytes: &[u8]) -> Result<&str, DecodeError> {
    match fast_str(bytes) {
        Ok(text) => Ok(text),
        Err(valid_up_to) => {
            // What comes before the error is UTF-8: the driver finds the
            // error's length and kind from there (validating all of `bytes`
            // again would pass over them twice more).
            let rest = &bytes[valid_up_to..];
            codec_core::Decoder::new(&UTF_8, codec_core::DecodeMode::Fatal)
                .validate_chunk(rest, true)
                .map_err(|e| e.shifted(valid_up_to))?;
            Ok(valid_str(bytes))
        }
    }
}

/// Borrows `bytes` as a `&str` when they are UTF-8, in one pass of the fast
/// validator (the kernels' at AVX-512, else `simdutf8` under `simd` and
/// `core::str::from_utf8` without), which stops at the first error: `Err`
/// holds how many bytes before it are UTF-8. The callers ask the codec for
/// the error itself.
fn fast_str(bytes: &[u8]) -> Result<&str, usize> {
    if let Some(valid) = utfx_kernels::str_prefix_avx512(bytes) {
        return if valid.len() == bytes.len() { Ok(valid) } else { Err(valid.len()) };
    }
    #[cfg(feature = "simd")]
    let text = simdutf8::compat::from_utf8(bytes).map_err(|e| e.valid_up_to());
    #[cfg(not(feature = "simd"))]
    let text = core::str::from_utf8(bytes).map_err(|e| e.valid_up_to());
    text
}

/// Borrows bytes already checked to be UTF-8 as a `&str`, checking them
/// again with [`fast_str`] (the crate has no `unsafe`); empty if they were
/// not UTF-8.
fn valid_str(bytes: &[u8]) -> &str {
    fast_str(bytes).unwrap_or_default()
}

/// Decodes `bytes` as UTF-8 with one U+FFFD per maximal ill-formed subpart
/// (the WHATWG utf-8 decoder), borrowing when nothing needs replacing.
///
/// # Examples
///
/// ```
/// use std::borrow::Cow;
/// assert!(matches!(codec_utf8::to_str_lossy(b"ok"), Cow::Borrowed("ok")));
/// assert_eq!(codec_utf8::to_str_lossy(b"a\xC0\x80b"), "a\u{FFFD}\u{FFFD}b");
/// ```
#[must_use]
pub fn to_str_lossy(bytes: &[u8]) -> Cow<'_, str> {
    // Valid text, the common case, is checked once and borrowed; else the
    // check stopped at the first error. At AVX-512 the kernel lends the
    // text before it as a `str`; the other validators give its length, and
    // the text is checked again to borrow it (the crate has no `unsafe`).
    let valid = match utfx_kernels::str_prefix_avx512(bytes) {
        Some(valid) if valid.len() == bytes.len() => return Cow::Borrowed(valid),
        Some(valid) => valid,
        None => match fast_str(bytes) {
            Ok(text) => return Cow::Borrowed(text),
            Err(valid_up_to) => valid_str(&bytes[..valid_up_to]),
        },
    };
    // The WHATWG utf-8 decoder in replace mode, a run at a time: the valid
    // text up to the next error, validated and copied in one pass of the
    // kernels' validator, then one U+FFFD for its maximal subpart.
    let mut out = String::with_capacity(bytes.len() + bytes.len() / 64 + 4);
    let mut rest = &bytes[valid.len()..];
    out.push_str(valid);
    while !rest.is_empty() {
        // `rest` starts with an ill-formed subpart, at most three bytes
        // long, or with a character the end of the input cuts.
        let head = &rest[..rest.len().min(4)];
        let error_len = core::str::from_utf8(head).err().and_then(|e| e.error_len()).unwrap_or(head.len());
        out.push(char::REPLACEMENT_CHARACTER);
        rest = &rest[error_len..];
        let mut clean = utfx_kernels::push_utf8_prefix(&mut out, rest);
        if clean < CLEAN_RUN && clean < rest.len() {
            // Errors close together: a window of them at a time.
            rest = replace_while_dense(&rest[clean..], &mut out);
            clean = utfx_kernels::push_utf8_prefix(&mut out, rest);
        }
        rest = &rest[clean..];
    }
    Cow::Owned(out)
}

/// How many well-formed bytes in a row after an error send
/// [`to_str_lossy`] back to its windows; errors closer together than that
/// send it to [`replace_while_dense`].
const CLEAN_RUN: usize = 16;

/// How many bytes [`replace_window`] looks at a time.
const DENSE_WINDOW: usize = 256;

/// How many well-formed bytes in a row at the end of a window send
/// [`replace_while_dense`] back to [`to_str_lossy`]'s windows.
const DENSE_CLEAN_RUN: usize = 64;

/// Decodes `bytes` into `out` with one U+FFFD per maximal ill-formed
/// subpart while errors are close together, until [`CLEAN_RUN`] ASCII
/// bytes or a window ending with [`DENSE_CLEAN_RUN`] well-formed bytes
/// in a row; returns the bytes after them. ASCII bytes and bytes that
/// cannot start a character (each an ill-formed subpart of its own) go a
/// byte at a time; from a lead byte on, [`replace_window`] takes a window.
/// The SIMD windows of [`to_str_lossy`] cost a call per error, which this
/// avoids (on Russian with an error every 17 bytes, a step of the
/// automaton per character ran at 0.37x `String::from_utf8_lossy`).
fn replace_while_dense<'a>(mut bytes: &'a [u8], out: &mut String) -> &'a [u8] {
    let mut clean = 0;
    while clean < CLEAN_RUN
        && let Some(&first) = bytes.first()
    {
        if first < 0x80 {
            out.push(char::from(first));
            clean += 1;
            bytes = &bytes[1..];
        } else if !(0xC2..=0xF4).contains(&first) {
            // A continuation byte, or a byte that is never a lead.
            out.push(char::REPLACEMENT_CHARACTER);
            clean = 0;
            bytes = &bytes[1..];
        } else {
            let (rest, clean_end) = replace_window(bytes, out);
            bytes = rest;
            if clean_end >= DENSE_CLEAN_RUN {
                break;
            }
            clean = 0;
        }
    }
    bytes
}

/// Decodes the first [`DENSE_WINDOW`] bytes of `bytes` into `out` as
/// [`replace_while_dense`] does, through `core`'s `Utf8Chunks` (the loop of
/// `String::from_utf8_lossy`, whose invalid parts are the same maximal
/// subparts): returns the bytes after those it took and how many
/// well-formed bytes in a row it ended with. An ill-formed part that ends
/// the window where more input follows may be a character the window
/// cuts: it is left for the caller.
fn replace_window<'a>(bytes: &'a [u8], out: &mut String) -> (&'a [u8], usize) {
    let window = &bytes[..bytes.len().min(DENSE_WINDOW)];
    let cut = window.len() < bytes.len();
    let (mut used, mut clean) = (0, 0);
    for chunk in window.utf8_chunks() {
        let (valid, invalid) = (chunk.valid(), chunk.invalid());
        out.push_str(valid);
        used += valid.len();
        clean = valid.len();
        if invalid.is_empty() || (cut && used + invalid.len() == window.len()) {
            break;
        }
        out.push(char::REPLACEMENT_CHARACTER);
        used += invalid.len();
        clean = 0;
    }
    // A window of more than three bytes takes at least one: a part it
    // leaves is at most three bytes long.
    (&bytes[used..], clean)
}

pub use codec_core::bom::{Bom, sniff_bom};

/// The Encoding Standard's `decode` (§6) with UTF-8 as the fallback: sniffs
/// a BOM; a UTF-8 BOM is removed and the rest decoded in replace mode, a
/// UTF-16 BOM is returned as `Err` so that the caller can switch to that
/// decoder, and without a BOM the bytes are decoded as UTF-8.
///
/// encoding_rs calls this `Encoding::decode` ("with BOM sniffing"); for
/// UTF-8's own BOM only, use [`decode_with_bom_removal`].
///
/// # Errors
///
/// `Err(bom)` when the bytes start with a UTF-16 BOM.
///
/// # Examples
///
/// ```
/// use codec_utf8::{decode_with_bom_sniffing, Bom};
/// assert_eq!(decode_with_bom_sniffing(b"\xEF\xBB\xBFhi").unwrap(), "hi");
/// assert_eq!(decode_with_bom_sniffing(b"\xFE\xFF\x00h"), Err(Bom::Utf16Be));
/// ```
pub fn decode_with_bom_sniffing(bytes: &[u8]) -> Result<Cow<'_, str>, Bom> {
    match sniff_bom(bytes) {
        Some(Bom::Utf8) => Ok(to_str_lossy(&bytes[3..])),
        Some(other) => Err(other),
        None => Ok(to_str_lossy(bytes)),
    }
}

/// The Encoding Standard's "utf-8 decode" (§6): removes one UTF-8 BOM,
/// then decodes in replace mode. A UTF-16 BOM is not looked for: its bytes
/// are ill-formed UTF-8 like any others.
///
/// encoding_rs calls this `UTF_8.decode_with_bom_removal`. What later
/// editions of the standard add as "UTF-8 decode without BOM" is
/// [`to_str_lossy`], and "UTF-8 decode without BOM or fail" is [`to_str`].
///
/// # Examples
///
/// ```
/// use codec_utf8::decode_with_bom_removal;
/// assert_eq!(decode_with_bom_removal(b"\xEF\xBB\xBF\xEF\xBB\xBFx"), "\u{FEFF}x");
/// assert_eq!(decode_with_bom_removal(b"\xFE\xFF"), "\u{FFFD}\u{FFFD}");
/// ```
#[must_use]
pub fn decode_with_bom_removal(bytes: &[u8]) -> Cow<'_, str> {
    to_str_lossy(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes))
}
