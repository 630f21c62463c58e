//! `utfx validate`: each file checked in bounded memory, `FILE: ok` or
//! `FILE: offset N: KIND`; with `--document`, also the codec's document
//! rules (`FILE: offset N: must|should: MESSAGE`, one line per finding),
//! through `Codec::document` whatever the codec.

use std::io::Read;

use codec_core::{DecodeMode, DocumentRules, DynCodec, Finding, Level};

use crate::cli::ValidateArgs;
use crate::support::{self, Failure, Output};

pub(crate) fn run(args: &ValidateArgs) -> Result<(), Failure> {
    let codec = support::codec(&args.codec)?;
    let rules = match (args.document, codec.document()) {
        (false, _) => None,
        (true, Some(rules)) => Some(rules),
        (true, None) => {
            return Err(Failure::Usage(format!("--document: codec `{}` has no document rules", codec.info().name)));
        }
    };
    let mut out = Output::stdout();
    let (mut invalid, mut io_error) = (false, None);
    for path in &args.files {
        let mut findings = Vec::new();
        let lines = match check(codec, rules, path, &mut findings) {
            Ok(error) => {
                let name = path.display();
                let mut lines = String::new();
                for f in &findings {
                    lines.push_str(&format!("{name}: {f}\n"));
                }
                if let Some(e) = error {
                    lines.push_str(&format!("{name}: offset {}: {}\n", e.valid_up_to(), e.kind().as_str()));
                }
                invalid |= error.is_some() || findings.iter().any(|f| f.level == Level::Must);
                if lines.is_empty() || (error.is_none() && findings.iter().all(|f| f.level == Level::Should)) {
                    lines.push_str(&format!("{name}: ok\n"));
                }
                lines
            }
            Err(failure) => {
                // Reported at once, so that the other files still run.
                if let Failure::Io(message) = &failure {
                    crate::report(message);
                }
                io_error = Some(failure);
                continue;
            }
        };
        out.write(lines.as_bytes())?;
    }
    out.flush()?;
    match io_error {
        Some(_) => Err(Failure::Io("some files could not be read".into())),
        None if invalid => Err(Failure::Data("some files are invalid".into())),
        None => Ok(()),
    }
}

/// How many bytes `validate` reads at a time.
const CHUNK: usize = 256 * 1024;

/// Streams one file through the fatal decoder's validation, with the
/// codec's fast path, and through the document check when there is one;
/// `Ok(Some(error))` when invalid. The document check sees the whole file
/// (its findings are about the bytes, well-formed or not).
fn check(
    codec: &dyn DynCodec,
    rules: Option<&dyn DocumentRules>,
    path: &std::path::Path,
    findings: &mut Vec<Finding>,
) -> Result<Option<codec_core::DecodeError>, Failure> {
    let (mut reader, name, _) = support::open(Some(path))?;
    let mut decoder = codec_core::Decoder::new(codec, DecodeMode::Fatal);
    let mut document = rules.map(DocumentRules::checker);
    let mut error = None;
    let mut buf = vec![0u8; CHUNK];
    loop {
        let n = match reader.read(&mut buf) {
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Failure::Io(format!("{name}: {e}"))),
        };
        if error.is_none() {
            error = decoder.validate_chunk(&buf[..n], n == 0).err();
        }
        match document.as_mut() {
            Some(document) => document.feed(&buf[..n], n == 0, findings),
            None if error.is_some() => return Ok(error),
            None => {}
        }
        if n == 0 {
            return Ok(error);
        }
    }
}
