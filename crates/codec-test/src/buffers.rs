//! The buffer-to-buffer APIs against the reference drivers: decoding into
//! UTF-16, UTF-8 and code point buffers, encoding from UTF-16, `str` and
//! code point buffers, and transcoding, each over several ways of splitting
//! the input and several output sizes, in every error mode.
//!
//! The expected values come from [`codec_core::reference`], which never runs
//! a codec's kernels, and the UTF-16 and UTF-8 forms of the expected code
//! points from the standard library (surrogates written by hand).

// A chunking of one range is what these tests mean by "the whole input".
#![allow(clippy::single_range_in_vec_init)]

use codec_core::{
    CodePoint, Decode, DecodeError, DecodeMode, Encode, EncodeError, EncodeMode, Status, TranscodeError, Transcoder,
    reference,
};

use crate::hex;

/// Output buffer sizes: smaller than one sequence, odd, and roomy.
const DST_SIZES: [usize; 4] = [1, 3, 7, 4096];

/// Ways of cutting an input of `len` into chunks: whole, a byte at a time,
/// and in threes.
fn chunkings(len: usize) -> Vec<Vec<std::ops::Range<usize>>> {
    let by = |n: usize| (0..len).step_by(n).map(|i| i..(i + n).min(len)).collect::<Vec<_>>();
    let mut all = vec![vec![0..len], by(3)];
    if len <= 64 {
        all.push(by(1));
    }
    all
}

/// What the reference decoder delivers for `input` in `mode`: the code
/// points (up to the error in fatal mode) and the error.
pub(crate) fn reference_decode<D: Decode<Point = CodePoint> + ?Sized>(
    codec: &D,
    input: &[u8],
    mode: DecodeMode,
) -> (Vec<CodePoint>, Option<DecodeError>) {
    let mut out = Vec::new();
    let err = reference::decoder(codec, mode).decode_chunk(input, true, &mut out).err();
    (out, err)
}

/// The generalized UTF-8 of code points to U+10FFFF (surrogates as their
/// three-byte form), or `None` beyond.
fn utf8_of(points: &[CodePoint]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    for cp in points {
        let v = cp.to_u32();
        if let Some(c) = cp.to_char() {
            out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
        } else if cp.is_surrogate() {
            out.extend_from_slice(&[0xED, 0x80 | ((v >> 6) & 0x3F) as u8, 0x80 | (v & 0x3F) as u8]);
        } else {
            return None;
        }
    }
    Some(out)
}

/// The UTF-16 code units of code points to U+10FFFF (surrogates as
/// themselves), or `None` beyond.
fn utf16_of(points: &[CodePoint]) -> Option<Vec<u16>> {
    let mut out = Vec::new();
    for cp in points {
        match (cp.to_char(), u16::try_from(cp.to_u32())) {
            (Some(c), _) => out.extend_from_slice(c.encode_utf16(&mut [0; 2])),
            (None, Ok(unit)) => out.push(unit),
            (None, Err(_)) => return None,
        }
    }
    Some(out)
}

/// Drives a buffer-to-buffer call over `chunks` of `src` with output
/// buffers of `dst_size`, collecting the output and the error; checks that
/// each call that stops for room makes progress and that `InputEmpty`
/// means every byte was read.
///
/// # Examples
///
/// ```
/// use codec_core::Status;
/// // A call that copies what fits.
/// let src = b"abcde";
/// let (out, error) = codec_test::buffers::drive::<u8, ()>(&[0..2, 2..5], 2, |r, dst, _last| {
///     let n = r.len().min(dst.len());
///     dst[..n].copy_from_slice(&src[r.start..r.start + n]);
///     (if n == r.len() { Status::InputEmpty } else { Status::OutputFull }, n, n)
/// });
/// assert_eq!((out, error), (src.to_vec(), None));
/// ```
pub fn drive<T: Copy + Default, E>(
    chunks: &[std::ops::Range<usize>],
    dst_size: usize,
    mut call: impl FnMut(std::ops::Range<usize>, &mut [T], bool) -> (Status<E>, usize, usize),
) -> (Vec<T>, Option<E>) {
    let mut out = Vec::new();
    let mut dst = vec![T::default(); dst_size];
    let chunks = if chunks.is_empty() { vec![0..0] } else { chunks.to_vec() };
    for (k, chunk) in chunks.iter().enumerate() {
        let last = k + 1 == chunks.len();
        let mut at = chunk.start;
        loop {
            let (status, read, written) = call(at..chunk.end, &mut dst, last);
            out.extend_from_slice(&dst[..written]);
            at += read;
            match status {
                Status::InputEmpty => {
                    assert_eq!(at, chunk.end, "input empty but not all of it read");
                    break;
                }
                // Every call that stops for room must make progress.
                Status::OutputFull => assert!(read + written > 0, "no progress with dst {dst_size}, chunks {chunks:?}"),
                Status::Error(e) => return (out, Some(e)),
            }
        }
    }
    (out, None)
}

/// Feeds `chunks` in order to a streaming call that appends to a `Vec`
/// (`decode_chunk`, `encode_chunk`), the last with `last` set (one empty
/// chunk when there are none), and returns what it appended and the error
/// that stopped it.
fn stream<T, E>(
    chunks: &[std::ops::Range<usize>],
    mut call: impl FnMut(std::ops::Range<usize>, bool, &mut Vec<T>) -> Result<(), E>,
) -> (Vec<T>, Option<E>) {
    let mut out = Vec::new();
    let chunks = if chunks.is_empty() { vec![0..0] } else { chunks.to_vec() };
    let err = chunks.iter().enumerate().try_for_each(|(k, r)| call(r.clone(), k + 1 == chunks.len(), &mut out)).err();
    (out, err)
}

/// Checks `Decoder::decode_to_utf16` and `decode_to_utf8` (and
/// `decode_chunk`) against the reference decoder on `input`, in every
/// mode, over several chunkings and output sizes. Inputs whose code points
/// go beyond U+10FFFF are checked for code points only.
///
/// # Panics
///
/// When a result differs.
pub fn check_decode_buffers<D: Decode<Point = CodePoint> + ?Sized>(codec: &D, input: &[u8]) {
    check_text_conversions(codec, input);
    for &mode in DecodeMode::ALL {
        let expected = reference_decode(codec, input, mode);
        for chunks in chunkings(input.len()) {
            for dst_size in DST_SIZES {
                decode_buffers_against(codec, input, mode, &chunks, dst_size, &expected);
            }
        }
    }
}

/// Checks `Decoder::decode_to_utf16`, `decode_to_utf8`, `decode_chunk`
/// and `validate_chunk` against the reference
/// decoder on `input`, in one mode, over one chunking (ranges of `input`
/// that cover it in order) and one output size: the lean form of
/// [`check_decode_buffers`] that a fuzz target calls with parameters it
/// chooses.
///
/// # Panics
///
/// When a result differs, or a call makes no progress.
pub fn check_decode_buffers_once<D: Decode<Point = CodePoint> + ?Sized>(
    codec: &D,
    input: &[u8],
    mode: DecodeMode,
    chunks: &[std::ops::Range<usize>],
    dst_size: usize,
) {
    let expected = reference_decode(codec, input, mode);
    decode_buffers_against(codec, input, mode, chunks, dst_size, &expected);
}

/// The body of [`check_decode_buffers_once`], with the reference result
/// computed by the caller.
pub(crate) fn decode_buffers_against<D: Decode<Point = CodePoint> + ?Sized>(
    codec: &D,
    input: &[u8],
    mode: DecodeMode,
    chunks: &[std::ops::Range<usize>],
    dst_size: usize,
    expected: &(Vec<CodePoint>, Option<DecodeError>),
) {
    let (points, err) = expected;
    let err = *err;
    // Formatted only when a check fails: the sweeps call this hundreds of
    // thousands of times.
    let what = || format!("mode {mode}, chunks {chunks:?}, dst {dst_size}, input {}", hex::format(input));
    let mut decoder = codec_core::Decoder::new(codec, mode);
    let got = stream(chunks, |r, last, out| decoder.decode_chunk(&input[r], last, out));
    assert_eq!(got, (points.clone(), err), "decode_chunk: {}", what());
    if let (Some(units), Some(bytes)) = (utf16_of(points), utf8_of(points)) {
        let mut decoder = codec_core::Decoder::new(codec, mode);
        let got =
            drive(chunks, dst_size.max(2), |r, dst: &mut [u16], last| decoder.decode_to_utf16(&input[r], dst, last));
        assert_eq!(got, (units, err), "decode_to_utf16: {}", what());
        let mut decoder = codec_core::Decoder::new(codec, mode);
        let got =
            drive(chunks, dst_size.max(4), |r, dst: &mut [u8], last| decoder.decode_to_utf8(&input[r], dst, last));
        assert_eq!(got, (bytes, err), "decode_to_utf8: {}", what());
    }
    let mut decoder = codec_core::Decoder::new(codec, mode);
    let checked = chunks
        .iter()
        .enumerate()
        .try_for_each(|(k, r)| decoder.validate_chunk(&input[r.clone()], k + 1 == chunks.len()));
    if mode == DecodeMode::Fatal {
        // Validation accepts reserved sequences, which stop fatal
        // decoding: it agrees with the reference validator.
        assert_eq!(
            checked.err(),
            reference::decoder(codec, DecodeMode::Fatal).validate_chunk(input, true).err(),
            "validate_chunk: {}",
            what()
        );
    }
}

/// Checks `decode_to_string`, `decode_to_utf16` and their lossy forms
/// against the items of `input` (each well-formed sequence, reserved
/// sequence and ill-formed subpart with its offset) and the reference
/// decoder in replace mode.
///
/// # Panics
///
/// When a result differs.
pub fn check_text_conversions<D: Decode<Point = CodePoint> + ?Sized>(codec: &D, input: &[u8]) {
    let what = || hex::format(input);
    // Fatal: the first error item, or the first code point the output
    // cannot hold (text: scalar values; UTF-16: up to U+10FFFF).
    let first_error = |holds: &dyn Fn(CodePoint) -> bool| {
        codec_core::Items::new(codec, input).find_map(|item| match item {
            Err(e) => Some(e),
            Ok(it) => match it.point {
                None => Some(DecodeError::new(it.offset, Some(it.len), codec_core::ErrorKind::Reserved)),
                Some(cp) if !holds(cp) => {
                    let kind = if cp.is_surrogate() {
                        codec_core::ErrorKind::Surrogate
                    } else {
                        codec_core::ErrorKind::OutOfRange
                    };
                    Some(DecodeError::new(it.offset, Some(it.len), kind))
                }
                Some(_) => None,
            },
        })
    };
    let (points, _) = reference_decode(codec, input, DecodeMode::Fatal);
    let expected = match first_error(&|cp: CodePoint| cp.to_char().is_some()) {
        Some(e) => Err(e),
        None => Ok(points.iter().filter_map(|cp| cp.to_char()).collect::<String>()),
    };
    assert_eq!(codec.decode_to_string(input), expected, "decode_to_string: {}", what());
    let expected = match first_error(&|cp: CodePoint| cp.to_u32() <= 0x10_FFFF) {
        Some(e) => Err(e),
        None => Ok(utf16_of(&points).unwrap_or_default()),
    };
    assert_eq!(codec.decode_to_utf16(input), expected, "decode_to_utf16: {}", what());
    // Lossy: replace mode, and every code point the output cannot hold is
    // one more U+FFFD.
    let (replaced, _) = reference_decode(codec, input, DecodeMode::Replace);
    let text: String = replaced.iter().map(|cp| cp.to_char().unwrap_or(char::REPLACEMENT_CHARACTER)).collect();
    assert_eq!(codec.decode_to_string_lossy(input), text, "decode_to_string_lossy: {}", what());
    let fitted: Vec<CodePoint> =
        replaced.iter().map(|&cp| if cp.to_u32() <= 0x10_FFFF { cp } else { CodePoint::REPLACEMENT }).collect();
    assert_eq!(
        codec.decode_to_utf16_lossy(input),
        utf16_of(&fitted).unwrap_or_default(),
        "decode_to_utf16_lossy: {}",
        what()
    );
}

/// What the reference encoder delivers for `points` in `mode`: the bytes
/// (up to the error) and the error.
fn reference_encode<E: Encode<Point = CodePoint> + ?Sized>(
    codec: &E,
    points: &[CodePoint],
    mode: EncodeMode,
) -> (Vec<u8>, Option<EncodeError>) {
    let mut out = Vec::new();
    let err = reference::encoder(codec, mode).encode_chunk(points, true, &mut out).err();
    (out, err)
}

/// Checks `Encoder::encode_chunk`, `encode_from_utf16` (when the
/// code points survive UTF-16: none above U+10FFFF, no lead surrogate
/// followed by a trail surrogate) and `encode_from_str` (when they are all
/// scalar values) against the reference encoder, in every mode, over several
/// chunkings and output sizes.
///
/// # Panics
///
/// When a result differs.
pub fn check_encode_buffers<E: Encode<Point = CodePoint> + ?Sized>(codec: &E, points: &[CodePoint]) {
    let (units, text) = encode_sources(points);
    for &mode in EncodeMode::ALL {
        let expected = reference_encode(codec, points, mode);
        for dst_size in DST_SIZES {
            for chunks in chunkings(points.len()) {
                encode_points_against(codec, points, mode, &chunks, dst_size, &expected);
            }
            if let Some(units) = &units {
                if mode == EncodeMode::Fatal && dst_size == DST_SIZES[0] {
                    encode_utf16_against(codec, units, &expected);
                }
                for chunks in chunkings(units.len()) {
                    encode_units_against(codec, units, mode, &chunks, dst_size, &expected);
                }
            }
            if let Some(text) = &text {
                encode_text_against(codec, text, mode, dst_size, &expected);
            }
        }
    }
}

/// Checks `Encoder::encode_chunk`, `encode_from_utf16` and
/// `encode_from_str` (where the code points have those forms, as for
/// [`check_encode_buffers`]) and `encode_utf16` against the reference
/// encoder on `points`, in one mode and one output size, with the input
/// cut by `chunking` (which gets an input length and returns ranges
/// covering it in order): the lean form of [`check_encode_buffers`] that a
/// fuzz target calls with parameters it chooses.
///
/// # Panics
///
/// When a result differs, or a call makes no progress.
pub fn check_encode_buffers_once<E: Encode<Point = CodePoint> + ?Sized>(
    codec: &E,
    points: &[CodePoint],
    mode: EncodeMode,
    chunking: &dyn Fn(usize) -> Vec<std::ops::Range<usize>>,
    dst_size: usize,
) {
    let (units, text) = encode_sources(points);
    let expected = reference_encode(codec, points, mode);
    encode_points_against(codec, points, mode, &chunking(points.len()), dst_size, &expected);
    if let Some(units) = &units {
        if mode == EncodeMode::Fatal {
            encode_utf16_against(codec, units, &expected);
        }
        encode_units_against(codec, units, mode, &chunking(units.len()), dst_size, &expected);
    }
    if let Some(text) = &text {
        encode_text_against(codec, text, mode, dst_size, &expected);
    }
}

/// The UTF-16 form of `points` when they survive UTF-16 (none above
/// U+10FFFF, no lead surrogate followed by a trail surrogate), and their
/// `str` form when they are all scalar values.
fn encode_sources(points: &[CodePoint]) -> (Option<Vec<u16>>, Option<String>) {
    let pairs = points.windows(2).any(|w| w[0].is_lead_surrogate() && w[1].is_trail_surrogate());
    let units = utf16_of(points).filter(|_| !pairs);
    let text: Option<String> = points.iter().map(|cp| cp.to_char()).collect();
    (units, text)
}

/// The reference result of encoding, as [`reference_encode`] returns it.
type Encoded = (Vec<u8>, Option<EncodeError>);

/// `encode_chunk` over `chunks` against `expected` (the same for every
/// output size: it appends to a `Vec`).
fn encode_points_against<E: Encode<Point = CodePoint> + ?Sized>(
    codec: &E,
    points: &[CodePoint],
    mode: EncodeMode,
    chunks: &[std::ops::Range<usize>],
    dst_size: usize,
    expected: &Encoded,
) {
    let mut encoder = codec_core::Encoder::new(codec, mode);
    let got = stream(chunks, |r, last, out| encoder.encode_chunk(&points[r], last, out));
    assert_eq!(&got, expected, "encode_chunk: mode {mode}, chunks {chunks:?}, dst {dst_size}, input {points:?}");
}

/// The one-shot `encode_utf16` against `expected` (a fatal encoding).
fn encode_utf16_against<E: Encode<Point = CodePoint> + ?Sized>(codec: &E, units: &[u16], expected: &Encoded) {
    let want = match expected {
        (bytes, None) => Ok(bytes.clone()),
        (_, Some(e)) => Err(e.clone()),
    };
    assert_eq!(codec.encode_utf16(units), want, "encode_utf16: units {units:04X?}");
}

/// `encode_from_utf16` over `chunks` against `expected`.
fn encode_units_against<E: Encode<Point = CodePoint> + ?Sized>(
    codec: &E,
    units: &[u16],
    mode: EncodeMode,
    chunks: &[std::ops::Range<usize>],
    dst_size: usize,
    expected: &Encoded,
) {
    let mut encoder = codec_core::Encoder::new(codec, mode);
    let got = drive(chunks, dst_size, |r, dst: &mut [u8], last| encoder.encode_from_utf16(&units[r], dst, last));
    assert_eq!(&got, expected, "encode_from_utf16: mode {mode}, chunks {chunks:?}, dst {dst_size}, units {units:04X?}");
}

/// `encode_from_str` of all of `text` against `expected`.
fn encode_text_against<E: Encode<Point = CodePoint> + ?Sized>(
    codec: &E,
    text: &str,
    mode: EncodeMode,
    dst_size: usize,
    expected: &Encoded,
) {
    let mut encoder = codec_core::Encoder::new(codec, mode);
    let got = drive(&[0..text.len()], dst_size, |r, dst: &mut [u8], last| encoder.encode_from_str(&text[r], dst, last));
    assert_eq!(&got, expected, "encode_from_str: mode {mode}, dst {dst_size}, text {text:?}");
}

/// Checks [`Transcoder`] from `from` to `to` against the reference decoder
/// and encoder on `input`, for every pair of modes, over several chunkings
/// and output sizes.
///
/// # Panics
///
/// When a result differs.
pub fn check_transcode<D, E>(from: &D, to: &E, input: &[u8])
where
    D: Decode<Point = CodePoint> + ?Sized,
    E: Encode<Point = CodePoint> + ?Sized,
{
    for &decode_mode in DecodeMode::ALL {
        for &encode_mode in EncodeMode::ALL {
            let expected = reference_transcode(from, to, input, decode_mode, encode_mode);
            for chunks in chunkings(input.len()) {
                for dst_size in DST_SIZES {
                    transcode_against(from, to, input, (decode_mode, encode_mode), &chunks, dst_size, &expected);
                }
            }
        }
    }
}

/// Checks [`Transcoder`] from `from` to `to` against the reference decoder
/// and encoder on `input`, in one pair of modes, over one chunking and one
/// output size: the lean form of [`check_transcode`] that a fuzz target
/// calls with parameters it chooses.
///
/// # Panics
///
/// When a result differs, or a call makes no progress.
pub fn check_transcode_once<D, E>(
    from: &D,
    to: &E,
    input: &[u8],
    modes: (DecodeMode, EncodeMode),
    chunks: &[std::ops::Range<usize>],
    dst_size: usize,
) where
    D: Decode<Point = CodePoint> + ?Sized,
    E: Encode<Point = CodePoint> + ?Sized,
{
    let expected = reference_transcode(from, to, input, modes.0, modes.1);
    transcode_against(from, to, input, modes, chunks, dst_size, &expected);
}

/// What transcoding must give: the reference encoding of the reference
/// decoding, and the first error in stream order.
fn reference_transcode<D, E>(
    from: &D,
    to: &E,
    input: &[u8],
    decode_mode: DecodeMode,
    encode_mode: EncodeMode,
) -> (Vec<u8>, Option<TranscodeError>)
where
    D: Decode<Point = CodePoint> + ?Sized,
    E: Encode<Point = CodePoint> + ?Sized,
{
    let (points, decode_err) = reference_decode(from, input, decode_mode);
    let (bytes, encode_err) = reference_encode(to, &points, encode_mode);
    // The first error in stream order: a code point before the ill-formed
    // input that cannot be encoded comes first.
    let err = match (encode_err, decode_err) {
        (Some(e), _) => Some(TranscodeError::Encode(e)),
        (None, Some(d)) => Some(TranscodeError::Decode(d)),
        (None, None) => None,
    };
    (bytes, err)
}

/// A [`Transcoder`] over `chunks` against `expected`.
fn transcode_against<D, E>(
    from: &D,
    to: &E,
    input: &[u8],
    (decode_mode, encode_mode): (DecodeMode, EncodeMode),
    chunks: &[std::ops::Range<usize>],
    dst_size: usize,
    expected: &(Vec<u8>, Option<TranscodeError>),
) where
    D: Decode<Point = CodePoint> + ?Sized,
    E: Encode<Point = CodePoint> + ?Sized,
{
    let mut t = Transcoder::new(from, decode_mode, to, encode_mode);
    let got = drive(chunks, dst_size, |r, dst: &mut [u8], last| t.transcode(&input[r], dst, last));
    assert_eq!(
        &got,
        expected,
        "transcode: modes {decode_mode}/{encode_mode}, chunks {chunks:?}, dst {dst_size}, input {}",
        hex::format(input)
    );
}
