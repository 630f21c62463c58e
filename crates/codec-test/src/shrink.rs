//! Delta debugging: the smallest input that still fails, by removing parts
//! of it (Zeller and Hildebrandt's `ddmin`), for any element type.
//!
//! # Examples
//!
//! ```
//! // The failure needs both 0xC0 and 0x80, next to each other.
//! let fails = |b: &[u8]| b.windows(2).any(|w| w == [0xC0, 0x80]);
//! let small = codec_test::shrink::ddmin(b"abc\xC0\x80def".to_vec(), fails, 10_000);
//! assert_eq!(small, [0xC0, 0x80]);
//! ```

/// Shrinks `input`, which `fails`, to a smaller input that still fails and
/// from which no single element can be removed without it passing (when
/// the budget allows): first halves, then quarters, down to single
/// elements, removing each part whose removal keeps the failure. Calls
/// `fails` at most `budget` times; returns `input` unchanged when it does
/// not fail.
///
/// # Examples
///
/// ```
/// let small = codec_test::shrink::ddmin(vec![1, 2, 3, 4, 5], |v: &[i32]| v.contains(&4), 100);
/// assert_eq!(small, [4]);
/// ```
#[must_use]
pub fn ddmin<T: Clone>(input: Vec<T>, mut fails: impl FnMut(&[T]) -> bool, budget: usize) -> Vec<T> {
    let calls = core::cell::Cell::new(0usize);
    let mut check = |candidate: &[T]| {
        calls.set(calls.get() + 1);
        calls.get() <= budget && fails(candidate)
    };
    if !check(&input) {
        return input;
    }
    let mut current = input;
    let mut parts = 2;
    while current.len() >= 2 || (current.len() == 1 && parts <= 2) {
        let size = current.len().div_ceil(parts).max(1);
        let mut shrunk = false;
        let mut start = 0;
        while start < current.len() {
            let end = (start + size).min(current.len());
            let mut candidate = current[..start].to_vec();
            candidate.extend_from_slice(&current[end..]);
            if check(&candidate) {
                current = candidate;
                shrunk = true;
            } else {
                start = end;
            }
        }
        if shrunk {
            parts = parts.saturating_sub(1).max(2);
        } else if size == 1 {
            break;
        } else {
            parts = (parts * 2).min(current.len().max(1));
        }
        if calls.get() > budget {
            break;
        }
    }
    current
}
