//! Byte order marks: what a label does with a BOM on input and output
//! (decision 0005).
//!
//! * `utf-16` (and `utf16`, `UTF_16`), the byte-order-neutral label: on input, a BOM
//!   of either order (`FF FE`, `FE FF`) chooses the byte order and is
//!   stripped; without one the input is little-endian. On output it writes
//!   `FF FE` and little-endian text.
//! * `utf-8`, `utf-16le`, `utf-16be` (the Encoding Standard's encodings):
//!   a leading BOM of that encoding is stripped on input, as the standard's
//!   `TextDecoder` does; `--keep-bom` keeps it as U+FEFF, as iconv does.
//! * `corrected-utf-8` and `corrected-utf-8-c1` (the codecs whose document
//!   rules have a signature): a leading magic number (`EF B7 9D ED B2 AE 00
//!   0A`, which "should not be considered part of the text", as a BOM) is
//!   stripped on input, `--keep-bom` keeps it as its four code points; on
//!   output `--bom` writes the magic number. U+FEFF is a character.
//! * Every other codec: U+FEFF is a character like any other (their
//!   specifications define no BOM).
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

/// The longest BOM, in bytes.
const LONGEST_BOM: usize = 3;

/// What an input label does with a leading BOM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// `utf-16`: a BOM of either order chooses the codec.
    Sniff,
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

/// Whether `label` is the byte-order-neutral UTF-16 label.
pub(crate) fn is_neutral_utf16(label: &str) -> bool {
    support::normalized(label.trim()) == "utf16"
}

impl InputLabel {
    /// Finds the codec an input label names, and its BOM rule.
    ///
    /// # Errors
    ///
    /// [`Failure::Usage`] for an unknown label.
    pub(crate) fn new(label: &str, keep: bool) -> Result<InputLabel, Failure> {
        if is_neutral_utf16(label) {
            return Ok(InputLabel { codec: support::codec("utf-16le")?, rule: Rule::Sniff, keep, sniff: false });
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
            Rule::Sniff | Rule::Strip(_) => LONGEST_BOM,
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
        let found = sniff_bom(head);
        let (codec, bom) = match (self.rule, found) {
            (Rule::Sniff, Some(bom @ Bom::Utf16Be)) => (support::codec("utf-16be"), Some(bom)),
            (Rule::Sniff, Some(bom @ Bom::Utf16Le)) => (Ok(self.codec), Some(bom)),
            (Rule::Strip(own), Some(bom)) if own == bom => (Ok(self.codec), Some(bom)),
            _ => (Ok(self.codec), None),
        };
        let codec = codec.unwrap_or(self.codec);
        match bom {
            Some(bom) if !self.keep => (codec, bom.len()),
            _ => (codec, 0),
        }
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
/// any: always for `utf-16` (little-endian), with `--bom` for any codec
/// (the magic number for Corrected UTF-8).
///
/// # Errors
///
/// [`Failure::Usage`] for an unknown label, or `--bom` with a codec that
/// cannot encode U+FEFF.
pub(crate) fn output(label: &str, bom: bool) -> Result<(&'static dyn DynCodec, Option<Vec<u8>>), Failure> {
    let neutral = is_neutral_utf16(label);
    let codec = support::codec(if neutral { "utf-16le" } else { label })?;
    if !(bom || neutral) {
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
    }
}
