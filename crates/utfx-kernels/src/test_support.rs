//! What the kernels' tests generate their inputs with, written once for
//! every test module of the crate (the differential sweeps of `simd.rs`'s
//! instantiations in `simd/tests.rs`, the code point kernels' in
//! `avx2_utf32.rs`): a seeded generator, values of each class of
//! characters and their generalized UTF-8 and UTF-16, and bytes that are
//! not UTF-8.
use alloc::vec::Vec;

/// A xorshift generator.
pub(crate) struct Rng(u32);

impl Rng {
    pub(crate) fn new(seed: u32) -> Rng {
        Rng(seed.wrapping_mul(2_654_435_761).wrapping_add(1))
    }

    pub(crate) fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }
}

/// `n` values of the classes given, in an order from `seed`: 0 ASCII, 1
/// two bytes, 2 three bytes (not surrogates), 3 four bytes, 4 a surrogate,
/// 5 `C0 80` (`None`).
pub(crate) fn values(seed: u32, n: usize, classes: &[u32]) -> Vec<Option<u32>> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            let x = rng.next();
            let r = x >> 8;
            match classes[(x % classes.len() as u32) as usize] {
                0 => Some(0x20 + r % 0x5F),
                1 => Some(0x80 + r % 0x780),
                2 if r.is_multiple_of(4) => Some(0xE000 + (r >> 2) % 0x2000),
                2 => Some(0x800 + r % 0xD000),
                3 => Some(0x1_0000 + r % 0x10_0000),
                4 => Some(0xD800 + r % 0x800),
                _ => None,
            }
        })
        .collect()
}

/// The generalized UTF-8 of each value (surrogates as their three bytes,
/// `None` as `C0 80`) and its UTF-16 (surrogates as themselves, `None` as
/// U+0000), by RFC 3629's bit distribution (§3) and RFC 2781's (§2.1).
pub(crate) fn encode(values: &[Option<u32>]) -> (Vec<u8>, Vec<u16>) {
    let (mut bytes, mut units) = (Vec::new(), Vec::new());
    for v in values {
        match *v {
            None => {
                bytes.extend_from_slice(&[0xC0, 0x80]);
                units.push(0);
            }
            Some(v) if v < 0x80 => {
                bytes.push(v as u8);
                units.push(v as u16);
            }
            Some(v) if v < 0x800 => {
                bytes.extend_from_slice(&[0xC0 | (v >> 6) as u8, 0x80 | (v & 0x3F) as u8]);
                units.push(v as u16);
            }
            Some(v) if v < 0x1_0000 => {
                bytes.extend_from_slice(&[
                    0xE0 | (v >> 12) as u8,
                    0x80 | ((v >> 6) & 0x3F) as u8,
                    0x80 | (v & 0x3F) as u8,
                ]);
                units.push(v as u16);
            }
            Some(v) => {
                bytes.extend_from_slice(&[
                    0xF0 | (v >> 18) as u8,
                    0x80 | ((v >> 12) & 0x3F) as u8,
                    0x80 | ((v >> 6) & 0x3F) as u8,
                    0x80 | (v & 0x3F) as u8,
                ]);
                let w = v - 0x1_0000;
                units.extend_from_slice(&[0xD800 | (w >> 10) as u16, 0xDC00 | (w & 0x3FF) as u16]);
            }
        }
    }
    (bytes, units)
}

/// Bytes that are not UTF-8: `len` of ASCII, continuation, lead and
/// never-valid bytes in an order from `rng`.
pub(crate) fn not_utf8(len: usize, rng: &mut Rng) -> Vec<u8> {
    (0..len).map(|_| [0x41, 0x80, 0xBF, 0xC3, 0xE2, 0xF0, 0xFF][(rng.next() % 7) as usize]).collect()
}
