//! The process of one kernel level, with the feature `simdutf`: simdutf
//! reads `SIMDUTF_FORCE_IMPLEMENTATION` once, on its first call, so one
//! process cannot race several of its levels. The run's own process
//! ([`race`]) starts this xtask again for each level, as `bench --level
//! LEVEL` with [`FLAG`] and the other options it was given, the variable set
//! to simdutf's kernels of that level (`utfx_bench::ops::simdutf_implementation`:
//! `icelake`, `haswell`, `westmere`, `fallback`), and reads its results
//! back. The child ([`serve`]) checks that simdutf took those kernels, races
//! every operation at its level as a run without the feature does, and
//! prints each operation's speeds on stdout as it has them ([`emit`]), as
//! lines of tab-separated fields:
//!
//! * `row`, the operation's name, the text's name, then the GB/s of utfx
//!   and of each peer (Rust's shortest form of an `f64`, which reads back
//!   exactly);
//! * `end` and the operation's name, after its last text (or alone, when
//!   the operation left every text out).
//!
//! Nothing else goes to its stdout; its errors go to stderr, which it
//! shares with the run.

use std::io::BufRead;
use std::process::{Command, Stdio};

use utfx_bench::ops::{self, Op};
use utfx_kernels::Level;

use super::Results;

/// The flag that makes `cargo xtask bench` the process of one level: for
/// the run's own use, not on its usage line.
pub(super) const FLAG: &str = "--level-child";

/// Races every operation of `ops` at `level` in a child process whose
/// simdutf runs its kernels of the same level, and hands each operation's
/// speeds to `report` as the child prints them. `quick` and `filter` are
/// the run's options, passed on (the child chooses the same operations).
///
/// # Errors
///
/// A level simdutf has no kernels of on this processor, a child that cannot
/// start, fails (its message on stderr) or prints what [`emit`] does not, or
/// one whose operations are not `ops`.
pub(super) fn race(
    level: Level,
    quick: bool,
    filter: Option<&str>,
    ops: &[&'static Op],
    report: &mut dyn FnMut(Results),
) -> Result<(), String> {
    let implementation = ops::simdutf_implementation(level)?;
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this xtask's binary: {e}"))?;
    let mut command = Command::new(exe);
    command.args(["bench", "--level", level.name(), FLAG]).env(ops::SIMDUTF_FORCE, implementation);
    if quick {
        command.arg("--quick");
    }
    if let Some(filter) = filter {
        command.args(["--filter", filter]);
    }
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the process of level {}: {e}", level.name()))?;
    let stdout = child.stdout.take().ok_or("the child's stdout is not piped")?;
    let read = read_results(std::io::BufReader::new(stdout), ops, report);
    let status = child.wait().map_err(|e| format!("the process of level {}: {e}", level.name()))?;
    if !status.success() {
        return Err(format!("the process of level {} failed ({status}; see above)", level.name()));
    }
    read.map_err(|e| format!("the process of level {}: {e}", level.name()))
}

/// Reads the lines [`emit`] prints until the child's stdout ends, handing
/// each operation to `report` at its `end` line; the operations must be
/// `ops`, in order.
fn read_results(lines: impl BufRead, ops: &[&'static Op], report: &mut dyn FnMut(Results)) -> Result<(), String> {
    let mut expected = ops.iter();
    let mut current: Option<Results> = None;
    for line in lines.lines() {
        let line = line.map_err(|e| format!("cannot read its output: {e}"))?;
        let fields: Vec<&str> = line.split('\t').collect();
        match &fields[..] {
            ["row", name, text, speeds @ ..] => {
                let mut result = match current.take() {
                    Some(result) => result,
                    None => {
                        let op = expected.next().filter(|op| op.name == *name);
                        Results { op: op.ok_or_else(|| format!("unexpected operation {name}"))?, rows: Vec::new() }
                    }
                };
                let speeds: Vec<f64> =
                    speeds.iter().map(|s| s.parse()).collect::<Result<_, _>>().map_err(|e| format!("{line:?}: {e}"))?;
                if result.op.name != *name || speeds.len() != result.op.peers.len() + 1 {
                    return Err(format!("unexpected line {line:?}"));
                }
                result.rows.push(((*text).to_owned(), speeds));
                current = Some(result);
            }
            ["end", name] => {
                // No rows before it: every text was left out.
                let result = match current.take() {
                    Some(result) => result,
                    None => Results { op: expected.next().ok_or("more operations than asked for")?, rows: Vec::new() },
                };
                if result.op.name != *name {
                    return Err(format!("unexpected line {line:?}"));
                }
                report(result);
            }
            _ => return Err(format!("unexpected line {line:?}")),
        }
    }
    match (current, expected.next()) {
        (None, None) => Ok(()),
        (Some(result), _) => Err(format!("its output ends within {}", result.op.name)),
        (None, Some(op)) => Err(format!("its output ends before {}", op.name)),
    }
}

/// The child's side: checks that simdutf runs its kernels of `level` (as
/// far as its bindings tell: `utfx_bench::ops::check_simdutf_implementation`),
/// then runs `race`.
///
/// # Errors
///
/// simdutf runs other kernels, or `race` fails.
pub(super) fn serve(level: Level, race: impl FnOnce() -> Result<(), String>) -> Result<(), String> {
    ops::check_simdutf_implementation(ops::simdutf_implementation(level)?)?;
    race()
}

/// Prints one operation's speeds in the child's line format.
pub(super) fn emit(result: Results) {
    for (text, speeds) in &result.rows {
        let speeds: Vec<String> = speeds.iter().map(f64::to_string).collect();
        println!("row\t{}\t{text}\t{}", result.op.name, speeds.join("\t"));
    }
    println!("end\t{}", result.op.name);
}
