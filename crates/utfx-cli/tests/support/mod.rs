//! What the CLI test suites share: the built binary, a fresh temporary
//! directory per test, UTF-16 from the standard library's `encode_utf16`,
//! a run on a file (written first), and a run on a large standard input
//! that watches the child's peak resident memory.

// Each suite uses a part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{ExitStatus, Stdio};

use assert_cmd::Command;

/// The built `utfx` binary, for `assert_cmd`.
pub fn utfx() -> Command {
    Command::cargo_bin("utfx").expect("the utfx binary")
}

/// The path of the built `utfx` binary, for `std::process::Command`.
pub fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("utfx")
}

/// Starts the built binary with `args` and its three standard streams
/// piped.
pub fn spawn_piped(args: &[&str]) -> std::process::Child {
    std::process::Command::new(bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the utfx binary starts")
}

/// A fresh, empty directory for one test, named after the suite, `tag` and
/// this process.
pub fn temp_dir(tag: &str) -> PathBuf {
    let suite = env!("CARGO_CRATE_NAME");
    let dir = std::env::temp_dir().join(format!("utfx-{suite}-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `input` to `file`, then runs the binary with `args` and `file`,
/// started by `wrapper` (a program and its arguments, such as `taskset -c
/// 0`) or directly when it is empty: the exit code, the output and the
/// error text.
pub fn run_on_file(wrapper: &[&str], args: &[&str], file: &Path, input: &[u8]) -> (Option<i32>, Vec<u8>, String) {
    std::fs::write(file, input).unwrap();
    let mut command = match wrapper {
        [] => std::process::Command::new(bin()),
        [program, rest @ ..] => {
            let mut command = std::process::Command::new(program);
            command.args(rest).arg(bin());
            command
        }
    };
    let out = command.args(args).arg(file).output().unwrap();
    (out.status.code(), out.stdout, String::from_utf8_lossy(&out.stderr).into_owned())
}

/// UTF-16LE of `text`.
pub fn utf16le(text: &str) -> Vec<u8> {
    text.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

/// UTF-16BE of `text`.
pub fn utf16be(text: &str) -> Vec<u8> {
    text.encode_utf16().flat_map(u16::to_be_bytes).collect()
}

/// What [`watch_memory`] saw of the child.
#[derive(Debug)]
pub struct Watched {
    /// Its peak resident memory, in KiB (0 when never read).
    pub peak_kib: u64,
    /// How it ended (killed once the peak reached the limit).
    pub status: ExitStatus,
    /// The bytes it wrote to standard output.
    pub bytes: u64,
    /// The newlines among them.
    pub newlines: usize,
}

/// Runs `utfx args` with `block` written `count` times to its standard
/// input (until it stops reading) and its standard output counted, and
/// samples its peak resident memory every 20 ms, killing it as soon as the
/// peak reaches `limit_kib`.
#[cfg(target_os = "linux")]
pub fn watch_memory(args: &[&str], block: Vec<u8>, count: usize, limit_kib: u64) -> Watched {
    use std::io::{Read, Write};
    let mut child = std::process::Command::new(bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        for _ in 0..count {
            if stdin.write_all(&block).is_err() {
                break;
            }
        }
    });
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let (mut bytes, mut newlines) = (0u64, 0);
        let mut buf = vec![0u8; 1 << 16];
        loop {
            match stdout.read(&mut buf) {
                Ok(0) | Err(_) => return (bytes, newlines),
                Ok(n) => {
                    bytes += n as u64;
                    newlines += buf[..n].iter().filter(|&&b| b == b'\n').count();
                }
            }
        }
    });
    let mut peak = 0u64;
    while !reader.is_finished() {
        peak = peak.max(peak_kib(pid).unwrap_or(0));
        if peak >= limit_kib {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let (bytes, newlines) = reader.join().unwrap();
    writer.join().unwrap();
    let status = child.wait().unwrap();
    Watched { peak_kib: peak, status, bytes, newlines }
}

/// The peak resident memory of process `pid` so far, in KiB.
#[cfg(target_os = "linux")]
fn peak_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse().ok())
}

/// `f` of each of `items`, in their order, computed from four threads at
/// once: for the tests that run the command hundreds of times, each run
/// waiting on the process more than computing. A panic in `f` goes on in
/// the calling thread.
pub fn on_four_threads<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let f = &f;
    std::thread::scope(|scope| {
        let workers: Vec<_> = items
            .chunks(items.len().div_ceil(4).max(1))
            .map(|part| scope.spawn(move || part.iter().map(f).collect::<Vec<R>>()))
            .collect();
        workers.into_iter().flat_map(|w| w.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect()
    })
}
