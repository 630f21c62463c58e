//! The encodings against what two implementations other than encoding_rs
//! were recorded to decode (`data/oracles/`, written by
//! `xtask/oracles/record.sh`): Node's `TextDecoder` and Python's codecs, in
//! replace mode, on every single byte, every lead byte before a fixed set
//! of trail bytes, and seeded damaged inputs. utfx must decode each input
//! as each oracle does, the same code points with the U+FFFD at the same
//! places, but where `DIVERGENCES` lists the oracle; and each listed
//! divergence must still be there, as many inputs as the table says, so
//! the table stays true. Decision 0026 says which side the Standard's
//! indexes prove right in each.

use codec_core::{DynCodec, Items};
use codec_encoding_standard::{ALL, Codec, DecodeMode, HZ_GB_2312_2014, ISO_2022_JP};

/// The encodings with state between characters, recorded after the others:
/// no lead sweep (a pair means nothing out of its set), more damaged
/// inputs, built from their shift sequences.
const STATEFUL: [&str; 2] = ["iso-2022-jp", "hz-gb-2312-2014"];

/// The recorded files, one per encoding of the crate.
const FILES: &[(&str, &str)] = &[
    ("ibm866", include_str!("data/oracles/ibm866.txt")),
    ("iso-8859-2", include_str!("data/oracles/iso-8859-2.txt")),
    ("iso-8859-3", include_str!("data/oracles/iso-8859-3.txt")),
    ("iso-8859-4", include_str!("data/oracles/iso-8859-4.txt")),
    ("iso-8859-5", include_str!("data/oracles/iso-8859-5.txt")),
    ("iso-8859-6", include_str!("data/oracles/iso-8859-6.txt")),
    ("iso-8859-7", include_str!("data/oracles/iso-8859-7.txt")),
    ("iso-8859-8", include_str!("data/oracles/iso-8859-8.txt")),
    ("iso-8859-8-i", include_str!("data/oracles/iso-8859-8-i.txt")),
    ("iso-8859-10", include_str!("data/oracles/iso-8859-10.txt")),
    ("iso-8859-13", include_str!("data/oracles/iso-8859-13.txt")),
    ("iso-8859-14", include_str!("data/oracles/iso-8859-14.txt")),
    ("iso-8859-15", include_str!("data/oracles/iso-8859-15.txt")),
    ("iso-8859-16", include_str!("data/oracles/iso-8859-16.txt")),
    ("koi8-r", include_str!("data/oracles/koi8-r.txt")),
    ("koi8-u", include_str!("data/oracles/koi8-u.txt")),
    ("macintosh", include_str!("data/oracles/macintosh.txt")),
    ("windows-874", include_str!("data/oracles/windows-874.txt")),
    ("windows-1250", include_str!("data/oracles/windows-1250.txt")),
    ("windows-1251", include_str!("data/oracles/windows-1251.txt")),
    ("windows-1252", include_str!("data/oracles/windows-1252.txt")),
    ("windows-1253", include_str!("data/oracles/windows-1253.txt")),
    ("windows-1254", include_str!("data/oracles/windows-1254.txt")),
    ("windows-1255", include_str!("data/oracles/windows-1255.txt")),
    ("windows-1256", include_str!("data/oracles/windows-1256.txt")),
    ("windows-1257", include_str!("data/oracles/windows-1257.txt")),
    ("windows-1258", include_str!("data/oracles/windows-1258.txt")),
    ("x-mac-cyrillic", include_str!("data/oracles/x-mac-cyrillic.txt")),
    ("x-user-defined", include_str!("data/oracles/x-user-defined.txt")),
    ("gbk", include_str!("data/oracles/gbk.txt")),
    ("gb18030", include_str!("data/oracles/gb18030.txt")),
    ("big5", include_str!("data/oracles/big5.txt")),
    ("euc-jp", include_str!("data/oracles/euc-jp.txt")),
    ("shift_jis", include_str!("data/oracles/shift_jis.txt")),
    ("euc-kr", include_str!("data/oracles/euc-kr.txt")),
    ("iso-2022-jp", include_str!("data/oracles/iso-2022-jp.txt")),
    ("hz-gb-2312-2014", include_str!("data/oracles/hz-gb-2312-2014.txt")),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Oracle {
    /// Node 20's `TextDecoder` (ICU's converters).
    Node,
    /// Python 3's codecs.
    Python,
}

use Oracle::{Node, Python};

/// Which sweep an input comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// One byte.
    Byte,
    /// A lead byte `80..FF` and one of the file's trail bytes.
    Lead,
    /// A seeded damaged input.
    Damaged,
}

/// One recorded input and the oracles' answers (`None`: that oracle has
/// no such decoder).
struct Case {
    kind: Kind,
    input: Vec<u8>,
    node: Option<Vec<u32>>,
    python: Option<Vec<u32>>,
}

impl Case {
    fn answer(&self, oracle: Oracle) -> Option<&[u32]> {
        match oracle {
            Node => self.node.as_deref(),
            Python => self.python.as_deref(),
        }
    }
}

fn points(field: &str) -> Option<Vec<u32>> {
    (field != "-")
        .then(|| field.split(' ').filter(|p| !p.is_empty()).map(|p| u32::from_str_radix(p, 16).unwrap()).collect())
}

fn byte(hex: &str) -> u8 {
    u8::from_str_radix(hex, 16).unwrap()
}

/// Reads one recorded file.
fn cases(file: &str) -> Vec<Case> {
    let (mut trails, mut out) = (Vec::new(), Vec::new());
    for line in file.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        match fields[0] {
            "trails" => trails = fields[1].split(' ').map(byte).collect(),
            "lead" => {
                let lead = byte(fields[1]);
                let (nodes, pythons): (Vec<&str>, Vec<&str>) =
                    (fields[2].split(',').collect(), fields[3].split(',').collect());
                assert_eq!((nodes.len(), pythons.len()), (trails.len(), trails.len()), "{line}");
                for (k, &trail) in trails.iter().enumerate() {
                    out.push(Case {
                        kind: Kind::Lead,
                        input: vec![lead, trail],
                        node: points(nodes[k]),
                        python: points(pythons[k]),
                    });
                }
            }
            kind => {
                let kind = if kind == "byte" { Kind::Byte } else { Kind::Damaged };
                assert!(fields[0] == "byte" || fields[0] == "damaged", "{line}");
                let input = codec_test::hex::parse(fields[1]).unwrap();
                out.push(Case { kind, input, node: points(fields[2]), python: points(fields[3]) });
            }
        }
    }
    out
}

/// utfx's replace-mode decoding and the place in it (in code points) of
/// each error: every malformed sequence is one U+FFFD (big5's four
/// two-code-point sequences are two items, two code points).
fn utfx(codec: &dyn DynCodec, input: &[u8]) -> (Vec<u32>, Vec<usize>) {
    let (mut out, mut errors) = (Vec::new(), Vec::new());
    for item in Items::new(codec, input) {
        match item.map(|i| i.point) {
            Ok(Some(p)) => out.push(p.to_u32()),
            Ok(None) | Err(_) => {
                errors.push(out.len());
                out.push(0xFFFD);
            }
        }
    }
    let replaced: Vec<u32> =
        codec.decode_with(input, DecodeMode::Replace).unwrap().iter().map(|p| p.to_u32()).collect();
    assert_eq!(replaced, out, "{}: {input:02X?}", codec.info().name);
    (out, errors)
}

/// A known divergence of one oracle in one encoding: the single bytes it
/// decodes otherwise (exactly), the two-byte inputs it decodes otherwise
/// (by region, each with how many of the sweep's inputs it holds), and
/// how many damaged inputs it decodes otherwise (each holding a listed
/// byte, or two adjacent bytes of a region). `why` says how; decisions
/// 0026 and 0030 say why utfx is right.
struct Divergence {
    encoding: &'static str,
    oracle: Oracle,
    bytes: &'static [(u8, u8)],
    pairs: &'static [Pairs],
    damaged: usize,
    why: &'static str,
}

/// Two-byte inputs, lead and trail in these ranges, where the oracle
/// decodes `count` of the lead sweep's inputs otherwise (a divergent input
/// counts for the first region of its row that holds it).
struct Pairs {
    leads: &'static [(u8, u8)],
    trails: &'static [(u8, u8)],
    count: usize,
    why: &'static str,
}

impl Pairs {
    fn holds(&self, lead: u8, trail: u8) -> bool {
        within(self.leads, lead) && within(self.trails, trail)
    }
}

const C1: &str = "the Standard's index maps these bytes to the C1 controls U+0080..U+009F; Python's codec leaves them \
                  undefined and writes U+FFFD";

/// Every divergence found, by encoding and oracle.
const DIVERGENCES: &[Divergence] = &[
    Divergence {
        encoding: "ibm866",
        oracle: Node,
        bytes: &[(0x1A, 0x1A), (0x1C, 0x1C), (0x7F, 0x7F)],
        pairs: &[],
        damaged: 3,
        why: "ICU's ibm-866 rotates three ASCII controls (1A as U+001C, 1C as U+007F, 7F as U+001A); the Standard \
              decodes every byte below 80 as ASCII",
    },
    Divergence {
        encoding: "koi8-u",
        oracle: Node,
        bytes: &[(0xAE, 0xAE), (0xBE, 0xBE)],
        pairs: &[],
        damaged: 1,
        why: "RFC 2319's KOI8-U has box drawing (U+255D, U+256C) at AE and BE; index-koi8-u has U+045E and U+040E",
    },
    Divergence {
        encoding: "koi8-u",
        oracle: Python,
        bytes: &[(0xAE, 0xAE), (0xBE, 0xBE)],
        pairs: &[],
        damaged: 1,
        why: "RFC 2319's KOI8-U has box drawing (U+255D, U+256C) at AE and BE; index-koi8-u has U+045E and U+040E",
    },
    Divergence {
        encoding: "windows-874",
        oracle: Node,
        bytes: &[(0xDB, 0xDE), (0xFC, 0xFF)],
        pairs: &[],
        damaged: 5,
        why: "ICU maps DB..DE and FC..FF to private-use U+F8C1..U+F8C8; index-windows-874 has no code point there",
    },
    Divergence {
        encoding: "windows-874",
        oracle: Python,
        bytes: &[(0x81, 0x84), (0x86, 0x90), (0x98, 0x9F)],
        pairs: &[],
        damaged: 14,
        why: C1,
    },
    Divergence {
        encoding: "windows-1250",
        oracle: Python,
        bytes: &[(0x81, 0x81), (0x83, 0x83), (0x88, 0x88), (0x90, 0x90), (0x98, 0x98)],
        pairs: &[],
        damaged: 3,
        why: C1,
    },
    Divergence { encoding: "windows-1251", oracle: Python, bytes: &[(0x98, 0x98)], pairs: &[], damaged: 2, why: C1 },
    Divergence {
        encoding: "windows-1252",
        oracle: Node,
        bytes: &[(0x80, 0x80), (0x82, 0x8C), (0x8E, 0x8E), (0x91, 0x9C), (0x9E, 0x9F), (0xFF, 0xFF)],
        pairs: &[],
        damaged: 20,
        why: "Node decodes windows-1252 as ISO-8859-1 (80..9F as the C1 controls, 96 as U+0096, not U+2013; the five \
              bytes where index-windows-1252 has the C1 control too agree), and with ignoreBOM a leading FF decodes to \
              nothing",
    },
    Divergence {
        encoding: "windows-1252",
        oracle: Python,
        bytes: &[(0x81, 0x81), (0x8D, 0x8D), (0x8F, 0x90), (0x9D, 0x9D)],
        pairs: &[],
        damaged: 5,
        why: C1,
    },
    Divergence {
        encoding: "windows-1253",
        oracle: Node,
        bytes: &[(0xAA, 0xAA)],
        pairs: &[],
        damaged: 1,
        why: "ICU maps AA to U+00AA; index-windows-1253 has no code point at pointer 42",
    },
    Divergence {
        encoding: "windows-1253",
        oracle: Python,
        bytes: &[(0x81, 0x81), (0x88, 0x88), (0x8A, 0x8A), (0x8C, 0x90), (0x98, 0x98), (0x9A, 0x9A), (0x9C, 0x9F)],
        pairs: &[],
        damaged: 14,
        why: C1,
    },
    Divergence {
        encoding: "windows-1254",
        oracle: Python,
        bytes: &[(0x81, 0x81), (0x8D, 0x90), (0x9D, 0x9E)],
        pairs: &[],
        damaged: 7,
        why: C1,
    },
    Divergence {
        encoding: "windows-1255",
        oracle: Node,
        bytes: &[(0xCA, 0xCA)],
        pairs: &[],
        damaged: 0,
        why: "ICU leaves CA undefined; index-windows-1255 has U+05BA (HEBREW POINT HOLAM HASER FOR VAV) at pointer 74",
    },
    Divergence {
        encoding: "windows-1255",
        oracle: Python,
        bytes: &[(0x81, 0x81), (0x8A, 0x8A), (0x8C, 0x90), (0x9A, 0x9A), (0x9C, 0x9F), (0xCA, 0xCA)],
        pairs: &[],
        damaged: 8,
        why: "the C1 controls, as in the other windows-125x, and CA, which cp1255 leaves undefined and \
              index-windows-1255 maps to U+05BA",
    },
    Divergence {
        encoding: "windows-1257",
        oracle: Python,
        bytes: &[
            (0x81, 0x81),
            (0x83, 0x83),
            (0x88, 0x88),
            (0x8A, 0x8A),
            (0x8C, 0x8C),
            (0x90, 0x90),
            (0x98, 0x98),
            (0x9A, 0x9A),
            (0x9C, 0x9C),
            (0x9F, 0x9F),
        ],
        pairs: &[],
        damaged: 9,
        why: C1,
    },
    Divergence {
        encoding: "windows-1258",
        oracle: Python,
        bytes: &[(0x81, 0x81), (0x8A, 0x8A), (0x8D, 0x90), (0x9A, 0x9A), (0x9D, 0x9E)],
        pairs: &[],
        damaged: 9,
        why: C1,
    },
    Divergence {
        encoding: "gbk",
        oracle: Node,
        bytes: &[(0xFF, 0xFF)],
        pairs: &[
            Pairs {
                leads: &[(0xFF, 0xFF)],
                trails: &[(0x00, 0xFF)],
                count: 76,
                why: "FF first: U+F8F5 (the Standard: U+FFFD), then the second byte alone",
            },
            Pairs {
                leads: &[(0x80, 0xFE)],
                trails: &[(0xFF, 0xFF)],
                count: 127,
                why: "FF second: U+F8F5 after the first byte's answer (the Standard: one U+FFFD for a lead and FF)",
            },
            Pairs {
                leads: &[(0x81, 0xFE)],
                trails: &[(0x30, 0x39)],
                count: 504,
                why: "a lead and a digit: U+FFFD and the digit, as ICU's gbk has no four-byte sequences (the \
                      Standard's gbk decoder is gb18030's: the start of a four-byte sequence, cut short: one U+FFFD)",
            },
            Pairs {
                leads: &[(0xA1, 0xFE)],
                trails: &[(0x40, 0xFE)],
                count: 39,
                why: "Windows 936's private-use code points where index-gb18030 has GB 18030-2022's characters (A3 \
                      A0 U+3000, A6 D9.. the vertical forms, A8 BC U+1E3F, A9 8A.. the ideographic description \
                      characters, FE 50.. radicals and CJK extension A)",
            },
        ],
        damaged: 50,
        why: "ICU's gbk is Windows 936: no four-byte sequences, FF as private use, and private use where GB 18030-2022 \
              has characters",
    },
    Divergence {
        encoding: "gbk",
        oracle: Python,
        bytes: &[(0x80, 0x80)],
        pairs: &[
            Pairs {
                leads: &[(0x80, 0x80)],
                trails: &[(0x00, 0xFF)],
                count: 76,
                why: "80 first: U+FFFD (the Standard: U+20AC)",
            },
            Pairs {
                leads: &[(0xFF, 0xFF)],
                trails: &[(0x80, 0x80)],
                count: 1,
                why: "FF (an error in both), then 80: U+FFFD, as 80 alone",
            },
            Pairs {
                leads: &[(0x81, 0xFE)],
                trails: &[(0x30, 0x39)],
                count: 504,
                why: "a lead and a digit: U+FFFD and the digit, as Python's gbk has no four-byte sequences (the \
                      Standard: one U+FFFD)",
            },
            Pairs {
                leads: &[(0x81, 0xFE)],
                trails: &[(0xFF, 0xFF)],
                count: 126,
                why: "a lead and FF: two U+FFFD (the Standard: one, FF is no ASCII byte to read again)",
            },
            Pairs {
                leads: &[(0x81, 0xFE)],
                trails: &[(0x40, 0xFE)],
                count: 707,
                why: "pairs index-gb18030 maps beyond GBK (the user-defined areas AA..AF and F8..FE with A1..FE, \
                      A1..A7 with 40..A0, and the like, as private use; GB 18030-2022's changes): U+FFFD, and a \
                      non-ASCII trail as a second U+FFFD (the Standard: the index's code point)",
            },
        ],
        damaged: 71,
        why: "Python's gbk: 80 undefined, no four-byte sequences, nothing beyond GBK, two U+FFFD for some malformed \
              pairs",
    },
    Divergence {
        encoding: "gb18030",
        oracle: Python,
        bytes: &[(0x80, 0x80)],
        pairs: &[
            Pairs {
                leads: &[(0x80, 0x80)],
                trails: &[(0x00, 0xFF)],
                count: 76,
                why: "80 first: U+FFFD (the Standard: U+20AC)",
            },
            Pairs {
                leads: &[(0x81, 0xFE)],
                trails: &[(0xFF, 0xFF)],
                count: 126,
                why: "a lead and FF: two U+FFFD (the Standard: one, FF is no ASCII byte to read again)",
            },
            Pairs {
                leads: &[(0xFF, 0xFF)],
                trails: &[(0x30, 0x39)],
                count: 4,
                why: "FF and a digit: one U+FFFD (the Standard: U+FFFD for FF, which starts nothing, then the digit)",
            },
            Pairs {
                leads: &[(0xFF, 0xFF)],
                trails: &[(0x80, 0x80)],
                count: 1,
                why: "FF (an error in both), then 80: U+FFFD, as 80 alone",
            },
            Pairs {
                leads: &[(0x81, 0xFE)],
                trails: &[(0x30, 0x39)],
                count: 0,
                why: "a lead and a digit, in the damaged inputs only: a four-byte sequence whose pointer is beyond \
                      index-gb18030-ranges is one U+FFFD of four bytes in the Standard, a U+FFFD and bytes read \
                      again in Python",
            },
            Pairs {
                leads: &[(0xA1, 0xFE)],
                trails: &[(0x40, 0xFE)],
                count: 9,
                why: "GB 18030-2005's private-use code points where index-gb18030 has GB 18030-2022's characters (A3 \
                      A0 U+3000, A6 D9.., A8 BC, FE 51..)",
            },
        ],
        damaged: 22,
        why: "Python's gb18030: 80 undefined, other error lengths, GB 18030-2005's private use",
    },
    Divergence {
        encoding: "big5",
        oracle: Node,
        bytes: &[(0x80, 0x80), (0xFF, 0xFF)],
        pairs: &[
            Pairs {
                leads: &[(0x80, 0x80), (0xFF, 0xFF)],
                trails: &[(0x00, 0xFF)],
                count: 152,
                why: "80 and FF first: U+0080 and U+F8F8 (the Standard: errors)",
            },
            Pairs {
                leads: &[(0x81, 0xFE)],
                trails: &[(0xFF, 0xFF)],
                count: 126,
                why: "a lead and FF: U+FFFD and U+F8F8 (the Standard: one U+FFFD)",
            },
            Pairs {
                leads: &[(0x87, 0xA0), (0xC6, 0xC8), (0xF9, 0xFE)],
                trails: &[(0x40, 0x7E), (0xA1, 0xFE)],
                count: 1679,
                why: "leads 87..A0, C6..C8 and F9..FE, the HKSCS part of index-big5: ICU's big5 (Windows 950) decodes \
                      them otherwise (private-use code points, other characters, or U+FFFD), also where index-big5 has \
                      nothing; 88 62 and 88 64, two code points each in the Standard, are private use",
            },
            Pairs {
                leads: &[(0x81, 0x86)],
                trails: &[(0x40, 0x7E), (0xA1, 0xFE)],
                count: 300,
                why: "leads 81..86, which index-big5 leaves empty: Windows 950's user-defined area, private use (the \
                      Standard: U+FFFD, and an ASCII trail read again)",
            },
            Pairs {
                leads: &[(0xA3, 0xA3)],
                trails: &[(0xA1, 0xFE)],
                count: 10,
                why: "A3 C0..A3 E1, the control pictures U+2400.. of index-big5: U+FFFD in ICU",
            },
        ],
        damaged: 123,
        why: "ICU's big5 is Windows 950, without the HKSCS part of index-big5",
    },
    Divergence {
        encoding: "big5",
        oracle: Python,
        bytes: &[],
        pairs: &[
            Pairs {
                leads: &[(0x81, 0xFE)],
                trails: &[(0x80, 0xA0), (0xFF, 0xFF)],
                count: 1764,
                why: "a lead and a byte that is neither a trail nor ASCII: two U+FFFD (the Standard: one)",
            },
            Pairs {
                leads: &[(0xA2, 0xA2)],
                trails: &[(0x41, 0x41), (0x44, 0x44)],
                count: 2,
                why: "A2 41 and A2 44: U+FF0F and U+00A5 (index-big5: U+2215 and U+FFE5)",
            },
            Pairs {
                leads: &[(0x81, 0xFE)],
                trails: &[(0x40, 0x7E), (0xA1, 0xFE)],
                count: 293,
                why: "pairs index-big5 maps that big5hkscs lacks (lead 87, the row HKSCS-2008 added; the control \
                      pictures A3 C0..; a few others): U+FFFD, and the trail read again",
            },
        ],
        damaged: 55,
        why: "Python's big5hkscs lacks HKSCS-2008's additions and splits malformed pairs (it decodes the \
              two-code-point pairs as the Standard does, and so does utfx since the core's `Step::Pair`)",
    },
    Divergence {
        encoding: "euc-jp",
        oracle: Node,
        bytes: &[(0x80, 0x8D), (0x90, 0x9F)],
        pairs: &[
            Pairs {
                leads: &[(0x80, 0x8D), (0x90, 0x9F)],
                trails: &[(0x00, 0xFF)],
                count: 2280,
                why: "80..8D and 90..9F first: the C1 controls (the Standard: errors)",
            },
            Pairs {
                leads: &[(0xA0, 0xA0), (0xFF, 0xFF)],
                trails: &[(0x80, 0x8D), (0x90, 0x9F)],
                count: 20,
                why: "A0 or FF (errors in both), then a byte of 80..8D, 90..9F: a C1 control in ICU",
            },
            Pairs {
                leads: &[(0x8E, 0x8E)],
                trails: &[(0xE0, 0xE0)],
                count: 1,
                why: "8E E0: U+00A2 in ICU (the Standard: 8E takes A1..DF only)",
            },
            Pairs {
                leads: &[(0x8E, 0x8F), (0xA1, 0xFE)],
                trails: &[(0x80, 0xA0), (0xE0, 0xFF)],
                count: 1160,
                why: "a lead and a byte that cannot follow it: U+FFFD and the byte read again (the Standard: one \
                      U+FFFD for both)",
            },
        ],
        damaged: 33,
        why: "ICU's EUC-JP passes C1 bytes through and splits malformed pairs",
    },
    Divergence {
        encoding: "euc-jp",
        oracle: Python,
        bytes: &[],
        pairs: &[
            Pairs {
                leads: &[(0xA2, 0xA2)],
                trails: &[(0xCC, 0xCC)],
                count: 1,
                why: "A2 CC: U+00AC (index-jis0208: U+FFE2)",
            },
            Pairs {
                leads: &[(0xAD, 0xAD), (0xF9, 0xFC)],
                trails: &[(0xA1, 0xFE)],
                count: 140,
                why: "rows 13 (NEC) and 89..92 (IBM) of index-jis0208: two U+FFFD (the Standard: the index's code \
                      point)",
            },
            Pairs {
                leads: &[(0x8F, 0x8F)],
                trails: &[(0x00, 0x7F)],
                count: 34,
                why: "8F and an ASCII byte: one U+FFFD, the ASCII byte swallowed (the Standard: U+FFFD, then the byte)",
            },
            Pairs {
                leads: &[(0x8E, 0x8E), (0xA1, 0xFE)],
                trails: &[(0x80, 0xFF)],
                count: 1789,
                why: "a lead and a non-ASCII byte that cannot follow it, or a pair index-jis0208 leaves empty: two \
                      U+FFFD (the Standard: one)",
            },
        ],
        damaged: 99,
        why: "Python's euc_jp lacks the NEC and IBM rows of index-jis0208 and splits malformed pairs",
    },
    Divergence {
        encoding: "shift_jis",
        oracle: Node,
        bytes: &[(0x1A, 0x1A), (0x1C, 0x1C), (0x7F, 0x80)],
        pairs: &[
            Pairs {
                leads: &[(0x80, 0x80)],
                trails: &[(0x00, 0xFF)],
                count: 76,
                why: "80 first: U+FFFD (the Standard: U+0080)",
            },
            Pairs {
                leads: &[(0x81, 0xFF)],
                trails: &[(0x7F, 0x80)],
                count: 194,
                why: "7F or 80 second: U+001A (IBM's rotation) or U+FFFD, as alone (the Standard: U+007F and U+0080, \
                      or one U+FFFD with a lead)",
            },
            Pairs {
                leads: &[(0x81, 0x9F), (0xE0, 0xFC)],
                trails: &[(0x40, 0x7E)],
                count: 171,
                why: "a lead and an ASCII byte index-jis0208 has no pair for: ICU swallows the ASCII byte the \
                      Standard reads again",
            },
            Pairs {
                leads: &[(0x81, 0x9F), (0xE0, 0xFC)],
                trails: &[(0x81, 0xFF)],
                count: 180,
                why: "a lead and a byte of 81..FF that cannot follow it: two U+FFFD in ICU (the Standard: one)",
            },
        ],
        damaged: 23,
        why: "ICU's Shift_JIS (an IBM table) rotates 1A, 1C and 7F, leaves 80 undefined, and has other error lengths",
    },
    Divergence {
        encoding: "shift_jis",
        oracle: Python,
        bytes: &[(0xA0, 0xA0), (0xFD, 0xFF)],
        pairs: &[
            Pairs {
                leads: &[(0xA0, 0xA0), (0xFD, 0xFF)],
                trails: &[(0x00, 0xFF)],
                count: 304,
                why: "A0 and FD..FF first: private-use U+F8F0..U+F8F3 (the Standard: errors)",
            },
            Pairs {
                leads: &[(0x80, 0x80), (0xA1, 0xDF)],
                trails: &[(0xA0, 0xA0), (0xFD, 0xFF)],
                count: 256,
                why: "A0 and FD..FF second, after a one-byte character: U+F8F0..U+F8F3",
            },
            Pairs {
                leads: &[(0x81, 0x9F), (0xE0, 0xFC)],
                trails: &[(0x80, 0xFF)],
                count: 536,
                why: "a lead and a non-ASCII byte that cannot follow it, or a pair index-jis0208 leaves empty: \
                      U+FFFD and the second byte read again (the Standard: one U+FFFD for both)",
            },
        ],
        damaged: 39,
        why: "Python's cp932 maps A0 and FD..FF to private use and splits malformed pairs",
    },
    Divergence {
        encoding: "euc-kr",
        oracle: Node,
        bytes: &[(0x80, 0x8D), (0x90, 0x9F)],
        pairs: &[
            Pairs {
                leads: &[(0x80, 0x8D), (0x90, 0x9F)],
                trails: &[(0x00, 0xFF)],
                count: 2280,
                why: "80..8D and 90..9F first: C1 controls (the Standard: 80 an error, 81..8D and 90..9F leads of \
                      the Unified Hangul Code)",
            },
            Pairs {
                leads: &[(0xFF, 0xFF)],
                trails: &[(0x80, 0x8D), (0x90, 0x9F)],
                count: 10,
                why: "FF (an error in both), then a C1 control in ICU",
            },
            Pairs {
                leads: &[(0x81, 0xA0)],
                trails: &[(0x41, 0xFE)],
                count: 171,
                why: "the Unified Hangul Code of index-euc-kr, leads 81..A0: a C1 control and the trail, or U+FFFD, \
                      in ICU's KS X 1001 alone",
            },
            Pairs {
                leads: &[(0xA1, 0xC6)],
                trails: &[(0x41, 0xA0)],
                count: 1090,
                why: "the Unified Hangul Code of index-euc-kr, leads A1..C6 with trails 41..A0: likewise",
            },
            Pairs {
                leads: &[(0xC9, 0xC9), (0xFE, 0xFE)],
                trails: &[(0xA1, 0xFE)],
                count: 56,
                why: "rows C9 and FE, user-defined: private use in ICU (index-euc-kr: nothing)",
            },
            Pairs {
                leads: &[(0x81, 0xFE)],
                trails: &[(0x80, 0xA0), (0xFF, 0xFF)],
                count: 675,
                why: "a lead and a byte that cannot follow it: U+FFFD and the byte read again (the Standard: one \
                      U+FFFD for both)",
            },
        ],
        damaged: 140,
        why: "ICU's euc-kr is KS X 1001 alone, without the Unified Hangul Code of index-euc-kr",
    },
    Divergence {
        encoding: "euc-kr",
        oracle: Python,
        bytes: &[],
        pairs: &[Pairs {
            leads: &[(0x81, 0xFE)],
            trails: &[(0x80, 0xFF)],
            count: 1126,
            why: "a lead and a non-ASCII byte that cannot follow it: two U+FFFD (the Standard: one)",
        }],
        damaged: 47,
        why: "Python's cp949 writes two U+FFFD for a lead and a non-ASCII byte that cannot follow it",
    },
    // The stateful encodings have no lead sweep: their regions are pairs of
    // adjacent bytes that explain the damaged inputs (count 0), whose total
    // is pinned.
    Divergence {
        encoding: "iso-2022-jp",
        oracle: Node,
        bytes: &[],
        pairs: &[Pairs {
            leads: &[(0x1B, 0x1B)],
            trails: &[(0x24, 0x24), (0x28, 0x28)],
            count: 0,
            why: "escape sequences and what follows them: ICU decodes the 2014 draft's JIS X 0212 (1B 24 28 44; \
                  today's Standard: U+FFFD for the 1B, `$(D` read again), swallows a broken escape sequence's \
                  bytes (the Standard: one U+FFFD for the 1B, the rest read again), takes no error for an escape \
                  sequence right after another (the Standard's output flag), reads a newline in the JIS X 0208 \
                  set as U+000A (the 2014 draft's rule; today's lead byte state: an error) and splits errors \
                  there otherwise",
        }],
        damaged: 109,
        why: "ICU's ISO-2022-JP (RFC 1468 with JIS X 0212 and the half-width katakana set) reads escape sequences \
              and errors otherwise",
    },
    Divergence {
        encoding: "iso-2022-jp",
        oracle: Python,
        bytes: &[(0x0E, 0x0F)],
        pairs: &[
            Pairs {
                leads: &[(0x1B, 0x1B)],
                trails: &[(0x24, 0x24), (0x28, 0x28)],
                count: 0,
                why: "escape sequences: Python's iso2022_jp (RFC 1468) has JIS X 0212 (1B 24 28 44) and no \
                      half-width katakana set (1B 28 49: U+FFFD and the bytes), swallows a broken escape \
                      sequence, takes no error for an escape sequence right after another, reads a newline in \
                      the JIS X 0208 set as U+000A, lacks index jis0208's NEC and IBM rows (13, 89..92) and \
                      splits errors otherwise (the Standard: see the Node row)",
            },
            Pairs {
                leads: &[(0x1B, 0x1B)],
                trails: &[(0x00, 0x23), (0x25, 0x27), (0x29, 0xFF)],
                count: 0,
                why: "a 1B that starts no escape sequence: U+001B (the Standard: U+FFFD, the byte after it read \
                      again)",
            },
        ],
        damaged: 263,
        why: "Python's iso2022_jp passes SO, SI and a lone ESC through as controls (the Standard: errors in every \
              set) and reads escape sequences as RFC 1468 does",
    },
    Divergence {
        encoding: "hz-gb-2312-2014",
        oracle: Python,
        bytes: &[],
        pairs: &[Pairs {
            leads: &[(0x7E, 0x7E)],
            trails: &[(0x0A, 0x0A), (0x7B, 0x7B), (0x7D, 0x7E)],
            count: 0,
            why: "`~}` in ASCII mode (Python: U+FFFD and `}`; the draft's step 5: unset the flag, nothing written), \
                  `~~`, `~{` and `~` and a newline in GB2312 mode (Python: errors; the draft: U+007E, nothing, \
                  nothing), and in a GB2312 run: a newline (the draft: an error that ends the run, step 8.2), \
                  leads and trails beyond GB2312 (the draft: index gb18030's pointer, as for leads 20 and 78..7F; \
                  Python: U+FFFD) and other error lengths",
        }],
        damaged: 96,
        why: "Python's hz is RFC 1843's: stricter about `~` escapes and GB2312 rows than the draft's decoder, which \
              decides (§10.2)",
    },
];

fn within(ranges: &[(u8, u8)], b: u8) -> bool {
    ranges.iter().any(|&(lo, hi)| (lo..=hi).contains(&b))
}

fn codec(name: &str) -> &'static dyn DynCodec {
    let stateful: [&'static dyn DynCodec; 2] = [&ISO_2022_JP, &HZ_GB_2312_2014];
    ALL.iter().map(|&c| c as &'static dyn DynCodec).chain(stateful).find(|c| c.info().name == name).unwrap()
}

#[test]
fn every_encoding_has_its_recording() {
    let names: Vec<&str> = FILES.iter().map(|f| f.0).collect();
    let all: Vec<&str> = ALL.iter().map(|c| c.info().name).chain(STATEFUL).collect();
    assert_eq!(names, all);
    for (name, file) in FILES {
        let cases = cases(file);
        let stateful = STATEFUL.contains(name);
        let multi = ALL.iter().any(|c| c.info().name == *name && !c.is_single_byte());
        let count = |kind| cases.iter().filter(|c| c.kind == kind).count();
        assert_eq!(count(Kind::Byte), 256, "{name}");
        assert!(count(Kind::Lead) >= if multi { 128 * 64 } else { 0 }, "{name}");
        let damaged = if stateful {
            400
        } else if multi {
            200
        } else {
            40
        };
        assert!(count(Kind::Damaged) >= damaged, "{name}");
        // Node's TextDecoder lacks iso-8859-16, x-user-defined and the 2014
        // draft's hz-gb-2312 (its label is replacement's today), Python
        // x-user-defined.
        let node = !matches!(*name, "iso-8859-16" | "x-user-defined" | "hz-gb-2312-2014");
        let python = *name != "x-user-defined";
        assert!(cases.iter().all(|c| c.node.is_some() == node && c.python.is_some() == python), "{name}");
    }
}

/// The outcome for one encoding and oracle: how many inputs agree, and
/// the divergent ones by sweep.
#[derive(Default)]
struct Tally {
    agree: usize,
    bytes: Vec<u8>,
    /// By region of the row.
    pairs: Vec<usize>,
    damaged: usize,
}

#[test]
fn utfx_decodes_as_the_oracles_but_where_the_table_says() {
    let mut report = String::new();
    let mut used = 0;
    for (name, file) in FILES {
        let codec = codec(name);
        let oracles = [Node, Python];
        let listed = oracles.map(|o| DIVERGENCES.iter().find(|d| d.encoding == *name && d.oracle == o));
        let regions = listed.map(|d| d.map_or(0, |d| d.pairs.len()));
        let mut tallies = regions.map(|n| Tally { pairs: vec![0; n], ..Tally::default() });
        for case in cases(file) {
            let (ours, errors) = utfx(codec, &case.input);
            for (k, &oracle) in oracles.iter().enumerate() {
                let Some(answer) = case.answer(oracle) else { continue };
                let (bytes, pairs) = listed[k].map_or((&[][..], &[][..]), |d| (d.bytes, d.pairs));
                let tally = &mut tallies[k];
                let at = format!("{name}, {oracle:?}, {:02X?}: utfx {ours:04X?}, oracle {answer:04X?}", case.input);
                if ours == answer {
                    // The same U+FFFD at the same places: no index here
                    // maps a sequence to U+FFFD, so each is an error.
                    let replaced: Vec<usize> =
                        answer.iter().enumerate().filter(|p| *p.1 == 0xFFFD).map(|p| p.0).collect();
                    assert_eq!(errors, replaced, "{at}");
                    tally.agree += 1;
                    continue;
                }
                match case.kind {
                    Kind::Byte => {
                        assert!(within(bytes, case.input[0]), "unlisted divergence: {at}");
                        tally.bytes.push(case.input[0]);
                    }
                    Kind::Lead => {
                        let region = pairs.iter().position(|r| r.holds(case.input[0], case.input[1]));
                        let region = region.unwrap_or_else(|| panic!("unlisted divergence: {at}"));
                        tally.pairs[region] += 1;
                    }
                    Kind::Damaged => {
                        let input = &case.input;
                        let explained = input.iter().any(|&b| within(bytes, b))
                            || input.windows(2).any(|w| pairs.iter().any(|r| r.holds(w[0], w[1])));
                        assert!(explained, "unlisted divergence: {at}");
                        tally.damaged += 1;
                    }
                }
            }
        }
        for (k, oracle) in oracles.into_iter().enumerate() {
            let tally = &tallies[k];
            if let Some(d) = listed[k] {
                used += 1;
                // Each listed byte still diverges, and as many pairs and
                // damaged inputs as the table says.
                let listed_bytes: Vec<u8> = (0..=255u8).filter(|&b| within(d.bytes, b)).collect();
                assert_eq!(tally.bytes, listed_bytes, "{name}, {oracle:?}: the bytes ({})", d.why);
                for (r, region) in d.pairs.iter().enumerate() {
                    let count = tally.pairs.get(r).copied().unwrap_or(0);
                    assert_eq!(count, region.count, "{name}, {oracle:?}: pairs, region {r} ({})", region.why);
                }
                assert_eq!(tally.damaged, d.damaged, "{name}, {oracle:?}: the damaged inputs ({})", d.why);
            } else {
                let diverged = !tally.bytes.is_empty() || tally.pairs.iter().sum::<usize>() + tally.damaged > 0;
                assert!(!diverged, "{name}, {oracle:?}: divergences the table does not list");
            }
            report.push_str(&format!(
                "{name} {oracle:?}: {} agree, {} bytes, {} pairs, {} damaged differ\n",
                tally.agree,
                tally.bytes.len(),
                tally.pairs.iter().sum::<usize>(),
                tally.damaged
            ));
        }
    }
    assert_eq!(used, DIVERGENCES.len(), "every row of the table is for a recorded encoding and oracle");
    println!("{report}");
}
