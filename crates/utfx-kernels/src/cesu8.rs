//! Unicode scalar values to CESU-8 and Modified UTF-8
//! ([`crate::scalars_to_cesu8`]): the form of one value, and the portable
//! form of the conversion, which the AVX2 kernel (`avx2_cesu8.rs`) matches
//! exactly.
//!
//! Both are UTF-8's bit distribution applied to each UTF-16 code unit on
//! its own (Unicode Technical Report #26, *CESU-8*, §2; the JVM
//! Specification §4.4.7 and `java.io.DataInput` for Modified UTF-8;
//! `docs/specs/cesu-8-and-mutf-8.md`):
//!
//! ```text
//! U+0000             00                   (CESU-8)
//!                    C0 80                (Modified UTF-8)
//! U+0001..U+007F     0xxxxxxx
//! U+0080..U+07FF     110yyyyy 10xxxxxx
//! U+0800..U+FFFF     1110zzzz 10yyyyyy 10xxxxxx
//! U+10000..U+10FFFF  the surrogate pair of UTF-16, each unit as above:
//!                    ED 1010wwww 10zzzzzz  ED 1011yyyy 10xxxxxx
//!                    (wwww zzzzzz yyyy xxxxxx: the 20 bits of cp - 0x10000)
//! ```

use alloc::vec::Vec;

/// The CESU-8 form of `v` (Modified UTF-8's when `nul` is set: U+0000 as
/// `C0 80`) and its length, one to six bytes; `None` for a surrogate or a
/// value beyond U+10FFFF. The AVX2 kernel writes its last code points, and
/// those of a block that holds a value it stops at, with it.
#[cfg(all(target_arch = "x86_64", feature = "std"))]
#[inline]
pub(crate) fn cesu8_form(v: u32, nul: bool) -> Option<([u8; 6], usize)> {
    Some(match v {
        0 if nul => ([0xC0, 0x80, 0, 0, 0, 0], 2),
        0..=0x7F => ([v as u8, 0, 0, 0, 0, 0], 1),
        0x80..=0x7FF => ([0xC0 | (v >> 6) as u8, 0x80 | (v & 0x3F) as u8, 0, 0, 0, 0], 2),
        0x800..=0xD7FF | 0xE000..=0xFFFF => {
            ([0xE0 | (v >> 12) as u8, 0x80 | ((v >> 6) & 0x3F) as u8, 0x80 | (v & 0x3F) as u8, 0, 0, 0], 3)
        }
        0x1_0000..=0x10_FFFF => {
            let word = supplementary_word(v).to_le_bytes();
            ([word[0], word[1], word[2], word[3], word[4], word[5]], 6)
        }
        _ => return None,
    })
}

/// The six bytes of a supplementary code point (the table of the module),
/// lowest first in a word: the 20 bits of `v - 0x10000` spread over them
/// (which compiles to fewer instructions than six bytes one by one).
#[inline]
fn supplementary_word(v: u32) -> u64 {
    let w = u64::from(v - 0x1_0000);
    0x80B0_ED80_A0ED | (w >> 16) << 8 | (w >> 10 & 0x3F) << 16 | (w >> 6 & 0xF) << 32 | (w & 0x3F) << 40
}

/// The first and the largest window of code points the portable form hands
/// UTF-8's encoder at a time: it doubles while the text stays plain and
/// starts again from the first after a code point written otherwise, so
/// that the work stays proportional to what it takes.
const FIRST_RUN: usize = 16;
const LAST_RUN: usize = 4096;

/// Returns how many code points at the front of `points` are
/// supplementary (U+10000..U+10FFFF), sixteen at a time where it can (a
/// check with no early exit vectorizes).
fn supplementary_run(points: &[u32]) -> usize {
    let supplementary = |v: &u32| v.wrapping_sub(0x1_0000) < 0x10_0000;
    let mut run = 0;
    for block in points.chunks(16) {
        if !block.iter().fold(true, |all, v| all & supplementary(v)) {
            return run + block.iter().take_while(|v| supplementary(v)).count();
        }
        run += block.len();
    }
    run
}

/// Appends the forms of the run of code points at the front of `points`
/// that are written otherwise than in UTF-8 (supplementary code points, and
/// U+0000 with `nul`) and returns how many it took.
fn encode_otherwise(nul: bool, points: &[u32], out: &mut Vec<u8>) -> usize {
    let mut read = 0;
    loop {
        let rest = &points[read..];
        let pairs = supplementary_run(rest);
        let at = out.len();
        out.resize(at + 6 * pairs, 0);
        for (&v, form) in rest[..pairs].iter().zip(out[at..].chunks_exact_mut(6)) {
            form.copy_from_slice(&supplementary_word(v).to_le_bytes()[..6]);
        }
        let nuls = if nul { rest[pairs..].iter().take_while(|&&v| v == 0).count() } else { 0 };
        for _ in 0..nuls {
            out.extend_from_slice(&[0xC0, 0x80]);
        }
        read += pairs + nuls;
        if pairs + nuls == 0 {
            return read;
        }
    }
}

/// Returns true when `bytes` (UTF-8) holds a byte where the text UTF-8 and
/// CESU-8 write alike ends: a lead of a four-byte form, or `00` when `nul`
/// is set; 64 bytes at a time so that the loop vectorizes.
fn has_stop(bytes: &[u8], nul: bool) -> bool {
    // `b >= F0`, or with `nul` also `b == 00`: `b - 1 >= EF` (wrapping), so
    // one maximum per block decides (a byte-wise max vectorizes).
    let offset = u8::from(nul);
    let threshold = 0xF0 - offset;
    let mut blocks = bytes.chunks_exact(64);
    let any = |block: &[u8]| block.iter().fold(0, |max: u8, &b| max.max(b.wrapping_sub(offset))) >= threshold;
    blocks.any(any) || any(blocks.remainder())
}

/// The portable form of [`crate::scalars_to_cesu8`]: UTF-8's portable
/// encoder a window at a time, cut at the first byte of a form written
/// otherwise (a four-byte lead, or `00` with `nul`); those code points are
/// then written a run at a time, and the next window starts after them.
pub(crate) fn scalars_to_cesu8_portable(points: &[u32], nul: bool, out: &mut Vec<u8>) -> usize {
    let (mut read, mut window) = (0, FIRST_RUN);
    while read < points.len() {
        let end = points.len().min(read + window);
        let start = out.len();
        let took = crate::portable::scalars_to_utf8_portable(&points[read..end], out);
        let written = &out[start..];
        let stops = |b: u8| b >= 0xF0 || (nul && b == 0);
        let cut = if has_stop(written, nul) { written.iter().position(|&b| stops(b)) } else { None };
        match cut {
            Some(cut) => {
                out.truncate(start + cut);
                read += crate::count_utf8_code_points(&out[start..]);
                let otherwise = encode_otherwise(nul, &points[read..], out);
                if otherwise == 0 {
                    break;
                }
                read += otherwise;
                window = FIRST_RUN;
            }
            None => {
                read += took;
                if read < end {
                    // A surrogate or a value beyond U+10FFFF.
                    break;
                }
                window = LAST_RUN.min(2 * window);
            }
        }
    }
    read
}

#[cfg(test)]
mod tests {
    //! The portable form, the AVX2 kernel (at every room near its block
    //! sizes) and [`crate::scalars_to_cesu8`] at every level this machine
    //! has, against a reference written from the specifications: each code
    //! point's UTF-16 units (the standard library's `char::encode_utf16`),
    //! each unit as Java's `DataOutputStream.writeUTF` writes it (and as
    //! TR #26 does, but U+0000). On code points of every length class (and
    //! U+0000, and values that are not scalar values) at every position of
    //! the blocks, every length up to several blocks, every alignment.
    use alloc::vec;
    use alloc::vec::Vec;

    use crate::Level;
    use crate::test_support::Rng;

    /// (code points taken, bytes) of the leading scalar values of `points`.
    fn reference(points: &[u32], nul: bool) -> (usize, Vec<u8>) {
        let mut out = Vec::new();
        for (n, &v) in points.iter().enumerate() {
            let Some(c) = char::from_u32(v) else { return (n, out) };
            let mut units = [0u16; 2];
            for &unit in c.encode_utf16(&mut units).iter() {
                let c = u32::from(unit);
                // writeUTF: `c >= 0x0001 && c <= 0x007F` one byte, `c >
                // 0x07FF` three, else (U+0000 included) two.
                if (0x0001..=0x007F).contains(&c) || (c == 0 && !nul) {
                    out.push(c as u8);
                } else if c > 0x07FF {
                    out.push((0xE0 | ((c >> 12) & 0x0F)) as u8);
                    out.push((0x80 | ((c >> 6) & 0x3F)) as u8);
                    out.push((0x80 | (c & 0x3F)) as u8);
                } else {
                    out.push((0xC0 | ((c >> 6) & 0x1F)) as u8);
                    out.push((0x80 | (c & 0x3F)) as u8);
                }
            }
        }
        (points.len(), out)
    }

    /// A value of a class: 0 ASCII (not U+0000), 1 U+0000, 2 two bytes,
    /// 3 three bytes, 4 supplementary, 5 not a scalar value; the edges of
    /// each class often.
    fn value(class: u32, rng: &mut Rng) -> u32 {
        let r = rng.next();
        let pick = |edges: &[u32], first: u32, last: u32| match r % 4 {
            0 => edges[(r >> 2) as usize % edges.len()],
            _ => first + (r >> 2) % (last - first + 1),
        };
        match class {
            0 => pick(&[1, 0x7F], 1, 0x7F),
            1 => 0,
            2 => pick(&[0x80, 0x7FF], 0x80, 0x7FF),
            3 => match pick(&[0x800, 0xD7FF, 0xE000, 0xFFFF], 0x800, 0xFFFF) {
                v @ 0xD800..=0xDFFF => v + 0x800,
                v => v,
            },
            4 => pick(&[0x1_0000, 0x10_FFFF, 0x1_03FF, 0x1_0400], 0x1_0000, 0x10_FFFF),
            _ => [0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x11_0000, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF][(r % 8) as usize],
        }
    }

    /// `n` values of the classes given, in an order from `seed`.
    fn values(seed: u32, n: usize, classes: &[u32]) -> Vec<u32> {
        let mut rng = Rng::new(seed);
        (0..n)
            .map(|_| {
                let class = classes[(rng.next() % classes.len() as u32) as usize];
                value(class, &mut rng)
            })
            .collect()
    }

    /// The AVX2 kernel can run here.
    fn avx2() -> bool {
        cfg!(all(target_arch = "x86_64", feature = "std")) && Level::Avx2.is_available()
    }

    /// Every form (portable, the AVX2 kernel when the machine has it, the
    /// public function at the level in use) against the reference, after
    /// bytes already in the `Vec`; the kernel also into each of `rooms`
    /// bytes: as much as fits.
    fn check(points: &[u32], nul: bool, rooms: &[usize]) {
        let (taken, bytes) = reference(points, nul);
        let mut portable = b"x".to_vec();
        let n = super::scalars_to_cesu8_portable(points, nul, &mut portable);
        assert_eq!((n, &portable[1..]), (taken, &bytes[..]), "portable, nul {nul}: {points:X?}");
        let mut public = b"x".to_vec();
        let n = crate::scalars_to_cesu8(points, nul, &mut public);
        assert_eq!((n, &public[1..]), (taken, &bytes[..]), "{:?}, nul {nul}: {points:X?}", crate::level());
        if !avx2() {
            return;
        }
        // (Where there is no AVX2 kernel, `rooms` has nothing to size.)
        #[cfg(not(all(target_arch = "x86_64", feature = "std")))]
        let _ = rooms;
        #[cfg(all(target_arch = "x86_64", feature = "std"))]
        {
            let mut fast = b"x".to_vec();
            let n = crate::avx2_cesu8::append_checked(points, nul, &mut fast);
            assert_eq!((n, &fast[1..]), (taken, &bytes[..]), "AVX2, nul {nul}: {points:X?}");
            for &room in rooms {
                let (read, written) = crate::avx2_cesu8::encode_checked(points, nul, room);
                let (r, expected) = reference(&points[..read], nul);
                assert_eq!((r, &written), (read, &expected), "room {room}, nul {nul}: {points:X?}");
                // It stops at the end, before a value that is not a scalar
                // value, or before a code point that does not fit.
                if read < taken {
                    let next = reference(&points[read..=read], nul).1.len();
                    assert!(written.len() + next > room, "room {room}, nul {nul}: {points:X?}");
                } else {
                    assert_eq!(read, taken, "room {room}, nul {nul}: {points:X?}");
                }
            }
        }
    }

    /// Under Miri (the AVX2 kernel, slowly) and emulators, a few of
    /// `values`, spread over them; all of them here.
    fn pick<T: Copy>(values: &[T], under_miri: usize) -> Vec<T> {
        if cfg!(any(miri, utfx_slow_runner)) && under_miri < values.len() {
            (0..under_miri).map(|k| values[k * (values.len() - 1) / (under_miri - 1).max(1)]).collect()
        } else {
            values.to_vec()
        }
    }

    const MIXES: [&[u32]; 12] = [
        &[0],
        &[2],
        &[3],
        &[4],
        &[0, 1],
        &[0, 2],
        &[0, 4],
        &[2, 3],
        &[3, 4],
        &[0, 1, 4],
        &[0, 2, 3, 4],
        &[0, 1, 2, 3, 4],
    ];

    #[test]
    fn every_mix_at_every_length_and_alignment() {
        // 150 code points: 18 blocks of eight, four and a half of 32.
        let n = if cfg!(any(miri, utfx_slow_runner)) { 60 } else { 150 };
        for (m, classes) in pick(&MIXES, 3).into_iter().enumerate() {
            for nul in [false, true] {
                let points = values(m as u32 * 2 + u32::from(nul), n + 8, classes);
                let lengths: Vec<usize> = (0..=n).collect();
                for len in pick(&lengths, 3) {
                    check(&points[..len], nul, &[]);
                }
                for start in pick(&[1, 2, 3, 4, 5, 6, 7], 1) {
                    check(&points[start..], nul, &[]);
                }
            }
        }
    }

    #[test]
    fn each_class_at_every_position_of_runs_of_each() {
        // A run of one class with a code point of another at `p`: every
        // position of the blocks of eight, sixteen and 32, and around their
        // edges; with a value that is not a scalar value there, it stops
        // at `p`.
        let run = if cfg!(any(miri, utfx_slow_runner)) { 40 } else { 80 };
        let mut rng = Rng::new(26);
        for fill in pick(&[0, 1, 2, 3, 4], 2) {
            for odd in pick(&[0, 1, 2, 3, 4, 5], 3) {
                let positions: Vec<usize> = (0..run).collect();
                for p in pick(&positions, 2) {
                    let mut points: Vec<u32> = (0..run).map(|_| value(fill, &mut rng)).collect();
                    points[p] = value(odd, &mut rng);
                    for nul in [false, true] {
                        check(&points, nul, &[]);
                        if odd == 5 {
                            assert_eq!(reference(&points, nul).0, p);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn every_room_near_the_block_sizes() {
        let mut rooms: Vec<usize> = (0..=70).collect();
        rooms.extend([100, 101, 102, 103, 104, 1000]);
        for (m, classes) in pick(&MIXES, 2).into_iter().enumerate() {
            let points = values(100 + m as u32, 70, classes);
            for nul in [false, true] {
                check(&points, nul, &pick(&rooms, 4));
            }
        }
    }

    #[test]
    fn every_level_agrees() {
        // The public function at each level this machine has, pinned
        // (every level gives the same bytes, so that other tests running
        // meanwhile see no difference).
        let points = values(7, 300, &[0, 1, 2, 3, 4]);
        let levels = [Level::Portable, Level::Sse42, Level::Avx2, Level::Avx512, Level::Neon];
        for level in levels.into_iter().filter(|level| level.is_available()) {
            for nul in [false, true] {
                let expected = reference(&points, nul);
                let mut out = vec![];
                assert!(crate::force_level(Some(level)));
                let n = crate::scalars_to_cesu8(&points, nul, &mut out);
                assert!(crate::force_level(None));
                assert_eq!((n, out), expected, "{level:?}, nul {nul}");
            }
        }
    }
}
