//! The hint line after a data error of `convert`: what the bytes at a
//! decoding error look like, and what to do about a code point the target
//! cannot encode. A hint names an encoding only where the bytes fit it and
//! no likelier one (issue 44: a hint that guesses wrong is worse than
//! none); otherwise it names the error modes.

use codec_core::{DecodeError, DecodeMode, DynCodec};

use crate::support;

/// How many bytes from a decoding error on the hint looks at.
pub(crate) const WINDOW: usize = 256;

/// The multi-byte legacy encodings whose text a byte of windows-1252 could
/// be taken for: where the bytes fit one of them, windows-1252 is not
/// named.
const MULTI_BYTE: &[&str] = &["shift_jis", "euc-jp", "gbk", "big5", "euc-kr"];

/// The bytes of windows-1252 that are no character in Windows (the
/// Encoding Standard maps them to C1 controls).
const NOT_WINDOWS_1252: &[u8] = &[0x81, 0x8D, 0x8F, 0x90, 0x9D];

/// What to do about the decoding error `e` of `codec`'s input, whose bytes
/// from the error on (a few hundred at most, or none when they are not
/// known) are `after`.
pub(crate) fn decoding(codec: &'static dyn DynCodec, e: &DecodeError, after: &[u8]) -> String {
    let neutral = "--errors replace writes U+FFFD, -c drops it";
    let offset = e.valid_up_to();
    if offset == 0
        && let Some(bom) = bom(after)
    {
        return bom.to_owned();
    }
    if codec.unit_len() == 1
        && let Some(wide) = wide(after, offset)
    {
        return wide;
    }
    let window = &after[..after.len().min(WINDOW)];
    let is_utf8 = codec.info().name == "utf-8";
    if !is_utf8 && codec.unit_len() == 1 && fits("utf-8", window) && holds_utf8_sequence(window) {
        return format!("the bytes look like UTF-8 text: -f utf-8 reads them; {neutral}");
    }
    let ascii = codec.encode_str("a").is_ok_and(|a| a == b"a");
    let high = window.first().is_some_and(|&b| b >= 0x80);
    // A byte at or above 80 not followed by a continuation byte: not the
    // lead of a UTF-8 sequence cut short.
    let lone = window.get(1).is_none_or(|b| !(0x80..=0xBF).contains(b));
    let windows_1252 = !window.iter().any(|b| NOT_WINDOWS_1252.contains(b) || *b == 0);
    if ascii && high && lone && windows_1252 && !MULTI_BYTE.iter().any(|name| fits(name, window)) {
        let how = if is_utf8 { "--errors windows-1252 reads it so" } else { "-f windows-1252 reads it" };
        return format!("the byte looks like windows-1252 (or Latin-1) text: {how}; {neutral}");
    }
    neutral.to_owned()
}

/// Whether the codec named `name` decodes `window` without an error (a
/// sequence cut by the window's end allowed).
fn fits(name: &str, window: &[u8]) -> bool {
    let Ok(codec) = support::codec(name) else { return false };
    match codec.decode_with(window, DecodeMode::Fatal) {
        Ok(_) => true,
        Err(e) => e.error_len().is_none(),
    }
}

/// Whether `window`, which UTF-8 decodes, holds a whole sequence of more
/// than one byte (not only a lead cut by the window's end).
fn holds_utf8_sequence(window: &[u8]) -> bool {
    let text = match std::str::from_utf8(window) {
        Ok(text) => text,
        Err(e) => std::str::from_utf8(&window[..e.valid_up_to()]).unwrap_or_default(),
    };
    !text.is_ascii()
}

/// What a byte order mark at the start of the input says.
fn bom(start: &[u8]) -> Option<&'static str> {
    Some(match start {
        [0xFF, 0xFE, 0, 0, ..] => "the input starts with a UTF-32LE byte order mark: -f utf-32 reads it",
        [0, 0, 0xFE, 0xFF, ..] => "the input starts with a UTF-32BE byte order mark: -f utf-32 reads it",
        [0xFF, 0xFE, ..] => {
            "the input starts with a UTF-16LE byte order mark: -f utf-16 reads it (--sniff-bom lets any byte order mark choose)"
        }
        [0xFE, 0xFF, ..] => {
            "the input starts with a UTF-16BE byte order mark: -f utf-16 reads it (--sniff-bom lets any byte order mark choose)"
        }
        [0xEF, 0xBB, 0xBF, ..] => "the input starts with a UTF-8 byte order mark: -f utf-8 reads it",
        _ => return None,
    })
}

/// What zero bytes between the others say (UTF-16 or UTF-32 text read as
/// bytes), the first of `bytes` being at `offset` in the input.
fn wide(bytes: &[u8], offset: usize) -> Option<String> {
    let bytes = &bytes[..bytes.len().min(64)];
    if bytes.len() < 16 {
        return None;
    }
    // The share of zero bytes at each position modulo 4 of the input.
    let mut zeros = [(0usize, 0usize); 4];
    for (k, &b) in bytes.iter().enumerate() {
        let slot = &mut zeros[(offset + k) % 4];
        slot.0 += usize::from(b == 0);
        slot.1 += 1;
    }
    let mostly = |(z, n): (usize, usize)| z * 4 >= n * 3;
    let rarely = |(z, n): (usize, usize)| z * 4 <= n;
    let join = |a: (usize, usize), b: (usize, usize)| (a.0 + b.0, a.1 + b.1);
    let zero = zeros.map(mostly);
    let (name, label, beside, neutral) = match zero {
        [false, true, true, true] => ("UTF-32LE", "utf-32le", "three zero bytes", "utf-32"),
        [true, true, true, false] => ("UTF-32BE", "utf-32be", "three zero bytes", "utf-32"),
        _ if mostly(join(zeros[1], zeros[3])) && rarely(join(zeros[0], zeros[2])) => {
            ("UTF-16LE", "utf-16le", "a zero byte", "utf-16")
        }
        _ if mostly(join(zeros[0], zeros[2])) && rarely(join(zeros[1], zeros[3])) => {
            ("UTF-16BE", "utf-16be", "a zero byte", "utf-16")
        }
        _ => return None,
    };
    Some(format!(
        "the bytes look like {name} text ({beside} beside each ASCII letter): -f {label} reads it (-f {neutral} \
         where a byte order mark leads)"
    ))
}

/// What to do about a code point the target `to` cannot encode (`point`,
/// when it fits in `u32`), the input decoded in `decode_mode`.
pub(crate) fn encoding(point: Option<u32>, decode_mode: DecodeMode, to: &'static dyn DynCodec) -> String {
    let modes = "--encode-errors replace writes a replacement (U+FFFD or ?), --encode-errors html writes &#N;, \
                 -c drops it";
    match point {
        Some(point @ 0xDC00..=0xDCFF) if decode_mode == DecodeMode::Escape => {
            let byte = point - 0xDC00;
            if to.unit_len() == 1 {
                format!(
                    "U+{point:04X} stands for the byte {byte:02X} that --errors escape kept: --encode-errors escape \
                     writes it back as that byte"
                )
            } else {
                format!(
                    "U+{point:04X} stands for the byte {byte:02X} that --errors escape kept, and a lone byte has no \
                     place among {}'s units of {} bytes: --errors replace writes U+FFFD for it instead",
                    to.info().name,
                    to.unit_len()
                )
            }
        }
        _ => modes.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use codec_core::{DecodeError, ErrorKind};

    use super::decoding;

    fn hint(codec: &str, offset: usize, bytes: &[u8]) -> String {
        let codec = crate::support::codec(codec).unwrap();
        decoding(codec, &DecodeError::new(offset, Some(1), ErrorKind::InvalidLead), bytes)
    }

    /// Each kind of input the issue saw the windows-1252 hint on gets its
    /// own hint; windows-1252 is named for Latin-1 text only.
    #[test]
    fn hints_name_an_encoding_only_where_the_bytes_fit_it() {
        let latin1 = b"\xE9 au lait, cr\xE8me br\xFBl\xE9e";
        assert!(hint("utf-8", 3, latin1).contains("--errors windows-1252"), "{}", hint("utf-8", 3, latin1));
        assert!(hint("utf-8", 3, latin1).contains("windows-1252"));
        // Shift_JIS, EUC-JP and GB2312 text of 日本語の文字 / 中文字符.
        let sjis = b"\x93\xFA\x96\x7B\x8C\xEA\x82\xCC\x95\xB6\x8E\x9A";
        let eucjp = b"\xC6\xFC\xCB\xDC\xB8\xEC\xA4\xCE\xCA\xB8\xBB\xFA";
        let gb = b"\xD6\xD0\xCE\xC4\xD7\xD6\xB7\xFB";
        for bytes in [&sjis[..], eucjp, gb] {
            let h = hint("utf-8", 10, bytes);
            assert!(!h.contains("windows-1252"), "{bytes:02X?}: {h}");
            assert_eq!(h, "--errors replace writes U+FFFD, -c drops it");
        }
        let utf16 =
            "\u{FEFF}caf\u{E9} au lait, cr\u{E8}me".encode_utf16().flat_map(u16::to_le_bytes).collect::<Vec<_>>();
        assert!(hint("utf-8", 0, &utf16).contains("UTF-16LE byte order mark: -f utf-16"));
        assert!(hint("utf-8", 8, &utf16[8..]).contains("-f utf-16le"), "{}", hint("utf-8", 8, &utf16[8..]));
        let be = "caf\u{E9} au lait, cr\u{E8}me".encode_utf16().flat_map(u16::to_be_bytes).collect::<Vec<_>>();
        assert!(hint("utf-8", 7, &be[7..]).contains("-f utf-16be"), "{}", hint("utf-8", 7, &be[7..]));
        let utf32: Vec<u8> = "caf\u{E9} au lait".chars().flat_map(|c| u32::from(c).to_le_bytes()).collect();
        assert!(hint("utf-8", 12, &utf32[12..]).contains("-f utf-32le"), "{}", hint("utf-8", 12, &utf32[12..]));
        let be: Vec<u8> = "caf\u{E9} au lait".chars().flat_map(|c| u32::from(c).to_be_bytes()).collect();
        assert!(hint("utf-8", 12, &be[12..]).contains("-f utf-32be"), "{}", hint("utf-8", 12, &be[12..]));
        assert!(hint("utf-8", 0, b"\xFF\xFE\0\0a\0\0\0").contains("UTF-32LE byte order mark: -f utf-32"));
        assert!(hint("utf-8", 0, b"\0\0\xFE\xFF\0\0\0a").contains("UTF-32BE byte order mark: -f utf-32"));
        // UTF-8 read as a legacy encoding.
        assert!(hint("shift_jis", 0, "\u{20AC} \u{E9}t\u{E9}".as_bytes()).contains("-f utf-8"));
    }
}
