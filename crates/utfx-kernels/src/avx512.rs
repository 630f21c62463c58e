//! The AVX-512 forms of UTF-16 to UTF-8 and of UTF-16 validation (AVX512F, AVX512BW, AVX512VBMI2 and
//! POPCNT, found at run time: `Level::Avx512`; built with Rust 1.89
//! and later, `cfg(utfx_kernels_avx512)`), 32 units at a time.
//!
//! `vpcompressb` does the packing that the AVX2 kernel does with a shuffle
//! from a table for every four or eight units: each unit's candidate bytes
//! are built in a lane, and it keeps, by a mask of the bytes to keep, the
//! ones the unit's length needs, with no table and no branch on the units'
//! lengths. Thirty-two units below U+0800, ASCII among them, go in one
//! compress (a lead and a last byte in each 16-bit lane); others sixteen at
//! a time (the lead of three, the lead of two or middle, and the last byte
//! in each 32-bit lane), up to the block's first surrogate; ASCII on its
//! own only 64 units at a time. A block that starts with a surrogate goes
//! to the AVX2 instantiation's blocks (`simd.rs`, `simd/avx2.rs`), which
//! convert pairs.
//!
//! Every load and store is a whole block inside the caller's slices, checked
//! before the block starts; a store may write bytes past what it counts as
//! written, never past the slice.
#![allow(unsafe_code)]
// Built only by compilers that have these intrinsics (`build.rs`).
#![allow(clippy::incompatible_msrv)]

use core::arch::x86_64::*;

/// The block loop of UTF-16 to UTF-8 over `units` units at `src`, with the
/// contract of the AVX2 instantiation's (`simd::avx2::utf16_blocks`): it
/// stops where fewer than 32 units or 128 bytes of room are left, or before a lone surrogate, and returns
/// (units read, bytes written, surrogate pairs read).
///
/// # Safety
///
/// `src` is readable for `2 * units` bytes, and the processor has AVX2,
/// AVX512F, AVX512BW, AVX512VBMI2 and POPCNT.
#[target_feature(enable = "avx2,avx512f,avx512bw,avx512vbmi2,popcnt")]
pub(super) unsafe fn utf16_blocks<const SWAP: bool>(
    src: *const u8,
    units: usize,
    dst: &mut [u8],
) -> (usize, usize, usize) {
    let (mut i, mut o, mut pairs) = (0, 0, 0);
    // Each pass reads 32 units from `i` and writes two 64-byte stores, the
    // second at most 48 bytes after the first: 112 bytes from `o`.
    let room = dst.len();
    let fits = |i: usize, o: usize| i + 32 <= units && o + 112 <= room;
    loop {
        while fits(i, o) {
            let to = dst.as_mut_ptr();
            // SAFETY: `i + 32 <= units`: 64 bytes from `2 * i` are readable.
            let v = unsafe { load32::<SWAP>(src.add(2 * i)) };
            let wide = _mm512_test_epi16_mask(v, _mm512_set1_epi16(0xFF80_u16 as i16));
            // 64 ASCII units, and then 64 at a time while they last. One
            // branch for 64: on 32, the guess between ASCII and the rest
            // would be wrong at every other block of text that mixes them.
            let ascii64 = i + 64 <= units
                // SAFETY: `i + 64 <= units`: 128 bytes from `2 * i` are readable.
                && _mm512_test_epi16_mask(
                    _mm512_or_si512(v, unsafe { load32::<SWAP>(src.add(2 * i + 64)) }),
                    _mm512_set1_epi16(0xFF80_u16 as i16),
                ) == 0;
            if ascii64 {
                while i + 64 <= units && o + 64 <= room {
                    // SAFETY: `i + 64 <= units`: 128 bytes from `2 * i` are readable.
                    let (v, w) = unsafe { (load32::<SWAP>(src.add(2 * i)), load32::<SWAP>(src.add(2 * i + 64))) };
                    if _mm512_test_epi16_mask(_mm512_or_si512(v, w), _mm512_set1_epi16(0xFF80_u16 as i16)) != 0 {
                        break;
                    }
                    // The pack interleaves the 128-bit quarters of `v` and `w`.
                    let order = _mm512_setr_epi64(0, 2, 4, 6, 1, 3, 5, 7);
                    let bytes = _mm512_permutexvar_epi64(order, _mm512_packus_epi16(v, w));
                    // SAFETY: `o + 64 <= dst.len()`.
                    unsafe { _mm512_storeu_si512(to.add(o).cast(), bytes) };
                    i += 64;
                    o += 64;
                }
                continue;
            }
            let three = _mm512_test_epi16_mask(v, _mm512_set1_epi16(0xF800_u16 as i16));
            if three == 0 {
                // One or two bytes each (ASCII too, when the next 32 units
                // are not): [lead, last] or [unit, _] in a 16-bit lane, one
                // compress for the 32.
                let ascii = !wide;
                let set = _mm512_set1_epi16;
                let lead = _mm512_or_si512(_mm512_srli_epi16::<6>(v), set(0xC0));
                let last =
                    _mm512_or_si512(_mm512_and_si512(_mm512_slli_epi16::<8>(v), set(0x3F00)), set(0x8000_u16 as i16));
                let lanes = _mm512_mask_mov_epi16(_mm512_or_si512(lead, last), ascii, v);
                let keep = _mm512_movepi8_mask(_mm512_mask_mov_epi16(set(-1), ascii, set(0x80)));
                // SAFETY: `o + 64 <= dst.len()`.
                unsafe { _mm512_storeu_si512(to.add(o).cast(), _mm512_maskz_compress_epi8(keep, lanes)) };
                o += keep.count_ones() as usize;
                i += 32;
                continue;
            }
            let top = _mm512_and_si512(v, _mm512_set1_epi16(0xF800_u16 as i16));
            let surrogates = _mm512_cmpeq_epi16_mask(top, _mm512_set1_epi16(0xD800_u16 as i16));
            if surrogates != 0 {
                // The units before the first surrogate, which are not part
                // of a pair.
                let before = surrogates.trailing_zeros();
                if before == 0 {
                    break;
                }
                // SAFETY: `i + 32 <= units` and `o + 112 <= dst.len()`.
                o += unsafe { bmp32::<SWAP>(src.add(2 * i), wide, three, before, to.add(o)) };
                i += before as usize;
                continue;
            }
            // SAFETY: as above.
            o += unsafe { bmp32::<SWAP>(src.add(2 * i), wide, three, 32, to.add(o)) };
            i += 32;
        }
        // A surrogate first in the next 32 units: the AVX2 blocks take the
        // next 256 (pairs tend to come together: emoji went at 0.7 times
        // the AVX2 kernel's speed with 64), pairs and all, or stop at once
        // before a lone surrogate. Fewer than 32 units or 112 bytes of
        // room: they take the rest, 32 units at a time while 128 bytes of
        // room are left (then the portable code).
        let more = fits(i, o);
        let window = if more { (units - i).min(256) } else { units - i };
        // SAFETY: `i + window <= units`: `2 * window` bytes from `2 * i`
        // are readable; the processor has AVX2.
        let (read, written, read_pairs) =
            unsafe { super::simd::avx2::utf16_blocks::<SWAP>(src.add(2 * i), window, &mut dst[o..]) };
        (i, o, pairs) = (i + read, o + written, pairs + read_pairs);
        // Nothing read: a lone surrogate, or no room.
        if !more || read == 0 {
            return (i, o, pairs);
        }
    }
}

/// The shuffle that swaps the two bytes of each unit (in each 16-byte
/// lane, as `vpshufb` indexes).
const SWAP_BYTES: [u8; 64] = {
    let mut swap = [0; 64];
    let mut k = 0;
    while k < 64 {
        swap[k] = (k as u8 & 15) ^ 1;
        k += 1;
    }
    swap
};

/// Loads 32 units from `p`, swapping the bytes of each when `SWAP`.
///
/// # Safety
///
/// `p` is readable for 64 bytes.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
unsafe fn load32<const SWAP: bool>(p: *const u8) -> __m512i {
    // SAFETY: the caller's promise.
    let v = unsafe { _mm512_loadu_si512(p.cast()) };
    if SWAP {
        // SAFETY: 64 bytes.
        _mm512_shuffle_epi8(v, unsafe { _mm512_loadu_si512(SWAP_BYTES.as_ptr().cast()) })
    } else {
        v
    }
}

/// Writes the UTF-8 of the first `count` (1 to 32) of the 32 units at `p`,
/// which are not surrogates, at `to`, and returns how many bytes it is;
/// `two` and `three` mark the units of two bytes or more, and of three.
///
/// # Safety
///
/// `p` is readable for 64 bytes and `to` writable for 112.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi2,popcnt")]
#[inline]
unsafe fn bmp32<const SWAP: bool>(p: *const u8, two: u32, three: u32, count: u32, to: *mut u8) -> usize {
    let kept = if count == 32 { u32::MAX } else { (1 << count) - 1 };
    // SAFETY: 64 bytes from `to`, then 64 from at most `to + 48`.
    unsafe {
        let n = bmp16(half::<SWAP>(p), two as u16, three as u16, kept as u16, to);
        if count <= 16 {
            return n;
        }
        let (two, three, kept) = ((two >> 16) as u16, (three >> 16) as u16, (kept >> 16) as u16);
        n + bmp16(half::<SWAP>(p.add(32)), two, three, kept, to.add(n))
    }
}

/// Loads sixteen units from `p`, one in each 32-bit lane, swapping the bytes
/// of each when `SWAP`.
///
/// # Safety
///
/// `p` is readable for 32 bytes.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
unsafe fn half<const SWAP: bool>(p: *const u8) -> __m512i {
    // SAFETY: the caller's promise.
    let w = _mm512_cvtepu16_epi32(unsafe { _mm256_loadu_si256(p.cast()) });
    if SWAP {
        _mm512_or_si512(
            _mm512_srli_epi32::<8>(w),
            _mm512_and_si512(_mm512_slli_epi32::<8>(w), _mm512_set1_epi32(0xFF00)),
        )
    } else {
        w
    }
}

/// Writes the UTF-8 of sixteen units that are not surrogates, one in each
/// 32-bit lane of `w`, at `to`, and returns how many bytes it is; `two` and
/// `three` mark the units of two bytes or more, and of three, and only the
/// units that `units` marks, the first ones, are written.
///
/// Each unit's lane holds `[lead of three, middle, last, 0]`:
///
/// | the unit | bytes kept | lane |
/// |---|---|---|
/// | `00000000 0xxxxxxx` | the last | `_, _, 0xxxxxxx, 0` |
/// | `00000yyy yyxxxxxx` | the last two | `_, 110yyyyy, 10xxxxxx, 0` |
/// | `zzzzyyyy yyxxxxxx` | all three | `1110zzzz, 10yyyyyy, 10xxxxxx, 0` |
///
/// # Safety
///
/// `to` is writable for 64 bytes.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi2,popcnt")]
#[inline]
unsafe fn bmp16(w: __m512i, two: __mmask16, three: __mmask16, units: __mmask16, to: *mut u8) -> usize {
    let set = _mm512_set1_epi32;
    let lead = _mm512_srli_epi32::<12>(w);
    let middle = _mm512_and_si512(_mm512_slli_epi32::<2>(w), set(0x3F00));
    let last = _mm512_and_si512(_mm512_slli_epi32::<16>(w), set(0x3F_0000));
    let lanes = _mm512_or_si512(_mm512_or_si512(lead, middle), _mm512_or_si512(last, set(0x80_80E0)));
    // A lead of two: `110` where the middle of three has `10` (ASCII
    // units get it too, and do not keep it).
    let lanes = _mm512_mask_or_epi32(lanes, !three, lanes, set(0x4000));
    // ASCII: the unit itself, last.
    let lanes = _mm512_mask_slli_epi32::<16>(lanes, !two, w);
    // The high bit of each byte to keep.
    let keep = _mm512_mask_mov_epi32(set(0x80_0000), two, set(0x80_8000));
    let keep = _mm512_movepi8_mask(_mm512_maskz_mov_epi32(units, _mm512_mask_mov_epi32(keep, three, set(0x80_8080))));
    // SAFETY: the caller's promise.
    unsafe { _mm512_storeu_si512(to.cast(), _mm512_maskz_compress_epi8(keep, lanes)) };
    keep.count_ones() as usize
}

/// The blocks of UTF-16 validation (`simd.rs`'s `prefix_blocks`, with the
/// same contract), 64 units at a time: two vectors of units whose
/// surrogates, if any, pair up, checked on their masks (a trail where the
/// unit before is a lead, a lead pair straddling two blocks by a carry).
/// It stops at the first block that is not so, or where fewer than 64
/// units are left, and returns the start of the character there: every
/// unit before it is well-formed.
///
/// # Safety
///
/// `src` is readable for `2 * units` bytes, and the processor has AVX2,
/// AVX512F and AVX512BW.
#[target_feature(enable = "avx2,avx512f,avx512bw")]
pub(super) unsafe fn utf16_prefix_blocks<const SWAP: bool>(src: *const u8, units: usize) -> usize {
    let set = _mm512_set1_epi16;
    let (top, kind) = (set(0xF800_u16 as i16), set(0xFC00_u16 as i16));
    let (lead, trail) = (set(0xD800_u16 as i16), set(0xDC00_u16 as i16));
    let (mut i, mut carry) = (0, 0u64);
    let surrogate = |v: __m512i| _mm512_cmpeq_epi16_mask(_mm512_and_si512(v, top), lead);
    while i + 64 <= units {
        // Text without surrogates, 128 units a step while it lasts.
        while carry == 0 && i + 128 <= units {
            // SAFETY: `i + 128 <= units`: 256 bytes from `2 * i` are readable.
            let found = unsafe {
                let p = src.add(2 * i);
                (surrogate(load32::<SWAP>(p)) | surrogate(load32::<SWAP>(p.add(64))))
                    | (surrogate(load32::<SWAP>(p.add(128))) | surrogate(load32::<SWAP>(p.add(192))))
            };
            if found != 0 {
                break;
            }
            i += 128;
        }
        if i + 64 > units {
            break;
        }
        // SAFETY: `i + 64 <= units`: 128 bytes from `2 * i` are readable.
        let (a, b) = unsafe { (load32::<SWAP>(src.add(2 * i)), load32::<SWAP>(src.add(2 * i + 64))) };
        if carry == 0 && surrogate(a) | surrogate(b) == 0 {
            i += 64;
            continue;
        }
        let (ka, kb) = (_mm512_and_si512(a, kind), _mm512_and_si512(b, kind));
        let mask = |k: __m512i, of: __m512i| u64::from(_mm512_cmpeq_epi16_mask(k, of));
        let leads = mask(ka, lead) | mask(kb, lead) << 32;
        let trails = mask(ka, trail) | mask(kb, trail) << 32;
        if trails != (leads << 1 | carry) {
            break;
        }
        carry = leads >> 63;
        i += 64;
    }
    i - carry as usize
}
