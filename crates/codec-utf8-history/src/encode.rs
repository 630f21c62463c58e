//! One code point in UTF-1 or in the 1992 FSS-UTF proposal, per the rows
//! of `tables.rs`: the one form each table gives it. Every code point up to
//! U+7FFFFFFF is encodable, surrogates too; above, `out_of_range`.

use alloc::vec::Vec;

use codec_core::{CodePoint, EncodeStep, ErrorKind};

use crate::tables::{
    FSS_ROWS, FSS_TRAIL_BITS, MAX, UTF1_BASE, UTF1_LATIN1_LEAD, UTF1_ROWS, UTF1_SINGLE_MAX, utf1_byte,
};

/// Encodes the first code point of `input` (never empty) in UTF-1.
pub(crate) fn utf1_step(input: &[CodePoint], out: &mut Vec<u8>) -> EncodeStep {
    let v = input[0].to_u32();
    if v <= u32::from(UTF1_SINGLE_MAX) {
        out.push(v as u8);
    } else if v <= 0xFF {
        out.extend_from_slice(&[UTF1_LATIN1_LEAD, v as u8]);
    } else if v <= MAX {
        // The last row whose first code point is at most `v`.
        let row = UTF1_ROWS.iter().rfind(|r| r.first <= v).unwrap_or(&UTF1_ROWS[0]);
        let mut rank = v - row.first;
        // The digits, least significant first, into their places.
        let mut bytes = [0u8; 5];
        for place in (1..row.len).rev() {
            bytes[place] = utf1_byte(rank % UTF1_BASE);
            rank /= UTF1_BASE;
        }
        // What is left counts the lead bytes from the row's lowest: below
        // 4 in the last row (U+7FFFFFFF's lead is `FD`), below the row's
        // count of leads in the others (each row ends where the next
        // begins).
        bytes[0] = row.lead + rank as u8;
        out.extend_from_slice(&bytes[..row.len]);
    } else {
        return EncodeStep::Invalid(ErrorKind::OutOfRange);
    }
    EncodeStep::Done(1)
}

/// Encodes the first code point of `input` (never empty) in the 1992
/// proposal.
pub(crate) fn fss_step(input: &[CodePoint], out: &mut Vec<u8>) -> EncodeStep {
    let v = input[0].to_u32();
    if v < 0x80 {
        out.push(v as u8);
        return EncodeStep::Done(1);
    }
    if v > MAX {
        return EncodeStep::Invalid(ErrorKind::OutOfRange);
    }
    // The last row whose bias is at most `v`; its bits are `v` less it.
    let row = FSS_ROWS.iter().rfind(|r| r.first <= v).unwrap_or(&FSS_ROWS[0]);
    let bits = v - row.first;
    let trail = row.len - 1;
    out.push(row.marker | (bits >> (FSS_TRAIL_BITS * trail as u32)) as u8);
    for k in (0..trail).rev() {
        out.push(0x80 | ((bits >> (FSS_TRAIL_BITS * k as u32)) & 0x7F) as u8);
    }
    EncodeStep::Done(1)
}
