//! Lists the checked-in fuzz seed corpora (`fuzz/corpus/<target>/`) for
//! `tests/fuzz_seeds.rs`, which includes every file with `include_bytes!`,
//! so the seed test reads nothing at run time.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let corpus = Path::new(&manifest).join("../fuzz/corpus");
    println!("cargo::rerun-if-changed={}", corpus.display());
    let mut list = String::from("&[\n");
    let mut targets: Vec<_> = std::fs::read_dir(&corpus).map(|d| d.flatten().collect()).unwrap_or_default();
    targets.sort_by_key(std::fs::DirEntry::file_name);
    for target in targets.iter().filter(|t| t.path().is_dir()) {
        println!("cargo::rerun-if-changed={}", target.path().display());
        let mut seeds: Vec<_> = std::fs::read_dir(target.path()).map(|d| d.flatten().collect()).unwrap_or_default();
        seeds.sort_by_key(std::fs::DirEntry::file_name);
        for seed in seeds {
            let name = seed.file_name().to_string_lossy().into_owned();
            // Only the checked-in seeds, not what a local fuzz run added.
            if !name.starts_with("seed-") {
                continue;
            }
            let path = seed.path().canonicalize().expect("a seed file has a path");
            let target = target.file_name().to_string_lossy().into_owned();
            writeln!(list, "    ({target:?}, {name:?}, include_bytes!({:?})),", path.display().to_string())
                .expect("writing to a String");
        }
    }
    list.push_str("]\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("seeds.rs");
    std::fs::write(out, list).expect("OUT_DIR is writable");
}
