//! The transcoder's two kernel paths between UTF-8 and UTF-16, against the
//! step-by-step reference (`codec_test::kernels::check_transcode`), run by
//! `pivots.rs` on whichever path the processor chooses and by
//! `pivots_portable.rs` on the portable path:
//!
//! * UTF-8 to UTF-16LE and UTF-16BE, through the UTF-16 pivot that the
//!   encoder takes as trusted well-formed UTF-16
//!   (`FastJob::EncodeFromValidUtf16`);
//! * UTF-16LE and UTF-16BE to UTF-8 and WTF-8, straight from the decoder's
//!   `FastJob::DecodeToUtf8` into the output (UTF-16's `FastPaths::utf8_output` is true).
//!
//! Text of every character length behind every alignment of a 32-byte
//! load, with an error (or a lone surrogate) at every position of the first
//! blocks, which the check's output sizes put at every position of a
//! kernel window; in one chunk, cut inside the piece and in odd chunks.

use codec_core::{DecodeMode, DynCodec, EncodeMode, TranscodeError, Transcoder};
use codec_test::kernels::{Insertions, check_transcode};

const TEXT: &str = "Plain ASCII first, then caf\u{E9} \u{436}\u{438}\u{437}\u{43D}\u{44C} \u{639}\u{631}\u{628}\u{64A} \
    \u{4E2D}\u{6587}\u{5B57}\u{7B26} \u{D55C}\u{AD6D}\u{C5B4} \u{1F4A9}\u{1F980}\u{1F600}\u{1F4A9}\u{1F980} \
    and ASCII again to the end of the last block.";

fn codec(name: &str) -> &'static dyn DynCodec {
    codec_registry::get(name).unwrap_or_else(|| panic!("{name} is registered"))
}

/// UTF-8 with an invalid byte, a surrogate, a cut sequence or a stray
/// continuation byte at each position, to UTF-16LE and UTF-16BE.
pub fn utf8_to_utf16() {
    let bad: [&[u8]; 4] = [b"\xFF", b"\xED\xA0\x80", b"\xE4\xB8", b"\x80"];
    let sweep = Insertions {
        pad: b'a',
        text: TEXT.as_bytes(),
        pieces: &bad,
        leads: 32,
        positions: 80,
        miri_steps: (11, 23),
        boundary: |at| TEXT.is_char_boundary(at),
    };
    let (from, targets) = (codec("utf-8"), [codec("utf-16le"), codec("utf-16be")]);
    sweep.for_each(|input, at| {
        for to in targets {
            check_transcode(from, to, input, at);
        }
    });
}

/// Before [`TEXT`] for UTF-16 to UTF-8: more than 64 units below U+0800
/// that mix ASCII with two-byte characters, more than 64 that mix in
/// three-byte ones, and more than 64 of ASCII (each kind of 64 units that
/// the AVX2 kernel takes at once), in that order.
const BMP_TEXT: &str = "caf\u{E9} na\u{EF}ve r\u{E9}sum\u{E9}, \u{436}\u{438}\u{437}\u{43D}\u{44C} \u{639}\u{631}\u{628}\u{64A} \
    and the \u{E0} la carte \u{C5}ngstr\u{F6}m, then \u{4E2D}\u{6587} with words, \u{D55C}\u{AD6D}\u{C5B4} and \u{E9} \
    \u{20AC}5 \u{2014} all of them, before a long line of nothing but plain ASCII letters, digits 0123456789 and spaces. ";

/// UTF-16 in both byte orders with a lone lead or trail surrogate at each
/// position (an error in UTF-16, a code point of WTF-16 that WTF-8 keeps),
/// to UTF-8 and WTF-8.
pub fn utf16_to_utf8() {
    let text: Vec<u16> = BMP_TEXT.encode_utf16().chain(TEXT.encode_utf16()).collect();
    let sweep = Insertions {
        pad: u16::from(b'a'),
        text: &text,
        pieces: &[&[0xD800], &[0xDC00]],
        leads: 16,
        positions: 60,
        miri_steps: (7, 13),
        boundary: |_| true,
    };
    let targets = [codec("utf-8"), codec("wtf-8")];
    sweep.for_each(|units, at| {
        for (from, big) in [(codec("utf-16le"), false), (codec("utf-16be"), true), (codec("wtf-16le"), false)] {
            let bytes: Vec<u8> =
                units.iter().flat_map(|&u| if big { u.to_be_bytes() } else { u.to_le_bytes() }).collect();
            for to in targets {
                check_transcode(from, to, &bytes, 2 * at);
            }
        }
    });
}

/// The code points the transcoder counts on the kernel path from UTF-16 to
/// UTF-8 (UTF-16's kernel counts them as it converts), which an encoding
/// error carries as its index: WTF-16LE with a lone trail surrogate after
/// every prefix of the text (characters of every length, pairs among them,
/// more than 64 units of each kind), then the text again, to UTF-8 in fatal
/// mode. The expected index is std's count of the characters before it.
pub fn utf16_to_utf8_error_index() {
    let text: Vec<u16> = BMP_TEXT.encode_utf16().chain(TEXT.encode_utf16()).chain(BMP_TEXT.encode_utf16()).collect();
    let (from, to) = (codec("wtf-16le"), codec("utf-8"));
    for end in (0..=text.len()).step_by(if cfg!(miri) { 41 } else { 1 }) {
        if end > 0 && (0xD800..0xDC00).contains(&text[end - 1]) {
            // A trail surrogate there would finish the pair.
            continue;
        }
        let units = text[..end].iter().chain(&[0xDC00]).chain(&text);
        let bytes: Vec<u8> = units.flat_map(|u| u.to_le_bytes()).collect();
        let mut transcoder = Transcoder::new(from, DecodeMode::Fatal, to, EncodeMode::Fatal);
        // Room for all of it from the start, so that the kernel's blocks
        // (not the few units at the end of a window) read the pairs.
        let mut out = vec![0; 2 * bytes.len()];
        let (written, error) = transcoder.transcode_into(&bytes, true, &mut out);
        let before =
            String::from_utf16(&text[..end]).expect("a prefix that does not end with a lead surrogate is well-formed");
        assert_eq!(&out[..written], before.as_bytes(), "up to {end}");
        match error {
            Some(TranscodeError::Encode(e)) => assert_eq!(e.index(), before.chars().count(), "up to {end}"),
            other => panic!("up to {end}: {other:?}"),
        }
    }
}
