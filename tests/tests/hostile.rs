//! Hostile input for every registered codec: inputs that maximise errors,
//! decoded in every mode at once, a byte at a time, through the buffer APIs
//! and the transcoder, and a sequence that never ends against the
//! decoder's pending cap; for UTF-∞-8, length fields that declare the
//! most the limit allows (or more) over inputs that never deliver it.
//! Work and memory must grow linearly with the input, checked as the ratio
//! between two input sizes, and outputs must stay within their bounds.
//!
//! Work is counted, never timed, so that a busy machine cannot fail a test:
//! the input lies in pages of its own, of which at most two are readable at
//! a time, and each read of another page is a fault that the test's signal
//! handler counts before it makes that page readable (and the oldest one
//! unreadable again). A pass over the input touches each page once; code
//! that walks the rest of the input (or of a 64 KiB window) again after
//! each error touches its pages again and again. Where a decoder rereads
//! what it holds back (a pending sequence, on the heap), a wrapper of the
//! codec counts the bytes handed to its steps and fast paths instead.
//!
//! Memory is counted by a global allocator that keeps, per thread, the
//! bytes allocated and their peak, so that tests running in parallel do not
//! see each other's allocations.
//!
//! The page faults need Linux's `mprotect` and `siginfo_t`: the file is
//! Linux-only.
#![cfg(target_os = "linux")]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};

use codec_core::{
    CodePoint, Decode, DecodeMode, Decoder, DynCodec, Encode, EncodeMode, ErrorKind, FastJob, FastPaths, Progress,
    Status, Step, Transcoder,
};

/// The system allocator, counting per thread.
struct Counting;

thread_local! {
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
    static GIVEN: Cell<usize> = const { Cell::new(0) };
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

/// Counts `bytes` handed to a codec's primitive, for this thread.
fn give(bytes: usize) {
    GIVEN.with(|given| given.set(given.get() + bytes));
}

/// A codec that counts ([`give`]) the bytes each call of its primitives
/// (the step and the fast paths) is handed, and is otherwise the codec it
/// wraps. The driver hands them what the decoder holds back, with what
/// follows: rescanning a long pending sequence at every byte shows as a
/// quadratic count.
struct Counted<'a, D: ?Sized>(&'a D);

impl<D: Decode + ?Sized> Decode for Counted<'_, D> {
    type Point = D::Point;

    fn decode_step(&self, input: &[u8], last: bool) -> Step<D::Point> {
        give(input.len());
        self.0.decode_step(input, last)
    }

    fn decode_step_in(&self, state: &mut u32, input: &[u8], last: bool) -> Step<D::Point> {
        give(input.len());
        self.0.decode_step_in(state, input, last)
    }

    fn fast_paths(&self) -> Option<&dyn FastPaths> {
        self.0.fast_paths().map(|_| self as &dyn FastPaths)
    }

    fn is_canonical(&self, form: &[u8]) -> bool {
        self.0.is_canonical(form)
    }

    fn is_canonical_in(&self, state: u32, form: &[u8]) -> bool {
        self.0.is_canonical_in(state, form)
    }

    fn restart_point(&self, input: &[u8]) -> Option<usize> {
        self.0.restart_point(input)
    }
}

impl<D: Decode + ?Sized> FastPaths for Counted<'_, D> {
    fn run(&self, job: FastJob<'_>) -> Progress {
        give(match &job {
            FastJob::Validate(input)
            | FastJob::Decode(input, _)
            | FastJob::DecodeToUtf16(input, _)
            | FastJob::DecodeToUtf8(input, _) => input.len(),
            _ => 0,
        });
        self.0.fast_paths().map_or_else(Progress::default, |paths| paths.run(job))
    }

    fn utf8_output(&self) -> bool {
        self.0.fast_paths().is_some_and(FastPaths::utf8_output)
    }

    fn canonical_only(&self) -> bool {
        self.0.fast_paths().is_none_or(FastPaths::canonical_only)
    }
}

/// The pages of the input being watched (`START..END`), the two readable
/// ones (0 for none), the slot of the older, and the faults counted.
static START: AtomicUsize = AtomicUsize::new(0);
static END: AtomicUsize = AtomicUsize::new(0);
static READABLE: [AtomicUsize; 2] = [AtomicUsize::new(0), AtomicUsize::new(0)];
static OLDER: AtomicUsize = AtomicUsize::new(0);
static TOUCHES: AtomicUsize = AtomicUsize::new(0);
/// One watched input at a time, process-wide (the handler is).
static WATCH: Mutex<()> = Mutex::new(());
/// The handlers that were there before ours, for faults that are not ours.
static PREVIOUS: [OnceLock<libc::sigaction>; 2] = [OnceLock::new(), OnceLock::new()];
const SIGNALS: [libc::c_int; 2] = [libc::SIGSEGV, libc::SIGBUS];

fn page_size() -> usize {
    // SAFETY: `sysconf` has no preconditions.
    let size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(size).expect("a page size")
}

/// Sets the protection of the `len` bytes at `addr` (page-aligned).
fn protect(addr: usize, len: usize, prot: libc::c_int) {
    // SAFETY: `addr..addr + len` lies in a mapping of an `Input`, which
    // only this file's code reads, and which outlives the protection.
    let rc = unsafe { libc::mprotect(addr as *mut libc::c_void, len, prot) };
    debug_assert_eq!(rc, 0, "mprotect failed");
}

/// The fault handler: a read of a watched page is counted and the page made
/// readable, the older of the two readable ones unreadable again; any other
/// fault goes back to the previous handler (Rust's stack-overflow report, or
/// the default crash) by reinstalling it for the faulting access to rerun.
extern "C" fn on_fault(signal: libc::c_int, info: *mut libc::siginfo_t, _context: *mut libc::c_void) {
    // SAFETY: the kernel passes a valid `siginfo_t` to an `SA_SIGINFO`
    // handler, and for these signals `si_addr` is the faulting address.
    let addr = unsafe { (*info).si_addr() } as usize;
    let page = page_size();
    if (START.load(SeqCst)..END.load(SeqCst)).contains(&addr) {
        let at = addr & !(page - 1);
        protect(at, page, libc::PROT_READ);
        let slot = OLDER.fetch_xor(1, SeqCst);
        let evicted = READABLE[slot].swap(at, SeqCst);
        if evicted != 0 {
            protect(evicted, page, libc::PROT_NONE);
        }
        TOUCHES.fetch_add(1, SeqCst);
        return;
    }
    let i = usize::from(signal == libc::SIGBUS);
    let default = {
        // SAFETY: an all-zero `sigaction` is `SIG_DFL` with no flags.
        let mut action: libc::sigaction = unsafe { std::mem::zeroed() };
        action.sa_sigaction = libc::SIG_DFL;
        action
    };
    let previous = PREVIOUS[i].get().unwrap_or(&default);
    // SAFETY: `previous` is a valid `sigaction`; `sigaction` is
    // async-signal-safe.
    unsafe { libc::sigaction(signal, previous, std::ptr::null_mut()) };
}

/// Installs [`on_fault`] for `SIGSEGV` and `SIGBUS`, once.
fn install() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        for (i, signal) in SIGNALS.into_iter().enumerate() {
            // SAFETY: a zeroed `sigaction` is valid to fill in; the handler
            // has the `SA_SIGINFO` signature; `previous` is written by
            // `sigaction`.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_fault as *const () as usize;
                action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
                libc::sigemptyset(&mut action.sa_mask);
                let mut previous: libc::sigaction = std::mem::zeroed();
                assert_eq!(libc::sigaction(signal, &action, &mut previous), 0, "sigaction failed");
                let _ = PREVIOUS[i].set(previous);
            }
        }
    });
}

/// An input in pages of its own, whose reads [`measure`] counts.
struct Input {
    addr: usize,
    len: usize,
    mapped: usize,
}

impl Input {
    fn new(bytes: &[u8]) -> Input {
        let mapped = bytes.len().div_ceil(page_size()).max(1) * page_size();
        // SAFETY: an anonymous private mapping of `mapped` bytes, checked
        // below.
        let ptr = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                mapped,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(ptr, libc::MAP_FAILED, "mmap failed");
        // SAFETY: the mapping is writable and `mapped >= bytes.len()`.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr.cast::<u8>(), bytes.len()) };
        Input { addr: ptr as usize, len: bytes.len(), mapped }
    }

    fn bytes(&self) -> &[u8] {
        // SAFETY: `addr` is a live mapping of at least `len` initialized
        // bytes, never written after `new`; while it is watched its pages
        // become readable as they are read (the fault handler).
        unsafe { std::slice::from_raw_parts(self.addr as *const u8, self.len) }
    }
}

impl Drop for Input {
    fn drop(&mut self) {
        // SAFETY: the mapping `new` made, which no slice outlives (they
        // borrow `self`).
        unsafe { libc::munmap(self.addr as *mut libc::c_void, self.mapped) };
    }
}

/// While it lives, reads of `input` are counted ([`TOUCHES`]).
struct Watching<'a> {
    input: &'a Input,
    _only: MutexGuard<'static, ()>,
}

impl<'a> Watching<'a> {
    fn new(input: &'a Input) -> Self {
        install();
        let only = WATCH.lock().unwrap_or_else(PoisonError::into_inner);
        READABLE.iter().for_each(|page| page.store(0, SeqCst));
        OLDER.store(0, SeqCst);
        TOUCHES.store(0, SeqCst);
        START.store(input.addr, SeqCst);
        END.store(input.addr + input.mapped, SeqCst);
        protect(input.addr, input.mapped, libc::PROT_NONE);
        Watching { input, _only: only }
    }
}

impl Drop for Watching<'_> {
    fn drop(&mut self) {
        // Readable again before the handler lets go of it.
        protect(self.input.addr, self.input.mapped, libc::PROT_READ);
        START.store(0, SeqCst);
        END.store(0, SeqCst);
    }
}

/// The work `f` did, counted: pages of the watched input touched, bytes
/// handed to a [`Counted`] codec's primitives, and the peak of the bytes
/// held allocated at once.
#[derive(Clone, Copy, Debug, Default)]
struct Work {
    touches: usize,
    given: usize,
    peak: usize,
}

/// Runs `f`, watching `input` (if any), and returns the [`Work`] it did.
fn measure(input: Option<&Input>, f: impl FnOnce()) -> Work {
    let watching = input.map(Watching::new);
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    GIVEN.with(|g| g.set(0));
    f();
    let work = Work { touches: TOUCHES.load(SeqCst), given: GIVEN.with(Cell::get), peak: PEAK.with(Cell::get) - base };
    drop(watching);
    if input.is_none() { Work { touches: 0, ..work } } else { work }
}

/// The small and the large input size: the large is four times the small,
/// so linear work is about four times as much.
const SMALL: usize = 512 << 10;
const LARGE: usize = 2 << 20;

/// Above this, work or memory is not linear (four would be exact; the
/// slack is for what does not grow with the input: a few pages touched
/// twice at the ends of windows, buffers of a fixed size).
const MAX_RATIO: f64 = 6.0;

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
    // The stateful encodings: escape sequences each followed by another
    // (iso-2022-jp reads three bytes ahead for its output flag), escape
    // sequences cut, a lead set with leads only, HZ's `~` and its shifts.
    ("escape after escape (iso-2022-jp)", b"\x1B$B"),
    ("cut escapes (iso-2022-jp)", b"\x1B(\x1B$"),
    ("JIS X 0208 leads before escapes (iso-2022-jp)", b"\x1B$B0\x1B$B0!"),
    ("shifts and tildes (HZ)", b"~{~}~"),
    ("leads before newlines (HZ)", b"~{<\n"),
];

/// Every pattern of [`PATTERNS`] in turn, each repeated over a block (long
/// runs of one kind of error, which is what would make a window or a retry
/// grow), to `len` bytes: blocks of 64 KiB, or smaller where `len` would
/// not hold one of each, so that every size holds every pattern in the
/// same share (the ratios compare like with like: the stateful encodings'
/// patterns cost more bytes handed per byte, linearly).
fn hostile(len: usize) -> Vec<u8> {
    let block = (len / PATTERNS.len()).clamp(1, 1 << 16);
    let blocks = PATTERNS.iter().cycle().flat_map(|(_, unit)| unit.iter().copied().cycle().take(block));
    blocks.take(len).collect()
}

/// Checks that `work` does linear work in linear memory: the ratio between
/// what it does on `prepare(LARGE)` and on `prepare(SMALL)` (in pages
/// touched, bytes handed to a [`Counted`] codec, and memory held) stays
/// under [`MAX_RATIO`]. What `prepare` allocates (the input) is not
/// counted. Returns the peaks of memory held, small and large.
fn assert_linear(what: &str, prepare: impl Fn(usize) -> Vec<u8>, work: impl FnMut(&[u8])) -> (usize, usize) {
    assert_linear_between(what, (SMALL, LARGE), prepare, work)
}

/// [`assert_linear`] between inputs of `sizes.0` and `sizes.1` bytes (the
/// second four times the first).
fn assert_linear_between(
    what: &str,
    (small_len, large_len): (usize, usize),
    prepare: impl Fn(usize) -> Vec<u8>,
    mut work: impl FnMut(&[u8]),
) -> (usize, usize) {
    let (small, large) = (Input::new(&prepare(small_len)), Input::new(&prepare(large_len)));
    let w_small = measure(Some(&small), || work(small.bytes()));
    let w_large = measure(Some(&large), || work(large.bytes()));
    assert_ratios(what, (small_len, large_len), w_small, w_large);
    (w_small.peak, w_large.peak)
}

/// Asserts that each count of `large` is under [`MAX_RATIO`] times that of
/// `small` (a count of 0 taken as 1).
fn assert_ratios(what: &str, (small_len, large_len): (usize, usize), small: Work, large: Work) {
    let counts = [("pages touched", small.touches, large.touches), ("bytes handed", small.given, large.given)];
    for (name, s, l) in counts.into_iter().chain([("bytes held", small.peak, large.peak)]) {
        let ratio = l as f64 / s.max(1) as f64;
        assert!(ratio < MAX_RATIO, "{what}: {name}: {s} for {small_len} bytes, {l} for {large_len} (ratio {ratio:.1})");
    }
}

/// The codecs these tests run (the legacy encodings sampled).
fn codecs() -> Vec<&'static dyn codec_core::DynCodec> {
    utfx_tests::codecs()
}

#[test]
fn one_shot_decoding_is_linear_in_every_mode() {
    for codec in &codecs() {
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
fn error_runs_inside_one_window_cost_linear_work() {
    // The kernels work in windows of up to 64 KiB and are called again
    // after each error: work per call that walks the rest of the window
    // (a run of continuation bytes, say) is quadratic inside it, which the
    // megabyte sizes of the other tests do not show.
    for codec in &codecs() {
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

/// Decodes `input` a byte at a time into a `Vec`, in `mode`, through a
/// [`Counted`] codec.
fn decode_bytewise(codec: &dyn DynCodec, input: &[u8], mode: DecodeMode) -> Vec<CodePoint> {
    let mut decoder = Decoder::new(Counted(codec), mode);
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
    for codec in &codecs() {
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
    for codec in &codecs() {
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

    /// Counts ([`give`]) the bytes it looks through.
    fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
        give(input.len());
        match input.iter().position(|&b| b == 0) {
            Some(end) => Step::Point { point: CodePoint::new(0), len: end + 1 },
            None => Step::Incomplete,
        }
    }
}

#[test]
fn a_sequence_without_end_stops_at_the_pending_cap_in_linear_work() {
    for &mode in DecodeMode::ALL {
        let what = format!("an endless sequence a byte at a time in {mode}");
        // Caps of a quarter of the sizes: fed a byte at a time, the pending
        // sequence grows to the cap, and that is the memory measured; the
        // step looks through all it is handed, which is what is counted.
        let run = |cap: usize| {
            measure(None, || {
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
            })
        };
        let (small, large) = (run(SMALL / 4), run(LARGE / 4));
        assert_ratios(&what, (SMALL / 4, LARGE / 4), small, large);
        // Each retry of the pending sequence waits for it to double: less
        // than four times the cap in all.
        assert!(large.given < 4 * (LARGE / 4), "{what}: {} bytes handed to the step", large.given);
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
fn utf_inf_8_declared_lengths_cost_linear_work_and_memory() {
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
            let mut decoder = Decoder::new(Counted(codec), DecodeMode::Replace);
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
fn utf_inf_8_at_the_greatest_limit_streams_in_linear_work() {
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
        let mut decoder = Decoder::new(Counted(&codec), DecodeMode::Replace);
        let mut out = Vec::new();
        for (i, chunk) in input.chunks(4096).enumerate() {
            decoder.decode_chunk(chunk, (i + 1) * 4096 >= input.len(), &mut out).unwrap();
        }
        // One code point per sequence or subpart, never more than bytes.
        assert!(out.len() <= input.len());
    });
}
