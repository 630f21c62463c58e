//! The line and column of a place in a codec's bytes ([`LineCounter`],
//! and [`DecodeError::line_column`](crate::DecodeError::line_column) over
//! it): what a tool names at an error, counted as the bytes go by, so that
//! a pipe's input need not be kept (decision 0045).
//!
//! A line ends at each U+000A; a column counts the items of its line from
//! 1: code points, and an ill-formed subpart as one (as [`Decode::items`]
//! gives them). U+000D is an item like any other, so CRLF ends a line at
//! its LF. Where a codec writes U+000A as one whole code unit that nothing
//! else contains (a context-free encoding, [`Encode::is_context_free`]:
//! the UTF-8 family's bytes, UTF-16's units, the single- and multi-byte
//! legacy encodings, whose trail bytes are never `0A`) and its decoder
//! reads that unit back as U+000A (`replacement`'s does not), lines are
//! counted on the units, and only the bytes of the line being read are
//! kept, to count its items where the column is asked (a line longer than
//! [`LONG_LINE`] has its items counted as it grows). Elsewhere (a stateful
//! codec: iso-2022-jp, HZ; the codecs that join surrogates) every byte
//! goes through a decoder. Either way the bytes a decoder still holds at
//! the place asked for are decided item by item with the bytes after it,
//! so that the count is that of the items of the whole input.

use alloc::vec::Vec;

use crate::code_point::CodePoint;
use crate::codec::{Decode, Encode};
use crate::mode::DecodeMode;
use crate::stream::{Decoder, Front};

/// How many bytes of a line are kept before their items are counted.
const LONG_LINE: usize = 1 << 20;

/// How a line ends in the codec's bytes.
#[derive(Clone, Copy, Debug)]
enum Newline {
    /// As these bytes, one whole code unit (1, 2 or 4 bytes).
    Unit { form: [u8; 4], width: usize },
    /// As the decoder says: every byte is decoded.
    Decoded,
}

/// Counts lines and columns in a codec's bytes, fed in order, to give the
/// line and column of the place just after them: where a decoding error
/// starts, when the bytes fed are those before its offset.
///
/// A line ends at each U+000A (a CR is an item like any other); the column
/// counts the items of the line from 1, an ill-formed subpart as one item.
/// The bytes are counted as they are fed, keeping at most the current line
/// (a megabyte of it), so that an input read once, from a pipe, need not
/// be kept whole. A BOM is an item (U+FEFF) unless the caller skipped it
/// before feeding, as `utfx` does, whose offsets then count from after it.
///
/// # Examples
///
/// ```
/// use codec_core::{Decode, LineCounter};
/// # use codec_core::doc_example::Ascii;
/// let input = b"one\r\ntwo \xFF";
/// let err = Ascii.validate(input).unwrap_err();
/// let mut lines = LineCounter::new(Ascii);
/// for chunk in input[..err.valid_up_to()].chunks(3) {
///     lines.feed(chunk);
/// }
/// assert_eq!(lines.line_column(&input[err.valid_up_to()..]), (2, 5));
/// ```
#[derive(Debug)]
pub struct LineCounter<C: Decode + Encode> {
    newline: Newline,
    /// How many lines ended before the current one.
    ended: u64,
    /// The current line's bytes whose items are not counted yet
    /// ([`Newline::Unit`]): from a unit boundary.
    line: Vec<u8>,
    /// The items of the current line counted so far.
    items: u64,
    /// Counts items: in replace mode, an ill-formed subpart is one.
    counter: Decoder<C>,
    points: Vec<<C as Decode>::Point>,
}

impl<C: Decode + Encode> LineCounter<C> {
    /// Creates a counter of the bytes of `codec`, at line 1, column 1.
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::doc_example::Ascii;
    /// assert_eq!(codec_core::LineCounter::new(Ascii).line_column(b""), (1, 1));
    /// ```
    #[must_use]
    pub fn new(codec: C) -> Self {
        let width = codec.unit_len();
        // The decoder must read the form back as U+000A, alone: not so
        // where it reads everything as one subpart (`replacement`).
        let reads_back = |form: &[u8]| match crate::stream::front(&codec, 0, form, true).0 {
            Front::Point(point, len) => len == form.len() && point == CodePoint::from(b'\n').into(),
            _ => false,
        };
        let newline = match codec.encode_str("\n") {
            Ok(form) if codec.is_context_free() && form.len() == width && width <= 4 && reads_back(&form) => {
                let mut unit = [0; 4];
                unit[..width].copy_from_slice(&form);
                Newline::Unit { form: unit, width }
            }
            _ => Newline::Decoded,
        };
        LineCounter {
            newline,
            ended: 0,
            line: Vec::new(),
            items: 0,
            counter: Decoder::new(codec, DecodeMode::Replace),
            points: Vec::new(),
        }
    }

    /// Counts `bytes`, the next after those fed before.
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::doc_example::Ascii;
    /// let mut lines = codec_core::LineCounter::new(Ascii);
    /// lines.feed(b"a\nb");
    /// lines.feed(b"c");
    /// assert_eq!(lines.line_column(b""), (2, 3));
    /// ```
    pub fn feed(&mut self, bytes: &[u8]) {
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
            let line = core::mem::take(&mut self.line);
            self.count_items(&line[..whole], false);
            self.line = line[whole..].to_vec();
        }
    }

    /// Returns the line and the column (both from 1) of the place after
    /// the bytes fed, ending the count. `after` is what follows them in the
    /// input, as much as is at hand (empty at the end of the input): it
    /// decides a sequence the bytes fed end in, so that the items counted
    /// are those of the whole input that start before the place (`C3`
    /// before `0A` is an ill-formed subpart, one item; gb18030's `B8 31`
    /// before `89` is two, the subpart `B8` and `1`).
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::doc_example::Ascii;
    /// let mut lines = codec_core::LineCounter::new(Ascii);
    /// lines.feed(b"ab\n\ncd\xFFe");
    /// assert_eq!(lines.line_column(b""), (3, 5));
    /// ```
    #[must_use]
    pub fn line_column(mut self, after: &[u8]) -> (u64, u64) {
        if let Newline::Unit { .. } = self.newline {
            let line = core::mem::take(&mut self.line);
            self.count_items(&line, false);
        }
        self.count_held(after);
        (self.ended + 1, self.items + 1)
    }

    /// Counts the items that start in the bytes the decoder holds back,
    /// deciding them item by item with the bytes `after` them (a window of
    /// them, doubled while an item needs more).
    fn count_held(&mut self, after: &[u8]) {
        let (held, mut state) = self.counter.held();
        let codec = self.counter.codec();
        let newline = <C as Decode>::Point::from(CodePoint::from(b'\n'));
        let mut window = 64;
        let mut bytes = held.to_vec();
        bytes.extend_from_slice(&after[..window.min(after.len())]);
        let mut pos = 0;
        while pos < held.len() {
            let last = bytes.len() == held.len() + after.len();
            let (front, next) = crate::stream::front(codec, state, &bytes[pos..], last);
            let (points, len) = match front {
                Front::NeedMore => {
                    window *= 2;
                    bytes.truncate(held.len());
                    bytes.extend_from_slice(&after[..window.min(after.len())]);
                    continue;
                }
                Front::Point(point, len) => ([Some(point), None], len),
                Front::Pair(point, second, len) => ([Some(point), Some(second)], len),
                Front::Reserved(len) | Front::Invalid(_, len, _) => ([None, None], len),
                Front::Shift(len) => {
                    (pos, state) = (pos + len, next);
                    continue;
                }
            };
            for (k, point) in points.iter().enumerate() {
                match point {
                    Some(point) if *point == newline => (self.ended, self.items) = (self.ended + 1, 0),
                    Some(_) => self.items += 1,
                    None if k == 0 => self.items += 1,
                    None => {}
                }
            }
            (pos, state) = (pos + len, next);
        }
    }

    /// Counts the items of `bytes`, the next of the current line.
    fn count_items(&mut self, bytes: &[u8], last: bool) {
        self.points.clear();
        // Replace mode never fails.
        let _ = self.counter.decode_chunk(bytes, last, &mut self.points);
        self.items += self.points.len() as u64;
    }

    /// Counts `bytes` through the decoder: each U+000A ends a line.
    fn count_decoded(&mut self, bytes: &[u8]) {
        self.points.clear();
        let _ = self.counter.decode_chunk(bytes, false, &mut self.points);
        let newline = <C as Decode>::Point::from(CodePoint::from(b'\n'));
        match self.points.iter().rposition(|p| *p == newline) {
            Some(k) => {
                self.ended += self.points.iter().filter(|&p| *p == newline).count() as u64;
                self.items = (self.points.len() - k - 1) as u64;
            }
            None => self.items += self.points.len() as u64,
        }
    }
}

/// How many of `items` equal `value`, in blocks whose counts fit in a
/// `u8`, which the compiler turns into vector compares and adds (a count
/// in a `usize` took it four units at a time: a quarter of `utfx
/// convert`'s time into UTF-16LE).
fn count_equal<T: Copy + PartialEq>(items: &[T], value: T) -> usize {
    items.chunks(255).map(|block| usize::from(block.iter().map(|&x| u8::from(x == value)).sum::<u8>())).sum()
}

#[cfg(test)]
mod tests {
    //! Places written by hand from the rule (a line ends at U+000A, a
    //! column counts items from 1, an ill-formed subpart one item), in a
    //! codec whose newline is a byte, one whose newline is a unit of two
    //! bytes, and one decoded item by item (not context-free).
    use alloc::vec::Vec;

    use super::LineCounter;
    use crate::code_point::CodePoint;
    use crate::codec::{Decode, Encode, EncodeStep, Step};
    use crate::doc_example::Ascii;
    use crate::error::{DecodeError, ErrorKind};

    /// UTF-8's shape without its finer rules (no overlong or surrogate
    /// check): a lead byte says the length, continuation bytes follow; a
    /// byte that breaks a sequence ends its subpart. Context-free.
    struct Utf8ish;

    impl Decode for Utf8ish {
        type Point = CodePoint;

        fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
            let (len, bits) = match input[0] {
                b @ 0..=0x7F => return Step::Point { point: CodePoint::from(b), len: 1 },
                b @ 0xC2..=0xDF => (2, u32::from(b & 0x1F)),
                b @ 0xE0..=0xEF => (3, u32::from(b & 0x0F)),
                b @ 0xF0..=0xF4 => (4, u32::from(b & 0x07)),
                _ => return Step::Invalid { kind: ErrorKind::InvalidLead, len: 1 },
            };
            let mut value = bits;
            for k in 1..len {
                match input.get(k) {
                    None => return Step::Incomplete,
                    Some(&b) if b & 0xC0 == 0x80 => value = value << 6 | u32::from(b & 0x3F),
                    Some(_) => return Step::Invalid { kind: ErrorKind::MissingContinuation, len: k },
                }
            }
            Step::Point { point: CodePoint::new(value), len }
        }
    }

    impl Encode for Utf8ish {
        type Point = CodePoint;

        fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
            match input[0].to_char() {
                Some(c) => {
                    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                    EncodeStep::Done(1)
                }
                None => EncodeStep::Invalid(ErrorKind::Surrogate),
            }
        }

        fn is_context_free(&self) -> bool {
            true
        }
    }

    /// The BMP in big-endian units of two bytes; an odd byte at the end is
    /// truncated. Context-free, U+000A the unit `00 0A`.
    struct Units;

    impl Decode for Units {
        type Point = CodePoint;

        fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
            match input {
                [a, b, ..] => Step::Point { point: CodePoint::new(u32::from(u16::from_be_bytes([*a, *b]))), len: 2 },
                _ => Step::Incomplete,
            }
        }
    }

    impl Encode for Units {
        type Point = CodePoint;

        fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
            match u16::try_from(input[0].to_u32()) {
                Ok(unit) => {
                    out.extend_from_slice(&unit.to_be_bytes());
                    EncodeStep::Done(1)
                }
                Err(_) => EncodeStep::Invalid(ErrorKind::OutOfRange),
            }
        }

        fn is_context_free(&self) -> bool {
            true
        }

        fn unit_len(&self) -> usize {
            2
        }
    }

    /// The place of `offset` in `input`, one-shot (through the error) and
    /// fed in two chunks at every split and byte by byte, which must agree.
    fn place<C: Decode + Encode>(codec: &C, input: &[u8], offset: usize) -> (u64, u64) {
        let one_shot = DecodeError::new(offset, Some(1), ErrorKind::InvalidLead).line_column(codec, input);
        let before = &input[..offset];
        for split in 0..=before.len() {
            let mut lines = LineCounter::new(codec);
            lines.feed(&before[..split]);
            lines.feed(&before[split..]);
            assert_eq!(lines.line_column(&input[offset..]), one_shot, "split at {split}");
        }
        let mut lines = LineCounter::new(codec);
        before.chunks(1).for_each(|b| lines.feed(b));
        assert_eq!(lines.line_column(&input[offset..]), one_shot, "byte by byte");
        one_shot
    }

    /// Text of one-, two-, three- and four-byte sequences: the column
    /// counts code points, not bytes.
    #[test]
    fn a_column_counts_code_points() {
        // a é \n 日 本 \n 😀 x
        let input = "a\u{E9}\n\u{65E5}\u{672C}\n\u{1F600}x".as_bytes();
        assert_eq!(place(&Utf8ish, input, 0), (1, 1));
        assert_eq!(place(&Utf8ish, input, 1), (1, 2)); // é
        assert_eq!(place(&Utf8ish, input, 3), (1, 3)); // the first \n
        assert_eq!(place(&Utf8ish, input, 4), (2, 1)); // 日
        assert_eq!(place(&Utf8ish, input, 7), (2, 2)); // 本
        assert_eq!(place(&Utf8ish, input, 11), (3, 1)); // 😀
        assert_eq!(place(&Utf8ish, input, 15), (3, 2)); // x
        assert_eq!(place(&Utf8ish, input, 16), (3, 3)); // the end
    }

    /// CR is an item like any other: CRLF ends a line at its LF, and the
    /// CR takes a column.
    #[test]
    fn crlf_ends_a_line_at_its_lf() {
        let input = b"ab\r\ncd\r\n";
        assert_eq!(place(&Utf8ish, input, 2), (1, 3)); // the first CR
        assert_eq!(place(&Utf8ish, input, 3), (1, 4)); // its LF
        assert_eq!(place(&Utf8ish, input, 4), (2, 1)); // c
        assert_eq!(place(&Utf8ish, input, 5), (2, 2)); // d
        assert_eq!(place(&Utf8ish, input, 8), (3, 1)); // the end, after a LF
        let lone = b"a\rb";
        assert_eq!(place(&Utf8ish, lone, 3), (1, 4)); // a lone CR ends no line
    }

    /// An offset at a newline is on the line the newline ends; the next
    /// one starts the next line, empty lines included.
    #[test]
    fn a_newline_belongs_to_the_line_it_ends() {
        let input = b"\n\nab\n";
        assert_eq!(place(&Utf8ish, input, 0), (1, 1));
        assert_eq!(place(&Utf8ish, input, 1), (2, 1));
        assert_eq!(place(&Utf8ish, input, 2), (3, 1));
        assert_eq!(place(&Utf8ish, input, 4), (3, 3));
        assert_eq!(place(&Utf8ish, input, 5), (4, 1));
        assert_eq!(place(&Utf8ish, b"", 0), (1, 1));
    }

    /// An ill-formed subpart is one item, however long; one cut short by a
    /// newline ends before it, and the newline still ends the line.
    #[test]
    fn an_ill_formed_subpart_is_one_item() {
        // a, then E6 97 cut short by b: one subpart of two bytes.
        let input = b"a\xE6\x97b\xFF\xFFc";
        assert_eq!(place(&Utf8ish, input, 1), (1, 2)); // the subpart
        assert_eq!(place(&Utf8ish, input, 3), (1, 3)); // b
        assert_eq!(place(&Utf8ish, input, 5), (1, 5)); // the second FF
        assert_eq!(place(&Utf8ish, input, 6), (1, 6)); // c
        // E6 cut short by the newline: the subpart is E6 alone.
        let cut = b"x\xE6\ny\xF0\x9F";
        assert_eq!(place(&Utf8ish, cut, 3), (2, 1)); // y
        assert_eq!(place(&Utf8ish, cut, 4), (2, 2)); // the truncated F0 9F
        // Where an error is reported: the first one found.
        let err = Utf8ish.validate(b"ok\n\xC3(").unwrap_err();
        assert_eq!(err.line_column(&Utf8ish, b"ok\n\xC3("), (2, 1));
        let err = Utf8ish.validate(b"ok\n\xC3\xA9\xC3(").unwrap_err();
        assert_eq!(err.line_column(&Utf8ish, b"ok\n\xC3\xA9\xC3("), (2, 2));
    }

    /// An offset past the input counts all of it.
    #[test]
    fn an_offset_past_the_input_counts_all_of_it() {
        let err = DecodeError::new(99, None, ErrorKind::Truncated);
        assert_eq!(err.line_column(&Utf8ish, b"a\nbc"), (2, 3));
    }

    /// Units of two bytes: a newline is a whole unit `00 0A` at a unit
    /// boundary, never two bytes of two units (`01 00 0A 41` is U+0100
    /// U+0A41), whatever the chunks cut.
    #[test]
    fn a_newline_unit_is_matched_at_unit_boundaries() {
        let input = b"\x01\x00\x0A\x41\x00\x0A\x00\x62\x00\x0D\x00\x0A\x00\x63";
        assert_eq!(place(&Units, input, 4), (1, 3)); // the newline
        assert_eq!(place(&Units, input, 6), (2, 1)); // b
        assert_eq!(place(&Units, input, 10), (2, 3)); // the LF after a CR
        assert_eq!(place(&Units, input, 12), (3, 1)); // c
        assert_eq!(place(&Units, input, 14), (3, 2)); // the end
    }

    /// A codec that is not context-free is decoded item by item: the same
    /// places as the unit count on the same text.
    #[test]
    fn a_decoded_count_gives_the_same_places() {
        assert!(!Ascii.is_context_free());
        let input = b"ab\r\n\xFF\n\ncd\x80\x80e\n";
        for offset in 0..=input.len() {
            assert_eq!(place(&Ascii, input, offset), place(&Utf8ish, input, offset), "offset {offset}");
        }
        assert_eq!(place(&Ascii, input, 4), (2, 1)); // FF
        assert_eq!(place(&Ascii, input, 5), (2, 2)); // the LF after it
        assert_eq!(place(&Ascii, input, 11), (4, 5)); // e
    }

    /// A line longer than the bytes kept of it has its items counted as it
    /// grows, its sequences cut by the chunks: the column is still exact.
    #[test]
    fn a_line_longer_than_the_bytes_kept_keeps_its_column() {
        // x \n, then é 日 a repeated: 6 bytes, 3 code points a time.
        let times = super::LONG_LINE / 6 + 3;
        let mut input = b"x\n".to_vec();
        for _ in 0..times {
            input.extend_from_slice("\u{E9}\u{65E5}a".as_bytes());
        }
        input.push(0xFF);
        let mut lines = LineCounter::new(Utf8ish);
        input.chunks(65_537).for_each(|chunk| lines.feed(chunk));
        assert_eq!(lines.line_column(b""), (2, 3 * times as u64 + 2));
        let err = Utf8ish.validate(&input).unwrap_err();
        assert_eq!(err.line_column(&Utf8ish, &input), (2, 3 * times as u64 + 1));
    }
}
