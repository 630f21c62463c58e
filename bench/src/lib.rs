//! The corpus the criterion benches share: the texts of `bench/data/` (see
//! its `MANIFEST.md`), and the variants of them each codec is measured on
//! (with lone surrogates, with ill-formed bytes, as UTF-16).
//!
//! `cargo bench -p utfx-bench` runs every bench (`--bench utf8` one of
//! them); `cargo xtask bench` is the quick side-by-side run that writes the
//! summary of ratios. Each bench function checks once that utfx's output
//! equals the peer's before it measures; [`over_corpus`] and [`Row`] hold
//! what every bench repeats (a group over the corpus, one contender a line).

use std::path::Path;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, Throughput};

/// One corpus text, valid UTF-8.
#[derive(Debug, Clone)]
pub struct Text {
    /// The file's stem, e.g. `05_russian_mars`.
    pub name: String,
    /// The text.
    pub string: String,
}

impl Text {
    /// Returns the text as UTF-16 code units.
    #[must_use]
    pub fn utf16(&self) -> Vec<u16> {
        self.string.encode_utf16().collect()
    }

    /// Returns the text as UTF-16LE bytes.
    #[must_use]
    pub fn utf16le(&self) -> Vec<u8> {
        self.string.encode_utf16().flat_map(u16::to_le_bytes).collect()
    }

    /// Returns the text's UTF-8 with `insert` after the first character
    /// boundary at or past every 1,000th byte: one lone surrogate (`ED A0
    /// 80`) or one ill-formed byte (`FF`) per 1,000 bytes.
    #[must_use]
    pub fn every_thousand(&self, insert: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.string.len() + self.string.len() / 1000 * insert.len() + insert.len());
        let mut next = 1000;
        for (i, c) in self.string.char_indices() {
            if i >= next {
                out.extend_from_slice(insert);
                next = i + 1000;
            }
            out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
        }
        out
    }
}

/// Returns the corpus texts of `bench/data/`, in file order.
///
/// # Panics
///
/// When the directory cannot be read or holds no text (a bench cannot run
/// without its corpus).
#[must_use]
pub fn texts() -> Vec<Text> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        // The texts are numbered (`01_latin_lipsum.txt`); other files are notes.
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .filter(|p| {
            p.file_name().and_then(|n| n.as_encoded_bytes().first().copied()).is_some_and(|b| b.is_ascii_digit())
        })
        .collect();
    paths.sort();
    let texts: Vec<Text> = paths
        .iter()
        .map(|p| Text {
            name: p.file_stem().unwrap_or_default().to_string_lossy().into_owned(),
            string: std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())),
        })
        .collect();
    assert!(!texts.is_empty(), "no .txt files in {}", dir.display());
    texts
}

/// Returns the criterion settings of every bench: short runs (the corpus
/// has 12 texts and each operation several contenders).
#[must_use]
pub fn criterion() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20)
        .configure_from_args()
}

/// One corpus text in one benchmark group: the contenders measured on it.
pub struct Row<'a, 'c> {
    group: &'a mut BenchmarkGroup<'c, WallTime>,
    /// The text.
    pub text: &'a Text,
}

impl std::fmt::Debug for Row<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Row").field("text", &self.text.name).finish_non_exhaustive()
    }
}

impl Row<'_, '_> {
    /// Sets how many bytes one call processes: the unit of the throughput
    /// of every contender measured after it.
    pub fn bytes(&mut self, n: usize) {
        self.group.throughput(Throughput::Bytes(n as u64));
    }

    /// Measures `call` as contender `who` (`utfx` or a peer's name) on this
    /// text; `call` passes its input through `black_box`.
    pub fn bench<O>(&mut self, who: &str, mut call: impl FnMut() -> O) {
        self.group.bench_function(BenchmarkId::new(who, &self.text.name), |b| b.iter(&mut call));
    }
}

/// Measures the benchmark group `name` on every corpus text: `row` prepares
/// a text's input, checks once that utfx's output equals each peer's, sets
/// the throughput and measures the contenders.
///
/// # Panics
///
/// As [`texts`] does, and when `row`'s checks fail.
pub fn over_corpus(c: &mut Criterion, name: &str, mut row: impl FnMut(&mut Row<'_, '_>)) {
    let mut group = c.benchmark_group(name);
    for text in texts() {
        row(&mut Row { group: &mut group, text: &text });
    }
    group.finish();
}
