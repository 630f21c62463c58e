//! The checked-in fuzz seed corpora (`fuzz/corpus/<target>/seed-*`) through
//! the fuzz targets' bodies, on stable: what the fuzz targets check, in
//! `cargo test`, so a regression is caught without nightly or libFuzzer.

use std::panic::{AssertUnwindSafe, catch_unwind};

use utfx_tests::fuzz::TARGETS;

/// Every seed file as (target, file name, bytes), listed by `build.rs`.
const SEEDS: &[(&str, &str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/seeds.rs"));

#[test]
fn every_target_has_seeds() {
    for (target, _) in TARGETS {
        let count = SEEDS.iter().filter(|(t, _, _)| t == target).count();
        assert!(count >= 20, "fuzz/corpus/{target} has {count} seeds, fewer than 20");
    }
    for (target, name, _) in SEEDS {
        assert!(TARGETS.iter().any(|(t, _)| t == target), "fuzz/corpus/{target}/{name}: no such target");
    }
}

#[test]
fn the_seed_corpora_pass_every_check() {
    let mut failed = Vec::new();
    for (target, name, data) in SEEDS {
        let Some((_, run)) = TARGETS.iter().find(|(t, _)| t == target) else { continue };
        if catch_unwind(AssertUnwindSafe(|| run(data))).is_err() {
            failed.push(format!("fuzz/corpus/{target}/{name}"));
        }
    }
    assert!(failed.is_empty(), "seeds that fail (the panic messages are above):\n{}", failed.join("\n"));
}
