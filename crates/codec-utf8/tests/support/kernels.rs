//! The SIMD kernels' differential sweep (`codec_test::kernels`), run by
//! `kernels.rs` at every kernel level the machine has: UTF-8 text of every character
//! length, long enough for several 64-byte blocks, behind 0 to 31 bytes of
//! ASCII (every alignment of a 32-byte load), with an ill-formed sequence or
//! a surrogate at every position of the first blocks.

use codec_core::CodePoint;
use codec_test::kernels::{Insertions, check_decode, check_encode};
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

pub fn decode_sweep() {
    let sweep = Insertions {
        pad: b'a',
        text: TEXT.as_bytes(),
        pieces: &BAD,
        leads: 32,
        positions: 100,
        miri_steps: (11, 23),
        boundary: |at| TEXT.is_char_boundary(at),
    };
    sweep.for_each(|input, at| {
        for codec in CODECS {
            check_decode(codec, input, at);
        }
    });
}

pub fn encode_sweep() {
    let text: Vec<CodePoint> = TEXT.chars().map(CodePoint::from).collect();
    let sweep = Insertions {
        pad: CodePoint::from(b'a'),
        text: &text,
        pieces: &[&[CodePoint::new(0xD800)], &[CodePoint::new(0xDC00)]],
        leads: 16,
        positions: 70,
        miri_steps: (7, 17),
        boundary: |_| true,
    };
    sweep.for_each(|points, at| {
        for codec in CODECS {
            check_encode(codec, points, at);
        }
    });
}
