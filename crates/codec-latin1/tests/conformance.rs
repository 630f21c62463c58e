//! ISO-8859-1 and US-ASCII against their specifications: every byte, every
//! code point U+0000..U+0100 and a few beyond, the fast paths against the
//! reference drivers on long mixed inputs, every split and buffer size.
//!
//! Expected values come from the specifications' tables as std states
//! them: ISO-8859-1 (with ISO/IEC 6429's controls) is `char::from(u8)`,
//! "the Unicode code point of the same value" (std's docs: "this encoding
//! is ISO-8859-1"), and US-ASCII is `u8::is_ascii`.

use codec_latin1::{CodePoint, Decode, DecodeMode, Encode, EncodeMode, ErrorKind, ISO_8859_1, US_ASCII};

/// Every byte decodes to the code point of its value in ISO-8859-1; in
/// US-ASCII those above `7F` are one-byte errors (`invalid_lead`), and
/// replace mode writes one U+FFFD each, as iconv -c and Python's
/// `decode("ascii", "replace")` do.
#[test]
fn every_byte_decodes_as_the_specifications_say() {
    for b in 0..=0xFFu8 {
        let latin1 = ISO_8859_1.decode(&[b]).unwrap();
        assert_eq!(latin1, [CodePoint::from(char::from(b))], "{b:02X}");
        match US_ASCII.decode(&[b]) {
            Ok(points) => {
                assert!(b.is_ascii());
                assert_eq!(points, [CodePoint::from(char::from(b))]);
            }
            Err(e) => {
                assert!(!b.is_ascii(), "{b:02X}");
                assert_eq!((e.valid_up_to(), e.error_len(), e.kind()), (0, Some(1), ErrorKind::InvalidLead));
            }
        }
    }
    let all: Vec<u8> = (0..=0xFF).collect();
    let lossy = US_ASCII.decode_to_string_lossy(&all);
    let expected: String = all.iter().map(|&b| if b.is_ascii() { char::from(b) } else { '\u{FFFD}' }).collect();
    assert_eq!(lossy, expected);
    assert_eq!(ISO_8859_1.decode_to_string(&all).unwrap(), all.iter().map(|&b| char::from(b)).collect::<String>());
}

/// Every code point up to U+00FF (U+007F) encodes to its byte; the next
/// ones and the last are `unrepresentable`, the surrogates `surrogate`, at
/// their index.
#[test]
fn every_code_point_encodes_as_the_specifications_say() {
    for v in (0..=0x101).chain([0x20AC, 0xD800, 0xDFFF, 0x10_FFFF, 0x11_0000]) {
        let point = CodePoint::new(v);
        for (codec, max) in [(&ISO_8859_1, 0xFF), (&US_ASCII, 0x7F)] {
            match codec.encode(&[CodePoint::new(0x61), point]) {
                Ok(bytes) => assert!(v <= max && bytes == [0x61, v as u8], "{v:X}"),
                Err(e) => {
                    let kind = if point.is_surrogate() { ErrorKind::Surrogate } else { ErrorKind::Unrepresentable };
                    assert!(v > max && (e.index(), e.kind()) == (1, kind), "{v:X}");
                }
            }
        }
    }
    assert_eq!(US_ASCII.encode_str("caf\u{E9}").unwrap_err().index(), 3);
    assert_eq!(US_ASCII.encode_with(&[CodePoint::new(0xE9)], EncodeMode::Replace).unwrap(), b"?");
    assert_eq!(ISO_8859_1.encode_with(&[CodePoint::new(0x20AC)], EncodeMode::Html).unwrap(), b"&#8364;");
}

/// Long mixed inputs through the fast paths against the reference drivers,
/// every split, every buffer size, text conversions and escapes.
#[test]
fn fast_paths_and_buffers_agree_with_the_reference() {
    let text = "Plain ASCII, caf\u{E9} cr\u{E8}me br\u{FB}l\u{E9}e, \u{80}\u{9F}\u{A0}\u{FF}; then \u{20AC}, \u{1F600} and \
                ASCII to the end of the last block of sixty-four units.";
    for codec in [&ISO_8859_1, &US_ASCII] {
        let points: Vec<CodePoint> = text.chars().map(CodePoint::from).collect();
        let bytes = codec.encode_with(&points, EncodeMode::Replace).unwrap();
        let long: Vec<u8> = bytes.iter().copied().cycle().take(5000).collect();
        let mut damaged = long.clone();
        for k in (7..damaged.len()).step_by(613) {
            damaged[k] |= 0x80;
        }
        for input in [&bytes[..], &long, &damaged] {
            codec_test::check_fast_paths(codec, input);
            codec_test::buffers::check_decode_buffers(codec, input);
            codec_test::buffers::check_text_conversions(codec, input);
            codec_test::check_escape_round_trip(codec, input);
        }
        codec_test::check_decode_all(codec, &damaged[..300]);
        let long_points: Vec<CodePoint> = points.iter().copied().cycle().take(3000).collect();
        codec_test::check_encode_fast_path(codec, &long_points);
        codec_test::buffers::check_encode_buffers(codec, &points);
        codec_test::check_encode_splits(codec, &points[..40]);
        // Replace mode: one U+FFFD per byte past the codec's range.
        let lossy = codec.decode_with(&damaged, DecodeMode::Replace).unwrap();
        let expected: Vec<CodePoint> = damaged
            .iter()
            .map(|&b| if b <= codec.max() { CodePoint::from(char::from(b)) } else { CodePoint::REPLACEMENT })
            .collect();
        assert_eq!(lossy, expected);
    }
}
