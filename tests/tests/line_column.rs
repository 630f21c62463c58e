//! `DecodeError::line_column` (the core's `LineCounter`) against a count
//! of its own, for every registered codec: walking `Decode::items`, a line
//! ends after each item that is U+000A and every other item takes one
//! column, an ill-formed subpart included (decision 0045). The core counts
//! newline units where a codec is context-free and decodes elsewhere; this
//! count knows neither.

use codec_core::{CodePoint, Decode, DecodeError, DecodeMode, DynCodec};
use codec_test::generate::{self, Rng};

/// The line and column, both from 1, of the start of every item of
/// `input`, and of its end, counted from the items alone (a reserved
/// sequence an item, a shift none, a pair two); each with whether an
/// ill-formed subpart starts there.
fn places(codec: &dyn DynCodec, input: &[u8]) -> Vec<(usize, (u64, u64), bool)> {
    let (mut line, mut column) = (1, 1);
    let mut places = Vec::new();
    for item in Decode::items(&codec, input) {
        let (offset, len, newline) = match &item {
            Ok(item) => (item.offset, item.len, item.point == Some(CodePoint::from(b'\n'))),
            Err(e) => (e.valid_up_to(), 1, false),
        };
        // The second code point of a pair has no bytes: no offset is its.
        if len > 0 {
            places.push((offset, (line, column), item.is_err()));
        }
        if newline {
            (line, column) = (line + 1, 1);
        } else {
            column += 1;
        }
    }
    places.push((input.len(), (line, column), false));
    places
}

/// Bytes from `rng`, a third of them newline bytes and NULs (so that
/// UTF-16's and UTF-32's newline units occur, whole and cut).
fn noise(rng: &mut Rng, len: usize) -> Vec<u8> {
    (0..len)
        .map(|_| match rng.below(6) {
            0 => 0x0A,
            1 => 0x00,
            _ => rng.below(256) as u8,
        })
        .collect()
}

/// The inputs for `codec`: its text, the text with bytes of damage at
/// several places, and noise.
fn inputs(codec: &dyn DynCodec) -> Vec<Vec<u8>> {
    // Random text of the code points `generate` draws from, U+000A among
    // them (one in fifteen).
    let mut rng = Rng::new(0x11AE);
    let valid = generate::valid_text(codec, &mut rng, 600);
    let mut inputs = vec![valid.clone()];
    for (k, at) in
        [0, 1, 7, valid.len() / 3, valid.len() / 2 + 1, valid.len().saturating_sub(1)].into_iter().enumerate()
    {
        let damage: [&[u8]; 6] = [b"\xFF", b"\x80", b"\x0A", b"\xC3\x0A", b"\x1B\x0A", b"~\x0A"];
        let mut input = valid.clone();
        let at = at.min(input.len());
        input.splice(at..at, damage[k % damage.len()].iter().copied());
        inputs.push(input);
    }
    inputs.extend((0..24).map(|k| noise(&mut rng, 16 + k * 5)));
    inputs
}

/// For every codec, the line and column of every error offset (each
/// ill-formed subpart the items give, and the first error validation
/// reports), and of every item's start, equal the count from the items.
#[test]
fn line_column_agrees_with_a_count_of_the_items_for_every_codec() {
    let (mut errors, mut later_lines) = (0, 0);
    for &codec in codec_registry::all() {
        let name = codec.info().name;
        for input in inputs(codec) {
            let places = places(codec, &input);
            for &(offset, expected, is_error) in &places {
                // The error a decoder reports has its offset; its length and
                // kind do not change where it is.
                let error = DecodeError::new(offset, Some(1), codec_core::ErrorKind::InvalidLead);
                let got = error.line_column(codec, &input);
                assert_eq!(got, expected, "{name}: offset {offset} of {}", codec_test::hex::format(&input));
                errors += usize::from(is_error);
                later_lines += usize::from(is_error && expected.0 > 1);
            }
            if let Err(first) = codec.decode_with(&input, DecodeMode::Fatal) {
                // A reserved sequence is an item, but no code point to decode.
                let expected = places.iter().find(|p| p.0 == first.valid_up_to()).map(|p| p.1);
                assert_eq!(Some(first.line_column(codec, &input)), expected, "{name}: the first error");
            }
        }
    }
    // The count would pass on inputs without errors, or without lines.
    assert!(errors > 1000 && later_lines > 100, "{errors} errors, {later_lines} past the first line");
}
