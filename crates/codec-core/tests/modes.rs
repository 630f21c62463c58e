//! The provided methods and every error mode, on the reference codecs of
//! `common`. Expected values are worked out by hand from the definitions of
//! the modes (one U+FFFD per maximal subpart; U+DC00 + byte; Latin-1; the
//! WHATWG windows-1252 index).

mod common;

use codec_core::{CodePoint, Decode, DecodeError, DecodeMode, Encode, EncodeError, EncodeMode, ErrorKind, Item};
use common::{Mini, Ucs2, cps};

/// a, é (C3 A9), stray continuation 80, C3 cut short by b, C0, E9, and a C3
/// truncated by the end of input.
const MIXED: &[u8] = b"a\xC3\xA9\x80\xC3b\xC0\xE9\xC3";

#[test]
fn every_decode_mode_on_mixed_input() {
    let expected: &[(DecodeMode, &[u32])] = &[
        (DecodeMode::Replace, &[0x61, 0xE9, 0xFFFD, 0xFFFD, 0x62, 0xFFFD, 0xFFFD, 0xFFFD]),
        (DecodeMode::Escape, &[0x61, 0xE9, 0xDC80, 0xDCC3, 0x62, 0xDCC0, 0xDCE9, 0xDCC3]),
        (DecodeMode::Latin1, &[0x61, 0xE9, 0x80, 0xC3, 0x62, 0xC0, 0xE9, 0xC3]),
        (DecodeMode::Windows1252, &[0x61, 0xE9, 0x20AC, 0xC3, 0x62, 0xC0, 0xE9, 0xC3]),
        // Every subpart dropped: a, é, b are left.
        (DecodeMode::Ignore, &[0x61, 0xE9, 0x62]),
    ];
    for &(mode, points) in expected {
        assert_eq!(Mini.decode_with(MIXED, mode), Ok(cps(points)), "{mode}");
    }
    let fatal = DecodeError::new(3, Some(1), ErrorKind::UnexpectedContinuation);
    assert_eq!(Mini.decode_with(MIXED, DecodeMode::Fatal), Err(fatal));
    assert_eq!(Mini.decode(MIXED), Err(fatal));
    assert_eq!(Mini.validate(MIXED), Err(fatal));
    assert_eq!(Mini.valid_up_to(MIXED), 3);
    assert_eq!(Mini.decode_lossy(MIXED), Mini.decode_with(MIXED, DecodeMode::Replace).unwrap());
}

#[test]
fn a_truncated_end_is_an_error_without_length() {
    let e = Mini.decode(b"ab\xC3").unwrap_err();
    assert_eq!((e.valid_up_to(), e.error_len(), e.kind()), (2, None, ErrorKind::Truncated));
    assert_eq!(Ucs2.validate(b"\x00A\x00"), Err(DecodeError::new(2, None, ErrorKind::Truncated)));
}

#[test]
fn windows_1252_follows_the_whatwg_index() {
    // From the WHATWG index-windows-1252 (pointers 0..31 are bytes 80..9F).
    let rows = [
        (0x80, 0x20AC),
        (0x81, 0x81),
        (0x8D, 0x8D),
        (0x8F, 0x8F),
        (0x90, 0x90),
        (0x9D, 0x9D),
        (0x9F, 0x178),
        (0x99, 0x2122),
        (0x85, 0x2026),
        (0xA0, 0xA0),
        (0xFF, 0xFF),
        (0x41, 0x41),
    ];
    // The example codec is ASCII: every byte from 80 on is a subpart of its
    // own, which the mode decodes as that table says.
    for (byte, cp) in rows {
        let decoded = codec_core::doc_example::Ascii.decode_with(&[byte], DecodeMode::Windows1252).unwrap();
        assert_eq!(decoded, [CodePoint::new(cp)], "{byte:02X}");
    }
}

#[test]
fn items_report_every_sequence_and_subpart_with_offsets() {
    let items: Vec<_> = Mini.items(MIXED).collect();
    let ok = |offset, len, cp| Ok(Item { offset, len, point: Some(CodePoint::new(cp)) });
    let err = |offset, len, kind| Err(DecodeError::new(offset, len, kind));
    assert_eq!(
        items,
        [
            ok(0, 1, 0x61),
            ok(1, 2, 0xE9),
            err(3, Some(1), ErrorKind::UnexpectedContinuation),
            err(4, Some(1), ErrorKind::MissingContinuation),
            ok(5, 1, 0x62),
            err(6, Some(1), ErrorKind::InvalidLead),
            err(7, Some(1), ErrorKind::InvalidLead),
            err(8, None, ErrorKind::Truncated),
        ]
    );
    assert_eq!(Mini.items(b"").count(), 0);
}

#[test]
fn a_fatal_error_writes_nothing() {
    let mut out = cps(&[0x31]);
    assert!(Mini.decode_into(b"ok\xFF", DecodeMode::Fatal, &mut out).is_err());
    assert_eq!(out, cps(&[0x31]));
    let mut bytes = vec![9u8];
    assert!(Mini.encode_into(&cps(&[0x41, 0x800]), EncodeMode::Fatal, &mut bytes).is_err());
    assert_eq!(bytes, [9]);
}

#[test]
fn every_encode_mode() {
    let input = cps(&[0x41, 0x20AC, 0xE9]);
    assert_eq!(Mini.encode(&input), Err(EncodeError::new(1, CodePoint::new(0x20AC), ErrorKind::OutOfRange)));
    // Mini cannot encode U+FFFD either, so replace falls back to '?'.
    assert_eq!(Mini.encode_with(&input, EncodeMode::Replace).unwrap(), b"A?\xC3\xA9");
    assert_eq!(Mini.encode_with(&input, EncodeMode::Html).unwrap(), b"A&#8364;\xC3\xA9");
    // The WHATWG encoder's URL mode: a question mark, as the codec writes it.
    assert_eq!(Mini.encode_with(&input, EncodeMode::Url).unwrap(), b"A?\xC3\xA9");
    assert_eq!(Ucs2.encode_with(&cps(&[0x41, 0x10000]), EncodeMode::Url).unwrap(), b"\x00A\x00?");
    assert_eq!(
        Mini.encode_with(&input, EncodeMode::Escape),
        Err(EncodeError::new(1, CodePoint::new(0x20AC), ErrorKind::OutOfRange))
    );
    // UCS-2 encodes U+FFFD.
    assert_eq!(Ucs2.encode_with(&cps(&[0x10000]), EncodeMode::Replace).unwrap(), b"\xFF\xFD");
    assert_eq!(
        Ucs2.encode_with(&cps(&[0x1F4A9]), EncodeMode::Html).unwrap(),
        b"\x00&\x00#\x001\x002\x008\x001\x006\x009\x00;"
    );
    // Escapes always become raw bytes, even where the codec could encode them.
    assert_eq!(
        Ucs2.encode_with(&cps(&[0xDC80, 0x41, 0xDCFF, 0xDC00]), EncodeMode::Escape).unwrap(),
        b"\x80\x00A\xFF\x00"
    );
    assert_eq!(Ucs2.encode(&cps(&[0xDC80])).unwrap(), b"\xDC\x80");
    assert_eq!(Mini.encode_str("é!").unwrap(), b"\xC3\xA9!");
}

#[test]
fn look_ahead_rules_see_the_real_neighbour() {
    let pair = cps(&[0xD800, 0xDC00]);
    assert_eq!(Ucs2.encode(&pair), Err(EncodeError::new(0, CodePoint::new(0xD800), ErrorKind::SurrogatePair)));
    assert_eq!(Ucs2.encode_with(&pair, EncodeMode::Replace).unwrap(), b"\xFF\xFD\xDC\x00");
    assert_eq!(Ucs2.encode(&cps(&[0xD800, 0x41])).unwrap(), b"\xD8\x00\x00A");
    assert_eq!(Ucs2.encode(&cps(&[0xD800])).unwrap(), b"\xD8\x00");
    // An escape between them ends the look-ahead: the lead stands alone.
    assert_eq!(Ucs2.encode_with(&cps(&[0xD800, 0xDC41]), EncodeMode::Escape).unwrap(), b"\xD8\x00\x41");
}

#[test]
fn escape_mode_escapes_well_formed_escape_range_code_points_too() {
    // DC 80 is a well-formed U+DC80 in UCS-2; escaping it byte-wise keeps the
    // round trip lossless.
    let input = b"\xDC\x80\x00A\xDC";
    let points = Ucs2.decode_with(input, DecodeMode::Escape).unwrap();
    assert_eq!(points, cps(&[0xDCDC, 0xDC80, 0x41, 0xDCDC]));
    assert_eq!(Ucs2.encode_with(&points, EncodeMode::Escape).unwrap(), input);
    // U+DD00 is outside the escape range and decodes as itself.
    assert_eq!(Ucs2.decode_with(b"\xDD\x00", DecodeMode::Escape).unwrap(), cps(&[0xDD00]));
}

#[test]
fn the_reference_drivers_agree_on_codecs_without_fast_paths() {
    for &mode in DecodeMode::ALL {
        let mut reference = Vec::new();
        let result = codec_core::reference::decoder(&Mini, mode).decode_chunk(MIXED, true, &mut reference);
        assert_eq!(result.map(|()| reference), Mini.decode_with(MIXED, mode));
    }
    let reference = codec_core::reference::decoder(&Mini, DecodeMode::Fatal).validate_chunk(MIXED, true);
    assert_eq!(reference, Mini.validate(MIXED));
}

#[test]
fn modes_parse_from_their_labels() {
    for &m in DecodeMode::ALL {
        assert_eq!(m.to_string().parse::<DecodeMode>(), Ok(m));
        assert_eq!(format!(" {} ", m.to_string().to_uppercase()).parse::<DecodeMode>(), Ok(m));
    }
    for &m in EncodeMode::ALL {
        assert_eq!(m.to_string().parse::<EncodeMode>(), Ok(m));
    }
    assert!("strict".parse::<DecodeMode>().is_err());
    assert!("latin1".parse::<EncodeMode>().is_err());
}

#[test]
fn ignore_mode_drops_subparts_and_unencodable_code_points() {
    // Decoding: the five subparts of MIXED (80, C3, C0, E9, C3) add nothing,
    // whatever the sink and the chunking.
    let mut dst = [0u8; 16];
    let (status, read, written) = Mini.decoder(DecodeMode::Ignore).decode_to_utf8(MIXED, &mut dst, true);
    assert_eq!((status, read, &dst[..written]), (codec_core::Status::InputEmpty, MIXED.len(), "a\u{E9}b".as_bytes()));
    let mut decoder = Mini.decoder(DecodeMode::Ignore);
    let mut out = Vec::new();
    for &b in MIXED {
        decoder.decode_chunk(&[b], false, &mut out).unwrap();
    }
    decoder.decode_chunk(&[], true, &mut out).unwrap();
    assert_eq!(out, cps(&[0x61, 0xE9, 0x62]));
    // The two-byte subpart of UCS-2's pair rule is the lead's unit; the
    // lone trail after it is well-formed and stays.
    let points = Ucs2.decode_with(b"\x00A\xD8\x00\xDC\x00\x00B", DecodeMode::Ignore).unwrap();
    assert_eq!(points, cps(&[0x41, 0xDC00, 0x42]));
    // Encoding: U+20AC is beyond Mini, so it is dropped and A é are kept.
    assert_eq!(Mini.encode_with(&cps(&[0x41, 0x20AC, 0xE9]), EncodeMode::Ignore).unwrap(), b"A\xC3\xA9");
    assert_eq!(Mini.encode_with(&cps(&[0x20AC, 0x20AC]), EncodeMode::Ignore).unwrap(), b"");
    // The lead of a pair is what UCS-2 refuses; the trail is encoded alone.
    assert_eq!(Ucs2.encode_with(&cps(&[0xD800, 0xDC00]), EncodeMode::Ignore).unwrap(), b"\xDC\x00");
    // Through the transcoder, both sides at once.
    let mut t = codec_core::Transcoder::new(Mini, DecodeMode::Ignore, Ucs2, EncodeMode::Ignore);
    let mut dst = [0u8; 32];
    let (status, _, written) = t.transcode(b"\xF0\x80a\xC3\xA9", &mut dst, true);
    assert_eq!((status, &dst[..written]), (codec_core::Status::InputEmpty, &b"\x00a\x00\xE9"[..]));
}

#[test]
fn ignore_mode_drops_before_the_encoder_looks_ahead() {
    // UCS-2's rule refuses a lead followed by a trail. With U+10000 between
    // them, dropping U+10000 first leaves the pair the rule refuses, so the
    // lead goes too: writing `D8 00` then `DC 00` would put the refused pair
    // in the output after all (decision 0011).
    let input = cps(&[0x41, 0xD800, 0x10000, 0xDC00, 0x42]);
    let expected: &[u8] = b"\x00A\xDC\x00\x00B";
    assert_eq!(Ucs2.encode_with(&input, EncodeMode::Ignore).unwrap(), expected);
    // The same for every split into chunks.
    for cut in 0..=input.len() {
        for cut2 in cut..=input.len() {
            let mut encoder = Ucs2.encoder(EncodeMode::Ignore);
            let mut out = Vec::new();
            encoder.encode_chunk(&input[..cut], false, &mut out).unwrap();
            encoder.encode_chunk(&input[cut..cut2], false, &mut out).unwrap();
            encoder.encode_chunk(&input[cut2..], true, &mut out).unwrap();
            assert_eq!(out, expected, "cuts {cut} {cut2}");
        }
    }
}
