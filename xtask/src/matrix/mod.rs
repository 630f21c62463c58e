//! `cargo xtask matrix`: the cross-codec round-trip matrices (being written).

/// Runs the subcommand.
pub fn main(args: &[String]) -> Result<(), String> {
    let _ = args;
    for codec in codec_registry::all() {
        println!("{}", codec.info().name);
    }
    Ok(())
}
