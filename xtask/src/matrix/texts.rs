//! Synthetic texts: short prose with code points the codecs of the family
//! treat differently mixed in (supplementary characters, NUL, C1 controls,
//! U+FEFF, noncharacters, lone surrogates, code points beyond U+10FFFF), so
//! that the round-trip, reinterpretation and size tables show where the
//! codecs part, which the well-formed corpus texts cannot (the UTF-8-shaped
//! codecs agree on all of them).
//!
//! They are built here rather than read from files: no UTF-8 file can hold
//! a lone surrogate or U+110000. Nothing here names a codec.

use codec_core::CodePoint;

use super::compute::Text;

/// The prose the special code points are mixed into: ASCII, with a few
/// Latin-1 letters so that two-byte forms appear too.
const PROSE: &str = "The quick brown fox jumps over the lazy dog; caf\u{E9} cr\u{E8}me br\u{FB}l\u{E9}e, \
                     na\u{EF}ve r\u{E9}sum\u{E9}. Pack my box with five dozen liquor jugs! ";

/// How many times the prose is repeated in each text.
const REPEAT: usize = 4;

/// `PROSE` repeated, with `specials` cycled in after every `every`-th
/// code point of the prose (dense, so that the share a codec gets wrong
/// shows in the heat map, not only in the counts).
fn mix(specials: &[u32], every: usize) -> Vec<CodePoint> {
    let mut out = Vec::new();
    let mut next = specials.iter().cycle();
    for (i, c) in PROSE.chars().cycle().take(PROSE.chars().count() * REPEAT).enumerate() {
        out.push(CodePoint::from(c));
        if (i + 1) % every == 0
            && let Some(&special) = next.next()
        {
            out.push(CodePoint::new(special));
        }
    }
    out
}

/// Every synthetic text, in the order of the tables.
#[must_use]
pub fn synthetic() -> Vec<Text> {
    [
        (
            "s1-supplementary",
            "supplementary characters (emoji, CJK Extension B, U+10000, U+10FFFD) among BMP text",
            mix(&[0x1_F600, 0x2_0000, 0x1_F4A9, 0x1_0000, 0x10_FFFD, 0x4E2D, 0x20AC], 2),
        ),
        ("s2-nul", "U+0000 between words, and C0 controls (tab, newline)", mix(&[0x00, 0x09, 0x00, 0x0A], 2)),
        (
            "s3-c1",
            "C1 controls (U+0080, U+0085 NEL, U+009F) next to Latin-1 letters",
            mix(&[0x85, 0x80, 0xE9, 0x9F, 0xA0], 2),
        ),
        (
            "s4-bom",
            "U+FEFF at the start and inside the text, and U+FFFD",
            [CodePoint::new(0xFEFF)].into_iter().chain(mix(&[0xFEFF, 0xFFFD], 2)).collect(),
        ),
        (
            "s5-noncharacters",
            "noncharacters (U+FDD0, U+FFFE, U+FFFF, U+1FFFE, U+10FFFF)",
            mix(&[0xFDD0, 0xFFFE, 0xFFFF, 0x1_FFFE, 0x10_FFFF], 2),
        ),
        (
            "s6-lone-surrogates",
            "lone surrogates (ill-formed UTF-16: U+D800, U+DC00, U+DBFF, U+DFFF), never a lead right before a trail",
            mix(&[0xD800, 0xDC00, 0xD83D, 0xDFFF, 0xDBFF], 2),
        ),
        (
            "s7-beyond-unicode",
            "code points beyond U+10FFFF (U+110000, U+1FFFFF, U+3FFFFFF, U+7FFFFFFF) and a supplementary one",
            mix(&[0x11_0000, 0x1F_FFFF, 0x3FF_FFFF, 0x7FFF_FFFF, 0x1_F600], 2),
        ),
        (
            "s8-mixed",
            "all the scalar values above at once: supplementary, NUL, C1, U+FEFF, noncharacters",
            mix(&[0x1_F600, 0x00, 0x85, 0xFEFF, 0xFFFF, 0x2_0000, 0x9F], 2),
        ),
    ]
    .into_iter()
    .map(|(name, about, points)| Text::synthetic(name, about, points))
    .collect()
}

#[cfg(test)]
mod tests {
    use super::synthetic;

    #[test]
    fn the_synthetic_texts_hold_what_they_say() {
        let texts = synthetic();
        assert_eq!(texts.len(), 8);
        let has = |name: &str, v: u32| {
            texts.iter().find(|t| t.name == name).expect("a text").points.iter().any(|p| p.to_u32() == v)
        };
        assert!(has("s1-supplementary", 0x1_F600) && has("s2-nul", 0) && has("s3-c1", 0x85));
        assert!(has("s4-bom", 0xFEFF) && has("s5-noncharacters", 0xFFFE) && has("s6-lone-surrogates", 0xDC00));
        assert!(has("s7-beyond-unicode", 0x7FFF_FFFF) && has("s8-mixed", 0x9F));
        // No lead surrogate right before a trail surrogate: they would be a pair.
        for t in &texts {
            assert!(!t.points.windows(2).any(|w| w[0].is_lead_surrogate() && w[1].is_trail_surrogate()), "{}", t.name);
        }
    }
}
