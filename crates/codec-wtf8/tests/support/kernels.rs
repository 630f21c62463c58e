//! The fast validator's differential sweep, run by `kernels.rs` at every
//! kernel level the machine has: text of every character
//! length, long enough for several 64-byte blocks, behind 0 to 31 bytes of
//! ASCII (every alignment of a 32-byte load), with a lone surrogate, a
//! surrogate pair, a lead surrogate before something that only begins a
//! trail, or an error at every position of the first blocks; validated in
//! one chunk, in two chunks split at every byte of that sequence, and cut
//! inside it, against the step-by-step reference and the specification's
//! tables (`codec_test::tables::split_wtf8`).

use codec_core::{Decode, DecodeError, DecodeMode, Decoder, reference};
use codec_test::tables::{Piece, split_wtf8};
use codec_wtf8::WTF_8;

const TEXT: &str = "Plain ASCII first, then caf\u{E9} \u{436}\u{438}\u{437}\u{43D}\u{44C} \u{4E2D}\u{6587}\u{5B57} \
    \u{D55C}\u{AD6D}\u{C5B4} \u{D7A3}\u{D000} \u{1F4A9}\u{1F980}\u{10FFFF} and ASCII again to the end of the last \
    block, with more than sixty-four bytes of it.";

/// What goes in at each position: lone surrogates, pairs and what looks
/// like one, and errors of the generalized UTF-8 underneath.
const SPECIAL: [&[u8]; 12] = [
    b"\xED\xA0\x80",
    b"\xED\xBF\xBF",
    b"\xED\xAF\xBF\xED\xB0\x80",
    b"\xED\xA0\x80\xED\xA0\x80\xED\xB0\x80",
    b"\xED\xB0\x80\xED\xA0\x80",
    b"\xED\xA0\x80\xED\xB0\x41",
    b"\xED\xA0\x80\xED\x9F\xBF",
    b"\xED\xA0\x80\xF0\x9F\x92\xA9",
    b"\xFF",
    b"\xE4\xB8",
    b"\x80",
    b"\xF4\x90\x80\x80",
];

/// Every `step`-th value of `0..n` under Miri or on a slow runner
/// (`cfg(utfx_slow_runner)`: the aarch64 tests under qemu-user), every one
/// elsewhere.
fn some(n: usize, step: usize) -> impl Iterator<Item = usize> {
    (0..n).step_by(if cfg!(any(miri, utfx_slow_runner)) { step } else { 1 })
}

/// Where the table says the well-formed part of `input` ends.
fn valid_up_to(input: &[u8]) -> usize {
    split_wtf8(input)
        .into_iter()
        .map_while(|piece| match piece {
            Piece::Char(len) => Some(len),
            _ => None,
        })
        .sum()
}

fn validate_in_two(input: &[u8], split: usize) -> Result<(), DecodeError> {
    let mut decoder = Decoder::new(&WTF_8, DecodeMode::Fatal);
    decoder.validate_chunk(&input[..split], false)?;
    decoder.validate_chunk(&input[split..], true)
}

fn check(input: &[u8]) {
    let want = reference::decoder(&WTF_8, DecodeMode::Fatal).validate_chunk(input, true);
    let what = codec_test::hex::format(input);
    assert_eq!(WTF_8.validate(input), want, "{what}");
    assert_eq!(want.err().map_or(input.len(), |e| e.valid_up_to()), valid_up_to(input), "{what}");
}

pub fn validate_sweep() {
    for lead in some(32, 11) {
        for pos in some(140, 23) {
            let mut at = pos.min(TEXT.len());
            while !TEXT.is_char_boundary(at) {
                at += 1;
            }
            for special in SPECIAL {
                let mut input = vec![b'a'; lead];
                input.extend_from_slice(&TEXT.as_bytes()[..at]);
                let start = input.len();
                input.extend_from_slice(special);
                input.extend_from_slice(&TEXT.as_bytes()[at..]);
                check(&input);
                let want = reference::decoder(&WTF_8, DecodeMode::Fatal).validate_chunk(&input, true);
                for k in 0..=special.len() {
                    check(&input[..start + k]);
                    assert_eq!(validate_in_two(&input, start + k), want, "split {}", start + k);
                }
                codec_test::buffers::check_decode_buffers_once(
                    &WTF_8,
                    &input,
                    DecodeMode::Fatal,
                    &[0..start + 3, start + 3..input.len()],
                    4096,
                );
            }
        }
    }
}
