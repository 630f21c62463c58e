//! `utfx`: decode, encode, convert, validate and inspect text in every codec
//! of the UTF-8 family and the Encoding Standard's legacy encodings (`utfx
//! list` names them); write test vectors for any
//! of them (`utfx vectors`) and compare another program's decoder with
//! utfx's (`utfx compare`, whose exit status 1 means a difference and 3
//! that the command cannot be run).
//!
//! The command line is a contract (scripts call it as documented in
//! `--help`): exit status 0 on success, 1 when the data is invalid, 2 for a
//! usage error, 3 for an I/O error; a fatal error prints one line on stderr
//! with `offset N: KIND` (decoding) or `index N: U+XXXX: KIND` (encoding),
//! which `convert` follows with the line and column (counted as the input
//! is read, `lines`) and a hint line (`hint`); a
//! closed output pipe ends the program quietly. iconv's command lines work
//! too (`utfx -l`, `utfx -f X -t Y [-c] [FILE...]`), and each label does with
//! a byte order mark what `bom` says (decision 0005).
//!
//! Every codec comes from `codec-registry`. `convert`, `validate` and
//! `encode` of text run the core's `Transcoder`, decoders and encoders over
//! `u32` code points (`codec_registry::get`), with the codecs' kernels;
//! there UTF-∞-8 is `codec_core::Narrow`'s view, so `validate` reports a
//! value beyond `u32` as `out_of_range`. `convert` from UTF-∞-8 (whose code
//! points may exceed `u32`) and with `--framing`, `decode`, `encode --input
//! cps`, `inspect`, `vectors` and `compare` go over big code points
//! (`codec_registry::get_big`: UTF-∞-8 as itself, the others through
//! `codec_core::Big`).
//!
//! A module per subcommand (`decode`, `encode`, `convert`, `validate`,
//! `inspect`, `vectors`, `compare`; `list` and iconv's command lines are
//! here), `clap`'s definitions in `cli`, and the parts they share: `support`
//! (failures and exit statuses, codec lookup, input and output), `bom`,
//! `framing`, `lines`, `hint`, `read_ahead` (the input read on a thread of
//! its own), `parallel` (large files in pieces) and `output_file` (`-o`).

mod bom;
mod cli;
mod compare;
mod convert;
mod decode;
mod encode;
mod framing;
mod hint;
mod inspect;
mod lines;
mod output_file;
mod parallel;
mod read_ahead;
mod support;
mod validate;
mod vectors;

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};

use crate::cli::{Cli, Command};
use crate::support::{Failure, Output};

fn main() -> ExitCode {
    let cli = match parse(std::env::args_os().collect()) {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() => {
            // A usage error: on stderr, status 2.
            let _ = e.print();
            return ExitCode::from(2);
        }
        Err(e) => {
            // Help and version: on stdout, status 0 unless the write fails.
            return match help(&e) {
                Ok(()) | Err(Failure::Quiet) => ExitCode::SUCCESS,
                Err(failure) => {
                    if let Failure::Io(m) = &failure {
                        report(m);
                    }
                    ExitCode::from(failure.code())
                }
            };
        }
    };
    let result = match &cli.command {
        Command::List => list(),
        Command::Decode(args) => decode::run(args),
        Command::Encode(args) => encode::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Validate(args) => validate::run(args),
        Command::Inspect(args) => inspect::run(args),
        Command::Vectors(args) => vectors::run(args),
        Command::Compare(args) => compare::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            match &failure {
                Failure::Data(m) | Failure::Usage(m) | Failure::Io(m) => report(m),
                Failure::Quiet => {}
            }
            ExitCode::from(failure.code())
        }
    }
}

/// Parses the command line, in iconv's form too: there, `convert`'s usage
/// errors and help show the usage line of that form ([`cli::ICONV_USAGE`]).
fn parse(args: Vec<OsString>) -> Result<Cli, clap::Error> {
    let (args, iconv) = iconv_form(args);
    let mut command = Cli::command();
    if iconv {
        command = command.mut_subcommand("convert", |c| c.override_usage(cli::ICONV_USAGE));
    }
    let mut matches = command.try_get_matches_from_mut(args)?;
    Cli::from_arg_matches_mut(&mut matches).map_err(|e| e.format(&mut command))
}

/// The command line iconv's users type, as a subcommand: `utfx -l` (or
/// `--list`) is `utfx list`, and options without a subcommand
/// (`utfx -f X -t Y [FILE]`) are `utfx convert` (true: the arguments were
/// in iconv's form).
fn iconv_form(mut args: Vec<OsString>) -> (Vec<OsString>, bool) {
    let Some(first) = args.get(1).and_then(|a| a.to_str()) else { return (args, false) };
    if first == "-l" || first == "--list" {
        args[1] = "list".into();
    } else if first.starts_with('-') && !matches!(first, "-" | "-h" | "--help" | "-V" | "--version") {
        args.insert(1, "convert".into());
        return (args, true);
    }
    (args, false)
}

/// Writes the help or version text that `clap` rendered, coloured as
/// `inspect` is, and checks the write as every subcommand does.
fn help(e: &clap::Error) -> Result<(), Failure> {
    let rendered = e.render();
    let text = if support::colour() { rendered.ansi().to_string() } else { rendered.to_string() };
    let mut out = Output::stdout();
    out.write(text.as_bytes())?;
    out.flush()
}

/// Prints one line on stderr (and nothing if stderr is closed).
pub(crate) fn report(message: &str) {
    let _ = writeln!(std::io::stderr(), "utfx: {message}");
}

/// `utfx list`: one line per codec, NAME, ALIASES, DOMAIN, DESCRIPTION and
/// the aliases whose meaning here is the Encoding Standard's where iconv
/// reads another encoding (decision 0043; empty for most), separated by
/// tabs; an alias another codec answers to first (`latin1`, the Standard's
/// label of windows-1252, names ISO-8859-1 here) is listed with that one
/// only. `utf-16` and `utf-32`, which the registry has as aliases of
/// `utf-16le` and `utf-32le`, are lines of their own after the big-endian
/// codec of their family, since the CLI gives them a BOM rule of their own
/// (`bom`).
fn list() -> Result<(), Failure> {
    let mut out = Output::stdout();
    for codec in codec_registry::all() {
        let info = codec.info();
        let own = |a: &&str| codec_registry::get(a).is_some_and(|c| c.info().name == info.name);
        let aliases: Vec<&str> =
            info.aliases.iter().copied().filter(|a| bom::neutral(a).is_none()).filter(own).collect();
        let differ: Vec<&str> = std::iter::once(info.name)
            .chain(aliases.iter().copied())
            .filter(|a| codec_registry::iconv::differs(a).is_some())
            .collect();
        let (summary, description) = (info.domain.summary, info.description);
        let line = format!("{}\t{}\t{summary}\t{description}\t{}\n", info.name, aliases.join(","), differ.join(","));
        out.write(line.as_bytes())?;
        for neutral in bom::NEUTRAL.iter().filter(|n| n.be == info.name) {
            let le = support::codec(neutral.le)?.info();
            let line =
                format!("{}\t{}\t{}\t{}\t\n", neutral.name, neutral.normalized, le.domain.summary, neutral.description);
            out.write(line.as_bytes())?;
        }
    }
    out.flush()
}
