//! `cargo xtask tidy`: checks that reviewers should not have to make. Also a
//! test, so `cargo test --workspace` runs it.
//!
//! * every `.rs` file opens with a `//!` module doc;
//! * every library crate denies missing docs;
//! * a codec crate depends on `codec-core` and on no sibling codec;
//! * no ignored or should-panic tests, no `todo!`/`unimplemented!`;
//! * nothing reads the shared folder beside the repository (a user's clone has
//!   no such folder);
//! * no trailing whitespace in source, manifests and docs.

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
    for top in ["crates", "xtask", "tests", "docs", "bench"] {
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
        ["../", "shared"].concat(),
    ];
    for path in &all {
        let rel = path.strip_prefix(root).unwrap_or(path).display().to_string();
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !matches!(ext, "rs" | "toml" | "md") {
            continue;
        }
        let Ok(text) = fs::read_to_string(path) else { continue };
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
    }
    problems.extend(check_codec_dependencies(root));
    problems
}

/// Crates under `crates/` that implement a codec: every `codec-*` but the
/// shared ones.
fn is_codec_crate(name: &str) -> bool {
    name.starts_with("codec-") && !matches!(name, "codec-core" | "codec-test" | "codec-registry")
}

/// A codec crate may depend on `codec-core` (and, for tests, `codec-test`),
/// never on a sibling codec.
fn check_codec_dependencies(root: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let Ok(entries) = fs::read_dir(root.join("crates")) else { return problems };
    let mut names: Vec<String> = entries.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    for name in names.iter().filter(|n| is_codec_crate(n)) {
        let manifest = root.join("crates").join(name).join("Cargo.toml");
        let Ok(text) = fs::read_to_string(&manifest) else { continue };
        for line in text.lines() {
            let key = line.split(['=', '.']).next().unwrap_or("").trim();
            if key != name && names.iter().any(|other| other == key && is_codec_crate(other)) {
                problems.push(format!("crates/{name}/Cargo.toml: depends on sibling codec `{key}`"));
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    //! The tidy checks as a test, and tests of the checks themselves.

    use super::*;

    #[test]
    fn the_tree_is_tidy() {
        let problems = check(&crate::workspace_root());
        assert!(problems.is_empty(), "tidy found:\n{}", problems.join("\n"));
    }

    #[test]
    fn sibling_codec_dependencies_are_found() {
        let dir = std::env::temp_dir().join(format!("xtask-tidy-{}", std::process::id()));
        let a = dir.join("crates/codec-aaa");
        fs::create_dir_all(&a).unwrap();
        fs::create_dir_all(dir.join("crates/codec-bbb")).unwrap();
        fs::write(
            a.join("Cargo.toml"),
            "[dependencies]\ncodec-core.workspace = true\ncodec-bbb = { path = \"../codec-bbb\" }\n",
        )
        .unwrap();
        let problems = check_codec_dependencies(&dir);
        fs::remove_dir_all(&dir).unwrap();
        assert_eq!(problems, ["crates/codec-aaa/Cargo.toml: depends on sibling codec `codec-bbb`"]);
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
