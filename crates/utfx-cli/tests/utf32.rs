//! UTF-32 on the command line (decision 0041): the labels iconv, Python and
//! ICU spell, the byte-order-neutral `utf-32` (a BOM of either order chooses
//! and is stripped, little-endian without one, `FF FE 00 00` and
//! little-endian written), errors where iconv has them, at the offsets it
//! gives, and `utfx vectors` with the curated vectors.
//!
//! Expected bytes come from the standard library (`u32::to_le_bytes` of
//! each `char`), CPython's tests of its `utf-32` codec (`spamle`, `spambe`,
//! `test_issue8941`: `Lib/test/test_codecs.py`), and what glibc 2.36's
//! `iconv` wrote and reported for the same command lines on this machine
//! (`iconv -f UTF-32 -t UTF-8`, `-f UCS-4`, `-t UTF-32`, written out here
//! by hand).

mod support;

use predicates::prelude::*;
use support::utfx;

fn le(text: &str) -> Vec<u8> {
    text.chars().flat_map(|c| u32::from(c).to_le_bytes()).collect()
}

fn be(text: &str) -> Vec<u8> {
    text.chars().flat_map(|c| u32::from(c).to_be_bytes()).collect()
}

/// What `utfx ARGS` (iconv's form) writes for `input`, or its exit code,
/// output and error text when it fails.
fn run(args: &[&str], input: &[u8]) -> Result<Vec<u8>, (Option<i32>, Vec<u8>, String)> {
    let out = utfx().args(args).write_stdin(input.to_vec()).output().unwrap();
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err((out.status.code(), out.stdout, String::from_utf8_lossy(&out.stderr).into_owned()))
    }
}

#[test]
fn utf_32_reads_a_bom_of_either_order_and_little_endian_without_one() {
    let text = "h\u{E9}\u{1F4A9}";
    let inputs = [[&b"\xFF\xFE\0\0"[..], &le(text)].concat(), [&b"\0\0\xFE\xFF"[..], &be(text)].concat(), le(text)];
    for input in &inputs {
        for label in ["UTF-32", "utf-32", "UTF32", "utf_32"] {
            assert_eq!(run(&["-f", label, "-t", "UTF-8"], input), Ok(text.as_bytes().to_vec()), "{label}");
        }
        utfx()
            .args(["decode", "-f", "utf-32"])
            .write_stdin(input.clone())
            .assert()
            .success()
            .stdout("U+0068 U+00E9 U+1F4A9\n");
        utfx().args(["validate", "-f", "utf-32"]).write_stdin(input.clone()).assert().success();
    }
    // CPython's UTF32Test: spamle and spambe read "spamspam"; test_issue8941:
    // U+10000 1024 times after either BOM.
    let spamle = [&b"\xFF\xFE\0\0"[..], &le("spamspam")].concat();
    let spambe = [&b"\0\0\xFE\xFF"[..], &be("spamspam")].concat();
    for input in [spamle, spambe] {
        assert_eq!(run(&["-f", "utf-32", "-t", "utf-8"], &input), Ok(b"spamspam".to_vec()));
    }
    let wide = "\u{10000}".repeat(1024);
    let issue8941 = [
        [&b"\xFF\xFE\0\0"[..], &b"\0\0\x01\0".repeat(1024)].concat(),
        [&b"\0\0\xFE\xFF"[..], &b"\0\x01\0\0".repeat(1024)].concat(),
    ];
    for input in issue8941 {
        assert_eq!(run(&["-f", "utf-32", "-t", "utf-8"], &input), Ok(wide.as_bytes().to_vec()));
    }
    // --keep-bom: the order still comes from the BOM, which stays U+FEFF.
    utfx()
        .args(["decode", "-f", "utf-32", "--keep-bom"])
        .write_stdin([&b"\0\0\xFE\xFF"[..], &be("a")].concat())
        .assert()
        .success()
        .stdout("U+FEFF U+0061\n");
    // One BOM only: a second one is U+FEFF, as in iconv.
    assert_eq!(run(&["-f", "utf-32", "-t", "utf-8"], b"\xFF\xFE\0\0\xFF\xFE\0\0"), Ok("\u{FEFF}".as_bytes().to_vec()));
    // Offsets count the BOM: a surrogate after the BOM and one unit.
    utfx()
        .args(["decode", "-f", "utf-32"])
        .write_stdin(&b"\0\0\xFE\xFF\0\0\0a\0\0\xDC\0"[..])
        .assert()
        .code(1)
        .stdout("U+0061\n")
        .stderr("utfx: <stdin>: offset 8: surrogate\n");
}

#[test]
fn explicit_orders_and_ucs_4_read_as_iconv_does() {
    let text = "h\u{E9}\u{1F4A9}";
    let cases: [(&[&str], Vec<u8>); 2] = [
        (
            &["UTF-32LE", "utf-32le", "UTF32LE", "utf_32_le", "utf_32le", "UCS-4LE", "ucs4le", "UTF32_LittleEndian"],
            le(text),
        ),
        (
            &["UTF-32BE", "UTF32BE", "utf_32_be", "utf-32-be", "UCS-4", "UCS-4BE", "UCS4", "csUCS4", "ISO-10646-UCS-4"],
            be(text),
        ),
    ];
    for (labels, input) in &cases {
        for label in *labels {
            assert_eq!(run(&["-f", label, "-t", "UTF-8"], input), Ok(text.as_bytes().to_vec()), "{label}");
        }
    }
    // A BOM of the codec's own order is U+FEFF, kept (the Unicode Standard,
    // §3.10; iconv writes EF BB BF for it).
    assert_eq!(run(&["-f", "UTF-32LE", "-t", "UTF-8"], b"\xFF\xFE\0\0a\0\0\0"), Ok(b"\xEF\xBB\xBFa".to_vec()));
    assert_eq!(run(&["-f", "UCS-4", "-t", "UTF-8"], b"\0\0\xFE\xFF\0\0\0a"), Ok(b"\xEF\xBB\xBFa".to_vec()));
}

#[test]
fn writing_utf_32_as_iconv_writes_it() {
    let text = "h\u{E9}\u{1F4A9}";
    // -t UTF-32: FF FE 00 00, then little-endian (iconv, CPython, uconv).
    let with_bom = [&b"\xFF\xFE\0\0"[..], &le(text)].concat();
    assert_eq!(run(&["-t", "UTF-32"], text.as_bytes()), Ok(with_bom.clone()));
    assert_eq!(run(&["-f", "UTF-8", "-t", "utf32"], text.as_bytes()), Ok(with_bom.clone()));
    utfx().args(["encode", "-t", "utf-32"]).write_stdin(text).assert().success().stdout(with_bom.clone());
    // Explicit orders write no BOM; UCS-4 is big-endian.
    assert_eq!(run(&["-t", "utf-32be"], text.as_bytes()), Ok(be(text)));
    assert_eq!(run(&["-t", "UTF-32LE"], text.as_bytes()), Ok(le(text)));
    assert_eq!(run(&["-t", "UCS-4"], text.as_bytes()), Ok(be(text)));
    assert_eq!(run(&["-t", "UCS-4LE"], text.as_bytes()), Ok(le(text)));
    // Between the two neutral labels: each BOM read, each written.
    let utf16: Vec<u8> = [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
    assert_eq!(run(&["-f", "UTF-16", "-t", "UTF-32"], &utf16), Ok(with_bom.clone()));
    assert_eq!(run(&["-f", "UTF-32", "-t", "UTF-16"], &with_bom), Ok(utf16));
    // --bom with an explicit order: U+FEFF in that order.
    assert_eq!(run(&["-t", "utf-32be", "--bom"], b"a"), Ok(b"\0\0\xFE\xFF\0\0\0a".to_vec()));
}

#[test]
fn errors_where_iconv_has_them() {
    // iconv -f UTF-32LE -t UTF-8: "illegal input sequence at position 4"
    // after writing "a", exit 1; "incomplete character" for a cut unit.
    let cases: [(&[u8], &str); 4] = [
        (b"a\0\0\0\0\xD8\0\0b\0\0\0", "offset 4: surrogate"),
        (b"a\0\0\0\0\0\x11\0", "offset 4: out_of_range"),
        (b"a\0\0\0\xFF\xFF\xFF\xFF", "offset 4: out_of_range"),
        (b"a\0\0\0b\0\0", "offset 4: truncated"),
    ];
    for (input, message) in cases {
        let (code, out, err) = run(&["-f", "UTF-32LE", "-t", "UTF-8"], input).unwrap_err();
        assert_eq!((code, out.as_slice()), (Some(1), &b"a"[..]), "{input:02X?}");
        assert!(err.starts_with(&format!("utfx: <stdin>: {message}")), "{input:02X?}: {err}");
    }
    // What iconv -c gives: the units dropped (utfx's -c exits 0, decision 0005).
    assert_eq!(run(&["-c", "-f", "UTF-32", "-t", "UTF-8"], b"a\0\0\0\0\xD8\0\0b\0\0\0"), Ok(b"ab".to_vec()));
    // Replace mode: one U+FFFD per unit, one for a cut tail (CPython, ICU).
    utfx()
        .args(["decode", "-f", "utf-32be", "--errors", "replace"])
        .write_stdin(&b"\0\0\xD8\0\0\x11\0\0\0\0\0a\0\0"[..])
        .assert()
        .success()
        .stdout("U+FFFD U+FFFD U+0061 U+FFFD\n");
    // UCS-4's 31-bit values are out of range here, where iconv reads them
    // (decision 0041).
    let (code, _, err) = run(&["-f", "UCS-4", "-t", "UTF-8"], b"\0\0\0a\x61\0\0\0").unwrap_err();
    assert_eq!(code, Some(1));
    assert!(err.starts_with("utfx: <stdin>: offset 4: out_of_range"), "{err}");
    // UTF-32 cannot encode what UTF-8's escape mode kept as a lone byte.
    let (code, _, err) = run(&["-f", "utf-8", "-t", "utf-32le", "--errors", "escape"], b"a\xE9b").unwrap_err();
    assert_eq!(code, Some(1));
    assert!(err.contains("index 1: U+DCE9: surrogate"), "{err}");
    // The surrogate-keeping form writes it.
    assert_eq!(
        run(&["-f", "utf-8", "-t", "wtf-32le", "--errors", "escape"], b"a\xE9b"),
        Ok(b"a\0\0\0\xE9\xDC\0\0b\0\0\0".to_vec())
    );
}

#[test]
fn escape_mode_keeps_any_bytes_in_whole_units() {
    let damaged = b"a\0\0\0\0\xD8\0\0\0\0\x11\0\xFF\xFF\xFF\xFF\0\xDC\0\0b\0";
    for codec in ["utf-32le", "utf-32be", "wtf-32le", "wtf-32be"] {
        let args = ["convert", "-f", codec, "-t", codec, "--errors", "escape", "--encode-errors", "escape"];
        assert_eq!(run(&args, damaged), Ok(damaged.to_vec()), "{codec}");
    }
}

#[test]
fn hints_name_utf_32() {
    let (_, _, err) =
        run(&["-f", "utf-8", "-t", "utf-16le"], &[&b"\xFF\xFE\0\0"[..], &le("caf\u{E9}")].concat()).unwrap_err();
    assert!(err.contains("UTF-32LE byte order mark: -f utf-32"), "{err}");
    let text = le("caf\u{E9} au lait, cr\u{E8}me br\u{FB}l\u{E9}e");
    let (_, _, err) = run(&["-f", "utf-8", "-t", "utf-16le"], &text).unwrap_err();
    assert!(err.contains("-f utf-32le"), "{err}");
}

#[test]
fn vectors_lists_the_curated_ones() {
    let out = utfx().args(["vectors", "-f", "utf-32le", "--count", "0"]).assert().success().get_output().stdout.clone();
    let text = String::from_utf8(out).unwrap();
    let curated = text.lines().filter(|l| !l.contains("\"kind\":\"generated\"")).count();
    // The header, then the decoding vectors of utf-32le among the curated
    // ones (the Standard's, CPython's, ICU's).
    assert!(curated > 20, "{curated} curated lines:\n{text}");
    for source in ["\"kind\":\"specification\"", "test_codecs.py", "nucnvtst.c"] {
        assert!(text.contains(source), "no {source} vector");
    }
    utfx()
        .args(["vectors", "-f", "utf-32"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("use -f utf-32le or -f utf-32be"));
}
