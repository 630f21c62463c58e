//! Java's length-prefixed framing of Modified UTF-8, `DataOutput.writeUTF`
//! and `DataInput.readUTF`: a two-byte big-endian byte count, then that many
//! bytes.

use alloc::vec::Vec;

use codec_core::{CodePoint, Decode, DecodeError, Encode, EncodeError, ErrorKind, Framing};

use crate::{Cesu8Codec, MUTF_8, MUTF_8_LENIENT, encode};

// java.io.DataOutput.writeUTF (Java SE 17):
//
//   First, two bytes are written to the output stream as if by the
//   writeShort method giving the number of bytes to follow. [...] If this
//   number is larger than 65535, then a UTFDataFormatException is thrown.
//
// java.io.DataInput.readUTF: "First, two bytes are read and used to
// construct an unsigned 16-bit integer [...]. This integer value is called
// the UTF length and specifies the number of additional bytes to be read";
// fewer bytes left is an EOFException (observed: xtask/java/).
/// The most bytes a frame's payload holds.
pub const MAX_FRAME_PAYLOAD: usize = 0xFFFF;

/// Java's `writeUTF`/`readUTF` framing over one of the two Modified UTF-8
/// codecs: [`JAVA_FRAMING`] (strict, what `writeUTF` writes) and
/// [`JAVA_FRAMING_LENIENT`] (what `readUTF` accepts). The codecs return it
/// from [`codec_core::Codec::framing`].
///
/// # Examples
///
/// ```
/// use codec_cesu8::{CodePoint, ErrorKind, Framing, JAVA_FRAMING};
///
/// let mut frame = Vec::new();
/// JAVA_FRAMING.write_frame(&[CodePoint::new(0x61), CodePoint::NUL], &mut frame).unwrap();
/// assert_eq!(frame, b"\x00\x03a\xC0\x80");
/// let (points, used) = JAVA_FRAMING.read_frame(b"\x00\x03a\xC0\x80 and more").unwrap();
/// assert_eq!((points.len(), used), (2, 5));
/// assert_eq!(JAVA_FRAMING.read_frame(b"\x00\x09a").unwrap_err().kind(), ErrorKind::Truncated);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JavaFraming {
    codec: &'static Cesu8Codec,
}

/// Java's framing over strict Modified UTF-8 ([`MUTF_8`]).
pub static JAVA_FRAMING: JavaFraming = JavaFraming { codec: &MUTF_8 };

/// Java's framing over Modified UTF-8 as `readUTF` reads it
/// ([`MUTF_8_LENIENT`]).
pub static JAVA_FRAMING_LENIENT: JavaFraming = JavaFraming { codec: &MUTF_8_LENIENT };

impl JavaFraming {
    /// Returns the codec of the payload.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_cesu8::JAVA_FRAMING.codec().variant(), codec_cesu8::Variant::Mutf8);
    /// ```
    #[must_use]
    pub fn codec(&self) -> &'static Cesu8Codec {
        self.codec
    }
}

impl Framing for JavaFraming {
    /// Reads one `readUTF` frame. A sequence that the end of the payload cuts
    /// is an error of kind `truncated` with the length of what is left of
    /// the payload (the frame's end is final; Java: "partial character at
    /// end").
    fn read_frame(&self, input: &[u8]) -> Result<(Vec<CodePoint>, usize), DecodeError> {
        let truncated = DecodeError::new(0, None, ErrorKind::Truncated);
        let [hi, lo, ..] = *input else { return Err(truncated) };
        let len = usize::from(u16::from_be_bytes([hi, lo]));
        let payload = input.get(2..2 + len).ok_or(truncated)?;
        match self.codec.decode(payload) {
            Ok(points) => Ok((points, 2 + len)),
            Err(e) => {
                let at = e.valid_up_to();
                let error_len = e.error_len().unwrap_or(len - at);
                Err(DecodeError::new(2 + at, Some(error_len), e.kind()))
            }
        }
    }

    /// Writes one `writeUTF` frame; a payload over 65,535 bytes is an error
    /// of kind `length_over_limit` at the first code point that does not
    /// fit, never a truncation.
    fn write_frame(&self, points: &[CodePoint], out: &mut Vec<u8>) -> Result<(), EncodeError> {
        let mut total = 0;
        for (i, &cp) in points.iter().enumerate() {
            total += encode::encoded_len(self.codec, cp);
            if total > MAX_FRAME_PAYLOAD {
                return Err(EncodeError::new(i, cp, ErrorKind::LengthOverLimit));
            }
        }
        let before = out.len();
        out.extend_from_slice(&(total as u16).to_be_bytes());
        if let Err(e) = self.codec.encode_into(points, codec_core::EncodeMode::Fatal, out) {
            out.truncate(before);
            return Err(e);
        }
        Ok(())
    }
}
