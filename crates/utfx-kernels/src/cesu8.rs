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
        0x1_0000..=0x10_FFFF => (supplementary_form(v), 6),
        _ => return None,
    })
}

/// The six bytes of a supplementary code point (the table of the module).
#[inline]
fn supplementary_form(v: u32) -> [u8; 6] {
    let w = v - 0x1_0000;
    [
        0xED,
        0xA0 | (w >> 16) as u8,
        0x80 | ((w >> 10) & 0x3F) as u8,
        0xED,
        0xB0 | ((w >> 6) & 0x0F) as u8,
        0x80 | (w & 0x3F) as u8,
    ]
}

/// How many code points at the front of `points` UTF-8 writes alike: below
/// U+10000, and not U+0000 when `nul` is set. Sixteen at a time where it can
/// (a check with no early exit vectorizes).
fn plain_run(points: &[u32], nul: bool) -> usize {
    // `v - 1` wraps U+0000 to the top with `nul`: one compare for both.
    let offset = u32::from(nul);
    let plain = |v: &u32| v.wrapping_sub(offset) < 0x1_0000 - offset;
    let mut run = 0;
    for block in points.chunks(16) {
        if !block.iter().fold(true, |all, v| all & plain(v)) {
            return run + block.iter().take_while(|v| plain(v)).count();
        }
        run += block.len();
    }
    run
}

/// The portable form of [`crate::scalars_to_cesu8`]: the runs that UTF-8
/// writes alike through UTF-8's portable encoder, the others (supplementary
/// code points, and U+0000 with `nul`) a code point at a time.
pub(crate) fn scalars_to_cesu8_portable(points: &[u32], nul: bool, out: &mut Vec<u8>) -> usize {
    let mut read = 0;
    loop {
        let plain = plain_run(&points[read..], nul);
        if plain > 0 {
            let took = crate::portable::scalars_to_utf8_portable(&points[read..read + plain], out);
            read += took;
            if took < plain {
                // A surrogate.
                return read;
            }
        }
        let start = read;
        while let Some(&v) = points.get(read) {
            match v {
                0x1_0000..=0x10_FFFF => out.extend_from_slice(&supplementary_form(v)),
                0 if nul => out.extend_from_slice(&[0xC0, 0x80]),
                _ => break,
            }
            read += 1;
        }
        if read == start {
            // The end, or a value beyond U+10FFFF.
            return read;
        }
    }
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
        #[cfg(all(target_arch = "x86_64", feature = "std"))]
        {
            let mut fast = b"x".to_vec();
            let n = crate::avx2_cesu8::scalars_to_cesu8(points, nul, &mut fast);
            assert_eq!((n, &fast[1..]), (Some(taken), &bytes[..]), "AVX2, nul {nul}: {points:X?}");
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
