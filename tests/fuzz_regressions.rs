//! Regression tests from fuzzing (`fuzz/`, see `fuzz/README.md`), through the library as the
//! fuzz targets call it.
//!
//! Each check below is the property of one fuzz target, and each input is a raw fuzz input
//! (the header bytes that choose labels, policy and options, then the text), so a crash file
//! or a corpus entry can be pasted in as it is:
//!
//! - `decode_any`: any bytes, any labels, every policy: no panic, status 0 or 1, replace
//!   succeeds, and where strict succeeds replace and discard write the same bytes and escape
//!   succeeds.
//! - `chunk_split`: the input read in chosen chunk sizes (0 = an `Interrupted` error), and one
//!   byte at a time, gives the same output and status as in one piece.
//! - `escape_round_trip`: E → UTF-16LE → E (and E → UTF-8 → E for UTF-8, GBK, GB18030) under
//!   `--errors escape --keep-bom` gives the input back, both steps exiting 0.
//! - `replace_well_formed`: `--errors replace` to UTF-8 is valid UTF-8, to UTF-16LE has no
//!   unpaired surrogate, and exits 0.
//! - `utf8_to_utf16`: UTF-8 → UTF-16LE/BE under `replace` and `escape` writes what std's
//!   decoder finds (one U+FFFD per maximal ill-formed subpart, or one U+DC80..U+DCFF per
//!   byte of it).
//!
//! The first test is the one crash the fuzzers found; the rest are seeds from the corpus the
//! fuzzers built, ten for each target. The label lists, the meaning of the header bytes and
//! the helpers are those of `fuzz/src/lib.rs`, included from there.

// The fuzz crate is a workspace of its own, so its helpers come in by path: the label lists,
// the header bytes and the references are then the targets' own.
#[path = "../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod fuzz;

use fuzz::{
    FROM_LABELS, POLICIES, TO_LABELS, apply_flags, check_utf8_to_utf16, convert, convert_chunked,
    hex, pick, settings, split_header, utf16le_error,
};
use transcode::policy::Policy;

/// The property of `fuzz_targets/decode_any.rs`.
fn decode_any(data: &[u8]) {
    let ([f, t, flags], input) = split_header::<3>(data);
    let (from, to) = (pick(FROM_LABELS, f), pick(TO_LABELS, t));
    let what = format!("-f {from} -t {to} flags {flags:02X} on {}", hex(input));
    let mut results = Vec::new();
    for &policy in POLICIES {
        let mut s = settings(from, to, policy);
        apply_flags(&mut s, flags);
        let (out, status) = convert(input, &s);
        assert!(status == 0 || status == 1, "{what} {policy:?}: {status}");
        if policy == Policy::Replace {
            assert_eq!(status, 0, "{what}: replace failed");
        }
        results.push((policy, out, status));
    }
    let (_, strict_out, strict_status) = &results[0];
    if *strict_status == 0 && flags & 4 == 0 {
        for (policy, out, status) in &results[1..] {
            assert_eq!(*status, 0, "{what}: strict succeeds, {policy:?} fails");
            if *policy != Policy::Escape {
                assert_eq!(
                    out, strict_out,
                    "{what}: strict succeeds, {policy:?} differs"
                );
            }
        }
    }
}

/// The property of `fuzz_targets/chunk_split.rs`.
fn chunk_split(data: &[u8]) {
    let ([f, t, p, flags, n], rest) = split_header::<5>(data);
    let n = usize::from(n & 7) + 1;
    let (sizes, input) = rest.split_at(n.min(rest.len()));
    let (from, to, policy) = (pick(FROM_LABELS, f), pick(TO_LABELS, t), pick(POLICIES, p));
    let mut s = settings(from, to, policy);
    apply_flags(&mut s, flags);
    let what = format!(
        "-f {from} -t {to} {policy:?} flags {flags:02X} on {}",
        hex(input)
    );
    let whole = convert(input, &s);
    let chunked = convert_chunked(input, sizes, &s);
    assert_eq!(whole, chunked, "{what}, chunks {sizes:?}");
    let bytewise = convert_chunked(input, &[1], &s);
    assert_eq!(whole, bytewise, "{what}, byte by byte");
}

fn round_trip(e: &str, middle: &str, input: &[u8]) {
    let mut there = settings(e, middle, Policy::Escape);
    there.keep_bom = true;
    let (mid, status) = convert(input, &there);
    assert_eq!(status, 0, "{e} -> {middle} failed on {}", hex(input));
    let mut back = settings(middle, e, Policy::Escape);
    back.keep_bom = true;
    let (out, status) = convert(&mid, &back);
    assert_eq!(status, 0, "{middle} -> {e} failed on {}", hex(&mid));
    assert!(
        out == input,
        "{e} -> {middle} -> {e}: {} -> {} -> {}",
        hex(input),
        hex(&mid),
        hex(&out)
    );
}

/// The property of `fuzz_targets/escape_round_trip.rs`.
fn escape_round_trip(data: &[u8]) {
    let ([which], input) = split_header::<1>(data);
    let e = pick(&["UTF-8", "GBK", "GB18030", "Big5", "Shift_JIS"], which);
    round_trip(e, "UTF-16LE", input);
    if matches!(e, "UTF-8" | "GBK" | "GB18030") {
        round_trip(e, "UTF-8", input);
    }
}

/// The property of `fuzz_targets/replace_well_formed.rs`.
fn replace_well_formed(data: &[u8]) {
    let ([f, t, flags], input) = split_header::<3>(data);
    let (from, to) = (pick(FROM_LABELS, f), pick(&["UTF-8", "UTF-16LE"], t));
    let mut s = settings(from, to, Policy::Replace);
    apply_flags(&mut s, flags);
    let what = format!("-f {from} -t {to} flags {flags:02X} on {}", hex(input));
    let (out, status) = convert(input, &s);
    assert_eq!(status, 0, "{what}: replace failed");
    let problem = match to {
        "UTF-8" => std::str::from_utf8(&out).err().map(|e| e.to_string()),
        _ => utf16le_error(&out),
    };
    assert!(problem.is_none(), "{what}: {problem:?} in {}", hex(&out));
}

/// Found by `decode_any` (fixed since in 5f2e808): U+000E, U+000F or U+001B converted to
/// ISO-2022-JP panicked under every policy. encoding_rs's ISO-2022-JP encoder reports those
/// three as `Unmappable('\u{FFFD}')`, and `Converter::encode_text` took the rejected
/// character to be `from + read - c.len_utf8()` with c = U+FFFD (3 bytes) where one byte was
/// read: an overflow (`attempt to subtract with overflow` with debug assertions, an
/// out-of-range or non-boundary slice without).
#[test]
fn iso_2022_jp_control_characters_do_not_panic() {
    // Minimised: GBK -> ISO-2022-JP, no options, the one byte 0E.
    decode_any(b"\x0a\x11\x00\x0e");
    // As found: GBK -> ISO-2022-JP with //TRANSLIT and --newline lf.
    decode_any(FOUND_ISO_2022_JP);
    chunk_split(&[&b"\x0a\x11\x00\x0e\x00\x03"[..], &FOUND_ISO_2022_JP[3..]].concat());
    // Each of the three, mid-text, from UTF-8 under each policy.
    for c in [0x0E, 0x0F, 0x1B] {
        let input = [b'a', c, b'b'];
        let run = |policy| convert(&input, &settings("UTF-8", "ISO-2022-JP", policy));
        assert_eq!(run(Policy::Strict), (b"a".to_vec(), 1), "{c:02X}");
        assert_eq!(run(Policy::Replace), (b"a?b".to_vec(), 0), "{c:02X}");
        assert_eq!(run(Policy::Discard), (b"ab".to_vec(), 1), "{c:02X}");
        assert_eq!(run(Policy::Escape).1, 1, "{c:02X}");
    }
}

/// The input `decode_any` first crashed on (GBK -> ISO-2022-JP, flags 0E).
const FOUND_ISO_2022_JP: &[u8] =
    b"\x0a\x11\x0eabc \x0eabc \xd6\xd0 \x0eabc \xd6\xd0\xce\xc4 \xc8\xd5\xb1\xbe\xd5Z \
    \xd6\xa7\xe4 \xa8\xa6  \xce\xc4 \xc8\xd5\xb1\xbe\xd5Z \xd6\xa7\xe4 \xa8\xa6    \
    \x0d\x0aline2\x0d\x0a";

/// Seeds from `fuzz/corpus/decode_any`, one for each of ten source charsets.
const DECODE_ANY_SEEDS: &[&[u8]] = &[
    // UTF-8
    b"`\x11\x00abc 9B*\x1b$B$+$B /1\x1b$B'\xe9\x00\x01\x00\x003\xa7\xca\xca\xca'S'\
        \xca2\xcb",
    // UTF-16LE
    b"J\x11\x0eabc \x0eabc \xd6\xd0\xce\xc4 \xc8\xd5\xb1\xbe\xd5Z \xd6\xa7\xe4 \xa8\
        \xa6    \x0d\x0aline2\x0d\x0a",
    // UCS-2
    b"\x04\x0b\x0c\x00a\x00b\x00c\x00 N-e\x87\x00 e\xe5A\x96\x01\x00\x8a\x042\x045\
        \x04|\x0c\x17a\x00b\x00&B\x00\x00c",
    // UTF-32
    b"\x07\x0e\x0d\xff\xfe\x00\x00a\x00\x00\x00b\xfa\x00\xef\xbb\xbf\x00l\x00\x00\
        \x00i\x00\x00\x00n\x00\x00\x00e\x00\x00\x00.\x00\x00\x00\x0a\x00\x00\x00",
    // UTF-32BE
    b"\x09,\x03\x00\x00\x00a\x00\x00\x00b\x00\x00\x00c\x02\x00\x00\x00\x00\x00\x00\
        \x00\x80\x0d\x0d\x00a\x00\x00\x00\xe0\xff\x00N-\x00\x00e\x87\x00\x00\x00 \x00",
    // GB18030
    b"\x0c\x13\x04\xa7\xda\xa7\xd3\x1b$B\xa7\xd6\xa7\xc4 caf\xa8\xa6 \xa2\xe3 \x81 \
        \x94-8\x0aline2\x0dline3\x0a",
    // Shift_JIS
    b"\x0e\x15#abc \x92\x86\x95\xb6 \x93\xfa\x96{\x8c5333333\x03\x84P\x84\x82\x84y\
        \x80\x88r\x84\xba\x8b\x84\x84e3\x0a\x0a",
    // EUC-KR
    b"\x10\x00\x10abc \xf1\xe9\xd9\xfe \xec\xed\xdc\xe2\x00\x00\x00If \xa2\xe6 \xa9\
        \xac  \x0d\x0a\x94\x9fne2\x0dline3\x0a",
    // ISO-8859-1
    b"\x13\x0d\x0d\x0d\x8d\x00\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x0d\x09\x0d\x0d\x0d\x8d\
        \x0d\x0d 8\x0e\xf2\xf2\xf2\xf2\xf2\xf2\xf2\xf2\xf2\xf2\xf2\x00    0 \xdcfl3\
        \x0a",
    // KOI8-R
    b"\x15\x15\x00abc     \xf0\xd2\xc9\xd7\xc5\xd4 caf US-A\xad\xdf\xdf\xdf\xf2\xf5\
        \x93\x94ne2\x0dline3\x0a",
];

/// Seeds from `fuzz/corpus/chunk_split`, one for each of ten source charsets.
const CHUNK_SPLIT_SEEDS: &[&[u8]] = &[
    // UTF-8
    b"\x00\x00\x00\x00\x02\x01\x03abc \xe4\xb8\xad\xe6\x96\x87 \xe6\x97\xa5\xe6\x9c\
        \xac\xe8\xad\xec\x96\xb4 \xd0\x9f\xd1\x80\xd0\x80\xb8\xd0\xb2\xd0\xb5\xd1\x82\
        \x20c\x0a",
    // UTF-16LE
    b"\x92\x92\x92\x92\x92\x92\x92\x92\x0d\x0d\x01\x0f\x02\x01\x92\x92\x92\x92\x92\
        \x92\x92\x92\x92\x92\x03abc \xa4\xa4\xa4\xe5 \xa4\xe9\xa5\xef\x92\xbb\xbf\x92\
        \x92",
    // UCS-2
    b"\x04\xe5g\x17\x00\x07abc  \xf4\x02nil\x00\x00abc  \xf4\x02nil\x00 \xdf\xb5\
        \x00\x00\xfbe3\x00\x0a\x00\xfbe3\x00\x0a",
    // UTF-32
    b"\x97\x10!\xfe\xff \xac)\xb1\xac\xe2\xac\xda\xac\xb1\xac\xe2O%S,\xac\xd6\xac\
        \xe4\x00\x00\xfe\xff ca\xa2\xe6f \xac \xa9  n2e3\x0a",
    // UTF-32BE
    b"\x09\x0c\x02\x08\x00\x07\x00\x00\x00a\x00\x00\x00b\x00\x00\x00\x0e\x0e\x02\
        \x1a\x02\x01\x03abc \x92\x86\x95\x93\xea\xb6{\x8c\xfa \x96\x80\x00\xa9\x82\
        \xc8  \x84",
    // GB18030
    b"\x0c\x11\x03 \x00\x0c\x0f\x01\x08\x00\x07abc \xd6\xd0\xce\xfc\xc4 \xc8\xd5\
        \xb1\x03 \x00\x0c\x0f\x01\x08\xce\xc4 \xc8 \xa4\xababc \x92\x86\xa4\x83",
    // Shift_JIS
    b"\x0e\x0e\x02\x1a\x02\x01\x03abc \x92\x86\x95\xb6 \x93\xfa\x03abc \x92\x86\x95\
        \xb6 \x84P\x84 \x0d\x0aline2\x0dline3\x0a",
    // EUC-KR
    b"\x10af \xa2\xe6 \xa9\x12\x15\xff\xff\xff\xff\xff\xff\xff\xff\xff\x92\x92\x92\
        \x92\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\
        \xff\xff\xac",
    // ISO-8859-1
    b"\x13\x10\x01\x1b\x02\x01\x03abc \x1b$BCf+$\x0ali\\\xd5m\xad\xb4\xc5 \x00\x1f:\
        :\x00 \x00\xac  \x00\xdf\x00 \x00cn\x00",
    // KOI8-R
    b"\x15\x15\x01\x87\x00 e\xe5g,\x00\x07abc \xb5      \xe0# \xf0\xd2\xc9\xd7\xc5\
        \xd4 caf\x80\x80   \xb7 c ",
];

/// Seeds from `fuzz/corpus/escape_round_trip`, two for each charset.
const ESCAPE_ROUND_TRIP_SEEDS: &[&[u8]] = &[
    // UTF-8
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x082\xe6\x96\x87 \xe6\x97\xa5\xe6\x9c\xac\
        \xe8\xaa\x04abc\xdf \x9e \xe3\x81\x8b\xe3\x81\x93\x00\x00\x00\x00\xaa",
    // UTF-8
    b"\x00a\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e\x00\x00\x00\x08\x80\xe6\x96\x87 \xa6\
        \x97\xa5\xe6\x9c\xac\xe8\xaa\x9e \xe3\x81\x8b \xed\x81\x8b\xe3\x81\xaa \xed",
    // GBK
    b"\x01abc &\x82\xa9\x82\xc8   \xc8\xd5\xb1\x01\x00\x00\x00\x00\x00\x00\x00\xbe\
        \xd5Z \xa4\xab\x84\xca \xff\xff\xff\xff\xff\xff\x84",
    // GBK
    b"\x01\xc4 \xc8\xd5\xb1\xbe\xd5Z \xa4\xab\xd6\xa7\xe4 \x01\x00af\xa8\xa6    \
        \x0d\x0alinle\x0d\xf0ei23\x0a",
    // GB18030
    b"ac\x01b\xce\xff\x80\xc4 \xc8\xd5\xb1\xbe\xd5Z\xd6\xa7~\x00\x00\x00f\xa8\x92\
        \x86\x95\xd5Z\xd6\xa7~\x00\x00f\x00\xa8\x92\x86\x95\x0a",
    // GB18030
    b"\x02\xff\xff\xff\xff\x99\xdc\xff\xff\xff\xff\xff\xff\xffacc in\xa4\xa4\xa4\
        \xe5 \xa4\x0aline4\x0dlin\x00\x00\x00\x003\x0a",
    // Big5
    b"\x035\x00\x00\x00\x00\x00\x00\x005\x00\x00\x00 #\xe9\x00\x00\xa4y \xc6\xaf\
        \xc6\xce\x04abc\xf7\xf7\xfc\xfc\xfc\xfc\xfc\xf7\xf7\xf7\xdb ",
    // Big5
    b"\xfdabcne\x00\x00\x00\xd7\xa4\xe9\xa5\xbb\xbby \xc6\xaf\xc6\xce  \xc7\xd9\xc7\
        \xd1\xc7\xca\xc7\xcd\xc7\xdb \xfa\x96{\x8c\xea ",
    // Shift_JIS
    b"\x04\xff\xfe\x00\x00\x92\x97\xa5\x9e \xe3\x81\x87\x8c\xea\x9c\x9e\x99<\x87 $\
        \x00\x00\x00\x00\x00\x00\x00ine0\xfaO\xed\xed\xed\xedV\x82",
    // Shift_JIS
    b"\x04\x9f\x9d\x9d a\x00\xff{{{{{{{\xfe\x00\x00@\xe4\xb8\xad\xe6\x00abc/ \xe4\
        \xb8\xad\x00\x00\x00\x00\x00)\xc1\x87\x9c",
];

/// Seeds from `fuzz/corpus/replace_well_formed`, one for each of ten source charsets.
const REPLACE_WELL_FORMED_SEEDS: &[&[u8]] = &[
    // UTF-8
    b"\x00\x00\x00abc \xe4\xb8\xad\xe6\x96\x87 \xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e\
        \x20\xe3\x81\x8b\xe3\x81\xaa\x8d\x88\x0d\x0aline2\x0dline3\x0a",
    // UTF-16LE
    b"\x02\x00\x16a\x00b\x00c\x00 \x00-N\xda\xda\xdabc  \xda\xda\xda\xda\xda\xda\
        \xda\xda    c\xda\xda\xda\xda\xda\xda\xda",
    // UCS-2
    b"\x04\x01\x01\x00a\x00b\x00c\x00,9\x00_\x89a\x00f\x00\xe9\x00  \xac\x00 \xfe\
        \x00\x00\x00\x00\xdf\x00 \x00\x0a",
    // UTF-32
    b"\x07\x01\x0d,b\x00\xe5e\x00\x00,g\x00\x00\x00b\x00\x00\x00c\x00\x00\x00 \x00\
        \x00N\xb4\x00\x00\x00\x00\x00\x00\x00\x00\x00E",
    // UTF-32BE
    b"\x09\x01\x03\x00\x00\xff\xff\x07\x00\x00a\x00\x00\x00b\x00\x00\x00c\x00\x00\
        \x00 \x05\x01\x17a\x00b\x00c\x00\x00\xff\xff \x00\xff",
    // GB18030
    b"\xb4\x00\x07\xff\xfe\x01\x0d\xff\xfe\x00\x00a\x00\x00\x00\x00\x00 \x00\x00\
        \x10\x00\x10abc \xf1\xe9\xd9\xfe \xec\xed\xca\x00\xb4\x00\x07\xff\xfe\x87 ",
    // Shift_JIS
    b"\x0e\x00\x1aabc \x92\x86\x95\xb6\x0al\xc8<\x82\x82\x00\x00\x00\x00\x10\x00\
        \x00\x00\x82\x82\x82\x82\x82\x00\x82\xff\xff\xffneline4\x0a",
    // EUC-KR
    b"\x10\x00\x10abc \xf1\xe9\xd9\xfe \xec\xed\xdc\xe2\xe5\xde \xaa\xab\xaa\xca \
        \xc7\x19\xb1\xb9\xbe\xee \xac\xb1\xac\xe2\xac\x810\xda\xac\xd3\xac3\x0a",
    // ISO-8859-1
    b"\x13\x01\x11abc \x00\x00)\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\
        \x00\x00\x00\x00    2abc  \xdf\x1b$B 3\x0a",
    // KOI8-R
    b"\x15\x01\x07abc     \xf0\xd2\xc9\xd7\xc5\xd4 caf\x80    \x0d\x0aline2\x0dli\
        \xff\xff\xff\xffne3\x0a",
];

#[test]
fn decode_any_seeds() {
    for seed in DECODE_ANY_SEEDS {
        decode_any(seed);
    }
}

#[test]
fn chunk_split_seeds() {
    for seed in CHUNK_SPLIT_SEEDS {
        chunk_split(seed);
    }
}

#[test]
fn escape_round_trip_seeds() {
    for seed in ESCAPE_ROUND_TRIP_SEEDS {
        escape_round_trip(seed);
    }
}

#[test]
fn replace_well_formed_seeds() {
    for seed in REPLACE_WELL_FORMED_SEEDS {
        replace_well_formed(seed);
    }
}

/// Seeds from `fuzz/corpus/utf8_to_utf16`, for each byte order under each policy.
const UTF8_TO_UTF16_SEEDS: &[&[u8]] = &[
    // little-endian, replace
    b"\x00\x00\x08\x02\xff\xff\xff\xff\xff\xf7\xff\xff\xff\xff\xff\xff\xff\xff\
        \xff\xff\xff\x20\xe6\x97\xa5\xe6\x8e\xad\xec\x96\xa7",
    // little-endian, replace
    b"0\x0a\x17o\xa5\xe6\x8e\xad\xe6\x97\xa5\xe6\x8e\xad\xe6\x96\x87\x20\xe6\xad\
        \xe9\x96\xad\xe6\x96\x87\xe6\x97\xa5\xe6\x8e\xad",
    // little-endian, replace
    b"$\xe2\xa7\xda\xa7\xd4\xa5\xe7\x9d\xe8\xaa\x1c\xa7\xe2\xa7\xde\xa7\xd3\xef\
        \xbb\xbf\xff\xff\xf9\xff\xff\xff\xff\xff\xff\xff\xa5\xe4\xa7\xd3",
    // big-endian, replace
    b"\x01\x00\xff/\xd6\xa7\xe2\xa7\xa7\xd2\xa7\xff\xd6\xa7\xe4\x96\x87\x20\xf0\
        \x97\xa5\xe6\x9d\xe8\xaa\x05\xff\xfb\xff\xff\xff\xff\xff\xff\x00",
    // big-endian, replace
    b"\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\
        \xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\xdd\x0dl[i",
    // big-endian, replace
    b"=\x00\xff\xebb\xe6\x97\xa5\xe6\x8e\xad\xe6\x96\x87\x00\x00\x87\xad\xa5\xe6\
        \x8e\xad\xe6\x96\x87\x20\xe6\xad\xe9\x96\xad\xe6\x96\x87\xa5\xe6\x8e\xad\
        \xe6\x96\x87\x20\xe6\xad\xe9\x96\xad\xe6\x96\x87\x20\xe6\x97\x97\xa5\xe6\
        \x8e\xad\xe6\x97\xa5\xe6\x8e\xad\xe6\x96\x87\x00\x00\x00\x00\x00\x00\x00\
        \x00\x00\x00\x00\xa5\xe6\xad\x00\x96\xaa",
    // little-endian, escape
    b"\x8e\xad\xec\x8e\xad\xe6\x97\xa5\xe6\x8e\xad\xe6\x96\x87\x20\xe6\xad\xe9\
        \x96\xad\xe6\x96\x87\x20\xe6\x97\xa5\xe6\x8e\xad\xa7",
    // little-endian, escape
    b"\xce\xce\xce\xce\xceb\xce\xce\xce\xce\xce\xce\xce\xce\xce/\xce\xce\xce\xce\
        \xce\xce\xce\xce\xce\xce\xce\xce\xce\xce\xce\xce\xce\xce\xce",
    // big-endian, escape
    b"\xff\xff\xb2\xb0\xb0\xf0\xb0\xb0\xb0\xb0\xb8\xb0\xf0\xb0\xb0\xb0\xb0\xf0\
        \xb0\xb0\xb0\xb0\xf0\xb0\xb0\xb0\xb0\xb0\x00\x00\x8b\xad",
    // big-endian, escape
    b"?\xf4\xf4\xf4\xf4\xf4\xf4\xf4\xf4\xf4\xf4\xf4\xf4\xf4\xf4\xf4\xf4\xf4\xf4\
        \xf4\xf4\xf4\xf4\xf4\xf4\xf4\xf4\xf4\xf4\xf4\xf4\xf4\xf42",
];

#[test]
fn utf8_to_utf16_seeds() {
    for seed in UTF8_TO_UTF16_SEEDS {
        check_utf8_to_utf16(seed);
    }
}
