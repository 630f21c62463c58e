//! The 128-bit vector of aarch64 over NEON (`uint8x16_t`), which every
//! aarch64 processor has (the target enables it), and the kernels of
//! `simd.rs` instantiated over it. Little-endian only: the kernels read
//! a vector's bytes as the little-endian bytes of its 16- and 32-bit lanes.
#![allow(unsafe_code)]

use core::arch::aarch64::*;

use super::Vector;
use crate::validate::Utf8Tables;

/// NEON, which the target guarantees: the token has nothing to prove.
#[derive(Clone, Copy)]
pub(crate) struct Neon(());

impl Neon {
    /// The token: every aarch64 processor has NEON.
    #[inline]
    pub(crate) fn new() -> Neon {
        Neon(())
    }
}

/// Sixteen bytes in a NEON register.
#[derive(Clone, Copy)]
pub(crate) struct V(uint8x16_t);

/// The byte with only bit `k % 8` set, at lane `k`: each byte's weight in
/// [`Vector::high_bits`].
const WEIGHTS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];

// SAFETY (for every `unsafe` block of this impl): NEON is part of the
// aarch64 target, so its intrinsics run on every processor this code runs
// on; loads and stores are the callers' promises, stated on the trait.
#[allow(unused_unsafe)]
impl Vector for V {
    type Token = Neon;
    const BYTES: usize = 16;

    #[inline(always)]
    fn token(self) -> Neon {
        Neon(())
    }
    #[inline(always)]
    fn splat(_: Neon, b: u8) -> V {
        // SAFETY: see the impl.
        V(unsafe { vdupq_n_u8(b) })
    }
    #[inline(always)]
    fn splat16(_: Neon, u: u16) -> V {
        // SAFETY: see the impl.
        V(unsafe { vreinterpretq_u8_u16(vdupq_n_u16(u)) })
    }
    #[inline(always)]
    fn splat32(_: Neon, u: u32) -> V {
        // SAFETY: see the impl.
        V(unsafe { vreinterpretq_u8_u32(vdupq_n_u32(u)) })
    }
    #[inline(always)]
    fn from_array(_: Neon, bytes: [u8; 16]) -> V {
        // SAFETY: see the impl; `bytes` is 16 readable bytes.
        V(unsafe { vld1q_u8(bytes.as_ptr()) })
    }
    #[inline(always)]
    fn rows(_: Neon, [bytes, _]: [&[u8; 16]; 2]) -> V {
        // SAFETY: see the impl; `bytes` is 16 readable bytes.
        V(unsafe { vld1q_u8(bytes.as_ptr()) })
    }
    #[inline(always)]
    unsafe fn load(_: Neon, p: *const u8) -> V {
        // SAFETY: see the impl.
        V(unsafe { vld1q_u8(p) })
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        // SAFETY: see the impl.
        unsafe { vst1q_u8(p, self.0) }
    }
    #[inline(always)]
    unsafe fn store_lane(self, _: usize, p: *mut u8) {
        // SAFETY: see the impl.
        unsafe { vst1q_u8(p, self.0) }
    }
    #[inline(always)]
    unsafe fn load_widened(_: Neon, p: *const u8) -> V {
        // SAFETY: see the impl.
        V(unsafe { vreinterpretq_u8_u16(vmovl_u8(vld1_u8(p))) })
    }
    #[inline(always)]
    fn and(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vandq_u8(self.0, o.0) })
    }
    #[inline(always)]
    fn or(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vorrq_u8(self.0, o.0) })
    }
    #[inline(always)]
    fn xor(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { veorq_u8(self.0, o.0) })
    }
    #[inline(always)]
    fn and_not(self, mask: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vbicq_u8(self.0, mask.0) })
    }
    #[inline(always)]
    fn eq8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vceqq_u8(self.0, o.0) })
    }
    #[inline(always)]
    fn gt_i8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vcgtq_s8(vreinterpretq_s8_u8(self.0), vreinterpretq_s8_u8(o.0)) })
    }
    #[inline(always)]
    fn ge_u8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vcgeq_u8(self.0, o.0) })
    }
    #[inline(always)]
    fn le_u8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vcleq_u8(self.0, o.0) })
    }
    #[inline(always)]
    fn max_u8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vmaxq_u8(self.0, o.0) })
    }
    #[inline(always)]
    fn sub8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vsubq_u8(self.0, o.0) })
    }
    #[inline(always)]
    fn saturating_sub8(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vqsubq_u8(self.0, o.0) })
    }
    #[inline(always)]
    fn eq16(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vreinterpretq_u8_u16(vceqq_u16(vreinterpretq_u16_u8(self.0), vreinterpretq_u16_u8(o.0))) })
    }
    #[inline(always)]
    fn gt_i16(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vreinterpretq_u8_u16(vcgtq_s16(vreinterpretq_s16_u8(self.0), vreinterpretq_s16_u8(o.0))) })
    }
    #[inline(always)]
    fn sub16(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vreinterpretq_u8_u16(vsubq_u16(vreinterpretq_u16_u8(self.0), vreinterpretq_u16_u8(o.0))) })
    }
    #[inline(always)]
    fn add32(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vreinterpretq_u8_u32(vaddq_u32(vreinterpretq_u32_u8(self.0), vreinterpretq_u32_u8(o.0))) })
    }
    #[inline(always)]
    fn shl8<const N: i32>(self) -> V {
        // SAFETY: see the impl.
        V(unsafe { vshlq_n_u8::<N>(self.0) })
    }
    #[inline(always)]
    fn shr8<const N: i32>(self) -> V {
        // SAFETY: see the impl.
        V(unsafe { vshrq_n_u8::<N>(self.0) })
    }
    #[inline(always)]
    fn shl16<const N: i32>(self) -> V {
        // SAFETY: see the impl.
        V(unsafe { vreinterpretq_u8_u16(vshlq_n_u16::<N>(vreinterpretq_u16_u8(self.0))) })
    }
    #[inline(always)]
    fn shr16<const N: i32>(self) -> V {
        // SAFETY: see the impl.
        V(unsafe { vreinterpretq_u8_u16(vshrq_n_u16::<N>(vreinterpretq_u16_u8(self.0))) })
    }
    #[inline(always)]
    fn shl32<const N: i32>(self) -> V {
        // SAFETY: see the impl.
        V(unsafe { vreinterpretq_u8_u32(vshlq_n_u32::<N>(vreinterpretq_u32_u8(self.0))) })
    }
    #[inline(always)]
    fn shr32<const N: i32>(self) -> V {
        // SAFETY: see the impl.
        V(unsafe { vreinterpretq_u8_u32(vshrq_n_u32::<N>(vreinterpretq_u32_u8(self.0))) })
    }
    #[inline(always)]
    fn select(mask: V, a: V, b: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vbslq_u8(mask.0, a.0, b.0) })
    }
    #[inline(always)]
    fn zip8_lo(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vzip1q_u8(self.0, o.0) })
    }
    #[inline(always)]
    fn zip8_hi(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vzip2q_u8(self.0, o.0) })
    }
    #[inline(always)]
    fn zip16_lo(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vreinterpretq_u8_u16(vzip1q_u16(vreinterpretq_u16_u8(self.0), vreinterpretq_u16_u8(o.0))) })
    }
    #[inline(always)]
    fn zip16_hi(self, o: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vreinterpretq_u8_u16(vzip2q_u16(vreinterpretq_u16_u8(self.0), vreinterpretq_u16_u8(o.0))) })
    }
    #[inline(always)]
    fn narrow16(self, o: V) -> V {
        // The low byte of each lane: the trait asks for lanes of -128 to
        // 127, whose low byte is their saturated value.
        // SAFETY: see the impl.
        V(unsafe { vuzp1q_u8(self.0, o.0) })
    }
    #[inline(always)]
    fn shuffle(self, picks: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vqtbl1q_u8(self.0, picks.0) })
    }
    #[inline(always)]
    fn prev<const N: i32>(self, before: V) -> V {
        // SAFETY: see the impl.
        V(unsafe { vextq_u8::<N>(before.0, self.0) })
    }
    #[inline(always)]
    fn high_bits(self) -> u32 {
        // SAFETY: see the impl; `WEIGHTS` is 16 readable bytes.
        unsafe {
            let set =
                vandq_u8(vreinterpretq_u8_s8(vshrq_n_s8::<7>(vreinterpretq_s8_u8(self.0))), vld1q_u8(WEIGHTS.as_ptr()));
            u32::from(vaddv_u8(vget_low_u8(set))) | (u32::from(vaddv_u8(vget_high_u8(set))) << 8)
        }
    }
    #[inline(always)]
    fn any_high_bit(self) -> bool {
        // SAFETY: see the impl.
        unsafe { vmaxvq_u8(self.0) >= 0x80 }
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        // SAFETY: see the impl.
        unsafe { vmaxvq_u32(vreinterpretq_u32_u8(self.0)) == 0 }
    }
    #[inline(always)]
    fn sum_u8(self) -> u32 {
        // SAFETY: see the impl.
        u32::from(unsafe { vaddlvq_u8(self.0) })
    }
    #[inline(always)]
    fn sum_u16(self) -> u32 {
        // SAFETY: see the impl.
        unsafe { vaddlvq_u16(vreinterpretq_u16_u8(self.0)) }
    }
}

/// The kernels of `simd.rs` over [`V`].
macro_rules! instantiate {
    ($($name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {$(
        #[doc = concat!("`super::", stringify!($name), "` over NEON.")]
        pub(crate) fn $name(_: Neon, $($arg: $ty),*) -> $ret {
            super::$name::<V>(Neon(()), $($arg),*)
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
#[allow(unused_unsafe)]
impl super::offsets::Lanes32 for V {
    #[inline(always)]
    fn gt_i32(self, o: V) -> V {
        // SAFETY: NEON is part of the aarch64 target.
        V(unsafe { vreinterpretq_u8_u32(vcgtq_s32(vreinterpretq_s32_u8(self.0), vreinterpretq_s32_u8(o.0))) })
    }
    #[inline(always)]
    fn narrow32(self, o: V) -> V {
        // The low half of each lane: the trait asks for lanes of -32768 to
        // 32767, whose low half is their saturated value.
        // SAFETY: NEON is part of the aarch64 target.
        V(unsafe { vreinterpretq_u8_u16(vuzp1q_u16(vreinterpretq_u16_u8(self.0), vreinterpretq_u16_u8(o.0))) })
    }
    #[inline(always)]
    unsafe fn load_widened16(_: Neon, p: *const u8) -> V {
        // SAFETY: NEON is part of the aarch64 target; the 8 bytes at `p`
        // are readable (the caller's promise), at any alignment.
        V(unsafe { vreinterpretq_u8_u32(vmovl_u16(vld1_u16(p.cast()))) })
    }
}
