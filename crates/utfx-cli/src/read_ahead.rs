//! [`ReadAhead`]: a reader that reads its source on a thread of its own,
//! so that the kernel's copy of the next chunk of a file overlaps the
//! conversion of this one, through a fixed ring of buffers (bounded memory,
//! no allocation per chunk).

use std::io::{self, BufRead, Read};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread;

/// How many bytes each buffer of the ring holds.
const BUFFER: usize = 256 * 1024;

/// How many buffers the ring holds: one being converted, the others being
/// filled or waiting.
const BUFFERS: usize = 4;

/// What the reading thread sends: a buffer with the bytes it read at its
/// front, or the end of the input, or the error that ended it.
enum Filled {
    Data(Vec<u8>, usize),
    End,
    Failed(io::Error),
}

/// A reader (and [`BufRead`]) over `inner`, which a thread of its own reads
/// ahead into a ring of [`BUFFERS`] buffers of [`BUFFER`] bytes: each read
/// of `inner` is handed over as it comes (a pipe's data is not held back
/// to fill a buffer). After the end or an error, reads return `Ok(0)`.
pub(crate) struct ReadAhead {
    filled: Receiver<Filled>,
    empty: SyncSender<Vec<u8>>,
    current: Vec<u8>,
    start: usize,
    end: usize,
    finished: bool,
}

impl ReadAhead {
    /// Starts reading `inner` on a new thread.
    pub(crate) fn new(inner: Box<dyn Read + Send>) -> io::Result<ReadAhead> {
        let (empty, empties) = sync_channel::<Vec<u8>>(BUFFERS);
        let (fills, filled) = sync_channel::<Filled>(BUFFERS);
        thread::Builder::new().name("read-ahead".into()).spawn(move || fill(inner, &empties, &fills))?;
        Ok(ReadAhead { filled, empty, current: Vec::new(), start: 0, end: 0, finished: false })
    }
}

/// The reading thread: fills each empty buffer with one read of `inner`
/// and sends it on, until the end, an error, or the reader is dropped. The
/// buffers are made as they are first needed, [`BUFFERS`] at most (a
/// short input takes one: `echo hi |` zeroed a mebibyte of buffers).
fn fill(mut inner: Box<dyn Read + Send>, empties: &Receiver<Vec<u8>>, fills: &SyncSender<Filled>) {
    let mut made = 0;
    loop {
        let buf = match empties.try_recv() {
            Ok(buf) => Ok(buf),
            Err(_) if made < BUFFERS => {
                made += 1;
                Ok(vec![0; BUFFER])
            }
            Err(_) => empties.recv(),
        };
        let Ok(mut buf) = buf else { return };
        let filled = loop {
            match inner.read(&mut buf) {
                Ok(0) => break Filled::End,
                Ok(n) => break Filled::Data(buf, n),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => break Filled::Failed(e),
            }
        };
        let more = matches!(filled, Filled::Data(..));
        if fills.send(filled).is_err() || !more {
            return;
        }
    }
}

impl BufRead for ReadAhead {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.start == self.end && !self.finished {
            match self.filled.recv() {
                Ok(Filled::Data(buf, n)) => {
                    let done = std::mem::replace(&mut self.current, buf);
                    // The thread may have ended; the buffer is then not
                    // needed. (The first `current` is no buffer.)
                    if !done.is_empty() {
                        let _ = self.empty.send(done);
                    }
                    (self.start, self.end) = (0, n);
                }
                Ok(Filled::End) => self.finished = true,
                // The thread ended without saying why (it panicked): an
                // error, not a silent end of the input.
                Err(_) => {
                    self.finished = true;
                    return Err(io::Error::other("the thread reading the input stopped"));
                }
                Ok(Filled::Failed(e)) => {
                    self.finished = true;
                    return Err(e);
                }
            }
        }
        Ok(&self.current[self.start..self.end])
    }

    fn consume(&mut self, amount: usize) {
        self.start = (self.start + amount).min(self.end);
    }
}

impl Read for ReadAhead {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use std::io::{self, BufRead, Read};

    use super::ReadAhead;

    /// A reader that answers each read with the next of `answers`, then
    /// with the end.
    struct Scripted(Vec<io::Result<Vec<u8>>>);

    impl Read for Scripted {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Ok(0);
            }
            let bytes = self.0.remove(0)?;
            buf[..bytes.len()].copy_from_slice(&bytes);
            Ok(bytes.len())
        }
    }

    #[test]
    fn hands_over_each_read_retries_interruptions_and_ends_after_an_error() {
        let answers = vec![
            Ok(b"ab".to_vec()),
            Err(io::Error::from(io::ErrorKind::Interrupted)),
            Ok(b"cde".to_vec()),
            Err(io::Error::other("disk on fire")),
            Ok(b"never read".to_vec()),
        ];
        let mut ahead = ReadAhead::new(Box::new(Scripted(answers))).unwrap();
        assert_eq!(ahead.fill_buf().unwrap(), b"ab");
        ahead.consume(1);
        let mut one = [0u8; 1];
        assert_eq!((ahead.read(&mut one).unwrap(), one), (1, *b"b"));
        let mut buf = [0u8; 8];
        assert_eq!(ahead.read(&mut buf).unwrap(), 3);
        assert_eq!(&buf[..3], b"cde");
        assert_eq!(ahead.read(&mut buf).unwrap_err().to_string(), "disk on fire");
        assert_eq!(ahead.read(&mut buf).unwrap(), 0);
        assert!(ahead.fill_buf().unwrap().is_empty());
    }

    /// A reader whose second read panics.
    struct Panics(bool);

    impl Read for Panics {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            assert!(!self.0, "the source broke");
            self.0 = true;
            buf[0] = b'x';
            Ok(1)
        }
    }

    #[test]
    fn a_reading_thread_that_panics_is_an_error_not_the_end() {
        let mut ahead = ReadAhead::new(Box::new(Panics(false))).unwrap();
        let mut got = Vec::new();
        let err = ahead.read_to_end(&mut got).unwrap_err();
        assert_eq!((got, err.to_string()), (b"x".to_vec(), "the thread reading the input stopped".to_string()));
    }

    #[test]
    fn reads_more_than_the_ring_holds_in_order() {
        // Thirteen reads of 100,003 bytes: more than the ring's four
        // buffers, each smaller than a buffer.
        let pieces: Vec<Vec<u8>> = (0..13u8).map(|k| vec![k; 100_003]).collect();
        let want: Vec<u8> = pieces.concat();
        let mut ahead = ReadAhead::new(Box::new(Scripted(pieces.into_iter().map(Ok).collect()))).unwrap();
        let mut got = Vec::new();
        ahead.read_to_end(&mut got).unwrap();
        assert!(got == want, "{} bytes read of {}", got.len(), want.len());
    }
}
