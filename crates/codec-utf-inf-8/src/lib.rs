//! UTF-∞-8: UTF-8 extended to code points of any size, shortest form only,
//! with a limit on the length a sequence may declare.
//!
//! # The specification
//!
//! *Draft Proposal for UTF-∞-8 Specification* (Tom Bishop and Richard Cook,
//! updated November 28, 2009), sections 2 (properties), 3 (details) and 4
//! (examples, every one of which is a test vector here). It is a draft; no
//! other implementation exists. The project's reading of it, with its
//! erratum and ambiguities, is `docs/specs/utf-inf-8.md`; its choices
//! (shortest form, error kinds, the length limit) are
//! `docs/decisions/0010-utf-inf-8.md`.
//!
//! | code points | bytes |
//! |---|---|
//! | U+0000..U+7FFFFFFF | RFC 2279 UTF-8, one to six bytes (3.2) |
//! | U+80000000..U+FFFFFFFFF | `FE` and six trailing bytes, 36 bits (3.3) |
//! | U+1000000000..2^71-1 | `FF`, `80..9F` (5 bits), eleven trailing bytes (3.4) |
//! | 2^71 and up, NUD hex digits | `FF`, k × `B4`, (k + 1) × `A0..AF` holding NME = NUD - 18 in hex, then ((NUD + 2) / 3) × 2 trailing bytes of six bits each, the digits padded on the left with zero nybbles to a multiple of three (3.5) |
//!
//! Trailing bytes are `80..BF` and every lead byte is `C0..FF` or ASCII, so
//! a byte search never matches inside a sequence; and byte-wise comparison
//! of encodings orders code points numerically.
//!
//! # How it differs from UTF-8
//!
//! | bytes | UTF-8 | UTF-∞-8 |
//! |---|---|---|
//! | `41`, `C3 A9`, `F0 9F 92 A9` | U+0041, U+00E9, U+1F4A9 | the same |
//! | `ED A0 80` | error `surrogate` | U+D800 |
//! | `F4 90 80 80` | error `out_of_range` | U+110000 |
//! | `FD BF BF BF BF BF` | error `out_of_range` | U+7FFFFFFF |
//! | `FE 82 80 80 80 80 80` | error `invalid_lead` | U+80000000 |
//! | `FF 80 80 80 80 80 81 80 80 80 80 80 80` | error `invalid_lead` | U+1000000000 |
//! | `FF A0 A0 80 80 80 80 80 80 80 80 80 80 80` | error `invalid_lead` | U+800000000000000000 |
//!
//! Well-formed Unicode text is byte for byte the same in both, so
//! validation and decoding of it run `codec-utf8`'s kernels.
//!
//! # Code points and the length limit
//!
//! Code points are [`BigCodePoint`]s: a machine word up to `u64::MAX` (no
//! bignum arithmetic on that path), a `BigUint` beyond. A sequence can
//! declare any number of digits in its length field, so a codec carries
//! code points of at most [`UtfInf8::max_bits`] bits
//! ([`DEFAULT_MAX_BITS`] unless set with [`UtfInf8::with_max_bits`]): a
//! length field that declares more is a `length_over_limit` subpart as soon
//! as it is read, before any digit, and the encoder refuses such code
//! points with the same kind. Nothing is allocated from a declared length:
//! a sequence's digits are read only once they are all there.
//!
//! # Example
//!
//! ```
//! use codec_utf_inf_8::{BigCodePoint, Decode, Encode, UTF_INF_8};
//!
//! let points: Vec<BigCodePoint> =
//!     ["U+41", "U+80000000", "U+1000000000000000000"].iter().map(|s| s.parse().unwrap()).collect();
//! let bytes = UTF_INF_8.encode(&points).unwrap();
//! assert_eq!(&bytes[1..8], b"\xFE\x82\x80\x80\x80\x80\x80");
//! assert_eq!(&bytes[8..11], b"\xFF\xA1\x80");
//! assert_eq!(UTF_INF_8.decode(&bytes).unwrap(), points);
//! ```
//!
//! # Errors
//!
//! Decoding, one maximal subpart per error:
//!
//! | bytes | kind |
//! |---|---|
//! | below `FE`: as RFC 2279 UTF-8 (`codec_utf8::UTF_8_RFC2279`) | its kinds |
//! | `FE 80..81`; `FF 80 80 80 80 80 80` (below U+1000000000); `FF B4 A0` (a leading zero in NME); a zero leading udigit, or one below 8 after `FF A0` | `overlong` |
//! | non-zero padding nybbles in the first storage bytes | `out_of_range` |
//! | a length field over the limit | `length_over_limit` |
//! | `FF B0..B3`, `FF B5..BF`, `FF` and a non-trailing byte; a byte that cannot continue the sequence | `missing_continuation` |
//! | a trailing byte where a sequence must start | `unexpected_continuation` |
//! | the end of input inside a sequence | `truncated` (no length) |
//!
//! Encoding: every code point up to the limit is encodable (surrogates
//! too); beyond it, `length_over_limit`.
//!
//! # Non-goals
//!
//! UTF-∞-16 and UTF-∞-32, the sibling encodings of UCS-∞; any form that is
//! not the shortest (the draft implies shortest form; decision 0010).
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
// The arbitrary-precision integers that `BigCodePoint` takes and gives
// (`BigUint`), so that a code point above 2^128 needs no second
// dependency (issue 46).
pub use codec_core::num_bigint;
pub use codec_core::{BigCodePoint, Narrow};

mod decode;
mod encode;
mod form;

use alloc::vec::Vec;

use codec_core::{CodecInfo, Domain, FastJob, FastPaths, Progress, Surrogates};
use codec_utf8::{UTF_8_RFC2279, automaton};

/// The default length limit, in bits: 65 536 (16 384 hex digits, about
/// 11 KB of UTF-∞-8 for one code point).
///
/// # Examples
///
/// ```
/// use codec_utf_inf_8::{DEFAULT_MAX_BITS, UTF_INF_8};
/// assert_eq!(UTF_INF_8.max_bits(), DEFAULT_MAX_BITS);
/// ```
pub const DEFAULT_MAX_BITS: u64 = 1 << 16;

/// The least length limit [`UtfInf8::with_max_bits`] sets: 72 bits, so that
/// every form of fixed length and the shortest long form (`FF A0`, 18
/// digits) are always within the limit.
///
/// # Examples
///
/// ```
/// use codec_utf_inf_8::{UtfInf8, MIN_MAX_BITS};
/// assert_eq!(UtfInf8::with_max_bits(0).max_bits(), MIN_MAX_BITS);
/// ```
pub const MIN_MAX_BITS: u64 = 72;

/// The greatest length limit [`UtfInf8::with_max_bits`] sets: 2^22 bits, a
/// sequence of under 700 000 bytes, so that one sequence stays below the
/// streaming decoder's default `max_pending` of 1 MiB and streaming always
/// equals one-shot decoding.
///
/// # Examples
///
/// ```
/// use codec_utf_inf_8::{UtfInf8, MAX_MAX_BITS};
/// assert_eq!(UtfInf8::with_max_bits(u64::MAX).max_bits(), MAX_MAX_BITS);
/// ```
pub const MAX_MAX_BITS: u64 = 1 << 22;

/// The UTF-∞-8 codec with its length limit: see the crate docs.
/// [`UTF_INF_8`] has the default limit.
///
/// # Examples
///
/// ```
/// use codec_utf_inf_8::{BigCodePoint, Decode, Encode, ErrorKind, UtfInf8};
/// let small = UtfInf8::with_max_bits(100);
/// // 2^200: a 1 and fifty hexadecimal zeros.
/// let big: BigCodePoint = format!("U+1{}", "0".repeat(50)).parse().unwrap();
/// assert_eq!(small.encode(&[big.clone()]).unwrap_err().kind(), ErrorKind::LengthOverLimit);
/// let bytes = UtfInf8::with_max_bits(256).encode(&[big]).unwrap();
/// assert_eq!(small.validate(&bytes).unwrap_err().kind(), ErrorKind::LengthOverLimit);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UtfInf8 {
    /// A multiple of 4 in `MIN_MAX_BITS..=MAX_MAX_BITS`.
    max_bits: u64,
}

impl UtfInf8 {
    /// Returns the codec with the length limit `bits`, rounded up to a
    /// whole hex digit (a multiple of 4: the length field counts digits)
    /// and kept within [`MIN_MAX_BITS`]..=[`MAX_MAX_BITS`].
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_utf_inf_8::UtfInf8::with_max_bits(1001).max_bits(), 1004);
    /// ```
    #[must_use]
    pub const fn with_max_bits(bits: u64) -> Self {
        let bits = if bits < MIN_MAX_BITS {
            MIN_MAX_BITS
        } else if bits > MAX_MAX_BITS {
            MAX_MAX_BITS
        } else {
            bits.div_ceil(4) * 4
        };
        UtfInf8 { max_bits: bits }
    }

    /// Returns the length limit: the most bits a code point may have.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_utf_inf_8::UTF_INF_8.max_bits(), 65_536);
    /// ```
    #[must_use]
    pub const fn max_bits(&self) -> u64 {
        self.max_bits
    }

    /// The most hex digits (NUD) a code point may have.
    const fn max_nud(&self) -> u64 {
        self.max_bits / 4
    }

    /// The largest length value (NME = NUD - 18) a length field may hold.
    const fn max_nme(&self) -> u64 {
        self.max_nud() - form::LONG_MIN_NUD as u64
    }
}

impl Default for UtfInf8 {
    fn default() -> Self {
        UtfInf8::with_max_bits(DEFAULT_MAX_BITS)
    }
}

/// UTF-∞-8 with the default length limit ([`DEFAULT_MAX_BITS`]).
///
/// # Examples
///
/// ```
/// use codec_utf_inf_8::{BigCodePoint, Decode, UTF_INF_8};
/// let cp = UTF_INF_8.decode(b"\xFE\xBF\xBF\xBF\xBF\xBF\xBF").unwrap();
/// assert_eq!(cp, [BigCodePoint::from_u64(0xF_FFFF_FFFF)]);
/// ```
pub static UTF_INF_8: UtfInf8 = UtfInf8::with_max_bits(DEFAULT_MAX_BITS);

static INFO: CodecInfo = CodecInfo {
    name: "utf-inf-8",
    aliases: &["utf-∞-8"],
    domain: Domain {
        summary: "U+0000 and up, unbounded (to the length limit, 65536 bits by default)",
        max: None,
        surrogates: Surrogates::All,
        excluded: &[],
    },
    max_bytes_per_code_point: None,
    description: "UTF-∞-8 (draft of 2009): RFC 2279 UTF-8 extended to code points of any size",
    version: env!("CARGO_PKG_VERSION"),
};

impl Decode for UtfInf8 {
    type Point = BigCodePoint;

    fn decode_step(&self, input: &[u8], _last: bool) -> Step<BigCodePoint> {
        decode::step(input, self.max_nme())
    }

    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        Some(self)
    }
}

impl Encode for UtfInf8 {
    type Point = BigCodePoint;

    fn encode_step(&self, input: &[BigCodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
        encode::step(&input[0], self.max_nud(), out)
    }

    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        Some(self)
    }
}

/// RFC 2279 UTF-8's fast paths (`codec_utf8::UTF_8_RFC2279`, whose kernels
/// are `codec_utf8::kernels`): strict UTF-8 is UTF-∞-8 with the same code
/// points. The core widens the code points decoded here to
/// [`BigCodePoint`]s, and hands those that fit a `u32` to the encoding one.
impl FastPaths for UtfInf8 {
    fn run(&self, job: FastJob<'_>) -> Progress {
        match job {
            // The RFC 2279 forms, which need no look at the limit: runs of
            // scalar values through RFC 2279 UTF-8's own fast path (the
            // kernel), and the code points between them (surrogates, values
            // beyond U+10FFFF) a code point at a time.
            FastJob::Encode(input, out) => {
                let before = out.len();
                let mut read = 0;
                while read < input.len() {
                    read += UTF_8_RFC2279.run(FastJob::Encode(&input[read..], out)).read;
                    let others = input[read..]
                        .iter()
                        .take_while(|cp| cp.to_u32() <= 0x7FFF_FFFF && cp.to_char().is_none())
                        .map(|&cp| automaton::push(cp, out))
                        .count();
                    if others == 0 {
                        break;
                    }
                    read += others;
                }
                (read, out.len() - before).into()
            }
            job => UTF_8_RFC2279.run(job),
        }
    }

    fn utf8_output(&self) -> bool {
        UTF_8_RFC2279.utf8_output()
    }

    fn utf8_input(&self) -> bool {
        UTF_8_RFC2279.utf8_input()
    }
}

impl Codec for UtfInf8 {
    fn info(&self) -> &'static CodecInfo {
        &INFO
    }
}
