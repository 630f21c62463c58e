//! `cargo xtask fuzz [--seconds N] [TARGET...]`: runs every fuzz target of
//! `fuzz/` (or the ones named) for N seconds each, one after another and one
//! process at a time, with `cargo +nightly fuzz run`, and prints the
//! executions and findings of each, parsed from libFuzzer's output.
//!
//! Each target starts from its checked-in seeds (`fuzz/corpus/<target>/`,
//! read only) and keeps what it finds in `fuzz/target/corpus/<target>/`, so
//! a later run goes on from there and the seeds stay as they are. A finding
//! is saved by libFuzzer under `fuzz/artifacts/<target>/`. Needs the nightly
//! toolchain and `cargo install cargo-fuzz`.

use std::path::Path;
use std::process::Command;

/// The longest input libFuzzer tries: long enough for every kernel's block
/// and every buffer size the targets choose to matter, short enough to keep
/// the executions many.
const MAX_LEN: usize = 1024;

/// What one run of one target did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Outcome {
    /// Inputs executed (libFuzzer's `stat::number_of_executed_units`, or the
    /// count of its last status line).
    executions: u64,
    /// Crashes, panics, timeouts and out-of-memory reports.
    findings: u64,
    /// The inputs libFuzzer saved for the findings.
    artifacts: Vec<String>,
}

/// Runs the subcommand.
pub fn main(args: &[String]) -> Result<(), String> {
    let mut seconds: u64 = 60;
    let mut named = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seconds" => {
                let value = args.next().ok_or("--seconds needs a value")?;
                seconds = value.parse().map_err(|_| format!("--seconds takes a whole number, got `{value}`"))?;
            }
            other if other.starts_with('-') => return Err(format!("unknown option `{other}`")),
            target => named.push(target.to_owned()),
        }
    }
    let fuzz_dir = crate::workspace_root().join("fuzz");
    let all = targets(&fuzz_dir)?;
    for name in &named {
        if !all.contains(name) {
            return Err(format!("no fuzz target `{name}` (targets: {})", all.join(", ")));
        }
    }
    let chosen = if named.is_empty() { all } else { named };
    let mut rows = Vec::new();
    for target in &chosen {
        eprintln!("xtask fuzz: {target} for {seconds} s");
        let outcome = run(&fuzz_dir, target, seconds)?;
        rows.push((target.clone(), outcome));
    }
    println!("{:<12} {:>8} {:>14} {:>10} {:>9}", "target", "seconds", "executions", "exec/s", "findings");
    for (target, o) in &rows {
        let rate = o.executions / seconds.max(1);
        println!("{target:<12} {seconds:>8} {:>14} {rate:>10} {:>9}", o.executions, o.findings);
        for artifact in &o.artifacts {
            println!("  finding saved: {artifact}");
        }
    }
    let findings: u64 = rows.iter().map(|(_, o)| o.findings).sum();
    if findings > 0 { Err(format!("{findings} finding(s)")) } else { Ok(()) }
}

/// The fuzz targets, as `cargo fuzz list` names them.
fn targets(fuzz_dir: &Path) -> Result<Vec<String>, String> {
    let out = Command::new("cargo")
        .args(["+nightly", "fuzz", "list"])
        .current_dir(fuzz_dir)
        .output()
        .map_err(|e| format!("cannot run cargo +nightly fuzz: {e} (cargo install cargo-fuzz)"))?;
    if !out.status.success() {
        return Err(format!("cargo +nightly fuzz list failed: {}", String::from_utf8_lossy(&out.stderr).trim()));
    }
    Ok(String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect())
}

/// Runs one target for `seconds` and parses what libFuzzer reported.
fn run(fuzz_dir: &Path, target: &str, seconds: u64) -> Result<Outcome, String> {
    let work = fuzz_dir.join("target/corpus").join(target);
    std::fs::create_dir_all(&work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let seeds = fuzz_dir.join("corpus").join(target);
    let out = Command::new("cargo")
        // No sanitizer: the code under test is safe Rust but for one cast
        // that Miri checks, and ASan would cost half the executions. Debug
        // assertions on: they check the codecs' step contracts.
        .args(["+nightly", "fuzz", "run", "--debug-assertions", "--sanitizer", "none", target])
        .arg(&work)
        .arg(&seeds)
        .args(["--", &format!("-max_total_time={seconds}"), "-print_final_stats=1", &format!("-max_len={MAX_LEN}")])
        .current_dir(fuzz_dir)
        .output()
        .map_err(|e| format!("cannot run cargo +nightly fuzz run {target}: {e}"))?;
    let log = String::from_utf8_lossy(&out.stderr);
    let log_path = fuzz_dir.join("target").join(format!("xtask-fuzz-{target}.log"));
    // The log is a convenience; failing to keep it loses nothing else.
    let _ = std::fs::write(&log_path, log.as_bytes());
    let outcome = parse(&log);
    if !out.status.success() && outcome.findings == 0 {
        return Err(format!("cargo fuzz run {target} failed without a finding; see {}", log_path.display()));
    }
    Ok(outcome)
}

/// Parses libFuzzer's output: the executions from the final statistics or
/// the last status line (`#N\t...`), the findings from its error reports.
fn parse(log: &str) -> Outcome {
    let mut outcome = Outcome::default();
    for line in log.lines() {
        if let Some(n) = line.strip_prefix("stat::number_of_executed_units:") {
            outcome.executions = n.trim().parse().unwrap_or(outcome.executions);
        } else if let Some(rest) = line.strip_prefix('#') {
            let n: String = rest.chars().take_while(char::is_ascii_digit).collect();
            if let Ok(n) = n.parse::<u64>() {
                outcome.executions = outcome.executions.max(n);
            }
        }
        if line.starts_with("==") && line.contains("ERROR: libFuzzer:") {
            outcome.findings += 1;
        }
        if let Some(at) = line.find("Test unit written to ") {
            outcome.artifacts.push(line[at + "Test unit written to ".len()..].trim().to_owned());
        }
    }
    outcome
}

#[cfg(test)]
mod tests {
    //! The parsing of libFuzzer's output.

    use super::*;

    #[test]
    fn a_clean_run_is_parsed() {
        let log = "INFO: Seed: 1\n#2\tINITED cov: 10 ft: 10 corp: 1/1b exec/s: 0 rss: 30Mb\n\
                   #524288\tpulse  cov: 900 ft: 2000 corp: 300/9Kb exec/s: 17476 rss: 80Mb\n\
                   #600123\tDONE   cov: 901 ft: 2001 corp: 301/9Kb exec/s: 20004 rss: 81Mb\n\
                   Done 600123 runs in 31 second(s)\nstat::number_of_executed_units: 600123\n\
                   stat::average_exec_per_sec:     20004\n";
        assert_eq!(parse(log), Outcome { executions: 600_123, findings: 0, artifacts: vec![] });
    }

    #[test]
    fn a_finding_is_parsed() {
        let log = "#1000\tNEW    cov: 5\nthread '<unnamed>' panicked at tests/src/fuzz.rs:1:1:\nboom\n\
                   ==4242== ERROR: libFuzzer: deadly signal\n\
                   artifact_prefix='/w/fuzz/artifacts/decode/'; Test unit written to /w/fuzz/artifacts/decode/crash-ab12\n\
                   stat::number_of_executed_units: 1003\n";
        let outcome = parse(log);
        assert_eq!((outcome.executions, outcome.findings), (1003, 1));
        assert_eq!(outcome.artifacts, ["/w/fuzz/artifacts/decode/crash-ab12"]);
    }
}
