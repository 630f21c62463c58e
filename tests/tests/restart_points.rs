//! `Decode::restart_point` and `Encode::is_context_free` for every
//! registered codec: input cut at the restart points the codec finds, each
//! piece decoded (and transcoded) by a fresh decoder, gives exactly what
//! the whole input gives in one run, in every mode, with the same first
//! error. This is what lets `utfx convert` convert pieces in parallel.

use codec_core::{CodePoint, DecodeError, DecodeMode, DynCodec, EncodeMode, TranscodeError, Transcoder};
use codec_test::buffers::drive;
use proptest::prelude::*;

/// How far each cut looks: pieces of at most this many bytes, cut at the
/// codec's restart point in the window (or left whole at the end).
const WINDOW: usize = 48;

/// Cuts `input` as a parallel reader would: from each cut, a window of
/// `WINDOW` bytes, cut at its restart point. `None` when a window has none
/// (the caller then decodes the rest in one run, which needs no test).
fn pieces(codec: &dyn DynCodec, input: &[u8]) -> Option<Vec<std::ops::Range<usize>>> {
    let mut cuts = Vec::new();
    let mut start = 0;
    while input.len() - start > WINDOW {
        let p = codec.restart_point(&input[start..start + WINDOW])?;
        assert!((1..=WINDOW).contains(&p), "{}: restart point {p} out of the window", codec.info().name);
        cuts.push(start..start + p);
        start += p;
    }
    cuts.push(start..input.len());
    Some(cuts)
}

/// Decodes each piece apart and joins the code points; in fatal mode,
/// stops at the first piece with an error, moved to its place.
fn decode_pieces(
    codec: &dyn DynCodec,
    input: &[u8],
    pieces: &[std::ops::Range<usize>],
    mode: DecodeMode,
) -> Result<Vec<CodePoint>, DecodeError> {
    let mut all = Vec::new();
    for piece in pieces {
        let points = codec.decode_with(&input[piece.clone()], mode).map_err(|e| e.shifted(piece.start))?;
        all.extend(points);
    }
    Ok(all)
}

/// Transcodes all of `input` with `transcoder`, into the bytes, the error
/// and the code points it encoded.
fn transcode(
    mut transcoder: Transcoder<&dyn DynCodec, &dyn DynCodec>,
    input: &[u8],
) -> (Vec<u8>, Option<TranscodeError>, usize) {
    let whole = 0..input.len();
    let (out, error) =
        drive(std::slice::from_ref(&whole), 300, |r, dst, last| transcoder.transcode(&input[r], dst, last));
    (out, error, transcoder.output_index())
}

fn check(input: &[u8]) {
    for &codec in &utfx_tests::codecs() {
        let Some(pieces) = pieces(codec, input) else { continue };
        let name = codec.info().name;
        for &mode in DecodeMode::ALL {
            let whole = codec.decode_with(input, mode);
            assert_eq!(decode_pieces(codec, input, &pieces, mode), whole, "{name} in {mode}, pieces {pieces:?}");
        }
        for &target in utfx_tests::codecs().iter().filter(|c| c.is_context_free() && !is_twin(c.info().name)) {
            for (dm, em) in [(DecodeMode::Fatal, EncodeMode::Fatal), (DecodeMode::Replace, EncodeMode::Replace)] {
                let (whole, error, _) = transcode(Transcoder::new(codec, dm, target, em), input);
                let (mut joined, mut points) = (Vec::new(), 0);
                let mut joined_error = None;
                for piece in &pieces {
                    let (out, e, n) = transcode(Transcoder::new(codec, dm, target, em), &input[piece.clone()]);
                    joined.extend(out);
                    if let Some(e) = e {
                        joined_error = Some(match e {
                            TranscodeError::Decode(d) => TranscodeError::Decode(d.shifted(piece.start)),
                            TranscodeError::Encode(enc) => TranscodeError::Encode(enc.shifted(points)),
                        });
                        break;
                    }
                    points += n;
                }
                let what = format!("{name} to {} in {dm}/{em}", target.info().name);
                assert_eq!(joined_error, error, "{what}");
                assert_eq!(joined, whole, "{what}");
            }
        }
    }
}

/// UTF-32's big-endian codecs, left out as targets: each encodes what its
/// little-endian twin does, each unit's bytes reversed, and the pairs are
/// quadratic (with them the test took twice as long).
fn is_twin(name: &str) -> bool {
    matches!(name, "utf-32be" | "wtf-32be")
}

/// Bytes that start, continue, break or end sequences in one codec or
/// another, and text.
fn byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        any::<u8>(),
        prop::sample::select(vec![
            0x00, 0x41, 0x80, 0xA0, 0xBF, 0xC0, 0xC3, 0xD8, 0xDC, 0xE2, 0xED, 0xF0, 0xF4, 0xFC, 0xFF
        ]),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 4 } else { 256 }))]

    #[test]
    fn pieces_cut_at_restart_points_decode_as_the_whole(input in prop::collection::vec(byte(), 0..400)) {
        check(&input);
    }

    #[test]
    fn text_cut_at_restart_points_decodes_as_the_whole(text in "\\PC{0,200}", bad in prop::collection::vec((any::<usize>(), byte()), 0..3)) {
        let mut input = text.into_bytes();
        for (at, b) in bad {
            if !input.is_empty() {
                let i = at % input.len();
                input[i] = b;
            }
        }
        check(&input);
    }
}

#[test]
fn text_and_utf16_have_restart_points_in_every_window() {
    // The codecs that have restart points find one in every window of
    // text, so that `utfx convert` runs such text in parallel.
    let text = "Größe · размер · 大小 · 🦀 crab · ".repeat(20);
    let utf16: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    for (label, input) in [("utf-8", text.as_bytes()), ("utf-16le", &utf16[..])] {
        let codec = codec_registry::get(label).unwrap();
        assert!(pieces(codec, input).is_some(), "{label}");
    }
    let utf8 = codec_registry::get("utf-8").unwrap();
    assert!(utf8.is_context_free());
    // A run of continuation bytes has none.
    assert_eq!(utf8.restart_point(&[0x80; 40]), None);
}

/// Whether each registered codec has restart points, every codec named so
/// that a new one must say: the UTF-8, UTF-16 and UTF-32 codecs, UTF-1, the 1992
/// proposal and the Encoding Standard's encodings without state do; the
/// codecs whose pairs and sequences a piece could cut apart (WTF-8,
/// CESU-8, Modified UTF-8, Corrected UTF-8, UTF-∞-8) keep the default; so
/// do the encodings with state between characters (iso-2022-jp, the 2014
/// draft's hz-gb-2312: what a byte means depends on the last shift before
/// it, however far back) and `replacement` (its one error is the stream's
/// first byte).
const HAS_RESTART_POINTS: &[(&str, bool)] = &[
    ("utf-8", true),
    ("generalized-utf-8", true),
    ("utf-8-rfc2279", true),
    ("utf-16le", true),
    ("utf-16be", true),
    ("wtf-16le", true),
    ("wtf-16be", true),
    ("utf-32le", true),
    ("utf-32be", true),
    ("wtf-32le", true),
    ("wtf-32be", true),
    ("wtf-8", false),
    ("cesu-8", false),
    ("mutf-8", false),
    ("mutf-8-lenient", false),
    ("corrected-utf-8", false),
    ("corrected-utf-8-c1", false),
    ("utf-inf-8", false),
    ("utf-1", true),
    ("fss-utf-proposal-1992", true),
    ("ibm866", true),
    ("iso-8859-2", true),
    ("iso-8859-3", true),
    ("iso-8859-4", true),
    ("iso-8859-5", true),
    ("iso-8859-6", true),
    ("iso-8859-7", true),
    ("iso-8859-8", true),
    ("iso-8859-8-i", true),
    ("iso-8859-10", true),
    ("iso-8859-13", true),
    ("iso-8859-14", true),
    ("iso-8859-15", true),
    ("iso-8859-16", true),
    ("koi8-r", true),
    ("koi8-u", true),
    ("macintosh", true),
    ("windows-874", true),
    ("windows-1250", true),
    ("windows-1251", true),
    ("windows-1252", true),
    ("windows-1253", true),
    ("windows-1254", true),
    ("windows-1255", true),
    ("windows-1256", true),
    ("windows-1257", true),
    ("windows-1258", true),
    ("x-mac-cyrillic", true),
    ("x-user-defined", true),
    ("gbk", true),
    ("gb18030", true),
    ("big5", true),
    ("euc-jp", true),
    ("shift_jis", true),
    ("euc-kr", true),
    ("iso-2022-jp", false),
    ("replacement", false),
    ("hz-gb-2312-2014", false),
    ("iso-8859-1", true),
    ("us-ascii", true),
];

#[test]
fn every_codec_says_whether_it_has_restart_points() {
    let names: Vec<&str> = codec_registry::all().iter().map(|c| c.info().name).collect();
    let listed: Vec<&str> = HAS_RESTART_POINTS.iter().map(|(name, _)| *name).collect();
    assert_eq!(names, listed, "every registered codec, in the registry's order");
    // Text every codec encodes (lines of ASCII, which no codec here reads
    // as anything but text), and the stateful ones' shifts among it.
    let text = "a line of text\n".repeat(8);
    let mut shifted = Vec::new();
    for (name, has) in HAS_RESTART_POINTS {
        let codec = codec_registry::get(name).unwrap();
        let bytes = codec.encode_str(&text).unwrap();
        assert_eq!(codec.restart_point(&bytes).is_some(), *has, "{name} on text");
        if !has {
            shifted.push(*name);
        }
    }
    // The codecs without state between characters that keep no restart
    // point are the UTF-8 family's; the stateful ones never find one,
    // whatever the input, nor does replacement.
    let mut rng = codec_test::generate::Rng::new(0x0030_5EED);
    for name in ["iso-2022-jp", "replacement", "hz-gb-2312-2014"] {
        assert!(shifted.contains(&name));
        let codec = codec_registry::get(name).unwrap();
        for _ in 0..200 {
            let mut input = codec.encode_str("\u{3042}a\u{5DF1}\n").unwrap_or_else(|_| b"~{<:~}\x1B$B$\"".to_vec());
            input.extend(
                (0..rng.below(40)).map(|_| [0x1B, 0x24, 0x28, 0x42, b'~', b'{', b'}', b'\n', 0x80][rng.below(9)]),
            );
            assert_eq!(codec.restart_point(&input), None, "{name}: {input:02X?}");
        }
    }
}
