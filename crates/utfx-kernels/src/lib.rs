//! The kernels of utfx: the SIMD and word-at-a-time loops over plain
//! slices (`&[u8]`, `&[u16]`, `&[u32]`) and grammar tables that the codecs'
//! bulk paths and the core's driver are built from, and all of the
//! project's `unsafe` (decision 0016).
//!
//! It knows no codec and depends on no crate of the workspace: code points
//! are `u32`s, UTF-16 is `u16`s or bytes in a given order, and a grammar of
//! the UTF-8 family is the [`Utf8Tables`] its codec builds. What it holds:
//!
//! * conversions between UTF-8 and UTF-16 for Unicode scalar values
//!   ([`utf8_to_utf16`], [`valid_utf8_to_utf16`], [`checked_utf8_to_utf16`],
//!   [`utf16_to_utf8`], [`utf16_bytes_to_utf8`], [`units_to_utf8`]), and
//!   between UTF-8 and code points ([`valid_utf8_to_code_points`],
//!   [`checked_utf8_to_code_points`], [`scalars_to_utf8`], [`utf8_bytes`]),
//!   and from Unicode scalar values to CESU-8 and Modified UTF-8
//!   ([`scalars_to_cesu8`], `cesu8.rs`, `avx2_cesu8.rs`);
//! * validation of UTF-16 ([`utf16_prefix`], [`utf16_units_prefix`],
//!   [`utf16_bytes_prefix`]) and of any grammar of the UTF-8 family that a
//!   codec gives as [`Utf8Tables`] ([`valid_prefix`], `validate.rs`,
//!   decision 0014): the validator of generalized UTF-8 and WTF-8;
//! * counting ([`count_utf8_code_points`], [`count_code_points`],
//!   [`count_code_points_utf16_bytes`]), exact output lengths without
//!   converting ([`utf16_len_from_utf8`], [`utf8_len_from_utf16`],
//!   [`utf8_len_from_utf16_bytes`], [`utf8_len_from_utf32_bytes`],
//!   [`utf16_len_from_utf32_bytes`], [`utf8_len_from_latin1`];
//!   `lengths.rs`, `simd/lengths.rs`) and ASCII scans ([`ascii_prefix`]);
//! * UTF-16's surrogate pairs, the one place their arithmetic is written
//!   ([`join_surrogates`], [`split_surrogates`]), and UTF-16 to code points
//!   ([`utf16_to_code_points`], [`utf16_prefix_to_code_points`];
//!   `surrogates.rs`);
//! * CESU-8's pair rule over surrogates' three-byte forms: whether they
//!   pair up ([`surrogate_forms_pair_up`]), the prefix of valid text whose
//!   forms pair up ([`paired_prefix`], at AVX-512 in the validator's blocks
//!   of `avx512.rs`) and where a window of it may end ([`pair_window_end`];
//!   decision 0036);
//! * UTF-32 held as bytes in either order: its validation and its
//!   conversions to and from UTF-16 ([`utf32_bytes_prefix`],
//!   [`utf32_bytes_to_utf16`], [`utf16_to_utf32_bytes`]; `utf32.rs`,
//!   `simd/utf32.rs`), and Latin-1 to and from UTF-8 and UTF-16
//!   ([`latin1_to_utf8`], [`latin1_to_utf16`], [`utf8_to_latin1`],
//!   [`utf16_to_latin1`]; `latin1.rs`, `simd/latin1.rs`; decision 0047);
//! * appending the UTF-8 prefix of bytes to a `String`, validated once
//!   ([`push_utf8_prefix`], `string.rs`);
//! * the UTF-8 bit distribution with an offset per sequence length, a form
//!   without overlong forms that a codec gives as [`Utf8Offsets`], to
//!   UTF-16 ([`offset_utf8_to_utf16`]) and from code points
//!   ([`code_points_to_offset_utf8`], [`code_points_to_offset_utf8_slice`];
//!   `offsets.rs`, `simd/offsets.rs`, decision 0031).
//!
//! Nothing here is a codec's rule: the conversions are the standard
//! library's `str::encode_utf16` and `char::decode_utf16` over buffers,
//! stopping where a codec's own rules must decide (a lone surrogate, a cut
//! sequence, a full output), with ASCII sixteen bytes at a time (`portable.rs`).
//!
//! # Which instantiation runs
//!
//! One place chooses, once per process: [`level()`] (the best [`Level`] the
//! processor has, found on the first call; [`force_level`] pins another for
//! tests and benchmarks, [`force_portable`] the portable code). Decisions
//! 0013, 0014, 0017 and 0021.
//!
//! | target | level | kernels |
//! |---|---|---|
//! | x86-64 with `std`, AVX2 | [`Level::Avx2`] | the kernels of `simd.rs` over 256-bit vectors (`simd/avx2.rs`), and for code points `avx2_utf32.rs` and `avx2_cesu8.rs` |
//! | the same, with AVX512BW, VBMI2 and POPCNT, Rust 1.89 or later | [`Level::Avx512`] | the AVX2 kernels, but the blocks of UTF-16 to UTF-8, of UTF-16 validation, of checked UTF-8 to UTF-16 and of the family validator in `avx512.rs`, the offset form's decoding to UTF-16 in `avx512_offsets.rs`, and UTF-8 to code points in `avx512_utf32.rs` (64-byte checked blocks, and the AVX2 loop with its blocks without four-byte characters) (`cfg(utfx_kernels_avx512)`, set by `build.rs`) |
//! | x86-64 with `std`, SSE4.2 without AVX2 | [`Level::Sse42`] | the kernels of `simd.rs` over 128-bit vectors (`simd/sse42.rs`) |
//! | little-endian aarch64 (with or without `std`) | [`Level::Neon`] | the kernels of `simd.rs` over NEON (`simd/neon.rs`), always: the target guarantees NEON |
//! | everything else, x86-64 without `std` | [`Level::Portable`] | the portable code of this file and `validate.rs` |
//!
//! The SIMD kernels are each algorithm written once over a small vector
//! trait (16 or 32 bytes) and instantiated per instruction set, as
//! simdutf8 stamps its validator: UTF-8 to UTF-16 (valid, and checked
//! against a grammar's tables), UTF-16 to UTF-8 (from units, and from
//! bytes in either order, counted), UTF-16 validation, ASCII prefixes,
//! counting and lengths, and the family validator (decisions 0017 and 0021). The
//! conversions between UTF-8 and code points run the AVX2 kernels of
//! `avx2_utf32.rs` at the AVX2 levels, and at the others go through the
//! UTF-16 kernels of their level. Every level gives the same results as
//! the portable code.
//!
//! # Where the `unsafe` is
//!
//! The crate denies `unsafe_code`; the files that allow it are the SIMD
//! ones, `simd.rs` (with its instantiations and algorithms in `simd/`),
//! `avx2_utf32.rs`, `avx2_cesu8.rs`, `avx512.rs`, `avx512_offsets.rs` and
//! `avx512_utf32.rs`, and `string.rs`, which makes a `str` of bytes the
//! validator took. The portable forms (`portable.rs` and the others) are
//! safe Rust, and the SIMD kernels are tested against them at every level
//! the machine has (Miri and qemu-user in CI for the `unsafe`).
//!
//! # Features
//!
//! * `std` (default): run-time CPU detection, and with it the SSE4.2, AVX2
//!   and AVX-512 kernels. Without it the crate is `no_std` (it needs
//!   `alloc`) and runs the portable code, or NEON on aarch64.
#![no_std]
#![deny(missing_docs)]
#![deny(unsafe_code)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

/// What the SIMD form `$simd` did where this build has SIMD kernels and the
/// level is not the portable one (`None` there), else nothing (`$none`):
/// for the public kernels of `utf32.rs` and `latin1.rs`, whose portable
/// forms then take the rest.
macro_rules! simd_start {
    ($simd:ident($($arg:expr),*), $none:expr) => {{
        #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
        let start = crate::simd::$simd($($arg),*).unwrap_or($none);
        #[cfg(not(any(
            all(target_arch = "x86_64", feature = "std"),
            all(target_arch = "aarch64", target_endian = "little")
        )))]
        let start = $none;
        start
    }};
}

#[cfg(all(target_arch = "x86_64", feature = "std"))]
mod avx2_cesu8;
#[cfg(all(target_arch = "x86_64", feature = "std"))]
mod avx2_utf32;
#[cfg(all(target_arch = "x86_64", feature = "std", utfx_kernels_avx512))]
mod avx512;
#[cfg(all(target_arch = "x86_64", feature = "std", utfx_kernels_avx512))]
mod avx512_offsets;
#[cfg(all(target_arch = "x86_64", feature = "std", utfx_kernels_avx512))]
mod avx512_utf32;
mod cesu8;
mod latin1;
mod lengths;
mod level;
mod offsets;
mod portable;
#[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
mod simd;
mod string;
mod surrogates;
#[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
mod tables;
#[cfg(test)]
mod test_support;
mod utf32;
mod validate;

pub use latin1::{latin1_to_utf8, latin1_to_utf16, utf8_to_latin1, utf16_to_latin1};
pub use lengths::{
    count_code_points_utf16_bytes, utf8_len_from_latin1, utf8_len_from_utf16, utf8_len_from_utf16_bytes,
    utf8_len_from_utf32_bytes, utf16_len_from_utf8, utf16_len_from_utf32_bytes,
};
pub use level::{Level, force_level, level};
pub use offsets::{Utf8Offsets, code_points_to_offset_utf8, code_points_to_offset_utf8_slice, offset_utf8_to_utf16};
pub use string::{push_utf8_prefix, str_prefix_avx512};
pub use surrogates::{join_surrogates, split_surrogates, utf16_prefix_to_code_points, utf16_to_code_points};
pub use utf32::{utf16_to_utf32_bytes, utf32_bytes_prefix, utf32_bytes_to_utf16};
pub use validate::{Utf8Tables, valid_prefix};

use portable::{
    count_continuations, count_trails, scalars_to_utf8_portable, utf16_to_utf8_portable,
    valid_utf8_to_code_points_portable, valid_utf8_to_utf16_portable,
};

/// Makes every conversion of this module run its portable code from now on
/// (`true`) or choose by the processor again (`false`), for the whole
/// process: a switch for tests and benchmarks, which compare the two
/// ([`force_level`] with [`Level::Portable`] or `None`).
///
/// # Examples
///
/// ```
/// utfx_kernels::force_portable(true);
/// let mut units = [0u16; 2];
/// assert_eq!(utfx_kernels::utf8_to_utf16("h\u{E9}", &mut units), (3, 2));
/// utfx_kernels::force_portable(false);
/// ```
pub fn force_portable(portable: bool) {
    force_level(portable.then_some(Level::Portable));
}

/// Whether this process runs SIMD kernels: whether [`level()`] is other
/// than [`Level::Portable`]. A codec asks it to choose between a conversion that checks
/// as it goes ([`checked_utf8_to_utf16`], one pass only with the kernels)
/// and its own validator then a conversion.
///
/// # Examples
///
/// ```
/// utfx_kernels::force_portable(true);
/// assert!(!utfx_kernels::simd_enabled());
/// utfx_kernels::force_portable(false);
/// ```
#[must_use]
#[inline]
pub fn simd_enabled() -> bool {
    level() != Level::Portable
}

/// Whether the AVX2 kernels run: at [`Level::Avx2`] and [`Level::Avx512`].
#[cfg(all(target_arch = "x86_64", feature = "std"))]
#[inline]
fn use_avx2() -> bool {
    matches!(level(), Level::Avx2 | Level::Avx512)
}

/// Returns how many bytes at the front of `bytes` are ASCII, eight at a time
/// where it can.
///
/// # Examples
///
/// ```
/// assert_eq!(utfx_kernels::ascii_prefix(b"plain ASCII, then \xC3\xA9"), 18);
/// ```
#[must_use]
#[inline]
pub fn ascii_prefix(bytes: &[u8]) -> usize {
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    if let Some(n) = simd::ascii_prefix_at_level(bytes) {
        return n;
    }
    portable::ascii_prefix(bytes)
}

/// How many bytes a sequence of the UTF-8 family that starts with `lead`
/// takes, by the bit distribution alone: 1 for ASCII, then 2, 3 or 4 for
/// `C0..DF`, `E0..EF` and `F0..FF` (a continuation byte counts as 2: the
/// callers look at leads, or do not care on bytes that are not UTF-8).
#[inline]
const fn sequence_len(lead: u8) -> usize {
    match lead {
        0x00..=0x7F => 1,
        0x80..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

/// The start of the sequence that `stop` cuts, or `stop` when it cuts none:
/// the lead of the sequence that byte `stop - 1` is in (at most three bytes
/// back), when that sequence is longer than the bytes before `stop`. The
/// blocks' callers go back there, where the bytes before are known to be
/// whole sequences.
#[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
fn cut_sequence_start(bytes: &[u8], stop: usize) -> usize {
    for back in 1..=stop.min(3) {
        let b = bytes[stop - back];
        if b & 0xC0 != 0x80 {
            return if back < sequence_len(b) { stop - back } else { stop };
        }
    }
    stop
}

/// The start of the character that byte `at` is in: `at` moved back over
/// the continuation bytes there, at most three (no character has more).
/// The AVX-512 kernels go back there from the last byte they did not write.
#[cfg(all(target_arch = "x86_64", feature = "std", utfx_kernels_avx512))]
#[inline]
fn char_start(bytes: &[u8], at: usize) -> usize {
    let mut start = at;
    while start > 0 && start + 3 > at && bytes[start] & 0xC0 == 0x80 {
        start -= 1;
    }
    start
}

/// The first character boundary at or after `at` (or the end): `at` moved
/// past the continuation bytes there, at most three (no character has more;
/// on bytes that are not UTF-8, a run of them is an error the callers'
/// validation finds, and no call may walk the whole run, which would make
/// a kernel called at each error quadratic). The AVX2 kernels start their
/// blocks there, with at least three bytes behind them.
#[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
#[inline]
fn boundary_from(bytes: &[u8], at: usize) -> usize {
    let mut k = bytes.len().min(at);
    while k < bytes.len() && k < at + 3 && bytes[k] & 0xC0 == 0x80 {
        k += 1;
    }
    k
}

/// Reads one character of bytes checked to be UTF-8 at `i`: its value and
/// length, or `None` when the bytes end inside it (only possible on bytes
/// that are not UTF-8).
#[inline]
fn read_char(bytes: &[u8], i: usize) -> Option<(u32, usize)> {
    let b0 = *bytes.get(i)?;
    let len = sequence_len(b0);
    if len == 1 {
        return Some((u32::from(b0), 1));
    }
    let seq = bytes.get(i..i + len)?;
    let tail = |k: usize| u32::from(seq[k] & 0x3F);
    let value = match len {
        2 => (u32::from(b0 & 0x1F) << 6) | tail(1),
        3 => (u32::from(b0 & 0x0F) << 12) | (tail(1) << 6) | tail(2),
        _ => (u32::from(b0 & 0x07) << 18) | (tail(1) << 12) | (tail(2) << 6) | tail(3),
    };
    Some((value, len))
}

/// The UTF-8 bit distribution of a value up to U+10FFFF (surrogates as
/// themselves, the generalized form): the bytes and how many of them, or
/// `None` beyond U+10FFFF.
///
/// # Examples
///
/// ```
/// assert_eq!(utfx_kernels::utf8_bytes(0xE9), Some(([0xC3, 0xA9, 0, 0], 2)));
/// assert_eq!(utfx_kernels::utf8_bytes(0xD800), Some(([0xED, 0xA0, 0x80, 0], 3)));
/// assert_eq!(utfx_kernels::utf8_bytes(0x11_0000), None);
/// ```
#[must_use]
#[inline]
pub fn utf8_bytes(v: u32) -> Option<([u8; 4], usize)> {
    Some(match v {
        0..=0x7F => ([v as u8, 0, 0, 0], 1),
        0x80..=0x7FF => ([0xC0 | (v >> 6) as u8, 0x80 | (v & 0x3F) as u8, 0, 0], 2),
        0x800..=0xFFFF => ([0xE0 | (v >> 12) as u8, 0x80 | ((v >> 6) & 0x3F) as u8, 0x80 | (v & 0x3F) as u8, 0], 3),
        0x1_0000..=0x10_FFFF => (
            [
                0xF0 | (v >> 18) as u8,
                0x80 | ((v >> 12) & 0x3F) as u8,
                0x80 | ((v >> 6) & 0x3F) as u8,
                0x80 | (v & 0x3F) as u8,
            ],
            4,
        ),
        _ => return None,
    })
}

/// Converts UTF-8 text to UTF-16 code units in `dst`, as much as fits, and
/// returns (bytes read, units written); it stops only at the end of `src` or
/// before a character that does not fit.
///
/// # Examples
///
/// ```
/// let mut units = [0u16; 3];
/// assert_eq!(utfx_kernels::utf8_to_utf16("a\u{E9}\u{1F4A9}", &mut units), (3, 2));
/// assert_eq!(units[..2], [0x61, 0xE9]);
/// ```
#[must_use]
pub fn utf8_to_utf16(src: &str, dst: &mut [u16]) -> (usize, usize) {
    valid_utf8_to_utf16(src.as_bytes(), dst)
}

/// Converts bytes that the caller has checked to be well-formed UTF-8 to
/// UTF-16 code units in `dst`, as [`utf8_to_utf16`] does, without checking
/// them again (a codec's kernel runs it after its validator).
///
/// Every sequence of one to four bytes of the UTF-8 family decodes by its
/// bit distribution alone, so checked generalized UTF-8 converts too: the
/// three bytes of a surrogate give that surrogate unit (WTF-8's lone
/// surrogates, CESU-8's halves of a pair) and `C0 80` gives U+0000. On
/// other bytes the units are unspecified, but it never panics and never
/// reads or writes out of bounds.
///
/// # Examples
///
/// ```
/// let mut units = [0u16; 4];
/// assert_eq!(utfx_kernels::valid_utf8_to_utf16("h\u{E9}".as_bytes(), &mut units), (3, 2));
/// ```
#[must_use]
pub fn valid_utf8_to_utf16(bytes: &[u8], dst: &mut [u16]) -> (usize, usize) {
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    if let Some(done) = simd::valid_utf8_to_utf16_at_level(bytes, dst) {
        return done;
    }
    valid_utf8_to_utf16_portable(bytes, dst)
}

/// Converts the longest prefix of `src` that the grammar of `tables` finds
/// well-formed (as [`valid_prefix`] finds it) to UTF-16 code units in
/// `dst`, as far as `dst` has room for (it looks at no more than three
/// bytes a unit of room, which fill it), and returns (bytes read, units
/// written): one pass where [`valid_prefix`] then [`valid_utf8_to_utf16`]
/// would make two. With AVX2 each block of 64 bytes is checked just before
/// it is converted, in the same registers (at AVX-512 also for tables
/// that refuse `00`, [`Utf8Tables::without_nul`]); a grammar with a
/// forbidden pair (WTF-8's), and one that refuses `00` below AVX-512, takes
/// the two passes, a window of 16 KiB at a time.
///
/// # Examples
///
/// ```
/// use utfx_kernels::Utf8Tables;
/// // Two-byte sequences only: C2..DF followed by any continuation byte.
/// let mut second = [None; 64];
/// for lead in 0xC2..=0xDF {
///     second[lead - 0xC0] = Some((0x80, 0xBF));
/// }
/// let tables = Utf8Tables::new(&second).unwrap();
/// let mut units = [0u16; 16];
/// assert_eq!(utfx_kernels::checked_utf8_to_utf16(b"ok \xC3\xA9 \xE2\x82\xAC", &mut units, &tables), (6, 5));
/// assert_eq!(units[..5], [0x6F, 0x6B, 0x20, 0xE9, 0x20]);
/// ```
#[must_use]
pub fn checked_utf8_to_utf16(src: &[u8], dst: &mut [u16], tables: &Utf8Tables) -> (usize, usize) {
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    if let Some(done) = simd::checked_utf8_to_utf16_at_level(src, dst, tables) {
        return done;
    }
    let valid = valid_prefix(&src[..src.len().min(dst.len().saturating_mul(3))], tables);
    valid_utf8_to_utf16(&src[..valid], dst)
}

/// Appends the code points of bytes that the caller has checked to be
/// well-formed UTF-8 to `out`, as [`valid_utf8_to_utf16`] reads them, and
/// returns how many bytes it read (all of them, but for a sequence cut by
/// the end of bytes that are not UTF-8).
///
/// # Examples
///
/// ```
/// let mut out = Vec::new();
/// assert_eq!(utfx_kernels::valid_utf8_to_code_points("h\u{E9}".as_bytes(), &mut out), 3);
/// assert_eq!(out, [0x68, 0xE9]);
/// ```
pub fn valid_utf8_to_code_points(bytes: &[u8], out: &mut alloc::vec::Vec<u32>) -> usize {
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    if bytes.len() >= SHORT
        && let Some(read) = avx2_utf32::valid_utf8_to_code_points(bytes, out)
    {
        return read;
    }
    valid_utf8_to_code_points_portable(bytes, out)
}

/// Appends the code points of the longest prefix of `src` that the grammar
/// of `tables` finds well-formed (as [`valid_prefix`] finds it) to `out`,
/// as [`valid_utf8_to_code_points`] reads them, and returns its length in
/// bytes: one pass where [`valid_prefix`] then [`valid_utf8_to_code_points`]
/// would make two. Meant for grammars of scalar values (a surrogate's form
/// is not well-formed UTF-8 to [`valid_utf8_to_code_points`]). With AVX2 each block is
/// checked just before it is decoded; a grammar with a forbidden pair
/// (WTF-8's) or that refuses `00` takes the two passes. It reads 64 KiB at a time, so what it
/// reserves in `out` stays in proportion to what it decodes.
///
/// # Examples
///
/// ```
/// use utfx_kernels::Utf8Tables;
/// // Two-byte sequences only: C2..DF followed by any continuation byte.
/// let mut second = [None; 64];
/// for lead in 0xC2..=0xDF {
///     second[lead - 0xC0] = Some((0x80, 0xBF));
/// }
/// let tables = Utf8Tables::new(&second).unwrap();
/// let mut out = Vec::new();
/// assert_eq!(utfx_kernels::checked_utf8_to_code_points(b"ok \xC3\xA9 \xE2\x82\xAC", &mut out, &tables), 6);
/// assert_eq!(out.last(), Some(&0x20));
/// ```
pub fn checked_utf8_to_code_points(src: &[u8], out: &mut alloc::vec::Vec<u32>, tables: &Utf8Tables) -> usize {
    const WINDOW: usize = 1 << 16;
    let mut read = 0;
    loop {
        let window = &src[read..src.len().min(read + WINDOW)];
        #[cfg(all(target_arch = "x86_64", feature = "std"))]
        let done = avx2_utf32::checked_utf8_to_code_points(window, out, tables);
        #[cfg(not(all(target_arch = "x86_64", feature = "std")))]
        let done = None;
        let r = done.unwrap_or_else(|| {
            let valid = valid_prefix(window, tables);
            valid_utf8_to_code_points(&window[..valid], out)
        });
        read += r;
        // Done at the end, or where an error stopped it well before the
        // window's end (a character the window cuts is at most three bytes).
        if read == src.len() || r == 0 || r + 4 <= window.len() {
            return read;
        }
    }
}

/// Below this many bytes or code points, the code point conversions go a
/// character at a time instead of through the stack buffers.
const SHORT: usize = 64;

/// Appends the UTF-8 of the leading run of Unicode scalar values of
/// `points` to `out`, and returns how many code points it took (it stops
/// before the first surrogate or value beyond U+10FFFF).
///
/// # Examples
///
/// ```
/// let mut out = Vec::new();
/// let n = utfx_kernels::scalars_to_utf8(&[0xE9, 0xD800], &mut out);
/// assert_eq!((n, out.as_slice()), (1, &b"\xC3\xA9"[..]));
/// ```
pub fn scalars_to_utf8(points: &[u32], out: &mut alloc::vec::Vec<u8>) -> usize {
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    if points.len() >= SHORT
        && let Some(taken) = avx2_utf32::scalars_to_utf8(points, out)
    {
        return taken;
    }
    scalars_to_utf8_portable(points, out)
}

/// Appends the CESU-8 of the leading run of Unicode scalar values of
/// `points` to `out` (with `nul`, their Modified UTF-8: U+0000 as `C0 80`),
/// and returns how many code points it took (it stops before the first
/// surrogate or value beyond U+10FFFF). A supplementary code point is
/// written as its UTF-16 surrogate pair, each unit in UTF-8's three-byte
/// form (Unicode Technical Report #26, §2); every other code point as in
/// UTF-8. With AVX2, eight code points at a time whatever their lengths
/// (`avx2_cesu8.rs`).
///
/// # Examples
///
/// ```
/// let mut out = Vec::new();
/// let n = utfx_kernels::scalars_to_cesu8(&[0x61, 0x1F4A9, 0, 0xD800], false, &mut out);
/// assert_eq!((n, out.as_slice()), (3, &b"a\xED\xA0\xBD\xED\xB2\xA9\x00"[..]));
/// out.clear();
/// assert_eq!(utfx_kernels::scalars_to_cesu8(&[0, 0xE9], true, &mut out), 2);
/// assert_eq!(out, b"\xC0\x80\xC3\xA9");
/// ```
pub fn scalars_to_cesu8(points: &[u32], nul: bool, out: &mut alloc::vec::Vec<u8>) -> usize {
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    if points.len() >= SHORT
        && let Some(taken) = avx2_cesu8::scalars_to_cesu8(points, nul, out)
    {
        return taken;
    }
    cesu8::scalars_to_cesu8_portable(points, nul, out)
}

/// Converts UTF-16 code units, read through `unit(k)` for `k < len`, to
/// UTF-8 in `dst`, as much as fits, and returns (units read, bytes written).
/// It stops before a lone surrogate, before a lead surrogate that is the
/// last unit, and before a character that does not fit.
///
/// `unit` lets a codec read units in its byte order straight from its
/// input; [`utf16_to_utf8`] reads a `[u16]`.
#[must_use]
#[inline]
pub fn units_to_utf8(len: usize, unit: impl Fn(usize) -> u16, dst: &mut [u8]) -> (usize, usize) {
    portable::units_to_utf8(&portable::ByFn(len, unit), dst)
}

/// Converts UTF-16 code units to UTF-8 in `dst`; see [`units_to_utf8`].
///
/// # Examples
///
/// ```
/// let mut bytes = [0u8; 16];
/// let (read, written) = utfx_kernels::utf16_to_utf8(&[0x61, 0xD83D, 0xDCA9, 0xDC00], &mut bytes);
/// assert_eq!((read, &bytes[..written]), (3, "a\u{1F4A9}".as_bytes()));
/// ```
#[must_use]
pub fn utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    if let Some(done) = simd::utf16_to_utf8_at_level(src, dst) {
        return done;
    }
    utf16_to_utf8_portable(src, dst)
}

/// Converts as [`utf16_to_utf8`] does, and also returns how many code points
/// it read: (units read, bytes written, code points). The portable form
/// counts the surrogate pairs as it converts; the SIMD forms count the
/// units they read afterwards, while they are in the nearest cache.
///
/// # Examples
///
/// ```
/// let mut bytes = [0u8; 8];
/// let done = utfx_kernels::utf16_to_utf8_counted(&[0x68, 0xD83D, 0xDCA9], &mut bytes);
/// assert_eq!((done, &bytes[..5]), ((3, 5, 2), "h\u{1F4A9}".as_bytes()));
/// ```
#[must_use]
pub fn utf16_to_utf8_counted(src: &[u16], dst: &mut [u8]) -> (usize, usize, usize) {
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    if let Some((read, written)) = simd::utf16_to_utf8_at_level(src, dst) {
        return (read, written, count_code_points(&src[..read]));
    }
    portable::utf16_to_utf8_counted(src, dst)
}

/// Converts UTF-16 held as bytes, little-endian or (`big_endian`) big-endian,
/// to UTF-8 in `dst`, as [`utf16_to_utf8`] does with the same units: (units
/// read, bytes written). A last odd byte is not read.
///
/// # Examples
///
/// ```
/// let mut bytes = [0u8; 8];
/// let (read, written) = utfx_kernels::utf16_bytes_to_utf8(b"\x00h\x00\xE9", true, &mut bytes);
/// assert_eq!((read, &bytes[..written]), (2, "h\u{E9}".as_bytes()));
/// ```
#[must_use]
pub fn utf16_bytes_to_utf8(src: &[u8], big_endian: bool, dst: &mut [u8]) -> (usize, usize) {
    let (read, written, _) = utf16_bytes_to_utf8_counted(src, big_endian, dst);
    (read, written)
}

/// Converts as [`utf16_bytes_to_utf8`] does, and also returns how many code
/// points it wrote: (units read, bytes written, code points). The SIMD
/// kernels and the portable form count the surrogate pairs they read as
/// they go, so the count costs no second pass over the output.
///
/// # Examples
///
/// ```
/// let mut bytes = [0u8; 8];
/// let done = utfx_kernels::utf16_bytes_to_utf8_counted(b"h\x00=\xD8\xA9\xDC", false, &mut bytes);
/// assert_eq!((done, &bytes[..5]), ((3, 5, 2), "h\u{1F4A9}".as_bytes()));
/// ```
#[must_use]
pub fn utf16_bytes_to_utf8_counted(src: &[u8], big_endian: bool, dst: &mut [u8]) -> (usize, usize, usize) {
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    if let Some(done) = simd::utf16_bytes_to_utf8_at_level(src, big_endian, dst) {
        return done;
    }
    portable::utf16_bytes_to_utf8_counted(src, big_endian, dst)
}

/// Returns how many units at the front of `src` are well-formed UTF-16
/// (ending before a lone surrogate or a lead surrogate that is the last
/// unit), reading them through `unit(k)` for `k < len`.
///
/// # Examples
///
/// ```
/// let units = [0x61, 0xD83D, 0xDCA9, 0xD800];
/// assert_eq!(utfx_kernels::utf16_prefix(units.len(), |k| units[k]), 3);
/// ```
#[must_use]
#[inline]
pub fn utf16_prefix(len: usize, unit: impl Fn(usize) -> u16) -> usize {
    portable::utf16_prefix(len, unit)
}

/// Returns how many units at the front of `src` are well-formed UTF-16, as
/// [`utf16_prefix`] over the slice.
///
/// # Examples
///
/// ```
/// assert_eq!(utfx_kernels::utf16_units_prefix(&[0x61, 0xD83D, 0xDCA9, 0xDC00]), 3);
/// ```
#[must_use]
pub fn utf16_units_prefix(src: &[u16]) -> usize {
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    let start = simd::utf16_units_prefix_at_level(src).unwrap_or(0);
    #[cfg(not(any(
        all(target_arch = "x86_64", feature = "std"),
        all(target_arch = "aarch64", target_endian = "little")
    )))]
    let start = 0;
    start + utf16_prefix(src.len() - start, |k| src[start + k])
}

/// Returns how many units at the front of `src`, UTF-16 held as bytes
/// little-endian or (`big_endian`) big-endian, are well-formed UTF-16, as
/// [`utf16_prefix`] over those units. A last odd byte is not read.
///
/// # Examples
///
/// ```
/// assert_eq!(utfx_kernels::utf16_bytes_prefix(b"a\x00\x00\xD8", false), 1);
/// ```
#[must_use]
pub fn utf16_bytes_prefix(src: &[u8], big_endian: bool) -> usize {
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    let start = simd::utf16_bytes_prefix_at_level(src, big_endian).unwrap_or(0);
    #[cfg(not(any(
        all(target_arch = "x86_64", feature = "std"),
        all(target_arch = "aarch64", target_endian = "little")
    )))]
    let start = 0;
    let unit = |k: usize| {
        let pair = [src[2 * (start + k)], src[2 * (start + k) + 1]];
        if big_endian { u16::from_be_bytes(pair) } else { u16::from_le_bytes(pair) }
    };
    start + utf16_prefix(src.len() / 2 - start, unit)
}

/// Counts the characters of well-formed UTF-8: the bytes that are not
/// continuation bytes.
///
/// # Examples
///
/// ```
/// assert_eq!(utfx_kernels::count_utf8_code_points("h\u{E9}!".as_bytes()), 3);
/// ```
#[must_use]
pub fn count_utf8_code_points(bytes: &[u8]) -> usize {
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    if let Some(continuations) = simd::count_continuations_at_level(bytes) {
        return bytes.len() - continuations;
    }
    bytes.len() - count_continuations(bytes)
}

/// Counts the code points of well-formed UTF-16: the units that are not
/// trail surrogates.
///
/// # Examples
///
/// ```
/// assert_eq!(utfx_kernels::count_code_points(&[0x61, 0xD83D, 0xDCA9]), 2);
/// ```
#[must_use]
pub fn count_code_points(units: &[u16]) -> usize {
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    if let Some(trails) = simd::count_trails_at_level(units) {
        return units.len() - trails;
    }
    units.len() - count_trails(units)
}

/// Whether every surrogate's three-byte form in `text` is half of a pair,
/// as CESU-8 and Modified UTF-8 require: each lead surrogate's form
/// (`ED A0..AF`, U+D800..U+DBFF) followed at once by a trail surrogate's
/// (`ED B0..BF`), and each trail's preceded at once by a lead's. `text` is
/// whole sequences of the UTF-8 family (as the family validator finds
/// them); on other bytes the answer is unspecified, but it never panics.
///
/// # Examples
///
/// ```
/// // U+1F4A9 as two surrogates' forms, then a lone lead surrogate.
/// assert!(utfx_kernels::surrogate_forms_pair_up(b"a\xED\xA0\xBD\xED\xB2\xA9b"));
/// assert!(!utfx_kernels::surrogate_forms_pair_up(b"a\xED\xA0\xBDb"));
/// ```
#[must_use]
pub fn surrogate_forms_pair_up(text: &[u8]) -> bool {
    let n = text.len();
    let lead = |i: usize| text[i] == 0xED && text[i + 1] & 0xF0 == 0xA0;
    let trail = |i: usize| text[i] == 0xED && text[i + 1] & 0xF0 == 0xB0;
    if n < 6 {
        // Room for no pair: no surrogate's form at all.
        return (0..n.saturating_sub(1)).all(|i| !lead(i) && !trail(i));
    }
    // A trail's form in the first three bytes has no lead before it; a
    // lead's in the last four, no room for a trail after it.
    if (0..3).any(trail) || (n - 4..n - 1).any(lead) {
        return false;
    }
    // A lead's form at `i` exactly where a trail's is at `i + 3`, for every
    // `i` below `n - 4`. (At AVX-512, `paired_prefix` checks the pairs in
    // the validator's blocks and does not come here.)
    let m = n - 4;
    let (first, second, fourth, fifth) = (&text[..m], &text[1..=m], &text[3..m + 3], &text[4..]);
    // No early exit, so that the loop vectorizes.
    let mut unpaired = false;
    for i in 0..m {
        let lead = (first[i] == 0xED) & (second[i] & 0xF0 == 0xA0);
        let trail = (fourth[i] == 0xED) & (fifth[i] & 0xF0 == 0xB0);
        unpaired |= lead != trail;
    }
    !unpaired
}

/// Returns the length of a prefix of `input` that is whole sequences
/// `tables` take, with every surrogate's three-byte form half of a pair
/// (see [`surrogate_forms_pair_up`]), as CESU-8 and Modified UTF-8 write
/// their text: it ends where a sequence starts, never between the halves
/// of a pair. `input` starts where a sequence starts.
///
/// The prefix is not always the longest: it ends at or before the first
/// sequence that the tables refuse or that is an unpaired surrogate's
/// form, by less than 72 bytes at `Level::Avx512` (tables without a
/// forbidden pair), whose blocks check the sequences and the pairs in one
/// pass, 64 bytes a block. Elsewhere it is the longest run of whole
/// windows that [`valid_prefix`] and [`surrogate_forms_pair_up`] both take
/// whole, the windows growing fourfold from 64 bytes to 4 KiB while they
/// pass (so the work thrown away on the first that does not stays within
/// four times what was taken). The callers find the exact end a sequence
/// at a time from there. When all of `input` is such text, the prefix is
/// all of it.
///
/// # Examples
///
/// ```
/// use utfx_kernels::{paired_prefix, Utf8Tables};
/// // CESU-8's sequences one at a time: the surrogates' forms pass.
/// let mut second = [None; 64];
/// for lead in 0xC2..=0xEFusize {
///     second[lead - 0xC0] = Some(if lead == 0xE0 { (0xA0, 0xBF) } else { (0x80, 0xBF) });
/// }
/// let cesu = Utf8Tables::new(&second).unwrap();
/// // U+1F4A9 as two surrogates' forms.
/// let text = b"a\xED\xA0\xBD\xED\xB2\xA9b";
/// assert_eq!(paired_prefix(text, &cesu), text.len());
/// // A lone lead surrogate's form: the prefix ends before it, or earlier.
/// assert!(paired_prefix(b"a\xED\xA0\xBDb", &cesu) <= 1);
/// ```
#[must_use]
pub fn paired_prefix(input: &[u8], tables: &Utf8Tables) -> usize {
    #[cfg(all(target_arch = "x86_64", feature = "std", utfx_kernels_avx512))]
    if let Some(prefix) = avx512::paired_prefix_at_level(input, tables) {
        return prefix;
    }
    paired_windows(input, tables)
}

/// [`paired_prefix`] in windows, two passes each: [`valid_prefix`], then
/// [`surrogate_forms_pair_up`]. A window ends where a sequence starts,
/// never between the halves of a pair.
fn paired_windows(input: &[u8], tables: &Utf8Tables) -> usize {
    let (mut start, mut window) = (0, PAIRED_WINDOW.0);
    while start < input.len() {
        let end = pair_window_end(input, start, start + window);
        let block = &input[start..end];
        if block.is_empty() || valid_prefix(block, tables) < block.len() || !surrogate_forms_pair_up(block) {
            break;
        }
        start = end;
        window = (window * 4).min(PAIRED_WINDOW.1);
    }
    start
}

/// Where a window of `input` that starts at `start` (a sequence's start)
/// and would end at `end` ends instead, so that it holds whole sequences
/// and never splits a pair of surrogates' forms (CESU-8's six bytes): at
/// the end of `input` when `end` reaches it; else backed up over up to
/// three continuation bytes to the start of a sequence, then before a lead
/// surrogate's form just before that. The result is never below `start`:
/// it is `start` where nothing in the window may end it (a cut sequence,
/// or a lead surrogate's form alone).
///
/// # Examples
///
/// ```
/// // U+1F4A9 as two surrogates' forms, after "ab".
/// let text = b"ab\xED\xA0\xBD\xED\xB2\xA9c";
/// // A cut inside the trail's form, or between the halves: before the pair.
/// assert_eq!(utfx_kernels::pair_window_end(text, 0, 7), 2);
/// assert_eq!(utfx_kernels::pair_window_end(text, 0, 5), 2);
/// // After the pair, or past the end.
/// assert_eq!(utfx_kernels::pair_window_end(text, 0, 8), 8);
/// assert_eq!(utfx_kernels::pair_window_end(text, 0, 100), text.len());
/// ```
#[must_use]
pub fn pair_window_end(input: &[u8], start: usize, end: usize) -> usize {
    if end >= input.len() {
        return input.len();
    }
    let mut end = end.max(start);
    let mut back = 0;
    while end > start && back < 3 && input[end] & 0xC0 == 0x80 {
        end -= 1;
        back += 1;
    }
    if end >= start + 3 && matches!(input[end - 3..end], [0xED, 0xA0..=0xAF, _]) {
        end -= 3;
    }
    end
}

/// The first and the largest window of [`paired_windows`]: at most a page,
/// so that the two passes read the same page, and the work thrown away
/// where a window fails stays small.
const PAIRED_WINDOW: (usize, usize) = (64, 4096);

#[cfg(test)]
mod tests {
    use alloc::string::String;
    use alloc::vec::Vec;

    use super::{ascii_prefix, count_code_points, count_utf8_code_points, utf8_to_utf16, utf16_prefix, utf16_to_utf8};

    #[test]
    fn surrogate_forms_pair_up_where_a_walk_over_the_sequences_finds_pairs() {
        // Random whole sequences, mostly pairs, now and then a lone lead or
        // trail surrogate's form (which may still meet its other half), up
        // to about 600 bytes (several 64-byte blocks from every alignment);
        // the reference walks the sequences.
        let pieces: [&[u8]; 5] = [b"a", b"\xC3\xA9", b"\xE4\xB8\xAD", b"\xED\xAF\xBF", b"\xED\xB0\x80"];
        let mut rng = crate::test_support::Rng::new(29);
        let trials = if cfg!(miri) { 40 } else { 3000 };
        for trial in 0..trials {
            let count = rng.next() as usize % 160;
            let mut seq: Vec<usize> = Vec::new();
            while seq.len() < count {
                match rng.next() % 200 {
                    0 => seq.push(3),
                    1 => seq.push(4),
                    r if r < 80 => seq.extend([3, 4]),
                    r => seq.push((r % 3) as usize),
                }
            }
            let paired = seq.iter().enumerate().all(|(k, &p)| match p {
                3 => seq.get(k + 1) == Some(&4),
                4 => k > 0 && seq[k - 1] == 3,
                _ => true,
            });
            let text: Vec<u8> = seq.iter().flat_map(|&p| pieces[p].iter().copied()).collect();
            assert_eq!(super::surrogate_forms_pair_up(&text), paired, "trial {trial}: {seq:?}");
        }
    }

    /// CESU-8's sequences one at a time (generalized UTF-8 without
    /// four-byte forms: the surrogates' forms pass), as codec-cesu8's
    /// tables take them.
    fn cesu8_tables() -> crate::Utf8Tables {
        let mut second = [None; 64];
        for lead in 0xC2..=0xEF {
            second[lead - 0xC0] = Some(if lead == 0xE0 { (0xA0, 0xBF) } else { (0x80, 0xBF) });
        }
        crate::Utf8Tables::new(&second).unwrap()
    }

    #[test]
    fn paired_prefix_ends_at_a_good_boundary_close_to_the_first_bad_sequence() {
        // Random pieces, mostly pairs, now and then a lone surrogate's
        // form, `00`, a cut or a four-byte sequence or a stray byte (which
        // CESU-8's tables refuse), over 300 bytes at any address modulo 64.
        // The reference walks the pieces: the longest good prefix, and the
        // boundaries a prefix may end at (not inside a pair).
        let pieces: [&[u8]; 10] = [
            b"a",
            b"\xC3\xA9",
            b"\xE4\xB8\xAD",
            b"\xED\xAF\xBF",
            b"\xED\xB0\x80",
            b"\x00",
            b"\xE4\xB8",
            b"\xF0\x9F\x92\xA9",
            b"\xFF",
            b"\xED\x9F\xBF",
        ];
        let with_nul = cesu8_tables();
        let without_nul = with_nul.without_nul();
        let mut rng = crate::test_support::Rng::new(41);
        let mut buffer = Vec::new();
        let trials = if cfg!(miri) { 30 } else { 3000 };
        for trial in 0..trials {
            let count = rng.next() as usize % 120;
            let mut seq: Vec<usize> = Vec::new();
            while seq.len() < count {
                match rng.next() % 400 {
                    0 => seq.push(3),
                    1 => seq.push(4),
                    2..=5 => seq.push(5 + (rng.next() % 4) as usize),
                    r if r < 180 => seq.extend([3, 4]),
                    r if r < 200 => seq.push(9),
                    r => seq.push((r % 3) as usize),
                }
            }
            let text: Vec<u8> = seq.iter().flat_map(|&p| pieces[p].iter().copied()).collect();
            let offset = rng.next() as usize % 64;
            buffer.clear();
            buffer.resize(offset, b' ');
            buffer.extend_from_slice(&text);
            let input = &buffer[offset..];
            for (tables, nul_good) in [(&with_nul, true), (&without_nul, false)] {
                // The reference: the good prefix's ends, in bytes.
                let mut ends = alloc::vec![0];
                let (mut k, mut at) = (0, 0);
                while k < seq.len() {
                    let units = match seq[k] {
                        0..=2 | 9 => 1,
                        5 if nul_good => 1,
                        3 if seq.get(k + 1) == Some(&4) => 2,
                        _ => break,
                    };
                    at += seq[k..k + units].iter().map(|&p| pieces[p].len()).sum::<usize>();
                    k += units;
                    ends.push(at);
                }
                let good = at;
                let forms = [
                    ("paired_prefix", super::paired_prefix(input, tables)),
                    ("paired_windows", super::paired_windows(input, tables)),
                ];
                for (name, prefix) in forms {
                    let why = || alloc::format!("{name}, trial {trial}, nul {nul_good}, good {good}: {seq:?}");
                    assert!(ends.contains(&prefix), "{prefix} is no good end: {}", why());
                    if good == input.len() {
                        assert_eq!(prefix, good, "{}", why());
                    }
                    if name == "paired_prefix" && crate::level() == crate::Level::Avx512 {
                        assert!(prefix + 72 > good, "{prefix} is too far back: {}", why());
                    }
                }
            }
        }
    }

    #[test]
    fn paired_prefix_finds_each_bad_sequence_at_every_place_around_the_blocks() {
        // A bad sequence after ASCII or pairs, at every place of the first
        // blocks, then nothing, a little or a long run (a lone lead's form
        // at a block's end before ASCII, a cut at the input's end where a
        // block ends), at addresses on each side of a 64-byte boundary.
        let specials: [&[u8]; 6] =
            [b"\xED\xA0\x80", b"\xED\xB0\x80", b"\xE4\xB8", b"\x00", b"\xFF", b"\xF0\x9F\x92\xA9"];
        let pair = b"\xED\xA0\xBD\xED\xB2\xA9";
        let tables = cesu8_tables().without_nul();
        let befores = (0..140).map(|n| (alloc::vec![b'a'; n], 1)).chain((0..30).map(|n| (pair.repeat(n), 6)));
        let afters = [b"".to_vec(), b"a".to_vec(), b"aaa".to_vec(), alloc::vec![b'a'; 200], pair.repeat(20)];
        let offsets: &[usize] = if cfg!(miri) { &[5] } else { &[0, 1, 2, 3, 17, 61, 62, 63] };
        let mut buffer: Vec<u8> = Vec::with_capacity(1024);
        for (before, step) in befores {
            if cfg!(miri) && before.len() % 16 != 3 {
                continue;
            }
            for special in specials {
                for after in &afters {
                    for &offset in offsets {
                        buffer.clear();
                        let start = (64 - buffer.as_ptr().addr() % 64) % 64 + offset;
                        buffer.resize(start, b' ');
                        buffer.extend_from_slice(&before);
                        buffer.extend_from_slice(special);
                        buffer.extend_from_slice(after);
                        let input = &buffer[start..];
                        let good = before.len();
                        let prefix = super::paired_prefix(input, &tables);
                        for prefix in [prefix, super::paired_windows(input, &tables)] {
                            assert!(prefix <= good && prefix % step == 0, "{prefix} of {input:02X?} at {offset}");
                        }
                        if crate::level() == crate::Level::Avx512 {
                            assert!(prefix + 72 > good, "{prefix} of {input:02X?} at {offset}");
                        }
                    }
                }
            }
        }
    }

    /// Both counts, portable and at every SIMD level the machine has,
    /// against `expected`.
    fn check_counts(text: &str, expected: usize) {
        let units: Vec<u16> = text.encode_utf16().collect();
        let bytes = text.as_bytes();
        assert_eq!(count_utf8_code_points(bytes), expected, "{}", text.len());
        assert_eq!(count_code_points(&units), expected, "{}", text.len());
        assert_eq!(bytes.len() - super::count_continuations(bytes), expected);
        assert_eq!(units.len() - super::count_trails(&units), expected);
        #[cfg(any(
            all(target_arch = "x86_64", feature = "std"),
            all(target_arch = "aarch64", target_endian = "little")
        ))]
        for level in super::simd::levels() {
            let n = super::simd::count_continuations_at(level, bytes);
            assert_eq!(bytes.len() - n, expected, "{level:?}, {} bytes", bytes.len());
            let n = super::simd::count_trails_at(level, &units);
            assert_eq!(units.len() - n, expected, "{level:?}, {} units", units.len());
        }
    }

    /// The counts against std's at every length over a few rows of lanes,
    /// and over more than one block of lanes (where a lane would overflow
    /// without the blocks) on text of four-byte characters.
    #[test]
    fn counts_agree_with_std() {
        let text: String = "a\u{E9}\u{800}\u{FFFF}\u{10000}\u{10FFFF}".chars().cycle().take(300).collect();
        let mut ends: Vec<usize> = (0..=text.len()).filter(|&i| text.is_char_boundary(i)).collect();
        if cfg!(any(miri, utfx_slow_runner)) {
            // Every length up to two blocks of 32, then a few.
            ends.retain(|&i| i <= 70 || i % 97 == 0);
        }
        for end in ends {
            let piece = &text[..end];
            check_counts(piece, piece.chars().count());
        }
        // Past 255 rows of byte lanes; and, but under Miri, past 65,535
        // rows of 16-bit lanes (about 1.05 million trail surrogates).
        let n = if cfg!(any(miri, utfx_slow_runner)) { 2100 } else { 1_100_000 };
        check_counts(&"\u{10FFFF}".repeat(n), n);
    }

    #[test]
    fn agree_with_std_at_every_output_size() {
        let text = "plain ascii first, then é, ߿, ࠀ, 𝄞 and 💩 mixed in: abcdefghijklmnop\u{10FFFF}";
        let units: Vec<u16> = text.encode_utf16().collect();
        for size in 0..=units.len() + 2 {
            let mut dst = alloc::vec![0u16; size];
            let (read, written) = utf8_to_utf16(text, &mut dst);
            assert!(text.is_char_boundary(read));
            let expected: Vec<u16> = text[..read].encode_utf16().collect();
            assert_eq!(&dst[..written], &expected[..]);
            // Only a character that does not fit stops it.
            let next = text[read..].chars().next().map_or(0, char::len_utf16);
            assert!(read == text.len() || written + next > size);
        }
        for size in 0..=text.len() + 2 {
            let mut dst = alloc::vec![0u8; size];
            let (read, written) = utf16_to_utf8(&units, &mut dst);
            let expected = String::from_utf16(&units[..read]).unwrap();
            assert_eq!(&dst[..written], expected.as_bytes());
            assert!(read == units.len() || written + 4 > size);
        }
        assert_eq!(ascii_prefix(text.as_bytes()), text.find('é').unwrap());
    }

    #[test]
    fn lone_surrogates_stop_utf16() {
        let mut dst = [0u8; 16];
        assert_eq!(utf16_to_utf8(&[0x41, 0xDC00, 0x42], &mut dst), (1, 1));
        assert_eq!(utf16_to_utf8(&[0x41, 0xD800], &mut dst), (1, 1));
        assert_eq!(utf16_to_utf8(&[0xD800, 0x42], &mut dst), (0, 0));
        let units = [0x41, 0xD800, 0xDC00, 0xD800];
        assert_eq!(utf16_prefix(units.len(), |k| units[k]), 3);
    }
}
