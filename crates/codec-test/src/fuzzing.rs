//! The checks of the fuzz targets, for one codec at a time, written once so
//! that the targets (`fuzz/`, nightly) and the seed-corpus test (stable,
//! `cargo test`) run the same code: decoding in every mode against the
//! reference and over fuzz-chosen chunkings, the item stream, the escape
//! round trip, and encoding arbitrary code points.
//!
//! A fuzz input starts with a few control bytes ([`Control`]) that choose
//! the chunking, output sizes and modes; the rest is the input proper. The
//! registry-wide entry points, which add what is specific to one codec
//! (UTF-8 against `core::str`, the `Wtf8Buf` operations), are in the
//! `utfx-tests` package.
//!
//! # Examples
//!
//! ```
//! use codec_core::{CodePoint, Decode, Encode, EncodeStep, ErrorKind, Step, Codec, CodecInfo, Domain, Surrogates};
//! # struct Latin1;
//! # impl Decode for Latin1 {
//! #     type Point = CodePoint;
//! #     fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
//! #         Step::Point { point: CodePoint::from(input[0]), len: 1 }
//! #     }
//! # }
//! # impl Encode for Latin1 {
//! #     type Point = CodePoint;
//! #     fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
//! #         match u8::try_from(input[0].to_u32()) {
//! #             Ok(b) => { out.push(b); EncodeStep::Done(1) }
//! #             Err(_) => EncodeStep::Invalid(ErrorKind::OutOfRange),
//! #         }
//! #     }
//! # }
//! # static INFO: CodecInfo = CodecInfo {
//! #     name: "latin1", aliases: &[], max_bytes_per_code_point: Some(1), description: "", version: "",
//! #     domain: Domain { summary: "", max: Some(0xFF), surrogates: Surrogates::None, excluded: &[] },
//! # };
//! # impl Codec for Latin1 { fn info(&self) -> &'static CodecInfo { &INFO } }
//! use codec_test::fuzzing::{self, Control};
//! let mut control = Control::new(b"\x07\x03caf\xE9");
//! let chunks = control.chunking(4);
//! fuzzing::check_decode(&Latin1, b"caf\xE9", &chunks);
//! ```

// A chunking of one range is what these checks mean by "the whole input".
#![allow(clippy::single_range_in_vec_init)]

use std::ops::Range;

use codec_core::{CodePoint, Codec, Decode, DecodeError, DecodeMode, EncodeMode, ErrorKind, Items, Step, Surrogates};

use crate::hex;

/// Fuzz-chosen parameters, read from the front of a fuzz input: each read
/// takes bytes off the front (zeros once they run out), and
/// [`rest`](Control::rest) is what is left, the input proper.
#[derive(Debug, Clone)]
pub struct Control<'a> {
    data: &'a [u8],
}

impl<'a> Control<'a> {
    /// Reads parameters from the front of `data`.
    #[must_use]
    pub fn new(data: &'a [u8]) -> Self {
        Control { data }
    }

    /// Takes one byte (0 when none is left).
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// Takes a number in `0..n` (n at least 1) from one byte.
    pub fn below(&mut self, n: usize) -> usize {
        usize::from(self.byte()) % n.max(1)
    }

    /// Takes a chunking of an input of `len` bytes from one byte: ranges
    /// that cover `0..len` in order, ending with the last one. The byte
    /// seeds a generator of chunk lengths that mixes empty chunks, single
    /// bytes, short and long runs, so that splits fall inside sequences.
    pub fn chunking(&mut self, len: usize) -> Vec<Range<usize>> {
        chunking(self.byte(), len)
    }

    /// Returns what is left after the parameters taken so far.
    #[must_use]
    pub fn rest(&self) -> &'a [u8] {
        self.data
    }
}

/// A chunking of `0..len` seeded by `seed` (see [`Control::chunking`]).
#[must_use]
pub fn chunking(seed: u8, len: usize) -> Vec<Range<usize>> {
    // Seed 0 is the whole input at once; the others a xorshift stream.
    if seed == 0 {
        return vec![0..len];
    }
    let mut state = u32::from(seed).wrapping_mul(0x9E37_79B9) | 1;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state
    };
    let mut chunks = Vec::new();
    let mut at = 0;
    while at < len {
        let r = next();
        let size = match r % 8 {
            0 => 0,
            1..=3 => 1,
            4 | 5 => 2 + (r >> 8) as usize % 4,
            6 => 1 + (r >> 8) as usize % 16,
            _ => 1 + (r >> 8) as usize % 256,
        };
        let end = (at + size).min(len);
        chunks.push(at..end);
        at = end;
    }
    // Sometimes an empty last call after the input.
    if next() % 4 == 0 || chunks.is_empty() {
        chunks.push(len..len);
    }
    chunks
}

/// The slices of `input` that `chunks` name.
fn slices<'a, T>(input: &'a [T], chunks: &[Range<usize>]) -> Vec<&'a [T]> {
    chunks.iter().map(|r| &input[r.clone()]).collect()
}

/// Checks one codec's decoding of `input`: in every mode, the fast paths
/// equal the reference and validation agrees with fatal decoding
/// ([`crate::check_fast_paths`]); streaming over `chunks` equals one-shot
/// decoding (validation too); the item stream covers the input exactly,
/// its first error is the fatal error, and its items give the fatal and
/// the replace-mode output; escape mode round-trips
/// ([`crate::check_escape_round_trip`]).
///
/// # Panics
///
/// When any of these fails.
pub fn check_decode<C: Codec + Decode<Point = CodePoint> + ?Sized>(codec: &C, input: &[u8], chunks: &[Range<usize>]) {
    let name = codec.info().name;
    let what = || format!("{name}, chunks {chunks:?}, input {}", hex::format(input));
    crate::check_fast_paths(codec, input);
    let parts = slices(input, chunks);
    for &mode in DecodeMode::ALL {
        let whole = codec.decode_with(input, mode);
        let streamed = crate::decode_chunked(codec, mode, &parts);
        assert_eq!(streamed, whole, "streaming differs from one-shot in mode {mode}: {}", what());
    }
    let mut decoder = codec_core::Decoder::new(codec, DecodeMode::Fatal);
    let streamed = parts.iter().enumerate().try_for_each(|(k, p)| decoder.validate_chunk(p, k + 1 == parts.len()));
    assert_eq!(streamed, codec.validate(input), "streaming validation differs: {}", what());
    check_items(codec, input);
    crate::check_escape_round_trip(codec, input);
}

/// Checks that the items of `input` cover it exactly, in order (but for a
/// stateful codec's shift sequences, which are no items: each gap between
/// two items must be shifts, `Step::Shift`, read by the codec's step in the
/// state the items before it left), and agree with fatal and replace-mode
/// decoding. A sequence of two code points (`Step::Pair`) is an item and a
/// second, empty one at its end.
///
/// # Panics
///
/// When they do not.
pub fn check_items<C: Codec + Decode<Point = CodePoint> + ?Sized>(codec: &C, input: &[u8]) {
    let name = codec.info().name;
    let what = || format!("{name}, input {}", hex::format(input));
    let mut at = 0;
    // The codec's state at `at`, and whether the last item was the first
    // of a pair.
    let mut state = 0;
    let mut pair = false;
    // Reads the shifts from `at` up to `to`.
    let shifts = |at: &mut usize, state: &mut u32, to: usize| {
        while *at < to {
            match codec.decode_step_in(state, &input[*at..], true) {
                Step::Shift { len } if len >= 1 => *at += len,
                step => panic!("a gap before the item at {to} holds {step:?} at {at}: {}", what()),
            }
        }
    };
    let mut first_error: Option<DecodeError> = None;
    let mut points = Vec::new();
    let mut replaced = Vec::new();
    let mut ended = false;
    for item in Items::new(codec, input) {
        assert!(!ended, "an item after a truncated end: {}", what());
        match item {
            Ok(it) if it.len == 0 => {
                assert!(pair && it.offset == at, "an empty item that ends no pair: {}", what());
                pair = false;
                let point = it.point.expect("the second code point of a pair");
                points.push(point);
                replaced.push(point);
            }
            Ok(it) => {
                assert!(!pair, "a pair without its second item: {}", what());
                shifts(&mut at, &mut state, it.offset);
                assert_eq!(it.offset, at, "an item does not start where the last ended: {}", what());
                let step = codec.decode_step_in(&mut state, &input[at..], true);
                pair = matches!(step, Step::Pair { .. });
                at = it.end();
                // A reserved sequence is a `reserved` subpart to a sink of
                // code points.
                let point = it.point.unwrap_or(CodePoint::REPLACEMENT);
                if it.point.is_none() && first_error.is_none() {
                    first_error = Some(DecodeError::new(it.offset, Some(it.len), ErrorKind::Reserved));
                }
                points.push(point);
                replaced.push(point);
            }
            Err(e) => {
                assert!(!pair, "a pair without its second item: {}", what());
                shifts(&mut at, &mut state, e.valid_up_to());
                assert_eq!(e.valid_up_to(), at, "an error item does not start where the last ended: {}", what());
                match e.error_len() {
                    Some(len) => {
                        assert!(len >= 1, "an empty error item: {}", what());
                        let _ = codec.decode_step_in(&mut state, &input[at..], true);
                        at += len;
                    }
                    None => {
                        at = input.len();
                        ended = true;
                    }
                }
                first_error.get_or_insert(e);
                replaced.push(CodePoint::REPLACEMENT);
            }
        }
    }
    assert!(!pair, "a pair without its second item: {}", what());
    shifts(&mut at, &mut state, input.len());
    assert_eq!(at, input.len(), "the items do not cover the input: {}", what());
    let fatal = codec.decode(input);
    match first_error {
        Some(e) => assert_eq!(fatal, Err(e), "the first error item is not the fatal error: {}", what()),
        None => assert_eq!(fatal, Ok(points), "the items differ from fatal decoding: {}", what()),
    }
    assert_eq!(codec.decode_lossy(input), replaced, "the items differ from replace mode: {}", what());
}

/// Maps four fuzz bytes to a code point, biased towards the classes that
/// matter (ASCII, BMP, surrogates, the escape range, supplementary, up to 31
/// bits, boundaries) but reaching every `u32`.
#[must_use]
pub fn code_point(bytes: [u8; 4]) -> CodePoint {
    const EDGES: [u32; 16] = [
        0,
        0x7F,
        0x80,
        0x7FF,
        0x800,
        0xD7FF,
        0xD800,
        0xDBFF,
        0xDC00,
        0xDFFF,
        0xFFFD,
        0xFFFF,
        0x1_0000,
        0x10_FFFF,
        0x11_0000,
        0x7FFF_FFFF,
    ];
    let v = u32::from_le_bytes(bytes);
    let low = v & 0x1FFF_FFFF;
    CodePoint::new(match v >> 29 {
        0 => low & 0x7F,
        1 => low & 0xFFFF,
        2 => 0xD800 + low % 0x800,
        3 => 0xDC80 + low % 0x80,
        4 => 0x1_0000 + low % 0x10_0000,
        5 => v & 0x7FFF_FFFF,
        6 => v,
        _ => EDGES[(low % 16) as usize],
    })
}

/// The code points that four-byte groups of `data` map to ([`code_point`]).
#[must_use]
pub fn code_points(data: &[u8]) -> Vec<CodePoint> {
    data.chunks_exact(4).map(|c| code_point([c[0], c[1], c[2], c[3]])).collect()
}

/// What decoding a codec's encoding of `points` gives back: the code points,
/// with each lead surrogate followed by a trail surrogate joined into one
/// when the codec cannot carry that pair (WTF-8 and WTF-16 encode a pair as
/// the supplementary code point).
fn expected_round_trip(points: &[CodePoint], surrogates: Surrogates) -> Vec<CodePoint> {
    if surrogates == Surrogates::All {
        return points.to_vec();
    }
    let mut out: Vec<CodePoint> = Vec::with_capacity(points.len());
    for &cp in points {
        let joined = match out.last() {
            Some(&lead) if cp.is_trail_surrogate() => CodePoint::from_surrogates(lead, cp),
            _ => None,
        };
        match joined {
            Some(pair) => *out.last_mut().expect("a lead is there") = pair,
            None => out.push(cp),
        }
    }
    out
}

/// Checks one codec's encoding of `points`: in every mode, the fast path
/// equals the reference ([`crate::check_encode_fast_path`]) and streaming
/// over `chunks` equals one-shot encoding; what encodes in fatal mode
/// decodes back (surrogate pairs joined where the codec joins them) when
/// the codec's domain holds every code point, and otherwise, when the
/// bytes decode, decodes to code points that encode to the same bytes (a
/// table codec's domain holds ASCII for sure, and the Encoding Standard's
/// encoders write some code points as others' bytes: U+2212 as U+FF0D's,
/// U+00A5 as `\` in shift_jis, halfwidth katakana as fullwidth in
/// iso-2022-jp; gb18030 eighteen private-use code points as the vertical
/// forms'; the 2014 draft's hz-gb-2312 writes row `FE` of index gb18030
/// with the lead `~`, which its own decoder reads as an escape; the
/// Encoding Standard's `replacement`, whose domain is empty, encodes with
/// UTF-8's encoder and decodes any input as one error); the
/// replace and HTML modes never fail when the codec can encode their
/// substitutes (U+FFFD or `?`; the ASCII of `&#N;`).
///
/// # Panics
///
/// When any of these fails.
pub fn check_encode<C: Codec + Decode<Point = CodePoint> + ?Sized>(
    codec: &C,
    points: &[CodePoint],
    chunks: &[Range<usize>],
) {
    let info = codec.info();
    let what = || format!("{}, chunks {chunks:?}, input {points:?}", info.name);
    crate::check_encode_fast_path(codec, points);
    let parts = slices(points, chunks);
    for &mode in EncodeMode::ALL {
        let whole = codec.encode_with(points, mode);
        let streamed = crate::encode_chunked(codec, mode, &parts);
        assert_eq!(streamed, whole, "streaming encode differs from one-shot in mode {mode}: {}", what());
    }
    if let Ok(bytes) = codec.encode(points) {
        let back = codec.decode(&bytes);
        if points.iter().all(|&cp| info.domain.contains(cp)) {
            assert_eq!(
                back,
                Ok(expected_round_trip(points, info.domain.surrogates)),
                "what encodes does not decode back: {}, bytes {}",
                what(),
                hex::format(&bytes)
            );
        } else if let Ok(back) = back {
            assert_eq!(
                codec.encode(&back).as_deref(),
                Ok(&bytes[..]),
                "what encodes decodes to {back:?}, which encodes otherwise: {}, bytes {}",
                what(),
                hex::format(&bytes)
            );
        }
    }
    let can = |s: &str| codec.encode_str(s).is_ok();
    if can("\u{FFFD}") || can("?") {
        assert!(codec.encode_with(points, EncodeMode::Replace).is_ok(), "replace mode fails: {}", what());
    }
    if can("&#0123456789;") {
        assert!(codec.encode_with(points, EncodeMode::Html).is_ok(), "html mode fails: {}", what());
    }
}
