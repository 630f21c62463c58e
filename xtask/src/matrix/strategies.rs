//! Error strategies side by side: what each decode mode of the core makes of
//! damaged text, for each codec of the family (decision 0028).
//!
//! The damaged excerpts are the damage experiments' (`damage.rs`: the same
//! seeded events), each read in every [`DecodeMode`] and in the article's
//! other strategy, one U+FFFD per byte ([`per_byte`], written here from the
//! article, not from a codec's replace mode). Each output is lined up with
//! the original by the bytes each of its code points comes from: an
//! original code point is **kept** (the same code point from exactly its
//! bytes), **altered** (something else came from its bytes: a replacement,
//! an escape, a Latin-1 letter, a misreading) or **lost** (nothing came
//! from its bytes). Then: the code points and UTF-8 bytes of the output,
//! whether encoding it back in the matching encode mode gives the damaged
//! bytes again (a round trip), and whether ill-formed bytes became ASCII or
//! control characters, summed up in a one-word safety note. Nothing here
//! names a codec.

use codec_core::{BigCodePoint, DecodeMode, DynCodec, EncodeMode, Step};
use codec_registry::BigCodec;
use serde_json::{Value, json};

use super::chart::{Stack, VERMILLION, YELLOW, stacked_multiples};
use super::compute::{par_map, wide};
use super::damage::{Damaged, Draw, Event, Kind, Piece, Texts, draws, starts};
use super::render::{csv_file, md_table, para, wrap};

/// An error strategy: one of the core's decode modes, or the article's
/// one U+FFFD per byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strategy {
    /// A decode mode of the core (`codec_core::DecodeMode`).
    Mode(DecodeMode),
    /// One U+FFFD per byte of each ill-formed subpart ([`per_byte`]).
    PerByte,
}

/// The name of [`Strategy::PerByte`] in the tables.
pub const PER_BYTE: &str = "fffd-per-byte";

/// Every strategy, in the order of the tables: every decode mode of the
/// core, then the article's.
#[must_use]
pub fn strategies() -> Vec<Strategy> {
    DecodeMode::ALL.iter().map(|&m| Strategy::Mode(m)).chain([Strategy::PerByte]).collect()
}

impl Strategy {
    /// The name the tables give it: the mode's label.
    #[must_use]
    pub fn name(self) -> String {
        match self {
            Strategy::Mode(m) => m.to_string(),
            Strategy::PerByte => PER_BYTE.to_owned(),
        }
    }

    /// The encode mode that undoes it, where one does: the mode of the
    /// same name (fatal, replace, escape, ignore; replace for the per-byte
    /// strategy), else fatal (Latin-1 and windows-1252 have no encode mode).
    #[must_use]
    pub fn encode_mode(self) -> EncodeMode {
        match self {
            Strategy::Mode(DecodeMode::Replace) | Strategy::PerByte => EncodeMode::Replace,
            Strategy::Mode(DecodeMode::Escape) => EncodeMode::Escape,
            Strategy::Mode(DecodeMode::Ignore) => EncodeMode::Ignore,
            Strategy::Mode(_) => EncodeMode::Fatal,
        }
    }
}

/// The article's other replacement strategy: "More recent converters
/// translate the first byte of an invalid sequence to a replacement
/// character and continue parsing with the next byte" (UTF-8, Wikipedia,
/// revision of 2 December 2016, "Invalid byte sequences"), as one U+FFFD
/// for each byte of each maximal ill-formed subpart (a reserved sequence and
/// a final incomplete sequence are subparts too). In UTF-8 the bytes of a
/// subpart after its first are continuation bytes, each ill-formed alone,
/// so this is the article's restart at the next byte; in a codec whose
/// units are longer than a byte (UTF-16), restarting inside a subpart would
/// misalign the units, so the codec's own subparts are kept.
#[must_use]
pub fn per_byte(codec: &dyn BigCodec, bytes: &[u8]) -> Vec<BigCodePoint> {
    let mut out = Vec::with_capacity(bytes.len());
    let (mut at, mut state) = (0, 0);
    while at < bytes.len() {
        let rest = &bytes[at..];
        let len = match codec.decode_step_in(&mut state, rest, true) {
            Step::Point { point, len } => {
                out.push(point);
                len
            }
            Step::Pair { point, second, len } => {
                out.extend([point, second]);
                len
            }
            Step::Shift { len } => len,
            Step::Reserved { len } | Step::Invalid { len, .. } => {
                out.extend(std::iter::repeat_n(REPLACEMENT, len.clamp(1, rest.len())));
                len
            }
            Step::Incomplete => {
                out.extend(std::iter::repeat_n(REPLACEMENT, rest.len()));
                rest.len()
            }
        };
        at += len.clamp(1, rest.len());
    }
    out
}

/// U+FFFD.
const REPLACEMENT: BigCodePoint = BigCodePoint::from_u64(0xFFFD);

/// One code point of a strategy's output and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Out {
    /// The code point.
    pub point: BigCodePoint,
    /// The bytes of the original it comes from (`None`: from the inserted
    /// byte only).
    pub place: Option<(usize, usize)>,
    /// True when it stands for ill-formed bytes (a replacement, an escape,
    /// a Latin-1 or windows-1252 character), not a code point read.
    pub substitute: bool,
}

/// Whether a well-formed code point read in escape mode is escaped byte by
/// byte (decision 0003): one of U+DC00..U+DCFF, or a form the encoder does
/// not write.
fn escaped(codec: &dyn BigCodec, point: &BigCodePoint, form: &[u8]) -> bool {
    point.to_u64().is_some_and(|v| (0xDC00..=0xDCFF).contains(&v)) || !codec.is_canonical(form)
}

/// The character the WHATWG windows-1252 decoder gives byte `b` (from the
/// Encoding Standard's index, through encoding_rs: not the core's table).
fn windows_1252(b: u8) -> BigCodePoint {
    let byte = [b];
    let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(&byte);
    BigCodePoint::from_u64(text.chars().next().map_or(0xFFFD, u64::from))
}

/// What `strategy` makes of the damaged reading of `event`, each code point
/// with the bytes it comes from, built from the pieces as decision 0003
/// (and 0011) say each mode treats a subpart; `None` when the strategy gives
/// no output (fatal, at an error).
#[must_use]
pub fn model(codec: &dyn BigCodec, strategy: Strategy, event: &Event) -> Option<Vec<Out>> {
    let d = &event.damaged;
    let mut out = Vec::with_capacity(event.reading.len());
    for piece in &event.reading {
        let bytes = &d.bytes[piece.offset..piece.end()];
        let ill = match &piece.point {
            None => true,
            Some(p) => strategy == Strategy::Mode(DecodeMode::Escape) && escaped(codec, p, bytes),
        };
        if !ill {
            let point = piece.point.clone().expect("a code point");
            out.push(Out { point, place: d.place(piece.offset, piece.len), substitute: false });
            continue;
        }
        let each = |f: &dyn Fn(u8) -> BigCodePoint, out: &mut Vec<Out>| {
            for (i, &b) in bytes.iter().enumerate() {
                out.push(Out { point: f(b), place: d.place(piece.offset + i, 1), substitute: true });
            }
        };
        match strategy {
            Strategy::Mode(DecodeMode::Replace) => {
                out.push(Out { point: REPLACEMENT, place: d.place(piece.offset, piece.len), substitute: true });
            }
            Strategy::Mode(DecodeMode::Escape) => each(&|b| BigCodePoint::from_u64(0xDC00 + u64::from(b)), &mut out),
            Strategy::Mode(DecodeMode::Latin1) => each(&|b| BigCodePoint::from_u64(u64::from(b)), &mut out),
            Strategy::Mode(DecodeMode::Windows1252) => each(&windows_1252, &mut out),
            Strategy::Mode(DecodeMode::Ignore) => {}
            Strategy::PerByte => each(&|_| REPLACEMENT, &mut out),
            Strategy::Mode(_) => return None,
        }
    }
    Some(out)
}

/// The output of `strategy` on `bytes`, from the codec: its decode mode, or
/// [`per_byte`]; `None` when it gives none (fatal, at an error).
#[must_use]
pub fn run(codec: &dyn BigCodec, strategy: Strategy, bytes: &[u8]) -> Option<Vec<BigCodePoint>> {
    match strategy {
        Strategy::Mode(mode) => codec.decode_with(bytes, mode).ok(),
        Strategy::PerByte => Some(per_byte(codec, bytes)),
    }
}

/// The bytes UTF-8 takes for a code point: 1 to 4 below U+200000, RFC
/// 2279's 5 and 6 above, and one more for each 5 bits beyond 31 (UTF-∞-8's
/// code points); a surrogate takes 3, as in generalized UTF-8.
#[must_use]
pub fn utf8_len(point: &BigCodePoint) -> usize {
    let bits = usize::try_from(point.bits()).unwrap_or(usize::MAX);
    if bits <= 7 { 1 } else { (bits - 1).div_ceil(5) }
}

/// What one strategy made of one damaged excerpt.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Score {
    /// Code points of the original compared (as the damage experiments
    /// compare them: every one, but for a cut only those before it).
    pub compared: usize,
    /// Of those, the same code point from exactly its bytes.
    pub kept: usize,
    /// Something else from its bytes.
    pub altered: usize,
    /// Nothing from its bytes.
    pub lost: usize,
    /// Code points in the output.
    pub out_points: usize,
    /// Their UTF-8 bytes ([`utf8_len`]).
    pub out_bytes: usize,
    /// The damaged input's bytes.
    pub in_bytes: usize,
    /// Encoding the output in the matching encode mode gives the damaged
    /// bytes back.
    pub round_trip: bool,
    /// An ill-formed byte became an ASCII character (C0 controls and DEL
    /// included).
    pub ascii: bool,
    /// An ill-formed byte became a C1 control (U+0080..U+009F).
    pub c1: bool,
    /// The damaged bytes are well-formed (the damage is silent).
    pub silent: bool,
}

/// Scores `out` (the model's output, `None` for none) against the original
/// reading of `event`; `points` is the codec's own output, which encoding
/// back must turn into the damaged bytes.
#[must_use]
pub fn score(
    codec: &dyn BigCodec,
    strategy: Strategy,
    event: &Event,
    out: Option<&[Out]>,
    points: Option<&[BigCodePoint]>,
) -> Score {
    let d: &Damaged = &event.damaged;
    let original: &[Piece] = &event.original_reading;
    let at = starts(original, d.original_len);
    let mut kept = vec![false; original.len()];
    let mut covered = vec![false; d.original_len + 1];
    for o in out.unwrap_or_default() {
        let Some((a, b)) = o.place else { continue };
        covered[a..b].iter_mut().for_each(|c| *c = true);
        if let Some(i) = at[a]
            && original[i].end() == b
            && original[i].point.as_ref() == Some(&o.point)
        {
            kept[i] = true;
        }
    }
    let silent = event.reading.iter().all(|p| p.point.is_some());
    let mut s = Score { in_bytes: d.bytes.len(), silent, ..Score::default() };
    for (piece, &k) in original.iter().zip(&kept) {
        if !d.compares(piece.offset) {
            continue;
        }
        s.compared += 1;
        if k {
            s.kept += 1;
        } else if covered[piece.offset..piece.end()].iter().any(|&c| c) {
            s.altered += 1;
        } else {
            s.lost += 1;
        }
    }
    if let Some(points) = points {
        s.out_points = points.len();
        s.out_bytes = points.iter().map(utf8_len).sum();
        s.round_trip = codec.encode_with(points, strategy.encode_mode()).is_ok_and(|b| b == d.bytes);
    }
    for o in out.unwrap_or_default().iter().filter(|o| o.substitute) {
        match o.point.to_u64() {
            Some(v) if v < 0x80 => s.ascii = true,
            Some(0x80..=0x9F) => s.c1 = true,
            _ => {}
        }
    }
    s
}

/// Every strategy's score on one event, in the order of [`strategies`].
///
/// # Panics
///
/// When the codec's output differs from the model's: the core's modes no
/// longer do what decisions 0003 and 0011 say, and every number of the
/// table would be wrong.
#[must_use]
pub fn scores(codec: &dyn BigCodec, event: &Event, strategies: &[Strategy]) -> Vec<Score> {
    strategies
        .iter()
        .map(|&strategy| {
            let out = model(codec, strategy, event);
            let points = run(codec, strategy, &event.damaged.bytes);
            let modelled: Option<Vec<BigCodePoint>> = out.as_ref().map(|o| o.iter().map(|o| o.point.clone()).collect());
            assert_eq!(
                modelled,
                points,
                "{} in {} mode: the output differs from decision 0003's",
                codec.info().name,
                strategy.name()
            );
            score(codec, strategy, event, out.as_deref(), points.as_deref())
        })
        .collect()
}

/// The scores of one codec, kind and strategy, summed over events.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sum {
    /// Events.
    pub events: usize,
    /// The sums of their scores' counts.
    pub compared: usize,
    /// See [`Score::kept`].
    pub kept: usize,
    /// See [`Score::altered`].
    pub altered: usize,
    /// See [`Score::lost`].
    pub lost: usize,
    /// See [`Score::out_points`].
    pub out_points: usize,
    /// See [`Score::out_bytes`].
    pub out_bytes: usize,
    /// See [`Score::in_bytes`].
    pub in_bytes: usize,
    /// Events that round-trip.
    pub round_trip: usize,
    /// Events in which an ill-formed byte became ASCII.
    pub ascii: usize,
    /// Events in which an ill-formed byte became a C1 control.
    pub c1: usize,
    /// Events whose damaged bytes are well-formed.
    pub silent: usize,
}

impl Sum {
    fn add(&mut self, s: &Score) {
        self.events += 1;
        self.compared += s.compared;
        self.kept += s.kept;
        self.altered += s.altered;
        self.lost += s.lost;
        self.out_points += s.out_points;
        self.out_bytes += s.out_bytes;
        self.in_bytes += s.in_bytes;
        self.round_trip += usize::from(s.round_trip);
        self.ascii += usize::from(s.ascii);
        self.c1 += usize::from(s.c1);
        self.silent += usize::from(s.silent);
    }

    fn merge(&mut self, o: &Sum) {
        self.events += o.events;
        self.compared += o.compared;
        self.kept += o.kept;
        self.altered += o.altered;
        self.lost += o.lost;
        self.out_points += o.out_points;
        self.out_bytes += o.out_bytes;
        self.in_bytes += o.in_bytes;
        self.round_trip += o.round_trip;
        self.ascii += o.ascii;
        self.c1 += o.c1;
        self.silent += o.silent;
    }
}

/// The one-word safety note of `strategy` given what it did (`sum`): what
/// a later step that checks the text must know.
///
/// * `stops`: fatal gives nothing at an error (the article: exceptions
///   turn harmless errors into a denial of service);
/// * `marked`: a U+FFFD where the bytes were, neither ASCII nor a control;
/// * `surrogates`: escapes are lone trail surrogates, which UTF-16 output
///   can pair with a lone lead before them, and which strict UTF-8 and
///   UTF-16 refuse (the article);
/// * `ascii`, `controls`, `letters`: Latin-1 and windows-1252 turned
///   ill-formed bytes into ASCII (C0 controls included), else into C1
///   controls, else only into letters and signs: text that reads as text;
/// * `joins`: ignore deletes the bytes, which can join what they kept
///   apart (`<scr\xFFipt>` becomes `<script>`, decision 0011; Unicode's
///   security considerations, UTS #36, advise against deletion).
#[must_use]
pub fn safety(strategy: Strategy, sum: &Sum) -> &'static str {
    match strategy {
        Strategy::Mode(DecodeMode::Fatal) => "stops",
        Strategy::Mode(DecodeMode::Replace) | Strategy::PerByte => "marked",
        Strategy::Mode(DecodeMode::Escape) => "surrogates",
        Strategy::Mode(DecodeMode::Ignore) => "joins",
        Strategy::Mode(DecodeMode::Latin1 | DecodeMode::Windows1252) if sum.ascii > 0 => "ascii",
        Strategy::Mode(DecodeMode::Latin1 | DecodeMode::Windows1252) if sum.c1 > 0 => "controls",
        Strategy::Mode(DecodeMode::Latin1 | DecodeMode::Windows1252) => "letters",
        Strategy::Mode(_) => "unreviewed",
    }
}

/// The strategies table.
#[derive(Debug, Clone)]
pub struct StrategyTable {
    /// The codecs, by name.
    pub codecs: Vec<&'static str>,
    /// The strategies.
    pub strategies: Vec<Strategy>,
    /// Events drawn per codec, kind and group of texts.
    pub per_cell: usize,
    /// The seed of the draws.
    pub seed: u64,
    /// `[codec][kind][strategy]`, over both groups of texts.
    pub sums: Vec<Vec<Vec<Sum>>>,
}

/// Scores every strategy on the damage experiments' events (the same draws
/// from `seed`), for every codec of `codecs`, on every core; shows the
/// share done on stderr when `visible`.
#[must_use]
pub fn compute(
    codecs: &[&'static dyn DynCodec],
    texts: &Texts,
    seed: u64,
    per_cell: usize,
    visible: bool,
) -> StrategyTable {
    let all = draws(texts, seed, per_cell);
    let strategies = strategies();
    let jobs: Vec<(usize, Kind)> = (0..codecs.len()).flat_map(|c| Kind::ALL.map(|k| (c, k))).collect();
    let done = par_map("matrix error strategies", visible, &jobs, |&(c, kind)| {
        let big = wide(codecs[c]);
        let mut sums = vec![Sum::default(); strategies.len()];
        for draw in all.iter().filter(|d: &&Draw| d.kind == kind) {
            let Some(event) = Event::new(codecs[c], &*big, texts, draw) else { continue };
            for (sum, s) in sums.iter_mut().zip(scores(&*big, &event, &strategies)) {
                sum.add(&s);
            }
        }
        sums
    });
    StrategyTable {
        codecs: codecs.iter().map(|c| c.info().name).collect(),
        strategies,
        per_cell,
        seed,
        sums: done.chunks(Kind::ALL.len()).map(<[_]>::to_vec).collect(),
    }
}

/// `part` of `whole` as a percentage with one decimal (`-` of nothing).
fn percent(part: usize, whole: usize) -> String {
    if whole == 0 { "-".to_owned() } else { format!("{:.1}%", part as f64 * 100.0 / whole as f64) }
}

/// `part / whole` to four decimals, for the CSV (empty of nothing).
fn share(part: usize, whole: usize) -> String {
    if whole == 0 { String::new() } else { format!("{:.4}", part as f64 / whole as f64) }
}

impl StrategyTable {
    /// Codec `c`'s sums over every kind, per strategy.
    fn of_codec(&self, c: usize) -> Vec<Sum> {
        let mut out = vec![Sum::default(); self.strategies.len()];
        for of_kind in &self.sums[c] {
            for (o, s) in out.iter_mut().zip(of_kind) {
                o.merge(s);
            }
        }
        out
    }

    /// The sums over every codec and kind, per strategy.
    fn pooled(&self) -> Vec<Sum> {
        let mut out = vec![Sum::default(); self.strategies.len()];
        for c in 0..self.codecs.len() {
            for (o, s) in out.iter_mut().zip(self.of_codec(c)) {
                o.merge(&s);
            }
        }
        out
    }

    /// The CSV file, by name: one row per codec, kind and strategy.
    #[must_use]
    pub fn files(&self) -> Vec<(String, String)> {
        let mut rows = Vec::new();
        for (c, name) in self.codecs.iter().enumerate() {
            for (k, kind) in Kind::ALL.iter().enumerate() {
                for (strategy, s) in self.strategies.iter().zip(&self.sums[c][k]) {
                    let mut r = vec![(*name).to_owned(), kind.name().to_owned(), strategy.name()];
                    r.extend(
                        [s.events, s.compared, s.kept, s.altered, s.lost, s.out_points, s.out_bytes, s.in_bytes]
                            .map(|n| n.to_string()),
                    );
                    r.extend([share(s.kept, s.compared), share(s.altered, s.compared), share(s.lost, s.compared)]);
                    r.extend([s.round_trip, s.silent, s.ascii, s.c1].map(|n| n.to_string()));
                    r.push(share(s.round_trip, s.events));
                    r.push(safety(*strategy, s).to_owned());
                    rows.push(r);
                }
            }
        }
        let header = [
            "codec",
            "damage",
            "mode",
            "events",
            "code_points",
            "kept",
            "altered",
            "lost",
            "output_code_points",
            "output_utf8_bytes",
            "input_bytes",
            "kept_share",
            "altered_share",
            "lost_share",
            "round_trip",
            "silent_events",
            "ascii_events",
            "c1_events",
            "round_trip_share",
            "safety",
        ];
        vec![("strategies.csv".to_owned(), csv_file(&header, &rows))]
    }

    /// The JSON value of `matrix.json`'s `strategies`.
    #[must_use]
    pub fn json(&self) -> Value {
        let mut cells = Vec::new();
        for (c, name) in self.codecs.iter().enumerate() {
            for (k, kind) in Kind::ALL.iter().enumerate() {
                for (strategy, s) in self.strategies.iter().zip(&self.sums[c][k]) {
                    cells.push(json!({
                        "codec": name, "damage": kind.name(), "mode": strategy.name(), "events": s.events,
                        "code_points": s.compared, "kept": s.kept, "altered": s.altered, "lost": s.lost,
                        "output_code_points": s.out_points, "output_utf8_bytes": s.out_bytes,
                        "input_bytes": s.in_bytes, "round_trip": s.round_trip, "silent_events": s.silent,
                        "ascii_events": s.ascii,
                        "c1_events": s.c1, "safety": safety(*strategy, s),
                    }));
                }
            }
        }
        let modes: Vec<Value> = self
            .strategies
            .iter()
            .map(|s| json!({ "mode": s.name(), "encode_mode": s.encode_mode().to_string() }))
            .collect();
        json!({ "seed": self.seed, "events_per_cell": self.per_cell, "modes": modes, "cells": cells })
    }

    /// The chart: per codec and strategy, the share of the original code
    /// points altered and lost (stacked), with the round-trip share beside.
    #[must_use]
    pub fn svg(&self) -> String {
        let rows: Vec<String> = self.codecs.iter().map(|c| (*c).to_owned()).collect();
        let columns: Vec<String> = self.strategies.iter().map(|s| s.name()).collect();
        let cells: Vec<Vec<Option<Stack>>> = (0..self.codecs.len())
            .map(|c| {
                self.of_codec(c)
                    .iter()
                    .map(|s| {
                        let of = |n: usize| if s.compared == 0 { 0.0 } else { n as f64 / s.compared as f64 };
                        (s.events > 0).then(|| Stack {
                            parts: vec![(of(s.altered), YELLOW), (of(s.lost), VERMILLION)],
                            label: format!(
                                "≈{:.1} ✗{:.1} ↺{}",
                                100.0 * of(s.altered),
                                100.0 * of(s.lost),
                                s.round_trip * 100 / s.events
                            ),
                        })
                    })
                    .collect()
            })
            .collect();
        stacked_multiples(
            "Error strategies on damaged text: code points altered and lost",
            "the damage experiments' events, every kind; ≈ altered and ✗ lost, in % of the original code \
             points, each panel on its own scale; ↺: % of events whose output encodes back to the damaged bytes",
            &rows,
            &columns,
            &cells,
            &[
                (YELLOW, "≈ altered: something else came from the code point's bytes"),
                (VERMILLION, "✗ lost: nothing came from its bytes"),
            ],
        )
    }

    /// The method in a paragraph.
    fn method(&self) -> String {
        format!(
            "The damaged excerpts of the damage experiments (section 9: {} events per codec, kind of damage and \
             group of texts, seed {}), for the codecs of the UTF family (the legacy encodings are left out: \
             decision 0039), read in each decode mode of the core and in the article's other strategy, \
             one U+FFFD per byte of each ill-formed subpart (`{PER_BYTE}`, written from the article in \
             `strategies.rs`). Each output code point comes from some bytes of the original; an original code \
             point is *kept* when the same code point comes from exactly its bytes, *altered* when something \
             else comes from its bytes (a replacement, an escape, a Latin-1 letter, a misreading), *lost* when \
             nothing does (fatal gives nothing at an error). *Round trip*: encoding the output in the matching \
             encode mode (the one of the same name, replace for `{PER_BYTE}`, else fatal) gives the damaged \
             bytes back. *UTF-8 out/in*: the output's size in UTF-8 (a surrogate 3 bytes, as generalized UTF-8 \
             writes it) per byte of the damaged input. The safety note: `stops` (nothing at an error), `marked` (U+FFFD), `surrogates` \
             (lone trail surrogates), `ascii`, `controls` or `letters` (what ill-formed bytes became, at \
             worst), `joins` (deleted bytes join their neighbours). Definitions: decision 0028.",
            self.per_cell, self.seed
        )
    }

    /// The README's summary: every codec and kind pooled, per strategy.
    #[must_use]
    pub fn summary(&self) -> String {
        let mut o = String::new();
        para(
            &mut o,
            "## 10. Error strategies\n\nEach decode mode, and the article's one U+FFFD per byte, on the damage \
             experiments' damaged text, every codec of the UTF family (not the Encoding Standard's legacy \
             encodings: decision 0039) and kind of damage pooled: the share of the original code \
             points kept, altered and lost, of the events whose output encodes back to the damaged bytes, the \
             output's UTF-8 bytes per damaged byte, and what ill-formed bytes became. Per codec and the method \
             in [`strategies.md`](strategies.md), the chart [`strategies.svg`](strategies.svg).",
        );
        self.pooled_table(&mut o);
        self.notes(&mut o);
        o
    }

    /// The pooled table.
    fn pooled_table(&self, o: &mut String) {
        let rows: Vec<Vec<String>> = self
            .strategies
            .iter()
            .zip(self.pooled())
            .map(|(strategy, s)| {
                vec![
                    format!("`{}`", strategy.name()),
                    percent(s.kept, s.compared),
                    percent(s.altered, s.compared),
                    percent(s.lost, s.compared),
                    percent(s.round_trip, s.events),
                    format!("{:.2}", s.out_bytes as f64 / s.in_bytes.max(1) as f64),
                    safety(*strategy, &s).to_owned(),
                ]
            })
            .collect();
        md_table(
            o,
            &["mode", "kept", "altered", "lost", "round trip", "UTF-8 out/in", "safety"].map(str::to_owned),
            &rows,
        );
    }

    /// The codecs of which `f` holds, in words: `every codec`, `every codec
    /// but ...`, or a list.
    fn which(&self, f: impl Fn(usize) -> bool) -> String {
        let name = |c: usize| format!("`{}`", self.codecs[c]);
        let (yes, no): (Vec<usize>, Vec<usize>) = (0..self.codecs.len()).partition(|&c| f(c));
        match (yes.len(), no.len()) {
            (_, 0) => "every codec".to_owned(),
            (y, n) if n < y => format!("every codec but {}", no.into_iter().map(name).collect::<Vec<_>>().join(", ")),
            _ => yes.into_iter().map(name).collect::<Vec<_>>().join(", "),
        }
    }

    /// What the data say: that the modes differ only where the bytes were
    /// ill-formed, which modes turned ill-formed bytes into ASCII or C1
    /// controls, and which round-trip where.
    fn notes(&self, o: &mut String) {
        wrap(
            o,
            "* Every mode but fatal reads the same code points where the bytes are well-formed, so they keep \
             the same; they differ in what stands where the bytes were ill-formed (altered) or nothing does \
             (lost). A misreading (a decoder out of step, as UTF-16's after a byte deleted or inserted) is \
             well-formed, and no mode can tell it from text.",
            "  ",
        );
        for (i, strategy) in self.strategies.iter().enumerate() {
            let any = |f: fn(&Sum) -> usize| (0..self.codecs.len()).any(|c| f(&self.of_codec(c)[i]) > 0);
            let mut parts = Vec::new();
            if any(|s| s.ascii) {
                parts.push(format!("into ASCII in {}", self.which(|c| self.of_codec(c)[i].ascii > 0)));
            }
            if any(|s| s.c1) {
                parts.push(format!("into C1 controls in {}", self.which(|c| self.of_codec(c)[i].c1 > 0)));
            }
            if !parts.is_empty() {
                let line = format!("* `{}` turned ill-formed bytes {}.", strategy.name(), parts.join(", and "));
                wrap(o, &line, "  ");
            }
        }
        // Which strategies round-trip on every event, and which on the
        // silent events (where no byte is ill-formed) and no other; the
        // codecs where a strategy's round trips are not its silent events
        // (a form read but not written, or ill-formed bytes restored) are
        // named, strategies with the same exceptions together.
        let mut always = Vec::new();
        let mut silent: Vec<(String, Vec<String>)> = Vec::new();
        for (i, strategy) in self.strategies.iter().enumerate() {
            let sums: Vec<Sum> = (0..self.codecs.len()).map(|c| self.of_codec(c)[i]).collect();
            let name = format!("`{}`", strategy.name());
            if sums.iter().all(|s| s.round_trip == s.events) {
                always.push(name);
                continue;
            }
            let but: Vec<String> = (0..self.codecs.len())
                .filter(|&c| sums[c].round_trip != sums[c].silent)
                .map(|c| {
                    format!(
                        "`{}` ({} round trips, {} silent events)",
                        self.codecs[c], sums[c].round_trip, sums[c].silent
                    )
                })
                .collect();
            let but = if but.is_empty() { String::new() } else { format!(", but in {}", but.join(", ")) };
            match silent.iter_mut().find(|(b, _)| *b == but) {
                Some((_, names)) => names.push(name),
                None => silent.push((but, vec![name])),
            }
        }
        if !always.is_empty() {
            let line = format!("* Round trip on every event, for every codec: {} (decision 0003).", always.join(", "));
            wrap(o, &line, "  ");
        }
        for (but, names) in silent {
            let line =
                format!("* Round trip on exactly the silent events (no byte ill-formed){but}: {}.", names.join(", "));
            wrap(o, &line, "  ");
        }
        o.push('\n');
    }

    /// The section of `strategies.md`: the method, the pooled table, and
    /// every codec's.
    #[must_use]
    pub fn section(&self) -> String {
        let mut o = String::new();
        para(&mut o, &format!("{} Every count, per kind of damage, is in `strategies.csv`.", self.method()));
        o.push_str("Every codec and kind of damage pooled:\n\n");
        self.pooled_table(&mut o);
        self.notes(&mut o);
        o.push_str("Per codec, every kind of damage pooled:\n\n");
        let mut rows = Vec::new();
        for (c, name) in self.codecs.iter().enumerate() {
            for (strategy, s) in self.strategies.iter().zip(self.of_codec(c)) {
                rows.push(vec![
                    format!("`{name}`"),
                    format!("`{}`", strategy.name()),
                    percent(s.kept, s.compared),
                    percent(s.altered, s.compared),
                    percent(s.lost, s.compared),
                    percent(s.round_trip, s.events),
                    safety(*strategy, &s).to_owned(),
                ]);
            }
        }
        md_table(
            &mut o,
            &["codec", "mode", "kept", "altered", "lost", "round trip", "safety"].map(str::to_owned),
            &rows,
        );
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codec(name: &str) -> &'static dyn DynCodec {
        codec_registry::get(name).expect("registered")
    }

    /// One event: `original` damaged as given, read by `name`.
    fn event(name: &str, original: &[u8], kind: Kind, position: u64, value: u64) -> Event {
        let big = wide(codec(name));
        let damaged = Damaged::new(original, kind, position, value).expect("bytes");
        let reading = super::super::damage::read(&*big, &damaged.bytes);
        Event { original_reading: super::super::damage::read(&*big, original), damaged, reading }
    }

    fn score_of(name: &str, e: &Event, strategy: Strategy) -> Score {
        let big = wide(codec(name));
        let all = scores(&*big, e, &[strategy]);
        all[0]
    }

    #[test]
    fn each_mode_keeps_alters_or_loses_a_substituted_letter() {
        // "abczzzz" with b (62) XOR 9D = FF: 61 FF 63 ... in UTF-8, FF a
        // subpart of one byte (RFC 3629: FF never appears).
        let e = event("utf-8", b"abczzzz", Kind::Substitute, 1, 0x9C);
        assert_eq!(e.damaged.bytes[..3], [0x61, 0xFF, 0x63]);
        let s = |m| score_of("utf-8", &e, m);
        // Decision 0003: replace gives one U+FFFD for b's byte: b altered.
        let replace = s(Strategy::Mode(DecodeMode::Replace));
        assert_eq!((replace.kept, replace.altered, replace.lost, replace.round_trip), (6, 1, 0, false));
        // Escape gives U+DCFF, which encodes back to FF.
        let escape = s(Strategy::Mode(DecodeMode::Escape));
        assert_eq!((escape.kept, escape.altered, escape.lost, escape.round_trip), (6, 1, 0, true));
        // Latin-1: ÿ, a letter (no ASCII, no C1); windows-1252 the same.
        let latin1 = s(Strategy::Mode(DecodeMode::Latin1));
        assert_eq!((latin1.altered, latin1.ascii, latin1.c1), (1, false, false));
        // Ignore: nothing for b: lost; "ac" joined.
        let ignore = s(Strategy::Mode(DecodeMode::Ignore));
        assert_eq!((ignore.kept, ignore.altered, ignore.lost, ignore.out_points), (6, 0, 1, 6));
        // Fatal: nothing at all.
        let fatal = s(Strategy::Mode(DecodeMode::Fatal));
        assert_eq!((fatal.kept, fatal.lost, fatal.out_points, fatal.round_trip), (0, 7, 0, false));
        // One byte, one U+FFFD: the article's strategy agrees with replace.
        assert_eq!(s(Strategy::PerByte), replace);
        // UTF-8 bytes out: a, c, zzzz and U+FFFD's three.
        assert_eq!((replace.out_bytes, replace.in_bytes), (6 + 3, 7));
    }

    #[test]
    fn a_c1_byte_becomes_a_control_in_latin1_and_a_sign_in_windows_1252() {
        // "aé" + "zzzz" with C3 deleted: 61 A9 ... and with 85 inserted
        // before é: 61 85 C3 A9. A9 is ©; 85 is U+0085 (NEL, a C1 control)
        // in Latin-1 and U+2026 (…) in windows-1252 (the Encoding
        // Standard's index).
        let e = event("utf-8", "a\u{E9}zzzz".as_bytes(), Kind::Insert, 1, 0x85);
        let latin1 = score_of("utf-8", &e, Strategy::Mode(DecodeMode::Latin1));
        let w1252 = score_of("utf-8", &e, Strategy::Mode(DecodeMode::Windows1252));
        assert!(latin1.c1 && !latin1.ascii);
        assert!(!w1252.c1 && !w1252.ascii);
        // The inserted byte stands for no original code point: é is kept.
        assert_eq!((latin1.kept, latin1.altered, latin1.lost), (6, 0, 0));
        // A deleted lead byte: the stray A9 is ©, é altered.
        let e = event("utf-8", "a\u{E9}zzzz".as_bytes(), Kind::Delete, 1, 0);
        let latin1 = score_of("utf-8", &e, Strategy::Mode(DecodeMode::Latin1));
        assert_eq!((latin1.kept, latin1.altered, latin1.lost), (5, 1, 0));
    }

    #[test]
    fn utf16_ill_formed_bytes_can_become_ascii() {
        // "abzz" in UTF-16LE (RFC 2781: 61 00 62 00 ...) cut after three
        // bytes: 61 00 62 reads a and a truncated unit, whose one byte 62 is
        // "b" in Latin-1: ASCII out of an ill-formed byte.
        let e = event("utf-16le", &[0x61, 0, 0x62, 0, 0x7A, 0, 0x7A, 0], Kind::Truncate, 2, 0);
        assert_eq!(e.damaged.bytes, [0x61, 0, 0x62]);
        let latin1 = score_of("utf-16le", &e, Strategy::Mode(DecodeMode::Latin1));
        assert!(latin1.ascii && !latin1.c1);
        let mut sum = Sum::default();
        sum.add(&latin1);
        assert_eq!(safety(Strategy::Mode(DecodeMode::Latin1), &sum), "ascii");
        // Replace marks the same byte with U+FFFD, which is neither.
        let replace = score_of("utf-16le", &e, Strategy::Mode(DecodeMode::Replace));
        assert!(!replace.ascii && !replace.c1);
    }

    #[test]
    fn escape_mode_escapes_a_well_formed_trail_surrogate_byte_by_byte() {
        // WTF-8 holds a lone trail surrogate: U+DC80 is ED B2 80 (generalized
        // UTF-8's three bytes). Decision 0003: escape mode escapes it byte by
        // byte all the same, so that encoding back cannot confuse it with an
        // escaped byte 80. Damage the "a" before it (61 XOR 03 = 62).
        let mut bytes = vec![0x61, 0xED, 0xB2, 0x80];
        bytes.extend(b"zzzz");
        let e = event("wtf-8", &bytes, Kind::Substitute, 0, 2);
        assert_eq!(e.damaged.bytes[..4], [0x62, 0xED, 0xB2, 0x80]);
        // `scores` checks the model's output against WTF-8's own.
        let escape = score_of("wtf-8", &e, Strategy::Mode(DecodeMode::Escape));
        let replace = score_of("wtf-8", &e, Strategy::Mode(DecodeMode::Replace));
        // b for a (misread: altered), and U+DC80 as U+DCED U+DCB2 U+DC80 in
        // escape mode (altered) but itself in replace mode (kept).
        assert_eq!((escape.kept, escape.altered, escape.out_points, escape.round_trip), (4, 2, 8, true));
        assert_eq!((replace.kept, replace.altered, replace.out_points, replace.round_trip), (5, 1, 6, true));
    }

    /// The article's strategy written out with std's UTF-8 validator (an
    /// implementation independent of utfx): at each error, one U+FFFD for
    /// the first byte, and go on with the next byte.
    fn article_with_std(bytes: &[u8]) -> Vec<u64> {
        let mut out = Vec::new();
        let mut rest = bytes;
        loop {
            match std::str::from_utf8(rest) {
                Ok(s) => {
                    out.extend(s.chars().map(u64::from));
                    return out;
                }
                Err(e) => {
                    let (good, _) = rest.split_at(e.valid_up_to());
                    out.extend(std::str::from_utf8(good).expect("valid").chars().map(u64::from));
                    out.push(0xFFFD);
                    rest = &rest[e.valid_up_to() + 1..];
                }
            }
        }
    }

    /// Damaged UTF-8 events over the texts by script, every kind.
    fn utf8_events() -> Vec<Event> {
        let texts = Texts::new(&[], &super::super::scripts::cut(100));
        let utf8 = codec("utf-8");
        let big = wide(utf8);
        draws(&texts, 21, 40).iter().filter_map(|d| Event::new(utf8, &*big, &texts, d)).collect()
    }

    #[test]
    fn the_per_byte_strategy_is_the_articles_restart_at_the_next_byte_in_utf8() {
        let big = wide(codec("utf-8"));
        let events = utf8_events();
        assert_eq!(events.len(), 5 * 40);
        for e in &events {
            let ours: Vec<u64> = per_byte(&*big, &e.damaged.bytes).iter().map(|p| p.to_u64().expect("small")).collect();
            assert_eq!(ours, article_with_std(&e.damaged.bytes), "{:02X?}", e.damaged.bytes);
        }
    }

    #[test]
    fn replace_and_per_byte_agree_on_utf8_exactly_where_every_subpart_is_one_byte() {
        let big = wide(codec("utf-8"));
        let (mut agree, mut differ) = (0, 0);
        for e in utf8_events() {
            let one_byte = e.reading.iter().all(|p| p.point.is_some() || p.len == 1);
            let replace = run(&*big, Strategy::Mode(DecodeMode::Replace), &e.damaged.bytes);
            let per = run(&*big, Strategy::PerByte, &e.damaged.bytes);
            assert_eq!(replace == per, one_byte, "{:02X?}", e.damaged.bytes);
            if one_byte { agree += 1 } else { differ += 1 }
        }
        // Both cases occur (a cut inside a sequence leaves a longer subpart).
        assert!(agree > 0 && differ > 0, "{agree} agree, {differ} differ");
    }

    #[test]
    fn the_model_is_each_codecs_own_output_and_escape_always_round_trips() {
        // `scores` checks the model against the codec's own decoding of
        // every mode; escape mode restores every byte (decision 0003).
        let texts = Texts::new(&[], &super::super::scripts::cut(40));
        let escape = strategies().iter().position(|s| *s == Strategy::Mode(DecodeMode::Escape)).expect("a mode");
        let table = compute(&super::super::family(), &texts, 4, 6, false);
        for (c, name) in table.codecs.iter().enumerate() {
            for sums in &table.sums[c] {
                let s = &sums[escape];
                assert_eq!(s.round_trip, s.events, "{name}");
                for sum in sums {
                    assert_eq!(sum.kept + sum.altered + sum.lost, sum.compared, "{name}");
                }
            }
        }
    }

    #[test]
    fn utf8_lengths() {
        // RFC 3629, table in section 3; RFC 2279 for 5 and 6 bytes.
        for (v, n) in [(0x7F, 1), (0x80, 2), (0x7FF, 2), (0x800, 3), (0xDC80, 3), (0xFFFF, 3), (0x1_0000, 4)] {
            assert_eq!(utf8_len(&BigCodePoint::from_u64(v)), n, "{v:X}");
        }
        for (v, n) in [(0x10_FFFF, 4), (0x20_0000, 5), (0x400_0000, 6), (0x7FFF_FFFF, 6), (0x8000_0000, 7)] {
            assert_eq!(utf8_len(&BigCodePoint::from_u64(v)), n, "{v:X}");
        }
    }
}
