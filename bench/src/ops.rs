//! The benchmark operations, one list for `cargo xtask bench` and the
//! criterion benches: each [`Op`] prepares its inputs and buffers for one
//! corpus text ([`Input`]), checks once that utfx's output equals every
//! peer's (so that no harness times something wrong), and hands back its
//! [`Contender`]s, utfx first, then the peers in the order of [`Op::peers`],
//! each a closure to time and the bytes it counts.
//!
//! Throughput counts the text's UTF-8 bytes for every contender of a row,
//! whatever the operation's input (UTF-16, UTF-32, code points), so that
//! every contender is divided by the same count; the lossy, WTF-8, CESU-8
//! and Corrected UTF-8 rows count each contender's own input (or output,
//! when encoding). The Latin-1 rows convert each text's characters up to
//! U+00FF ([`Input::latin1`]) and count their UTF-8; a text with fewer than
//! 1,000 of them is left out of those rows ([`Op::prepare`] gives no
//! contenders).
//!
//! Sources sit at a 4 KiB boundary and destinations 2 KiB past one
//! ([`Placed`]), away from glibc `memcpy`'s 4K-aliasing trap (a destination
//! 1 to 63 bytes past the source modulo 4 KiB is about 20 times slower).

use std::borrow::Cow;
use std::hint::black_box;
use std::io::Read as _;

use codec_cesu8::{CESU_8, MUTF_8};
use codec_core::{TranscodeReader, Transcoder};
use codec_encoding_standard::StandardEncoding;
use codec_latin1::ISO_8859_1;
use codec_utf8::{CodePoint, Decode, DecodeMode, Decoder, Encode, EncodeMode, UTF_8};
use codec_utf16::UTF_16LE;
#[cfg(feature = "simdutf")]
use codec_utf32::UTF_32LE;
use codec_wtf8::WTF_8;

use crate::Text;

/// The chunk size of the streaming validation row.
const CHUNK: usize = 64 * 1024;

/// Where buffers start relative to a 4 KiB boundary, in bytes.
const PAGE: usize = 4096;
pub(crate) const SRC_OFFSET: usize = 0;
pub(crate) const DST_OFFSET: usize = 2048;

/// One operation: a row of `docs/PERFORMANCE.md`'s summary, a table per
/// text there, and a criterion group.
#[derive(Debug)]
pub struct Op {
    /// Its name: what `cargo xtask bench --filter` matches, the row's tag in
    /// `docs/PERFORMANCE.md`, and the criterion group's name after the bench's.
    pub name: &'static str,
    /// What is measured, with utfx's call.
    pub title: &'static str,
    /// The peers, in the order [`Op::prepare`] returns them after utfx.
    pub peers: &'static [&'static str],
    /// The criterion bench (`bench/benches/<bench>.rs`) that measures it.
    pub bench: &'static str,
    pub(crate) prepare: for<'a> fn(&'a Input) -> Result<Vec<Contender<'a>>, String>,
}

impl Op {
    /// Prepares the operation on `input` and checks once that utfx's output
    /// equals every peer's; returns the contenders, utfx then each peer of
    /// [`Op::peers`], or none when the text gives the operation nothing to
    /// measure (the Latin-1 rows on a text with almost no Latin-1), which
    /// the harnesses leave out of the row.
    ///
    /// # Errors
    ///
    /// An output that differs from a peer's, or a conversion that stopped
    /// early: the message says which.
    pub fn prepare<'a>(&self, input: &'a Input) -> Result<Vec<Contender<'a>>, String> {
        let contenders = (self.prepare)(input)?;
        if contenders.is_empty() {
            // Nothing to measure on this text.
            return Ok(contenders);
        }
        let names: Vec<&str> = contenders.iter().map(|c| c.name).collect();
        let expected: Vec<&str> = std::iter::once("utfx").chain(self.peers.iter().copied()).collect();
        if names != expected {
            return Err(format!("the contenders are {names:?}, not {expected:?}"));
        }
        Ok(contenders)
    }
}

/// One contender of an operation on one text: utfx or a peer.
pub struct Contender<'a> {
    /// `utfx` or the peer's name.
    pub name: &'static str,
    /// The bytes one call counts for its throughput.
    pub bytes: usize,
    run: Box<dyn FnMut() + 'a>,
}

impl std::fmt::Debug for Contender<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Contender").field("name", &self.name).field("bytes", &self.bytes).finish_non_exhaustive()
    }
}

impl<'a> Contender<'a> {
    pub(crate) fn new(name: &'static str, bytes: usize, run: impl FnMut() + 'a) -> Self {
        Contender { name, bytes, run: Box::new(run) }
    }

    /// Runs the call once (its result goes through `black_box`).
    pub fn run(&mut self) {
        (self.run)();
    }
}

/// A buffer whose first element sits a given number of bytes past a 4 KiB
/// boundary.
#[derive(Debug)]
pub struct Placed<T> {
    buf: Vec<T>,
    start: usize,
    len: usize,
}

impl<T: Copy + Default> Placed<T> {
    /// Returns `len` default elements, the first `offset` bytes past a 4 KiB
    /// boundary.
    ///
    /// # Panics
    ///
    /// When `offset` is not a multiple of the element size.
    #[must_use]
    pub fn zeroed(len: usize, offset: usize) -> Self {
        let size = size_of::<T>();
        let buf = vec![T::default(); len + (PAGE + offset) / size + 1];
        let skip = (PAGE + offset - buf.as_ptr().addr() % PAGE) % PAGE;
        assert!(skip.is_multiple_of(size), "an offset must be a multiple of the element size");
        Placed { buf, start: skip / size, len }
    }

    /// Returns a copy of `data`, its first element `offset` bytes past a
    /// 4 KiB boundary.
    ///
    /// # Panics
    ///
    /// As [`Placed::zeroed`].
    #[must_use]
    pub fn copy_of(data: &[T], offset: usize) -> Self {
        let mut placed = Self::zeroed(data.len(), offset);
        placed.as_mut_slice().copy_from_slice(data);
        placed
    }

    /// Returns the elements.
    #[must_use]
    pub fn as_slice(&self) -> &[T] {
        &self.buf[self.start..self.start + self.len]
    }

    /// Returns the elements, mutable.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.buf[self.start..self.start + self.len]
    }

    /// Returns the number of elements.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no elements.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// One corpus text in the forms the operations start from, each at a 4 KiB
/// boundary.
#[derive(Debug)]
pub struct Input {
    /// The file's stem, e.g. `05_russian_mars`.
    pub name: String,
    /// The text's UTF-8.
    pub utf8: Placed<u8>,
    /// The text as UTF-16 code units.
    pub utf16: Placed<u16>,
    /// The text as UTF-16LE bytes.
    pub utf16le: Placed<u8>,
    /// The text's characters up to U+00FF ([`corpus::latin1_only`](crate::corpus::latin1_only)),
    /// in ISO-8859-1: a byte each.
    pub latin1: Placed<u8>,
    /// The same characters as UTF-8.
    pub latin1_utf8: Placed<u8>,
}

impl Input {
    /// Returns the forms of `text`.
    #[must_use]
    pub fn new(text: &Text) -> Input {
        let latin1 = crate::corpus::latin1_only(&text.string);
        Input {
            name: text.name.clone(),
            utf8: Placed::copy_of(text.string.as_bytes(), SRC_OFFSET),
            utf16: Placed::copy_of(&text.utf16(), SRC_OFFSET),
            utf16le: Placed::copy_of(&text.utf16le(), SRC_OFFSET),
            latin1: Placed::copy_of(
                &latin1.chars().filter_map(|c| u8::try_from(c).ok()).collect::<Vec<u8>>(),
                SRC_OFFSET,
            ),
            latin1_utf8: Placed::copy_of(latin1.as_bytes(), SRC_OFFSET),
        }
    }

    /// Returns the text.
    #[must_use]
    pub fn str(&self) -> &str {
        // Valid: copied from a `String`.
        std::str::from_utf8(self.utf8.as_slice()).unwrap_or_default()
    }

    /// Returns the text's characters up to U+00FF ([`Input::latin1_utf8`]).
    #[must_use]
    pub fn latin1_str(&self) -> &str {
        // Valid: copied from a `String`.
        std::str::from_utf8(self.latin1_utf8.as_slice()).unwrap_or_default()
    }
}

/// Returns every operation: [`OPS`], the family's rows (`family.rs`), then
/// with the feature `simdutf` the rows against the simdutf C++ library.
pub fn all() -> impl Iterator<Item = &'static Op> {
    #[cfg(feature = "simdutf")]
    let extra = SIMDUTF_OPS;
    #[cfg(not(feature = "simdutf"))]
    let extra: &[Op] = &[];
    OPS.iter().chain(crate::family::FAMILY_OPS).chain(extra)
}

/// Fails unless utfx's output equals the peer's.
pub(crate) fn same<T: PartialEq + ?Sized>(ours: &T, peer: &T, name: &str) -> Result<(), String> {
    if ours == peer { Ok(()) } else { Err(format!("utfx's output differs from {name}'s")) }
}

/// The operations without the simdutf C++ library, in the order the
/// reports list them.
pub const OPS: &[Op] = &[
    Op {
        name: "validate",
        title: "UTF-8 validation (`UTF_8.validate`)",
        peers: &["simdutf8", "std"],
        bench: "utf8",
        prepare: validate_utf8,
    },
    Op {
        name: "valid-prefix",
        title: "UTF-8 validation by the kernels' family validator with RFC 3629's tables (`utfx_kernels::valid_prefix`; \
                peer: simdutf8's basic check, its SSE4.2 implementation when the kernels run at SSE4.2)",
        peers: &["simdutf8"],
        bench: "utf8",
        prepare: valid_prefix_utf8,
    },
    Op {
        name: "validate-stream",
        title: "UTF-8 streaming validation, 64 KiB chunks (`Decoder::validate_chunk`)",
        peers: &["simdutf8"],
        bench: "utf8",
        prepare: validate_utf8_streaming,
    },
    Op {
        name: "utf8-to-utf16",
        title: "UTF-8 to UTF-16 (`Decoder::decode_to_utf16`, replace)",
        peers: &["encoding_rs", "std"],
        bench: "utf8",
        prepare: utf8_to_utf16,
    },
    Op {
        name: "utf16-to-utf8",
        title: "UTF-16 to UTF-8 (`Encoder::encode_from_utf16`, fatal)",
        peers: &["encoding_rs", "std"],
        bench: "utf16",
        prepare: utf16_to_utf8,
    },
    Op {
        name: "transcode-to-utf16le",
        title: "UTF-8 bytes to UTF-16LE bytes (`Transcoder::transcode`)",
        peers: &["encoding_rs"],
        bench: "utf16",
        prepare: transcode_to_utf16le,
    },
    Op {
        name: "transcode-from-utf16le",
        title: "UTF-16LE bytes to UTF-8 bytes (`Transcoder::transcode`)",
        peers: &["encoding_rs"],
        bench: "utf16",
        prepare: transcode_from_utf16le,
    },
    Op {
        name: "reader",
        title: "UTF-8 to UTF-16LE through `TranscodeReader` (`read_to_end`)",
        peers: &["Transcoder"],
        bench: "utf16",
        prepare: transcode_reader,
    },
    Op {
        name: "decode",
        title: "decoding to code points (`UTF_8.decode`)",
        peers: &["std"],
        bench: "utf8",
        prepare: decode_code_points,
    },
    Op {
        name: "lossy-valid",
        title: "lossy UTF-8 of valid text (`to_str_lossy`)",
        peers: &["std"],
        bench: "utf8",
        prepare: lossy_valid,
    },
    Op {
        name: "lossy",
        title: "lossy UTF-8, one bad byte per 1,000 (`to_str_lossy`; peers: `String::from_utf8_lossy`, and \
                encoding_rs's replacing decoder, `UTF_8.decode_without_bom_handling`)",
        peers: &["std", "encoding_rs"],
        bench: "utf8",
        prepare: lossy,
    },
    Op {
        name: "encode",
        title: "encoding code points to UTF-8 (`UTF_8.encode`)",
        peers: &["std"],
        bench: "utf8",
        prepare: encode_code_points,
    },
    Op {
        name: "validate-utf16le",
        title: "UTF-16LE validation (`UTF_16LE.validate`)",
        peers: &["std"],
        bench: "utf16",
        prepare: validate_utf16le,
    },
    Op {
        name: "validate-wtf8",
        title: "WTF-8 validation, one lone surrogate per 1,000 bytes (`WTF_8.validate`; peer: the text without them)",
        peers: &["simdutf8"],
        bench: "wtf8",
        prepare: validate_wtf8,
    },
    Op {
        name: "wtf8-to-wtf16",
        title: "WTF-8 to WTF-16, one lone surrogate per 1,000 bytes (`Wtf8::from_bytes` then `to_wide`; peer: \
                UTF-8 to UTF-16 of the text without them, `Decoder::decode_to_utf16` into a new `Vec`)",
        peers: &["UTF_8"],
        bench: "wtf8",
        prepare: wtf8_to_wtf16,
    },
    Op {
        name: "wtf16-to-wtf8",
        title: "WTF-16 to WTF-8, one lone surrogate per 1,000 bytes (`Wtf8Buf::from_wide`; peer: UTF-16 to \
                UTF-8 of the text without them, `Encoder::encode_from_utf16` into a new `Vec`)",
        peers: &["UTF_8"],
        bench: "wtf8",
        prepare: wtf16_to_wtf8,
    },
    Op {
        name: "inf-validate",
        title: "UTF-∞-8 validation of Unicode text (`UTF_INF_8.validate`)",
        peers: &["simdutf8", "UTF_8"],
        bench: "utf_inf_8",
        prepare: validate_inf,
    },
    Op {
        name: "inf-to-utf16",
        title: "UTF-∞-8 to UTF-16 (`Decoder::decode_to_utf16` of `Narrow(&UTF_INF_8)`, the registry's, replace; peer: the same for `UTF_8`)",
        peers: &["UTF_8"],
        bench: "utf_inf_8",
        prepare: inf_to_utf16,
    },
    Op {
        name: "inf-decode",
        title: "UTF-∞-8 decoding to `BigCodePoint`s (`UTF_INF_8.decode`; peers: `UTF_8.decode` to `CodePoint`s, and `Big(&UTF_8).decode` to `BigCodePoint`s)",
        peers: &["UTF_8", "Big(UTF_8)"],
        bench: "utf_inf_8",
        prepare: inf_decode,
    },
    Op {
        name: "cesu8-to-utf8",
        title: "CESU-8 to UTF-8 (`CESU_8.to_utf8`; the text in CESU-8, the emoji text with six-byte pairs)",
        peers: &["cesu8", "simd_cesu8"],
        bench: "cesu8",
        prepare: cesu8_to_utf8,
    },
    Op {
        name: "mutf8-to-utf8",
        title: "Modified UTF-8 to UTF-8 (`MUTF_8.to_utf8`; the text in Modified UTF-8)",
        peers: &["cesu8", "simd_cesu8"],
        bench: "cesu8",
        prepare: mutf8_to_utf8,
    },
    Op {
        name: "cesu8-from-utf8",
        title: "UTF-8 to CESU-8 (`CESU_8.from_utf8`)",
        peers: &["cesu8", "simd_cesu8"],
        bench: "cesu8",
        prepare: cesu8_from_utf8,
    },
    Op {
        name: "latin1-to-utf8",
        title: "Latin-1 to UTF-8 (`Decoder::decode_to_utf8` of `ISO_8859_1`; each text's characters up to U+00FF \
                only, texts with fewer than 1,000 left out; peer: `encoding_rs::mem::convert_latin1_to_utf8`)",
        peers: &["encoding_rs"],
        bench: "latin1",
        prepare: latin1_to_utf8,
    },
    Op {
        name: "latin1-to-utf16",
        title: "Latin-1 to UTF-16 (`Decoder::decode_to_utf16` of `ISO_8859_1`; each text's characters up to U+00FF \
                only, texts with fewer than 1,000 left out; peer: `encoding_rs::mem::convert_latin1_to_utf16`)",
        peers: &["encoding_rs"],
        bench: "latin1",
        prepare: latin1_to_utf16,
    },
    Op {
        name: "utf8-to-latin1",
        title: "UTF-8 to Latin-1 (`Encoder::encode_from_str` of `ISO_8859_1`, fatal; each text's characters up to \
                U+00FF only, texts with fewer than 1,000 left out; peer: `encoding_rs::mem::convert_utf8_to_latin1_lossy`)",
        peers: &["encoding_rs"],
        bench: "latin1",
        prepare: utf8_to_latin1,
    },
    Op {
        name: "utf16-len",
        title: "UTF-16 length of UTF-8, checked (`UTF_8.utf16_len`; peer: `str::from_utf8` then \
                `encode_utf16().count()`)",
        peers: &["std"],
        bench: "utf8",
        prepare: utf16_len,
    },
    Op {
        name: "count-code-points",
        title: "Code points of UTF-8, checked (`UTF_8.count_code_points`; peer: `str::from_utf8` then \
                `chars().count()`)",
        peers: &["std"],
        bench: "utf8",
        prepare: count_code_points,
    },
    Op {
        name: "utf8-len-from-utf16le",
        title: "UTF-8 length of UTF-16LE, checked (`UTF_16LE.utf8_len` of the bytes; peer: \
                `char::decode_utf16` of the units, each `len_utf8` summed)",
        peers: &["std"],
        bench: "utf16",
        prepare: utf8_len_from_utf16le,
    },
    Op {
        name: "utf8-len-lossy-from-utf16le",
        title: "UTF-8 length of UTF-16LE with replacement (`UTF_16LE.utf8_len_lossy` of the bytes; peer: \
                `char::decode_utf16` of the units, each `len_utf8` summed and 3 per lone surrogate)",
        peers: &["std"],
        bench: "utf16",
        prepare: utf8_len_lossy_from_utf16le,
    },
    Op {
        name: "windows-1252-to-utf8",
        title: "windows-1252 to UTF-8 (`Transcoder::transcode`, replace; the text as encoding_rs encodes it, HTML \
                references for the rest; peer: `decode_to_utf8`)",
        peers: &["encoding_rs"],
        bench: "legacy",
        prepare: legacy_windows_1252,
    },
    Op {
        name: "shift_jis-to-utf8",
        title: "shift_jis to UTF-8 (`Transcoder::transcode`, replace; the text as encoding_rs encodes it, HTML \
                references for the rest; peer: `decode_to_utf8`)",
        peers: &["encoding_rs"],
        bench: "legacy",
        prepare: legacy_shift_jis,
    },
    Op {
        name: "gb18030-to-utf8",
        title: "gb18030 to UTF-8 (`Transcoder::transcode`, replace; the text as encoding_rs encodes it, HTML \
                references for the rest; peer: `decode_to_utf8`)",
        peers: &["encoding_rs"],
        bench: "legacy",
        prepare: legacy_gb18030,
    },
    Op {
        name: "euc-kr-to-utf8",
        title: "euc-kr to UTF-8 (`Transcoder::transcode`, replace; the text as encoding_rs encodes it, HTML \
                references for the rest; peer: `decode_to_utf8`)",
        peers: &["encoding_rs"],
        bench: "legacy",
        prepare: legacy_euc_kr,
    },
    Op {
        name: "big5-to-utf8",
        title: "big5 to UTF-8 (`Transcoder::transcode`, replace; the text as encoding_rs encodes it, HTML \
                references for the rest; peer: `decode_to_utf8`)",
        peers: &["encoding_rs"],
        bench: "legacy",
        prepare: legacy_big5,
    },
];

// ---------------------------------------------------------------------------
// The operations: each checks once, then returns its contenders.

fn validate_utf8(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf8.as_slice();
    same(&UTF_8.validate(src).is_ok(), &simdutf8::basic::from_utf8(src).is_ok(), "simdutf8")?;
    same(&UTF_8.validate(src).is_ok(), &core::str::from_utf8(src).is_ok(), "std")?;
    Ok(vec![
        Contender::new("utfx", src.len(), move || _ = black_box(UTF_8.validate(black_box(src)).is_ok())),
        Contender::new("simdutf8", src.len(), move || {
            _ = black_box(simdutf8::basic::from_utf8(black_box(src)).is_ok());
        }),
        Contender::new("std", src.len(), move || _ = black_box(core::str::from_utf8(black_box(src)).is_ok())),
    ])
}

fn valid_prefix_utf8(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf8.as_slice();
    let tables = codec_utf8::automaton::Grammar::UTF_8.tables().ok_or("UTF-8 has tables")?;
    let ours = move || black_box(utfx_kernels::valid_prefix(black_box(src), &tables) == src.len());
    let peer: fn(&[u8]) -> bool = simdutf8_at_level();
    same(&ours(), &peer(src), "simdutf8")?;
    Ok(vec![
        Contender::new("utfx", src.len(), move || _ = ours()),
        Contender::new("simdutf8", src.len(), move || _ = black_box(peer(black_box(src)))),
    ])
}

/// simdutf8's basic check: its SSE4.2 implementation when the kernels run
/// at SSE4.2 (the level's peer), else the one it chooses itself.
fn simdutf8_at_level() -> fn(&[u8]) -> bool {
    #[cfg(target_arch = "x86_64")]
    if utfx_kernels::level() == utfx_kernels::Level::Sse42 {
        return |src| {
            // SAFETY: the level is SSE4.2 only where the processor has it
            // (`force_level` refuses it otherwise), which is what simdutf8's
            // SSE4.2 implementation needs.
            #[allow(unsafe_code)]
            unsafe {
                simdutf8::basic::imp::x86::sse42::validate_utf8(src).is_ok()
            }
        };
    }
    |src| simdutf8::basic::from_utf8(src).is_ok()
}

fn validate_utf8_streaming(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf8.as_slice();
    let ours = move || {
        let mut decoder = Decoder::new(&UTF_8, DecodeMode::Fatal);
        let mut chunks = src.chunks(CHUNK).peekable();
        while let Some(chunk) = chunks.next() {
            decoder.validate_chunk(chunk, chunks.peek().is_none())?;
        }
        Ok::<(), codec_utf8::DecodeError>(())
    };
    same(&ours().is_ok(), &simdutf8::basic::from_utf8(src).is_ok(), "simdutf8")?;
    Ok(vec![
        Contender::new("utfx", src.len(), move || _ = black_box(ours().is_ok())),
        Contender::new("simdutf8", src.len(), move || {
            _ = black_box(simdutf8::basic::from_utf8(black_box(src)).is_ok());
        }),
    ])
}

fn utf8_to_utf16(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf8.as_slice();
    let ours_len = UTF_8.decoder(DecodeMode::Replace).max_utf16_len(src.len()).ok_or("overflow")?;
    let peer = encoding_rs::UTF_8.new_decoder_without_bom_handling();
    let peer_len = peer.max_utf16_buffer_length(src.len()).ok_or("overflow")?;
    let mut ours_dst = Placed::<u16>::zeroed(ours_len, DST_OFFSET);
    let mut peer_dst = Placed::<u16>::zeroed(peer_len, DST_OFFSET);
    let mut std_dst: Vec<u16> = Vec::with_capacity(peer_len);
    let s = input.str();

    let ours = move |dst: &mut [u16]| {
        let (status, read, written) = UTF_8.decoder(DecodeMode::Replace).decode_to_utf16(src, dst, true);
        black_box((status.is_input_empty(), read, written))
    };
    let peer = move |dst: &mut [u16]| {
        let mut decoder = encoding_rs::UTF_8.new_decoder_without_bom_handling();
        black_box(decoder.decode_to_utf16(src, dst, true))
    };
    let std = move |dst: &mut Vec<u16>| {
        dst.clear();
        dst.extend(black_box(s).encode_utf16());
        black_box(dst.len());
    };
    let (ok, read, written) = ours(ours_dst.as_mut_slice());
    let (result, peer_read, peer_written, _) = peer(peer_dst.as_mut_slice());
    std(&mut std_dst);
    if !ok || read != src.len() || result != encoding_rs::CoderResult::InputEmpty || peer_read != src.len() {
        return Err("a decoder stopped early".into());
    }
    let ours_out = &ours_dst.as_slice()[..written];
    same(ours_out, &peer_dst.as_slice()[..peer_written], "encoding_rs")?;
    same(ours_out, &std_dst[..], "std")?;

    Ok(vec![
        Contender::new("utfx", src.len(), move || _ = ours(ours_dst.as_mut_slice())),
        Contender::new("encoding_rs", src.len(), move || _ = peer(peer_dst.as_mut_slice())),
        Contender::new("std", src.len(), move || std(&mut std_dst)),
    ])
}

fn utf16_to_utf8(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf16.as_slice();
    let ours_len = UTF_8.encoder(EncodeMode::Fatal).max_len_from_utf16(src.len()).ok_or("overflow")?;
    let peer_len = encoding_rs::UTF_8
        .new_encoder()
        .max_buffer_length_from_utf16_without_replacement(src.len())
        .ok_or("overflow")?;
    let mut ours_dst = Placed::<u8>::zeroed(ours_len, DST_OFFSET);
    let mut peer_dst = Placed::<u8>::zeroed(peer_len, DST_OFFSET);

    let ours = move |dst: &mut [u8]| {
        let (status, read, written) = UTF_8.encoder(EncodeMode::Fatal).encode_from_utf16(src, dst, true);
        black_box((status.is_input_empty(), read, written))
    };
    let peer = move |dst: &mut [u8]| {
        let mut encoder = encoding_rs::UTF_8.new_encoder();
        black_box(encoder.encode_from_utf16(src, dst, true))
    };
    let std = move || black_box(String::from_utf16(black_box(src)));
    let (ok, read, written) = ours(ours_dst.as_mut_slice());
    let (result, peer_read, peer_written, _) = peer(peer_dst.as_mut_slice());
    if !ok || read != src.len() || result != encoding_rs::CoderResult::InputEmpty || peer_read != src.len() {
        return Err("an encoder stopped early".into());
    }
    let ours_out = &ours_dst.as_slice()[..written];
    same(ours_out, &peer_dst.as_slice()[..peer_written], "encoding_rs")?;
    same(ours_out, std().map_err(|e| e.to_string())?.as_bytes(), "std")?;
    same(ours_out, input.utf8.as_slice(), "the corpus")?;

    let bytes = input.utf8.len();
    Ok(vec![
        Contender::new("utfx", bytes, move || _ = ours(ours_dst.as_mut_slice())),
        Contender::new("encoding_rs", bytes, move || _ = peer(peer_dst.as_mut_slice())),
        Contender::new("std", bytes, move || _ = std()),
    ])
}

fn transcode_to_utf16le(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf8.as_slice();
    // The Transcoder has no output-size function: UTF-16LE takes at most
    // two bytes per UTF-8 byte; it runs its kernels only while the room
    // left is at least three bytes per input byte (see the report).
    let mut ours_dst = Placed::<u8>::zeroed(3 * src.len() + 64, DST_OFFSET);
    let peer_len =
        encoding_rs::UTF_8.new_decoder_without_bom_handling().max_utf16_buffer_length(src.len()).ok_or("overflow")?;
    let mut units = Placed::<u16>::zeroed(peer_len, DST_OFFSET);
    let mut peer_dst = Placed::<u8>::zeroed(2 * peer_len, DST_OFFSET);

    let ours = move |dst: &mut [u8]| {
        let mut transcoder = Transcoder::new(&UTF_8, DecodeMode::Replace, &UTF_16LE, EncodeMode::Fatal);
        let (status, read, written) = transcoder.transcode(src, dst, true);
        black_box((status.is_input_empty(), read, written))
    };
    let peer = move |units: &mut [u16], dst: &mut [u8]| {
        let mut decoder = encoding_rs::UTF_8.new_decoder_without_bom_handling();
        let (result, read, written, _) = decoder.decode_to_utf16(src, units, true);
        for (pair, unit) in dst.chunks_exact_mut(2).zip(&units[..written]) {
            pair.copy_from_slice(&unit.to_le_bytes());
        }
        black_box((result == encoding_rs::CoderResult::InputEmpty, read, 2 * written))
    };
    let (ok, read, written) = ours(ours_dst.as_mut_slice());
    let (peer_ok, peer_read, peer_written) = peer(units.as_mut_slice(), peer_dst.as_mut_slice());
    if !ok || !peer_ok || read != src.len() || peer_read != src.len() {
        return Err("a transcoder stopped early".into());
    }
    same(&ours_dst.as_slice()[..written], &peer_dst.as_slice()[..peer_written], "encoding_rs")?;
    same(&ours_dst.as_slice()[..written], input.utf16le.as_slice(), "the corpus")?;

    Ok(vec![
        Contender::new("utfx", src.len(), move || _ = ours(ours_dst.as_mut_slice())),
        Contender::new("encoding_rs", src.len(), move || _ = peer(units.as_mut_slice(), peer_dst.as_mut_slice())),
    ])
}

fn transcode_from_utf16le(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf16le.as_slice();
    let mut ours_dst = Placed::<u8>::zeroed(3 * src.len() + 64, DST_OFFSET);
    let peer_len =
        encoding_rs::UTF_16LE.new_decoder_without_bom_handling().max_utf8_buffer_length(src.len()).ok_or("overflow")?;
    let mut peer_dst = Placed::<u8>::zeroed(peer_len, DST_OFFSET);

    let ours = move |dst: &mut [u8]| {
        let mut transcoder = Transcoder::new(&UTF_16LE, DecodeMode::Replace, &UTF_8, EncodeMode::Fatal);
        let (status, read, written) = transcoder.transcode(src, dst, true);
        black_box((status.is_input_empty(), read, written))
    };
    let peer = move |dst: &mut [u8]| {
        let mut decoder = encoding_rs::UTF_16LE.new_decoder_without_bom_handling();
        let (result, read, written, _) = decoder.decode_to_utf8(src, dst, true);
        black_box((result == encoding_rs::CoderResult::InputEmpty, read, written))
    };
    let (ok, read, written) = ours(ours_dst.as_mut_slice());
    let (peer_ok, peer_read, peer_written) = peer(peer_dst.as_mut_slice());
    if !ok || !peer_ok || read != src.len() || peer_read != src.len() {
        return Err("a transcoder stopped early".into());
    }
    same(&ours_dst.as_slice()[..written], &peer_dst.as_slice()[..peer_written], "encoding_rs")?;
    same(&ours_dst.as_slice()[..written], input.utf8.as_slice(), "the corpus")?;

    let bytes = input.utf8.len();
    Ok(vec![
        Contender::new("utfx", bytes, move || _ = ours(ours_dst.as_mut_slice())),
        Contender::new("encoding_rs", bytes, move || _ = peer(peer_dst.as_mut_slice())),
    ])
}

fn transcode_reader(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf8.as_slice();
    let mut ours_out: Vec<u8> = Vec::with_capacity(3 * src.len() + 64);
    let mut peer_dst = Placed::<u8>::zeroed(3 * src.len() + 64, DST_OFFSET);

    let ours = move |out: &mut Vec<u8>| {
        out.clear();
        let mut reader = TranscodeReader::new(src, &UTF_8, DecodeMode::Replace, &UTF_16LE, EncodeMode::Fatal);
        black_box(reader.read_to_end(out).map_err(|e| e.to_string()))
    };
    let peer = move |dst: &mut [u8]| {
        let mut transcoder = Transcoder::new(&UTF_8, DecodeMode::Replace, &UTF_16LE, EncodeMode::Fatal);
        let (status, read, written) = transcoder.transcode(src, dst, true);
        black_box((status.is_input_empty(), read, written))
    };
    ours(&mut ours_out)?;
    let (ok, read, written) = peer(peer_dst.as_mut_slice());
    if !ok || read != src.len() {
        return Err("the transcoder stopped early".into());
    }
    same(&ours_out[..], &peer_dst.as_slice()[..written], "the Transcoder")?;

    Ok(vec![
        Contender::new("utfx", src.len(), move || _ = ours(&mut ours_out)),
        Contender::new("Transcoder", src.len(), move || _ = peer(peer_dst.as_mut_slice())),
    ])
}

fn decode_code_points(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf8.as_slice();
    let s = input.str();
    let ours = move || black_box(UTF_8.decode(black_box(src)));
    let std = move || black_box(black_box(s).chars().collect::<Vec<char>>());
    let points: Vec<u32> = ours().map_err(|e| e.to_string())?.iter().map(|p| p.to_u32()).collect();
    let chars: Vec<u32> = std().into_iter().map(u32::from).collect();
    same(&points, &chars, "std")?;
    Ok(vec![Contender::new("utfx", src.len(), move || _ = ours()), Contender::new("std", src.len(), move || _ = std())])
}

fn lossy_valid(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf8.as_slice();
    let ours = move || black_box(codec_utf8::to_str_lossy(black_box(src)));
    let std = move || black_box(String::from_utf8_lossy(black_box(src)));
    if !matches!(ours(), Cow::Borrowed(_)) {
        return Err("valid text was not borrowed".into());
    }
    same(&ours(), &std(), "std")?;
    Ok(vec![Contender::new("utfx", src.len(), move || _ = ours()), Contender::new("std", src.len(), move || _ = std())])
}

fn lossy(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let bad = crate::corpus::every_thousand(input.str(), &[0xFF]);
    let bad = Placed::copy_of(&bad, SRC_OFFSET);
    let ours = |src: &[u8]| black_box(codec_utf8::to_str_lossy(black_box(src)).len());
    let std = |src: &[u8]| black_box(String::from_utf8_lossy(black_box(src)).len());
    let src = bad.as_slice();
    let out = codec_utf8::to_str_lossy(src);
    if src.len() >= 1000 && matches!(out, Cow::Borrowed(_)) {
        return Err("the ill-formed text decoded without replacement".into());
    }
    same(&out, &String::from_utf8_lossy(src), "std")?;
    let encoding_rs = |src: &[u8]| black_box(encoding_rs::UTF_8.decode_without_bom_handling(black_box(src)).0.len());
    same(&out, &encoding_rs::UTF_8.decode_without_bom_handling(src).0, "encoding_rs")?;
    let len = src.len();
    let bad = std::rc::Rc::new(bad);
    let (std_bad, encoding_rs_bad) = (std::rc::Rc::clone(&bad), std::rc::Rc::clone(&bad));
    Ok(vec![
        Contender::new("utfx", len, move || _ = ours(bad.as_slice())),
        Contender::new("std", len, move || _ = std(std_bad.as_slice())),
        Contender::new("encoding_rs", len, move || _ = encoding_rs(encoding_rs_bad.as_slice())),
    ])
}

fn encode_code_points(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let points: Vec<CodePoint> = input.str().chars().map(CodePoint::from).collect();
    let chars: Vec<char> = input.str().chars().collect();
    let out = UTF_8.encode(&points).map_err(|e| e.to_string())?;
    same(&out[..], chars.iter().collect::<String>().as_bytes(), "std")?;
    same(&out[..], input.utf8.as_slice(), "the corpus")?;
    let bytes = input.utf8.len();
    Ok(vec![
        Contender::new("utfx", bytes, move || _ = black_box(UTF_8.encode(black_box(&points)))),
        Contender::new("std", bytes, move || _ = black_box(black_box(&chars).iter().collect::<String>())),
    ])
}

fn validate_utf16le(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf16le.as_slice();
    let ours = move || UTF_16LE.validate(black_box(src)).is_ok();
    let std = move || {
        let src = black_box(src);
        src.len().is_multiple_of(2)
            && char::decode_utf16(src.chunks_exact(2).map(|p| u16::from_le_bytes([p[0], p[1]]))).all(|r| r.is_ok())
    };
    same(&ours(), &std(), "std")?;
    same(&ours(), &true, "the corpus")?;
    let bytes = input.utf8.len();
    Ok(vec![
        Contender::new("utfx", bytes, move || _ = black_box(ours())),
        Contender::new("std", bytes, move || _ = black_box(std())),
    ])
}

/// The text's UTF-8 with U+D800, a lead surrogate (never followed by a
/// trail, so never a pair), after every 1,000th byte, at a 4 KiB boundary.
fn with_lone_surrogates(input: &Input) -> Placed<u8> {
    Placed::copy_of(&crate::corpus::every_thousand(input.str(), &[0xED, 0xA0, 0x80]), SRC_OFFSET)
}

fn validate_wtf8(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let wtf = with_lone_surrogates(input);
    let utf8 = input.utf8.as_slice();
    same(&WTF_8.validate(wtf.as_slice()).is_ok(), &simdutf8::basic::from_utf8(utf8).is_ok(), "simdutf8")?;
    if wtf.len() > utf8.len() && simdutf8::basic::from_utf8(wtf.as_slice()).is_ok() {
        return Err("the text with surrogates is valid UTF-8".into());
    }
    Ok(vec![
        Contender::new("utfx", wtf.len(), move || _ = black_box(WTF_8.validate(black_box(wtf.as_slice())).is_ok())),
        Contender::new("simdutf8", utf8.len(), move || {
            _ = black_box(simdutf8::basic::from_utf8(black_box(utf8)).is_ok());
        }),
    ])
}

fn wtf8_to_wtf16(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let wtf = with_lone_surrogates(input);
    let utf8 = input.utf8.as_slice();
    let ours = |wtf: &[u8]| codec_wtf8::Wtf8::from_bytes(black_box(wtf)).map(codec_wtf8::Wtf8::to_wide);
    let peer = move || {
        let mut units = vec![0u16; utf8.len()];
        let (status, _, written) = UTF_8.decoder(DecodeMode::Fatal).decode_to_utf16(black_box(utf8), &mut units, true);
        units.truncate(written);
        status.is_input_empty().then_some(units)
    };
    let wide = ours(wtf.as_slice()).map_err(|e| e.to_string())?;
    let expected: Vec<u16> =
        codec_wtf8::Wtf8::from_bytes(wtf.as_slice()).map_err(|e| e.to_string())?.encode_wide().collect();
    same(&wide, &expected, "Wtf8::encode_wide")?;
    same(&peer(), &Some(input.utf16.as_slice().to_vec()), "the corpus")?;
    if wide.len() <= input.utf16.len() {
        return Err("the text has no lone surrogates".into());
    }
    Ok(vec![
        Contender::new("utfx", wtf.len(), move || _ = black_box(ours(wtf.as_slice()))),
        Contender::new("UTF_8", utf8.len(), move || _ = black_box(peer())),
    ])
}

fn wtf16_to_wtf8(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let wtf = crate::corpus::every_thousand(input.str(), &[0xED, 0xA0, 0x80]);
    let wide: Vec<u16> = codec_wtf8::Wtf8::from_bytes(&wtf).map_err(|e| e.to_string())?.encode_wide().collect();
    let wide = Placed::copy_of(&wide, SRC_OFFSET);
    let utf16 = input.utf16.as_slice();
    let ours = |wide: &[u16]| codec_wtf8::Wtf8Buf::from_wide(black_box(wide));
    let peer = move || {
        let mut bytes = vec![0u8; 3 * utf16.len()];
        let (status, _, written) =
            UTF_8.encoder(EncodeMode::Fatal).encode_from_utf16(black_box(utf16), &mut bytes, true);
        bytes.truncate(written);
        status.is_input_empty().then_some(bytes)
    };
    same(ours(wide.as_slice()).as_bytes(), &wtf[..], "the text with surrogates")?;
    same(&peer(), &Some(input.utf8.as_slice().to_vec()), "the corpus")?;
    Ok(vec![
        Contender::new("utfx", wtf.len(), move || _ = black_box(ours(wide.as_slice()))),
        Contender::new("UTF_8", input.utf8.len(), move || _ = black_box(peer())),
    ])
}

fn validate_inf(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    use codec_utf_inf_8::UTF_INF_8;
    let src = input.utf8.as_slice();
    same(&UTF_INF_8.validate(src).is_ok(), &simdutf8::basic::from_utf8(src).is_ok(), "simdutf8")?;
    same(&UTF_INF_8.validate(src), &UTF_8.validate(src), "UTF_8")?;
    Ok(vec![
        Contender::new("utfx", src.len(), move || _ = black_box(UTF_INF_8.validate(black_box(src)).is_ok())),
        Contender::new("simdutf8", src.len(), move || {
            _ = black_box(simdutf8::basic::from_utf8(black_box(src)).is_ok());
        }),
        Contender::new("UTF_8", src.len(), move || _ = black_box(UTF_8.validate(black_box(src)).is_ok())),
    ])
}

fn inf_to_utf16(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    // The buffer APIs speak `CodePoint`: the registry's view.
    const INF: codec_core::Narrow<&codec_utf_inf_8::UtfInf8> = codec_core::Narrow(&codec_utf_inf_8::UTF_INF_8);
    let src = input.utf8.as_slice();
    let len = UTF_8.decoder(DecodeMode::Replace).max_utf16_len(src.len()).ok_or("overflow")?;
    let mut ours_dst = Placed::<u16>::zeroed(len, DST_OFFSET);
    let mut peer_dst = Placed::<u16>::zeroed(len, DST_OFFSET);
    let ours = move |dst: &mut [u16]| {
        let (status, read, written) = Decoder::new(&INF, DecodeMode::Replace).decode_to_utf16(src, dst, true);
        black_box((status.is_input_empty(), read, written))
    };
    let peer = move |dst: &mut [u16]| {
        let (status, read, written) = UTF_8.decoder(DecodeMode::Replace).decode_to_utf16(src, dst, true);
        black_box((status.is_input_empty(), read, written))
    };
    let (ok, read, written) = ours(ours_dst.as_mut_slice());
    let (peer_ok, _, peer_written) = peer(peer_dst.as_mut_slice());
    if !ok || !peer_ok || read != src.len() {
        return Err("a decoder stopped early".into());
    }
    same(&ours_dst.as_slice()[..written], &peer_dst.as_slice()[..peer_written], "UTF_8")?;
    Ok(vec![
        Contender::new("utfx", src.len(), move || _ = ours(ours_dst.as_mut_slice())),
        Contender::new("UTF_8", src.len(), move || _ = peer(peer_dst.as_mut_slice())),
    ])
}

fn inf_decode(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    use codec_utf_inf_8::UTF_INF_8;
    let src = input.utf8.as_slice();
    let ours = move || black_box(UTF_INF_8.decode(black_box(src)));
    let peer = move || black_box(UTF_8.decode(black_box(src)));
    let widened = move || black_box(codec_core::Big(&UTF_8).decode(black_box(src)));
    let big: Vec<u64> = ours().map_err(|e| e.to_string())?.iter().filter_map(|p| p.to_u64()).collect();
    let narrow: Vec<u64> = peer().map_err(|e| e.to_string())?.iter().map(|p| u64::from(p.to_u32())).collect();
    same(&big, &narrow, "UTF_8")?;
    same(&ours(), &widened(), "Big(UTF_8)")?;
    Ok(vec![
        Contender::new("utfx", src.len(), move || _ = ours()),
        Contender::new("UTF_8", src.len(), move || _ = peer()),
        Contender::new("Big(UTF_8)", src.len(), move || _ = widened()),
    ])
}

/// The contenders of decoding `src`, the text in CESU-8 or Modified UTF-8,
/// back to the text: utfx's `codec` and the two crates' decoders.
fn from_cesu8_like<'a>(
    input: &'a Input,
    src: Vec<u8>,
    codec: &'static codec_cesu8::Cesu8Codec,
    cesu8: fn(&[u8]) -> Result<Cow<'_, str>, cesu8::Cesu8DecodingError>,
    simd: fn(&[u8]) -> Result<Cow<'_, str>, simd_cesu8::DecodingError>,
) -> Result<Vec<Contender<'a>>, String> {
    let text = input.str();
    same(&codec.to_utf8(&src).ok().as_deref(), &Some(text), "the corpus")?;
    same(&cesu8(&src).ok().as_deref(), &Some(text), "cesu8")?;
    same(&simd(&src).ok().as_deref(), &Some(text), "simd_cesu8")?;
    let src = std::rc::Rc::new(Placed::copy_of(&src, SRC_OFFSET));
    let (peer_src, simd_src) = (std::rc::Rc::clone(&src), std::rc::Rc::clone(&src));
    let len = src.len();
    Ok(vec![
        Contender::new("utfx", len, move || _ = black_box(codec.to_utf8(black_box(src.as_slice())).map(|s| s.len()))),
        Contender::new("cesu8", len, move || _ = black_box(cesu8(black_box(peer_src.as_slice())).map(|s| s.len()))),
        Contender::new("simd_cesu8", len, move || {
            _ = black_box(simd(black_box(simd_src.as_slice())).map(|s| s.len()));
        }),
    ])
}

fn cesu8_to_utf8(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = CESU_8.from_utf8(input.str()).into_owned();
    same(&src[..], &cesu8::to_cesu8(input.str())[..], "cesu8")?;
    from_cesu8_like(input, src, &CESU_8, cesu8::from_cesu8, simd_cesu8::decode_strict)
}

fn mutf8_to_utf8(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = MUTF_8.from_utf8(input.str()).into_owned();
    same(&src[..], &cesu8::to_java_cesu8(input.str())[..], "cesu8")?;
    from_cesu8_like(input, src, &MUTF_8, cesu8::from_java_cesu8, simd_cesu8::mutf8::decode_strict)
}

fn cesu8_from_utf8(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let s = input.str();
    same(&CESU_8.from_utf8(s), &cesu8::to_cesu8(s), "cesu8")?;
    same(&CESU_8.from_utf8(s), &simd_cesu8::encode(s), "simd_cesu8")?;
    Ok(vec![
        Contender::new("utfx", s.len(), move || _ = black_box(CESU_8.from_utf8(black_box(s)).len())),
        Contender::new("cesu8", s.len(), move || _ = black_box(cesu8::to_cesu8(black_box(s)).len())),
        Contender::new("simd_cesu8", s.len(), move || _ = black_box(simd_cesu8::encode(black_box(s)).len())),
    ])
}

/// The fewest characters a text's Latin-1 part ([`Input::latin1`]) must
/// have for the Latin-1 rows to measure it: of the corpus, the Chinese
/// text keeps 270 (line ends), the emoji text none.
const LATIN1_MIN: usize = 1000;

/// The contenders of converting the text's Latin-1 part
/// ([`Input::latin1`]) to UTF-8, none when it is shorter than
/// [`LATIN1_MIN`]: utfx's `ISO_8859_1` decoder
/// (`decode_to_utf8`), and `peer`, named `name`, which converts all of its
/// source into a destination of at least twice its length and returns the
/// bytes written. Each writes into a buffer made once; the throughput
/// counts the UTF-8.
fn latin1_to_utf8_against<'a>(
    input: &'a Input,
    name: &'static str,
    peer: fn(&[u8], &mut [u8]) -> usize,
) -> Result<Vec<Contender<'a>>, String> {
    if input.latin1.len() < LATIN1_MIN {
        return Ok(Vec::new());
    }
    let (src, utf8) = (input.latin1.as_slice(), input.latin1_utf8.as_slice());
    let mut ours_dst = Placed::<u8>::zeroed(2 * src.len() + 64, DST_OFFSET);
    let mut peer_dst = Placed::<u8>::zeroed(2 * src.len() + 64, DST_OFFSET);
    let ours = move |dst: &mut [u8]| {
        let (status, read, written) = ISO_8859_1.decoder(DecodeMode::Fatal).decode_to_utf8(src, dst, true);
        black_box((status.is_input_empty() && read == src.len()).then_some(written))
    };
    let written = ours(ours_dst.as_mut_slice()).ok_or("utfx stopped early")?;
    let peer_written = peer(src, peer_dst.as_mut_slice());
    same(&ours_dst.as_slice()[..written], &peer_dst.as_slice()[..peer_written], name)?;
    same(&ours_dst.as_slice()[..written], utf8, "the corpus")?;
    Ok(vec![
        Contender::new("utfx", utf8.len(), move || _ = ours(ours_dst.as_mut_slice())),
        Contender::new(name, utf8.len(), move || _ = black_box(peer(black_box(src), peer_dst.as_mut_slice()))),
    ])
}

/// The contenders of converting the text's Latin-1 part to UTF-16, as
/// [`latin1_to_utf8_against`] does: utfx's `decode_to_utf16`, and `peer`,
/// which converts all of its source into a destination at least as long
/// and returns the units written. The throughput counts the UTF-8.
fn latin1_to_utf16_against<'a>(
    input: &'a Input,
    name: &'static str,
    peer: fn(&[u8], &mut [u16]) -> usize,
) -> Result<Vec<Contender<'a>>, String> {
    if input.latin1.len() < LATIN1_MIN {
        return Ok(Vec::new());
    }
    let src = input.latin1.as_slice();
    let mut ours_dst = Placed::<u16>::zeroed(src.len() + 64, DST_OFFSET);
    let mut peer_dst = Placed::<u16>::zeroed(src.len() + 64, DST_OFFSET);
    let ours = move |dst: &mut [u16]| {
        let (status, read, written) = ISO_8859_1.decoder(DecodeMode::Fatal).decode_to_utf16(src, dst, true);
        black_box((status.is_input_empty() && read == src.len()).then_some(written))
    };
    let written = ours(ours_dst.as_mut_slice()).ok_or("utfx stopped early")?;
    let peer_written = peer(src, peer_dst.as_mut_slice());
    same(&ours_dst.as_slice()[..written], &peer_dst.as_slice()[..peer_written], name)?;
    let expected: Vec<u16> = input.latin1_str().encode_utf16().collect();
    same(&ours_dst.as_slice()[..written], &expected[..], "the corpus")?;
    let bytes = input.latin1_utf8.len();
    Ok(vec![
        Contender::new("utfx", bytes, move || _ = ours(ours_dst.as_mut_slice())),
        Contender::new(name, bytes, move || _ = black_box(peer(black_box(src), peer_dst.as_mut_slice()))),
    ])
}

/// The contenders of converting the text's Latin-1 part from UTF-8 to
/// Latin-1: utfx's `ISO_8859_1` encoder (`encode_from_str`, fatal), and
/// `peer`, which converts all of its source (UTF-8 that is all Latin-1)
/// into a destination at least as long and returns the bytes written. The
/// throughput counts the UTF-8.
fn utf8_to_latin1_against<'a>(
    input: &'a Input,
    name: &'static str,
    peer: fn(&[u8], &mut [u8]) -> usize,
) -> Result<Vec<Contender<'a>>, String> {
    if input.latin1.len() < LATIN1_MIN {
        return Ok(Vec::new());
    }
    let s = input.latin1_str();
    let mut ours_dst = Placed::<u8>::zeroed(s.len() + 64, DST_OFFSET);
    let mut peer_dst = Placed::<u8>::zeroed(s.len() + 64, DST_OFFSET);
    let ours = move |dst: &mut [u8]| {
        let (status, read, written) = ISO_8859_1.encoder(EncodeMode::Fatal).encode_from_str(s, dst, true);
        black_box((status.is_input_empty() && read == s.len()).then_some(written))
    };
    let written = ours(ours_dst.as_mut_slice()).ok_or("utfx stopped early")?;
    let peer_written = peer(s.as_bytes(), peer_dst.as_mut_slice());
    same(&ours_dst.as_slice()[..written], &peer_dst.as_slice()[..peer_written], name)?;
    same(&ours_dst.as_slice()[..written], input.latin1.as_slice(), "the corpus")?;
    Ok(vec![
        Contender::new("utfx", s.len(), move || _ = ours(ours_dst.as_mut_slice())),
        Contender::new(name, s.len(), move || {
            _ = black_box(peer(black_box(s.as_bytes()), peer_dst.as_mut_slice()));
        }),
    ])
}

fn latin1_to_utf8(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    latin1_to_utf8_against(input, "encoding_rs", encoding_rs::mem::convert_latin1_to_utf8)
}

fn latin1_to_utf16(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    latin1_to_utf16_against(input, "encoding_rs", |src, dst| {
        encoding_rs::mem::convert_latin1_to_utf16(src, dst);
        src.len()
    })
}

fn utf8_to_latin1(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    utf8_to_latin1_against(input, "encoding_rs", encoding_rs::mem::convert_utf8_to_latin1_lossy)
}

/// The environment variable simdutf reads once, on its first call, to run
/// the kernels it names instead of the best the processor has.
#[cfg(feature = "simdutf")]
pub const SIMDUTF_FORCE: &str = "SIMDUTF_FORCE_IMPLEMENTATION";

/// Returns the name simdutf gives its kernels of the level of utfx's
/// `level`, the value of [`SIMDUTF_FORCE`] that makes it run them:
/// `icelake` (AVX-512) for `avx512`, `haswell` (AVX2) for `avx2`,
/// `westmere` (SSE4.2) for `sse4.2`, `arm64` (NEON) for `neon` and
/// `fallback` for `portable`.
///
/// # Errors
///
/// A level simdutf has no kernels of, or one whose instructions this
/// processor lacks: simdutf does not check what it is told to run, so its
/// `icelake` kernels would stop at an illegal instruction on a processor
/// that has only utfx's subset of AVX-512 (the sets are those of each
/// implementation's `required_instruction_sets` in simdutf.cpp).
#[cfg(feature = "simdutf")]
pub fn simdutf_implementation(level: utfx_kernels::Level) -> Result<&'static str, String> {
    use utfx_kernels::Level;
    #[cfg(target_arch = "x86_64")]
    let (name, ready) = match level {
        Level::Portable => ("fallback", true),
        Level::Sse42 => ("westmere", is_x86_feature_detected!("sse4.2")),
        Level::Avx2 => (
            "haswell",
            is_x86_feature_detected!("avx2") && is_x86_feature_detected!("bmi1") && is_x86_feature_detected!("bmi2"),
        ),
        Level::Avx512 => (
            "icelake",
            is_x86_feature_detected!("avx2")
                && is_x86_feature_detected!("bmi1")
                && is_x86_feature_detected!("bmi2")
                && is_x86_feature_detected!("avx512bw")
                && is_x86_feature_detected!("avx512cd")
                && is_x86_feature_detected!("avx512vl")
                && is_x86_feature_detected!("avx512vbmi2")
                && is_x86_feature_detected!("avx512vpopcntdq"),
        ),
        _ => return Err(format!("simdutf has no kernels of level {}", level.name())),
    };
    #[cfg(not(target_arch = "x86_64"))]
    let (name, ready) = match level {
        Level::Portable => ("fallback", true),
        Level::Neon => ("arm64", true),
        _ => return Err(format!("simdutf has no kernels of level {}", level.name())),
    };
    if ready { Ok(name) } else { Err(format!("this processor lacks instructions simdutf's {name} kernels need")) }
}

/// Checks, in a process started with [`SIMDUTF_FORCE`] set to `name`, that
/// simdutf runs the kernels of that name, as far as its Rust bindings let
/// it be checked.
///
/// The crate `simdutf` 0.7 binds no `get_active_implementation` (nor any
/// other way to ask which kernels run), so the name itself cannot be read
/// back. What can be seen: for a name it has no kernels of, simdutf runs
/// its stand-in for "unsupported", which finds no input valid; this asks it
/// to validate a short ASCII text, its first call (the one that reads the
/// variable).
///
/// # Errors
///
/// The variable is unset or names other kernels, or simdutf rejects the
/// ASCII text (it has no kernels of that name).
#[cfg(feature = "simdutf")]
pub fn check_simdutf_implementation(name: &str) -> Result<(), String> {
    let forced = std::env::var(SIMDUTF_FORCE).unwrap_or_default();
    if forced != name {
        return Err(format!("{SIMDUTF_FORCE} is {forced:?}, not {name:?}"));
    }
    if !simdutf::validate_utf8(b"utfx") {
        return Err(format!("simdutf has no kernels named {name}: it found ASCII text invalid"));
    }
    Ok(())
}

/// The rows against the simdutf C++ library (its Rust bindings, the crate
/// `simdutf`), which picks its own kernels at run time (AVX-512 where the
/// processor has it) unless [`SIMDUTF_FORCE`] names others: `cargo xtask
/// bench` races each kernel level in a process of its own with simdutf's
/// kernels of the same level ([`simdutf_implementation`]), the criterion
/// bench against simdutf's best. Both sides validate and convert, into a
/// buffer made once.
#[cfg(feature = "simdutf")]
pub const SIMDUTF_OPS: &[Op] = &[
    Op {
        name: "simdutf-utf8-to-utf16",
        title: "UTF-8 to UTF-16, checked (`Decoder::decode_to_utf16`, fatal; peer: `convert_utf8_to_utf16le`)",
        peers: &["simdutf"],
        bench: "simdutf",
        prepare: simdutf_utf8_to_utf16,
    },
    Op {
        name: "simdutf-utf16-to-utf8",
        title: "UTF-16 to UTF-8, checked (`Encoder::encode_from_utf16`, fatal; peer: `convert_utf16le_to_utf8`)",
        peers: &["simdutf"],
        bench: "simdutf",
        prepare: simdutf_utf16_to_utf8,
    },
    Op {
        name: "simdutf-validate-utf16le",
        title: "UTF-16LE validation (`UTF_16LE.validate` of the bytes; peer: `validate_utf16le` of the units)",
        peers: &["simdutf"],
        bench: "simdutf",
        prepare: simdutf_validate_utf16le,
    },
    Op {
        name: "simdutf-validate-utf16be",
        title: "UTF-16BE validation (`UTF_16BE.validate` of the bytes; peer: `validate_utf16be` of the units)",
        peers: &["simdutf"],
        bench: "simdutf",
        prepare: simdutf_validate_utf16be,
    },
    Op {
        name: "simdutf-validate",
        title: "UTF-8 validation (`UTF_8.validate`; peer: `validate_utf8`)",
        peers: &["simdutf"],
        bench: "simdutf",
        prepare: simdutf_validate,
    },
    Op {
        name: "simdutf-utf8-to-utf32",
        title: "UTF-8 to UTF-32, checked (`UTF_8.decode_into` code points, fatal, into a `Vec` kept from call to \
                call; peer: `convert_utf8_to_utf32`)",
        peers: &["simdutf"],
        bench: "simdutf",
        prepare: simdutf_utf8_to_utf32,
    },
    Op {
        name: "simdutf-utf32-to-utf8",
        title: "UTF-32 to UTF-8, checked (`Decoder::decode_to_utf8` of `UTF_32LE`, fatal; peer: \
                `convert_utf32_to_utf8` of the units)",
        peers: &["simdutf"],
        bench: "simdutf",
        prepare: simdutf_utf32_to_utf8,
    },
    Op {
        name: "simdutf-utf16le-to-utf32",
        title: "UTF-16LE to UTF-32, checked (`Encoder::encode_from_utf16` of `UTF_32LE`, fatal; peer: \
                `convert_utf16le_to_utf32`)",
        peers: &["simdutf"],
        bench: "simdutf",
        prepare: simdutf_utf16le_to_utf32,
    },
    Op {
        name: "simdutf-validate-utf32",
        title: "UTF-32 validation (`UTF_32LE.validate` of the bytes; peer: `validate_utf32` of the units)",
        peers: &["simdutf"],
        bench: "simdutf",
        prepare: simdutf_validate_utf32,
    },
    Op {
        name: "simdutf-latin1-to-utf8",
        title: "Latin-1 to UTF-8 (`Decoder::decode_to_utf8` of `ISO_8859_1`; each text's characters up to U+00FF \
                only, texts with fewer than 1,000 left out; peer: `convert_latin1_to_utf8`)",
        peers: &["simdutf"],
        bench: "simdutf",
        prepare: simdutf_latin1_to_utf8,
    },
    Op {
        name: "simdutf-latin1-to-utf16",
        title: "Latin-1 to UTF-16 (`Decoder::decode_to_utf16` of `ISO_8859_1`; each text's characters up to U+00FF \
                only, texts with fewer than 1,000 left out; peer: `convert_latin1_to_utf16le`)",
        peers: &["simdutf"],
        bench: "simdutf",
        prepare: simdutf_latin1_to_utf16,
    },
    Op {
        name: "simdutf-utf8-to-latin1",
        title: "UTF-8 to Latin-1, checked (`Encoder::encode_from_str` of `ISO_8859_1`, fatal; each text's characters \
                up to U+00FF only, texts with fewer than 1,000 left out; peer: `convert_utf8_to_latin1`)",
        peers: &["simdutf"],
        bench: "simdutf",
        prepare: simdutf_utf8_to_latin1,
    },
    Op {
        name: "simdutf-utf16-length-from-utf8",
        title: "UTF-16 length of valid UTF-8 (`utfx_kernels::utf16_len_from_utf8`; peer: `utf16_length_from_utf8`)",
        peers: &["simdutf"],
        bench: "simdutf",
        prepare: simdutf_utf16_length_from_utf8,
    },
    Op {
        name: "simdutf-count-utf8",
        title: "Code points of valid UTF-8 (`utfx_kernels::count_utf8_code_points`; peer: `count_utf8`)",
        peers: &["simdutf"],
        bench: "simdutf",
        prepare: simdutf_count_utf8,
    },
    Op {
        name: "simdutf-utf8-length-from-utf16le",
        title: "UTF-8 length of valid UTF-16 (`utfx_kernels::utf8_len_from_utf16`; peer: `utf8_length_from_utf16le`)",
        peers: &["simdutf"],
        bench: "simdutf",
        prepare: simdutf_utf8_length_from_utf16le,
    },
    Op {
        name: "simdutf-utf8-length-from-utf32",
        title: "UTF-8 length of valid UTF-32 (`utfx_kernels::utf8_len_from_utf32_bytes` of the UTF-32LE bytes; \
                peer: `utf8_length_from_utf32` of the units)",
        peers: &["simdutf"],
        bench: "simdutf",
        prepare: simdutf_utf8_length_from_utf32,
    },
    Op {
        name: "simdutf-utf8-length-from-latin1",
        title: "UTF-8 length of Latin-1 (`utfx_kernels::utf8_len_from_latin1`; each text's characters up to U+00FF \
                only, texts with fewer than 1,000 left out; peer: `utf8_length_from_latin1`)",
        peers: &["simdutf"],
        bench: "simdutf",
        prepare: simdutf_utf8_length_from_latin1,
    },
];

#[cfg(feature = "simdutf")]
fn simdutf_utf16_length_from_utf8(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf8.as_slice();
    let ours = move || utfx_kernels::utf16_len_from_utf8(black_box(src));
    count_race(src.len(), ours, ("simdutf", move || simdutf::utf16_length_from_utf8(black_box(src))))
}

#[cfg(feature = "simdutf")]
fn simdutf_count_utf8(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf8.as_slice();
    let ours = move || utfx_kernels::count_utf8_code_points(black_box(src));
    count_race(src.len(), ours, ("simdutf", move || simdutf::count_utf8(black_box(src))))
}

#[cfg(feature = "simdutf")]
fn simdutf_utf8_length_from_utf16le(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf16.as_slice();
    let ours = move || utfx_kernels::utf8_len_from_utf16(black_box(src));
    count_race(input.utf8.len(), ours, ("simdutf", move || simdutf::utf8_length_from_utf16le(black_box(src))))
}

#[cfg(feature = "simdutf")]
fn simdutf_utf8_length_from_utf32(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let (units, bytes) = utf32_forms(input);
    let ours = move || utfx_kernels::utf8_len_from_utf32_bytes(black_box(bytes.as_slice()), false);
    let peer = move || simdutf::utf8_length_from_utf32(black_box(units.as_slice()));
    count_race(input.utf8.len(), ours, ("simdutf", peer))
}

#[cfg(feature = "simdutf")]
fn simdutf_utf8_length_from_latin1(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.latin1.as_slice();
    if src.len() < LATIN1_MIN {
        return Ok(Vec::new());
    }
    let ours = move || utfx_kernels::utf8_len_from_latin1(black_box(src));
    count_race(input.latin1_utf8.len(), ours, ("simdutf", move || simdutf::utf8_length_from_latin1(black_box(src))))
}

#[cfg(feature = "simdutf")]
fn simdutf_utf8_to_utf16(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf8.as_slice();
    let mut ours_dst = Placed::<u16>::zeroed(src.len() + 64, DST_OFFSET);
    let mut peer_dst = Placed::<u16>::zeroed(src.len() + 64, DST_OFFSET);
    let ours = move |dst: &mut [u16]| {
        let (status, read, written) = UTF_8.decoder(DecodeMode::Fatal).decode_to_utf16(src, dst, true);
        black_box((status.is_input_empty() && read == src.len()).then_some(written))
    };
    let peer = move |dst: &mut [u16]| {
        // SAFETY: `src` is readable for its length and `dst` has room for a
        // unit per byte, the most UTF-8 can need.
        #[allow(unsafe_code)]
        black_box(unsafe { simdutf::convert_utf8_to_utf16le(src.as_ptr(), src.len(), dst.as_mut_ptr()) })
    };
    let written = ours(ours_dst.as_mut_slice()).ok_or("utfx stopped early")?;
    let peer_written = peer(peer_dst.as_mut_slice());
    same(&ours_dst.as_slice()[..written], &peer_dst.as_slice()[..peer_written], "simdutf")?;
    Ok(vec![
        Contender::new("utfx", src.len(), move || _ = ours(ours_dst.as_mut_slice())),
        Contender::new("simdutf", src.len(), move || _ = peer(peer_dst.as_mut_slice())),
    ])
}

#[cfg(feature = "simdutf")]
fn simdutf_utf16_to_utf8(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf16.as_slice();
    let mut ours_dst = Placed::<u8>::zeroed(3 * src.len() + 64, DST_OFFSET);
    let mut peer_dst = Placed::<u8>::zeroed(3 * src.len() + 64, DST_OFFSET);
    let ours = move |dst: &mut [u8]| {
        let (status, read, written) = UTF_8.encoder(EncodeMode::Fatal).encode_from_utf16(src, dst, true);
        black_box((status.is_input_empty() && read == src.len()).then_some(written))
    };
    let peer = move |dst: &mut [u8]| {
        // SAFETY: `src` is readable for its length and `dst` has room for
        // three bytes per unit, the most UTF-16 can need.
        #[allow(unsafe_code)]
        black_box(unsafe { simdutf::convert_utf16le_to_utf8(src.as_ptr(), src.len(), dst.as_mut_ptr()) })
    };
    let written = ours(ours_dst.as_mut_slice()).ok_or("utfx stopped early")?;
    let peer_written = peer(peer_dst.as_mut_slice());
    same(&ours_dst.as_slice()[..written], &peer_dst.as_slice()[..peer_written], "simdutf")?;
    let bytes = input.utf8.len();
    Ok(vec![
        Contender::new("utfx", bytes, move || _ = ours(ours_dst.as_mut_slice())),
        Contender::new("simdutf", bytes, move || _ = peer(peer_dst.as_mut_slice())),
    ])
}

/// UTF-16 validation in byte order `be` against simdutf's: the text's
/// UTF-16 bytes in that order, which simdutf reads as units (it takes
/// `char16_t`s), so the same memory for both.
#[cfg(feature = "simdutf")]
fn simdutf_validate_utf16(input: &Input, be: bool) -> Result<Vec<Contender<'_>>, String> {
    let bytes: Vec<u8> =
        input.utf16.as_slice().iter().flat_map(|u| if be { u.to_be_bytes() } else { u.to_le_bytes() }).collect();
    let bytes = Placed::copy_of(&bytes, SRC_OFFSET);
    let units: Vec<u16> = bytes.as_slice().chunks_exact(2).map(|p| u16::from_ne_bytes([p[0], p[1]])).collect();
    let units = Placed::copy_of(&units, SRC_OFFSET);
    let codec = if be { &codec_utf16::UTF_16BE } else { &UTF_16LE };
    let ours = move || codec.validate(black_box(bytes.as_slice())).is_ok();
    let peer = move || {
        let src = black_box(units.as_slice());
        if be { simdutf::validate_utf16be(src) } else { simdutf::validate_utf16le(src) }
    };
    same(&ours(), &peer(), "simdutf")?;
    same(&ours(), &true, "the corpus")?;
    let len = input.utf8.len();
    Ok(vec![
        Contender::new("utfx", len, move || _ = black_box(ours())),
        Contender::new("simdutf", len, move || _ = black_box(peer())),
    ])
}

#[cfg(feature = "simdutf")]
fn simdutf_validate_utf16le(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    simdutf_validate_utf16(input, false)
}

#[cfg(feature = "simdutf")]
fn simdutf_validate_utf16be(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    simdutf_validate_utf16(input, true)
}

#[cfg(feature = "simdutf")]
fn simdutf_validate(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf8.as_slice();
    same(&UTF_8.validate(src).is_ok(), &simdutf::validate_utf8(src), "simdutf")?;
    Ok(vec![
        Contender::new("utfx", src.len(), move || _ = black_box(UTF_8.validate(black_box(src)).is_ok())),
        Contender::new("simdutf", src.len(), move || _ = black_box(simdutf::validate_utf8(black_box(src)))),
    ])
}

#[cfg(feature = "simdutf")]
fn simdutf_utf8_to_utf32(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf8.as_slice();
    let mut ours_out: Vec<CodePoint> = Vec::with_capacity(src.len());
    let mut peer_dst = Placed::<u32>::zeroed(src.len() + 64, DST_OFFSET);
    let ours = move |out: &mut Vec<CodePoint>| {
        out.clear();
        black_box(UTF_8.decode_into(black_box(src), DecodeMode::Fatal, out).is_ok())
    };
    let peer = move |dst: &mut [u32]| {
        // SAFETY: `src` is readable for its length and `dst` has room for a
        // code point per byte, the most UTF-8 can need.
        #[allow(unsafe_code)]
        black_box(unsafe { simdutf::convert_utf8_to_utf32(src.as_ptr(), src.len(), dst.as_mut_ptr()) })
    };
    if !ours(&mut ours_out) {
        return Err("utfx found the text invalid".into());
    }
    let peer_written = peer(peer_dst.as_mut_slice());
    let ours_units = CodePoint::as_u32_slice(&ours_out);
    same(ours_units, &peer_dst.as_slice()[..peer_written], "simdutf")?;
    same(ours_units, &input.str().chars().map(u32::from).collect::<Vec<u32>>()[..], "the corpus")?;
    Ok(vec![
        Contender::new("utfx", src.len(), move || _ = ours(&mut ours_out)),
        Contender::new("simdutf", src.len(), move || _ = peer(peer_dst.as_mut_slice())),
    ])
}

/// The text as UTF-32: its code points as `u32`s, which simdutf reads (in
/// the machine's order), and as UTF-32LE bytes, which `codec-utf32` reads:
/// on a little-endian machine the same memory. Each at a 4 KiB boundary.
#[cfg(feature = "simdutf")]
fn utf32_forms(input: &Input) -> (Placed<u32>, Placed<u8>) {
    let units: Vec<u32> = input.str().chars().map(u32::from).collect();
    let bytes: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
    (Placed::copy_of(&units, SRC_OFFSET), Placed::copy_of(&bytes, SRC_OFFSET))
}

#[cfg(feature = "simdutf")]
fn simdutf_utf32_to_utf8(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let (units, bytes) = utf32_forms(input);
    // Four bytes of UTF-8 at most per code point.
    let mut ours_dst = Placed::<u8>::zeroed(bytes.len() + 64, DST_OFFSET);
    let mut peer_dst = Placed::<u8>::zeroed(bytes.len() + 64, DST_OFFSET);
    let ours = |src: &[u8], dst: &mut [u8]| {
        let (status, read, written) = UTF_32LE.decoder(DecodeMode::Fatal).decode_to_utf8(src, dst, true);
        black_box((status.is_input_empty() && read == src.len()).then_some(written))
    };
    let peer = |src: &[u32], dst: &mut [u8]| {
        // SAFETY: `src` is readable for its length and `dst` has room for
        // four bytes per code point, the most UTF-32 can need.
        #[allow(unsafe_code)]
        black_box(unsafe { simdutf::convert_utf32_to_utf8(src.as_ptr(), src.len(), dst.as_mut_ptr()) })
    };
    let written = ours(bytes.as_slice(), ours_dst.as_mut_slice()).ok_or("utfx stopped early")?;
    let peer_written = peer(units.as_slice(), peer_dst.as_mut_slice());
    same(&ours_dst.as_slice()[..written], &peer_dst.as_slice()[..peer_written], "simdutf")?;
    same(&ours_dst.as_slice()[..written], input.utf8.as_slice(), "the corpus")?;
    let len = input.utf8.len();
    Ok(vec![
        Contender::new("utfx", len, move || _ = ours(bytes.as_slice(), ours_dst.as_mut_slice())),
        Contender::new("simdutf", len, move || _ = peer(units.as_slice(), peer_dst.as_mut_slice())),
    ])
}

#[cfg(feature = "simdutf")]
fn simdutf_utf16le_to_utf32(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf16.as_slice();
    // A code point per unit at most.
    let mut ours_dst = Placed::<u8>::zeroed(4 * src.len() + 64, DST_OFFSET);
    let mut peer_dst = Placed::<u32>::zeroed(src.len() + 64, DST_OFFSET);
    let ours = move |dst: &mut [u8]| {
        let (status, read, written) = UTF_32LE.encoder(EncodeMode::Fatal).encode_from_utf16(src, dst, true);
        black_box((status.is_input_empty() && read == src.len()).then_some(written))
    };
    let peer = move |dst: &mut [u32]| {
        // SAFETY: `src` is readable for its length and `dst` has room for a
        // code point per unit, the most UTF-16 can need.
        #[allow(unsafe_code)]
        black_box(unsafe { simdutf::convert_utf16le_to_utf32(src.as_ptr(), src.len(), dst.as_mut_ptr()) })
    };
    let written = ours(ours_dst.as_mut_slice()).ok_or("utfx stopped early")?;
    let peer_written = peer(peer_dst.as_mut_slice());
    let ours_units: Vec<u32> =
        ours_dst.as_slice()[..written].chunks_exact(4).map(|q| u32::from_le_bytes([q[0], q[1], q[2], q[3]])).collect();
    same(&ours_units[..], &peer_dst.as_slice()[..peer_written], "simdutf")?;
    same(&ours_units, &input.str().chars().map(u32::from).collect(), "the corpus")?;
    let bytes = input.utf8.len();
    Ok(vec![
        Contender::new("utfx", bytes, move || _ = ours(ours_dst.as_mut_slice())),
        Contender::new("simdutf", bytes, move || _ = peer(peer_dst.as_mut_slice())),
    ])
}

#[cfg(feature = "simdutf")]
fn simdutf_validate_utf32(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let (units, bytes) = utf32_forms(input);
    let ours = move || UTF_32LE.validate(black_box(bytes.as_slice())).is_ok();
    let peer = move || simdutf::validate_utf32(black_box(units.as_slice()));
    same(&ours(), &peer(), "simdutf")?;
    same(&ours(), &true, "the corpus")?;
    let len = input.utf8.len();
    Ok(vec![
        Contender::new("utfx", len, move || _ = black_box(ours())),
        Contender::new("simdutf", len, move || _ = black_box(peer())),
    ])
}

#[cfg(feature = "simdutf")]
fn simdutf_latin1_to_utf8(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    latin1_to_utf8_against(input, "simdutf", |src, dst| {
        assert!(dst.len() >= 2 * src.len(), "room for two bytes per Latin-1 byte");
        // SAFETY: `src` is readable for its length and `dst` (checked) has
        // room for two bytes per byte, the most Latin-1 can need.
        #[allow(unsafe_code)]
        unsafe {
            simdutf::convert_latin1_to_utf8(src.as_ptr(), src.len(), dst.as_mut_ptr())
        }
    })
}

#[cfg(feature = "simdutf")]
fn simdutf_latin1_to_utf16(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    latin1_to_utf16_against(input, "simdutf", |src, dst| {
        assert!(dst.len() >= src.len(), "room for a unit per Latin-1 byte");
        // SAFETY: `src` is readable for its length and `dst` (checked) has
        // room for a unit per byte.
        #[allow(unsafe_code)]
        unsafe {
            simdutf::convert_latin1_to_utf16le(src.as_ptr(), src.len(), dst.as_mut_ptr())
        }
    })
}

#[cfg(feature = "simdutf")]
fn simdutf_utf8_to_latin1(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    utf8_to_latin1_against(input, "simdutf", |src, dst| {
        assert!(dst.len() >= src.len(), "room for a byte per UTF-8 byte");
        // SAFETY: `src` is readable for its length and `dst` (checked) has
        // room for a byte per byte, the most UTF-8 to Latin-1 can write.
        #[allow(unsafe_code)]
        unsafe {
            simdutf::convert_utf8_to_latin1(src.as_ptr(), src.len(), dst.as_mut_ptr())
        }
    })
}

/// The contenders of a length or count: utfx's `ours` and one peer's,
/// checked once to agree, each counting `bytes`.
fn count_race<'a>(
    bytes: usize,
    ours: impl Fn() -> usize + 'a,
    (name, peer): (&'static str, impl Fn() -> usize + 'a),
) -> Result<Vec<Contender<'a>>, String> {
    same(&ours(), &peer(), name)?;
    Ok(vec![
        Contender::new("utfx", bytes, move || _ = black_box(ours())),
        Contender::new(name, bytes, move || _ = black_box(peer())),
    ])
}

fn utf16_len(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf8.as_slice();
    let ours = move || UTF_8.utf16_len(black_box(src)).unwrap_or(usize::MAX);
    let std = move || std::str::from_utf8(black_box(src)).map_or(usize::MAX, |s| s.encode_utf16().count());
    count_race(src.len(), ours, ("std", std))
}

fn count_code_points(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let src = input.utf8.as_slice();
    let ours = move || UTF_8.count_code_points(black_box(src)).unwrap_or(usize::MAX);
    let std = move || std::str::from_utf8(black_box(src)).map_or(usize::MAX, |s| s.chars().count());
    count_race(src.len(), ours, ("std", std))
}

fn utf8_len_from_utf16le(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let (bytes, units) = (input.utf16le.as_slice(), input.utf16.as_slice());
    let ours = move || UTF_16LE.utf8_len(black_box(bytes)).unwrap_or(usize::MAX);
    let std = move || {
        char::decode_utf16(black_box(units).iter().copied())
            .map(|c| c.map(char::len_utf8))
            .sum::<Result<usize, _>>()
            .unwrap_or(usize::MAX)
    };
    count_race(input.utf8.len(), ours, ("std", std))
}

fn utf8_len_lossy_from_utf16le(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    let (bytes, units) = (input.utf16le.as_slice(), input.utf16.as_slice());
    let ours = move || UTF_16LE.utf8_len_lossy(black_box(bytes));
    let std = move || char::decode_utf16(black_box(units).iter().copied()).map(|c| c.map_or(3, char::len_utf8)).sum();
    count_race(input.utf8.len(), ours, ("std", std))
}

/// The contenders of converting the text in the Encoding Standard's
/// encoding `label` to UTF-8: utfx's `Transcoder` from the codec of
/// `codec-encoding-standard`, and encoding_rs's `decode_to_utf8` (what
/// the codec is built on, the yardstick: the adapter must not
/// cost what the decoder costs). The source is the text as encoding_rs's
/// encoder writes it, HTML references for what the encoding lacks; the
/// throughput counts its bytes.
fn legacy_to_utf8<'a>(input: &'a Input, label: &str) -> Result<Vec<Contender<'a>>, String> {
    let encoding = encoding_rs::Encoding::for_label(label.as_bytes()).ok_or("no such encoding in encoding_rs")?;
    let codec: &'static StandardEncoding =
        codec_encoding_standard::for_label(label).ok_or("no such encoding in codec-encoding-standard")?;
    let (bytes, _, _) = encoding.encode(input.str());
    let src = Placed::copy_of(&bytes, SRC_OFFSET);
    let room = encoding.new_decoder_without_bom_handling().max_utf8_buffer_length(src.len()).ok_or("overflow")?;
    let mut ours_dst = Placed::<u8>::zeroed(room, DST_OFFSET);
    let mut peer_dst = Placed::<u8>::zeroed(room, DST_OFFSET);
    let src_len = src.len();
    let ours = move |src: &[u8], dst: &mut [u8]| {
        let mut transcoder = Transcoder::new(codec, DecodeMode::Replace, &UTF_8, EncodeMode::Fatal);
        let (status, read, written) = transcoder.transcode(src, dst, true);
        black_box((status.is_input_empty(), read, written))
    };
    let peer = move |src: &[u8], dst: &mut [u8]| {
        let mut decoder = encoding.new_decoder_without_bom_handling();
        let (result, read, written, _) = decoder.decode_to_utf8(src, dst, true);
        black_box((result == encoding_rs::CoderResult::InputEmpty, read, written))
    };
    let (ok, read, written) = ours(src.as_slice(), ours_dst.as_mut_slice());
    let (peer_ok, peer_read, peer_written) = peer(src.as_slice(), peer_dst.as_mut_slice());
    if !ok || !peer_ok || read != src_len || peer_read != src_len {
        return Err("a conversion stopped early".into());
    }
    same(&ours_dst.as_slice()[..written], &peer_dst.as_slice()[..peer_written], "encoding_rs")?;
    let (ours_src, peer_src) = (Placed::copy_of(src.as_slice(), SRC_OFFSET), src);
    Ok(vec![
        Contender::new("utfx", src_len, move || _ = ours(ours_src.as_slice(), ours_dst.as_mut_slice())),
        Contender::new("encoding_rs", src_len, move || _ = peer(peer_src.as_slice(), peer_dst.as_mut_slice())),
    ])
}

fn legacy_windows_1252(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    legacy_to_utf8(input, "windows-1252")
}

fn legacy_shift_jis(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    legacy_to_utf8(input, "shift_jis")
}

fn legacy_gb18030(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    legacy_to_utf8(input, "gb18030")
}

fn legacy_euc_kr(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    legacy_to_utf8(input, "euc-kr")
}

fn legacy_big5(input: &Input) -> Result<Vec<Contender<'_>>, String> {
    legacy_to_utf8(input, "big5")
}
