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
    // Through a pipe, the same line, column and hint as from the file
    // (issue 44: the lines are counted as the input is read).
    for (args, file) in
        [(&to_utf16[..], &latin), (&to_utf16, &wide), (&to_utf16, &cut), (&["-f", "utf-16le", "-t", "utf-8"], &wide16)]
    {
        let (_, from_file) = run(args, file);
        let piped = utfx().arg("convert").args(args).write_stdin(std::fs::read(file).unwrap()).output().unwrap();
        let piped = String::from_utf8_lossy(&piped.stderr).replace("<stdin>", &file.display().to_string());
        assert_eq!(piped, from_file, "{args:?}");
    }
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

/// A named pipe is read once: after an invalid byte `convert` gives the
/// line and column from what it read, where it opened the path again and
/// waited for ever for a writer (issue 44), with and without `-s`.
#[cfg(unix)]
#[test]
fn convert_of_a_named_pipe_ends_at_an_error() {
    let dir = temp_dir("fifo");
    let fifo = dir.join("f");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    for silent in [false, true] {
        let writer = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::write(fifo, b"ok\nx\xFF").unwrap())
        };
        let mut child = std::process::Command::new(support::bin())
            .args(["convert", "-f", "utf-8", "-t", "utf-8"])
            .args(silent.then_some("-s"))
            .arg(&fifo)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // A limit against hanging the suite, far beyond what a busy
        // machine takes, never a measure.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
        while child.try_wait().unwrap().is_none() {
            if std::time::Instant::now() > deadline {
                child.kill().unwrap();
                panic!("convert of a named pipe did not end");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        writer.join().unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(out.stdout, b"ok\nx");
        let stderr = String::from_utf8(out.stderr).unwrap();
        let first = format!("utfx: {}: offset 4: invalid_lead (line 2, column 2)\n", fifo.display());
        assert!(stderr.starts_with(&first), "{stderr}");
        assert_eq!(stderr.contains("hint"), !silent, "{stderr}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Each kind of input the old hint named windows-1252 for gets a hint of
/// its own, the same from a file and from a pipe (issue 44): Shift_JIS,
/// EUC-JP and GB2312 text the plain one, UTF-16LE after its BOM `-f
/// utf-16`, UTF-16LE without one `-f utf-16le`, Latin-1 text windows-1252.
#[test]
fn hints_guess_only_what_the_bytes_fit() {
    let dir = temp_dir("hints");
    let file = dir.join("in.txt");
    let utf16 = |text: &str| utf16le(text);
    let cases: Vec<(Vec<u8>, &str)> = vec![
        // 日本語のテキスト in Shift_JIS and EUC-JP, 中文文本 in GB2312.
        (b"ok \x93\xFA\x96\x7B\x8C\xEA\x82\xCC\x83\x65\x83\x4C\x83\x58\x83\x67\n".to_vec(), GENERIC),
        (b"ok \xC6\xFC\xCB\xDC\xB8\xEC\xA4\xCE\xA5\xC6\xA5\xAD\xA5\xB9\xA5\xC8\n".to_vec(), GENERIC),
        (b"ok \xD6\xD0\xCE\xC4\xCE\xC4\xB1\xBE\n".to_vec(), GENERIC),
        (
            [vec![0xFF, 0xFE], utf16("caf\u{E9} au lait, cr\u{E8}me br\u{FB}l\u{E9}e\n")].concat(),
            "utfx: hint: the input starts with a UTF-16LE byte order mark: -f utf-16 reads it (--sniff-bom lets any \
             byte order mark choose)\n",
        ),
        (
            utf16("caf\u{E9} au lait, cr\u{E8}me br\u{FB}l\u{E9}e\n"),
            "utfx: hint: the bytes look like UTF-16LE text (a zero byte beside each ASCII letter): -f utf-16le reads \
             it (-f utf-16 where a byte order mark leads)\n",
        ),
        (b"caf\xE9 au lait, cr\xE8me br\xFBl\xE9e\n".to_vec(), LEGACY),
    ];
    for (input, hint) in cases {
        std::fs::write(&file, &input).unwrap();
        let (status, from_file) = run(&["convert", "-f", "utf-8", "-t", "utf-16le"], &file);
        assert_eq!(status, Some(1));
        assert!(from_file.ends_with(hint), "{input:02X?}: {from_file}");
        let piped =
            utfx().args(["convert", "-f", "utf-8", "-t", "utf-16le"]).write_stdin(input.clone()).output().unwrap();
        let piped = String::from_utf8_lossy(&piped.stderr).replace("<stdin>", &file.display().to_string());
        assert_eq!(piped, from_file);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An encoding error names its line and column, as a decoding error does,
/// from a file and a pipe alike, and a hint: the error modes, and after
/// `--errors escape` the way back for the byte it kept (issue 44).
#[test]
fn encoding_errors_give_line_column_and_a_hint() {
    let dir = temp_dir("encode");
    let file = dir.join("enc.txt");
    std::fs::write(&file, "one\ntwo \u{65E5}\n").unwrap();
    let (status, stderr) = run(&["convert", "-f", "utf-8", "-t", "iso-8859-1"], &file);
    assert_eq!(status, Some(1));
    let name = file.display();
    assert_eq!(
        stderr,
        format!(
            "utfx: {name}: index 8: U+65E5: unrepresentable (line 2, column 5)\nutfx: hint: --encode-errors replace \
             writes a replacement (U+FFFD or ?), --encode-errors html writes &#N;, -c drops it\n"
        )
    );
    let piped = utfx().args(["convert", "-f", "utf-8", "-t", "iso-8859-1"]).write_stdin("one\ntwo \u{65E5}\n").output();
    let piped = String::from_utf8_lossy(&piped.unwrap().stderr).replace("<stdin>", &name.to_string());
    assert_eq!(piped, stderr);
    std::fs::write(&file, b"a\n\xE9b").unwrap();
    let (_, stderr) = run(&["convert", "-f", "utf-8", "-t", "iso-8859-1", "--errors", "escape"], &file);
    assert!(stderr.starts_with(&format!("utfx: {name}: index 2: U+DCE9: surrogate (line 2, column 1)\n")), "{stderr}");
    assert!(stderr.ends_with("--encode-errors escape writes it back as that byte\n"), "{stderr}");
    let (_, stderr) =
        run(&["convert", "-f", "utf-8", "-t", "utf-16le", "--errors", "escape", "--encode-errors", "escape"], &file);
    // In escape encode mode the escaped bytes before an error are written
    // as themselves, so no line and column is counted (decision 0040).
    assert!(stderr.contains("index 2: U+DCE9: surrogate\n"), "{stderr}");
    assert!(stderr.contains("no place among utf-16le's units of 2 bytes"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Counts read right: one error is "1 error", and `--max-errors 0` lists
/// none and says so (it printed "1 findings, the first 0 listed").
#[test]
fn counts_read_right_when_none_are_listed() {
    let args = ["validate", "-f", "utf-8", "--all-errors", "--max-errors", "0"];
    utfx()
        .args(args)
        .write_stdin(&b"a\xFF"[..])
        .assert()
        .code(1)
        .stdout("<stdin>: 1 error, none listed (--max-errors to list them)\n");
    utfx()
        .args(args)
        .write_stdin(&b"a\xFF\xFE"[..])
        .assert()
        .code(1)
        .stdout("<stdin>: 2 errors, none listed (--max-errors to list them)\n");
}

/// `-o` on a full device names it (a write that failed with ENOSPC named
/// no target), and a target whose name is near the file system's limit of
/// 255 bytes is written (the temporary name beside it added 17 bytes).
#[cfg(target_os = "linux")]
#[test]
fn output_files_name_their_failures_and_take_long_names() {
    utfx()
        .args(["convert", "-f", "utf-8", "-t", "utf-8", "-o", "/dev/full"])
        .write_stdin("hi\n")
        .assert()
        .code(3)
        .stderr(predicates::str::contains("/dev/full: No space left on device"));
    let dir = temp_dir("long-name");
    for len in [238, 239, 255] {
        let target = dir.join("a".repeat(len));
        utfx()
            .args(["convert", "-f", "utf-8", "-t", "utf-16le", "-o"])
            .arg(&target)
            .write_stdin("hi")
            .assert()
            .success();
        assert_eq!(std::fs::read(&target).unwrap(), b"h\0i\0");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `convert` takes several files, as iconv does: converted in turn into one
/// output, the output's BOM once, the first error ending the run after the
/// output before it (issue 44).
#[test]
fn convert_takes_several_files() {
    let dir = temp_dir("several");
    let (a, b, bad) = (dir.join("a"), dir.join("b"), dir.join("bad"));
    std::fs::write(&a, "ab\n").unwrap();
    std::fs::write(&b, "cd\n").unwrap();
    std::fs::write(&bad, b"e\xFF\n").unwrap();
    let out = utfx().args(["-f", "utf-8", "-t", "utf-16"]).arg(&a).arg(&b).output().unwrap();
    assert!(out.status.success());
    assert_eq!(out.stdout, [&[0xFF, 0xFE][..], &utf16le("ab\ncd\n")].concat());
    let out = utfx().args(["-f", "utf-8", "-t", "utf-8"]).arg(&a).arg(&bad).arg(&b).output().unwrap();
    assert_eq!((out.status.code(), &out.stdout[..]), (Some(1), &b"ab\ne"[..]));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.starts_with(&format!("utfx: {}: offset 1: invalid_lead (line 1, column 2)", bad.display())));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `validate -r` checks every file under a directory in name order, and
/// the summary counts the invalid files beside the unreadable ones; a
/// directory without -r says how to check it (issue 44).
#[test]
fn validate_takes_directories_with_r() {
    let dir = temp_dir("recursive");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("a"), "ok").unwrap();
    std::fs::write(dir.join("sub/b"), b"x\xFF").unwrap();
    std::fs::write(dir.join("sub/c"), "ok").unwrap();
    let d = dir.display();
    utfx()
        .args(["validate", "-f", "utf-8", "-r"])
        .arg(&dir)
        .assert()
        .code(1)
        .stdout(format!("{d}/a: ok\n{d}/sub/b: offset 1: invalid_lead\n{d}/sub/c: ok\n"))
        .stderr("utfx: 1 of 3 files is invalid\n");
    utfx()
        .args(["validate", "-f", "utf-8", "-r"])
        .arg(dir.join("sub/b"))
        .arg(dir.join("nope"))
        .assert()
        .code(3)
        .stderr(predicates::str::ends_with("utfx: 1 of 2 files is invalid, 1 could not be read\n"));
    utfx()
        .args(["validate", "-f", "utf-8"])
        .arg(&dir)
        .assert()
        .code(3)
        .stderr(format!("utfx: {d}: is a directory (-r checks every file under it)\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}
