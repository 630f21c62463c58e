//! What streaming promises when the input goes bad: `convert` writes
//! everything before the first error, then the error, whatever the codec,
//! whether the input is a file or a pipe, and wherever the error falls
//! against the sizes the CLI reads in.
//!
//! Expected bytes are built, not computed by the code under test: the valid
//! prefix is ASCII (`a`, as each codec's own encoder writes it), so its
//! conversion to UTF-8 is that many `a` bytes.

mod support;

use std::io::Write;
use std::process::{Command, Stdio};

use codec_core::DynCodec;
use support::{bin, temp_dir};

/// The sizes the CLI reads its input in: `support::CHUNK` and
/// `BigTranscode`'s chunk (64 KiB), and the buffers of `read_ahead` and of
/// `convert`'s output (256 KiB).
const READ_SIZES: [usize; 2] = [64 * 1024, 256 * 1024];

/// Bad sequences to try after the prefix, each with what follows it: the
/// first that a codec rejects at its first byte is that codec's.
const BAD: [(&[u8], &[u8]); 6] = [
    // A three-byte lead cut short by ASCII, in the UTF-8 family.
    (&[0xE2, 0x82], b"a"),
    // A lone continuation byte.
    (&[0x80], b"a"),
    (&[0xFF], b"a"),
    // A lone trail surrogate in UTF-16LE, then in UTF-16BE.
    (&[0x00, 0xDC], b"a\0"),
    (&[0xDC, 0x00], b"\0a"),
    // An odd byte at the end: the one error of WTF-16.
    (&[0x61], b""),
];

/// One damaged input: `prefix` units of `a`, then a bad sequence.
struct Damaged {
    bytes: Vec<u8>,
    /// Where the error is (the prefix's length in bytes).
    offset: usize,
    /// How many `a`s the prefix holds.
    points: usize,
    kind: &'static str,
}

/// The input for `codec` with `points` `a`s before its bad sequence, or
/// `None` for a codec where every byte string is well-formed (the Encoding
/// Standard's single-byte encodings whose index maps every byte) and for
/// `replacement`, where none is.
fn damaged(codec: &dyn DynCodec, points: usize) -> Option<Damaged> {
    // The Standard's `replacement`: its one error is its first byte,
    // whatever follows.
    if codec.info().name == "replacement" {
        return None;
    }
    let unit = codec.encode_str("a").unwrap();
    let prefix = unit.repeat(points);
    // Then each single byte, for the Standard's single-byte encodings,
    // whose unmapped bytes are their only errors.
    let bytes: Vec<[u8; 1]> = (0x80..=0xFF).map(|b| [b]).collect();
    let singles = bytes.iter().map(|b| (&b[..], &b"a"[..]));
    for (bad, after) in BAD.into_iter().chain(singles) {
        let mut bytes = prefix.clone();
        bytes.extend_from_slice(bad);
        bytes.extend_from_slice(after);
        match codec.decode(&bytes) {
            Err(e) if e.valid_up_to() == prefix.len() => {
                return Some(Damaged { bytes, offset: prefix.len(), points, kind: e.kind().as_str() });
            }
            _ => {}
        }
    }
    assert!((0..=255u8).all(|b| codec.validate(&[b]).is_ok()), "no bad sequence for {}", codec.info().name);
    None
}

/// Runs `utfx convert -f NAME -t utf-8` on `input`, from a file or through
/// a pipe, and returns the status, stdout and stderr.
fn convert(name: &str, input: &[u8], file: Option<&std::path::Path>) -> (Option<i32>, Vec<u8>, String) {
    let mut command = Command::new(bin());
    command.args(["convert", "-f", name, "-t", "utf-8"]).stdout(Stdio::piped()).stderr(Stdio::piped());
    let child = match file {
        Some(path) => {
            std::fs::write(path, input).unwrap();
            command.arg(path).stdin(Stdio::null()).spawn().unwrap()
        }
        None => {
            let mut child = command.stdin(Stdio::piped()).spawn().unwrap();
            let mut stdin = child.stdin.take().unwrap();
            let input = input.to_vec();
            std::thread::spawn(move || {
                let _ = stdin.write_all(&input);
            });
            child
        }
    };
    let output = child.wait_with_output().unwrap();
    (output.status.code(), output.stdout, String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn convert_writes_everything_before_the_first_error() {
    let dir = temp_dir("prefix");
    let codecs = codec_registry::all();
    // Each codec on a thread of its own: the runs are short processes.
    std::thread::scope(|scope| {
        for (i, &codec) in codecs.iter().enumerate() {
            let dir = &dir;
            scope.spawn(move || {
                let name = codec.info().name;
                let unit = codec.encode_str("a").unwrap().len();
                let mut offsets = vec![unit * 1000];
                for size in READ_SIZES {
                    // The error's first byte before, at and after the boundary
                    // (a two-byte bad sequence before it spans it).
                    offsets.extend([size - unit, size, size + unit]);
                }
                for offset in offsets {
                    let Some(input) = damaged(codec, offset / unit) else { return };
                    assert_eq!(input.offset, offset);
                    let path = dir.join(format!("{i}-{offset}"));
                    for file in [Some(path.as_path()), None] {
                        let (status, stdout, stderr) = convert(name, &input.bytes, file);
                        let shown = file.map_or_else(|| "<stdin>".to_string(), |p| p.display().to_string());
                        let case = format!("{name}, error at {offset}, from {shown}");
                        assert_eq!(status, Some(1), "{case}: {stderr}");
                        assert!(
                            stdout.len() == input.points && stdout.iter().all(|&b| b == b'a'),
                            "{case}: {} bytes written, not {}",
                            stdout.len(),
                            input.points
                        );
                        let expected = format!("utfx: {shown}: offset {}: {}", input.offset, input.kind);
                        assert!(stderr.starts_with(&expected), "{case}: {stderr:?} does not start with {expected:?}");
                    }
                }
            });
        }
    });
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn convert_writes_everything_before_an_encoding_error() {
    // UTF-∞-8 goes through big code points: U+110000 (F4 90 80 80), which
    // UTF-8 cannot hold, after `a`s.
    let dir = temp_dir("encode");
    for points in [1000, 64 * 1024 - 1, 64 * 1024, 256 * 1024 + 1] {
        let mut input = b"a".repeat(points);
        input.extend_from_slice(&[0xF4, 0x90, 0x80, 0x80, b'a']);
        let path = dir.join(format!("{points}"));
        for file in [Some(path.as_path()), None] {
            let (status, stdout, stderr) = convert("utf-inf-8", &input, file);
            assert_eq!(status, Some(1), "{points}: {stderr}");
            assert_eq!(stdout.len(), points, "{points} from {file:?}");
            assert!(stdout.iter().all(|&b| b == b'a'));
            assert!(stderr.contains(&format!(": index {points}: U+110000: ")), "{stderr}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// 16 MiB of 00 in Corrected UTF-8: a `nul` finding (a MUST) for every
/// byte, after `no_signature`, and `no_final_newline` at the end.
fn sixteen_mib_of_nul(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("nul");
    std::fs::write(&path, vec![0u8; 16 << 20]).unwrap();
    path
}

#[test]
fn validate_document_lists_up_to_the_cap_then_counts() {
    let dir = temp_dir("document-cap");
    let path = sixteen_mib_of_nul(&dir);
    let name = path.display();
    let output = Command::new(bin())
        .args(["validate", "-f", "corrected-utf-8", "--document", "--max-errors", "5"])
        .arg(&path)
        .output()
        .unwrap();
    let mut expected = format!("{name}: offset 0: should: no magic number at the start\n");
    for offset in 0..4 {
        expected.push_str(&format!("{name}: offset {offset}: must: U+0000 outside the magic number\n"));
    }
    // Every byte, the missing signature and the missing final newline.
    let total = (16 << 20) + 2;
    expected.push_str(&format!("{name}: {total} findings, the first 5 listed (--max-errors to list more)\n"));
    assert_eq!(String::from_utf8_lossy(&output.stdout), expected);
    assert_eq!(output.status.code(), Some(1), "{}", String::from_utf8_lossy(&output.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Under a limit of 400 MB of address space, the check ends as usual, with
/// the default cap of 100 (when every finding was kept, 16 MiB took 1.8 GB
/// and the process aborted).
#[cfg(target_os = "linux")]
#[test]
fn validate_document_runs_under_an_address_space_limit() {
    let dir = temp_dir("document-ulimit");
    let path = sixteen_mib_of_nul(&dir);
    let output = Command::new("sh")
        .args(["-c", "ulimit -v 400000 && exec \"$0\" \"$@\""])
        .arg(bin())
        .args(["validate", "-f", "corrected-utf-8", "--document"])
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.ends_with("16777218 findings, the first 100 listed (--max-errors to list more)\n"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}
