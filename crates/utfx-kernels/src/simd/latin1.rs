//! The Latin-1 kernels of `latin1.rs` (whose table gives each byte's
//! forms), written once over [`Vector`] and instantiated with the others;
//! each converts whole vectors while they fit and returns where it
//! stopped, for the portable form to finish.
//!
//! * To UTF-16: each half of a vector of bytes widened to 16-bit lanes.
//! * From UTF-16: two vectors of units up to `FF` packed to one of bytes
//!   (each less `80`, so that the signed pack keeps it, then `80` put
//!   back).
//! * To UTF-8: a vector of ASCII stored as it is; any other, each half
//!   widened and written as UTF-16 to UTF-8 writes units below U+0800
//!   (`simd.rs`'s [`bmp`](super::bmp), one shuffle per 128-bit lane).
//! * From UTF-8: a vector of ASCII stored as it is; one whose bytes are all
//!   below `C4` (ASCII and the characters `C2 80..C3 BF`, whose
//!   continuation bytes are `80..BF`) has `40` added to each byte after a
//!   `C3` and its leads (`C0..C3`) dropped: each half of each 128-bit lane
//!   packed by a shuffle from `tables.rs`'s [`KEEP_BYTES`]. A lead that
//!   ends a vector is taken with the next, whose first byte it adjusts
//!   (`prev`); where the blocks stop after one, it is given back.

use super::{Vector, bmp};
use crate::tables::{KEEP_BYTES, KEPT};

/// Copies the ASCII from `src[i..]` to `dst[o..]` two vectors at a time
/// while both are ASCII and fit: returns the new `(i, o)`.
#[inline(always)]
fn ascii_run<V: Vector>(t: V::Token, src: &[u8], mut i: usize, dst: &mut [u8], mut o: usize) -> (usize, usize) {
    let w = V::BYTES;
    while i + 2 * w <= src.len() && o + 2 * w <= dst.len() {
        // SAFETY: `i + 2 w <= src.len()`.
        let (a, b) = unsafe { (V::load(t, src.as_ptr().add(i)), V::load(t, src.as_ptr().add(i + w))) };
        if a.or(b).any_high_bit() {
            break;
        }
        // SAFETY: `o + 2 w <= dst.len()`.
        unsafe {
            a.store(dst.as_mut_ptr().add(o));
            b.store(dst.as_mut_ptr().add(o + w));
        }
        (i, o) = (i + 2 * w, o + 2 * w);
    }
    (i, o)
}

/// `crate::latin1_to_utf16` but for the tail shorter than a vector
/// (`src` and `dst` of one length): returns how many it converted.
#[inline(always)]
pub(super) fn latin1_to_utf16<V: Vector>(t: V::Token, src: &[u8], dst: &mut [u16]) -> usize {
    let w = V::BYTES;
    let n = src.len().min(dst.len());
    let mut i = 0;
    while i + w <= n {
        // SAFETY: `i + w <= n`: the two halves' `w` bytes from `i` are
        // inside `src`, and their `w` units from `i` inside `dst`.
        unsafe {
            let (low, high) =
                (V::load_widened(t, src.as_ptr().add(i)), V::load_widened(t, src.as_ptr().add(i + w / 2)));
            let to = dst.as_mut_ptr().add(i).cast::<u8>();
            low.store(to);
            high.store(to.add(w));
        }
        i += w;
    }
    i
}

/// `crate::utf16_to_latin1` but for the tail: blocks of two vectors of
/// units (`src` and `dst` of one length), up to the first with a unit
/// above `FF`; returns how many units they converted.
#[inline(always)]
pub(super) fn utf16_to_latin1<V: Vector>(t: V::Token, src: &[u16], dst: &mut [u8]) -> usize {
    let w = V::BYTES;
    let n = src.len().min(dst.len());
    let bytes = super::units_as_bytes(src);
    let (high, bias) = (V::splat16(t, 0xFF00), V::splat16(t, 0x80));
    let mut i = 0;
    while i + w <= n {
        // SAFETY: `i + w <= n`: the `w` units from `i`, `2 w` bytes from
        // `2 i`, are inside `src`.
        let (a, b) = unsafe { (V::load(t, bytes.as_ptr().add(2 * i)), V::load(t, bytes.as_ptr().add(2 * i + w))) };
        if !a.or(b).and(high).is_zero() {
            break;
        }
        let packed = a.sub16(bias).narrow16(b.sub16(bias)).xor(V::splat(t, 0x80));
        // SAFETY: `i + w <= n <= dst.len()`.
        unsafe { packed.store(dst.as_mut_ptr().add(i)) };
        i += w;
    }
    i
}

/// `crate::latin1_to_utf8` but for the tail: vectors of bytes while their
/// UTF-8 surely fits (`2 BYTES` of room); returns (bytes read, bytes
/// written).
#[inline(always)]
pub(super) fn latin1_to_utf8<V: Vector>(t: V::Token, src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let w = V::BYTES;
    let zero = V::splat(t, 0);
    let (mut i, mut o) = (0, 0);
    while i + w <= src.len() && o + 2 * w <= dst.len() {
        // SAFETY: `i + w <= src.len()`.
        let v = unsafe { V::load(t, src.as_ptr().add(i)) };
        let to = dst.as_mut_ptr();
        if !v.any_high_bit() {
            // SAFETY: `o + w <= dst.len()`.
            unsafe { v.store(to.add(o)) };
            (i, o) = (i + w, o + w);
            (i, o) = ascii_run::<V>(t, src, i, dst, o);
            continue;
        }
        // SAFETY: each half's `w / 2` bytes are inside `src`; `bmp` writes
        // at most `w` bytes for units below U+0800 and counts at most as
        // many, so the two write inside `o .. o + 2 w`, in `dst`.
        unsafe {
            let (low, high) =
                (V::load_widened(t, src.as_ptr().add(i)), V::load_widened(t, src.as_ptr().add(i + w / 2)));
            o += bmp::<V>(t, low, zero, to.add(o));
            o += bmp::<V>(t, high, zero, to.add(o));
        }
        i += w;
    }
    (i, o)
}

/// `crate::utf8_to_latin1` but for the tail: vectors of bytes below `C4`
/// (from a character boundary of UTF-8) while `BYTES + 16` bytes of room
/// are left; returns (bytes read, bytes written), the bytes read ending at
/// a character boundary of UTF-8.
#[inline(always)]
pub(super) fn utf8_to_latin1<V: Vector>(t: V::Token, src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let w = V::BYTES;
    let (c3, c4, leads, plus40) = (V::splat(t, 0xC3), V::splat(t, 0xC4), V::splat(t, 0xC0), V::splat(t, 0xC0));
    let all = u32::MAX >> (32 - w);
    let (mut i, mut o) = (0, 0);
    // The vector before, for the byte before each byte (zeros at first).
    let mut before = V::splat(t, 0);
    while i + w <= src.len() && o + w + 16 <= dst.len() {
        // SAFETY: `i + w <= src.len()`.
        let v = unsafe { V::load(t, src.as_ptr().add(i)) };
        let to = dst.as_mut_ptr();
        if !v.any_high_bit() {
            // SAFETY: `o + w <= dst.len()`.
            unsafe { v.store(to.add(o)) };
            (before, i, o) = (v, i + w, o + w);
            (i, o) = ascii_run::<V>(t, src, i, dst, o);
            continue;
        }
        if !v.ge_u8(c4).is_zero() {
            break;
        }
        // `40` added after each `C3` (`C0` subtracted), the leads dropped.
        let after_c3 = v.prev::<15>(before).eq8(c3);
        let values = v.sub8(after_c3.and(plus40));
        let keep = !v.ge_u8(leads).high_bits() & all;
        let half = |k: usize| ((keep >> (8 * k)) & 0xFF) as usize;
        let low = values.shuffle(V::rows(t, [&KEEP_BYTES[0][half(0)], &KEEP_BYTES[0][half(2)]]));
        let high = values.shuffle(V::rows(t, [&KEEP_BYTES[1][half(1)], &KEEP_BYTES[1][half(3)]]));
        for k in 0..w / 16 {
            // SAFETY: 16-byte stores, each at most 8 bytes after the one
            // before, the last at most `w - 8` bytes after `o`: inside
            // `o .. o + w + 16`, in `dst`.
            unsafe {
                low.store_lane(k, to.add(o));
                o += usize::from(KEPT[half(2 * k)]);
                high.store_lane(k, to.add(o));
                o += usize::from(KEPT[half(2 * k + 1)]);
            }
        }
        (before, i) = (v, i + w);
    }
    // A lead that ended the last vector taken is given back: its character
    // is not written.
    if i > 0 && src[i - 1] >= 0xC0 {
        i -= 1;
    }
    (i, o)
}
