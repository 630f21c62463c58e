//! The benchmarks of `cargo xtask bench` and of the criterion benches, one
//! set: the corpus of `bench/data/` (see its `MANIFEST.md`) and the
//! variants of its texts each codec is measured on (with lone surrogates,
//! with ill-formed bytes, as UTF-16), in [`corpus`]; the operations, what
//! each row runs (utfx's call and each peer's, with their inputs and the
//! check that their outputs agree), in [`ops`]; and, with the feature
//! `criterion` (on by default), the criterion side, [`fn@bench`].
//!
//! `cargo bench -p utfx-bench` runs every bench (`--bench utf8` one of
//! them), each the operations of [`ops`] that name it; `cargo xtask bench`
//! races the same operations side by side and writes the summary of ratios
//! to `docs/PERFORMANCE.md`. The peers are this crate's dependencies; the
//! simdutf C++ library's rows need the feature `simdutf` (and a C++
//! compiler).

#![deny(missing_docs)]

pub mod corpus;
mod family;
pub mod ops;

pub use corpus::Text;

#[cfg(feature = "criterion")]
use std::path::Path;
#[cfg(feature = "criterion")]
use std::time::Duration;

#[cfg(feature = "criterion")]
use criterion::{BenchmarkId, Criterion, Throughput};

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

/// Measures every operation of [`ops::all`] whose [`ops::Op::bench`] is
/// `name` (the bench file's name): a benchmark group `name/op` each, with
/// every contender on every corpus text the operation measures (see
/// [`ops::Op::prepare`]), its throughput in the bytes the operation counts
/// for it.
///
/// # Panics
///
/// As [`texts`] does, and when an operation's check fails (utfx's output
/// differs from a peer's).
#[cfg(feature = "criterion")]
pub fn bench(c: &mut Criterion, name: &str) {
    let texts = texts();
    for op in ops::all().filter(|op| op.bench == name) {
        let mut group = c.benchmark_group(format!("{name}/{}", op.name));
        for text in &texts {
            let input = ops::Input::new(text);
            let contenders = op.prepare(&input).unwrap_or_else(|e| panic!("{} on {}: {e}", op.name, text.name));
            for mut contender in contenders {
                group.throughput(Throughput::Bytes(contender.bytes as u64));
                group.bench_function(BenchmarkId::new(contender.name, &text.name), |b| b.iter(|| contender.run()));
            }
        }
        group.finish();
    }
}

/// Defines a criterion bench's `main`: the operations of [`ops::all`] that
/// name the bench, measured by [`fn@bench`] with the settings of
/// [`criterion()`].
#[cfg(feature = "criterion")]
#[macro_export]
macro_rules! bench_main {
    ($name:literal) => {
        fn benches() {
            let mut c = $crate::criterion();
            $crate::bench(&mut c, $name);
            c.final_summary();
        }

        fn main() {
            benches();
        }
    };
}
