//! CESU-8 and Java's Modified UTF-8, as one algorithm with three parameter
//! sets: strict CESU-8, strict Modified UTF-8, and Modified UTF-8 exactly as
//! Java's `DataInputStream.readUTF` reads it; with Java's length-prefixed
//! framing (`writeUTF`/`readUTF`).
//!
//! # The everyday tasks
//!
//! ```
//! use codec_cesu8::{Decode, CESU_8, MUTF_8};
//!
//! // Validate: where the valid part ends, and why (a four-byte form is not CESU-8).
//! let err = CESU_8.validate(b"ok\xF0\x9F\x92\xA9").unwrap_err();
//! assert_eq!((err.valid_up_to(), err.kind().as_str()), (2, "four_byte_sequence"));
//!
//! // To and from UTF-8: borrowed when nothing differs.
//! let java = MUTF_8.from_utf8("a\0\u{1F4A9}");
//! assert_eq!(&*java, b"a\xC0\x80\xED\xA0\xBD\xED\xB2\xA9");
//! assert_eq!(MUTF_8.to_utf8(&java).unwrap(), "a\0\u{1F4A9}");
//! assert_eq!(CESU_8.decode_to_string_lossy(b"a\xED\xA0\x80"), "a\u{FFFD}");
//!
//! // To and from UTF-16 code units (a Java string's own form).
//! let units = MUTF_8.decode_to_utf16(&java).unwrap();
//! assert_eq!(units, [0x61, 0, 0xD83D, 0xDCA9]);
//! assert_eq!(MUTF_8.from_utf16(&units).unwrap(), &*java);
//! ```
//!
//! # The specifications
//!
//! * **CESU-8**: *Compatibility Encoding Scheme for UTF-16: 8-Bit (CESU-8)*,
//!   Unicode Technical Report #26 (as summarized in the "CESU-8" section of
//!   Wikipedia's *UTF-8*, 2016, and compared with WTF-8 in the WTF-8
//!   specification's "Differences with CESU-8"). A supplementary code point
//!   is its UTF-16 surrogate pair with each half in UTF-8's three-byte form,
//!   six bytes in all; a four-byte form is ill-formed; an unpaired surrogate
//!   is ill-formed; U+0000 is the byte `00`. Everything else is UTF-8.
//! * **Modified UTF-8** (`mutf-8`): the JVM Specification (§4.4.7, class
//!   files), JNI and `java.io.DataInput`'s "modified UTF-8": CESU-8's
//!   supplementary code points, U+0000 as `C0 80` and the byte `00`
//!   ill-formed, lone surrogates as code points (Java strings are UTF-16
//!   code units and may hold them).
//! * **Modified UTF-8, lenient** (`mutf-8-lenient`): what Java 17's
//!   `DataInputStream.readUTF` accepts, recorded by running it
//!   (`xtask/java/`): also the byte `00` and every overlong two- and
//!   three-byte form (`C0..C1 xx`, `E0 80..9F xx`). It encodes as Java's
//!   `writeUTF` does, like `mutf-8`.
//!
//! # How they differ from UTF-8
//!
//! | bytes | UTF-8 | CESU-8 | Modified UTF-8 | lenient |
//! |---|---|---|---|---|
//! | `F0 9F 92 A9` | U+1F4A9 | `four_byte_sequence` ×1, then 3 continuation errors | same | same |
//! | `ED A0 BD ED B2 A9` | six U+FFFD (`surrogate`) | U+1F4A9 | U+1F4A9 | U+1F4A9 |
//! | `ED A0 80 41` | three U+FFFD, `A` | `unpaired_surrogate` (3 bytes), `A` | U+D800 `A` | U+D800 `A` |
//! | `00` | U+0000 | U+0000 | `nul` | U+0000 |
//! | `C0 80` | two U+FFFD (`overlong`) | two U+FFFD | U+0000 | U+0000 |
//! | `C1 BF`, `E0 81 BF` | `overlong` | `overlong` | `overlong` | U+007F |
//! | U+0000, encoded | `00` | `00` | `C0 80` | `C0 80` |
//!
//! BMP text without U+0000 is the same bytes in all of them, which is what
//! the kernels find at the speed of `codec-utf8`'s UTF-8 skip.
//!
//! # Variants
//!
//! [`CESU_8`], [`MUTF_8`] and [`MUTF_8_LENIENT`] are the one
//! [`Cesu8Codec`] with a [`Variant`]. The two Modified UTF-8 codecs have
//! Java's framing ([`JAVA_FRAMING`], [`JAVA_FRAMING_LENIENT`], also through
//! [`Codec::framing`]).
//!
//! # Round trip
//!
//! ```
//! use codec_cesu8::{CodePoint, Decode, Encode, CESU_8, JAVA_FRAMING, MUTF_8};
//!
//! let text = "a\0\u{1F4A9}";
//! let points: Vec<CodePoint> = text.chars().map(CodePoint::from).collect();
//! let cesu = CESU_8.encode(&points).unwrap();
//! assert_eq!(cesu, b"a\0\xED\xA0\xBD\xED\xB2\xA9");
//! assert_eq!(CESU_8.decode(&cesu).unwrap(), points);
//! let java = MUTF_8.from_utf8(text);
//! assert_eq!(&*java, b"a\xC0\x80\xED\xA0\xBD\xED\xB2\xA9");
//! assert_eq!(MUTF_8.to_utf8(&java).unwrap(), text);
//!
//! // writeUTF and readUTF.
//! let mut frame = Vec::new();
//! JAVA_FRAMING.write_frame(&points, &mut frame).unwrap();
//! assert_eq!(frame[..2], [0, 9]);
//! assert_eq!(JAVA_FRAMING.read_frame(&frame).unwrap(), (points, 11));
//! ```
//!
//! # Errors
//!
//! Decoding errors are the core's [`DecodeError`] (offset, length of the
//! ill-formed subpart, kind), with `codec-utf8`'s kinds for what UTF-8 also
//! rejects, plus: `four_byte_sequence` (a lead byte `F0..F4`, a one-byte
//! subpart), `unpaired_surrogate` (CESU-8: a lone surrogate's three bytes;
//! a lead surrogate at the end of input, or before the start of a trail the
//! input ends in, is `truncated`), `nul` (strict Modified UTF-8: the byte
//! `00`). Encoding fails for a surrogate code point in CESU-8 (`surrogate`)
//! and above U+10FFFF (`out_of_range`). Java's framing adds
//! `length_over_limit` (a payload over 65,535 bytes) and `truncated` (a
//! count larger than the bytes left). The reasons are in
//! `docs/decisions/0008-cesu8-mutf8.md`.
//!
//! # Non-goals
//!
//! CESU-8 for interchange (TR #26: it is not meant for open interchange);
//! the C-string flavour of Modified UTF-8 with a terminating `00` (strip it
//! first); Java's `readUTF` error messages (errors have the core's shape).
//!
//! # Built on
//!
//! `codec-utf8`'s automaton with its grammar builders
//! (`codec_utf8::automaton::Grammar`), plus CESU-8's six-byte pair rule
//! (here, `decode.rs`/`encode.rs`); `codec-wtf8`'s string types for the
//! lossless Modified UTF-8 ⇄ WTF-8 conversion.
#![no_std]
#![deny(missing_docs)]
#![deny(unsafe_code)]

extern crate alloc;

// The core's vocabulary, re-exported so that a program needs this crate
// alone: the same list in every codec crate (`cargo xtask tidy` checks it),
// each item with its own documentation.
#[cfg(feature = "std")]
pub use codec_core::TranscodeReader;
pub use codec_core::{
    CodePoint, Codec, Decode, DecodeError, DecodeMode, Decoder, Encode, EncodeError, EncodeMode, EncodeStep, Encoder,
    ErrorKind, Status, Step, Transcoder,
};
// What this crate's API adds to it.
pub use codec_core::Framing;

mod convert;
mod decode;
mod encode;
mod framing;
mod kernels;

use alloc::vec::Vec;

use codec_core::{CodecInfo, Domain, FastJob, FastPaths, Progress, Surrogates};
use codec_utf8::automaton::Grammar;

pub use framing::{JAVA_FRAMING, JAVA_FRAMING_LENIENT, JavaFraming, MAX_FRAME_PAYLOAD};

/// Which of the three parameter sets a [`Cesu8Codec`] uses.
///
/// # Examples
///
/// ```
/// use codec_cesu8::{Cesu8Codec, Variant};
/// assert_eq!(Cesu8Codec::new(Variant::Mutf8), codec_cesu8::MUTF_8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// CESU-8 (TR #26), strict: `cesu-8`.
    Cesu8,
    /// Modified UTF-8 (the JVM Specification), strict: `mutf-8`.
    Mutf8,
    /// Modified UTF-8 as Java 17's `readUTF` reads it: `mutf-8-lenient`.
    Mutf8Lenient,
}

/// The codec: see the crate docs. Its values are [`CESU_8`], [`MUTF_8`] and
/// [`MUTF_8_LENIENT`].
///
/// # Examples
///
/// ```
/// use codec_cesu8::{Decode, ErrorKind, CESU_8, MUTF_8};
/// let err = CESU_8.validate(b"ok\xED\xA0\x80!").unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len(), err.kind()), (2, Some(3), ErrorKind::UnpairedSurrogate));
/// assert_eq!(MUTF_8.decode(b"ok\xED\xA0\x80!").unwrap()[2].to_u32(), 0xD800);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cesu8Codec {
    variant: Variant,
}

/// CESU-8 (Unicode TR #26), strict.
pub static CESU_8: Cesu8Codec = Cesu8Codec::new(Variant::Cesu8);
/// Modified UTF-8 (the JVM Specification), strict.
pub static MUTF_8: Cesu8Codec = Cesu8Codec::new(Variant::Mutf8);
/// Modified UTF-8 as Java 17's `DataInputStream.readUTF` reads it.
pub static MUTF_8_LENIENT: Cesu8Codec = Cesu8Codec::new(Variant::Mutf8Lenient);

/// The automaton's grammar of each variant: generalized UTF-8 (surrogates
/// decode; CESU-8's rule decides about them) without four-byte forms.
const CESU8_GRAMMAR: Grammar = Grammar::GENERALIZED.with_four_byte_forms(false);
const MUTF8_GRAMMAR: Grammar = CESU8_GRAMMAR.with_two_byte_nul(true).with_nul_byte(false);
const LENIENT_GRAMMAR: Grammar = CESU8_GRAMMAR.with_two_byte_nul(true).with_overlong_forms(true);

static CESU8_INFO: CodecInfo = CodecInfo {
    name: "cesu-8",
    aliases: &["cesu8"],
    domain: Domain {
        summary: "Unicode scalar values (U+0000..U+10FFFF except surrogates)",
        max: Some(0x10_FFFF),
        surrogates: Surrogates::None,
        excluded: &[],
    },
    max_bytes_per_code_point: Some(6),
    description: "CESU-8 (Unicode TR #26): UTF-8 with supplementary code points as two three-byte surrogates",
    version: env!("CARGO_PKG_VERSION"),
};

static MUTF8_INFO: CodecInfo = CodecInfo {
    name: "mutf-8",
    aliases: &["mutf8", "modified-utf-8", "java-modified-utf-8"],
    domain: Domain {
        summary: "U+0000..U+10FFFF, no lead surrogate followed by a trail surrogate",
        max: Some(0x10_FFFF),
        surrogates: Surrogates::Unpaired,
        excluded: &[],
    },
    max_bytes_per_code_point: Some(6),
    description: "Modified UTF-8 (JVM): CESU-8 with U+0000 as C0 80, no 00 byte, lone surrogates kept",
    version: env!("CARGO_PKG_VERSION"),
};

static LENIENT_INFO: CodecInfo = CodecInfo {
    name: "mutf-8-lenient",
    aliases: &["mutf8-lenient", "java-readutf"],
    domain: MUTF8_INFO.domain,
    max_bytes_per_code_point: Some(6),
    description: "Modified UTF-8 as Java 17's DataInputStream.readUTF reads it (00 and overlong forms accepted)",
    version: env!("CARGO_PKG_VERSION"),
};

impl Cesu8Codec {
    /// Returns the codec of a variant (the same as the matching static).
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_cesu8::{Cesu8Codec, Variant};
    /// assert_eq!(Cesu8Codec::new(Variant::Cesu8), codec_cesu8::CESU_8);
    /// ```
    #[must_use]
    pub const fn new(variant: Variant) -> Cesu8Codec {
        Cesu8Codec { variant }
    }

    /// Returns the variant.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_cesu8::MUTF_8_LENIENT.variant(), codec_cesu8::Variant::Mutf8Lenient);
    /// ```
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// Returns the grammar of `codec-utf8`'s automaton that the variant runs
    /// under its own pair rule: generalized UTF-8 without four-byte forms,
    /// with `C0 80` for U+0000 and no `00` (Modified UTF-8), and overlong
    /// forms (lenient).
    ///
    /// # Examples
    ///
    /// ```
    /// let g = codec_cesu8::MUTF_8.grammar();
    /// assert!(g.allows_two_byte_nul() && !g.allows_nul_byte() && !g.allows_four_byte_forms());
    /// ```
    #[must_use]
    pub const fn grammar(&self) -> Grammar {
        match self.variant {
            Variant::Cesu8 => CESU8_GRAMMAR,
            Variant::Mutf8 => MUTF8_GRAMMAR,
            Variant::Mutf8Lenient => LENIENT_GRAMMAR,
        }
    }

    /// Returns true when lone surrogates are code points (Modified UTF-8),
    /// false when they are ill-formed (CESU-8).
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(!codec_cesu8::CESU_8.keeps_lone_surrogates());
    /// assert!(codec_cesu8::MUTF_8.keeps_lone_surrogates());
    /// ```
    #[must_use]
    pub const fn keeps_lone_surrogates(&self) -> bool {
        !matches!(self.variant, Variant::Cesu8)
    }

    fn rules(&self) -> kernels::Rules {
        let grammar = self.grammar();
        // The kernels stop at `00` wherever it is not the form written for
        // U+0000: in both Modified UTF-8 variants (the lenient one reads it,
        // but writes `C0 80`, and escape mode must see it as not canonical).
        kernels::Rules { nul_stops: grammar.allows_two_byte_nul(), two_byte_nul: grammar.allows_two_byte_nul() }
    }
}

impl Decode for Cesu8Codec {
    type Point = CodePoint;

    #[inline]
    fn decode_step(&self, input: &[u8], last: bool) -> Step<CodePoint> {
        decode::step(self, input, last)
    }

    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        Some(self)
    }

    /// The forms strict Modified UTF-8 reads are the ones every variant
    /// writes; only the lenient variant reads others (`00`, `E0 80 80` for
    /// U+0000, `C1 BF` for U+007F, ...), which escape mode therefore escapes
    /// byte by byte (decision 0008).
    fn is_canonical(&self, form: &[u8]) -> bool {
        self.variant() != Variant::Mutf8Lenient
            || matches!(decode::step(&MUTF_8, form, true), Step::Point { len, .. } if len == form.len())
    }
}

impl Encode for Cesu8Codec {
    type Point = CodePoint;

    fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
        encode::step(self, input, out)
    }

    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        Some(self)
    }
}

/// The variants' kernels (`kernels.rs`).
impl FastPaths for Cesu8Codec {
    fn run(&self, job: FastJob<'_>) -> Progress {
        let nul = self.grammar().allows_two_byte_nul();
        match job {
            // Strict UTF-8 without four-byte forms (and without `00` in
            // strict Modified UTF-8), six-byte pairs and `C0 80`.
            FastJob::Validate(input) => (kernels::validate(self.rules(), input), 0).into(),
            FastJob::Decode(input, out) => {
                let before = out.len();
                let read = kernels::decode(self.rules(), input, out);
                (read, out.len() - before).into()
            }
            FastJob::DecodeToUtf16(input, out) => kernels::decode_to_utf16(self.rules(), input, out).into(),
            FastJob::DecodeToUtf8(input, out) => kernels::decode_to_utf8(self.rules(), input, out).into(),
            // Scalar values, each as the step writes it.
            FastJob::Encode(input, out) => {
                let before = out.len();
                let read = kernels::encode(nul, input, out);
                (read, out.len() - before).into()
            }
            FastJob::EncodeFromUtf16(input, out) | FastJob::EncodeFromValidUtf16(input, out) => {
                kernels::encode_from_utf16(nul, input, out).into()
            }
            FastJob::EncodeFromStr(input, out) => kernels::encode_from_str(nul, input, out).into(),
            _ => Progress::default(),
        }
    }
}

impl Codec for Cesu8Codec {
    fn info(&self) -> &'static CodecInfo {
        match self.variant {
            Variant::Cesu8 => &CESU8_INFO,
            Variant::Mutf8 => &MUTF8_INFO,
            Variant::Mutf8Lenient => &LENIENT_INFO,
        }
    }

    /// Java's `writeUTF`/`readUTF` framing, for the two Modified UTF-8
    /// variants.
    fn framing(&self) -> Option<&dyn Framing> {
        match self.variant {
            Variant::Cesu8 => None,
            Variant::Mutf8 => Some(&JAVA_FRAMING),
            Variant::Mutf8Lenient => Some(&JAVA_FRAMING_LENIENT),
        }
    }
}
