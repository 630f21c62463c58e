//! The AVX-512 forms of UTF-16 to UTF-8, of UTF-16 validation, of
//! checked UTF-8 to UTF-16 (and, without its checks, of UTF-8 to UTF-16 of
//! checked bytes), of the family validator's blocks and of the prefix of
//! text with surrogate pairs (`paired_prefix`) (AVX512F,
//! AVX512BW, AVX512VBMI2 and POPCNT, found at run time: `Level::Avx512`;
//! built with Rust 1.89 and later, `cfg(utfx_kernels_avx512)`).
//!
//! `vpcompressb` does the packing that the AVX2 kernel does with a shuffle
//! from a table for every four or eight units: each unit's candidate bytes
//! are built in a lane, and it keeps, by a mask of the bytes to keep, the
//! ones the unit's length needs, with no table and no branch on the units'
//! lengths. Thirty-two units below U+0800, ASCII among them, go in one
//! compress (a lead and a last byte in each 16-bit lane); others sixteen at
//! a time (the lead of three, the lead of two or middle, and the last byte
//! in each 32-bit lane), up to the block's first surrogate; ASCII on its
//! own only 64 units at a time. A block that starts with a surrogate goes
//! to the AVX2 instantiation's blocks (`simd.rs`, `simd/avx2.rs`), which
//! convert pairs.
//!
//! Every load and store is a whole block inside the caller's slices, checked
//! before the block starts; a store may write bytes past what it counts as
//! written, never past the slice.
#![allow(unsafe_code)]
// Built only by compilers that have these intrinsics (`build.rs`).
#![allow(clippy::incompatible_msrv)]

use core::arch::x86_64::*;

/// The block loop of UTF-16 to UTF-8 over `units` units at `src`, with the
/// contract of the AVX2 instantiation's (`simd::avx2::utf16_blocks`): it
/// stops where fewer than 32 units or 128 bytes of room are left, or before a lone surrogate, and returns
/// (units read, bytes written, surrogate pairs read).
///
/// # Safety
///
/// `src` is readable for `2 * units` bytes, and the processor has AVX2,
/// AVX512F, AVX512BW, AVX512VBMI2 and POPCNT.
#[target_feature(enable = "avx2,avx512f,avx512bw,avx512vbmi2,popcnt")]
pub(super) unsafe fn utf16_blocks<const SWAP: bool>(
    src: *const u8,
    units: usize,
    dst: &mut [u8],
) -> (usize, usize, usize) {
    let (mut i, mut o, mut pairs) = (0, 0, 0);
    // Each pass reads 32 units from `i` and writes two 64-byte stores, the
    // second at most 48 bytes after the first: 112 bytes from `o`.
    let room = dst.len();
    let fits = |i: usize, o: usize| i + 32 <= units && o + 112 <= room;
    loop {
        while fits(i, o) {
            let to = dst.as_mut_ptr();
            // SAFETY: `i + 32 <= units`: 64 bytes from `2 * i` are readable.
            let v = unsafe { load32::<SWAP>(src.add(2 * i)) };
            let wide = _mm512_test_epi16_mask(v, _mm512_set1_epi16(0xFF80_u16 as i16));
            // 64 ASCII units, and then 64 at a time while they last. One
            // branch for 64: on 32, the guess between ASCII and the rest
            // would be wrong at every other block of text that mixes them.
            let ascii64 = i + 64 <= units
                // SAFETY: `i + 64 <= units`: 128 bytes from `2 * i` are readable.
                && _mm512_test_epi16_mask(
                    _mm512_or_si512(v, unsafe { load32::<SWAP>(src.add(2 * i + 64)) }),
                    _mm512_set1_epi16(0xFF80_u16 as i16),
                ) == 0;
            if ascii64 {
                while i + 64 <= units && o + 64 <= room {
                    // SAFETY: `i + 64 <= units`: 128 bytes from `2 * i` are readable.
                    let (v, w) = unsafe { (load32::<SWAP>(src.add(2 * i)), load32::<SWAP>(src.add(2 * i + 64))) };
                    if _mm512_test_epi16_mask(_mm512_or_si512(v, w), _mm512_set1_epi16(0xFF80_u16 as i16)) != 0 {
                        break;
                    }
                    // The pack interleaves the 128-bit quarters of `v` and `w`.
                    let order = _mm512_setr_epi64(0, 2, 4, 6, 1, 3, 5, 7);
                    let bytes = _mm512_permutexvar_epi64(order, _mm512_packus_epi16(v, w));
                    // SAFETY: `o + 64 <= dst.len()`.
                    unsafe { _mm512_storeu_si512(to.add(o).cast(), bytes) };
                    i += 64;
                    o += 64;
                }
                continue;
            }
            let three = _mm512_test_epi16_mask(v, _mm512_set1_epi16(0xF800_u16 as i16));
            if three == 0 {
                // One or two bytes each (ASCII too, when the next 32 units
                // are not): [lead, last] or [unit, _] in a 16-bit lane, one
                // compress for the 32.
                let ascii = !wide;
                let set = _mm512_set1_epi16;
                let lead = _mm512_or_si512(_mm512_srli_epi16::<6>(v), set(0xC0));
                let last =
                    _mm512_or_si512(_mm512_and_si512(_mm512_slli_epi16::<8>(v), set(0x3F00)), set(0x8000_u16 as i16));
                let lanes = _mm512_mask_mov_epi16(_mm512_or_si512(lead, last), ascii, v);
                let keep = _mm512_movepi8_mask(_mm512_mask_mov_epi16(set(-1), ascii, set(0x80)));
                // SAFETY: `o + 64 <= dst.len()`.
                unsafe { _mm512_storeu_si512(to.add(o).cast(), _mm512_maskz_compress_epi8(keep, lanes)) };
                o += keep.count_ones() as usize;
                i += 32;
                continue;
            }
            let top = _mm512_and_si512(v, _mm512_set1_epi16(0xF800_u16 as i16));
            let surrogates = _mm512_cmpeq_epi16_mask(top, _mm512_set1_epi16(0xD800_u16 as i16));
            if surrogates != 0 {
                // The units before the first surrogate, which are not part
                // of a pair.
                let before = surrogates.trailing_zeros();
                if before == 0 {
                    break;
                }
                // SAFETY: `i + 32 <= units` and `o + 112 <= dst.len()`.
                o += unsafe { bmp32::<SWAP>(src.add(2 * i), wide, three, before, to.add(o)) };
                i += before as usize;
                continue;
            }
            // SAFETY: as above.
            o += unsafe { bmp32::<SWAP>(src.add(2 * i), wide, three, 32, to.add(o)) };
            i += 32;
        }
        // A surrogate first in the next 32 units: the AVX2 blocks take the
        // next 256 (pairs tend to come together: emoji went at 0.7 times
        // the AVX2 kernel's speed with 64), pairs and all, or stop at once
        // before a lone surrogate. Fewer than 32 units or 112 bytes of
        // room: they take the rest, 32 units at a time while 128 bytes of
        // room are left (then the portable code).
        let more = fits(i, o);
        let window = if more { (units - i).min(256) } else { units - i };
        // SAFETY: `i + window <= units`: `2 * window` bytes from `2 * i`
        // are readable; the processor has AVX2.
        let (read, written, read_pairs) =
            unsafe { super::simd::avx2::utf16_blocks::<SWAP>(src.add(2 * i), window, &mut dst[o..]) };
        (i, o, pairs) = (i + read, o + written, pairs + read_pairs);
        // Nothing read: a lone surrogate, or no room.
        if !more || read == 0 {
            return (i, o, pairs);
        }
    }
}

/// The shuffle that swaps the two bytes of each unit (in each 16-byte
/// lane, as `vpshufb` indexes).
const SWAP_BYTES: [u8; 64] = {
    let mut swap = [0; 64];
    let mut k = 0;
    while k < 64 {
        swap[k] = (k as u8 & 15) ^ 1;
        k += 1;
    }
    swap
};

/// Loads 32 units from `p`, swapping the bytes of each when `SWAP`.
///
/// # Safety
///
/// `p` is readable for 64 bytes.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
unsafe fn load32<const SWAP: bool>(p: *const u8) -> __m512i {
    // SAFETY: the caller's promise.
    let v = unsafe { _mm512_loadu_si512(p.cast()) };
    if SWAP {
        // SAFETY: 64 bytes.
        _mm512_shuffle_epi8(v, unsafe { _mm512_loadu_si512(SWAP_BYTES.as_ptr().cast()) })
    } else {
        v
    }
}

/// Writes the UTF-8 of the first `count` (1 to 32) of the 32 units at `p`,
/// which are not surrogates, at `to`, and returns how many bytes it is;
/// `two` and `three` mark the units of two bytes or more, and of three.
///
/// # Safety
///
/// `p` is readable for 64 bytes and `to` writable for 112.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi2,popcnt")]
#[inline]
unsafe fn bmp32<const SWAP: bool>(p: *const u8, two: u32, three: u32, count: u32, to: *mut u8) -> usize {
    let kept = if count == 32 { u32::MAX } else { (1 << count) - 1 };
    // SAFETY: 64 bytes from `to`, then 64 from at most `to + 48`.
    unsafe {
        let n = bmp16(half::<SWAP>(p), two as u16, three as u16, kept as u16, to);
        if count <= 16 {
            return n;
        }
        let (two, three, kept) = ((two >> 16) as u16, (three >> 16) as u16, (kept >> 16) as u16);
        n + bmp16(half::<SWAP>(p.add(32)), two, three, kept, to.add(n))
    }
}

/// Loads sixteen units from `p`, one in each 32-bit lane, swapping the bytes
/// of each when `SWAP`.
///
/// # Safety
///
/// `p` is readable for 32 bytes.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
unsafe fn half<const SWAP: bool>(p: *const u8) -> __m512i {
    // SAFETY: the caller's promise.
    let w = _mm512_cvtepu16_epi32(unsafe { _mm256_loadu_si256(p.cast()) });
    if SWAP {
        _mm512_or_si512(
            _mm512_srli_epi32::<8>(w),
            _mm512_and_si512(_mm512_slli_epi32::<8>(w), _mm512_set1_epi32(0xFF00)),
        )
    } else {
        w
    }
}

/// Writes the UTF-8 of sixteen units that are not surrogates, one in each
/// 32-bit lane of `w`, at `to`, and returns how many bytes it is; `two` and
/// `three` mark the units of two bytes or more, and of three, and only the
/// units that `units` marks, the first ones, are written.
///
/// Each unit's lane holds `[lead of three, middle, last, 0]`:
///
/// | the unit | bytes kept | lane |
/// |---|---|---|
/// | `00000000 0xxxxxxx` | the last | `_, _, 0xxxxxxx, 0` |
/// | `00000yyy yyxxxxxx` | the last two | `_, 110yyyyy, 10xxxxxx, 0` |
/// | `zzzzyyyy yyxxxxxx` | all three | `1110zzzz, 10yyyyyy, 10xxxxxx, 0` |
///
/// # Safety
///
/// `to` is writable for 64 bytes.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi2,popcnt")]
#[inline]
unsafe fn bmp16(w: __m512i, two: __mmask16, three: __mmask16, units: __mmask16, to: *mut u8) -> usize {
    let set = _mm512_set1_epi32;
    let lead = _mm512_srli_epi32::<12>(w);
    let middle = _mm512_and_si512(_mm512_slli_epi32::<2>(w), set(0x3F00));
    let last = _mm512_and_si512(_mm512_slli_epi32::<16>(w), set(0x3F_0000));
    let lanes = _mm512_or_si512(_mm512_or_si512(lead, middle), _mm512_or_si512(last, set(0x80_80E0)));
    // A lead of two: `110` where the middle of three has `10` (ASCII
    // units get it too, and do not keep it).
    let lanes = _mm512_mask_or_epi32(lanes, !three, lanes, set(0x4000));
    // ASCII: the unit itself, last.
    let lanes = _mm512_mask_slli_epi32::<16>(lanes, !two, w);
    // The high bit of each byte to keep.
    let keep = _mm512_mask_mov_epi32(set(0x80_0000), two, set(0x80_8000));
    let keep = _mm512_movepi8_mask(_mm512_maskz_mov_epi32(units, _mm512_mask_mov_epi32(keep, three, set(0x80_8080))));
    // SAFETY: the caller's promise.
    unsafe { _mm512_storeu_si512(to.cast(), _mm512_maskz_compress_epi8(keep, lanes)) };
    keep.count_ones() as usize
}

/// The blocks of UTF-16 validation (`simd.rs`'s `prefix_blocks`, with the
/// same contract), 64 units at a time: two vectors of units whose
/// surrogates, if any, pair up, checked on their masks (a trail where the
/// unit before is a lead, a lead pair straddling two blocks by a carry).
/// It stops at the first block that is not so, or where fewer than 64
/// units are left, and returns the start of the character there: every
/// unit before it is well-formed.
///
/// # Safety
///
/// `src` is readable for `2 * units` bytes, and the processor has AVX2,
/// AVX512F and AVX512BW.
#[target_feature(enable = "avx2,avx512f,avx512bw")]
pub(super) unsafe fn utf16_prefix_blocks<const SWAP: bool>(src: *const u8, units: usize) -> usize {
    let set = _mm512_set1_epi16;
    let (top, kind) = (set(0xF800_u16 as i16), set(0xFC00_u16 as i16));
    let (lead, trail) = (set(0xD800_u16 as i16), set(0xDC00_u16 as i16));
    let (mut i, mut carry) = (0, 0u64);
    let surrogate = |v: __m512i| _mm512_cmpeq_epi16_mask(_mm512_and_si512(v, top), lead);
    while i + 64 <= units {
        // Text without surrogates, 128 units a step while it lasts.
        while carry == 0 && i + 128 <= units {
            // SAFETY: `i + 128 <= units`: 256 bytes from `2 * i` are readable.
            let found = unsafe {
                let p = src.add(2 * i);
                (surrogate(load32::<SWAP>(p)) | surrogate(load32::<SWAP>(p.add(64))))
                    | (surrogate(load32::<SWAP>(p.add(128))) | surrogate(load32::<SWAP>(p.add(192))))
            };
            if found != 0 {
                break;
            }
            i += 128;
        }
        if i + 64 > units {
            break;
        }
        // SAFETY: `i + 64 <= units`: 128 bytes from `2 * i` are readable.
        let (a, b) = unsafe { (load32::<SWAP>(src.add(2 * i)), load32::<SWAP>(src.add(2 * i + 64))) };
        if carry == 0 && surrogate(a) | surrogate(b) == 0 {
            i += 64;
            continue;
        }
        let (ka, kb) = (_mm512_and_si512(a, kind), _mm512_and_si512(b, kind));
        let mask = |k: __m512i, of: __m512i| u64::from(_mm512_cmpeq_epi16_mask(k, of));
        let leads = mask(ka, lead) | mask(kb, lead) << 32;
        let trails = mask(ka, trail) | mask(kb, trail) << 32;
        if trails != (leads << 1 | carry) {
            break;
        }
        carry = leads >> 63;
        i += 64;
    }
    i - carry as usize
}

/// Keiser and Lemire's lookup (decision 0014) on 512-bit vectors: the
/// grammar's three tables, each row in every 128-bit lane (shared with
/// `avx512_offsets.rs`).
pub(crate) struct Lookup {
    byte_1_high: __m512i,
    byte_1_low: __m512i,
    byte_2_high: __m512i,
}

impl Lookup {
    /// The tables' rows in registers.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub(crate) fn new(tables: &crate::Utf8Tables) -> Lookup {
        let row = |t: &[u8; 16]| {
            // SAFETY: 16 readable bytes.
            _mm512_broadcast_i32x4(unsafe { _mm_loadu_si128(t.as_ptr().cast()) })
        };
        Lookup {
            byte_1_high: row(&tables.byte_1_high),
            byte_1_low: row(&tables.byte_1_low),
            byte_2_high: row(&tables.byte_2_high),
        }
    }

    /// The bytes of `v` the tables flag: the classes of each pair of bytes
    /// (the byte before from `prev1`) that meet, and where a lead two or
    /// three back (`prev2`, `prev3`) asks for a continuation byte or none
    /// does (`simd.rs`'s `Checker`).
    #[target_feature(enable = "avx512f,avx512bw")]
    #[inline]
    pub(crate) fn flagged(&self, v: __m512i, prev1: __m512i, prev2: __m512i, prev3: __m512i) -> __mmask64 {
        let set8 = |b: u8| _mm512_set1_epi8(b as i8);
        let nibble = set8(0x0F);
        let classes = _mm512_and_si512(
            _mm512_and_si512(
                _mm512_shuffle_epi8(self.byte_1_high, _mm512_and_si512(_mm512_srli_epi16::<4>(prev1), nibble)),
                _mm512_shuffle_epi8(self.byte_1_low, _mm512_and_si512(prev1, nibble)),
            ),
            _mm512_shuffle_epi8(self.byte_2_high, _mm512_and_si512(_mm512_srli_epi16::<4>(v), nibble)),
        );
        let must = _mm512_and_si512(
            _mm512_or_si512(_mm512_subs_epu8(prev2, set8(0xE0 - 0x80)), _mm512_subs_epu8(prev3, set8(0xF0 - 0x80))),
            set8(0x80),
        );
        let errors = _mm512_xor_si512(must, classes);
        _mm512_test_epi8_mask(errors, errors)
    }
}

/// Whether the bytes of `a` and `b` are all ASCII (`00..7F`), and with
/// `NUL` (tables that refuse `00`) all `01..7F`: their least as `i8` is at
/// least 1, one compare as the high bits are one move to a mask.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn plain<const NUL: bool>(a: __m512i, b: __m512i) -> bool {
    if NUL {
        _mm512_cmplt_epi8_mask(_mm512_min_epi8(a, b), _mm512_set1_epi8(1)) == 0
    } else {
        _mm512_movepi8_mask(_mm512_or_si512(a, b)) == 0
    }
}

/// Where the run of ASCII (without `00` with `NUL`) from `i` on stops being
/// whole blocks of 256 bytes: the ASCII steps of the validator's blocks.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn ascii_run<const NUL: bool>(input: &[u8], mut i: usize) -> usize {
    let p = input.as_ptr();
    while i + 256 <= input.len() {
        // SAFETY: `i + 256 <= len`: the 256 bytes from `i` are inside
        // `input`.
        let load = |k: usize| unsafe { _mm512_loadu_si512(p.add(i + 64 * k).cast()) };
        let pair = |a: __m512i, b: __m512i| {
            if NUL { _mm512_min_epi8(a, b) } else { _mm512_or_si512(a, b) }
        };
        if !plain::<NUL>(pair(load(0), load(1)), pair(load(2), load(3))) {
            break;
        }
        i += 256;
    }
    i
}

/// The bytes `00` of `v` with `NUL`, else none.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn nuls<const NUL: bool>(v: __m512i) -> __mmask64 {
    if NUL { _mm512_testn_epi8_mask(v, v) } else { 0 }
}

/// UTF-8 to UTF-16, checked against a grammar's tables without a forbidden
/// pair (`simd.rs`'s `checked_utf8_to_utf16`, whose work it takes over
/// where it can): 64 bytes a block, validated with the tables as Keiser
/// and Lemire's lookup does it and converted in the same pass, characters
/// of one to four bytes alike. It returns (bytes read, units written): the
/// bytes read are well-formed and end where a character starts, their
/// units are written, and the caller goes on from there.
///
/// A block at `i` validates the bytes `i .. i + 64` (with the three before
/// them) and writes the units of the characters that end at `i - 1 .. i +
/// 63`: whether a byte ends a character is up to the byte after it, which
/// the block has checked. Every position gets a unit from its byte and the
/// two before it, read from memory at offsets -1 to -3 and widened to 16
/// bits, and `vpcompressw` keeps those at the ends of characters:
///
/// | the position's byte, after | its unit |
/// |---|---|
/// | `0xxxxxxx` (ASCII) | `0xxxxxxx` |
/// | `10xxxxxx` after `110yyyyy` | `00000yyy yyxxxxxx` |
/// | `10xxxxxx` after `1110zzzz 10yyyyyy` | `zzzzyyyy yyxxxxxx` |
/// | `10vvxxxx` after `11110uuu 10uuzzzz` (a third byte of four) | `0xD7C0 + uuuuuzzzzvv`, the lead surrogate |
/// | `10xxxxxx` after `10vvyyyy` after `11110uuu 10uuzzzz` (a fourth) | `110111yy yyxxxxxx`, the trail surrogate |
///
/// The third byte of four ends the lead surrogate: `0xD7C0 + (code point
/// >> 10)` is `0xD800 + ((code point - 0x10000) >> 10)`.
///
/// Tables that refuse `00` take a form of their own, which flags it with
/// the tables' errors and keeps it out of the ASCII blocks, so that the
/// others pay nothing for it.
///
/// # Safety
///
/// The processor has AVX2, AVX512F, AVX512BW, AVX512VBMI2 and POPCNT.
#[target_feature(enable = "avx2,avx512f,avx512bw,avx512vbmi2,popcnt")]
pub(super) unsafe fn checked_utf8_to_utf16(src: &[u8], dst: &mut [u16], tables: &crate::Utf8Tables) -> (usize, usize) {
    if tables.nul {
        checked_utf8_to_utf16_of::<true>(src, dst, Some(tables))
    } else {
        checked_utf8_to_utf16_of::<false>(src, dst, Some(tables))
    }
}

/// UTF-8 to UTF-16 of bytes the caller has checked: [`checked_utf8_to_utf16`]'s
/// blocks without the tables' lookup, with the contract of the AVX2
/// instantiation's `valid_utf8_to_utf16` (whose work it takes over where it
/// can): every sequence of one to four bytes decodes by its bit
/// distribution; on other bytes the units are unspecified, and every load
/// and store stays inside the slices.
///
/// # Safety
///
/// The processor has AVX2, AVX512F, AVX512BW, AVX512VBMI2 and POPCNT.
#[target_feature(enable = "avx2,avx512f,avx512bw,avx512vbmi2,popcnt")]
pub(super) unsafe fn valid_utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    checked_utf8_to_utf16_of::<false>(src, dst, None)
}

/// [`checked_utf8_to_utf16`], with `NUL` when the tables refuse `00`; without
/// tables, [`valid_utf8_to_utf16`].
#[target_feature(enable = "avx2,avx512f,avx512bw,avx512vbmi2,popcnt")]
#[inline]
fn checked_utf8_to_utf16_of<const NUL: bool>(
    src: &[u8],
    dst: &mut [u16],
    tables: Option<&crate::Utf8Tables>,
) -> (usize, usize) {
    let len = src.len();
    if tables.is_some_and(|tables| tables.pair.is_some()) {
        return (0, 0);
    }
    // Whole characters first, checked one by one, until three bytes lie
    // behind: the blocks read three bytes back.
    let head = crate::boundary_from(src, 3);
    if head < 3 || head + 64 > len || dst.len() < head + 64 {
        return (0, 0);
    }
    if let Some(tables) = tables
        && crate::validate::valid_prefix_portable(&src[..head], tables) < head
    {
        return (0, 0);
    }
    let (read, mut o) = crate::valid_utf8_to_utf16_portable(&src[..head], dst);
    if read < head {
        return (0, 0);
    }
    let lookup = tables.map(|tables| Lookup::new(tables));
    let set8 = |b: u8| _mm512_set1_epi8(b as i8);
    let set16 = |u: u16| _mm512_set1_epi16(u as i16);
    let p = src.as_ptr();
    let to = dst.as_mut_ptr();
    let mut i = head;
    // The head wrote the character that ends at `head - 1`.
    let mut first = !1u64;
    while i + 64 <= len && o + 64 <= dst.len() {
        // SAFETY: `3 <= i` and `i + 64 <= len`: the block's loads, 64
        // bytes from `i`, `i - 1`, `i - 2` and `i - 3`, are inside `src`.
        let load = |at: usize| unsafe { _mm512_loadu_si512(p.add(at).cast()) };
        let (v, prev1) = (load(i), load(i - 1));
        if plain::<NUL>(prev1, v) && first == !0 {
            // ASCII from `i - 1` to `i + 63`: no error can be here (a lead
            // before `i - 1` was checked against the ASCII byte `i - 1` by
            // the block before), and each byte is its unit, each an end.
            // SAFETY: `o + 64 <= dst.len()`.
            unsafe {
                _mm512_storeu_si512(to.add(o).cast(), _mm512_cvtepu8_epi16(_mm512_castsi512_si256(prev1)));
                _mm512_storeu_si512(to.add(o + 32).cast(), _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64::<1>(prev1)));
            }
            o += 64;
            i += 64;
            continue;
        }
        let (prev2, prev3) = (load(i - 2), load(i - 3));
        if let Some(lookup) = &lookup
            && lookup.flagged(v, prev1, prev2, prev3) | nuls::<NUL>(v) != 0
        {
            break;
        }
        // Position `k` of the window is byte `i - 1 + k`: it ends a
        // character when byte `i + k` is not a continuation byte, or when
        // it is the third byte of four (a lead three bytes before `i + k`).
        let continuation = _mm512_cmpeq_epi8_mask(_mm512_and_si512(v, set8(0xC0)), set8(0x80));
        let third_of_four = _mm512_cmpge_epu8_mask(prev3, set8(0xF0));
        let ends = (!continuation | third_of_four) & first;
        first = !0;
        // Without a lead of four bytes among the bytes read, nor right
        // before them (whose fourth byte is the window's first: a trail
        // surrogate), only the table's first three rows can hold; without a
        // lead of three bytes either, only its first two.
        let leads = _mm512_max_epu8(v, prev3);
        let no_four = _mm512_cmpge_epu8_mask(leads, set8(0xF0)) == 0 && (i < 4 || src[i - 4] < 0xF0);
        let short = no_four && _mm512_cmpge_epu8_mask(leads, set8(0xE0)) == 0;
        for h in 0..2 {
            // Each byte of the window and the two before it, widened: the
            // halves of the vectors loaded from `i - 1`, `i - 2`, `i - 3`.
            let widened = |bytes: __m512i| {
                _mm512_cvtepu8_epi16(if h == 0 {
                    _mm512_castsi512_si256(bytes)
                } else {
                    _mm512_extracti64x4_epi64::<1>(bytes)
                })
            };
            let (b0, b1, b2) = (widened(prev1), widened(prev2), widened(prev3));
            let low6 = _mm512_and_si512(b0, set16(0x3F));
            let two = _mm512_or_si512(_mm512_slli_epi16::<6>(_mm512_and_si512(b1, set16(0x1F))), low6);
            let ascii = _mm512_cmplt_epu16_mask(b0, set16(0x80));
            let keep = (ends >> (32 * h)) as u32;
            // The table's rows, the ones above taking precedence (at an end,
            // only one holds but for the ASCII row's): of a block without a
            // lead of three or four bytes, only the first two; without one of
            // four, the first three.
            let mut unit = two;
            if !short {
                let mid6 = _mm512_slli_epi16::<6>(_mm512_and_si512(b1, set16(0x3F)));
                let three = _mm512_or_si512(_mm512_or_si512(_mm512_slli_epi16::<12>(b2), mid6), low6);
                if !no_four {
                    // The trail surrogate's row, the lowest.
                    unit = _mm512_or_si512(
                        set16(0xDC00),
                        _mm512_or_si512(_mm512_slli_epi16::<6>(_mm512_and_si512(b1, set16(0x0F))), low6),
                    );
                }
                unit = _mm512_mask_mov_epi16(unit, _mm512_cmpge_epu16_mask(b2, set16(0xE0)), three);
                if !no_four {
                    // The lead surrogate's row, above the three bytes'.
                    let lead = _mm512_add_epi16(
                        set16(0xD7C0),
                        _mm512_or_si512(
                            _mm512_or_si512(
                                _mm512_slli_epi16::<8>(_mm512_and_si512(b2, set16(0x07))),
                                _mm512_slli_epi16::<2>(_mm512_and_si512(b1, set16(0x3F))),
                            ),
                            _mm512_srli_epi16::<4>(low6),
                        ),
                    );
                    unit = _mm512_mask_mov_epi16(unit, _mm512_cmpge_epu16_mask(b2, set16(0xF0)), lead);
                }
                unit = _mm512_mask_mov_epi16(unit, _mm512_cmpge_epu16_mask(b1, set16(0xC0)), two);
            }
            unit = _mm512_mask_mov_epi16(unit, ascii, b0);
            // SAFETY: `o + 64 <= dst.len()` before the block, which writes
            // at most 64 units: 32 from `o` at most twice.
            unsafe { _mm512_storeu_si512(to.add(o).cast(), _mm512_maskz_compress_epi16(keep, unit)) };
            o += keep.count_ones() as usize;
        }
        i += 64;
    }
    if i == head {
        return (head, o);
    }
    // The character that byte `i - 1` is in is not written, but for the
    // lead surrogate of four bytes whose third is `i - 2`: take it back,
    // and go back to the character's start.
    let start = crate::char_start(src, i - 1);
    if start + 3 == i - 1 && src[start] >= 0xF0 {
        o -= 1;
    }
    (start, o)
}

/// The family validator's blocks on 512-bit vectors, with the contract of
/// `simd.rs`'s `first_error_block` (whose work it takes over): the
/// tables' classes of each pair of bytes and the continuation bytes a lead
/// two or three back asks for, as [`checked_utf8_to_utf16`] computes them,
/// 64 bytes a block from loads at `i - 1`, `i - 2` and `i - 3`, and ASCII
/// blocks skipped. Without a forbidden pair it returns the first byte the
/// tables flag. `generic` (the AVX2 instantiation's `first_error_block`)
/// checks the characters left after the last whole block, and a block
/// whose flags a forbidden pair's mark may explain (a window of whole
/// characters from two characters before the block, so that it sees both
/// sequences of a pair): bytes before the characters it starts from are
/// well-formed, since no flag was found before them.
///
/// Tables that refuse `00` take a form of their own, which flags it with
/// the tables' errors and keeps it out of the ASCII blocks (a signed
/// minimum and a compare where the others take an or and the high bits),
/// so that the others pay nothing for it.
///
/// # Safety
///
/// The processor has AVX2, AVX512F and AVX512BW.
#[target_feature(enable = "avx2,avx512f,avx512bw")]
pub(super) unsafe fn first_error_block(
    input: &[u8],
    tables: &crate::Utf8Tables,
    generic: &dyn Fn(&[u8]) -> usize,
) -> usize {
    if tables.nul {
        first_error_block_of::<true>(input, tables, generic)
    } else {
        first_error_block_of::<false>(input, tables, generic)
    }
}

/// [`first_error_block`], with `NUL` when the tables refuse `00`.
#[target_feature(enable = "avx2,avx512f,avx512bw")]
#[inline]
fn first_error_block_of<const NUL: bool>(
    input: &[u8],
    tables: &crate::Utf8Tables,
    generic: &dyn Fn(&[u8]) -> usize,
) -> usize {
    let len = input.len();
    let head = crate::boundary_from(input, 3);
    if head < 3 || head + 64 > len {
        return generic(input);
    }
    // The first characters, a character at a time (a short call of
    // `generic` would pad a block of its own).
    let stop = crate::validate::valid_prefix_portable(&input[..head], tables);
    if stop < head {
        return stop;
    }
    // The start of the character before the one that byte `at - 1` is in:
    // `generic` starts there, seeing the sequence before a `then` sequence
    // of a forbidden pair.
    let start = |from: usize| {
        let mut k = from;
        while k > 0 && from - k < 3 && input[k] & 0xC0 == 0x80 {
            k -= 1;
        }
        k
    };
    let back = |at: usize| {
        let j = start(at - 1);
        if j == 0 { 0 } else { start(j - 1) }
    };
    let lookup = Lookup::new(tables);
    let p = input.as_ptr();
    // The blocks go on from the first 64-byte boundary at or after `head`,
    // so that no block's own load straddles two cache lines (split loads
    // halve the ASCII runs' speed). A block at `head` checks the bytes
    // before that boundary first; where it flags anything, the blocks start
    // at `head` instead, and find it. A block checks its bytes against the
    // three before it, all checked, so it may start inside a character.
    let first = head + (64 - (p.addr() + head) % 64) % 64;
    let mut i = head;
    if first > head {
        // SAFETY: `3 <= head` and `head + 64 <= len`: the loads, 64 bytes
        // from `head`, `head - 1`, `head - 2` and `head - 3`, are inside
        // `input`.
        let load = |at: usize| unsafe { _mm512_loadu_si512(p.add(at).cast()) };
        let v = load(head);
        if lookup.flagged(v, load(head - 1), load(head - 2), load(head - 3)) | nuls::<NUL>(v) == 0 {
            i = first;
        }
    }
    while i + 64 <= len {
        // SAFETY: `3 <= i` and `i + 64 <= len`: the block's loads, 64
        // bytes from `i`, `i - 1`, `i - 2` and `i - 3`, are inside `input`.
        let load = |at: usize| unsafe { _mm512_loadu_si512(p.add(at).cast()) };
        let (v, prev1) = (load(i), load(i - 1));
        if plain::<NUL>(prev1, v) {
            // ASCII from `i - 1` on: no sequence is cut at `i`. A run of
            // ASCII goes 256 bytes at a time while it lasts.
            i = ascii_run::<NUL>(input, i + 64);
            continue;
        }
        let flagged = lookup.flagged(v, prev1, load(i - 2), load(i - 3)) | nuls::<NUL>(v);
        if flagged == 0 {
            i += 64;
            continue;
        }
        if tables.pair.is_none() {
            return i + flagged.trailing_zeros() as usize;
        }
        // A closer look, over whole characters.
        let (j, end) = (back(i), crate::boundary_from(input, i + 64));
        let stop = generic(&input[j..end]);
        if stop < end - j {
            return j + stop;
        }
        i = end;
    }
    let j = back(i);
    j + generic(&input[j..])
}

/// [`paired_prefix_blocks`] when the process runs at `Level::Avx512` and
/// the tables have no forbidden pair, else `None`.
pub(super) fn paired_prefix_at_level(input: &[u8], tables: &crate::Utf8Tables) -> Option<usize> {
    if crate::level() != crate::Level::Avx512 || tables.pair.is_some() {
        return None;
    }
    // SAFETY: the level is `Avx512` only where the processor has what
    // `avx512.rs` needs (`Level::is_available`).
    Some(unsafe {
        if tables.nul {
            paired_prefix_blocks::<true>(input, tables)
        } else {
            paired_prefix_blocks::<false>(input, tables)
        }
    })
}

/// [`crate::paired_prefix`] in one pass, 64 bytes a block. A block flags
/// what the tables' lookup flags (and `00` with `NUL`), and where the
/// surrogates' three-byte forms do not pair up. With `lead` and `trail`
/// the masks of the bytes `A0..AF` and `B0..BF` that follow an `ED` (the
/// second byte of a lead and of a trail surrogate's form), every trail's
/// second byte sits three bytes after a lead's:
///
/// ```text
/// trail == lead << 3 | carry    (carry: the leads in the three bytes
///                                before the block, lead >> 61 of the
///                                block before)
/// ```
///
/// The first block reads the three bytes before the input as spaces (the
/// input starts at a sequence's start), and the last block reads what is
/// left of the input followed by spaces, so that a sequence or a pair that
/// the end cuts is flagged there. In between, the blocks start at 64-byte
/// boundaries (from the first after the first block, which they overlap),
/// so that no load straddles two cache lines. A run of ASCII with no lead
/// pending goes without the lookup, 256 bytes at a time while it lasts.
///
/// At the first flagged block, the prefix ends where [`paired_start`]
/// says, before anything a flag of the block may concern.
///
/// # Safety
///
/// The processor has AVX2, AVX512F and AVX512BW.
#[target_feature(enable = "avx2,avx512f,avx512bw")]
unsafe fn paired_prefix_blocks<const NUL: bool>(input: &[u8], tables: &crate::Utf8Tables) -> usize {
    let len = input.len();
    let lookup = Lookup::new(tables);
    let set8 = |b: u8| _mm512_set1_epi8(b as i8);
    let (ed, row_mask, lead_row, trail_row) = (set8(0xED), set8(0xF0), set8(0xA0), set8(0xB0));
    // The block's flags and its leads.
    let check = |v: __m512i, prev1: __m512i, prev2: __m512i, prev3: __m512i, carry: u64| {
        let after_ed = _mm512_cmpeq_epi8_mask(prev1, ed);
        let row = _mm512_and_si512(v, row_mask);
        let lead = after_ed & _mm512_cmpeq_epi8_mask(row, lead_row);
        let trail = after_ed & _mm512_cmpeq_epi8_mask(row, trail_row);
        (lookup.flagged(v, prev1, prev2, prev3) | nuls::<NUL>(v) | (trail ^ (lead << 3 | carry)), lead)
    };
    // The block at `i`, the first or the last: the three bytes before `i`
    // and the 64 from it, spaces where the input has none.
    let padded = |i: usize, carry: u64| {
        let mut bytes = [b' '; 3 + 64];
        let before = i.min(3);
        bytes[3 - before..3].copy_from_slice(&input[i - before..i]);
        let k = (len - i).min(64);
        bytes[3..3 + k].copy_from_slice(&input[i..i + k]);
        let q = bytes.as_ptr();
        // SAFETY: the loads, 64 bytes from offsets 0 to 3 of `bytes` (67
        // bytes), are inside it.
        let load = |at: usize| unsafe { _mm512_loadu_si512(q.add(at).cast()) };
        check(load(3), load(2), load(1), load(0), carry)
    };
    // Where a block holds the end, a lead's form in its last three bytes
    // has no trail either.
    let (flagged, lead) = padded(0, 0);
    if flagged != 0 || (len < 64 && lead >> 61 != 0) {
        return 0;
    }
    if len < 64 {
        return len;
    }
    let p = input.as_ptr();
    // The first 64-byte boundary after the first bytes (past them when it
    // is too close for a block's look back: the blocks go unaligned then).
    let mut i = match (64 - p.addr() % 64) % 64 {
        first @ 3.. => first,
        _ => 64,
    };
    // The leads' second bytes in the three bytes before `i`, as `carry`.
    let mut carry = (1..=3)
        .filter(|&k| i > k && input[i - k - 1] == 0xED && input[i - k] & 0xF0 == 0xA0)
        .fold(0, |c, k| c | 1 << (3 - k));
    while i + 64 <= len {
        // SAFETY: `3 <= i` and `i + 64 <= len`: the loads, 64 bytes from
        // `i`, `i - 1`, `i - 2` and `i - 3`, are inside `input`.
        let load = |at: usize| unsafe { _mm512_loadu_si512(p.add(at).cast()) };
        let (v, prev1) = (load(i), load(i - 1));
        if carry == 0 && plain::<NUL>(prev1, v) {
            // ASCII from `i - 1` on, and no lead's form before it waiting
            // for its trail: nothing to flag. A run of ASCII goes 256 bytes
            // at a time while it lasts.
            i = ascii_run::<NUL>(input, i + 64);
            continue;
        }
        let (flagged, lead) = check(v, prev1, load(i - 2), load(i - 3), carry);
        if flagged != 0 {
            return paired_start(input, i, carry);
        }
        carry = lead >> 61;
        i += 64;
    }
    // The last block: what is left from `i` (nothing when `i == len`: the
    // spaces still flag what the end cuts).
    match padded(i, carry) {
        (0, lead) if lead >> 61 == 0 => len,
        _ => paired_start(input, i, carry),
    }
}

/// Where [`paired_prefix_blocks`] ends its prefix when the block at `i` is
/// flagged: the bytes before `i` are whole sequences checked with their
/// pairs but for the last sequence, which `i` may cut, and the lead
/// surrogates' forms whose second bytes are in the three bytes before `i`
/// (`carry`, from bit 0 for `i - 3`), whose trails' second bytes are in
/// the block. The prefix ends before both.
fn paired_start(input: &[u8], i: usize, carry: u64) -> usize {
    let mut start = crate::cut_sequence_start(input, i);
    // The lead's form of a trail's that `i` cuts.
    if start >= 3 && input[start - 3] == 0xED && input[start - 2] & 0xF0 == 0xA0 {
        start -= 3;
    }
    if carry != 0 {
        // The first such lead's form starts a byte before its second byte.
        start = start.min(i + carry.trailing_zeros() as usize - 4);
    }
    start
}
