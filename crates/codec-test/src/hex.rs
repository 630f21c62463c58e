//! Hex strings as the vector files write them: uppercase, any whitespace.

/// Formats bytes as uppercase hex separated by single spaces.
///
/// # Examples
///
/// ```
/// assert_eq!(codec_test::hex::format(&[0xEF, 0xBB, 0xBF]), "EF BB BF");
/// ```
#[must_use]
pub fn format(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
    let mut text = String::with_capacity(3 * bytes.len());
    for (k, &b) in bytes.iter().enumerate() {
        if k > 0 {
            text.push(' ');
        }
        text.push(char::from(DIGITS[usize::from(b >> 4)]));
        text.push(char::from(DIGITS[usize::from(b & 0xF)]));
    }
    text
}

/// Parses hex digits, ignoring ASCII whitespace; `None` on an odd count or a
/// non-hex character.
///
/// # Examples
///
/// ```
/// assert_eq!(codec_test::hex::parse("ef bb\nBF"), Some(vec![0xEF, 0xBB, 0xBF]));
/// assert_eq!(codec_test::hex::parse("E"), None);
/// ```
#[must_use]
pub fn parse(text: &str) -> Option<Vec<u8>> {
    let digits: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if !digits.len().is_multiple_of(2) {
        return None;
    }
    digits
        .chunks(2)
        .map(|pair| {
            let s = std::str::from_utf8(pair).ok()?;
            u8::from_str_radix(s, 16).ok()
        })
        .collect()
}
