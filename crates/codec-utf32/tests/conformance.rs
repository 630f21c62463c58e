//! UTF-32 against the Unicode Standard: the curated vectors (the Standard's
//! examples, CPython's and ICU's tests), a table of units and their errors,
//! sweeps against D90 transcribed apart from the codec's step, every code
//! point through every codec, streaming and the buffer APIs, escape mode's
//! whole units, and the byte order mark of the UTF-32 encoding scheme.

use codec_core::{CodePoint, Codec, Decode, DecodeMode, Encode, EncodeMode, ErrorKind, FastJob, FastPaths};
use codec_test::vectors::{self, SourceKind};
use codec_utf32::{Endian, UTF_32BE, UTF_32LE, Utf32, WTF_32BE, WTF_32LE, bom_order};
use proptest::prelude::*;

const CODECS: [&Utf32; 4] = [&UTF_32LE, &UTF_32BE, &WTF_32LE, &WTF_32BE];

/// The curated vectors of `cargo xtask vectors` (`utf-32.jsonl`), each
/// codec's, counted from `tests/data/utf32-vectors.json` by hand: per byte
/// order, the Standard's example and 3 scalar values both ways (8), its BOM
/// reading and 4 ill-formed units (5); CPython's test_simple, test_errors,
/// test_handlers (2), test_issue8941 and test_partial (6),
/// test_lone_surrogates' 4 encodings and 3 times strict, ignore and replace
/// (13); ICU's sample text both ways and its bad data both ways (4): 36.
/// WTF-32 in each order: test_lone_surrogates' 3 surrogatepass pairs both
/// ways (6), test_incremental_surrogatepass (6), the callback test's 3
/// encodings and 3 decodings (6): 18.
#[test]
fn curated_vectors() {
    for (label, count) in [("utf-32le", 36), ("utf-32be", 36), ("wtf-32le", 18), ("wtf-32be", 18)] {
        let codec = CODECS.iter().find(|c| c.info().name == label).unwrap();
        let curated = vectors::curated(label);
        assert!(curated.iter().any(|v| v.source == SourceKind::Implementation), "{label}");
        assert_eq!(vectors::check_all(*codec, &curated), count, "{label}");
    }
}

/// What a decoder gives for one item: a code point, or an error with its
/// kind (one U+FFFD in replace mode).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Out {
    Cp(u32),
    Error(ErrorKind),
}

/// D90 transcribed: the input cut into units of four bytes in `endian`
/// order; a unit in `D800..DFFF` is ill-formed (unless `keep`, WTF-32), as
/// is a unit above `10FFFF`; fewer than four bytes at the end are a cut
/// unit.
fn d90(input: &[u8], endian: Endian, keep: bool) -> Vec<Out> {
    let mut out: Vec<Out> = input
        .chunks_exact(4)
        .map(|q| {
            let q = [q[0], q[1], q[2], q[3]];
            let unit = if endian == Endian::Big { u32::from_be_bytes(q) } else { u32::from_le_bytes(q) };
            match unit {
                0xD800..=0xDFFF if !keep => Out::Error(ErrorKind::Surrogate),
                0x11_0000.. => Out::Error(ErrorKind::OutOfRange),
                _ => Out::Cp(unit),
            }
        })
        .collect();
    if !input.len().is_multiple_of(4) {
        out.push(Out::Error(ErrorKind::Truncated));
    }
    out
}

fn decoded(codec: &Utf32, input: &[u8]) -> Vec<Out> {
    codec
        .items(input)
        .map(|item| match item {
            Ok(it) => Out::Cp(it.point.expect("UTF-32 has no reserved sequences").to_u32()),
            Err(e) => Out::Error(e.kind()),
        })
        .collect()
}

fn check(input: &[u8]) {
    for codec in CODECS {
        let expected = d90(input, codec.endian(), codec.keeps_surrogates());
        assert_eq!(decoded(codec, input), expected, "{} on {}", codec.info().name, codec_test::hex::format(input));
    }
}

/// Units at every boundary of D90's classes, and values that look like
/// BOMs or other encodings' bytes.
const UNITS: [u32; 20] = [
    0x0000_0000,
    0x0000_0041,
    0x0000_007F,
    0x0000_0080,
    0x0000_D7FF,
    0x0000_D800,
    0x0000_DBFF,
    0x0000_DC00,
    0x0000_DFFF,
    0x0000_E000,
    0x0000_FEFF,
    0x0000_FFFD,
    0x0000_FFFF,
    0x0001_0000,
    0x0010_FFFF,
    0x0011_0000,
    0x7FFF_FFFF,
    0x8000_0000,
    0xFFFE_0000,
    0xFFFF_FFFF,
];

#[test]
fn short_inputs_and_unit_class_pairs_agree_with_d90() {
    for a in 0..=255u8 {
        check(&[a]);
        for b in 0..=255u8 {
            check(&[a, b]);
        }
    }
    // Each byte of a unit, every value, the others zero or FF: the byte
    // order.
    for at in 0..4 {
        for fill in [0x00, 0xFF] {
            for b in 0..=255u8 {
                let mut unit = [fill; 4];
                unit[at] = b;
                check(&unit);
                check(&[&unit[..], b"A\0\0\0"].concat());
            }
        }
    }
    for x in UNITS {
        for y in UNITS {
            for bytes in [[x.to_le_bytes(), y.to_le_bytes()].concat(), [x.to_be_bytes(), y.to_be_bytes()].concat()] {
                for cut in 0..=bytes.len() {
                    check(&bytes[..cut]);
                }
            }
        }
    }
}

/// The errors one at a time: where, how long, why.
#[test]
fn error_kinds_offsets_and_lengths() {
    let err = |codec: &Utf32, b: &[u8]| {
        let e = codec.validate(b).unwrap_err();
        (e.valid_up_to(), e.error_len(), e.kind())
    };
    assert_eq!(err(&UTF_32LE, b"a\0\0\0\0\xD8\0\0b\0\0\0"), (4, Some(4), ErrorKind::Surrogate));
    assert_eq!(err(&UTF_32LE, b"a\0\0\0\xFF\xDF\0\0"), (4, Some(4), ErrorKind::Surrogate));
    assert_eq!(err(&UTF_32LE, b"\0\0\x11\0"), (0, Some(4), ErrorKind::OutOfRange));
    assert_eq!(err(&WTF_32LE, b"\0\0\x11\0"), (0, Some(4), ErrorKind::OutOfRange));
    assert_eq!(err(&UTF_32BE, b"\0\0\0a\xFF\xFF\xFF\xFF"), (4, Some(4), ErrorKind::OutOfRange));
    assert_eq!(err(&UTF_32BE, b"\0\0\0a\0\0"), (4, None, ErrorKind::Truncated));
    // A cut unit is truncated whatever its bytes so far (no fourth byte
    // could make 00 00 11 a scalar value, but the unit is not whole).
    assert_eq!(err(&UTF_32LE, b"a\0\0\0\0\0\x11"), (4, None, ErrorKind::Truncated));
    assert_eq!(err(&WTF_32BE, b"\0\0\xD8"), (0, None, ErrorKind::Truncated));
    assert!(WTF_32BE.validate(b"\0\0\xD8\0\0\0\xDC\0").is_ok());
    // Replace mode: one U+FFFD per unit, one for a cut tail.
    let lossy = UTF_32LE.decode_with(b"\0\xD8\0\0\0\xDC\0\0\0\0\x11\0a\0", DecodeMode::Replace).unwrap();
    assert_eq!(lossy, [CodePoint::REPLACEMENT; 4]);
    let cps = |v: &[u32]| v.iter().map(|&x| CodePoint::new(x)).collect::<Vec<_>>();
    let enc = |codec: &Utf32, v: &[u32]| codec.encode(&cps(v)).map_err(|e| (e.index(), e.kind()));
    assert_eq!(enc(&UTF_32LE, &[0x41, 0xD800]), Err((1, ErrorKind::Surrogate)));
    assert_eq!(enc(&UTF_32BE, &[0x110000]), Err((0, ErrorKind::OutOfRange)));
    assert_eq!(enc(&WTF_32LE, &[0x41, 0x110000]), Err((1, ErrorKind::OutOfRange)));
    assert_eq!(enc(&WTF_32BE, &[0xD800, 0xDC00]), Ok(b"\0\0\xD8\0\0\0\xDC\0".to_vec()));
    // Replace mode writes U+FFFD, which every UTF-32 encodes.
    assert_eq!(UTF_32LE.encode_with(&cps(&[0xDC00, 0x41]), EncodeMode::Replace).unwrap(), b"\xFD\xFF\0\0A\0\0\0");
    assert_eq!(UTF_32BE.encode_with(&cps(&[0x11_0000]), EncodeMode::Replace).unwrap(), b"\0\0\xFF\xFD");
}

/// Every code point through every codec, in one run each, through the
/// kernels and through the reference drivers (the step alone), against
/// bytes std builds: UTF-32 takes every scalar value, WTF-32 every code
/// point up to U+10FFFF, and both refuse the first value past it.
#[test]
fn every_code_point_round_trips() {
    let all: Vec<CodePoint> = (0..=0x10_FFFF).map(CodePoint::new).collect();
    let scalars: Vec<CodePoint> = all.iter().copied().filter(|c| c.to_char().is_some()).collect();
    for codec in CODECS {
        let points = if codec.keeps_surrogates() { &all } else { &scalars };
        let want: Vec<u8> = points
            .iter()
            .flat_map(
                |p| if codec.endian() == Endian::Big { p.to_u32().to_be_bytes() } else { p.to_u32().to_le_bytes() },
            )
            .collect();
        let name = codec.info().name;
        assert_eq!(codec.encode(points).as_ref(), Ok(&want), "{name}");
        assert_eq!(codec.decode(&want).as_ref(), Ok(points), "{name}");
        let mut slow = Vec::new();
        codec_core::reference::encoder(codec, EncodeMode::Fatal).encode_chunk(points, true, &mut slow).unwrap();
        assert!(slow == want, "{name}: the reference encoder");
        let mut back = Vec::new();
        codec_core::reference::decoder(codec, DecodeMode::Fatal).decode_chunk(&want, true, &mut back).unwrap();
        assert!(&back == points, "{name}: the reference decoder");
        assert_eq!(codec.encode(&[CodePoint::new(0x11_0000)]).unwrap_err().kind(), ErrorKind::OutOfRange);
        // Through UTF-16 and UTF-8, against std's conversions.
        let text: String = scalars.iter().filter_map(|c| c.to_char()).collect();
        let scalar_bytes = if codec.keeps_surrogates() { codec.encode(&scalars).unwrap() } else { want.clone() };
        assert_eq!(codec.decode_to_string(&scalar_bytes).as_deref(), Ok(text.as_str()), "{name}");
        let units: Vec<u16> = text.encode_utf16().collect();
        assert_eq!(codec.decode_to_utf16(&scalar_bytes).as_ref(), Ok(&units), "{name}");
        assert_eq!(codec.encode_str(&text).as_ref(), Ok(&scalar_bytes), "{name}");
        assert_eq!(codec.encode_utf16(&units).as_ref(), Ok(&scalar_bytes), "{name}");
    }
}

#[test]
fn streaming_sweeps() {
    let inputs: &[&[u8]] = &[
        b"",
        b"a\0\0\0\xA9\xF4\x01\0\0\xD8\0\0\0\0\x11\0\0\xDC\0\0A",
        b"\0\0\xD8\0\0\0\xDC\0\xFF\xFF\xFF\xFF\0\0",
        "long enough ASCII for the fast path to run first, and then ".as_bytes(),
    ];
    for codec in CODECS {
        for input in inputs {
            codec_test::check_decode_all(codec, input);
            codec_test::buffers::check_decode_buffers(codec, input);
            for to in CODECS {
                codec_test::buffers::check_transcode(codec, to, input);
            }
        }
        let cps = [0x61, 0xD83D, 0xDCA9, 0xD800, 0xD800, 0xDC00, 0xDC00, 0x1F4A9, 0x10FFFF, 0x110000, 0];
        codec_test::check_encode_splits(codec, &cps.map(CodePoint::new));
        codec_test::check_encode_fast_path(codec, &cps.map(CodePoint::new));
        codec_test::buffers::check_encode_buffers(codec, &cps.map(CodePoint::new));
        let text: Vec<CodePoint> = "Ascii then h\u{E9}llo \u{20AC}\u{1F4A9}".chars().map(CodePoint::from).collect();
        codec_test::buffers::check_encode_buffers(codec, &text);
    }
}

/// The kernels read the bytes in place where they are aligned and in the
/// machine's order, through a buffer otherwise: the same text at every
/// offset into one allocation gives the same answers as the reference.
#[test]
fn every_alignment_agrees_with_the_reference() {
    let text: Vec<u32> = "ASCII, caf\u{E9}, \u{436}\u{438}, \u{4E2D}\u{6587}, \u{1F4A9}\u{1F980} "
        .chars()
        .map(u32::from)
        .cycle()
        .take(700)
        .chain([0xD800, 0x41, 0x11_0000])
        .collect();
    for codec in CODECS {
        let bytes: Vec<u8> = text
            .iter()
            .flat_map(|u| if codec.endian() == Endian::Big { u.to_be_bytes() } else { u.to_le_bytes() })
            .collect();
        for skip in 0..4 {
            let mut room = vec![0u8; skip];
            room.extend_from_slice(&bytes);
            let input = &room[skip..];
            codec_test::check_fast_paths(codec, input);
            codec_test::buffers::check_text_conversions(codec, input);
            codec_test::buffers::check_decode_buffers(codec, input);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes(bytes in codec_test::strategies::bytes(40)) {
        for codec in CODECS {
            codec_test::check_decode_all(codec, &bytes);
            codec_test::buffers::check_decode_buffers(codec, &bytes);
        }
    }

    #[test]
    fn code_point_sequences(points in codec_test::strategies::code_points(codec_test::strategies::Class::ALL, 16)) {
        for codec in CODECS {
            codec_test::check_encode_splits(codec, &points);
            if let Ok(bytes) = codec.encode(&points) {
                prop_assert_eq!(codec.decode(&bytes).unwrap(), points.clone());
            }
        }
    }
}

/// `FastJob::EncodeFromValidUtf16` on well-formed UTF-16, into every size of
/// output: the longest run of whole characters that fits, four bytes each
/// (a pair is never split), in each codec's byte order.
#[test]
fn valid_utf16_encodes_whole_characters_that_fit() {
    let text = "a\u{E9}\u{1F4A9}\u{4E2D}\u{1F600}\u{1F600}z\u{10FFFF}abcdefghijklmnopqrstuvwxyz";
    let units: Vec<u16> = text.encode_utf16().collect();
    for codec in CODECS {
        for room in 0..=4 * text.chars().count() + 5 {
            let fits = (room / 4).min(text.chars().count());
            let want_units: usize = text.chars().take(fits).map(char::len_utf16).sum();
            let want: Vec<u8> = text
                .chars()
                .take(fits)
                .flat_map(|c| {
                    if codec.endian() == Endian::Big { u32::from(c).to_be_bytes() } else { u32::from(c).to_le_bytes() }
                })
                .collect();
            for valid in [true, false] {
                let mut out = vec![0xAA; room];
                let job = if valid {
                    FastJob::EncodeFromValidUtf16(&units, &mut out)
                } else {
                    FastJob::EncodeFromUtf16(&units, &mut out)
                };
                let done = codec.run(job);
                assert_eq!(
                    (done.read, &out[..done.written]),
                    (want_units, &want[..]),
                    "{} into {room}",
                    codec.info().name
                );
            }
            // And from a `str`, by bytes.
            let mut out = vec![0xAA; room];
            let done = codec.run(FastJob::EncodeFromStr(text, &mut out));
            let want_bytes: usize = text.chars().take(fits).map(char::len_utf8).sum();
            assert_eq!(
                (done.read, &out[..done.written]),
                (want_bytes, &want[..]),
                "{} from str into {room}",
                codec.info().name
            );
        }
    }
}

/// Escape mode writes escaped bytes as themselves four at a time, a whole
/// code unit (or at the end of the stream); a lone escape among the units
/// is encoded as any other code point: an error in UTF-32 (CPython's
/// `surrogateescape` raises too), the surrogate's unit in WTF-32.
#[test]
fn escape_mode_writes_raw_bytes_as_whole_units_only() {
    let cps = |points: &[u32]| points.iter().map(|&p| CodePoint::new(p)).collect::<Vec<_>>();
    let lone = cps(&[0x61, 0xDCE9, 0x62]);
    let e = UTF_32LE.encode_with(&lone, EncodeMode::Escape).unwrap_err();
    assert_eq!((e.index(), e.kind()), (1, ErrorKind::Surrogate));
    assert_eq!(WTF_32LE.encode_with(&lone, EncodeMode::Escape).unwrap(), b"a\0\0\0\xE9\xDC\0\0b\0\0\0");
    // A whole unit of escapes is its bytes: an ill-formed unit kept.
    let unit = cps(&[0x61, 0xDC00, 0xDCD8, 0xDC00, 0xDC00, 0x62]);
    assert_eq!(UTF_32LE.encode_with(&unit, EncodeMode::Escape).unwrap(), b"a\0\0\0\0\xD8\0\0b\0\0\0");
    // Three at the very end: a cut unit kept.
    let end = cps(&[0x61, 0xDC41, 0xDC00, 0xDC00]);
    assert_eq!(UTF_32BE.encode_with(&end, EncodeMode::Escape).unwrap(), b"\0\0\0aA\0\0");
    // Five in a row: a unit, then one that makes none.
    let five = cps(&[0xDC01, 0xDC02, 0xDC03, 0xDC04, 0xDC05, 0x62]);
    assert_eq!(UTF_32LE.encode_with(&five, EncodeMode::Escape).unwrap_err().index(), 4);
    for input in [lone, unit, end, five] {
        for codec in CODECS {
            codec_test::check_encode_splits(codec, &input);
        }
    }
    // And back: what escape mode decodes, it encodes to the same bytes.
    for codec in CODECS {
        codec_test::check_escape_round_trip(codec, b"a\0\0\0\0\xD8\0\0\0\0\x11\0\xFF\xFF\xFF\xFF\0\xDC\0\0b\0");
    }
}

/// Restart points are the ends of whole units, where nothing is pending.
#[test]
fn restart_points_are_unit_boundaries() {
    for codec in CODECS {
        assert_eq!(codec.restart_point(b"abc"), None);
        assert_eq!(codec.restart_point(b"abcd"), Some(4));
        assert_eq!(codec.restart_point(&[0xFF; 11]), Some(8));
        assert!(codec.is_context_free());
        assert_eq!(codec.unit_len(), 4);
    }
}

/// The UTF-32 encoding scheme's BOM (§3.10): four bytes, either order.
#[test]
fn bom_order_reads_the_encoding_schemes_mark() {
    assert_eq!(bom_order(b"\0\0\xFE\xFF\0\0\0a"), Some(Endian::Big));
    assert_eq!(bom_order(b"\xFF\xFE\0\0"), Some(Endian::Little));
    assert_eq!(bom_order(b"\xFF\xFE\0"), None);
    assert_eq!(bom_order(b"\xFE\xFF\0\0"), None);
    assert_eq!(bom_order(b""), None);
    // The codecs read the mark as U+FEFF, as the Standard says they must.
    assert_eq!(UTF_32BE.decode(b"\0\0\xFE\xFF").unwrap(), [CodePoint::new(0xFEFF)]);
    assert_eq!(UTF_32LE.decode(b"\xFF\xFE\0\0").unwrap(), [CodePoint::new(0xFEFF)]);
    // The other order's mark is out of range (0xFFFE0000).
    assert_eq!(UTF_32LE.validate(b"\0\0\xFE\xFF").unwrap_err().kind(), ErrorKind::OutOfRange);
}
