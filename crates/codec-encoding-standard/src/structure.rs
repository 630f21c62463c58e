//! The structure of each legacy encoding as the Standard's decoders read
//! it: which bytes are leads and which trails, how a lead and a trail make
//! a pointer, and the index it is a pointer of; and the inputs that
//! structure singles out (`Codec::probes`), each named in the
//! Standard's terms, for `codec_test::generate`'s vectors.
//!
//! The pointers are today's Standard's (the WHATWG Living Standard; the
//! 2014 draft's are the same for these encodings):
//!
//! | encoding | lead | trail | pointer | index |
//! |---|---|---|---|---|
//! | gb18030, gbk (§10.1) | `81..FE` | `40..7E`, `80..FE` | (lead − 0x81) × 190 + (byte − offset), offset 0x40 below 0x7F, else 0x41 | gb18030 |
//! | gb18030 four bytes | `81..FE`, `30..39`, `81..FE` | `30..39` | (((b1 − 0x81) × 10 + b2 − 0x30) × 126 + b3 − 0x81) × 10 + b4 − 0x30 | gb18030 ranges |
//! | big5 (§11.1) | `81..FE` | `40..7E`, `A1..FE` | (lead − 0x81) × 157 + (byte − offset), offset 0x40 below 0x7F, else 0x62 | big5 |
//! | euc-jp (§12.1) | `A1..FE` (after `8F`: jis0212) | `A1..FE` | (lead − 0xA1) × 94 + byte − 0xA1 | jis0208, jis0212 |
//! | iso-2022-jp (§12.2), after `1B 24 40` or `1B 24 42` | `21..7E` | `21..7E` | (lead − 0x21) × 94 + byte − 0x21 | jis0208 |
//! | shift_jis (§12.3) | `81..9F`, `E0..FC` | `40..7E`, `80..FC` | (lead − lead offset) × 188 + byte − offset, lead offset 0x81 below 0xA0, else 0xC1; offset 0x40 below 0x7F, else 0x41 | jis0208 (pointers 8836..10715: private use) |
//! | euc-kr (§13.1) | `81..FE` | `41..FE` | (lead − 0x81) × 190 + (byte − 0x41) | euc-kr |
//! | the draft's hz-gb-2312 (§10.2), after `~{` | `21..7E` | `21..7E` | (lead − 1) × 190 + (byte + 0x3F) | gb18030 |
//!
//! A single-byte encoding's byte `80..FF` is pointer byte − 0x80 of its
//! index (§9).

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use encoding_rs::{DecoderResult, Encoding};

/// Inputs with their names, as `Codec::probes` returns them.
pub(crate) type Probes = Vec<(String, Vec<u8>)>;

/// A two-byte index as a decoder reads it: the bytes before a pair (the
/// escape sequence or prefix that chooses the index), the lead and trail
/// ranges, and the pointer of a pair.
pub(crate) struct Table {
    /// The codec, as names and messages write it.
    pub(crate) codec: &'static str,
    /// The index, as the Standard names it (`jis0208`).
    pub(crate) index: &'static str,
    /// What comes before a pair: euc-jp's `8F` (index jis0212),
    /// iso-2022-jp's `1B 24 42`, HZ's `~{`.
    pub(crate) prefix: &'static [u8],
    /// The lead bytes, inclusive ranges.
    pub(crate) leads: &'static [(u8, u8)],
    /// The trail bytes, inclusive ranges.
    pub(crate) trails: &'static [(u8, u8)],
    /// The pointer of a lead and a trail.
    pub(crate) pointer: fn(u8, u8) -> u32,
    /// Pointers that are no index's: shift_jis's 8836..10715, private use.
    pub(crate) private: Option<(u32, u32)>,
    /// Whether an ASCII byte that makes no pair with the lead before it is
    /// read again (the Standard's "restore byte to ioQueue": every
    /// multi-byte decoder of today's Standard but iso-2022-jp's, and not
    /// the draft's hz-gb-2312).
    pub(crate) restores: bool,
    /// Where the pairs are, for the names: empty, or ` after 8F`.
    pub(crate) within: &'static str,
}

/// `offset` for a trail byte: `low` below 0x7F, else `high`.
const fn offset(byte: u8, low: u32, high: u32) -> u32 {
    if byte < 0x7F { low } else { high }
}

/// gb18030's and gbk's pairs (§10.1): index gb18030.
pub(crate) static GB18030: Table = Table {
    codec: "gb18030",
    index: "gb18030",
    prefix: &[],
    leads: &[(0x81, 0xFE)],
    trails: &[(0x40, 0x7E), (0x80, 0xFE)],
    pointer: |lead, byte| (u32::from(lead) - 0x81) * 190 + u32::from(byte) - offset(byte, 0x40, 0x41),
    private: None,
    restores: true,
    within: "",
};

/// big5's pairs (§11.1): index big5.
pub(crate) static BIG5: Table = Table {
    codec: "big5",
    index: "big5",
    prefix: &[],
    leads: &[(0x81, 0xFE)],
    trails: &[(0x40, 0x7E), (0xA1, 0xFE)],
    pointer: |lead, byte| (u32::from(lead) - 0x81) * 157 + u32::from(byte) - offset(byte, 0x40, 0x62),
    private: None,
    restores: true,
    within: "",
};

/// euc-jp's pairs (§12.1): index jis0208.
pub(crate) static EUC_JP_0208: Table = Table {
    codec: "euc-jp",
    index: "jis0208",
    prefix: &[],
    leads: &[(0xA1, 0xFE)],
    trails: &[(0xA1, 0xFE)],
    pointer: |lead, byte| (u32::from(lead) - 0xA1) * 94 + u32::from(byte) - 0xA1,
    private: None,
    restores: true,
    within: "",
};

/// euc-jp's pairs after `8F` (§12.1): index jis0212.
pub(crate) static EUC_JP_0212: Table = Table { index: "jis0212", prefix: &[0x8F], within: " after 8F", ..EUC_JP_0208 };

/// shift_jis's pairs (§12.3): index jis0208, but pointers 8836..10715
/// (leads `F0..F9`), private use.
pub(crate) static SHIFT_JIS: Table = Table {
    codec: "shift_jis",
    index: "jis0208",
    prefix: &[],
    leads: &[(0x81, 0x9F), (0xE0, 0xFC)],
    trails: &[(0x40, 0x7E), (0x80, 0xFC)],
    pointer: |lead, byte| {
        (u32::from(lead) - if lead < 0xA0 { 0x81 } else { 0xC1 }) * 188 + u32::from(byte) - offset(byte, 0x40, 0x41)
    },
    private: Some((8836, 10715)),
    restores: true,
    within: "",
};

/// euc-kr's pairs (§13.1): index euc-kr.
pub(crate) static EUC_KR: Table = Table {
    codec: "euc-kr",
    index: "euc-kr",
    prefix: &[],
    leads: &[(0x81, 0xFE)],
    trails: &[(0x41, 0xFE)],
    pointer: |lead, byte| (u32::from(lead) - 0x81) * 190 + u32::from(byte) - 0x41,
    private: None,
    restores: true,
    within: "",
};

/// iso-2022-jp's pairs in the lead byte state (§12.2): index jis0208.
pub(crate) static ISO_2022_JP: Table = Table {
    codec: "iso-2022-jp",
    index: "jis0208",
    prefix: &[0x1B, 0x24, 0x42],
    leads: &[(0x21, 0x7E)],
    trails: &[(0x21, 0x7E)],
    pointer: |lead, byte| (u32::from(lead) - 0x21) * 94 + u32::from(byte) - 0x21,
    private: None,
    restores: false,
    within: " after 1B 24 42",
};

/// The 2014 draft's hz-gb-2312 pairs in GB2312 mode (§10.2): index
/// gb18030. (The draft's decoder takes leads `20..7F` but `7E`, which is
/// `~` in either mode: GB2312's rows are `21..7D` here, and the edges are
/// probes of their own.)
pub(crate) static HZ: Table = Table {
    codec: "hz-gb-2312-2014",
    index: "gb18030",
    prefix: &[0x7E, 0x7B],
    leads: &[(0x21, 0x7D)],
    trails: &[(0x21, 0x7E)],
    pointer: |lead, byte| (u32::from(lead) - 1) * 190 + u32::from(byte) + 0x3F,
    private: None,
    restores: false,
    within: " after ~{",
};

impl Table {
    /// Returns whether `byte` is a lead.
    pub(crate) fn is_lead(&self, byte: u8) -> bool {
        self.leads.iter().any(|&(lo, hi)| (lo..=hi).contains(&byte))
    }

    /// Returns whether `byte` is a trail.
    pub(crate) fn is_trail(&self, byte: u8) -> bool {
        self.trails.iter().any(|&(lo, hi)| (lo..=hi).contains(&byte))
    }

    /// The lead ranges as the names write them (`81..9F, E0..FC`).
    pub(crate) fn lead_ranges(&self) -> String {
        ranges(self.leads)
    }

    /// The trail ranges as the names write them.
    pub(crate) fn trail_ranges(&self) -> String {
        ranges(self.trails)
    }

    /// What the pointer of `lead byte` is a pointer of: the index, or
    /// shift_jis's private use.
    pub(crate) fn of(&self, pointer: u32) -> String {
        match self.private {
            Some((lo, hi)) if (lo..=hi).contains(&pointer) => {
                format!("{}'s private use (pointers {lo} to {hi}: U+E000 + pointer − {lo})", self.codec)
            }
            _ => format!("index {}", self.index),
        }
    }

    /// The prefix, then `bytes`.
    fn bytes(&self, bytes: &[u8]) -> Vec<u8> {
        let mut out = self.prefix.to_vec();
        out.extend_from_slice(bytes);
        out
    }

    fn lead_bytes(&self) -> impl Iterator<Item = u8> + '_ {
        self.leads.iter().flat_map(|&(lo, hi)| lo..=hi)
    }

    fn trail_bytes(&self) -> Vec<u8> {
        self.trails.iter().flat_map(|&(lo, hi)| lo..=hi).collect()
    }
}

/// Ranges as the names write them.
pub(crate) fn ranges(list: &[(u8, u8)]) -> String {
    let parts: Vec<String> = list.iter().map(|(lo, hi)| format!("{lo:02X}..{hi:02X}")).collect();
    parts.join(", ")
}

/// Bytes as hex pairs.
pub(crate) fn hex(bytes: &[u8]) -> String {
    let parts: Vec<String> = bytes.iter().map(|b| format!("{b:02X}")).collect();
    parts.join(" ")
}

/// Every row of `table` (a lead): its first and last pointer, and the
/// first and last pointer of each run of pointers the index leaves
/// unmapped (`mapped` says whether the codec decodes a pair).
pub(crate) fn rows(table: &Table, mapped: &dyn Fn(&[u8]) -> bool, out: &mut Probes) {
    let trails = table.trail_bytes();
    let first = trails[0];
    for lead in table.lead_bytes() {
        let pointer = |trail| (table.pointer)(lead, trail);
        let row = format!("row {lead:02X} of {}", table.of(pointer(first)));
        let unmapped: Vec<bool> = trails.iter().map(|&t| !mapped(&table.bytes(&[lead, t]))).collect();
        for (which, at) in [("first", 0), ("last", trails.len() - 1)] {
            let trail = trails[at];
            let note = if unmapped[at] { ", unmapped" } else { "" };
            let name = format!("{row}: its {which} pointer, {} ({}){note}", pointer(trail), hex(&[lead, trail]));
            out.push((name, table.bytes(&[lead, trail])));
        }
        let mut i = 0;
        while i < trails.len() {
            if !unmapped[i] {
                i += 1;
                continue;
            }
            let start = i;
            while i < trails.len() && unmapped[i] {
                i += 1;
            }
            let (a, b) = (trails[start], trails[i - 1]);
            // A run at the row's edge: that end is the row's first or last
            // pointer, named above.
            let (first_named, last_named) = (start == 0, i == trails.len());
            if start + 1 == i {
                if first_named || last_named {
                    continue;
                }
                let name = format!("pointer {} of index {} ({}): unmapped", pointer(a), table.index, hex(&[lead, a]));
                out.push((name, table.bytes(&[lead, a])));
                continue;
            }
            let run = format!(
                "pointers {} to {} of index {} ({} to {}): unmapped",
                pointer(a),
                pointer(b),
                table.index,
                hex(&[lead, a]),
                hex(&[lead, b])
            );
            if !first_named {
                out.push((format!("{run}, the first"), table.bytes(&[lead, a])));
            }
            if !last_named {
                out.push((format!("{run}, the last"), table.bytes(&[lead, b])));
            }
        }
    }
}

/// The edges of the lead ranges (the byte before each range, its first
/// and last byte, the byte after it), each alone at the end of the input
/// and followed by the first trail.
pub(crate) fn lead_edges(table: &Table, out: &mut Probes) {
    let trail = table.trails[0].0;
    let mut seen = Vec::new();
    for &(lo, hi) in table.leads {
        for byte in [lo.checked_sub(1), Some(lo), Some(hi), hi.checked_add(1)].into_iter().flatten() {
            if seen.contains(&byte) {
                continue;
            }
            seen.push(byte);
            let what = match table.is_lead(byte) {
                true => format!("lead {byte:02X} (leads {})", table.lead_ranges()),
                false => format!("byte {byte:02X}, no lead (leads {})", table.lead_ranges()),
            };
            let within = table.within;
            out.push((format!("{what}{within}, alone at the end"), table.bytes(&[byte])));
            out.push((format!("{what}{within}, then the trail {trail:02X}"), table.bytes(&[byte, trail])));
        }
    }
}

/// The edges of the trail ranges after the first and the last lead: the
/// byte before each range, its first and last byte, the byte after it
/// (an ASCII byte that is no trail is put back, the Standard's "restore";
/// another is part of the error); and an ASCII letter and a newline after
/// the lead.
pub(crate) fn trail_edges(table: &Table, out: &mut Probes) {
    let leads = [table.leads[0].0, table.leads[table.leads.len() - 1].1];
    for lead in leads {
        let mut seen = Vec::new();
        let edges =
            table.trails.iter().flat_map(|&(lo, hi)| [lo.checked_sub(1), Some(lo), Some(hi), hi.checked_add(1)]);
        for byte in edges.flatten().chain([0x0A, 0x41]) {
            if seen.contains(&byte) {
                continue;
            }
            seen.push(byte);
            let what = match (table.is_trail(byte), byte < 0x80 && table.restores) {
                (true, _) => format!("the trail {byte:02X} (trails {})", table.trail_ranges()),
                (false, true) => {
                    format!("{byte:02X}, no trail (trails {}): the ASCII byte is put back", table.trail_ranges())
                }
                (false, false) => format!("{byte:02X}, no trail (trails {})", table.trail_ranges()),
            };
            out.push((format!("lead {lead:02X}{}, then {what}", table.within), table.bytes(&[lead, byte])));
        }
    }
}

/// Single bytes with what each is.
pub(crate) fn singles(list: &[(u8, &str)], out: &mut Probes) {
    for &(byte, what) in list {
        out.push((format!("byte {byte:02X}, {what}"), vec![byte]));
    }
}

/// A single-byte encoding's every byte above ASCII, each a pointer of its
/// index (§9), and the edges of ASCII.
pub(crate) fn single_byte(index: &str, mapped: &dyn Fn(&[u8]) -> bool, out: &mut Probes) {
    singles(&[(0x00, "ASCII"), (0x7F, "the last ASCII byte")], out);
    for byte in 0x80..=0xFF_u8 {
        let unmapped = if mapped(&[byte]) { "" } else { ": unmapped" };
        out.push((format!("byte {byte:02X}, pointer {} of index {index}{unmapped}", byte - 0x80), vec![byte]));
    }
}

/// The bytes of gb18030 four-byte pointer `pointer`.
pub(crate) fn four_bytes(pointer: u32) -> [u8; 4] {
    let b1 = pointer / 12600;
    let b2 = pointer % 12600 / 1260;
    let b3 = pointer % 1260 / 10;
    let b4 = pointer % 10;
    // Each below 126 or 10: the casts keep the value.
    [(b1 + 0x81) as u8, (b2 + 0x30) as u8, (b3 + 0x81) as u8, (b4 + 0x30) as u8]
}

/// The pointer of gb18030's four bytes (each in its range).
pub(crate) fn four_byte_pointer(bytes: [u8; 4]) -> u32 {
    let [b1, b2, b3, b4] = bytes.map(u32::from);
    (((b1 - 0x81) * 10 + b2 - 0x30) * 126 + b3 - 0x81) * 10 + b4 - 0x30
}

/// The first pointer of each range of index gb18030 ranges below 39420
/// (where the code point is not the one before it plus one), found by
/// one encoding_rs gb18030 decoder over every four-byte sequence of
/// those pointers (every one a BMP code point: one UTF-16 unit each).
fn range_starts() -> Vec<u32> {
    const BMP_POINTERS: u32 = 39420;
    let mut input = Vec::with_capacity(4 * BMP_POINTERS as usize);
    for pointer in 0..BMP_POINTERS {
        input.extend_from_slice(&four_bytes(pointer));
    }
    // encoding_rs asks for room for the worst case: more than one unit a
    // sequence.
    let mut units = vec![0u16; input.len() + 16];
    let mut decoder = encoding_rs::GB18030.new_decoder_without_bom_handling();
    let (result, _, written) = decoder.decode_to_utf16_without_replacement(&input, &mut units, true);
    if result != DecoderResult::InputEmpty || written != BMP_POINTERS as usize {
        return vec![0];
    }
    units.truncate(written);
    let mut starts = vec![0];
    for (pointer, pair) in (1..).zip(units.windows(2)) {
        if u32::from(pair[1]) != u32::from(pair[0]) + 1 {
            starts.push(pointer);
        }
    }
    starts
}

/// gb18030's four-byte sequences (§10.1; index gb18030 ranges): the first
/// and last pointer of each range, the pointers without a code point
/// around the BMP's end and past U+10FFFF, and the shapes a four-byte
/// sequence can break in.
pub(crate) fn gb18030_four_bytes(out: &mut Probes) {
    let starts = range_starts();
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).map_or(39419, |next| next - 1);
        let range = format!("range {i} of index gb18030 ranges");
        out.push((
            format!("{range}: its first pointer, {start} ({})", hex(&four_bytes(start))),
            four_bytes(start).to_vec(),
        ));
        if end != start {
            out.push((
                format!("{range}: its last pointer, {end} ({})", hex(&four_bytes(end))),
                four_bytes(end).to_vec(),
            ));
        }
    }
    let named: [(u32, &str); 5] = [
        (39420, "the first pointer past the BMP's ranges, no code point (39420 to 188999)"),
        (188_999, "the last pointer with no code point before U+10000"),
        (189_000, "the first pointer of U+10000..U+10FFFF (U+10000 + pointer − 189000)"),
        (1_237_575, "the pointer of U+10FFFF"),
        (1_237_576, "the first pointer past U+10FFFF, no code point"),
    ];
    for (pointer, what) in named {
        out.push((
            format!("pointer {pointer} of index gb18030 ranges ({}), {what}", hex(&four_bytes(pointer))),
            four_bytes(pointer).to_vec(),
        ));
    }
    out.push((
        "FE 39 FE 39, the largest four-byte pointer (1587599), no code point".into(),
        vec![0xFE, 0x39, 0xFE, 0x39],
    ));
    let shapes: [(&str, &[u8]); 6] = [
        ("lead 81 then the digit 30, alone at the end", &[0x81, 0x30]),
        ("81 30 81, three bytes of a four-byte sequence, alone at the end", &[0x81, 0x30, 0x81]),
        ("81 30 then 80, no third byte (81..FE): 30 80 read again", &[0x81, 0x30, 0x80, 0x30]),
        ("81 30 then FF, no third byte (81..FE): 30 FF read again", &[0x81, 0x30, 0xFF, 0x30]),
        ("81 30 81 then 2F, no fourth byte (30..39): 30 81 2F read again", &[0x81, 0x30, 0x81, 0x2F]),
        ("81 30 81 then 3A, no fourth byte (30..39): 30 81 3A read again", &[0x81, 0x30, 0x81, 0x3A]),
    ];
    for (name, bytes) in shapes {
        out.push((name.into(), bytes.to_vec()));
    }
}

/// Whether a fresh encoding_rs decoder for `encoding` reads all of `bytes`
/// without an error.
pub(crate) fn decodes(encoding: &'static Encoding, bytes: &[u8]) -> bool {
    let mut out = [0u16; 16];
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let (result, read, _) = decoder.decode_to_utf16_without_replacement(bytes, &mut out, true);
    result == DecoderResult::InputEmpty && read == bytes.len()
}

/// What shape of decoder a [`crate::StandardEncoding`] has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    /// §9, with the name of its index (iso-8859-8-i's is iso-8859-8's).
    SingleByte(&'static str),
    /// §14.5: bytes `80..FF` are U+F780..U+F7FF.
    XUserDefined,
    /// §10.1 (gbk's decoder is gb18030's; `gbk` tells the encoders apart).
    Gb18030 {
        /// Whether this is gbk, whose encoder writes no four-byte sequences.
        gbk: bool,
    },
    /// §11.1.
    Big5,
    /// §12.1.
    EucJp,
    /// §12.3.
    ShiftJis,
    /// §13.1.
    EucKr,
}

/// The family of the encoding named `name`.
pub(crate) fn family(encoding: &'static Encoding, name: &'static str) -> Family {
    match encoding {
        e if e == encoding_rs::X_USER_DEFINED => Family::XUserDefined,
        e if e == encoding_rs::GB18030 => Family::Gb18030 { gbk: false },
        e if e == encoding_rs::GBK => Family::Gb18030 { gbk: true },
        e if e == encoding_rs::BIG5 => Family::Big5,
        e if e == encoding_rs::EUC_JP => Family::EucJp,
        e if e == encoding_rs::SHIFT_JIS => Family::ShiftJis,
        e if e == encoding_rs::EUC_KR => Family::EucKr,
        _ if name == "iso-8859-8-i" => Family::SingleByte("iso-8859-8"),
        _ => Family::SingleByte(name),
    }
}

/// The probes of a stateless encoding of the Standard.
pub(crate) fn standard(encoding: &'static Encoding, name: &'static str) -> Probes {
    let mapped = |bytes: &[u8]| decodes(encoding, bytes);
    let mut out = Probes::new();
    let ascii = [(0x00, "ASCII"), (0x7F, "the last ASCII byte")];
    match family(encoding, name) {
        Family::SingleByte(index) => single_byte(index, &mapped, &mut out),
        Family::XUserDefined => singles(
            &[
                (0x00, "ASCII"),
                (0x7F, "the last ASCII byte"),
                (0x80, "U+F780 (0xF780 + byte − 0x80)"),
                (0xFF, "U+F7FF (0xF780 + byte − 0x80)"),
            ],
            &mut out,
        ),
        Family::Gb18030 { .. } => {
            singles(&ascii, &mut out);
            singles(&[(0x80, "U+20AC (the euro sign)"), (0xFF, "no lead (81..FE) and no character")], &mut out);
            rows(&GB18030, &mapped, &mut out);
            lead_edges(&GB18030, &mut out);
            trail_edges(&GB18030, &mut out);
            gb18030_four_bytes(&mut out);
        }
        Family::Big5 => {
            singles(&ascii, &mut out);
            singles(&[(0x80, "no lead (81..FE)"), (0xFF, "no lead (81..FE)")], &mut out);
            rows(&BIG5, &mapped, &mut out);
            lead_edges(&BIG5, &mut out);
            trail_edges(&BIG5, &mut out);
            for (bytes, pointer, points) in [
                ([0x88, 0x62], 1133, "U+00CA U+0304"),
                ([0x88, 0x64], 1135, "U+00CA U+030C"),
                ([0x88, 0xA3], 1164, "U+00EA U+0304"),
                ([0x88, 0xA5], 1166, "U+00EA U+030C"),
            ] {
                let name = format!(
                    "pointer {pointer} of index big5 ({}), two code points by §11.1's table: {points}",
                    hex(&bytes)
                );
                out.push((name, bytes.to_vec()));
            }
        }
        Family::EucJp => {
            singles(&ascii, &mut out);
            singles(
                &[
                    (0x80, "no lead (8E, 8F, A1..FE)"),
                    (0x8D, "no lead (8E, 8F, A1..FE)"),
                    (0x90, "no lead (8E, 8F, A1..FE)"),
                    (0xA0, "no lead (8E, 8F, A1..FE)"),
                    (0xFF, "no lead (8E, 8F, A1..FE)"),
                ],
                &mut out,
            );
            rows(&EUC_JP_0208, &mapped, &mut out);
            lead_edges(&EUC_JP_0208, &mut out);
            trail_edges(&EUC_JP_0208, &mut out);
            rows(&EUC_JP_0212, &mapped, &mut out);
            trail_edges(&EUC_JP_0212, &mut out);
            let katakana: [(&str, &[u8]); 8] = [
                ("8E then A1, the first half-width katakana (U+FF61 − 0xA1 + byte)", &[0x8E, 0xA1]),
                ("8E then DF, the last half-width katakana", &[0x8E, 0xDF]),
                ("8E then A0, below the half-width katakana (A1..DF)", &[0x8E, 0xA0]),
                ("8E then E0, past the half-width katakana (A1..DF)", &[0x8E, 0xE0]),
                ("8E then 41, no half-width katakana: the ASCII byte is put back", &[0x8E, 0x41]),
                ("8E alone at the end", &[0x8E]),
                ("8F alone at the end (index jis0212 next)", &[0x8F]),
                ("8F A1 alone at the end", &[0x8F, 0xA1]),
            ];
            for (name, bytes) in katakana {
                out.push((name.into(), bytes.to_vec()));
            }
            out.push(("8F then A0, no lead of index jis0212 (A1..FE)".into(), vec![0x8F, 0xA0, 0xA1]));
        }
        Family::ShiftJis => {
            singles(&ascii, &mut out);
            singles(
                &[
                    (0x5C, "ASCII (U+005C: shift_jis decodes 00..7F as ASCII)"),
                    (0x80, "U+0080 (shift_jis decodes 80 as itself)"),
                    (0xA0, "no lead (81..9F, E0..FC) and no character"),
                    (0xA1, "the first half-width katakana (U+FF61 − 0xA1 + byte)"),
                    (0xDF, "the last half-width katakana"),
                    (0xFD, "no lead (81..9F, E0..FC) and no character"),
                    (0xFE, "no lead (81..9F, E0..FC) and no character"),
                    (0xFF, "no lead (81..9F, E0..FC) and no character"),
                ],
                &mut out,
            );
            rows(&SHIFT_JIS, &mapped, &mut out);
            lead_edges(&SHIFT_JIS, &mut out);
            trail_edges(&SHIFT_JIS, &mut out);
        }
        Family::EucKr => {
            singles(&ascii, &mut out);
            singles(&[(0x80, "no lead (81..FE)"), (0xFF, "no lead (81..FE)")], &mut out);
            rows(&EUC_KR, &mapped, &mut out);
            lead_edges(&EUC_KR, &mut out);
            trail_edges(&EUC_KR, &mut out);
        }
    }
    out
}

/// iso-2022-jp's probes (§12.2): its escape sequences, the bytes each set
/// reads and refuses, the output flag, and index jis0208's rows in the
/// lead byte state. `mapped` decodes with the codec.
pub(crate) fn iso_2022_jp(mapped: &dyn Fn(&[u8]) -> bool) -> Probes {
    let mut out = Probes::new();
    let fixed: [(&str, &[u8]); 28] = [
        ("escape sequence 1B 28 42 (to ASCII), then 41", b"\x1B(BA"),
        ("escape sequence 1B 28 4A (to JIS X 0201 Roman), then 5C 7E (U+00A5 U+203E)", b"\x1B(J\\~"),
        ("escape sequence 1B 28 49 (to JIS X 0201 katakana), then 21 5F, its first and last", b"\x1B(I!_"),
        ("escape sequence 1B 24 40 (to jis0208), then 30 21", b"\x1B$@0!"),
        ("escape sequence 1B 24 42 (to jis0208), then 30 21", b"\x1B$B0!"),
        ("escape sequence 1B 24 42 alone: no character, no error", b"\x1B$B"),
        ("escape sequence 1B 28 42 right after 1B 28 4A (the output flag: an error)", b"\x1B(J\x1B(Ba"),
        ("escape sequence 1B 24 42 right after 1B 24 42 (the output flag: an error)", b"\x1B$B\x1B$B0!"),
        ("escape sequences 1B 28 4A, 41, 1B 28 42: a character between them, no error", b"\x1B(JA\x1B(BA"),
        ("1B alone at the end", b"\x1B"),
        ("1B 24 alone at the end", b"\x1B$"),
        ("1B 28 alone at the end", b"\x1B("),
        ("1B 41, no escape sequence: 41 read again", b"\x1BA"),
        ("1B 28 41, no escape sequence", b"\x1B(A"),
        ("1B 24 41, no escape sequence (GB 2312's, not iso-2022-jp's)", b"\x1B$A"),
        ("1B 24 28 44, the 2014 draft's JIS X 0212 escape, none today", b"\x1B$(D"),
        ("1B 2E 41, no escape sequence (ISO 8859-1's G2)", b"\x1B.A"),
        ("0E (SO), refused in the ASCII set", b"\x0E"),
        ("0F (SI), refused in the ASCII set", b"\x0F"),
        ("80, no byte of the ASCII set (00..7F)", b"\x80"),
        ("7F, the last byte of the ASCII set", b"\x7F"),
        ("0E (SO) in the JIS X 0201 Roman set", b"\x1B(J\x0E"),
        ("20 in the JIS X 0201 katakana set (21..5F)", b"\x1B(I "),
        ("60 in the JIS X 0201 katakana set (21..5F)", b"\x1B(I`"),
        ("jis0208 lead 30, then 0A (a newline, an error today)", b"\x1B$B0\n"),
        ("jis0208 lead 30, then an escape sequence 1B 28 42", b"\x1B$B0\x1B(B"),
        ("jis0208 lead 30, alone at the end", b"\x1B$B0"),
        ("0A in the jis0208 lead state (an error today)", b"\x1B$B\n"),
    ];
    for (name, bytes) in fixed {
        out.push((name.into(), bytes.to_vec()));
    }
    rows(&ISO_2022_JP, mapped, &mut out);
    lead_edges(&ISO_2022_JP, &mut out);
    trail_edges(&ISO_2022_JP, &mut out);
    out
}

/// The 2014 draft's hz-gb-2312 probes (§10.2): `~{`, `~}`, `~~`, `~`
/// newline and a `~` before anything else, GB2312 mode's rows of index
/// gb18030, its leads `20` and `7F` (which the draft takes), and a newline
/// in GB2312 mode. `mapped` decodes with the codec.
pub(crate) fn hz(mapped: &dyn Fn(&[u8]) -> bool) -> Probes {
    let mut out = Probes::new();
    let fixed: [(&str, &[u8]); 15] = [
        ("~{ (to GB2312 mode), then 52 3B", b"~{R;"),
        ("~{ then ~} (back to ASCII), nothing between", b"~{~}"),
        ("~} in ASCII mode: no change, no error", b"~}A"),
        ("~~, U+007E", b"~~"),
        ("~~ in GB2312 mode, U+007E", b"~{~~"),
        ("~ then a newline: both skipped, a soft line break", b"A~\nB"),
        ("~ then 41, no escape: 41 read again", b"~A"),
        ("~ alone at the end", b"~"),
        ("80, no ASCII byte", b"\x80"),
        ("a newline in GB2312 mode: an error that ends the mode", b"~{\nA"),
        ("lead 52 then a newline in GB2312 mode: an error that ends the mode", b"~{R\nA"),
        ("lead 20 in GB2312 mode, then 21 (the draft takes leads 20..7F)", b"~{ !"),
        ("lead 7F in GB2312 mode, then 21", b"~{\x7F!"),
        ("7E in GB2312 mode is ~, never a lead (row FE of index gb18030 has no HZ pair)", b"~{~}~{~~"),
        ("lead 52 in GB2312 mode, alone at the end", b"~{R"),
    ];
    for (name, bytes) in fixed {
        out.push((name.into(), bytes.to_vec()));
    }
    rows(&HZ, mapped, &mut out);
    trail_edges(&HZ, &mut out);
    out
}

/// `replacement`'s probes (§14.1): no input, one byte, several.
pub(crate) fn replacement() -> Probes {
    let fixed: [(&str, &[u8]); 4] = [
        ("no input: no error", b""),
        ("one byte: one error", b"A"),
        ("41 42 43: one error, then nothing", b"ABC"),
        ("~{ (HZ, a label of replacement): one error", b"~{"),
    ];
    fixed.iter().map(|(name, bytes)| ((*name).into(), bytes.to_vec())).collect()
}
