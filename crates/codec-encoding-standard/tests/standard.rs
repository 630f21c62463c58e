//! The encodings against values typed from the Encoding Standard's indexes
//! and label table, and against encoding_rs's own replacing decoder and
//! encoder on seeded random text, damaged and not.

use codec_encoding_standard::{
    ALL, BIG5, CodePoint, Codec, Decode, DecodeMode, EUC_JP, EUC_KR, Encode, EncodeMode, ErrorKind, GB18030, GBK,
    ISO_8859_2, KOI8_R, SHIFT_JIS, StandardEncoding, Step, WINDOWS_874, WINDOWS_1252, WINDOWS_1254, X_USER_DEFINED,
    for_label,
};
use codec_test::generate::Rng;
use encoding_rs::DecoderResult;

fn decode_one(codec: &StandardEncoding, bytes: &[u8]) -> Vec<u32> {
    codec.decode(bytes).unwrap().iter().map(|p| p.to_u32()).collect()
}

#[test]
fn the_indexes_give_the_standards_code_points() {
    // index-windows-1252 pointers 0, 22 and 1; index-koi8-r pointer 65.
    assert_eq!(decode_one(&WINDOWS_1252, b"\x80\x96\x81"), [0x20AC, 0x2013, 0x0081]);
    assert_eq!(decode_one(&KOI8_R, b"\xC1"), [0x0430]);
    // index-iso-8859-2 pointer 33 (byte A1): U+0104.
    assert_eq!(decode_one(&ISO_8859_2, b"\xA1"), [0x0104]);
    // x-user-defined: byte 80 + n is U+F780 + n.
    assert_eq!(decode_one(&X_USER_DEFINED, b"\x80\xFFa"), [0xF780, 0xF7FF, 0x61]);
    // index-jis0208 pointer 283 (82 A0 in Shift_JIS, A4 A2 in EUC-JP): あ.
    assert_eq!(decode_one(&SHIFT_JIS, b"\x82\xA0"), [0x3042]);
    assert_eq!(decode_one(&EUC_JP, b"\xA4\xA2\x8E\xB1"), [0x3042, 0xFF71]);
    // index-euc-kr pointer 2912 (B0 A1): 가; index-big5 pointer 5024 (A4 40): 一.
    assert_eq!(decode_one(&EUC_KR, b"\xB0\xA1"), [0xAC00]);
    assert_eq!(decode_one(&BIG5, b"\xA4\x40"), [0x4E00]);
    // gb18030 ranges: pointer 0 is U+0080; four-byte 90 30 81 30 is U+10000;
    // two-byte B0 A1 (index-gb18030 pointer 6555) is 啊; 80 is U+20AC.
    assert_eq!(decode_one(&GB18030, b"\x81\x30\x81\x30\x90\x30\x81\x30"), [0x80, 0x10000]);
    assert_eq!(decode_one(&GB18030, b"\xB0\xA1\x80"), [0x554A, 0x20AC]);
    assert_eq!(decode_one(&GBK, b"\x81\x30\x81\x30"), [0x80], "gbk's decoder is gb18030's");
}

#[test]
fn the_encoders_write_the_standards_bytes() {
    let encode = |codec: &StandardEncoding, s: &str| codec.encode_str(s).unwrap();
    assert_eq!(encode(&WINDOWS_1252, "\u{20AC}\u{2013}\u{E9}"), b"\x80\x96\xE9");
    assert_eq!(encode(&SHIFT_JIS, "\u{3042}\u{FF71}"), b"\x82\xA0\xB1");
    assert_eq!(
        encode(&GB18030, "\u{80}\u{10000}\u{554A}\u{20AC}"),
        b"\x81\x30\x81\x30\x90\x30\x81\x30\xB0\xA1\xA2\xE3"
    );
    // gbk's encoder writes 80 for U+20AC and has no four-byte sequences.
    assert_eq!(encode(&GBK, "\u{20AC}"), b"\x80");
    let err = GBK.encode_str("a\u{80}").unwrap_err();
    assert_eq!((err.index(), err.kind()), (1, ErrorKind::Unrepresentable));
    // gb18030's encoder refuses U+E5E5 (its old pointer A3 A0 decodes to
    // U+3000), and its domain leaves it out.
    let err = GB18030.encode_str("a\u{E5E5}").unwrap_err();
    assert_eq!((err.index(), err.kind()), (1, ErrorKind::Unrepresentable));
    assert!(!GB18030.info().domain.contains(CodePoint::new(0xE5E5)));
    assert!(GB18030.info().domain.contains(CodePoint::new(0xE5E4)));
    // Private-use code points that encode to pointers GB 18030-2022 gave to
    // characters (A6 D9 is U+FE10, FE 59 U+9FB4): outside the domain, and
    // every other code point of the BMP in it reads back as itself.
    for (cp, bytes, back) in [(0xE78D, b"\xA6\xD9", 0xFE10), (0xE81E, b"\xFE\x59", 0x9FB4)] {
        assert_eq!(GB18030.encode(&[CodePoint::new(cp)]).unwrap(), bytes);
        assert_eq!(decode_one(&GB18030, bytes), [back]);
        assert!(!GB18030.info().domain.contains(CodePoint::new(cp)));
    }
    for v in (0..=0xFFFF).filter(|&v| GB18030.info().domain.contains(CodePoint::new(v))) {
        let c = char::from_u32(v).unwrap().to_string();
        let (bytes, _, unmappable) = GB18030.encoding().encode(&c);
        assert!(!unmappable && GB18030.encoding().decode_without_bom_handling(&bytes).0 == c, "U+{v:04X}");
    }
    // euc-jp's encoder: U+00A5 is 5C, U+2212 is U+FF0D's A1 DD (the Standard's §12.1.2).
    assert_eq!(encode(&EUC_JP, "\u{A5}\u{2212}"), b"\x5C\xA1\xDD");
}

#[test]
fn errors_have_the_standards_lengths_and_kinds() {
    let first = |codec: &StandardEncoding, bytes: &[u8]| {
        let e = codec.validate(bytes).expect_err(&format!("{}: {bytes:02X?}", codec.info().name));
        (e.valid_up_to(), e.error_len(), e.kind())
    };
    // windows-1253's index leaves byte AA unmapped.
    assert_eq!(first(&codec_encoding_standard::WINDOWS_1253, b"a\xAA"), (1, Some(1), ErrorKind::InvalidLead));
    // A lead byte before an ASCII byte: one byte, and the ASCII byte read again.
    assert_eq!(first(&SHIFT_JIS, b"\x82A"), (0, Some(1), ErrorKind::MissingContinuation));
    assert_eq!(SHIFT_JIS.decode_to_string_lossy(b"\x82A"), "\u{FFFD}A");
    // A lead and a trail with a null pointer (85 80 is pointer 815, in row 9
    // of JIS X 0208, which is unassigned): both bytes; with an ASCII trail
    // (85 40, pointer 752), the lead alone, the `@` read again.
    assert_eq!(first(&SHIFT_JIS, b"\x85\x80"), (0, Some(2), ErrorKind::Unrepresentable));
    assert_eq!(first(&SHIFT_JIS, b"\x85\x40"), (0, Some(1), ErrorKind::MissingContinuation));
    // Bytes that start nothing; the end of input inside a sequence.
    // (shift_jis reads 80 as U+0080; A0 and FD..FF start nothing.)
    assert_eq!(first(&SHIFT_JIS, b"a\x80\xA0"), (2, Some(1), ErrorKind::InvalidLead));
    assert_eq!(first(&GB18030, b"a\x81\x30\x81"), (1, None, ErrorKind::Truncated));
    // gb18030: a four-byte sequence beyond the ranges is four bytes; a bad
    // fourth byte is one byte, the rest read again.
    assert_eq!(first(&GB18030, b"\xFE\x39\xFE\x39"), (0, Some(4), ErrorKind::Unrepresentable));
    // (30 and 81 are read again: 30 is `0`, and 81 a lead cut by the space.)
    assert_eq!(first(&GB18030, b"\x81\x30\x81 "), (0, Some(1), ErrorKind::MissingContinuation));
    assert_eq!(GB18030.decode_to_string_lossy(b"\x81\x30\x81 "), "\u{FFFD}0\u{FFFD} ");
}

#[test]
fn big5s_two_code_point_sequences_are_two_code_points() {
    // index-big5 pointers 1133, 1135, 1164 and 1166 (lead 88): §11.1's
    // table of two code points each, typed from it.
    let pairs: [([u8; 2], [u32; 2]); 4] = [
        ([0x88, 0x62], [0xCA, 0x304]),
        ([0x88, 0x64], [0xCA, 0x30C]),
        ([0x88, 0xA3], [0xEA, 0x304]),
        ([0x88, 0xA5], [0xEA, 0x30C]),
    ];
    for (bytes, points) in pairs {
        assert!(BIG5.validate(&bytes).is_ok());
        let (point, second) = (CodePoint::new(points[0]), CodePoint::new(points[1]));
        assert_eq!(BIG5.decode_step(&bytes, true), Step::Pair { point, second, len: 2 });
        for mode in [DecodeMode::Fatal, DecodeMode::Replace] {
            assert_eq!(BIG5.decode_with(&bytes, mode).unwrap(), [point, second], "{bytes:02X?}, {mode}");
        }
        // Between text, and before a lead cut by the end, in both modes, at
        // every split.
        let input = [&b"a"[..], &bytes, b"\xA4\x40", &bytes, b"!\x88"].concat();
        let expected = [0x61, points[0], points[1], 0x4E00, points[0], points[1], 0x21, 0xFFFD].map(CodePoint::new);
        assert_eq!(BIG5.decode_with(&input, DecodeMode::Replace).unwrap(), expected);
        let e = BIG5.decode(&input).unwrap_err();
        assert_eq!((e.valid_up_to(), e.error_len(), e.kind()), (8, None, ErrorKind::Truncated));
        codec_test::check_decode_splits(&BIG5, &input);
        codec_test::buffers::check_decode_buffers(&BIG5, &input);
        // Through the transcoder's pivot (replacement's encoder is UTF-8's).
        codec_test::buffers::check_transcode(&BIG5, &codec_encoding_standard::REPLACEMENT, &input);
        // The encoder writes neither (no pointer has two code points):
        // escape mode keeps their bytes.
        let escaped = BIG5.decode_with(&bytes, DecodeMode::Escape).unwrap();
        assert_eq!(escaped, [CodePoint::new(0xDC88), CodePoint::new(0xDC00 + u32::from(bytes[1]))]);
        codec_test::check_escape_round_trip(&BIG5, &input);
    }
}

#[test]
fn every_label_of_the_standards_table_finds_its_encoding() {
    // Labels typed from the Standard's table (§4), today's version.
    let cases = [
        ("latin1", "windows-1252"),
        ("iso-8859-1", "windows-1252"),
        ("ascii", "windows-1252"),
        ("us-ascii", "windows-1252"),
        (" Windows-1252\t", "windows-1252"),
        ("iso-8859-9", "windows-1254"),
        ("tis-620", "windows-874"),
        ("sjis", "shift_jis"),
        ("ms_kanji", "shift_jis"),
        ("windows-31j", "shift_jis"),
        ("gb2312", "gbk"),
        ("x-gbk", "gbk"),
        ("gb18030", "gb18030"),
        ("big5-hkscs", "big5"),
        ("korean", "euc-kr"),
        ("koi8", "koi8-r"),
        ("cp866", "ibm866"),
        ("logical", "iso-8859-8-i"),
        ("x-mac-ukrainian", "x-mac-cyrillic"),
    ];
    for (label, name) in cases {
        assert_eq!(for_label(label).map(|e| e.info().name), Some(name), "{label}");
        assert!(for_label(label).unwrap().info().matches(label), "{label} is among the aliases");
    }
    assert_eq!(for_label("latin1"), Some(&WINDOWS_1252));
    assert_eq!(for_label("iso-8859-9"), Some(&WINDOWS_1254));
    assert_eq!(for_label("iso-8859-11"), Some(&WINDOWS_874));
    // Encodings other crates implement, the stateful one, replacement.
    for label in ["utf-8", "utf-16", "utf-16be", "iso-2022-jp", "hz-gb-2312", "replacement", "no-such"] {
        assert_eq!(for_label(label), None, "{label}");
    }
    // Each alias is a label of its encoding, and together with the names
    // they are the table's 228 labels but the 23 of utf-8 (6), utf-16le
    // (7), utf-16be (2), replacement (6) and iso-2022-jp (2).
    let mut count = 0;
    for codec in ALL {
        let info = codec.info();
        for label in std::iter::once(info.name).chain(info.aliases.iter().copied()) {
            assert_eq!(encoding_rs::Encoding::for_label(label.as_bytes()), Some(codec.encoding()), "{label}");
            assert_eq!(for_label(label), Some(*codec), "{label}");
            count += 1;
        }
    }
    assert_eq!(count, 228 - 23);
    assert_eq!(ALL.len(), 35);
}

/// The characters an encoding maps both ways: every character its bytes
/// decode to (single-byte), or a sample of the BMP and of plane 2 that its
/// encoder maps to bytes that decode to it again (multi-byte: euc-jp
/// writes U+00A5 as `5C`, which reads as U+005C).
fn repertoire(codec: &StandardEncoding, rng: &mut Rng) -> Vec<char> {
    let encoding = codec.encoding();
    let both_ways = |c: char| {
        let s = c.to_string();
        let (bytes, _, unmappable) = encoding.encode(&s);
        !unmappable && encoding.decode_without_bom_handling(&bytes).0 == s
    };
    let mut chars: Vec<char> = (0..=255u8)
        .filter_map(|b| encoding.decode_without_bom_handling_and_without_replacement(&[b]).map(|s| s.into_owned()))
        .flat_map(|s| s.chars().collect::<Vec<char>>())
        .filter(|&c| both_ways(c))
        .collect();
    if !codec.is_single_byte() {
        while chars.len() < 2000 {
            let v = if rng.below(8) == 0 { 0x2_0000 + rng.below(0x1_0000) } else { rng.below(0x1_0000) };
            if let Some(c) = char::from_u32(v as u32).filter(|&c| both_ways(c)) {
                chars.push(c);
            }
        }
    }
    chars
}

/// Random text of `len` characters from `chars`.
fn text(chars: &[char], len: usize, rng: &mut Rng) -> String {
    (0..len).map(|_| chars[rng.below(chars.len())]).collect()
}

#[test]
fn random_text_round_trips_as_encoding_rs_writes_it() {
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
    for codec in ALL {
        let chars = repertoire(codec, &mut rng);
        for _ in 0..20 {
            let s = text(&chars, rng.below(40), &mut rng);
            let bytes = codec.encode_str(&s).unwrap();
            assert_eq!(bytes, &*codec.encoding().encode(&s).0, "{}: {s:?}", codec.info().name);
            assert_eq!(codec.decode_to_string(&bytes).unwrap(), s, "{}", codec.info().name);
        }
        // What it cannot encode, as HTML numeric references: encoding_rs's
        // `encode` does the same.
        let s = format!("{}\u{1F4A9}\u{10FFFF}{}", text(&chars, 3, &mut rng), text(&chars, 3, &mut rng));
        let points: Vec<CodePoint> = s.chars().map(CodePoint::from).collect();
        let html = codec.encode_with(&points, EncodeMode::Html).unwrap();
        let expected = codec.encoding().encode(&s).0;
        assert_eq!(html, &*expected, "{}: {s:?}", codec.info().name);
        // The Standard's URL mode: byte 3F for each of them, here after
        // encoding_rs's encoding of each character it maps.
        let url = codec.encode_with(&points, EncodeMode::Url).unwrap();
        let mut expected = Vec::new();
        for c in s.chars() {
            let mut utf8 = [0; 4];
            let (bytes, _, unmappable) = codec.encoding().encode(c.encode_utf8(&mut utf8));
            expected.extend_from_slice(if unmappable { b"?" } else { &bytes });
        }
        assert_eq!(url, expected, "{}: {s:?}", codec.info().name);
    }
}

/// `bytes` damaged: bytes replaced, inserted and removed at random, maybe
/// cut short.
fn damaged(mut bytes: Vec<u8>, rng: &mut Rng) -> Vec<u8> {
    for _ in 0..=bytes.len() / 6 {
        let at = rng.below(bytes.len() + 1);
        match rng.below(3) {
            0 if at < bytes.len() => bytes[at] = rng.next_u64() as u8,
            1 => bytes.insert(at, rng.next_u64() as u8),
            _ if at < bytes.len() => {
                bytes.remove(at);
            }
            _ => {}
        }
    }
    if rng.below(4) == 0 && !bytes.is_empty() {
        bytes.truncate(rng.below(bytes.len()));
    }
    bytes
}

/// The errors encoding_rs's decoder reports, as (offset, length) of each
/// malformed sequence.
fn oracle_errors(codec: &StandardEncoding, input: &[u8]) -> Vec<(usize, usize)> {
    let mut decoder = codec.encoding().new_decoder_without_bom_handling();
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

/// Decodes as replace mode does, item by item (big5's pairs are two), and
/// the errors as (offset, length).
fn replaced(codec: &StandardEncoding, input: &[u8]) -> (String, Vec<(usize, usize)>) {
    let (mut s, mut errors) = (String::new(), Vec::new());
    for item in codec.items(input) {
        match item {
            Ok(item) => s.push(item.point.unwrap().to_char().unwrap()),
            Err(e) => {
                s.push('\u{FFFD}');
                errors.push((e.valid_up_to(), e.error_len().unwrap_or(input.len() - e.valid_up_to())));
            }
        }
    }
    (s, errors)
}

#[test]
fn damaged_text_decodes_as_encoding_rs_replaces_it() {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    for codec in ALL {
        let chars = repertoire(codec, &mut rng);
        for round in 0..150 {
            let input = if round % 5 == 0 {
                (0..rng.below(24)).map(|_| rng.next_u64() as u8).collect()
            } else {
                damaged(codec.encode_str(&text(&chars, rng.below(24), &mut rng)).unwrap(), &mut rng)
            };
            let name = codec.info().name;
            let expected = codec.encoding().decode_without_bom_handling(&input).0;
            let (text, errors) = replaced(codec, &input);
            assert_eq!(text, expected, "{name}: {input:02X?}");
            assert_eq!(errors, oracle_errors(codec, &input), "{name}: {input:02X?}");
            // Replace mode through the driver.
            assert_eq!(codec.decode_to_string_lossy(&input), expected, "{name}: {input:02X?}");
            let points = codec.decode_with(&input, DecodeMode::Replace).unwrap();
            assert!(points.iter().map(|p| p.to_char().unwrap()).eq(expected.chars()), "{name}: {input:02X?}");
        }
    }
}

#[test]
fn streaming_at_every_split_equals_one_shot() {
    let mut rng = Rng::new(0xD1B5_4A32_D192_ED03);
    for codec in ALL {
        let chars = repertoire(codec, &mut rng);
        for round in 0..4 {
            let valid = codec.encode_str(&text(&chars, 6, &mut rng)).unwrap();
            let input = if round % 2 == 0 { valid } else { damaged(valid, &mut rng) };
            codec_test::check_decode_all(codec, &input);
            let points: Vec<CodePoint> =
                text(&chars, 5, &mut rng).chars().chain(['\u{1F4A9}']).map(CodePoint::from).collect();
            codec_test::check_encode_splits(codec, &points);
        }
    }
}

#[test]
fn decoding_apart_at_restart_points_equals_decoding_whole() {
    let mut rng = Rng::new(0x0123_4567_89AB_CDEF);
    for codec in ALL {
        let chars: Vec<char> = repertoire(codec, &mut rng).into_iter().chain(['\n', ' ', '(']).collect();
        for _ in 0..40 {
            let input = damaged(codec.encode_str(&text(&chars, 30, &mut rng)).unwrap(), &mut rng);
            let Some(p) = codec.restart_point(&input) else { continue };
            let mut apart = codec.decode_lossy(&input[..p]);
            apart.extend(codec.decode_lossy(&input[p..]));
            assert_eq!(apart, codec.decode_lossy(&input), "{}: {input:02X?} at {p}", codec.info().name);
        }
    }
}

/// The fast paths (encoding_rs's buffer APIs, `fast.rs`) against the
/// step-by-step reference: every buffer API, every mode, several chunkings
/// and output sizes down to one element, on text that is valid, damaged,
/// long enough to fill the scratch blocks of validation and decoding to
/// code points (1,024 units), and for big5 with its two-code-point
/// sequences and a lone `88` among them; encoding, on text with lone
/// surrogates and characters the encoding does not map.
#[test]
fn fast_paths_agree_with_the_reference_over_every_buffer_api() {
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
    for codec in ALL {
        let chars = repertoire(codec, &mut rng);
        for round in 0..3 {
            let valid = codec.encode_str(&text(&chars, 40, &mut rng)).unwrap();
            let input = if round == 0 { valid } else { damaged(valid, &mut rng) };
            codec_test::buffers::check_decode_buffers(codec, &input);
            let mut points: Vec<CodePoint> = text(&chars, 12, &mut rng).chars().map(CodePoint::from).collect();
            points.insert(rng.below(points.len() + 1), CodePoint::from('\u{1F4A9}'));
            points.insert(rng.below(points.len() + 1), CodePoint::new(0xD800));
            codec_test::buffers::check_encode_buffers(codec, &points);
        }
        let long = damaged(codec.encode_str(&text(&chars, 6000, &mut rng)).unwrap(), &mut rng);
        codec_test::check_fast_paths(codec, &long);
        codec_test::buffers::check_text_conversions(codec, &long);
    }
    for input in [&b"\x88\x62\x88\x64a\x88\xA3\x88\xA5\x88"[..], b"ab\x88\x40\x88\x62", b"\xA4\x40\x88\xA3\xA4\x40"] {
        codec_test::buffers::check_decode_buffers(&BIG5, input);
        codec_test::check_fast_paths(&BIG5, input);
    }
}

/// The encodings whose fast paths say they take canonical forms only (and
/// so run in escape mode) decode no code point from a form their encoder
/// does not write: every sequence of one and two bytes, read.
#[test]
fn fast_paths_that_run_in_escape_mode_take_canonical_forms_only() {
    let mut claimed = 0;
    for codec in ALL {
        if !Decode::fast_paths(codec).is_some_and(codec_core::FastPaths::canonical_only) {
            continue;
        }
        claimed += 1;
        let one = (0..=0xFFu8).map(|b| vec![b]);
        let two = (0x80..=0xFFu8).flat_map(|a| (0..=0xFFu8).map(move |b| vec![a, b]));
        for form in one.chain(two) {
            if let Step::Point { len, .. } = codec.decode_step(&form, true)
                && len == form.len()
            {
                assert!(codec.is_canonical(&form), "{}: {form:02X?}", codec.info().name);
            }
        }
    }
    assert_eq!(claimed, 30, "the 28 single-byte encodings, x-user-defined and euc-kr");
}
