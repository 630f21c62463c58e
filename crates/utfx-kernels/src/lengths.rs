//! Exact output lengths without converting: how many UTF-16 code units or
//! UTF-8 bytes a conversion of well-formed input writes, and how many code
//! points UTF-16 in either byte order holds (simdutf's `*_length_from_*`
//! and `count_*`). Each is a sum of a weight per input element, from the
//! length of one code point in each encoding form (the Unicode Standard
//! §3.9, Tables 3-5 and 3-6, and D90–D92):
//!
//! | code point | UTF-8 bytes | UTF-16 units | UTF-32 units |
//! |---|---|---|---|
//! | U+0000..U+007F | 1 | 1 | 1 |
//! | U+0080..U+07FF | 2 | 1 | 1 |
//! | U+0800..U+FFFF (not surrogates) | 3 | 1 | 1 |
//! | U+10000..U+10FFFF | 4 | 2 (a surrogate pair) | 1 |
//!
//! So, per element of the input: a UTF-8 byte gives one UTF-16 unit unless
//! it is a continuation byte (`80..BF`), and a second if it leads four
//! bytes (`F0..F4`); a UTF-16 unit gives three UTF-8 bytes, one fewer below
//! U+0800, one fewer again below U+0080, and two for each half of a pair;
//! a Latin-1 byte gives one UTF-8 byte, two from `80`. On input that is not
//! well-formed the answers are unspecified (but for a lone surrogate in
//! UTF-16, counted as two UTF-8 bytes), and nothing panics: a codec runs
//! these on the prefix its validator took (the core's counting sinks
//! count what a decoder writes for the rest).
//!
//! The SIMD forms (`simd/lengths.rs`) sum the same weights a vector at a
//! time; the portable ones here sum them in 64 byte-wide lanes that the
//! compiler vectorizes, and take the SIMD forms' tails.

/// The lanes of [`sum_weights`]: 64 is what the compiler vectorizes (with
/// 16 or 32 it does not).
const LANES: usize = 64;

/// The sum of `weight` over `items`, each weight at most `max`: in byte
/// lanes, over blocks short enough that no lane passes 255.
#[inline(always)]
pub(crate) fn sum_weights<T: Copy>(items: &[T], max: u8, weight: impl Fn(T) -> u8) -> usize {
    let mut total = 0;
    for block in items.chunks(usize::from(u8::MAX / max) * LANES) {
        let mut lanes = [0u8; LANES];
        let mut rows = block.chunks_exact(LANES);
        for row in &mut rows {
            for (lane, &item) in lanes.iter_mut().zip(row) {
                *lane += weight(item);
            }
        }
        total += lanes.iter().map(|&n| usize::from(n)).sum::<usize>();
        total += rows.remainder().iter().map(|&item| usize::from(weight(item))).sum::<usize>();
    }
    total
}

/// The sum of `weight` over the units of `src`, UTF-16 or UTF-32 held as
/// bytes in order `big_endian` (`N` bytes each; a cut last unit is not
/// read), each weight at most `max`.
#[inline(always)]
fn sum_unit_weights<const N: usize>(src: &[u8], big_endian: bool, max: u8, weight: impl Fn(u32) -> u8) -> usize {
    let (units, _) = src.as_chunks::<N>();
    let value = |unit: [u8; N], big: bool| {
        let at = |k: usize| u32::from(unit[if big { k } else { N - 1 - k }]);
        (0..N).fold(0, |v, k| v << 8 | at(k))
    };
    // The order decided outside the loop, so that each loop vectorizes.
    if big_endian {
        sum_weights(units, max, |unit| weight(value(unit, true)))
    } else {
        sum_weights(units, max, |unit| weight(value(unit, false)))
    }
}

/// The UTF-16 units of one UTF-8 byte: the first table's row of its
/// sequence, counted at its lead (none for a continuation byte).
#[inline(always)]
fn utf16_units_of_utf8_byte(b: u8) -> u8 {
    u8::from((b as i8) >= -0x40) + u8::from(b >= 0xF0)
}

/// The UTF-8 bytes of one UTF-16 unit: three, less one below U+0800, one
/// more below U+0080, and one for a surrogate (two for each half of a
/// pair); as `3 - fewer`.
#[inline(always)]
fn utf8_bytes_fewer_than_3(u: u32) -> u8 {
    u8::from(u < 0x80) + u8::from(u < 0x800) + u8::from(u & 0xF800 == 0xD800)
}

/// The UTF-8 bytes of one UTF-32 unit (a Unicode scalar value).
#[inline(always)]
fn utf8_bytes_of_scalar(v: u32) -> u8 {
    1 + u8::from(v > 0x7F) + u8::from(v > 0x7FF) + u8::from(v > 0xFFFF)
}

/// [`utf16_len_from_utf8`] without SIMD.
pub(crate) fn utf16_len_from_utf8_portable(valid: &[u8]) -> usize {
    sum_weights(valid, 2, utf16_units_of_utf8_byte)
}

/// [`utf8_len_from_utf16_bytes`] without SIMD.
pub(crate) fn utf8_len_from_utf16_bytes_portable(src: &[u8], big_endian: bool) -> usize {
    3 * (src.len() / 2) - sum_unit_weights::<2>(src, big_endian, 3, utf8_bytes_fewer_than_3)
}

/// [`utf8_len_from_utf32_bytes`] without SIMD.
pub(crate) fn utf8_len_from_utf32_bytes_portable(src: &[u8], big_endian: bool) -> usize {
    sum_unit_weights::<4>(src, big_endian, 4, utf8_bytes_of_scalar)
}

/// [`utf16_len_from_utf32_bytes`] without SIMD.
pub(crate) fn utf16_len_from_utf32_bytes_portable(src: &[u8], big_endian: bool) -> usize {
    sum_unit_weights::<4>(src, big_endian, 2, |v| 1 + u8::from(v > 0xFFFF))
}

/// [`utf8_len_from_latin1`] without SIMD.
pub(crate) fn utf8_len_from_latin1_portable(bytes: &[u8]) -> usize {
    sum_weights(bytes, 2, |b| 1 + u8::from(b >= 0x80))
}

/// The trail surrogates of UTF-16 held as bytes in order `big_endian`,
/// without SIMD.
pub(crate) fn count_trail_bytes_portable(src: &[u8], big_endian: bool) -> usize {
    sum_unit_weights::<2>(src, big_endian, 1, |u| u8::from(u & 0xFC00 == 0xDC00))
}

/// The SIMD form `$simd` of a length where this build has SIMD kernels
/// and the level is not the portable one, else `$portable`.
macro_rules! at_level {
    ($simd:ident($($arg:expr),*), $portable:expr) => {{
        #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
        let simd = crate::simd::$simd($($arg),*);
        #[cfg(not(any(
            all(target_arch = "x86_64", feature = "std"),
            all(target_arch = "aarch64", target_endian = "little")
        )))]
        let simd: Option<usize> = None;
        simd.unwrap_or_else(|| $portable)
    }};
}

/// Returns how many UTF-16 code units the well-formed UTF-8 `valid`
/// converts to (simdutf's `utf16_length_from_utf8`): one per character,
/// two for one of four bytes.
///
/// # Examples
///
/// ```
/// assert_eq!(utfx_kernels::utf16_len_from_utf8("h\u{E9}\u{1F4A9}".as_bytes()), 4);
/// ```
#[must_use]
pub fn utf16_len_from_utf8(valid: &[u8]) -> usize {
    at_level!(utf16_len_from_utf8_at_level(valid), utf16_len_from_utf8_portable(valid))
}

/// Returns how many UTF-8 bytes the well-formed UTF-16 `units` convert to
/// (simdutf's `utf8_length_from_utf16`); a lone surrogate counts two, which
/// is what neither UTF-8 nor a lossy conversion writes.
///
/// # Examples
///
/// ```
/// assert_eq!(utfx_kernels::utf8_len_from_utf16(&[0x68, 0xE9, 0xD83D, 0xDCA9]), 7);
/// ```
#[must_use]
pub fn utf8_len_from_utf16(units: &[u16]) -> usize {
    #[cfg(any(all(target_arch = "x86_64", feature = "std"), all(target_arch = "aarch64", target_endian = "little")))]
    return utf8_len_from_utf16_bytes(crate::simd::units_as_bytes(units), false);
    #[cfg(not(any(
        all(target_arch = "x86_64", feature = "std"),
        all(target_arch = "aarch64", target_endian = "little")
    )))]
    return 3 * units.len() - sum_weights(units, 3, |u| utf8_bytes_fewer_than_3(u32::from(u)));
}

/// Returns how many UTF-8 bytes well-formed UTF-16, held as bytes
/// little-endian or (`big_endian`) big-endian, converts to, as
/// [`utf8_len_from_utf16`] does with units (simdutf's
/// `utf8_length_from_utf16le` and `…be`). A last odd byte is not read.
///
/// # Examples
///
/// ```
/// assert_eq!(utfx_kernels::utf8_len_from_utf16_bytes(b"\x00h\x00\xE9", true), 3);
/// ```
#[must_use]
pub fn utf8_len_from_utf16_bytes(src: &[u8], big_endian: bool) -> usize {
    at_level!(utf8_len_from_utf16_bytes_at_level(src, big_endian), utf8_len_from_utf16_bytes_portable(src, big_endian))
}

/// Returns how many code points UTF-16 held as bytes little-endian or
/// (`big_endian`) big-endian holds: the units that are not trail
/// surrogates (simdutf's `count_utf16le` and `…be`). A last odd byte is
/// not read.
///
/// # Examples
///
/// ```
/// assert_eq!(utfx_kernels::count_code_points_utf16_bytes(b"h\x00=\xD8\xA9\xDC", false), 2);
/// ```
#[must_use]
pub fn count_code_points_utf16_bytes(src: &[u8], big_endian: bool) -> usize {
    let trails = at_level!(count_trail_bytes_at_level(src, big_endian), count_trail_bytes_portable(src, big_endian));
    src.len() / 2 - trails
}

/// Returns how many UTF-8 bytes well-formed UTF-32, held as bytes
/// little-endian or (`big_endian`) big-endian, converts to (simdutf's
/// `utf8_length_from_utf32`). A cut last unit is not read.
///
/// # Examples
///
/// ```
/// let utf32: Vec<u8> = "h\u{E9}\u{1F4A9}".chars().flat_map(|c| u32::from(c).to_le_bytes()).collect();
/// assert_eq!(utfx_kernels::utf8_len_from_utf32_bytes(&utf32, false), 7);
/// ```
#[must_use]
pub fn utf8_len_from_utf32_bytes(src: &[u8], big_endian: bool) -> usize {
    at_level!(utf8_len_from_utf32_bytes_at_level(src, big_endian), utf8_len_from_utf32_bytes_portable(src, big_endian))
}

/// Returns how many UTF-16 code units well-formed UTF-32, held as bytes
/// little-endian or (`big_endian`) big-endian, converts to (simdutf's
/// `utf16_length_from_utf32`). A cut last unit is not read.
///
/// # Examples
///
/// ```
/// assert_eq!(utfx_kernels::utf16_len_from_utf32_bytes(b"\x00\x01\xF4\xA9\x00\x00\x00h", true), 3);
/// ```
#[must_use]
pub fn utf16_len_from_utf32_bytes(src: &[u8], big_endian: bool) -> usize {
    at_level!(
        utf16_len_from_utf32_bytes_at_level(src, big_endian),
        utf16_len_from_utf32_bytes_portable(src, big_endian)
    )
}

/// Returns how many UTF-8 bytes the Latin-1 (ISO-8859-1) `bytes` convert
/// to: one per byte, two from `80` (simdutf's `utf8_length_from_latin1`).
///
/// # Examples
///
/// ```
/// assert_eq!(utfx_kernels::utf8_len_from_latin1(b"caf\xE9"), 5);
/// ```
#[must_use]
pub fn utf8_len_from_latin1(bytes: &[u8]) -> usize {
    at_level!(utf8_len_from_latin1_at_level(bytes), utf8_len_from_latin1_portable(bytes))
}

#[cfg(test)]
mod tests;
