//! `cargo xtask matrix [--check]`: the cross-codec matrices, the project's
//! main job (issue 6).
//!
//! Every registered codec (`codec_registry::all()`, but for now the Encoding
//! Standard's legacy encodings: [`codecs`]) is run on the same inputs:
//! sixteen classes of code points, from ASCII to beyond 2^1000 (`classes.rs`),
//! the texts of the benchmark corpus in `bench/data/`, and synthetic texts
//! where the codecs part (`texts.rs`). The tables:
//!
//! 1. **repertoire**: what each codec encodes, in how many bytes, and whether
//!    decoding gives it back;
//! 2. **round trip** A → B: decode with A, encode with B (fatal and replace
//!    mode), decode with B, compare;
//! 3. **reinterpretation**: A's bytes read by B;
//! 4. **properties**, measured (`props.rs`);
//! 5. **size**: bytes per code point on each corpus text;
//! 6. **false positives** (`fp.rs`): random bytes, and text in another
//!    encoding, that pass as each codec of the registry (the legacy
//!    encodings too).
//!
//! The command shows each stage and the share done on stderr while it
//! computes, then prints a summary and writes `docs/matrix/` (`render.rs`);
//! `--check` computes the same files in memory and fails, naming them, when
//! the committed ones differ. Nothing here names a codec: a codec added to the
//! registry appears in every table. Only the relations test (`tests.rs`)
//! knows what each specification promises.

mod chart;
mod classes;
mod compute;
mod fp;
mod props;
mod render;
#[cfg(test)]
mod tests;
mod texts;

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

/// The folder of the generated files, relative to the workspace root.
const OUT_DIR: &str = "docs/matrix";

/// The seed of every random draw (random byte strings, damage positions).
const SEED: u64 = 0x7574_6678; // "utfx"

/// Runs the subcommand.
///
/// # Errors
///
/// An unknown argument, an unreadable corpus, a file that cannot be written,
/// or (with `--check`) generated files that are stale.
pub fn main(args: &[String]) -> Result<(), String> {
    let mut check = false;
    for arg in args {
        match arg.as_str() {
            "--check" => check = true,
            other => return Err(format!("unknown argument `{other}`; usage: cargo xtask matrix [--check]")),
        }
    }
    let root = crate::workspace_root();
    let start = Instant::now();
    let mut texts = compute::load_texts(&root)?;
    texts.extend(texts::synthetic());
    let mut matrix = compute::compute_showing_progress(&codecs(), texts);
    matrix.false_positives = Some(fp::compute(codec_registry::all(), &matrix.texts, SEED, true));
    let files = render::files(&matrix);
    let out = root.join(OUT_DIR);
    if check {
        let stale = stale_files(&out, &files);
        if stale.is_empty() {
            println!("matrix: {} files in {OUT_DIR}/ are up to date", files.len());
            return Ok(());
        }
        return Err(format!(
            "stale generated files in {OUT_DIR}/ (run `cargo xtask matrix`):\n  {}",
            stale.join("\n  ")
        ));
    }
    print!("{}", render::terminal(&matrix));
    write_files(&out, &files)?;
    println!(
        "\nwrote {} files to {OUT_DIR}/ ({} codecs, {} classes, {} texts) in {:.1} s",
        files.len(),
        matrix.codecs.len(),
        matrix.classes.len(),
        matrix.texts.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The files of `dir` that differ from `files`, are missing, or are not
/// generated at all.
fn stale_files(dir: &Path, files: &BTreeMap<String, String>) -> Vec<String> {
    let mut stale = Vec::new();
    for (name, body) in files {
        match std::fs::read(dir.join(name)) {
            Ok(on_disk) if on_disk == body.as_bytes() => {}
            Ok(_) => stale.push(format!("{OUT_DIR}/{name} (differs)")),
            Err(_) => stale.push(format!("{OUT_DIR}/{name} (missing)")),
        }
    }
    for name in extra_files(dir, files) {
        stale.push(format!("{OUT_DIR}/{name} (not generated; remove it)"));
    }
    stale
}

/// Files in `dir` that the matrix does not generate.
fn extra_files(dir: &Path, files: &BTreeMap<String, String>) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut extra: Vec<String> = entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| !files.contains_key(name))
        .collect();
    extra.sort();
    extra
}

/// Writes `files` into `dir`, removing files there that are no longer
/// generated.
fn write_files(dir: &Path, files: &BTreeMap<String, String>) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for name in extra_files(dir, files) {
        let path = dir.join(&name);
        std::fs::remove_file(&path).map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
    }
    for (name, body) in files {
        let path = dir.join(name);
        if std::fs::read(&path).is_ok_and(|old| old == body.as_bytes()) {
            continue;
        }
        std::fs::write(&path, body).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

/// The codecs the matrix compares: every registered codec but the Encoding
/// Standard's legacy encodings, which issue 27 brings into the matrix
/// later (their 35 codecs make the pairwise tables 2601 pairs long, over
/// half an hour here; decision 0020).
pub(crate) fn codecs() -> Vec<&'static dyn codec_core::DynCodec> {
    codec_registry::all()
        .iter()
        .copied()
        .filter(|c| codec_encoding_standard::for_label(c.info().name).is_none())
        .collect()
}
