//! Measures each codec's properties by running it: over a sweep of single code
//! points (all of the BMP, a stride through the supplementary planes, every
//! power of two to 2^72 and its neighbours, the class samples), over every
//! input of one and two bytes plus a palette of three- and four-byte inputs,
//! and over every codec's encodings of the class samples. Nothing is read
//! from `CodecInfo` but the declared maximum, shown beside the measured one.

use std::collections::{BTreeSet, HashMap};

use codec_core::num_bigint::BigUint;
use codec_core::{BigCodePoint, DynCodec, EncodeStep, Step};
use codec_registry::BigCodec;

use super::classes::{Class, short};

/// A yes/no property with the first counter-example (or a remark) in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// True when the property holds on every input tried.
    pub ok: bool,
    /// The first counter-example, or an empty string.
    pub note: String,
}

impl Verdict {
    fn yes() -> Self {
        Verdict { ok: true, note: String::new() }
    }

    fn no(note: String) -> Self {
        Verdict { ok: false, note }
    }
}

/// Whether U+0000 is the only code point whose encoding has a `00` byte.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NulFree {
    /// No encoding has a `00` byte, not even U+0000's.
    Yes,
    /// Only U+0000 encodes with a `00` byte.
    OnlyNul,
    /// Some other code point does (the first one, in words).
    No(String),
}

/// Every measured property of one codec.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Props {
    /// ASCII code points encode to their own byte, each ASCII byte decodes to
    /// itself, and no other code point's encoding has a byte below `0x80`.
    pub ascii_transparent: Verdict,
    /// `Ok(bound)`: no byte value both starts and continues an item, so a
    /// reader finds a boundary at most `longest_item - 1` bytes back
    /// (`Some(k)`), or, when items have no longest, no bound (`None`); else
    /// the offending byte. Proven from the grammar: the byte classes are
    /// read off the codec's encodings of every code point of the sweep
    /// (the grammar's lead and continuation bytes), the longest item from
    /// the declared longest encoding and [`longest_item`]'s search of the
    /// decoder for longer items.
    pub byte_classes: Result<Option<usize>, String>,
    /// The longest item the grammar allows, in bytes (`None`: no longest),
    /// and what it is, in words.
    pub longest_item: (Option<usize>, String),
    /// `Ok(k)`: a decoder started at any byte of a sample text is back in step
    /// with the true boundaries within `k` bytes; else why not. Measured on
    /// that sample only: a worst case over its start bytes, not a bound.
    pub resync: Result<usize, String>,
    /// The length in bytes of the sample text `resync` was measured on.
    pub resync_sample_bytes: usize,
    /// No encoding of a code point is a proper prefix of another's.
    pub prefix_free: Verdict,
    /// Encodings sort (bytewise) in code point order.
    pub ordered: Verdict,
    /// Which code points have a `00` byte in their encoding.
    pub nul_free: NulFree,
    /// No two byte strings tried decode, without error, to the same code points.
    pub unique: Verdict,
    /// The longest encoding of one code point held (0 when it holds none).
    pub max_bytes: usize,
    /// How many code points of the sweep the codec holds: it encodes each,
    /// and its decoder reads the bytes back as it. Every verdict on the
    /// codec's encodings is over these; none (the Encoding Standard's
    /// replacement, whose decoder reads an error in any input) makes them
    /// empty, not true.
    pub held: usize,
    /// The maximum the codec declares (`None`: unbounded).
    pub declared_max_bytes: Option<usize>,
    /// Every well-formed UTF-8 input tried decodes to the same code points.
    pub superset_of_utf8: Verdict,
    /// How many single code points were tried, and how many byte strings.
    pub tried: (usize, usize),
}

/// Bytes as spaced uppercase hex, as the vector files write them.
pub use codec_test::hex::format as hex;

/// The single code points every codec is tried on, ascending.
fn sweep(classes: &[Class]) -> Vec<BigCodePoint> {
    let mut set: BTreeSet<BigCodePoint> = (0..=0xFFFFu64).map(BigCodePoint::from_u64).collect();
    set.extend((0x1_0000..=0x10_FFFFu64).step_by(0x101).map(BigCodePoint::from_u64));
    for plane in 1..=16u64 {
        set.extend([plane << 16, (plane << 16) | 0xFFFF].map(BigCodePoint::from_u64));
    }
    for k in 0..=72u32 {
        let p = BigUint::from(1u8) << k;
        set.insert(BigCodePoint::from(&p - BigUint::from(1u8)));
        set.insert(BigCodePoint::from(&p + BigUint::from(1u8)));
        set.insert(BigCodePoint::from(p));
    }
    for class in classes {
        set.extend(class.units.iter().filter(|u| u.len() == 1).map(|u| u[0].clone()));
    }
    set.into_iter().collect()
}

/// Encodes one code point with the codec's own step (as the drivers do at the
/// end of input); `None` when it is unencodable.
fn encode_one(codec: &dyn DynCodec, cp: &BigCodePoint) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    match super::compute::wide(codec).encode_step(std::slice::from_ref(cp), true, &mut out) {
        EncodeStep::Done(_) => Some(out),
        EncodeStep::Invalid(_) | EncodeStep::Incomplete => None,
    }
}

/// Decodes all of `input` step by step into `out` (cleared first); false at
/// the first error.
fn decode_into(codec: &dyn BigCodec, input: &[u8], out: &mut Vec<BigCodePoint>) -> bool {
    out.clear();
    let mut rest = input;
    // A stateful codec's state (iso-2022-jp's shifts).
    let mut state = 0;
    while !rest.is_empty() {
        match codec.decode_step_in(&mut state, rest, true) {
            Step::Point { point, len } => {
                out.push(point);
                rest = &rest[len..];
            }
            Step::Pair { point, second, len } => {
                out.extend([point, second]);
                rest = &rest[len..];
            }
            Step::Shift { len } => rest = &rest[len..],
            Step::Reserved { .. } | Step::Invalid { .. } | Step::Incomplete => return false,
        }
    }
    true
}

/// Decodes all of `input` step by step; `None` at the first error.
fn decode_all(codec: &dyn BigCodec, input: &[u8]) -> Option<Vec<BigCodePoint>> {
    let mut out = Vec::new();
    decode_into(codec, input, &mut out).then_some(out)
}

/// Bytes tried in three- and four-byte inputs: the edges of the byte classes
/// of the UTF-8 family and of UTF-16 surrogates.
const PALETTE_3: &[u8] =
    &[0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xD8, 0xDC, 0xE0, 0xED, 0xFF];
const PALETTE_4: &[u8] = &[0x00, 0x41, 0x80, 0x8F, 0x90, 0xA0, 0xBF, 0xC0, 0xED, 0xF0];

/// Measures every property of `codec`; `all` gives the other codecs whose
/// encodings of the class samples are tried too.
#[must_use]
pub fn measure(codec: &dyn DynCodec, all: &[&'static dyn DynCodec], classes: &[Class]) -> Props {
    let wide = super::compute::wide(codec);
    let samples = sweep(classes);
    // The code points it holds, with their bytes: an encoding its decoder
    // does not read back as the code point is no encoding of it.
    let encoded: Vec<(BigCodePoint, Vec<u8>)> = samples
        .iter()
        .filter_map(|cp| {
            let bytes = encode_one(codec, cp)?;
            (decode_all(&*wide, &bytes).as_deref() == Some(std::slice::from_ref(cp))).then(|| (cp.clone(), bytes))
        })
        .collect();

    // ASCII transparency.
    let mut ascii_transparent = Verdict::yes();
    for b in 0..0x80u8 {
        let cp = BigCodePoint::from_u64(u64::from(b));
        let enc = wide.encode(std::slice::from_ref(&cp));
        let dec = decode_all(&*wide, &[b]);
        if enc.as_deref() != Ok(&[b][..]) {
            let enc = enc.map_or_else(|e| e.kind().as_str().to_owned(), |v| hex(&v));
            ascii_transparent = Verdict::no(format!("{cp} encodes as {enc}"));
            break;
        }
        if dec.as_deref() != Some(std::slice::from_ref(&cp)) {
            let dec = dec.map_or_else(|| "an error".to_owned(), |d| super::classes::short_unit(&d));
            ascii_transparent = Verdict::no(format!("byte {b:02X} reads as {dec}"));
            break;
        }
    }
    if ascii_transparent.ok
        && let Some((cp, bytes)) = encoded.iter().find(|(cp, bytes)| cp.bits() > 7 && bytes.iter().any(|&b| b < 0x80))
    {
        ascii_transparent = Verdict::no(format!("{cp} encodes as {} (a byte below 80)", hex(bytes)));
    }

    // Byte classes: does any byte value both start and continue a sequence?
    let mut first = [false; 256];
    let mut later = [false; 256];
    for (_, bytes) in &encoded {
        if let Some((&f, rest)) = bytes.split_first() {
            first[usize::from(f)] = true;
            for &b in rest {
                later[usize::from(b)] = true;
            }
        }
    }
    let max_bytes = encoded.iter().map(|(_, b)| b.len()).max().unwrap_or(0);
    let longest_item = longest_item(codec, &later, codec.info().max_bytes_per_code_point);
    let byte_classes = match (0..256).find(|&b| first[b] && later[b]) {
        _ if encoded.is_empty() => Err("it holds no code point".to_owned()),
        Some(b) => Err(format!("byte {b:02X} both starts and continues sequences")),
        None => Ok(longest_item.0.map(|n| n.saturating_sub(1))),
    };

    let (resync, resync_sample_bytes) = resync(codec, classes);
    let prefix_free = prefix_free(&encoded);

    let ordered = encoded.windows(2).find(|w| w[0].1 >= w[1].1).map_or_else(Verdict::yes, |w| {
        Verdict::no(format!("{} ({}) sorts after {} ({})", short(&w[0].0), hex(&w[0].1), short(&w[1].0), hex(&w[1].1)))
    });

    let nul_free = match encoded.iter().find(|(cp, b)| cp.bits() > 0 && b.contains(&0)) {
        Some((cp, bytes)) => NulFree::No(format!("{} encodes as {}", short(cp), hex(bytes))),
        None if encoded.iter().any(|(cp, b)| cp.bits() == 0 && b.contains(&0)) => NulFree::OnlyNul,
        None => NulFree::Yes,
    };

    let (unique, superset_of_utf8, tried) = unique_and_superset(codec, all, classes, &encoded, &samples);

    Props {
        ascii_transparent,
        byte_classes,
        longest_item,
        resync,
        resync_sample_bytes,
        prefix_free,
        ordered,
        nul_free,
        unique,
        max_bytes,
        held: encoded.len(),
        declared_max_bytes: codec.info().max_bytes_per_code_point,
        superset_of_utf8,
        tried: (samples.len(), tried),
    }
}

/// No encoding is a proper prefix of another (sorted, a prefix sits right
/// before the strings it starts).
fn prefix_free(encoded: &[(BigCodePoint, Vec<u8>)]) -> Verdict {
    let mut sorted: Vec<&(BigCodePoint, Vec<u8>)> = encoded.iter().collect();
    sorted.sort_by(|x, y| x.1.cmp(&y.1).then_with(|| x.0.cmp(&y.0)));
    for w in sorted.windows(2) {
        if w[1].1.starts_with(&w[0].1) {
            return Verdict::no(format!(
                "{} ({}) starts {} ({})",
                short(&w[0].0),
                hex(&w[0].1),
                short(&w[1].0),
                hex(&w[1].1)
            ));
        }
    }
    Verdict::yes()
}

/// The separator [`sample_text`] puts between two units that change when
/// glued together: U+0041, which every codec of the family holds.
const SEPARATOR: u64 = 0x41;

/// A sample text the codec holds as it is: the class samples it encodes and
/// decodes back unchanged, a unit at a time. A unit whose bytes would join
/// with the text before it (a lone lead surrogate then a lone trail
/// surrogate make a pair in WTF-16 and WTF-8, so the text would not be the
/// one meant) goes after a separator; a unit that does not come back
/// unchanged even so is left out.
fn sample_text(codec: &dyn DynCodec, classes: &[Class]) -> Vec<BigCodePoint> {
    let wide = super::compute::wide(codec);
    let holds = |text: &[BigCodePoint]| wide.encode(text).is_ok_and(|bytes| wide.decode(&bytes).as_deref() == Ok(text));
    let separator = BigCodePoint::from_u64(SEPARATOR);
    let mut text: Vec<BigCodePoint> = Vec::new();
    for unit in classes.iter().flat_map(|c| c.units.iter()) {
        let before = text.len();
        text.extend(unit.iter().cloned());
        if holds(&text) {
            continue;
        }
        text.truncate(before);
        text.push(separator.clone());
        text.extend(unit.iter().cloned());
        if !holds(&text) {
            text.truncate(before);
        }
    }
    text
}

/// Starts a decoder at every byte of a sample text (the class samples the
/// codec holds, [`sample_text`], twice over) and measures how far it reads
/// before one of its boundaries is a true boundary, after which it reads in
/// step.
fn resync(codec: &dyn DynCodec, classes: &[Class]) -> (Result<usize, String>, usize) {
    let wide = super::compute::wide(codec);
    let units = sample_text(codec, classes);
    if units.is_empty() {
        return (Err("it holds no sample".to_owned()), 0);
    }
    let Ok(one) = wide.encode(&units) else { return (Err("cannot encode its own samples".to_owned()), 0) };
    (resync_on(codec, &units, &one), one.len())
}

/// [`resync`] on the sample `units`, whose bytes are `one`.
fn resync_on(codec: &dyn DynCodec, units: &[BigCodePoint], one: &[u8]) -> Result<usize, String> {
    let wide = super::compute::wide(codec);
    if one.is_empty() {
        return Ok(0);
    }
    // The text twice over, with a separator between when the two copies
    // would join; the first copy's bytes are then a prefix of the whole.
    let mut twice = units.to_vec();
    if !units.first().zip(units.last()).is_some_and(|(first, last)| {
        wide.encode(&[last.clone(), first.clone()])
            .is_ok_and(|b| wide.decode(&b).as_deref() == Ok(&[last.clone(), first.clone()][..]))
    }) {
        twice.push(BigCodePoint::from_u64(SEPARATOR));
    }
    twice.extend(units.iter().cloned());
    let Ok(text) = wide.encode(&twice) else { return Err("cannot encode its own samples twice".to_owned()) };
    if !text.starts_with(one) {
        return Err("its samples' bytes change when repeated".to_owned());
    }
    let mut boundary = vec![false; text.len() + 1];
    let mut pos = 0;
    boundary[0] = true;
    while pos < text.len() {
        pos += match super::compute::wide(codec).decode_step(&text[pos..], true) {
            Step::Point { len, .. }
            | Step::Pair { len, .. }
            | Step::Reserved { len }
            | Step::Shift { len }
            | Step::Invalid { len, .. } => len,
            Step::Incomplete => text.len() - pos,
        };
        boundary[pos] = true;
    }
    let mut worst = 0;
    for p in 1..one.len() {
        if boundary[p] {
            continue;
        }
        let mut at = p;
        loop {
            at += match super::compute::wide(codec).decode_step(&text[at..], true) {
                Step::Point { len, .. }
                | Step::Pair { len, .. }
                | Step::Reserved { len }
                | Step::Shift { len }
                | Step::Invalid { len, .. } => len,
                Step::Incomplete => text.len() - at,
            };
            if at >= text.len() {
                return Err(format!("never, from byte {p} of a sample text ({} bytes)", one.len()));
            }
            if boundary[at] {
                worst = worst.max(at - p);
                break;
            }
        }
    }
    Ok(worst)
}

/// The longest input the search of [`longest_item`] tries, in bytes: an
/// item this long is taken for one of no bounded length.
const PROBE_LEN: usize = 1 << 17;

/// The longest item `codec`'s grammar allows: the longest encoding of a
/// code point it declares (`None`: no longest), or a longer item its
/// decoder takes as one, whichever is longer. The decoder is searched with
/// every byte value followed by a run of one continuation byte (`later`):
/// a run it takes as one item longer than the declared longest (a reserved
/// sequence) is lengthened, doubling, then bisected to the longest run it
/// still takes whole; a run of [`PROBE_LEN`] bytes taken whole means items
/// of any length (as far as a search can tell; the declared `None` is the
/// grammar's own word). The runs are of the lowest and of the highest
/// continuation byte.
fn longest_item(codec: &dyn DynCodec, later: &[bool; 256], declared: Option<usize>) -> (Option<usize>, String) {
    let Some(declared) = declared else {
        return (None, "the codec declares code points of any length".to_owned());
    };
    let wide = super::compute::wide(codec);
    // The length of the item `lead` then `len - 1` bytes `c` starts with,
    // when the decoder takes all of it as one item (code point or reserved).
    let whole = |lead: u8, c: u8, len: usize| {
        let mut input = vec![c; len];
        input[0] = lead;
        matches!(wide.decode_step(&input, true), Step::Point { len: l, .. } | Step::Reserved { len: l } if l == len)
    };
    let mut best = (Some(declared), "the longest encoding of a code point (declared)".to_owned());
    // The lowest and the highest continuation byte: a grammar that reads a
    // run of one differently from a run of another does so at its ends.
    let runs: Vec<u8> = {
        let mut all = (0..=255u8).filter(|&c| later[usize::from(c)]);
        let low = all.next();
        low.into_iter().chain(all.next_back()).collect()
    };
    for lead in 0..=255u8 {
        for &c in &runs {
            let start = 2 * declared + 2;
            if !whole(lead, c, start) {
                continue;
            }
            let (mut ok, mut bad) = (start, start * 2);
            while bad <= PROBE_LEN && whole(lead, c, bad) {
                ok = bad;
                bad *= 2;
            }
            if bad > PROBE_LEN {
                return (None, format!("{lead:02X} then {c:02X} bytes: one item at {ok} bytes and more"));
            }
            while bad - ok > 1 {
                let mid = ok + (bad - ok) / 2;
                if whole(lead, c, mid) { ok = mid } else { bad = mid }
            }
            if best.0.is_some_and(|b| ok > b) {
                best = (Some(ok), format!("{lead:02X} then {} {c:02X} bytes: one item", ok - 1));
            }
        }
    }
    best
}

/// A 64-bit fingerprint of a code point string (FNV-1a over the values;
/// a code point beyond 64 bits by its bits' count and lowest 64 bits).
fn fingerprint(points: &[BigCodePoint]) -> u64 {
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    for p in points {
        let v = p.to_u64().unwrap_or_else(|| {
            let low = p.to_biguint().iter_u64_digits().next().unwrap_or(0);
            low ^ p.bits().rotate_left(32) ^ 0x8000_0000_0000_0000
        });
        for b in v.to_le_bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
        }
    }
    h
}

/// Unique encoding and superset-of-UTF-8 over the exhaustive short inputs,
/// the palettes, the codec's own encodings, the scalar samples in UTF-8 and
/// every codec's encodings of the class samples. Returns how many byte
/// strings it tried.
fn unique_and_superset(
    codec: &dyn DynCodec,
    all: &[&'static dyn DynCodec],
    classes: &[Class],
    encoded: &[(BigCodePoint, Vec<u8>)],
    samples: &[BigCodePoint],
) -> (Verdict, Verdict, usize) {
    let wide = super::compute::wide(codec);
    // The inputs that decoded, by a fingerprint of what they decoded to
    // (only looked up, never iterated: the verdict does not depend on hash
    // order). A fingerprint met again is checked by decoding the earlier
    // input again: the same code points from other bytes end uniqueness, a
    // mere collision probes the next fingerprint. The inputs themselves
    // live in one buffer: a map of code point strings to byte strings
    // took most of this function's time in allocations.
    let mut seen: HashMap<u64, (usize, usize)> = HashMap::new();
    let mut kept: Vec<u8> = Vec::new();
    let mut earlier = Vec::new();
    let mut unique = Verdict::yes();
    let mut superset = Verdict::yes();
    let mut tried = 0usize;
    let mut got = Vec::new();
    let mut check = |input: &[u8]| {
        tried += 1;
        let ok = decode_into(&*wide, input, &mut got);
        if superset.ok
            && let Ok(s) = std::str::from_utf8(input)
        {
            let same = ok
                && got.len() == s.chars().count()
                && got.iter().zip(s.chars()).all(|(g, c)| g.to_u64() == Some(u64::from(c)));
            if !same {
                let what = if ok { super::classes::short_unit(&got) } else { "an error".to_owned() };
                superset = Verdict::no(format!("UTF-8 {} reads as {what}", hex(input)));
            }
        }
        if ok && unique.ok {
            let mut key = fingerprint(&got);
            loop {
                let Some(&(at, len)) = seen.get(&key) else {
                    seen.insert(key, (kept.len(), input.len()));
                    kept.extend_from_slice(input);
                    break;
                };
                let other = &kept[at..at + len];
                if decode_into(&*wide, other, &mut earlier) && earlier == got {
                    if other != input {
                        unique = Verdict::no(format!(
                            "{} and {} both read as {}",
                            hex(other),
                            hex(input),
                            super::classes::short_unit(&got)
                        ));
                    }
                    break;
                }
                key = key.wrapping_add(1);
            }
        }
    };
    for a in 0..=255u8 {
        check(&[a]);
    }
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            check(&[a, b]);
        }
    }
    for a in 0..=255u8 {
        for &b in PALETTE_3 {
            for &c in PALETTE_3 {
                check(&[a, b, c]);
            }
        }
    }
    for &a in PALETTE_4 {
        for &b in PALETTE_4 {
            for &c in PALETTE_4 {
                for &d in PALETTE_4 {
                    check(&[a, b, c, d]);
                }
            }
        }
    }
    for (_, bytes) in encoded {
        check(bytes);
    }
    let mut buf = [0u8; 4];
    for cp in samples {
        if let Some(c) = cp.to_u64().and_then(|v| u32::try_from(v).ok()).and_then(char::from_u32) {
            check(c.encode_utf8(&mut buf).as_bytes());
        }
    }
    for &other in all {
        for unit in classes.iter().flat_map(|c| c.units.iter()) {
            if let Ok(bytes) = super::compute::wide(other).encode(unit) {
                check(&bytes);
            }
        }
    }
    (unique, superset, tried)
}
