//! The bulk kernels: well-formed UTF-16 in either byte order to and from the
//! core's pivot forms, a buffer at a time. Both UTF-16 and WTF-16 use them
//! (they agree on well-formed UTF-16); each stops before a lone surrogate or
//! a lead surrogate at the end, where the step decides.

use codec_core::CodePoint;

use crate::{Endian, Utf16};

/// The length in bytes of the well-formed UTF-16 prefix of `input`.
pub(crate) fn valid_prefix(codec: &Utf16, input: &[u8]) -> usize {
    2 * utfx_kernels::utf16_bytes_prefix(input, codec.endian() == Endian::Big)
}

/// Copies the well-formed prefix of `input` into `out` as code units:
/// (bytes read, units written).
pub(crate) fn decode_to_utf16(codec: &Utf16, input: &[u8], out: &mut [u16]) -> (usize, usize) {
    let n = (input.len() / 2).min(out.len());
    let pairs = input[..2 * n].chunks_exact(2);
    match codec.endian() {
        Endian::Little => out.iter_mut().zip(pairs).for_each(|(slot, p)| *slot = u16::from_le_bytes([p[0], p[1]])),
        Endian::Big => out.iter_mut().zip(pairs).for_each(|(slot, p)| *slot = u16::from_be_bytes([p[0], p[1]])),
    }
    let m = utfx_kernels::utf16_units_prefix(&out[..n]);
    (2 * m, m)
}

/// Converts the well-formed prefix of `input` to UTF-8 in `out`:
/// (bytes read, bytes written, code points written).
pub(crate) fn decode_to_utf8(codec: &Utf16, input: &[u8], out: &mut [u8]) -> (usize, usize, usize) {
    let (units, written, points) = utfx_kernels::utf16_bytes_to_utf8_counted(input, codec.endian() == Endian::Big, out);
    (2 * units, written, points)
}

/// Writes the well-formed prefix of `input` as bytes in the codec's order:
/// (units read, bytes written).
pub(crate) fn encode_from_utf16(codec: &Utf16, input: &[u16], out: &mut [u8]) -> (usize, usize) {
    let n = input.len().min(out.len() / 2);
    let m = utfx_kernels::utf16_units_prefix(&input[..n]);
    write_units(codec.endian(), &input[..m], out);
    (m, 2 * m)
}

/// Writes the front of `input`, well-formed UTF-16 by the caller's promise,
/// as bytes in the codec's order without checking it again: as much as fits,
/// less a lead surrogate that would end it (so that no pair is split on any
/// input). (units read, bytes written).
pub(crate) fn encode_from_valid_utf16(codec: &Utf16, input: &[u16], out: &mut [u8]) -> (usize, usize) {
    let mut n = input.len().min(out.len() / 2);
    if n > 0 && CodePoint::new(u32::from(input[n - 1])).is_lead_surrogate() {
        n -= 1;
    }
    write_units(codec.endian(), &input[..n], out);
    (n, 2 * n)
}

/// Encodes as much of `input` as fits: (bytes read, bytes written).
pub(crate) fn encode_from_str(codec: &Utf16, input: &str, out: &mut [u8]) -> (usize, usize) {
    let mut units = [0u16; 512];
    let (mut read, mut written) = (0, 0);
    while read < input.len() {
        let room = ((out.len() - written) / 2).min(units.len());
        let (r, u) = utfx_kernels::utf8_to_utf16(&input[read..], &mut units[..room]);
        if r == 0 {
            break;
        }
        write_units(codec.endian(), &units[..u], &mut out[written..]);
        read += r;
        written += 2 * u;
    }
    (read, written)
}

/// Writes `units` to the front of `out` in `endian` order (`out` holds at
/// least two bytes per unit). The order is chosen once, outside the loop, so
/// that each loop compiles to vector code.
fn write_units(endian: Endian, units: &[u16], out: &mut [u8]) {
    let pairs = out.chunks_exact_mut(2).zip(units);
    match endian {
        Endian::Little => pairs.for_each(|(pair, &u)| pair.copy_from_slice(&u.to_le_bytes())),
        Endian::Big => pairs.for_each(|(pair, &u)| pair.copy_from_slice(&u.to_be_bytes())),
    }
}
