//! The UTF-32 kernels of `utf32.rs` (whose table gives the classes of a
//! unit), written once over [`Vector`] and instantiated with the others.
//! Each takes whole blocks of vectors while every unit in them is of the
//! class the block's fast form takes, and hands the block where one is not
//! to the portable form, which converts it or stops where it must; the
//! tail shorter than a block is the caller's, in the portable form too.
//!
//! A unit's class is one signed comparison of its 32-bit lane
//! ([`Lanes32::gt_i32`]) after [`biased`]: `utf32.rs`'s exclusive or and
//! subtraction with `2^31` added, which moves the unsigned bounds `10F800`
//! and `F800` to `8010F800` and `8000F800` as `i32`. Big-endian units are
//! byte-swapped in each lane first ([`utf32_lanes`]).

use super::Vector;
use super::lengths::utf32_lanes;
use super::offsets::Lanes32;
use crate::utf32::{utf16_to_utf32_bytes_portable, utf32_bytes_to_utf16_portable};

/// `utf32.rs`'s folded unit, `2^31` added: `(u ^ D800) - 800 + 2^31`,
/// wrapping, as one addition.
#[inline(always)]
fn biased<V: Vector>(v: V) -> V {
    let t = v.token();
    v.xor(V::splat32(t, 0xD800)).add32(V::splat32(t, 0x7FFF_F800))
}

/// Mask of the 32-bit lanes of `v` (units in the machine's order) that are
/// not scalar values.
#[inline(always)]
fn not_scalar<V: Lanes32>(v: V) -> V {
    biased(v).gt_i32(V::splat32(v.token(), 0x8010_F7FF))
}

/// Mask of the 32-bit lanes of `v` that are not scalar values of the BMP.
#[inline(always)]
fn not_bmp_scalar<V: Lanes32>(v: V) -> V {
    biased(v).gt_i32(V::splat32(v.token(), 0x8000_F7FF))
}

/// How many units at the front of `src` (UTF-32 held as bytes in order
/// `big_endian`) the blocks of four vectors find scalar values, up to the
/// first block with another unit: `crate::utf32_bytes_prefix` takes the
/// rest.
#[inline(always)]
pub(super) fn utf32_bytes_prefix<V: Lanes32>(t: V::Token, src: &[u8], big_endian: bool) -> usize {
    let w = V::BYTES;
    let mut i = 0;
    while i + 4 * w <= src.len() {
        // SAFETY: `i + 4 * w <= src.len()`, so the four vectors' bytes,
        // `i .. i + 4 * w`, are inside `src`.
        let load = |k: usize| utf32_lanes(unsafe { V::load(t, src.as_ptr().add(i + k * w)) }, big_endian);
        if !not_scalar(load(0)).or(not_scalar(load(1))).or(not_scalar(load(2))).or(not_scalar(load(3))).is_zero() {
            break;
        }
        i += 4 * w;
    }
    i / 4
}

/// `crate::utf32_bytes_to_utf16` but for the tail shorter than two
/// vectors: blocks of two vectors of scalar values of the BMP packed to one
/// vector of UTF-16 units (each less `8000`, so that the signed pack keeps
/// it, then `8000` put back in its 16-bit lane), any other block through
/// the portable form.
#[inline(always)]
pub(super) fn utf32_bytes_to_utf16<V: Lanes32>(
    t: V::Token,
    src: &[u8],
    big_endian: bool,
    dst: &mut [u16],
) -> (usize, usize) {
    let w = V::BYTES;
    let (bias, unbias) = (V::splat32(t, 0xFFFF_8000), V::splat16(t, 0x8000));
    // Units read, UTF-16 units written.
    let (mut r, mut o) = (0, 0);
    while 4 * r + 2 * w <= src.len() {
        if o + w / 2 <= dst.len() {
            // SAFETY: `4 * r + 2 * w <= src.len()`: both vectors' bytes are
            // inside `src`.
            let load = |k: usize| utf32_lanes(unsafe { V::load(t, src.as_ptr().add(4 * r + k * w)) }, big_endian);
            let (a, b) = (load(0), load(1));
            if not_bmp_scalar(a).or(not_bmp_scalar(b)).is_zero() {
                let packed = a.add32(bias).narrow32(b.add32(bias)).xor(unbias);
                // SAFETY: `o + w / 2 <= dst.len()`: the vector's `w` bytes,
                // `w / 2` units from `o`, are inside `dst`.
                unsafe { packed.store(dst.as_mut_ptr().add(o).cast()) };
                (r, o) = (r + w / 2, o + w / 2);
                continue;
            }
        }
        // The block's units by the portable form, which stops before a
        // unit that is not a scalar value and where `dst` is full.
        let n = w / 2;
        let (read, written) = utf32_bytes_to_utf16_portable(&src[4 * r..4 * (r + n)], big_endian, &mut dst[o..]);
        (r, o) = (r + read, o + written);
        if read < n {
            break;
        }
    }
    (r, o)
}

/// `crate::utf16_to_utf32_bytes` but for the tail shorter than two
/// vectors: blocks of two vectors of units without a surrogate, each unit
/// widened to a 32-bit lane as it is loaded again
/// ([`Lanes32::load_widened16`]); blocks of surrogate pairs each in a
/// 32-bit lane (lead below, trail above), each pair's scalar value made in
/// its lane; any other block through the portable form with one unit more,
/// so that a pair across the block's end is converted whole.
#[inline(always)]
pub(super) fn utf16_to_utf32_bytes<V: Lanes32>(
    t: V::Token,
    src: &[u16],
    big_endian: bool,
    dst: &mut [u8],
) -> (usize, usize) {
    let w = V::BYTES;
    let per = w / 2;
    let (top5, surrogate) = (V::splat16(t, 0xF800), V::splat16(t, 0xD800));
    let (kinds, pair) = (V::splat16(t, 0xFC00), V::splat32(t, 0xDC00_D800));
    let all = u32::MAX >> (32 - w);
    let bytes = super::units_as_bytes(src);
    // Units read, bytes written.
    let (mut r, mut o) = (0, 0);
    while r + 2 * per <= src.len() {
        if o + 8 * per <= dst.len() {
            // SAFETY: `r + 2 * per <= src.len()`: both vectors' bytes,
            // `2 * r .. 2 * r + 2 * w`, are inside `bytes`.
            let load = |k: usize| unsafe { V::load(t, bytes.as_ptr().add(2 * r + k * w)) };
            let (a, b) = (load(0), load(1));
            let to = dst.as_mut_ptr();
            if a.and(top5).eq16(surrogate).or(b.and(top5).eq16(surrogate)).is_zero() {
                for k in 0..4 {
                    // SAFETY: the `w / 2` bytes from `2 * r + k * w / 2`
                    // are among the two vectors' (`k < 4`); the `w` bytes
                    // from `o + k * w` among the `8 * per = 4 w` bytes of
                    // room from `o`.
                    unsafe {
                        let v = V::load_widened16(t, bytes.as_ptr().add(2 * r + k * w / 2));
                        utf32_lanes(v, big_endian).store(to.add(o + k * w));
                    }
                }
                (r, o) = (r + 2 * per, o + 8 * per);
                continue;
            }
            if a.and(kinds).eq16(pair).high_bits() & b.and(kinds).eq16(pair).high_bits() == all {
                let ten = V::splat32(t, 0x3FF);
                for (k, v) in [a, b].into_iter().enumerate() {
                    let (lead, trail) = (v.and(ten), v.shr32::<16>().and(ten));
                    let value = lead.shl32::<10>().or(trail).add32(V::splat32(t, 0x1_0000));
                    // SAFETY: the `w` bytes from `o + k * w` (`k < 2`) are
                    // among the `4 w` bytes of room from `o`.
                    unsafe { utf32_lanes(value, big_endian).store(to.add(o + k * w)) };
                }
                (r, o) = (r + 2 * per, o + 2 * w);
                continue;
            }
        }
        // The block's units by the portable form, which stops before a
        // lone surrogate, before a lead surrogate that ends what it is
        // given, and where `dst` is full: given one unit more, so that a
        // pair across the block's end is taken whole.
        let n = 2 * per;
        let end = (r + n + 1).min(src.len());
        let (read, written) = utf16_to_utf32_bytes_portable(&src[r..end], big_endian, &mut dst[o..]);
        (r, o) = (r + read, o + written);
        if read < n {
            break;
        }
    }
    (r, o)
}
