//! The AVX-512 form of UTF-8 to code points (AVX512F, AVX512BW,
//! AVX512VBMI2 and POPCNT, found at run time: `Level::Avx512`; built with
//! Rust 1.89 and later, `cfg(utfx_kernels_avx512)`).
//!
//! Checked against a grammar's tables (`UTF_8.decode`), it goes 64 bytes a
//! block ([`checked_blocks`], after `avx512.rs`'s checked UTF-8 to UTF-16):
//! Keiser and Lemire's lookup on the 64 bytes, then for each of them the
//! code point of the character that would end there, in 16-bit lanes, and
//! `vpcompressw` keeps those of the bytes that do end one ([`bmp_block`],
//! for each half), widened to 32 bits. Where a four-byte character may end
//! in a block, or at an error, it hands over to the 32-byte block loop of
//! `avx2_utf32.rs` for a stretch (which has its cases for runs of four- and
//! three-byte characters, and finds the error exactly), then takes over
//! again.
//!
//! That loop, unchecked or for the stretches, runs here with these
//! features, and its blocks without four-byte characters go through
//! [`bmp_block`] too, where the AVX2 form widens all 32 lanes and packs
//! them with four permutations from a table.
//!
//! Every store is a whole vector inside the caller's slice, checked before
//! the block starts; it may write lanes past what it counts as written,
//! never past the slice.
#![allow(unsafe_code)]
// Built only by compilers that have these intrinsics (`build.rs`).
#![allow(clippy::incompatible_msrv)]

use core::arch::x86_64::*;
use core::mem::MaybeUninit;

use super::avx512::Lookup;
use super::validate::Utf8Tables;

/// `avx2_utf32.rs`'s decoding kernel (same contract) with the blocks of
/// [`bmp_block`], and with `tables` first [`checked_blocks`]: (bytes read,
/// code points written).
///
/// # Safety
///
/// The processor has AVX2, AVX512F, AVX512BW, AVX512VBMI2 and POPCNT.
#[target_feature(enable = "avx2,avx512f,avx512bw,avx512vbmi2,popcnt")]
pub(super) unsafe fn utf8_to_utf32(
    src: &[u8],
    dst: &mut [MaybeUninit<u32>],
    tables: Option<&Utf8Tables>,
) -> (usize, usize) {
    let Some(tables) = tables.filter(|t| t.pair.is_none() && !t.nul) else {
        return blocks(src, dst, tables);
    };
    let (mut read, mut written) = (0, 0);
    let mut stretch = STRETCH;
    loop {
        // The 64-byte blocks as far as they go: to an error, a block where
        // a four-byte character may end, or the last bytes.
        let (r, w) = checked_blocks(&src[read..], &mut dst[written..], tables);
        read += r;
        written += w;
        // Then the 32-byte blocks (with their cases for runs of four- and
        // three-byte characters) for a stretch, back to the 64-byte ones
        // after it, or the last bytes; a stretch twice as long each time
        // that those took no block (text of four-byte characters).
        stretch = if r < 64 { stretch.saturating_mul(2) } else { STRETCH };
        let end = if src.len() - read < stretch.saturating_mul(2) { src.len() } else { read + stretch };
        let (r, w) = blocks(&src[read..end], &mut dst[written..], Some(tables));
        read += r;
        written += w;
        // Done at the end, where the room ends, or where an error stopped
        // it before the stretch's end (a character the stretch cuts is at
        // most three bytes).
        if read == src.len() || r + 4 <= end - (read - r) || r == 0 {
            return (read, written);
        }
    }
}

/// `avx2_utf32.rs`'s block loop with [`bmp_block`]: its one call, so that
/// it is inlined here, with these features, and `bmp_block` in it.
#[target_feature(enable = "avx2,avx512f,avx512bw,avx512vbmi2,popcnt")]
#[inline(never)]
fn blocks(src: &[u8], dst: &mut [MaybeUninit<u32>], tables: Option<&Utf8Tables>) -> (usize, usize) {
    super::avx2_utf32::utf8_to_utf32_blocks::<true>(src, dst, tables)
}

/// How many bytes the 32-byte blocks take at least when the 64-byte ones
/// stop before an error or the last bytes: enough that the switches cost
/// little.
const STRETCH: usize = 4096;

/// UTF-8 to code points, checked against a grammar's tables without a
/// forbidden pair that take `00`, 64 bytes a block, as `avx512.rs`'s
/// `checked_utf8_to_utf16` goes (whose layout it follows): (bytes read,
/// code points written). The bytes read are well-formed and end where a
/// character starts, their code points are written, and the caller goes on
/// from there (from the first block with an error, or the last bytes).
///
/// A block at `i` validates the bytes `i .. i + 64` (with the three before
/// them) and writes the code points of the characters that end at `i - 1 ..
/// i + 63`: whether a byte ends a character is up to the byte after it,
/// which the block has checked. Each position gets a code point from its
/// byte and the two before it, as [`bmp_block`] computes it, which
/// `vpcompressw` keeps at the ends of characters; a block where a
/// four-byte character may end stops it (the 32-byte blocks take those, and
/// runs of them, for less).
#[target_feature(enable = "avx2,avx512f,avx512bw,avx512vbmi2,popcnt")]
fn checked_blocks(src: &[u8], dst: &mut [MaybeUninit<u32>], tables: &Utf8Tables) -> (usize, usize) {
    let len = src.len();
    // Whole characters first, checked one by one, until four bytes lie
    // behind: the blocks read four bytes back.
    let head = super::boundary_from(src, 4);
    if head < 4 || head + 64 > len || dst.len() < head + 64 {
        return (0, 0);
    }
    if super::validate::valid_prefix_portable(&src[..head], tables) < head {
        return (0, 0);
    }
    let (mut i, mut o) = (0, 0);
    while i < head {
        let Some((value, n)) = super::read_char(src, i) else { return (0, 0) };
        dst[o].write(value);
        i += n;
        o += 1;
    }
    let lookup = Lookup::new(tables);
    let set8 = |b: u8| _mm512_set1_epi8(b as i8);
    let p = src.as_ptr();
    let to = dst.as_mut_ptr().cast::<u32>();
    // The head wrote the character that ends at `head - 1`.
    let mut first = !1u64;
    while i + 64 <= len && o + 64 <= dst.len() {
        // SAFETY: `4 <= i` and `i + 64 <= len`: the block's loads, 64
        // bytes from `i`, `i - 1`, `i - 2` and `i - 3`, are inside `src`.
        let load = |at: usize| unsafe { _mm512_loadu_si512(p.add(at).cast()) };
        let (v, prev1) = (load(i), load(i - 1));
        if _mm512_movepi8_mask(_mm512_or_si512(prev1, v)) == 0 && first == !0 {
            // ASCII from `i - 1` to `i + 63`: no error can be here (a lead
            // before `i - 1` was checked against the ASCII byte `i - 1` by
            // the block before), and each byte is its code point, each an
            // end.
            for q in 0..4 {
                // SAFETY: `o + 64 <= dst.len()`.
                unsafe { _mm512_storeu_si512(to.add(o + 16 * q).cast(), _mm512_cvtepu8_epi32(quarter(prev1, q))) };
            }
            o += 64;
            i += 64;
            continue;
        }
        let (prev2, prev3) = (load(i - 2), load(i - 3));
        // Without a lead of four bytes three back from a position (bytes
        // `i - 4 .. i + 60`), every code point fits 16 bits; else the
        // 32-byte blocks go on from here.
        if _mm512_cmpge_epu8_mask(prev3, set8(0xF0)) != 0 || src[i - 4] >= 0xF0 {
            break;
        }
        if lookup.flagged(v, prev1, prev2, prev3) != 0 {
            break;
        }
        // Position `k` of the window is byte `i - 1 + k`: it ends a
        // character when byte `i + k` is not a continuation byte.
        let continuation = |x: __m512i| _mm512_cmpeq_epi8_mask(_mm512_and_si512(x, set8(0xC0)), set8(0x80));
        let ends = !continuation(v) & first;
        first = !0;
        // Where the position's byte and the one before it are continuation
        // bytes (then the byte before belongs to its character, and so on).
        let c0 = continuation(prev1);
        let c01 = c0 & continuation(prev2);
        for h in 0..2 {
            let half = |x: __m512i| if h == 0 { _mm512_castsi512_si256(x) } else { _mm512_extracti64x4_epi64::<1>(x) };
            let shift = 32 * h;
            let (keep, k0, k01) = ((ends >> shift) as u32, (c0 >> shift) as u32, (c01 >> shift) as u32);
            // SAFETY: `o + 64 <= dst.len()` before the block, which writes
            // at most 64 code points: 32 from `o` at most twice.
            o += unsafe { bmp_block(half(prev1), half(prev2), half(prev3), keep, k0, k01, to.add(o)) };
        }
        i += 64;
    }
    if i == head {
        return (head, o);
    }
    // The character that byte `i - 1` is in is not written: back to its
    // start.
    let start = crate::char_start(src, i - 1);
    (start, o)
}

/// Bytes `16 q .. 16 q + 16` of `x`.
#[target_feature(enable = "avx512f")]
#[inline]
fn quarter(x: __m512i, q: usize) -> __m128i {
    match q {
        0 => _mm512_extracti32x4_epi32::<0>(x),
        1 => _mm512_extracti32x4_epi32::<1>(x),
        2 => _mm512_extracti32x4_epi32::<2>(x),
        _ => _mm512_extracti32x4_epi32::<3>(x),
    }
}

/// Writes at `to` the code points of the characters that end in a block of
/// 32 bytes `x0`, none of them a four-byte character, and returns how many
/// there are (the bits of `ends`). `x1` and `x2` are the 32 bytes that
/// start one and two bytes before `x0`; bit `j` of `ends` says that byte
/// `j` ends a character, of `c0` that byte `j` is a continuation byte, of
/// `c1` that byte `j - 1` is (the byte before the block for bit 0).
///
/// The character that ends at byte `j` is one of (RFC 3629, section 3):
///
/// | bytes `j - 2`, `j - 1`, `j` | code point | `c0`, `c1` at `j` |
/// |---|---|---|
/// | `0xxxxxxx` | `xxxxxxx` | no, - |
/// | `110yyyyy 10xxxxxx` | `yyyyyxxxxxx` | yes, no |
/// | `1110zzzz 10yyyyyy 10xxxxxx` | `zzzzyyyyyyxxxxxx` | yes, yes |
///
/// # Safety
///
/// `to` is writable for 32 lanes, and the processor has AVX512F,
/// AVX512BW, AVX512VBMI2 and POPCNT.
#[target_feature(enable = "avx2,avx512f,avx512bw,avx512vbmi2,popcnt")]
#[inline]
pub(super) unsafe fn bmp_block(
    x0: __m256i,
    x1: __m256i,
    x2: __m256i,
    ends: u32,
    c0: u32,
    c1: u32,
    to: *mut u32,
) -> usize {
    let (w0, w1, w2) = (_mm512_cvtepu8_epi16(x0), _mm512_cvtepu8_epi16(x1), _mm512_cvtepu8_epi16(x2));
    // The last byte, ASCII or a continuation byte: seven bits either way.
    let b0 = _mm512_and_si512(w0, _mm512_set1_epi16(0x7F));
    // The byte before, where the last is a continuation byte: six bits (a
    // lead of two bytes has bit 5 clear), at bits 6 to 11.
    let b1 = _mm512_maskz_slli_epi16::<6>(c0, _mm512_and_si512(w1, _mm512_set1_epi16(0x3F)));
    // Two bytes before, where both after it are continuation bytes: the
    // lead of three bytes, whose four low bits the shift keeps at 12 to 15.
    let b2 = _mm512_maskz_slli_epi16::<12>(c0 & c1, w2);
    // b0 | b1 | b2 (0xFE: any of the three).
    let values = _mm512_ternarylogic_epi32::<0xFE>(b0, b1, b2);
    let kept = _mm512_maskz_compress_epi16(ends, values);
    // SAFETY: the caller's promise: 32 lanes from `to`.
    unsafe {
        _mm512_storeu_si512(to.cast(), _mm512_cvtepu16_epi32(_mm512_castsi512_si256(kept)));
        _mm512_storeu_si512(to.add(16).cast(), _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64::<1>(kept)));
    }
    ends.count_ones() as usize
}
