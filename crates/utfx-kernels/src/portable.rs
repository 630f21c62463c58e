//! The portable forms of the kernels: plain safe Rust, word at a time
//! where it pays, run wherever no SIMD kernel is (every target but x86-64
//! with AVX2, and after [`crate::force_portable`]), and the reference the
//! SIMD kernels are tested against.

use crate::{SHORT, read_char, utf16_to_utf8, valid_utf8_to_utf16};

/// The portable form of [`crate::ascii_prefix`].
#[inline]
pub(crate) fn ascii_prefix(bytes: &[u8]) -> usize {
    let mut i = 0;
    for chunk in bytes.chunks_exact(8) {
        let word = u64::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3], chunk[4], chunk[5], chunk[6], chunk[7]]);
        if word & HIGH_BITS != 0 {
            break;
        }
        i += 8;
    }
    i + bytes[i..].iter().take_while(|b| b.is_ascii()).count()
}

/// The portable form of [`crate::utf16_prefix`].
#[inline]
pub(crate) fn utf16_prefix(len: usize, unit: impl Fn(usize) -> u16) -> usize {
    let mut i = 0;
    while i < len {
        // Runs without surrogates, sixteen units at a time.
        // (A fold, not `all`, so that the block compiles to vector code.)
        while i + 16 <= len && !(i..i + 16).fold(false, |any, k| any | (unit(k) & 0xF800 == 0xD800)) {
            i += 16;
        }
        // A block with surrogates: unit by unit to its end (and past it to
        // finish a pair), before trying whole blocks again.
        let end = (i + 16).min(len);
        while i < end {
            match unit(i) {
                0xD800..=0xDBFF if i + 1 < len && (0xDC00..=0xDFFF).contains(&unit(i + 1)) => i += 2,
                0xD800..=0xDFFF => return i,
                _ => i += 1,
            }
        }
    }
    i
}

/// How many units or bytes the ASCII paths take at a time: 16, two words
/// of eight bytes, which the compiler also turns into one 128-bit vector
/// where the target has them (as encoding_rs's ASCII strides).
const STRIDE: usize = 16;

/// How many bytes at the front of a [`STRIDE`] of bytes are ASCII: the
/// high bits of two words, the first one set found by counting zeros.
#[inline(always)]
fn ascii_len(stride: &[u8]) -> usize {
    let word = |k: usize| {
        let c = &stride[k..k + 8];
        u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]) & HIGH_BITS
    };
    let (low, high) = (word(0), word(8));
    if low != 0 {
        (low.trailing_zeros() / 8) as usize
    } else if high != 0 {
        8 + (high.trailing_zeros() / 8) as usize
    } else {
        STRIDE
    }
}

/// UTF-16 code units read by index, for [`units_to_utf8`]: a slice or a
/// caller's function (the bytes forms go through a slice a block at a
/// time).
pub(crate) trait Units {
    /// How many units there are.
    fn count(&self) -> usize;
    /// The unit at `k`, for `k < count()`.
    fn unit(&self, k: usize) -> u16;
    /// Writes the [`STRIDE`] units from `k` to `out`, each cut to its low
    /// byte, and returns whether they were all ASCII; `false` (and
    /// nothing written) where fewer than [`STRIDE`] units are left.
    #[inline(always)]
    fn narrow(&self, k: usize, out: &mut [u8; STRIDE]) -> bool {
        k + STRIDE <= self.count() && narrow(&core::array::from_fn(|j| self.unit(k + j)), out)
    }
    /// The four units from `k` as the 16-bit lanes of a word, the first
    /// lowest; `None` where fewer than four are left.
    #[inline(always)]
    fn four(&self, k: usize) -> Option<u64> {
        (k + 4 <= self.count()).then(|| (0..4).fold(0, |word, j| word | u64::from(self.unit(k + j)) << (16 * j)))
    }
}

/// Writes `units` to `out`, each cut to its low byte, and returns whether
/// they were all ASCII.
#[inline(always)]
fn narrow(units: &[u16; STRIDE], out: &mut [u8; STRIDE]) -> bool {
    for (d, &unit) in out.iter_mut().zip(units) {
        *d = unit as u8;
    }
    // (A fold, not `all`, so that the test is vector code.)
    units.iter().fold(0, |any, &unit| any | unit) < 0x80
}

/// Units in a slice.
pub(crate) struct Slice<'a>(pub(crate) &'a [u16]);

impl Units for Slice<'_> {
    #[inline(always)]
    fn count(&self) -> usize {
        self.0.len()
    }
    #[inline(always)]
    fn unit(&self, k: usize) -> u16 {
        self.0[k]
    }
    #[inline(always)]
    fn narrow(&self, k: usize, out: &mut [u8; STRIDE]) -> bool {
        self.0.get(k..).and_then(<[u16]>::first_chunk).is_some_and(|units| narrow(units, out))
    }
    #[inline(always)]
    fn four(&self, k: usize) -> Option<u64> {
        let &[a, b, c, d] = self.0.get(k..).and_then(<[u16]>::first_chunk::<4>)?;
        Some(u64::from(a) | u64::from(b) << 16 | u64::from(c) << 32 | u64::from(d) << 48)
    }
}

/// Whether each 16-bit lane of `word` is a unit of a two-byte character,
/// 80..800: no bit above the eleventh set, and one of bits 7 to 10 (which
/// carries into the lane's top bit when `7FFF` is added, never past it).
#[inline(always)]
fn two_byte_lanes(word: u64) -> bool {
    word & (0xF800 * LANES) == 0 && ((word & (0x0780 * LANES)) + 0x7FFF * LANES) & (0x8000 * LANES) == 0x8000 * LANES
}

/// The UTF-8 of the four two-byte characters in the lanes of `word`
/// ([`two_byte_lanes`]), in memory order as a little-endian word: each
/// lane's `110xxxxx 10xxxxxx`, the lead byte first.
#[inline(always)]
fn two_byte_utf8(word: u64) -> u64 {
    ((word >> 6) & (0x001F * LANES)) | ((word & (0x003F * LANES)) << 8) | (0x80C0 * LANES)
}

/// A one in each 16-bit lane of a word.
const LANES: u64 = 0x0001_0001_0001_0001;

/// Whether a 16-bit lane of `word` holds a surrogate, D800..E000: a lane
/// whose top five bits are `11011`, that is, zero after `D800` is taken
/// off them (found as in "has a zero byte", which is exact for whether
/// there is one).
#[inline(always)]
fn surrogate_lanes(word: u64) -> bool {
    let x = (word & (0xF800 * LANES)) ^ (0xD800 * LANES);
    x.wrapping_sub(LANES) & !x & (0x8000 * LANES) != 0
}

/// The bytes [`bmp_utf8`] may write for four units: their UTF-8, at most
/// 12 bytes, and up to 4 past its last character (each character's bytes
/// are written as a word of four, and the offset of each is kept under 16
/// for the compiler to see that no write goes past the end).
const GROUP_ROOM: usize = 20;

/// Writes the UTF-8 of the four units in the lanes of `word` (the first
/// lowest; no surrogate among them) to the front of `out` (bytes past the
/// UTF-8 are written too, to be written over next) and returns its
/// length, without a branch per unit:
///
/// | the lanes | how |
/// |---|---|
/// | one- and two-byte | each lane's two-byte form or its unit where ASCII (whose high byte is zero), put end to end in a word |
/// | four three-byte | each one's three bytes at a fixed place |
/// | one- and three-byte, all three lengths | each unit's bytes, chosen from its forms, as a word at the end of those before it |
#[inline(always)]
fn bmp_utf8(word: u64, out: &mut [u8; GROUP_ROOM]) -> usize {
    let wide = word & (0xF800 * LANES);
    if wide == 0 {
        let long = (word + 0x7F80 * LANES) & (0x8000 * LANES);
        let two = two_byte_utf8(word);
        if long == 0x8000 * LANES {
            out[..8].copy_from_slice(&two.to_le_bytes());
            return 8;
        }
        let mask = (long >> 15) * 0xFFFF;
        let lanes = word ^ ((word ^ two) & mask);
        // The bytes before each lane, less its index: the two-byte lanes
        // before it (a running sum in every lane, from one multiply).
        let before = (long >> 15).wrapping_mul(LANES);
        let lane = |j: u32| (lanes >> (16 * j)) & 0xFFFF;
        let at = |j: u32| 8 * (u64::from(j) + ((before >> (16 * (j - 1))) & 0xFFFF));
        let acc = lane(0) | lane(1) << at(1) | lane(2) << at(2) | lane(3) << at(3);
        out[..8].copy_from_slice(&acc.to_le_bytes());
        return 4 + (before >> 48) as usize;
    }
    // RFC 3629's `1110xxxx 10xxxxxx 10xxxxxx` in memory order.
    let three = |u: u64| 0x0080_80E0 | (u >> 12) | ((u << 2) & 0x3F00) | ((u << 16) & 0x3F_0000);
    let unit = |j: usize| (word >> (16 * j)) & 0xFFFF;
    // The lanes of 800 or more (top bit of each lane), and of 80..800.
    let wide_lanes = ((wide >> 1) + 0x7C00 * LANES) & (0x8000 * LANES);
    let two_lanes = ((word & (0x0780 * LANES)) + 0x7F80 * LANES) & !wide_lanes & (0x8000 * LANES);
    if wide_lanes == 0x8000 * LANES {
        for j in 0..4 {
            out[3 * j..3 * j + 4].copy_from_slice(&(three(unit(j)) as u32).to_le_bytes());
        }
        return 12;
    }
    let mut n = 0;
    for j in 0..4 {
        let u = unit(j);
        let bytes = if two_lanes == 0 {
            if u >= 0x80 { three(u) } else { u }
        } else if u >= 0x800 {
            three(u)
        } else if u >= 0x80 {
            0x80C0 | (u >> 6) | ((u & 0x3F) << 8)
        } else {
            u
        };
        let at = n & 15;
        out[at..at + 4].copy_from_slice(&(bytes as u32).to_le_bytes());
        n += 1 + usize::from(u >= 0x80) + usize::from(u >= 0x800);
    }
    n
}

/// Units read through a caller's function, `len` of them.
pub(crate) struct ByFn<F>(pub(crate) usize, pub(crate) F);

impl<F: Fn(usize) -> u16> Units for ByFn<F> {
    #[inline(always)]
    fn count(&self) -> usize {
        self.0
    }
    #[inline(always)]
    fn unit(&self, k: usize) -> u16 {
        (self.1)(k)
    }
}

/// The portable form of [`crate::units_to_utf8`] and of the conversions
/// from UTF-16 to UTF-8 ([`crate::utf16_to_utf8`], the bytes forms).
#[inline]
pub(crate) fn units_to_utf8<U: Units>(src: &U, dst: &mut [u8]) -> (usize, usize) {
    let (read, written, _) = units_to_utf8_counted(src, dst);
    (read, written)
}

/// [`units_to_utf8`], also returning the surrogate pairs it read, from
/// which the code points follow (units read less pairs) without a second
/// pass.
#[inline]
pub(crate) fn units_to_utf8_counted<U: Units>(src: &U, dst: &mut [u8]) -> (usize, usize, usize) {
    let len = src.count();
    let (mut i, mut o, mut pairs) = (0, 0, 0);
    while i < len {
        let u = u32::from(src.unit(i));
        // ASCII, a stride at a time while it lasts: each stride narrowed
        // whole, then as much of it kept as is ASCII (the bytes after
        // that are written over next).
        if u < 0x80 && i + STRIDE <= len && o + STRIDE <= dst.len() {
            // A space or punctuation between letters of another script
            // alone, without a stride.
            if src.unit(i + 1) >= 0x80 {
                dst[o] = u as u8;
                i += 1;
                o += 1;
                continue;
            }
            while i + STRIDE <= len {
                let Some(out) = dst.get_mut(o..).and_then(<[u8]>::first_chunk_mut) else { break };
                if src.narrow(i, out) {
                    i += STRIDE;
                    o += STRIDE;
                } else {
                    let n = (i..len.min(i + STRIDE)).position(|k| src.unit(k) >= 0x80).unwrap_or(0);
                    i += n;
                    o += n;
                    break;
                }
            }
            continue;
        }
        // Surrogate pairs (a lead below DC00, then a trail), in a loop of
        // their own while they follow each other and four bytes fit.
        if u & 0xFC00 == 0xD800 && i + 1 < len && o + 4 <= dst.len() {
            let (mut u, mut next) = (u, u32::from(src.unit(i + 1)));
            let start = i;
            while next & 0xFC00 == 0xDC00 {
                let value = crate::join_surrogates(u as u16, next as u16);
                dst[o..o + 4].copy_from_slice(&[
                    0xF0 | (value >> 18) as u8,
                    0x80 | ((value >> 12) & 0x3F) as u8,
                    0x80 | ((value >> 6) & 0x3F) as u8,
                    0x80 | (value & 0x3F) as u8,
                ]);
                i += 2;
                o += 4;
                pairs += 1;
                if i + 1 >= len || o + 4 > dst.len() {
                    break;
                }
                (u, next) = (u32::from(src.unit(i)), u32::from(src.unit(i + 1)));
                if u & 0xFC00 != 0xD800 {
                    break;
                }
            }
            if i != start {
                continue;
            }
        }
        // Runs of two-byte (Cyrillic, Arabic) and of three-byte (CJK,
        // Indic) characters in loops of their own while four bytes fit,
        // with a single ASCII unit between two characters of the run
        // (a space, punctuation) taken in the loop.
        if u >= 0x80 && o + 4 <= dst.len() {
            // Text of one-, two- and three-byte characters (words of
            // Cyrillic, Arabic, Hangul, Devanagari between spaces, runs of
            // CJK), four units at a time without a branch per unit
            // ([`bmp_utf8`]) while no surrogate comes and they are not all
            // ASCII (the strides' turn).
            let start = i;
            while let Some(out) = dst.get_mut(o..).and_then(<[u8]>::first_chunk_mut::<GROUP_ROOM>)
                && let Some(word) = src.four(i)
                && !surrogate_lanes(word)
                && word & (0xFF80 * LANES) != 0
            {
                o += bmp_utf8(word, out);
                i += 4;
            }
            if i != start {
                continue;
            }
            let mut u = u;
            if u < 0x800 {
                let two = |u: u32| (0x80..0x800).contains(&u);
                loop {
                    dst[o..o + 2].copy_from_slice(&[0xC0 | (u >> 6) as u8, 0x80 | (u & 0x3F) as u8]);
                    i += 1;
                    o += 2;
                    // Then four characters from one word while the run
                    // lasts (a word at a time, as encoding_rs's ASCII).
                    while let Some(out) = dst.get_mut(o..).and_then(<[u8]>::first_chunk_mut::<8>)
                        && let Some(word) = src.four(i)
                        && two_byte_lanes(word)
                    {
                        *out = two_byte_utf8(word).to_le_bytes();
                        i += 4;
                        o += 8;
                    }
                    if i + 1 >= len || o + 4 > dst.len() {
                        break;
                    }
                    u = u32::from(src.unit(i));
                    if two(u) {
                        continue;
                    }
                    let next = u32::from(src.unit(i + 1));
                    if u >= 0x80 || !two(next) {
                        break;
                    }
                    dst[o] = u as u8;
                    i += 1;
                    o += 1;
                    u = next;
                }
                continue;
            }
            if u & 0xF800 != 0xD800 {
                let three = |u: u32| u >= 0x800 && u & 0xF800 != 0xD800;
                loop {
                    // Four bytes written, the last one over next (it fits:
                    // the loop runs while four bytes do).
                    let bytes = 0x0080_80E0 | (u >> 12) | ((u << 2) & 0x3F00) | ((u << 16) & 0x3F_0000);
                    dst[o..o + 4].copy_from_slice(&bytes.to_le_bytes());
                    i += 1;
                    o += 3;
                    if i + 1 >= len || o + 4 > dst.len() {
                        break;
                    }
                    u = u32::from(src.unit(i));
                    if three(u) {
                        continue;
                    }
                    let next = u32::from(src.unit(i + 1));
                    if u >= 0x80 || !three(next) || o + 5 > dst.len() {
                        break;
                    }
                    dst[o] = u as u8;
                    i += 1;
                    o += 1;
                    u = next;
                }
                continue;
            }
        }
        // While four bytes fit, only the unit decides.
        if o + 4 <= dst.len() {
            if u < 0x80 {
                dst[o] = u as u8;
                i += 1;
                o += 1;
                // ASCII, four at a time while it lasts.
                while i + 4 <= len && o + 4 <= dst.len() {
                    let (a, b, c, d) = (src.unit(i), src.unit(i + 1), src.unit(i + 2), src.unit(i + 3));
                    if (a | b | c | d) >= 0x80 {
                        break;
                    }
                    dst[o..o + 4].copy_from_slice(&[a as u8, b as u8, c as u8, d as u8]);
                    i += 4;
                    o += 4;
                }
                continue;
            }
            if u < 0x800 {
                dst[o] = 0xC0 | (u >> 6) as u8;
                dst[o + 1] = 0x80 | (u & 0x3F) as u8;
                i += 1;
                o += 2;
                continue;
            }
            if u & 0xF800 != 0xD800 {
                dst[o] = 0xE0 | (u >> 12) as u8;
                dst[o + 1] = 0x80 | ((u >> 6) & 0x3F) as u8;
                dst[o + 2] = 0x80 | (u & 0x3F) as u8;
                i += 1;
                o += 3;
                continue;
            }
        }
        let (value, units) = match u {
            0xD800..=0xDBFF => match (i + 1 < len).then(|| u32::from(src.unit(i + 1))) {
                Some(next @ 0xDC00..=0xDFFF) => (crate::join_surrogates(u as u16, next as u16), 2),
                _ => break,
            },
            0xDC00..=0xDFFF => break,
            _ => (u, 1),
        };
        let room = dst.len() - o;
        match value {
            0..=0x7F if room >= 1 => {
                dst[o] = value as u8;
                o += 1;
            }
            0x80..=0x7FF if room >= 2 => {
                dst[o] = 0xC0 | (value >> 6) as u8;
                dst[o + 1] = 0x80 | (value & 0x3F) as u8;
                o += 2;
            }
            0x800..=0xFFFF if room >= 3 => {
                dst[o] = 0xE0 | (value >> 12) as u8;
                dst[o + 1] = 0x80 | ((value >> 6) & 0x3F) as u8;
                dst[o + 2] = 0x80 | (value & 0x3F) as u8;
                o += 3;
            }
            0x1_0000.. if room >= 4 => {
                dst[o] = 0xF0 | (value >> 18) as u8;
                dst[o + 1] = 0x80 | ((value >> 12) & 0x3F) as u8;
                dst[o + 2] = 0x80 | ((value >> 6) & 0x3F) as u8;
                dst[o + 3] = 0x80 | (value & 0x3F) as u8;
                o += 4;
            }
            _ => break,
        }
        i += units;
        pairs += units - 1;
    }
    (i, o, pairs)
}

/// The portable form of [`crate::valid_utf8_to_utf16`].
pub(crate) fn valid_utf8_to_utf16_portable(bytes: &[u8], dst: &mut [u16]) -> (usize, usize) {
    let (mut i, mut o) = (0, 0);
    // While a whole character of any length fits on both sides, no check
    // but the lead byte's is needed.
    while i + 4 <= bytes.len() && o + 2 <= dst.len() {
        let b0 = bytes[i];
        if b0 < 0x80 {
            // A space or punctuation between letters of another script
            // alone; else ASCII a stride at a time while it lasts, each
            // stride widened whole, then as much of it kept as is ASCII
            // (the units after that are written over next).
            if bytes[i + 1] >= 0x80 || i + STRIDE > bytes.len() || o + STRIDE > dst.len() {
                dst[o] = u16::from(b0);
                i += 1;
                o += 1;
                continue;
            }
            while let (Some(stride), Some(out)) = (
                bytes.get(i..).and_then(<[u8]>::first_chunk::<STRIDE>),
                dst.get_mut(o..).and_then(<[u16]>::first_chunk_mut::<STRIDE>),
            ) {
                for (d, &b) in out.iter_mut().zip(stride) {
                    *d = u16::from(b);
                }
                let n = ascii_len(stride);
                i += n;
                o += n;
                if n < STRIDE {
                    break;
                }
            }
            continue;
        }
        // Runs of characters of one length (the lead's class: 80..DF,
        // E0..EF, F0..FF) in a loop of their own, while a whole character
        // of any length still fits on both sides.
        let (len, room) = (bytes.len(), dst.len());
        let fits = |i: usize, o: usize| i + 4 <= len && o + 2 <= room;
        let mut lead = b0;
        if b0 < 0xE0 {
            loop {
                dst[o] = ((u16::from(lead) & 0x1F) << 6) | u16::from(bytes[i + 1] & 0x3F);
                i += 2;
                o += 1;
                if !fits(i, o) || !(0x80..0xE0).contains(&bytes[i]) {
                    break;
                }
                lead = bytes[i];
            }
        } else if b0 < 0xF0 {
            loop {
                let (b1, b2) = (u16::from(bytes[i + 1] & 0x3F), u16::from(bytes[i + 2] & 0x3F));
                dst[o] = ((u16::from(lead) & 0x0F) << 12) | (b1 << 6) | b2;
                i += 3;
                o += 1;
                if !fits(i, o) || bytes[i] & 0xF0 != 0xE0 {
                    break;
                }
                lead = bytes[i];
            }
        } else {
            loop {
                let b1 = u32::from(bytes[i + 1] & 0x3F);
                let b2 = u32::from(bytes[i + 2] & 0x3F);
                let b3 = u32::from(bytes[i + 3] & 0x3F);
                let v = ((u32::from(lead) & 0x07) << 18) | (b1 << 12) | (b2 << 6) | b3;
                dst[o..o + 2].copy_from_slice(&crate::split_surrogates(v));
                i += 4;
                o += 2;
                if !fits(i, o) || bytes[i] < 0xF0 {
                    break;
                }
                lead = bytes[i];
            }
        }
    }
    // The last few bytes, each character checked against both ends.
    while i < bytes.len() {
        let Some((value, len)) = read_char(bytes, i) else { break };
        if value < 0x1_0000 {
            let Some(d) = dst.get_mut(o) else { break };
            *d = value as u16;
            o += 1;
        } else {
            if o + 2 > dst.len() {
                break;
            }
            dst[o..o + 2].copy_from_slice(&crate::split_surrogates(value));
            o += 2;
        }
        i += len;
    }
    (i, o)
}

/// The portable form of [`crate::valid_utf8_to_code_points`].
pub(crate) fn valid_utf8_to_code_points_portable(bytes: &[u8], out: &mut alloc::vec::Vec<u32>) -> usize {
    out.reserve(bytes.len());
    if bytes.len() < SHORT {
        // A character at a time: no buffer to fill for a few bytes.
        let mut i = 0;
        while let Some((value, len)) = read_char(bytes, i) {
            out.push(value);
            i += len;
        }
        return i;
    }
    // Through UTF-16 a block at a time: the kernels of this module do the
    // bit distribution, and a block without surrogates widens in vector
    // code.
    let mut units = [0u16; BLOCK];
    let mut i = 0;
    while i < bytes.len() {
        let (read, written) = valid_utf8_to_utf16(&bytes[i..], &mut units);
        if read == 0 {
            break;
        }
        crate::utf16_to_code_points(&units[..written], out);
        i += read;
    }
    i
}

/// The units of the stack buffers that the code point conversions go
/// through.
const BLOCK: usize = 1024;

/// [`crate::scalars_to_utf8`] a character at a time, for a few code points.
fn scalars_to_utf8_short(points: &[u32], out: &mut alloc::vec::Vec<u8>) -> usize {
    // Each length written on its own: a fixed-size copy per character,
    // where one of variable length would cost a call.
    for (n, cp) in points.iter().enumerate() {
        let v = *cp;
        match v {
            0..=0x7F => out.push(v as u8),
            0x80..=0x7FF => out.extend_from_slice(&[0xC0 | (v >> 6) as u8, 0x80 | (v & 0x3F) as u8]),
            0x800..=0xD7FF | 0xE000..=0xFFFF => out.extend_from_slice(&[
                0xE0 | (v >> 12) as u8,
                0x80 | ((v >> 6) & 0x3F) as u8,
                0x80 | (v & 0x3F) as u8,
            ]),
            0x1_0000..=0x10_FFFF => out.extend_from_slice(&[
                0xF0 | (v >> 18) as u8,
                0x80 | ((v >> 12) & 0x3F) as u8,
                0x80 | ((v >> 6) & 0x3F) as u8,
                0x80 | (v & 0x3F) as u8,
            ]),
            _ => return n,
        }
    }
    points.len()
}

/// Converts the leading Unicode scalar values of `points` to UTF-16 in
/// `dst`, as many as fit: (code points read, units written). It stops before
/// a surrogate or a value beyond U+10FFFF.
fn scalars_to_utf16(points: &[u32], dst: &mut [u16]) -> (usize, usize) {
    let (mut i, mut o) = (0, 0);
    while i < points.len() {
        // Sixteen code points of the BMP without surrogates at once.
        if i + 16 <= points.len() && o + 16 <= dst.len() {
            let block = &points[i..i + 16];
            if !block.iter().fold(false, |any, p| any | (*p > 0xFFFF) | (*p & 0xF800 == 0xD800)) {
                for (d, p) in dst[o..o + 16].iter_mut().zip(block) {
                    *d = *p as u16;
                }
                i += 16;
                o += 16;
                continue;
            }
        }
        // Otherwise one at a time to the end of the block.
        let end = (i + 16).min(points.len());
        while i < end {
            let v = points[i];
            match v {
                0xD800..=0xDFFF => return (i, o),
                0..=0xFFFF if o < dst.len() => {
                    dst[o] = v as u16;
                    o += 1;
                }
                0x1_0000..=0x10_FFFF if o + 2 <= dst.len() => {
                    dst[o..o + 2].copy_from_slice(&crate::split_surrogates(v));
                    o += 2;
                }
                _ => return (i, o),
            }
            i += 1;
        }
    }
    (i, o)
}

/// The portable form of [`crate::scalars_to_utf8`].
pub(crate) fn scalars_to_utf8_portable(points: &[u32], out: &mut alloc::vec::Vec<u8>) -> usize {
    out.reserve(points.len());
    if points.len() < SHORT {
        return scalars_to_utf8_short(points, out);
    }
    // Through UTF-16 a block at a time, for the UTF-16 to UTF-8 kernel.
    let mut units = [0u16; BLOCK];
    let mut bytes = [0u8; 3 * BLOCK];
    let mut n = 0;
    while n < points.len() {
        let (read, written) = scalars_to_utf16(&points[n..], &mut units);
        if read == 0 {
            break;
        }
        // Three bytes per unit at most: all of it fits.
        let (_, len) = utf16_to_utf8(&units[..written], &mut bytes);
        out.extend_from_slice(&bytes[..len]);
        n += read;
    }
    n
}

/// The portable form of [`crate::utf16_to_utf8`].
pub(crate) fn utf16_to_utf8_portable(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    units_to_utf8(&Slice(src), dst)
}

/// The portable form of [`crate::utf16_to_utf8_counted`]: (units read,
/// bytes written, code points).
pub(crate) fn utf16_to_utf8_counted(src: &[u16], dst: &mut [u8]) -> (usize, usize, usize) {
    let (read, written, pairs) = units_to_utf8_counted(&Slice(src), dst);
    (read, written, read - pairs)
}

/// The portable form of [`crate::utf16_bytes_to_utf8_counted`]: (units
/// read, bytes written, code points, counted from the pairs it reads).
pub(crate) fn utf16_bytes_to_utf8_counted(src: &[u8], big_endian: bool, dst: &mut [u8]) -> (usize, usize, usize) {
    if big_endian { utf16_bytes_to_utf8_in::<true>(src, dst) } else { utf16_bytes_to_utf8_in::<false>(src, dst) }
}

/// [`crate::utf16_bytes_to_utf8`] for one byte order (`BIG`): the units a
/// [`BLOCK`] at a time into a buffer on the stack (a copy the compiler
/// turns into vector code), each block through the slice form, whose
/// strides and words read a slice without a check per unit.
fn utf16_bytes_to_utf8_in<const BIG: bool>(src: &[u8], dst: &mut [u8]) -> (usize, usize, usize) {
    let count = src.len() / 2;
    let mut units = [0u16; BLOCK];
    let (mut i, mut o, mut pairs) = (0, 0, 0);
    while i < count {
        let n = (count - i).min(BLOCK);
        for (unit, pair) in units.iter_mut().zip(src[2 * i..2 * (i + n)].chunks_exact(2)) {
            let pair = [pair[0], pair[1]];
            *unit = if BIG { u16::from_be_bytes(pair) } else { u16::from_le_bytes(pair) };
        }
        let (read, written, paired) = units_to_utf8_counted(&Slice(&units[..n]), &mut dst[o..]);
        i += read;
        o += written;
        pairs += paired;
        // Stopped inside the block: for good (a lone surrogate, no room),
        // unless before the block's last unit, a lead surrogate whose trail
        // may be the next block's first (which then starts with it).
        let lead_at_end = read + 1 == n && units[read] & 0xFC00 == 0xD800 && i + 1 < count;
        if read < n && !(lead_at_end && read > 0) {
            break;
        }
    }
    (i, o, i - pairs)
}

/// The continuation bytes of `bytes`, for [`crate::count_utf8_code_points`]
/// without AVX2: summed in byte-wide lanes the compiler vectorizes (about
/// 2.5 times the speed of a 16-bit sum, which widens every byte).
pub(crate) fn count_continuations(bytes: &[u8]) -> usize {
    crate::lengths::sum_weights(bytes, 1, |b| u8::from((b as i8) < -0x40))
}

/// The number of lanes of [`crate::count_code_points`]: 64 is what the
/// compiler vectorizes (with 16 or 32 it does not).
const COUNT_LANES: usize = 64;

/// The trail surrogates of `units`, for [`crate::count_code_points`] without
/// AVX2.
pub(crate) fn count_trails(units: &[u16]) -> usize {
    // The trail surrogates, in 64 lanes of 16 bits, as above (about 1.3
    // times the speed of one 16-bit sum).
    let mut trails = 0;
    for block in units.chunks(u16::MAX as usize * COUNT_LANES) {
        let mut lanes = [0u16; COUNT_LANES];
        let mut rows = block.chunks_exact(COUNT_LANES);
        for row in &mut rows {
            for (lane, &u) in lanes.iter_mut().zip(row) {
                *lane += u16::from(u & 0xFC00 == 0xDC00);
            }
        }
        trails += lanes.iter().map(|&n| usize::from(n)).sum::<usize>();
        trails += rows.remainder().iter().filter(|&&u| u & 0xFC00 == 0xDC00).count();
    }
    trails
}

/// The high bit of each of eight bytes.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The portable forms against the standard library's conversions, around
/// the word and stride paths: ASCII runs of every length before and after
/// each class of character, every mix of classes, lone surrogates at every
/// position of a stride, and outputs of every size up to one short.
#[cfg(test)]
mod tests {
    use alloc::string::String;
    use alloc::vec::Vec;

    use super::{
        BLOCK, ByFn, ascii_prefix, units_to_utf8, utf16_bytes_to_utf8_counted, utf16_prefix, utf16_to_utf8_counted,
        utf16_to_utf8_portable, valid_utf8_to_utf16_portable,
    };

    /// One character of each UTF-8 length and UTF-16 form: ASCII, two-byte
    /// (lowest, highest), three-byte (lowest, below the surrogates, above
    /// them, highest), four-byte (lowest, highest).
    const CLASSES: [char; 9] =
        ['a', '\u{80}', '\u{7FF}', '\u{800}', '\u{D7FF}', '\u{E000}', '\u{FFFF}', '\u{10000}', '\u{10FFFF}'];

    /// The lengths of the ASCII runs around a character and the positions
    /// in a run that the sweeps take: every one up to past a stride and a
    /// half (24), or under Miri those at the edges of words and strides.
    fn positions() -> impl Iterator<Item = usize> {
        (0..=24).filter(|n| !cfg!(any(miri, utfx_slow_runner)) || [0, 1, 7, 8, 9, 15, 16, 17].contains(n))
    }

    /// The classes the sweeps take: all of them, or under Miri one of each
    /// length.
    fn classes() -> impl Iterator<Item = char> {
        CLASSES
            .into_iter()
            .filter(|c| !cfg!(any(miri, utfx_slow_runner)) || ['a', '\u{7FF}', '\u{FFFF}', '\u{10000}'].contains(c))
    }

    /// What UTF-8 to UTF-16 into `room` units must give, from `chars`:
    /// (bytes read, the units).
    fn utf8_expected(text: &str, room: usize) -> (usize, Vec<u16>) {
        let (mut read, mut units) = (0, Vec::new());
        for c in text.chars() {
            if units.len() + c.len_utf16() > room {
                break;
            }
            units.extend(c.encode_utf16(&mut [0; 2]).iter());
            read += c.len_utf8();
        }
        (read, units)
    }

    /// What UTF-16 to UTF-8 into `room` bytes must give, from
    /// `char::decode_utf16`: (units read, the bytes); it stops at the first
    /// lone surrogate.
    fn utf16_expected(units: &[u16], room: usize) -> (usize, Vec<u8>) {
        let (mut read, mut bytes) = (0, Vec::new());
        for c in char::decode_utf16(units.iter().copied()) {
            let Ok(c) = c else { break };
            if bytes.len() + c.len_utf8() > room {
                break;
            }
            bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
            read += c.len_utf16();
        }
        (read, bytes)
    }

    /// UTF-8 to UTF-16 of `text` into every output size in `rooms` and into
    /// room to spare, from an input that starts `shift` bytes into its
    /// buffer.
    fn check_utf8(text: &str, rooms: impl Iterator<Item = usize>, shift: usize) {
        let mut buffer = alloc::vec![b'-'; shift];
        buffer.extend_from_slice(text.as_bytes());
        let bytes = &buffer[shift..];
        for room in rooms.chain([text.len() + 8]) {
            let mut dst = alloc::vec![0u16; room];
            let (read, written) = valid_utf8_to_utf16_portable(bytes, &mut dst);
            let (want_read, want) = utf8_expected(text, room);
            assert_eq!((read, &dst[..written]), (want_read, &want[..]), "{text:?} into {room}");
        }
    }

    /// UTF-16 to UTF-8 of `units` into every output size in `rooms` and
    /// into room to spare, through the slice, both byte orders and a
    /// function.
    fn check_utf16(units: &[u16], rooms: impl Iterator<Item = usize>) {
        let little: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
        let big: Vec<u8> = units.iter().flat_map(|u| u.to_be_bytes()).collect();
        for room in rooms.chain([3 * units.len() + 8]) {
            let (want_read, want) = utf16_expected(units, room);
            let mut dst = alloc::vec![0u8; room];
            let (read, written) = utf16_to_utf8_portable(units, &mut dst);
            assert_eq!((read, &dst[..written]), (want_read, &want[..]), "{units:04X?} into {room}");
            for (bytes, big_endian) in [(&little, false), (&big, true)] {
                let mut dst = alloc::vec![0u8; room];
                let (read, written, _) = utf16_bytes_to_utf8_counted(bytes, big_endian, &mut dst);
                assert_eq!((read, &dst[..written]), (want_read, &want[..]), "big-endian {big_endian}");
            }
            let mut dst = alloc::vec![0u8; room];
            let (read, written) = units_to_utf8(&ByFn(units.len(), |k| units[k]), &mut dst);
            assert_eq!((read, &dst[..written]), (want_read, &want[..]), "through a function");
        }
        let valid = char::decode_utf16(units.iter().copied()).map_while(Result::ok).map(char::len_utf16).sum::<usize>();
        assert_eq!(utf16_prefix(units.len(), |k| units[k]), valid, "{units:04X?}");
    }

    /// The output sizes worth trying for a text that needs `full`: all of
    /// them for short texts, else the few around each end; under Miri one
    /// short, exact and one more.
    fn rooms(full: usize) -> impl Iterator<Item = usize> {
        (0..=full + 1).filter(move |&n| {
            if cfg!(any(miri, utfx_slow_runner)) { n + 2 > full } else { full <= 40 || n < 5 || n + 5 > full }
        })
    }

    #[test]
    fn ascii_runs_around_each_class() {
        for c in classes() {
            for before in positions() {
                for after in positions().filter(|n| !cfg!(any(miri, utfx_slow_runner)) || [0, 1, 16].contains(n)) {
                    let mut text = String::from(&"0123456789abcdefghijklmnopqrstuvwxyz"[..before]);
                    text.push(c);
                    text.extend("ZYXWVUTSRQPONMLKJIHGFEDCBA".chars().take(after));
                    check_utf8(&text, rooms(text.encode_utf16().count()), before % 8);
                    let units: Vec<u16> = text.encode_utf16().collect();
                    check_utf16(&units, rooms(text.len()));
                    assert_eq!(ascii_prefix(text.as_bytes()), if c.is_ascii() { text.len() } else { before });
                }
            }
        }
    }

    #[test]
    fn every_mix_of_classes() {
        // Every sequence of up to four (three under Miri) characters, with
        // an ASCII run before it that puts it at each position of a stride.
        let depth = if cfg!(any(miri, utfx_slow_runner)) { 2 } else { 4 };
        let mut mixes: Vec<String> = alloc::vec![String::new()];
        let mut level = mixes.clone();
        for _ in 0..depth {
            level = level.iter().flat_map(|m| classes().map(move |c| alloc::format!("{m}{c}"))).collect();
            mixes.extend_from_slice(&level);
        }
        let leads =
            if cfg!(any(miri, utfx_slow_runner)) { [0, 15].as_slice() } else { &[0, 1, 7, 8, 13, 14, 15, 16, 17] };
        for mix in &mixes {
            for &lead in leads {
                let text = alloc::format!("{}{mix}{mix}", "-".repeat(lead));
                let units: Vec<u16> = text.encode_utf16().collect();
                let (full8, full16) = (text.len(), units.len());
                check_utf8(&text, [full16, full16.saturating_sub(1)].into_iter(), 0);
                check_utf16(&units, [full8, full8.saturating_sub(1)].into_iter());
            }
        }
    }

    #[test]
    fn pairs_and_lone_surrogates_across_the_bytes_forms_blocks() {
        // The bytes forms convert a `BLOCK` of units at a time: a pair cut
        // by a block's end, a lone surrogate at each position around it,
        // and output that ends there, in runs of each class.
        let cuts: [&[u16]; 4] = [&[0xD83D, 0xDCA9], &[0xD800, 0x41], &[0xDC00], &[0xD800]];
        let positions = if cfg!(any(miri, utfx_slow_runner)) { BLOCK - 1..BLOCK } else { BLOCK - 3..BLOCK + 2 };
        for fill in [0x61, 0xE9, 0x4E2D] {
            for at in positions.clone() {
                for cut in cuts {
                    let mut units = alloc::vec![fill; at];
                    units.extend_from_slice(cut);
                    units.extend(core::iter::repeat_n(fill, 20));
                    let full: usize = utf16_expected(&units, usize::MAX).1.len();
                    let boundary = utf16_expected(&units[..at], usize::MAX).1.len();
                    let near = [boundary, boundary + 1, boundary + 3, boundary + 4, full - 1, full];
                    check_utf16(&units, near.into_iter());
                }
            }
        }
    }

    #[test]
    fn lone_surrogates_at_every_position() {
        // A lone lead (before ASCII, before another lead, last), a lone
        // trail, and a trail before a lead, in runs of ASCII, of two-byte
        // and of three-byte characters, at each position up to past a
        // stride and a half.
        let lones: [&[u16]; 5] = [&[0xD800, 0x41], &[0xDBFF, 0xD800, 0xDC00], &[0xDBFF], &[0xDC00], &[0xDFFF, 0xD800]];
        for fill in [0x61, 0xE9, 0x4E2D] {
            for at in positions() {
                for lone in lones {
                    let mut units = alloc::vec![fill; at];
                    units.extend_from_slice(lone);
                    units.extend(core::iter::repeat_n(fill, 20));
                    let full: usize = utf16_expected(&units, usize::MAX).1.len();
                    check_utf16(&units, rooms(full));
                }
            }
        }
    }

    #[test]
    fn every_class_at_every_position_of_the_groups_of_four() {
        // The runs of one- to three-byte characters go four units at a
        // time from their first unit that is not ASCII, and pairs in a loop
        // of their own: in runs of two-byte, of three-byte, of each of them
        // mixed with ASCII and of both, each class of unit (a lone lead or
        // trail, a pair, two pairs, a pair and two trails) at each position
        // of the first two groups, after 0 to 3 ASCII units, the input cut
        // at every length and the output at every size; the code points
        // counted, against `char::decode_utf16`.
        let fills: [&[u16]; 5] = [
            &[0x416, 0x5D1, 0x7BE, 0xE9, 0x43F],
            &[0x4E2D, 0xAC01, 0x915, 0xFFFD, 0x3042],
            &[0x416, 0x20, 0x5D1, 0x2E, 0x7BE, 0x41, 0x43F],
            &[0xD55C, 0x20, 0x20, 0xAC01, 0x2C, 0x915, 0x7E],
            &[0x416, 0x4E2D, 0x5D1, 0xAC01],
        ];
        let odd: [&[u16]; 12] = [
            &[0x41],
            &[0x80],
            &[0x400],
            &[0x7FF],
            &[0x800],
            &[0xFFFF],
            &[0xD800],
            &[0xDFFF],
            &[0xD83D, 0xDCA9],
            &[0xDBFF, 0xDC00],
            &[0xD83D, 0xDE00, 0xD800, 0xDFFF],
            &[0xD83D, 0xDE00, 0xDC00, 0xDFFF],
        ];
        let leads = if cfg!(any(miri, utfx_slow_runner)) { 0..1 } else { 0..4 };
        for fill in fills {
            for lead in leads.clone() {
                for at in 0..9 {
                    for special in odd {
                        let mut units = alloc::vec![0x2D; lead];
                        units.extend(fill.iter().copied().cycle().take(at));
                        units.extend_from_slice(special);
                        units.extend(fill.iter().copied().cycle().skip(at).take(12 - at));
                        // (Room to spare past a lone surrogate too: the
                        // groups run while 16 bytes fit.)
                        for cut in 0..=units.len() {
                            check_counted(&units[..cut], 3 * cut + 16);
                        }
                        for room in 0..=3 * units.len() + 16 {
                            check_counted(&units, room);
                        }
                    }
                }
            }
        }
    }

    /// UTF-16 to UTF-8 of `units` into `room` bytes through the counting
    /// forms, the slice's and the bytes' (both byte orders): what
    /// `char::decode_utf16` gives, and its count of code points.
    fn check_counted(units: &[u16], room: usize) {
        let (want_read, want) = utf16_expected(units, room);
        let points = char::decode_utf16(units[..want_read].iter().copied()).count();
        let mut dst = alloc::vec![0u8; room];
        let (read, written, counted) = utf16_to_utf8_counted(units, &mut dst);
        assert_eq!((read, &dst[..written], counted), (want_read, &want[..], points), "{units:04X?} into {room}");
        for big_endian in [false, true] {
            let bytes: Vec<u8> =
                units.iter().flat_map(|u| if big_endian { u.to_be_bytes() } else { u.to_le_bytes() }).collect();
            let mut dst = alloc::vec![0u8; room];
            let (read, written, counted) = utf16_bytes_to_utf8_counted(&bytes, big_endian, &mut dst);
            assert_eq!((read, &dst[..written], counted), (want_read, &want[..], points), "big-endian {big_endian}");
        }
    }

    #[test]
    fn generalized_utf8_decodes_by_its_bits() {
        // Surrogates' three bytes (WTF-8, CESU-8) and C0 80 (Modified
        // UTF-8) give their units, by the bit distribution of RFC 3629's
        // table, around ASCII runs.
        for before in positions() {
            for (seq, unit) in
                [([0xED, 0xA0, 0x80].as_slice(), 0xD800), (&[0xED, 0xBF, 0xBF], 0xDFFF), (&[0xC0, 0x80], 0)]
            {
                let mut bytes = alloc::vec![b'x'; before];
                bytes.extend_from_slice(seq);
                bytes.extend_from_slice(b"yz");
                let mut want: Vec<u16> = alloc::vec![0x78; before];
                want.extend([unit, 0x79, 0x7A]);
                let mut dst = alloc::vec![0u16; want.len()];
                assert_eq!(valid_utf8_to_utf16_portable(&bytes, &mut dst), (bytes.len(), want.len()));
                assert_eq!(dst, want);
            }
        }
    }

    #[test]
    fn bytes_that_are_not_utf8_stay_in_bounds() {
        // Any bytes: no panic, and no more read or written than there is.
        let alphabet = [0x41, 0x80, 0xBF, 0xC3, 0xE2, 0xF0, 0xFF];
        let mut seed = 0x2545_F491_u32;
        for len in 0..if cfg!(any(miri, utfx_slow_runner)) { 24 } else { 80 } {
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 17;
                    seed ^= seed << 5;
                    alphabet[(seed % 7) as usize]
                })
                .collect();
            for room in [0, 1, len / 2, len] {
                let mut dst = alloc::vec![0u16; room];
                let (read, written) = valid_utf8_to_utf16_portable(&bytes, &mut dst);
                assert!(read <= len && written <= room);
            }
        }
    }
}
