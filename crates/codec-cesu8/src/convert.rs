//! Conversions to and from UTF-8 (borrowed when the bytes are the same),
//! UTF-16 code units and, for Modified UTF-8, WTF-8, over the core's
//! buffer-to-buffer drivers and the crate's kernels.

use alloc::borrow::Cow;
use alloc::vec;
use alloc::vec::Vec;

use codec_core::{
    Decode, DecodeError, DecodeMode, EncodeError, EncodeMode, Encoder, Status, TranscodeError, Transcoder,
};
use codec_wtf8::{WTF_8, Wtf8, Wtf8Buf};

use crate::{Cesu8Codec, kernels};

impl Cesu8Codec {
    /// Decodes `bytes` into UTF-8, borrowing them when they are already
    /// UTF-8 (BMP text, without U+0000 in Modified UTF-8).
    ///
    /// # Errors
    ///
    /// The first ill-formed subpart, or a lone surrogate (Modified UTF-8:
    /// kind `surrogate`), which UTF-8 cannot hold.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use codec_cesu8::{CESU_8, MUTF_8};
    /// assert!(matches!(CESU_8.to_utf8(b"caf\xC3\xA9").unwrap(), Cow::Borrowed("caf\u{E9}")));
    /// assert_eq!(CESU_8.to_utf8(b"\xED\xA0\xBD\xED\xB2\xA9").unwrap(), "\u{1F4A9}");
    /// assert_eq!(MUTF_8.to_utf8(b"a\xC0\x80").unwrap(), "a\0");
    /// assert!(MUTF_8.to_utf8(b"\xED\xA0\x80").is_err());
    /// ```
    pub fn to_utf8<'a>(&self, bytes: &'a [u8]) -> Result<Cow<'a, str>, DecodeError> {
        // Strict UTF-8 without a four-byte form (or `00` where it stops
        // the kernels) is the same text in every variant: borrowed.
        if !kernels::has_stop(bytes, self.rules().nul_stops)
            && let Ok(s) = codec_utf8::to_str(bytes)
        {
            return Ok(Cow::Borrowed(s));
        }
        // Well-formed text in one pass of the kernels (never longer in
        // UTF-8: six bytes become four, `C0 80` one), checked as UTF-8 by
        // `codec-utf8`'s validator, which is faster than `String`'s.
        let mut out = vec![0u8; bytes.len()];
        let (read, written) = kernels::decode_to_utf8(self.rules(), bytes, &mut out);
        if read == bytes.len()
            && let Ok(s) = codec_utf8::to_str(&out[..written])
        {
            return Ok(Cow::Owned(s.into()));
        }
        // Anything else through the core's `String` sink: a surrogate is an
        // error there, which a UTF-8 buffer would not catch.
        self.decode_to_string(bytes).map(Cow::Owned)
    }

    /// Encodes UTF-8 text, borrowing it when the encoding is the same bytes
    /// (no supplementary character; no U+0000 in Modified UTF-8). Never
    /// fails: every scalar value is encodable in the three variants.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use codec_cesu8::{CESU_8, MUTF_8};
    /// assert!(matches!(CESU_8.from_utf8("caf\u{E9}\0"), Cow::Borrowed(b"caf\xC3\xA9\0")));
    /// assert_eq!(CESU_8.from_utf8("\u{1F4A9}"), &b"\xED\xA0\xBD\xED\xB2\xA9"[..]);
    /// assert_eq!(MUTF_8.from_utf8("a\0"), &b"a\xC0\x80"[..]);
    /// ```
    #[must_use]
    pub fn from_utf8<'a>(&self, s: &'a str) -> Cow<'a, [u8]> {
        let two_byte_nul = self.grammar().allows_two_byte_nul();
        if !kernels::has_stop(s.as_bytes(), two_byte_nul) {
            return Cow::Borrowed(s.as_bytes());
        }
        // At most twice as long (U+0000 as `C0 80`; four bytes become six).
        let mut out = vec![0u8; s.len() * 2];
        let mut encoder = Encoder::new(self, EncodeMode::Fatal);
        let (mut read, mut written) = (0, 0);
        loop {
            let (status, r, w) = encoder.encode_from_str(&s[read..], &mut out[written..], true);
            (read, written) = (read + r, written + w);
            match status {
                Status::OutputFull => out.resize(out.len() * 2 + 8, 0),
                Status::InputEmpty | Status::Error(_) => break,
            }
        }
        out.truncate(written);
        Cow::Owned(out)
    }

    /// Encodes UTF-16 code units: a pair as one supplementary code point
    /// (six bytes); a lone surrogate as itself in Modified UTF-8 (what
    /// Java's `writeUTF` does with any `String`). Decoding back is the
    /// core's [`Decode::decode_to_utf16`].
    ///
    /// # Errors
    ///
    /// CESU-8 only: a lone surrogate, kind `surrogate`, at its index in the
    /// code points of `units`.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_cesu8::{Decode, CESU_8, MUTF_8};
    /// let units = [0x61, 0xD83D, 0xDCA9, 0xDC00];
    /// let bytes = MUTF_8.from_utf16(&units).unwrap();
    /// assert_eq!(bytes, b"a\xED\xA0\xBD\xED\xB2\xA9\xED\xB0\x80");
    /// assert_eq!(MUTF_8.decode_to_utf16(&bytes).unwrap(), units);
    /// assert_eq!(CESU_8.from_utf16(&units).unwrap_err().index(), 2);
    /// ```
    pub fn from_utf16(&self, units: &[u16]) -> Result<Vec<u8>, EncodeError> {
        let mut out = vec![0u8; units.len() * 3 + 8];
        let mut encoder = Encoder::new(self, EncodeMode::Fatal);
        let (mut read, mut written) = (0, 0);
        loop {
            let (status, r, w) = encoder.encode_from_utf16(&units[read..], &mut out[written..], true);
            (read, written) = (read + r, written + w);
            match status {
                Status::InputEmpty => break,
                Status::OutputFull => out.resize(out.len() * 2, 0),
                Status::Error(e) => return Err(e),
            }
        }
        out.truncate(written);
        Ok(out)
    }

    /// Converts to WTF-8, losslessly for Modified UTF-8: lone surrogates
    /// stay lone surrogates, pairs become four-byte forms.
    ///
    /// # Errors
    ///
    /// The first ill-formed subpart of `bytes`.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_cesu8::MUTF_8;
    /// let wtf8 = MUTF_8.to_wtf8(b"\xED\xA0\x80a\xED\xA0\xBD\xED\xB2\xA9\xC0\x80").unwrap();
    /// assert_eq!(wtf8.as_bytes(), b"\xED\xA0\x80a\xF0\x9F\x92\xA9\0");
    /// assert_eq!(MUTF_8.from_wtf8(&wtf8).unwrap(), b"\xED\xA0\x80a\xED\xA0\xBD\xED\xB2\xA9\xC0\x80");
    /// ```
    pub fn to_wtf8(&self, bytes: &[u8]) -> Result<Wtf8Buf, DecodeError> {
        let out = match transcode(self, WTF_8, bytes) {
            Ok(out) => out,
            Err(TranscodeError::Decode(e)) => return Err(e),
            // WTF-8 encodes every code point up to U+10FFFF: unreachable,
            // reported as the position where it happened.
            Err(TranscodeError::Encode(e)) => {
                return Err(DecodeError::new(e.index(), Some(1), e.kind()));
            }
        };
        Wtf8Buf::from_bytes(out).map_err(|e| e.error())
    }

    /// Converts from WTF-8. Never fails for Modified UTF-8, which holds every
    /// code point WTF-8 does.
    ///
    /// # Errors
    ///
    /// CESU-8 only: a lone surrogate (kind `surrogate`).
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_cesu8::{CESU_8, MUTF_8};
    /// use codec_wtf8::Wtf8Buf;
    /// let s = Wtf8Buf::from_wide(&[0xD800, 0x61]);
    /// assert_eq!(MUTF_8.from_wtf8(&s).unwrap(), b"\xED\xA0\x80a");
    /// assert!(CESU_8.from_wtf8(&s).is_err());
    /// ```
    pub fn from_wtf8(&self, s: &Wtf8) -> Result<Vec<u8>, EncodeError> {
        match transcode(WTF_8, self, s.as_bytes()) {
            Ok(out) => Ok(out),
            Err(TranscodeError::Encode(e)) => Err(e),
            // A `Wtf8` is well-formed: unreachable, reported at its place.
            Err(TranscodeError::Decode(e)) => {
                Err(EncodeError::new(e.valid_up_to(), codec_core::CodePoint::REPLACEMENT, e.kind()))
            }
        }
    }
}

/// All of `input` through the core's transcoder, fatal both ways.
fn transcode<D, E>(from: D, to: E, input: &[u8]) -> Result<Vec<u8>, TranscodeError>
where
    D: Decode<Point = codec_core::CodePoint>,
    E: codec_core::Encode<Point = codec_core::CodePoint>,
{
    let mut transcoder = Transcoder::new(from, DecodeMode::Fatal, to, EncodeMode::Fatal);
    let mut out = vec![0u8; input.len() + input.len() / 2 + 64];
    match transcoder.transcode_into(input, true, &mut out) {
        (written, None) => {
            out.truncate(written);
            Ok(out)
        }
        (_, Some(e)) => Err(e),
    }
}
