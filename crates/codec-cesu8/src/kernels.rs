//! The bulk kernels. CESU-8 and Modified UTF-8 are byte for byte UTF-8 on
//! BMP scalar text without U+0000 (for CESU-8, U+0000 too), and every
//! sequence of theirs is one UTF-16 unit (a supplementary character is two
//! three-byte surrogate forms). So plain text is found with `codec-utf8`'s
//! strict-UTF-8 skip, cut at the first four-byte lead (and `00` in Modified
//! UTF-8, in the same pass: the tables `without_nul`), and copied or
//! converted; text with surrogate pairs goes through
//! the family's checked UTF-8 to UTF-16 kernel with the tables of CESU-8's
//! sequences taken one at a time, after which the units must pair up as
//! UTF-16 does; `C0 80` in Modified UTF-8 is U+0000. Anything else (lone
//! surrogates, overlong forms, errors, a lead surrogate whose trail is not
//! there yet) is left to the step (decision 0007: kernels decode scalar
//! values only).

use alloc::vec::Vec;

use codec_core::CodePoint;
use codec_utf8::automaton::Grammar;
use utfx_kernels::{Utf8Tables, valid_prefix};

/// The [`codec_core::FastJob::Encode`] of CESU-8 (Modified UTF-8 when
/// `nul` is set): appends the encoding of the leading scalar values of
/// `points` and returns how many it took, in one pass of the kernels'
/// encoder of CESU-8 (eight code points at a time with AVX2, whatever the
/// mix of lengths), which writes each as the step does:
///
/// ```text
/// U+0000             00 (CESU-8), C0 80 (Modified UTF-8)
/// U+0001..U+FFFF     as in UTF-8
/// U+10000..U+10FFFF  ED A0+(h >> 6 & 0F) 80+(h & 3F)  ED B0+(l >> 6 & 0F) 80+(l & 3F)
///                    (h, l: the surrogate pair of UTF-16)
/// ```
pub(crate) fn encode(nul: bool, points: &[CodePoint], out: &mut Vec<u8>) -> usize {
    utfx_kernels::scalars_to_cesu8(CodePoint::as_u32_slice(points), nul, out)
}

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
/// One pass of the family validator, which stops at the first byte it
/// refuses (its work is the prefix and a block past it, so no window is
/// needed).
pub(crate) fn plain_prefix(input: &[u8], nul: bool) -> usize {
    valid_prefix(input, plain_tables(nul))
}

/// [`PLAIN_TABLES`], or [`PLAIN_TABLES_WITHOUT_NUL`] when `nul`.
fn plain_tables(nul: bool) -> &'static Utf8Tables {
    if nul { &PLAIN_TABLES_WITHOUT_NUL } else { &PLAIN_TABLES }
}

/// The family validator's tables (decision 0014) for plain text: strict
/// UTF-8 without its four-byte forms, which the three variants write alike
/// (but `00` in Modified UTF-8).
const PLAIN_TABLES: Utf8Tables = match Grammar::UTF_8.with_four_byte_forms(false).tables() {
    Some(tables) => tables,
    None => panic!("strict UTF-8's sequences are rows of continuation bytes"),
};

/// [`PLAIN_TABLES`] without `00`, for Modified UTF-8.
const PLAIN_TABLES_WITHOUT_NUL: Utf8Tables = PLAIN_TABLES.without_nul();

/// The family validator's tables (decision 0014) for CESU-8's sequences
/// one at a time: generalized UTF-8 without four-byte forms, in which a
/// surrogate's three bytes pass. That surrogates pair up is checked on the
/// UTF-16 the family's converter writes, where each three-byte sequence is
/// exactly one unit.
const TABLES: Utf8Tables = match crate::CESU8_GRAMMAR.tables() {
    Some(tables) => tables,
    None => panic!("CESU-8's sequences are rows of continuation bytes"),
};

/// [`TABLES`] without `00`, for Modified UTF-8 (whose `C0 80` is not
/// UTF-8's, and is left to the callers).
const TABLES_WITHOUT_NUL: Utf8Tables = TABLES.without_nul();

/// [`TABLES`], or [`TABLES_WITHOUT_NUL`] when `nul_stops`.
fn sequence_tables(nul_stops: bool) -> &'static Utf8Tables {
    if nul_stops { &TABLES_WITHOUT_NUL } else { &TABLES }
}

/// The first and the largest window of [`sequences_to_utf16`]: it grows
/// fourfold while the text converts, so that the work thrown away at a
/// lone surrogate stays proportional to what was consumed before it.
const SEQUENCE_WINDOW: (usize, usize) = (64, 65536);

/// The length of the sequence a unit was decoded from: one to three bytes
/// (a surrogate's form is three).
fn sequence_len(unit: u16) -> usize {
    match unit {
        0..=0x7F => 1,
        0x80..=0x7FF => 2,
        _ => 3,
    }
}

/// Decodes the sequences of one to three bytes at the front of `input`
/// into UTF-16 units, as much as fits in `out`, each sequence one unit
/// (with the family's UTF-8 to UTF-16 kernel, validating against
/// [`TABLES`], or [`TABLES_WITHOUT_NUL`] when `nul_stops`: one pass),
/// stopping before `00` when `nul_stops` and before a
/// surrogate that is not half of a pair (a lead whose trail is not in
/// `input` included). Returns (bytes read, units written).
///
/// `window` is the size of the next window, which the caller keeps from
/// call to call: it grows while the text converts and starts small again
/// after a stop.
fn sequences_to_utf16(nul_stops: bool, input: &[u8], out: &mut [u16], window: &mut usize) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    loop {
        if stops_at_once(nul_stops, &input[r..]) {
            *window = SEQUENCE_WINDOW.0;
            return (r, w);
        }
        // No more than what fits (a unit takes three bytes at most), ended
        // at the start of a sequence, so that the kernel's last block holds
        // whole ones, and not between the halves of a pair.
        let end = utfx_kernels::pair_window_end(input, r, r + (*window).min(3 * (out.len() - w)));
        let (read, written) =
            utfx_kernels::checked_utf8_to_utf16(&input[r..end], &mut out[w..], sequence_tables(nul_stops));
        let units = &out[w..w + written];
        let paired = utfx_kernels::utf16_units_prefix(units);
        if paired < written {
            // Up to the unpaired surrogate; the next pass starts at it, and
            // goes on if it is a lead whose trail the window cut off.
            *window = SEQUENCE_WINDOW.0;
            if paired == 0 {
                return (r, w);
            }
            // Each unit is one sequence: count back from the end of those read.
            r += read - units[paired..].iter().map(|&u| sequence_len(u)).sum::<usize>();
            w += paired;
            continue;
        }
        if read == 0 {
            *window = SEQUENCE_WINDOW.0;
            return (r, w);
        }
        r += read;
        w += written;
        *window = (*window * 4).min(SEQUENCE_WINDOW.1);
    }
}

/// Whether [`sequences_to_utf16`] must stop at the front of `rest` without
/// running the kernel: on `00` where it stops, and on a surrogate's form
/// that does not start a pair (the kernel would convert a window only to
/// find it unpaired at its first unit, which error-dense text would pay at
/// every error).
fn stops_at_once(nul_stops: bool, rest: &[u8]) -> bool {
    match rest {
        [] => true,
        [0, ..] => nul_stops,
        [0xED, 0xA0..=0xAF, _, 0xED, 0xB0..=0xBF, ..] => false,
        [0xED, 0xA0..=0xBF, ..] => true,
        _ => false,
    }
}

/// Whether `input` starts with the first two bytes of a lead surrogate's
/// form: a six-byte pair, or a lone surrogate the step decides about.
fn lead_surrogate_at(input: &[u8]) -> bool {
    matches!(input, [0xED, 0xA0..=0xAF, ..])
}

/// Whether `input` may start a six-byte pair, for [`sequences_to_utf16`].
fn starts_pair(nul_stops: bool, input: &[u8]) -> bool {
    lead_surrogate_at(input) && !stops_at_once(nul_stops, input)
}

/// The variant's rules as the kernels need them: stop at `00`, and read
/// `C0 80` as U+0000.
#[derive(Clone, Copy)]
pub(crate) struct Rules {
    pub(crate) nul_stops: bool,
    pub(crate) two_byte_nul: bool,
}

/// The most units a kernel converts through a buffer of its own at a time.
const UNITS: usize = 2048;

/// A kernel's buffer of units, made (and zeroed) only when text with pairs
/// comes.
struct Units(Option<[u16; UNITS]>);

impl Units {
    fn get(&mut self) -> &mut [u16; UNITS] {
        match self.0 {
            Some(ref mut units) => units,
            None => self.0.insert([0; UNITS]),
        }
    }
}

/// Validates the longest well-formed prefix the kernels understand: plain
/// text with the strict-UTF-8 skip, text with pairs with the kernels'
/// `paired_prefix` (the sequences and their pairing in one pass at
/// AVX-512, in windows of two passes elsewhere), and what these leave
/// through UTF-16.
pub(crate) fn validate(rules: Rules, input: &[u8]) -> usize {
    let mut r = 0;
    let mut units = Units(None);
    let mut window = SEQUENCE_WINDOW.0;
    loop {
        r += plain_prefix(&input[r..], rules.nul_stops);
        match &input[r..] {
            rest if starts_pair(rules.nul_stops, rest) => {
                let paired = utfx_kernels::paired_prefix(rest, sequence_tables(rules.nul_stops));
                if paired > 0 {
                    r += paired;
                    continue;
                }
                let units = units.get();
                match sequences_to_utf16(rules.nul_stops, rest, units, &mut window) {
                    (0, _) => return r,
                    (read, _) => r += read,
                }
            }
            [0xC0, 0x80, ..] if rules.two_byte_nul => r += 2,
            _ => return r,
        }
    }
}

/// Decodes into code points.
pub(crate) fn decode(rules: Rules, input: &[u8], out: &mut Vec<CodePoint>) -> usize {
    let mut r = 0;
    let mut units = Units(None);
    let mut window = SEQUENCE_WINDOW.0;
    loop {
        let n = plain_prefix(&input[r..], rules.nul_stops);
        if let Ok(s) = core::str::from_utf8(&input[r..r + n]) {
            out.extend(s.chars().map(CodePoint::from));
        }
        r += n;
        match &input[r..] {
            rest if starts_pair(rules.nul_stops, rest) => {
                let units = units.get();
                match sequences_to_utf16(rules.nul_stops, rest, units, &mut window) {
                    (0, _) => return r,
                    (read, written) => {
                        // Well-formed UTF-16: the replacement never happens.
                        let chars = char::decode_utf16(units[..written].iter().copied());
                        out.extend(chars.map(|c| CodePoint::from(c.unwrap_or(char::REPLACEMENT_CHARACTER))));
                        r += read;
                    }
                }
            }
            [0xC0, 0x80, ..] if rules.two_byte_nul => {
                out.push(CodePoint::NUL);
                r += 2;
            }
            _ => return r,
        }
    }
}

/// Decodes into UTF-16 units, as much as fits: plain text with the
/// family's checked UTF-8 to UTF-16 kernel and [`PLAIN_TABLES`] (one pass,
/// as UTF-8's own decoding: no surrogate comes out of it, so nothing is
/// left to pair up), pairs (and what follows them) with
/// [`sequences_to_utf16`].
pub(crate) fn decode_to_utf16(rules: Rules, input: &[u8], out: &mut [u16]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    let mut window = SEQUENCE_WINDOW.0;
    loop {
        let tables = plain_tables(rules.nul_stops);
        let (read, written) = utfx_kernels::checked_utf8_to_utf16(&input[r..], &mut out[w..], tables);
        (r, w) = (r + read, w + written);
        match &input[r..] {
            rest if starts_pair(rules.nul_stops, rest) => {
                match sequences_to_utf16(rules.nul_stops, rest, &mut out[w..], &mut window) {
                    (0, _) => return (r, w),
                    (read, written) => (r, w) = (r + read, w + written),
                }
            }
            [0xC0, 0x80, ..] if rules.two_byte_nul && out.len() > w => {
                out[w] = 0;
                (r, w) = (r + 2, w + 1);
            }
            _ => return (r, w),
        }
    }
}

/// Decodes into UTF-8, as much as fits: plain text copied, pairs (and what
/// follows them) through UTF-16.
pub(crate) fn decode_to_utf8(rules: Rules, input: &[u8], out: &mut [u8]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    let mut units = Units(None);
    let mut window = SEQUENCE_WINDOW.0;
    loop {
        let room = (input.len() - r).min(out.len() - w);
        let n = plain_prefix(&input[r..r + room], rules.nul_stops);
        out[w..w + n].copy_from_slice(&input[r..r + n]);
        r += n;
        w += n;
        match &input[r..] {
            rest if starts_pair(rules.nul_stops, rest) => {
                // Whole characters, at most three bytes a unit: they fit.
                let fit = ((out.len() - w) / 3).min(UNITS);
                if fit < 64 && w > 0 {
                    // Little room left: the caller's next buffer will take
                    // more at a time.
                    return (r, w);
                }
                let units = units.get();
                let (read, written) = sequences_to_utf16(rules.nul_stops, rest, &mut units[..fit], &mut window);
                if read == 0 {
                    return (r, w);
                }
                let (_, bytes) = utfx_kernels::utf16_to_utf8(&units[..written], &mut out[w..]);
                (r, w) = (r + read, w + bytes);
            }
            [0xC0, 0x80, ..] if rules.two_byte_nul && out.len() > w => {
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
                let pair = input[r..].chars().next().and_then(|c| CodePoint::from(c).to_surrogates());
                let Some((lead, trail)) = pair else { return (r, w) };
                surrogate_bytes(lead.to_u32() as u16, &mut out[w..w + 3]);
                surrogate_bytes(trail.to_u32() as u16, &mut out[w + 3..w + 6]);
                (r, w) = (r + 4, w + 6);
            }
            _ => return (r, w),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Rules, validate};
    use alloc::vec::Vec;

    /// U+1F4A9 in CESU-8: a lead surrogate's form, then a trail's.
    const PAIR: &[u8] = b"\xED\xA0\xBD\xED\xB2\xA9";

    #[test]
    fn a_lone_surrogate_anywhere_among_pairs_stops_validation_before_it() {
        // Runs of pairs behind 0 to 7 bytes of ASCII; a lone lead or trail,
        // or a pair in the wrong order, at each pair's place after 0 to 5
        // ASCII bytes, so that the windows' edges (64 bytes from the first
        // pair, then 256 more, at sequence starts) fall on every byte of
        // it and just before it: the valid prefix ends there.
        let lone: [&[u8]; 3] = [b"\xED\xA0\x80", b"\xED\xB0\x80", b"\xED\xB0\x80\xED\xA0\x80"];
        for rules in [Rules { nul_stops: false, two_byte_nul: false }, Rules { nul_stops: true, two_byte_nul: true }] {
            for ascii in 0..8 {
                let text: Vec<u8> = b"abcdefg"[..ascii].iter().chain(PAIR.repeat(80).iter()).copied().collect();
                assert_eq!(validate(rules, &text), text.len());
                for k in 0..80 {
                    for filler in 0..6 {
                        let at = ascii + 6 * k + filler;
                        for piece in lone {
                            let mut bad = text.clone();
                            bad.splice(at - filler..at - filler, b"xxxxx"[..filler].iter().chain(piece).copied());
                            assert_eq!(validate(rules, &bad), at, "{piece:02X?} at {at} after {ascii} ASCII");
                        }
                    }
                }
                // A trail's form cut short by the end, after every pair.
                for k in 1..80 {
                    let end = ascii + 6 * k - 1;
                    assert_eq!(validate(rules, &text[..end]), end - 5, "cut at {end}");
                }
            }
        }
    }
}
