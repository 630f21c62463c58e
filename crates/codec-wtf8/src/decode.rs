//! The decoder: generalized UTF-8 (`codec-utf8`'s automaton with
//! [`Grammar::GENERALIZED`]) plus WTF-8's one extra rule, that a surrogate
//! pair byte sequence is ill-formed.

use codec_core::{CodePoint, ErrorKind, Step};
use codec_utf8::automaton::{self, Grammar};

// The WTF-8 specification, § "The WTF-8 encoding":
//
//   It is identical to generalized UTF-8, with the additional well-formedness
//   constraint that a surrogate pair byte sequence is ill-formed.
//
// Table 1 (surrogate byte sequences):
//
//   Lead surrogate byte sequence    ED  A0 to AF  80 to BF
//   Trail surrogate byte sequence   ED  B0 to BF  80 to BF
//
// A surrogate pair byte sequence is a lead surrogate byte sequence followed
// by a trail surrogate byte sequence. The ill-formed part is the lead: it is
// reported as a three-byte subpart of kind `surrogate_pair`, and decoding
// resumes at the trail, which is then a well-formed lone trail surrogate
// (docs/decisions/0004-wtf8-error-model.md).
/// Decodes one sequence from the front of `input` (never empty).
pub(crate) fn step(input: &[u8], last: bool) -> Step<CodePoint> {
    match automaton::decode_step(Grammar::GENERALIZED, input) {
        Step::Char { point, len } if point.is_lead_surrogate() => after_lead(point, &input[len..], last),
        step => step,
    }
}

/// Decides what a lead surrogate byte sequence is from the bytes after it.
fn after_lead(lead: CodePoint, rest: &[u8], last: bool) -> Step<CodePoint> {
    match rest {
        [0xED, 0xB0..=0xBF, 0x80..=0xBF, ..] => Step::Invalid { kind: ErrorKind::SurrogatePair, len: 3 },
        // A trail surrogate byte sequence may still follow.
        [] | [0xED] | [0xED, 0xB0..=0xBF] if !last => Step::Incomplete,
        _ => Step::Char { point: lead, len: 3 },
    }
}
