//! The input classes of the matrix: a few code points of each kind, from ASCII
//! to beyond 2^1000, chosen at the edges of each range.
//!
//! A class is a list of *units*, each encoded and decoded as one text. A unit
//! is one code point, except in the surrogate-pair class, where a unit is a
//! lead surrogate followed by a trail surrogate given as two code points (so
//! that a codec that joins them, like WTF-8, shows as "altered").

use codec_core::BigCodePoint;
use codec_core::num_bigint::BigUint;

/// One input class: an identifier (used in every table and in JSON), a title
/// and the range it samples.
#[derive(Debug, Clone)]
pub struct Class {
    /// Short stable identifier (`lead-surrogate`).
    pub id: &'static str,
    /// What the class is, for the tables' legend.
    pub title: &'static str,
    /// The code points it samples, as a range.
    pub range: &'static str,
    /// The units: one code point each, or a lead+trail pair.
    pub units: Vec<Vec<BigCodePoint>>,
}

/// `2^bits + add`, as a code point.
fn pow2(bits: u32, add: u64) -> BigCodePoint {
    BigCodePoint::from((BigUint::from(1u8) << bits) + BigUint::from(add))
}

/// `2^bits - 1`, as a code point.
fn pow2_minus_1(bits: u32) -> BigCodePoint {
    BigCodePoint::from((BigUint::from(1u8) << bits) - BigUint::from(1u8))
}

/// One unit per value.
fn singles(values: &[u64]) -> Vec<Vec<BigCodePoint>> {
    values.iter().map(|&v| vec![BigCodePoint::from_u64(v)]).collect()
}

/// Every class, in the order of the tables.
#[must_use]
pub fn classes() -> Vec<Class> {
    vec![
        Class {
            id: "ascii",
            title: "ASCII (without U+0000)",
            range: "U+0001..U+007F",
            units: singles(&[0x01, 0x0A, 0x41, 0x7A, 0x7E, 0x7F]),
        },
        Class {
            id: "two-byte",
            title: "Latin and other 2-byte (without C1)",
            range: "U+00A0..U+07FF",
            units: singles(&[0xA0, 0xE9, 0xFF, 0x100, 0x416, 0x7FF]),
        },
        Class {
            id: "bmp",
            title: "BMP 3-byte (scalar, not noncharacters)",
            range: "U+0800..U+FFFD",
            units: singles(&[0x800, 0x20AC, 0x4E2D, 0xD7FF, 0xE000, 0xFEFF, 0xFFFD]),
        },
        Class {
            id: "supplementary",
            title: "supplementary (not noncharacters)",
            range: "U+10000..U+10FFFD",
            units: singles(&[0x1_0000, 0x1_F4A9, 0x2_0000, 0x10_FFFD]),
        },
        Class { id: "nul", title: "U+0000", range: "U+0000", units: singles(&[0]) },
        Class { id: "c1", title: "C1 controls", range: "U+0080..U+009F", units: singles(&[0x80, 0x85, 0x9F]) },
        Class {
            id: "lead-surrogate",
            title: "lone lead surrogate",
            range: "U+D800..U+DBFF",
            units: singles(&[0xD800, 0xD83D, 0xDBFF]),
        },
        Class {
            id: "trail-surrogate",
            title: "lone trail surrogate",
            range: "U+DC00..U+DFFF",
            units: singles(&[0xDC00, 0xDCA9, 0xDFFF]),
        },
        Class {
            id: "surrogate-pair",
            title: "lead+trail surrogate pair as two code points",
            range: "U+D800..U+DBFF then U+DC00..U+DFFF",
            units: [(0xD800, 0xDC00), (0xD83D, 0xDCA9), (0xDBFF, 0xDFFF)]
                .iter()
                .map(|&(l, t)| vec![BigCodePoint::from_u64(l), BigCodePoint::from_u64(t)])
                .collect(),
        },
        Class {
            id: "noncharacter",
            title: "noncharacters",
            range: "U+FDD0..U+FDEF, U+xxFFFE, U+xxFFFF",
            units: singles(&[0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1_FFFE, 0x10_FFFF]),
        },
        Class {
            id: "above-10ffff",
            title: "beyond Unicode, 31 bits",
            range: "U+110000..U+7FFFFFFF",
            units: singles(&[0x11_0000, 0x1F_FFFF, 0x20_0000, 0x3FF_FFFF, 0x400_0000, 0x7FFF_FFFF]),
        },
        Class {
            id: "above-7fffffff",
            title: "32 bits, up to the Corrected UTF-8 maximum",
            range: "U+80000000..U+8421109F",
            units: singles(&[0x8000_0000, 0x8000_0080, 0x8421_109F]),
        },
        Class {
            id: "above-8421109f",
            title: "beyond Corrected UTF-8, up to 36 bits",
            range: "U+842110A0..U+FFFFFFFFF",
            units: singles(&[0x8421_10A0, 0xFFFF_FFFF, 0x1_0000_0000, 0xF_FFFF_FFFF]),
        },
        Class {
            id: "above-36-bit",
            title: "37 to 71 bits",
            range: "U+1000000000..2^71-1",
            units: vec![
                BigCodePoint::from_u64(1 << 36),
                BigCodePoint::from_u64(u64::MAX),
                pow2(64, 0),
                pow2_minus_1(71),
            ]
            .into_iter()
            .map(|cp| vec![cp])
            .collect(),
        },
        Class {
            id: "above-71-bit",
            title: "beyond 71 bits, up to 2^1000",
            range: "2^71..2^1000",
            units: vec![pow2(71, 0), pow2(100, 1), pow2_minus_1(1000)].into_iter().map(|cp| vec![cp]).collect(),
        },
        Class {
            id: "above-1000-bit",
            title: "beyond 2^1000",
            range: "2^1000 and up",
            units: vec![pow2(1000, 0), pow2_minus_1(1024)].into_iter().map(|cp| vec![cp]).collect(),
        },
    ]
}

/// A short printable form of a code point: `U+1F4A9`, or `2^1000` and
/// `2^1024-1` style for values over 64 bits (whose hex would fill a page).
#[must_use]
pub fn short(cp: &BigCodePoint) -> String {
    if cp.to_u64().is_some() {
        return cp.to_string();
    }
    let bits = cp.bits();
    let value = cp.to_biguint();
    let base = BigUint::from(1u8) << (bits - 1);
    if value == (BigUint::from(1u8) << bits) - BigUint::from(1u8) {
        format!("2^{bits}-1")
    } else if value >= base {
        let rest = &value - &base;
        if rest == BigUint::from(0u8) {
            format!("2^{}", bits - 1)
        } else if rest.bits() <= 64 {
            format!("2^{}+{rest}", bits - 1)
        } else {
            format!("U+{}… ({bits} bits)", &format!("{cp:X}")[..8])
        }
    } else {
        cp.to_string()
    }
}

/// A unit in short form: code points joined by spaces.
#[must_use]
pub fn short_unit(unit: &[BigCodePoint]) -> String {
    unit.iter().map(short).collect::<Vec<_>>().join(" ")
}
