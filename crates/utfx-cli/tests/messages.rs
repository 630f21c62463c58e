//! Error messages that say where and what to do: `convert` gives the line
//! and column of a decoding error (as `validate --all-errors` does) and a
//! hint; `decode` names the file; `validate` says it right for one input;
//! `-o` names the target the user gave, not the temporary file.
//!
//! Lines and columns are counted by hand from the inputs.

mod support;

use std::path::Path;

use support::{temp_dir, utf16le, utfx};

/// Runs `utfx args` and returns its exit status and standard error.
fn run(args: &[&str], file: &Path) -> (Option<i32>, String) {
    let output = utfx().args(args).arg(file).output().unwrap();
    (output.status.code(), String::from_utf8(output.stderr).unwrap())
}

const GENERIC: &str = "utfx: hint: --errors replace writes U+FFFD, -c drops it\n";
const LEGACY: &str = "utfx: hint: the byte looks like windows-1252 (or Latin-1) text: --errors windows-1252 reads \
                      it so; --errors replace writes U+FFFD, -c drops it\n";

#[test]
fn convert_gives_line_column_and_a_hint() {
    let dir = temp_dir("convert");
    let to_utf16 = ["-f", "utf-8", "-t", "utf-16le"];
    // "caf\xE9 au lait": E9 is 18 + 3 bytes in, on line 3, the 4th
    // character; the space after it is not a continuation byte.
    let latin = dir.join("latin.log");
    std::fs::write(&latin, b"line one\nline two\ncaf\xE9 au lait\n").unwrap();
    let l = latin.display();
    let (status, stderr) = run(&to_utf16, &latin);
    assert_eq!(status, Some(1));
    assert_eq!(stderr, format!("utfx: {l}: offset 21: missing_continuation (line 3, column 4)\n{LEGACY}"));
    // -s (iconv's --silent) keeps the error and drops the hint.
    let silent = ["-s", "-f", "utf-8", "-t", "utf-16le"];
    let (status, stderr) = run(&silent, &latin);
    assert_eq!(status, Some(1));
    assert_eq!(stderr, format!("utfx: {l}: offset 21: missing_continuation (line 3, column 4)\n"));
    // The same line and column as validate --all-errors.
    utfx()
        .args(["validate", "-f", "utf-8", "--all-errors"])
        .arg(&latin)
        .assert()
        .code(1)
        .stdout(format!("{l}:3:4: offset 21, bytes E9: missing_continuation\n"));
    // Columns count characters: é, € and x before FF (2 + 3 + 1 bytes);
    // FF then a newline reads as windows-1252's ÿ.
    let wide = dir.join("wide.log");
    std::fs::write(&wide, ["é€x".as_bytes(), b"\xFF\n"].concat()).unwrap();
    let (status, stderr) = run(&to_utf16, &wide);
    assert_eq!(status, Some(1));
    assert_eq!(stderr, format!("utfx: {}: offset 6: invalid_lead (line 1, column 4)\n{LEGACY}", wide.display()));
    // A four-byte sequence cut short by a newline: F0 9F is UTF-8's start,
    // not windows-1252 text, so the hint is the plain one.
    let cut = dir.join("cut.log");
    std::fs::write(&cut, b"ok\n\xF0\x9F\x92\n").unwrap();
    let (status, stderr) = run(&to_utf16, &cut);
    assert_eq!(status, Some(1));
    assert_eq!(
        stderr,
        format!("utfx: {}: offset 3: missing_continuation (line 2, column 1)\n{GENERIC}", cut.display())
    );
    // UTF-16LE: "a\nb" then a lone trail surrogate, at line 2, column 2;
    // the hint of an ASCII-compatible input does not apply.
    let wide16 = dir.join("utf16.txt");
    std::fs::write(&wide16, [utf16le("a\nb"), vec![0x00, 0xDC]].concat()).unwrap();
    let (status, stderr) = run(&["-f", "utf-16le", "-t", "utf-8"], &wide16);
    assert_eq!(status, Some(1));
    assert_eq!(
        stderr,
        format!("utfx: {}: offset 6: unpaired_surrogate (line 2, column 2)\n{GENERIC}", wide16.display())
    );
    // Through a pipe the input cannot be read again: the offset and the hint.
    utfx()
        .args(["convert", "-f", "utf-8", "-t", "utf-16le"])
        .write_stdin(&b"line one\nline two\ncaf\xE9 au lait\n"[..])
        .assert()
        .code(1)
        .stderr(format!("utfx: <stdin>: offset 21: missing_continuation\n{GENERIC}"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn decode_names_the_file() {
    let dir = temp_dir("decode");
    let file = dir.join("app.log");
    std::fs::write(&file, b"a\xFF").unwrap();
    let (status, stderr) = run(&["decode", "-f", "utf-8"], &file);
    assert_eq!((status, stderr), (Some(1), format!("utfx: {}: offset 1: invalid_lead\n", file.display())));
    let (status, stderr) = run(&["decode", "-f", "utf-8", "--format", "utf-8"], &file);
    assert_eq!((status, stderr), (Some(1), format!("utfx: {}: offset 1: invalid_lead\n", file.display())));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn validate_says_it_right_for_one_input() {
    let dir = temp_dir("validate");
    let (bad, good) = (dir.join("bad.txt"), dir.join("good.txt"));
    std::fs::write(&bad, b"a\xFF").unwrap();
    std::fs::write(&good, b"a").unwrap();
    let (status, stderr) = run(&["validate", "-f", "utf-8"], &bad);
    assert_eq!((status, stderr), (Some(1), format!("utfx: {} is invalid\n", bad.display())));
    utfx()
        .args(["validate", "-f", "utf-8"])
        .write_stdin(&b"\xFF"[..])
        .assert()
        .code(1)
        .stderr("utfx: <stdin> is invalid\n");
    let output = utfx().args(["validate", "-f", "utf-8"]).arg(&bad).arg(&good).arg(&bad).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8(output.stderr).unwrap(), "utfx: 2 of 3 files are invalid\n");
    // One unreadable input: its own message, once.
    let missing = dir.join("missing.txt");
    let (status, stderr) = run(&["validate", "-f", "utf-8"], &missing);
    assert_eq!(status, Some(3));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with(&format!("utfx: {}: ", missing.display())), "{stderr}");
    let output = utfx().args(["validate", "-f", "utf-8"]).arg(&good).arg(&missing).output().unwrap();
    assert_eq!(output.status.code(), Some(3));
    assert!(String::from_utf8(output.stderr).unwrap().ends_with("utfx: 1 of 2 files could not be read\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn output_errors_name_the_target() {
    let dir = temp_dir("target");
    let target = dir.join("no-such-dir").join("out.txt");
    let output =
        utfx().args(["convert", "-f", "utf-8", "-t", "utf-8", "-o"]).arg(&target).write_stdin("text").output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(3));
    assert!(stderr.starts_with(&format!("utfx: {}: ", target.display())), "{stderr}");
    assert!(!stderr.contains(".tmp") && !stderr.contains("at path"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}
