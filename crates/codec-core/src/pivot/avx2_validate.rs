//! The AVX2 form of the family validator (`pivot/validate.rs`), chosen at
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
//! zeros, so a cut sequence at the end is an error. A forbidden pair of
//! three-byte sequences (WTF-8's surrogate pair) is looked for only where
//! its second lead byte occurs.
//!
//! It reports only the first block with an error: the portable code finds
//! where in that block the valid prefix ends.
//!
//! Every load is a whole 32-byte half of a block inside the input, checked
//! before the block starts, or of a zero-padded copy of the last bytes.
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m256i, _mm_loadu_si128, _mm256_alignr_epi8, _mm256_and_si256, _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8,
    _mm256_loadu_si256, _mm256_max_epu8, _mm256_min_epu8, _mm256_movemask_epi8, _mm256_or_si256,
    _mm256_permute2x128_si256, _mm256_set1_epi8, _mm256_setr_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8,
    _mm256_srli_epi16, _mm256_subs_epu8, _mm256_testz_si256, _mm256_xor_si256,
};

use super::validate::{Start, Utf8Tables};

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
    Some(unsafe { if tables.pair.is_some() { blocks::<true>(input, tables) } else { blocks::<false>(input, tables) } })
}

/// The tables and the forbidden pair in registers.
#[derive(Clone, Copy)]
struct Checker {
    byte_1_high: __m256i,
    byte_1_low: __m256i,
    byte_2_high: __m256i,
    /// The forbidden pair's lead bytes and second-byte bounds (zeros
    /// without a pair).
    first_lead: __m256i,
    first_min: __m256i,
    first_max: __m256i,
    then_lead: __m256i,
    then_min: __m256i,
    then_max: __m256i,
}

/// A 16-entry table in both lanes.
#[target_feature(enable = "avx2")]
fn table(t: &[u8; 16]) -> __m256i {
    // SAFETY: `t` is 16 bytes.
    _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(t.as_ptr().cast()) })
}

#[target_feature(enable = "avx2")]
fn splat(b: u8) -> __m256i {
    _mm256_set1_epi8(b as i8)
}

impl Checker {
    #[target_feature(enable = "avx2")]
    fn new(tables: &Utf8Tables) -> Checker {
        let none = Start { lead: 0, second: (0, 0) };
        let (first, then) = tables.pair.map_or((none, none), |p| (p.first, p.then));
        Checker {
            byte_1_high: table(&tables.byte_1_high),
            byte_1_low: table(&tables.byte_1_low),
            byte_2_high: table(&tables.byte_2_high),
            first_lead: splat(first.lead),
            first_min: splat(first.second.0),
            first_max: splat(first.second.1),
            then_lead: splat(then.lead),
            then_min: splat(then.second.0),
            then_max: splat(then.second.1),
        }
    }

    /// The errors of the 32 bytes `input`, after the 32 bytes `prev`: each
    /// byte's error classes with the byte before it, and whether a lead
    /// two or three bytes back asks for a continuation byte there.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn errors<const PAIR: bool>(&self, input: __m256i, prev: __m256i) -> __m256i {
        // The 16 bytes before each lane's bytes: `prev`'s high lane, then
        // `input`'s low lane.
        let before = _mm256_permute2x128_si256::<0x21>(prev, input);
        let prev1 = _mm256_alignr_epi8::<15>(input, before);
        let low_nibbles = splat(0x0F);
        let b1_high =
            _mm256_shuffle_epi8(self.byte_1_high, _mm256_and_si256(_mm256_srli_epi16::<4>(prev1), low_nibbles));
        let b1_low = _mm256_shuffle_epi8(self.byte_1_low, _mm256_and_si256(prev1, low_nibbles));
        let b2_high =
            _mm256_shuffle_epi8(self.byte_2_high, _mm256_and_si256(_mm256_srli_epi16::<4>(input), low_nibbles));
        let classes = _mm256_and_si256(_mm256_and_si256(b1_high, b1_low), b2_high);
        // A lead of three or four bytes two back (`E0..FF`), or of four
        // three back (`F0..FF`): bit 7 set where a continuation byte must be.
        let prev2 = _mm256_alignr_epi8::<14>(input, before);
        let prev3 = _mm256_alignr_epi8::<13>(input, before);
        let third = _mm256_subs_epu8(prev2, splat(0xE0 - 0x80));
        let fourth = _mm256_subs_epu8(prev3, splat(0xF0 - 0x80));
        let must = _mm256_and_si256(_mm256_or_si256(third, fourth), splat(0x80));
        let mut errors = _mm256_xor_si256(must, classes);
        if PAIR {
            // At the second byte of the `then` sequence: its lead one back,
            // the `first` sequence's second byte three back and lead four.
            let at_then_lead = _mm256_cmpeq_epi8(prev1, self.then_lead);
            if _mm256_testz_si256(at_then_lead, at_then_lead) == 0 {
                let prev4 = _mm256_alignr_epi8::<12>(input, before);
                let first = _mm256_and_si256(
                    _mm256_cmpeq_epi8(prev4, self.first_lead),
                    in_range(prev3, self.first_min, self.first_max),
                );
                let then = _mm256_and_si256(at_then_lead, in_range(input, self.then_min, self.then_max));
                errors = _mm256_or_si256(errors, _mm256_and_si256(first, then));
            }
        }
        errors
    }
}

/// All ones in the lanes of `x` from `min` to `max` (unsigned).
#[target_feature(enable = "avx2")]
#[inline]
fn in_range(x: __m256i, min: __m256i, max: __m256i) -> __m256i {
    _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_max_epu8(x, min), x), _mm256_cmpeq_epi8(_mm256_min_epu8(x, max), x))
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

/// [`first_error_block`] with AVX2.
///
/// # Safety
///
/// The processor has AVX2.
#[target_feature(enable = "avx2")]
unsafe fn blocks<const PAIR: bool>(input: &[u8], tables: &Utf8Tables) -> usize {
    let checker = Checker::new(tables);
    let mut prev = _mm256_setzero_si256();
    let mut cut = _mm256_setzero_si256();
    let mut i = 0;
    while i + 64 <= input.len() {
        // SAFETY: `i + 64 <= input.len()`: both 32-byte loads are inside `input`.
        let (lo, hi) = unsafe {
            let p = input.as_ptr().add(i);
            (_mm256_loadu_si256(p.cast()), _mm256_loadu_si256(p.add(32).cast()))
        };
        let errors = if _mm256_movemask_epi8(_mm256_or_si256(lo, hi)) == 0 {
            // ASCII: an error only if the block before ended in a cut
            // sequence (the pairs across the boundary are not looked at).
            core::mem::replace(&mut cut, _mm256_setzero_si256())
        } else {
            cut = cut_at_end(hi);
            _mm256_or_si256(checker.errors::<PAIR>(lo, prev), checker.errors::<PAIR>(hi, lo))
        };
        if _mm256_testz_si256(errors, errors) == 0 {
            return i;
        }
        prev = hi;
        i += 64;
    }
    // The last bytes, followed by zeros (ASCII): a sequence cut by the end
    // of the input is an error there. (A sequence cut by the end of the
    // block before is checked across the boundary, as in every block that
    // is not skipped as ASCII.)
    let mut last = [0u8; 64];
    last[..input.len() - i].copy_from_slice(&input[i..]);
    // SAFETY: `last` is 64 bytes.
    let (lo, hi) =
        unsafe { (_mm256_loadu_si256(last.as_ptr().cast()), _mm256_loadu_si256(last.as_ptr().add(32).cast())) };
    let errors = _mm256_or_si256(checker.errors::<PAIR>(lo, prev), checker.errors::<PAIR>(hi, lo));
    if _mm256_testz_si256(errors, errors) == 0 { i } else { input.len() }
}

/// [`first_error_block`] for the tests, which call it whatever
/// `force_portable` says.
#[cfg(test)]
pub(super) fn first_error_block_checked(input: &[u8], tables: &Utf8Tables) -> usize {
    assert!(std::is_x86_feature_detected!("avx2"));
    // SAFETY: the processor has AVX2, checked above.
    unsafe { if tables.pair.is_some() { blocks::<true>(input, tables) } else { blocks::<false>(input, tables) } }
}
