//! `cargo xtask tidy`: checks that reviewers should not have to make. Also a
//! test, so `cargo test --workspace` runs it.
//!
//! * every `.rs` file opens with a `//!` module doc;
//! * every library crate denies missing docs;
//! * a codec crate depends on `codec-core`, `utfx-kernels` and the codec
//!   crates its specification builds on ([`LINEAGE`]), never on
//!   `codec-registry`; `utfx-kernels` depends on no crate of the workspace;
//! * no crate under `crates/` but `utfx-kernels` has `unsafe` code, but for
//!   the cast beside its type that [`UNSAFE_CASTS`] lists (WTF-8's), and
//!   the core forbids it ([`FORBID_UNSAFE`]);
//! * a codec crate's doc examples use that crate's re-exports, never
//!   `codec_core` (they must compile with that crate as the only
//!   dependency), and every codec crate re-exports the same core vocabulary
//!   ([`VOCABULARY`]);
//! * no ignored or should-panic tests, no `todo!`/`unimplemented!`;
//! * no code, build script, doc example or README example names a path
//!   into the shared folder beside the repository (a user's clone has no
//!   such folder; a comment may name where a copied file came from);
//! * no trailing whitespace in source, manifests and docs;
//! * the core stays small: at most [`CORE_PUBLIC_LINES`] lines of
//!   `crates/codec-core/src` declare a public item (decision 0018's count).

use std::fs;
use std::path::{Path, PathBuf};

/// Runs the subcommand.
pub fn main(args: &[String]) -> Result<(), String> {
    if let Some(arg) = args.first() {
        return Err(format!("tidy takes no arguments, got `{arg}`"));
    }
    let problems = check(&crate::workspace_root());
    if problems.is_empty() {
        println!("tidy: ok");
        Ok(())
    } else {
        Err(format!("{} problem(s):\n{}", problems.len(), problems.join("\n")))
    }
}

/// Files under `dir` (recursively), skipping build output and VCS folders.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if name.starts_with("target") || name.starts_with('.') || name == "node_modules" || name == "fuzz" {
                continue;
            }
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// Returns every problem found under `root`, one line each.
fn check(root: &Path) -> Vec<String> {
    let mut all = Vec::new();
    for top in ["crates", "xtask", "tests", "docs", "bench", "fuzz"] {
        files(&root.join(top), &mut all);
    }
    all.push(root.join("README.md"));
    all.push(root.join("Cargo.toml"));
    let mut problems = Vec::new();
    // Spelled in pieces so that this file does not trip its own checks.
    let banned = [
        ["#[", "ignore"].concat(),
        ["#[", "should_panic"].concat(),
        ["todo", "!("].concat(),
        ["unimplemented", "!("].concat(),
    ];
    for path in &all {
        let rel = path.strip_prefix(root).unwrap_or(path).display().to_string();
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !matches!(ext, "rs" | "toml" | "md" | "sh" | "py" | "js" | "java") {
            continue;
        }
        let Ok(text) = fs::read_to_string(path) else { continue };
        problems.extend(check_shared_paths(&rel, ext, &text));
        if !matches!(ext, "rs" | "toml" | "md") {
            continue;
        }
        for (n, line) in text.lines().enumerate() {
            if line.ends_with(' ') || line.ends_with('\t') {
                problems.push(format!("{rel}:{}: trailing whitespace", n + 1));
            }
        }
        if ext != "rs" {
            continue;
        }
        if !text.trim_start().starts_with("//!") {
            problems.push(format!("{rel}: does not open with a `//!` module doc"));
        }
        for (n, line) in text.lines().enumerate() {
            for b in &banned {
                if line.contains(b.as_str()) {
                    problems.push(format!("{rel}:{}: contains `{b}`", n + 1));
                }
            }
        }
        if rel.starts_with("crates/") && rel.ends_with("/src/lib.rs") && !text.contains("#![deny(missing_docs)]") {
            problems.push(format!("{rel}: library crate without #![deny(missing_docs)]"));
        }
        let krate = rel.strip_prefix("crates/").and_then(|r| r.split('/').next()).unwrap_or("");
        problems.extend(check_unsafe(&rel, krate, &text));
        problems.extend(check_surrogate_arithmetic(&rel, &text));
        if is_codec_crate(krate) && rel.contains("/src/") {
            problems.extend(check_codec_docs(&rel, &text));
            if rel.ends_with("/src/lib.rs") && !text.contains(VOCABULARY) {
                problems.push(format!("{rel}: does not re-export the core vocabulary as `VOCABULARY` in tidy.rs says"));
            }
            problems.extend(documented_reexports(&rel, &text));
        }
    }
    problems.extend(check_codec_dependencies(root));
    problems.extend(check_readmes(root));
    problems.extend(check_kernels_leaf(root));
    problems.extend(check_core_size(root));
    problems
}

/// The most lines of the core's sources that may declare a public item
/// (decision 0018: 120, the count it brought the core down to; decision 0044: 122;
/// decision 0045, the line and column of an offset: 127).
const CORE_PUBLIC_LINES: usize = 127;

/// The lines of `text` (one source file) outside its `#[cfg(test)]`
/// module that declare a public item: a `pub` fn, struct, enum, trait,
/// type, const, static, mod or use (`pub(crate)` is not public).
fn public_item_lines(text: &str) -> usize {
    let mut count = 0;
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed == "#[cfg(test)]" && lines.peek().is_some_and(|next| next.trim_start().starts_with("mod ")) {
            break;
        }
        let Some(rest) = trimmed.strip_prefix("pub ") else { continue };
        let rest = rest.strip_prefix("unsafe ").unwrap_or(rest);
        let words = ["fn", "struct", "enum", "trait", "type", "const", "static", "mod", "use"];
        if words.iter().any(|w| rest.strip_prefix(w).is_some_and(|after| after.starts_with([' ', '<', '(']))) {
            count += 1;
        }
    }
    count
}

/// The core's count of public item lines, over [`CORE_PUBLIC_LINES`].
fn check_core_size(root: &Path) -> Vec<String> {
    let mut sources = Vec::new();
    files(&root.join("crates/codec-core/src"), &mut sources);
    let count: usize = sources
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .filter_map(|p| fs::read_to_string(p).ok())
        .map(|text| public_item_lines(&text))
        .sum();
    if count > CORE_PUBLIC_LINES {
        return vec![format!(
            "crates/codec-core/src: {count} lines declare a public item, more than {CORE_PUBLIC_LINES} (decisions 0018, 0044, 0045)"
        )];
    }
    Vec::new()
}

/// The crate that holds the project's kernels and all its `unsafe`
/// (decision 0016).
const KERNELS: &str = "utfx-kernels";

/// The files outside [`KERNELS`] that may hold `unsafe` code, each one
/// `#[allow(unsafe_code)]` around a `repr(transparent)` cast beside its
/// type, and why.
const UNSAFE_CASTS: &[(&str, &str)] = &[("crates/codec-wtf8/src/string.rs", "`&[u8]` as `&Wtf8`")];

/// The crates that forbid `unsafe` outright (`#![forbid(unsafe_code)]`):
/// the core, whose casts of code points go through bytemuck.
const FORBID_UNSAFE: &[&str] = &["crates/codec-core/src/lib.rs"];

/// The lines of a library source file (`crates/*/src/`) outside [`KERNELS`]
/// that hold `unsafe` code (not comments, not the lint's name in a `deny`;
/// test files may count allocations with an `unsafe impl GlobalAlloc`), unless
/// [`UNSAFE_CASTS`] lists the file; there, more than one
/// `#[allow(unsafe_code)]`. A library crate's `lib.rs` must deny or forbid
/// `unsafe_code`, so that the compiler finds any `unsafe` outside an allow.
fn check_unsafe(rel: &str, krate: &str, text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if krate.is_empty() || krate == KERNELS || !rel.contains("/src/") {
        return problems;
    }
    // Spelled in pieces so that this file does not trip its own check.
    let allow = ["allow(", "unsafe_code)"].concat();
    let words = [["unsafe", " {"].concat(), ["unsafe", " fn"].concat(), ["unsafe", " impl"].concat(), allow.clone()];
    let code = |line: &str| !line.trim_start().starts_with("//");
    let listed = UNSAFE_CASTS.iter().any(|(file, _)| *file == rel);
    let lines = text.lines().enumerate().filter(|(_, line)| code(line));
    if listed {
        let allows = text.lines().filter(|line| code(line) && line.contains(allow.as_str())).count();
        if allows > 1 {
            problems.push(format!("{rel}: {allows} `{allow}`; the cast beside its type takes one"));
        }
    } else {
        for (n, line) in lines {
            if let Some(word) = words.iter().find(|w| line.contains(w.as_str())) {
                problems.push(format!(
                    "{rel}:{}: `{word}` outside {KERNELS}: kernels and their `unsafe` belong there",
                    n + 1
                ));
            }
        }
    }
    let denies = ["#![deny(", "unsafe_code)]"].concat();
    let forbids = ["#![forbid(", "unsafe_code)]"].concat();
    if FORBID_UNSAFE.contains(&rel) && !text.contains(forbids.as_str()) {
        problems.push(format!("{rel}: without #![forbid(unsafe_code)]: this crate has no `unsafe`, and tidy says so"));
    }
    if rel.ends_with("/src/lib.rs") && !text.contains(denies.as_str()) && !text.contains(forbids.as_str()) {
        problems.push(format!(
            "{rel}: a library crate outside {KERNELS} without #![deny(unsafe_code)] or #![forbid(unsafe_code)]"
        ));
    }
    problems
}

/// The crates of the workspace that [`KERNELS`]' manifest depends on outside
/// its dev-dependencies: none, it is a leaf.
fn check_kernels_leaf(root: &Path) -> Vec<String> {
    let rel = format!("crates/{KERNELS}/Cargo.toml");
    let Ok(text) = fs::read_to_string(root.join(&rel)) else { return Vec::new() };
    workspace_dependencies(&text)
        .into_iter()
        .filter(|(_, dev)| !dev)
        .map(|(dep, _)| format!("{rel}: depends on `{dep}`: the kernels crate depends on no crate of the workspace"))
        .collect()
}

/// The paths into the shared folder beside the repository (its
/// specifications, conformance vectors and corpus), which a user's clone
/// does not have. Spelled in pieces so that this file does not trip its own
/// check.
fn shared_paths() -> [String; 4] {
    let pieces = [("../", "shared"), ("shared/", "conformance"), ("shared/", "corpus"), ("shared/", "specs")];
    pieces.map(|(a, b)| [a, b].concat())
}

/// The lines that name a path into the shared folder ([`shared_paths`]) in
/// what runs at build, test or run time: the code of the `.rs`, `.toml`,
/// `.sh`, `.py`, `.js` and `.java` files under `crates/`, `xtask/`,
/// `tests/`, `bench/` and `fuzz/`, the Rust examples of their doc comments
/// (doctests), and the Rust blocks of the READMEs (`tests/src/lib.rs` runs
/// them as doctests). A comment line (`//`, `#`, or the prose of a doc
/// comment) may name one as where a copied file came from; data is copied
/// into the crate that uses it and loaded with `include_str!`/`include_bytes!`.
fn check_shared_paths(rel: &str, ext: &str, text: &str) -> Vec<String> {
    let under = ["crates/", "xtask/", "tests/", "bench/", "fuzz/"].iter().any(|top| rel.starts_with(top));
    let readme = ext == "md" && (rel == "README.md" || rel.ends_with("/README.md"));
    if !(under || readme) {
        return Vec::new();
    }
    let shared = shared_paths();
    let mut problems = Vec::new();
    // Inside a fenced block of Markdown or of a doc comment: whether it is Rust.
    let mut fence: Option<bool> = None;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let doc = trimmed.strip_prefix("///").or_else(|| trimmed.strip_prefix("//!")).filter(|_| ext == "rs");
        let runs = if ext == "md" || doc.is_some() {
            if let Some(info) = doc.unwrap_or(trimmed).trim_start().strip_prefix("```") {
                fence = match fence {
                    Some(_) => None,
                    None => Some(is_rust_fence(info.trim_start_matches('`').trim())),
                };
                continue;
            }
            fence == Some(true)
        } else {
            fence = None;
            match ext {
                "rs" | "js" | "java" => !trimmed.starts_with("//"),
                _ => !trimmed.starts_with('#'),
            }
        };
        if let Some(path) = shared.iter().find(|p| runs && line.contains(p.as_str())) {
            problems.push(format!(
                "{rel}:{}: names `{path}`: copy the file into the crate that uses it (a user's clone has no shared folder)",
                n + 1
            ));
        }
    }
    problems
}

/// The core's vocabulary as every codec crate's `lib.rs` re-exports it, word
/// for word, so that one dependency is enough whichever codec a program
/// uses (a crate adds what its own API needs after it).
const VOCABULARY: &str = "#[cfg(feature = \"std\")]
pub use codec_core::TranscodeReader;
pub use codec_core::{
    CodePoint, Codec, Decode, DecodeError, DecodeMode, Decoder, Encode, EncodeError, EncodeMode, EncodeStep, Encoder,
    ErrorKind, Status, Step, Transcoder,
};
";

/// The re-exports of the core with a doc comment of their own: rustdoc
/// puts such a comment before the summary of every item re-exported, so
/// that a crate's item list shows the same sentence for each of them.
fn documented_reexports(rel: &str, text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut problems = Vec::new();
    for (n, _) in lines.iter().enumerate().filter(|(_, l)| l.starts_with("pub use codec_core")) {
        // The attributes between the comment and the `pub use`.
        let above = lines[..n].iter().rev().find(|l| !l.trim_start().starts_with("#["));
        if above.is_some_and(|l| l.trim_start().starts_with("///")) {
            problems.push(format!(
                "{rel}:{}: a doc comment on a re-export of the core hides each item's own summary; use `//`",
                n + 1
            ));
        }
    }
    problems
}

/// The lines of a codec crate's doc examples that name `codec_core`: an
/// example must compile in a project that depends on that crate alone, as
/// the README promises, so it uses the crate's re-exports (hidden `# `
/// lines included).
fn check_codec_docs(rel: &str, text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    // Inside a fenced block: whether it is Rust.
    let mut fence: Option<bool> = None;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let Some(doc) = trimmed.strip_prefix("///").or_else(|| trimmed.strip_prefix("//!")) else {
            fence = None;
            continue;
        };
        let doc = doc.trim_start();
        if doc.starts_with("```") {
            fence = match fence {
                Some(_) => None,
                None => Some(is_rust_fence(doc.trim_start_matches('`').trim())),
            };
            continue;
        }
        if fence == Some(true) && doc.contains("codec_core") {
            problems.push(format!("{rel}:{}: a doc example names `codec_core`; use this crate's re-exports", n + 1));
        }
    }
    problems
}

/// Every published crate (each under `crates/` whose manifest does not say
/// `publish = false`) has a `README.md`, which crates.io shows; the Rust
/// examples in it use no other crate of the workspace than itself (a user
/// who adds the one dependency can copy them), and `tests/src/lib.rs` runs
/// them as doctests.
fn check_readmes(root: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let doctests = fs::read_to_string(root.join("tests/src/lib.rs")).unwrap_or_default();
    let Ok(entries) = fs::read_dir(root.join("crates")) else { return problems };
    let mut names: Vec<String> = entries.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    for name in names {
        let dir = root.join("crates").join(&name);
        let manifest = fs::read_to_string(dir.join("Cargo.toml")).unwrap_or_default();
        if manifest.lines().any(|l| l.trim() == "publish = false") {
            continue;
        }
        let Ok(readme) = fs::read_to_string(dir.join("README.md")) else {
            problems.push(format!("crates/{name}: a published crate without a README.md"));
            continue;
        };
        if !doctests.contains(&format!("crates/{name}/README.md")) {
            problems.push(format!("crates/{name}/README.md: its examples are not doctests in tests/src/lib.rs"));
        }
        let own = name.replace('-', "_");
        for (n, word) in rust_blocks(&readme) {
            if word != own {
                problems.push(format!("crates/{name}/README.md:{n}: the example uses `{word}`, not only `{own}`"));
            }
        }
    }
    problems
}

/// Whether a code fence's info string is Rust, as rustdoc reads it: empty,
/// or `rust`, `no_run`, `compile_fail`, `should_panic` and the like.
fn is_rust_fence(info: &str) -> bool {
    info.is_empty() || ["rust", "no_run", "compile_fail", "edition", "ignore"].iter().any(|p| info.starts_with(p))
}

/// The crate names of the workspace (`codec_*`, `utfx*`) used in the Rust
/// code blocks of a Markdown text (fenced with `rust`, or with no language,
/// which rustdoc compiles as Rust), with their line numbers.
fn rust_blocks(markdown: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut in_rust = None;
    for (n, line) in markdown.lines().enumerate() {
        if let Some(fence) = line.trim_start().strip_prefix("```") {
            in_rust = match in_rust {
                Some(_) => None,
                None => Some(fence.trim().is_empty() || fence.trim().starts_with("rust")),
            };
            continue;
        }
        if in_rust != Some(true) {
            continue;
        }
        let words = line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
        for word in words.filter(|w| w.starts_with("codec_") || w.starts_with("utfx")) {
            found.push((n + 1, word.to_owned()));
        }
    }
    found
}

/// Crates under `crates/` that implement a codec: every `codec-*` but the
/// shared ones.
fn is_codec_crate(name: &str) -> bool {
    name.starts_with("codec-") && !matches!(name, "codec-core" | "codec-test" | "codec-registry")
}

/// The codec crates each codec crate may depend on (the core and the
/// kernels always, and `codec-test` for tests): the specifications' own
/// lineage. WTF-8 is
/// generalized UTF-8 plus a rule, with conversions over potentially
/// ill-formed UTF-16; CESU-8, Modified UTF-8 and UTF-∞-8 are UTF-8's bit
/// distribution with other rules; Corrected UTF-8, UTF-32 (its encoding
/// form is defined beside UTF-16's, not from it), the two UTFs and
/// UTF-8's precursors (UTF-1, the 1992 FSS-UTF proposal) and the Encoding
/// Standard's legacy encodings (through encoding_rs) build on no other codec.
/// A codec crate missing from this table is a problem: its lineage must be
/// declared here.
const LINEAGE: &[(&str, &[&str])] = &[
    ("codec-utf8", &[]),
    ("codec-utf16", &[]),
    ("codec-utf32", &[]),
    ("codec-wtf8", &["codec-utf8", "codec-utf16"]),
    ("codec-cesu8", &["codec-utf8", "codec-wtf8"]),
    ("codec-utf-inf-8", &["codec-utf8"]),
    ("codec-corrected-utf8", &[]),
    ("codec-utf8-history", &[]),
    ("codec-encoding-standard", &[]),
    ("codec-latin1", &[]),
];

/// Whether a package name is one of the workspace's own: `codec-*` and
/// `utfx-*` (the crates under `crates/`, the CLI `utfx-cli` among them, and
/// `tests/`'s `utfx-tests` and `bench/`'s `utfx-bench`).
fn is_workspace_crate(name: &str) -> bool {
    name.starts_with("codec-") || name.starts_with("utfx-")
}

/// The workspace crates a manifest depends on, in any dependency table
/// (`[dependencies]`, `[dev-dependencies]`, `[build-dependencies]`,
/// `[target.….dependencies]`, or a `[dependencies.codec-x]` table), each
/// with whether the table is a dev-dependencies one.
fn workspace_dependencies(manifest: &str) -> Vec<(String, bool)> {
    let mut found = Vec::new();
    let (mut in_deps, mut dev) = (false, false);
    for line in manifest.lines().map(str::trim) {
        if let Some(header) = line.strip_prefix('[') {
            let header = header.trim_end_matches(']').trim();
            let (table, key) = match header.rsplit_once("dependencies") {
                Some((before, rest)) => {
                    dev = before.ends_with("dev-");
                    (true, rest.trim_start_matches('.').trim_matches('"'))
                }
                None => (false, ""),
            };
            in_deps = table && key.is_empty();
            if table && is_workspace_crate(key) {
                found.push((key.to_owned(), dev));
            }
            continue;
        }
        let key = line.split(['=', '.']).next().unwrap_or("").trim().trim_matches('"');
        if in_deps && is_workspace_crate(key) {
            found.push((key.to_owned(), dev));
        }
    }
    found
}

/// A codec crate may depend on `codec-core`, `utfx-kernels`, `codec-test`
/// (for tests) and the codec crates [`LINEAGE`] lists for it; never on
/// `codec-registry`, the CLI or any other codec.
fn check_codec_dependencies(root: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let Ok(entries) = fs::read_dir(root.join("crates")) else { return problems };
    let mut names: Vec<String> = entries.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    for name in names.iter().filter(|n| is_codec_crate(n)) {
        let manifest = root.join("crates").join(name).join("Cargo.toml");
        let Ok(text) = fs::read_to_string(&manifest) else { continue };
        let Some(&(_, allowed)) = LINEAGE.iter().find(|(crate_name, _)| crate_name == name) else {
            problems.push(format!("crates/{name}: a codec crate missing from the lineage table in xtask/src/tidy.rs"));
            continue;
        };
        for (dep, _) in workspace_dependencies(&text) {
            if matches!(dep.as_str(), "codec-core" | "codec-test" | KERNELS) || allowed.contains(&dep.as_str()) {
                continue;
            }
            let why = if dep == "codec-registry" {
                "a codec crate never depends on the registry".to_owned()
            } else if dep == "utfx-cli" {
                "a codec crate never depends on the CLI".to_owned()
            } else {
                format!("its specification does not build on it (allowed: {})", allowed_list(allowed))
            };
            problems.push(format!("crates/{name}/Cargo.toml: depends on `{dep}`: {why}"));
        }
    }
    problems
}

/// The allowed codec dependencies of one crate, for a message.
fn allowed_list(allowed: &[&str]) -> String {
    ["codec-core", KERNELS].iter().chain(allowed).copied().collect::<Vec<_>>().join(", ")
}

/// The one file that may write UTF-16's surrogate arithmetic (D91: the
/// lead `0xD800` and trail `0xDC00` with the ten-bit shifts and masks).
const SURROGATE_ARITHMETIC: &str = "crates/utfx-kernels/src/surrogates.rs";

/// Lines of code (not comments, not tests: tests keep their own reference
/// arithmetic) outside [`SURROGATE_ARITHMETIC`] that join or split a
/// surrogate pair by hand: a surrogate base and a ten-bit shift or mask on
/// one line. They call `utfx_kernels::{join_surrogates, split_surrogates}`
/// (or `CodePoint`'s forms of them) instead.
fn check_surrogate_arithmetic(rel: &str, text: &str) -> Vec<String> {
    let shipped = ["crates/", "xtask/src/", "bench/src/"].iter().any(|top| rel.starts_with(top))
        && rel.contains("src/")
        && !rel.ends_with("tests.rs")
        && !rel.ends_with("test_support.rs");
    if !shipped || rel == SURROGATE_ARITHMETIC {
        return Vec::new();
    }
    // Spelled in pieces so that this file does not trip its own check.
    let bases = [["0x", "D800"].concat(), ["0x", "DC00"].concat()];
    let tens = [["<< ", "10"].concat(), [">> ", "10"].concat(), ["& 0x", "3FF"].concat()];
    let mut problems = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((n, line)) = lines.next() {
        let code = line.trim_start();
        // The test module, to the end of the file.
        if code == "#[cfg(test)]"
            && lines.peek().is_some_and(|(_, next)| next.trim_start().starts_with("mod ") && next.ends_with('{'))
        {
            break;
        }
        if code.starts_with("//") {
            continue;
        }
        if bases.iter().any(|b| code.contains(b.as_str())) && tens.iter().any(|t| code.contains(t.as_str())) {
            problems.push(format!(
                "{rel}:{}: surrogate pair arithmetic by hand; call utfx_kernels::join_surrogates or split_surrogates ({SURROGATE_ARITHMETIC})",
                n + 1
            ));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    //! The tidy checks as a test, and tests of the checks themselves.

    use super::*;

    #[test]
    fn surrogate_arithmetic_is_refused_outside_its_file_and_tests() {
        let join = ["let v = 0x1_0000 + ((u - 0x", "D800) << 10) + (t - 0xDC00);\n"].concat();
        let split = ["let lead = 0x", "D800 | (w >> 10) as u16;\n"].concat();
        assert_eq!(check_surrogate_arithmetic("crates/codec-x/src/lib.rs", &join).len(), 1);
        assert_eq!(check_surrogate_arithmetic("xtask/src/matrix/order.rs", &split).len(), 1);
        // Its own file, comments, tests and a test module are not shipped arithmetic.
        assert!(check_surrogate_arithmetic(SURROGATE_ARITHMETIC, &join).is_empty());
        assert!(check_surrogate_arithmetic("crates/codec-x/src/lib.rs", &format!("// {join}")).is_empty());
        assert!(check_surrogate_arithmetic("crates/codec-x/tests/sweeps.rs", &join).is_empty());
        assert!(check_surrogate_arithmetic("crates/codec-x/src/tests.rs", &join).is_empty());
        let module = format!("fn f() {{}}\n#[cfg(test)]\nmod tests {{\n{join}}}\n");
        assert!(check_surrogate_arithmetic("crates/codec-x/src/lib.rs", &module).is_empty());
        // A test-only module declared above the code does not end the scan.
        let declared = format!("#[cfg(test)]\nmod test_support;\n{join}");
        assert_eq!(check_surrogate_arithmetic("crates/codec-x/src/lib.rs", &declared).len(), 1);
    }

    #[test]
    fn the_cores_public_item_lines_are_counted() {
        let text = "//! Docs.\npub fn f() {}\npub(crate) fn g() {}\n    pub const fn h() {}\npub use a::{B, C};\n\
                    pub struct S(pub u32);\nfn private() {}\n#[cfg(test)]\nmod tests {\n    pub fn t() {}\n}\n";
        assert_eq!(public_item_lines(text), 4);
        let count: usize = {
            let mut sources = Vec::new();
            files(&crate::workspace_root().join("crates/codec-core/src"), &mut sources);
            sources.iter().filter_map(|p| fs::read_to_string(p).ok()).map(|t| public_item_lines(&t)).sum()
        };
        assert!(count <= CORE_PUBLIC_LINES, "{count}");
    }

    #[test]
    fn a_readme_example_that_needs_another_crate_is_found() {
        let readme = "# x\n\n```rust\nuse codec_utf8::UTF_8;\nuse codec_core::Decode;\n```\n\n```sh\ncodec_core\n```\n";
        assert_eq!(rust_blocks(readme), [(4, "codec_utf8".to_owned()), (5, "codec_core".to_owned())]);
    }

    #[test]
    fn the_tree_is_tidy() {
        let problems = check(&crate::workspace_root());
        assert!(problems.is_empty(), "tidy found:\n{}", problems.join("\n"));
    }

    /// Issue 16: each codec crate's front page opens with the everyday tasks
    /// in code, and links to no other crate's item by path: rustdoc renders
    /// such a link as literal brackets when that crate's docs are not built
    /// yet (`cargo doc -p` one crate, or a parallel `cargo doc --workspace`).
    #[test]
    fn the_front_pages_open_with_the_everyday_tasks_and_link_only_within() {
        let root = crate::workspace_root();
        let crates = [
            "codec-utf8",
            "codec-utf16",
            "codec-utf32",
            "codec-wtf8",
            "codec-cesu8",
            "codec-corrected-utf8",
            "codec-utf8-history",
            "codec-registry",
        ];
        for name in crates {
            let lib = fs::read_to_string(root.join("crates").join(name).join("src/lib.rs")).unwrap();
            let docs: Vec<&str> = lib.lines().take_while(|l| l.starts_with("//!")).collect();
            let first_heading = docs.iter().position(|l| l.starts_with("//! # ")).unwrap();
            assert_eq!(docs[first_heading], "//! # The everyday tasks", "{name}");
            let next_heading = docs[first_heading + 1..].iter().position(|l| l.starts_with("//! # "));
            let section = &docs[first_heading..next_heading.map_or(docs.len(), |n| first_heading + 1 + n)];
            for call in ["validate(", "unwrap_err()"] {
                assert!(section.iter().any(|l| l.contains(call)), "{name}: the everyday tasks do not show `{call}`");
            }
            for line in &docs {
                assert!(!line.contains("[`codec_"), "{name}: a link to another crate's item by path: {line}");
            }
        }
    }

    /// Writes manifests under a fresh temporary `crates/` and returns what
    /// the dependency check reports.
    fn check_manifests(tag: &str, manifests: &[(&str, &str)]) -> Vec<String> {
        let dir = std::env::temp_dir().join(format!("xtask-tidy-{tag}-{}", std::process::id()));
        for (name, text) in manifests {
            fs::create_dir_all(dir.join("crates").join(name)).unwrap();
            fs::write(dir.join("crates").join(name).join("Cargo.toml"), text).unwrap();
        }
        let problems = check_codec_dependencies(&dir);
        fs::remove_dir_all(&dir).unwrap();
        problems
    }

    #[test]
    fn lineage_dependencies_are_allowed() {
        let wtf8 = "[features]\nsimd = [\"codec-utf8/simd\"]\n[dependencies]\ncodec-core.workspace = true\n\
                    codec-utf8.workspace = true\n[dependencies.codec-utf16]\npath = \"../codec-utf16\"\n\
                    [dev-dependencies]\ncodec-test.workspace = true\n";
        let cesu8 = "[dependencies]\ncodec-core = { workspace = true }\ncodec-utf8 = { path = \"../codec-utf8\" }\n\
                     utfx-kernels.workspace = true\n";
        let utf16 = "[dependencies.utfx-kernels]\npath = \"../utfx-kernels\"\n";
        let manifests = [("codec-wtf8", wtf8), ("codec-cesu8", cesu8), ("codec-utf16", utf16)];
        assert_eq!(check_manifests("ok", &manifests), Vec::<String>::new());
    }

    #[test]
    fn dependencies_outside_the_lineage_are_found() {
        let utf8 = "[dependencies]\ncodec-core.workspace = true\n[dev-dependencies]\ncodec-utf16 = { path = \"../codec-utf16\" }\n";
        let corrected = "[target.'cfg(unix)'.dependencies]\ncodec-registry = { path = \"../codec-registry\" }\n";
        let wtf8 = "[dependencies.codec-cesu8]\npath = \"../codec-cesu8\"\n";
        let utf16 = "[dependencies]\nutfx-kernels.workspace = true\nutfx-cli = { path = \"../utfx-cli\" }\n";
        let problems = check_manifests(
            "bad",
            &[
                ("codec-utf8", utf8),
                ("codec-corrected-utf8", corrected),
                ("codec-wtf8", wtf8),
                ("codec-utf16", utf16),
                ("codec-aaa", ""),
            ],
        );
        assert_eq!(
            problems,
            [
                "crates/codec-aaa: a codec crate missing from the lineage table in xtask/src/tidy.rs",
                "crates/codec-corrected-utf8/Cargo.toml: depends on `codec-registry`: a codec crate never depends on the registry",
                "crates/codec-utf16/Cargo.toml: depends on `utfx-cli`: a codec crate never depends on the CLI",
                "crates/codec-utf8/Cargo.toml: depends on `codec-utf16`: its specification does not build on it (allowed: codec-core, utfx-kernels)",
                "crates/codec-wtf8/Cargo.toml: depends on `codec-cesu8`: its specification does not build on it (allowed: codec-core, utfx-kernels, codec-utf8, codec-utf16)",
            ]
        );
    }

    /// Issue 26: the kernels crate is a leaf; its dev-dependencies (test
    /// support) do not count.
    #[test]
    fn the_kernels_crate_depending_on_the_workspace_is_found() {
        let dir = std::env::temp_dir().join(format!("xtask-tidy-leaf-{}", std::process::id()));
        fs::create_dir_all(dir.join("crates/utfx-kernels")).unwrap();
        let manifest = "[dependencies]\ncodec-core.workspace = true\n[dev-dependencies]\ncodec-test.workspace = true\n\
                        [target.'cfg(unix)'.dev-dependencies.codec-utf8]\npath = \"../codec-utf8\"\n";
        fs::write(dir.join("crates/utfx-kernels/Cargo.toml"), manifest).unwrap();
        let problems = check_kernels_leaf(&dir);
        fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            problems,
            [
                "crates/utfx-kernels/Cargo.toml: depends on `codec-core`: the kernels crate depends on no crate of the workspace"
            ]
        );
    }

    /// Issue 45: a path into the shared folder is found in code, doc
    /// examples, scripts, manifests and README examples, not in comments
    /// and prose that say where a copied file came from.
    #[test]
    fn paths_into_the_shared_folder_are_found_in_what_runs() {
        let [up, conformance, corpus, specs] = shared_paths();
        let read = format!("//! Docs.\nlet v = include_str!(\"../../../{conformance}/v.json\");\n");
        assert_eq!(
            check_shared_paths("crates/codec-x/tests/v.rs", "rs", &read),
            [format!(
                "crates/codec-x/tests/v.rs:2: names `{up}`: copy the file into the crate that uses it (a user's clone has no shared folder)"
            )]
        );
        let provenance = format!(
            "//! Converted from `{up}/{conformance}/v.json`.\n/// From `{corpus}/a.txt`.\n\
             // Copied from {specs}/x.txt.\n/// ```text\n/// {corpus}/a.txt\n/// ```\n/// Prose: {corpus}.\nfn f() {{}}\n"
        );
        assert_eq!(check_shared_paths("crates/codec-x/src/lib.rs", "rs", &provenance), Vec::<String>::new());
        let example = format!("/// ```\n/// let t = std::fs::read(\"{up}/x\");\n/// ```\nfn f() {{}}\n");
        assert_eq!(check_shared_paths("xtask/src/a.rs", "rs", &example).len(), 1);
        let script = format!("# Reads {corpus}/a.txt no more.\ncp {up}/{corpus}/a.txt data/\n");
        assert_eq!(check_shared_paths("xtask/oracles/record.sh", "sh", &script).len(), 1);
        let manifest = format!("[package]\n# From {up}.\ninclude = [\"{up}/x\"]\n");
        assert_eq!(check_shared_paths("bench/Cargo.toml", "toml", &manifest).len(), 1);
        let readme = format!("From `{conformance}`.\n\n```text\n{up}\n```\n\n```rust\nlet p = \"{specs}/x\";\n```\n");
        assert_eq!(check_shared_paths("crates/codec-x/README.md", "md", &readme).len(), 1);
        // The docs' prose and notes on the specs cite it freely.
        assert_eq!(check_shared_paths("docs/specs/x.md", "md", &readme), Vec::<String>::new());
    }

    /// Issue 26: `unsafe` outside the kernels crate is found, but for the
    /// listed casts (one allow each); a library crate must deny it.
    #[test]
    fn unsafe_outside_the_kernels_is_found() {
        // Spelled in pieces so that this file does not trip its own check.
        let block = ["    let x = ", "unsafe { f() };\n"].concat();
        let allow = ["#[allow(", "unsafe_code)]\n"].concat();
        let deny = ["#![deny(", "unsafe_code)]\n"].concat();
        let comment = ["// An ", "unsafe { comment }.\n"].concat();
        let lib = format!("//! Docs.\n{deny}{comment}fn f() {{\n{block}}}\n");
        assert_eq!(
            check_unsafe("crates/codec-x/src/lib.rs", "codec-x", &lib),
            ["crates/codec-x/src/lib.rs:5: `unsafe {` outside utfx-kernels: kernels and their `unsafe` belong there"]
        );
        let module = format!("//! Docs.\n{allow}fn f() {{}}\n");
        assert_eq!(
            check_unsafe("crates/codec-x/src/lib.rs", "codec-x", &module),
            [
                "crates/codec-x/src/lib.rs:2: `allow(unsafe_code)` outside utfx-kernels: kernels and their `unsafe` belong there",
                "crates/codec-x/src/lib.rs: a library crate outside utfx-kernels without #![deny(unsafe_code)] or #![forbid(unsafe_code)]",
            ]
        );
        let cast = format!("//! Docs.\n{allow}{block}");
        assert_eq!(check_unsafe("crates/codec-wtf8/src/string.rs", "codec-wtf8", &cast), Vec::<String>::new());
        let two = format!("{cast}{allow}");
        assert_eq!(
            check_unsafe("crates/codec-wtf8/src/string.rs", "codec-wtf8", &two),
            ["crates/codec-wtf8/src/string.rs: 2 `allow(unsafe_code)`; the cast beside its type takes one"]
        );
        // The core forbids `unsafe`: a `deny` is not enough there.
        assert_eq!(
            check_unsafe("crates/codec-core/src/lib.rs", "codec-core", &format!("//! Docs.\n{deny}")),
            [
                "crates/codec-core/src/lib.rs: without #![forbid(unsafe_code)]: this crate has no `unsafe`, and tidy says so"
            ]
        );
        assert_eq!(check_unsafe("crates/utfx-kernels/src/simd/avx2.rs", "utfx-kernels", &block), Vec::<String>::new());
    }

    #[test]
    fn documented_reexports_of_the_core_are_found() {
        let text = "//! Docs.\n\n/// The vocabulary.\n#[cfg(feature = \"std\")]\npub use codec_core::A;\n\
                    // A plain comment.\npub use codec_core::B;\n/// Own.\npub use own::C;\n";
        assert_eq!(
            documented_reexports("crates/codec-x/src/lib.rs", text),
            [
                "crates/codec-x/src/lib.rs:5: a doc comment on a re-export of the core hides each item's own summary; use `//`"
            ]
        );
    }

    #[test]
    fn doc_examples_that_name_the_core_are_found() {
        let text = "//! Docs.\n//!\n//! ```\n//! use codec_x::Decode;\n//! ```\n\
                    /// A [`codec_core::Decode`] link is prose.\n///\n/// ```\n/// # use codec_core::Step;\n\
                    /// let x = codec_core::CodePoint::new(1);\n/// ```\n/// ```text\n/// codec_core::x\n/// ```\n\
                    /// Prose after a text block names codec_core::x.\npub fn f() {}\n";
        assert_eq!(
            check_codec_docs("crates/codec-x/src/lib.rs", text),
            [
                "crates/codec-x/src/lib.rs:9: a doc example names `codec_core`; use this crate's re-exports",
                "crates/codec-x/src/lib.rs:10: a doc example names `codec_core`; use this crate's re-exports",
            ]
        );
    }

    #[test]
    fn missing_module_docs_are_found() {
        let dir = std::env::temp_dir().join(format!("xtask-tidy-doc-{}", std::process::id()));
        fs::create_dir_all(dir.join("crates/x/src")).unwrap();
        fs::write(dir.join("crates/x/src/lib.rs"), "pub fn f() {}\n").unwrap();
        let problems = check(&dir);
        fs::remove_dir_all(&dir).unwrap();
        assert!(problems.iter().any(|p| p.contains("does not open with")), "{problems:?}");
        assert!(problems.iter().any(|p| p.contains("missing_docs")), "{problems:?}");
    }
}
