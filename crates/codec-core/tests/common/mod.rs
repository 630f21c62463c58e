//! Tiny reference codecs, defined here and nowhere else, to test the core's
//! provided methods without any real codec crate.
//!
//! * `Mini`: UTF-8 cut down to one- and two-byte sequences (`U+0000..=U+07FF`),
//!   enough to have maximal subparts, truncation and streaming state.
//! * `Ucs2`: two bytes big-endian per code point, every `u16` (surrogates
//!   too); its encoder rejects a lead+trail surrogate code point pair at the
//!   lead (it would read back as one supplementary code point), which needs
//!   look-ahead.
//! * `Leb`: unsigned LEB128 over `BigCodePoint`: unbounded code points and
//!   unbounded sequence lengths.

#![allow(dead_code)]

use codec_core::{
    BigCodePoint, CodePoint, Codec, CodecInfo, Decode, Domain, Encode, EncodeStep, ErrorKind, Step, Surrogates,
};

#[derive(Clone, Copy, Debug)]
pub struct Mini;

impl Decode for Mini {
    type Point = CodePoint;

    // 00..7F: one byte. C2..DF 80..BF: two bytes. C0, C1, E0..FF: invalid
    // lead. 80..BF first: unexpected continuation.
    fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
        match input[0] {
            b @ 0x00..=0x7F => Step::Point { point: CodePoint::from(b), len: 1 },
            0x80..=0xBF => Step::Invalid { kind: ErrorKind::UnexpectedContinuation, len: 1 },
            lead @ 0xC2..=0xDF => match input.get(1) {
                None => Step::Incomplete,
                Some(&t @ 0x80..=0xBF) => {
                    Step::Point { point: CodePoint::new((u32::from(lead & 0x1F) << 6) | u32::from(t & 0x3F)), len: 2 }
                }
                Some(_) => Step::Invalid { kind: ErrorKind::MissingContinuation, len: 1 },
            },
            _ => Step::Invalid { kind: ErrorKind::InvalidLead, len: 1 },
        }
    }
}

impl Encode for Mini {
    type Point = CodePoint;

    fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
        let v = input[0].to_u32();
        match v {
            0..=0x7F => out.push(v as u8),
            0x80..=0x7FF => out.extend_from_slice(&[0xC0 | (v >> 6) as u8, 0x80 | (v & 0x3F) as u8]),
            _ => return EncodeStep::Invalid(ErrorKind::OutOfRange),
        }
        EncodeStep::Done(1)
    }
}

pub static MINI_INFO: CodecInfo = CodecInfo {
    name: "mini",
    aliases: &["mini-utf-8", "test-mini"],
    domain: Domain { summary: "U+0000..U+07FF", max: Some(0x7FF), surrogates: Surrogates::None, excluded: &[] },
    max_bytes_per_code_point: Some(2),
    description: "UTF-8 cut down to two bytes (test codec)",
    version: "0",
};

impl Codec for Mini {
    fn info(&self) -> &'static CodecInfo {
        &MINI_INFO
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Ucs2;

impl Decode for Ucs2 {
    type Point = CodePoint;

    // Two bytes per code point, but a lead surrogate followed by a trail
    // surrogate is ill-formed at the lead (its domain has no such pair, as
    // in WTF-8), which needs look-ahead: a lead surrogate waits for the next
    // unit unless the input ends.
    fn decode_step(&self, input: &[u8], last: bool) -> Step<CodePoint> {
        let unit = |k: usize| input.get(k..k + 2).map(|u| CodePoint::new(u32::from(u[0]) << 8 | u32::from(u[1])));
        let Some(point) = unit(0) else { return Step::Incomplete };
        if point.is_lead_surrogate() {
            match unit(2) {
                Some(next) if next.is_trail_surrogate() => {
                    return Step::Invalid { kind: ErrorKind::SurrogatePair, len: 2 };
                }
                None if !last => return Step::Incomplete,
                _ => {}
            }
        }
        Step::Point { point, len: 2 }
    }
}

impl Encode for Ucs2 {
    type Point = CodePoint;

    fn encode_step(&self, input: &[CodePoint], last: bool, out: &mut Vec<u8>) -> EncodeStep {
        let cp = input[0];
        if cp.to_u32() > 0xFFFF {
            return EncodeStep::Invalid(ErrorKind::OutOfRange);
        }
        if cp.is_lead_surrogate() {
            match input.get(1) {
                None if !last => return EncodeStep::Incomplete,
                Some(next) if next.is_trail_surrogate() => return EncodeStep::Invalid(ErrorKind::SurrogatePair),
                _ => {}
            }
        }
        out.extend_from_slice(&(cp.to_u32() as u16).to_be_bytes());
        EncodeStep::Done(1)
    }
}

pub static UCS2_INFO: CodecInfo = CodecInfo {
    name: "ucs-2-test",
    aliases: &[],
    domain: Domain { summary: "U+0000..U+FFFF", max: Some(0xFFFF), surrogates: Surrogates::Unpaired, excluded: &[] },
    max_bytes_per_code_point: Some(2),
    description: "UCS-2 big-endian (test codec)",
    version: "0",
};

impl Codec for Ucs2 {
    fn info(&self) -> &'static CodecInfo {
        &UCS2_INFO
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Leb;

impl Decode for Leb {
    type Point = BigCodePoint;

    // Seven bits a byte, least significant group first; the high bit says
    // another byte follows. A last byte of 00 after the first is overlong.
    fn decode_step(&self, input: &[u8], _last: bool) -> Step<BigCodePoint> {
        let Some(end) = input.iter().position(|b| b & 0x80 == 0) else { return Step::Incomplete };
        if end > 0 && input[end] == 0 {
            return Step::Invalid { kind: ErrorKind::Overlong, len: end + 1 };
        }
        let mut value = codec_core::num_bigint::BigUint::default();
        for &b in input[..=end].iter().rev() {
            value = (value << 7u32) | codec_core::num_bigint::BigUint::from(b & 0x7F);
        }
        Step::Point { point: BigCodePoint::from(value), len: end + 1 }
    }
}

impl Encode for Leb {
    type Point = BigCodePoint;

    fn encode_step(&self, input: &[BigCodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
        let mut value = input[0].to_biguint();
        loop {
            let low = (&value & codec_core::num_bigint::BigUint::from(0x7Fu8)).to_u32_digits().first().copied();
            let low = low.unwrap_or(0) as u8;
            value >>= 7u32;
            if value == codec_core::num_bigint::BigUint::default() {
                out.push(low);
                return EncodeStep::Done(1);
            }
            out.push(low | 0x80);
        }
    }
}

pub static LEB_INFO: CodecInfo = CodecInfo {
    name: "leb128-test",
    aliases: &[],
    domain: Domain { summary: "unbounded", max: None, surrogates: Surrogates::All, excluded: &[] },
    max_bytes_per_code_point: None,
    description: "unsigned LEB128 (test codec)",
    version: "0",
};

impl Codec for Leb {
    fn info(&self) -> &'static CodecInfo {
        &LEB_INFO
    }
}

pub use codec_test::cps;
