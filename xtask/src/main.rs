//! `cargo xtask`: the project's automation, one module per subcommand.
//!
//! * `cargo xtask matrix [--check]`: the cross-codec round-trip matrices,
//!   written to `docs/matrix/` (the project's main job).
//! * `cargo xtask exhaustive [--quick]`: the sweeps too long for
//!   `cargo test` (every 4-byte `F0..F7` input, every 6-byte `ED .. .. ED ..
//!   ..` input, the 31-bit round trip), built optimized.
//! * `cargo xtask bench [--quick] [--filter NAME]`: utfx's buffer APIs
//!   side by side with std, simdutf8 and encoding_rs on the corpus of
//!   `bench/data/`, built optimized; a full run writes `docs/PERFORMANCE.md`.
//! * `cargo xtask fuzz [--seconds N] [TARGET...]`: every fuzz target of
//!   `fuzz/` for N seconds (nightly, cargo-fuzz), with executions and
//!   findings per target.
//! * `cargo xtask tidy`: the checks reviewers should not have to make (also
//!   run as a test: `cargo test -p xtask`).

mod bench;
mod exhaustive;
mod fuzz;
mod matrix;
mod progress;
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
        "exhaustive" => exhaustive::main(rest),
        "bench" => bench::main(rest),
        "fuzz" => fuzz::main(rest),
        "tidy" => tidy::main(rest),
        "help" | "--help" | "-h" => {
            println!(
                "usage: cargo xtask <matrix [--check] | exhaustive [--quick] | bench [--quick] [--filter NAME] | fuzz [--seconds N] [TARGET...] | tidy>"
            );
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
