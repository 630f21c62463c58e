//! The decoder: `codec-utf8`'s automaton with the variant's grammar (no
//! four-byte forms; Modified UTF-8's `C0 80` and ban of `00`; the overlong
//! forms Java's `readUTF` accepts), plus CESU-8's own rule, the six-byte
//! surrogate pair.

use codec_core::{CodePoint, ErrorKind, Step};
use codec_utf8::automaton;
use codec_wtf8::surrogate::{may_start_trail, trail_at};

use crate::{CESU8_GRAMMAR, Cesu8Codec, LENIENT_GRAMMAR, MUTF8_GRAMMAR, Variant};

// Unicode Technical Report #26 (CESU-8), § "Definition":
//
//   In CESU-8, supplementary characters are represented as six-byte
//   sequences, resulting from the transformation of each UTF-16 surrogate
//   code unit into a three-byte sequence (UTF-8's bit distribution).
//
//   code point         UTF-16          CESU-8
//   U+0000..U+FFFF     one unit        1 to 3 bytes, as UTF-8
//   U+10000..U+10FFFF  D800..DBFF      ED A0..AF 80..BF   (lead)
//                      DC00..DFFF      ED B0..BF 80..BF   (trail)
//
// A lead's three bytes followed by a trail's are one supplementary code
// point. A lone surrogate is ill-formed in CESU-8 (a three-byte subpart of
// kind `unpaired_surrogate`; a lead cut from a possible trail by the end of
// input is a truncation) and a code point in Modified UTF-8 (Java strings
// are UTF-16 code units and may hold one). docs/decisions/0008-cesu8-mutf8.md
/// Decodes one sequence from the front of `input` (never empty).
///
/// Each variant's grammar is a constant in its own call of the automaton,
/// which the compiler folds into the step.
#[inline]
pub(crate) fn step(codec: &Cesu8Codec, input: &[u8], last: bool) -> Step<CodePoint> {
    let step = match codec.variant() {
        Variant::Cesu8 => automaton::decode_step(CESU8_GRAMMAR, input),
        Variant::Mutf8 => automaton::decode_step(MUTF8_GRAMMAR, input),
        Variant::Mutf8Lenient => automaton::decode_step(LENIENT_GRAMMAR, input),
    };
    match step {
        Step::Point { point, len } if point.is_lead_surrogate() => after_lead(codec, point, &input[len..], last),
        Step::Point { point, .. } if point.is_trail_surrogate() && !codec.keeps_lone_surrogates() => {
            Step::Invalid { kind: ErrorKind::UnpairedSurrogate, len: 3 }
        }
        step => step,
    }
}

/// Decides what a lead surrogate's three bytes are from the bytes after it.
fn after_lead(codec: &Cesu8Codec, lead: CodePoint, rest: &[u8], last: bool) -> Step<CodePoint> {
    if let Some(trail) = trail_at(rest) {
        let point = CodePoint::from_surrogates(lead, trail).unwrap_or(lead);
        return Step::Point { point, len: 6 };
    }
    let lone_ok = codec.keeps_lone_surrogates();
    if may_start_trail(rest) && (!last || !lone_ok) {
        // A trail may still follow; in CESU-8 a lead at the end of input is
        // a six-byte sequence cut short.
        return Step::Incomplete;
    }
    if lone_ok {
        Step::Point { point: lead, len: 3 }
    } else {
        Step::Invalid { kind: ErrorKind::UnpairedSurrogate, len: 3 }
    }
}
