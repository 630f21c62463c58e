//! The corpus: the texts of `bench/data/` whose names start with a digit
//! (`01_latin_lipsum.txt`; `MANIFEST.md` and the rest are notes), in name
//! order, and the variants of a text the benchmarks measure. The one loader
//! of the criterion benches, `cargo xtask bench` and `cargo xtask matrix`.

use std::path::Path;

/// One corpus text, valid UTF-8.
#[derive(Debug, Clone)]
pub struct Text {
    /// The file's stem, e.g. `05_russian_mars`.
    pub name: String,
    /// The text.
    pub string: String,
}

impl Text {
    /// Returns the text as UTF-16 code units.
    #[must_use]
    pub fn utf16(&self) -> Vec<u16> {
        self.string.encode_utf16().collect()
    }

    /// Returns the text as UTF-16LE bytes.
    #[must_use]
    pub fn utf16le(&self) -> Vec<u8> {
        self.string.encode_utf16().flat_map(u16::to_le_bytes).collect()
    }

    /// Returns the text's UTF-8 with `insert` after the first character
    /// boundary at or past every 1,000th byte: one lone surrogate (`ED A0
    /// 80`) or one ill-formed byte (`FF`) per 1,000 bytes.
    #[must_use]
    pub fn every_thousand(&self, insert: &[u8]) -> Vec<u8> {
        every_thousand(&self.string, insert)
    }
}

/// Returns `text` with `insert` after the first character boundary at or
/// past every 1,000th byte, as [`Text::every_thousand`] does.
#[must_use]
pub fn every_thousand(text: &str, insert: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + text.len() / 1000 * insert.len() + insert.len());
    let mut next = 1000;
    for (i, c) in text.char_indices() {
        if i >= next {
            out.extend_from_slice(insert);
            next = i + 1000;
        }
        out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
    }
    out
}

/// Returns the characters of `text` up to U+00FF, in order: the text's
/// Latin-1 part, what the Latin-1 rows convert (on a text of another
/// script, its spaces, digits and punctuation).
#[must_use]
pub fn latin1_only(text: &str) -> String {
    text.chars().filter(|&c| u32::from(c) <= 0xFF).collect()
}

/// Reads the corpus texts of `dir` (`bench/data/`), in name order.
///
/// # Errors
///
/// A directory that cannot be read or holds no text, a text that cannot be
/// read or is not UTF-8: the message names the path.
pub fn load(dir: &Path) -> Result<Vec<Text>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let is_text = |p: &Path| {
        let name = p.file_name().map(|n| n.as_encoded_bytes()).unwrap_or_default();
        name.ends_with(b".txt") && name.first().is_some_and(u8::is_ascii_digit)
    };
    let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).filter(|p| is_text(p)).collect();
    paths.sort();
    let texts = paths
        .iter()
        .map(|path| {
            let string = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            Ok(Text { name: path.file_stem().unwrap_or_default().to_string_lossy().into_owned(), string })
        })
        .collect::<Result<Vec<_>, String>>()?;
    if texts.is_empty() {
        return Err(format!("no .txt files in {}", dir.display()));
    }
    Ok(texts)
}
