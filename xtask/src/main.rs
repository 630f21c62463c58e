//! `cargo xtask`: the project's automation, one module per subcommand.
//!
//! * `cargo xtask matrix [--check]`: the cross-codec round-trip matrices,
//!   written to `docs/matrix/` (the project's main job).
//! * `cargo xtask tidy`: the checks reviewers should not have to make (also
//!   run as a test: `cargo test -p xtask`).

mod matrix;
mod tidy;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (cmd, rest) = match args.split_first() {
        Some((cmd, rest)) => (cmd.as_str(), rest),
        None => ("help", &[][..]),
    };
    let result = match cmd {
        "matrix" => matrix::main(rest),
        "tidy" => tidy::main(rest),
        "help" | "--help" | "-h" => {
            println!("usage: cargo xtask <matrix [--check] | tidy>");
            Ok(())
        }
        other => Err(format!("unknown xtask command `{other}`; try `cargo xtask help`")),
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
