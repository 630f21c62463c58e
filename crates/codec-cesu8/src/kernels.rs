//! The bulk kernels: CESU-8 and Modified UTF-8 are byte for byte UTF-8 on
//! BMP scalar text without U+0000 (for CESU-8, U+0000 too), so each kernel
//! finds that text with `codec-utf8`'s strict-UTF-8 skip, cut at the first
//! four-byte lead (and `00` in Modified UTF-8), copies or converts it, and
//! converts the two other forms of scalar values in between: a six-byte
//! surrogate pair and, in Modified UTF-8, `C0 80`. Anything else (lone
//! surrogates, overlong forms, errors, a lead surrogate whose trail is not
//! there yet) is left to the step (decision 0007: kernels decode scalar
//! values only).

use alloc::vec::Vec;

use codec_core::{CodePoint, pivot};
use codec_utf8::automaton;

use crate::decode::trail_at;

/// The first window the strict-UTF-8 skip looks at; it grows fourfold while
/// the text stays plain, so the work stays proportional to what is consumed
/// plus a constant.
const FIRST_WINDOW: usize = 64;
const LAST_WINDOW: usize = 65536;

/// Returns true for the bytes where plain text ends: a lead of a four-byte
/// form (or `F5..FF`), and `00` when `nul` is set.
#[inline]
fn stops(b: u8, nul: bool) -> bool {
    b >= 0xF0 || (nul && b == 0)
}

/// Returns true when `input` holds a byte where plain text ends (see
/// [`stops`]), looking at 32 bytes at a time so that the loop vectorizes.
pub(crate) fn has_stop(input: &[u8], nul: bool) -> bool {
    // `b >= F0`, or with `nul` also `b == 00`: `b - 1 >= EF` (wrapping), so
    // one maximum per block decides (a byte-wise max vectorizes).
    let offset = u8::from(nul);
    let threshold = 0xF0 - offset;
    let mut blocks = input.chunks_exact(64);
    let any = |block: &[u8]| block.iter().fold(0, |max: u8, &b| max.max(b.wrapping_sub(offset))) >= threshold;
    blocks.any(any) || any(blocks.remainder())
}

/// Returns the length of the longest prefix of `input` that is strict UTF-8
/// without a four-byte form (and without `00` when `nul` is set), ending at
/// a character boundary: text the three variants and UTF-8 write alike.
pub(crate) fn plain_prefix(input: &[u8], nul: bool) -> usize {
    let mut start = 0;
    let mut window = FIRST_WINDOW;
    while start < input.len() {
        let mut end = (start + window).min(input.len());
        // End the window on a lead byte, so that it cuts no character of
        // well-formed text.
        let mut back = 0;
        while end < input.len() && back < 3 && (0x80..=0xBF).contains(&input[end]) {
            end -= 1;
            back += 1;
        }
        let block = &input[start..end];
        let cut = if block.iter().fold(false, |any, &b| any | stops(b, nul)) {
            block.iter().position(|&b| stops(b, nul)).unwrap_or(block.len())
        } else {
            block.len()
        };
        let valid = automaton::valid_prefix(&block[..cut]);
        if valid < block.len() {
            return start + valid;
        }
        start = end;
        window = (window * 4).min(LAST_WINDOW);
    }
    start
}

/// What follows plain text: a scalar value in one of the forms that differ
/// from UTF-8, or something the step must decide.
enum Special {
    /// A six-byte surrogate pair: the supplementary code point.
    Pair(CodePoint),
    /// `C0 80` (Modified UTF-8): U+0000.
    Nul,
    /// Anything else.
    Stop,
}

fn special(input: &[u8], two_byte_nul: bool) -> Special {
    match input {
        [0xC0, 0x80, ..] if two_byte_nul => Special::Nul,
        [0xED, b1 @ 0xA0..=0xAF, b2 @ 0x80..=0xBF, rest @ ..] => match trail_at(rest) {
            Some(trail) => {
                let lead = CodePoint::new(0xD000 | (u32::from(b1 & 0x3F) << 6) | u32::from(b2 & 0x3F));
                CodePoint::from_surrogates(lead, trail).map_or(Special::Stop, Special::Pair)
            }
            None => Special::Stop,
        },
        _ => Special::Stop,
    }
}

/// The variant's rules as the kernels need them: stop at `00`, and read
/// `C0 80` as U+0000.
#[derive(Clone, Copy)]
pub(crate) struct Rules {
    pub(crate) nul_stops: bool,
    pub(crate) two_byte_nul: bool,
}

/// Validates the longest well-formed prefix the kernels understand.
pub(crate) fn validate(rules: Rules, input: &[u8]) -> usize {
    let mut r = 0;
    loop {
        r += plain_prefix(&input[r..], rules.nul_stops);
        match special(&input[r..], rules.two_byte_nul) {
            Special::Pair(_) => r += 6,
            Special::Nul => r += 2,
            Special::Stop => return r,
        }
    }
}

/// Decodes into code points.
pub(crate) fn decode(rules: Rules, input: &[u8], out: &mut Vec<CodePoint>) -> usize {
    let mut r = 0;
    loop {
        let n = plain_prefix(&input[r..], rules.nul_stops);
        if let Ok(s) = core::str::from_utf8(&input[r..r + n]) {
            out.extend(s.chars().map(CodePoint::from));
        }
        r += n;
        match special(&input[r..], rules.two_byte_nul) {
            Special::Pair(cp) => {
                out.push(cp);
                r += 6;
            }
            Special::Nul => {
                out.push(CodePoint::NUL);
                r += 2;
            }
            Special::Stop => return r,
        }
    }
}

/// Decodes into UTF-16 units, as much as fits.
pub(crate) fn decode_to_utf16(rules: Rules, input: &[u8], out: &mut [u16]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    loop {
        // Plain text never takes more units than bytes.
        let room = (input.len() - r).min(out.len() - w);
        let n = plain_prefix(&input[r..r + room], rules.nul_stops);
        let (read, written) = pivot::valid_utf8_to_utf16(&input[r..r + n], &mut out[w..]);
        r += read;
        w += written;
        if read < n {
            return (r, w);
        }
        match special(&input[r..], rules.two_byte_nul) {
            Special::Pair(cp) if out.len() - w >= 2 => {
                let v = cp.to_u32() - 0x1_0000;
                out[w] = 0xD800 | (v >> 10) as u16;
                out[w + 1] = 0xDC00 | (v & 0x3FF) as u16;
                (r, w) = (r + 6, w + 2);
            }
            Special::Nul if out.len() > w => {
                out[w] = 0;
                (r, w) = (r + 2, w + 1);
            }
            _ => return (r, w),
        }
    }
}

/// Decodes into UTF-8, as much as fits.
pub(crate) fn decode_to_utf8(rules: Rules, input: &[u8], out: &mut [u8]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    loop {
        let room = (input.len() - r).min(out.len() - w);
        let n = plain_prefix(&input[r..r + room], rules.nul_stops);
        out[w..w + n].copy_from_slice(&input[r..r + n]);
        r += n;
        w += n;
        match special(&input[r..], rules.two_byte_nul) {
            Special::Pair(cp) if out.len() - w >= 4 => {
                if let Some(c) = cp.to_char() {
                    c.encode_utf8(&mut out[w..w + 4]);
                }
                (r, w) = (r + 6, w + 4);
            }
            Special::Nul if out.len() > w => {
                out[w] = 0;
                (r, w) = (r + 2, w + 1);
            }
            _ => return (r, w),
        }
    }
}

/// Writes the three-byte form of a surrogate unit.
#[inline]
fn surrogate_bytes(unit: u16, out: &mut [u8]) {
    out[0] = 0xED;
    out[1] = 0x80 | ((unit >> 6) & 0x3F) as u8;
    out[2] = 0x80 | (unit & 0x3F) as u8;
}

/// Encodes well-formed UTF-16 (each unit of a pair in its three-byte form,
/// U+0000 as `C0 80` when `two_byte_nul`), stopping before a lone surrogate
/// or what does not fit.
pub(crate) fn encode_from_utf16(two_byte_nul: bool, input: &[u16], out: &mut [u8]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    while r < input.len() {
        let u = input[r];
        let room = out.len() - w;
        match u {
            0 if two_byte_nul => {
                if room < 2 {
                    break;
                }
                out[w..w + 2].copy_from_slice(&[0xC0, 0x80]);
                (r, w) = (r + 1, w + 2);
            }
            0..=0x7F => {
                if room < 1 {
                    break;
                }
                out[w] = u as u8;
                (r, w) = (r + 1, w + 1);
            }
            0x80..=0x7FF => {
                if room < 2 {
                    break;
                }
                out[w] = 0xC0 | (u >> 6) as u8;
                out[w + 1] = 0x80 | (u & 0x3F) as u8;
                (r, w) = (r + 1, w + 2);
            }
            0xD800..=0xDBFF => {
                let Some(&trail @ 0xDC00..=0xDFFF) = input.get(r + 1) else { break };
                if room < 6 {
                    break;
                }
                surrogate_bytes(u, &mut out[w..w + 3]);
                surrogate_bytes(trail, &mut out[w + 3..w + 6]);
                (r, w) = (r + 2, w + 6);
            }
            0xDC00..=0xDFFF => break,
            _ => {
                if room < 3 {
                    break;
                }
                out[w] = 0xE0 | (u >> 12) as u8;
                out[w + 1] = 0x80 | ((u >> 6) & 0x3F) as u8;
                out[w + 2] = 0x80 | (u & 0x3F) as u8;
                (r, w) = (r + 1, w + 3);
            }
        }
    }
    (r, w)
}

/// Encodes a `str`: plain text copied, four-byte characters as six bytes,
/// U+0000 as `C0 80` when `two_byte_nul`; stops before what does not fit.
pub(crate) fn encode_from_str(two_byte_nul: bool, input: &str, out: &mut [u8]) -> (usize, usize) {
    let bytes = input.as_bytes();
    let (mut r, mut w) = (0, 0);
    loop {
        let mut n = bytes.len() - r;
        n = n.min(out.len() - w);
        let block = &bytes[r..r + n];
        n = block.iter().position(|&b| stops(b, two_byte_nul)).unwrap_or(n);
        while !input.is_char_boundary(r + n) {
            n -= 1;
        }
        out[w..w + n].copy_from_slice(&bytes[r..r + n]);
        (r, w) = (r + n, w + n);
        match bytes.get(r) {
            Some(0) if two_byte_nul && out.len() - w >= 2 => {
                out[w..w + 2].copy_from_slice(&[0xC0, 0x80]);
                (r, w) = (r + 1, w + 2);
            }
            Some(&b) if b >= 0xF0 && out.len() - w >= 6 => {
                let c = input[r..].chars().next().map_or(0, u32::from);
                let v = c - 0x1_0000;
                surrogate_bytes(0xD800 | (v >> 10) as u16, &mut out[w..w + 3]);
                surrogate_bytes(0xDC00 | (v & 0x3FF) as u16, &mut out[w + 3..w + 6]);
                (r, w) = (r + 4, w + 6);
            }
            _ => return (r, w),
        }
    }
}
