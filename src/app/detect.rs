//! `--from auto`: the BOM, then UTF-16/UTF-32 by their zero bytes, then UTF-8 if the input is
//! valid UTF-8, then a guess by chardetng (the detector Firefox uses).
//!
//! A regular file is judged on all of its bytes, however it is read; a stream on a bounded
//! prefix (an invalid byte after it is then an ordinary error under the policy).

#![forbid(unsafe_code)]

use crate::codecs::bom;
use crate::codecs::{Charset, labels};
use crate::convert::Failure;
use crate::io::{Input, WINDOW};
use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};

/// How much of a stream the verdict rests on.
pub const PREFIX: usize = 64 * 1024;
/// How much non-ASCII text of a file the guesser reads at most.
const GUESS_LIMIT: usize = 1024 * 1024;

/// How the encoding was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// A byte order mark.
    Bom,
    /// The pattern of zero bytes of BOM-less UTF-16 or UTF-32.
    Zeros,
    /// Valid UTF-8 with some non-ASCII text.
    Utf8,
    /// UTF-8 with a long run of valid non-ASCII text before its first ill-formed byte.
    MostlyUtf8,
    /// Nothing but ASCII (read as UTF-8).
    Ascii,
    /// chardetng's guess.
    Guess,
}

/// The verdict on an input's encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Detection {
    /// The encoding to read it as.
    pub charset: Charset,
    /// How that was decided.
    pub how: How,
}

/// Decides the encoding of `input` without consuming any of it.
pub fn detect(input: &mut Input) -> Result<Detection, Failure> {
    input.peek(PREFIX)?;
    let (head, eof) = input.prefix(PREFIX);
    if let Some(b) = bom::sniff(head) {
        return Ok(found(b.charset(), How::Bom));
    }
    if let Some(cs) = bom::sniff_wide_without_bom(head, eof) {
        return Ok(found(cs, How::Zeros));
    }
    let head_ascii = head.is_ascii();
    let utf8 = if input.is_file() {
        file_is_utf8(input)?
    } else {
        prefix_is_utf8(head, eof)
    };
    if let Some(all_ascii) = utf8 {
        let how = if all_ascii { How::Ascii } else { How::Utf8 };
        return Ok(found(labels::UTF_8, how));
    }
    if mostly_utf8(head) {
        // Text in a legacy encoding is almost never valid UTF-8 for long: this is UTF-8 with
        // some bad bytes, which the error policy is for.
        return Ok(found(labels::UTF_8, How::MostlyUtf8));
    }
    let mut detector = EncodingDetector::new(Iso2022JpDetection::Allow);
    if input.is_file() && head_ascii {
        feed_file(input, &mut detector)?;
    } else {
        detector.feed(head, eof);
    }
    let guess = detector.guess(None, Utf8Detection::Deny);
    // chardetng only answers WHATWG encodings, every one of which the label table has.
    let charset = labels::for_encoding(guess).unwrap_or(labels::UTF_8);
    Ok(found(charset, How::Guess))
}

fn found(charset: Charset, how: How) -> Detection {
    Detection { charset, how }
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
/// when more input follows).
fn prefix_is_utf8(head: &[u8], eof: bool) -> Option<bool> {
    match std::str::from_utf8(head) {
        Ok(s) => Some(s.is_ascii()),
        Err(e) if e.error_len().is_none() && !eof => Some(head[..e.valid_up_to()].is_ascii()),
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
    let (head, eof) = input.prefix(8192);
    let wide = from.order().is_some()
        || bom::sniff(head).is_some_and(|b| b.charset().order().is_some())
        || bom::sniff_wide_without_bom(head, eof).is_some();
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
    }

    #[test]
    fn incomplete_sequence_at_the_end_of_a_prefix_is_fine() {
        assert_eq!(prefix_is_utf8(b"a\xE4\xB8", false), Some(true));
        assert_eq!(prefix_is_utf8(b"a\xE4\xB8", true), None);
    }
}
