//! Validation of a grammar of the UTF-8 family, given as tables: Keiser and
//! Lemire's "lookup" algorithm ("Validating UTF-8 in less than one
//! instruction per byte", 2021), whose three 16-entry tables over the
//! nibbles of two consecutive bytes are built here from what a codec says
//! its grammar allows after each lead byte. The core knows only the bit
//! distribution shared by the whole family (a lead byte `C0..DF`, `E0..EF`
//! or `F0..FF` starts a sequence of two, three or four bytes, and every
//! byte after the second is any continuation byte `80..BF`); which second
//! bytes each lead takes, and a forbidden pair of adjacent three-byte
//! sequences, are the codec's (decision 0014); so is a ban of the byte
//! `00` (Modified UTF-8's, [`Utf8Tables::without_nul`]), which the blocks
//! check next to the high bit of each byte rather than in the tables.
//!
//! The SIMD form (`simd.rs`, instantiated for AVX2, SSE4.2 and NEON)
//! checks 64 bytes at a time and finds the first block with an error; the
//! portable form below, a character at a time, then finds the exact end of
//! the valid prefix in that block, and is the whole validator without SIMD.

use super::ascii_prefix;

/// The class bits the bit distribution fixes: a lead byte followed by
/// anything but a continuation byte.
const TOO_SHORT: u8 = 1 << 0;
/// An ASCII byte followed by a continuation byte.
const TOO_LONG: u8 = 1 << 1;
/// Two continuation bytes: an error unless a lead two or three bytes back
/// asks for it, which the validator checks on its own.
const TWO_CONTINUATIONS: u8 = 1 << 7;
/// The first of the bits left for the grammar's own classes (a set of lead
/// bytes and the rows of second bytes they refuse): bits 2 to 6.
const FIRST_CLASS: u32 = 2;
/// How many classes the grammar may have.
const CLASSES: usize = 5;

/// A grammar of the UTF-8 family as the fast validator's tables (see
/// [`valid_prefix`]): built with [`Utf8Tables::new`] from the second bytes
/// each lead byte takes, with [`Utf8Tables::with_forbidden_pair`] from
/// a pair of three-byte sequences that must not follow each other, and
/// with [`Utf8Tables::without_nul`] for a grammar without the byte `00`.
///
/// # Examples
///
/// ```
/// use utfx_kernels::Utf8Tables;
///
/// // Two-byte sequences only: C2..DF followed by any continuation byte.
/// let mut second = [None; 64];
/// for lead in 0xC2..=0xDF {
///     second[lead - 0xC0] = Some((0x80, 0xBF));
/// }
/// let tables = Utf8Tables::new(&second).unwrap();
/// assert_eq!(utfx_kernels::valid_prefix(b"ok \xC3\xA9 \xE2\x82\xAC", &tables), 6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Utf8Tables {
    /// The classes of the first byte of a pair, by its high nibble.
    pub(super) byte_1_high: [u8; 16],
    /// The classes of the first byte of a pair, by its low nibble.
    pub(super) byte_1_low: [u8; 16],
    /// The classes of the second byte of a pair, by its high nibble.
    pub(super) byte_2_high: [u8; 16],
    /// The forbidden pair of three-byte sequences, if any.
    pub(super) pair: Option<Pair>,
    /// Whether the byte `00` is ill-formed (Modified UTF-8's rule): the
    /// blocks then look for it next to the high bit of each byte, with a
    /// form of their own, so that the grammars that take it pay nothing.
    pub(super) nul: bool,
}

/// Two three-byte sequences, by their first two bytes, that must not follow
/// each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Pair {
    pub(super) first: Start,
    pub(super) then: Start,
    /// The class bit that the tables set for the start of a `then`
    /// sequence: the AVX2 form treats it as an error, then looks closer.
    pub(super) mark: u8,
}

/// The start of a three-byte sequence: its lead byte and the range of its
/// second byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Start {
    pub(super) lead: u8,
    pub(super) second: (u8, u8),
}

impl Start {
    /// Whether `seq` (at least two bytes) starts so.
    #[inline]
    fn starts(&self, seq: &[u8]) -> bool {
        seq[0] == self.lead && self.second.0 <= seq[1] && seq[1] <= self.second.1
    }

    /// Whether `rest`, shorter than three bytes, could be the start of a
    /// sequence that starts so (the empty input included).
    #[inline]
    fn may_start(&self, rest: &[u8]) -> bool {
        match *rest {
            [] => true,
            [lead] => lead == self.lead,
            [lead, second] => lead == self.lead && self.second.0 <= second && second <= self.second.1,
            _ => false,
        }
    }

    /// Reads the first two ranges of one row of a table of three-byte
    /// sequences (the lead byte alone, any continuation byte third).
    const fn from_row(row: [(u8, u8); 3]) -> Start {
        assert!(row[0].0 == row[0].1 && row[0].0 >= 0xE0 && row[0].0 <= 0xEF, "a pair's lead must be one byte E0..EF");
        assert!(row[1].0 >= 0x80 && row[1].0 <= row[1].1 && row[1].1 <= 0xBF, "a second byte is a continuation byte");
        assert!(row[2].0 == 0x80 && row[2].1 == 0xBF, "a pair's third byte must be any continuation byte");
        Start { lead: row[0].0, second: row[1] }
    }
}

impl Utf8Tables {
    /// Builds the tables of a grammar from the range of second bytes that
    /// each lead byte `C0..=FF` takes (`second[lead - 0xC0]`), `None` for a
    /// byte that leads no well-formed sequence. Every byte after the second
    /// is any continuation byte.
    ///
    /// Returns `None` when the algorithm cannot check the grammar: a range
    /// that is not whole rows of 16 continuation bytes (`80..8F`, `90..9F`,
    /// `A0..AF`, `B0..BF`), a lead `F8..FF` that takes any, or more than five
    /// classes of lead bytes and the rows they refuse (UTF-8 needs five:
    /// `C0 C1` all, `E0` `80..9F`, `ED` `A0..BF`, `F0 F5..FF` `80..8F`,
    /// `F4..FF` `90..BF`).
    ///
    /// # Examples
    ///
    /// ```
    /// use utfx_kernels::Utf8Tables;
    /// let mut second = [None; 64];
    /// second[0x20] = Some((0xA0, 0xBF)); // E0 A0..BF xx
    /// assert!(Utf8Tables::new(&second).is_some());
    /// second[0x00] = Some((0x80, 0x80)); // C0 80 alone: not whole rows
    /// assert!(Utf8Tables::new(&second).is_none());
    /// ```
    #[must_use]
    pub const fn new(second: &[Option<(u8, u8)>; 64]) -> Option<Utf8Tables> {
        // The rows of second bytes (bit n: 0x80 + 16 n ..= 0x8F + 16 n) that
        // each lead byte does not take.
        let mut refused = [0u8; 64];
        let mut k = 0;
        while k < 64 {
            refused[k] = match second[k] {
                None => 0xF,
                Some((lo, hi)) => {
                    if lo & 0xF != 0 || hi & 0xF != 0xF || lo < 0x80 || hi > 0xBF || lo > hi {
                        return None;
                    }
                    let taken = (1u8 << ((hi >> 4) - 7)) - (1u8 << ((lo >> 4) - 8));
                    0xF & !taken
                }
            };
            if k >= 0x38 && refused[k] != 0xF {
                return None;
            }
            k += 1;
        }
        // The classes: lead bytes by high nibbles (bit h: C + h) and low
        // nibbles, and the rows of second bytes they do not take. First one
        // per high nibble and set of low nibbles, then merged across high
        // nibbles.
        let mut high = [0u8; 16];
        let mut low = [0u16; 16];
        let mut rows = [0u8; 16];
        let mut count = 0;
        let mut h = 0;
        while h < 4 {
            let mut n = 0;
            while n < 4 {
                let mut lows = 0u16;
                let mut l = 0;
                while l < 16 {
                    if refused[h * 16 + l] & (1 << n) != 0 {
                        lows |= 1 << l;
                    }
                    l += 1;
                }
                if lows != 0 {
                    let mut c = 0;
                    while c < count && !(high[c] == 1 << h && low[c] == lows) {
                        c += 1;
                    }
                    if c == count {
                        high[c] = 1 << h;
                        low[c] = lows;
                        count += 1;
                    }
                    rows[c] |= 1 << n;
                }
                n += 1;
            }
            h += 1;
        }
        let mut merged = 0;
        let mut c = 0;
        while c < count {
            let highs = high[c];
            let mut m = 0;
            while m < merged && !(low[m] == low[c] && rows[m] == rows[c]) {
                m += 1;
            }
            if m == merged {
                low[m] = low[c];
                rows[m] = rows[c];
                high[m] = 0;
                merged += 1;
            }
            high[m] |= highs;
            c += 1;
        }
        if merged > CLASSES {
            return None;
        }
        // The bit distribution's classes, then the grammar's.
        let mut byte_1_high = [0u8; 16];
        let mut byte_1_low = [TOO_SHORT | TOO_LONG | TWO_CONTINUATIONS; 16];
        let mut byte_2_high = [0u8; 16];
        let mut x = 0;
        while x < 16 {
            (byte_1_high[x], byte_2_high[x]) = match x {
                0x0..=0x7 => (TOO_LONG, TOO_SHORT),
                0x8..=0xB => (TWO_CONTINUATIONS, TOO_LONG | TWO_CONTINUATIONS),
                _ => (TOO_SHORT, TOO_SHORT),
            };
            x += 1;
        }
        let mut c = 0;
        while c < merged {
            let bit = 1u8 << (FIRST_CLASS + c as u32);
            let mut x = 0;
            while x < 16 {
                if x < 4 && high[c] & (1 << x) != 0 {
                    byte_1_high[0xC + x] |= bit;
                }
                if x < 4 && rows[c] & (1 << x) != 0 {
                    byte_2_high[0x8 + x] |= bit;
                }
                if low[c] & (1 << x) != 0 {
                    byte_1_low[x] |= bit;
                }
                x += 1;
            }
            c += 1;
        }
        Some(Utf8Tables { byte_1_high, byte_1_low, byte_2_high, pair: None, nul: false })
    }

    /// Returns the tables with one more rule: a three-byte sequence that
    /// starts as `first` says must not be followed directly by one that
    /// starts as `then` says (WTF-8's surrogate pair byte sequence). Each
    /// is a row of a table of three-byte sequences: the range of each byte.
    ///
    /// [`valid_prefix`] then ends before the first sequence of a forbidden
    /// pair, and before a sequence that starts as `first` says when the
    /// input ends less than three bytes after it with what could begin the
    /// second: the bytes to come decide it.
    ///
    /// # Panics
    ///
    /// Unless each lead range is one byte `E0..EF`, each second range is
    /// continuation bytes (whole rows of 16 in `then`) and each third any
    /// continuation byte, and unless the tables have at most four classes
    /// of lead bytes (generalized UTF-8 has four); in a `const`, at compile
    /// time.
    ///
    /// # Examples
    ///
    /// ```
    /// use utfx_kernels::{valid_prefix, Utf8Tables};
    /// let mut second = [None; 64];
    /// second[0x2D] = Some((0x80, 0xBF)); // ED xx xx
    /// let tables = Utf8Tables::new(&second)
    ///     .unwrap()
    ///     .with_forbidden_pair([(0xED, 0xED), (0xA0, 0xAF), (0x80, 0xBF)], [(0xED, 0xED), (0xB0, 0xBF), (0x80, 0xBF)]);
    /// assert_eq!(valid_prefix(b"a\xED\xA0\x80\xED\xB0\x80", &tables), 1);
    /// assert_eq!(valid_prefix(b"a\xED\xB0\x80\xED\xA0\x80b", &tables), 8);
    /// // What follows a lead surrogate decides it.
    /// assert_eq!(valid_prefix(b"a\xED\xA0\x80", &tables), 1);
    /// ```
    #[must_use]
    pub const fn with_forbidden_pair(self, first: [(u8, u8); 3], then: [(u8, u8); 3]) -> Utf8Tables {
        let (first, then) = (Start::from_row(first), Start::from_row(then));
        assert!(
            then.second.0 & 0xF == 0 && then.second.1 & 0xF == 0xF,
            "the second sequence's second bytes must be whole rows of 16"
        );
        // A class of its own for the start of a `then` sequence, so that
        // the AVX2 form looks for the pair only where one starts.
        let mut used = 0;
        let mut x = 0;
        while x < 16 {
            used |= self.byte_2_high[x];
            x += 1;
        }
        let mut mark = 1u8 << FIRST_CLASS;
        while used & mark != 0 {
            mark <<= 1;
        }
        assert!(mark != TWO_CONTINUATIONS, "a grammar with a forbidden pair has at most four classes");
        let mut tables = self;
        tables.byte_1_high[(then.lead >> 4) as usize] |= mark;
        tables.byte_1_low[(then.lead & 0xF) as usize] |= mark;
        let mut row = then.second.0 >> 4;
        while row <= then.second.1 >> 4 {
            tables.byte_2_high[row as usize] |= mark;
            row += 1;
        }
        tables.pair = Some(Pair { first, then, mark });
        tables
    }

    /// Returns the tables with one more rule: the byte `00` is ill-formed,
    /// as in Modified UTF-8 (Wikipedia's *UTF-8*, 2016, "Modified UTF-8":
    /// "Modified UTF-8 strings never contain any actual null bytes"; U+0000
    /// is `C0 80` there, which the tables take only as whole rows, so a
    /// codec looks at that pair itself). [`valid_prefix`] then ends before
    /// the first `00`.
    ///
    /// Every form of the validator looks for `00` in the same pass as for
    /// the rest (at AVX-512, 256 bytes a step of plain ASCII text as
    /// without the rule), and the checked conversions
    /// ([`checked_utf8_to_utf16`](crate::checked_utf8_to_utf16),
    /// [`checked_utf8_to_code_points`](crate::checked_utf8_to_code_points))
    /// stop there too.
    ///
    /// # Examples
    ///
    /// ```
    /// use utfx_kernels::{valid_prefix, Utf8Tables};
    /// let mut second = [None; 64];
    /// for lead in 0xC2..=0xDF {
    ///     second[lead - 0xC0] = Some((0x80, 0xBF));
    /// }
    /// let tables = Utf8Tables::new(&second).unwrap();
    /// let without_nul = tables.without_nul();
    /// assert!(without_nul.refuses_nul() && !tables.refuses_nul());
    /// assert_eq!(valid_prefix(b"caf\xC3\xA9\0!", &tables), 7);
    /// assert_eq!(valid_prefix(b"caf\xC3\xA9\0!", &without_nul), 5);
    /// ```
    #[must_use]
    pub const fn without_nul(self) -> Utf8Tables {
        let mut tables = self;
        tables.nul = true;
        tables
    }

    /// Returns true when the tables refuse the byte `00` (see
    /// [`Utf8Tables::without_nul`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use utfx_kernels::Utf8Tables;
    /// let tables = Utf8Tables::new(&[None; 64]).unwrap();
    /// assert!(!tables.refuses_nul() && tables.without_nul().refuses_nul());
    /// ```
    #[must_use]
    pub const fn refuses_nul(&self) -> bool {
        self.nul
    }

    /// The class bit of the start of the forbidden pair's second sequence
    /// (0 without a pair).
    #[inline]
    pub(super) const fn mark(&self) -> u8 {
        match self.pair {
            Some(pair) => pair.mark,
            None => 0,
        }
    }

    /// The classes of the byte pair `b1 b2` that the tables reject.
    #[inline]
    fn classes(&self, b1: u8, b2: u8) -> u8 {
        self.byte_1_high[usize::from(b1 >> 4)]
            & self.byte_1_low[usize::from(b1 & 0xF)]
            & self.byte_2_high[usize::from(b2 >> 4)]
    }
}

/// Returns the length of the longest prefix of `input` that is well-formed
/// per `tables` and ends at a sequence boundary, less its last sequence
/// when that is the first of the tables' forbidden pair and the bytes after
/// it (fewer than three) could still begin the second: the fast path of
/// the family's validators, whose result depends on at most three bytes
/// past it.
///
/// On x86-64 with `std` and AVX2 it checks 64 bytes at a time, skipping
/// ASCII, and finds the exact end a character at a time from the last
/// sequence boundary before the first block with an error; its work is
/// proportional to the prefix plus 64 bytes.
///
/// # Examples
///
/// ```
/// use utfx_kernels::{valid_prefix, Utf8Tables};
/// // UTF-8 without surrogates: RFC 3629's second bytes.
/// let mut second = [None; 64];
/// for lead in 0xC2..=0xF4usize {
///     second[lead - 0xC0] = Some(match lead {
///         0xE0 => (0xA0, 0xBF),
///         0xED => (0x80, 0x9F),
///         0xF0 => (0x90, 0xBF),
///         0xF4 => (0x80, 0x8F),
///         _ => (0x80, 0xBF),
///     });
/// }
/// let utf8 = Utf8Tables::new(&second).unwrap();
/// assert_eq!(valid_prefix("caf\u{E9}".as_bytes(), &utf8), 5);
/// assert_eq!(valid_prefix(b"caf\xC3\xA9\xED\xA0\x80", &utf8), 5);
/// assert_eq!(valid_prefix(b"caf\xC3", &utf8), 3);
/// ```
#[must_use]
pub fn valid_prefix(input: &[u8], tables: &Utf8Tables) -> usize {
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    if let Some(stop) = super::simd::first_error_block_at_level(input, tables) {
        return finish(input, tables, stop);
    }
    valid_prefix_portable(input, tables)
}

/// Finds the exact prefix once the blocks before `stop` are known to hold
/// no error: from the start of the last sequence that begins before
/// `stop` (it may be cut there), or of the sequence before that one when
/// it is the first of the forbidden pair, a character at a time.
#[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
pub(super) fn finish(input: &[u8], tables: &Utf8Tables, stop: usize) -> usize {
    let mut start = super::cut_sequence_start(input, stop);
    if let Some(pair) = &tables.pair
        && start >= 3
        && pair.first.starts(&input[start - 3..start])
    {
        start -= 3;
    }
    start + valid_prefix_portable(&input[start..], tables)
}

/// [`valid_prefix`] a character at a time (ASCII eight bytes at a time):
/// the portable form, and the one that finds the exact end after the
/// AVX2 form.
pub(super) fn valid_prefix_portable(input: &[u8], tables: &Utf8Tables) -> usize {
    let mut i = 0;
    // Whether the sequence before `i` is the first of the forbidden pair.
    let mut after_first = false;
    while i < input.len() {
        let lead = input[i];
        if lead < 0x80 {
            if !tables.nul {
                i += ascii_prefix(&input[i..]);
            } else if lead == 0 {
                break;
            } else {
                i += nonzero_ascii_prefix(&input[i..]);
            }
            after_first = false;
            continue;
        }
        let len = match lead {
            0x80..=0xBF => break,
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            _ => 4,
        };
        let Some(seq) = input.get(i..i + len) else { break };
        if tables.classes(lead, seq[1]) & !tables.mark() != 0 || seq[2..].iter().any(|&b| b & 0xC0 != 0x80) {
            break;
        }
        if let Some(pair) = &tables.pair {
            if after_first && pair.then.starts(seq) {
                // The pair is ill-formed at its first sequence.
                return i - 3;
            }
            after_first = pair.first.starts(seq);
        }
        i += len;
    }
    if after_first && tables.pair.is_some_and(|pair| pair.then.may_start(&input[i..])) { i - 3 } else { i }
}

/// How many bytes at the front of `bytes` are ASCII but `00`
/// (`01..=7F`), eight at a time: in a word, `w | (w - 0x0101..01)` has a
/// byte's high bit set where the byte has it, and at the lowest `00` (no
/// borrow reaches it, and it turns into `FF`); where neither is, no borrow
/// happens and no high bit is set.
fn nonzero_ascii_prefix(bytes: &[u8]) -> usize {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH_BITS: u64 = u64::from_ne_bytes([0x80; 8]);
    let mut i = 0;
    for chunk in bytes.chunks_exact(8) {
        let word = u64::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3], chunk[4], chunk[5], chunk[6], chunk[7]]);
        if (word | word.wrapping_sub(ONES)) & HIGH_BITS != 0 {
            break;
        }
        i += 8;
    }
    i + bytes[i..].iter().take_while(|&&b| b.wrapping_sub(1) < 0x7F).count()
}

#[cfg(test)]
mod tests {
    //! The validator on both paths against references written from the
    //! specifications' tables (`codec_test::tables`: RFC 3629 §4, the WTF-8
    //! specification's Table 3 and its pair rule) and the standard library,
    //! with an error, a surrogate form and a surrogate pair at every position
    //! of the first blocks and across their boundaries, on inputs cut at
    //! every length there, and on random inputs; the tables themselves are
    //! built from those specifications' rows here.
    use alloc::vec::Vec;

    use codec_test::tables::{GENERALIZED_ROWS, Piece, RFC2279_ROWS, Row, UTF8_ROWS, split, split_wtf8};
    use proptest::prelude::*;

    use super::{Utf8Tables, valid_prefix, valid_prefix_portable};

    /// Any continuation byte.
    const T: (u8, u8) = (0x80, 0xBF);

    /// The WTF-8 specification's Table 1: a lead surrogate byte sequence,
    /// then a trail surrogate byte sequence.
    const LEAD: [(u8, u8); 3] = [(0xED, 0xED), (0xA0, 0xAF), T];
    const TRAIL: [(u8, u8); 3] = [(0xED, 0xED), (0xB0, 0xBF), T];

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Grammar {
        Utf8,
        Generalized,
        Wtf8,
    }

    const GRAMMARS: [Grammar; 3] = [Grammar::Utf8, Grammar::Generalized, Grammar::Wtf8];

    /// The tables of a table of rows: each lead's second bytes.
    fn tables_of(rows: &[Row]) -> Option<Utf8Tables> {
        let mut second = [None; 64];
        for row in rows.iter().filter(|row| row.len() >= 2) {
            for lead in row[0].0..=row[0].1 {
                second[usize::from(lead) - 0xC0] = Some(row[1]);
            }
        }
        Utf8Tables::new(&second)
    }

    fn tables(grammar: Grammar) -> Utf8Tables {
        match grammar {
            Grammar::Utf8 => tables_of(UTF8_ROWS).unwrap(),
            Grammar::Generalized => tables_of(GENERALIZED_ROWS).unwrap(),
            Grammar::Wtf8 => tables_of(GENERALIZED_ROWS).unwrap().with_forbidden_pair(LEAD, TRAIL),
        }
    }

    /// The prefix the validator must find: the well-formed pieces before
    /// the first other one, less a last lead surrogate in WTF-8.
    fn expected(grammar: Grammar, input: &[u8]) -> usize {
        let pieces = match grammar {
            Grammar::Utf8 => split(UTF8_ROWS, input),
            Grammar::Generalized => split(GENERALIZED_ROWS, input),
            Grammar::Wtf8 => split_wtf8(input),
        };
        let (mut end, mut last) = (0, 0);
        for piece in pieces {
            let Piece::Char(len) = piece else { break };
            last = end;
            end += len;
        }
        // Table 1: a lead surrogate last, and after it the start of a
        // trail surrogate (possibly empty) at the end of the input.
        let fits =
            |at: usize, table: &[(u8, u8); 3]| input[at..].iter().zip(table).all(|(b, r)| (r.0..=r.1).contains(b));
        let lead_last = end - last == 3 && fits(last, &LEAD);
        let trail_may_follow = input.len() - end < 3 && fits(end, &TRAIL);
        if grammar == Grammar::Wtf8 && lead_last && trail_may_follow { last } else { end }
    }

    /// Checks both paths on `input` against the reference (and, for UTF-8,
    /// against the standard library).
    fn check(grammar: Grammar, input: &[u8]) {
        check_tables(grammar, false, input);
    }

    /// [`check`] with the grammar's tables [`Utf8Tables::without_nul`]:
    /// the reference's prefix, up to the first `00` (a character of its
    /// own wherever it is well-formed, and never the start of a trail
    /// surrogate's form that a lead's would wait for).
    fn check_without_nul(grammar: Grammar, input: &[u8]) {
        check_tables(grammar, true, input);
    }

    fn check_tables(grammar: Grammar, nul: bool, input: &[u8]) {
        let tables = if nul { tables(grammar).without_nul() } else { tables(grammar) };
        // Under Miri, which is there for the `unsafe` of the SIMD forms,
        // they are compared with the portable form only (the tables'
        // `split` costs a hundred times more there).
        let want = if cfg!(any(miri, utfx_slow_runner)) {
            valid_prefix_portable(input, &tables)
        } else if nul {
            expected(grammar, input).min(input.iter().position(|&b| b == 0).unwrap_or(input.len()))
        } else {
            expected(grammar, input)
        };
        if grammar == Grammar::Utf8 && !nul {
            let std = core::str::from_utf8(input).map_or_else(|e| e.valid_up_to(), |s| s.len());
            assert_eq!(want, std, "the reference and std on {input:02X?}");
        }
        if !cfg!(any(miri, utfx_slow_runner)) {
            assert_eq!(valid_prefix_portable(input, &tables), want, "portable, {grammar:?} on {input:02X?}");
        }
        // The SIMD instantiations this machine has (AVX2, SSE4.2, NEON);
        // under Miri each on a third of the inputs by length (the first
        // level on the lengths of one more than a multiple of three, the
        // next on two more), long enough for a block.
        #[cfg(any(
            all(target_arch = "x86_64", feature = "std"),
            all(target_arch = "aarch64", target_endian = "little")
        ))]
        for (k, level) in super::super::simd::levels().into_iter().enumerate() {
            if cfg!(any(miri, utfx_slow_runner)) && (input.len() < 36 || input.len() % 3 != (1 + k) % 3) {
                continue;
            }
            let stop = super::super::simd::first_error_block_at(level, input, &tables);
            assert!(stop <= input.len(), "stop {stop}");
            // The bytes before `stop` are well-formed, but for the sequence
            // cut at it, or a pair across it; without a forbidden pair,
            // `stop` is the first flagged byte, at or after the first error
            // and within its sequence; with one, the start of a block of the
            // generic form (which the AVX-512 blocks may start anywhere).
            assert!(stop.saturating_sub(4) <= want || stop == input.len(), "stop {stop}, {grammar:?} on {input:02X?}");
            if stop < input.len() && tables.pair.is_none() {
                assert!(want <= stop, "stop {stop}, want {want}, {grammar:?} on {input:02X?}");
            }
            assert_eq!(super::finish(input, &tables, stop), want, "{level:?}, {grammar:?} on {input:02X?}");
            check_conversion_at(level, &tables, input, want);
        }
        if !cfg!(any(miri, utfx_slow_runner)) {
            assert_eq!(valid_prefix(input, &tables), want);
        }
        check_conversion(&tables, input, want);
        // Under Miri, a third of the inputs by length, long enough for a
        // block (CI's Miri steps are most of its time).
        if grammar == Grammar::Utf8
            && (!cfg!(any(miri, utfx_slow_runner)) || (input.len() >= 36 && input.len().is_multiple_of(3)))
        {
            check_code_points(&tables, input, want);
        }
    }

    /// The checked decoding to code points reads the valid prefix and
    /// appends its code points, after what `out` held (for a grammar of
    /// scalar values: the portable conversion may join the forms of a
    /// surrogate pair into one code point).
    fn check_code_points(tables: &Utf8Tables, input: &[u8], want: usize) {
        let mut expected = alloc::vec![7u32];
        assert_eq!(super::super::valid_utf8_to_code_points_portable(&input[..want], &mut expected), want);
        let mut out = alloc::vec![7u32];
        let read = super::super::checked_utf8_to_code_points(input, &mut out, tables);
        assert_eq!((read, &out), (want, &expected), "on {input:02X?}");
    }

    /// The checked conversion to UTF-16 reads the valid prefix and writes
    /// its units with room for a unit per byte; with less room, a prefix of
    /// that ending at a character boundary (a cut input may end in a WTF-8
    /// lead surrogate, held back).
    /// The checked conversion to UTF-16 at a SIMD level against its
    /// definition over the portable forms, with room for all, for the
    /// prefix, and for less (down to none).
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    fn check_conversion_at(level: crate::Level, tables: &Utf8Tables, input: &[u8], want: usize) {
        let rooms = [input.len() + 64, want, want.saturating_sub(1), want / 3, 1, 0];
        for &room in if cfg!(any(miri, utfx_slow_runner)) { &rooms[..2] } else { &rooms[..] } {
            let cut = &input[..input.len().min(3 * room)];
            let valid = if cut.len() == input.len() { want } else { valid_prefix_portable(cut, tables) };
            let mut expected = alloc::vec![0u16; room];
            let expected_done = super::super::valid_utf8_to_utf16_portable(&cut[..valid], &mut expected);
            let mut units = alloc::vec![0u16; room];
            let done = super::super::simd::checked_utf8_to_utf16_at(level, input, &mut units, tables);
            assert_eq!(done, expected_done, "{level:?}, room {room} on {input:02X?}");
            assert_eq!(units[..done.1], expected[..done.1], "{level:?}, room {room} on {input:02X?}");
        }
    }

    fn check_conversion(tables: &Utf8Tables, input: &[u8], want: usize) {
        let mut expected = alloc::vec![0u16; want];
        let (read, written) = super::super::valid_utf8_to_utf16_portable(&input[..want], &mut expected);
        assert_eq!(read, want);
        expected.truncate(written);
        let rooms = [input.len() + 64, input.len(), want, want.saturating_sub(7)];
        for &room in if cfg!(any(miri, utfx_slow_runner)) { &rooms[..1] } else { &rooms[..] } {
            let mut units = alloc::vec![0u16; room];
            let (read, written) = super::super::checked_utf8_to_utf16(input, &mut units, tables);
            if room >= input.len() {
                assert_eq!((read, &units[..written]), (want, &expected[..]), "room {room} on {input:02X?}");
            } else {
                let boundary = read == want || input[read] & 0xC0 != 0x80;
                assert!(read <= want && written <= room && boundary, "room {room} on {input:02X?}");
                assert_eq!(&units[..written], &expected[..written], "room {room} on {input:02X?}");
            }
        }
    }

    /// All three grammars, or under Miri (where AVX2 runs only with
    /// `-Ctarget-feature=+avx2`, and slowly) one, by `k`.
    fn grammars(k: usize) -> &'static [Grammar] {
        if cfg!(any(miri, utfx_slow_runner)) { &GRAMMARS[k % 3..k % 3 + 1] } else { &GRAMMARS }
    }

    /// Errors of every kind, each surrogate form, and the sequences around
    /// a surrogate pair.
    const SPECIAL: [&[u8]; 29] = [
        b"\xFF",
        b"\xFE",
        b"\x80",
        b"\xBF",
        b"\xC0\x80",
        b"\xC1\xBF",
        b"\xE0\x80\x80",
        b"\xE0\x9F\xBF",
        b"\xF0\x80\x80\x80",
        b"\xF0\x8F\xBF\xBF",
        b"\xF4\x90\x80\x80",
        b"\xF5\x80\x80\x80",
        b"\xF8\x88\x80\x80\x80",
        b"\xC3",
        b"\xE4\xB8",
        b"\xF0\x9F\x92",
        b"\xC3\xA9\xA9",
        b"\xED\xA0\x80",
        b"\xED\xAF\xBF",
        b"\xED\xB0\x80",
        b"\xED\xBF\xBF",
        b"\xED\xAF\xBF\xED\xB0\x80",
        b"\xED\xA0\x80\xED\xBF\xBF",
        b"\xED\xA0\x80\xED\xA0\x80\xED\xB0\x80",
        b"\xED\xB0\x80\xED\xA0\x80",
        b"\xED\xA0\x80\xED\xB0\x41",
        // A whole character of each length, then a stray continuation byte.
        b"\xE4\xB8\xAD\xAD",
        b"\xF0\x9F\x98\x80\x80",
        b"A\x80",
    ];

    /// Text of every length of character, ASCII runs among them, for
    /// several 64-byte blocks.
    const TEXT: &str = "Plain ASCII, caf\u{E9} \u{436}\u{438}\u{437}\u{43D}\u{44C} \u{4E2D}\u{6587}\u{5B57} \u{1F4A9}\u{1F980} \
        \u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}\u{D7FF}\u{E000} and ASCII again to the end of the third block, at least.";

    #[test]
    fn the_specs_rows_make_tables_and_rfc_2279_does_not() {
        assert!(tables_of(UTF8_ROWS).is_some() && tables_of(GENERALIZED_ROWS).is_some());
        // Five- and six-byte sequences do not fit the algorithm.
        assert_eq!(tables_of(RFC2279_ROWS), None);
        // Nor does `C0 80` alone.
        assert_eq!(tables_of(&[&[(0xC0, 0xC0), (0x80, 0x80)]]), None);
        assert_ne!(tables(Grammar::Utf8), tables(Grammar::Generalized));
    }

    #[test]
    fn every_special_sequence_at_every_position_of_the_first_blocks() {
        for shift in [0, 1, 31].into_iter().take(if cfg!(any(miri, utfx_slow_runner)) { 1 } else { 3 }) {
            for pos in 0..150 {
                let mut at = pos.min(TEXT.len());
                while !TEXT.is_char_boundary(at) {
                    at += 1;
                }
                for (s, special) in SPECIAL.iter().enumerate() {
                    // Under Miri, each special sequence at one position.
                    if cfg!(any(miri, utfx_slow_runner)) && pos != (s * 23 + 5) % 150 {
                        continue;
                    }
                    let mut input = alloc::vec![b'a'; shift];
                    input.extend_from_slice(&TEXT.as_bytes()[..at]);
                    input.extend_from_slice(special);
                    let end = input.len();
                    input.extend_from_slice(&TEXT.as_bytes()[at..]);
                    for &grammar in grammars(s) {
                        check(grammar, &input);
                        // Cut inside and just after the special sequence.
                        for cut in (end - special.len()..=(end + 1).min(input.len()))
                            .step_by(if cfg!(any(miri, utfx_slow_runner)) { 9 } else { 1 })
                        {
                            check(grammar, &input[..cut]);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn errors_around_the_first_block_at_every_alignment() {
        // The AVX-512 blocks go on from the first one to the next 64-byte
        // boundary, which moves with the input's address: an error at
        // every place of the first blocks, for every address modulo 64,
        // against std (the full `check` is too slow for this many).
        let specials: [&[u8]; 4] = [b"\xFF", b"\xE4\xB8", b"\xED\xA0\x80", b"\xF0\x9F\x92"];
        let (text, tables) = (TEXT.as_bytes(), tables(Grammar::Utf8));
        let mut buffer = Vec::with_capacity(64 + 2 * TEXT.len());
        for offset in 0..if cfg!(any(miri, utfx_slow_runner)) { 1 } else { 64 } {
            for special in specials {
                for pos in 0..140 {
                    let mut at = pos.min(TEXT.len());
                    while !TEXT.is_char_boundary(at) {
                        at += 1;
                    }
                    buffer.clear();
                    buffer.resize(offset, b'a');
                    buffer.extend_from_slice(&text[..at]);
                    buffer.extend_from_slice(special);
                    buffer.extend_from_slice(&text[at..]);
                    let input = &buffer[offset..];
                    let want = core::str::from_utf8(input).map_or_else(|e| e.valid_up_to(), str::len);
                    assert_eq!(valid_prefix(input, &tables), want, "offset {offset} on {input:02X?}");
                }
            }
        }
    }

    #[test]
    fn every_special_sequence_at_the_end_of_every_length() {
        // The last block of the input, padded or not, must find an error in
        // its last bytes: ASCII or text before, every length up to past two
        // blocks (under Miri, a block and three bytes: the padded block).
        for n in 0..=140 {
            for (s, special) in SPECIAL.iter().enumerate() {
                if cfg!(any(miri, utfx_slow_runner)) && n + special.len() != 67 {
                    continue;
                }
                let mut text = TEXT.len().min(n);
                while !TEXT.is_char_boundary(text) {
                    text -= 1;
                }
                for filler in [&[b'a'; 140][..n], &TEXT.as_bytes()[..text]] {
                    let mut input = filler.to_vec();
                    input.extend_from_slice(special);
                    for &grammar in grammars(s) {
                        check(grammar, &input);
                    }
                }
            }
        }
    }

    #[test]
    fn every_special_sequence_across_a_block_boundary_after_ascii_and_text() {
        // A block of ASCII (skipped) or of text (checked) before the boundary.
        let blocks: [&[u8]; 2] = [&[b'x'; 64], &TEXT.as_bytes()[..64]];
        for (s, special) in SPECIAL.iter().enumerate() {
            for (b, before) in blocks.into_iter().enumerate() {
                for at in (1..=8).map(|k| 64 - k) {
                    // Under Miri, each special sequence in one place.
                    if cfg!(any(miri, utfx_slow_runner)) && at != 64 - 1 - (s + b) % 8 {
                        continue;
                    }
                    let mut input = before[..at].to_vec();
                    input.extend_from_slice(special);
                    input.resize(input.len().max(130), b'y');
                    for &grammar in grammars(s + b) {
                        check(grammar, &input);
                        check(grammar, &input[..at + special.len() - 1]);
                    }
                }
            }
        }
    }

    #[test]
    fn one_long_character_at_every_place_in_two_byte_text() {
        // Text of two-byte characters (which the blocks take on a shorter
        // path) around one character of three or four bytes at every byte
        // offset, so that every block edge cuts it everywhere, after a head
        // of ASCII of each length (which moves the blocks' edges).
        let step = if cfg!(any(miri, utfx_slow_runner)) { 29 } else { 1 };
        for long in ["\u{4E2D}", "\u{10FFFF}", "\u{1F4A9}"] {
            // Under Miri, heads of 0 and 3 bytes.
            for head in (0..4).step_by(if cfg!(any(miri, utfx_slow_runner)) { 3 } else { 1 }) {
                for at in (0..100).step_by(step) {
                    let mut text = "x".repeat(head);
                    text.extend(core::iter::repeat_n('\u{416}', at));
                    text.push_str(long);
                    text.extend(core::iter::repeat_n('\u{416}', 100 - at));
                    check(Grammar::Utf8, text.as_bytes());
                    check(Grammar::Generalized, text.as_bytes());
                }
            }
        }
    }

    #[test]
    fn a_nul_at_every_position_of_the_first_blocks_of_ascii() {
        // Runs of ASCII long enough for the AVX-512 form's steps of 256
        // bytes after its first blocks, with `00` at every position (under
        // Miri, which has no AVX-512, 200 bytes, several of the other
        // levels' blocks, and every ninth position), each grammar in turn;
        // the input also cut just before and just after it.
        let step = if cfg!(any(miri, utfx_slow_runner)) { 9 } else { 1 };
        let len = if cfg!(any(miri, utfx_slow_runner)) { 200 } else { 700 };
        let ascii = alloc::vec![b'a'; len];
        for at in (0..ascii.len()).step_by(step) {
            let mut input = ascii.to_vec();
            input[at] = 0;
            let grammar = GRAMMARS[at % 3];
            check_without_nul(grammar, &input);
            check_without_nul(grammar, &input[..at + 1]);
            check_without_nul(grammar, &input[..at]);
        }
        // Two of them, and `00` where a tail of a few bytes is the last.
        for (at, then) in [(5, len - 65), (64, 128), (63, 64), (len * 3 / 7, len - 1)] {
            let mut input = ascii.to_vec();
            (input[at], input[then]) = (0, 0);
            check_without_nul(Grammar::Utf8, &input);
            check_without_nul(Grammar::Wtf8, &input[at + 1..]);
        }
    }

    #[test]
    fn a_nul_at_every_character_boundary_of_text_and_across_block_boundaries() {
        // Text of every length of character, several blocks of it, with
        // `00` at each character boundary and, for the blocks' edges, in
        // place of each byte around them: after a shift of 0, 1 and 31
        // bytes (under Miri, one shift and every thirteenth boundary).
        let text = TEXT.repeat(3);
        let shifts: &[usize] = if cfg!(any(miri, utfx_slow_runner)) { &[1] } else { &[0, 1, 31] };
        let step = if cfg!(any(miri, utfx_slow_runner)) { 13 } else { 1 };
        for &shift in shifts {
            let mut base = alloc::vec![b'a'; shift];
            base.extend_from_slice(text.as_bytes());
            for at in (shift..base.len()).step_by(step) {
                let edge = [63, 64, 65, 127, 128, 191, 192, 255, 256].iter().any(|&e| at.abs_diff(e) <= 4);
                if !text.is_char_boundary(at - shift) && !edge {
                    continue;
                }
                let grammar = GRAMMARS[at % 3];
                // In place of a byte (mid-character, an error before it
                // anyway), and inserted.
                let mut input = base.clone();
                input[at] = 0;
                check_without_nul(grammar, &input);
                let mut input = base.clone();
                input.insert(at, 0);
                check_without_nul(grammar, &input);
                check_without_nul(grammar, &input[..at + 1]);
            }
        }
        // Text the tables take whole but for `00`: the same as without it,
        // and `C0 80`, which the tables do not take, is no `00`.
        for grammar in GRAMMARS {
            check_without_nul(grammar, text.as_bytes());
            check_without_nul(grammar, b"\xC0\x80abc");
        }
    }

    #[test]
    fn every_two_byte_input_and_three_bytes_of_every_class() {
        let classes: &[u8] = &[
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xAF, 0xB0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
            0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF,
        ];
        if !cfg!(any(miri, utfx_slow_runner)) {
            for a in 0..=255u8 {
                for b in 0..=255u8 {
                    for grammar in GRAMMARS {
                        check(grammar, &[a, b]);
                        check(grammar, &[a, b, 0x80, 0x80]);
                    }
                }
                check_without_nul(GRAMMARS[usize::from(a) % 3], &[a, 0]);
                check_without_nul(GRAMMARS[usize::from(a) % 3], &[0, a]);
            }
        }
        for (i, &a) in classes.iter().enumerate() {
            for (j, &b) in classes.iter().enumerate() {
                for (k, &c) in classes.iter().enumerate() {
                    // Under Miri, each class once in each place.
                    if cfg!(any(miri, utfx_slow_runner))
                        && (j != (i * 7 + 3) % classes.len() || k != (i * 13 + 5) % classes.len())
                    {
                        continue;
                    }
                    for &grammar in grammars(i) {
                        check(grammar, &[a, b, c]);
                        check(grammar, &[a, b, c, 0x80, 0x41]);
                    }
                }
            }
        }
    }

    /// Pieces for the random inputs: characters of every length, surrogate
    /// forms, and the special sequences.
    fn piece() -> impl Strategy<Value = Vec<u8>> {
        prop_oneof![
            4 => proptest::collection::vec(0x20u8..0x7F, 1..70),
            4 => any::<char>().prop_map(|c| c.encode_utf8(&mut [0; 4]).as_bytes().to_vec()),
            1 => (0xD800u32..0xE000).prop_map(|v| alloc::vec![0xED, 0x80 | ((v >> 6) & 0x3F) as u8, 0x80 | (v & 0x3F) as u8]),
            1 => proptest::sample::select(&SPECIAL[..]).prop_map(<[u8]>::to_vec),
            1 => Just(alloc::vec![0]),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: if cfg!(any(miri, utfx_slow_runner)) { 2 } else { 512 },
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        #[test]
        fn random_inputs_at_every_alignment(
            pieces in proptest::collection::vec(piece(), 0..if cfg!(any(miri, utfx_slow_runner)) { 6 } else { 40 }),
            start in 0usize..64,
        ) {
            let input: Vec<u8> = pieces.concat();
            let input = &input[start.min(input.len())..];
            for grammar in GRAMMARS {
                check(grammar, input);
            }
            check_without_nul(GRAMMARS[start % 3], input);
        }
    }
}
