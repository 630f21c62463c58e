//! The string types: [`Wtf8Buf`] (owned) and [`Wtf8`] (borrowed), always
//! well-formed WTF-8, with the specification's conversions and
//! concatenation.

use alloc::borrow::{Cow, ToOwned};
use alloc::string::String;
use alloc::vec::Vec;
use core::borrow::Borrow;
use core::fmt::{self, Write as _};
use core::ops::{Bound, Deref, RangeBounds};

use codec_core::{CodePoint, Decode, DecodeError, Encode, EncodeError, ErrorKind, Step};
use codec_utf8::automaton::{self, Grammar};
use codec_utf16::units::{self, EncodeUnits};

use crate::WTF_8;
use crate::surrogate::{lead_at, trail_at};

/// A borrowed WTF-8 string: a byte slice known to be well-formed WTF-8 (no
/// surrogate pair byte sequence, every other rule of generalized UTF-8).
///
/// Byte order is code point order, so the derived `Ord` orders by code
/// points; `Hash` and `Eq` are those of the bytes.
///
/// # Examples
///
/// ```
/// use codec_wtf8::Wtf8;
/// let w = Wtf8::from_bytes(b"a\xED\xA0\x80").unwrap();
/// assert_eq!(w.code_points().map(|cp| cp.to_u32()).collect::<Vec<_>>(), [0x61, 0xD800]);
/// assert_eq!(w.to_string_lossy(), "a\u{FFFD}");
/// assert_eq!(format!("{w:?}"), r#""a\u{D800}""#);
/// assert!(Wtf8::from_bytes(b"\xED\xA0\x80\xED\xB0\x80").is_err());
/// ```
#[derive(PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Wtf8 {
    bytes: [u8],
}

/// An owned WTF-8 string that stays well-formed through every operation:
/// pushing a trail surrogate after a lead surrogate joins them, as the
/// specification's concatenation does.
///
/// # Examples
///
/// ```
/// use codec_wtf8::CodePoint;
/// use codec_wtf8::Wtf8Buf;
/// let mut s = Wtf8Buf::from("ab");
/// s.push(CodePoint::new(0xD83D)).unwrap();
/// assert_eq!(s.as_bytes(), b"ab\xED\xA0\xBD");
/// s.push(CodePoint::new(0xDCA9)).unwrap();
/// assert_eq!(s.into_string(), Ok("ab\u{1F4A9}".to_string()));
/// ```
#[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Wtf8Buf {
    bytes: Vec<u8>,
}

/// Why a byte range of a [`Wtf8`] could not be taken: an index out of
/// bounds or inside a code point's sequence.
///
/// # Examples
///
/// ```
/// let w = codec_wtf8::Wtf8::new("é");
/// let err = w.slice(1..).unwrap_err();
/// assert_eq!(err.index(), 1);
/// assert_eq!(err.to_string(), "byte index 1 is not a code point boundary");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoundaryError {
    index: usize,
    len: usize,
}

impl BoundaryError {
    /// Returns the offending byte index.
    #[must_use]
    pub const fn index(&self) -> usize {
        self.index
    }
}

impl fmt::Display for BoundaryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.index > self.len {
            write!(f, "byte index {} is out of bounds of a string of length {}", self.index, self.len)
        } else {
            write!(f, "byte index {} is not a code point boundary", self.index)
        }
    }
}

impl core::error::Error for BoundaryError {}

/// The error of [`Wtf8Buf::from_bytes`]: why the bytes are not WTF-8, and the
/// bytes themselves, given back.
///
/// # Examples
///
/// ```
/// let err = codec_wtf8::Wtf8Buf::from_bytes(b"ok\xFF".to_vec()).unwrap_err();
/// assert_eq!(err.error().valid_up_to(), 2);
/// assert_eq!(err.into_bytes(), b"ok\xFF");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FromBytesError {
    bytes: Vec<u8>,
    error: DecodeError,
}

impl FromBytesError {
    /// Returns the decoding error.
    #[must_use]
    pub const fn error(&self) -> DecodeError {
        self.error
    }

    /// Returns the bytes that were not WTF-8.
    #[must_use]
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}

impl fmt::Display for FromBytesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.error, f)
    }
}

impl core::error::Error for FromBytesError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl Wtf8 {
    /// Wraps bytes already known to be well-formed WTF-8.
    #[allow(unsafe_code)]
    fn from_bytes_unchecked(bytes: &[u8]) -> &Wtf8 {
        // SAFETY: `Wtf8` is `repr(transparent)` over `[u8]`, so a `*const
        // [u8]` cast to `*const Wtf8` keeps the same address, layout and
        // slice length metadata, and the reference keeps the input's
        // lifetime. That the bytes are well-formed WTF-8 is a library
        // invariant, not a memory-safety one: every caller passes bytes
        // just validated, a `str`, a `Wtf8Buf`'s bytes (which every
        // operation keeps well-formed), or a slice of a `Wtf8` cut at code
        // point boundaries. Miri runs the tests over this cast in CI.
        unsafe { &*(core::ptr::from_ref::<[u8]>(bytes) as *const Wtf8) }
    }

    /// Views UTF-8 as WTF-8: the specification's "convert from UTF-8 to
    /// WTF-8", which returns the input unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_wtf8::Wtf8::new("hé").as_bytes(), "hé".as_bytes());
    /// ```
    #[must_use]
    pub fn new(s: &str) -> &Wtf8 {
        Wtf8::from_bytes_unchecked(s.as_bytes())
    }

    /// Checks that `bytes` are well-formed WTF-8 and borrows them.
    ///
    /// # Errors
    ///
    /// The first ill-formed subpart, as the [`crate::WTF_8`] codec reports
    /// it (a surrogate pair byte sequence is `surrogate_pair` at its lead).
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_wtf8::ErrorKind;
    /// let err = codec_wtf8::Wtf8::from_bytes(b"\xED\xA0\xBD\xED\xB2\xA9").unwrap_err();
    /// assert_eq!((err.valid_up_to(), err.kind()), (0, ErrorKind::SurrogatePair));
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<&Wtf8, DecodeError> {
        WTF_8.validate(bytes)?;
        Ok(Wtf8::from_bytes_unchecked(bytes))
    }

    /// Returns the WTF-8 bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_wtf8::Wtf8::new("a").as_bytes(), b"a");
    /// ```
    #[must_use]
    pub const fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Returns the length in bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_wtf8::Wtf8::new("é").len(), 2);
    /// ```
    #[must_use]
    pub const fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Returns true when the string is empty.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(codec_wtf8::Wtf8::new("").is_empty());
    /// ```
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Returns an iterator over the code points: the specification's "decode
    /// from well-formed WTF-8".
    ///
    /// # Examples
    ///
    /// ```
    /// let w = codec_wtf8::Wtf8::from_bytes(b"\xC3\xA9\xED\xA0\xBD").unwrap();
    /// let cps: Vec<u32> = w.code_points().map(|cp| cp.to_u32()).collect();
    /// assert_eq!(cps, [0xE9, 0xD83D]);
    /// ```
    pub fn code_points(&self) -> CodePoints<'_> {
        CodePoints { inner: self.code_point_indices() }
    }

    /// Returns an iterator over the code points and their byte offsets.
    ///
    /// # Examples
    ///
    /// ```
    /// let w = codec_wtf8::Wtf8::new("aé");
    /// let v: Vec<(usize, u32)> = w.code_point_indices().map(|(i, cp)| (i, cp.to_u32())).collect();
    /// assert_eq!(v, [(0, 0x61), (1, 0xE9)]);
    /// ```
    pub fn code_point_indices(&self) -> CodePointIndices<'_> {
        CodePointIndices { bytes: &self.bytes, offset: 0 }
    }

    /// Returns true when `index` is the start or end of a code point's
    /// sequence (0 and `len()` included); false inside one or out of bounds.
    ///
    /// # Examples
    ///
    /// ```
    /// let w = codec_wtf8::Wtf8::new("é");
    /// assert_eq!([0, 1, 2, 3].map(|i| w.is_code_point_boundary(i)), [true, false, true, false]);
    /// ```
    #[must_use]
    pub fn is_code_point_boundary(&self, index: usize) -> bool {
        match self.bytes.get(index) {
            Some(&b) => !(0x80..=0xBF).contains(&b),
            None => index == self.bytes.len(),
        }
    }

    /// Returns the sub-slice for a byte range whose ends are code point
    /// boundaries. A slice of well-formed WTF-8 cut at code point boundaries
    /// is well-formed WTF-8.
    ///
    /// # Errors
    ///
    /// [`BoundaryError`] for an end out of bounds or inside a sequence, or an
    /// end before the start (reported at the end).
    ///
    /// # Examples
    ///
    /// ```
    /// let w = codec_wtf8::Wtf8::new("aé ");
    /// assert_eq!(w.slice(1..3).unwrap().as_bytes(), "é".as_bytes());
    /// assert!(w.slice(2..).is_err());
    /// ```
    pub fn slice<R: RangeBounds<usize>>(&self, range: R) -> Result<&Wtf8, BoundaryError> {
        let len = self.bytes.len();
        let start = match range.start_bound() {
            Bound::Included(&i) => i,
            Bound::Excluded(&i) => i.saturating_add(1),
            Bound::Unbounded => 0,
        };
        let end = match range.end_bound() {
            Bound::Included(&i) => i.saturating_add(1),
            Bound::Excluded(&i) => i,
            Bound::Unbounded => len,
        };
        for index in [start, end] {
            if !self.is_code_point_boundary(index) {
                return Err(BoundaryError { index, len });
            }
        }
        if end < start {
            return Err(BoundaryError { index: end, len });
        }
        Ok(Wtf8::from_bytes_unchecked(&self.bytes[start..end]))
    }

    /// Returns the sub-slice for a byte range, or `None` where
    /// [`slice`](Wtf8::slice) gives an error.
    ///
    /// # Examples
    ///
    /// ```
    /// let w = codec_wtf8::Wtf8::new("é");
    /// assert!(w.get(0..1).is_none());
    /// assert_eq!(w.get(..).map(|s| s.len()), Some(2));
    /// ```
    #[must_use]
    pub fn get<R: RangeBounds<usize>>(&self, range: R) -> Option<&Wtf8> {
        self.slice(range).ok()
    }

    /// Returns true when the string holds no surrogate, so is UTF-8.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(!codec_wtf8::Wtf8::from_bytes(b"\xED\xB0\x80").unwrap().is_utf8());
    /// ```
    #[must_use]
    pub fn is_utf8(&self) -> bool {
        automaton::valid_prefix(&self.bytes) == self.bytes.len()
    }

    /// Borrows the string as `&str`: the specification's strict conversion to
    /// UTF-8, which fails on the first surrogate byte sequence.
    ///
    /// # Errors
    ///
    /// The first surrogate, as a [`DecodeError`] of kind `surrogate` whose
    /// `valid_up_to` and `error_len` are those of [`core::str::from_utf8`].
    ///
    /// # Examples
    ///
    /// ```
    /// let w = codec_wtf8::Wtf8::from_bytes(b"ab\xED\xA0\x80").unwrap();
    /// assert_eq!(w.to_str().unwrap_err().valid_up_to(), 2);
    /// assert_eq!(codec_wtf8::Wtf8::new("ok").to_str(), Ok("ok"));
    /// ```
    pub fn to_str(&self) -> Result<&str, DecodeError> {
        core::str::from_utf8(&self.bytes)
            .map_err(|e| DecodeError::new(e.valid_up_to(), e.error_len(), ErrorKind::Surrogate))
    }

    /// Splits the string before its first surrogate: the longest UTF-8
    /// prefix, and the rest (empty when the whole string is UTF-8).
    ///
    /// # Examples
    ///
    /// ```
    /// let w = codec_wtf8::Wtf8::from_bytes(b"ab\xED\xA0\x80c").unwrap();
    /// let (head, rest) = w.split_utf8_prefix();
    /// assert_eq!((head, rest.as_bytes()), ("ab", &b"\xED\xA0\x80c"[..]));
    /// ```
    #[must_use]
    pub fn split_utf8_prefix(&self) -> (&str, &Wtf8) {
        let n = automaton::valid_prefix(&self.bytes);
        let (head, rest) = self.bytes.split_at(n);
        (core::str::from_utf8(head).unwrap_or_default(), Wtf8::from_bytes_unchecked(rest))
    }

    /// Converts to UTF-8 lossily, as the specification says: each surrogate
    /// byte sequence becomes `EF BF BD` (U+FFFD), same length, so offsets are
    /// kept. Borrows when there is no surrogate.
    ///
    /// # Examples
    ///
    /// ```
    /// let w = codec_wtf8::Wtf8::from_bytes(b"a\xED\xA0\xBDb").unwrap();
    /// assert_eq!(w.to_string_lossy(), "a\u{FFFD}b");
    /// ```
    #[must_use]
    pub fn to_string_lossy(&self) -> Cow<'_, str> {
        match self.to_str() {
            Ok(s) => Cow::Borrowed(s),
            Err(_) => Cow::Owned(self.lossy_chunks().collect()),
        }
    }

    /// Returns the text in `&str` pieces, each surrogate as `"\u{FFFD}"`:
    /// the one lossy conversion, behind `Display` and the `*_lossy` methods.
    fn lossy_chunks(&self) -> LossyChunks<'_> {
        LossyChunks { rest: self, surrogate: false }
    }

    /// Returns an iterator over the potentially ill-formed UTF-16 code units
    /// of the string: the specification's "convert from WTF-8 to potentially
    /// ill-formed UTF-16" (never fails, lossless).
    ///
    /// # Examples
    ///
    /// ```
    /// let w = codec_wtf8::Wtf8::from_bytes(b"\xED\xA0\xBD\xF0\x9F\x92\xA9").unwrap();
    /// assert_eq!(w.encode_wide().collect::<Vec<u16>>(), [0xD83D, 0xD83D, 0xDCA9]);
    /// ```
    pub fn encode_wide(&self) -> EncodeWide<'_> {
        EncodeWide { units: units::encode_lazy(self.code_points()) }
    }

    /// Converts the string to potentially ill-formed UTF-16 all at once, as
    /// [`encode_wide`](Wtf8::encode_wide) does a unit at a time: each
    /// surrogate byte sequence becomes its surrogate unit.
    ///
    /// It runs the core's bulk UTF-8 to UTF-16 kernel over the whole string:
    /// the kernel decodes every sequence of one to four bytes by its bit
    /// distribution, so the three bytes of a surrogate come out as that
    /// surrogate, and a `Wtf8` holds nothing else that UTF-8 would not.
    ///
    /// # Examples
    ///
    /// ```
    /// let w = codec_wtf8::Wtf8::from_bytes(b"a\xED\xA0\xBD\xF0\x9F\x92\xA9").unwrap();
    /// assert_eq!(w.to_wide(), [0x61, 0xD83D, 0xD83D, 0xDCA9]);
    /// ```
    #[must_use]
    pub fn to_wide(&self) -> Vec<u16> {
        // No more units than bytes.
        let mut units = alloc::vec![0; self.bytes.len()];
        let (_, written) = utfx_kernels::valid_utf8_to_utf16(&self.bytes, &mut units);
        units.truncate(written);
        units
    }
}

// The WTF-8 specification, "Converting WTF-8 to UTF-8" (lossy): replace
// each surrogate byte sequence with EF BF BD (U+FFFD). In well-formed WTF-8
// the strict UTF-8 prefix ends where a surrogate byte sequence (three bytes)
// starts, or at the end.
/// The pieces of [`Wtf8::lossy_chunks`].
struct LossyChunks<'a> {
    rest: &'a Wtf8,
    surrogate: bool,
}

impl<'a> Iterator for LossyChunks<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        if self.surrogate {
            self.surrogate = false;
            self.rest = Wtf8::from_bytes_unchecked(self.rest.bytes.get(3..).unwrap_or_default());
            return Some("\u{FFFD}");
        }
        if self.rest.is_empty() {
            return None;
        }
        let (head, rest) = self.rest.split_utf8_prefix();
        self.rest = rest;
        self.surrogate = !rest.is_empty();
        Some(head)
    }
}

/// An iterator over the code points of a [`Wtf8`], from
/// [`Wtf8::code_points`].
///
/// # Examples
///
/// ```
/// assert_eq!(codec_wtf8::Wtf8::new("ab").code_points().count(), 2);
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy"]
pub struct CodePoints<'a> {
    inner: CodePointIndices<'a>,
}

impl Iterator for CodePoints<'_> {
    type Item = CodePoint;

    fn next(&mut self) -> Option<CodePoint> {
        self.inner.next().map(|(_, cp)| cp)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl core::iter::FusedIterator for CodePoints<'_> {}

/// An iterator over the code points of a [`Wtf8`] with their byte offsets,
/// from [`Wtf8::code_point_indices`].
///
/// # Examples
///
/// ```
/// let mut it = codec_wtf8::Wtf8::new("é!").code_point_indices();
/// assert_eq!(it.nth(1).map(|(i, cp)| (i, cp.to_u32())), Some((2, 0x21)));
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy"]
pub struct CodePointIndices<'a> {
    bytes: &'a [u8],
    offset: usize,
}

// The WTF-8 specification's "decode from well-formed WTF-8" is generalized
// UTF-8 decoding (Table 2's bit distribution read back): the core's
// automaton, which on a `Wtf8` never finds an error.
impl Iterator for CodePointIndices<'_> {
    type Item = (usize, CodePoint);

    fn next(&mut self) -> Option<(usize, CodePoint)> {
        let rest = &self.bytes[self.offset..];
        if rest.is_empty() {
            return None;
        }
        let (point, len) = match automaton::decode_step(Grammar::GENERALIZED, rest) {
            Step::Point { point, len } => (point, len),
            // Generalized UTF-8 reserves nothing; a `Wtf8` has no errors.
            Step::Reserved { len } | Step::Invalid { len, .. } | Step::Pair { len, .. } | Step::Shift { len } => {
                (CodePoint::REPLACEMENT, len)
            }
            Step::Incomplete => (CodePoint::REPLACEMENT, rest.len()),
        };
        let at = self.offset;
        self.offset += len;
        Some((at, point))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.bytes.len() - self.offset;
        (left.div_ceil(4), Some(left))
    }
}

impl core::iter::FusedIterator for CodePointIndices<'_> {}

/// An iterator over the UTF-16 code units of a [`Wtf8`], from
/// [`Wtf8::encode_wide`].
///
/// # Examples
///
/// ```
/// assert_eq!(codec_wtf8::Wtf8::new("\u{10000}").encode_wide().count(), 2);
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy"]
pub struct EncodeWide<'a> {
    // The specification's "convert from WTF-8 to potentially ill-formed
    // UTF-16" is generalized UTF-8 decoding, then its "Encoding" to UTF-16:
    // `codec-utf16`'s, over the code points (a `Wtf8` holds no surrogate
    // code point pair, so nothing merges).
    units: EncodeUnits<CodePoints<'a>>,
}

impl Iterator for EncodeWide<'_> {
    type Item = u16;

    fn next(&mut self) -> Option<u16> {
        self.units.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.units.size_hint()
    }
}

impl core::iter::FusedIterator for EncodeWide<'_> {}

impl fmt::Display for Wtf8 {
    /// Writes the string lossily: each surrogate as U+FFFD.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.lossy_chunks().try_for_each(|chunk| f.write_str(chunk))
    }
}

impl fmt::Debug for Wtf8 {
    /// Writes the string quoted, escaped as `str`'s `Debug` does, with each
    /// surrogate as `\u{D800}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('"')?;
        for cp in self.code_points() {
            match cp.to_char() {
                Some(c) => {
                    for e in c.escape_debug() {
                        f.write_char(e)?;
                    }
                }
                None => write!(f, "\\u{{{:X}}}", cp.to_u32())?,
            }
        }
        f.write_char('"')
    }
}

impl PartialEq<str> for Wtf8 {
    fn eq(&self, other: &str) -> bool {
        self.bytes == *other.as_bytes()
    }
}

impl AsRef<[u8]> for Wtf8 {
    fn as_ref(&self) -> &[u8] {
        &self.bytes
    }
}

impl AsRef<Wtf8> for Wtf8 {
    fn as_ref(&self) -> &Wtf8 {
        self
    }
}

impl AsRef<Wtf8> for str {
    fn as_ref(&self) -> &Wtf8 {
        Wtf8::new(self)
    }
}

impl AsRef<Wtf8> for String {
    fn as_ref(&self) -> &Wtf8 {
        Wtf8::new(self)
    }
}

impl<'a> From<&'a str> for &'a Wtf8 {
    fn from(s: &'a str) -> &'a Wtf8 {
        Wtf8::new(s)
    }
}

impl ToOwned for Wtf8 {
    type Owned = Wtf8Buf;

    fn to_owned(&self) -> Wtf8Buf {
        Wtf8Buf { bytes: self.bytes.to_vec() }
    }
}

impl Wtf8Buf {
    /// Creates an empty string.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(codec_wtf8::Wtf8Buf::new().is_empty());
    /// ```
    #[must_use]
    pub const fn new() -> Wtf8Buf {
        Wtf8Buf { bytes: Vec::new() }
    }

    /// Creates an empty string with room for `capacity` bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(codec_wtf8::Wtf8Buf::with_capacity(8).capacity() >= 8);
    /// ```
    #[must_use]
    pub fn with_capacity(capacity: usize) -> Wtf8Buf {
        Wtf8Buf { bytes: Vec::with_capacity(capacity) }
    }

    /// Returns the capacity in bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_wtf8::Wtf8Buf::new().capacity(), 0);
    /// ```
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.bytes.capacity()
    }

    /// Reserves room for at least `additional` more bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut s = codec_wtf8::Wtf8Buf::new();
    /// s.reserve(10);
    /// assert!(s.capacity() >= 10);
    /// ```
    pub fn reserve(&mut self, additional: usize) {
        self.bytes.reserve(additional);
    }

    /// Empties the string, keeping its capacity.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut s = codec_wtf8::Wtf8Buf::from("x");
    /// s.clear();
    /// assert!(s.is_empty());
    /// ```
    pub fn clear(&mut self) {
        self.bytes.clear();
    }

    /// Checks that `bytes` are well-formed WTF-8 and takes them, without
    /// copying.
    ///
    /// # Errors
    ///
    /// [`FromBytesError`], with the first ill-formed subpart and the bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// let s = codec_wtf8::Wtf8Buf::from_bytes(b"\xED\xB0\x80".to_vec()).unwrap();
    /// assert_eq!(s.code_points().next().unwrap().to_u32(), 0xDC00);
    /// ```
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Wtf8Buf, FromBytesError> {
        match WTF_8.validate(&bytes) {
            Ok(()) => Ok(Wtf8Buf { bytes }),
            Err(error) => Err(FromBytesError { bytes, error }),
        }
    }

    /// Converts potentially ill-formed UTF-16 to WTF-8: the specification's
    /// conversion, which never fails and is lossless.
    ///
    /// # Examples
    ///
    /// ```
    /// let s = codec_wtf8::Wtf8Buf::from_wide(&[0x61, 0xD83D, 0xDCA9, 0xD800]);
    /// assert_eq!(s.as_bytes(), b"a\xF0\x9F\x92\xA9\xED\xA0\x80");
    /// ```
    #[must_use]
    pub fn from_wide(units: &[u16]) -> Wtf8Buf {
        // Three bytes at most per unit; the core's bulk UTF-16 to UTF-8
        // kernel stops before each lone surrogate, which gets its three
        // bytes here. A lone surrogate is never a lead followed by a trail
        // (those would be a pair), so the result is well-formed WTF-8.
        let mut bytes = alloc::vec![0; units.len().saturating_mul(3)];
        let (mut read, mut written) = (0, 0);
        let mut encoded = Vec::with_capacity(4);
        while read < units.len() {
            let (r, w) = utfx_kernels::utf16_to_utf8(&units[read..], &mut bytes[written..]);
            read += r;
            written += w;
            if let Some(&unit) = units.get(read) {
                // A lone surrogate (the kernel stops nowhere else, as there is room).
                encoded.clear();
                automaton::push(CodePoint::new(u32::from(unit)), &mut encoded);
                bytes[written..written + encoded.len()].copy_from_slice(&encoded);
                read += 1;
                written += encoded.len();
            }
        }
        bytes.truncate(written);
        // Text of one- and two-byte characters leaves most of the three
        // bytes a unit unused: give it back (in place, for a large buffer).
        if bytes.capacity() - written > written / 2 {
            bytes.shrink_to_fit();
        }
        Wtf8Buf { bytes }
    }

    /// Encodes code points to well-formed WTF-8: the specification's
    /// encoding, which joins each surrogate code point pair into one
    /// supplementary code point.
    ///
    /// # Errors
    ///
    /// A code point above U+10FFFF (`out_of_range`), with its index.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_wtf8::CodePoint;
    /// let s = codec_wtf8::Wtf8Buf::from_code_points(&[CodePoint::new(0xD83D), CodePoint::new(0xDCA9)]).unwrap();
    /// assert_eq!(s.as_bytes(), "\u{1F4A9}".as_bytes());
    /// ```
    pub fn from_code_points(points: &[CodePoint]) -> Result<Wtf8Buf, EncodeError> {
        WTF_8.encode(points).map(|bytes| Wtf8Buf { bytes })
    }

    /// Appends a code point, joining a trail surrogate with a lead surrogate
    /// that ends the string.
    ///
    /// # Errors
    ///
    /// A code point above U+10FFFF (`out_of_range`, index 0); nothing is
    /// appended.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_wtf8::CodePoint;
    /// let mut s = codec_wtf8::Wtf8Buf::new();
    /// s.push(CodePoint::new(0xDC00)).unwrap();
    /// assert!(s.push(CodePoint::new(0x110000)).is_err());
    /// assert_eq!(s.as_bytes(), b"\xED\xB0\x80");
    /// ```
    pub fn push(&mut self, cp: CodePoint) -> Result<(), EncodeError> {
        if cp.to_u32() > 0x10_FFFF {
            return Err(EncodeError::new(0, cp, ErrorKind::OutOfRange));
        }
        let joined = cp.is_trail_surrogate().then(|| self.pop_lead()).flatten();
        match joined.and_then(|lead| CodePoint::from_surrogates(lead, cp)) {
            Some(pair) => automaton::push(pair, &mut self.bytes),
            None => automaton::push(cp, &mut self.bytes),
        }
        Ok(())
    }

    /// Removes a lead surrogate byte sequence that ends the string and
    /// returns its code point.
    fn pop_lead(&mut self) -> Option<CodePoint> {
        let at = self.bytes.len().checked_sub(3)?;
        let lead = lead_at(&self.bytes[at..])?;
        self.bytes.truncate(at);
        Some(lead)
    }

    /// Appends a `char`.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut s = codec_wtf8::Wtf8Buf::new();
    /// s.push_char('é');
    /// assert_eq!(s.as_bytes(), "é".as_bytes());
    /// ```
    pub fn push_char(&mut self, c: char) {
        let mut buf = [0; 4];
        self.bytes.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
    }

    /// Appends UTF-8 text (which cannot start with a trail surrogate, so no
    /// joining happens).
    ///
    /// # Examples
    ///
    /// ```
    /// let mut s = codec_wtf8::Wtf8Buf::from("a");
    /// s.push_str("bc");
    /// assert_eq!(s.as_bytes(), b"abc");
    /// ```
    pub fn push_str(&mut self, s: &str) {
        self.bytes.extend_from_slice(s.as_bytes());
    }

    /// Appends WTF-8: the specification's concatenation, which joins a lead
    /// surrogate ending this string with a trail surrogate starting `other`.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_wtf8::{Wtf8, Wtf8Buf};
    /// let mut s = Wtf8Buf::from_bytes(b"\xED\xA0\xBD".to_vec()).unwrap();
    /// s.push_wtf8(Wtf8::from_bytes(b"\xED\xB2\xA9!").unwrap());
    /// assert_eq!(s.as_bytes(), "\u{1F4A9}!".as_bytes());
    /// ```
    pub fn push_wtf8(&mut self, other: &Wtf8) {
        let head = trail_at(&other.bytes);
        match head.and_then(|trail| Some((self.pop_lead()?, trail))) {
            Some((lead, trail)) => {
                let pair = CodePoint::from_surrogates(lead, trail).unwrap_or(CodePoint::REPLACEMENT);
                automaton::push(pair, &mut self.bytes);
                self.bytes.extend_from_slice(&other.bytes[3..]);
            }
            None => self.bytes.extend_from_slice(&other.bytes),
        }
    }

    /// Shortens the string to `len` bytes.
    ///
    /// # Errors
    ///
    /// [`BoundaryError`] when `len` is inside a code point's sequence or
    /// beyond the end; the string is unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut s = codec_wtf8::Wtf8Buf::from("\u{1F4A9}");
    /// assert!(s.truncate(2).is_err());
    /// s.truncate(0).unwrap();
    /// assert!(s.is_empty());
    /// ```
    pub fn truncate(&mut self, len: usize) -> Result<(), BoundaryError> {
        if !self.is_code_point_boundary(len) {
            return Err(BoundaryError { index: len, len: self.bytes.len() });
        }
        self.bytes.truncate(len);
        Ok(())
    }

    /// Borrows the string as a [`Wtf8`].
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_wtf8::Wtf8Buf::from("a").as_wtf8().len(), 1);
    /// ```
    #[must_use]
    pub fn as_wtf8(&self) -> &Wtf8 {
        Wtf8::from_bytes_unchecked(&self.bytes)
    }

    /// Returns the bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_wtf8::Wtf8Buf::from("a").into_bytes(), b"a");
    /// ```
    #[must_use]
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    /// Converts to a `String` when the string holds no surrogate, without
    /// copying; gives the string back otherwise.
    ///
    /// # Errors
    ///
    /// `self`, when it holds a surrogate.
    ///
    /// # Examples
    ///
    /// ```
    /// let s = codec_wtf8::Wtf8Buf::from_wide(&[0xD800]);
    /// assert!(s.clone().into_string().is_err());
    /// assert_eq!(codec_wtf8::Wtf8Buf::from("ok").into_string(), Ok("ok".to_string()));
    /// ```
    pub fn into_string(self) -> Result<String, Wtf8Buf> {
        String::from_utf8(self.bytes).map_err(|e| Wtf8Buf { bytes: e.into_bytes() })
    }

    /// Converts to a `String`, each surrogate becoming U+FFFD; without
    /// copying when there is no surrogate.
    ///
    /// # Examples
    ///
    /// ```
    /// let s = codec_wtf8::Wtf8Buf::from_wide(&[0x61, 0xDC00]);
    /// assert_eq!(s.into_string_lossy(), "a\u{FFFD}");
    /// ```
    #[must_use]
    pub fn into_string_lossy(self) -> String {
        match String::from_utf8(self.bytes) {
            Ok(s) => s,
            Err(e) => Wtf8::from_bytes_unchecked(e.as_bytes()).lossy_chunks().collect(),
        }
    }
}

/// Concatenates two WTF-8 strings as the specification says: a lead
/// surrogate ending `left` and a trail surrogate starting `right` become one
/// supplementary code point, so the result is well-formed.
///
/// # Examples
///
/// ```
/// use codec_wtf8::{concat, Wtf8};
/// let left = Wtf8::from_bytes(b"\xED\xA0\x80").unwrap();
/// let right = Wtf8::from_bytes(b"\xED\xB0\x80").unwrap();
/// assert_eq!(concat(left, right).as_bytes(), b"\xF0\x90\x80\x80");
/// ```
#[must_use]
pub fn concat(left: &Wtf8, right: &Wtf8) -> Wtf8Buf {
    let mut out = Wtf8Buf::with_capacity(left.len() + right.len());
    out.bytes.extend_from_slice(&left.bytes);
    out.push_wtf8(right);
    out
}

impl Deref for Wtf8Buf {
    type Target = Wtf8;

    fn deref(&self) -> &Wtf8 {
        self.as_wtf8()
    }
}

impl Borrow<Wtf8> for Wtf8Buf {
    fn borrow(&self) -> &Wtf8 {
        self.as_wtf8()
    }
}

impl AsRef<Wtf8> for Wtf8Buf {
    fn as_ref(&self) -> &Wtf8 {
        self.as_wtf8()
    }
}

impl AsRef<[u8]> for Wtf8Buf {
    fn as_ref(&self) -> &[u8] {
        &self.bytes
    }
}

impl From<&str> for Wtf8Buf {
    fn from(s: &str) -> Wtf8Buf {
        Wtf8Buf { bytes: s.as_bytes().to_vec() }
    }
}

impl From<String> for Wtf8Buf {
    fn from(s: String) -> Wtf8Buf {
        Wtf8Buf { bytes: s.into_bytes() }
    }
}

impl From<&Wtf8> for Wtf8Buf {
    fn from(s: &Wtf8) -> Wtf8Buf {
        s.to_owned()
    }
}

impl From<Wtf8Buf> for Vec<u8> {
    fn from(s: Wtf8Buf) -> Vec<u8> {
        s.bytes
    }
}

impl core::str::FromStr for Wtf8Buf {
    type Err = core::convert::Infallible;

    fn from_str(s: &str) -> Result<Wtf8Buf, Self::Err> {
        Ok(Wtf8Buf::from(s))
    }
}

impl FromIterator<char> for Wtf8Buf {
    fn from_iter<I: IntoIterator<Item = char>>(iter: I) -> Wtf8Buf {
        let mut s = Wtf8Buf::new();
        s.extend(iter);
        s
    }
}

impl Extend<char> for Wtf8Buf {
    fn extend<I: IntoIterator<Item = char>>(&mut self, iter: I) {
        for c in iter {
            self.push_char(c);
        }
    }
}

impl<'a> Extend<&'a Wtf8> for Wtf8Buf {
    fn extend<I: IntoIterator<Item = &'a Wtf8>>(&mut self, iter: I) {
        for s in iter {
            self.push_wtf8(s);
        }
    }
}

impl PartialEq<str> for Wtf8Buf {
    fn eq(&self, other: &str) -> bool {
        self.bytes == other.as_bytes()
    }
}

impl PartialEq<&str> for Wtf8Buf {
    fn eq(&self, other: &&str) -> bool {
        self.bytes == other.as_bytes()
    }
}

impl fmt::Display for Wtf8Buf {
    /// Writes the string lossily: each surrogate as U+FFFD.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_wtf8(), f)
    }
}

impl fmt::Debug for Wtf8Buf {
    /// Writes the string quoted, with each surrogate as `\u{D800}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_wtf8(), f)
    }
}
