//! UTF-32 held as bytes in either byte order (the Unicode Standard §3.9,
//! D90: each code unit is the scalar value itself): its validation and its
//! conversions to and from UTF-16, each stopping before the first unit it
//! cannot take, as a codec's fast paths want. A code unit is well-formed
//! when it is a Unicode scalar value (D76):
//!
//! | unit | UTF-32 | UTF-16 |
//! |---|---|---|
//! | `0000..D7FF`, `E000..FFFF` | a scalar value | that one unit |
//! | `D800..DFFF` | ill-formed (a surrogate code point) | — |
//! | `10000..10FFFF` | a scalar value | a surrogate pair (D91) |
//! | `110000..FFFFFFFF` | ill-formed (beyond the codespace) | — |
//!
//! One comparison decides: the exclusive or with `D800` moves the
//! surrogates to `0..800` and keeps every other unit on its side of
//! `10FFFF`, so that less `800`, wrapping, a unit is a scalar value when
//! it is below `10F800`, and a scalar value of the BMP below `F800`. The
//! SIMD forms (`simd/utf32.rs`) test whole vectors of units so, in signed
//! 32-bit lanes (`2^31` added, which a wrapping addition folds into the
//! subtraction); the portable ones here take blocks of sixteen units that
//! the compiler vectorizes, and the SIMD forms' tails.

/// Units per block of the portable loops (what the compiler vectorizes).
const BLOCK: usize = 16;

/// `u - 800`, wrapping, after the exclusive or with `D800`: the table's
/// one comparison (a scalar value below `10F800`, of the BMP below `F800`).
#[inline(always)]
pub(crate) const fn folded(unit: u32) -> u32 {
    (unit ^ 0xD800).wrapping_sub(0x800)
}

/// Whether a code unit is a Unicode scalar value.
#[inline(always)]
const fn is_scalar(unit: u32) -> bool {
    folded(unit) < 0x10_F800
}

/// Whether a code unit is a Unicode scalar value of the BMP.
#[inline(always)]
const fn is_bmp_scalar(unit: u32) -> bool {
    folded(unit) < 0xF800
}

/// The bytes of `unit` in order `big_endian`.
#[inline(always)]
fn unit_bytes(unit: u32, big_endian: bool) -> [u8; 4] {
    if big_endian { unit.to_be_bytes() } else { unit.to_le_bytes() }
}

/// Returns how many whole units at the front of `src`, UTF-32 held as bytes
/// little-endian or (`big_endian`) big-endian, are Unicode scalar values
/// (simdutf's `validate_utf32` is this equal to `src.len() / 4`). A cut
/// last unit is not read.
///
/// # Examples
///
/// ```
/// assert_eq!(utfx_kernels::utf32_bytes_prefix(b"h\0\0\0\x00\xD8\0\0", false), 1);
/// assert_eq!(utfx_kernels::utf32_bytes_prefix(b"\0\x10\xFF\xFF\0\x11\0\0", true), 1);
/// ```
#[must_use]
pub fn utf32_bytes_prefix(src: &[u8], big_endian: bool) -> usize {
    let start = simd_start!(utf32_bytes_prefix_at_level(src, big_endian), 0);
    start + utf32_bytes_prefix_portable(&src[4 * start..], big_endian)
}

/// [`utf32_bytes_prefix`] without SIMD.
pub(crate) fn utf32_bytes_prefix_portable(src: &[u8], big_endian: bool) -> usize {
    // The order decided outside the loops, so that each vectorizes.
    if big_endian { scalar_prefix(src, u32::from_be_bytes) } else { scalar_prefix(src, u32::from_le_bytes) }
}

/// How many whole units of `src`, read by `unit`, are scalar values: a
/// block of sixteen at a time, then one at a time.
#[inline(always)]
fn scalar_prefix(src: &[u8], unit: impl Fn([u8; 4]) -> u32) -> usize {
    let (units, _) = src.as_chunks::<4>();
    let mut n = 0;
    for block in units.chunks_exact(BLOCK) {
        if !block.iter().fold(true, |all, &u| all & is_scalar(unit(u))) {
            break;
        }
        n += BLOCK;
    }
    n + units[n..].iter().take_while(|&&u| is_scalar(unit(u))).count()
}

/// Converts the leading scalar values of `src`, UTF-32 held as bytes
/// little-endian or (`big_endian`) big-endian, to UTF-16 in `dst`, as many
/// as fit, stopping before the first unit that is not one: `(units read,
/// UTF-16 units written)` (simdutf's `convert_utf32_to_utf16le` and
/// `…be` on the bytes, but giving the place of an error). A cut last unit
/// is not read.
///
/// # Examples
///
/// ```
/// let mut dst = [0u16; 4];
/// let utf32 = b"h\0\0\0\xA9\xF4\x01\0\0\xD8\0\0";
/// assert_eq!(utfx_kernels::utf32_bytes_to_utf16(utf32, false, &mut dst), (2, 3));
/// assert_eq!(dst[..3], [0x68, 0xD83D, 0xDCA9]);
/// ```
pub fn utf32_bytes_to_utf16(src: &[u8], big_endian: bool, dst: &mut [u16]) -> (usize, usize) {
    let (r, w) = simd_start!(utf32_bytes_to_utf16_at_level(src, big_endian, dst), (0, 0));
    let (r2, w2) = utf32_bytes_to_utf16_portable(&src[4 * r..], big_endian, &mut dst[w..]);
    (r + r2, w + w2)
}

/// [`utf32_bytes_to_utf16`] without SIMD.
pub(crate) fn utf32_bytes_to_utf16_portable(src: &[u8], big_endian: bool, dst: &mut [u16]) -> (usize, usize) {
    // The order decided outside the loops, so that each vectorizes.
    if big_endian {
        scalars_to_utf16(src, dst, u32::from_be_bytes)
    } else {
        scalars_to_utf16(src, dst, u32::from_le_bytes)
    }
}

/// [`utf32_bytes_to_utf16_portable`] with units read by `unit`.
#[inline(always)]
fn scalars_to_utf16(src: &[u8], dst: &mut [u16], unit: impl Fn([u8; 4]) -> u32) -> (usize, usize) {
    let (units, _) = src.as_chunks::<4>();
    let (mut r, mut w) = (0, 0);
    while r < units.len() {
        // A block of scalar values of the BMP: one UTF-16 unit each.
        if let (Some(block), Some(out)) = (units.get(r..r + BLOCK), dst.get_mut(w..w + BLOCK))
            && block.iter().fold(true, |all, &u| all & is_bmp_scalar(unit(u)))
        {
            out.iter_mut().zip(block).for_each(|(d, &u)| *d = unit(u) as u16);
            (r, w) = (r + BLOCK, w + BLOCK);
            continue;
        }
        // Otherwise up to a block one unit at a time.
        for &u in &units[r..(r + BLOCK).min(units.len())] {
            let u = unit(u);
            if !is_scalar(u) {
                return (r, w);
            }
            if u < 0x1_0000 {
                let Some(d) = dst.get_mut(w) else { return (r, w) };
                *d = u as u16;
                w += 1;
            } else {
                let Some(d) = dst.get_mut(w..w + 2) else { return (r, w) };
                d.copy_from_slice(&crate::split_surrogates(u));
                w += 2;
            }
            r += 1;
        }
    }
    (r, w)
}

/// Converts the well-formed prefix of `src` (UTF-16 code units) to UTF-32
/// held as bytes little-endian or (`big_endian`) big-endian in `dst`, as
/// much as fits: `(UTF-16 units read, bytes written)`. It stops before a
/// lone surrogate and before a lead surrogate that ends `src`, so that it
/// never splits a pair, whatever the units (simdutf's
/// `convert_utf16le_to_utf32`, but giving the place of an error).
///
/// # Examples
///
/// ```
/// let mut dst = [0u8; 16];
/// assert_eq!(utfx_kernels::utf16_to_utf32_bytes(&[0x68, 0xD83D, 0xDCA9, 0xD83D], false, &mut dst), (3, 8));
/// assert_eq!(dst[..8], *b"h\0\0\0\xA9\xF4\x01\0");
/// ```
pub fn utf16_to_utf32_bytes(src: &[u16], big_endian: bool, dst: &mut [u8]) -> (usize, usize) {
    let (r, w) = simd_start!(utf16_to_utf32_bytes_at_level(src, big_endian, dst), (0, 0));
    let (r2, w2) = utf16_to_utf32_bytes_portable(&src[r..], big_endian, &mut dst[w..]);
    (r + r2, w + w2)
}

/// [`utf16_to_utf32_bytes`] without SIMD.
pub(crate) fn utf16_to_utf32_bytes_portable(src: &[u16], big_endian: bool, dst: &mut [u8]) -> (usize, usize) {
    let is_surrogate = |u: u16| u & 0xF800 == 0xD800;
    let (mut r, mut w) = (0, 0);
    while r < src.len() {
        // A block without surrogates: a code point per unit.
        if let (Some(block), Some(out)) = (src.get(r..r + BLOCK), dst.get_mut(w..w + 4 * BLOCK))
            && block.iter().fold(true, |none, &u| none & !is_surrogate(u))
        {
            for (quad, &u) in out.chunks_exact_mut(4).zip(block) {
                quad.copy_from_slice(&unit_bytes(u32::from(u), big_endian));
            }
            (r, w) = (r + BLOCK, w + 4 * BLOCK);
            continue;
        }
        // Otherwise up to a block one code point at a time.
        let end = (r + BLOCK).min(src.len());
        while r < end {
            let Some(out) = dst.get_mut(w..w + 4) else { return (r, w) };
            let u = src[r];
            let (value, len) = if !is_surrogate(u) {
                (u32::from(u), 1)
            } else {
                match src.get(r + 1) {
                    Some(&t) if u < 0xDC00 && t & 0xFC00 == 0xDC00 => (crate::join_surrogates(u, t), 2),
                    _ => return (r, w),
                }
            };
            out.copy_from_slice(&unit_bytes(value, big_endian));
            (r, w) = (r + len, w + 4);
        }
    }
    (r, w)
}

#[cfg(test)]
mod tests;
