//! The AVX-512 form of the offset form's decoding to UTF-16
//! ([`crate::offset_utf8_to_utf16`], [`Utf8Offsets`], decision 0031), at
//! `Level::Avx512` (AVX512F, AVX512BW, AVX512VBMI2 and POPCNT, as
//! `avx512.rs`; built with Rust 1.89 and later, `cfg(utfx_kernels_avx512)`).
//! The AVX2, SSE4.2 and NEON forms are `simd/offsets.rs`'s, the portable
//! one `offsets.rs`'s.
//!
//! It is `avx512.rs`'s checked UTF-8 to UTF-16 with each length's offset
//! subtracted (added) where that kernel shifts: 64 bytes a block, checked
//! with the form's tables by the same `Lookup`, each position's unit built
//! in a 16-bit lane from its byte and the two before it (and, for the lead
//! surrogate of four bytes, the byte after it), the positions that end a
//! character kept by `vpcompressw`. A block with what the kernel does not
//! take in vectors (a shape the tables flag, a lead of four bytes whose
//! values may pass `max`, a three-byte value from `0x10000` on) goes a
//! character at a time (`offsets::decode_chars`, the portable form) to
//! its end, and the blocks go on after it: every level returns what the
//! portable form returns.
#![allow(unsafe_code)]
// Built only by compilers that have these intrinsics (`build.rs`).
#![allow(clippy::incompatible_msrv)]

use core::arch::x86_64::*;

use crate::avx512::Lookup;
use crate::offsets::{Utf8Offsets, decode_chars};

/// [`offset_utf8_to_utf16`] when the process runs at `Level::Avx512`,
/// else `None`: the caller goes on to the other levels' kernels.
#[inline]
pub(crate) fn offset_utf8_to_utf16_at_level(src: &[u8], dst: &mut [u16], form: &Utf8Offsets) -> Option<(usize, usize)> {
    if crate::level() != crate::Level::Avx512 {
        return None;
    }
    // SAFETY: the level is `Avx512` only where the processor has what this
    // file needs (`Level::is_available`, the same features as `avx512.rs`).
    Some(unsafe { offset_utf8_to_utf16(src, dst, form) })
}

/// [`offset_utf8_to_utf16`] whatever the level in use, for the tests, on
/// a machine that has what it needs.
#[cfg(test)]
pub(crate) fn offset_utf8_to_utf16_pinned(src: &[u8], dst: &mut [u16], form: &Utf8Offsets) -> (usize, usize) {
    assert!(crate::Level::Avx512.is_available());
    // SAFETY: the processor has what this file needs (`Level::is_available`).
    unsafe { offset_utf8_to_utf16(src, dst, form) }
}

/// The form's constants in registers, each in every 16-bit lane but the
/// last.
struct Consts {
    /// The form's tables, for the shapes.
    lookup: Lookup,
    /// The first two-byte value: the offset of two bytes.
    first: __m512i,
    /// The offset of three bytes below the gap.
    three: __m512i,
    /// The gap's first value, and its length.
    gap: (__m512i, __m512i),
    /// The three-byte bits from which a value is from `0x10000` on
    /// ([`Utf8Offsets::wide_raw`]).
    wide_raw: __m512i,
    /// `0xD800` plus bits 10 and up of the four-byte offset less
    /// `0x10000`: the lead surrogate of the bits 0.
    lead_base: __m512i,
    /// Bits 0 to 9 of the four-byte offset less `0x10000`.
    low10: __m512i,
    /// The ten bits of a trail from which adding `low10` carries.
    carry_from: __m512i,
    /// The highest lead of four bytes the blocks take, in every byte
    /// ([`Utf8Offsets::last_lead4`]).
    last_lead4: __m512i,
}

impl Consts {
    #[target_feature(enable = "avx512f,avx512bw")]
    fn new(form: &Utf8Offsets) -> Consts {
        let set16 = |u: u32| _mm512_set1_epi16(u as u16 as i16);
        // The four-byte offset is a supplementary code point (`Utf8Offsets::new`).
        let [lead, trail] = crate::split_surrogates(form.four());
        let low10 = u32::from(trail & 0x3FF);
        Consts {
            lookup: Lookup::new(&form.tables),
            first: set16(form.first),
            three: set16(form.three()),
            gap: (set16(form.gap.0), set16(form.gap_len())),
            wide_raw: set16(form.wide_raw()),
            lead_base: set16(u32::from(lead)),
            low10: set16(low10),
            carry_from: set16(0x400 - low10),
            last_lead4: _mm512_set1_epi8(form.last_lead4() as i8),
        }
    }
}

/// Converts the longest prefix of `src` that `form` takes to UTF-16 in
/// `dst`, as `offsets::offset_utf8_to_utf16_portable` does (the same
/// result): 64 bytes a block while 64 bytes and 64 units of room are
/// left, and a character at a time where no block goes (the first three
/// bytes, a block with something it does not take, the last bytes, the
/// last units of room).
///
/// # Safety
///
/// The processor has AVX2, AVX512F, AVX512BW, AVX512VBMI2 and POPCNT.
#[target_feature(enable = "avx2,avx512f,avx512bw,avx512vbmi2,popcnt")]
pub(crate) unsafe fn offset_utf8_to_utf16(src: &[u8], dst: &mut [u16], form: &Utf8Offsets) -> (usize, usize) {
    // Whole characters until three bytes lie behind: the blocks read three
    // bytes back.
    let (mut i, mut o, stopped) = decode_chars(src, 0, src.len().min(3), dst, 0, form);
    if stopped {
        return (i, o);
    }
    let k = Consts::new(form);
    loop {
        let first = i;
        // The character that ends at `i - 1` is written: not again.
        let mut lanes = !1u64;
        while i + 64 <= src.len() && o + 64 <= dst.len() {
            // SAFETY: `3 <= i` and `i + 64 <= src.len()`: the block's reads,
            // `i - 4 .. i + 64`, are inside `src` (`i - 4` only from `4`
            // on); it writes at most 64 units from `o`, and `o + 64 <=
            // dst.len()`.
            match unsafe { block(&k, src.as_ptr().add(i), i >= 4, dst.as_mut_ptr().add(o), lanes) } {
                Some(written) => o += written,
                None => break,
            }
            lanes = !0;
            i += 64;
        }
        let block_end = i + 64;
        if i > first {
            // The blocks wrote the characters that end before `i - 1`, and
            // the lead surrogate of four bytes whose third is `i - 2`: back
            // to the start of the character of byte `i - 1` (well-formed:
            // the last block checked it), taking that surrogate back.
            let start = crate::char_start(src, i - 1);
            if start + 3 == i - 1 && src[start] >= 0xF0 {
                o -= 1;
            }
            i = start;
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

/// Converts the block of the 64 bytes at `p` and writes the units of the
/// characters that end at `p - 1 .. p + 63` that `lanes` keeps (bit `k`:
/// `p - 1 + k`) at `to`, and returns how many; `None` where the block
/// holds what the kernel does not take (what it wrote is then not
/// counted): a shape the form's tables flag (with the three bytes before),
/// a lead above [`Utf8Offsets::last_lead4`], or a three-byte value from
/// `0x10000` on. Whether a byte ends a character is up to the byte after
/// it, which the block has checked.
///
/// Every position gets its unit from its byte and the two before it, read
/// at offsets -1 to -3 and widened to 16 bits, with its length's offset;
/// `vpcompressw` keeps those at the ends of characters:
///
/// | the position's byte, after | its unit |
/// |---|---|
/// | `0xxxxxxx` (ASCII) | `0xxxxxxx` |
/// | `10xxxxxx` after `110yyyyy` | `00000yyy yyxxxxxx + first` |
/// | `10xxxxxx` after `1110zzzz 10yyyyyy` | `zzzzyyyy yyxxxxxx + three`, `+ gap.len()` from `gap.0` on |
/// | `10vvxxxx` after `11110uuu 10uuzzzz`, before `10wwwwww` (a third byte of four) | `lead_base + uuuuuzzzzvv`, plus the carry of `xxxxwwwwww + low10` past ten bits |
/// | `10xxxxxx` after `10vvyyyy` after `11110uuu 10uuzzzz` (a fourth) | `110111` and the ten bits of `yyyyxxxxxx + low10` |
///
/// where the four-byte value less `0x10000` is the bits plus the offset of
/// four bytes less `0x10000`: its bits 10 and up (in `lead_base`) and 0
/// to 9 (`low10`), whose sum carries into the lead surrogate.
///
/// # Safety
///
/// `p - 3 .. p + 64` is readable, and `p - 4` when `back4`; `to` is
/// writable for 64 units.
#[target_feature(enable = "avx2,avx512f,avx512bw,avx512vbmi2,popcnt")]
#[inline]
unsafe fn block(k: &Consts, p: *const u8, back4: bool, to: *mut u16, lanes: u64) -> Option<usize> {
    let set8 = |b: u8| _mm512_set1_epi8(b as i8);
    // SAFETY: the caller's promise: `p - 3 .. p + 64` is readable.
    let load = |back: usize| unsafe { _mm512_loadu_si512(p.sub(back).cast()) };
    let (v, prev1) = (load(0), load(1));
    if _mm512_movepi8_mask(_mm512_or_si512(prev1, v)) == 0 && lanes == !0 {
        // ASCII from `p - 1` to `p + 63`: each byte is its unit, each an
        // end (a lead before `p - 1` was checked against the ASCII byte
        // `p - 1` by the block before).
        // SAFETY: the caller's promise: 64 units from `to`.
        unsafe {
            _mm512_storeu_si512(to.cast(), _mm512_cvtepu8_epi16(_mm512_castsi512_si256(prev1)));
            _mm512_storeu_si512(to.add(32).cast(), _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64::<1>(prev1)));
        }
        return Some(64);
    }
    let (prev2, prev3) = (load(2), load(3));
    if k.lookup.flagged(v, prev1, prev2, prev3) != 0 || _mm512_cmpgt_epu8_mask(v, k.last_lead4) != 0 {
        return None;
    }
    // Position `j` (byte `p - 1 + j`) ends a character when byte `p + j`
    // is not a continuation byte, or when it is the fourth byte of four (a
    // lead three bytes before it): then `j` is the third, which ends the
    // lead surrogate.
    let continuation = _mm512_cmpeq_epi8_mask(_mm512_and_si512(v, set8(0xC0)), set8(0x80));
    let third_of_four = _mm512_cmpge_epu8_mask(prev3, set8(0xF0));
    let ends = (!continuation | third_of_four) & lanes;
    // The lengths that end in the window: a character of three bytes ends
    // there, or the third byte of four, when its lead is among the bytes
    // `p - 3 .. p + 61` (`prev3`); the fourth byte of four, when its lead
    // is among `p - 4 .. p + 60` (`before` and `prev3`).
    // SAFETY: the caller's promise: `p - 4` is readable when `back4`.
    let before = if back4 { unsafe { *p.sub(4) } } else { 0 };
    let four = _mm512_cmpge_epu8_mask(prev3, set8(0xF0)) != 0 || before >= 0xF0;
    let three = _mm512_cmpeq_epi8_mask(_mm512_and_si512(prev3, set8(0xF0)), set8(0xE0)) != 0;
    let mut o = 0;
    for h in 0..2 {
        let keep = (ends >> (32 * h)) as u32;
        // SAFETY: the caller's promise: `to` is writable for 64 units, and
        // each half writes 32 from at most unit 32.
        let written = unsafe {
            match (three, four) {
                (false, false) => half::<false, false>(k, h, v, prev1, prev2, prev3, keep, to.add(o)),
                (true, false) => half::<true, false>(k, h, v, prev1, prev2, prev3, keep, to.add(o)),
                (false, true) => half::<false, true>(k, h, v, prev1, prev2, prev3, keep, to.add(o)),
                (true, true) => half::<true, true>(k, h, v, prev1, prev2, prev3, keep, to.add(o)),
            }
        };
        o += written?;
    }
    Some(o)
}

/// Writes the units of half `h` (positions `32 h .. 32 h + 32`) of the
/// block of [`block`] that `keep` keeps at `to`, and returns how many, or
/// `None` at a three-byte value from `0x10000` on: with `THREE`, the
/// characters of three bytes, with `FOUR` those of four (besides ASCII
/// and two bytes; none else ends in the half).
///
/// # Safety
///
/// `to` is writable for 32 units.
#[target_feature(enable = "avx2,avx512f,avx512bw,avx512vbmi2,popcnt")]
#[inline]
#[allow(clippy::too_many_arguments)]
unsafe fn half<const THREE: bool, const FOUR: bool>(
    k: &Consts,
    h: usize,
    v: __m512i,
    prev1: __m512i,
    prev2: __m512i,
    prev3: __m512i,
    keep: u32,
    to: *mut u16,
) -> Option<usize> {
    let set16 = |u: u16| _mm512_set1_epi16(u as i16);
    // Each byte of the half and the two before it (and the one after it),
    // widened: the halves of the vectors loaded from `p - 1`, `p - 2`,
    // `p - 3` (and `p`).
    let widened = |bytes: __m512i| {
        _mm512_cvtepu8_epi16(if h == 0 { _mm512_castsi512_si256(bytes) } else { _mm512_extracti64x4_epi64::<1>(bytes) })
    };
    let (b0, b1) = (widened(prev1), widened(prev2));
    let low6 = _mm512_and_si512(b0, set16(0x3F));
    let ascii = _mm512_cmplt_epu16_mask(b0, set16(0x80));
    let two =
        _mm512_add_epi16(_mm512_or_si512(_mm512_slli_epi16::<6>(_mm512_and_si512(b1, set16(0x1F))), low6), k.first);
    // The table's rows, each taking precedence over the ones before it
    // (at an end, only one holds but for the ASCII row's): a fourth byte
    // of four, a third, three bytes, two, ASCII.
    let b2 = widened(prev3);
    let mut unit = two;
    if FOUR {
        // The trail surrogate's ten bits at a fourth byte (`b1` the third),
        // the lead's at a third byte (`b2` the lead, `next` the fourth).
        let next = widened(v);
        let trail10 = _mm512_or_si512(_mm512_slli_epi16::<6>(_mm512_and_si512(b1, set16(0x0F))), low6);
        let trail = _mm512_or_si512(_mm512_and_si512(_mm512_add_epi16(trail10, k.low10), set16(0x3FF)), set16(0xDC00));
        let high = _mm512_or_si512(
            _mm512_or_si512(
                _mm512_slli_epi16::<8>(_mm512_and_si512(b2, set16(0x07))),
                _mm512_slli_epi16::<2>(_mm512_and_si512(b1, set16(0x3F))),
            ),
            _mm512_srli_epi16::<4>(low6),
        );
        let low10 = _mm512_or_si512(
            _mm512_slli_epi16::<6>(_mm512_and_si512(b0, set16(0x0F))),
            _mm512_and_si512(next, set16(0x3F)),
        );
        let carry = _mm512_cmpge_epu16_mask(low10, k.carry_from);
        let lead = _mm512_add_epi16(k.lead_base, high);
        let lead = _mm512_mask_add_epi16(lead, carry, lead, set16(1));
        unit = _mm512_mask_mov_epi16(trail, _mm512_cmpge_epu16_mask(b2, set16(0xF0)), lead);
    }
    if THREE {
        let mid6 = _mm512_slli_epi16::<6>(_mm512_and_si512(b1, set16(0x3F)));
        let raw3 = _mm512_or_si512(_mm512_or_si512(_mm512_slli_epi16::<12>(b2), mid6), low6);
        let ends3 = _mm512_cmpeq_epi16_mask(_mm512_and_si512(b2, set16(0xF0)), set16(0xE0));
        if _mm512_mask_cmpge_epu16_mask(ends3 & keep, raw3, k.wide_raw) != 0 {
            return None;
        }
        let three = _mm512_add_epi16(raw3, k.three);
        let (gap, gap_len) = k.gap;
        let three = _mm512_mask_add_epi16(three, _mm512_cmpge_epu16_mask(three, gap), three, gap_len);
        unit = if FOUR { _mm512_mask_mov_epi16(unit, ends3, three) } else { three };
    }
    if THREE || FOUR {
        unit = _mm512_mask_mov_epi16(unit, _mm512_cmpge_epu16_mask(b1, set16(0xC0)), two);
    }
    let unit = _mm512_mask_mov_epi16(unit, ascii, b0);
    // SAFETY: the caller's promise: 32 units from `to`.
    unsafe { _mm512_storeu_si512(to.cast(), _mm512_maskz_compress_epi16(keep, unit)) };
    Some(keep.count_ones() as usize)
}
