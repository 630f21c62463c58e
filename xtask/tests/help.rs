//! `cargo xtask --help` and every command's `--help` (and `-h`) exit 0 and
//! name the command's options and what it writes, without running it.

use std::process::Command;

/// Runs the xtask binary with `args`: its exit status and stdout.
fn xtask(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xtask")).args(args).output().expect("the xtask binary runs");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Every command, with the options its `--help` must name and a word of
/// what it writes (from the module docs of each command).
const COMMANDS: &[(&str, &[&str], &str)] = &[
    ("matrix", &["--check"], "docs/matrix/"),
    ("exhaustive", &["--quick"], "stdout"),
    ("bench", &["--quick", "--filter NAME"], "docs/PERFORMANCE.md"),
    ("fuzz", &["--seconds N", "TARGET..."], "fuzz/artifacts/"),
    ("tidy", &[], "tidy: ok"),
];

#[test]
fn the_overview_lists_every_command() {
    for args in [&["--help"][..], &["-h"], &["help"], &[]] {
        let (ok, text) = xtask(args);
        assert!(ok, "{args:?} failed");
        for (name, _, _) in COMMANDS {
            assert!(text.contains(&format!("  {name} ")), "{args:?} does not list {name}:\n{text}");
        }
    }
}

#[test]
fn every_command_has_help_with_its_options_and_what_it_writes() {
    for (name, options, writes) in COMMANDS {
        for args in [[*name, "--help"], [*name, "-h"], ["help", *name]] {
            let (ok, text) = xtask(&args);
            assert!(ok, "{args:?} failed");
            assert!(text.starts_with(&format!("usage: cargo xtask {name}")), "{args:?}:\n{text}");
            for option in *options {
                assert!(text.contains(option), "{args:?} does not name {option}:\n{text}");
            }
            assert!(
                text.contains("writes: ") && text.contains(writes),
                "{args:?} does not say what it writes:\n{text}"
            );
        }
    }
}

#[test]
fn an_unknown_command_fails() {
    let (ok, _) = xtask(&["nonsense"]);
    assert!(!ok);
    let (ok, _) = xtask(&["help", "nonsense"]);
    assert!(!ok);
}
