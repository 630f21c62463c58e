//! The UTF-8 bit distribution and its decoding automaton, with the fast skip
//! over well-formed UTF-8: UTF-8's own specification, and what every codec
//! whose specification builds on UTF-8 uses (WTF-8, CESU-8, Modified UTF-8
//! and UTF-∞-8).
//!
//! A codec picks a [`Grammar`] and adds only its own rules on top (WTF-8's
//! surrogate pairs, CESU-8's six-byte pairs), so the tables below exist once.
//!
//! # Examples
//!
//! ```
//! use codec_utf8::automaton::{self, Grammar};
//! use codec_utf8::{CodePoint, Step};
//!
//! assert_eq!(automaton::decode_step(Grammar::UTF_8, b"\xC3\xA9"), Step::Point { point: CodePoint::new(0xE9), len: 2 });
//! let mut out = Vec::new();
//! automaton::push(CodePoint::new(0xE9), &mut out);
//! assert_eq!(out, b"\xC3\xA9");
//! ```

use alloc::vec::Vec;

use codec_core::{CodePoint, EncodeStep, ErrorKind, Step};
use utfx_kernels::Utf8Tables;

/// Which well-formed byte sequences a UTF-8 automaton accepts: RFC 3629
/// UTF-8, generalized UTF-8 (surrogates allowed), or RFC 2279's 31-bit
/// UTF-8. All three accept the shortest form only.
///
/// # Building a grammar
///
/// A grammar is one of the three constants, adjusted with the `const`
/// `with_*` methods, so a sibling crate can build its own in a `const`
/// ([`Grammar::with_surrogates`], [`Grammar::with_four_byte_forms`],
/// [`Grammar::with_nul_byte`], [`Grammar::with_two_byte_nul`],
/// [`Grammar::with_overlong_forms`]). The fields are private: each rule
/// that a codec of the family adds (CESU-8's ban of four-byte forms,
/// Modified UTF-8's `C0 80` for U+0000 and its ban of the byte `00`, the
/// overlong forms Java's `readUTF` accepts) is a private field, defaulting
/// to UTF-8's behaviour in the three constants, and a `with_*` method, which
/// is an additive change for every existing caller.
///
/// # Examples
///
/// ```
/// use codec_utf8::automaton::{self, Grammar};
/// use codec_utf8::{CodePoint, ErrorKind, Step};
///
/// let surrogate = b"\xED\xA0\x80";
/// assert_eq!(automaton::decode_step(Grammar::UTF_8, surrogate), Step::Invalid { kind: ErrorKind::Surrogate, len: 1 });
/// assert_eq!(automaton::decode_step(Grammar::GENERALIZED, surrogate), Step::Point { point: CodePoint::new(0xD800), len: 3 });
/// assert_eq!(Grammar::RFC_2279.max(), 0x7FFF_FFFF);
///
/// // A grammar of one's own, in a const.
/// const SCALARS_TO_7FFFFFFF: Grammar = Grammar::RFC_2279.with_surrogates(false);
/// assert!(!SCALARS_TO_7FFFFFFF.allows_surrogates());
/// assert_eq!(automaton::decode_step(SCALARS_TO_7FFFFFFF, surrogate), Step::Invalid { kind: ErrorKind::Surrogate, len: 1 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grammar {
    max: u32,
    surrogates: bool,
    four_byte: bool,
    nul_byte: bool,
    two_byte_nul: bool,
    overlong: bool,
}

/// UTF-8's rules for everything but the domain: four-byte forms, the byte
/// `00` for U+0000, shortest forms only.
const UTF8_RULES: Grammar = Grammar {
    max: 0x10_FFFF,
    surrogates: false,
    four_byte: true,
    nul_byte: true,
    two_byte_nul: false,
    overlong: false,
};

impl Grammar {
    /// UTF-8 (RFC 3629, the Unicode Standard's Table 3-7): scalar values, one
    /// to four bytes.
    pub const UTF_8: Grammar = UTF8_RULES;
    /// Generalized UTF-8 (the WTF-8 specification's Table 3): every code point
    /// to U+10FFFF, surrogates included, one to four bytes.
    pub const GENERALIZED: Grammar = Grammar { surrogates: true, ..UTF8_RULES };
    /// UTF-8 of RFC 2279 (FSS-UTF): every code point to U+7FFFFFFF,
    /// surrogates included, one to six bytes.
    pub const RFC_2279: Grammar = Grammar { max: 0x7FFF_FFFF, surrogates: true, ..UTF8_RULES };

    /// Returns the grammar with surrogate code points well-formed (`true`)
    /// or ill-formed (`false`), every other rule unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_utf8::automaton::Grammar;
    /// assert_eq!(Grammar::UTF_8.with_surrogates(true), Grammar::GENERALIZED);
    /// ```
    #[must_use]
    pub const fn with_surrogates(self, allowed: bool) -> Grammar {
        Grammar { surrogates: allowed, ..self }
    }

    /// Returns the grammar with four-byte sequences (lead bytes `F0..F4`,
    /// and `F5..F7` in RFC 2279's grammar) well-formed (`true`) or
    /// ill-formed (`false`): CESU-8 and Modified UTF-8 write a supplementary
    /// code point as two three-byte surrogates instead. A lead byte of a
    /// four-byte form is then a one-byte subpart of kind
    /// [`ErrorKind::FourByteSequence`] (it starts no well-formed sequence),
    /// and encoding a code point above U+FFFF fails with that kind.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_utf8::automaton::{decode_step, Grammar};
    /// use codec_utf8::{ErrorKind, Step};
    /// const BMP: Grammar = Grammar::UTF_8.with_four_byte_forms(false);
    /// assert!(!BMP.allows_four_byte_forms());
    /// assert_eq!(decode_step(BMP, b"\xF0\x90\x80\x80"), Step::Invalid { kind: ErrorKind::FourByteSequence, len: 1 });
    /// ```
    #[must_use]
    pub const fn with_four_byte_forms(self, allowed: bool) -> Grammar {
        Grammar { four_byte: allowed, ..self }
    }

    /// Returns the grammar with the byte `00` well-formed as U+0000 (`true`,
    /// UTF-8's rule) or a one-byte subpart of kind [`ErrorKind::Nul`]
    /// (`false`, Modified UTF-8's).
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_utf8::automaton::{decode_step, Grammar};
    /// use codec_utf8::{ErrorKind, Step};
    /// const NO_NUL: Grammar = Grammar::UTF_8.with_nul_byte(false);
    /// assert!(!NO_NUL.allows_nul_byte());
    /// assert_eq!(decode_step(NO_NUL, b"\x00"), Step::Invalid { kind: ErrorKind::Nul, len: 1 });
    /// ```
    #[must_use]
    pub const fn with_nul_byte(self, allowed: bool) -> Grammar {
        Grammar { nul_byte: allowed, ..self }
    }

    /// Returns the grammar with `C0 80` well-formed as U+0000 (`true`,
    /// Modified UTF-8's rule), which then is also how U+0000 is encoded, or
    /// ill-formed (`false`, UTF-8's). `C0` followed by anything but `80` stays
    /// ill-formed: a one-byte subpart (kind `overlong` before another
    /// continuation byte).
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_utf8::automaton::{decode_step, encode_step, Grammar};
    /// use codec_utf8::{CodePoint, EncodeStep, ErrorKind, Step};
    /// const JAVA: Grammar = Grammar::UTF_8.with_two_byte_nul(true).with_nul_byte(false);
    /// assert!(JAVA.allows_two_byte_nul());
    /// assert_eq!(decode_step(JAVA, b"\xC0\x80"), Step::Point { point: CodePoint::NUL, len: 2 });
    /// assert_eq!(decode_step(JAVA, b"\xC0\x81"), Step::Invalid { kind: ErrorKind::Overlong, len: 1 });
    /// let mut out = Vec::new();
    /// assert_eq!(encode_step(JAVA, &[CodePoint::NUL], &mut out), EncodeStep::Done(1));
    /// assert_eq!(out, b"\xC0\x80");
    /// ```
    #[must_use]
    pub const fn with_two_byte_nul(self, allowed: bool) -> Grammar {
        Grammar { two_byte_nul: allowed, ..self }
    }

    /// Returns the grammar with overlong forms well-formed (`true`: `C0` and
    /// `C1` lead two-byte sequences, and `E0`, `F0`, `F8`, `FC` take any
    /// continuation byte second, each decoding to the value of its bits, as
    /// Java's `DataInputStream.readUTF` does) or ill-formed (`false`, every
    /// grammar's default). Encoding always writes the shortest form.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_utf8::automaton::{decode_step, Grammar};
    /// use codec_utf8::{CodePoint, Step};
    /// const LAX: Grammar = Grammar::UTF_8.with_overlong_forms(true);
    /// assert!(LAX.allows_overlong_forms());
    /// assert_eq!(decode_step(LAX, b"\xC1\xBF"), Step::Point { point: CodePoint::new(0x7F), len: 2 });
    /// assert_eq!(decode_step(LAX, b"\xE0\x80\x80"), Step::Point { point: CodePoint::NUL, len: 3 });
    /// ```
    #[must_use]
    pub const fn with_overlong_forms(self, allowed: bool) -> Grammar {
        Grammar { overlong: allowed, ..self }
    }

    /// Returns the largest code point the grammar encodes.
    #[must_use]
    pub const fn max(self) -> u32 {
        self.max
    }

    /// Returns true when surrogate code points are well-formed.
    #[must_use]
    pub const fn allows_surrogates(self) -> bool {
        self.surrogates
    }

    /// Returns true when four-byte sequences are well-formed.
    #[must_use]
    pub const fn allows_four_byte_forms(self) -> bool {
        self.four_byte
    }

    /// Returns true when the byte `00` is well-formed (U+0000).
    #[must_use]
    pub const fn allows_nul_byte(self) -> bool {
        self.nul_byte
    }

    /// Returns true when `C0 80` is well-formed (U+0000), and U+0000 is
    /// encoded so.
    #[must_use]
    pub const fn allows_two_byte_nul(self) -> bool {
        self.two_byte_nul
    }

    /// Returns true when overlong forms are well-formed.
    #[must_use]
    pub const fn allows_overlong_forms(self) -> bool {
        self.overlong
    }

    const fn six_byte(self) -> bool {
        self.max > 0x10_FFFF
    }

    /// Returns the tables with which `utfx_kernels::valid_prefix`
    /// validates the grammar (decision 0014), built from the second bytes
    /// each lead byte takes in the automaton (RFC 3629's grammar as quoted
    /// in this module, adjusted by the grammar's rules), or `None` when
    /// that validator cannot check it: RFC 2279's five- and six-byte
    /// forms, `C0 80` alone, and a grammar without the byte `00`.
    ///
    /// # Examples
    ///
    /// ```
    /// use codec_utf8::automaton::Grammar;
    /// assert!(Grammar::UTF_8.tables().is_some() && Grammar::GENERALIZED.tables().is_some());
    /// assert!(Grammar::RFC_2279.tables().is_none());
    /// ```
    #[must_use]
    pub const fn tables(self) -> Option<Utf8Tables> {
        if !self.nul_byte || self.six_byte() {
            return None;
        }
        let mut second = [None; 64];
        let mut k = 0;
        while k < 64 {
            if let Ok(found) = lead(self, 0xC0 + k as u8) {
                second[k] = Some(found.second);
            }
            k += 1;
        }
        Utf8Tables::new(&second)
    }
}

/// What a lead byte says: the sequence length, the range of the second byte
/// (the only one with a narrower range than `80..=BF`), and the kind of error
/// when the second byte is a continuation byte outside that range.
struct Lead {
    len: usize,
    second: (u8, u8),
    narrow_kind: ErrorKind,
}

// RFC 3629 §4 (and Unicode Table 3-7), the grammar this implements for UTF-8:
//
//   UTF8-1      = %x00-7F
//   UTF8-2      = %xC2-DF UTF8-tail
//   UTF8-3      = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) /
//                 %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
//   UTF8-4      = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) /
//                 %xF4 %x80-8F 2( UTF8-tail )
//   UTF8-tail   = %x80-BF
//
// Generalized UTF-8 (WTF-8 spec, Table 3) is the same with `ED 80..BF`.
// RFC 2279 adds, shortest form only:
//
//   %xF5-F7 3( UTF8-tail )                      (up to U+1FFFFF)
//   %xF8 %x88-BF 3( UTF8-tail ) / %xF9-FB 4( UTF8-tail )
//   %xFC %x84-BF 4( UTF8-tail ) / %xFD 5( UTF8-tail )
//
// and F4 takes any tail. `FE` and `FF` never appear.
//
// The rules of the family built on UTF-8 adjust this table:
//
// * no four-byte forms (CESU-8, Modified UTF-8): every lead of a four-byte
//   sequence is a subpart of its own, `four_byte_sequence`;
// * `C0 80` for U+0000 (Modified UTF-8): `C0` leads exactly `C0 80`;
// * overlong forms (Java's `readUTF`): `C0`, `C1` lead two-byte sequences and
//   the second byte after `E0`, `F0`, `F8`, `FC` takes any tail.
#[inline(always)]
const fn lead(grammar: Grammar, b: u8) -> Result<Lead, ErrorKind> {
    let found = match utf8_lead(grammar, b) {
        Ok(found) => found,
        Err(kind) => return Err(kind),
    };
    if found.len == 4 && !grammar.four_byte {
        return Err(ErrorKind::FourByteSequence);
    }
    if grammar.overlong && matches!(found.narrow_kind, ErrorKind::Overlong) {
        return Ok(Lead { second: (0x80, 0xBF), narrow_kind: ErrorKind::MissingContinuation, ..found });
    }
    Ok(found)
}

/// [`lead`] by the table above, with C0 and C1 per the grammar.
#[inline(always)]
const fn utf8_lead(grammar: Grammar, b: u8) -> Result<Lead, ErrorKind> {
    const fn lead(len: usize, second: (u8, u8), narrow_kind: ErrorKind) -> Result<Lead, ErrorKind> {
        Ok(Lead { len, second, narrow_kind })
    }
    let any = (0x80, 0xBF);
    let wide = grammar.six_byte();
    match b {
        0x80..=0xBF => Err(ErrorKind::UnexpectedContinuation),
        0xC0 | 0xC1 if grammar.overlong => lead(2, any, ErrorKind::MissingContinuation),
        0xC0 if grammar.two_byte_nul => lead(2, (0x80, 0x80), ErrorKind::Overlong),
        0xC0 | 0xC1 => Err(ErrorKind::Overlong),
        0xC2..=0xDF => lead(2, any, ErrorKind::MissingContinuation),
        0xE0 => lead(3, (0xA0, 0xBF), ErrorKind::Overlong),
        0xED if !grammar.surrogates => lead(3, (0x80, 0x9F), ErrorKind::Surrogate),
        0xE1..=0xEF => lead(3, any, ErrorKind::MissingContinuation),
        0xF0 => lead(4, (0x90, 0xBF), ErrorKind::Overlong),
        0xF4 if !wide => lead(4, (0x80, 0x8F), ErrorKind::OutOfRange),
        0xF1..=0xF4 => lead(4, any, ErrorKind::MissingContinuation),
        0xF5..=0xF7 if wide => lead(4, any, ErrorKind::MissingContinuation),
        0xF8 if wide => lead(5, (0x88, 0xBF), ErrorKind::Overlong),
        0xF9..=0xFB if wide => lead(5, any, ErrorKind::MissingContinuation),
        0xFC if wide => lead(6, (0x84, 0xBF), ErrorKind::Overlong),
        0xFD if wide => lead(6, any, ErrorKind::MissingContinuation),
        0xF5..=0xFD => Err(ErrorKind::OutOfRange),
        _ => Err(ErrorKind::InvalidLead),
    }
}

/// How far back from the end of its input [`restart_point`] looks: enough
/// for a few of the longest sequences.
const RESTART_LOOK_BACK: usize = 32;

/// A restart point of `input` ([`codec_core::Decode::restart_point`]) for a
/// codec whose steps are [`decode_step`]'s with `grammar`: the end of the
/// last step, within the last 32 bytes, that begins at a byte that is not a
/// continuation byte (`80..BF`), ends inside `input`, and is a well-formed
/// sequence or a byte that is ill-formed alone (`FF`, say).
///
/// A step takes only continuation bytes after its first, so such a byte
/// begins a step whatever came before it (a sequence left unfinished before
/// it ends there, as its maximal subpart), and no step is open at its end.
/// `None` when the last 32 bytes hold no such step (a long run of
/// continuation bytes or of cut sequences).
///
/// # Examples
///
/// ```
/// use codec_utf8::automaton::{restart_point, Grammar};
/// assert_eq!(restart_point(Grammar::UTF_8, b"a\xC3\xA9\xE2\x82"), Some(3));
/// assert_eq!(restart_point(Grammar::UTF_8, b"\x80\x80"), None);
/// ```
#[must_use]
pub fn restart_point(grammar: Grammar, input: &[u8]) -> Option<usize> {
    let from = input.len().saturating_sub(RESTART_LOOK_BACK);
    (from..input.len()).rev().filter(|&at| input[at] & 0xC0 != 0x80).find_map(|at| {
        match decode_step(grammar, &input[at..]) {
            Step::Point { len, .. } | Step::Pair { len, .. } | Step::Reserved { len } | Step::Shift { len } => {
                Some(at + len)
            }
            // An ill-formed subpart found by the byte after it
            // (`missing_continuation`) needs that byte on this side; one
            // that its first byte alone makes (`FF`) does not.
            Step::Invalid { len, .. } => {
                matches!(decode_step(grammar, &input[at..=at]), Step::Invalid { .. }).then_some(at + len)
            }
            Step::Incomplete => None,
        }
    })
}

/// Decodes one sequence from the front of `input` (never empty) per
/// `grammar`: a [`codec_core::Decode::decode_step`] for UTF-8-like codecs.
///
/// An ill-formed sequence is reported as its maximal subpart (the WHATWG
/// utf-8 decoder's errors), with the kinds `unexpected_continuation`,
/// `overlong`, `surrogate`, `out_of_range`, `invalid_lead` (`FE`, `FF`) and
/// `missing_continuation`; an input that ends inside a sequence is
/// [`Step::Incomplete`].
///
/// # Examples
///
/// ```
/// use codec_utf8::automaton::{decode_step, Grammar};
/// use codec_utf8::{ErrorKind, Step};
/// assert_eq!(decode_step(Grammar::UTF_8, b"\xE2\x82"), Step::Incomplete);
/// assert_eq!(decode_step(Grammar::UTF_8, b"\xE2\x82A"), Step::Invalid { kind: ErrorKind::MissingContinuation, len: 2 });
/// ```
#[must_use]
#[inline(always)]
pub fn decode_step(grammar: Grammar, input: &[u8]) -> Step<CodePoint> {
    let b0 = input[0];
    if b0 < 0x80 {
        if b0 == 0 && !grammar.nul_byte {
            return Step::Invalid { kind: ErrorKind::Nul, len: 1 };
        }
        return Step::Point { point: CodePoint::from(b0), len: 1 };
    }
    let lead = match lead(grammar, b0) {
        Ok(lead) => lead,
        Err(kind) => return Step::Invalid { kind, len: 1 },
    };
    // The payload bits of the lead: 5, 4, 3, 2 or 1 of them.
    let mut value = u32::from(b0) & (0x7F >> lead.len);
    for i in 1..lead.len {
        let Some(&b) = input.get(i) else { return Step::Incomplete };
        let (lo, hi) = if i == 1 { lead.second } else { (0x80, 0xBF) };
        if !(lo..=hi).contains(&b) {
            // The maximal subpart is what was well-formed so far.
            let kind =
                if i == 1 && (0x80..=0xBF).contains(&b) { lead.narrow_kind } else { ErrorKind::MissingContinuation };
            return Step::Invalid { kind, len: i };
        }
        value = (value << 6) | u32::from(b & 0x3F);
    }
    Step::Point { point: CodePoint::new(value), len: lead.len }
}

// RFC 2279 §2 (RFC 3629 and generalized UTF-8 keep the first four rows):
//
//   UCS-4 range (hex.)     UTF-8 octet sequence (binary)
//   0000 0000-0000 007F   0xxxxxxx
//   0000 0080-0000 07FF   110xxxxx 10xxxxxx
//   0000 0800-0000 FFFF   1110xxxx 10xxxxxx 10xxxxxx
//   0001 0000-001F FFFF   11110xxx 10xxxxxx 10xxxxxx 10xxxxxx
//   0020 0000-03FF FFFF   111110xx 10xxxxxx 10xxxxxx 10xxxxxx 10xxxxxx
//   0400 0000-7FFF FFFF   1111110x 10xxxxxx ... 10xxxxxx
/// Returns how many bytes the shortest UTF-8 form of `value` takes (the bit
/// distribution of RFC 2279, so up to six for values to U+7FFFFFFF, seven
/// beyond).
///
/// # Examples
///
/// ```
/// assert_eq!(codec_utf8::automaton::encoded_len(0x7FF), 2);
/// assert_eq!(codec_utf8::automaton::encoded_len(0x10_FFFF), 4);
/// assert_eq!(codec_utf8::automaton::encoded_len(0x7FFF_FFFF), 6);
/// ```
#[must_use]
pub const fn encoded_len(value: u32) -> usize {
    match value {
        0..=0x7F => 1,
        0x80..=0x7FF => 2,
        0x800..=0xFFFF => 3,
        0x1_0000..=0x1F_FFFF => 4,
        0x20_0000..=0x3FF_FFFF => 5,
        0x400_0000..=0x7FFF_FFFF => 6,
        _ => 7,
    }
}

/// Appends the shortest UTF-8 form of `cp` per the bit distribution above,
/// with no check of any grammar's domain (surrogates are encoded as
/// themselves).
///
/// # Panics
///
/// Never; a value above U+7FFFFFFF is written in the pattern's seven-byte
/// extension (`FE` and six continuation bytes), which no grammar accepts:
/// check [`Grammar::max`] first.
///
/// # Examples
///
/// ```
/// let mut out = Vec::new();
/// codec_utf8::automaton::push(codec_utf8::CodePoint::new(0xD800), &mut out);
/// assert_eq!(out, b"\xED\xA0\x80");
/// ```
pub fn push(cp: CodePoint, out: &mut Vec<u8>) {
    let v = cp.to_u32();
    let len = encoded_len(v);
    if len == 1 {
        out.push(v as u8);
        return;
    }
    let lead_mark = !(0xFFu8 >> len);
    let payload = v.checked_shr(6 * (len as u32 - 1)).unwrap_or(0);
    out.push(lead_mark | payload as u8);
    for i in (0..len - 1).rev() {
        out.push(0x80 | ((v >> (6 * i)) & 0x3F) as u8);
    }
}

/// Encodes the code point at the front of `input` (never empty) per
/// `grammar`: an [`codec_core::Encode::encode_step`] for UTF-8-like codecs.
/// Beyond [`Grammar::max`] is `out_of_range`; a surrogate, where the grammar
/// forbids it, is `surrogate`; above U+FFFF without four-byte forms,
/// `four_byte_sequence`; U+0000 is `C0 80` where the grammar has that form,
/// else `00`, and `nul` where it has neither.
///
/// # Examples
///
/// ```
/// use codec_utf8::automaton::{encode_step, Grammar};
/// use codec_utf8::{CodePoint, EncodeStep, ErrorKind};
/// let mut out = Vec::new();
/// assert_eq!(encode_step(Grammar::UTF_8, &[CodePoint::new(0xD800)], &mut out), EncodeStep::Invalid(ErrorKind::Surrogate));
/// assert_eq!(encode_step(Grammar::GENERALIZED, &[CodePoint::new(0xD800)], &mut out), EncodeStep::Done(1));
/// assert_eq!(out, b"\xED\xA0\x80");
/// ```
pub fn encode_step(grammar: Grammar, input: &[CodePoint], out: &mut Vec<u8>) -> EncodeStep {
    let cp = input[0];
    if cp.to_u32() > grammar.max {
        return EncodeStep::Invalid(ErrorKind::OutOfRange);
    }
    if !grammar.surrogates && cp.is_surrogate() {
        return EncodeStep::Invalid(ErrorKind::Surrogate);
    }
    if !grammar.four_byte && cp.to_u32() > 0xFFFF {
        return EncodeStep::Invalid(ErrorKind::FourByteSequence);
    }
    if cp.to_u32() == 0 {
        if grammar.two_byte_nul {
            out.extend_from_slice(&[0xC0, 0x80]);
            return EncodeStep::Done(1);
        }
        if !grammar.nul_byte {
            return EncodeStep::Invalid(ErrorKind::Nul);
        }
    }
    push(cp, out);
    EncodeStep::Done(1)
}

/// Encodes the leading run of Unicode scalar values of `input` (which every
/// grammar encodes alike) with the standard library's encoder and returns how
/// many code points it took: the fast path of [`codec_core::Encode`].
///
/// # Examples
///
/// ```
/// use codec_utf8::CodePoint;
/// let mut out = Vec::new();
/// let n = codec_utf8::automaton::encode_scalar_prefix(&[CodePoint::new(0xE9), CodePoint::new(0xD800)], &mut out);
/// assert_eq!((n, out.as_slice()), (1, &b"\xC3\xA9"[..]));
/// ```
pub fn encode_scalar_prefix(input: &[CodePoint], out: &mut Vec<u8>) -> usize {
    utfx_kernels::scalars_to_utf8(CodePoint::as_u32_slice(input), out)
}

/// The fast validator's tables for generalized UTF-8, with which its
/// surrogates do not end the skip (its [`codec_core::FastJob::Validate`]).
pub(crate) const GENERALIZED_TABLES: Utf8Tables = Grammar::GENERALIZED.tables().expect("generalized UTF-8 has tables");

/// The fast validator's tables for strict UTF-8, with which the UTF-8 to
/// UTF-16 kernel checks as it converts (`kernels::decode_to_utf16`).
pub(crate) const UTF8_TABLES: Utf8Tables = Grammar::UTF_8.tables().expect("UTF-8 has tables");

/// The windows the fast skip validates, growing while they stay valid (the
/// last size over and over), so its work is at most about four times what
/// it consumes plus 64 bytes, however short the valid run.
const WINDOWS: [usize; 6] = [64, 256, 1024, 4096, 16384, 65536];

/// Whether all of `bytes` is strict UTF-8, in one pass of the fastest
/// check that only says yes or no (the kernels' validator at AVX-512, else
/// `simdutf8`'s `basic` with the feature `simd`, else `core::str::from_utf8`).
pub(crate) fn is_utf8(bytes: &[u8]) -> bool {
    if let Some(valid) = utfx_kernels::str_prefix_avx512(bytes) {
        return valid.len() == bytes.len();
    }
    #[cfg(feature = "simd")]
    return simdutf8::basic::from_utf8(bytes).is_ok();
    #[cfg(not(feature = "simd"))]
    return core::str::from_utf8(bytes).is_ok();
}

/// Checks one window: `Ok` or (`valid_up_to`, `error_len`).
#[cfg(feature = "simd")]
fn check(bytes: &[u8]) -> Result<(), (usize, Option<usize>)> {
    simdutf8::compat::from_utf8(bytes).map(|_| ()).map_err(|e| (e.valid_up_to(), e.error_len()))
}

#[cfg(not(feature = "simd"))]
fn check(bytes: &[u8]) -> Result<(), (usize, Option<usize>)> {
    core::str::from_utf8(bytes).map(|_| ()).map_err(|e| (e.valid_up_to(), e.error_len()))
}

/// Returns the length of a prefix of `input` that is well-formed UTF-8 and
/// ends at a character boundary, the longest one. At AVX-512 the kernels'
/// validator finds it in one pass (`utfx_kernels::str_prefix_avx512`,
/// faster there than `simdutf8`); else it is checked in growing windows,
/// with the feature `simd` by `simdutf8`, without it by `core::str::from_utf8`.
///
/// Every grammar accepts strict UTF-8, so each codec of the family uses this
/// as its [`codec_core::FastJob::Validate`] and falls back to its own
/// automaton where the input leaves strict UTF-8.
///
/// # Examples
///
/// ```
/// assert_eq!(codec_utf8::automaton::valid_prefix(b"caf\xC3\xA9\xED\xA0\x80"), 5);
/// assert_eq!(codec_utf8::automaton::valid_prefix(b"caf\xC3"), 3);
/// ```
#[must_use]
pub fn valid_prefix(input: &[u8]) -> usize {
    if let Some(valid) = utfx_kernels::str_prefix_avx512(input) {
        return valid.len();
    }
    first_error(input).map_or(input.len(), |(valid_up_to, _)| valid_up_to)
}

/// The first ill-formed subpart of strict UTF-8 in `input`, as
/// (`valid_up_to`, `error_len`) with the meaning of [`core::str::Utf8Error`]'s,
/// or `None` when all of `input` is UTF-8. It checks the growing windows, so
/// its work is proportional to how far the error lies (plus 64 bytes), not
/// to the length of `input`: a caller that resumes after each error (lossy
/// decoding) stays linear (as the kernels' validator's is at AVX-512).
fn first_error(input: &[u8]) -> Option<(usize, Option<usize>)> {
    let mut start = 0;
    let last = WINDOWS[WINDOWS.len() - 1];
    for window in WINDOWS.iter().copied().chain(core::iter::repeat(last)) {
        if start == input.len() {
            return None;
        }
        let end = (start + window).min(input.len());
        match check(&input[start..end]) {
            Ok(()) => start = end,
            Err((valid_up_to, error_len)) => {
                // A window may cut a character; an error with no length at
                // the window's end is that cut, not an error.
                let valid = start + valid_up_to;
                if error_len.is_none() && end < input.len() {
                    start = valid;
                    continue;
                }
                return Some((valid, error_len));
            }
        }
    }
    None
}

/// Decodes the strict-UTF-8 prefix found by [`valid_prefix`], appending its
/// code points to `out`, and returns its length in bytes: the
/// [`codec_core::FastJob::Decode`] of the family.
///
/// # Examples
///
/// ```
/// let mut out = Vec::new();
/// assert_eq!(codec_utf8::automaton::decode_valid_prefix(b"h\xC3\xA9\xFF", &mut out), 3);
/// assert_eq!(out, [codec_utf8::CodePoint::new(0x68), codec_utf8::CodePoint::new(0xE9)]);
/// ```
pub fn decode_valid_prefix(input: &[u8], out: &mut Vec<CodePoint>) -> usize {
    CodePoint::with_u32_vec(out, |out| {
        if utfx_kernels::simd_enabled() {
            // One pass that checks each block with RFC 3629's tables as it
            // decodes it; the same prefix as `valid_prefix` finds.
            return utfx_kernels::checked_utf8_to_code_points(input, out, &UTF8_TABLES);
        }
        let n = valid_prefix(input);
        utfx_kernels::valid_utf8_to_code_points(&input[..n], out)
    })
}
