//! Byte order: whether sorting strings by each codec's encoded bytes sorts
//! them in code point order, and in UTF-16 code-unit order (the order
//! CESU-8 exists to keep: Unicode Technical Report #26, "Compatibility
//! Encoding Scheme for UTF-16: 8-Bit (CESU-8)", section 1, "... the same
//! binary collation as UTF-16").
//!
//! The sample crosses the boundaries where the orders part: strings of one
//! and two code points drawn from the edges of each UTF-8 length, the
//! surrogate gap (U+D7FF, U+E000), U+FFFD, U+FFFF, U+10000 and the last
//! code point, so that a string and its extensions (prefixes) meet too,
//! plus the empty string and seeded pseudo-random scalar values. Both
//! reference orders are computed here from their definitions, not by any
//! codec. Every codec of the registry is measured, each on the strings it
//! encodes. Nothing here names a codec.

use std::cmp::Ordering;
use std::collections::BTreeSet;
use std::fmt::Write as _;

use codec_core::{CodePoint, DynCodec};
use serde_json::{Value, json};

use super::compute::par_map;
use super::props::hex;
use super::render::{csv_file, md_table, para, wrap, yes_no};

/// The code points the strings of the sample are made of: the edges of each
/// UTF-8 length, the surrogate gap, the top of the BMP, the first
/// supplementary code point and the last one.
pub const EDGES: &[u32] = &[
    0x0000, 0x0041, 0x007F, 0x0080, 0x00E9, 0x07FF, 0x0800, 0x20AC, 0xD7FF, 0xE000, 0xFEFF, 0xFFFD, 0xFFFF, 0x1_0000,
    0x1_F4A9, 0x10_FFFF,
];

/// How many pseudo-random scalar values join the sample, half in the BMP
/// and half above it.
pub const RANDOM: usize = 64;

/// The seed of the pseudo-random scalar values.
pub const SEED: u64 = 0x5EED_0F0D;

/// A pair of strings whose byte order disagrees with a reference order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counterexample {
    /// The first string (the smaller in the reference order).
    pub a: Vec<u32>,
    /// The second string.
    pub b: Vec<u32>,
    /// `a` encoded.
    pub a_bytes: Vec<u8>,
    /// `b` encoded.
    pub b_bytes: Vec<u8>,
}

impl Counterexample {
    /// The pair in words, `order` naming the reference order:
    /// `[U+10000] < [U+E000] in UTF-16 order, but bytes F0908080 > EE8080`.
    #[must_use]
    pub fn describe(&self, order: &str) -> String {
        let s = |points: &[u32]| {
            let inner: Vec<String> = points.iter().map(|&p| format!("U+{p:04X}")).collect();
            format!("[{}]", inner.join(" "))
        };
        let h = |bytes: &[u8]| if bytes.is_empty() { "(none)".to_owned() } else { hex(bytes).replace(' ', "") };
        let sign = match self.a_bytes.cmp(&self.b_bytes) {
            Ordering::Less => "<",
            Ordering::Equal => "=",
            Ordering::Greater => ">",
        };
        format!(
            "{} < {} in {order}, but bytes {} {sign} {}",
            s(&self.a),
            s(&self.b),
            h(&self.a_bytes),
            h(&self.b_bytes)
        )
    }
}

/// One codec's byte order compared with the two reference orders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    /// Strings of the sample the codec holds: it encodes each, and its
    /// decoder reads the bytes back as the string.
    pub strings: usize,
    /// Strings it refuses (left out of the pairs).
    pub unencodable: usize,
    /// Strings it encodes but does not read back as themselves (left out
    /// too: bytes that do not stand for the string say nothing of its
    /// order).
    pub unreadable: usize,
    /// Pairs of distinct encodable strings compared.
    pub pairs: usize,
    /// Pairs whose byte order is their code point order.
    pub code_point_agree: usize,
    /// Pairs whose byte order is their UTF-16 code-unit order.
    pub utf16_agree: usize,
    /// A shortest pair whose byte order is not their code point order.
    pub code_point_counterexample: Option<Counterexample>,
    /// A shortest pair whose byte order is not their UTF-16 order.
    pub utf16_counterexample: Option<Counterexample>,
}

impl Order {
    /// True when byte order is code point order on every pair (and there
    /// is a pair).
    #[must_use]
    pub fn is_code_point_order(&self) -> bool {
        self.pairs > 0 && self.code_point_agree == self.pairs
    }

    /// True when byte order is UTF-16 code-unit order on every pair (and
    /// there is a pair).
    #[must_use]
    pub fn is_utf16_order(&self) -> bool {
        self.pairs > 0 && self.utf16_agree == self.pairs
    }

    /// A verdict as the CSV file writes it: `yes`, `no`, or empty when no
    /// pair was compared (the codec holds fewer than two strings).
    fn verdict(&self, agree: usize) -> String {
        if self.pairs == 0 { String::new() } else { yes_no(agree == self.pairs) }
    }
}

/// The next value of a splitmix64 sequence.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The strings of the sample, in code point order: the empty string, each
/// of [`EDGES`] alone and followed by each (so every one-point string is a
/// prefix of some two-point ones), and [`RANDOM`] pseudo-random scalar
/// values alone.
#[must_use]
pub fn sample() -> Vec<Vec<u32>> {
    let mut set: BTreeSet<Vec<u32>> = BTreeSet::new();
    set.insert(Vec::new());
    for &a in EDGES {
        set.insert(vec![a]);
        for &b in EDGES {
            set.insert(vec![a, b]);
        }
    }
    let mut state = SEED;
    let mut added = 0;
    while added < RANDOM {
        let (lo, span) = if added % 2 == 0 { (0, 0x1_0000) } else { (0x1_0000, 0x10_0000) };
        let p = lo + u32::try_from(splitmix(&mut state) % span).expect("below 2^21");
        if (0xD800..0xE000).contains(&p) {
            continue;
        }
        set.insert(vec![p]);
        added += 1;
    }
    set.into_iter().collect()
}

/// The UTF-16 code units of code points up to U+10FFFF (Unicode chapter 3,
/// D91): a BMP code point (a surrogate included) as itself, a
/// supplementary one by the standard library's `char::encode_utf16`.
#[must_use]
pub fn utf16_units(points: &[u32]) -> Vec<u16> {
    let mut units = Vec::with_capacity(points.len());
    let mut buf = [0u16; 2];
    for &p in points {
        match u16::try_from(p) {
            Ok(unit) => units.push(unit),
            Err(_) => units.extend_from_slice(char::from_u32(p).expect("at most U+10FFFF").encode_utf16(&mut buf)),
        }
    }
    units
}

/// Keeps the shortest (then the first) counterexample.
fn keep(slot: &mut Option<Counterexample>, found: Counterexample) {
    let len = |c: &Counterexample| c.a.len() + c.b.len();
    if slot.as_ref().is_none_or(|old| len(&found) < len(old)) {
        *slot = Some(found);
    }
}

/// Compares one codec's byte order with code point order and UTF-16
/// code-unit order over every pair of distinct strings of `strings` it
/// encodes.
#[must_use]
pub fn measure(codec: &dyn DynCodec, strings: &[Vec<u32>]) -> Order {
    let mut encoded: Vec<(&[u32], Vec<u16>, Vec<u8>)> = Vec::new();
    let mut unencodable = 0;
    for s in strings {
        let points: Vec<CodePoint> = s.iter().map(|&p| CodePoint::new(p)).collect();
        match codec.encode(&points) {
            Ok(bytes) if codec.decode(&bytes).is_ok_and(|back| back == points) => {
                encoded.push((s, utf16_units(s), bytes));
            }
            Ok(_) => {}
            Err(_) => unencodable += 1,
        }
    }
    let mut order = Order {
        strings: encoded.len(),
        unencodable,
        unreadable: strings.len() - encoded.len() - unencodable,
        pairs: 0,
        code_point_agree: 0,
        utf16_agree: 0,
        code_point_counterexample: None,
        utf16_counterexample: None,
    };
    for (i, (a, a16, ab)) in encoded.iter().enumerate() {
        for (b, b16, bb) in &encoded[i + 1..] {
            order.pairs += 1;
            let bytes = ab.cmp(bb);
            // The pair, the smaller in `reference` first.
            let example = |reference: Ordering| {
                let (x, y) = if reference == Ordering::Greater { (b, a) } else { (a, b) };
                let (xb, yb) = if reference == Ordering::Greater { (bb, ab) } else { (ab, bb) };
                Counterexample { a: x.to_vec(), b: y.to_vec(), a_bytes: xb.clone(), b_bytes: yb.clone() }
            };
            let by_points = a.cmp(b);
            if bytes == by_points {
                order.code_point_agree += 1;
            } else {
                keep(&mut order.code_point_counterexample, example(by_points));
            }
            let by_units = a16.cmp(b16);
            if bytes == by_units {
                order.utf16_agree += 1;
            } else {
                keep(&mut order.utf16_counterexample, example(by_units));
            }
        }
    }
    order
}

/// The byte-order table: every codec's [`Order`].
#[derive(Debug, Clone)]
pub struct ByteOrder {
    /// The codecs, by name.
    pub codecs: Vec<&'static str>,
    /// The strings of the sample ([`sample`]).
    pub strings: usize,
    /// `[codec]`.
    pub rows: Vec<Order>,
}

/// Measures every codec of `codecs` over [`sample`], on every core; shows
/// the share done on stderr when `visible`.
#[must_use]
pub fn compute(codecs: &[&'static dyn DynCodec], visible: bool) -> ByteOrder {
    let strings = sample();
    let rows = par_map("matrix byte order", visible, codecs, |codec| measure(*codec, &strings));
    ByteOrder { codecs: codecs.iter().map(|c| c.info().name).collect(), strings: strings.len(), rows }
}

/// The names of the reference orders, as the tables write them.
const CODE_POINT_ORDER: &str = "code point order";
/// See [`CODE_POINT_ORDER`].
const UTF16_ORDER: &str = "UTF-16 order";

/// A counterexample in `matrix.json`.
fn counterexample_json(c: Option<&Counterexample>, order: &str) -> Value {
    c.map_or(Value::Null, |c| {
        let points = |p: &[u32]| p.iter().map(|p| format!("U+{p:04X}")).collect::<Vec<_>>();
        json!({
            "a": points(&c.a), "b": points(&c.b), "a_bytes": hex(&c.a_bytes), "b_bytes": hex(&c.b_bytes),
            "text": c.describe(order),
        })
    })
}

impl ByteOrder {
    /// The CSV file, by name: one row per codec.
    #[must_use]
    pub fn files(&self) -> Vec<(String, String)> {
        let example =
            |c: &Option<Counterexample>, order: &str| c.as_ref().map_or_else(String::new, |c| c.describe(order));
        let rows: Vec<Vec<String>> = self
            .rows
            .iter()
            .zip(&self.codecs)
            .map(|(r, name)| {
                vec![
                    (*name).to_owned(),
                    r.strings.to_string(),
                    r.unencodable.to_string(),
                    r.unreadable.to_string(),
                    r.pairs.to_string(),
                    r.code_point_agree.to_string(),
                    r.utf16_agree.to_string(),
                    r.verdict(r.code_point_agree),
                    r.verdict(r.utf16_agree),
                    example(&r.code_point_counterexample, CODE_POINT_ORDER),
                    example(&r.utf16_counterexample, UTF16_ORDER),
                ]
            })
            .collect();
        let header = [
            "codec",
            "strings",
            "unencodable",
            "unreadable",
            "pairs",
            "code_point_agree",
            "utf16_agree",
            "byte_order_is_code_point_order",
            "byte_order_is_utf16_order",
            "code_point_counterexample",
            "utf16_counterexample",
        ];
        vec![("order.csv".to_owned(), csv_file(&header, &rows))]
    }

    /// The JSON value of `matrix.json`'s `order`.
    #[must_use]
    pub fn json(&self) -> Value {
        let codecs: Vec<Value> = self
            .rows
            .iter()
            .zip(&self.codecs)
            .map(|(r, name)| {
                json!({
                    "codec": name, "strings": r.strings, "unencodable": r.unencodable,
                    "unreadable": r.unreadable, "pairs": r.pairs,
                    "code_point_agree": r.code_point_agree, "utf16_agree": r.utf16_agree,
                    "byte_order_is_code_point_order": (r.pairs > 0).then(|| r.is_code_point_order()),
                    "byte_order_is_utf16_order": (r.pairs > 0).then(|| r.is_utf16_order()),
                    "code_point_counterexample":
                        counterexample_json(r.code_point_counterexample.as_ref(), CODE_POINT_ORDER),
                    "utf16_counterexample": counterexample_json(r.utf16_counterexample.as_ref(), UTF16_ORDER),
                })
            })
            .collect();
        let edges: Vec<String> = EDGES.iter().map(|p| format!("U+{p:04X}")).collect();
        json!({ "edges": edges, "random": RANDOM, "seed": SEED, "strings": self.strings, "codecs": codecs })
    }

    /// The sample in words.
    fn about(&self) -> String {
        format!(
            "The sample: {} strings, the empty one, each of {} code points at the edges where the orders part \
             ({}) alone and followed by each, and {RANDOM} pseudo-random scalar values; every pair of distinct \
             strings a codec holds (encodes, and reads back as the string) is compared.",
            self.strings,
            EDGES.len(),
            EDGES.iter().map(|p| format!("U+{p:04X}")).collect::<Vec<_>>().join(" "),
        )
    }

    /// The codecs by verdict, with the first one's counterexample, as a
    /// list.
    fn verdicts(&self, o: &mut String) {
        // (title, byte order is code point order, is UTF-16 order).
        let kinds = [
            ("Code point order, not UTF-16 order", true, false),
            ("UTF-16 order, not code point order", false, true),
            ("Both orders, on the strings it holds (`strings` in `order.csv`)", true, true),
            ("Neither order", false, false),
        ];
        for (title, by_points, by_units) in kinds {
            let members: Vec<usize> = (0..self.rows.len())
                .filter(|&c| {
                    self.rows[c].pairs > 0
                        && (self.rows[c].is_code_point_order(), self.rows[c].is_utf16_order()) == (by_points, by_units)
                })
                .collect();
            let Some(&first) = members.first() else { continue };
            let names: Vec<String> = members.iter().map(|&c| format!("`{}`", self.codecs[c])).collect();
            let mut line = format!("* {title}: {}.", names.join(", "));
            let r = &self.rows[first];
            let example = if by_points {
                r.utf16_counterexample.as_ref().map(|c| (c, UTF16_ORDER))
            } else {
                r.code_point_counterexample.as_ref().map(|c| (c, CODE_POINT_ORDER))
            };
            if let Some((c, order)) = example {
                let _ = write!(line, " For `{}`: {}.", self.codecs[first], c.describe(order));
            }
            wrap(o, &line, "  ");
        }
        let none: Vec<String> = (0..self.rows.len())
            .filter(|&c| self.rows[c].pairs == 0)
            .map(|c| format!("`{}`", self.codecs[c]))
            .collect();
        if !none.is_empty() {
            let line = format!(
                "* No order: {} (it holds fewer than two strings of the sample: it reads its bytes back as \
                 other code points, or refuses them).",
                none.join(", ")
            );
            wrap(o, &line, "  ");
        }
        o.push('\n');
    }

    /// The README's summary: the codecs by verdict.
    #[must_use]
    pub fn summary(&self) -> String {
        let mut o = String::new();
        para(
            &mut o,
            "## 8. Byte order\n\nSorting strings by their encoded bytes: does it sort them in code point order, \
             or in UTF-16 code-unit order (CESU-8's reason to exist, Unicode TR #26)? The sample and the counts \
             per codec are in [`order.md`](order.md).",
        );
        self.verdicts(&mut o);
        o
    }

    /// The section of `order.md`: the sample, the counts per codec, the
    /// verdicts.
    #[must_use]
    pub fn section(&self) -> String {
        let mut o = String::new();
        para(
            &mut o,
            &format!(
                "Sorting strings by their encoded bytes: does it sort them in code point order, or in UTF-16 \
                 code-unit order (CESU-8's reason to exist, Unicode TR #26)? {} A shortest counterexample \
                 for every codec is in `order.csv`.",
                self.about()
            ),
        );
        let verdict = |agree: usize, pairs: usize| {
            if pairs == 0 {
                "-".to_owned()
            } else if agree == pairs {
                "yes".to_owned()
            } else {
                format!("no ({} pairs)", pairs - agree)
            }
        };
        let rows: Vec<Vec<String>> = self
            .rows
            .iter()
            .zip(&self.codecs)
            .map(|(r, name)| {
                vec![
                    format!("`{name}`"),
                    r.strings.to_string(),
                    r.pairs.to_string(),
                    verdict(r.code_point_agree, r.pairs),
                    verdict(r.utf16_agree, r.pairs),
                ]
            })
            .collect();
        md_table(&mut o, &["codec", "strings", "pairs", "code point order", "UTF-16 order"].map(str::to_owned), &rows);
        self.verdicts(&mut o);
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codec(name: &str) -> &'static dyn DynCodec {
        codec_registry::get(name).expect("registered")
    }

    /// True when one string of the pair is in U+E000..U+FFFF and the other
    /// starts with a supplementary code point, both after the same prefix:
    /// the one place UTF-16 order and code point order part (Unicode 3.9,
    /// "UTF-16 ... binary order ... differs from code point order" for
    /// supplementary characters against U+E000..U+FFFF).
    fn is_bmp_high_against_supplementary(c: &Counterexample) -> bool {
        let common = c.a.iter().zip(&c.b).take_while(|(x, y)| x == y).count();
        let (Some(&x), Some(&y)) = (c.a.get(common), c.b.get(common)) else { return false };
        let high = |p: u32| (0xE000..=0xFFFF).contains(&p);
        let supplementary = |p: u32| p >= 0x1_0000;
        (high(x) && supplementary(y)) || (supplementary(x) && high(y))
    }

    #[test]
    fn the_sample_crosses_the_boundaries_and_holds_prefixes() {
        let s = sample();
        // The empty string, 16 alone, 16 x 16 pairs, 64 random (none of
        // them an edge, else fewer).
        assert!(s.len() <= 1 + 16 + 256 + 64 && s.len() > 1 + 16 + 256 + 60, "{}", s.len());
        assert!(s.windows(2).all(|w| w[0] < w[1]), "sorted and distinct");
        for p in [0xE000, 0xFFFF, 0xFFFD, 0x1_0000] {
            assert!(s.contains(&vec![p]) && s.contains(&vec![p, p]));
        }
        assert!(s.iter().all(|x| x.iter().all(|&p| p <= 0x10_FFFF && !(0xD800..0xE000).contains(&p))));
        assert!(s.iter().any(|x| x.len() == 1 && x[0] > 0x1_0000 && !EDGES.contains(&x[0])));
    }

    #[test]
    fn utf16_units_follow_the_surrogate_formula() {
        // Unicode 3.9, table 3-5 and D91: U+10000 is D800 DC00, U+10FFFF
        // DBFF DFFF, U+1F4A9 D83D DCA9.
        assert_eq!(
            utf16_units(&[0x41, 0x1_0000, 0x10_FFFF, 0x1_F4A9]),
            [0x41, 0xD800, 0xDC00, 0xDBFF, 0xDFFF, 0xD83D, 0xDCA9]
        );
    }

    #[test]
    fn cesu8_sorts_as_utf16_and_utf8_as_code_points() {
        let strings = sample();
        let n = strings.len();
        // RFC 3629, section 1: "the byte-value lexicographic sorting order
        // of UTF-8 strings is the same as if ordered by character numbers",
        // not UTF-16's (supplementary before U+E000..U+FFFF there).
        let utf8 = measure(codec("utf-8"), &strings);
        assert_eq!((utf8.strings, utf8.pairs), (n, n * (n - 1) / 2));
        assert!(utf8.is_code_point_order() && !utf8.is_utf16_order(), "{utf8:?}");
        assert!(is_bmp_high_against_supplementary(utf8.utf16_counterexample.as_ref().expect("one")));
        // TR #26, section 1: CESU-8 has "the same binary collation as
        // UTF-16", and so not code point order.
        let cesu8 = measure(codec("cesu-8"), &strings);
        assert!(cesu8.is_utf16_order() && !cesu8.is_code_point_order(), "{cesu8:?}");
        let c = cesu8.code_point_counterexample.as_ref().expect("one");
        assert!(is_bmp_high_against_supplementary(c), "{}", c.describe("code point order"));
        // Both disagree on exactly the pairs where the orders part.
        assert_eq!(cesu8.code_point_agree, utf8.utf16_agree);
        // UTF-16BE's bytes are its code units, most significant first
        // (Unicode 3.10, D97): UTF-16 order. UTF-16LE's put the low byte
        // first: neither order (U+0100, 00 01, sorts before U+0041, 41 00).
        let be = measure(codec("utf-16be"), &strings);
        assert!(be.is_utf16_order() && !be.is_code_point_order(), "{be:?}");
        let le = measure(codec("utf-16le"), &strings);
        assert!(!le.is_utf16_order() && !le.is_code_point_order(), "{le:?}");
        assert_eq!(le.utf16_counterexample.as_ref().map(|c| c.a.len() + c.b.len()), Some(2));
    }

    #[test]
    fn a_counterexample_reads_as_the_pair_and_its_bytes() {
        let c = Counterexample {
            a: vec![0x1_0000],
            b: vec![0xE000],
            a_bytes: vec![0xF0, 0x90, 0x80, 0x80],
            b_bytes: vec![0xEE, 0x80, 0x80],
        };
        assert_eq!(c.describe("UTF-16 order"), "[U+10000] < [U+E000] in UTF-16 order, but bytes F0908080 > EE8080");
        let empty = Counterexample { a: vec![], b: vec![0x41], a_bytes: vec![], b_bytes: vec![0x41] };
        assert_eq!(empty.describe("x"), "[] < [U+0041] in x, but bytes (none) < 41");
    }
}
