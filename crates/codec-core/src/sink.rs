//! Where the one decoding driver delivers what it decodes: a [`Sink`] per
//! kind of output (nothing, for validation; a `Vec` of code points, a
//! `String`, a `Vec<u16>`; a slice of UTF-16 code units or of UTF-8 bytes),
//! each handing well-formed runs to the codec's bulk kernel for that output.

use alloc::string::String;
use alloc::vec::Vec;

use crate::code_point::{AnyCodePoint, CodePoint};
use crate::fast::{FastJob, FastPaths};

/// What the decoding driver writes to: one implementation per kind of
/// output, so that validation, decoding into a `Vec` and decoding into a
/// caller's buffer run the same loop (`Decoder::decode_to_sink`).
///
/// The driver calls [`fast`](Sink::fast) first, to let the codec's bulk
/// kernel for this output take as much well-formed input as it can, then
/// decodes one sequence with the codec's step and [`push`](Sink::push)es
/// its code point, or what the error mode makes of an ill-formed subpart.
/// When the sink is full in the middle of the substitutes of one subpart,
/// the decoder keeps the rest and delivers them first on the next call.
pub(crate) trait Sink<P> {
    /// Takes one code point, or says why not: the output is full (the
    /// driver stops and leaves its sequence for the next call), or it
    /// cannot represent the code point (a code point above U+10FFFF in
    /// UTF-16; the driver treats its sequence as an `out_of_range` error).
    fn push(&mut self, point: P) -> Pushed;

    /// Takes a reserved sequence (a well-formed sequence that stands for no
    /// code point, [`crate::Step::Reserved`]), or says why not. The default
    /// cannot represent one: the driver then treats it as a
    /// [`crate::ErrorKind::Reserved`] subpart, per error mode. Validation
    /// takes it.
    fn reserved(&mut self, bytes: &[u8]) -> Pushed {
        let _ = bytes;
        Pushed::Unrepresentable
    }

    /// Hands the front of `input` to the codec's bulk kernel for this
    /// output, and returns how many bytes it decoded: a well-formed prefix
    /// ending at a sequence boundary, whose code points are Unicode scalar
    /// values (so no error mode treats them specially). Bounded sinks decode
    /// only what fits. The default has no kernel and returns 0.
    fn fast(&mut self, paths: &dyn FastPaths, input: &[u8]) -> usize {
        let _ = (paths, input);
        0
    }
}

/// What a [`Sink`] did with a code point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Pushed {
    /// The code point was written.
    Taken,
    /// There is no room for it now; nothing was written.
    Full,
    /// The output cannot represent it; nothing was written.
    Unrepresentable,
}

/// The UTF-16 code units of `point` and how many there are (a surrogate
/// code point as itself), or `None` beyond U+10FFFF.
#[inline]
fn utf16_units(point: CodePoint) -> Option<([u16; 2], usize)> {
    match (point.to_surrogates(), u16::try_from(point.to_u32())) {
        (Some((lead, trail)), _) => Some(([lead.to_u32() as u16, trail.to_u32() as u16], 2)),
        (None, Ok(unit)) => Some(([unit, 0], 1)),
        (None, Err(_)) => None,
    }
}

/// The sink of validation: takes every code point and keeps none, and its
/// kernel is the codec's [`FastJob::Validate`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Validation;

impl<P> Sink<P> for Validation {
    #[inline]
    fn push(&mut self, _point: P) -> Pushed {
        Pushed::Taken
    }

    fn reserved(&mut self, _bytes: &[u8]) -> Pushed {
        Pushed::Taken
    }

    #[inline]
    fn fast(&mut self, paths: &dyn FastPaths, input: &[u8]) -> usize {
        paths.run(FastJob::Validate(input)).read
    }
}

impl<P: AnyCodePoint> Sink<P> for Vec<P> {
    #[inline]
    fn push(&mut self, point: P) -> Pushed {
        Vec::push(self, point);
        Pushed::Taken
    }

    #[inline]
    fn fast(&mut self, paths: &dyn FastPaths, input: &[u8]) -> usize {
        P::decode_fast(paths, input, self)
    }
}

/// A sink writing into a caller's slice, remembering how much it wrote.
///
/// `Slice<'_, u16>` writes UTF-16 code units (surrogate code points as
/// themselves, so potentially ill-formed UTF-16), `Slice<'_, u8>` UTF-8
/// bytes (surrogate code points in their generalized UTF-8 form, so WTF-8
/// for a codec whose surrogates are never paired). Neither can represent
/// code points above U+10FFFF.
#[derive(Debug)]
pub(crate) struct Slice<'a, T> {
    dst: &'a mut [T],
    pos: usize,
}

impl<'a, T> Slice<'a, T> {
    /// Creates a sink that writes from the start of `dst`.
    pub(crate) fn new(dst: &'a mut [T]) -> Self {
        Slice { dst, pos: 0 }
    }

    /// Returns how many elements have been written.
    pub(crate) fn written(&self) -> usize {
        self.pos
    }

    fn room(&self) -> usize {
        self.dst.len() - self.pos
    }
}

impl Sink<CodePoint> for Slice<'_, u16> {
    #[inline]
    fn push(&mut self, point: CodePoint) -> Pushed {
        let Some((units, n)) = utf16_units(point) else { return Pushed::Unrepresentable };
        if n > self.room() {
            return Pushed::Full;
        }
        self.dst[self.pos..self.pos + n].copy_from_slice(&units[..n]);
        self.pos += n;
        Pushed::Taken
    }

    fn fast(&mut self, paths: &dyn FastPaths, input: &[u8]) -> usize {
        let done = paths.run(FastJob::DecodeToUtf16(input, &mut self.dst[self.pos..]));
        self.pos += done.written;
        done.read
    }
}

impl Sink<CodePoint> for Slice<'_, u8> {
    #[inline]
    fn push(&mut self, point: CodePoint) -> Pushed {
        // Surrogates in their generalized UTF-8 form.
        let Some((bytes, n)) = utfx_kernels::utf8_bytes(point.to_u32()) else { return Pushed::Unrepresentable };
        if n > self.room() {
            return Pushed::Full;
        }
        self.dst[self.pos..self.pos + n].copy_from_slice(&bytes[..n]);
        self.pos += n;
        Pushed::Taken
    }

    fn fast(&mut self, paths: &dyn FastPaths, input: &[u8]) -> usize {
        let done = paths.run(FastJob::DecodeToUtf8(input, &mut self.dst[self.pos..]));
        self.pos += done.written;
        done.read
    }
}

/// `bytes` as a `str` when they are UTF-8: with `simdutf8` under the `simd`
/// feature (`core::str::from_utf8` was four fifths of the time of lossy
/// decoding to a `String`, at about 1 GB/s on non-ASCII text).
fn as_str(bytes: &[u8]) -> Option<&str> {
    #[cfg(feature = "simd")]
    return simdutf8::basic::from_utf8(bytes).ok();
    #[cfg(not(feature = "simd"))]
    return core::str::from_utf8(bytes).ok();
}

/// The size of the stack buffer through which the growable text sinks run
/// a codec's kernel.
const KERNEL_CHUNK: usize = 4096;

/// The size of the first, smaller stack buffer of [`through_stack`].
const FIRST_CHUNK: usize = 256;

/// Runs `kernel` over `input` through stack buffers, handing what each call
/// writes to `take` (which returns false to refuse it, and stop), and
/// returns how many bytes of `input` were taken. The first call gets
/// [`FIRST_CHUNK`] elements of room; the next ones [`KERNEL_CHUNK`], and
/// only when the first filled more than half of its room: on error-dense
/// input the kernel stops after a few bytes at every call, and zeroing 4
/// KiB for each was 4% of the time of decoding such input to a `String`.
fn through_stack<T: Copy + Default>(
    input: &[u8],
    mut kernel: impl FnMut(&[u8], &mut [T]) -> crate::fast::Progress,
    mut take: impl FnMut(&[T]) -> bool,
) -> usize {
    let mut first = [T::default(); FIRST_CHUNK];
    let crate::fast::Progress { read, written, .. } = kernel(input, &mut first);
    if read == 0 || !take(&first[..written]) {
        return 0;
    }
    if written <= FIRST_CHUNK / 2 {
        return read;
    }
    let mut buf = [T::default(); KERNEL_CHUNK];
    let mut read = read;
    while read < input.len() {
        let crate::fast::Progress { read: r, written: w, .. } = kernel(&input[read..], &mut buf);
        if r == 0 || !take(&buf[..w]) {
            break;
        }
        read += r;
    }
    read
}

/// A `String` takes Unicode scalar values; a surrogate or a value beyond
/// U+10FFFF is unrepresentable (the driver reports it per error mode). Its
/// kernel is the codec's [`FastJob::DecodeToUtf8`].
impl<P: AnyCodePoint> Sink<P> for String {
    #[inline]
    fn push(&mut self, point: P) -> Pushed {
        match point.to_code_point().and_then(CodePoint::to_char) {
            Some(c) => {
                String::push(self, c);
                Pushed::Taken
            }
            None => Pushed::Unrepresentable,
        }
    }

    fn fast(&mut self, paths: &dyn FastPaths, input: &[u8]) -> usize {
        through_stack(
            input,
            |input, buf| paths.run(FastJob::DecodeToUtf8(input, buf)),
            // Kernels write UTF-8 of scalar values; checked all the same,
            // as the crate's only `unsafe` is in the AVX2 kernels.
            |bytes| as_str(bytes).map(|text| self.push_str(text)).is_some(),
        )
    }
}

/// A `Vec<u16>` takes code points as UTF-16 code units (a surrogate code
/// point as itself, so potentially ill-formed UTF-16); a value beyond
/// U+10FFFF is unrepresentable. Its kernel is the codec's
/// [`FastJob::DecodeToUtf16`].
impl<P: AnyCodePoint> Sink<P> for Vec<u16> {
    #[inline]
    fn push(&mut self, point: P) -> Pushed {
        let Some((units, n)) = point.to_code_point().and_then(utf16_units) else { return Pushed::Unrepresentable };
        self.extend_from_slice(&units[..n]);
        Pushed::Taken
    }

    fn fast(&mut self, paths: &dyn FastPaths, input: &[u8]) -> usize {
        through_stack(
            input,
            |input, buf| paths.run(FastJob::DecodeToUtf16(input, buf)),
            |units| {
                self.extend_from_slice(units);
                true
            },
        )
    }
}

/// The sinks that count what a decoder would write, writing nothing (the
/// exact lengths of [`crate::Decode::utf16_len`] and its kin): each takes
/// what its growable sink takes, the UTF-16 code units of a `Vec<u16>`
/// ([`CountUtf16`]), the UTF-8 bytes of a `String` ([`CountUtf8`]), the
/// code points of a `Vec` of them ([`CountPoints`]), and its kernel is the
/// codec's counting job; where that takes nothing (a codec without one),
/// its conversion job through a stack buffer, counting what it writes.
macro_rules! counting_sinks {
    ($($(#[$doc:meta])* $name:ident: $job:ident, $convert:ident($unit:ty), $measure:expr, |$point:ident| $len:expr;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub(crate) struct $name(pub(crate) usize);

        impl<P: AnyCodePoint> Sink<P> for $name {
            #[inline]
            fn push(&mut self, $point: P) -> Pushed {
                match $len {
                    Some(n) => {
                        self.0 += n;
                        Pushed::Taken
                    }
                    None => Pushed::Unrepresentable,
                }
            }

            fn fast(&mut self, paths: &dyn FastPaths, input: &[u8]) -> usize {
                let done = paths.run(FastJob::$job(input));
                if done.read > 0 {
                    self.0 += done.written;
                    return done.read;
                }
                let measure: fn(&[$unit]) -> usize = $measure;
                through_stack(
                    input,
                    |input, buf: &mut [$unit]| paths.run(FastJob::$convert(input, buf)),
                    |out| {
                        self.0 += measure(out);
                        true
                    },
                )
            }
        }
    )*};
}

counting_sinks! {
    /// Counts UTF-16 code units, as a `Vec<u16>` takes them.
    CountUtf16: CountUtf16, DecodeToUtf16(u16), <[u16]>::len, |point| point.to_code_point().and_then(utf16_units).map(|(_, n)| n);
    /// Counts UTF-8 bytes, as a `String` takes them.
    CountUtf8: CountUtf8, DecodeToUtf8(u8), <[u8]>::len, |point| point.to_code_point().and_then(CodePoint::to_char).map(char::len_utf8);
    /// Counts code points, as a `Vec` of them takes them: all.
    CountPoints: CountCodePoints, DecodeToUtf16(u16), utfx_kernels::count_code_points, |point| {
        let _ = point;
        Some(1)
    };
}

#[cfg(test)]
mod tests {
    use alloc::string::String;
    use alloc::vec::Vec;

    use super::{FIRST_CHUNK, through_stack};

    /// A kernel that copies ASCII and stops before anything else, as much
    /// as fits: (read, written).
    fn ascii(input: &[u8], out: &mut [u8]) -> crate::fast::Progress {
        let n = input.iter().take(out.len()).take_while(|b| b.is_ascii()).count();
        out[..n].copy_from_slice(&input[..n]);
        (n, n).into()
    }

    #[test]
    fn through_stack_takes_a_long_run_whole_and_a_short_one_in_one_call() {
        // Longer than both buffers: the small first one, then the large ones.
        let long: Vec<u8> = (0..10_000u32).map(|k| b'a' + (k % 26) as u8).collect();
        let mut out = String::new();
        let mut calls = 0;
        let read = through_stack(
            &long,
            |input, buf| {
                calls += 1;
                ascii(input, buf)
            },
            |bytes| {
                out.push_str(core::str::from_utf8(bytes).unwrap());
                true
            },
        );
        assert_eq!((read, out.as_bytes()), (long.len(), &long[..]));
        assert_eq!(calls, 1 + (long.len() - FIRST_CHUNK).div_ceil(super::KERNEL_CHUNK));
        // A run that stops early (error-dense input) takes one call.
        let short = b"abc\xFFdef";
        let mut calls = 0;
        let read = through_stack(
            short,
            |input, buf| {
                calls += 1;
                ascii(input, buf)
            },
            |_| true,
        );
        assert_eq!((read, calls), (3, 1));
        // What `take` refuses is not counted.
        assert_eq!(through_stack(&long, ascii, |_| false), 0);
    }
}
