//! The reference drivers: the same algorithms as the provided methods of
//! [`Decode`] and [`Encode`], but never calling a codec's fast paths. A
//! codec's tests compare its fast paths against these.

use alloc::vec::Vec;

use crate::codec::{Decode, Encode};
use crate::error::{DecodeError, EncodeError};
use crate::mode::{DecodeMode, EncodeMode};
use crate::stream::{Decoder, Encoder};

/// Validates `input` with `decode_step` alone.
///
/// # Errors
///
/// The first ill-formed subpart.
///
/// # Examples
///
/// ```
/// # use codec_core::{CodePoint, Decode, ErrorKind, Step};
/// # use codec_core::doc_example::Ascii;
/// assert_eq!(codec_core::reference::validate(&Ascii, b"ok"), Ascii.validate(b"ok"));
/// ```
pub fn validate<D: Decode + ?Sized>(codec: &D, input: &[u8]) -> Result<(), DecodeError> {
    crate::stream::validate(codec, input, false)
}

/// Decodes `input` in `mode` with `decode_step` alone.
///
/// # Errors
///
/// Only in [`DecodeMode::Fatal`]: the first ill-formed subpart.
///
/// # Examples
///
/// ```
/// # use codec_core::{CodePoint, Decode, DecodeMode, ErrorKind, Step};
/// # use codec_core::doc_example::Ascii;
/// let r = codec_core::reference::decode_with(&Ascii, b"a\xFF", DecodeMode::Escape).unwrap();
/// assert_eq!(r, [CodePoint::new(0x61), CodePoint::new(0xDCFF)]);
/// ```
pub fn decode_with<D: Decode + ?Sized>(
    codec: &D,
    input: &[u8],
    mode: DecodeMode,
) -> Result<Vec<D::Point>, DecodeError> {
    let mut out = Vec::with_capacity(input.len());
    decoder(codec, mode).decode_chunk(input, true, &mut out)?;
    Ok(out)
}

/// Encodes `input` in `mode` with `encode_step` alone.
///
/// # Errors
///
/// As [`Encode::encode_with`].
///
/// # Examples
///
/// ```
/// # use codec_core::{CodePoint, Encode, EncodeMode, EncodeStep, ErrorKind};
/// # use codec_core::doc_example::Ascii;
/// let bytes = codec_core::reference::encode_with(&Ascii, &[CodePoint::new(0xDC80)], EncodeMode::Escape).unwrap();
/// assert_eq!(bytes, [0x80]);
/// ```
pub fn encode_with<E: Encode + ?Sized>(
    codec: &E,
    input: &[E::Point],
    mode: EncodeMode,
) -> Result<Vec<u8>, EncodeError<E::Point>> {
    let mut out = Vec::with_capacity(input.len());
    encoder(codec, mode).encode_chunk(input, true, &mut out)?;
    Ok(out)
}

/// Returns a streaming decoder that never calls the codec's fast paths.
#[must_use]
pub fn decoder<D: Decode>(codec: D, mode: DecodeMode) -> Decoder<D> {
    Decoder::with_fast_paths(codec, mode, false)
}

/// Returns a streaming encoder that never calls the codec's fast path.
#[must_use]
pub fn encoder<E: Encode>(codec: E, mode: EncodeMode) -> Encoder<E> {
    Encoder::with_fast_paths(codec, mode, false)
}
