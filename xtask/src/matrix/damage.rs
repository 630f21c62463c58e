//! Damage experiments: what one damaged byte costs a reader of each codec
//! (decision 0028), the Encoding Standard's legacy encodings too (decision
//! 0039).
//!
//! Excerpts of the corpus texts and of the texts by script are encoded by
//! each codec, damaged once at a seeded random place (a byte deleted,
//! inserted or substituted, a bit flipped, the bytes cut short), and read
//! back step by step. Both readings are lined up by the original's byte
//! offsets, so that each damage event gives the code points **lost** (an
//! original code point not read back as itself, at its place), the code
//! points **misread** (read, but as another code point or at a shifted
//! place), the errors, and the distance from the damage to where the
//! decoder is **back in step** (the first byte at or after the damage that
//! starts a sequence in both readings: from there on the two readings are
//! the same, byte for byte). The tables give the distributions (mean,
//! median, 90th and 99th percentile, maximum) per codec, kind of damage and
//! group of texts, beside the bound decision 0029 proves from the grammar.
//!
//! The events are drawn once, before any codec is met, so every codec is
//! damaged at the same texts, excerpts and random numbers; only where the
//! damage falls in its bytes differs. Nothing here names a codec.

use std::fmt::Write as _;

use codec_core::{BigCodePoint, CodePoint, DynCodec, Step};
use codec_registry::BigCodec;
use codec_test::generate::Rng;
use serde_json::{Value, json};

use super::chart::{self, small_multiples};
use super::compute::{Text, par_map, wide};
use super::props::Props;
use super::render::{csv_file, md_table, para, wrap};
use super::scripts::ScriptText;

/// Damage events per codec, kind of damage and group of texts.
pub const PER_CELL: usize = 500;

/// The length of an excerpt, in code points (a text shorter than this is
/// taken whole).
pub const EXCERPT: usize = 256;

/// Mixed into the seed, so that the damage draws differ from the other
/// tables' draws of the same seed.
const SEED_MIX: u64 = 0x6461_6D61_6765; // "damage"

/// A kind of damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// One byte removed.
    Delete,
    /// One random byte put before a byte.
    Insert,
    /// One byte replaced by another (any of the 255 others, alike).
    Substitute,
    /// One bit of one byte flipped.
    FlipBit,
    /// The bytes from one byte on cut off.
    Truncate,
}

impl Kind {
    /// Every kind, in the order of the tables.
    pub const ALL: [Kind; 5] = [Kind::Delete, Kind::Insert, Kind::Substitute, Kind::FlipBit, Kind::Truncate];

    /// The kind as the tables name it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Kind::Delete => "delete",
            Kind::Insert => "insert",
            Kind::Substitute => "substitute",
            Kind::FlipBit => "flip-bit",
            Kind::Truncate => "truncate",
        }
    }
}

/// The groups of texts, in the order of the tables.
pub const GROUPS: [&str; 2] = ["corpus", "scripts"];

/// The texts the events are drawn from: `[group][text]`, as code points.
#[derive(Debug, Clone, Default)]
pub struct Texts {
    /// The texts of each group of [`GROUPS`].
    pub groups: [Vec<Vec<CodePoint>>; 2],
}

impl Texts {
    /// The corpus texts of `texts` (the synthetic ones left out: they are
    /// built to part the codecs, not to be read) and the texts by script.
    #[must_use]
    pub fn new(texts: &[Text], scripts: &[ScriptText]) -> Self {
        Texts {
            groups: [
                texts.iter().filter(|t| !t.is_synthetic()).map(|t| t.points.clone()).collect(),
                scripts.iter().map(|t| t.contents.chars().map(CodePoint::from).collect()).collect(),
            ],
        }
    }
}

/// One damage event as drawn, before it meets a codec: which excerpt, and
/// the random numbers that place and shape the damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Draw {
    /// The group of texts ([`GROUPS`]).
    pub group: usize,
    /// The kind of damage.
    pub kind: Kind,
    /// The text, in its group.
    pub text: usize,
    /// The excerpt's first code point.
    pub start: usize,
    /// Places the damage: byte `position % half` of the codec's bytes.
    pub position: u64,
    /// Shapes it: the byte inserted, the substitute, the bit flipped.
    pub value: u64,
}

impl Draw {
    /// The excerpt of `texts` this event damages.
    #[must_use]
    pub fn excerpt<'a>(&self, texts: &'a Texts) -> &'a [CodePoint] {
        let text = &texts.groups[self.group][self.text];
        &text[self.start..text.len().min(self.start + EXCERPT)]
    }
}

/// Draws `per_cell` events for each group and kind from `seed`: a text of
/// the group, alike; an excerpt of it, alike among its starts; and two
/// random numbers. Groups without texts get none.
#[must_use]
pub fn draws(texts: &Texts, seed: u64, per_cell: usize) -> Vec<Draw> {
    let mut rng = Rng::new(seed ^ SEED_MIX);
    let mut out = Vec::new();
    for (group, of_group) in texts.groups.iter().enumerate() {
        if of_group.is_empty() {
            continue;
        }
        for kind in Kind::ALL {
            for _ in 0..per_cell {
                let text = rng.below(of_group.len());
                let start = rng.below(of_group[text].len().saturating_sub(EXCERPT) + 1);
                out.push(Draw { group, kind, text, start, position: rng.next_u64(), value: rng.next_u64() });
            }
        }
    }
    out
}

/// An excerpt's bytes after one damage event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Damaged {
    /// The kind of damage.
    pub kind: Kind,
    /// Where: the byte of the original deleted, substituted, flipped or
    /// first cut off, or before which a byte was inserted.
    pub at: usize,
    /// The length of the original.
    pub original_len: usize,
    /// The damaged bytes.
    pub bytes: Vec<u8>,
}

impl Damaged {
    /// Damages `original` as `draw` says: at byte `position % half` of the
    /// first half of the bytes (at least one byte after it, so that a
    /// decoder has bytes to get in step on; a cut keeps at least one byte);
    /// `None` for no bytes.
    #[must_use]
    pub fn new(original: &[u8], kind: Kind, position: u64, value: u64) -> Option<Damaged> {
        let n = original.len();
        if n == 0 {
            return None;
        }
        let half = u64::try_from((n / 2).max(1)).expect("a length fits in 64 bits");
        let at = usize::try_from(position % half).expect("below a length");
        let mut bytes = original.to_vec();
        // Truncation-to-u8 is the draw: the low byte of a uniform number.
        let byte = (value & 0xFF) as u8;
        let at = match kind {
            Kind::Delete => {
                bytes.remove(at);
                at
            }
            Kind::Insert => {
                bytes.insert(at, byte);
                at
            }
            Kind::Substitute => {
                // XOR with one of 1..=255, alike: any other byte, alike.
                let x = u8::try_from(1 + value % 255).expect("at most 255");
                bytes[at] ^= x;
                at
            }
            Kind::FlipBit => {
                bytes[at] ^= 1 << (value % 8);
                at
            }
            Kind::Truncate => {
                let cut = (at + 1).min(n);
                bytes.truncate(cut);
                cut
            }
        };
        Some(Damaged { kind, at, original_len: n, bytes })
    }

    /// The byte of the original that byte `i` of the damaged bytes is
    /// (`None`: the inserted byte).
    #[must_use]
    pub fn source(&self, i: usize) -> Option<usize> {
        match self.kind {
            Kind::Delete if i >= self.at => Some(i + 1),
            Kind::Insert if i == self.at => None,
            Kind::Insert if i > self.at => Some(i - 1),
            _ => Some(i),
        }
    }

    /// The first byte of the original after the damage: where the distance
    /// to being back in step is counted from (for a cut, the original's
    /// bytes from here on are gone).
    #[must_use]
    pub fn end(&self) -> usize {
        match self.kind {
            Kind::Delete | Kind::Substitute | Kind::FlipBit => self.at + 1,
            Kind::Insert | Kind::Truncate => self.at,
        }
    }

    /// The bytes of the original that damaged bytes `offset..offset + len`
    /// come from, as a range (the inserted byte comes from none; a range
    /// over the deleted byte holds it): `None` when they come from none.
    #[must_use]
    pub fn place(&self, offset: usize, len: usize) -> Option<(usize, usize)> {
        let first = (offset..offset + len).find_map(|i| self.source(i))?;
        let last = (offset..offset + len).rev().find_map(|i| self.source(i))?;
        Some((first, last + 1))
    }

    /// Whether the original's sequence at `offset` is compared: every one,
    /// but for a cut only those that start before it (what a cut removes
    /// whole depends only on where it falls, not on the codec).
    #[must_use]
    pub fn compares(&self, offset: usize) -> bool {
        self.kind != Kind::Truncate || offset < self.at
    }
}

/// One step of a reading: a sequence or an ill-formed subpart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// Its first byte.
    pub offset: usize,
    /// Its length in bytes.
    pub len: usize,
    /// The code point, or `None` for an ill-formed subpart (or a reserved
    /// sequence, which no code point stands for).
    pub point: Option<BigCodePoint>,
}

impl Piece {
    /// The offset just past it.
    #[must_use]
    pub fn end(&self) -> usize {
        self.offset + self.len
    }
}

/// Reads `bytes` step by step as `codec`'s decoder does at the end of its
/// input (a final incomplete sequence is one ill-formed subpart), with the
/// state of a stateful codec: a shift is no piece, and a sequence of two
/// code points (big5's) is two, the second of no bytes, as the core's
/// `Items` has them.
#[must_use]
pub fn read(codec: &dyn BigCodec, bytes: &[u8]) -> Vec<Piece> {
    let mut out = Vec::new();
    let (mut offset, mut state) = (0, 0);
    while offset < bytes.len() {
        let rest = &bytes[offset..];
        let (len, point, second) = match codec.decode_step_in(&mut state, rest, true) {
            Step::Point { point, len } => (len, Some(point), None),
            Step::Pair { point, second, len } => (len, Some(point), Some(second)),
            Step::Shift { len } => {
                offset += len.clamp(1, rest.len());
                continue;
            }
            Step::Reserved { len } | Step::Invalid { len, .. } => (len, None, None),
            Step::Incomplete => (rest.len(), None, None),
        };
        let len = len.clamp(1, rest.len());
        out.push(Piece { offset, len, point });
        offset += len;
        if let Some(second) = second {
            out.push(Piece { offset, len: 0, point: Some(second) });
        }
    }
    out
}

/// Where a decoder is back in step after the damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resync {
    /// In step this many bytes (of the original) after the damage.
    InStep(usize),
    /// Not before the end of the excerpt.
    Never,
    /// No byte follows the damage (a cut, or damage at the last byte).
    NothingAfter,
}

/// What one damage event cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// Code points of the original compared.
    pub compared: usize,
    /// Of those, the ones not read back as themselves at their place.
    pub lost: usize,
    /// Code points read that are not the original's at their place.
    pub misread: usize,
    /// Ill-formed subparts (and reserved sequences) read.
    pub errors: usize,
    /// Where the decoder is back in step.
    pub resync: Resync,
}

impl Outcome {
    /// True when the damage went unseen: the damaged bytes are well-formed.
    #[must_use]
    pub fn silent(&self) -> bool {
        self.errors == 0
    }
}

/// For each byte offset of the original (and its end), the index of the
/// piece of `original` that starts there.
#[must_use]
pub fn starts(original: &[Piece], len: usize) -> Vec<Option<usize>> {
    let mut at = vec![None; len + 1];
    for (i, piece) in original.iter().enumerate() {
        at[piece.offset] = Some(i);
    }
    at
}

/// Lines up the reading of the damaged bytes with the original's: an
/// original code point is kept when a piece of the damaged reading comes
/// from exactly its bytes and is the same code point.
#[must_use]
pub fn outcome(original: &[Piece], damaged: &Damaged, reading: &[Piece]) -> Outcome {
    let at = starts(original, damaged.original_len);
    let mut kept = vec![false; original.len()];
    let (mut misread, mut errors) = (0, 0);
    for piece in reading {
        let Some(point) = &piece.point else {
            errors += 1;
            continue;
        };
        let same = damaged.place(piece.offset, piece.len).and_then(|(a, b)| {
            let i = at[a]?;
            (original[i].end() == b && original[i].point.as_ref() == Some(point)).then_some(i)
        });
        match same {
            Some(i) => kept[i] = true,
            None => misread += 1,
        }
    }
    let compared = original.iter().filter(|p| damaged.compares(p.offset)).count();
    let kept = original.iter().zip(&kept).filter(|(p, k)| **k && damaged.compares(p.offset)).count();
    let end = damaged.end();
    let resync = if damaged.kind == Kind::Truncate || end >= damaged.original_len {
        Resync::NothingAfter
    } else {
        reading
            .iter()
            .filter_map(|piece| damaged.source(piece.offset))
            .find(|&s| s >= end && s < damaged.original_len && at[s].is_some())
            .map_or(Resync::Never, |s| Resync::InStep(s - end))
    };
    Outcome { compared, lost: compared - kept, misread, errors, resync }
}

/// One codec's encoding of a draw's excerpt, damaged, and both readings;
/// `None` when the codec cannot encode the excerpt.
#[derive(Debug, Clone)]
pub struct Event {
    /// The reading of the excerpt's bytes.
    pub original_reading: Vec<Piece>,
    /// The damage.
    pub damaged: Damaged,
    /// The reading of the damaged bytes.
    pub reading: Vec<Piece>,
}

impl Event {
    /// Encodes `draw`'s excerpt with `codec` (fatal mode), damages it and
    /// reads both (`big`: the codec over big code points, [`wide`]); `None`
    /// when the codec does not hold the excerpt: it cannot encode it, or
    /// its decoder does not read the bytes back as the excerpt (the
    /// Encoding Standard's replacement reads one error in any bytes).
    #[must_use]
    pub fn new(codec: &dyn DynCodec, big: &dyn BigCodec, texts: &Texts, draw: &Draw) -> Option<Event> {
        let excerpt = draw.excerpt(texts);
        let original = codec.encode(excerpt).ok()?;
        let original_reading = read(big, &original);
        let holds = original_reading
            .iter()
            .map(|p| p.point.as_ref().and_then(BigCodePoint::to_u64))
            .eq(excerpt.iter().map(|c| Some(u64::from(c.to_u32()))));
        if !holds {
            return None;
        }
        let damaged = Damaged::new(&original, draw.kind, draw.position, draw.value)?;
        let reading = read(big, &damaged.bytes);
        Some(Event { original_reading, damaged, reading })
    }

    /// What the damage cost.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        outcome(&self.original_reading, &self.damaged, &self.reading)
    }
}

/// A distribution over events: mean, median, 90th and 99th percentile (by
/// nearest rank) and maximum.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Dist {
    /// The mean.
    pub mean: f64,
    /// The median (the lower middle value).
    pub median: usize,
    /// The 90th percentile.
    pub p90: usize,
    /// The 99th percentile.
    pub p99: usize,
    /// The maximum.
    pub max: usize,
}

impl Dist {
    /// The distribution of `values`; `None` for none.
    #[must_use]
    pub fn of(mut values: Vec<usize>) -> Option<Dist> {
        if values.is_empty() {
            return None;
        }
        values.sort_unstable();
        let n = values.len();
        // Nearest rank: the smallest value with at least q of the values at
        // or below it.
        let rank = |q: usize| values[(n * q).div_ceil(100).clamp(1, n) - 1];
        Some(Dist {
            mean: values.iter().sum::<usize>() as f64 / n as f64,
            median: rank(50),
            p90: rank(90),
            p99: rank(99),
            max: values[n - 1],
        })
    }

    /// The five numbers as the CSV file writes them.
    fn fields(d: Option<&Dist>) -> [String; 5] {
        d.map_or_else(Default::default, |d| {
            [mean(d.mean), d.median.to_string(), d.p90.to_string(), d.p99.to_string(), d.max.to_string()]
        })
    }

    /// `mean, p90, max` as the pages print them.
    fn short(d: Option<&Dist>) -> String {
        d.map_or_else(|| "-".to_owned(), |d| format!("{} {} {}", mean(d.mean), d.p90, d.max))
    }

    /// As JSON.
    fn json(d: Option<&Dist>) -> Value {
        d.map_or(
            Value::Null,
            |d| json!({ "mean": mean_json(d.mean), "median": d.median, "p90": d.p90, "p99": d.p99, "max": d.max }),
        )
    }
}

/// A mean to two decimals.
fn mean(x: f64) -> String {
    format!("{x:.2}")
}

/// A mean to two decimals, as a JSON number.
fn mean_json(x: f64) -> Value {
    mean(x).parse::<f64>().map_or(Value::Null, |x| json!(x))
}

/// The events of one codec, kind and group, summed up.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    /// Events (draws whose excerpt the codec encodes).
    pub events: usize,
    /// Events whose damaged bytes are well-formed (no error read).
    pub silent: usize,
    /// Code points compared, over all events.
    pub compared: usize,
    /// Code points lost per event.
    pub lost: Option<Dist>,
    /// Code points misread per event.
    pub misread: Option<Dist>,
    /// Errors per event.
    pub errors: Option<Dist>,
    /// Events with bytes after the damage where the decoder got back in
    /// step before the end of the excerpt.
    pub in_step: usize,
    /// Events with bytes after the damage where it did not.
    pub never: usize,
    /// Bytes from the damage to where it is back in step, over the
    /// `in_step` events.
    pub resync: Option<Dist>,
}

impl Cell {
    /// Sums up `outcomes`.
    #[must_use]
    pub fn of(outcomes: &[Outcome]) -> Cell {
        let pick = |f: fn(&Outcome) -> usize| Dist::of(outcomes.iter().map(f).collect());
        let distances: Vec<usize> = outcomes
            .iter()
            .filter_map(|o| match o.resync {
                Resync::InStep(d) => Some(d),
                Resync::Never | Resync::NothingAfter => None,
            })
            .collect();
        Cell {
            events: outcomes.len(),
            silent: outcomes.iter().filter(|o| o.silent()).count(),
            compared: outcomes.iter().map(|o| o.compared).sum(),
            lost: pick(|o| o.lost),
            misread: pick(|o| o.misread),
            errors: pick(|o| o.errors),
            in_step: distances.len(),
            never: outcomes.iter().filter(|o| o.resync == Resync::Never).count(),
            resync: Dist::of(distances),
        }
    }
}

/// The bound decision 0029 proves from a codec's grammar: how far back a
/// reader started anywhere finds a boundary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// At most this many bytes back.
    Bytes(usize),
    /// Lead and continuation bytes are apart, but items have no longest.
    Unbounded,
    /// Some byte value both starts and continues an item: no bound.
    None,
    /// The codec holds no code point (its decoder reads none of its
    /// encodings back): there are no items to find.
    Nothing,
    /// Not computed (the properties were not asked for).
    Unknown,
}

impl Bound {
    /// The bound of measured properties.
    #[must_use]
    pub fn of(p: &Props) -> Bound {
        if p.held == 0 {
            return Bound::Nothing;
        }
        match p.byte_classes {
            Ok(Some(k)) => Bound::Bytes(k),
            Ok(None) => Bound::Unbounded,
            Err(_) => Bound::None,
        }
    }

    /// The word of `sync_bound` in `properties.csv`.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Bound::Bytes(_) => "bytes",
            Bound::Unbounded => "unbounded",
            Bound::None => "none",
            Bound::Nothing => "nothing",
            Bound::Unknown => "unknown",
        }
    }

    /// As the pages print it.
    fn short(self) -> String {
        match self {
            Bound::Bytes(k) => format!("≤{k}"),
            other => other.word().to_owned(),
        }
    }
}

/// The damage tables.
#[derive(Debug, Clone)]
pub struct DamageTable {
    /// The codecs, by name.
    pub codecs: Vec<&'static str>,
    /// Each codec's proven bound.
    pub bounds: Vec<Bound>,
    /// How many texts each group has.
    pub texts: [usize; 2],
    /// Events drawn per codec, kind and group.
    pub per_cell: usize,
    /// The seed the events were drawn from.
    pub seed: u64,
    /// `[codec][group][kind]`, kinds in the order of [`Kind::ALL`].
    pub cells: Vec<[[Cell; 5]; 2]>,
}

/// The outcomes of `draws` on one codec, in the order of `draws` (a draw
/// whose excerpt the codec cannot encode has none).
#[must_use]
pub fn outcomes(codec: &dyn DynCodec, texts: &Texts, draws: &[Draw]) -> Vec<(Draw, Outcome)> {
    let big = wide(codec);
    draws.iter().filter_map(|d| Some((*d, Event::new(codec, &*big, texts, d)?.outcome()))).collect()
}

/// Runs every draw on every codec of `codecs`, on every core; `properties`
/// (one per codec, or none when not computed) gives the proven bounds.
/// Shows the share done on stderr when `visible`.
#[must_use]
pub fn compute(
    codecs: &[&'static dyn DynCodec],
    texts: &Texts,
    properties: &[Props],
    seed: u64,
    per_cell: usize,
    visible: bool,
) -> DamageTable {
    let draws = draws(texts, seed, per_cell);
    let jobs: Vec<(usize, usize)> = (0..codecs.len()).flat_map(|c| (0..2).map(move |g| (c, g))).collect();
    let done = par_map("matrix damage experiments", visible, &jobs, |&(c, g)| {
        let mine: Vec<Draw> = draws.iter().filter(|d| d.group == g).copied().collect();
        let all = outcomes(codecs[c], texts, &mine);
        Kind::ALL.map(|kind| {
            let of_kind: Vec<Outcome> = all.iter().filter(|(d, _)| d.kind == kind).map(|(_, o)| *o).collect();
            Cell::of(&of_kind)
        })
    });
    let mut cells = Vec::new();
    let mut it = done.into_iter();
    for _ in codecs {
        let corpus = it.next().expect("one job per codec and group");
        let scripts = it.next().expect("one job per codec and group");
        cells.push([corpus, scripts]);
    }
    DamageTable {
        codecs: codecs.iter().map(|c| c.info().name).collect(),
        bounds: (0..codecs.len()).map(|c| properties.get(c).map_or(Bound::Unknown, Bound::of)).collect(),
        texts: [texts.groups[0].len(), texts.groups[1].len()],
        per_cell,
        seed,
        cells,
    }
}

/// How a codec's decoder got back in step over every damage event with
/// bytes after the damage (every kind but a cut, both groups of texts):
/// what the properties table states as its measured self-synchronization.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InStep {
    /// Events with bytes after the damage.
    pub events: usize,
    /// Of those, the events whose decoder was not back in step before the
    /// end of the excerpt.
    pub never: usize,
    /// The longest distance, in bytes, of the others (`None`: none got back
    /// in step).
    pub within: Option<usize>,
}

impl InStep {
    /// In a few characters: `≤3`, `never 12%` (of the events), `-` (none).
    #[must_use]
    pub fn short(&self) -> String {
        if self.never > 0 {
            format!("never {}%", (self.never * 100).div_ceil(self.events.max(1)))
        } else {
            self.within.map_or_else(|| "-".to_owned(), |m| format!("≤{m}"))
        }
    }
}

impl DamageTable {
    /// How codec `name`'s decoder got back in step ([`InStep`]); `None`
    /// when the table does not have it.
    #[must_use]
    pub fn in_step(&self, name: &str) -> Option<InStep> {
        let c = self.codecs.iter().position(|n| *n == name)?;
        let (within, never) = self.worst(c);
        let events = self.cells[c].iter().flatten().map(|cell| cell.in_step + cell.never).sum();
        Some(InStep { events, never, within })
    }

    /// The largest distance to being back in step over every kind and group
    /// of codec `c`, and whether some event never got in step.
    #[must_use]
    pub fn worst(&self, c: usize) -> (Option<usize>, usize) {
        let cells = self.cells[c].iter().flatten();
        let max = cells.clone().filter_map(|cell| cell.resync.map(|d| d.max)).max();
        (max, cells.map(|cell| cell.never).sum())
    }

    /// The codecs whose measured distance to being back in step exceeds
    /// their proven bound, in words: none, when the proof and the
    /// measurement agree.
    #[must_use]
    pub fn past_the_bound(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (c, bound) in self.bounds.iter().enumerate() {
            let Bound::Bytes(k) = *bound else { continue };
            let (max, never) = self.worst(c);
            if max.is_some_and(|m| m > k) || never > 0 {
                out.push(format!("{}: in step within {max:?}, never {never} times, bound {k}", self.codecs[c]));
            }
        }
        out
    }

    /// The CSV file, by name: one row per group, codec and kind.
    #[must_use]
    pub fn files(&self) -> Vec<(String, String)> {
        let mut rows = Vec::new();
        for (g, group) in GROUPS.iter().enumerate() {
            for (c, name) in self.codecs.iter().enumerate() {
                for (k, kind) in Kind::ALL.iter().enumerate() {
                    let cell = &self.cells[c][g][k];
                    let mut r = vec![(*group).to_owned(), (*name).to_owned(), kind.name().to_owned()];
                    r.extend([cell.events, cell.silent, cell.compared].map(|n| n.to_string()));
                    r.extend(Dist::fields(cell.lost.as_ref()));
                    r.extend(Dist::fields(cell.misread.as_ref()));
                    r.push(cell.errors.map_or_else(String::new, |d| mean(d.mean)));
                    r.extend([cell.in_step, cell.never].map(|n| n.to_string()));
                    r.extend(Dist::fields(cell.resync.as_ref()));
                    r.push(self.bounds[c].word().to_owned());
                    r.push(match self.bounds[c] {
                        Bound::Bytes(k) => k.to_string(),
                        _ => String::new(),
                    });
                    rows.push(r);
                }
            }
        }
        let header = [
            "group",
            "codec",
            "damage",
            "events",
            "silent",
            "code_points",
            "lost_mean",
            "lost_median",
            "lost_p90",
            "lost_p99",
            "lost_max",
            "misread_mean",
            "misread_median",
            "misread_p90",
            "misread_p99",
            "misread_max",
            "errors_mean",
            "in_step",
            "never_in_step",
            "resync_mean",
            "resync_median",
            "resync_p90",
            "resync_p99",
            "resync_max",
            "sync_bound",
            "sync_bytes_back",
        ];
        vec![("damage.csv".to_owned(), csv_file(&header, &rows))]
    }

    /// The JSON value of `matrix.json`'s `damage`.
    #[must_use]
    pub fn json(&self) -> Value {
        let mut cells = Vec::new();
        for (g, group) in GROUPS.iter().enumerate() {
            for (c, name) in self.codecs.iter().enumerate() {
                for (k, kind) in Kind::ALL.iter().enumerate() {
                    let cell = &self.cells[c][g][k];
                    cells.push(json!({
                        "group": group, "codec": name, "damage": kind.name(), "events": cell.events,
                        "silent": cell.silent, "code_points": cell.compared,
                        "lost": Dist::json(cell.lost.as_ref()), "misread": Dist::json(cell.misread.as_ref()),
                        "errors": Dist::json(cell.errors.as_ref()), "in_step": cell.in_step,
                        "never_in_step": cell.never, "resync_bytes": Dist::json(cell.resync.as_ref()),
                    }));
                }
            }
        }
        let bounds: Vec<Value> = self
            .codecs
            .iter()
            .zip(&self.bounds)
            .map(|(name, b)| {
                let bytes = match b {
                    Bound::Bytes(k) => json!(k),
                    _ => Value::Null,
                };
                json!({ "codec": name, "sync_bound": b.word(), "sync_bytes_back": bytes })
            })
            .collect();
        let groups: Vec<Value> =
            GROUPS.iter().zip(self.texts).map(|(g, n)| json!({ "group": g, "texts": n })).collect();
        json!({
            "seed": self.seed, "events_per_cell": self.per_cell, "excerpt_code_points": EXCERPT,
            "kinds": Kind::ALL.map(Kind::name), "groups": groups, "bounds": bounds, "cells": cells,
        })
    }

    /// A chart of `pick` per event, one panel per kind of `kinds`, one row
    /// per codec and group, every panel on one scale: the bar is the mean,
    /// the whisker runs from the median to the 99th percentile.
    fn chart(&self, title: &str, dash: &str, kinds: &[Kind], pick: fn(&Cell) -> Option<Dist>) -> String {
        let mut rows = Vec::new();
        let mut cells = Vec::new();
        for (c, name) in self.codecs.iter().enumerate() {
            for (g, group) in GROUPS.iter().enumerate() {
                if self.texts[g] == 0 {
                    continue;
                }
                rows.push(format!("{name} · {group}"));
                cells.push(
                    Kind::ALL
                        .iter()
                        .zip(&self.cells[c][g])
                        .filter(|(kind, _)| kinds.contains(kind))
                        .map(|(_, cell)| {
                            pick(cell).map(|d| chart::Cell {
                                value: d.mean,
                                low: Some(d.median as f64),
                                high: Some(d.p99 as f64),
                                label: mean(d.mean),
                            })
                        })
                        .collect(),
                );
            }
        }
        let columns: Vec<String> = kinds.iter().map(|k| k.name().to_owned()).collect();
        small_multiples(
            title,
            &format!(
                "{} events per codec, kind and group; bar and number: mean; whisker: median to p99; one scale \
                 for all panels; –: {dash}",
                self.per_cell
            ),
            &rows,
            &columns,
            &cells,
            chart::Scale::Shared,
        )
    }

    /// The charts, by file name.
    #[must_use]
    pub fn svgs(&self) -> Vec<(String, String)> {
        vec![
            (
                "damage-lost.svg".to_owned(),
                self.chart("Damage: code points lost per event", "no excerpt the codec holds", &Kind::ALL, |c| c.lost),
            ),
            (
                "damage-resync.svg".to_owned(),
                // A cut leaves no bytes to get back in step on: no panel.
                self.chart(
                    "Damage: bytes from the damage until the decoder is back in step",
                    "no event back in step; no panel for a cut (no bytes after it)",
                    &[Kind::Delete, Kind::Insert, Kind::Substitute, Kind::FlipBit],
                    |c| c.resync,
                ),
            ),
        ]
    }

    /// The method in a paragraph.
    fn method(&self) -> String {
        format!(
            "Excerpts of {EXCERPT} code points of the corpus texts ({} texts) and of the texts by script ({} texts) \
             are encoded by each codec and damaged once, at a byte drawn from the first half of the excerpt's \
             bytes: a byte deleted, a random byte inserted, a byte replaced by another, a bit flipped, or the \
             bytes cut off from there on. {} events per codec, kind and group, drawn from seed {} (`--seed`), \
             the same draws for every codec. The damaged bytes are read and lined up with the original by its \
             byte offsets: *lost* counts the original's code points not read back as themselves at their \
             place, *misread* the code points read that are not the original's at their place, and *in step* \
             the bytes from the damage to the first byte that starts a sequence in both readings (from there \
             on they are the same); *never* when that does not happen before the end of the excerpt. A cut \
             compares only the code points that start before it. Definitions: decision 0028.",
            self.texts[0], self.texts[1], self.per_cell, self.seed
        )
    }

    /// The README's summary: per codec, the mean code points lost per event
    /// of each kind (corpus texts) and the worst distance to being back in
    /// step beside the proven bound.
    #[must_use]
    pub fn summary(&self) -> String {
        let mut o = String::new();
        para(
            &mut o,
            "## 9. Damage\n\nOne damaged byte in an excerpt of real text: the mean code points lost per event \
             (corpus texts), how far the decoder reads before it is back in step at worst (over every kind of \
             damage and both groups of texts, `never`: not before the end of the excerpt, with the share of \
             such events), and the bound decision 0029 proves from the grammar. Every distribution (median, \
             percentiles, misread code points, the texts by script) is in [`damage.md`](damage.md) and the \
             charts [`damage-lost.svg`](damage-lost.svg) and [`damage-resync.svg`](damage-resync.svg).",
        );
        let g = usize::from(self.texts[0] == 0);
        let mut header = vec!["codec".to_owned()];
        header.extend(Kind::ALL.iter().map(|k| k.name().to_owned()));
        header.extend(["in step".to_owned(), "bound".to_owned()]);
        let rows: Vec<Vec<String>> = (0..self.codecs.len())
            .map(|c| {
                let mut r = vec![format!("`{}`", self.codecs[c])];
                r.extend(
                    self.cells[c][g].iter().map(|cell| cell.lost.map_or_else(|| "-".to_owned(), |d| mean(d.mean))),
                );
                r.push(self.in_step_short(c));
                r.push(self.bounds[c].short());
                r
            })
            .collect();
        md_table(&mut o, &header, &rows);
        self.findings(&mut o);
        o
    }

    /// The worst distance to being back in step of codec `c` in a few
    /// characters: `≤3`, or `never 12%` (of the events with bytes after the
    /// damage).
    fn in_step_short(&self, c: usize) -> String {
        self.in_step(self.codecs[c]).map_or_else(|| "-".to_owned(), |s| s.short())
    }

    /// What the data say of codec `c`, which has no finite proven bound:
    /// after which kinds of damage its decoder never got back in step, how
    /// far it read at worst after the others, and the most code points one
    /// event made it misread.
    fn without_bound(&self, c: usize) -> String {
        let mut what = (if self.bounds[c] == Bound::None {
            "no bound (some byte both starts and continues a sequence)"
        } else {
            "no finite bound (items of any length)"
        })
        .to_owned();
        let kinds = |pick: &dyn Fn(&Cell) -> bool| -> Vec<&'static str> {
            Kind::ALL
                .iter()
                .enumerate()
                .filter(|&(k, _)| self.cells[c].iter().any(|g| pick(&g[k])))
                .map(|(_, kind)| kind.name())
                .collect()
        };
        let never = kinds(&|cell| cell.never > 0);
        let total: usize = self.cells[c].iter().flatten().map(|cell| cell.never).sum();
        if !never.is_empty() {
            let of: usize = Kind::ALL
                .iter()
                .enumerate()
                .filter(|(_, kind)| never.contains(&kind.name()))
                .map(|(k, _)| self.cells[c].iter().map(|g| g[k].events).sum::<usize>())
                .sum();
            let _ = write!(
                what,
                "; never back in step before the end of the excerpt after {} ({total} of {of} events)",
                never.join(", ")
            );
        }
        if let (Some(m), _) = self.worst(c) {
            let _ = write!(what, "; back in step within {m} bytes at worst");
            if !never.is_empty() {
                what.push_str(" after the others");
            }
        }
        let misread = Kind::ALL
            .iter()
            .enumerate()
            .filter_map(|(k, kind)| {
                Some((self.cells[c].iter().filter_map(|g| g[k].misread.map(|d| d.max)).max()?, kind))
            })
            .max_by_key(|(m, _)| *m);
        if let Some((m, kind)) = misread.filter(|(m, _)| *m > 0) {
            let points = if m == 1 { "code point" } else { "code points" };
            let _ = write!(what, "; up to {m} {points} misread after one event ({})", kind.name());
        }
        what
    }

    /// What the data say of the codecs with no proven bound, and whether any
    /// measurement went past a proven one, as a list.
    fn findings(&self, o: &mut String) {
        let within: Vec<String> = (0..self.codecs.len())
            .filter(|&c| matches!(self.bounds[c], Bound::Bytes(_)))
            .map(|c| format!("`{}`", self.codecs[c]))
            .collect();
        let past = self.past_the_bound();
        if !within.is_empty() {
            let line = if past.is_empty() {
                format!(
                    "* Within the proven bound on every event: {}. A test checks that no measured distance \
                     exceeds it.",
                    within.join(", ")
                )
            } else {
                format!("* Past the proven bound: {}.", past.join("; "))
            };
            wrap(o, &line, "  ");
        }
        // The codecs without a finite bound, those the data describe alike
        // in one line.
        let mut lines: Vec<(Vec<String>, String)> = Vec::new();
        for (c, name) in self.codecs.iter().enumerate() {
            if self.cells[c].iter().flatten().all(|cell| cell.events == 0) {
                let what = "no event: it holds no excerpt (it cannot encode one, or does not read its bytes back)";
                match lines.iter_mut().find(|(_, w)| *w == what) {
                    Some((names, _)) => names.push(format!("`{name}`")),
                    None => lines.push((vec![format!("`{name}`")], what.to_owned())),
                }
                continue;
            }
            if matches!(self.bounds[c], Bound::Bytes(_) | Bound::Unknown) {
                continue;
            }
            let what = self.without_bound(c);
            match lines.iter_mut().find(|(_, w)| *w == what) {
                Some((names, _)) => names.push(format!("`{name}`")),
                None => lines.push((vec![format!("`{name}`")], what)),
            }
        }
        for (names, what) in lines {
            wrap(o, &format!("* {}: {what}.", names.join(", ")), "  ");
        }
        o.push('\n');
    }

    /// The section of `damage.md`: the method, the damage no decoder can
    /// see, then one table per kind.
    #[must_use]
    pub fn section(&self) -> String {
        let mut o = String::new();
        para(
            &mut o,
            &format!("{} Every number, the events of each cell among them, is in `damage.csv`.", self.method()),
        );
        self.findings(&mut o);
        para(
            &mut o,
            "### Silent damage\n\nThe share of events whose damaged bytes are well-formed, so that no decoder \
             can tell that anything happened (both groups of texts):",
        );
        let mut header = vec!["codec".to_owned()];
        header.extend(Kind::ALL.iter().map(|k| k.name().to_owned()));
        let rows: Vec<Vec<String>> = (0..self.codecs.len())
            .map(|c| {
                let mut r = vec![format!("`{}`", self.codecs[c])];
                r.extend((0..Kind::ALL.len()).map(|k| {
                    let (silent, events) =
                        self.cells[c].iter().fold((0, 0), |(s, e), g| (s + g[k].silent, e + g[k].events));
                    (silent * 100).checked_div(events).map_or_else(|| "-".to_owned(), |pc| format!("{pc}%"))
                }));
                r
            })
            .collect();
        md_table(&mut o, &header, &rows);
        para(
            &mut o,
            "Each cell below gives the mean, the 90th percentile and the maximum per event (`mean p90 max`); \
             *in step* is in bytes, over the events whose decoder got back in step, and *never* counts the \
             others (a cut leaves no bytes after it).",
        );
        for (k, kind) in Kind::ALL.iter().enumerate() {
            let _ = writeln!(o, "### {}\n", kind.name());
            let header: Vec<String> =
                ["codec", "texts", "lost", "misread", "in step", "never"].map(str::to_owned).to_vec();
            let mut rows = Vec::new();
            for (c, name) in self.codecs.iter().enumerate() {
                for (g, group) in GROUPS.iter().enumerate() {
                    if self.texts[g] == 0 {
                        continue;
                    }
                    let cell = &self.cells[c][g][k];
                    rows.push(vec![
                        format!("`{name}`"),
                        (*group).to_owned(),
                        Dist::short(cell.lost.as_ref()),
                        Dist::short(cell.misread.as_ref()),
                        Dist::short(cell.resync.as_ref()),
                        cell.never.to_string(),
                    ]);
                }
            }
            md_table(&mut o, &header, &rows);
        }
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codec(name: &str) -> &'static dyn DynCodec {
        codec_registry::get(name).expect("registered")
    }

    /// The outcome of damaging `original` in `codec` as given.
    fn damage(name: &str, original: &[u8], kind: Kind, position: u64, value: u64) -> (Damaged, Outcome) {
        let big = wide(codec(name));
        let damaged = Damaged::new(original, kind, position, value).expect("bytes");
        let o = outcome(&read(&*big, original), &damaged, &read(&*big, &damaged.bytes));
        (damaged, o)
    }

    // The expected values below are worked out by hand from RFC 3629's
    // table (section 4) and the Unicode Standard's maximal subparts (3.9,
    // U+FFFD substitution), and from RFC 2781's UTF-16 code units. Each
    // text ends in "zzzz" so that the damage can fall where it is wanted
    // (in the first half of the bytes).

    #[test]
    fn a_substituted_continuation_byte_costs_its_code_point_and_reads_what_it_became() {
        // a é € b: 61 | C3 A9 | E2 82 AC | 62. Byte 4 (82) XOR C3 = 41:
        // 61 C3 A9 E2 41 AC 62 reads a é [E2] A [AC] b.
        let bytes = "a\u{E9}\u{20AC}bzzzz".as_bytes();
        let (d, o) = damage("utf-8", bytes, Kind::Substitute, 4, 0xC3 - 1);
        assert_eq!(d.bytes[..7], [0x61, 0xC3, 0xA9, 0xE2, 0x41, 0xAC, 0x62]);
        // € lost, A misread, two subparts, and the decoder starts the
        // original's sequence b one byte after the damaged byte (AC is no
        // original start).
        assert_eq!(o, Outcome { compared: 8, lost: 1, misread: 1, errors: 2, resync: Resync::InStep(1) });
    }

    #[test]
    fn a_deleted_lead_byte_leaves_a_stray_continuation_byte() {
        // Delete C3 of é: 61 A9 E2 82 AC 62 reads a [A9] € b; € starts an
        // original sequence one byte after the deleted byte.
        let (d, o) = damage("utf-8", "a\u{E9}\u{20AC}bzzzz".as_bytes(), Kind::Delete, 1, 0);
        assert_eq!(d.bytes[..6], [0x61, 0xA9, 0xE2, 0x82, 0xAC, 0x62]);
        assert_eq!((d.source(1), d.source(2), d.end()), (Some(2), Some(3), 2));
        assert_eq!(o, Outcome { compared: 8, lost: 1, misread: 0, errors: 1, resync: Resync::InStep(1) });
    }

    #[test]
    fn an_inserted_byte_between_sequences_costs_nothing_but_an_error() {
        // 80 before é: 61 80 C3 A9 reads a [80] é, é at its place.
        let (d, o) = damage("utf-8", "a\u{E9}zzzz".as_bytes(), Kind::Insert, 1, 0x80);
        assert_eq!(d.bytes[..4], [0x61, 0x80, 0xC3, 0xA9]);
        assert_eq!(d.source(1), None);
        assert_eq!(o, Outcome { compared: 6, lost: 0, misread: 0, errors: 1, resync: Resync::InStep(0) });
    }

    #[test]
    fn a_cut_costs_the_code_point_it_splits() {
        // Cut after 61 C3 of "aé": a [C3, truncated]; é started before the
        // cut and is lost; the z's, cut whole, are not compared; nothing
        // follows the damage.
        let (d, o) = damage("utf-8", "a\u{E9}zzzz".as_bytes(), Kind::Truncate, 1, 0);
        assert_eq!(d.bytes, [0x61, 0xC3]);
        assert_eq!(o, Outcome { compared: 2, lost: 1, misread: 0, errors: 1, resync: Resync::NothingAfter });
    }

    #[test]
    fn utf16_never_gets_back_in_step_after_a_deleted_byte() {
        // "abcd" in UTF-16LE: 61 00 62 00 63 00 64 00. Delete byte 0:
        // 00 62 | 00 63 | 00 64 | 00 reads U+6200 U+6300 U+6400 and a
        // truncated unit: every code point lost, three misread.
        let (d, o) = damage("utf-16le", &[0x61, 0, 0x62, 0, 0x63, 0, 0x64, 0], Kind::Delete, 0, 0);
        assert_eq!(d.bytes, [0, 0x62, 0, 0x63, 0, 0x64, 0]);
        assert_eq!(o, Outcome { compared: 4, lost: 4, misread: 3, errors: 1, resync: Resync::Never });
    }

    #[test]
    fn utf16_is_never_back_in_step_after_a_byte_deleted_or_inserted() {
        // RFC 2781, 2.1: every code unit is two bytes, a pair four. A byte
        // more or less shifts every unit after it (the article, "If an odd
        // number of bytes is missing from UTF-16, the whole rest of the
        // string will be meaningless text"); a changed byte keeps the units
        // where they were, so the decoder is in step by the end of the pair
        // it fell in: at most 3 bytes on.
        let texts = Texts::new(&[], &super::super::scripts::cut(80));
        for name in ["utf-16le", "utf-16be"] {
            let events = outcomes(codec(name), &texts, &draws(&texts, 3, 30));
            assert_eq!(events.len(), 5 * 30, "{name}");
            for (d, o) in &events {
                match d.kind {
                    Kind::Delete | Kind::Insert => assert_eq!(o.resync, Resync::Never, "{name} {d:?}"),
                    Kind::Substitute | Kind::FlipBit => {
                        assert!(matches!(o.resync, Resync::InStep(n) if n <= 3), "{name} {d:?}: {o:?}");
                    }
                    Kind::Truncate => assert_eq!(o.resync, Resync::NothingAfter, "{name} {d:?}"),
                }
            }
        }
    }

    #[test]
    fn nearest_rank_percentiles() {
        let d = Dist::of((1..=100).collect()).expect("values");
        assert_eq!((d.median, d.p90, d.p99, d.max), (50, 90, 99, 100));
        assert!((d.mean - 50.5).abs() < 1e-9);
        let one = Dist::of(vec![7]).expect("a value");
        assert_eq!((one.median, one.p90, one.p99, one.max), (7, 7, 7, 7));
        assert_eq!(Dist::of(Vec::new()), None);
    }

    #[test]
    fn the_draws_are_the_seeds_and_every_damage_changes_the_bytes() {
        let texts = Texts::new(&[Text::new("a", &"caf\u{E9} \u{1F600} ".repeat(100))], &super::super::scripts::cut(50));
        let a = draws(&texts, 9, 20);
        assert_eq!(a, draws(&texts, 9, 20));
        assert_ne!(a, draws(&texts, 10, 20));
        assert_eq!(a.len(), 2 * 5 * 20);
        let utf8 = codec("utf-8");
        let big = wide(utf8);
        for d in &a {
            let e = Event::new(utf8, &*big, &texts, d).expect("UTF-8 encodes every text");
            let original = utf8.encode(d.excerpt(&texts)).expect("UTF-8 encodes every text");
            assert_ne!(e.damaged.bytes, original, "{d:?}");
            assert!(e.damaged.at <= original.len() / 2, "{d:?}");
            // Every original sequence is compared once: kept, or lost.
            let o = e.outcome();
            assert!(o.lost <= o.compared && o.compared <= e.original_reading.len());
        }
    }

    #[test]
    fn utf8_loses_no_more_than_its_proven_bound_allows() {
        // Decision 0029 proves UTF-8's bound from RFC 3629's byte classes: a
        // boundary at most 3 bytes back. So the decoder is back in step at
        // most 3 bytes after the damage, and a substituted byte costs at
        // most the code points of the 1 + 3 bytes from it to there.
        let texts = Texts::new(&[], &super::super::scripts::cut(120));
        let events = outcomes(codec("utf-8"), &texts, &draws(&texts, 5, 60));
        assert_eq!(events.len(), 5 * 60);
        for (d, o) in &events {
            match (d.kind, o.resync) {
                (Kind::Truncate, r) => assert_eq!(r, Resync::NothingAfter),
                (_, Resync::InStep(n)) => assert!(n <= 3, "{d:?}: {o:?}"),
                (_, r) => panic!("{d:?}: {r:?}"),
            }
            if matches!(d.kind, Kind::Substitute | Kind::FlipBit) {
                assert!(o.lost <= 4, "{d:?}: {o:?}");
            }
        }
    }
}
