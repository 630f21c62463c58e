//! Corrected UTF-8 against the specification's own table and examples and
//! against a reference written from that table
//! (`codec_test::tables::{CORRECTED_TABLE, split_corrected,
//! corrected_value}`), never against this crate's code: the sweeps, the
//! round trips, the reserved sequences, the magic number and the document
//! rules, the core's contracts, and property tests.

use codec_core::{CodePoint, Codec, Decode, DecodeMode, Encode, EncodeMode, ErrorKind};
use codec_corrected_utf8::{CORRECTED_UTF_8, CORRECTED_UTF_8_C1, MAGIC, MAX_CODE_POINT, MAX_RESERVED_LEN, strip_magic};
use codec_test::cps;
use codec_test::tables::{CORRECTED_TABLE, Piece, corrected_value, pieces, split_corrected};
use proptest::prelude::*;

#[test]
fn long_inputs_encode_as_the_reference_across_the_fast_paths_blocks() {
    // The fast path encodes 4,096 code points at a time: a surrogate (which
    // neither codec encodes) just before, at and just after each block's
    // edge, at the ends, or nowhere, in text of one- to four-byte forms.
    let forms = [0x41, 0xE9, 0x20AC, 0x1_F600];
    let text: Vec<u32> = (0..3 * 4096 + 100).map(|i| forms[i % forms.len()]).collect();
    for at in [None, Some(0), Some(4095), Some(4096), Some(4097), Some(8191), Some(8192), Some(text.len() - 1)] {
        let mut values = text.clone();
        if let Some(at) = at {
            values[at] = 0xD800;
        }
        for codec in [&CORRECTED_UTF_8, &CORRECTED_UTF_8_C1] {
            codec_test::check_encode_fast_path(codec, &cps(&values));
        }
    }
}

/// Compares the decoder with the reference on `input`: the same pieces,
/// and the table's code point for every well-formed sequence.
fn check(input: &[u8]) {
    let got = pieces(&CORRECTED_UTF_8, input);
    assert_eq!(got, split_corrected(input, MAX_RESERVED_LEN), "{}", codec_test::hex::format(input));
    for item in CORRECTED_UTF_8.items(input).flatten() {
        let seq = &input[item.offset..item.end()];
        assert_eq!(item.point.map(CodePoint::to_u32), corrected_value(seq), "{}", codec_test::hex::format(seq));
    }
}

#[test]
fn the_table_is_consistent_with_itself() {
    // Each row's last code point is as far from its first as its last byte
    // sequence is from its first, and the rows follow each other but for
    // the two ranges the specification skips.
    let gaps: Vec<(u32, u32)> =
        CORRECTED_TABLE.windows(2).filter(|w| w[0].3 + 1 != w[1].2).map(|w| (w[0].3 + 1, w[1].2 - 1)).collect();
    assert_eq!(gaps, [(0x80, 0x9F), (0xD800, 0xDFFF)]);
    for &(first, last, lo, hi) in CORRECTED_TABLE {
        assert_eq!(corrected_value(first), Some(lo));
        assert_eq!(corrected_value(last), Some(hi));
    }
}

#[test]
fn every_row_of_the_specifications_table() {
    for &(first, last, lo, hi) in CORRECTED_TABLE {
        for (bytes, cp) in [(first, lo), (last, hi)] {
            assert_eq!(CORRECTED_UTF_8.decode(bytes), Ok(cps(&[cp])), "{}", codec_test::hex::format(bytes));
            assert_eq!(CORRECTED_UTF_8.encode(&cps(&[cp])).unwrap(), bytes, "U+{cp:04X}");
        }
    }
    // The spec's example: C0 AF is the unique encoding of U+00CF.
    assert_eq!(CORRECTED_UTF_8.decode(b"\xC0\xAF"), Ok(cps(&[0xCF])));
    // The highest code point, and the split inside lead EC.
    assert_eq!(MAX_CODE_POINT, 0x8421_109F);
    assert_eq!(CORRECTED_UTF_8.decode(b"\xEC\xBD\x9F\xEC\xBD\xA0"), Ok(cps(&[0xD7FF, 0xE000])));
}

#[test]
fn every_one_two_and_three_byte_input_agrees_with_the_reference() {
    for a in 0..=255u8 {
        check(&[a]);
        for b in 0..=255u8 {
            check(&[a, b]);
            for c in 0..=255u8 {
                check(&[a, b, c]);
            }
        }
    }
}

/// A deterministic sample of 4- to 6-byte inputs weighted towards the long
/// leads and continuation bytes (a random sample in proptests below too).
#[test]
fn a_sample_of_four_to_six_byte_inputs_agrees_with_the_reference() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let pick = |r: u64| -> u8 {
        match r % 8 {
            0 => 0xF0 + (r >> 8) as u8 % 16,
            1..=5 => 0x80 + (r >> 8) as u8 % 64,
            6 => (r >> 8) as u8,
            _ => [0x41, 0xC0, 0xDF, 0xE0, 0xEC, 0xEF, 0xFE, 0xFF][(r >> 8) as usize % 8],
        }
    };
    for _ in 0..300_000 {
        let r = next();
        let len = 4 + (r % 3) as usize;
        let input: Vec<u8> = (0..len).map(|_| pick(next())).collect();
        check(&input);
    }
}

/// The code points at every edge of the table, the C1 controls and the
/// surrogates, and the end of the range.
fn boundaries() -> Vec<u32> {
    let mut v = vec![0, 0x7F, 0x80, 0x9F, 0xA0, 0xD7FF, 0xD800, 0xDFFF, 0xE000, 0x10FFFF, 0x110000];
    for &(_, _, lo, hi) in CORRECTED_TABLE {
        v.extend([lo.saturating_sub(1), lo, hi, hi.saturating_add(1)]);
    }
    v.extend([0x8421_109F, 0x8421_10A0, 0xFFFF_FFFF]);
    v
}

fn encodable(v: u32) -> bool {
    !(0x80..=0x9F).contains(&v) && !(0xD800..=0xDFFF).contains(&v) && v <= 0x8421_109F
}

fn check_code_point(v: u32) {
    let cp = CodePoint::new(v);
    match CORRECTED_UTF_8.encode(&[cp]) {
        Ok(bytes) => {
            assert!(encodable(v), "U+{v:04X} encoded");
            assert_eq!(corrected_value(&bytes), Some(v), "U+{v:04X}");
            assert_eq!(CORRECTED_UTF_8.decode(&bytes), Ok(vec![cp]), "U+{v:04X}");
        }
        Err(e) => {
            assert!(!encodable(v), "U+{v:04X}: {e}");
            let want = if v > 0x8421_109F { ErrorKind::OutOfRange } else { ErrorKind::Unrepresentable };
            assert_eq!((e.index(), e.kind()), (0, want), "U+{v:04X}");
        }
    }
}

#[test]
fn every_code_point_to_u_110000_and_a_stride_beyond_round_trip() {
    for v in 0..=0x11_0000 {
        check_code_point(v);
    }
    for v in (0x11_0000..=0x8421_10A0).step_by(4999) {
        check_code_point(v);
    }
    for v in boundaries() {
        check_code_point(v);
    }
}

#[test]
fn byte_order_is_code_point_order() {
    let mut points: Vec<u32> = boundaries().into_iter().filter(|&v| encodable(v)).collect();
    points.extend((0..0x8421_109F).step_by(65_537).filter(|&v| encodable(v)));
    points.sort_unstable();
    points.dedup();
    let encoded: Vec<Vec<u8>> = points.iter().map(|&v| CORRECTED_UTF_8.encode(&cps(&[v])).unwrap()).collect();
    assert!(encoded.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn reserved_sequences_are_items_without_code_points() {
    let input = b"a\xFE\x80\x80b\xFF\xFE\xBF\xC0\xAF";
    assert_eq!(CORRECTED_UTF_8.validate(input), Ok(()));
    let items: Vec<_> = CORRECTED_UTF_8.items(input).map(Result::unwrap).collect();
    let shape: Vec<_> = items.iter().map(|i| (i.offset, i.len, i.point.map(CodePoint::to_u32))).collect();
    assert_eq!(
        shape,
        [(0, 1, Some(0x61)), (1, 3, None), (4, 1, Some(0x62)), (5, 1, None), (6, 2, None), (8, 2, Some(0xCF))]
    );
    // Each mode, as the core treats a `reserved` subpart.
    let err = CORRECTED_UTF_8.decode(input).unwrap_err();
    assert_eq!((err.valid_up_to(), err.error_len(), err.kind()), (1, Some(3), ErrorKind::Reserved));
    let mode = |m| CORRECTED_UTF_8.decode_with(input, m).unwrap();
    assert_eq!(mode(DecodeMode::Replace), cps(&[0x61, 0xFFFD, 0x62, 0xFFFD, 0xFFFD, 0xCF]));
    assert_eq!(mode(DecodeMode::Escape), cps(&[0x61, 0xDCFE, 0xDC80, 0xDC80, 0x62, 0xDCFF, 0xDCFE, 0xDCBF, 0xCF]));
    assert_eq!(mode(DecodeMode::Latin1), cps(&[0x61, 0xFE, 0x80, 0x80, 0x62, 0xFF, 0xFE, 0xBF, 0xCF]));
    assert_eq!(CORRECTED_UTF_8.encode_with(&mode(DecodeMode::Escape), EncodeMode::Escape).unwrap(), input);
    assert_eq!(CORRECTED_UTF_8.decode_to_string_lossy(input), "a\u{FFFD}b\u{FFFD}\u{FFFD}\u{CF}");
    // Ended by the end of input, by ASCII, by any lead byte.
    for (bytes, len) in
        [(&b"\xFE"[..], 1), (b"\xFE\x80", 2), (b"\xFF\x80\x41", 2), (b"\xFE\xC0\x80", 1), (b"\xFE\xFD", 1)]
    {
        assert_eq!(CORRECTED_UTF_8.items(bytes).next().unwrap().unwrap().len, len, "{bytes:x?}");
    }
}

#[test]
fn reserved_sequences_stream_byte_by_byte() {
    let input = b"\xFE\x80\x80\x80\x80\x80\x80x\xFF\xC0\x80\xFF";
    for &mode in DecodeMode::ALL {
        let chunks: Vec<&[u8]> = input.chunks(1).collect();
        assert_eq!(
            codec_test::decode_chunked(&CORRECTED_UTF_8, mode, &chunks),
            CORRECTED_UTF_8.decode_with(input, mode),
            "{mode}"
        );
    }
    let mut decoder = CORRECTED_UTF_8.decoder(DecodeMode::Fatal);
    for &b in &input[..7] {
        assert!(decoder.validate_chunk(&[b], false).is_ok());
    }
    assert!(decoder.validate_chunk(&input[7..], true).is_ok());
}

#[test]
fn a_reserved_sequence_without_end_hits_the_cap() {
    let mut long = vec![0xFEu8];
    long.resize(4 * MAX_RESERVED_LEN, 0xBF);
    let err = CORRECTED_UTF_8.validate(&long).unwrap_err();
    assert_eq!(
        (err.valid_up_to(), err.error_len(), err.kind()),
        (0, Some(MAX_RESERVED_LEN), ErrorKind::LengthOverLimit)
    );
    // One byte at a time, in linear time: the decoder holds at most the
    // cap, and what follows the cap is stray continuation bytes.
    let mut decoder = CORRECTED_UTF_8.decoder(DecodeMode::Replace);
    let mut out = Vec::new();
    for chunk in long.chunks(1) {
        decoder.decode_chunk(chunk, false, &mut out).unwrap();
    }
    decoder.decode_chunk(&[], true, &mut out).unwrap();
    assert_eq!(out.len(), 1 + long.len() - MAX_RESERVED_LEN);
    assert!(out.iter().all(|&c| c == CodePoint::REPLACEMENT));
    // At the cap exactly, it is still one reserved sequence.
    long.truncate(MAX_RESERVED_LEN);
    assert_eq!(CORRECTED_UTF_8.validate(&long), Ok(()));
    long.push(b'\n');
    assert_eq!(pieces(&CORRECTED_UTF_8, &long), [Piece::Reserved(MAX_RESERVED_LEN), Piece::Char(1)]);
}

#[test]
fn ill_formed_subparts() {
    let err = |b: &[u8]| {
        let e = CORRECTED_UTF_8.validate(b).unwrap_err();
        (e.valid_up_to(), e.error_len(), e.kind())
    };
    assert_eq!(err(b"a\x80"), (1, Some(1), ErrorKind::UnexpectedContinuation));
    assert_eq!(err(b"\xFC\x80\x80\x80\x80A"), (0, Some(5), ErrorKind::MissingContinuation));
    assert_eq!(err(b"\xE0\x80"), (0, None, ErrorKind::Truncated));
    assert_eq!(
        CORRECTED_UTF_8.decode_with(b"\xC0\xF0\x80\x80\x80\x80", DecodeMode::Replace).unwrap(),
        cps(&[0xFFFD, 0x110A0, 0xFFFD])
    );
}

#[test]
fn the_magic_number() {
    assert_eq!(CORRECTED_UTF_8.decode(&MAGIC), Ok(cps(&[0x10E7D, 0xED4E, 0x0000, 0x000A])));
    assert_eq!(CORRECTED_UTF_8.encode(&cps(&[0x10E7D, 0xED4E, 0x0000, 0x000A])).unwrap(), MAGIC);
    let rules = CORRECTED_UTF_8.document().unwrap();
    assert_eq!(rules.signature(), Some(&MAGIC[..]));
    let mut doc = Vec::new();
    rules.write_signature(&mut doc);
    doc.extend_from_slice(b"text\n");
    assert_eq!(rules.strip_signature(&doc), b"text\n");
    assert_eq!(strip_magic(&doc), b"text\n");
    assert_eq!(CORRECTED_UTF_8.decode_to_string(strip_magic(&doc)).unwrap(), "text\n");
}

fn findings(doc: &[u8]) -> Vec<(usize, &'static str, &'static str)> {
    let rules = CORRECTED_UTF_8_C1.document().unwrap();
    let all = rules.check(doc);
    // Fed one byte at a time, the same findings.
    let mut check = rules.checker();
    let mut streamed = Vec::new();
    for (i, b) in doc.iter().enumerate() {
        check.feed(std::slice::from_ref(b), i + 1 == doc.len(), &mut |f| streamed.push(f));
    }
    if doc.is_empty() {
        check.feed(&[], true, &mut |f| streamed.push(f));
    }
    assert_eq!(streamed, all);
    let level = |l| if l == codec_corrected_utf8::Level::Must { "must" } else { "should" };
    all.iter().map(|f| (f.offset, level(f.level), f.rule)).collect()
}

#[test]
fn the_document_rules() {
    let signed = |text: &[u8]| [&MAGIC[..], text].concat();
    assert_eq!(findings(&signed(b"fine\n")), []);
    assert_eq!(findings(&signed(b"")), []);
    assert_eq!(findings(b""), [(0, "should", "no_signature")]);
    assert_eq!(findings(b"x\n"), [(0, "should", "no_signature")]);
    let sep = CORRECTED_UTF_8.encode(&cps(&[0x2028, 0x41, 0x2029, 0x0A])).unwrap();
    assert_eq!(findings(&signed(&sep)), [(8, "should", "line_separator"), (12, "should", "paragraph_separator")]);
    assert_eq!(
        findings(&signed(b"a\r\n\tb\0\x7F")),
        [
            (9, "should", "carriage_return"),
            (11, "should", "c0_control"),
            (13, "must", "nul"),
            (15, "should", "no_final_newline"),
        ]
    );
    // The magic number anywhere but at the start is text: its U+0000 is not
    // exempt.
    let twice = [signed(b""), signed(b"")].concat();
    assert_eq!(findings(&twice), [(14, "must", "nul")]);
    // A short document that starts like the magic number.
    assert_eq!(
        findings(&MAGIC[..7]),
        [(0, "should", "no_signature"), (6, "must", "nul"), (7, "should", "no_final_newline")]
    );
}

#[test]
fn the_core_contracts_on_tricky_inputs() {
    let inputs: &[&[u8]] = &[
        b"",
        b"plain ASCII long enough for the kernels' eight-byte scan",
        &MAGIC,
        b"\xC0\xAF\xEC\xBD\x9F\xEC\xBD\xA0\xEF\xBF\xBF\xF0\x80\x80\x80\xF7\xBF\xBF\xBF",
        b"\xF8\x80\x80\x80\x80\xFB\xBF\xBF\xBF\xBF\xFC\x80\x80\x80\x80\x80\xFD\xBF\xBF\xBF\xBF\xBF",
        b"ascii then \xFE\x80\x80 reserved \xFF\xFF\xBF and \xC0",
        b"\x80\xC0\x41\xE0\x80\xF0\x80\x80\xFC\x80\x80\x80\x80\xE0",
        b"\xF3\xBE\xBB\x9F\xF3\xBE\xBB\xA0\xF3\xBE\xBB\xA5\xF3\xBE\xBB\xBF\xF3\xBE\xBC\x80",
        "Ï, € and \u{1F4A9} in UTF-8 bytes, which Corrected UTF-8 reads otherwise".as_bytes(),
    ];
    for codec in [&CORRECTED_UTF_8, &CORRECTED_UTF_8_C1] {
        for input in inputs {
            codec_test::check_decode_all(codec, input);
            codec_test::buffers::check_decode_buffers(codec, input);
            codec_test::buffers::check_transcode(codec, codec, input);
            codec_test::buffers::check_transcode(&CORRECTED_UTF_8, codec, input);
        }
        for points in [
            cps(&[0x41, 0x80, 0x9F, 0xA0, 0xD7FF, 0xD800, 0xDC80, 0xE000, 0x10FF80, 0x10FF9F, 0x10FFFF, 0x110000]),
            cps(&[0x8421_109F, 0x8421_10A0, 0x85, 0xFFFD, 0x1F4A9, 0x0A]),
            "Ascii first, then h\u{E9}llo \u{20AC}\u{1F4A9}".chars().map(CodePoint::from).collect(),
        ] {
            codec_test::check_encode_splits(codec, &points);
            codec_test::check_encode_fast_path(codec, &points);
            codec_test::buffers::check_encode_buffers(codec, &points);
        }
    }
}

#[test]
fn the_c1_opt_in() {
    let c1 = &CORRECTED_UTF_8_C1;
    for n in 0..0x20u32 {
        let control = cps(&[0x80 + n]);
        let bytes = c1.encode(&control).unwrap();
        assert_eq!(bytes, CORRECTED_UTF_8.encode(&cps(&[0x10_FF80 + n])).unwrap());
        assert_eq!(c1.decode(&bytes), Ok(control));
        let err = c1.encode(&cps(&[0x10_FF80 + n])).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Unrepresentable);
    }
    assert_eq!(c1.encode(&cps(&[0x85])).unwrap(), b"\xF3\xBE\xBB\xA5");
    // The neighbours of the carrying range are themselves.
    assert_eq!(c1.decode(b"\xF3\xBE\xBB\x9F\xF3\xBE\xBC\x80"), Ok(cps(&[0x10FF7F, 0x10FFA0])));
    // Surrogates stay unrepresentable; the domains say what each carries.
    assert_eq!(c1.encode(&cps(&[0xD800])).unwrap_err().kind(), ErrorKind::Unrepresentable);
    assert!(c1.info().domain.contains(CodePoint::new(0x85)));
    assert!(!c1.info().domain.contains(CodePoint::new(0x10FF85)));
    assert!(!CORRECTED_UTF_8.info().domain.contains(CodePoint::new(0x85)));
    assert_eq!(c1.info().name, "corrected-utf-8-c1");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn any_bytes_agree_with_the_reference_and_keep_the_contracts(bytes in codec_test::strategies::bytes(40)) {
        check(&bytes);
        codec_test::check_decode_splits(&CORRECTED_UTF_8, &bytes);
        codec_test::check_fast_paths(&CORRECTED_UTF_8, &bytes);
        codec_test::check_escape_round_trip(&CORRECTED_UTF_8, &bytes);
        codec_test::check_escape_round_trip(&CORRECTED_UTF_8_C1, &bytes);
    }

    #[test]
    fn every_well_formed_input_re_encodes_to_itself(bytes in codec_test::strategies::bytes(40)) {
        // Decode leniently, keep what decoded, and re-encode: the bytes of
        // each well-formed sequence come back, and the variants agree on
        // validity.
        prop_assert_eq!(CORRECTED_UTF_8.validate(&bytes), CORRECTED_UTF_8_C1.validate(&bytes));
        for codec in [&CORRECTED_UTF_8, &CORRECTED_UTF_8_C1] {
            for item in codec.items(&bytes).flatten() {
                if let Some(cp) = item.point {
                    prop_assert_eq!(codec.encode(&[cp]).unwrap(), &bytes[item.offset..item.end()]);
                }
            }
        }
    }

    #[test]
    fn code_points_round_trip_or_are_refused(points in codec_test::strategies::code_points(codec_test::strategies::Class::ALL, 16)) {
        for codec in [&CORRECTED_UTF_8, &CORRECTED_UTF_8_C1] {
            match codec.encode(&points) {
                Ok(bytes) => prop_assert_eq!(codec.decode(&bytes).unwrap(), points.clone()),
                Err(e) => prop_assert!(!codec.info().domain.contains(points[e.index()])),
            }
            codec_test::check_encode_fast_path(codec, &points);
        }
    }
}
