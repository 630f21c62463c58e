//! The relations test: what each specification promises, asserted from the
//! computed matrix of the registered codecs; plus the matrix's own mechanics,
//! checked on small stand-in codecs written here from the specs' tables.

use codec_core::{
    CodePoint, Codec, CodecInfo, Decode, Domain, DynCodec, Encode, EncodeStep, ErrorKind, Step, Surrogates,
};

use super::compute::{Fate, Matrix, Text, Unit, compute_with};
use super::render::{self, BLANKS, HEADER, Mode, summarize};

/// What a specification promises, checked on the computed matrix. A row
/// applies only when every codec it names is registered.
#[derive(Debug, Clone, Copy)]
enum Rel {
    /// The codec encodes every sample of the class and decodes it back the same.
    Holds(&'static str, &'static str),
    /// The codec encodes no sample of the class.
    Lacks(&'static str, &'static str),
    /// The codec encodes every sample of the class into exactly these bytes.
    EncodesAs(&'static str, &'static str, &'static [u8]),
    /// The two codecs write the same bytes for every sample of these classes.
    SameBytes(&'static str, &'static str, &'static [&'static str]),
    /// A → B loses exactly these inputs (classes or texts): they fail in fatal
    /// mode and are replaced in replace mode; nothing is altered. An empty list
    /// means the trip is lossless.
    LosesExactly(&'static str, &'static str, &'static [&'static str]),
}

const SCALAR: &[&str] = &["ascii", "two-byte", "bmp", "supplementary", "nul", "c1", "noncharacter"];
const LONE: &[&str] = &["lead-surrogate", "trail-surrogate"];

/// The relations the issue asks for, one row each.
const RELATIONS: &[Rel] = &[
    // UTF-8 to WTF-8 is lossless; WTF-8 to UTF-8 is lossy exactly on lone surrogates.
    Rel::LosesExactly("utf-8", "wtf-8", &[]),
    Rel::LosesExactly("wtf-8", "utf-8", LONE),
    Rel::SameBytes("utf-8", "wtf-8", SCALAR),
    Rel::Holds("wtf-8", "lead-surrogate"),
    Rel::Holds("wtf-8", "trail-surrogate"),
    Rel::Lacks("utf-8", "lead-surrogate"),
    Rel::Lacks("utf-8", "trail-surrogate"),
    Rel::Lacks("utf-8", "above-10ffff"),
    Rel::EncodesAs("utf-8", "nul", &[0x00]),
    // Generalized UTF-8 holds surrogates (a pair stays two code points) but
    // nothing above U+10FFFF.
    Rel::Holds("generalized-utf-8", "lead-surrogate"),
    Rel::Holds("generalized-utf-8", "trail-surrogate"),
    Rel::Holds("generalized-utf-8", "surrogate-pair"),
    Rel::Lacks("generalized-utf-8", "above-10ffff"),
    Rel::LosesExactly("utf-8", "generalized-utf-8", &[]),
    // RFC 2279 UTF-8 holds everything up to U+7FFFFFFF.
    Rel::Holds("utf-8-rfc2279", "above-10ffff"),
    Rel::Holds("utf-8-rfc2279", "lead-surrogate"),
    Rel::Lacks("utf-8-rfc2279", "above-7fffffff"),
    Rel::LosesExactly("generalized-utf-8", "utf-8-rfc2279", &[]),
    // UTF-16 cannot hold lone surrogates; WTF-16 can.
    Rel::Lacks("utf-16le", "lead-surrogate"),
    Rel::Lacks("utf-16le", "trail-surrogate"),
    Rel::Lacks("utf-16be", "lead-surrogate"),
    Rel::Lacks("utf-16be", "trail-surrogate"),
    Rel::Holds("wtf-16le", "lead-surrogate"),
    Rel::Holds("wtf-16le", "trail-surrogate"),
    Rel::Holds("wtf-16be", "lead-surrogate"),
    Rel::Holds("wtf-16be", "trail-surrogate"),
    Rel::Lacks("utf-16le", "above-10ffff"),
    Rel::LosesExactly("utf-16le", "wtf-16le", &[]),
    Rel::LosesExactly("wtf-16le", "utf-16le", LONE),
    Rel::LosesExactly("utf-16be", "utf-16le", &[]),
    // UTF-32 holds every scalar value, one unit each, and nothing else;
    // WTF-32 holds the surrogates too, a pair as two units (UTF-32 has no
    // pairs), so that it loses them on the way to UTF-32, and nothing
    // else is lost between the four or to UTF-16 and UTF-8 (decision 0041).
    Rel::Lacks("utf-32le", "lead-surrogate"),
    Rel::Lacks("utf-32le", "trail-surrogate"),
    Rel::Lacks("utf-32be", "lead-surrogate"),
    Rel::Lacks("utf-32be", "surrogate-pair"),
    Rel::Lacks("utf-32le", "above-10ffff"),
    Rel::Lacks("wtf-32be", "above-10ffff"),
    Rel::Holds("utf-32le", "supplementary"),
    Rel::Holds("wtf-32le", "lead-surrogate"),
    Rel::Holds("wtf-32le", "trail-surrogate"),
    Rel::Holds("wtf-32be", "surrogate-pair"),
    Rel::EncodesAs("utf-32le", "nul", &[0, 0, 0, 0]),
    Rel::EncodesAs("wtf-32be", "nul", &[0, 0, 0, 0]),
    Rel::SameBytes("utf-32le", "wtf-32le", SCALAR),
    Rel::SameBytes("utf-32be", "wtf-32be", SCALAR),
    Rel::LosesExactly("utf-32le", "wtf-32le", &[]),
    Rel::LosesExactly("utf-32be", "utf-32le", &[]),
    Rel::LosesExactly("utf-32le", "utf-16le", &[]),
    Rel::LosesExactly("utf-16le", "utf-32be", &[]),
    Rel::LosesExactly("utf-8", "utf-32le", &[]),
    Rel::LosesExactly("wtf-32le", "utf-32le", &["lead-surrogate", "trail-surrogate", "surrogate-pair"]),
    Rel::LosesExactly("wtf-16le", "wtf-32le", &[]),
    // UTF-∞-8 holds everything, beyond 32 bits too, and below U+80000000
    // writes RFC 2279's bytes; nothing is lost on the way to it.
    Rel::Holds("utf-inf-8", "ascii"),
    Rel::Holds("utf-inf-8", "two-byte"),
    Rel::Holds("utf-inf-8", "bmp"),
    Rel::Holds("utf-inf-8", "supplementary"),
    Rel::Holds("utf-inf-8", "nul"),
    Rel::Holds("utf-inf-8", "c1"),
    Rel::Holds("utf-inf-8", "lead-surrogate"),
    Rel::Holds("utf-inf-8", "trail-surrogate"),
    Rel::Holds("utf-inf-8", "surrogate-pair"),
    Rel::Holds("utf-inf-8", "noncharacter"),
    Rel::Holds("utf-inf-8", "above-10ffff"),
    Rel::Holds("utf-inf-8", "above-7fffffff"),
    Rel::Holds("utf-inf-8", "above-8421109f"),
    Rel::Holds("utf-inf-8", "above-36-bit"),
    Rel::Holds("utf-inf-8", "above-71-bit"),
    Rel::Holds("utf-inf-8", "above-1000-bit"),
    Rel::SameBytes("utf-8-rfc2279", "utf-inf-8", SCALAR),
    Rel::SameBytes("utf-8-rfc2279", "utf-inf-8", &["lead-surrogate", "trail-surrogate", "above-10ffff"]),
    Rel::LosesExactly("utf-8-rfc2279", "utf-inf-8", &[]),
    Rel::LosesExactly("utf-8", "utf-inf-8", &[]),
    // UTF-1 and the 1992 FSS-UTF proposal: every code point up to
    // U+7FFFFFFF, surrogates too, as RFC 2279 UTF-8; so nothing is lost
    // between the three, in any direction.
    Rel::Holds("utf-1", "above-10ffff"),
    Rel::Holds("utf-1", "lead-surrogate"),
    Rel::Holds("utf-1", "trail-surrogate"),
    Rel::Holds("utf-1", "c1"),
    Rel::Lacks("utf-1", "above-7fffffff"),
    Rel::Holds("fss-utf-proposal-1992", "above-10ffff"),
    Rel::Holds("fss-utf-proposal-1992", "lead-surrogate"),
    Rel::Holds("fss-utf-proposal-1992", "trail-surrogate"),
    Rel::Lacks("fss-utf-proposal-1992", "above-7fffffff"),
    Rel::EncodesAs("utf-1", "nul", &[0x00]),
    Rel::EncodesAs("fss-utf-proposal-1992", "nul", &[0x00]),
    Rel::LosesExactly("utf-8-rfc2279", "utf-1", &[]),
    Rel::LosesExactly("utf-1", "utf-8-rfc2279", &[]),
    Rel::LosesExactly("utf-8-rfc2279", "fss-utf-proposal-1992", &[]),
    Rel::LosesExactly("fss-utf-proposal-1992", "utf-8-rfc2279", &[]),
    Rel::LosesExactly("utf-1", "fss-utf-proposal-1992", &[]),
    Rel::LosesExactly("fss-utf-proposal-1992", "utf-1", &[]),
];

/// Checks every applicable relation; returns the failures and how many rows
/// applied.
fn check_relations(m: &Matrix, relations: &[Rel]) -> (Vec<String>, usize) {
    let mut failures = Vec::new();
    let mut applied = 0;
    let codec = |name: &str| m.codec_index(name);
    let class = |id: &str| m.class_index(id).unwrap_or_else(|| panic!("no class `{id}`"));
    for rel in relations {
        let ok: Result<(), String> = match *rel {
            Rel::Holds(c, k) | Rel::Lacks(c, k) | Rel::EncodesAs(c, k, _) => {
                let Some(ci) = codec(c) else { continue };
                applied += 1;
                let cell = &m.repertoire[ci][class(k)];
                match *rel {
                    Rel::Holds(..) if !cell.holds() => Err(render::repertoire_short(cell)),
                    Rel::Lacks(..) if !cell.lacks() => Err(render::repertoire_short(cell)),
                    Rel::EncodesAs(_, _, want) => cell
                        .units
                        .iter()
                        .find(|u| !matches!(u, Unit::Encoded { bytes, .. } if bytes == want))
                        .map_or(Ok(()), |u| Err(format!("{u:?}"))),
                    _ => Ok(()),
                }
            }
            Rel::SameBytes(a, b, classes) => {
                let (Some(ai), Some(bi)) = (codec(a), codec(b)) else { continue };
                applied += 1;
                classes
                    .iter()
                    .find(|k| m.repertoire[ai][class(k)] != m.repertoire[bi][class(k)])
                    .map_or(Ok(()), |k| Err(format!("differ on `{k}`")))
            }
            Rel::LosesExactly(a, b, lost) => {
                let (Some(ai), Some(bi)) = (codec(a), codec(b)) else { continue };
                applied += 1;
                let cell = &m.round_trip[ai][bi];
                let (fatal, replace) = (summarize(m, cell, Mode::Fatal), summarize(m, cell, Mode::Replace));
                let want: Vec<String> = lost.iter().map(|s| (*s).to_owned()).collect();
                if fatal.lost != want || !fatal.altered.is_empty() {
                    Err(format!("fatal mode: fails on {:?}, alters {:?}", fatal.lost, fatal.altered))
                } else if replace.lost != want || !replace.altered.is_empty() || replace.first_error.is_some() {
                    Err(format!("replace mode: loses {:?}, alters {:?}", replace.lost, replace.altered))
                } else {
                    Ok(())
                }
            }
        };
        if let Err(why) = ok {
            failures.push(format!("{rel:?}: {why}"));
        }
    }
    (failures, applied)
}

#[test]
fn the_registered_codecs_keep_the_relations_their_specs_promise() {
    let m = compute_with(&super::codecs(), Vec::new(), false);
    let (failures, applied) = check_relations(&m, RELATIONS);
    eprintln!("{applied} of {} relations apply to the registered codecs", RELATIONS.len());
    assert!(failures.is_empty(), "relations broken:\n{}", failures.join("\n"));
    // Every codec holds its own ASCII and reads its own output back, but
    // one whose declared domain holds no ASCII code point (the Encoding
    // Standard's replacement declares none), which holds none of it.
    for ((name, row), codec) in m.codecs.iter().zip(&m.repertoire).zip(super::codecs()) {
        if (0..0x80).any(|b| codec.info().domain.contains(CodePoint::new(b))) {
            assert!(row[0].holds(), "{} on ascii: {}", name.name, render::repertoire_short(&row[0]));
        } else {
            assert_eq!(row[0].same(), 0, "{} on ascii: {}", name.name, render::repertoire_short(&row[0]));
        }
    }
}

// ---------------------------------------------------------------------------
// Stand-in codecs, from the tables of RFC 2279 §2 / RFC 3629 §3 (UTF-8
// shapes) and RFC 2781 §2.1 (UTF-16), so that the mechanics are tested even
// before (and independently of) the real codecs.

const fn info(name: &'static str, max: u64, surrogates: Surrogates, bytes: usize) -> CodecInfo {
    CodecInfo {
        name,
        aliases: &[],
        domain: Domain { summary: "stand-in", max: Some(max), surrogates, excluded: &[] },
        max_bytes_per_code_point: Some(bytes),
        description: "stand-in for the matrix tests",
        version: "0.0.0",
    }
}

static UTF8_INFO: CodecInfo = info("utf-8", 0x10_FFFF, Surrogates::None, 4);
static WTF8_INFO: CodecInfo = info("wtf-8", 0x10_FFFF, Surrogates::Unpaired, 4);
static GEN_INFO: CodecInfo = info("generalized-utf-8", 0x10_FFFF, Surrogates::All, 4);
static RFC2279_INFO: CodecInfo = info("utf-8-rfc2279", 0x7FFF_FFFF, Surrogates::All, 6);
static UTF16_INFO: CodecInfo = info("utf-16le", 0x10_FFFF, Surrogates::None, 4);
static WTF16_INFO: CodecInfo = info("wtf-16le", 0x10_FFFF, Surrogates::Unpaired, 4);

/// A UTF-8-shaped codec: shortest form, up to `max`, surrogates allowed or
/// not, a lead+trail pair joined (WTF-8) or not.
struct Utf8Like {
    info: &'static CodecInfo,
    max: u32,
    surrogates: bool,
    join: bool,
}

/// RFC 2279 §2: the number of bytes for a value.
fn utf8_len(v: u32) -> usize {
    match v {
        0..=0x7F => 1,
        0x80..=0x7FF => 2,
        0x800..=0xFFFF => 3,
        0x1_0000..=0x1F_FFFF => 4,
        0x20_0000..=0x3FF_FFFF => 5,
        _ => 6,
    }
}

fn utf8_bytes(v: u32, out: &mut Vec<u8>) {
    let n = utf8_len(v);
    if n == 1 {
        out.push(v as u8);
        return;
    }
    let lead_bits: [u8; 7] = [0, 0, 0xC0, 0xE0, 0xF0, 0xF8, 0xFC];
    out.push(lead_bits[n] | (v >> (6 * (n - 1))) as u8);
    for i in (0..n - 1).rev() {
        out.push(0x80 | ((v >> (6 * i)) & 0x3F) as u8);
    }
}

impl Utf8Like {
    fn one(&self, input: &[u8]) -> Step<CodePoint> {
        let b0 = input[0];
        let n = match b0 {
            0x00..=0x7F => return Step::Point { point: CodePoint::from(b0), len: 1 },
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            0xF8..=0xFB => 5,
            0xFC..=0xFD => 6,
            _ => return Step::Invalid { kind: ErrorKind::InvalidLead, len: 1 },
        };
        let mut v = u32::from(b0) & (0x7F >> n);
        for i in 1..n {
            match input.get(i) {
                None => return Step::Incomplete,
                Some(&b) if b & 0xC0 == 0x80 => v = (v << 6) | u32::from(b & 0x3F),
                Some(_) => return Step::Invalid { kind: ErrorKind::MissingContinuation, len: i },
            }
        }
        let cp = CodePoint::new(v);
        if utf8_len(v) != n {
            Step::Invalid { kind: ErrorKind::Overlong, len: n }
        } else if v > self.max {
            Step::Invalid { kind: ErrorKind::OutOfRange, len: n }
        } else if cp.is_surrogate() && !self.surrogates {
            Step::Invalid { kind: ErrorKind::Surrogate, len: n }
        } else {
            Step::Point { point: cp, len: n }
        }
    }
}

impl Decode for Utf8Like {
    type Point = CodePoint;
    fn decode_step(&self, input: &[u8], last: bool) -> Step<CodePoint> {
        let step = self.one(input);
        if let Step::Point { point, len } = step
            && self.join
            && point.is_lead_surrogate()
            && len < input.len()
        {
            match self.one(&input[len..]) {
                Step::Point { point: next, .. } if next.is_trail_surrogate() => {
                    return Step::Invalid { kind: ErrorKind::SurrogatePair, len };
                }
                Step::Incomplete if !last => return Step::Incomplete,
                _ => {}
            }
        }
        step
    }
}

impl Encode for Utf8Like {
    type Point = CodePoint;
    fn encode_step(&self, input: &[CodePoint], last: bool, out: &mut Vec<u8>) -> EncodeStep {
        let cp = input[0];
        if cp.to_u32() > self.max {
            return EncodeStep::Invalid(ErrorKind::OutOfRange);
        }
        if cp.is_surrogate() && !self.surrogates {
            return EncodeStep::Invalid(ErrorKind::Surrogate);
        }
        if self.join && cp.is_lead_surrogate() {
            match input.get(1) {
                None if !last => return EncodeStep::Incomplete,
                Some(&trail) if trail.is_trail_surrogate() => {
                    let joined = CodePoint::from_surrogates(cp, trail).expect("a pair");
                    utf8_bytes(joined.to_u32(), out);
                    return EncodeStep::Done(2);
                }
                _ => {}
            }
        }
        utf8_bytes(cp.to_u32(), out);
        EncodeStep::Done(1)
    }
}

impl Codec for Utf8Like {
    fn info(&self) -> &'static CodecInfo {
        self.info
    }
}

/// UTF-16LE, with lone surrogates allowed (WTF-16) or not.
struct Utf16Like {
    info: &'static CodecInfo,
    lone: bool,
}

impl Decode for Utf16Like {
    type Point = CodePoint;
    fn decode_step(&self, input: &[u8], last: bool) -> Step<CodePoint> {
        let unit = |i: usize| input.get(i..i + 2).map(|b| u32::from(u16::from_le_bytes([b[0], b[1]])));
        let Some(u) = unit(0) else { return Step::Incomplete };
        let cp = CodePoint::new(u);
        let lone = |kind| {
            if self.lone { Step::Point { point: cp, len: 2 } } else { Step::Invalid { kind, len: 2 } }
        };
        if cp.is_lead_surrogate() {
            match unit(2) {
                Some(t) if CodePoint::new(t).is_trail_surrogate() => {
                    let point = CodePoint::from_surrogates(cp, CodePoint::new(t)).expect("a pair");
                    Step::Point { point, len: 4 }
                }
                None if input.len() < 4 && !last => Step::Incomplete,
                _ => lone(ErrorKind::UnpairedSurrogate),
            }
        } else if cp.is_trail_surrogate() {
            lone(ErrorKind::UnpairedSurrogate)
        } else {
            Step::Point { point: cp, len: 2 }
        }
    }
}

impl Encode for Utf16Like {
    type Point = CodePoint;
    fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
        let cp = input[0];
        if let Some((lead, trail)) = cp.to_surrogates() {
            for u in [lead, trail] {
                out.extend_from_slice(&(u.to_u32() as u16).to_le_bytes());
            }
        } else if cp.to_u32() > 0x10_FFFF {
            return EncodeStep::Invalid(ErrorKind::OutOfRange);
        } else if cp.is_surrogate() && !self.lone {
            return EncodeStep::Invalid(ErrorKind::Surrogate);
        } else {
            out.extend_from_slice(&(cp.to_u32() as u16).to_le_bytes());
        }
        EncodeStep::Done(1)
    }
}

impl Codec for Utf16Like {
    fn info(&self) -> &'static CodecInfo {
        self.info
    }
}

static UTF8: Utf8Like = Utf8Like { info: &UTF8_INFO, max: 0x10_FFFF, surrogates: false, join: false };
static WTF8: Utf8Like = Utf8Like { info: &WTF8_INFO, max: 0x10_FFFF, surrogates: true, join: true };
static GENERALIZED: Utf8Like = Utf8Like { info: &GEN_INFO, max: 0x10_FFFF, surrogates: true, join: false };
static RFC2279: Utf8Like = Utf8Like { info: &RFC2279_INFO, max: 0x7FFF_FFFF, surrogates: true, join: false };
static UTF16: Utf16Like = Utf16Like { info: &UTF16_INFO, lone: false };
static WTF16: Utf16Like = Utf16Like { info: &WTF16_INFO, lone: true };

fn stand_ins() -> Vec<&'static dyn DynCodec> {
    vec![&UTF8, &WTF8, &GENERALIZED, &RFC2279, &UTF16, &WTF16]
}

fn stand_in_matrix() -> Matrix {
    let texts = vec![Text::new("a.txt", "plain ASCII text"), Text::new("b.txt", "h\u{E9}llo \u{20AC} \u{1F4A9}")];
    compute_with(&stand_ins(), texts, true)
}

#[test]
fn the_relations_hold_on_stand_ins_written_from_the_specs() {
    let m = stand_in_matrix();
    let (failures, applied) = check_relations(&m, RELATIONS);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Every row naming only stand-ins: all but the 5 on UTF-16BE/WTF-16BE
    // and those on CESU-8, Modified UTF-8, Corrected UTF-8, UTF-∞-8, UTF-1,
    // the 1992 FSS-UTF proposal and UTF-32 (the real codecs are checked
    // against their specifications in their crates).
    let without_stand_in = |r: &Rel| {
        let others = ["corrected-utf-8", "cesu-8", "mutf-8", "utf-inf-8", "utf-1", "fss-utf-proposal-1992"];
        others
            .iter()
            .chain(&["utf-32le", "utf-32be", "wtf-32le", "wtf-32be"])
            .any(|name| format!("{r:?}").contains(&format!("{name:?}")))
    };
    let others = RELATIONS.iter().filter(|r| without_stand_in(r)).count();
    assert_eq!(applied, RELATIONS.len() - 5 - others);
}

#[test]
fn a_broken_relation_is_reported() {
    let m = stand_in_matrix();
    let wrong = [
        Rel::Holds("utf-8", "lead-surrogate"),
        Rel::Lacks("wtf-8", "lead-surrogate"),
        Rel::LosesExactly("wtf-8", "utf-8", &[]),
        Rel::LosesExactly("generalized-utf-8", "wtf-8", &[]),
        Rel::EncodesAs("utf-16le", "nul", &[0x00]),
        Rel::SameBytes("utf-8", "utf-16le", &["ascii"]),
        Rel::Holds("no-such-codec", "ascii"),
    ];
    let (failures, applied) = check_relations(&m, &wrong);
    assert_eq!((failures.len(), applied), (6, 6), "{failures:#?}");
}

#[test]
fn round_trip_cells_tell_lost_from_altered() {
    let m = stand_in_matrix();
    let idx = |n: &str| m.codec_index(n).expect("stand-in");
    // Generalized UTF-8 holds a pair as two code points; WTF-8 joins them: altered.
    let s = summarize(&m, &m.round_trip[idx("generalized-utf-8")][idx("wtf-8")], Mode::Fatal);
    assert_eq!((s.status(), s.altered.as_slice()), ("lossy", &["surrogate-pair".to_owned()][..]));
    // RFC 2279 to UTF-16: the first failure is the first class UTF-16 lacks.
    let s = summarize(&m, &m.round_trip[idx("utf-8-rfc2279")][idx("utf-16le")], Mode::Fatal);
    assert_eq!(s.status(), "failed");
    let (input, kind, at) = s.first_error.expect("fails");
    assert_eq!((input.as_str(), kind.as_str(), at.as_str()), ("lead-surrogate", "surrogate", "U+D800"));
    assert_eq!(s.lost, ["lead-surrogate", "trail-surrogate", "surrogate-pair", "above-10ffff"]);
    // The texts are carried by everyone.
    for row in &m.round_trip {
        for cell in row {
            assert!(cell.fatal[m.classes.len()..].iter().all(|f| *f == super::compute::Fate::Lossless));
        }
    }
}

#[test]
fn reinterpretation_counts_survivors_errors_and_misreadings() {
    let m = stand_in_matrix();
    let idx = |n: &str| m.codec_index(n).expect("stand-in");
    let same = m.reinterpret[idx("utf-8")][idx("utf-8")];
    assert_eq!((same.classes.per_mille(), same.classes.errors, same.classes.misread), (1000, 0, 0));
    // UTF-8 read as UTF-16LE: almost nothing survives.
    let cross = m.reinterpret[idx("utf-8")][idx("utf-16le")];
    assert!(cross.classes.survived == 0 && cross.classes.misread > 0, "{cross:?}");
    // WTF-8 reading generalized UTF-8: the pair bytes are errors there.
    let gen_wtf = m.reinterpret[idx("generalized-utf-8")][idx("wtf-8")];
    assert!(gen_wtf.classes.errors > 0 && gen_wtf.classes.survived < gen_wtf.classes.items, "{gen_wtf:?}");
    // The texts survive from UTF-8 to WTF-8.
    let t = m.reinterpret[idx("utf-8")][idx("wtf-8")].texts;
    let chars: usize = m.texts.iter().map(|t| t.points.len()).sum();
    assert_eq!((t.items, t.survived, chars), (25, 25, 25));
}

#[test]
fn properties_are_measured_not_declared() {
    let m = stand_in_matrix();
    let p = |n: &str| &m.properties[m.codec_index(n).expect("stand-in")];
    let utf8 = p("utf-8");
    assert!(utf8.ascii_transparent.ok && utf8.prefix_free.ok && utf8.ordered.ok && utf8.unique.ok);
    assert!(utf8.superset_of_utf8.ok, "{:?}", utf8.superset_of_utf8);
    assert_eq!((utf8.byte_classes.clone(), utf8.resync.clone(), utf8.max_bytes), (Ok(Some(3)), Ok(3), 4));
    assert_eq!(utf8.nul_free, super::props::NulFree::OnlyNul);
    assert!(p("wtf-8").superset_of_utf8.ok && p("utf-8-rfc2279").superset_of_utf8.ok);
    assert_eq!(p("utf-8-rfc2279").max_bytes, 6);
    let utf16 = p("utf-16le");
    assert!(!utf16.ascii_transparent.ok && !utf16.ordered.ok && !utf16.superset_of_utf8.ok);
    assert!(utf16.byte_classes.is_err() && utf16.resync.is_err());
    assert!(utf16.prefix_free.ok, "{:?}", utf16.prefix_free);
    // A lone lead surrogate in WTF-16 is the first half of a pair.
    assert!(!p("wtf-16le").prefix_free.ok);
    assert!(matches!(utf16.nul_free, super::props::NulFree::No(_)));
}

#[test]
fn every_generated_file_is_deterministic_and_marked() {
    let a = render::files(&stand_in_matrix());
    let b = render::files(&stand_in_matrix());
    assert_eq!(a, b);
    for (name, body) in &a {
        let first = body.lines().next().unwrap_or_default();
        match name.rsplit('.').next() {
            Some("csv") => assert!(!body.contains("DO NOT EDIT") && !first.starts_with('#'), "{name}: {first}"),
            Some("md" | "svg") => assert_eq!(first, format!("<!-- {HEADER} -->"), "{name}"),
            Some("json") => {
                let v: serde_json::Value = serde_json::from_str(body).expect("valid JSON");
                assert_eq!(v["_generated"], HEADER);
                assert_eq!(v["codecs"][0]["version"], "0.0.0");
            }
            _ => panic!("unexpected file {name}"),
        }
        assert!(!body.lines().any(|l| l.ends_with(' ')), "{name} has trailing whitespace");
    }
    assert!(a.contains_key("round-trip.svg") && a.contains_key("reinterpretation.svg"));
}

#[test]
fn check_names_stale_missing_and_extra_files() {
    let dir = std::env::temp_dir().join(format!("xtask-matrix-check-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let files = render::files(&stand_in_matrix());
    super::write_files(&dir, &files, true).expect("writes");
    assert!(super::stale_files(&dir, &files).is_empty());
    std::fs::write(dir.join("README.md"), "edited").expect("writes");
    std::fs::remove_file(dir.join("size.csv")).expect("removes");
    std::fs::write(dir.join("old.csv"), "x").expect("writes");
    let stale = super::stale_files(&dir, &files);
    assert_eq!(
        stale,
        [
            "docs/matrix/README.md (differs)",
            "docs/matrix/size.csv (missing)",
            "docs/matrix/old.csv (not generated; remove it)"
        ]
    );
    // Writing into a folder of `--out` leaves the files it does not write.
    super::write_files(&dir, &files, false).expect("writes");
    assert_eq!(super::stale_files(&dir, &files), ["docs/matrix/old.csv (not generated; remove it)"]);
    super::write_files(&dir, &files, true).expect("writes");
    assert!(super::stale_files(&dir, &files).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Loads one CSV file as a standard reader does (the `csv` crate: RFC 4180,
/// the first record is the header) and checks its shape: a header of
/// column names, and every record as wide as the header. Returns the header
/// and how many records there are.
fn load_csv(name: &str, body: &str) -> (Vec<String>, usize) {
    let mut reader = csv::ReaderBuilder::new().has_headers(true).flexible(false).from_reader(body.as_bytes());
    let header: Vec<String> =
        reader.headers().unwrap_or_else(|e| panic!("{name}: no header: {e}")).iter().map(str::to_owned).collect();
    for column in &header {
        assert!(
            !column.is_empty() && column.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
            "{name}: header field {column:?} is not a column name (a comment line read as the header?)"
        );
    }
    let mut records = 0;
    for record in reader.records() {
        let record = record.unwrap_or_else(|e| panic!("{name}: record {}: {e}", records + 1));
        assert_eq!(record.len(), header.len(), "{name}: record {}", records + 1);
        records += 1;
    }
    (header, records)
}

#[test]
fn every_generated_csv_loads_with_a_standard_reader() {
    let m = stand_in_matrix();
    let files = render::files(&m);
    let csvs: Vec<_> = files.iter().filter(|(name, _)| name.ends_with(".csv")).collect();
    assert_eq!(csvs.len(), 7, "{:?}", files.keys());
    let n = m.codecs.len();
    for (name, body) in csvs {
        let (header, records) = load_csv(name, body);
        // One record per what the table is about, so a lost or extra line shows.
        let want = match name.as_str() {
            "repertoire.csv" => n * m.classes.len(),
            "round-trip.csv" => n * n * 2,
            // A row per input A holds.
            "round-trip-inputs.csv" => {
                let held = |a: usize| m.round_trip[a][0].fatal.iter().filter(|f| **f != Fate::Absent).count();
                (0..n).map(|a| n * 2 * held(a)).sum()
            }
            "reinterpretation.csv" => n * n,
            "bytes.csv" => n * m.byte_samples.len(),
            "properties.csv" => n,
            "size.csv" => n * m.texts.len(),
            other => panic!("unexpected CSV file {other}"),
        };
        assert_eq!(records, want, "{name}: {header:?}");
    }
}

/// Whether a CSV cell is a number: digits, with a sign and a fraction
/// perhaps (not `inf` or `NaN`, which `f64` would take).
fn is_number(cell: &str) -> bool {
    let digits = cell.strip_prefix('-').unwrap_or(cell);
    let mut parts = digits.splitn(2, '.');
    let whole = parts.next().unwrap_or("");
    let fraction = parts.next();
    !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.is_none_or(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()))
}

/// Checks that every column of the CSV file `name` holds numbers only or
/// words only, and that a cell is empty only where [`render::BLANKS`] says
/// it may be: for each such column, empty exactly when its condition holds.
/// Returns the problems found.
fn column_problems(name: &str, body: &str) -> Vec<String> {
    use render::When;
    let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(body.as_bytes());
    let header: Vec<String> = reader.headers().expect("a header").iter().map(str::to_owned).collect();
    let records: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a record")).collect();
    // A condition on a column the file lacks never holds.
    let column = |record: &csv::StringRecord, column: &str| -> Option<String> {
        header.iter().position(|h| h == column).map(|i| record[i].to_owned())
    };
    let file = name.rsplit('/').next().unwrap_or(name);
    let mut problems = Vec::new();
    for (i, title) in header.iter().enumerate() {
        let cells: Vec<&str> = records.iter().map(|r| &r[i]).collect();
        let numbers = cells.iter().filter(|c| is_number(c)).count();
        let words = cells.iter().filter(|c| !c.is_empty() && !is_number(c)).count();
        if numbers > 0 && words > 0 {
            let word = cells.iter().find(|c| !c.is_empty() && !is_number(c)).unwrap_or(&"");
            problems.push(format!("{file} {title}: {numbers} numbers and {words} words ({word:?})"));
        }
        let blank = BLANKS.iter().find(|b| b.file == file && b.column == title);
        for (row, record) in records.iter().enumerate() {
            let empty = record[i].is_empty();
            let allowed = match blank.map(|b| b.when) {
                None => false,
                Some(When::Is(c, v)) => column(record, c).is_some_and(|x| x == v),
                Some(When::IsNot(c, v)) => column(record, c).is_some_and(|x| x != v),
                Some(When::Same(a, b)) => column(record, a).is_some_and(|x| Some(x) == column(record, b)),
                Some(When::Nothing) => true,
            };
            let must = matches!(blank.map(|b| b.when), Some(When::Is(..) | When::IsNot(..) | When::Same(..)));
            if empty && !allowed {
                problems.push(format!("{file} {title}: row {} is empty, which BLANKS does not allow", row + 1));
            } else if !empty && allowed && must {
                problems.push(format!("{file} {title}: row {} is not empty, though its condition holds", row + 1));
            }
        }
    }
    problems
}

#[test]
fn every_csv_column_holds_numbers_only_or_words_only() {
    let m = matrix_with_scripts_and_order();
    let mut problems = Vec::new();
    for (name, body) in render::files(&m).iter().filter(|(name, _)| name.ends_with(".csv")) {
        problems.extend(column_problems(name, body));
    }
    let dir = crate::workspace_root().join(super::OUT_DIR);
    for entry in std::fs::read_dir(&dir).expect("docs/matrix/ exists") {
        let path = entry.expect("readable entry").path();
        if path.extension().is_some_and(|e| e == "csv") {
            let body = std::fs::read_to_string(&path).expect("UTF-8");
            problems.extend(column_problems(&path.display().to_string(), &body));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // Every documented blank names a column that exists.
    for b in BLANKS {
        let body = &render::files(&m)[b.file];
        assert!(body.lines().next().is_some_and(|h| h.split(',').any(|c| c == b.column)), "{}: {}", b.file, b.column);
    }
}

#[test]
fn a_column_of_numbers_and_words_or_an_undocumented_blank_is_reported() {
    let mixed = "codec,sync_bytes_back\nutf-8,3\ncesu-8,no\n";
    assert_eq!(column_problems("x.csv", mixed), ["x.csv sync_bytes_back: 1 numbers and 1 words (\"no\")"]);
    let blank = "codec,text,bytes\nutf-8,a.txt,\n";
    assert_eq!(column_problems("x.csv", blank), ["x.csv bytes: row 1 is empty, which BLANKS does not allow"]);
    let unexplained = "codec,text,code_points,encodable,bytes,bytes_per_code_point,error\nutf-8,a,1,yes,,,\n";
    assert_eq!(column_problems("size.csv", unexplained).len(), 2);
}

#[test]
fn the_committed_csv_files_load_with_a_standard_reader() {
    let dir = crate::workspace_root().join(super::OUT_DIR);
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).expect("docs/matrix/ exists") {
        let path = entry.expect("readable entry").path();
        if path.extension().is_some_and(|e| e == "csv") {
            let body = std::fs::read_to_string(&path).expect("UTF-8");
            let (_, records) = load_csv(&path.display().to_string(), &body);
            assert!(records > 0, "{}", path.display());
            seen += 1;
        }
    }
    // The seven tables of the first edition and the two of the false
    // positives at least (later tables add theirs).
    assert!(seen >= 9, "{seen} CSV files in docs/matrix/");
}

/// A property as a specification states it, compared with the verdict the
/// matrix measures (`props.rs`) and prints in its properties table.
#[derive(Debug, Clone, Copy)]
enum Claim {
    /// `true`: a decoder started at any byte finds the true boundaries again
    /// ("in step within r"). `false`: it never does, from some byte (the
    /// printed verdict is "no: never, ...", not a failure to build a sample).
    SelfSynchronizing(bool),
    /// No byte value both starts and continues a sequence, so a boundary is
    /// at most this many bytes back ("≤k back"): the longest item less one.
    BoundaryWithin(usize),
    /// No byte value both starts and continues a sequence, but items have
    /// no longest, so no number of bytes back is enough.
    BoundaryUnbounded,
    /// ASCII is itself, and no other code point's bytes fall below `80`.
    AsciiTransparent(bool),
    /// No code point's bytes start another's.
    PrefixFree(bool),
    /// Bytewise order is code point order.
    Ordered(bool),
    /// No `00` byte at all, not even for U+0000.
    NoNulByte(bool),
    /// Every well-formed UTF-8 input reads as the same code points.
    SupersetOfUtf8(bool),
    /// `true`: no byte value both starts and continues a sequence, so that
    /// a reader started anywhere tells the boundaries from the bytes
    /// themselves (the properties' `self_synchronizing` column, the
    /// article's "the high-order bits of every byte determine the type of
    /// byte"); `false`: some byte does. For the codecs whose specification
    /// speaks of the bytes' types, not of a decoder getting in step.
    TypedBytes(bool),
    /// The decoder reads no code point from any input: the codec holds
    /// none, and no verdict on its encodings applies.
    HoldsNothing,
}

/// Where the claims come from (the specifications the project was given, and `docs/specs/`).
const WIKI: &str = "UTF-8, Wikipedia, revision of 2 December 2016";
const UNICODE: &str = "The Unicode Standard 16.0, chapter 3";
const WTF8_SPEC: &str = "The WTF-8 encoding (Simon Sapin)";
const CORRECTED: &str = "Corrected UTF-8";
const UTF_INF_8: &str = "Draft Proposal for UTF-∞-8 (2009-11-28)";
const ENCODING: &str = "Encoding Standard (WHATWG Living Standard, as encoding_rs 0.8 follows it)";
const ENCODING_2014: &str = "Encoding (W3C First Public Working Draft, 2014)";
const LATIN1: &str = "ISO/IEC 8859-1:1998, with ISO/IEC 6429's control sets (IANA's ISO-8859-1)";
const ASCII: &str = "ANSI X3.4-1986 (US-ASCII, RFC 20)";

/// The Standard's single-byte encodings (section 9's table) and
/// x-user-defined (14.5): each byte is one item, so a reader is at a
/// boundary at every byte.
const SINGLE_BYTE: &[&str] = &[
    "ibm866",
    "iso-8859-2",
    "iso-8859-3",
    "iso-8859-4",
    "iso-8859-5",
    "iso-8859-6",
    "iso-8859-7",
    "iso-8859-8",
    "iso-8859-8-i",
    "iso-8859-10",
    "iso-8859-13",
    "iso-8859-14",
    "iso-8859-15",
    "iso-8859-16",
    "koi8-r",
    "koi8-u",
    "macintosh",
    "windows-874",
    "windows-1250",
    "windows-1251",
    "windows-1252",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
    "x-mac-cyrillic",
    "x-user-defined",
];

/// The claims of [`CLAIMS`], and each single-byte encoding's two.
fn claims() -> Vec<(&'static str, Claim, &'static str, &'static str)> {
    let mut all = CLAIMS.to_vec();
    for &name in SINGLE_BYTE {
        let words = "9.1 single-byte decoder (14.5 x-user-defined): \"If byte is an ASCII byte, return a code \
                     point whose value is byte\", else one code point (or error) for the byte";
        all.push((name, Claim::TypedBytes(true), ENCODING, words));
        all.push((name, Claim::BoundaryWithin(0), ENCODING, words));
    }
    // ISO-8859-1 and US-ASCII: one byte, one character (decision 0043).
    for (name, document) in [("iso-8859-1", LATIN1), ("us-ascii", ASCII)] {
        let words = "a single-byte code: each character one byte of its code";
        all.push((name, Claim::TypedBytes(true), document, words));
        all.push((name, Claim::BoundaryWithin(0), document, words));
        all.push((name, Claim::AsciiTransparent(true), document, "00..7F are ASCII's"));
    }
    all
}

/// What the specifications claim, one row each: codec, claim, the
/// document, and the section and words the claim rests on. A row applies
/// when its codec is registered.
const CLAIMS: &[(&str, Claim, &str, &str)] = &[
    // UTF-8.
    ("utf-8", Claim::SelfSynchronizing(true), WIKI, "Description, \"Self-synchronization\""),
    ("utf-8", Claim::BoundaryWithin(3), WIKI, "Description: \"backing up at most 3 bytes\""),
    ("utf-8", Claim::PrefixFree(true), WIKI, "Description, \"Prefix property\""),
    ("utf-8", Claim::AsciiTransparent(true), WIKI, "Description, \"Backward compatibility\", \"Clear distinction\""),
    ("utf-8", Claim::Ordered(true), WIKI, "Advantages and disadvantages, General: sorting as unsigned bytes"),
    ("utf-8", Claim::SupersetOfUtf8(true), WIKI, "(itself)"),
    // RFC 2279 UTF-8: the same design before the RFC 3629 restriction.
    ("utf-8-rfc2279", Claim::SelfSynchronizing(true), WIKI, "Description, \"Self-synchronization\""),
    ("utf-8-rfc2279", Claim::BoundaryWithin(5), WIKI, "Description: \"5 bytes before RFC 3629 restriction\""),
    ("utf-8-rfc2279", Claim::PrefixFree(true), WIKI, "Description, \"Prefix property\""),
    ("utf-8-rfc2279", Claim::AsciiTransparent(true), WIKI, "Description, \"Backward compatibility\""),
    // Generalized UTF-8 and WTF-8.
    ("generalized-utf-8", Claim::SupersetOfUtf8(true), WTF8_SPEC, "Generalized UTF-8: \"a strict superset of UTF-8\""),
    (
        "generalized-utf-8",
        Claim::SelfSynchronizing(true),
        WTF8_SPEC,
        "Generalized UTF-8: \"the same underlying algorithm as UTF-8\"",
    ),
    ("generalized-utf-8", Claim::BoundaryWithin(3), WTF8_SPEC, "Generalized UTF-8, Table 2: one to four bytes"),
    ("wtf-8", Claim::SupersetOfUtf8(true), WTF8_SPEC, "The WTF-8 encoding: \"a strict superset of UTF-8\""),
    ("wtf-8", Claim::AsciiTransparent(true), WTF8_SPEC, "The WTF-8 encoding: \"UTF-8 is a strict superset of ASCII\""),
    (
        "wtf-8",
        Claim::SelfSynchronizing(true),
        WTF8_SPEC,
        "The WTF-8 encoding: \"a strict subset of generalized UTF-8\"",
    ),
    ("wtf-8", Claim::BoundaryWithin(3), WTF8_SPEC, "The WTF-8 encoding: \"a strict subset of generalized UTF-8\""),
    // UTF-16 and WTF-16 (the same code units, docs/specs/utf-16-and-wtf-8.md).
    ("utf-16le", Claim::SelfSynchronizing(false), WIKI, "Compared to UTF-16: \"If an odd number of bytes is missing\""),
    ("utf-16be", Claim::SelfSynchronizing(false), WIKI, "Compared to UTF-16: \"If an odd number of bytes is missing\""),
    ("utf-16le", Claim::AsciiTransparent(false), WIKI, "Compared to UTF-16: ASCII-based programs need every API twice"),
    ("utf-16be", Claim::AsciiTransparent(false), WIKI, "Compared to UTF-16: ASCII-based programs need every API twice"),
    ("wtf-16le", Claim::SelfSynchronizing(false), WIKI, "Compared to UTF-16 (WTF-16 has UTF-16's code units)"),
    ("wtf-16be", Claim::SelfSynchronizing(false), WIKI, "Compared to UTF-16 (WTF-16 has UTF-16's code units)"),
    (
        "wtf-16le",
        Claim::PrefixFree(false),
        WTF8_SPEC,
        "Decoding potentially ill-formed UTF-16: a lead then a trail unit is a pair",
    ),
    (
        "wtf-16be",
        Claim::PrefixFree(false),
        WTF8_SPEC,
        "Decoding potentially ill-formed UTF-16: a lead then a trail unit is a pair",
    ),
    // UTF-32 and WTF-32: one code unit of four bytes, each byte of any
    // value, in a fixed order (docs/specs/utf-32.md).
    ("utf-32le", Claim::SelfSynchronizing(false), UNICODE, "§3.10: each unit four bytes, none marking its place"),
    ("utf-32be", Claim::SelfSynchronizing(false), UNICODE, "§3.10: each unit four bytes, none marking its place"),
    ("wtf-32le", Claim::SelfSynchronizing(false), UNICODE, "§3.10 (WTF-32 has UTF-32's code units)"),
    ("wtf-32be", Claim::SelfSynchronizing(false), UNICODE, "§3.10 (WTF-32 has UTF-32's code units)"),
    ("utf-32le", Claim::AsciiTransparent(false), UNICODE, "§3.10: U+0041 is 41 00 00 00"),
    ("utf-32be", Claim::PrefixFree(true), UNICODE, "§3.9 D90: one unit of the same value for each scalar value"),
    ("utf-32be", Claim::Ordered(true), UNICODE, "§3.10, UTF-32BE: the most significant byte first"),
    ("utf-32le", Claim::Ordered(false), UNICODE, "§3.10, UTF-32LE: the least significant byte first"),
    // CESU-8 and Modified UTF-8: each surrogate as its own three-byte UTF-8.
    ("cesu-8", Claim::SelfSynchronizing(true), WIKI, "Derivatives, CESU-8: \"its own three-byte UTF-8 encoding\""),
    ("cesu-8", Claim::Ordered(false), WIKI, "Derivatives, CESU-8: \"preserves UTF-16 binary sorting order\""),
    ("mutf-8", Claim::SelfSynchronizing(true), WIKI, "Derivatives, Modified UTF-8 (CESU-8's surrogates)"),
    ("mutf-8", Claim::NoNulByte(true), WIKI, "Derivatives, Modified UTF-8: \"never contain any actual null bytes\""),
    ("mutf-8", Claim::AsciiTransparent(false), WIKI, "Derivatives, Modified UTF-8: U+0000 as C0 80"),
    ("mutf-8-lenient", Claim::SelfSynchronizing(true), WIKI, "Derivatives, Modified UTF-8 (CESU-8's surrogates)"),
    // Corrected UTF-8: UTF-8's lead and continuation bytes, one to six bytes.
    (
        "corrected-utf-8",
        Claim::SelfSynchronizing(true),
        CORRECTED,
        "opening: \"almost the same as UTF-8\", three changes",
    ),
    // Code points take one to six bytes, but a reserved FE/FF item runs
    // over continuation bytes to the next lead, which the spec does not
    // bound; utfx caps it at 64 KiB, lead included (docs/specs, point 4).
    (
        "corrected-utf-8",
        Claim::BoundaryWithin(65_535),
        CORRECTED,
        "Reserved FE/FF (no limit; capped at 64 KiB: docs/specs/corrected-utf-8.md, point 4)",
    ),
    ("corrected-utf-8", Claim::AsciiTransparent(true), CORRECTED, "C0 controls: \"preserve compatibility with ASCII\""),
    ("corrected-utf-8", Claim::Ordered(true), CORRECTED, "Putting it all together (docs/specs/corrected-utf-8.md)"),
    ("corrected-utf-8-c1", Claim::SelfSynchronizing(true), CORRECTED, "opening: \"almost the same as UTF-8\""),
    (
        "corrected-utf-8-c1",
        Claim::BoundaryWithin(65_535),
        CORRECTED,
        "Reserved FE/FF (no limit; capped at 64 KiB: docs/specs/corrected-utf-8.md, point 4)",
    ),
    (
        "corrected-utf-8-c1",
        Claim::AsciiTransparent(true),
        CORRECTED,
        "C0 controls: \"preserve compatibility with ASCII\"",
    ),
    // UTF-∞-8 (registered by its own crate).
    ("utf-inf-8", Claim::AsciiTransparent(true), UTF_INF_8, "2. Properties: \"identical to ASCII\""),
    ("utf-inf-8", Claim::Ordered(true), UTF_INF_8, "2. Properties: binary comparison \"yields the same sort-order\""),
    ("utf-inf-8", Claim::SelfSynchronizing(true), UTF_INF_8, "2. Properties: leading and trailing bytes are distinct"),
    ("utf-inf-8", Claim::SupersetOfUtf8(true), UTF_INF_8, "2. Properties: identical to one-to-six-byte UTF-8"),
    ("utf-inf-8", Claim::BoundaryUnbounded, UTF_INF_8, "2. Properties: \"the unlimited variable lengths of UTF-∞-8\""),
    // UTF-1 and the 1992 FSS-UTF proposal (registered by codec-utf8-history).
    (
        "utf-1",
        Claim::TypedBytes(false),
        WIKI,
        "Description, \"Self-synchronization\": \"Unlike in UTF-1, the high-order bits of every byte determine the type\"",
    ),
    ("utf-1", Claim::AsciiTransparent(false), WIKI, "History: continuation bytes \"in the range 0x21–0x7E\""),
    ("utf-1", Claim::PrefixFree(true), WIKI, "Description, \"Prefix property\": \"for both UTF-1 and UTF-8\""),
    (
        "fss-utf-proposal-1992",
        Claim::TypedBytes(false),
        WIKI,
        "History: Thompson's modification \"allowed it to be self-synchronizing\"",
    ),
    (
        "fss-utf-proposal-1992",
        Claim::AsciiTransparent(true),
        WIKI,
        "History: \"7-bit ASCII characters would only represent themselves\"",
    ),
    // The Encoding Standard's multi-byte decoders: a lead byte's range
    // overlaps its trail bytes', so a byte's value does not tell whether
    // it starts a sequence.
    (
        "gbk",
        Claim::TypedBytes(false),
        ENCODING,
        "10.1.1 GBK decoder (gb18030's): lead \"0x81 to 0xFE\", trail \"0x40 to 0x7E or 0x80 to 0xFE\"",
    ),
    (
        "gb18030",
        Claim::TypedBytes(false),
        ENCODING,
        "10.2.1 gb18030 decoder: lead \"0x81 to 0xFE\", trail \"0x40 to 0x7E or 0x80 to 0xFE\"",
    ),
    (
        "big5",
        Claim::TypedBytes(false),
        ENCODING,
        "11.1.1 Big5 decoder: lead \"0x81 to 0xFE\", trail \"0x40 to 0x7E or 0xA1 to 0xFE\"",
    ),
    (
        "euc-jp",
        Claim::TypedBytes(false),
        ENCODING,
        "12.1.1 EUC-JP decoder: lead \"0x8E, 0x8F, or 0xA1 to 0xFE\", trail \"0xA1 to 0xFE\"",
    ),
    (
        "iso-2022-jp",
        Claim::TypedBytes(false),
        ENCODING,
        "12.2.1 ISO-2022-JP decoder: lead and trail byte states both \"0x21 to 0x7E\", ASCII too",
    ),
    (
        "shift_jis",
        Claim::TypedBytes(false),
        ENCODING,
        "12.3.1 Shift_JIS decoder: lead \"0x81 to 0x9F or 0xE0 to 0xFC\", trail \"0x40 to 0x7E or 0x80 to 0xFC\"",
    ),
    (
        "euc-kr",
        Claim::TypedBytes(false),
        ENCODING,
        "13.1.1 EUC-KR decoder: lead \"0x81 to 0xFE\", trail \"0x41 to 0xFE\"",
    ),
    (
        "hz-gb-2312-2014",
        Claim::TypedBytes(false),
        ENCODING_2014,
        "10.2.1 hz-gb-2312 decoder: lead and trail \"0x21 to 0x7E\" after ~{, ASCII too",
    ),
    (
        "replacement",
        Claim::HoldsNothing,
        ENCODING,
        "14.1.1 replacement decoder: \"return error\" once, then \"return finished\"",
    ),
];

/// Compares one claim with the measured properties; `Err` says how they
/// differ.
fn check_claim(p: &super::props::Props, claim: Claim) -> Result<(), String> {
    let yes = |v: &super::props::Verdict, want: bool| {
        if v.ok == want { Ok(()) } else { Err(format!("measured {}: {}", v.ok, v.note)) }
    };
    match claim {
        Claim::SelfSynchronizing(true) => p.resync.as_ref().map(|_| ()).map_err(|why| format!("measured no: {why}")),
        Claim::SelfSynchronizing(false) => match &p.resync {
            Err(why) if why.starts_with("never") => Ok(()),
            Err(why) => Err(format!("measured no, for another reason: {why}")),
            Ok(r) => Err(format!("measured yes: in step within {r}")),
        },
        Claim::BoundaryUnbounded => {
            if p.byte_classes == Ok(None) {
                Ok(())
            } else {
                Err(format!("measured {:?}", p.byte_classes))
            }
        }
        Claim::BoundaryWithin(k) => {
            if p.byte_classes == Ok(Some(k)) {
                Ok(())
            } else {
                Err(format!("measured {:?}", p.byte_classes))
            }
        }
        Claim::AsciiTransparent(want) => yes(&p.ascii_transparent, want),
        Claim::PrefixFree(want) => yes(&p.prefix_free, want),
        Claim::Ordered(want) => yes(&p.ordered, want),
        Claim::NoNulByte(want) => {
            let none = p.nul_free == super::props::NulFree::Yes;
            if none == want { Ok(()) } else { Err(format!("measured {:?}", p.nul_free)) }
        }
        Claim::SupersetOfUtf8(want) => yes(&p.superset_of_utf8, want),
        Claim::HoldsNothing => {
            if p.held == 0 {
                Ok(())
            } else {
                Err(format!("measured {} code points held", p.held))
            }
        }
        Claim::TypedBytes(want) => {
            if p.byte_classes.is_ok() == want {
                Ok(())
            } else {
                Err(format!("measured {:?}", p.byte_classes))
            }
        }
    }
}

#[test]
fn the_measured_properties_agree_with_the_specifications_claims() {
    let m = compute_with(&super::codecs(), Vec::new(), true);
    let mut failures = Vec::new();
    let mut applied = 0;
    let claims = claims();
    for &(name, claim, doc, section) in &claims {
        let Some(i) = m.codec_index(name) else { continue };
        applied += 1;
        if let Err(why) = check_claim(&m.properties[i], claim) {
            failures.push(format!("{name}: {claim:?} ({doc}, {section}): {why}"));
        }
    }
    eprintln!("{applied} of {} claims apply to the registered codecs", claims.len());
    assert!(failures.is_empty(), "measured properties contradict the specifications:\n{}", failures.join("\n"));
    // The proven bound and the measurement check each other: a decoder
    // started inside an item is in step by the next lead byte, at most
    // the bound's bytes on.
    for (c, p) in m.codecs.iter().zip(&m.properties) {
        if let (Ok(Some(bound)), Ok(measured)) = (&p.byte_classes, &p.resync) {
            assert!(measured <= bound, "{}: in step within {measured} on the sample, past the bound {bound}", c.name);
        }
    }
    // The damage experiments measure the same thing on real text: no
    // decoder reads further than its codec's proven bound before it is back
    // in step. UTF-1 and the 1992 proposal have no bound (their continuation
    // bytes can start sequences), and the data show it: a decoder of either
    // reads past a whole item of the longest the family has (6 bytes) before
    // it is back in step, or never is.
    let texts = super::damage::Texts::new(&[], &super::scripts::cut(150));
    let damage = super::damage::compute(&super::codecs(), &texts, &m.properties, 11, 40, false);
    assert!(damage.past_the_bound().is_empty(), "{:?}", damage.past_the_bound());
    let bounded = damage.bounds.iter().filter(|b| matches!(b, super::damage::Bound::Bytes(_))).count();
    assert!(bounded >= 6, "{bounded} codecs with a proven bound");
    for name in ["utf-1", "fss-utf-proposal-1992"] {
        let Some(c) = damage.codecs.iter().position(|n| *n == name) else { continue };
        assert_eq!(damage.bounds[c], super::damage::Bound::None, "{name}");
        let (worst, never) = damage.worst(c);
        assert!(worst.is_some_and(|w| w > 6) || never > 0, "{name}: {worst:?}, never {never}");
    }
    // Every registered codec's self-synchronization verdict is checked
    // against a claim, so a new codec needs its specification's word here:
    // on a decoder getting in step, or (where that is what it speaks of)
    // on the bytes' types.
    for c in &m.codecs {
        assert!(
            claims.iter().any(|&(name, claim, ..)| name == c.name
                && matches!(claim, Claim::SelfSynchronizing(_) | Claim::TypedBytes(_) | Claim::HoldsNothing)),
            "no self-synchronization claim for `{}`: add its specification's word to CLAIMS",
            c.name
        );
    }
}

#[test]
fn a_claim_the_measurements_contradict_is_reported() {
    let m = stand_in_matrix();
    let p = |n: &str| &m.properties[m.codec_index(n).expect("stand-in")];
    assert!(check_claim(p("utf-8"), Claim::SelfSynchronizing(false)).is_err());
    assert!(check_claim(p("utf-8"), Claim::BoundaryWithin(5)).is_err());
    assert!(check_claim(p("utf-16le"), Claim::SelfSynchronizing(true)).is_err());
    assert!(check_claim(p("utf-16le"), Claim::AsciiTransparent(true)).is_err());
    assert!(check_claim(p("utf-8"), Claim::NoNulByte(true)).is_err());
    assert!(check_claim(p("utf-8"), Claim::TypedBytes(false)).is_err());
    assert_eq!(check_claim(p("utf-8"), Claim::TypedBytes(true)), Ok(()));
    // WTF-16 is not self-synchronizing for the reason UTF-16 is not: from an
    // odd byte, never; its samples are built so that it holds them.
    assert_eq!(check_claim(p("wtf-16le"), Claim::SelfSynchronizing(false)), Ok(()));
    assert_eq!(check_claim(p("wtf-8"), Claim::SelfSynchronizing(true)), Ok(()));
}

#[test]
fn the_synthetic_texts_show_where_the_codecs_part() {
    let m = compute_with(&super::codecs(), super::texts::synthetic(), false);
    let n = m.codecs.len();
    let cells: Vec<usize> = (0..n)
        .flat_map(|a| (0..n).map(move |b| (a, b)))
        .map(|(a, b)| m.reinterpret[a][b].synthetic.per_mille())
        .collect();
    // Not a picture of all or nothing: many shares strictly between.
    let between = cells.iter().filter(|&&pm| pm > 0 && pm < 1000).count();
    let mut distinct = cells.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert!(between >= n && distinct.len() >= 10, "{between} cells between 0 and 100%, {} distinct", distinct.len());
    // Codecs that agree on the well-formed corpus part on these texts: UTF-8
    // reads generalized UTF-8's lone surrogates as errors, and the other way
    // round everything survives.
    let idx = |name: &str| m.codec_index(name).expect("registered");
    let (utf8, generalized) = (idx("utf-8"), idx("generalized-utf-8"));
    let there = m.reinterpret[generalized][utf8].synthetic;
    let back = m.reinterpret[utf8][generalized].synthetic;
    assert!(there.errors > 0 && there.per_mille() < 1000 && there.per_mille() > 500, "{there:?}");
    assert_eq!(back.per_mille(), 1000, "{back:?}");
}

#[test]
fn the_options_parse_and_refuse_what_they_cannot_do() {
    let args = |s: &str| s.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
    let o = super::parse(&args("--codecs utf-8,cesu-8 --seed=42 --out /tmp/x --texts my")).expect("valid options");
    assert_eq!(o.codecs.as_deref(), Some(&["utf-8".to_owned(), "cesu-8".to_owned()][..]));
    assert_eq!((o.seed, o.check), (Some(42), false));
    assert_eq!(o.out.as_deref(), Some(std::path::Path::new("/tmp/x")));
    assert!(super::parse(&args("--check")).is_ok_and(|o| o.check));
    // --check compares the default run's files: no other option with it.
    assert!(super::parse(&args("--check --seed 1")).is_err());
    assert!(super::parse(&args("--seed minus-one")).is_err());
    assert!(super::parse(&args("--seed")).is_err());
    assert!(super::parse(&args("--frobnicate")).is_err());
    // Labels find codecs; unknown names are named in the error.
    let picked = super::pick_codecs(&args("latin1 utf8 UTF-8")).expect("registered labels");
    // `latin1` is ISO-8859-1 as iconv reads it (decision 0043).
    assert_eq!(picked.iter().map(|c| c.info().name).collect::<Vec<_>>(), ["iso-8859-1", "utf-8"]);
    assert!(super::pick_codecs(&args("utf-9")).is_err_and(|e| e.contains("utf-9")));
}

#[test]
fn a_researchers_texts_are_read_as_utf8_and_a_bad_file_is_named() {
    let dir = std::env::temp_dir().join(format!("utfx-matrix-texts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("b.txt"), "Γειά").expect("write");
    std::fs::write(dir.join("a.txt"), "abc").expect("write");
    let texts = super::texts_from(&dir).expect("two UTF-8 files");
    assert_eq!(
        texts.iter().map(|t| (t.name.as_str(), t.points.len())).collect::<Vec<_>>(),
        [("a.txt", 3), ("b.txt", 4)]
    );
    std::fs::write(dir.join("c.txt"), b"ab\xFFc").expect("write");
    let err = super::texts_from(&dir).expect_err("c.txt is not UTF-8");
    assert!(err.contains("c.txt") && err.contains("byte 2"), "{err}");
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// The stand-in matrix with the tables by script and of byte order, over a
/// few registered codecs (a legacy one among them, which encodes only some
/// texts and strings) and the first 60 code points of each text.
fn matrix_with_scripts_and_order() -> Matrix {
    let names = ["utf-8", "utf-16le", "cesu-8", "corrected-utf-8", "windows-1252", "shift_jis"];
    let codecs: Vec<&'static dyn DynCodec> =
        names.iter().map(|n| codec_registry::get(n).expect("registered")).collect();
    let mut m = stand_in_matrix();
    m.by_script = Some(super::scripts::measure(&codecs, &super::scripts::cut(60), false));
    m.order = Some(super::order::compute(&codecs, false));
    let texts =
        super::damage::Texts::new(&[Text::new("a", &"caf\u{E9} na\u{EF}ve ".repeat(20))], &super::scripts::cut(60));
    m.damage = Some(super::damage::compute(&codecs, &texts, &[], 1, 12, false));
    m.strategies = Some(super::strategies::compute(&codecs, &texts, 1, 12, false));
    m
}

#[test]
fn the_tables_by_script_and_of_byte_order_load_and_explain_their_blanks() {
    let m = matrix_with_scripts_and_order();
    let files = render::files(&m);
    let texts = m.by_script.as_ref().expect("measured").texts.len();
    for (name, want) in [("scripts.csv", 6 * texts), ("order.csv", 6)] {
        let (_, records) = load_csv(name, &files[name]);
        assert_eq!(records, want, "{name}");
        assert_eq!(column_problems(name, &files[name]), Vec::<String>::new());
    }
    // windows-1252 cannot encode most scripts: empty cells, explained.
    assert!(files["scripts.csv"].lines().any(|l| l.contains(",windows-1252,no,,,,,")));
    assert!(files["sizes-by-script.svg"].starts_with(&format!("<!-- {HEADER} -->")));
    let json: serde_json::Value = serde_json::from_str(&files["matrix.json"]).expect("valid JSON");
    assert_eq!(json["order"]["codecs"].as_array().map(Vec::len), Some(6));
    assert_eq!(json["scripts"]["sizes"].as_array().map(Vec::len), Some(6 * texts));
}

#[test]
fn the_damage_table_loads_and_explains_its_blanks() {
    let m = matrix_with_scripts_and_order();
    let files = render::files(&m);
    let (header, records) = load_csv("damage.csv", &files["damage.csv"]);
    // Two groups of texts, six codecs, five kinds of damage.
    assert_eq!(records, 2 * 6 * 5, "{header:?}");
    assert_eq!(column_problems("damage.csv", &files["damage.csv"]), Vec::<String>::new());
    // No bound without the properties: said so, and the number left empty.
    assert!(files["damage.csv"].lines().skip(1).all(|l| l.ends_with(",unknown,")), "{}", &files["damage.csv"]);
    // UTF-16 never gets back in step after a deleted byte; UTF-8 always does.
    let row = |codec: &str, kind: &str| -> Vec<String> {
        let line = files["damage.csv"]
            .lines()
            .find(|l| l.starts_with(&format!("scripts,{codec},{kind},")))
            .unwrap_or_else(|| panic!("{codec} {kind}"));
        line.split(',').map(str::to_owned).collect()
    };
    let at = |name: &str| header.iter().position(|h| h == name).expect("a column");
    let utf16 = row("utf-16le", "delete");
    assert_eq!(utf16[at("never_in_step")], utf16[at("events")]);
    assert_eq!((utf16[at("in_step")].as_str(), utf16[at("resync_max")].as_str()), ("0", ""));
    let utf8 = row("utf-8", "delete");
    assert_eq!((utf8[at("never_in_step")].as_str(), utf8[at("in_step")].as_str()), ("0", "12"));
    for svg in ["damage-lost.svg", "damage-resync.svg"] {
        assert!(files[svg].starts_with(&format!("<!-- {HEADER} -->")), "{svg}");
    }
    let json: serde_json::Value = serde_json::from_str(&files["matrix.json"]).expect("valid JSON");
    assert_eq!(json["damage"]["cells"].as_array().map(Vec::len), Some(60));
    assert_eq!(json["damage"]["events_per_cell"], 12);
}

#[test]
fn the_strategies_table_loads_and_says_what_each_mode_did() {
    let m = matrix_with_scripts_and_order();
    let files = render::files(&m);
    let body = &files["strategies.csv"];
    let (header, records) = load_csv("strategies.csv", body);
    // Six codecs, five kinds of damage, every decode mode and the article's.
    let strategies = codec_core::DecodeMode::ALL.len() + 1;
    assert_eq!(records, 6 * 5 * strategies, "{header:?}");
    assert_eq!(column_problems("strategies.csv", body), Vec::<String>::new());
    let at = |name: &str| header.iter().position(|h| h == name).expect("a column");
    let rows: Vec<Vec<&str>> = body.lines().skip(1).map(|l| l.split(',').collect()).collect();
    for r in &rows {
        let n = |c: &str| r[at(c)].parse::<usize>().expect("a number");
        // Every code point compared is kept, altered or lost.
        assert_eq!(n("kept") + n("altered") + n("lost"), n("code_points"), "{r:?}");
        // Escape mode restores the damaged bytes (decision 0003); fatal
        // writes nothing at an error, so it keeps nothing there.
        match r[at("mode")] {
            "escape" => assert_eq!(n("round_trip"), n("events"), "{r:?}"),
            "fatal" => assert_eq!(r[at("safety")], "stops"),
            "ignore" => assert_eq!(r[at("safety")], "joins"),
            _ => {}
        }
    }
    // An odd byte of a UTF-16 unit can be an ASCII byte, which Latin-1
    // reads as ASCII.
    assert!(
        rows.iter().any(|r| r[at("codec")] == "utf-16le" && r[at("mode")] == "latin1" && r[at("safety")] == "ascii")
    );
    assert!(files["strategies.svg"].starts_with(&format!("<!-- {HEADER} -->")));
    let json: serde_json::Value = serde_json::from_str(&files["matrix.json"]).expect("valid JSON");
    assert_eq!(json["strategies"]["cells"].as_array().map(Vec::len), Some(records));
}

#[test]
fn the_sections_by_script_and_on_byte_order_fit_in_100_columns() {
    let files = render::files(&matrix_with_scripts_and_order());
    let readme = &files["README.md"];
    let start = readme.find("## 7. Size by script").expect("section 7");
    let end = readme.find("## CSV files").expect("the CSV section");
    for section in ["## 8. Byte order", "## 9. Damage", "## 10. Error strategies"] {
        assert!(readme[start..end].contains(section), "{section}");
    }
    let pages = [
        &readme[start..end],
        files["scripts.md"].as_str(),
        files["order.md"].as_str(),
        files["damage.md"].as_str(),
        files["strategies.md"].as_str(),
    ];
    for line in pages.iter().flat_map(|p| p.lines()) {
        assert!(line.chars().count() <= 100, "{} columns: {line}", line.chars().count());
    }
    for (at, _) in readme[start..end].match_indices("](") {
        let target = &readme[start + at + 2..];
        let target = &target[..target.find(')').expect("a closed link")];
        assert!(files.contains_key(target), "README.md links to {target}, which is not generated");
    }
}

#[test]
fn the_summary_page_reads_in_a_terminal() {
    // No line of a table in README.md wider than 100 columns, and every
    // page it links to is generated (the full tables live there).
    let m = stand_in_matrix();
    let files = render::files(&m);
    let readme = &files["README.md"];
    for line in readme.lines().filter(|l| l.starts_with('|')) {
        assert!(line.chars().count() <= 100, "a table line of {} columns: {line}", line.chars().count());
    }
    let mut linked = 0;
    for (at, _) in readme.match_indices("](") {
        let target = &readme[at + 2..];
        let target = &target[..target.find(')').expect("a closed link")];
        assert!(files.contains_key(target), "README.md links to {target}, which is not generated");
        linked += 1;
    }
    assert!(linked >= 6, "{linked} links");
}

/// The cells of column `column` in the rows of `codec` of the CSV file
/// `body` (a standard reader's view).
fn csv_cells(body: &str, codec: &str, column: &str) -> Vec<String> {
    let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(body.as_bytes());
    let header: Vec<String> = reader.headers().expect("a header").iter().map(str::to_owned).collect();
    let at = |name: &str| header.iter().position(|h| h == name).unwrap_or_else(|| panic!("no column {name}"));
    let (c, k) = (at("codec"), at(column));
    reader.records().map(|r| r.expect("a record")).filter(|r| &r[c] == codec).map(|r| r[k].to_owned()).collect()
}

#[test]
fn a_codec_that_reads_nothing_back_holds_nothing_in_any_table() {
    // The Encoding Standard's replacement encoding: "1. If byte is
    // end-of-queue, return finished. 2. If replacement error returned is
    // false, set it to true and return error. 3. Return finished" (its
    // decoder), and "the replacement encoder is the utf-8 encoder" (the
    // 2014 draft, section 14.1). Its bytes are UTF-8's, but no text, string
    // or code point survives them: it holds none, and no table may measure
    // it as if it held UTF-8's.
    let codecs: Vec<&'static dyn DynCodec> =
        ["utf-8", "replacement"].iter().map(|n| codec_registry::get(n).expect("registered")).collect();
    let texts = vec![Text::new("a.txt", "plain text, caf\u{E9} \u{20AC}")];
    let mut m = compute_with(&codecs, texts, true);
    let damage_texts = super::damage::Texts::new(&m.texts, &super::scripts::cut(60));
    m.by_script = Some(super::scripts::measure(&codecs, &super::scripts::cut(60), false));
    m.order = Some(super::order::compute(&codecs, false));
    m.damage = Some(super::damage::compute(&codecs, &damage_texts, &m.properties, 1, 12, false));
    m.false_positives = Some(super::fp::compute(&codecs, &m.texts, 1, false));
    let files = render::files(&m);
    // As a source of text in another encoding, it writes none.
    let sources = |codec: &str| -> Vec<String> {
        let body = &files["false-positives-text.csv"];
        let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(body.as_bytes());
        reader.records().map(|r| r.expect("a record")).filter(|r| &r[0] == codec).map(|r| r[2].to_owned()).collect()
    };
    assert!(sources("replacement").iter().all(|n| n == "0"), "{:?}", sources("replacement"));
    assert!(sources("utf-8").iter().all(|n| n == "1"), "{:?}", sources("utf-8"));
    // UTF-8 holds all of it; replacement none.
    for (file, column, utf8, replacement) in [
        ("size.csv", "encodable", "yes", "no"),
        ("scripts.csv", "encodable", "yes", "no"),
        ("order.csv", "byte_order_is_code_point_order", "yes", ""),
        ("properties.csv", "byte_order_is_code_point_order", "yes", ""),
        ("properties.csv", "prefix_free", "yes", ""),
        ("properties.csv", "unique_encoding", "yes", ""),
        ("properties.csv", "sync_bound", "bytes", "nothing"),
        ("properties.csv", "self_synchronizing", "yes", ""),
    ] {
        let (a, b) = (csv_cells(&files[file], "utf-8", column), csv_cells(&files[file], "replacement", column));
        assert!(!a.is_empty() && a.iter().all(|c| c == utf8), "{file} {column}: utf-8 {a:?}");
        assert!(!b.is_empty() && b.iter().all(|c| c == replacement), "{file} {column}: replacement {b:?}");
    }
    assert_eq!(csv_cells(&files["properties.csv"], "replacement", "code_points_held"), ["0"]);
    assert_ne!(csv_cells(&files["properties.csv"], "utf-8", "code_points_held"), ["0"]);
    assert!(csv_cells(&files["damage.csv"], "replacement", "events").iter().all(|n| n == "0"));
    assert!(csv_cells(&files["damage.csv"], "utf-8", "events").iter().any(|n| n != "0"));
    // A takes each input as it holds it: replacement holds none, and writes
    // nothing another codec could misread.
    let r = m.codec_index("replacement").expect("registered");
    for cell in &m.round_trip[r] {
        assert!(cell.fatal.iter().chain(&cell.replace).all(|f| *f == super::compute::Fate::Absent), "{cell:?}");
    }
    for cell in &m.reinterpret[r] {
        assert_eq!((cell.classes.items, cell.texts.items), (0, 0), "{cell:?}");
    }
    // The tables say so, rather than a vacuous "lossless" or "100%".
    let status = |from: &str| -> Vec<String> {
        let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(files["round-trip.csv"].as_bytes());
        reader.records().map(|r| r.expect("a record")).filter(|r| &r[0] == from).map(|r| r[3].to_owned()).collect()
    };
    assert!(status("replacement").iter().all(|s| s == "nothing"), "{:?}", status("replacement"));
    assert!(status("utf-8").iter().all(|s| s != "nothing"), "{:?}", status("utf-8"));
    for page in ["round-trip.md", "reinterpretation.md"] {
        let row = files[page].lines().find(|l| l.starts_with("| `replacement` |")).expect("a row");
        assert!(!row.contains('✓') && !row.contains("100.0%"), "{page}: {row}");
    }
    // Sending text to it loses all of it.
    let s = summarize(&m, &m.round_trip[0][r], Mode::Fatal);
    let held = m.round_trip[0][r].fatal.iter().filter(|f| **f != super::compute::Fate::Absent).count();
    assert_eq!((s.lost.len(), s.altered.len()), (held, 0), "{s:?}");
    // The summary does not list it with the codecs of code point order.
    let readme = &files["README.md"];
    let order = &readme[readme.find("## 8. Byte order").expect("section 8")..];
    let line = order.lines().find(|l| l.starts_with("* Code point order")).expect("a verdict line");
    assert!(!line.contains("`replacement`"), "{line}");
}

#[test]
fn the_shipped_tables_have_every_registered_codec() {
    // The per-codec and pairwise tables of docs/matrix/ cover the whole
    // registry, the Encoding Standard's legacy encodings too (issue 44,
    // item 14); `matrix --check` keeps the files current, so this reads
    // what is shipped. The error strategies are the UTF family's
    // (decision 0039).
    let dir = crate::workspace_root().join(super::OUT_DIR);
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let names: Vec<&str> = codec_registry::all().iter().map(|c| c.info().name).collect();
    for (file, column) in [
        ("properties.csv", "codec"),
        ("repertoire.csv", "codec"),
        ("size.csv", "codec"),
        ("damage.csv", "codec"),
        ("round-trip.csv", "from"),
        ("round-trip.csv", "to"),
        ("reinterpretation.csv", "from"),
        ("reinterpretation.csv", "to"),
        ("bytes.csv", "codec"),
    ] {
        let body = read(file);
        let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(body.as_bytes());
        let at = reader.headers().expect("a header").iter().position(|h| h == column).expect("the column");
        let seen: std::collections::BTreeSet<String> =
            reader.records().map(|r| r.expect("a record")[at].to_owned()).collect();
        let missing: Vec<&&str> = names.iter().filter(|n| !seen.contains(**n)).collect();
        assert!(missing.is_empty(), "{file} {column}: no row for {missing:?}");
    }
    assert_eq!(super::codecs().len(), names.len());
}

/// How one codec's decoder got back in step after the shipped damage
/// events on one text: events with bytes after the damage, how many never
/// got back in step, and the longest distance of the others.
#[derive(Debug, Clone, Copy, Default)]
struct OnText {
    events: usize,
    never: usize,
    worst: Option<usize>,
}

/// The shipped damage events (the default texts, seed and events per
/// cell) on `codec`, summed up per text: `[group][text]`.
fn shipped_damage_by_text(codec: &dyn DynCodec, texts: &super::damage::Texts) -> [Vec<OnText>; 2] {
    use super::damage::{PER_CELL, Resync, draws, outcomes};
    let mut by_text = [vec![OnText::default(); texts.groups[0].len()], vec![OnText::default(); texts.groups[1].len()]];
    for (draw, outcome) in outcomes(codec, texts, &draws(texts, super::SEED, PER_CELL)) {
        let t = &mut by_text[draw.group][draw.text];
        match outcome.resync {
            Resync::NothingAfter => continue,
            Resync::Never => t.never += 1,
            Resync::InStep(d) => t.worst = Some(t.worst.map_or(d, |w| w.max(d))),
        }
        t.events += 1;
    }
    by_text
}

#[test]
fn the_shipped_self_synchronization_claims_hold_on_every_script() {
    // What docs/matrix/properties.csv claims of each codec's decoder getting
    // back in step, and what the specifications claim (CLAIMS), checked
    // against the damage events on every text, each script's and the
    // corpus's, one by one (issue 44, item 13): a bound proven from the
    // bytes' classes holds on every text; "in step within w" is the worst
    // any text showed, and no text showed a decoder that never got back in
    // step; "no" is some text's event that never did.
    let root = crate::workspace_root();
    let texts =
        super::damage::Texts::new(&super::compute::load_texts(&root).expect("bench/data"), super::scripts::TEXTS);
    let names = [
        super::compute::load_texts(&root).expect("bench/data").iter().map(|t| t.name.clone()).collect::<Vec<_>>(),
        super::scripts::TEXTS.iter().map(|t| t.file.to_owned()).collect(),
    ];
    let body = std::fs::read_to_string(root.join(super::OUT_DIR).join("properties.csv")).expect("properties.csv");
    let codecs = super::codecs();
    let measured = super::compute::par_map("", false, &codecs, |c| shipped_damage_by_text(*c, &texts));
    let claims = claims();
    let mut failures = Vec::new();
    for (codec, by_text) in codecs.iter().zip(&measured) {
        let name = codec.info().name;
        let cell = |column: &str| -> String {
            let cells = csv_cells(&body, name, column);
            assert_eq!(cells.len(), 1, "properties.csv: {name} {column}: {cells:?}");
            cells[0].clone()
        };
        let texts_of = || by_text.iter().zip(&names).flat_map(|(g, n)| g.iter().zip(n));
        let never: Vec<(usize, &String)> = texts_of().filter(|(t, _)| t.never > 0).map(|(t, n)| (t.never, n)).collect();
        let worst = texts_of().filter_map(|(t, n)| t.worst.map(|w| (w, n))).max_by_key(|(w, _)| *w);
        let events: usize = texts_of().map(|(t, _)| t.events).sum();
        // The bound proven from the grammar holds on every text.
        if cell("sync_bound") == "bytes" {
            let k: usize = cell("sync_bytes_back").parse().expect("a number");
            if let Some((count, text)) = never.first() {
                failures.push(format!("{name}: bound {k}, but never back in step in {count} events on {text}"));
            }
            if let Some((w, text)) = worst.filter(|(w, _)| *w > k) {
                failures.push(format!("{name}: bound {k}, but {w} bytes to get back in step on {text}"));
            }
        }
        // The table's measured claim is what the texts show, text by text.
        match cell("decoder_in_step").as_str() {
            "yes" => {
                let w: usize = cell("decoder_in_step_within").parse().expect("a number");
                if let Some((count, text)) = never.first() {
                    failures.push(format!("{name}: in step within {w}, but never in {count} events on {text}"));
                }
                match worst {
                    Some((got, text)) if got != w => {
                        failures.push(format!("{name}: in step within {w}, but the worst is {got} bytes ({text})"));
                    }
                    None => failures.push(format!("{name}: in step within {w}, but no event got back in step")),
                    Some(_) => {}
                }
            }
            "no" if never.is_empty() => {
                failures.push(format!("{name}: never in step, but every event on every text was"))
            }
            "no" => {
                let total: usize = never.iter().map(|(n, _)| n).sum();
                let has = body.lines().next().is_some_and(|h| h.split(',').any(|c| c == "damage_never_in_step"));
                let claimed = if has { cell("damage_never_in_step") } else { "(no column)".to_owned() };
                if claimed != total.to_string() {
                    failures.push(format!("{name}: never in step in {claimed} events, the texts show {total}"));
                }
            }
            "" if events > 0 => failures.push(format!("{name}: no claim, but {events} events")),
            "" => {}
            other => failures.push(format!("{name}: decoder_in_step {other:?}")),
        }
        // The specifications' words on a decoder getting in step.
        for &(_, claim, doc, section) in claims.iter().filter(|(n, ..)| *n == name) {
            match claim {
                Claim::SelfSynchronizing(true) if !never.is_empty() => {
                    failures
                        .push(format!("{name}: {claim:?} ({doc}, {section}), but never in step on {:?}", never[0].1));
                }
                Claim::SelfSynchronizing(false) if never.is_empty() => {
                    failures.push(format!("{name}: {claim:?} ({doc}, {section}), but always back in step"));
                }
                Claim::BoundaryWithin(k) if worst.is_some_and(|(w, _)| w > k) || !never.is_empty() => {
                    failures.push(format!("{name}: {claim:?} ({doc}, {section}), but {worst:?}, never {never:?}"));
                }
                _ => {}
            }
        }
    }
    assert!(failures.is_empty(), "self-synchronization claims the damage contradicts:\n{}", failures.join("\n"));
}

/// The bars of a chart of [`super::chart::small_multiples`]: each bar's
/// width in pixels and the number its label shows, in the order drawn.
fn bars(svg: &str) -> Vec<(f64, f64)> {
    let attr = |line: &str, name: &str| -> Option<String> {
        let at = line.find(&format!(" {name}=\""))? + name.len() + 3;
        Some(line[at..at + line[at..].find('"')?].to_owned())
    };
    let mut out = Vec::new();
    let mut width = None;
    for line in svg.lines() {
        if line.starts_with("<rect ") && line.contains(super::chart::BLUE) {
            width = attr(line, "width").and_then(|w| w.parse::<f64>().ok());
        } else if let (Some(w), true) = (width, line.starts_with("<text ") && line.contains("font-size=\"11\"")) {
            let label = &line[line.find('>').expect("a tag") + 1..line.rfind("</text>").expect("a closing tag")];
            out.push((w, label.parse::<f64>().expect("a number")));
            width = None;
        }
    }
    out
}

#[test]
fn the_damage_charts_share_one_scale_and_show_no_empty_column() {
    // issue 44, item 15: damage-lost.svg drew each panel on its own scale,
    // so that a mean of 1.00 was a short bar in one panel and a long one in
    // the next; damage-resync.svg had a column of dashes for the cut,
    // which leaves no bytes to get back in step on.
    let m = matrix_with_scripts_and_order();
    let files = render::files(&m);
    for svg in ["damage-lost.svg", "damage-resync.svg"] {
        let bars = bars(&files[svg]);
        assert!(bars.iter().filter(|(_, v)| *v > 0.0).count() >= 10, "{svg}: {bars:?}");
        // Pixels per unit, from the longest bar; every bar on that scale,
        // but for the rounding of widths (to a tenth of a pixel) and of
        // the numbers (to hundredths), here and in the longest bar.
        let &(w, v) = bars.iter().max_by(|a, b| a.1.total_cmp(&b.1)).expect("bars");
        let r = w / v;
        for &(w, v) in &bars {
            assert!((w - v * r).abs() <= 0.1 + 0.006 * r, "{svg}: a bar of {w} px for {v}, {r} px per unit");
        }
    }
    let heading = |kind: &str| format!("font-weight=\"bold\">{kind}</text>");
    assert!(files["damage-lost.svg"].contains(&heading("truncate")));
    assert!(!files["damage-resync.svg"].contains(&heading("truncate")));
    assert!(files["damage-resync.svg"].contains(&heading("delete")));
}
