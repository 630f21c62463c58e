//! Tells the code whether the compiler has the AVX-512 intrinsics, stable
//! since Rust 1.89 (the crates build with 1.88):
//! `cfg(utfx_kernels_avx512)`. Without them the AVX-512 kernel is left out
//! and the AVX2 one runs.

use std::env;
use std::process::Command;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(utfx_kernels_avx512)");
    println!("cargo::rerun-if-env-changed=RUSTC");
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    // `rustc 1.95.0 (59807616e 2026-04-14)`, or `1.96.0-nightly`.
    let minor =
        Command::new(rustc).arg("--version").output().ok().and_then(|out| String::from_utf8(out.stdout).ok()).and_then(
            |version| {
                let number = version.split_whitespace().nth(1)?.to_owned();
                let mut parts = number.split(['.', '-']);
                let (major, minor) = (parts.next()?.parse::<u32>().ok()?, parts.next()?.parse::<u32>().ok()?);
                Some(if major > 1 { u32::MAX } else { minor })
            },
        );
    if minor.is_some_and(|minor| minor >= 89) {
        println!("cargo::rustc-cfg=utfx_kernels_avx512");
    }
}
