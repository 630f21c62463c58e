//! Labels whose meaning in [`get`](crate::get) is the Encoding Standard's
//! where glibc's iconv (and CPython, and ICU) read another encoding under
//! the same name: what a tool that takes iconv's spellings should say
//! when one of them is used (decision 0043).
//!
//! Where utfx has the encoding iconv means, the label names it: `latin1`,
//! `iso-8859-1`, `ascii` and `us-ascii` are `codec-latin1`'s ISO-8859-1
//! and US-ASCII, not the Standard's windows-1252, which
//! [`whatwg::get_encoding`](crate::whatwg::get_encoding) still gives them.
//! Where utfx has only the Standard's encoding, the label keeps the
//! Standard's meaning and [`differs`] says how iconv's differs, as these
//! byte sequences (found with glibc 2.36's iconv, decision 0043) show.

/// One label family read as the Standard's encoding, and how iconv's
/// encoding of that name differs.
struct Differs {
    /// The labels, as the Standard spells them (compared loosely).
    labels: &'static [&'static str],
    /// The sentence after "`LABEL` is read as ...".
    how: &'static str,
}

const DIFFERS: &[Differs] = &[
    Differs {
        labels: &[
            "iso-8859-9",
            "iso8859-9",
            "iso88599",
            "iso_8859-9",
            "iso_8859-9:1989",
            "iso-ir-148",
            "l5",
            "latin5",
            "csisolatin5",
        ],
        how: "the Encoding Standard's windows-1254, whose 80..9F are characters (80 is U+20AC) where iconv's \
              ISO-8859-9 has the C1 controls U+0080..U+009F",
    },
    Differs {
        labels: &["iso-8859-11", "iso8859-11", "iso885911", "tis-620"],
        how: "the Encoding Standard's windows-874, whose 80, 85 and 91..97 are characters (80 is U+20AC) where \
              iconv's ISO-8859-11 has C1 controls and its TIS-620 has errors (and at A0 no character)",
    },
    Differs {
        labels: &[
            "euc-kr",
            "cseuckr",
            "korean",
            "ksc5601",
            "ksc_5601",
            "ks_c_5601-1987",
            "ks_c_5601-1989",
            "iso-ir-149",
            "csksc56011987",
        ],
        how: "the Encoding Standard's euc-kr, Windows code page 949 (KS X 1001 and the Unified Hangul Code: 81 4B is \
              U+AC1E) where iconv's EUC-KR is KS X 1001 alone (81 4B is an error)",
    },
    Differs {
        labels: &["gb2312", "gb_2312", "gb_2312-80", "csgb2312", "iso-ir-58", "chinese", "csiso58gb231280"],
        how: "the Encoding Standard's gbk (81 40 is U+4E02, 80 is U+20AC) where iconv's GB2312 is EUC-CN alone \
              (A1..F7 leads; 81 40 is an error)",
    },
    Differs {
        labels: &["big5", "csbig5", "cn-big5", "x-x-big5", "big5-hkscs"],
        how: "the Encoding Standard's big5, Big5 with the HKSCS extensions (87 44 is U+4578) where iconv's BIG5 has \
              none (an error) and its BIG5-HKSCS another version (8E B4 is U+7E1D here, an error there)",
    },
    Differs {
        labels: &["shift_jis", "shift-jis", "sjis", "x-sjis", "ms_kanji", "csshiftjis"],
        how: "the Encoding Standard's shift_jis, Windows code page 932 (5C is U+005C, 7E U+007E, 87 44 U+2464) where \
              iconv's SHIFT_JIS is JIS X 0208 alone (5C is U+00A5, 7E U+203E, 87 44 an error); iconv's CP932 is \
              close to it",
    },
];

/// Whether `label` names, in [`get`](crate::get), the Encoding Standard's
/// encoding where glibc's iconv reads another one under that name: the
/// sentence that says how they differ, after "`label` is read as".
/// Labels are compared as the loose match compares them (ASCII case, `-`,
/// `_`, `.` and spaces ignored).
///
/// # Examples
///
/// ```
/// let how = codec_registry::iconv::differs("ISO-8859-9").unwrap();
/// assert!(how.starts_with("the Encoding Standard's windows-1254"));
/// assert_eq!(codec_registry::iconv::differs("windows-1254"), None);
/// assert_eq!(codec_registry::iconv::differs("latin1"), None); // ISO-8859-1 itself
/// ```
#[must_use]
pub fn differs(label: &str) -> Option<&'static str> {
    let loose = |s: &str| -> String {
        s.chars().filter(|c| !matches!(c, '-' | '_' | '.' | ' ')).map(|c| c.to_ascii_lowercase()).collect()
    };
    let wanted = loose(label.trim());
    DIFFERS.iter().find(|d| d.labels.iter().any(|l| loose(l) == wanted)).map(|d| d.how)
}

/// Every label [`differs`] knows, for `utfx list`.
///
/// # Examples
///
/// ```
/// assert!(codec_registry::iconv::differing_labels().any(|l| l == "tis-620"));
/// ```
pub fn differing_labels() -> impl Iterator<Item = &'static str> {
    DIFFERS.iter().flat_map(|d| d.labels.iter().copied())
}
