//! The kernels' differential sweep (`codec_test::kernels`), run by
//! `kernels.rs` at every kernel level the machine has: CESU-8 text of every
//! sequence length with six-byte pairs among it and in runs, long enough for
//! several 64-byte blocks, behind 0 to 31 bytes of ASCII (every alignment
//! of a 32-byte load), with an ill-formed or special sequence at every
//! position of the first blocks (between the halves of a pair too), in each
//! of the three variants.

use std::sync::LazyLock;

use codec_cesu8::{CESU_8, Cesu8Codec};
use codec_test::kernels::{Insertions, check_decode};

const TEXT: &str = "Plain ASCII first, then caf\u{E9} \u{436}\u{438}\u{437}\u{43D}\u{44C} \u{4E2D}\u{6587}\u{5B57} \
    \u{1F4A9}\u{1F980}\u{1F600}\u{1F4A9}\u{1F980}\u{1F600}\u{1F4A9}\u{1F980}\u{1F600}\u{1F4A9}\u{1F980}\u{1F600} \
    \u{D55C}\u{1F4A9}\u{AD6D}\u{10000}\u{C5B4}\u{10FFFF} \u{FFFD}\u{E000}\u{1F600}a\u{1F600}b\u{1F600}\u{436}\u{1F600} \
    and ASCII again to the end of the last block, with more than sixty-four bytes of it.";

/// The text in CESU-8 (the same bytes in the three variants: no U+0000).
static BYTES: LazyLock<Vec<u8>> = LazyLock::new(|| CESU_8.from_utf8(TEXT).into_owned());

/// What goes in at each position: an invalid byte, a lone lead and a lone
/// trail surrogate, a pair in the wrong order, UTF-8's four-byte form, the
/// two forms of U+0000, an overlong form, a cut sequence, a stray
/// continuation byte.
const PIECES: [&[u8]; 10] = [
    b"\xFF",
    b"\xED\xA0\x80",
    b"\xED\xB0\x80",
    b"\xED\xB0\x80\xED\xA0\x80",
    b"\xF0\x9F\x92\xA9",
    b"\xC0\x80",
    b"\x00",
    b"\xE0\x80\x80",
    b"\xE4\xB8",
    b"\x80",
];

/// Runs the sweep with `codec` (one variant per test, so that the variants
/// run in parallel).
pub fn decode_sweep(codec: &Cesu8Codec) {
    let sweep = Insertions {
        pad: b'a',
        text: &BYTES,
        pieces: &PIECES,
        leads: 32,
        positions: 120,
        miri_steps: (11, 23),
        // Any sequence boundary, the one inside a pair included.
        boundary: |at| BYTES.get(at).is_none_or(|&b| b & 0xC0 != 0x80),
    };
    sweep.for_each(|input, at| check_decode(codec, input, at));
}

/// The edges of the kernels' windows, which grow fourfold from 64 bytes
/// (`sequences_to_utf16`, and `utfx_kernels::paired_prefix` below
/// AVX-512): the sums 64, 64 + 256, 64 + 256 + 1024 and 64 + 256 + 1024 +
/// 4096.
const WINDOW_EDGES: [usize; 4] = [64, 320, 1344, 5440];

/// `00`, `C0 80` and both on every sequence boundary within three bytes of
/// each window edge, in plain ASCII and in text with pairs (the first
/// three edges), checked with `codec` against the reference.
pub fn window_edge_sweep(codec: &Cesu8Codec) {
    let ascii = vec![b'a'; WINDOW_EDGES[3] + 8];
    let text: Vec<u8> = BYTES.repeat(WINDOW_EDGES[2] / BYTES.len() + 1);
    let pieces: [&[u8]; 3] = [b"\x00", b"\xC0\x80", b"\x00\xC0\x80"];
    for (base, edges) in [(&ascii, &WINDOW_EDGES[..]), (&text, &WINDOW_EDGES[..3])] {
        for &edge in edges {
            for at in edge - 3..=edge + 3 {
                // A sequence boundary (the one between a pair's halves too).
                if base[at] & 0xC0 == 0x80 {
                    continue;
                }
                for piece in pieces {
                    let mut input = base[..at].to_vec();
                    input.extend_from_slice(piece);
                    input.extend_from_slice(&base[at..]);
                    check_decode(codec, &input, at);
                }
            }
        }
    }
}
