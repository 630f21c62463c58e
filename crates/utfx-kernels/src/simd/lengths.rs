//! The lengths and counts of `lengths.rs` (whose table gives each weight),
//! written once over [`Vector`] and instantiated with the others: each
//! weight is a sum of compare masks, subtracted from byte or 16-bit lanes
//! a vector at a time ([`sum8`], [`sum16`]) and summed before a lane can
//! overflow; the tail shorter than a vector goes to the portable form.
//!
//! Units held as bytes in big-endian order need no byte swap where a
//! weight tests bits with a mask: the mask and the value it is compared
//! with are swapped instead (`(u & m) == c` is `(swap(u) & swap(m)) ==
//! swap(c)`). UTF-32's weights compare whole 32-bit lanes as `i32`
//! ([`Lanes32`]; a scalar value is below 2^31), after a swap in big-endian
//! order, and count each of their masks twice, in both of its 16-bit
//! halves.

use super::Vector;
use super::offsets::Lanes32;
use crate::lengths::{
    count_trail_bytes_portable, utf8_len_from_latin1_portable, utf8_len_from_utf16_bytes_portable,
    utf8_len_from_utf32_bytes_portable, utf16_len_from_utf8_portable, utf16_len_from_utf32_bytes_portable,
};

/// The sum, over the whole vectors at the front of `bytes`, of what `add`
/// counts in byte lanes (it subtracts masks from the lanes it is given, at
/// most `max` per lane and vector), and the bytes those vectors cover.
#[inline(always)]
fn sum8<V: Vector>(t: V::Token, bytes: &[u8], max: u8, add: impl Fn(V, V) -> V) -> (usize, usize) {
    sum_lanes(t, bytes, usize::from(u8::MAX / max), add, V::sum_u8)
}

/// [`sum8`] with 16-bit lanes.
#[inline(always)]
fn sum16<V: Vector>(t: V::Token, bytes: &[u8], max: u16, add: impl Fn(V, V) -> V) -> (usize, usize) {
    sum_lanes(t, bytes, usize::from(u16::MAX / max), add, V::sum_u16)
}

/// How many accumulators [`sum_lanes`] keeps: one `add` depends on the
/// last only through its own, so four run side by side (one alone was
/// half the speed, bound by the chain of subtractions).
const ACCUMULATORS: usize = 4;

/// What [`sum8`] and [`sum16`] run: `add` over the whole vectors of
/// `bytes` into [`ACCUMULATORS`] accumulators taken in turn, each summed
/// with `sum` after at most `per_sum` vectors.
#[inline(always)]
fn sum_lanes<V: Vector>(
    t: V::Token,
    bytes: &[u8],
    per_sum: usize,
    add: impl Fn(V, V) -> V,
    sum: impl Fn(V) -> u32,
) -> (usize, usize) {
    let w = V::BYTES;
    let blocks = bytes.len() / w;
    // SAFETY (of the loads below): `block < blocks`, so its `w` bytes are
    // inside `bytes`.
    let load = |block: usize| unsafe { V::load(t, bytes.as_ptr().add(w * block)) };
    let (mut total, mut block) = (0, 0);
    while block < blocks {
        // At most `per_sum` vectors for each accumulator: the whole rounds
        // give each the same number, and the vectors left over (fewer than
        // a round, so the rounds were fewer than `per_sum`) one more each.
        let end = blocks.min(block + ACCUMULATORS * per_sum);
        let mut lanes = [V::splat(t, 0); ACCUMULATORS];
        while block + ACCUMULATORS <= end {
            for (k, lanes) in lanes.iter_mut().enumerate() {
                *lanes = add(*lanes, load(block + k));
            }
            block += ACCUMULATORS;
        }
        for lanes in &mut lanes[..end - block] {
            *lanes = add(*lanes, load(block));
            block += 1;
        }
        total += lanes.into_iter().map(|v| sum(v) as usize).sum::<usize>();
    }
    (total, w * blocks)
}

/// `u` in the byte order of units held as bytes in order `big_endian`,
/// as a vector's 16-bit lanes see them.
#[inline(always)]
fn splat_unit<V: Vector>(t: V::Token, u: u16, big_endian: bool) -> V {
    V::splat16(t, if big_endian { u.swap_bytes() } else { u })
}

/// The continuation bytes of `bytes` (`80..BF`: below -64 as `i8`).
#[inline(always)]
pub(super) fn count_continuations<V: Vector>(t: V::Token, bytes: &[u8]) -> usize {
    let limit = V::splat(t, 0xC0);
    let (n, done) = sum8::<V>(t, bytes, 1, |lanes, v| lanes.sub8(limit.gt_i8(v)));
    n + crate::portable::count_continuations(&bytes[done..])
}

/// The trail surrogates of UTF-16 held as bytes in order `big_endian`.
#[inline(always)]
pub(super) fn count_trail_bytes<V: Vector>(t: V::Token, src: &[u8], big_endian: bool) -> usize {
    let (kind, trail) = (splat_unit::<V>(t, 0xFC00, big_endian), splat_unit::<V>(t, 0xDC00, big_endian));
    let (n, done) = sum16::<V>(t, src, 1, |lanes, v| lanes.sub16(v.and(kind).eq16(trail)));
    n + count_trail_bytes_portable(&src[done..], big_endian)
}

/// The trail surrogates of `units`, in the machine's order.
#[inline(always)]
pub(super) fn count_trails<V: Vector>(t: V::Token, units: &[u16]) -> usize {
    count_trail_bytes::<V>(t, super::units_as_bytes(units), false)
}

/// `crate::utf16_len_from_utf8`: a unit per byte above -65 as `i8` (not a
/// continuation byte), another per byte from `F0`.
#[inline(always)]
pub(super) fn utf16_len_from_utf8<V: Vector>(t: V::Token, valid: &[u8]) -> usize {
    let (lead, four) = (V::splat(t, 0xBF), V::splat(t, 0xF0));
    let (n, done) = sum8::<V>(t, valid, 2, |lanes, v| lanes.sub8(v.gt_i8(lead)).sub8(v.ge_u8(four)));
    n + utf16_len_from_utf8_portable(&valid[done..])
}

/// `crate::utf8_len_from_utf16_bytes`: three bytes per unit, less one for
/// each of `u & FF80 == 0`, `u & F800 == 0` and `u & F800 == D800`.
#[inline(always)]
pub(super) fn utf8_len_from_utf16_bytes<V: Vector>(t: V::Token, src: &[u8], big_endian: bool) -> usize {
    let unit = |u| splat_unit::<V>(t, u, big_endian);
    let (not_ascii, high5, surrogate, zero) = (unit(0xFF80), unit(0xF800), unit(0xD800), V::splat(t, 0));
    let (fewer, done) = sum16::<V>(t, src, 3, |lanes, v| {
        let top = v.and(high5);
        lanes.sub16(v.and(not_ascii).eq16(zero)).sub16(top.eq16(zero)).sub16(top.eq16(surrogate))
    });
    3 * (done / 2) - fewer + utf8_len_from_utf16_bytes_portable(&src[done..], big_endian)
}

/// `v`'s 32-bit lanes from units held as bytes in order `big_endian`.
#[inline(always)]
pub(super) fn utf32_lanes<V: Vector>(v: V, big_endian: bool) -> V {
    if big_endian {
        v.shuffle(V::from_array(v.token(), [3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12]))
    } else {
        v
    }
}

/// `crate::utf8_len_from_utf32_bytes`: a byte per unit, and one more for
/// each of `v > 7F`, `v > 7FF` and `v > FFFF`.
#[inline(always)]
pub(super) fn utf8_len_from_utf32_bytes<V: Lanes32>(t: V::Token, src: &[u8], big_endian: bool) -> usize {
    let (one, two, three) = (V::splat32(t, 0x7F), V::splat32(t, 0x7FF), V::splat32(t, 0xFFFF));
    let (twice, done) = sum16::<V>(t, src, 3, |lanes, v| {
        let v = utf32_lanes(v, big_endian);
        lanes.sub16(v.gt_i32(one)).sub16(v.gt_i32(two)).sub16(v.gt_i32(three))
    });
    done / 4 + twice / 2 + utf8_len_from_utf32_bytes_portable(&src[done..], big_endian)
}

/// `crate::utf16_len_from_utf32_bytes`: a unit per unit, and one more for
/// each `v > FFFF`.
#[inline(always)]
pub(super) fn utf16_len_from_utf32_bytes<V: Lanes32>(t: V::Token, src: &[u8], big_endian: bool) -> usize {
    let bmp = V::splat32(t, 0xFFFF);
    let (twice, done) = sum16::<V>(t, src, 1, |lanes, v| lanes.sub16(utf32_lanes(v, big_endian).gt_i32(bmp)));
    done / 4 + twice / 2 + utf16_len_from_utf32_bytes_portable(&src[done..], big_endian)
}

/// `crate::utf8_len_from_latin1`: a byte per byte, and one more for each
/// byte below 0 as `i8`.
#[inline(always)]
pub(super) fn utf8_len_from_latin1<V: Vector>(t: V::Token, bytes: &[u8]) -> usize {
    let zero = V::splat(t, 0);
    let (high, done) = sum8::<V>(t, bytes, 1, |lanes, v| lanes.sub8(zero.gt_i8(v)));
    done + high + utf8_len_from_latin1_portable(&bytes[done..])
}
