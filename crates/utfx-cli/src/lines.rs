//! The line and column of a place in a codec's bytes, counted as the bytes
//! go by: what `convert` names at an error, the same whether the input is a
//! file or a pipe, without reading anything twice from a pipe or opening
//! the input again (issue 44). The count is the core's
//! ([`codec_core::LineCounter`], decision 0045: a line ends at each
//! U+000A, a column counts items from 1, an ill-formed subpart one); this
//! keeps the newest bytes fed uncounted, so that an error found in them can
//! still be placed, and hands back the bytes after it for the hint.
//! `lines::tests` checks it against `validate`'s item-by-item scan, for
//! every codec.

use codec_core::{DynCodec, LineCounter};

/// The newest bytes fed that are not counted yet: an error found later may
/// start among them (a sequence cut by the end of a chunk, held back by the
/// decoder), so that its place can still be counted.
const HELD: usize = 64;

/// Counts lines and columns in a codec's bytes fed in order (after any
/// BOM), to give the place of an offset among them.
pub(crate) struct Lines {
    counter: LineCounter<&'static dyn DynCodec>,
    /// How many bytes `counter` was fed.
    counted: usize,
    /// Bytes fed but not counted yet, at most [`HELD`] more than the last
    /// feed.
    pending: Vec<u8>,
}

/// Where [`Lines::place`] found an offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Place {
    /// The line, from 1.
    pub(crate) line: u64,
    /// The column, from 1, in items.
    pub(crate) column: u64,
    /// The bytes from the offset on that were fed (at most [`HELD`] plus
    /// the last feed), for a hint.
    pub(crate) after: Vec<u8>,
}

impl Lines {
    /// Counts the bytes of `codec`.
    pub(crate) fn new(codec: &'static dyn DynCodec) -> Lines {
        Lines { counter: LineCounter::new(codec), counted: 0, pending: Vec::new() }
    }

    /// Takes the next bytes; they are counted once more follow them (all
    /// but the last [`HELD`] before them then), so that an error found in
    /// them, or just before them, can still be placed.
    pub(crate) fn feed(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        let counted = self.pending.len().saturating_sub(HELD);
        self.count(counted);
        self.pending.extend_from_slice(bytes);
    }

    /// Takes the next bytes and counts them at once: where only the end is
    /// asked for ([`Lines::end`]).
    pub(crate) fn feed_all(&mut self, bytes: &[u8]) {
        self.count(self.pending.len());
        self.counter.feed(bytes);
        self.counted += bytes.len();
    }

    /// The place of `offset` (counted from the first byte fed): its line,
    /// its column and the bytes fed from it on; `None` when it lies before
    /// what is still held or past what was fed.
    pub(crate) fn place(mut self, offset: usize) -> Option<Place> {
        let into = offset.checked_sub(self.counted).filter(|&k| k <= self.pending.len())?;
        self.count(into);
        let (line, column) = self.counter.line_column(&self.pending);
        Some(Place { line, column, after: self.pending })
    }

    /// The place after every byte fed: where an encoder stopped, when the
    /// output is fed.
    pub(crate) fn end(mut self) -> Place {
        self.count(self.pending.len());
        let (line, column) = self.counter.line_column(&[]);
        Place { line, column, after: Vec::new() }
    }

    /// Counts the first `n` bytes held.
    fn count(&mut self, n: usize) {
        self.counter.feed(&self.pending[..n]);
        self.pending.drain(..n);
        self.counted += n;
    }
}

#[cfg(test)]
mod tests {
    use codec_core::{CodePoint, DecodeMode, EncodeMode};

    use super::Lines;
    use crate::validate::Positions;

    /// How many bytes of a line the core's `LineCounter` keeps before it
    /// counts their items (a mebibyte).
    const LONG_LINE: usize = 1 << 20;

    /// Lines of text in many scripts, in `codec` (what it cannot encode
    /// replaced), some long, some empty.
    fn text(codec: &'static dyn codec_core::DynCodec) -> Vec<u8> {
        let mut text = String::new();
        for k in 0..40 {
            let words = ["caf\u{E9}", "\u{65E5}\u{672C}", "\u{D55C}", "\u{420}\u{443}", "\u{1F600}", "a\tb", "\r"];
            for w in 0..(k * 7 % 23) {
                text.push_str(words[(k + w) % words.len()]);
                text.push(' ');
            }
            text.push('\n');
        }
        let points: Vec<CodePoint> = text.chars().map(CodePoint::from).collect();
        codec.encode_with(&points, EncodeMode::Replace).unwrap_or_default()
    }

    /// The first error of `input` (its length when there is none) and its
    /// place by `validate`'s item-by-item scan of the bytes before it,
    /// which are well-formed.
    fn scanned(codec: &'static dyn codec_core::DynCodec, input: &[u8]) -> (usize, u64, u64) {
        let offset = codec.decode_with(input, DecodeMode::Fatal).err().map_or(input.len(), |e| e.valid_up_to());
        let mut positions = Positions::new(codec, 0);
        positions.scan(&input[..offset], true, |_| {});
        (offset, positions.line(), positions.column())
    }

    /// Lines and columns counted as the bytes go by, in chunks of every
    /// size here, agree with the item-by-item scan at the first error (a
    /// byte of damage moved along the text) and at the end, for every
    /// codec.
    #[test]
    fn lines_counted_as_they_go_agree_with_the_item_scan() {
        for &codec in codec_registry::all() {
            let valid = text(codec);
            let mut inputs = vec![valid.clone()];
            for at in [0, 1, valid.len() / 3, valid.len() / 2 + 1, valid.len().saturating_sub(1)] {
                for bad in [0xFF, 0x80, 0x0A] {
                    let mut input = valid.clone();
                    input.insert(at.min(input.len()), bad);
                    inputs.push(input);
                }
            }
            for input in &inputs {
                let (offset, line, column) = scanned(codec, input);
                for chunk in [1, 3, 64, 65, 1000, usize::MAX] {
                    let mut lines = Lines::new(codec);
                    let mut fed = 0;
                    for piece in input.chunks(chunk.min(input.len()).max(1)) {
                        lines.feed(piece);
                        fed += piece.len();
                        // As `convert` feeds: the chunk in which the error is
                        // found is the last one fed.
                        if fed > offset {
                            break;
                        }
                    }
                    let place = lines.place(offset).expect("the offset is still held");
                    let name = codec.info().name;
                    assert_eq!(
                        (place.line, place.column),
                        (line, column),
                        "{name}, chunks of {chunk}, offset {offset}"
                    );
                    assert!(input[offset..].starts_with(&place.after), "{name}: the bytes after the offset");
                }
            }
        }
    }

    /// A line longer than the bytes kept of it has its items counted as it
    /// grows: the column is still exact, in units of one, two and several
    /// bytes, an error at its end or after a newline past it.
    #[test]
    fn a_line_longer_than_the_bytes_kept_keeps_its_column() {
        for name in ["utf-8", "utf-16le", "utf-16be", "shift_jis", "gb18030"] {
            let codec = codec_registry::get(name).expect("a codec");
            let long = "\u{65E5}a\u{3042}".repeat(LONG_LINE / 4);
            let points: Vec<CodePoint> = format!("x\n{long}").chars().map(CodePoint::from).collect();
            let mut input = codec.encode_with(&points, EncodeMode::Fatal).expect("encodable");
            for tail in [&b""[..], b"\xFF"] {
                input.extend_from_slice(tail);
                let (offset, line, column) = scanned(codec, &input);
                let mut lines = Lines::new(codec);
                input.chunks(65_536).for_each(|chunk| lines.feed(chunk));
                let place = lines.place(offset).expect("held");
                assert_eq!((place.line, place.column), (line, column), "{name}");
                assert_eq!((line, column), (2, long.chars().count() as u64 + 1), "{name}");
            }
        }
    }
}
