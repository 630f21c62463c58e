//! `codec_registry::whatwg` against encoding_rs, which implements the same
//! sections of the Encoding Standard on its own: "get an encoding" over
//! every label of its table, §6's `decode` (`Encoding::decode`), and the
//! `TextDecoder` (its decoders with and without BOM removal), on seeded
//! random inputs split at every point.

use codec_registry::whatwg::{TextDecoder, decode, get_encoding};
use codec_test::generate::Rng;

/// Every encoding utfx has, by the Standard's name.
const NAMES: [&str; 39] = [
    "utf-8",
    "utf-16le",
    "utf-16be",
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
    "gbk",
    "gb18030",
    "big5",
    "euc-jp",
    "shift_jis",
    "euc-kr",
    "x-user-defined",
    "iso-2022-jp",
];

#[test]
fn every_label_finds_the_encoding_encoding_rs_finds() {
    // The Standard's labels, from encoding_rs's own table, read through its
    // `for_label` with spellings of each.
    let mut found = 0;
    for name in NAMES {
        let encoding = encoding_rs::Encoding::for_label(name.as_bytes()).unwrap();
        assert_eq!(encoding.name().to_ascii_lowercase(), name);
        let codec = get_encoding(name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(codec.info().name, name);
        for label in [name.to_ascii_uppercase(), format!("\t{name} \n")] {
            assert_eq!(get_encoding(&label).map(|c| c.info().name), Some(name), "{label:?}");
        }
        found += 1;
    }
    assert_eq!(found, 39);
    // The labels of replacement find it, as for_label does (the
    // `TextDecoder` refuses it, as the Standard's constructor does).
    for label in ["replacement", "csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext", "iso-2022-kr"] {
        assert_eq!(encoding_rs::Encoding::for_label(label.as_bytes()), Some(encoding_rs::REPLACEMENT));
        assert_eq!(get_encoding(label).map(|c| c.info().name), Some("replacement"), "{label:?}");
        assert!(TextDecoder::new(label).is_none(), "{label:?}");
    }
    for label in ["utf_8", "cesu-8", "hz-gb-2312-2014", ""] {
        assert!(encoding_rs::Encoding::for_label(label.as_bytes()).is_none());
        assert!(get_encoding(label).is_none(), "{label:?}");
    }
}

/// Random bytes, often with a BOM in front and ASCII among them, and now
/// and then one of big5's two-code-point sequences (`88 62`, `88 64`,
/// `88 A3`, `88 A5`) at the end.
fn input(rng: &mut Rng) -> Vec<u8> {
    let len = (rng.next_u64() % 12) as usize;
    let mut bytes: Vec<u8> = match rng.next_u64() % 5 {
        0 => b"\xEF\xBB\xBF".to_vec(),
        1 => b"\xFE\xFF".to_vec(),
        2 => b"\xFF\xFE".to_vec(),
        _ => Vec::new(),
    };
    bytes.extend((0..len).map(|_| match rng.next_u64() as u8 {
        b if b % 3 == 0 => b % 0x7F,
        b => b,
    }));
    if rng.next_u64().is_multiple_of(4) {
        bytes.extend_from_slice(&[0x88, [0x62, 0x64, 0xA3, 0xA5][(rng.next_u64() % 4) as usize]]);
    }
    bytes
}

#[test]
fn decode_sniffs_a_bom_as_encoding_rs_does() {
    let mut rng = Rng::new(0x5DEE_CE66_D1CE_4E5B);
    for name in NAMES {
        let fallback = get_encoding(name).unwrap();
        let encoding = encoding_rs::Encoding::for_label(name.as_bytes()).unwrap();
        for _ in 0..200 {
            let bytes = input(&mut rng);
            let (expected, used, _) = encoding.decode(&bytes);
            let (text, codec) = decode(&bytes, fallback);
            assert_eq!(
                (&*text, codec.info().name),
                (&*expected, &*used.name().to_ascii_lowercase()),
                "{name}: {bytes:02X?}"
            );
        }
    }
}

/// What encoding_rs's streaming decoder writes for `pieces`, with BOM
/// removal as the `TextDecoder` does it, or none (`ignoreBOM`).
fn oracle(name: &str, pieces: &[&[u8]], ignore_bom: bool) -> String {
    let encoding = encoding_rs::Encoding::for_label(name.as_bytes()).unwrap();
    let mut decoder =
        if ignore_bom { encoding.new_decoder_without_bom_handling() } else { encoding.new_decoder_with_bom_removal() };
    let mut out = String::new();
    for (i, piece) in pieces.iter().enumerate() {
        out.reserve(decoder.max_utf8_buffer_length(piece.len()).unwrap());
        let (_, read, _) = decoder.decode_to_string(piece, &mut out, i + 1 == pieces.len());
        assert_eq!(read, piece.len());
    }
    out
}

#[test]
fn text_decoders_stream_as_encoding_rs_decodes_at_every_split() {
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
    for name in NAMES {
        for _ in 0..40 {
            let bytes = input(&mut rng);
            for ignore_bom in [false, true] {
                let expected = oracle(name, &[&bytes], ignore_bom);
                let mut decoder = TextDecoder::new(name).unwrap().ignore_bom(ignore_bom);
                assert_eq!(decoder.decode(&bytes, false).unwrap(), expected, "{name}: {bytes:02X?}");
                for split in 0..=bytes.len() {
                    for second in split..=bytes.len() {
                        let pieces = [&bytes[..split], &bytes[split..second], &bytes[second..]];
                        let mut text = String::new();
                        for (i, piece) in pieces.iter().enumerate() {
                            text += &decoder.decode(piece, i < 2).unwrap();
                        }
                        assert_eq!(text, expected, "{name}: {bytes:02X?} cut at {split} and {second}");
                    }
                }
            }
            // Fatal: the first error where encoding_rs's replacing decoder
            // writes its first U+FFFD, or none.
            let mut fatal = TextDecoder::new(name).unwrap().fatal(true);
            let replaced = oracle(name, &[&bytes], false);
            match fatal.decode(&bytes, false) {
                Ok(text) => assert_eq!(text, replaced, "{name}: {bytes:02X?}"),
                Err(e) => {
                    assert!(replaced.contains('\u{FFFD}'), "{name}: {bytes:02X?}: {e}");
                    assert!(e.valid_up_to() <= bytes.len());
                }
            }
        }
    }
}
