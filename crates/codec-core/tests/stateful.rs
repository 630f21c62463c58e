//! The core's state between steps (`decode_step_in`, `encode_step_in`,
//! `encode_raw_in`, `encode_finish_in`), shift sequences (`Step::Shift`)
//! and sequences of two code points (`Step::Pair`), through a test codec
//! defined here: every driver (one-shot, streaming at every split, the
//! buffer APIs, the `Transcoder`, `Items`) in every mode, and the escape
//! round trip over random bytes.

use codec_core::{
    CodePoint, Codec, CodecInfo, Decode, DecodeMode, Decoder, Domain, Encode, EncodeMode, EncodeStep, ErrorKind,
    Status, Step, Surrogates, Transcoder,
};
use codec_test::generate::Rng;

/// A shifting codec in the manner of ISO 2022, small enough to check by
/// hand. Unshifted (state 0): bytes `00..7F` are themselves but `0E`
/// (shift out: state 1), `0F` (shift in: state 0) and `01`, which is two
/// code points, U+0041 U+030A. Shifted: two bytes `21..7E` each are
/// U+0100 + 94 × (first − 0x21) + (second − 0x21); `0E` and `0F` shift.
/// The encoder writes a shift before a character of the other set and
/// shifts in at the end of the stream, unless escape mode's raw bytes
/// shifted it (state bit 1), which it then leaves as they are.
struct So;

const SHIFTED: u32 = 1;
const RAW: u32 = 2;

impl Decode for So {
    type Point = CodePoint;

    fn decode_step(&self, input: &[u8], last: bool) -> Step<CodePoint> {
        self.decode_step_in(&mut 0, input, last)
    }

    fn decode_step_in(&self, state: &mut u32, input: &[u8], _last: bool) -> Step<CodePoint> {
        match (input[0], *state) {
            (0x0E, _) => {
                *state = SHIFTED;
                Step::Shift { len: 1 }
            }
            (0x0F, _) => {
                *state = 0;
                Step::Shift { len: 1 }
            }
            (0x01, 0) => Step::Pair { point: CodePoint::new(0x41), second: CodePoint::new(0x30A), len: 1 },
            (b @ 0x00..=0x7F, 0) => Step::Point { point: CodePoint::from(b), len: 1 },
            (lead @ 0x21..=0x7E, _) => match input.get(1) {
                None => Step::Incomplete,
                Some(&trail @ 0x21..=0x7E) => {
                    let point = 0x100 + 94 * u32::from(lead - 0x21) + u32::from(trail - 0x21);
                    Step::Point { point: CodePoint::new(point), len: 2 }
                }
                Some(_) => Step::Invalid { kind: ErrorKind::MissingContinuation, len: 1 },
            },
            _ => Step::Invalid { kind: ErrorKind::InvalidLead, len: 1 },
        }
    }

    /// The encoder writes every form it reads but the pair.
    fn is_canonical_in(&self, state: u32, form: &[u8]) -> bool {
        !(state == 0 && form == [0x01])
    }
}

impl Encode for So {
    type Point = CodePoint;

    fn encode_step(&self, input: &[CodePoint], last: bool, out: &mut Vec<u8>) -> EncodeStep {
        self.encode_step_in(&mut 0, input, last, out)
    }

    fn encode_step_in(&self, state: &mut u32, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
        let v = input[0].to_u32();
        let (shifted, bytes): (u32, &[u8]) = match v {
            0x00 | 0x02..=0x0D | 0x10..=0x7F => (0, &[v as u8]),
            0x100..0x2384 => {
                let k = v - 0x100;
                (SHIFTED, &[0x21 + (k / 94) as u8, 0x21 + (k % 94) as u8])
            }
            _ => return EncodeStep::Invalid(ErrorKind::Unrepresentable),
        };
        if *state & SHIFTED != shifted {
            out.push(if shifted == SHIFTED { 0x0E } else { 0x0F });
            *state = shifted;
        }
        out.extend_from_slice(bytes);
        EncodeStep::Done(1)
    }

    fn encode_raw_in(&self, state: &mut u32, byte: u8) {
        match byte {
            0x0E => *state = SHIFTED | RAW,
            0x0F => *state = RAW,
            _ => {}
        }
    }

    fn encode_finish_in(&self, state: &mut u32, out: &mut Vec<u8>) {
        if *state == SHIFTED {
            out.push(0x0F);
        }
        *state = 0;
    }
}

static SO_INFO: CodecInfo = CodecInfo {
    name: "so",
    aliases: &[],
    domain: Domain { summary: "a test", max: Some(0x7F), surrogates: Surrogates::None, excluded: &[] },
    max_bytes_per_code_point: Some(3),
    description: "a shifting test codec",
    version: "0",
};

impl Codec for So {
    fn info(&self) -> &'static CodecInfo {
        &SO_INFO
    }
}

fn points(values: &[u32]) -> Vec<CodePoint> {
    values.iter().map(|&v| CodePoint::new(v)).collect()
}

#[test]
fn shifts_change_what_bytes_mean_and_write_nothing() {
    let input = b"a\x0E!\"\x0Fb\x0E\x0E!!";
    assert_eq!(So.decode(input).unwrap(), points(&[0x61, 0x101, 0x62, 0x100]));
    assert!(So.validate(input).is_ok());
    // A lead cut by a shift, and one cut by the end.
    let err = So.validate(b"\x0E!\x0F").unwrap_err();
    assert_eq!((err.valid_up_to(), err.error_len(), err.kind()), (1, Some(1), ErrorKind::MissingContinuation));
    assert_eq!(So.decode_lossy(b"\x0E!\x0F!"), points(&[0xFFFD, 0x21]));
    let err = So.validate(b"\x0E!").unwrap_err();
    assert_eq!((err.valid_up_to(), err.error_len(), err.kind()), (1, None, ErrorKind::Truncated));
    // Shifts are no items; the other items keep their offsets.
    let items: Vec<_> = So.items(b"\x0E!!\x0Fa").map(|i| i.unwrap()).map(|i| (i.offset, i.len)).collect();
    assert_eq!(items, [(1, 2), (4, 1)]);
}

#[test]
fn a_pair_is_two_code_points_in_every_output() {
    let input = b"x\x01y";
    let expected = points(&[0x78, 0x41, 0x30A, 0x79]);
    assert_eq!(So.decode(input).unwrap(), expected);
    assert_eq!(So.decode_with(input, DecodeMode::Replace).unwrap(), expected);
    assert_eq!(So.decode_to_string(input).unwrap(), "xA\u{30A}y");
    assert_eq!(So.decode_to_utf16(input).unwrap(), [0x78, 0x41, 0x30A, 0x79]);
    // The second item has no bytes of its own.
    let items: Vec<_> = So.items(input).map(|i| i.unwrap()).collect();
    let items: Vec<_> = items.iter().map(|i| (i.offset, i.len, i.point.unwrap().to_u32())).collect();
    assert_eq!(items, [(0, 1, 0x78), (1, 1, 0x41), (2, 0, 0x30A), (2, 1, 0x79)]);
    // Into one UTF-16 unit at a time: the second waits for the next call.
    let mut decoder = Decoder::new(So, DecodeMode::Fatal);
    let mut dst = [0u16; 1];
    let mut got = Vec::new();
    let mut src: &[u8] = input;
    loop {
        let (status, read, written) = decoder.decode_to_utf16(src, &mut dst, true);
        got.extend_from_slice(&dst[..written]);
        src = &src[read..];
        if status == Status::InputEmpty {
            break;
        }
    }
    assert_eq!(got, [0x78, 0x41, 0x30A, 0x79]);
    // Escape mode keeps the pair's bytes: the encoder cannot write it.
    assert_eq!(So.decode_with(input, DecodeMode::Escape).unwrap(), points(&[0x78, 0xDC01, 0x79]));
}

#[test]
fn the_encoder_shifts_and_shifts_back_at_the_end() {
    assert_eq!(So.encode(&points(&[0x61, 0x101, 0x102, 0x62])).unwrap(), b"a\x0E!\"!#\x0Fb");
    assert_eq!(So.encode(&points(&[0x101])).unwrap(), b"\x0E!\"\x0F");
    assert_eq!(So.encode_str("").unwrap(), b"");
    // A substitute is encoded in the state, and shifts back.
    assert_eq!(So.encode_with(&points(&[0x101, 0xE9]), EncodeMode::Replace).unwrap(), b"\x0E!\"\x0F?");
    assert_eq!(So.encode_with(&points(&[0x101, 0xE9]), EncodeMode::Html).unwrap(), b"\x0E!\"\x0F&#233;");
    assert_eq!(So.encode_with(&points(&[0x101, 0xE9, 0x101]), EncodeMode::Ignore).unwrap(), b"\x0E!\"!\"\x0F");
    // Streaming: the shift back comes with the last chunk, even an empty one.
    let mut encoder = So.encoder(EncodeMode::Fatal);
    let mut out = Vec::new();
    encoder.encode_chunk(&points(&[0x101]), false, &mut out).unwrap();
    assert_eq!(out, b"\x0E!\"");
    encoder.encode_chunk(&[], true, &mut out).unwrap();
    assert_eq!(out, b"\x0E!\"\x0F");
    // The buffer APIs, a last call with nothing left to read.
    let mut encoder = So.encoder(EncodeMode::Fatal);
    let mut dst = [0u8; 16];
    let (status, read, written) = encoder.encode_from_utf16(&[0x101], &mut dst, false);
    assert_eq!((status, read, &dst[..written]), (Status::InputEmpty, 1, &b"\x0E!\""[..]));
    let (status, read, written) = encoder.encode_from_str("", &mut dst, true);
    assert_eq!((status, read, &dst[..written]), (Status::InputEmpty, 0, &b"\x0F"[..]));
}

/// Random bytes over the codec's interesting values, and text it encodes.
fn random_bytes(rng: &mut Rng, len: usize) -> Vec<u8> {
    const BYTES: &[u8] = b"\x0E\x0F\x01\x00!\"~a\x7F\x80\xFF\x20";
    (0..len).map(|_| BYTES[rng.below(BYTES.len())]).collect()
}

fn random_points(rng: &mut Rng, len: usize) -> Vec<CodePoint> {
    const VALUES: &[u32] = &[0x61, 0x21, 0x101, 0x2383, 0xE9, 0x0E, 0x01, 0xDC0E, 0xDC21, 0xDC0F];
    (0..len).map(|_| CodePoint::new(VALUES[rng.below(VALUES.len())])).collect()
}

#[test]
fn streaming_at_every_split_equals_one_shot_and_escape_mode_round_trips() {
    let mut rng = Rng::new(0x5EED_0001);
    for round in 0..60 {
        let input = random_bytes(&mut rng, if round < 40 { 10 } else { 40 });
        codec_test::check_decode_splits(&So, &input);
        codec_test::check_fast_paths(&So, &input);
        codec_test::check_escape_round_trip(&So, &input);
        codec_test::buffers::check_decode_buffers(&So, &input);
        codec_test::fuzzing::check_items(&So, &input);
        let text = random_points(&mut rng, 8);
        codec_test::check_encode_splits(&So, &text);
        codec_test::buffers::check_encode_buffers(&So, &text);
    }
}

#[test]
fn the_transcoder_carries_both_states_across_chunks() {
    let mut rng = Rng::new(0x5EED_0002);
    for _ in 0..40 {
        let input = random_bytes(&mut rng, 24);
        for mode in [DecodeMode::Replace, DecodeMode::Escape] {
            let encode_mode = if mode == DecodeMode::Escape { EncodeMode::Escape } else { EncodeMode::Replace };
            let whole = So.encode_with(&So.decode_with(&input, mode).unwrap(), encode_mode).unwrap();
            if mode == DecodeMode::Escape {
                assert_eq!(whole, input);
            }
            for split in 0..=input.len() {
                let mut t = Transcoder::new(So, mode, So, encode_mode);
                let mut out = Vec::new();
                let (a, b) = input.split_at(split);
                for (chunk, last) in [(a, false), (b, true)] {
                    let mut buf = Vec::new();
                    let (written, error) = t.transcode_into(chunk, last, &mut buf);
                    assert_eq!(error, None);
                    out.extend_from_slice(&buf[..written]);
                }
                assert_eq!(out, whole, "{input:02X?} split at {split}, {mode}");
            }
        }
    }
}
