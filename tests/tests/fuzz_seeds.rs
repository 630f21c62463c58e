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

#[test]
fn the_stateful_and_utf_32_codecs_have_seeds_in_every_target_that_picks_a_codec() {
    // The targets pick a codec by the first byte of the input (`buffers`
    // also the target's by the second) modulo the registry's length: a
    // registry that grows moves these seeds, and this test says so.
    let all = codec_registry::all();
    let picked = |b: u8| all[usize::from(b) % all.len()].info().name;
    // And the UTF-32 codecs (decision 0041; the seeds were moved to keep
    // their codecs when they joined the registry).
    for name in ["iso-2022-jp", "replacement", "hz-gb-2312-2014", "utf-32le", "utf-32be", "wtf-32le"] {
        for target in ["decode", "buffers", "encode"] {
            let found = SEEDS.iter().filter(|(t, _, data)| *t == target && !data.is_empty()).any(|(_, _, data)| {
                picked(data[0]) == name || (target == "buffers" && data.len() > 1 && picked(data[1]) == name)
            });
            assert!(found, "fuzz/corpus/{target} has no seed for {name}");
        }
    }
}
