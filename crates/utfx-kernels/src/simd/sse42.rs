//! The 128-bit vector of x86-64 over SSE2 to SSE4.2 (`__m128i`), and the
//! kernels of `simd.rs` instantiated with those features enabled.
#![allow(unsafe_code)]

use core::arch::x86_64::*;

use super::Vector;
use crate::validate::Utf8Tables;

/// Proof that the processor has SSE4.2, SSE4.1 and SSSE3: made only by
/// [`Sse42::new`], whose caller checked it (`Level::Sse42`).
#[derive(Clone, Copy)]
pub(crate) struct Sse42(());

impl Sse42 {
    /// # Safety
    ///
    /// The processor has SSE4.2, SSE4.1 and SSSE3.
    #[inline]
    pub(crate) unsafe fn new() -> Sse42 {
        Sse42(())
    }
}

/// Sixteen bytes in an SSE register; a value exists only after a
/// [`Sse42`] was made (every constructor takes one, or another value).
#[derive(Clone, Copy)]
pub(crate) struct V(__m128i);

// SAFETY (for every `unsafe` block of this impl): a `V` or an `Sse42`
// exists only where the processor has SSE4.2, SSE4.1 and SSSE3, which are
// all the intrinsics below need; loads and stores are the callers'
// promises, stated on the trait.
impl Vector for V {
    type Token = Sse42;
    const BYTES: usize = 16;

    #[inline(always)]
    fn token(self) -> Sse42 {
        Sse42(())
    }
    #[inline(always)]
    fn splat(_: Sse42, b: u8) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_set1_epi8(b as i8) })
    }
    #[inline(always)]
    fn splat16(_: Sse42, u: u16) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_set1_epi16(u as i16) })
    }
    #[inline(always)]
    fn splat32(_: Sse42, u: u32) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_set1_epi32(u as i32) })
    }
    #[inline(always)]
    fn from_array(_: Sse42, bytes: [u8; 16]) -> V {
        // SAFETY: see the impl; `bytes` is 16 readable bytes.
        V(unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) })
    }
    #[inline(always)]
    fn rows(_: Sse42, [bytes, _]: [&[u8; 16]; 2]) -> V {
        // SAFETY: see the impl; `bytes` is 16 readable bytes.
        V(unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) })
    }
    #[inline(always)]
    unsafe fn load(_: Sse42, p: *const u8) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_loadu_si128(p.cast()) })
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        // SAFETY: see the impl.
        unsafe { _mm_storeu_si128(p.cast(), self.0) }
    }
    #[inline(always)]
    unsafe fn store_lane(self, _: usize, p: *mut u8) {
        // SAFETY: see the impl.
        unsafe { _mm_storeu_si128(p.cast(), self.0) }
    }
    #[inline(always)]
    unsafe fn load_widened(_: Sse42, p: *const u8) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_cvtepu8_epi16(_mm_loadl_epi64(p.cast())) })
    }
    #[inline(always)]
    fn and(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_and_si128(self.0, o.0) })
    }
    #[inline(always)]
    fn or(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_or_si128(self.0, o.0) })
    }
    #[inline(always)]
    fn xor(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_xor_si128(self.0, o.0) })
    }
    #[inline(always)]
    fn and_not(self, mask: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_andnot_si128(mask.0, self.0) })
    }
    #[inline(always)]
    fn eq8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_cmpeq_epi8(self.0, o.0) })
    }
    #[inline(always)]
    fn gt_i8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_cmpgt_epi8(self.0, o.0) })
    }
    #[inline(always)]
    fn ge_u8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_cmpeq_epi8(_mm_max_epu8(self.0, o.0), self.0) })
    }
    #[inline(always)]
    fn le_u8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_cmpeq_epi8(_mm_min_epu8(self.0, o.0), self.0) })
    }
    #[inline(always)]
    fn max_u8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_max_epu8(self.0, o.0) })
    }
    #[inline(always)]
    fn sub8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_sub_epi8(self.0, o.0) })
    }
    #[inline(always)]
    fn saturating_sub8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_subs_epu8(self.0, o.0) })
    }
    #[inline(always)]
    fn eq16(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_cmpeq_epi16(self.0, o.0) })
    }
    #[inline(always)]
    fn gt_i16(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_cmpgt_epi16(self.0, o.0) })
    }
    #[inline(always)]
    fn sub16(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_sub_epi16(self.0, o.0) })
    }
    #[inline(always)]
    fn add32(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_add_epi32(self.0, o.0) })
    }
    #[inline(always)]
    fn shl8<const N: i32>(self) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_and_si128(_mm_slli_epi16::<N>(self.0), _mm_set1_epi8((0xFFu8 << N) as i8)) })
    }
    #[inline(always)]
    fn shr8<const N: i32>(self) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_and_si128(_mm_srli_epi16::<N>(self.0), _mm_set1_epi8((0xFFu8 >> N) as i8)) })
    }
    #[inline(always)]
    fn shl16<const N: i32>(self) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_slli_epi16::<N>(self.0) })
    }
    #[inline(always)]
    fn shr16<const N: i32>(self) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_srli_epi16::<N>(self.0) })
    }
    #[inline(always)]
    fn shl32<const N: i32>(self) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_slli_epi32::<N>(self.0) })
    }
    #[inline(always)]
    fn shr32<const N: i32>(self) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_srli_epi32::<N>(self.0) })
    }
    #[inline(always)]
    fn select(mask: V, a: V, b: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_blendv_epi8(b.0, a.0, mask.0) })
    }
    #[inline(always)]
    fn zip8_lo(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_unpacklo_epi8(self.0, o.0) })
    }
    #[inline(always)]
    fn zip8_hi(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_unpackhi_epi8(self.0, o.0) })
    }
    #[inline(always)]
    fn zip16_lo(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_unpacklo_epi16(self.0, o.0) })
    }
    #[inline(always)]
    fn zip16_hi(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_unpackhi_epi16(self.0, o.0) })
    }
    #[inline(always)]
    fn narrow16(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_packs_epi16(self.0, o.0) })
    }
    #[inline(always)]
    fn shuffle(self, picks: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_shuffle_epi8(self.0, picks.0) })
    }
    #[inline(always)]
    fn prev<const N: i32>(self, before: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { _mm_alignr_epi8::<N>(self.0, before.0) })
    }
    #[inline(always)]
    fn high_bits(self) -> u32 {
        // SAFETY: see the impl.
        unsafe { _mm_movemask_epi8(self.0) as u32 }
    }
    #[inline(always)]
    fn any_high_bit(self) -> bool {
        // SAFETY: see the impl.
        unsafe { _mm_movemask_epi8(self.0) != 0 }
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        // SAFETY: see the impl.
        unsafe { _mm_testz_si128(self.0, self.0) == 1 }
    }
    #[inline(always)]
    fn sum_u8(self) -> u32 {
        // SAFETY: see the impl.
        let sums = unsafe { _mm_sad_epu8(self.0, _mm_setzero_si128()) };
        // SAFETY: see the impl.
        unsafe { (_mm_cvtsi128_si32(sums) + _mm_extract_epi16::<4>(sums)) as u32 }
    }
    #[inline(always)]
    fn sum_u16(self) -> u32 {
        // SAFETY: see the impl.
        unsafe {
            let low = _mm_and_si128(self.0, _mm_set1_epi32(0xFFFF));
            let pairs = _mm_add_epi32(low, _mm_srli_epi32::<16>(self.0));
            let quads = _mm_add_epi32(pairs, _mm_srli_si128::<8>(pairs));
            (_mm_cvtsi128_si32(quads) as u32).wrapping_add(_mm_extract_epi32::<1>(quads) as u32)
        }
    }
}

/// The kernels of `simd.rs` over [`V`], compiled with the features an
/// [`Sse42`] proves.
macro_rules! instantiate {
    ($($name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {$(
        #[doc = concat!("`super::", stringify!($name), "` over SSE4.2.")]
        #[target_feature(enable = "sse4.2,sse4.1,ssse3")]
        pub(crate) fn $name(_: Sse42, $($arg: $ty),*) -> $ret {
            super::$name::<V>(Sse42(()), $($arg),*)
        }
    )*};
}

instantiate! {
    valid_utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> (usize, usize);
    checked_utf8_to_utf16(src: &[u8], dst: &mut [u16], tables: &Utf8Tables) -> (usize, usize);
    utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> (usize, usize);
    utf16_bytes_to_utf8(src: &[u8], big_endian: bool, dst: &mut [u8]) -> (usize, usize, usize);
    utf16_units_prefix_blocks(src: &[u16]) -> usize;
    utf16_bytes_prefix_blocks(src: &[u8], big_endian: bool) -> usize;
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
    first_error_block(input: &[u8], tables: &Utf8Tables) -> usize;
    offset_utf8_to_utf16(src: &[u8], dst: &mut [u16], form: &crate::offsets::Utf8Offsets) -> (usize, usize);
    code_points_to_offset_utf8(src: &[u32], out: &mut alloc::vec::Vec<u8>, form: &crate::offsets::Utf8Offsets) -> usize;
    code_points_to_offset_utf8_slice(src: &[u32], dst: &mut [u8], form: &crate::offsets::Utf8Offsets) -> (usize, usize);
}

/// The 32-bit lanes of `offsets.rs`'s encoding kernel.
impl super::offsets::Lanes32 for V {
    #[inline(always)]
    fn gt_i32(self, o: V) -> V {
        // SAFETY: a `V` exists only where the processor has SSE4.2 and below.
        V(unsafe { _mm_cmpgt_epi32(self.0, o.0) })
    }
    #[inline(always)]
    fn narrow32(self, o: V) -> V {
        // SAFETY: a `V` exists only where the processor has SSE4.2 and below.
        V(unsafe { _mm_packs_epi32(self.0, o.0) })
    }
    #[inline(always)]
    unsafe fn load_widened16(_: Sse42, p: *const u8) -> V {
        // SAFETY: a `V` or an `Sse42` exists only where the processor has
        // SSE4.1; the 8 bytes at `p` are readable (the caller's promise).
        V(unsafe { _mm_cvtepu16_epi32(_mm_loadl_epi64(p.cast())) })
    }
}
