//! The decoder: the WHATWG utf-16 decoder as a step over code units, with
//! the WTF-16 variant that keeps lone surrogates, and a scalar fast path.

use alloc::string::String;
use alloc::vec::Vec;

use codec_core::{CodePoint, DecodeMode, Decoder, ErrorKind, Step};

use crate::Utf16;

// The Encoding Standard, §14.2 "Common infrastructure for utf-16be and
// utf-16le", the utf-16 decoder (abridged):
//
//   5. If utf-16 lead byte is null, set utf-16 lead byte to byte and continue.
//   6. Let code point be (lead byte << 8) + byte (utf-16be) or
//      (byte << 8) + lead byte (utf-16le); set utf-16 lead byte to null.
//   7. If utf-16 lead surrogate is not null, let lead surrogate be it, set it
//      to null, and then:
//      1. If code point is in the range U+DC00 to U+DFFF, emit
//         0x10000 + (lead surrogate − 0xD800) × 0x400 + (code point − 0xDC00).
//      2. Decrease byte pointer by two and run error.
//   8. If code point is in the range U+D800 to U+DBFF, set utf-16 lead
//      surrogate to code point and continue.
//   9. If code point is in the range U+DC00 to U+DFFF, run error.
//  10. Emit code point.
//   3. (At the end of input) if utf-16 lead byte or utf-16 lead surrogate is
//      not null, set both to null and run error.
//
// As steps: an odd byte at the end, or a lead surrogate (with or without an
// odd byte) at the end, is one truncated sequence (one error); a lead
// surrogate followed by a unit that is not a trail is a two-byte subpart
// (the "decrease byte pointer by two" re-examines that unit); a lone trail
// is a two-byte subpart. WTF-16 decodes both lone surrogates as themselves,
// as the WTF-8 specification's decoding of potentially ill-formed UTF-16
// does.
/// Decodes one sequence from the front of `input` (never empty).
#[inline]
pub(crate) fn step(codec: &Utf16, input: &[u8], last: bool) -> Step<CodePoint> {
    let Some(unit) = codec.unit(input, 0) else { return Step::Incomplete };
    let point = CodePoint::new(u32::from(unit));
    if !point.is_surrogate() {
        return Step::Point { point, len: 2 };
    }
    let lone = if codec.lossless {
        Step::Point { point, len: 2 }
    } else {
        Step::Invalid { kind: ErrorKind::UnpairedSurrogate, len: 2 }
    };
    if point.is_trail_surrogate() {
        return lone;
    }
    match codec.unit(input, 2) {
        Some(next) => match CodePoint::from_surrogates(point, CodePoint::new(u32::from(next))) {
            Some(pair) => Step::Point { point: pair, len: 4 },
            None => lone,
        },
        // WTF-16 keeps a lead surrogate that the end of input cuts off;
        // UTF-16 reports it, with any odd byte after it, as truncated.
        None if codec.lossless && last => lone,
        None => Step::Incomplete,
    }
}

/// How many well-formed units in a row send [`to_string_lossy`] back to
/// the kernel.
pub(crate) const CLEAN_RUN: usize = 32;

/// Decodes `input` to a `String` with U+FFFD for each error and for each
/// lone surrogate (which WTF-16 decodes but a `String` cannot hold), as the
/// driver does in replace mode: the driver in fatal mode over well-formed
/// runs (the kernel, through the core's `String` sink), up to the first
/// error, then a unit at a time until [`CLEAN_RUN`]
/// well-formed units in a row, with anything but a unit that is not a
/// surrogate and a pair left to [`step`].
pub(crate) fn to_string_lossy(codec: &Utf16, input: &[u8]) -> String {
    let mut out = String::with_capacity(input.len() + input.len() / 2);
    let mut i = 0;
    while i < input.len() {
        // What comes before the first error is in `out` when it stops.
        i += match Decoder::new(codec, DecodeMode::Fatal).decode_to_string(&input[i..], true, &mut out) {
            Ok(()) => input.len() - i,
            Err(e) => e.valid_up_to(),
        };
        let mut clean = 0;
        while clean < CLEAN_RUN && i < input.len() {
            let unit = codec.unit(input, i).map(u32::from);
            if let Some(c) = unit.and_then(char::from_u32) {
                // Not a surrogate.
                out.push(c);
                (i, clean) = (i + 2, clean + 1);
                continue;
            }
            let (c, len) = match step(codec, &input[i..], true) {
                Step::Point { point, len } => (point.to_char().unwrap_or(char::REPLACEMENT_CHARACTER), len),
                // (UTF-16 has no pairs and no shifts.)
                Step::Invalid { len, .. } | Step::Reserved { len } | Step::Pair { len, .. } | Step::Shift { len } => {
                    (char::REPLACEMENT_CHARACTER, len)
                }
                // A sequence cut by the end of input: one error.
                Step::Incomplete => (char::REPLACEMENT_CHARACTER, input.len() - i),
            };
            clean = if c == char::REPLACEMENT_CHARACTER { 0 } else { clean + 1 };
            out.push(c);
            i += len;
        }
    }
    out
}

/// The fast path into code points: decodes the leading run of units that
/// are not surrogates, and of well-formed pairs, appending to `out`, and
/// returns how many bytes it took. Stops before anything else: a lone
/// surrogate, a lead surrogate whose trail is not in `input`, or an odd byte.
pub(crate) fn prefix(codec: &Utf16, input: &[u8], out: &mut Vec<CodePoint>) -> usize {
    let mut i = 0;
    while let Some(unit) = codec.unit(input, i) {
        let point = CodePoint::new(u32::from(unit));
        let (point, len) = if !point.is_surrogate() {
            (point, 2)
        } else {
            let next = codec.unit(input, i + 2).map(|n| CodePoint::new(u32::from(n)));
            match next.and_then(|next| CodePoint::from_surrogates(point, next)) {
                Some(pair) => (pair, 4),
                None => break,
            }
        };
        out.push(point);
        i += len;
    }
    i
}
