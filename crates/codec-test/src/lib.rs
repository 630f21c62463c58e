//! Test support for anyone's decoder or encoder of the UTF-8 family, and
//! for the utfx codecs themselves.
//!
//! * [`compare`]: your decoder or encoder, as a closure over bytes (or code
//!   points), against any codec, over the codec's vectors and seeded
//!   damaged inputs, the first difference shrunk to a minimal input; or
//!   one input at a time ([`compare::decodes_alike`]), from a proptest
//!   strategy of damaged text (`strategies::damaged`) for instance.
//! * [`vectors`]: the project's vector format (`utfx-vectors/1`, JSON
//!   lines), its reader and writer, a checker, and the curated vectors the
//!   project ships ([`vectors::curated`]); [`generate`] writes more for any
//!   codec; [`shrink`] is the delta debugging. The web-platform-tests'
//!   `TextDecoder` and `TextEncoder` vectors are among the curated ones.
//! * For the codec crates of the workspace: the streaming split-point
//!   sweeps, the ASCII-prefix alignment sweep, differential checks of fast
//!   paths against [`codec_core::reference`] (over the buffer APIs:
//!   [`buffers`]; the SIMD kernels' sweep: [`kernels`]), the escape-mode
//!   round trip, references written from the specifications' tables
//!   ([`tables`]) and, with the default feature `proptest`, proptest
//!   strategies (`strategies`).
//!
//! Every `check_*` function panics with a message naming the codec input, the
//! mode and the split when a check fails, so it can be called from `#[test]`s
//! and from proptest bodies alike.
//!
//! The codec to compare with is any [`Codec`]: a codec crate's
//! (`codec_utf8::UTF_8`), one found by label in `codec-registry`
//! (`codec_registry::get("utf-8")`), or [`example::Ascii`] as below. This
//! crate does not depend on the registry (the codec crates use it in their
//! tests, and the registry depends on them).
//!
//! # Examples
//!
//! A decoder of your own against a codec: agreement on every case, or the
//! smallest input on which they differ.
//!
//! ```
//! use codec_test::{DecodeMode, example::Ascii};
//!
//! let mine = |bytes: &[u8]| -> Option<Vec<u32>> {
//!     // Wrong on purpose: takes 0xC0 for U+00C0.
//!     bytes.iter().map(|&b| (b < 0x80 || b == 0xC0).then_some(u32::from(b))).collect()
//! };
//! let found = codec_test::compare::decoder(&Ascii, DecodeMode::Fatal, 500, 1, mine).unwrap_err();
//! assert_eq!(found.input, "C0");
//! assert_eq!(found.rule.unwrap().kind.as_deref(), Some("invalid_lead"));
//! ```
//!
//! The split-point sweep over a codec's `Decode` implementation:
//!
//! ```
//! use codec_test::{CodePoint, Decode, ErrorKind, Step};
//!
//! struct Ascii;
//! impl Decode for Ascii {
//!     type Point = CodePoint;
//!     fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
//!         match input[0] {
//!             b @ 0..=0x7F => Step::Point { point: CodePoint::from(b), len: 1 },
//!             _ => Step::Invalid { kind: ErrorKind::InvalidLead, len: 1 },
//!         }
//!     }
//! }
//! codec_test::check_decode_splits(&Ascii, b"ab\xFFc");
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod buffers;
pub mod compare;
pub mod fuzzing;
pub mod generate;
pub mod hex;
pub mod kernels;
pub mod shrink;
#[cfg(feature = "proptest")]
pub mod strategies;
pub mod tables;
pub mod vectors;

pub use codec_core::{CodePoint, Codec, Decode, DecodeMode, Encode, EncodeMode, ErrorKind, Step};
use codec_core::{DecodeError, EncodeError, reference};

/// A codec for examples: 7-bit ASCII (`ascii`), every byte from `0x80` an
/// `invalid_lead` error, every code point from U+0080 `out_of_range`.
pub mod example {
    /// 7-bit ASCII, the codec of the examples.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_test::{Decode, example::Ascii};
    /// assert!(Ascii.validate(b"\x80").is_err());
    /// ```
    pub use codec_core::doc_example::Ascii;
}

/// The code points of `values`, for tests and vectors written as numbers.
///
/// # Examples
///
/// ```
/// let points = codec_test::cps(&[0x41, 0xD800]);
/// assert_eq!((points[0].to_u32(), points[1].is_surrogate()), (0x41, true));
/// ```
#[must_use]
pub fn cps(values: &[u32]) -> Vec<CodePoint> {
    values.iter().map(|&v| CodePoint::new(v)).collect()
}

/// The result of decoding an input in one mode.
type Decoded<P> = Result<Vec<P>, DecodeError>;

/// Decodes `chunks` one after another through a streaming decoder; on a fatal
/// error returns the error (the output before it is discarded, as one-shot
/// does).
pub fn decode_chunked<D: Decode + ?Sized>(codec: &D, mode: DecodeMode, chunks: &[&[u8]]) -> Decoded<D::Point> {
    let mut decoder = codec_core::Decoder::new(codec, mode);
    let mut out = Vec::new();
    if chunks.is_empty() {
        decoder.decode_chunk(&[], true, &mut out)?;
    }
    for (i, chunk) in chunks.iter().enumerate() {
        decoder.decode_chunk(chunk, i + 1 == chunks.len(), &mut out)?;
    }
    Ok(out)
}

/// Encodes `chunks` one after another through a streaming encoder.
pub fn encode_chunked<E: Encode + ?Sized>(
    codec: &E,
    mode: EncodeMode,
    chunks: &[&[E::Point]],
) -> Result<Vec<u8>, EncodeError<E::Point>> {
    let mut encoder = codec_core::Encoder::new(codec, mode);
    let mut out = Vec::new();
    if chunks.is_empty() {
        encoder.encode_chunk(&[], true, &mut out)?;
    }
    for (i, chunk) in chunks.iter().enumerate() {
        encoder.encode_chunk(chunk, i + 1 == chunks.len(), &mut out)?;
    }
    Ok(out)
}

/// Checks that streaming decoding equals one-shot decoding, in every
/// [`DecodeMode`], for: every split into two chunks, byte-at-a-time chunks,
/// empty chunks between bytes, and (for inputs up to 24 bytes) every split
/// into three chunks.
///
/// # Panics
///
/// When any way of chunking gives a different result.
pub fn check_decode_splits<D: Decode + ?Sized>(codec: &D, input: &[u8]) {
    for &mode in DecodeMode::ALL {
        let whole = codec.decode_with(input, mode);
        let check = |chunks: &[&[u8]], how: &str| {
            let streamed = decode_chunked(codec, mode, chunks);
            assert_eq!(
                streamed,
                whole,
                "streaming ({how}) differs from one-shot: mode {mode}, input {}",
                hex::format(input)
            );
        };
        for split in 0..=input.len() {
            let (a, b) = input.split_at(split);
            check(&[a, b], &format!("split at {split}"));
        }
        let bytes: Vec<&[u8]> = input.chunks(1).collect();
        check(&bytes, "byte at a time");
        let mut with_empty: Vec<&[u8]> = Vec::new();
        for b in &bytes {
            with_empty.push(&[]);
            with_empty.push(b);
        }
        with_empty.push(&[]);
        check(&with_empty, "empty chunks between bytes");
        if input.len() <= 24 {
            for i in 0..=input.len() {
                for j in i..=input.len() {
                    check(&[&input[..i], &input[i..j], &input[j..]], &format!("splits at {i} and {j}"));
                }
            }
        }
    }
}

/// Checks that streaming encoding equals one-shot encoding, in every
/// [`EncodeMode`], for every split into two chunks and code-point-at-a-time.
///
/// # Panics
///
/// When any way of chunking gives a different result.
pub fn check_encode_splits<E: Encode + ?Sized>(codec: &E, input: &[E::Point]) {
    for &mode in EncodeMode::ALL {
        let whole = codec.encode_with(input, mode);
        for split in 0..=input.len() {
            let (a, b) = input.split_at(split);
            let streamed = encode_chunked(codec, mode, &[a, b]);
            assert_eq!(streamed, whole, "streaming encode (split at {split}) differs: mode {mode}, input {input:?}");
        }
        let singles: Vec<&[E::Point]> = input.chunks(1).collect();
        let streamed = encode_chunked(codec, mode, &singles);
        assert_eq!(streamed, whole, "streaming encode (one at a time) differs: mode {mode}, input {input:?}");
    }
}

/// Checks that a prefix of `k` ASCII letters `a` (as the codec encodes them)
/// changes nothing but offsets, for `k` in `0..=70`, in every [`DecodeMode`]:
/// the output is `k` letters followed by the output for `input`, and a fatal
/// error moves by the prefix's length. This catches fast paths that misbehave
/// at some alignments.
///
/// A codec whose bytes for `a` do not decode to `a` (the Encoding
/// Standard's `replacement`, which decodes nothing) has no such prefix, and
/// nothing to check.
///
/// # Panics
///
/// When a prefix changes the result, or the codec cannot encode `a`.
pub fn check_ascii_prefix_alignment<C: Codec + ?Sized>(codec: &C, input: &[u8]) {
    let a = <C as Decode>::Point::from(CodePoint::from(b'a'));
    let unit = codec.encode(std::slice::from_ref(&a)).expect("the codec encodes U+0061");
    if codec.decode(&unit).ok().as_deref() != Some(std::slice::from_ref(&a)) {
        return;
    }
    for &mode in DecodeMode::ALL {
        let base = codec.decode_with(input, mode);
        for k in 0..=70 {
            let mut prefixed = unit.repeat(k);
            prefixed.extend_from_slice(input);
            let got = codec.decode_with(&prefixed, mode);
            let expected = match &base {
                Ok(points) => {
                    let mut v = vec![a.clone(); k];
                    v.extend(points.iter().cloned());
                    Ok(v)
                }
                Err(e) => Err(e.shifted(k * unit.len())),
            };
            assert_eq!(
                got,
                expected,
                "prefix of {k} 'a' changes the result: mode {mode}, input {}",
                hex::format(input)
            );
        }
    }
}

/// Decodes all of `input` in `mode` with the reference decoder.
fn reference_decode<D: Decode + ?Sized>(
    codec: &D,
    input: &[u8],
    mode: DecodeMode,
) -> Result<Vec<D::Point>, DecodeError> {
    let mut out = Vec::new();
    reference::decoder(codec, mode).decode_chunk(input, true, &mut out)?;
    Ok(out)
}

/// Encodes all of `input` in `mode` with the reference encoder.
fn reference_encode<E: Encode + ?Sized>(
    codec: &E,
    input: &[E::Point],
    mode: EncodeMode,
) -> Result<Vec<u8>, codec_core::EncodeError<E::Point>> {
    let mut out = Vec::new();
    reference::encoder(codec, mode).encode_chunk(input, true, &mut out)?;
    Ok(out)
}

/// Checks that the codec's provided decoding methods (which use its fast
/// paths) agree with [`codec_core::reference`] on `input`, in every mode, and
/// that `validate`, `valid_up_to` and fatal decoding agree with each other.
///
/// # Panics
///
/// When they disagree.
pub fn check_fast_paths<D: Decode + ?Sized>(codec: &D, input: &[u8]) {
    let slow = reference::decoder(codec, DecodeMode::Fatal).validate_chunk(input, true);
    assert_eq!(codec.validate(input), slow, "validate differs from the reference on {}", hex::format(input));
    let fatal = reference_decode(codec, input, DecodeMode::Fatal);
    // Fatal decoding also stops at a reserved sequence, which validation
    // accepts (`Step::Reserved`).
    let first_stop = codec_core::Items::new(codec, input).find_map(|item| match item {
        Ok(it) if it.point.is_none() => {
            Some(DecodeError::new(it.offset, Some(it.len), codec_core::ErrorKind::Reserved))
        }
        Ok(_) => None,
        Err(e) => Some(e),
    });
    assert_eq!(
        fatal.as_ref().err(),
        first_stop.as_ref(),
        "fatal decoding and the items disagree on {}",
        hex::format(input)
    );
    let first_error = codec_core::Items::new(codec, input).find_map(Result::err);
    assert_eq!(
        slow.as_ref().err(),
        first_error.as_ref(),
        "validation and the items disagree on {}",
        hex::format(input)
    );
    let up_to = slow.err().map_or(input.len(), |e| e.valid_up_to());
    assert_eq!(codec.valid_up_to(input), up_to, "valid_up_to differs on {}", hex::format(input));
    for &mode in DecodeMode::ALL {
        assert_eq!(
            codec.decode_with(input, mode),
            reference_decode(codec, input, mode),
            "decoding differs from the reference: mode {mode}, input {}",
            hex::format(input)
        );
    }
}

/// Checks that the codec's provided encoding methods agree with
/// [`codec_core::reference`] on `input`, in every mode.
///
/// # Panics
///
/// When they disagree.
pub fn check_encode_fast_path<E: Encode + ?Sized>(codec: &E, input: &[E::Point]) {
    for &mode in EncodeMode::ALL {
        assert_eq!(
            codec.encode_with(input, mode),
            reference_encode(codec, input, mode),
            "encoding differs from the reference: mode {mode}, input {input:?}"
        );
    }
}

/// Checks that decoding in [`DecodeMode::Escape`] and encoding back in
/// [`EncodeMode::Escape`] gives `input` back, whatever the bytes.
///
/// # Panics
///
/// When the round trip loses or changes a byte.
pub fn check_escape_round_trip<C: Codec + ?Sized>(codec: &C, input: &[u8]) {
    let points = codec.decode_with(input, DecodeMode::Escape).expect("escape mode never fails");
    let back = codec.encode_with(&points, EncodeMode::Escape);
    assert_eq!(back.as_deref(), Ok(input), "escape round trip fails on {}", hex::format(input));
}

/// Runs every decode check of this crate on `input`: split points, fast paths,
/// ASCII-prefix alignment and the escape round trip.
///
/// # Panics
///
/// When any check fails.
pub fn check_decode_all<C: Codec + ?Sized>(codec: &C, input: &[u8]) {
    check_decode_splits(codec, input);
    check_fast_paths(codec, input);
    check_ascii_prefix_alignment(codec, input);
    check_escape_round_trip(codec, input);
}
