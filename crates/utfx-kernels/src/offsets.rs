//! The UTF-8 bit distribution with an offset per sequence length
//! ([`Utf8Offsets`]): a form of the UTF-8 family without overlong forms,
//! where each length's sequences stand for the values that follow the last
//! value of the length before. Its conversions to UTF-16
//! ([`offset_utf8_to_utf16`]) and from code points
//! ([`code_points_to_offset_utf8`]) in their portable forms, which the SIMD
//! kernels (`simd/offsets.rs`, decision 0031, and at `Level::Avx512` the
//! decoding of `avx512_offsets.rs`) match exactly.

use alloc::vec::Vec;

use crate::validate::Utf8Tables;

/// A form of the UTF-8 bit distribution with an offset per sequence length,
/// so that no value has two forms: a sequence of two bytes whose bits hold
/// `raw` stands for `first + raw`, and the sequences of each longer length,
/// in the order of their bits, stand for the values that follow the last one
/// of the length before, skipping the values of `gap` (which falls among
/// those of three bytes). The kernels take the sequences of one to four
/// bytes whose values are at most `max`, as Unicode scalar values.
///
/// | bytes | value |
/// |---|---|
/// | `0xxxxxxx` | `raw` |
/// | `110xxxxx 10xxxxxx` | `raw + first` |
/// | `1110xxxx 10xxxxxx 10xxxxxx` | `raw + first + 0x800`, and `+ gap.len()` from `gap.start` on |
/// | `11110xxx 10xxxxxx 10xxxxxx 10xxxxxx` | `raw + first + 0x10800 + gap.len()` |
///
/// # Examples
///
/// ```
/// use utfx_kernels::Utf8Offsets;
/// // Two-byte values from U+00A0 on, three-byte values skipping the
/// // surrogates, up to U+10FFFF.
/// let form = Utf8Offsets::new(0xA0, 0xD800, 0xE000, 0x10_FFFF).unwrap();
/// let mut units = [0u16; 8];
/// assert_eq!(utfx_kernels::offset_utf8_to_utf16(b"a\xC0\xAF", &mut units, &form), (3, 2));
/// assert_eq!(units[..2], [0x61, 0xCF]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Utf8Offsets {
    /// The value of `C0 80`, the first sequence of two bytes.
    pub(crate) first: u32,
    /// The values that no sequence stands for, `gap.0 .. gap.1`.
    pub(crate) gap: (u32, u32),
    /// The highest value the kernels take.
    pub(crate) max: u32,
    /// The validator's tables for the shapes of the sequences: any lead
    /// byte `C0..F7` followed by any continuation bytes.
    pub(crate) tables: Utf8Tables,
}

impl Utf8Offsets {
    /// Returns the form whose two-byte values start at `first` and whose
    /// three-byte values skip `gap_start .. gap_end`, taken by the kernels up
    /// to `max`; `None` where the kernels cannot take it: they need
    ///
    /// * `0x80 <= first`, and every two-byte value below `gap_start`;
    /// * a gap of whole blocks of 256 values among the three-byte values,
    ///   from above the first of them to at most `0xFF00`, that holds the
    ///   surrogates `0xD800..0xE000` (so that every value is a Unicode
    ///   scalar value);
    /// * `max` at most `0x10FFFF` and at least the last value of the
    ///   sequences of lead `F0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use utfx_kernels::Utf8Offsets;
    /// assert!(Utf8Offsets::new(0xA0, 0xD800, 0xE000, 0x10_FFFF).is_some());
    /// // A gap that leaves surrogates among the values.
    /// assert!(Utf8Offsets::new(0xA0, 0xD900, 0xE000, 0x10_FFFF).is_none());
    /// ```
    #[must_use]
    pub const fn new(first: u32, gap_start: u32, gap_end: u32, max: u32) -> Option<Utf8Offsets> {
        let three = first.wrapping_add(0x800);
        let fits = first >= 0x80
            && first + 0x7FF < gap_start
            && three < gap_start
            && gap_start.is_multiple_of(0x100)
            && gap_end.is_multiple_of(0x100)
            && gap_start <= 0xD800
            && gap_end >= 0xE000
            && gap_end <= 0xFF00
            && max <= 0x10_FFFF;
        if !fits {
            return None;
        }
        let form_four = three + 0x1_0000 + (gap_end - gap_start);
        if max < form_four + 0x3_FFFF {
            return None;
        }
        // Any continuation byte after any lead byte of two to four bytes.
        let mut second = [None; 64];
        let mut k = 0;
        while k < 0x38 {
            second[k] = Some((0x80, 0xBF));
            k += 1;
        }
        match Utf8Tables::new(&second) {
            Some(tables) => Some(Utf8Offsets { first, gap: (gap_start, gap_end), max, tables }),
            None => None,
        }
    }

    /// The offset of three-byte sequences below the gap.
    #[inline]
    pub(crate) const fn three(&self) -> u32 {
        self.first + 0x800
    }

    /// How many values the gap skips.
    #[inline]
    pub(crate) const fn gap_len(&self) -> u32 {
        self.gap.1 - self.gap.0
    }

    /// The offset of four-byte sequences, their first value.
    #[inline]
    pub(crate) const fn four(&self) -> u32 {
        self.three() + 0x1_0000 + self.gap_len()
    }

    /// Returns the value of a sequence of `len` bytes (1 to 4) whose bits
    /// hold `raw`.
    ///
    /// # Examples
    ///
    /// ```
    /// let form = utfx_kernels::Utf8Offsets::new(0xA0, 0xD800, 0xE000, 0x10_FFFF).unwrap();
    /// assert_eq!(form.value(2, 0x2F), 0xCF);
    /// assert_eq!(form.value(3, 0xCF5F), 0xD7FF);
    /// assert_eq!(form.value(3, 0xCF60), 0xE000);
    /// assert_eq!(form.value(4, 0), 0x110A0);
    /// ```
    #[must_use]
    #[inline]
    pub const fn value(&self, len: usize, raw: u32) -> u32 {
        match len {
            1 => raw,
            2 => raw + self.first,
            3 if raw + self.three() < self.gap.0 => raw + self.three(),
            3 => raw + self.three() + self.gap_len(),
            _ => raw + self.four(),
        }
    }

    /// Returns the sequence of `v` in the first bytes of the array and its
    /// length (1 to 4), or `None` where the kernels do not take it: a value
    /// no sequence of one to four bytes stands for (in the gap, between
    /// `0x7F` and `first`), or above `max`.
    ///
    /// # Examples
    ///
    /// ```
    /// let form = utfx_kernels::Utf8Offsets::new(0xA0, 0xD800, 0xE000, 0x10_FFFF).unwrap();
    /// assert_eq!(form.bytes(0xCF), Some(([0xC0, 0xAF, 0, 0], 2)));
    /// assert_eq!(form.bytes(0x85), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn bytes(&self, v: u32) -> Option<([u8; 4], usize)> {
        let (raw, len) = if v < 0x80 {
            return Some(([v as u8, 0, 0, 0], 1));
        } else if v < self.first {
            return None;
        } else if v < self.three() {
            (v - self.first, 2)
        } else if v < self.gap.0 {
            (v - self.three(), 3)
        } else if v < self.gap.1 {
            return None;
        } else if v < self.four() {
            (v - self.three() - self.gap_len(), 3)
        } else if v <= self.max {
            (v - self.four(), 4)
        } else {
            return None;
        };
        Some(match len {
            2 => ([0xC0 | (raw >> 6) as u8, 0x80 | (raw & 0x3F) as u8, 0, 0], 2),
            3 => ([0xE0 | (raw >> 12) as u8, 0x80 | ((raw >> 6) & 0x3F) as u8, 0x80 | (raw & 0x3F) as u8, 0], 3),
            _ => (
                [
                    0xF0 | (raw >> 18) as u8,
                    0x80 | ((raw >> 12) & 0x3F) as u8,
                    0x80 | ((raw >> 6) & 0x3F) as u8,
                    0x80 | (raw & 0x3F) as u8,
                ],
                4,
            ),
        })
    }

    /// The value and length of the sequence at the front of `bytes` (not
    /// empty), or `None` where the kernels stop: a byte that does not start
    /// a sequence of one to four bytes, a sequence that lacks continuation
    /// bytes or that the end of `bytes` cuts, a value above `max`.
    #[inline]
    pub(crate) fn read(&self, bytes: &[u8]) -> Option<(u32, usize)> {
        let b0 = bytes[0];
        let len = match b0 {
            0x00..=0x7F => return Some((u32::from(b0), 1)),
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            _ => return None,
        };
        let seq = bytes.get(..len)?;
        let mut raw = u32::from(b0) & (0x7F >> len);
        for &b in &seq[1..] {
            if b & 0xC0 != 0x80 {
                return None;
            }
            raw = (raw << 6) | u32::from(b & 0x3F);
        }
        let v = self.value(len, raw);
        (v <= self.max).then_some((v, len))
    }
}

/// Decodes the longest prefix of `src` that holds sequences of one to four
/// bytes of `form` whose values are at most its `max`, into UTF-16 code
/// units in `dst`, as much as fits, and returns (bytes read, units written).
/// It stops before anything else: a byte that does not start such a
/// sequence (a continuation byte, `F8..FF`), a sequence that lacks
/// continuation bytes or that the end of `src` cuts, a value above `max`,
/// a character that does not fit in `dst`.
///
/// # Examples
///
/// ```
/// use utfx_kernels::Utf8Offsets;
/// let form = Utf8Offsets::new(0xA0, 0xD800, 0xE000, 0x10_FFFF).unwrap();
/// let mut units = [0u16; 8];
/// // U+1F600 as four bytes, then a reserved byte.
/// let (read, written) = utfx_kernels::offset_utf8_to_utf16(b"\xF0\x8E\x95\xA0\xFE", &mut units, &form);
/// assert_eq!((read, &units[..written]), (4, &[0xD83D, 0xDE00][..]));
/// ```
#[must_use]
pub fn offset_utf8_to_utf16(src: &[u8], dst: &mut [u16], form: &Utf8Offsets) -> (usize, usize) {
    #[cfg(all(target_arch = "x86_64", feature = "std", utfx_kernels_avx512))]
    if let Some(done) = crate::avx512_offsets::offset_utf8_to_utf16_at_level(src, dst, form) {
        return done;
    }
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    if let Some(done) = crate::simd::offset_utf8_to_utf16_at_level(src, dst, form) {
        return done;
    }
    offset_utf8_to_utf16_portable(src, dst, form)
}

/// The portable form of [`offset_utf8_to_utf16`].
pub(crate) fn offset_utf8_to_utf16_portable(src: &[u8], dst: &mut [u16], form: &Utf8Offsets) -> (usize, usize) {
    let (i, o, _) = decode_chars(src, 0, src.len(), dst, 0, form);
    (i, o)
}

/// Decodes whole characters of `src` from `i` (a sequence boundary) into
/// `dst` from `o` while they start before `end`, as
/// [`offset_utf8_to_utf16`] does, and returns the new `i` and `o` and
/// whether it stopped before a character it does not take (or that does
/// not fit). The SIMD kernels run it where their blocks do not go.
#[inline]
pub(crate) fn decode_chars(
    src: &[u8],
    mut i: usize,
    end: usize,
    dst: &mut [u16],
    mut o: usize,
    form: &Utf8Offsets,
) -> (usize, usize, bool) {
    while i < end {
        if src[i] < 0x80 {
            // A run of ASCII, found a word at a time (as far as the room
            // goes, 4 KiB at most: the widening then reads from the cache),
            // then widened in one loop.
            let room = (dst.len() - o).min(4096);
            let n = crate::portable::ascii_prefix(&src[i..end.min(i + room)]);
            if n == 0 {
                return (i, o, true);
            }
            for (d, &b) in dst[o..o + n].iter_mut().zip(&src[i..i + n]) {
                *d = u16::from(b);
            }
            i += n;
            o += n;
            continue;
        }
        let Some((v, len)) = form.read(&src[i..]) else { return (i, o, true) };
        if v < 0x1_0000 {
            let Some(d) = dst.get_mut(o) else { return (i, o, true) };
            *d = v as u16;
            o += 1;
        } else {
            let Some(pair) = dst.get_mut(o..o + 2) else { return (i, o, true) };
            pair.copy_from_slice(&crate::split_surrogates(v));
            o += 2;
        }
        i += len;
    }
    (i, o, false)
}

/// Appends the sequences of `form` of the leading code points of `src`
/// that it takes (values of one to four bytes up to its `max`, see
/// [`Utf8Offsets::bytes`]) to `out`, and returns how many code points it
/// took.
///
/// # Examples
///
/// ```
/// use utfx_kernels::Utf8Offsets;
/// let form = Utf8Offsets::new(0xA0, 0xD800, 0xE000, 0x10_FFFF).unwrap();
/// let mut out = Vec::new();
/// assert_eq!(utfx_kernels::code_points_to_offset_utf8(&[0x61, 0xCF, 0x1F600, 0x85], &mut out, &form), 3);
/// assert_eq!(out, b"a\xC0\xAF\xF0\x8E\x95\xA0");
/// ```
pub fn code_points_to_offset_utf8(src: &[u32], out: &mut Vec<u8>, form: &Utf8Offsets) -> usize {
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    if let Some(taken) = crate::simd::code_points_to_offset_utf8_at_level(src, out, form) {
        return taken;
    }
    code_points_to_offset_utf8_portable(src, out, form)
}

/// Encodes the leading code points of `src` that `form` takes (as
/// [`code_points_to_offset_utf8`] takes them) into `dst`, as many as fit:
/// (code points read, bytes written).
///
/// # Examples
///
/// ```
/// use utfx_kernels::Utf8Offsets;
/// let form = Utf8Offsets::new(0xA0, 0xD800, 0xE000, 0x10_FFFF).unwrap();
/// let mut bytes = [0u8; 4];
/// assert_eq!(utfx_kernels::code_points_to_offset_utf8_slice(&[0x61, 0xCF, 0x1F600], &mut bytes, &form), (2, 3));
/// assert_eq!(&bytes[..3], b"a\xC0\xAF");
/// ```
#[must_use]
pub fn code_points_to_offset_utf8_slice(src: &[u32], dst: &mut [u8], form: &Utf8Offsets) -> (usize, usize) {
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    if let Some(done) = crate::simd::code_points_to_offset_utf8_slice_at_level(src, dst, form) {
        return done;
    }
    encode_chars(src, dst, form)
}

/// The portable form of [`code_points_to_offset_utf8`]: a block of code
/// points at a time into room of four bytes each, cut back to what was
/// written (growing the `Vec` a code point at a time costs more than the
/// encoding).
pub(crate) fn code_points_to_offset_utf8_portable(src: &[u32], out: &mut Vec<u8>, form: &Utf8Offsets) -> usize {
    const BLOCK: usize = 1024;
    let mut read = 0;
    for block in src.chunks(BLOCK) {
        let start = out.len();
        out.resize(start + 4 * block.len(), 0);
        let (done, written) = encode_chars(block, &mut out[start..], form);
        out.truncate(start + written);
        read += done;
        if done < block.len() {
            break;
        }
    }
    read
}

/// Encodes the leading code points of `src` that `form` takes into `dst`
/// while they fit: (code points read, bytes written). The portable form of
/// [`code_points_to_offset_utf8_slice`].
#[inline]
pub(crate) fn encode_chars(src: &[u32], dst: &mut [u8], form: &Utf8Offsets) -> (usize, usize) {
    let (mut i, mut o) = (0, 0);
    while let Some(&v) = src.get(i) {
        if v < 0x80 {
            let Some(d) = dst.get_mut(o) else { break };
            *d = v as u8;
            i += 1;
            o += 1;
            continue;
        }
        let Some((bytes, len)) = form.bytes(v) else { break };
        let Some(d) = dst.get_mut(o..o + len) else { break };
        d.copy_from_slice(&bytes[..len]);
        i += 1;
        o += len;
    }
    (i, o)
}

#[cfg(test)]
mod tests;
