//! `cargo xtask bench [--quick] [--filter NAME] [--level LEVEL] | --cli`:
//! utfx's buffer APIs side by side with their peers (std, simdutf8, encoding_rs, and with the feature
//! `simdutf` the simdutf C++ library) in one run, on the
//! corpus of `bench/data/` (see its `MANIFEST.md`).
//!
//! The operations are `utfx_bench::ops`, which the criterion benches run
//! too: each prepares its inputs and buffers once per text and checks once
//! that utfx's output equals every peer's (so the harness cannot time
//! something wrong); this harness then races the contenders with
//! [`Timer::race`]:
//! a warm-up, then rounds in which each contender runs once in turn (so that
//! noise from the other engineers on this shared machine hits all of them
//! alike), keeping each one's best (minimum) time. One thread only.
//!
//! Throughput is gigabytes per second of the bytes each operation counts
//! (`utfx_bench::ops`: the text's UTF-8 form for most). Ratios are utfx
//! over the peer: above 1 is faster. Only ratios mean much: the machine is
//! shared and absolute speeds drift.
//!
//! Every run measures each kernel level this machine can run in turn
//! (`utfx_kernels::force_level`: the level it chooses first, then the
//! others from the widest to `portable`; `avx512`, `avx2`, `sse4.2`,
//! `neon`, `portable`, as the machine has them), pinned for utfx's side of
//! every race; the peers choose their own, but for the `valid-prefix` row,
//! where at `sse4.2` the peer is simdutf8's SSE4.2 implementation, and for
//! simdutf. With the feature `simdutf`, each level runs in a child process
//! of its own (`child.rs`: this xtask again, with `--level LEVEL` and the
//! internal flag `--level-child`) whose `SIMDUTF_FORCE_IMPLEMENTATION`
//! names simdutf's kernels of the same level, which simdutf reads once per
//! process: `icelake` at `avx512`, `haswell` at `avx2`, `westmere` at
//! `sse4.2`, `fallback` at `portable`. The child checks that simdutf took
//! them (as far as its bindings tell: they cannot name the kernels that
//! run) and prints its speeds as tab-separated lines, which this process
//! reads back and reports as it would its own; without the feature every
//! level runs in this process. The level the machine chooses races longer
//! than the others. A full
//! run (no flag) writes one section per level to `docs/PERFORMANCE.md`:
//! the tables and each target of that level's tier ([`TARGETS`]) met or
//! missed, and at the AVX2 and AVX-512 levels each row against its ratio at
//! commit 8bf909e ([`BASELINE`]), then the CLI's sections (`cli.rs`: the
//! CLI against iconv and against reading the same file). `--quick` (three
//! texts, short races: a CI smoke run), `--filter NAME` (the operations
//! whose name contains NAME) and `--level LEVEL` (that level alone) only
//! print; `--cli` prints the CLI's sections alone. Unoptimized builds
//! re-run themselves with `--release`.

use std::fmt::Write as _;
use std::time::{Duration, Instant, SystemTime};

use utfx_bench::ops::{self, Contender, Input, Op};

#[cfg(feature = "simdutf")]
mod child;
mod cli;
use utfx_kernels::Level;

const USAGE: &str = "usage: cargo xtask bench [--quick] [--filter NAME] [--level LEVEL] | --cli";

/// The texts `--quick` measures: ASCII, a 1/2-byte mix, 4-byte only.
const QUICK_TEXTS: [&str; 3] = ["01_latin_lipsum", "05_russian_mars", "12_emoji_lipsum"];

/// Runs the subcommand.
pub(crate) fn main(args: &[String]) -> Result<(), String> {
    let (mut quick, mut filter, mut level) = (false, None, None);
    // Whether this is the process of one level of a run with the simdutf
    // rows (`child.rs`).
    #[cfg(feature = "simdutf")]
    let mut is_child = false;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--quick" => quick = true,
            "--cli" if args.len() == 1 => {
                print!("{}", cli::md(&crate::workspace_root())?);
                return Ok(());
            }
            "--filter" => filter = Some(rest.next().ok_or(USAGE)?.clone()),
            "--level" => {
                let name = rest.next().ok_or(USAGE)?;
                level = Some(Level::from_name(name).ok_or_else(|| format!("no level {name}: {USAGE}"))?);
            }
            #[cfg(feature = "simdutf")]
            child::FLAG => is_child = true,
            _ => return Err(USAGE.into()),
        }
    }
    let ops: Vec<&'static Op> =
        ops::all().filter(|op| filter.as_ref().is_none_or(|f| op.name.contains(f.as_str()))).collect();
    if ops.is_empty() {
        let names: Vec<&str> = ops::all().map(|op| op.name).collect();
        return Err(format!("no operation matches the filter; the operations: {}", names.join(", ")));
    }
    if cfg!(debug_assertions) {
        return crate::rerun_optimized("bench", args, "the benchmark failed (see above)");
    }
    let levels = match level {
        Some(level) if !level.is_available() => {
            return Err(format!("this machine cannot run the kernels at level {}", level.name()));
        }
        Some(level) => vec![level],
        None => levels(),
    };
    let root = crate::workspace_root();
    let mut texts = utfx_bench::corpus::load(&root.join("bench/data"))?;
    if quick {
        texts.retain(|t| QUICK_TEXTS.contains(&t.name.as_str()));
    }
    let texts: Vec<Input> = texts.iter().map(Input::new).collect();

    let chosen = detected_level();
    #[cfg(feature = "simdutf")]
    if is_child {
        let (Some(level), [_]) = (level, &levels[..]) else {
            return Err(format!("{} takes --level", child::FLAG));
        };
        return child::serve(level, || {
            race_level(level, &Timer::for_level(quick, level == chosen), &ops, &texts, &mut child::emit)
        });
    }
    let start = Instant::now();
    let mut runs = Vec::new();
    for &level in &levels {
        println!("# Kernels at level {}\n", level.name());
        let mut results = Vec::new();
        let mut report = |result: Results| {
            println!("## {} [{}]\n\n{}", result.op.title, result.op.name, result.table());
            results.push(result);
        };
        // With the simdutf rows, in a process of its own whose simdutf runs
        // the kernels of the same level; without them, here.
        #[cfg(feature = "simdutf")]
        child::race(level, quick, filter.as_deref(), &ops, &mut report)?;
        #[cfg(not(feature = "simdutf"))]
        race_level(level, &Timer::for_level(quick, level == chosen), &ops, &texts, &mut report)?;
        let run = LevelRun { level, chosen: level == chosen, results };
        println!(
            "## Summary at level {}: geometric means over {} texts (fewer in a row whose table lists fewer)\n\n{}",
            level.name(),
            texts.len(),
            summary(&run.results)
        );
        println!("## Targets at level {}\n\n{}", level.name(), targets_md(&run));
        runs.push(run);
    }
    println!("{:.0} s in all", start.elapsed().as_secs_f64());
    if !quick && filter.is_none() && level.is_none() {
        let path = root.join("docs/PERFORMANCE.md");
        let cli = cli::md(&root)?;
        std::fs::write(&path, results_md(&runs, texts.len()) + &cli)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// Races every operation of `ops` on every text it measures (not those
/// for which [`Op::prepare`] gives no contenders) with the kernels pinned
/// to `level`, and hands each operation's speeds to `report` as soon as it
/// has them; leaves the kernels unpinned.
///
/// # Errors
///
/// A level this machine cannot run, or an operation whose check fails on a
/// text (utfx's output differs from a peer's).
fn race_level(
    level: Level,
    timer: &Timer,
    ops: &[&'static Op],
    texts: &[Input],
    report: &mut dyn FnMut(Results),
) -> Result<(), String> {
    if !utfx_kernels::force_level(Some(level)) {
        return Err(format!("this machine cannot run the kernels at level {}", level.name()));
    }
    let raced = ops.iter().try_for_each(|&op| {
        let mut rows = Vec::new();
        for text in texts {
            let mut contenders =
                op.prepare(text).map_err(|e| format!("{} on {} at level {}: {e}", op.name, text.name, level.name()))?;
            if contenders.is_empty() {
                // Nothing to measure on this text: left out of the row.
                continue;
            }
            let times = timer.race(&mut contenders);
            let speeds = contenders.iter().zip(times).map(|(c, t)| gbps(c.bytes, t)).collect();
            rows.push((text.name.clone(), speeds));
        }
        report(Results { op, rows });
        Ok(())
    });
    utfx_kernels::force_level(None);
    raced
}

/// The level this machine chooses ([`utfx_kernels::level`] with nothing
/// pinned).
fn detected_level() -> Level {
    utfx_kernels::force_level(None);
    utfx_kernels::level()
}

/// Every level this build on this machine can run: the one it chooses
/// first, then the others from the widest to the portable code.
fn levels() -> Vec<Level> {
    let chosen = detected_level();
    let others = [Level::Avx512, Level::Avx2, Level::Sse42, Level::Neon, Level::Portable];
    std::iter::once(chosen).chain(others.into_iter().filter(|&l| l != chosen && l.is_available())).collect()
}

/// The kernels' tiers, each with its targets.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Tier {
    /// AVX2 and AVX-512: the hand-written kernels of decisions 0013 and 0014.
    Wide,
    /// SSE4.2 and NEON: the 128-bit kernels of decision 0017.
    Simd128,
    /// The portable code.
    Portable,
    /// AVX-512 alone: issue 29's targets, met on a machine with AVX-512,
    /// against peers (simdutf's `icelake` kernels) that run AVX-512 there too.
    Avx512,
}

impl Tier {
    /// Whether this tier's targets hold at `level`: a wide tier's at AVX2
    /// and AVX-512, AVX-512's at AVX-512 only.
    fn holds_at(self, level: Level) -> bool {
        match self {
            Tier::Avx512 => level == Level::Avx512,
            tier => tier == Tier::of(level),
        }
    }

    fn of(level: Level) -> Tier {
        match level {
            Level::Sse42 | Level::Neon => Tier::Simd128,
            Level::Portable => Tier::Portable,
            _ => Tier::Wide,
        }
    }
}

/// One level's results.
struct LevelRun {
    level: Level,
    /// Whether this is the level the machine chooses.
    chosen: bool,
    results: Vec<Results>,
}

// ---------------------------------------------------------------------------
// Timing

/// How long to race: `warmup` untimed calls each, then rounds until there
/// have been `min_runs` rounds and all contenders together have run for
/// `budget` each.
struct Timer {
    warmup: u32,
    min_runs: u32,
    budget: Duration,
}

impl Timer {
    /// Returns the races of a level: short ones with `--quick` (a smoke
    /// run), else longer at the level the machine chooses (`chosen`) than
    /// at the others.
    fn for_level(quick: bool, chosen: bool) -> Timer {
        match (quick, chosen) {
            (true, _) => Timer { warmup: 2, min_runs: 5, budget: Duration::from_millis(25) },
            (false, true) => Timer { warmup: 3, min_runs: 20, budget: Duration::from_millis(150) },
            (false, false) => Timer { warmup: 2, min_runs: 10, budget: Duration::from_millis(80) },
        }
    }

    /// Runs the contenders in turn, round after round, and returns each
    /// one's best time.
    fn race(&self, contenders: &mut [Contender<'_>]) -> Vec<Duration> {
        for contender in contenders.iter_mut() {
            (0..self.warmup).for_each(|_| contender.run());
        }
        let mut best = vec![Duration::MAX; contenders.len()];
        let (mut total, mut rounds) = (Duration::ZERO, 0);
        while rounds < self.min_runs || total < self.budget * contenders.len() as u32 {
            for (contender, best) in contenders.iter_mut().zip(&mut best) {
                let start = Instant::now();
                contender.run();
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
    /// The kernels' tier whose levels it holds at; `None`: every level
    /// (the legacy encodings' rows, which run encoding_rs's code whatever
    /// the kernels' level).
    tier: Option<Tier>,
    op: &'static str,
    peer: &'static str,
    texts: Texts,
    ratio: f64,
    /// What stands in the way, printed when the target is missed.
    limit: &'static str,
}

/// Why a legacy encoding's row may fall short of its target.
const LEGACY_LIMIT: &str = "the Transcoder runs encoding_rs's decode_to_utf8 straight into its output up to \
     each place where a step must decide (a malformed sequence; for big5, each `88` byte that may begin one of its \
     four two-code-point sequences, looked for ahead of the decoder in chunks of 64 bytes to 8 KiB)";

/// Why a codec of the family may fall short of 0.8x UTF-8 on its own
/// encoding of a text.
const FAMILY_LIMIT: &str = "the codec's own grammar is checked by its kernels where they exist (the family \
     validator's tables, UTF-8's conversions where the codec's bytes are UTF-8's); CESU-8's and Modified UTF-8's \
     pairs take six bytes where UTF-8 takes four, and their pairing is checked in the validator's blocks at \
     `avx512` (decision 0036), in a second pass elsewhere and in their conversions (decision 0033)";

/// The targets; the others (the simdutf C++ library, the CLI against
/// `iconv`, WTF-8 to and from WTF-16) are not measured here.
const TARGETS: &[Target] = &[
    Target {
        tier: Some(Tier::Wide),
        op: "validate",
        peer: "simdutf8",
        texts: Texts::All,
        ratio: 0.95,
        limit: "one pass over the whole input: simdutf8's basic check, run by utfx itself, or at `avx512` the \
                family validator (decision 0035); a miss is noise",
    },
    Target {
        tier: Some(Tier::Wide),
        op: "utf8-to-utf16",
        peer: "encoding_rs",
        texts: Texts::NonAscii,
        ratio: 3.0,
        limit: "validation (simdutf8) is a pass of its own before the conversion, which works out 32 positions \
                at once and packs the units eight at a time (about 6 GB/s alone on non-ASCII text)",
    },
    Target {
        tier: Some(Tier::Wide),
        op: "utf8-to-utf16",
        peer: "encoding_rs",
        texts: Texts::Ascii,
        ratio: 1.0,
        limit: "64 ASCII bytes are widened per block",
    },
    Target {
        tier: Some(Tier::Wide),
        op: "utf16-to-utf8",
        peer: "encoding_rs",
        texts: Texts::NonAscii,
        ratio: 3.0,
        limit: "eight units per step (four for three-byte text), packed through a 256-entry shuffle table; \
                mixed text changes path often",
    },
    Target {
        tier: Some(Tier::Wide),
        op: "utf16-to-utf8",
        peer: "encoding_rs",
        texts: Texts::Ascii,
        ratio: 1.0,
        limit: "the encoder's buffer API counts code points for its error index in a second pass",
    },
    Target {
        tier: Some(Tier::Wide),
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
        tier: Some(Tier::Wide),
        op: "encode",
        peer: "std",
        texts: Texts::All,
        ratio: 3.0,
        limit: "eight code points a step; text that mixes lengths within eight (ASCII spaces between three-byte \
                characters) takes the general step, with a table lookup per four code points",
    },
    Target {
        tier: Some(Tier::Wide),
        op: "lossy-valid",
        peer: "std",
        texts: Texts::NonAscii,
        ratio: 5.0,
        limit: "valid text is checked once (by simdutf8, or at `avx512` the family validator) and borrowed, so \
                the ratio is the validator's over std's `from_utf8`, which is fast on the texts that are mostly \
                ASCII",
    },
    Target {
        tier: Some(Tier::Wide),
        op: "lossy",
        peer: "std",
        texts: Texts::All,
        ratio: 2.0,
        limit: "each error costs a decoder call and a new window of the fast skip",
    },
    Target {
        tier: Some(Tier::Wide),
        op: "validate-utf16le",
        peer: "std",
        texts: Texts::All,
        ratio: 3.0,
        limit: "16 units per step with AVX2; std's `char::decode_utf16` is the peer on ASCII as on the rest",
    },
    Target {
        tier: Some(Tier::Wide),
        op: "validate-wtf8",
        peer: "simdutf8",
        texts: Texts::All,
        ratio: 0.8,
        limit: "the family validator (decision 0014) checks each 64-byte block that holds a lone surrogate, where the \
                peer's text without them is all ASCII on the ASCII texts (the issue's target is 0.8x our own UTF-8 \
                validation, which equals simdutf8's speed: the row compares with simdutf8)",
    },
    Target {
        tier: Some(Tier::Wide),
        op: "wtf8-to-wtf16",
        peer: "UTF_8",
        texts: Texts::All,
        ratio: 0.8,
        limit: "WTF-8 validation (its own table-driven pass) and the conversion are two passes",
    },
    Target {
        tier: Some(Tier::Wide),
        op: "wtf16-to-wtf8",
        peer: "UTF_8",
        texts: Texts::All,
        ratio: 0.8,
        limit: "the UTF-16 to UTF-8 kernel stops before each lone surrogate, which costs a call",
    },
    Target {
        tier: Some(Tier::Wide),
        op: "simdutf-utf8-to-utf16",
        peer: "simdutf",
        texts: Texts::NonAscii,
        ratio: 0.7,
        limit: "simdutf runs its kernels of the same level (`haswell` at `avx2`, `icelake` at `avx512`), which \
                validate as they convert",
    },
    Target {
        tier: Some(Tier::Wide),
        op: "simdutf-utf16-to-utf8",
        peer: "simdutf",
        texts: Texts::NonAscii,
        ratio: 0.7,
        limit: "eight units per step with AVX2, against simdutf's kernels of the same level (`haswell` at `avx2`, \
                `icelake` at `avx512`)",
    },
    // Issue 29: on a machine with AVX-512, against simdutf's AVX-512 kernels,
    // encoding_rs's replacing decoder, and every codec of the family against
    // UTF-8.
    Target {
        tier: Some(Tier::Avx512),
        op: "simdutf-utf8-to-utf16",
        peer: "simdutf",
        texts: Texts::NonAscii,
        ratio: 1.0,
        limit: "the AVX-512 block validates and converts 64 bytes at a time, every position's unit worked out and \
                those that end a character kept with `vpcompressw`; three-byte text takes every row of the table",
    },
    Target {
        tier: Some(Tier::Avx512),
        op: "simdutf-validate-utf16le",
        peer: "simdutf",
        texts: Texts::All,
        ratio: 1.0,
        limit: "64 bytes of units a step, a surrogate anywhere in them checked a unit at a time",
    },
    Target {
        tier: Some(Tier::Avx512),
        op: "simdutf-validate-utf16be",
        peer: "simdutf",
        texts: Texts::All,
        ratio: 1.0,
        limit: "64 bytes of units a step, a surrogate anywhere in them checked a unit at a time",
    },
    Target {
        tier: Some(Tier::Avx512),
        op: "lossy",
        peer: "encoding_rs",
        texts: Texts::All,
        ratio: 1.0,
        limit: "each error costs a call of the validator and a copy of the valid run before it",
    },
    Target {
        tier: Some(Tier::Avx512),
        op: "lossy",
        peer: "std",
        texts: Texts::All,
        ratio: 3.0,
        limit: "each error costs a call of the validator and a copy of the valid run before it",
    },
    Target {
        tier: Some(Tier::Avx512),
        op: "own-validate-",
        peer: "UTF_8",
        texts: Texts::All,
        ratio: 0.8,
        limit: FAMILY_LIMIT,
    },
    Target {
        tier: Some(Tier::Avx512),
        op: "own-to-utf16-",
        peer: "UTF_8",
        texts: Texts::All,
        ratio: 0.8,
        limit: FAMILY_LIMIT,
    },
    Target {
        tier: Some(Tier::Avx512),
        op: "own-encode-",
        peer: "UTF_8",
        texts: Texts::All,
        ratio: 0.8,
        limit: FAMILY_LIMIT,
    },
    Target {
        tier: Some(Tier::Avx512),
        op: "reader",
        peer: "Transcoder",
        texts: Texts::All,
        ratio: 0.9,
        limit: "a `Read` lends no bytes, so the reader copies its input into a buffer of its own first, and takes \
                initialized bytes, so `read_to_end` zeroes its room first, 64 KiB at a time (std's `read_buf` is \
                unstable; a reader over a `BufRead`'s buffer would add a public item to a core at its budget of \
                120: decisions 0018, 0034); by profile, without both the reader would still be under 0.85x \
                (decision 0036)",
    },
    // Issue 26: the 128-bit kernels (SSE4.2 here, the stand-in for NEON).
    Target {
        tier: Some(Tier::Simd128),
        op: "utf8-to-utf16",
        peer: "encoding_rs",
        texts: Texts::NonAscii,
        ratio: 2.0,
        limit: "validation (simdutf8, at its own level) is a pass of its own before the conversion, which works out \
                16 positions at once",
    },
    Target {
        tier: Some(Tier::Simd128),
        op: "utf16-to-utf8",
        peer: "encoding_rs",
        texts: Texts::NonAscii,
        ratio: 2.0,
        limit: "sixteen units a step; mixed text changes path often",
    },
    Target {
        tier: Some(Tier::Simd128),
        op: "valid-prefix",
        peer: "simdutf8",
        texts: Texts::All,
        ratio: 0.9,
        limit: "the family validator looks up three tables per block as simdutf8 does, plus the grammar's \
                forbidden pair",
    },
    // Issue 26: the portable code, at least encoding_rs's speed on every row
    // that races it.
    Target {
        tier: Some(Tier::Portable),
        op: "utf8-to-utf16",
        peer: "encoding_rs",
        texts: Texts::All,
        ratio: 1.0,
        limit: "validation (simdutf8) is a pass of its own before a word-at-a-time conversion",
    },
    Target {
        tier: Some(Tier::Portable),
        op: "utf16-to-utf8",
        peer: "encoding_rs",
        texts: Texts::All,
        ratio: 1.0,
        limit: "the portable form converts four units at a time without a branch per unit and counts as it \
                converts (decisions 0034, 0035), but text that is mostly ASCII with a character of two bytes here \
                and there (French) goes back and forth between the ASCII strides and the groups",
    },
    Target {
        tier: Some(Tier::Portable),
        op: "transcode-to-utf16le",
        peer: "encoding_rs",
        texts: Texts::All,
        ratio: 1.0,
        limit: "the Transcoder converts to UTF-16 units, then writes them as bytes",
    },
    Target {
        tier: Some(Tier::Portable),
        op: "transcode-from-utf16le",
        peer: "encoding_rs",
        texts: Texts::All,
        ratio: 1.0,
        limit: "the units are copied out of the bytes a block at a time, and the UTF-8 written is counted in a pass \
                of its own (the error index); text that mixes one-, two- and three-byte characters (Vietnamese) \
                converts a unit at a time",
    },
    Target {
        tier: None,
        op: "windows-1252-to-utf8",
        peer: "encoding_rs",
        texts: Texts::All,
        ratio: 0.8,
        limit: LEGACY_LIMIT,
    },
    Target {
        tier: None,
        op: "shift_jis-to-utf8",
        peer: "encoding_rs",
        texts: Texts::All,
        ratio: 0.8,
        limit: LEGACY_LIMIT,
    },
    Target {
        tier: None,
        op: "gb18030-to-utf8",
        peer: "encoding_rs",
        texts: Texts::All,
        ratio: 0.8,
        limit: LEGACY_LIMIT,
    },
    Target {
        tier: None,
        op: "euc-kr-to-utf8",
        peer: "encoding_rs",
        texts: Texts::All,
        ratio: 0.8,
        limit: LEGACY_LIMIT,
    },
    Target { tier: None, op: "big5-to-utf8", peer: "encoding_rs", texts: Texts::All, ratio: 0.8, limit: LEGACY_LIMIT },
];

/// The ratios of `docs/PERFORMANCE.md` at commit 8bf909e (geometric means
/// over the twelve texts, measured on a machine with AVX-512, where the
/// kernels ran at level `avx512`): operation, peer, ratio. Issue 26: at
/// the AVX2 and AVX-512 levels no row may be slower against its peer.
const BASELINE: &[(&str, &str, f64)] = &[
    ("validate", "simdutf8", 0.97),
    ("validate", "std", 9.06),
    ("validate-stream", "simdutf8", 0.93),
    ("utf8-to-utf16", "encoding_rs", 3.69),
    ("utf8-to-utf16", "std", 5.30),
    ("utf16-to-utf8", "encoding_rs", 5.52),
    ("utf16-to-utf8", "std", 11.53),
    ("transcode-to-utf16le", "encoding_rs", 3.08),
    ("transcode-from-utf16le", "encoding_rs", 7.67),
    ("reader", "Transcoder", 0.67),
    ("decode", "std", 3.61),
    ("lossy-valid", "std", 12.47),
    ("lossy", "std", 3.57),
    ("encode", "std", 4.13),
    ("validate-utf16le", "std", 20.85),
    ("validate-wtf8", "simdutf8", 0.92),
    ("wtf8-to-wtf16", "UTF_8", 0.95),
    ("wtf16-to-wtf8", "UTF_8", 0.85),
    ("inf-validate", "simdutf8", 0.95),
    ("inf-validate", "UTF_8", 0.95),
    ("inf-to-utf16", "UTF_8", 1.01),
    ("inf-decode", "UTF_8", 0.24),
    ("inf-decode", "Big(UTF_8)", 1.03),
    ("simdutf-utf8-to-utf16", "simdutf", 0.85),
    ("simdutf-utf16-to-utf8", "simdutf", 1.18),
    ("simdutf-validate", "simdutf", 0.89),
];

/// How far below its 8bf909e ratio a row may measure and still count as no
/// slower: the run-to-run drift of a ratio on these shared machines.
const BASELINE_NOISE: f64 = 0.05;

/// The table of the targets of a level's tier, each met or missed, and
/// why the misses.
fn targets_md(run: &LevelRun) -> String {
    let mut out =
        String::from("| operation | peer | texts | target | measured (worst text) | |\n|---|---|---|---:|---:|---|\n");
    let mut notes = String::new();
    // A target named with a trailing `-` holds for every row of that prefix.
    let rows_of = |target: &Target| {
        let op = target.op;
        run.results.iter().filter(move |r| r.op.name == op || (op.ends_with('-') && r.op.name.starts_with(op)))
    };
    let targets = TARGETS.iter().filter(|t| t.tier.is_none_or(|tier| tier.holds_at(run.level)));
    for (target, result) in targets.flat_map(|t| rows_of(t).map(move |r| (t, r))) {
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

/// The table of a wide level's rows against [`BASELINE`]: each ratio to its
/// peer now and at commit 8bf909e, no slower or slower.
fn baseline_md(run: &LevelRun) -> String {
    let mut out = String::from("| operation | peer | ratio at 8bf909e | ratio now | |\n|---|---|---:|---:|---|\n");
    for &(op, peer, then) in BASELINE {
        let Some(result) = run.results.iter().find(|r| r.op.name == op) else { continue };
        let Some(i) = result.op.peers.iter().position(|&p| p == peer) else { continue };
        let now = result.means().1[i];
        let verdict = if now >= then * (1.0 - BASELINE_NOISE) { "no slower" } else { "**slower**" };
        let _ = writeln!(out, "| {} | {peer} | {then:.2}x | {now:.2}x | {verdict} |", result.op.title);
    }
    out
}

/// `docs/PERFORMANCE.md`: one section per level.
fn results_md(runs: &[LevelRun], texts: usize) -> String {
    let mut out = String::from("<!-- DO NOT EDIT. Generated by cargo xtask bench -->\n\n# Performance\n\n");
    let levels: Vec<String> = runs
        .iter()
        .map(|run| format!("`{}`{}", run.level.name(), if run.chosen { " (the one it chooses)" } else { "" }))
        .collect();
    let _ = write!(
        out,
        "Measured on {date} (UTC), {cpu}, {cores} cores, {rustc}, one thread, with the kernels pinned \
         (`utfx_kernels::force_level`) to each level this machine can run in turn: {levels}.\n\n\
         **The numbers are noisy: ratios matter, not absolute speeds.** The machine is shared with \
         other engineers' builds and tests, so absolute GB/s drift from run to run; the ratios hold \
         better, because utfx and its peers run in turn, round after round, in the same process, and \
         each keeps its best time. The figures are not reproducible, so there is no `--check`. The \
         levels the machine would not choose race for about half as long.\n\n\
         GB/s counts the text's UTF-8 bytes for every contender of a row, whatever the operation's \
         input (the lossy, WTF-8, CESU-8, Corrected UTF-8 and legacy encodings' rows count each \
         contender's own input, or output when encoding); a ratio is utfx's speed over the peer's, above 1 meaning utfx is \
         faster. Corpus: `bench/data/` (`MANIFEST.md`); the operations and their peers: \
         `bench/src/ops.rs`; the method: `xtask/src/bench.rs`. The kernels: decisions 0013, 0014 and \
         0017.\n\n\
         A level pins utfx's side of every race; the peers choose their own implementation, but for \
         the family validator's row (`valid-prefix`), whose peer at the 128-bit levels is simdutf8's \
         SSE4.2 validator, and for simdutf's rows (`simdutf-`), where each level runs in a process of \
         its own whose `SIMDUTF_FORCE_IMPLEMENTATION` names simdutf's kernels of the same level: \
         `icelake` at `avx512`, `haswell` at `avx2`, `westmere` at `sse4.2`, `fallback` at `portable`. \
         utfx runs simdutf8 itself for strict UTF-8 (`UTF_8.validate`, the lossy rows \
         on valid text) at every level but `avx512`, where the family validator is faster: below \
         it, a level changes nothing in those rows.\n\n\
         aarch64 cannot be timed here: there is no such machine. An aarch64 build runs the NEON \
         instantiation of the 128-bit kernels (`Level::Neon`, chosen at compile time: the target \
         guarantees NEON), the same algorithms as the `sse4.2` section's, whose targets stand in for \
         it; its tests pass under qemu (`docs/RELIABILITY.md`).\n\n\
         A target is met when the geometric mean of the ratios over its texts reaches it and no text \
         falls below half of it. The ASCII texts are {ascii}.\n",
        ascii = ASCII_TEXTS.map(|t| format!("`{t}`")).join(" and "),
        levels = levels.join(", "),
        date = today(),
        cpu = cpu_model(),
        cores = std::thread::available_parallelism().map_or(1, |n| n.get()),
        rustc = rustc_version(),
    );
    for run in runs {
        let name = run.level.name();
        let _ = write!(out, "\n## Level `{name}`\n\n");
        match Tier::of(run.level) {
            Tier::Wide | Tier::Avx512 => {
                let _ = write!(
                    out,
                    "The hand-written AVX2 kernels (and at `avx512` the AVX-512 UTF-16 to UTF-8 kernel).\n\n\
                     ### Targets of the performance issue at `{name}`\n\n{targets}\n\
                     ### Against commit 8bf909e at `{name}`\n\n\
                     Issue 26: no row slower than in `docs/PERFORMANCE.md` of commit 8bf909e, which was \
                     measured on another machine, an Intel Xeon with AVX-512, so at level `avx512` (its \
                     UTF-16 to UTF-8 kernel is AVX-512's, and simdutf ran its AVX-512 kernels, `icelake`, \
                     which here race the level `avx512` only); the ratios to the peers are compared, not the \
                     GB/s, and a ratio within {noise:.0}% of its old one (the drift between runs here) \
                     counts as no slower. A ratio moves with the processor too: a row slower here is one to \
                     look at, not proof of a loss.\n\n{baseline}",
                    targets = targets_md(run),
                    noise = BASELINE_NOISE * 100.0,
                    baseline = baseline_md(run),
                );
            }
            Tier::Simd128 => {
                let _ = write!(
                    out,
                    "The 128-bit kernels written once over a vector trait (decision 0017), here over SSE4.2, \
                     the stand-in for aarch64's NEON.\n\n\
                     ### Targets of issue 26 for 128-bit SIMD at `{name}`\n\n{}",
                    targets_md(run)
                );
            }
            Tier::Portable => {
                let _ = write!(
                    out,
                    "The portable code, safe Rust a word at a time, which every target has.\n\n\
                     ### Targets of issue 26 for the portable code\n\n{}",
                    targets_md(run)
                );
            }
        }
        let _ = write!(
            out,
            "\n### Summary at `{name}`: geometric means over {texts} texts (fewer in a row whose table lists fewer)\n\n{}\n\
             ### Per text at `{name}`\n",
            summary(&run.results)
        );
        for result in &run.results {
            let _ = write!(out, "\n#### {} [`{}`]\n\n{}", result.op.title, result.op.name, result.table());
        }
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
