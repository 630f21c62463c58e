//! `cargo xtask exhaustive [--quick]`: the sweeps too long for `cargo test`,
//! run optimized and on every core.
//!
//! * every 4-byte input starting `F0..F7`, decoded by UTF-8, generalized
//!   UTF-8 and RFC 2279 UTF-8, against the spec tables
//!   (`codec_test::tables`) and, for UTF-8, `core::str::from_utf8`;
//! * every 6-byte input `ED xx xx ED xx xx`, decoded by WTF-8, against the
//!   specification's Table 3 plus the surrogate pair rule;
//! * every code point U+0000..U+7FFFFFFF through RFC 2279 UTF-8, encoded and
//!   decoded back, the bytes checked against the bit distribution;
//! * UTF-∞-8 against RFC 2279 UTF-8, which it equals below the lead `FE`:
//!   every 4-byte input starting `F0..F7` without `FE` or `FF`, decoded in
//!   fatal and replace mode, and every code point U+0000..U+7FFFFFFF,
//!   whose bytes must be RFC 2279's, decoded back.
//!
//! `--quick` (what CI runs) takes a slice of each: the leads `F0` and `F4`
//! (for UTF-∞-8 with twenty third bytes, at the edges of the byte classes),
//! the `ED` inputs whose halves are a lead and a trail surrogate, and every
//! 4099th code point. Unoptimized builds re-run themselves with
//! `--release`. Each sweep shows its stage and the share done on stderr
//! (`progress.rs`); the verdicts go to stdout.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use codec_core::{CodePoint, DecodeMode, DynCodec};
use codec_test::tables::{self, Piece, Row};

use crate::progress::Progress;

/// What a sweep found: how many inputs it checked, or the first
/// disagreement.
type Outcome = Result<u64, String>;

pub(crate) fn main(args: &[String]) -> Result<(), String> {
    let quick = match args {
        [] => false,
        [flag] if flag == "--quick" => true,
        _ => return Err("usage: cargo xtask exhaustive [--quick]".into()),
    };
    if cfg!(debug_assertions) {
        return crate::rerun_optimized("exhaustive", args, "an exhaustive sweep failed (see above)");
    }
    let get = |name: &str| codec_registry::get(name).ok_or_else(|| format!("codec {name} is not registered"));
    let utf8 = [
        (get("utf-8")?, tables::UTF8_ROWS),
        (get("generalized-utf-8")?, tables::GENERALIZED_ROWS),
        (get("utf-8-rfc2279")?, tables::RFC2279_ROWS),
    ];
    let wtf8 = get("wtf-8")?;
    let rfc2279 = get("utf-8-rfc2279")?;
    let inf = get("utf-inf-8")?;

    let leads: Vec<u8> = if quick { vec![0xF0, 0xF4] } else { (0xF0..=0xF7).collect() };
    run("[1/5] 4-byte inputs F0..F7 in the three UTF-8 variants", |p| four_byte(p, &utf8, &leads))?;
    run("[2/5] 6-byte inputs ED xx xx ED xx xx in WTF-8", |p| six_byte(p, wtf8, quick))?;
    let step = if quick { 4099 } else { 1 };
    run("[3/5] code points U+0000..U+7FFFFFFF through RFC 2279", |p| round_trip(p, rfc2279, step))?;
    // Quick: the third byte only at the edges of the byte classes.
    let thirds: Vec<u8> = if quick {
        vec![
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xEF, 0xF0, 0xF7, 0xF8, 0xFB,
            0xFC, 0xFD,
        ]
    } else {
        (0..0xFE).collect()
    };
    run("[4/5] 4-byte inputs F0..F7 without FE or FF in UTF-∞-8 as in RFC 2279", |p| {
        four_byte_inf(p, inf, rfc2279, &leads, &thirds)
    })?;
    run("[5/5] code points U+0000..U+7FFFFFFF in UTF-∞-8 as in RFC 2279", |p| inf_as_rfc2279(p, inf, rfc2279, step))?;
    Ok(())
}

/// Runs one sweep, its progress on stderr under the name `what`, and prints
/// its count and time on stdout.
fn run(what: &str, sweep: impl FnOnce(&str) -> Outcome) -> Result<(), String> {
    let start = Instant::now();
    let checked = sweep(what).map_err(|e| format!("{what}: {e}"))?;
    println!("ok: {what}: {checked} inputs in {:.1} s", start.elapsed().as_secs_f64());
    Ok(())
}

/// Runs `work(i)` for every `i` in `0..n` on every core, showing the share
/// of jobs done under the name `stage`; stops at the first error.
fn parallel(stage: &str, n: u64, work: impl Fn(u64) -> Result<u64, String> + Sync) -> Outcome {
    let progress = Progress::start(stage, n, true);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let next = AtomicU64::new(0);
    let checked = AtomicU64::new(0);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| -> Result<(), String> {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= n {
                            return Ok(());
                        }
                        match work(i) {
                            Ok(c) => {
                                progress.add(1);
                                checked.fetch_add(c, Ordering::Relaxed)
                            }
                            Err(e) => {
                                next.store(n, Ordering::Relaxed);
                                return Err(e);
                            }
                        };
                    }
                })
            })
            .collect();
        handles.into_iter().try_for_each(|h| h.join().unwrap_or_else(|_| Err("a sweep thread panicked".into())))
    })?;
    let _ = progress.finish();
    Ok(checked.load(Ordering::Relaxed))
}

fn mismatch(codec: &dyn DynCodec, input: &[u8], got: &dyn std::fmt::Debug, want: &dyn std::fmt::Debug) -> String {
    format!("{} on {}: decoder {got:?}, reference {want:?}", codec.info().name, codec_test::hex::format(input))
}

/// Every `lead b c d` for each lead, in each variant, against its table;
/// UTF-8 also against `core::str::from_utf8`.
fn four_byte(stage: &str, codecs: &[(&'static dyn DynCodec, &'static [Row])], leads: &[u8]) -> Outcome {
    parallel(stage, leads.len() as u64 * 256, |job| {
        let (lead, b) = (leads[(job / 256) as usize], (job % 256) as u8);
        let mut checked = 0;
        for c in 0..=255u8 {
            for d in 0..=255u8 {
                let input = [lead, b, c, d];
                for &(codec, rows) in codecs {
                    let (got, want) = (tables::pieces(codec, &input), tables::split(rows, &input));
                    if got != want {
                        return Err(mismatch(codec, &input, &got, &want));
                    }
                }
                let std = core::str::from_utf8(&input).map(|_| ()).map_err(|e| (e.valid_up_to(), e.error_len()));
                let ours = codecs[0].0.validate(&input).map_err(|e| (e.valid_up_to(), e.error_len()));
                if ours != std {
                    return Err(mismatch(codecs[0].0, &input, &ours, &std));
                }
                checked += 1;
            }
        }
        Ok(checked)
    })
}

/// Every `ED b c ED e f` (quick: `b` a lead's and `e` a trail's second byte)
/// against the WTF-8 reference.
fn six_byte(stage: &str, wtf8: &'static dyn DynCodec, quick: bool) -> Outcome {
    let (seconds, fifths): (Vec<u8>, Vec<u8>) = if quick {
        ((0xA0..=0xAF).collect(), (0xB0..=0xBF).collect())
    } else {
        ((0..=255).collect(), (0..=255).collect())
    };
    let jobs = (seconds.len() * fifths.len()) as u64;
    parallel(stage, jobs, |job| {
        let b = seconds[(job as usize) / fifths.len()];
        let e = fifths[(job as usize) % fifths.len()];
        let mut checked = 0;
        for c in 0..=255u8 {
            for f in 0..=255u8 {
                let input = [0xED, b, c, 0xED, e, f];
                let (got, want) = (tables::pieces(wtf8, &input), tables::split_wtf8(&input));
                if got != want {
                    return Err(mismatch(wtf8, &input, &got, &want));
                }
                if got.first() == Some(&Piece::Invalid(3)) {
                    let kind = wtf8.validate(&input).err().map(|e| e.kind());
                    if kind != Some(codec_core::ErrorKind::SurrogatePair) {
                        return Err(mismatch(wtf8, &input, &kind, &"surrogate_pair"));
                    }
                }
                checked += 1;
            }
        }
        Ok(checked)
    })
}

// RFC 2279 §2, the bit distribution the round trip checks the bytes against:
//
//   0000 0000-0000 007F   0xxxxxxx
//   0000 0080-0000 07FF   110xxxxx 10xxxxxx
//   0000 0800-0000 FFFF   1110xxxx 10xxxxxx 10xxxxxx
//   0001 0000-001F FFFF   11110xxx 10xxxxxx 10xxxxxx 10xxxxxx
//   0020 0000-03FF FFFF   111110xx 10xxxxxx 10xxxxxx 10xxxxxx 10xxxxxx
//   0400 0000-7FFF FFFF   1111110x 10xxxxxx ... 10xxxxxx
/// Reads a value back from bytes by the table: the lead's marker fixes the
/// length, and each byte gives its `x` bits.
fn bits_of(bytes: &[u8]) -> Option<u32> {
    let len = bytes[0].leading_ones() as usize;
    let len = if len == 0 { 1 } else { len };
    if len != bytes.len() || len == 1 && bytes[0] >= 0x80 {
        return None;
    }
    let lead_bits = if len == 1 { bytes[0] } else { bytes[0] & (0x7F >> len) };
    bytes[1..]
        .iter()
        .try_fold(u32::from(lead_bits), |v, &b| (b & 0xC0 == 0x80).then_some((v << 6) | u32::from(b & 0x3F)))
}

/// The shortest length the table allows for `v`.
fn table_len(v: u32) -> usize {
    [0x7F, 0x7FF, 0xFFFF, 0x1F_FFFF, 0x3FF_FFFF, 0x7FFF_FFFF].iter().position(|&max| v <= max).map_or(7, |i| i + 1)
}

/// Runs `check(v)` on every `step`th value `v` of `0..=0x7FFF_FFFF` and on
/// the last, on every core.
fn every_code_point(stage: &str, step: u32, check: impl Fn(u32) -> Result<(), String> + Sync) -> Outcome {
    const BLOCK: u32 = 1 << 20;
    let blocks = u64::from(0x8000_0000u32 / BLOCK);
    parallel(stage, blocks, |job| {
        let start = job as u32 * BLOCK;
        let mut checked = 0;
        let mut v = start.div_ceil(step) * step;
        while v < start + BLOCK {
            check(v)?;
            checked += 1;
            v = match v.checked_add(step) {
                Some(next) => next,
                None => break,
            };
        }
        if job + 1 == blocks && (0x7FFF_FFFF % step) != 0 {
            check(0x7FFF_FFFF)?;
            checked += 1;
        }
        Ok(checked)
    })
}

/// Every `step`th code point to U+7FFFFFFF (and the last), encoded and
/// decoded alone.
fn round_trip(stage: &str, codec: &'static dyn DynCodec, step: u32) -> Outcome {
    every_code_point(stage, step, |v| {
        let cp = CodePoint::new(v);
        let bytes = codec.encode(&[cp]).map_err(|e| format!("U+{v:X} does not encode: {e}"))?;
        if bits_of(&bytes) != Some(v) || bytes.len() != table_len(v) {
            return Err(format!("U+{v:X} encodes as {}", codec_test::hex::format(&bytes)));
        }
        if codec.decode(&bytes).as_deref() != Ok(&[cp][..]) {
            return Err(format!("U+{v:X} does not decode back from {}", codec_test::hex::format(&bytes)));
        }
        Ok(())
    })
}

// The Draft Proposal for UTF-∞-8 Specification, 3.2: U+0000..U+7FFFFFFF
// are RFC 2279 UTF-8, one to six bytes; `FE` and `FF` lead its own longer
// forms (3.3 to 3.5).

/// Every `lead b c d` for each lead and each third byte `c` of `thirds`,
/// without `FE` or `FF`: UTF-∞-8 decodes it as RFC 2279 does, in fatal and
/// in replace mode.
fn four_byte_inf(
    stage: &str,
    inf: &'static dyn DynCodec,
    rfc2279: &'static dyn DynCodec,
    leads: &[u8],
    thirds: &[u8],
) -> Outcome {
    parallel(stage, leads.len() as u64 * 256, |job| {
        let (lead, b) = (leads[(job / 256) as usize], (job % 256) as u8);
        if b >= 0xFE {
            return Ok(0);
        }
        let mut checked = 0;
        for &c in thirds {
            for d in 0..0xFE {
                let input = [lead, b, c, d];
                for mode in [DecodeMode::Fatal, DecodeMode::Replace] {
                    let (got, want) = (inf.decode_with(&input, mode), rfc2279.decode_with(&input, mode));
                    if got != want {
                        return Err(mismatch(inf, &input, &got, &want));
                    }
                }
                checked += 1;
            }
        }
        Ok(checked)
    })
}

/// Every `step`th code point to U+7FFFFFFF (and the last): UTF-∞-8 writes
/// RFC 2279's bytes for it and decodes them back (sweep 3 decodes them
/// with RFC 2279).
fn inf_as_rfc2279(stage: &str, inf: &'static dyn DynCodec, rfc2279: &'static dyn DynCodec, step: u32) -> Outcome {
    every_code_point(stage, step, |v| {
        let cp = CodePoint::new(v);
        let ours = inf.encode(&[cp]).map_err(|e| format!("U+{v:X} does not encode in UTF-∞-8: {e}"))?;
        let theirs = rfc2279.encode(&[cp]).map_err(|e| format!("U+{v:X} does not encode in RFC 2279: {e}"))?;
        if ours != theirs {
            let (ours, theirs) = (codec_test::hex::format(&ours), codec_test::hex::format(&theirs));
            return Err(format!("U+{v:X} is {ours} in UTF-∞-8, {theirs} in RFC 2279"));
        }
        if inf.decode(&ours).as_deref() != Ok(&[cp][..]) {
            return Err(format!("U+{v:X} does not decode back from {}", codec_test::hex::format(&ours)));
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::{bits_of, table_len};

    #[test]
    fn the_bit_reader_follows_the_table() {
        assert_eq!(bits_of(b"A"), Some(0x41));
        assert_eq!(bits_of(b"\xC3\xA9"), Some(0xE9));
        assert_eq!(bits_of(b"\xFD\xBF\xBF\xBF\xBF\xBF"), Some(0x7FFF_FFFF));
        assert_eq!(bits_of(b"\xC3\x29"), None);
        assert_eq!(bits_of(b"\x80"), None);
        assert_eq!((table_len(0x7F), table_len(0x80), table_len(0x20_0000), table_len(0x8000_0000)), (1, 2, 5, 7));
    }
}
