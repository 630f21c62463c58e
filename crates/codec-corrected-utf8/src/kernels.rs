//! Bulk kernels: ASCII runs eight bytes at a time
//! ([`utfx_kernels::ascii_prefix`]) and the multi-byte sequences
//! decoded with the offsets, straight into the caller's buffer. Each stops
//! before anything the step must decide: a reserved `FE`/`FF` sequence, an
//! ill-formed or cut sequence, a value beyond U+10FFFF (not a Unicode
//! scalar value), and on the encoding side a code point the codec cannot
//! encode. No decoded value is ever a C1 control or a surrogate (the offsets
//! skip them), so every value up to U+10FFFF is a scalar value.

use alloc::vec::Vec;

use codec_core::CodePoint;
use utfx_kernels::{Utf8Offsets, Utf8Tables, ascii_prefix, valid_prefix};

use crate::C1;
use crate::decode::{is_continuation, offset_value, sequence_len};
use crate::encode;

/// The most bytes one ASCII scan looks at, so that a kernel's work stays
/// proportional to what it consumes when the output is small.
const WINDOW: usize = 4096;

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

/// Where the kernels' decoding loop writes.
trait Out {
    /// Takes a run of ASCII bytes, as much as fits; returns how much.
    fn ascii(&mut self, run: &[u8]) -> usize;
    /// Takes one scalar value of a multi-byte sequence; false: no room.
    fn one(&mut self, v: u32) -> bool;
}

/// The one decoding loop of the kernels: ASCII runs and multi-byte
/// sequences to `out`. Returns the bytes consumed.
#[inline]
fn run(input: &[u8], c1: C1, out: &mut impl Out) -> usize {
    let mut i = 0;
    while i < input.len() {
        let n = ascii_prefix(&input[i..input.len().min(i + WINDOW)]);
        if n > 0 {
            let took = out.ascii(&input[i..i + n]);
            i += took;
            if took < n {
                break;
            }
            continue;
        }
        match scalar(&input[i..], c1) {
            Some((v, len)) if out.one(v) => i += len,
            _ => break,
        }
    }
    i
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

impl Out for Vec<CodePoint> {
    fn ascii(&mut self, run: &[u8]) -> usize {
        self.extend(run.iter().map(|&b| CodePoint::from(b)));
        run.len()
    }

    fn one(&mut self, v: u32) -> bool {
        self.push(CodePoint::new(v));
        true
    }
}

/// Decodes into code points, scalar values only.
pub(crate) fn decode_prefix(input: &[u8], c1: C1, out: &mut Vec<CodePoint>) -> usize {
    run(&input[..input.len().min(WINDOW)], c1, out)
}

/// A caller's buffer and how much of it is written.
struct Buffer<'a, T> {
    out: &'a mut [T],
    written: usize,
}

impl Out for Buffer<'_, u16> {
    fn ascii(&mut self, run: &[u8]) -> usize {
        let n = run.len().min(self.out.len() - self.written);
        for (d, &b) in self.out[self.written..self.written + n].iter_mut().zip(run) {
            *d = u16::from(b);
        }
        self.written += n;
        n
    }

    fn one(&mut self, v: u32) -> bool {
        let o = self.written;
        if v < 0x1_0000 {
            if o == self.out.len() {
                return false;
            }
            self.out[o] = v as u16;
            self.written += 1;
        } else {
            let Some((lead, trail)) = CodePoint::new(v).to_surrogates() else { return false };
            if o + 2 > self.out.len() {
                return false;
            }
            self.out[o] = lead.to_u32() as u16;
            self.out[o + 1] = trail.to_u32() as u16;
            self.written += 2;
        }
        true
    }
}

impl Out for Buffer<'_, u8> {
    fn ascii(&mut self, run: &[u8]) -> usize {
        let n = run.len().min(self.out.len() - self.written);
        self.out[self.written..self.written + n].copy_from_slice(&run[..n]);
        self.written += n;
        n
    }

    fn one(&mut self, v: u32) -> bool {
        // A scalar value by construction (no surrogate is ever decoded).
        let Some(c) = char::from_u32(v) else { return false };
        if self.written + c.len_utf8() > self.out.len() {
            return false;
        }
        self.written += c.encode_utf8(&mut self.out[self.written..]).len();
        true
    }
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
        let mut buffer = Buffer { out: &mut out[o..], written: 0 };
        match scalar(&input[i..], c1) {
            Some((v, len)) if buffer.one(v) => (i, o) = (i + len, o + buffer.written),
            _ => return (i, o),
        }
    }
}

/// Decodes into UTF-8, as much as fits.
pub(crate) fn decode_to_utf8(input: &[u8], c1: C1, out: &mut [u8]) -> (usize, usize) {
    let mut buffer = Buffer { out, written: 0 };
    let read = run(input, c1, &mut buffer);
    (read, buffer.written)
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

/// Encodes well-formed UTF-16, stopping before a lone surrogate, a lead
/// surrogate at the end, a code point the codec cannot encode, or a full
/// output.
pub(crate) fn encode_from_utf16(input: &[u16], c1: C1, out: &mut [u8]) -> (usize, usize) {
    let (mut i, mut o) = (0, 0);
    while i < input.len() {
        let u = input[i];
        if u < 0x80 {
            if o == out.len() {
                break;
            }
            out[o] = u as u8;
            (i, o) = (i + 1, o + 1);
            continue;
        }
        let (v, n) = match u {
            0xD800..=0xDBFF => {
                let unit = |u: u16| CodePoint::new(u32::from(u));
                match input.get(i + 1).and_then(|&t| CodePoint::from_surrogates(unit(u), unit(t))) {
                    Some(pair) => (pair.to_u32(), 2),
                    None => break,
                }
            }
            0xDC00..=0xDFFF => break,
            _ => (u32::from(u), 1),
        };
        if !put(v, c1, out, &mut o) {
            break;
        }
        i += n;
    }
    (i, o)
}

/// Encodes a string, stopping before a character the codec cannot encode
/// or a full output.
pub(crate) fn encode_from_str(input: &str, c1: C1, out: &mut [u8]) -> (usize, usize) {
    let bytes = input.as_bytes();
    let (mut i, mut o) = (0, 0);
    while i < bytes.len() {
        let n = ascii_prefix(&bytes[i..bytes.len().min(i + WINDOW)]).min(out.len() - o);
        if n > 0 {
            out[o..o + n].copy_from_slice(&bytes[i..i + n]);
            (i, o) = (i + n, o + n);
            continue;
        }
        let Some(c) = input[i..].chars().next() else { break };
        if !put(u32::from(c), c1, out, &mut o) {
            break;
        }
        i += c.len_utf8();
    }
    (i, o)
}
