//! The AVX2 forms of the pivot conversions, chosen at run time by
//! [`super::use_avx2`]: valid UTF-8 to UTF-16 and UTF-16 to UTF-8, a block
//! of 64 bytes or 8 to 16 units at a time, with the portable code of
//! `pivot.rs` for the last bytes and for what a block does not cover.
//!
//! UTF-8 to UTF-16 follows Lemire and Keiser's method ("Transcoding
//! billions of Unicode characters per second with SIMD instructions", 2021):
//! a mask of the bytes that end a character picks, from a table built at
//! compile time, a byte shuffle that puts up to six characters of one or two
//! bytes in 16-bit lanes or up to four of one to three bytes in 32-bit
//! lanes, where shifts and masks finish the bit distribution. Runs of ASCII
//! and of four-byte characters have their own cases. UTF-16 to UTF-8 builds
//! each unit's one to three bytes in a lane and packs them with a shuffle
//! picked by the lanes' lengths; surrogate pairs aligned four to a block are
//! converted together; anything else with a surrogate goes a character at a
//! time.
//!
//! Every load and store is a whole block inside the caller's slices, checked
//! before the block starts; a store may write lanes past what it counts as
//! written, never past the slice.
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m128i, _mm_add_epi32, _mm_and_si128, _mm_blendv_epi8, _mm_castsi128_ps, _mm_cmpeq_epi16, _mm_cmpgt_epi16,
    _mm_cmpgt_epi32, _mm_loadu_si128, _mm_movemask_epi8, _mm_movemask_ps, _mm_or_si128, _mm_packs_epi16,
    _mm_packus_epi16, _mm_packus_epi32, _mm_set1_epi8, _mm_set1_epi16, _mm_set1_epi32, _mm_setzero_si128,
    _mm_shuffle_epi8, _mm_slli_epi16, _mm_slli_epi32, _mm_srli_epi16, _mm_srli_epi32, _mm_storeu_si128, _mm_sub_epi32,
    _mm_testz_si128, _mm_unpackhi_epi16, _mm_unpacklo_epi16, _mm256_cmpgt_epi8, _mm256_cvtepu8_epi16,
    _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8, _mm256_storeu_si256,
};

// ---------------------------------------------------------------------------
// UTF-8 to UTF-16: the tables.

/// How many shuffles put one to six characters of one or two bytes in
/// 16-bit lanes: 2^k for k characters (each one or two bytes).
const TWO_BYTE_SHUFFLES: usize = 126;
/// How many shuffles in all: then 3^k for k = 1..=4 characters of one to
/// three bytes in 32-bit lanes.
const UTF8_SHUFFLES: usize = TWO_BYTE_SHUFFLES + 120;
/// The step for twelve bytes that start with a four-byte character (or with
/// bytes that are not UTF-8): one character, without a shuffle.
const SCALAR: u16 = u16::MAX;

/// Where the shuffles for `k` characters of one or two bytes start.
const fn two_offset(k: usize) -> usize {
    (1 << k) - 2
}

/// The shuffle for four characters of three bytes each (the base-3 code
/// 2222).
const ALL_THREE_BYTE: usize = three_offset(4) + 80;

/// Where the shuffles for `k` characters of one to three bytes start.
const fn three_offset(k: usize) -> usize {
    TWO_BYTE_SHUFFLES + (pow3(k) - 3) / 2
}

const fn pow3(k: usize) -> usize {
    let mut p = 1;
    let mut j = 0;
    while j < k {
        p *= 3;
        j += 1;
    }
    p
}

/// The byte shuffles, indexed by [`Utf8Step::shuffle`]. A shuffle for
/// characters of one or two bytes puts character `j` in 16-bit lane `j`, its
/// last byte low and its lead high (an ASCII character alone, low); one for
/// characters of up to three bytes puts character `j` in 32-bit lane `j`,
/// last byte lowest. Index `0x80` zeroes a byte.
static UTF8_SHUFFLE: [[u8; 16]; UTF8_SHUFFLES] = utf8_shuffles();

const fn utf8_shuffles() -> [[u8; 16]; UTF8_SHUFFLES] {
    let mut table = [[0x80u8; 16]; UTF8_SHUFFLES];
    let mut k = 1;
    while k <= 6 {
        let mut code = 0;
        while code < 1 << k {
            let mut s = 0u8;
            let mut j = 0;
            while j < k {
                let shuffle = &mut table[two_offset(k) + code];
                if (code >> j) & 1 == 0 {
                    shuffle[2 * j] = s;
                    s += 1;
                } else {
                    shuffle[2 * j] = s + 1;
                    shuffle[2 * j + 1] = s;
                    s += 2;
                }
                j += 1;
            }
            code += 1;
        }
        k += 1;
    }
    let mut k = 1;
    while k <= 4 {
        let mut code = 0;
        while code < pow3(k) {
            let mut s = 0u8;
            let mut digits = code;
            let mut j = 0;
            while j < k {
                let len = (digits % 3) as u8 + 1;
                digits /= 3;
                let shuffle = &mut table[three_offset(k) + code];
                shuffle[4 * j] = s + len - 1;
                if len >= 2 {
                    shuffle[4 * j + 1] = s + len - 2;
                }
                if len == 3 {
                    shuffle[4 * j + 2] = s;
                }
                s += len;
                j += 1;
            }
            code += 1;
        }
        k += 1;
    }
    table
}

/// One step of the UTF-8 decoder over the next twelve bytes: which shuffle
/// (or [`SCALAR`]), how many bytes it reads and how many units it writes.
#[derive(Clone, Copy)]
struct Utf8Step {
    shuffle: u16,
    bytes: u8,
    units: u8,
}

/// The steps, indexed by the mask of the twelve bytes that end a character
/// (bit `j` set when byte `j + 1` is not a continuation byte).
static UTF8_STEP: [Utf8Step; 4096] = utf8_steps();

const fn utf8_steps() -> [Utf8Step; 4096] {
    let mut table = [Utf8Step { shuffle: SCALAR, bytes: 0, units: 0 }; 4096];
    let mut mask = 0;
    while mask < 4096 {
        // The lengths of the characters that end in the twelve bytes.
        let mut lens = [0usize; 12];
        let mut count = 0;
        let mut start = 0;
        let mut j = 0;
        while j < 12 {
            if (mask >> j) & 1 == 1 {
                lens[count] = j + 1 - start;
                count += 1;
                start = j + 1;
            }
            j += 1;
        }
        // The most characters of one or two bytes (up to six) and of one to
        // three bytes (up to four) at the front.
        let mut two = 0;
        while two < count && two < 6 && lens[two] <= 2 {
            two += 1;
        }
        let mut three = 0;
        while three < count && three < 4 && lens[three] <= 3 {
            three += 1;
        }
        if two > 0 && two >= three {
            let (mut code, mut bytes, mut j) = (0, 0, 0);
            while j < two {
                code |= (lens[j] - 1) << j;
                bytes += lens[j];
                j += 1;
            }
            table[mask] = Utf8Step { shuffle: (two_offset(two) + code) as u16, bytes: bytes as u8, units: two as u8 };
        } else if three > 0 {
            let (mut code, mut bytes, mut j, mut place) = (0, 0, 0, 1);
            while j < three {
                code += (lens[j] - 1) * place;
                place *= 3;
                bytes += lens[j];
                j += 1;
            }
            table[mask] =
                Utf8Step { shuffle: (three_offset(three) + code) as u16, bytes: bytes as u8, units: three as u8 };
        }
        mask += 1;
    }
    table
}

// ---------------------------------------------------------------------------
// UTF-8 to UTF-16: the kernel.

/// Converts valid UTF-8 to UTF-16 as `super::valid_utf8_to_utf16_portable`
/// does (same result, same contract on bytes that are not UTF-8), 64 bytes
/// at a time while 64 units fit.
/// `None` when AVX2 is not to be used.
#[inline]
pub(super) fn valid_utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> Option<(usize, usize)> {
    // SAFETY: `use_avx2` checked that the processor has AVX2.
    super::use_avx2().then(|| unsafe { utf8_to_utf16_avx2(src, dst) })
}

#[target_feature(enable = "avx2")]
fn utf8_to_utf16_avx2(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    let (mut i, mut o) = (0, 0);
    while i + 64 <= src.len() && o + 64 <= dst.len() {
        // SAFETY: `i + 64 <= src.len()`, so both 32-byte loads are inside `src`.
        let (lo, hi) = unsafe {
            let p = src.as_ptr().add(i);
            (_mm256_loadu_si256(p.cast()), _mm256_loadu_si256(p.add(32).cast()))
        };
        if _mm256_movemask_epi8(_mm256_or_si256(lo, hi)) == 0 {
            // 64 ASCII bytes.
            let mut k = 0;
            while k < 64 {
                // SAFETY: `i + k + 16 <= i + 64 <= src.len()` and `o + k + 16 <= o + 64 <= dst.len()`.
                unsafe { widen16(src.as_ptr().add(i + k), dst.as_mut_ptr().add(o + k)) };
                k += 16;
            }
            i += 64;
            o += 64;
            continue;
        }
        // Continuation bytes are the bytes below -64 as signed bytes.
        let continuation = |v| _mm256_movemask_epi8(_mm256_cmpgt_epi8(_mm256_set1_epi8(-64), v)) as u32;
        let starts = !(u64::from(continuation(lo)) | (u64::from(continuation(hi)) << 32));
        // Bit j: byte j ends a character (byte j + 1 starts one); bit 63
        // clear, as byte 64 is not looked at.
        let ends = starts >> 1;
        let (mut pos, mut out) = (0, 0);
        // Each step reads at most 16 bytes from `pos < 48` and writes at
        // most 16 units from `out <= pos`: inside the 64 of both.
        while pos < 48 {
            let mask = (ends >> pos) as u32;
            let step = UTF8_STEP[(mask & 0xFFF) as usize];
            // SAFETY (for the pointers below): `i + pos + 16 <= i + 64 <= src.len()`
            // and `o + out + 16 <= o + 64 <= dst.len()`.
            let (from, to) = unsafe { (src.as_ptr().add(i + pos), dst.as_mut_ptr().add(o + out)) };
            if mask & 0xFFFF == 0xFFFF {
                // Sixteen characters of one byte each: ASCII.
                // SAFETY: see above.
                unsafe { widen16(from, to) };
                pos += 16;
                out += 16;
                continue;
            }
            // A run of more ASCII than a step takes (each byte that starts
            // a character and ends one is ASCII): widen 16 bytes, keep the run.
            let ascii = (!mask).trailing_zeros() as usize;
            if ascii > 6 {
                // SAFETY: see above.
                unsafe { widen16(from, to) };
                pos += ascii;
                out += ascii;
                continue;
            }
            if mask & 0xFFFF == 0x8888 {
                // Four characters of four bytes each.
                // SAFETY: see above.
                unsafe { four_byte_chars(from, to) };
                pos += 16;
                out += 8;
                continue;
            }
            if mask & 0xFFFF == 0xAAAA {
                // Eight characters of two bytes each.
                // SAFETY: see above.
                unsafe { two_byte_chars(from, to) };
                pos += 16;
                out += 8;
                continue;
            }
            if step.shuffle == SCALAR {
                let (read, written) = one_char(&src[i + pos..i + pos + 4], &mut dst[o + out..o + out + 2]);
                pos += read;
                out += written;
                continue;
            }
            let shuffle = &UTF8_SHUFFLE[usize::from(step.shuffle)];
            // SAFETY: see above; `shuffle` is 16 bytes.
            let (bytes, shuffle) = unsafe { (_mm_loadu_si128(from.cast()), _mm_loadu_si128(shuffle.as_ptr().cast())) };
            let perm = _mm_shuffle_epi8(bytes, shuffle);
            // Both forms, the step's chosen without a branch (mixed text
            // switches between them too often for a branch to be predicted).
            // Lanes `110yyyyy 10xxxxxx` (or `0xxxxxxx`): yyyyyxxxxxx.
            let low = _mm_and_si128(perm, _mm_set1_epi16(0x7F));
            let high = _mm_srli_epi16(_mm_and_si128(perm, _mm_set1_epi16(0x1F00)), 2);
            let two = _mm_or_si128(low, high);
            // Lanes `1110zzzz 10yyyyyy 10xxxxxx` (or shorter): zzzzyyyyyyxxxxxx.
            let low = _mm_and_si128(perm, _mm_set1_epi32(0x7F));
            let middle = _mm_srli_epi32(_mm_and_si128(perm, _mm_set1_epi32(0x3F00)), 2);
            let high = _mm_srli_epi32(_mm_and_si128(perm, _mm_set1_epi32(0x0F_0000)), 4);
            let v = _mm_or_si128(_mm_or_si128(low, middle), high);
            if usize::from(step.shuffle) == ALL_THREE_BYTE && (mask >> 12) & 0xFFF == 0x924 && pos <= 36 {
                // Four more characters of three bytes: eight in all.
                // SAFETY: see above, and `i + pos + 28 <= i + 64`.
                let next = unsafe { three_byte_chars(from.add(12)) };
                // SAFETY: see above.
                unsafe { _mm_storeu_si128(to.cast(), _mm_packus_epi32(v, next)) };
                pos += 24;
                out += 8;
                continue;
            }
            let pick_two = _mm_set1_epi8(-i8::from(usize::from(step.shuffle) < TWO_BYTE_SHUFFLES));
            let units = _mm_blendv_epi8(_mm_packus_epi32(v, v), two, pick_two);
            // SAFETY: see above.
            unsafe { _mm_storeu_si128(to.cast(), units) };
            pos += usize::from(step.bytes);
            out += usize::from(step.units);
        }
        i += pos;
        o += out;
    }
    let (read, written) = super::valid_utf8_to_utf16_portable(&src[i..], &mut dst[o..]);
    (i + read, o + written)
}

/// Writes 16 bytes as 16 units.
///
/// # Safety
///
/// `from` is readable for 16 bytes and `to` writable for 16 units.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn widen16(from: *const u8, to: *mut u16) {
    // SAFETY: the caller's promise.
    unsafe { _mm256_storeu_si256(to.cast(), _mm256_cvtepu8_epi16(_mm_loadu_si128(from.cast()))) };
}

/// Decodes eight two-byte characters.
///
/// # Safety
///
/// `from` is readable for 16 bytes and `to` writable for 8 units.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn two_byte_chars(from: *const u8, to: *mut u16) {
    // SAFETY: the caller's promise.
    let x = unsafe { _mm_loadu_si128(from.cast()) };
    // Lanes `10xxxxxx 110yyyyy` (trail high): yyyyyxxxxxx.
    let high = _mm_slli_epi16(_mm_and_si128(x, _mm_set1_epi16(0x1F)), 6);
    let low = _mm_and_si128(_mm_srli_epi16(x, 8), _mm_set1_epi16(0x3F));
    // SAFETY: the caller's promise.
    unsafe { _mm_storeu_si128(to.cast(), _mm_or_si128(high, low)) };
}

/// Decodes four three-byte characters into 32-bit lanes.
///
/// # Safety
///
/// `from` is readable for 16 bytes.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn three_byte_chars(from: *const u8) -> __m128i {
    let shuffle = &UTF8_SHUFFLE[ALL_THREE_BYTE];
    // SAFETY: the caller's promise; `shuffle` is 16 bytes.
    let (bytes, shuffle) = unsafe { (_mm_loadu_si128(from.cast()), _mm_loadu_si128(shuffle.as_ptr().cast())) };
    let perm = _mm_shuffle_epi8(bytes, shuffle);
    let low = _mm_and_si128(perm, _mm_set1_epi32(0x3F));
    let middle = _mm_srli_epi32(_mm_and_si128(perm, _mm_set1_epi32(0x3F00)), 2);
    let high = _mm_srli_epi32(_mm_and_si128(perm, _mm_set1_epi32(0x0F_0000)), 4);
    _mm_or_si128(_mm_or_si128(low, middle), high)
}

/// Decodes four four-byte characters into four surrogate pairs.
///
/// # Safety
///
/// `from` is readable for 16 bytes and `to` writable for 8 units.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn four_byte_chars(from: *const u8, to: *mut u16) {
    // SAFETY: the caller's promise.
    let bytes = unsafe { _mm_loadu_si128(from.cast()) };
    // Each character in a 32-bit lane, its last byte lowest.
    let reverse = [3u8, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12];
    // SAFETY: `reverse` is 16 bytes.
    let x = _mm_shuffle_epi8(bytes, unsafe { _mm_loadu_si128(reverse.as_ptr().cast()) });
    let v = _mm_or_si128(
        _mm_or_si128(
            _mm_srli_epi32(_mm_and_si128(x, _mm_set1_epi32(0x0700_0000)), 6),
            _mm_srli_epi32(_mm_and_si128(x, _mm_set1_epi32(0x3F_0000)), 4),
        ),
        _mm_or_si128(
            _mm_srli_epi32(_mm_and_si128(x, _mm_set1_epi32(0x3F00)), 2),
            _mm_and_si128(x, _mm_set1_epi32(0x3F)),
        ),
    );
    let v = _mm_sub_epi32(v, _mm_set1_epi32(0x1_0000));
    let lead = _mm_or_si128(_mm_srli_epi32(v, 10), _mm_set1_epi32(0xD800));
    let trail = _mm_or_si128(_mm_and_si128(v, _mm_set1_epi32(0x3FF)), _mm_set1_epi32(0xDC00));
    // The lead in the lane's low half, the trail in its high half: memory order.
    let pairs = _mm_or_si128(_mm_and_si128(lead, _mm_set1_epi32(0xFFFF)), _mm_slli_epi32(trail, 16));
    // SAFETY: the caller's promise.
    unsafe { _mm_storeu_si128(to.cast(), pairs) };
}

/// Decodes the character at the front of `src` (four bytes) by its lead
/// byte alone, into `dst` (two units): (bytes read, units written), at least
/// one byte.
#[inline]
fn one_char(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    let b0 = u32::from(src[0]);
    let tail = |k: usize| u32::from(src[k] & 0x3F);
    match b0 {
        0x00..=0x7F => {
            dst[0] = b0 as u16;
            (1, 1)
        }
        0x80..=0xDF => {
            dst[0] = (((b0 & 0x1F) << 6) | tail(1)) as u16;
            (2, 1)
        }
        0xE0..=0xEF => {
            dst[0] = (((b0 & 0x0F) << 12) | (tail(1) << 6) | tail(2)) as u16;
            (3, 1)
        }
        _ => {
            let v = (((b0 & 0x07) << 18) | (tail(1) << 12) | (tail(2) << 6) | tail(3)).wrapping_sub(0x1_0000);
            dst[0] = 0xD800 | ((v >> 10) & 0x3FF) as u16;
            dst[1] = 0xDC00 | (v & 0x3FF) as u16;
            (4, 2)
        }
    }
}

// ---------------------------------------------------------------------------
// UTF-16 to UTF-8: the tables.

/// A shuffle that packs the used bytes of the lanes, and how many there are.
#[derive(Clone, Copy)]
struct Pack {
    shuffle: [u8; 16],
    len: u8,
}

/// For eight 16-bit lanes of one or two bytes (bit `j` of the index: lane
/// `j` has two).
static PACK_TWO: [Pack; 256] = pack_two();

const fn pack_two() -> [Pack; 256] {
    let mut table = [Pack { shuffle: [0x80; 16], len: 0 }; 256];
    let mut key = 0;
    while key < 256 {
        let mut n = 0;
        let mut j = 0;
        while j < 8 {
            table[key].shuffle[n] = 2 * j as u8;
            n += 1;
            if (key >> j) & 1 == 1 {
                table[key].shuffle[n] = 2 * j as u8 + 1;
                n += 1;
            }
            j += 1;
        }
        table[key].len = n as u8;
        key += 1;
    }
    table
}

/// For four 32-bit lanes of one to three bytes (bit `j` of the index: lane
/// `j` has two bytes or more; bit `j + 4`: three).
static PACK_THREE: [Pack; 256] = pack_three();

const fn pack_three() -> [Pack; 256] {
    let mut table = [Pack { shuffle: [0x80; 16], len: 0 }; 256];
    let mut key = 0;
    while key < 256 {
        let mut n = 0;
        let mut j = 0;
        while j < 4 {
            let len = 1 + ((key >> j) & 1) + ((key >> (j + 4)) & 1);
            let mut b = 0;
            while b < len {
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

// ---------------------------------------------------------------------------
// UTF-16 to UTF-8: the kernel.

/// Converts UTF-16 units (in the machine's order) to UTF-8 as
/// `super::utf16_to_utf8_portable` does: same result, same stops.
/// `None` when AVX2 is not to be used.
#[inline]
pub(super) fn utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> Option<(usize, usize)> {
    // SAFETY: `use_avx2` checked that the processor has AVX2.
    super::use_avx2().then(|| unsafe { utf16_to_utf8_avx2(src, dst) })
}

#[target_feature(enable = "avx2")]
fn utf16_to_utf8_avx2(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    // SAFETY: `src` is readable for `2 * src.len()` bytes.
    let (i, o) = unsafe { utf16_blocks::<false>(src.as_ptr().cast(), src.len(), dst) };
    let (read, written) = super::utf16_to_utf8_portable(&src[i..], &mut dst[o..]);
    (i + read, o + written)
}

/// Converts UTF-16 units held as bytes in little-endian (`big_endian`
/// false) or big-endian order to UTF-8: (units read, bytes written), as
/// `super::units_to_utf8` with the same units.
/// `None` when AVX2 is not to be used.
#[inline]
pub(super) fn utf16_bytes_to_utf8(src: &[u8], big_endian: bool, dst: &mut [u8]) -> Option<(usize, usize)> {
    // SAFETY: `use_avx2` checked that the processor has AVX2.
    super::use_avx2().then(|| unsafe { utf16_bytes_to_utf8_avx2(src, big_endian, dst) })
}

#[target_feature(enable = "avx2")]
fn utf16_bytes_to_utf8_avx2(src: &[u8], big_endian: bool, dst: &mut [u8]) -> (usize, usize) {
    let units = src.len() / 2;
    // SAFETY: `src` is readable for `2 * units` bytes.
    let (i, o) = unsafe {
        if big_endian {
            utf16_blocks::<true>(src.as_ptr(), units, dst)
        } else {
            utf16_blocks::<false>(src.as_ptr(), units, dst)
        }
    };
    let rest = &src[2 * i..2 * units];
    let unit = |k: usize| {
        let pair = [rest[2 * k], rest[2 * k + 1]];
        if big_endian { u16::from_be_bytes(pair) } else { u16::from_le_bytes(pair) }
    };
    let (read, written) = super::units_to_utf8(rest.len() / 2, unit, &mut dst[o..]);
    (i + read, o + written)
}

/// Loads eight units from `p`, swapping the bytes of each when `SWAP`.
///
/// # Safety
///
/// `p` is readable for 16 bytes.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn load8<const SWAP: bool>(p: *const u8) -> __m128i {
    // SAFETY: the caller's promise.
    let v = unsafe { _mm_loadu_si128(p.cast()) };
    if SWAP {
        let swap = [1u8, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14];
        // SAFETY: `swap` is 16 bytes.
        _mm_shuffle_epi8(v, unsafe { _mm_loadu_si128(swap.as_ptr().cast()) })
    } else {
        v
    }
}

/// The block loop of UTF-16 to UTF-8 over `units` units at `src`: it stops
/// where fewer than 16 units or 64 bytes of room are left, or before a lone
/// surrogate, and returns (units read, bytes written).
///
/// # Safety
///
/// `src` is readable for `2 * units` bytes.
#[target_feature(enable = "avx2")]
unsafe fn utf16_blocks<const SWAP: bool>(src: *const u8, units: usize, dst: &mut [u8]) -> (usize, usize) {
    let (mut i, mut o) = (0, 0);
    // Each pass reads at most 16 units from `i` and writes at most 28 bytes
    // from `o`: inside the 64.
    while i + 16 <= units && o + 64 <= dst.len() {
        // SAFETY: `i + 16 <= units`: 32 bytes from `2 * i` are readable.
        let (a, b) = unsafe { (load8::<SWAP>(src.add(2 * i)), load8::<SWAP>(src.add(2 * i + 16))) };
        let to = dst.as_mut_ptr();
        if _mm_testz_si128(_mm_or_si128(a, b), _mm_set1_epi16(0xFF80_u16 as i16)) == 1 {
            // Sixteen ASCII units.
            // SAFETY: `o + 16 <= dst.len()`.
            unsafe { _mm_storeu_si128(to.add(o).cast(), _mm_packus_epi16(a, b)) };
            i += 16;
            o += 16;
            continue;
        }
        let surrogates =
            _mm_cmpeq_epi16(_mm_and_si128(a, _mm_set1_epi16(0xF800_u16 as i16)), _mm_set1_epi16(0xD800_u16 as i16));
        if _mm_movemask_epi8(surrogates) == 0 {
            if _mm_testz_si128(a, _mm_set1_epi16(0xF800_u16 as i16)) == 1 {
                // Eight units below U+0800: one or two bytes each.
                let x = a;
                let lead = _mm_or_si128(_mm_srli_epi16(x, 6), _mm_set1_epi16(0xC0));
                let trail = _mm_or_si128(_mm_and_si128(x, _mm_set1_epi16(0x3F)), _mm_set1_epi16(0x80));
                let two = _mm_or_si128(lead, _mm_slli_epi16(trail, 8));
                let multi = _mm_cmpgt_epi16(x, _mm_set1_epi16(0x7F));
                let lanes = _mm_blendv_epi8(x, two, multi);
                let key = _mm_movemask_epi8(_mm_packs_epi16(multi, _mm_setzero_si128())) as usize & 0xFF;
                let pack = &PACK_TWO[key];
                // SAFETY: `o + 16 <= dst.len()`; the shuffle is 16 bytes.
                unsafe { store_packed(lanes, pack, to.add(o)) };
                o += usize::from(pack.len);
            } else {
                // Eight units of one to three bytes, four to a register.
                for x in [_mm_unpacklo_epi16(a, _mm_setzero_si128()), _mm_unpackhi_epi16(a, _mm_setzero_si128())] {
                    let low = _mm_or_si128(_mm_and_si128(x, _mm_set1_epi32(0x3F)), _mm_set1_epi32(0x80));
                    let middle =
                        _mm_or_si128(_mm_and_si128(_mm_srli_epi32(x, 6), _mm_set1_epi32(0x3F)), _mm_set1_epi32(0x80));
                    let two =
                        _mm_or_si128(_mm_or_si128(_mm_srli_epi32(x, 6), _mm_set1_epi32(0xC0)), _mm_slli_epi32(low, 8));
                    let three = _mm_or_si128(
                        _mm_or_si128(_mm_srli_epi32(x, 12), _mm_set1_epi32(0xE0)),
                        _mm_or_si128(_mm_slli_epi32(middle, 8), _mm_slli_epi32(low, 16)),
                    );
                    let ge_two = _mm_cmpgt_epi32(x, _mm_set1_epi32(0x7F));
                    let ge_three = _mm_cmpgt_epi32(x, _mm_set1_epi32(0x7FF));
                    let lanes = _mm_blendv_epi8(_mm_blendv_epi8(x, two, ge_two), three, ge_three);
                    let key = (_mm_movemask_ps(_mm_castsi128_ps(ge_two))
                        | (_mm_movemask_ps(_mm_castsi128_ps(ge_three)) << 4)) as usize;
                    let pack = &PACK_THREE[key];
                    // SAFETY: at most two stores per eight units, each 16
                    // bytes at most 36 bytes past the pass's start.
                    unsafe { store_packed(lanes, pack, to.add(o)) };
                    o += usize::from(pack.len);
                }
            }
            i += 8;
            continue;
        }
        // Four surrogate pairs in order?
        let kinds = _mm_and_si128(a, _mm_set1_epi16(0xFC00_u16 as i16));
        let pattern = _mm_set1_epi32(0xDC00_D800_u32 as i32);
        if _mm_movemask_epi8(_mm_cmpeq_epi16(kinds, pattern)) == 0xFFFF {
            let lead = _mm_and_si128(a, _mm_set1_epi32(0x3FF));
            let trail = _mm_and_si128(_mm_srli_epi32(a, 16), _mm_set1_epi32(0x3FF));
            let v = _mm_add_epi32(_mm_or_si128(_mm_slli_epi32(lead, 10), trail), _mm_set1_epi32(0x1_0000));
            let b0 = _mm_or_si128(_mm_srli_epi32(v, 18), _mm_set1_epi32(0xF0));
            let b1 = _mm_or_si128(_mm_and_si128(_mm_srli_epi32(v, 12), _mm_set1_epi32(0x3F)), _mm_set1_epi32(0x80));
            let b2 = _mm_or_si128(_mm_and_si128(_mm_srli_epi32(v, 6), _mm_set1_epi32(0x3F)), _mm_set1_epi32(0x80));
            let b3 = _mm_or_si128(_mm_and_si128(v, _mm_set1_epi32(0x3F)), _mm_set1_epi32(0x80));
            let bytes = _mm_or_si128(
                _mm_or_si128(b0, _mm_slli_epi32(b1, 8)),
                _mm_or_si128(_mm_slli_epi32(b2, 16), _mm_slli_epi32(b3, 24)),
            );
            // SAFETY: `o + 16 <= dst.len()`.
            unsafe { _mm_storeu_si128(to.add(o).cast(), bytes) };
            i += 8;
            o += 16;
            continue;
        }
        // A character at a time to the end of the eight units (and past it
        // to finish a pair), stopping before a lone surrogate.
        let end = i + 8;
        while i < end {
            // SAFETY: `i + 1 < i + 16 <= units`: unit `i` and `i + 1` are readable.
            let (u, next) = unsafe { (read_unit::<SWAP>(src, i), read_unit::<SWAP>(src, i + 1)) };
            let u = u32::from(u);
            let next = u32::from(next);
            match u {
                0..=0x7F => {
                    dst[o] = u as u8;
                    (i, o) = (i + 1, o + 1);
                }
                0x80..=0x7FF => {
                    dst[o] = 0xC0 | (u >> 6) as u8;
                    dst[o + 1] = 0x80 | (u & 0x3F) as u8;
                    (i, o) = (i + 1, o + 2);
                }
                0xD800..=0xDBFF if (0xDC00..=0xDFFF).contains(&next) => {
                    let v = 0x1_0000 + ((u - 0xD800) << 10) + (next - 0xDC00);
                    dst[o] = 0xF0 | (v >> 18) as u8;
                    dst[o + 1] = 0x80 | ((v >> 12) & 0x3F) as u8;
                    dst[o + 2] = 0x80 | ((v >> 6) & 0x3F) as u8;
                    dst[o + 3] = 0x80 | (v & 0x3F) as u8;
                    (i, o) = (i + 2, o + 4);
                }
                0xD800..=0xDFFF => return (i, o),
                _ => {
                    dst[o] = 0xE0 | (u >> 12) as u8;
                    dst[o + 1] = 0x80 | ((u >> 6) & 0x3F) as u8;
                    dst[o + 2] = 0x80 | (u & 0x3F) as u8;
                    (i, o) = (i + 1, o + 3);
                }
            }
        }
    }
    (i, o)
}

/// Reads unit `k` at `src`, swapping its bytes when `SWAP`.
///
/// # Safety
///
/// `src` is readable for `2 * k + 2` bytes.
#[inline(always)]
unsafe fn read_unit<const SWAP: bool>(src: *const u8, k: usize) -> u16 {
    // SAFETY: the caller's promise.
    let pair = unsafe { [*src.add(2 * k), *src.add(2 * k + 1)] };
    if SWAP { u16::from_be_bytes(pair) } else { u16::from_le_bytes(pair) }
}

/// Stores the bytes of `lanes` that `pack` picks, packed, at `to` (16 bytes
/// written, `pack.len` of them meant).
///
/// # Safety
///
/// `to` is writable for 16 bytes.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn store_packed(lanes: __m128i, pack: &Pack, to: *mut u8) {
    // SAFETY: `pack.shuffle` is 16 bytes; `to` per the caller's promise.
    unsafe {
        let shuffle = _mm_loadu_si128(pack.shuffle.as_ptr().cast());
        _mm_storeu_si128(to.cast(), _mm_shuffle_epi8(lanes, shuffle));
    }
}

// ---------------------------------------------------------------------------
// UTF-16 validation.

/// Returns where the well-formed UTF-16 prefix of `src` (the machine's order)
/// stops being checked by blocks: every unit before it is well-formed and it
/// is the start of a character; `None` when AVX2 is not to be used.
#[inline]
pub(super) fn utf16_prefix_blocks(src: &[u16]) -> Option<usize> {
    // SAFETY: `use_avx2` checked that the processor has AVX2; `src` is
    // readable for `2 * src.len()` bytes.
    super::use_avx2().then(|| unsafe { prefix_blocks::<false>(src.as_ptr().cast(), src.len()) })
}

/// [`utf16_prefix_blocks`] over units held as bytes in either order (a
/// last odd byte is not read).
#[inline]
pub(super) fn utf16_bytes_prefix_blocks(src: &[u8], big_endian: bool) -> Option<usize> {
    // SAFETY: as above, over `src.len() / 2` units.
    super::use_avx2().then(|| unsafe {
        if big_endian {
            prefix_blocks::<true>(src.as_ptr(), src.len() / 2)
        } else {
            prefix_blocks::<false>(src.as_ptr(), src.len() / 2)
        }
    })
}

/// Checks 16 units at a time: without surrogates, or with every lead
/// surrogate followed by a trail surrogate and every trail preceded by a
/// lead (a pair may straddle two blocks). It stops at the first block that
/// is not so, or where fewer than 16 units are left, and returns the start
/// of the character there (a lead surrogate that ended the last block
/// included).
///
/// # Safety
///
/// The processor has AVX2, and `src` is readable for `2 * units` bytes.
#[target_feature(enable = "avx2")]
unsafe fn prefix_blocks<const SWAP: bool>(src: *const u8, units: usize) -> usize {
    let (mut i, mut carry) = (0, 0u32);
    let kind = _mm_set1_epi16(0xFC00_u16 as i16);
    let (lead, trail) = (_mm_set1_epi16(0xD800_u16 as i16), _mm_set1_epi16(0xDC00_u16 as i16));
    while i + 16 <= units {
        // SAFETY: `i + 16 <= units`: 32 bytes from `2 * i` are readable.
        let (a, b) = unsafe { (load8::<SWAP>(src.add(2 * i)), load8::<SWAP>(src.add(2 * i + 16))) };
        let (ka, kb) = (_mm_and_si128(a, kind), _mm_and_si128(b, kind));
        let leads = _mm_movemask_epi8(_mm_packs_epi16(_mm_cmpeq_epi16(ka, lead), _mm_cmpeq_epi16(kb, lead))) as u32;
        let trails = _mm_movemask_epi8(_mm_packs_epi16(_mm_cmpeq_epi16(ka, trail), _mm_cmpeq_epi16(kb, trail))) as u32;
        if trails != ((leads << 1) | carry) & 0xFFFF {
            break;
        }
        carry = leads >> 15;
        i += 16;
    }
    i - carry as usize
}

/// The kernels for the tests, which call them whatever `force_portable` says.
#[cfg(test)]
fn utf8_to_utf16_avx2_checked(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    assert!(std::is_x86_feature_detected!("avx2"));
    // SAFETY: the processor has AVX2, checked above.
    unsafe { utf8_to_utf16_avx2(src, dst) }
}

#[cfg(test)]
fn utf16_to_utf8_avx2_checked(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    assert!(std::is_x86_feature_detected!("avx2"));
    // SAFETY: the processor has AVX2, checked above.
    unsafe { utf16_to_utf8_avx2(src, dst) }
}

#[cfg(test)]
fn utf16_bytes_to_utf8_avx2_checked(src: &[u8], big_endian: bool, dst: &mut [u8]) -> (usize, usize) {
    assert!(std::is_x86_feature_detected!("avx2"));
    // SAFETY: the processor has AVX2, checked above.
    unsafe { utf16_bytes_to_utf8_avx2(src, big_endian, dst) }
}

#[cfg(test)]
mod tests {
    //! The AVX2 kernels against the standard library and a reference for
    //! generalized UTF-8 written here, at every alignment, with a character
    //! of every class and a lone surrogate at every position of a block,
    //! and at every output size near the block sizes.
    use alloc::string::String;
    use alloc::vec;
    use alloc::vec::Vec;

    fn avx2() -> bool {
        std::is_x86_feature_detected!("avx2")
    }

    /// The generalized UTF-8 of each value (surrogates as three bytes, `C0 80` for `None`).
    fn generalized(values: &[Option<u32>]) -> (Vec<u8>, Vec<u16>) {
        let (mut bytes, mut units) = (Vec::new(), Vec::new());
        for v in values {
            match *v {
                None => {
                    bytes.extend_from_slice(&[0xC0, 0x80]);
                    units.push(0);
                }
                Some(v) if v < 0x80 => {
                    bytes.push(v as u8);
                    units.push(v as u16);
                }
                Some(v) if v < 0x800 => {
                    bytes.extend_from_slice(&[0xC0 | (v >> 6) as u8, 0x80 | (v & 0x3F) as u8]);
                    units.push(v as u16);
                }
                Some(v) if v < 0x1_0000 => {
                    bytes.extend_from_slice(&[
                        0xE0 | (v >> 12) as u8,
                        0x80 | ((v >> 6) & 0x3F) as u8,
                        0x80 | (v & 0x3F) as u8,
                    ]);
                    units.push(v as u16);
                }
                Some(v) => {
                    bytes.extend_from_slice(&[
                        0xF0 | (v >> 18) as u8,
                        0x80 | ((v >> 12) & 0x3F) as u8,
                        0x80 | ((v >> 6) & 0x3F) as u8,
                        0x80 | (v & 0x3F) as u8,
                    ]);
                    let w = v - 0x1_0000;
                    units.push(0xD800 | (w >> 10) as u16);
                    units.push(0xDC00 | (w & 0x3FF) as u16);
                }
            }
        }
        (bytes, units)
    }

    /// Values of every length, surrogates and `C0 80` among them, in a
    /// pseudo-random order from `seed`.
    fn mixed(seed: u32, n: usize, classes: &[u32]) -> Vec<Option<u32>> {
        let mut x = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                let class = classes[(x % classes.len() as u32) as usize];
                let r = x >> 8;
                match class {
                    0 => Some(0x20 + r % 0x5F),
                    1 => Some(0x80 + r % 0x780),
                    2 => Some(0x800 + r % 0xD000),
                    3 => Some(0x1_0000 + r % 0x10_0000),
                    4 => Some(0xD800 + r % 0x800),
                    _ => None,
                }
            })
            .collect()
    }

    fn sizes() -> usize {
        if cfg!(miri) { 1 } else { 40 }
    }

    /// All of `values`, or under Miri (where AVX2 runs only with
    /// `-Ctarget-feature=+avx2`, and slowly) the first two.
    fn pick(values: &[usize]) -> &[usize] {
        if cfg!(miri) { &values[..2] } else { values }
    }

    #[test]
    fn utf8_to_utf16_agrees_with_the_reference() {
        if !avx2() {
            return;
        }
        let class_sets: [&[u32]; 8] = [&[0], &[1], &[2], &[3], &[0, 1], &[0, 2], &[0, 1, 2, 3], &[0, 1, 2, 3, 4, 5]];
        for (c, classes) in class_sets.iter().enumerate() {
            for seed in 0..sizes() as u32 {
                let (bytes, units) = generalized(&mixed(seed * 8 + c as u32, 90, classes));
                // Every start (alignment) and every output size near the ends.
                for &start in pick(&[0, 1, 2, 3, 5, 7, 13, 31]) {
                    let Some(skip) = (start..bytes.len()).find(|&k| bytes[k] & 0xC0 != 0x80) else { continue };
                    let src = &bytes[skip..];
                    let expected_units: Vec<u16> = {
                        let before = generalized_units_before(&bytes, skip, &units);
                        units[before..].to_vec()
                    };
                    for &room in pick(&[expected_units.len() + 70, expected_units.len(), 63, 64, 65, 70, 1, 2]) {
                        let mut fast = vec![0u16; room];
                        let mut slow = vec![0u16; room];
                        let got = super::utf8_to_utf16_avx2_checked(src, &mut fast);
                        let want = super::super::valid_utf8_to_utf16_portable(src, &mut slow);
                        assert_eq!(got, want, "classes {classes:?} seed {seed} start {start} room {room}");
                        assert_eq!(fast[..got.1], expected_units[..got.1]);
                        assert_eq!(slow[..want.1], expected_units[..want.1]);
                    }
                }
            }
        }
    }

    /// How many units the characters of `bytes[..skip]` take.
    fn generalized_units_before(bytes: &[u8], skip: usize, _units: &[u16]) -> usize {
        bytes[..skip].iter().filter(|&&b| b & 0xC0 != 0x80).map(|&b| if b >= 0xF0 { 2 } else { 1 }).sum()
    }

    #[test]
    fn utf8_to_utf16_never_reads_or_writes_out_of_bounds() {
        if !avx2() {
            return;
        }
        // Bytes that are not UTF-8: any result, but in bounds and progress.
        let mut x = 7u32;
        for len in (0..200).step_by(if cfg!(miri) { 37 } else { 1 }) {
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 17;
                    x ^= x << 5;
                    [0x41, 0x80, 0xBF, 0xC3, 0xE2, 0xF0, 0xFF][(x % 7) as usize]
                })
                .collect();
            for room in [0, 1, 64, 65, 300] {
                let mut out = vec![0u16; room];
                let (read, written) = super::utf8_to_utf16_avx2_checked(&bytes, &mut out);
                assert!(read <= bytes.len() && written <= room);
            }
        }
    }

    #[test]
    fn utf16_to_utf8_agrees_with_std() {
        if !avx2() {
            return;
        }
        let class_sets: [&[u32]; 7] = [&[0], &[1], &[2], &[3], &[0, 1], &[0, 2, 3], &[0, 1, 2, 3]];
        for (c, classes) in class_sets.iter().enumerate() {
            for seed in 0..sizes() as u32 {
                let (_, units) = generalized(&mixed(seed * 8 + c as u32, 60, classes));
                for &start in pick(&[0, 1, 2, 3, 5, 8, 15]) {
                    let src = &units[start.min(units.len())..];
                    // A lone surrogate at each position of the first blocks.
                    let step = if cfg!(miri) { 13 } else { 1 };
                    for bad in (0..src.len().min(40)).step_by(step).map(Some).chain([None]) {
                        let mut src = src.to_vec();
                        if let Some(b) = bad {
                            src[b] = if b % 2 == 0 { 0xDC00 } else { 0xD812 };
                        }
                        check_utf16(&src);
                    }
                }
            }
        }
    }

    fn check_utf16(src: &[u16]) {
        let valid = char::decode_utf16(src.iter().copied())
            .take_while(Result::is_ok)
            .map(|c| c.map_or(0, char::len_utf16))
            .sum::<usize>();
        let text = String::from_utf16(&src[..valid]).unwrap();
        let swapped: Vec<u8> = src.iter().flat_map(|u| u.to_be_bytes()).collect();
        let little: Vec<u8> = src.iter().flat_map(|u| u.to_le_bytes()).collect();
        assert_eq!(super::super::utf16_units_prefix(src), valid, "{src:X?}");
        assert_eq!(super::super::utf16_bytes_prefix(&swapped, true), valid);
        assert_eq!(super::super::utf16_bytes_prefix(&little, false), valid);
        for &room in pick(&[text.len() + 70, text.len(), 63, 64, 65, 80, 1, 3]) {
            let mut fast = vec![0u8; room];
            let mut slow = vec![0u8; room];
            let got = super::utf16_to_utf8_avx2_checked(src, &mut fast);
            let want = super::super::utf16_to_utf8_portable(src, &mut slow);
            assert_eq!(got, want, "{src:X?} room {room}");
            assert_eq!(&fast[..got.1], &text.as_bytes()[..got.1]);
            if room >= text.len() + 4 {
                assert_eq!(got.0, valid);
            }
            for (bytes, big) in [(&swapped, true), (&little, false)] {
                let mut out = vec![0u8; room];
                assert_eq!(super::utf16_bytes_to_utf8_avx2_checked(bytes, big, &mut out), got);
                assert_eq!(out[..got.1], fast[..got.1]);
            }
        }
    }
}
