//! The encoding half of the drivers: [`Encoder`], the one place where the
//! codec's steps meet the error modes and the fast paths on the way out.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;

use crate::code_point::sealed::Sealed as _;
use crate::code_point::{AnyCodePoint, CodePoint};
use crate::codec::{Encode, EncodeStep};
use crate::error::{EncodeError, ErrorKind};
use crate::fast::{FastJob, FastPaths};
use crate::mode::{EncodeMode, escaped_byte};

use super::{Pending, Run, Status, feed};

/// Where escape mode has its next escape code point at or after `from`.
fn next_escape<P: AnyCodePoint>(mode: EncodeMode, input: &[P], from: usize) -> usize {
    if mode != EncodeMode::Escape {
        return input.len();
    }
    input[from..]
        .iter()
        .position(|p| p.to_code_point().and_then(escaped_byte).is_some())
        .map_or(input.len(), |k| from + k)
}

/// Encodes one code point `p` with `codec` in `state`, appending to `out`;
/// true on success (`state` then follows it).
fn encode_single<E: Encode + ?Sized>(codec: &E, state: &mut u32, p: CodePoint, out: &mut Vec<u8>) -> bool {
    let before = out.len();
    let mut next = *state;
    match codec.encode_step_in(&mut next, &[E::Point::from(p)], true, out) {
        EncodeStep::Done(_) => {
            *state = next;
            true
        }
        _ => {
            out.truncate(before);
            false
        }
    }
}

/// Appends the replacement `mode` makes for the unencodable `p`, in
/// `state`; false (with `out` and `state` as they were) when the codec
/// cannot encode even that.
fn encode_substitute<E: Encode + ?Sized>(
    codec: &E,
    mode: EncodeMode,
    state: &mut u32,
    p: &E::Point,
    out: &mut Vec<u8>,
) -> bool {
    let (before, state_before) = (out.len(), *state);
    let ok = match mode {
        EncodeMode::Fatal | EncodeMode::Escape => false,
        // Dropped: nothing written, and the encoding goes on.
        EncodeMode::Ignore => true,
        EncodeMode::Replace => {
            encode_single(codec, state, CodePoint::REPLACEMENT, out)
                || encode_single(codec, state, CodePoint::from(b'?'), out)
        }
        EncodeMode::Url => encode_single(codec, state, CodePoint::from(b'?'), out),
        EncodeMode::Html => {
            let mut text = String::from("&#");
            let written = p.write_decimal(&mut text).is_ok() && text.write_char(';').is_ok();
            written && text.chars().all(|c| encode_single(codec, state, CodePoint::from(c), out))
        }
    };
    if !ok {
        out.truncate(before);
        *state = state_before;
    }
    ok
}

/// Returns true when `ignore` mode drops `p` before the encoder sees it: the
/// codec cannot encode it on its own (in `state`), and it is not a
/// surrogate (whether a surrogate encodes depends on its neighbour: a pair
/// in UTF-16 and CESU-8). `scratch` takes the trial encoding.
fn dropped_alone<E: Encode + ?Sized>(codec: &E, state: u32, p: &E::Point, scratch: &mut Vec<u8>) -> bool {
    if p.to_code_point().is_some_and(CodePoint::is_surrogate) {
        return false;
    }
    scratch.clear();
    !matches!(codec.encode_step_in(&mut { state }, core::slice::from_ref(p), true, scratch), EncodeStep::Done(_))
}

/// Encodes a prefix of `input` (whose first code point has absolute index
/// `base`) from the codec's `state` (updated as it goes), and returns how
/// many code points it consumed.
///
/// In [`EncodeMode::Ignore`] the code points the codec cannot encode on their
/// own are dropped first, and the rest encoded as if they had never been
/// there (decision 0011): an encoder that looks ahead (the surrogate pair
/// rules) then never decides on a neighbour that is about to vanish, so
/// U+D800 U+110000 U+DC00 becomes WTF-8's four-byte pair, not the two lone
/// surrogates' bytes side by side, which WTF-8 forbids.
#[allow(clippy::too_many_arguments)]
fn run_encode<E: Encode + ?Sized>(
    codec: &E,
    mode: EncodeMode,
    fast: Option<&dyn FastPaths>,
    state: &mut u32,
    input: &[E::Point],
    base: usize,
    last: bool,
    out: &mut Vec<u8>,
) -> Result<usize, EncodeError<E::Point>> {
    if mode != EncodeMode::Ignore {
        return encode_run(codec, mode, fast, state, input, base, last, out);
    }
    if let Some(paths) = fast {
        return Ok(encode_ignoring(codec, paths, state, input, last, out));
    }
    // The definition, for the reference driver: one pass finds the code
    // points kept, and they are encoded on their own.
    let mut scratch = Vec::new();
    let (mut kept, mut kept_at) = (Vec::new(), Vec::new());
    for (k, p) in input.iter().enumerate() {
        if !dropped_alone(codec, *state, p, &mut scratch) {
            kept.push(p.clone());
            kept_at.push(k);
        }
    }
    let done = encode_run(codec, mode, None, state, &kept, base, last, out)?;
    // Consumed: everything before the first kept code point not encoded yet
    // (the dropped ones among it included).
    Ok(kept_at.get(done).copied().unwrap_or(input.len()))
}

/// [`run_encode`] in [`EncodeMode::Ignore`] with the fast path, in one pass:
/// it asks whether a code point is dropped only where the fast path stops.
///
/// The fast path never consumes a code point that is dropped or whose bytes
/// depend on what follows (the contract of
/// [`crate::FastJob::Encode`]), so its bytes are the same with the
/// dropped code points gone. Where it stops, a dropped code point is
/// skipped; a kept one is encoded by the step, which sees the kept code
/// points after it, as many as it asks for. The fast path runs in state 0
/// only.
fn encode_ignoring<E: Encode + ?Sized>(
    codec: &E,
    paths: &dyn FastPaths,
    state: &mut u32,
    input: &[E::Point],
    last: bool,
    out: &mut Vec<u8>,
) -> usize {
    let mut scratch = Vec::new();
    // The kept code points the step sees, and where each is in `input`.
    let mut window: Vec<E::Point> = Vec::new();
    let mut window_at: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < input.len() {
        if *state == 0 {
            i += E::Point::encode_fast(paths, &input[i..], out);
        }
        let Some(p) = input.get(i) else { break };
        if dropped_alone(codec, *state, p, &mut scratch) {
            i += 1;
            continue;
        }
        window.clear();
        window_at.clear();
        window.push(p.clone());
        window_at.push(i);
        // `input` is read up to here for the window.
        let mut scanned = i + 1;
        loop {
            let window_last = last && scanned == input.len();
            let before = out.len();
            let mut next = *state;
            match codec.encode_step_in(&mut next, &window, window_last, out) {
                EncodeStep::Done(n) => {
                    debug_assert!(n >= 1 && n <= window.len(), "encode_step broke its contract");
                    i = window_at.get(n.clamp(1, window.len())).copied().unwrap_or(scanned);
                    *state = next;
                    break;
                }
                EncodeStep::Incomplete if !window_last => {
                    out.truncate(before);
                    if scanned == input.len() {
                        // The code point waits for the next chunk.
                        return i;
                    }
                    // Twice as many kept code points (linear time whatever
                    // the look-ahead).
                    let goal = 2 * window.len();
                    while window.len() < goal && scanned < input.len() {
                        let q = &input[scanned];
                        if !dropped_alone(codec, *state, q, &mut scratch) {
                            window.push(q.clone());
                            window_at.push(scanned);
                        }
                        scanned += 1;
                    }
                }
                _ => {
                    // Refused where it stands (a lead surrogate before a
                    // trail in UCS-2): dropped too, as `encode_substitute`
                    // does in this mode.
                    out.truncate(before);
                    i += 1;
                    break;
                }
            }
        }
    }
    i
}

/// [`run_encode`] on input with nothing to drop first.
#[allow(clippy::too_many_arguments)]
fn encode_run<E: Encode + ?Sized>(
    codec: &E,
    mode: EncodeMode,
    fast: Option<&dyn FastPaths>,
    state: &mut u32,
    input: &[E::Point],
    base: usize,
    last: bool,
    out: &mut Vec<u8>,
) -> Result<usize, EncodeError<E::Point>> {
    let mut i = 0;
    // Escaped bytes are written as themselves a whole code unit at a time
    // (`Encode::unit_len`: UTF-16's units are two bytes), or at the end of
    // the stream; a raw byte would put every unit after it out of step, so
    // an escape that makes no whole unit is encoded as any other code point.
    let unit = codec.unit_len().max(1);
    let mut escape_at = next_escape(mode, input, 0);
    while i < input.len() {
        if i == escape_at {
            let run = input[i..].iter().take(unit).take_while(|p| p.to_code_point().and_then(escaped_byte).is_some());
            let run = run.count();
            let ends = i + run == input.len();
            if run == unit || (last && ends) {
                for p in &input[i..i + run] {
                    let byte = p.to_code_point().and_then(escaped_byte).unwrap_or(0);
                    out.push(byte);
                    codec.encode_raw_in(state, byte);
                }
                i += run;
                escape_at = next_escape(mode, input, i);
                continue;
            }
            if ends {
                // The unit may go on in the next chunk.
                break;
            }
            escape_at = next_escape(mode, input, i + 1);
        }
        // The run up to the next escape ends the look-ahead like the end of input.
        let run_last = last || escape_at < input.len();
        if let Some(paths) = fast
            && *state == 0
        {
            i += E::Point::encode_fast(paths, &input[i..escape_at], out);
            if i == escape_at {
                continue;
            }
        }
        let before = out.len();
        let mut next = *state;
        match codec.encode_step_in(&mut next, &input[i..escape_at], run_last, out) {
            EncodeStep::Done(n) => {
                debug_assert!(n >= 1 && n <= escape_at - i, "encode_step broke its contract");
                i += n.clamp(1, escape_at - i);
                *state = next;
            }
            EncodeStep::Incomplete if !run_last => break,
            step => {
                out.truncate(before);
                let kind = match step {
                    EncodeStep::Invalid(kind) => kind,
                    _ => ErrorKind::Truncated,
                };
                if !encode_substitute(codec, mode, state, &input[i], out) {
                    return Err(EncodeError::new(base + i, input[i].clone(), kind));
                }
                i += 1;
            }
        }
    }
    Ok(i)
}

/// A streaming encoder: feed it chunks of code points, get the same bytes as
/// encoding the whole input at once, for every split.
///
/// # Examples
///
/// ```
/// # use codec_core::{CodePoint, Encode, EncodeMode, EncodeStep, ErrorKind};
/// # use codec_core::doc_example::Ascii;
/// let mut encoder = Ascii.encoder(EncodeMode::Replace);
/// let mut out = Vec::new();
/// encoder.encode_chunk(&[CodePoint::new(0x41)], false, &mut out).unwrap();
/// encoder.encode_chunk(&[CodePoint::new(0xE9)], true, &mut out).unwrap();
/// assert_eq!(out, b"A?");
/// ```
#[derive(Debug, Clone)]
pub struct Encoder<E: Encode> {
    codec: E,
    mode: EncodeMode,
    fast: bool,
    pending: Pending<E::Point>,
    index: usize,
    failed: Option<EncodeError<E::Point>>,
    /// Bytes encoded but not yet written to a caller's buffer.
    queue: Vec<u8>,
    queue_pos: usize,
    /// A lead surrogate unit that ended the last UTF-16 buffer.
    lead_unit: Option<u16>,
    /// The codec's state after what has been encoded
    /// ([`Encode::encode_step_in`]).
    state: u32,
    /// Whether the stream has ended (a call with `last` went through).
    ended: bool,
}

impl<E: Encode> Encoder<E> {
    /// Creates a streaming encoder that uses the codec's fast path.
    #[must_use]
    pub fn new(codec: E, mode: EncodeMode) -> Self {
        Self::with_fast_paths(codec, mode, true)
    }

    pub(crate) fn with_fast_paths(codec: E, mode: EncodeMode, fast: bool) -> Self {
        Encoder {
            codec,
            mode,
            fast,
            pending: Pending::new(),
            index: 0,
            failed: None,
            queue: Vec::new(),
            queue_pos: 0,
            lead_unit: None,
            state: 0,
            ended: false,
        }
    }

    /// Encodes `chunk`, appending bytes to `out`; `last` says that no chunk
    /// follows, and then what ends the stream in the codec's state follows
    /// too ([`Encode::encode_finish_in`]: iso-2022-jp's return to ASCII).
    ///
    /// # Errors
    ///
    /// In [`EncodeMode::Fatal`] and [`EncodeMode::Escape`], the first code point
    /// of the stream that cannot be encoded (index counted from the start of
    /// the stream); it is returned again by every later call.
    pub fn encode_chunk(
        &mut self,
        chunk: &[E::Point],
        last: bool,
        out: &mut Vec<u8>,
    ) -> Result<(), EncodeError<E::Point>> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        let Encoder { codec, mode, fast, pending, index, failed, state, ended, .. } = self;
        let codec = &*codec;
        let (mode, fast) = (*mode, if *fast { codec.fast_paths() } else { None });
        let result: Result<Run, EncodeError<E::Point>> = feed(pending, chunk, last, |input, last| {
            let consumed = run_encode(codec, mode, fast, state, input, *index, last, out)?;
            *index += consumed;
            Ok(Run { consumed, full: false })
        });
        match result {
            Ok(_) => {
                if last {
                    codec.encode_finish_in(state, out);
                    (*state, *ended) = (0, true);
                }
                Ok(())
            }
            Err(e) => {
                *failed = Some(e.clone());
                Err(e)
            }
        }
    }

    /// Returns how many code points have been consumed so far.
    pub(crate) fn index(&self) -> usize {
        self.index
    }

    /// Returns the codec.
    pub(crate) fn codec(&self) -> &E {
        &self.codec
    }

    /// True when nothing is held back or queued, the codec is in its first
    /// state and no error ended the stream, so a kernel may encode the next
    /// code points directly.
    pub(crate) fn is_idle(&self) -> bool {
        self.pending.items.is_empty()
            && self.lead_unit.is_none()
            && self.state == 0
            && self.queue_pos == self.queue.len()
            && self.failed.is_none()
    }

    /// Counts `n` code points that a kernel encoded outside the encoder.
    pub(crate) fn advance(&mut self, n: usize) {
        self.index += n;
    }
}

/// How many code points the buffer-to-buffer encoder converts at a time
/// where the codec's kernel stops.
const WINDOW: usize = 256;

/// Text to encode from a caller's buffer: UTF-16 code units, a `str`, or
/// code points.
trait Source {
    /// The buffer's length in its own units.
    fn units(&self) -> usize;

    /// Runs the codec's kernel for this kind of text from unit `from` into
    /// `dst`: (units read, bytes written, the code points read when the
    /// kernel counted them).
    fn kernel(&self, paths: &dyn FastPaths, from: usize, dst: &mut [u8]) -> (usize, usize, Option<usize>);

    /// Counts the code points of the well-formed units `from..to`.
    fn points(&self, from: usize, to: usize) -> usize;

    /// Appends up to [`WINDOW`] code points from unit `from` to `out` and
    /// returns how many units they took. `carry` holds a lead surrogate
    /// unit that ended the previous buffer.
    fn window(&self, from: usize, last: bool, carry: &mut Option<u16>, out: &mut Vec<CodePoint>) -> usize;
}

impl Source for [u16] {
    fn units(&self) -> usize {
        self.len()
    }

    fn kernel(&self, paths: &dyn FastPaths, from: usize, dst: &mut [u8]) -> (usize, usize, Option<usize>) {
        let done = paths.run(FastJob::EncodeFromUtf16(&self[from..], dst));
        (done.read, done.written, done.points)
    }

    fn points(&self, from: usize, to: usize) -> usize {
        utfx_kernels::count_code_points(&self[from..to])
    }

    // Potentially ill-formed UTF-16 as the WTF-8 specification decodes it
    // (`CodePoint::decode_utf16`), a window at a time: a lead surrogate
    // that ends a chunk other than the last waits in `carry` for the unit
    // that may pair with it.
    fn window(&self, from: usize, last: bool, carry: &mut Option<u16>, out: &mut Vec<CodePoint>) -> usize {
        let is_lead = |u: u16| CodePoint::new(u32::from(u)).is_lead_surrogate();
        let held = !last && from < self.len() && self.last().is_some_and(|&u| is_lead(u));
        let end = self.len() - usize::from(held);
        let carried = carry.take();
        let before = out.len();
        out.extend(CodePoint::decode_utf16(carried.into_iter().chain(self[from..end].iter().copied())).take(WINDOW));
        let units: usize = out[before..].iter().map(|cp| if cp.to_u32() > 0xFFFF { 2 } else { 1 }).sum();
        let read = units - usize::from(carried.is_some());
        if held && from + read == end {
            *carry = Some(self[end]);
            return read + 1;
        }
        read
    }
}

impl Source for str {
    fn units(&self) -> usize {
        self.len()
    }

    fn kernel(&self, paths: &dyn FastPaths, from: usize, dst: &mut [u8]) -> (usize, usize, Option<usize>) {
        let done = self.get(from..).map_or_else(Default::default, |rest| paths.run(FastJob::EncodeFromStr(rest, dst)));
        (done.read, done.written, done.points)
    }

    fn points(&self, from: usize, to: usize) -> usize {
        utfx_kernels::count_utf8_code_points(&self.as_bytes()[from..to])
    }

    fn window(&self, from: usize, _last: bool, _carry: &mut Option<u16>, out: &mut Vec<CodePoint>) -> usize {
        let rest = self.get(from..).unwrap_or_default();
        let mut taken = 0;
        for c in rest.chars().take(WINDOW) {
            out.push(CodePoint::from(c));
            taken += c.len_utf8();
        }
        taken
    }
}

impl<E: Encode<Point = CodePoint>> Encoder<E> {
    /// Encodes `src` into `dst` with the codec's kernel for this kind of
    /// text, and its streaming encoder into the output queue where the
    /// kernel stops.
    fn encode_source<S: Source + ?Sized>(
        &mut self,
        src: &S,
        dst: &mut [u8],
        last: bool,
    ) -> (Status<EncodeError>, usize, usize) {
        let (mut read, mut written) = (0, 0);
        let mut window = Vec::new();
        loop {
            if self.queue_pos < self.queue.len() {
                let n = (self.queue.len() - self.queue_pos).min(dst.len() - written);
                dst[written..written + n].copy_from_slice(&self.queue[self.queue_pos..self.queue_pos + n]);
                written += n;
                self.queue_pos += n;
                if self.queue_pos < self.queue.len() {
                    return (Status::OutputFull, read, written);
                }
                self.queue.clear();
                self.queue_pos = 0;
            }
            if let Some(e) = &self.failed {
                return (Status::Error(e.clone()), read, written);
            }
            if read == src.units() {
                if last && (!self.pending.items.is_empty() || self.lead_unit.is_some() || !self.ended) {
                    window.clear();
                    if let Some(lead) = self.lead_unit.take() {
                        window.push(CodePoint::new(u32::from(lead)));
                    }
                    let mut queue = core::mem::take(&mut self.queue);
                    let _ = self.encode_chunk(&window, true, &mut queue);
                    self.queue = queue;
                    continue;
                }
                return (Status::InputEmpty, read, written);
            }
            let paths = if self.fast { self.codec.fast_paths() } else { None };
            if let Some(paths) = paths
                && self.pending.items.is_empty()
                && self.lead_unit.is_none()
                && self.state == 0
            {
                let (r, w, points) = src.kernel(paths, read, &mut dst[written..]);
                read += r;
                written += w;
                self.index += points.unwrap_or_else(|| src.points(read - r, read));
                if read == src.units() {
                    continue;
                }
            }
            window.clear();
            read += src.window(read, last, &mut self.lead_unit, &mut window);
            let window_last = last && read == src.units() && self.lead_unit.is_none();
            let mut queue = core::mem::take(&mut self.queue);
            let _ = self.encode_chunk(&window, window_last, &mut queue);
            self.queue = queue;
        }
    }

    /// Encodes UTF-16 code units from `src` into `dst`, and returns the
    /// status, how many units it read and how many bytes it wrote. The units
    /// are potentially ill-formed UTF-16 (decoded as the WTF-8 specification
    /// does: a surrogate pair is one code point, a lone surrogate a code
    /// point of its own, which the codec may refuse); a lead surrogate at
    /// the end of `src` waits for the next call unless `last`.
    ///
    /// Output that does not fit waits in the encoder for the next call, so
    /// any `dst` makes progress; what came before a fatal error is written
    /// before the error is returned.
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Encode, EncodeMode, EncodeStep, ErrorKind};
    /// # use codec_core::doc_example::Ascii;
    /// use codec_core::Status;
    /// let mut dst = [0u8; 8];
    /// let (status, read, written) = Ascii.encoder(EncodeMode::Replace).encode_from_utf16(&[0x61, 0xD83D, 0xDCA9], &mut dst, true);
    /// assert_eq!((status, read, &dst[..written]), (Status::InputEmpty, 3, &b"a?"[..]));
    /// ```
    pub fn encode_from_utf16(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        last: bool,
    ) -> (Status<EncodeError>, usize, usize) {
        self.encode_source(src, dst, last)
    }

    /// Encodes a string from `src` into `dst`, as
    /// [`encode_from_utf16`](Encoder::encode_from_utf16) does; `read` counts
    /// bytes of `src`.
    ///
    /// # Examples
    ///
    /// ```
    /// # use codec_core::{CodePoint, Encode, EncodeMode, EncodeStep, ErrorKind};
    /// # use codec_core::doc_example::Ascii;
    /// use codec_core::Status;
    /// let mut dst = [0u8; 2];
    /// let mut encoder = Ascii.encoder(EncodeMode::Fatal);
    /// assert_eq!(encoder.encode_from_str("abc", &mut dst, true), (Status::OutputFull, 3, 2));
    /// assert_eq!(encoder.encode_from_str("", &mut dst, true), (Status::InputEmpty, 0, 1));
    /// ```
    pub fn encode_from_str(&mut self, src: &str, dst: &mut [u8], last: bool) -> (Status<EncodeError>, usize, usize) {
        self.encode_source(src, dst, last)
    }

    /// Returns a number of bytes that is enough to hold what is queued
    /// plus a kernel's output for `units` more UTF-16 units or `str` bytes
    /// (the queue makes any size work; this size avoids waiting): three
    /// bytes per unit toward the UTF-8 family (whose fast paths take UTF-8,
    /// [`FastPaths::utf8_input`]: a unit's code point takes at most three
    /// bytes, a pair's four), else four (UTF-32's), plus 32.
    #[must_use]
    pub fn max_len_from_utf16(&self, units: usize) -> Option<usize> {
        let utf8 = self.fast && self.codec.fast_paths().is_some_and(FastPaths::utf8_input);
        units.checked_mul(if utf8 { 3 } else { 4 })?.checked_add(self.queue.len() - self.queue_pos)?.checked_add(32)
    }
}
