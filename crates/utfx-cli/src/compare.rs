//! `utfx compare`: runs another program's decoder (or encoder, or
//! converter) under a small protocol and compares its answers with utfx's,
//! over the vectors of `utfx vectors` and then random damaged inputs; on the
//! first difference, shrinks the input by delta debugging
//! (`codec_test::shrink`) and reports it with both answers and the rule that
//! decides (`docs/TESTING-YOUR-DECODER.md` has the protocol).
//!
//! The program runs either once per case (the input on its standard input,
//! its answer on standard output, a non-zero exit status for "this input
//! fails") or, with `--lines`, once for all cases (one hex line in, one line
//! out per case; `!` starts the answer "fails"). Every answer has a
//! deadline (`--timeout`, and `--startup-timeout` more for the first answer
//! of each process); a program past it is killed and reported, so utfx
//! itself never waits longer than that per case. Each program runs in a
//! process group of its own, which utfx ends with it. An answer the
//! protocol does not allow is reported as a protocol error, unshrunk
//! (decision 0037).

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use codec_core::{BigCodePoint, DecodeMode, EncodeMode};
use codec_registry::BigCodec;
use codec_test::generate::{self, Rng};
use codec_test::vectors::{self, Direction, ErrorSpan, SourceKind, Vector};

use crate::bom::{self, Neutral};
use crate::cli::CompareArgs;
use crate::support::{self, Failure, Output};

/// The most an answer may hold (bytes of output per case, or of one
/// line): more is garbage, and memory stays bounded.
const MAX_ANSWER: usize = 16 << 20;

/// The longest `--timeout`: a day.
const MAX_TIMEOUT_MS: u64 = 86_400_000;

/// How many times the shrinker may run both sides.
const SHRINK_BUDGET: usize = 2_000;

/// What one side makes of one input.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Answer {
    /// The output, in the format's normalized hex.
    Output(String),
    /// The input fails (a non-zero exit status, a `!` line, or utfx's error).
    Fails,
    /// No answer before the deadline; the program was killed.
    Hang,
    /// The program died without answering (a signal, or its end in
    /// `--lines` mode), with what is known.
    Crash(String),
    /// An answer that is not the protocol's: what is wrong with it, with
    /// its first bytes.
    Garbage(String),
    /// In `--lines` mode, a line that answers no case (its first bytes):
    /// the command wrote more lines than it was asked for.
    Unasked(String),
}

impl Answer {
    fn show(&self) -> String {
        match self {
            Answer::Output(o) if o.is_empty() => "(empty output)".to_owned(),
            Answer::Output(o) => o.clone(),
            Answer::Fails => "fails".to_owned(),
            Answer::Hang => "no answer within the timeout (killed)".to_owned(),
            Answer::Crash(why) => format!("crashed: {why}"),
            Answer::Garbage(what) => what.clone(),
            Answer::Unasked(line) => {
                format!("a line no case asked for: {line} (each case's line gets exactly one answer line)")
            }
        }
    }

    /// Whether the answer breaks the protocol: reported as such, never
    /// shrunk (the answer says nothing about the input).
    fn is_protocol_error(&self) -> bool {
        matches!(self, Answer::Garbage(_) | Answer::Unasked(_))
    }

    /// A hang, a crash or an answer out of step in `--lines` mode ends the
    /// program: nothing more can be asked of it.
    fn is_fatal(&self) -> bool {
        matches!(self, Answer::Hang | Answer::Crash(_) | Answer::Unasked(_))
    }
}

/// What is compared: decoding, encoding, or converting to another codec.
#[derive(Clone, Copy)]
enum Task {
    Decode(DecodeMode),
    Encode(EncodeMode),
    Convert(DecodeMode, &'static dyn BigCodec),
}

/// One input: bytes, or code points when encoding.
#[derive(Clone, Debug)]
enum Input {
    Bytes(Vec<u8>),
    Points(Vec<BigCodePoint>),
}

impl Input {
    fn hex(&self) -> String {
        match self {
            Input::Bytes(b) => codec_test::hex::format(b),
            Input::Points(p) => vectors::format_points(p),
        }
    }

    fn len(&self) -> usize {
        match self {
            Input::Bytes(b) => b.len(),
            Input::Points(p) => p.len(),
        }
    }
}

/// utfx's side: its answer and the errors behind it.
struct Reference {
    codec: &'static dyn BigCodec,
    task: Task,
    /// `-f utf-16` or `-f utf-32`, decoding: a BOM of either order
    /// chooses the byte order and is stripped, little-endian without one,
    /// as `utfx decode -f utf-16` reads it (`bom.rs`, decisions 0005 and
    /// 0041).
    sniff: Option<Orders>,
    /// `utf-16` or `utf-32` on the side written (`--encode -f utf-16`,
    /// `-t utf-32`): its little-endian BOM first, as `utfx encode` and
    /// `convert` write it.
    bom_out: Option<&'static Neutral>,
}

/// The codecs a BOM chooses under a byte-order-neutral label.
#[derive(Clone, Copy)]
struct Orders {
    neutral: &'static Neutral,
    le: &'static dyn BigCodec,
    be: &'static dyn BigCodec,
}

/// utfx's answer on one input, and what decides it.
struct Verdict {
    answer: Answer,
    /// The errors of the side that decides (decoding, or the encoding of a
    /// conversion when the decoding had none).
    errors: Vec<ErrorSpan>,
    /// The codec of that side, whose rules the report cites.
    codec: &'static str,
    /// The mode of that side.
    mode: Mode,
}

/// The error mode of the side that decides.
#[derive(Clone, Copy)]
enum Mode {
    Decode(DecodeMode),
    Encode(EncodeMode),
}

impl Reference {
    fn answer(&self, input: &Input) -> Verdict {
        let mut verdict = match (self.sniff, input) {
            (Some(orders), Input::Bytes(b)) => {
                let (name, skip) = orders.neutral.order(b);
                let codec = if name == orders.neutral.be { orders.be } else { orders.le };
                let mut verdict = self.answer_by(codec, &Input::Bytes(b[skip..].to_vec()));
                // Offsets count the BOM, as decode's do.
                if matches!(verdict.mode, Mode::Decode(_)) {
                    verdict.errors.iter_mut().for_each(|e| e.offset += skip);
                }
                verdict
            }
            _ => self.answer_by(self.codec, input),
        };
        if let Some(neutral) = self.bom_out
            && let Answer::Output(hex) = &verdict.answer
        {
            let bom = codec_test::hex::format(neutral.le_bom);
            verdict.answer = Answer::Output(if hex.is_empty() { bom } else { format!("{bom} {hex}") });
        }
        verdict
    }

    /// The answer of `codec` as the codec, no BOM rule.
    fn answer_by(&self, codec: &'static dyn BigCodec, input: &Input) -> Verdict {
        let src = SourceKind::Generated;
        let name = codec.info().name;
        let verdict = |output: Option<String>, errors: Option<Vec<ErrorSpan>>, codec, mode| Verdict {
            answer: output.map_or(Answer::Fails, Answer::Output),
            errors: errors.unwrap_or_default(),
            codec,
            mode,
        };
        match (self.task, input) {
            (Task::Decode(mode), Input::Bytes(b)) => {
                let v = Vector::decoded_by(codec, mode, b, "", src, "");
                verdict(v.output, v.errors, name, Mode::Decode(mode))
            }
            (Task::Encode(mode), Input::Points(p)) => {
                let v = Vector::encoded_by(codec, mode, p, "", src, "");
                verdict(v.output, v.errors, name, Mode::Encode(mode))
            }
            (Task::Convert(mode, to), Input::Bytes(b)) => {
                let v = Vector::decoded_by(codec, mode, b, "", src, "");
                let Ok(points) = codec.decode_with(b, mode) else {
                    return verdict(None, v.errors, name, Mode::Decode(mode));
                };
                let e = Vector::encoded_by(to, EncodeMode::Fatal, &points, "", src, "");
                match e.output {
                    Some(out) => verdict(Some(out), v.errors, name, Mode::Decode(mode)),
                    None if v.errors.as_ref().is_none_or(Vec::is_empty) => {
                        verdict(None, e.errors, to.info().name, Mode::Encode(EncodeMode::Fatal))
                    }
                    None => verdict(None, v.errors, name, Mode::Decode(mode)),
                }
            }
            (Task::Decode(mode) | Task::Convert(mode, _), Input::Points(_)) => {
                verdict(None, None, name, Mode::Decode(mode))
            }
            (Task::Encode(mode), Input::Bytes(_)) => verdict(None, None, name, Mode::Encode(mode)),
        }
    }
}

/// How the other program is run.
struct Program {
    argv: Vec<String>,
    timeout: Duration,
    /// What the first answer of each process may take more, for its
    /// start-up.
    startup: Duration,
    task: Task,
    /// The running program in `--lines` mode.
    lines: Option<LineProcess>,
    use_lines: bool,
    /// The first line the program wrote on standard error for the last
    /// case it ran (one process per case), to show why it failed.
    last_stderr: Option<Receiver<Vec<u8>>>,
}

/// A program started once, answering a line per line.
struct LineProcess {
    child: Child,
    /// The lines for the program's standard input, which a thread of its
    /// own writes, so that a program that stops reading cannot block utfx.
    requests: Option<Sender<Vec<u8>>>,
    answers: Receiver<Line>,
    /// Whether it has answered once (after which an answer has only the
    /// timeout, no start-up allowance).
    answered: bool,
}

impl Program {
    fn command(&self) -> Command {
        let mut c = Command::new(&self.argv[0]);
        c.args(&self.argv[1..]);
        c
    }

    /// Runs the program on `input`: an answer, or `Err` when it cannot be
    /// started at all.
    fn answer(&mut self, input: &Input) -> Result<Answer, Failure> {
        if self.use_lines { self.ask_line(input) } else { self.run_once(input) }
    }

    fn run_once(&mut self, input: &Input) -> Result<Answer, Failure> {
        let mut command = self.command();
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        let mut child = group::spawn(&mut command).map_err(|e| cannot_run(&self.argv, &e))?;
        let stderr = child.stderr.take();
        let (err_tx, err_rx) = mpsc::channel();
        thread::spawn(move || {
            let mut text = Vec::new();
            if let Some(s) = stderr {
                let _ = s.take(4096).read_to_end(&mut text);
            }
            let _ = err_tx.send(text);
        });
        self.last_stderr = Some(err_rx);
        let stdin_bytes = match input {
            Input::Bytes(b) => b.clone(),
            Input::Points(_) => format!("{}\n", input.hex()).into_bytes(),
        };
        let mut stdin = child.stdin.take();
        // The input is written and the output read on threads of their own,
        // so that a program that reads nothing, or writes before it reads,
        // cannot stall utfx; they send their results to this thread, which
        // waits for them only until the deadline.
        thread::spawn(move || {
            if let Some(s) = stdin.as_mut() {
                let _ = s.write_all(&stdin_bytes);
            }
        });
        let (tx, rx) = mpsc::channel();
        let stdout = child.stdout.take();
        thread::spawn(move || {
            let mut out = Vec::new();
            if let Some(s) = stdout {
                let _ = s.take(MAX_ANSWER as u64 + 1).read_to_end(&mut out);
            }
            let _ = tx.send(out);
        });
        let answer = self.wait_once(&mut child, &rx);
        // Whatever the answer, the command's group ends with its case:
        // nothing it started outlives it.
        kill(&mut child);
        Ok(answer)
    }

    /// The answer of the program run once, `child`, whose output `rx`
    /// brings.
    fn wait_once(&self, child: &mut Child, rx: &Receiver<Vec<u8>>) -> Answer {
        // Each process gets its start-up allowance: here every case's.
        let deadline = Instant::now() + self.startup + self.timeout;
        // The output is watched while the program runs: an answer past the
        // cap is too long however the program then ends (its status
        // would say "fails" when it dies of the closed pipe, or exits 1 on
        // the write error).
        let mut out = None;
        let status = loop {
            if out.is_none() {
                out = rx.try_recv().ok();
            }
            if out.as_ref().is_some_and(|o: &Vec<u8>| o.len() > MAX_ANSWER) {
                return too_long();
            }
            match child.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(1)),
                _ => return Answer::Hang,
            }
        };
        let out = match out {
            Some(out) => out,
            None => {
                match rx.recv_timeout(deadline.saturating_duration_since(Instant::now()) + Duration::from_millis(100)) {
                    Ok(out) => out,
                    // The program ended but something it started holds its
                    // output open.
                    Err(_) => return Answer::Hang,
                }
            }
        };
        // The size first: more than the cap is no answer, whatever the
        // status.
        if out.len() > MAX_ANSWER {
            return too_long();
        }
        if let Some(signal) = killed_by(&status) {
            return Answer::Crash(format!("killed by signal {signal}"));
        }
        if !status.success() {
            return Answer::Fails;
        }
        match self.task {
            Task::Decode(_) => parse_points_answer(&out),
            Task::Encode(_) | Task::Convert(..) => Answer::Output(codec_test::hex::format(&out)),
        }
    }

    fn start_lines(&mut self) -> Result<(), Failure> {
        let mut command = self.command();
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
        let mut child = group::spawn(&mut command).map_err(|e| cannot_run(&self.argv, &e))?;
        let stdin = child.stdin.take().ok_or_else(|| Failure::Io("no standard input for the command".into()))?;
        let stdout = child.stdout.take().ok_or_else(|| Failure::Io("no standard output from the command".into()))?;
        let (requests, pending) = mpsc::channel::<Vec<u8>>();
        thread::spawn(move || write_requests(stdin, &pending));
        let rx = read_answers(stdout);
        self.lines = Some(LineProcess { child, requests: Some(requests), answers: rx, answered: false });
        Ok(())
    }

    fn ask_line(&mut self, input: &Input) -> Result<Answer, Failure> {
        if self.lines.is_none() {
            self.start_lines()?;
        }
        let task = self.task;
        let Some(p) = self.lines.as_mut() else { return Ok(Answer::Crash("not running".into())) };
        // A line before this case is asked answers no case: the command
        // wrote more lines than it was asked for, and its answers would be
        // read one case late. (Where the line comes a moment later, the
        // difference it causes is checked by `finish`.)
        if let Ok(Some(line)) = p.answers.try_recv() {
            self.stop();
            return Ok(unasked(&line));
        }
        // The process's first answer has its start-up allowance too.
        let timeout = if p.answered { self.timeout } else { self.startup + self.timeout };
        let sent = p.requests.as_ref().is_some_and(|r| r.send(format!("{}\n", input.hex()).into_bytes()).is_ok());
        let received = p.answers.recv_timeout(timeout);
        p.answered = true;
        let answer = match received {
            Ok(Some(Ok(line))) => {
                let line = line.trim_end_matches(['\n', '\r']);
                if line.starts_with('!') {
                    Answer::Fails
                } else {
                    match task {
                        Task::Decode(_) => parse_points_answer(line.as_bytes()),
                        Task::Encode(_) | Task::Convert(..) => match codec_test::hex::parse(line) {
                            Some(b) => Answer::Output(codec_test::hex::format(&b)),
                            None => {
                                Answer::Garbage(format!("the answer is not bytes in hex: {}", excerpt(line.as_bytes())))
                            }
                        },
                    }
                }
            }
            Ok(Some(Err(what))) => Answer::Garbage(what),
            Ok(None) | Err(RecvTimeoutError::Disconnected) => {
                let status = wait_briefly(&mut p.child);
                Answer::Crash(match (sent, status) {
                    (_, Some(s)) => format!("the program ended ({})", describe(&s)),
                    (false, None) => "the program stopped reading its input".to_owned(),
                    (true, None) => "the program closed its output".to_owned(),
                })
            }
            Err(RecvTimeoutError::Timeout) => Answer::Hang,
        };
        if answer.is_fatal() {
            self.stop();
        }
        Ok(answer)
    }

    /// Ends the `--lines` program after its last case, or before a
    /// difference is shrunk: closes its input and reads what it still
    /// writes until it closes its output (within the timeout; a program
    /// that does not is killed, as before). A line then answers no case:
    /// the answers were out of step, and that line is returned.
    fn finish(&mut self) -> Option<Answer> {
        let mut p = self.lines.take()?;
        drop(p.requests.take());
        let extra = match p.answers.recv_timeout(self.timeout) {
            Ok(Some(line)) => Some(unasked(&line)),
            Ok(None) | Err(_) => None,
        };
        if extra.is_none() {
            let _ = wait_briefly(&mut p.child);
        }
        kill(&mut p.child);
        extra
    }

    fn stop(&mut self) {
        if let Some(mut p) = self.lines.take() {
            drop(p.requests.take());
            // A moment to end of itself, then its group ends, with
            // whatever it started.
            let _ = wait_briefly(&mut p.child);
            kill(&mut p.child);
        }
    }
}

impl Program {
    /// What the program said on standard error for the last case run once:
    /// its first line, when it wrote one within a moment.
    fn said(&mut self) -> Option<String> {
        let text = self.last_stderr.take()?.recv_timeout(Duration::from_millis(200)).ok()?;
        let text = String::from_utf8_lossy(&text);
        let first = text.lines().next()?.trim();
        (!first.is_empty()).then(|| first.to_owned())
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        self.stop();
    }
}

/// One line of a `--lines` program's output: the line, what is wrong
/// with it, or `None` at its end.
type Line = Option<Result<String, String>>;

/// Reads the lines of a `--lines` program's output on a thread of its own.
/// Bounded: a program that writes lines no case asked for blocks on its
/// full pipe instead of filling utfx's memory, which holds at most the
/// line in the channel, the one being read and the one being compared,
/// each capped at [`MAX_ANSWER`].
fn read_answers<R: Read + Send + 'static>(stdout: R) -> Receiver<Line> {
    let (tx, rx) = mpsc::sync_channel(1);
    thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        loop {
            let mut line = Vec::new();
            let n = (&mut reader).take(MAX_ANSWER as u64 + 1).read_until(b'\n', &mut line);
            let msg = match n {
                Ok(0) | Err(_) => None,
                Ok(_) if !line.ends_with(b"\n") && line.len() > MAX_ANSWER => {
                    Some(Err(format!("the answer is a line longer than {MAX_ANSWER} bytes (16 MiB)")))
                }
                Ok(_) => Some(
                    String::from_utf8(line)
                        .map_err(|e| format!("the answer is not UTF-8 text: {}", excerpt(e.as_bytes()))),
                ),
            };
            let end = msg.is_none();
            if tx.send(msg).is_err() || end {
                break;
            }
        }
    });
    rx
}

/// Writes each request to the program until it stops reading.
fn write_requests(mut stdin: ChildStdin, pending: &Receiver<Vec<u8>>) {
    while let Ok(line) = pending.recv() {
        if stdin.write_all(&line).and_then(|()| stdin.flush()).is_err() {
            break;
        }
    }
}

fn cannot_run(argv: &[String], e: &std::io::Error) -> Failure {
    Failure::Io(format!("cannot run `{}`: {e}", argv.join(" ")))
}

/// Ends the program `child` and everything it started (its process group,
/// on unix), and reaps it.
fn kill(child: &mut Child) {
    group::end(child);
    let _ = child.kill();
    let _ = child.wait();
}

/// Each command runs in a process group of its own, so that what it starts
/// (`sh -c 'sleep 27; echo 0000'`'s `sleep`) ends with it: [`kill`] ends
/// the group, and so does a signal that ends utfx (SIGINT, SIGTERM,
/// SIGHUP), which no longer reaches the command from the terminal.
#[cfg(unix)]
mod group {
    use std::process::{Child, Command};
    use std::sync::{Mutex, MutexGuard, Once, PoisonError};

    use rustix::process::{Pid, Signal, kill_process_group};

    /// The groups of the commands running now, by their leader's pid.
    static RUNNING: Mutex<Vec<u32>> = Mutex::new(Vec::new());

    fn running() -> MutexGuard<'static, Vec<u32>> {
        RUNNING.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts `command` as the leader of a new process group.
    pub(super) fn spawn(command: &mut Command) -> std::io::Result<Child> {
        watch_signals();
        std::os::unix::process::CommandExt::process_group(command, 0);
        // Held while starting, so that a signal's watcher either sees the
        // group or keeps it from starting.
        let mut running = running();
        let child = command.spawn()?;
        running.push(child.id());
        Ok(child)
    }

    /// Kills every process of the group `child` leads. The group keeps
    /// its id while any of its processes lives, even once its leader has
    /// been reaped; with none left there is nothing to kill, and the error
    /// is ignored.
    pub(super) fn end(child: &Child) {
        let mut running = running();
        kill_group(child.id());
        running.retain(|&id| id != child.id());
    }

    fn kill_group(id: u32) {
        if let Some(pid) = i32::try_from(id).ok().and_then(Pid::from_raw) {
            let _ = kill_process_group(pid, Signal::KILL);
        }
    }

    /// On the first SIGINT, SIGTERM or SIGHUP, ends every command's group,
    /// then utfx dies of the same signal (as `convert -o` does).
    fn watch_signals() {
        static WATCH: Once = Once::new();
        WATCH.call_once(|| {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
                // Without the watch, a signal leaves the command running.
                return;
            };
            let spawned = std::thread::Builder::new().name("signals".into()).spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    // Held until the process ends: no command starts after.
                    let running = running();
                    for &id in running.iter() {
                        kill_group(id);
                    }
                    let _ = signal_hook::low_level::emulate_default_handler(signal);
                    std::process::exit(128 + signal);
                }
            });
            drop(spawned);
        });
    }
}

/// Elsewhere, the command alone is killed.
#[cfg(not(unix))]
mod group {
    use std::process::{Child, Command};

    pub(super) fn spawn(command: &mut Command) -> std::io::Result<Child> {
        command.spawn()
    }

    pub(super) fn end(_: &Child) {}
}

/// The exit status when the program ends within 200 ms.
fn wait_briefly(child: &mut Child) -> Option<ExitStatus> {
    let until = Instant::now() + Duration::from_millis(200);
    loop {
        match child.try_wait() {
            Ok(Some(s)) => return Some(s),
            Ok(None) if Instant::now() < until => thread::sleep(Duration::from_millis(2)),
            _ => return None,
        }
    }
}

#[cfg(unix)]
fn killed_by(status: &ExitStatus) -> Option<i32> {
    std::os::unix::process::ExitStatusExt::signal(status)
}

#[cfg(not(unix))]
fn killed_by(_: &ExitStatus) -> Option<i32> {
    None
}

fn describe(status: &ExitStatus) -> String {
    match (status.code(), killed_by(status)) {
        (Some(code), _) => format!("exit status {code}"),
        (None, Some(signal)) => format!("killed by signal {signal}"),
        _ => status.to_string(),
    }
}

/// What a line that answers no case is reported as.
fn unasked(line: &Result<String, String>) -> Answer {
    Answer::Unasked(match line {
        Ok(line) => excerpt(line.trim_end_matches(['\n', '\r']).as_bytes()),
        Err(what) => format!("({what})"),
    })
}

/// The answer of a command that wrote more than [`MAX_ANSWER`] bytes.
fn too_long() -> Answer {
    Answer::Garbage(format!("the answer is more than {MAX_ANSWER} bytes (16 MiB)"))
}

fn excerpt(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(60)]).into_owned();
    format!("{text:?}{}", if bytes.len() > 60 { "..." } else { "" })
}

/// A decoder's answer: code points as hex, separated by whitespace or
/// commas, `U+` allowed.
fn parse_points_answer(out: &[u8]) -> Answer {
    let parsed = std::str::from_utf8(out).ok().and_then(vectors::parse_points::<BigCodePoint>);
    match parsed {
        Some(points) => Answer::Output(vectors::format_points(&points)),
        None => Answer::Garbage(format!("the answer is not code points in hex: {}", excerpt(out))),
    }
}

/// Where each codec's rules are written, as its crate's docs cite them.
fn rules_of(codec: &str) -> &'static str {
    match codec {
        "utf-8" => "RFC 3629 §3 and §4 (the Unicode Standard's Table 3-7)",
        "generalized-utf-8" => "the WTF-8 specification's Generalized UTF-8 (Tables 2 and 3)",
        "utf-8-rfc2279" => "RFC 2279 (January 1998), section 2",
        "utf-16le" | "utf-16be" => "the Encoding Standard §14.2, common infrastructure for utf-16be and utf-16le",
        "wtf-16le" | "wtf-16be" => "the WTF-8 specification, potentially ill-formed UTF-16",
        "wtf-8" => "The WTF-8 encoding (Simon Sapin): Table 1 and the surrogate pair rule",
        "cesu-8" => "Unicode Technical Report #26 (CESU-8)",
        "mutf-8" | "mutf-8-lenient" => "the JVM Specification §4.4.7 (Modified UTF-8); decision 0008",
        "corrected-utf-8" | "corrected-utf-8-c1" => "Corrected UTF-8 (Zack Weinberg): its table of lengths and offsets",
        "utf-inf-8" => "Draft Proposal for UTF-∞-8 Specification (Bishop and Cook, 2009)",
        "utf-1" => "ISO 10646-1:1993 annex G (UTF-1), as the History tables give it",
        "fss-utf-proposal-1992" => "the X/Open FSS-UTF proposal of July 1992, as the History tables give it",
        _ => "the Encoding Standard's decoder and encoder for it (§9 to §14)",
    }
}

/// Runs `utfx compare`.
pub(crate) fn run(args: &CompareArgs) -> Result<(), Failure> {
    if args.command.is_empty() {
        return Err(Failure::Usage("no command to compare with: utfx compare -f CODEC -- COMMAND [ARGS...]".into()));
    }
    let label = support::source_label(&args.codec)?;
    let codec = support::big_codec(label)?;
    let neutral = bom::neutral(label);
    let neutral_to = args.to.as_deref().and_then(bom::neutral);
    let mode = args.mode.as_deref().unwrap_or("fatal");
    let task = match (&args.to, args.encode) {
        (Some(_), true) => return Err(Failure::Usage("--encode and -t: choose one".into())),
        (Some(to), false) => Task::Convert(decode_mode(mode, "--encode")?, support::big_codec(to)?),
        (None, true) => Task::Encode(encode_mode(mode, "decoding (without --encode)")?),
        (None, false) => Task::Decode(decode_mode(mode, "--encode")?),
    };
    if !(1..=MAX_TIMEOUT_MS).contains(&args.timeout_ms) {
        return Err(Failure::Usage(format!("--timeout must be from 1 to {MAX_TIMEOUT_MS} ms")));
    }
    if args.startup_ms > MAX_TIMEOUT_MS {
        return Err(Failure::Usage(format!("--startup-timeout must be from 0 to {MAX_TIMEOUT_MS} ms")));
    }
    let seconds = match args.seconds.map(Duration::try_from_secs_f64) {
        None => None,
        Some(Ok(s)) => Some(s),
        Some(Err(_)) => return Err(Failure::Usage("--seconds must be a number of seconds, 0 or more".into())),
    };
    let sniff = match neutral.filter(|_| !matches!(task, Task::Encode(_))) {
        Some(neutral) => {
            Some(Orders { neutral, le: support::big_codec(neutral.le)?, be: support::big_codec(neutral.be)? })
        }
        None => None,
    };
    let bom_out = if matches!(task, Task::Encode(_)) { neutral } else { neutral_to };
    let reference = Reference { codec, task, sniff, bom_out };
    let mut program = Program {
        argv: args.command.clone(),
        timeout: Duration::from_millis(args.timeout_ms),
        startup: Duration::from_millis(args.startup_ms),
        task,
        lines: None,
        use_lines: args.lines,
        last_stderr: None,
    };
    let started = Instant::now();
    // Past what `Instant` holds: no deadline.
    let deadline = seconds.and_then(|s| started.checked_add(s));
    let mut out = Output::stdout();
    let mut cases = 0usize;
    let mut check = |name: &str, input: Input, program: &mut Program| -> Result<bool, Failure> {
        cases += 1;
        let want = reference.answer(&input).answer;
        let got = program.answer(&input)?;
        if got == want {
            return Ok(true);
        }
        if got.is_protocol_error() {
            report_protocol_error(&format!("at case {cases} ({name})"), &input, &want, &got)?;
            return Err(breaks_protocol());
        }
        // A difference in --lines mode may be a line read one case late:
        // the program's input is closed and what it still writes read
        // first (shrinking starts it again).
        if !got.is_fatal()
            && let Some(extra) = program.finish()
        {
            report_protocol_error(&format!("at case {cases} ({name})"), &input, &want, &extra)?;
            return Err(breaks_protocol());
        }
        report_difference(&reference, program, cases, name, input, &want, &got)?;
        Ok(false)
    };
    // The vectors first (curated, then the systematic generated ones), then
    // random damaged inputs.
    let name = codec.info().name;
    let direction = if matches!(task, Task::Encode(_)) { Direction::Encode } else { Direction::Decode };
    // The systematic generated vectors (boundaries, truncations, special
    // sequences) first, then the curated ones: when the vectors are more
    // than the cases, the generated ones are kept and the curated ones
    // sampled evenly.
    let generated = match task {
        Task::Encode(m) => generate::encode_vectors(codec, m, 0, args.seed),
        Task::Decode(m) | Task::Convert(m, _) => generate::decode_vectors(codec, m, 0, args.seed),
    };
    let mut fixed: Vec<(String, Input)> =
        generated.into_iter().filter_map(|v| vector_input(&v).map(|i| (v.name, i))).collect();
    // A curated vector that cuts its input into pieces for a streaming
    // decoder (WPT's `chunks`) is a case like any other: a command gets its
    // input whole, and the whole input is what utfx's side decodes.
    let curated: Vec<(String, Input)> = vectors::curated(name)
        .into_iter()
        .filter(|v| v.direction == direction)
        .filter_map(|v| vector_input(&v).map(|i| (v.name, i)))
        .collect();
    if args.random_only {
        fixed.clear();
    } else {
        fixed.truncate(args.cases);
        let room = args.cases - fixed.len();
        let n = curated.len();
        if n <= room {
            fixed.extend(curated);
        } else {
            fixed.extend((0..room).map(|i| curated[i * n / room].clone()));
        }
    }
    let random = args.cases - fixed.len();
    let mut agreed = 0usize;
    for (name, input) in fixed {
        if !check(&name, input, &mut program)? {
            return Err(differs());
        }
        agreed += 1;
    }
    let mut rng = Rng::new(args.seed);
    for i in 0..random {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let input = match task {
            Task::Encode(_) => Input::Points(random_points(&mut rng)),
            _ => {
                let mut bytes = generate::valid_text(codec, &mut rng, 12);
                generate::damage(&mut bytes, &mut rng);
                Input::Bytes(bytes)
            }
        };
        if !check(&format!("random #{i} (seed {})", args.seed), input, &mut program)? {
            return Err(differs());
        }
        agreed += 1;
    }
    if let Some(extra) = program.finish() {
        report_protocol_error("after the last case", &Input::Bytes(Vec::new()), &Answer::Fails, &extra)?;
        return Err(breaks_protocol());
    }
    let shown = neutral.map_or(name, |n| n.name);
    let to = neutral_to.map(|n| n.name);
    out.write(format!("agree: {agreed} cases ({shown}, {})\n", describe_task(task, to)).as_bytes())?;
    out.flush()
}

/// The decode mode `--mode` names; `encoding` says how to ask for
/// encoding instead, for a mode that is an encode mode.
///
/// # Errors
///
/// [`Failure::Usage`] naming `--mode` and the decode modes.
pub(crate) fn decode_mode(mode: &str, encoding: &str) -> Result<DecodeMode, Failure> {
    mode.parse().map_err(|_| {
        let other = mode.parse::<EncodeMode>().is_ok().then(|| format!("; {mode} is an encode mode, for {encoding}"));
        Failure::Usage(format!(
            "--mode {mode}: not a decode mode ({}){}",
            list(DecodeMode::ALL),
            other.unwrap_or_default()
        ))
    })
}

/// The encode mode `--mode` names; `decoding` says how to ask for
/// decoding instead, for a mode that is a decode mode.
///
/// # Errors
///
/// [`Failure::Usage`] naming `--mode` and the encode modes.
pub(crate) fn encode_mode(mode: &str, decoding: &str) -> Result<EncodeMode, Failure> {
    mode.parse().map_err(|_| {
        let other = mode.parse::<DecodeMode>().is_ok().then(|| format!("; {mode} is a decode mode, for {decoding}"));
        Failure::Usage(format!(
            "--mode {mode}: not an encode mode ({}){}",
            list(EncodeMode::ALL),
            other.unwrap_or_default()
        ))
    })
}

fn list<T: std::fmt::Display>(all: &[T]) -> String {
    all.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
}

/// The failure after a protocol error's report: exit status 1.
fn breaks_protocol() -> Failure {
    Failure::Data("the command's answer breaks the protocol (report on standard output)".into())
}

/// Prints the report of an answer that breaks the protocol: where, and
/// what was wrong; for an answer to a case, that case's input, unshrunk,
/// and utfx's answer.
fn report_protocol_error(place: &str, input: &Input, want: &Answer, got: &Answer) -> Result<(), Failure> {
    let unit = match (input, input.len()) {
        (Input::Points(_), 1) => "code point",
        (Input::Points(_), _) => "code points",
        (Input::Bytes(_), 1) => "byte",
        (Input::Bytes(_), _) => "bytes",
    };
    let case = match got {
        // A line that answers no case says nothing about this one.
        Answer::Unasked(_) => String::new(),
        _ => format!("  input:   {} ({} {unit})\n  utfx:    {}\n", input.hex(), input.len(), want.show()),
    };
    let text = format!("protocol error {place}\n{case}  command: {}\n", got.show());
    let mut out = Output::stdout();
    out.write(text.as_bytes())?;
    out.flush()
}

/// The failure after a difference's report: exit status 1.
fn differs() -> Failure {
    Failure::Data("the command's answer differs from utfx's (report on standard output)".into())
}

/// The task, for the last line; `to` is the label `-t` gave when it names
/// no codec of its own (`utf-16`).
fn describe_task(task: Task, to: Option<&str>) -> String {
    match task {
        Task::Decode(m) => format!("decode, {m}"),
        Task::Encode(m) => format!("encode, {m}"),
        Task::Convert(m, codec) => format!("convert to {}, {m}", to.unwrap_or(codec.info().name)),
    }
}

fn vector_input(v: &Vector) -> Option<Input> {
    match v.direction {
        Direction::Decode => v.input_bytes().map(Input::Bytes),
        Direction::Encode => vectors::parse_points(&v.input).map(Input::Points),
    }
}

fn random_points(rng: &mut Rng) -> Vec<BigCodePoint> {
    let all: Vec<BigCodePoint> = generate::BOUNDARIES.iter().filter_map(|h| h.parse().ok()).collect();
    (0..1 + rng.below(8)).map(|_| all[rng.below(all.len())].clone()).collect()
}

/// Shrinks the input of a difference and prints the report on stdout.
fn report_difference(
    reference: &Reference,
    program: &mut Program,
    case: usize,
    name: &str,
    input: Input,
    want: &Answer,
    got: &Answer,
) -> Result<(), Failure> {
    let original = input.len();
    let original_hex = input.hex();
    // A hang is not shrunk: each try could cost a timeout.
    let small = if matches!(got, Answer::Hang) || (program.use_lines && got.is_fatal()) {
        input
    } else {
        let mut differs = |candidate: &Input| {
            let w = reference.answer(candidate).answer;
            match program.answer(candidate) {
                // Toward the same kind of difference: not a hang (each try
                // could cost a timeout), not an answer the protocol does
                // not allow.
                Ok(g) => g != w && !matches!(g, Answer::Hang) && !g.is_protocol_error(),
                Err(_) => false,
            }
        };
        match input {
            Input::Bytes(b) => {
                Input::Bytes(codec_test::shrink::ddmin(b, |c| differs(&Input::Bytes(c.to_vec())), SHRINK_BUDGET))
            }
            Input::Points(p) => {
                Input::Points(codec_test::shrink::ddmin(p, |c| differs(&Input::Points(c.to_vec())), SHRINK_BUDGET))
            }
        }
    };
    let verdict = reference.answer(&small);
    let want_small = verdict.answer.clone();
    // Asked again for what it says on standard error (not after a hang,
    // which would cost another timeout).
    let again = !(matches!(got, Answer::Hang) || (program.use_lines && got.is_fatal()));
    let got_small = if again { program.answer(&small)? } else { got.clone() };
    let said = if again { program.said() } else { None };
    // The answers the shrinking read were in step only if the program
    // wrote no line more than it was asked for.
    if program.use_lines
        && again
        && let Some(extra) = program.finish()
    {
        report_protocol_error(&format!("at case {case} ({name}), while shrinking it"), &small, &want_small, &extra)?;
        return Err(breaks_protocol());
    }
    let (want_small, got_small) =
        if got_small == want_small { (want.clone(), got.clone()) } else { (want_small, got_small) };
    let unit = match (&small, small.len()) {
        (Input::Points(_), 1) => "code point",
        (Input::Points(_), _) => "code points",
        (Input::Bytes(_), 1) => "byte",
        (Input::Bytes(_), _) => "bytes",
    };
    let mut text = format!(
        "difference at case {case} ({name})\n  input:   {} ({} {unit}{})\n  utfx:    {}\n  command: {}{}\n",
        small.hex(),
        small.len(),
        if small.len() < original { format!(", shrunk from {original}") } else { String::new() },
        want_small.show(),
        got_small.show(),
        said.filter(|_| got_small == Answer::Fails).map(|s| format!(" (it said: {s})")).unwrap_or_default(),
    );
    if small.len() < original {
        text.push_str(&format!("  found on: {original_hex}\n"));
    }
    text.push_str(&rule(&verdict, &small));
    let mut out = Output::stdout();
    out.write(text.as_bytes())?;
    out.flush()
}

/// The rule that decides: utfx's first error on the input (kind, what it
/// means, what the codec says decides it, where the codec's specification
/// says so, what the mode makes of it), or that the input has none.
fn rule(verdict: &Verdict, input: &Input) -> String {
    let codec = verdict.codec;
    let why = format!("{}; {}", rules_of(codec), mode_rule(verdict.mode, codec));
    match verdict.errors.first() {
        Some(e) => {
            let kind = e.kind.as_deref().unwrap_or("?");
            let meaning = codec_core::ErrorKind::ALL
                .iter()
                .find(|k| k.as_str() == kind)
                .map(ToString::to_string)
                .unwrap_or_default();
            let place = match input {
                Input::Points(_) => format!("index {}", e.offset),
                Input::Bytes(_) => match e.length {
                    Some(n) => format!("offset {}, {n} byte{}", e.offset, if n == 1 { "" } else { "s" }),
                    None => format!("offset {}, the input ends inside a sequence", e.offset),
                },
            };
            // What decides it in the codec's terms, where the codec says
            // (the Encoding Standard's index and pointer: `Codec::explain`).
            let decided = e.rule.as_deref().map(|r| format!(": {r}")).unwrap_or_default();
            format!("  rule:    {codec}: {kind} ({meaning}) at {place}{decided}; {why}\n")
        }
        None => format!("  rule:    {codec}: the input is well-formed, no error; {why}\n"),
    }
}

/// What the mode of the deciding side does with an error, as
/// `codec_core::DecodeMode` and `EncodeMode` define it.
fn mode_rule(mode: Mode, codec: &str) -> String {
    let text = match mode {
        Mode::Decode(DecodeMode::Fatal) => "an input with an error fails as a whole",
        Mode::Decode(DecodeMode::Replace) if codec == "utf-8" => {
            "one U+FFFD per maximal subpart (Unicode §3.9), the Encoding Standard's utf-8 decoder (§8.1)"
        }
        Mode::Decode(DecodeMode::Replace) => "one U+FFFD per maximal subpart",
        Mode::Decode(DecodeMode::Escape) => "each byte b of an ill-formed subpart is U+DC00 + b (UTF-8B)",
        Mode::Decode(DecodeMode::Latin1) => "each byte of an ill-formed subpart is its Latin-1 character",
        Mode::Decode(DecodeMode::Windows1252) => "each byte of an ill-formed subpart is its windows-1252 character",
        Mode::Decode(DecodeMode::Ignore) => "an ill-formed subpart is dropped",
        Mode::Encode(EncodeMode::Fatal) => "an input with a code point the codec cannot encode fails as a whole",
        Mode::Encode(EncodeMode::Replace) => {
            "a code point the codec cannot encode is its encoding of U+FFFD (or of ? where it has none)"
        }
        Mode::Encode(EncodeMode::Html) => "a code point the codec cannot encode is &#N; (N its decimal value)",
        Mode::Encode(EncodeMode::Url) => "a code point the codec cannot encode is ?",
        Mode::Encode(EncodeMode::Escape) => {
            "U+DC80 to U+DCFF are the raw bytes 80 to FF; another code point the codec cannot encode fails"
        }
        Mode::Encode(EncodeMode::Ignore) => "a code point the codec cannot encode is dropped",
        Mode::Decode(m) => return format!("{m} mode"),
        Mode::Encode(m) => return format!("{m} mode"),
    };
    let name = match mode {
        Mode::Decode(m) => m.to_string(),
        Mode::Encode(m) => m.to_string(),
    };
    format!("{name} mode: {text}")
}

#[cfg(test)]
mod tests {
    use std::io::Read;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// Endless short lines, counting the bytes read.
    struct Flood(Arc<AtomicUsize>);

    impl Read for Flood {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            for (i, b) in buf.iter_mut().enumerate() {
                *b = if i % 5 == 4 { b'\n' } else { b'0' };
            }
            let n = buf.len() / 5 * 5;
            self.0.fetch_add(n, Ordering::Relaxed);
            Ok(n)
        }
    }

    #[test]
    fn a_flood_of_lines_no_case_asked_for_is_read_no_further_than_a_bound() {
        // Nothing takes the lines: the reader must stop, having read its
        // buffer and a line or two. Slowness can only make it read less.
        let read = Arc::new(AtomicUsize::new(0));
        let answers = super::read_answers(Flood(Arc::clone(&read)));
        std::thread::sleep(Duration::from_millis(300));
        let n = read.load(Ordering::Relaxed);
        assert!(n < 1 << 20, "{n} bytes read into memory");
        drop(answers);
    }
}
