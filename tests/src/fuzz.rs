//! The fuzz targets' bodies, one function per target, shared by the
//! targets in `fuzz/` (nightly, libFuzzer) and the seed-corpus test
//! `tests/fuzz_seeds.rs` (stable, `cargo test`): every registered codec
//! through the per-codec checks of [`codec_test::fuzzing`] and
//! [`codec_test::buffers`], plus what is specific to one codec (UTF-8
//! against `core::str`, the `Wtf8Buf` operations).
//!
//! Each function takes the raw fuzz input and panics on any finding.

use codec_core::{CodePoint, Decode, DecodeMode, EncodeMode};
use codec_test::fuzzing::{self, Control};
use codec_wtf8::{WTF_8, Wtf8, Wtf8Buf};

/// A fuzz target's body: takes the raw fuzz input, panics on a finding.
pub type Target = fn(&[u8]);

/// The fuzz targets by name, for the seed test and `cargo xtask fuzz`.
pub const TARGETS: &[(&str, Target)] =
    &[("decode", decode), ("buffers", buffers), ("encode", encode), ("wtf8_buf", wtf8_buf), ("utf_inf_8", utf_inf_8)];

/// Target `decode`: the first byte chooses a registered codec, the second
/// a chunking; the rest is decoded in every mode
/// ([`fuzzing::check_decode`]). UTF-8 validation agrees with
/// `core::str::from_utf8` and `to_str_lossy` with `String::from_utf8_lossy`
/// on every input. One codec per input keeps the executions many and lets
/// the fuzzer's coverage feedback tell the codecs apart.
///
/// # Panics
///
/// On any finding.
pub fn decode(data: &[u8]) {
    let codecs = codec_registry::all();
    let mut control = Control::new(data);
    let codec = codecs[control.below(codecs.len())];
    let seed = control.byte();
    let input = control.rest();
    fuzzing::check_decode(codec, input, &fuzzing::chunking(seed, input.len()));
    check_utf8_against_std(input);
}

/// UTF-8 against the standard library on `input`.
fn check_utf8_against_std(input: &[u8]) {
    let what = || codec_test::hex::format(input);
    let ours = codec_utf8::UTF_8.validate(input);
    match (core::str::from_utf8(input), ours) {
        (Ok(_), Ok(())) => {}
        (Err(std), Err(e)) => {
            assert_eq!(
                (e.valid_up_to(), e.error_len()),
                (std.valid_up_to(), std.error_len()),
                "utf-8 error differs from core::str on {}",
                what()
            );
        }
        (std, ours) => panic!("utf-8 validation disagrees with core::str ({std:?} vs {ours:?}) on {}", what()),
    }
    assert_eq!(codec_utf8::to_str(input).ok(), core::str::from_utf8(input).ok(), "to_str on {}", what());
    let lossy = String::from_utf8_lossy(input);
    assert_eq!(codec_utf8::to_str_lossy(input), lossy, "to_str_lossy differs from std on {}", what());
    assert_eq!(
        codec_utf8::UTF_8.decode_to_string_lossy(input),
        lossy,
        "decode_to_string_lossy differs from std on {}",
        what()
    );
}

/// An output size from one control byte: one element, a few, dozens, or
/// roomy.
fn dst_size(b: u8) -> usize {
    let n = usize::from(b >> 2);
    match b & 3 {
        0 => 1,
        1 => 2 + n % 6,
        2 => 8 + n,
        _ => 4096,
    }
}

/// Target `buffers`: control bytes choose a codec to decode, a codec to
/// encode, the two modes, a chunking and an output size; the rest is the
/// input of the buffer-to-buffer decoding calls, of the text conversions,
/// of the transcoder between the two codecs, and (as code points,
/// [`fuzzing::code_points`]) of the buffer-to-buffer encoding calls, each
/// against the reference drivers.
///
/// # Panics
///
/// On any finding.
pub fn buffers(data: &[u8]) {
    let codecs = codec_registry::all();
    let mut control = Control::new(data);
    let from = codecs[control.below(codecs.len())];
    let to = codecs[control.below(codecs.len())];
    let decode_mode = DecodeMode::ALL[control.below(DecodeMode::ALL.len())];
    let encode_mode = EncodeMode::ALL[control.below(EncodeMode::ALL.len())];
    let seed = control.byte();
    let dst = dst_size(control.byte());
    let input = control.rest();
    let chunks = fuzzing::chunking(seed, input.len());
    codec_test::buffers::check_text_conversions(from, input);
    codec_test::buffers::check_decode_buffers_once(from, input, decode_mode, &chunks, dst);
    codec_test::buffers::check_transcode_once(from, to, input, (decode_mode, encode_mode), &chunks, dst);
    let points = fuzzing::code_points(input);
    codec_test::buffers::check_encode_buffers_once(to, &points, encode_mode, &|len| fuzzing::chunking(seed, len), dst);
}

/// Target `encode`: the first byte chooses a registered codec, the second
/// a chunking; the rest (four bytes a code point,
/// [`fuzzing::code_points`]) is encoded in every mode
/// ([`fuzzing::check_encode`]).
///
/// # Panics
///
/// On any finding.
pub fn encode(data: &[u8]) {
    let codecs = codec_registry::all();
    let mut control = Control::new(data);
    let codec = codecs[control.below(codecs.len())];
    let seed = control.byte();
    let points = fuzzing::code_points(control.rest());
    fuzzing::check_encode(codec, &points, &fuzzing::chunking(seed, points.len()));
}

/// A string under test with its model: the potentially ill-formed UTF-16
/// it stands for, which is what the WTF-8 specification says every
/// operation means.
#[derive(Debug, Default, Clone)]
struct Modelled {
    buf: Wtf8Buf,
    units: Vec<u16>,
}

/// The code points of potentially ill-formed UTF-16, a pair joined.
fn points_of(units: &[u16]) -> Vec<u32> {
    char::decode_utf16(units.iter().copied())
        .map(|r| r.map_or_else(|e| u32::from(e.unpaired_surrogate()), u32::from))
        .collect()
}

/// The WTF-8 length of one code point of [`points_of`].
fn wtf8_len(cp: u32) -> usize {
    match cp {
        0..=0x7F => 1,
        0x80..=0x7FF => 2,
        0x800..=0xFFFF => 3,
        _ => 4,
    }
}

/// The byte offsets of the code point boundaries of the model, 0 and the
/// length included, each with the number of units before it.
fn boundaries(units: &[u16]) -> Vec<(usize, usize)> {
    let mut at = (0, 0);
    let mut out = vec![at];
    for cp in points_of(units) {
        at = (at.0 + wtf8_len(cp), at.1 + if cp > 0xFFFF { 2 } else { 1 });
        out.push(at);
    }
    out
}

/// The UTF-16 units of one code point up to U+10FFFF (a surrogate as
/// itself).
fn units_of(cp: CodePoint) -> Vec<u16> {
    match (cp.to_char(), u16::try_from(cp.to_u32())) {
        (Some(c), _) => c.encode_utf16(&mut [0; 2]).to_vec(),
        (None, Ok(unit)) => vec![unit],
        (None, Err(_)) => Vec::new(),
    }
}

/// Checks every invariant of the specification on one string: its bytes
/// are well-formed WTF-8 with no surrogate pair byte sequence, it stands
/// for its model, it round-trips through UTF-16, and its conversions agree
/// with the standard library's on the model.
fn check_invariants(s: &Modelled) {
    let bytes = s.buf.as_bytes();
    let what = || format!("bytes {}, model {:04X?}", codec_test::hex::format(bytes), s.units);
    assert_eq!(WTF_8.validate(bytes), Ok(()), "not well-formed WTF-8: {}", what());
    let pair = bytes
        .windows(6)
        .any(|w| w[0] == 0xED && (0xA0..=0xAF).contains(&w[1]) && w[3] == 0xED && (0xB0..=0xBF).contains(&w[4]));
    assert!(!pair, "a surrogate pair byte sequence: {}", what());
    let wide: Vec<u16> = s.buf.encode_wide().collect();
    assert_eq!(wide, s.units, "the string does not stand for its model: {}", what());
    assert_eq!(Wtf8Buf::from_wide(&wide), s.buf, "no round trip through UTF-16: {}", what());
    assert_eq!(Wtf8::from_bytes(bytes).map(Wtf8::as_bytes), Ok(bytes), "from_bytes refuses: {}", what());
    let points: Vec<u32> = s.buf.code_points().map(CodePoint::to_u32).collect();
    assert_eq!(points, points_of(&s.units), "code points: {}", what());
    assert_eq!(s.buf.to_string_lossy(), String::from_utf16_lossy(&s.units), "lossy: {}", what());
    assert_eq!(s.buf.to_str().ok(), String::from_utf16(&s.units).ok().as_deref(), "to_str: {}", what());
    let edges = boundaries(&s.units);
    for i in 0..=bytes.len() + 1 {
        let expected = edges.binary_search_by_key(&i, |&(b, _)| b).is_ok();
        assert_eq!(s.buf.is_code_point_boundary(i), expected, "boundary {i}: {}", what());
    }
}

/// The longest string [`wtf8_buf`] builds before it starts it again.
const MAX_STRING: usize = 512;

/// Target `wtf8_buf`: random sequences of `Wtf8Buf` operations on two
/// strings (an operation byte: its top bit picks the string, the rest the
/// operation, then its arguments; push, push_char, push_str, push_wtf8, concat, truncate, slice,
/// from_wide, from_code_points, encode_wide round trips), each checked
/// against a model in potentially ill-formed UTF-16, with every invariant
/// of the specification checked after every operation.
///
/// # Panics
///
/// On any finding.
pub fn wtf8_buf(data: &[u8]) {
    let mut control = Control::new(data);
    let mut slots = [Modelled::default(), Modelled::default()];
    // Each operation takes at most 17 bytes.
    for _ in 0..48 {
        if control.rest().is_empty() {
            break;
        }
        let op = control.byte();
        let (me, other) = if op & 0x80 == 0 { (0, 1) } else { (1, 0) };
        let src = slots[other].clone();
        let s = &mut slots[me];
        // Concatenation doubles a string: past a few hundred bytes, start
        // it again, so that every operation stays cheap.
        if s.buf.len() + src.buf.len() > MAX_STRING {
            *s = Modelled::default();
        }
        match (op & 0x7F) % 10 {
            0 => {
                let cp = fuzzing::code_point([control.byte(), control.byte(), control.byte(), control.byte()]);
                let result = s.buf.push(cp);
                assert_eq!(result.is_ok(), cp.to_u32() <= 0x10_FFFF, "push {cp:?}");
                s.units.extend(units_of(cp));
            }
            1 => {
                let n = control.below(8);
                let bytes: Vec<u8> = (0..n).map(|_| control.byte()).collect();
                let text = String::from_utf8_lossy(&bytes);
                s.buf.push_str(&text);
                s.units.extend(text.encode_utf16());
            }
            2 => {
                let expected = codec_wtf8::concat(&s.buf, &src.buf);
                s.buf.push_wtf8(&src.buf);
                assert_eq!(s.buf, expected, "push_wtf8 differs from concat");
                s.units.extend_from_slice(&src.units);
            }
            3 => {
                let edges = boundaries(&s.units);
                let len = usize::from(control.byte()) % (s.buf.len() + 2);
                let before = s.buf.as_bytes().to_vec();
                match edges.iter().find(|&&(b, _)| b == len) {
                    Some(&(_, units)) => {
                        assert_eq!(s.buf.truncate(len), Ok(()), "truncate at a boundary {len}");
                        assert_eq!(s.buf.as_bytes(), &before[..len], "truncate {len}");
                        s.units.truncate(units);
                    }
                    None => {
                        assert!(s.buf.truncate(len).is_err(), "truncate inside a sequence or beyond: {len}");
                        assert_eq!(s.buf.as_bytes(), before, "a failed truncate changed the string");
                    }
                }
            }
            4 => {
                let edges = boundaries(&src.units);
                let a = usize::from(control.byte()) % (src.buf.len() + 2);
                let b = usize::from(control.byte()) % (src.buf.len() + 2);
                let (ea, eb) = (edges.iter().find(|e| e.0 == a), edges.iter().find(|e| e.0 == b));
                match (ea, eb, src.buf.slice(a..b)) {
                    (Some(&(_, ua)), Some(&(_, ub)), Ok(piece)) if a <= b => {
                        assert_eq!(piece.as_bytes(), &src.buf.as_bytes()[a..b], "slice {a}..{b}");
                        *s = Modelled { buf: piece.to_owned(), units: src.units[ua..ub].to_vec() };
                    }
                    (ea, eb, result) => {
                        assert!(
                            result.is_err() && (ea.is_none() || eb.is_none() || a > b),
                            "slice {a}..{b} of {:04X?}: {result:?}",
                            src.units
                        );
                    }
                }
            }
            5 => {
                let n = control.below(8);
                // Half of them surrogates, which is where WTF-8 has rules.
                let units: Vec<u16> = (0..n)
                    .map(|_| {
                        let unit = u16::from_le_bytes([control.byte(), control.byte()]);
                        if unit & 1 == 1 { 0xD800 | (unit >> 5) } else { unit }
                    })
                    .collect();
                *s = Modelled { buf: Wtf8Buf::from_wide(&units), units };
            }
            6 => {
                let n = control.below(4);
                let points: Vec<CodePoint> = (0..n)
                    .map(|_| fuzzing::code_point([control.byte(), control.byte(), control.byte(), control.byte()]))
                    .collect();
                match Wtf8Buf::from_code_points(&points) {
                    Ok(buf) => {
                        assert!(points.iter().all(|cp| cp.to_u32() <= 0x10_FFFF), "from_code_points {points:?}");
                        *s = Modelled { buf, units: points.iter().flat_map(|&cp| units_of(cp)).collect() };
                    }
                    Err(e) => assert!(e.code_point().to_u32() > 0x10_FFFF, "from_code_points {points:?}: {e}"),
                }
            }
            7 => {
                let c = char::from_u32(u32::from_le_bytes([control.byte(), control.byte(), control.byte() % 0x11, 0]))
                    .unwrap_or('\u{FFFD}');
                s.buf.push_char(c);
                s.units.extend(c.encode_utf16(&mut [0; 2]).iter());
            }
            8 => {
                let joined = codec_wtf8::concat(&src.buf, &s.buf);
                let mut units = src.units.clone();
                units.extend_from_slice(&s.units);
                *s = Modelled { buf: joined, units };
            }
            _ => {
                let bytes = s.buf.clone().into_bytes();
                assert_eq!(Wtf8Buf::from_bytes(bytes).as_ref(), Ok(&s.buf), "from_bytes of into_bytes");
                match s.buf.clone().into_string() {
                    Ok(text) => assert_eq!(text.encode_utf16().collect::<Vec<_>>(), s.units, "into_string"),
                    Err(back) => assert!(String::from_utf16(&s.units).is_err() && back == s.buf, "into_string"),
                }
                assert_eq!(s.buf.clone().into_string_lossy(), String::from_utf16_lossy(&s.units), "into_string_lossy");
            }
        }
        check_invariants(&slots[me]);
    }
}

/// Target `utf_inf_8`: control bytes choose a length limit (72 to about
/// 8 000 bits) and a chunking; the rest is, at once, bytes to decode and
/// the material of big code points. Checks: streaming over the chunking
/// equals one-shot decoding in every mode; the valid prefix encodes back to
/// itself; the limited codec agrees with the default one but for
/// `length_over_limit`; code points of every size built from the input
/// encode in increasing byte order when they increase, decode back, and
/// meet the limit on both sides alike.
///
/// # Panics
///
/// On any finding.
pub fn utf_inf_8(data: &[u8]) {
    use codec_core::num_bigint::BigUint;
    use codec_core::{BigCodePoint, Encode, ErrorKind};
    use codec_utf_inf_8::{UTF_INF_8, UtfInf8};

    let mut control = Control::new(data);
    let codec = UtfInf8::with_max_bits(72 + 32 * u64::from(control.byte()));
    let seed = control.byte();
    let input = control.rest();
    let what = || codec_test::hex::format(input);

    // Streaming equals one-shot, in every mode.
    let ranges = fuzzing::chunking(seed, input.len());
    let chunks: Vec<&[u8]> = ranges.iter().map(|r| &input[r.clone()]).collect();
    for &mode in DecodeMode::ALL {
        let streamed = codec_test::decode_chunked(&codec, mode, &chunks);
        assert_eq!(streamed, codec.decode_with(input, mode), "utf-inf-8 streaming differs in {mode} on {}", what());
    }
    // The valid prefix is the encoding of what it decodes to.
    let valid = codec.valid_up_to(input);
    let points = codec.decode(&input[..valid]).expect("a valid prefix decodes");
    assert_eq!(codec.encode(&points).ok().as_deref(), Some(&input[..valid]), "utf-inf-8 re-encoding on {}", what());
    // The limit changes nothing but where it applies.
    match codec.validate(input) {
        Ok(()) => assert_eq!(UTF_INF_8.decode(input).ok(), Some(points), "limits disagree on {}", what()),
        Err(e) if e.kind() == ErrorKind::LengthOverLimit => {}
        Err(e) => assert_eq!(UTF_INF_8.validate(input), Err(e), "limits disagree on {}", what()),
    }

    // Code points from the input: each piece (its length from a byte, so
    // up to 255 bytes, 2040 bits) is a value, shifted by a few bits.
    let mut values = Vec::new();
    let mut rest = input;
    while let Some((&n, tail)) = rest.split_first() {
        let (piece, after) = tail.split_at(usize::from(n).min(tail.len()));
        values.push(BigCodePoint::from(BigUint::from_bytes_be(piece) >> u32::from(n % 8)));
        rest = after;
    }
    let encoded: Vec<Option<Vec<u8>>> = values.iter().map(|cp| codec.encode(std::slice::from_ref(cp)).ok()).collect();
    for (cp, bytes) in values.iter().zip(&encoded) {
        assert_eq!(bytes.is_some(), cp.bits() <= codec.max_bits(), "utf-inf-8 limit when encoding {cp}");
        if let Some(bytes) = bytes {
            assert_eq!(codec.decode(bytes).ok().as_deref(), Some(std::slice::from_ref(cp)), "round trip of {cp}");
        }
    }
    for (i, j) in (1..values.len()).map(|i| (i - 1, i)) {
        if let (Some(a), Some(b)) = (&encoded[i], &encoded[j]) {
            assert_eq!(values[i].cmp(&values[j]), a.cmp(b), "order of {} and {}", values[i], values[j]);
        }
    }
}
