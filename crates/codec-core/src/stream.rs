//! The generic drivers: streaming [`Decoder`] and [`Encoder`], which every
//! one-shot method also goes through, so one-shot and streaming agree by
//! construction. The decoding half is `stream/decode.rs`, the encoding half
//! `stream/encode.rs`; here is what they share: the input held back between
//! chunks and the feeding of it ([`feed`]), and [`Status`].

use alloc::vec::Vec;

pub(crate) mod decode;
pub(crate) mod encode;

pub(crate) use decode::{Decoder, Front, front, validate};
pub(crate) use encode::Encoder;

/// Pending input up to this long is retried on every new byte; longer pending
/// input only once it has doubled since the last try.
const RETRY_EVERY_BYTE: usize = 16;

/// Input held back between chunks: the tail that could not be consumed yet
/// (an incomplete sequence, a code point whose encoding needs look-ahead, or
/// input left over when the output filled up).
#[derive(Debug, Clone)]
struct Pending<T> {
    items: Vec<T>,
    /// Length of `items` when the driver last found them incomplete.
    tried: usize,
    /// True when `items` is known to need more input before anything of it
    /// can be consumed; false when the output filled up before it was tried.
    stalled: bool,
}

impl<T> Pending<T> {
    const fn new() -> Self {
        Pending { items: Vec::new(), tried: 0, stalled: true }
    }

    fn clear(&mut self) {
        self.items.clear();
        self.tried = 0;
        self.stalled = true;
    }
}

/// What one run of a driver did: how much input it consumed, and whether it
/// stopped because the output was full.
#[derive(Debug, Clone, Copy)]
struct Run {
    consumed: usize,
    full: bool,
}

/// Feeds `chunk` through `run`, keeping in `pending` what `run` could not
/// consume yet, and returns how much of `chunk` it took (all of it unless
/// the output filled up).
///
/// `run(input, last)` consumes a prefix of `input`: everything but an
/// incomplete tail, unless it stops early because the output is full.
/// Pending input is topped up from the chunk in doubling amounts, and a long
/// pending sequence is only retried once it has doubled, so a long incomplete
/// sequence costs linear time over any chunking, even a byte at a time.
/// Once the pending bytes that came before `chunk` are consumed, what is
/// left of the top-up goes back to `chunk`, which is then read in place: the
/// input does not stay misaligned behind a pending buffer (a UTF-16 unit cut
/// by an odd chunk would otherwise keep a byte pending at every call, and the
/// kernels, which need an idle decoder, off for the rest of the stream).
fn feed<T: Clone, E>(
    pending: &mut Pending<T>,
    chunk: &[T],
    last: bool,
    mut run: impl FnMut(&[T], bool) -> Result<Run, E>,
) -> Result<Run, E> {
    let mut rest = chunk;
    while !pending.items.is_empty() {
        // The pending length before a top-up, and the chunk before it.
        let mut topped_up = None;
        if pending.stalled {
            if rest.is_empty() && !last {
                return Ok(Run { consumed: chunk.len(), full: false });
            }
            let len = pending.items.len();
            let take = len.max(RETRY_EVERY_BYTE).min(rest.len());
            pending.items.extend_from_slice(&rest[..take]);
            topped_up = Some((len, rest));
            rest = &rest[take..];
            let is_last = last && rest.is_empty();
            if !is_last && pending.items.len() > RETRY_EVERY_BYTE && pending.items.len() < 2 * pending.tried {
                // Too little new input to be worth another scan of a long sequence.
                debug_assert!(rest.is_empty());
                return Ok(Run { consumed: chunk.len(), full: false });
            }
        }
        let done = run(&pending.items, last && rest.is_empty())?;
        if let Some((old, before)) = topped_up
            && done.consumed >= old
        {
            // The bytes from before this chunk are consumed: give the rest
            // of the top-up back and read the chunk in place.
            rest = &before[done.consumed - old..];
            pending.items.clear();
            pending.stalled = false;
            if done.full {
                return Ok(Run { consumed: chunk.len() - rest.len(), full: true });
            }
            break;
        }
        pending.items.drain(..done.consumed);
        if done.full {
            pending.stalled = false;
            return Ok(Run { consumed: chunk.len() - rest.len(), full: true });
        }
        pending.stalled = true;
        pending.tried = if done.consumed == 0 { pending.items.len() } else { 0 };
    }
    let done = run(rest, last)?;
    if done.full {
        return Ok(Run { consumed: chunk.len() - rest.len() + done.consumed, full: true });
    }
    pending.items.extend_from_slice(&rest[done.consumed..]);
    pending.stalled = true;
    pending.tried = pending.items.len();
    Ok(Run { consumed: chunk.len(), full: false })
}

/// Where a buffer-to-buffer call stopped: the `#[must_use]` status of
/// [`Decoder::decode_to_utf16`] and [`Decoder::decode_to_utf8`] (and of the
/// encoding and transcoding counterparts, with their error type).
///
/// # Examples
///
/// ```
/// use codec_core::{DecodeError, Status};
/// let s: Status<DecodeError> = Status::OutputFull;
/// assert!(!s.is_input_empty());
/// ```
#[must_use]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Status<E> {
    /// All the input was consumed (an incomplete tail is held by the
    /// decoder); call again with more input, or with `last` at the end.
    InputEmpty,
    /// The output is full: call again with more room and the input not yet
    /// read.
    OutputFull,
    /// A fatal error (only in the fatal error modes). What came before it
    /// has been written; every later call returns it again.
    Error(E),
}

impl<E> Status<E> {
    /// Returns true for [`Status::InputEmpty`].
    #[must_use]
    pub fn is_input_empty(&self) -> bool {
        matches!(self, Status::InputEmpty)
    }
}
