//! The two tables of the history of UTF-8, quoted, and the constants that
//! hold them: one row per form of more than one byte. Decoding and encoding
//! (`decode.rs`, `encode.rs`) are arithmetic over these rows.

/// The highest code point of both tables, U+7FFFFFFF: the "Last code point"
/// of their last rows, ISO 10646's 31-bit code space. A sequence of a valid
/// shape above it is `out_of_range`.
pub(crate) const MAX: u32 = 0x7FFF_FFFF;

/// One UTF-1 form of base-190 digits: a lead byte from `lead` up to the
/// next row's (`FF` for the last row), then `len - 1` continuation bytes, each one digit of
/// [`utf1_digit`].
///
/// The value is `first` plus the sequence's rank among the row's sequences
/// in byte order: `(lead - self.lead)` and the digits read as one number in
/// base 190. Each row thus encodes one contiguous range, and every code
/// point has exactly one form (there is no longer form to be overlong).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Utf1Row {
    /// The sequence's length in bytes.
    pub(crate) len: usize,
    /// The row's first code point (its bytes: the lowest lead, then `21`s).
    pub(crate) first: u32,
    /// The row's lowest lead byte.
    pub(crate) lead: u8,
}

// UTF-1, ISO 10646-1:1993 annex G, as the article tabulates it (Wikipedia,
// "UTF-8", revision of 2 December 2016, section History: "The table below
// was derived from a textual description in the annex."):
//
// | Number of bytes | First code point | Last code point | Byte 1 | Byte 2 | Byte 3 | Byte 4 | Byte 5 |
// |---|---|---|---|---|---|---|---|
// | 1 | U+0000 | U+009F | 00–9F | | | | |
// | 2 | U+00A0 | U+00FF | A0 | A0–FF | | | |
// | 2 | U+0100 | U+4015 | A1–F5 | 21–7E, A0–FF | | | |
// | 3 | U+4016 | U+38E2D | F6–FB | 21–7E, A0–FF | 21–7E, A0–FF | | |
// | 5 | U+38E2E | U+7FFFFFFF | FC–FF | 21–7E, A0–FF | 21–7E, A0–FF | 21–7E, A0–FF | 21–7E, A0–FF |
//
// The first two rows are the byte itself and `A0` then the byte itself
// (`UTF1_SINGLE_MAX`, `UTF1_LATIN1_LEAD`); the last three are base 190,
// below. The byte ranges fill each row exactly: 85 leads × 190 = 0x3F16
// code points from U+0100 end at U+4015, 6 × 190² = 0x34E18 from U+4016 end
// at U+38E2D; the last row's four leads would reach past U+7FFFFFFF (which
// is `FD BD 2B B9 40`), so its sequences above that are `out_of_range`.

/// The last code point UTF-1 writes as the byte itself, U+009F.
pub(crate) const UTF1_SINGLE_MAX: u8 = 0x9F;

/// The lead byte of the second row: `A0`, then U+00A0..U+00FF as the byte
/// itself (`A0..FF`).
pub(crate) const UTF1_LATIN1_LEAD: u8 = 0xA0;

/// The base-190 rows of UTF-1, in order.
pub(crate) const UTF1_ROWS: [Utf1Row; 3] = [
    Utf1Row { len: 2, first: 0x0100, lead: 0xA1 },
    Utf1Row { len: 3, first: 0x4016, lead: 0xF6 },
    Utf1Row { len: 5, first: 0x0003_8E2E, lead: 0xFC },
];

/// The number of continuation bytes: 94 in `21..=7E` and 96 in `A0..=FF`.
pub(crate) const UTF1_BASE: u32 = 190;

/// The digit a UTF-1 continuation byte stands for: `21..=7E` are 0..=93,
/// `A0..=FF` are 94..=189 (the byte ranges of the table, in byte order);
/// `None` for a byte that continues no sequence (`00..=20`, `7F..=9F`).
#[inline]
pub(crate) const fn utf1_digit(b: u8) -> Option<u32> {
    match b {
        0x21..=0x7E => Some(b as u32 - 0x21),
        0xA0..=0xFF => Some(b as u32 - 0xA0 + 94),
        _ => None,
    }
}

/// The continuation byte of digit `d` (`0..190`): the inverse of
/// [`utf1_digit`].
#[inline]
pub(crate) const fn utf1_byte(d: u32) -> u8 {
    if d < 94 { (d + 0x21) as u8 } else { (d - 94 + 0xA0) as u8 }
}

/// Whether a byte is never part of a longer UTF-1 sequence: a code point
/// of its own (`00..=20`, `7F..=9F`) that no continuation byte can be.
#[inline]
pub(crate) const fn utf1_always_single(b: u8) -> bool {
    b <= UTF1_SINGLE_MAX && utf1_digit(b).is_none()
}

/// One form of the 1992 proposal of more than one byte: a lead byte
/// `marker | x` with `lead_bits` bits of `x`, then `len - 1` bytes
/// `1xxxxxxx` of seven bits each; the value is `first` (the row's bias)
/// plus the bits read as one number.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FssRow {
    /// The sequence's length in bytes.
    pub(crate) len: usize,
    /// The row's first code point, added to the bits.
    pub(crate) first: u32,
    /// The lead byte's fixed high bits (`10`, `110`, `1110`, `11110`).
    pub(crate) marker: u8,
    /// How many bits of the code point the lead byte holds.
    pub(crate) lead_bits: u32,
}

// The July 1992 X/Open FSS-UTF proposal (Dave Prosser), as the article
// tabulates it (Wikipedia, "UTF-8", revision of 2 December 2016, section
// History, table "FSS-UTF proposal (1992)"):
//
// | Number of bytes | Bits for code point | First code point | Last code point | Byte 1 | Byte 2 | Byte 3 | Byte 4 | Byte 5 |
// |---|---|---|---|---|---|---|---|---|
// | 1 | 7 | U+0000 | U+007F | 0xxxxxxx | | | | |
// | 2 | 13 | U+0080 | U+207F | 10xxxxxx | 1xxxxxxx | | | |
// | 3 | 19 | U+2080 | U+8207F | 110xxxxx | 1xxxxxxx | 1xxxxxxx | | |
// | 4 | 25 | U+82080 | U+208207F | 1110xxxx | 1xxxxxxx | 1xxxxxxx | 1xxxxxxx | |
// | 5 | 31 | U+2082080 | U+7FFFFFFF | 11110xxx | 1xxxxxxx | 1xxxxxxx | 1xxxxxxx | 1xxxxxxx |
//
// Each row's "First code point" is its bias: the bits `x` of a sequence
// plus it give the code point, so each row encodes exactly the range it
// lists (2^13 from U+0080 end at U+207F, and so on), and every code point
// has one form (no form is overlong). The last row's 2^31 values from
// U+2082080 would reach past U+7FFFFFFF (which is `F7 EF DF BE FF`), so its
// sequences above that are `out_of_range`. Lead bytes `F8..FF` fit no row.

/// The rows of the 1992 proposal of more than one byte, in order.
pub(crate) const FSS_ROWS: [FssRow; 4] = [
    FssRow { len: 2, first: 0x0080, marker: 0b1000_0000, lead_bits: 6 },
    FssRow { len: 3, first: 0x2080, marker: 0b1100_0000, lead_bits: 5 },
    FssRow { len: 4, first: 0x0008_2080, marker: 0b1110_0000, lead_bits: 4 },
    FssRow { len: 5, first: 0x0208_2080, marker: 0b1111_0000, lead_bits: 3 },
];

/// The bits of the code point each `1xxxxxxx` byte holds.
pub(crate) const FSS_TRAIL_BITS: u32 = 7;

impl FssRow {
    /// Whether `lead` is this row's lead byte.
    #[inline]
    pub(crate) const fn has_lead(&self, lead: u8) -> bool {
        lead >> self.lead_bits == self.marker >> self.lead_bits
    }
}
