//! Every codec of the workspace, by name: the one place that depends on all
//! codec crates, so the CLI, `cargo xtask matrix` and cross-codec tests can
//! pick any codec at run time.
//!
//! Adding a codec to [`all`] adds it to the CLI's `utfx list` and to every
//! table of the matrix, with no other change.
//!
//! # The everyday tasks
//!
//! ```
//! use codec_core::{Decode, Encode};
//!
//! // A codec by label, as a user types it (case and surrounding spaces ignored).
//! let from = codec_registry::get(" UTF-16LE ").expect("registered");
//! let to = codec_registry::get("cesu-8").expect("registered");
//!
//! // Validate with it, and convert through UTF-16 code units.
//! let bytes = b"h\x00\x3D\xD8\xA9\xDC";
//! assert!(from.validate(bytes).is_ok());
//! let err = from.validate(b"h\x00\x00\xDC").unwrap_err();
//! assert_eq!((err.valid_up_to(), err.kind().as_str()), (2, "unpaired_surrogate"));
//! let units = from.decode_to_utf16(bytes).unwrap();
//! assert_eq!(to.encode_utf16(&units).unwrap(), b"h\xED\xA0\xBD\xED\xB2\xA9");
//!
//! // Every codec, with its name and aliases.
//! for codec in codec_registry::all() {
//!     assert!(codec_registry::get(codec.info().name).is_some());
//! }
//! assert!(codec_registry::get("no-such-codec").is_none());
//! ```
//!
//! For long input, the core's `Transcoder` and `TranscodeReader` convert
//! between any two of these in bounded memory, as `utfx convert` does.
#![deny(missing_docs)]

use codec_core::DynCodec;

/// Every registered codec, in the order the CLI lists them.
#[must_use]
pub fn all() -> &'static [&'static dyn DynCodec] {
    CODECS
}

/// Finds a codec by label (name or alias; surrounding ASCII whitespace and
/// ASCII case are ignored).
#[must_use]
pub fn get(label: &str) -> Option<&'static dyn DynCodec> {
    codec_core::lookup(CODECS, label)
}

static CODECS: &[&dyn DynCodec] = &[
    &codec_utf8::UTF_8,
    &codec_utf8::GENERALIZED_UTF_8,
    &codec_utf8::UTF_8_RFC2279,
    &codec_utf16::UTF_16LE,
    &codec_utf16::UTF_16BE,
    &codec_utf16::WTF_16LE,
    &codec_utf16::WTF_16BE,
    &codec_wtf8::WTF_8,
    &codec_cesu8::CESU_8,
    &codec_cesu8::MUTF_8,
    &codec_cesu8::MUTF_8_LENIENT,
    &codec_corrected_utf8::CORRECTED_UTF_8,
    &codec_corrected_utf8::CORRECTED_UTF_8_C1,
];

/// The README's examples, run as doctests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;
