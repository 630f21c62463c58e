//! The Encoding Standard's entry points over utfx's codecs, for those who
//! compare with browsers: "get an encoding" (§4), `decode` with its byte
//! order mark sniffing (§6), and a decoder of the shape of §7's
//! `TextDecoder` (decision 0024).
//!
//! The encodings are utfx's codecs of the Standard's encodings: `utf-8`
//! (the WHATWG UTF-8 decoder: one U+FFFD per maximal subpart), `utf-16le`
//! and `utf-16be`, and the legacy encodings of `codec-encoding-standard`,
//! `iso-2022-jp` and `replacement` among them: every label of today's
//! table finds its encoding.

use std::borrow::Cow;

use codec_core::bom::{Bom, sniff_bom};
use codec_core::{DecodeError, DecodeMode, Decoder, DynCodec};

/// The Standard's "get an encoding" (§4): the codec of the encoding a
/// label names, ASCII whitespace around the label and ASCII case ignored,
/// among the Standard's labels only (`utf8` and `latin1` are labels,
/// `utf_8` and `cesu-8` are not); `None` for any other string. The labels
/// of `replacement` (`hz-gb-2312`, `iso-2022-kr`, ...) find it, as the
/// Standard's "get an encoding" does. utfx's own spellings are
/// [`crate::get`]'s.
///
/// # Examples
///
/// ```
/// use codec_registry::whatwg::get_encoding;
/// assert_eq!(get_encoding(" Latin1 ").map(|c| c.info().name), Some("windows-1252"));
/// assert_eq!(get_encoding("unicode-1-1-utf-8").map(|c| c.info().name), Some("utf-8"));
/// assert_eq!(get_encoding("unicodefffe").map(|c| c.info().name), Some("utf-16be"));
/// assert_eq!(get_encoding("csiso2022jp").map(|c| c.info().name), Some("iso-2022-jp"));
/// assert_eq!(get_encoding("hz-gb-2312").map(|c| c.info().name), Some("replacement"));
/// assert!(get_encoding("cesu-8").is_none() && get_encoding("hz-gb-2312-2014").is_none());
/// ```
#[must_use]
pub fn get_encoding(label: &str) -> Option<&'static dyn DynCodec> {
    let encoding = encoding_rs::Encoding::for_label(label.as_bytes())?;
    let name = match encoding {
        e if e == encoding_rs::UTF_8 => "utf-8",
        e if e == encoding_rs::UTF_16LE => "utf-16le",
        e if e == encoding_rs::UTF_16BE => "utf-16be",
        e if e == encoding_rs::ISO_2022_JP => return Some(&codec_encoding_standard::ISO_2022_JP),
        e if e == encoding_rs::REPLACEMENT => return Some(&codec_encoding_standard::REPLACEMENT),
        e => {
            let codec = codec_encoding_standard::ALL.iter().find(|c| c.encoding() == e)?;
            return Some(*codec as &'static dyn DynCodec);
        }
    };
    crate::get(name)
}

/// The byte order mark of `codec`, when it is one of the Standard's UTF
/// encodings (utf-8, utf-16le, utf-16be), which strip their own.
///
/// # Examples
///
/// ```
/// use codec_core::bom::Bom;
/// use codec_registry::whatwg::own_bom;
/// assert_eq!(own_bom(codec_registry::get("utf-16be").unwrap()), Some(Bom::Utf16Be));
/// assert_eq!(own_bom(codec_registry::get("wtf-8").unwrap()), None);
/// ```
#[must_use]
pub fn own_bom(codec: &dyn DynCodec) -> Option<Bom> {
    match codec.info().name {
        "utf-8" => Some(Bom::Utf8),
        "utf-16le" => Some(Bom::Utf16Le),
        "utf-16be" => Some(Bom::Utf16Be),
        _ => None,
    }
}

/// The codec a byte order mark chooses in the Standard's `decode` (§6):
/// utf-8, utf-16be or utf-16le.
///
/// # Examples
///
/// ```
/// use codec_core::bom::Bom;
/// assert_eq!(codec_registry::whatwg::bom_codec(Bom::Utf16Le).info().name, "utf-16le");
/// ```
#[must_use]
pub fn bom_codec(bom: Bom) -> &'static dyn DynCodec {
    let name = match bom {
        Bom::Utf8 => "utf-8",
        Bom::Utf16Le => "utf-16le",
        Bom::Utf16Be => "utf-16be",
    };
    crate::get(name).expect("the registry holds the Standard's UTF encodings")
}

/// The bytes of a byte order mark.
fn bom_bytes(bom: Bom) -> &'static [u8] {
    match bom {
        Bom::Utf8 => b"\xEF\xBB\xBF",
        Bom::Utf16Be => b"\xFE\xFF",
        Bom::Utf16Le => b"\xFF\xFE",
    }
}

/// The Standard's `decode` (§6): a byte order mark at the front of `bytes`
/// chooses the encoding, whatever `fallback` is (`EF BB BF` utf-8, `FE FF`
/// utf-16be, `FF FE` utf-16le) and is removed; without one, `fallback`
/// decodes. Errors are replaced, as the Standard's decoders do. Returns
/// the text (borrowed when it is the input's own UTF-8) and the codec that
/// decoded it.
///
/// # Examples
///
/// ```
/// use codec_registry::whatwg::{decode, get_encoding};
/// let utf16 = get_encoding("utf-16").unwrap();
/// // A UTF-8 BOM under utf-16: UTF-8, as every browser decodes it.
/// let (text, codec) = decode(b"\xEF\xBB\xBFA", utf16);
/// assert_eq!((&*text, codec.info().name), ("A", "utf-8"));
/// let (text, codec) = decode(b"A\x00", utf16);
/// assert_eq!((&*text, codec.info().name), ("A", "utf-16le"));
/// ```
#[must_use]
pub fn decode<'a>(bytes: &'a [u8], fallback: &'static dyn DynCodec) -> (Cow<'a, str>, &'static dyn DynCodec) {
    let (codec, rest) = match sniff_bom(bytes) {
        Some(bom) => (bom_codec(bom), &bytes[bom.len()..]),
        None => (fallback, bytes),
    };
    let text = match codec.info().name {
        "utf-8" => codec_utf8::to_str_lossy(rest),
        _ => Cow::Owned(codec.decode_to_string_lossy(rest)),
    };
    (text, codec)
}

/// A decoder of the shape of the Standard's `TextDecoder` (§7, with
/// today's `ignoreBOM`): made from a label, fatal or replacing, given the
/// input in pieces (`stream`) or whole.
///
/// Unless told to ignore it, a byte order mark of the decoder's own
/// encoding (UTF-8's for utf-8, UTF-16LE's for utf-16le, UTF-16BE's for
/// utf-16be) at the front of the stream is removed; another one is text,
/// and no BOM switches the encoding (§7: "intentionally different from the
/// decode algorithm"). Where a piece ends inside a possible BOM, its bytes
/// wait for the next piece. A fatal decoder's error is the first one, its
/// offset counted from the start of the stream, BOM included; the decoder
/// then starts a new stream, as after a call without `stream`.
///
/// # Examples
///
/// ```
/// use codec_registry::whatwg::TextDecoder;
/// let mut decoder = TextDecoder::new("utf-8").unwrap();
/// assert_eq!(decoder.encoding(), "utf-8");
/// assert_eq!(decoder.decode(b"\xEF\xBB", true).unwrap(), "");
/// assert_eq!(decoder.decode(b"\xBF\xE2\x82", true).unwrap(), "");
/// assert_eq!(decoder.decode(b"\xAC!", false).unwrap(), "€!");
///
/// let mut fatal = TextDecoder::new("latin1").unwrap().fatal(true);
/// assert_eq!(fatal.decode(b"caf\xE9", false).unwrap(), "café");
/// let mut fatal = TextDecoder::new("utf-8").unwrap().fatal(true);
/// assert_eq!(fatal.decode(b"\xEF\xBB\xBFab\xFF", false).unwrap_err().valid_up_to(), 5);
/// ```
pub struct TextDecoder {
    codec: &'static dyn DynCodec,
    fatal: bool,
    ignore_bom: bool,
    decoder: Decoder<&'static dyn DynCodec>,
    /// Whether the front of the stream has been read for a BOM.
    bom_seen: bool,
    /// The length of the BOM removed from this stream.
    removed: usize,
    /// The front of a stream that may still become a BOM.
    held: Vec<u8>,
    /// Whether the last call said more input follows.
    streaming: bool,
}

impl TextDecoder {
    /// Returns a replacing decoder of the encoding `label` names
    /// ([`get_encoding`]), or `None` where the Standard throws a
    /// `RangeError` (no such label, `replacement` and its labels).
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_registry::whatwg::TextDecoder;
    /// assert_eq!(TextDecoder::new("sjis").map(|d| d.encoding()), Some("shift_jis"));
    /// assert!(TextDecoder::new("replacement").is_none());
    /// ```
    #[must_use]
    pub fn new(label: &str) -> Option<TextDecoder> {
        let codec = get_encoding(label).filter(|c| c.info().name != "replacement")?;
        Some(TextDecoder {
            codec,
            fatal: false,
            ignore_bom: false,
            decoder: Decoder::new(codec, DecodeMode::Replace),
            bom_seen: false,
            removed: 0,
            held: Vec::new(),
            streaming: false,
        })
    }

    /// Returns the decoder with its fatal flag set or unset: fatal, the
    /// first error is returned; else each is replaced (U+FFFD).
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_registry::whatwg::TextDecoder;
    /// let mut decoder = TextDecoder::new("utf-8").unwrap().fatal(true);
    /// assert!(decoder.is_fatal() && decoder.decode(b"\xC0", false).is_err());
    /// ```
    #[must_use]
    pub fn fatal(mut self, fatal: bool) -> TextDecoder {
        self.fatal = fatal;
        self.decoder = Decoder::new(self.codec, if fatal { DecodeMode::Fatal } else { DecodeMode::Replace });
        self.start();
        self
    }

    /// Returns the decoder with its ignore-BOM flag set or unset: set, a
    /// BOM of the encoding is text (U+FEFF) like any other.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_registry::whatwg::TextDecoder;
    /// let mut decoder = TextDecoder::new("utf-16le").unwrap().ignore_bom(true);
    /// assert_eq!(decoder.decode(b"\xFF\xFEA\x00", false).unwrap(), "\u{FEFF}A");
    /// ```
    #[must_use]
    pub fn ignore_bom(mut self, ignore: bool) -> TextDecoder {
        self.ignore_bom = ignore;
        self
    }

    /// Returns the encoding's name, as the Standard writes it.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_registry::whatwg::TextDecoder;
    /// assert_eq!(TextDecoder::new("ascii").unwrap().encoding(), "windows-1252");
    /// ```
    #[must_use]
    pub fn encoding(&self) -> &'static str {
        self.codec.info().name
    }

    /// Returns whether the fatal flag is set.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_registry::whatwg::TextDecoder;
    /// assert!(!TextDecoder::new("utf-8").unwrap().is_fatal());
    /// ```
    #[must_use]
    pub fn is_fatal(&self) -> bool {
        self.fatal
    }

    /// Decodes `input`, the next piece of the stream when the last call
    /// said `stream` (more follows), else the first piece of a new one;
    /// `stream` says whether more follows this piece. Returns the text of
    /// what this piece completes; a sequence cut by the piece's end waits.
    ///
    /// # Errors
    ///
    /// A fatal decoder returns the first error, with its offset in the
    /// stream, and starts a new stream at the next call.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_registry::whatwg::TextDecoder;
    /// let mut decoder = TextDecoder::new("gbk").unwrap();
    /// assert_eq!(decoder.decode(b"\xC4", true).unwrap(), "");
    /// assert_eq!(decoder.decode(b"\xE3", false).unwrap(), "你");
    /// assert_eq!(decoder.decode(b"\xC4", false).unwrap(), "\u{FFFD}");
    /// ```
    pub fn decode(&mut self, input: &[u8], stream: bool) -> Result<String, DecodeError> {
        if !self.streaming {
            self.start();
        }
        self.streaming = stream;
        let front: Vec<u8>;
        let mut bytes = input;
        if !self.bom_seen {
            match own_bom(self.codec).filter(|_| !self.ignore_bom) {
                None => self.bom_seen = true,
                Some(bom) => {
                    let mut joined = core::mem::take(&mut self.held);
                    joined.extend_from_slice(input);
                    let mark = bom_bytes(bom);
                    if stream && joined.len() < mark.len() && mark.starts_with(&joined) {
                        self.held = joined;
                        return Ok(String::new());
                    }
                    self.bom_seen = true;
                    self.removed = if joined.starts_with(mark) { mark.len() } else { 0 };
                    front = joined;
                    bytes = &front[self.removed..];
                }
            }
        }
        let mut out = String::new();
        match self.decoder.decode_to_string(bytes, !stream, &mut out) {
            Ok(()) => Ok(out),
            Err(e) => {
                self.streaming = false;
                Err(e.shifted(self.removed))
            }
        }
    }

    /// Starts a new stream: nothing held, no BOM seen.
    fn start(&mut self) {
        self.decoder.reset();
        self.bom_seen = false;
        self.removed = 0;
        self.held.clear();
    }
}

impl core::fmt::Debug for TextDecoder {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("TextDecoder")
            .field("encoding", &self.encoding())
            .field("fatal", &self.fatal)
            .field("ignore_bom", &self.ignore_bom)
            .field("streaming", &self.streaming)
            .finish_non_exhaustive()
    }
}
