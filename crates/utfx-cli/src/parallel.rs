//! `utfx convert` and `utfx validate` of a large file on up to three
//! threads ([`MAX_THREADS`], decision 0015): the input is cut into pieces
//! of about a mebibyte (256 KiB to convert) at the input codec's
//! restart points (`Decode::restart_point`, after which a decoder holds
//! nothing back), each piece is transcoded by a fresh `Transcoder` (or
//! validated by a fresh decoder) on whichever thread takes it, and the
//! outputs are written (the first error found) in order. Each thread reads
//! the pieces it works on, so that they are still in its cache, from the
//! file at their positions (`pread`), at the same time as the others: the
//! copies out of the page cache, most of the time of a fast codec, run on
//! several cores at once. Only the cut of each piece at its last restart point goes in
//! order (a piece starts with the few bytes the one before left after
//! its own). A target whose encoding is
//! context-free (`Encode::is_context_free`) writes for each piece what it
//! would have written in one run, so the output is the same byte for byte;
//! error offsets are moved to their place in the whole input, and encoding
//! errors' indices by the code points of the pieces before.
//!
//! A machine with one core (or a process held to one) takes this path too,
//! with the calling thread alone: reading each piece at its position into
//! buffers that stay in the cache, then its kernel, costs less there than
//! the one run's read-ahead thread, its switches and its copies (UTF-8 to
//! UTF-16LE of 128 MiB: 43 ms against 57 ms, decision 0036).
//!
//! A piece without a restart point (a codec that has none, or a piece's worth of
//! errors) ends the parallel part: everything from the start of that piece
//! on is handed back, to be converted in one run as usual.
//!
//! The calling thread writes the outputs, and converts pieces itself while
//! none waits to be written; helper threads only convert (a thread that
//! only wrote was woken for every piece, some 450 context switches for a
//! 146 MB file against some 50 now). Memory stays bounded: each thread has
//! two pairs of buffers of its own (one for validation, which sends the
//! writer no bytes), allocated once; a piece's output goes to the writer
//! and its buffers back to their thread, so that each thread reads and
//! writes memory in its own core's cache.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;

use codec_core::{DecodeMode, Decoder, DynCodec, EncodeMode, FastJob, Surrogates, TranscodeError, Transcoder};

/// How many input bytes a piece holds (the last one of a file fewer, the
/// others up to their restart point).
const PIECE: usize = 1 << 20;

/// The pieces of `Work::Convert`, whose output is as large as their input
/// or up to twice as large: small enough that a piece and its output stay
/// in a core's second-level cache between the read, the kernel and the
/// write. On the 128 MiB file of `cargo xtask bench`, UTF-8 to UTF-16LE
/// took 2.08x `cat`'s time with these, against 2.29x with 1 MiB pieces
/// (decision 0034). UTF-16LE to UTF-8 was slower with them while the
/// buffers went from thread to thread (1.45x against 1.35x); with each
/// thread's own buffers it takes 7% to 10% less processor time with them
/// (best of 15 runs, side by side). Validation, which writes nothing, was
/// slower with them (1.37x against 1.29x) and keeps [`PIECE`].
const CONVERT_PIECE: usize = 1 << 18;

/// The most threads that convert, the calling one included.
const MAX_THREADS: usize = 3;

/// Inputs at least this large (regular files) are converted or validated
/// in pieces on [`threads`] threads when they can be.
pub(crate) const FROM: u64 = 4 << 20;

/// How many threads work on this machine: its parallelism, at most
/// [`MAX_THREADS`].
pub(crate) fn threads() -> usize {
    thread::available_parallelism().map_or(1, usize::from).min(MAX_THREADS)
}

/// What the conversion needs to know.
pub(crate) struct Setup {
    pub(crate) from: &'static dyn DynCodec,
    pub(crate) work: Work,
    /// How many threads convert.
    pub(crate) threads: usize,
    /// How many input bytes a piece reads ([`PIECE`] to validate,
    /// [`CONVERT_PIECE`] to convert).
    piece: usize,
}

impl Setup {
    /// The setup for `work` on `from`'s input with `threads` threads.
    pub(crate) fn new(from: &'static dyn DynCodec, work: Work, threads: usize) -> Setup {
        let piece = match work {
            Work::Validate => PIECE,
            Work::Convert { .. } => CONVERT_PIECE,
        };
        Setup { from, work, threads, piece }
    }

    /// The same setup with pieces of `piece` bytes (the tests' small
    /// inputs in many pieces).
    #[cfg(test)]
    pub(crate) fn with_piece(self, piece: usize) -> Setup {
        Setup { piece, ..self }
    }

    /// The setup of a conversion from `from` to `to` in these modes, when
    /// its pieces can be converted apart: a target whose encoding is
    /// context-free, a source whose code points fit in `u32`.
    pub(crate) fn convert(
        from: &'static dyn DynCodec,
        decode_mode: DecodeMode,
        to: &'static dyn DynCodec,
        encode_mode: EncodeMode,
        threads: usize,
    ) -> Option<Setup> {
        let big = from.info().domain.max.is_none();
        if big || !to.is_context_free() {
            return None;
        }
        // The kernel writes UTF-16LE's bytes as units in memory.
        let utf16le = codec_registry::get("utf-16le").is_some_and(|codec| std::ptr::addr_eq(to, codec));
        let units = cfg!(target_endian = "little") && utf16le;
        Some(Setup::new(from, Work::Convert { decode_mode, to, encode_mode, units }, threads))
    }
}

/// What each piece goes through.
pub(crate) enum Work {
    /// Transcoding: decoded in `decode_mode`, encoded with `to` in
    /// `encode_mode` (whose encoding must be context-free).
    /// `units` says that the target is UTF-16LE on a little-endian
    /// machine: the input codec's kernel then writes the output as UTF-16
    /// code units, whose bytes in memory are the output (no pivot to copy
    /// them out of), and the `Transcoder` takes over where it stops.
    Convert { decode_mode: DecodeMode, to: &'static dyn DynCodec, encode_mode: EncodeMode, units: bool },
    /// Validation: fatal decoding, nothing written.
    Validate,
}

/// How the parallel part ended.
pub(crate) enum Outcome {
    /// All the input was converted and written.
    Done,
    /// A piece had no restart point: the input from `offset` on (`head`,
    /// then the rest of `reader`) is left to convert in one run; `points`
    /// code points were encoded before it.
    Rest { offset: usize, points: usize, head: Vec<u8>, reader: Box<dyn Read + Send> },
}

/// Why the parallel part stopped early.
pub(crate) enum Stop {
    /// The input is ill-formed, or a code point cannot be encoded: the
    /// error is placed in the whole input (add the BOM's length).
    Transcode(TranscodeError),
    /// Reading failed.
    Read(io::Error),
    /// Writing failed.
    Write(io::Error),
}

/// A piece's input and output buffers. Each thread has its own, so that
/// the bytes it reads and writes are in its own core's cache: to be written,
/// a piece's output goes to the calling thread, which hands the buffers
/// back to their thread; a piece validated keeps them.
struct Buffers {
    input: Vec<u8>,
    /// The output the kernel wrote as UTF-16 code units (`Work::Convert`'s
    /// `units`), which comes first.
    units: Vec<u16>,
    output: Vec<u8>,
}

/// A converted piece, on its way to the writer.
struct Converted {
    seq: usize,
    /// The thread whose buffers these are, and the buffers, when the
    /// piece has output to write.
    owner: usize,
    buffers: Option<Buffers>,
    /// How many units of `buffers.units`, then bytes of `buffers.output`,
    /// it wrote.
    units: usize,
    written: usize,
    /// How many code points it encoded.
    points: usize,
    /// Where its input starts in the whole input, and its length.
    start: usize,
    len: usize,
    error: Option<PieceError>,
}

/// Why a piece stopped.
enum PieceError {
    Transcode(TranscodeError),
    /// The transcoder held something back at the piece's end: the input
    /// codec's restart point broke its promise.
    NotIdle,
    /// An encoding error to UTF-16LE after a kernel's units whose code
    /// points were not counted, because the decoder gives scalar values
    /// only ([`scalar_values_only`]), which UTF-16LE encodes: its index
    /// would be wrong.
    NotCounted,
}

/// The input: a regular file, whose bytes from `base` on are converted.
pub(crate) struct Input {
    pub(crate) file: File,
    pub(crate) base: u64,
}

/// Room kept in front of the bytes read into an input buffer, for the
/// bytes the piece before leaves after its last restart point (a few
/// bytes, unless that piece ends in a run of errors; more are moved).
const HEADROOM: usize = 64;

/// The reading side, shared by the threads. Each claims the next piece of
/// the file (`piece` bytes at a fixed position) and reads it with no
/// lock held, so that the copies out of the page cache run on the threads'
/// cores at once; then, in order, it takes the bytes the piece before left after
/// its last restart point (`Seam::carry`), finds its own last restart point
/// and leaves the bytes after it to the next piece. A piece therefore starts
/// where the one before ended, at a restart point, as if the input had been
/// read in order: the cut is the same.
struct Reading {
    input: Input,
    /// How many bytes a piece reads.
    piece: usize,
    /// The next piece to claim.
    claimed: AtomicUsize,
    seam: Mutex<Seam>,
    /// Signalled when `seam` moves on.
    moved: Condvar,
}

/// Where the cutting is: the next piece to cut, where it starts, and what
/// the piece before left.
struct Seam {
    /// The piece whose start is known next (the pieces before are cut).
    seq: usize,
    /// Where that piece starts in the input (after `base`).
    offset: usize,
    /// The input from `offset` to the piece's own bytes.
    carry: Vec<u8>,
    state: State,
}

/// Where the reading side is.
enum State {
    Reading,
    Ended,
    Failed(io::Error),
    /// No restart point in the piece starting at `offset` (`head`), whose
    /// bytes end at `resume` in the input.
    Fallback {
        offset: usize,
        head: Vec<u8>,
        resume: u64,
    },
}

/// A piece to convert: its number, where it starts, where it sits in the
/// input buffer and how long it is, and whether it ends the input.
struct Job {
    seq: usize,
    start: usize,
    from: usize,
    len: usize,
    last: bool,
}

impl Reading {
    fn seam(&self) -> MutexGuard<'_, Seam> {
        self.seam.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Claims the next piece and reads it into `input`, then cuts it at
    /// its last restart point once the piece before is cut; `None` when
    /// there is none to convert in parallel.
    fn next(&self, input: &mut Vec<u8>, codec: &dyn DynCodec) -> Option<Job> {
        if !matches!(self.seam().state, State::Reading) {
            return None;
        }
        let seq = self.claimed.fetch_add(1, Ordering::Relaxed);
        // The pieces after this one wait for its cut: if this thread
        // panics before it, they must not wait for ever.
        let _unblock = Unblock(self);
        let at = (seq as u64).checked_mul(self.piece as u64).and_then(|at| at.checked_add(self.input.base));
        let at = at.unwrap_or(u64::MAX);
        let data = HEADROOM;
        input.resize(input.len().max(data + self.piece), 0);
        let read = read_at(&self.input.file, &mut input[data..data + self.piece], at);
        let mut seam = self.seam();
        while seam.seq < seq && matches!(seam.state, State::Reading) {
            seam = self.moved.wait(seam).unwrap_or_else(PoisonError::into_inner);
        }
        if !matches!(seam.state, State::Reading) {
            return None;
        }
        let job = self.cut(&mut seam, input, data, read, codec);
        drop(seam);
        self.moved.notify_all();
        job
    }

    /// Cuts piece `seam.seq`, whose bytes (`read` of them) are at `data` in
    /// `input`, after the bytes the one before left, and moves the seam on.
    fn cut(
        &self,
        seam: &mut Seam,
        input: &mut Vec<u8>,
        data: usize,
        read: io::Result<usize>,
        codec: &dyn DynCodec,
    ) -> Option<Job> {
        let filled = match read {
            Ok(filled) => filled,
            Err(e) => {
                seam.state = State::Failed(e);
                return None;
            }
        };
        let carried = seam.carry.len();
        let from = if carried <= data {
            data - carried
        } else {
            // Too many to go in front: move the piece's bytes up.
            input.resize(input.len().max(carried + filled), 0);
            input.copy_within(data..data + filled, carried);
            0
        };
        input[from..from + carried].copy_from_slice(&seam.carry);
        seam.carry.clear();
        // A piece the file did not fill ends it.
        let last = filled < self.piece;
        let (seq, start, filled) = (seam.seq, seam.offset, carried + filled);
        let len = if last {
            seam.state = State::Ended;
            filled
        } else if let Some(cut) = last_restart_point(codec, &input[from..from + filled]) {
            seam.carry.extend_from_slice(&input[from + cut..from + filled]);
            cut
        } else {
            let resume = (seq as u64 + 1) * self.piece as u64 + self.input.base;
            seam.state = State::Fallback { offset: start, head: input[from..from + filled].to_vec(), resume };
            return None;
        };
        seam.seq += 1;
        seam.offset += len;
        Some(Job { seq, start, from, len, last })
    }
}

/// Ends the reading when dropped while its thread panics, so that the
/// threads that wait for a cut stop waiting (the panic then reaches the
/// calling thread through `thread::scope`).
struct Unblock<'a>(&'a Reading);

impl Drop for Unblock<'_> {
    fn drop(&mut self) {
        if thread::panicking() {
            self.0.seam().state = State::Failed(io::Error::other("a thread converting the input stopped"));
            self.0.moved.notify_all();
        }
    }
}

/// Reads `buf.len()` bytes of `file` from `at` on, or fewer at its end.
pub(crate) fn read_at(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match positioned_read(file, &mut buf[filled..], at.saturating_add(filled as u64)) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// One read of `file` at `at`, without the file's offset (`pread`).
#[cfg(unix)]
fn positioned_read(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, at)
}

/// One read of `file` at `at` (Windows moves the file's offset, which
/// nothing else uses: the rest of a file is read after a seek).
#[cfg(windows)]
fn positioned_read(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buf, at)
}

/// One read of `file` at `at`, where no positioned read is known: a seek
/// and a read, under a lock.
#[cfg(not(any(unix, windows)))]
fn positioned_read(mut file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    static ONE: Mutex<()> = Mutex::new(());
    let _one = ONE.lock().unwrap_or_else(PoisonError::into_inner);
    file.seek(SeekFrom::Start(at))?;
    file.read(buf)
}

/// The last restart point of `piece`: the codecs look back a bounded
/// distance from the end, so the search moves back 16 bytes at a time
/// until one is found (errors at the end of a piece do not end the
/// parallel part), in time linear in the piece.
fn last_restart_point(codec: &dyn DynCodec, piece: &[u8]) -> Option<usize> {
    let mut end = piece.len();
    while end > 0 {
        if let Some(cut) = codec.restart_point(&piece[..end]) {
            return Some(cut);
        }
        end = end.saturating_sub(16);
    }
    None
}

/// Converts `reader` with `setup.threads` threads, writing to `out` in
/// order; after each piece, tells `converted` how many input bytes have
/// been converted and written.
pub(crate) fn convert(
    setup: &Setup,
    input: Input,
    out: &mut dyn Write,
    converted: &mut dyn FnMut(usize),
) -> Result<Outcome, Stop> {
    // Two pairs a thread when pieces go to the writer (one converted while
    // the other waits to be written), one when only their errors do (each
    // pair's pages are faulted in and zeroed on first use).
    let validate = matches!(setup.work, Work::Validate);
    let pairs = if validate { 1 } else { 2 };
    let piece = setup.piece;
    let (units, output) = match setup.work {
        Work::Validate => (0, 0),
        // As many units as bytes: a UTF-16 unit takes a byte at least.
        Work::Convert { units: true, .. } => (piece, 0),
        Work::Convert { units: false, .. } => (0, piece * 2),
    };
    let seam = Seam { seq: 0, offset: 0, carry: Vec::new(), state: State::Reading };
    let reading = Reading { input, piece, claimed: AtomicUsize::new(0), seam: Mutex::new(seam), moved: Condvar::new() };
    // Each thread's pool: the buffers it has, and the way back to it.
    let mut pools = Vec::new();
    let mut returns = Vec::new();
    for _ in 0..setup.threads {
        let (back, pool) = sync_channel::<Buffers>(pairs);
        for _ in 0..pairs {
            let buffers = Buffers { input: vec![0; HEADROOM + piece], units: vec![0; units], output: vec![0; output] };
            back.send(buffers).map_err(|_| Stop::Write(io::Error::other("buffer pool closed")))?;
        }
        pools.push(pool);
        returns.push(back);
    }
    let (done, done_rx) = sync_channel::<Converted>(pairs * setup.threads);
    let written = thread::scope(|scope| {
        let mut pools = pools.into_iter();
        let own = pools.next();
        // The calling thread converts pieces too, between writes; the others
        // are helpers (none when none can be started).
        for (owner, pool) in pools.enumerate() {
            let done = done.clone();
            let reading = &reading;
            let worker = thread::Builder::new().name("convert".into());
            let _ = worker.spawn_scoped(scope, move || work(setup, reading, &pool, owner + 1, &done));
        }
        drop(done);
        // Returning drops this thread's ends of the channels, which lets
        // every helper finish.
        let writer = Writer { waiting: BTreeMap::new(), next: 0, points: 0, returns, out, converted };
        writer.run(setup, &reading, own, done_rx)
    })?;
    let Reading { input, seam, .. } = reading;
    match seam.into_inner().unwrap_or_else(PoisonError::into_inner).state {
        State::Ended | State::Reading => Ok(Outcome::Done),
        State::Failed(e) => Err(Stop::Read(e)),
        State::Fallback { offset, head, resume } => {
            let mut file = input.file;
            file.seek(SeekFrom::Start(resume)).map_err(Stop::Read)?;
            Ok(Outcome::Rest { offset, points: written, head, reader: Box::new(file) })
        }
    }
}

/// A helper: takes free buffers of its own, reads a piece into them,
/// converts it and sends it to the writer, until there is nothing more to
/// read or the writer has stopped.
fn work(setup: &Setup, reading: &Reading, pool: &Receiver<Buffers>, owner: usize, done: &SyncSender<Converted>) {
    let mut kept = None;
    loop {
        let Some(mut buffers) = kept.take().or_else(|| pool.recv().ok()) else { return };
        let job = reading.next(&mut buffers.input, setup.from);
        let Some(job) = job else { return };
        let converted;
        (converted, kept) = transcode(setup, job, buffers, owner);
        if done.send(converted).is_err() {
            return;
        }
    }
}

/// Transcodes one piece into its output buffer, which grows as needed, or
/// validates it; returns the buffers apart when nothing in them is to be
/// written.
fn transcode(setup: &Setup, job: Job, mut buffers: Buffers, owner: usize) -> (Converted, Option<Buffers>) {
    let piece = &buffers.input[job.from..job.from + job.len];
    let (units, written, points, error) = match setup.work {
        Work::Convert { decode_mode, to, encode_mode, units } => {
            // The kernel's UTF-16, as far as it goes (scalar values only,
            // decision 0007), then the transcoder from there.
            // The code points are counted for the index of an encoding
            // error in a later piece, which only a code point that is not a
            // scalar value can cause (UTF-16LE encodes all the others).
            let counted = !(units && scalar_values_only(setup.from, decode_mode));
            // In escape mode, not the kernels that take forms the encoder does
            // not write (`FastPaths::decodes_in`): those are escaped.
            let paths =
                codec_core::Decode::fast_paths(setup.from).filter(|paths| units && paths.decodes_in(decode_mode));
            let (read, units, unit_points) = match paths {
                Some(paths) => {
                    let done = paths.run(FastJob::DecodeToUtf16(piece, &mut buffers.units));
                    let points = match done.points {
                        Some(points) => points,
                        None if counted => utfx_kernels::count_code_points(&buffers.units[..done.written]),
                        None => 0,
                    };
                    (done.read, done.written, points)
                }
                None => (0, 0, 0),
            };
            let mut transcoder = Transcoder::new(setup.from, decode_mode, to, encode_mode);
            let (written, error) = if read < piece.len() || job.last {
                transcoder.transcode_into(&piece[read..], job.last, &mut buffers.output)
            } else {
                (0, None)
            };
            let error = match error {
                Some(TranscodeError::Decode(e)) => Some(PieceError::Transcode(TranscodeError::Decode(e.shifted(read)))),
                // (Which the code points not counted cannot cause.)
                Some(TranscodeError::Encode(_)) if !counted => Some(PieceError::NotCounted),
                Some(TranscodeError::Encode(e)) => {
                    Some(PieceError::Transcode(TranscodeError::Encode(e.shifted(unit_points))))
                }
                // A piece ends at a restart point, where nothing is held
                // back; a transcoder that held something back would lose it
                // here.
                None if !job.last && !transcoder.is_idle() => Some(PieceError::NotIdle),
                None => None,
            };
            (units, written, unit_points + transcoder.output_index(), error)
        }
        Work::Validate => {
            let mut decoder = Decoder::new(setup.from, DecodeMode::Fatal);
            let error = match decoder.validate_chunk(piece, job.last) {
                Err(e) => Some(PieceError::Transcode(TranscodeError::Decode(e))),
                // Ending the input at the restart point must find nothing
                // held back, as above.
                Ok(()) if !job.last && decoder.validate_chunk(&[], true).is_err() => Some(PieceError::NotIdle),
                Ok(()) => None,
            };
            (0, 0, 0, error)
        }
    };
    let (buffers, kept) = match setup.work {
        Work::Validate => (None, Some(buffers)),
        Work::Convert { .. } => (Some(buffers), None),
    };
    let converted =
        Converted { seq: job.seq, owner, buffers, units, written, points, start: job.start, len: job.len, error };
    (converted, kept)
}

/// Whether every code point that `from` decodes in `mode` is a scalar
/// value: its domain holds no surrogates and nothing above U+10FFFF, and
/// the mode makes no surrogates of errors (UTF-8B's escapes).
fn scalar_values_only(from: &dyn DynCodec, mode: DecodeMode) -> bool {
    let domain = from.info().domain;
    mode != DecodeMode::Escape
        && domain.surrogates == Surrogates::None
        && domain.max.is_some_and(|max| max <= 0x10_FFFF)
}

/// The calling thread's side: it writes the converted pieces in order and
/// hands their buffers back, and converts pieces itself while no written
/// piece waits (a thread that only wrote would be woken for every piece).
struct Writer<'a> {
    /// Converted pieces that wait for the ones before them.
    waiting: BTreeMap<usize, Converted>,
    /// The next piece to write.
    next: usize,
    /// How many code points the pieces written so far encoded.
    points: usize,
    /// The way back to each thread's pool.
    returns: Vec<SyncSender<Buffers>>,
    out: &'a mut dyn Write,
    converted: &'a mut dyn FnMut(usize),
}

impl Writer<'_> {
    /// Converts and writes until every piece is written; returns how many
    /// code points were encoded.
    fn run(
        mut self,
        setup: &Setup,
        reading: &Reading,
        pool: Option<Receiver<Buffers>>,
        done: Receiver<Converted>,
    ) -> Result<usize, Stop> {
        let mut reading_over = false;
        let mut kept = None;
        loop {
            while let Ok(piece) = done.try_recv() {
                self.take(piece)?;
            }
            // This thread's free buffers: when none are, a piece of its own
            // waits to be written.
            let buffers = match reading_over {
                true => None,
                false => kept.take().or_else(|| pool.as_ref().and_then(|pool| pool.try_recv().ok())),
            };
            if let Some(mut buffers) = buffers {
                let job = reading.next(&mut buffers.input, setup.from);
                match job {
                    Some(job) => {
                        let converted;
                        (converted, kept) = transcode(setup, job, buffers, 0);
                        self.take(converted)?;
                    }
                    None => reading_over = true,
                }
                continue;
            }
            // Nothing to convert here: wait for a helper's piece, or for all
            // of them to end.
            match done.recv() {
                Ok(piece) => self.take(piece)?,
                Err(_) => return Ok(self.points),
            }
        }
    }

    /// Takes a converted piece, and writes it and the pieces after it that
    /// wait when it is the next one.
    fn take(&mut self, piece: Converted) -> Result<(), Stop> {
        self.waiting.insert(piece.seq, piece);
        while let Some(piece) = self.waiting.remove(&self.next) {
            if let Some(buffers) = &piece.buffers {
                // The units' bytes in memory are UTF-16LE (`Work::Convert`).
                let units: &[u8] = bytemuck::cast_slice(&buffers.units[..piece.units]);
                self.out.write_all(units).map_err(Stop::Write)?;
                self.out.write_all(&buffers.output[..piece.written]).map_err(Stop::Write)?;
            }
            match piece.error {
                None => {}
                Some(PieceError::Transcode(TranscodeError::Decode(d))) => {
                    return Err(Stop::Transcode(TranscodeError::Decode(d.shifted(piece.start))));
                }
                Some(PieceError::Transcode(TranscodeError::Encode(e))) => {
                    return Err(Stop::Transcode(TranscodeError::Encode(e.shifted(self.points))));
                }
                Some(PieceError::NotIdle) => {
                    let message = format!(
                        "internal error: the input codec left a sequence open in the piece from byte {}",
                        piece.start
                    );
                    return Err(Stop::Read(io::Error::other(message)));
                }
                Some(PieceError::NotCounted) => {
                    let message = format!(
                        "internal error: a scalar value could not be encoded in the piece from byte {}",
                        piece.start
                    );
                    return Err(Stop::Read(io::Error::other(message)));
                }
            }
            self.points += piece.points;
            self.next += 1;
            (self.converted)(piece.start + piece.len);
            // The helper may have ended: the buffers are then not needed.
            if let (Some(buffers), Some(back)) = (piece.buffers, self.returns.get(piece.owner)) {
                let _ = back.send(buffers);
            }
        }
        Ok(())
    }
}
