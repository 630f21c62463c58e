//! The generic drivers: streaming [`Decoder`] and [`Encoder`], which every
//! one-shot method also goes through, so one-shot and streaming agree by
//! construction.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;

use crate::code_point::{AnyCodePoint, CodePoint};
use crate::codec::{Decode, Encode, EncodeStep, Step};
use crate::error::{DecodeError, EncodeError, ErrorKind};
use crate::mode::{DecodeMode, ESCAPE_BASE, EncodeMode, escaped_byte, windows_1252};

/// Pending input up to this long is retried on every new byte; longer pending
/// input only once it has doubled since the last try.
const RETRY_EVERY_BYTE: usize = 16;

/// Input held back between chunks: the tail that could not be consumed yet
/// (an incomplete sequence, or a code point whose encoding needs look-ahead).
#[derive(Debug, Clone)]
struct Pending<T> {
    items: Vec<T>,
    /// Length of `items` when the driver last found them incomplete.
    tried: usize,
}

impl<T> Pending<T> {
    const fn new() -> Self {
        Pending { items: Vec::new(), tried: 0 }
    }

    fn clear(&mut self) {
        self.items.clear();
        self.tried = 0;
    }
}

/// Feeds `chunk` through `run`, keeping in `pending` what `run` could not
/// consume yet.
///
/// `run(input, last)` consumes a prefix of `input` and returns its length.
/// Pending input is topped up from the chunk in doubling amounts, and a long
/// pending sequence is only retried once it has doubled, so a long incomplete
/// sequence costs linear time over any chunking, even a byte at a time.
fn feed<T: Clone, E>(
    pending: &mut Pending<T>,
    mut rest: &[T],
    last: bool,
    mut run: impl FnMut(&[T], bool) -> Result<usize, E>,
) -> Result<(), E> {
    while !pending.items.is_empty() {
        if rest.is_empty() && !last {
            return Ok(());
        }
        let len = pending.items.len();
        let take = len.max(RETRY_EVERY_BYTE).min(rest.len());
        pending.items.extend_from_slice(&rest[..take]);
        rest = &rest[take..];
        let is_last = last && rest.is_empty();
        if !is_last && pending.items.len() > RETRY_EVERY_BYTE && pending.items.len() < 2 * pending.tried {
            // Too little new input to be worth another scan of a long sequence.
            debug_assert!(rest.is_empty());
            return Ok(());
        }
        let consumed = run(&pending.items, is_last)?;
        pending.items.drain(..consumed);
        pending.tried = if consumed == 0 { pending.items.len() } else { 0 };
    }
    let consumed = run(rest, last)?;
    pending.items.extend_from_slice(&rest[consumed..]);
    pending.tried = pending.items.len();
    Ok(())
}

/// Appends what `mode` makes of an ill-formed subpart `bytes` at `offset`.
fn handle_invalid<P: AnyCodePoint>(
    mode: DecodeMode,
    kind: ErrorKind,
    offset: usize,
    error_len: Option<usize>,
    bytes: &[u8],
    out: &mut Vec<P>,
) -> Result<(), DecodeError> {
    match mode {
        DecodeMode::Fatal => return Err(DecodeError::new(offset, error_len, kind)),
        DecodeMode::Replace => out.push(P::from(CodePoint::REPLACEMENT)),
        DecodeMode::Escape => escape_bytes(bytes, out),
        DecodeMode::Latin1 => out.extend(bytes.iter().map(|&b| P::from(CodePoint::from(b)))),
        DecodeMode::Windows1252 => out.extend(bytes.iter().map(|&b| P::from(windows_1252(b)))),
    }
    Ok(())
}

fn escape_bytes<P: AnyCodePoint>(bytes: &[u8], out: &mut Vec<P>) {
    out.extend(bytes.iter().map(|&b| P::from(CodePoint::new(ESCAPE_BASE + u32::from(b)))));
}

/// Decodes a prefix of `input` (at absolute offset `base`) into `out` and
/// returns how many bytes it consumed: everything unless `last` is false and
/// the input ends inside a sequence.
fn run_decode<D: Decode + ?Sized>(
    codec: &D,
    mode: DecodeMode,
    fast: bool,
    input: &[u8],
    base: usize,
    last: bool,
    out: &mut Vec<D::Point>,
) -> Result<usize, DecodeError> {
    let mut i = 0;
    let mut fast = fast;
    while i < input.len() {
        if fast {
            let before = out.len();
            let n = codec.decode_prefix_fast(&input[i..], out);
            if mode == DecodeMode::Escape
                && out[before..].iter().any(|p| p.to_code_point().and_then(escaped_byte).is_some())
            {
                // A well-formed U+DC00..=U+DCFF must be escaped byte by byte,
                // which only the step loop does: go on without the fast path.
                out.truncate(before);
                fast = false;
            } else {
                i += n;
                if i == input.len() {
                    break;
                }
            }
        }
        match codec.decode_step(&input[i..], last) {
            Step::Char { point, len } => {
                debug_assert!(len >= 1 && len <= input.len() - i, "decode_step broke its contract");
                let len = len.clamp(1, input.len() - i);
                if mode == DecodeMode::Escape && point.to_code_point().and_then(escaped_byte).is_some() {
                    escape_bytes(&input[i..i + len], out);
                } else {
                    out.push(point);
                }
                i += len;
            }
            Step::Invalid { kind, len } => {
                debug_assert!(len >= 1 && len <= input.len() - i, "decode_step broke its contract");
                let len = len.clamp(1, input.len() - i);
                handle_invalid(mode, kind, base + i, Some(len), &input[i..i + len], out)?;
                i += len;
            }
            Step::Incomplete if last => {
                handle_invalid(mode, ErrorKind::Truncated, base + i, None, &input[i..], out)?;
                i = input.len();
            }
            Step::Incomplete => break,
        }
    }
    Ok(i)
}

/// Validates `input`, with or without the codec's fast path.
pub(crate) fn validate<D: Decode + ?Sized>(codec: &D, input: &[u8], fast: bool) -> Result<(), DecodeError> {
    let mut i = 0;
    while i < input.len() {
        if fast {
            i += codec.validate_prefix_fast(&input[i..]);
            if i == input.len() {
                break;
            }
        }
        match codec.decode_step(&input[i..], true) {
            Step::Char { len, .. } => i += len.clamp(1, input.len() - i),
            Step::Invalid { kind, len } => return Err(DecodeError::new(i, Some(len), kind)),
            Step::Incomplete => return Err(DecodeError::new(i, None, ErrorKind::Truncated)),
        }
    }
    Ok(())
}

/// A streaming decoder: feed it chunks, get the same code points as decoding
/// the whole input at once, in every error mode, for every split.
///
/// Error offsets count from the start of the stream. In
/// [`DecodeMode::Fatal`], the code points before the error are appended and
/// the error is returned, then returned again by every later call (until
/// [`reset`](Decoder::reset)).
///
/// # Examples
///
/// ```
/// # use codec_core::{CodePoint, Decode, DecodeMode, ErrorKind, Step};
/// # struct Ascii;
/// # impl Decode for Ascii {
/// #     type Point = CodePoint;
/// #     fn decode_step(&self, input: &[u8], _last: bool) -> Step<CodePoint> {
/// #         match input[0] {
/// #             b @ 0..=0x7F => Step::Char { point: CodePoint::from(b), len: 1 },
/// #             _ => Step::Invalid { kind: ErrorKind::InvalidLead, len: 1 },
/// #         }
/// #     }
/// # }
/// let mut decoder = Ascii.decoder(DecodeMode::Replace);
/// let mut out = Vec::new();
/// decoder.decode_chunk(b"ab", false, &mut out).unwrap();
/// decoder.decode_chunk(b"\x80c", true, &mut out).unwrap();
/// assert_eq!(out.len(), 4);
/// assert_eq!(out[2], CodePoint::REPLACEMENT);
/// ```
#[derive(Debug, Clone)]
pub struct Decoder<D: Decode> {
    codec: D,
    mode: DecodeMode,
    fast: bool,
    pending: Pending<u8>,
    offset: usize,
    failed: Option<DecodeError>,
}

impl<D: Decode> Decoder<D> {
    /// Creates a streaming decoder that uses the codec's fast paths.
    #[must_use]
    pub fn new(codec: D, mode: DecodeMode) -> Self {
        Self::with_fast_paths(codec, mode, true)
    }

    pub(crate) fn with_fast_paths(codec: D, mode: DecodeMode, fast: bool) -> Self {
        Decoder { codec, mode, fast, pending: Pending::new(), offset: 0, failed: None }
    }

    /// Decodes `chunk`, appending code points to `out`; `last` says that no
    /// chunk follows.
    ///
    /// # Errors
    ///
    /// Only in [`DecodeMode::Fatal`]: the first ill-formed subpart of the
    /// stream.
    pub fn decode_chunk(&mut self, chunk: &[u8], last: bool, out: &mut Vec<D::Point>) -> Result<(), DecodeError> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        let Decoder { codec, mode, fast, pending, offset, failed } = self;
        let (codec, mode, fast) = (&*codec, *mode, *fast);
        let result = feed(pending, chunk, last, |input, last| {
            let consumed = run_decode(codec, mode, fast, input, *offset, last, out)?;
            *offset += consumed;
            Ok(consumed)
        });
        if let Err(e) = result {
            *failed = Some(e);
        }
        result
    }

    /// Returns how many bytes of the stream have been decoded (not counting
    /// those held back as an incomplete sequence).
    #[must_use]
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Returns how many bytes are held back as an incomplete sequence.
    #[must_use]
    pub fn pending_len(&self) -> usize {
        self.pending.items.len()
    }

    /// Returns the error mode.
    #[must_use]
    pub fn mode(&self) -> DecodeMode {
        self.mode
    }

    /// Forgets the stream so far: offsets start again at 0.
    pub fn reset(&mut self) {
        self.pending.clear();
        self.offset = 0;
        self.failed = None;
    }
}

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

/// Encodes one code point `p` with `codec`, appending to `out`; true on success.
fn encode_single<E: Encode + ?Sized>(codec: &E, p: CodePoint, out: &mut Vec<u8>) -> bool {
    let before = out.len();
    match codec.encode_step(&[E::Point::from(p)], true, out) {
        EncodeStep::Done(_) => true,
        _ => {
            out.truncate(before);
            false
        }
    }
}

/// Appends the replacement `mode` makes for the unencodable `p`; false when the
/// codec cannot encode even that.
fn encode_substitute<E: Encode + ?Sized>(codec: &E, mode: EncodeMode, p: &E::Point, out: &mut Vec<u8>) -> bool {
    let before = out.len();
    let ok = match mode {
        EncodeMode::Fatal | EncodeMode::Escape => false,
        EncodeMode::Replace => {
            encode_single(codec, CodePoint::REPLACEMENT, out) || encode_single(codec, CodePoint::from(b'?'), out)
        }
        EncodeMode::Html => {
            let mut text = String::from("&#");
            let written = p.write_decimal(&mut text).is_ok() && text.write_char(';').is_ok();
            written && text.chars().all(|c| encode_single(codec, CodePoint::from(c), out))
        }
    };
    if !ok {
        out.truncate(before);
    }
    ok
}

/// Encodes a prefix of `input` (whose first code point has absolute index
/// `base`) and returns how many code points it consumed.
fn run_encode<E: Encode + ?Sized>(
    codec: &E,
    mode: EncodeMode,
    fast: bool,
    input: &[E::Point],
    base: usize,
    last: bool,
    out: &mut Vec<u8>,
) -> Result<usize, EncodeError<E::Point>> {
    let mut i = 0;
    let mut escape_at = next_escape(mode, input, 0);
    while i < input.len() {
        if i == escape_at {
            let byte = input[i].to_code_point().and_then(escaped_byte).unwrap_or(0);
            out.push(byte);
            i += 1;
            escape_at = next_escape(mode, input, i);
            continue;
        }
        // The run up to the next escape ends the look-ahead like the end of input.
        let run_last = last || escape_at < input.len();
        if fast {
            i += codec.encode_prefix_fast(&input[i..escape_at], out);
            if i == escape_at {
                continue;
            }
        }
        let before = out.len();
        match codec.encode_step(&input[i..escape_at], run_last, out) {
            EncodeStep::Done(n) => {
                debug_assert!(n >= 1 && n <= escape_at - i, "encode_step broke its contract");
                i += n.clamp(1, escape_at - i);
            }
            EncodeStep::NeedMore if !run_last => break,
            step => {
                out.truncate(before);
                let kind = match step {
                    EncodeStep::Unencodable(kind) => kind,
                    _ => ErrorKind::Truncated,
                };
                if !encode_substitute(codec, mode, &input[i], out) {
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
/// # struct Ascii;
/// # impl Encode for Ascii {
/// #     type Point = CodePoint;
/// #     fn encode_step(&self, input: &[CodePoint], _last: bool, out: &mut Vec<u8>) -> EncodeStep {
/// #         match u8::try_from(input[0].to_u32()) {
/// #             Ok(b) if b < 0x80 => { out.push(b); EncodeStep::Done(1) }
/// #             _ => EncodeStep::Unencodable(ErrorKind::OutOfRange),
/// #         }
/// #     }
/// # }
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
}

impl<E: Encode> Encoder<E> {
    /// Creates a streaming encoder that uses the codec's fast path.
    #[must_use]
    pub fn new(codec: E, mode: EncodeMode) -> Self {
        Self::with_fast_paths(codec, mode, true)
    }

    pub(crate) fn with_fast_paths(codec: E, mode: EncodeMode, fast: bool) -> Self {
        Encoder { codec, mode, fast, pending: Pending::new(), index: 0, failed: None }
    }

    /// Encodes `chunk`, appending bytes to `out`; `last` says that no chunk
    /// follows.
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
        let Encoder { codec, mode, fast, pending, index, failed } = self;
        let (codec, mode, fast) = (&*codec, *mode, *fast);
        let result: Result<(), EncodeError<E::Point>> = feed(pending, chunk, last, |input, last| {
            let consumed = run_encode(codec, mode, fast, input, *index, last, out)?;
            *index += consumed;
            Ok(consumed)
        });
        if let Err(e) = &result {
            *failed = Some(e.clone());
        }
        result
    }

    /// Returns how many code points have been encoded.
    #[must_use]
    pub fn index(&self) -> usize {
        self.index
    }

    /// Returns the error mode.
    #[must_use]
    pub fn mode(&self) -> EncodeMode {
        self.mode
    }

    /// Forgets the stream so far: indices start again at 0.
    pub fn reset(&mut self) {
        self.pending.clear();
        self.index = 0;
        self.failed = None;
    }
}
