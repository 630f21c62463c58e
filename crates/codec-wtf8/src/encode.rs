//! The encoder: the specification's "encode from code points to well-formed
//! WTF-8", which joins a surrogate code point pair into one supplementary
//! code point.

use alloc::vec::Vec;

use codec_core::{CodePoint, EncodeStep};
use codec_utf8::automaton::{self, Grammar};

// The WTF-8 specification, § "Encoding":
//
//   For every code point P of the input:
//     If P is a lead surrogate code point, P is not the last code point of
//     the input, and the next code point is a trail surrogate code point,
//     consume the next code point and set P's value to
//       0x10000 + ((P - 0xD800) << 10) + (next - 0xDC00).
//     Then append P in one to four bytes (generalized UTF-8, Table 2).
/// Encodes the code point at the front of `input` (never empty).
pub(crate) fn step(input: &[CodePoint], last: bool, out: &mut Vec<u8>) -> EncodeStep {
    let cp = input[0];
    if cp.is_lead_surrogate() {
        match input.get(1) {
            Some(&next) => {
                if let Some(joined) = CodePoint::from_surrogates(cp, next) {
                    automaton::push(joined, out);
                    return EncodeStep::Done(2);
                }
            }
            None if !last => return EncodeStep::Incomplete,
            None => {}
        }
    }
    automaton::encode_step(Grammar::GENERALIZED, input, out)
}
