//! The SIMD kernels of the UTF-8 bit distribution with an offset per
//! sequence length (`offsets.rs`, [`Utf8Offsets`]), written once over
//! [`Vector`] and instantiated with the others (decision 0031).
//!
//! Decoding to UTF-16 is UTF-8's algorithm (`simd.rs`: every byte
//! position's unit from the byte and the three before it, the positions
//! that end a character packed eight units at a time, the form's shapes
//! checked in the same registers by the family validator), with the offset
//! of the length that ends at each position added to its unit, as bytes:
//!
//! * the offsets of two and three bytes share their low byte (they differ
//!   by `0x800`), added to every position's low byte, whose carry goes
//!   into the high byte with the high byte of the offset of its length;
//! * a three-byte value at or above the gap (whole blocks of 256 values)
//!   skips it: its high byte grows by the gap's;
//! * a four-byte character's surrogates are its bits plus the offset less
//!   `0x10000`, with the carry out of the trail's ten bits into the lead's,
//!   worked out at the third byte from it and the fourth;
//! * a block where a three-byte value may reach `0x10000` (a lead byte
//!   from [`Utf8Offsets::wide_raw`]'s on) checks every such value, and a
//!   block with a lead byte of four bytes whose values may pass `max`, or
//!   whose shapes the validator flags, goes a character at a time
//!   (`offsets::decode_chars`), which stops where the kernel stops.

use super::{Checker, Vector};
use crate::offsets::{Utf8Offsets, decode_chars};
use crate::tables::{COMPRESS, KEPT, cut_character};

/// The form's constants in registers, for decoding.
#[derive(Clone, Copy)]
struct Offsets<V> {
    /// The offsets' low byte, negated (added with `sub8`).
    low: V,
    /// The two-byte offset's high byte plus one, negated.
    high2: V,
    /// The three-byte offset's high byte plus one, negated.
    high3: V,
    /// The high byte of the gap's first value.
    gap: V,
    /// The gap's length in blocks of 256, negated.
    gap_len: V,
    /// The high byte of [`Utf8Offsets::wide_raw`], and that plus one, and its low byte.
    wide: (V, V, V),
    /// Bits 8 and 9 of the four-byte offset less `0x10000`, plus one, negated.
    four_mid: V,
    /// Bits 10 to 17 of the four-byte offset less `0x10000`, negated.
    four_top: V,
}

/// The negation of `b`, to add it with `sub8`.
#[inline(always)]
fn neg(b: u32) -> u8 {
    0u8.wrapping_sub(b as u8)
}

impl<V: Vector> Offsets<V> {
    #[inline(always)]
    fn new(t: V::Token, form: &Utf8Offsets) -> Self {
        let s = |b: u8| V::splat(t, b);
        let wide = form.wide_raw();
        let d4 = form.four() - 0x1_0000;
        Offsets {
            low: s(neg(form.first & 0xFF)),
            high2: s(neg((form.first >> 8) + 1)),
            high3: s(neg((form.three() >> 8) + 1)),
            gap: s((form.gap.0 >> 8) as u8),
            gap_len: s(neg(form.gap_len() >> 8)),
            wide: (s((wide >> 8) as u8), s((wide >> 8) as u8 + 1), s(wide as u8)),
            four_mid: s(neg(((d4 >> 8) & 3) + 1)),
            four_top: s(neg(d4 >> 10)),
        }
    }
}

/// Which lengths may end in a vector, and what must be checked there.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lengths {
    /// ASCII and two bytes.
    Two,
    /// Up to three bytes, all below `0x10000`.
    Three,
    /// Up to three bytes, some maybe from `0x10000` on (checked).
    Wide,
    /// Up to four bytes (three-byte values checked).
    Four,
}

/// Converts the longest prefix of `src` that [`Utf8Offsets`] takes to UTF-16
/// in `dst`, as `offsets::offset_utf8_to_utf16_portable` does (the same
/// result): 64 bytes a block while 64 units fit, each checked as it is
/// converted, and a character at a time where no block goes (the first
/// three bytes, a block with something it does not take, the last bytes,
/// the last units of room).
#[inline(always)]
pub(super) fn offset_utf8_to_utf16<V: Vector>(
    t: V::Token,
    src: &[u8],
    dst: &mut [u16],
    form: &Utf8Offsets,
) -> (usize, usize) {
    let checker = Checker::<V>::new(t, &form.tables);
    let k = Offsets::<V>::new(t, form);
    let (wide_lead, last_lead4) = (0xE0 | (form.wide_raw() >> 12) as u8, form.last_lead4());
    // Whole characters until three bytes lie behind: the blocks look back
    // three bytes.
    let (mut i, mut o, stopped) = decode_chars(src, 0, src.len().min(3), dst, 0, form);
    if stopped {
        return (i, o);
    }
    loop {
        let first = i;
        while i + 65 <= src.len() && o + 64 <= dst.len() {
            // SAFETY: `3 <= i` and `i + 65 <= src.len()`: the block's reads,
            // `i - 3 .. i + 65`, are inside `src`; it writes at most 64
            // units from `o`, and `o + 64 <= dst.len()`.
            let done = unsafe {
                offset_block64::<V>(&k, &checker, src.as_ptr().add(i), dst.as_mut_ptr(), o, wide_lead, last_lead4)
            };
            match done {
                Some(next) => o = next,
                None => break,
            }
            i += 64;
        }
        // The blocks may end inside a character (or before a stray
        // continuation byte): back up to its start, and take back what
        // they wrote for it. (Where no block ran, `i` is where the last
        // character taken one at a time ends.)
        let block_end = i + 64;
        if i > first
            && let Some((start, units)) = cut_character(src, i)
        {
            i = start;
            o -= units;
        }
        // A character at a time through the block the blocks stopped
        // before (or the last bytes, or while the room is short).
        let (next, written, stopped) = decode_chars(src, i, src.len().min(block_end), dst, o, form);
        (i, o) = (next, written);
        if stopped || i == src.len() {
            return (i, o);
        }
    }
}

/// Converts the 64 bytes at `p` (the characters that end in them) as
/// [`offset_utf8_to_utf16`] does, writing units from `dst + o`, and returns
/// the new `o`, or `None` when the block holds something the kernel does
/// not take (what it wrote past `o` is then not counted): a shape the
/// form's tables flag (with the three bytes before: a character cut at `p`
/// must go on with continuation bytes), a lead byte above `last_lead4`, or
/// a three-byte value from `0x10000` on (possible from `wide_lead` on).
///
/// # Safety
///
/// `p - 3 .. p + 65` is readable and `dst + o .. dst + o + 64` writable.
#[inline(always)]
unsafe fn offset_block64<V: Vector>(
    k: &Offsets<V>,
    checker: &Checker<V>,
    p: *const u8,
    dst: *mut u16,
    o: usize,
    wide_lead: u8,
    last_lead4: u8,
) -> Option<usize> {
    let t = k.low.token();
    let w = V::BYTES;
    // SAFETY (for every load of the vectors of the block): the caller's
    // promise, `p .. p + 64` is readable, and `k < 64 / w`.
    let load = |k: usize| unsafe { V::load(t, p.add(k * w)) };
    let (mut all, mut top) = (load(0), load(0));
    for k in 1..64 / w {
        (all, top) = (all.or(load(k)), top.max_u8(load(k)));
    }
    // SAFETY: the caller's promise: `p - 3 .. p` is readable.
    let before = unsafe { [*p.sub(1), *p.sub(2), *p.sub(3)] };
    if !all.any_high_bit() {
        // ASCII is taken only after a whole character.
        if before[0] >= 0xC0 || before[1] >= 0xE0 || before[2] >= 0xF0 {
            return None;
        }
        for k in 0..128 / w {
            // SAFETY: the caller's promise: `p .. p + 64` is readable and
            // `dst + o .. dst + o + 64` writable; these are bytes and units
            // `k w / 2 .. (k + 1) w / 2` of them.
            unsafe { V::load_widened(t, p.add(k * w / 2)).store(dst.add(o + k * w / 2).cast()) };
        }
        return Some(o + 64);
    }
    // The lengths that may end in the block: by its greatest byte and the
    // three before it (a lead there may end here).
    let greatest = before.iter().fold(0, |m, &b| m.max(b));
    let any_from = |b: u8| greatest >= b || !top.saturating_sub8(V::splat(t, b - 1)).is_zero();
    let lengths = if !any_from(0xE0) {
        Lengths::Two
    } else if !any_from(wide_lead) {
        Lengths::Three
    } else if !any_from(0xF0) {
        Lengths::Wide
    } else if !any_from(last_lead4 + 1) {
        Lengths::Four
    } else {
        return None;
    };
    let mut errors = V::splat(t, 0);
    let mut o = o;
    // SAFETY: the caller's promise covers each vector's reads (`p + k w - 3
    // .. p + (k + 1) w + 1`, inside `p - 3 .. p + 65`) and writes (`w`
    // units from `o`, which each moves on by at most `w`).
    unsafe {
        match lengths {
            Lengths::Two => {
                for j in 0..64 / w {
                    o = offset_vector::<V, { Lengths::Two as u8 }>(k, checker, p.add(j * w), dst, o, &mut errors);
                }
            }
            Lengths::Three => {
                for j in 0..64 / w {
                    o = offset_vector::<V, { Lengths::Three as u8 }>(k, checker, p.add(j * w), dst, o, &mut errors);
                }
            }
            Lengths::Wide => {
                for j in 0..64 / w {
                    o = offset_vector::<V, { Lengths::Wide as u8 }>(k, checker, p.add(j * w), dst, o, &mut errors);
                }
            }
            Lengths::Four => {
                for j in 0..64 / w {
                    o = offset_vector::<V, { Lengths::Four as u8 }>(k, checker, p.add(j * w), dst, o, &mut errors);
                }
            }
        }
    }
    errors.is_zero().then_some(o)
}

/// Converts the [`Vector::BYTES`] bytes at `p` as [`offset_block64`] does,
/// for the lengths `L` (a [`Lengths`] as `u8`) and adds the errors to
/// `errors`. Each position's unit is UTF-8's (`simd.rs`,
/// `utf8_vector`), with the offset of its length added, as bytes:
///
/// | the position ends | low byte | high byte |
/// |---|---|---|
/// | `0xxxxxxx` | `0xxxxxxx` | `00000000` |
/// | `110yyyyy 10xxxxxx` | `yyxxxxxx + lo` | `00000yyy + hi2 + carry` |
/// | `1110zzzz 10yyyyyy 10xxxxxx` | `yyxxxxxx + lo` | `zzzzyyyy + hi3 + carry` (`+ gap` from the gap on) |
/// | `11110uuu 10uuzzzz 10yyyyyy 10xxxxxx` | `yyxxxxxx + lo` | `110111` and the two bits of `yy + d + carry` |
/// | the third byte, `11110uuu 10uuzzzz 10yyyyyy` | `uuzzzzyy + q + carry10` | `110110` and `uuu + carry` |
///
/// where `lo`, `hi2`, `hi3` are the bytes of the two- and three-byte
/// offsets, `d` and `q` bits 8 and 9 and 10 to 17 of the four-byte offset
/// less `0x10000`, and `carry10` the carry out of the trail surrogate's ten
/// bits (from the third byte and the fourth, `next`).
///
/// # Safety
///
/// `p - 3 .. p + BYTES + 1` is readable and `dst + o .. dst + o + BYTES`
/// writable.
#[inline(always)]
unsafe fn offset_vector<V: Vector, const L: u8>(
    k: &Offsets<V>,
    checker: &Checker<V>,
    p: *const u8,
    dst: *mut u16,
    o: usize,
    errors: &mut V,
) -> usize {
    let three = L != Lengths::Two as u8;
    let wide = L == Lengths::Wide as u8 || L == Lengths::Four as u8;
    let four = L == Lengths::Four as u8;
    let t = k.low.token();
    // SAFETY: the caller's promise.
    let (c0, c1, c2, next) =
        unsafe { (V::load(t, p), V::load(t, p.sub(1)), V::load(t, p.sub(2)), V::load(t, p.add(1))) };
    let byte = |b: u8| V::splat(t, b);
    let one = byte(1);
    let ascii = c0.gt_i8(byte(0xFF));
    // Kept: the next byte is not a continuation byte, or the byte is ASCII.
    let mut keep = next.gt_i8(byte(0xBF)).or(ascii);
    let low = c0.and(byte(0x3F)).or(c1.shl8::<6>());
    let c1_middle = c1.shr8::<2>().and(byte(0x0F));
    // The low byte with the offset's, and where that did not carry.
    let low_off = low.sub8(k.low);
    let no_carry = low_off.ge_u8(low);
    // SAFETY: the caller's promise.
    let c3 = if four { unsafe { V::load(t, p.sub(3)) } } else { byte(0) };
    *errors = errors.or(checker.errors_after(c0, [c1, c2, c3]));
    let mut high_off;
    if three {
        let lead3 = c2.and(byte(0xF0)).eq8(byte(0xE0));
        let high = c1_middle.or(c2.shl8::<4>().and(lead3));
        high_off = high.sub8(V::select(lead3, k.high3, k.high2)).sub8(no_carry.and(one));
        // A three-byte value at or above the gap skips it.
        let skip = high_off.ge_u8(k.gap).and(lead3);
        high_off = high_off.sub8(skip.and(k.gap_len));
        if wide {
            // Bits from `wide_raw` on: a value from 0x10000 on.
            let (wide_high, above, wide_low) = k.wide;
            let over = high.ge_u8(above).or(high.eq8(wide_high).and(low.ge_u8(wide_low)));
            *errors = errors.or(over.and(lead3));
        }
    } else {
        high_off = c1_middle.sub8(k.high2).sub8(no_carry.and(one));
    }
    let mut low_off = low_off;
    if four {
        let (ends4, third4) = (c3.ge_u8(byte(0xF0)), c2.ge_u8(byte(0xF0)));
        keep = keep.or(third4);
        // The trail surrogate: its low byte is `low_off`; bits 8 and 9.
        let trail = c1_middle.and(byte(3)).sub8(k.four_mid).sub8(no_carry.and(one)).and(byte(3)).or(byte(0xDC));
        high_off = V::select(ends4, trail, high_off);
        // The carry out of the trail's ten bits, seen from the third byte:
        // its bits 0 to 7 from this byte and the next, 8 and 9 from this.
        let low_next = c0.shl8::<6>().or(next.and(byte(0x3F)));
        let no_carry_next = low_next.sub8(k.low).ge_u8(low_next);
        let sum = c0.shr8::<2>().and(byte(3)).sub8(k.four_mid).sub8(no_carry_next.and(one));
        let carry10 = sum.ge_u8(byte(4));
        // The lead surrogate: bits 10 to 20 plus the offset's and the carry.
        let q = c1.shl8::<2>().or(c0.shr8::<4>().and(byte(3)));
        let q_off = q.sub8(k.four_top).sub8(carry10);
        let no_carry_q = q_off.ge_u8(q);
        let lead_high = c2.and(byte(7)).sub8(no_carry_q.xor(byte(0xFF))).or(byte(0xD8));
        low_off = V::select(third4, q_off, low_off);
        high_off = V::select(third4, lead_high, high_off);
    }
    let low = V::select(ascii, c0, low_off);
    let high = high_off.and_not(ascii);
    // The mask of each eight positions: `zip8_lo` holds positions 0 to 7
    // of each 128-bit lane, `zip8_hi` 8 to 15.
    let keep = keep.high_bits() as usize;
    let eight = |k: usize| (keep >> (8 * k)) & 0xFF;
    let a = low.zip8_lo(high).shuffle(V::rows(t, [&COMPRESS[eight(0)], &COMPRESS[eight(2)]]));
    let b = low.zip8_hi(high).shuffle(V::rows(t, [&COMPRESS[eight(1)], &COMPRESS[eight(3)]]));
    let mut o = o;
    for lane in 0..V::BYTES / 16 {
        // SAFETY: the caller's promise: each store of 8 units starts at
        // most `BYTES - 8` units after the first `o`.
        unsafe {
            a.store_lane(lane, dst.add(o).cast());
            o += usize::from(KEPT[eight(2 * lane)]);
            b.store_lane(lane, dst.add(o).cast());
            o += usize::from(KEPT[eight(2 * lane + 1)]);
        }
    }
    o
}
