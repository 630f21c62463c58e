//! The rows of the UTF-8 family against UTF-8 (issue 29, target 4): each
//! codec of the family, on its own encoding of each corpus text, in
//! validation, decoding to UTF-16 and encoding from code points, raced
//! against the project's UTF-8 doing the same to the text in UTF-8.
//!
//! Both contenders count the text's UTF-8 bytes, so the ratio is the ratio
//! of the times the two take over the same text, whatever each encoding's
//! size (CESU-8's emoji text takes six bytes a character, where UTF-8 takes
//! four: its rows carry that cost).

use std::hint::black_box;

use codec_cesu8::{CESU_8, MUTF_8};
use codec_core::Narrow;
use codec_corrected_utf8::CORRECTED_UTF_8;
use codec_utf_inf_8::{UTF_INF_8, UtfInf8};
use codec_utf8::{CodePoint, Decode, DecodeMode, Decoder, Encode, GENERALIZED_UTF_8, UTF_8, UTF_8_RFC2279};
use codec_wtf8::WTF_8;

use crate::ops::{Contender, DST_OFFSET, Input, Op, Placed, SRC_OFFSET, same};

/// UTF-∞-8 over `CodePoint`, as the registry sees it: the buffer APIs and
/// the peer's code points speak `CodePoint`.
static INF: Narrow<&UtfInf8> = Narrow(&UTF_INF_8);

/// A codec of the family as the rows use it: over [`CodePoint`], shared.
trait Member: Decode<Point = CodePoint> + Encode<Point = CodePoint> + Sync + 'static {}
impl<C: Decode<Point = CodePoint> + Encode<Point = CodePoint> + Sync + 'static> Member for C {}

/// The text's code points and its bytes in `codec`, checked to decode back.
fn own_text(codec: &impl Member, input: &Input) -> Result<(Vec<CodePoint>, Placed<u8>), String> {
    let points = UTF_8.decode(input.utf8.as_slice()).map_err(|e| e.to_string())?;
    let bytes = codec.encode(&points).map_err(|e| e.to_string())?;
    same(&codec.decode(&bytes).map_err(|e| e.to_string())?, &points, "the corpus")?;
    Ok((points, Placed::copy_of(&bytes, SRC_OFFSET)))
}

fn validate<'a>(codec: &'static impl Member, input: &'a Input) -> Result<Vec<Contender<'a>>, String> {
    let (_, bytes) = own_text(codec, input)?;
    let utf8 = input.utf8.as_slice();
    same(&codec.validate(bytes.as_slice()).is_ok(), &true, "the corpus")?;
    Ok(vec![
        Contender::new("utfx", utf8.len(), move || _ = black_box(codec.validate(black_box(bytes.as_slice())).is_ok())),
        Contender::new("UTF_8", utf8.len(), move || _ = black_box(UTF_8.validate(black_box(utf8)).is_ok())),
    ])
}

fn to_utf16<'a>(codec: &'static impl Member, input: &'a Input) -> Result<Vec<Contender<'a>>, String> {
    let (_, bytes) = own_text(codec, input)?;
    let utf8 = input.utf8.as_slice();
    let len = UTF_8.decoder(DecodeMode::Replace).max_utf16_len(bytes.len().max(utf8.len())).ok_or("overflow")?;
    let mut ours_dst = Placed::<u16>::zeroed(len, DST_OFFSET);
    let mut peer_dst = Placed::<u16>::zeroed(len, DST_OFFSET);
    let ours = move |src: &[u8], dst: &mut [u16]| {
        let (status, read, written) = Decoder::new(codec, DecodeMode::Replace).decode_to_utf16(src, dst, true);
        black_box((status.is_input_empty() && read == src.len()).then_some(written))
    };
    let peer = move |dst: &mut [u16]| {
        let (status, read, written) = UTF_8.decoder(DecodeMode::Replace).decode_to_utf16(utf8, dst, true);
        black_box((status.is_input_empty() && read == utf8.len()).then_some(written))
    };
    let written = ours(bytes.as_slice(), ours_dst.as_mut_slice()).ok_or("utfx stopped early")?;
    let peer_written = peer(peer_dst.as_mut_slice()).ok_or("UTF_8 stopped early")?;
    same(&ours_dst.as_slice()[..written], &peer_dst.as_slice()[..peer_written], "UTF_8")?;
    Ok(vec![
        Contender::new("utfx", utf8.len(), move || _ = ours(bytes.as_slice(), ours_dst.as_mut_slice())),
        Contender::new("UTF_8", utf8.len(), move || _ = peer(peer_dst.as_mut_slice())),
    ])
}

fn encode<'a>(codec: &'static impl Member, input: &'a Input) -> Result<Vec<Contender<'a>>, String> {
    let (points, bytes) = own_text(codec, input)?;
    same(&codec.encode(&points).map_err(|e| e.to_string())?[..], bytes.as_slice(), "its own encoding")?;
    let peer_points = points.clone();
    let utf8 = input.utf8.len();
    Ok(vec![
        Contender::new("utfx", utf8, move || _ = black_box(codec.encode(black_box(&points)))),
        Contender::new("UTF_8", utf8, move || _ = black_box(UTF_8.encode(black_box(&peer_points)))),
    ])
}

/// Stamps the three rows of each codec: `$codec` a `static` of the family,
/// `$name` the rows' name (`own-validate-$name`, ...), `$label` its name in
/// words, `$call` its static's name in the titles, `$bench` the criterion
/// bench it belongs to.
macro_rules! family_rows {
    ($($codec:expr, $name:literal, $label:literal, $call:literal, $bench:literal, $v:ident, $d:ident, $e:ident;)*) => {
        $(
            fn $v(input: &Input) -> Result<Vec<Contender<'_>>, String> {
                validate(&$codec, input)
            }
            fn $d(input: &Input) -> Result<Vec<Contender<'_>>, String> {
                to_utf16(&$codec, input)
            }
            fn $e(input: &Input) -> Result<Vec<Contender<'_>>, String> {
                encode(&$codec, input)
            }
        )*

        /// The family's rows: each codec's validation, decoding to UTF-16
        /// and encoding, against UTF-8's on the same text.
        pub const FAMILY_OPS: &[Op] = &[
            $(
                Op {
                    name: concat!("own-validate-", $name),
                    title: concat!($label, " validation of its own encoding of the text (`", $call,
                        ".validate`; peer: `UTF_8.validate` of the text in UTF-8; both count the UTF-8 bytes)"),
                    peers: &["UTF_8"],
                    bench: $bench,
                    prepare: $v,
                },
                Op {
                    name: concat!("own-to-utf16-", $name),
                    title: concat!($label, " to UTF-16, its own encoding of the text (`Decoder::decode_to_utf16` of `",
                        $call, "`, replace; peer: the same for `UTF_8`; both count the UTF-8 bytes)"),
                    peers: &["UTF_8"],
                    bench: $bench,
                    prepare: $d,
                },
                Op {
                    name: concat!("own-encode-", $name),
                    title: concat!("encoding code points to ", $label, " (`", $call,
                        ".encode`; peer: `UTF_8.encode`; both count the UTF-8 bytes)"),
                    peers: &["UTF_8"],
                    bench: $bench,
                    prepare: $e,
                },
            )*
        ];
    };
}

family_rows! {
    GENERALIZED_UTF_8, "generalized-utf-8", "generalized UTF-8", "GENERALIZED_UTF_8", "utf8",
        generalized_validate, generalized_to_utf16, generalized_encode;
    UTF_8_RFC2279, "utf-8-rfc2279", "RFC 2279 UTF-8", "UTF_8_RFC2279", "utf8",
        rfc2279_validate, rfc2279_to_utf16, rfc2279_encode;
    WTF_8, "wtf-8", "WTF-8", "WTF_8", "wtf8", wtf8_validate, wtf8_to_utf16, wtf8_encode;
    CESU_8, "cesu-8", "CESU-8", "CESU_8", "cesu8", cesu8_validate, cesu8_to_utf16, cesu8_encode;
    MUTF_8, "mutf-8", "Modified UTF-8", "MUTF_8", "cesu8", mutf8_validate, mutf8_to_utf16, mutf8_encode;
    CORRECTED_UTF_8, "corrected-utf-8", "Corrected UTF-8", "CORRECTED_UTF_8", "corrected_utf8",
        corrected_validate, corrected_to_utf16, corrected_encode;
    INF, "utf-inf-8", "UTF-∞-8", "Narrow(&UTF_INF_8)", "utf_inf_8", inf_validate, inf_to_utf16, inf_encode;
}
