//! Proptest strategies for code point sequences by class, and for bytes.
//!
//! The classes are the ones where codecs differ: a codec's tests pick the
//! classes of its domain (to test round trips) and the others (to test
//! encoding errors).

use codec_core::{BigCodePoint, CodePoint};
use proptest::prelude::*;

/// A class of code points where codecs of the UTF-8 family differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// `U+0001..=U+007F`.
    Ascii,
    /// `U+0080..=U+07FF` without the C1 controls: two bytes in UTF-8.
    TwoByte,
    /// `U+0800..=U+FFFF` without surrogates: three bytes in UTF-8.
    Bmp,
    /// `U+10000..=U+10FFFF`.
    Supplementary,
    /// `U+0000`.
    Nul,
    /// The C1 controls `U+0080..=U+009F`.
    C1,
    /// A lone lead surrogate `U+D800..=U+DBFF`.
    LeadSurrogate,
    /// A lone trail surrogate `U+DC00..=U+DFFF`.
    TrailSurrogate,
    /// A lead surrogate followed by a trail surrogate, as two code points.
    SurrogatePair,
    /// A noncharacter (`U+FDD0..=U+FDEF`, `U+xxFFFE`, `U+xxFFFF`).
    Noncharacter,
    /// `U+110000..=U+7FFFFFFF`: beyond Unicode, within RFC 2279.
    Above10FFFF,
    /// `U+80000000..=U+FFFFFFFF`: beyond 31 bits.
    Above31Bit,
}

impl Class {
    /// Every class.
    pub const ALL: &'static [Class] = &[
        Class::Ascii,
        Class::TwoByte,
        Class::Bmp,
        Class::Supplementary,
        Class::Nul,
        Class::C1,
        Class::LeadSurrogate,
        Class::TrailSurrogate,
        Class::SurrogatePair,
        Class::Noncharacter,
        Class::Above10FFFF,
        Class::Above31Bit,
    ];

    /// The classes made of Unicode scalar values only.
    pub const SCALAR: &'static [Class] =
        &[Class::Ascii, Class::TwoByte, Class::Bmp, Class::Supplementary, Class::Nul, Class::C1, Class::Noncharacter];
}

fn range(lo: u32, hi: u32) -> BoxedStrategy<Vec<CodePoint>> {
    (lo..=hi).prop_map(|v| vec![CodePoint::new(v)]).boxed()
}

/// A strategy for one member of `class`: one code point, or two for
/// [`Class::SurrogatePair`].
///
/// # Examples
///
/// ```
/// use codec_test::strategies::{class, Class};
/// use proptest::strategy::{Strategy, ValueTree};
/// let mut runner = proptest::test_runner::TestRunner::deterministic();
/// let v = class(Class::SurrogatePair).new_tree(&mut runner).unwrap().current();
/// assert!(v[0].is_lead_surrogate() && v[1].is_trail_surrogate());
/// ```
pub fn class(class: Class) -> BoxedStrategy<Vec<CodePoint>> {
    match class {
        Class::Ascii => range(0x01, 0x7F),
        Class::TwoByte => range(0xA0, 0x7FF),
        Class::Bmp => prop_oneof![range(0x800, 0xD7FF), range(0xE000, 0xFFFF)].boxed(),
        Class::Supplementary => range(0x1_0000, 0x10_FFFF),
        Class::Nul => Just(vec![CodePoint::NUL]).boxed(),
        Class::C1 => range(0x80, 0x9F),
        Class::LeadSurrogate => range(0xD800, 0xDBFF),
        Class::TrailSurrogate => range(0xDC00, 0xDFFF),
        Class::SurrogatePair => (0xD800u32..=0xDBFF, 0xDC00u32..=0xDFFF)
            .prop_map(|(l, t)| vec![CodePoint::new(l), CodePoint::new(t)])
            .boxed(),
        Class::Noncharacter => prop_oneof![
            (0xFDD0u32..=0xFDEF).prop_map(CodePoint::new),
            (0u32..=0x10, 0u32..=1).prop_map(|(plane, low)| CodePoint::new((plane << 16) | 0xFFFE | low)),
        ]
        .prop_map(|cp| vec![cp])
        .boxed(),
        Class::Above10FFFF => range(0x11_0000, 0x7FFF_FFFF),
        Class::Above31Bit => range(0x8000_0000, u32::MAX),
    }
}

/// A strategy for sequences of up to `max_len` members of `classes`, mixed.
///
/// # Panics
///
/// When `classes` is empty.
///
/// # Examples
///
/// ```
/// use codec_test::strategies::{code_points, Class};
/// use proptest::strategy::{Strategy, ValueTree};
/// let mut runner = proptest::test_runner::TestRunner::deterministic();
/// let v = code_points(&[Class::Ascii], 8).new_tree(&mut runner).unwrap().current();
/// assert!(v.len() <= 8 && v.iter().all(|c| c.to_u32() < 0x80));
/// ```
pub fn code_points(classes: &[Class], max_len: usize) -> BoxedStrategy<Vec<CodePoint>> {
    assert!(!classes.is_empty(), "code_points needs at least one class");
    let members: Vec<BoxedStrategy<Vec<CodePoint>>> = classes.iter().map(|&c| class(c)).collect();
    let one = proptest::strategy::Union::new(members);
    proptest::collection::vec(one, 0..=max_len).prop_map(|v| v.into_iter().flatten().collect()).boxed()
}

/// A strategy for strings of up to `max_len` chars, weighted towards the
/// classes that matter (ASCII, two-byte, BMP, supplementary, NUL, C1).
pub fn scalar_text(max_len: usize) -> BoxedStrategy<String> {
    code_points(Class::SCALAR, max_len).prop_map(|v| v.into_iter().filter_map(CodePoint::to_char).collect()).boxed()
}

/// A strategy for arbitrary bytes, up to `max_len`, weighted so that lead and
/// continuation bytes of multi-byte sequences are common.
pub fn bytes(max_len: usize) -> BoxedStrategy<Vec<u8>> {
    let byte = prop_oneof![
        3 => any::<u8>(),
        2 => 0x80u8..=0xBF,
        1 => 0xC0u8..=0xFF,
        1 => 0x00u8..=0x7F,
        1 => prop_oneof![Just(0xEDu8), Just(0xF4), Just(0xE0), Just(0xF0), Just(0xC0), Just(0x00)],
    ];
    proptest::collection::vec(byte, 0..=max_len).boxed()
}

/// A strategy for unbounded code points up to `max_bits` bits, weighted
/// towards the boundaries where UTF-∞-8 changes form.
pub fn big_code_point(max_bits: u32) -> BoxedStrategy<BigCodePoint> {
    let max_bits = max_bits.max(1);
    (1..=max_bits, any::<u64>(), any::<u64>())
        .prop_map(|(bits, a, b)| {
            let mut v = codec_core::num_bigint::BigUint::from(a) << 64u32;
            v += b;
            let one = codec_core::num_bigint::BigUint::from(1u8);
            let mask = (one << bits) - 1u8;
            BigCodePoint::from(v & mask)
        })
        .boxed()
}

/// A strategy for `valid` bytes damaged as [`crate::generate::damage`]
/// damages them (one to three edits: a bit flipped, a byte set, deleted or
/// doubled, the bytes cut, a special sequence or a lead or continuation
/// byte put in), the edits drawn from a seed proptest chooses: the
/// damaged inputs of [`crate::compare::decoder`], from proptest, for
/// [`crate::compare::decodes_alike`] in a proptest of your own.
///
/// # Examples
///
/// A Latin-1 decoder is not an ASCII decoder, and damaged ASCII text shows
/// it:
///
/// ```
/// use codec_test::{DecodeMode, example::Ascii, strategies::{damaged, Class, code_points}};
/// use proptest::prelude::*;
/// use proptest::test_runner::{TestError, TestRunner};
///
/// let ascii = code_points(&[Class::Ascii], 16).prop_map(|p| p.iter().map(|c| c.to_u32() as u8).collect());
/// let latin1 = |bytes: &[u8]| -> Option<Vec<u32>> { Some(bytes.iter().map(|&b| u32::from(b)).collect()) };
/// let result = TestRunner::deterministic().run(&damaged(ascii.boxed()), |input| {
///     codec_test::compare::decodes_alike(&Ascii, DecodeMode::Fatal, input, latin1)
///         .map_err(|mismatch| TestCaseError::fail(mismatch.to_string()))
/// });
/// let Err(TestError::Fail(_, input)) = result else { panic!("no difference found") };
/// assert!(input.iter().any(|&b| b >= 0x80));
/// ```
pub fn damaged(valid: BoxedStrategy<Vec<u8>>) -> BoxedStrategy<Vec<u8>> {
    (valid, any::<u64>())
        .prop_map(|(mut bytes, seed)| {
            crate::generate::damage(&mut bytes, &mut crate::generate::Rng::new(seed));
            bytes
        })
        .boxed()
}
