//! The SIMD kernels' differential sweep, run by `kernels.rs` on whichever
//! path the processor chooses and by `kernels_portable.rs` on the portable
//! path: UTF-16 of every character class, long enough for several 16-unit
//! blocks, behind 0 to 15 ASCII units (every alignment of a block), with a
//! lone surrogate at every position of the first blocks, in both byte
//! orders, decoded and encoded through the buffer APIs in one chunk and cut
//! at the surrogate, against the step-by-step reference.

// One chunk is a list of one range here, not a range to collect.
#![allow(clippy::single_range_in_vec_init)]

use codec_core::{CodePoint, DecodeMode, EncodeMode};
use codec_utf16::{UTF_16BE, UTF_16LE, Utf16, WTF_16LE};

const TEXT: &str = "Plain ASCII first, then caf\u{E9} \u{436}\u{438}\u{437}\u{43D}\u{44C} \u{639}\u{631}\u{628}\u{64A} \
    \u{4E2D}\u{6587}\u{5B57}\u{7B26}\u{D55C}\u{AD6D}\u{C5B4} \u{1F4A9}\u{1F980}\u{1F600}\u{1F4A9}\u{1F980} \u{1F4A9}\u{1F980}\
    \u{1F600}\u{1F4A9} and ASCII again to the end of the last block.";

const CODECS: [&Utf16; 3] = [&UTF_16LE, &UTF_16BE, &WTF_16LE];

/// Every `step`-th value of `0..n`, every one outside Miri.
fn some(n: usize, step: usize) -> impl Iterator<Item = usize> {
    (0..n).step_by(if cfg!(miri) { step } else { 1 })
}

pub fn sweep() {
    let text: Vec<u16> = TEXT.encode_utf16().collect();
    for lead in some(16, 7) {
        for pos in some(72, 13) {
            for bad in [0xD800, 0xDBFF, 0xDC00] {
                let mut units = vec![u16::from(b'a'); lead];
                units.extend_from_slice(&text[..pos]);
                units.push(bad);
                units.extend_from_slice(&text[pos..]);
                let points: Vec<CodePoint> = units.iter().map(|&u| CodePoint::new(u32::from(u))).collect();
                for codec in CODECS {
                    let bytes: Vec<u8> = units
                        .iter()
                        .flat_map(|&u| if codec == &UTF_16BE { u.to_be_bytes() } else { u.to_le_bytes() })
                        .collect();
                    let len = bytes.len();
                    let split = 2 * (lead + pos) + 1;
                    for mode in [DecodeMode::Fatal, DecodeMode::Replace] {
                        codec_test::buffers::check_decode_buffers_once(codec, &bytes, mode, &[0..len], 4096);
                        codec_test::buffers::check_decode_buffers_once(
                            codec,
                            &bytes,
                            mode,
                            &[0..split, split..len],
                            4096,
                        );
                    }
                    codec_test::buffers::check_decode_buffers_once(codec, &bytes, DecodeMode::Replace, &[0..len], 70);
                    for mode in [EncodeMode::Fatal, EncodeMode::Replace] {
                        codec_test::buffers::check_encode_buffers_once(codec, &points, mode, &|n| vec![0..n], 4096);
                    }
                }
            }
        }
    }
}
