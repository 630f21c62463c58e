//! The SIMD kernels' differential sweep, run by `kernels.rs` on whichever
//! path the processor chooses and by `kernels_portable.rs` on the portable
//! path: text of every character length, long enough for several 64-byte
//! blocks, behind 0 to 31 bytes of ASCII (every alignment of a 32-byte
//! load), with an ill-formed sequence or a surrogate at every position of
//! the first blocks, decoded and encoded through the buffer APIs in one
//! chunk and cut at the error, against the step-by-step reference.

// One chunk is a list of one range here, not a range to collect.
#![allow(clippy::single_range_in_vec_init)]

use codec_core::{CodePoint, DecodeMode, EncodeMode};
use codec_utf8::{GENERALIZED_UTF_8, UTF_8, Utf8};

const TEXT: &str = "Plain ASCII first, then caf\u{E9} \u{DF}\u{17F} \u{436}\u{438}\u{437}\u{43D}\u{44C} \u{639}\u{631}\u{628}\u{64A} \
    \u{4E2D}\u{6587}\u{5B57}\u{7B26} \u{D55C}\u{AD6D}\u{C5B4} \u{E44}\u{E17}\u{E22} \u{1F4A9}\u{1F980}\u{1F600}\u{1F4A9}\u{1F980} \
    \u{436}\u{436}\u{436}\u{436}\u{436}\u{436}\u{436}\u{436}\u{4E2D}\u{4E2D}\u{4E2D}\u{4E2D}\u{4E2D}\u{4E2D}\u{4E2D}\u{4E2D}\u{4E2D} \
    and ASCII again to the end of the last block, with more than sixty-four bytes of it.";

/// What goes in at each position: an invalid byte, a lone lead and a lone
/// trail surrogate (errors in UTF-8, code points in generalized UTF-8), a
/// cut sequence, a stray continuation byte.
const BAD: [&[u8]; 5] = [b"\xFF", b"\xED\xA0\x80", b"\xED\xB0\x80", b"\xE4\xB8", b"\x80"];

const CODECS: [&Utf8; 2] = [&UTF_8, &GENERALIZED_UTF_8];

/// Every `step`-th value of `0..n`, every one outside Miri.
fn some(n: usize, step: usize) -> impl Iterator<Item = usize> {
    (0..n).step_by(if cfg!(miri) { step } else { 1 })
}

pub fn decode_sweep() {
    for lead in some(32, 11) {
        for pos in some(100, 23) {
            let mut at = pos.min(TEXT.len());
            while !TEXT.is_char_boundary(at) {
                at += 1;
            }
            for bad in BAD {
                let mut input = vec![b'a'; lead];
                input.extend_from_slice(&TEXT.as_bytes()[..at]);
                input.extend_from_slice(bad);
                input.extend_from_slice(&TEXT.as_bytes()[at..]);
                let len = input.len();
                let split = lead + at + 1;
                for codec in CODECS {
                    for mode in [DecodeMode::Fatal, DecodeMode::Replace] {
                        codec_test::buffers::check_decode_buffers_once(codec, &input, mode, &[0..len], 4096);
                        codec_test::buffers::check_decode_buffers_once(
                            codec,
                            &input,
                            mode,
                            &[0..split, split..len],
                            4096,
                        );
                    }
                    codec_test::buffers::check_decode_buffers_once(codec, &input, DecodeMode::Replace, &[0..len], 70);
                }
            }
        }
    }
}

pub fn encode_sweep() {
    let text: Vec<CodePoint> = TEXT.chars().map(CodePoint::from).collect();
    for lead in some(16, 7) {
        for pos in some(70, 17) {
            for bad in [0xD800, 0xDC00] {
                let mut points = vec![CodePoint::new(u32::from(b'a')); lead];
                points.extend_from_slice(&text[..pos.min(text.len())]);
                points.push(CodePoint::new(bad));
                points.extend_from_slice(&text[pos.min(text.len())..]);
                for codec in CODECS {
                    for mode in [EncodeMode::Fatal, EncodeMode::Replace] {
                        codec_test::buffers::check_encode_buffers_once(codec, &points, mode, &|len| vec![0..len], 4096);
                    }
                    let split = move |len: usize| vec![0..(lead + pos).min(len), (lead + pos).min(len)..len];
                    codec_test::buffers::check_encode_buffers_once(codec, &points, EncodeMode::Fatal, &split, 4096);
                }
            }
        }
    }
}
