//! The codec the documentation's examples use: 7-bit ASCII, the two
//! primitives and nothing else. Hidden from the docs; examples bring it in
//! with a hidden `# use codec_core::doc_example::Ascii;` line.

use alloc::vec::Vec;

use crate::code_point::CodePoint;
use crate::codec::{Codec, CodecInfo, Decode, Domain, Encode, EncodeStep, Step, Surrogates};
use crate::error::ErrorKind;

/// 7-bit ASCII: a byte below `0x80` is its code point, any other byte an
/// `invalid_lead` subpart; a code point above U+007F is `out_of_range`.
///
/// # Examples
///
/// ```
/// use codec_core::{CodePoint, Decode, Encode};
/// # use codec_core::doc_example::Ascii;
/// assert_eq!(Ascii.decode(b"ok").unwrap(), [CodePoint::new(0x6F), CodePoint::new(0x6B)]);
/// assert_eq!(Ascii.encode_str("ok").unwrap(), b"ok");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Ascii;

impl Decode for Ascii {
    type Point = CodePoint;

    fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
        match input[0] {
            b @ 0..=0x7F => Step::Point { point: CodePoint::from(b), len: 1 },
            _ => Step::Invalid { kind: ErrorKind::InvalidLead, len: 1 },
        }
    }
}

impl Encode for Ascii {
    type Point = CodePoint;

    fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
        match u8::try_from(input[0].to_u32()) {
            Ok(b) if b < 0x80 => {
                out.push(b);
                EncodeStep::Done(1)
            }
            _ => EncodeStep::Invalid(ErrorKind::OutOfRange),
        }
    }
}

/// What [`Ascii`] says about itself.
static INFO: CodecInfo = CodecInfo {
    name: "ascii",
    aliases: &["us-ascii"],
    domain: Domain { summary: "U+0000..U+007F", max: Some(0x7F), surrogates: Surrogates::None, excluded: &[] },
    max_bytes_per_code_point: Some(1),
    description: "7-bit ASCII, the documentation's example codec",
    version: "0",
};

impl Codec for Ascii {
    fn info(&self) -> &'static CodecInfo {
        &INFO
    }
}
