//! The offset form's kernels against a reference read from Corrected UTF-8's
//! table (`codec_test::tables::{CORRECTED_TABLE, corrected_value,
//! split_corrected}`, written apart from this crate), the portable forms
//! first, then every SIMD level this machine has against the portable
//! forms: text of every class of the table (every length, both sides of
//! each boundary of its offsets), at several alignments, with something
//! the kernels do not take at every position of the first blocks, cut at
//! every length, into outputs of every size around the blocks'. Cut down
//! under Miri and on a slow runner.

use alloc::vec;
use alloc::vec::Vec;

use codec_test::tables::{CORRECTED_TABLE, Piece, corrected_value, split_corrected};

use super::{Utf8Offsets, code_points_to_offset_utf8_portable, offset_utf8_to_utf16_portable};
use crate::Level;
use crate::test_support::Rng;

/// Corrected UTF-8 as the spec's table has it, taken up to U+10FFFF.
const CORRECTED: Utf8Offsets = match Utf8Offsets::new(0xA0, 0xD800, 0xE000, 0x10_FFFF) {
    Some(form) => form,
    None => panic!("Corrected UTF-8 is an offset form"),
};

/// The same, taken up to U+10FF7F (as its C1 variant uses it).
const CORRECTED_BELOW_C1: Utf8Offsets = match Utf8Offsets::new(0xA0, 0xD800, 0xE000, 0x10_FF7F) {
    Some(form) => form,
    None => panic!("Corrected UTF-8 is an offset form"),
};

/// Both forms and their `max`.
const FORMS: [(&Utf8Offsets, u32); 2] = [(&CORRECTED, 0x10_FFFF), (&CORRECTED_BELOW_C1, 0x10_FF7F)];

/// Whether the sweeps are cut down (under Miri further still: it
/// interprets them on one core, beside CI's other steps).
fn slow() -> bool {
    cfg!(any(miri, utfx_slow_runner))
}

/// The first `miri` of `all` under Miri, the first `slow` on a slow runner,
/// else all of them.
fn some<T>(all: &[T], slow: usize, miri: usize) -> &[T] {
    if cfg!(miri) {
        &all[..miri.min(all.len())]
    } else if cfg!(utfx_slow_runner) {
        &all[..slow.min(all.len())]
    } else {
        all
    }
}

/// The forms the checks run: both, or under Miri the first.
fn forms() -> &'static [(&'static Utf8Offsets, u32)] {
    some(&FORMS, 2, 1)
}

/// The Corrected UTF-8 of `v` from the table: its row's first sequence
/// advanced by how far `v` lies past the row's first code point, in base 64
/// (the lead byte counting the highest digit).
fn reference_bytes(v: u32) -> Vec<u8> {
    let &(first, _, lo, _) =
        CORRECTED_TABLE.iter().find(|&&(_, _, lo, hi)| lo <= v && v <= hi).expect("an encodable code point");
    let n = first.len();
    if n == 1 {
        return vec![v as u8];
    }
    let rank = first[1..].iter().fold(0u64, |acc, &b| acc * 64 + u64::from(b - 0x80)) + u64::from(v - lo);
    let mut bytes = vec![first[0] + (rank >> (6 * (n - 1))) as u8];
    bytes.extend((0..n - 1).rev().map(|k| 0x80 | ((rank >> (6 * k)) & 0x3F) as u8));
    assert_eq!(corrected_value(&bytes), Some(v), "{v:X}");
    bytes
}

/// The reference decoding: the sequences of one to four bytes with their
/// table values up to `max`, as far as the first other piece; each with its
/// length in bytes and its value.
fn reference_chars(input: &[u8], max: u32) -> Vec<(usize, u32)> {
    let mut at = 0;
    let mut chars = Vec::new();
    for piece in split_corrected(input, usize::MAX) {
        let Piece::Char(len) = piece else { break };
        match corrected_value(&input[at..at + len]) {
            Some(v) if len <= 4 && v <= max => chars.push((len, v)),
            _ => break,
        }
        at += len;
    }
    chars
}

/// The reference's UTF-16 into `room` units: (bytes read, units).
fn reference_utf16(input: &[u8], max: u32, room: usize) -> (usize, Vec<u16>) {
    let (mut read, mut units) = (0, Vec::new());
    for (len, v) in reference_chars(input, max) {
        let mut buf = [0u16; 2];
        let c = char::from_u32(v).expect("a scalar value").encode_utf16(&mut buf);
        if units.len() + c.len() > room {
            break;
        }
        units.extend_from_slice(c);
        read += len;
    }
    (read, units)
}

/// The SIMD levels a sweep runs: every one the machine has, or under Miri
/// one of them, the `k`th in turn.
fn levels(k: usize) -> Vec<Level> {
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    let all = crate::simd::levels();
    #[cfg(not(any(
        all(target_arch = "x86_64", feature = "std"),
        all(target_arch = "aarch64", target_endian = "little")
    )))]
    let all: Vec<Level> = Vec::new();
    if cfg!(miri) && !all.is_empty() { vec![all[k % all.len()]] } else { all }
}

/// The levels a decoding sweep runs: those of [`levels`], and
/// `Level::Avx512` where the machine has it (its own decoding kernel,
/// `avx512_offsets.rs`; the other levels' sweeps then run the AVX2 one).
fn decode_levels(k: usize) -> Vec<Level> {
    let mut all = levels(k);
    if cfg!(all(target_arch = "x86_64", feature = "std", utfx_kernels_avx512)) && Level::Avx512.is_available() {
        all.push(Level::Avx512);
    }
    all
}

/// Decoding `input` into `room` units at every level in `levels`, and in
/// the portable form, agrees with the reference.
fn check_decode(levels: &[Level], input: &[u8], room: usize, what: &dyn core::fmt::Display) {
    for &(form, max) in forms() {
        let (read, units) = reference_utf16(input, max, room);
        let mut dst = vec![0u16; room];
        let got = offset_utf8_to_utf16_portable(input, &mut dst, form);
        assert_eq!(got, (read, units.len()), "portable, max {max:X}, {what}, room {room}");
        assert_eq!(dst[..got.1], units[..], "portable, max {max:X}, {what}, room {room}");
        for &level in levels {
            let mut dst = vec![0u16; room];
            let got = level_decode(level, input, &mut dst, form);
            assert_eq!(got, (read, units.len()), "{level:?}, max {max:X}, {what}, room {room}");
            assert_eq!(dst[..got.1], units[..], "{level:?}, max {max:X}, {what}, room {room}");
        }
    }
}

/// [`super::offset_utf8_to_utf16`] pinned to `level`.
fn level_decode(level: Level, src: &[u8], dst: &mut [u16], form: &Utf8Offsets) -> (usize, usize) {
    #[cfg(all(target_arch = "x86_64", feature = "std", utfx_kernels_avx512))]
    if level == Level::Avx512 {
        return crate::avx512_offsets::offset_utf8_to_utf16_pinned(src, dst, form);
    }
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    return crate::simd::offset_utf8_to_utf16_at(level, src, dst, form);
    #[cfg(not(any(
        all(target_arch = "x86_64", feature = "std"),
        all(target_arch = "aarch64", target_endian = "little")
    )))]
    panic!("no SIMD level {level:?} {} {} {form:?}", src.len(), dst.len());
}

/// The code points on both sides of every boundary of the table that the
/// kernels take (the C1 controls and the surrogates are no code point of
/// the form), and the edges of the four-byte leads the blocks take.
const BOUNDARIES: [u32; 18] = [
    0x7F, 0xA0, 0xA1, 0x89F, 0x8A0, 0xD7FF, 0xE000, 0xFFFF, 0x1_0000, 0x1_109F, 0x1_10A0, 0x1_10A1, 0xD_109F, 0xD_10A0,
    0x10_FF7F, 0x10_FF80, 0x10_FF9F, 0x10_FFFF,
];

/// A code point of class `class` from `r`: 0 ASCII, 1 two bytes, 2 three
/// bytes below the surrogates, 3 three bytes above them below U+10000, 4
/// three bytes from U+10000 on, 5 four bytes of leads `F0..F2`, 6 four
/// bytes of lead `F3` up to U+10FFFF, 7 a boundary.
fn value(class: u32, r: u32) -> u32 {
    match class {
        0 => 0x20 + r % 0x5F,
        1 => 0xA0 + r % 0x800,
        2 => 0x8A0 + r % (0xD800 - 0x8A0),
        3 => 0xE000 + r % 0x2000,
        4 => 0x1_0000 + r % 0x10A0,
        5 => 0x1_10A0 + r % 0xC_0000,
        6 => 0xD_10A0 + r % (0x11_0000 - 0xD_10A0),
        _ => BOUNDARIES[r as usize % BOUNDARIES.len()],
    }
}

/// `n` code points of the classes given, in an order from `seed`.
fn text(seed: u32, n: usize, classes: &[u32]) -> Vec<u32> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            let x = rng.next();
            value(classes[(x % classes.len() as u32) as usize], x >> 8)
        })
        .collect()
}

/// The reference bytes of `points`.
fn encode(points: &[u32]) -> Vec<u8> {
    points.iter().flat_map(|&v| reference_bytes(v)).collect()
}

/// The class mixes of the sweeps: each length alone, the common scripts'
/// mixes, and every class (under Miri those of [`MIRI_CLASSES`]).
const CLASSES: [&[u32]; 12] = [
    &[0],
    &[1],
    &[2],
    &[3],
    &[5],
    &[0, 1],
    &[0, 2],
    &[2, 3],
    &[0, 5],
    &[1, 2, 3, 5],
    &[0, 3, 4, 6],
    &[0, 1, 2, 3, 4, 5, 6, 7],
];

/// The mixes the sweeps take under Miri: one for each kind of block of the
/// decoding kernel (up to two bytes, three, three from `0x10000` on, four)
/// and of step of the encoding kernel (up to two bytes, ASCII and three,
/// all three, all four, any), and every class.
const MIRI_CLASSES: [&[u32]; 6] = [&[0, 1], &[0, 2], &[2, 3, 4], &[0, 5], &[5], &[0, 1, 2, 3, 4, 5, 6, 7]];

/// The class mixes of the sweeps.
fn classes() -> &'static [&'static [u32]] {
    if cfg!(miri) { &MIRI_CLASSES } else { &CLASSES }
}

#[test]
fn the_reference_reads_the_specifications_table() {
    // The rows' first and last sequences, and the spec's example.
    for &(first, last, lo, hi) in CORRECTED_TABLE {
        if first.len() <= 4 {
            assert_eq!(reference_bytes(lo), first);
            assert_eq!(reference_bytes(hi), last);
        }
    }
    assert_eq!(reference_bytes(0xCF), b"\xC0\xAF");
    assert_eq!(reference_chars(b"\xEC\xBD\x9F\xEC\xBD\xA0", 0x10_FFFF), [(3, 0xD7FF), (3, 0xE000)]);
}

#[test]
fn the_form_reads_and_writes_as_the_table() {
    for &(form, max) in forms() {
        for class in 0..8 {
            for r in (0..if cfg!(miri) { 10 } else { 4000u32 }).map(|r| r.wrapping_mul(2_654_435_761)) {
                let v = value(class, r);
                let bytes = reference_bytes(v);
                let took = v <= max;
                assert_eq!(form.read(&bytes), took.then_some((v, bytes.len())), "{v:X}");
                let mut buf = [0; 4];
                buf[..bytes.len()].copy_from_slice(&bytes);
                assert_eq!(form.bytes(v), took.then_some((buf, bytes.len())), "{v:X}");
            }
        }
        // What the form has no sequence for, or does not take.
        for v in [0x80, 0x9F, 0xD800, 0xDFFF, max + 1, 0x21_109F, u32::MAX] {
            assert_eq!(form.bytes(v), None, "{v:X}");
        }
    }
}

#[test]
fn decoding_agrees_with_the_reference_at_every_level() {
    let levels = decode_levels(0);
    for (c, classes) in classes().iter().enumerate() {
        for seed in 0..if slow() { 1 } else { 6 } {
            let n = if cfg!(miri) {
                30
            } else if slow() {
                60
            } else {
                300
            };
            let bytes = encode(&text(seed * 16 + c as u32, n, classes));
            for &start in some(&[5, 0, 1, 2, 3, 7, 13, 31], 2, 1) {
                // Behind `start` bytes of ASCII (every alignment of a load).
                let mut input = vec![b'a'; start];
                input.extend_from_slice(&bytes);
                let n = reference_utf16(&input, 0x10_FFFF, usize::MAX).1.len();
                let rooms = [n + 70, 63, n, n.saturating_sub(1), 64, 65, 127, 128, 129, 1, 2, 0];
                for &room in some(&rooms, 3, 2) {
                    check_decode(&levels, &input, room, &format_args!("classes {classes:?} seed {seed} start {start}"));
                }
            }
        }
    }
}

/// What the kernels do not take, each on its own: a stray continuation
/// byte, reserved sequences, the leads of five and six bytes, four-byte
/// values above U+10FFFF, sequences that lack a continuation byte.
const STOPS: [&[u8]; 12] = [
    b"\x80",
    b"\xFE\x80",
    b"\xF4\x80\x80\x80",
    b"\xEC\xBDa",
    b"\xF0\x80\x80a",
    b"\xF8\x80\x80\x80\x80",
    b"\xBF\x80",
    b"\xFF",
    b"\xFD\xBF\xBF\xBF\xBF\xBF",
    b"\xF3\xBF\xBF\xBF",
    b"\xC0a",
    b"\xE0\xC0\x80",
];

#[test]
fn decoding_stops_where_the_reference_stops_at_every_position() {
    let levels = decode_levels(1);
    for (c, classes) in some(&[&[0, 5][..], &[0, 1], &[2, 3], &[0, 1, 2, 3, 4, 5, 6, 7]], 4, 2).iter().enumerate() {
        let points = text(c as u32 + 77, if slow() { 50 } else { 120 }, classes);
        let mut at = 0;
        let positions: Vec<usize> = points
            .iter()
            .map(|&v| {
                let here = at;
                at += reference_bytes(v).len();
                here
            })
            .collect();
        let bytes = encode(&points);
        let step = if cfg!(miri) {
            21
        } else if slow() {
            17
        } else {
            1
        };
        for &pos in positions.iter().step_by(step).filter(|&&p| p < 200) {
            for stop in some(&STOPS, STOPS.len(), 6) {
                let mut input = bytes[..pos].to_vec();
                input.extend_from_slice(stop);
                input.extend_from_slice(&bytes[pos..]);
                for &room in some(&[input.len() * 2, 64], 2, 1) {
                    check_decode(&levels, &input, room, &format_args!("classes {classes:?} stop {stop:X?} at {pos}"));
                }
            }
        }
    }
}

#[test]
fn decoding_cut_input_agrees_with_the_reference() {
    let levels = decode_levels(2);
    for (c, classes) in some(&[&[0, 1, 2, 3, 4, 5, 6, 7][..], &[0, 1], &[0, 2, 3], &[5]], 4, 1).iter().enumerate() {
        let bytes = encode(&text(c as u32 + 99, if slow() { 40 } else { 200 }, classes));
        let ends: Vec<usize> = if slow() { vec![67, 70, 131] } else { (0..=bytes.len()).collect() };
        for end in ends.into_iter().filter(|&e| e <= bytes.len()) {
            check_decode(&levels, &bytes[..end], 4 * end + 8, &format_args!("classes {classes:?} end {end}"));
        }
    }
}

#[test]
fn decoding_bytes_of_any_kind_agrees_with_the_reference() {
    // Bytes drawn from every kind (ASCII, continuation, each lead, the
    // reserved ones), so that the blocks see every shape of error.
    let levels = decode_levels(3);
    let mut rng = Rng::new(5);
    let kinds = [0x41, 0x80, 0xBF, 0xA0, 0xC0, 0xDF, 0xE0, 0xEC, 0xEE, 0xEF, 0xF0, 0xF2, 0xF3, 0xF4, 0xF8, 0xFE];
    for len in (0..300).step_by(if cfg!(miri) {
        70
    } else if slow() {
        41
    } else {
        1
    }) {
        let input: Vec<u8> = (0..len).map(|_| kinds[(rng.next() % kinds.len() as u32) as usize]).collect();
        for &room in some(&[700, 64, 0, 1, 65], 5, 2) {
            check_decode(&levels, &input, room, &format_args!("{len} bytes"));
        }
    }
}

/// Items that the sweep around the block edges puts at every position:
/// code points of every class of [`value`] and the boundaries where the
/// blocks' work changes (given as code points), then [`STOPS`].
const EDGE_POINTS: [u32; 14] = [
    0x41, 0xCF, 0x89F, 0x8A0, 0xD7FF, 0xE000, 0xFFFF, 0x1_0000, 0x1_109F, 0x1_10A0, 0x1_F600, 0xD_109F, 0xD_10A0,
    0x10_FFFF,
];

#[test]
fn decoding_each_item_at_every_position_around_the_block_edges_agrees_with_the_reference() {
    // A code point of each length (and of each offset and block kind), or
    // something the kernels do not take, at every byte position around
    // the edges of the first 64-byte blocks (the blocks start a character
    // at or after byte 3), in text of one length each (ASCII, two, three,
    // four bytes, and all classes) before it and after it, whole and cut
    // inside the item or right after it.
    let levels = decode_levels(4);
    let mut items: Vec<Vec<u8>> = EDGE_POINTS.iter().map(|&v| reference_bytes(v)).collect();
    items.extend(STOPS.iter().map(|stop| stop.to_vec()));
    // Under Miri: every fifth item (ASCII, three and four bytes, a
    // reserved byte, a stray continuation, a cut three), after four bytes,
    // across the first edge, whole.
    let (positions, every): (Vec<usize>, usize) = if cfg!(miri) {
        (vec![67], 5)
    } else if slow() {
        (vec![3, 66, 67, 68], 1)
    } else {
        ((0..=8).chain(58..=75).chain(122..=139).collect(), 1)
    };
    let backgrounds: [&[u32]; 5] = [&[5], &[0], &[1], &[2, 3], &[0, 1, 2, 3, 4, 5, 6, 7]];
    for (b, classes) in some(&backgrounds, 5, 1).iter().enumerate() {
        let text = encode(&text(b as u32 + 401, if cfg!(miri) { 20 } else { 120 }, classes));
        for (n, item) in items.iter().enumerate().step_by(every) {
            for &pos in &positions {
                // The background's whole characters up to `pos`, ASCII to
                // `pos`, the item, and the background again.
                let whole = (0..=pos.min(text.len())).rev().find(|&k| k == text.len() || text[k] & 0xC0 != 0x80);
                let mut input = text[..whole.unwrap_or(0)].to_vec();
                input.resize(pos, b'a');
                input.extend_from_slice(item);
                input.extend_from_slice(&text);
                let what = alloc::format!("classes {classes:?} item {n} {item:X?} at {pos}");
                for &room in some(&[input.len() * 2, 64], 2, 1) {
                    check_decode(&levels, &input, room, &what);
                }
                let cuts = if cfg!(miri) { &[][..] } else { &[pos + 1, pos + item.len() - 1, pos + item.len() + 1] };
                for &end in cuts {
                    check_decode(&levels, &input[..end], input.len() * 2, &format_args!("{what}, cut at {end}"));
                }
            }
        }
    }
}

/// [`super::code_points_to_offset_utf8`] pinned to `level`.
fn level_encode(level: Level, src: &[u32], out: &mut Vec<u8>, form: &Utf8Offsets) -> usize {
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    return crate::simd::code_points_to_offset_utf8_at(level, src, out, form);
    #[cfg(not(any(
        all(target_arch = "x86_64", feature = "std"),
        all(target_arch = "aarch64", target_endian = "little")
    )))]
    panic!("no SIMD level {level:?} {} {} {form:?}", src.len(), out.len());
}

/// Whether Corrected UTF-8's table has a sequence of one to four bytes for
/// `v`, taken up to `max`.
fn takes(v: u32, max: u32) -> bool {
    v <= max && CORRECTED_TABLE[..5].iter().any(|&(_, _, lo, hi)| lo <= v && v <= hi)
}

/// Encoding `points` at every level in `levels`, and in the portable form,
/// appending to a `Vec` that holds some bytes already, agrees with the
/// reference.
fn check_encode(levels: &[Level], points: &[u32], what: &dyn core::fmt::Display) {
    for &(form, max) in forms() {
        let taken = points.iter().take_while(|&&v| takes(v, max)).count();
        let mut expected = b"before".to_vec();
        expected.extend(encode(&points[..taken]));
        let mut out = b"before".to_vec();
        assert_eq!(code_points_to_offset_utf8_portable(points, &mut out, form), taken, "portable, {what}");
        assert_eq!(out, expected, "portable, max {max:X}, {what}");
        for &level in levels {
            let mut out = b"before".to_vec();
            assert_eq!(level_encode(level, points, &mut out, form), taken, "{level:?}, max {max:X}, {what}");
            assert_eq!(out, expected, "{level:?}, max {max:X}, {what}");
        }
        // Into a slice of every size around the steps': the whole code
        // points that fit.
        let n = expected.len() - 6;
        let rooms = [n + 64, 63, n, n.saturating_sub(1), n.saturating_sub(3), 64, 65, 67, 3, 1, 0];
        for &room in some(&rooms, 4, 2) {
            let (mut read, mut written) = (0, 0);
            for &v in &points[..taken] {
                let len = reference_bytes(v).len();
                if written + len > room {
                    break;
                }
                (read, written) = (read + 1, written + len);
            }
            let mut dst = vec![0u8; room];
            let got = super::encode_chars(points, &mut dst, form);
            assert_eq!(got, (read, written), "portable, max {max:X}, {what}, room {room}");
            assert_eq!(dst[..written], expected[6..6 + written], "portable, max {max:X}, {what}, room {room}");
            for &level in levels {
                let mut dst = vec![0u8; room];
                let got = level_encode_slice(level, points, &mut dst, form);
                assert_eq!(got, (read, written), "{level:?}, max {max:X}, {what}, room {room}");
                assert_eq!(dst[..written], expected[6..6 + written], "{level:?}, max {max:X}, {what}, room {room}");
            }
        }
    }
}

/// [`super::code_points_to_offset_utf8_slice`] pinned to `level`.
fn level_encode_slice(level: Level, src: &[u32], dst: &mut [u8], form: &Utf8Offsets) -> (usize, usize) {
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    return crate::simd::code_points_to_offset_utf8_slice_at(level, src, dst, form);
    #[cfg(not(any(
        all(target_arch = "x86_64", feature = "std"),
        all(target_arch = "aarch64", target_endian = "little")
    )))]
    panic!("no SIMD level {level:?} {} {} {form:?}", src.len(), dst.len());
}

#[test]
fn encoding_agrees_with_the_reference_at_every_level() {
    let levels = levels(4);
    for (c, classes) in classes().iter().enumerate() {
        for seed in 0..if slow() { 1 } else { 6 } {
            let n = if cfg!(miri) {
                40
            } else if slow() {
                70
            } else {
                400
            };
            let points = text(seed * 16 + c as u32 + 5, n, classes);
            for &start in some(&[3, 0, 1, 2, 5, 7, 13, 31], 2, 1) {
                // Behind `start` ASCII code points (every alignment of a
                // step), and cut at a few lengths.
                let mut input = vec![0x61; start];
                input.extend_from_slice(&points);
                for &end in some(&[input.len(), 17, input.len() - 1, 33, 16, 15, 1, 0], 8, 2) {
                    check_encode(
                        &levels,
                        &input[..end],
                        &format_args!("classes {classes:?} seed {seed} start {start} end {end}"),
                    );
                }
            }
        }
    }
}

/// Code points the kernels do not take: a C1 control, the surrogates, the
/// values above each `max`, the first of five bytes, the last `u32`.
const REFUSED: [u32; 9] = [0x80, 0xD800, 0x11_0000, u32::MAX, 0x9F, 0xDFFF, 0x10_FF80, 0x21_10A0, 0x8000_0000];

#[test]
fn encoding_stops_where_the_reference_stops_at_every_position() {
    let levels = levels(5);
    let mixes = [&[0, 1][..], &[0, 1, 2, 3, 4, 5, 6, 7], &[0], &[2, 3], &[5]];
    for (c, classes) in some(&mixes, 5, 2).iter().enumerate() {
        let points = text(c as u32 + 31, if slow() { 40 } else { 100 }, classes);
        for at in (0..points.len()).step_by(if cfg!(miri) {
            17
        } else if slow() {
            13
        } else {
            1
        }) {
            for &v in some(&REFUSED, REFUSED.len(), 4) {
                let mut input = points.clone();
                input.insert(at, v);
                check_encode(&levels, &input, &format_args!("classes {classes:?} U+{v:X} at {at}"));
            }
        }
    }
}
