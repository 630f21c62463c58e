//! The fast paths a codec may add to its two primitives: one trait,
//! [`FastPaths`], with one entry point that takes a [`FastJob`] (what to
//! read and where to write) and answers with a [`Progress`].

use alloc::vec::Vec;

use crate::code_point::CodePoint;
use crate::mode::DecodeMode;

/// A codec's bulk kernels (SIMD, ASCII skips), reached through
/// [`Decode::fast_paths`](crate::Decode::fast_paths) and
/// [`Encode::fast_paths`](crate::Encode::fast_paths); a codec without any
/// leaves those at their default (`None`).
///
/// [`run`](FastPaths::run) does one [`FastJob`]: it takes a prefix of the
/// job's input that ends at a sequence boundary, writes what it stands for
/// (only what fits in a slice), and says how much it read and wrote. It
/// takes only what the codec's own step would take and turn into Unicode
/// scalar values the same way, and stops before anything the step must
/// decide (an error, a surrogate, a sequence whose meaning depends on what
/// follows, a reserved sequence); taking nothing
/// ([`Progress::default`]) is always correct, and is the answer to a job
/// it has no kernel for. Its work is proportional to what it takes plus a
/// constant, and it looks at most a bounded distance past it.
///
/// The drivers call it between steps; [`crate::reference`] runs the same
/// drivers without it, so that a codec's tests can compare the two.
///
/// # Examples
///
/// An ASCII skip for a codec whose bytes below `0x80` are ASCII:
///
/// ```
/// use codec_core::{FastJob, FastPaths, Progress};
///
/// struct AsciiSkip;
/// impl FastPaths for AsciiSkip {
///     fn run(&self, job: FastJob<'_>) -> Progress {
///         match job {
///             FastJob::Validate(input) => (input.iter().take_while(|b| b.is_ascii()).count(), 0).into(),
///             FastJob::DecodeToUtf8(input, out) => {
///                 let n = input.iter().zip(out.iter_mut()).take_while(|(b, _)| b.is_ascii()).map(|(&b, o)| *o = b).count();
///                 (n, n).into()
///             }
///             _ => Progress::default(),
///         }
///     }
/// }
///
/// assert_eq!(AsciiSkip.run(FastJob::Validate(b"ab\xFF")).read, 2);
/// let mut out = [0; 8];
/// let done = AsciiSkip.run(FastJob::DecodeToUtf8(b"abc", &mut out));
/// assert_eq!((done.read, done.written, &out[..3]), (3, 3, &b"abc"[..]));
/// ```
pub trait FastPaths {
    /// Does `job` with a kernel, as far as the kernel goes (see the trait
    /// docs), and returns how far it got.
    fn run(&self, job: FastJob<'_>) -> Progress;

    /// Returns true when [`FastJob::DecodeToUtf8`] takes all that
    /// [`FastJob::DecodeToUtf16`] takes, in one pass (a codec whose
    /// well-formed text is UTF-8, whose kernel validates and copies; UTF-16,
    /// whose kernel converts as it validates). The [`crate::Transcoder`]
    /// then writes UTF-8 straight into its output toward an encoder whose
    /// [`utf8_input`](FastPaths::utf8_input) is true, instead of going
    /// through its UTF-16 pivot. False by default.
    fn utf8_output(&self) -> bool {
        false
    }

    /// Returns false when the decoding jobs take forms that the codec's
    /// encoder does not write (where
    /// [`Decode::is_canonical`](crate::Decode::is_canonical) is false):
    /// the drivers then leave them out in
    /// [`DecodeMode::Escape`](crate::DecodeMode::Escape), which escapes
    /// those forms byte by byte. True by default: a fast path takes
    /// canonical forms only.
    fn canonical_only(&self) -> bool {
        true
    }

    /// Returns whether the decoding jobs may run in `mode`: in every mode
    /// but [`DecodeMode::Escape`](crate::DecodeMode::Escape), and in that
    /// one only where they take no form the encoder does not write
    /// ([`canonical_only`](FastPaths::canonical_only)). Every driver asks
    /// this before it runs a decoding job.
    fn decodes_in(&self, mode: DecodeMode) -> bool {
        mode != DecodeMode::Escape || self.canonical_only()
    }

    /// Returns true when [`FastJob::EncodeFromStr`] writes every Unicode
    /// scalar value as its UTF-8 and takes all of its input that fits (the
    /// UTF-8 family). False by default.
    fn utf8_input(&self) -> bool {
        false
    }
}

/// One job for [`FastPaths::run`]: the input, and where the output goes.
///
/// Decoding jobs read bytes of the codec; encoding jobs read text and write
/// bytes of the codec. Code points are appended to a `Vec`, and so are the
/// bytes encoded from code points; UTF-16 and UTF-8 are written to the
/// front of a slice. New jobs may be added: a codec answers the ones it has
/// no kernel for with [`Progress::default`].
#[derive(Debug)]
#[non_exhaustive]
pub enum FastJob<'a> {
    /// Find a well-formed prefix of the bytes; nothing is written.
    Validate(&'a [u8]),
    /// Decode a prefix of the bytes, appending its code points.
    Decode(&'a [u8], &'a mut Vec<CodePoint>),
    /// Decode a prefix of the bytes into UTF-16 code units.
    DecodeToUtf16(&'a [u8], &'a mut [u16]),
    /// Decode a prefix of the bytes into UTF-8.
    DecodeToUtf8(&'a [u8], &'a mut [u8]),
    /// Encode a prefix of the code points, appending the bytes.
    Encode(&'a [CodePoint], &'a mut Vec<u8>),
    /// Encode a prefix of well-formed UTF-16 code units, stopping before a
    /// lone surrogate and a lead surrogate at the end of the units.
    EncodeFromUtf16(&'a [u16], &'a mut [u8]),
    /// Encode a prefix of UTF-16 code units that the caller promises hold
    /// no lone surrogate anywhere: what a codec's UTF-16 decoding kernel
    /// wrote (the [`crate::Transcoder`]'s pivot). A codec that gains
    /// nothing from the promise does what it does for
    /// [`EncodeFromUtf16`](FastJob::EncodeFromUtf16) (UTF-16LE and
    /// UTF-16BE copy the units without looking for surrogates again). On
    /// units that break the promise the output is unspecified, but the
    /// kernel still writes only what fits, reads nothing past the units,
    /// never splits a surrogate pair and never panics.
    EncodeFromValidUtf16(&'a [u16], &'a mut [u8]),
    /// Encode a prefix of the string.
    EncodeFromStr(&'a str, &'a mut [u8]),
    /// Count the UTF-16 code units a prefix of the bytes decodes to,
    /// writing nothing: [`Progress::written`] is the count, as
    /// [`DecodeToUtf16`](FastJob::DecodeToUtf16) into a slice large enough
    /// would write.
    CountUtf16(&'a [u8]),
    /// Count the UTF-8 bytes a prefix of the bytes decodes to, as
    /// [`CountUtf16`](FastJob::CountUtf16) does for
    /// [`DecodeToUtf8`](FastJob::DecodeToUtf8).
    CountUtf8(&'a [u8]),
    /// Count the code points a prefix of the bytes decodes to, as
    /// [`CountUtf16`](FastJob::CountUtf16) does for
    /// [`Decode`](FastJob::Decode).
    CountCodePoints(&'a [u8]),
}

/// How far a [`FastPaths::run`] got: elements of its input read and of its
/// output written, and, when the kernel knows it as it goes, the code
/// points among them.
///
/// # Examples
///
/// ```
/// use codec_core::Progress;
/// let p = Progress::from((3, 6));
/// assert_eq!((p.read, p.written, p.points), (3, 6, None));
/// assert_eq!(Progress::default().read, 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Progress {
    /// Elements of the input taken: bytes, code units, or code points.
    pub read: usize,
    /// Elements of the output written: code points, code units or bytes (0
    /// for [`FastJob::Validate`]); for a counting job, those it counted.
    pub written: usize,
    /// The code points read, when the kernel counted them as it went
    /// (UTF-16's, from the surrogate pairs it reads), else `None`; the
    /// [`crate::Transcoder`] counts them when it needs them.
    pub points: Option<usize>,
}

impl From<(usize, usize)> for Progress {
    /// `(read, written)`, code points not counted.
    #[inline]
    fn from((read, written): (usize, usize)) -> Self {
        Progress { read, written, points: None }
    }
}

impl From<(usize, usize, usize)> for Progress {
    /// `(read, written, points)`.
    #[inline]
    fn from((read, written, points): (usize, usize, usize)) -> Self {
        Progress { read, written, points: Some(points) }
    }
}

/// Runs `job` through `paths`, or takes nothing when there are none.
#[inline]
pub(crate) fn run(paths: Option<&dyn FastPaths>, job: FastJob<'_>) -> Progress {
    paths.map_or_else(Progress::default, |paths| paths.run(job))
}
