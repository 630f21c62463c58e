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
//! deadline (`--timeout`); a program past it is killed and reported, so
//! utfx itself never waits longer than that per case.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use codec_core::{BigCodePoint, DecodeMode, EncodeMode};
use codec_registry::BigCodec;
use codec_test::generate::{self, Rng};
use codec_test::vectors::{self, Direction, ErrorSpan, SourceKind, Vector};

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
    /// An answer that is not the protocol's, with an excerpt.
    Garbage(String),
}

impl Answer {
    fn show(&self) -> String {
        match self {
            Answer::Output(o) if o.is_empty() => "(empty output)".to_owned(),
            Answer::Output(o) => o.clone(),
            Answer::Fails => "fails".to_owned(),
            Answer::Hang => "no answer within the timeout (killed)".to_owned(),
            Answer::Crash(why) => format!("crashed: {why}"),
            Answer::Garbage(what) => format!("garbage: {what}"),
        }
    }

    /// A hang or a crash in `--lines` mode ends the program: nothing more
    /// can be asked of it.
    fn is_fatal(&self) -> bool {
        matches!(self, Answer::Hang | Answer::Crash(_))
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
}

impl Reference {
    fn answer(&self, input: &Input) -> (Answer, Vec<ErrorSpan>, &'static str) {
        let src = SourceKind::Generated;
        match (self.task, input) {
            (Task::Decode(mode), Input::Bytes(b)) => {
                let v = Vector::decoded_by(self.codec, mode, b, "", src, "");
                (v.output.map_or(Answer::Fails, Answer::Output), v.errors.unwrap_or_default(), self.codec.info().name)
            }
            (Task::Encode(mode), Input::Points(p)) => {
                let v = Vector::encoded_by(self.codec, mode, p, "", src, "");
                (v.output.map_or(Answer::Fails, Answer::Output), v.errors.unwrap_or_default(), self.codec.info().name)
            }
            (Task::Convert(mode, to), Input::Bytes(b)) => {
                let v = Vector::decoded_by(self.codec, mode, b, "", src, "");
                let errors = v.errors.unwrap_or_default();
                let Ok(points) = self.codec.decode_with(b, mode) else {
                    return (Answer::Fails, errors, self.codec.info().name);
                };
                let e = Vector::encoded_by(to, EncodeMode::Fatal, &points, "", src, "");
                match e.output {
                    Some(out) => (Answer::Output(out), errors, self.codec.info().name),
                    None if errors.is_empty() => (Answer::Fails, e.errors.unwrap_or_default(), to.info().name),
                    None => (Answer::Fails, errors, self.codec.info().name),
                }
            }
            _ => (Answer::Fails, Vec::new(), self.codec.info().name),
        }
    }
}

/// How the other program is run.
struct Program {
    argv: Vec<String>,
    timeout: Duration,
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
    answers: Receiver<Option<Result<String, String>>>,
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
        let mut child = self
            .command()
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| cannot_run(&self.argv, &e))?;
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
        let deadline = Instant::now() + self.timeout;
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(1)),
                _ => {
                    kill(&mut child);
                    return Ok(Answer::Hang);
                }
            }
        };
        let out = match rx.recv_timeout(deadline.saturating_duration_since(Instant::now()) + Duration::from_millis(100))
        {
            Ok(out) => out,
            // The program ended but something it started holds its output
            // open.
            Err(_) => return Ok(Answer::Hang),
        };
        if let Some(signal) = killed_by(&status) {
            return Ok(Answer::Crash(format!("killed by signal {signal}")));
        }
        if !status.success() {
            return Ok(Answer::Fails);
        }
        if out.len() > MAX_ANSWER {
            return Ok(Answer::Garbage(format!("more than {MAX_ANSWER} bytes of output")));
        }
        Ok(match self.task {
            Task::Decode(_) => parse_points_answer(&out),
            Task::Encode(_) | Task::Convert(..) => Answer::Output(codec_test::hex::format(&out)),
        })
    }

    fn start_lines(&mut self) -> Result<(), Failure> {
        let mut child = self
            .command()
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| cannot_run(&self.argv, &e))?;
        let stdin = child.stdin.take().ok_or_else(|| Failure::Io("no standard input for the command".into()))?;
        let stdout = child.stdout.take().ok_or_else(|| Failure::Io("no standard output from the command".into()))?;
        let (requests, pending) = mpsc::channel::<Vec<u8>>();
        thread::spawn(move || write_requests(stdin, &pending));
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = Vec::new();
                let n = (&mut reader).take(MAX_ANSWER as u64 + 1).read_until(b'\n', &mut line);
                let msg = match n {
                    Ok(0) | Err(_) => None,
                    Ok(_) if !line.ends_with(b"\n") && line.len() > MAX_ANSWER => {
                        Some(Err(format!("a line longer than {MAX_ANSWER} bytes")))
                    }
                    Ok(_) => Some(String::from_utf8(line).map_err(|_| "a line that is not UTF-8".to_owned())),
                };
                let end = msg.is_none();
                if tx.send(msg).is_err() || end {
                    break;
                }
            }
        });
        self.lines = Some(LineProcess { child, requests: Some(requests), answers: rx });
        Ok(())
    }

    fn ask_line(&mut self, input: &Input) -> Result<Answer, Failure> {
        if self.lines.is_none() {
            self.start_lines()?;
        }
        let task = self.task;
        let timeout = self.timeout;
        let Some(p) = self.lines.as_mut() else { return Ok(Answer::Crash("not running".into())) };
        let sent = p.requests.as_ref().is_some_and(|r| r.send(format!("{}\n", input.hex()).into_bytes()).is_ok());
        let answer = match p.answers.recv_timeout(timeout) {
            Ok(Some(Ok(line))) => {
                let line = line.trim_end_matches(['\n', '\r']);
                if line.starts_with('!') {
                    Answer::Fails
                } else {
                    match task {
                        Task::Decode(_) => parse_points_answer(line.as_bytes()),
                        Task::Encode(_) | Task::Convert(..) => match codec_test::hex::parse(line) {
                            Some(b) => Answer::Output(codec_test::hex::format(&b)),
                            None => Answer::Garbage(excerpt(line.as_bytes())),
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

    fn stop(&mut self) {
        if let Some(mut p) = self.lines.take() {
            drop(p.requests.take());
            if wait_briefly(&mut p.child).is_none() {
                kill(&mut p.child);
            }
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

fn kill(child: &mut Child) {
    let _ = child.kill();
    let _ = child.wait();
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
        None => Answer::Garbage(excerpt(out)),
    }
}

/// Where each codec's rules are written, as its crate's docs cite them.
fn rules_of(codec: &str) -> &'static str {
    match codec {
        "utf-8" => {
            "RFC 3629 §3 and §4 (the Unicode Standard's Table 3-7); replacement: the Encoding Standard's utf-8 \
             decoder (§8.1), one U+FFFD per maximal subpart (Unicode §3.9)"
        }
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
    let codec = support::big_codec(support::source_label(&args.codec)?)?;
    let mode = args.mode.as_deref().unwrap_or("fatal");
    let task = match (&args.to, args.encode) {
        (Some(_), true) => return Err(Failure::Usage("--encode and -t: choose one".into())),
        (Some(to), false) => Task::Convert(support::decode_mode(mode, false)?, support::big_codec(to)?),
        (None, true) => Task::Encode(support::encode_mode("--mode", mode, false)?),
        (None, false) => Task::Decode(support::decode_mode(mode, false)?),
    };
    if !(1..=MAX_TIMEOUT_MS).contains(&args.timeout_ms) {
        return Err(Failure::Usage(format!("--timeout must be from 1 to {MAX_TIMEOUT_MS} ms")));
    }
    let seconds = match args.seconds.map(Duration::try_from_secs_f64) {
        None => None,
        Some(Ok(s)) => Some(s),
        Some(Err(_)) => return Err(Failure::Usage("--seconds must be a number of seconds, 0 or more".into())),
    };
    let reference = Reference { codec, task };
    let mut program = Program {
        argv: args.command.clone(),
        timeout: Duration::from_millis(args.timeout_ms),
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
        let (want, _, _) = reference.answer(&input);
        let got = program.answer(&input)?;
        if got == want {
            return Ok(true);
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
    program.stop();
    out.write(format!("agree: {agreed} cases ({name}, {})\n", describe_task(task)).as_bytes())?;
    out.flush()
}

/// The failure after a difference's report: exit status 1.
fn differs() -> Failure {
    Failure::Data("the command's answer differs from utfx's (report on standard output)".into())
}

fn describe_task(task: Task) -> String {
    match task {
        Task::Decode(m) => format!("decode, {m}"),
        Task::Encode(m) => format!("encode, {m}"),
        Task::Convert(m, to) => format!("convert to {}, {m}", to.info().name),
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
            let (w, _, _) = reference.answer(candidate);
            match program.answer(candidate) {
                Ok(g) => g != w && !matches!(g, Answer::Hang),
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
    let (want_small, errors, rules_codec) = reference.answer(&small);
    // Asked again for what it says on standard error (not after a hang,
    // which would cost another timeout).
    let again = !(matches!(got, Answer::Hang) || (program.use_lines && got.is_fatal()));
    let got_small = if again { program.answer(&small)? } else { got.clone() };
    let said = if again { program.said() } else { None };
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
    text.push_str(&rule(&errors, rules_codec, &small));
    let mut out = Output::stdout();
    out.write(text.as_bytes())?;
    out.flush()
}

/// The rule that decides: utfx's first error on the input (kind, what it
/// means, what the codec says decides it, where the codec's specification
/// says so), or that the input has none.
fn rule(errors: &[ErrorSpan], codec: &str, input: &Input) -> String {
    match errors.first() {
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
            format!("  rule:    {codec}: {kind} ({meaning}) at {place}{decided}; {}\n", rules_of(codec))
        }
        None => format!("  rule:    {codec}: the input is well-formed, no error; {}\n", rules_of(codec)),
    }
}
