//! The AVX-512 form of UTF-8 to code points (AVX512F, AVX512BW,
//! AVX512VBMI2 and POPCNT, found at run time: `Level::Avx512`; built with
//! Rust 1.89 and later, `cfg(utfx_kernels_avx512)`): the block loop of
//! `avx2_utf32.rs`, instantiated with these features, whose blocks without
//! four-byte characters go through [`bmp_block`].
//!
//! The AVX2 block computes, for each of its 32 bytes, the code point of
//! the character that would end there, in 32-bit lanes, and packs the lanes
//! of the bytes that do end one with four permutations from a table. Where
//! no four-byte character is near, every such code point fits 16 bits:
//! here the 32 of them are one vector of 16-bit lanes, `vpcompressw` keeps
//! those of the bytes that end a character by the block's mask (no table),
//! and two widenings to 32 bits write them. On text of three-byte
//! characters (Chinese, Japanese, Korean, Thai, Hindi) a block then costs
//! about a third less.
//!
//! Every store is a whole vector inside the caller's slice, checked before
//! the block starts; it may write lanes past what it counts as written,
//! never past the slice.
#![allow(unsafe_code)]
// Built only by compilers that have these intrinsics (`build.rs`).
#![allow(clippy::incompatible_msrv)]

use core::arch::x86_64::{
    __m256i, _mm512_and_si512, _mm512_castsi512_si256, _mm512_cvtepu8_epi16, _mm512_cvtepu16_epi32,
    _mm512_extracti64x4_epi64, _mm512_maskz_compress_epi16, _mm512_maskz_slli_epi16, _mm512_set1_epi16,
    _mm512_storeu_si512, _mm512_ternarylogic_epi32,
};
use core::mem::MaybeUninit;

use super::validate::Utf8Tables;

/// `avx2_utf32.rs`'s decoding kernel (same contract) with the blocks of
/// [`bmp_block`]: (bytes read, code points written).
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
    super::avx2_utf32::utf8_to_utf32_blocks::<true>(src, dst, tables)
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
