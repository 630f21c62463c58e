//! Computes every table of the matrix by running the codecs: repertoire, round
//! trip, reinterpretation, size, and the readings of a few fixed byte strings
//! (properties are in `props.rs`).
//!
//! Nothing here knows any codec by name: every codec comes from the slice it
//! is given (the registry, or stand-ins in tests).

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use codec_core::{Big, BigCodePoint, CodePoint, DynCodec, EncodeMode, ErrorKind, Items};
use codec_registry::BigCodec;

use super::classes::{self, Class};
use super::props::{self, Props};
use crate::progress::Progress;

/// Reinterpretation reads at most this many code points of each corpus text
/// (item-by-item comparison of two decodes is the slowest part of the run).
pub const REINTERPRET_TEXT_CHARS: usize = 5_000;

/// Where the default texts come from, as the README names them.
pub const CORPUS: &str = "the benchmark corpus (`bench/data/`, described in its `MANIFEST.md`)";

/// A text: one of the benchmark corpus, or a synthetic one (`texts.rs`).
#[derive(Debug, Clone)]
pub struct Text {
    /// File name (`03_french_mars.txt`), or the synthetic text's name.
    pub name: String,
    /// Its code points.
    pub points: Vec<CodePoint>,
    /// Its size in UTF-8 as stored (`None`: synthetic, not stored as UTF-8).
    pub utf8_len: Option<usize>,
    /// What a synthetic text holds (`None`: a corpus text).
    pub about: Option<&'static str>,
}

impl Text {
    /// A corpus text from UTF-8 contents.
    #[must_use]
    pub fn new(name: &str, contents: &str) -> Self {
        Text {
            name: name.to_owned(),
            points: contents.chars().map(CodePoint::from).collect(),
            utf8_len: Some(contents.len()),
            about: None,
        }
    }

    /// A synthetic text: code points, which need not be scalar values.
    #[must_use]
    pub fn synthetic(name: &str, about: &'static str, points: Vec<CodePoint>) -> Self {
        Text { name: name.to_owned(), points, utf8_len: None, about: Some(about) }
    }

    /// True for a synthetic text.
    #[must_use]
    pub fn is_synthetic(&self) -> bool {
        self.about.is_some()
    }
}

/// What one codec does with one unit of a class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unit {
    /// The encoder refused it (fatal mode), for this reason.
    Unencodable(ErrorKind),
    /// Encoded into `bytes`; decoding them gave `back`.
    Encoded {
        /// The encoding.
        bytes: Vec<u8>,
        /// What decoding the encoding gave.
        back: Back,
    },
}

/// What decoding a codec's own encoding gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Back {
    /// The same code points.
    Same,
    /// Other code points, with no error (WTF-8 joins a surrogate pair).
    Altered(Vec<BigCodePoint>),
    /// An error: the codec cannot read its own output.
    Error(ErrorKind),
}

/// One cell of the repertoire table: a codec on a class, unit by unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RepCell {
    /// One outcome per unit of the class.
    pub units: Vec<Unit>,
}

impl RepCell {
    /// How many units encode.
    #[must_use]
    pub fn encodable(&self) -> usize {
        self.units.iter().filter(|u| matches!(u, Unit::Encoded { .. })).count()
    }

    /// The smallest and largest encoding of a unit, if any encodes.
    #[must_use]
    pub fn byte_range(&self) -> Option<(usize, usize)> {
        let lens = self.units.iter().filter_map(|u| match u {
            Unit::Encoded { bytes, .. } => Some(bytes.len()),
            Unit::Unencodable(_) => None,
        });
        lens.fold(None, |acc, n| Some(acc.map_or((n, n), |(lo, hi): (usize, usize)| (lo.min(n), hi.max(n)))))
    }

    /// The smallest and largest encoding of a unit the codec holds (it
    /// reads the bytes back with no error), if any.
    #[must_use]
    pub fn held_byte_range(&self) -> Option<(usize, usize)> {
        let lens = self.units.iter().filter_map(|u| match u {
            Unit::Encoded { bytes, back: Back::Same | Back::Altered(_) } => Some(bytes.len()),
            Unit::Encoded { back: Back::Error(_), .. } | Unit::Unencodable(_) => None,
        });
        lens.fold(None, |acc, n| Some(acc.map_or((n, n), |(lo, hi): (usize, usize)| (lo.min(n), hi.max(n)))))
    }

    /// How many encoded units decode to the same code points.
    #[must_use]
    pub fn same(&self) -> usize {
        self.units.iter().filter(|u| matches!(u, Unit::Encoded { back: Back::Same, .. })).count()
    }

    /// The first reason a unit was refused.
    #[must_use]
    pub fn first_refusal(&self) -> Option<ErrorKind> {
        self.units.iter().find_map(|u| match u {
            Unit::Unencodable(kind) => Some(*kind),
            Unit::Encoded { .. } => None,
        })
    }

    /// True when every unit encodes and decodes back the same.
    #[cfg(test)]
    #[must_use]
    pub fn holds(&self) -> bool {
        self.same() == self.units.len()
    }

    /// True when no unit encodes.
    #[cfg(test)]
    #[must_use]
    pub fn lacks(&self) -> bool {
        self.encodable() == 0
    }
}

/// What became of one input (a class or a text) on a trip from A to B.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fate {
    /// A holds none of it, so there was nothing to carry.
    Absent,
    /// B gave back the code points A gave.
    Lossless,
    /// B gave back other code points, with no error.
    Altered,
    /// B replaced what it could not encode (replace mode).
    Lost,
    /// B failed: the first error, at a code point (or `decode` when B could
    /// not read its own output).
    Failed {
        /// The error kind.
        kind: ErrorKind,
        /// The code point it failed at, short form.
        at: String,
    },
}

/// One cell of the round-trip matrix: every input's fate, B in fatal and in
/// replace mode. Inputs are the classes, then the texts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TripCell {
    /// B encodes in fatal mode.
    pub fatal: Vec<Fate>,
    /// B encodes in replace mode.
    pub replace: Vec<Fate>,
}

/// A count of what B made of A's bytes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Code points A read.
    pub items: usize,
    /// Of those, how many B read from the same bytes as the same code point.
    pub survived: usize,
    /// Code points B read that A did not (same bytes, different meaning).
    pub misread: usize,
    /// Errors B reported (one U+FFFD each in replace mode).
    pub errors: usize,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.items += other.items;
        self.survived += other.survived;
        self.misread += other.misread;
        self.errors += other.errors;
    }

    /// Survival in per mille (1000 when there was nothing to read).
    #[must_use]
    pub fn per_mille(&self) -> usize {
        (self.survived * 1000).checked_div(self.items).unwrap_or(1000)
    }
}

/// One cell of the reinterpretation matrix: A's bytes read by B.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReCell {
    /// Over the class samples A holds.
    pub classes: Tally,
    /// Over the corpus texts (their first [`REINTERPRET_TEXT_CHARS`] code
    /// points) that A can encode.
    pub texts: Tally,
    /// Over the synthetic texts that A can encode.
    pub synthetic: Tally,
    /// How many corpus texts A can encode, and the lowest and highest
    /// survival among them, per mille (`None` when there are none): the
    /// spread behind `texts`.
    pub text_spread: (usize, Option<(usize, usize)>),
}

/// One reading of a byte string: a code point or an error over some bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reading {
    /// A code point.
    Point(BigCodePoint),
    /// An error over this many bytes (`None`: truncated at the end).
    Error(ErrorKind, Option<usize>),
}

/// A fixed byte string and what every codec reads in it.
#[derive(Debug, Clone)]
pub struct ByteSample {
    /// What the bytes are, in words.
    pub label: &'static str,
    /// The bytes.
    pub bytes: &'static [u8],
    /// One reading per codec.
    pub readings: Vec<Vec<Reading>>,
}

/// Byte strings people meet when systems disagree, read by every codec. The
/// labels say where the bytes come from; what they mean to each codec is
/// computed.
pub const BYTE_SAMPLES: &[(&str, &[u8])] = &[
    ("\"Aé\" in UTF-8", b"A\xC3\xA9"),
    ("UTF-8 byte order mark", b"\xEF\xBB\xBF"),
    ("U+0085 (NEL) in UTF-8", b"\xC2\x85"),
    ("U+1F4A9 in UTF-8", b"\xF0\x9F\x92\xA9"),
    ("U+1F4A9 as a surrogate pair, 3+3 bytes (CESU-8)", b"\xED\xA0\xBD\xED\xB2\xA9"),
    ("lone lead surrogate U+D800 in generalized UTF-8", b"\xED\xA0\x80"),
    ("U+0000 as C0 80 (Modified UTF-8)", b"\xC0\x80"),
    ("U+110000 in 4 bytes", b"\xF4\x90\x80\x80"),
    ("U+7FFFFFFF in 6 bytes (RFC 2279)", b"\xFD\xBF\xBF\xBF\xBF\xBF"),
    ("FE and FF bytes", b"\xFE\xFF"),
    ("Corrected UTF-8 magic number", b"\xEF\xB7\x9D\xED\xB2\xAE\x00\x0A"),
    ("\"A\" in UTF-16LE with BOM", b"\xFF\xFE\x41\x00"),
    ("\"A\" in UTF-16BE with BOM", b"\xFE\xFF\x00\x41"),
];

/// Describes a codec as the tables show it.
#[derive(Debug, Clone)]
pub struct CodecMeta {
    /// Canonical name.
    pub name: &'static str,
    /// Crate version.
    pub version: &'static str,
    /// One-line description.
    pub description: &'static str,
    /// Domain summary as the codec declares it.
    pub domain: &'static str,
    /// Declared maximum bytes per code point.
    pub declared_max_bytes: Option<usize>,
}

/// Every table, computed.
#[derive(Debug, Clone)]
pub struct Matrix {
    /// The codecs, in registry order.
    pub codecs: Vec<CodecMeta>,
    /// The input classes.
    pub classes: Vec<Class>,
    /// The corpus texts (empty when not asked for).
    pub texts: Vec<Text>,
    /// Where the corpus texts come from, in words for the README.
    pub corpus: String,
    /// `[codec][class]`.
    pub repertoire: Vec<Vec<RepCell>>,
    /// `[from][to]`.
    pub round_trip: Vec<Vec<TripCell>>,
    /// `[from][to]`.
    pub reinterpret: Vec<Vec<ReCell>>,
    /// `[codec]`.
    pub properties: Vec<Props>,
    /// `[codec][text]`: encoded size in bytes, or the first error.
    pub sizes: Vec<Vec<Result<usize, String>>>,
    /// The fixed byte strings and their readings.
    pub byte_samples: Vec<ByteSample>,
    /// The false-positive tables, over every codec of the registry (`None`:
    /// not asked for).
    pub false_positives: Option<super::fp::FalsePositives>,
    /// Sizes by script, over every codec of the registry (`None`: not asked
    /// for).
    pub by_script: Option<super::scripts::ByScript>,
    /// Byte order against code point and UTF-16 order, over every codec of
    /// the registry (`None`: not asked for).
    pub order: Option<super::order::ByteOrder>,
    /// The damage experiments over the codecs (`None`: not asked for).
    pub damage: Option<super::damage::DamageTable>,
    /// The error strategies on the damage experiments' damaged text
    /// (`None`: not asked for).
    pub strategies: Option<super::strategies::StrategyTable>,
}

impl Matrix {
    /// The ids of the inputs of the round trip: classes, then texts.
    #[must_use]
    pub fn input_ids(&self) -> Vec<String> {
        self.classes.iter().map(|c| c.id.to_owned()).chain(self.texts.iter().map(|t| t.name.clone())).collect()
    }

    /// The index of a codec by name.
    #[cfg(test)]
    #[must_use]
    pub fn codec_index(&self, name: &str) -> Option<usize> {
        self.codecs.iter().position(|c| c.name == name)
    }

    /// The index of a class by id.
    #[cfg(test)]
    #[must_use]
    pub fn class_index(&self, id: &str) -> Option<usize> {
        self.classes.iter().position(|c| c.id == id)
    }
}

/// Maps `f` over `items` on every core, keeping the order; shows the share
/// done on stderr under the name `stage` when `visible`.
pub fn par_map<T: Sync, R: Send>(stage: &str, visible: bool, items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let progress = Progress::start(stage, items.len() as u64, visible);
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get).clamp(1, items.len().max(1));
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = f(item);
                    slots.lock().expect("no thread panicked")[i] = Some(r);
                    progress.add(1);
                }
            });
        }
    });
    let _ = progress.finish();
    slots.into_inner().expect("no thread panicked").into_iter().map(|r| r.expect("every slot filled")).collect()
}

/// One codec's encoding of a class: the units it encodes, joined, with the
/// code points its decoder gives back.
#[derive(Debug, Clone)]
struct ClassText {
    bytes: Vec<u8>,
    points: Vec<BigCodePoint>,
}

/// What one codec made of one corpus text.
#[derive(Debug, Clone)]
struct TextRun {
    /// Its encoding (fatal), or the error.
    bytes: Result<Vec<u8>, String>,
    /// Why the codec does not hold the text, in words: the encoder's error,
    /// or what its decoder reads back instead (`None`: it holds it, the
    /// text comes back as it was).
    refused: Option<String>,
    /// Its own decoding of that encoding.
    back: Option<Vec<CodePoint>>,
    /// True when `back` is the original text.
    faithful: bool,
    /// The first [`REINTERPRET_TEXT_CHARS`] code points encoded, and decoded
    /// back (replace mode), for the reinterpretation table.
    sample: Option<(Vec<u8>, Vec<CodePoint>)>,
    /// The fate of the original text sent through this codec (fatal, then
    /// replace mode): the round trip from every A that gives the text back
    /// as it is, computed once here rather than once per A.
    trip: (Fate, Fate),
}

/// A codec seen over big code points: the registry's own view for a codec
/// with an unbounded domain (UTF-∞-8, whose `Narrow` view in the
/// registry's list stops at `u32`), else `Big`, which loses nothing.
pub fn wide(codec: &dyn DynCodec) -> Box<dyn BigCodec + '_> {
    if codec.info().domain.max.is_none()
        && let Some(big) = codec_registry::get_big(codec.info().name)
    {
        return Box::new(big);
    }
    Box::new(Big(codec))
}

/// Computes the repertoire cell of one codec on one class.
fn repertoire_cell(codec: &dyn DynCodec, class: &Class) -> RepCell {
    let wide = wide(codec);
    let units = class
        .units
        .iter()
        .map(|unit| match wide.encode(unit) {
            Err(e) => Unit::Unencodable(e.kind()),
            Ok(bytes) => {
                let back = match wide.decode(&bytes) {
                    Ok(points) if points == *unit => Back::Same,
                    Ok(points) => Back::Altered(points),
                    Err(e) => Back::Error(e.kind()),
                };
                Unit::Encoded { bytes, back }
            }
        })
        .collect();
    RepCell { units }
}

/// What a decoder read back instead of `text` (`back`), in words: the
/// first code point that differs, or `None` when it is the text.
pub fn read_back<P: PartialEq + std::fmt::Display>(text: &[P], back: &[P]) -> Option<String> {
    if text == back {
        return None;
    }
    let i = text.iter().zip(back).take_while(|(a, b)| a == b).count();
    Some(match (text.get(i), back.get(i)) {
        (Some(a), Some(b)) => format!("reads back {b} for {a}"),
        (Some(a), None) => format!("reads back nothing for {a}"),
        (None, Some(b)) => format!("reads back {b} after the end"),
        (None, None) => "reads back other code points".to_owned(),
    })
}

/// The code point at `index`, short form.
fn short_at(points: &[BigCodePoint], index: usize) -> String {
    points.get(index).map_or_else(|| "?".to_owned(), classes::short)
}

/// The fate of code points `points` (as A decoded them) sent through B.
fn trip_wide(b: &dyn DynCodec, points: &[BigCodePoint]) -> (Fate, Fate) {
    let wide = wide(b);
    let through = |bytes: Vec<u8>, lost: bool| match wide.decode(&bytes) {
        Ok(back) if back == points => Fate::Lossless,
        Ok(_) if lost => Fate::Lost,
        Ok(_) => Fate::Altered,
        Err(e) => Fate::Failed { kind: e.kind(), at: "decode".to_owned() },
    };
    match wide.encode_with(points, EncodeMode::Fatal) {
        Ok(bytes) => {
            let fate = through(bytes, false);
            (fate.clone(), fate)
        }
        Err(e) => {
            let fatal = Fate::Failed { kind: e.kind(), at: short_at(points, e.index()) };
            let replace = match wide.encode_with(points, EncodeMode::Replace) {
                Ok(bytes) => through(bytes, true),
                Err(e) => Fate::Failed { kind: e.kind(), at: short_at(points, e.index()) },
            };
            (fatal, replace)
        }
    }
}

/// The fate of a corpus text as A decoded it (`points`) sent through B, using
/// B's own run on the original text when `points` is the original
/// (`original`).
fn trip_text(b: &dyn DynCodec, run_b: &TextRun, points: &[CodePoint], original: bool) -> (Fate, Fate) {
    let through = |bytes: &[u8], lost: bool| match b.decode(bytes) {
        Ok(back) if back == points => Fate::Lossless,
        Ok(_) if lost => Fate::Lost,
        Ok(_) => Fate::Altered,
        Err(e) => Fate::Failed { kind: e.kind(), at: "decode".to_owned() },
    };
    let fatal = if original {
        match (&run_b.bytes, &run_b.back) {
            (Ok(_), Some(_)) if run_b.faithful => Ok(Fate::Lossless),
            (Ok(_), Some(_)) => Ok(Fate::Altered),
            (Ok(bytes), None) => Ok(through(bytes, false)),
            (Err(_), _) => Err(()),
        }
    } else {
        match b.encode_with(points, EncodeMode::Fatal) {
            Ok(bytes) => Ok(through(&bytes, false)),
            Err(_) => Err(()),
        }
    };
    match fatal {
        Ok(fate) => (fate.clone(), fate),
        Err(()) => {
            let e = b.encode_with(points, EncodeMode::Fatal).expect_err("failed above");
            let fatal = Fate::Failed { kind: e.kind(), at: e.code_point().to_string() };
            let replace = match b.encode_with(points, EncodeMode::Replace) {
                Ok(bytes) => through(&bytes, true),
                Err(e) => Fate::Failed { kind: e.kind(), at: e.code_point().to_string() },
            };
            (fatal, replace)
        }
    }
}

/// A's items over some bytes (its errors left out), to compare with B's.
fn items_of<P>(
    a: impl Iterator<Item = Result<codec_core::Item<P>, codec_core::DecodeError>>,
) -> Vec<codec_core::Item<P>> {
    a.filter_map(Result::ok).collect()
}

/// Compares A's items ([`items_of`]) with B's items over the same bytes.
fn tally<P: PartialEq>(
    a: &[codec_core::Item<P>],
    b: impl Iterator<Item = Result<codec_core::Item<P>, codec_core::DecodeError>>,
) -> Tally {
    let mut t = Tally { items: a.len(), ..Tally::default() };
    let mut ai = 0;
    for item in b {
        match item {
            Err(_) => t.errors += 1,
            Ok(item) => {
                while ai < a.len() && a[ai].offset < item.offset {
                    ai += 1;
                }
                match a.get(ai) {
                    Some(x) if x.offset == item.offset && x.len == item.len && x.point == item.point => t.survived += 1,
                    _ => t.misread += 1,
                }
            }
        }
    }
    t
}

/// Reads the corpus texts from `bench/data/` under `root`, sorted by name
/// (the benches' loader: `utfx_bench::corpus`).
///
/// # Errors
///
/// A file that cannot be read or is not UTF-8.
pub fn load_texts(root: &std::path::Path) -> Result<Vec<Text>, String> {
    let texts = utfx_bench::corpus::load(&root.join("bench").join("data"))?;
    Ok(texts.iter().map(|text| Text::new(&format!("{}.txt", text.name), &text.string)).collect())
}

/// Computes every table for `codecs` over the classes and `texts`; the
/// properties (the slowest part) only when `with_properties` is true, else
/// that table is empty.
#[cfg(test)]
#[must_use]
pub fn compute_with(codecs: &[&'static dyn DynCodec], texts: Vec<Text>, with_properties: bool) -> Matrix {
    compute(codecs, texts, with_properties, false)
}

/// Computes every table as `compute_with` does, with the properties, showing each stage and the share done on stderr.
#[must_use]
pub fn compute_showing_progress(codecs: &[&'static dyn DynCodec], texts: Vec<Text>) -> Matrix {
    compute(codecs, texts, true, true)
}

fn compute(codecs: &[&'static dyn DynCodec], texts: Vec<Text>, with_properties: bool, visible: bool) -> Matrix {
    let classes = classes::classes();
    let n = codecs.len();
    let idx: Vec<usize> = (0..n).collect();

    let repertoire: Vec<Vec<RepCell>> = par_map("matrix [1/6] repertoire", visible, &idx, |&a| {
        classes.iter().map(|class| repertoire_cell(codecs[a], class)).collect()
    });

    // Each codec's class texts: the units it encodes, joined and decoded back.
    let class_texts: Vec<Vec<Option<ClassText>>> = par_map("matrix [2/6] class texts", visible, &idx, |&a| {
        let wide = wide(codecs[a]);
        classes
            .iter()
            .zip(&repertoire[a])
            .map(|(class, cell)| {
                // The units it holds: encoded, and read back with no error
                // (a codec whose decoder reads an error in its own bytes,
                // the Encoding Standard's replacement, holds none).
                let units: Vec<BigCodePoint> = class
                    .units
                    .iter()
                    .zip(&cell.units)
                    .filter(|(_, u)| matches!(u, Unit::Encoded { back: Back::Same | Back::Altered(_), .. }))
                    .flat_map(|(unit, _)| unit.iter().cloned())
                    .collect();
                if units.is_empty() {
                    return None;
                }
                let bytes = wide.encode(&units).ok()?;
                let points = wide.decode_lossy(&bytes);
                Some(ClassText { bytes, points })
            })
            .collect()
    });

    // Each codec's run on each text: encode (fatal), decode back.
    let runs: Vec<Vec<TextRun>> = par_map("matrix [3/6] texts, each codec", visible, &idx, |&a| {
        let codec = codecs[a];
        texts
            .iter()
            .map(|text| {
                let mut run = match codec.encode(&text.points) {
                    Ok(bytes) => {
                        let decoded = codec.decode(&bytes);
                        let refused = match &decoded {
                            Ok(back) => read_back(&text.points, back),
                            Err(e) => Some(format!("reads back {} at byte {}", e.kind().as_str(), e.valid_up_to())),
                        };
                        let back = decoded.ok();
                        let faithful = refused.is_none();
                        // Only a text it holds is A's to be misread.
                        let take = text.points.len().min(REINTERPRET_TEXT_CHARS);
                        let sample = codec.encode(&text.points[..take]).ok().filter(|_| faithful).map(|b| {
                            let points = codec.decode_lossy(&b);
                            (b, points)
                        });
                        TextRun {
                            bytes: Ok(bytes),
                            refused,
                            back,
                            faithful,
                            sample,
                            trip: (Fate::Absent, Fate::Absent),
                        }
                    }
                    Err(e) => {
                        let refused = format!("{} at {}", e.kind().as_str(), e.code_point());
                        TextRun {
                            bytes: Err(refused.clone()),
                            refused: Some(refused),
                            back: None,
                            faithful: false,
                            sample: None,
                            trip: (Fate::Absent, Fate::Absent),
                        }
                    }
                };
                run.trip = trip_text(codec, &run, &text.points, true);
                run
            })
            .collect()
    });

    let pairs: Vec<(usize, usize)> = idx.iter().flat_map(|&a| idx.iter().map(move |&b| (a, b))).collect();

    let trips: Vec<TripCell> = par_map("matrix [4/6] round trip, codec pairs", visible, &pairs, |&(a, b)| {
        let mut fatal = Vec::new();
        let mut replace = Vec::new();
        for ct in &class_texts[a] {
            let (f, r) = match ct {
                None => (Fate::Absent, Fate::Absent),
                Some(ct) => trip_wide(codecs[b], &ct.points),
            };
            fatal.push(f);
            replace.push(r);
        }
        for (run_a, run_b) in runs[a].iter().zip(&runs[b]) {
            let (f, r) = match &run_a.back {
                None => (Fate::Absent, Fate::Absent),
                Some(_) if run_a.faithful => run_b.trip.clone(),
                Some(points) => trip_text(codecs[b], run_b, points, false),
            };
            fatal.push(f);
            replace.push(r);
        }
        TripCell { fatal, replace }
    });

    type ClassItems<'a> = [(&'a ClassText, Vec<codec_core::Item<BigCodePoint>>)];
    let reinterpret_cell =
        |a: usize, b: usize, class_items: &ClassItems, text_items: &[Option<Vec<codec_core::Item<CodePoint>>>]| {
            let mut cell = ReCell::default();
            let wb = wide(codecs[b]);
            for (ct, items) in class_items {
                cell.classes.add(tally(items, Items::new(&*wb, &ct.bytes)));
            }
            for ((run, text), items) in runs[a].iter().zip(&texts).zip(text_items) {
                let (Some((bytes, points)), Some(items)) = (&run.sample, items) else { continue };
                let cb = codecs[b];
                let one = if a == b || cb.decode(bytes).is_ok_and(|p| p == *points) {
                    Tally { items: points.len(), survived: points.len(), misread: 0, errors: 0 }
                } else {
                    tally(items, Items::new(cb, bytes))
                };
                if text.is_synthetic() {
                    cell.synthetic.add(one);
                } else {
                    cell.texts.add(one);
                    let pm = one.per_mille();
                    let (count, spread) = &mut cell.text_spread;
                    *count += 1;
                    *spread = Some(spread.map_or((pm, pm), |(lo, hi)| (lo.min(pm), hi.max(pm))));
                }
            }
            cell
        };
    // A row at a time, so that A's items are read once for every B.
    let rows: Vec<Vec<ReCell>> = par_map("matrix [5/6] reinterpretation, codec pairs", visible, &idx, |&a| {
        let wa = wide(codecs[a]);
        let class_items: Vec<_> =
            class_texts[a].iter().flatten().map(|ct| (ct, items_of(Items::new(&*wa, &ct.bytes)))).collect();
        let text_items: Vec<_> = runs[a]
            .iter()
            .map(|run| run.sample.as_ref().map(|(bytes, _)| items_of(Items::new(codecs[a], bytes))))
            .collect();
        idx.iter().map(|&b| reinterpret_cell(a, b, &class_items, &text_items)).collect()
    });

    let properties = if with_properties {
        par_map("matrix [6/6] properties, each codec", visible, &idx, |&a| props::measure(codecs[a], codecs, &classes))
    } else {
        Vec::new()
    };

    // A size only of a text the codec holds.
    let sizes = runs
        .iter()
        .map(|row| {
            row.iter()
                .map(|r| match (&r.bytes, &r.refused) {
                    (Ok(bytes), None) => Ok(bytes.len()),
                    (_, Some(why)) => Err(why.clone()),
                    (Err(why), None) => Err(why.clone()),
                })
                .collect()
        })
        .collect();

    let byte_samples = BYTE_SAMPLES
        .iter()
        .map(|&(label, bytes)| ByteSample {
            label,
            bytes,
            readings: codecs
                .iter()
                .map(|&c| {
                    Items::new(&*wide(c), bytes)
                        .map(|item| match item {
                            Ok(item) => {
                                item.point.map_or(Reading::Error(ErrorKind::Reserved, Some(item.len)), Reading::Point)
                            }
                            Err(e) => Reading::Error(e.kind(), e.error_len()),
                        })
                        .collect()
                })
                .collect(),
        })
        .collect();

    Matrix {
        codecs: codecs
            .iter()
            .map(|c| {
                let info = c.info();
                CodecMeta {
                    name: info.name,
                    version: info.version,
                    description: info.description,
                    domain: info.domain.summary,
                    declared_max_bytes: info.max_bytes_per_code_point,
                }
            })
            .collect(),
        classes,
        texts,
        repertoire,
        round_trip: trips.chunks(n.max(1)).map(<[TripCell]>::to_vec).collect(),
        reinterpret: rows,
        properties,
        sizes,
        byte_samples,
        false_positives: None,
        corpus: CORPUS.to_owned(),
        by_script: None,
        order: None,
        damage: None,
        strategies: None,
    }
}
