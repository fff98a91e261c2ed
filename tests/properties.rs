//! Property tests. In-process through the library (`transcoder::app::stream::convert_reader`) for
//! speed, plus one through two processes of the real binary.
//!
//! 1. Chunk-split equivalence: a reader that hands out the input in arbitrary pieces gives
//!    the same output and status as the whole input at once (the Unicode transformation
//!    formats too; `tests/unicode_formats_props.rs` has their own properties).
//! 2. `--errors escape` round trip: E → UTF-16LE / UTF-32LE / UTF-8 → E gives the input back.
//! 3. `--errors replace` output is well-formed in the target.
//! 4. Valid text survives text → charset → UTF-8.
//! 5. The bulk UTF-8 ↔ UTF-16 paths (simdutf) agree with independent references: UTF-8 →
//!    UTF-16 with what the general path writes for UTF-32, UTF-16 → UTF-8 with std's
//!    `char::decode_utf16`; and UTF-8 → UTF-8 under every policy with the general path.
//! 6. `--normalize`: every cut it allows splits nothing (the parts normalize on their own to
//!    the normalization of the whole), and across read windows and decoder blocks the output
//!    is what unicode-normalization makes of the whole text; the fast scan of text already
//!    in the form (vector code over runs of ASCII, CJK, Hangul, punctuation) stops where
//!    the character-by-character test does.

mod common;

use common::{config, convert_chunked, cs};

use proptest::prelude::*;
use std::io::Cursor;
use transcoder::app::settings::Settings;
use transcoder::app::stream::convert_reader;
use transcoder::codecs::Charset;
use transcoder::codecs::labels::UTF_8;
use transcoder::convert::Policy;

fn convert(input: &[u8], settings: &Settings) -> (Vec<u8>, i32) {
    convert_reader(Box::new(Cursor::new(input.to_vec())), settings)
}

/// `text` in `label`, dropping what the charset cannot hold. ISO-2022-JP input is made by
/// encoding_rs directly (unmappable characters as `&#NNNN;`): the generators must not depend
/// on the encoder under test, which cannot write ESC, SO and SI (see cli_policies.rs).
fn encode_text(text: &str, label: &str) -> Vec<u8> {
    if label == "ISO-2022-JP" {
        return encoding_rs::ISO_2022_JP.encode(text).0.into_owned();
    }
    convert(
        text.as_bytes(),
        &Settings::new(UTF_8, cs(label), Policy::Discard),
    )
    .0
}

const CHARSETS: &[&str] = &[
    "UTF-8",
    "UTF-16LE",
    "UTF-16BE",
    "UTF-16",
    "UTF-32",
    "UTF-32BE",
    "GBK",
    "GB18030",
    "CP936",
    "GB18030-2005",
    "Big5",
    "Shift_JIS",
    "GB2312",
    "UCS-2LE",
    "EUC-KR",
    "ISO-8859-1",
    "US-ASCII",
    "UTF-7",
    "UTF-7-IMAP",
    "CESU-8",
    "MUTF-8",
    "WTF-8",
    "SCSU",
    "BOCU-1",
    "UTF-1",
];
const TARGETS: &[&str] = &[
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

/// Characters worth mixing: ASCII, CJK in and out of GB2312, Japanese, Korean, astral,
/// characters with special mappings, the BOM character, U+FFFD, a PUA character GB18030
/// cannot write.
fn text_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => prop::sample::select(vec![
            'a', 'z', ' ', '\n', '0', '~', '\\', '中', '文', '丂', '€', 'é', 'ß', '日', '本',
            'ｱ', 'の', '한', '😀', '𠀀', '\u{80}', '\u{FEFF}', '\u{FFFD}', '\u{E5E5}', '·',
            '\u{E78D}', '\u{FE10}',
            '\u{1B}', '\t', '\r',
            '—', '―', '・', '體', 'Ω', '\u{10FFFF}',
        ]),
        1 => any::<char>(),
    ]
}

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(text_char(), 0..120).prop_map(|v| v.into_iter().collect())
}

/// Bytes biased towards the interesting ones: lead and trail bytes, zeros, high bytes.
fn noisy_bytes(max: usize) -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        3 => any::<u8>(),
        1 => prop::sample::select(vec![
            0x00u8, 0x30, 0x39, 0x40, 0x7F, 0x80, 0x81, 0xA1, 0xBF, 0xC0, 0xD8, 0xDC, 0xE0, 0xED,
            0xEF, 0xF0, 0xF4, 0xFE, 0xFF,
        ]),
    ];
    prop::collection::vec(byte, 0..max)
}

/// An input for `label`: random bytes, valid text, or valid text with noise spliced in.
fn input_for(label: &'static str) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        noisy_bytes(400),
        text().prop_map(move |t| encode_text(&t, label)),
        (text(), noisy_bytes(12), any::<prop::sample::Index>()).prop_map(move |(t, noise, at)| {
            let mut v = encode_text(&t, label);
            let i = if v.is_empty() { 0 } else { at.index(v.len()) };
            v.splice(i..i, noise);
            v
        }),
    ]
}

/// The chunk-split property also covers `auto` and the stateful ISO-2022-JP.
const CHUNK_CHARSETS: &[&str] = &[
    "UTF-8",
    "UTF-16LE",
    "UTF-16BE",
    "UTF-16",
    "UTF-32",
    "UTF-32BE",
    "GBK",
    "GB18030",
    "CP936",
    "GB18030-2005",
    "Big5",
    "Shift_JIS",
    "GB2312",
    "UCS-2LE",
    "UCS-2",
    "EUC-KR",
    "EUC-JP",
    "ISO-2022-JP",
    "ISO-8859-1",
    "US-ASCII",
    "UTF-7",
    "UTF-7-IMAP",
    "CESU-8",
    "MUTF-8",
    "WTF-8",
    "SCSU",
    "BOCU-1",
    "UTF-1",
    "auto",
];

fn case() -> impl Strategy<Value = (&'static str, &'static str, Policy, Vec<u8>, Vec<usize>)> {
    (
        prop::sample::select(CHUNK_CHARSETS),
        prop::sample::select(TARGETS),
        prop::sample::select(POLICIES),
        prop::collection::vec(1usize..64, 1..12),
    )
        .prop_flat_map(|(from, to, policy, sizes)| {
            (
                Just(from),
                Just(to),
                Just(policy),
                input_for(from),
                Just(sizes),
            )
        })
}

proptest! {
    #![proptest_config(config(64))]

    /// 1. However the reader splits the input, the result is the same.
    #[test]
    fn chunk_split_equivalence((from, to, policy, input, sizes) in case()) {
        let settings = Settings::new(cs(from), cs(to), policy);
        let whole = convert(&input, &settings);
        let chunked = convert_chunked(&input, &sizes, &settings);
        prop_assert_eq!(
            &whole, &chunked,
            "-f {} -t {} {:?}, chunks {:?}, input {}",
            from, to, policy, sizes, common::hex_short(&input)
        );
        // Byte by byte too, on short inputs (each read costs the library a window-sized
        // buffer fill, slow in debug builds).
        if input.len() <= 64 {
            let bytewise = convert_chunked(&input, &[1], &settings);
            prop_assert_eq!(&whole, &bytewise, "-f {} -t {} {:?} byte by byte", from, to, policy);
        }
    }
}

/// About `len` bytes of `label` text with bad bytes spliced in, from `seed`.
fn big_input(label: &str, seed: u64, len: usize) -> Vec<u8> {
    use common::*;
    let text = mixed_text(seed, len, &[ASCII_WORDS, HANZI, ASTRAL, JAPANESE]);
    let mut bytes = encode_text(&text, label);
    let mut rng = Rng::new(seed ^ 0xBAD);
    for _ in 0..20 {
        let at = rng.below(bytes.len().max(1));
        let bad = rng.pick(&[&b"\xFF"[..], b"\x81", b"\xE4\xB8", b"\x00\xD8", b"\x80"]);
        bytes.splice(at..at, bad.iter().copied());
    }
    bytes
}

proptest! {
    #![proptest_config(config(4))]

    /// 1b. The same on inputs larger than the 256 KiB window, in big arbitrary chunks.
    #[test]
    fn chunk_split_equivalence_across_windows(
        from in prop::sample::select(&["UTF-8", "UTF-16LE", "GBK", "GB18030", "Big5"][..]),
        to in prop::sample::select(&["UTF-8", "UTF-16BE", "GB18030"][..]),
        policy in prop::sample::select(&[Policy::Replace, Policy::Escape, Policy::Discard][..]),
        seed in any::<u64>(),
        sizes in prop::collection::vec(1000usize..100_000, 1..6),
    ) {
        let input = big_input(from, seed, 280_000);
        let settings = Settings::new(cs(from), cs(to), policy);
        let whole = convert(&input, &settings);
        let chunked = convert_chunked(&input, &sizes, &settings);
        prop_assert!(whole == chunked, "-f {} -t {} {:?} chunks {:?}: outputs differ ({} vs {} bytes, status {} vs {})",
            from, to, policy, sizes, whole.0.len(), chunked.0.len(), whole.1, chunked.1);
    }
}

/// Escape both ways with `--keep-bom` (a leading BOM is data to a round trip).
fn escape_settings(from: Charset, to: Charset) -> Settings {
    let mut s = Settings::new(from, to, Policy::Escape);
    s.keep_bom = true;
    s
}

fn round_trip(e: &str, middle: &str, input: &[u8]) -> Result<(), TestCaseError> {
    let (e, m) = (cs(e), cs(middle));
    let (mid, status) = convert(input, &escape_settings(e, m));
    prop_assert_eq!(
        status,
        0,
        "{:?} -> {:?} failed on {}",
        e,
        m,
        common::hex_short(input)
    );
    let (back, status) = convert(&mid, &escape_settings(m, e));
    prop_assert_eq!(
        status,
        0,
        "{:?} -> {:?} failed on {}",
        m,
        e,
        common::hex_short(&mid)
    );
    prop_assert!(
        back == input,
        "{:?} -> {:?} -> {:?} changed the bytes\n  input  {}\n  middle {}\n  back   {}",
        e,
        m,
        e,
        common::hex_short(input),
        common::hex_short(&mid),
        common::hex_short(&back)
    );
    Ok(())
}

const ESCAPE_CHARSETS: &[&str] = &["UTF-8", "GBK", "GB18030", "Big5", "Shift_JIS"];

fn escape_case() -> impl Strategy<Value = (&'static str, Vec<u8>)> {
    prop::sample::select(ESCAPE_CHARSETS).prop_flat_map(|e| (Just(e), input_for(e)))
}

proptest! {
    #![proptest_config(config(64))]

    /// 2. E → UTF-16LE → E and E → UTF-32LE → E under escape give the input back.
    #[test]
    fn escape_round_trip_through_wide_forms((e, input) in escape_case()) {
        round_trip(e, "UTF-16LE", &input)?;
        round_trip(e, "UTF-32LE", &input)?;
    }

    /// 2b. The same with UTF-8 in the middle, for UTF-8, GBK and GB18030.
    #[test]
    fn escape_round_trip_through_utf8(
        (e, input) in prop::sample::select(&["UTF-8", "GBK", "GB18030"][..])
            .prop_flat_map(|e| (Just(e), input_for(e)))
    ) {
        round_trip(e, "UTF-8", &input)?;
    }

    /// 2c. Pure random bytes (no structure at all).
    #[test]
    fn escape_round_trip_on_random_bytes(
        e in prop::sample::select(ESCAPE_CHARSETS),
        input in prop::collection::vec(any::<u8>(), 0..600),
    ) {
        round_trip(e, "UTF-16LE", &input)?;
    }
}

fn well_formed(target: &str, bytes: &[u8]) -> Result<(), String> {
    match target {
        "UTF-8" => std::str::from_utf8(bytes)
            .map(|_| ())
            .map_err(|e| e.to_string()),
        "UTF-16LE" => {
            if !bytes.len().is_multiple_of(2) {
                return Err("odd length".into());
            }
            let units = bytes.chunks(2).map(|c| u16::from_le_bytes([c[0], c[1]]));
            char::decode_utf16(units)
                .try_for_each(|r| r.map(|_| ()))
                .map_err(|e| format!("lone surrogate {:04X}", e.unpaired_surrogate()))
        }
        "UTF-32BE" => {
            if !bytes.len().is_multiple_of(4) {
                return Err("length not a multiple of 4".into());
            }
            bytes.chunks(4).try_for_each(|c| {
                let v = u32::from_be_bytes([c[0], c[1], c[2], c[3]]);
                char::from_u32(v)
                    .map(|_| ())
                    .ok_or(format!("not a scalar value: {v:X}"))
            })
        }
        _ => unreachable!(),
    }
}

proptest! {
    #![proptest_config(config(128))]

    /// 3. Replace output is well-formed in the target, and replace always succeeds.
    #[test]
    fn replace_output_is_well_formed(
        (from, input) in prop::sample::select(CHARSETS).prop_flat_map(|f| (Just(f), input_for(f))),
        to in prop::sample::select(&["UTF-8", "UTF-16LE", "UTF-32BE"][..]),
    ) {
        let (out, status) = convert(&input, &Settings::new(cs(from), cs(to), Policy::Replace));
        prop_assert_eq!(status, 0);
        if let Err(e) = well_formed(to, &out) {
            prop_assert!(false, "-f {} -t {}: {} in {} (input {})", from, to, e,
                common::hex_short(&out), common::hex_short(&input));
        }
    }

    /// 4. Text a charset can hold comes back unchanged through it.
    #[test]
    fn valid_text_round_trips(
        label in prop::sample::select(CHARSETS),
        t in text(),
    ) {
        // A leading U+FEFF is a BOM on the way back, and U+FFFE looks like one.
        let t: String = t.trim_start_matches(['\u{FEFF}', '\u{FFFE}']).to_string();
        let encoded = encode_text(&t, label);
        if !matches!(label, "UTF-16" | "UTF-32") {
            // Text whose bytes start like a BOM ("ÿþ" in latin1, "锘" in GBK) contradicts
            // the label: a strict error by design.
            prop_assume!(!starts_with_bom(&encoded));
        }
        // What the charset holds of the text: decode what Discard wrote.
        let (decoded, status) =
            convert(&encoded, &Settings::new(cs(label), UTF_8, Policy::Strict));
        prop_assert_eq!(status, 0, "{}: {}", label, common::hex_short(&encoded));
        let kept = String::from_utf8(decoded).unwrap();
        // It encodes back to the same bytes (the characters may differ where a charset maps
        // several to one code, as GB2312 does U+2015 and U+2014).
        let again = encode_text(&kept, label);
        prop_assert_eq!(&again, &encoded, "{}", label);
        // The Unicode forms hold everything, and so does GB18030 but for U+E5E5 (no code)
        // and the 18 private-use characters whose codes 2022 gave to standard ones: they are
        // written with those codes and read back as the standard characters.
        if matches!(
            label,
            "UTF-8" | "UTF-16LE" | "UTF-16BE" | "UTF-16" | "UTF-32" | "UTF-32BE" | "GB18030"
                | "UTF-7" | "UTF-7-IMAP" | "CESU-8" | "MUTF-8" | "WTF-8" | "SCSU" | "BOCU-1"
                | "UTF-1"
        ) {
            let expected: String = t
                .chars()
                .filter(|&c| !(label == "GB18030" && c == '\u{E5E5}'))
                .map(|c| if label == "GB18030" { gb18030_2022_reading(c) } else { c })
                .collect();
            prop_assert_eq!(kept, expected, "{}", label);
        }
    }
}

/// The character GB18030-2022 reads back for `c`: the private-use characters of the 18 codes
/// 2022 changed come back as the standard characters now at those codes (glibc iconv's reading
/// of A6D9.., FE59..; Python's 2005 codec reads the private-use ones).
fn gb18030_2022_reading(c: char) -> char {
    const MOVED: [(char, char); 18] = [
        ('\u{E78D}', '\u{FE10}'),
        ('\u{E78E}', '\u{FE12}'),
        ('\u{E78F}', '\u{FE11}'),
        ('\u{E790}', '\u{FE13}'),
        ('\u{E791}', '\u{FE14}'),
        ('\u{E792}', '\u{FE15}'),
        ('\u{E793}', '\u{FE16}'),
        ('\u{E794}', '\u{FE17}'),
        ('\u{E795}', '\u{FE18}'),
        ('\u{E796}', '\u{FE19}'),
        ('\u{E81E}', '\u{9FB4}'),
        ('\u{E826}', '\u{9FB5}'),
        ('\u{E82B}', '\u{9FB6}'),
        ('\u{E82C}', '\u{9FB7}'),
        ('\u{E832}', '\u{9FB8}'),
        ('\u{E843}', '\u{9FB9}'),
        ('\u{E854}', '\u{9FBA}'),
        ('\u{E864}', '\u{9FBB}'),
    ];
    MOVED
        .iter()
        .find(|&&(private, _)| private == c)
        .map_or(c, |&(_, standard)| standard)
}

fn starts_with_bom(bytes: &[u8]) -> bool {
    [
        &b"\xEF\xBB\xBF"[..],
        b"\xFF\xFE",
        b"\xFE\xFF",
        b"\x00\x00\xFE\xFF",
    ]
    .iter()
    .any(|b| bytes.starts_with(b))
}

proptest! {
    #![proptest_config(config(16))]

    /// 2d. The escape round trip through two processes of the real binary.
    #[test]
    fn escape_round_trip_through_the_binary(
        (e, input) in escape_case(),
        middle in prop::sample::select(&["UTF-16LE", "UTF-32LE"][..]),
    ) {
        let there = common::run(&["-f", e, "-t", middle, "--errors", "escape", "--keep-bom", "-s"], &input);
        prop_assert_eq!(there.code, 0, "{}", there.stderr);
        let back = common::run(&["-f", middle, "-t", e, "--errors", "escape", "--keep-bom", "-s"], &there.stdout);
        prop_assert_eq!(back.code, 0, "{}", back.stderr);
        prop_assert!(back.stdout == input, "{} via {}: {} -> {}", e, middle,
            common::hex_short(&input), common::hex_short(&back.stdout));
    }
}

/// UTF-32LE (as the general path writes it) as UTF-16 bytes in either order; lone surrogates
/// (escapes) stay themselves.
fn utf32le_as_utf16(bytes: &[u8], big_endian: bool) -> Vec<u8> {
    let mut out = Vec::new();
    for c in bytes.chunks_exact(4) {
        let v = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        let units = match v.checked_sub(0x10000) {
            Some(v) => vec![0xD800 | (v >> 10) as u16, 0xDC00 | (v & 0x3FF) as u16],
            None => vec![v as u16],
        };
        for u in units {
            out.extend(if big_endian {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            });
        }
    }
    out
}

/// What replace makes of UTF-16 by std's decoder: U+FFFD for each unpaired surrogate, and
/// one for a stray last byte (with a high surrogate just before it).
fn utf16_replaced_by_std(bytes: &[u8], big_endian: bool) -> Vec<u8> {
    let units = bytes.chunks_exact(2).map(|u| match big_endian {
        true => u16::from_be_bytes([u[0], u[1]]),
        false => u16::from_le_bytes([u[0], u[1]]),
    });
    let mut text: String = char::decode_utf16(units)
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect();
    if bytes.len() % 2 == 1 {
        let last = bytes.len() / 2 * 2;
        let unit = match big_endian {
            true => bytes
                .get(last.wrapping_sub(2)..last)
                .map(|u| u16::from_be_bytes([u[0], u[1]])),
            false => bytes
                .get(last.wrapping_sub(2)..last)
                .map(|u| u16::from_le_bytes([u[0], u[1]])),
        };
        // A high surrogate cut short by the end is one error with the stray byte.
        if !unit.is_some_and(|u| (0xD800..0xDC00).contains(&u)) {
            text.push(char::REPLACEMENT_CHARACTER);
        }
    }
    text.into_bytes()
}

proptest! {
    #![proptest_config(config(128))]

    /// 5a. UTF-8 → UTF-16 in bulk writes what the general path does (through UTF-32), under
    /// every policy, errors and status included.
    #[test]
    fn bulk_utf8_to_utf16_agrees_with_the_general_path(
        input in input_for("UTF-8"),
        policy in prop::sample::select(POLICIES),
        big_endian in any::<bool>(),
    ) {
        bulk_agrees_with_general(&input, policy, big_endian)?;
    }

    /// 5a on mostly-ASCII text with errors (chunks, characters between them, dense runs).
    #[test]
    fn bulk_utf8_to_utf16_agrees_on_ascii_with_errors(
        input in ascii_runs_with_errors(),
        policy in prop::sample::select(POLICIES),
        big_endian in any::<bool>(),
    ) {
        bulk_agrees_with_general(&input, policy, big_endian)?;
    }

    /// 5b. UTF-16 → UTF-8 in bulk replaces exactly what std's decoder finds unpaired.
    #[test]
    fn bulk_utf16_to_utf8_agrees_with_std(
        input in input_for("UTF-16LE"),
        big_endian in any::<bool>(),
    ) {
        let from = if big_endian { "UTF-16BE" } else { "UTF-16LE" };
        let (out, status) = convert(&input, &Settings::new(cs(from), UTF_8, Policy::Replace));
        prop_assert_eq!(status, 0);
        // A leading BOM is dropped under its own label; std keeps it.
        let expected = utf16_replaced_by_std(&input, big_endian);
        let expected = expected.strip_prefix("\u{FEFF}".as_bytes()).unwrap_or(&expected);
        prop_assert_eq!(String::from_utf8_lossy(&out), String::from_utf8_lossy(expected),
            "-f {}, input {}", from, common::hex_short(&input));
    }
}

/// UTF-8 → UTF-16 in bulk writes what the general path does (through UTF-32), with the same
/// exit status.
fn bulk_agrees_with_general(
    input: &[u8],
    policy: Policy,
    big_endian: bool,
) -> Result<(), TestCaseError> {
    let to = if big_endian { "UTF-16BE" } else { "UTF-16LE" };
    let (bulk, status) = convert(input, &Settings::new(UTF_8, cs(to), policy));
    let (wide, wide_status) = convert(input, &Settings::new(UTF_8, cs("UTF-32LE"), policy));
    prop_assert_eq!(status, wide_status);
    prop_assert_eq!(
        common::hex_short(&bulk),
        common::hex_short(&utf32le_as_utf16(&wide, big_endian)),
        "-t {} {:?}, input {}",
        to,
        policy,
        common::hex_short(input)
    );
    Ok(())
}

/// Mostly-ASCII UTF-8 with characters and ill-formed bytes among runs of ASCII of every
/// length: the text the kernel for text with errors widens a chunk at a time, with dense
/// stretches of non-ASCII that it hands back.
fn ascii_runs_with_errors() -> impl Strategy<Value = Vec<u8>> {
    let part = prop_oneof![
        3 => (0usize..40).prop_map(|n| b"The quick brown fox jumps over the lazy dog."[..n].to_vec()),
        2 => text_char().prop_map(|c| c.to_string().into_bytes()),
        1 => "[中文é😀]{4,12}".prop_map(String::into_bytes),
        1 => noisy_bytes(4),
    ];
    prop::collection::vec(part, 0..40).prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(config(4))]

    /// 5c. 5a on inputs larger than the 256 KiB window.
    #[test]
    fn bulk_utf8_to_utf16_agrees_across_windows(
        seed in any::<u64>(),
        policy in prop::sample::select(POLICIES),
    ) {
        let input = big_input("UTF-8", seed, 300_000);
        let (bulk, status) = convert(&input, &Settings::new(UTF_8, cs("UTF-16LE"), policy));
        let (wide, wide_status) =
            convert(&input, &Settings::new(UTF_8, cs("UTF-32LE"), policy));
        prop_assert_eq!(status, wide_status);
        prop_assert!(bulk == utf32le_as_utf16(&wide, false), "{:?}: outputs differ", policy);
    }
}

// ---------------------------------------------------------------------------------------------
// 6. --normalize: every cut it allows gives the same text as the whole, which is what the
//    normalizer makes of the whole.

use transcoder::convert::normalize::NormalForm;

const FORMS: &[NormalForm] = &[
    NormalForm::Nfc,
    NormalForm::Nfd,
    NormalForm::Nfkc,
    NormalForm::Nfkd,
];

/// Characters that normalization moves, joins or splits: combining marks of several classes
/// (in and out of canonical order), characters that compose or decompose, Hangul jamo and
/// syllables, compatibility characters, singletons, astral marks; and ASCII and hanzi.
fn normalizing_char() -> impl Strategy<Value = char> {
    prop::sample::select(vec![
        'a',
        'e',
        'o',
        'A',
        ' ',
        '\n',
        '中',
        '文',
        '\u{301}',
        '\u{300}',
        '\u{308}',
        '\u{323}',
        '\u{327}',
        '\u{31B}',
        '\u{345}',
        '\u{E9}',
        '\u{1E0B}',
        '\u{1E63}',
        '\u{212B}',
        '\u{2126}',
        '\u{1100}',
        '\u{1161}',
        '\u{11A8}',
        '\u{AC00}',
        '\u{FB01}',
        '\u{FF21}',
        '\u{2460}',
        '\u{F900}',
        '\u{3099}',
        '\u{304B}',
        '\u{1D15E}',
        '\u{1D165}',
        '\u{1D16D}',
        '\u{F6F}',
        '\u{FF0C}',
        '\u{3002}',
        '\u{0344}',
        '\u{0958}',
    ])
}

fn normalizing_text(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(normalizing_char(), 0..max).prop_map(|v| v.into_iter().collect())
}

fn normalize_settings(from: &str, form: NormalForm) -> Settings {
    let mut s = Settings::new(cs(from), UTF_8, Policy::Strict);
    s.normalize = Some(form);
    s
}

proptest! {
    #![proptest_config(config(48))]

    /// 6a. For every window end, the cut `--normalize` allows splits the input into two
    ///     parts that normalize on their own to the normalization of the whole.
    #[test]
    fn normalize_cuts_split_nothing(
        text in normalizing_text(40),
        from in prop::sample::select(&["UTF-8", "UTF-16LE", "UTF-32BE", "GB18030"][..]),
        form in prop::sample::select(FORMS),
    ) {
        let bytes = encode_text(&text, from);
        let settings = normalize_settings(from, form);
        let whole = convert(&bytes, &settings);
        prop_assert_eq!(&whole, &(form.normalize(&text).into_bytes(), 0));
        for end in 0..=bytes.len() {
            let Some(cut) = form.safe_cut(cs(from), &bytes[..end]) else { continue };
            let (a, b) = (convert(&bytes[..cut], &settings), convert(&bytes[cut..], &settings));
            prop_assert_eq!((a.1, b.1), (0, 0));
            prop_assert_eq!([a.0, b.0].concat(), whole.0.clone(), "{:?} cut at {}", form, cut);
        }
    }
}

proptest! {
    #![proptest_config(config(4))]

    /// 6b. Inputs larger than the read window and the decoder's text blocks, read in
    ///     arbitrary chunks, from UTF-8 (its bulk path) and from two charsets that go
    ///     through the decoder's blocks: the same as the normalizer makes of the whole text.
    #[test]
    fn normalize_across_windows(
        form in prop::sample::select(FORMS),
        seed in any::<u64>(),
        sizes in prop::collection::vec(1000usize..100_000, 1..6),
    ) {
        let chars: Vec<char> = {
            let mut rng = common::Rng::new(seed);
            let pool = ['a', ' ', 'e', '\u{301}', '\u{323}', '\u{1100}', '\u{1161}', '中', '\u{FB01}', '\n'];
            (0..120_000).map(|_| rng.pick(&pool)).collect()
        };
        let text: String = chars.into_iter().collect();
        let want = form.normalize(&text).into_bytes();
        for from in ["UTF-8", "UTF-32LE", "GB18030"] {
            let bytes = encode_text(&text, from);
            let chunked = convert_chunked(&bytes, &sizes, &normalize_settings(from, form));
            prop_assert!(chunked.1 == 0 && chunked.0 == want, "-f {} {:?} chunks {:?}: differs", from, form, sizes);
        }
    }
}

/// Runs of one kind of character, long enough to fill the fast scan's 32-byte chunks:
/// ASCII, Latin-1, CJK ideographs (Extension A too), Hangul syllables and jamo, CJK and
/// general punctuation, fullwidth and halfwidth forms, combining marks, compatibility
/// characters and astral ones, each run drawn from a range around what the scan skips.
fn mixed_runs() -> impl Strategy<Value = String> {
    // Each range of the scan with a few characters on either side (where a wrong bound
    // would show), then wider stretches around them.
    let ranges: &[(u32, u32)] = &[
        (0x20, 0x7E),
        (0xB0, 0x30F),
        (0x1FFE, 0x2041),
        (0x2FFE, 0x302F),
        (0x33FE, 0x3402),
        (0x3FFE, 0x4002),
        (0x9FFE, 0xA002),
        (0xABFE, 0xAC02),
        (0xD79C, 0xD7A5),
        (0xFEFE, 0xFF01),
        (0xFF7E, 0xFF81),
        (0x300, 0x36F),
        (0x1100, 0x11FF),
        (0x2460, 0x24FF),
        (0x3000, 0x30FF),
        (0x3400, 0x4DFF),
        (0x4E00, 0x9FFF),
        (0xA000, 0xA6FF),
        (0xAC00, 0xD7FF),
        (0xF900, 0xFB4F),
        (0xFF00, 0xFFEF),
        (0x1D15E, 0x1D16D),
    ];
    let run = (prop::sample::select(ranges), 0usize..48, any::<u64>()).prop_map(
        |((lo, hi), len, seed)| {
            let mut rng = common::Rng::new(seed);
            let span: Vec<u32> = (lo..=hi).collect();
            (0..len)
                .filter_map(|_| char::from_u32(rng.pick(&span)))
                .collect::<String>()
        },
    );
    prop::collection::vec(run, 0..12).prop_map(|runs| runs.concat())
}

/// [`NormalForm::stable_prefix`] one character at a time, from the form's exact test: up to
/// the first character that is not a boundary, less the character before it.
fn stable_prefix_by_chars(form: NormalForm, text: &str) -> usize {
    let mut before = 0;
    for (at, c) in text.char_indices() {
        if !form.is_boundary(c) {
            return before;
        }
        before = at;
    }
    text.len()
}

proptest! {
    #![proptest_config(config(256))]

    /// 6c. The fast scan against the slow path: on text mixing long runs of what it skips
    ///     with what it must not, the stable prefix is the one found character by
    ///     character, at every starting point, and segment-by-segment normalization is the
    ///     normalization of the whole.
    #[test]
    fn the_fast_scan_agrees_with_the_slow_path(
        text in mixed_runs(),
        form in prop::sample::select(FORMS),
    ) {
        for (at, _) in text.char_indices().step_by(7) {
            let rest = &text[at..];
            prop_assert_eq!(form.stable_prefix(rest), stable_prefix_by_chars(form, rest),
                "{:?} from {}", form, at);
        }
        let mut pieces = String::new();
        form.normalize_by_segments(&text, &mut pieces);
        prop_assert_eq!(pieces, form.normalize(&text), "{:?}", form);
    }
}

/// Ill-formed UTF-8: stray continuation bytes, overlong and surrogate forms, cut sequences.
const ILL_FORMED: &[&[u8]] = &[
    b"\x80",
    b"\xBF",
    b"\xC0\x80",
    b"\xC1\xBF",
    b"\xE0\x80\x80",
    b"\xED\xA0\x80",
    b"\xE4\xB8",
    b"\xE3\x80",
    b"\xF0\x9F\x98",
    b"\xFF",
    b"\xEF\xBC",
];

proptest! {
    #![proptest_config(config(64))]

    /// 6d. UTF-8 → UTF-8 under `--normalize`, where a start of each piece that is
    ///     well-formed and in the form is validated and scanned in one pass: on mixed runs
    ///     with ill-formed bytes (stray continuation bytes, cut sequences, overlong and
    ///     surrogate forms) put in, over more than a read window, read in arbitrary
    ///     chunks, the output is the form of
    ///     what replacement decoding makes of the input, as without that pass.
    #[test]
    fn normalizing_utf8_input_checks_it_as_well(
        runs in prop::collection::vec(mixed_runs(), 1..6),
        bad in prop::collection::vec(
            (any::<prop::sample::Index>(), prop::sample::select(ILL_FORMED)),
            0..8,
        ),
        sizes in prop::collection::vec(1usize..4000, 1..6),
        form in prop::sample::select(FORMS),
    ) {
        // A long stretch the one pass takes whole (up to the first character it does not
        // pass), then the mixed runs, over more than a read window (only the pieces before
        // the last one take that pass).
        let plain = "中文，标点。English text; 한국어 ".repeat(2000);
        let mixed = runs.concat();
        let mut bytes = [plain.clone(), mixed.repeat(200_000 / (mixed.len() + 1))].concat();
        bytes.push_str(&plain);
        let mut bytes = bytes.into_bytes();
        for (at, b) in bad {
            let at = at.index(bytes.len() + 1);
            bytes.splice(at..at, b.iter().copied());
        }
        let mut settings = normalize_settings("UTF-8", form);
        settings.policy = Policy::Replace;
        let want = form.normalize(&String::from_utf8_lossy(&bytes)).into_bytes();
        let got = convert_chunked(&bytes, &sizes, &settings);
        prop_assert!(got.0 == want, "{:?} chunks {:?}: differs", form, sizes);
    }
}

/// UTF-32LE from the general path as UTF-8, each U+DC80..U+DCFF (an escaped byte) written
/// as its byte, as the UTF-8 encoder writes it.
fn utf32le_as_utf8(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for unit in bytes.chunks_exact(4) {
        let u = u32::from_le_bytes([unit[0], unit[1], unit[2], unit[3]]);
        match char::from_u32(u) {
            Some(c) => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
            None => out.push((u - 0xDC00) as u8),
        }
    }
    out
}

proptest! {
    #![proptest_config(config(64))]

    /// 5d. UTF-8 → UTF-8 in bulk (valid stretches copied, errors dealt with one by one)
    /// writes what the general path does through UTF-32, with the same exit status, on
    /// short inputs and on inputs larger than the window.
    #[test]
    fn bulk_utf8_to_utf8_agrees_with_the_general_path(
        input in prop_oneof![ascii_runs_with_errors(), input_for("UTF-8")],
        big in any::<bool>(),
        seed in any::<u64>(),
        policy in prop::sample::select(POLICIES),
    ) {
        let input = if big { big_input("UTF-8", seed, 300_000) } else { input };
        let (bulk, status) = convert(&input, &Settings::new(UTF_8, UTF_8, policy));
        let (wide, wide_status) =
            convert(&input, &Settings::new(UTF_8, cs("UTF-32LE"), policy));
        prop_assert_eq!(status, wide_status);
        prop_assert!(
            bulk == utf32le_as_utf8(&wide),
            "{:?}: outputs differ on {}", policy, common::hex_short(&input)
        );
    }
}
