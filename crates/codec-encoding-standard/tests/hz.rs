//! The 2014 draft's hz-gb-2312 (§10.2): its decoder's and encoder's steps
//! on inputs typed by hand, RFC 1843's example, a round trip of random
//! GB2312 text against HZ bytes built here from gb18030's (a reference
//! written apart from the codec), and every driver at every split.

use codec_encoding_standard::{CodePoint, Codec, Decode, DecodeMode, Encode, EncodeMode, ErrorKind, HZ_GB_2312_2014};
use codec_test::generate::Rng;

fn lossy(bytes: &[u8]) -> String {
    HZ_GB_2312_2014.decode_to_string_lossy(bytes)
}

fn first(bytes: &[u8]) -> (usize, Option<usize>, ErrorKind) {
    let e = HZ_GB_2312_2014.validate(bytes).unwrap_err();
    (e.valid_up_to(), e.error_len(), e.kind())
}

#[test]
fn the_drafts_decoder_step_by_step() {
    // RFC 1843's example sentence (己所不欲，勿施於人。 in GB2312: BC BA CB F9
    // B2 BB D3 FB A3 AC CE F0 CA A9 EC B6 C8 CB A1 A3, high bits cleared).
    let text = b"This sentence is in GB.~{<:Ky2;S{#,NpJ)l6HK!#~}Bye.";
    assert_eq!(
        HZ_GB_2312_2014.decode_to_string(text).unwrap(),
        "This sentence is in GB.\u{5DF1}\u{6240}\u{4E0D}\u{6B32}\u{FF0C}\u{52FF}\u{65BD}\u{65BC}\u{4EBA}\u{3002}Bye."
    );
    // Step 5: `~{` sets the flag, `~}` unsets it (in either mode: no
    // error), `~~` is U+007E in either mode, `~` and a newline is nothing.
    assert_eq!(lossy(b"a~}b"), "ab");
    assert_eq!(lossy(b"~~~{~~!!~}~~"), "~~\u{3000}~");
    assert_eq!(lossy(b"a~\nb~{!!~\n!!"), "ab\u{3000}\u{3000}");
    // "Otherwise: decrease the byte pointer by one and run error": the `~`
    // is the error, the byte after it is read again.
    assert_eq!(lossy(b"~x"), "\u{FFFD}x");
    assert_eq!(first(b"a~x"), (1, Some(1), ErrorKind::MissingContinuation));
    // Step 6: a lead and any byte are one pair or one error; a newline as
    // the second byte ends the run too.
    assert_eq!(first(b"~{!\x80"), (2, Some(2), ErrorKind::MissingContinuation));
    assert_eq!(lossy(b"~{!\nab"), "\u{FFFD}ab");
    // `<~` is a pair, 3C 7E: gb18030's BC FE, 件 (the `~` is its trail).
    assert_eq!(lossy(b"~{<~}"), "\u{4EF6}\u{FFFD}");
    // Leads 20 and 7F are leads (step 8.1); 7F's pointers are past the
    // index: an error of two bytes. 20 21 is gb18030's A0 A1, U+724E (as
    // Python's gb18030 decodes it too).
    assert_eq!(lossy(b"~{ !"), "\u{724E}");
    assert_eq!(first(b"~{\x7F!"), (2, Some(2), ErrorKind::Unrepresentable));
    // Step 8.2, 8.3: a newline in GB2312 mode is an error and ends the run;
    // any other byte outside 20..7F an error.
    assert_eq!(lossy(b"~{\nab"), "\u{FFFD}ab");
    assert_eq!(first(b"~{\x1F"), (2, Some(1), ErrorKind::InvalidLead));
    // Steps 9, 10: ASCII, and an error for anything else.
    assert_eq!(first(b"a\x80"), (1, Some(1), ErrorKind::InvalidLead));
    // Steps 2, 3: a `~` or a lead cut by the end is one error.
    assert_eq!(first(b"a~"), (1, None, ErrorKind::Truncated));
    assert_eq!(first(b"~{<"), (2, None, ErrorKind::Truncated));
    // A run may end the stream open.
    assert_eq!(HZ_GB_2312_2014.decode_to_string(b"~{<:").unwrap(), "\u{5DF1}");
}

#[test]
fn the_drafts_encoder_step_by_step() {
    let encode = |s: &str| HZ_GB_2312_2014.encode_str(s).unwrap();
    // Steps 4..6, 9..13; no `~}` at the end (steps 1, 2).
    assert_eq!(encode("a\u{5DF1}\u{6240}b~"), b"a~{<:Ky~}b~~");
    assert_eq!(encode("\u{5DF1}~"), b"~{<:~}~~");
    assert_eq!(encode("\u{3000}"), b"~{!!");
    // Step 8: what index gb18030 lacks; step 12: a pointer outside GB2312
    // rows (lead or trail below 21: 丂, gb18030's 81 40).
    for s in ["\u{1F4A9}", "\u{4E02}"] {
        let err = HZ_GB_2312_2014.encode_str(s).unwrap_err();
        assert_eq!((err.index(), err.kind()), (0, ErrorKind::Unrepresentable), "{s:?}");
    }
    let points: Vec<CodePoint> = "\u{5DF1}\u{4E02}\u{5DF1}".chars().map(CodePoint::from).collect();
    assert_eq!(HZ_GB_2312_2014.encode_with(&points, EncodeMode::Replace).unwrap(), b"~{<:~}?~{<:");
    // Found by its own name only: `hz-gb-2312` is today's replacement.
    assert!(!HZ_GB_2312_2014.info().matches("hz-gb-2312"));
    assert!(HZ_GB_2312_2014.info().matches("HZ-GB-2312-2014"));
}

/// The HZ bytes of `text` (ASCII and GB2312 characters), built apart from
/// the codec: a GB2312 character is its gb18030 pair (encoding_rs) with
/// the high bits cleared, a run of them between `~{` and `~}` (none at the
/// end), `~` doubled.
fn reference_hz(text: &str) -> Vec<u8> {
    let (mut out, mut gb) = (Vec::new(), false);
    for c in text.chars() {
        if c.is_ascii() {
            if gb {
                out.extend_from_slice(b"~}");
                gb = false;
            }
            match c {
                '~' => out.extend_from_slice(b"~~"),
                _ => out.push(c as u8),
            }
        } else {
            let mut utf8 = [0; 4];
            let (bytes, _, _) = encoding_rs::GB18030.encode(c.encode_utf8(&mut utf8));
            if !gb {
                out.extend_from_slice(b"~{");
                gb = true;
            }
            out.extend(bytes.iter().map(|b| b & 0x7F));
        }
    }
    out
}

/// Random text of ASCII (`~` and newlines among it) and GB2312 characters:
/// gb18030's pairs of rows A1..A9 and B0..F7, columns A1..FE, that decode
/// to a character that encodes back to them.
fn random_gb2312_text(rng: &mut Rng, len: usize) -> String {
    let mut text = String::new();
    while text.chars().count() < len {
        if rng.below(3) == 0 {
            text.push(['a', '~', '\n', ' ', 'Z'][rng.below(5)]);
            continue;
        }
        let lead = if rng.below(2) == 0 { 0xA1 + rng.below(9) } else { 0xB0 + rng.below(0x48) } as u8;
        let pair = [lead, 0xA1 + rng.below(0x5E) as u8];
        let (c, malformed) = encoding_rs::GB18030.decode_without_bom_handling(&pair);
        if !malformed && encoding_rs::GB18030.encode(&c).0[..] == pair {
            text.push_str(&c);
        }
    }
    text
}

#[test]
fn random_gb2312_text_round_trips_as_the_reference_writes_it() {
    let mut rng = Rng::new(0x4A2_2312);
    for _ in 0..300 {
        let len = 1 + rng.below(30);
        let text = random_gb2312_text(&mut rng, len);
        let bytes = HZ_GB_2312_2014.encode_str(&text).unwrap();
        assert_eq!(bytes, reference_hz(&text), "{text:?}");
        assert_eq!(HZ_GB_2312_2014.decode_to_string(&bytes).unwrap(), text);
    }
}

#[test]
fn every_driver_at_every_split_and_the_escape_round_trip() {
    let mut rng = Rng::new(0x4A2_2313);
    const TOKENS: &[&[u8]] =
        &[b"~{", b"~}", b"~~", b"~\n", b"~x", b"~", b"a", b"\n", b"<:", b"!!", b" !", b"\x7F!", b"\x80", b"\xFF"];
    for round in 0..40 {
        let input: Vec<u8> = if round % 2 == 0 {
            (0..6).flat_map(|_| TOKENS[rng.below(TOKENS.len())].iter().copied()).collect()
        } else {
            HZ_GB_2312_2014.encode_str(&random_gb2312_text(&mut rng, 5)).unwrap()
        };
        codec_test::check_decode_all(&HZ_GB_2312_2014, &input);
        codec_test::buffers::check_decode_buffers(&HZ_GB_2312_2014, &input);
        codec_test::fuzzing::check_items(&HZ_GB_2312_2014, &input);
        let points: Vec<CodePoint> = random_gb2312_text(&mut rng, 6).chars().map(CodePoint::from).collect();
        codec_test::check_encode_splits(&HZ_GB_2312_2014, &points);
        codec_test::buffers::check_encode_buffers(&HZ_GB_2312_2014, &points);
    }
    for _ in 0..400 {
        let input: Vec<u8> = match rng.below(2) {
            0 => (0..12).flat_map(|_| TOKENS[rng.below(TOKENS.len())].iter().copied()).collect(),
            _ => (0..rng.below(30)).map(|_| rng.next_u64() as u8).collect(),
        };
        codec_test::check_escape_round_trip(&HZ_GB_2312_2014, &input);
        let escaped = HZ_GB_2312_2014.decode_with(&input, DecodeMode::Escape).unwrap();
        assert!(escaped.len() <= input.len());
    }
}
