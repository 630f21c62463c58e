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
/// from [`codec_core::Codec::framing`] as the frame's layout ([`Framing`]);
/// [`read_frame`](Self::read_frame) and [`write_frame`](Self::write_frame)
/// read and write one whole frame of code points, as Java does.
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
///
/// // The layout, for a reader or writer of frames in bounded memory.
/// assert_eq!(JAVA_FRAMING.payload_len(b"\x01\x00"), 256);
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

    /// Reads the frame at the front of `input` (`readUTF`): its code points,
    /// and how many bytes the frame took (length field included). Bytes
    /// after the frame are not looked at.
    ///
    /// # Errors
    ///
    /// A length field, or a payload, that the input ends inside of:
    /// `truncated` at offset 0 with no length. An ill-formed payload: its
    /// first error, the offset counted from the start of `input`; a sequence
    /// that the end of the payload cuts is `truncated` with the length of
    /// what is left of the payload (the frame's end is final; Java: "partial
    /// character at end").
    ///
    /// # Examples
    ///
    /// See [`JavaFraming`].
    pub fn read_frame(&self, input: &[u8]) -> Result<(Vec<CodePoint>, usize), DecodeError> {
        let truncated = DecodeError::new(0, None, ErrorKind::Truncated);
        let header = input.get(..HEADER).ok_or(truncated)?;
        let len = self.payload_len(header);
        let payload = input.get(HEADER..HEADER + len).ok_or(truncated)?;
        match self.codec.decode(payload) {
            Ok(points) => Ok((points, HEADER + len)),
            Err(e) => {
                let at = e.valid_up_to();
                let error_len = e.error_len().unwrap_or(len - at);
                Err(DecodeError::new(HEADER + at, Some(error_len), e.kind()))
            }
        }
    }

    /// Appends one frame holding `points` (`writeUTF`).
    ///
    /// # Errors
    ///
    /// A code point the codec cannot encode, or a payload over 65,535 bytes:
    /// `length_over_limit` at the first code point that does not fit, never
    /// a truncation. Then `out` is left as it was.
    ///
    /// # Examples
    ///
    /// See [`JavaFraming`].
    pub fn write_frame(&self, points: &[CodePoint], out: &mut Vec<u8>) -> Result<(), EncodeError> {
        let mut total = 0;
        for (i, &cp) in points.iter().enumerate() {
            total += encode::encoded_len(self.codec, cp);
            if total > MAX_FRAME_PAYLOAD {
                return Err(EncodeError::new(i, cp, ErrorKind::LengthOverLimit));
            }
        }
        let before = out.len();
        self.write_header(total, out);
        if let Err(e) = self.codec.encode_into(points, codec_core::EncodeMode::Fatal, out) {
            out.truncate(before);
            return Err(e);
        }
        Ok(())
    }
}

/// The length field's size: `writeShort`'s two bytes.
const HEADER: usize = 2;

impl Framing for JavaFraming {
    fn header_len(&self) -> usize {
        HEADER
    }

    /// The unsigned big-endian count of the first two bytes.
    fn payload_len(&self, header: &[u8]) -> usize {
        usize::from(u16::from_be_bytes([header[0], header[1]]))
    }

    /// The count as `writeShort` writes it; a `len` over 65,535 is written
    /// as 65,535 (`frame_end` never gives more).
    fn write_header(&self, len: usize, out: &mut Vec<u8>) {
        let count = u16::try_from(len).unwrap_or(u16::MAX);
        out.extend_from_slice(&count.to_be_bytes());
    }

    /// At most 65,535 bytes, ending before a lead byte (not `10xxxxxx`,
    /// so at most two bytes back, a sequence being at most three) and never
    /// between the two three-byte halves of a surrogate pair (`ED A0..AF xx`
    /// then `ED B0..BF xx`), which `readUTF` joins only within one frame.
    fn frame_end(&self, text: &[u8]) -> usize {
        let limit = text.len().min(MAX_FRAME_PAYLOAD);
        if limit == text.len() {
            return limit;
        }
        let is_lead = |i: usize| text[i] & 0xC0 != 0x80;
        let mut at = (limit.saturating_sub(2)..=limit).rev().find(|&i| is_lead(i)).unwrap_or(limit);
        let trail_half = |i: usize| text[i] == 0xED && text.get(i + 1).is_some_and(|b| (0xB0..=0xBF).contains(b));
        let lead_half = |i: usize| text[i] == 0xED && (0xA0..=0xAF).contains(&text[i + 1]);
        if at >= 3 && trail_half(at) && lead_half(at - 3) {
            at -= 3;
        }
        if at == 0 { limit } else { at }
    }
}
