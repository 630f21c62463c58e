//! `cargo xtask bench [--quick] [--filter NAME] [--level LEVEL]`: utfx's buffer APIs side by
//! side with their peers (std, simdutf8, encoding_rs, and with the feature
//! `simdutf` the simdutf C++ library) in one run, on the
//! corpus of `bench/data/` (see its `MANIFEST.md`).
//!
//! Each operation is one function: it prepares its inputs and buffers once,
//! checks once that utfx's output equals every peer's (so the harness cannot
//! time something wrong), then races the contenders with [`Timer::race`]:
//! a warm-up, then rounds in which each contender runs once in turn (so that
//! noise from the other engineers on this shared machine hits all of them
//! alike), keeping each one's best (minimum) time. One thread only.
//!
//! Throughput is gigabytes of the text's UTF-8 form per second, whatever the
//! operation's input (UTF-16, code points), so that every contender of a row
//! is divided by the same count; the lossy and WTF-8 rows count their own
//! modified inputs. Ratios are utfx over the peer: above 1 is faster. Only
//! ratios mean much: the machine is shared and absolute speeds drift.
//!
//! Sources sit at a 4 KiB boundary and destinations 2 KiB past one, away
//! from glibc `memcpy`'s 4K-aliasing trap (a destination 1 to 63 bytes past
//! the source modulo 4 KiB is about 20 times slower).
//!
//! A full run (no flag) writes the tables, and each target of the
//! performance issue met or missed ([`TARGETS`]), to `docs/PERFORMANCE.md`; `--quick`
//! (three texts, short races: a CI smoke run) and `--filter NAME` (the
//! operations whose name contains NAME) only print, and so does `--level
//! LEVEL`, which pins the kernels' instantiation (`utfx_kernels::force_level`:
//! `portable`, `sse4.2`, `avx2`, `avx512`, `neon`, as this machine has them)
//! for utfx's side of every race; the peers choose their own, but for the
//! `valid-prefix` row, where at `sse4.2` the peer is simdutf8's SSE4.2
//! implementation. Unoptimized builds re-run themselves with `--release`.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::hint::black_box;
use std::io::Read as _;
use std::path::Path;
use std::time::{Duration, Instant, SystemTime};

use codec_core::{TranscodeReader, Transcoder};
use codec_utf8::{CodePoint, Decode, DecodeMode, Decoder, Encode, EncodeMode, UTF_8};
use codec_utf16::UTF_16LE;
use codec_wtf8::WTF_8;

const USAGE: &str = "usage: cargo xtask bench [--quick] [--filter NAME] [--level LEVEL]";

/// The texts `--quick` measures: ASCII, a 1/2-byte mix, 4-byte only.
const QUICK_TEXTS: [&str; 3] = ["01_latin_lipsum", "05_russian_mars", "12_emoji_lipsum"];

/// The chunk size of the streaming validation row.
const CHUNK: usize = 64 * 1024;

/// Where buffers start relative to a 4 KiB boundary, in bytes.
const PAGE: usize = 4096;
const SRC_OFFSET: usize = 0;
const DST_OFFSET: usize = 2048;

/// One operation: a row of the summary and a table per text.
struct Op {
    /// What `--filter` matches.
    name: &'static str,
    /// What is measured, with utfx's call.
    title: &'static str,
    /// The peers, in the order `run` returns them after utfx.
    peers: &'static [&'static str],
    /// GB/s of utfx then of each peer, on one text.
    run: fn(&Text, &Timer) -> Result<Vec<f64>, String>,
}

/// Every operation: [`OPS`], then with the feature `simdutf` the rows
/// against the simdutf C++ library (`SIMDUTF_OPS`).
fn all_ops() -> impl Iterator<Item = &'static Op> {
    #[cfg(feature = "simdutf")]
    let extra = SIMDUTF_OPS;
    #[cfg(not(feature = "simdutf"))]
    let extra: &[Op] = &[];
    OPS.iter().chain(extra)
}

/// The rows against the simdutf C++ library (its Rust bindings, the crate
/// `simdutf`), which picks its own kernels at run time (AVX-512 where the
/// processor has it): both sides validate and convert, into a buffer made
/// once.
#[cfg(feature = "simdutf")]
const SIMDUTF_OPS: &[Op] = &[
    Op {
        name: "simdutf-utf8-to-utf16",
        title: "UTF-8 to UTF-16, checked (`Decoder::decode_to_utf16`, fatal; peer: `convert_utf8_to_utf16le`)",
        peers: &["simdutf"],
        run: simdutf_utf8_to_utf16,
    },
    Op {
        name: "simdutf-utf16-to-utf8",
        title: "UTF-16 to UTF-8, checked (`Encoder::encode_from_utf16`, fatal; peer: `convert_utf16le_to_utf8`)",
        peers: &["simdutf"],
        run: simdutf_utf16_to_utf8,
    },
    Op {
        name: "simdutf-validate",
        title: "UTF-8 validation (`UTF_8.validate`; peer: `validate_utf8`)",
        peers: &["simdutf"],
        run: simdutf_validate,
    },
];

#[cfg(feature = "simdutf")]
fn simdutf_utf8_to_utf16(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    let src = text.utf8.as_slice();
    let mut ours_dst = Placed::<u16>::zeroed(src.len() + 64, DST_OFFSET);
    let mut peer_dst = Placed::<u16>::zeroed(src.len() + 64, DST_OFFSET);
    let ours = |dst: &mut [u16]| {
        let (status, read, written) = UTF_8.decoder(DecodeMode::Fatal).decode_to_utf16(src, dst, true);
        black_box((status.is_input_empty() && read == src.len()).then_some(written))
    };
    let peer = |dst: &mut [u16]| {
        // SAFETY: `src` is readable for its length and `dst` has room for a
        // unit per byte, the most UTF-8 can need.
        #[allow(unsafe_code)]
        black_box(unsafe { simdutf::convert_utf8_to_utf16le(src.as_ptr(), src.len(), dst.as_mut_ptr()) })
    };
    let written = ours(ours_dst.as_mut_slice()).ok_or("utfx stopped early")?;
    let peer_written = peer(peer_dst.as_mut_slice());
    same(&ours_dst.as_slice()[..written], &peer_dst.as_slice()[..peer_written], "simdutf")?;
    let times = timer.race(&mut [&mut || _ = ours(ours_dst.as_mut_slice()), &mut || _ = peer(peer_dst.as_mut_slice())]);
    Ok(speeds(src.len(), &times))
}

#[cfg(feature = "simdutf")]
fn simdutf_utf16_to_utf8(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    let src = text.utf16.as_slice();
    let mut ours_dst = Placed::<u8>::zeroed(3 * src.len() + 64, DST_OFFSET);
    let mut peer_dst = Placed::<u8>::zeroed(3 * src.len() + 64, DST_OFFSET);
    let ours = |dst: &mut [u8]| {
        let (status, read, written) = UTF_8.encoder(EncodeMode::Fatal).encode_from_utf16(src, dst, true);
        black_box((status.is_input_empty() && read == src.len()).then_some(written))
    };
    let peer = |dst: &mut [u8]| {
        // SAFETY: `src` is readable for its length and `dst` has room for
        // three bytes per unit, the most UTF-16 can need.
        #[allow(unsafe_code)]
        black_box(unsafe { simdutf::convert_utf16le_to_utf8(src.as_ptr(), src.len(), dst.as_mut_ptr()) })
    };
    let written = ours(ours_dst.as_mut_slice()).ok_or("utfx stopped early")?;
    let peer_written = peer(peer_dst.as_mut_slice());
    same(&ours_dst.as_slice()[..written], &peer_dst.as_slice()[..peer_written], "simdutf")?;
    let times = timer.race(&mut [&mut || _ = ours(ours_dst.as_mut_slice()), &mut || _ = peer(peer_dst.as_mut_slice())]);
    Ok(speeds(text.utf8.len, &times))
}

#[cfg(feature = "simdutf")]
fn simdutf_validate(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    let src = text.utf8.as_slice();
    same(&UTF_8.validate(src).is_ok(), &simdutf::validate_utf8(src), "simdutf")?;
    let times = timer.race(&mut [&mut || _ = black_box(UTF_8.validate(black_box(src)).is_ok()), &mut || {
        _ = black_box(simdutf::validate_utf8(black_box(src)))
    }]);
    Ok(speeds(src.len(), &times))
}

const OPS: &[Op] = &[
    Op {
        name: "validate",
        title: "UTF-8 validation (`UTF_8.validate`)",
        peers: &["simdutf8", "std"],
        run: validate_utf8,
    },
    Op {
        name: "valid-prefix",
        title: "UTF-8 validation by the kernels' family validator with RFC 3629's tables (`utfx_kernels::valid_prefix`; \
                peer: simdutf8's basic check, its SSE4.2 implementation at `--level sse4.2`)",
        peers: &["simdutf8"],
        run: valid_prefix_utf8,
    },
    Op {
        name: "validate-stream",
        title: "UTF-8 streaming validation, 64 KiB chunks (`Decoder::validate_chunk`)",
        peers: &["simdutf8"],
        run: validate_utf8_streaming,
    },
    Op {
        name: "utf8-to-utf16",
        title: "UTF-8 to UTF-16 (`Decoder::decode_to_utf16`, replace)",
        peers: &["encoding_rs", "std"],
        run: utf8_to_utf16,
    },
    Op {
        name: "utf16-to-utf8",
        title: "UTF-16 to UTF-8 (`Encoder::encode_from_utf16`, fatal)",
        peers: &["encoding_rs", "std"],
        run: utf16_to_utf8,
    },
    Op {
        name: "transcode-to-utf16le",
        title: "UTF-8 bytes to UTF-16LE bytes (`Transcoder::transcode`)",
        peers: &["encoding_rs"],
        run: transcode_to_utf16le,
    },
    Op {
        name: "transcode-from-utf16le",
        title: "UTF-16LE bytes to UTF-8 bytes (`Transcoder::transcode`)",
        peers: &["encoding_rs"],
        run: transcode_from_utf16le,
    },
    Op {
        name: "reader",
        title: "UTF-8 to UTF-16LE through `TranscodeReader` (`read_to_end`)",
        peers: &["Transcoder"],
        run: transcode_reader,
    },
    Op { name: "decode", title: "decoding to code points (`UTF_8.decode`)", peers: &["std"], run: decode_code_points },
    Op { name: "lossy-valid", title: "lossy UTF-8 of valid text (`to_str_lossy`)", peers: &["std"], run: lossy_valid },
    Op { name: "lossy", title: "lossy UTF-8, one bad byte per 1,000 (`to_str_lossy`)", peers: &["std"], run: lossy },
    Op {
        name: "encode",
        title: "encoding code points to UTF-8 (`UTF_8.encode`)",
        peers: &["std"],
        run: encode_code_points,
    },
    Op {
        name: "validate-utf16le",
        title: "UTF-16LE validation (`UTF_16LE.validate`)",
        peers: &["std"],
        run: validate_utf16le,
    },
    Op {
        name: "validate-wtf8",
        title: "WTF-8 validation, one lone surrogate per 1,000 bytes (`WTF_8.validate`; peer: the text without them)",
        peers: &["simdutf8"],
        run: validate_wtf8,
    },
    Op {
        name: "wtf8-to-wtf16",
        title: "WTF-8 to WTF-16, one lone surrogate per 1,000 bytes (`Wtf8::from_bytes` then `to_wide`; peer: \
                UTF-8 to UTF-16 of the text without them, `Decoder::decode_to_utf16` into a new `Vec`)",
        peers: &["UTF_8"],
        run: wtf8_to_wtf16,
    },
    Op {
        name: "wtf16-to-wtf8",
        title: "WTF-16 to WTF-8, one lone surrogate per 1,000 bytes (`Wtf8Buf::from_wide`; peer: UTF-16 to \
                UTF-8 of the text without them, `Encoder::encode_from_utf16` into a new `Vec`)",
        peers: &["UTF_8"],
        run: wtf16_to_wtf8,
    },
    Op {
        name: "inf-validate",
        title: "UTF-∞-8 validation of Unicode text (`UTF_INF_8.validate`)",
        peers: &["simdutf8", "UTF_8"],
        run: validate_inf,
    },
    Op {
        name: "inf-to-utf16",
        title: "UTF-∞-8 to UTF-16 (`Decoder::decode_to_utf16` of `Narrow(&UTF_INF_8)`, the registry's, replace; peer: the same for `UTF_8`)",
        peers: &["UTF_8"],
        run: inf_to_utf16,
    },
    Op {
        name: "inf-decode",
        title: "UTF-∞-8 decoding to `BigCodePoint`s (`UTF_INF_8.decode`; peers: `UTF_8.decode` to `CodePoint`s, and `Big(&UTF_8).decode` to `BigCodePoint`s)",
        peers: &["UTF_8", "Big(UTF_8)"],
        run: inf_decode,
    },
];

/// Runs the subcommand.
pub(crate) fn main(args: &[String]) -> Result<(), String> {
    let (mut quick, mut filter, mut level) = (false, None, None);
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--quick" => quick = true,
            "--filter" => filter = Some(rest.next().ok_or(USAGE)?.clone()),
            "--level" => {
                let name = rest.next().ok_or(USAGE)?;
                level = Some(utfx_kernels::Level::from_name(name).ok_or_else(|| format!("no level {name}: {USAGE}"))?);
            }
            _ => return Err(USAGE.into()),
        }
    }
    let ops: Vec<&Op> = all_ops().filter(|op| filter.as_ref().is_none_or(|f| op.name.contains(f.as_str()))).collect();
    if ops.is_empty() {
        let names: Vec<&str> = all_ops().map(|op| op.name).collect();
        return Err(format!("no operation matches the filter; the operations: {}", names.join(", ")));
    }
    if cfg!(debug_assertions) {
        return rerun_optimized(args);
    }
    if let Some(level) = level
        && !utfx_kernels::force_level(Some(level))
    {
        return Err(format!("this machine cannot run the kernels at level {}", level.name()));
    }
    println!("kernels at level {}\n", utfx_kernels::level().name());
    let root = crate::workspace_root();
    let mut texts = load_texts(&root.join("bench/data"))?;
    if quick {
        texts.retain(|t| QUICK_TEXTS.contains(&t.name.as_str()));
    }
    let timer = if quick {
        Timer { warmup: 2, min_runs: 5, budget: Duration::from_millis(25) }
    } else {
        Timer { warmup: 3, min_runs: 20, budget: Duration::from_millis(150) }
    };

    let start = Instant::now();
    let mut results = Vec::new();
    for op in ops {
        let mut rows = Vec::new();
        for text in &texts {
            let speeds = (op.run)(text, &timer).map_err(|e| format!("{} on {}: {e}", op.name, text.name))?;
            rows.push((text.name.clone(), speeds));
        }
        let result = Results { op, rows };
        println!("## {} [{}]\n\n{}", op.title, op.name, result.table());
        results.push(result);
    }
    let summary = summary(&results);
    println!("## Summary: geometric means over {} texts\n\n{summary}", texts.len());
    println!("{:.0} s in all", start.elapsed().as_secs_f64());
    if !quick && filter.is_none() && level.is_none() {
        let path = root.join("docs/PERFORMANCE.md");
        std::fs::write(&path, results_md(&results, &summary, texts.len()))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// Builds and runs this command with `--release`: timings need an optimized
/// build.
fn rerun_optimized(args: &[String]) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = std::process::Command::new(cargo)
        .args(["run", "--quiet", "--release", "--package", "xtask"])
        .args(if cfg!(feature = "simdutf") { &["--features", "simdutf"][..] } else { &[] })
        .args(["--", "bench"])
        .args(args)
        .current_dir(crate::workspace_root())
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if status.success() { Ok(()) } else { Err("the benchmark failed (see above)".into()) }
}

// ---------------------------------------------------------------------------
// Timing and buffers

/// How long to race: `warmup` untimed calls each, then rounds until there
/// have been `min_runs` rounds and all contenders together have run for
/// `budget` each.
struct Timer {
    warmup: u32,
    min_runs: u32,
    budget: Duration,
}

impl Timer {
    /// Runs the contenders in turn, round after round, and returns each
    /// one's best time.
    fn race(&self, contenders: &mut [&mut dyn FnMut()]) -> Vec<Duration> {
        for run in contenders.iter_mut() {
            (0..self.warmup).for_each(|_| run());
        }
        let mut best = vec![Duration::MAX; contenders.len()];
        let (mut total, mut rounds) = (Duration::ZERO, 0);
        while rounds < self.min_runs || total < self.budget * contenders.len() as u32 {
            for (run, best) in contenders.iter_mut().zip(&mut best) {
                let start = Instant::now();
                run();
                let took = start.elapsed();
                *best = (*best).min(took);
                total += took;
            }
            rounds += 1;
        }
        best
    }
}

/// Gigabytes per second.
fn gbps(bytes: usize, time: Duration) -> f64 {
    bytes as f64 / time.as_secs_f64() / 1e9
}

/// GB/s of each contender over the same `bytes`.
fn speeds(bytes: usize, times: &[Duration]) -> Vec<f64> {
    times.iter().map(|&t| gbps(bytes, t)).collect()
}

/// A buffer whose first element sits `offset` bytes past a 4 KiB boundary.
struct Placed<T> {
    buf: Vec<T>,
    start: usize,
    len: usize,
}

impl<T: Copy + Default> Placed<T> {
    fn zeroed(len: usize, offset: usize) -> Self {
        let size = size_of::<T>();
        let buf = vec![T::default(); len + (PAGE + offset) / size + 1];
        let skip = (PAGE + offset - buf.as_ptr().addr() % PAGE) % PAGE;
        assert!(skip.is_multiple_of(size), "an offset must be a multiple of the element size");
        Placed { buf, start: skip / size, len }
    }

    fn copy_of(data: &[T], offset: usize) -> Self {
        let mut placed = Self::zeroed(data.len(), offset);
        placed.as_mut_slice().copy_from_slice(data);
        placed
    }

    fn as_slice(&self) -> &[T] {
        &self.buf[self.start..self.start + self.len]
    }

    fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.buf[self.start..self.start + self.len]
    }
}

/// One corpus text in the forms the operations start from.
struct Text {
    name: String,
    utf8: Placed<u8>,
    utf16: Placed<u16>,
    utf16le: Placed<u8>,
}

impl Text {
    fn str(&self) -> &str {
        // Checked valid when loaded.
        std::str::from_utf8(self.utf8.as_slice()).unwrap_or_default()
    }
}

/// The corpus of `dir` (`bench/data/`), as the criterion benches load it,
/// each text copied into buffers placed as `SRC_OFFSET` says.
fn load_texts(dir: &Path) -> Result<Vec<Text>, String> {
    let texts = utfx_bench::corpus::load(dir)?;
    Ok(texts
        .into_iter()
        .map(|text| {
            let units = text.utf16();
            Text {
                utf8: Placed::copy_of(text.string.as_bytes(), SRC_OFFSET),
                utf16: Placed::copy_of(&units, SRC_OFFSET),
                utf16le: Placed::copy_of(&text.utf16le(), SRC_OFFSET),
                name: text.name,
            }
        })
        .collect())
}

/// Fails unless utfx's output equals the peer's.
fn same<T: PartialEq + ?Sized>(ours: &T, peer: &T, name: &str) -> Result<(), String> {
    if ours == peer { Ok(()) } else { Err(format!("utfx's output differs from {name}'s")) }
}

// ---------------------------------------------------------------------------
// The operations: each checks once, then races.

fn validate_utf8(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    let src = text.utf8.as_slice();
    same(&UTF_8.validate(src).is_ok(), &simdutf8::basic::from_utf8(src).is_ok(), "simdutf8")?;
    same(&UTF_8.validate(src).is_ok(), &core::str::from_utf8(src).is_ok(), "std")?;
    let times = timer.race(&mut [
        &mut || _ = black_box(UTF_8.validate(black_box(src)).is_ok()),
        &mut || _ = black_box(simdutf8::basic::from_utf8(black_box(src)).is_ok()),
        &mut || _ = black_box(core::str::from_utf8(black_box(src)).is_ok()),
    ]);
    Ok(speeds(src.len(), &times))
}

fn valid_prefix_utf8(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    let src = text.utf8.as_slice();
    let tables = codec_utf8::automaton::Grammar::UTF_8.tables().ok_or("UTF-8 has tables")?;
    let ours = || black_box(utfx_kernels::valid_prefix(black_box(src), &tables) == src.len());
    let peer: fn(&[u8]) -> bool = simdutf8_at_level();
    same(&ours(), &peer(src), "simdutf8")?;
    let times = timer.race(&mut [&mut || _ = ours(), &mut || _ = black_box(peer(black_box(src)))]);
    Ok(speeds(src.len(), &times))
}

/// simdutf8's basic check: its SSE4.2 implementation when the kernels are
/// pinned to SSE4.2 (the level's peer), else the one it chooses itself.
fn simdutf8_at_level() -> fn(&[u8]) -> bool {
    #[cfg(target_arch = "x86_64")]
    if utfx_kernels::level() == utfx_kernels::Level::Sse42 {
        return |src| {
            // SAFETY: the level is SSE4.2 only where the processor has it
            // (`force_level` refuses it otherwise), which is what simdutf8's
            // SSE4.2 implementation needs.
            #[allow(unsafe_code)]
            unsafe {
                simdutf8::basic::imp::x86::sse42::validate_utf8(src).is_ok()
            }
        };
    }
    |src| simdutf8::basic::from_utf8(src).is_ok()
}

fn validate_utf8_streaming(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    let src = text.utf8.as_slice();
    let ours = || {
        let mut decoder = Decoder::new(&UTF_8, DecodeMode::Fatal);
        let mut chunks = src.chunks(CHUNK).peekable();
        while let Some(chunk) = chunks.next() {
            decoder.validate_chunk(chunk, chunks.peek().is_none())?;
        }
        Ok::<(), codec_utf8::DecodeError>(())
    };
    same(&ours().is_ok(), &simdutf8::basic::from_utf8(src).is_ok(), "simdutf8")?;
    let times = timer.race(&mut [&mut || _ = black_box(ours().is_ok()), &mut || {
        _ = black_box(simdutf8::basic::from_utf8(black_box(src)).is_ok())
    }]);
    Ok(speeds(src.len(), &times))
}

fn utf8_to_utf16(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    let src = text.utf8.as_slice();
    let ours_len = UTF_8.decoder(DecodeMode::Replace).max_utf16_len(src.len()).ok_or("overflow")?;
    let peer = encoding_rs::UTF_8.new_decoder_without_bom_handling();
    let peer_len = peer.max_utf16_buffer_length(src.len()).ok_or("overflow")?;
    let mut ours_dst = Placed::<u16>::zeroed(ours_len, DST_OFFSET);
    let mut peer_dst = Placed::<u16>::zeroed(peer_len, DST_OFFSET);
    let mut std_dst: Vec<u16> = Vec::with_capacity(peer_len);
    let s = text.str();

    let ours = |dst: &mut [u16]| {
        let (status, read, written) = UTF_8.decoder(DecodeMode::Replace).decode_to_utf16(src, dst, true);
        black_box((status.is_input_empty(), read, written))
    };
    let peer = |dst: &mut [u16]| {
        let mut decoder = encoding_rs::UTF_8.new_decoder_without_bom_handling();
        black_box(decoder.decode_to_utf16(src, dst, true))
    };
    let std = |dst: &mut Vec<u16>| {
        dst.clear();
        dst.extend(black_box(s).encode_utf16());
    };
    let (ok, read, written) = ours(ours_dst.as_mut_slice());
    let (result, peer_read, peer_written, _) = peer(peer_dst.as_mut_slice());
    std(&mut std_dst);
    if !ok || read != src.len() || result != encoding_rs::CoderResult::InputEmpty || peer_read != src.len() {
        return Err("a decoder stopped early".into());
    }
    let ours_out = &ours_dst.as_slice()[..written];
    same(ours_out, &peer_dst.as_slice()[..peer_written], "encoding_rs")?;
    same(ours_out, &std_dst[..], "std")?;

    let times = timer.race(&mut [
        &mut || _ = ours(ours_dst.as_mut_slice()),
        &mut || _ = peer(peer_dst.as_mut_slice()),
        &mut || {
            std(&mut std_dst);
            black_box(std_dst.len());
        },
    ]);
    Ok(speeds(src.len(), &times))
}

fn utf16_to_utf8(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    let src = text.utf16.as_slice();
    let ours_len = UTF_8.encoder(EncodeMode::Fatal).max_len_from_utf16(src.len()).ok_or("overflow")?;
    let peer_len = encoding_rs::UTF_8
        .new_encoder()
        .max_buffer_length_from_utf16_without_replacement(src.len())
        .ok_or("overflow")?;
    let mut ours_dst = Placed::<u8>::zeroed(ours_len, DST_OFFSET);
    let mut peer_dst = Placed::<u8>::zeroed(peer_len, DST_OFFSET);

    let ours = |dst: &mut [u8]| {
        let (status, read, written) = UTF_8.encoder(EncodeMode::Fatal).encode_from_utf16(src, dst, true);
        black_box((status.is_input_empty(), read, written))
    };
    let peer = |dst: &mut [u8]| {
        let mut encoder = encoding_rs::UTF_8.new_encoder();
        black_box(encoder.encode_from_utf16(src, dst, true))
    };
    let std = || black_box(String::from_utf16(black_box(src)));
    let (ok, read, written) = ours(ours_dst.as_mut_slice());
    let (result, peer_read, peer_written, _) = peer(peer_dst.as_mut_slice());
    if !ok || read != src.len() || result != encoding_rs::CoderResult::InputEmpty || peer_read != src.len() {
        return Err("an encoder stopped early".into());
    }
    let ours_out = &ours_dst.as_slice()[..written];
    same(ours_out, &peer_dst.as_slice()[..peer_written], "encoding_rs")?;
    same(ours_out, std().map_err(|e| e.to_string())?.as_bytes(), "std")?;
    same(ours_out, text.utf8.as_slice(), "the corpus")?;

    let times = timer.race(&mut [
        &mut || _ = ours(ours_dst.as_mut_slice()),
        &mut || _ = peer(peer_dst.as_mut_slice()),
        &mut || _ = std(),
    ]);
    Ok(speeds(text.utf8.len, &times))
}

fn transcode_to_utf16le(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    let src = text.utf8.as_slice();
    // The Transcoder has no output-size function: UTF-16LE takes at most
    // two bytes per UTF-8 byte; it runs its kernels only while the room
    // left is at least three bytes per input byte (see the report).
    let mut ours_dst = Placed::<u8>::zeroed(3 * src.len() + 64, DST_OFFSET);
    let peer_len =
        encoding_rs::UTF_8.new_decoder_without_bom_handling().max_utf16_buffer_length(src.len()).ok_or("overflow")?;
    let mut units = Placed::<u16>::zeroed(peer_len, DST_OFFSET);
    let mut peer_dst = Placed::<u8>::zeroed(2 * peer_len, DST_OFFSET);

    let ours = |dst: &mut [u8]| {
        let mut transcoder = Transcoder::new(&UTF_8, DecodeMode::Replace, &UTF_16LE, EncodeMode::Fatal);
        let (status, read, written) = transcoder.transcode(src, dst, true);
        black_box((status.is_input_empty(), read, written))
    };
    let peer = |units: &mut [u16], dst: &mut [u8]| {
        let mut decoder = encoding_rs::UTF_8.new_decoder_without_bom_handling();
        let (result, read, written, _) = decoder.decode_to_utf16(src, units, true);
        for (pair, unit) in dst.chunks_exact_mut(2).zip(&units[..written]) {
            pair.copy_from_slice(&unit.to_le_bytes());
        }
        black_box((result == encoding_rs::CoderResult::InputEmpty, read, 2 * written))
    };
    let (ok, read, written) = ours(ours_dst.as_mut_slice());
    let (peer_ok, peer_read, peer_written) = peer(units.as_mut_slice(), peer_dst.as_mut_slice());
    if !ok || !peer_ok || read != src.len() || peer_read != src.len() {
        return Err("a transcoder stopped early".into());
    }
    same(&ours_dst.as_slice()[..written], &peer_dst.as_slice()[..peer_written], "encoding_rs")?;
    same(&ours_dst.as_slice()[..written], text.utf16le.as_slice(), "the corpus")?;

    let times = timer.race(&mut [&mut || _ = ours(ours_dst.as_mut_slice()), &mut || {
        _ = peer(units.as_mut_slice(), peer_dst.as_mut_slice())
    }]);
    Ok(speeds(src.len(), &times))
}

fn transcode_from_utf16le(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    let src = text.utf16le.as_slice();
    let mut ours_dst = Placed::<u8>::zeroed(3 * src.len() + 64, DST_OFFSET);
    let peer_len =
        encoding_rs::UTF_16LE.new_decoder_without_bom_handling().max_utf8_buffer_length(src.len()).ok_or("overflow")?;
    let mut peer_dst = Placed::<u8>::zeroed(peer_len, DST_OFFSET);

    let ours = |dst: &mut [u8]| {
        let mut transcoder = Transcoder::new(&UTF_16LE, DecodeMode::Replace, &UTF_8, EncodeMode::Fatal);
        let (status, read, written) = transcoder.transcode(src, dst, true);
        black_box((status.is_input_empty(), read, written))
    };
    let peer = |dst: &mut [u8]| {
        let mut decoder = encoding_rs::UTF_16LE.new_decoder_without_bom_handling();
        let (result, read, written, _) = decoder.decode_to_utf8(src, dst, true);
        black_box((result == encoding_rs::CoderResult::InputEmpty, read, written))
    };
    let (ok, read, written) = ours(ours_dst.as_mut_slice());
    let (peer_ok, peer_read, peer_written) = peer(peer_dst.as_mut_slice());
    if !ok || !peer_ok || read != src.len() || peer_read != src.len() {
        return Err("a transcoder stopped early".into());
    }
    same(&ours_dst.as_slice()[..written], &peer_dst.as_slice()[..peer_written], "encoding_rs")?;
    same(&ours_dst.as_slice()[..written], text.utf8.as_slice(), "the corpus")?;

    let times = timer.race(&mut [&mut || _ = ours(ours_dst.as_mut_slice()), &mut || _ = peer(peer_dst.as_mut_slice())]);
    Ok(speeds(text.utf8.len, &times))
}

fn transcode_reader(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    let src = text.utf8.as_slice();
    let mut ours_out: Vec<u8> = Vec::with_capacity(3 * src.len() + 64);
    let mut peer_dst = Placed::<u8>::zeroed(3 * src.len() + 64, DST_OFFSET);

    let ours = |out: &mut Vec<u8>| {
        out.clear();
        let mut reader = TranscodeReader::new(src, &UTF_8, DecodeMode::Replace, &UTF_16LE, EncodeMode::Fatal);
        black_box(reader.read_to_end(out).map_err(|e| e.to_string()))
    };
    let peer = |dst: &mut [u8]| {
        let mut transcoder = Transcoder::new(&UTF_8, DecodeMode::Replace, &UTF_16LE, EncodeMode::Fatal);
        let (status, read, written) = transcoder.transcode(src, dst, true);
        black_box((status.is_input_empty(), read, written))
    };
    ours(&mut ours_out)?;
    let (ok, read, written) = peer(peer_dst.as_mut_slice());
    if !ok || read != src.len() {
        return Err("the transcoder stopped early".into());
    }
    same(&ours_out[..], &peer_dst.as_slice()[..written], "the Transcoder")?;

    let times = timer.race(&mut [&mut || _ = ours(&mut ours_out), &mut || _ = peer(peer_dst.as_mut_slice())]);
    Ok(speeds(src.len(), &times))
}

fn decode_code_points(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    let src = text.utf8.as_slice();
    let s = text.str();
    let ours = || black_box(UTF_8.decode(black_box(src)));
    let std = || black_box(black_box(s).chars().collect::<Vec<char>>());
    let points: Vec<u32> = ours().map_err(|e| e.to_string())?.iter().map(|p| p.to_u32()).collect();
    let chars: Vec<u32> = std().into_iter().map(u32::from).collect();
    same(&points, &chars, "std")?;

    let times = timer.race(&mut [&mut || _ = ours(), &mut || _ = std()]);
    Ok(speeds(src.len(), &times))
}

fn lossy_valid(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    let src = text.utf8.as_slice();
    let ours = || black_box(codec_utf8::to_str_lossy(black_box(src)));
    let std = || black_box(String::from_utf8_lossy(black_box(src)));
    if !matches!(ours(), Cow::Borrowed(_)) {
        return Err("valid text was not borrowed".into());
    }
    same(&ours(), &std(), "std")?;

    let times = timer.race(&mut [&mut || _ = ours(), &mut || _ = std()]);
    Ok(speeds(src.len(), &times))
}

fn lossy(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    let bad = utfx_bench::corpus::every_thousand(text.str(), &[0xFF]);
    let src = &Placed::copy_of(&bad, SRC_OFFSET);
    let src = src.as_slice();
    let ours = || black_box(codec_utf8::to_str_lossy(black_box(src)));
    let std = || black_box(String::from_utf8_lossy(black_box(src)));
    let out = ours();
    if src.len() >= 1000 && matches!(out, Cow::Borrowed(_)) {
        return Err("the ill-formed text decoded without replacement".into());
    }
    same(&out, &std(), "std")?;

    let times = timer.race(&mut [&mut || _ = ours(), &mut || _ = std()]);
    Ok(speeds(src.len(), &times))
}

fn encode_code_points(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    let points: Vec<CodePoint> = text.str().chars().map(CodePoint::from).collect();
    let chars: Vec<char> = text.str().chars().collect();
    let ours = || black_box(UTF_8.encode(black_box(&points)));
    let std = || black_box(black_box(&chars).iter().collect::<String>());
    let out = ours().map_err(|e| e.to_string())?;
    same(&out[..], std().as_bytes(), "std")?;
    same(&out[..], text.utf8.as_slice(), "the corpus")?;

    let times = timer.race(&mut [&mut || _ = ours(), &mut || _ = std()]);
    Ok(speeds(text.utf8.len, &times))
}

fn validate_utf16le(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    let src = text.utf16le.as_slice();
    let ours = || UTF_16LE.validate(black_box(src)).is_ok();
    let std = || {
        let src = black_box(src);
        src.len().is_multiple_of(2)
            && char::decode_utf16(src.chunks_exact(2).map(|p| u16::from_le_bytes([p[0], p[1]]))).all(|r| r.is_ok())
    };
    same(&ours(), &std(), "std")?;
    same(&ours(), &true, "the corpus")?;

    let times = timer.race(&mut [&mut || _ = black_box(ours()), &mut || _ = black_box(std())]);
    Ok(speeds(text.utf8.len, &times))
}

fn validate_wtf8(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    // U+D800, a lead surrogate: never followed by a trail, so never a pair.
    let wtf = utfx_bench::corpus::every_thousand(text.str(), &[0xED, 0xA0, 0x80]);
    let wtf = &Placed::copy_of(&wtf, SRC_OFFSET);
    let (wtf, utf8) = (wtf.as_slice(), text.utf8.as_slice());
    same(&WTF_8.validate(wtf).is_ok(), &simdutf8::basic::from_utf8(utf8).is_ok(), "simdutf8")?;
    if wtf.len() > utf8.len() && simdutf8::basic::from_utf8(wtf).is_ok() {
        return Err("the text with surrogates is valid UTF-8".into());
    }
    let times = timer.race(&mut [&mut || _ = black_box(WTF_8.validate(black_box(wtf)).is_ok()), &mut || {
        _ = black_box(simdutf8::basic::from_utf8(black_box(utf8)).is_ok())
    }]);
    Ok(vec![gbps(wtf.len(), times[0]), gbps(utf8.len(), times[1])])
}

fn wtf8_to_wtf16(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    let wtf = utfx_bench::corpus::every_thousand(text.str(), &[0xED, 0xA0, 0x80]);
    let wtf = &Placed::copy_of(&wtf, SRC_OFFSET);
    let (wtf, utf8) = (wtf.as_slice(), text.utf8.as_slice());
    let ours = || codec_wtf8::Wtf8::from_bytes(black_box(wtf)).map(codec_wtf8::Wtf8::to_wide);
    let peer = || {
        let mut units = vec![0u16; utf8.len()];
        let (status, _, written) = UTF_8.decoder(DecodeMode::Fatal).decode_to_utf16(black_box(utf8), &mut units, true);
        units.truncate(written);
        status.is_input_empty().then_some(units)
    };
    let wide = ours().map_err(|e| e.to_string())?;
    let expected: Vec<u16> = codec_wtf8::Wtf8::from_bytes(wtf).map_err(|e| e.to_string())?.encode_wide().collect();
    same(&wide, &expected, "Wtf8::encode_wide")?;
    same(&peer(), &Some(text.utf16.as_slice().to_vec()), "the corpus")?;
    if wide.len() <= text.utf16.len {
        return Err("the text has no lone surrogates".into());
    }
    let times = timer.race(&mut [&mut || _ = black_box(ours()), &mut || _ = black_box(peer())]);
    Ok(vec![gbps(wtf.len(), times[0]), gbps(utf8.len(), times[1])])
}

fn wtf16_to_wtf8(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    let wtf = utfx_bench::corpus::every_thousand(text.str(), &[0xED, 0xA0, 0x80]);
    let wide: Vec<u16> = codec_wtf8::Wtf8::from_bytes(&wtf).map_err(|e| e.to_string())?.encode_wide().collect();
    let wide = &Placed::copy_of(&wide, SRC_OFFSET);
    let (wide, utf16) = (wide.as_slice(), text.utf16.as_slice());
    let ours = || codec_wtf8::Wtf8Buf::from_wide(black_box(wide));
    let peer = || {
        let mut bytes = vec![0u8; 3 * utf16.len()];
        let (status, _, written) =
            UTF_8.encoder(EncodeMode::Fatal).encode_from_utf16(black_box(utf16), &mut bytes, true);
        bytes.truncate(written);
        status.is_input_empty().then_some(bytes)
    };
    same(ours().as_bytes(), &wtf[..], "the text with surrogates")?;
    same(&peer(), &Some(text.utf8.as_slice().to_vec()), "the corpus")?;
    let times = timer.race(&mut [&mut || _ = black_box(ours()), &mut || _ = black_box(peer())]);
    Ok(vec![gbps(wtf.len(), times[0]), gbps(text.utf8.len, times[1])])
}

fn validate_inf(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    use codec_utf_inf_8::UTF_INF_8;
    let src = text.utf8.as_slice();
    same(&UTF_INF_8.validate(src).is_ok(), &simdutf8::basic::from_utf8(src).is_ok(), "simdutf8")?;
    same(&UTF_INF_8.validate(src), &UTF_8.validate(src), "UTF_8")?;
    let times = timer.race(&mut [
        &mut || _ = black_box(UTF_INF_8.validate(black_box(src)).is_ok()),
        &mut || _ = black_box(simdutf8::basic::from_utf8(black_box(src)).is_ok()),
        &mut || _ = black_box(UTF_8.validate(black_box(src)).is_ok()),
    ]);
    Ok(speeds(src.len(), &times))
}

fn inf_to_utf16(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    // The buffer APIs speak `CodePoint`: the registry's view.
    const INF: codec_core::Narrow<&codec_utf_inf_8::UtfInf8> = codec_core::Narrow(&codec_utf_inf_8::UTF_INF_8);
    let src = text.utf8.as_slice();
    let len = UTF_8.decoder(DecodeMode::Replace).max_utf16_len(src.len()).ok_or("overflow")?;
    let mut ours_dst = Placed::<u16>::zeroed(len, DST_OFFSET);
    let mut peer_dst = Placed::<u16>::zeroed(len, DST_OFFSET);
    let ours = |dst: &mut [u16]| {
        let (status, read, written) = Decoder::new(&INF, DecodeMode::Replace).decode_to_utf16(src, dst, true);
        black_box((status.is_input_empty(), read, written))
    };
    let peer = |dst: &mut [u16]| {
        let (status, read, written) = UTF_8.decoder(DecodeMode::Replace).decode_to_utf16(src, dst, true);
        black_box((status.is_input_empty(), read, written))
    };
    let (ok, read, written) = ours(ours_dst.as_mut_slice());
    let (peer_ok, _, peer_written) = peer(peer_dst.as_mut_slice());
    if !ok || !peer_ok || read != src.len() {
        return Err("a decoder stopped early".into());
    }
    same(&ours_dst.as_slice()[..written], &peer_dst.as_slice()[..peer_written], "UTF_8")?;
    let times = timer.race(&mut [&mut || _ = ours(ours_dst.as_mut_slice()), &mut || _ = peer(peer_dst.as_mut_slice())]);
    Ok(speeds(src.len(), &times))
}

fn inf_decode(text: &Text, timer: &Timer) -> Result<Vec<f64>, String> {
    use codec_utf_inf_8::UTF_INF_8;
    let src = text.utf8.as_slice();
    let ours = || black_box(UTF_INF_8.decode(black_box(src)));
    let peer = || black_box(UTF_8.decode(black_box(src)));
    let widened = || black_box(codec_core::Big(&UTF_8).decode(black_box(src)));
    let big: Vec<u64> = ours().map_err(|e| e.to_string())?.iter().filter_map(|p| p.to_u64()).collect();
    let narrow: Vec<u64> = peer().map_err(|e| e.to_string())?.iter().map(|p| u64::from(p.to_u32())).collect();
    same(&big, &narrow, "UTF_8")?;
    same(&ours(), &widened(), "Big(UTF_8)")?;
    let times = timer.race(&mut [&mut || _ = ours(), &mut || _ = peer(), &mut || _ = widened()]);
    Ok(speeds(src.len(), &times))
}

// ---------------------------------------------------------------------------
// Reports

/// One operation's speeds: per text, utfx then each peer.
struct Results {
    op: &'static Op,
    rows: Vec<(String, Vec<f64>)>,
}

impl Results {
    /// Geometric means over the texts: utfx, each peer, and utfx's ratio
    /// to each peer.
    fn means(&self) -> (Vec<f64>, Vec<f64>) {
        let speeds = (0..=self.op.peers.len()).map(|i| geomean(self.rows.iter().map(|(_, s)| s[i]))).collect();
        let ratios = (1..=self.op.peers.len()).map(|i| geomean(self.rows.iter().map(|(_, s)| s[0] / s[i]))).collect();
        (speeds, ratios)
    }

    /// The per-text table, in Markdown.
    fn table(&self) -> String {
        let mut out = String::from("| text | utfx GB/s |");
        for peer in self.op.peers {
            let _ = write!(out, " {peer} GB/s | ratio |");
        }
        out.push_str("\n|---|---:|");
        out.push_str(&"---:|---:|".repeat(self.op.peers.len()));
        out.push('\n');
        let row = |out: &mut String, name: &str, speeds: &[f64], ratios: &[f64]| {
            let _ = write!(out, "| {name} | {:.2} |", speeds[0]);
            for (speed, ratio) in speeds[1..].iter().zip(ratios) {
                let _ = write!(out, " {speed:.2} | {ratio:.2}x |");
            }
            out.push('\n');
        };
        for (name, speeds) in &self.rows {
            let ratios: Vec<f64> = speeds[1..].iter().map(|s| speeds[0] / s).collect();
            row(&mut out, &format!("`{name}`"), speeds, &ratios);
        }
        let (speeds, ratios) = self.means();
        row(&mut out, "**geometric mean**", &speeds, &ratios);
        out
    }
}

fn geomean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0), |(sum, n), v| (sum + v.ln(), n + 1));
    (sum / f64::from(n)).exp()
}

/// The summary: one row per operation and peer, in Markdown.
fn summary(results: &[Results]) -> String {
    let mut out = String::from("| operation | peer | utfx GB/s | peer GB/s | ratio |\n|---|---|---:|---:|---:|\n");
    for result in results {
        let (speeds, ratios) = result.means();
        for (i, peer) in result.op.peers.iter().enumerate() {
            let _ = writeln!(
                out,
                "| {} | {peer} | {:.2} | {:.2} | {:.2}x |",
                result.op.title,
                speeds[0],
                speeds[i + 1],
                ratios[i]
            );
        }
    }
    out
}

/// Which texts a target counts.
#[derive(Clone, Copy, PartialEq)]
enum Texts {
    All,
    /// The texts that are (nearly) all ASCII: [`ASCII_TEXTS`].
    Ascii,
    /// The others.
    NonAscii,
}

/// The texts of the corpus that are at least 98% ASCII bytes
/// (`bench/data/stats.txt`).
const ASCII_TEXTS: [&str; 2] = ["01_latin_lipsum", "02_english_mars"];

/// A target of the performance issue (issue 14) that this harness measures:
/// utfx's ratio to `peer` on operation `op`, as a geometric mean over
/// `texts`, at least `ratio`, and no single text below half of it.
struct Target {
    op: &'static str,
    peer: &'static str,
    texts: Texts,
    ratio: f64,
    /// What stands in the way, printed when the target is missed.
    limit: &'static str,
}

/// The targets; the others (the simdutf C++ library, the CLI against
/// `iconv`, WTF-8 to and from WTF-16) are not measured here.
const TARGETS: &[Target] = &[
    Target {
        op: "validate",
        peer: "simdutf8",
        texts: Texts::All,
        ratio: 0.95,
        limit: "utfx runs simdutf8 itself, one pass of its basic check over the whole input; a miss is noise",
    },
    Target {
        op: "utf8-to-utf16",
        peer: "encoding_rs",
        texts: Texts::NonAscii,
        ratio: 3.0,
        limit: "validation (simdutf8) is a pass of its own before the conversion, which works out 32 positions \
                at once and packs the units eight at a time (about 6 GB/s alone on non-ASCII text)",
    },
    Target {
        op: "utf8-to-utf16",
        peer: "encoding_rs",
        texts: Texts::Ascii,
        ratio: 1.0,
        limit: "64 ASCII bytes are widened per block",
    },
    Target {
        op: "utf16-to-utf8",
        peer: "encoding_rs",
        texts: Texts::NonAscii,
        ratio: 3.0,
        limit: "eight units per step (four for three-byte text), packed through a 256-entry shuffle table; \
                mixed text changes path often",
    },
    Target {
        op: "utf16-to-utf8",
        peer: "encoding_rs",
        texts: Texts::Ascii,
        ratio: 1.0,
        limit: "the encoder's buffer API counts code points for its error index in a second pass",
    },
    Target {
        op: "decode",
        peer: "std",
        texts: Texts::All,
        ratio: 3.0,
        limit: "each 32 bytes are checked with the family validator's tables just before they are decoded, 32 \
                bytes a step whatever the mix of lengths (only runs of ASCII, of three- and of four-byte characters \
                have faster steps); Korean, three-byte syllables between spaces, takes the general step every time \
                (about 33 cycles a block, most of them shuffles), while std is quick on short, regular text",
    },
    Target {
        op: "encode",
        peer: "std",
        texts: Texts::All,
        ratio: 3.0,
        limit: "eight code points a step; text that mixes lengths within eight (ASCII spaces between three-byte \
                characters) takes the general step, with a table lookup per four code points",
    },
    Target {
        op: "lossy-valid",
        peer: "std",
        texts: Texts::NonAscii,
        ratio: 5.0,
        limit: "valid text is checked once by simdutf8 and borrowed, so the ratio is simdutf8's over std's \
                `from_utf8`, which is fast on the texts that are mostly ASCII",
    },
    Target {
        op: "lossy",
        peer: "std",
        texts: Texts::All,
        ratio: 2.0,
        limit: "each error costs a decoder call and a new window of the fast skip",
    },
    Target {
        op: "validate-utf16le",
        peer: "std",
        texts: Texts::All,
        ratio: 3.0,
        limit: "16 units per step with AVX2; std's `char::decode_utf16` is the peer on ASCII as on the rest",
    },
    Target {
        op: "validate-wtf8",
        peer: "simdutf8",
        texts: Texts::All,
        ratio: 0.8,
        limit: "the family validator (decision 0014) checks each 64-byte block that holds a lone surrogate, where the \
                peer's text without them is all ASCII on the ASCII texts (the issue's target is 0.8x our own UTF-8 \
                validation, which equals simdutf8's speed: the row compares with simdutf8)",
    },
    Target {
        op: "wtf8-to-wtf16",
        peer: "UTF_8",
        texts: Texts::All,
        ratio: 0.8,
        limit: "WTF-8 validation (its own table-driven pass) and the conversion are two passes",
    },
    Target {
        op: "wtf16-to-wtf8",
        peer: "UTF_8",
        texts: Texts::All,
        ratio: 0.8,
        limit: "the UTF-16 to UTF-8 kernel stops before each lone surrogate, which costs a call",
    },
    Target {
        op: "simdutf-utf8-to-utf16",
        peer: "simdutf",
        texts: Texts::NonAscii,
        ratio: 0.7,
        limit: "validation is a pass of its own before the conversion; simdutf fuses the two (and runs \
                AVX-512 where the processor has it, utfx AVX2 only)",
    },
    Target {
        op: "simdutf-utf16-to-utf8",
        peer: "simdutf",
        texts: Texts::NonAscii,
        ratio: 0.7,
        limit: "eight units per step with AVX2 (simdutf runs AVX-512 where the processor has it)",
    },
];

/// The targets' section of `docs/PERFORMANCE.md`.
fn targets_md(results: &[Results]) -> String {
    let mut out =
        String::from("| operation | peer | texts | target | measured (worst text) | |\n|---|---|---|---:|---:|---|\n");
    let mut notes = String::new();
    for target in TARGETS {
        let Some(result) = results.iter().find(|r| r.op.name == target.op) else { continue };
        let Some(peer) = result.op.peers.iter().position(|&p| p == target.peer) else { continue };
        let ratios: Vec<(&str, f64)> = result
            .rows
            .iter()
            .filter(|(name, _)| match target.texts {
                Texts::All => true,
                Texts::Ascii => ASCII_TEXTS.contains(&name.as_str()),
                Texts::NonAscii => !ASCII_TEXTS.contains(&name.as_str()),
            })
            .map(|(name, s)| (name.as_str(), s[0] / s[peer + 1]))
            .collect();
        if ratios.is_empty() {
            continue;
        }
        let mean = geomean(ratios.iter().map(|&(_, r)| r));
        let (worst_name, worst) =
            ratios.iter().copied().fold(("", f64::INFINITY), |a, b| if b.1 < a.1 { b } else { a });
        let met = mean >= target.ratio && worst >= target.ratio / 2.0;
        let texts = match target.texts {
            Texts::All => "all",
            Texts::Ascii => "ASCII",
            Texts::NonAscii => "non-ASCII",
        };
        let _ = writeln!(
            out,
            "| {} | {} | {texts} | {:.2}x | {mean:.2}x ({worst:.2}x, `{worst_name}`) | {} |",
            result.op.title,
            target.peer,
            target.ratio,
            if met { "met" } else { "**missed**" }
        );
        if !met {
            let _ = writeln!(notes, "* {} against {}, {texts} texts: {}.", result.op.title, target.peer, target.limit);
        }
    }
    if !notes.is_empty() {
        let _ = write!(out, "\nWhy the misses:\n\n{notes}");
    }
    out
}

/// `docs/PERFORMANCE.md`.
fn results_md(results: &[Results], summary: &str, texts: usize) -> String {
    let mut out = String::from("<!-- DO NOT EDIT. Generated by cargo xtask bench -->\n\n# Performance\n\n");
    let _ = write!(
        out,
        "Measured on {date} (UTC), {cpu}, {cores} cores, {rustc}, one thread.\n\n\
         **The numbers are noisy: ratios matter, not absolute speeds.** The machine is shared with \
         other engineers' builds and tests, so absolute GB/s drift from run to run; the ratios hold \
         better, because utfx and its peers run in turn, round after round, in the same process, and \
         each keeps its best time. The figures are not reproducible, so there is no `--check`.\n\n\
         GB/s counts the text's UTF-8 bytes for every contender of a row, whatever the operation's \
         input (the lossy and WTF-8 rows count their own modified inputs); a ratio is utfx's speed over \
         the peer's, above 1 meaning utfx is faster. Corpus: `bench/data/` (`MANIFEST.md`); method and \
         peers: `xtask/src/bench.rs`. The kernels: decision 0013.\n\n\
         ## Targets of the performance issue\n\n\
         A target is met when the geometric mean of the ratios over its texts reaches it and no text \
         falls below half of it. The ASCII texts are {ascii}.\n\n{targets}\n\
         ## Summary: geometric means over {texts} texts\n\n{summary}\n## Per text\n",
        ascii = ASCII_TEXTS.map(|t| format!("`{t}`")).join(" and "),
        targets = targets_md(results),
        date = today(),
        cpu = cpu_model(),
        cores = std::thread::available_parallelism().map_or(1, |n| n.get()),
        rustc = rustc_version(),
    );
    for result in results {
        let _ = write!(out, "\n### {} [`{}`]\n\n{}", result.op.title, result.op.name, result.table());
    }
    out
}

/// The CPU's model name, from `/proc/cpuinfo`.
fn cpu_model() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model =
        info.lines().find_map(|l| l.strip_prefix("model name")?.split_once(':').map(|(_, m)| m.trim().to_owned()));
    model.unwrap_or_else(|| "an unknown CPU".into())
}

/// `rustc --version`.
fn rustc_version() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    std::process::Command::new(rustc)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_else(|_| "an unknown rustc".into())
}

/// Today's date (UTC) as `YYYY-MM-DD`.
fn today() -> String {
    let secs = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    // Howard Hinnant's days-to-civil algorithm.
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}
