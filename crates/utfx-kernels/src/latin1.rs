//! ISO-8859-1 (Latin-1) to and from UTF-16 and UTF-8. Each Latin-1 byte is
//! the code point of its value (ISO/IEC 8859-1 with the C0 and C1 controls
//! of ISO/IEC 6429, as the IANA charset `ISO-8859-1` and iconv take it), so
//! (the Unicode Standard §3.9, Table 3-6):
//!
//! | Latin-1 byte | UTF-16 | UTF-8 |
//! |---|---|---|
//! | `b` in `00..7F` | `b` | `b` |
//! | `b` in `80..FF` | `b` | `C2 \| b >> 6`, `80 \| b & 3F` (`C2 80..C3 BF`) |
//!
//! and back, the code points up to U+00FF only: a UTF-16 unit above `FF`
//! and a UTF-8 character from `C4` on stop the conversions. The SIMD forms
//! (`simd/latin1.rs`) widen, narrow, expand and pack whole vectors; the
//! portable ones here take words of eight ASCII bytes and blocks of
//! sixteen units that the compiler vectorizes, and the SIMD forms' tails.

/// Units per block of the portable UTF-16 loop.
const BLOCK: usize = 16;

/// Converts Latin-1 to UTF-16, as much as fits: one unit per byte, so
/// `src.len().min(dst.len())` of each (encoding_rs's
/// `mem::convert_latin1_to_utf16`, simdutf's `convert_latin1_to_utf16le`).
///
/// # Examples
///
/// ```
/// let mut dst = [0u16; 8];
/// assert_eq!(utfx_kernels::latin1_to_utf16(b"caf\xE9", &mut dst), 4);
/// assert_eq!(dst[..4], [0x63, 0x61, 0x66, 0xE9]);
/// ```
pub fn latin1_to_utf16(src: &[u8], dst: &mut [u16]) -> usize {
    let n = src.len().min(dst.len());
    let done = simd_start!(latin1_to_utf16_at_level(&src[..n], &mut dst[..n]), 0);
    latin1_to_utf16_portable(&src[done..n], &mut dst[done..n]);
    n
}

/// [`latin1_to_utf16`] without SIMD.
pub(crate) fn latin1_to_utf16_portable(src: &[u8], dst: &mut [u16]) -> usize {
    dst.iter_mut().zip(src).for_each(|(d, &b)| *d = u16::from(b));
    src.len().min(dst.len())
}

/// Converts the leading UTF-16 units up to `00FF` to Latin-1, as many as
/// fit, stopping before the first unit above it: how many (a byte per
/// unit; simdutf's `convert_utf16le_to_latin1`, but giving the place).
///
/// # Examples
///
/// ```
/// let mut dst = [0u8; 8];
/// assert_eq!(utfx_kernels::utf16_to_latin1(&[0x63, 0xE9, 0x20AC, 0x41], &mut dst), 2);
/// assert_eq!(dst[..2], *b"c\xE9");
/// ```
pub fn utf16_to_latin1(src: &[u16], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    let done = simd_start!(utf16_to_latin1_at_level(&src[..n], &mut dst[..n]), 0);
    done + utf16_to_latin1_portable(&src[done..n], &mut dst[done..n])
}

/// [`utf16_to_latin1`] without SIMD.
pub(crate) fn utf16_to_latin1_portable(src: &[u16], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    let mut i = 0;
    while i + BLOCK <= n && src[i..i + BLOCK].iter().fold(true, |all, &u| all & (u <= 0xFF)) {
        dst[i..i + BLOCK].iter_mut().zip(&src[i..i + BLOCK]).for_each(|(d, &u)| *d = u as u8);
        i += BLOCK;
    }
    while i < n && src[i] <= 0xFF {
        dst[i] = src[i] as u8;
        i += 1;
    }
    i
}

/// Converts Latin-1 to UTF-8, as much as fits (whole characters): `(bytes
/// read, bytes written)` (encoding_rs's
/// `mem::convert_latin1_to_utf8_partial`, simdutf's
/// `convert_latin1_to_utf8`).
///
/// # Examples
///
/// ```
/// let mut dst = [0u8; 8];
/// assert_eq!(utfx_kernels::latin1_to_utf8(b"caf\xE9", &mut dst), (4, 5));
/// assert_eq!(&dst[..5], "café".as_bytes());
/// ```
pub fn latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let (r, w) = simd_start!(latin1_to_utf8_at_level(src, dst), (0, 0));
    let (r2, w2) = latin1_to_utf8_portable(&src[r..], &mut dst[w..]);
    (r + r2, w + w2)
}

/// Whether none of eight bytes has its high bit set.
#[inline(always)]
fn ascii_word(bytes: &[u8]) -> bool {
    bytes.iter().fold(0, |acc, &b| acc | b) < 0x80
}

/// [`latin1_to_utf8`] without SIMD.
pub(crate) fn latin1_to_utf8_portable(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let (mut i, mut o) = (0, 0);
    while i < src.len() {
        if i + 8 <= src.len() && o + 8 <= dst.len() && ascii_word(&src[i..i + 8]) {
            dst[o..o + 8].copy_from_slice(&src[i..i + 8]);
            (i, o) = (i + 8, o + 8);
            continue;
        }
        let b = src[i];
        if b < 0x80 {
            let Some(d) = dst.get_mut(o) else { break };
            *d = b;
            o += 1;
        } else {
            let Some(d) = dst.get_mut(o..o + 2) else { break };
            d.copy_from_slice(&[0xC0 | b >> 6, 0x80 | (b & 0x3F)]);
            o += 2;
        }
        i += 1;
    }
    (i, o)
}

/// Converts the leading characters of `src` up to U+00FF to Latin-1, as
/// many as fit, stopping before the first character above it: `(bytes
/// read, bytes written)` (encoding_rs's `mem::convert_utf8_to_latin1_lossy`
/// after `mem::str_latin1_up_to`, in one pass; simdutf's
/// `convert_utf8_to_latin1`, but giving the place).
///
/// # Examples
///
/// ```
/// let mut dst = [0u8; 8];
/// assert_eq!(utfx_kernels::utf8_to_latin1("café€", &mut dst), (5, 4));
/// assert_eq!(dst[..4], *b"caf\xE9");
/// ```
pub fn utf8_to_latin1(src: &str, dst: &mut [u8]) -> (usize, usize) {
    let (r, w) = simd_start!(utf8_to_latin1_at_level(src.as_bytes(), dst), (0, 0));
    let (r2, w2) = utf8_to_latin1_portable(&src.as_bytes()[r..], &mut dst[w..]);
    (r + r2, w + w2)
}

/// [`utf8_to_latin1`] without SIMD, over the bytes of a `str` from a
/// character boundary (on other bytes it stops somewhere, and writes only
/// where there is room).
pub(crate) fn utf8_to_latin1_portable(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let (mut i, mut o) = (0, 0);
    while i < src.len() && o < dst.len() {
        if i + 8 <= src.len() && o + 8 <= dst.len() && ascii_word(&src[i..i + 8]) {
            dst[o..o + 8].copy_from_slice(&src[i..i + 8]);
            (i, o) = (i + 8, o + 8);
            continue;
        }
        match (src[i], src.get(i + 1)) {
            (b @ 0..0x80, _) => {
                dst[o] = b;
                i += 1;
            }
            (lead @ 0xC2..=0xC3, Some(&next)) => {
                dst[o] = (lead & 3) << 6 | (next & 0x3F);
                i += 2;
            }
            _ => break,
        }
        o += 1;
    }
    (i, o)
}

#[cfg(test)]
mod tests;
