//! Codec names as users type them: the spellings iconv and Python accept
//! name the codec the canonical name does; an encoding utfx does not have
//! is named as such, with what to use instead; a family name without its
//! byte order suggests the codecs with one; `utfx list` shows `utf-16` and
//! `utf-32` as entries of their own.

mod support;

use predicates::prelude::*;
use support::utfx;

/// What `convert -f LABEL -t utf-8` writes for `input`, or the exit code and
/// stderr when it fails.
fn convert(label: &str, input: &[u8]) -> Result<Vec<u8>, (Option<i32>, String)> {
    let out = utfx().args(["convert", "-f", label, "-t", "utf-8"]).write_stdin(input).output().unwrap();
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err((out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned()))
    }
}

#[test]
fn iconv_and_python_spellings_name_the_codec() {
    let le = "h\u{E9}".encode_utf16().flat_map(u16::to_le_bytes).collect::<Vec<u8>>();
    let be = "h\u{E9}".encode_utf16().flat_map(u16::to_be_bytes).collect::<Vec<u8>>();
    let utf32le = "h\u{E9}".chars().flat_map(|c| u32::from(c).to_le_bytes()).collect::<Vec<u8>>();
    let utf32be = "h\u{E9}".chars().flat_map(|c| u32::from(c).to_be_bytes()).collect::<Vec<u8>>();
    let cases: [(&[&str], &[u8]); 8] = [
        (&["utf-8", "utf_8", "UTF8", " Utf-8 ", "U.T.F-8"], "h\u{E9}".as_bytes()),
        (&["utf-16le", "UTF16LE", "utf_16_le", "Utf-16-LE"], &le),
        (&["utf-16be", "UTF16BE", "utf_16_be"], &be),
        (&["wtf-16le", "WTF16LE", "wtf_16le"], &le),
        (&["utf-32le", "UTF32LE", "utf_32_le", "UCS-4LE"], &utf32le),
        (&["utf-32be", "UTF32BE", "utf_32_be", "UCS-4"], &utf32be),
        (&["cesu-8", "CESU8", "cesu_8"], "h\u{E9}".as_bytes()),
        (&["mutf-8", "MUTF8", "java_modified_utf_8"], "h\u{E9}".as_bytes()),
    ];
    for (labels, input) in cases {
        for label in labels {
            assert_eq!(convert(label, input), Ok("h\u{E9}".as_bytes().to_vec()), "{label}");
        }
    }
    // Python's `utf_16` is the byte-order-neutral label: a BOM chooses.
    let mut with_bom = vec![0xFE, 0xFF];
    with_bom.extend_from_slice(&be);
    for label in ["utf-16", "UTF16", "utf_16"] {
        assert_eq!(convert(label, &with_bom), Ok("h\u{E9}".as_bytes().to_vec()), "{label}");
    }
}

/// No two codecs share a spelling, but for the labels the Encoding
/// Standard gives its windows-1252 that iconv gives ISO-8859-1 and
/// US-ASCII: those name the latter, which `get` tries first (decision 0043).
#[test]
fn no_two_codecs_share_a_spelling() {
    // The loose match ignores ASCII case, `-`, `_`, `.` and spaces: written
    // out again here, as the reference.
    let loose = |s: &str| s.chars().filter(|c| !"-_. ".contains(*c)).collect::<String>().to_ascii_lowercase();
    let mut seen = std::collections::HashMap::new();
    for codec in codec_registry::all() {
        let info = codec.info();
        for label in std::iter::once(info.name).chain(info.aliases.iter().copied()) {
            if let Some(other) = seen.insert(loose(label), info.name) {
                let pair = [other, info.name];
                let iconvs =
                    pair.contains(&"windows-1252") && (pair.contains(&"iso-8859-1") || pair.contains(&"us-ascii"));
                assert!(other == info.name || iconvs, "`{label}` of {} is loosely `{other}`'s too", info.name);
                seen.insert(loose(label), other);
            }
        }
    }
    for (label, name) in
        [("latin1", "iso-8859-1"), ("ISO-8859-1", "iso-8859-1"), ("ASCII", "us-ascii"), ("cp1252", "windows-1252")]
    {
        assert_eq!(codec_registry::get(label).map(|c| c.info().name), Some(name), "{label}");
    }
    // The Standard's own table still gives them windows-1252.
    assert_eq!(codec_registry::whatwg::get_encoding("latin1").map(|c| c.info().name), Some("windows-1252"));
}

#[test]
fn encodings_utfx_lacks_are_named_with_what_to_use_instead() {
    let cases = [
        ("UCS-2", "wtf-16le"),
        ("iso-2022-jp-2", "`-f iso-2022-jp`"),
        ("HZ", "`replacement`"),
        ("cp932", "-f shift_jis"),
        ("CP936", "-f gbk"),
    ];
    for (label, advice) in cases {
        let (code, stderr) = convert(label, b"hi").unwrap_err();
        assert_eq!(code, Some(2), "{label}");
        assert!(stderr.contains(&format!("unknown codec `{label}`")), "{label}: {stderr}");
        assert!(stderr.contains(advice), "{label}: {stderr}");
        assert!(!stderr.contains("did you mean"), "{label}: {stderr}");
    }
}

#[test]
fn a_family_without_its_byte_order_suggests_both_orders() {
    for label in ["wtf-16", "WTF16", "wtf_16"] {
        let (code, stderr) = convert(label, b"hi").unwrap_err();
        assert_eq!(code, Some(2));
        assert!(stderr.contains("did you mean `wtf-16le` or `wtf-16be`?"), "{label}: {stderr}");
    }
    let (_, stderr) = convert("wtf-32", b"hi").unwrap_err();
    assert!(stderr.contains("did you mean `wtf-32le` or `wtf-32be`?"), "{stderr}");
    // A typo still gets the nearest name.
    let (_, stderr) = convert("cesu-9", b"hi").unwrap_err();
    assert!(stderr.contains("did you mean `cesu-8`?"), "{stderr}");
}

#[test]
fn list_shows_utf_16_and_utf_32_as_entries_of_their_own() {
    let out = utfx().arg("list").assert().success().get_output().stdout.clone();
    let text = String::from_utf8(out).unwrap();
    let row = |name: &str| text.lines().find(|l| l.split('\t').next() == Some(name)).map(str::to_owned);
    let utf16 = row("utf-16").expect("a utf-16 row");
    assert!(utf16.contains("BOM"), "{utf16}");
    let le = row("utf-16le").unwrap();
    assert_eq!(le.split('\t').nth(1), Some(""), "utf-16 is no longer shown as an alias of utf-16le: {le}");
    utfx().args(["decode", "-f", "utf-16", "--input-hex"]).write_stdin("FE FF 00 41").assert().stdout("U+0041\n");
    // And utf-32, after utf-32be.
    let utf32 = row("utf-32").expect("a utf-32 row");
    assert!(utf32.contains("FF FE 00 00"), "{utf32}");
    let le = row("utf-32le").unwrap();
    assert!(!le.split('\t').nth(1).unwrap().split(',').any(|a| a == "utf-32"), "{le}");
    let lines: Vec<&str> = text.lines().map(|l| l.split('\t').next().unwrap()).collect();
    let at = |name: &str| lines.iter().position(|l| *l == name).unwrap();
    assert_eq!((at("utf-16"), at("utf-32")), (at("utf-16be") + 1, at("utf-32be") + 1));
    utfx().args(["decode", "-f", "nope"]).assert().code(2).stderr(predicate::str::contains("known codecs"));
}
