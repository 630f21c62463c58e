//! Table 1 of the WTF-8 specification, the surrogate byte sequences: the one
//! place that knows their bytes (the decoder's pair rule, the fast
//! validator's tables, the string types' concatenation, and CESU-8's
//! six-byte pairs in `codec-cesu8` use it).

use codec_core::{CodePoint, Step};
use codec_utf8::automaton::{self, Grammar};
use utfx_kernels::Utf8Tables;

// The WTF-8 specification, Table 1 (surrogate byte sequences):
//
//   Lead surrogate byte sequence    ED  A0 to AF  80 to BF
//   Trail surrogate byte sequence   ED  B0 to BF  80 to BF
//
// A surrogate pair byte sequence is a lead surrogate byte sequence followed
// by a trail surrogate byte sequence.
/// The allowed range of each byte of a lead surrogate byte sequence.
const LEAD: [(u8, u8); 3] = [(0xED, 0xED), (0xA0, 0xAF), (0x80, 0xBF)];
/// The allowed range of each byte of a trail surrogate byte sequence.
const TRAIL: [(u8, u8); 3] = [(0xED, 0xED), (0xB0, 0xBF), (0x80, 0xBF)];

/// The fast validator's tables for WTF-8: generalized UTF-8's, with a lead
/// surrogate byte sequence followed by a trail surrogate byte sequence
/// forbidden (the validator then holds back a lead surrogate that the bytes
/// to come decide, as [`crate::decode`]'s step does).
pub(crate) const TABLES: Utf8Tables =
    Grammar::GENERALIZED.tables().expect("generalized UTF-8 has tables").with_forbidden_pair(LEAD, TRAIL);

/// Returns true when `bytes` (at most three are looked at) could begin a
/// sequence of `table`: each byte present is in its range.
fn fits(table: &[(u8, u8); 3], bytes: &[u8]) -> bool {
    bytes.iter().zip(table).all(|(b, &(lo, hi))| (lo..=hi).contains(b))
}

/// Returns the surrogate the first three bytes of `bytes` encode, when they
/// are a sequence of `table`.
fn at(table: &[(u8, u8); 3], bytes: &[u8]) -> Option<CodePoint> {
    let seq = bytes.get(..3).filter(|seq| fits(table, seq))?;
    match automaton::decode_step(Grammar::GENERALIZED, seq) {
        Step::Point { point, .. } => Some(point),
        _ => None,
    }
}

/// Returns the lead surrogate that `bytes` start with, if they start with a
/// lead surrogate byte sequence (`ED A0..AF 80..BF`).
///
/// # Examples
///
/// ```
/// use codec_wtf8::surrogate::lead_at;
/// assert_eq!(lead_at(b"\xED\xA0\x80z").map(|cp| cp.to_u32()), Some(0xD800));
/// assert_eq!(lead_at(b"\xED\xB0\x80"), None);
/// ```
#[must_use]
pub fn lead_at(bytes: &[u8]) -> Option<CodePoint> {
    at(&LEAD, bytes)
}

/// Returns the trail surrogate that `bytes` start with, if they start with a
/// trail surrogate byte sequence (`ED B0..BF 80..BF`).
///
/// # Examples
///
/// ```
/// use codec_wtf8::surrogate::trail_at;
/// assert_eq!(trail_at(b"\xED\xBF\xBF").map(|cp| cp.to_u32()), Some(0xDFFF));
/// assert_eq!(trail_at(b"\xED\xB0"), None);
/// ```
#[must_use]
pub fn trail_at(bytes: &[u8]) -> Option<CodePoint> {
    at(&TRAIL, bytes)
}

/// Returns true when `bytes` are shorter than three bytes and could be the
/// start of a trail surrogate byte sequence (the empty input included).
///
/// # Examples
///
/// ```
/// use codec_wtf8::surrogate::may_start_trail;
/// assert!(may_start_trail(b"") && may_start_trail(b"\xED\xB5"));
/// assert!(!may_start_trail(b"\xED\xA0") && !may_start_trail(b"\xED\xB0\x80"));
/// ```
#[must_use]
pub fn may_start_trail(bytes: &[u8]) -> bool {
    bytes.len() < 3 && fits(&TRAIL, bytes)
}

#[cfg(test)]
mod tests {
    //! Table 1, checked byte by byte against the automaton's surrogates.

    use super::*;

    #[test]
    fn table_1_is_every_surrogate_and_nothing_else() {
        for b2 in 0x80..=0xBFu8 {
            for b3 in [0x80, 0x9F, 0xBF] {
                let seq = [0xED, b2, b3];
                let cp = match automaton::decode_step(Grammar::GENERALIZED, &seq) {
                    Step::Point { point, .. } => point,
                    step => panic!("{seq:02X?}: {step:?}"),
                };
                assert_eq!(lead_at(&seq), cp.is_lead_surrogate().then_some(cp), "{seq:02X?}");
                assert_eq!(trail_at(&seq), cp.is_trail_surrogate().then_some(cp), "{seq:02X?}");
            }
        }
        assert_eq!(lead_at(b"\xED\xA0"), None);
        assert!(may_start_trail(b"") && may_start_trail(b"\xED") && may_start_trail(b"\xED\xB0"));
        assert!(!may_start_trail(b"\xED\xA0") && !may_start_trail(b"\xED\xB0\x80"));
    }
}
