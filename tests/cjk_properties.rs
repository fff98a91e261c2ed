//! Property tests for the CJK charsets of issue 17, in-process through the library
//! (`transcoder::app::stream::convert_reader`):
//!
//! 1. Every split: however the reader cuts the input (every single cut point of a short
//!    input, and random piece sizes), the output and status are those of the whole input.
//!    This is what keeps the shift state of HZ and the ISO-2022 forms across read buffers.
//! 2. `--errors escape` round trip: text written by the encoder, with stray high bytes put
//!    between its characters (inside shifted runs too), goes to UTF-8 and back unchanged.

mod common;

use common::{config, convert_chunked, cs};
use proptest::prelude::*;
use std::io::Cursor;
use transcoder::app::settings::Settings;
use transcoder::app::stream::convert_reader;
use transcoder::codecs::labels::UTF_8;
use transcoder::convert::Policy;

fn whole(input: &[u8], settings: &Settings) -> (Vec<u8>, i32) {
    convert_reader(Box::new(Cursor::new(input.to_vec())), settings)
}

const STATEFUL: &[&str] = &[
    "HZ-GB-2312",
    "ISO-2022-KR",
    "ISO-2022-CN",
    "ISO-2022-CN-EXT",
    "ISO-2022-JP-1",
    "ISO-2022-JP-2",
    "ISO-2022-JP-3",
    "ISO-2022-JP-2004",
    "ISO-2022-JP-EXT",
];

/// Charsets of issue 34 checked for the split property only: in a double-byte EBCDIC run a
/// stray high byte is a lead like any other, and an accent prefix takes the byte after it,
/// so the escape round trip's stray bytes would not stay where they stood.
const SPLIT_ONLY: &[&str] = &["IBM930", "IBM1390", "IBM933", "ISO_6937", "T.61-8BIT"];

const STATELESS: &[&str] = &[
    "EUC-TW",
    "JOHAB",
    "CP949",
    "EUC-KR-strict",
    "CP950",
    "Big5-HKSCS",
    "CP932",
    "Shift_JIS-strict",
    "EUC-JP-strict",
    "EUC-JIS-2004",
    "Shift_JIS-2004",
];

const POLICIES: &[Policy] = &[Policy::Strict, Policy::Replace, Policy::Escape];

/// Characters of every repertoire, the shift and escape characters, line ends, and
/// characters with a combining mark that some charsets write as one code.
fn text_char() -> impl Strategy<Value = char> {
    prop::sample::select(vec![
        'a', 'z', ' ', '~', '{', '}', '\\', '\n', '\r', '中', '文', '丟', '乂', '한', '국', '갂',
        '日', '本', '丂', '㐂', 'ｱ', '①', '夲', '¥', '‾', '·', 'é', 'Ω', 'Ê', '\u{304}', 'か',
        '\u{309A}', '😀', '\u{1B}', '\u{E000}',
    ])
}

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(text_char(), 0..60).prop_map(|v| v.into_iter().collect())
}

/// `text` written by the encoder under test (what it cannot write, dropped).
fn encoded(text: &str, label: &str) -> Vec<u8> {
    whole(
        text.as_bytes(),
        &Settings::new(UTF_8, cs(label), Policy::Discard),
    )
    .0
}

/// Encoded text with bytes spliced in: high bytes, shifts, escapes, tildes.
fn input(label: &'static str) -> impl Strategy<Value = Vec<u8>> {
    let noise = prop::collection::vec(
        prop::sample::select(vec![
            0x80u8, 0xA1, 0xFE, 0xFF, 0x8E, 0x8F, 0x0E, 0x0F, 0x1B, b'~', b'{', b'$', b'N', b'\n',
            0x21, 0x40, 0xC2, 0x25,
        ]),
        0..6,
    );
    (text(), noise, any::<prop::sample::Index>()).prop_map(move |(t, noise, at)| {
        let mut v = encoded(&t, label);
        let i = if v.is_empty() { 0 } else { at.index(v.len()) };
        v.splice(i..i, noise);
        v
    })
}

fn case() -> impl Strategy<Value = (&'static str, Policy, Vec<u8>, Vec<usize>)> {
    let all: Vec<&'static str> = STATEFUL
        .iter()
        .chain(STATELESS)
        .chain(SPLIT_ONLY)
        .copied()
        .collect();
    (
        prop::sample::select(all),
        prop::sample::select(POLICIES),
        prop::collection::vec(1usize..9, 1..6),
    )
        .prop_flat_map(|(label, policy, sizes)| {
            (Just(label), Just(policy), input(label), Just(sizes))
        })
}

proptest! {
    #![proptest_config(config(96))]

    /// 1. The same output and status however the input is cut: every single cut point,
    ///    then random piece sizes.
    #[test]
    fn every_split_gives_the_same_output((label, policy, input, sizes) in case()) {
        let settings = Settings::new(cs(label), UTF_8, policy);
        let all = whole(&input, &settings);
        for cut in 1..input.len() {
            let two = convert_chunked(&input, &[cut, input.len()], &settings);
            prop_assert_eq!(&all, &two, "-f {} {:?} cut at {} of {:02X?}", label, policy, cut, input);
        }
        let pieces = convert_chunked(&input, &sizes, &settings);
        prop_assert_eq!(&all, &pieces, "-f {} {:?} pieces {:?} of {:02X?}", label, policy, sizes, input);
    }

    /// 2. Escape round trip: the encoder's own text with stray high bytes between its
    ///    characters (shifted runs included) goes E → UTF-16LE → E unchanged, and reads as
    ///    the text with the bytes escaped where they stood.
    #[test]
    fn escape_round_trips_stray_bytes(
        label in prop::sample::select(STATEFUL),
        t in text(),
        stray in prop::collection::vec((0x80u8..=0xFF, any::<prop::sample::Index>()), 1..4),
    ) {
        // What the charset can hold of the text.
        let held = whole(&encoded(&t, label), &Settings::new(cs(label), UTF_8, Policy::Strict));
        prop_assert_eq!(held.1, 0);
        let held = String::from_utf8(held.0).unwrap_or_default();
        let chars: Vec<char> = held.chars().collect();
        // A stray byte goes between two of the charset's own characters: not before a
        // character that has no code of its own and is written only with the one before it
        // (JIS X 0213's か゚ is one code; U+309A alone has none).
        let alone = |c: char| {
            let utf8 = c.to_string().into_bytes();
            whole(&utf8, &Settings::new(UTF_8, cs(label), Policy::Strict)).1 == 0
        };
        let mut marks: Vec<(usize, u8)> = stray
            .iter()
            .map(|&(b, i)| {
                let mut m = i.index(chars.len() + 1);
                while m < chars.len() && !alone(chars[m]) {
                    m += 1;
                }
                (m, b)
            })
            .collect();
        marks.sort_unstable();
        let mut units: Vec<u16> = Vec::new();
        let mut next = 0;
        for &(m, b) in &marks {
            units.extend(chars[next..m].iter().collect::<String>().encode_utf16());
            units.push(0xDC00 + u16::from(b));
            next = m;
        }
        units.extend(chars[next..].iter().collect::<String>().encode_utf16());
        let utf16: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
        let to_legacy = Settings::new(cs("UTF-16LE"), cs(label), Policy::Escape);
        let back = Settings::new(cs(label), cs("UTF-16LE"), Policy::Escape);
        let (legacy, status) = whole(&utf16, &to_legacy);
        prop_assert_eq!(status, 0);
        let (read, _) = whole(&legacy, &back);
        prop_assert_eq!(&read, &utf16, "-f {} {:02X?}", label, legacy);
        let (again, _) = whole(&read, &to_legacy);
        prop_assert_eq!(&again, &legacy, "-t {} {:02X?}", label, legacy);
    }
}
