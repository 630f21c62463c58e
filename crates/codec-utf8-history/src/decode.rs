//! One sequence of UTF-1 or of the 1992 FSS-UTF proposal, per the rows of
//! `tables.rs`, and where a decoder of either holds nothing back (the
//! restart points).
//!
//! Both decoders read a sequence byte by byte and stop at the first byte
//! after which no completion is a well-formed sequence, so that an
//! ill-formed sequence is reported as its maximal subpart (decision 0002):
//! a byte that cannot continue the sequence ends the subpart before it
//! (`missing_continuation`), and a prefix all of whose completions lie
//! above U+7FFFFFFF ends the subpart before its last byte (`out_of_range`,
//! or the lead byte alone).

use codec_core::{CodePoint, ErrorKind, Step};

use crate::tables::{
    FSS_ROWS, FSS_TRAIL_BITS, MAX, UTF1_BASE, UTF1_LATIN1_LEAD, UTF1_ROWS, UTF1_SINGLE_MAX, utf1_always_single,
    utf1_digit,
};

/// How far back from the end of its input `restart_point` looks.
const RESTART_LOOK_BACK: usize = 32;

/// A code point of `len` bytes.
#[inline]
fn point(v: u32, len: usize) -> Step<CodePoint> {
    Step::Point { point: CodePoint::new(v), len }
}

/// A maximal ill-formed subpart of `len` bytes.
#[inline]
fn invalid(kind: ErrorKind, len: usize) -> Step<CodePoint> {
    Step::Invalid { kind, len }
}

/// Decodes one UTF-1 sequence from the front of `input` (never empty).
///
/// Kinds: `missing_continuation` (a byte outside `21..7E`, `A0..FF` after
/// a lead of the base-190 rows, or outside `A0..FF` after `A0`),
/// `out_of_range` (`FE`, `FF`, and `FD` followed by digits beyond
/// `FD BD 2B B9 40`, U+7FFFFFFF); every byte starts a sequence, so there is
/// no `invalid_lead` or `unexpected_continuation`.
pub(crate) fn utf1_step(input: &[u8]) -> Step<CodePoint> {
    let lead = input[0];
    if lead <= UTF1_SINGLE_MAX {
        return point(u32::from(lead), 1);
    }
    if lead == UTF1_LATIN1_LEAD {
        return match input.get(1) {
            None => Step::Incomplete,
            Some(&b @ 0xA0..=0xFF) => point(u32::from(b), 2),
            Some(_) => invalid(ErrorKind::MissingContinuation, 1),
        };
    }
    // `A1..=FF`: the base-190 row of the highest lowest lead at most
    // `lead` (the rows cover `A1..=FF` without a gap, the first from `A1`).
    let row = UTF1_ROWS.iter().rfind(|r| r.lead <= lead).unwrap_or(&UTF1_ROWS[0]);
    // The rank of the sequence in its row, digit by digit (in u64: the
    // last row's `FF` sequences reach past u32).
    let mut rank = u64::from(lead - row.lead);
    let first = u64::from(row.first);
    let base = u64::from(UTF1_BASE);
    for i in 1..=row.len {
        // The least code point any completion of the `i` bytes read can
        // have: the rank so far followed by zero digits.
        let least = first + rank * base.pow((row.len - i) as u32);
        if least > u64::from(MAX) {
            return invalid(ErrorKind::OutOfRange, (i - 1).max(1));
        }
        if i == row.len {
            break;
        }
        let Some(&b) = input.get(i) else { return Step::Incomplete };
        let Some(d) = utf1_digit(b) else { return invalid(ErrorKind::MissingContinuation, i) };
        rank = rank * base + u64::from(d);
    }
    // At most `MAX`, checked above with no digit left.
    point((first + rank) as u32, row.len)
}

/// Decodes one sequence of the 1992 proposal from the front of `input`
/// (never empty).
///
/// Kinds: `invalid_lead` (`F8..FF`), `missing_continuation` (a byte
/// `00..7F` after a lead), `out_of_range` (`F7` followed by bytes beyond
/// `F7 EF DF BE FF`, U+7FFFFFFF). Every byte `80..F7` starts a sequence, so
/// there is no `unexpected_continuation`.
pub(crate) fn fss_step(input: &[u8]) -> Step<CodePoint> {
    let lead = input[0];
    if lead < 0x80 {
        return point(u32::from(lead), 1);
    }
    let Some(row) = FSS_ROWS.iter().find(|r| r.has_lead(lead)) else {
        return invalid(ErrorKind::InvalidLead, 1);
    };
    let mut bits = u64::from(lead) & ((1 << row.lead_bits) - 1);
    let first = u64::from(row.first);
    for i in 1..=row.len {
        // The least code point any completion of the `i` bytes read can
        // have: the bits so far followed by zero bits, plus the bias.
        let least = first + (bits << (FSS_TRAIL_BITS * (row.len - i) as u32));
        if least > u64::from(MAX) {
            return invalid(ErrorKind::OutOfRange, (i - 1).max(1));
        }
        if i == row.len {
            break;
        }
        let Some(&b) = input.get(i) else { return Step::Incomplete };
        if b < 0x80 {
            return invalid(ErrorKind::MissingContinuation, i);
        }
        bits = (bits << FSS_TRAIL_BITS) | u64::from(b & 0x7F);
    }
    // At most `MAX`, checked above with no bit left.
    point((first + bits) as u32, row.len)
}

/// The restart point of `input` for a codec whose bytes `single` are each
/// always a sequence of their own, never part of a longer one: just after
/// the last such byte in the last [`RESTART_LOOK_BACK`] bytes.
///
/// A step that started before such a byte cannot take it (it is no
/// continuation byte), so it ends before it, its error reported (a
/// `missing_continuation` found by this very byte, which stays on this
/// side of the cut); the byte is then a step of its own, and after it the
/// decoder holds nothing back.
pub(crate) fn restart_point(input: &[u8], single: impl Fn(u8) -> bool) -> Option<usize> {
    let from = input.len().saturating_sub(RESTART_LOOK_BACK);
    (from..input.len()).rev().find(|&at| single(input[at])).map(|at| at + 1)
}

/// UTF-1's restart points: after `00..20` and `7F..9F`, the bytes that are
/// neither lead nor continuation bytes (see [`restart_point`]).
pub(crate) fn utf1_restart_point(input: &[u8]) -> Option<usize> {
    restart_point(input, utf1_always_single)
}

/// The 1992 proposal's restart points: after ASCII, which is never part of
/// a longer sequence there (see [`restart_point`]).
pub(crate) fn fss_restart_point(input: &[u8]) -> Option<usize> {
    restart_point(input, |b| b < 0x80)
}

#[cfg(test)]
mod tests {
    //! The steps' corner cases; the tables' boundaries, the exhaustive and
    //! sampled sweeps are in `tests/`.

    use super::*;

    #[test]
    fn a_lead_whose_every_completion_is_out_of_range_is_one_byte() {
        assert_eq!(utf1_step(b"\xFE"), invalid(ErrorKind::OutOfRange, 1));
        assert_eq!(utf1_step(b"\xFF\x21\x21\x21\x21"), invalid(ErrorKind::OutOfRange, 1));
        assert_eq!(utf1_step(b"\xFD\xBE"), invalid(ErrorKind::OutOfRange, 1));
        assert_eq!(utf1_step(b"\xFD\xBD\x2B\xB9\x41"), invalid(ErrorKind::OutOfRange, 4));
        assert_eq!(fss_step(b"\xF7\xF0"), invalid(ErrorKind::OutOfRange, 1));
        assert_eq!(fss_step(b"\xF7\xEF\xDF\xBF"), invalid(ErrorKind::OutOfRange, 3));
    }

    #[test]
    fn a_prefix_that_can_still_be_completed_is_incomplete() {
        assert_eq!(utf1_step(b"\xFD\xBD\x2B\xB9"), Step::Incomplete);
        assert_eq!(utf1_step(b"\xA0"), Step::Incomplete);
        assert_eq!(fss_step(b"\xF7\xEF\xDF\xBE"), Step::Incomplete);
    }

    #[test]
    fn restart_points_follow_the_bytes_that_stand_alone() {
        assert_eq!(utf1_restart_point(b"\xF6\x21 \xF6\x21"), Some(3));
        assert_eq!(utf1_restart_point(b"\xF6\x21\x21"), None);
        assert_eq!(fss_restart_point(b"\xC0\x80a\xC0"), Some(3));
        assert_eq!(fss_restart_point(b"\xC0\x80\x80"), None);
    }
}
