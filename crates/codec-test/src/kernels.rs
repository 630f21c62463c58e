//! The SIMD kernels' differential sweep, written once for the codecs that
//! have kernels: a text long enough for several blocks, behind every length
//! of ASCII padding up to a load's width (every alignment), with an
//! ill-formed or special piece at every position of the first blocks,
//! through the buffer APIs in one chunk and cut inside the piece, against
//! the step-by-step reference ([`buffers`]). Each codec's
//! tests supply their text, pieces and codecs, and run the sweeps at every
//! kernel level the machine has ([`at_every_level`]).
//!
//! # Examples
//!
//! ```
//! use codec_core::{CodePoint, Decode, ErrorKind, Step};
//! use codec_test::kernels::Insertions;
//!
//! struct Ascii;
//! impl Decode for Ascii {
//!     type Point = CodePoint;
//!     fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
//!         match input[0] {
//!             b @ 0..=0x7F => Step::Point { point: CodePoint::from(b), len: 1 },
//!             _ => Step::Invalid { kind: ErrorKind::InvalidLead, len: 1 },
//!         }
//!     }
//! }
//!
//! let sweep = Insertions {
//!     pad: b'a',
//!     text: b"some text",
//!     pieces: &[b"\xFF", b"\x80\x80"],
//!     leads: 3,
//!     positions: 4,
//!     miri_steps: (1, 1),
//!     boundary: |_| true,
//! };
//! let mut inputs = 0;
//! sweep.for_each(|input, at| {
//!     assert!(input[at] >= 0x80);
//!     codec_test::kernels::check_decode(&Ascii, input, at);
//!     inputs += 1;
//! });
//! assert_eq!(inputs, 3 * 4 * 2);
//! ```

// One chunk is a list of one range here, not a range to collect.
#![allow(clippy::single_range_in_vec_init)]

use codec_core::{CodePoint, Decode, DecodeMode, Encode, EncodeMode};

use crate::buffers::{self, check_encode_buffers_once, check_transcode_once};

/// Runs `sweeps` at every kernel level this machine has, one level after
/// another: the one the processor chooses (`utfx_kernels::level`), each
/// other SIMD level it can run, pinned in turn with
/// `utfx_kernels::force_level`, then the portable code; the sweeps of a
/// level side by side on threads. Each level is named on standard error
/// before its sweeps, so that a failure's output says where it was. The pin
/// holds for the whole process: the test that calls this is its binary's
/// only test.
///
/// # Panics
///
/// When a sweep panics (after the level's other sweeps end).
///
/// # Examples
///
/// ```
/// use std::sync::atomic::{AtomicUsize, Ordering};
///
/// let runs = AtomicUsize::new(0);
/// let sweep = || {
///     runs.fetch_add(1, Ordering::Relaxed);
/// };
/// codec_test::kernels::at_every_level(&[&sweep, &sweep]);
/// // Both sweeps at each level: the chosen one at least.
/// let runs = runs.into_inner();
/// assert!(runs >= 2 && runs % 2 == 0);
/// ```
pub fn at_every_level(sweeps: &[&(dyn Fn() + Sync)]) {
    use utfx_kernels::Level;
    let chosen = utfx_kernels::level();
    let others = [Level::Avx512, Level::Avx2, Level::Sse42, Level::Neon]
        .into_iter()
        .filter(|&l| l != chosen && l.is_available());
    let portable = (chosen != Level::Portable).then_some(Level::Portable);
    for pinned in core::iter::once(chosen).chain(others).chain(portable) {
        assert!(utfx_kernels::force_level(Some(pinned)), "{pinned:?} is available");
        std::eprintln!("the sweeps at {pinned:?}");
        std::thread::scope(|s| {
            for sweep in sweeps {
                s.spawn(sweep);
            }
        });
    }
    utfx_kernels::force_level(None);
}

/// The output size of the roomy checks: more than any test input needs.
const ROOMY: usize = 4096;

/// The output size of the cramped check: a few SIMD blocks, so that a
/// kernel stops for want of room in the middle of the text.
const CRAMPED: usize = 70;

/// A piece inserted into a text at every position of its first blocks, one
/// piece at a time, behind every length of padding.
#[derive(Clone, Copy, Debug)]
pub struct Insertions<'a, T> {
    /// What goes before the text, once per unit of padding (an ASCII
    /// character, which the kernels take in bulk).
    pub pad: T,
    /// The text: every kind of character the kernels treat apart, longer
    /// than `positions`.
    pub text: &'a [T],
    /// The pieces inserted, one at a time: errors, or sequences the kernels
    /// leave to the step.
    pub pieces: &'a [&'a [T]],
    /// The lengths of padding, `0..leads`: a load's width covers every
    /// alignment.
    pub leads: usize,
    /// Where in the text each piece goes, `0..positions` (the first blocks).
    pub positions: usize,
    /// Under Miri, and on a slow runner (`cfg(utfx_slow_runner)`: the
    /// aarch64 tests under qemu-user), only every `miri_steps.0`-th length
    /// of padding and every `miri_steps.1`-th position.
    pub miri_steps: (usize, usize),
    /// Whether a piece may go at a position of the text; a position that
    /// may not moves up to the next one that may (a character boundary).
    pub boundary: fn(usize) -> bool,
}

impl<T: Clone> Insertions<'_, T> {
    /// Calls `check(input, at)` for every padding length, position and
    /// piece, in that nesting: `input` is the padding, the text up to the
    /// position, the piece and the rest of the text; `at` is where the
    /// piece starts in `input`.
    pub fn for_each(&self, mut check: impl FnMut(&[T], usize)) {
        for lead in some(self.leads, self.miri_steps.0) {
            for pos in some(self.positions, self.miri_steps.1) {
                let mut at = pos.min(self.text.len());
                while !(self.boundary)(at) {
                    at += 1;
                }
                for piece in self.pieces {
                    let mut input = vec![self.pad.clone(); lead];
                    input.extend_from_slice(&self.text[..at]);
                    input.extend_from_slice(piece);
                    input.extend_from_slice(&self.text[at..]);
                    check(&input, lead + at);
                }
            }
        }
    }
}

/// Every `step`-th value of `0..n` under Miri or on a slow runner, every
/// one elsewhere.
fn some(n: usize, step: usize) -> impl Iterator<Item = usize> {
    (0..n).step_by(if cfg!(any(miri, utfx_slow_runner)) { step } else { 1 })
}

/// Checks the decoding buffer APIs against the reference on `input`, which
/// holds an inserted piece from byte `at`: in fatal and replace mode, in
/// one chunk and cut after the piece's first byte (inside a sequence or a
/// code unit), and in replace mode with an output of a few blocks.
///
/// # Panics
///
/// When a result differs.
pub fn check_decode<D: Decode<Point = CodePoint> + ?Sized>(codec: &D, input: &[u8], at: usize) {
    let (len, cut) = (input.len(), at + 1);
    for mode in [DecodeMode::Fatal, DecodeMode::Replace] {
        // The reference once per mode, for every chunking and size.
        let expected = buffers::reference_decode(codec, input, mode);
        buffers::decode_buffers_against(codec, input, mode, &[0..len], ROOMY, &expected);
        buffers::decode_buffers_against(codec, input, mode, &[0..cut, cut..len], ROOMY, &expected);
        if mode == DecodeMode::Replace {
            buffers::decode_buffers_against(codec, input, mode, &[0..len], CRAMPED, &expected);
        }
    }
}

/// Checks the encoding buffer APIs against the reference on `points`,
/// which hold an inserted code point at `at`: in fatal and replace mode in
/// one chunk, and in fatal mode cut just before it (every source form of
/// the input, code points, UTF-16 and `str`, is cut at index `at`).
///
/// # Panics
///
/// When a result differs.
pub fn check_encode<E: Encode<Point = CodePoint> + ?Sized>(codec: &E, points: &[CodePoint], at: usize) {
    for mode in [EncodeMode::Fatal, EncodeMode::Replace] {
        check_encode_buffers_once(codec, points, mode, &|len| vec![0..len], ROOMY);
    }
    let cut = move |len: usize| vec![0..at.min(len), at.min(len)..len];
    check_encode_buffers_once(codec, points, EncodeMode::Fatal, &cut, ROOMY);
}

/// The output sizes of the transcoding check: the kernels convert windows
/// of a third of the room, so these cut the text into windows of 23 and 66
/// bytes (an inserted piece falls at every position of a window, and on
/// its edges) and of a whole short input.
const TRANSCODE_DST: [usize; 3] = [CRAMPED, 200, ROOMY];

/// Checks the [`codec_core::Transcoder`] from `from` to `to` against the
/// reference decoder and encoder on `input`, which holds an inserted piece
/// from byte `at`: in fatal and replace modes, in one chunk, cut after the
/// piece's first byte, and in odd chunks of 61 bytes (reads that cut
/// sequences and code units), into outputs whose windows put the piece at
/// every position of a window.
///
/// # Panics
///
/// When a result differs.
///
/// # Examples
///
/// ```
/// # use codec_core::{CodePoint, Decode, Encode, EncodeStep, ErrorKind, Step};
/// # use codec_core::doc_example::Ascii;
/// codec_test::kernels::check_transcode(&Ascii, &Ascii, b"ab\xFFcd", 2);
/// ```
pub fn check_transcode<D, E>(from: &D, to: &E, input: &[u8], at: usize)
where
    D: Decode<Point = CodePoint> + ?Sized,
    E: Encode<Point = CodePoint> + ?Sized,
{
    let len = input.len();
    let cut = (at + 1).min(len);
    let odd: Vec<_> = (0..len).step_by(61).map(|i| i..(i + 61).min(len)).collect();
    for modes in [(DecodeMode::Fatal, EncodeMode::Fatal), (DecodeMode::Replace, EncodeMode::Replace)] {
        for chunks in [vec![0..len], vec![0..cut, cut..len], odd.clone()] {
            for dst in TRANSCODE_DST {
                check_transcode_once(from, to, input, modes, &chunks, dst);
            }
        }
    }
}
