//! Your decoder or encoder, as a closure, against any codec: over the
//! codec's vectors (the curated ones this crate ships, then the generated
//! boundaries, truncations and special sequences of [`crate::generate`]),
//! then seeded random damaged inputs; the first difference shrunk by delta
//! debugging ([`crate::shrink::ddmin`]) to an input no element of which can
//! go.
//!
//! A decoder is `FnMut(&[u8]) -> Option<Vec<u32>>`: the code points, or
//! `None` when it rejects the input. An encoder is
//! `FnMut(&[u32]) -> Option<Vec<u8>>`. Nothing else is asked of them: no
//! trait to implement.
//!
//! # Examples
//!
//! ```
//! use codec_test::{DecodeMode, example::Ascii};
//!
//! // A decoder that wrongly takes the byte FF for U+00FF.
//! let mine = |bytes: &[u8]| -> Option<Vec<u32>> {
//!     bytes.iter().map(|&b| (b < 0x80 || b == 0xFF).then_some(u32::from(b))).collect()
//! };
//! let found = codec_test::compare::decoder(&Ascii, DecodeMode::Fatal, 300, 1, mine).unwrap_err();
//! assert_eq!(found.input, "FF");
//! assert_eq!((found.expected.as_deref(), found.got.as_deref()), (None, Some("00FF")));
//! ```

use core::fmt;
use core::str::FromStr;

use codec_core::{BigCodePoint, Codec, Decode, DecodeMode, EncodeMode};

use crate::generate::{self, Rng};
use crate::vectors::{self, Direction, ErrorSpan, SourceKind, Vector};

/// A difference between a codec and the closure: the (shrunk) input, both
/// answers, and the codec's first error on that input.
///
/// # Examples
///
/// ```
/// use codec_test::{EncodeMode, example::Ascii};
/// // An encoder that writes U+00E9 as one byte.
/// let mine = |points: &[u32]| -> Option<Vec<u8>> { points.iter().map(|&p| u8::try_from(p).ok()).collect() };
/// let found = codec_test::compare::encoder(&Ascii, EncodeMode::Fatal, 50, 1, mine).unwrap_err();
/// assert!(found.to_string().starts_with("input "));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The input, as the vector format writes it (bytes, or code points
    /// when encoding).
    pub input: String,
    /// How many bytes (or code points) the input had before shrinking.
    pub shrunk_from: usize,
    /// The codec's answer: the output as the format writes it, or `None`
    /// when the input fails.
    pub expected: Option<String>,
    /// The closure's answer, likewise.
    pub got: Option<String>,
    /// The codec's first error on the input, if any: the rule that decides.
    pub rule: Option<ErrorSpan>,
    /// Which case found it (a vector's name, or `random #N`).
    pub case: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Bytes are written as two hex digits each, code points with four
        // or more: the input says which it holds (an empty one says
        // nothing).
        let n = self.input.split_whitespace().count();
        let points = self.input.split_whitespace().any(|t| t.len() > 2);
        let count = |n: usize| match (points, n) {
            (false, 1) => "1 byte".to_owned(),
            (false, _) => format!("{n} bytes"),
            (true, 1) => "1 code point".to_owned(),
            (true, _) => format!("{n} code points"),
        };
        let size = if n == 0 { "empty".to_owned() } else { count(n) };
        let shrunk = match (self.shrunk_from, n) {
            (from, _) if from <= n => String::new(),
            (from, 0) => format!(", shrunk from {from}"),
            (from, _) => format!(", shrunk from {}", count(from)),
        };
        let says = |a: &Option<String>| match a.as_deref() {
            None => "fails".to_owned(),
            Some("") => "gives (empty output)".to_owned(),
            Some(out) => format!("gives {out}"),
        };
        write!(
            f,
            "input {}{}({size}{shrunk}; found by {}): the codec {}, the closure {}",
            self.input,
            if n == 0 { "" } else { " " },
            self.case,
            says(&self.expected),
            says(&self.got)
        )?;
        if let Some(rule) = &self.rule {
            write!(f, "; the codec's rule: {rule}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Mismatch {}

/// The `case` of a [`Mismatch`] that [`decodes_alike`] or
/// [`encodes_alike`] found.
const GIVEN: &str = "the input given";

/// How many times the shrinker may call both sides.
const SHRINK_BUDGET: usize = 5_000;

/// Compares `decoder` with `codec` in `mode` over `cases` inputs (the
/// vectors first, an even sample of them when they are more, then random
/// damaged text from `seed`) and returns how many agreed.
///
/// # Errors
///
/// The first difference, shrunk (boxed: it is large).
///
/// # Examples
///
/// ```
/// use codec_test::{DecodeMode, example::Ascii};
/// let right = |bytes: &[u8]| -> Option<Vec<u32>> {
///     bytes.iter().map(|&b| (b < 0x80).then_some(u32::from(b))).collect()
/// };
/// assert_eq!(codec_test::compare::decoder(&Ascii, DecodeMode::Fatal, 100, 7, right), Ok(100));
/// ```
pub fn decoder<C, F>(
    codec: &C,
    mode: DecodeMode,
    cases: usize,
    seed: u64,
    mut decoder: F,
) -> Result<usize, Box<Mismatch>>
where
    C: Codec + ?Sized,
    <C as Decode>::Point: FromStr,
    F: FnMut(&[u8]) -> Option<Vec<u32>>,
{
    let mut inputs: Vec<(String, Vec<u8>)> = generate::decode_vectors(codec, mode, 0, seed)
        .into_iter()
        .filter_map(|v| Some((v.name.clone(), v.input_bytes()?)))
        .collect();
    let curated = vectors::curated(codec.info().name)
        .into_iter()
        .filter(|v| v.direction == Direction::Decode)
        .filter_map(|v| Some((v.name.clone(), v.input_bytes()?)));
    inputs.extend(curated);
    let inputs = sample(inputs, cases);
    let mut rng = Rng::new(seed);
    let random = (inputs.len()..cases).map(|i| {
        let mut bytes = generate::valid_text(codec, &mut rng, 12);
        generate::damage(&mut bytes, &mut rng);
        (format!("random #{i} (seed {seed})"), bytes)
    });
    let mut agreed = 0;
    for (case, input) in inputs.into_iter().chain(random) {
        decodes_alike(codec, mode, input, &mut decoder).map_err(|mismatch| Box::new(Mismatch { case, ..*mismatch }))?;
        agreed += 1;
    }
    Ok(agreed)
}

/// Compares `decoder` with `codec` in `mode` on one `input`: the
/// comparison [`decoder`] makes of each of its cases, for inputs of your
/// own (from a proptest strategy such as
/// `codec_test::strategies::damaged`, say).
///
/// # Errors
///
/// The difference, the input shrunk by delta debugging (boxed: it is
/// large); its `case` is `"the input given"`.
///
/// # Examples
///
/// ```
/// use codec_test::{DecodeMode, example::Ascii};
/// // A decoder that takes every byte for the code point of its value.
/// let latin1 = |bytes: &[u8]| -> Option<Vec<u32>> { Some(bytes.iter().map(|&b| u32::from(b)).collect()) };
/// let found = codec_test::compare::decodes_alike(&Ascii, DecodeMode::Fatal, b"ok \xE9t\xE9".to_vec(), latin1);
/// assert_eq!(found.unwrap_err().input, "E9");
/// ```
pub fn decodes_alike<C, F>(codec: &C, mode: DecodeMode, input: Vec<u8>, mut decoder: F) -> Result<(), Box<Mismatch>>
where
    C: Codec + ?Sized,
    <C as Decode>::Point: FromStr,
    F: FnMut(&[u8]) -> Option<Vec<u32>>,
{
    let expected = |input: &[u8]| Vector::decoded_by(codec, mode, input, "", SourceKind::Generated, "");
    let got = |input: &[u8]| decoder(input).map(|points| vectors::format_points(&big(&points)));
    alike(input, expected, got, crate::hex::format)
}

/// Compares `encoder` with `codec` in `mode` over `cases` inputs (the
/// vectors first, then random mixes of boundary code points from `seed`)
/// and returns how many agreed. Code points the codec's type cannot hold
/// are left out.
///
/// # Errors
///
/// The first difference, shrunk (boxed: it is large).
///
/// # Examples
///
/// ```
/// use codec_test::{EncodeMode, example::Ascii};
/// let right = |points: &[u32]| -> Option<Vec<u8>> {
///     points.iter().map(|&p| u8::try_from(p).ok().filter(|b| *b < 0x80)).collect()
/// };
/// assert_eq!(codec_test::compare::encoder(&Ascii, EncodeMode::Fatal, 60, 1, right), Ok(60));
/// ```
pub fn encoder<C, F>(
    codec: &C,
    mode: EncodeMode,
    cases: usize,
    seed: u64,
    mut encoder: F,
) -> Result<usize, Box<Mismatch>>
where
    C: Codec + ?Sized,
    <C as Decode>::Point: FromStr,
    F: FnMut(&[u32]) -> Option<Vec<u8>>,
{
    let as_u32 = |v: &Vector| -> Option<Vec<u32>> {
        let points: Vec<BigCodePoint> = vectors::parse_points(&v.input)?;
        points.iter().map(|p| codec_core::AnyCodePoint::to_code_point(p).map(codec_core::CodePoint::to_u32)).collect()
    };
    let mut inputs: Vec<(String, Vec<u32>)> = generate::encode_vectors(codec, mode, 0, seed)
        .iter()
        .filter_map(|v| Some((v.name.clone(), as_u32(v)?)))
        .collect();
    let curated = vectors::curated(codec.info().name);
    inputs.extend(
        curated.iter().filter(|v| v.direction == Direction::Encode).filter_map(|v| Some((v.name.clone(), as_u32(v)?))),
    );
    let inputs = sample(inputs, cases);
    let pool: Vec<u32> = generate::BOUNDARIES.iter().filter_map(|h| u32::from_str_radix(h, 16).ok()).collect();
    let mut rng = Rng::new(seed);
    let random = (inputs.len()..cases).map(|i| {
        let n = 1 + rng.below(8);
        let mix: Vec<u32> = (0..n).map(|_| pool[rng.below(pool.len())]).collect();
        (format!("random #{i} (seed {seed})"), mix)
    });
    let mut agreed = 0;
    for (case, input) in inputs.into_iter().chain(random) {
        encodes_alike(codec, mode, input, &mut encoder).map_err(|mismatch| Box::new(Mismatch { case, ..*mismatch }))?;
        agreed += 1;
    }
    Ok(agreed)
}

/// Compares `encoder` with `codec` in `mode` on one `input` of code
/// points: the comparison [`encoder`] makes of each of its cases, for
/// inputs of your own.
///
/// # Errors
///
/// The difference, the input shrunk by delta debugging (boxed: it is
/// large); its `case` is `"the input given"`.
///
/// # Examples
///
/// ```
/// use codec_test::{EncodeMode, example::Ascii};
/// let truncating = |points: &[u32]| -> Option<Vec<u8>> { Some(points.iter().map(|&p| p as u8).collect()) };
/// let found = codec_test::compare::encodes_alike(&Ascii, EncodeMode::Fatal, vec![0x41, 0x141, 0x42], truncating);
/// assert_eq!(found.unwrap_err().input, "0141");
/// ```
pub fn encodes_alike<C, F>(codec: &C, mode: EncodeMode, input: Vec<u32>, mut encoder: F) -> Result<(), Box<Mismatch>>
where
    C: Codec + ?Sized,
    <C as Decode>::Point: FromStr,
    F: FnMut(&[u32]) -> Option<Vec<u8>>,
{
    let expected = |input: &[u32]| {
        let points: Vec<<C as Decode>::Point> =
            input.iter().map(|&p| <C as Decode>::Point::from(codec_core::CodePoint::new(p))).collect();
        Vector::encoded_by(codec, mode, &points, "", SourceKind::Generated, "")
    };
    let got = |input: &[u32]| encoder(input).map(|b| crate::hex::format(&b));
    alike(input, expected, got, |small| small.iter().map(|p| format!("{p:04X}")).collect::<Vec<_>>().join(" "))
}

/// The comparison of [`decodes_alike`] and [`encodes_alike`]: `input`'s
/// vector from the codec (`expected`) against the closure's answer
/// (`got`); on a difference, the input shrunk, written by `format`.
fn alike<T: Clone>(
    input: Vec<T>,
    expected: impl Fn(&[T]) -> Vector,
    mut got: impl FnMut(&[T]) -> Option<String>,
    format: impl Fn(&[T]) -> String,
) -> Result<(), Box<Mismatch>> {
    if expected(&input).output == got(&input) {
        return Ok(());
    }
    let shrunk_from = input.len();
    let small = crate::shrink::ddmin(input, |c| expected(c).output != got(c), SHRINK_BUDGET);
    let want = expected(&small);
    Err(Box::new(Mismatch {
        input: format(&small),
        shrunk_from,
        got: got(&small),
        expected: want.output,
        rule: want.errors.and_then(|e| e.into_iter().next()),
        case: GIVEN.to_owned(),
    }))
}

/// At most `n` of `all`: all of them when they fit, else an even sample.
fn sample<T: Clone>(all: Vec<T>, n: usize) -> Vec<T> {
    if all.len() <= n {
        return all;
    }
    (0..n).map(|i| all[i * all.len() / n].clone()).collect()
}

fn big(points: &[u32]) -> Vec<BigCodePoint> {
    points.iter().map(|&p| BigCodePoint::from(codec_core::CodePoint::new(p))).collect()
}

#[cfg(test)]
mod tests {
    use super::Mismatch;

    fn mismatch(input: &str, shrunk_from: usize, expected: Option<&str>, got: Option<&str>) -> String {
        let (expected, got) = (expected.map(str::to_owned), got.map(str::to_owned));
        Mismatch { input: input.to_owned(), shrunk_from, expected, got, rule: None, case: "case 7".to_owned() }
            .to_string()
    }

    #[test]
    fn the_mismatch_reads_as_sentences() {
        // Nothing shrunk: no "shrunk from"; a failing side "fails".
        assert_eq!(
            mismatch("C0 80", 2, None, Some("0000")),
            "input C0 80 (2 bytes; found by case 7): the codec fails, the closure gives 0000"
        );
        assert_eq!(
            mismatch("C0", 5, Some("FFFD"), None),
            "input C0 (1 byte, shrunk from 5 bytes; found by case 7): the codec gives FFFD, the closure fails"
        );
        // Code points (an encoder's input) are written with four digits or
        // more, bytes with two.
        assert_eq!(
            mismatch("0141", 3, None, Some("41")),
            "input 0141 (1 code point, shrunk from 3 code points; found by case 7): the codec fails, the closure \
             gives 41"
        );
        assert_eq!(
            mismatch("", 1, Some(""), Some("00")),
            "input (empty, shrunk from 1; found by case 7): the codec gives (empty output), the closure gives 00"
        );
    }
}
