//! The line and column of a place in a codec's bytes, counted as the bytes
//! go by ([`Lines`]): what `convert` names at an error, the same whether
//! the input is a file or a pipe, without reading anything twice from a
//! pipe or opening the input again (issue 44).
//!
//! A line ends at each U+000A; a column counts the items of its line from
//! 1 (code points, and an ill-formed subpart as one), as `validate
//! --all-errors` does. Where a codec writes U+000A as one whole code unit
//! that nothing else contains (every codec whose encoding is context-free:
//! the UTF-8 family's bytes, UTF-16's units, the single- and multi-byte
//! legacy encodings, whose trail bytes are never `0A`), lines are counted
//! on the units as they go by, and only the bytes of the line being read
//! are kept, to count its items where the column is asked (a line longer
//! than [`LONG_LINE`] has its items counted as it grows). Elsewhere (a
//! stateful codec: iso-2022-jp, HZ) every byte goes through a decoder.
//! `lines::tests` checks both against `validate`'s item-by-item scan, for
//! every codec.

use codec_core::{CodePoint, DecodeMode, Decoder, DynCodec};

/// How many bytes of a line are kept before their items are counted.
const LONG_LINE: usize = 1 << 20;

/// The newest bytes fed that are not counted yet: an error found later may
/// start among them (a sequence cut by the end of a chunk, held back by the
/// decoder), so that its place can still be counted.
const HELD: usize = 64;

/// How a line ends in the codec's bytes.
enum Newline {
    /// As these bytes, one whole code unit (1, 2 or 4 bytes).
    Unit { form: [u8; 4], width: usize },
    /// As the decoder says: every byte is decoded.
    Decoded,
}

/// Counts lines and columns in a codec's bytes fed in order (after any
/// BOM), to give the place of an offset among them.
pub(crate) struct Lines {
    newline: Newline,
    /// The offset of the first byte of `line` (or, for [`Newline::Decoded`],
    /// of the next byte to count).
    at: usize,
    /// How many lines ended before the current one.
    ended: u64,
    /// The current line's bytes whose items are not counted yet
    /// ([`Newline::Unit`]): from a unit boundary.
    line: Vec<u8>,
    /// The items of the current line counted so far.
    items: u64,
    /// Counts items: in replace mode, an ill-formed subpart is one.
    counter: Decoder<&'static dyn DynCodec>,
    points: Vec<CodePoint>,
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
        let form = codec.encode_str("\n").ok();
        let width = codec.unit_len();
        let newline = match form {
            Some(form) if codec.is_context_free() && form.len() == width && width <= 4 => {
                let mut unit = [0; 4];
                unit[..width].copy_from_slice(&form);
                Newline::Unit { form: unit, width }
            }
            _ => Newline::Decoded,
        };
        Lines {
            newline,
            at: 0,
            ended: 0,
            line: Vec::new(),
            items: 0,
            counter: Decoder::new(codec, DecodeMode::Replace),
            points: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// Takes the next bytes; they are counted once more follow them (all
    /// but the last [`HELD`] before them then), so that an error found in
    /// them, or just before them, can still be placed.
    pub(crate) fn feed(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        let counted = self.pending.len().saturating_sub(HELD);
        let mut pending = std::mem::take(&mut self.pending);
        self.count(&pending[..counted]);
        pending.drain(..counted);
        pending.extend_from_slice(bytes);
        self.pending = pending;
    }

    /// Takes the next bytes and counts them at once: where only the end is
    /// asked for ([`Lines::end`]).
    pub(crate) fn feed_all(&mut self, bytes: &[u8]) {
        let pending = std::mem::take(&mut self.pending);
        self.count(&pending);
        self.count(bytes);
    }

    /// The place of `offset` (counted from the first byte fed): its line,
    /// its column and the bytes fed from it on; `None` when it lies before
    /// what is still held or past what was fed.
    pub(crate) fn place(mut self, offset: usize) -> Option<Place> {
        let counted = self.counted();
        let into = offset.checked_sub(counted).filter(|&k| k <= self.pending.len())?;
        let pending = std::mem::take(&mut self.pending);
        self.count(&pending[..into]);
        let after = pending[into..].to_vec();
        Some(Place { line: self.ended + 1, column: self.items_so_far() + 1, after })
    }

    /// The place after every byte fed: where an encoder stopped, when the
    /// output is fed.
    pub(crate) fn end(mut self) -> Place {
        let pending = std::mem::take(&mut self.pending);
        self.count(&pending);
        Place { line: self.ended + 1, column: self.items_so_far() + 1, after: Vec::new() }
    }

    /// The offset just past the bytes counted.
    fn counted(&self) -> usize {
        match self.newline {
            Newline::Unit { .. } => self.at + self.line.len(),
            Newline::Decoded => self.at,
        }
    }

    /// The items of the current line, the bytes kept of it included (it
    /// ends the count).
    fn items_so_far(&mut self) -> u64 {
        if let Newline::Unit { .. } = self.newline {
            let line = std::mem::take(&mut self.line);
            self.count_items(&line, true);
        }
        self.items
    }

    /// Counts the items of `bytes`, the next of the current line.
    fn count_items(&mut self, bytes: &[u8], last: bool) {
        self.points.clear();
        // Replace mode never fails.
        let _ = self.counter.decode_chunk(bytes, last, &mut self.points);
        self.items += self.points.len() as u64;
    }

    /// Counts `bytes`, the next after those counted.
    fn count(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        let Newline::Unit { form, width } = self.newline else {
            return self.count_decoded(bytes);
        };
        let form = &form[..width];
        // A unit begun at the end of what came before ends in `bytes`.
        let begun = self.line.len() % width;
        let mut from = 0;
        let mut newline_end = None;
        if begun > 0 {
            let need = width - begun;
            if bytes.len() < need {
                self.line.extend_from_slice(bytes);
                return;
            }
            let mut unit = [0u8; 4];
            unit[..begun].copy_from_slice(&self.line[self.line.len() - begun..]);
            unit[begun..width].copy_from_slice(&bytes[..need]);
            if &unit[..width] == form {
                self.ended += 1;
                newline_end = Some(need);
            }
            from = need;
        }
        let body = &bytes[from..];
        // Units compared as integers (a slice comparison per unit is a call).
        let (count, last) = match width {
            1 => {
                let count = count_equal(body, form[0]);
                (count, body.iter().rposition(|&b| b == form[0]).map(|k| k + 1))
            }
            2 => {
                let form = u16::from_ne_bytes([form[0], form[1]]);
                let whole = body.len() & !1;
                let count = match bytemuck::try_cast_slice::<u8, u16>(&body[..whole]) {
                    // Where the bytes are aligned (a buffer's are), as units.
                    Ok(units) => count_equal(units, form),
                    Err(_) => body.chunks_exact(2).filter(|u| u16::from_ne_bytes([u[0], u[1]]) == form).count(),
                };
                let last = (count > 0)
                    .then(|| body.chunks_exact(2).rposition(|u| u16::from_ne_bytes([u[0], u[1]]) == form))
                    .flatten();
                (count, last.map(|k| (k + 1) * 2))
            }
            _ => {
                let form = u32::from_ne_bytes([form[0], form[1], form[2], form[3]]);
                let units = || body.chunks_exact(4).map(|u| u32::from_ne_bytes([u[0], u[1], u[2], u[3]]));
                let count = units().filter(|&u| u == form).count();
                (count, units().rposition(|u| u == form).map(|k| (k + 1) * 4))
            }
        };
        self.ended += count as u64;
        if let Some(end) = last.map(|k| from + k).or(newline_end) {
            self.at += self.line.len() + end;
            self.line.clear();
            self.items = 0;
            self.counter.reset();
            self.line.extend_from_slice(&bytes[end..]);
        } else {
            self.line.extend_from_slice(bytes);
        }
        if self.line.len() > LONG_LINE {
            // Whole units only: a unit begun stays to be matched.
            let whole = self.line.len() - self.line.len() % width;
            let line = std::mem::take(&mut self.line);
            self.count_items(&line[..whole], false);
            self.at += whole;
            self.line = line[whole..].to_vec();
        }
    }

    /// Counts `bytes` through the decoder: each U+000A ends a line.
    fn count_decoded(&mut self, bytes: &[u8]) {
        self.points.clear();
        let _ = self.counter.decode_chunk(bytes, false, &mut self.points);
        self.at += bytes.len();
        let newline = CodePoint::from(b'\n');
        match self.points.iter().rposition(|&p| p == newline) {
            Some(k) => {
                self.ended += self.points.iter().filter(|&&p| p == newline).count() as u64;
                self.items = (self.points.len() - k - 1) as u64;
            }
            None => self.items += self.points.len() as u64,
        }
    }
}

/// How many of `items` equal `value`, in blocks whose counts fit in a
/// `u8`, which the compiler turns into vector compares and adds (a count
/// in a `usize` took it four units at a time: a quarter of `convert`'s
/// time into UTF-16LE).
fn count_equal<T: Copy + PartialEq>(items: &[T], value: T) -> usize {
    items.chunks(255).map(|block| usize::from(block.iter().map(|&x| u8::from(x == value)).sum::<u8>())).sum()
}

#[cfg(test)]
mod tests {
    use codec_core::{CodePoint, DecodeMode, EncodeMode};

    use super::Lines;
    use crate::validate::Positions;

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
            let long = "\u{65E5}a\u{3042}".repeat(super::LONG_LINE / 4);
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
