//! The decoder: one automaton for the three variants, parameterised by
//! [`Variant`], and the strict-UTF-8 fast path they share.

use alloc::vec::Vec;

use codec_core::{CodePoint, ErrorKind, Step};

use crate::Variant;

/// What a lead byte says: the sequence length, the range of the second byte
/// (the only one with a narrower range than `80..=BF`), and the kind of error
/// when the second byte is a continuation byte outside that range.
struct Lead {
    len: usize,
    second: (u8, u8),
    narrow_kind: ErrorKind,
}

// RFC 3629 §4 (and Unicode Table 3-7), the grammar this implements for UTF-8:
//
//   UTF8-1      = %x00-7F
//   UTF8-2      = %xC2-DF UTF8-tail
//   UTF8-3      = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) /
//                 %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
//   UTF8-4      = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) /
//                 %xF4 %x80-8F 2( UTF8-tail )
//   UTF8-tail   = %x80-BF
//
// Generalized UTF-8 (WTF-8 spec, Table 3) is the same with `ED 80..BF`.
// RFC 2279 adds, shortest form only:
//
//   %xF5-F7 3( UTF8-tail )                      (up to U+1FFFFF)
//   %xF8 %x88-BF 3( UTF8-tail ) / %xF9-FB 4( UTF8-tail )
//   %xFC %x84-BF 4( UTF8-tail ) / %xFD 5( UTF8-tail )
//
// and F4 takes any tail. `FE` and `FF` never appear.
fn lead(variant: Variant, b: u8) -> Result<Lead, ErrorKind> {
    let any = (0x80, 0xBF);
    let lead = |len, second, narrow_kind| Ok(Lead { len, second, narrow_kind });
    let wide = variant == Variant::Rfc2279;
    match b {
        0x80..=0xBF => Err(ErrorKind::UnexpectedContinuation),
        0xC0 | 0xC1 => Err(ErrorKind::Overlong),
        0xC2..=0xDF => lead(2, any, ErrorKind::MissingContinuation),
        0xE0 => lead(3, (0xA0, 0xBF), ErrorKind::Overlong),
        0xED if variant == Variant::Utf8 => lead(3, (0x80, 0x9F), ErrorKind::Surrogate),
        0xE1..=0xEF => lead(3, any, ErrorKind::MissingContinuation),
        0xF0 => lead(4, (0x90, 0xBF), ErrorKind::Overlong),
        0xF4 if !wide => lead(4, (0x80, 0x8F), ErrorKind::OutOfRange),
        0xF1..=0xF4 => lead(4, any, ErrorKind::MissingContinuation),
        0xF5..=0xF7 if wide => lead(4, any, ErrorKind::MissingContinuation),
        0xF8 if wide => lead(5, (0x88, 0xBF), ErrorKind::Overlong),
        0xF9..=0xFB if wide => lead(5, any, ErrorKind::MissingContinuation),
        0xFC if wide => lead(6, (0x84, 0xBF), ErrorKind::Overlong),
        0xFD if wide => lead(6, any, ErrorKind::MissingContinuation),
        0xF5..=0xFD => Err(ErrorKind::OutOfRange),
        _ => Err(ErrorKind::InvalidLead),
    }
}

/// Decodes one sequence from the front of `input` (never empty).
pub(crate) fn step(variant: Variant, input: &[u8]) -> Step<CodePoint> {
    let b0 = input[0];
    if b0 < 0x80 {
        return Step::Char { point: CodePoint::from(b0), len: 1 };
    }
    let lead = match lead(variant, b0) {
        Ok(lead) => lead,
        Err(kind) => return Step::Invalid { kind, len: 1 },
    };
    // The payload bits of the lead: 5, 4, 3, 2 or 1 of them.
    let mut value = u32::from(b0) & (0x7F >> lead.len);
    for i in 1..lead.len {
        let Some(&b) = input.get(i) else { return Step::Incomplete };
        let (lo, hi) = if i == 1 { lead.second } else { (0x80, 0xBF) };
        if !(lo..=hi).contains(&b) {
            // The maximal subpart is what was well-formed so far.
            let kind =
                if i == 1 && (0x80..=0xBF).contains(&b) { lead.narrow_kind } else { ErrorKind::MissingContinuation };
            return Step::Invalid { kind, len: i };
        }
        value = (value << 6) | u32::from(b & 0x3F);
    }
    Step::Char { point: CodePoint::new(value), len: lead.len }
}

/// The windows the strict fast path validates, growing while they stay
/// valid, so its work is at most about four times what it consumes plus 64
/// bytes, however short the valid run.
const WINDOWS: [usize; 6] = [64, 256, 1024, 4096, 16384, 65536];

/// Returns the length of the longest prefix of `input` that is well-formed
/// UTF-8 and ends at a character boundary, as far as the growing windows
/// reach (`simdutf8`).
pub(crate) fn valid_prefix(input: &[u8]) -> usize {
    let mut start = 0;
    for window in WINDOWS.iter().copied().cycle() {
        let end = (start + window).min(input.len());
        match simdutf8::compat::from_utf8(&input[start..end]) {
            Ok(_) => start = end,
            Err(e) => {
                // A window may cut a character; an error with no length at
                // the window's end is that cut, not an error.
                let valid = start + e.valid_up_to();
                if e.error_len().is_none() && end < input.len() {
                    start = valid;
                    continue;
                }
                return valid;
            }
        }
        if start == input.len() {
            return start;
        }
    }
    start
}

/// Decodes the strict-UTF-8 prefix found by [`valid_prefix`].
pub(crate) fn decode_prefix(input: &[u8], out: &mut Vec<CodePoint>) -> usize {
    let n = valid_prefix(input);
    match core::str::from_utf8(&input[..n]) {
        Ok(s) => {
            out.extend(s.chars().map(CodePoint::from));
            n
        }
        Err(_) => 0,
    }
}
