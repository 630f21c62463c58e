//! Document rules: what a specification asks of a whole document beyond
//! well-formed bytes (a signature at the start, code points that must or
//! should not appear), behind the object-safe [`DocumentRules`] a codec
//! offers through [`Codec::document`](crate::Codec::document).

use alloc::boxed::Box;
use alloc::vec::Vec;

/// How binding a document rule is, in RFC 2119 terms.
///
/// # Examples
///
/// ```
/// use codec_core::Level;
/// assert!(Level::Must > Level::Should);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// A SHOULD rule: a warning.
    Should,
    /// A MUST rule: the document does not conform.
    Must,
}

impl Level {
    /// Returns the level's stable lowercase name (`must`, `should`), as a
    /// finding displays it.
    fn as_str(self) -> &'static str {
        match self {
            Level::Should => "should",
            Level::Must => "must",
        }
    }
}

/// One finding of a document check: where, how binding, which rule.
///
/// # Examples
///
/// ```
/// use codec_core::{Finding, Level};
/// let f = Finding { offset: 3, level: Level::Must, rule: "nul", message: "U+0000 outside the signature" };
/// assert_eq!(f.to_string(), "offset 3: must: U+0000 outside the signature");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Finding {
    /// The byte offset the finding is about (from the start of the
    /// document, signature included).
    pub offset: usize,
    /// Whether the rule is a MUST or a SHOULD.
    pub level: Level,
    /// The rule's stable snake_case name (`nul`, `no_signature`, ...).
    pub rule: &'static str,
    /// A lowercase description without a trailing period.
    pub message: &'static str,
}

impl core::fmt::Display for Finding {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "offset {}: {}: {}", self.offset, self.level.as_str(), self.message)
    }
}

/// A check of one document in progress, fed chunk by chunk and handing each
/// finding to a callback as it is found, so that memory stays bounded
/// whatever the document's size and its number of findings; see
/// [`DocumentRules::checker`].
///
/// # Examples
///
/// See [`DocumentRules`].
pub trait DocumentCheck {
    /// Checks the next `chunk` of the document (`last`: nothing follows it)
    /// and calls `found` with each finding, in order of offset.
    fn feed(&mut self, chunk: &[u8], last: bool, found: &mut dyn FnMut(Finding));
}

/// The rules a specification sets for whole documents: its signature and the
/// rules on what a document holds. Object-safe, so that a tool can use it
/// for any codec chosen at run time ([`Codec::document`](crate::Codec::document)).
///
/// # Examples
///
/// ```
/// use codec_core::{DocumentCheck, DocumentRules, Finding, Level};
///
/// /// Documents that must not hold a NUL byte and may start with "SIG".
/// struct NoNul;
/// struct Check(usize);
/// impl DocumentCheck for Check {
///     fn feed(&mut self, chunk: &[u8], _last: bool, found: &mut dyn FnMut(Finding)) {
///         for (i, &b) in chunk.iter().enumerate() {
///             if b == 0 {
///                 found(Finding { offset: self.0 + i, level: Level::Must, rule: "nul", message: "nul" });
///             }
///         }
///         self.0 += chunk.len();
///     }
/// }
/// impl DocumentRules for NoNul {
///     fn signature(&self) -> Option<&'static [u8]> { Some(b"SIG") }
///     fn checker(&self) -> Box<dyn DocumentCheck> { Box::new(Check(0)) }
/// }
///
/// assert_eq!(NoNul.strip_signature(b"SIGtext"), b"text");
/// assert_eq!(NoNul.strip_signature(b"text"), b"text");
/// let mut out = Vec::new();
/// NoNul.write_signature(&mut out);
/// assert_eq!(out, b"SIG");
/// assert_eq!(NoNul.check(b"a\0b")[0].offset, 1);
/// ```
pub trait DocumentRules {
    /// Returns the signature that may begin a document (Corrected UTF-8's
    /// magic number): not part of the text. `None` when there is none.
    fn signature(&self) -> Option<&'static [u8]>;

    /// Returns a fresh check for one document.
    fn checker(&self) -> Box<dyn DocumentCheck>;

    /// Checks a whole document in memory and returns every finding, in order
    /// of offset.
    fn check(&self, document: &[u8]) -> Vec<Finding> {
        let mut findings = Vec::new();
        self.checker().feed(document, true, &mut |f| findings.push(f));
        findings
    }

    /// Returns `document` without the signature at its start, if it has one.
    fn strip_signature<'a>(&self, document: &'a [u8]) -> &'a [u8] {
        match self.signature() {
            Some(sig) => document.strip_prefix(sig).unwrap_or(document),
            None => document,
        }
    }

    /// Appends the signature to `out` (nothing when there is none), to begin
    /// a document.
    fn write_signature(&self, out: &mut Vec<u8>) {
        if let Some(sig) = self.signature() {
            out.extend_from_slice(sig);
        }
    }
}
