//! Encoding one code point: the shortest form of section 3 that holds it.

use alloc::vec::Vec;

use codec_core::{BigCodePoint, CodePoint, EncodeStep, ErrorKind};
use codec_utf8::automaton;

use crate::form::{self, FE_MAX, LONG_MIN_NUD, THIRTEEN_BITS};

/// Appends the encoding of `cp`, or says why there is none: a code point
/// of more hex digits than `max_nud` is over the limit.
pub(crate) fn step(cp: &BigCodePoint, max_nud: u64, out: &mut Vec<u8>) -> EncodeStep {
    if let Some(v) = cp.to_u64() {
        match u32::try_from(v) {
            // Section 3.2: RFC 2279's one to six bytes.
            Ok(small) if small <= 0x7FFF_FFFF => automaton::push(CodePoint::new(small), out),
            _ if v <= FE_MAX => seven_byte(v, out),
            _ => thirteen_byte(u128::from(v), out),
        }
        return EncodeStep::Done(1);
    }
    let bits = cp.bits();
    if bits <= THIRTEEN_BITS {
        let value = cp.to_biguint();
        let value = u128::try_from(&value).unwrap_or(u128::MAX);
        thirteen_byte(value, out);
        return EncodeStep::Done(1);
    }
    let nud = bits.div_ceil(4);
    if nud > max_nud {
        return EncodeStep::Invalid(ErrorKind::LengthOverLimit);
    }
    long(cp, nud as usize, out);
    EncodeStep::Done(1)
}

/// Section 3.3: FE, then six trailing bytes of six bits each (36 bits).
fn seven_byte(v: u64, out: &mut Vec<u8>) {
    out.push(0xFE);
    out.extend((0..6).rev().map(|i| 0x80 | ((v >> (6 * i)) & 0x3F) as u8));
}

/// Section 3.4: FF, a second byte `100xxxxx` (bits 70..66), then eleven
/// trailing bytes of six bits each (71 bits).
fn thirteen_byte(v: u128, out: &mut Vec<u8>) {
    out.push(0xFF);
    out.push(0x80 | ((v >> 66) & 0x1F) as u8);
    out.extend((0..11).rev().map(|i| 0x80 | ((v >> (6 * i)) & 0x3F) as u8));
}

/// Section 3.5: FF, the length storage, the USV storage.
fn long(cp: &BigCodePoint, nud: usize, out: &mut Vec<u8>) {
    let nme = (nud - LONG_MIN_NUD) as u64;
    let digits = form::hex_digits(nme);
    out.push(0xFF);
    // 3.5.4 and 3.5.5: one B4 per Ax byte after the first, then NME in hex,
    // one digit per Ax byte, most significant first.
    out.extend((1..digits).map(|_| 0xB4));
    out.extend((0..digits).rev().map(|i| 0xA0 | ((nme >> (4 * i)) & 0x0F) as u8));
    // 3.5.6 and 3.5.7: six bits per storage byte, most significant first,
    // padded on the left with zeros.
    let groups = cp.to_biguint().to_radix_be(64);
    let storage = form::storage_len(nud);
    out.extend(core::iter::repeat_n(0x80, storage.saturating_sub(groups.len())));
    out.extend(groups.iter().map(|g| 0x80 | g));
}
