//! `mutf-8-lenient` against what Java 17's `DataInputStream.readUTF` and
//! `DataOutputStream.writeUTF` were observed to do
//! (`data/java17-readutf.txt`, written by `xtask/java/observe.sh`): the same
//! acceptance on every 1-, 2- and 3-byte payload, the same units on the
//! samples, the same bytes written, and the framing's limits.

use codec_cesu8::{
    CodePoint, Decode, Encode, ErrorKind, Framing, JAVA_FRAMING, JAVA_FRAMING_LENIENT, MAX_FRAME_PAYLOAD, MUTF_8,
    MUTF_8_LENIENT,
};
use codec_test::hex;

const OBSERVED: &str = include_str!("data/java17-readutf.txt");

type Rows = Vec<Vec<(u8, u8)>>;

fn range(s: &str) -> (u8, u8) {
    let (lo, hi) = s.split_once('-').unwrap();
    (u8::from_str_radix(lo, 16).unwrap(), u8::from_str_radix(hi, 16).unwrap())
}

/// The accepted payloads by length (index 1..=3), as Java's rows.
fn rows() -> [Rows; 4] {
    let mut out: [Rows; 4] = Default::default();
    for line in OBSERVED.lines() {
        if let Some(rest) = line.strip_prefix("rows ") {
            let (n, ranges) = rest.split_once(": ").unwrap();
            out[n.parse::<usize>().unwrap()].push(ranges.split(' ').map(range).collect());
        }
    }
    out
}

fn java_accepts(rows: &Rows, input: &[u8]) -> bool {
    rows.iter().any(|row| row.iter().zip(input).all(|(&(lo, hi), b)| (lo..=hi).contains(b)))
}

#[test]
fn readutf_acceptance_on_every_short_payload() {
    let rows = rows();
    assert!(rows[1..].iter().all(|r| !r.is_empty()), "the observations have rows for 1, 2 and 3 bytes");
    let check = |input: &[u8]| {
        let java = java_accepts(&rows[input.len()], input);
        assert_eq!(MUTF_8_LENIENT.validate(input).is_ok(), java, "{}", hex::format(input));
    };
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

fn units(s: &str) -> Vec<u16> {
    s.split(' ').filter(|u| !u.is_empty()).map(|u| u16::from_str_radix(u, 16).unwrap()).collect()
}

#[test]
fn readutf_and_writeutf_samples() {
    let mut samples = 0;
    for line in OBSERVED.lines() {
        if let Some(rest) = line.strip_prefix("read ") {
            let (input, result) = rest.split_once(" -> ").unwrap();
            let input = hex::parse(input).unwrap();
            let got = MUTF_8_LENIENT.decode_to_utf16(&input);
            if result.starts_with('!') {
                assert!(got.is_err(), "{line}");
            } else {
                assert_eq!(got.unwrap(), units(result), "{line}");
            }
            samples += 1;
        } else if let Some(rest) = line.strip_prefix("write ") {
            let (text, result) = rest.split_once(" -> ").unwrap();
            let payload = MUTF_8_LENIENT.from_utf16(&units(text)).unwrap();
            assert_eq!(MUTF_8.from_utf16(&units(text)).unwrap(), payload, "{line}");
            let mut framed = u16::try_from(payload.len()).unwrap().to_be_bytes().to_vec();
            framed.extend(&payload);
            assert_eq!(framed, hex::parse(result).unwrap(), "{line}");
            samples += 1;
        }
    }
    assert_eq!(samples, 46);
}

#[test]
fn framing_limits_as_observed() {
    assert!(OBSERVED.contains("frame write 65535 x 41 -> 65537 bytes"));
    assert!(OBSERVED.contains("frame write 65536 x 41 -> ! UTFDataFormatException"));
    assert!(OBSERVED.contains("frame write 32768 x U+0000 (65536 bytes) -> ! UTFDataFormatException"));
    assert!(OBSERVED.contains("frame read count 3, 2 bytes left (4142) -> ! EOFException"));
    assert!(OBSERVED.contains("frame read count 2, 3 bytes left (414243) -> 0041 0042"));
    assert!(OBSERVED.contains("frame read 1-byte count -> ! EOFException"));
    for framing in [&JAVA_FRAMING, &JAVA_FRAMING_LENIENT] {
        let a = CodePoint::new(0x41);
        let mut out = Vec::new();
        framing.write_frame(&vec![a; MAX_FRAME_PAYLOAD], &mut out).unwrap();
        assert_eq!(out.len(), 65537);
        assert_eq!(out[..3], [0xFF, 0xFF, 0x41]);
        let (points, used) = framing.read_frame(&out).unwrap();
        assert_eq!((points.len(), used), (65535, 65537));

        let mut out = b"keep".to_vec();
        let err = framing.write_frame(&vec![a; 65536], &mut out).unwrap_err();
        assert_eq!((err.index(), err.kind()), (65535, ErrorKind::LengthOverLimit));
        assert_eq!(out, b"keep", "nothing written");
        let err = framing.write_frame(&vec![CodePoint::NUL; 32768], &mut out).unwrap_err();
        assert_eq!((err.index(), err.kind()), (32767, ErrorKind::LengthOverLimit));
        let mut ok = Vec::new();
        framing.write_frame(&vec![CodePoint::new(0x800); 21845], &mut ok).unwrap();
        assert_eq!(ok.len(), 65537);

        let err = framing.read_frame(b"\x00\x03AB").unwrap_err();
        assert_eq!((err.valid_up_to(), err.error_len(), err.kind()), (0, None, ErrorKind::Truncated));
        assert_eq!(framing.read_frame(b"\x00\x02ABC").unwrap(), (vec![a, CodePoint::new(0x42)], 4));
        assert_eq!(framing.read_frame(b"\x00\x00").unwrap(), (vec![], 2));
        assert_eq!(framing.read_frame(b"\x00").unwrap_err().kind(), ErrorKind::Truncated);
        assert_eq!(framing.read_frame(b"").unwrap_err().kind(), ErrorKind::Truncated);
        // A sequence cut by the frame's end is ill-formed, with the payload's rest as its length.
        let err = framing.read_frame(b"\x00\x02A\xC3\xA9").unwrap_err();
        assert_eq!((err.valid_up_to(), err.error_len(), err.kind()), (3, Some(1), ErrorKind::Truncated));
    }
    // Strict and lenient payloads differ as the codecs do.
    assert_eq!(JAVA_FRAMING.read_frame(b"\x00\x01\x00").unwrap_err().kind(), ErrorKind::Nul);
    assert_eq!(JAVA_FRAMING_LENIENT.read_frame(b"\x00\x01\x00").unwrap(), (vec![CodePoint::NUL], 3));
    // Reached at run time without naming the codec.
    let all: &[&dyn codec_core::DynCodec] = &[&codec_cesu8::CESU_8, &MUTF_8, &MUTF_8_LENIENT];
    for name in ["mutf-8", "mutf-8-lenient"] {
        let codec = all.iter().find(|c| c.info().matches(name)).unwrap();
        let (framing, mut frame) = (codec.framing().unwrap(), Vec::new());
        let payload = codec.encode(&[CodePoint::NUL]).unwrap();
        framing.write_header(payload.len(), &mut frame);
        frame.extend_from_slice(&payload);
        assert_eq!(frame, b"\x00\x02\xC0\x80");
        assert_eq!(framing.payload_len(&frame[..framing.header_len()]), 2);
    }
    assert!(all.iter().find(|c| c.info().matches("cesu-8")).unwrap().framing().is_none());
}

#[test]
fn the_layout_cuts_text_where_a_frame_may_end() {
    for framing in [&JAVA_FRAMING, &JAVA_FRAMING_LENIENT] {
        // writeShort's count, big-endian.
        assert_eq!(framing.header_len(), 2);
        assert_eq!(framing.payload_len(b"\x01\x02"), 0x102);
        let mut out = Vec::new();
        framing.write_header(MAX_FRAME_PAYLOAD, &mut out);
        assert_eq!(out, [0xFF, 0xFF]);
        // What fits is taken whole; more is cut at 65,535 bytes or before.
        assert_eq!(framing.frame_end(b""), 0);
        assert_eq!(framing.frame_end(&[b'a'; MAX_FRAME_PAYLOAD]), MAX_FRAME_PAYLOAD);
        assert_eq!(framing.frame_end(&[b'a'; MAX_FRAME_PAYLOAD + 1]), MAX_FRAME_PAYLOAD);
        // A three-byte character across the limit moves whole.
        let mut text = vec![b'a'; MAX_FRAME_PAYLOAD - 1];
        text.extend_from_slice("\u{20AC}".as_bytes());
        assert_eq!(framing.frame_end(&text), MAX_FRAME_PAYLOAD - 1);
        // A surrogate pair's two halves stay together: U+1F600 is ED A0 BD
        // ED B8 80 in Modified UTF-8, its second half across the limit.
        let mut text = vec![b'a'; MAX_FRAME_PAYLOAD - 4];
        text.extend_from_slice(b"\xED\xA0\xBD\xED\xB8\x80");
        assert_eq!(framing.frame_end(&text), MAX_FRAME_PAYLOAD - 4);
        // Lone halves are characters of their own, cut between.
        let mut text = vec![b'a'; MAX_FRAME_PAYLOAD - 4];
        text.extend_from_slice(b"\xED\xB8\x80\xED\xA0\xBD");
        assert_eq!(framing.frame_end(&text), MAX_FRAME_PAYLOAD - 1);
    }
    // Any text cut this way is frames that each read back on their own, and
    // together give the text.
    let text: String = (0..40_000).map(|i| ['a', '\0', '\u{E9}', '\u{20AC}', '\u{1F600}'][i % 5]).collect();
    let points: Vec<CodePoint> = text.chars().map(CodePoint::from).collect();
    let bytes = MUTF_8.encode_str(&text).unwrap();
    let (mut rest, mut read) = (&bytes[..], Vec::new());
    while !rest.is_empty() {
        let end = JAVA_FRAMING.frame_end(rest);
        assert!(end > 0 && end <= MAX_FRAME_PAYLOAD);
        let mut frame = Vec::new();
        JAVA_FRAMING.write_header(end, &mut frame);
        frame.extend_from_slice(&rest[..end]);
        read.extend(JAVA_FRAMING.read_frame(&frame).unwrap().0);
        rest = &rest[end..];
    }
    assert_eq!(read, points);
}
