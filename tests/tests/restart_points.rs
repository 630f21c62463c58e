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
        for &target in utfx_tests::codecs().iter().filter(|c| c.is_context_free()) {
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
