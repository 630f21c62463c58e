//! References written straight from the specifications' tables of
//! well-formed byte sequences, independent of the codecs' automata: RFC 3629
//! §4 (UTF-8), the WTF-8 specification's Table 3 (generalized UTF-8) and RFC
//! 2279 §2 (31-bit UTF-8, shortest form), CESU-8 and Modified UTF-8 (strict
//! and as Java's `readUTF` reads it). The exhaustive sweeps compare the
//! decoders against [`split`].
//!
//! # Examples
//!
//! ```
//! use codec_test::tables::{split, Piece, UTF8_ROWS};
//! // `E1 80` then `41`: a two-byte maximal subpart, then one character.
//! assert_eq!(split(UTF8_ROWS, b"\xE1\x80\x41"), [Piece::Invalid(2), Piece::Char(1)]);
//! assert_eq!(split(UTF8_ROWS, b"\xF0\x9F"), [Piece::Truncated]);
//! ```

/// One row of a table of well-formed sequences: the allowed range of each
/// byte.
pub type Row = &'static [(u8, u8)];

/// Any continuation byte.
const T: (u8, u8) = (0x80, 0xBF);

/// RFC 3629 §4 / the Unicode Standard's Table 3-7.
pub const UTF8_ROWS: &[Row] = &[
    &[(0x00, 0x7F)],
    &[(0xC2, 0xDF), T],
    &[(0xE0, 0xE0), (0xA0, 0xBF), T],
    &[(0xE1, 0xEC), T, T],
    &[(0xED, 0xED), (0x80, 0x9F), T],
    &[(0xEE, 0xEF), T, T],
    &[(0xF0, 0xF0), (0x90, 0xBF), T, T],
    &[(0xF1, 0xF3), T, T, T],
    &[(0xF4, 0xF4), (0x80, 0x8F), T, T],
];

/// The WTF-8 specification's Table 3 (generalized UTF-8).
pub const GENERALIZED_ROWS: &[Row] = &[
    &[(0x00, 0x7F)],
    &[(0xC2, 0xDF), T],
    &[(0xE0, 0xE0), (0xA0, 0xBF), T],
    &[(0xE1, 0xEF), T, T],
    &[(0xF0, 0xF0), (0x90, 0xBF), T, T],
    &[(0xF1, 0xF3), T, T, T],
    &[(0xF4, 0xF4), (0x80, 0x8F), T, T],
];

/// RFC 2279 §2's bit distribution, shortest form only: the lowest value of
/// each length fixes the least second byte after the lowest lead.
pub const RFC2279_ROWS: &[Row] = &[
    &[(0x00, 0x7F)],
    &[(0xC2, 0xDF), T],
    &[(0xE0, 0xE0), (0xA0, 0xBF), T],
    &[(0xE1, 0xEF), T, T],
    &[(0xF0, 0xF0), (0x90, 0xBF), T, T],
    &[(0xF1, 0xF7), T, T, T],
    &[(0xF8, 0xF8), (0x88, 0xBF), T, T, T],
    &[(0xF9, 0xFB), T, T, T, T],
    &[(0xFC, 0xFC), (0x84, 0xBF), T, T, T, T],
    &[(0xFD, 0xFD), T, T, T, T, T],
];

/// One item of an input split by a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A well-formed sequence of this many bytes.
    Char(usize),
    /// A maximal ill-formed subpart of this many bytes (Unicode §3.9).
    Invalid(usize),
    /// The input ends inside a sequence.
    Truncated,
    /// A reserved sequence of this many bytes: well-formed, no code point
    /// (Corrected UTF-8's `FE`/`FF` sequences).
    Reserved(usize),
}

/// Splits `input` into pieces by the table `rows`: at each position the row
/// that matches completely, else the longest prefix that starts some row (at
/// least one byte) as an ill-formed subpart, or a truncation when that prefix
/// reaches the end of the input.
///
/// # Examples
///
/// ```
/// use codec_test::tables::{split, Piece, GENERALIZED_ROWS};
/// assert_eq!(split(GENERALIZED_ROWS, b"\xED\xA0\x80"), [Piece::Char(3)]);
/// ```
#[must_use]
pub fn split(rows: &[Row], input: &[u8]) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut i = 0;
    while i < input.len() {
        i += split_one(rows, input, i, &mut pieces);
    }
    pieces
}

/// Splits off the piece at `input[i..]` by `rows`, pushes it and returns
/// its length.
fn split_one(rows: &[Row], input: &[u8], i: usize, pieces: &mut Vec<Piece>) -> usize {
    let mut best = 0;
    let mut complete = None;
    for row in rows {
        let mut k = 0;
        while k < row.len() && i + k < input.len() && (row[k].0..=row[k].1).contains(&input[i + k]) {
            k += 1;
        }
        if k == row.len() {
            complete = Some(k);
        }
        best = best.max(k);
    }
    match complete {
        Some(len) => {
            pieces.push(Piece::Char(len));
            len
        }
        None if best > 0 && i + best == input.len() => {
            pieces.push(Piece::Truncated);
            input.len() - i
        }
        None => {
            let len = best.max(1);
            pieces.push(Piece::Invalid(len));
            len
        }
    }
}

/// Splits `input` as a decoder does, into the same [`Piece`]s, for comparing
/// with [`split`].
///
/// # Examples
///
/// ```
/// # use codec_core::{CodePoint, Decode, ErrorKind, Step};
/// # use codec_core::doc_example::Ascii;
/// use codec_test::tables::{pieces, Piece};
/// assert_eq!(pieces(&Ascii, b"a\xFF"), [Piece::Char(1), Piece::Invalid(1)]);
/// ```
pub fn pieces<D: codec_core::Decode + ?Sized>(codec: &D, input: &[u8]) -> Vec<Piece> {
    codec_core::Decode::items(&codec, input)
        .map(|item| match item {
            Ok(it) if it.point.is_none() => Piece::Reserved(it.len),
            Ok(it) => Piece::Char(it.len),
            Err(e) => e.error_len().map_or(Piece::Truncated, Piece::Invalid),
        })
        .collect()
}

/// Splits `input` as WTF-8: by [`GENERALIZED_ROWS`], except that a lead
/// surrogate's three bytes (`ED A0..AF 80..BF`) directly followed by a trail
/// surrogate's (`ED B0..BF 80..BF`), a surrogate pair byte sequence, make
/// the lead an ill-formed three-byte subpart (the project's WTF-8 error
/// model, decision 0004).
///
/// # Examples
///
/// ```
/// use codec_test::tables::{split_wtf8, Piece};
/// let pair = b"\xED\xA0\x80\xED\xB0\x80";
/// assert_eq!(split_wtf8(pair), [Piece::Invalid(3), Piece::Char(3)]);
/// assert_eq!(split_wtf8(&pair[..5]), [Piece::Char(3), Piece::Truncated]);
/// ```
#[must_use]
pub fn split_wtf8(input: &[u8]) -> Vec<Piece> {
    let pieces = split(GENERALIZED_ROWS, input);
    let surrogate = |at: usize, lo: u8, hi: u8| input[at] == 0xED && (lo..=hi).contains(&input[at + 1]);
    let mut out = Vec::with_capacity(pieces.len());
    let mut at = 0;
    for (k, &piece) in pieces.iter().enumerate() {
        let pair = piece == Piece::Char(3)
            && surrogate(at, 0xA0, 0xAF)
            && pieces.get(k + 1) == Some(&Piece::Char(3))
            && surrogate(at + 3, 0xB0, 0xBF);
        out.push(if pair { Piece::Invalid(3) } else { piece });
        at += match piece {
            Piece::Char(n) | Piece::Invalid(n) | Piece::Reserved(n) => n,
            Piece::Truncated => 0,
        };
    }
    out
}

/// The one- to three-byte sequences of CESU-8 (TR #26): UTF-8's rows below
/// U+10000 with every surrogate as a three-byte row; [`split_cesu8`] adds
/// the rules about surrogates.
pub const CESU8_ROWS: &[Row] =
    &[&[(0x00, 0x7F)], &[(0xC2, 0xDF), T], &[(0xE0, 0xE0), (0xA0, 0xBF), T], &[(0xE1, 0xEF), T, T]];

/// Modified UTF-8 (the JVM Specification): CESU-8's rows without the byte
/// `00`, with `C0 80`.
pub const MUTF8_ROWS: &[Row] = &[
    &[(0x01, 0x7F)],
    &[(0xC0, 0xC0), (0x80, 0x80)],
    &[(0xC2, 0xDF), T],
    &[(0xE0, 0xE0), (0xA0, 0xBF), T],
    &[(0xE1, 0xEF), T, T],
];

/// What Java 17's `DataInputStream.readUTF` accepts (its `switch` on the
/// high nibble of the lead: `0..7` one byte, `C..D` two, `E` three, with
/// `10xxxxxx` continuation bytes and no check of the value).
pub const MUTF8_LENIENT_ROWS: &[Row] = &[&[(0x00, 0x7F)], &[(0xC0, 0xDF), T], &[(0xE0, 0xEF), T, T]];

/// Splits `input` as CESU-8 or Modified UTF-8 (the project's error model,
/// decision 0008): by `rows` (one of [`CESU8_ROWS`], [`MUTF8_ROWS`],
/// [`MUTF8_LENIENT_ROWS`]), then
///
/// * a lead surrogate's three bytes (`ED A0..AF 80..BF`) directly followed
///   by a trail's (`ED B0..BF 80..BF`) are one six-byte sequence;
/// * any other surrogate's three bytes are a sequence when `lone` holds
///   (Modified UTF-8), else a three-byte ill-formed subpart, except that a
///   lead followed by nothing but a proper prefix of a trail (`ED`,
///   `ED B0..BF`, or nothing) to the end of input is a truncation.
///
/// # Examples
///
/// ```
/// use codec_test::tables::{split_cesu8, Piece, CESU8_ROWS};
/// let pair = b"\xED\xA0\x80\xED\xB0\x80";
/// assert_eq!(split_cesu8(CESU8_ROWS, false, pair), [Piece::Char(6)]);
/// assert_eq!(split_cesu8(CESU8_ROWS, false, &pair[..4]), [Piece::Truncated]);
/// assert_eq!(split_cesu8(CESU8_ROWS, false, b"\xED\xB0\x80"), [Piece::Invalid(3)]);
/// assert_eq!(split_cesu8(CESU8_ROWS, true, b"\xED\xB0\x80"), [Piece::Char(3)]);
/// ```
#[must_use]
pub fn split_cesu8(rows: &[Row], lone: bool, input: &[u8]) -> Vec<Piece> {
    let pieces = split(rows, input);
    let surrogate = |at: usize, lo: u8, hi: u8| {
        input.get(at) == Some(&0xED) && input.get(at + 1).is_some_and(|b| (lo..=hi).contains(b))
    };
    let mut out = Vec::with_capacity(pieces.len());
    let (mut k, mut at) = (0, 0);
    while k < pieces.len() {
        let piece = pieces[k];
        let len = match piece {
            Piece::Char(n) | Piece::Invalid(n) | Piece::Reserved(n) => n,
            Piece::Truncated => 0,
        };
        if piece == Piece::Char(3) && surrogate(at, 0xA0, 0xAF) {
            if pieces.get(k + 1) == Some(&Piece::Char(3)) && surrogate(at + 3, 0xB0, 0xBF) {
                out.push(Piece::Char(6));
                k += 2;
                at += 6;
                continue;
            }
            let rest = &input[at + 3..];
            let trail_prefix = match rest {
                [] | [0xED] => true,
                [0xED, b] => (0xB0..=0xBF).contains(b),
                _ => false,
            };
            if !lone && trail_prefix {
                out.push(Piece::Truncated);
                return out;
            }
            out.push(if lone { piece } else { Piece::Invalid(3) });
        } else if piece == Piece::Char(3) && surrogate(at, 0xB0, 0xBF) && !lone {
            out.push(Piece::Invalid(3));
        } else {
            out.push(piece);
        }
        k += 1;
        at += len;
    }
    out
}

/// Corrected UTF-8's table of byte sequences ("Putting it all together"),
/// as the specification prints it: the first and last byte sequence of each
/// row and the first and last code point they encode.
pub const CORRECTED_TABLE: &[(&[u8], &[u8], u32, u32)] = &[
    (&[0x00], &[0x7F], 0x0000_0000, 0x0000_007F),
    (&[0xC0, 0x80], &[0xDF, 0xBF], 0x0000_00A0, 0x0000_089F),
    (&[0xE0, 0x80, 0x80], &[0xEC, 0xBD, 0x9F], 0x0000_08A0, 0x0000_D7FF),
    (&[0xEC, 0xBD, 0xA0], &[0xEF, 0xBF, 0xBF], 0x0000_E000, 0x0001_109F),
    (&[0xF0, 0x80, 0x80, 0x80], &[0xF7, 0xBF, 0xBF, 0xBF], 0x0001_10A0, 0x0021_109F),
    (&[0xF8, 0x80, 0x80, 0x80, 0x80], &[0xFB, 0xBF, 0xBF, 0xBF, 0xBF], 0x0021_10A0, 0x0421_109F),
    (&[0xFC, 0x80, 0x80, 0x80, 0x80, 0x80], &[0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF], 0x0421_10A0, 0x8421_109F),
];

/// Corrected UTF-8's well-formed sequences as rows (every continuation byte
/// after every lead: the table's byte ranges).
pub const CORRECTED_ROWS: &[Row] = &[
    &[(0x00, 0x7F)],
    &[(0xC0, 0xDF), T],
    &[(0xE0, 0xEF), T, T],
    &[(0xF0, 0xF7), T, T, T],
    &[(0xF8, 0xFB), T, T, T, T],
    &[(0xFC, 0xFD), T, T, T, T, T],
];

/// The position of a byte sequence among the sequences of its length, in
/// byte order (the lead counted from the first lead of its length, each
/// continuation byte as a base-64 digit).
fn rank(seq: &[u8]) -> u64 {
    let first_lead = CORRECTED_TABLE.iter().find(|r| r.0.len() == seq.len()).map_or(0, |r| r.0[0]);
    seq[1..].iter().fold(u64::from(seq[0] - first_lead), |acc, &b| acc * 64 + u64::from(b - 0x80))
}

/// The code point of a complete Corrected UTF-8 sequence, read from
/// [`CORRECTED_TABLE`]: the row whose byte range holds `seq`, and its first
/// code point plus how far `seq` lies past the row's first sequence.
/// `None` when no row holds it.
///
/// # Examples
///
/// ```
/// use codec_test::tables::corrected_value;
/// assert_eq!(corrected_value(b"\xC0\xAF"), Some(0xCF));
/// assert_eq!(corrected_value(b"\xEC\xBD\xA0"), Some(0xE000));
/// assert_eq!(corrected_value(b"\x80"), None);
/// ```
#[must_use]
pub fn corrected_value(seq: &[u8]) -> Option<u32> {
    CORRECTED_TABLE
        .iter()
        .find(|(first, last, _, _)| first.len() == seq.len() && *first <= seq && seq <= *last)
        .map(|&(first, _, cp, _)| cp + u32::try_from(rank(seq) - rank(first)).expect("rows span less than 2^32"))
}

/// Splits `input` as Corrected UTF-8: by [`CORRECTED_ROWS`], except that
/// `FE` or `FF` and the continuation bytes after it, up to `max_reserved`
/// bytes, are one reserved sequence (the project's reading of "extending
/// until the next recognized lead byte", decision 0009); a longer run is an
/// ill-formed subpart of `max_reserved` bytes.
///
/// # Examples
///
/// ```
/// use codec_test::tables::{split_corrected, Piece};
/// assert_eq!(split_corrected(b"\xFE\x80\x80A", 64), [Piece::Reserved(3), Piece::Char(1)]);
/// assert_eq!(split_corrected(b"\xC0\xFF\xC0", 64), [Piece::Invalid(1), Piece::Reserved(1), Piece::Truncated]);
/// ```
#[must_use]
pub fn split_corrected(input: &[u8], max_reserved: usize) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut i = 0;
    while i < input.len() {
        if input[i] >= 0xFE {
            let run = 1 + input[i + 1..].iter().take_while(|&&b| (0x80..=0xBF).contains(&b)).count();
            if run > max_reserved {
                pieces.push(Piece::Invalid(max_reserved));
                i += max_reserved;
            } else {
                pieces.push(Piece::Reserved(run));
                i += run;
            }
        } else {
            i += split_one(CORRECTED_ROWS, input, i, &mut pieces);
        }
    }
    pieces
}
