//! The magic number and the document rules: "Putting it all together" (the
//! signature) and "Other legacy control characters" (what a document must
//! and should not hold).

use alloc::boxed::Box;

use codec_core::{DocumentCheck, DocumentRules, Finding, Level};

/// The magic number, `EF B7 9D ED B2 AE 00 0A`: U+10E7D U+ED4E U+0000
/// U+000A in Corrected UTF-8. At the start of a file it is a signature, not
/// text.
///
/// > The eight-byte sequence EF B7 9D ED B2 AE 00 0A is defined as the magic
/// > number signaling text using Corrected UTF-8. It SHOULD be present at
/// > the beginning of any file encoded in Corrected UTF-8, but need not be
/// > prepended to strings whose encoding is known by other means.
///
/// # Examples
///
/// ```
/// use codec_corrected_utf8::{CodePoint, Decode, CORRECTED_UTF_8, MAGIC};
/// let points: Vec<u32> = CORRECTED_UTF_8.decode(&MAGIC).unwrap().iter().map(|c| c.to_u32()).collect();
/// assert_eq!(points, [0x10E7D, 0xED4E, 0x0000, 0x000A]);
/// ```
pub const MAGIC: [u8; 8] = [0xEF, 0xB7, 0x9D, 0xED, 0xB2, 0xAE, 0x00, 0x0A];

/// Returns `bytes` without the magic number at its start, if it has one.
///
/// # Examples
///
/// ```
/// use codec_corrected_utf8::{strip_magic, MAGIC};
/// let mut file = MAGIC.to_vec();
/// file.extend_from_slice(b"text\n");
/// assert_eq!(strip_magic(&file), b"text\n");
/// assert_eq!(strip_magic(b"text\n"), b"text\n");
/// ```
#[must_use]
pub fn strip_magic(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(&MAGIC[..]).unwrap_or(bytes)
}

/// The document rules of Corrected UTF-8, as [`DocumentRules`]: what
/// [`Codec::document`](codec_core::Codec::document) returns for both
/// variants. The findings, each with its byte offset:
///
/// | rule | level | what |
/// |---|---|---|
/// | `nul` | must | U+0000 anywhere but in the magic number at the start |
/// | `no_signature` | should | no magic number at the start (offset 0) |
/// | `carriage_return` | should | U+000D |
/// | `line_separator` | should | U+2028 |
/// | `paragraph_separator` | should | U+2029 |
/// | `c0_control` | should | any other C0 control but U+000A (U+0001..U+001F) |
/// | `no_final_newline` | should | text that is not empty and does not end with U+000A (offset: the end) |
///
/// The check looks at bytes: every code point it looks for has one
/// encoding, and no byte of it can be part of another sequence, so it needs
/// no decoding. It does not check well-formedness: validate too. Its
/// [`checker`](DocumentRules::checker) hands the findings one at a time to a
/// callback and keeps none of them: its state is a few fixed fields, so a
/// document of any size is checked in bounded memory.
///
/// # Examples
///
/// ```
/// use codec_corrected_utf8::{Codec, CORRECTED_UTF_8, MAGIC};
/// let rules = CORRECTED_UTF_8.document().unwrap();
/// let mut doc = MAGIC.to_vec();
/// doc.extend_from_slice(b"one\r\ntwo\0\n");
/// let found: Vec<_> = rules.check(&doc).iter().map(|f| (f.offset, f.rule)).collect();
/// assert_eq!(found, [(11, "carriage_return"), (16, "nul")]);
/// assert!(rules.check(b"plain\n").iter().any(|f| f.rule == "no_signature"));
///
/// // A million NULs, fed in chunks and counted without keeping a finding.
/// let mut check = rules.checker();
/// let (mut nul, mut other) = (0usize, 0usize);
/// for i in 0..256 {
///     check.feed(&[0u8; 4096], i == 255, &mut |f| match f.rule {
///         "nul" => nul += 1,
///         _ => other += 1,
///     });
/// }
/// assert_eq!((nul, other), (256 * 4096, 2)); // and no_signature, no_final_newline
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules;

impl DocumentRules for Rules {
    fn signature(&self) -> Option<&'static [u8]> {
        Some(&MAGIC)
    }

    fn checker(&self) -> Box<dyn DocumentCheck> {
        Box::new(Check::default())
    }
}

/// `U+2028` and `U+2029` in Corrected UTF-8: `E1 9E 88` and `E1 9E 89`
/// (2208 below their values, in the first three-byte range).
const SEPARATOR_PREFIX: [u8; 2] = [0xE1, 0x9E];

/// The state of one document's check ([`Rules::checker`](DocumentRules::checker)):
/// a few fixed fields, whatever the document's size or its number of
/// findings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Check {
    /// The first bytes, until there are enough to tell whether the magic
    /// number is there.
    head: [u8; MAGIC.len()],
    /// How many bytes of `head` are filled.
    head_len: usize,
    /// Whether the head has been decided (and checked).
    started: bool,
    /// Whether the document starts with the magic number.
    signed: bool,
    /// Offset of the next byte.
    offset: usize,
    /// How many bytes of [`SEPARATOR_PREFIX`] end the bytes seen so far.
    matched: usize,
    /// The last byte of text, if any.
    last_byte: Option<u8>,
    /// Whether the last chunk has been fed.
    ended: bool,
}

impl DocumentCheck for Check {
    /// Checks the next `chunk`. A finding at the start (`no_signature`)
    /// waits until eight bytes, or the end, have been seen;
    /// `no_final_newline` comes with the last chunk. After the last chunk,
    /// further chunks find nothing.
    fn feed(&mut self, chunk: &[u8], last: bool, found: &mut dyn FnMut(Finding)) {
        if self.ended {
            return;
        }
        let mut chunk = chunk;
        if !self.started {
            let take = chunk.len().min(MAGIC.len() - self.head_len);
            self.head[self.head_len..self.head_len + take].copy_from_slice(&chunk[..take]);
            self.head_len += take;
            chunk = &chunk[take..];
            if self.head_len < MAGIC.len() && !last {
                return;
            }
            self.started = true;
            self.signed = self.head == MAGIC;
            if !self.signed {
                found(Finding {
                    offset: 0,
                    level: Level::Should,
                    rule: "no_signature",
                    message: "no magic number at the start",
                });
            }
            let (head, len) = (self.head, core::mem::take(&mut self.head_len));
            self.scan(&head[..len], found);
        }
        self.scan(chunk, found);
        if last {
            self.ended = true;
            if self.last_byte.is_some_and(|b| b != 0x0A) {
                found(Finding {
                    offset: self.offset,
                    level: Level::Should,
                    rule: "no_final_newline",
                    message: "the text does not end with U+000A",
                });
            }
        }
    }
}

impl Check {
    /// Checks `bytes` at `self.offset`, skipping the signature.
    fn scan(&mut self, bytes: &[u8], found: &mut dyn FnMut(Finding)) {
        for &b in bytes {
            let at = self.offset;
            self.offset += 1;
            if self.signed && at < MAGIC.len() {
                continue;
            }
            self.last_byte = Some(b);
            let finding = |level, rule, message| Finding { offset: at, level, rule, message };
            match b {
                0x00 => found(finding(Level::Must, "nul", "U+0000 outside the magic number")),
                0x0D => found(finding(Level::Should, "carriage_return", "U+000D (carriage return)")),
                0x01..=0x1F if b != 0x0A => {
                    found(finding(Level::Should, "c0_control", "C0 control other than U+000A"));
                }
                _ => {}
            }
            if self.matched == 2 && (b == 0x88 || b == 0x89) {
                let (rule, message) = if b == 0x88 {
                    ("line_separator", "U+2028 (line separator)")
                } else {
                    ("paragraph_separator", "U+2029 (paragraph separator)")
                };
                found(Finding { offset: at - 2, level: Level::Should, rule, message });
            }
            self.matched = match (self.matched, b) {
                (1, b) if b == SEPARATOR_PREFIX[1] => 2,
                (_, b) if b == SEPARATOR_PREFIX[0] => 1,
                _ => 0,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SEPARATOR_PREFIX;
    use crate::encode;

    #[test]
    fn the_separators_are_the_bytes_the_check_looks_for() {
        let mut out = alloc::vec::Vec::new();
        encode::push(0x2028, &mut out).unwrap();
        encode::push(0x2029, &mut out).unwrap();
        assert_eq!(
            out,
            [SEPARATOR_PREFIX[0], SEPARATOR_PREFIX[1], 0x88, SEPARATOR_PREFIX[0], SEPARATOR_PREFIX[1], 0x89]
        );
    }
}
