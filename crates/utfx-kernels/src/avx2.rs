//! The AVX2 forms of the conversions between UTF-8 and UTF-16, chosen at
//! run time by [`super::use_avx2`]: valid UTF-8 to UTF-16 and UTF-16 to
//! UTF-8, a block of 64 bytes or 8 to 16 units at a time, with the portable
//! code of `lib.rs` for the last bytes and for what a block does not cover.
//!
//! UTF-8 to UTF-16 works out every byte position's unit at once: a
//! position that ends a character gets that character's unit from its byte
//! and the three before it (the third byte of a four-byte character gets the
//! lead surrogate), as a vector of low bytes and one of high bytes over 32
//! positions; the kept positions are then packed eight units at a time with
//! a shuffle picked by their mask from a 256-entry table, the output moving
//! on by the mask's population count. Unlike Lemire and Keiser's 12-byte
//! windows ("Transcoding billions of Unicode characters per second with SIMD
//! instructions", 2021), where each window's table lookup waits for the one
//! before, no step waits for another but for the output position, so mixed
//! text runs as fast as text of one length. Runs of ASCII have their own
//! case. UTF-16 to UTF-8 takes sixteen units at a time: it builds each
//! unit's candidate bytes in a lane (all three candidates, whatever its
//! length, so that no unit needs a case of its own) and packs the ones its
//! length keeps with a shuffle picked by the lanes' lengths; surrogate pairs
//! aligned four to a block are converted together; anything else with a
//! surrogate goes a character at a time. Where the processor has AVX-512,
//! `avx512.rs` converts UTF-16 to UTF-8 instead and leaves these blocks
//! only what starts with a surrogate.
//!
//! Every load and store is a whole block inside the caller's slices, checked
//! before the block starts; a store may write lanes past what it counts as
//! written, never past the slice.
#![allow(unsafe_code)]

use core::arch::x86_64::*;

use super::avx2_validate::Checker;
use super::tables::{COMPRESS, KEPT, PACK_LAST, PACK_TWO, Pack, cut_character};
use super::validate::Utf8Tables;

// ---------------------------------------------------------------------------
// UTF-8 to UTF-16.

/// Converts valid UTF-8 to UTF-16 as `super::valid_utf8_to_utf16_portable`
/// does (same result, same contract on bytes that are not UTF-8), 64 bytes
/// at a time while 64 units fit.
/// `None` when AVX2 is not to be used.
#[inline]
pub(super) fn valid_utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> Option<(usize, usize)> {
    // SAFETY: `use_avx2` checked that the processor has AVX2.
    super::use_avx2().then(|| unsafe { utf8_to_utf16_avx2(src, dst) })
}

/// The block loop. Every byte position of a block that ends a character
/// (the next byte is not a continuation byte) gets that character's unit,
/// worked out from the byte and the three before it, all positions at once;
/// a four-byte character also gets its lead surrogate at its third byte.
/// The kept positions' units are then packed eight lanes at a time with a
/// shuffle from [`COMPRESS`]. No step depends on the one before but for the
/// output position, so mixed text runs as fast as text of one length.
#[target_feature(enable = "avx2")]
fn utf8_to_utf16_avx2(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    // Whole characters first, until at least three bytes lie behind: the
    // blocks look back three bytes.
    let head = super::boundary_from(src, 3);
    let (mut i, mut o) = super::valid_utf8_to_utf16_portable(&src[..head], dst);
    if i == head && i >= 3 {
        // Each block reads from 3 bytes before `i` to 1 byte past its 64 and
        // writes at most 64 units.
        while i + 65 <= src.len() && o + 64 <= dst.len() {
            // SAFETY: `3 <= i` and `i + 65 <= src.len()`: every load of the
            // block, from `i - 3` to `i + 65`, is inside `src`; the block
            // functions write at most 64 units from `o`, and `o + 64 <= dst.len()`.
            o = unsafe { utf8_block64(src.as_ptr().add(i), dst.as_mut_ptr(), o) };
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
            o = unsafe { utf8_block64(block.as_ptr().add(3), dst.as_mut_ptr(), o) } - (64 - rest.min(64));
            i = src.len();
        }
        // The blocks may end inside a character: back up to its start and
        // take back what they wrote for it.
        if let Some((start, units)) = cut_character(src, i) {
            i = start;
            o = o.saturating_sub(units);
        }
    }
    let (read, written) = super::valid_utf8_to_utf16_portable(&src[i..], &mut dst[o..]);
    (i + read, o + written)
}

/// Converts the longest prefix of `src` that `tables` find well-formed, as
/// far as `dst` has room for (three bytes a unit of room at most): the checked
/// conversion of `super::checked_utf8_to_utf16`, validating each block
/// just before converting it; `None` when AVX2 is not to be used or the
/// grammar has a forbidden pair (which the blocks do not look for).
#[inline]
pub(super) fn checked_utf8_to_utf16(src: &[u8], dst: &mut [u16], tables: &Utf8Tables) -> Option<(usize, usize)> {
    // SAFETY: `use_avx2` checked that the processor has AVX2.
    (super::use_avx2() && tables.pair.is_none()).then(|| unsafe { checked_utf8_to_utf16_avx2(src, dst, tables) })
}

#[target_feature(enable = "avx2")]
fn checked_utf8_to_utf16_avx2(src: &[u8], dst: &mut [u16], tables: &Utf8Tables) -> (usize, usize) {
    // Three bytes a unit at most fill `dst`.
    let src = &src[..src.len().min(dst.len().saturating_mul(3))];
    let checker = Checker::new(tables);
    // Whole characters first, checked one by one, until at least three
    // bytes lie behind.
    let head = super::boundary_from(src, 3);
    let valid = super::validate::valid_prefix_portable(&src[..head], tables);
    let (mut i, mut o) = super::valid_utf8_to_utf16_portable(&src[..valid], dst);
    if valid == head && i == head && i >= 3 {
        // As in `utf8_to_utf16_avx2`, but one call of the block in the loop
        // for both kinds of block (a second call site keeps the compiler
        // from inlining it: a fifth of the speed). The last bytes go in a
        // block of their own padded with zeros, at least one of them
        // inside the 64 checked (a block finds an error at the pair of
        // bytes where it shows, which for the last byte is the pair it
        // makes with the first zero): a character cut by the end of the
        // input, or a byte that never starts one, is an error there (a
        // lead before ASCII), for the exact path below.
        let mut padded = [0u8; 3 + 64 + 1];
        while o + 64 <= dst.len() {
            let rest = src.len() - i;
            // The block is at `at` in `base`, whose pointer covers the 3
            // bytes before it too.
            let (base, at) = if rest >= 65 {
                (src, i)
            } else if rest > 0 && rest < 64 {
                padded[..3 + rest].copy_from_slice(&src[i - 3..]);
                (&padded[..], 3)
            } else {
                break;
            };
            // SAFETY: `base` has the 3 bytes before `at` (`3 <= i`, or the
            // padding's copy) and at least 65 from it; `o + 64 <= dst.len()`.
            match unsafe { checked_block64(&checker, base.as_ptr().add(at), dst.as_mut_ptr(), o) } {
                Some(next) if rest < 64 => return (src.len(), next - (64 - rest)),
                Some(next) => o = next,
                None => break,
            }
            i += 64;
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
        let valid = super::validate::valid_prefix(rest, tables);
        let (read, written) = super::valid_utf8_to_utf16(&src[i..i + valid], &mut dst[o..]);
        return (i + read, o + written);
    }
    (i, o)
}

/// Checks the 64 bytes at `p` with the grammar's tables (with the three
/// before: a character cut at `p` must go on with continuation bytes) and,
/// when they have no error, converts them as [`utf8_block64`] does;
/// `None` when they have one.
///
/// # Safety
///
/// As for [`utf8_block64`].
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn checked_block64(checker: &Checker, p: *const u8, dst: *mut u16, o: usize) -> Option<usize> {
    // SAFETY: the caller's promise: `p .. p + 64` is readable.
    let (lo, hi) = unsafe { (_mm256_loadu_si256(p.cast()), _mm256_loadu_si256(p.add(32).cast())) };
    // SAFETY: the caller's promise: `p - 3 .. p` is readable.
    let before = unsafe { [*p.sub(1), *p.sub(2), *p.sub(3)] };
    if _mm256_movemask_epi8(_mm256_or_si256(lo, hi)) == 0 {
        // ASCII is an error only after a lead that wants more bytes.
        if before[0] >= 0xC0 || before[1] >= 0xE0 || before[2] >= 0xF0 {
            return None;
        }
    } else {
        let top = _mm256_max_epu8(lo, hi);
        let four = _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(top, _mm256_set1_epi8(-16)), top)) != 0
            || before.iter().any(|&b| b >= 0xF0);
        let mut errors = _mm256_setzero_si256();
        for half in [0, 32] {
            // SAFETY: the caller's promise: `p - 3 .. p + 64` is readable.
            let prev = unsafe {
                let q = p.add(half);
                [
                    _mm256_loadu_si256(q.sub(1).cast()),
                    _mm256_loadu_si256(q.sub(2).cast()),
                    if four { _mm256_loadu_si256(q.sub(3).cast()) } else { _mm256_setzero_si256() },
                ]
            };
            let input = if half == 0 { lo } else { hi };
            errors = _mm256_or_si256(errors, checker.errors_after(input, prev));
        }
        if _mm256_testz_si256(errors, errors) == 0 {
            return None;
        }
    }
    // SAFETY: the caller's promise.
    Some(unsafe { utf8_block64(p, dst, o) })
}

/// Converts the 64 bytes at `p` (the characters that end in them), writing
/// units from `dst + o`, and returns the new `o`.
///
/// # Safety
///
/// `p - 3 .. p + 65` is readable and `dst + o .. dst + o + 64` writable.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn utf8_block64(p: *const u8, dst: *mut u16, o: usize) -> usize {
    // SAFETY: the caller's promise: `p .. p + 64` and `p - 3 .. p + 13` are readable.
    let (lo, hi, before) = unsafe {
        (_mm256_loadu_si256(p.cast()), _mm256_loadu_si256(p.add(32).cast()), _mm_loadu_si128(p.sub(3).cast()))
    };
    if _mm256_movemask_epi8(_mm256_or_si256(lo, hi)) == 0 {
        // 64 ASCII bytes.
        let halves = [
            _mm256_castsi256_si128(lo),
            _mm256_extracti128_si256(lo, 1),
            _mm256_castsi256_si128(hi),
            _mm256_extracti128_si256(hi, 1),
        ];
        for (k, half) in halves.into_iter().enumerate() {
            // SAFETY: the caller's promise: `dst + o .. dst + o + 64` is writable.
            unsafe { _mm256_storeu_si256(dst.add(o + 16 * k).cast(), _mm256_cvtepu8_epi16(half)) };
        }
        return o + 64;
    }
    // Four-byte characters in the block or ending in it (a lead byte of
    // F0 or more from three bytes before it on) take the longer form.
    let top = _mm256_max_epu8(lo, hi);
    let four = _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(top, _mm256_set1_epi8(-16)), top)) != 0
        || _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(before, _mm_set1_epi8(-16)), before)) != 0;
    // SAFETY: the caller's promise covers both halves' reads (`p - 3 .. p + 33`
    // and `p + 29 .. p + 65`) and writes (32 units each, from `o` and from
    // at most `o + 32`).
    unsafe {
        if four {
            let o = utf8_block32::<true>(p, dst, o);
            utf8_block32::<true>(p.add(32), dst, o)
        } else {
            let o = utf8_block32::<false>(p, dst, o);
            utf8_block32::<false>(p.add(32), dst, o)
        }
    }
}

/// Converts the 32 bytes at `p` as [`utf8_block64`] does; `FOUR` when
/// four-byte characters may end in them.
///
/// Each position's unit is built as two byte vectors, low and high bytes,
/// from the byte `c0` and the three before it (`c1`, `c2`, `c3`):
///
/// | the position ends | low byte | high byte |
/// |---|---|---|
/// | `0xxxxxxx` | `0xxxxxxx` | `00000000` |
/// | `110yyyyy 10xxxxxx` | `yyxxxxxx` | `00000yyy` |
/// | `1110zzzz 10yyyyyy 10xxxxxx` | `yyxxxxxx` | `zzzzyyyy` |
/// | `11110uuu 10uuzzzz 10yyyyyy 10xxxxxx` | `yyxxxxxx` | `110111yy` |
/// | the third byte, `11110uuu 10uuzzzz 10yyyyyy` | `wwzzzzyy` | `110110ww` |
///
/// where `wwww` is `uuuuu` less one (the lead surrogate).
///
/// ASCII takes the same path: a case for 32 ASCII bytes, after 64 that
/// were not all ASCII, guessed wrong about as often as right in mixed text
/// (session 22: without it, the CLI's 100 MB Wikipedia file 4.6 to 5.4
/// GB/s, Arabic and Russian lipsum +8%, but French 9.0 to 7.6 and
/// Vietnamese 7.4 to 6.7, where such runs are common).
///
/// # Safety
///
/// `p - 3 .. p + 33` is readable and `dst + o .. dst + o + 32` writable.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn utf8_block32<const FOUR: bool>(p: *const u8, dst: *mut u16, o: usize) -> usize {
    // SAFETY: the caller's promise.
    let c0 = unsafe { _mm256_loadu_si256(p.cast()) };
    // SAFETY: the caller's promise.
    let (c1, c2, next) = unsafe {
        (_mm256_loadu_si256(p.sub(1).cast()), _mm256_loadu_si256(p.sub(2).cast()), _mm256_loadu_si256(p.add(1).cast()))
    };
    let byte = |b: u8| _mm256_set1_epi8(b as i8);
    // Bit j: byte j + 1 is not a continuation byte (below -64 as signed).
    let ascii = _mm256_cmpgt_epi8(c0, byte(0xFF));
    // An ASCII byte always gets its unit, as in a block of ASCII, even
    // before a stray continuation byte (not UTF-8: see `cut_character`).
    let mut keep =
        !(_mm256_movemask_epi8(_mm256_cmpgt_epi8(byte(0xC0), next)) as u32) | _mm256_movemask_epi8(ascii) as u32;
    let mut low = _mm256_or_si256(_mm256_and_si256(c0, byte(0x3F)), shl::<6>(c1, 0xC0));
    let c1_middle = shr::<2>(c1, 0x0F);
    let lead3 = _mm256_cmpeq_epi8(_mm256_and_si256(c2, byte(0xF0)), byte(0xE0));
    let mut high = _mm256_or_si256(c1_middle, _mm256_and_si256(shl::<4>(c2, 0xF0), lead3));
    if FOUR {
        // SAFETY: the caller's promise.
        let c3 = unsafe { _mm256_loadu_si256(p.sub(3).cast()) };
        let at_least_f0 = |v| _mm256_cmpeq_epi8(_mm256_max_epu8(v, byte(0xF0)), v);
        let (ends4, third4) = (at_least_f0(c3), at_least_f0(c2));
        keep |= _mm256_movemask_epi8(third4) as u32;
        high = _mm256_blendv_epi8(high, _mm256_or_si256(_mm256_and_si256(c1_middle, byte(0x03)), byte(0xDC)), ends4);
        let plane = _mm256_or_si256(shl::<2>(c2, 0x1C), shr::<4>(c1, 0x03));
        let w = _mm256_sub_epi8(plane, byte(1));
        let lead_low = _mm256_or_si256(shl::<6>(w, 0xC0), _mm256_or_si256(shl::<2>(c1, 0x3C), shr::<4>(c0, 0x03)));
        let lead_high = _mm256_or_si256(shr::<2>(w, 0x03), byte(0xD8));
        low = _mm256_blendv_epi8(low, lead_low, third4);
        high = _mm256_blendv_epi8(high, lead_high, third4);
    }
    let low = _mm256_blendv_epi8(low, c0, ascii);
    let high = _mm256_andnot_si256(ascii, high);
    // Positions 0-7 and 16-23 (the low halves of the two 128-bit lanes),
    // then 8-15 and 24-31.
    let (a, b) = (_mm256_unpacklo_epi8(low, high), _mm256_unpackhi_epi8(low, high));
    let masks = [keep & 0xFF, (keep >> 8) & 0xFF, (keep >> 16) & 0xFF, keep >> 24].map(|m| m as usize);
    let shuffle = |lower: usize, upper: usize| {
        // SAFETY: both table rows are 16 bytes.
        unsafe { _mm256_loadu2_m128i(COMPRESS[upper].as_ptr().cast(), COMPRESS[lower].as_ptr().cast()) }
    };
    let a = _mm256_shuffle_epi8(a, shuffle(masks[0], masks[2]));
    let b = _mm256_shuffle_epi8(b, shuffle(masks[1], masks[3]));
    let parts = [
        _mm256_castsi256_si128(a),
        _mm256_castsi256_si128(b),
        _mm256_extracti128_si256(a, 1),
        _mm256_extracti128_si256(b, 1),
    ];
    let mut o = o;
    for (part, mask) in parts.into_iter().zip(masks) {
        // SAFETY: the caller's promise: each store of 8 units starts at most
        // 24 units after the first `o`.
        unsafe { _mm_storeu_si128(dst.add(o).cast(), part) };
        o += usize::from(KEPT[mask]);
    }
    o
}

/// Shifts each byte left by `N`, keeping the bits of `keep` (AVX2 shifts
/// 16-bit lanes only, so a byte also gets bits of its neighbour).
#[target_feature(enable = "avx2")]
#[inline]
fn shl<const N: i32>(v: __m256i, keep: u8) -> __m256i {
    _mm256_and_si256(_mm256_slli_epi16::<N>(v), _mm256_set1_epi8(keep as i8))
}

/// Shifts each byte right by `N`, keeping the bits of `keep`.
#[target_feature(enable = "avx2")]
#[inline]
fn shr<const N: i32>(v: __m256i, keep: u8) -> __m256i {
    _mm256_and_si256(_mm256_srli_epi16::<N>(v), _mm256_set1_epi8(keep as i8))
}

// ---------------------------------------------------------------------------
// UTF-16 to UTF-8: the kernel.

/// Converts UTF-16 units (in the machine's order) to UTF-8 as
/// `super::utf16_to_utf8_portable` does: same result, same stops.
/// `None` when AVX2 is not to be used.
#[inline]
pub(super) fn utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> Option<(usize, usize)> {
    // SAFETY: `use_avx2` checked that the processor has AVX2, and
    // `has_avx512` that it has what the AVX-512 blocks need.
    super::use_avx2().then(|| unsafe { utf16_to_utf8_avx2(src, dst, super::has_avx512()) })
}

/// # Safety
///
/// The processor has AVX2, and what `avx512::utf16_blocks` needs when
/// `wide`.
#[target_feature(enable = "avx2")]
unsafe fn utf16_to_utf8_avx2(src: &[u16], dst: &mut [u8], wide: bool) -> (usize, usize) {
    // SAFETY: `src` is readable for `2 * src.len()` bytes; the caller's
    // promise.
    let (i, o, _) = unsafe { utf16_blocks_of::<false>(src.as_ptr().cast(), src.len(), dst, wide) };
    let (read, written) = super::utf16_to_utf8_portable(&src[i..], &mut dst[o..]);
    (i + read, o + written)
}

/// Converts UTF-16 units held as bytes in little-endian (`big_endian`
/// false) or big-endian order to UTF-8 as `super::units_to_utf8` does with
/// the same units: (units read, bytes written, code points written).
/// `None` when AVX2 is not to be used.
#[inline]
pub(super) fn utf16_bytes_to_utf8(src: &[u8], big_endian: bool, dst: &mut [u8]) -> Option<(usize, usize, usize)> {
    // SAFETY: as in `utf16_to_utf8`.
    super::use_avx2().then(|| unsafe { utf16_bytes_to_utf8_avx2(src, big_endian, dst, super::has_avx512()) })
}

/// # Safety
///
/// As for `utf16_to_utf8_avx2`.
#[target_feature(enable = "avx2")]
unsafe fn utf16_bytes_to_utf8_avx2(src: &[u8], big_endian: bool, dst: &mut [u8], wide: bool) -> (usize, usize, usize) {
    let units = src.len() / 2;
    // SAFETY: `src` is readable for `2 * units` bytes; the caller's promise.
    let (i, o, pairs) = unsafe {
        if big_endian {
            utf16_blocks_of::<true>(src.as_ptr(), units, dst, wide)
        } else {
            utf16_blocks_of::<false>(src.as_ptr(), units, dst, wide)
        }
    };
    let rest = &src[2 * i..2 * units];
    let unit = |k: usize| {
        let pair = [rest[2 * k], rest[2 * k + 1]];
        if big_endian { u16::from_be_bytes(pair) } else { u16::from_le_bytes(pair) }
    };
    let (read, written) = super::units_to_utf8(rest.len() / 2, unit, &mut dst[o..]);
    // Each pair the blocks read is one code point of two units; the last
    // few units are counted in what they wrote.
    let points = i - pairs + super::count_utf8_code_points(&dst[o..o + written]);
    (i + read, o + written, points)
}

/// Loads sixteen units from `p`, swapping the bytes of each when `SWAP`.
///
/// # Safety
///
/// `p` is readable for 32 bytes.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn load16<const SWAP: bool>(p: *const u8) -> __m256i {
    // SAFETY: the caller's promise.
    let v = unsafe { _mm256_loadu_si256(p.cast()) };
    if SWAP {
        let swap = _mm256_setr_epi8(
            1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14,
        );
        _mm256_shuffle_epi8(v, swap)
    } else {
        v
    }
}

/// The block loop of UTF-16 to UTF-8: the AVX-512 one when `wide`, else
/// [`utf16_blocks`].
///
/// # Safety
///
/// As for [`utf16_blocks`], and the processor has what
/// `avx512::utf16_blocks` needs when `wide`.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn utf16_blocks_of<const SWAP: bool>(
    src: *const u8,
    units: usize,
    dst: &mut [u8],
    wide: bool,
) -> (usize, usize, usize) {
    #[cfg(utfx_kernels_avx512)]
    if wide {
        // SAFETY: the caller's promise.
        return unsafe { super::avx512::utf16_blocks::<SWAP>(src, units, dst) };
    }
    let _ = wide;
    // SAFETY: the caller's promise.
    unsafe { utf16_blocks::<SWAP>(src, units, dst) }
}

/// The block loop of UTF-16 to UTF-8 over `units` units at `src`: it stops
/// where fewer than 16 units or 64 bytes of room are left, or before a lone
/// surrogate, and returns (units read, bytes written, surrogate pairs
/// read): the units read less the pairs are the code points written.
///
/// # Safety
///
/// `src` is readable for `2 * units` bytes.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn utf16_blocks<const SWAP: bool>(
    src: *const u8,
    units: usize,
    dst: &mut [u8],
) -> (usize, usize, usize) {
    let (mut i, mut o, mut read_pairs) = (0, 0, 0);
    // Where the passes of sixteen units go on to after 64 units with a
    // surrogate.
    let mut sixteens_to = 0;
    // Each pass reads at most 16 units from `i` and writes at most 52 bytes
    // from `o` (the last of four 16-byte stores starts at most 36 bytes in):
    // inside the 64. Or 64 units, and at most 196 bytes.
    while i + 16 <= units && o + 64 <= dst.len() {
        let to = dst.as_mut_ptr();
        if i >= sixteens_to && i + 64 <= units && o + 208 <= dst.len() {
            // 64 units without surrogates at a time, with one branch on
            // whether they are all ASCII and one on whether they are all
            // below U+0800. In text that mixes ASCII with other characters,
            // a branch on each sixteen would guess wrong at every other one
            // (French went at half the speed).
            // SAFETY: `i + 64 <= units`: 128 bytes from `2 * i` are readable.
            let vs = unsafe { [0, 32, 64, 96].map(|k| load16::<SWAP>(src.add(2 * i + k))) };
            let all = _mm256_or_si256(_mm256_or_si256(vs[0], vs[1]), _mm256_or_si256(vs[2], vs[3]));
            if _mm256_testz_si256(all, _mm256_set1_epi16(0xFF80_u16 as i16)) == 1 {
                // The pack interleaves the halves: 64-bit quarters 0, 2, 1, 3.
                let (first, second) = (_mm256_packus_epi16(vs[0], vs[1]), _mm256_packus_epi16(vs[2], vs[3]));
                // SAFETY: `o + 64 <= dst.len()`.
                unsafe {
                    _mm256_storeu_si256(to.add(o).cast(), _mm256_permute4x64_epi64::<0b11_01_10_00>(first));
                    _mm256_storeu_si256(to.add(o + 32).cast(), _mm256_permute4x64_epi64::<0b11_01_10_00>(second));
                }
                i += 64;
                o += 64;
                continue;
            }
            let surrogates = vs.map(|v| {
                let top = _mm256_and_si256(v, _mm256_set1_epi16(0xF800_u16 as i16));
                _mm256_cmpeq_epi16(top, _mm256_set1_epi16(0xD800_u16 as i16))
            });
            let any = _mm256_or_si256(
                _mm256_or_si256(surrogates[0], surrogates[1]),
                _mm256_or_si256(surrogates[2], surrogates[3]),
            );
            if _mm256_testz_si256(any, any) == 1 {
                // One branch for the 64 on the lengths too: below U+0800 or not.
                let wide = _mm256_and_si256(all, _mm256_set1_epi16(0xF800_u16 as i16));
                let small = _mm256_testz_si256(wide, wide) == 1;
                for k in 0..4 {
                    // SAFETY: `i + 64 <= units`; each block writes at most 52
                    // bytes after at most 48 each before it: `o + 196 <= dst.len()`.
                    unsafe {
                        let v = load16::<SWAP>(src.add(2 * i + 32 * k));
                        o += if small {
                            bmp16_small(v, to.add(o))
                        } else {
                            let top = _mm256_and_si256(v, _mm256_set1_epi16(0xF800_u16 as i16));
                            bmp16_any(v, _mm256_cmpeq_epi16(top, _mm256_setzero_si256()), to.add(o))
                        };
                    }
                }
                i += 64;
                continue;
            }
            sixteens_to = i + 64;
        }
        // SAFETY: `i + 16 <= units`: 32 bytes from `2 * i` are readable.
        let v = unsafe { load16::<SWAP>(src.add(2 * i)) };
        if _mm256_testz_si256(v, _mm256_set1_epi16(0xFF80_u16 as i16)) == 1 {
            // Sixteen ASCII units, then thirty-two at a time while they last.
            let bytes = _mm_packus_epi16(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
            // SAFETY: `o + 16 <= dst.len()`.
            unsafe { _mm_storeu_si128(to.add(o).cast(), bytes) };
            i += 16;
            o += 16;
            while i + 32 <= units && o + 32 <= dst.len() {
                // SAFETY: `i + 32 <= units`: 64 bytes from `2 * i` are readable.
                let (v, w) = unsafe { (load16::<SWAP>(src.add(2 * i)), load16::<SWAP>(src.add(2 * i + 32))) };
                if _mm256_testz_si256(_mm256_or_si256(v, w), _mm256_set1_epi16(0xFF80_u16 as i16)) == 0 {
                    break;
                }
                // The pack interleaves the halves: 64-bit quarters 0, 2, 1, 3.
                let bytes = _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packus_epi16(v, w));
                // SAFETY: `o + 32 <= dst.len()`.
                unsafe { _mm256_storeu_si256(to.add(o).cast(), bytes) };
                i += 32;
                o += 32;
            }
            continue;
        }
        let top = _mm256_and_si256(v, _mm256_set1_epi16(0xF800_u16 as i16));
        if _mm256_movemask_epi8(_mm256_cmpeq_epi16(top, _mm256_set1_epi16(0xD800_u16 as i16))) == 0 {
            // Sixteen units of the basic multilingual plane.
            // SAFETY: `o + 52 <= dst.len()`.
            o += unsafe { bmp16(v, top, to.add(o)) };
            i += 16;
            continue;
        }
        // Eight surrogate pairs in order, or four at the front?
        let kinds = _mm256_and_si256(v, _mm256_set1_epi16(0xFC00_u16 as i16));
        let pairs = _mm256_movemask_epi8(_mm256_cmpeq_epi16(kinds, _mm256_set1_epi32(0xDC00_D800_u32 as i32))) as u32;
        if pairs == u32::MAX {
            // SAFETY: `o + 32 <= dst.len()`.
            unsafe { _mm256_storeu_si256(to.add(o).cast(), pairs_to_utf8(v)) };
            i += 16;
            o += 32;
            read_pairs += 8;
            continue;
        }
        let a = _mm256_castsi256_si128(v);
        if _mm_movemask_epi8(_mm_cmpeq_epi16(
            _mm_and_si128(a, _mm_set1_epi16(0xF800_u16 as i16)),
            _mm_set1_epi16(0xD800_u16 as i16),
        )) == 0
        {
            // The first eight units are of the basic multilingual plane: they
            // go with eight NUL units after them, one byte each, which the
            // next pass overwrites.
            let v = _mm256_zextsi128_si256(a);
            let top = _mm256_and_si256(v, _mm256_set1_epi16(0xF800_u16 as i16));
            // SAFETY: `o + 52 <= dst.len()`.
            o += unsafe { bmp16(v, top, to.add(o)) } - 8;
            i += 8;
            continue;
        }
        if pairs & 0xFFFF == 0xFFFF {
            // SAFETY: `o + 16 <= dst.len()`.
            unsafe { _mm_storeu_si128(to.add(o).cast(), _mm256_castsi256_si128(pairs_to_utf8(v))) };
            i += 8;
            o += 16;
            read_pairs += 4;
            continue;
        }
        // A character at a time to the end of the eight units (and past it
        // to finish a pair), stopping before a lone surrogate.
        let end = i + 8;
        while i < end {
            // SAFETY: `i + 1 < i + 16 <= units`: unit `i` and `i + 1` are readable.
            let (u, next) = unsafe { (read_unit::<SWAP>(src, i), read_unit::<SWAP>(src, i + 1)) };
            let u = u32::from(u);
            let next = u32::from(next);
            match u {
                0..=0x7F => {
                    dst[o] = u as u8;
                    (i, o) = (i + 1, o + 1);
                }
                0x80..=0x7FF => {
                    dst[o] = 0xC0 | (u >> 6) as u8;
                    dst[o + 1] = 0x80 | (u & 0x3F) as u8;
                    (i, o) = (i + 1, o + 2);
                }
                0xD800..=0xDBFF if (0xDC00..=0xDFFF).contains(&next) => {
                    let v = 0x1_0000 + ((u - 0xD800) << 10) + (next - 0xDC00);
                    dst[o] = 0xF0 | (v >> 18) as u8;
                    dst[o + 1] = 0x80 | ((v >> 12) & 0x3F) as u8;
                    dst[o + 2] = 0x80 | ((v >> 6) & 0x3F) as u8;
                    dst[o + 3] = 0x80 | (v & 0x3F) as u8;
                    (i, o, read_pairs) = (i + 2, o + 4, read_pairs + 1);
                }
                0xD800..=0xDFFF => return (i, o, read_pairs),
                _ => {
                    dst[o] = 0xE0 | (u >> 12) as u8;
                    dst[o + 1] = 0x80 | ((u >> 6) & 0x3F) as u8;
                    dst[o + 2] = 0x80 | (u & 0x3F) as u8;
                    (i, o) = (i + 1, o + 3);
                }
            }
        }
    }
    (i, o, read_pairs)
}

/// The four bytes of each supplementary character whose surrogate pair
/// fills a 32-bit lane of `v` (lead below, trail above).
#[target_feature(enable = "avx2")]
#[inline]
fn pairs_to_utf8(v: __m256i) -> __m256i {
    let lead = _mm256_and_si256(v, _mm256_set1_epi32(0x3FF));
    let trail = _mm256_and_si256(_mm256_srli_epi32(v, 16), _mm256_set1_epi32(0x3FF));
    let c = _mm256_add_epi32(_mm256_or_si256(_mm256_slli_epi32(lead, 10), trail), _mm256_set1_epi32(0x1_0000));
    let six = _mm256_set1_epi32(0x3F);
    let (b1, b2, b3) = (
        _mm256_and_si256(_mm256_srli_epi32(c, 12), six),
        _mm256_and_si256(_mm256_srli_epi32(c, 6), six),
        _mm256_and_si256(c, six),
    );
    let b0 = _mm256_or_si256(_mm256_srli_epi32(c, 18), _mm256_set1_epi32(0xF0));
    let trails = _mm256_or_si256(
        _mm256_or_si256(_mm256_slli_epi32(b1, 8), _mm256_slli_epi32(b2, 16)),
        _mm256_slli_epi32(b3, 24),
    );
    _mm256_or_si256(b0, _mm256_or_si256(trails, _mm256_set1_epi32(0x8080_8000_u32 as i32)))
}

/// Writes the UTF-8 of sixteen units that are not surrogates, `v`, at `to`,
/// and returns how many bytes it is; `top` is `v`'s bits 11 to 15.
///
/// # Safety
///
/// `to` is writable for 52 bytes (32 when every unit is below U+0800).
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn bmp16(v: __m256i, top: __m256i, to: *mut u8) -> usize {
    let small = _mm256_cmpeq_epi16(top, _mm256_setzero_si256());
    // SAFETY: the caller's promise.
    unsafe { if _mm256_movemask_epi8(small) == -1 { bmp16_small(v, to) } else { bmp16_any(v, small, to) } }
}

/// [`bmp16`] for sixteen units below U+0800.
///
/// # Safety
///
/// `to` is writable for 32 bytes.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn bmp16_small(v: __m256i, to: *mut u8) -> usize {
    // Units below U+0800: one or two bytes each, [lead, trail] in a
    // lane, packed eight lanes at a time.
    let lead = _mm256_or_si256(_mm256_srli_epi16(v, 6), _mm256_set1_epi16(0xC0));
    let trail = _mm256_or_si256(_mm256_and_si256(v, _mm256_set1_epi16(0x3F)), _mm256_set1_epi16(0x80));
    let two = _mm256_or_si256(lead, _mm256_slli_epi16(trail, 8));
    let multi = _mm256_cmpgt_epi16(v, _mm256_set1_epi16(0x7F));
    let lanes = _mm256_blendv_epi8(v, two, multi);
    // Bits 2j of the mask: lane j has two bytes. PACK_TWO's key has lanes
    // 0 to 3 of eight at its even bits and 4 to 7 at its odd bits, which a
    // shift and an or make without a shuffle: bits 0 to 7 for the first
    // eight lanes, 16 to 23 for the last eight.
    let even = _mm256_movemask_epi8(multi) as u32 & 0x5555_5555;
    let keys = (even | (even >> 7)) & 0x00FF_00FF;
    let (first, second) = (&PACK_TWO[keys as usize & 0xFF], &PACK_TWO[(keys >> 16) as usize]);
    // SAFETY: two 16-byte stores, the second at most 16 bytes in.
    unsafe { store_packed2(lanes, first, second, to) }
}

/// [`bmp16`] for sixteen units of one to three bytes each; `small` marks
/// the units below U+0800.
///
/// # Safety
///
/// `to` is writable for 52 bytes.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn bmp16_any(v: __m256i, small: __m256i, to: *mut u8) -> usize {
    // One to three bytes each: every unit's candidates [lead of three, lead
    // of two or middle, last] in a 32-bit lane, of which PACK_LAST keeps the
    // last one to three.
    let ascii = _mm256_cmpeq_epi16(_mm256_and_si256(v, _mm256_set1_epi16(0xFF80_u16 as i16)), _mm256_setzero_si256());
    let last = _mm256_blendv_epi8(
        _mm256_or_si256(_mm256_and_si256(v, _mm256_set1_epi16(0x3F)), _mm256_set1_epi16(0x80)),
        v,
        ascii,
    );
    // Bits 6 to 11 under `10` for three bytes, `110` for two.
    let middle = _mm256_xor_si256(
        _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(v, 6), _mm256_set1_epi16(0x3F)), _mm256_set1_epi16(0xC0)),
        _mm256_andnot_si256(small, _mm256_set1_epi16(0x40)),
    );
    let lead = _mm256_or_si256(_mm256_srli_epi16(v, 12), _mm256_set1_epi16(0xE0));
    let front = _mm256_or_si256(lead, _mm256_slli_epi16(middle, 8));
    // Units 0 to 3 and 8 to 11, then 4 to 7 and 12 to 15.
    let (low, high) = (_mm256_unpacklo_epi16(front, last), _mm256_unpackhi_epi16(front, last));
    // Two bits a unit: two bytes or more, three.
    let keys =
        (!_mm256_movemask_epi8(ascii) as u32 & 0x5555_5555) | (!_mm256_movemask_epi8(small) as u32 & 0xAAAA_AAAA);
    let l = [0, 8, 16, 24].map(|shift| &PACK_LAST[(keys >> shift) as usize & 0xFF]);
    // Units 0 to 3 and 8 to 11 in one shuffle, 4 to 7 and 12 to 15 in the
    // other; stored in order.
    let (a, b) = (pack2(low, l[0], l[2]), pack2(high, l[1], l[3]));
    let mut n = 0;
    for (part, pack) in [
        (_mm256_castsi256_si128(a), l[0]),
        (_mm256_castsi256_si128(b), l[1]),
        (_mm256_extracti128_si256::<1>(a), l[2]),
        (_mm256_extracti128_si256::<1>(b), l[3]),
    ] {
        // SAFETY: four 16-byte stores, each at most 12 bytes after the one
        // before.
        unsafe { _mm_storeu_si128(to.add(n).cast(), part) };
        n += usize::from(pack.len);
    }
    n
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

/// The bytes of each 128-bit half of `lanes` that `lower` and `upper`
/// pick, packed to the front of the half (one shuffle for both).
#[target_feature(enable = "avx2")]
#[inline]
fn pack2(lanes: __m256i, lower: &Pack, upper: &Pack) -> __m256i {
    // SAFETY: both shuffles are 16 bytes.
    let shuffle = unsafe { _mm256_loadu2_m128i(upper.shuffle.as_ptr().cast(), lower.shuffle.as_ptr().cast()) };
    _mm256_shuffle_epi8(lanes, shuffle)
}

/// Stores the bytes of the lower half of `lanes` that `lower` picks at
/// `to`, then those of the upper half that `upper` picks right after them,
/// and returns how many bytes that is (32 bytes written).
///
/// # Safety
///
/// `to` is writable for `16 + lower.len` bytes.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn store_packed2(lanes: __m256i, lower: &Pack, upper: &Pack, to: *mut u8) -> usize {
    let packed = pack2(lanes, lower, upper);
    // SAFETY: the caller's promise.
    unsafe {
        _mm_storeu_si128(to.cast(), _mm256_castsi256_si128(packed));
        _mm_storeu_si128(to.add(usize::from(lower.len)).cast(), _mm256_extracti128_si256::<1>(packed));
    }
    usize::from(lower.len) + usize::from(upper.len)
}

// ---------------------------------------------------------------------------
// Counting.

/// Counts the continuation bytes of `bytes` for
/// `super::count_utf8_code_points`, 32 at a time: each compare's mask (-1
/// per continuation byte) is subtracted from byte lanes, which are summed
/// into 64-bit lanes before they can pass 255. `None` when AVX2 is not to
/// be used.
#[inline]
pub(super) fn count_continuations(bytes: &[u8]) -> Option<usize> {
    // SAFETY: `use_avx2` checked that the processor has AVX2.
    super::use_avx2().then(|| unsafe { count_continuations_avx2(bytes) })
}

#[target_feature(enable = "avx2")]
fn count_continuations_avx2(bytes: &[u8]) -> usize {
    let blocks = bytes.len() / 32;
    let mut total = _mm256_setzero_si256();
    let mut block = 0;
    while block < blocks {
        // At most 255 blocks before the byte lanes are summed.
        let end = blocks.min(block + 255);
        let mut lanes = _mm256_setzero_si256();
        while block < end {
            // SAFETY: `block < blocks`, so its 32 bytes are inside `bytes`.
            let v = unsafe { _mm256_loadu_si256(bytes.as_ptr().add(32 * block).cast()) };
            // Continuation bytes are -128..-65 as `i8`: below -64.
            let continuation = _mm256_cmpgt_epi8(_mm256_set1_epi8(-0x40), v);
            lanes = _mm256_sub_epi8(lanes, continuation);
            block += 1;
        }
        total = _mm256_add_epi64(total, _mm256_sad_epu8(lanes, _mm256_setzero_si256()));
    }
    let mut sums = [0u64; 4];
    // SAFETY: `sums` is 32 writable bytes.
    unsafe { _mm256_storeu_si256(sums.as_mut_ptr().cast(), total) };
    let tail = &bytes[32 * blocks..];
    sums.iter().sum::<u64>() as usize + tail.iter().filter(|&&b| (b as i8) < -0x40).count()
}

/// Counts the trail surrogates of `units` for `super::count_code_points`,
/// 16 at a time, as [`count_continuations`] does with 16-bit lanes, which
/// are summed before they can pass 65,535.
#[inline]
pub(super) fn count_trails(units: &[u16]) -> Option<usize> {
    // SAFETY: `use_avx2` checked that the processor has AVX2.
    super::use_avx2().then(|| unsafe { count_trails_avx2(units) })
}

#[target_feature(enable = "avx2")]
fn count_trails_avx2(units: &[u16]) -> usize {
    let blocks = units.len() / 16;
    let mut total = 0;
    let mut block = 0;
    while block < blocks {
        let end = blocks.min(block + 0xFFFF);
        let mut lanes = _mm256_setzero_si256();
        while block < end {
            // SAFETY: `block < blocks`, so its 16 units are inside `units`.
            let v = unsafe { _mm256_loadu_si256(units.as_ptr().add(16 * block).cast()) };
            let masked = _mm256_and_si256(v, _mm256_set1_epi16(0xFC00u16 as i16));
            let trail = _mm256_cmpeq_epi16(masked, _mm256_set1_epi16(0xDC00u16 as i16));
            lanes = _mm256_sub_epi16(lanes, trail);
            block += 1;
        }
        // Unsigned 16-bit lanes summed in pairs into 32-bit lanes (a
        // multiply-add by one would read them as signed).
        let low = _mm256_and_si256(lanes, _mm256_set1_epi32(0xFFFF));
        let pairs = _mm256_add_epi32(low, _mm256_srli_epi32::<16>(lanes));
        let mut sums = [0u32; 8];
        // SAFETY: `sums` is 32 writable bytes.
        unsafe { _mm256_storeu_si256(sums.as_mut_ptr().cast(), pairs) };
        total += sums.iter().map(|&n| n as usize).sum::<usize>();
    }
    let tail = &units[16 * blocks..];
    total + tail.iter().filter(|&&u| u & 0xFC00 == 0xDC00).count()
}

// UTF-16 validation.

/// Returns where the well-formed UTF-16 prefix of `src` (the machine's order)
/// stops being checked by blocks: every unit before it is well-formed and it
/// is the start of a character; `None` when AVX2 is not to be used.
#[inline]
pub(super) fn utf16_prefix_blocks(src: &[u16]) -> Option<usize> {
    // SAFETY: `use_avx2` checked that the processor has AVX2; `src` is
    // readable for `2 * src.len()` bytes.
    super::use_avx2().then(|| unsafe { prefix_blocks::<false>(src.as_ptr().cast(), src.len()) })
}

/// [`utf16_prefix_blocks`] over units held as bytes in either order (a
/// last odd byte is not read).
#[inline]
pub(super) fn utf16_bytes_prefix_blocks(src: &[u8], big_endian: bool) -> Option<usize> {
    // SAFETY: as above, over `src.len() / 2` units.
    super::use_avx2().then(|| unsafe {
        if big_endian {
            prefix_blocks::<true>(src.as_ptr(), src.len() / 2)
        } else {
            prefix_blocks::<false>(src.as_ptr(), src.len() / 2)
        }
    })
}

/// Checks 16 units at a time: without surrogates, or with every lead
/// surrogate followed by a trail surrogate and every trail preceded by a
/// lead (a pair may straddle two blocks). It stops at the first block that
/// is not so, or where fewer than 16 units are left, and returns the start
/// of the character there (a lead surrogate that ended the last block
/// included).
///
/// # Safety
///
/// The processor has AVX2, and `src` is readable for `2 * units` bytes.
#[target_feature(enable = "avx2")]
unsafe fn prefix_blocks<const SWAP: bool>(src: *const u8, units: usize) -> usize {
    let (mut i, mut carry) = (0, 0u32);
    let kind = _mm_set1_epi16(0xFC00_u16 as i16);
    let (lead, trail) = (_mm_set1_epi16(0xD800_u16 as i16), _mm_set1_epi16(0xDC00_u16 as i16));
    while i + 16 <= units {
        // SAFETY: `i + 16 <= units`: 32 bytes from `2 * i` are readable.
        let v = unsafe { load16::<SWAP>(src.add(2 * i)) };
        let (a, b) = (_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
        let (ka, kb) = (_mm_and_si128(a, kind), _mm_and_si128(b, kind));
        let leads = _mm_movemask_epi8(_mm_packs_epi16(_mm_cmpeq_epi16(ka, lead), _mm_cmpeq_epi16(kb, lead))) as u32;
        let trails = _mm_movemask_epi8(_mm_packs_epi16(_mm_cmpeq_epi16(ka, trail), _mm_cmpeq_epi16(kb, trail))) as u32;
        if trails != ((leads << 1) | carry) & 0xFFFF {
            break;
        }
        carry = leads >> 15;
        i += 16;
    }
    i - carry as usize
}

/// The kernels for the tests, which call them whatever `force_portable` says.
#[cfg(test)]
fn utf8_to_utf16_avx2_checked(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    assert!(std::is_x86_feature_detected!("avx2"));
    // SAFETY: the processor has AVX2, checked above.
    unsafe { utf8_to_utf16_avx2(src, dst) }
}

#[cfg(test)]
fn utf16_to_utf8_avx2_checked(src: &[u16], dst: &mut [u8], wide: bool) -> (usize, usize) {
    assert!(std::is_x86_feature_detected!("avx2") && (!wide || crate::Level::Avx512.is_available()));
    // SAFETY: the processor has AVX2, and AVX-512 when `wide`, checked above.
    unsafe { utf16_to_utf8_avx2(src, dst, wide) }
}

#[cfg(test)]
fn utf16_bytes_to_utf8_avx2_checked(src: &[u8], big_endian: bool, dst: &mut [u8], wide: bool) -> (usize, usize, usize) {
    assert!(std::is_x86_feature_detected!("avx2") && (!wide || crate::Level::Avx512.is_available()));
    // SAFETY: as above.
    unsafe { utf16_bytes_to_utf8_avx2(src, big_endian, dst, wide) }
}

#[cfg(test)]
mod tests {
    //! The AVX2 kernels against the standard library and a reference for
    //! generalized UTF-8 written here, at every alignment, with a character
    //! of every class and a lone surrogate at every position of a block,
    //! and at every output size near the block sizes.
    use alloc::string::String;
    use alloc::vec;
    use alloc::vec::Vec;

    fn avx2() -> bool {
        std::is_x86_feature_detected!("avx2")
    }

    /// The generalized UTF-8 of each value (surrogates as three bytes, `C0 80` for `None`).
    fn generalized(values: &[Option<u32>]) -> (Vec<u8>, Vec<u16>) {
        let (mut bytes, mut units) = (Vec::new(), Vec::new());
        for v in values {
            match *v {
                None => {
                    bytes.extend_from_slice(&[0xC0, 0x80]);
                    units.push(0);
                }
                Some(v) if v < 0x80 => {
                    bytes.push(v as u8);
                    units.push(v as u16);
                }
                Some(v) if v < 0x800 => {
                    bytes.extend_from_slice(&[0xC0 | (v >> 6) as u8, 0x80 | (v & 0x3F) as u8]);
                    units.push(v as u16);
                }
                Some(v) if v < 0x1_0000 => {
                    bytes.extend_from_slice(&[
                        0xE0 | (v >> 12) as u8,
                        0x80 | ((v >> 6) & 0x3F) as u8,
                        0x80 | (v & 0x3F) as u8,
                    ]);
                    units.push(v as u16);
                }
                Some(v) => {
                    bytes.extend_from_slice(&[
                        0xF0 | (v >> 18) as u8,
                        0x80 | ((v >> 12) & 0x3F) as u8,
                        0x80 | ((v >> 6) & 0x3F) as u8,
                        0x80 | (v & 0x3F) as u8,
                    ]);
                    let w = v - 0x1_0000;
                    units.push(0xD800 | (w >> 10) as u16);
                    units.push(0xDC00 | (w & 0x3FF) as u16);
                }
            }
        }
        (bytes, units)
    }

    /// Values of every length, surrogates and `C0 80` among them, in a
    /// pseudo-random order from `seed`.
    fn mixed(seed: u32, n: usize, classes: &[u32]) -> Vec<Option<u32>> {
        let mut x = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                let class = classes[(x % classes.len() as u32) as usize];
                let r = x >> 8;
                match class {
                    0 => Some(0x20 + r % 0x5F),
                    1 => Some(0x80 + r % 0x780),
                    2 if r.is_multiple_of(4) => Some(0xE000 + (r >> 2) % 0x2000),
                    2 => Some(0x800 + r % 0xD000),
                    3 => Some(0x1_0000 + r % 0x10_0000),
                    4 => Some(0xD800 + r % 0x800),
                    _ => None,
                }
            })
            .collect()
    }

    fn sizes() -> usize {
        if cfg!(any(miri, utfx_slow_runner)) { 1 } else { 40 }
    }

    /// All of `values`, or under Miri (where AVX2 runs only with
    /// `-Ctarget-feature=+avx2`, and slowly) the first two.
    fn pick(values: &[usize]) -> &[usize] {
        if cfg!(any(miri, utfx_slow_runner)) { &values[..2] } else { values }
    }

    #[test]
    fn utf8_to_utf16_agrees_with_the_reference() {
        if !avx2() {
            return;
        }
        let class_sets: [&[u32]; 8] = [&[0], &[1], &[2], &[3], &[0, 1], &[0, 2], &[0, 1, 2, 3], &[0, 1, 2, 3, 4, 5]];
        for (c, classes) in class_sets.iter().enumerate() {
            for seed in 0..sizes() as u32 {
                let (bytes, units) = generalized(&mixed(
                    seed * 8 + c as u32,
                    if cfg!(any(miri, utfx_slow_runner)) { 90 } else { 300 },
                    classes,
                ));
                // Every start (alignment) and every output size near the ends.
                for &start in pick(&[0, 1, 2, 3, 5, 7, 13, 31]) {
                    let Some(skip) = (start..bytes.len()).find(|&k| bytes[k] & 0xC0 != 0x80) else { continue };
                    let src = &bytes[skip..];
                    let expected_units: Vec<u16> = {
                        let before = generalized_units_before(&bytes, skip, &units);
                        units[before..].to_vec()
                    };
                    for &room in pick(&[expected_units.len() + 70, expected_units.len(), 63, 64, 65, 70, 1, 2]) {
                        let mut fast = vec![0u16; room];
                        let mut slow = vec![0u16; room];
                        let got = super::utf8_to_utf16_avx2_checked(src, &mut fast);
                        let want = super::super::valid_utf8_to_utf16_portable(src, &mut slow);
                        assert_eq!(got, want, "classes {classes:?} seed {seed} start {start} room {room}");
                        assert_eq!(fast[..got.1], expected_units[..got.1]);
                        assert_eq!(slow[..want.1], expected_units[..want.1]);
                    }
                }
            }
        }
    }

    #[test]
    fn utf8_to_utf16_of_cut_input_agrees_with_the_reference() {
        if !avx2() {
            return;
        }
        // Well-formed text cut at every byte (inside characters too) of the
        // first blocks and of the padded last block: the conversion stops
        // before the cut character, with the reference's units.
        let class_sets: [&[u32]; 4] = [&[0, 1], &[0, 2], &[3], &[0, 1, 2, 3, 4, 5]];
        for (c, classes) in class_sets.iter().enumerate() {
            let (bytes, units) =
                generalized(&mixed(c as u32 + 99, if cfg!(any(miri, utfx_slow_runner)) { 40 } else { 200 }, classes));
            let ends: Vec<usize> =
                if cfg!(any(miri, utfx_slow_runner)) { vec![67, 70, 131] } else { (0..bytes.len()).collect() };
            for end in ends.into_iter().filter(|&e| e <= bytes.len()) {
                let src = &bytes[..end];
                let whole = (0..=end).rev().find(|&k| k == bytes.len() || bytes[k] & 0xC0 != 0x80).unwrap_or(0);
                let expected = &units[..generalized_units_before(&bytes, whole, &units)];
                for room in [expected.len() + 64, expected.len() + 200] {
                    let mut fast = vec![0u16; room];
                    let got = super::utf8_to_utf16_avx2_checked(src, &mut fast);
                    assert_eq!(got, (whole, expected.len()), "classes {classes:?} end {end}");
                    assert_eq!(&fast[..got.1], expected, "classes {classes:?} end {end}");
                }
            }
        }
    }

    /// How many units the characters of `bytes[..skip]` take.
    fn generalized_units_before(bytes: &[u8], skip: usize, _units: &[u16]) -> usize {
        bytes[..skip].iter().filter(|&&b| b & 0xC0 != 0x80).map(|&b| if b >= 0xF0 { 2 } else { 1 }).sum()
    }

    #[test]
    fn utf8_to_utf16_never_reads_or_writes_out_of_bounds() {
        if !avx2() {
            return;
        }
        // Bytes that are not UTF-8: any result, but in bounds and progress.
        let mut x = 7u32;
        for len in (0..200).step_by(if cfg!(any(miri, utfx_slow_runner)) { 37 } else { 1 }) {
            let bytes = super::super::not_utf8(len, &mut x);
            for room in [0, 1, 64, 65, 300] {
                let mut out = vec![0u16; room];
                let (read, written) = super::utf8_to_utf16_avx2_checked(&bytes, &mut out);
                assert!(read <= bytes.len() && written <= room);
            }
        }
    }

    #[test]
    fn utf16_to_utf8_agrees_with_std() {
        if !avx2() {
            return;
        }
        let class_sets: [&[u32]; 9] = [&[0], &[1], &[2], &[3], &[0, 1], &[1, 2], &[0, 1, 2], &[0, 2, 3], &[0, 1, 2, 3]];
        // Under Miri, every other set: one and four bytes alone, the two
        // BMP lengths mixed, and pairs among one and three bytes.
        for (c, classes) in
            class_sets.iter().enumerate().filter(|(c, _)| !cfg!(any(miri, utfx_slow_runner)) || c % 2 == 1)
        {
            for seed in 0..sizes() as u32 {
                let (_, units) = generalized(&mixed(seed * 8 + c as u32, 60, classes));
                for &start in pick(&[0, 1, 2, 3, 5, 8, 15]) {
                    let src = &units[start.min(units.len())..];
                    // A lone surrogate at each position of the first blocks.
                    let step = if cfg!(any(miri, utfx_slow_runner)) { 13 } else { 1 };
                    for bad in (0..src.len().min(40)).step_by(step).map(Some).chain([None]) {
                        let mut src = src.to_vec();
                        if let Some(b) = bad {
                            src[b] = if b % 2 == 0 { 0xDC00 } else { 0xD812 };
                        }
                        check_utf16(&src);
                    }
                }
            }
        }
    }

    #[test]
    fn utf16_to_utf8_of_64_units_at_a_time_agrees_with_std() {
        if !avx2() {
            return;
        }
        // More than 64 units of each kind the kernel takes 64 at a time
        // (ASCII, below U+0800, any of the basic multilingual plane), and
        // with pairs, which send it back to sixteen at a time; then with a
        // lone surrogate at each position of the first 64.
        let kinds: [&[u32]; 4] = [&[0], &[0, 1], &[0, 1, 2], &[0, 1, 2, 3]];
        for (k, classes) in kinds.iter().enumerate() {
            let (_, units) = generalized(&mixed(k as u32, 150, classes));
            check_utf16(&units);
            for bad in (0..70).step_by(if cfg!(any(miri, utfx_slow_runner)) { 35 } else { 1 }) {
                let mut src = units.clone();
                src[bad] = if bad % 2 == 0 { 0xD800 } else { 0xDC00 };
                check_utf16(&src);
            }
        }
    }

    #[test]
    fn utf16_to_utf8_of_runs_of_one_length_agrees_with_std() {
        if !avx2() {
            return;
        }
        // Runs of one class each, of lengths around the blocks' sizes (16,
        // 32, 64 units), one after another: the AVX-512 blocks take 32 units
        // with one or two bytes each in one go, ASCII 64 at a time, and hand
        // blocks with a pair to the AVX2 ones.
        let lengths: &[usize] =
            if cfg!(any(miri, utfx_slow_runner)) { &[17, 40] } else { &[1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100] };
        for (k, pair) in [[0, 1], [1, 0], [0, 2], [2, 1], [1, 3], [3, 0], [2, 3]].iter().enumerate() {
            for (n, &first) in lengths.iter().enumerate() {
                let second = lengths[(n * 7 + k) % lengths.len()];
                let mut values = Vec::new();
                for (run, &class) in [first, second, first + second].iter().zip(pair.iter().cycle()) {
                    values.extend(mixed((k * 100 + n) as u32, *run, &[class]));
                }
                let (_, units) = generalized(&values);
                check_utf16(&units);
            }
        }
    }

    fn check_utf16(src: &[u16]) {
        let valid = char::decode_utf16(src.iter().copied())
            .take_while(Result::is_ok)
            .map(|c| c.map_or(0, char::len_utf16))
            .sum::<usize>();
        let text = String::from_utf16(&src[..valid]).unwrap();
        let swapped: Vec<u8> = src.iter().flat_map(|u| u.to_be_bytes()).collect();
        let little: Vec<u8> = src.iter().flat_map(|u| u.to_le_bytes()).collect();
        assert_eq!(super::super::utf16_units_prefix(src), valid, "{src:X?}");
        assert_eq!(super::super::utf16_bytes_prefix(&swapped, true), valid);
        assert_eq!(super::super::utf16_bytes_prefix(&little, false), valid);
        // The AVX2 blocks alone, and the AVX-512 ones where the processor
        // has what they need.
        let rooms = [text.len() + 70, text.len(), 63, 64, 65, 80, 112, 113, 1, 3];
        let kernels = [false, true].into_iter().filter(|&wide| !wide || crate::Level::Avx512.is_available());
        for (wide, &room) in kernels.flat_map(|wide| pick(&rooms).iter().map(move |room| (wide, room))) {
            let mut fast = vec![0u8; room];
            let mut slow = vec![0u8; room];
            let got = super::utf16_to_utf8_avx2_checked(src, &mut fast, wide);
            let want = super::super::utf16_to_utf8_portable(src, &mut slow);
            assert_eq!(got, want, "{src:X?} room {room} wide {wide}");
            assert_eq!(&fast[..got.1], &text.as_bytes()[..got.1]);
            if room >= text.len() + 4 {
                assert_eq!(got.0, valid);
            }
            for (bytes, big) in [(&swapped, true), (&little, false)] {
                let mut out = vec![0u8; room];
                let (read, written, points) = super::utf16_bytes_to_utf8_avx2_checked(bytes, big, &mut out, wide);
                assert_eq!((read, written), got);
                assert_eq!(out[..got.1], fast[..got.1]);
                // The count the kernel keeps, against std's count of the
                // characters it wrote.
                let chars = core::str::from_utf8(&text.as_bytes()[..written]).map(|s| s.chars().count());
                assert_eq!(Ok(points), chars, "{src:X?} room {room}");
            }
        }
    }
}
