//! The CLI's sections of `docs/PERFORMANCE.md`: `utfx convert` against
//! iconv (issue 27: where iconv users will look), and `utfx convert` and
//! `utfx validate` against reading the same file (issue 29's target 6: the
//! I/O limit). Each command runs as a process on a file in the page cache;
//! the figures are best wall times of five runs, and only their ratios
//! mean much.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use utfx_bench::corpus::Text;

/// The CLI against iconv: (the Encoding Standard's name, iconv's name for
/// the same table, the corpus text converted).
const ICONV_RACES: &[(&str, &str, &str)] =
    &[("windows-1252", "WINDOWS-1252", "03_french_mars"), ("shift_jis", "SHIFT_JIS", "09_chinese_lipsum")];

/// How large the file each race against iconv converts is: large enough
/// that starting a process is noise, small enough for the page cache.
const ICONV_BYTES: usize = 60 << 20;

/// How large the UTF-8 file of the races against `cat` is (its UTF-16LE
/// form is larger): the 12 corpus texts one after the other, repeated.
const IO_BYTES: usize = 128 << 20;

/// Most times the file's read a command may take (issue 29, target 6).
const IO_TARGET: f64 = 1.3;

/// How many timed runs of each command.
const RUNS: usize = 11;

/// Builds the CLI in release and returns both sections (or lines saying
/// why one is missing).
pub(super) fn md(root: &Path) -> Result<String, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "--quiet", "--release", "--package", "utfx-cli"])
        .current_dir(root)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err("cannot build utfx-cli".into());
    }
    let utfx = root.join("target/release/utfx");
    let texts = utfx_bench::corpus::load(&root.join("bench/data"))?;
    Ok(iconv_md(root, &utfx, &texts)? + &io_md(root, &utfx, &texts)?)
}

/// A command to time: a program and its arguments, standard input from a
/// file or from nowhere.
struct Run<'a> {
    program: &'a Path,
    args: Vec<String>,
    stdin: Option<&'a Path>,
}

impl Run<'_> {
    fn command(&self) -> Result<Command, String> {
        let mut command = Command::new(self.program);
        command.args(&self.args).stderr(Stdio::null());
        match self.stdin {
            Some(path) => {
                let file = std::fs::File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
                command.stdin(file)
            }
            None => command.stdin(Stdio::null()),
        };
        Ok(command)
    }

    /// What the command prints, from a run whose status must be success.
    fn output(&self) -> Result<Vec<u8>, String> {
        let out = self.command()?.output().map_err(|e| self.cannot(&e))?;
        if !out.status.success() {
            return Err(self.failed());
        }
        Ok(out.stdout)
    }

    /// One timed run, its output to nowhere.
    fn time(&self) -> Result<Duration, String> {
        let mut command = self.command()?;
        command.stdout(Stdio::null());
        let start = Instant::now();
        let status = command.status().map_err(|e| self.cannot(&e))?;
        let took = start.elapsed();
        if !status.success() {
            return Err(self.failed());
        }
        Ok(took)
    }

    fn cannot(&self, e: &std::io::Error) -> String {
        format!("cannot run {}: {e}", self.program.display())
    }

    fn failed(&self) -> String {
        format!("{} {} failed", self.program.display(), self.args.join(" "))
    }
}

/// Best wall times of [`RUNS`] runs of each command, the commands taking
/// turns (so that the machine's other load hits them alike).
fn race(runs: &[&Run<'_>]) -> Result<Vec<Duration>, String> {
    let mut best = vec![Duration::MAX; runs.len()];
    for _ in 0..RUNS {
        for (run, best) in runs.iter().zip(&mut best) {
            *best = (*best).min(run.time()?);
        }
    }
    Ok(best)
}

/// `bytes` repeated until the file holds at least `size` bytes, written
/// under `target/`.
fn repeated_file(root: &Path, name: &str, bytes: &[u8], size: usize) -> Result<PathBuf, String> {
    let file = root.join("target").join(name);
    let repeated: Vec<u8> = bytes.iter().copied().cycle().take(size.div_ceil(bytes.len()) * bytes.len()).collect();
    std::fs::write(&file, &repeated).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    Ok(file)
}

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|&a| a.to_owned()).collect()
}

/// `utfx convert` against glibc's iconv, legacy encodings to UTF-8.
fn iconv_md(root: &Path, utfx: &Path, texts: &[Text]) -> Result<String, String> {
    let mut out = String::from("\n## The CLI against iconv\n\n");
    let iconv = Path::new("/usr/bin/iconv");
    if !iconv.exists() {
        out.push_str("Not measured: this machine has no `/usr/bin/iconv`.\n");
        return Ok(out);
    }
    let _ = write!(
        out,
        "`utfx convert -f NAME -t utf-8` and `iconv -f NAME -t UTF-8` (glibc's), each reading a file of {} MiB \
         from standard input, its output to `/dev/null`; best wall time of {RUNS} runs each, taking turns, after a \
         run of each whose outputs must be equal. The file is a corpus text as encoding_rs encodes it (HTML \
         references for what the encoding lacks), repeated; it sits in the page cache.\n\n\
         | encoding | text | utfx | iconv | utfx's speed over iconv's |\n|---|---|---:|---:|---:|\n",
        ICONV_BYTES >> 20
    );
    for &(name, iconv_name, text) in ICONV_RACES {
        let text = texts.iter().find(|t| t.name == text).ok_or_else(|| format!("no corpus text {text}"))?;
        let encoding = encoding_rs::Encoding::for_label(name.as_bytes()).ok_or("no such encoding")?;
        let (unit, _, _) = encoding.encode(&text.string);
        let file = repeated_file(root, &format!("bench-cli-{name}.txt"), &unit, ICONV_BYTES)?;
        let ours = Run { program: utfx, args: args(&["convert", "-f", name, "-t", "utf-8"]), stdin: Some(&file) };
        let theirs = Run { program: iconv, args: args(&["-f", iconv_name, "-t", "UTF-8"]), stdin: Some(&file) };
        let same = ours.output()? == theirs.output()?;
        let times = race(&[&ours, &theirs]);
        let _ = std::fs::remove_file(&file);
        if !same {
            return Err(format!("utfx and iconv convert {name} differently"));
        }
        let (ours, theirs) = match times?[..] {
            [a, b] => (a.as_secs_f64(), b.as_secs_f64()),
            _ => unreachable!("two commands raced"),
        };
        let _ = writeln!(out, "| {name} | `{}` | {ours:.3} s | {theirs:.3} s | {:.2}x |", text.name, theirs / ours);
    }
    Ok(out)
}

/// `utfx convert` and `utfx validate` against `cat` of the same file, and
/// `utfx convert -o` against `cp` and `sync` of a file of its output's size.
fn io_md(root: &Path, utfx: &Path, texts: &[Text]) -> Result<String, String> {
    let mut out = String::from("\n## The CLI against the I/O limit\n\n");
    let (cat, sh) = (Path::new("/bin/cat"), Path::new("/bin/sh"));
    if !cat.exists() || !sh.exists() {
        out.push_str("Not measured: this machine has no `/bin/cat` or `/bin/sh`.\n");
        return Ok(out);
    }
    let all: String = texts.iter().map(|t| t.string.as_str()).collect();
    let utf8 = repeated_file(root, "bench-io-utf8.txt", all.as_bytes(), IO_BYTES)?;
    let utf16: Vec<u8> = std::fs::read_to_string(&utf8)
        .map_err(|e| format!("cannot read {}: {e}", utf8.display()))?
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let utf16_size = utf16.len();
    let utf16 = repeated_file(root, "bench-io-utf16le.txt", &utf16, utf16_size)?;
    let result = io_rows(root, utfx, &utf8, &utf16);
    let _ = std::fs::remove_file(&utf8);
    let _ = std::fs::remove_file(&utf16);
    let (rows, durable) = result?;
    let _ = write!(
        out,
        "Issue 29's target 6. Each command reads a file named on its command line, in the page cache: the 12 corpus \
         texts one after the other, repeated to {} MiB of UTF-8 (its UTF-16LE form: {} MiB); its output goes to \
         `/dev/null`. Best wall time of {RUNS} runs each, the two commands of a row taking turns; the ratio is \
         utfx's time over the reference's, which the target caps at {IO_TARGET}x (1.0x for `-o`).\n\n\
         | command | utfx | reference | time | utfx's time over the reference's | target |\n\
         |---|---|---|---:|---:|---|\n",
        IO_BYTES >> 20,
        utf16_size >> 20,
    );
    for row in rows.iter().chain([&durable]) {
        let limit = if std::ptr::eq(row, &durable) { 1.0 } else { IO_TARGET };
        let ratio = row.ours / row.theirs;
        let met = if ratio <= limit { "met" } else { "**missed**" };
        let _ = writeln!(
            out,
            "| {} | {:.3} s | `{}` | {:.3} s | {ratio:.2}x | {met} (≤ {limit}x) |",
            row.name, row.ours, row.reference, row.theirs
        );
    }
    Ok(out)
}

/// One row of the I/O section: utfx's time and the reference's, in seconds.
struct IoRow {
    name: String,
    reference: &'static str,
    ours: f64,
    theirs: f64,
}

/// Races the commands of the I/O section on the two files.
fn io_rows(root: &Path, utfx: &Path, utf8: &Path, utf16: &Path) -> Result<(Vec<IoRow>, IoRow), String> {
    let cat = Path::new("/bin/cat");
    let path = |p: &Path| p.display().to_string();
    let mut rows = Vec::new();
    let cases: [(&str, &[&str], &Path); 4] = [
        ("`utfx convert -f utf-8 -t utf-16le FILE`", &["convert", "-f", "utf-8", "-t", "utf-16le"], utf8),
        ("`utfx convert -f utf-16le -t utf-8 FILE`", &["convert", "-f", "utf-16le", "-t", "utf-8"], utf16),
        ("`utfx validate -f utf-8 FILE`", &["validate", "-f", "utf-8"], utf8),
        ("`utfx validate -f utf-16le FILE`", &["validate", "-f", "utf-16le"], utf16),
    ];
    for (name, list, file) in cases {
        let mut list = args(list);
        list.push(path(file));
        let ours = Run { program: utfx, args: list, stdin: None };
        let theirs = Run { program: cat, args: vec![path(file)], stdin: None };
        ours.output()?;
        let times = race(&[&ours, &theirs])?;
        rows.push(IoRow {
            name: name.into(),
            reference: "cat FILE",
            ours: times[0].as_secs_f64(),
            theirs: times[1].as_secs_f64(),
        });
    }
    // Durable output: utfx writes a temporary file, syncs it and renames it
    // over OUT; the reference copies a file of the output's size and syncs
    // the copy. Each run removes the last one's output first.
    let sh = Path::new("/bin/sh");
    let (out, copy) = (root.join("target/bench-io-out.txt"), root.join("target/bench-io-copy.txt"));
    let script = |command: String| Run { program: sh, args: vec!["-c".into(), command], stdin: None };
    let ours = script(format!(
        "rm -f '{o}' && '{u}' convert -f utf-8 -t utf-16le -o '{o}' '{i}'",
        o = path(&out),
        u = path(utfx),
        i = path(utf8)
    ));
    let theirs = script(format!("rm -f '{c}' && cp '{i}' '{c}' && sync '{c}'", c = path(&copy), i = path(utf16)));
    ours.output()?;
    let same = std::fs::read(&out).ok() == std::fs::read(utf16).ok();
    let times = race(&[&ours, &theirs]);
    let _ = std::fs::remove_file(&out);
    let _ = std::fs::remove_file(&copy);
    if !same {
        return Err("utfx convert -o did not write the file's UTF-16LE form".into());
    }
    let times = times?;
    let durable = IoRow {
        name: "`utfx convert -f utf-8 -t utf-16le -o OUT FILE`".into(),
        reference: "cp FILE16 COPY && sync COPY",
        ours: times[0].as_secs_f64(),
        theirs: times[1].as_secs_f64(),
    };
    Ok((rows, durable))
}
