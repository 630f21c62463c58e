//! The reference drivers: the streaming [`Decoder`] and [`Encoder`] that
//! every provided method of [`Decode`] and [`Encode`] runs, but never
//! calling a codec's fast paths ([`crate::FastPaths`]). A codec's tests
//! compare its fast paths against these.

use crate::codec::{Decode, Encode};
use crate::mode::{DecodeMode, EncodeMode};
use crate::stream::{Decoder, Encoder};

/// Returns a streaming decoder that never calls the codec's fast paths.
///
/// # Examples
///
/// ```
/// use codec_core::{CodePoint, Decode, DecodeMode};
/// # use codec_core::doc_example::Ascii;
/// let mut points = Vec::new();
/// codec_core::reference::decoder(&Ascii, DecodeMode::Escape).decode_chunk(b"a\xFF", true, &mut points).unwrap();
/// assert_eq!(points, [CodePoint::new(0x61), CodePoint::new(0xDCFF)]);
/// assert_eq!(points, Ascii.decode_with(b"a\xFF", DecodeMode::Escape).unwrap());
/// ```
#[must_use]
pub fn decoder<D: Decode>(codec: D, mode: DecodeMode) -> Decoder<D> {
    Decoder::with_fast_paths(codec, mode, false)
}

/// Returns a streaming encoder that never calls the codec's fast paths.
///
/// # Examples
///
/// ```
/// use codec_core::{CodePoint, Encode, EncodeMode};
/// # use codec_core::doc_example::Ascii;
/// let mut bytes = Vec::new();
/// let text = [CodePoint::new(0x61), CodePoint::new(0xE9)];
/// codec_core::reference::encoder(&Ascii, EncodeMode::Html).encode_chunk(&text, true, &mut bytes).unwrap();
/// assert_eq!(bytes, b"a&#233;");
/// ```
#[must_use]
pub fn encoder<E: Encode>(codec: E, mode: EncodeMode) -> Encoder<E> {
    Encoder::with_fast_paths(codec, mode, false)
}
