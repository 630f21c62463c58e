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
//! One thing a step decides differently from encoding_rs's buffer APIs is
//! kept away from them: lone surrogates in UTF-16 input, which encoding_rs's
//! encoders would take as U+FFFD, by ending an encoding job before the
//! first one (`utfx_kernels::utf16_units_prefix`). Big5's four sequences of
//! two code points are two code points in both (`Step::Pair`), and go
//! through the decoders like any other.

use alloc::vec::Vec;

use codec_core::{CodePoint, FastJob, Progress};
use encoding_rs::{DecoderResult, EncoderResult, Encoding};

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
/// must decide, by a fresh encoding_rs decoder told that its input ends
/// there (so that it never holds a byte back: where the output fills up,
/// it stops between two characters). A sequence cut by the end of the
/// input is reported malformed: the job stops before it, and the step
/// decides whether it is truncated or awaits more input. Returns the bytes
/// read and the elements written (code points for [`Out::Points`], none
/// for [`Out::Nothing`]). Validation and code points go through a block
/// of UTF-16 on the stack: the decoder writes scalar values only, and its
/// room check keeps a surrogate pair in one block, so no unit is lone.
fn decode(encoding: &'static Encoding, input: &[u8], mut out: Out<'_>) -> (usize, usize) {
    let mut scratch = [0u16; 1024];
    let points_before = match &out {
        Out::Points(points) => points.len(),
        _ => 0,
    };
    let (mut read, mut written) = (0usize, 0);
    let mut decoder = encoding.new_decoder_without_bom_handling();
    loop {
        let src = &input[read..];
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
                break;
            }
            // The scratch block is full: empty it and go on.
            DecoderResult::OutputFull if matches!(out, Out::Nothing | Out::Points(_)) && r > 0 => read += r,
            DecoderResult::OutputFull => {
                read += r;
                break;
            }
            // The sequence begins `len + after` bytes before where the
            // decoder stopped.
            DecoderResult::Malformed(len, after) => {
                read = read + r - usize::from(len) - usize::from(after);
                break;
            }
        }
    }
    match out {
        Out::Points(points) => (read, points.len() - points_before),
        _ => (read, written),
    }
}
