//! The command line, as `clap` parses it: the contract of the issue, with an
//! example in every subcommand's `--help`.

use std::path::PathBuf;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Args, Parser, Subcommand, ValueEnum};

/// The tool.
#[derive(Debug, Parser)]
#[command(
    name = "utfx",
    version,
    about = "Decode, encode, convert, validate and inspect text in the UTF-8 family of encodings and the Encoding Standard's legacy encodings; test another decoder against them",
    after_help = "Examples:\n  utfx list\n  utfx decode -f utf-8 --input-hex <<< 'F0 9F 92 A9'\n  utfx convert -f utf-16le -t utf-8 -o out.txt in.txt\n  utfx compare -f utf-8 --mode replace -- python3 my_decoder.py\n\n\
As iconv: utfx -l lists the codecs; utfx -f FROM -t TO [-c] [-s] [-o OUT] [FILE...] converts (-c,\n\
or //IGNORE after TO, drops what cannot be converted; -s prints no warnings or hints, only\n\
errors). FROM defaults to UTF-8 (iconv takes the locale's charset).\n\nExit status: 0 success, 1 invalid data, 2 usage error, 3 I/O error (compare: 1 a difference,\n3 the command cannot be run); a closed output pipe ends quietly with 0. On SIGINT, SIGTERM\nor SIGHUP, convert -o removes its temporary file and dies of the signal (the shell shows\n130, 143, 129)."
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// List the codecs: name, aliases, domain and description, tab-separated, one line each.
    #[command(after_help = "Example:\n  utfx list | cut -f1")]
    List,
    /// Decode bytes to code points.
    #[command(after_help = "Examples:\n  \
        utfx decode -f utf-8 file.txt\n  \
        printf 'A\\xff' | utfx decode -f utf-8 --errors replace        # U+0041 U+FFFD\n  \
        echo 'ED A0 80' | utfx decode -f wtf-8 --input-hex --format json\n\n\
        Formats: cps (U+XXXX tokens on one line), json (one object per item, errors included\n\
        whatever --errors says; exit 1 if any), utf-8 (the text; code points UTF-8 cannot hold\n\
        are an error, or handled per --errors). The output is streamed: on a fatal error, what\n\
        came before it is written, then the error (exit 1).\n\n\
        Byte order marks: -f utf-16 and -f utf-32 read a BOM of either order and strip it\n\
        (little-endian without one); utf-8, utf-16le and utf-16be strip their own BOM unless\n\
        --keep-bom, utf-32le and utf-32be keep it as U+FEFF (the Unicode Standard says so), and\n\
        corrected-utf-8 its magic number (EF B7 9D ED B2 AE 00 0A, not part of the text, its\n\
        specification says); other codecs keep U+FEFF. --sniff-bom: any of the three BOMs\n\
        (EF BB BF, FE FF, FF FE) chooses UTF-8, UTF-16BE or UTF-16LE whatever -f says, as the\n\
        Encoding Standard's decode does (section 6). Offsets count from the first byte, BOM\n\
        included.\n\n\
        --framing java (mutf-8, mutf-8-lenient) reads Java's DataOutput.writeUTF records: two\n\
        bytes of big-endian length, then that many bytes of Modified UTF-8, each record decoded on\n\
        its own (--format cps and json: one line per record; --format utf-8: the records' text\n\
        one after another, nothing between them); a record the input cuts short is an error at\n\
        its first byte (truncated), whatever --errors says.")]
    Decode(DecodeArgs),
    /// Encode UTF-8 text (or code point tokens) to bytes.
    #[command(after_help = "Examples:\n  \
        echo hello | utfx encode -t utf-16le > hello.txt\n  \
        echo 'U+0041 U+1F4A9' | utfx encode -t utf-16be --input cps --hex   # 00 41 D8 3D DC A9\n\n\
        Text input is UTF-8 (a leading BOM stripped unless --keep-bom), streamed. Code point\n\
        input (--input cps): tokens separated by whitespace or commas, with U+, 0x or no prefix,\n\
        any case; a token that is not a code point is invalid data (exit 1). -t utf-16 and -t\n\
        utf-32 write a BOM and little-endian; --bom writes a BOM in any codec (with -t\n\
        corrected-utf-8, the magic number EF B7 9D ED B2 AE 00 0A).\n\n\
        --framing java (-t mutf-8, mutf-8-lenient) writes Java's writeUTF records, as\n\
        DataInput.readUTF reads them: the text in records of at most 65,535 bytes, each but the\n\
        last as full as a character boundary allows (a character, a surrogate pair included, is\n\
        never split); an empty text is one empty record, 00 00.")]
    Encode(EncodeArgs),
    /// Convert bytes from one codec to another, streaming in bounded memory.
    #[command(after_help = "Examples:\n  \
        utfx convert -f utf-16le -t utf-8 -o out.txt in.txt\n  \
        utfx convert -f wtf-8 -t utf-8 --encode-errors replace < in.bin > out.txt\n  \
        utfx -f utf-16 -t utf-8 -c in.txt     # iconv's form; -c drops what cannot be converted\n  \
        utfx -f shift_jis -t utf-8 a.txt b.txt  # several files, converted in turn into one output\n  \
        echo hi | utfx -t utf-16le           # FROM defaults to UTF-8\n\n\
        With -o, a regular file is replaced only when the conversion succeeds (its mode and\n\
        owner kept); a symbolic link is written through; a file with several hard links gets\n\
        the finished output copied into it, to keep the links (that last step is a copy, not\n\
        atomic); a device, FIFO or pipe (-o /dev/stdout) is written into.\n\
        -c (or //IGNORE after TO) is --errors ignore --encode-errors ignore, and exits 0.\n\n\
        On ill-formed input, what came before it is written, then FILE: offset N: KIND (line L,\n\
        column C) and a hint line on stderr, exit 1; on a character TO cannot encode, FILE: index\n\
        N: U+XXXX: KIND (line L, column C) and a hint. Columns count characters from 1.\n\n\
        Byte order marks: -f utf-16 reads a BOM of either order (FF FE, FE FF), strips it, and\n\
        reads little-endian without one, and so does -f utf-32 (FF FE 00 00, 00 00 FE FF), as\n\
        iconv here; -f utf-8, utf-16le, utf-16be strip a leading BOM of their own (the Encoding\n\
        Standard's TextDecoder), --keep-bom keeps it as U+FEFF (iconv); utf-32le and utf-32be\n\
        keep it, as the Unicode Standard says and iconv does;\n\
        -f corrected-utf-8 strips a leading magic number (EF B7 9D ED B2 AE 00 0A), as its\n\
        specification says to treat it like a BOM, and --keep-bom keeps it; other codecs keep\n\
        U+FEFF as a character. --sniff-bom: any of the three BOMs chooses UTF-8, UTF-16BE or\n\
        UTF-16LE whatever FROM says (the Encoding Standard's decode, section 6). -t utf-16\n\
        writes FF FE and little-endian text, -t utf-32 FF FE 00 00 and little-endian; --bom\n\
        writes a BOM in any target codec, and the magic number with -t corrected-utf-8.\n\n\
        --framing java reads Java's writeUTF records (2-byte big-endian length, Modified UTF-8)\n\
        when FROM is mutf-8 or mutf-8-lenient, and writes them (at most 65,535 bytes each, cut\n\
        between characters) when TO is; see utfx decode --help and utfx encode --help.")]
    Convert(ConvertArgs),
    /// Check that files (or standard input) are well-formed in a codec.
    #[command(after_help = "Examples:\n  \
        utfx validate -f utf-8 *.txt        # FILE: ok, or FILE: offset N: KIND\n  \
        utfx validate -f utf-8 --all-errors < in.txt\n\n\
        --all-errors lists every error, one line each, as FILE:LINE:COLUMN: offset N, bytes HEX:\n\
        KIND (lines end at U+000A; columns count code points and ill-formed subparts from 1),\n\
        up to --max-errors per file (default 100), then how many more there were. --document\n\
        lists its findings as they are found, up to --max-errors per file too, then the count.")]
    Validate(ValidateArgs),
    /// Show each item of the input: offset, bytes, code point, class, status, character.
    #[command(after_help = "Examples:\n  \
        printf 'a\\xc3\\xa9\\xff' | utfx inspect -f utf-8\n  \
        utfx inspect -f utf-8 --offset 4096 --limit 20 file.txt\n\n\
        Every row is written; the exit status is then that of validate: 1 when the input has an\n\
        ill-formed item (with --offset or --limit, among the rows shown). A stripped BOM is shown\n\
        with the status `bom`, Corrected UTF-8's stripped magic number with `magic`. The last column is the character as Rust writes a char ('a', '\\n',\n\
        '\\u{202e}': controls, spaces other than U+0020, format and unassigned characters escaped),\n\
        `-` for an item that is no character. --offset N decodes from the first byte all the\n\
        same and starts at the item that holds byte N, so the items are those of the whole input.")]
    Inspect(InspectArgs),
    /// Write test vectors for a codec (JSON lines): the project's curated ones, then generated ones.
    #[command(after_help = "Examples:\n  \
        utfx vectors -f utf-8 > utf-8.jsonl\n  \
        utfx vectors -f cesu-8 --direction encode --count 1000 --seed 7\n\n\
        Each line is one vector of the format utfx-vectors/1 (docs/vectors.schema.json,\n\
        docs/TESTING-YOUR-DECODER.md): codec, direction, mode, input and expected output as hex,\n\
        every error's offset, length and kind (and, for the legacy encodings, the index and\n\
        pointer that decide it), and its source. First the curated vectors the project ships\n\
        for the codec (the Unicode Standard's tables, WPT, Markus Kuhn, Java, other\n\
        implementations' tests, encoding_rs's among them; those of --mode when given), then\n\
        generated ones: for the UTF-8 family the boundary code points of each sequence length\n\
        and every truncation of each, overlong, surrogate and out-of-range forms, CESU-8 pairs,\n\
        C0 80, the FE/FF forms, byte order marks; for the Encoding Standard's legacy encodings\n\
        their own structure (each lead and trail range's edges, every row of their indexes and\n\
        its unmapped pointers, the bytes a decoder puts back, escape sequences), named in their\n\
        terms; then --count damaged random texts (random code points when encoding), their\n\
        expected values computed by utfx. The same --seed gives the same vectors.")]
    Vectors(VectorsArgs),
    /// Compare another program's decoder (encoder, converter) with utfx's, and shrink a difference.
    #[command(after_help = "Examples:\n  \
        utfx compare -f utf-8 --mode replace -- python3 my_decoder.py\n  \
        utfx compare -f utf-8 -t utf-16le -- iconv -f UTF-8 -t UTF-16LE\n  \
        utfx compare -f utf-8 --lines --cases 100000 -- node decoder-lines.js\n\n\
        The protocol (docs/TESTING-YOUR-DECODER.md): by default the command runs once per case,\n\
        with the input bytes on its standard input (when encoding: the code points as hex,\n\
        one line); it answers on standard output with the code points as hex separated by\n\
        spaces (decoding; U+ allowed), or the bytes (encoding, or converting with -t), and\n\
        exits non-zero when the input fails. With --lines it runs once: each case is one line\n\
        of hex on its standard input (bytes, or code points when encoding), each answer one\n\
        line on its standard output: code points, or bytes as hex, or a line starting with !\n\
        when the input fails; exactly one line per case (a line no case asked for is a\n\
        protocol error). At the end, and before a difference is shrunk, its standard input is\n\
        closed and what it still writes read, until it closes its output or --timeout passes.\n\n\
        The cases, --cases in all: the vectors of utfx vectors (curated, then generated; an even\n\
        sample when they are more), then damaged random inputs (none after --seconds). On the first difference the input is shrunk\n\
        by delta debugging to one that still differs and no byte of which can go, and the\n\
        report shows it, both answers, and the rule that decides (utfx's error kind, and the\n\
        specification its codec follows). Each answer has --timeout milliseconds, and the first\n\
        answer of each process --startup-timeout more for its start-up (without --lines,\n\
        every answer: each case is a new process); a command past it is killed and reported,\n\
        as is one that crashes. An answer the protocol does not allow (not hex, over 16 MiB,\n\
        whatever the exit status, or a line too many) is a protocol error, reported unshrunk.\n\
        The command runs in a process group of its own, ended with each case (with the run,\n\
        with --lines), at a timeout, and when utfx is interrupted.\n\n\
        Exit status: 0 when they agree on every case, 1 on a difference or a protocol error\n\
        (the report is on standard output), 2 for a usage error, 3 when the command cannot be\n\
        run.")]
    Compare(CompareArgs),
}

/// The decode modes, each with what it does to an ill-formed subpart (the
/// core's `DecodeMode`), for `--help`.
fn decode_modes() -> PossibleValuesParser {
    PossibleValuesParser::new([
        PossibleValue::new("fatal").help("stop at the first error (exit 1), after the output before it"),
        PossibleValue::new("replace")
            .help("write U+FFFD for each maximal ill-formed subpart (WHATWG, Python's replace)"),
        PossibleValue::new("escape").help(
            "keep each bad byte b as U+DC00 + b (Python's surrogateescape); --encode-errors escape writes it back",
        ),
        PossibleValue::new("latin1").help("read each bad byte as the Latin-1 character of its value"),
        PossibleValue::new("windows-1252").help("read each bad byte as its windows-1252 character"),
        PossibleValue::new("ignore").help("drop each ill-formed subpart (iconv's -c)"),
    ])
}

/// The encode modes, each with what it does to a character the target
/// cannot encode (the core's `EncodeMode`), for `--help`.
fn encode_modes() -> PossibleValuesParser {
    PossibleValuesParser::new([
        PossibleValue::new("fatal").help("stop at the first such character (exit 1), after the output before it"),
        PossibleValue::new("replace").help("write the target's U+FFFD, or ? where it has none"),
        PossibleValue::new("html").help("write &#N; (N in decimal), as a web form does"),
        PossibleValue::new("url").help("write ?, as a web page's URL does"),
        PossibleValue::new("escape")
            .help("write each byte --errors escape kept back as itself (a whole code unit at a time); fatal otherwise"),
        PossibleValue::new("ignore").help("drop the character (iconv's -c and //IGNORE)"),
    ])
}

/// `utfx decode`.
#[derive(Debug, Args)]
pub(crate) struct DecodeArgs {
    /// The codec of the input bytes.
    #[arg(short = 'f', long = "from", value_name = "CODEC")]
    pub(crate) codec: String,
    /// What to do with ill-formed input.
    #[arg(long, value_name = "MODE", default_value = "fatal", value_parser = decode_modes())]
    pub(crate) errors: String,
    /// Drop ill-formed input (--errors ignore), as iconv -c.
    #[arg(short = 'c', conflicts_with = "errors")]
    pub(crate) drop: bool,
    /// Keep a leading byte order mark as U+FEFF (or Corrected UTF-8's magic
    /// number as its code points) instead of stripping it.
    #[arg(long)]
    pub(crate) keep_bom: bool,
    /// A leading byte order mark (EF BB BF, FE FF, FF FE) chooses UTF-8,
    /// UTF-16BE or UTF-16LE, whatever the codec given, and is stripped: the
    /// Encoding Standard's decode (section 6), as browsers read documents.
    #[arg(long)]
    pub(crate) sniff_bom: bool,
    /// The output format.
    #[arg(long, value_enum, default_value_t = Format::Cps)]
    pub(crate) format: Format,
    /// Read the input as hexadecimal text (whitespace ignored).
    #[arg(long)]
    pub(crate) input_hex: bool,
    /// Read the input as Java's writeUTF records (a two-byte big-endian
    /// length, then Modified UTF-8); for mutf-8 and mutf-8-lenient.
    #[arg(long, value_enum, value_name = "KIND")]
    pub(crate) framing: Option<Framing>,
    /// The input file (standard input when absent or `-`).
    pub(crate) file: Option<PathBuf>,
}

/// Length-prefixed framings (`--framing`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Framing {
    /// Java's DataOutput.writeUTF / DataInput.readUTF records: a two-byte
    /// big-endian byte count, then that many bytes of Modified UTF-8.
    Java,
}

/// The output formats of `utfx decode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// `U+XXXX` tokens separated by spaces.
    Cps,
    /// One JSON object per item and line.
    Json,
    /// The decoded text as UTF-8.
    #[value(name = "utf-8")]
    Utf8,
}

/// `utfx encode`.
#[derive(Debug, Args)]
pub(crate) struct EncodeArgs {
    /// The codec of the output bytes.
    #[arg(short = 't', long = "to", value_name = "CODEC")]
    pub(crate) codec: String,
    /// What to do with code points the codec cannot encode.
    #[arg(long, value_name = "MODE", default_value = "fatal", value_parser = encode_modes())]
    pub(crate) errors: String,
    /// Drop what cannot be converted (ill-formed text input and unencodable
    /// code points), as iconv -c.
    #[arg(short = 'c', conflicts_with = "errors")]
    pub(crate) drop: bool,
    /// What the input holds.
    #[arg(long, value_enum, default_value_t = Input::Text)]
    pub(crate) input: Input,
    /// Write a byte order mark first (Corrected UTF-8: the magic number).
    #[arg(long)]
    pub(crate) bom: bool,
    /// Keep a leading byte order mark of the text input as U+FEFF.
    #[arg(long)]
    pub(crate) keep_bom: bool,
    /// Print the bytes as uppercase hexadecimal, separated by spaces.
    #[arg(long)]
    pub(crate) hex: bool,
    /// Write Java's writeUTF records (a two-byte big-endian length, then at
    /// most 65,535 bytes of Modified UTF-8); for mutf-8 and mutf-8-lenient.
    #[arg(long, value_enum, value_name = "KIND", conflicts_with = "bom")]
    pub(crate) framing: Option<Framing>,
    /// The input file (standard input when absent or `-`).
    pub(crate) file: Option<PathBuf>,
}

/// The input kinds of `utfx encode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Input {
    /// UTF-8 text.
    #[value(name = "text", alias = "utf-8")]
    Text,
    /// Code point tokens (`U+0041 U+1F4A9`).
    Cps,
}

/// The usage line of iconv's form, `utfx -f X -t Y ...`, shown instead of
/// `utfx convert`'s when the command line was written that way.
pub(crate) const ICONV_USAGE: &str = "utfx -f FROM -t TO [-c] [-s] [-o OUT] [FILE]";

/// `utfx convert`.
#[derive(Debug, Args)]
pub(crate) struct ConvertArgs {
    /// The codec of the input (UTF-8 when absent; iconv takes the locale's
    /// charset).
    #[arg(short = 'f', long = "from", visible_alias = "from-code", value_name = "FROM", default_value = "utf-8")]
    pub(crate) from: String,
    /// The codec of the output (`//IGNORE` after it: as -c).
    #[arg(short = 't', long = "to", visible_alias = "to-code", value_name = "TO")]
    pub(crate) to: String,
    /// What to do with ill-formed input.
    #[arg(long, value_name = "MODE", default_value = "fatal", value_parser = decode_modes())]
    pub(crate) errors: String,
    /// What to do with code points the output codec cannot encode.
    #[arg(long, value_name = "MODE", default_value = "fatal", value_parser = encode_modes())]
    pub(crate) encode_errors: String,
    /// Drop what cannot be converted: ill-formed input and unencodable code
    /// points (--errors ignore --encode-errors ignore), as iconv -c.
    #[arg(short = 'c', conflicts_with_all = ["errors", "encode_errors"])]
    pub(crate) drop: bool,
    /// Print no warnings, hints or progress bar on standard error, only
    /// errors (iconv's -s, --silent).
    #[arg(short = 's', long = "silent")]
    pub(crate) silent: bool,
    /// Write a byte order mark first (Corrected UTF-8: the magic number).
    #[arg(long)]
    pub(crate) bom: bool,
    /// Keep a leading byte order mark of the input as U+FEFF (or Corrected
    /// UTF-8's magic number as its code points) instead of stripping it.
    #[arg(long)]
    pub(crate) keep_bom: bool,
    /// A leading byte order mark (EF BB BF, FE FF, FF FE) chooses UTF-8,
    /// UTF-16BE or UTF-16LE, whatever the codec given, and is stripped: the
    /// Encoding Standard's decode (section 6), as browsers read documents.
    #[arg(long)]
    pub(crate) sniff_bom: bool,
    /// Java's writeUTF records on each side whose codec is Modified UTF-8
    /// (mutf-8, mutf-8-lenient): read as records, written as records.
    #[arg(long, value_enum, value_name = "KIND", conflicts_with = "bom")]
    pub(crate) framing: Option<Framing>,
    /// Write to this file, which appears only when the conversion succeeds.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub(crate) output: Option<PathBuf>,
    /// The input files, converted in turn into one output, as iconv does
    /// (standard input when none, or `-`).
    #[arg(value_name = "FILE")]
    pub(crate) files: Vec<PathBuf>,
}

/// `utfx validate`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("lists").args(["all_errors", "document"]).multiple(true)))]
pub(crate) struct ValidateArgs {
    /// The codec to check against.
    #[arg(short = 'f', long = "from", value_name = "CODEC")]
    pub(crate) codec: String,
    /// Also check the codec's document rules (Corrected UTF-8's magic number
    /// and control characters): one line per finding as it is found, up to
    /// --max-errors, exit 1 on a MUST.
    #[arg(long)]
    pub(crate) document: bool,
    /// List every error, one per line, with line, column, bytes and kind.
    #[arg(long)]
    pub(crate) all_errors: bool,
    /// With --all-errors, how many errors to list per file; with --document,
    /// how many findings.
    #[arg(long, value_name = "N", default_value_t = 100, requires = "lists")]
    pub(crate) max_errors: u64,
    /// Read the input as Java's writeUTF records (a two-byte big-endian
    /// length, then Modified UTF-8); for mutf-8 and mutf-8-lenient.
    #[arg(long, value_enum, value_name = "KIND")]
    pub(crate) framing: Option<Framing>,
    /// Check every file under each directory (no FILE: the current
    /// directory), in name order.
    #[arg(short = 'r', long)]
    pub(crate) recursive: bool,
    /// The files to check (standard input when none, or `-`).
    #[arg(value_name = "FILE")]
    pub(crate) files: Vec<PathBuf>,
}

/// `utfx vectors`.
#[derive(Debug, Args)]
pub(crate) struct VectorsArgs {
    /// The codec.
    #[arg(short = 'f', long = "from", visible_alias = "codec", value_name = "CODEC")]
    pub(crate) codec: String,
    /// The error mode (decode: fatal, replace, escape, latin1, windows-1252, ignore; encode:
    /// fatal, replace, html, escape, ignore); the generated vectors use fatal without it.
    #[arg(long, value_name = "MODE")]
    pub(crate) mode: Option<String>,
    /// Decoding (bytes to code points) or encoding vectors.
    #[arg(long, value_name = "D", default_value = "decode", value_parser = PossibleValuesParser::new(["decode", "encode"]))]
    pub(crate) direction: String,
    /// How many damaged random inputs to generate after the systematic ones.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub(crate) count: usize,
    /// The seed of the random inputs.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub(crate) seed: u64,
}

/// `utfx compare`.
#[derive(Debug, Args)]
pub(crate) struct CompareArgs {
    /// The codec the command decodes (or encodes, with --encode); utf-16
    /// and utf-32 as decode reads them (a BOM of either order chooses the
    /// order).
    #[arg(short = 'f', long = "from", value_name = "CODEC")]
    pub(crate) codec: String,
    /// Compare a conversion to this codec (the command writes its bytes).
    #[arg(short = 't', long = "to", value_name = "TO")]
    pub(crate) to: Option<String>,
    /// The error mode utfx uses (default fatal).
    #[arg(long, value_name = "MODE")]
    pub(crate) mode: Option<String>,
    /// Compare encoders: code points in, bytes out.
    #[arg(long)]
    pub(crate) encode: bool,
    /// How many cases in all: the vectors first (an even sample of them when
    /// they are more), then random damaged inputs.
    #[arg(long, value_name = "N", default_value_t = 2000)]
    pub(crate) cases: usize,
    /// Skip the vectors: random damaged inputs only.
    #[arg(long)]
    pub(crate) random_only: bool,
    /// Stop trying random inputs after this many seconds.
    #[arg(long, value_name = "S")]
    pub(crate) seconds: Option<f64>,
    /// The seed of the random inputs.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub(crate) seed: u64,
    /// Run the command once and talk to it a line per case.
    #[arg(long)]
    pub(crate) lines: bool,
    /// How long each answer may take, in milliseconds.
    #[arg(long = "timeout", value_name = "MS", default_value_t = 5000)]
    pub(crate) timeout_ms: u64,
    /// How much longer the first answer of each process may take, for its
    /// start-up, in milliseconds (every answer without --lines).
    #[arg(long = "startup-timeout", value_name = "MS", default_value_t = 10000)]
    pub(crate) startup_ms: u64,
    /// The command and its arguments, after `--`.
    #[arg(last = true, value_name = "COMMAND", required = true)]
    pub(crate) command: Vec<String>,
}

/// `utfx inspect`.
#[derive(Debug, Args)]
pub(crate) struct InspectArgs {
    /// The codec of the input bytes.
    #[arg(short = 'f', long = "from", value_name = "CODEC")]
    pub(crate) codec: String,
    /// Read the input as hexadecimal text (whitespace ignored).
    #[arg(long)]
    pub(crate) input_hex: bool,
    /// Show a leading byte order mark as U+FEFF instead of `bom` (Corrected
    /// UTF-8's magic number as its code points instead of `magic`).
    #[arg(long)]
    pub(crate) keep_bom: bool,
    /// Start at the item that holds byte N (the input is still decoded from
    /// its first byte).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub(crate) offset: usize,
    /// Show at most N rows.
    #[arg(long, value_name = "N")]
    pub(crate) limit: Option<u64>,
    /// Read the input as Java's writeUTF records (a two-byte big-endian
    /// length, then Modified UTF-8), a row for each length field; for
    /// mutf-8 and mutf-8-lenient.
    #[arg(long, value_enum, value_name = "KIND")]
    pub(crate) framing: Option<Framing>,
    /// The input file (standard input when absent or `-`).
    pub(crate) file: Option<PathBuf>,
}
