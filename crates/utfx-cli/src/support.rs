//! What every subcommand shares: the failure kinds and their exit statuses,
//! codec lookup with suggestions, reading input (files, standard input,
//! hexadecimal text) and writing output (a closed pipe ends quietly).

use std::fmt::Display;
use std::io::{self, Read, Write};
use std::path::Path;

use codec_core::{AnyCodePoint, DecodeError, DecodeMode, DynCodec, EncodeError, EncodeMode};
use codec_registry::BigCodec;

/// Why the program stops early, and so its exit status.
#[derive(Debug)]
pub(crate) enum Failure {
    /// The data was invalid (exit 1).
    Data(String),
    /// The command line was wrong (exit 2).
    Usage(String),
    /// Reading or writing failed (exit 3).
    Io(String),
    /// The output pipe was closed: stop without a word (exit 0).
    Quiet,
}

impl Failure {
    /// The exit status of the failure.
    pub(crate) fn code(&self) -> u8 {
        match self {
            Failure::Quiet => 0,
            Failure::Data(_) => 1,
            Failure::Usage(_) => 2,
            Failure::Io(_) => 3,
        }
    }

    /// A decode error, as the contract prints it: `offset N: KIND`, each
    /// fact once.
    pub(crate) fn decode(context: &str, e: &DecodeError) -> Failure {
        Failure::Data(format!("{context}offset {}: {}", e.valid_up_to(), e.kind().as_str()))
    }

    /// An encode error, as the contract prints it: `index N: U+XXXX: KIND`.
    pub(crate) fn encode<P: AnyCodePoint + Display>(context: &str, e: &EncodeError<P>) -> Failure {
        Failure::Data(format!("{context}index {}: {}: {}", e.index(), e.code_point(), e.kind().as_str()))
    }

    /// An I/O error while writing output: quiet for a closed pipe.
    pub(crate) fn write(e: &io::Error) -> Failure {
        if e.kind() == io::ErrorKind::BrokenPipe { Failure::Quiet } else { Failure::Io(format!("cannot write: {e}")) }
    }
}

/// Whether notes on standard error are off (`convert -s`).
static QUIET: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Turns notes off (`-s`: only errors on standard error).
pub(crate) fn quiet() {
    QUIET.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Notes on standard error that `label`, as the user typed it, names the
/// Encoding Standard's encoding where iconv reads another one under that
/// name, and how they differ (decision 0043), unless notes are off.
pub(crate) fn note_label(label: &str) {
    if QUIET.load(std::sync::atomic::Ordering::Relaxed) {
        return;
    }
    let label = label.split("//").next().unwrap_or_default().trim();
    // The codec's own name (`shift_jis`, `euc-kr`, `big5`) is utfx's word
    // for it, whose meaning `utfx list` gives: no note for it.
    let own = codec_registry::get(label).is_some_and(|c| normalized(c.info().name) == normalized(label));
    if let Some(how) = codec_registry::iconv::differs(label).filter(|_| !own) {
        crate::report(&format!("note: `{label}` is read as {how}"));
    }
}

/// Splits iconv's suffixes off a target label: `utf-8//IGNORE` is `utf-8`
/// with what cannot be converted dropped (true).
///
/// # Errors
///
/// [`Failure::Usage`] for `//TRANSLIT` and any other suffix, with what to
/// use instead.
pub(crate) fn target_label(label: &str) -> Result<(&str, bool), Failure> {
    let mut parts = label.split("//");
    let base = parts.next().unwrap_or_default();
    let mut ignore = false;
    for suffix in parts {
        match suffix.trim() {
            "" => {}
            s if s.eq_ignore_ascii_case("ignore") => ignore = true,
            s if s.eq_ignore_ascii_case("translit") => {
                return Err(Failure::Usage(format!(
                    "`{label}`: //TRANSLIT is not supported (the codecs here have no approximations to \
                     offer); to drop what cannot be converted use -c or \
                     //IGNORE, to mark it --encode-errors replace (U+FFFD or ?) or html (&#N;)"
                )));
            }
            s => {
                return Err(Failure::Usage(format!(
                    "`{label}`: unknown suffix //{s}; the one supported is //IGNORE (as -c)"
                )));
            }
        }
    }
    Ok((base, ignore))
}

/// Checks that a source label has no iconv suffix.
///
/// # Errors
///
/// [`Failure::Usage`] for a label with `//`, saying where suffixes go.
pub(crate) fn source_label(label: &str) -> Result<&str, Failure> {
    match label.find("//") {
        Some(_) => Err(Failure::Usage(format!(
            "`{label}`: a //SUFFIX belongs after the target codec (-t), or use -c to drop what cannot be converted"
        ))),
        None => Ok(label),
    }
}

/// The decode mode of `--errors`, or `ignore` when `drop` (`-c`).
///
/// # Errors
///
/// [`Failure::Usage`] for an unknown mode.
pub(crate) fn decode_mode(errors: &str, drop: bool) -> Result<DecodeMode, Failure> {
    if drop {
        return Ok(DecodeMode::Ignore);
    }
    errors.parse().map_err(|e| Failure::Usage(format!("--errors: {e}")))
}

/// The encode mode of `flag` (`--errors` or `--encode-errors`), or
/// `ignore` when `drop` (`-c` or `//IGNORE`).
///
/// # Errors
///
/// [`Failure::Usage`] for an unknown mode.
pub(crate) fn encode_mode(flag: &str, mode: &str, drop: bool) -> Result<EncodeMode, Failure> {
    if drop {
        return Ok(EncodeMode::Ignore);
    }
    mode.parse().map_err(|e| Failure::Usage(format!("{flag}: {e}")))
}

/// A label as the lookup compares it when no label matches exactly: ASCII
/// lowercase, without `-`, `_`, `.` and spaces, so that iconv's `UTF16LE`,
/// Python's `utf_8` and `UTF-8` name one codec.
pub(crate) fn normalized(label: &str) -> String {
    label.chars().filter(|c| !matches!(c, '-' | '_' | '.' | ' ')).map(|c| c.to_ascii_lowercase()).collect()
}

/// Encodings utfx does not have, by [`normalized`] label, with what to use
/// instead.
const ELSEWHERE: &[(&[&str], &str)] = &[
    (
        &["ucs2", "ucs2le", "ucs2be", "ucs2internal", "iso10646ucs2", "csunicode"],
        "UCS-2 is UTF-16 without surrogate pairs: use `wtf-16le` or `wtf-16be`, which read every 16-bit unit as it \
         is (a lone surrogate included), or `utf-16le`/`utf-16be` to reject surrogates",
    ),
    (&["utf7", "utf7imap", "csutf7"], "utfx has no UTF-7 codec: use `iconv -f UTF-7`"),
    // Windows code pages that the Encoding Standard names otherwise.
    (&["cp932", "windows932"], "Windows code page 932 is the Encoding Standard's `shift_jis`: use `-f shift_jis`"),
    (&["cp936", "windows936"], "Windows code page 936 is the Encoding Standard's `gbk`: use `-f gbk`"),
    (&["cp949", "uhc"], "Windows code page 949 is the Encoding Standard's `euc-kr`: use `-f euc-kr`"),
    (&["cp950", "windows950"], "Windows code page 950 is close to the Encoding Standard's `big5`: use `-f big5`"),
    (&["macroman"], "Mac OS Roman is the Encoding Standard's `macintosh`: use `-f macintosh`"),
    (
        &["euccn", "cseuccn", "gb2312euc"],
        "iconv's EUC-CN is GB2312, which the Encoding Standard reads as its superset `gbk`: use `-f gbk`",
    ),
    (
        &["iso2022jp1", "iso2022jp2", "iso2022jp3", "iso2022jp2004", "csiso2022jp2"],
        "utfx has iso-2022-jp as the Encoding Standard defines it (ASCII, JIS X 0201 and JIS X 0208: `-f iso-2022-jp`), \
         not its extensions: use `iconv -f` with its name",
    ),
    (
        &["hz", "hzgb2312draft"],
        "the Encoding Standard reads `hz-gb-2312` as its `replacement` encoding (one U+FFFD for any input); the \
         2014 draft's HZ decoder, unsafe for the Web, is `-f hz-gb-2312-2014`",
    ),
];

/// The codec whose name or alias is `label` once [`normalized`], if exactly
/// one has it.
fn loose_match(label: &str) -> Option<&'static dyn DynCodec> {
    let wanted = normalized(label);
    let mut found = codec_registry::all().iter().copied().filter(|c| {
        let info = c.info();
        std::iter::once(info.name).chain(info.aliases.iter().copied()).any(|name| normalized(name) == wanted)
    });
    let first = found.next()?;
    found.next().is_none().then_some(first)
}

/// Finds the codec a label names: as the Encoding Standard matches labels
/// (case and surrounding whitespace ignored), then with `-`, `_`, `.` and
/// spaces ignored too (iconv's and Python's spellings).
///
/// An unknown label is a usage error that says so: for an encoding utfx
/// does not have, what to use instead; for a family name without its byte
/// order (`wtf-16`), the codecs with one; otherwise the nearest name.
pub(crate) fn codec(label: &str) -> Result<&'static dyn DynCodec, Failure> {
    if let Some(codec) = codec_registry::get(label).or_else(|| loose_match(label)) {
        return Ok(codec);
    }
    let wanted = normalized(label);
    let shown = label.trim();
    if wanted.is_empty() {
        return Err(Failure::Usage(format!(
            "no codec named{}: give one before any //SUFFIX (`utf-8//IGNORE`); `utfx list` names them all",
            if shown.is_empty() { String::new() } else { format!(" in `{shown}`") }
        )));
    }
    if let Some((_, advice)) = ELSEWHERE.iter().find(|(labels, _)| labels.contains(&wanted.as_str())) {
        return Err(Failure::Usage(format!("unknown codec `{shown}`: {advice}")));
    }
    if let Some(number) = code_page(&wanted) {
        return Err(Failure::Usage(format!(
            "unknown codec `{shown}`: utfx has no code page {number} (its single-byte encodings are the Encoding \
             Standard's: ibm866, the iso-8859 and windows-125x families, koi8, macintosh); use `iconv -f CP{number}`"
        )));
    }
    let known: Vec<&str> = codec_registry::all().iter().map(|c| c.info().name).collect();
    let ordered: Vec<&str> = ["le", "be"]
        .iter()
        .filter_map(|order| known.iter().copied().find(|name| normalized(name) == format!("{wanted}{order}")))
        .collect();
    let hint = if ordered.is_empty() {
        let candidates = codec_registry::all()
            .iter()
            .flat_map(|c| std::iter::once(c.info().name).chain(c.info().aliases.iter().copied()));
        let nearest = candidates.map(|name| (distance(&wanted, &normalized(name)), name)).min();
        // Only a near name: a third of the label's letters changed at most.
        let near = nearest.filter(|&(d, _)| d <= (wanted.chars().count() / 3).max(1));
        near.map(|(_, n)| format!(" (did you mean `{n}`?)")).unwrap_or_default()
    } else {
        format!(
            " (did you mean {}? the byte order is part of the name)",
            ordered.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(" or ")
        )
    };
    Err(Failure::Usage(format!("unknown codec `{shown}`{hint}; known codecs:\n{}", folded(&known, width()))))
}

/// The number of a DOS or Windows code page that no label names (`CP437`,
/// `IBM850`, `windows-437`), by [`normalized`] label.
fn code_page(wanted: &str) -> Option<&str> {
    let number = ["cp", "ibm", "windows", "dos", "csibm"].iter().find_map(|p| wanted.strip_prefix(p))?;
    (!number.is_empty() && number.len() <= 5 && number.bytes().all(|b| b.is_ascii_digit())).then_some(number)
}

/// The width to fold lines to: the terminal's, as the shell tells it in
/// `COLUMNS`, else 80.
fn width() -> usize {
    std::env::var("COLUMNS").ok().and_then(|c| c.trim().parse().ok()).filter(|&w: &usize| w >= 20).unwrap_or(80)
}

/// `names`, comma-separated, in lines of at most `width` characters (after
/// the two spaces that indent each).
fn folded(names: &[&str], width: usize) -> String {
    let mut text = String::new();
    let mut line = String::from("  ");
    for (i, name) in names.iter().enumerate() {
        let item = if i + 1 < names.len() { format!("{name},") } else { (*name).to_owned() };
        if line.len() > 2 && line.len() + 1 + item.len() > width {
            text.push_str(line.trim_end());
            text.push('\n');
            line = String::from("  ");
        }
        if line.len() > 2 {
            line.push(' ');
        }
        line.push_str(&item);
    }
    text.push_str(&line);
    text
}

/// Finds the codec a label names, over `BigCodePoint` (UTF-∞-8 as itself,
/// every other codec widened), with [`codec`]'s messages for a bad label.
pub(crate) fn big_codec(label: &str) -> Result<&'static dyn BigCodec, Failure> {
    let name = codec(label)?.info().name;
    codec_registry::get_big(name).ok_or_else(|| Failure::Usage(format!("codec `{name}` has no big view")))
}

/// The Levenshtein distance between two strings, by characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (row[j + 1] + 1).min(row[j] + 1).min(prev + usize::from(ca != cb));
            prev = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// An opened input: the reader, a name for messages, and for a regular
/// file its size and a second handle on it, which reads at positions
/// (`parallel`) without the reader's offset.
pub(crate) type Opened = (Box<dyn Read + Send>, String, Option<Regular>);

/// A regular file's size when it was opened, and a handle on it of its own
/// (a duplicate of the reader's).
pub(crate) struct Regular {
    pub(crate) size: u64,
    pub(crate) file: std::fs::File,
}

/// Where input comes from: a file, or standard input for `None` and `-`.
pub(crate) fn open(file: Option<&Path>) -> Result<Opened, Failure> {
    match file {
        None => Ok((Box::new(io::stdin()), "<stdin>".into(), None)),
        Some(p) if p == Path::new("-") => Ok((Box::new(io::stdin()), "<stdin>".into(), None)),
        Some(path) => {
            let name = path.display().to_string();
            let meta = std::fs::metadata(path).map_err(|e| Failure::Io(format!("{name}: {e}")))?;
            if meta.is_dir() {
                return Err(Failure::Io(format!("{name}: is a directory")));
            }
            let file = std::fs::File::open(path).map_err(|e| Failure::Io(format!("{name}: {e}")))?;
            // A pipe or a device has no size to go by (and cannot be read
            // at positions).
            let regular = match meta.is_file() {
                true => Some(Regular {
                    size: meta.len(),
                    file: file.try_clone().map_err(|e| Failure::Io(format!("{name}: {e}")))?,
                }),
                false => None,
            };
            Ok((Box::new(file), name, regular))
        }
    }
}

/// Reads all input, as bytes or, with `hex`, as hexadecimal text.
pub(crate) fn read_all(file: Option<&Path>, hex: bool) -> Result<Vec<u8>, Failure> {
    let (reader, name, _) = open(file)?;
    let mut reader = hex_or_bytes(reader, hex);
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).map_err(|e| read_failure(&name, &e))?;
    Ok(bytes)
}

/// The reader itself, or with `hex` a [`HexReader`] over it.
pub(crate) fn hex_or_bytes(reader: Box<dyn Read>, hex: bool) -> Box<dyn Read> {
    if hex {
        Box::new(HexReader { inner: reader, hex: Hex::default(), text: vec![0; CHUNK], ended: None })
    } else {
        reader
    }
}

/// Parses hexadecimal text: pairs of digits, any case, whitespace anywhere.
#[cfg(test)]
pub(crate) fn parse_hex(text: &[u8]) -> Result<Vec<u8>, Failure> {
    let mut hex = Hex::default();
    let mut bytes = Vec::with_capacity(text.len() / 2);
    hex.push(text, &mut bytes)?;
    hex.finish()?;
    Ok(bytes)
}

/// Hexadecimal text to bytes, a piece at a time.
#[derive(Debug, Default)]
pub(crate) struct Hex {
    /// How many bytes of text came before.
    seen: usize,
    /// The first digit of a pair whose second is still to come.
    high: Option<u8>,
}

impl Hex {
    /// Appends the bytes that `text` completes to `out`.
    ///
    /// # Errors
    ///
    /// [`Failure::Data`] at the first byte that is neither a digit nor
    /// whitespace; `out` then holds the bytes before it.
    pub(crate) fn push(&mut self, text: &[u8], out: &mut Vec<u8>) -> Result<(), Failure> {
        for (i, &c) in text.iter().enumerate() {
            let digit = match c {
                b'0'..=b'9' => c - b'0',
                b'a'..=b'f' => c - b'a' + 10,
                b'A'..=b'F' => c - b'A' + 10,
                c if c.is_ascii_whitespace() => continue,
                _ => {
                    let at = self.seen + i;
                    return Err(Failure::Data(format!("hex input: byte {at} is not a hexadecimal digit")));
                }
            };
            match self.high.take() {
                Some(high) => out.push(high << 4 | digit),
                None => self.high = Some(digit),
            }
        }
        self.seen += text.len();
        Ok(())
    }

    /// Checks that the text ended with a whole pair.
    ///
    /// # Errors
    ///
    /// [`Failure::Data`] for an odd number of digits.
    pub(crate) fn finish(&self) -> Result<(), Failure> {
        match self.high {
            Some(_) => Err(Failure::Data("hex input: an odd number of hexadecimal digits".into())),
            None => Ok(()),
        }
    }
}

/// The error a [`HexReader`] returns for text that is not hexadecimal: the
/// message of the [`Failure::Data`] it stands for.
#[derive(Debug)]
struct BadHex(String);

impl std::fmt::Display for BadHex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadHex {}

/// Hexadecimal text read as the bytes it spells: the bytes before a bad
/// digit are delivered, then the error ([`BadHex`], invalid data).
struct HexReader {
    inner: Box<dyn Read>,
    hex: Hex,
    text: Vec<u8>,
    /// The error to return once the bytes before it are delivered, or
    /// `Some(None)` at the end of the text.
    ended: Option<Option<String>>,
}

impl Read for HexReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        loop {
            match &self.ended {
                Some(None) => return Ok(0),
                Some(Some(m)) => return Err(io::Error::new(io::ErrorKind::InvalidData, BadHex(m.clone()))),
                None => {}
            }
            // At most twice as many digits as `buf` holds bytes.
            let want = self.text.len().min(buf.len().saturating_mul(2)).max(2);
            let n = self.inner.read(&mut self.text[..want])?;
            let mut bytes = Vec::with_capacity(n / 2 + 1);
            let parsed = self.hex.push(&self.text[..n], &mut bytes).and_then(|()| match n {
                0 => self.hex.finish(),
                _ => Ok(()),
            });
            match parsed {
                Err(Failure::Data(m) | Failure::Usage(m) | Failure::Io(m)) => self.ended = Some(Some(m)),
                Err(Failure::Quiet) => self.ended = Some(None),
                Ok(()) if n == 0 => self.ended = Some(None),
                Ok(()) => {}
            }
            if !bytes.is_empty() {
                buf[..bytes.len()].copy_from_slice(&bytes);
                return Ok(bytes.len());
            }
        }
    }
}

/// Maps an error of reading the input: bad hexadecimal text is invalid
/// data, anything else an I/O error.
pub(crate) fn read_failure(name: &str, e: &io::Error) -> Failure {
    match e.get_ref().and_then(|inner| inner.downcast_ref::<BadHex>()) {
        Some(BadHex(m)) => Failure::Data(m.clone()),
        None => Failure::Io(format!("{name}: {e}")),
    }
}

/// The size of the chunks that streamed input is read in.
pub(crate) const CHUNK: usize = 64 * 1024;

/// Reads `reader` in chunks of at most [`CHUNK`] bytes and hands each to
/// `each`, then an empty chunk with `last` set.
///
/// # Errors
///
/// The first failure of `each`; [`Failure::Io`] when the input cannot be
/// read; [`Failure::Data`] for bad hexadecimal text, after the bytes before
/// it went to `each`.
pub(crate) fn read_chunks(
    reader: &mut dyn Read,
    name: &str,
    mut each: impl FnMut(&[u8], bool) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let mut buf = vec![0u8; CHUNK];
    loop {
        let n = match reader.read(&mut buf) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(read_failure(name, &e)),
        };
        each(&buf[..n], n == 0)?;
        if n == 0 {
            return Ok(());
        }
    }
}

/// Formats bytes as uppercase hexadecimal with no separator (`R+FE8080`).
pub(crate) fn hex_compact(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02X}")).collect()
}

/// Standard output, buffered; every write maps a closed pipe to
/// [`Failure::Quiet`].
pub(crate) struct Output {
    out: io::BufWriter<io::StdoutLock<'static>>,
}

impl Output {
    pub(crate) fn stdout() -> Output {
        Output { out: io::BufWriter::with_capacity(64 * 1024, io::stdout().lock()) }
    }

    pub(crate) fn write(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        self.out.write_all(bytes).map_err(|e| Failure::write(&e))
    }

    pub(crate) fn flush(&mut self) -> Result<(), Failure> {
        self.out.flush().map_err(|e| Failure::write(&e))
    }
}

/// Whether standard output is a terminal that wants colour (`NO_COLOR`
/// unset).
pub(crate) fn colour() -> bool {
    use std::io::IsTerminal;
    io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

#[cfg(test)]
mod tests {
    use super::{codec, distance, folded, parse_hex};

    #[test]
    fn distances_and_hex() {
        assert_eq!(distance("utf8", "utf-8"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("wtf-16", "wtf-16le"), 2);
        assert_eq!(parse_hex(b" f0 9F\n92a9 ").unwrap(), [0xF0, 0x9F, 0x92, 0xA9]);
        assert!(parse_hex(b"F").is_err());
        assert!(parse_hex(b"zz").is_err());
    }

    /// The message of a label `codec` does not know.
    fn unknown(label: &str) -> String {
        match codec(label) {
            Err(super::Failure::Usage(message)) => message,
            _ => panic!("`{label}` is a codec"),
        }
    }

    /// Suggestions by meaning, and none that is far (issue 44: EUC-CN got
    /// `euc-jp`, CP437 and CP850 `cp866`, `nope` `koi`, an empty label `l2`).
    #[test]
    fn unknown_labels_get_advice_by_meaning_or_none() {
        assert!(unknown("EUC-CN").contains("use `-f gbk`"), "{}", unknown("EUC-CN"));
        for label in ["CP437", "cp850", "IBM437"] {
            assert!(unknown(label).contains("no code page") && !unknown(label).contains("did you mean"), "{label}");
        }
        assert!(!unknown("nope").contains("did you mean"), "{}", unknown("nope"));
        assert!(unknown("cesu-9").contains("did you mean `cesu-8`?"), "{}", unknown("cesu-9"));
        for label in ["", "  "] {
            assert!(unknown(label).starts_with("no codec named"), "{}", unknown(label));
            assert!(!unknown(label).contains("l2"));
        }
    }

    #[test]
    fn names_fold_to_the_width() {
        let text = folded(&["utf-8", "utf-16le", "utf-16be", "wtf-8", "cesu-8"], 20);
        assert_eq!(text, "  utf-8, utf-16le,\n  utf-16be, wtf-8,\n  cesu-8");
        assert!(text.lines().all(|l| l.len() <= 20));
    }
}
