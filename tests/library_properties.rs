//! The policy properties of `tests/properties.rs`, through the public API (`Transcoder`,
//! `DecodeReader`, `EncodeWriter`) instead of the command line's entry point:
//!
//! 1. The library gives the same bytes and the same verdict as the command line's stream
//!    conversion, for every charset pair and policy, whole or in arbitrary pieces, through
//!    `Transcoder::convert`, `DecodeReader` (to UTF-8) and `EncodeWriter` (from UTF-8).
//! 2. `Policy::Escape` round trip: E → UTF-16LE / UTF-8 → E gives the input back.
//! 3. `Policy::Replace` output is well-formed UTF-8 and always succeeds.
//! 4. Strict errors carry the offset the command line reports.

mod common;

use proptest::prelude::*;
use proptest::test_runner::Config;
use std::io::{Cursor, Read, Write};
use transcoder::app::settings::Settings;
use transcoder::app::stream::convert_reader;
use transcoder::codecs::labels::resolve;
use transcoder::convert;
use transcoder::{Charset, DecodeReader, EncodeWriter, ErrorKind, Options, Policy, Transcoder};

fn config(cases: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(cases);
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

/// A reader that returns its data in pieces of the given sizes (cycling).
struct Chunked {
    data: Vec<u8>,
    pos: usize,
    sizes: Vec<usize>,
    turn: usize,
}

impl Chunked {
    fn new(data: &[u8], sizes: &[usize]) -> Chunked {
        Chunked {
            data: data.to_vec(),
            pos: 0,
            sizes: sizes.to_vec(),
            turn: 0,
        }
    }
}

impl Read for Chunked {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let size = self.sizes[self.turn % self.sizes.len()].max(1);
        self.turn += 1;
        let n = size.min(buf.len()).min(self.data.len() - self.pos);
        buf[..n].copy_from_slice(&self.data[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

fn internal(policy: Policy) -> convert::Policy {
    match policy {
        Policy::Strict => convert::Policy::Strict,
        Policy::Replace => convert::Policy::Replace,
        Policy::Escape => convert::Policy::Escape,
        Policy::Discard => convert::Policy::Discard,
        _ => unreachable!(),
    }
}

/// The command line's stream conversion, in process: output and exit status.
fn command_line(input: &[u8], from: &str, to: &str, policy: Policy) -> (Vec<u8>, i32) {
    let (from, to) = (resolve(from).unwrap(), resolve(to).unwrap());
    let settings = Settings::new(from, to, internal(policy));
    convert_reader(Box::new(Cursor::new(input.to_vec())), &settings)
}

/// The status the command line would exit with for a library result.
fn status(result: Result<transcoder::Report, transcoder::Error>, policy: Policy) -> i32 {
    match result {
        Ok(report) if policy == Policy::Discard && report.lossy() => 1,
        Ok(_) => 0,
        Err(e) if e.kind() == ErrorKind::Io => 2,
        Err(_) => 1,
    }
}

fn transcoder(from: &str, to: &str, policy: Policy) -> Transcoder {
    Transcoder::with_options(from, to, Options::new().policy(policy)).unwrap()
}

/// Through `Transcoder::convert`, the input read in pieces of `sizes`.
fn library(input: &[u8], sizes: &[usize], from: &str, to: &str, p: Policy) -> (Vec<u8>, i32) {
    let mut out = Vec::new();
    let result = transcoder(from, to, p).convert(Chunked::new(input, sizes), &mut out);
    (out, status(result, p))
}

/// Through `DecodeReader`, read into a small buffer at a time.
fn decode_reader(input: &[u8], sizes: &[usize], from: &str, p: Policy) -> (Vec<u8>, i32) {
    let options = Options::new().policy(p);
    let charset = Charset::for_label(from).unwrap();
    let mut reader = DecodeReader::with_options(Chunked::new(input, sizes), charset, options);
    let mut out = Vec::new();
    let mut buf = [0; 7];
    let result = loop {
        match reader.read(&mut buf) {
            Ok(0) => break Ok(reader.report()),
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(e) => break Err(transcoder::Error::from(e)),
        }
    };
    (out, status(result, p))
}

/// Through `EncodeWriter`, written in pieces of `sizes`.
fn encode_writer(input: &[u8], sizes: &[usize], to: &str, p: Policy) -> (Vec<u8>, i32) {
    let options = Options::new().policy(p);
    let charset = Charset::for_label(to).unwrap();
    let mut writer = EncodeWriter::with_options(Vec::new(), charset, options).unwrap();
    let mut at = 0;
    let mut turn = 0;
    while at < input.len() {
        let n = sizes[turn % sizes.len()].max(1).min(input.len() - at);
        turn += 1;
        if let Err(e) = writer.write_all(&input[at..at + n]) {
            let out = writer.get_ref().clone();
            return (out, status(Err(e.into()), p));
        }
        at += n;
    }
    let result = writer.try_finish().map(|()| writer.report());
    (writer.into_inner(), status(result, p))
}

const FROM: &[&str] = &[
    "UTF-8",
    "UTF-16LE",
    "UTF-16",
    "UTF-32BE",
    "GBK",
    "GB18030",
    "Big5",
    "Shift_JIS",
    "GB2312",
    "EUC-KR",
    "ISO-2022-JP",
    "ISO-8859-1",
    "US-ASCII",
    "auto",
];
const TO: &[&str] = &[
    "UTF-8",
    "UTF-16LE",
    "UTF-32BE",
    "GBK",
    "GB18030",
    "ISO-8859-1",
];
const POLICIES: &[Policy] = &[
    Policy::Strict,
    Policy::Replace,
    Policy::Escape,
    Policy::Discard,
];

/// Bytes biased towards lead and trail bytes, zeros and high bytes, or text.
fn input() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        3 => any::<u8>(),
        1 => prop::sample::select(vec![
            0x00u8, 0x0A, 0x0D, 0x1B, 0x30, 0x7F, 0x80, 0x81, 0xA1, 0xC3, 0xD6, 0xDC, 0xE4,
            0xEF, 0xFE, 0xFF,
        ]),
    ];
    let text = "[a-z \n\r中文é€😀\u{FEFF}]{0,60}".prop_map(String::into_bytes);
    prop_oneof![prop::collection::vec(byte, 0..300), text]
}

fn sizes() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(1usize..40, 1..8)
}

proptest! {
    #![proptest_config(config(64))]

    /// 1. Same bytes, same verdict as the command line, however the input is split.
    #[test]
    fn library_agrees_with_command_line(
        from in prop::sample::select(FROM),
        to in prop::sample::select(TO),
        policy in prop::sample::select(POLICIES),
        input in input(),
        sizes in sizes(),
    ) {
        let expected = command_line(&input, from, to, policy);
        let whole = library(&input, &[usize::MAX], from, to, policy);
        prop_assert_eq!(&whole, &expected, "-f {} -t {} {:?} whole, input {}",
            from, to, policy, common::hex_short(&input));
        let pieces = library(&input, &sizes, from, to, policy);
        prop_assert_eq!(&pieces, &expected, "-f {} -t {} {:?} chunks {:?}", from, to, policy, sizes);
        if to == "UTF-8" {
            let read = decode_reader(&input, &sizes, from, policy);
            prop_assert_eq!(&read, &expected, "DecodeReader -f {} {:?} chunks {:?}", from, policy, sizes);
        }
        if from == "UTF-8" {
            let written = encode_writer(&input, &sizes, to, policy);
            prop_assert_eq!(&written, &expected, "EncodeWriter -t {} {:?} chunks {:?}", to, policy, sizes);
        }
    }

    /// 2. Escape is lossless through UTF-16LE, and through UTF-8 where the command line is.
    #[test]
    fn escape_round_trips(
        e in prop::sample::select(&["UTF-8", "GBK", "GB18030", "Big5", "Shift_JIS"][..]),
        middle in prop::sample::select(&["UTF-16LE", "UTF-8"][..]),
        input in input(),
    ) {
        // As in properties.rs: through UTF-8 only for UTF-8, GBK and GB18030 (in the
        // others, escaped bytes written raw into UTF-8 can read back as other characters).
        prop_assume!(middle != "UTF-8" || matches!(e, "UTF-8" | "GBK" | "GB18030"));
        let options = || Options::new().policy(Policy::Escape).keep_bom(true);
        let there = Transcoder::with_options(e, middle, options()).unwrap();
        let back = Transcoder::with_options(middle, e, options()).unwrap();
        let Ok(mid) = there.convert_slice(&input) else {
            // Bytes below 0x80 that are ill-formed (a broken escape sequence, a lone trail
            // byte in Big5) cannot be escaped: the command line refuses them too.
            let (_, status) = command_line(&input, e, middle, Policy::Escape);
            prop_assert_eq!(status, 1);
            return Ok(());
        };
        let again = back.convert_slice(&mid);
        prop_assert!(again.as_deref().ok() == Some(&input[..]), "{} -> {} -> {}: {}",
            e, middle, e, common::hex_short(&input));
    }

    /// 3. Replace always succeeds and writes well-formed UTF-8, except that `auto` may
    ///    refuse to guess (random bytes often read about as well in several charsets); it
    ///    then writes nothing.
    #[test]
    fn replace_is_well_formed(from in prop::sample::select(FROM), input in input()) {
        let options = Options::new().policy(Policy::Replace);
        let mut text = String::new();
        let charset = Charset::for_label(from).unwrap();
        let read = DecodeReader::with_options(&input[..], charset, options).read_to_string(&mut text);
        let kind = read.as_ref().err().and_then(|e| e.get_ref())
            .and_then(|e| e.downcast_ref::<transcoder::Error>()).map(transcoder::Error::kind);
        let refused = from == "auto" && kind == Some(ErrorKind::Undetected) && text.is_empty();
        prop_assert!(read.is_ok() || refused, "-f {}: {:?}", from, read);
    }

    /// 4. A strict error's offset is the one the command line reports (`auto` may instead
    ///    refuse to guess, as the command line does).
    #[test]
    fn strict_errors_are_located(from in prop::sample::select(FROM), input in input()) {
        let Err(e) = transcoder::to_utf8(&input, from) else { return Ok(()) };
        let settings = Settings::new(resolve(from).unwrap(), resolve("UTF-8").unwrap(),
            convert::Policy::Strict);
        let (out, status) = convert_reader(Box::new(Cursor::new(input.clone())), &settings);
        prop_assert_eq!(status, 1);
        if e.kind() == ErrorKind::Undetected {
            // `auto` refused to guess: no place in the input, and nothing written by either.
            prop_assert!(from == "auto" && out.is_empty(), "{}", e);
            return Ok(());
        }
        let offset = e.offset().unwrap_or(u64::MAX);
        prop_assert!(offset < input.len() as u64, "{}", e);
        prop_assert!(e.line() >= Some(1) && e.column() >= Some(1), "{}", e);
        prop_assert!(!e.bytes().is_empty(), "{}", e);
        // The library's output before the error is the command line's.
        let mut partial = Vec::new();
        let _ = Transcoder::new(from, "UTF-8").unwrap().convert(&input[..], &mut partial);
        prop_assert_eq!(partial, out);
    }
}
