//! Property tests of the Unicode transformation formats, in-process through the library
//! (`convert_reader`):
//!
//! 1. Every split: the input read in two parts, cut at every position, gives the same
//!    output and status as in one piece, under every policy (the stateful decoders keep
//!    their state across reads).
//! 2. Valid text comes back through each format, with NUL, `+`, `&`, `-`, supplementary
//!    characters and the rest.
//! 3. Replace writes well-formed UTF-8 and exits 0 on any input.
//! 4. The escape round trips, as each format promises them (see the README): byte for byte
//!    through UTF-16 and UTF-32 for the stateless formats; any 16-bit sequence through
//!    WTF-8; for UTF-7 the encoder's own output with ill-formed pieces that stand on their
//!    own; for BOCU-1 and SCSU the same text, lone surrogates and escapes after a trip.

use proptest::prelude::*;
use std::io::{Cursor, Read};
use transcoder::app::settings::Settings;
use transcoder::app::stream::convert_reader;
use transcoder::convert::Policy;

mod common;

use common::{config, cs};

const FORMATS: &[&str] = &[
    "UTF-7",
    "UTF-7-OPTIONAL",
    "UTF-7-IMAP",
    "CESU-8",
    "MUTF-8",
    "WTF-8",
    "SCSU",
    "BOCU-1",
    "UTF-1",
];
const POLICIES: &[Policy] = &[
    Policy::Strict,
    Policy::Replace,
    Policy::Escape,
    Policy::Discard,
];

fn convert(input: &[u8], from: &str, to: &str, policy: Policy) -> (Vec<u8>, i32) {
    let mut s = Settings::new(cs(from), cs(to), policy);
    s.keep_bom = true;
    convert_reader(Box::new(Cursor::new(input.to_vec())), &s)
}

/// A reader that gives its data in two parts, cut at `cut`.
struct TwoParts {
    data: Vec<u8>,
    pos: usize,
    cut: usize,
}

impl Read for TwoParts {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let end = if self.pos < self.cut {
            self.cut
        } else {
            self.data.len()
        };
        let n = buf.len().min(end - self.pos);
        buf[..n].copy_from_slice(&self.data[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// Characters worth mixing: each format's special ones.
fn text_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => prop::sample::select(vec![
            'a', 'Z', '0', ' ', '\n', '\t', '\0', '\u{1}', '+', '&', '-', '~', '\\', '!', ',',
            '/', 'é', 'ß', '€', 'Ж', 'Ω', '中', '文', '。', '，', 'ア', 'あ', '한', '😀', '𐐀',
            '\u{10FFFF}', '\u{FEFF}', '\u{FFFD}', '\u{E000}', '\u{F2FF}', '\u{80}', '\u{A0}',
        ]),
        1 => any::<char>(),
    ]
}

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(text_char(), 0..40).prop_map(|v| v.into_iter().collect())
}

/// Bytes biased towards each format's structure: shift characters, base64 digits, tags,
/// lead and trail bytes.
fn noisy_bytes() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        2 => any::<u8>(),
        3 => prop::sample::select(vec![
            b'+', b'&', b'-', b'A', b'G', b'E', b'/', b',', b'2', b'D', b'3', b'~', b' ', b'\n',
            0x00, 0x01, 0x0B, 0x0C, 0x0E, 0x0F, 0x12, 0x18, 0x80, 0xA0, 0xC0, 0xD0, 0xD8,
            0xE0, 0xED, 0xF0, 0xF2, 0xF6, 0xFB, 0xFE, 0xFF,
        ]),
    ];
    prop::collection::vec(byte, 0..48)
}

/// An input for `label`: noise, valid text, or valid text with noise spliced in.
fn input_for(label: &'static str) -> impl Strategy<Value = Vec<u8>> {
    let encoded = move |t: String| convert(t.as_bytes(), "UTF-8", label, Policy::Strict).0;
    prop_oneof![
        noisy_bytes(),
        text().prop_map(encoded),
        (text(), noisy_bytes(), any::<prop::sample::Index>()).prop_map(move |(t, noise, at)| {
            let mut v = encoded(t);
            let i = if v.is_empty() { 0 } else { at.index(v.len()) };
            v.splice(i..i, noise);
            v
        }),
    ]
}

fn case() -> impl Strategy<Value = (&'static str, Vec<u8>)> {
    prop::sample::select(FORMATS).prop_flat_map(|f| (Just(f), input_for(f)))
}

proptest! {
    #![proptest_config(config(48))]

    /// 1. Read in two parts cut anywhere, the input converts as in one piece.
    #[test]
    fn every_split_is_the_same((from, input) in case(), to in prop::sample::select(&["UTF-8", "UTF-16LE"][..])) {
        for &policy in POLICIES {
            let mut s = Settings::new(cs(from), cs(to), policy);
            s.keep_bom = true;
            let whole = convert_reader(Box::new(Cursor::new(input.clone())), &s);
            for cut in 0..=input.len() {
                let reader = TwoParts { data: input.clone(), pos: 0, cut };
                let split = convert_reader(Box::new(reader), &s);
                prop_assert!(whole == split, "-f {} -t {} {:?} cut {}: input {}",
                    from, to, policy, cut, common::hex_short(&input));
            }
        }
    }

    /// 2. Valid text comes back unchanged.
    #[test]
    fn valid_text_round_trips(label in prop::sample::select(FORMATS), t in text()) {
        let (bytes, status) = convert(t.as_bytes(), "UTF-8", label, Policy::Strict);
        prop_assert_eq!(status, 0);
        let (back, status) = convert(&bytes, label, "UTF-8", Policy::Strict);
        prop_assert_eq!(status, 0, "{}: {}", label, common::hex_short(&bytes));
        prop_assert_eq!(String::from_utf8_lossy(&back), t.as_str(), "{}", label);
    }

    /// 3. Replace always succeeds and writes well-formed UTF-8.
    #[test]
    fn replace_output_is_well_formed((from, input) in case()) {
        let (out, status) = convert(&input, from, "UTF-8", Policy::Replace);
        prop_assert_eq!(status, 0);
        prop_assert!(std::str::from_utf8(&out).is_ok());
    }

    /// 4a. The stateless formats: any bytes come back through UTF-16LE and UTF-32LE.
    #[test]
    fn escape_is_byte_exact_for_stateless_formats(
        label in prop::sample::select(&["CESU-8", "MUTF-8", "UTF-1"][..]),
        input in noisy_bytes(),
    ) {
        for middle in ["UTF-16LE", "UTF-32LE"] {
            let (there, status) = convert(&input, label, middle, Policy::Escape);
            prop_assert_eq!(status, 0);
            let (back, status) = convert(&there, middle, label, Policy::Escape);
            prop_assert_eq!(status, 0);
            prop_assert!(back == input, "{} via {}: {} -> {}", label, middle,
                common::hex_short(&input), common::hex_short(&back));
        }
    }

    /// 4b. Any sequence of 16-bit units, ill-formed ones included, comes back through WTF-8.
    #[test]
    fn any_utf16_comes_back_through_wtf8(
        units in prop::collection::vec(prop_oneof![any::<u16>(), 0xD800u16..0xE000], 0..64),
    ) {
        let input: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
        let (wtf8, status) = convert(&input, "UTF-16LE", "WTF-8", Policy::Escape);
        prop_assert_eq!(status, 0);
        let (back, status) = convert(&wtf8, "WTF-8", "UTF-16LE", Policy::Escape);
        prop_assert_eq!(status, 0);
        prop_assert!(back == input, "{} -> {}", common::hex_short(&input), common::hex_short(&wtf8));
    }

    /// 4c. UTF-7: the encoder's output for text with ill-formed bytes that stand on their
    /// own (written from UTF-16 with their escapes) comes back byte for byte; anything else
    /// converts without error.
    #[test]
    fn utf7_escapes_come_back(
        label in prop::sample::select(&["UTF-7", "UTF-7-OPTIONAL", "UTF-7-IMAP"][..]),
        parts in prop::collection::vec((text(), prop::sample::select(vec![0x80u8, 0xFF, 0x01, 0x7F])), 0..4),
        noise in noisy_bytes(),
    ) {
        let units: Vec<u8> = parts
            .iter()
            .flat_map(|(t, b)| t.encode_utf16().chain([0xDC00 | u16::from(*b)]).collect::<Vec<_>>())
            .flat_map(|u| u.to_le_bytes())
            .collect();
        let (input, status) = convert(&units, "UTF-16LE", label, Policy::Escape);
        prop_assert_eq!(status, 0);
        for middle in ["UTF-16LE", "UTF-32LE"] {
            let (there, status) = convert(&input, label, middle, Policy::Escape);
            prop_assert_eq!(status, 0);
            let (back, status) = convert(&there, middle, label, Policy::Escape);
            prop_assert_eq!(status, 0);
            prop_assert!(back == input, "{} via {}: {:?} -> {:?}", label, middle,
                String::from_utf8_lossy(&input), String::from_utf8_lossy(&back));
            let (there, status) = convert(&noise, label, middle, Policy::Escape);
            prop_assert_eq!(status, 0);
            prop_assert_eq!(convert(&there, middle, label, Policy::Escape).1, 0);
        }
    }

    /// 4d. BOCU-1 (without reset bytes) and SCSU (in single-byte mode, so that no ill-formed
    /// pieces of both modes meet): after a trip through UTF-32LE, the input decodes to the
    /// same text, lone surrogates and escapes.
    #[test]
    fn compression_escapes_decode_the_same(
        label in prop::sample::select(&["BOCU-1", "SCSU"][..]),
        input in noisy_bytes(),
    ) {
        let forbidden = if label == "SCSU" { 0x0F } else { 0xFF };
        let input: Vec<u8> = input.into_iter().filter(|&b| b != forbidden).collect();
        let (units, status) = convert(&input, label, "UTF-32LE", Policy::Escape);
        prop_assert_eq!(status, 0);
        // Lone U+DC00..U+DCFF of the input's own would come back as the bytes they stand for.
        let own_escape_range = units.chunks(4).any(|u| matches!(u, [0x00..=0xFF, 0xDC, 0, 0]));
        let (again, status) = convert(&units, "UTF-32LE", label, Policy::Escape);
        prop_assert_eq!(status, 0);
        let (units2, status) = convert(&again, label, "UTF-32LE", Policy::Escape);
        prop_assert_eq!(status, 0);
        prop_assert!(own_escape_range || units == units2, "{}: {} -> {}", label,
            common::hex_short(&input), common::hex_short(&again));
    }
}
