//! Issue 25, items 12 and 13, over the built binary: iconv's `-s` and its
//! default source codec, Java's `writeUTF` framing, Corrected UTF-8's magic
//! number, and `inspect`'s `--offset`, `--limit` and character column.
//!
//! Expected bytes are written out by hand: UTF-16 through the standard
//! library's `encode_utf16`, Java's records from `DataOutput.writeUTF`'s
//! documented format (a two-byte big-endian count, then Modified UTF-8:
//! `00 03 61 C0 80 62` is "a\0b"), the magic number from the Corrected
//! UTF-8 specification (`EF B7 9D ED B2 AE 00 0A`).

mod support;

use predicates::prelude::*;
use support::{utf16le, utfx};

#[test]
fn iconv_silent_flag_is_accepted_and_errors_still_print() {
    for args in [&["-s", "-f", "utf-8", "-t", "utf-8"][..], &["convert", "--silent", "-f", "utf-8", "-t", "utf-8"]] {
        utfx().args(args).write_stdin("hi\n").assert().success().stdout("hi\n").stderr("");
    }
    // iconv -s still reports a conversion error, and fails.
    utfx()
        .args(["-f", "utf-8", "-t", "utf-16le", "-s"])
        .write_stdin(&b"a\xFF"[..])
        .assert()
        .code(1)
        .stdout(&b"a\x00"[..])
        .stderr(predicate::str::contains("offset 1: invalid_lead"));
}

#[test]
fn the_source_codec_defaults_to_utf8() {
    let expected = utf16le("hi\n");
    utfx().args(["-t", "utf-16le"]).write_stdin("hi\n").assert().success().stdout(expected.clone());
    utfx().args(["convert", "-t", "utf-16le"]).write_stdin("hi\n").assert().success().stdout(expected);
    // UTF-8's rules come with it: ill-formed input is an error, a BOM is
    // stripped.
    utfx().args(["-t", "utf-16le"]).write_stdin(&b"\xC0\xAF"[..]).assert().code(1);
    utfx().args(["-t", "utf-16be"]).write_stdin(&b"\xEF\xBB\xBFa"[..]).assert().success().stdout(&b"\x00a"[..]);
}

#[test]
fn iconv_form_usage_errors_show_the_iconv_usage_line() {
    let iconv = "Usage: utfx -f FROM -t TO [-c] [-s] [-o OUT] [FILE]";
    utfx()
        .args(["-f", "utf-8"])
        .write_stdin("hi")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(iconv).and(predicate::str::contains("utfx convert").not()));
    utfx().args(["-f", "utf-8", "-t", "utf-8", "--nonsense"]).assert().code(2).stderr(predicate::str::contains(iconv));
    // The subcommand keeps its own.
    utfx()
        .args(["convert", "-f", "utf-8"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("Usage: utfx convert").and(predicate::str::contains(iconv).not()));
}
