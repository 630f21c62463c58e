//! `utfx compare` against programs whose answers are known: a planted wrong
//! UTF-8 decoder (it reads `C0 80` as U+0000, as Modified UTF-8 does, and is
//! otherwise std's decoder), which compare must catch and shrink to exactly
//! those two bytes under both protocols; the same decoder without the bug,
//! which agrees; and programs that hang, crash or print garbage.
//!
//! This test has no libtest harness (`harness = false`): the binary is also
//! the program compared, chosen by `UTFX_TEST_PROGRAM` (its standard input
//! and output are then the protocol's), and otherwise runs the tests in
//! `main`, each a function that panics on failure.

use std::io::{BufRead, Read, Write};
use std::process::{Command, Output};

/// What the planted programs are asked to do: one of `planted`, `right`
/// (the planted decoder without its bug), `hang`, `garbage`, `quit`,
/// `flood-on-bad` (the right decoder, but endless output where it fails),
/// `slow-start` (the right decoder, a second late), `flood` (lines no case
/// asked for, endlessly), `twice` (the right decoder, each answer twice),
/// `encoder` (std's UTF-8 encoder, code points in), `to-utf-16le` (std's
/// decoder and UTF-16 encoder).
const PROGRAM: &str = "UTFX_TEST_PROGRAM";
/// `once` (one process per case) or `lines`.
const PROTOCOL: &str = "UTFX_TEST_PROTOCOL";
/// `fatal` or `replace`.
const MODE: &str = "UTFX_TEST_MODE";
/// The file into which `flood` writes how many bytes it has written.
const COUNT: &str = "UTFX_TEST_COUNT";

fn main() {
    if let Ok(program) = std::env::var(PROGRAM) {
        return child(&program);
    }
    let mut tests: Vec<(&str, fn())> = vec![
        ("planted_decoder_is_caught_and_shrunk_one_process_per_case", planted_once),
        ("planted_decoder_is_caught_and_shrunk_in_lines_mode", planted_lines),
        ("the_decoder_without_the_bug_agrees", right_agrees),
        ("a_hanging_program_is_killed_and_reported", hang),
        ("garbage_and_a_program_that_quits_are_reported", garbage_and_quit),
        ("usage_and_a_command_that_cannot_run", usage_and_cannot_run),
        ("an_encoder_and_a_converter_agree", encoder_and_converter),
        ("seconds_stops_the_random_inputs", seconds),
        ("start_up_has_its_own_allowance", start_up_has_its_own_allowance),
        ("the_label_utf_16_means_what_decode_makes_of_it", the_label_utf_16_means_what_decode_makes_of_it),
        ("the_label_utf_32_means_what_decode_makes_of_it", the_label_utf_32_means_what_decode_makes_of_it),
        ("an_answer_line_too_many_is_a_protocol_error", an_answer_line_too_many_is_a_protocol_error),
        ("a_flood_of_lines_is_read_in_bounded_memory", a_flood_of_lines_is_read_in_bounded_memory),
    ];
    #[cfg(unix)]
    tests.push(("no_process_of_the_command_outlives_its_case", groups::no_process_outlives_its_case));
    let filter: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let mut ran = 0;
    for (name, test) in &tests {
        if filter.iter().all(|f| name.contains(f.as_str())) {
            test();
            println!("test {name} ... ok");
            ran += 1;
        }
    }
    println!("test result: ok. {ran} passed");
}

// --- The programs compared -------------------------------------------------

/// The planted decoder's answer for `input`: std's decoding (one U+FFFD per
/// maximal subpart in replace mode) with each `C0 80` read as U+0000 when
/// `planted`; `None` when the input fails.
fn decode(input: &[u8], planted: bool, replace: bool) -> Option<String> {
    let mut parts: Vec<&[u8]> = vec![input];
    if planted {
        parts = Vec::new();
        let mut rest = input;
        while let Some(at) = rest.windows(2).position(|w| w == [0xC0, 0x80]) {
            parts.push(&rest[..at]);
            rest = &rest[at + 2..];
        }
        parts.push(rest);
    }
    let mut text = String::new();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            text.push('\0');
        }
        if replace {
            text.push_str(&String::from_utf8_lossy(part));
        } else {
            text.push_str(std::str::from_utf8(part).ok()?);
        }
    }
    Some(text.chars().map(|c| format!("{:04X}", u32::from(c))).collect::<Vec<_>>().join(" "))
}

fn child(program: &str) {
    let replace = std::env::var(MODE).as_deref() == Ok("replace");
    let lines = std::env::var(PROTOCOL).as_deref() == Ok("lines");
    let planted = program == "planted";
    if program == "slow-start" {
        // Past the first answer's --timeout before it reads anything, as a
        // JVM or a loaded machine can be; then the right decoder.
        std::thread::sleep(std::time::Duration::from_millis(1000));
    }
    match program {
        "hang" => std::thread::sleep(std::time::Duration::from_secs(600)),
        "garbage" => println!("this is not hex"),
        "quit" => {}
        "flood" => {
            // Lines that no case asked for, as fast as they go, counting
            // the bytes written into the file COUNT names.
            let count = std::env::var(COUNT).unwrap();
            let line = format!("{}0000\n", "0000 ".repeat(819));
            let mut out = std::io::stdout().lock();
            let mut written = 0usize;
            while out.write_all(line.as_bytes()).is_ok() {
                written += line.len();
                if written.is_multiple_of(16 * line.len()) {
                    // Whole or not at all, whenever the kill comes.
                    let next = format!("{count}.next");
                    std::fs::write(&next, written.to_string()).unwrap();
                    std::fs::rename(&next, &count).unwrap();
                }
            }
        }
        "twice" if lines => {
            // The right decoder, each answer written twice.
            let stdout = std::io::stdout();
            for line in std::io::stdin().lock().lines() {
                let input = codec_test::hex::parse(&line.unwrap()).unwrap();
                let answer = decode(&input, false, replace).unwrap_or_else(|| "!".to_owned());
                write!(stdout.lock(), "{answer}\n{answer}\n").unwrap();
            }
        }
        "flood-on-bad" => {
            // std's decoder, which on input that fails writes code points
            // until its output is closed, then exits 1.
            let mut input = Vec::new();
            std::io::stdin().read_to_end(&mut input).unwrap();
            match decode(&input, false, false) {
                Some(answer) => println!("{answer}"),
                None => {
                    let block = "0000 ".repeat(1 << 13);
                    let mut out = std::io::stdout().lock();
                    while out.write_all(block.as_bytes()).is_ok() {}
                    std::process::exit(1);
                }
            }
        }
        "encoder" => {
            // One process per case: code points as hex on one line in, the
            // bytes out; a code point that is no char fails.
            let mut line = String::new();
            std::io::stdin().read_line(&mut line).unwrap();
            let text: Option<String> =
                line.split_whitespace().map(|t| u32::from_str_radix(t, 16).ok().and_then(char::from_u32)).collect();
            match text {
                Some(text) => std::io::stdout().write_all(text.as_bytes()).unwrap(),
                None => std::process::exit(1),
            }
        }
        "to-utf-16le" => {
            let mut input = Vec::new();
            std::io::stdin().read_to_end(&mut input).unwrap();
            let Ok(text) = std::str::from_utf8(&input) else { std::process::exit(1) };
            let bytes: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
            std::io::stdout().write_all(&bytes).unwrap();
        }
        _ if lines => {
            let stdout = std::io::stdout();
            for line in std::io::stdin().lock().lines() {
                let input = codec_test::hex::parse(&line.unwrap()).unwrap();
                let answer = decode(&input, planted, replace).unwrap_or_else(|| "!".to_owned());
                writeln!(stdout.lock(), "{answer}").unwrap();
            }
        }
        _ => {
            let mut input = Vec::new();
            std::io::stdin().read_to_end(&mut input).unwrap();
            match decode(&input, planted, replace) {
                Some(answer) => println!("{answer}"),
                None => std::process::exit(1),
            }
        }
    }
}

// --- The tests -------------------------------------------------------------

/// A deadline per answer far beyond what a busy machine takes: never a
/// measure, only what ends a hang.
const PATIENT: &str = "20000";

fn compare(program: &str, protocol: &str, mode: &str, args: &[&str]) -> Output {
    let me = std::env::current_exe().unwrap();
    Command::new(env!("CARGO_BIN_EXE_utfx"))
        .args(["compare", "-f", "utf-8", "--mode", mode])
        .args(args)
        .arg("--")
        .arg(me)
        .env(PROGRAM, program)
        .env(PROTOCOL, protocol)
        .env(MODE, mode)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn planted_once() {
    // The vectors, sampled: among them inputs with C0 80 in longer text.
    let out = compare("planted", "once", "fatal", &["--cases", "300", "--timeout", PATIENT]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("\n  input:   C0 80 (2 bytes"), "{report}");
    assert!(report.contains("\n  utfx:    fails\n  command: 0000\n"), "{report}");
    // The rule: C0 starts an overlong form (RFC 3629 §3: C0 and C1 never
    // appear), an error of one byte at offset 0.
    assert!(report.contains("rule:    utf-8: overlong (overlong encoding) at offset 0, 1 byte; RFC 3629"), "{report}");
    // And what fatal mode does, not what replacement would.
    let rule = report.lines().find(|l| l.starts_with("  rule:")).unwrap();
    assert!(rule.ends_with("; fatal mode: an input with an error fails as a whole"), "{rule}");
    assert!(!rule.contains("U+FFFD"), "{rule}");
}

fn planted_lines() {
    // Random damaged text only: the C0 80 comes amid other bytes, and the
    // shrinking leaves the two.
    let args = ["--lines", "--random-only", "--cases", "20000", "--seed", "3", "--timeout", PATIENT];
    let out = compare("planted", "lines", "replace", &args);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("\n  input:   C0 80 (2 bytes, shrunk from "), "{report}");
    assert!(report.contains("\n  utfx:    FFFD FFFD\n  command: 0000\n"), "{report}");
    assert!(report.contains("; replace mode: one U+FFFD per maximal subpart"), "{report}");
}

fn right_agrees() {
    for (protocol, mode, cases) in [("once", "fatal", "40"), ("lines", "replace", "3000")] {
        let lines = if protocol == "lines" { "--lines" } else { "--seed=1" };
        let out = compare("right", protocol, mode, &[lines, "--cases", cases, "--timeout", PATIENT]);
        let report = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{report}{}", text(&out.stderr));
        assert_eq!(report, format!("agree: {cases} cases (utf-8, decode, {mode})\n"));
    }
}

fn hang() {
    for protocol in ["once", "lines"] {
        let lines = if protocol == "lines" { "--lines" } else { "--seed=1" };
        let out =
            compare("hang", protocol, "fatal", &[lines, "--cases", "5", "--timeout", "300", "--startup-timeout", "0"]);
        let report = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{report}");
        assert!(report.contains("command: no answer within the timeout (killed)"), "{report}");
    }
}

fn garbage_and_quit() {
    let out = compare("garbage", "once", "replace", &["--cases", "5", "--timeout", PATIENT]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    // A protocol error, not a difference: reported on the case it came
    // from, unshrunk (shrinking would only find the empty input).
    assert!(report.starts_with("protocol error at case 1 ("), "{report}");
    assert!(report.contains("\n  command: the answer is not code points in hex: \"this is not hex\\n\"\n"), "{report}");
    assert!(!report.contains("shrunk"), "{report}");
    assert!(text(&out.stderr).contains("breaks the protocol"), "{}", text(&out.stderr));
    // More than 16 MiB, then "fails": the answer is too long, whatever the
    // exit status says (it agreed before: the status was read first).
    let out = compare("flood-on-bad", "once", "fatal", &["--random-only", "--cases", "20", "--timeout", PATIENT]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.starts_with("protocol error at case "), "{report}");
    assert!(report.contains("\n  command: the answer is more than 16777216 bytes (16 MiB)\n"), "{report}");
    let out = compare("quit", "lines", "fatal", &["--lines", "--cases", "5", "--timeout", PATIENT]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("command: crashed: the program ended (exit status 0)"), "{report}");
}

fn usage_and_cannot_run() {
    let utfx = || Command::new(env!("CARGO_BIN_EXE_utfx"));
    let out = utfx().args(["compare", "-f", "utf-8"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = utfx().args(["compare", "-f", "utf-8", "--", "/nonexistent/decoder"]).output().unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(text(&out.stderr).starts_with("utfx: cannot run `/nonexistent/decoder`: "), "{}", text(&out.stderr));
    let out = utfx().args(["compare", "-f", "utf-8", "--encode", "-t", "utf-16le", "--", "cat"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    // A mode of the other direction: the flag the user typed, and the
    // modes there are.
    let out = utfx().args(["compare", "-f", "utf-8", "--mode", "url", "--", "cat"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "utfx: --mode url: not a decode mode (fatal, replace, escape, latin1, windows-1252, ignore); url is an \
         encode mode, for --encode\n"
    );
    let out = utfx().args(["compare", "-f", "utf-8", "--encode", "--mode", "nope", "--", "cat"]).output().unwrap();
    assert_eq!(
        text(&out.stderr),
        "utfx: --mode nope: not an encode mode (fatal, replace, html, url, escape, ignore)\n"
    );
    // Durations a deadline cannot hold are usage errors, not panics.
    for bad in [
        ["--seconds", "NaN"],
        ["--seconds", "1e300"],
        ["--timeout", "0"],
        ["--timeout", "18446744073709551615"],
        ["--startup-timeout", "86400001"],
    ] {
        let out = utfx().args(["compare", "-f", "utf-8"]).args(bad).args(["--", "cat"]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad:?}: {}", text(&out.stderr));
    }
}

fn encoder_and_converter() {
    let out = compare("encoder", "once", "fatal", &["--encode", "--cases", "60", "--timeout", PATIENT]);
    assert_eq!(text(&out.stdout), "agree: 60 cases (utf-8, encode, fatal)\n", "{}", text(&out.stderr));
    let out = compare("to-utf-16le", "once", "fatal", &["-t", "utf-16le", "--cases", "60", "--timeout", PATIENT]);
    assert_eq!(text(&out.stdout), "agree: 60 cases (utf-8, convert to utf-16le, fatal)\n", "{}", text(&out.stderr));
}

fn an_answer_line_too_many_is_a_protocol_error() {
    // Read as the next case's answer, the second copy made the answers
    // fall out of step; it is found before the next case is asked, or at
    // the difference it causes, or at the end, when utfx closes the
    // command's input and reads what it still writes.
    let out = compare("twice", "lines", "fatal", &["--lines", "--cases", "50", "--timeout", PATIENT]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.starts_with("protocol error "), "{report}");
    assert!(report.contains("\n  command: a line no case asked for: \""), "{report}");
    assert!(!report.contains("shrunk"), "{report}");
}

fn a_flood_of_lines_is_read_in_bounded_memory() {
    // The command writes 4 KiB lines no case asked for as fast as it can.
    // utfx holds a bounded number of them: the command stays blocked on a
    // full pipe, having written at most the pipe, a buffered line or two
    // and a line per case, until it is killed.
    let count = std::env::temp_dir().join(format!("utfx-compare-flood-{}", std::process::id()));
    let me = std::env::current_exe().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_utfx"))
        .args(["compare", "-f", "utf-8", "--lines", "--cases", "50", "--timeout", PATIENT, "--"])
        .arg(me)
        .env(PROGRAM, "flood")
        .env(PROTOCOL, "lines")
        .env(COUNT, &count)
        .output()
        .unwrap();
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.starts_with("protocol error "), "{report}");
    let written: usize = std::fs::read_to_string(&count).map_or(0, |c| c.parse().unwrap());
    let _ = std::fs::remove_file(&count);
    let _ = std::fs::remove_file(count.with_extension("next"));
    assert!(written < 4 << 20, "the command wrote {written} bytes into utfx");
}

fn the_label_utf_16_means_what_decode_makes_of_it() {
    // utfx's own commands are the programs: a BOM of either order chooses
    // the order and is no text, UTF-16LE without one; writing, FF FE
    // first. The cases reach FF FE (case 37) and FE FF (case 43).
    let utfx = env!("CARGO_BIN_EXE_utfx");
    let run = |args: &[&str], command: &[&str]| {
        let out = Command::new(utfx).arg("compare").args(args).arg("--").arg(utfx).args(command).output().unwrap();
        format!("{}{}", text(&out.stdout), text(&out.stderr))
    };
    assert_eq!(
        run(&["-f", "utf-16", "--cases", "43"], &["decode", "-f", "utf-16"]),
        "agree: 43 cases (utf-16, decode, fatal)\n"
    );
    assert_eq!(
        run(&["-f", "UTF16", "--encode", "--cases", "5"], &["encode", "-t", "utf-16", "--input", "cps"]),
        "agree: 5 cases (utf-16, encode, fatal)\n"
    );
    assert_eq!(
        run(&["-f", "utf-8", "-t", "utf-16", "--cases", "5"], &["convert", "-f", "utf-8", "-t", "utf-16"]),
        "agree: 5 cases (utf-8, convert to utf-16, fatal)\n"
    );
    // A vector names one codec: utfx vectors asks for the byte order.
    let out = Command::new(utfx).args(["vectors", "-f", "utf-16"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let message = text(&out.stderr);
    assert!(message.starts_with("utfx: vectors name one codec"), "{message}");
    assert!(message.contains("-f utf-16le") && message.contains("-f utf-16be"), "{message}");
}

fn the_label_utf_32_means_what_decode_makes_of_it() {
    // As for utf-16 (decision 0041): FF FE 00 00 or 00 00 FE FF chooses,
    // little-endian without one; writing, FF FE 00 00 first.
    let utfx = env!("CARGO_BIN_EXE_utfx");
    let run = |args: &[&str], command: &[&str]| {
        let out = Command::new(utfx).arg("compare").args(args).arg("--").arg(utfx).args(command).output().unwrap();
        format!("{}{}", text(&out.stdout), text(&out.stderr))
    };
    assert_eq!(
        run(&["-f", "utf-32", "--cases", "40"], &["decode", "-f", "utf-32"]),
        "agree: 40 cases (utf-32, decode, fatal)\n"
    );
    assert_eq!(
        run(&["-f", "UTF32", "--encode", "--cases", "5"], &["encode", "-t", "utf-32", "--input", "cps"]),
        "agree: 5 cases (utf-32, encode, fatal)\n"
    );
    let out = Command::new(utfx).args(["vectors", "-f", "UTF-32"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("-f utf-32le or -f utf-32be"), "{}", text(&out.stderr));
}

fn start_up_has_its_own_allowance() {
    // The command takes a second to start, twice the 500 ms an answer may
    // take, and has a minute to start (the first answer of each process).
    // Both protocols at once: the test waits for the two starts together.
    let runs: Vec<_> = [("once", "--seed=1"), ("lines", "--lines")]
        .into_iter()
        .map(|(protocol, flag)| {
            let args = [flag, "--cases", "1", "--timeout", "500", "--startup-timeout", "60000"];
            std::thread::spawn(move || compare("slow-start", protocol, "fatal", &args))
        })
        .collect();
    for run in runs {
        let out = run.join().unwrap();
        assert_eq!(text(&out.stdout), "agree: 1 cases (utf-8, decode, fatal)\n", "{}", text(&out.stderr));
    }
}

fn seconds() {
    // No time for random inputs: none are tried, and it says so.
    let args = ["--lines", "--random-only", "--seconds", "0", "--cases", "1000000", "--timeout", PATIENT];
    let out = compare("right", "lines", "fatal", &args);
    assert_eq!(text(&out.stdout), "agree: 0 cases (utf-8, decode, fatal)\n");
}

/// The command's processes, the ones it starts included, end with each
/// case (one process per case), with the run, at a timeout, and when utfx
/// itself is ended by a signal: each runs in a process group of its own,
/// which utfx ends.
#[cfg(unix)]
mod groups {
    use std::path::{Path, PathBuf};
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    use super::text;

    /// Long enough for anything to happen on a busy machine: a bound on
    /// waiting, never a measure.
    const LONG: Duration = Duration::from_secs(30);

    fn dir() -> PathBuf {
        let dir = std::env::temp_dir().join(format!("utfx-compare-groups-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn utfx(args: &[&str], script: &str) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_utfx"));
        command.args(["compare", "-f", "utf-8"]).args(args).args(["--", "sh", "-c", script]);
        command
    }

    /// The pid the script wrote into `file` (waiting for it, within
    /// [`LONG`]).
    fn pid_in(file: &Path) -> u32 {
        let until = Instant::now() + LONG;
        loop {
            let written = std::fs::read_to_string(file).unwrap_or_default();
            if let Some(pid) = written.strip_suffix('\n').and_then(|p| p.trim().parse().ok()) {
                return pid;
            }
            assert!(Instant::now() < until, "{} never named a process", file.display());
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Whether process `pid` still runs (a zombie has ended).
    fn runs(pid: u32) -> bool {
        if cfg!(target_os = "linux") {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            stat.rsplit_once(") ").is_some_and(|(_, rest)| !rest.starts_with('Z'))
        } else {
            let out = Command::new("ps").args(["-o", "stat=", "-p", &pid.to_string()]).output().unwrap();
            let state = text(&out.stdout);
            !state.trim().is_empty() && !state.trim().starts_with('Z')
        }
    }

    /// Asserts that process `pid` ends within [`LONG`] (and ends it if not,
    /// so that a failing test leaves nothing behind).
    fn assert_ends(pid: u32, what: &str) {
        let until = Instant::now() + LONG;
        while runs(pid) {
            if Instant::now() >= until {
                let _ = Command::new("kill").args(["-KILL", &pid.to_string()]).status();
                panic!("{what}: the command's process {pid} outlived utfx compare");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub(super) fn no_process_outlives_its_case() {
        let dir = dir();
        // One process per case, which answers and exits but leaves a
        // process of its own running.
        let file = dir.join("once");
        let script = format!("sleep 60 >/dev/null 2>&1 & echo $! > '{}'; echo 0000", file.display());
        let out = utfx(&["--cases", "1", "--timeout", super::PATIENT], &script).output().unwrap();
        assert_eq!(text(&out.stdout), "agree: 1 cases (utf-8, decode, fatal)\n", "{}", text(&out.stderr));
        assert_ends(pid_in(&file), "one process per case");
        // --lines: the first answer right, the second never comes; killed
        // at the timeout, with what it started.
        let file = dir.join("lines");
        let script = format!("sleep 60 & echo $! > '{}'; read l; echo 0000; wait", file.display());
        let args = ["--lines", "--cases", "2", "--timeout", "300", "--startup-timeout", "60000"];
        let out = utfx(&args, &script).output().unwrap();
        let report = text(&out.stdout);
        assert!(report.contains("command: no answer within the timeout (killed)"), "{report}");
        assert_ends(pid_in(&file), "a timeout");
        // utfx ended by a signal: the command too, and utfx dies of the
        // signal.
        let file = dir.join("signal");
        let script = format!("sleep 60 & echo $! > '{}'; wait", file.display());
        let args = ["--lines", "--timeout", "60000", "--startup-timeout", "60000"];
        let mut compare = utfx(&args, &script).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
        let pid = pid_in(&file);
        let _ = Command::new("kill").args(["-TERM", &compare.id().to_string()]).status();
        let status = compare.wait().unwrap();
        assert_eq!(std::os::unix::process::ExitStatusExt::signal(&status), Some(15), "{status}");
        assert_ends(pid, "a signal");
        let _ = std::fs::remove_dir_all(dir);
    }
}
