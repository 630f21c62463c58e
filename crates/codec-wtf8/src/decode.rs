//! The decoder: generalized UTF-8 (`codec-utf8`'s automaton with
//! [`Grammar::GENERALIZED`]) plus WTF-8's one extra rule, that a surrogate
//! pair byte sequence is ill-formed.

use codec_core::{CodePoint, ErrorKind, Step};
use codec_utf8::automaton::{self, Grammar};

use crate::surrogate;

// The WTF-8 specification, § "The WTF-8 encoding":
//
//   It is identical to generalized UTF-8, with the additional well-formedness
//   constraint that a surrogate pair byte sequence is ill-formed.
//
// (Table 1, the surrogate byte sequences, is quoted in `surrogate.rs`.) The
// ill-formed part of a surrogate pair byte sequence is the lead: it is
// reported as a three-byte subpart of kind `surrogate_pair`, and decoding
// resumes at the trail, which is then a well-formed lone trail surrogate
// (docs/decisions/0004-wtf8-error-model.md).
/// Decodes one sequence from the front of `input` (never empty).
#[inline]
pub(crate) fn step(input: &[u8], last: bool) -> Step<CodePoint> {
    match automaton::decode_step(Grammar::GENERALIZED, input) {
        Step::Point { point, len } if point.is_lead_surrogate() => after_lead(point, &input[len..], last),
        step => step,
    }
}

/// Decides what a lead surrogate byte sequence is from the bytes after it.
fn after_lead(lead: CodePoint, rest: &[u8], last: bool) -> Step<CodePoint> {
    if surrogate::trail_at(rest).is_some() {
        Step::Invalid { kind: ErrorKind::SurrogatePair, len: 3 }
    } else if !last && surrogate::may_start_trail(rest) {
        // A trail surrogate byte sequence may still follow.
        Step::Incomplete
    } else {
        Step::Point { point: lead, len: 3 }
    }
}
