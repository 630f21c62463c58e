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
//!
//! Encoding from code points takes sixteen at a time, each sequence's
//! length fixed by the range of its value (not by its bits, which may be
//! few): a step of ASCII; all below `0x800`, in 16-bit lanes, less the
//! two-byte offset; all of three bytes, in a fixed shuffle; all of four,
//! stored whole; else each sequence in the last bytes of its 32-bit lane,
//! packed by its length. A step with a code point the form does not take
//! goes one at a time up to it. The 32-bit compares and narrowing this
//! needs are [`Lanes32`], beside each [`Vector`].

use super::{Checker, Vector};
use crate::offsets::{Utf8Offsets, decode_chars};
use crate::tables::{COMPRESS, KEPT, PACK_TWO, Pack, cut_character};

/// What the decoding blocks ask of a form beyond its definition.
impl Utf8Offsets {
    /// The three-byte bits from which the value is above `0xFFFF`.
    #[inline]
    pub(crate) const fn wide_raw(&self) -> u32 {
        0x1_0000 - self.gap_len() - self.three()
    }

    /// The highest lead byte of four bytes whose every sequence is at most
    /// `max`.
    #[inline]
    pub(crate) const fn last_lead4(&self) -> u8 {
        0xF0 + ((self.max - self.four() - 0x3_FFFF) >> 18) as u8
    }
}

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
    /// ASCII, two and four bytes (emoji with their spaces).
    TwoAndFour,
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
            let before = o;
            match done {
                Some(next) => o = next,
                None => break,
            }
            i += 64;
            if o - before == 64 && src[i - 1] < 0x80 {
                // Perhaps a run of ASCII: 64 bytes at a time while it lasts
                // (the block before ended a character: no look back).
                // SAFETY: `i <= src.len()` and `o <= dst.len()`.
                let (read, written) = unsafe {
                    ascii_run::<V>(t, src.as_ptr().add(i), src.len() - i, dst.as_mut_ptr().add(o), dst.len() - o)
                };
                i += read;
                o += written;
            }
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

/// Widens the bytes at `p` to units at `to`, 64 at a time while they are
/// all ASCII and 64 bytes and units are left (`len` and `room`), and
/// returns how many it widened (bytes read, units written: the same).
///
/// # Safety
///
/// `p` is readable for `len` bytes and `to` writable for `room` units.
#[inline(always)]
unsafe fn ascii_run<V: Vector>(t: V::Token, p: *const u8, len: usize, to: *mut u16, room: usize) -> (usize, usize) {
    let w = V::BYTES;
    let zero = V::splat(t, 0);
    let mut n = 0;
    while n + 64 <= len && n + 64 <= room {
        // SAFETY: `n + 64 <= len`, and `k < 64 / w`.
        let v: [V; 4] =
            core::array::from_fn(|k| if k < 64 / w { unsafe { V::load(t, p.add(n + k * w)) } } else { zero });
        if v[1..64 / w].iter().fold(v[0], |all, x| all.or(*x)).any_high_bit() {
            break;
        }
        if w == 16 {
            // Widened in registers: the interleaves keep the order in a
            // vector of one 128-bit lane.
            for (k, v) in v.iter().enumerate() {
                // SAFETY: `n + 64 <= room`: units `n + 16 k .. n + 16 k + 16`.
                unsafe {
                    v.zip8_lo(zero).store(to.add(n + 16 * k).cast());
                    v.zip8_hi(zero).store(to.add(n + 16 * k + 8).cast());
                }
            }
        } else {
            // Loaded again widened (AVX2's interleaves work per 128-bit lane).
            for k in 0..128 / w {
                // SAFETY: `n + 64 <= len` and `n + 64 <= room`: bytes and
                // units `n + k w / 2 .. n + (k + 1) w / 2`.
                unsafe { V::load_widened(t, p.add(n + k * w / 2)).store(to.add(n + k * w / 2).cast()) };
            }
        }
        n += 64;
    }
    (n, n)
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
    } else if any_from(last_lead4 + 1) {
        return None;
    } else if before.iter().any(|&b| b & 0xF0 == 0xE0)
        || !(0..64 / w)
            .fold(V::splat(t, 0), |any, k| any.or(load(k).and(V::splat(t, 0xF0)).eq8(V::splat(t, 0xE0))))
            .is_zero()
    {
        // Leads of three bytes and of four: all the work.
        Lengths::Four
    } else {
        // Four bytes without three (emoji and their spaces): neither the
        // gap's work nor the check of three-byte values.
        Lengths::TwoAndFour
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
            Lengths::TwoAndFour => {
                for j in 0..64 / w {
                    o = offset_vector::<V, { Lengths::TwoAndFour as u8 }>(
                        k,
                        checker,
                        p.add(j * w),
                        dst,
                        o,
                        &mut errors,
                    );
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
    let three = L != Lengths::Two as u8 && L != Lengths::TwoAndFour as u8;
    let wide = L == Lengths::Wide as u8 || L == Lengths::Four as u8;
    let four = L == Lengths::Four as u8 || L == Lengths::TwoAndFour as u8;
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

// ---------------------------------------------------------------------------
// Code points to the offset form.

/// What encoding needs of a vector beyond [`Vector`]: its 32-bit lanes
/// compared and narrowed (implemented beside each [`Vector`], in
/// `avx2.rs`, `sse42.rs` and `neon.rs`).
pub(crate) trait Lanes32: Vector {
    /// Mask of the 32-bit lanes greater, as `i32`.
    fn gt_i32(self, o: Self) -> Self;
    /// The 32-bit lanes of `self` then `o` as 16-bit lanes, in order, for
    /// lanes of -32768 to 32767 (masks, values below `0x8000`).
    fn narrow32(self, o: Self) -> Self;
    /// Loads `BYTES / 2` bytes from `p`, each 16-bit unit (in the
    /// machine's order) widened to a 32-bit lane (`pmovzxwd` from memory,
    /// `ushll`).
    ///
    /// # Safety
    ///
    /// `p` is readable for `BYTES / 2` bytes.
    unsafe fn load_widened16(t: Self::Token, p: *const u8) -> Self;
}

/// For four 32-bit lanes each holding a sequence of one to four bytes in
/// its last bytes (bits `2j` and `2j + 1` of the index: lane `j`'s length
/// less one), the shuffle that packs them.
static PACK_HIGH: [Pack; 256] = pack_high();

const fn pack_high() -> [Pack; 256] {
    let mut table = [Pack { shuffle: [0x80; 16], len: 0 }; 256];
    let mut key = 0;
    while key < 256 {
        let mut n = 0;
        let mut j = 0;
        while j < 4 {
            let len = 1 + ((key >> (2 * j)) & 3);
            let mut b = 4 - len;
            while b < 4 {
                table[key].shuffle[n] = (4 * j + b) as u8;
                n += 1;
                b += 1;
            }
            j += 1;
        }
        table[key].len = n as u8;
        key += 1;
    }
    table
}

/// The form's constants in registers, for encoding.
#[derive(Clone, Copy)]
struct Ranges<V> {
    /// Bits that no ASCII code point has.
    not_ascii: V,
    /// Bits that no code point below `2^21` has.
    beyond: V,
    /// Bits that no code point below `0x800` has.
    not_two: V,
    /// In 16-bit lanes: `0x7F`; the first two-byte value (or `0x800`) less
    /// one; the first two-byte value.
    lanes16: (V, V, V),
    /// The offsets of three bytes (below the gap) and of four, negated.
    minus: (V, V),
    /// `0x7F`, the last value of one byte.
    ascii_last: V,
    /// The value before the gap.
    before_gap: V,
    /// `max`.
    max: V,
    /// The first value of two bytes, of three, after the gap, of four,
    /// less one (for `gt_i32`).
    starts: [V; 4],
    /// The same, negated: the offsets subtracted at each (the gap's
    /// length at the gap's end, `0x800` at three bytes, `0x10000` at four,
    /// which add up to each length's offset).
    steps: [V; 4],
}

impl<V: Lanes32> Ranges<V> {
    #[inline(always)]
    fn new(t: V::Token, form: &Utf8Offsets) -> Self {
        let s = |u: u32| V::splat32(t, u);
        Ranges {
            not_ascii: s(!0x7F),
            beyond: s(!0x1F_FFFF),
            not_two: s(!0x7FF),
            lanes16: (
                V::splat16(t, 0x7F),
                V::splat16(t, form.first.min(0x800) as u16 - 1),
                V::splat16(t, form.first as u16),
            ),
            minus: (s(0u32.wrapping_sub(form.three())), s(0u32.wrapping_sub(form.four()))),
            ascii_last: s(0x7F),
            before_gap: s(form.gap.0 - 1),
            max: s(form.max),
            starts: [s(form.first - 1), s(form.three() - 1), s(form.gap.1 - 1), s(form.four() - 1)],
            steps: [
                s(0u32.wrapping_sub(form.first)),
                s(0u32.wrapping_sub(0x800)),
                s(0u32.wrapping_sub(form.gap_len())),
                s(0u32.wrapping_sub(0x1_0000)),
            ],
        }
    }

    /// Lanes of all ones where a value below `2^21` is one the form does
    /// not take: in `0x80..first`, in the gap, above `max`.
    #[inline(always)]
    fn refused(&self, v: V) -> V {
        let in_hole = v.gt_i32(self.ascii_last).and_not(v.gt_i32(self.starts[0]));
        let in_gap = v.gt_i32(self.before_gap).and_not(v.gt_i32(self.starts[2]));
        in_hole.or(in_gap).or(v.gt_i32(self.max))
    }
}

/// Appends the sequences of the leading code points of `src` that `form`
/// takes to `out`, as `offsets::code_points_to_offset_utf8_portable` does:
/// how many code points it took. It writes into the spare capacity, a byte
/// a code point reserved first and more at the rate so far when that runs
/// out.
#[inline(always)]
pub(super) fn code_points_to_offset_utf8<V: Lanes32>(
    t: V::Token,
    src: &[u32],
    out: &mut alloc::vec::Vec<u8>,
    form: &Utf8Offsets,
) -> usize {
    out.reserve(src.len());
    let mut n = 0;
    loop {
        let spare = out.spare_capacity_mut();
        let (read, written) = encode_blocks::<V, false>(t, &src[n..], spare, form);
        // SAFETY: the kernel initialized the first `written` bytes of the
        // spare capacity (`written <= spare.len()`).
        unsafe { out.set_len(out.len() + written) };
        n += read;
        // It stops at the end, before a code point the form does not take,
        // or where fewer than 64 bytes of room are left: then room for the
        // rest at the rate so far, and on.
        match src.get(n) {
            Some(&v) if form.bytes(v).is_some() => {
                let rate = written.div_ceil(read.max(1)).max(1);
                out.reserve((src.len() - n).saturating_mul(rate).saturating_add(64));
            }
            _ => return n,
        }
    }
}

/// Encodes the leading code points of `src` that `form` takes into `dst`,
/// as many as fit, as `offsets::encode_chars` does: (code points read,
/// bytes written).
#[inline(always)]
pub(super) fn code_points_to_offset_utf8_slice<V: Lanes32>(
    t: V::Token,
    src: &[u32],
    dst: &mut [u8],
    form: &Utf8Offsets,
) -> (usize, usize) {
    // SAFETY: `MaybeUninit<u8>` has the layout of `u8`, and the kernel
    // writes only initialized bytes through it, so `dst` stays initialized.
    let dst = unsafe { &mut *(core::ptr::from_mut::<[u8]>(dst) as *mut [core::mem::MaybeUninit<u8>]) };
    encode_blocks::<V, true>(t, src, dst, form)
}

/// Encodes the leading code points of `src` that `form` takes into `dst`
/// while they fit: (code points read, bytes written). Sixteen code points a
/// step while 64 bytes of room are left (32 at a time in runs of ASCII),
/// then one at a time: the last code points, those up to one the form does
/// not take, and those that fit in the last bytes of room (without `FILL`
/// only when at most 64 code points are left: with more, it returns there,
/// for a caller that makes more room).
#[inline(always)]
fn encode_blocks<V: Lanes32, const FILL: bool>(
    t: V::Token,
    src: &[u32],
    dst: &mut [core::mem::MaybeUninit<u8>],
    form: &Utf8Offsets,
) -> (usize, usize) {
    let k = Ranges::<V>::new(t, form);
    let (w, nv) = (V::BYTES / 4, 64 / V::BYTES);
    let (len, room, to) = (src.len(), dst.len(), dst.as_mut_ptr().cast::<u8>());
    let (mut i, mut o) = (0, 0);
    while i + 16 <= len && o + 64 <= room {
        // SAFETY: `i + 16 <= len`: the `nv` vectors of `w` code points from
        // `i` are inside `src`.
        let load = |j: usize| unsafe { V::load(t, src.as_ptr().add(i + j * w).cast()) };
        let v: [V; 4] = core::array::from_fn(|j| if j < nv { load(j) } else { V::splat(t, 0) });
        let all = v[1..nv].iter().fold(v[0], |all, x| all.or(*x));
        if all.and(k.not_ascii).is_zero() {
            // SAFETY: `o + 64 <= room`.
            unsafe { ascii16::<V>(v, to.add(o)) };
            i += 16;
            o += 16;
            // A run of ASCII: 32 at a time while it lasts.
            while i + 32 <= len && o + 32 <= room {
                // SAFETY: `i + 32 <= len` and `o + 32 <= room`.
                if !unsafe { ascii32::<V>(t, src.as_ptr().add(i), to.add(o)) } {
                    break;
                }
                i += 32;
                o += 32;
            }
            continue;
        }
        if all.and(k.not_two).is_zero() {
            // SAFETY: `o + 64 <= room`.
            match unsafe { one_or_two::<V>(&k, v, to.add(o)) } {
                Some(n) => o += n,
                None => break,
            }
            i += 16;
            continue;
        }
        // From the first of three bytes on, from the first of four on.
        let threes: [V; 4] = core::array::from_fn(|j| v[j].gt_i32(k.starts[1]));
        let fours: [V; 4] = core::array::from_fn(|j| v[j].gt_i32(k.starts[3]));
        let full = u32::MAX >> (32 - V::BYTES);
        let every = |m: [V; 4]| m[1..nv].iter().fold(m[0], |x, y| x.and(*y)).high_bits() == full;
        let done = if every(fours) {
            // SAFETY: `o + 64 <= room`.
            unsafe { four_bytes::<V>(&k, v, to.add(o)) }
        } else if every(threes) && fours[1..nv].iter().fold(fours[0], |x, y| x.or(*y)).is_zero() {
            // SAFETY: `o + 64 <= room`.
            unsafe { three_bytes::<V>(&k, v, to.add(o)) }
        } else if v[..nv].iter().fold(all.and(k.beyond), |any, x| any.or(k.refused(*x))).is_zero() {
            // ASCII and three bytes below the gap only (Hangul, Devanagari,
            // Thai with spaces): neither the gap's nor four bytes' work.
            let other = (0..nv).fold(V::splat(t, 0), |any, j| {
                let two = v[j].gt_i32(k.starts[0]).and_not(threes[j]);
                any.or(two).or(v[j].gt_i32(k.before_gap))
            });
            let mut n = 0;
            for j in 0..nv {
                // SAFETY: `o + 64 <= room`, and each vector writes at most
                // `4 w` bytes (16 in each 128-bit lane) after the last.
                n += unsafe {
                    if other.is_zero() {
                        ascii_or_three::<V>(&k, v[j], threes[j], to.add(o + n))
                    } else {
                        any_length::<V>(&k, v[j], threes[j], fours[j], to.add(o + n))
                    }
                };
            }
            Some(n)
        } else {
            None
        };
        match done {
            Some(n) => o += n,
            // A code point the form does not take among these: one at a
            // time up to it.
            None => break,
        }
        i += 16;
    }
    if !FILL && len - i > 64 && o + 64 > room {
        return (i, o);
    }
    // The last code points (or those up to one the form does not take),
    // one at a time.
    while let Some(&v) = src.get(i) {
        let Some((bytes, n)) = form.bytes(v) else { break };
        let Some(d) = dst.get_mut(o..o + n) else { break };
        for (d, &b) in d.iter_mut().zip(&bytes) {
            d.write(b);
        }
        i += 1;
        o += n;
    }
    (i, o)
}

/// Stores the sixteen ASCII code points of `v` (its first `64 / BYTES`
/// vectors) as bytes at `to`.
///
/// # Safety
///
/// `to` is writable for 32 bytes.
#[inline(always)]
unsafe fn ascii16<V: Lanes32>(v: [V; 4], to: *mut u8) {
    if V::BYTES == 32 {
        // SAFETY: the caller's promise.
        unsafe { v[0].narrow32(v[1]).narrow16(v[0]).store(to) };
    } else {
        // SAFETY: the caller's promise.
        unsafe { v[0].narrow32(v[1]).narrow16(v[2].narrow32(v[3])).store(to) };
    }
}

/// Stores the 32 code points at `from` as bytes at `to` when they are all
/// ASCII: whether they were.
///
/// # Safety
///
/// `from` is readable for 32 code points and `to` writable for 32 bytes.
#[inline(always)]
unsafe fn ascii32<V: Lanes32>(t: V::Token, from: *const u32, to: *mut u8) -> bool {
    let (w, nv) = (V::BYTES / 4, 128 / V::BYTES);
    // SAFETY: the caller's promise: `j w + w <= 32`.
    let load = |j: usize| unsafe { V::load(t, from.add(j * w).cast()) };
    let v: [V; 8] = core::array::from_fn(|j| if j < nv { load(j) } else { V::splat(t, 0) });
    let all = v[1..nv].iter().fold(v[0], |all, x| all.or(*x));
    if !all.and(V::splat32(t, !0x7F)).is_zero() {
        return false;
    }
    for j in 0..nv / 4 {
        let bytes = v[4 * j].narrow32(v[4 * j + 1]).narrow16(v[4 * j + 2].narrow32(v[4 * j + 3]));
        // SAFETY: the caller's promise: bytes `j BYTES .. (j + 1) BYTES < 32`.
        unsafe { bytes.store(to.add(j * V::BYTES)) };
    }
    true
}

/// Writes sixteen code points below `0x800` at `to` if the form takes them
/// all, and returns how many bytes they take (`None`: one is in the hole
/// below the first two-byte value): narrowed to 16-bit lanes, each less
/// the two-byte offset and laid out as `[lead, trail]`, or its ASCII byte,
/// packed by a shuffle per eight lanes from `PACK_TWO` (as `simd.rs`'s
/// `bmp`).
///
/// # Safety
///
/// `to` is writable for 32 bytes.
#[inline(always)]
unsafe fn one_or_two<V: Lanes32>(k: &Ranges<V>, v: [V; 4], to: *mut u8) -> Option<usize> {
    let t = k.max.token();
    let nv = 64 / V::BYTES;
    let lane = |u: u16| V::splat16(t, u);
    let (ascii_last, before_two, first) = k.lanes16;
    let units: [V; 2] = core::array::from_fn(|j| if 2 * j < nv { v[2 * j].narrow32(v[2 * j + 1]) } else { v[0] });
    let multi = units.map(|u| u.gt_i16(before_two));
    let hole = (0..nv / 2).fold(V::splat(t, 0), |any, j| any.or(units[j].gt_i16(ascii_last).and_not(multi[j])));
    if !hole.is_zero() {
        return None;
    }
    let mut n = 0;
    for j in 0..nv / 2 {
        let raw = units[j].sub16(multi[j].and(first));
        let lead = raw.shr16::<6>().or(lane(0xC0));
        let trail = raw.and(lane(0x3F)).or(lane(0x80));
        let lanes = V::select(multi[j], lead.or(trail.shl16::<8>()), raw);
        // `PACK_TWO`'s key has lanes 0 to 3 at its even bits, 4 to 7 at
        // its odd bits.
        let even = multi[j].high_bits() & 0x5555_5555;
        let keys = (even | (even >> 7)) & 0x00FF_00FF;
        let pack = |k: usize| &PACK_TWO[((keys >> (16 * k)) & 0xFF) as usize];
        let packed = lanes.shuffle(V::rows(t, [&pack(0).shuffle, &pack(1).shuffle]));
        for l in 0..V::BYTES / 16 {
            // SAFETY: the caller's promise: sixteen code points take at most
            // 32 bytes, and each 16-byte store starts at most 16 bytes
            // after the one before (the last at most at byte 16 of the 32
            // the vectors of two pairs take, when `nv` is 4).
            unsafe { packed.store_lane(l, to.add(n)) };
            n += usize::from(pack(l).len);
        }
    }
    Some(n)
}

/// Writes sixteen code points from the first of three bytes to the last
/// (in `v`) at `to` if none is in the gap, and returns how many bytes they
/// take (48; `None` for the gap): each one's three bytes in its 32-bit
/// lane, `1110zzzz 10yyyyyy 10xxxxxx`, twelve packed from each 128-bit
/// lane.
///
/// # Safety
///
/// `to` is writable for 52 bytes.
#[inline(always)]
unsafe fn three_bytes<V: Lanes32>(k: &Ranges<V>, v: [V; 4], to: *mut u8) -> Option<usize> {
    let t = k.max.token();
    let s = |u: u32| V::splat32(t, u);
    let nv = 64 / V::BYTES;
    let after_gap: [V; 4] = core::array::from_fn(|j| v[j].gt_i32(k.starts[2]));
    let in_gap = (0..nv).fold(V::splat(t, 0), |any, j| any.or(v[j].gt_i32(k.before_gap).and_not(after_gap[j])));
    if !in_gap.is_zero() {
        return None;
    }
    let pack = &PACK_HIGH[0xAA].shuffle;
    let pick = V::rows(t, [pack, pack]);
    let mut n = 0;
    for j in 0..nv {
        let raw = v[j].add32(k.minus.0).add32(after_gap[j].and(k.steps[2]));
        let lanes = raw
            .shr32::<4>()
            .and(s(0x0F00))
            .or(raw.shl32::<10>().and(s(0x3F_0000)))
            .or(raw.shl32::<24>().and(s(0x3F00_0000)))
            .or(s(0x8080_E000));
        let packed = lanes.shuffle(pick);
        for l in 0..V::BYTES / 16 {
            // SAFETY: the caller's promise: each 16-byte store starts 12
            // bytes after the one before, the last at byte 36.
            unsafe { packed.store_lane(l, to.add(n)) };
            n += 12;
        }
    }
    Some(n)
}

/// Writes sixteen code points of four bytes (in `v`) at `to` if none is
/// above `max`, and returns how many bytes they take (64; `None` above
/// `max`): each one's four bytes in its 32-bit lane.
///
/// # Safety
///
/// `to` is writable for 64 bytes.
#[inline(always)]
unsafe fn four_bytes<V: Lanes32>(k: &Ranges<V>, v: [V; 4], to: *mut u8) -> Option<usize> {
    let t = k.max.token();
    let s = |u: u32| V::splat32(t, u);
    let nv = 64 / V::BYTES;
    // (Every value is from the first of four bytes on, so below `2^31`.)
    if !(0..nv).fold(V::splat(t, 0), |any, j| any.or(v[j].gt_i32(k.max))).is_zero() {
        return None;
    }
    for (j, v) in v[..nv].iter().enumerate() {
        let raw = v.add32(k.minus.1);
        let lanes = raw
            .shr32::<18>()
            .or(raw.shr32::<4>().and(s(0x3F00)))
            .or(raw.shl32::<10>().and(s(0x3F_0000)))
            .or(raw.shl32::<24>().and(s(0x3F00_0000)))
            .or(s(0x8080_80F0));
        // SAFETY: the caller's promise: bytes `j BYTES .. (j + 1) BYTES`.
        unsafe { lanes.store(to.add(j * V::BYTES)) };
    }
    Some(64)
}

/// Writes the code points of `v`, each ASCII or of three bytes below the
/// gap (`three`), at `to`, and returns how many bytes they take: as
/// [`any_length`] does, with two lengths only.
///
/// # Safety
///
/// `to` is writable for `BYTES` bytes.
#[inline(always)]
unsafe fn ascii_or_three<V: Lanes32>(k: &Ranges<V>, v: V, three: V, to: *mut u8) -> usize {
    let t = v.token();
    let s = |u: u32| V::splat32(t, u);
    let raw = v.add32(k.minus.0);
    let bytes = raw
        .shr32::<4>()
        .and(s(0x0F00))
        .or(raw.shl32::<10>().and(s(0x3F_0000)))
        .or(raw.shl32::<24>().and(s(0x3F00_0000)))
        .or(s(0x8080_E000));
    let lanes = V::select(three, bytes, v.shl32::<24>());
    // Each lane's length less one: 2 (bit 1) or 0; two bits a lane.
    // SAFETY: the caller's promise.
    unsafe { store_packed(lanes, three.high_bits() & 0x2222_2222, to) }
}

/// Writes the code points of `v` (none the form does not take; `three`
/// and `four`: those from the first of three bytes on, of four) at `to`,
/// and returns how many bytes they take: each one's sequence in the last
/// bytes of its 32-bit lane, packed by a shuffle per four lanes from
/// [`PACK_HIGH`].
///
/// | length | lane, in memory order |
/// |---|---|
/// | 1 | `-`, `-`, `-`, `0xxxxxxx` |
/// | 2 | `-`, `-`, `110yyyyy`, `10xxxxxx` |
/// | 3 | `-`, `1110zzzz`, `10yyyyyy`, `10xxxxxx` |
/// | 4 | `11110uuu`, `10zzzzzz`, `10yyyyyy`, `10xxxxxx` |
///
/// # Safety
///
/// `to` is writable for `BYTES` bytes.
#[inline(always)]
unsafe fn any_length<V: Lanes32>(k: &Ranges<V>, v: V, three: V, four: V, to: *mut u8) -> usize {
    let t = v.token();
    let s = |u: u32| V::splat32(t, u);
    let (two, after_gap) = (v.gt_i32(k.starts[0]), v.gt_i32(k.starts[2]));
    // The bits: the value less the offset of its length.
    let offset = two.and(k.steps[0]).add32(three.and(k.steps[1])).add32(after_gap.and(k.steps[2]));
    let raw = v.add32(offset).add32(four.and(k.steps[3]));
    let groups = raw
        .shr32::<18>()
        .or(raw.shr32::<4>().and(s(0x3F00)))
        .or(raw.shl32::<10>().and(s(0x3F_0000)))
        .or(raw.shl32::<24>().and(s(0x3F00_0000)));
    // `10` atop every byte, `110`, `1110` or `11110` atop the lead: each
    // length's bits undo the shorter lengths' (two, three and four are
    // masks of at least that length).
    let leads = two.and(s(0x40_0000)).xor(three.and(s(0x40_6000))).xor(four.and(s(0x6070)));
    let lanes = V::select(two, groups.or(leads).or(s(0x8080_8080)), v.shl32::<24>());
    // Each lane's length less one: bit 0 is two ^ three ^ four, bit 1 three;
    // lane `j` at bits `4 j`, `4 j + 1`, then two bits a lane.
    let spread = (two.xor(three).xor(four).high_bits() & 0x1111_1111) | (three.high_bits() & 0x2222_2222);
    // SAFETY: the caller's promise.
    unsafe { store_packed(lanes, spread, to) }
}

/// Stores the sequences in the last bytes of the 32-bit lanes of `lanes`
/// at `to`, packed by a shuffle per four lanes from [`PACK_HIGH`], and
/// returns how many bytes they take: `spread` holds each lane's length
/// less one, lane `j`'s at bits `4 j` and `4 j + 1` (where
/// [`Vector::high_bits`] puts its first two bytes).
///
/// # Safety
///
/// `to` is writable for `BYTES` bytes.
#[inline(always)]
unsafe fn store_packed<V: Lanes32>(lanes: V, spread: u32, to: *mut u8) -> usize {
    // Two bits a lane: lanes 0 to 3 in the low byte of each half, 4 to 7
    // in the high byte.
    let pairs = spread | (spread >> 2);
    let key = |l: usize| {
        let half = pairs >> (16 * l);
        ((half & 0x0F) | ((half >> 4) & 0xF0)) as usize
    };
    let packed = lanes.shuffle(V::rows(lanes.token(), [&PACK_HIGH[key(0)].shuffle, &PACK_HIGH[key(1)].shuffle]));
    let mut n = 0;
    for l in 0..V::BYTES / 16 {
        // SAFETY: the caller's promise: four lanes take at most 16 bytes,
        // so each 16-byte store ends at most `BYTES` bytes from `to`.
        unsafe { packed.store_lane(l, to.add(n)) };
        n += usize::from(PACK_HIGH[key(l)].len);
    }
    n
}
