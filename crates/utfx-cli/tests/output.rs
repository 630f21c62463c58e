//! `convert -o` as a careful user of the shell expects it: the temporary
//! file cannot be hijacked by a planted symbolic link, a symbolic link is
//! written through and stays a link, a device or FIFO is written into (never
//! replaced), the target keeps its mode and owner, a new target gets the
//! mode a plain create would give it, and a signal leaves no temporary file.
//!
//! Device nodes are private copies made with `mknod` when the tests run as
//! root, so that a regression can never replace the system's `/dev/null`;
//! otherwise the system's nodes are used (an unprivileged regression fails
//! there without harm).
#![cfg(unix)]

mod support;

use std::fs;
use std::io::{Read, Write};
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use predicates::prelude::*;
use support::{bin, temp_dir, utf16le, utfx};

/// The names in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

fn is_root() -> bool {
    fs::metadata("/proc/self").map(|m| m.uid() == 0).unwrap_or(false)
}

/// A private character device `major:minor` in `dir` when we may make one,
/// else the system's node `fallback`.
fn device(dir: &Path, name: &str, major: u32, minor: u32, fallback: &str) -> PathBuf {
    let node = dir.join(name);
    if is_root() {
        let made = std::process::Command::new("mknod")
            .arg(&node)
            .args(["c", &major.to_string(), &minor.to_string()])
            .status()
            .is_ok_and(|s| s.success());
        if made && fs::OpenOptions::new().write(true).open(&node).is_ok() {
            return node;
        }
        let _ = fs::remove_file(&node);
    }
    PathBuf::from(fallback)
}

fn convert_to(out: &Path, input: &str) -> assert_cmd::assert::Assert {
    utfx().args(["convert", "-f", "utf-8", "-t", "utf-16le", "-o"]).arg(out).write_stdin(input.to_owned()).assert()
}

/// Symbolic links planted at every name the temporary file could have had
/// under the old `.NAME.utfx-PID.tmp` scheme, for the next process ids,
/// must not lead the output into their target.
#[test]
fn planted_symlinks_do_not_capture_the_temporary_file() {
    let dir = temp_dir("planted");
    let victim = dir.join("victim");
    fs::write(&victim, "precious").unwrap();
    let last = fs::read_to_string("/proc/sys/kernel/ns_last_pid").ok().and_then(|s| s.trim().parse::<u32>().ok());
    let first = last.unwrap_or(1) + 1;
    for pid in first..first + 2000 {
        std::os::unix::fs::symlink(&victim, dir.join(format!(".out.utfx-{pid}.tmp"))).unwrap();
    }
    let out = dir.join("out");
    convert_to(&out, "fresh").success();
    assert_eq!(fs::read(&victim).unwrap(), b"precious", "the victim was overwritten through a planted link");
    let meta = fs::symlink_metadata(&out).unwrap();
    assert!(meta.file_type().is_file(), "out is not a regular file: {:?}", meta.file_type());
    assert_eq!(fs::read(&out).unwrap(), utf16le("fresh"));
    fs::remove_dir_all(&dir).unwrap();
}

/// Nothing but the output appears beside it: the temporary file is gone.
#[test]
fn success_leaves_only_the_output() {
    let dir = temp_dir("only");
    convert_to(&dir.join("out"), "x").success();
    assert_eq!(listing(&dir), ["out"]);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_null_device_is_written_into_not_replaced() {
    let dir = temp_dir("null");
    let null = device(&dir, "null", 1, 3, "/dev/null");
    convert_to(&null, "discarded").success().stderr("");
    assert!(fs::symlink_metadata(&null).unwrap().file_type().is_char_device(), "{} was replaced", null.display());
    assert!(listing(&dir).iter().all(|n| n == "null"), "left behind: {:?}", listing(&dir));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_full_device_is_an_io_error() {
    let dir = temp_dir("full");
    let full = device(&dir, "full", 1, 7, "/dev/full");
    let assert = convert_to(&full, "no room").code(3).stderr(predicate::str::contains("os error 28"));
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(fs::symlink_metadata(&full).unwrap().file_type().is_char_device(), "{} was replaced", full.display());
    assert!(listing(&dir).iter().all(|n| n == "full"), "left behind: {:?}", listing(&dir));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_symlink_is_written_through_and_stays_a_link() {
    let dir = temp_dir("link");
    let sub = dir.join("real");
    fs::create_dir(&sub).unwrap();
    let (target, link) = (sub.join("target.txt"), dir.join("link.txt"));
    fs::write(&target, "old").unwrap();
    std::os::unix::fs::symlink(&target, &link).unwrap();
    convert_to(&link, "new").success();
    assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link was replaced");
    assert_eq!(fs::read_link(&link).unwrap(), target);
    assert_eq!(fs::read(&target).unwrap(), utf16le("new"));
    assert_eq!(listing(&dir), ["link.txt", "real"]);
    assert_eq!(listing(&sub), ["target.txt"]);
    // A relative link, resolved against the link's directory.
    let relative = dir.join("relative.txt");
    std::os::unix::fs::symlink("real/target.txt", &relative).unwrap();
    convert_to(&relative, "newer").success();
    assert!(fs::symlink_metadata(&relative).unwrap().file_type().is_symlink());
    assert_eq!(fs::read(&target).unwrap(), utf16le("newer"));
    fs::remove_dir_all(&dir).unwrap();
}

/// A link to nothing is refused, as `cp` refuses it: creating a file where
/// a link points is how planted links do harm.
#[test]
fn a_dangling_symlink_is_refused() {
    let dir = temp_dir("dangling");
    let link = dir.join("link");
    std::os::unix::fs::symlink(dir.join("nowhere"), &link).unwrap();
    convert_to(&link, "x").code(3).stderr(predicate::str::contains("dangling"));
    assert_eq!(listing(&dir), ["link"]);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_directory_is_refused_and_nothing_is_left() {
    let dir = temp_dir("directory");
    fs::create_dir(dir.join("sub")).unwrap();
    convert_to(&dir.join("sub"), "x").code(3).stderr(predicate::str::contains("is a directory"));
    assert_eq!(listing(&dir), ["sub"]);
    assert!(listing(&dir.join("sub")).is_empty());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_fifo_gets_the_bytes() {
    let dir = temp_dir("fifo");
    let fifo = dir.join("fifo");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    // A second name for the FIFO, to unblock the reader if the FIFO's name
    // is taken away from it.
    let alias = dir.join("alias");
    fs::hard_link(&fifo, &alias).unwrap();
    let reader_path = fifo.clone();
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        fs::File::open(reader_path).unwrap().read_to_end(&mut bytes).unwrap();
        bytes
    });
    // Give the reader a moment to open the FIFO under its name.
    std::thread::sleep(Duration::from_millis(100));
    let status = convert_to(&fifo, "through a pipe").get_output().status;
    let still_fifo = fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo();
    if !still_fifo {
        // The reader still waits for a writer on the old FIFO.
        drop(fs::OpenOptions::new().write(true).open(&alias).unwrap());
    }
    let bytes = reader.join().unwrap();
    assert!(status.success(), "{status:?}");
    assert!(still_fifo, "the FIFO was replaced");
    assert_eq!(bytes, utf16le("through a pipe"));
    assert_eq!(listing(&dir), ["alias", "fifo"]);
    fs::remove_dir_all(&dir).unwrap();
}

/// `-o /dev/stdout` when standard output is a pipe: `/proc/self/fd/1`
/// names `pipe:[N]`, no path, and the pipe is written into, as `>` would.
#[test]
fn dev_stdout_on_a_pipe_gets_the_bytes() {
    let output = std::process::Command::new(bin())
        .args(["convert", "-f", "utf-8", "-t", "utf-16le", "-o", "/dev/stdout"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all("into the pipe".as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    assert!(output.status.success(), "{:?}: {}", output.status, String::from_utf8_lossy(&output.stderr));
    assert_eq!(output.stdout, utf16le("into the pipe"));
    assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
}

/// A hard link keeps sharing the file: the output is copied into the
/// target in place (the same inode, both names show it), and a failed
/// conversion touches neither name.
#[test]
fn a_hard_link_keeps_sharing_the_file() {
    let dir = temp_dir("hard");
    let (same, hard) = (dir.join("same.txt"), dir.join("hard.txt"));
    fs::write(&same, "old").unwrap();
    fs::hard_link(&same, &hard).unwrap();
    let inode = fs::metadata(&same).unwrap().ino();
    convert_to(&hard, "new").success();
    for name in [&same, &hard] {
        let meta = fs::metadata(name).unwrap();
        assert_eq!((meta.ino(), meta.nlink()), (inode, 2), "{} is another file now", name.display());
        assert_eq!(fs::read(name).unwrap(), utf16le("new"), "{}", name.display());
    }
    // Invalid UTF-8 input: the conversion fails, both names keep the bytes.
    utfx()
        .args(["convert", "-f", "utf-8", "-t", "utf-16le", "-o"])
        .arg(&hard)
        .write_stdin(b"bad \xFF".to_vec())
        .assert()
        .code(1);
    for name in [&same, &hard] {
        assert_eq!(fs::metadata(name).unwrap().ino(), inode);
        assert_eq!(fs::read(name).unwrap(), utf16le("new"), "{} was touched", name.display());
    }
    assert_eq!(listing(&dir), ["hard.txt", "same.txt"]);
    fs::remove_dir_all(&dir).unwrap();
}

/// The process's umask, from `/proc/self/status` (Linux).
fn umask() -> Option<u32> {
    let status = fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find_map(|l| l.strip_prefix("Umask:"))?;
    u32::from_str_radix(line.trim(), 8).ok()
}

#[test]
fn the_target_keeps_its_mode_and_a_new_one_gets_the_umask() {
    let dir = temp_dir("mode");
    let private = dir.join("private");
    fs::write(&private, "secret").unwrap();
    fs::set_permissions(&private, fs::Permissions::from_mode(0o600)).unwrap();
    convert_to(&private, "still secret").success();
    assert_eq!(fs::metadata(&private).unwrap().permissions().mode() & 0o7777, 0o600);
    assert_eq!(fs::read(&private).unwrap(), utf16le("still secret"));
    let shared = dir.join("shared");
    fs::write(&shared, "open").unwrap();
    fs::set_permissions(&shared, fs::Permissions::from_mode(0o664)).unwrap();
    convert_to(&shared, "still open").success();
    assert_eq!(fs::metadata(&shared).unwrap().permissions().mode() & 0o7777, 0o664);
    if let Some(mask) = umask() {
        let new = dir.join("new");
        convert_to(&new, "new").success();
        assert_eq!(fs::metadata(&new).unwrap().permissions().mode() & 0o7777, 0o666 & !mask);
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// As root, the target also keeps its owner and group.
#[test]
fn the_target_keeps_its_owner() {
    if !is_root() {
        return;
    }
    let dir = temp_dir("owner");
    let file = dir.join("owned");
    fs::write(&file, "theirs").unwrap();
    std::os::unix::fs::chown(&file, Some(4321), Some(4322)).unwrap();
    convert_to(&file, "still theirs").success();
    let meta = fs::metadata(&file).unwrap();
    assert_eq!((meta.uid(), meta.gid()), (4321, 4322));
    fs::remove_dir_all(&dir).unwrap();
}

/// Starts `convert -o` on a standard input the test keeps open, waits for
/// the temporary file, sends `signal`, and checks that nothing is left.
#[cfg(target_os = "linux")]
fn interrupted_by(signal: &str, number: i32) {
    use std::os::unix::process::ExitStatusExt;
    let dir = temp_dir(&format!("signal-{signal}"));
    let out = dir.join("out");
    let mut child = std::process::Command::new(bin())
        .args(["convert", "-f", "utf-8", "-t", "utf-16le", "-o"])
        .arg(&out)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(&vec![b'a'; 1 << 20]).unwrap();
    let start = Instant::now();
    while listing(&dir).is_empty() {
        // A limit against hanging the suite, not a measure: the file
        // appears as soon as `utfx` starts.
        assert!(start.elapsed() < Duration::from_secs(120), "no temporary file appeared");
        std::thread::sleep(Duration::from_millis(10));
    }
    let kill = std::process::Command::new("kill").arg(format!("-{signal}")).arg(child.id().to_string()).status();
    assert!(kill.unwrap().success());
    let output = child.wait_with_output().unwrap();
    drop(stdin);
    // Dies of the signal after cleaning up, so the shell reports 128 + N.
    assert_eq!(output.status.signal(), Some(number), "{:?}", output.status);
    assert_eq!(listing(&dir), Vec::<String>::new(), "left behind");
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn sigterm_removes_the_temporary_file() {
    interrupted_by("TERM", 15);
}

#[cfg(target_os = "linux")]
#[test]
fn sigint_removes_the_temporary_file() {
    interrupted_by("INT", 2);
}
