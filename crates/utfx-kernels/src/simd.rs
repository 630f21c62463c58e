//! The SIMD kernels: each algorithm written once over [`Vector`], a
//! vector of 16 or 32 bytes with the few operations the algorithms need,
//! and instantiated per instruction set as simdutf8 stamps its validator:
//! over AVX2 on x86-64 (`simd/avx2.rs`, `__m256i`, compiled with
//! `#[target_feature(enable = "avx2")]`), over SSE4.2 (`simd/sse42.rs`,
//! `__m128i`, with `#[target_feature(enable = "sse4.2,sse4.1,ssse3")]`),
//! both chosen at run time, and over NEON on little-endian aarch64
//! (`simd/neon.rs`, always; the target guarantees it). Decisions 0017 and
//! 0021.
//!
//! The algorithms are those of decisions 0013 and 0014, written for any
//! width: a 256-bit vector is two 128-bit lanes, and the operations that
//! work per lane (the byte shuffle and the interleaves, as AVX2's do) say
//! so; the few that must cross lanes (`prev`, `narrow16`) do it
//! in the implementation.
//!
//! * UTF-8 to UTF-16 works out every byte position's unit at once from the
//!   byte and the three before it, as low and high byte vectors, and packs
//!   the positions that end a character eight units at a time (a shuffle
//!   per 128-bit lane, picked by their mask from `tables.rs`), 64 bytes a
//!   block;
//! * the checked conversion validates (the family validator below) in the
//!   same registers as it converts, one pass; a grammar with a forbidden
//!   pair validates, then converts, in windows that stay in the cache;
//! * UTF-16 to UTF-8 takes two vectors of units at a time: ASCII packed,
//!   units of the basic multilingual plane as each unit's candidate bytes
//!   packed by their lengths, surrogate pairs aligned in 32-bit lanes
//!   together, anything else a character at a time;
//! * UTF-16 validation checks that leads and trails pair up, two vectors
//!   of units at a time; ASCII prefixes and counts take a vector at a time;
//! * the family validator is Keiser and Lemire's lookup algorithm with the
//!   grammar's tables, 64 bytes a block;
//! * the offset form of UTF-8 (Corrected UTF-8's) is in `simd/offsets.rs`:
//!   UTF-8 to UTF-16's blocks with each length's offset added, and code
//!   points to it sixteen at a time (decision 0031).
//!
//! Every block is whole inside the caller's slices (or a zero-padded copy
//! of their last bytes), checked before it starts; a store may write lanes
//! past what it counts as written, never past the slice. What a block does
//! not cover, the portable code of `lib.rs` finishes, so each function
//! returns exactly what its portable form returns.
#![allow(unsafe_code)]

#[cfg(all(target_arch = "x86_64", feature = "std"))]
pub(crate) mod avx2;
mod latin1;
mod lengths;
#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
pub(crate) mod neon;
mod offsets;
#[cfg(all(target_arch = "x86_64", feature = "std"))]
pub(crate) mod sse42;
#[cfg(test)]
mod tests;
mod utf32;

use crate::Level;
use crate::offsets::Utf8Offsets;
use crate::tables::{COMPRESS, KEPT, PACK_LAST, PACK_TWO, cut_character};
use crate::validate::{Pair, Utf8Tables};
use latin1::{latin1_to_utf8, latin1_to_utf16, utf8_to_latin1, utf16_to_latin1};
use lengths::{
    count_continuations, count_trail_bytes, count_trails, utf8_len_from_latin1, utf8_len_from_utf16_bytes,
    utf8_len_from_utf32_bytes, utf16_len_from_utf8, utf16_len_from_utf32_bytes,
};
use offsets::{code_points_to_offset_utf8, code_points_to_offset_utf8_slice, offset_utf8_to_utf16};
use utf32::{utf16_to_utf32_bytes, utf32_bytes_prefix, utf32_bytes_to_utf16};

/// A vector of [`Vector::BYTES`] bytes, 16 or 32 (or lanes of 16 bits, of
/// 32, little-endian), with what the algorithms need of it. A value exists
/// only where its instruction set runs: it is made from a `Token`, which
/// proves it, or from another value; so every operation but the loads and
/// stores is safe.
///
/// Masks are lanes of all ones or all zeros. A vector of 32 bytes is two
/// 128-bit lanes: [`Vector::shuffle`], [`Vector::zip8_lo`] and the other
/// interleaves work in each lane apart, as AVX2's instructions do.
pub(crate) trait Vector: Copy {
    /// Proof that the instruction set runs here.
    type Token: Copy;
    /// The width in bytes: 16 or 32.
    const BYTES: usize;
    /// The token this value was made with.
    fn token(self) -> Self::Token;
    /// Every byte `b`.
    fn splat(t: Self::Token, b: u8) -> Self;
    /// Every 16-bit lane `u`.
    fn splat16(t: Self::Token, u: u16) -> Self;
    /// Every 32-bit lane `u`.
    fn splat32(t: Self::Token, u: u32) -> Self;
    /// The bytes of an array, in every 128-bit lane.
    fn from_array(t: Self::Token, bytes: [u8; 16]) -> Self;
    /// Table rows loaded where they are: `rows[k]` in 128-bit lane `k` (a
    /// 16-byte vector takes the first only).
    fn rows(t: Self::Token, rows: [&[u8; 16]; 2]) -> Self;
    /// Loads [`Vector::BYTES`] bytes from `p`, unaligned.
    ///
    /// # Safety
    ///
    /// `p` is readable for [`Vector::BYTES`] bytes.
    unsafe fn load(t: Self::Token, p: *const u8) -> Self;
    /// Stores the [`Vector::BYTES`] bytes at `p`, unaligned.
    ///
    /// # Safety
    ///
    /// `p` is writable for [`Vector::BYTES`] bytes.
    unsafe fn store(self, p: *mut u8);
    /// Stores the 16 bytes of 128-bit lane `k` (below `BYTES / 16`) at
    /// `p`, unaligned.
    ///
    /// # Safety
    ///
    /// `p` is writable for 16 bytes.
    unsafe fn store_lane(self, k: usize, p: *mut u8);
    /// Loads `BYTES / 2` bytes from `p`, each widened to a 16-bit lane
    /// (`pmovzxbw` from memory, `ushll`).
    ///
    /// # Safety
    ///
    /// `p` is readable for `BYTES / 2` bytes.
    unsafe fn load_widened(t: Self::Token, p: *const u8) -> Self;
    /// Bitwise and.
    fn and(self, o: Self) -> Self;
    /// Bitwise or.
    fn or(self, o: Self) -> Self;
    /// Bitwise exclusive or.
    fn xor(self, o: Self) -> Self;
    /// `self` and not `mask`.
    fn and_not(self, mask: Self) -> Self;
    /// Mask of the bytes equal.
    fn eq8(self, o: Self) -> Self;
    /// Mask of the bytes greater, as `i8`.
    fn gt_i8(self, o: Self) -> Self;
    /// Mask of the bytes greater or equal, as `u8`.
    fn ge_u8(self, o: Self) -> Self;
    /// Mask of the bytes less or equal, as `u8`.
    fn le_u8(self, o: Self) -> Self;
    /// The greater byte of each lane, as `u8`.
    fn max_u8(self, o: Self) -> Self;
    /// Byte lanes subtracted, wrapping.
    fn sub8(self, o: Self) -> Self;
    /// Byte lanes subtracted, saturating at 0.
    fn saturating_sub8(self, o: Self) -> Self;
    /// Mask of the 16-bit lanes equal.
    fn eq16(self, o: Self) -> Self;
    /// Mask of the 16-bit lanes greater, as `i16`.
    fn gt_i16(self, o: Self) -> Self;
    /// 16-bit lanes subtracted, wrapping.
    fn sub16(self, o: Self) -> Self;
    /// 32-bit lanes added, wrapping.
    fn add32(self, o: Self) -> Self;
    /// Each byte shifted left by `N` (0 to 7).
    fn shl8<const N: i32>(self) -> Self;
    /// Each byte shifted right by `N` (1 to 7), zeros shifted in.
    fn shr8<const N: i32>(self) -> Self;
    /// Each 16-bit lane shifted left by `N`.
    fn shl16<const N: i32>(self) -> Self;
    /// Each 16-bit lane shifted right by `N`, zeros shifted in.
    fn shr16<const N: i32>(self) -> Self;
    /// Each 32-bit lane shifted left by `N`.
    fn shl32<const N: i32>(self) -> Self;
    /// Each 32-bit lane shifted right by `N`, zeros shifted in.
    fn shr32<const N: i32>(self) -> Self;
    /// `a` where `mask` is set, else `b`.
    fn select(mask: Self, a: Self, b: Self) -> Self;
    /// In each 128-bit lane, bytes 0 to 7 of `self` and `o` interleaved:
    /// each a 16-bit lane's low and high byte.
    fn zip8_lo(self, o: Self) -> Self;
    /// In each 128-bit lane, bytes 8 to 15 of `self` and `o` interleaved.
    fn zip8_hi(self, o: Self) -> Self;
    /// In each 128-bit lane, 16-bit lanes 0 to 3 of `self` and `o`
    /// interleaved: each a 32-bit lane's low and high half.
    fn zip16_lo(self, o: Self) -> Self;
    /// In each 128-bit lane, 16-bit lanes 4 to 7 of `self` and `o`
    /// interleaved.
    fn zip16_hi(self, o: Self) -> Self;
    /// The 16-bit lanes of `self` then `o` as bytes, in order, for lanes of
    /// -128 to 127 (masks, ASCII).
    fn narrow16(self, o: Self) -> Self;
    /// In each 128-bit lane, the bytes of that lane of `self` that `picks`
    /// names (`0x80`: a zero byte): `pshufb`, `tbl`.
    fn shuffle(self, picks: Self) -> Self;
    /// `self` moved `16 - N` bytes up, the last `16 - N` bytes of `before`
    /// moved in at the bottom: each byte gets the one `16 - N` bytes before
    /// it in `before` then `self` (`palignr`, `ext`; across the two lanes
    /// of AVX2 with `vperm2i128`). `N` is 12 to 15.
    fn prev<const N: i32>(self, before: Self) -> Self;
    /// The high bit of each byte, byte `k` at bit `k`.
    fn high_bits(self) -> u32;
    /// Whether a byte has its high bit set.
    fn any_high_bit(self) -> bool;
    /// Whether every bit is zero.
    fn is_zero(self) -> bool;
    /// The sum of the bytes.
    fn sum_u8(self) -> u32;
    /// The sum of the 16-bit lanes.
    fn sum_u16(self) -> u32;
}

// ---------------------------------------------------------------------------
// Dispatch.

/// Runs the instantiation of `$name` for `$level` (`Some`), or gives
/// `None` at the portable level. `$level` is the level in use, or one that
/// [`Level::is_available`] said this machine has. `Level::Avx512` runs the
/// AVX2 instantiation, whose UTF-16 to UTF-8 blocks are then `avx512.rs`'s.
macro_rules! dispatch {
    ($level:expr, $name:ident($($arg:expr),*)) => {{
        let level: Level = $level;
        #[cfg(all(target_arch = "x86_64", feature = "std"))]
        if matches!(level, Level::Avx2 | Level::Avx512) {
            // SAFETY: the level is `Avx2` or `Avx512` only where the
            // processor has AVX2 (`Level::is_available`, checked by the
            // detection, by `force_level` and by the tests' `pinned`),
            // which the token proves and the instantiation's
            // `target_feature` asks for.
            return Some(unsafe { avx2::$name(avx2::Avx2::new(), $($arg),*) });
        }
        #[cfg(all(target_arch = "x86_64", feature = "std"))]
        if level == Level::Sse42 {
            // SAFETY: the level is `Sse42` only where the processor has
            // SSE4.2, SSE4.1 and SSSE3 (`Level::is_available`, checked by
            // the detection, by `force_level` and by the tests' `pinned`),
            // which the token proves and the instantiation's
            // `target_feature` asks for.
            return Some(unsafe { sse42::$name(sse42::Sse42::new(), $($arg),*) });
        }
        #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
        if level == Level::Neon {
            return Some(neon::$name(neon::Neon::new(), $($arg),*));
        }
        let _ = level;
        None
    }};
}

/// For each kernel: the entry point that `lib.rs` calls, which runs the
/// instantiation of the level in use (`None` at the portable level), and
/// for the tests one pinned to a given level.
macro_rules! entry_points {
    ($($(#[$doc:meta])* $entry:ident / $pinned:ident = $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {$(
        $(#[$doc])*
        #[inline]
        pub(crate) fn $entry($($arg: $ty),*) -> Option<$ret> {
            dispatch!(crate::level(), $name($($arg),*))
        }

        #[doc = concat!("[`", stringify!($entry), "`] at `level`, a SIMD level this machine has.")]
        #[cfg(test)]
        pub(crate) fn $pinned(level: Level, $($arg: $ty),*) -> $ret {
            assert!(level.is_available(), "{level:?}");
            #[allow(unused_mut)]
            let mut run = || dispatch!(level, $name($($arg),*));
            run().expect("a SIMD level")
        }
    )*};
}

entry_points! {
    /// [`crate::valid_utf8_to_utf16`].
    valid_utf8_to_utf16_at_level / valid_utf8_to_utf16_at = valid_utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> (usize, usize);
    /// [`crate::checked_utf8_to_utf16`].
    checked_utf8_to_utf16_at_level / checked_utf8_to_utf16_at = checked_utf8_to_utf16(src: &[u8], dst: &mut [u16], tables: &Utf8Tables) -> (usize, usize);
    /// [`crate::utf16_to_utf8`].
    utf16_to_utf8_at_level / utf16_to_utf8_at = utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> (usize, usize);
    /// [`crate::utf16_bytes_to_utf8_counted`].
    utf16_bytes_to_utf8_at_level / utf16_bytes_to_utf8_at = utf16_bytes_to_utf8(src: &[u8], big_endian: bool, dst: &mut [u8]) -> (usize, usize, usize);
    /// Where the blocks of [`crate::utf16_units_prefix`] stop.
    utf16_units_prefix_at_level / utf16_units_prefix_blocks_at = utf16_units_prefix_blocks(src: &[u16]) -> usize;
    /// Where the blocks of [`crate::utf16_bytes_prefix`] stop.
    utf16_bytes_prefix_at_level / utf16_bytes_prefix_blocks_at = utf16_bytes_prefix_blocks(src: &[u8], big_endian: bool) -> usize;
    /// [`crate::ascii_prefix`].
    ascii_prefix_at_level / ascii_prefix_at = ascii_prefix(bytes: &[u8]) -> usize;
    /// The continuation bytes of `bytes`.
    count_continuations_at_level / count_continuations_at = count_continuations(bytes: &[u8]) -> usize;
    /// The trail surrogates of `units`.
    count_trails_at_level / count_trails_at = count_trails(units: &[u16]) -> usize;
    /// The trail surrogates of UTF-16 held as bytes in order `big_endian`.
    count_trail_bytes_at_level / count_trail_bytes_at = count_trail_bytes(src: &[u8], big_endian: bool) -> usize;
    /// [`crate::utf16_len_from_utf8`].
    utf16_len_from_utf8_at_level / utf16_len_from_utf8_at = utf16_len_from_utf8(valid: &[u8]) -> usize;
    /// [`crate::utf8_len_from_utf16_bytes`].
    utf8_len_from_utf16_bytes_at_level / utf8_len_from_utf16_bytes_at = utf8_len_from_utf16_bytes(src: &[u8], big_endian: bool) -> usize;
    /// [`crate::utf8_len_from_utf32_bytes`].
    utf8_len_from_utf32_bytes_at_level / utf8_len_from_utf32_bytes_at = utf8_len_from_utf32_bytes(src: &[u8], big_endian: bool) -> usize;
    /// [`crate::utf16_len_from_utf32_bytes`].
    utf16_len_from_utf32_bytes_at_level / utf16_len_from_utf32_bytes_at = utf16_len_from_utf32_bytes(src: &[u8], big_endian: bool) -> usize;
    /// [`crate::utf8_len_from_latin1`].
    utf8_len_from_latin1_at_level / utf8_len_from_latin1_at = utf8_len_from_latin1(bytes: &[u8]) -> usize;
    /// Where the blocks of [`crate::utf32_bytes_prefix`] stop, in units.
    utf32_bytes_prefix_at_level / utf32_bytes_prefix_at = utf32_bytes_prefix(src: &[u8], big_endian: bool) -> usize;
    /// [`crate::utf32_bytes_to_utf16`] but for its tail.
    utf32_bytes_to_utf16_at_level / utf32_bytes_to_utf16_at = utf32_bytes_to_utf16(src: &[u8], big_endian: bool, dst: &mut [u16]) -> (usize, usize);
    /// [`crate::utf16_to_utf32_bytes`] but for its tail.
    utf16_to_utf32_bytes_at_level / utf16_to_utf32_bytes_at = utf16_to_utf32_bytes(src: &[u16], big_endian: bool, dst: &mut [u8]) -> (usize, usize);
    /// [`crate::latin1_to_utf16`] but for its tail.
    latin1_to_utf16_at_level / latin1_to_utf16_at = latin1_to_utf16(src: &[u8], dst: &mut [u16]) -> usize;
    /// [`crate::utf16_to_latin1`] but for its tail.
    utf16_to_latin1_at_level / utf16_to_latin1_at = utf16_to_latin1(src: &[u16], dst: &mut [u8]) -> usize;
    /// [`crate::latin1_to_utf8`] but for its tail.
    latin1_to_utf8_at_level / latin1_to_utf8_at = latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> (usize, usize);
    /// [`crate::utf8_to_latin1`] but for its tail.
    utf8_to_latin1_at_level / utf8_to_latin1_at = utf8_to_latin1(src: &[u8], dst: &mut [u8]) -> (usize, usize);
    /// Where the validator stops, at or just after the first error (see
    /// [`first_error_block`]).
    first_error_block_at_level / first_error_block_at = first_error_block(input: &[u8], tables: &Utf8Tables) -> usize;
    /// [`crate::offset_utf8_to_utf16`].
    offset_utf8_to_utf16_at_level / offset_utf8_to_utf16_at = offset_utf8_to_utf16(src: &[u8], dst: &mut [u16], form: &Utf8Offsets) -> (usize, usize);
    /// [`crate::code_points_to_offset_utf8`].
    code_points_to_offset_utf8_at_level / code_points_to_offset_utf8_at = code_points_to_offset_utf8(src: &[u32], out: &mut alloc::vec::Vec<u8>, form: &Utf8Offsets) -> usize;
    /// [`crate::code_points_to_offset_utf8_slice`].
    code_points_to_offset_utf8_slice_at_level / code_points_to_offset_utf8_slice_at = code_points_to_offset_utf8_slice(src: &[u32], dst: &mut [u8], form: &Utf8Offsets) -> (usize, usize);
}

/// The SIMD levels of this module that this machine has, for the tests
/// (`Level::Avx512` runs the AVX2 instantiation but for UTF-16 to UTF-8,
/// UTF-16 validation, checked UTF-8 to UTF-16 and the family validator's
/// blocks, which the AVX2 entry points hand to `avx512.rs` when
/// the process runs at `Level::Avx512`: so on a machine with AVX-512 the
/// sweeps at `Level::Avx2` check those blocks, and the AVX2 ones run on
/// machines without it).
#[cfg(test)]
pub(crate) fn levels() -> alloc::vec::Vec<Level> {
    [Level::Avx2, Level::Sse42, Level::Neon].into_iter().filter(|level| level.is_available()).collect()
}

// ---------------------------------------------------------------------------
// UTF-8 to UTF-16.

/// Converts valid UTF-8 to UTF-16 as `crate::valid_utf8_to_utf16_portable`
/// does (same result, same contract on bytes that are not UTF-8), 64 bytes
/// at a time while 64 units fit.
#[inline(always)]
fn valid_utf8_to_utf16<V: Vector>(t: V::Token, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    // Whole characters first, until at least three bytes lie behind: the
    // blocks look back three bytes.
    let head = crate::boundary_from(src, 3);
    let (mut i, mut o) = crate::valid_utf8_to_utf16_portable(&src[..head], dst);
    if i == head && i >= 3 {
        while i + 65 <= src.len() && o + 64 <= dst.len() {
            // SAFETY: `3 <= i` and `i + 65 <= src.len()`: the block's reads,
            // `i - 3 .. i + 65`, are inside `src`; it writes at most 64
            // units from `o`, and `o + 64 <= dst.len()`.
            // (Never `None` without a checker.)
            o = unsafe { utf8_block64::<V>(t, None, src.as_ptr().add(i), dst.as_mut_ptr(), o) }.unwrap_or(o);
            i += 64;
        }
        let rest = src.len() - i;
        if rest > 0 && rest < 65 && o + 64 <= dst.len() {
            // The last bytes, and the three before them, in a block of
            // their own padded with zeros (ASCII): each padding byte gets
            // a unit, taken back at once.
            let mut block = [0u8; 3 + 64 + 1];
            block[..3 + rest].copy_from_slice(&src[i - 3..]);
            // SAFETY: `block` holds the 3 bytes before the 64 and the one
            // after them; `o + 64 <= dst.len()`.
            let next = unsafe { utf8_block64::<V>(t, None, block.as_ptr().add(3), dst.as_mut_ptr(), o) }.unwrap_or(o);
            o = next - (64 - rest.min(64));
            i = src.len();
        }
        // The blocks may end inside a character: back up to its start and
        // take back what they wrote for it.
        if let Some((start, units)) = cut_character(src, i) {
            i = start;
            o = o.saturating_sub(units);
        }
    }
    let (read, written) = crate::valid_utf8_to_utf16_portable(&src[i..], &mut dst[o..]);
    (i + read, o + written)
}

/// Converts the 64 bytes at `p` (the characters that end in them), writing
/// units from `dst + o`, and returns the new `o`. With a `checker`, it also
/// checks them with the grammar's tables (with the three bytes before: a
/// character cut at `p` must go on with continuation bytes), in the same
/// registers, and gives `None` when they have an error (what it wrote past
/// `o` is then not counted); without one it always gives `Some`.
///
/// # Safety
///
/// `p - 3 .. p + 65` is readable and `dst + o .. dst + o + 64` writable.
#[inline(always)]
unsafe fn utf8_block64<V: Vector>(
    t: V::Token,
    checker: Option<&Checker<V>>,
    p: *const u8,
    dst: *mut u16,
    o: usize,
) -> Option<usize> {
    let w = V::BYTES;
    // SAFETY (for every load of the vectors of the block): the caller's
    // promise, `p .. p + 64` is readable, and `k < 64 / w`.
    let load = |k: usize| unsafe { V::load(t, p.add(k * w)) };
    let (mut all, mut top) = (load(0), load(0));
    for k in 1..64 / w {
        (all, top) = (all.or(load(k)), top.max_u8(load(k)));
    }
    // SAFETY: the caller's promise: `p - 3 .. p` is readable.
    let before = unsafe { [*p.sub(1), *p.sub(2), *p.sub(3)] };
    if !all.any_high_bit() {
        // ASCII is an error only after a lead that wants more bytes.
        if checker.is_some() && (before[0] >= 0xC0 || before[1] >= 0xE0 || before[2] >= 0xF0) {
            return None;
        }
        // 64 ASCII bytes, each widened to a unit as it is loaded again (a
        // widening of a vector in registers takes one more shuffle a half
        // with AVX2: Latin lipsum at 0.85 times the speed).
        for k in 0..128 / w {
            // SAFETY: the caller's promise: `p .. p + 64` is readable and
            // `dst + o .. dst + o + 64` writable; these are bytes and units
            // `k w / 2 .. (k + 1) w / 2` of them.
            unsafe { V::load_widened(t, p.add(k * w / 2)).store(dst.add(o + k * w / 2).cast()) };
        }
        return Some(o + 64);
    }
    // Four-byte characters in the block or ending in it (a lead byte of
    // F0 or more from three bytes before it on) take the longer form.
    let four = top.ge_u8(V::splat(t, 0xF0)).any_high_bit() || before.iter().any(|&b| b >= 0xF0);
    let mut errors = V::splat(t, 0);
    let mut o = o;
    // SAFETY: the caller's promise covers each vector's reads (`p + k w - 3
    // .. p + (k + 1) w + 1`, inside `p - 3 .. p + 65`) and writes (`w`
    // units from `o`, which each moves on by at most `w`).
    unsafe {
        if four {
            for k in 0..64 / w {
                o = utf8_vector::<V, true>(t, checker, p.add(k * w), dst, o, &mut errors);
            }
        } else {
            for k in 0..64 / w {
                o = utf8_vector::<V, false>(t, checker, p.add(k * w), dst, o, &mut errors);
            }
        }
    }
    errors.is_zero().then_some(o)
}

/// Converts the [`Vector::BYTES`] bytes at `p` as [`utf8_block64`] does;
/// `FOUR` when four-byte characters may end in them. Each position's unit
/// is built as two byte vectors, low and high bytes, from the byte `c0`
/// and the three before it (`c1`, `c2`, `c3`):
///
/// | the position ends | low byte | high byte |
/// |---|---|---|
/// | `0xxxxxxx` | `0xxxxxxx` | `00000000` |
/// | `110yyyyy 10xxxxxx` | `yyxxxxxx` | `00000yyy` |
/// | `1110zzzz 10yyyyyy 10xxxxxx` | `yyxxxxxx` | `zzzzyyyy` |
/// | `11110uuu 10uuzzzz 10yyyyyy 10xxxxxx` | `yyxxxxxx` | `110111yy` |
/// | the third byte, `11110uuu 10uuzzzz 10yyyyyy` | `wwzzzzyy` | `110110ww` |
///
/// where `wwww` is `uuuuu` less one (the lead surrogate). The positions
/// whose next byte is not a continuation byte (and the third byte of a
/// four-byte character) are kept, and packed eight at a time, a shuffle
/// from [`COMPRESS`] per 128-bit lane. With a `checker`, the bytes' errors
/// are added to `errors` (without four-byte characters, none three bytes
/// back asks for a continuation byte).
///
/// ASCII takes the same path: a case for a vector of ASCII, after 64
/// bytes that were not all ASCII, guessed wrong about as often as right in
/// mixed text (session 22, with AVX2: French 9.0 to 7.6 GB/s, Vietnamese
/// 7.4 to 6.7, where such runs are common).
///
/// # Safety
///
/// `p - 3 .. p + BYTES + 1` is readable and `dst + o .. dst + o + BYTES`
/// writable.
#[inline(always)]
unsafe fn utf8_vector<V: Vector, const FOUR: bool>(
    t: V::Token,
    checker: Option<&Checker<V>>,
    p: *const u8,
    dst: *mut u16,
    o: usize,
    errors: &mut V,
) -> usize {
    // SAFETY: the caller's promise.
    let (c0, c1, c2, next) =
        unsafe { (V::load(t, p), V::load(t, p.sub(1)), V::load(t, p.sub(2)), V::load(t, p.add(1))) };
    let byte = |b: u8| V::splat(t, b);
    let ascii = c0.gt_i8(byte(0xFF));
    // Kept: the next byte is not a continuation byte (above -65 as `i8`),
    // or the byte is ASCII (always a unit, as in a block of ASCII, even
    // before a stray continuation byte: not UTF-8, see `cut_character`).
    let mut keep = next.gt_i8(byte(0xBF)).or(ascii);
    let mut low = c0.and(byte(0x3F)).or(c1.shl8::<6>());
    let c1_middle = c1.shr8::<2>().and(byte(0x0F));
    let lead3 = c2.and(byte(0xF0)).eq8(byte(0xE0));
    let mut high = c1_middle.or(c2.shl8::<4>().and(lead3));
    // SAFETY: the caller's promise.
    let c3 = if FOUR { unsafe { V::load(t, p.sub(3)) } } else { byte(0) };
    if let Some(checker) = checker {
        *errors = errors.or(checker.errors_after(c0, [c1, c2, c3]));
    }
    if FOUR {
        let (ends4, third4) = (c3.ge_u8(byte(0xF0)), c2.ge_u8(byte(0xF0)));
        keep = keep.or(third4);
        high = V::select(ends4, c1_middle.and(byte(0x03)).or(byte(0xDC)), high);
        let plane = c2.shl8::<2>().and(byte(0x1C)).or(c1.shr8::<4>().and(byte(0x03)));
        let w = plane.sub8(byte(1));
        let lead_low = w.shl8::<6>().or(c1.shl8::<2>().and(byte(0x3C))).or(c0.shr8::<4>().and(byte(0x03)));
        let lead_high = w.shr8::<2>().and(byte(0x03)).or(byte(0xD8));
        low = V::select(third4, lead_low, low);
        high = V::select(third4, lead_high, high);
    }
    let low = V::select(ascii, c0, low);
    let high = high.and_not(ascii);
    // The mask of each eight positions: `zip8_lo` holds positions 0 to 7
    // of each 128-bit lane, `zip8_hi` 8 to 15.
    let keep = keep.high_bits() as usize;
    let eight = |k: usize| (keep >> (8 * k)) & 0xFF;
    let a = low.zip8_lo(high).shuffle(V::rows(t, [&COMPRESS[eight(0)], &COMPRESS[eight(2)]]));
    let b = low.zip8_hi(high).shuffle(V::rows(t, [&COMPRESS[eight(1)], &COMPRESS[eight(3)]]));
    let mut o = o;
    for lane in 0..V::BYTES / 16 {
        // SAFETY: the caller's promise: each store of 8 units starts at
        // most `BYTES - 8` units after the first `o`.
        unsafe {
            a.store_lane(lane, dst.add(o).cast());
            o += usize::from(KEPT[eight(2 * lane)]);
            b.store_lane(lane, dst.add(o).cast());
            o += usize::from(KEPT[eight(2 * lane + 1)]);
        }
    }
    o
}

/// Converts the longest prefix of `src` that `tables` find well-formed, as
/// far as `dst` has room for (three bytes a unit of room at most), as
/// `crate::checked_utf8_to_utf16` defines it: each block of 64 bytes
/// checked just before it is converted, as `avx2.rs` does; a grammar with
/// a forbidden pair (which the blocks do not look for) validates a window
/// then converts it.
#[inline(always)]
fn checked_utf8_to_utf16<V: Vector>(t: V::Token, src: &[u8], dst: &mut [u16], tables: &Utf8Tables) -> (usize, usize) {
    // Three bytes a unit at most fill `dst`.
    let src = &src[..src.len().min(dst.len().saturating_mul(3))];
    if tables.pair.is_some() || tables.nul {
        return checked_in_windows::<V>(t, src, dst, tables);
    }
    let checker = Checker::<V>::new(t, tables);
    // Whole characters first, checked one by one, until at least three
    // bytes lie behind.
    let head = crate::boundary_from(src, 3);
    let valid = crate::validate::valid_prefix_portable(&src[..head], tables);
    let (mut i, mut o) = crate::valid_utf8_to_utf16_portable(&src[..valid], dst);
    if valid == head && i == head && i >= 3 {
        // Whole blocks while at least one byte follows them (a character
        // cut at a block's end shows in the next): the loop holds nothing
        // else (with the last block in it too, which needs a copy, the
        // compiler kept the output position in memory, and text all ASCII
        // went at 0.88 times the hand-written AVX2 kernel's speed).
        let mut stopped = false;
        while i + 65 <= src.len() && o + 64 <= dst.len() {
            // SAFETY: `3 <= i` and `i + 65 <= src.len()`: the block's
            // reads, `i - 3 .. i + 65`, are inside `src`; `o + 64 <= dst.len()`.
            match unsafe { utf8_block64::<V>(t, Some(&checker), src.as_ptr().add(i), dst.as_mut_ptr(), o) } {
                Some(next) => o = next,
                None => {
                    stopped = true;
                    break;
                }
            }
            i += 64;
        }
        // The last bytes go in a block of their own padded with zeros, at
        // least one of them inside the 64 checked: a character cut by the
        // end of the input, or a byte that never starts one, is an error
        // there (a lead before ASCII), for the exact path below.
        let rest = src.len() - i;
        if !stopped && rest > 0 && rest < 64 && o + 64 <= dst.len() {
            let mut padded = [0u8; 3 + 64 + 1];
            padded[..3 + rest].copy_from_slice(&src[i - 3..]);
            // SAFETY: `padded` has the 3 bytes before the block and 65 from
            // it; `o + 64 <= dst.len()`.
            if let Some(next) =
                unsafe { utf8_block64::<V>(t, Some(&checker), padded.as_ptr().add(3), dst.as_mut_ptr(), o) }
            {
                return (src.len(), next - (64 - rest));
            }
        }
        // The blocks before `i` are well-formed but for a character cut at
        // `i` (its error shows in the block after): back up to its start.
        // Where no block ran, the characters before `i` are the head's,
        // whole and written whole: nothing to take back.
        if i > head
            && let Some((start, units)) = cut_character(src, i)
        {
            i = start;
            o = o.saturating_sub(units);
        }
        // From that boundary on, the exact validator and the converter, on
        // no more than fills what is left of `dst`.
        let rest = &src[i..src.len().min(i + 3 * (dst.len() - o))];
        let stop = first_error_block::<V>(t, rest, tables);
        let valid = crate::validate::finish(rest, tables, stop);
        let (read, written) = valid_utf8_to_utf16::<V>(t, &rest[..valid], &mut dst[o..]);
        return (i + read, o + written);
    }
    (i, o)
}

/// The checked conversion for a grammar with a forbidden pair, or that
/// refuses `00` (which `utf8_block64`'s checks do not look for): the valid
/// prefix of a window found by [`first_error_block`] and
/// `validate::finish`, then converted, window after window (so that the
/// bytes are still in the cache for the conversion).
#[inline(always)]
fn checked_in_windows<V: Vector>(t: V::Token, src: &[u8], dst: &mut [u16], tables: &Utf8Tables) -> (usize, usize) {
    /// Bytes validated before they are converted.
    const WINDOW: usize = 1 << 14;
    let (mut i, mut o) = (0, 0);
    loop {
        // A whole window's valid prefix may end before a character the
        // window cuts, or (WTF-8) before a lead surrogate that the window
        // ends less than three bytes after: at most 5 bytes back, which
        // the next window, starting there, decides.
        let end = src.len().min(i + WINDOW);
        let window = &src[i..end];
        let stop = first_error_block::<V>(t, window, tables);
        let valid = crate::validate::finish(window, tables, stop);
        let (read, written) = valid_utf8_to_utf16::<V>(t, &window[..valid], &mut dst[o..]);
        i += read;
        o += written;
        // Done at the end of the input or of the room, or at an error.
        if end == src.len() || read < valid || valid + 8 <= window.len() || valid == 0 {
            return (i, o);
        }
    }
}

// ---------------------------------------------------------------------------
// UTF-16 to UTF-8.

/// The bytes of `units`, in the machine's order (little-endian: the
/// targets of this module).
#[inline(always)]
pub(crate) fn units_as_bytes(units: &[u16]) -> &[u8] {
    // SAFETY: the `2 * units.len()` bytes of `units`, which a `u8` may
    // read at any alignment, for as long as `units` is borrowed.
    unsafe { core::slice::from_raw_parts(units.as_ptr().cast::<u8>(), 2 * units.len()) }
}

/// Loads a vector of units from `p`, swapping the bytes of each when
/// `SWAP`.
///
/// # Safety
///
/// `p` is readable for [`Vector::BYTES`] bytes.
#[inline(always)]
unsafe fn load_units<V: Vector, const SWAP: bool>(t: V::Token, p: *const u8) -> V {
    // SAFETY: the caller's promise.
    let v = unsafe { V::load(t, p) };
    if SWAP { v.shuffle(V::from_array(t, [1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14])) } else { v }
}

/// Converts UTF-16 units (in the machine's order) to UTF-8 as
/// `crate::utf16_to_utf8_portable` does: same result, same stops.
#[inline(always)]
fn utf16_to_utf8<V: Vector>(t: V::Token, src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    utf16_to_utf8_by(src, dst, |bytes, dst| utf16_blocks_of::<V>(t, bytes, false, dst))
}

/// [`utf16_to_utf8`] with the block loop `blocks` (over the units as
/// bytes, in the machine's order; it returns what [`utf16_blocks`] does):
/// the AVX2 instantiation gives `avx512.rs`'s at `Level::Avx512`.
#[inline(always)]
fn utf16_to_utf8_by(
    src: &[u16],
    dst: &mut [u8],
    blocks: impl FnOnce(&[u8], &mut [u8]) -> (usize, usize, usize),
) -> (usize, usize) {
    let (i, o, _) = blocks(units_as_bytes(src), dst);
    let (read, written) = crate::utf16_to_utf8_portable(&src[i..], &mut dst[o..]);
    (i + read, o + written)
}

/// Converts UTF-16 units held as bytes in little-endian (`big_endian`
/// false) or big-endian order to UTF-8 as `crate::units_to_utf8` does with
/// the same units: (units read, bytes written, code points written).
#[inline(always)]
fn utf16_bytes_to_utf8<V: Vector>(t: V::Token, src: &[u8], big_endian: bool, dst: &mut [u8]) -> (usize, usize, usize) {
    utf16_bytes_to_utf8_by(src, big_endian, dst, |bytes, dst| utf16_blocks_of::<V>(t, bytes, big_endian, dst))
}

/// [`utf16_bytes_to_utf8`] with the block loop `blocks`, as in
/// [`utf16_to_utf8_by`].
#[inline(always)]
fn utf16_bytes_to_utf8_by(
    src: &[u8],
    big_endian: bool,
    dst: &mut [u8],
    blocks: impl FnOnce(&[u8], &mut [u8]) -> (usize, usize, usize),
) -> (usize, usize, usize) {
    let units = src.len() / 2;
    let (i, o, pairs) = blocks(&src[..2 * units], dst);
    let rest = &src[2 * i..2 * units];
    let unit = |k: usize| {
        let pair = [rest[2 * k], rest[2 * k + 1]];
        if big_endian { u16::from_be_bytes(pair) } else { u16::from_le_bytes(pair) }
    };
    let (read, written) = crate::units_to_utf8(rest.len() / 2, unit, &mut dst[o..]);
    // Each pair the blocks read is one code point of two units; the last
    // few units are counted in what they wrote.
    let points = i - pairs + crate::count_utf8_code_points(&dst[o..o + written]);
    (i + read, o + written, points)
}

/// [`utf16_blocks`] over the units held as `bytes` (a last odd byte is not
/// read), big-endian or little-endian.
#[inline(always)]
fn utf16_blocks_of<V: Vector>(t: V::Token, bytes: &[u8], big_endian: bool, dst: &mut [u8]) -> (usize, usize, usize) {
    // SAFETY: `bytes` is readable for `2 * (bytes.len() / 2)` bytes.
    unsafe {
        if big_endian {
            utf16_blocks::<V, true>(t, bytes.as_ptr(), bytes.len() / 2, dst)
        } else {
            utf16_blocks::<V, false>(t, bytes.as_ptr(), bytes.len() / 2, dst)
        }
    }
}

/// The block loop of UTF-16 to UTF-8 over `units` units at `src`: it stops
/// where fewer than `BYTES` units or `4 * BYTES` bytes of room are left,
/// or before a lone surrogate, and returns (units read, bytes written,
/// surrogate pairs read): the units read less the pairs are the code
/// points written.
///
/// # Safety
///
/// `src` is readable for `2 * units` bytes.
#[inline(always)]
unsafe fn utf16_blocks<V: Vector, const SWAP: bool>(
    t: V::Token,
    src: *const u8,
    units: usize,
    dst: &mut [u8],
) -> (usize, usize, usize) {
    // A pass reads two vectors, `n` units, and writes at most `3 n + 4`
    // bytes (`3 n` counted).
    let (n, w) = (V::BYTES, V::BYTES);
    // Masks of `n` bits, one a unit; `2 n` bits, two a unit.
    let (units_mask, pairs_mask) = (u64::MAX >> (64 - n), u64::MAX >> (64 - 2 * n));
    let (mut i, mut o, mut read_pairs) = (0, 0, 0);
    let not_ascii = V::splat16(t, 0xFF80);
    let (top_bits, surrogate) = (V::splat16(t, 0xF800), V::splat16(t, 0xD800));
    while i + n <= units && o + 4 * n <= dst.len() {
        let to = dst.as_mut_ptr();
        // SAFETY: `i + n <= units`: `2 n` bytes from `2 i` are readable.
        let (a, b) =
            unsafe { (load_units::<V, SWAP>(t, src.add(2 * i)), load_units::<V, SWAP>(t, src.add(2 * i + w))) };
        if a.or(b).and(not_ascii).is_zero() {
            // ASCII units, then more while they last.
            // SAFETY: `o + n <= dst.len()`.
            unsafe { a.narrow16(b).store(to.add(o)) };
            i += n;
            o += n;
            while i + n <= units && o + n <= dst.len() {
                // SAFETY: `i + n <= units`.
                let (a, b) =
                    unsafe { (load_units::<V, SWAP>(t, src.add(2 * i)), load_units::<V, SWAP>(t, src.add(2 * i + w))) };
                if !a.or(b).and(not_ascii).is_zero() {
                    break;
                }
                // SAFETY: `o + n <= dst.len()`.
                unsafe { a.narrow16(b).store(to.add(o)) };
                i += n;
                o += n;
            }
            continue;
        }
        let (top_a, top_b) = (a.and(top_bits), b.and(top_bits));
        let (sa, sb) = (top_a.eq16(surrogate), top_b.eq16(surrogate));
        if sa.or(sb).is_zero() {
            // Units of the basic multilingual plane.
            // SAFETY: the first writes at most `3 n / 2 + 4` bytes and
            // counts at most `3 n / 2`, the second then at most
            // `3 n / 2 + 4`: `o + 3 n + 4 <= dst.len()`.
            unsafe {
                o += bmp::<V>(t, a, top_a, to.add(o));
                o += bmp::<V>(t, b, top_b, to.add(o));
            }
            i += n;
            continue;
        }
        // Surrogate pairs in order in every 32-bit lane, or in those of `a`?
        let kinds = V::splat16(t, 0xFC00);
        let pair = V::splat32(t, 0xDC00_D800);
        let pairs =
            u64::from(a.and(kinds).eq16(pair).high_bits()) | (u64::from(b.and(kinds).eq16(pair).high_bits()) << w);
        if pairs == pairs_mask {
            // SAFETY: `o + 2 w <= dst.len()`.
            unsafe {
                pairs_to_utf8::<V>(t, a).store(to.add(o));
                pairs_to_utf8::<V>(t, b).store(to.add(o + w));
            }
            i += n;
            o += 2 * w;
            read_pairs += n / 2;
            continue;
        }
        if sa.is_zero() {
            // The units of `a` are of the basic multilingual plane.
            // SAFETY: `o + 3 n / 2 + 4 <= dst.len()`.
            o += unsafe { bmp::<V>(t, a, top_a, to.add(o)) };
            i += n / 2;
            continue;
        }
        if pairs & units_mask == units_mask {
            // SAFETY: `o + w <= dst.len()`.
            unsafe { pairs_to_utf8::<V>(t, a).store(to.add(o)) };
            i += n / 2;
            o += w;
            read_pairs += n / 4;
            continue;
        }
        if n / 2 > 8 && sa.high_bits() & 0xFFFF == 0 {
            // The first eight units (a 128-bit lane) are of the basic
            // multilingual plane: they go with zero units after them, one
            // byte each, which the next pass overwrites (before a lone
            // surrogate in text of two-byte characters, a character at a
            // time over sixteen units went at 0.87 times the speed).
            let first = a.and(V::rows(t, [&[0xFF; 16], &[0; 16]]));
            // SAFETY: `o + 3 n / 2 + 4 <= dst.len()`.
            o += unsafe { bmp::<V>(t, first, first.and(top_bits), to.add(o)) } - (n / 2 - 8);
            i += 8;
            continue;
        }
        // A character at a time to the end of the units of `a` (and past
        // it to finish a pair), stopping before a lone surrogate.
        let end = i + n / 2;
        while i < end {
            // SAFETY: `i + 1 < i + n <= units`: units `i` and `i + 1` are readable.
            let (u, next) = unsafe { (read_unit::<SWAP>(src, i), read_unit::<SWAP>(src, i + 1)) };
            let (u, next) = (u32::from(u), u32::from(next));
            match u {
                0..=0x7F => {
                    dst[o] = u as u8;
                    (i, o) = (i + 1, o + 1);
                }
                0x80..=0x7FF => {
                    dst[o..o + 2].copy_from_slice(&[0xC0 | (u >> 6) as u8, 0x80 | (u & 0x3F) as u8]);
                    (i, o) = (i + 1, o + 2);
                }
                0xD800..=0xDBFF if (0xDC00..=0xDFFF).contains(&next) => {
                    let v = crate::join_surrogates(u as u16, next as u16);
                    dst[o..o + 4].copy_from_slice(&[
                        0xF0 | (v >> 18) as u8,
                        0x80 | ((v >> 12) & 0x3F) as u8,
                        0x80 | ((v >> 6) & 0x3F) as u8,
                        0x80 | (v & 0x3F) as u8,
                    ]);
                    (i, o, read_pairs) = (i + 2, o + 4, read_pairs + 1);
                }
                0xD800..=0xDFFF => return (i, o, read_pairs),
                _ => {
                    dst[o..o + 3].copy_from_slice(&[
                        0xE0 | (u >> 12) as u8,
                        0x80 | ((u >> 6) & 0x3F) as u8,
                        0x80 | (u & 0x3F) as u8,
                    ]);
                    (i, o) = (i + 1, o + 3);
                }
            }
        }
    }
    (i, o, read_pairs)
}

/// Reads unit `k` at `src`, swapping its bytes when `SWAP`.
///
/// # Safety
///
/// `src` is readable for `2 * k + 2` bytes.
#[inline(always)]
unsafe fn read_unit<const SWAP: bool>(src: *const u8, k: usize) -> u16 {
    // SAFETY: the caller's promise.
    let pair = unsafe { [*src.add(2 * k), *src.add(2 * k + 1)] };
    if SWAP { u16::from_be_bytes(pair) } else { u16::from_le_bytes(pair) }
}

/// The four bytes of each supplementary character whose surrogate pair
/// fills a 32-bit lane of `v` (lead below, trail above).
#[inline(always)]
fn pairs_to_utf8<V: Vector>(t: V::Token, v: V) -> V {
    let ten = V::splat32(t, 0x3FF);
    let (lead, trail) = (v.and(ten), v.shr32::<16>().and(ten));
    let c = lead.shl32::<10>().or(trail).add32(V::splat32(t, 0x1_0000));
    let six = V::splat32(t, 0x3F);
    let (b1, b2, b3) = (c.shr32::<12>().and(six), c.shr32::<6>().and(six), c.and(six));
    let b0 = c.shr32::<18>().or(V::splat32(t, 0xF0));
    let trails = b1.shl32::<8>().or(b2.shl32::<16>()).or(b3.shl32::<24>());
    b0.or(trails).or(V::splat32(t, 0x8080_8000))
}

/// Writes the UTF-8 of the units of `v` (`BYTES / 2`, none a surrogate) at
/// `to`, and returns how many bytes it is; `top` is `v`'s bits 11 to 15.
/// Each 128-bit lane's eight units are packed by one shuffle (one or two
/// bytes each) or two (up to three), picked by their lengths.
///
/// # Safety
///
/// `to` is writable for `3 BYTES / 2 + 4` bytes (`BYTES` when every unit
/// is below U+0800).
#[inline(always)]
unsafe fn bmp<V: Vector>(t: V::Token, v: V, top: V, to: *mut u8) -> usize {
    let small = top.eq16(V::splat(t, 0));
    let lane = |u: u16| V::splat16(t, u);
    let all = u32::MAX >> (32 - V::BYTES);
    let mut n = 0;
    if small.high_bits() == all {
        // Units below U+0800: one or two bytes each, [lead, trail] in a
        // lane, packed by which lanes have two. `PACK_TWO`'s key has lanes
        // 0 to 3 at its even bits and 4 to 7 at its odd bits.
        let lead = v.shr16::<6>().or(lane(0xC0));
        let trail = v.and(lane(0x3F)).or(lane(0x80));
        let two = lead.or(trail.shl16::<8>());
        let multi = v.gt_i16(lane(0x7F));
        let lanes = V::select(multi, two, v);
        let even = multi.high_bits() & 0x5555_5555;
        let keys = (even | (even >> 7)) & 0x00FF_00FF;
        let pack = |k: usize| &PACK_TWO[((keys >> (16 * k)) & 0xFF) as usize];
        let packed = lanes.shuffle(V::rows(t, [&pack(0).shuffle, &pack(1).shuffle]));
        for k in 0..V::BYTES / 16 {
            // SAFETY: the caller's promise: a 16-byte store at most 16 `k`
            // bytes in.
            unsafe { packed.store_lane(k, to.add(n)) };
            n += usize::from(pack(k).len);
        }
        return n;
    }
    // One to three bytes each: every unit's candidates [lead of three, lead
    // of two or middle, last] in a 32-bit lane, of which PACK_LAST keeps the
    // last one to three.
    let ascii = v.and(lane(0xFF80)).eq16(V::splat(t, 0));
    let last = V::select(ascii, v, v.and(lane(0x3F)).or(lane(0x80)));
    // Bits 6 to 11 under `10` for three bytes, `110` for two.
    let middle = v.shr16::<6>().and(lane(0x3F)).or(lane(0xC0)).xor(lane(0x40).and_not(small));
    let lead = v.shr16::<12>().or(lane(0xE0));
    let front = lead.or(middle.shl16::<8>());
    // Two bits a unit: two bytes or more, three. Units 0 to 3 of each
    // 128-bit lane are in `zip16_lo`, 4 to 7 in `zip16_hi`.
    let keys = (!ascii.high_bits() & 0x5555_5555) | (!small.high_bits() & 0xAAAA_AAAA);
    let pack = |k: usize| &PACK_LAST[((keys >> (8 * k)) & 0xFF) as usize];
    let a = front.zip16_lo(last).shuffle(V::rows(t, [&pack(0).shuffle, &pack(2).shuffle]));
    let b = front.zip16_hi(last).shuffle(V::rows(t, [&pack(1).shuffle, &pack(3).shuffle]));
    for k in 0..V::BYTES / 16 {
        // SAFETY: the caller's promise: 16-byte stores, each at most 12
        // bytes after the one before.
        unsafe {
            a.store_lane(k, to.add(n));
            n += usize::from(pack(2 * k).len);
            b.store_lane(k, to.add(n));
            n += usize::from(pack(2 * k + 1).len);
        }
    }
    n
}

// ---------------------------------------------------------------------------
// UTF-16 validation.

/// Where the blocks stop checking the well-formed UTF-16 prefix of `src`
/// (the machine's order): see [`prefix_blocks`].
#[inline(always)]
fn utf16_units_prefix_blocks<V: Vector>(t: V::Token, src: &[u16]) -> usize {
    // SAFETY: `src` is readable for `2 * src.len()` bytes.
    unsafe { prefix_blocks::<V, false>(t, src.as_ptr().cast(), src.len()) }
}

/// [`utf16_units_prefix_blocks`] over units held as bytes in either order
/// (a last odd byte is not read).
#[inline(always)]
fn utf16_bytes_prefix_blocks<V: Vector>(t: V::Token, src: &[u8], big_endian: bool) -> usize {
    // SAFETY: `src` is readable for `2 * (src.len() / 2)` bytes.
    unsafe {
        if big_endian {
            prefix_blocks::<V, true>(t, src.as_ptr(), src.len() / 2)
        } else {
            prefix_blocks::<V, false>(t, src.as_ptr(), src.len() / 2)
        }
    }
}

/// Checks two vectors of units (`BYTES` units) at a time: without
/// surrogates, or with every lead surrogate followed by a trail surrogate
/// and every trail preceded by a lead (a pair may straddle two blocks). It
/// stops at the first block that is not so, or where fewer than `BYTES`
/// units are left, and returns the start of the character there (a lead
/// surrogate that ended the last block included): every unit before it is
/// well-formed.
///
/// # Safety
///
/// `src` is readable for `2 * units` bytes.
#[inline(always)]
unsafe fn prefix_blocks<V: Vector, const SWAP: bool>(t: V::Token, src: *const u8, units: usize) -> usize {
    let (n, w) = (V::BYTES, V::BYTES);
    let all = u64::MAX >> (64 - n);
    let (mut i, mut carry) = (0, 0u64);
    let (top_bits, surrogate) = (V::splat16(t, 0xF800), V::splat16(t, 0xD800));
    let kind = V::splat16(t, 0xFC00);
    let (lead, trail) = (V::splat16(t, 0xD800), V::splat16(t, 0xDC00));
    while i + n <= units {
        // SAFETY: `i + n <= units`: `2 n` bytes from `2 i` are readable.
        let (a, b) =
            unsafe { (load_units::<V, SWAP>(t, src.add(2 * i)), load_units::<V, SWAP>(t, src.add(2 * i + w))) };
        if carry == 0 && a.and(top_bits).eq16(surrogate).or(b.and(top_bits).eq16(surrogate)).is_zero() {
            i += n;
            continue;
        }
        let (ka, kb) = (a.and(kind), b.and(kind));
        let leads = u64::from(ka.eq16(lead).narrow16(kb.eq16(lead)).high_bits());
        let trails = u64::from(ka.eq16(trail).narrow16(kb.eq16(trail)).high_bits());
        if trails != ((leads << 1) | carry) & all {
            break;
        }
        carry = leads >> (n - 1);
        i += n;
    }
    i - carry as usize
}

// ---------------------------------------------------------------------------
// ASCII and counting.

/// How many bytes at the front of `bytes` are ASCII: 64 at a time, then a
/// vector at a time.
#[inline(always)]
fn ascii_prefix<V: Vector>(t: V::Token, bytes: &[u8]) -> usize {
    let (p, len, w) = (bytes.as_ptr(), bytes.len(), V::BYTES);
    let mut i = 0;
    while i + 64 <= len {
        // SAFETY: `i + 64 <= len`, and `k < 64 / w`.
        let load = |k: usize| unsafe { V::load(t, p.add(i + k * w)) };
        let all = (1..64 / w).fold(load(0), |all, k| all.or(load(k)));
        if all.any_high_bit() {
            break;
        }
        i += 64;
    }
    while i + w <= len {
        // SAFETY: `i + w <= len`.
        let high = unsafe { V::load(t, p.add(i)) }.high_bits();
        if high != 0 {
            return i + high.trailing_zeros() as usize;
        }
        i += w;
    }
    i + bytes[i..].iter().take_while(|b| b.is_ascii()).count()
}

// ---------------------------------------------------------------------------
// The family validator.

/// The grammar's three tables in registers (in each 128-bit lane).
#[derive(Clone, Copy)]
pub(crate) struct Checker<V> {
    byte_1_high: V,
    byte_1_low: V,
    byte_2_high: V,
}

impl<V: Vector> Checker<V> {
    /// The tables of `tables` in registers.
    #[inline(always)]
    pub(crate) fn new(t: V::Token, tables: &Utf8Tables) -> Self {
        Checker {
            byte_1_high: V::from_array(t, tables.byte_1_high),
            byte_1_low: V::from_array(t, tables.byte_1_low),
            byte_2_high: V::from_array(t, tables.byte_2_high),
        }
    }

    /// The errors of the bytes `input`, after the bytes `prev`: each
    /// byte's error classes with the byte before it, and bit 7 flipped
    /// where a lead two or three bytes back asks for a continuation byte.
    #[inline(always)]
    fn errors(&self, input: V, prev: V) -> V {
        self.errors_after(input, [input.prev::<15>(prev), input.prev::<14>(prev), input.prev::<13>(prev)])
    }

    /// The errors of the bytes `input` given the bytes one, two and three
    /// before each of them (for the checked conversions, which load them at
    /// those offsets).
    #[inline(always)]
    pub(crate) fn errors_after(&self, input: V, [prev1, prev2, prev3]: [V; 3]) -> V {
        let t = input.token();
        let low_nibbles = V::splat(t, 0x0F);
        let b1_high = self.byte_1_high.shuffle(prev1.shr8::<4>());
        let b1_low = self.byte_1_low.shuffle(prev1.and(low_nibbles));
        let b2_high = self.byte_2_high.shuffle(input.shr8::<4>());
        let classes = b1_high.and(b1_low).and(b2_high);
        // A lead of three or four bytes two back (`E0..FF`), or of four
        // three back (`F0..FF`): bit 7 set where a continuation byte must be.
        let third = prev2.saturating_sub8(V::splat(t, 0xE0 - 0x80));
        let fourth = prev3.saturating_sub8(V::splat(t, 0xF0 - 0x80));
        let must = third.or(fourth).and(V::splat(t, 0x80));
        must.xor(classes)
    }
}

/// All ones in the lanes of `input` (after `prev`) where the pair's first
/// sequence starts three bytes back: its lead four bytes back, its second
/// byte three back.
#[inline(always)]
fn first_before<V: Vector>(pair: &Pair, input: V, prev: V) -> V {
    let t = input.token();
    let (prev3, prev4) = (input.prev::<13>(prev), input.prev::<12>(prev));
    let second = prev3.ge_u8(V::splat(t, pair.first.second.0)).and(prev3.le_u8(V::splat(t, pair.first.second.1)));
    prev4.eq8(V::splat(t, pair.first.lead)).and(second)
}

/// The vectors of a block of 64 bytes: the first `64 / BYTES` of four.
type Block<V> = [V; 4];

/// Loads the 64 bytes at `p` as a [`Block`] (the vectors past its
/// `64 / BYTES` are zeros, never looked at).
///
/// # Safety
///
/// `p` is readable for 64 bytes.
#[inline(always)]
unsafe fn load_block<V: Vector>(t: V::Token, p: *const u8) -> Block<V> {
    let w = V::BYTES;
    // SAFETY: the caller's promise: `k w + w <= 64`.
    core::array::from_fn(|k| if k < 64 / w { unsafe { V::load(t, p.add(k * w)) } } else { V::splat(t, 0) })
}

/// Whether a block has no byte with its high bit set (and with `NUL`, no
/// `00` either: see [`plain`]).
#[inline(always)]
fn block_is_ascii<V: Vector, const NUL: bool>(v: Block<V>) -> bool {
    // A loop, not a fold: the fold's closure, called from `Iterator::fold`
    // where the compiler did not inline it, would run the vector
    // operations as calls (Modified UTF-8's ASCII at AVX2: 1.5 GB/s).
    let mut all = plain::<V, NUL>(v[0]);
    for x in &v[1..64 / V::BYTES] {
        all = all.or(plain::<V, NUL>(*x));
    }
    !all.any_high_bit()
}

/// `v`, and with `NUL` (a grammar that refuses `00`) `v | (v - 1)` per
/// byte: its high bit is set where the byte's is, or where the byte is
/// `00` (which turns into `FF`).
#[inline(always)]
fn plain<V: Vector, const NUL: bool>(v: V) -> V {
    if NUL { v.or(v.sub8(V::splat(v.token(), 1))) } else { v }
}

/// Whether the block `v` after `prev` has an error (the tables' errors,
/// and with a forbidden pair, those of its mark looked at closer: other
/// classes, or the first sequence right before the second), and if so
/// where in the block the first byte the tables flag is (0 with a
/// forbidden pair). Every check of a sequence is flagged at one of its own
/// bytes after its lead, so the bytes before the start of the character
/// that the byte before the flag belongs to are well-formed.
///
/// With `NUL`, a byte `00` is flagged too.
#[inline(always)]
fn has_errors<V: Vector, const NUL: bool>(
    checker: &Checker<V>,
    pair: Option<&Pair>,
    v: Block<V>,
    prev: V,
) -> Option<usize> {
    let zero = V::splat(prev.token(), 0);
    let mut errors = [zero; 4];
    let mut before = prev;
    for k in 0..64 / V::BYTES {
        errors[k] = checker.errors(v[k], before);
        if NUL {
            errors[k] = errors[k].or(v[k].eq8(zero));
        }
        before = v[k];
    }
    let any = errors.iter().fold(zero, |any, e| any.or(*e));
    if any.is_zero() {
        return None;
    }
    if let Some(pair) = pair {
        return pair_errors(pair, v, prev, errors).then_some(0);
    }
    let lanes = u32::MAX >> (32 - V::BYTES);
    (0..64 / V::BYTES)
        .find_map(|k| {
            let flagged = !errors[k].eq8(zero).high_bits() & lanes;
            (flagged != 0).then(|| k * V::BYTES + flagged.trailing_zeros() as usize)
        })
        .or(Some(0))
}

/// The closer look of [`has_errors`] for a grammar with a forbidden pair.
#[cold]
#[inline(never)]
fn pair_errors<V: Vector>(pair: &Pair, v: Block<V>, prev: V, errors: Block<V>) -> bool {
    let zero = V::splat(prev.token(), 0);
    let mark = V::splat(prev.token(), pair.mark);
    let others = errors.iter().fold(zero, |acc, e| acc.or(e.and_not(mark)));
    if !others.is_zero() {
        return true;
    }
    let mut found = zero;
    let mut before = prev;
    for k in 0..64 / V::BYTES {
        found = found.or(first_before(pair, v[k], before).and(errors[k].and(mark)));
        before = v[k];
    }
    !found.is_zero()
}

/// Nonzero in the last three bytes where a lead there asks for more bytes
/// than the vector ends with.
#[inline(always)]
fn cut_at_end<V: Vector>(input: V) -> V {
    /// The largest byte that does not ask for more than the bytes left
    /// after it, for the last `BYTES` of these.
    #[rustfmt::skip]
    static LIMITS: [u8; 32] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0 - 1, 0xE0 - 1, 0xC0 - 1,
    ];
    // SAFETY: `BYTES <= 32`: the last `BYTES` of the 32 are readable.
    let limits = unsafe { V::load(input.token(), LIMITS.as_ptr().add(32 - V::BYTES)) };
    input.saturating_sub8(limits)
}

/// Returns a place `stop` such that the bytes before it are well-formed but
/// for a sequence cut at `stop`, at or just after the first error: the
/// first byte the tables flag in the first 64-byte block with an error
/// (the block's start with a forbidden pair, [`has_errors`]), or
/// `input.len()` when there is none. `validate::finish` then finds the
/// exact end from the start of the character before `stop`.
///
/// Tables that refuse `00` take a form of their own, which looks for it
/// in the same pass (ASCII blocks through [`plain`], the others with the
/// tables' errors), so that the others pay nothing for it.
#[inline(always)]
fn first_error_block<V: Vector>(t: V::Token, input: &[u8], tables: &Utf8Tables) -> usize {
    if tables.nul {
        first_error_block_of::<V, true>(t, input, tables)
    } else {
        first_error_block_of::<V, false>(t, input, tables)
    }
}

/// [`first_error_block`], with `NUL` when the tables refuse `00`.
#[inline(always)]
fn first_error_block_of<V: Vector, const NUL: bool>(t: V::Token, input: &[u8], tables: &Utf8Tables) -> usize {
    let checker = Checker::<V>::new(t, tables);
    let pair = tables.pair.as_ref();
    let load = |block: &[u8]| {
        let block = &block[..64];
        // SAFETY: `block` is 64 readable bytes.
        unsafe { load_block::<V>(t, block.as_ptr()) }
    };
    let (len, w) = (input.len(), V::BYTES);
    let mut i = 0;
    // The last vector before, or zeros (as good as the ASCII they stand
    // for) after a block of ASCII.
    let zero = V::splat(t, 0);
    let mut prev = zero;
    while i + 64 <= len {
        let mut v = load(&input[i..]);
        if block_is_ascii::<V, NUL>(v) {
            i += 64;
            // A run of ASCII: 128 bytes at a time while it lasts.
            while i + 128 <= len {
                // SAFETY: `i + 128 <= len`: the 128 bytes from `i` are
                // inside `input`, and `k < 128 / w`.
                let load = |k: usize| plain::<V, NUL>(unsafe { V::load(t, input.as_ptr().add(i + k * w)) });
                let mut all = load(0);
                for k in 1..128 / w {
                    all = all.or(load(k));
                }
                if all.any_high_bit() {
                    break;
                }
                i += 128;
            }
            continue;
        }
        // A run of blocks that are not all ASCII.
        loop {
            if let Some(at) = has_errors::<V, NUL>(&checker, pair, v, prev) {
                return i + at;
            }
            prev = v[64 / w - 1];
            i += 64;
            if i + 64 > len {
                break;
            }
            v = load(&input[i..]);
            if block_is_ascii::<V, NUL>(v) {
                // An error only if the block before ended in a cut
                // sequence (nothing else is looked at across the boundary).
                if !cut_at_end(prev).is_zero() {
                    return i;
                }
                prev = zero;
                i += 64;
                break;
            }
        }
    }
    // The last bytes, followed by zeros (ASCII): a sequence cut by the end
    // of the input is an error there.
    let mut last = [0u8; 64];
    last[..len - i].copy_from_slice(&input[i..]);
    // (A flag in the zeros after the end, as `00` with `NUL`, is at the
    // end.)
    has_errors::<V, NUL>(&checker, pair, load(&last), prev).map_or(len, |at| len.min(i + at))
}
