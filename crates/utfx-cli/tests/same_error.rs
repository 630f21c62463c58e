//! One input, one first error: every command that decodes (`decode` in its
//! token and JSON formats, `validate`, `inspect`, `convert`) names the same
//! offset and kind for the first error of an input, in every registered
//! codec, on inputs that cut a sequence short right before one of the
//! family's special sequences (a Corrected UTF-8 reserved item, the second
//! half of a CESU-8 pair, a long UTF-∞-8 sequence, a BOM). The expected
//! error is the library's `validate`, which `tests/tests/first_error.rs`
//! holds equal to fatal decoding, the item stream and streaming.

mod support;

use codec_core::{BigCodePoint, DecodeError, ErrorKind, Items};
use support::utfx;

/// Sequences cut short: a three-byte lead alone, two bytes of four, a
/// CESU-8 pair cut after its first half and one byte, three bytes of an
/// RFC 2279 five-byte sequence, a two-byte lead alone.
const CUTS: &[&[u8]] = &[b"\xE4", b"\xF0\x90", b"\xED\xA0\x80\xED", b"\xF8\x88\x80", b"\xC3"];

/// What follows the cut: reserved items, a CESU-8 low half, a UTF-8 BOM.
const NEXT: &[&[u8]] = &[b"\xFF", b"\xFE\x80\x80", b"\xED\xB0\x80", b"\xEF\xBB\xBF"];

/// The first error each command reports, as `(offset, kind)`, parsed from
/// its output.
fn reported(codec: &str, input: &[u8]) -> Vec<(&'static str, Option<(usize, String)>)> {
    let from_stderr = |args: &[&str]| {
        let out = utfx().args(args).write_stdin(input).output().expect("utfx runs");
        // `validate` reports on standard output, the others on stderr.
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
        if out.status.code() == Some(0) {
            return None;
        }
        let at = stderr.find("offset ")?;
        let rest = &stderr[at + "offset ".len()..];
        let (offset, rest) = rest.split_once(": ")?;
        let kind: String = rest.chars().take_while(|c| c.is_ascii_lowercase() || *c == '_').collect();
        Some((offset.parse().ok()?, kind))
    };
    let json = {
        let out = utfx().args(["decode", "-f", codec, "--format", "json"]).write_stdin(input).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        text.lines().find_map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            Some((v["offset"].as_u64()? as usize, v["error"].as_str()?.to_owned()))
        })
    };
    let inspect = {
        let out = utfx().args(["inspect", "-f", codec, "--keep-bom"]).write_stdin(input).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        text.lines().skip(1).find_map(|row| {
            let (_, kind) = row.split_once("error: ")?;
            let offset = row.split_whitespace().next()?.parse().ok()?;
            Some((offset, kind.split_whitespace().next()?.to_owned()))
        })
    };
    vec![
        ("decode", from_stderr(&["decode", "-f", codec, "--keep-bom"])),
        ("decode --format json", json),
        ("validate", from_stderr(&["validate", "-f", codec])),
        ("inspect", inspect),
        ("convert", from_stderr(&["convert", "-f", codec, "-t", "utf-inf-8", "--keep-bom"])),
    ]
}

/// The library's first error of `input` that is not a reserved item.
fn expected(codec: &str, input: &[u8]) -> Option<DecodeError> {
    let codec = codec_registry::get(codec).unwrap();
    Items::new(codec, input).filter_map(Result::err).find(|e| e.kind() != ErrorKind::Reserved)
}

/// Compares every command's first error with the library's on the inputs
/// of [`CUTS`] and [`NEXT`] in `codec`: how many comparisons it made, and
/// how many of them were the case of the issue.
fn compare_in(name: &str) -> (usize, usize) {
    let (mut compared, mut fixed_cases) = (0, 0);
    for cut in CUTS {
        for next in NEXT {
            let mut input = b"ab".to_vec();
            input.extend_from_slice(cut);
            input.extend_from_slice(next);
            input.extend_from_slice(b"cd");
            let want = expected(name, &input).map(|e| (e.valid_up_to(), e.kind().as_str().to_owned()));
            for (command, got) in reported(name, &input) {
                assert_eq!(got, want, "{command} -f {name} on {input:02X?}");
                compared += 1;
            }
            // The case of the issue: a cut sequence before a reserved
            // item in Corrected UTF-8 is a missing continuation.
            if name == "corrected-utf-8" && next[0] >= 0xFE && cut.len() == 1 {
                assert_eq!(want, Some((2, "missing_continuation".to_owned())));
                fixed_cases += 1;
            }
        }
    }
    (compared, fixed_cases)
}

#[test]
fn every_command_names_the_first_error_the_library_names() {
    // Thousands of runs of the command, from a few threads at once.
    let names: Vec<&str> = codec_registry::all().iter().map(|codec| codec.info().name).collect();
    let (compared, fixed_cases) = support::on_four_threads(&names, |name| compare_in(name))
        .into_iter()
        .fold((0, 0), |(compared, fixed), (c, f)| (compared + c, fixed + f));
    assert!(compared > 1000 && fixed_cases > 0, "{compared} comparisons");
    // UTF-∞-8's sequences beyond 31 bits are reached through its codec of
    // big code points alone: one long sequence cut by a reserved-looking
    // byte.
    let inf = codec_registry::get_big("utf-inf-8").unwrap();
    let big = BigCodePoint::from(codec_core::num_bigint::BigUint::from(1u8) << 64u32);
    let long = inf.encode(std::slice::from_ref(&big)).unwrap();
    let mut input = b"ab".to_vec();
    input.extend_from_slice(&long[..long.len() - 1]);
    input.extend_from_slice(b"\xFFcd");
    let want = inf.validate(&input).unwrap_err();
    for (command, got) in reported("utf-inf-8", &input) {
        assert_eq!(got, Some((want.valid_up_to(), want.kind().as_str().to_owned())), "{command} on {input:02X?}");
    }
}
