//! The shuffle tables that the SIMD kernels of UTF-8 to UTF-16 and UTF-16
//! to UTF-8 pick from by a mask of lanes, one row per 128-bit lane, for
//! every instantiation of `simd.rs`: one copy of each; and
//! [`cut_character`], how they take back a character that their blocks of
//! UTF-8 cut.

/// For each mask of eight 16-bit lanes to keep (bit `j`: lane `j`), the byte
/// shuffle that moves the kept lanes to the front, in order (`0x80` zeroes a
/// byte).
pub(crate) static COMPRESS: [[u8; 16]; 256] = compress_table();

/// How many bits of each byte are set (the lanes a mask keeps): a load,
/// where `count_ones` would be a dozen instructions without the `popcnt`
/// feature (AVX2 alone, which is all the kernels ask the processor for,
/// does not imply it).
pub(crate) static KEPT: [u8; 256] = kept();

const fn kept() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut mask = 0;
    while mask < 256 {
        table[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    table
}

const fn compress_table() -> [[u8; 16]; 256] {
    let mut table = [[0x80u8; 16]; 256];
    let mut mask = 0;
    while mask < 256 {
        let (mut kept, mut lane) = (0, 0);
        while lane < 8 {
            if (mask >> lane) & 1 == 1 {
                table[mask][2 * kept] = 2 * lane as u8;
                table[mask][2 * kept + 1] = 2 * lane as u8 + 1;
                kept += 1;
            }
            lane += 1;
        }
        mask += 1;
    }
    table
}

/// A shuffle that packs the used bytes of the lanes, and how many there are.
#[derive(Clone, Copy)]
pub(crate) struct Pack {
    /// The byte shuffle (`0x80`: a zero byte).
    pub(crate) shuffle: [u8; 16],
    /// How many bytes it keeps.
    pub(crate) len: u8,
}

/// For eight 16-bit lanes of one or two bytes (bit `2j` of the index: lane
/// `j` has two, for `j` below 4; bit `2(j - 4) + 1` for the others).
pub(crate) static PACK_TWO: [Pack; 256] = pack_two();

const fn pack_two() -> [Pack; 256] {
    let mut table = [Pack { shuffle: [0x80; 16], len: 0 }; 256];
    let mut key = 0;
    while key < 256 {
        let mut n = 0;
        let mut j = 0;
        while j < 8 {
            table[key].shuffle[n] = 2 * j as u8;
            n += 1;
            let bit = if j < 4 { 2 * j } else { 2 * (j - 4) + 1 };
            if (key >> bit) & 1 == 1 {
                table[key].shuffle[n] = 2 * j as u8 + 1;
                n += 1;
            }
            j += 1;
        }
        table[key].len = n as u8;
        key += 1;
    }
    table
}

/// For four 32-bit lanes each holding a unit's three candidate bytes
/// `[lead of three, lead of two or middle, last, 0]`, of which the unit's
/// last one to three are its UTF-8 (bits `2j` and `2j + 1` of the index:
/// unit `j` has two bytes or more, and three).
pub(crate) static PACK_LAST: [Pack; 256] = pack_last();

const fn pack_last() -> [Pack; 256] {
    let mut table = [Pack { shuffle: [0x80; 16], len: 0 }; 256];
    let mut key = 0;
    while key < 256 {
        let mut n = 0;
        let mut j = 0;
        while j < 4 {
            let len = 1 + ((key >> (2 * j)) & 1) + ((key >> (2 * j + 1)) & 1);
            let mut b = 3 - len;
            while b < 3 {
                table[key].shuffle[n] = (4 * j + b) as u8;
                n += 1;
                b += 1;
            }
            j += 1;
        }
        table[key].len = n as u8;
        key += 1;
    }
    table
}

/// The blocks have converted every byte position before `end`: when those
/// bytes end inside a character (its lead byte says it is longer), or end a whole character of two bytes or more that
/// a continuation byte follows (an error, which left its last byte without
/// a unit; an ASCII byte always gets one), returns where the
/// character starts and how many units the blocks wrote for it: one at its
/// last byte before `end` when the byte at `end` (or the padding past the
/// input) is not a continuation byte, and the lead surrogate at the third
/// byte of a four-byte character. Used on the end of well-formed input,
/// where the character is cut, and where the checked conversion stops
/// before a block with an error.
pub(crate) fn cut_character(src: &[u8], end: usize) -> Option<(usize, usize)> {
    // A cut character's lead is at most three bytes back; a whole one's,
    // four.
    let start = (end.saturating_sub(4)..end).rev().find(|&k| src[k] & 0xC0 != 0x80)?;
    let len = super::sequence_len(src[start]);
    let last = end - 1;
    let last_kept = src.get(end).is_none_or(|&b| b & 0xC0 != 0x80);
    // A whole character is taken back only when a stray continuation byte
    // follows it (its last byte then got no unit): only on bytes that are
    // not UTF-8, where the checked conversion stops at that error.
    if start + len < end || (start + len == end && (last_kept || len == 1)) {
        return None;
    }
    let third = (len == 4 && start + 2 <= last).then_some(start + 2);
    // The last byte and the third one may be the same position: one unit.
    let units = usize::from(last_kept) + usize::from(third.is_some_and(|t| !(t == last && last_kept)));
    Some((start, units))
}

/// For each mask of eight bytes to keep (bit `j`: byte `j`), the byte
/// shuffle that moves the kept bytes to the front, in order, from bytes 0
/// to 7 of a 128-bit lane (`[0]`) or from bytes 8 to 15 (`[1]`); `0x80`
/// zeroes the rest. [`KEPT`] says how many it keeps.
pub(crate) static KEEP_BYTES: [[[u8; 16]; 256]; 2] = [keep_bytes(0), keep_bytes(8)];

const fn keep_bytes(from: u8) -> [[u8; 16]; 256] {
    let mut table = [[0x80u8; 16]; 256];
    let mut mask = 0;
    while mask < 256 {
        let (mut kept, mut byte) = (0, 0);
        while byte < 8 {
            if (mask >> byte) & 1 == 1 {
                table[mask][kept] = from + byte as u8;
                kept += 1;
            }
            byte += 1;
        }
        mask += 1;
    }
    table
}
