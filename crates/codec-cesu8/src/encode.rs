//! The encoder: a supplementary code point as its two surrogates' three-byte
//! forms (six bytes), everything else as `codec-utf8`'s automaton writes it
//! with the variant's grammar (U+0000 as `C0 80` in Modified UTF-8).

use alloc::vec::Vec;

use codec_core::{CodePoint, EncodeStep, ErrorKind};
use codec_utf8::automaton;

use crate::Cesu8Codec;

// Unicode Technical Report #26, § "Definition" (quoted in decode.rs), and the
// JVM Specification §4.4.7 for Modified UTF-8:
//
//   code point          bytes
//   U+0000              00 (CESU-8), C0 80 (Modified UTF-8)
//   U+0001..U+FFFF      as UTF-8, shortest form (surrogates: Modified only)
//   U+10000..U+10FFFF   ED A0..AF 80..BF  ED B0..BF 80..BF
//
// Every code point is encoded on its own: no look-ahead. In Modified UTF-8 a
// lead surrogate code point followed by a trail is written as the two
// three-byte forms, which are the bytes of the supplementary code point they
// make, as Java's writeUTF writes a String holding the pair.
/// Encodes the code point at the front of `input` (never empty).
pub(crate) fn step(codec: &Cesu8Codec, input: &[CodePoint], out: &mut Vec<u8>) -> EncodeStep {
    let cp = input[0];
    if cp.is_surrogate() && !codec.keeps_lone_surrogates() {
        return EncodeStep::Invalid(ErrorKind::Surrogate);
    }
    if let Some((lead, trail)) = cp.to_surrogates() {
        automaton::push(lead, out);
        automaton::push(trail, out);
        return EncodeStep::Done(1);
    }
    automaton::encode_step(codec.grammar(), input, out)
}

/// Returns how many bytes `cp` takes in `codec`, when it can be encoded.
pub(crate) fn encoded_len(codec: &Cesu8Codec, cp: CodePoint) -> usize {
    match cp.to_u32() {
        0 if codec.grammar().allows_two_byte_nul() => 2,
        v if v > 0xFFFF => 6,
        v => automaton::encoded_len(v),
    }
}
