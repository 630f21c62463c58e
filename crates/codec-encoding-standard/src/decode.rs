//! One character or one error from the front of the input, as encoding_rs's
//! decoder for the encoding reads it (the Standard's §4.1 "Encoders and
//! decoders" run on a fresh decoder, a byte at a time).
//!
//! Every encoding of this crate is stateless between characters: after a
//! character or an error its decoder holds nothing back but the bytes the
//! Standard "prepends" to the stream, which encoding_rs reports as consumed
//! after the malformed sequence (`DecoderResult::Malformed(len, after)`) and
//! reads again. A fresh decoder at the end of the malformed sequence reads
//! those bytes again too, so one step per character or error is exact.

use codec_core::{CodePoint, ErrorKind, Step};
use encoding_rs::{DecoderResult, Encoding};

/// Decodes one sequence from the front of `input`: the shortest prefix of
/// it on which a fresh decoder writes something or reports an error.
///
/// The Standard's sequences are at most four bytes long (gb18030's), so at
/// most four decoders run. At the end of `input` the decoder is never told
/// that the stream ends: a sequence still pending there is
/// `Step::Incomplete`, which the core's driver reports as one `truncated`
/// error at the end of input (encoding_rs's one U+FFFD for it).
///
/// The kinds: a byte that starts no sequence (or, in a single-byte
/// encoding, a byte the index leaves unmapped) is `invalid_lead`; a lead
/// byte cut by a byte that cannot follow it (which is read again) is
/// `missing_continuation`; a whole sequence whose pointer the index leaves
/// null is `unrepresentable`. Big5's four sequences that stand for two code
/// points are a `Step::Pair` of them.
pub(crate) fn step(encoding: &'static Encoding, input: &[u8]) -> Step<CodePoint> {
    let mut out = [0u16; 8];
    for end in 1..=input.len() {
        let mut decoder = encoding.new_decoder_without_bom_handling();
        let (result, read, written) = decoder.decode_to_utf16_without_replacement(&input[..end], &mut out, false);
        match result {
            DecoderResult::Malformed(len, after) => {
                let len = usize::from(len);
                debug_assert_eq!((read - len - usize::from(after), written), (0, 0), "an error at the front");
                let kind = match (len, end) {
                    (1, 1) => ErrorKind::InvalidLead,
                    (1, _) => ErrorKind::MissingContinuation,
                    _ => ErrorKind::Unrepresentable,
                };
                return Step::Invalid { kind, len };
            }
            DecoderResult::InputEmpty if written > 0 => {
                debug_assert_eq!(read, end, "one sequence at the front");
                return match units(&out[..written]) {
                    (point, None) => Step::Point { point, len: read },
                    (point, Some(second)) => Step::Pair { point, second, len: read },
                };
            }
            // Nothing written yet: the bytes so far start a sequence.
            DecoderResult::InputEmpty => {}
            // Eight units hold what four bytes decode to.
            DecoderResult::OutputFull => unreachable!("eight units hold one sequence's output"),
        }
    }
    Step::Incomplete
}

/// The code point that `units` (one sequence's UTF-16 output: scalar
/// values, encoding_rs writes no other) encode, and the second one when
/// they encode two: big5's pointers 1133, 1135, 1164 and 1166, which §11.1
/// decodes to U+00CA U+0304, U+00CA U+030C, U+00EA U+0304 and U+00EA
/// U+030C ("Since indexes are limited to single code points this table is
/// used for these pointers").
fn units(units: &[u16]) -> (CodePoint, Option<CodePoint>) {
    let mut points = CodePoint::decode_utf16(units.iter().copied());
    let first = points.next().unwrap_or(CodePoint::REPLACEMENT);
    (first, points.next())
}
