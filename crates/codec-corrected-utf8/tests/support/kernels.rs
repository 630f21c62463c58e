//! The kernels' differential sweep (`codec_test::kernels`), run by
//! `kernels.rs` at every kernel level the machine has: Corrected UTF-8 text of every sequence
//! length, both sides of each boundary of the spec's offsets among it,
//! long enough for several 64-byte blocks, behind 0 to 31 bytes of ASCII
//! (every alignment of a 32-byte load), with something the kernels leave
//! to the step at every position of the first blocks, in both variants;
//! the text's code points likewise with code points the kernels leave to
//! the step. The text's bytes come from the reference encoder (the step),
//! the expected results from the reference drivers.

use std::sync::LazyLock;

use codec_core::{CodePoint, EncodeMode};
use codec_corrected_utf8::{CORRECTED_UTF_8, CORRECTED_UTF_8_C1, CorrectedUtf8};
use codec_test::kernels::{Insertions, check_decode, check_encode};

const CODECS: [&CorrectedUtf8; 2] = [&CORRECTED_UTF_8, &CORRECTED_UTF_8_C1];

/// ASCII, two bytes (Latin, Cyrillic, Arabic), three below and above the
/// surrogates (CJK, Hangul, fullwidth forms), three from U+10000 on (Linear
/// B, Brahmi), four (emoji, plane 14, private use), the edges of the
/// table's rows, and runs of each length.
static TEXT: LazyLock<Vec<CodePoint>> = LazyLock::new(|| {
    let text = "Plain ASCII first, then caf\u{E9} \u{A0}\u{A1}\u{89F}\u{8A0}\u{436}\u{438}\u{437} \u{639}\u{631}\u{628} \
        \u{4E2D}\u{6587}\u{D55C}\u{D7FF}\u{E000}\u{FF0C}\u{FFFF}\u{10000}\u{10080}\u{1109F}\u{110A0}\u{11000} \
        \u{1F4A9}\u{1F980}\u{1F600}\u{1F4A9}\u{1F980}\u{E0067}\u{D109F}\u{D10A0}\u{10FF7F}\u{10FFFF}\u{F0000} \
        \u{436}\u{436}\u{436}\u{436}\u{436}\u{436}\u{436}\u{436}\u{4E2D}\u{4E2D}\u{4E2D}\u{4E2D}\u{4E2D}\u{4E2D}\u{4E2D} \
        \u{1F600}\u{1F600}\u{1F600}\u{1F600}\u{1F600}\u{1F600}\u{1F600}\u{1F600}\u{1F600}\u{1F600}\u{1F600}\u{1F600} \
        and ASCII again to the end of the last block, with more than sixty-four bytes of it.";
    text.chars().map(CodePoint::from).collect()
});

/// The text in Corrected UTF-8, from the step.
static BYTES: LazyLock<Vec<u8>> = LazyLock::new(|| {
    let mut bytes = Vec::new();
    codec_core::reference::encoder(&CORRECTED_UTF_8, EncodeMode::Fatal)
        .encode_chunk(&TEXT, true, &mut bytes)
        .expect("the text is Corrected UTF-8");
    bytes
});

/// What goes in at each position: a stray continuation byte, reserved
/// sequences, the leads of five and six bytes, four-byte values above
/// U+10FFFF and where the C1 variant carries U+0085, a three-byte value
/// from U+10000 on, sequences cut by a lead or by ASCII.
const PIECES: [&[u8]; 11] = [
    b"\x80",
    b"\xFE\x80\x80",
    b"\xFF",
    b"\xF8\x80\x80\x80\x80",
    b"\xFD\xBF\xBF\xBF\xBF\xBF",
    b"\xF4\x80\x80\x80",
    b"\xF3\xBE\xBB\xA5",
    b"\xEE\xBD\xA0",
    b"\xE4\xB8",
    b"\xC0",
    b"\xF0\x80\x80",
];

pub fn decode_sweep() {
    let sweep = Insertions {
        pad: b'a',
        text: &BYTES,
        pieces: &PIECES,
        leads: 32,
        positions: 130,
        miri_steps: (11, 23),
        boundary: |at| BYTES.get(at).is_none_or(|&b| b & 0xC0 != 0x80),
    };
    sweep.for_each(|input, at| {
        for codec in CODECS {
            check_decode(codec, input, at);
        }
    });
}

/// What goes in at each position: a C1 control, a surrogate, U+10FF85
/// (which the C1 variant refuses), values above U+10FFFF (of four and of
/// six bytes), and one beyond the codec.
const POINTS: [u32; 6] = [0x85, 0xD800, 0x10_FF85, 0x11_0000, 0x8421_109F, 0x8421_10A0];

pub fn encode_sweep() {
    let pieces: Vec<[CodePoint; 1]> = POINTS.iter().map(|&v| [CodePoint::new(v)]).collect();
    let pieces: Vec<&[CodePoint]> = pieces.iter().map(|p| &p[..]).collect();
    let sweep = Insertions {
        pad: CodePoint::from(b'a'),
        text: &TEXT,
        pieces: &pieces,
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
