//! `utfx vectors`: test vectors for any registered codec in the project's
//! vector format (`codec_test::vectors`, JSON lines, `docs/vectors.schema.json`):
//! the curated ones the project ships for it, then generated ones, each
//! expected value computed by utfx (`codec_test::generate`), reproducible
//! from `--seed`.

use codec_core::{DecodeMode, EncodeMode};
use codec_test::generate;
use codec_test::vectors::{self, Direction};

use crate::bom;
use crate::cli::VectorsArgs;
use crate::compare;
use crate::support::{self, Failure, Output};

/// Writes the vectors, one JSON line each, after a header line.
pub(crate) fn run(args: &VectorsArgs) -> Result<(), Failure> {
    let label = support::source_label(&args.codec)?;
    // A vector names one codec, and its expected values are that codec's:
    // `utf-16` and `utf-32` name none (a BOM chooses the order), and read
    // as the little-endian codec their vectors would contradict `decode -f
    // utf-16` (decisions 0037, 0041).
    if let Some(neutral) = bom::neutral(label) {
        return Err(Failure::Usage(format!(
            "vectors name one codec, and `{label}` chooses its byte order by a BOM: use -f {} or -f {} \
             (utfx compare -f {} follows the BOM rule)",
            neutral.le, neutral.be, neutral.name
        )));
    }
    let codec = support::big_codec(label)?;
    let name = codec.info().name;
    let direction: Direction = if args.direction == "encode" { Direction::Encode } else { Direction::Decode };
    let mode = args.mode.as_deref().unwrap_or("fatal");
    let modes: (Option<DecodeMode>, Option<EncodeMode>) = match direction {
        Direction::Decode => (Some(compare::decode_mode(mode, "--direction encode")?), None),
        Direction::Encode => (None, Some(compare::encode_mode(mode, "--direction decode")?)),
    };
    let mut out = Output::stdout();
    let header = vectors::header_line(&format!(
        "utfx vectors -f {name} --direction {direction}{} --count {} --seed {}: the project's curated vectors for \
         {name}, then generated ones, expected values computed by utfx {}",
        args.mode.as_ref().map(|m| format!(" --mode {m}")).unwrap_or_default(),
        args.count,
        args.seed,
        env!("CARGO_PKG_VERSION"),
    ));
    out.write(header.as_bytes())?;
    out.write(b"\n")?;
    for v in vectors::curated(name) {
        if v.direction == direction && args.mode.as_ref().is_none_or(|m| m.eq_ignore_ascii_case(&v.mode)) {
            out.write(v.to_json_line().as_bytes())?;
            out.write(b"\n")?;
        }
    }
    // The systematic vectors, then the random ones one at a time (memory
    // stays bounded whatever --count says).
    let generated: Box<dyn Iterator<Item = vectors::Vector>> = match modes {
        (Some(mode), _) => Box::new(
            generate::decode_vectors(codec, mode, 0, args.seed)
                .into_iter()
                .chain(generate::damaged_vectors(codec, mode, args.seed).take(args.count)),
        ),
        (_, Some(mode)) => Box::new(
            generate::encode_vectors(codec, mode, 0, args.seed)
                .into_iter()
                .chain(generate::random_encode_vectors(codec, mode, args.seed).take(args.count)),
        ),
        (None, None) => Box::new(std::iter::empty()),
    };
    for v in generated {
        out.write(v.to_json_line().as_bytes())?;
        out.write(b"\n")?;
    }
    out.flush()
}
