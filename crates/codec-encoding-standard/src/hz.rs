//! hz-gb-2312 as the 2014 draft of the Encoding Standard defines it
//! (§10.2), which today's Standard dropped (its label now names
//! `replacement`): ASCII, and GB2312 pairs of bytes `21..7E` between `~{`
//! and `~}`. The pairs go through index gb18030, which encoding_rs has: a
//! pair is the gb18030 pair with the high bits set. Unsafe for the Web: the
//! reason the Standard dropped it is that its ASCII bytes can hide markup
//! from a filter that reads another encoding.

use alloc::vec::Vec;

use codec_core::{CodePoint, CodecInfo, Domain, EncodeStep, ErrorKind, Step, Surrogates};
use encoding_rs::{DecoderResult, EncoderResult, GB18030};

/// The draft's "hz-gb-2312 flag" (GB2312 mode), bit 0 of the core's state.
const FLAG: u32 = 1;

/// The encoder's bits 8..16: the draft's "hz-gb-2312 lead", for a byte
/// written before the ones it writes next (escape mode's raw bytes), so
/// that it follows the bytes as the decoder reads them.
const LEAD_SHIFT: u32 = 8;

/// Decodes one sequence from the front of `input` in `state` (the flag),
/// updating it. The draft's decoder (§10.2), a byte at a time; here a step
/// takes `~` and a lead with the byte after them:
///
/// 5. "If hz-gb-2312 lead is 0x7E, set it to 0x00, and based on byte:
///    0x7B: set the flag and continue. 0x7D: unset the flag and continue.
///    0x7E: emit U+007E. 0x0A: continue. Otherwise: decrease the byte
///    pointer by one and run error."
/// 6. "If hz-gb-2312 lead is not 0x00, let lead be it, set it to 0x00,
///    and: 1. If byte is in the range 0x21 to 0x7E, let code point be the
///    index code point for (lead − 1) × 190 + (byte + 0x3F) in index
///    gb18030. 2. If byte is 0x0A, unset the flag. 3. If code point is
///    null, run error. 4. Emit code point."
/// 7. "If byte is 0x7E, set hz-gb-2312 lead to 0x7E and continue."
/// 8. "If the flag is set: 1. If byte is in the range 0x20 to 0x7F, set
///    hz-gb-2312 lead to byte and continue. 2. If byte is 0x0A, unset the
///    flag. 3. Run error."
/// 9. "If byte is in the range 0x00 to 0x7F, emit a code point whose value
///    is byte."
/// 10. "Run error."
///
/// And 2, 3: "If byte is the EOF byte and hz-gb-2312 lead is 0x00, emit the
/// EOF code point; if it is not 0x00, set it to 0x00 and run error": a `~`
/// or a lead cut by the end is one error (the core's truncation).
///
/// `~` then `{`, `}` or a newline is a [`Step::Shift`] of two bytes (the
/// newline a line continuation, changing nothing); `~` before anything
/// else an error of one byte, which is read again; a lead and the byte
/// after it (a `~` or a newline too) one pair or one error of two bytes.
pub(crate) fn decode_step(state: &mut u32, input: &[u8]) -> Step<CodePoint> {
    let flag = *state & FLAG;
    let missing = |len| Step::Invalid { kind: ErrorKind::MissingContinuation, len };
    match (input[0], input.get(1).copied()) {
        (0x7E, None) => Step::Incomplete,
        (0x7E, Some(0x7B)) => {
            *state = FLAG;
            Step::Shift { len: 2 }
        }
        (0x7E, Some(0x7D)) => {
            *state = 0;
            Step::Shift { len: 2 }
        }
        (0x7E, Some(0x7E)) => Step::Point { point: CodePoint::new(0x7E), len: 2 },
        (0x7E, Some(0x0A)) => Step::Shift { len: 2 },
        (0x7E, Some(_)) => missing(1),
        (0x20..=0x7F, None) if flag == FLAG => Step::Incomplete,
        (lead @ 0x20..=0x7F, Some(byte)) if flag == FLAG => {
            if byte == 0x0A {
                *state = 0;
            }
            match (0x21..=0x7E).contains(&byte) {
                true => match gb18030_decode(lead, byte) {
                    Some(point) => Step::Point { point, len: 2 },
                    None => Step::Invalid { kind: ErrorKind::Unrepresentable, len: 2 },
                },
                false => missing(2),
            }
        }
        (0x0A, _) if flag == FLAG => {
            *state = 0;
            Step::Invalid { kind: ErrorKind::InvalidLead, len: 1 }
        }
        (byte @ 0x00..=0x7F, _) if flag == 0 => Step::Point { point: CodePoint::from(byte), len: 1 },
        _ => Step::Invalid { kind: ErrorKind::InvalidLead, len: 1 },
    }
}

/// The index gb18030 code point for pointer (lead − 1) × 190 + (trail +
/// 0x3F): gb18030's two bytes `lead + 0x80`, `trail + 0x80` (a lead of
/// `7F` is `FF`, no lead: its pointers are past the index), through a
/// fresh encoding_rs gb18030 decoder.
fn gb18030_decode(lead: u8, trail: u8) -> Option<CodePoint> {
    let mut decoder = GB18030.new_decoder_without_bom_handling();
    let mut out = [0u16; 4];
    match decoder.decode_to_utf16_without_replacement(&[lead | 0x80, trail | 0x80], &mut out, true) {
        (DecoderResult::InputEmpty, 2, 1) => Some(CodePoint::new(u32::from(out[0]))),
        _ => None,
    }
}

/// The index gb18030 pointer of `c` (the two bytes encoding_rs's gb18030
/// encoder writes for it; its four-byte sequences are no pointer).
fn gb18030_pointer(c: char) -> Option<u32> {
    let mut text = [0u8; 4];
    let mut out = [0u8; 8];
    let mut encoder = GB18030.new_encoder();
    match encoder.encode_from_utf8_without_replacement(c.encode_utf8(&mut text), &mut out, true) {
        (EncoderResult::InputEmpty, _, 2) => {
            let (lead, trail) = (u32::from(out[0]), u32::from(out[1]));
            let offset = if trail < 0x7F { 0x40 } else { 0x41 };
            Some((lead - 0x81) * 190 + trail - offset)
        }
        _ => None,
    }
}

/// Encodes the first code point of `input` in `state` (the flag, and the
/// lead [`follow`] keeps), appending its bytes and updating `state`. The
/// draft's encoder (§10.2):
///
/// 4. "If code point is in the range U+0000 to U+007F and the flag is set,
///    decrease code point pointer by one, unset the flag, and emit two bytes
///    0x7E 0x7D."
/// 5. "If code point is 0x007E, emit two bytes 0x7E 0x7E."
/// 6. "If code point is in the range U+0000 to U+007F, emit a byte whose
///    value is code point."
/// 7. "Let pointer be the index pointer for code point in index gb18030."
/// 8. "If pointer is null, run error for code point."
/// 9. "If the flag is unset, decrease code point pointer by one, set the
///    flag, and emit two bytes 0x7E 0x7B."
/// 10. "Let lead be pointer / 190 + 1." 11. "Let trail be pointer % 190 −
///     0x3F." 12. "If either lead or trail is less than 0x21, run error for
///     code point." 13. "Emit two bytes whose values are lead and trail."
///
/// 1, 2: "If code point is the EOF code point, emit the EOF byte": the
/// draft's encoder writes no `~}` at the end, and neither does this. An
/// error writes nothing: for a character of index gb18030 beyond GB2312
/// (step 12) the draft writes `~{` first, then its error mode's ASCII
/// substitute after `~}`, an empty run that utfx leaves out (the same
/// text, two pairs of bytes fewer; decision 0030). Row `FE` of index
/// gb18030 gets lead `7E`, which the draft's
/// own decoder reads as `~` (its characters are private use): written as
/// the draft says.
pub(crate) fn encode_step(state: &mut u32, input: &[CodePoint], out: &mut Vec<u8>) -> EncodeStep {
    let point = input[0];
    let Some(c) = point.to_char() else {
        return EncodeStep::Invalid(if point.is_surrogate() { ErrorKind::Surrogate } else { ErrorKind::OutOfRange });
    };
    let start = out.len();
    let gb = *state & FLAG == FLAG;
    match c {
        '\u{00}'..='\u{7F}' => {
            if gb {
                out.extend_from_slice(b"~}");
            }
            if c == '~' {
                out.extend_from_slice(b"~~");
            } else {
                out.push(c as u8);
            }
        }
        _ => {
            let Some(pointer) = gb18030_pointer(c) else { return EncodeStep::Invalid(ErrorKind::Unrepresentable) };
            let (lead, trail) = (pointer / 190 + 1, (pointer % 190).wrapping_sub(0x3F));
            if lead < 0x21 || !(0x21..0x80).contains(&trail) {
                return EncodeStep::Invalid(ErrorKind::Unrepresentable);
            }
            if !gb {
                out.extend_from_slice(b"~{");
            }
            out.extend_from_slice(&[lead as u8, trail as u8]);
        }
    }
    for &byte in &out[start..] {
        follow(state, byte);
    }
    EncodeStep::Done(1)
}

/// Updates the encoder's `state` for `byte` as the draft's decoder changes
/// its flag and lead on reading it (steps 5 to 10, their output aside), so
/// that escape mode's raw bytes and the encoder's own keep the encoder
/// where the decoder will be.
pub(crate) fn follow(state: &mut u32, byte: u8) {
    let mut flag = *state & FLAG;
    let lead = (*state >> LEAD_SHIFT) & 0xFF;
    let mut next_lead = 0;
    match lead {
        0x7E => match byte {
            0x7B => flag = FLAG,
            0x7D => flag = 0,
            0x7E | 0x0A => {}
            // Read again, without the `~`.
            _ => {
                *state = flag;
                return follow(state, byte);
            }
        },
        0 => match byte {
            0x7E => next_lead = 0x7E,
            0x20..=0x7F if flag == FLAG => next_lead = u32::from(byte),
            0x0A if flag == FLAG => flag = 0,
            _ => {}
        },
        _ if byte == 0x0A => flag = 0,
        _ => {}
    }
    *state = flag | (next_lead << LEAD_SHIFT);
}

/// Whether `form`, read as one code point with the flag `state`, is what
/// the encoder writes for it with that flag, nothing before: not so for
/// `~~` in GB2312 mode (the encoder leaves it with `~}` first), nor for a
/// pair whose code point has an earlier pointer.
pub(crate) fn is_canonical(state: u32, form: &[u8]) -> bool {
    let Step::Point { point, .. } = decode_step(&mut { state }, form) else { return false };
    let mut bytes = Vec::new();
    matches!(encode_step(&mut { state & FLAG }, &[point], &mut bytes), EncodeStep::Done(_)) && bytes == form
}

/// hz-gb-2312 as the Encoding Standard's 2014 draft defined it (§10.2):
/// ASCII, and GB2312 between `~{` and `~}` (each character two bytes
/// `21..7E`, index gb18030's pointer), `~~` for `~`, `~` and a newline for
/// nothing (a line continuation).
///
/// **Unsafe for the Web, and not what the label means today**: today's
/// Standard maps the label `hz-gb-2312` to `replacement` (one U+FFFD for
/// any input), because bytes that are ASCII in one reading and hide inside
/// a GB2312 run in another let content through filters. This codec is
/// found by its own name only, `hz-gb-2312-2014`, for reading old HZ text
/// (RFC 1843's format, as the draft decodes it).
///
/// # Examples
///
/// ```
/// use codec_encoding_standard::{Decode, Encode, HZ_GB_2312_2014};
/// // RFC 1843's example (己所不欲 in GB2312 A-rows, with the high bits cleared).
/// let text = HZ_GB_2312_2014.decode_to_string(b"Hi ~{<:Ky2;S{~} ~~").unwrap();
/// assert_eq!(text, "Hi \u{5DF1}\u{6240}\u{4E0D}\u{6B32} ~");
/// // The draft's encoder leaves a GB2312 run open at the end.
/// assert_eq!(HZ_GB_2312_2014.encode_str("a\u{5DF1}").unwrap(), b"a~{<:");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HzGb2312Draft;

/// The 2014 draft's hz-gb-2312 ([`HzGb2312Draft`]), by the name
/// `hz-gb-2312-2014`: the label `hz-gb-2312` is today's `replacement`.
///
/// # Examples
///
/// ```
/// use codec_encoding_standard::{Codec, HZ_GB_2312_2014};
/// assert!(!HZ_GB_2312_2014.info().matches("hz-gb-2312"));
/// ```
pub static HZ_GB_2312_2014: HzGb2312Draft = HzGb2312Draft;

static INFO: CodecInfo = CodecInfo {
    name: "hz-gb-2312-2014",
    aliases: &[],
    domain: Domain {
        summary: "ASCII and the GB2312 code points of index gb18030",
        max: Some(0x7F),
        surrogates: Surrogates::None,
        excluded: &[],
    },
    // `~{` and a pair.
    max_bytes_per_code_point: Some(4),
    description: "the 2014 draft's hz-gb-2312 (§10.2): ASCII, GB2312 between ~{ and ~}; unsafe for the Web, \
                  today's label hz-gb-2312 is replacement",
    version: env!("CARGO_PKG_VERSION"),
};

impl codec_core::Decode for HzGb2312Draft {
    type Point = CodePoint;

    fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
        decode_step(&mut 0, input)
    }

    fn decode_step_in(&self, state: &mut u32, input: &[u8], _last: bool) -> Step<CodePoint> {
        decode_step(state, input)
    }

    fn is_canonical(&self, form: &[u8]) -> bool {
        is_canonical(0, form)
    }

    fn is_canonical_in(&self, state: u32, form: &[u8]) -> bool {
        is_canonical(state & FLAG, form)
    }
}

impl codec_core::Encode for HzGb2312Draft {
    type Point = CodePoint;

    fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
        encode_step(&mut 0, input, out)
    }

    fn encode_step_in(&self, state: &mut u32, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
        encode_step(state, input, out)
    }

    fn encode_raw_in(&self, state: &mut u32, byte: u8) {
        follow(state, byte);
    }
}

impl codec_core::Codec for HzGb2312Draft {
    fn info(&self) -> &'static CodecInfo {
        &INFO
    }

    /// `~{`, `~}`, `~~`, `~` newline, GB2312 mode's rows of index gb18030
    /// and its edges.
    fn probes(&self) -> Vec<(alloc::string::String, Vec<u8>)> {
        let mapped = |bytes: &[u8]| codec_core::Decode::validate(self, bytes).is_ok();
        crate::structure::hz(&mapped)
    }

    /// The mode the decoder is in at the error, and what it refuses there.
    fn explain(
        &self,
        input: &[u8],
        error: &codec_core::DecodeError,
        out: &mut dyn core::fmt::Write,
    ) -> core::fmt::Result {
        crate::explain::hz(input, error, out)
    }

    /// The index without a pointer in GB2312's rows.
    fn explain_unencodable(&self, point: CodePoint, out: &mut dyn core::fmt::Write) -> core::fmt::Result {
        crate::explain::hz_unencodable(point, out)
    }
}
