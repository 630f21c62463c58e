//! The AVX2 form of the family validator (`validate.rs`), chosen at
//! run time by [`super::use_avx2`]: Keiser and Lemire's "lookup" algorithm
//! ("Validating UTF-8 in less than one instruction per byte", 2021) over
//! 64-byte blocks, with the grammar's tables as a parameter.
//!
//! For each pair of consecutive bytes, three table lookups (the high and
//! low nibble of the first byte, the high nibble of the second) give the
//! classes of errors the pair may be; their intersection is the pair's
//! errors. A continuation byte after a continuation byte is right exactly
//! where a lead two or three bytes back asks for it, which the same
//! block checks with a saturating subtraction. A block of ASCII is
//! skipped after one test. The last three bytes of a block carry into the
//! next (a sequence cut by the block's end); the bytes after the input are
//! zeros, so a cut sequence at the end is an error. The start of the
//! second sequence of a forbidden pair (WTF-8's trail surrogate) is a class
//! of its own in the tables, so a block is looked at for the pair, with the
//! first sequence's bytes four and three back, only where one starts.
//!
//! It reports only the first block with an error: the portable code finds
//! where in that block the valid prefix ends.
//!
//! Every load is a whole 32-byte half of a block inside the input, checked
//! before the block starts, or of a zero-padded copy of the last bytes.
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m256i, _mm_loadu_si128, _mm256_alignr_epi8, _mm256_and_si256, _mm256_andnot_si256, _mm256_broadcastsi128_si256,
    _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_max_epu8, _mm256_min_epu8, _mm256_movemask_epi8, _mm256_or_si256,
    _mm256_permute2x128_si256, _mm256_set1_epi8, _mm256_setr_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8,
    _mm256_srli_epi16, _mm256_subs_epu8, _mm256_testz_si256, _mm256_xor_si256,
};

use super::validate::{Pair, Utf8Tables};

/// Returns where the first 64-byte block in which the tables find an error
/// starts (the bytes before it are well-formed but for a sequence cut at
/// its start), or `input.len()` when there is none; `None` when AVX2 is
/// not to be used.
#[inline]
pub(super) fn first_error_block(input: &[u8], tables: &Utf8Tables) -> Option<usize> {
    if !super::use_avx2() {
        return None;
    }
    // SAFETY: `use_avx2` checked that the processor has AVX2.
    Some(unsafe { blocks(input, tables) })
}

/// The tables in registers.
#[derive(Clone, Copy)]
pub(super) struct Checker {
    byte_1_high: __m256i,
    byte_1_low: __m256i,
    byte_2_high: __m256i,
}

/// A 16-entry table in both lanes.
#[target_feature(enable = "avx2")]
fn table(t: &[u8; 16]) -> __m256i {
    // SAFETY: `t` is 16 bytes.
    _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(t.as_ptr().cast()) })
}

#[target_feature(enable = "avx2")]
#[inline]
fn splat(b: u8) -> __m256i {
    _mm256_set1_epi8(b as i8)
}

/// The 16 bytes before each lane of `input`, after the 32 bytes `prev`:
/// `prev`'s high lane, then `input`'s low lane.
#[target_feature(enable = "avx2")]
#[inline]
fn before(input: __m256i, prev: __m256i) -> __m256i {
    _mm256_permute2x128_si256::<0x21>(prev, input)
}

impl Checker {
    #[target_feature(enable = "avx2")]
    pub(super) fn new(tables: &Utf8Tables) -> Checker {
        Checker {
            byte_1_high: table(&tables.byte_1_high),
            byte_1_low: table(&tables.byte_1_low),
            byte_2_high: table(&tables.byte_2_high),
        }
    }

    /// The errors of the 32 bytes `input`, after the 32 bytes `prev`: each
    /// byte's error classes with the byte before it, and bit 7 flipped
    /// where a lead two or three bytes back asks for a continuation byte.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn errors(&self, input: __m256i, prev: __m256i) -> __m256i {
        let before = before(input, prev);
        let prev1 = _mm256_alignr_epi8::<15>(input, before);
        let prev2 = _mm256_alignr_epi8::<14>(input, before);
        let prev3 = _mm256_alignr_epi8::<13>(input, before);
        self.errors_after(input, [prev1, prev2, prev3])
    }

    /// The errors of the 32 bytes `input` given the bytes one, two and
    /// three before each of them (for the UTF-8 to UTF-16 kernel, which
    /// loads them at those offsets).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn errors_after(&self, input: __m256i, [prev1, prev2, prev3]: [__m256i; 3]) -> __m256i {
        let low_nibbles = splat(0x0F);
        let b1_high =
            _mm256_shuffle_epi8(self.byte_1_high, _mm256_and_si256(_mm256_srli_epi16::<4>(prev1), low_nibbles));
        let b1_low = _mm256_shuffle_epi8(self.byte_1_low, _mm256_and_si256(prev1, low_nibbles));
        let b2_high =
            _mm256_shuffle_epi8(self.byte_2_high, _mm256_and_si256(_mm256_srli_epi16::<4>(input), low_nibbles));
        let classes = _mm256_and_si256(_mm256_and_si256(b1_high, b1_low), b2_high);
        // A lead of three or four bytes two back (`E0..FF`), or of four
        // three back (`F0..FF`): bit 7 set where a continuation byte must be.
        let third = _mm256_subs_epu8(prev2, splat(0xE0 - 0x80));
        let fourth = _mm256_subs_epu8(prev3, splat(0xF0 - 0x80));
        let must = _mm256_and_si256(_mm256_or_si256(third, fourth), splat(0x80));
        _mm256_xor_si256(must, classes)
    }
}

/// Whether the errors that [`Checker::errors`] found in a block (`lo` after
/// `prev`, `hi` after `lo`) are errors once the pair's mark (the start of
/// its second sequence, an error to the tables) is looked at closer: other
/// classes, or the first sequence right before the second.
#[target_feature(enable = "avx2")]
#[cold]
#[inline(never)]
fn pair_errors(pair: &Pair, [lo, hi, prev]: [__m256i; 3], [errors_lo, errors_hi]: [__m256i; 2]) -> bool {
    let mark = splat(pair.mark);
    let others = _mm256_or_si256(_mm256_andnot_si256(mark, errors_lo), _mm256_andnot_si256(mark, errors_hi));
    if _mm256_testz_si256(others, others) == 0 {
        return true;
    }
    // At the second byte of a `then` sequence (marked), the `first`
    // sequence's lead four bytes back and its second byte three back.
    let found = _mm256_or_si256(
        _mm256_and_si256(first_before(pair, lo, prev), _mm256_and_si256(errors_lo, mark)),
        _mm256_and_si256(first_before(pair, hi, lo), _mm256_and_si256(errors_hi, mark)),
    );
    _mm256_testz_si256(found, found) == 0
}

/// All ones in the lanes of `input` (after `prev`) where the pair's first
/// sequence starts three bytes back: its lead four bytes back, its second
/// byte three back.
#[target_feature(enable = "avx2")]
#[inline]
fn first_before(pair: &Pair, input: __m256i, prev: __m256i) -> __m256i {
    let before = before(input, prev);
    let prev3 = _mm256_alignr_epi8::<13>(input, before);
    let prev4 = _mm256_alignr_epi8::<12>(input, before);
    let (min, max) = (splat(pair.first.second.0), splat(pair.first.second.1));
    let second = _mm256_and_si256(
        _mm256_cmpeq_epi8(_mm256_max_epu8(prev3, min), prev3),
        _mm256_cmpeq_epi8(_mm256_min_epu8(prev3, max), prev3),
    );
    _mm256_and_si256(_mm256_cmpeq_epi8(prev4, splat(pair.first.lead)), second)
}

/// Nonzero in the last three lanes where a lead there asks for more bytes
/// than the 32 end with.
#[target_feature(enable = "avx2")]
#[inline]
fn cut_at_end(input: __m256i) -> __m256i {
    #[rustfmt::skip]
    let limits = _mm256_setr_epi8(
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        (0xF0 - 1) as i8, (0xE0 - 1) as i8, (0xC0 - 1) as i8,
    );
    _mm256_subs_epu8(input, limits)
}

/// The 64 bytes at `p` as two halves.
///
/// # Safety
///
/// `p` is readable for 64 bytes.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn load(p: *const u8) -> (__m256i, __m256i) {
    // SAFETY: the caller's promise.
    unsafe { (_mm256_loadu_si256(p.cast()), _mm256_loadu_si256(p.add(32).cast())) }
}

#[target_feature(enable = "avx2")]
#[inline]
fn is_ascii(lo: __m256i, hi: __m256i) -> bool {
    _mm256_movemask_epi8(_mm256_or_si256(lo, hi)) == 0
}

/// Whether the block `lo`, `hi` after `prev` has an error.
#[target_feature(enable = "avx2")]
#[inline]
fn has_errors(checker: &Checker, tables: &Utf8Tables, lo: __m256i, hi: __m256i, prev: __m256i) -> bool {
    let (errors_lo, errors_hi) = (checker.errors(lo, prev), checker.errors(hi, lo));
    let errors = _mm256_or_si256(errors_lo, errors_hi);
    _mm256_testz_si256(errors, errors) == 0
        && tables.pair.as_ref().is_none_or(|pair| pair_errors(pair, [lo, hi, prev], [errors_lo, errors_hi]))
}

/// [`first_error_block`] with AVX2.
///
/// # Safety
///
/// The processor has AVX2.
#[target_feature(enable = "avx2")]
unsafe fn blocks(input: &[u8], tables: &Utf8Tables) -> usize {
    let checker = Checker::new(tables);
    let len = input.len();
    let mut i = 0;
    // The block before, or zeros (as good as the ASCII it stands for)
    // after a block of ASCII.
    let mut prev = _mm256_setzero_si256();
    while i + 64 <= len {
        // SAFETY (for every load below): `i + 64 <= len`.
        let (mut lo, mut hi) = unsafe { load(input.as_ptr().add(i)) };
        if is_ascii(lo, hi) {
            i += 64;
            continue;
        }
        // A run of blocks that are not all ASCII.
        loop {
            if has_errors(&checker, tables, lo, hi, prev) {
                return i;
            }
            prev = hi;
            i += 64;
            if i + 64 > len {
                break;
            }
            // SAFETY: see above.
            (lo, hi) = unsafe { load(input.as_ptr().add(i)) };
            if is_ascii(lo, hi) {
                // An error only if the block before ended in a cut
                // sequence (nothing else is looked at across the boundary).
                let cut = cut_at_end(prev);
                if _mm256_testz_si256(cut, cut) == 0 {
                    return i;
                }
                prev = _mm256_setzero_si256();
                i += 64;
                break;
            }
        }
    }
    // The last bytes, followed by zeros (ASCII): a sequence cut by the end
    // of the input is an error there, and one cut by the end of the block
    // before is checked across the boundary.
    let mut last = [0u8; 64];
    last[..len - i].copy_from_slice(&input[i..]);
    // SAFETY: `last` is 64 bytes.
    let (lo, hi) = unsafe { load(last.as_ptr()) };
    if has_errors(&checker, tables, lo, hi, prev) { i } else { len }
}

/// [`first_error_block`] for the tests, which call it whatever
/// `force_portable` says.
#[cfg(test)]
pub(super) fn first_error_block_checked(input: &[u8], tables: &Utf8Tables) -> usize {
    assert!(std::is_x86_feature_detected!("avx2"));
    // SAFETY: the processor has AVX2, checked above.
    unsafe { blocks(input, tables) }
}
