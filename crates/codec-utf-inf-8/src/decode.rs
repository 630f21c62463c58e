//! Decoding one sequence: RFC 2279 UTF-8 below `FE` through `codec-utf8`'s
//! automaton, then the spec's three forms of its own (sections 3.3 to 3.5),
//! shortest form only, with the length limit read at the length field.

use alloc::vec::Vec;

use codec_core::num_bigint::BigUint;
use codec_core::{BigCodePoint, ErrorKind, Step};
use codec_utf8::automaton::{self, Grammar};

use crate::form::{self, FE_MIN, LONG_MIN_NUD, THIRTEEN_MIN};

/// Returns true for a trailing byte, `10xxxxxx` (section 2: every trailing
/// byte of every form).
#[inline]
pub(crate) fn is_trailing(b: u8) -> bool {
    b & 0xC0 == 0x80
}

/// What the byte at `input[i]` is, for a sequence that needs one there.
enum Next {
    /// The input ends before it.
    End,
    /// A byte in the range the sequence takes there.
    Fits(u8),
    /// Any other byte: the sequence is cut short before it.
    Breaks,
}

#[inline]
fn next(input: &[u8], i: usize, lo: u8, hi: u8) -> Next {
    match input.get(i) {
        None => Next::End,
        Some(&b) if (lo..=hi).contains(&b) => Next::Fits(b),
        Some(_) => Next::Breaks,
    }
}

/// A sequence cut short at `i` by a byte that cannot continue it.
#[inline]
fn missing(len: usize) -> Step<BigCodePoint> {
    Step::Invalid { kind: ErrorKind::MissingContinuation, len }
}

/// Decodes the sequence at the front of `input` (never empty); `max_nme` is
/// the largest NME (length value) the limit allows.
pub(crate) fn step(input: &[u8], max_nme: u64) -> Step<BigCodePoint> {
    match input[0] {
        0xFE => seven_byte(input),
        0xFF => match input.get(1) {
            None => Step::Incomplete,
            Some(0x80..=0x9F) => thirteen_byte(input),
            Some(0xA0..=0xAF | 0xB4) => long(input, max_nme),
            // B0..B3, B5..BF continue no form; nor does a non-trailing byte.
            Some(_) => missing(1),
        },
        // Section 3.2: below U+80000000, the one-to-six-byte UTF-8 of RFC 2279.
        _ => match automaton::decode_step(Grammar::RFC_2279, input) {
            Step::Point { point, len } => Step::Point { point: BigCodePoint::from(point), len },
            Step::Pair { point, second, len } => {
                Step::Pair { point: BigCodePoint::from(point), second: BigCodePoint::from(second), len }
            }
            Step::Reserved { len } => Step::Reserved { len },
            Step::Shift { len } => Step::Shift { len },
            Step::Invalid { kind, len } => Step::Invalid { kind, len },
            Step::Incomplete => Step::Incomplete,
        },
    }
}

// Section 3.3: "Seven-byte codes are used for code points in this range
// [U+80000000..U+FFFFFFFFF]. The leading byte is FE. The six trailing bytes
// are in the range 80..BF." Shortest form: the value is at least 2^31, so
// the first trailing byte (bits 35..30) is at least 82.
fn seven_byte(input: &[u8]) -> Step<BigCodePoint> {
    let mut value = 0u64;
    for i in 1..7 {
        let lo = if i == 1 { 0x82 } else { 0x80 };
        match next(input, i, lo, 0xBF) {
            Next::End => return Step::Incomplete,
            Next::Fits(b) => value = (value << 6) | u64::from(b & 0x3F),
            Next::Breaks if i == 1 && is_trailing(input[1]) => {
                return Step::Invalid { kind: ErrorKind::Overlong, len: 1 };
            }
            Next::Breaks => return missing(i),
        }
    }
    debug_assert!(value >= FE_MIN);
    Step::Point { point: BigCodePoint::from_u64(value), len: 7 }
}

// Section 3.4: "Thirteen-byte codes are used for code points in this range
// [U+1000000000..U+7FFFFFFFFFFFFFFFFF]. The leading byte is FF. The second
// byte is in the range 80..9F [...] the five "x" bits are available [...]
// The last eleven trailing bytes are in the range 80..BF." Shortest form:
// the value is at least 2^36, so one of bits 70..36 (the second byte's five
// bits and the next five trailing bytes) is set; the seventh byte is the
// last that can still set one.
fn thirteen_byte(input: &[u8]) -> Step<BigCodePoint> {
    let mut value = u128::from(input[1] & 0x1F);
    for i in 2..13 {
        match next(input, i, 0x80, 0xBF) {
            Next::End => return Step::Incomplete,
            Next::Fits(b) => value = (value << 6) | u128::from(b & 0x3F),
            Next::Breaks => return missing(i),
        }
        if i == 6 && value == 0 {
            // The sixth bit group after FF is the last one that can hold bit 36.
            return Step::Invalid { kind: ErrorKind::Overlong, len: 6 };
        }
    }
    debug_assert!(value >= THIRTEEN_MIN);
    Step::Point { point: form::from_u128(value), len: 13 }
}

// Section 3.5: FF, the length storage (zero or more B4, then one more Ax
// byte than B4 bytes, holding NME = NUD - 18 in hex), then
// ((NUD + 2) / 3) * 2 USV-storage bytes holding the udigits padded on the
// left with one or two zero nybbles to a multiple of three.
fn long(input: &[u8], max_nme: u64) -> Step<BigCodePoint> {
    let max_digits = form::hex_digits(max_nme);
    // 3.5.5: one B4 per Ax byte after the first.
    let mut i = 1;
    while input.get(i) == Some(&0xB4) {
        if i as u64 + 1 > max_digits {
            // This B4 announces an NME of more digits than the limit's.
            return Step::Invalid { kind: ErrorKind::LengthOverLimit, len: i };
        }
        i += 1;
    }
    let digits = i; // The B4 bytes after FF, plus one.
    let mut nme = 0u64;
    for k in 0..digits {
        let j = i + k;
        let b = match next(input, j, 0xA0, 0xAF) {
            Next::End => return Step::Incomplete,
            Next::Fits(b) => b,
            Next::Breaks => return missing(j),
        };
        if k == 0 && digits > 1 && b == 0xA0 {
            // A leading zero digit: the same NME fits in fewer Ax bytes
            // (a superfluous B4).
            return Step::Invalid { kind: ErrorKind::Overlong, len: j };
        }
        nme = (nme << 4) | u64::from(b & 0x0F);
        // The least NME this prefix of digits can still become.
        let rest = (digits - k - 1) as u32;
        if u128::from(nme) << (4 * rest) > u128::from(max_nme) {
            return Step::Invalid { kind: ErrorKind::LengthOverLimit, len: j };
        }
    }
    let head = i + digits;
    // Below the limit, which keeps NUD within usize (see `UtfInf8::with_max_bits`).
    let nud = nme as usize + LONG_MIN_NUD;
    let storage = form::storage_len(nud);

    // Every USV-storage byte present must be a trailing byte; the first one
    // or two also carry the padding and the leading udigit.
    let end = input.len().min(head + storage);
    if let Some(k) = input[head..end].iter().position(|&b| !is_trailing(b)) {
        // The padding and leading-digit checks below look at bytes before k.
        if let Some(step) = first_digit(&input[head..head + k], nud, head) {
            return step;
        }
        return missing(head + k);
    }
    if let Some(step) = first_digit(&input[head..end], nud, head) {
        return step;
    }
    if end < head + storage {
        return Step::Incomplete;
    }
    // 3.5.6: six bits of the USV in each storage byte, most significant first.
    let groups: Vec<u8> = input[head..end].iter().map(|&b| b & 0x3F).collect();
    let value = BigUint::from_radix_be(&groups, 64).unwrap_or_default();
    Step::Point { point: BigCodePoint::from(value), len: end }
}

/// Checks the padding nybbles and the leading udigit in the first storage
/// bytes present (`storage`, all trailing bytes, starting at offset `head`):
/// an error once they show non-zero padding (`out_of_range`: the value has
/// more digits than NUD says) or a zero leading udigit (`overlong`: it has
/// fewer), else `None`.
///
/// ```text
/// NUD % 3 == 0:  [dddd xx] ...          leading digit d != 0 (>= 8 for NUD 18)
/// NUD % 3 == 2:  [0000 dd] [dd xxxx]    padding 0000, d != 0
/// NUD % 3 == 1:  [0000 00] [00 dddd]    padding 0000 0000, d != 0
/// ```
fn first_digit(storage: &[u8], nud: usize, head: usize) -> Option<Step<BigCodePoint>> {
    let out_of_range = |len| Some(Step::Invalid { kind: ErrorKind::OutOfRange, len });
    let overlong = |len| Some(Step::Invalid { kind: ErrorKind::Overlong, len });
    let b0 = storage.first().map(|b| b & 0x3F)?;
    match form::pad_nybbles(nud) {
        0 => {
            let d = b0 >> 2;
            // NUD 18 with a leading digit below 8 fits the thirteen-byte form.
            let least = if nud == LONG_MIN_NUD { 8 } else { 1 };
            if d < least { overlong(head) } else { None }
        }
        1 => {
            if b0 & 0x3C != 0 {
                return out_of_range(head);
            }
            let b1 = storage.get(1).map(|b| b & 0x3F)?;
            if b0 == 0 && b1 & 0x30 == 0 { overlong(head + 1) } else { None }
        }
        _ => {
            if b0 != 0 {
                return out_of_range(head);
            }
            let b1 = storage.get(1).map(|b| b & 0x3F)?;
            if b1 & 0x30 != 0 {
                return out_of_range(head + 1);
            }
            if b1 == 0 { overlong(head + 1) } else { None }
        }
    }
}
