//! The SIMD kernels' differential sweep (`codec_test::kernels`), run by
//! `kernels.rs` at every kernel level the machine has: UTF-16 of every character
//! class, long enough for several 16-unit blocks, behind 0 to 15 ASCII units
//! (every alignment of a block), with a lone surrogate at every position of
//! the first blocks (a pair's two halves included), in both byte orders;
//! decoded, encoded, and transcoded between the codecs.

use codec_core::CodePoint;
use codec_test::kernels::{Insertions, check_decode, check_encode, check_transcode};
use codec_utf16::{UTF_16BE, UTF_16LE, Utf16, WTF_16LE};

const TEXT: &str = "Plain ASCII first, then caf\u{E9} \u{436}\u{438}\u{437}\u{43D}\u{44C} \u{639}\u{631}\u{628}\u{64A} \
    \u{4E2D}\u{6587}\u{5B57}\u{7B26}\u{D55C}\u{AD6D}\u{C5B4} \u{1F4A9}\u{1F980}\u{1F600}\u{1F4A9}\u{1F980} \u{1F4A9}\u{1F980}\
    \u{1F600}\u{1F4A9} and ASCII again to the end of the last block.";

const CODECS: [&Utf16; 3] = [&UTF_16LE, &UTF_16BE, &WTF_16LE];

pub fn sweep() {
    let text: Vec<u16> = TEXT.encode_utf16().collect();
    let sweep = Insertions {
        pad: u16::from(b'a'),
        text: &text,
        pieces: &[&[0xD800], &[0xDBFF], &[0xDC00]],
        leads: 16,
        positions: 72,
        miri_steps: (7, 13),
        boundary: |_| true,
    };
    sweep.for_each(|units, at| {
        // Each unit as a code point, the lone surrogates and a pair's
        // halves alike.
        let points: Vec<CodePoint> = units.iter().map(|&u| CodePoint::new(u32::from(u))).collect();
        for codec in CODECS {
            let bytes: Vec<u8> = units
                .iter()
                .flat_map(|&u| if codec == &UTF_16BE { u.to_be_bytes() } else { u.to_le_bytes() })
                .collect();
            check_decode(codec, &bytes, 2 * at);
            check_encode(codec, &points, at);
            // The transcoder: the pivot its decoder's kernel writes goes
            // to the encoder's kernel for well-formed UTF-16.
            for to in CODECS {
                check_transcode(codec, to, &bytes, 2 * at);
            }
        }
    });
}
