//! Generated vectors for any codec, reproducible from a seed: boundary code
//! points of each sequence length, every truncation of each, overlong,
//! surrogate, out-of-range and byte-order-mark forms and the special
//! sequences of the family (CESU-8 pairs, `C0 80`, the `FE`/`FF` forms of
//! Corrected UTF-8 and UTF-∞-8), then random damage of valid text; each
//! expected value computed by the codec given (utfx's, in `utfx vectors`).
//!
//! A codec whose specification has a structure of its own names its inputs
//! itself (`Codec::probes`: the Encoding Standard's legacy encodings give
//! their lead and trail ranges' edges, their indexes' rows and unmapped
//! pointers, their escape sequences): those take the place of the UTF-8
//! family's boundaries and special sequences, in both directions, and of
//! what the random damage puts in, so that every vector is named in the
//! codec's terms.
//!
//! # Examples
//!
//! ```
//! use codec_core::{DecodeMode, doc_example::Ascii};
//! let vectors = codec_test::generate::decode_vectors(&Ascii, DecodeMode::Replace, 10, 7);
//! assert!(vectors.iter().any(|v| v.name.starts_with("damaged")));
//! assert_eq!(vectors, codec_test::generate::decode_vectors(&Ascii, DecodeMode::Replace, 10, 7));
//! ```

use core::str::FromStr;

use codec_core::{Codec, Decode, DecodeMode, EncodeMode};

use crate::vectors::{SourceKind, Vector};

/// A small, seeded, reproducible random number generator (SplitMix64), so
/// that a seed names the same inputs on every platform and version.
///
/// # Examples
///
/// ```
/// let mut a = codec_test::generate::Rng::new(1);
/// let mut b = codec_test::generate::Rng::new(1);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// Starts the sequence of `seed`.
    ///
    /// # Examples
    ///
    /// ```
    /// let _ = codec_test::generate::Rng::new(42);
    /// ```
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// Returns the next number of the sequence.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_ne!(codec_test::generate::Rng::new(0).next_u64(), 0);
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Returns a number below `n` (0 when `n` is 0).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(codec_test::generate::Rng::new(3).below(1), 0);
    /// ```
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next_u64() % n as u64) as usize }
    }
}

/// The code points at the edges of each sequence length of the family's
/// encodings, of the surrogates, of Unicode's range, of the C1 controls,
/// and of 31, 32 and 36 bits and beyond (for codecs over big code points),
/// as hex.
pub const BOUNDARIES: &[&str] = &[
    "0",
    "7F",
    "80",
    "9F",
    "A0",
    "FF",
    "7FF",
    "800",
    "FFF",
    "1000",
    "D7FF",
    "D800",
    "DBFF",
    "DC00",
    "DFFF",
    "E000",
    "FEFF",
    "FFFD",
    "FFFE",
    "FFFF",
    "10000",
    "1F4A9",
    "FFFFF",
    "100000",
    "10FFFF",
    "110000",
    "1FFFFF",
    "200000",
    "3FFFFFF",
    "4000000",
    "7FFFFFFF",
    "80000000",
    "FFFFFFFF",
    "100000000",
    "FFFFFFFFF",
    "1000000000",
    "FFFFFFFFFFFFFFFF",
    "10000000000000000",
];

/// Byte sequences every decoder of the family must decide about, with
/// names: overlong forms, surrogates alone and in CESU-8 pairs, values past
/// U+10FFFF, the `F8`..`FF` leads (RFC 2279's five- and six-byte forms,
/// Corrected UTF-8's reserved items, UTF-∞-8's long forms), byte order
/// marks and Corrected UTF-8's magic number, NUL as `C0 80` (Modified
/// UTF-8), lone continuation bytes, and UTF-16 surrogates in either order.
pub const SPECIAL: &[(&str, &[u8])] = &[
    ("NUL", &[0x00]),
    ("lone continuation 80", &[0x80]),
    ("lone continuation BF", &[0xBF]),
    ("overlong NUL C0 80 (Modified UTF-8's NUL)", &[0xC0, 0x80]),
    ("overlong C1 BF", &[0xC1, 0xBF]),
    ("overlong E0 80 80", &[0xE0, 0x80, 0x80]),
    ("overlong E0 9F BF", &[0xE0, 0x9F, 0xBF]),
    ("overlong F0 80 80 80", &[0xF0, 0x80, 0x80, 0x80]),
    ("overlong F0 8F BF BF", &[0xF0, 0x8F, 0xBF, 0xBF]),
    ("overlong F8 80 80 80 80", &[0xF8, 0x80, 0x80, 0x80, 0x80]),
    ("overlong FC 80 80 80 80 80", &[0xFC, 0x80, 0x80, 0x80, 0x80, 0x80]),
    ("lead surrogate ED A0 80", &[0xED, 0xA0, 0x80]),
    ("trail surrogate ED B0 80", &[0xED, 0xB0, 0x80]),
    ("last surrogate ED BF BF", &[0xED, 0xBF, 0xBF]),
    ("CESU-8 pair for U+10000", &[0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80]),
    ("CESU-8 pair for U+1F4A9", &[0xED, 0xA0, 0xBD, 0xED, 0xB2, 0xA9]),
    ("reversed surrogate pair", &[0xED, 0xB0, 0x80, 0xED, 0xA0, 0x80]),
    ("U+110000 as four bytes", &[0xF4, 0x90, 0x80, 0x80]),
    ("F5 lead", &[0xF5, 0x80, 0x80, 0x80]),
    ("F7 BF BF BF (U+1FFFFF)", &[0xF7, 0xBF, 0xBF, 0xBF]),
    ("five bytes F8 88 80 80 80", &[0xF8, 0x88, 0x80, 0x80, 0x80]),
    ("five bytes FB BF BF BF BF", &[0xFB, 0xBF, 0xBF, 0xBF, 0xBF]),
    ("six bytes FC 84 80 80 80 80", &[0xFC, 0x84, 0x80, 0x80, 0x80, 0x80]),
    ("six bytes FD BF BF BF BF BF", &[0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF]),
    ("FE alone", &[0xFE]),
    ("FF alone", &[0xFF]),
    ("FE and six continuations", &[0xFE, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80]),
    ("FE 83 and five continuations", &[0xFE, 0x83, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF]),
    ("FF and twelve continuations", &[0xFF, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80]),
    ("FF 80 and a length byte", &[0xFF, 0x80, 0x81, 0x80]),
    ("UTF-8 BOM", &[0xEF, 0xBB, 0xBF]),
    ("UTF-8 BOM then A", &[0xEF, 0xBB, 0xBF, 0x41]),
    ("UTF-16LE BOM then A", &[0xFF, 0xFE, 0x41, 0x00]),
    ("UTF-16BE BOM then A", &[0xFE, 0xFF, 0x00, 0x41]),
    ("Corrected UTF-8 magic number", &[0xEF, 0xB7, 0x9D, 0xED, 0xB2, 0xAE, 0x00, 0x0A]),
    ("UTF-16LE lone lead D800", &[0x00, 0xD8]),
    ("UTF-16LE lone trail DC00", &[0x00, 0xDC]),
    ("UTF-16LE pair D83D DCA9", &[0x3D, 0xD8, 0xA9, 0xDC]),
    ("UTF-16BE pair D83D DCA9", &[0xD8, 0x3D, 0xDC, 0xA9]),
    ("odd byte count", &[0x41]),
];

/// What the random texts are made of: code points of each length class.
const TEXT_POINTS: &[u32] =
    &[0x41, 0x7A, 0x20, 0x0A, 0xE9, 0x3B1, 0x7FF, 0x800, 0x20AC, 0xFFFD, 0xD7FF, 0xE000, 0x10000, 0x1F4A9, 0x10FFFF];

/// Valid bytes of a random text of up to `max` code points, as `codec`
/// encodes them (code points it cannot encode are left out).
///
/// # Examples
///
/// ```
/// use codec_core::{Decode, doc_example::Ascii};
/// let text = codec_test::generate::valid_text(&Ascii, &mut codec_test::generate::Rng::new(5), 8);
/// assert!(Ascii.validate(&text).is_ok());
/// ```
#[must_use]
pub fn valid_text<C: Codec + ?Sized>(codec: &C, rng: &mut Rng, max: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..=rng.below(max) {
        let cp = codec_core::CodePoint::new(TEXT_POINTS[rng.below(TEXT_POINTS.len())]);
        if let Ok(bytes) = codec.encode(&[<C as Decode>::Point::from(cp)]) {
            out.extend_from_slice(&bytes);
        }
    }
    out
}

/// Damages `bytes` one to three times: a bit flipped, a byte replaced,
/// deleted, inserted or doubled, the end cut off, or a special sequence
/// ([`SPECIAL`]) put in; returns what it did, for a vector's name.
///
/// # Examples
///
/// ```
/// let mut bytes = b"hello".to_vec();
/// let what = codec_test::generate::damage(&mut bytes, &mut codec_test::generate::Rng::new(9));
/// assert!(!what.is_empty());
/// ```
pub fn damage(bytes: &mut Vec<u8>, rng: &mut Rng) -> String {
    damage_with(bytes, rng, SPECIAL.len(), |i| SPECIAL[i])
}

/// [`damage`] with the sequences a codec names (`Codec::probes`) put in
/// instead of [`SPECIAL`], named as the codec names them.
fn damage_with_probes(bytes: &mut Vec<u8>, rng: &mut Rng, probes: &[(String, Vec<u8>)]) -> String {
    damage_with(bytes, rng, probes.len(), |i| (probes[i].0.as_str(), probes[i].1.as_slice()))
}

/// What [`damage`] does, with `count` sequences to put in, the `i`th given
/// by `special(i)`.
fn damage_with<'a>(
    bytes: &mut Vec<u8>,
    rng: &mut Rng,
    count: usize,
    special: impl Fn(usize) -> (&'a str, &'a [u8]),
) -> String {
    let mut done = Vec::new();
    for _ in 0..=rng.below(3) {
        let at = rng.below(bytes.len() + 1);
        let byte = rng.next_u64() as u8;
        match rng.below(7) {
            0 if at < bytes.len() => {
                bytes[at] ^= 1 << rng.below(8);
                done.push(format!("bit flipped at {at}"));
            }
            1 if at < bytes.len() => {
                bytes[at] = byte;
                done.push(format!("byte {at} set to {byte:02X}"));
            }
            2 if at < bytes.len() => {
                bytes.remove(at);
                done.push(format!("byte {at} deleted"));
            }
            3 if at < bytes.len() => {
                bytes.insert(at, bytes[at]);
                done.push(format!("byte {at} doubled"));
            }
            4 => {
                bytes.truncate(at);
                done.push(format!("cut at {at}"));
            }
            5 if count > 0 => {
                let (name, special) = special(rng.below(count));
                bytes.splice(at..at, special.iter().copied());
                done.push(format!("{name} put in at {at}"));
            }
            _ => {
                // A continuation byte or a lead, where the damage hurts most.
                let b = if rng.below(2) == 0 { 0x80 | (byte & 0x3F) } else { 0xC0 | (byte & 0x3F) };
                bytes.insert(at, b);
                done.push(format!("{b:02X} inserted at {at}"));
            }
        }
    }
    done.join(", ")
}

const REFERENCE: &str = "generated by codec_test::generate; expected values computed by the codec";

/// Decoding vectors for `codec` in `mode`: every boundary code point the
/// codec encodes, every truncation of each (alone and cut short by `A`),
/// the [`SPECIAL`] sequences, then `count` damaged random texts from
/// `seed`; the same arguments give the same vectors. A codec that names
/// inputs of its own (`Codec::probes`) gets those instead of the
/// boundaries, truncations and special sequences.
///
/// # Examples
///
/// ```
/// use codec_core::{DecodeMode, doc_example::Ascii};
/// let v = codec_test::generate::decode_vectors(&Ascii, DecodeMode::Fatal, 0, 1);
/// assert!(v.iter().any(|v| v.name == "boundary U+007F" && v.output.as_deref() == Some("007F")));
/// ```
#[must_use]
pub fn decode_vectors<C>(codec: &C, mode: DecodeMode, count: usize, seed: u64) -> Vec<Vector>
where
    C: Codec + ?Sized,
    <C as Decode>::Point: FromStr,
{
    let mut out = Vec::new();
    let mut push = |name: &str, input: &[u8]| {
        out.push(Vector::decoded_by(codec, mode, input, name, SourceKind::Generated, REFERENCE));
    };
    let probes = codec.probes();
    for (name, bytes) in &probes {
        push(name, bytes);
    }
    if !probes.is_empty() {
        out.extend(damaged_vectors(codec, mode, seed).take(count));
        return out;
    }
    for hex in BOUNDARIES {
        let Ok(point) = hex.parse::<<C as Decode>::Point>() else { continue };
        let Ok(bytes) = codec.encode(core::slice::from_ref(&point)) else { continue };
        push(&format!("boundary {point}"), &bytes);
        for cut in 1..bytes.len() {
            push(&format!("{point} cut to {cut} of {} bytes", bytes.len()), &bytes[..cut]);
            let mut then_a = bytes[..cut].to_vec();
            then_a.push(b'A');
            push(&format!("{point} cut to {cut} of {} bytes, then A", bytes.len()), &then_a);
        }
    }
    for (name, bytes) in SPECIAL {
        push(name, bytes);
    }
    out.extend(damaged_vectors(codec, mode, seed).take(count));
    out
}

/// The damaged random texts of [`decode_vectors`], one vector at a time
/// and without end: `decode_vectors(codec, mode, n, seed)` ends with the
/// first `n` of them. For a codec that names inputs of its own
/// (`Codec::probes`), the text is made of the code points they decode to
/// and the damage puts them in.
///
/// # Examples
///
/// ```
/// use codec_core::{DecodeMode, doc_example::Ascii};
/// let first = codec_test::generate::damaged_vectors(&Ascii, DecodeMode::Fatal, 2).next().unwrap();
/// assert!(first.name.starts_with("damaged #0: "));
/// ```
pub fn damaged_vectors<C>(codec: &C, mode: DecodeMode, seed: u64) -> impl Iterator<Item = Vector> + '_
where
    C: Codec + ?Sized,
{
    let mut rng = Rng::new(seed);
    let probes = codec.probes();
    let pool = probe_points(codec, &probes);
    (0..).map(move |i| {
        let (bytes, what) = if probes.is_empty() {
            let mut bytes = valid_text(codec, &mut rng, 12);
            let what = damage(&mut bytes, &mut rng);
            (bytes, what)
        } else {
            let mut bytes = text_of(codec, &pool, &mut rng, 12);
            let what = damage_with_probes(&mut bytes, &mut rng, &probes);
            (bytes, what)
        };
        Vector::decoded_by(codec, mode, &bytes, &format!("damaged #{i}: {what}"), SourceKind::Generated, REFERENCE)
    })
}

/// The code points of each probe that decodes without error, with the
/// probe's name, each sequence once.
fn probe_points<C: Codec + ?Sized>(
    codec: &C,
    probes: &[(String, Vec<u8>)],
) -> Vec<(String, Vec<<C as Decode>::Point>)> {
    let mut out: Vec<(String, Vec<<C as Decode>::Point>)> = Vec::new();
    for (name, bytes) in probes {
        if let Ok(points) = codec.decode(bytes)
            && !points.is_empty()
            && !out.iter().any(|(_, p)| *p == points)
        {
            out.push((name.clone(), points));
        }
    }
    out
}

/// Valid bytes of a random text of up to `max` characters drawn from
/// `pool`, as `codec` encodes them (a text it cannot encode is left out).
fn text_of<C: Codec + ?Sized>(
    codec: &C,
    pool: &[(String, Vec<<C as Decode>::Point>)],
    rng: &mut Rng,
    max: usize,
) -> Vec<u8> {
    let mut points = Vec::new();
    for _ in 0..=rng.below(max) {
        if let Some((_, p)) = pool.get(rng.below(pool.len())) {
            points.extend(p.iter().cloned());
        }
    }
    codec.encode(&points).unwrap_or_default()
}

/// Encoding vectors for `codec` in `mode`: every boundary code point
/// alone, a surrogate pair as two code points and lone surrogates amid
/// text, then `count` random mixes of those from `seed`. For a codec that
/// names inputs of its own (`Codec::probes`): the code points each of them
/// decodes to, named after it, and the boundary code points (named
/// `code point U+...`), then random mixes of both.
///
/// # Examples
///
/// ```
/// use codec_core::{EncodeMode, doc_example::Ascii};
/// let v = codec_test::generate::encode_vectors(&Ascii, EncodeMode::Fatal, 3, 1);
/// assert!(v.iter().any(|v| v.name == "boundary U+0080" && v.output.is_none()));
/// ```
#[must_use]
pub fn encode_vectors<C>(codec: &C, mode: EncodeMode, count: usize, seed: u64) -> Vec<Vector>
where
    C: Codec + ?Sized,
    <C as Decode>::Point: FromStr,
{
    let points: Vec<<C as Decode>::Point> = BOUNDARIES.iter().filter_map(|h| h.parse().ok()).collect();
    let parse = |hex: &str| crate::vectors::parse_points::<<C as Decode>::Point>(hex).unwrap_or_default();
    let mut out = Vec::new();
    let mut push = |name: &str, input: &[<C as Decode>::Point]| {
        out.push(Vector::encoded_by(codec, mode, input, name, SourceKind::Generated, REFERENCE));
    };
    let probes = codec.probes();
    if !probes.is_empty() {
        for (name, points) in probe_points(codec, &probes) {
            push(&format!("the code points of {name}"), &points);
        }
        for p in &points {
            push(&format!("code point {p}"), core::slice::from_ref(p));
        }
        out.extend(random_encode_vectors(codec, mode, seed).take(count));
        return out;
    }
    for p in &points {
        push(&format!("boundary {p}"), core::slice::from_ref(p));
    }
    push("surrogate pair D83D DCA9 as code points", &parse("D83D DCA9"));
    push("lone lead surrogate amid text", &parse("41 D800 42"));
    push("lone trail surrogate amid text", &parse("41 DC00 42"));
    push("reversed surrogates", &parse("DC00 D800"));
    out.extend(random_encode_vectors(codec, mode, seed).take(count));
    out
}

/// The random mixes of boundary code points of [`encode_vectors`], one
/// vector at a time and without end.
///
/// # Examples
///
/// ```
/// use codec_core::{EncodeMode, doc_example::Ascii};
/// let v: Vec<_> = codec_test::generate::random_encode_vectors(&Ascii, EncodeMode::Fatal, 1).take(3).collect();
/// assert_eq!(v[2].name, "random #2");
/// ```
pub fn random_encode_vectors<C>(codec: &C, mode: EncodeMode, seed: u64) -> impl Iterator<Item = Vector> + '_
where
    C: Codec + ?Sized,
    <C as Decode>::Point: FromStr,
{
    let mut points: Vec<<C as Decode>::Point> = BOUNDARIES.iter().filter_map(|h| h.parse().ok()).collect();
    let probes = codec.probes();
    points.extend(probe_points(codec, &probes).into_iter().flat_map(|(_, p)| p));
    let mut rng = Rng::new(seed);
    (0..).map(move |i| {
        let n = 1 + rng.below(8);
        let mix: Vec<_> = (0..n).map(|_| points[rng.below(points.len())].clone()).collect();
        Vector::encoded_by(codec, mode, &mix, &format!("random #{i}"), SourceKind::Generated, REFERENCE)
    })
}
