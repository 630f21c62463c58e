//! The corpus the criterion benches and `cargo xtask` (its `bench` and its
//! `matrix`) share: the texts of `bench/data/` (see its `MANIFEST.md`), and
//! the variants of them each codec is measured on (with lone surrogates,
//! with ill-formed bytes, as UTF-16), in [`corpus`]; and, with the feature
//! `criterion` (on by default), what every criterion bench repeats.
//!
//! `cargo bench -p utfx-bench` runs every bench (`--bench utf8` one of
//! them); `cargo xtask bench` is the quick side-by-side run that writes the
//! summary of ratios. Each bench function checks once that utfx's output
//! equals the peer's before it measures; [`over_corpus`] and [`Row`] hold
//! what every bench repeats (a group over the corpus, one contender a line).

pub mod corpus;

pub use corpus::Text;

#[cfg(feature = "criterion")]
use std::path::Path;
#[cfg(feature = "criterion")]
use std::time::Duration;

#[cfg(feature = "criterion")]
use criterion::measurement::WallTime;
#[cfg(feature = "criterion")]
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, Throughput};

/// Returns the corpus texts of `bench/data/`, in file order.
///
/// # Panics
///
/// When the directory cannot be read or holds no text (a bench cannot run
/// without its corpus).
#[cfg(feature = "criterion")]
#[must_use]
pub fn texts() -> Vec<Text> {
    corpus::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("data")).unwrap_or_else(|e| panic!("{e}"))
}

/// Returns the criterion settings of every bench: short runs (the corpus
/// has 12 texts and each operation several contenders).
#[cfg(feature = "criterion")]
#[must_use]
pub fn criterion() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20)
        .configure_from_args()
}

/// One corpus text in one benchmark group: the contenders measured on it.
#[cfg(feature = "criterion")]
pub struct Row<'a, 'c> {
    group: &'a mut BenchmarkGroup<'c, WallTime>,
    /// The text.
    pub text: &'a Text,
}

#[cfg(feature = "criterion")]
impl std::fmt::Debug for Row<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Row").field("text", &self.text.name).finish_non_exhaustive()
    }
}

#[cfg(feature = "criterion")]
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
#[cfg(feature = "criterion")]
pub fn over_corpus(c: &mut Criterion, name: &str, mut row: impl FnMut(&mut Row<'_, '_>)) {
    let mut group = c.benchmark_group(name);
    for text in texts() {
        row(&mut Row { group: &mut group, text: &text });
    }
    group.finish();
}
