//! Both codecs against a reference written here from the article's tables
//! as they are printed (byte ranges "21–7E, A0–FF" and bit patterns
//! "110xxxxx" read as strings): a table interpreter that ranks a sequence
//! among its row's sequences, where the codecs do arithmetic per row.
//! Every input of one and two bytes, random longer inputs, every row
//! boundary give or take a few code points, and a seeded sample of 31-bit
//! code points.

use codec_test::{check_decode_all, check_encode_splits};
use codec_utf8_history::{CodePoint, Codec, Decode, ErrorKind, FSS_UTF_PROPOSAL_1992, UTF_1};

/// One row of a table: its first and last code point and, per byte, the
/// bytes allowed there in ascending order.
struct Row {
    first: u64,
    last: u64,
    bytes: Vec<Vec<u8>>,
}

fn code_point(s: &str) -> u64 {
    u64::from_str_radix(s.strip_prefix("U+").unwrap(), 16).unwrap()
}

/// "21–7E, A0–FF" or "A0": the bytes of the ranges, ascending.
fn byte_ranges(s: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for range in s.split(", ") {
        let (lo, hi) = range.split_once('–').unwrap_or((range, range));
        out.extend(u8::from_str_radix(lo, 16).unwrap()..=u8::from_str_radix(hi, 16).unwrap());
    }
    out
}

/// "110xxxxx": every byte with those fixed bits, ascending.
fn bit_pattern(s: &str) -> Vec<u8> {
    (0..=255u8)
        .filter(|b| s.chars().enumerate().all(|(i, c)| c == 'x' || (b >> (7 - i) & 1 == 1) == (c == '1')))
        .collect()
}

/// Wikipedia, "UTF-8" (2 December 2016), History, table "UTF-1", typed as
/// printed.
fn utf_1_table() -> Vec<Row> {
    let c = "21–7E, A0–FF";
    let table: [(&str, &str, Vec<&str>); 5] = [
        ("U+0000", "U+009F", vec!["00–9F"]),
        ("U+00A0", "U+00FF", vec!["A0", "A0–FF"]),
        ("U+0100", "U+4015", vec!["A1–F5", c]),
        ("U+4016", "U+38E2D", vec!["F6–FB", c, c]),
        ("U+38E2E", "U+7FFFFFFF", vec!["FC–FF", c, c, c, c]),
    ];
    table
        .iter()
        .map(|(first, last, bytes)| Row {
            first: code_point(first),
            last: code_point(last),
            bytes: bytes.iter().map(|s| byte_ranges(s)).collect(),
        })
        .collect()
}

/// The same, table "FSS-UTF proposal (1992)".
fn fss_table() -> Vec<Row> {
    let c = "1xxxxxxx";
    let table: [(&str, &str, Vec<&str>); 5] = [
        ("U+0000", "U+007F", vec!["0xxxxxxx"]),
        ("U+0080", "U+207F", vec!["10xxxxxx", c]),
        ("U+2080", "U+8207F", vec!["110xxxxx", c, c]),
        ("U+82080", "U+208207F", vec!["1110xxxx", c, c, c]),
        ("U+2082080", "U+7FFFFFFF", vec!["11110xxx", c, c, c, c]),
    ];
    table
        .iter()
        .map(|(first, last, bytes)| Row {
            first: code_point(first),
            last: code_point(last),
            bytes: bytes.iter().map(|s| bit_pattern(s)).collect(),
        })
        .collect()
}

impl Row {
    /// The rank among the row's sequences of the least sequence that
    /// starts with `prefix` (each byte must be allowed at its place).
    fn least_rank(&self, prefix: &[u8]) -> u64 {
        self.bytes.iter().enumerate().fold(0, |rank, (i, allowed)| {
            let index = prefix.get(i).map_or(0, |b| allowed.iter().position(|a| a == b).unwrap());
            rank * allowed.len() as u64 + index as u64
        })
    }

    fn count(&self) -> u64 {
        self.bytes.iter().map(|b| b.len() as u64).product()
    }
}

/// What the reference reads at an offset: a code point and its length, or
/// an error's length (`None`: the input ended) and kind.
type Item = (usize, Result<(u32, usize), (Option<usize>, ErrorKind)>);

/// Decodes `input` by the table: each sequence is the first code point of
/// its row plus its rank; an ill-formed sequence is its longest prefix
/// that some sequence of the row at most the row's last code point starts
/// with, or its first byte.
fn reference_decode(table: &[Row], input: &[u8]) -> Vec<Item> {
    let mut items = Vec::new();
    let mut pos = 0;
    while pos < input.len() {
        let rest = &input[pos..];
        let Some(row) = table.iter().find(|r| r.bytes[0].contains(&rest[0])) else {
            items.push((pos, Err((Some(1), ErrorKind::InvalidLead))));
            pos += 1;
            continue;
        };
        let in_range = |prefix: &[u8]| row.first + row.least_rank(prefix) <= row.last;
        let n = row.bytes.len();
        let mut k = 0;
        while k < n && k < rest.len() && row.bytes[k].contains(&rest[k]) && in_range(&rest[..=k]) {
            k += 1;
        }
        let item = if k == n {
            Ok(((row.first + row.least_rank(&rest[..n])) as u32, n))
        } else if k == rest.len() {
            Err((None, ErrorKind::Truncated))
        } else if k > 0 && !row.bytes[k].contains(&rest[k]) {
            Err((Some(k), ErrorKind::MissingContinuation))
        } else {
            Err((Some(k.max(1)), ErrorKind::OutOfRange))
        };
        let len = match item {
            Ok((_, len)) | Err((Some(len), _)) => len,
            Err((None, _)) => rest.len(),
        };
        items.push((pos, item));
        pos += len;
    }
    items
}

/// Encodes one code point by the table: its rank in its row, as the
/// allowed bytes of each place, last place first.
fn reference_encode(table: &[Row], v: u32) -> Option<Vec<u8>> {
    let row = table.iter().find(|r| (r.first..=r.last).contains(&u64::from(v)))?;
    let mut rank = u64::from(v) - row.first;
    let mut bytes = Vec::new();
    for allowed in row.bytes.iter().rev() {
        bytes.push(allowed[(rank % allowed.len() as u64) as usize]);
        rank /= allowed.len() as u64;
    }
    assert_eq!(rank, 0, "U+{v:X} fits its row");
    bytes.reverse();
    Some(bytes)
}

/// What the codec reads: its items, in the reference's shape.
fn codec_items<C: Decode<Point = CodePoint>>(codec: &C, input: &[u8]) -> Vec<Item> {
    codec
        .items(input)
        .map(|item| match item {
            Ok(it) => (it.offset, Ok((it.point.expect("no reserved sequences").to_u32(), it.len))),
            Err(e) => (e.valid_up_to(), Err((e.error_len(), e.kind()))),
        })
        .collect()
}

fn check_against_reference<C: Decode<Point = CodePoint>>(codec: &C, table: &[Row], input: &[u8]) {
    let want = reference_decode(table, input);
    assert_eq!(codec_items(codec, input), want, "{input:02X?}");
    let first_error = want.iter().find_map(|(at, item)| item.as_ref().err().map(|&(len, kind)| (*at, len, kind)));
    let got = codec.validate(input).err().map(|e| (e.valid_up_to(), e.error_len(), e.kind()));
    assert_eq!(got, first_error, "validate {input:02X?}");
}

#[test]
fn the_tables_fill_their_rows() {
    // Each row's byte ranges give exactly its code points, the last row's
    // more (they go past U+7FFFFFFF), and the rows follow one another.
    for table in [utf_1_table(), fss_table()] {
        for (i, row) in table.iter().enumerate() {
            if i + 1 < table.len() {
                assert_eq!(row.first + row.count() - 1, row.last);
                assert_eq!(table[i + 1].first, row.last + 1);
            } else {
                assert!(row.first + row.count() - 1 > row.last);
            }
        }
    }
}

#[test]
fn every_one_and_two_byte_input_agrees_with_the_reference() {
    let (utf_1, fss) = (utf_1_table(), fss_table());
    for a in 0..=255u8 {
        check_against_reference(&UTF_1, &utf_1, &[a]);
        check_against_reference(&FSS_UTF_PROPOSAL_1992, &fss, &[a]);
        for b in 0..=255u8 {
            check_against_reference(&UTF_1, &utf_1, &[a, b]);
            check_against_reference(&FSS_UTF_PROPOSAL_1992, &fss, &[a, b]);
        }
    }
}

#[test]
fn every_well_formed_two_byte_sequence_is_the_one_form_of_its_code_point() {
    // No overlong forms: decoding is one to one, and the encoder writes
    // each sequence back.
    // The tables' two-byte code points: U+00A0..U+4015 and U+0080..U+207F.
    for (codec, count) in [(&UTF_1 as &dyn Both, 0x4015 - 0xA0 + 1), (&FSS_UTF_PROPOSAL_1992, 0x207F - 0x80 + 1)] {
        let mut seen = std::collections::HashMap::new();
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                let Some((v, 2)) = codec.front(&[a, b]) else { continue };
                assert_eq!(codec.encode_one(v), [a, b], "U+{v:X}");
                assert_eq!(seen.insert(v, [a, b]), None, "U+{v:X} twice");
            }
        }
        assert_eq!(seen.len(), count);
    }
}

/// A small seeded generator (xorshift64*), so that every run samples the
/// same values.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

#[test]
fn random_longer_inputs_agree_with_the_reference() {
    let (utf_1, fss) = (utf_1_table(), fss_table());
    // Bytes where the tables' ranges begin and end, and any byte.
    let edges = [0x00, 0x20, 0x21, 0x2B, 0x7E, 0x7F, 0x80, 0x9F, 0xA0, 0xA1, 0xBD, 0xBE, 0xF5, 0xF6, 0xF7, 0xFB, 0xFC];
    let mut rng = Rng(0x5EED_1992);
    for _ in 0..40_000 {
        let len = 3 + (rng.next() % 8) as usize;
        let input: Vec<u8> = (0..len)
            .map(|_| {
                let r = rng.next();
                if r & 1 == 0 { edges[(r >> 8) as usize % edges.len()] } else { (r >> 8) as u8 }
            })
            .collect();
        check_against_reference(&UTF_1, &utf_1, &input);
        check_against_reference(&FSS_UTF_PROPOSAL_1992, &fss, &input);
    }
}

/// The code points to sample: every row's first and last, give or take
/// three, and a seeded sample of 31-bit values.
fn samples(table: &[Row]) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::new();
    for row in table {
        for edge in [row.first, row.last] {
            out.extend((edge.saturating_sub(3)..=edge + 3).map(|v| v as u32));
        }
    }
    let mut rng = Rng(0x0031_B175);
    out.extend((0..20_000).map(|_| (rng.next() >> 33) as u32));
    // And as many within each row, where the rows are small.
    for row in table {
        out.extend((0..2_000).map(|_| (row.first + rng.next() % (row.last - row.first + 1)) as u32));
    }
    out
}

#[test]
fn sampled_code_points_agree_with_the_reference_both_ways() {
    for (codec, table) in [(&UTF_1 as &dyn Both, utf_1_table()), (&FSS_UTF_PROPOSAL_1992, fss_table())] {
        for v in samples(&table) {
            match reference_encode(&table, v) {
                Some(bytes) => {
                    assert_eq!(codec.encode_one(v), bytes, "U+{v:X}");
                    assert_eq!(codec.front(&bytes), Some((v, bytes.len())), "U+{v:X}");
                }
                None => assert!(v > 0x7FFF_FFFF && codec.refuses(v), "U+{v:X}"),
            }
        }
    }
}

#[test]
fn streaming_equals_one_shot_on_samples_and_errors() {
    for (codec, table) in [(&UTF_1 as &dyn Both, utf_1_table()), (&FSS_UTF_PROPOSAL_1992, fss_table())] {
        let points: Vec<u32> = samples(&table).into_iter().filter(|&v| v <= 0x7FFF_FFFF).take(60).collect();
        codec.check_streaming(&points);
    }
}

/// Both codecs as one type, for the loops over them.
trait Both {
    /// The code point and length of the sequence at the front, if well-formed.
    fn front(&self, input: &[u8]) -> Option<(u32, usize)>;
    fn encode_one(&self, v: u32) -> Vec<u8>;
    fn refuses(&self, v: u32) -> bool;
    fn check_streaming(&self, points: &[u32]);
}

impl<C: Codec + Decode<Point = CodePoint>> Both for C {
    fn front(&self, input: &[u8]) -> Option<(u32, usize)> {
        let item = self.items(input).next()?.ok()?;
        Some((item.point?.to_u32(), item.len))
    }

    fn encode_one(&self, v: u32) -> Vec<u8> {
        self.encode(&[CodePoint::new(v)]).unwrap()
    }

    fn refuses(&self, v: u32) -> bool {
        self.encode(&[CodePoint::new(v)]).is_err_and(|e| e.kind() == ErrorKind::OutOfRange)
    }

    fn check_streaming(&self, points: &[u32]) {
        let points: Vec<CodePoint> = points.iter().map(|&v| CodePoint::new(v)).collect();
        check_encode_splits(self, &points);
        let bytes = self.encode(&points).unwrap();
        for window in bytes.chunks(23) {
            check_decode_all(self, window);
        }
        // Damaged: each sequence's last byte replaced by one that ends it.
        let mut damaged = bytes.clone();
        for i in (7..damaged.len()).step_by(7) {
            damaged[i] = [0x0A, 0xFE, 0x7F, 0xF8][i % 4];
        }
        for window in damaged.chunks(23) {
            check_decode_all(self, window);
        }
    }
}
