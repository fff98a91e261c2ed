//! `--from auto` and `--detect`: the encoding of an input, decided in stages from cheap to
//! expensive, each of which only answers when its evidence is conclusive:
//!
//! 1. a byte order mark;
//! 2. UTF-16/UTF-32 without a BOM, by their zero bytes ([`wide`]);
//! 3. the 7-bit stateful encodings, by their escape sequences ([`escape`]), before UTF-8,
//!    which they would pass for;
//! 4. UTF-8, when the input is valid UTF-8 (a character cut by the end of the input is
//!    forgiven) or mostly so;
//! 5. a ranking of every candidate encoding by how its decoding reads ([`score`], with the
//!    character model of [`text`] and the encoding the document declares, [`declared`]),
//!    which gives the answer a confidence and runners-up.
//!
//! A regular file is judged by stage 4 on all of its bytes; stage 5 reads at most
//! [`SCORE_LIMIT`] bytes from the first non-ASCII byte on (the verdict is settled long
//! before, and this bounds the time on large files); a stream is judged on a bounded prefix.

#![forbid(unsafe_code)]

pub mod bytewise;
#[rustfmt::skip]
pub mod chars;
#[rustfmt::skip]
pub mod code_pages;
#[rustfmt::skip]
pub mod common_cjk;
pub mod declared;
pub mod escape;
mod index;
pub mod lang;
pub mod letters;
#[rustfmt::skip]
pub mod model;
pub mod punct;
pub mod score;
pub mod text;
pub mod wide;

use crate::codecs::bom;
use crate::codecs::{Charset, labels};
use crate::convert::Failure;
use crate::io::{Input, WINDOW};
use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};

/// How much of a stream the verdict rests on.
pub const PREFIX: usize = 64 * 1024;
/// How much non-ASCII text of a file chardetng reads at most.
const GUESS_LIMIT: usize = 1024 * 1024;
/// How many bytes the scoring stage decodes with every candidate, at most.
pub const SCORE_LIMIT: usize = 8 * 1024;
/// How many runners-up a verdict names.
pub const RUNNERS_UP: usize = 3;
/// Below this confidence (in percent) `-f auto` refuses to guess.
pub const REFUSE_BELOW: u8 = 50;

/// How the encoding was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// A byte order mark.
    Bom,
    /// The pattern of zero bytes of BOM-less UTF-16 or UTF-32.
    Zeros,
    /// The escape sequences of a 7-bit stateful encoding.
    Escapes,
    /// Valid UTF-8 with some non-ASCII text.
    Utf8,
    /// UTF-8 with a long run of valid non-ASCII text before its first ill-formed byte.
    MostlyUtf8,
    /// Nothing but ASCII (read as UTF-8).
    Ascii,
    /// The best-reading candidate of the scoring stage.
    Guess,
}

/// The verdict on an input's encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Detection {
    /// The encoding to read it as.
    pub charset: Charset,
    /// How that was decided.
    pub how: How,
    /// How sure, in percent.
    pub confidence: u8,
    /// The next best readings, with their confidence.
    pub runners_up: [Option<(Charset, u8)>; RUNNERS_UP],
    /// An encoding its escape sequences prove that no converter here handles.
    pub unsupported: Option<&'static str>,
}

impl Detection {
    /// True when `-f auto` must not convert on this verdict.
    pub fn refused(&self) -> bool {
        self.unsupported.is_some() || self.confidence < REFUSE_BELOW
    }
}

/// Decides the encoding of `input` without consuming any of it.
pub fn detect(input: &mut Input) -> Result<Detection, Failure> {
    input.peek(PREFIX)?;
    let (head, eof) = input.prefix(PREFIX);
    if let Some(b) = bom::sniff(head) {
        return Ok(found(b.charset(), How::Bom, 100));
    }
    if let Some(cs) = wide::sniff(head) {
        return Ok(found(cs, How::Zeros, 99));
    }
    match escape::sniff(head) {
        Some(escape::Proof::Supported(cs)) => return Ok(found(cs, How::Escapes, 99)),
        Some(escape::Proof::Unsupported(name)) => {
            let mut d = found(labels::US_ASCII, How::Escapes, 0);
            d.unsupported = Some(name);
            return Ok(d);
        }
        None => {}
    }
    let head_ascii = head.is_ascii();
    let utf8 = if input.is_file() {
        file_is_utf8(input)?
    } else {
        prefix_is_utf8(head, eof)
    };
    if let Some(all_ascii) = utf8 {
        let (how, confidence) = if all_ascii {
            (How::Ascii, 100)
        } else {
            (How::Utf8, 99)
        };
        return Ok(found(labels::UTF_8, how, confidence));
    }
    if mostly_utf8(head) {
        // Text in a legacy encoding is almost never valid UTF-8 for long: this is UTF-8 with
        // some bad bytes, which the error policy is for.
        return Ok(found(labels::UTF_8, How::MostlyUtf8, 90));
    }
    let window = scoring_window(head);
    let ranking = score::ranking(window, head);
    // chardetng reads every byte with each of its models: it is asked only when its guess
    // could change the verdict, which is the answer and whether `-f auto` takes it.
    let verdict = |conf: &[(Charset, u8)]| conf.first().map(|&(cs, c)| (cs, c >= REFUSE_BELOW));
    let guess = if ranking.guess_matters(verdict) {
        chardetng_guess(input, head_ascii)?
    } else {
        None
    };
    let conf = ranking.confidences(guess);
    // For tuning the weights: every surviving candidate's score on standard error.
    if std::env::var_os("TRANSCODE_DETECT_TRACE").is_some() {
        for r in &ranking.with_guess(guess) {
            eprintln!("{}: {:.1}", r.charset, r.score);
        }
    }
    let Some(&(charset, confidence)) = conf.first() else {
        // Nothing decodes it: chardetng's guess, with no confidence.
        return Ok(found(guess.unwrap_or(labels::UTF_8), How::Guess, 0));
    };
    let mut d = found(charset, How::Guess, confidence);
    for (slot, &r) in d.runners_up.iter_mut().zip(conf.iter().skip(1)) {
        *slot = Some(r);
    }
    Ok(d)
}

/// The bytes the scoring stage reads: from a little before the first non-ASCII byte (at a
/// multiple of four, so that wide forms stay aligned), at most [`SCORE_LIMIT`] of them.
fn scoring_window(head: &[u8]) -> &[u8] {
    let first = head.iter().position(|b| !b.is_ascii()).unwrap_or(0);
    let start = first.saturating_sub(256) / 4 * 4;
    let end = head.len().min(start + SCORE_LIMIT);
    &head[start..end]
}

fn found(charset: Charset, how: How, confidence: u8) -> Detection {
    Detection {
        charset,
        how,
        confidence,
        runners_up: [None; 3],
        unsupported: None,
    }
}

/// How many valid non-ASCII UTF-8 characters before the first error make UTF-8 the verdict.
const MOSTLY_UTF8: usize = 32;

/// True when `head` has at least [`MOSTLY_UTF8`] non-ASCII UTF-8 characters before its
/// first ill-formed byte.
fn mostly_utf8(head: &[u8]) -> bool {
    let valid = match std::str::from_utf8(head) {
        Ok(_) => head.len(),
        Err(e) => e.valid_up_to(),
    };
    let leads = head[..valid].iter().filter(|&&b| b >= 0xC0).count();
    leads >= MOSTLY_UTF8
}

/// `Some(all_ascii)` when the prefix is UTF-8 (an incomplete sequence at its end is allowed
/// when more input follows, or after valid non-ASCII text).
fn prefix_is_utf8(head: &[u8], eof: bool) -> Option<bool> {
    match std::str::from_utf8(head) {
        Ok(s) => Some(s.is_ascii()),
        // An incomplete character at the end: more input follows, or the input was cut
        // (forgiven after some valid non-ASCII text: `caf\xE9` is not cut UTF-8).
        Err(e) if e.error_len().is_none() && (!eof || !head[..e.valid_up_to()].is_ascii()) => {
            Some(false)
        }
        Err(_) => None,
    }
}

/// `Some(all_ascii)` when the whole file is UTF-8, read in windows beside the conversion.
fn file_is_utf8(input: &Input) -> Result<Option<bool>, Failure> {
    let mut buf = vec![0u8; WINDOW];
    let mut carry = 0usize;
    let mut at = 0u64;
    let mut ascii = true;
    loop {
        let n = input
            .read_at(at, &mut buf[carry..])
            .map_err(|e| Failure::io(format!("cannot read {}", input.name), e))?;
        at += n as u64;
        let filled = carry + n;
        let chunk = &buf[..filled];
        let valid = match simdutf8::compat::from_utf8(chunk) {
            Ok(_) => filled,
            Err(e) if e.error_len().is_none() && n > 0 => e.valid_up_to(),
            // A character cut by the end of the file is forgiven (the file may be a prefix).
            // (after some valid non-ASCII text: `caf\xE9` is not cut UTF-8).
            Err(e)
                if e.error_len().is_none() && !(ascii && chunk[..e.valid_up_to()].is_ascii()) =>
            {
                return Ok(Some(false));
            }
            Err(_) => return Ok(None),
        };
        ascii &= chunk[..valid].is_ascii();
        if n == 0 {
            return Ok(Some(ascii));
        }
        buf.copy_within(valid..filled, 0);
        carry = filled - valid;
    }
}

/// chardetng's guess: of a file, from its first non-ASCII byte on when its prefix is ASCII
/// ([`feed_file`]); of a stream, of its prefix.
fn chardetng_guess(input: &Input, head_ascii: bool) -> Result<Option<Charset>, Failure> {
    let mut detector = EncodingDetector::new(Iso2022JpDetection::Deny);
    if input.is_file() && head_ascii {
        feed_file(input, &mut detector)?;
    } else {
        let (head, eof) = input.prefix(PREFIX);
        detector.feed(head, eof);
    }
    Ok(labels::for_encoding(
        detector.guess(None, Utf8Detection::Deny),
    ))
}

/// Feeds the guesser from the first non-ASCII byte of a file on, so that a long ASCII
/// preamble does not leave it guessing blind.
fn feed_file(input: &Input, detector: &mut EncodingDetector) -> Result<(), Failure> {
    let mut buf = vec![0u8; WINDOW];
    let mut at = 0u64;
    let mut fed = 0usize;
    loop {
        let n = input
            .read_at(at, &mut buf)
            .map_err(|e| Failure::io(format!("cannot read {}", input.name), e))?;
        if n == 0 {
            detector.feed(&[], true);
            return Ok(());
        }
        at += n as u64;
        let chunk = &buf[..n];
        let start = if fed == 0 {
            match chunk.iter().position(|b| !b.is_ascii()) {
                // Keep a little context before the first non-ASCII byte.
                Some(i) => i.saturating_sub(64),
                None => continue,
            }
        } else {
            0
        };
        detector.feed(&chunk[start..], false);
        fed += n - start;
        if fed >= GUESS_LIMIT {
            detector.feed(&[], true);
            return Ok(());
        }
    }
}

/// Why `input` looks binary: a NUL byte in its first 8 KiB when it is not UTF-16 or UTF-32
/// by its label, its BOM or its zero bytes.
pub fn binary_reason(input: &mut Input, from: Charset) -> Result<Option<String>, Failure> {
    input.peek(8192)?;
    let (head, _) = input.prefix(8192);
    let wide = from.order().is_some()
        || bom::sniff(head).is_some_and(|b| b.charset().order().is_some())
        || wide::sniff(head).is_some();
    Ok(match memchr::memchr(0, head) {
        Some(at) if !wide => Some(format!(
            "binary (a NUL byte at offset {at}); use --binary to convert it"
        )),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn detect_bytes(bytes: &[u8]) -> Detection {
        let mut input = Input::from_reader("t", Box::new(Cursor::new(bytes.to_vec())));
        detect(&mut input).unwrap()
    }

    #[test]
    fn verdicts() {
        assert_eq!(detect_bytes(b"plain").how, How::Ascii);
        assert_eq!(detect_bytes("中文".as_bytes()).how, How::Utf8);
        assert_eq!(detect_bytes(b"\xFF\xFEa\x00").charset, labels::UTF_16LE);
        let gbk = encoding_rs::GBK
            .encode("这是一个用简体中文写的句子，用来测试编码检测。")
            .0;
        let d = detect_bytes(&gbk);
        assert_eq!((d.charset, d.how), (labels::GBK, How::Guess));
        assert!(d.confidence >= REFUSE_BELOW, "{d:?}");
    }

    #[test]
    fn incomplete_sequence_at_the_end_of_a_prefix_is_fine() {
        assert_eq!(prefix_is_utf8(b"a\xE4\xB8", false), Some(false));
        assert_eq!(prefix_is_utf8(b"a\xE4\xB8", true), None);
        assert_eq!(
            prefix_is_utf8("中文".as_bytes()[..5].as_ref(), true),
            Some(false)
        );
    }
}
