//! The encodings of today's Encoding Standard that are stateless between
//! characters, each with its name and every label of the Standard's table
//! (§4 "Names and labels").
//!
//! The labels are encoding_rs 0.8.44's table (`LABELS_SORTED`), which is
//! the Standard's; `tests/standard.rs` checks each against
//! `encoding_rs::Encoding::for_label`, and counts them. The name of each
//! codec is the Standard's name in lowercase (labels match case-insensitively).

use codec_core::{CodecInfo, Domain, Surrogates};

use crate::StandardEncoding;

/// A codec's description for the registry.
///
/// The core's `Domain` is ranges of code points; the repertoire of an
/// index is not, so the domain is what is sure: every scalar value but
/// U+E5E5 for gb18030, ASCII and U+F780..U+F7FF for x-user-defined, and ASCII alone
/// for the others (each carries more; its encoder says which).
const fn info(
    name: &'static str,
    aliases: &'static [&'static str],
    max_bytes: usize,
    max: u64,
    description: &'static str,
) -> CodecInfo {
    let domain = match max {
        // gb18030's encoder refuses U+E5E5 (today's Standard: "If code
        // point is U+E5E5, return error with code point"; its pointer now
        // decodes to U+3000). Eighteen private-use code points encode to
        // the pointers that GB 18030-2022 gave to the vertical forms
        // U+FE10..U+FE19 and to U+9FB4..U+9FBB, which is what their bytes
        // decode to (encoding_rs 0.8.44): not carried either (found by a
        // randomized round trip in session 30; `tests/standard.rs`).
        0x10_FFFF => Domain {
            summary: "U+0000..U+10FFFF except surrogates, U+E5E5 and 18 private-use code points",
            max: Some(max),
            surrogates: Surrogates::None,
            excluded: &[
                (0xE5E5, 0xE5E5),
                (0xE78D, 0xE796),
                (0xE81E, 0xE81E),
                (0xE826, 0xE826),
                (0xE82B, 0xE82C),
                (0xE832, 0xE832),
                (0xE843, 0xE843),
                (0xE854, 0xE854),
                (0xE864, 0xE864),
            ],
        },
        0xF7FF => Domain {
            summary: "U+0000..U+007F and U+F780..U+F7FF",
            max: Some(max),
            surrogates: Surrogates::None,
            excluded: &[(0x80, 0xF77F)],
        },
        _ if max_bytes == 1 => Domain {
            summary: "ASCII and at most 128 code points of its index",
            max: Some(0x7F),
            surrogates: Surrogates::None,
            excluded: &[],
        },
        _ => Domain {
            summary: "ASCII and the code points of its indexes",
            max: Some(0x7F),
            surrogates: Surrogates::None,
            excluded: &[],
        },
    };
    CodecInfo {
        name,
        aliases,
        domain,
        max_bytes_per_code_point: Some(max_bytes),
        description,
        version: env!("CARGO_PKG_VERSION"),
    }
}

/// Declares each encoding: its `static`, its `CodecInfo`, and [`ALL`].
macro_rules! encodings {
    ($( $id:ident: $init:ident, $name:literal, $bytes:literal, $max:literal, $description:literal,
        [$($label:literal),* $(,)?]; )*) => {
        /// The `CodecInfo` of each encoding, by the name of its `static`.
        #[allow(non_snake_case)]
        mod infos {
            use super::*;
            $( pub(super) static $id: CodecInfo = info($name, &[$($label),*], $bytes, $max, $description); )*
        }

        $(
            #[doc = concat!("The Encoding Standard's `", $name, "` encoding, through encoding_rs.")]
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("use codec_encoding_standard::{Decode, ", stringify!($id), "};")]
            #[doc = concat!("assert_eq!(", stringify!($id), ".decode_to_string(b\"abc\").unwrap(), \"abc\");")]
            /// ```
            pub static $id: StandardEncoding = StandardEncoding { encoding: &encoding_rs::$init, info: &infos::$id };
        )*

        /// Every encoding of this crate, single-byte ones first, in the
        /// order of the Standard's table.
        ///
        /// # Examples
        ///
        /// ```
        /// use codec_encoding_standard::{Codec, ALL};
        /// assert!(ALL.iter().any(|e| e.info().name == "shift_jis"));
        /// ```
        pub static ALL: &[&StandardEncoding] = &[$( &$id ),*];
    };
}

encodings! {
    IBM866: IBM866_INIT, "ibm866", 1, 0xFFFF,
        "the Encoding Standard's single-byte ibm866",
        ["866", "cp866", "csibm866"];
    ISO_8859_2: ISO_8859_2_INIT, "iso-8859-2", 1, 0xFFFF,
        "the Encoding Standard's single-byte iso-8859-2",
        [
            "l2", "latin2", "iso88592", "iso8859-2", "iso-ir-101", "iso_8859-2", "csisolatin2",
            "iso_8859-2:1987"
        ];
    ISO_8859_3: ISO_8859_3_INIT, "iso-8859-3", 1, 0xFFFF,
        "the Encoding Standard's single-byte iso-8859-3",
        [
            "l3", "latin3", "iso88593", "iso8859-3", "iso_8859-3", "iso-ir-109", "csisolatin3",
            "iso_8859-3:1988"
        ];
    ISO_8859_4: ISO_8859_4_INIT, "iso-8859-4", 1, 0xFFFF,
        "the Encoding Standard's single-byte iso-8859-4",
        [
            "l4", "latin4", "iso88594", "iso8859-4", "iso-ir-110", "iso_8859-4", "csisolatin4",
            "iso_8859-4:1988"
        ];
    ISO_8859_5: ISO_8859_5_INIT, "iso-8859-5", 1, 0xFFFF,
        "the Encoding Standard's single-byte iso-8859-5",
        [
            "iso88595", "cyrillic", "iso8859-5", "iso-ir-144", "iso_8859-5", "iso_8859-5:1988",
            "csisolatincyrillic"
        ];
    ISO_8859_6: ISO_8859_6_INIT, "iso-8859-6", 1, 0xFFFF,
        "the Encoding Standard's single-byte iso-8859-6",
        [
            "arabic", "ecma-114", "iso88596", "asmo-708", "iso8859-6", "iso_8859-6", "iso-ir-127",
            "csiso88596e", "csiso88596i", "iso-8859-6-e", "iso-8859-6-i", "iso_8859-6:1987", "csisolatinarabic"
        ];
    ISO_8859_7: ISO_8859_7_INIT, "iso-8859-7", 1, 0xFFFF,
        "the Encoding Standard's single-byte iso-8859-7",
        [
            "greek", "greek8", "iso88597", "ecma-118", "elot_928", "iso8859-7", "iso-ir-126", "iso_8859-7",
            "sun_eu_greek", "iso_8859-7:1987", "csisolatingreek"
        ];
    ISO_8859_8: ISO_8859_8_INIT, "iso-8859-8", 1, 0xFFFF,
        "the Encoding Standard's single-byte iso-8859-8",
        [
            "visual", "hebrew", "iso88598", "iso8859-8", "iso_8859-8", "iso-ir-138", "csiso88598e",
            "iso-8859-8-e", "iso_8859-8:1988", "csisolatinhebrew"
        ];
    ISO_8859_8_I: ISO_8859_8_I_INIT, "iso-8859-8-i", 1, 0xFFFF,
        "the Encoding Standard's single-byte iso-8859-8-i",
        ["logical", "csiso88598i"];
    ISO_8859_10: ISO_8859_10_INIT, "iso-8859-10", 1, 0xFFFF,
        "the Encoding Standard's single-byte iso-8859-10",
        ["l6", "latin6", "iso885910", "iso8859-10", "iso-ir-157", "csisolatin6"];
    ISO_8859_13: ISO_8859_13_INIT, "iso-8859-13", 1, 0xFFFF,
        "the Encoding Standard's single-byte iso-8859-13",
        ["iso885913", "iso8859-13"];
    ISO_8859_14: ISO_8859_14_INIT, "iso-8859-14", 1, 0xFFFF,
        "the Encoding Standard's single-byte iso-8859-14",
        ["iso885914", "iso8859-14"];
    ISO_8859_15: ISO_8859_15_INIT, "iso-8859-15", 1, 0xFFFF,
        "the Encoding Standard's single-byte iso-8859-15",
        ["l9", "iso885915", "iso8859-15", "iso_8859-15", "csisolatin9"];
    ISO_8859_16: ISO_8859_16_INIT, "iso-8859-16", 1, 0xFFFF,
        "the Encoding Standard's single-byte iso-8859-16",
        [];
    KOI8_R: KOI8_R_INIT, "koi8-r", 1, 0xFFFF,
        "the Encoding Standard's single-byte koi8-r",
        ["koi", "koi8", "koi8_r", "cskoi8r"];
    KOI8_U: KOI8_U_INIT, "koi8-u", 1, 0xFFFF,
        "the Encoding Standard's single-byte koi8-u",
        ["koi8-ru"];
    MACINTOSH: MACINTOSH_INIT, "macintosh", 1, 0xFFFF,
        "the Encoding Standard's single-byte macintosh",
        ["mac", "csmacintosh", "x-mac-roman"];
    WINDOWS_874: WINDOWS_874_INIT, "windows-874", 1, 0xFFFF,
        "the Encoding Standard's single-byte windows-874",
        ["tis-620", "dos-874", "iso885911", "iso8859-11", "iso-8859-11"];
    WINDOWS_1250: WINDOWS_1250_INIT, "windows-1250", 1, 0xFFFF,
        "the Encoding Standard's single-byte windows-1250",
        ["cp1250", "x-cp1250"];
    WINDOWS_1251: WINDOWS_1251_INIT, "windows-1251", 1, 0xFFFF,
        "the Encoding Standard's single-byte windows-1251",
        ["cp1251", "x-cp1251"];
    WINDOWS_1252: WINDOWS_1252_INIT, "windows-1252", 1, 0xFFFF,
        "the Encoding Standard's single-byte windows-1252",
        [
            "l1", "cp819", "ascii", "latin1", "cp1252", "ibm819", "iso88591", "x-cp1252", "us-ascii",
            "iso8859-1", "iso-ir-100", "iso-8859-1", "iso_8859-1", "csisolatin1", "ansi_x3.4-1968",
            "iso_8859-1:1987"
        ];
    WINDOWS_1253: WINDOWS_1253_INIT, "windows-1253", 1, 0xFFFF,
        "the Encoding Standard's single-byte windows-1253",
        ["cp1253", "x-cp1253"];
    WINDOWS_1254: WINDOWS_1254_INIT, "windows-1254", 1, 0xFFFF,
        "the Encoding Standard's single-byte windows-1254",
        [
            "l5", "cp1254", "latin5", "x-cp1254", "iso88599", "iso8859-9", "iso-ir-148", "iso-8859-9",
            "iso_8859-9", "csisolatin5", "iso_8859-9:1989"
        ];
    WINDOWS_1255: WINDOWS_1255_INIT, "windows-1255", 1, 0xFFFF,
        "the Encoding Standard's single-byte windows-1255",
        ["cp1255", "x-cp1255"];
    WINDOWS_1256: WINDOWS_1256_INIT, "windows-1256", 1, 0xFFFF,
        "the Encoding Standard's single-byte windows-1256",
        ["cp1256", "x-cp1256"];
    WINDOWS_1257: WINDOWS_1257_INIT, "windows-1257", 1, 0xFFFF,
        "the Encoding Standard's single-byte windows-1257",
        ["cp1257", "x-cp1257"];
    WINDOWS_1258: WINDOWS_1258_INIT, "windows-1258", 1, 0xFFFF,
        "the Encoding Standard's single-byte windows-1258",
        ["cp1258", "x-cp1258"];
    X_MAC_CYRILLIC: X_MAC_CYRILLIC_INIT, "x-mac-cyrillic", 1, 0xFFFF,
        "the Encoding Standard's single-byte x-mac-cyrillic",
        ["x-mac-ukrainian"];
    X_USER_DEFINED: X_USER_DEFINED_INIT, "x-user-defined", 1, 0xF7FF,
        "the Encoding Standard's x-user-defined: ASCII, and bytes 80..FF as U+F780..U+F7FF",
        [];
    GBK: GBK_INIT, "gbk", 2, 0xFFFF,
        "the Encoding Standard's gbk: gb18030's decoder, an encoder without four-byte sequences",
        ["x-gbk", "gb2312", "gb_2312", "chinese", "csgb2312", "iso-ir-58", "gb_2312-80", "csiso58gb231280"];
    GB18030: GB18030_INIT, "gb18030", 4, 0x10_FFFF,
        "the Encoding Standard's gb18030: one, two and four bytes, every scalar value",
        [];
    BIG5: BIG5_INIT, "big5", 2, 0x2_FFFF,
        "the Encoding Standard's big5: Big5 with the HKSCS extensions it decodes",
        ["csbig5", "cn-big5", "x-x-big5", "big5-hkscs"];
    EUC_JP: EUC_JP_INIT, "euc-jp", 2, 0xFFFF,
        "the Encoding Standard's euc-jp: JIS X 0208 and half-width katakana, JIS X 0212 decoded only",
        ["x-euc-jp", "cseucpkdfmtjapanese"];
    SHIFT_JIS: SHIFT_JIS_INIT, "shift_jis", 2, 0xFFFF,
        "the Encoding Standard's shift_jis: JIS X 0208 with the Windows extensions",
        ["sjis", "ms932", "x-sjis", "ms_kanji", "shift-jis", "csshiftjis", "windows-31j"];
    EUC_KR: EUC_KR_INIT, "euc-kr", 2, 0xFFFF,
        "the Encoding Standard's euc-kr: KS X 1001 with the Unified Hangul Code extension",
        [
            "korean", "ksc5601", "cseuckr", "ksc_5601", "iso-ir-149", "windows-949", "csksc56011987",
            "ks_c_5601-1987", "ks_c_5601-1989"
        ];
}
