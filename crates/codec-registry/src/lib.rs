//! Every codec of the workspace, by name: the one place that depends on all
//! codec crates, so the CLI, `cargo xtask matrix` and cross-codec tests can
//! pick any codec at run time.
//!
//! Adding a codec to [`all`] adds it to the CLI's `utfx list` and to every
//! table of the matrix, with no other change.
//!
//! [`all`] speaks [`CodePoint`](codec_core::CodePoint), as `&dyn DynCodec`:
//! UTF-∞-8 is there as `Narrow(&UTF_INF_8)` (a value beyond `u32` is an
//! `out_of_range` subpart). [`all_big`] is the same list over
//! `BigCodePoint`, as `&dyn BigCodec`: every other codec as `Big(codec)`,
//! UTF-∞-8 as itself, so nothing is lost (decision 0010).
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
#![forbid(unsafe_code)]

pub mod iconv;
pub mod whatwg;

use codec_core::{Big, BigCodePoint, Codec, Decode, DynCodec, Encode, Narrow};

/// A codec over `BigCodePoint` chosen at run time, as `&dyn BigCodec`: the
/// [`Codec`] trait itself behind a pointer, as [`DynCodec`] is for
/// `CodePoint`, so every kernel runs through the vtable. Every `Codec` over
/// `BigCodePoint` is one.
///
/// # Examples
///
/// ```
/// use codec_core::{BigCodePoint, Decode, Encode};
/// let inf = codec_registry::get_big("utf-∞-8").unwrap();
/// let huge: BigCodePoint = "U+1000000000".parse().unwrap();
/// let bytes = inf.encode(std::slice::from_ref(&huge)).unwrap();
/// assert_eq!(inf.decode(&bytes).unwrap(), [huge]);
/// ```
pub trait BigCodec: Codec + Decode<Point = BigCodePoint> + Encode<Point = BigCodePoint> + Send + Sync {}

impl<C> BigCodec for C where
    C: Codec + Decode<Point = BigCodePoint> + Encode<Point = BigCodePoint> + Send + Sync + ?Sized
{
}

/// Every registered codec, in the order the CLI lists them.
#[must_use]
pub fn all() -> &'static [&'static dyn DynCodec] {
    CODECS
}

/// Finds a codec by label (name or alias; surrounding ASCII whitespace and
/// ASCII case are ignored): the first in [`all`]'s order that answers to
/// it, ISO-8859-1 and US-ASCII tried first, so that `latin1`,
/// `iso-8859-1`, `ascii` and `us-ascii` name
/// ISO-8859-1 and US-ASCII as iconv reads them, not the Encoding Standard's
/// windows-1252, whose labels they are too ([`whatwg::get_encoding`] gives
/// the Standard's meaning; [`iconv::differs`] says where the Standard's
/// meaning of a label is not iconv's; decision 0043).
#[must_use]
pub fn get(label: &str) -> Option<&'static dyn DynCodec> {
    let (rest, first) = CODECS.split_at(CODECS.len() - FIRST);
    first.iter().chain(rest).copied().find(|c| c.info().matches(label))
}

/// Every registered codec over `BigCodePoint`, in the order of [`all`].
///
/// # Examples
///
/// ```
/// let names = codec_registry::all_big().iter().map(|c| c.info().name);
/// assert!(names.eq(codec_registry::all().iter().map(|c| c.info().name)));
/// ```
#[must_use]
pub fn all_big() -> &'static [&'static dyn BigCodec] {
    BIG_CODECS
}

/// Finds a codec over `BigCodePoint` by label, as [`get`] does.
///
/// # Examples
///
/// ```
/// assert_eq!(codec_registry::get_big(" UTF-INF-8 ").unwrap().info().name, "utf-inf-8");
/// ```
#[must_use]
pub fn get_big(label: &str) -> Option<&'static dyn BigCodec> {
    let (rest, first) = BIG_CODECS.split_at(BIG_CODECS.len() - FIRST);
    first.iter().chain(rest).copied().find(|c| c.info().matches(label))
}

static CODECS: &[&dyn DynCodec] = &[
    &codec_utf8::UTF_8,
    &codec_utf8::GENERALIZED_UTF_8,
    &codec_utf8::UTF_8_RFC2279,
    &codec_utf16::UTF_16LE,
    &codec_utf16::UTF_16BE,
    &codec_utf16::WTF_16LE,
    &codec_utf16::WTF_16BE,
    &codec_utf32::UTF_32LE,
    &codec_utf32::UTF_32BE,
    &codec_utf32::WTF_32LE,
    &codec_utf32::WTF_32BE,
    &codec_wtf8::WTF_8,
    &codec_cesu8::CESU_8,
    &codec_cesu8::MUTF_8,
    &codec_cesu8::MUTF_8_LENIENT,
    &codec_corrected_utf8::CORRECTED_UTF_8,
    &codec_corrected_utf8::CORRECTED_UTF_8_C1,
    &Narrow(&codec_utf_inf_8::UTF_INF_8),
    &codec_utf8_history::UTF_1,
    &codec_utf8_history::FSS_UTF_PROPOSAL_1992,
    // The Encoding Standard's legacy encodings, after the UTF-8 family so that
    // its names and aliases keep their codecs.
    &codec_encoding_standard::IBM866,
    &codec_encoding_standard::ISO_8859_2,
    &codec_encoding_standard::ISO_8859_3,
    &codec_encoding_standard::ISO_8859_4,
    &codec_encoding_standard::ISO_8859_5,
    &codec_encoding_standard::ISO_8859_6,
    &codec_encoding_standard::ISO_8859_7,
    &codec_encoding_standard::ISO_8859_8,
    &codec_encoding_standard::ISO_8859_8_I,
    &codec_encoding_standard::ISO_8859_10,
    &codec_encoding_standard::ISO_8859_13,
    &codec_encoding_standard::ISO_8859_14,
    &codec_encoding_standard::ISO_8859_15,
    &codec_encoding_standard::ISO_8859_16,
    &codec_encoding_standard::KOI8_R,
    &codec_encoding_standard::KOI8_U,
    &codec_encoding_standard::MACINTOSH,
    &codec_encoding_standard::WINDOWS_874,
    &codec_encoding_standard::WINDOWS_1250,
    &codec_encoding_standard::WINDOWS_1251,
    &codec_encoding_standard::WINDOWS_1252,
    &codec_encoding_standard::WINDOWS_1253,
    &codec_encoding_standard::WINDOWS_1254,
    &codec_encoding_standard::WINDOWS_1255,
    &codec_encoding_standard::WINDOWS_1256,
    &codec_encoding_standard::WINDOWS_1257,
    &codec_encoding_standard::WINDOWS_1258,
    &codec_encoding_standard::X_MAC_CYRILLIC,
    &codec_encoding_standard::X_USER_DEFINED,
    &codec_encoding_standard::GBK,
    &codec_encoding_standard::GB18030,
    &codec_encoding_standard::BIG5,
    &codec_encoding_standard::EUC_JP,
    &codec_encoding_standard::SHIFT_JIS,
    &codec_encoding_standard::EUC_KR,
    // The Standard's encodings with state between characters, and the one
    // that decodes nothing.
    &codec_encoding_standard::ISO_2022_JP,
    &codec_encoding_standard::REPLACEMENT,
    // The 2014 draft's hz-gb-2312, by its own name (the label is
    // replacement's today).
    &codec_encoding_standard::HZ_GB_2312_2014,
    // ISO-8859-1 and US-ASCII as iconv reads them, last so that the fuzz
    // seeds' choices of the others stay; their labels, which the Standard
    // gives its windows-1252, are theirs in `get` (decision 0043).
    &codec_latin1::ISO_8859_1,
    &codec_latin1::US_ASCII,
];

/// The codecs whose labels [`get`] and [`get_big`] try first: ISO-8859-1
/// and US-ASCII, which iconv's `latin1`, `iso-8859-1`, `ascii` and
/// `us-ascii` name, where the Encoding Standard's table names windows-1252.
const FIRST: usize = 2;

static BIG_CODECS: &[&dyn BigCodec] = &[
    &Big(&codec_utf8::UTF_8),
    &Big(&codec_utf8::GENERALIZED_UTF_8),
    &Big(&codec_utf8::UTF_8_RFC2279),
    &Big(&codec_utf16::UTF_16LE),
    &Big(&codec_utf16::UTF_16BE),
    &Big(&codec_utf16::WTF_16LE),
    &Big(&codec_utf16::WTF_16BE),
    &Big(&codec_utf32::UTF_32LE),
    &Big(&codec_utf32::UTF_32BE),
    &Big(&codec_utf32::WTF_32LE),
    &Big(&codec_utf32::WTF_32BE),
    &Big(&codec_wtf8::WTF_8),
    &Big(&codec_cesu8::CESU_8),
    &Big(&codec_cesu8::MUTF_8),
    &Big(&codec_cesu8::MUTF_8_LENIENT),
    &Big(&codec_corrected_utf8::CORRECTED_UTF_8),
    &Big(&codec_corrected_utf8::CORRECTED_UTF_8_C1),
    &codec_utf_inf_8::UTF_INF_8,
    &Big(&codec_utf8_history::UTF_1),
    &Big(&codec_utf8_history::FSS_UTF_PROPOSAL_1992),
    &Big(&codec_encoding_standard::IBM866),
    &Big(&codec_encoding_standard::ISO_8859_2),
    &Big(&codec_encoding_standard::ISO_8859_3),
    &Big(&codec_encoding_standard::ISO_8859_4),
    &Big(&codec_encoding_standard::ISO_8859_5),
    &Big(&codec_encoding_standard::ISO_8859_6),
    &Big(&codec_encoding_standard::ISO_8859_7),
    &Big(&codec_encoding_standard::ISO_8859_8),
    &Big(&codec_encoding_standard::ISO_8859_8_I),
    &Big(&codec_encoding_standard::ISO_8859_10),
    &Big(&codec_encoding_standard::ISO_8859_13),
    &Big(&codec_encoding_standard::ISO_8859_14),
    &Big(&codec_encoding_standard::ISO_8859_15),
    &Big(&codec_encoding_standard::ISO_8859_16),
    &Big(&codec_encoding_standard::KOI8_R),
    &Big(&codec_encoding_standard::KOI8_U),
    &Big(&codec_encoding_standard::MACINTOSH),
    &Big(&codec_encoding_standard::WINDOWS_874),
    &Big(&codec_encoding_standard::WINDOWS_1250),
    &Big(&codec_encoding_standard::WINDOWS_1251),
    &Big(&codec_encoding_standard::WINDOWS_1252),
    &Big(&codec_encoding_standard::WINDOWS_1253),
    &Big(&codec_encoding_standard::WINDOWS_1254),
    &Big(&codec_encoding_standard::WINDOWS_1255),
    &Big(&codec_encoding_standard::WINDOWS_1256),
    &Big(&codec_encoding_standard::WINDOWS_1257),
    &Big(&codec_encoding_standard::WINDOWS_1258),
    &Big(&codec_encoding_standard::X_MAC_CYRILLIC),
    &Big(&codec_encoding_standard::X_USER_DEFINED),
    &Big(&codec_encoding_standard::GBK),
    &Big(&codec_encoding_standard::GB18030),
    &Big(&codec_encoding_standard::BIG5),
    &Big(&codec_encoding_standard::EUC_JP),
    &Big(&codec_encoding_standard::SHIFT_JIS),
    &Big(&codec_encoding_standard::EUC_KR),
    &Big(&codec_encoding_standard::ISO_2022_JP),
    &Big(&codec_encoding_standard::REPLACEMENT),
    &Big(&codec_encoding_standard::HZ_GB_2312_2014),
    &Big(&codec_latin1::ISO_8859_1),
    &Big(&codec_latin1::US_ASCII),
];
