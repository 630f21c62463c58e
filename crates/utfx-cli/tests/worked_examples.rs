//! The worked examples of `docs/TESTING-YOUR-DECODER.md`, run where their
//! tools are installed: Python's `bytes.decode` with `replace` against
//! `utf-8` and with `surrogatepass` against `generalized-utf-8`, Node's
//! `TextDecoder` against `utf-8` and `utf-16le`, and `iconv -f UTF-8 -t
//! UTF-16LE` against the conversion (agreeing on valid input; on invalid
//! input iconv stops, and the report says where and why). Where a tool is
//! missing, the test says so on stderr (past libtest's capture, so that the
//! skip shows) and checks nothing else: never a silent pass.

use std::io::Write;
use std::process::{Command, Output};

/// The Python decoder of the docs, one line per case (`--lines`): the
/// error handler is the script's first argument.
const PYTHON_LINES: &str = "import sys
for line in sys.stdin:
    try: text = bytes.fromhex(line).decode('utf-8', sys.argv[1])
    except UnicodeDecodeError: text = None
    print('!' if text is None else ' '.join('%04X' % ord(c) for c in text), flush=True)
";

/// The Python decoder of the docs, one process per case.
const PYTHON_ONCE: &str = "import sys
text = sys.stdin.buffer.read().decode('utf-8', 'replace')
print(' '.join('%04X' % ord(c) for c in text))
";

/// The Node decoder of the docs, one line per case: the encoding is its
/// argument; the BOM is kept, as utfx's codecs keep it (the CLI's decode
/// strips it, the codec does not).
const NODE_LINES: &str = "const decoder = new TextDecoder(process.argv[1], { ignoreBOM: true });
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const text = decoder.decode(Buffer.from(line.replace(/\\s/g, ''), 'hex'));
  console.log([...text].map((c) => c.codePointAt(0).toString(16)).join(' '));
});
";

/// A deadline per answer far beyond what a busy machine takes.
const PATIENT: &str = "20000";

/// Whether `tool --version` runs; if not, says on stderr, past the
/// capture, that `example` was skipped.
fn have(tool: &str, example: &str) -> bool {
    let found = Command::new(tool).arg("--version").output().is_ok_and(|o| o.status.success());
    if !found {
        let _ = writeln!(
            std::io::stderr().lock(),
            "SKIPPED worked example `{example}`: `{tool}` is not installed here (nothing was checked)"
        );
    }
    found
}

fn compare(args: &[&str], command: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_utfx")).arg("compare").args(args).arg("--").args(command).output().unwrap()
}

fn agrees(out: &Output, summary: &str) {
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(stdout, format!("{summary}\n"));
}

/// The line `utfx compare` writes when it leaves out curated vectors that
/// cut their input into pieces (WPT's streams).
fn skipped(vectors: usize) -> String {
    format!(
        "skipped: {vectors} curated vectors that feed a streaming decoder in pieces (chunks); a command gets its input whole\n"
    )
}

#[test]
fn python_replace_agrees_with_utf8() {
    if !have("python3", "python_replace_agrees_with_utf8") {
        return;
    }
    let out = compare(
        &["-f", "utf-8", "--mode", "replace", "--lines", "--cases", "800", "--timeout", PATIENT],
        &["python3", "-c", PYTHON_LINES, "replace"],
    );
    agrees(&out, &format!("{}agree: 800 cases (utf-8, decode, replace)", skipped(37)));
    // The same, one process per case (slower: a few cases).
    let out = compare(
        &["-f", "utf-8", "--mode", "replace", "--cases", "6", "--timeout", PATIENT],
        &["python3", "-c", PYTHON_ONCE],
    );
    agrees(&out, "agree: 6 cases (utf-8, decode, replace)");
}

#[test]
fn python_surrogatepass_agrees_with_generalized_utf8() {
    if !have("python3", "python_surrogatepass_agrees_with_generalized_utf8") {
        return;
    }
    let out = compare(
        &["-f", "generalized-utf-8", "--lines", "--cases", "800", "--timeout", PATIENT],
        &["python3", "-c", PYTHON_LINES, "surrogatepass"],
    );
    agrees(&out, "agree: 800 cases (generalized-utf-8, decode, fatal)");
}

#[test]
fn node_text_decoder_agrees_with_utf8_and_utf16le() {
    if !have("node", "node_text_decoder_agrees_with_utf8_and_utf16le") {
        return;
    }
    for codec in ["utf-8", "utf-16le"] {
        let out = compare(
            &["-f", codec, "--mode", "replace", "--lines", "--cases", "800", "--timeout", PATIENT],
            &["node", "-e", NODE_LINES, codec],
        );
        // WPT's streams cut into pieces: 37 of utf-8, 9 of utf-16le.
        let streams = if codec == "utf-8" { 37 } else { 9 };
        agrees(&out, &format!("{}agree: 800 cases ({codec}, decode, replace)", skipped(streams)));
    }
}

#[test]
fn iconv_agrees_on_valid_input_and_stops_on_invalid_input() {
    if !have("iconv", "iconv_agrees_on_valid_input_and_stops_on_invalid_input") {
        return;
    }
    let iconv = ["iconv", "-f", "UTF-8", "-t", "UTF-16LE"];
    // Fatal: iconv fails where utfx does, and converts the rest alike.
    let out = compare(&["-f", "utf-8", "-t", "utf-16le", "--cases", "150", "--timeout", PATIENT], &iconv);
    agrees(&out, &format!("{}agree: 150 cases (utf-8, convert to utf-16le, fatal)", skipped(37)));
    // Replace: utfx writes U+FFFD (FD FF) where iconv stops; the report
    // shows the input, shrunk, where utfx's rule puts the error and why,
    // and what iconv said.
    let out = compare(
        &["-f", "utf-8", "-t", "utf-16le", "--mode", "replace", "--cases", "150", "--timeout", PATIENT],
        &iconv,
    );
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    // U+0080 is C2 80; its first byte alone is a sequence the input ends
    // inside (RFC 3629 §4), one U+FFFD in replace mode.
    assert!(report.contains("\n  input:   C2 (1 byte)\n  utfx:    FD FF\n  command: fails (it said: "), "{report}");
    assert!(report.contains("\n  rule:    utf-8: truncated (truncated sequence) at offset 0, the input ends inside"));
}
