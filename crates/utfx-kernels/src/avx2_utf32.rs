//! The AVX2 forms of the conversions between UTF-8 and code points (UTF-32),
//! chosen at run time by [`super::use_avx2`]: valid UTF-8 straight into a
//! `Vec<u32>`'s spare capacity, and Unicode scalar values straight
//! into a `Vec<u8>`'s, without going through UTF-16 (decision 0013).
//!
//! UTF-8 to code points takes 32 bytes at a time. For every byte it computes
//! the code point of the character that would end there, from that byte and
//! the three before it (each earlier byte counts when every byte after it up
//! to this one is a continuation byte), in 32-bit lanes (16-bit ones while no
//! four-byte character is near); then it keeps the lanes of the bytes that
//! do end a character (the next byte is not a continuation byte), packed by a
//! permutation from a 256-entry table, eight lanes at a time. Blocks go on by
//! 32 bytes whatever they end with, so one may start inside a character: it
//! decodes the characters that end in it. ASCII, and runs of three- and of
//! four-byte characters, have their own cases. At `Level::Avx512` the same
//! loop runs with the features of `avx512_utf32.rs`, whose block packs the
//! 16-bit code points of a block without four-byte characters with one
//! compress instead, and which takes checked text 64 bytes a block where it
//! can.
//!
//! Code points to UTF-8 takes eight code points at a time: each one's one to
//! four bytes in its 32-bit lane, then a byte shuffle per four lanes from a
//! 256-entry table picked by their lengths. Runs of 32 ASCII code points,
//! of sixteen of one or two bytes, and of eight of three or of four bytes
//! have their own cases.
//!
//! Every load and store is a whole block inside the caller's slices, checked
//! before the block starts; a store may write past what it counts as
//! written, never past the spare capacity it was given.
#![allow(unsafe_code)]

use alloc::vec::Vec;
use core::arch::x86_64::{
    __m256i, _mm_loadl_epi64, _mm_loadu_si128, _mm_storeu_si128, _mm256_add_epi32, _mm256_and_si256,
    _mm256_andnot_si256, _mm256_blendv_epi8, _mm256_castsi128_si256, _mm256_castsi256_ps, _mm256_castsi256_si128,
    _mm256_cmpeq_epi32, _mm256_cmpgt_epi8, _mm256_cmpgt_epi16, _mm256_cmpgt_epi32, _mm256_cvtepu8_epi32,
    _mm256_cvtepu16_epi32, _mm256_extracti128_si256, _mm256_inserti128_si256, _mm256_loadu_si256, _mm256_madd_epi16,
    _mm256_maddubs_epi16, _mm256_max_epu8, _mm256_movemask_epi8, _mm256_movemask_ps, _mm256_or_si256,
    _mm256_packs_epi16, _mm256_packus_epi16, _mm256_packus_epi32, _mm256_permute4x64_epi64,
    _mm256_permutevar8x32_epi32, _mm256_set_epi8, _mm256_set_epi32, _mm256_set1_epi8, _mm256_set1_epi16,
    _mm256_set1_epi32, _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_slli_epi16, _mm256_slli_epi32,
    _mm256_srli_epi16, _mm256_srli_epi32, _mm256_srlv_epi32, _mm256_storeu_si256, _mm256_sub_epi32, _mm256_subs_epu8,
    _mm256_testz_si256, _mm256_unpackhi_epi8, _mm256_unpackhi_epi16, _mm256_unpacklo_epi8, _mm256_unpacklo_epi16,
};
use core::mem::MaybeUninit;

use super::simd::avx2::{Avx2, V};
use super::tables::KEPT;
use super::validate::Utf8Tables;

/// The family validator's tables in AVX2 registers (`simd.rs`).
type Checker = super::simd::Checker<V>;
// ---------------------------------------------------------------------------
// UTF-8 to code points.

/// For each set of lanes to keep out of eight (bit `j`: lane `j`), the
/// lanes in order, for `_mm256_permutevar8x32_epi32`; the rest are 0.
static KEEP: [[u32; 8]; 256] = keep();

const fn keep() -> [[u32; 8]; 256] {
    let mut table = [[0u32; 8]; 256];
    let mut mask = 0;
    while mask < 256 {
        let (mut n, mut j) = (0, 0);
        while j < 8 {
            if (mask >> j) & 1 == 1 {
                table[mask][n] = j as u32;
                n += 1;
            }
            j += 1;
        }
        mask += 1;
    }
    table
}

/// Appends the code points of bytes that the caller has checked to be
/// well-formed UTF-8 to `out`, as `super::valid_utf8_to_code_points` does
/// (same result, same contract on bytes that are not UTF-8): how many bytes
/// it read. `None` when AVX2 is not to be used.
#[inline]
pub(super) fn valid_utf8_to_code_points(bytes: &[u8], out: &mut Vec<u32>) -> Option<usize> {
    if !super::use_avx2() {
        return None;
    }
    // SAFETY: `use_avx2` checked that the processor has AVX2.
    Some(unsafe { append_code_points(bytes, out, None) })
}

/// Appends the code points of the longest prefix of `bytes` that `tables`
/// find well-formed to `out`, as `super::checked_utf8_to_code_points` does,
/// checking each block just before decoding it: how many bytes it read.
/// `None` when AVX2 is not to be used or the grammar has a forbidden pair
/// or refuses `00` (which the blocks do not look for).
#[inline]
pub(super) fn checked_utf8_to_code_points(bytes: &[u8], out: &mut Vec<u32>, tables: &Utf8Tables) -> Option<usize> {
    if !super::use_avx2() || tables.pair.is_some() || tables.nul {
        return None;
    }
    // SAFETY: `use_avx2` checked that the processor has AVX2.
    Some(unsafe { append_code_points(bytes, out, Some(tables)) })
}

/// [`valid_utf8_to_code_points`] once AVX2 is known to be there (and
/// [`checked_utf8_to_code_points`] with `tables`): a character takes at
/// least a byte, so `bytes.len()` code points of room hold them all.
#[target_feature(enable = "avx2")]
fn append_code_points(bytes: &[u8], out: &mut Vec<u32>, tables: Option<&Utf8Tables>) -> usize {
    out.reserve(bytes.len());
    let len = out.len();
    let dst = out.spare_capacity_mut();
    #[cfg(utfx_kernels_avx512)]
    let (read, written) = if super::level() == super::Level::Avx512 {
        // SAFETY: the level is `Avx512` only where the processor has what
        // `avx512_utf32.rs` needs (`Level::is_available`).
        unsafe { super::avx512_utf32::utf8_to_utf32(bytes, dst, tables) }
    } else {
        utf8_to_utf32_avx2(bytes, dst, tables)
    };
    #[cfg(not(utfx_kernels_avx512))]
    let (read, written) = utf8_to_utf32_avx2(bytes, dst, tables);
    // SAFETY: the kernel initialized the first `written` elements of the
    // spare capacity (`written <= dst.len()`).
    unsafe { out.set_len(len + written) };
    read
}

/// Decodes valid UTF-8 from `src` into `dst`, as much as fits: (bytes read,
/// code points written). It stops at the end of `src`, before a character
/// that does not fit, or before a sequence cut by the end (only in bytes
/// that are not UTF-8). On bytes that are not UTF-8 the values are
/// unspecified, but it never reads or writes out of bounds.
///
/// With `tables`, it decodes the longest prefix of `src` that they find
/// well-formed instead, whatever `src` holds: each block is checked just
/// before it is decoded, and from the first with an error (or the last
/// bytes) the exact validator decides how far to go.
#[target_feature(enable = "avx2")]
fn utf8_to_utf32_avx2(src: &[u8], dst: &mut [MaybeUninit<u32>], tables: Option<&Utf8Tables>) -> (usize, usize) {
    utf8_to_utf32_blocks::<false>(src, dst, tables)
}

/// [`utf8_to_utf32_avx2`], whose blocks without four-byte characters go
/// through `avx512_utf32.rs`'s `bmp_block` when `AVX512`: that instance is
/// to be called only from a function with the features `bmp_block` needs
/// (`avx512_utf32::utf8_to_utf32`), into which it is inlined.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn utf8_to_utf32_blocks<const AVX512: bool>(
    src: &[u8],
    dst: &mut [MaybeUninit<u32>],
    tables: Option<&Utf8Tables>,
) -> (usize, usize) {
    // SAFETY: this function runs only where the processor has AVX2 (its
    // `target_feature`, which its callers checked).
    let checker = tables.map(|t| Checker::new(unsafe { Avx2::new() }, t));
    let mut src = src;
    if let Some(tables) = tables {
        // The first characters, which the blocks do not check, checked
        // one by one; an error there ends the input.
        let head = super::boundary_from(src, 3);
        let valid = super::validate::valid_prefix_portable(&src[..head], tables);
        if valid < head {
            src = &src[..valid];
        }
    }
    let (mut i, mut n) = (0, 0);
    // A block also reads the three bytes before it: the first characters
    // one at a time.
    while i < 3 {
        let Some((value, len)) = super::read_char(src, i) else { return (i, n) };
        let Some(slot) = dst.get_mut(n) else { return (i, n) };
        slot.write(value);
        i += len;
        n += 1;
    }
    let first = i;
    // Whether the last block was all ASCII (written whatever follows it).
    let mut ascii_block = false;
    // With tables: where the bytes checked so far end (never before `i`).
    let mut checked = first;
    // Each block reads bytes `i - 3 .. i + 33` and writes at most 32 lanes
    // from `n`: the characters that end in it. It may start inside a
    // character (whose bytes before it the block reads too).
    while i + 33 <= src.len() && n + 32 <= dst.len() {
        // SAFETY (for the pointers below): `3 <= i` and `i + 33 <= src.len()`,
        // `n + 32 <= dst.len()`.
        let (from, to) = unsafe { (src.as_ptr().add(i), dst.as_mut_ptr().add(n).cast::<u32>()) };
        // SAFETY: see above.
        let x0 = unsafe { _mm256_loadu_si256(from.cast()) };
        let high = _mm256_movemask_epi8(x0) as u32;
        if let Some(checker) = &checker
            && i + 32 > checked
        {
            // The 32 bytes from where the checked bytes end (blocks may
            // step back, so a block is checked once, not at every step).
            if checked + 32 > src.len() {
                break;
            }
            // SAFETY: `3 <= i <= checked` and `checked + 32 <= src.len()`:
            // bytes `checked - 3 .. checked + 32` are read.
            let errors = unsafe {
                let at = src.as_ptr().add(checked);
                block_has_errors(checker, at, _mm256_loadu_si256(at.cast()))
            };
            if errors {
                break;
            }
            checked += 32;
        }
        ascii_block = high == 0;
        if high == 0 {
            // 32 ASCII bytes.
            // SAFETY: see above.
            unsafe { widen_ascii(from, to) };
            i += 32;
            n += 32;
            continue;
        }
        // Continuation bytes are the bytes below -64 as signed bytes.
        let below = _mm256_set1_epi8(-64);
        let c0 = _mm256_cmpgt_epi8(below, x0);
        let continuation = _mm256_movemask_epi8(c0) as u32;
        let next_continuation = (src[i + 32] as i8) < -64;
        // Bit j: byte j ends a character.
        let ends = !((continuation >> 1) | (u32::from(next_continuation) << 31));
        // Runs of four- and of three-byte characters start with 24 bytes
        // that are not ASCII: one branch, seldom taken in mixed text, before
        // their two (they cost mixed text a tenth of its speed).
        if high & 0x00FF_FFFF == 0x00FF_FFFF {
            if continuation == 0xEEEE_EEEE && !next_continuation {
                // Eight characters of four bytes each.
                // SAFETY: see above.
                unsafe { _mm256_storeu_si256(to.cast(), four_byte_chars(x0)) };
                i += 32;
                n += 8;
                continue;
            }
            if continuation & 0x01FF_FFFF == 0x00DB_6DB6 {
                // Eight characters of three bytes each (then a character starts).
                // SAFETY: see above: bytes `i .. i + 28` are read.
                unsafe { _mm256_storeu_si256(to.cast(), three_byte_chars(from)) };
                i += 24;
                n += 8;
                continue;
            }
        }
        // SAFETY: see above: `i - 3 + 32 <= src.len()`.
        let (x1, x2, x3) = unsafe {
            (
                _mm256_loadu_si256(from.sub(1).cast()),
                _mm256_loadu_si256(from.sub(2).cast()),
                _mm256_loadu_si256(from.sub(3).cast()),
            )
        };
        // The lead bytes of three- and four-byte characters are the bytes
        // above 0xDF and 0xEF: in the block, or in the three bytes before it
        // when the character ends in it.
        let leads = _mm256_max_epu8(x0, x3);
        let three = _mm256_subs_epu8(leads, _mm256_set1_epi8(0xDF_u8 as i8));
        let four = _mm256_subs_epu8(leads, _mm256_set1_epi8(0xEF_u8 as i8));
        let no_four = _mm256_testz_si256(four, four) == 1;
        if cfg!(utfx_kernels_avx512) && AVX512 && no_four {
            // Bit j: byte j - 1 is a continuation byte.
            let c1 = (continuation << 1) | u32::from((src[i - 1] as i8) < -64);
            #[cfg(utfx_kernels_avx512)]
            {
                // SAFETY: `AVX512` only in the instance that
                // `avx512_utf32::utf8_to_utf32` runs, where the processor
                // has what `bmp_block` needs; `n + 32 <= dst.len()`.
                n += unsafe { super::avx512_utf32::bmp_block(x0, x1, x2, ends, continuation, c1, to) };
            }
            #[cfg(not(utfx_kernels_avx512))]
            let _ = c1;
        } else {
            let lanes = if _mm256_testz_si256(three, three) == 1 {
                ending_here_two(x0, x1, c0)
            } else if no_four {
                ending_here_bmp(x0, x1, x2, c0)
            } else {
                ending_here(x0, x1, x2, x3, c0)
            };
            let mut at = n;
            for (k, lanes) in lanes.into_iter().enumerate() {
                let keep = ((ends >> (8 * k)) & 0xFF) as usize;
                // SAFETY: `KEEP[keep]` is 32 bytes; `at + 8 <= n + 8 * (k + 1) <= n + 32`.
                unsafe {
                    let order = _mm256_loadu_si256(KEEP[keep].as_ptr().cast());
                    _mm256_storeu_si256(dst.as_mut_ptr().add(at).cast(), _mm256_permutevar8x32_epi32(lanes, order));
                }
                at += usize::from(KEPT[keep]);
            }
            n = at;
        }
        // On by the whole block: the next block's start does not wait for
        // this one's bytes (that costs a third of the speed). But where this
        // block is all three- or four-byte characters, not starting at one,
        // on to the start of its last character instead, so that the next
        // block can take the cases above.
        let starts = !continuation;
        if high == u32::MAX && matches!(starts, 0x9249_2492 | 0x2492_4924 | 0x2222_2222 | 0x4444_4444 | 0x8888_8888) {
            i += 32 - ends.leading_zeros() as usize;
        } else {
            i += 32;
        }
    }
    if let Some(tables) = tables {
        // Back to the start of the character that holds the last byte the
        // blocks covered, taking back its code point when they wrote it
        // (an ASCII block writes every byte; others, a character whose next
        // byte is not a continuation byte): no block checked that next
        // byte, where the character's error shows if it is cut short. Then
        // as far as the exact validator finds the bytes well-formed.
        if i > first {
            let last = i - 1;
            let mut start = last;
            while start + 3 > last && (src[start] as i8) < -64 {
                start -= 1;
            }
            if ascii_block || (src[i] as i8) >= -64 {
                n -= 1;
            }
            i = start;
        }
        src = &src[..i + super::validate::valid_prefix(&src[i..], tables)];
    } else {
        // The character that holds byte `i` started before it when byte
        // `i` is a continuation byte: it was not written.
        let stop = i;
        while i > first && i + 3 > stop && src.get(i).is_some_and(|&b| (b as i8) < -64) {
            i -= 1;
        }
    }
    // The last bytes, each character checked against both ends.
    while let Some((value, len)) = super::read_char(src, i) {
        let Some(slot) = dst.get_mut(n) else { break };
        slot.write(value);
        i += len;
        n += 1;
    }
    (i, n)
}

/// Whether the 32 bytes `x0` at `from` have an error to `checker`, with the three bytes before them: for ASCII, only a
/// character cut at `from`; else every pair of bytes.
///
/// # Safety
///
/// `from - 3 .. from + 32` is readable.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn block_has_errors(checker: &Checker, from: *const u8, x0: __m256i) -> bool {
    if _mm256_movemask_epi8(x0) == 0 {
        // SAFETY: the caller's promise.
        let before = unsafe { [*from.sub(1), *from.sub(2), *from.sub(3)] };
        return before[0] >= 0xC0 || before[1] >= 0xE0 || before[2] >= 0xF0;
    }
    // SAFETY: the caller's promise.
    let prev = unsafe {
        [
            _mm256_loadu_si256(from.sub(1).cast()),
            _mm256_loadu_si256(from.sub(2).cast()),
            _mm256_loadu_si256(from.sub(3).cast()),
        ]
    };
    let errors = checker.errors_after(V(x0), prev.map(V)).0;
    _mm256_testz_si256(errors, errors) == 0
}

/// Writes 32 ASCII bytes as 32 lanes.
///
/// # Safety
///
/// `from` is readable for 32 bytes and `to` writable for 32 lanes.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn widen_ascii(from: *const u8, to: *mut u32) {
    let mut k = 0;
    while k < 4 {
        // SAFETY: the caller's promise: `8 * k + 8 <= 32`.
        unsafe {
            let bytes = _mm_loadl_epi64(from.add(8 * k).cast());
            _mm256_storeu_si256(to.add(8 * k).cast(), _mm256_cvtepu8_epi32(bytes));
        }
        k += 1;
    }
}

/// Decodes eight four-byte characters, the lead byte lowest in each 32-bit
/// lane of `x`.
#[target_feature(enable = "avx2")]
#[inline]
fn four_byte_chars(x: __m256i) -> __m256i {
    // Lanes `11110www 10zzzzzz 10yyyyyy 10xxxxxx` (memory order).
    let payload = _mm256_and_si256(x, _mm256_set1_epi32(0x3F3F_3F07));
    // Pairs of bytes: www·64 + zzzzzz, yyyyyy·64 + xxxxxx.
    let pairs = _mm256_maddubs_epi16(payload, _mm256_set1_epi16(0x0140));
    _mm256_madd_epi16(pairs, _mm256_set1_epi32(0x0001_1000))
}

/// Decodes eight three-byte characters (24 bytes).
///
/// # Safety
///
/// `from` is readable for 28 bytes.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn three_byte_chars(from: *const u8) -> __m256i {
    // SAFETY: the caller's promise: 16 bytes from `from` and from `from + 12`.
    let x = unsafe {
        _mm256_inserti128_si256::<1>(
            _mm256_castsi128_si256(_mm_loadu_si128(from.cast())),
            _mm_loadu_si128(from.add(12).cast()),
        )
    };
    // Lanes `00000000 1110zzzz 10yyyyyy 10xxxxxx` (memory order).
    let spread = _mm256_set_epi8(
        11, 10, 9, -128, 8, 7, 6, -128, 5, 4, 3, -128, 2, 1, 0, -128, 11, 10, 9, -128, 8, 7, 6, -128, 5, 4, 3, -128, 2,
        1, 0, -128,
    );
    let payload = _mm256_and_si256(_mm256_shuffle_epi8(x, spread), _mm256_set1_epi32(0x3F3F_0F00));
    // Pairs of bytes: zzzz, yyyyyy·64 + xxxxxx.
    let pairs = _mm256_maddubs_epi16(payload, _mm256_set1_epi16(0x0140));
    _mm256_madd_epi16(pairs, _mm256_set1_epi32(0x0001_1000))
}

/// [`ending_here`] for blocks of characters of one or two bytes: every
/// value fits 11 bits.
#[target_feature(enable = "avx2")]
#[inline]
fn ending_here_two(x0: __m256i, x1: __m256i, c0: __m256i) -> [__m256i; 4] {
    let b0 = _mm256_and_si256(x0, _mm256_set1_epi8(0x7F));
    let b1 = _mm256_and_si256(x1, _mm256_and_si256(c0, _mm256_set1_epi8(0x3F)));
    // b0 + 64·b1 in 16-bit lanes, in-lane order as in `ending_here_bmp`.
    let weights = _mm256_set1_epi16(0x4001);
    let lo = _mm256_maddubs_epi16(_mm256_unpacklo_epi8(b0, b1), weights);
    let hi = _mm256_maddubs_epi16(_mm256_unpackhi_epi8(b0, b1), weights);
    [
        _mm256_cvtepu16_epi32(_mm256_castsi256_si128(lo)),
        _mm256_cvtepu16_epi32(_mm256_castsi256_si128(hi)),
        _mm256_cvtepu16_epi32(_mm256_extracti128_si256::<1>(lo)),
        _mm256_cvtepu16_epi32(_mm256_extracti128_si256::<1>(hi)),
    ]
}

/// [`ending_here`] for blocks without four-byte characters: every value
/// fits 16 bits.
#[target_feature(enable = "avx2")]
#[inline]
fn ending_here_bmp(x0: __m256i, x1: __m256i, x2: __m256i, c0: __m256i) -> [__m256i; 4] {
    let c1 = _mm256_cmpgt_epi8(_mm256_set1_epi8(-64), x1);
    // As in `ending_here`; two bytes before, only the lead of three bytes.
    let b0 = _mm256_and_si256(x0, _mm256_set1_epi8(0x7F));
    let b1 = _mm256_and_si256(x1, _mm256_and_si256(c0, _mm256_set1_epi8(0x3F)));
    let b2 = _mm256_and_si256(x2, _mm256_and_si256(_mm256_and_si256(c0, c1), _mm256_set1_epi8(0x0F)));
    // b0 + 64·b1 + 4096·b2 in 16-bit lanes, in-lane order: bytes 0-7 and
    // 16-23 (`lo`), 8-15 and 24-31 (`hi`).
    let weights = _mm256_set1_epi16(0x4001);
    let zero = _mm256_setzero_si256();
    let lo = _mm256_or_si256(
        _mm256_maddubs_epi16(_mm256_unpacklo_epi8(b0, b1), weights),
        _mm256_slli_epi16::<4>(_mm256_unpacklo_epi8(zero, b2)),
    );
    let hi = _mm256_or_si256(
        _mm256_maddubs_epi16(_mm256_unpackhi_epi8(b0, b1), weights),
        _mm256_slli_epi16::<4>(_mm256_unpackhi_epi8(zero, b2)),
    );
    [
        _mm256_cvtepu16_epi32(_mm256_castsi256_si128(lo)),
        _mm256_cvtepu16_epi32(_mm256_castsi256_si128(hi)),
        _mm256_cvtepu16_epi32(_mm256_extracti128_si256::<1>(lo)),
        _mm256_cvtepu16_epi32(_mm256_extracti128_si256::<1>(hi)),
    ]
}

/// For each of the 32 bytes of `x0`, the code point of the character that
/// ends there if one does, in 32-bit lanes: bytes 0 to 7, 8 to 15, 16 to 23
/// and 24 to 31. `x1`, `x2` and `x3` are the 32 bytes that start one, two
/// and three bytes before `x0`; `c0` marks the continuation bytes of `x0`.
#[target_feature(enable = "avx2")]
#[inline]
fn ending_here(x0: __m256i, x1: __m256i, x2: __m256i, x3: __m256i, c0: __m256i) -> [__m256i; 4] {
    let below = _mm256_set1_epi8(-64);
    let (c1, c2) = (_mm256_cmpgt_epi8(below, x1), _mm256_cmpgt_epi8(below, x2));
    // The last byte of a character is ASCII or a continuation byte:
    // 0xxxxxxx or 10xxxxxx, seven bits either way.
    let b0 = _mm256_and_si256(x0, _mm256_set1_epi8(0x7F));
    // The byte before counts when the last one is a continuation byte: then
    // it is a continuation byte or the lead of two bytes (110yyyyy), whose
    // bit 5 is clear.
    let b1 = _mm256_and_si256(x1, _mm256_and_si256(c0, _mm256_set1_epi8(0x3F)));
    // Two bytes before: a continuation byte, or the lead of three bytes
    // (1110zzzz).
    let c01 = _mm256_and_si256(c0, c1);
    let mask2 = _mm256_or_si256(_mm256_set1_epi8(0x0F), _mm256_and_si256(c2, _mm256_set1_epi8(0x30)));
    let b2 = _mm256_and_si256(x2, _mm256_and_si256(c01, mask2));
    // Three bytes before: only the lead of four bytes (11110www).
    let b3 = _mm256_and_si256(x3, _mm256_and_si256(_mm256_and_si256(c01, c2), _mm256_set1_epi8(0x07)));
    // b0 + 64·b1 and b2 + 64·b3 in 16-bit lanes, in-lane order: bytes 0-7
    // and 16-23 (`lo`), 8-15 and 24-31 (`hi`).
    let weights = _mm256_set1_epi16(0x4001);
    let lo01 = _mm256_maddubs_epi16(_mm256_unpacklo_epi8(b0, b1), weights);
    let hi01 = _mm256_maddubs_epi16(_mm256_unpackhi_epi8(b0, b1), weights);
    let lo23 = _mm256_maddubs_epi16(_mm256_unpacklo_epi8(b2, b3), weights);
    let hi23 = _mm256_maddubs_epi16(_mm256_unpackhi_epi8(b2, b3), weights);
    // Quarters 0, 2, 1, 3: the 16-bit unpacks below then take bytes in order.
    let lo01 = _mm256_permute4x64_epi64::<0xD8>(lo01);
    let hi01 = _mm256_permute4x64_epi64::<0xD8>(hi01);
    let lo23 = _mm256_permute4x64_epi64::<0xD8>(lo23);
    let hi23 = _mm256_permute4x64_epi64::<0xD8>(hi23);
    // (b0 + 64·b1) + 4096·(b2 + 64·b3).
    let weights = _mm256_set1_epi32(0x1000_0001);
    [
        _mm256_madd_epi16(_mm256_unpacklo_epi16(lo01, lo23), weights),
        _mm256_madd_epi16(_mm256_unpacklo_epi16(hi01, hi23), weights),
        _mm256_madd_epi16(_mm256_unpackhi_epi16(lo01, lo23), weights),
        _mm256_madd_epi16(_mm256_unpackhi_epi16(hi01, hi23), weights),
    ]
}

// ---------------------------------------------------------------------------
// Code points to UTF-8.

/// For four 32-bit lanes of one to four bytes, the byte shuffle that packs
/// their bytes (index `0x80` zeroes a byte), indexed by the lanes' lengths
/// less one: bit `j` of the index is bit 0 of lane `j`'s, bit `j + 4` its
/// bit 1.
pub(super) static PACK: [[u8; 16]; 256] = pack();

/// How many bytes the shuffle of [`PACK`] of the same index keeps.
pub(super) static PACK_LEN: [u8; 256] = pack_len();

const fn lane_len(key: usize, j: usize) -> usize {
    1 + ((key >> j) & 1) + 2 * ((key >> (j + 4)) & 1)
}

const fn pack() -> [[u8; 16]; 256] {
    let mut table = [[0x80u8; 16]; 256];
    let mut key = 0;
    while key < 256 {
        let (mut n, mut j) = (0, 0);
        while j < 4 {
            let mut b = 0;
            while b < lane_len(key, j) {
                table[key][n] = (4 * j + b) as u8;
                n += 1;
                b += 1;
            }
            j += 1;
        }
        key += 1;
    }
    table
}

const fn pack_len() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut key = 0;
    while key < 256 {
        table[key] = (lane_len(key, 0) + lane_len(key, 1) + lane_len(key, 2) + lane_len(key, 3)) as u8;
        key += 1;
    }
    table
}

/// Appends the UTF-8 of the leading run of Unicode scalar values of
/// `points` to `out`, as `super::scalars_to_utf8` does: how many code points
/// it took. `None` when AVX2 is not to be used.
#[inline]
pub(super) fn scalars_to_utf8(src: &[u32], out: &mut Vec<u8>) -> Option<usize> {
    if !super::use_avx2() {
        return None;
    }
    // A byte per code point, as many as ASCII takes; more if it needs it.
    out.reserve(src.len());
    let mut n = 0;
    loop {
        let spare = out.spare_capacity_mut();
        // SAFETY: `use_avx2` checked that the processor has AVX2.
        let (read, written) = unsafe { utf32_to_utf8_avx2(&src[n..], spare) };
        // SAFETY: the kernel initialized the first `written` bytes of the
        // spare capacity (`written <= spare.len()`).
        unsafe { out.set_len(out.len() + written) };
        n += read;
        // It stops at the end, before a value that is not a scalar value,
        // or where the room ends: then room for the rest at the rate so far
        // (at least doubled), and on.
        match src.get(n) {
            Some(&v) if char::from_u32(v).is_some() => {
                let rate = written.div_ceil(read.max(1)).max(1);
                out.reserve((src.len() - n).saturating_mul(rate).saturating_add(4));
            }
            _ => return Some(n),
        }
    }
}

/// Encodes the Unicode scalar values at the front of `src` as UTF-8 in
/// `dst`, as many as fit: (code points read, bytes written). It stops at
/// the end of `src`, before a surrogate or a value beyond U+10FFFF, or
/// before a character that does not fit.
#[target_feature(enable = "avx2")]
fn utf32_to_utf8_avx2(src: &[u32], dst: &mut [MaybeUninit<u8>]) -> (usize, usize) {
    let (mut i, mut o) = (0, 0);
    let room = dst.len();
    let to = dst.as_mut_ptr().cast::<u8>();
    while i + 8 <= src.len() && o + 32 <= room {
        // SAFETY: `i + 8 <= src.len()`.
        let v = unsafe { _mm256_loadu_si256(src.as_ptr().add(i).cast()) };
        if _mm256_testz_si256(v, _mm256_set1_epi32(!0x7F)) == 1 && i + 32 <= src.len() {
            // SAFETY: `i + 32 <= src.len()` and `o + 32 <= room`.
            if unsafe { ascii32(src.as_ptr().add(i), to.add(o)) } {
                i += 32;
                o += 32;
                continue;
            }
        }
        if i + 16 <= src.len() {
            // SAFETY: `i + 16 <= src.len()`.
            let w = unsafe { _mm256_loadu_si256(src.as_ptr().add(i + 8).cast()) };
            if _mm256_testz_si256(_mm256_or_si256(v, w), _mm256_set1_epi32(!0x7FF)) == 1 {
                // Sixteen code points of one or two bytes.
                // SAFETY: `o + 32 <= room`.
                o += unsafe { one_or_two_bytes(v, w, to.add(o)) };
                i += 16;
                continue;
            }
        }
        // Surrogates, and values beyond U+10FFFF (whose high half is above 0x10).
        let surrogate = _mm256_cmpeq_epi32(
            _mm256_and_si256(v, _mm256_set1_epi32(0xFFFF_F800_u32 as i32)),
            _mm256_set1_epi32(0xD800),
        );
        let beyond = _mm256_cmpgt_epi32(_mm256_srli_epi32::<16>(v), _mm256_set1_epi32(0x10));
        let bad = _mm256_or_si256(surrogate, beyond);
        if _mm256_testz_si256(bad, bad) == 0 {
            // A character at a time to the end of the eight, stopping at
            // the first value that is not a scalar value.
            let end = i + 8;
            while i < end {
                let Some(c) = char::from_u32(src[i]) else { return (i, o) };
                let len = c.len_utf8();
                // SAFETY: `o + len <= o + 4 * 8 <= room`, and
                // `MaybeUninit<u8>` has the layout of `u8`.
                let slot = unsafe { core::slice::from_raw_parts_mut(to.add(o), len) };
                c.encode_utf8(slot);
                i += 1;
                o += len;
            }
            continue;
        }
        let lengths = Lengths::of(v);
        if lengths.three == 0xFF {
            if lengths.four == 0xFF {
                // Eight code points of four bytes each.
                // SAFETY: `o + 32 <= room`.
                unsafe { _mm256_storeu_si256(to.add(o).cast(), four_bytes(v)) };
                i += 8;
                o += 32;
                continue;
            }
            if lengths.four == 0 {
                // Eight code points of three bytes each.
                // SAFETY: `o + 28 <= room`.
                unsafe { three_bytes(v, to.add(o)) };
                i += 8;
                o += 24;
                continue;
            }
        }
        let (lanes, key) = utf8_lanes(v, &lengths);
        let (key_lo, key_hi) = ((key & 0x0F) | ((key >> 4) & 0xF0), ((key >> 4) & 0x0F) | ((key >> 8) & 0xF0));
        let (lo, hi) = (&PACK[key_lo as usize], &PACK[key_hi as usize]);
        let len_lo = usize::from(PACK_LEN[key_lo as usize]);
        // SAFETY: `lo` and `hi` are 16 bytes each; the stores end at
        // `o + len_lo + 16 <= o + 32 <= room`.
        unsafe {
            let shuffle = _mm256_inserti128_si256::<1>(
                _mm256_castsi128_si256(_mm_loadu_si128(lo.as_ptr().cast())),
                _mm_loadu_si128(hi.as_ptr().cast()),
            );
            let bytes = _mm256_shuffle_epi8(lanes, shuffle);
            _mm_storeu_si128(to.add(o).cast(), _mm256_castsi256_si128(bytes));
            _mm_storeu_si128(to.add(o + len_lo).cast(), _mm256_extracti128_si256::<1>(bytes));
        }
        i += 8;
        o += len_lo + usize::from(PACK_LEN[key_hi as usize]);
    }
    // The last code points, each checked against both ends.
    while let Some(&v) = src.get(i) {
        let Some(c) = char::from_u32(v) else { break };
        let len = c.len_utf8();
        if o + len > room {
            break;
        }
        // SAFETY: `o + len <= room`, and `MaybeUninit<u8>` has the layout of `u8`.
        let slot = unsafe { core::slice::from_raw_parts_mut(to.add(o), len) };
        c.encode_utf8(slot);
        i += 1;
        o += len;
    }
    (i, o)
}

/// For eight 16-bit lanes of one or two bytes (bit `j` of the index: lane
/// `j` has two), the byte shuffle that packs their bytes.
static PACK_TWO: [[u8; 16]; 256] = pack_two();

/// How many bytes the shuffle of [`PACK_TWO`] of the same index keeps.
static PACK_TWO_LEN: [u8; 256] = pack_two_len();

const fn pack_two() -> [[u8; 16]; 256] {
    let mut table = [[0x80u8; 16]; 256];
    let mut key = 0;
    while key < 256 {
        let (mut n, mut j) = (0, 0);
        while j < 8 {
            table[key][n] = 2 * j as u8;
            n += 1;
            if (key >> j) & 1 == 1 {
                table[key][n] = 2 * j as u8 + 1;
                n += 1;
            }
            j += 1;
        }
        key += 1;
    }
    table
}

const fn pack_two_len() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut key = 0;
    while key < 256 {
        table[key] = 8 + (key as u32).count_ones() as u8;
        key += 1;
    }
    table
}

/// Encodes sixteen code points below U+0800 (eight in `a`, eight in `b`)
/// at `to`: how many bytes they take (16 to 32).
///
/// # Safety
///
/// `to` is writable for 32 bytes.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) unsafe fn one_or_two_bytes(a: __m256i, b: __m256i, to: *mut u8) -> usize {
    // Sixteen 16-bit lanes, in order (the pack interleaves quarters).
    let units = _mm256_permute4x64_epi64::<0xD8>(_mm256_packus_epi32(a, b));
    let two = _mm256_cmpgt_epi16(units, _mm256_set1_epi16(0x7F));
    // `110yyyyy 10xxxxxx` in memory order, or the ASCII byte.
    let lead = _mm256_or_si256(_mm256_srli_epi16::<6>(units), _mm256_set1_epi16(0xC0));
    let trail = _mm256_or_si256(_mm256_and_si256(units, _mm256_set1_epi16(0x3F)), _mm256_set1_epi16(0x80));
    let lanes = _mm256_blendv_epi8(units, _mm256_or_si256(lead, _mm256_slli_epi16::<8>(trail)), two);
    // Bits 0-7: lanes 0-7 have two bytes; bits 16-23: lanes 8-15.
    let key = _mm256_movemask_epi8(_mm256_packs_epi16(two, two)) as u32;
    let (lo, hi) = ((key & 0xFF) as usize, ((key >> 16) & 0xFF) as usize);
    let len_lo = usize::from(PACK_TWO_LEN[lo]);
    // SAFETY: the tables' entries are 16 bytes; the stores end at
    // `len_lo + 16 <= 32`, inside what the caller promised.
    unsafe {
        let shuffle = _mm256_inserti128_si256::<1>(
            _mm256_castsi128_si256(_mm_loadu_si128(PACK_TWO[lo].as_ptr().cast())),
            _mm_loadu_si128(PACK_TWO[hi].as_ptr().cast()),
        );
        let bytes = _mm256_shuffle_epi8(lanes, shuffle);
        _mm_storeu_si128(to.cast(), _mm256_castsi256_si128(bytes));
        _mm_storeu_si128(to.add(len_lo).cast(), _mm256_extracti128_si256::<1>(bytes));
    }
    len_lo + usize::from(PACK_TWO_LEN[hi])
}

/// Packs 32 code points as 32 bytes when they are all ASCII: whether they
/// were.
///
/// # Safety
///
/// `from` is readable for 32 code points and `to` writable for 32 bytes.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn ascii32(from: *const u32, to: *mut u8) -> bool {
    // SAFETY: the caller's promise.
    let (a, b, c, d) = unsafe {
        (
            _mm256_loadu_si256(from.cast()),
            _mm256_loadu_si256(from.add(8).cast()),
            _mm256_loadu_si256(from.add(16).cast()),
            _mm256_loadu_si256(from.add(24).cast()),
        )
    };
    let all = _mm256_or_si256(_mm256_or_si256(a, b), _mm256_or_si256(c, d));
    if _mm256_testz_si256(all, _mm256_set1_epi32(!0x7F)) == 0 {
        return false;
    }
    // In-lane packs interleave the registers' quarters; the permutation puts
    // them back in order.
    let bytes = _mm256_packus_epi16(_mm256_packus_epi32(a, b), _mm256_packus_epi32(c, d));
    let bytes = _mm256_permutevar8x32_epi32(bytes, _mm256_set_epi32(7, 3, 6, 2, 5, 1, 4, 0));
    // SAFETY: the caller's promise.
    unsafe { _mm256_storeu_si256(to.cast(), bytes) };
    true
}

/// Stores the UTF-8 of eight scalar values from U+0800 to U+FFFF (24
/// bytes meant, 28 written).
///
/// # Safety
///
/// `to` is writable for 28 bytes.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) unsafe fn three_bytes(v: __m256i, to: *mut u8) {
    // Lanes `1110zzzz 10yyyyyy 10xxxxxx` in memory order, and a zero byte.
    let lead = _mm256_srli_epi32::<12>(v);
    let middle = _mm256_and_si256(_mm256_slli_epi32::<2>(v), _mm256_set1_epi32(0x3F00));
    let last = _mm256_and_si256(_mm256_slli_epi32::<16>(v), _mm256_set1_epi32(0x3F_0000));
    let lanes = _mm256_or_si256(_mm256_or_si256(lead, middle), _mm256_or_si256(last, _mm256_set1_epi32(0x0080_80E0)));
    // The three bytes of each lane packed: twelve bytes per half.
    let pack = _mm256_set_epi8(
        -128, -128, -128, -128, 14, 13, 12, 10, 9, 8, 6, 5, 4, 2, 1, 0, -128, -128, -128, -128, 14, 13, 12, 10, 9, 8,
        6, 5, 4, 2, 1, 0,
    );
    let bytes = _mm256_shuffle_epi8(lanes, pack);
    // SAFETY: the caller's promise: bytes `0 .. 16` and `12 .. 28`.
    unsafe {
        _mm_storeu_si128(to.cast(), _mm256_castsi256_si128(bytes));
        _mm_storeu_si128(to.add(12).cast(), _mm256_extracti128_si256::<1>(bytes));
    }
}

/// The UTF-8 of eight scalar values from U+10000 to U+10FFFF, four bytes
/// in each 32-bit lane.
#[target_feature(enable = "avx2")]
#[inline]
fn four_bytes(v: __m256i) -> __m256i {
    // `11110www 10zzzzzz 10yyyyyy 10xxxxxx` in memory order.
    let lead = _mm256_srli_epi32::<18>(v);
    let second = _mm256_and_si256(_mm256_srli_epi32::<4>(v), _mm256_set1_epi32(0x3F00));
    let third = _mm256_and_si256(_mm256_slli_epi32::<10>(v), _mm256_set1_epi32(0x3F_0000));
    let last = _mm256_and_si256(_mm256_slli_epi32::<24>(v), _mm256_set1_epi32(0x3F00_0000));
    let markers = _mm256_set1_epi32(0x8080_80F0_u32 as i32);
    _mm256_or_si256(_mm256_or_si256(lead, second), _mm256_or_si256(_mm256_or_si256(third, last), markers))
}

/// Which of eight Unicode scalar values take at least two, three, four
/// bytes: lanes of all ones, and bit masks (bit `j`: lane `j`).
pub(super) struct Lengths {
    pub(super) at_least: [__m256i; 3],
    pub(super) two: u32,
    pub(super) three: u32,
    pub(super) four: u32,
}

impl Lengths {
    #[target_feature(enable = "avx2")]
    #[inline]
    fn of(v: __m256i) -> Lengths {
        let at_least = [
            _mm256_cmpgt_epi32(v, _mm256_set1_epi32(0x7F)),
            _mm256_cmpgt_epi32(v, _mm256_set1_epi32(0x7FF)),
            _mm256_cmpgt_epi32(v, _mm256_set1_epi32(0xFFFF)),
        ];
        let mask = |x: __m256i| _mm256_movemask_ps(_mm256_castsi256_ps(x)) as u32;
        Lengths { at_least, two: mask(at_least[0]), three: mask(at_least[1]), four: mask(at_least[2]) }
    }
}

/// The UTF-8 of eight Unicode scalar values, each in its 32-bit lane (lead
/// byte lowest), and the key of their lengths less one: bit `j` of it is bit
/// 0 of lane `j`'s, bit `j + 8` its bit 1.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn utf8_lanes(v: __m256i, lengths: &Lengths) -> (__m256i, u32) {
    // The six-bit groups of the four-byte form, most significant first in
    // memory order: 00000www 00zzzzzz 00yyyyyy 00xxxxxx.
    let b3 = _mm256_and_si256(_mm256_slli_epi32::<24>(v), _mm256_set1_epi32(0x3F00_0000));
    let b2 = _mm256_and_si256(_mm256_slli_epi32::<10>(v), _mm256_set1_epi32(0x003F_0000));
    let b1 = _mm256_and_si256(_mm256_srli_epi32::<4>(v), _mm256_set1_epi32(0x0000_3F00));
    let b0 = _mm256_srli_epi32::<18>(v);
    let groups = _mm256_or_si256(_mm256_or_si256(b3, b2), _mm256_or_si256(b1, b0));
    // Minus the length less one: 0 (ASCII), -1, -2 or -3.
    let [two, three, four] = lengths.at_least;
    let minus = _mm256_add_epi32(_mm256_add_epi32(two, three), four);
    // Shifted right by 24, 16, 8 or 0 bits: the groups the length needs.
    let shift = _mm256_add_epi32(_mm256_set1_epi32(24), _mm256_slli_epi32::<3>(minus));
    let groups = _mm256_srlv_epi32(groups, shift);
    // The marker bits of each length (none for ASCII, which is the value).
    let markers = _mm256_set_epi32(0, 0, 0, 0, 0x8080_80F0_u32 as i32, 0x0080_80E0, 0x80C0, 0);
    let markers = _mm256_permutevar8x32_epi32(markers, _mm256_sub_epi32(_mm256_setzero_si256(), minus));
    let lanes = _mm256_or_si256(_mm256_or_si256(groups, markers), _mm256_andnot_si256(two, v));
    // Length less one: 0, 1, 2, 3: bit 0 is two ^ three ^ four, bit 1 three.
    (lanes, (lengths.two ^ lengths.three ^ lengths.four) | (lengths.three << 8))
}

/// The decoding kernel for the tests, whatever `force_portable` says, into
/// `room` code points: (bytes read, the code points).
#[cfg(test)]
fn decode_checked(src: &[u8], room: usize) -> (usize, Vec<u32>) {
    decode_with(src, room, None)
}

/// [`decode_checked`], with `tables` if given: the AVX2 kernel's result,
/// which the AVX-512 one (`avx512_utf32.rs`), where the processor has it,
/// must give too wherever the result is defined (with tables, or on
/// UTF-8).
#[cfg(test)]
fn decode_with(src: &[u8], room: usize, tables: Option<&Utf8Tables>) -> (usize, Vec<u32>) {
    type Kernel = unsafe fn(&[u8], &mut [MaybeUninit<u32>], Option<&Utf8Tables>) -> (usize, usize);
    assert!(std::is_x86_feature_detected!("avx2"));
    let run = |kernel: Kernel| {
        let mut dst = alloc::vec![MaybeUninit::new(0u32); room];
        // SAFETY: the processor has what the kernel needs: AVX2, checked
        // above, and for the AVX-512 one what `Level::Avx512` needs,
        // checked below.
        let (read, written) = unsafe { kernel(src, &mut dst, tables) };
        assert!(read <= src.len() && written <= room);
        // SAFETY: every element was initialized by `MaybeUninit::new`.
        (read, dst[..written].iter().map(|x| unsafe { x.assume_init() }).collect::<Vec<u32>>())
    };
    let narrow = run(utf8_to_utf32_avx2);
    #[cfg(utfx_kernels_avx512)]
    if super::Level::Avx512.is_available() && (tables.is_some() || core::str::from_utf8(src).is_ok()) {
        assert_eq!(run(super::avx512_utf32::utf8_to_utf32), narrow, "AVX-512 against AVX2, room {room} on {src:02X?}");
    }
    narrow
}

/// The encoding kernel for the tests, into `room` bytes: (code points read,
/// the bytes).
#[cfg(test)]
fn encode_checked(src: &[u32], room: usize) -> (usize, Vec<u8>) {
    assert!(std::is_x86_feature_detected!("avx2"));
    let mut dst = alloc::vec![MaybeUninit::new(0u8); room];
    // SAFETY: the processor has AVX2, checked above.
    let (read, written) = unsafe { utf32_to_utf8_avx2(src, &mut dst) };
    assert!(read <= src.len() && written <= room);
    // SAFETY: every element was initialized by `MaybeUninit::new`.
    (read, dst[..written].iter().map(|x| unsafe { x.assume_init() }).collect())
}

#[cfg(test)]
mod tests {
    //! The kernels against the standard library (`str::chars`,
    //! `char::encode_utf8`) and the portable code of `lib.rs`: text of
    //! every mix of lengths at every alignment, a character of every length
    //! at every position of a block, every room near the block sizes, and
    //! for the encoder a value that is not a scalar value at every position.
    use alloc::string::String;
    use alloc::vec;
    use alloc::vec::Vec;

    fn available() -> bool {
        std::is_x86_feature_detected!("avx2")
    }

    /// Miri runs the AVX2 kernels slowly: a few cases there, spread over
    /// `values` (the first and the last among them), all of them here.
    fn pick<T: Copy>(values: &[T], under_miri: usize) -> Vec<T> {
        if cfg!(any(miri, utfx_slow_runner)) && under_miri < values.len() {
            (0..under_miri).map(|k| values[k * (values.len() - 1) / (under_miri - 1).max(1)]).collect()
        } else {
            values.to_vec()
        }
    }

    /// How many characters the random texts have: enough for several blocks,
    /// fewer under Miri.
    const LEN: usize = if cfg!(any(miri, utfx_slow_runner)) { 60 } else { 150 };

    /// How many characters the runs of one length have: several blocks.
    const RUN: usize = if cfg!(any(miri, utfx_slow_runner)) { 40 } else { 80 };

    /// `n` characters drawn from `lengths` (UTF-8 lengths, 1 to 4) in a
    /// pseudo-random order from `seed`, the edges of each length among them.
    fn text(seed: u32, n: usize, lengths: &[usize]) -> String {
        let mut x = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                let (first, last) = match lengths[(x % lengths.len() as u32) as usize] {
                    1 => (0, 0x7F),
                    2 => (0x80, 0x7FF),
                    3 => (0x800, 0xFFFF),
                    _ => (0x1_0000, 0x10_FFFF),
                };
                let r = x >> 8;
                let v = match r % 8 {
                    0 => first,
                    1 => last,
                    _ => first + r % (last - first + 1),
                };
                // A surrogate (3-byte range) becomes the nearest scalar value.
                char::from_u32(v).unwrap_or('\u{E000}')
            })
            .collect()
    }

    const MIXES: [&[usize]; 11] =
        [&[1], &[2], &[3], &[4], &[1, 2], &[1, 3], &[1, 4], &[2, 3], &[3, 4], &[1, 2, 3], &[1, 2, 3, 4]];

    fn decode_matches_std(s: &str) {
        let expected: Vec<u32> = s.chars().map(u32::from).collect();
        let rooms =
            [expected.len() + 40, expected.len(), 0, 1, 31, 32, 33, 63, 64, 65, expected.len().saturating_sub(1)];
        let tables = crate::string::STR_TABLES;
        // Unchecked, and checked against RFC 3629's table (the same result
        // on UTF-8).
        for (room, tables) in pick(&rooms, 2).into_iter().flat_map(|room| [(room, None), (room, Some(&tables))]) {
            let (read, points) = super::decode_with(s.as_bytes(), room, tables);
            let written = points.len();
            // As much as fits, and only whole characters.
            assert_eq!(written, room.min(expected.len()), "room {room} of {s:?}");
            assert_eq!(points[..], expected[..written], "room {room} of {s:?}");
            assert_eq!(read, s.char_indices().nth(written).map_or(s.len(), |(k, _)| k));
        }
        let mut portable = vec![7u32];
        let mut fast = portable.clone();
        let read = super::super::valid_utf8_to_code_points_portable(s.as_bytes(), &mut portable);
        if let Some(fast_read) = super::valid_utf8_to_code_points(s.as_bytes(), &mut fast) {
            assert_eq!((fast_read, &fast), (read, &portable));
        }
        assert_eq!(portable[1..], expected[..]);
    }

    #[test]
    fn decoding_agrees_with_std_on_every_mix_at_every_alignment() {
        if !available() {
            return;
        }
        for (m, lengths) in pick(&MIXES, 3).into_iter().enumerate() {
            for seed in 0..if cfg!(any(miri, utfx_slow_runner)) { 1 } else { 12 } {
                let s = text(seed * 16 + m as u32, LEN, lengths);
                // Every start at a character in the first 40 bytes: every
                // alignment of the blocks against the text and memory.
                let starts: Vec<usize> = (0..40).filter(|&k| s.is_char_boundary(k)).collect();
                for start in pick(&starts, 1) {
                    decode_matches_std(&s[start..]);
                }
            }
        }
    }

    #[test]
    fn decoding_agrees_with_std_with_each_length_at_each_position() {
        if !available() {
            return;
        }
        let of_length = ['a', '\u{E9}', '\u{4E2D}', '\u{1F600}'];
        let odd = [
            'a',
            '\u{E9}',
            '\u{4E2D}',
            '\u{1F600}',
            '\u{7F}',
            '\u{80}',
            '\u{7FF}',
            '\u{800}',
            '\u{FFFF}',
            '\u{10FFFF}',
        ];
        for fill in pick(&of_length, 2) {
            for odd in pick(&odd, 3) {
                let positions: Vec<usize> = (0..RUN).collect();
                for p in pick(&positions, 2) {
                    let mut s: String = core::iter::repeat_n(fill, p).collect();
                    s.push(odd);
                    s.extend(core::iter::repeat_n(fill, RUN - p));
                    decode_matches_std(&s);
                }
            }
        }
    }

    #[test]
    fn decoding_agrees_with_std_on_runs_broken_twice_at_every_phase() {
        if !available() {
            return;
        }
        // Runs of one length broken by two characters of another, `gap`
        // apart: the blocks after the first meet the second at every phase
        // and every position.
        let of_length = ['a', '\u{E9}', '\u{4E2D}', '\u{1F600}'];
        for fill in pick(&of_length[1..], 2) {
            for odd in pick(&of_length, 2) {
                let positions: Vec<usize> = (0..40).collect();
                for p in pick(&positions, 2) {
                    for gap in pick(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], 2) {
                        let mut chars = vec![fill; 70];
                        chars[p] = odd;
                        chars[p + gap] = odd;
                        let s: String = chars.into_iter().collect();
                        let expected: Vec<u32> = s.chars().map(u32::from).collect();
                        let (read, points) = super::decode_checked(s.as_bytes(), expected.len());
                        assert_eq!((read, points), (s.len(), expected), "{s:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn decoding_bytes_that_are_not_utf8_stays_in_bounds() {
        if !available() {
            return;
        }
        let mut rng = crate::test_support::Rng::new(7);
        for len in (0..200).step_by(if cfg!(any(miri, utfx_slow_runner)) { 37 } else { 1 }) {
            let bytes = crate::test_support::not_utf8(len, &mut rng);
            for room in [0, 1, 32, 33, 64, 300] {
                // `decode_checked` asserts the bounds.
                let (read, points) = super::decode_checked(&bytes, room);
                assert!(read <= bytes.len() && points.len() <= room);
            }
        }
    }

    #[test]
    fn checked_decoding_of_three_byte_text_stops_at_each_error_around_the_block_edges() {
        if !available() {
            return;
        }
        let tables = crate::string::STR_TABLES;
        // Errors and cut sequences of three-byte characters (surrogates,
        // overlong forms, a missing or stray continuation byte), others,
        // and a four-byte character (no error) after the run.
        let inserts: [&[u8]; 13] = [
            b"\xED\xA0\x80",
            b"\xED\xBF\xBF",
            b"\xE0\x80\x80",
            b"\xE0\x9F\xBF",
            b"\xE4\xB8",
            b"\xE4\xB8A",
            b"\xE4\xB8\xAD\xAD",
            b"\x80",
            b"\xC0\x80",
            b"\xFF",
            b"\xF4\x90\x80\x80",
            b"\xF0\x9F\x98",
            "\u{1F600}".as_bytes(),
        ];
        // Three-byte characters alone, with ASCII (as Korean text has its
        // spaces), and with two-byte ones; and text without them, where
        // the inserts are the only three- and four-byte sequences.
        for (m, lengths) in pick(&[&[3][..], &[1, 3, 3], &[2, 3], &[1, 2]], 1).into_iter().enumerate() {
            let text = text(m as u32 + 40, 50, lengths);
            // Every character boundary of the first three blocks and a half.
            let positions: Vec<usize> = (0..112).filter(|&k| text.is_char_boundary(k)).collect();
            for (b, insert) in pick(&inserts, 3).into_iter().enumerate() {
                for &p in &pick(&positions, 3) {
                    let mut input = text.as_bytes()[..p].to_vec();
                    input.extend_from_slice(insert);
                    input.extend_from_slice(&text.as_bytes()[p..]);
                    // Cut inside or just after the insert too: a sequence cut
                    // at every place near the blocks' edges.
                    let cuts = [p + 1, p + 2, p + insert.len(), input.len()];
                    for cut in pick(&cuts, 1 + b % 2) {
                        let input = &input[..cut.min(input.len())];
                        let valid = core::str::from_utf8(input).map_or_else(|e| e.valid_up_to(), str::len);
                        let expected: Vec<u32> =
                            core::str::from_utf8(&input[..valid]).unwrap().chars().map(u32::from).collect();
                        let done = super::decode_with(input, input.len(), Some(&tables));
                        assert_eq!(done, (valid, expected), "{input:02X?}");
                    }
                }
            }
        }
    }

    #[test]
    fn checked_decoding_of_long_text_with_four_byte_characters_here_and_there() {
        // Past the AVX-512 form's stretches of 32-byte blocks (4 KiB, then
        // twice as long while only four-byte characters come): three-byte
        // text with ASCII and a four-byte character every 1,000 characters
        // or so, and four-byte text, with an error or a cut sequence at
        // places near where the stretches end. Miri has no AVX-512, and
        // the other tests take the AVX2 form there.
        if !available() || cfg!(any(miri, utfx_slow_runner)) {
            return;
        }
        let tables = crate::string::STR_TABLES;
        let mut mixed: String = text(3, 8000, &[1, 3, 3]);
        for k in (700..mixed.len()).step_by(2900) {
            let at = (k..mixed.len()).find(|&at| mixed.is_char_boundary(at)).unwrap();
            mixed.insert(at, '\u{1F600}');
        }
        let four = text(4, 5000, &[4]);
        for text in [mixed, four] {
            let places = (4000..4200).step_by(7).chain((8100..8300).step_by(7)).chain((16300..16500).step_by(7));
            assert!(text.len() > 16600);
            for (b, p) in places.enumerate() {
                let p = (p..text.len()).find(|&p| text.is_char_boundary(p)).unwrap();
                let insert: &[u8] = [&b"\xED\xA0\x80"[..], b"\xE4\xB8", b"\x80"][b % 3];
                let mut input = text.as_bytes()[..p].to_vec();
                input.extend_from_slice(insert);
                input.extend_from_slice(&text.as_bytes()[p..]);
                let expected: Vec<u32> = text[..p].chars().map(u32::from).collect();
                assert_eq!(super::decode_with(&input, input.len(), Some(&tables)), (p, expected), "at {p}");
            }
            let expected: Vec<u32> = text.chars().map(u32::from).collect();
            assert_eq!(super::decode_with(text.as_bytes(), text.len(), Some(&tables)), (text.len(), expected));
        }
    }

    fn encode_matches_std(points: &[u32]) {
        // The scalar values at the front, and their UTF-8.
        let valid = points.iter().take_while(|&&v| char::from_u32(v).is_some()).count();
        let s: String = points[..valid].iter().map(|&v| char::from_u32(v).unwrap()).collect();
        let rooms = [s.len() + 40, s.len(), 0, 1, 3, 31, 32, 33, 63, 64, 65, s.len().saturating_sub(1)];
        for room in pick(&rooms, 2) {
            let (read, bytes) = super::encode_checked(points, room);
            let expected: String = s.chars().take(read).collect();
            assert_eq!(bytes, expected.as_bytes(), "room {room}");
            // It stops at the end, before a value that is not a scalar
            // value, or before a character that does not fit.
            match s[expected.len()..].chars().next() {
                Some(next) => assert!(bytes.len() + next.len_utf8() > room, "room {room}"),
                None => assert_eq!(read, valid),
            }
        }
        // Appending to bytes already there, from no room at all.
        let mut portable = b"x".to_vec();
        let mut fast = Vec::new();
        fast.push(b'x');
        let taken = super::super::scalars_to_utf8_portable(points, &mut portable);
        if let Some(fast_taken) = super::scalars_to_utf8(points, &mut fast) {
            assert_eq!((fast_taken, &fast), (taken, &portable));
        }
        assert_eq!((taken, &portable[1..]), (valid, s.as_bytes()));
    }

    #[test]
    fn encoding_agrees_with_std_on_every_mix_at_every_alignment() {
        if !available() {
            return;
        }
        for (m, lengths) in pick(&MIXES, 3).into_iter().enumerate() {
            for seed in 0..if cfg!(any(miri, utfx_slow_runner)) { 1 } else { 12 } {
                let points: Vec<u32> = text(seed * 16 + m as u32, LEN, lengths).chars().map(u32::from).collect();
                let starts: Vec<usize> = (0..40).collect();
                for start in pick(&starts, 1) {
                    encode_matches_std(&points[start..]);
                }
            }
        }
    }

    #[test]
    fn encoding_agrees_with_std_with_each_length_at_each_position() {
        if !available() {
            return;
        }
        let of_length = [0x61, 0xE9, 0x4E2D, 0x1_F600];
        let odd = [0x61, 0xE9, 0x4E2D, 0x1_F600, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10_FFFF];
        for fill in pick(&of_length, 2) {
            for odd in pick(&odd, 3) {
                let positions: Vec<usize> = (0..RUN).collect();
                for p in pick(&positions, 2) {
                    let mut points = vec![fill; RUN];
                    points[p] = odd;
                    encode_matches_std(&points);
                }
            }
        }
    }

    #[test]
    fn encoding_stops_at_the_first_value_that_is_not_a_scalar_value() {
        if !available() {
            return;
        }
        let bad = [0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x11_0000, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF];
        for (b, &value) in pick(&bad, 2).iter().enumerate() {
            for (m, lengths) in pick(&MIXES, 2).into_iter().enumerate() {
                let mut points: Vec<u32> = text((b * 16 + m) as u32, 80, lengths).chars().map(u32::from).collect();
                let positions: Vec<usize> = (0..points.len()).collect();
                for p in pick(&positions, 2) {
                    let before = points[p];
                    points[p] = value;
                    encode_matches_std(&points);
                    let (read, _) = super::encode_checked(&points, 4 * points.len());
                    assert_eq!(read, p, "{value:X} at {p}");
                    points[p] = before;
                }
            }
        }
    }
}
