//! Issue 25, items 12 and 13, over the built binary: iconv's `-s` and its
//! default source codec, Java's `writeUTF` framing, Corrected UTF-8's magic
//! number, and `inspect`'s `--offset`, `--limit` and character column.
//!
//! Expected bytes are written out by hand: UTF-16 through the standard
//! library's `encode_utf16`, Java's records from `DataOutput.writeUTF`'s
//! documented format (a two-byte big-endian count, then Modified UTF-8:
//! `00 04 61 C0 80 62` is "a\0b"), the magic number from the Corrected
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

/// The rows of `inspect` (header left out), each split into its offset and
/// its last column (the character).
fn inspect_rows(args: &[&str], input: &[u8], code: i32) -> Vec<(usize, String)> {
    let assert = utfx().arg("inspect").args(args).write_stdin(input.to_vec()).assert().code(code);
    let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    let mut lines = out.lines();
    assert!(lines.next().unwrap().trim_end().ends_with("status                          char"), "{out}");
    lines
        .map(|line| {
            let offset = line.split_whitespace().next().unwrap().parse().unwrap();
            (offset, line.rsplit_once("  ").unwrap().1.to_string())
        })
        .collect()
}

#[test]
fn inspect_shows_each_character_in_a_last_column() {
    // "a", "é" (C3 A9), LF, TAB, space, U+202E (E2 80 AE, a format
    // character that would reorder the terminal's line), FF (ill-formed).
    let input = b"a\xC3\xA9\n\t \xE2\x80\xAE\xFF";
    let rows = inspect_rows(&["-f", "utf-8"], input, 1);
    let expected = [(0, "'a'"), (1, "'\u{E9}'"), (3, r"'\n'"), (4, r"'\t'"), (5, "' '"), (6, r"'\u{202e}'"), (9, "-")];
    let expected: Vec<(usize, String)> = expected.iter().map(|&(o, c)| (o, c.to_string())).collect();
    assert_eq!(rows, expected);
    // The columns before it are as they were: a script reading them still
    // works.
    utfx()
        .args(["inspect", "-f", "utf-8"])
        .write_stdin("a")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("  offset  bytes              code point   class           status"))
        .stdout(predicate::str::contains("\n       0  61                 U+0061       ASCII           ok "));
    // A reserved sequence, a lone surrogate, a code point beyond Unicode:
    // no character.
    assert_eq!(inspect_rows(&["-f", "corrected-utf-8"], b"\xFE\x80", 0), [(0, "-".to_string())]);
    assert_eq!(inspect_rows(&["-f", "wtf-8"], b"\xED\xA0\x80", 0), [(0, "-".to_string())]);
    assert_eq!(inspect_rows(&["-f", "utf-8-rfc2279"], b"\xF8\x88\x80\x80\x80", 0), [(0, "-".to_string())]);
}

#[test]
fn inspect_starts_at_an_offset_and_limits_its_rows() {
    // "a" at 0, "é" at 1 (2 bytes), "€" at 3 (E2 82 AC), U+1F600 at 6
    // (F0 9F 98 80), "z" at 10.
    let input = "a\u{E9}\u{20AC}\u{1F600}z".as_bytes();
    let offsets = |args: &[&str]| -> Vec<usize> {
        let args: Vec<&str> = ["-f", "utf-8"].iter().chain(args).copied().collect();
        inspect_rows(&args, input, 0).into_iter().map(|(o, _)| o).collect()
    };
    assert_eq!(offsets(&[]), [0, 1, 3, 6, 10]);
    assert_eq!(offsets(&["--offset", "3"]), [3, 6, 10]);
    // Inside a sequence: the item that holds the byte, decoded from the
    // start (not a continuation byte read as an error).
    assert_eq!(offsets(&["--offset", "2"]), [1, 3, 6, 10]);
    assert_eq!(offsets(&["--offset", "8"]), [6, 10]);
    assert_eq!(offsets(&["--limit", "2"]), [0, 1]);
    assert_eq!(offsets(&["--offset", "4", "--limit", "2"]), [3, 6]);
    assert_eq!(offsets(&["--limit", "0"]), Vec::<usize>::new());
    assert_eq!(offsets(&["--offset", "11"]), Vec::<usize>::new());
    // A stripped BOM is the row that holds bytes 0 to 2.
    let rows = inspect_rows(&["-f", "utf-8", "--offset", "1", "--limit", "2"], b"\xEF\xBB\xBFab", 0);
    assert_eq!(rows.iter().map(|r| r.0).collect::<Vec<_>>(), [0, 3]);
    // The exit status is that of the rows shown.
    inspect_rows(&["-f", "utf-8", "--offset", "2"], b"a\xFFb", 0);
    inspect_rows(&["-f", "utf-8", "--limit", "1"], b"a\xFFb", 0);
    inspect_rows(&["-f", "utf-8", "--offset", "1", "--limit", "1"], b"a\xFFb", 1);
}

/// Corrected UTF-8's magic number, from its specification: "The eight-byte
/// sequence EF B7 9D ED B2 AE 00 0A [...] the Corrected encoding of the
/// four-codepoint sequence U+10E7D U+ED4E U+0000 U+000A".
const MAGIC: &[u8] = b"\xEF\xB7\x9D\xED\xB2\xAE\x00\x0A";

#[test]
fn a_leading_magic_number_is_stripped_as_a_bom_is() {
    let signed = [MAGIC, b"hi\n"].concat();
    for codec in ["corrected-utf-8", "corrected-utf-8-c1"] {
        utfx()
            .args(["decode", "-f", codec])
            .write_stdin(signed.clone())
            .assert()
            .success()
            .stdout("U+0068 U+0069 U+000A\n");
        // Converted to UTF-8, no NUL and no U+10E7D: only the text.
        utfx()
            .args(["convert", "-f", codec, "-t", "utf-8"])
            .write_stdin(signed.clone())
            .assert()
            .success()
            .stdout("hi\n");
        utfx()
            .args(["decode", "-f", codec, "--keep-bom"])
            .write_stdin(signed.clone())
            .assert()
            .success()
            .stdout("U+10E7D U+ED4E U+0000 U+000A U+0068 U+0069 U+000A\n");
    }
    // Only at the start.
    utfx()
        .args(["decode", "-f", "corrected-utf-8"])
        .write_stdin([b"a", MAGIC].concat())
        .assert()
        .success()
        .stdout("U+0061 U+10E7D U+ED4E U+0000 U+000A\n");
    // Offsets count it: the lone continuation byte is the tenth byte.
    utfx()
        .args(["convert", "-f", "corrected-utf-8", "-t", "utf-8"])
        .write_stdin([MAGIC, b"a\x80"].concat())
        .assert()
        .code(1)
        .stdout("a")
        .stderr(predicate::str::contains("offset 9: "));
    // inspect shows it as one row, status `magic`; the text follows at 8.
    let out = utfx().args(["inspect", "-f", "corrected-utf-8"]).write_stdin(signed.clone()).assert().success();
    let out = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let rows: Vec<Vec<&str>> =
        out.lines().skip(1).map(|l| l.split("  ").map(str::trim).filter(|c| !c.is_empty()).collect()).collect();
    assert_eq!(rows[0], ["0", "EF B7 9D ED B2...", "-", "magic number", "magic", "-"], "{out}");
    assert_eq!(rows[1][0], "8");
    // The document check still sees it: signed, no U+0000 outside it.
    utfx()
        .args(["validate", "-f", "corrected-utf-8", "--document"])
        .write_stdin(signed)
        .assert()
        .success()
        .stdout("<stdin>: ok\n");
}

#[test]
fn bom_writes_the_magic_number_in_corrected_utf8() {
    let expected = [MAGIC, b"hi\n"].concat();
    for codec in ["corrected-utf-8", "corrected-utf-8-c1"] {
        utfx().args(["encode", "-t", codec, "--bom"]).write_stdin("hi\n").assert().success().stdout(expected.clone());
        utfx()
            .args(["convert", "-f", "utf-8", "-t", codec, "--bom"])
            .write_stdin("hi\n")
            .assert()
            .success()
            .stdout(expected.clone());
        utfx()
            .args(["encode", "-t", codec, "--bom", "--input", "cps"])
            .write_stdin("U+0068 U+0069 U+000A")
            .assert()
            .success()
            .stdout(expected.clone());
    }
    // And what it writes reads back as the text alone.
    utfx()
        .args(["-f", "corrected-utf-8", "-t", "utf-16le"])
        .write_stdin(expected)
        .assert()
        .success()
        .stdout(utf16le("hi\n"));
}

/// Modified UTF-8 of `text`, by the JVM specification (§4.4.7): U+0000 as
/// `C0 80`, other BMP characters as in UTF-8, a supplementary character as
/// its two UTF-16 surrogates, each in three bytes.
fn mutf8(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for c in text.chars() {
        match c as u32 {
            0 => out.extend_from_slice(b"\xC0\x80"),
            0x1..=0xFFFF => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
            _ => {
                for unit in c.encode_utf16(&mut [0; 2]) {
                    let u = u32::from(*unit);
                    out.extend([0xE0 | (u >> 12) as u8, 0x80 | (u >> 6 & 0x3F) as u8, 0x80 | (u & 0x3F) as u8]);
                }
            }
        }
    }
    out
}

/// The payloads of Java's records, as `readUTF` finds them: a two-byte
/// big-endian length, then that many bytes.
fn records(mut framed: &[u8]) -> Vec<Vec<u8>> {
    let mut found = Vec::new();
    while !framed.is_empty() {
        let len = usize::from(u16::from_be_bytes([framed[0], framed[1]]));
        found.push(framed[2..2 + len].to_vec());
        framed = &framed[2 + len..];
    }
    found
}

/// Three records as `writeUTF("a\0b")`, `writeUTF("")`, `writeUTF("€😀")`
/// write them.
fn java_file() -> Vec<u8> {
    [&b"\x00\x04a\xC0\x80b"[..], b"\x00\x00", b"\x00\x09\xE2\x82\xAC\xED\xA0\xBD\xED\xB8\x80"].concat()
}

#[test]
fn java_records_read_as_text() {
    assert_eq!(mutf8("a\0b\u{20AC}\u{1F600}"), b"a\xC0\x80b\xE2\x82\xAC\xED\xA0\xBD\xED\xB8\x80");
    for codec in ["mutf-8", "mutf-8-lenient"] {
        utfx()
            .args(["convert", "-f", codec, "-t", "utf-8", "--framing", "java"])
            .write_stdin(java_file())
            .assert()
            .success()
            .stdout("a\0b\u{20AC}\u{1F600}");
        // One line of tokens per record.
        utfx()
            .args(["decode", "-f", codec, "--framing", "java"])
            .write_stdin(java_file())
            .assert()
            .success()
            .stdout("U+0061 U+0000 U+0062\n\nU+20AC U+1F600\n");
        utfx().args(["validate", "-f", codec, "--framing", "java"]).write_stdin(java_file()).assert().success();
    }
    // Without the option, the length field is text: 00 is not Modified
    // UTF-8 (the issue's symptom).
    utfx()
        .args(["-f", "mutf-8", "-t", "utf-8"])
        .write_stdin(java_file())
        .assert()
        .code(1)
        .stderr(predicate::str::contains("offset 0: nul"));
    // JSON items and inspect rows carry offsets in the file.
    utfx()
        .args(["decode", "-f", "mutf-8", "--framing", "java", "--format", "json"])
        .write_stdin(&b"\x00\x01a\x00\x02\xC0\x80"[..])
        .assert()
        .success()
        .stdout("{\"offset\":2,\"len\":1,\"cp\":\"U+0061\"}\n{\"offset\":5,\"len\":2,\"cp\":\"U+0000\"}\n");
    let rows = inspect_rows(&["-f", "mutf-8", "--framing", "java"], &java_file(), 0);
    let offsets: Vec<usize> = rows.iter().map(|r| r.0).collect();
    assert_eq!(offsets, [0, 2, 3, 5, 6, 8, 10, 13]);
}

#[test]
fn text_written_as_java_records_is_cut_between_characters() {
    // The cut at 65,535 bytes would fall inside "😀" (six bytes), between
    // its halves, or after the whole text; each is checked.
    let texts = [
        "hi\0".to_string(),
        String::new(),
        format!("{}\u{1F600}b", "a".repeat(65_533)),
        format!("{}\u{1F600}b", "a".repeat(65_530)),
        format!("{}\u{20AC}", "a".repeat(65_535)),
        "\u{E9}".repeat(70_000),
    ];
    for text in &texts {
        let framed = utfx()
            .args(["encode", "-t", "mutf-8", "--framing", "java"])
            .write_stdin(text.clone())
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let payloads = records(&framed);
        // Together the payloads are the text's Modified UTF-8; each record
        // holds whole characters (it decodes on its own to a part of the
        // text) and, but the last, is as full as that allows.
        assert_eq!(payloads.concat(), mutf8(text));
        let mut rest = text.as_str();
        for (i, payload) in payloads.iter().enumerate() {
            assert!(payload.len() <= 65_535);
            // Where the payload ends in the text, counting each character's
            // Modified UTF-8 length.
            let mut len = 0;
            let ends = rest.char_indices().map(|(at, c)| {
                let start = len;
                len += mutf8(&c.to_string()).len();
                (at, start)
            });
            let part = ends.chain([(rest.len(), mutf8(rest).len())]).find(|&(_, start)| start >= payload.len());
            let part = part.filter(|&(at, start)| start == payload.len() && mutf8(&rest[..at]) == *payload);
            let (part, _) =
                part.unwrap_or_else(|| panic!("record {i} of {} does not end between characters", text.len()));
            if i + 1 < payloads.len() {
                let next = rest[part..].chars().next().unwrap();
                assert!(payload.len() + mutf8(&next.to_string()).len() > 65_535, "record {i} could hold more");
            }
            rest = &rest[part..];
        }
        assert!(!payloads.is_empty());
        // Read back, the text.
        utfx()
            .args(["convert", "-f", "mutf-8", "-t", "utf-8", "--framing", "java"])
            .write_stdin(framed)
            .assert()
            .success()
            .stdout(text.clone());
    }
    // The empty text is one empty record, as writeUTF("") writes it.
    utfx()
        .args(["encode", "-t", "mutf-8", "--framing", "java"])
        .write_stdin("")
        .assert()
        .success()
        .stdout(&b"\x00\x00"[..]);
    // From code point tokens, and through convert (-t mutf-8) into a file.
    utfx()
        .args(["encode", "-t", "mutf-8", "--framing", "java", "--input", "cps", "--hex"])
        .write_stdin("U+0061 U+0000 U+0062")
        .assert()
        .success()
        .stdout("00 04 61 C0 80 62\n");
    let dir = support::temp_dir("framing");
    let out = dir.join("out.bin");
    utfx()
        .args(["-f", "utf-16le", "-t", "mutf-8", "--framing", "java", "-o"])
        .arg(&out)
        .write_stdin(utf16le("a\0b"))
        .assert()
        .success();
    assert_eq!(std::fs::read(&out).unwrap(), b"\x00\x04a\xC0\x80b");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_cut_or_ill_formed_record_fails_at_its_offset_in_the_file() {
    let good = &b"\x00\x04a\xC0\x80b"[..];
    // The payload cut short, or the length field: an error at the record's
    // first byte (6), after the records before it.
    for cut in [&b"\x00\x05ab"[..], b"\x00"] {
        let input = [good, cut].concat();
        utfx()
            .args(["convert", "-f", "mutf-8", "-t", "utf-8", "--framing", "java"])
            .write_stdin(input.clone())
            .assert()
            .code(1)
            .stdout("a\0b")
            .stderr("utfx: <stdin>: offset 6: truncated\n");
        utfx()
            .args(["decode", "-f", "mutf-8", "--framing", "java"])
            .write_stdin(input.clone())
            .assert()
            .code(1)
            .stdout("U+0061 U+0000 U+0062\n")
            .stderr("utfx: <stdin>: offset 6: truncated\n");
        // Whatever --errors says: the framing is broken, not the text.
        utfx()
            .args(["convert", "-f", "mutf-8", "-t", "utf-8", "--framing", "java", "-c"])
            .write_stdin(input.clone())
            .assert()
            .code(1);
        utfx()
            .args(["validate", "-f", "mutf-8", "--framing", "java"])
            .write_stdin(input)
            .assert()
            .code(1)
            .stdout("<stdin>: offset 6: truncated\n");
    }
    // Inside a record: offsets in the file. C0 41 at 8: C0 lacks its
    // continuation byte.
    let input = [good, b"\x00\x02\xC0A"].concat();
    utfx()
        .args(["convert", "-f", "mutf-8", "-t", "utf-8", "--framing", "java"])
        .write_stdin(input.clone())
        .assert()
        .code(1)
        .stdout("a\0b")
        .stderr("utfx: <stdin>: offset 8: missing_continuation\n");
    utfx()
        .args(["validate", "-f", "mutf-8", "--framing", "java", "--all-errors"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout("<stdin>:1:4: offset 8, bytes C0: missing_continuation\n");
    // A sequence the record's end cuts is an error even if the next record
    // would complete it: each record is decoded on its own, as readUTF does.
    utfx()
        .args(["decode", "-f", "mutf-8", "--framing", "java"])
        .write_stdin(&b"\x00\x01\xC0\x00\x01\x80"[..])
        .assert()
        .code(1)
        .stderr("utfx: <stdin>: offset 2: truncated\n");
}

#[test]
fn records_split_across_reads_are_read_whole() {
    use std::io::Write;
    let input = java_file();
    let mut child = support::spawn_piped(&["convert", "-f", "mutf-8", "-t", "utf-8", "--framing", "java"]);
    let mut stdin = child.stdin.take().unwrap();
    // Two writes, the first ending inside the first record's payload and
    // the second inside the third record's length field, with a pause
    // between them so that the reads see them apart.
    stdin.write_all(&input[..3]).unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(100));
    stdin.write_all(&input[3..9]).unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(100));
    stdin.write_all(&input[9..]).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.stdout, "a\0b\u{20AC}\u{1F600}".as_bytes());
}

#[test]
fn framing_is_only_for_modified_utf8() {
    let usage = predicate::str::contains("mutf-8, mutf-8-lenient");
    let commands: [&[&str]; 5] = [
        &["decode", "-f", "utf-8"],
        &["validate", "-f", "cesu-8"],
        &["inspect", "-f", "wtf-8"],
        &["encode", "-t", "utf-16le"],
        &["-f", "utf-8", "-t", "utf-16le"],
    ];
    for args in commands {
        utfx().args(args).args(["--framing", "java"]).write_stdin("a").assert().code(2).stderr(usage.clone());
    }
    utfx().args(["-t", "mutf-8", "--framing", "java", "--bom"]).write_stdin("a").assert().code(2);
    utfx().args(["decode", "-f", "mutf-8", "--framing", "python"]).write_stdin("a").assert().code(2);
}

/// Messages of framed input name the file and the record (issue 44):
/// `decode` of a cut record names the input, an encoding error in a record
/// gives the record and where its text starts in the file, and `validate -`
/// names standard input as no argument does.
#[test]
fn framed_messages_name_the_input_and_the_record() {
    // writeUTF("ab"), then writeUTF of U+10000 (a surrogate pair).
    let input = b"\x00\x02ab\x00\x06\xED\xA0\x80\xED\xB0\x80";
    utfx()
        .args(["convert", "-f", "mutf-8", "-t", "iso-8859-1", "--framing", "java"])
        .write_stdin(&input[..])
        .assert()
        .code(1)
        .stdout("ab")
        .stderr("utfx: <stdin>: index 2: U+10000: unrepresentable (in record 2, whose text starts at offset 6)\n");
    utfx().args(["validate", "-f", "utf-8", "-"]).write_stdin("ok").assert().success().stdout("<stdin>: ok\n");
}

/// Every error mode is described in `--help` (none was, issue 44), and the
/// tool's description names the legacy encodings it converts too.
#[test]
fn help_describes_every_error_mode() {
    let help = String::from_utf8(utfx().args(["convert", "--help"]).output().unwrap().stdout).unwrap();
    for mode in ["fatal:", "replace:", "escape:", "latin1:", "windows-1252:", "ignore:", "html:", "url:"] {
        assert!(help.contains(&format!("- {mode}")), "{mode}: {help}");
    }
    let about = String::from_utf8(utfx().arg("--help").output().unwrap().stdout).unwrap();
    assert!(about.contains("the Encoding Standard's legacy encodings"), "{about}");
}
