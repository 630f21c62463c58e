//! The bulk kernels: well-formed UTF-32 in either byte order to and from the
//! core's pivot forms, a buffer at a time. UTF-32 and WTF-32 share them
//! (they agree on Unicode scalar values); each stops before a surrogate, a
//! value above U+10FFFF and a cut unit at the end, where the step decides.
//!
//! Validation and UTF-16 both ways are `utfx-kernels`' UTF-32 kernels
//! (`utf32_bytes_prefix`, `utf32_bytes_to_utf16`, `utf16_to_utf32_bytes`:
//! SIMD at every level, either byte order). The code points and UTF-8 take
//! the validated prefix as `u32`s: the bytes themselves where the codec's
//! order is the machine's and they are aligned for `u32` (`bytemuck`'s
//! safe `try_cast_slice`), else through a buffer on the stack a block at a
//! time, in a loop that compiles to vector byte swaps; UTF-8 is written and
//! read by the kernels' code point kernels (`scalars_to_utf8`,
//! `valid_utf8_to_code_points`).

use alloc::vec::Vec;

use codec_core::CodePoint;

use crate::{Endian, Utf32};

/// Code units per block of the path through the stack buffer (2 KiB).
const BLOCK: usize = 512;

/// Code points per call of the UTF-8 kernels, whose output goes through a
/// buffer of their own.
const WINDOW: usize = 4096;

/// How many code units at the front of `units` (in the machine's order)
/// are scalar values, by the kernels' UTF-32 validation.
fn scalar_prefix(units: &[u32]) -> usize {
    utfx_kernels::utf32_bytes_prefix(bytemuck::cast_slice(units), Endian::NATIVE == Endian::Big)
}

/// Whether the codec's units are big-endian, as the kernels take it.
fn big_endian(codec: &Utf32) -> bool {
    codec.endian == Endian::Big
}

/// Hands the whole code units of `bytes`, as the machine's `u32`s, to
/// `take`, which returns how many it took: all at once where the codec's
/// order is the machine's and the bytes are aligned, else a block at a time
/// until `take` takes less than a block. Returns the units taken in all.
fn by_blocks(codec: &Utf32, bytes: &[u8], mut take: impl FnMut(&[u32]) -> usize) -> usize {
    let whole = &bytes[..bytes.len() & !3];
    if codec.endian == Endian::NATIVE
        && let Ok(units) = bytemuck::try_cast_slice::<u8, u32>(whole)
    {
        return take(units);
    }
    let mut buffer = [0u32; BLOCK];
    let mut taken = 0;
    for block in whole.chunks(4 * BLOCK) {
        let units = &mut buffer[..block.len() / 4];
        let quads = block.chunks_exact(4);
        // The order chosen once, outside the loop, so that each loop
        // compiles to vector code.
        match codec.endian {
            Endian::Little => {
                units.iter_mut().zip(quads).for_each(|(u, q)| *u = u32::from_le_bytes([q[0], q[1], q[2], q[3]]));
            }
            Endian::Big => {
                units.iter_mut().zip(quads).for_each(|(u, q)| *u = u32::from_be_bytes([q[0], q[1], q[2], q[3]]));
            }
        }
        let n = take(units);
        taken += n;
        if n < units.len() {
            break;
        }
    }
    taken
}

/// Writes `units` to the front of `out` (at least four bytes per unit) in
/// `endian` order.
fn write_units(endian: Endian, units: &[u32], out: &mut [u8]) {
    let quads = out.chunks_exact_mut(4).zip(units);
    match endian {
        Endian::Little => quads.for_each(|(q, &u)| q.copy_from_slice(&u.to_le_bytes())),
        Endian::Big => quads.for_each(|(q, &u)| q.copy_from_slice(&u.to_be_bytes())),
    }
}

/// Converts the leading scalar values of `units` to UTF-8 in `out`, as
/// many as fit, through `scratch` (the kernel appends to a `Vec`): (units
/// read, bytes written).
fn scalars_to_utf8(units: &[u32], out: &mut [u8], scratch: &mut Vec<u8>) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    loop {
        // As many as fit at four bytes each.
        let n = (units.len() - r).min((out.len() - w) / 4).min(WINDOW);
        if n == 0 {
            break;
        }
        scratch.clear();
        let taken = utfx_kernels::scalars_to_utf8(&units[r..r + n], scratch);
        out[w..w + scratch.len()].copy_from_slice(scratch);
        (r, w) = (r + taken, w + scratch.len());
        if taken < n {
            return (r, w);
        }
    }
    // Less than four bytes of room left: the units that still fit.
    while let Some(&u) = units.get(r) {
        let Some((bytes, len)) = utfx_kernels::utf8_bytes(u).filter(|_| char::from_u32(u).is_some()) else { break };
        let Some(dst) = out.get_mut(w..w + len) else { break };
        dst.copy_from_slice(&bytes[..len]);
        (r, w) = (r + 1, w + len);
    }
    (r, w)
}

/// The length in bytes of the well-formed prefix of `input` (whole units of
/// scalar values).
pub(crate) fn valid_prefix(codec: &Utf32, input: &[u8]) -> usize {
    4 * utfx_kernels::utf32_bytes_prefix(input, big_endian(codec))
}

/// Appends the code points of the well-formed prefix of `input` to `out`:
/// (bytes read, code points written).
pub(crate) fn decode(codec: &Utf32, input: &[u8], out: &mut Vec<CodePoint>) -> (usize, usize) {
    let units = CodePoint::with_u32_vec(out, |values| {
        by_blocks(codec, input, |units| {
            let n = scalar_prefix(units);
            values.extend_from_slice(&units[..n]);
            n
        })
    });
    (4 * units, units)
}

/// Converts the well-formed prefix of `input` to UTF-16 in `out`, as much
/// as fits: (bytes read, units written).
pub(crate) fn decode_to_utf16(codec: &Utf32, input: &[u8], out: &mut [u16]) -> (usize, usize) {
    let (read, written) = utfx_kernels::utf32_bytes_to_utf16(input, big_endian(codec), out);
    (4 * read, written)
}

/// Converts the well-formed prefix of `input` to UTF-8 in `out`, as much as
/// fits: (bytes read, bytes written). The kernel stops before a unit that
/// is not a scalar value itself.
pub(crate) fn decode_to_utf8(codec: &Utf32, input: &[u8], out: &mut [u8]) -> (usize, usize) {
    let mut scratch = Vec::new();
    let mut written = 0;
    let read = by_blocks(codec, input, |units| {
        let (r, w) = scalars_to_utf8(units, &mut out[written..], &mut scratch);
        written += w;
        r
    });
    (4 * read, written)
}

/// Appends the leading scalar values of `input` to `out` as code units in
/// the codec's order: (code points read, bytes written).
pub(crate) fn encode(codec: &Utf32, input: &[CodePoint], out: &mut Vec<u8>) -> (usize, usize) {
    let units = CodePoint::as_u32_slice(input);
    let n = scalar_prefix(units);
    let start = out.len();
    out.resize(start + 4 * n, 0);
    write_units(codec.endian, &units[..n], &mut out[start..]);
    (n, 4 * n)
}

/// Writes the well-formed prefix of `input` (UTF-16 code units) as UTF-32
/// in the codec's order, as much as fits: (units read, bytes written). It
/// stops before a lone surrogate and a lead surrogate that ends `input`, so
/// that it never splits a pair, whatever the units.
pub(crate) fn encode_from_utf16(codec: &Utf32, input: &[u16], out: &mut [u8]) -> (usize, usize) {
    utfx_kernels::utf16_to_utf32_bytes(input, big_endian(codec), out)
}

/// Encodes as much of `input` as fits in `out`: (bytes read, bytes
/// written). A window of the text is decoded to code points by the
/// kernels, then written as units.
pub(crate) fn encode_from_str(codec: &Utf32, input: &str, out: &mut [u8]) -> (usize, usize) {
    let bytes = input.as_bytes();
    let mut points = Vec::new();
    let (mut r, mut w) = (0, 0);
    while r < bytes.len() {
        let room = (out.len() - w) / 4;
        if room == 0 {
            break;
        }
        // At most `room` code points: at most as many bytes, cut back to a
        // character boundary.
        let mut end = (r + room.min(WINDOW)).min(bytes.len());
        while !input.is_char_boundary(end) {
            end -= 1;
        }
        if end == r {
            // A character longer than the room in code points: alone.
            let Some(c) = input[r..].chars().next() else { break };
            out[w..w + 4].copy_from_slice(&codec.unit_bytes(u32::from(c)));
            (r, w) = (r + c.len_utf8(), w + 4);
            continue;
        }
        points.clear();
        let read = utfx_kernels::valid_utf8_to_code_points(&bytes[r..end], &mut points);
        write_units(codec.endian, &points, &mut out[w..]);
        (r, w) = (r + read, w + 4 * points.len());
        if read == 0 {
            break;
        }
    }
    (r, w)
}
