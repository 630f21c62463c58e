//! UTF-16's surrogate pairs: the one place in the workspace where their
//! arithmetic is written (`cargo xtask tidy` refuses a copy elsewhere).
//! `codec_core::CodePoint::{from_surrogates, to_surrogates}`, the codecs
//! and the kernels' scalar loops call these; the SIMD kernels do the same
//! sums lane by lane.
//!
//! The Unicode Standard, §3.9, D91 and Table 3-5 (UTF-16 bit
//! distribution):
//!
//! ```text
//! Scalar Value                UTF-16
//! xxxxxxxxxxxxxxxx            xxxxxxxxxxxxxxxx
//! 000uuuuuxxxxxxxxxxxxxxxx    110110wwwwxxxxxx 110111xxxxxxxxxx
//!                             (wwww = uuuuu - 1)
//! ```
//!
//! That is: the 20 bits of `v - 0x10000`, the high ten after `0xD800` (the
//! lead surrogate), the low ten after `0xDC00` (the trail). The WTF-8
//! specification, §4.3, decodes potentially ill-formed UTF-16 the same
//! way, a unit that is not part of a pair standing for itself:
//!
//! ```text
//! If U is a lead surrogate 16-bit code unit, U is not the last 16-bit code
//! unit of the input, and the next 16-bit code unit of the input next is a
//! trail surrogate 16-bit code unit, then consume next and append a code
//! point of value 0x10000 + ((U - 0xD800) << 10) + (next - 0xDC00).
//! Otherwise, append a code point of value U.
//! ```

/// The supplementary code point that a lead surrogate (`D800..=DBFF`) and a
/// trail surrogate (`DC00..=DFFF`) stand for (D91). The caller checks that
/// they are such a pair; other values give a meaningless result (but no
/// panic or overflow).
///
/// # Examples
///
/// ```
/// assert_eq!(utfx_kernels::join_surrogates(0xD83D, 0xDCA9), 0x1F4A9);
/// assert_eq!(utfx_kernels::join_surrogates(0xDBFF, 0xDFFF), 0x10_FFFF);
/// ```
#[must_use]
#[inline(always)]
pub const fn join_surrogates(lead: u16, trail: u16) -> u32 {
    // Written so that no value of the two units overflows: `(lead << 10)`
    // is at most 0x3FF_FC00, and the constant is the sum of the three
    // offsets (0x35F_DC00: `(0xD800 << 10) + 0xDC00 - 0x10000`).
    ((lead as u32) << 10).wrapping_add(trail as u32).wrapping_sub((0xD800 << 10) + 0xDC00 - 0x1_0000)
}

/// The lead and trail surrogates of a supplementary code point
/// (`10000..=10FFFF`, D91). The caller checks the range; a value outside it
/// gives meaningless units (but no panic or overflow).
///
/// # Examples
///
/// ```
/// assert_eq!(utfx_kernels::split_surrogates(0x1F4A9), [0xD83D, 0xDCA9]);
/// assert_eq!(utfx_kernels::split_surrogates(0x1_0000), [0xD800, 0xDC00]);
/// ```
#[must_use]
#[inline(always)]
pub const fn split_surrogates(v: u32) -> [u16; 2] {
    let w = v.wrapping_sub(0x1_0000);
    [0xD800 | ((w >> 10) & 0x3FF) as u16, 0xDC00 | (w & 0x3FF) as u16]
}

/// Whether a unit of UTF-16 is a surrogate (`D800..=DFFF`), a lead or a
/// trail.
#[inline(always)]
const fn is_surrogate(u: u16) -> bool {
    u & 0xF800 == 0xD800
}

/// Appends the code points of potentially ill-formed UTF-16 to `out`, as
/// the WTF-8 specification decodes it (§4.3): a lead surrogate followed by
/// a trail surrogate is one supplementary code point, every other unit the
/// code point of its value, a lone surrogate included. Never fails:
/// `char::decode_utf16` without the errors, over a buffer. Blocks of 32
/// units without a surrogate are widened in one go.
///
/// # Examples
///
/// ```
/// let mut out = Vec::new();
/// utfx_kernels::utf16_to_code_points(&[0x61, 0xD83D, 0xDCA9, 0xDCA9], &mut out);
/// assert_eq!(out, [0x61, 0x1F4A9, 0xDCA9]);
/// ```
pub fn utf16_to_code_points(units: &[u16], out: &mut alloc::vec::Vec<u32>) {
    // Units without a surrogate (the BMP) in one go, else a block at a time.
    if !units.iter().fold(false, |any, &u| any | is_surrogate(u)) {
        out.extend(units.iter().map(|&u| u32::from(u)));
        return;
    }
    out.reserve(units.len());
    let mut k = 0;
    while k < units.len() {
        let end = (k + 32).min(units.len());
        let block = &units[k..end];
        // (A fold, not `any`, so that the block compiles to vector code.)
        if !block.iter().fold(false, |any, &u| any | is_surrogate(u)) {
            out.extend(block.iter().map(|&u| u32::from(u)));
            k = end;
            continue;
        }
        // A unit at a time to the block's end (and past it to finish a pair).
        while k < end {
            let u = units[k];
            match units.get(k + 1) {
                Some(&next) if u & 0xFC00 == 0xD800 && next & 0xFC00 == 0xDC00 => {
                    out.push(join_surrogates(u, next));
                    k += 2;
                }
                _ => {
                    out.push(u32::from(u));
                    k += 1;
                }
            }
        }
    }
}

/// Converts the well-formed prefix of UTF-16 to code points in `dst`:
/// stops before a lone surrogate, before a lead surrogate that ends `src`
/// (its trail may come in the next piece), or when `dst` is full. Returns
/// the units read and the code points written; a pair is two units and
/// one code point. Blocks of 32 units without a surrogate are widened in
/// one go.
///
/// # Examples
///
/// ```
/// let mut dst = [0u32; 8];
/// // A lone trail stops it.
/// assert_eq!(utfx_kernels::utf16_prefix_to_code_points(&[0x61, 0xD83D, 0xDCA9, 0xDCA9], &mut dst), (3, 2));
/// assert_eq!(dst[..2], [0x61, 0x1F4A9]);
/// // So does a lead at the end.
/// assert_eq!(utfx_kernels::utf16_prefix_to_code_points(&[0x62, 0xD83D], &mut dst), (1, 1));
/// ```
#[must_use]
pub fn utf16_prefix_to_code_points(src: &[u16], dst: &mut [u32]) -> (usize, usize) {
    let (mut i, mut o) = (0, 0);
    loop {
        let n = 32.min(src.len() - i).min(dst.len() - o);
        let block = &src[i..i + n];
        if n > 0 && !block.iter().fold(false, |any, &u| any | is_surrogate(u)) {
            for (d, &u) in dst[o..o + n].iter_mut().zip(block) {
                *d = u32::from(u);
            }
            (i, o) = (i + n, o + n);
            continue;
        }
        // A unit at a time to the block's end (and past it to finish a pair).
        let end = i + n.max(1);
        while i < end {
            let (Some(&u), Some(d)) = (src.get(i), dst.get_mut(o)) else { return (i, o) };
            match u & 0xFC00 {
                0xD800 => match src.get(i + 1) {
                    Some(&next) if next & 0xFC00 == 0xDC00 => {
                        *d = join_surrogates(u, next);
                        i += 2;
                    }
                    _ => return (i, o),
                },
                0xDC00 => return (i, o),
                _ => {
                    *d = u32::from(u);
                    i += 1;
                }
            }
            o += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// Every pair against `char::decode_utf16` and `char::encode_utf16`
    /// (the standard library's own arithmetic, an independent reference).
    #[test]
    fn every_pair_joins_and_splits_as_std_does() {
        let step = if cfg!(miri) { 997 } else { 1 };
        for v in (0x1_0000..=0x10_FFFFu32).step_by(step) {
            let mut std_units = [0u16; 2];
            char::from_u32(v).unwrap().encode_utf16(&mut std_units);
            assert_eq!(split_surrogates(v), std_units, "{v:X}");
            assert_eq!(join_surrogates(std_units[0], std_units[1]), v, "{v:X}");
        }
    }

    /// Any two units, surrogates or not: no panic (and no overflow in
    /// debug builds).
    #[test]
    fn any_two_units_join_without_overflow() {
        for (lead, trail) in [(0, 0), (0xFFFF, 0xFFFF), (0xD800, 0), (0, 0xDFFF)] {
            let _ = join_surrogates(lead, trail);
        }
        let _ = split_surrogates(0);
        let _ = split_surrogates(u32::MAX);
    }

    /// Units from a small alphabet (BMP, leads, trails) in every order up
    /// to a length, long runs of BMP units around them so that the blocks
    /// are reached, against `char::decode_utf16`.
    fn inputs() -> Vec<Vec<u16>> {
        let alphabet = [0x41, 0xE9, 0xD83D, 0xDCA9, 0xFFFF];
        let mut all = Vec::new();
        for len in 0..=if cfg!(miri) { 2 } else { 4 } {
            for mut code in 0..alphabet.len().pow(len) {
                let mut units = Vec::new();
                for _ in 0..len {
                    units.push(alphabet[code % alphabet.len()]);
                    code /= alphabet.len();
                }
                for pad in [0, 31, 33].into_iter().filter(|&pad| !cfg!(miri) || pad != 31) {
                    let mut padded = alloc::vec![0x62; pad];
                    padded.extend(&units);
                    padded.extend(core::iter::repeat_n(0x63, pad));
                    all.push(padded);
                }
            }
        }
        all
    }

    #[test]
    fn utf16_to_code_points_is_decode_utf16_with_lone_surrogates_kept() {
        for units in inputs() {
            let expected: Vec<u32> = char::decode_utf16(units.iter().copied())
                .map(|r| r.map_or_else(|e| e.unpaired_surrogate().into(), u32::from))
                .collect();
            let mut out = alloc::vec![7];
            utf16_to_code_points(&units, &mut out);
            assert_eq!(out[1..], expected, "{units:X?}");
        }
    }

    #[test]
    fn utf16_prefix_to_code_points_stops_before_a_lone_surrogate_and_a_full_output() {
        for units in inputs() {
            // The reference: std's decoding up to its first error, a lead
            // at the end counting as one.
            let mut expected = Vec::new();
            let mut read = 0;
            for r in char::decode_utf16(units.iter().copied()) {
                let Ok(c) = r else { break };
                expected.push(u32::from(c));
                read += c.len_utf16();
            }
            for room in [0, 1, 2, expected.len().saturating_sub(1), expected.len(), expected.len() + 5] {
                let mut dst = alloc::vec![0; room];
                let (r, w) = utf16_prefix_to_code_points(&units, &mut dst);
                let fit = room.min(expected.len());
                assert_eq!(w, fit, "{units:X?} room {room}");
                assert_eq!(dst[..w], expected[..fit], "{units:X?} room {room}");
                let units_of: usize = expected[..fit].iter().map(|&v| if v > 0xFFFF { 2 } else { 1 }).sum();
                assert_eq!(r, if fit == expected.len() { read } else { units_of }, "{units:X?} room {room}");
            }
        }
    }
}
