//! The fuzz targets' properties, one `check_*` function each, and what they share: the label
//! lists the first input bytes choose from, a reader that hands out its data in chosen chunk
//! sizes, the well-formedness checks and reference outputs. Each target in `fuzz_targets/`
//! calls its check; `tests/fuzz_regressions.rs` includes this file and calls the same checks
//! on its seeds, so a regression test is the fuzz property itself.
//!
//! Every target reads its choices from the first bytes of the input and converts the rest,
//! so a crash file is a complete, self-describing reproduction.

#![forbid(unsafe_code)]

pub mod cjk;
pub mod gb;

use std::io::{Cursor, Read};
use transcoder::app::settings::Settings;
use transcoder::app::stream::convert_reader;
use transcoder::codecs::Charset;
use transcoder::codecs::bom::output_bom;
use transcoder::codecs::labels::resolve;
use transcoder::convert::{Newline, Policy};

/// Source labels (`--from`), as a user would write them.
pub const FROM_LABELS: &[&str] = &[
    "UTF-8",
    "UTF-16",
    "UTF-16LE",
    "UTF-16BE",
    "UCS-2",
    "UCS-2LE",
    "UCS-2BE",
    "UTF-32",
    "UTF-32LE",
    "UTF-32BE",
    "GBK",
    "GB2312",
    "GB18030",
    "CP936",
    "GB18030-2005",
    "Big5",
    "Shift_JIS",
    "EUC-JP",
    "EUC-KR",
    "ISO-2022-JP",
    "windows-1252",
    "ISO-8859-1",
    "US-ASCII",
    "KOI8-R",
    "x-user-defined",
    "auto",
];

/// Target labels (`--to`): the source labels less `auto` (the last), which can only be read.
pub const TO_LABELS: &[&str] = match FROM_LABELS.split_last() {
    Some((_, rest)) => rest,
    None => &[],
};

/// Every error policy.
pub const POLICIES: &[Policy] = &[
    Policy::Strict,
    Policy::Replace,
    Policy::Escape,
    Policy::Discard,
];

/// Every `--newline` choice.
pub const NEWLINES: &[Newline] = &[Newline::Keep, Newline::Lf, Newline::Crlf, Newline::Cr];

/// The entry of `list` that `byte` selects.
pub fn pick<T: Copy>(list: &[T], byte: u8) -> T {
    list[usize::from(byte) % list.len()]
}

/// Resolves one of our own labels (a panic here is a bug in the label table).
pub fn charset(label: &str) -> Charset {
    resolve(label).unwrap_or_else(|e| panic!("{label}: {e}"))
}

/// Splits `data` into its first `n` bytes (padded with zeros when short) and the rest.
pub fn split_header<const N: usize>(data: &[u8]) -> ([u8; N], &[u8]) {
    let mut head = [0u8; N];
    let n = data.len().min(N);
    head[..n].copy_from_slice(&data[..n]);
    (head, &data[n..])
}

/// The options besides charsets and policy that a flags byte turns on: bit 0 `--keep-bom`,
/// bit 1 `--add-bom` (only where the command line allows it: targets that have a BOM),
/// bit 2 `//TRANSLIT`, bits 3–4 `--newline`.
pub fn apply_flags(settings: &mut Settings, flags: u8) {
    settings.keep_bom = flags & 1 != 0;
    settings.add_bom = flags & 2 != 0 && output_bom(settings.to).is_some();
    settings.translit = flags & 4 != 0;
    settings.newline = NEWLINES[usize::from((flags >> 3) & 3)];
}

/// Converts `input` in one piece.
pub fn convert(input: &[u8], settings: &Settings) -> (Vec<u8>, i32) {
    convert_reader(Box::new(Cursor::new(input.to_vec())), settings)
}

/// A reader that hands out its data in pieces of the given sizes, cycling through them and
/// never giving more than asked for. A size of 0 is an `Interrupted` error, which the input
/// layer must retry (a reader's `Ok(0)` would mean the end of the input).
pub struct Chunked {
    data: Vec<u8>,
    pos: usize,
    sizes: Vec<usize>,
    turn: usize,
}

impl Chunked {
    /// A reader of `data` in pieces of `sizes` (at least one of them is made non-zero).
    pub fn new(data: &[u8], sizes: &[u8]) -> Chunked {
        let mut sizes: Vec<usize> = sizes.iter().map(|&s| usize::from(s)).collect();
        if sizes.iter().all(|&s| s == 0) {
            sizes.push(1);
        }
        Chunked {
            data: data.to_vec(),
            pos: 0,
            sizes,
            turn: 0,
        }
    }
}

impl Read for Chunked {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let size = self.sizes[self.turn % self.sizes.len()];
        self.turn += 1;
        if size == 0 && self.pos < self.data.len() {
            return Err(std::io::ErrorKind::Interrupted.into());
        }
        let n = size.min(buf.len()).min(self.data.len() - self.pos);
        buf[..n].copy_from_slice(&self.data[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// Converts `input` handed out in pieces of `sizes`.
pub fn convert_chunked(input: &[u8], sizes: &[u8], settings: &Settings) -> (Vec<u8>, i32) {
    convert_reader(Box::new(Chunked::new(input, sizes)), settings)
}

/// Why `bytes` is not well-formed UTF-16LE: an odd length or an unpaired surrogate.
pub fn utf16le_error(bytes: &[u8]) -> Option<String> {
    if !bytes.len().is_multiple_of(2) {
        return Some(format!("odd length {}", bytes.len()));
    }
    let units = bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]));
    char::decode_utf16(units)
        .find_map(Result::err)
        .map(|e| format!("lone surrogate U+{:04X}", e.unpaired_surrogate()))
}

/// Bytes in hex, for messages: the library's own form.
pub use transcoder::convert::error::hex;

/// Settings for `from` → `to` under `policy` (labels resolved), everything else default.
pub fn settings(from: &str, to: &str, policy: Policy) -> Settings {
    Settings::new(charset(from), charset(to), policy)
}

/// The property of `fuzz_targets/decode_any.rs` (see its docs): no panic, status 0 or 1,
/// replace succeeds, and where strict succeeds (without //TRANSLIT) replace and discard
/// write the same bytes and escape succeeds.
pub fn check_decode_any(data: &[u8]) {
    let ([f, t, flags], input) = split_header::<3>(data);
    let (from, to) = (pick(FROM_LABELS, f), pick(TO_LABELS, t));
    let mut results = Vec::with_capacity(POLICIES.len());
    for &policy in POLICIES {
        let mut s = settings(from, to, policy);
        apply_flags(&mut s, flags);
        let (out, status) = convert(input, &s);
        assert!(
            status == 0 || status == 1,
            "-f {from} -t {to} {policy:?} flags {flags:02X}: status {status} on {}",
            hex(input)
        );
        if policy == Policy::Replace {
            assert_eq!(
                status,
                0,
                "-f {from} -t {to} replace flags {flags:02X} failed on {}",
                hex(input)
            );
        }
        results.push((policy, out, status));
    }
    let (_, strict_out, strict_status) = &results[0];
    if *strict_status == 0 && flags & 4 == 0 {
        for (policy, out, status) in &results[1..] {
            assert_eq!(
                *status,
                0,
                "-f {from} -t {to} flags {flags:02X}: strict succeeds, {policy:?} fails on {}",
                hex(input)
            );
            if *policy != Policy::Escape {
                assert!(
                    out == strict_out,
                    "-f {from} -t {to} flags {flags:02X}: strict succeeds, {policy:?} differs \
                     on {}\n  strict {}\n  {policy:?} {}",
                    hex(input),
                    hex(strict_out),
                    hex(out)
                );
            }
        }
    }
}

/// The property of `fuzz_targets/chunk_split.rs`: the input read in the chunk sizes the
/// header names (cycled; 0 is an `Interrupted` error), and one byte at a time, gives the
/// same output and status as in one piece.
pub fn check_chunk_split(data: &[u8]) {
    let ([f, t, p, flags, n], rest) = split_header::<5>(data);
    let n = usize::from(n & 7) + 1;
    let (sizes, input) = rest.split_at(n.min(rest.len()));
    let (from, to, policy) = (pick(FROM_LABELS, f), pick(TO_LABELS, t), pick(POLICIES, p));
    let mut s = settings(from, to, policy);
    apply_flags(&mut s, flags);
    let whole = convert(input, &s);
    for (sizes, how) in [
        (sizes, format!("chunks {sizes:?}")),
        (&[1], "byte by byte".into()),
    ] {
        let read = convert_chunked(input, sizes, &s);
        assert!(
            whole == read,
            "-f {from} -t {to} {policy:?} flags {flags:02X}, {how}: input {}\n  \
             whole status {} out {}\n  read  status {} out {}",
            hex(input),
            whole.1,
            hex(&whole.0),
            read.1,
            hex(&read.0)
        );
    }
}

const ROUND_TRIP_CHARSETS: &[&str] = &["UTF-8", "GBK", "GB18030", "Big5", "Shift_JIS"];
const ROUND_TRIP_VIA_UTF8: &[&str] = &["UTF-8", "GBK", "GB18030"];

/// E → `middle` → E under `--errors escape --keep-bom` gives `input` back, both steps
/// exiting 0.
fn round_trip(e: &str, middle: &str, input: &[u8]) {
    let mut there = settings(e, middle, Policy::Escape);
    there.keep_bom = true;
    let (mid, status) = convert(input, &there);
    assert_eq!(
        status,
        0,
        "{e} -> {middle} --errors escape failed on {}\n  wrote {}",
        hex(input),
        hex(&mid)
    );
    let mut back_settings = settings(middle, e, Policy::Escape);
    back_settings.keep_bom = true;
    let (back, status) = convert(&mid, &back_settings);
    assert_eq!(
        status,
        0,
        "{middle} -> {e} --errors escape failed on {}\n  input {}\n  wrote {}",
        hex(&mid),
        hex(input),
        hex(&back)
    );
    assert!(
        back == input,
        "{e} -> {middle} -> {e} changed the bytes\n  input  {}\n  middle {}\n  back   {}",
        hex(input),
        hex(&mid),
        hex(&back)
    );
}

/// The property of `fuzz_targets/escape_round_trip.rs`: E → UTF-16LE → E, and E → UTF-8 →
/// E for UTF-8, GBK and GB18030, give the input back.
pub fn check_escape_round_trip(data: &[u8]) {
    let ([which], input) = split_header::<1>(data);
    let e = pick(ROUND_TRIP_CHARSETS, which);
    round_trip(e, "UTF-16LE", input);
    if ROUND_TRIP_VIA_UTF8.contains(&e) {
        round_trip(e, "UTF-8", input);
    }
}

/// The property of `fuzz_targets/replace_well_formed.rs`: `--errors replace` exits 0, and
/// its output is valid UTF-8 or UTF-16LE without an unpaired surrogate.
pub fn check_replace_well_formed(data: &[u8]) {
    let ([f, t, flags], input) = split_header::<3>(data);
    let from = pick(FROM_LABELS, f);
    let to = pick(&["UTF-8", "UTF-16LE"], t);
    let mut s = settings(from, to, Policy::Replace);
    apply_flags(&mut s, flags);
    let (out, status) = convert(input, &s);
    assert_eq!(
        status,
        0,
        "-f {from} -t {to} replace flags {flags:02X} failed on {}",
        hex(input)
    );
    let problem = match to {
        "UTF-8" => std::str::from_utf8(&out).err().map(|e| e.to_string()),
        _ => utf16le_error(&out),
    };
    if let Some(problem) = problem {
        panic!(
            "-f {from} -t {to} replace flags {flags:02X}: {problem}\n  input {}\n  output {}",
            hex(input),
            hex(&out)
        );
    }
}

/// What UTF-8 → UTF-16 must write for `input` under `replace` (`escape` false) or `escape`,
/// as std's UTF-8 decoder finds the errors: one U+FFFD per maximal ill-formed subpart, or one
/// U+DC80..U+DCFF per byte of it; the bytes of the units in the order `big_endian` names. A
/// leading BOM is left out, as the converter drops it as a signature.
pub fn utf8_to_utf16_expected(input: &[u8], escape: bool, big_endian: bool) -> Vec<u8> {
    let mut rest = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let mut units: Vec<u16> = Vec::new();
    while let Err(e) = std::str::from_utf8(rest) {
        let (valid, after) = rest.split_at(e.valid_up_to());
        units.extend(String::from_utf8_lossy(valid).encode_utf16());
        let bad = e.error_len().unwrap_or(after.len());
        if escape {
            units.extend(after[..bad].iter().map(|&b| 0xDC00 | u16::from(b)));
        } else {
            units.push(0xFFFD);
        }
        rest = &after[bad..];
    }
    units.extend(String::from_utf8_lossy(rest).encode_utf16());
    units
        .into_iter()
        .flat_map(|u| {
            if big_endian {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            }
        })
        .collect()
}

/// The property of `fuzz_targets/utf8_to_utf16.rs` (and its regression seeds): byte 0 of
/// `data` picks the byte order (bit 0: big-endian) and the policy (bit 1: escape, else
/// replace); the rest, converted from UTF-8, must give [`utf8_to_utf16_expected`] and exit 0.
pub fn check_utf8_to_utf16(data: &[u8]) {
    let ([choice], input) = split_header::<1>(data);
    let (big_endian, escape) = (choice & 1 != 0, choice & 2 != 0);
    let to = if big_endian { "UTF-16BE" } else { "UTF-16LE" };
    let policy = if escape {
        Policy::Escape
    } else {
        Policy::Replace
    };
    let (out, status) = convert(input, &settings("UTF-8", to, policy));
    let expected = utf8_to_utf16_expected(input, escape, big_endian);
    assert!(
        status == 0 && out == expected,
        "-f UTF-8 -t {to} {policy:?}: status {status}\n  input    {}\n  output   {}\n  expected {}",
        hex(input),
        hex(&out),
        hex(&expected)
    );
}

/// The UTF-7 flavours, of which byte 0 of a `utf7_decode` input picks one.
pub const UTF7_LABELS: &[&str] = &["UTF-7", "UTF-7-OPTIONAL", "UTF-7-IMAP"];

/// The flavour byte 0 of `data` picks (modulo 3).
pub fn utf7_label(data: &[u8]) -> &'static str {
    pick(UTF7_LABELS, data.first().copied().unwrap_or(0))
}

/// The property of `fuzz_targets/utf7_decode.rs`, `scsu_decode.rs` and `bocu1_decode.rs`:
/// a stateful decoder on any bytes. Byte 0 of `data` is a chunk size (0 means 1); the rest
/// is the input. Under every policy: no panic, status 0 or 1, the same output and status
/// read in chunks of that size and one byte at a time as in one piece; replace exits 0
/// with valid UTF-8; where strict succeeds, replace and discard write the same and escape
/// succeeds; under escape the input goes to UTF-32LE and back with both steps exiting 0,
/// and (BOCU-1 without reset bytes) decodes to the same again.
pub fn check_stateful_decoder(label: &str, data: &[u8]) {
    let ([size], input) = split_header::<1>(data);
    let size = [size.max(1)];
    let mut results = Vec::with_capacity(POLICIES.len());
    for &policy in POLICIES {
        let s = settings(label, "UTF-8", policy);
        let whole = convert(input, &s);
        assert!(
            whole.1 == 0 || whole.1 == 1,
            "-f {label} {policy:?}: status {} on {}",
            whole.1,
            hex(input)
        );
        for sizes in [&size[..], &[1]] {
            let read = convert_chunked(input, sizes, &s);
            assert!(
                read == whole,
                "-f {label} {policy:?} chunks {sizes:?}: input {}\n  whole {} {}\n  read  {} {}",
                hex(input),
                whole.1,
                hex(&whole.0),
                read.1,
                hex(&read.0)
            );
        }
        if policy == Policy::Replace {
            assert_eq!(whole.1, 0, "-f {label} replace failed on {}", hex(input));
            assert!(
                std::str::from_utf8(&whole.0).is_ok(),
                "-f {label} replace: {}",
                hex(input)
            );
        }
        results.push(whole);
    }
    if results[0].1 == 0 {
        for (policy, (out, status)) in POLICIES.iter().zip(&results).skip(1) {
            assert_eq!(*status, 0, "-f {label}: strict succeeds, {policy:?} fails");
            if *policy != Policy::Escape {
                assert!(
                    *out == results[0].0,
                    "-f {label}: {policy:?} differs from strict"
                );
            }
        }
    }
    // --keep-bom: a leading U+FEFF is data to a round trip, not a signature.
    let escape = |from: &str, to: &str| {
        let mut s = settings(from, to, Policy::Escape);
        s.keep_bom = true;
        s
    };
    let there = convert(input, &escape(label, "UTF-32LE"));
    assert_eq!(
        there.1,
        0,
        "-f {label} -t UTF-32LE escape failed on {}",
        hex(input)
    );
    let back = convert(&there.0, &escape("UTF-32LE", label));
    assert_eq!(
        back.1,
        0,
        "-f UTF-32LE -t {label} escape failed on {}",
        hex(&there.0)
    );
    if label == "BOCU-1" && !input.contains(&0xFF) && !holds_escape_surrogate(&there.0) {
        let again = convert(&back.0, &escape(label, "UTF-32LE"));
        assert!(
            again == there,
            "BOCU-1 escape trip: {} -> {} decodes otherwise",
            hex(input),
            hex(&back.0)
        );
    }
}

/// True when UTF-32LE holds a lone U+DC00..U+DCFF (a surrogate of the input's own that the
/// escape alphabet shares; it comes back as the byte it stands for).
fn holds_escape_surrogate(utf32le: &[u8]) -> bool {
    utf32le
        .chunks_exact(4)
        .any(|u| u[1] == 0xDC && u[2] == 0 && u[3] == 0)
}
