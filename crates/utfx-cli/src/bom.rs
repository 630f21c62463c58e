//! Byte order marks: what a label does with a BOM on input and output
//! (decisions 0005 and 0041).
//!
//! * `utf-16` and `utf-32` (and `utf16`, `UTF_32`...), the byte-order-neutral
//!   labels ([`Neutral`]): on input, a BOM of either order (`FF FE`, `FE FF`;
//!   `FF FE 00 00`, `00 00 FE FF`) chooses the byte order and is stripped;
//!   without one the input is little-endian. On output they write the
//!   little-endian BOM and little-endian text.
//! * `utf-8`, `utf-16le`, `utf-16be` (the Encoding Standard's encodings):
//!   a leading BOM of that encoding is stripped on input, as the standard's
//!   `TextDecoder` does; `--keep-bom` keeps it as U+FEFF, as iconv does.
//! * `corrected-utf-8` and `corrected-utf-8-c1` (the codecs whose document
//!   rules have a signature): a leading magic number (`EF B7 9D ED B2 AE 00
//!   0A`, which "should not be considered part of the text", as a BOM) is
//!   stripped on input, `--keep-bom` keeps it as its four code points; on
//!   output `--bom` writes the magic number. U+FEFF is a character.
//! * Every other codec: U+FEFF is a character like any other (their
//!   specifications define no BOM; UTF-32LE and UTF-32BE read an initial
//!   `FF FE 00 00` or `00 00 FE FF` as U+FEFF, the Unicode Standard says).
//! * `--sniff-bom`, any label: a leading BOM of UTF-8, UTF-16BE or
//!   UTF-16LE chooses that codec whatever the label says and is stripped,
//!   as the Encoding Standard's `decode` does (§6; decision 0024); without
//!   one, the label's own rule.
//!
//! Offsets in messages stay offsets into the input as given, BOM (or magic
//! number) included.

use std::io::{self, Read};

use codec_core::bom::{Bom, sniff_bom};
use codec_core::{CodePoint, DynCodec};

use crate::support::{self, Failure};

/// The longest BOM of the Encoding Standard's table, in bytes.
const LONGEST_BOM: usize = 3;

/// How much of the head a label that strips its own BOM reads first: the
/// longest BOM of any (UTF-32's four bytes), so that the hint after an
/// error at offset 0, which sees the bytes read so far, can tell a UTF-32
/// BOM from a UTF-16 one.
const HEAD: usize = 4;

/// A byte-order-neutral label: the family's two codecs and their BOMs,
/// which the label reads (either, little-endian without one) and writes
/// (the little-endian one).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Neutral {
    /// The label as `utfx list` shows it.
    pub(crate) name: &'static str,
    /// Its spelling without punctuation (and so its other one).
    pub(crate) normalized: &'static str,
    /// The little-endian codec, which the label reads without a BOM and
    /// writes.
    pub(crate) le: &'static str,
    /// The big-endian codec.
    pub(crate) be: &'static str,
    /// The little-endian codec's BOM.
    pub(crate) le_bom: &'static [u8],
    /// The big-endian codec's BOM.
    be_bom: &'static [u8],
    /// What `utfx list` says of the label.
    pub(crate) description: &'static str,
}

/// `utf-16` (decision 0005).
const UTF_16: Neutral = Neutral {
    name: "utf-16",
    normalized: "utf16",
    le: "utf-16le",
    be: "utf-16be",
    le_bom: b"\xFF\xFE",
    be_bom: b"\xFE\xFF",
    description: "UTF-16 of either byte order: a leading BOM (FF FE or FE FF) chooses it and is stripped, \
                  little-endian without one; writes FF FE and little-endian",
};

/// `utf-32`, as glibc's iconv and CPython read and write it (decision 0041).
const UTF_32: Neutral = Neutral {
    name: "utf-32",
    normalized: "utf32",
    le: "utf-32le",
    be: "utf-32be",
    le_bom: b"\xFF\xFE\x00\x00",
    be_bom: b"\x00\x00\xFE\xFF",
    description: "UTF-32 of either byte order: a leading BOM (FF FE 00 00 or 00 00 FE FF) chooses it and is \
                  stripped, little-endian without one; writes FF FE 00 00 and little-endian",
};

/// The byte-order-neutral labels, in the order `utfx list` shows them.
pub(crate) const NEUTRAL: [&Neutral; 2] = [&UTF_16, &UTF_32];

/// The byte-order-neutral label `label` is, if it is one.
pub(crate) fn neutral(label: &str) -> Option<&'static Neutral> {
    let wanted = support::normalized(label.trim());
    NEUTRAL.into_iter().find(|n| n.normalized == wanted)
}

impl Neutral {
    /// The codec that the head of an input chooses, and the length of its
    /// BOM (0 without one: little-endian).
    pub(crate) fn order(&self, head: &[u8]) -> (&'static str, usize) {
        if head.starts_with(self.be_bom) {
            (self.be, self.be_bom.len())
        } else if head.starts_with(self.le_bom) {
            (self.le, self.le_bom.len())
        } else {
            (self.le, 0)
        }
    }

    /// How many bytes of an input's head [`Neutral::order`] looks at.
    fn head_len(&self) -> usize {
        self.le_bom.len().max(self.be_bom.len())
    }
}

/// What an input label does with a leading BOM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// `utf-16`, `utf-32`: a BOM of either order chooses the codec.
    Sniff(&'static Neutral),
    /// A BOM of the codec's own encoding is stripped.
    Strip(Bom),
    /// The signature of the codec's document rules (Corrected UTF-8's magic
    /// number) is stripped.
    Signature(&'static [u8]),
    /// Nothing: U+FEFF is a character.
    Keep,
}

/// An input label: its codec, and what it does with a BOM.
#[derive(Clone, Copy, Debug)]
pub(crate) struct InputLabel {
    codec: &'static dyn DynCodec,
    rule: Rule,
    /// `--keep-bom`: a sniffed or matching BOM stays in the text.
    keep: bool,
    /// `--sniff-bom`: any of the three BOMs chooses the codec (§6).
    sniff: bool,
}

impl InputLabel {
    /// Finds the codec an input label names, and its BOM rule.
    ///
    /// # Errors
    ///
    /// [`Failure::Usage`] for an unknown label.
    pub(crate) fn new(label: &str, keep: bool) -> Result<InputLabel, Failure> {
        if let Some(neutral) = neutral(label) {
            return Ok(InputLabel {
                codec: support::codec(neutral.le)?,
                rule: Rule::Sniff(neutral),
                keep,
                sniff: false,
            });
        }
        let codec = support::codec(label)?;
        let rule = match (codec_registry::whatwg::own_bom(codec), signature(codec)) {
            (Some(bom), _) => Rule::Strip(bom),
            (None, Some(signature)) => Rule::Signature(signature),
            (None, None) => Rule::Keep,
        };
        Ok(InputLabel { codec, rule, keep, sniff: false })
    }

    /// Returns the label with `--sniff-bom` on or off: on, a leading BOM
    /// of UTF-8, UTF-16BE or UTF-16LE chooses that codec, whatever the
    /// label (the Encoding Standard's `decode`, §6).
    pub(crate) fn sniffing(self, sniff: bool) -> InputLabel {
        InputLabel { sniff, ..self }
    }

    /// How many bytes of the input's head [`InputLabel::resolve`] needs.
    pub(crate) fn head_len(&self) -> usize {
        let own = match self.rule {
            Rule::Sniff(neutral) => neutral.head_len(),
            Rule::Strip(_) => HEAD,
            Rule::Signature(signature) => signature.len(),
            Rule::Keep => 0,
        };
        if self.sniff { own.max(LONGEST_BOM) } else { own }
    }

    /// Whether what the label strips is a magic number (a document
    /// signature) rather than a BOM.
    pub(crate) fn strips_magic(&self) -> bool {
        matches!(self.rule, Rule::Signature(_))
    }

    /// The codec for input that starts with `head` (at least
    /// [`InputLabel::head_len`] bytes, or all of a shorter input), and how
    /// many bytes of BOM or magic number to skip.
    pub(crate) fn resolve(&self, head: &[u8]) -> (&'static dyn DynCodec, usize) {
        if self.sniff
            && let Some(bom) = sniff_bom(head)
        {
            return (codec_registry::whatwg::bom_codec(bom), if self.keep { 0 } else { bom.len() });
        }
        if let Rule::Signature(signature) = self.rule {
            let found = head.starts_with(signature) && !self.keep;
            return (self.codec, if found { signature.len() } else { 0 });
        }
        let (codec, bom) = match (self.rule, sniff_bom(head)) {
            (Rule::Sniff(neutral), _) => {
                let (name, len) = neutral.order(head);
                (support::codec(name).unwrap_or(self.codec), len)
            }
            (Rule::Strip(own), Some(bom)) if own == bom => (self.codec, bom.len()),
            _ => (self.codec, 0),
        };
        (codec, if self.keep { 0 } else { bom })
    }

    /// Reads the head of `reader` and returns the codec, how many bytes of
    /// BOM were skipped, and a reader over the rest of the input.
    ///
    /// # Errors
    ///
    /// What reading `reader` returns.
    pub(crate) fn open<R: Read>(&self, mut reader: R) -> io::Result<Prepared<R>> {
        let longest = self.head_len();
        let mut head = vec![0u8; longest];
        let mut have = 0;
        while have < longest {
            match reader.read(&mut head[have..longest]) {
                Ok(0) => break,
                Ok(n) => have += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        let (codec, skipped) = self.resolve(&head[..have]);
        let reader = io::Cursor::new(head[skipped..have].to_vec()).chain(reader);
        Ok(Prepared { reader, codec, skipped })
    }
}

/// An input with its BOM dealt with: a reader over `R` after its first
/// bytes, which is a `BufRead` when `R` is one.
pub(crate) struct Prepared<R = Box<dyn Read>> {
    /// The input after the skipped BOM.
    pub(crate) reader: io::Chain<io::Cursor<Vec<u8>>, R>,
    /// The codec to decode it with.
    pub(crate) codec: &'static dyn DynCodec,
    /// How many bytes of BOM were skipped: add to every offset.
    pub(crate) skipped: usize,
}

/// The signature of a codec's document rules (Corrected UTF-8's magic
/// number), which stands where a BOM would.
fn signature(codec: &dyn DynCodec) -> Option<&'static [u8]> {
    codec.document().and_then(|rules| rules.signature()).filter(|s| s.len() <= 16)
}

/// Finds the codec an output label names, and the BOM to write first, if
/// any: always for `utf-16` and `utf-32` (little-endian), with `--bom` for
/// any codec (the magic number for Corrected UTF-8).
///
/// # Errors
///
/// [`Failure::Usage`] for an unknown label, or `--bom` with a codec that
/// cannot encode U+FEFF.
pub(crate) fn output(label: &str, bom: bool) -> Result<(&'static dyn DynCodec, Option<Vec<u8>>), Failure> {
    let neutral = neutral(label);
    let codec = support::codec(neutral.map_or(label, |n| n.le))?;
    if !(bom || neutral.is_some()) {
        return Ok((codec, None));
    }
    if let Some(signature) = signature(codec) {
        return Ok((codec, Some(signature.to_vec())));
    }
    let bytes = codec.encode(&[CodePoint::new(0xFEFF)]).map_err(|e| {
        Failure::Usage(format!("--bom: codec `{}` cannot encode U+FEFF: {}", codec.info().name, e.kind().as_str()))
    })?;
    Ok((codec, Some(bytes)))
}

#[cfg(test)]
mod tests {
    use super::InputLabel;

    #[test]
    fn labels_resolve_boms_as_decision_0005_says() {
        let name = |label: &str, keep: bool, head: &[u8]| {
            let (codec, skip) = InputLabel::new(label, keep).unwrap().resolve(head);
            (codec.info().name, skip)
        };
        assert_eq!(name("utf-16", false, b"\xFE\xFF\x00"), ("utf-16be", 2));
        assert_eq!(name("UTF-16", false, b"\xFF\xFEa"), ("utf-16le", 2));
        assert_eq!(name("utf-16", false, b"a\x00"), ("utf-16le", 0));
        assert_eq!(name("utf-16", true, b"\xFE\xFF\x00"), ("utf-16be", 0));
        assert_eq!(name("utf-8", false, b"\xEF\xBB\xBF"), ("utf-8", 3));
        assert_eq!(name("utf-8", true, b"\xEF\xBB\xBF"), ("utf-8", 0));
        assert_eq!(name("utf-8", false, b"\xFF\xFE\x00"), ("utf-8", 0));
        assert_eq!(name("utf-16le", false, b"\xFE\xFF\x00"), ("utf-16le", 0));
        assert_eq!(name("utf-16be", false, b"\xFE\xFF\x00"), ("utf-16be", 2));
        assert_eq!(name("wtf-8", false, b"\xEF\xBB\xBF"), ("wtf-8", 0));
        assert_eq!(name("utf-8", false, b"\xEF\xBB"), ("utf-8", 0));
        let magic = b"\xEF\xB7\x9D\xED\xB2\xAE\x00\x0A";
        assert_eq!(name("corrected-utf-8", false, magic), ("corrected-utf-8", 8));
        assert_eq!(name("corrected-utf-8-c1", false, magic), ("corrected-utf-8-c1", 8));
        assert_eq!(name("corrected-utf-8", true, magic), ("corrected-utf-8", 0));
        assert_eq!(name("corrected-utf-8", false, &magic[..7]), ("corrected-utf-8", 0));
        assert_eq!(name("corrected-utf-8", false, b"\xEF\xBB\xBF"), ("corrected-utf-8", 0));
        assert_eq!(name("utf-8", false, magic), ("utf-8", 0));
        // utf-32 (decision 0041): a BOM of either order, little-endian
        // without one; utf-32le and utf-32be keep theirs as U+FEFF.
        assert_eq!(name("utf-32", false, b"\x00\x00\xFE\xFF\x00"), ("utf-32be", 4));
        assert_eq!(name("UTF32", false, b"\xFF\xFE\x00\x00a"), ("utf-32le", 4));
        assert_eq!(name("UTF_32", false, b"\x00\x00\x00a"), ("utf-32le", 0));
        assert_eq!(name("utf-32", true, b"\x00\x00\xFE\xFF"), ("utf-32be", 0));
        assert_eq!(name("utf-32", false, b"\xFF\xFEa\x00"), ("utf-32le", 0));
        assert_eq!(name("utf-32le", false, b"\xFF\xFE\x00\x00"), ("utf-32le", 0));
        assert_eq!(name("utf-32be", false, b"\x00\x00\xFE\xFF"), ("utf-32be", 0));
        assert_eq!(name("ucs-4", false, b"\x00\x00\xFE\xFF"), ("utf-32be", 0));
        // --sniff-bom: the Encoding Standard's decode (section 6).
        let sniffed = |label: &str, keep: bool, head: &[u8]| {
            let (codec, skip) = InputLabel::new(label, keep).unwrap().sniffing(true).resolve(head);
            (codec.info().name, skip)
        };
        assert_eq!(sniffed("utf-16", false, b"\xEF\xBB\xBFA"), ("utf-8", 3));
        assert_eq!(sniffed("utf-16le", false, b"\xFE\xFF\x00"), ("utf-16be", 2));
        assert_eq!(sniffed("windows-1252", false, b"\xFF\xFEA"), ("utf-16le", 2));
        assert_eq!(sniffed("shift_jis", true, b"\xEF\xBB\xBF"), ("utf-8", 0));
        assert_eq!(sniffed("shift_jis", false, b"\xEF\xBB"), ("shift_jis", 0));
        assert_eq!(sniffed("corrected-utf-8", false, magic), ("corrected-utf-8", 8));
        assert_eq!(sniffed("wtf-8", false, b"\xFE\xFF"), ("utf-16be", 2));
        // The Standard's table has no UTF-32 BOM: FF FE 00 00 is UTF-16LE's.
        assert_eq!(sniffed("utf-32", false, b"\xFF\xFE\x00\x00"), ("utf-16le", 2));
    }
}
