//! One code point, as encoding_rs's encoder for the encoding writes it (the
//! Standard's encoders, which are stateless for every encoding here).

use alloc::vec::Vec;

use codec_core::{CodePoint, EncodeStep, ErrorKind};
use encoding_rs::{EncoderResult, Encoding};

/// Encodes the first code point of `input` (never empty), appending its
/// bytes to `out`.
///
/// A surrogate is `surrogate` and a value beyond U+10FFFF `out_of_range`
/// (neither is a scalar value, which is all the Standard's encoders take);
/// a scalar value the encoding does not map (the Standard's encoder returns
/// "error" with it) is `unrepresentable`, which the core's `html` mode
/// writes as `&#N;`, as the Standard's "HTML" error mode does.
pub(crate) fn step(encoding: &'static Encoding, input: &[CodePoint], out: &mut Vec<u8>) -> EncodeStep {
    let point = input[0];
    let Some(c) = point.to_char() else {
        return EncodeStep::Invalid(if point.is_surrogate() { ErrorKind::Surrogate } else { ErrorKind::OutOfRange });
    };
    let mut text = [0u8; 4];
    let text = c.encode_utf8(&mut text);
    let mut bytes = [0u8; 16];
    let mut encoder = encoding.new_encoder();
    match encoder.encode_from_utf8_without_replacement(text, &mut bytes, true) {
        (EncoderResult::InputEmpty, _, written) => {
            out.extend_from_slice(&bytes[..written]);
            EncodeStep::Done(1)
        }
        (EncoderResult::Unmappable(_), _, _) => EncodeStep::Invalid(ErrorKind::Unrepresentable),
        (EncoderResult::OutputFull, _, _) => unreachable!("sixteen bytes hold one code point's encoding"),
    }
}
