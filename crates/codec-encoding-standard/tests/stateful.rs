//! iso-2022-jp and replacement: the Standard's algorithms on inputs typed
//! from its steps and from the web-platform-tests' decoder tests, and
//! encoding_rs's own streaming decoder and encoder on seeded random input,
//! valid and damaged, whole and cut at every split point (its `Malformed`
//! reports giving the error offsets).

use codec_encoding_standard::{
    CodePoint, Codec, Decode, DecodeMode, Decoder, Encode, EncodeMode, ErrorKind, ISO_2022_JP, REPLACEMENT, Step,
};
use codec_test::generate::Rng;
use encoding_rs::{DecoderResult, Encoding};

fn lossy(codec: &dyn codec_core::DynCodec, bytes: &[u8]) -> String {
    codec.decode_to_string_lossy(bytes)
}

#[test]
fn iso_2022_jp_decodes_the_web_platform_tests_cases() {
    // web-platform-tests, encoding/iso-2022-jp-decoder.any.js (each input
    // and its expected text as the test file has them; ミ and ､ there are
    // the half-width U+FF90 and U+FF64).
    let cases: &[(&[u8], &str)] = &[
        (b"\x1B\x24", "\u{FFFD}$"),
        (b"\x1B\x24\x50", "\u{FFFD}$P"),
        (b"\x1B\x28\x42\x50", "P"),
        (b"\x1B\x28\x42\x1B\x28\x42\x50", "\u{FFFD}P"),
        (b"\x50\x1B\x28\x42\x50", "PP"),
        (b"\x5C\x5D\x7E", "\\]~"),
        (b"\x0D\x0E\x0F\x10", "\r\u{FFFD}\u{FFFD}\u{10}"),
        (b"\x1B\x28\x4A\x5C\x5D\x7E", "\u{A5}]\u{203E}"),
        (b"\x1B\x28\x4A\x0D\x0E\x0F\x10", "\r\u{FFFD}\u{FFFD}\u{10}"),
        (b"\x1B\x28\x4A\x1B\x1B\x28\x49\x50", "\u{FFFD}\u{FF90}"),
        (b"\x1B\x28\x49\x50", "\u{FF90}"),
        (b"\x1B\x28\x49\x1B\x24\x40\x50\x50", "\u{FFFD}\u{4F69}"),
        (b"\x1B\x28\x49\x1B\x50", "\u{FFFD}\u{FF90}"),
        (b"\x1B\x28\x49\x1B\x24\x50", "\u{FFFD}\u{FF64}\u{FF90}"),
        (b"\x1B\x28\x49\x50\x1B\x28\x49\x50", "\u{FF90}\u{FF90}"),
    ];
    for (input, expected) in cases {
        assert_eq!(lossy(&ISO_2022_JP, input), *expected, "{input:02X?}");
    }
}

#[test]
fn iso_2022_jp_follows_the_standards_steps() {
    // Index jis0208 pointer 1410 (30 21) is U+4E9C, 283 (24 22) U+3042.
    assert_eq!(ISO_2022_JP.decode_to_string(b"\x1B$B0!$\"\x1B(Ba").unwrap(), "\u{4E9C}\u{3042}a");
    // A stream may end in any set; an escape sequence at the end is no error.
    assert_eq!(ISO_2022_JP.decode_to_string(b"\x1B$B0!").unwrap(), "\u{4E9C}");
    assert_eq!(ISO_2022_JP.decode_to_string(b"a\x1B$B").unwrap(), "a");
    let first = |bytes: &[u8]| {
        let e = ISO_2022_JP.validate(bytes).unwrap_err();
        (e.valid_up_to(), e.error_len(), e.kind())
    };
    // Lead byte state: a newline is an error today (the 2014 draft's
    // "0x0A: set state to ASCII, emit U+000A" is gone); a trail byte
    // outside 21..7E is an error with its lead, a 1B after a lead an error
    // of the lead alone, then an escape sequence; a cut pair one error.
    assert_eq!(lossy(&ISO_2022_JP, b"\x1B$B\n"), "\u{FFFD}");
    assert_eq!(lossy(&ISO_2022_JP, b"\x1B$B0\n0!"), "\u{FFFD}\u{4E9C}");
    assert_eq!(first(b"\x1B$B0\n"), (3, Some(2), ErrorKind::MissingContinuation));
    assert_eq!(lossy(&ISO_2022_JP, b"\x1B$B0\x1B(Ba"), "\u{FFFD}a");
    assert_eq!(first(b"\x1B$B0\x1B(B"), (3, Some(1), ErrorKind::MissingContinuation));
    assert_eq!(first(b"\x1B$B0"), (3, None, ErrorKind::Truncated));
    // A pair whose pointer index jis0208 leaves empty (row 9: 29 21).
    assert_eq!(first(b"\x1B$B)!"), (3, Some(2), ErrorKind::Unrepresentable));
    // A 1B that starts no escape sequence: one byte, the rest read again.
    assert_eq!(first(b"a\x1B(Zb"), (1, Some(1), ErrorKind::MissingContinuation));
    assert_eq!(lossy(&ISO_2022_JP, b"a\x1B(Zb"), "a\u{FFFD}(Zb");
    assert_eq!(first(b"a\x1B("), (1, Some(1), ErrorKind::Truncated));
    assert_eq!(first(b"a\x1B"), (1, None, ErrorKind::Truncated));
    // The output flag: an escape sequence followed at once by another is
    // an error, blamed on the first (encoding_rs's `Malformed(3, 3)`); it
    // still chooses its set.
    assert_eq!(first(b"a\x1B(J\x1B$Bb"), (1, Some(3), ErrorKind::EmptyShift));
    assert_eq!(lossy(&ISO_2022_JP, b"\x1B(J\x1B(J\x1B(J\\"), "\u{FFFD}\u{FFFD}\u{A5}");
    // Bytes above 7F, SO and SI are errors in every set.
    assert_eq!(lossy(&ISO_2022_JP, b"\x80\x1B(J\xFF\x1B(I\x0E\x1B$B\x0F"), "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}");
    // Shifts are no items; the pair's item is at its own offset.
    let items: Vec<_> = ISO_2022_JP.items(b"\x1B$B0!\x1B(Ba").map(|i| i.unwrap()).collect();
    let items: Vec<_> = items.iter().map(|i| (i.offset, i.len, i.point.unwrap().to_u32())).collect();
    assert_eq!(items, [(3, 2, 0x4E9C), (8, 1, 0x61)]);
    // The step in state 0 is the ASCII set's, with what follows read ahead.
    assert_eq!(ISO_2022_JP.decode_step(b"\x1B(J", false), Step::Incomplete);
    assert_eq!(ISO_2022_JP.decode_step(b"\x1B(Ja", false), Step::Shift { len: 3 });
}

#[test]
fn iso_2022_jp_encodes_as_the_standards_encoder() {
    let encode = |s: &str| ISO_2022_JP.encode_str(s).unwrap();
    assert_eq!(encode("a\u{3042}"), b"a\x1B$B$\"\x1B(B");
    // U+00A5 and U+203E in Roman, which keeps ASCII but `\` and `~`.
    assert_eq!(encode("\u{A5}a\u{203E}\\"), b"\x1B(J\x5Ca\x7E\x1B(B\\");
    // Half-width katakana as the full-width characters (index ISO-2022-JP
    // katakana: U+FF71 is U+30A2, pointer 4*94+1, 25 22), U+2212 as U+FF0D
    // (21 5D).
    assert_eq!(encode("\u{FF71}\u{2212}"), b"\x1B$B%\"!]\x1B(B");
    // SO, SI and ESC are errors; so is what index jis0208 lacks.
    for s in ["\u{E}", "\u{F}", "\u{1B}", "\u{E9}", "\u{1F4A9}"] {
        let err = ISO_2022_JP.encode_str(s).unwrap_err();
        assert_eq!((err.index(), err.kind()), (0, ErrorKind::Unrepresentable), "{s:?}");
    }
    // Substitutes in the jis0208 set go back to ASCII first, as the
    // Standard's step 11 does.
    let points: Vec<CodePoint> = "\u{3042}\u{E9}\u{3042}".chars().map(CodePoint::from).collect();
    assert_eq!(ISO_2022_JP.encode_with(&points, EncodeMode::Replace).unwrap(), b"\x1B$B$\"\x1B(B?\x1B$B$\"\x1B(B");
    assert_eq!(ISO_2022_JP.encode_with(&points, EncodeMode::Html).unwrap(), b"\x1B$B$\"\x1B(B&#233;\x1B$B$\"\x1B(B");
    assert_eq!(ISO_2022_JP.encode_with(&points, EncodeMode::Ignore).unwrap(), b"\x1B$B$\"$\"\x1B(B");
}

#[test]
fn replacement_is_one_error_then_nothing_and_encodes_utf_8() {
    assert_eq!(REPLACEMENT.decode(b""), Ok(vec![]));
    for input in [&b"a"[..], b"\xFF\xFE", b"~{<:Ky2;S{#,~}"] {
        assert_eq!(lossy(&REPLACEMENT, input), "\u{FFFD}");
        assert_eq!(REPLACEMENT.decode_with(input, DecodeMode::Ignore), Ok(vec![]));
        let e = REPLACEMENT.validate(input).unwrap_err();
        assert_eq!((e.valid_up_to(), e.error_len(), e.kind()), (0, Some(1), ErrorKind::InvalidLead));
        assert_eq!(REPLACEMENT.items(input).count(), 1);
        // Escape mode keeps every byte: the first as an error, the rest
        // as what the decoder never reads.
        let escaped = REPLACEMENT.decode_with(input, DecodeMode::Escape).unwrap();
        assert!(escaped.iter().map(|p| p.to_u32() - 0xDC00).eq(input.iter().map(|&b| u32::from(b))));
    }
    // Today's labels, all of them, and encoding through it is UTF-8, as
    // encoding_rs's output encoding says.
    for label in ["replacement", "csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext", "iso-2022-kr"] {
        assert!(REPLACEMENT.info().matches(label), "{label}");
        assert_eq!(Encoding::for_label(label.as_bytes()), Some(encoding_rs::REPLACEMENT), "{label}");
    }
    assert_eq!(REPLACEMENT.info().aliases.len() + 1, 6);
    assert_eq!(encoding_rs::REPLACEMENT.output_encoding(), encoding_rs::UTF_8);
    let s = "a\u{E9}\u{3042}\u{1F4A9}";
    assert_eq!(REPLACEMENT.encode_str(s).unwrap(), s.as_bytes());
    assert_eq!(ISO_2022_JP.info().aliases, ["csiso2022jp"]);
    assert_eq!(Encoding::for_label(b"csiso2022jp"), Some(encoding_rs::ISO_2022_JP));
}

/// What iso-2022-jp's random inputs are made of: escape sequences (the
/// five, cut ones, broken ones), ASCII, pairs, katakana and bytes that are
/// errors everywhere.
const TOKENS: &[&[u8]] = &[
    b"\x1B(B", b"\x1B(J", b"\x1B(I", b"\x1B$B", b"\x1B$@", b"\x1B$(D", b"\x1B(", b"\x1B$", b"\x1B", b"a", b"\\", b"~",
    b"\n", b"0!", b"$\"", b"%\"", b"!]", b"t&", b")!", b"P", b"\x0E", b"\x0F", b"\x80", b"\xFF", b" ",
];

fn random_input(rng: &mut Rng, tokens: usize) -> Vec<u8> {
    (0..tokens).flat_map(|_| TOKENS[rng.below(TOKENS.len())].iter().copied()).collect()
}

/// Text of characters iso-2022-jp maps (ASCII but SO, SI and ESC; U+00A5,
/// U+203E; half-width katakana; characters of index jis0208) and, now and
/// then, one it does not.
fn random_text(rng: &mut Rng, len: usize) -> String {
    const CHARS: &[char] = &[
        'a', 'Z', '\\', '~', '\n', '\u{A5}', '\u{203E}', '\u{FF71}', '\u{FF9F}', '\u{3042}', '\u{4E9C}', '\u{2212}',
        '\u{FF0D}', '\u{3000}', '\u{E9}',
    ];
    (0..len).map(|_| CHARS[rng.below(CHARS.len())]).collect()
}

/// The errors encoding_rs's decoder reports, as (offset, length).
fn oracle_errors(encoding: &'static Encoding, input: &[u8]) -> Vec<(usize, usize)> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut out = vec![0u16; decoder.max_utf16_buffer_length(input.len()).unwrap()];
    let (mut at, mut errors) = (0, Vec::new());
    loop {
        let (result, read, _) = decoder.decode_to_utf16_without_replacement(&input[at..], &mut out, true);
        at += read;
        match result {
            DecoderResult::InputEmpty => return errors,
            DecoderResult::Malformed(len, after) => {
                errors.push((at - usize::from(len) - usize::from(after), usize::from(len)));
            }
            DecoderResult::OutputFull => panic!("the buffer holds the whole output"),
        }
    }
}

/// utfx's errors in replace mode, as (offset, length).
fn errors(codec: &dyn codec_core::DynCodec, input: &[u8]) -> Vec<(usize, usize)> {
    codec_core::Items::new(codec, input)
        .filter_map(Result::err)
        .map(|e| (e.valid_up_to(), e.error_len().unwrap_or(input.len() - e.valid_up_to())))
        .collect()
}

/// encoding_rs's streaming decoder given `input` in two pieces, cut at
/// `split`.
fn oracle_streamed(encoding: &'static Encoding, input: &[u8], split: usize) -> String {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut text = String::with_capacity(decoder.max_utf8_buffer_length(input.len()).unwrap());
    for (piece, last) in [(&input[..split], false), (&input[split..], true)] {
        let (_, read, _) = decoder.decode_to_string(piece, &mut text, last);
        assert_eq!(read, piece.len());
    }
    text
}

/// utfx's streaming decoder, replacing, given `input` cut at `split`.
fn streamed(codec: &dyn codec_core::DynCodec, input: &[u8], split: usize) -> String {
    let mut decoder = Decoder::new(codec, DecodeMode::Replace);
    let mut text = String::new();
    decoder.decode_to_string(&input[..split], false, &mut text).unwrap();
    decoder.decode_to_string(&input[split..], true, &mut text).unwrap();
    text
}

#[test]
fn decoding_agrees_with_encoding_rs_at_every_split() {
    let mut rng = Rng::new(0x1502_2A0B);
    for (codec, encoding) in [
        (&ISO_2022_JP as &dyn codec_core::DynCodec, encoding_rs::ISO_2022_JP),
        (&REPLACEMENT, encoding_rs::REPLACEMENT),
    ] {
        for round in 0..300 {
            let input = match round % 3 {
                0 => (0..rng.below(24)).map(|_| rng.next_u64() as u8).collect(),
                1 => {
                    let tokens = rng.below(12);
                    random_input(&mut rng, tokens)
                }
                _ => {
                    let mut bytes = ISO_2022_JP.encode_str(&random_text(&mut rng, 10)).unwrap_or_default();
                    let _ = codec_test::generate::damage(&mut bytes, &mut rng);
                    bytes
                }
            };
            let name = codec.info().name;
            let expected = encoding.decode_without_bom_handling(&input).0;
            assert_eq!(lossy(codec, &input), expected, "{name}: {input:02X?}");
            assert_eq!(errors(codec, &input), oracle_errors(encoding, &input), "{name}: {input:02X?}");
            for split in 0..=input.len() {
                assert_eq!(streamed(codec, &input, split), oracle_streamed(encoding, &input, split), "{name}: {split}");
            }
        }
    }
}

#[test]
fn encoding_agrees_with_encoding_rs_at_every_split() {
    let mut rng = Rng::new(0x1502_2A0C);
    for round in 0..200 {
        let text = random_text(&mut rng, 1 + round % 12);
        let points: Vec<CodePoint> = text.chars().map(CodePoint::from).collect();
        // encoding_rs's `encode` writes HTML numeric references for what it
        // cannot map, as the core's `html` mode does.
        let (expected, _, unmappable) = encoding_rs::ISO_2022_JP.encode(&text);
        assert_eq!(ISO_2022_JP.encode_with(&points, EncodeMode::Html).unwrap(), &*expected, "{text:?}");
        assert_eq!(ISO_2022_JP.encode_str(&text).is_err(), unmappable, "{text:?}");
        // Its streaming encoder, cut at every character.
        for split in 0..=points.len() {
            let at = text.char_indices().nth(split).map_or(text.len(), |(i, _)| i);
            let mut encoder = encoding_rs::ISO_2022_JP.new_encoder();
            let mut bytes = Vec::with_capacity(64 * text.len() + 16);
            for (piece, last) in [(&text[..at], false), (&text[at..], true)] {
                let (_, read, _) = encoder.encode_from_utf8_to_vec(piece, &mut bytes, last);
                assert_eq!(read, piece.len());
            }
            let mut ours = Vec::new();
            let mut encoder = ISO_2022_JP.encoder(EncodeMode::Html);
            encoder.encode_chunk(&points[..split], false, &mut ours).unwrap();
            encoder.encode_chunk(&points[split..], true, &mut ours).unwrap();
            assert_eq!(ours, bytes, "{text:?} cut at {split}");
        }
        // What encodes decodes back as encoding_rs decodes it (half-width
        // katakana come back full-width).
        if let Ok(bytes) = ISO_2022_JP.encode_str(&text) {
            assert_eq!(ISO_2022_JP.decode_to_string(&bytes).unwrap(), encoding_rs::ISO_2022_JP.decode(&bytes).0);
        }
    }
}

#[test]
fn streaming_every_driver_and_the_escape_round_trip() {
    let mut rng = Rng::new(0x1502_2A0D);
    for round in 0..24 {
        let input = if round % 2 == 0 {
            random_input(&mut rng, 6)
        } else {
            ISO_2022_JP.encode_str(&random_text(&mut rng, 5)).unwrap_or_default()
        };
        codec_test::check_decode_all(&ISO_2022_JP, &input);
        codec_test::buffers::check_decode_buffers(&ISO_2022_JP, &input);
        codec_test::fuzzing::check_items(&ISO_2022_JP, &input);
        codec_test::check_decode_splits(&REPLACEMENT, &input);
        codec_test::check_fast_paths(&REPLACEMENT, &input);
        codec_test::check_escape_round_trip(&REPLACEMENT, &input);
        codec_test::fuzzing::check_items(&REPLACEMENT, &input);
        let points: Vec<CodePoint> = random_text(&mut rng, 6).chars().map(CodePoint::from).collect();
        codec_test::check_encode_splits(&ISO_2022_JP, &points);
        codec_test::buffers::check_encode_buffers(&ISO_2022_JP, &points);
        codec_test::check_encode_splits(&REPLACEMENT, &points);
    }
    // Escape mode over random bytes, longer.
    for _ in 0..300 {
        let input = if rng.below(2) == 0 {
            random_input(&mut rng, 20)
        } else {
            (0..rng.below(40)).map(|_| rng.next_u64() as u8).collect()
        };
        codec_test::check_escape_round_trip(&ISO_2022_JP, &input);
        codec_test::check_escape_round_trip(&REPLACEMENT, &input);
    }
}

#[test]
fn the_transcoder_takes_iso_2022_jp_at_every_split() {
    let mut rng = Rng::new(0x1502_2A0E);
    for _ in 0..6 {
        let text = random_text(&mut rng, 8);
        let input = ISO_2022_JP.encode_with(&text.chars().map(CodePoint::from).collect::<Vec<_>>(), EncodeMode::Html);
        let input = input.unwrap();
        codec_test::buffers::check_transcode(&ISO_2022_JP, &REPLACEMENT, &input);
        codec_test::buffers::check_transcode(&REPLACEMENT, &ISO_2022_JP, &input);
        codec_test::buffers::check_transcode(&ISO_2022_JP, &ISO_2022_JP, &random_input(&mut rng, 6));
    }
}
