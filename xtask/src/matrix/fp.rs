//! False positives: how often bytes that were not written in a codec pass
//! its validation. Two measures, over every codec of the registry (the
//! Encoding Standard's legacy encodings too):
//!
//! 1. **random bytes**: the share of uniformly random byte strings of each
//!    length in [`LENGTHS`] that validate, the same strings for every codec
//!    (the reason UTF-8 detection works: for UTF-8 the share falls
//!    geometrically with the length, for a single-byte encoding it stays
//!    near one);
//! 2. **text in another encoding**: each corpus text (its first
//!    [`REINTERPRET_TEXT_CHARS`] code points; not the texts of ASCII
//!    alone) a source codec holds (encodes, and reads back), encoded by it,
//!    validated by a target codec, and when it passes, decoded: read right
//!    (the same code points) or read wrong (a false positive).
//!
//! Both are counts, never rates read off one sample: the tables carry the
//! numerator and the denominator.

use std::fmt::Write as _;

use codec_core::{CodePoint, Decode as _, DynCodec, Encode as _};
use codec_test::generate::Rng;
use serde_json::{Value, json};

use super::chart::{Cell, Scale, small_multiples};
use super::compute::{REINTERPRET_TEXT_CHARS, Text, par_map};
use super::render::{csv_file, md_table, para};

/// The lengths of the random byte strings, in bytes.
pub const LENGTHS: &[usize] = &[8, 16, 32, 64, 128, 256, 512, 1024];

/// How many random byte strings of each length.
pub const RANDOM_PER_LENGTH: usize = 4_000;

/// One source codec's text, read by one target codec.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TextReading {
    /// Texts the source holds (encodes in fatal mode and reads back).
    pub inputs: usize,
    /// Of those, the ones the target decodes to the same code points.
    pub read_right: usize,
    /// Of those, the ones the target validates but decodes to other code
    /// points: the false positives.
    pub read_wrong: usize,
}

/// The false-positive tables.
#[derive(Debug, Clone)]
pub struct FalsePositives {
    /// The codecs, sources and targets alike, by name.
    pub codecs: Vec<&'static str>,
    /// `[codec][length]`: how many of the random strings of `LENGTHS[length]` validate.
    pub random: Vec<Vec<usize>>,
    /// How many random strings of each length were drawn.
    pub random_per_length: usize,
    /// `[source][target]`.
    pub texts: Vec<Vec<TextReading>>,
    /// How many corpus texts were encoded by each source.
    pub text_count: usize,
}

/// The random byte strings: `RANDOM_PER_LENGTH` for each of `LENGTHS`, from
/// `seed`, in the order of `LENGTHS`.
#[must_use]
pub fn random_strings(seed: u64, per_length: usize) -> Vec<Vec<Vec<u8>>> {
    let mut rng = Rng::new(seed);
    LENGTHS
        .iter()
        .map(|&len| {
            (0..per_length)
                .map(|_| {
                    let mut s = Vec::with_capacity(len);
                    while s.len() < len {
                        s.extend_from_slice(&rng.next_u64().to_le_bytes());
                    }
                    s.truncate(len);
                    s
                })
                .collect()
        })
        .collect()
}

/// How many of `strings` validate in `codec`.
#[must_use]
pub fn count_valid(codec: &dyn DynCodec, strings: &[Vec<u8>]) -> usize {
    strings.iter().filter(|s| codec.validate(s).is_ok()).count()
}

/// Computes both tables for `codecs` on the corpus texts of `texts`
/// (synthetic ones are left out: they are built to part the codecs; so are
/// texts of ASCII alone, which every ASCII-compatible codec reads right).
#[must_use]
pub fn compute(codecs: &[&'static dyn DynCodec], texts: &[Text], seed: u64, visible: bool) -> FalsePositives {
    let strings = random_strings(seed, RANDOM_PER_LENGTH);
    let random = par_map("matrix false positives: random bytes", visible, codecs, |codec| {
        strings.iter().map(|of_length| count_valid(*codec, of_length)).collect()
    });
    let corpus: Vec<&[CodePoint]> = texts
        .iter()
        .filter(|t| !t.is_synthetic() && t.points.iter().any(|p| p.to_u32() > 0x7F))
        .map(|t| &t.points[..t.points.len().min(REINTERPRET_TEXT_CHARS)])
        .collect();
    let texts = par_map("matrix false positives: text in another encoding", visible, codecs, |source| {
        // The texts the source holds: it encodes them and reads them back
        // (bytes its own decoder does not read as the text are no text in
        // it: the Encoding Standard's replacement writes UTF-8's bytes and
        // reads one error in them).
        let encoded: Vec<(&[CodePoint], Vec<u8>)> = corpus
            .iter()
            .filter_map(|points| {
                let bytes = source.encode(points).ok()?;
                source.decode(&bytes).is_ok_and(|back| back == *points).then_some((*points, bytes))
            })
            .collect();
        codecs
            .iter()
            .map(|target| {
                let mut cell = TextReading { inputs: encoded.len(), ..TextReading::default() };
                for (points, bytes) in &encoded {
                    if target.validate(bytes).is_err() {
                        continue;
                    }
                    match target.decode(bytes) {
                        Ok(read) if read == *points => cell.read_right += 1,
                        _ => cell.read_wrong += 1,
                    }
                }
                cell
            })
            .collect()
    });
    FalsePositives {
        codecs: codecs.iter().map(|c| c.info().name).collect(),
        random,
        random_per_length: RANDOM_PER_LENGTH,
        texts,
        text_count: corpus.len(),
    }
}

/// The share `count / of` as a percentage with two significant digits
/// (`0.91%`, `0.0050%`), `0%` for none.
#[must_use]
pub fn percent(count: usize, of: usize) -> String {
    if count == 0 || of == 0 {
        return "0%".to_owned();
    }
    let p = count as f64 * 100.0 / of as f64;
    let digits = (1 - p.log10().floor() as i32).clamp(0, 6) as usize;
    format!("{p:.digits$}%")
}

/// The targets the README's table of texts shows (all are in the CSV
/// file): the ones a reader of mis-labelled text meets.
const README_TARGETS: &[&str] =
    &["utf-8", "utf-16le", "cesu-8", "corrected-utf-8", "utf-1", "windows-1252", "shift_jis", "gb18030"];

impl FalsePositives {
    /// The CSV files, by name.
    #[must_use]
    pub fn files(&self) -> Vec<(String, String)> {
        let mut random = Vec::new();
        for (name, row) in self.codecs.iter().zip(&self.random) {
            for (len, &valid) in LENGTHS.iter().zip(row) {
                random.push(vec![
                    (*name).to_owned(),
                    len.to_string(),
                    self.random_per_length.to_string(),
                    valid.to_string(),
                    format!("{:.6}", valid as f64 / self.random_per_length as f64),
                ]);
            }
        }
        let mut text = Vec::new();
        for (source, row) in self.codecs.iter().zip(&self.texts) {
            for (target, cell) in self.codecs.iter().zip(row) {
                text.push(vec![
                    (*source).to_owned(),
                    (*target).to_owned(),
                    cell.inputs.to_string(),
                    cell.read_right.to_string(),
                    cell.read_wrong.to_string(),
                ]);
            }
        }
        vec![
            (
                "false-positives-random.csv".to_owned(),
                csv_file(&["codec", "length", "strings", "valid", "share_valid"], &random),
            ),
            (
                "false-positives-text.csv".to_owned(),
                csv_file(&["source", "target", "texts_encoded", "read_right", "read_wrong"], &text),
            ),
        ]
    }

    /// The JSON value of `matrix.json`'s `false_positives`.
    #[must_use]
    pub fn json(&self) -> Value {
        let random: Vec<Value> =
            self.codecs.iter().zip(&self.random).map(|(name, row)| json!({ "codec": name, "valid": row })).collect();
        let text: Vec<Value> = self
            .codecs
            .iter()
            .zip(&self.texts)
            .flat_map(|(source, row)| {
                self.codecs.iter().zip(row).map(move |(target, c)| {
                    json!({ "source": source, "target": target, "texts_encoded": c.inputs,
                            "read_right": c.read_right, "read_wrong": c.read_wrong })
                })
            })
            .collect();
        json!({ "lengths": LENGTHS, "strings_per_length": self.random_per_length, "random": random,
                "text_count": self.text_count, "text_code_points": REINTERPRET_TEXT_CHARS, "text": text })
    }

    /// The chart: the share of random strings that validate, per codec
    /// and length.
    #[must_use]
    pub fn svg(&self) -> String {
        let rows: Vec<String> = self.codecs.iter().map(|c| (*c).to_owned()).collect();
        let columns: Vec<String> = LENGTHS.iter().map(|l| format!("{l} bytes")).collect();
        let cells: Vec<Vec<Option<Cell>>> = self
            .random
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&valid| {
                        Some(Cell {
                            value: valid as f64 / self.random_per_length as f64,
                            low: None,
                            high: None,
                            label: percent(valid, self.random_per_length),
                        })
                    })
                    .collect()
            })
            .collect();
        small_multiples(
            "False positives: random byte strings that validate",
            &format!(
                "{} uniformly random strings of each length, the same for every codec; each panel on its own scale",
                self.random_per_length
            ),
            &rows,
            &columns,
            &cells,
            Scale::PerPanel,
        )
    }

    /// The README's summary: a few lengths of the random strings.
    #[must_use]
    pub fn summary(&self) -> String {
        let mut o = String::new();
        para(
            &mut o,
            &format!(
                "## 6. False positives\n\nThe share of {} uniformly random byte strings that validate as each codec, \
             at three of the lengths; every length, and corpus text in another encoding read by each codec, \
             are in [`false-positives.md`](false-positives.md) and [`false-positives.svg`](false-positives.svg).",
                self.random_per_length
            ),
        );
        let shown: Vec<usize> = [8, 64, 1024].iter().filter_map(|l| LENGTHS.iter().position(|x| x == l)).collect();
        let mut header = vec!["codec".to_owned()];
        header.extend(shown.iter().map(|&k| format!("{} bytes", LENGTHS[k])));
        let rows: Vec<Vec<String>> = self
            .codecs
            .iter()
            .zip(&self.random)
            .map(|(name, row)| {
                let mut r = vec![format!("`{name}`")];
                r.extend(shown.iter().map(|&k| percent(row[k], self.random_per_length)));
                r
            })
            .collect();
        md_table(&mut o, &header, &rows);
        o
    }

    /// The section of `false-positives.md`: every length, and the texts.
    #[must_use]
    pub fn section(&self) -> String {
        let mut o = String::new();
        let _ = writeln!(
            o,
            "Random bytes: the share of {} uniformly random byte strings of each length that validate \
             (the same strings for every codec; counts in `false-positives-random.csv`, chart in \
             [`false-positives.svg`](false-positives.svg)).
",
            self.random_per_length
        );
        let mut header = vec!["codec".to_owned()];
        header.extend(LENGTHS.iter().map(ToString::to_string));
        let rows: Vec<Vec<String>> = self
            .codecs
            .iter()
            .zip(&self.random)
            .map(|(name, row)| {
                let mut r = vec![format!("`{name}`")];
                r.extend(row.iter().map(|&v| percent(v, self.random_per_length)));
                r
            })
            .collect();
        md_table(&mut o, &header, &rows);
        let targets: Vec<usize> =
            README_TARGETS.iter().filter_map(|t| self.codecs.iter().position(|c| c == t)).collect();
        let _ = writeln!(
            o,
            "Text in another encoding: the first {REINTERPRET_TEXT_CHARS} code points of each of the {} corpus texts \
             that are not ASCII alone, \
             encoded by the row's codec, validated by the column's: how many pass but read as other code points \
             (false positives), of the texts the row holds (encodes and reads back); `=N` when all N read right. Every pair is in \
             `false-positives-text.csv`.
",
            self.text_count
        );
        let mut header = vec!["encoded by".to_owned(), "texts".to_owned()];
        header.extend(targets.iter().map(|&t| self.codecs[t].to_owned()));
        let rows: Vec<Vec<String>> = self
            .codecs
            .iter()
            .zip(&self.texts)
            .filter(|(_, row)| row.first().is_some_and(|c| c.inputs > 0))
            .map(|(name, row)| {
                let mut r = vec![format!("`{name}`"), row[0].inputs.to_string()];
                r.extend(targets.iter().map(|&t| {
                    let c = row[t];
                    if c.read_wrong == 0 && c.read_right == c.inputs {
                        format!("={}", c.inputs)
                    } else {
                        c.read_wrong.to_string()
                    }
                }));
                r
            })
            .collect();
        md_table(&mut o, &header, &rows);
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The probability that `len` uniformly random bytes are well-formed
    /// UTF-8, by counting paths through RFC 3629's table (written here from
    /// the RFC, not from the codecs):
    ///
    /// ```text
    /// UTF8-1 = %x00-7F
    /// UTF8-2 = %xC2-DF UTF8-tail
    /// UTF8-3 = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) /
    ///          %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
    /// UTF8-4 = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) /
    ///          %xF4 %x80-8F 2( UTF8-tail )
    /// ```
    fn utf8_probability(len: usize) -> f64 {
        // ways[n]: the share of the 256^n strings of n bytes that are
        // well-formed; seq(k): the share of k-byte strings that are one
        // sequence.
        let b = 256.0_f64;
        let tail = 64.0 / b;
        let seq = |n: usize| -> f64 {
            match n {
                1 => 128.0 / b,
                2 => 30.0 / b * tail,
                3 => (32.0 + 12.0 * 64.0 + 32.0 + 2.0 * 64.0) * 64.0 / (b * b * b),
                4 => (48.0 * 64.0 * 64.0 + 3.0 * 64.0 * 64.0 * 64.0 + 16.0 * 64.0 * 64.0) / (b * b * b * b),
                _ => 0.0,
            }
        };
        let mut ways = vec![0.0_f64; len + 1];
        ways[0] = 1.0;
        for n in 1..=len {
            ways[n] = (1..=4.min(n)).map(|k| ways[n - k] * seq(k)).sum();
        }
        ways[len]
    }

    #[test]
    fn random_bytes_pass_as_utf8_as_often_as_the_rfc_grammar_says() {
        let utf8 = codec_registry::get("utf-8").expect("utf-8 is registered");
        let per_length = 20_000;
        let strings = random_strings(7, per_length);
        for (k, &len) in LENGTHS.iter().enumerate().take(2) {
            let measured = count_valid(utf8, &strings[k]);
            // The same strings through std, an independent validator.
            let by_std = strings[k].iter().filter(|s| std::str::from_utf8(s).is_ok()).count();
            assert_eq!(measured, by_std, "length {len}");
            // And the count near the grammar's expectation: within five
            // standard deviations of a binomial (the seed is fixed, so this
            // cannot flake; it fails when the strings are not uniform).
            let p = utf8_probability(len);
            let n = per_length as f64;
            let (mean, sd) = (n * p, (n * p * (1.0 - p)).sqrt());
            assert!(
                (measured as f64 - mean).abs() <= 5.0 * sd + 1.0,
                "length {len}: {measured} valid of {per_length}, expected {mean:.1} ± {sd:.1}"
            );
        }
    }

    #[test]
    fn a_single_byte_encoding_reads_any_text_of_its_own_right_and_utf8_text_wrong() {
        let latin = codec_registry::get("windows-1252").expect("windows-1252 is registered");
        let utf8 = codec_registry::get("utf-8").expect("utf-8 is registered");
        // "café" and "naïve": encodable in both.
        let texts = vec![Text::new("a", "caf\u{E9} au lait"), Text::new("b", "na\u{EF}ve")];
        let fp = compute(&[utf8, latin], &texts, 1, false);
        // UTF-8's bytes pass windows-1252 (every byte but five is defined)
        // and read wrong (é as "Ã©"); windows-1252's bytes (E9 alone) fail UTF-8.
        assert_eq!(fp.texts[0][1], TextReading { inputs: 2, read_right: 0, read_wrong: 2 });
        assert_eq!(fp.texts[1][0], TextReading { inputs: 2, read_right: 0, read_wrong: 0 });
        assert_eq!(fp.texts[0][0], TextReading { inputs: 2, read_right: 2, read_wrong: 0 });
    }
}
