//! The 256-bit vector of x86-64 over AVX2 (`__m256i`), and the kernels of
//! `simd.rs` instantiated with AVX2 enabled. AVX2's byte shuffles,
//! alignments, interleaves and packs work in each 128-bit lane apart: the
//! trait's operations that must see the whole vector (`prev`, `narrow16`)
//! cross the lanes with `vperm2i128` and `vpermq`, and the others are
//! documented per lane (`shuffle`, `zip8_lo`, `rows`).
#![allow(unsafe_code)]

use core::arch::x86_64::*;

use super::Vector;
use crate::validate::Utf8Tables;

/// Proof that the processor has AVX2: made only by [`Avx2::new`], whose
/// caller checked it (`Level::Avx2`, `Level::Avx512`).
#[derive(Clone, Copy)]
pub(crate) struct Avx2(());

impl Avx2 {
    /// # Safety
    ///
    /// The processor has AVX2.
    #[inline]
    pub(crate) unsafe fn new() -> Avx2 {
        Avx2(())
    }
}

/// Thirty-two bytes in an AVX register; a value exists only after an
/// [`Avx2`] was made (every constructor takes one, or another value).
#[derive(Clone, Copy)]
pub(crate) struct V(pub(crate) __m256i);

// SAFETY (for every `unsafe` block of this impl): a `V` or an `Avx2`
// exists only where the processor has AVX2 (and with it SSE4.2 and
// below), which is all the intrinsics below need; loads and stores are
// the callers' promises, stated on the trait.
impl Vector for V {
    type Token = Avx2;
    const BYTES: usize = 32;

    #[inline(always)]
    fn token(self) -> Avx2 {
        Avx2(())
    }
    #[inline(always)]
    fn splat(_: Avx2, b: u8) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_set1_epi8(b as i8) })
    }
    #[inline(always)]
    fn splat16(_: Avx2, u: u16) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_set1_epi16(u as i16) })
    }
    #[inline(always)]
    fn splat32(_: Avx2, u: u32) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_set1_epi32(u as i32) })
    }
    #[inline(always)]
    fn from_array(_: Avx2, bytes: [u8; 16]) -> V {
        // SAFETY: see the impl; `bytes` is 16 readable bytes.
        V(unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(bytes.as_ptr().cast())) })
    }
    #[inline(always)]
    fn rows(_: Avx2, [low, high]: [&[u8; 16]; 2]) -> V {
        // SAFETY: see the impl; both rows are 16 readable bytes.
        V(unsafe { _mm256_loadu2_m128i(high.as_ptr().cast(), low.as_ptr().cast()) })
    }
    #[inline(always)]
    unsafe fn load(_: Avx2, p: *const u8) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_loadu_si256(p.cast()) })
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        // SAFETY: see the impl.
        unsafe { _mm256_storeu_si256(p.cast(), self.0) }
    }
    #[inline(always)]
    unsafe fn store_lane(self, k: usize, p: *mut u8) {
        // SAFETY: see the impl.
        unsafe {
            let lane = if k == 0 { _mm256_castsi256_si128(self.0) } else { _mm256_extracti128_si256::<1>(self.0) };
            _mm_storeu_si128(p.cast(), lane);
        }
    }
    #[inline(always)]
    unsafe fn load_widened(_: Avx2, p: *const u8) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_cvtepu8_epi16(_mm_loadu_si128(p.cast())) })
    }
    #[inline(always)]
    fn and(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_and_si256(self.0, o.0) })
    }
    #[inline(always)]
    fn or(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_or_si256(self.0, o.0) })
    }
    #[inline(always)]
    fn xor(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_xor_si256(self.0, o.0) })
    }
    #[inline(always)]
    fn and_not(self, mask: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_andnot_si256(mask.0, self.0) })
    }
    #[inline(always)]
    fn eq8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_cmpeq_epi8(self.0, o.0) })
    }
    #[inline(always)]
    fn gt_i8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_cmpgt_epi8(self.0, o.0) })
    }
    #[inline(always)]
    fn ge_u8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_cmpeq_epi8(_mm256_max_epu8(self.0, o.0), self.0) })
    }
    #[inline(always)]
    fn le_u8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_cmpeq_epi8(_mm256_min_epu8(self.0, o.0), self.0) })
    }
    #[inline(always)]
    fn max_u8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_max_epu8(self.0, o.0) })
    }
    #[inline(always)]
    fn sub8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_sub_epi8(self.0, o.0) })
    }
    #[inline(always)]
    fn saturating_sub8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_subs_epu8(self.0, o.0) })
    }
    #[inline(always)]
    fn eq16(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_cmpeq_epi16(self.0, o.0) })
    }
    #[inline(always)]
    fn gt_i16(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_cmpgt_epi16(self.0, o.0) })
    }
    #[inline(always)]
    fn sub16(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_sub_epi16(self.0, o.0) })
    }
    #[inline(always)]
    fn add32(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_add_epi32(self.0, o.0) })
    }
    #[inline(always)]
    fn shl8<const N: i32>(self) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_and_si256(_mm256_slli_epi16::<N>(self.0), _mm256_set1_epi8((0xFFu8 << N) as i8)) })
    }
    #[inline(always)]
    fn shr8<const N: i32>(self) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_and_si256(_mm256_srli_epi16::<N>(self.0), _mm256_set1_epi8((0xFFu8 >> N) as i8)) })
    }
    #[inline(always)]
    fn shl16<const N: i32>(self) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_slli_epi16::<N>(self.0) })
    }
    #[inline(always)]
    fn shr16<const N: i32>(self) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_srli_epi16::<N>(self.0) })
    }
    #[inline(always)]
    fn shl32<const N: i32>(self) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_slli_epi32::<N>(self.0) })
    }
    #[inline(always)]
    fn shr32<const N: i32>(self) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_srli_epi32::<N>(self.0) })
    }
    #[inline(always)]
    fn select(mask: V, a: V, b: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_blendv_epi8(b.0, a.0, mask.0) })
    }
    #[inline(always)]
    fn zip8_lo(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_unpacklo_epi8(self.0, o.0) })
    }
    #[inline(always)]
    fn zip8_hi(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_unpackhi_epi8(self.0, o.0) })
    }
    #[inline(always)]
    fn zip16_lo(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_unpacklo_epi16(self.0, o.0) })
    }
    #[inline(always)]
    fn zip16_hi(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_unpackhi_epi16(self.0, o.0) })
    }
    #[inline(always)]
    fn narrow16(self, o: V) -> V {
        // The pack interleaves the lanes: 64-bit quarters 0, 2, 1, 3.
        // SAFETY: see the impl.
        V(unsafe { _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packs_epi16(self.0, o.0)) })
    }
    #[inline(always)]
    fn shuffle(self, picks: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm256_shuffle_epi8(self.0, picks.0) })
    }
    #[inline(always)]
    fn prev<const N: i32>(self, before: V) -> V {
        // The 16 bytes before each lane, `before`'s high lane then
        // `self`'s low lane, aligned with the lane.
        // SAFETY: see the impl.
        V(unsafe { _mm256_alignr_epi8::<N>(self.0, _mm256_permute2x128_si256::<0x21>(before.0, self.0)) })
    }
    #[inline(always)]
    fn high_bits(self) -> u32 {
        // SAFETY: see the impl.
        unsafe { _mm256_movemask_epi8(self.0) as u32 }
    }
    #[inline(always)]
    fn any_high_bit(self) -> bool {
        // SAFETY: see the impl.
        unsafe { _mm256_movemask_epi8(self.0) != 0 }
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        // SAFETY: see the impl.
        unsafe { _mm256_testz_si256(self.0, self.0) == 1 }
    }
    #[inline(always)]
    fn sum_u8(self) -> u32 {
        // SAFETY: see the impl.
        unsafe {
            let sums = _mm256_sad_epu8(self.0, _mm256_setzero_si256());
            let both = _mm_add_epi64(_mm256_castsi256_si128(sums), _mm256_extracti128_si256::<1>(sums));
            (_mm_cvtsi128_si32(both) + _mm_extract_epi16::<4>(both)) as u32
        }
    }
    #[inline(always)]
    fn sum_u16(self) -> u32 {
        // SAFETY: see the impl.
        unsafe {
            let low = _mm256_and_si256(self.0, _mm256_set1_epi32(0xFFFF));
            let pairs = _mm256_add_epi32(low, _mm256_srli_epi32::<16>(self.0));
            let half = _mm_add_epi32(_mm256_castsi256_si128(pairs), _mm256_extracti128_si256::<1>(pairs));
            let quads = _mm_add_epi32(half, _mm_srli_si128::<8>(half));
            (_mm_cvtsi128_si32(quads) as u32).wrapping_add(_mm_extract_epi32::<1>(quads) as u32)
        }
    }
}

/// The kernels of `simd.rs` over [`V`], compiled with the features an
/// [`Avx2`] proves.
macro_rules! instantiate {
    ($($name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {$(
        #[doc = concat!("`super::", stringify!($name), "` over AVX2.")]
        #[target_feature(enable = "avx2")]
        pub(crate) fn $name(_: Avx2, $($arg: $ty),*) -> $ret {
            super::$name::<V>(Avx2(()), $($arg),*)
        }
    )*};
}

instantiate! {
    ascii_prefix(bytes: &[u8]) -> usize;
    count_continuations(bytes: &[u8]) -> usize;
    count_trails(units: &[u16]) -> usize;
    count_trail_bytes(src: &[u8], big_endian: bool) -> usize;
    utf16_len_from_utf8(valid: &[u8]) -> usize;
    utf8_len_from_utf16_bytes(src: &[u8], big_endian: bool) -> usize;
    utf8_len_from_utf32_bytes(src: &[u8], big_endian: bool) -> usize;
    utf16_len_from_utf32_bytes(src: &[u8], big_endian: bool) -> usize;
    utf8_len_from_latin1(bytes: &[u8]) -> usize;
    utf32_bytes_prefix(src: &[u8], big_endian: bool) -> usize;
    utf32_bytes_to_utf16(src: &[u8], big_endian: bool, dst: &mut [u16]) -> (usize, usize);
    utf16_to_utf32_bytes(src: &[u16], big_endian: bool, dst: &mut [u8]) -> (usize, usize);
    latin1_to_utf16(src: &[u8], dst: &mut [u16]) -> usize;
    utf16_to_latin1(src: &[u16], dst: &mut [u8]) -> usize;
    latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> (usize, usize);
    utf8_to_latin1(src: &[u8], dst: &mut [u8]) -> (usize, usize);
    offset_utf8_to_utf16(src: &[u8], dst: &mut [u16], form: &crate::offsets::Utf8Offsets) -> (usize, usize);
    code_points_to_offset_utf8(src: &[u32], out: &mut alloc::vec::Vec<u8>, form: &crate::offsets::Utf8Offsets) -> usize;
    code_points_to_offset_utf8_slice(src: &[u32], dst: &mut [u8], form: &crate::offsets::Utf8Offsets) -> (usize, usize);
}

/// `super::valid_utf8_to_utf16` over AVX2, with `avx512.rs`'s blocks
/// first at `Level::Avx512` (the checked conversion's, without the checks).
#[target_feature(enable = "avx2")]
pub(crate) fn valid_utf8_to_utf16(_: Avx2, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    #[cfg(utfx_kernels_avx512)]
    if crate::level() == crate::Level::Avx512 {
        // SAFETY: the level is `Avx512` only where the processor has what
        // `avx512.rs` needs (`Level::is_available`).
        let (read, written) = unsafe { crate::avx512::valid_utf8_to_utf16(src, dst) };
        let (more, more_written) = super::valid_utf8_to_utf16::<V>(Avx2(()), &src[read..], &mut dst[written..]);
        return (read + more, written + more_written);
    }
    super::valid_utf8_to_utf16::<V>(Avx2(()), src, dst)
}

/// `super::checked_utf8_to_utf16` over AVX2, with `avx512.rs`'s blocks
/// first at `Level::Avx512` (for a grammar without a forbidden pair).
#[target_feature(enable = "avx2")]
pub(crate) fn checked_utf8_to_utf16(_: Avx2, src: &[u8], dst: &mut [u16], tables: &Utf8Tables) -> (usize, usize) {
    #[cfg(utfx_kernels_avx512)]
    if crate::level() == crate::Level::Avx512 {
        // Three bytes a unit at most fill `dst`.
        let src = &src[..src.len().min(dst.len().saturating_mul(3))];
        // SAFETY: the level is `Avx512` only where the processor has what
        // `avx512.rs` needs (`Level::is_available`).
        let (read, written) = unsafe { crate::avx512::checked_utf8_to_utf16(src, dst, tables) };
        let (more, more_written) =
            super::checked_utf8_to_utf16::<V>(Avx2(()), &src[read..], &mut dst[written..], tables);
        return (read + more, written + more_written);
    }
    super::checked_utf8_to_utf16::<V>(Avx2(()), src, dst, tables)
}

/// `super::first_error_block` over AVX2, with `avx512.rs`'s blocks at
/// `Level::Avx512` (which hand it the input's first and last characters,
/// and the blocks a forbidden pair's mark flags).
#[target_feature(enable = "avx2")]
pub(crate) fn first_error_block(_: Avx2, input: &[u8], tables: &Utf8Tables) -> usize {
    #[cfg(utfx_kernels_avx512)]
    if crate::level() == crate::Level::Avx512 {
        let generic = |input: &[u8]| super::first_error_block::<V>(Avx2(()), input, tables);
        // SAFETY: the level is `Avx512` only where the processor has what
        // `avx512.rs` needs (`Level::is_available`).
        return unsafe { crate::avx512::first_error_block(input, tables, &generic) };
    }
    super::first_error_block::<V>(Avx2(()), input, tables)
}

/// `super::utf16_units_prefix_blocks` over AVX2, with `avx512.rs`'s
/// blocks at `Level::Avx512`.
#[target_feature(enable = "avx2")]
pub(crate) fn utf16_units_prefix_blocks(_: Avx2, src: &[u16]) -> usize {
    #[cfg(utfx_kernels_avx512)]
    if crate::level() == crate::Level::Avx512 {
        // SAFETY: `src` is readable for `2 * src.len()` bytes; the level is
        // `Avx512` only where the processor has what `avx512.rs` needs
        // (`Level::is_available`).
        return unsafe { crate::avx512::utf16_prefix_blocks::<false>(src.as_ptr().cast(), src.len()) };
    }
    super::utf16_units_prefix_blocks::<V>(Avx2(()), src)
}

/// `super::utf16_bytes_prefix_blocks` over AVX2, with `avx512.rs`'s
/// blocks at `Level::Avx512`.
#[target_feature(enable = "avx2")]
pub(crate) fn utf16_bytes_prefix_blocks(_: Avx2, src: &[u8], big_endian: bool) -> usize {
    #[cfg(utfx_kernels_avx512)]
    if crate::level() == crate::Level::Avx512 {
        let units = src.len() / 2;
        // SAFETY: `src` is readable for `2 * units` bytes; the level is
        // `Avx512` only where the processor has what `avx512.rs` needs
        // (`Level::is_available`).
        return unsafe {
            if big_endian {
                crate::avx512::utf16_prefix_blocks::<true>(src.as_ptr(), units)
            } else {
                crate::avx512::utf16_prefix_blocks::<false>(src.as_ptr(), units)
            }
        };
    }
    super::utf16_bytes_prefix_blocks::<V>(Avx2(()), src, big_endian)
}

/// `super::utf16_to_utf8` over AVX2, with `avx512.rs`'s block loop at
/// `Level::Avx512`.
#[target_feature(enable = "avx2")]
pub(crate) fn utf16_to_utf8(_: Avx2, src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    super::utf16_to_utf8_by(src, dst, |bytes, dst| blocks(bytes, false, dst))
}

/// `super::utf16_bytes_to_utf8` over AVX2, with `avx512.rs`'s block loop
/// at `Level::Avx512`.
#[target_feature(enable = "avx2")]
pub(crate) fn utf16_bytes_to_utf8(_: Avx2, src: &[u8], big_endian: bool, dst: &mut [u8]) -> (usize, usize, usize) {
    super::utf16_bytes_to_utf8_by(src, big_endian, dst, |bytes, dst| blocks(bytes, big_endian, dst))
}

/// The block loop of UTF-16 to UTF-8 over the units held as `bytes`:
/// `avx512.rs`'s at `Level::Avx512`, else `super::utf16_blocks`.
#[target_feature(enable = "avx2")]
#[inline]
fn blocks(bytes: &[u8], big_endian: bool, dst: &mut [u8]) -> (usize, usize, usize) {
    #[cfg(utfx_kernels_avx512)]
    if crate::level() == crate::Level::Avx512 {
        let units = bytes.len() / 2;
        // SAFETY: `bytes` is readable for `2 * units` bytes; the level is
        // `Avx512` only where the processor has what `avx512.rs` needs
        // (`Level::is_available`).
        return unsafe {
            if big_endian {
                crate::avx512::utf16_blocks::<true>(bytes.as_ptr(), units, dst)
            } else {
                crate::avx512::utf16_blocks::<false>(bytes.as_ptr(), units, dst)
            }
        };
    }
    super::utf16_blocks_of::<V>(Avx2(()), bytes, big_endian, dst)
}

/// `super::utf16_blocks` over AVX2, for `avx512.rs`, which leaves it the
/// units that start with a surrogate: it stops where fewer than 32 units
/// or 128 bytes of room are left, or before a lone surrogate, and returns
/// (units read, bytes written, surrogate pairs read).
///
/// # Safety
///
/// `src` is readable for `2 * units` bytes, and the processor has AVX2.
#[cfg(utfx_kernels_avx512)]
#[target_feature(enable = "avx2")]
pub(crate) unsafe fn utf16_blocks<const SWAP: bool>(
    src: *const u8,
    units: usize,
    dst: &mut [u8],
) -> (usize, usize, usize) {
    // SAFETY: the caller's promises.
    unsafe { super::utf16_blocks::<V, SWAP>(Avx2(()), src, units, dst) }
}

/// The 32-bit lanes of `offsets.rs`'s encoding kernel.
impl super::offsets::Lanes32 for V {
    #[inline(always)]
    fn gt_i32(self, o: V) -> V {
        // SAFETY: a `V` exists only where the processor has AVX2.
        V(unsafe { _mm256_cmpgt_epi32(self.0, o.0) })
    }
    #[inline(always)]
    fn narrow32(self, o: V) -> V {
        // The pack interleaves the lanes: 64-bit quarters 0, 2, 1, 3.
        // SAFETY: a `V` exists only where the processor has AVX2.
        V(unsafe { _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packs_epi32(self.0, o.0)) })
    }
    #[inline(always)]
    unsafe fn load_widened16(_: Avx2, p: *const u8) -> V {
        // SAFETY: a `V` or an `Avx2` exists only where the processor has
        // AVX2; the 16 bytes at `p` are readable (the caller's promise).
        V(unsafe { _mm256_cvtepu16_epi32(_mm_loadu_si128(p.cast())) })
    }
}
