//! The shared vocabulary of the utfx codecs.
//!
//! **To decode or encode text, depend on a codec crate** (`codec-utf8`,
//! `codec-utf16`, `codec-wtf8`, `codec-cesu8`, `codec-corrected-utf8`), or
//! on `codec-registry` to pick one by label at run time: each re-exports the
//! traits of this crate, and its front page starts with the everyday tasks
//! (validate and find the error offset, decode to a `String` strictly or
//! lossily, to and from UTF-16). This crate is for code generic over codecs,
//! and for writing a codec. In generic code, the everyday calls look like
//! this:
//!
//! ```
//! use codec_core::{Decode, DecodeError, Encode};
//!
//! /// The offset where `bytes` stop being valid in `codec`, or `None`.
//! fn first_error<D: Decode>(codec: &D, bytes: &[u8]) -> Option<usize> {
//!     codec.validate(bytes).err().map(|e: DecodeError| e.valid_up_to())
//! }
//!
//! /// `bytes` re-encoded by `to` through UTF-16, with U+FFFD for errors.
//! fn convert<D: Decode, E: Encode>(from: &D, to: &E, bytes: &[u8]) -> Option<Vec<u8>> {
//!     to.encode_utf16(&from.decode_to_utf16_lossy(bytes)).ok()
//! }
//! ```
//!
//! Every codec of the UTF-8 family in this workspace (UTF-8 and its variants,
//! UTF-16, WTF-8, CESU-8 and Modified UTF-8, Corrected UTF-8, UTF-∞-8) is a
//! separate crate that depends on this one and implements two primitives:
//!
//! * [`Decode::decode_step`]: what the bytes at the front of the input are (a
//!   code point, a maximal ill-formed subpart, or the start of a sequence that
//!   needs more bytes);
//! * [`Encode::encode_step`]: the bytes of the code point(s) at the front of
//!   the input, or why it cannot be encoded.
//!
//! Everything else is written once, here: validation, decoding and encoding in
//! every error mode ([`DecodeMode`], [`EncodeMode`]), iteration with byte
//! offsets ([`Decode::items`]), the line and column of an offset
//! ([`DecodeError::line_column`], [`LineCounter`]), streaming over chunks ([`Decoder`],
//! [`Encoder`]), `std::io` transcoding ([`TranscodeReader`]) and selection by
//! label at run time ([`DynCodec`], [`CodecInfo::matches`]). A codec may add bulk fast
//! paths; [`reference`](mod@reference) runs the same algorithms without them, for
//! differential tests.
//!
//! # Code points and errors
//!
//! [`CodePoint`] is any `u32` (codecs reach `U+8421109F`); `BigCodePoint`
//! (feature `bigint`) is unbounded, for UTF-∞-8. Errors have one shape:
//! [`DecodeError`] (byte offset where valid input ends, length of the
//! ill-formed subpart or `None` at a truncated end, [`ErrorKind`]) and
//! [`EncodeError`] (index, code point, kind).
//!
//! # Writing a codec
//!
//! A codec for Latin-1 in a few lines, and what the core derives from it:
//!
//! ```
//! use codec_core::{CodePoint, Decode, DecodeMode, Encode, EncodeMode, EncodeStep, ErrorKind, Step};
//!
//! struct Latin1;
//! impl Decode for Latin1 {
//!     type Point = CodePoint;
//!     fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
//!         Step::Point { point: CodePoint::from(input[0]), len: 1 }
//!     }
//! }
//! impl Encode for Latin1 {
//!     type Point = CodePoint;
//!     fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
//!         match u8::try_from(input[0].to_u32()) {
//!             Ok(b) => { out.push(b); EncodeStep::Done(1) }
//!             Err(_) => EncodeStep::Invalid(ErrorKind::OutOfRange),
//!         }
//!     }
//! }
//!
//! let text = Latin1.decode(b"caf\xE9").unwrap();
//! assert_eq!(text.last(), Some(&CodePoint::new(0xE9)));
//! let bytes = Latin1.encode_with(&[CodePoint::from('€')], EncodeMode::Html).unwrap();
//! assert_eq!(bytes, b"&#8364;");
//! let err = Latin1.encode_str("a€").unwrap_err();
//! assert_eq!((err.index(), err.kind()), (1, ErrorKind::OutOfRange));
//! ```
//!
//! # Features
//!
//! * `std` (default): `std::error::Error` impls and the [`TranscodeReader`].
//! * `bigint`: `BigCodePoint` (pulls in `num-bigint`), and the views `Big`
//!   and `Narrow` between the two code point types.
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "bigint")]
mod big;
pub mod bom;
mod code_point;
mod codec;
#[doc(hidden)]
pub mod doc_example;
mod document;
mod dynamic;
mod error;
mod fast;
#[cfg(feature = "std")]
mod io;
mod lines;
mod mode;
pub mod reference;
mod sink;
mod stream;
mod transcode;

#[cfg(feature = "bigint")]
pub use big::BigCodePoint;
pub use code_point::{AnyCodePoint, CodePoint, ParseCodePointError};
pub use codec::{Codec, CodecInfo, Decode, Domain, Encode, EncodeStep, Framing, Item, Items, Step, Surrogates};
pub use document::{DocumentCheck, DocumentRules, Finding, Level};
pub use dynamic::DynCodec;
#[cfg(feature = "bigint")]
pub use dynamic::{Big, Narrow};
pub use error::{DecodeError, EncodeError, ErrorKind};
pub use fast::{FastJob, FastPaths, Progress};
#[cfg(feature = "std")]
pub use io::TranscodeReader;
pub use lines::LineCounter;
pub use mode::{DecodeMode, EncodeMode, UnknownMode};
#[cfg(feature = "bigint")]
pub use num_bigint;
pub use stream::{Status, decode::Decoder, encode::Encoder};
pub use transcode::{TranscodeError, Transcoder};
