//! `utfx validate`: each file checked in bounded memory, `FILE: ok` or
//! `FILE: offset N: KIND`.

use std::io::Read;

use codec_core::{DecodeMode, DynCodec};

use crate::cli::ValidateArgs;
use crate::support::{self, Failure, Output};

pub(crate) fn run(args: &ValidateArgs) -> Result<(), Failure> {
    let codec = support::codec(&args.codec)?;
    if args.document {
        return Err(Failure::Usage(format!(
            "--document: codec `{}` has no document rules (only corrected-utf-8 has them)",
            codec.info().name
        )));
    }
    let mut out = Output::stdout();
    let (mut invalid, mut io_error) = (false, None);
    for path in &args.files {
        let line = match check(codec, path) {
            Ok(None) => format!("{}: ok\n", path.display()),
            Ok(Some(e)) => {
                invalid = true;
                format!("{}: offset {}: {}\n", path.display(), e.valid_up_to(), e.kind().as_str())
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
        out.write(line.as_bytes())?;
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
/// codec's fast path; `Ok(Some(error))` when invalid.
fn check(codec: &dyn DynCodec, path: &std::path::Path) -> Result<Option<codec_core::DecodeError>, Failure> {
    let (mut reader, name, _) = support::open(Some(path))?;
    let mut decoder = codec_core::Decoder::new(codec, DecodeMode::Fatal);
    let mut buf = vec![0u8; CHUNK];
    loop {
        let n = match reader.read(&mut buf) {
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Failure::Io(format!("{name}: {e}"))),
        };
        if let Err(e) = decoder.validate_chunk(&buf[..n], n == 0) {
            return Ok(Some(e));
        }
        if n == 0 {
            return Ok(None);
        }
    }
}
