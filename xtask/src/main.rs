//! `cargo xtask`: the project's automation, one module per subcommand.
//!
//! * `cargo xtask matrix [--check] [--codecs LIST] [--texts DIR] [--out DIR]
//!   [--seed N]`: the cross-codec matrices, written to `docs/matrix/` (the
//!   project's main job).
//! * `cargo xtask exhaustive [--quick]`: the sweeps too long for
//!   `cargo test` (every 4-byte `F0..F7` input, every 6-byte `ED .. .. ED ..
//!   ..` input, the 31-bit round trip), built optimized.
//! * `cargo xtask bench [--quick] [--filter NAME] [--level LEVEL]`: utfx's
//!   buffer APIs side by side with std, simdutf8, encoding_rs, cesu8 and
//!   simd_cesu8 on the corpus of `bench/data/`, at each kernel level this
//!   machine can run, built optimized; a full run writes
//!   `docs/PERFORMANCE.md`.
//! * `cargo xtask fuzz [--seconds N] [TARGET...]`: every fuzz target of
//!   `fuzz/` for N seconds (nightly, cargo-fuzz), with executions and
//!   findings per target.
//! * `cargo xtask vectors [--check]`: the shipped conformance files in the
//!   project's vector format, written to `crates/codec-test/data/`.
//! * `cargo xtask oracles [--indexes DIR]`: Node's and Python's answers in
//!   the legacy encodings, recorded into
//!   `crates/codec-encoding-standard/tests/data/oracles/` (needs node and
//!   python3), or compared with the Encoding Standard's index files.
//! * `cargo xtask tidy`: the checks reviewers should not have to make (also
//!   run as a test: `cargo test -p xtask`).
//!
//! `cargo xtask --help` lists them; `cargo xtask COMMAND --help` (or
//! `cargo xtask help COMMAND`) shows one command's options and what it
//! writes, from the table `COMMANDS`.

mod bench;
mod exhaustive;
mod fuzz;
mod matrix;
mod oracles;
mod progress;
mod tidy;
mod vectors;

use std::process::ExitCode;

/// One subcommand, as its `--help` shows it.
struct Command {
    name: &'static str,
    /// One line for the overview.
    summary: &'static str,
    /// The usage line's arguments, after `cargo xtask NAME`.
    args: &'static str,
    /// What it does, in a sentence or two.
    about: &'static str,
    /// Each option and what it does.
    options: &'static [(&'static str, &'static str)],
    /// What it writes (files, and what goes to stdout and stderr).
    writes: &'static str,
}

/// Every subcommand, in the order `cargo xtask --help` lists them.
const COMMANDS: &[Command] = &[
    Command {
        name: "matrix",
        summary: "the cross-codec matrices, written to docs/matrix/",
        args: "[--check] [--codecs LIST] [--texts DIR] [--out DIR] [--seed N]",
        about: "Runs every registered codec on the same inputs (sixteen classes of code points, the corpus \
                of bench/data/, synthetic texts, random and damaged bytes) and renders the cross-codec tables: \
                repertoire, round trip, reinterpretation, properties, size, false positives, and the tables \
                listed in docs/matrix/README.md.",
        options: &[
            (
                "--check",
                "compute the files in memory and fail, naming them, when the committed ones differ (writes \
                 nothing; takes no other option)",
            ),
            (
                "--codecs LIST",
                "compare only these codecs, by registry name or label, comma-separated (default: every \
                 registered codec; the error strategies take the UTF family's among them)",
            ),
            ("--texts DIR", "read the texts from every file of DIR (UTF-8) instead of bench/data/"),
            (
                "--out DIR",
                "write to DIR instead of docs/matrix/ (files already there that the matrix does not write are \
                 left alone)",
            ),
            ("--seed N", "the seed of every random draw (random bytes, damage positions), instead of the fixed one"),
        ],
        writes: "docs/matrix/ (README.md, matrix.json, a CSV file per table, SVG charts), or DIR; a summary on \
                 stdout, each stage's progress on stderr.",
    },
    Command {
        name: "exhaustive",
        summary: "the sweeps too long for cargo test, optimized",
        args: "[--quick]",
        about: "Runs the sweeps too long for cargo test (every 4-byte input F0..F7 in the three UTF-8 variants, \
                every 6-byte ED .. .. ED .. .. input in WTF-8, every 31-bit code point through RFC 2279 UTF-8, \
                UTF-∞-8 against RFC 2279), in an optimized build (an unoptimized one reruns itself with \
                --release).",
        options: &[("--quick", "a slice of each sweep (what CI runs: about fifteen seconds once built)")],
        writes: "no files; one verdict line per sweep on stdout, each sweep's share done on stderr.",
    },
    Command {
        name: "bench",
        summary: "utfx against its peers on the corpus; docs/PERFORMANCE.md",
        args: "[--quick] [--filter NAME] [--level LEVEL]",
        about: "Races utfx's buffer APIs against std, simdutf8, encoding_rs, cesu8 and simd_cesu8 (and simdutf, \
                with the feature simdutf) on the corpus of bench/data/, with the kernels pinned to each level \
                this machine can run in turn, in an optimized build; only ratios mean much on a shared machine.",
        options: &[
            ("--quick", "three texts and short races, a smoke run that writes no file (what CI runs)"),
            ("--filter NAME", "only the operations whose name contains NAME (writes no file)"),
            (
                "--level LEVEL",
                "only that kernel level: portable, sse4.2, avx2, avx512 or neon, as the machine has them \
                 (writes no file)",
            ),
        ],
        writes: "docs/PERFORMANCE.md on a full run (no option), one section per level; the tables on stdout.",
    },
    Command {
        name: "fuzz",
        summary: "every fuzz target for N seconds (nightly, cargo-fuzz)",
        args: "[--seconds N] [TARGET...]",
        about: "Runs every fuzz target of fuzz/ (or the TARGETs named) for N seconds each, one after another, \
                with cargo +nightly fuzz run (needs the nightly toolchain and cargo-fuzz).",
        options: &[
            ("--seconds N", "how long each target runs (default 60)"),
            ("TARGET...", "the targets to run, as cargo fuzz list names them (default: all)"),
        ],
        writes: "fuzz/target/corpus/<target>/ (what the run found worth keeping), fuzz/artifacts/<target>/ (a \
                 finding's input); executions and findings per target on stdout.",
    },
    Command {
        name: "vectors",
        summary: "the shipped conformance files in the project's vector format",
        args: "[--check]",
        about: "Converts the conformance files the codec crates ship (fffd-vectors.json, the Kuhn-derived \
                file, cesu8-mutf8-vectors.json, wtf8-vectors.json, wpt-vectors.json; the legacy encodings' \
                web-platform-tests, encoding_rs and CPython copies) to the project's vector format \
                (utfx-vectors/1, JSON lines; docs/vectors.schema.json), keeping each source's expected values \
                and citation.",
        options: &[("--check", "fail, naming them, when the committed files differ (writes nothing)")],
        writes: "crates/codec-test/data/*.jsonl; one line per file written on stdout.",
    },
    Command {
        name: "oracles",
        summary: "Node's and Python's legacy-encoding answers, recorded",
        args: "[--indexes DIR]",
        about: "Runs xtask/oracles/record.sh: Node's TextDecoder and Python's codecs decode, in replace mode, \
                every byte, every lead byte before 76 trail bytes and seeded damaged inputs in each encoding of \
                codec-encoding-standard (needs node and python3 on PATH; cargo test needs neither).",
        options: &[(
            "--indexes DIR",
            "instead, compare the recorded answers with the Encoding Standard's index files in DIR \
             (xtask/oracles/indexes.py; writes nothing)",
        )],
        writes: "crates/codec-encoding-standard/tests/data/oracles/*.txt; one line on stdout (with --indexes, the \
                 agreement per encoding and oracle on stdout).",
    },
    Command {
        name: "tidy",
        summary: "the checks reviewers should not have to make",
        args: "",
        about: "Checks what reviewers should not have to: module docs, missing-docs lints, the codec crates' \
                dependencies, no ignored or should-panic tests, no trailing whitespace (also a test of \
                cargo test -p xtask).",
        options: &[],
        writes: "no files; `tidy: ok` or one line per problem.",
    },
];

/// Runs `cargo xtask COMMAND ARGS` again in an optimized build (with this
/// build's features), for the commands whose work needs one (the sweeps,
/// the timings, the matrix's searches); `failed` is the error when it fails.
/// Cargo's own progress shows while it builds (minutes, the first time).
pub(crate) fn rerun_optimized(command: &str, args: &[String], failed: &str) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = std::process::Command::new(cargo)
        .args(["run", "--release", "--package", "xtask"])
        .args(if cfg!(feature = "simdutf") { &["--features", "simdutf"][..] } else { &[] })
        .args(["--", command])
        .args(args)
        .current_dir(workspace_root())
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if status.success() { Ok(()) } else { Err(failed.to_owned()) }
}

/// Whether `arg` asks for help.
fn is_help(arg: &str) -> bool {
    matches!(arg, "--help" | "-h")
}

/// The text of `cargo xtask --help`.
fn overview() -> String {
    let mut text = String::from("cargo xtask: the project's automation\n\nusage: cargo xtask <COMMAND> [OPTIONS]\n\n");
    text.push_str("commands:\n");
    for c in COMMANDS {
        text.push_str(&format!("  {:<11} {}\n", c.name, c.summary));
    }
    text.push_str("  help        this text; `cargo xtask help COMMAND` is `COMMAND --help`\n");
    text.push_str("\nEvery command takes --help (or -h): its options and what it writes.\n");
    text
}

/// The text of `cargo xtask NAME --help`.
fn help(c: &Command) -> String {
    let usage = if c.args.is_empty() {
        format!("cargo xtask {}", c.name)
    } else {
        format!("cargo xtask {} {}", c.name, c.args)
    };
    let mut text = format!("usage: {usage}\n\n{}\noptions:\n", wrap(c.about, ""));
    for (option, what) in c.options {
        text.push_str(&format!("  {option:<15} {}", wrap(what, &" ".repeat(18))));
    }
    text.push_str(&format!("  {:<15} {}\n", "-h, --help", "this text"));
    text.push('\n');
    text.push_str(&wrap(&format!("writes: {}", c.writes), ""));
    text
}

/// `text` in lines that end by column 78 when they start at column
/// `indent.len()` (the first line too), every line after the first
/// indented by `indent`, each line ended.
fn wrap(text: &str, indent: &str) -> String {
    let width = 78 - indent.len();
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.trim_start().chars().count() + 1 + word.chars().count() > width {
            out.push_str(&line);
            out.push('\n');
            line = indent.to_owned();
        } else if !line.is_empty() && line != indent {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (cmd, rest) = match args.split_first() {
        Some((cmd, rest)) => (cmd.as_str(), rest),
        None => ("help", &[][..]),
    };
    let command = COMMANDS.iter().find(|c| c.name == cmd);
    let result = match (cmd, command) {
        (_, Some(c)) if rest.iter().any(|a| is_help(a)) => {
            print!("{}", help(c));
            Ok(())
        }
        ("matrix", _) => matrix::main(rest),
        ("exhaustive", _) => exhaustive::main(rest),
        ("bench", _) => bench::main(rest),
        ("fuzz", _) => fuzz::main(rest),
        ("tidy", _) => tidy::main(rest),
        ("vectors", _) => vectors::main(rest),
        ("oracles", _) => oracles::main(rest),
        ("help" | "--help" | "-h", _) => match rest.first() {
            None => {
                print!("{}", overview());
                Ok(())
            }
            Some(name) => match COMMANDS.iter().find(|c| c.name == name) {
                Some(c) => {
                    print!("{}", help(c));
                    Ok(())
                }
                None => Err(format!("no xtask command `{name}`; try `cargo xtask --help`")),
            },
        },
        (other, _) => Err(format!("unknown xtask command `{other}`; try `cargo xtask --help`")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask {cmd}: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root (the parent of `xtask/`).
fn workspace_root() -> std::path::PathBuf {
    let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

#[cfg(test)]
mod tests {
    /// The `xtask` alias of `.cargo/config.toml`, the command line
    /// `cargo xtask` runs.
    fn alias() -> String {
        let config = include_str!("../../.cargo/config.toml");
        let line =
            config.lines().find(|l| l.trim_start().starts_with("xtask")).expect("an xtask alias in .cargo/config.toml");
        let value = line.split_once('=').expect("alias = value").1.trim();
        value.trim_matches('"').to_owned()
    }

    #[test]
    fn cargo_xtask_builds_the_optimized_xtask_once() {
        // The commands whose work needs an optimized build (`matrix`,
        // `exhaustive`, `bench`) run themselves again with `--release` when
        // built otherwise (`rerun_optimized`), so an alias without
        // `--release` builds the xtask twice on first use, a debug build
        // then an optimized one (issue 44, item 11). `.ci/run` runs
        // `cargo run --release --package xtask --`: the same build.
        let words: Vec<String> = alias().split_whitespace().map(str::to_owned).collect();
        assert_eq!(words.first().map(String::as_str), Some("run"), "{words:?}");
        assert!(words.iter().any(|w| w == "--release"), "the alias builds a debug xtask: {words:?}");
        assert!(words.windows(2).any(|w| w[0] == "--package" && w[1] == "xtask"), "{words:?}");
        assert_eq!(words.last().map(String::as_str), Some("--"), "{words:?}");
    }
}
