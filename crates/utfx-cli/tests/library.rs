//! A command turned into code gives the same bytes: `utfx convert` and the
//! library's `TranscodeReader`, with the BOM option the command's label
//! implies (`with_bom_removal` for utf-8, utf-16le, utf-16be; none for the
//! other codecs, whose U+FEFF is text).

mod support;

use std::io::Read;

use codec_core::bom::Bom;
use codec_core::{DecodeMode, EncodeMode, TranscodeReader};
use support::utfx;

#[test]
fn transcode_reader_with_bom_removal_writes_what_convert_writes() {
    let text = "\u{FEFF}h\u{E9}llo \u{1F4A9}, \u{FEFF}again";
    let cases: [(&str, Vec<u8>, Option<Bom>); 4] = [
        ("utf-16le", text.encode_utf16().flat_map(u16::to_le_bytes).collect(), Some(Bom::Utf16Le)),
        ("utf-16be", text.encode_utf16().flat_map(u16::to_be_bytes).collect(), Some(Bom::Utf16Be)),
        ("utf-8", text.as_bytes().to_vec(), Some(Bom::Utf8)),
        ("wtf-8", text.as_bytes().to_vec(), None),
    ];
    for (from, input, bom) in cases {
        let cli = utfx().args(["convert", "-f", from, "-t", "utf-8"]).write_stdin(input.clone()).output().unwrap();
        assert!(cli.status.success(), "{from}");
        let codec = codec_registry::get(from).unwrap();
        let utf8 = codec_registry::get("utf-8").unwrap();
        let reader = TranscodeReader::new(&input[..], codec, DecodeMode::Fatal, utf8, EncodeMode::Fatal);
        let mut reader = match bom {
            Some(bom) => reader.with_bom_removal(bom),
            None => reader,
        };
        let mut library = Vec::new();
        reader.read_to_end(&mut library).unwrap();
        assert_eq!(library, cli.stdout, "{from}");
        // The expected text, from the standard library: the leading BOM
        // gone where the label strips it, the inner U+FEFF kept.
        let expected = if bom.is_some() { &text[3..] } else { text };
        assert_eq!(library, expected.as_bytes(), "{from}");
    }
}
