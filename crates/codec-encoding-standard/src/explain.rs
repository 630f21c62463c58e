//! What decides an error, in the Standard's terms (`Codec::explain` and
//! `Codec::explain_unencodable`): the index and pointer a decoder looked
//! up, or the range a byte is outside of, following today's decoder steps
//! (the table of `structure.rs`); and the index an encoder found no
//! pointer in.
//!
//! The text is derived from the bytes at the error and the error's length,
//! as the Standard's decoder reads them, not from encoding_rs: it names the
//! step that returns the error. For the stateful codecs the state at the
//! error comes from running the codec's steps over the input before it.

use core::fmt::{self, Write};

use codec_core::{CodePoint, DecodeError, ErrorKind, Step};

use crate::structure::{self, BIG5, EUC_JP_0208, EUC_JP_0212, EUC_KR, Family, GB18030, SHIFT_JIS, Table, hex};

/// Explains `error` of a stateless encoding of the Standard on `input`.
pub(crate) fn standard(family: Family, input: &[u8], error: &DecodeError, out: &mut dyn Write) -> fmt::Result {
    let rest = input.get(error.valid_up_to()..).unwrap_or_default();
    let Some(&first) = rest.first() else { return Ok(()) };
    match family {
        Family::SingleByte(index) => write!(
            out,
            "byte {first:02X} is pointer {} of index {index}, which has no code point",
            first.wrapping_sub(0x80)
        ),
        Family::XUserDefined => Ok(()),
        Family::Gb18030 { .. } => gb18030(rest, out),
        Family::Big5 => pair(&BIG5, rest, out),
        Family::ShiftJis => pair(&SHIFT_JIS, rest, out),
        Family::EucKr => pair(&EUC_KR, rest, out),
        Family::EucJp => euc_jp(rest, out),
    }
}

/// A lead at the front of `rest` (after the table's prefix), and what
/// follows it: no byte, a byte that is no trail, or a pair whose pointer
/// the index leaves null.
fn pair(table: &Table, rest: &[u8], out: &mut dyn Write) -> fmt::Result {
    let lead = rest[0];
    if !table.is_lead(lead) {
        return write!(out, "byte {lead:02X} is no lead of {} ({}) and no character", table.codec, table.lead_ranges());
    }
    match rest.get(1) {
        None => write!(out, "the input ends after the lead {lead:02X}"),
        Some(&byte) => trail(table, lead, byte, out),
    }
}

/// `byte` after the lead `lead`.
fn trail(table: &Table, lead: u8, byte: u8, out: &mut dyn Write) -> fmt::Result {
    let restored = table.restores && byte < 0x80;
    if !table.is_trail(byte) {
        write!(
            out,
            "{byte:02X} after the lead {lead:02X} is no trail ({}), so there is no pointer",
            table.trail_ranges()
        )?;
    } else {
        let pointer = (table.pointer)(lead, byte);
        write!(out, "pointer {pointer} of {} ({}) is null", table.of(pointer), hex(&[lead, byte]))?;
    }
    match restored {
        true => write!(out, "; the ASCII byte {byte:02X} is read again"),
        false => Ok(()),
    }
}

/// gb18030's and gbk's decoder (§10.1): a lead, then a trail or the
/// digits of a four-byte sequence.
fn gb18030(rest: &[u8], out: &mut dyn Write) -> fmt::Result {
    let lead = rest[0];
    if !GB18030.is_lead(lead) {
        return write!(out, "byte {lead:02X} is no lead of gb18030 (81..FE) and no character");
    }
    let digit = |b: u8| (0x30..=0x39).contains(&b);
    match rest {
        [_] => write!(out, "the input ends after the lead {lead:02X}"),
        [_, second, ..] if !digit(*second) && !GB18030.is_trail(*second) => {
            write!(
                out,
                "{second:02X} after the lead {lead:02X} is neither a trail (40..7E, 80..FE) nor a digit (30..39)"
            )?;
            match *second < 0x80 {
                true => write!(out, ", so there is no pointer; the ASCII byte {second:02X} is read again"),
                false => write!(out, ", so there is no pointer"),
            }
        }
        [_, second, ..] if !digit(*second) => trail(&GB18030, lead, *second, out),
        [_, _] | [_, _, 0x81..=0xFE] => write!(out, "the input ends inside the four-byte sequence {}", hex(rest)),
        [_, second, third @ (0x00..=0x80 | 0xFF), ..] => write!(
            out,
            "{third:02X} is no third byte of a four-byte sequence (81..FE): the lead is the error, and {second:02X} \
             {third:02X} are read again"
        ),
        [_, second, third, fourth, ..] if !digit(*fourth) => write!(
            out,
            "{fourth:02X} is no fourth byte of a four-byte sequence (30..39): the lead is the error, and {second:02X} \
             {third:02X} {fourth:02X} are read again"
        ),
        [_, second, third, fourth, ..] => {
            let pointer = structure::four_byte_pointer([lead, *second, *third, *fourth]);
            write!(
                out,
                "pointer {pointer} of index gb18030 ranges ({}) has no code point (none above 39419 and below 189000, \
                 nor above 1237575)",
                hex(&rest[..4])
            )
        }
        // The arms above take every shape: `rest` is not empty.
        [] => Ok(()),
    }
}

/// euc-jp's decoder (§12.1): `8E` and a half-width katakana byte, `8F`
/// and a pair of index jis0212, or a pair of index jis0208.
fn euc_jp(rest: &[u8], out: &mut dyn Write) -> fmt::Result {
    let lead = rest[0];
    let ascii_again = |byte: u8, out: &mut dyn Write| match byte < 0x80 {
        true => write!(out, "; the ASCII byte {byte:02X} is read again"),
        false => Ok(()),
    };
    match (lead, rest.get(1).copied()) {
        (0x8E | 0x8F, None) => write!(out, "the input ends after the lead {lead:02X}"),
        (0x8E, Some(byte)) => {
            write!(out, "{byte:02X} after 8E is no half-width katakana byte (A1..DF)")?;
            ascii_again(byte, out)
        }
        (0x8F, Some(byte)) if !EUC_JP_0212.is_lead(byte) => {
            write!(out, "{byte:02X} after 8F is no lead of index jis0212 (A1..FE)")?;
            ascii_again(byte, out)
        }
        (0x8F, Some(byte)) => match rest.get(2) {
            None => write!(out, "the input ends after 8F {byte:02X}"),
            Some(&third) => trail(&EUC_JP_0212, byte, third, out),
        },
        _ if EUC_JP_0208.is_lead(lead) => pair(&EUC_JP_0208, rest, out),
        _ => write!(out, "byte {lead:02X} is no lead of euc-jp (8E, 8F, A1..FE) and no character"),
    }
}

/// The set of iso-2022-jp's decoder in `state`, as the Standard names it.
fn set_name(state: u32) -> &'static str {
    match state {
        crate::iso2022jp::ASCII => "ASCII",
        crate::iso2022jp::ROMAN => "JIS X 0201 Roman",
        crate::iso2022jp::KATAKANA => "JIS X 0201 katakana",
        _ => "jis0208",
    }
}

/// The state a stateful codec's steps (`step`) leave at `at`, from the
/// start of `input`.
fn state_at(input: &[u8], at: usize, step: impl Fn(&mut u32, &[u8]) -> Step<CodePoint>) -> u32 {
    let (mut state, mut pos) = (0, 0);
    while pos < at {
        let len = match step(&mut state, &input[pos..]) {
            Step::Point { len, .. }
            | Step::Pair { len, .. }
            | Step::Shift { len }
            | Step::Reserved { len }
            | Step::Invalid { len, .. } => len,
            Step::Incomplete => break,
        };
        pos += len.max(1);
    }
    state
}

/// Explains `error` of iso-2022-jp (§12.2) on `input`.
pub(crate) fn iso_2022_jp(input: &[u8], error: &DecodeError, out: &mut dyn Write) -> fmt::Result {
    let at = error.valid_up_to();
    let Some(rest) = input.get(at..).filter(|r| !r.is_empty()) else { return Ok(()) };
    let state = state_at(input, at, |s, r| crate::iso2022jp::decode_step(s, r, true));
    let byte = rest[0];
    if byte == 0x1B {
        return match (error.kind(), error.error_len()) {
            (ErrorKind::EmptyShift, _) => write!(
                out,
                "the escape sequence {} is followed at once by another (the output flag: nothing was output between \
                 them)",
                hex(&rest[..3.min(rest.len())])
            ),
            (_, None) | (ErrorKind::Truncated, _) => {
                write!(out, "the input ends inside an escape sequence ({})", hex(rest))
            }
            _ => write!(
                out,
                "{} is no escape sequence of iso-2022-jp (1B 28 42, 1B 28 4A, 1B 28 49, 1B 24 40, 1B 24 42): the \
                 bytes after 1B are read again",
                hex(&rest[..3.min(rest.len())])
            ),
        };
    }
    match state {
        crate::iso2022jp::ASCII | crate::iso2022jp::ROMAN => {
            write!(out, "{byte:02X} is no character of the {} set (00..7F but 0E, 0F and 1B)", set_name(state))
        }
        crate::iso2022jp::KATAKANA => write!(out, "{byte:02X} is no character of the JIS X 0201 katakana set (21..5F)"),
        _ => match rest.get(1) {
            _ if !structure::ISO_2022_JP.is_lead(byte) => {
                write!(out, "{byte:02X} is no lead of index jis0208 in the jis0208 set (21..7E)")
            }
            None => write!(out, "the input ends after the lead {byte:02X} in the jis0208 set"),
            Some(0x1B) => write!(out, "the lead {byte:02X} is cut by an escape sequence, which is read again"),
            Some(&trail_byte) => trail(&structure::ISO_2022_JP, byte, trail_byte, out),
        },
    }
}

/// Explains `error` of the 2014 draft's hz-gb-2312 (§10.2) on `input`.
pub(crate) fn hz(input: &[u8], error: &DecodeError, out: &mut dyn Write) -> fmt::Result {
    let at = error.valid_up_to();
    let Some(rest) = input.get(at..).filter(|r| !r.is_empty()) else { return Ok(()) };
    let state = state_at(input, at, crate::hz::decode_step);
    let gb = state & 1 == 1;
    match (rest[0], rest.get(1).copied()) {
        (0x7E, None) => write!(out, "the input ends after ~"),
        (0x7E, Some(byte)) => {
            write!(out, "~ then {byte:02X} is none of ~{{, ~}}, ~~ and ~ newline; {byte:02X} is read again")
        }
        (0x0A, _) if gb => write!(out, "a newline in GB2312 mode is an error, and ends the mode"),
        (lead @ 0x20..=0x7F, None) if gb => write!(out, "the input ends after the lead {lead:02X} in GB2312 mode"),
        (lead @ 0x20..=0x7F, Some(byte)) if gb => {
            trail(&structure::HZ, lead, byte, out)?;
            match byte {
                0x0A => write!(out, "; the newline ends GB2312 mode"),
                _ => Ok(()),
            }
        }
        (byte, _) if gb => write!(out, "{byte:02X} is no lead in GB2312 mode (20..7F)"),
        (byte, _) => write!(out, "{byte:02X} is no ASCII byte (00..7F), the only bytes outside GB2312 mode"),
    }
}

/// Explains `replacement`'s one error (§14.1).
pub(crate) fn replacement(out: &mut dyn Write) -> fmt::Result {
    out.write_str("the replacement decoder reads any input that is not empty as one error, at its first byte, and nothing after it")
}

/// Why the encoder of a stateless encoding refuses `point`.
pub(crate) fn unencodable(family: Family, point: CodePoint, out: &mut dyn Write) -> fmt::Result {
    match family {
        Family::SingleByte(index) => write!(out, "index {index} has no pointer for {point}"),
        Family::XUserDefined => write!(out, "x-user-defined encodes ASCII and U+F780..U+F7FF only, not {point}"),
        Family::Gb18030 { gbk: false } if point.to_u32() == 0xE5E5 => {
            write!(out, "the gb18030 encoder refuses U+E5E5 (its pointer in index gb18030 decodes to U+3000 today)")
        }
        Family::Gb18030 { gbk: false } => write!(out, "the gb18030 encoder has no bytes for {point}"),
        Family::Gb18030 { gbk: true } => write!(
            out,
            "index gb18030 has no pointer for {point}, and the gbk encoder writes no four-byte sequences (index \
             gb18030 ranges)"
        ),
        Family::Big5 => {
            write!(out, "index big5 has no pointer of 5024 or more for {point} (the big5 encoder's index Big5 pointer)")
        }
        Family::EucJp => write!(out, "index jis0208 has no pointer for {point}"),
        Family::ShiftJis => write!(
            out,
            "index jis0208 has no pointer for {point} outside 8272..8835 (the shift_jis encoder's index Shift_JIS pointer)"
        ),
        Family::EucKr => write!(out, "index euc-kr has no pointer for {point}"),
    }
}

/// Why iso-2022-jp's encoder refuses `point`.
pub(crate) fn iso_2022_jp_unencodable(point: CodePoint, out: &mut dyn Write) -> fmt::Result {
    match point.to_u32() {
        0x0E | 0x0F | 0x1B => write!(out, "the iso-2022-jp encoder refuses {point} (SO, SI and ESC)"),
        _ => write!(out, "index jis0208 has no pointer for {point} (nor index ISO-2022-JP katakana)"),
    }
}

/// Why the 2014 draft's hz-gb-2312 encoder refuses `point`.
pub(crate) fn hz_unencodable(point: CodePoint, out: &mut dyn Write) -> fmt::Result {
    write!(out, "index gb18030 has no pointer for {point} in GB2312's rows (lead and trail 21..7E in HZ)")
}
