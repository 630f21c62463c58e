//! The AVX2 form of Unicode scalar values to CESU-8 and Modified UTF-8
//! ([`super::scalars_to_cesu8`], `cesu8.rs`), chosen at run time by
//! [`super::use_avx2`]: straight into a `Vec<u8>`'s spare capacity, in one
//! pass whatever the mix of lengths.
//!
//! It takes eight code points at a time, as UTF-8's encoder
//! (`avx2_utf32.rs`) does, and shares its cases of 32 ASCII code points, of
//! sixteen of one or two bytes, of eight of three bytes, and of eight of
//! any length below U+10000 (with `nul`, U+0000 is none of the first two,
//! and among the last it counts as two bytes, whose bits give `C0 80`). A
//! supplementary code point's two surrogates' forms are computed from its
//! 20 bits in two 32-bit lanes, three bytes in each: the first surrogate's
//! form in the lane of the code point, the second's in a second register.
//! Eight supplementary code points are 48 bytes in a fixed shuffle, and so
//! are the next eight as long as they are all supplementary (one check);
//! any other mix packs the two registers' lanes interleaved, two code
//! points (at most twelve bytes) per 128-bit half, with a shuffle from a
//! 16-entry table picked by their lengths.
//!
//! Every load and store is inside the caller's slices, checked before the
//! block starts; a store may write past what it counts as written, never
//! past the spare capacity it was given.
#![allow(unsafe_code)]

use alloc::vec::Vec;
use core::arch::x86_64::{
    __m256i, _mm_loadu_si128, _mm_storeu_si128, _mm256_and_si256, _mm256_blendv_epi8, _mm256_castsi128_si256,
    _mm256_castsi256_ps, _mm256_castsi256_si128, _mm256_cmpeq_epi32, _mm256_cmpgt_epi32, _mm256_extracti128_si256,
    _mm256_inserti128_si256, _mm256_loadu_si256, _mm256_movemask_ps, _mm256_or_si256, _mm256_packus_epi16,
    _mm256_packus_epi32, _mm256_permutevar8x32_epi32, _mm256_set_epi8, _mm256_set_epi32, _mm256_set1_epi32,
    _mm256_shuffle_epi8, _mm256_slli_epi32, _mm256_srli_epi32, _mm256_storeu_si256, _mm256_sub_epi32,
    _mm256_testz_si256, _mm256_unpackhi_epi32, _mm256_unpacklo_epi32,
};
use core::mem::MaybeUninit;

use super::avx2_utf32::{Lengths, PACK, PACK_LEN, one_or_two_bytes, three_bytes, utf8_lanes};
use super::cesu8::cesu8_form;

/// Appends the CESU-8 (with `nul`, Modified UTF-8) of the leading run of
/// Unicode scalar values of `src` to `out`, as `super::scalars_to_cesu8`
/// does: how many code points it took. `None` when AVX2 is not to be used.
#[inline]
pub(super) fn scalars_to_cesu8(src: &[u32], nul: bool, out: &mut Vec<u8>) -> Option<usize> {
    if !super::use_avx2() {
        return None;
    }
    // SAFETY: `use_avx2` checked that the processor has AVX2.
    Some(unsafe { append_cesu8(src, nul, out) })
}

/// [`scalars_to_cesu8`] once AVX2 is known to be there.
#[target_feature(enable = "avx2")]
fn append_cesu8(src: &[u32], nul: bool, out: &mut Vec<u8>) -> usize {
    // A byte per code point, as many as ASCII takes; more if it needs it.
    out.reserve(src.len());
    let mut n = 0;
    loop {
        let spare = out.spare_capacity_mut();
        let (read, written) = if nul {
            utf32_to_cesu8_avx2::<true>(&src[n..], spare)
        } else {
            utf32_to_cesu8_avx2::<false>(&src[n..], spare)
        };
        // SAFETY: the kernel initialized the first `written` bytes of the
        // spare capacity (`written <= spare.len()`).
        unsafe { out.set_len(out.len() + written) };
        n += read;
        // It stops at the end, before a value that is not a scalar value,
        // or where the room ends: then room for the rest at the rate so far
        // (at least doubled), and on.
        match src.get(n) {
            Some(&v) if char::from_u32(v).is_some() => {
                let rate = written.div_ceil(read.max(1)).max(1);
                out.reserve((src.len() - n).saturating_mul(rate).saturating_add(6));
            }
            _ => return n,
        }
    }
}

/// For two 64-bit lanes of a code point's bytes each (a first 32-bit lane
/// of one to three bytes, then a second of three bytes only for a
/// supplementary code point), the byte shuffle that packs them (index
/// `0x80` zeroes a byte), indexed by the code points' lengths: bit 0 and
/// bit 2 of the index are the first's length class (0 to 3 for 1, 2, 3 and
/// 6 bytes, bit 0 lowest), bit 1 and bit 3 the second's.
static PACK6: [[u8; 16]; 16] = pack6();

/// How many bytes the shuffle of [`PACK6`] of the same index keeps.
static PACK6_LEN: [u8; 16] = pack6_len();

/// The length class (0 to 3) of code point `j` (0 or 1) of a [`PACK6`] key.
const fn class(key: usize, j: usize) -> usize {
    ((key >> j) & 1) | (((key >> (j + 2)) & 1) << 1)
}

/// The bytes of a length class: 1, 2, 3, 6.
const fn class_len(class: usize) -> usize {
    [1, 2, 3, 6][class]
}

const fn pack6() -> [[u8; 16]; 16] {
    let mut table = [[0x80u8; 16]; 16];
    let mut key = 0;
    while key < 16 {
        let (mut n, mut j) = (0, 0);
        while j < 2 {
            let len = class_len(class(key, j));
            let mut b = 0;
            while b < len {
                // Bytes 0..3 of the first lane, then 0..3 of the second.
                table[key][n] = (8 * j + b + b / 3) as u8;
                n += 1;
                b += 1;
            }
            j += 1;
        }
        key += 1;
    }
    table
}

const fn pack6_len() -> [u8; 16] {
    let mut table = [0u8; 16];
    let mut key = 0;
    while key < 16 {
        table[key] = (class_len(class(key, 0)) + class_len(class(key, 1))) as u8;
        key += 1;
    }
    table
}

/// Encodes the Unicode scalar values at the front of `src` as CESU-8 (with
/// `NUL`, Modified UTF-8) in `dst`, as many as fit: (code points read,
/// bytes written). It stops at the end of `src`, before a surrogate or a
/// value beyond U+10FFFF, or before a code point whose form does not fit.
#[target_feature(enable = "avx2")]
fn utf32_to_cesu8_avx2<const NUL: bool>(src: &[u32], dst: &mut [MaybeUninit<u8>]) -> (usize, usize) {
    // A parameter of the type, so that CESU-8's instance has none of
    // Modified UTF-8's work for U+0000.
    let nul = NUL;
    let (mut i, mut o) = (0, 0);
    let room = dst.len();
    let to = dst.as_mut_ptr().cast::<u8>();
    // `v | (v - 1)` with `nul`: the value, but all ones for U+0000, so that
    // the checks of the one- and two-byte cases refuse it.
    let plain = |v: __m256i| if nul { _mm256_or_si256(v, _mm256_sub_epi32(v, _mm256_set1_epi32(1))) } else { v };
    // The general case writes at most 52 bytes (48 meant).
    while i + 8 <= src.len() && o + 52 <= room {
        // SAFETY: `i + 8 <= src.len()`.
        let v = unsafe { _mm256_loadu_si256(src.as_ptr().add(i).cast()) };
        let pv = plain(v);
        if _mm256_testz_si256(pv, _mm256_set1_epi32(!0x7F)) == 1 && i + 32 <= src.len() {
            // SAFETY: `i + 32 <= src.len()`.
            let (b, c, d) = unsafe {
                let from = src.as_ptr().add(i);
                (
                    _mm256_loadu_si256(from.add(8).cast()),
                    _mm256_loadu_si256(from.add(16).cast()),
                    _mm256_loadu_si256(from.add(24).cast()),
                )
            };
            let all = _mm256_or_si256(_mm256_or_si256(pv, plain(b)), _mm256_or_si256(plain(c), plain(d)));
            if _mm256_testz_si256(all, _mm256_set1_epi32(!0x7F)) == 1 {
                // 32 ASCII code points (without U+0000 when `nul`): in-lane
                // packs interleave the registers' quarters; the
                // permutation puts them back in order.
                let bytes = _mm256_packus_epi16(_mm256_packus_epi32(v, b), _mm256_packus_epi32(c, d));
                let bytes = _mm256_permutevar8x32_epi32(bytes, _mm256_set_epi32(7, 3, 6, 2, 5, 1, 4, 0));
                // SAFETY: `o + 32 <= room`.
                unsafe { _mm256_storeu_si256(to.add(o).cast(), bytes) };
                i += 32;
                o += 32;
                continue;
            }
        }
        if i + 16 <= src.len() {
            // SAFETY: `i + 16 <= src.len()`.
            let w = unsafe { _mm256_loadu_si256(src.as_ptr().add(i + 8).cast()) };
            if _mm256_testz_si256(_mm256_or_si256(pv, plain(w)), _mm256_set1_epi32(!0x7FF)) == 1 {
                // Sixteen code points of one or two bytes, as in UTF-8.
                // SAFETY: `o + 32 <= room`.
                o += unsafe { one_or_two_bytes(v, w, to.add(o)) };
                i += 16;
                continue;
            }
        }
        // Surrogates, and values beyond U+10FFFF (whose high half is above 0x10).
        let surrogate = _mm256_cmpeq_epi32(
            _mm256_and_si256(v, _mm256_set1_epi32(0xFFFF_F800_u32 as i32)),
            _mm256_set1_epi32(0xD800),
        );
        let beyond = _mm256_cmpgt_epi32(_mm256_srli_epi32::<16>(v), _mm256_set1_epi32(0x10));
        let bad = _mm256_or_si256(surrogate, beyond);
        if _mm256_testz_si256(bad, bad) == 0 {
            // A code point at a time to the end of the eight, stopping at
            // the first value that is not a scalar value.
            let end = i + 8;
            while i < end {
                let Some((form, len)) = cesu8_form(src[i], nul) else { return (i, o) };
                // SAFETY: `o + len <= o + 6 * 8 <= room`.
                unsafe { core::ptr::copy_nonoverlapping(form.as_ptr(), to.add(o), len) };
                i += 1;
                o += len;
            }
            continue;
        }
        // Which lanes take at least two (U+0000 with `nul` too), three,
        // six bytes.
        let two = _mm256_cmpgt_epi32(v, _mm256_set1_epi32(0x7F));
        let two = if nul { _mm256_or_si256(two, _mm256_cmpeq_epi32(v, _mm256_set1_epi32(0))) } else { two };
        let three = _mm256_cmpgt_epi32(v, _mm256_set1_epi32(0x7FF));
        let six = _mm256_cmpgt_epi32(v, _mm256_set1_epi32(0xFFFF));
        let mask = |x: __m256i| _mm256_movemask_ps(_mm256_castsi256_ps(x)) as u32;
        let (m2, m3, m6) = (mask(two), mask(three), mask(six));
        if m6 == 0 {
            if m3 == 0xFF {
                // Eight code points of three bytes each, as in UTF-8.
                // SAFETY: `o + 28 <= room`.
                unsafe { three_bytes(v, to.add(o)) };
                i += 8;
                o += 24;
                continue;
            }
            // Eight code points below U+10000: UTF-8's forms, U+0000 with
            // `nul` counted among the two-byte ones (whose bits give `C0 80`).
            // SAFETY: `o + 32 <= room`.
            o += unsafe {
                bmp_bytes(v, Lengths { at_least: [two, three, six], two: m2, three: m3, four: 0 }, to.add(o))
            };
            i += 8;
            continue;
        }
        let (first, second) = surrogate_forms(v);
        if m6 == 0xFF {
            // Eight supplementary code points: six bytes each, and as long
            // as the next eight are too (`v - 0x10000` below `0x100000`:
            // no check of the lengths, surrogates or values beyond).
            // SAFETY: `o + 52 <= room`.
            unsafe { six_bytes(first, second, to.add(o)) };
            i += 8;
            o += 48;
            while i + 8 <= src.len() && o + 52 <= room {
                // SAFETY: `i + 8 <= src.len()`.
                let v = unsafe { _mm256_loadu_si256(src.as_ptr().add(i).cast()) };
                let w = _mm256_sub_epi32(v, _mm256_set1_epi32(0x1_0000));
                if _mm256_testz_si256(w, _mm256_set1_epi32(!0xF_FFFF)) == 0 {
                    break;
                }
                let (first, second) = surrogate_forms(v);
                // SAFETY: `o + 52 <= room`.
                unsafe { six_bytes(first, second, to.add(o)) };
                i += 8;
                o += 48;
            }
            continue;
        }
        // Each code point's first lane: its one to three bytes, or its
        // first surrogate's form.
        let form2 = _mm256_or_si256(
            _mm256_or_si256(
                _mm256_srli_epi32::<6>(v),
                _mm256_and_si256(_mm256_slli_epi32::<8>(v), _mm256_set1_epi32(0x3F00)),
            ),
            _mm256_set1_epi32(0x80C0),
        );
        let form3 = _mm256_or_si256(
            _mm256_or_si256(
                _mm256_srli_epi32::<12>(v),
                _mm256_and_si256(_mm256_slli_epi32::<2>(v), _mm256_set1_epi32(0x3F00)),
            ),
            _mm256_or_si256(
                _mm256_and_si256(_mm256_slli_epi32::<16>(v), _mm256_set1_epi32(0x3F_0000)),
                _mm256_set1_epi32(0x0080_80E0),
            ),
        );
        let lanes = _mm256_blendv_epi8(v, form2, two);
        let lanes = _mm256_blendv_epi8(lanes, form3, three);
        let lanes = _mm256_blendv_epi8(lanes, first, six);
        // Length classes 0..3 (1, 2, 3, 6 bytes): bit 0 is two ^ three ^
        // six, bit 1 three.
        let (low, high) = (m2 ^ m3 ^ m6, m3);
        let key = |pair: u32| (((low >> (2 * pair)) & 3) | (((high >> (2 * pair)) & 3) << 2)) as usize;
        // Pairs 0 and 2 in the halves of the first interleaving, 1 and 3
        // in those of the second.
        let (k0, k1, k2, k3) = (key(0), key(1), key(2), key(3));
        // SAFETY: the tables' entries are 16 bytes; the stores end at
        // `o + 36 + 16 <= room` (at most twelve bytes a pair).
        unsafe {
            let shuffle = |a: usize, b: usize| {
                _mm256_inserti128_si256::<1>(
                    _mm256_castsi128_si256(_mm_loadu_si128(PACK6[a].as_ptr().cast())),
                    _mm_loadu_si128(PACK6[b].as_ptr().cast()),
                )
            };
            let even = _mm256_shuffle_epi8(_mm256_unpacklo_epi32(lanes, second), shuffle(k0, k2));
            let odd = _mm256_shuffle_epi8(_mm256_unpackhi_epi32(lanes, second), shuffle(k1, k3));
            _mm_storeu_si128(to.add(o).cast(), _mm256_castsi256_si128(even));
            o += usize::from(PACK6_LEN[k0]);
            _mm_storeu_si128(to.add(o).cast(), _mm256_castsi256_si128(odd));
            o += usize::from(PACK6_LEN[k1]);
            _mm_storeu_si128(to.add(o).cast(), _mm256_extracti128_si256::<1>(even));
            o += usize::from(PACK6_LEN[k2]);
            _mm_storeu_si128(to.add(o).cast(), _mm256_extracti128_si256::<1>(odd));
            o += usize::from(PACK6_LEN[k3]);
        }
        i += 8;
    }
    // The last code points, each checked against both ends.
    while let Some(&v) = src.get(i) {
        let Some((form, len)) = cesu8_form(v, nul) else { break };
        if o + len > room {
            break;
        }
        // SAFETY: `o + len <= room`.
        unsafe { core::ptr::copy_nonoverlapping(form.as_ptr(), to.add(o), len) };
        i += 1;
        o += len;
    }
    (i, o)
}

/// Stores the UTF-8 of eight code points below U+10000 of `lengths` (as
/// UTF-8's encoder does, `avx2_utf32.rs`): how many bytes they take.
///
/// # Safety
///
/// `to` is writable for 32 bytes.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn bmp_bytes(v: __m256i, lengths: Lengths, to: *mut u8) -> usize {
    let (lanes, key) = utf8_lanes(v, &lengths);
    let (key_lo, key_hi) = ((key & 0x0F) | ((key >> 4) & 0xF0), ((key >> 4) & 0x0F) | ((key >> 8) & 0xF0));
    let (lo, hi) = (&PACK[key_lo as usize], &PACK[key_hi as usize]);
    let len_lo = usize::from(PACK_LEN[key_lo as usize]);
    // SAFETY: `lo` and `hi` are 16 bytes each; the stores end at
    // `len_lo + 16 <= 32`, inside what the caller promised.
    unsafe {
        let shuffle = _mm256_inserti128_si256::<1>(
            _mm256_castsi128_si256(_mm_loadu_si128(lo.as_ptr().cast())),
            _mm_loadu_si128(hi.as_ptr().cast()),
        );
        let bytes = _mm256_shuffle_epi8(lanes, shuffle);
        _mm_storeu_si128(to.cast(), _mm256_castsi256_si128(bytes));
        _mm_storeu_si128(to.add(len_lo).cast(), _mm256_extracti128_si256::<1>(bytes));
    }
    len_lo + usize::from(PACK_LEN[key_hi as usize])
}

/// The forms of the two surrogates of eight supplementary code points (in
/// other lanes, bytes to be ignored), three bytes in each 32-bit lane,
/// lowest first (the table of `cesu8.rs`):
///
/// ```text
/// first   ED 1010wwww 10zzzzzz
/// second  ED 1011yyyy 10xxxxxx   (wwww zzzzzz yyyy xxxxxx: cp - 0x10000)
/// ```
#[target_feature(enable = "avx2")]
#[inline]
fn surrogate_forms(v: __m256i) -> (__m256i, __m256i) {
    let w = _mm256_sub_epi32(v, _mm256_set1_epi32(0x1_0000));
    // wwww to bits 8..12, zzzzzz to bits 16..22.
    let first = _mm256_or_si256(
        _mm256_and_si256(_mm256_srli_epi32::<8>(w), _mm256_set1_epi32(0x0F00)),
        _mm256_and_si256(_mm256_slli_epi32::<6>(w), _mm256_set1_epi32(0x3F_0000)),
    );
    // yyyy to bits 8..12, xxxxxx to bits 16..22.
    let second = _mm256_or_si256(
        _mm256_and_si256(_mm256_slli_epi32::<2>(w), _mm256_set1_epi32(0x0F00)),
        _mm256_and_si256(_mm256_slli_epi32::<16>(w), _mm256_set1_epi32(0x3F_0000)),
    );
    (_mm256_or_si256(first, _mm256_set1_epi32(0x0080_A0ED)), _mm256_or_si256(second, _mm256_set1_epi32(0x0080_B0ED)))
}

/// Stores the six bytes of each of eight supplementary code points from
/// their surrogates' forms (48 bytes meant, 52 written).
///
/// # Safety
///
/// `to` is writable for 52 bytes.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn six_bytes(first: __m256i, second: __m256i, to: *mut u8) {
    // Interleaved, two code points per half: the three bytes of each lane packed.
    let pack = _mm256_set_epi8(
        -128, -128, -128, -128, 14, 13, 12, 10, 9, 8, 6, 5, 4, 2, 1, 0, -128, -128, -128, -128, 14, 13, 12, 10, 9, 8,
        6, 5, 4, 2, 1, 0,
    );
    let even = _mm256_shuffle_epi8(_mm256_unpacklo_epi32(first, second), pack);
    let odd = _mm256_shuffle_epi8(_mm256_unpackhi_epi32(first, second), pack);
    // SAFETY: the caller's promise: bytes `0 .. 52`.
    unsafe {
        _mm_storeu_si128(to.cast(), _mm256_castsi256_si128(even));
        _mm_storeu_si128(to.add(12).cast(), _mm256_castsi256_si128(odd));
        _mm_storeu_si128(to.add(24).cast(), _mm256_extracti128_si256::<1>(even));
        _mm_storeu_si128(to.add(36).cast(), _mm256_extracti128_si256::<1>(odd));
    }
}

/// [`scalars_to_cesu8`] for the tests, whatever the level.
#[cfg(test)]
pub(crate) fn append_checked(src: &[u32], nul: bool, out: &mut Vec<u8>) -> usize {
    assert!(std::is_x86_feature_detected!("avx2"));
    // SAFETY: the processor has AVX2, checked above.
    unsafe { append_cesu8(src, nul, out) }
}

/// The kernel for the tests, whatever the level, into `room` bytes: (code
/// points read, the bytes).
#[cfg(test)]
pub(crate) fn encode_checked(src: &[u32], nul: bool, room: usize) -> (usize, Vec<u8>) {
    assert!(std::is_x86_feature_detected!("avx2"));
    let mut dst = alloc::vec![MaybeUninit::new(0u8); room];
    // SAFETY: the processor has AVX2, checked above.
    let (read, written) = unsafe {
        if nul { utf32_to_cesu8_avx2::<true>(src, &mut dst) } else { utf32_to_cesu8_avx2::<false>(src, &mut dst) }
    };
    assert!(read <= src.len() && written <= room);
    // SAFETY: every element was initialized by `MaybeUninit::new`.
    (read, dst[..written].iter().map(|x| unsafe { x.assume_init() }).collect())
}
