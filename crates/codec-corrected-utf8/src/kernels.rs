//! Bulk kernels: the kernels crate's offset form ([`Utf8Offsets`], decision
//! 0031) with the spec's table, to UTF-16 and from code points, and through
//! a window of UTF-16 or of code points to UTF-8, to code points, from
//! UTF-16 and from text; validation with the family validator's tables.
//! Each stops before anything the step must decide: a reserved `FE`/`FF`
//! sequence, an ill-formed or cut sequence, a value beyond U+10FFFF (not a
//! Unicode scalar value), and on the encoding side a code point the codec
//! cannot encode. No decoded value is ever a C1 control or a surrogate (the
//! offsets skip them), so every value up to U+10FFFF is a scalar value; the
//! C1 variant's values from U+10FF80 on, and its C1 controls, go one at a
//! time between the kernels' runs.

use alloc::vec::Vec;

use codec_core::CodePoint;
use utfx_kernels::{Utf8Offsets, Utf8Tables, ascii_prefix, valid_prefix};

use crate::C1;
use crate::decode::{is_continuation, offset_value, sequence_len};
use crate::encode;

/// The most units or code points a window between two kernels holds.
const PIVOT: usize = 1024;

/// Returns the length of the complete sequence at the front of `input` (a
/// non-ASCII lead byte first) and its raw bit pattern, or `None` for a
/// reserved, ill-formed or cut sequence.
#[inline]
fn multi(input: &[u8]) -> Option<(usize, u32)> {
    let lead = input[0];
    let len = sequence_len(lead);
    if len < 2 || input.len() < len {
        return None;
    }
    let mut raw = u32::from(lead) & (0x7F >> len);
    for &b in &input[1..len] {
        if !is_continuation(b) {
            return None;
        }
        raw = (raw << 6) | u32::from(b & 0x3F);
    }
    Some((len, raw))
}

/// Returns the scalar value of the multi-byte sequence at the front of
/// `input` and its length, or `None` where the kernels stop.
#[inline]
fn scalar(input: &[u8], c1: C1) -> Option<(u32, usize)> {
    let (len, raw) = multi(input)?;
    // Five- and six-byte sequences are all beyond U+10FFFF.
    if len > 4 {
        return None;
    }
    let v = c1.decoded(offset_value(len, raw));
    (v <= 0x10_FFFF).then_some((v, len))
}

/// The family validator's tables (decision 0014) for Corrected UTF-8's
/// sequences of two, three and four bytes. The spec's table has no overlong
/// forms and no gaps ("Putting it all together": each length's byte range
/// is whole, `C0 80 … DF BF`, `E0 80 80 … EF BF BF`, `F0 80 80 80 … F7 BF
/// BF BF`), so every lead `C0..F7` takes any continuation byte; the
/// validator leaves the leads `F8..FD` of five and six bytes, which its
/// bit distribution does not have, and the reserved `FE`/`FF`, to the
/// caller.
const TABLES: Utf8Tables = {
    let mut second = [None; 64];
    let mut k = 0;
    while k < 0x38 {
        second[k] = Some((0x80, 0xBF));
        k += 1;
    }
    match Utf8Tables::new(&second) {
        Some(tables) => tables,
        None => panic!("the validator checks Corrected UTF-8's two- to four-byte sequences"),
    }
};

/// The longest structurally valid prefix ending at a sequence boundary,
/// stopping before a reserved sequence and before a sequence the end of
/// `input` cuts: the family validator's runs, and the five- and six-byte
/// sequences between them one at a time.
pub(crate) fn validate_prefix(input: &[u8]) -> usize {
    let mut i = 0;
    while i < input.len() {
        i += valid_prefix(&input[i..], &TABLES);
        if i == input.len() {
            break;
        }
        match multi(&input[i..]) {
            Some((len, _)) => i += len,
            None => break,
        }
    }
    i
}

/// The spec's table as the kernels' offset form (decision 0031): two-byte
/// values from U+00A0, three-byte values skipping the surrogates, each
/// length's values after the last of the length before ("Putting it all
/// together"):
///
/// ```text
/// Byte Sequence Range                     | Offset     | Codepoint Range
/// 00 … 7F                                 | 0          | 0000 0000 … 0000 007F
/// C0 80 … DF BF                           | 160        | 0000 00A0 … 0000 089F
/// E0 80 80 … EC BD 9F                     | 2 208      | 0000 08A0 … 0000 D7FF
/// EC BD A0 … EF BF BF                     | 4 256      | 0000 E000 … 0001 109F
/// F0 80 80 80 … F7 BF BF BF               | 69 792     | 0001 10A0 … 0021 109F
/// ```
///
/// taken up to U+10FFFF, the last scalar value.
const FORM: Utf8Offsets = match Utf8Offsets::new(0xA0, 0xD800, 0xE000, 0x10_FFFF) {
    Some(form) => form,
    None => panic!("Corrected UTF-8's table is an offset form"),
};

/// [`FORM`] taken up to U+10FF7F, for [`C1::PrivateUse`]: the values from
/// U+10FF80 on, among which the C1 controls travel, go through [`scalar`].
const FORM_C1: Utf8Offsets = match Utf8Offsets::new(0xA0, 0xD800, 0xE000, 0x10_FF7F) {
    Some(form) => form,
    None => panic!("Corrected UTF-8's table is an offset form"),
};

/// The kernels' form for `c1`.
fn form(c1: C1) -> &'static Utf8Offsets {
    match c1 {
        C1::Unrepresentable => &FORM,
        C1::PrivateUse => &FORM_C1,
    }
}

/// Decodes into UTF-16 code units, as much as fits: the offset form's
/// kernel, and with [`C1::PrivateUse`] the values it leaves from U+10FF80
/// on one at a time between its runs.
pub(crate) fn decode_to_utf16(input: &[u8], c1: C1, out: &mut [u16]) -> (usize, usize) {
    let (mut i, mut o) = (0, 0);
    loop {
        let (read, written) = utfx_kernels::offset_utf8_to_utf16(&input[i..], &mut out[o..], form(c1));
        (i, o) = (i + read, o + written);
        if c1 == C1::Unrepresentable || i == input.len() {
            return (i, o);
        }
        match scalar(&input[i..], c1) {
            Some((v, len)) if put_utf16(v, out, &mut o) => i += len,
            _ => return (i, o),
        }
    }
}

/// Writes `v` (a scalar value) as UTF-16 at `out[*o..]` if it fits.
fn put_utf16(v: u32, out: &mut [u16], o: &mut usize) -> bool {
    let Some(c) = char::from_u32(v) else { return false };
    let Some(room) = out.get_mut(*o..*o + c.len_utf16()) else { return false };
    *o += c.encode_utf16(room).len();
    true
}

/// Decodes into UTF-8, as much as fits: windows of UTF-16 from
/// [`decode_to_utf16`], each no longer than the room holds (three bytes a
/// unit), converted by [`utfx_kernels::utf16_to_utf8`]; a character at a
/// time in the last bytes of room.
pub(crate) fn decode_to_utf8(input: &[u8], c1: C1, out: &mut [u8]) -> (usize, usize) {
    let mut units = [0u16; PIVOT];
    let (mut i, mut o) = (0, 0);
    loop {
        let n = ((out.len() - o) / 3).min(PIVOT);
        if n < 2 {
            break;
        }
        let (read, written) = decode_to_utf16(&input[i..], c1, &mut units[..n]);
        // Whole characters of well-formed UTF-16 in room for all of them.
        let (_, bytes) = utfx_kernels::utf16_to_utf8(&units[..written], &mut out[o..]);
        (i, o) = (i + read, o + bytes);
        // Stopped before the window filled: at the end or where the step
        // must decide.
        if written + 2 <= n {
            return (i, o);
        }
    }
    // The last bytes of room.
    while i < input.len() {
        let (v, len) = match input[i] {
            b @ 0..=0x7F => (u32::from(b), 1),
            _ => match scalar(&input[i..], c1) {
                Some(found) => found,
                None => break,
            },
        };
        let Some(c) = char::from_u32(v) else { break };
        let Some(room) = out.get_mut(o..o + c.len_utf8()) else { break };
        o += c.encode_utf8(room).len();
        i += len;
    }
    (i, o)
}

/// Decodes into code points, scalar values only: windows of UTF-16 from
/// [`decode_to_utf16`], each widened (a surrogate pair joined).
pub(crate) fn decode_prefix(input: &[u8], c1: C1, out: &mut Vec<CodePoint>) -> usize {
    let mut units = [0u16; PIVOT];
    let mut i = 0;
    loop {
        let (read, written) = decode_to_utf16(&input[i..], c1, &mut units);
        i += read;
        let units = &units[..written];
        CodePoint::with_u32_vec(out, |out| utfx_kernels::utf16_to_code_points(units, out));
        if written + 2 <= PIVOT {
            return i;
        }
    }
}

/// Writes the encoding of `v` at `out[*o..]` if the codec encodes it and it
/// fits; false otherwise.
#[inline]
fn put(v: u32, c1: C1, out: &mut [u8], o: &mut usize) -> bool {
    let Ok((buf, len)) = c1.encoded(v).and_then(encode::bytes) else { return false };
    if *o + len > out.len() {
        return false;
    }
    out[*o..*o + len].copy_from_slice(&buf[..len]);
    *o += len;
    true
}

/// Encodes code points, stopping before one the codec cannot encode: the
/// offset form's kernel, and the code points it leaves that the codec
/// encodes (above U+10FFFF, and with [`C1::PrivateUse`] the C1 controls and
/// U+10FFA0..U+10FFFF) one at a time between its runs.
pub(crate) fn encode_prefix(input: &[CodePoint], c1: C1, out: &mut Vec<u8>) -> usize {
    let points = CodePoint::as_u32_slice(input);
    let mut read = 0;
    loop {
        read += utfx_kernels::code_points_to_offset_utf8(&points[read..], out, form(c1));
        let Some(&v) = points.get(read) else { return read };
        match c1.encoded(v).and_then(encode::bytes) {
            Ok((bytes, len)) => out.extend_from_slice(&bytes[..len]),
            Err(_) => return read,
        }
        read += 1;
    }
}

/// Encodes a window of code points (all of `points`) into `out[*o..]`: the
/// offset form's kernel, and what it leaves that the codec encodes one at a
/// time. Returns how many it took.
fn encode_window(points: &[u32], c1: C1, out: &mut [u8], o: &mut usize) -> usize {
    let mut taken = 0;
    loop {
        let (read, written) =
            utfx_kernels::code_points_to_offset_utf8_slice(&points[taken..], &mut out[*o..], form(c1));
        taken += read;
        *o += written;
        match points.get(taken) {
            Some(&v) if put(v, c1, out, o) => taken += 1,
            _ => return taken,
        }
    }
}

/// Encodes well-formed UTF-16, stopping before a lone surrogate, a lead
/// surrogate at the end, a code point the codec cannot encode, or a full
/// output: windows of code points (a surrogate pair joined) through
/// [`encode_window`].
pub(crate) fn encode_from_utf16(input: &[u16], c1: C1, out: &mut [u8]) -> (usize, usize) {
    let mut points = [0u32; PIVOT];
    let (mut i, mut o) = (0, 0);
    loop {
        // The window: code points up to a lone surrogate or a lead at the end.
        let (_, n) = utfx_kernels::utf16_prefix_to_code_points(&input[i..], &mut points);
        let taken = encode_window(&points[..n], c1, out, &mut o);
        i += taken + points[..taken].iter().filter(|&&v| v >= 0x1_0000).count();
        if taken < n || n < PIVOT {
            return (i, o);
        }
    }
}

/// Encodes a string, stopping before a character the codec cannot encode
/// or a full output: runs of ASCII copied, and windows of code points
/// through [`encode_window`].
pub(crate) fn encode_from_str(input: &str, c1: C1, out: &mut [u8]) -> (usize, usize) {
    let bytes = input.as_bytes();
    let mut points = [0u32; PIVOT];
    let (mut i, mut o) = (0, 0);
    while i < bytes.len() {
        let n = ascii_prefix(&bytes[i..bytes.len().min(i + 4 * PIVOT)]).min(out.len() - o);
        if n > 0 {
            out[o..o + n].copy_from_slice(&bytes[i..i + n]);
            (i, o) = (i + n, o + n);
            if i == bytes.len() || o == out.len() {
                break;
            }
        }
        let mut n = 0;
        for (slot, c) in points.iter_mut().zip(input[i..].chars()) {
            *slot = u32::from(c);
            n += 1;
        }
        let taken = encode_window(&points[..n], c1, out, &mut o);
        i += points[..taken].iter().map(|&v| char::from_u32(v).map_or(0, char::len_utf8)).sum::<usize>();
        if taken < n {
            break;
        }
    }
    (i, o)
}
