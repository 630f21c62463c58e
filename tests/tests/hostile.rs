//! Hostile input for every registered codec: inputs that maximise errors,
//! decoded in every mode at once, a byte at a time, through the buffer APIs
//! and the transcoder, and a sequence that never ends against the
//! decoder's pending cap; for UTF-∞-8, length fields that declare the
//! most the limit allows (or more) over inputs that never deliver it.
//! Time and memory must grow linearly with the
//! input, checked as the ratio between two input sizes (never a wall-clock
//! limit: the CPU time of the test's thread, so that other processes on a
//! shared machine count for little), and outputs must stay within their
//! bounds.
//!
//! Memory is counted by a global allocator that keeps, per thread, the
//! bytes allocated and their peak, so that tests running in parallel do not
//! see each other's allocations.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::time::Duration;

use codec_core::{
    CodePoint, Decode, DecodeMode, Decoder, DynCodec, Encode, EncodeMode, ErrorKind, Status, Step, Transcoder,
};

/// The system allocator, counting per thread.
struct Counting;

thread_local! {
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

fn count(delta: isize) {
    // `try_with`: a thread being torn down has no counters, and nothing to
    // measure.
    let _ = LIVE.try_with(|live| {
        let now = live.get().saturating_add_signed(delta);
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

// SAFETY: every call is forwarded to `System` unchanged; the counting
// touches only thread-local `Cell`s with const initializers, which never
// allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        // SAFETY: the caller's contract for `alloc` is `System`'s.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-(layout.size() as isize));
        // SAFETY: `ptr` was allocated by `System` with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size as isize - layout.size() as isize);
        // SAFETY: the caller's contract for `realloc` is `System`'s.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The CPU time this thread has used: unlike the wall clock, it does not
/// count the time other processes of a shared machine took the core.
fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable `timespec`, and
    // `CLOCK_THREAD_CPUTIME_ID` is a clock every Linux and macOS has.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Runs `f` and returns the CPU time it took and the peak of the bytes it
/// held allocated at once.
fn measure(f: impl FnOnce()) -> (Duration, usize) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let start = thread_cpu_time();
    f();
    let time = thread_cpu_time().saturating_sub(start);
    (time, PEAK.with(Cell::get) - base)
}

/// The small and the large input size: the large is four times the small,
/// so linear work takes about four times as long. Both are past the
/// caches' sizes, where time per byte no longer changes with the size.
const SMALL: usize = 1 << 20;
const LARGE: usize = 4 << 20;

/// Above this, time or memory is not linear (four would be exact; the
/// slack is for noise).
const MAX_RATIO: f64 = 8.0;

/// Patterns that maximise errors or pending input in one codec or
/// another, repeated to a length.
const PATTERNS: &[(&str, &[u8])] = &[
    ("all 80", b"\x80"),
    ("all FF", b"\xFF"),
    ("alternating leads", b"\xE0\xF0"),
    ("leads before ASCII", b"\xC2\xE2\xF2a"),
    ("truncated four-byte sequences", b"\xF0\x90\x80"),
    ("lone lead surrogates (WTF-8)", b"\xED\xA0\x80"),
    ("surrogate pairs (WTF-8)", b"\xED\xA0\x80\xED\xB0\x80"),
    ("escape range (U+DC80)", b"\xED\xB2\x80"),
    ("lone lead surrogates (UTF-16LE)", b"\x00\xD8"),
    ("lone lead surrogates (UTF-16BE)", b"\xD8\x00"),
    ("six-byte RFC 2279 leads", b"\xFC\x84\x80\x80\x80"),
];

/// Every pattern of [`PATTERNS`] in turn, each repeated over a 64 KiB
/// block (long runs of one kind of error, which is what would make a
/// window or a retry grow), to `len` bytes.
fn hostile(len: usize) -> Vec<u8> {
    let blocks = PATTERNS.iter().cycle().flat_map(|(_, unit)| unit.iter().copied().cycle().take(1 << 16));
    blocks.take(len).collect()
}

/// Checks that `work` takes linear time and memory: the ratio between its
/// run on `prepare(LARGE)` and on `prepare(SMALL)` stays under
/// [`MAX_RATIO`]. Each is the best of three runs, taken in turns, against
/// the noise of a shared machine; what `prepare` allocates (the input) is
/// not counted. Returns the peaks of memory held, small and large.
fn assert_linear<T>(what: &str, prepare: impl Fn(usize) -> T, work: impl FnMut(&T)) -> (usize, usize) {
    assert_linear_between(what, (SMALL, LARGE), prepare, work)
}

/// [`assert_linear`] between inputs of `sizes.0` and `sizes.1` bytes (the
/// second four times the first).
fn assert_linear_between<T>(
    what: &str,
    (small_len, large_len): (usize, usize),
    prepare: impl Fn(usize) -> T,
    mut work: impl FnMut(&T),
) -> (usize, usize) {
    let (small, large) = (prepare(small_len), prepare(large_len));
    let (mut t_small, mut t_large) = (Duration::MAX, Duration::MAX);
    let (mut m_small, mut m_large) = (0, 0);
    for _ in 0..3 {
        let (t, m) = measure(|| work(&small));
        (t_small, m_small) = (t_small.min(t), m_small.max(m));
        let (t, m) = measure(|| work(&large));
        (t_large, m_large) = (t_large.min(t), m_large.max(m));
    }
    let ratio = t_large.as_secs_f64() / t_small.as_secs_f64().max(1e-6);
    assert!(
        ratio < MAX_RATIO,
        "{what}: {t_small:?} for {small_len} bytes, {t_large:?} for {large_len} (ratio {ratio:.1})"
    );
    let mem_ratio = m_large as f64 / m_small.max(1) as f64;
    assert!(mem_ratio < MAX_RATIO, "{what}: {m_small} bytes held for {small_len}, {m_large} for {large_len}");
    (m_small, m_large)
}

#[test]
fn one_shot_decoding_is_linear_in_every_mode() {
    for codec in codec_registry::all() {
        {
            let what = format!("{} on hostile input", codec.info().name);
            assert_linear(&what, hostile, |input| {
                for &mode in DecodeMode::ALL {
                    match codec.decode_with(input, mode) {
                        // At most one code point per byte, whatever the mode.
                        Ok(points) => assert!(points.len() <= input.len(), "{what}: output too long in {mode}"),
                        Err(e) => assert_eq!(mode, DecodeMode::Fatal, "{what}: {e}"),
                    }
                }
                assert_eq!(codec.validate(input).is_ok(), codec.decode(input).is_ok(), "{what}");
                let items = codec_core::Items::new(*codec, input).count();
                assert!(items <= input.len(), "{what}: more items than bytes");
            });
        }
    }
}

#[test]
fn error_runs_inside_one_window_cost_linear_time() {
    // The kernels work in windows of up to 64 KiB and are called again
    // after each error: work per call that walks the rest of the window
    // (a run of continuation bytes, say) is quadratic inside it, which the
    // megabyte sizes of the other tests do not show.
    for codec in codec_registry::all() {
        for (name, unit) in PATTERNS {
            let what = format!("{} on 16 and 64 KiB of {name}", codec.info().name);
            let prepare = |len: usize| unit.iter().copied().cycle().take(len).collect::<Vec<u8>>();
            assert_linear_between(&what, (16 << 10, 64 << 10), prepare, |input| {
                let _ = codec.decode_with(input, DecodeMode::Replace);
                let _ = codec.validate(input);
            });
        }
    }
}

#[test]
fn utf8_string_helpers_are_linear() {
    // `to_str_lossy` resumes after each error: a check of the whole rest
    // of the input at each one would be quadratic.
    let sparse = |len: usize| {
        let mut text = "é".repeat(len / 2).into_bytes();
        text.iter_mut().step_by(1000).for_each(|b| *b = 0xFF);
        text
    };
    type Prepare = Box<dyn Fn(usize) -> Vec<u8>>;
    let mut inputs: Vec<(String, Prepare)> =
        vec![("hostile input".into(), Box::new(hostile)), ("one bad byte per 1,000".into(), Box::new(sparse))];
    for (name, unit) in PATTERNS {
        inputs.push(((*name).into(), Box::new(|len| unit.iter().copied().cycle().take(len).collect())));
    }
    for (name, prepare) in &inputs {
        assert_linear(&format!("to_str_lossy on {name}"), prepare, |input| {
            let text = codec_utf8::to_str_lossy(input);
            assert!(text.len() <= 3 * input.len());
            assert_eq!(codec_utf8::to_str(input).is_ok(), std::str::from_utf8(input).is_ok());
        });
    }
}

/// Decodes `input` a byte at a time into a `Vec`, in `mode`.
fn decode_bytewise(codec: &dyn DynCodec, input: &[u8], mode: DecodeMode) -> Vec<CodePoint> {
    let mut decoder = Decoder::new(codec, mode);
    let mut out = Vec::new();
    for (i, b) in input.iter().enumerate() {
        if decoder.decode_chunk(std::slice::from_ref(b), i + 1 == input.len(), &mut out).is_err() {
            break;
        }
        // Between chunks, at most one sequence is held back.
        assert!(decoder.pending_len() <= 8, "{}: {} bytes pending", codec.info().name, decoder.pending_len());
    }
    out
}

#[test]
fn one_byte_streaming_is_linear_and_holds_back_one_sequence_at_most() {
    for codec in codec_registry::all() {
        {
            let what = format!("{} a byte at a time on hostile input", codec.info().name);
            assert_linear(
                &what,
                |len| hostile(len / 4),
                |input| {
                    for mode in [DecodeMode::Replace, DecodeMode::Escape] {
                        let out = decode_bytewise(*codec, input, mode);
                        assert_eq!(Ok(out), codec.decode_with(input, mode), "{what}: streaming differs in {mode}");
                    }
                },
            );
        }
    }
}

/// Decodes `input` in 64 KiB chunks into a 4 KiB UTF-16 buffer, in `mode`,
/// and returns how many units came out.
fn decode_to_utf16_streaming(codec: &dyn DynCodec, input: &[u8], mode: DecodeMode) -> usize {
    let mut decoder = Decoder::new(codec, mode);
    let mut dst = vec![0u16; 4096];
    let mut total = 0;
    let chunks: Vec<&[u8]> = input.chunks(1 << 16).collect();
    for (k, chunk) in chunks.iter().enumerate() {
        let last = k + 1 == chunks.len();
        let mut rest = *chunk;
        loop {
            let (status, read, written) = decoder.decode_to_utf16(rest, &mut dst, last);
            total += written;
            rest = &rest[read..];
            match status {
                Status::InputEmpty => break,
                Status::OutputFull => assert!(read + written > 0, "no progress"),
                Status::Error(_) => return total,
            }
        }
    }
    total
}

/// Transcodes `input` in 64 KiB chunks into a 4 KiB buffer and returns how
/// many bytes came out.
fn transcode_streaming(from: &dyn DynCodec, to: &dyn DynCodec, input: &[u8], modes: (DecodeMode, EncodeMode)) -> usize {
    let mut t = Transcoder::new(from, modes.0, to, modes.1);
    let mut dst = vec![0u8; 4096];
    let mut total = 0;
    let chunks: Vec<&[u8]> = input.chunks(1 << 16).collect();
    for (k, chunk) in chunks.iter().enumerate() {
        let last = k + 1 == chunks.len();
        let mut rest = *chunk;
        loop {
            let (status, read, written) = t.transcode(rest, &mut dst, last);
            total += written;
            rest = &rest[read..];
            match status {
                Status::InputEmpty => break,
                Status::OutputFull => assert!(read + written > 0, "no progress"),
                Status::Error(_) => return total,
            }
        }
    }
    total
}

#[test]
fn buffer_apis_and_the_transcoder_are_linear_in_bounded_memory() {
    let utf8 = codec_registry::get("utf-8").expect("utf-8 is registered");
    for codec in codec_registry::all() {
        {
            let what = format!("{} streaming into buffers on hostile input", codec.info().name);
            let (small, large) = assert_linear(&what, hostile, |input| {
                for mode in [DecodeMode::Replace, DecodeMode::Escape, DecodeMode::Windows1252] {
                    // Two units at most per byte (an escape or a substitute
                    // per byte, a pair for four bytes or more).
                    let units = decode_to_utf16_streaming(*codec, input, mode);
                    assert!(units <= 2 * input.len(), "{what}: {units} units in {mode}");
                }
                for modes in [(DecodeMode::Replace, EncodeMode::Fatal), (DecodeMode::Escape, EncodeMode::Escape)] {
                    let bytes = transcode_streaming(*codec, utf8, input, modes);
                    // Three bytes of UTF-8 at most per input byte.
                    assert!(bytes <= 3 * input.len(), "{what}: {bytes} bytes transcoding");
                }
            });
            // The memory held is the buffers', whatever the input's length.
            assert!(large <= small + (64 << 10), "{what}: {small} bytes held for {SMALL}, {large} for {LARGE}");
        }
    }
}

/// A codec whose every sequence runs until a `00` byte: the longest
/// incomplete sequence an input can make, for the pending cap.
#[derive(Debug)]
struct Endless;

impl Decode for Endless {
    type Point = CodePoint;

    fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
        match input.iter().position(|&b| b == 0) {
            Some(end) => Step::Point { point: CodePoint::new(0), len: end + 1 },
            None => Step::Incomplete,
        }
    }
}

#[test]
fn a_sequence_without_end_stops_at_the_pending_cap_in_linear_time() {
    for &mode in DecodeMode::ALL {
        let what = format!("an endless sequence a byte at a time in {mode}");
        // Caps of a quarter of the sizes: fed a byte at a time, the pending
        // sequence grows to the cap, and that is the memory measured.
        assert_linear(
            &what,
            |cap| cap / 4,
            |&cap| {
                let mut decoder = Decoder::new(&Endless, mode).with_max_pending(cap);
                let mut out = Vec::new();
                let byte = [1u8];
                let mut fed = 0;
                let err = loop {
                    fed += 1;
                    assert!(fed <= 2 * cap, "{what}: no error after {fed} bytes with a cap of {cap}");
                    if let Err(e) = decoder.decode_chunk(&byte, false, &mut out) {
                        break e;
                    }
                };
                assert_eq!(err.kind(), ErrorKind::LengthOverLimit, "{what}");
                assert!(out.is_empty(), "{what}");
                // The error stays, and nothing more is held.
                assert_eq!(decoder.decode_chunk(&byte, true, &mut out), Err(err), "{what}");
            },
        );
    }
}

/// UTF-∞-8's hostile units: what makes a length field cost the most.
fn inf_units() -> Vec<(&'static str, Vec<u8>)> {
    let top = codec_utf_inf_8::UTF_INF_8.encode(&["F".repeat(16384).parse().unwrap()]).unwrap();
    vec![
        // The longest length the default limit allows, a byte short of its
        // digits, again and again: each is cut by the next FF.
        ("longest declared length, cut", top[..top.len() - 1].to_vec()),
        // Length fields over the limit: a B4 run that never ends.
        ("B4 runs", [&[0xFFu8][..], &[0xB4; 63]].concat()),
        // Complete code points at the limit, 16384 hex digits each.
        ("code points at the limit", top.clone()),
        // Long-form headers with nothing after them.
        ("bare headers", b"\xFF\xB4\xA1\xA0".to_vec()),
    ]
}

/// [`inf_units`] in turn, each repeated over a 64 KiB block, to `len` bytes.
fn inf_hostile(len: usize) -> Vec<u8> {
    let units = inf_units();
    let blocks = units.iter().cycle().flat_map(|(_, unit)| unit.iter().copied().cycle().take(1 << 16));
    blocks.take(len).collect()
}

#[test]
fn utf_inf_8_declared_lengths_cost_linear_time_and_memory() {
    let codec = codec_registry::get_big("utf-inf-8").unwrap();
    // One shot, in every mode, over big code points.
    assert_linear("utf-inf-8 on hostile lengths", inf_hostile, |input| {
        for &mode in DecodeMode::ALL {
            match codec.decode_with(input, mode) {
                Ok(points) => assert!(points.len() <= input.len(), "output too long in {mode}"),
                Err(e) => assert_eq!(mode, DecodeMode::Fatal, "{e}"),
            }
        }
        assert!(codec_core::Items::new(codec, input).count() <= input.len());
    });
    // A byte at a time: a cut sequence of the longest length is held back
    // (about 11 KB, twice that before a retry), and no more; the pending
    // sequence is rescanned only when it has doubled.
    let longest = inf_units()[0].1.len() + 1;
    assert_linear(
        "utf-inf-8 a byte at a time on hostile lengths",
        |len| inf_hostile(len / 4),
        |input| {
            let mut decoder = Decoder::new(codec, DecodeMode::Replace);
            let mut out = Vec::new();
            for (i, b) in input.iter().enumerate() {
                decoder.decode_chunk(std::slice::from_ref(b), i + 1 == input.len(), &mut out).unwrap();
                // The driver retries a long pending sequence once it has
                // doubled, so it may hold up to twice the longest.
                assert!(decoder.pending_len() <= 2 * longest, "{} bytes pending", decoder.pending_len());
            }
            assert_eq!(Ok(out), codec.decode_with(input, DecodeMode::Replace), "streaming differs");
        },
    );
}

#[test]
fn utf_inf_8_at_the_greatest_limit_streams_in_linear_time() {
    // The greatest limit: sequences of about 700 000 bytes declared, each
    // cut a byte short by the next, to 1 MiB or 4 MiB, fed in 4 KiB chunks
    // (the decoder holds each back until the next FF breaks it).
    let codec = codec_utf_inf_8::UtfInf8::with_max_bits(codec_utf_inf_8::MAX_MAX_BITS);
    let header = b"\xFF\xB4\xB4\xB4\xB4\xAF\xAF\xAE\xAE\xAE";
    let storage = (0xF_FEEE_usize + 18).div_ceil(3) * 2;
    let mut unit = header.to_vec();
    unit.resize(header.len() + storage - 1, 0xBF);
    let prepare = |len: usize| unit.iter().copied().cycle().take(len).collect::<Vec<u8>>();
    assert_linear("utf-inf-8 at the greatest limit in 4 KiB chunks", prepare, |input| {
        let mut decoder = Decoder::new(&codec, DecodeMode::Replace);
        let mut out = Vec::new();
        for (i, chunk) in input.chunks(4096).enumerate() {
            decoder.decode_chunk(chunk, (i + 1) * 4096 >= input.len(), &mut out).unwrap();
        }
        // One code point per sequence or subpart, never more than bytes.
        assert!(out.len() <= input.len());
    });
}
