//! `cargo xtask oracles [--indexes DIR]`: records what Node's `TextDecoder`
//! and Python's codecs decode in codec-encoding-standard's encodings
//! (`xtask/oracles/record.sh`, which writes
//! `crates/codec-encoding-standard/tests/data/oracles/`, decision 0026),
//! and what CPython's utf-32 codecs and iconv answer for UTF-32
//! (`utf32.py`, into `crates/codec-utf32/tests/data/oracles.txt`, decision
//! 0041); with `--indexes DIR`, compares the recorded answers with the
//! Encoding Standard's index files in DIR instead
//! (`xtask/oracles/indexes.py`).

use std::process::Command;

/// Runs the subcommand.
pub fn main(args: &[String]) -> Result<(), String> {
    let root = crate::workspace_root();
    let mut command = match args {
        [] => {
            let mut c = Command::new("sh");
            c.arg(root.join("xtask/oracles/record.sh"));
            c
        }
        [flag, dir] if flag == "--indexes" => {
            let mut c = Command::new("python3");
            c.arg(root.join("xtask/oracles/indexes.py")).arg(dir);
            c
        }
        _ => return Err(format!("takes no argument or `--indexes DIR`, got {args:?}")),
    };
    let status = command.status().map_err(|e| format!("cannot run {command:?}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("{command:?} failed: {status}")) }
}
