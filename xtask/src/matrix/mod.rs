//! `cargo xtask matrix [--check]`: the cross-codec matrices, the project's
//! main job (issue 6).
//!
//! Every registered codec (`codec_registry::all()`: [`codecs`]), the
//! Encoding Standard's legacy encodings too, is run on the same inputs:
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
//!    encodings too);
//! 7. **size by script** (`scripts.rs`): bytes per code point, raw and
//!    gzip-compressed, on the Universal Declaration of Human Rights in 26
//!    translations (23 scripts) and two of its HTML files
//!    (`xtask/data/scripts/`, compiled in; `scripts.csv`), over every codec
//!    of the registry;
//! 8. **byte order** (`order.rs`): whether sorting strings by their bytes
//!    sorts them in code point order and in UTF-16 code-unit order, with a
//!    shortest counterexample (`order.csv`), over every codec of the
//!    registry;
//! 9. **damage** (`damage.rs`): one byte deleted, inserted or substituted,
//!    a bit flipped or the bytes cut short in excerpts of the corpus and of
//!    the texts by script, at seeded places: the code points lost and
//!    misread and the bytes until the decoder is back in step, as
//!    distributions per codec (`damage.csv`, decision 0028);
//! 10. **error strategies** (`strategies.rs`): every decode mode of the
//!     core, and the article's one U+FFFD per byte, on the same damaged
//!     text: the code points kept, altered and lost, the output's size,
//!     whether it encodes back to the damaged bytes, and what ill-formed
//!     bytes became (`strategies.csv`, decision 0028), over the UTF
//!     family ([`family`]).
//!
//! The command shows each stage and the share done on stderr while it
//! computes, then prints a summary and writes `docs/matrix/` (`render.rs`);
//! `--check` computes the same files in memory and fails, naming them, when
//! the committed ones differ. A codec added to the registry appears in every
//! table: outside the tests, codecs are named only to pick the columns of
//! the README's table of false positives (`fp.rs`) and the Standard's
//! encodings that the error strategies leave out ([`family`], which asks
//! `codec-encoding-standard`). Only the relations test (`tests.rs`) knows
//! what each specification promises.

mod chart;
mod classes;
mod compute;
mod damage;
mod fp;
mod order;
mod props;
mod render;
mod scripts;
mod strategies;
#[cfg(test)]
mod tests;
mod texts;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The folder of the generated files, relative to the workspace root.
const OUT_DIR: &str = "docs/matrix";

/// The seed of every random draw (random byte strings, damage positions).
const SEED: u64 = 0x7574_6678; // "utfx"

/// What the command was asked for.
#[derive(Debug, Default)]
struct Options {
    check: bool,
    /// `--codecs`: the registry names (or labels) to compare, in this order.
    codecs: Option<Vec<String>>,
    /// `--texts`: a folder of UTF-8 texts instead of `bench/data/`.
    texts: Option<PathBuf>,
    /// `--out`: where to write instead of `docs/matrix/`.
    out: Option<PathBuf>,
    /// `--seed`: instead of [`SEED`].
    seed: Option<u64>,
}

const USAGE: &str = "usage: cargo xtask matrix [--check] [--codecs LIST] [--texts DIR] [--out DIR] [--seed N]";

fn parse(args: &[String]) -> Result<Options, String> {
    let mut o = Options::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_owned())),
            _ => (arg.as_str(), None),
        };
        let mut value = || -> Result<String, String> {
            inline.clone().or_else(|| it.next().cloned()).ok_or_else(|| format!("`{name}` needs a value; {USAGE}"))
        };
        match name {
            "--check" => o.check = true,
            "--codecs" => {
                o.codecs =
                    Some(value()?.split(',').map(str::trim).filter(|c| !c.is_empty()).map(str::to_owned).collect());
            }
            "--texts" => o.texts = Some(PathBuf::from(value()?)),
            "--out" => o.out = Some(PathBuf::from(value()?)),
            "--seed" => {
                let v = value()?;
                o.seed = Some(v.parse().map_err(|_| format!("`--seed {v}`: not a whole number below 2^64; {USAGE}"))?);
            }
            other => return Err(format!("unknown argument `{other}`; {USAGE}")),
        }
    }
    if o.check && (o.codecs.is_some() || o.texts.is_some() || o.out.is_some() || o.seed.is_some()) {
        return Err("`--check` compares the committed files of docs/matrix/, which the default run writes: \
                    it takes no other option"
            .to_owned());
    }
    Ok(o)
}

/// The codecs `--codecs` names, by registry name or label, in its order.
fn pick_codecs(names: &[String]) -> Result<Vec<&'static dyn codec_core::DynCodec>, String> {
    let mut picked: Vec<&'static dyn codec_core::DynCodec> = Vec::new();
    for name in names {
        let codec = codec_registry::get(name).ok_or_else(|| {
            format!("`--codecs`: no codec `{name}` in the registry (`cargo run -p utfx -- list` lists them)")
        })?;
        if !picked.iter().any(|c| c.info().name == codec.info().name) {
            picked.push(codec);
        }
    }
    if picked.is_empty() {
        return Err("`--codecs` names no codec".to_owned());
    }
    Ok(picked)
}

/// Every file of `dir` (not its folders), in name order, as a text; an
/// error names a file that is not UTF-8.
fn texts_from(dir: &Path) -> Result<Vec<compute::Text>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("`--texts {}`: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).filter(|p| p.is_file()).collect();
    paths.sort();
    if paths.is_empty() {
        return Err(format!("`--texts {}`: no file in the folder", dir.display()));
    }
    paths
        .iter()
        .map(|path| {
            let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let text = String::from_utf8(bytes).map_err(|e| {
                format!(
                    "{}: not UTF-8 at byte {} (the texts are read as UTF-8; convert it first, e.g. `utfx convert`)",
                    path.display(),
                    e.utf8_error().valid_up_to()
                )
            })?;
            let name = path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            Ok(compute::Text::new(&name, &text))
        })
        .collect()
}

/// Runs the subcommand.
///
/// # Errors
///
/// An unknown argument, an unreadable corpus, a file that cannot be written,
/// or (with `--check`) generated files that are stale.
pub fn main(args: &[String]) -> Result<(), String> {
    let options = parse(args)?;
    if cfg!(debug_assertions) {
        return crate::rerun_optimized("matrix", args, "the matrix failed (see above)");
    }
    let root = crate::workspace_root();
    let start = Instant::now();
    let mut texts = match &options.texts {
        Some(dir) => texts_from(dir)?,
        None => compute::load_texts(&root)?,
    };
    texts.extend(texts::synthetic());
    // Every table compares every codec of the registry, or those asked
    // for; the error strategies the UTF family's among them.
    let every = match &options.codecs {
        Some(names) => pick_codecs(names)?,
        None => codecs(),
    };
    let utf: Vec<&str> = family().iter().map(|c| c.info().name).collect();
    let utf_family: Vec<_> = every.iter().copied().filter(|c| utf.contains(&c.info().name)).collect();
    let seed = options.seed.unwrap_or(SEED);
    let mut matrix = compute::compute_showing_progress(&every, texts);
    matrix.false_positives = Some(fp::compute(&every, &matrix.texts, seed, true));
    matrix.by_script = Some(scripts::measure(&every, scripts::TEXTS, true));
    matrix.order = Some(order::compute(&every, true));
    let damage_texts = damage::Texts::new(&matrix.texts, scripts::TEXTS);
    matrix.damage = Some(damage::compute(&every, &damage_texts, &matrix.properties, seed, damage::PER_CELL, true));
    matrix.strategies = Some(strategies::compute(&utf_family, &damage_texts, seed, damage::PER_CELL, true));
    if let Some(dir) = &options.texts {
        matrix.corpus = format!("the folder `{}` (`--texts`)", dir.display());
    }
    let files = render::files(&matrix);
    let (out, shown) = match &options.out {
        Some(dir) => (dir.clone(), dir.display().to_string()),
        None => (root.join(OUT_DIR), OUT_DIR.to_owned()),
    };
    if options.check {
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
    // Only the project's own folder is pruned of files the matrix no longer
    // writes: a folder given with `--out` may hold the researcher's own.
    write_files(&out, &files, options.out.is_none())?;
    println!(
        "\nwrote {} files to {shown}/ ({} codecs, {} classes, {} texts, seed {seed}) in {:.1} s",
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
/// generated when `prune` is true.
fn write_files(dir: &Path, files: &BTreeMap<String, String>, prune: bool) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for name in extra_files(dir, files).into_iter().filter(|_| prune) {
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

/// The codecs the matrix compares: every registered codec, the Encoding
/// Standard's legacy encodings included (decision 0039: the pairwise
/// tables' 2,916 pairs take a second or two since each B's trip of an
/// original text is computed once).
pub(crate) fn codecs() -> Vec<&'static dyn codec_core::DynCodec> {
    codec_registry::all().to_vec()
}

/// The codecs the error strategies compare: the UTF family, every
/// registered codec but the Encoding Standard's legacy encodings
/// (iso-2022-jp, replacement and the 2014 draft's hz-gb-2312 among them:
/// decision 0030). `strategies.rs` builds each mode's output from the
/// pieces as decisions 0003 and 0011 say, which a stateful codec's escaped
/// shifts and replacement's one error do not follow, and the 35 others
/// would add some 40 s to a run here (decision 0039).
pub(crate) fn family() -> Vec<&'static dyn codec_core::DynCodec> {
    use codec_encoding_standard::{Codec, HZ_GB_2312_2014, ISO_2022_JP, REPLACEMENT};
    let others = [ISO_2022_JP.info().name, REPLACEMENT.info().name, HZ_GB_2312_2014.info().name];
    codec_registry::all()
        .iter()
        .copied()
        .filter(|c| codec_encoding_standard::for_label(c.info().name).is_none() && !others.contains(&c.info().name))
        .collect()
}
