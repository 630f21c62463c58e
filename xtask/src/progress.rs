//! Progress on long work, on stderr: the stage and the share done, so that a
//! sweep of twenty minutes does not look like a hang.
//!
//! On a terminal the line is redrawn in place at most four times a second;
//! elsewhere (CI logs, a pipe) a line is printed when another tenth of the
//! work is done and a second has passed, or after thirty quiet seconds, so a
//! log stays short. Every
//! stage ends with one line saying how long it took. Any number of threads
//! may count work done at once.

use std::io::{IsTerminal as _, Write as _};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Where the progress goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Output {
    /// Nowhere (tests).
    Hidden,
    /// A terminal: one line, redrawn.
    Terminal,
    /// A log: whole lines, few of them.
    Lines,
}

/// The last line shown: when, and at how many tenths of the work.
#[derive(Debug)]
struct Shown {
    at: Instant,
    tenths: u64,
}

/// One stage of long work: a name, how many units it has, how many are done.
#[derive(Debug)]
pub struct Progress {
    stage: String,
    total: u64,
    done: AtomicU64,
    start: Instant,
    shown: Mutex<Shown>,
    output: Output,
}

/// How often a terminal line is redrawn, at most.
const REDRAW: Duration = Duration::from_millis(250);
/// How long a log waits between two lines, at least.
const LOG_GAP: Duration = Duration::from_secs(1);
/// How long a log goes without a line, at most, while work goes on.
const LOG_QUIET: Duration = Duration::from_secs(30);

impl Progress {
    /// Starts a stage of `total` units and says so on stderr (nothing when
    /// `visible` is false).
    #[must_use]
    pub fn start(stage: &str, total: u64, visible: bool) -> Self {
        let output = match (visible, std::io::stderr().is_terminal()) {
            (false, _) => Output::Hidden,
            (true, true) => Output::Terminal,
            (true, false) => Output::Lines,
        };
        let now = Instant::now();
        let progress = Progress {
            stage: stage.to_owned(),
            total,
            done: AtomicU64::new(0),
            start: now,
            shown: Mutex::new(Shown { at: now, tenths: 0 }),
            output,
        };
        progress.show(0);
        progress
    }

    /// Counts `n` more units done, and shows the share when it is time to.
    pub fn add(&self, n: u64) {
        let done = self.done.fetch_add(n, Ordering::Relaxed) + n;
        if self.output == Output::Hidden {
            return;
        }
        // Whoever holds the lock is showing a line; the others just count.
        let Ok(mut shown) = self.shown.try_lock() else { return };
        let now = Instant::now();
        let tenths = self.per_mille(done) / 100;
        let due = match self.output {
            Output::Terminal => now.duration_since(shown.at) >= REDRAW,
            Output::Lines => {
                let since = now.duration_since(shown.at);
                (tenths > shown.tenths && since >= LOG_GAP) || since >= LOG_QUIET
            }
            Output::Hidden => false,
        };
        if due {
            shown.at = now;
            shown.tenths = tenths;
            drop(shown);
            self.show(done);
        }
    }

    /// Ends the stage with one line: its name, units and time. Returns the
    /// time it took.
    pub fn finish(self) -> Duration {
        let took = self.start.elapsed();
        if self.output != Output::Hidden {
            let clear = if self.output == Output::Terminal { "\r\x1b[K" } else { "" };
            let done = self.done.load(Ordering::Relaxed);
            eprintln!("{clear}{}: done, {done} of {} in {:.1} s", self.stage, self.total, took.as_secs_f64());
        }
        took
    }

    /// The share of `done` in thousandths (capped at 1000).
    fn per_mille(&self, done: u64) -> u64 {
        (done.saturating_mul(1000)).checked_div(self.total).unwrap_or(1000).min(1000)
    }

    fn show(&self, done: u64) {
        let pm = self.per_mille(done);
        let line = format!(
            "{}: {}.{}% ({done} of {}, {:.0} s)",
            self.stage,
            pm / 10,
            pm % 10,
            self.total,
            self.start.elapsed().as_secs_f64()
        );
        let mut err = std::io::stderr().lock();
        let _ = match self.output {
            Output::Hidden => return,
            Output::Terminal => write!(err, "\r\x1b[K{line}"),
            Output::Lines => writeln!(err, "{line}"),
        };
        let _ = err.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::Progress;

    #[test]
    fn counts_from_every_thread_and_caps_the_share() {
        let p = Progress::start("test", 1000, false);
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| (0..250).for_each(|_| p.add(1)));
            }
        });
        assert_eq!((p.done.load(std::sync::atomic::Ordering::Relaxed), p.per_mille(1000)), (1000, 1000));
        assert_eq!((p.per_mille(1), p.per_mille(500), p.per_mille(5000)), (1, 500, 1000));
        assert_eq!(Progress::start("empty", 0, false).per_mille(0), 1000);
        let _ = p.finish();
    }
}
