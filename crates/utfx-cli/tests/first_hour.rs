//! Issue 16, items 1 to 3, over the built binary: byte order marks, the
//! habits of iconv users, the `ignore` mode, and error reports people can
//! act on.
//!
//! Expected bytes are written out by hand: BOMs from the Unicode Standard
//! (U+FEFF is `EF BB BF`, `FF FE`, `FE FF`), text through
//! `str::encode_utf16`, error positions counted by hand from RFC 3629's
//! grammar and the Encoding Standard's UTF-16 decoder; iconv's behaviour
//! as glibc 2.36's `iconv` showed it (decision 0005).

mod support;

use predicates::prelude::*;
use support::{temp_dir, utf16be, utf16le, utfx};

#[test]
fn utf16_sniffs_a_bom_of_either_order_and_strips_it() {
    let text = "h\u{E9}\u{1F4A9}";
    let be = [&b"\xFE\xFF"[..], &utf16be(text)].concat();
    let le = [&b"\xFF\xFE"[..], &utf16le(text)].concat();
    for (input, what) in [(be, "big-endian BOM"), (le, "little-endian BOM"), (utf16le(text), "no BOM")] {
        utfx().args(["-f", "utf-16", "-t", "utf-8"]).write_stdin(input.clone()).assert().success().stdout(text);
        utfx()
            .args(["decode", "-f", "UTF-16"])
            .write_stdin(input.clone())
            .assert()
            .success()
            .stdout("U+0068 U+00E9 U+1F4A9\n");
        utfx().args(["validate", "-f", "utf-16"]).write_stdin(input).assert().success().stdout("<stdin>: ok\n");
        let _ = what;
    }
    // --keep-bom: the order still comes from the BOM, which stays U+FEFF.
    utfx()
        .args(["decode", "-f", "utf-16", "--keep-bom"])
        .write_stdin([&b"\xFE\xFF"[..], &utf16be("a")].concat())
        .assert()
        .success()
        .stdout("U+FEFF U+0061\n");
    // Offsets count from the first byte, BOM included: a lone trail
    // surrogate after the BOM and one unit.
    utfx()
        .args(["decode", "-f", "utf-16"])
        .write_stdin(&b"\xFE\xFF\x00a\xDC\x00"[..])
        .assert()
        .code(1)
        .stdout("U+0061\n")
        .stderr("utfx: <stdin>: offset 4: unpaired_surrogate\n");
    utfx()
        .args(["inspect", "-f", "utf-16"])
        .write_stdin(&b"\xFE\xFF\x00a"[..])
        .assert()
        .success()
        .stdout(predicate::str::contains("0  FE FF").and(predicate::str::contains("bom")))
        .stdout(predicate::str::contains("2  00 61"));
}

#[test]
fn explicit_labels_strip_their_own_bom_unless_asked_to_keep_it() {
    let convert = |args: &[&str], input: &[u8]| {
        utfx().args(["convert"]).args(args).write_stdin(input.to_vec()).assert().success().get_output().stdout.clone()
    };
    assert_eq!(convert(&["-f", "utf-8", "-t", "utf-16le"], b"\xEF\xBB\xBFa"), b"a\x00");
    assert_eq!(convert(&["-f", "utf-8", "-t", "utf-16le", "--keep-bom"], b"\xEF\xBB\xBFa"), b"\xFF\xFEa\x00");
    assert_eq!(convert(&["-f", "utf-16le", "-t", "utf-8"], b"\xFF\xFEa\x00"), b"a");
    assert_eq!(convert(&["-f", "utf-16be", "-t", "utf-8"], b"\xFE\xFF\x00a"), b"a");
    // Only a BOM of the label's own encoding: FE FF read as UTF-16LE is
    // U+FFFE, a noncharacter, and stays.
    assert_eq!(convert(&["-f", "utf-16le", "-t", "utf-8"], b"\xFE\xFFa\x00"), "\u{FFFE}a".as_bytes());
    // A BOM only at the start.
    assert_eq!(convert(&["-f", "utf-8", "-t", "utf-8"], b"a\xEF\xBB\xBF"), b"a\xEF\xBB\xBF");
    // Codecs whose specifications define no BOM keep U+FEFF.
    utfx().args(["decode", "-f", "wtf-8"]).write_stdin(&b"\xEF\xBB\xBFa"[..]).assert().stdout("U+FEFF U+0061\n");
    // The error offset counts the stripped BOM.
    utfx()
        .args(["convert", "-f", "utf-8", "-t", "utf-16le"])
        .write_stdin(&b"\xEF\xBB\xBFA\xFF"[..])
        .assert()
        .code(1)
        .stderr(
            "utfx: <stdin>: offset 4: invalid_lead (line 1, column 2)\nutfx: hint: the byte looks like windows-1252 \
             (or Latin-1) text: --errors windows-1252 reads it so; --errors replace writes U+FFFD, -c drops it\n",
        );
    utfx()
        .args(["decode", "-f", "utf-8", "--format", "json"])
        .write_stdin(&b"\xEF\xBB\xBFA"[..])
        .assert()
        .success()
        .stdout("{\"offset\":3,\"len\":1,\"cp\":\"U+0041\"}\n");
    // The help says what each label does.
    utfx().args(["convert", "--help"]).assert().success().stdout(
        predicate::str::contains("-f utf-16 reads a BOM of either order").and(predicate::str::contains("--keep-bom")),
    );
}

#[test]
fn a_bom_is_written_on_request_and_for_utf16() {
    let run = |args: &[&str], input: &str| {
        utfx().args(args).write_stdin(input).assert().success().get_output().stdout.clone()
    };
    assert_eq!(run(&["-f", "utf-8", "-t", "utf-16"], "a"), b"\xFF\xFEa\x00");
    assert_eq!(run(&["-f", "utf-8", "-t", "utf-16be", "--bom"], "a"), b"\xFE\xFF\x00a");
    assert_eq!(run(&["-f", "utf-8", "-t", "utf-8", "--bom"], "a"), b"\xEF\xBB\xBFa");
    assert_eq!(run(&["-f", "utf-8", "-t", "utf-16le"], "a"), b"a\x00");
    assert_eq!(run(&["encode", "-t", "utf-16le", "--bom", "--hex"], "a"), b"FF FE 61 00\n");
    assert_eq!(run(&["encode", "--input", "cps", "-t", "utf-16", "--hex"], "U+0061"), b"FF FE 61 00\n");
    // Round trip: what -t utf-16 writes, -f utf-16 reads back.
    let written = run(&["-f", "utf-8", "-t", "utf-16"], "\u{1F4A9}!");
    utfx().args(["-f", "utf-16", "-t", "utf-8"]).write_stdin(written).assert().success().stdout("\u{1F4A9}!");
}

#[test]
fn iconv_command_lines_work() {
    let list = utfx().arg("list").assert().success().get_output().stdout.clone();
    utfx().arg("-l").assert().success().stdout(list.clone());
    utfx().arg("--list").assert().success().stdout(list);
    let dir = temp_dir("iconv");
    let input = dir.join("in.txt");
    std::fs::write(&input, "h\u{E9}").unwrap();
    utfx().args(["-f", "utf-8", "-t", "utf-16le"]).arg(&input).assert().success().stdout(utf16le("h\u{E9}"));
    utfx().args(["--from-code=utf-8", "--to-code=utf-16be"]).arg(&input).assert().success().stdout(utf16be("h\u{E9}"));
    let out = dir.join("out.txt");
    utfx().args(["-f", "utf-8", "-t", "utf-16le", "-o"]).arg(&out).arg(&input).assert().success();
    assert_eq!(std::fs::read(&out).unwrap(), utf16le("h\u{E9}"));
    // Help and version keep their meaning at the top.
    utfx().arg("--help").assert().success().stdout(predicate::str::contains("utfx -l"));
    utfx().arg("--version").assert().success();
}

#[test]
fn dash_c_and_ignore_drop_what_cannot_be_converted() {
    // Ill-formed input: FF and the overlong C0 AF (two subparts) dropped.
    for args in [&["-c", "-f", "utf-8", "-t", "utf-16le"][..], &["-f", "utf-8", "-t", "utf-16le//IGNORE"]] {
        utfx().args(args).write_stdin(&b"a\xFFb\xC0\xAFc"[..]).assert().success().stdout(utf16le("abc"));
    }
    // Unencodable code points: Corrected UTF-8 cannot hold the C1 control U+0085.
    for args in [&["-c", "-f", "utf-8", "-t", "corrected-utf-8"][..], &["-f", "utf-8", "-t", "corrected-utf-8//ignore"]]
    {
        utfx().args(args).write_stdin("a\u{85}b").assert().success().stdout("ab");
    }
    utfx()
        .args(["convert", "-f", "utf-8", "-t", "utf-8", "--errors", "ignore"])
        .write_stdin(&b"\xF0\x9F\x92A"[..])
        .assert()
        .success()
        .stdout("A");
    utfx()
        .args(["decode", "-f", "utf-8", "-c"])
        .write_stdin(&b"A\xFFB"[..])
        .assert()
        .success()
        .stdout("U+0041 U+0042\n");
    utfx()
        .args(["encode", "--input", "cps", "-t", "utf-8", "--errors", "ignore", "--hex"])
        .write_stdin("41 D800 42")
        .assert()
        .success()
        .stdout("41 42\n");
    utfx()
        .args(["encode", "-c", "-t", "utf-8", "--hex"])
        .write_stdin(&b"A\xFFB"[..])
        .assert()
        .success()
        .stdout("41 42\n");
    // -c with an explicit mode is a contradiction.
    utfx().args(["-c", "-f", "utf-8", "-t", "utf-8", "--errors", "replace"]).assert().code(2);
    // //TRANSLIT: a usage error that says what to use.
    utfx()
        .args(["-f", "utf-8", "-t", "utf-8//TRANSLIT"])
        .write_stdin("a")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("//TRANSLIT is not supported").and(predicate::str::contains("-c")));
    utfx().args(["-f", "utf-8", "-t", "utf-8//BOGUS"]).write_stdin("a").assert().code(2);
    utfx()
        .args(["-f", "utf-8//IGNORE", "-t", "utf-8"])
        .write_stdin("a")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("after the target codec"));
}

#[test]
fn validate_reads_standard_input_and_encode_reads_text() {
    utfx().args(["validate", "-f", "utf-8"]).write_stdin("fine").assert().success().stdout("<stdin>: ok\n");
    utfx()
        .args(["validate", "-f", "utf-8"])
        .write_stdin(&b"ok\xC0\xAF"[..])
        .assert()
        .code(1)
        .stdout("<stdin>: offset 2: overlong\n");
    utfx().args(["encode", "-t", "utf-16le"]).write_stdin("hello\n").assert().success().stdout(utf16le("hello\n"));
    utfx()
        .args(["encode", "-t", "utf-16be", "--hex"])
        .write_stdin("\u{1F4A9}")
        .assert()
        .success()
        .stdout("D8 3D DC A9\n");
    // A leading UTF-8 BOM of the text is stripped, as for -f utf-8.
    utfx().args(["encode", "-t", "utf-16le"]).write_stdin("\u{FEFF}a").assert().success().stdout(&b"a\x00"[..]);
    utfx()
        .args(["encode", "-t", "utf-16le"])
        .write_stdin(&b"ab\xFF"[..])
        .assert()
        .code(1)
        .stdout(&b"a\x00b\x00"[..])
        .stderr("utfx: <stdin>: input is not UTF-8: offset 2: invalid_lead\n");
}

#[test]
fn messages_state_each_fact_once() {
    utfx()
        .args(["decode", "-f", "utf-8"])
        .write_stdin(&b"ok\xC0\xAF"[..])
        .assert()
        .code(1)
        .stderr("utfx: <stdin>: offset 2: overlong\n");
}

#[test]
fn validate_lists_every_error_with_line_column_and_bytes() {
    // Line 2 holds C0 AF (two subparts in UTF-8: C0 is never a lead, AF a
    // stray continuation), x, FF; line 3 ends in E2 82, cut short.
    utfx()
        .args(["validate", "-f", "utf-8", "--all-errors"])
        .write_stdin(&b"ok\n\xC0\xAFx\xFF\n\xE2\x82"[..])
        .assert()
        .code(1)
        .stdout(
            "<stdin>:2:1: offset 3, bytes C0: overlong\n\
             <stdin>:2:2: offset 4, bytes AF: unexpected_continuation\n\
             <stdin>:2:4: offset 6, bytes FF: invalid_lead\n\
             <stdin>:3:1: offset 8, bytes E2 82: truncated\n",
        );
    // Columns count characters, not bytes: in UTF-16, 'é' then a lone
    // trail surrogate is column 2 at byte offset 6 (after the BOM and a line).
    utfx()
        .args(["validate", "-f", "utf-16", "--all-errors"])
        .write_stdin([&b"\xFF\xFE"[..], &utf16le("a\n\u{E9}"), b"\x00\xDC"].concat())
        .assert()
        .code(1)
        .stdout("<stdin>:2:2: offset 8, bytes 00 DC: unpaired_surrogate\n");
    utfx()
        .args(["validate", "-f", "utf-8", "--all-errors"])
        .write_stdin("good\n")
        .assert()
        .success()
        .stdout("<stdin>: ok\n");
    // Capped: the count of the rest follows.
    utfx()
        .args(["validate", "-f", "utf-8", "--all-errors", "--max-errors", "2"])
        .write_stdin(vec![0xFF; 150])
        .assert()
        .code(1)
        .stdout(
            "<stdin>:1:1: offset 0, bytes FF: invalid_lead\n<stdin>:1:2: offset 1, bytes FF: invalid_lead\n\
             <stdin>: 150 errors, the first 2 listed (--max-errors to list more)\n",
        );
    // One line per error, by default up to 100.
    let out = utfx()
        .args(["validate", "-f", "utf-8", "--all-errors"])
        .write_stdin(vec![0x80; 1000])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    assert_eq!(String::from_utf8(out).unwrap().lines().count(), 101);
    utfx().args(["validate", "-f", "utf-8", "--max-errors", "3"]).write_stdin("a").assert().code(2);
}

#[test]
fn inspect_exits_as_validate_does() {
    utfx().args(["inspect", "-f", "utf-8"]).write_stdin("ok").assert().success();
    utfx()
        .args(["inspect", "-f", "utf-8"])
        .write_stdin(&b"a\xFF"[..])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("error: invalid_lead"))
        .stderr(predicate::str::contains("ill-formed"));
    // A reserved sequence is well-formed, as validate says.
    utfx().args(["inspect", "-f", "corrected-utf-8"]).write_stdin(&b"\xFE\x80"[..]).assert().success();
    utfx().args(["validate", "-f", "corrected-utf-8"]).write_stdin(&b"\xFE\x80"[..]).assert().success();
    utfx()
        .args(["inspect", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("exit status is then that of validate"));
}

/// `validate --all-errors` on 32 MiB where every byte is an error, listing
/// them all: the listing streams, so the peak resident memory stays far
/// below the input's size.
#[cfg(target_os = "linux")]
#[test]
fn an_all_errors_listing_streams_in_bounded_memory() {
    const LIMIT_KIB: u64 = 24 * 1024;
    const MIB: usize = 8;
    let args = ["validate", "-f", "utf-8", "--all-errors", "--max-errors", "100000000"];
    let run = support::watch_memory(&args, vec![0xFF; 1 << 20], MIB, LIMIT_KIB);
    println!("peak resident memory {} KiB for {} lines", run.peak_kib, run.newlines);
    assert!(run.peak_kib > 0 && run.peak_kib < LIMIT_KIB, "peak resident memory {} KiB", run.peak_kib);
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(run.newlines, MIB << 20);
}
