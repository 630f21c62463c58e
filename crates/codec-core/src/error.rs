//! The one error shape of every codec: [`ErrorKind`], [`DecodeError`] and
//! [`EncodeError`] (see `docs/decisions/0002-error-shape.md`).

use core::fmt;

use crate::code_point::CodePoint;
use crate::codec::{Decode, Encode};
use crate::lines::LineCounter;

macro_rules! error_kinds {
    ($( $(#[$doc:meta])* $variant:ident = $name:literal, $message:literal; )*) => {
        /// Why a byte sequence could not be decoded, or a code point encoded.
        ///
        /// One enum for every codec, so that errors compare across codecs. Each
        /// kind has a stable snake_case name ([`ErrorKind::as_str`]) used by the
        /// CLI and the matrix, and a lowercase message (its `Display`).
        ///
        /// # Examples
        ///
        /// ```
        /// use codec_core::ErrorKind;
        /// assert_eq!(ErrorKind::Overlong.as_str(), "overlong");
        /// assert_eq!(ErrorKind::Overlong.to_string(), "overlong encoding");
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum ErrorKind {
            $( $(#[$doc])* $variant, )*
        }

        impl ErrorKind {
            /// Every kind, in declaration order.
            pub const ALL: &'static [ErrorKind] = &[$(ErrorKind::$variant),*];

            /// Returns the kind's stable snake_case name.
            ///
            /// # Examples
            ///
            /// ```
            /// assert_eq!(codec_core::ErrorKind::Truncated.as_str(), "truncated");
            /// ```
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self { $(ErrorKind::$variant => $name,)* }
            }

            /// Returns the kind's message (what it displays as): lowercase,
            /// no trailing period.
            const fn message(self) -> &'static str {
                match self { $(ErrorKind::$variant => $message,)* }
            }
        }
    };
}

error_kinds! {
    /// A continuation byte (`10xxxxxx`) where a sequence must start.
    UnexpectedContinuation = "unexpected_continuation", "unexpected continuation byte";
    /// A byte that starts no sequence in this codec (for UTF-8: `C0`, `C1`,
    /// `F5..=FF`; for RFC 2279: `FE`, `FF`).
    InvalidLead = "invalid_lead", "invalid lead byte";
    /// A sequence cut short by a byte that cannot continue it.
    MissingContinuation = "missing_continuation", "missing continuation byte";
    /// The input ended inside a sequence (the error has no length).
    Truncated = "truncated", "truncated sequence";
    /// A longer encoding than the shortest one for its value.
    Overlong = "overlong", "overlong encoding";
    /// A surrogate code point where the codec forbids surrogates.
    Surrogate = "surrogate", "surrogate code point";
    /// A surrogate that is not part of a lead+trail pair where only pairs are
    /// allowed (UTF-16, CESU-8).
    UnpairedSurrogate = "unpaired_surrogate", "unpaired surrogate";
    /// A surrogate pair where the spec forbids one (a surrogate pair byte
    /// sequence in WTF-8; a lead+trail surrogate code point pair given to a
    /// UTF-16 encoder).
    SurrogatePair = "surrogate_pair", "surrogate pair where the encoding forbids one";
    /// A four-byte sequence where the codec encodes supplementary code points
    /// as surrogate pairs (CESU-8, Modified UTF-8).
    FourByteSequence = "four_byte_sequence", "four-byte sequence where a surrogate pair is required";
    /// A value beyond the codec's code point range.
    OutOfRange = "out_of_range", "code point out of range";
    /// A code point in the codec's range that it does not represent (C1
    /// controls and surrogates in Corrected UTF-8).
    Unrepresentable = "unrepresentable", "code point not representable";
    /// A NUL byte where the codec forbids it (Modified UTF-8).
    Nul = "nul", "nul byte where forbidden";
    /// A length field over the limit the decoder accepts.
    LengthOverLimit = "length_over_limit", "length over limit";
    /// A sequence reserved for future use (Corrected UTF-8's `FE`/`FF`
    /// sequences): well-formed, but it stands for no code point yet.
    Reserved = "reserved", "reserved sequence";
    /// A shift sequence that shifts nothing: another one follows it at once
    /// (iso-2022-jp's escape sequences, the Encoding Standard's "output
    /// flag").
    EmptyShift = "empty_shift", "shift sequence followed at once by another";
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

/// A decoding error: where valid input ends, how long the ill-formed subpart
/// is, and why.
///
/// Modelled on [`core::str::Utf8Error`]: [`valid_up_to`](Self::valid_up_to) is
/// the byte offset of the first byte not part of a well-formed prefix, and
/// [`error_len`](Self::error_len) the length of the maximal ill-formed subpart
/// starting there, or `None` when the input ended inside a sequence that more
/// bytes could have completed.
///
/// # Examples
///
/// ```
/// use codec_core::{DecodeError, ErrorKind};
///
/// let err = DecodeError::new(3, Some(1), ErrorKind::InvalidLead);
/// assert_eq!(err.valid_up_to(), 3);
/// assert_eq!(err.to_string(), "invalid lead byte at byte offset 3");
/// let end = DecodeError::new(5, None, ErrorKind::Truncated);
/// assert_eq!(end.error_len(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{kind} at byte offset {valid_up_to}")]
pub struct DecodeError {
    valid_up_to: usize,
    error_len: Option<usize>,
    kind: ErrorKind,
}

impl DecodeError {
    /// Creates a decoding error.
    ///
    /// # Examples
    ///
    /// ```
    /// let e = codec_core::DecodeError::new(0, Some(2), codec_core::ErrorKind::Overlong);
    /// assert_eq!(e.error_len(), Some(2));
    /// ```
    #[must_use]
    pub const fn new(valid_up_to: usize, error_len: Option<usize>, kind: ErrorKind) -> Self {
        DecodeError { valid_up_to, error_len, kind }
    }

    /// Returns the byte offset where valid input ends (where the error starts).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_core::DecodeError::new(7, None, codec_core::ErrorKind::Truncated).valid_up_to(), 7);
    /// ```
    #[must_use]
    pub const fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }

    /// Returns the length of the ill-formed subpart, or `None` when the input
    /// ended in the middle of a sequence.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_core::DecodeError::new(0, Some(1), codec_core::ErrorKind::Nul).error_len(), Some(1));
    /// ```
    #[must_use]
    pub const fn error_len(&self) -> Option<usize> {
        self.error_len
    }

    /// Returns why the bytes are ill-formed.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::{DecodeError, ErrorKind};
    /// assert_eq!(DecodeError::new(0, Some(3), ErrorKind::Surrogate).kind(), ErrorKind::Surrogate);
    /// ```
    #[must_use]
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// Returns the same error moved `by` bytes later, for a caller that decoded
    /// a slice starting at that offset.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::{DecodeError, ErrorKind};
    /// assert_eq!(DecodeError::new(1, None, ErrorKind::Truncated).shifted(10).valid_up_to(), 11);
    /// ```
    #[must_use]
    pub const fn shifted(self, by: usize) -> Self {
        DecodeError { valid_up_to: self.valid_up_to + by, ..self }
    }

    /// Returns the line and the column (both from 1) of the error's offset
    /// in `input`, the bytes of `codec` it was found in: a line ends at
    /// each U+000A (a CR is an item like any other), and the column counts
    /// the items of the line before the offset, code points and ill-formed
    /// subparts alike, one each, as [`Decode::items`](crate::Decode::items)
    /// gives them. Offsets count from the first byte of `input`: a BOM the
    /// caller skipped is not in it, one left in is an item (U+FEFF). Where
    /// the input cannot be kept, [`LineCounter`](crate::LineCounter) counts
    /// the same as it goes by; this is a `LineCounter` fed the bytes before
    /// the offset (all of `input` where it is shorter), the bytes from it
    /// on deciding a sequence cut there.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::Decode;
    /// # use codec_core::doc_example::Ascii;
    /// let input = b"first\nsecond \xFF";
    /// let err = Ascii.validate(input).unwrap_err();
    /// assert_eq!(err.line_column(&Ascii, input), (2, 8));
    /// ```
    #[must_use]
    pub fn line_column<C: Decode + Encode + ?Sized>(&self, codec: &C, input: &[u8]) -> (u64, u64) {
        let (before, after) = input.split_at(self.valid_up_to.min(input.len()));
        let mut lines = LineCounter::new(codec);
        lines.feed(before);
        lines.line_column(after)
    }
}

/// An encoding error: the index of the code point that could not be encoded,
/// the code point, and why.
///
/// # Examples
///
/// ```
/// use codec_core::{CodePoint, EncodeError, ErrorKind};
///
/// let err = EncodeError::new(2, CodePoint::new(0xD800), ErrorKind::Surrogate);
/// assert_eq!(err.index(), 2);
/// assert_eq!(err.to_string(), "cannot encode U+D800 at index 2: surrogate code point");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("cannot encode {code_point} at index {index}: {kind}")]
pub struct EncodeError<P = CodePoint> {
    index: usize,
    code_point: P,
    kind: ErrorKind,
}

impl<P> EncodeError<P> {
    /// Creates an encoding error.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::{CodePoint, EncodeError, ErrorKind};
    /// let e = EncodeError::new(0, CodePoint::new(0x110000), ErrorKind::OutOfRange);
    /// assert_eq!(e.kind(), ErrorKind::OutOfRange);
    /// ```
    #[must_use]
    pub const fn new(index: usize, code_point: P, kind: ErrorKind) -> Self {
        EncodeError { index, code_point, kind }
    }

    /// Returns the index of the code point in the input.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::{CodePoint, EncodeError, ErrorKind};
    /// assert_eq!(EncodeError::new(4, CodePoint::NUL, ErrorKind::Nul).index(), 4);
    /// ```
    #[must_use]
    pub const fn index(&self) -> usize {
        self.index
    }

    /// Returns the code point that could not be encoded.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::{CodePoint, EncodeError, ErrorKind};
    /// assert_eq!(EncodeError::new(0, CodePoint::NUL, ErrorKind::Nul).code_point(), &CodePoint::NUL);
    /// ```
    #[must_use]
    pub const fn code_point(&self) -> &P {
        &self.code_point
    }

    /// Returns why it could not be encoded.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::{CodePoint, EncodeError, ErrorKind};
    /// assert_eq!(EncodeError::new(0, CodePoint::NUL, ErrorKind::Nul).kind(), ErrorKind::Nul);
    /// ```
    #[must_use]
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// Returns the same error moved `by` code points later, for a caller that
    /// encoded a run starting at that index.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_core::{CodePoint, EncodeError, ErrorKind};
    /// assert_eq!(EncodeError::new(1, CodePoint::NUL, ErrorKind::Nul).shifted(10).index(), 11);
    /// ```
    #[must_use]
    pub fn shifted(self, by: usize) -> Self {
        EncodeError { index: self.index + by, ..self }
    }
}
