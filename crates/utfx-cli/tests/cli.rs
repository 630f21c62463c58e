//! The command-line contract, checked by running the built binary: every
//! subcommand, every registered codec, every error mode, the exit statuses
//! and messages for bad input, a closed pipe, a large round trip through
//! `convert` between every pair of codecs that can hold the text, and
//! bounded memory on a large input.
//!
//! Expected bytes come from the standard library (`str::as_bytes`,
//! `encode_utf16`) or are written out by hand from the specifications.

mod support;

use std::io::{Read, Write};
use std::process::Stdio;

use predicates::prelude::*;
use support::{bin, run_on_file, spawn_piped, temp_dir, utf16le, utfx};

/// How long a test waits for what a working `utfx` does at once (a line
/// out, an exit), before it calls the wait a hang: a limit against hanging
/// the suite, far beyond what a busy machine takes, never a measure.
const HANG: std::time::Duration = std::time::Duration::from_secs(120);

fn names() -> Vec<&'static str> {
    codec_registry::all().iter().map(|c| c.info().name).collect()
}

#[test]
fn list_prints_one_tab_separated_line_per_registered_codec() {
    let out = utfx().arg("list").assert().success().get_output().stdout.clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Every codec, and `utf-16` and `utf-32` (the CLI's byte-order-neutral
    // labels).
    assert_eq!(lines.len(), codec_registry::all().len() + 2);
    let neutral = |n: &&str| *n != "utf-16" && *n != "utf-32";
    let listed: Vec<&str> = lines.iter().map(|l| l.split('\t').next().unwrap()).filter(neutral).collect();
    assert_eq!(listed, names());
    for line in &lines {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 5, "{line}");
    }
    // The fifth field: the labels whose meaning is the Encoding Standard's
    // where iconv reads another encoding (decision 0043); `latin1` is
    // ISO-8859-1's, not windows-1252's (the Standard's label of it).
    let row = |name: &str| {
        lines.iter().find(|l| l.starts_with(&format!("{name}\t"))).unwrap().split('\t').collect::<Vec<_>>()
    };
    assert!(row("windows-1254")[4].split(',').any(|l| l == "iso-8859-9"), "{:?}", row("windows-1254"));
    assert!(row("shift_jis")[4].split(',').any(|l| l == "sjis"));
    assert_eq!(row("iso-8859-1")[4], "");
    assert!(row("iso-8859-1")[1].split(',').any(|l| l == "latin1"));
    assert!(!row("windows-1252")[1].split(',').any(|l| l == "latin1" || l == "us-ascii"));
    let expected = ["utf-8", "generalized-utf-8", "utf-8-rfc2279", "utf-16le", "utf-16be", "wtf-16le", "wtf-16be"];
    for name in expected.into_iter().chain(["utf-32le", "utf-32be", "wtf-32le", "wtf-32be", "wtf-8"]) {
        assert!(names().contains(&name), "{name} is not listed");
    }
}

#[test]
fn decode_formats_and_modes() {
    let run = |args: &[&str], input: &[u8]| utfx().arg("decode").args(args).write_stdin(input.to_vec()).assert();
    run(&["-f", "utf-8"], "A\u{1F4A9}".as_bytes()).success().stdout("U+0041 U+1F4A9\n");
    run(&["-f", " UTF-8 "], b"").success().stdout("\n");
    // A fatal error: what came before it is written (as a line), then the error.
    run(&["-f", "utf-8"], b"A\xFFB")
        .code(1)
        .stdout("U+0041\n")
        .stderr(predicate::str::contains("offset 1: invalid_lead"));
    run(&["-f", "utf-8"], b"\xFF").code(1).stdout("\n");
    run(&["-f", "utf-8", "--format", "utf-8"], b"A\xFFB").code(1).stdout("A");
    run(&["-f", "utf-8", "--errors", "replace"], b"A\xFF\xC3").success().stdout("U+0041 U+FFFD U+FFFD\n");
    run(&["-f", "utf-8", "--errors", "escape"], b"A\xFF").success().stdout("U+0041 U+DCFF\n");
    run(&["-f", "utf-8", "--errors", "latin1"], b"\xE9").success().stdout("U+00E9\n");
    run(&["-f", "utf-8", "--errors", "windows-1252"], b"\x80").success().stdout("U+20AC\n");
    run(&["-f", "utf-8", "--input-hex"], b"f0 9f\n92 A9").success().stdout("U+1F4A9\n");
    run(&["-f", "utf-8", "--input-hex"], b"F0 9").code(1);
    run(&["-f", "utf-8-rfc2279"], b"\xFD\xBF\xBF\xBF\xBF\xBF").success().stdout("U+7FFFFFFF\n");
    run(&["-f", "utf-16be"], b"\xD8\x3D\xDC\xA9").success().stdout("U+1F4A9\n");
    run(&["-f", "wtf-16le"], b"\x00\xD8").success().stdout("U+D800\n");
    // JSON: one object per item, errors whatever the mode, exit 1 if any.
    let json = "{\"offset\":0,\"len\":1,\"cp\":\"U+0041\"}\n{\"offset\":1,\"len\":2,\"error\":\"missing_continuation\"}\n{\"offset\":3,\"len\":1,\"cp\":\"U+0042\"}\n{\"offset\":4,\"len\":1,\"error\":\"truncated\"}\n";
    for mode in ["fatal", "replace"] {
        run(&["-f", "utf-8", "--format", "json", "--errors", mode], b"A\xE2\x82B\xF0").code(1).stdout(json);
    }
    run(&["-f", "wtf-8", "--format", "json"], b"\xED\xA0\x80\xED\xB0\x80")
        .code(1)
        .stdout("{\"offset\":0,\"len\":3,\"error\":\"surrogate_pair\"}\n{\"offset\":3,\"len\":3,\"cp\":\"U+DC00\"}\n");
    run(&["-f", "utf-8", "--format", "json"], b"ok").success();
    // UTF-8 output: what UTF-8 cannot hold is an error, or per --errors.
    run(&["-f", "utf-16le", "--format", "utf-8"], b"h\x00\xE9\x00").success().stdout("h\u{E9}");
    run(&["-f", "wtf-16le", "--format", "utf-8"], b"a\x00\x00\xD8")
        .code(1)
        .stderr(predicate::str::contains("index 1: U+D800: surrogate"));
    run(&["-f", "wtf-16le", "--format", "utf-8", "--errors", "replace"], b"a\x00\x00\xD8")
        .success()
        .stdout("a\u{FFFD}");
    run(&["-f", "utf-8", "--format", "utf-8", "--errors", "escape"], b"a\xFF").success().stdout(&b"a\xFF"[..]);
}

#[test]
fn encode_inputs_and_modes() {
    let run =
        |args: &[&str], input: &str| utfx().args(["encode", "--input", "cps"]).args(args).write_stdin(input).assert();
    run(&["-t", "utf-8", "--hex"], "U+0041 u+e9,0x1F4A9\n20ac").success().stdout("41 C3 A9 F0 9F 92 A9 E2 82 AC\n");
    run(&["-t", "utf-16le"], "U+0068 U+0069").success().stdout(&b"h\x00i\x00"[..]);
    utfx()
        .args(["encode", "-t", "utf-16be", "--input", "utf-8", "--hex"])
        .write_stdin("\u{1F4A9}")
        .assert()
        .success()
        .stdout("D8 3D DC A9\n");
    run(&["-t", "utf-8-rfc2279", "--hex"], "U+80000000")
        .code(1)
        .stderr(predicate::str::contains("index 0: U+80000000: out_of_range"));
    run(&["-t", "utf-8", "--hex"], "41 D800").code(1).stderr(predicate::str::contains("index 1: U+D800: surrogate"));
    run(&["-t", "utf-8", "--hex", "--errors", "replace"], "41 D800").success().stdout("41 EF BF BD\n");
    run(&["-t", "utf-8", "--hex", "--errors", "html"], "D800").success().stdout("26 23 35 35 32 39 36 3B\n");
    run(&["-t", "utf-8", "--hex", "--errors", "escape"], "41 DCFF").success().stdout("41 FF\n");
    run(&["-t", "wtf-16le", "--hex"], "D800 DC00")
        .code(1)
        .stderr(predicate::str::contains("index 0: U+D800: surrogate_pair"));
    run(&["-t", "wtf-8", "--hex"], "D800 DC00").success().stdout("F0 90 80 80\n");
    run(&["-t", "utf-8"], "U+0041 nope").code(1).stderr(predicate::str::contains("token 1"));
    run(&["-t", "utf-8"], "R+FE8080").code(1);
    run(&["-t", "utf-8", "--hex"], "U+1000000000000000000000").code(1).stderr(predicate::str::contains("out_of_range"));
    utfx().args(["encode", "-t", "utf-8", "--input", "utf-8"]).write_stdin(&b"\xFF"[..]).assert().code(1);
}

#[test]
fn every_codec_every_mode_decodes_and_encodes() {
    let tricky: &[u8] = b"A\xC3\xA9\x00\xD8\xED\xA0\x80\xFF\xF0\x9F\x92";
    for name in names() {
        for mode in ["fatal", "replace", "escape", "latin1", "windows-1252", "ignore"] {
            let assert = utfx().args(["decode", "-f", name, "--errors", mode]).write_stdin(tricky.to_vec()).assert();
            let code = assert.get_output().status.code();
            assert!(code == Some(0) || code == Some(1) && mode == "fatal", "{name} {mode}: {code:?}");
            // Every row, then the exit status of validate.
            let validated = utfx().args(["validate", "-f", name]).write_stdin(tricky.to_vec()).assert();
            let assert = utfx()
                .args(["inspect", "-f", name])
                .write_stdin(tricky.to_vec())
                .assert()
                .code(validated.get_output().status.code().unwrap());
            assert!(String::from_utf8_lossy(&assert.get_output().stdout).lines().count() >= 2);
        }
        // Escape mode round-trips any bytes, in every codec (decisions 0003
        // and 0008).
        let cps =
            utfx().args(["decode", "-f", name, "--errors", "escape"]).write_stdin(tricky.to_vec()).assert().success();
        let cps = cps.get_output().stdout.clone();
        let back = tricky.to_vec();
        utfx()
            .args(["encode", "--input", "cps", "-t", name, "--errors", "escape"])
            .write_stdin(cps)
            .assert()
            .success()
            .stdout(back);
        // A legacy encoding of the Encoding Standard may not map U+00E9
        // (its domain then does not contain it): fatal and escape mode
        // fail on it, the others write something.
        let carries = codec_registry::get(name).unwrap().info().domain.contains(codec_core::CodePoint::new(0xE9));
        for mode in ["fatal", "replace", "html", "url", "escape", "ignore"] {
            let assert = utfx()
                .args(["encode", "--input", "cps", "-t", name, "--errors", mode, "--hex"])
                .write_stdin("U+0041 U+00E9")
                .assert();
            if carries || !matches!(mode, "fatal" | "escape") {
                assert.success();
            } else if assert.get_output().status.code() != Some(0) {
                assert.code(1).stderr(predicate::str::contains("U+00E9: unrepresentable"));
            }
        }
    }
}

#[test]
fn bad_input_and_usage_errors() {
    utfx()
        .args(["decode", "-f", "utf8x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("utf8").and(predicate::str::contains("did you mean")));
    utfx().args(["decode", "-f", "utf-8", "--errors", "bogus"]).assert().code(2);
    utfx().args(["decode"]).assert().code(2);
    utfx().args(["frobnicate"]).assert().code(2);
    utfx()
        .args(["decode", "-f", "utf-8", "/no/such/file"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("/no/such/file"));
    let dir = temp_dir("bad");
    utfx().args(["decode", "-f", "utf-8"]).arg(&dir).assert().code(3);
    utfx()
        .args(["convert", "-f", "utf-8", "-t", "utf-16le", "-o"])
        .arg(dir.join("missing/dir/out"))
        .write_stdin("x")
        .assert()
        .code(3);
    utfx().args(["validate", "-f", "utf-8", "--document"]).arg(&dir).assert().code(2);
    for sub in ["list", "decode", "encode", "convert", "validate", "inspect"] {
        utfx().args([sub, "--help"]).assert().success().stdout(predicate::str::contains("Example"));
    }
    utfx().arg("--version").assert().success();
    for args in [&["decode", "-f", "utf-8"][..], &["inspect", "-f", "wtf-8"], &["encode", "-t", "utf-8"]] {
        let out = utfx().args(args).write_stdin(&b"\xFF\xFE\x00garbage \xED\xA0"[..]).assert().get_output().clone();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked") && !stderr.contains("backtrace"), "{args:?}: {stderr}");
    }
}

#[test]
fn validate_reports_each_file() {
    let dir = temp_dir("validate");
    let (good, bad) = (dir.join("good.txt"), dir.join("bad.txt"));
    std::fs::write(&good, "h\u{E9}llo").unwrap();
    std::fs::write(&bad, b"ok\xC0\x80").unwrap();
    utfx().args(["validate", "-f", "utf-8"]).arg(&good).assert().success().stdout(format!("{}: ok\n", good.display()));
    utfx().args(["validate", "-f", "utf-8"]).arg(&good).arg(&bad).assert().code(1).stdout(format!(
        "{}: ok\n{}: offset 2: overlong\n",
        good.display(),
        bad.display()
    ));
    utfx().args(["validate", "-f", "utf-8"]).arg(&good).arg(dir.join("none")).assert().code(3);
}

#[test]
fn convert_writes_the_output_file_only_on_success() {
    let dir = temp_dir("convert");
    let (input, out) = (dir.join("in.txt"), dir.join("out.txt"));
    std::fs::write(&input, b"fine, then \xFF").unwrap();
    utfx()
        .args(["convert", "-f", "utf-8", "-t", "utf-16le", "-o"])
        .arg(&out)
        .arg(&input)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("offset 11: invalid_lead"));
    assert!(!out.exists());
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "a temporary file was left behind");
    utfx()
        .args(["convert", "-f", "utf-8", "-t", "utf-16le", "--errors", "replace", "-o"])
        .arg(&out)
        .arg(&input)
        .assert()
        .success();
    let expected: Vec<u8> = "fine, then \u{FFFD}".encode_utf16().flat_map(u16::to_le_bytes).collect();
    assert_eq!(std::fs::read(&out).unwrap(), expected);
    utfx()
        .args(["convert", "-f", "utf-16le", "-t", "utf-8"])
        .arg(&out)
        .assert()
        .success()
        .stdout("fine, then \u{FFFD}");
    utfx()
        .args(["convert", "-f", "wtf-16le", "-t", "utf-8"])
        .write_stdin(&b"\x00\xD8"[..])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("index 0: U+D800: surrogate"));
    utfx()
        .args(["convert", "-f", "wtf-16le", "-t", "utf-8", "--encode-errors", "replace"])
        .write_stdin(&b"\x00\xD8"[..])
        .assert()
        .success()
        .stdout("\u{FFFD}");
}

/// An error several read buffers into the input, from a file and from a
/// pipe that delivers odd-sized pieces: the output before it is written in
/// full, and its offset counts from the start of the input.
#[test]
fn convert_reports_a_late_error_at_its_offset_after_the_output_before_it() {
    let text = generated_text(700_000);
    let dir = temp_dir("late-error");
    // UTF-8 with an invalid byte, to UTF-16LE.
    let mut utf8 = text.as_bytes().to_vec();
    utf8.push(0xFF);
    utf8.extend_from_slice(b"after");
    let utf16: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    // UTF-16LE with a lone trail surrogate, to UTF-8.
    let mut lone = utf16.clone();
    lone.extend_from_slice(&[0x00, 0xDC, b'a', 0]);
    let cases = [
        ("utf-8", "utf-16le", utf8, text.len(), &utf16[..]),
        ("utf-16le", "utf-8", lone, utf16.len(), text.as_bytes()),
    ];
    for (from, to, input, offset, before) in cases {
        let file = dir.join(format!("{from}.in"));
        std::fs::write(&file, &input).unwrap();
        let message = format!("offset {offset}: ");
        let run = utfx().args(["convert", "-f", from, "-t", to]).arg(&file).assert().code(1);
        let out = run.get_output();
        assert!(out.stdout == before, "{from} to {to} from a file: {} bytes out", out.stdout.len());
        assert!(String::from_utf8_lossy(&out.stderr).contains(&message), "{from} to {to}: {:?}", out.stderr);
        // The same from a pipe, in pieces of 4,093 bytes.
        let mut child = spawn_piped(&["convert", "-f", from, "-t", to]);
        let mut stdin = child.stdin.take().unwrap();
        let writer = std::thread::spawn(move || {
            for piece in input.chunks(4093) {
                if stdin.write_all(piece).and_then(|()| stdin.flush()).is_err() {
                    break;
                }
            }
        });
        let out = child.wait_with_output().unwrap();
        writer.join().unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert!(out.stdout == before, "{from} to {to} from a pipe: {} bytes out", out.stdout.len());
        assert!(String::from_utf8_lossy(&out.stderr).contains(&message), "{from} to {to}: {:?}", out.stderr);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file large enough to be converted in pieces on several threads gives what
/// one run gives: the same bytes, the same first error at its offset in
/// the whole file (after all the output before it), encoding errors at
/// their index in the whole text, and the same replacements around a run
/// of errors too long for a piece to end in (converted in one run).
#[test]
fn convert_of_a_large_file_in_pieces_matches_one_run() {
    let text = generated_text(9 << 20);
    let dir = temp_dir("pieces");
    let file = dir.join("in");
    let run = |args: &[&str], input: &[u8]| run_on_file(&[], &[&["convert"][..], args].concat(), &file, input);
    let to_utf16 = ["-f", "utf-8", "-t", "utf-16le"];
    // Well-formed text, both ways.
    let utf16 = utf16le(&text);
    assert!(run(&to_utf16, text.as_bytes()) == (Some(0), utf16.clone(), String::new()), "utf-8 to utf-16le");
    let back = run(&["-f", "utf-16le", "-t", "utf-8"], &utf16);
    assert!(back == (Some(0), text.as_bytes().to_vec(), String::new()), "utf-16le to utf-8");
    // After a BOM, which the label strips: the pieces start after it.
    let bommed = [&b"\xEF\xBB\xBF"[..], text.as_bytes()].concat();
    assert!(run(&to_utf16, &bommed) == (Some(0), utf16.clone(), String::new()), "utf-8 after a BOM");
    // A bad byte in the eighth mebibyte: everything before it, then the error.
    let at = (7 << 20) + 12_345;
    let at = (at..).find(|&i| text.is_char_boundary(i)).unwrap();
    let mut bad = text.as_bytes().to_vec();
    bad.insert(at, 0xFF);
    let (code, out, err) = run(&to_utf16, &bad);
    assert_eq!(code, Some(1));
    assert!(out == utf16le(&text[..at]), "{} bytes before the error", out.len());
    assert!(err.contains(&format!("offset {at}: ")), "{err}");
    // A surrogate that UTF-16 cannot encode, from generalized UTF-8: its
    // index counts the code points of the whole text before it.
    let mut surrogate = text.as_bytes().to_vec();
    surrogate.splice(at..at, *b"\xED\xA0\x80");
    let (code, out, err) = run(&["-f", "generalized-utf-8", "-t", "utf-16le"], &surrogate);
    assert_eq!(code, Some(1));
    assert!(out == utf16le(&text[..at]), "{} bytes before the encoding error", out.len());
    assert!(err.contains(&format!("index {}: ", text[..at].chars().count())), "{err}");
    // The same from UTF-8 with the bad byte escaped (UTF-8B: a surrogate).
    let (code, out, err) = run(&["-f", "utf-8", "-t", "utf-16le", "--errors", "escape"], &bad);
    assert_eq!(code, Some(1));
    assert!(out == utf16le(&text[..at]), "{} bytes before the escaped byte", out.len());
    assert!(err.contains(&format!("index {}: U+DCFF", text[..at].chars().count())), "{err}");
    // Replacements: scattered bad bytes, then 3 MiB of continuation bytes
    // (no restart point in a piece: the rest goes in one run).
    let mut noisy = text.as_bytes().to_vec();
    for i in (1000..noisy.len()).step_by(700_001) {
        noisy[i] = 0xC3;
    }
    noisy.splice(5 << 20..5 << 20, std::iter::repeat_n(0x80, 3 << 20));
    // And runs of continuation bytes across the seams at 1 and 2 MiB (of
    // 256 KiB pieces): a piece ends before the run, and the next one starts
    // with the bytes it left, more than fit in front of its own.
    for seam in [1 << 20, 2 << 20] {
        noisy.splice(seam - 3000..seam - 3000, std::iter::repeat_n(0x80, 3100));
    }
    let (code, out, _) = run(&["-f", "utf-8", "-t", "utf-16le", "--errors", "replace"], &noisy);
    assert_eq!(code, Some(0));
    let lossy = String::from_utf8_lossy(&noisy).into_owned();
    assert!(out == utf16le(&lossy), "replace mode differs from std's lossy decoding");
    // The same text as UTF-16LE, with runs of lead surrogates across the
    // seams (a piece ends before a lead surrogate).
    let mut units = utf16le(&lossy);
    for seam in [1 << 20, 2 << 20] {
        units.splice(seam - 3000..seam - 3000, [0x00, 0xD8].repeat(1550));
    }
    let (code, out, _) = run(&["-f", "utf-16le", "-t", "utf-8", "--errors", "replace"], &units);
    assert_eq!(code, Some(0));
    let words: Vec<u16> = units.chunks(2).map(|u| u16::from_le_bytes([u[0], u[1]])).collect();
    assert!(out == String::from_utf16_lossy(&words).into_bytes(), "replace mode differs from std's lossy decoding");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Around the size from which a file is converted in pieces (4 MiB), a
/// file gives what the same bytes from a pipe give: the forms escape mode
/// escapes (issue 44: a file of 4 MiB or more in shift_jis with `ED 40`,
/// into UTF-16LE in escape mode, gave the code point and exit 0, a pipe
/// the escape and exit 1), the same error message, the same bytes before
/// it. The library's test of every codec, mode and target against one run
/// is `convert::tests` in the binary.
#[test]
fn around_the_pieces_threshold_a_file_converts_as_a_pipe_does() {
    let dir = temp_dir("threshold");
    let file = dir.join("in");
    let line = b"abc def ghi\n";
    let cases: [(&str, &[u8], &[&str]); 3] = [
        ("shift_jis", b"\xED\x40", &["-t", "utf-16le", "--errors", "escape"]),
        ("gbk", b"\x81\x30\x81\x30", &["-t", "utf-16", "--errors", "escape", "--encode-errors", "escape"]),
        ("euc-jp", b"\x8F\xB0\xA1", &["-t", "utf-8", "--errors", "escape", "--encode-errors", "escape"]),
    ];
    for (from, form, args) in cases {
        for size in [(4 << 20) - 1, 4 << 20, (4 << 20) + 1] {
            let mut input = line.repeat(size / line.len() + 1);
            input.splice(100_000..100_000, form.iter().copied());
            input.truncate(size);
            let args = [&["convert", "-f", from][..], args].concat();
            let (code, out, err) = run_on_file(&[], &args, &file, &input);
            let pipe = utfx().args(&args).write_stdin(input.clone()).output().unwrap();
            let what = format!("{from} {args:?}, {size} bytes");
            assert_eq!(code, pipe.status.code(), "{what}: {err}");
            assert!(out == pipe.stdout, "{what}: {} bytes from the file, {} from a pipe", out.len(), pipe.stdout.len());
            let pipe_err = String::from_utf8_lossy(&pipe.stderr).replace("<stdin>", "in");
            assert_eq!(err.replace(&file.display().to_string(), "in"), pipe_err, "{what}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Held to one core (`taskset`, which `available_parallelism` follows), a
/// large file goes through the pieces on the calling thread alone: the
/// same bytes both ways, and the first error at its offset after all the
/// output before it, from `convert` and from `validate`. Runs where Linux's
/// `taskset` is installed.
#[cfg(target_os = "linux")]
#[test]
fn a_large_file_on_one_core_matches_one_run() {
    if std::process::Command::new("taskset").arg("-V").output().is_err() {
        eprintln!("no taskset here: not run");
        return;
    }
    let text = generated_text(6 << 20);
    let dir = temp_dir("one-core");
    let file = dir.join("in");
    let run = |command: &str, args: &[&str], input: &[u8]| {
        run_on_file(&["taskset", "-c", "0"], &[&[command][..], args].concat(), &file, input)
    };
    let utf16 = utf16le(&text);
    let to_utf16 = ["-f", "utf-8", "-t", "utf-16le"];
    assert!(run("convert", &to_utf16, text.as_bytes()) == (Some(0), utf16.clone(), String::new()), "to utf-16le");
    let back = run("convert", &["-f", "utf-16le", "-t", "utf-8"], &utf16);
    assert!(back == (Some(0), text.as_bytes().to_vec(), String::new()), "utf-16le to utf-8");
    let at = (5 << 20) + 777;
    let at = (at..).find(|&i| text.is_char_boundary(i)).unwrap();
    let mut bad = text.as_bytes().to_vec();
    bad.insert(at, 0xFF);
    let (code, out, err) = run("convert", &to_utf16, &bad);
    assert_eq!(code, Some(1));
    assert!(out == utf16le(&text[..at]), "{} bytes before the error", out.len());
    assert!(err.contains(&format!("offset {at}: ")), "{err}");
    let (code, out, _) = run("validate", &["-f", "utf-8"], &bad);
    assert_eq!(code, Some(1));
    assert!(String::from_utf8_lossy(&out).contains(&format!("offset {at}: ")), "{out:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `validate` finds an error several read buffers into a file or a pipe
/// at its offset, and a valid input of that size is ok.
#[test]
fn validate_reports_a_late_error_at_its_offset() {
    let text = generated_text(900_000);
    let dir = temp_dir("late-validate");
    let (good, bad) = (dir.join("good.txt"), dir.join("bad.txt"));
    std::fs::write(&good, text.as_bytes()).unwrap();
    let mut input = text.as_bytes().to_vec();
    input.extend_from_slice(b"\xE2\x82");
    std::fs::write(&bad, &input).unwrap();
    let want = format!("offset {}: truncated", text.len());
    utfx().args(["validate", "-f", "utf-8"]).arg(&good).assert().success();
    utfx().args(["validate", "-f", "utf-8"]).arg(&bad).assert().code(1).stdout(predicate::str::contains(want.clone()));
    utfx().args(["validate", "-f", "utf-8"]).write_stdin(input).assert().code(1).stdout(predicate::str::contains(want));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file large enough to be validated in pieces on several threads gives what
/// one run gives: ok, or the first error at its offset in the whole file
/// (std's `valid_up_to` for UTF-8), whether it falls inside a piece, at the
/// seams around 1 MiB (four pieces in), at the end, after a BOM, in UTF-16LE,
/// or in a codec without restart points (CESU-8: validated in one run).
#[test]
fn validate_of_a_large_file_in_pieces_matches_one_run() {
    let text = generated_text(9 << 20);
    let dir = temp_dir("validate-pieces");
    let file = dir.join("in");
    let run = |codec: &str, input: &[u8]| {
        let (code, out, _) = run_on_file(&[], &["validate", "-f", codec], &file, input);
        (code, String::from_utf8_lossy(&out).into_owned())
    };
    let first_error = |bytes: &[u8]| std::str::from_utf8(bytes).unwrap_err().valid_up_to();
    let (code, out) = run("utf-8", text.as_bytes());
    assert!(code == Some(0) && out.ends_with(": ok\n"), "{code:?} {out}");
    let boundary = |i: usize| (i..).find(|&i| text.is_char_boundary(i)).unwrap();
    for at in [(7 << 20) + 12_345, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 2 << 20] {
        let at = boundary(at);
        let mut bad = text.as_bytes().to_vec();
        bad.insert(at, 0xFF);
        let (code, out) = run("utf-8", &bad);
        assert_eq!(code, Some(1), "{out}");
        assert!(out.contains(&format!("offset {}: ", first_error(&bad))), "0xFF at {at}: {out}");
        // The same after a BOM, which the offset counts.
        let bommed = [&b"\xEF\xBB\xBF"[..], &bad].concat();
        let (_, out) = run("utf-8", &bommed);
        assert!(out.contains(&format!("offset {}: ", first_error(&bad) + 3)), "after a BOM: {out}");
    }
    let mut cut = text.as_bytes().to_vec();
    cut.extend_from_slice(b"\xE2\x82");
    let (code, out) = run("utf-8", &cut);
    assert!(code == Some(1) && out.contains(&format!("offset {}: truncated", text.len())), "{out}");
    // 3 MiB of continuation bytes: the error at their start, before the
    // pieces that have no restart point.
    let at = boundary(5 << 20);
    let mut noisy = text.as_bytes().to_vec();
    noisy.splice(at..at, std::iter::repeat_n(0x80, 3 << 20));
    let (_, out) = run("utf-8", &noisy);
    assert!(out.contains(&format!("offset {at}: ")), "{out}");
    // A run of continuation bytes across the seam at 3 MiB: the piece before
    // ends where it starts, and the next one starts with it.
    let at = boundary((3 << 20) - 3000);
    let mut run_across = text.as_bytes().to_vec();
    run_across.splice(at..at, std::iter::repeat_n(0x80, 3100));
    let (_, out) = run("utf-8", &run_across);
    assert!(out.contains(&format!("offset {at}: ")), "{out}");
    // UTF-16LE: a lone trail surrogate late in the file.
    let mut utf16 = utf16le(&text);
    let (code, out) = run("utf-16le", &utf16);
    assert!(code == Some(0) && out.ends_with(": ok\n"), "{out}");
    // (After a unit that is not a lead surrogate, which would pair with it.)
    let at = ((6 << 20)..).step_by(2).find(|&i| !(0xD8..=0xDB).contains(&utf16[i - 1])).unwrap();
    utf16.splice(at..at, [0x00, 0xDC]);
    let (code, out) = run("utf-16le", &utf16);
    assert!(code == Some(1) && out.contains(&format!("offset {at}: ")), "{out}");
    // CESU-8 has no restart points: the first piece is handed back and the
    // whole file validated in one run. Its text is UTF-8's below U+10000.
    let bmp: String = text.chars().filter(|&c| c < '\u{10000}').collect();
    let (code, out) = run("cesu-8", bmp.as_bytes());
    assert!(code == Some(0) && out.ends_with(": ok\n"), "{out}");
    let mut bad = bmp.into_bytes();
    let at = (6 << 20) + (0..4).find(|&k| bad[(6 << 20) + k] & 0xC0 != 0x80).unwrap();
    bad.insert(at, 0xFF);
    let (code, out) = run("cesu-8", &bad);
    assert!(code == Some(1) && out.contains(&format!("offset {at}: ")), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What a pipe delivers is converted and written at once, not held back
/// until a buffer fills or the input ends.
#[test]
fn convert_streams_what_a_pipe_delivers() {
    let mut child = std::process::Command::new(bin())
        .args(["convert", "-f", "utf-16le", "-t", "utf-8"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let line: Vec<u8> = "h\u{E9}llo\n".encode_utf16().flat_map(u16::to_le_bytes).collect();
    stdin.write_all(&line).unwrap();
    stdin.flush().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (sent, got) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut first = [0u8; 7];
        let _ = sent.send(stdout.read_exact(&mut first).map(|()| first));
    });
    // Without the line, the wait ends only at the limit against a hang.
    let first = got.recv_timeout(HANG);
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(first.expect("the line came out while the input stayed open").unwrap(), "h\u{E9}llo\n".as_bytes());
}

/// Deterministic mixed-script text of about `len` bytes of UTF-8.
fn generated_text(len: usize) -> String {
    let samples = [
        "plain ASCII, ",
        "caf\u{E9} ",
        "\u{3B1}\u{3B2}\u{3B3} ",
        "\u{65E5}\u{672C}\u{8A9E} ",
        "\u{1F4A9}\u{1F600} ",
        "\u{10FFFD}\u{E000}\n",
        "\u{0}\u{7F}\u{80}\u{FFFF}",
    ];
    let mut s = String::with_capacity(len + 16);
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    while s.len() < len {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        s.push_str(samples[(state % samples.len() as u64) as usize]);
    }
    s
}

#[test]
fn large_text_round_trips_through_convert_between_every_pair() {
    let text = generated_text(512 * 1024);
    let dir = temp_dir("pairs");
    let source = dir.join("source.utf-8");
    std::fs::write(&source, text.as_bytes()).unwrap();
    let holders: Vec<&str> = codec_registry::all()
        .iter()
        .filter(|c| text.chars().all(|ch| c.info().domain.contains(codec_core::CodePoint::from(ch))))
        .map(|c| c.info().name)
        .collect();
    assert!(holders.contains(&"utf-8") && holders.len() >= 8, "{holders:?}");
    let convert = |from: &str, to: &str, input: &std::path::Path, output: &std::path::Path| {
        utfx().args(["convert", "-f", from, "-t", to, "-o"]).arg(output).arg(input).assert().success();
    };
    // Hundreds of runs, each waiting on its output's sync more than it
    // computes: from four threads at once.
    support::on_four_threads(&holders, |a| {
        let in_a = dir.join(format!("text.{a}"));
        convert("utf-8", a, &source, &in_a);
        let bytes = std::fs::read(&in_a).unwrap();
        match *a {
            "utf-16le" | "wtf-16le" => {
                assert_eq!(bytes, text.encode_utf16().flat_map(u16::to_le_bytes).collect::<Vec<_>>())
            }
            "utf-16be" | "wtf-16be" => {
                assert_eq!(bytes, text.encode_utf16().flat_map(u16::to_be_bytes).collect::<Vec<_>>())
            }
            "utf-32le" | "wtf-32le" => {
                assert_eq!(bytes, text.chars().flat_map(|c| u32::from(c).to_le_bytes()).collect::<Vec<_>>())
            }
            "utf-32be" | "wtf-32be" => {
                assert_eq!(bytes, text.chars().flat_map(|c| u32::from(c).to_be_bytes()).collect::<Vec<_>>())
            }
            // Supplementary characters as six bytes, U+0000 as `C0 80`.
            "cesu-8" | "mutf-8" | "mutf-8-lenient" => {
                let mut want = Vec::new();
                for c in text.chars() {
                    let mut units = [0u16; 2];
                    for &u in c.encode_utf16(&mut units).iter() {
                        match u {
                            0 if *a != "cesu-8" => want.extend_from_slice(b"\xC0\x80"),
                            0..=0x7F => want.push(u as u8),
                            0x80..=0x7FF => want.extend([0xC0 | (u >> 6) as u8, 0x80 | (u & 0x3F) as u8]),
                            _ => want.extend([
                                0xE0 | (u >> 12) as u8,
                                0x80 | ((u >> 6) & 0x3F) as u8,
                                0x80 | (u & 0x3F) as u8,
                            ]),
                        }
                    }
                }
                assert_eq!(bytes, want, "{a}");
            }
            // The codecs whose multi-byte forms are offsets or indexes
            // (their own crates test the bytes against their tables).
            "corrected-utf-8" | "corrected-utf-8-c1" | "utf-1" | "fss-utf-proposal-1992" | "gb18030" => {
                let codec = codec_registry::get(a).unwrap();
                assert_eq!(bytes, codec.encode_str(&text).unwrap(), "{a}");
            }
            _ => assert_eq!(bytes, text.as_bytes(), "{a}"),
        }
        for b in &holders {
            let (in_b, back) = (dir.join(format!("text.{a}.{b}")), dir.join(format!("back.{a}.{b}")));
            convert(a, b, &in_a, &in_b);
            convert(b, "utf-8", &in_b, &back);
            assert!(std::fs::read(&back).unwrap() == text.as_bytes(), "{a} -> {b} -> utf-8 differs");
            std::fs::remove_file(&in_b).unwrap();
            std::fs::remove_file(&back).unwrap();
        }
    });
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_closed_output_pipe_ends_quietly() {
    let mut child = spawn_piped(&["decode", "-f", "utf-8"]);
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&vec![b'a'; 1 << 20]);
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    writer.join().unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// Converts 96 MiB from standard input and watches the child's peak
/// resident memory, which must stay far below the input's size.
#[cfg(target_os = "linux")]
#[test]
fn convert_memory_stays_bounded() {
    let block = generated_text(1 << 20).into_bytes();
    let run = support::watch_memory(&["convert", "-f", "utf-8", "-t", "utf-16le"], block, 96, 48 * 1024);
    println!("peak resident memory {} KiB for {} bytes out", run.peak_kib, run.bytes);
    assert!(run.peak_kib > 0 && run.peak_kib < 48 * 1024, "peak resident memory {} KiB", run.peak_kib);
    assert!(run.status.success(), "{:?}", run.status);
    assert!(run.bytes > 96 << 20, "the output is UTF-16 of 96 MiB of mostly-ASCII text: {}", run.bytes);
}

/// Standard output on `/dev/full`: help and version fail like every
/// subcommand, with status 3 and one line on stderr.
#[cfg(target_os = "linux")]
#[test]
fn help_and_version_report_a_full_device() {
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let bin = bin();
    for args in [&["--help"][..], &["--version"], &["-V"], &["help"], &["decode", "--help"], &["list"]] {
        let out = std::process::Command::new(&bin).args(args).stdout(full()).stderr(Stdio::piped()).output().unwrap();
        assert_eq!(out.status.code(), Some(3), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains("os error 28"), "{args:?}: {stderr}");
    }
}

/// A closed pipe after help stays quiet, with status 0.
#[test]
fn help_into_a_closed_pipe_is_quiet() {
    let mut child =
        std::process::Command::new(bin()).arg("--help").stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// The decoded tokens of `text`, as `decode --format cps` prints them.
fn cps_of(text: &str) -> String {
    let tokens: Vec<String> = text.chars().map(|c| format!("U+{:04X}", u32::from(c))).collect();
    tokens.join(" ") + "\n"
}

/// Decoding streams in chunks: every format gives the same output as for
/// the whole input, sequences cut at chunk boundaries included, and a fatal
/// error far into the input comes after everything before it.
#[test]
fn decode_streams_every_format() {
    let text = generated_text(300 * 1024);
    let decode = |args: &[&str], input: &[u8], code: i32| {
        let out = utfx().arg("decode").args(args).write_stdin(input.to_vec()).assert().code(code);
        let out = out.get_output();
        (out.stdout.clone(), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    same(&decode(&["-f", "utf-8"], text.as_bytes(), 0).0, cps_of(&text).as_bytes(), "cps");
    same(&decode(&["-f", "utf-8", "--format", "utf-8"], text.as_bytes(), 0).0, text.as_bytes(), "utf-8");
    let utf16: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    same(&decode(&["-f", "utf-16be", "--format", "utf-8"], &utf16, 0).0, text.as_bytes(), "utf-16be");
    let json = String::from_utf8(decode(&["-f", "utf-8", "--format", "json"], text.as_bytes(), 0).0).unwrap();
    let mut offset = 0;
    for (line, ch) in json.lines().zip(text.chars()) {
        let item: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(item["offset"], offset, "{line}");
        assert_eq!(item["len"], ch.len_utf8(), "{line}");
        assert_eq!(item["cp"], format!("U+{:04X}", u32::from(ch)), "{line}");
        offset += ch.len_utf8();
    }
    assert_eq!(json.lines().count(), text.chars().count());
    // A fatal error far into the input: everything before it, then the error.
    let prefix = &text[..text.char_indices().map(|(i, _)| i).find(|&i| i >= 200_000).unwrap()];
    let broken = [prefix.as_bytes(), b"\xC0\x80 and more"].concat();
    let (stdout, stderr) = decode(&["-f", "utf-8"], &broken, 1);
    same(&stdout, cps_of(prefix).as_bytes(), "cps before a fatal error");
    assert!(stderr.starts_with(&format!("utfx: <stdin>: offset {}: overlong", prefix.len())), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let (stdout, _) = decode(&["-f", "utf-8", "--format", "utf-8"], &broken, 1);
    same(&stdout, prefix.as_bytes(), "utf-8 before a fatal error");
    // Truncated at the very end, in every format.
    let cut = [prefix.as_bytes(), b"\xF0\x9F"].concat();
    same(&decode(&["-f", "utf-8"], &cut, 1).0, cps_of(prefix).as_bytes(), "cps, truncated");
    let tail = format!("{{\"offset\":{},\"len\":2,\"error\":\"truncated\"}}\n", prefix.len());
    assert!(decode(&["-f", "utf-8", "--format", "json"], &cut, 1).0.ends_with(tail.as_bytes()));
    let replaced = cps_of(&format!("{prefix}\u{FFFD}"));
    same(&decode(&["-f", "utf-8", "--errors", "replace"], &cut, 0).0, replaced.as_bytes(), "cps, replaced");
}

/// Asserts that two long outputs are equal, naming the first difference
/// instead of printing them whole.
fn same(actual: &[u8], expected: &[u8], what: &str) {
    if actual != expected {
        let at = actual.iter().zip(expected).position(|(a, b)| a != b).unwrap_or(actual.len().min(expected.len()));
        let show = |b: &[u8]| String::from_utf8_lossy(&b[at.min(b.len())..(at + 40).min(b.len())]).into_owned();
        panic!(
            "{what}: {} bytes, expected {}; first difference at {at}: {:?} instead of {:?}",
            actual.len(),
            expected.len(),
            show(actual),
            show(expected)
        );
    }
}

/// Decodes 64 MiB from standard input to code point tokens and watches the
/// child's peak resident memory, which must stay far below the input's size
/// (the child is killed as soon as it is not).
#[cfg(target_os = "linux")]
#[test]
fn decode_memory_stays_bounded() {
    const LIMIT_KIB: u64 = 24 * 1024;
    let block = generated_text(1 << 20).into_bytes();
    let run = support::watch_memory(&["decode", "-f", "utf-8"], block, 64, LIMIT_KIB);
    println!("peak resident memory {} KiB for {} bytes out", run.peak_kib, run.bytes);
    assert!(run.peak_kib > 0 && run.peak_kib < LIMIT_KIB, "peak resident memory {} KiB", run.peak_kib);
    assert!(run.status.success(), "{:?}", run.status);
    assert!(run.bytes > 64 << 20 && run.newlines == 1, "{} bytes, {} lines", run.bytes, run.newlines);
}

/// `encode --input cps` streams: 64 MiB of tokens in bounded memory (it
/// collected about 11 bytes per input byte, and aborted on what did not
/// fit, issue 44), what came before a bad token written first, and a token
/// that never ends (zero bytes) a clear error, not an abort.
#[cfg(target_os = "linux")]
#[test]
fn encode_of_code_point_tokens_streams_in_bounded_memory() {
    const LIMIT_KIB: u64 = 24 * 1024;
    let block = "U+48 69 U+1F600 0x41,\n".repeat(1 << 15).into_bytes();
    let count = (64 << 20) / block.len();
    let run = support::watch_memory(&["encode", "--input", "cps", "-t", "utf-8"], block, count, LIMIT_KIB);
    assert!(run.peak_kib > 0 && run.peak_kib < LIMIT_KIB, "peak resident memory {} KiB", run.peak_kib);
    assert!(run.status.success(), "{:?}", run.status);
    assert_eq!(run.bytes, (count << 15) as u64 * 7);
    let run = support::watch_memory(&["encode", "--input", "cps", "-t", "utf-8"], vec![0; 1 << 20], 64, LIMIT_KIB);
    assert!(run.peak_kib < LIMIT_KIB, "peak resident memory {} KiB", run.peak_kib);
    assert_eq!(run.status.code(), Some(1));
    utfx()
        .args(["encode", "--input", "cps", "-t", "utf-8"])
        .write_stdin("41 42 zz 43")
        .assert()
        .code(1)
        .stdout("AB")
        .stderr("utfx: token 2: `zz` is not a code point\n");
}

/// `decode` of an input that never ends, into a reader that closes after
/// one byte, ends by itself, quietly, with status 0: only the reader's
/// going away can stop it. The wait has a limit only so that a failure
/// does not hang the suite; a decoder that stops does so at its next write.
#[test]
fn decode_stops_when_the_reader_goes_away() {
    let block = generated_text(1 << 20);
    let bin = bin();
    for format in ["cps", "json", "utf-8"] {
        let mut child = std::process::Command::new(&bin)
            .args(["decode", "-f", "utf-8", "--format", format])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The input: the same megabyte again and again, until the decoder
        // stops reading.
        let mut stdin = child.stdin.take().unwrap();
        let text = block.clone();
        let writer = std::thread::spawn(move || while stdin.write_all(text.as_bytes()).is_ok() {});
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 1];
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        let start = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() && start.elapsed() < HANG {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let finished = child.try_wait().unwrap().is_some();
        if !finished {
            let _ = child.kill();
        }
        let out = child.wait_with_output().unwrap();
        writer.join().unwrap();
        assert!(finished, "{format}: still decoding an endless input after its reader went away");
        assert_eq!(out.status.code(), Some(0), "{format}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{format}");
    }
}

#[test]
fn corrected_utf8_in_every_subcommand() {
    let dir = temp_dir("corrected");
    let magic = b"\xEF\xB7\x9D\xED\xB2\xAE\x00\x0A";
    let (signed, unsigned, nul) = (dir.join("signed"), dir.join("unsigned"), dir.join("nul"));
    std::fs::write(&signed, [&magic[..], b"\xC0\xAF\n"].concat()).unwrap();
    std::fs::write(&unsigned, b"a\r\n\xFE\x80").unwrap();
    std::fs::write(&nul, [&magic[..], b"a\0\n"].concat()).unwrap();
    let validate = || {
        let mut cmd = utfx();
        cmd.args(["validate", "-f", "corrected-utf-8", "--document"]);
        cmd
    };
    validate().arg(&signed).assert().success().stdout(format!("{}: ok\n", signed.display()));
    let u = unsigned.display();
    validate().arg(&unsigned).assert().success().stdout(format!(
        "{u}: offset 0: should: no magic number at the start\n{u}: offset 1: should: U+000D (carriage return)\n\
         {u}: offset 5: should: the text does not end with U+000A\n{u}: ok\n"
    ));
    validate()
        .arg(&nul)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("offset 9: must: U+0000 outside the magic number"));
    // Without --document the NUL is just a code point.
    utfx().args(["validate", "-f", "corrected-utf-8"]).arg(&nul).assert().success();
    // The reserved sequence is an item: validation accepts it, decode shows it.
    utfx()
        .args(["decode", "-f", "corrected-utf-8"])
        .write_stdin(&b"\xC0\xAF\xFE\x80"[..])
        .assert()
        .success()
        .stdout(predicate::str::contains("U+00CF R+FE80"));
    utfx()
        .args(["convert", "-f", "corrected-utf-8", "-t", "utf-8"])
        .write_stdin(&b"\xC0\xAF"[..])
        .assert()
        .success()
        .stdout("\u{CF}");
    utfx()
        .args(["convert", "-f", "utf-8", "-t", "corrected-utf-8"])
        .write_stdin("\u{85}")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("unrepresentable"));
    utfx()
        .args(["encode", "--input", "cps", "-t", "corrected-utf-8-c1"])
        .write_stdin("U+0085")
        .assert()
        .success()
        .stdout(&b"\xF3\xBE\xBB\xA5"[..]);
    utfx().args(["inspect", "-f", "corrected-utf-8"]).write_stdin(&b"\xFF\x80"[..]).assert().success();
    utfx().arg("list").assert().success().stdout(predicate::str::contains("corrected-utf-8"));
    // A reserved token is written back as its bytes, for the codec that
    // reads them as one reserved sequence only.
    utfx()
        .args(["encode", "--input", "cps", "-t", "corrected-utf-8", "--hex"])
        .write_stdin("U+0041 R+FE80 U+00CF")
        .assert()
        .success()
        .stdout("41 FE 80 C0 AF\n");
    utfx().args(["encode", "--input", "cps", "-t", "corrected-utf-8"]).write_stdin("R+FE41").assert().code(1);
    utfx()
        .args(["encode", "--input", "cps", "-t", "corrected-utf-8"])
        .write_stdin("U+0041 R+FE U+0085")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("index 2: U+0085: unrepresentable"));
}

/// UTF-∞-8 through the CLI: code points of any size printed and parsed as
/// `U+` hex (the draft's examples), and a conversion to a narrower codec
/// that reports the first code point it cannot hold, with its index, or
/// applies the encode mode.
#[test]
fn utf_inf_8_code_points_of_any_size() {
    let bytes = b"A\xFF\xA1\x80\x81\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80";
    utfx()
        .args(["decode", "-f", "utf-\u{221E}-8"])
        .write_stdin(&bytes[..])
        .assert()
        .success()
        .stdout(predicate::str::contains("U+0041").and(predicate::str::contains("U+1000000000000000000")));
    utfx()
        .args(["encode", "--input", "cps", "-t", "utf-inf-8"])
        .write_stdin("U+41 U+1000000000000000000")
        .assert()
        .success()
        .stdout(predicate::eq(&bytes[..]));
    let seven = b"A\xFE\x84\x80\x80\x80\x80\x80B";
    utfx()
        .args(["convert", "-f", "utf-inf-8", "-t", "utf-8"])
        .write_stdin(&seven[..])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("index 1: U+100000000: out_of_range"));
    utfx()
        .args(["convert", "-f", "utf-inf-8", "-t", "utf-16le", "--encode-errors", "replace"])
        .write_stdin(&seven[..])
        .assert()
        .success()
        .stdout(predicate::eq(&b"A\x00\xFD\xFFB\x00"[..]));
}

/// UTF-1 and the 1992 FSS-UTF proposal by their labels: bytes from the
/// article's tables (U+00E9 as `A0 E9` and `80 E9`, U+010E's UTF-1 form
/// holding a `/` byte), errors with their offsets and kinds.
#[test]
fn utf_1_and_the_1992_proposal_by_label() {
    let text = "\u{E9}/\u{10E}\n";
    utfx()
        .args(["convert", "-f", "utf-8", "-t", "ISO-10646-UTF-1"])
        .write_stdin(text)
        .assert()
        .success()
        .stdout(predicate::eq(&b"\xA0\xE9/\xA1\x2F\n"[..]));
    utfx()
        .args(["convert", "-f", "utf-1", "-t", "utf-8"])
        .write_stdin(&b"\xA0\xE9/\xA1\x2F\n"[..])
        .assert()
        .success()
        .stdout(predicate::eq(text.as_bytes()));
    utfx()
        .args(["encode", "--input", "cps", "-t", "fss-utf-proposal-1992"])
        .write_stdin("U+E9 U+2080 U+7FFFFFFF")
        .assert()
        .success()
        .stdout(predicate::eq(&b"\x80\xE9\xC0\x80\x80\xF7\xEF\xDF\xBE\xFF"[..]));
    utfx()
        .args(["validate", "-f", "fss-utf-proposal-1992"])
        .write_stdin(&b"ok\xF8"[..])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("offset 2: invalid_lead"));
    utfx()
        .args(["decode", "-f", "utf-1"])
        .write_stdin(&b"a\xFD\xBD\x2B\xB9\x41"[..])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("offset 1").and(predicate::str::contains("out_of_range")));
}

/// `utfx vectors`: a header, the curated vectors of the codec first (with
/// their sources), then generated ones; the same seed gives the same lines,
/// and every line reads back as the format and holds for the codec.
#[test]
fn vectors_writes_curated_then_generated_vectors_reproducibly() {
    let run = |args: &[&str]| {
        let out = utfx().args(args).assert().success().get_output().stdout.clone();
        String::from_utf8(out).unwrap()
    };
    let text = run(&["vectors", "-f", "UTF8", "--count", "5", "--seed", "3"]);
    assert_eq!(text, run(&["vectors", "-f", "utf-8", "--count", "5", "--seed", "3"]));
    assert_ne!(text, run(&["vectors", "-f", "utf-8", "--count", "5", "--seed", "4"]));
    assert!(text.lines().next().unwrap().starts_with("{\"format\":\"utfx-vectors/1\""));
    let vectors = codec_test::vectors::parse(&text).unwrap();
    // The 819 decoding vectors of the U+FFFD tables and the Kuhn lines and
    // WPT's 92 come first, each citing its source; the generated ones say so.
    assert!(vectors[..911].iter().all(|v| v.source != codec_test::vectors::SourceKind::Generated));
    assert!(vectors[911..].iter().all(|v| v.source == codec_test::vectors::SourceKind::Generated));
    let wpt: Vec<_> = vectors.iter().filter(|v| v.source == codec_test::vectors::SourceKind::Wpt).collect();
    assert_eq!(wpt.len(), 92);
    // With WPT's streams cut into pieces and its BOM removal.
    assert!(wpt.iter().any(|v| v.chunks.is_some()) && wpt.iter().any(|v| v.strip_bom));
    assert_eq!(codec_test::vectors::check_all(codec_registry::get_big("utf-8").unwrap(), &vectors), vectors.len());
    assert_eq!(vectors.iter().filter(|v| v.name.starts_with("damaged #")).count(), 5);
    // U+0800 is E0 A0 80: the vector for its first two bytes alone, from the
    // grammar of RFC 3629 (E0 A0 starts a sequence the input ends inside).
    let cut = vectors.iter().find(|v| v.name == "U+0800 cut to 2 of 3 bytes").unwrap();
    assert_eq!((cut.input.as_str(), cut.output.as_deref()), ("E0 A0", None));
    let errors = cut.errors.as_ref().unwrap();
    assert_eq!((errors[0].offset, errors[0].length, errors[0].kind.as_deref()), (0, None, Some("truncated")));
    let encode = run(&["vectors", "-f", "cesu-8", "--direction", "encode", "--count", "3"]);
    let encode = codec_test::vectors::parse(&encode).unwrap();
    // TR #26's example: U+10400 is ED A0 81 ED B0 80.
    assert!(encode.iter().any(|v| v.input == "10400" && v.output.as_deref() == Some("ED A0 81 ED B0 80")));
    assert_eq!(codec_test::vectors::check_all(codec_registry::get_big("cesu-8").unwrap(), &encode), encode.len());
    utfx().args(["vectors", "-f", "utf-8", "--mode", "html"]).assert().code(2).stdout("");
}
