//! The fast paths: encoding_rs's own buffer-to-buffer decoders and
//! encoders, over as much of a job as they take in one call.
//!
//! Every encoding of this crate holds no state between characters, so a
//! fresh encoding_rs decoder (or encoder) run over the whole input stops
//! exactly where a step-by-step decoding would need to decide something:
//! - at a malformed sequence, which encoding_rs reports as
//!   `Malformed(len, after)` once it has read `after` bytes past the `len`
//!   bytes of the sequence; the job stops at the sequence's first byte, and
//!   the output written so far is the output of the bytes before it;
//! - at a sequence cut by the end of the input, which with `last` set is
//!   reported the same way (the driver's step then sees it, and decides
//!   whether it is truncated or awaits more input);
//! - when the output is full: encoding_rs checks the room for a character
//!   before it reads the character's first byte, so it stops between two
//!   characters and holds nothing back;
//! - encoding, at a character the encoding does not map
//!   (`Unmappable(c)`, after reading `c`): the job stops before `c`, and
//!   the step writes the error mode's answer.
//!
//! Two things a step decides differently from encoding_rs's buffer APIs
//! are kept away from them: big5's four sequences that decode to two code
//! points (a `Step::Reserved` here, decision 0020), by ending a decoding
//! job before the first `88` lead that could start one; and lone
//! surrogates in UTF-16 input, which encoding_rs's encoders would take as
//! U+FFFD, by ending an encoding job before the first one
//! (`utfx_kernels::utf16_units_prefix`).

use alloc::vec::Vec;

use codec_core::{CodePoint, FastJob, Progress};
use encoding_rs::{DecoderResult, EncoderResult, Encoding};

/// The first and the largest chunk of big5's input that one encoding_rs
/// decoder is given: its scan for the two-code-point sequences
/// (`reserved_cut`) runs a chunk ahead of the decoder, so the chunks start
/// small and double, and a job that stops early (an error, a full output)
/// has looked past where it stopped at most as far as it read, or the
/// first chunk. The other encodings take their input in one chunk.
const CHUNKS: (usize, usize) = (64, 8 * 1024);

/// Where a decoding job writes.
enum Out<'a> {
    /// Nothing: validation.
    Nothing,
    /// Code points, appended.
    Points(&'a mut Vec<CodePoint>),
    /// UTF-16, to the front of the slice.
    Utf16(&'a mut [u16]),
    /// UTF-8, to the front of the slice.
    Utf8(&'a mut [u8]),
}

/// Does one job with encoding_rs's buffer APIs (see the module docs). A
/// `single_byte` encoding's bytes are its code points, counted as such.
pub(crate) fn run(encoding: &'static Encoding, single_byte: bool, job: FastJob<'_>) -> Progress {
    let counted = |(read, written): (usize, usize)| match single_byte {
        true => Progress::from((read, written, read)),
        false => Progress::from((read, written)),
    };
    match job {
        FastJob::Validate(input) => decode(encoding, input, Out::Nothing).into(),
        FastJob::Decode(input, out) => decode(encoding, input, Out::Points(out)).into(),
        FastJob::DecodeToUtf16(input, out) => counted(decode(encoding, input, Out::Utf16(out))),
        FastJob::DecodeToUtf8(input, out) => counted(decode(encoding, input, Out::Utf8(out))),
        FastJob::EncodeFromUtf16(units, out) | FastJob::EncodeFromValidUtf16(units, out) => {
            let units = &units[..utfx_kernels::utf16_units_prefix(units)];
            let mut encoder = encoding.new_encoder();
            let (result, read, written) = encoder.encode_from_utf16_without_replacement(units, out, true);
            let read = match result {
                EncoderResult::Unmappable(c) => read - c.len_utf16(),
                EncoderResult::InputEmpty | EncoderResult::OutputFull => read,
            };
            (read, written).into()
        }
        FastJob::EncodeFromStr(text, out) => {
            let mut encoder = encoding.new_encoder();
            let (result, read, written) = encoder.encode_from_utf8_without_replacement(text, out, true);
            let read = match result {
                EncoderResult::Unmappable(c) => read - c.len_utf8(),
                EncoderResult::InputEmpty | EncoderResult::OutputFull => read,
            };
            (read, written).into()
        }
        _ => Progress::default(),
    }
}

/// Decodes the front of `input` into `out`, up to the first place a step
/// must decide, a chunk at a time ([`CHUNKS`]), each chunk
/// by a fresh encoding_rs decoder told that its input ends there (so that
/// no decoder ever holds a byte back: where the output fills up, it stops
/// between two characters). A sequence that the chunk's end cuts is then
/// reported malformed within the chunk's last three bytes: the next chunk
/// starts at it. Returns the bytes read and the elements written (code
/// points for [`Out::Points`], none for [`Out::Nothing`]). Validation and
/// code points go through a block of UTF-16 on the stack: the decoder
/// writes scalar values only, and its room check keeps a surrogate pair in
/// one block, so no unit is lone.
fn decode(encoding: &'static Encoding, input: &[u8], mut out: Out<'_>) -> (usize, usize) {
    let mut scratch = [0u16; 1024];
    let points_before = match &out {
        Out::Points(points) => points.len(),
        _ => 0,
    };
    let (mut read, mut written) = (0usize, 0);
    let mut chunk = if encoding == encoding_rs::BIG5 { CHUNKS.0 } else { usize::MAX };
    loop {
        let limit = input.len().min(read.saturating_add(chunk));
        chunk = chunk.saturating_mul(2).min(CHUNKS.1.max(chunk));
        let cut = reserved_cut(encoding, input, read, limit);
        // Whether the chunk ends only because chunks are bounded.
        let bounded = cut.is_none() && limit < input.len();
        let end = cut.unwrap_or(limit);
        let mut decoder = encoding.new_decoder_without_bom_handling();
        let stopped = loop {
            let src = &input[read..end];
            let (result, r, w) = match &mut out {
                Out::Utf16(dst) => decoder.decode_to_utf16_without_replacement(src, &mut dst[written..], true),
                Out::Utf8(dst) => decoder.decode_to_utf8_without_replacement(src, &mut dst[written..], true),
                Out::Points(points) => {
                    let (result, r, w) = decoder.decode_to_utf16_without_replacement(src, &mut scratch, true);
                    points.extend(CodePoint::decode_utf16(scratch[..w].iter().copied()));
                    (result, r, 0)
                }
                Out::Nothing => {
                    let (result, r, _) = decoder.decode_to_utf16_without_replacement(src, &mut scratch, true);
                    (result, r, 0)
                }
            };
            written += w;
            match result {
                DecoderResult::InputEmpty => {
                    read += r;
                    break end == input.len() || cut.is_some();
                }
                // The scratch block is full: empty it and go on.
                DecoderResult::OutputFull if matches!(out, Out::Nothing | Out::Points(_)) && r > 0 => read += r,
                DecoderResult::OutputFull => {
                    read += r;
                    break true;
                }
                // The sequence begins `len + after` bytes before where the
                // decoder stopped; cut by a bounded chunk's end, it is
                // read again at the front of the next chunk.
                DecoderResult::Malformed(len, after) => {
                    read = read + r - usize::from(len) - usize::from(after);
                    break !(bounded && end - read < 4);
                }
            }
        };
        if stopped {
            break;
        }
    }
    match out {
        Out::Points(points) => (read, points.len() - points_before),
        _ => (read, written),
    }
}

/// For big5, the first `88` lead in `input[from..to]` followed by `62`,
/// `64`, `A3` or `A5` (pointers 1133, 1135, 1164, 1166: two code points
/// each; the byte after it may lie past `to`). `88` is never a big5 trail
/// byte (those are `40..=7E` and `A1..=FE`), so each `88` found is a lead
/// or an error, and the cut falls between two sequences. Other encodings:
/// none.
fn reserved_cut(encoding: &'static Encoding, input: &[u8], from: usize, to: usize) -> Option<usize> {
    if encoding != encoding_rs::BIG5 {
        return None;
    }
    let mut at = from;
    while let Some(k) = find_88(&input[at..to]) {
        at += k;
        if matches!(input.get(at + 1), Some(0x62 | 0x64 | 0xA3 | 0xA5)) {
            return Some(at);
        }
        at += 1;
    }
    None
}

/// The first `88` of `bytes`, 64 bytes a step: a comparison of every byte
/// of a block without an early exit, which the compiler turns into vector
/// compares, then the block that has one read byte by byte.
fn find_88(bytes: &[u8]) -> Option<usize> {
    let mut blocks = bytes.chunks_exact(64);
    let mut at = 0;
    for block in &mut blocks {
        if block.iter().fold(false, |seen, &b| seen | (b == 0x88)) {
            break;
        }
        at += 64;
    }
    bytes[at..].iter().position(|&b| b == 0x88).map(|k| at + k)
}
