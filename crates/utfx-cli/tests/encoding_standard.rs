//! The Encoding Standard's legacy encodings through the CLI, by every kind
//! of label a user types: windows-1252 and shift_jis bytes to UTF-8, the
//! bytes and code points typed from the Standard's indexes, and an error
//! with its byte offset.

mod support;

use support::utfx;

/// What `convert -f FROM -t TO` writes for `input`, or the exit code and
/// stderr when it fails.
fn convert(from: &str, to: &str, input: &[u8]) -> Result<Vec<u8>, (Option<i32>, String)> {
    let out = utfx().args(["convert", "-f", from, "-t", to]).write_stdin(input).output().unwrap();
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err((out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned()))
    }
}

#[test]
fn windows_1252_by_any_of_its_labels_converts_to_utf_8() {
    // index-windows-1252: 80 is U+20AC, 96 U+2013, 81 U+0081; E9 is U+00E9.
    let input = b"caf\xE9 \x80 \x96 \x81";
    let expected = "caf\u{E9} \u{20AC} \u{2013} \u{81}";
    for label in ["windows-1252", "cp1252", "x-cp1252", " Windows-1252 "] {
        assert_eq!(convert(label, "utf-8", input).as_deref(), Ok(expected.as_bytes()), "{label}");
    }
    // The Standard's labels that iconv gives ISO-8859-1 name that one here
    // (decision 0043): 80 is U+0080, 96 U+0096.
    for label in ["latin1", "iso-8859-1", "ISO_8859-1", "l1", "cp819"] {
        let latin1 = "caf\u{E9} \u{80} \u{96} \u{81}";
        assert_eq!(convert(label, "utf-8", input).as_deref(), Ok(latin1.as_bytes()), "{label}");
    }
    // And back, with what it cannot encode as an error at its index.
    assert_eq!(convert("utf-8", "cp1252", expected.as_bytes()).as_deref(), Ok(&input[..]));
    let (code, stderr) = convert("utf-8", "ascii", "caf\u{E9}".as_bytes()).unwrap_err();
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("index 3: U+00E9: unrepresentable"), "{stderr}");
    let (code, stderr) = convert("utf-8", "windows-1252", "a\u{3042}".as_bytes()).unwrap_err();
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("index 1: U+3042: unrepresentable"), "{stderr}");
}

#[test]
fn shift_jis_by_any_of_its_labels_converts_to_utf_8() {
    // index-jis0208 pointer 283 (82 A0) is U+3042; A1..DF are U+FF61..U+FF9F.
    let input = b"\x82\xA0\xB1a";
    let expected = "\u{3042}\u{FF71}a";
    for label in ["shift_jis", "sjis", "Shift-JIS", "ms_kanji", "windows-31j"] {
        assert_eq!(convert(label, "utf-8", input).as_deref(), Ok(expected.as_bytes()), "{label}");
    }
    assert_eq!(convert("utf-8", "shift_jis", expected.as_bytes()).as_deref(), Ok(&input[..]));
    // A lead byte cut by the end of input: the error has its byte offset.
    let (code, stderr) = convert("sjis", "utf-8", b"\x82\xA0ok\x82").unwrap_err();
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("offset 4: truncated"), "{stderr}");
    // In replace mode, one U+FFFD, as the Standard's decoder writes.
    let out = utfx()
        .args(["convert", "-f", "sjis", "-t", "utf-8", "--errors", "replace"])
        .write_stdin(&b"\x82Aok"[..])
        .output()
        .unwrap();
    assert_eq!(out.stdout, "\u{FFFD}Aok".as_bytes());
}

#[test]
fn list_shows_the_encoding_standards_encodings_with_their_labels() {
    let out = utfx().arg("list").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for name in
        ["windows-1252", "shift_jis", "gb18030", "big5", "euc-kr", "x-user-defined", "iso-2022-jp", "replacement"]
    {
        assert!(text.lines().any(|l| l.starts_with(&format!("{name}\t"))), "{name} is not listed");
    }
    let line = text.lines().find(|l| l.starts_with("windows-1252\t")).unwrap();
    assert!(line.split('\t').nth(1).unwrap().split(',').any(|a| a == "cp1252"), "{line}");
    let line = text.lines().find(|l| l.starts_with("iso-8859-1\t")).unwrap();
    assert!(line.split('\t').nth(1).unwrap().split(',').any(|a| a == "latin1"), "{line}");
    let line = text.lines().find(|l| l.starts_with("replacement\t")).unwrap();
    assert!(line.split('\t').nth(1).unwrap().split(',').any(|a| a == "hz-gb-2312"), "{line}");
}

/// The sizes the CLI reads its input in (`support::CHUNK`, and the buffers
/// of `read_ahead`), as `tests/streaming.rs` has them.
const READ_SIZES: [usize; 2] = [64 * 1024, 256 * 1024];

/// iso-2022-jp's escape sequences and pairs keep their meaning wherever
/// the CLI's reads cut them: `a`s, then escape sequences and characters
/// that fill one read and spill into the next at every offset, from a file
/// and from a pipe. Expected text typed from the Standard's tables (index
/// jis0208 pointers 1410 and 283: U+4E9C and U+3042; Roman `5C`: U+00A5).
#[test]
fn iso_2022_jp_converts_at_every_cut_of_the_reads() {
    let tail: &[u8] = b"\x1B$B0!$\"\x1B(J\x5C\x1B(Ba";
    let text = "\u{4E9C}\u{3042}\u{A5}a";
    let dir = support::temp_dir("iso-2022-jp");
    for size in READ_SIZES {
        for before in 0..=tail.len() {
            let mut input = b"a".repeat(size - before);
            input.extend_from_slice(tail);
            let mut expected = b"a".repeat(size - before);
            expected.extend_from_slice(text.as_bytes());
            let path = dir.join(format!("{size}-{before}"));
            std::fs::write(&path, &input).unwrap();
            let args = ["convert", "-f", "iso-2022-jp", "-t", "utf-8"];
            let from_file = utfx().args(args).arg(&path).output().unwrap();
            assert!(from_file.status.success(), "{size}, {before}: {}", String::from_utf8_lossy(&from_file.stderr));
            assert!(from_file.stdout == expected, "{size}, cut {before} bytes before the end, from a file");
            let from_pipe = utfx().args(args).write_stdin(input.clone()).output().unwrap();
            assert!(from_pipe.stdout == expected, "{size}, cut {before} bytes before the end, from a pipe");
            // And back: the encoder writes the same escape sequences (the
            // Roman set's `a` stays in it; back to ASCII at the end).
            let back = utfx().args(["convert", "-f", "utf-8", "-t", "csISO2022JP"]).write_stdin(expected).output();
            let mut bytes = b"a".repeat(size - before);
            bytes.extend_from_slice(b"\x1B$B0!$\"\x1B(J\x5Ca\x1B(B");
            assert!(back.unwrap().stdout == bytes, "{size}, {before}: encoding back");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    // An error, with its offset: a pair cut by the end of the input.
    let (code, stderr) = convert("iso-2022-jp", "utf-8", b"ok\x1B$B0").unwrap_err();
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("offset 5: truncated"), "{stderr}");
    // hz-gb-2312 is the Standard's replacement encoding: one U+FFFD.
    let args = ["convert", "-f", "hz-gb-2312", "-t", "utf-8", "--errors", "replace"];
    let out = utfx().args(args).write_stdin(&b"~{<:~}"[..]).output().unwrap();
    assert_eq!(out.stdout, "\u{FFFD}".as_bytes());
}

#[test]
fn sniff_bom_follows_section_6_whatever_the_label() {
    let run = |args: &[&str], input: &[u8]| utfx().args(args).write_stdin(input).output().unwrap();
    // The issue's case: a UTF-8 BOM under -f utf-16 is UTF-8 with --sniff-bom,
    // two UTF-16LE units without it.
    let sniffed = run(&["decode", "-f", "utf-16", "--sniff-bom"], b"\xEF\xBB\xBFA");
    assert_eq!(String::from_utf8_lossy(&sniffed.stdout).trim(), "U+0041");
    let plain = run(&["decode", "-f", "utf-16"], b"\xEF\xBB\xBFA");
    assert_eq!(String::from_utf8_lossy(&plain.stdout).trim(), "U+BBEF U+41BF");
    // Under a legacy label, each BOM chooses its encoding and is stripped.
    for (input, text) in [(&b"\xFF\xFEA\x00\xE9\x00"[..], "A\u{E9}"), (b"\xFE\xFF\x00A", "A"), (b"\xEF\xBB\xBFa", "a")]
    {
        let out = run(&["convert", "-f", "windows-1252", "-t", "utf-8", "--sniff-bom"], input);
        assert_eq!(out.stdout, text.as_bytes(), "{input:02X?}");
    }
    // Without a BOM, the label decodes; with --keep-bom the BOM stays as U+FEFF.
    let out = run(&["convert", "-f", "windows-1252", "-t", "utf-8", "--sniff-bom"], b"caf\xE9");
    assert_eq!(out.stdout, "caf\u{E9}".as_bytes());
    let out = run(&["convert", "-f", "shift_jis", "-t", "utf-8", "--sniff-bom", "--keep-bom"], b"\xEF\xBB\xBFa");
    assert_eq!(out.stdout, "\u{FEFF}a".as_bytes());
}

#[test]
fn vectors_of_a_legacy_encoding_are_named_in_its_terms() {
    // What issue 44 found: shift_jis's generated vectors were UTF-8's
    // (`overlong E0 80 80`, `last surrogate ED BF BF`).
    let out = utfx().args(["vectors", "-f", "shift_jis", "--count", "5"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let names: Vec<&str> = text.lines().filter_map(|l| l.split("\"name\":\"").nth(1)?.split('"').next()).collect();
    assert!(names.len() > 200, "{}", names.len());
    for utf8 in ["overlong", "surrogate", "CESU", "BOM", "continuation"] {
        assert!(!names.iter().any(|n| n.contains(utf8)), "{utf8}");
    }
    assert!(text.contains(r#""name":"row 81 of index jis0208: its first pointer, 0 (81 40)""#));
    // The curated ones first: the web-platform-tests' and encoding_rs's.
    let first = text.lines().nth(1).unwrap();
    assert!(first.contains(r#""source":{"kind":"wpt""#) || first.contains(r#""kind":"implementation""#), "{first}");
    assert!(text.contains(r#""name":"pointer is null: 81 B5 (shift_jis)""#));
    assert!(text.contains(r#""ref":"encoding_rs 0.8.44 src/shift_jis.rs, its tests (CC0)""#));
    // Each error says which pointer of which index decides it.
    assert!(text.contains(r#""kind":"unrepresentable","rule":"pointer 108 of index jis0208 (81 AD) is null"}"#));
}

#[test]
fn compare_names_the_index_and_pointer_that_decide() {
    // A decoder that reads windows-1253's unmapped bytes as Latin-1: the
    // first case it differs on is byte AA, pointer 42 of the index.
    let out = utfx()
        .args(["compare", "-f", "windows-1253", "--"])
        .args([env!("CARGO_BIN_EXE_utfx"), "decode", "-f", "windows-1253", "--errors", "latin1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(report.contains("  input:   AA (1 byte)"), "{report}");
    assert!(
        report.contains(
            "  rule:    windows-1253: invalid_lead (invalid lead byte) at offset 0, 1 byte: byte AA is pointer 42 of \
             index windows-1253, which has no code point;"
        ),
        "{report}"
    );
}

/// iconv's labels get iconv's meaning where utfx has the encoding
/// (decision 0043): `-t ASCII` stops at `é` as iconv does (it wrote `E9`
/// with exit 0), `-f ISO-8859-1` reads `80 9F` as U+0080 U+009F (it read
/// `€ Ÿ`); a label read as the Standard's encoding where iconv reads
/// another gets a note on stderr, which `-s` leaves out.
#[test]
fn iconv_labels_mean_what_iconv_reads() {
    let (code, stderr) = convert("utf-8", "ASCII", "caf\u{E9} \u{20AC}".as_bytes()).unwrap_err();
    assert_eq!(code, Some(1));
    assert!(stderr.starts_with("utfx: <stdin>: index 3: U+00E9: unrepresentable"), "{stderr}");
    assert_eq!(convert("ISO-8859-1", "utf-8", b"\x80\x9F").as_deref(), Ok("\u{80}\u{9F}".as_bytes()));
    assert_eq!(convert("windows-1252", "utf-8", b"\x80\x9F").as_deref(), Ok("\u{20AC}\u{178}".as_bytes()));
    let out = utfx().args(["convert", "-f", "ISO-8859-9", "-t", "utf-8"]).write_stdin(&b"\x80"[..]).output().unwrap();
    assert_eq!(out.stdout, "\u{20AC}".as_bytes());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.starts_with("utfx: note: `ISO-8859-9` is read as the Encoding Standard's windows-1254"), "{stderr}");
    let out =
        utfx().args(["convert", "-s", "-f", "ISO-8859-9", "-t", "utf-8"]).write_stdin(&b"\x80"[..]).output().unwrap();
    assert!(out.stderr.is_empty());
    // No note for a codec's own name, whose meaning `utfx list` gives.
    for name in ["windows-1254", "shift_jis", "Shift-JIS", "euc-kr", "big5"] {
        let out = utfx().args(["convert", "-f", name, "-t", "utf-8"]).write_stdin(&b"a"[..]).output().unwrap();
        assert!(out.stderr.is_empty(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
    }
    let out = utfx().args(["convert", "-f", "sjis", "-t", "utf-8"]).write_stdin(&b"a"[..]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("utfx: note: `sjis` is read as"));
}
