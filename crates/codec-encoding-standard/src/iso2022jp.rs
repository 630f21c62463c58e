//! iso-2022-jp, the Encoding Standard's one encoding with state between
//! characters, as today's Standard and encoding_rs 0.8 decode and encode
//! it: the algorithms' steps by hand, each quoted in a comment above the
//! code that implements it, and index jis0208 through encoding_rs (a fresh
//! encoding_rs iso-2022-jp decoder given the escape sequence of the state,
//! then the pair; a fresh encoder given the character).
//!
//! The core carries the state from step to step (`Decode::decode_step_in`,
//! `Encode::encode_step_in`): the decoder's output state, and the encoder's
//! state with what escape mode's raw bytes did to it.

use alloc::vec::Vec;

use codec_core::{CodePoint, EncodeStep, ErrorKind, Step};
use encoding_rs::{DecoderResult, EncoderResult};

/// The decoder's output state and the encoder's state (the Standard's
/// "ASCII", "Roman", "Katakana", "Lead byte"; the encoder's "jis0208" is
/// the decoder's lead byte state, [`JIS0208`]), in the low two bits of the
/// core's state.
pub(crate) const ASCII: u32 = 0;
/// JIS X 0201 Roman: ASCII but `5C` (U+00A5) and `7E` (U+203E).
pub(crate) const ROMAN: u32 = 1;
/// JIS X 0201 katakana: `21..5F` are U+FF61..U+FF9F.
pub(crate) const KATAKANA: u32 = 2;
/// JIS X 0208: two bytes `21..7E` each.
pub(crate) const JIS0208: u32 = 3;
/// The bits of the set in the core's state.
const SET: u32 = 3;
/// The encoder's bit: the set was last chosen by escape mode's raw bytes,
/// not by an escape sequence the encoder wrote, so the end of the stream
/// leaves it as the bytes left it.
const RAW: u32 = 4;
/// The encoder's bits 3 and 4: how much of an escape sequence the bytes
/// written last hold (0: none, 1: `1B`, 2: `1B 24`, 3: `1B 28`), so that
/// it follows the bytes as the decoder reads them.
const PARTIAL: u32 = 3 << 3;

/// The escape sequence that chooses `set`: what the decoder is primed with,
/// and what the encoder writes.
fn escape(set: u32) -> [u8; 3] {
    match set {
        ROMAN => [0x1B, 0x28, 0x4A],
        KATAKANA => [0x1B, 0x28, 0x49],
        JIS0208 => [0x1B, 0x24, 0x42],
        _ => [0x1B, 0x28, 0x42],
    }
}

// Today's Standard, decoder, escape state: "If iso-2022-jp lead is 0x28
// and byte is 0x42, set state to ASCII; if 0x28 and 0x4A, to Roman; if
// 0x28 and 0x49, to Katakana; if 0x24 and byte is 0x40 or 0x42, to lead
// byte." (The 2014 draft also had `1B 24 28 44`, JIS X 0212, which today's
// Standard dropped.)
/// The set an escape sequence `1B second third` chooses, if it is one.
fn escape_target(second: u8, third: u8) -> Option<u32> {
    match (second, third) {
        (0x28, 0x42) => Some(ASCII),
        (0x28, 0x4A) => Some(ROMAN),
        (0x28, 0x49) => Some(KATAKANA),
        (0x24, 0x40 | 0x42) => Some(JIS0208),
        _ => None,
    }
}

/// Decodes one sequence from the front of `input` in `state` (the
/// decoder's output state), updating it.
///
/// The Standard's decoder keeps an escape sequence's bytes and a lead byte
/// in states of its own; here each is one step, and a step reads ahead
/// where the Standard would decide on a later byte:
/// * an escape sequence is a [`Step::Shift`] of three bytes, and a
///   [`Step::Invalid`] of three bytes (`empty_shift`) when another escape
///   sequence follows it at once: the Standard's output flag, which makes
///   the second one an error; encoding_rs blames the first (its
///   `Malformed(3, 3)`), and so does this, so that the offsets agree;
/// * a `1B` that starts no escape sequence is an error of one byte, and
///   the bytes after it are read again ("prepend").
pub(crate) fn decode_step(state: &mut u32, input: &[u8], last: bool) -> Step<CodePoint> {
    let set = *state & SET;
    let byte = input[0];
    if byte == 0x1B {
        return escape_step(state, input, last);
    }
    let point = |v: u32| Step::Point { point: CodePoint::new(v), len: 1 };
    let error = Step::Invalid { kind: ErrorKind::InvalidLead, len: 1 };
    match set {
        // ASCII state. "0x1B: set state to escape start. 0x00 to 0x7F,
        // excluding 0x0E, 0x0F, and 0x1B: unset the output flag, return a
        // code point whose value is byte. Otherwise: unset the output flag,
        // return error."
        ASCII => match byte {
            0x0E | 0x0F | 0x80.. => error,
            _ => point(u32::from(byte)),
        },
        // Roman state. "0x5C: return U+00A5. 0x7E: return U+203E. 0x00 to
        // 0x7F, excluding 0x0E, 0x0F, 0x1B, 0x5C, and 0x7E: return a code
        // point whose value is byte. Otherwise: return error."
        ROMAN => match byte {
            0x5C => point(0xA5),
            0x7E => point(0x203E),
            0x0E | 0x0F | 0x80.. => error,
            _ => point(u32::from(byte)),
        },
        // Katakana state. "0x21 to 0x5F: return a code point whose value is
        // 0xFF61 − 0x21 + byte. Otherwise: return error."
        KATAKANA => match byte {
            0x21..=0x5F => point(0xFF61 - 0x21 + u32::from(byte)),
            _ => error,
        },
        // Lead byte state. "0x21 to 0x7E: set lead to byte, state to trail
        // byte. Otherwise: return error." Trail byte state: "0x1B: set state
        // to escape start, return error" (the lead alone; the 1B read
        // again); "0x21 to 0x7E: let pointer be (lead − 0x21) × 94 + byte −
        // 0x21, code point the index jis0208 code point for pointer; null:
        // return error; else return code point"; "end-of-queue: prepend,
        // return error" (a cut pair); "Otherwise: return error" (lead and
        // byte, both).
        _ => match (byte, input.get(1)) {
            (0x21..=0x7E, None) => Step::Incomplete,
            (0x21..=0x7E, Some(0x1B)) => Step::Invalid { kind: ErrorKind::MissingContinuation, len: 1 },
            (lead @ 0x21..=0x7E, Some(&trail @ 0x21..=0x7E)) => match jis0208_decode(lead, trail) {
                Some(point) => Step::Point { point, len: 2 },
                None => Step::Invalid { kind: ErrorKind::Unrepresentable, len: 2 },
            },
            (0x21..=0x7E, Some(_)) => Step::Invalid { kind: ErrorKind::MissingContinuation, len: 2 },
            _ => error,
        },
    }
}

/// An escape sequence, or the `1B` of one that is not, at the front of
/// `input`.
///
/// Escape start state: "If byte is either 0x24 or 0x28, set lead to byte,
/// state to escape. Otherwise prepend byte, unset the output flag, set
/// state to output state, return error." Escape state: "If state is
/// non-null (an escape sequence above), set state and output state to it;
/// let output be the output flag; set the output flag; return continue if
/// output is unset, else error. Otherwise prepend lead and byte, unset the
/// output flag, set state to output state, return error."
fn escape_step(state: &mut u32, input: &[u8], last: bool) -> Step<CodePoint> {
    let cut = |len: usize| match (len, last) {
        // Cut by the end of the stream: the 1B alone is the error.
        (1, _) => Step::Incomplete,
        (_, true) => Step::Invalid { kind: ErrorKind::Truncated, len: 1 },
        (_, false) => Step::Incomplete,
    };
    let target = match input {
        [_] => return cut(1),
        [_, 0x24 | 0x28] => return cut(2),
        [_, second, third, ..] => match escape_target(*second, *third) {
            Some(target) => target,
            None => return Step::Invalid { kind: ErrorKind::MissingContinuation, len: 1 },
        },
        _ => return Step::Invalid { kind: ErrorKind::MissingContinuation, len: 1 },
    };
    // The output flag, read ahead: is another escape sequence next?
    let next = match &input[3..] {
        [] | [0x1B] | [0x1B, 0x24 | 0x28] if !last => return Step::Incomplete,
        [0x1B, second, third, ..] => escape_target(*second, *third).is_some(),
        _ => false,
    };
    *state = target;
    match next {
        true => Step::Invalid { kind: ErrorKind::EmptyShift, len: 3 },
        false => Step::Shift { len: 3 },
    }
}

/// The index jis0208 code point of the pair `lead trail` (both
/// `21..=7E`), through a fresh encoding_rs decoder in the lead byte state.
fn jis0208_decode(lead: u8, trail: u8) -> Option<CodePoint> {
    let [a, b, c] = escape(JIS0208);
    let mut decoder = encoding_rs::ISO_2022_JP.new_decoder_without_bom_handling();
    let mut out = [0u16; 4];
    match decoder.decode_to_utf16_without_replacement(&[a, b, c, lead, trail], &mut out, false) {
        (DecoderResult::InputEmpty, 5, 1) => Some(CodePoint::new(u32::from(out[0]))),
        _ => None,
    }
}

/// The bytes of `c` in index jis0208 as the iso-2022-jp encoder writes
/// them (U+2212 as U+FF0D's, half-width katakana as the full-width
/// characters of index ISO-2022-JP katakana), through a fresh encoding_rs
/// encoder, which writes the escape sequence to the set and the pair.
fn jis0208_encode(c: char) -> Option<[u8; 2]> {
    let mut text = [0u8; 4];
    let mut out = [0u8; 16];
    let mut encoder = encoding_rs::ISO_2022_JP.new_encoder();
    match encoder.encode_from_utf8_without_replacement(c.encode_utf8(&mut text), &mut out, false) {
        (EncoderResult::InputEmpty, _, 5) if out[..3] == escape(JIS0208) => Some([out[3], out[4]]),
        _ => None,
    }
}

/// Encodes the first code point of `input` in `state` (the encoder's set,
/// [`RAW`] and [`PARTIAL`]), appending its bytes (an escape sequence first
/// when its set is another) and updating `state`.
///
/// Today's Standard, encoder (1 and 2 are the end of the stream:
/// [`encode_finish`]):
/// 3. "If state is ASCII or Roman, and code point is U+000E, U+000F, or
///    U+001B, return error with U+FFFD."
/// 4. "If state is ASCII and code point is an ASCII code point, return a
///    byte whose value is code point."
/// 5. "If state is Roman and code point is an ASCII code point, excluding
///    U+005C and U+007E, or is U+00A5 or U+203E": the ASCII byte, `5C` for
///    U+00A5, `7E` for U+203E.
/// 6. "If code point is an ASCII code point, and state is not ASCII,
///    restore code point, set state to ASCII, return 1B 28 42."
/// 7. "If code point is either U+00A5 or U+203E, and state is not Roman,
///    restore code point, set state to Roman, return 1B 28 4A."
/// 8. "If code point is U+2212, set it to U+FF0D."
/// 9. "If code point is in the range U+FF61 to U+FF9F, set it to the index
///    code point for code point − 0xFF61 in index ISO-2022-JP katakana."
/// 10. "Let pointer be the index pointer for code point in index jis0208."
/// 11. "If pointer is null: if state is jis0208, restore code point, set
///     state to ASCII, return 1B 28 42. Return error with code point."
/// 12. "If state is not jis0208, restore code point, set state to jis0208,
///     return 1B 24 42."
/// 13. "Let lead be pointer / 94 + 0x21, trail pointer % 94 + 0x21; return
///     two bytes lead trail."
///
/// An error (steps 3 and 11) is `unrepresentable` and writes nothing, in
/// every state: where the Standard goes back to ASCII first (step 6 for
/// U+000E, U+000F, U+001B; step 11 in jis0208), the core's substitute
/// (`?`, or `&#N;`, ASCII) does it, with the same bytes. A U+DC00..U+DCFF
/// or a value beyond U+10FFFF is no scalar value: `surrogate`,
/// `out_of_range`. What differs: the Standard's `html` mode writes
/// `&#65533;` for U+000E, U+000F and U+001B (step 3's U+FFFD), utfx
/// `&#14;`, `&#15;`, `&#27;` (decision 0030).
pub(crate) fn encode_step(state: &mut u32, input: &[CodePoint], out: &mut Vec<u8>) -> EncodeStep {
    let point = input[0];
    let Some(c) = point.to_char() else {
        return EncodeStep::Invalid(if point.is_surrogate() { ErrorKind::Surrogate } else { ErrorKind::OutOfRange });
    };
    let set = *state & SET;
    let (wanted, bytes): (u32, [u8; 2]) = match c {
        '\u{0E}' | '\u{0F}' | '\u{1B}' => return EncodeStep::Invalid(ErrorKind::Unrepresentable),
        '\u{00}'..='\u{7F}' if set == ROMAN && c != '\\' && c != '~' => (ROMAN, [c as u8, 0]),
        '\u{00}'..='\u{7F}' => (ASCII, [c as u8, 0]),
        '\u{A5}' => (ROMAN, [0x5C, 0]),
        '\u{203E}' => (ROMAN, [0x7E, 0]),
        _ => match jis0208_encode(c) {
            Some(pair) => (JIS0208, pair),
            None => return EncodeStep::Invalid(ErrorKind::Unrepresentable),
        },
    };
    let start = out.len();
    if wanted != set {
        out.extend_from_slice(&escape(wanted));
    }
    out.extend_from_slice(&bytes[..if wanted == JIS0208 { 2 } else { 1 }]);
    for &byte in &out[start..] {
        follow(state, byte, false);
    }
    EncodeStep::Done(1)
}

/// Updates the encoder's `state` for `byte`, written by it (`raw` false)
/// or by escape mode as itself (`raw` true), as the decoder reads it:
/// every `1B` starts an escape sequence in every state of the decoder
/// (read again after an error where need be), so a complete escape
/// sequence among the bytes, wherever it falls, chooses its set.
fn follow(state: &mut u32, byte: u8, raw: bool) {
    let partial = (*state & PARTIAL) >> 3;
    let (partial, target) = match (partial, byte) {
        (_, 0x1B) => (1, None),
        (1, 0x24) => (2, None),
        (1, 0x28) => (3, None),
        (2, third) => (0, escape_target(0x24, third)),
        (3, third) => (0, escape_target(0x28, third)),
        _ => (0, None),
    };
    let mut next = (*state & !PARTIAL) | (partial << 3);
    if let Some(set) = target {
        next = (next & !(SET | RAW)) | set | if raw { RAW } else { 0 };
    }
    *state = next;
}

/// Follows a byte that escape mode wrote as itself.
pub(crate) fn encode_raw(state: &mut u32, byte: u8) {
    follow(state, byte, true);
}

/// The end of the stream. Today's Standard, encoder, 1: "If code point is
/// end-of-queue and state is not ASCII, prepend code point, set state to
/// ASCII, and return three bytes 0x1B 0x28 0x42." A set that escape mode's
/// raw bytes chose is left as they left it, so that escape mode gives
/// back the bytes it read.
pub(crate) fn encode_finish(state: &mut u32, out: &mut Vec<u8>) {
    if *state & SET != ASCII && *state & RAW == 0 {
        out.extend_from_slice(&escape(ASCII));
    }
    *state = 0;
}

/// Whether `form`, read as one code point in the decoder's output state
/// `set`, is what the encoder writes for it in that set, nothing before:
/// not so for anything the Katakana set reads (the encoder writes
/// half-width katakana as full-width jis0208 characters) or for a pair of
/// index jis0208 whose code point has an earlier pointer.
pub(crate) fn is_canonical(set: u32, form: &[u8]) -> bool {
    let Step::Point { point, .. } = decode_step(&mut { set }, form, true) else { return false };
    let mut bytes = Vec::new();
    matches!(encode_step(&mut { set & SET }, &[point], &mut bytes), EncodeStep::Done(_)) && bytes == form
}

/// The Encoding Standard's iso-2022-jp: ASCII, JIS X 0201 Roman and
/// katakana, and JIS X 0208, chosen by escape sequences, as today's
/// Standard and encoding_rs decode and encode it (its labels:
/// `iso-2022-jp`, `csiso2022jp`).
///
/// The decoder's state goes from step to step and chunk to chunk, so it
/// streams at any split, escape sequences cut anywhere; the encoder writes
/// an escape sequence before a character of another set, and `1B 28 42`
/// (back to ASCII) at the end of the stream when it is elsewhere. It has no
/// restart points and no fast paths.
///
/// # Examples
///
/// ```
/// use codec_encoding_standard::{Decode, Encode, ISO_2022_JP};
/// let bytes = ISO_2022_JP.encode_str("a\u{3042}").unwrap();
/// assert_eq!(bytes, b"a\x1B$B$\"\x1B(B");
/// assert_eq!(ISO_2022_JP.decode_to_string(&bytes).unwrap(), "a\u{3042}");
/// // The same bytes in JIS X 0201 Roman: U+00A5 for `5C`.
/// assert_eq!(ISO_2022_JP.decode_to_string(b"\x1B(J\x5C").unwrap(), "\u{A5}");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Iso2022Jp;

/// The Encoding Standard's iso-2022-jp ([`Iso2022Jp`]).
///
/// # Examples
///
/// ```
/// use codec_encoding_standard::{Codec, ISO_2022_JP};
/// assert!(ISO_2022_JP.info().matches("csISO2022JP"));
/// ```
pub static ISO_2022_JP: Iso2022Jp = Iso2022Jp;

static INFO: codec_core::CodecInfo = codec_core::CodecInfo {
    name: "iso-2022-jp",
    aliases: &["csiso2022jp"],
    domain: codec_core::Domain {
        summary: "ASCII but SO, SI and ESC, and the code points of index jis0208",
        max: Some(0x7F),
        surrogates: codec_core::Surrogates::None,
        excluded: &[(0x0E, 0x0F), (0x1B, 0x1B)],
    },
    // An escape sequence and a pair.
    max_bytes_per_code_point: Some(5),
    description: "the Encoding Standard's iso-2022-jp: ASCII, JIS X 0201 and JIS X 0208 by escape sequences",
    version: env!("CARGO_PKG_VERSION"),
};

impl codec_core::Decode for Iso2022Jp {
    type Point = CodePoint;

    fn decode_step(&self, input: &[u8], last: bool) -> Step<CodePoint> {
        decode_step(&mut 0, input, last)
    }

    fn decode_step_in(&self, state: &mut u32, input: &[u8], last: bool) -> Step<CodePoint> {
        decode_step(state, input, last)
    }

    fn is_canonical(&self, form: &[u8]) -> bool {
        is_canonical(ASCII, form)
    }

    fn is_canonical_in(&self, state: u32, form: &[u8]) -> bool {
        is_canonical(state & SET, form)
    }
}

impl codec_core::Encode for Iso2022Jp {
    type Point = CodePoint;

    fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
        encode_step(&mut 0, input, out)
    }

    fn encode_step_in(&self, state: &mut u32, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
        encode_step(state, input, out)
    }

    fn encode_raw_in(&self, state: &mut u32, byte: u8) {
        encode_raw(state, byte);
    }

    fn encode_finish_in(&self, state: &mut u32, out: &mut Vec<u8>) {
        encode_finish(state, out);
    }
}

impl codec_core::Codec for Iso2022Jp {
    fn info(&self) -> &'static codec_core::CodecInfo {
        &INFO
    }

    /// Its escape sequences, what each set reads and refuses, the output
    /// flag, and index jis0208's rows in the lead byte state.
    fn probes(&self) -> Vec<(alloc::string::String, Vec<u8>)> {
        let mapped = |bytes: &[u8]| codec_core::Decode::validate(self, bytes).is_ok();
        crate::structure::iso_2022_jp(&mapped)
    }

    /// The set the decoder is in at the error, and what it refuses there.
    fn explain(
        &self,
        input: &[u8],
        error: &codec_core::DecodeError,
        out: &mut dyn core::fmt::Write,
    ) -> core::fmt::Result {
        crate::explain::iso_2022_jp(input, error, out)
    }

    /// SO, SI and ESC, or the index without a pointer.
    fn explain_unencodable(&self, point: CodePoint, out: &mut dyn core::fmt::Write) -> core::fmt::Result {
        crate::explain::iso_2022_jp_unencodable(point, out)
    }
}
