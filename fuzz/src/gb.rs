//! The GB family's kernels (`transcoder::codecs::gb`) against encoding_rs, their reference:
//! the property of `fuzz_targets/gb_differential.rs`, which `tests/gb_differential.rs` also
//! checks on generated adversarial input.
//!
//! For GBK and GB18030 the reference is encoding_rs behind the same `Codec` interface
//! (`transcoder::codecs::whatwg::Whatwg`); for strict GB2312, which encoding_rs lacks, it is
//! encoding_rs's GB18030 read one character at a time and narrowed to the rows of GB 2312.
//! Compared: decoding (text, and each error's offset, length and kind) with the input read in
//! chunks and into small output buffers, by both decoder entry points; encoding (bytes, and
//! each unmappable character with its offset); and for GBK and GB18030 the whole conversion
//! under every policy, to UTF-8 and UTF-16LE and back from UTF-8.

use super::{POLICIES, apply_flags, convert_chunked, hex, pick, split_header};
use transcoder::app::settings::Settings;
use transcoder::app::stream::convert_reader;
use transcoder::codecs::whatwg::Whatwg;
use transcoder::codecs::{
    CharAt, Charset, DecodeStatus, Decoder, EncodeStatus, Encoder, Problem, labels,
};
use transcoder::convert::Policy;

/// encoding_rs's GBK and GB18030, under the names of ours.
static REF_GBK: Whatwg = Whatwg::new("GBK", &encoding_rs::GBK_INIT);
static REF_GB18030: Whatwg = Whatwg::new("GB18030", &encoding_rs::GB18030_INIT);

/// The members compared: (ours, the reference where encoding_rs has one).
pub const MEMBERS: &[(&str, Option<&Whatwg>)] = &[
    ("GBK", Some(&REF_GBK)),
    ("GB18030", Some(&REF_GB18030)),
    ("GB2312", None),
];

/// Code points where GB editions, encoders and peers differ, for the text encoded.
const SPECIAL: &[u32] = &[
    0x80, 0xA4, 0xB7, 0x2014, 0x2015, 0x20AC, 0x3000, 0x30FB, 0x1E3F, 0xE5E5, 0xE7C7, 0xE78D,
    0xE78E, 0xE796, 0xE7E7, 0xE81E, 0xE826, 0xE82B, 0xE82C, 0xE832, 0xE843, 0xE854, 0xE864, 0xFE10,
    0xFE19, 0x9FB4, 0x9FBB, 0xFFFD, 0xFFFF, 0xFFFE, 0xE000, 0xF8FF, 0x10000, 0x10FFFF, 0x20087,
    0x2F7C9,
];

/// An encoder under test or a reference: `Encode::encode` without `last`.
type EncodeFn<'a> = &'a mut dyn FnMut(&str, &mut Vec<u8>) -> (EncodeStatus, usize);

/// What a decoder made of some bytes: the text with U+FFFD for each error, and each error
/// as (offset, length, kind).
type Events = (String, Vec<(u64, usize, Problem)>);

/// Decodes `input` read in chunks of `sizes` (cycled) into output buffers of `room` bytes
/// (at least 4), by `decode` or, with `bytes`, by `decode_to_utf8`.
pub fn decode_events(
    charset: Charset,
    input: &[u8],
    sizes: &[usize],
    room: usize,
    bytes: bool,
) -> Events {
    let mut d = Decoder::new(charset);
    let (mut text, mut errors) = (String::new(), Vec::new());
    let (mut at, mut turn) = (0usize, 0usize);
    loop {
        let size = sizes
            .get(turn % sizes.len().max(1))
            .copied()
            .unwrap_or(1)
            .max(1);
        turn += 1;
        let end = input.len().min(at + size);
        let (chunk, last) = (&input[at..end], end == input.len());
        let mut pos = 0;
        loop {
            let (status, read) = if bytes {
                let mut out = Vec::new();
                let r = d
                    .decode_to_utf8(&chunk[pos..], &mut out, last)
                    .expect("a direct path");
                text.push_str(std::str::from_utf8(&out).expect("the kernel writes UTF-8"));
                r
            } else {
                let mut out = String::with_capacity(room.max(4));
                let cap = out.capacity();
                let r = d.decode(&chunk[pos..], &mut out, last);
                assert!(
                    out.capacity() == cap,
                    "{}: the decoder grew its output",
                    charset.name()
                );
                text.push_str(&out);
                r
            };
            pos += read;
            match status {
                DecodeStatus::InputEmpty => break,
                DecodeStatus::OutputFull => {}
                DecodeStatus::Malformed {
                    len,
                    after,
                    problem,
                } => {
                    let end = (at + pos - after) as u64;
                    errors.push((end - len as u64, len, problem));
                    text.push('\u{FFFD}');
                }
            }
        }
        assert_eq!(
            pos,
            chunk.len(),
            "{}: a chunk was not read to its end",
            charset.name()
        );
        at = end;
        if last {
            return (text, errors);
        }
    }
}

/// The rows of GB 2312 as trail-byte ranges, for the GB2312 reference.
fn in_gb2312(lead: u8, trail: u8) -> bool {
    let cells: &[(u8, u8)] = match lead {
        0xA1 | 0xA3 => &[(0xA1, 0xFE)],
        0xA2 => &[(0xB1, 0xE2), (0xE5, 0xEE), (0xF1, 0xFC)],
        0xA4 => &[(0xA1, 0xF3)],
        0xA5 => &[(0xA1, 0xF6)],
        0xA6 => &[(0xA1, 0xB8), (0xC1, 0xD8)],
        0xA7 => &[(0xA1, 0xC1), (0xD1, 0xF1)],
        0xA8 => &[(0xA1, 0xBA), (0xC5, 0xE9)],
        0xA9 => &[(0xA4, 0xEF)],
        0xB0..=0xD6 | 0xD8..=0xF7 => &[(0xA1, 0xFE)],
        0xD7 => &[(0xA1, 0xF9)],
        _ => &[],
    };
    cells.iter().any(|&(lo, hi)| (lo..=hi).contains(&trail))
}

/// The GB2312 reference: encoding_rs's GB18030 one character at a time, every character
/// that is not ASCII or a pair in the rows of GB 2312 an error of its length ("only in GBK").
fn gb2312_reference(input: &[u8]) -> Events {
    let gb18030 = Charset::of(&REF_GB18030);
    let (mut text, mut errors) = (String::new(), Vec::new());
    let mut at = 0;
    while at < input.len() {
        match gb18030.char_at(&input[at..], true) {
            CharAt::Text(s, len)
                if len == 1 && input[at] < 0x80
                    || len == 2 && in_gb2312(input[at], input[at + 1]) =>
            {
                text.push_str(&s);
                at += len;
            }
            CharAt::Text(_, len) => {
                errors.push((at as u64, len, Problem::OnlyIn("GBK")));
                text.push('\u{FFFD}');
                at += len;
            }
            CharAt::Malformed(len, problem) => {
                errors.push((at as u64, len, problem));
                text.push('\u{FFFD}');
                at += len;
            }
            CharAt::NeedMore => unreachable!("at the end of the input"),
        }
    }
    (text, errors)
}

/// Encodes `text` in blocks cut after `sizes` bytes (cycled, moved to character boundaries):
/// the bytes, and each unmappable character with its byte offset in `text`.
fn encode_events(encoder: EncodeFn, text: &str, sizes: &[usize]) -> (Vec<u8>, Vec<(usize, char)>) {
    let (mut out, mut unmappable) = (Vec::new(), Vec::new());
    let (mut at, mut turn) = (0usize, 0usize);
    while at < text.len() {
        let size = sizes
            .get(turn % sizes.len().max(1))
            .copied()
            .unwrap_or(1)
            .max(1);
        turn += 1;
        let mut end = text.len().min(at + size);
        while !text.is_char_boundary(end) {
            end += 1;
        }
        let mut from = at;
        while from < end {
            let (status, read) = encoder(&text[from..end], &mut out);
            match status {
                EncodeStatus::Done => from = end,
                EncodeStatus::Unmappable(c) => {
                    unmappable.push((from + read - c.len_utf8(), c));
                    from += read;
                }
            }
        }
        at = end;
    }
    (out, unmappable)
}

/// The GB2312 reference encoder: ASCII; U+30FB and U+2015 as glibc writes them; else what
/// encoding_rs's GBK writes, if that is a pair in the rows of GB 2312.
fn gb2312_encode_reference(text: &str, out: &mut Vec<u8>) -> (EncodeStatus, usize) {
    for (i, c) in text.char_indices() {
        let pair = match c {
            '\u{30FB}' => Some([0xA1, 0xA4]),
            '\u{2015}' => Some([0xA1, 0xAA]),
            _ => {
                let mut buf = [0u8; 4];
                let (bytes, _, unmappable) = encoding_rs::GBK.encode(c.encode_utf8(&mut buf));
                match *bytes {
                    [b] if b < 0x80 && !unmappable => Some([b, 0]),
                    [l, t] if !unmappable && in_gb2312(l, t) => Some([l, t]),
                    _ => None,
                }
            }
        };
        match pair {
            Some([b, 0]) => out.push(b),
            Some(p) => out.extend_from_slice(&p),
            None => return (EncodeStatus::Unmappable(c), i + c.len_utf8()),
        }
    }
    (EncodeStatus::Done, text.len())
}

/// Text for the encoders, three input bytes a character: ASCII, hanzi, any BMP character,
/// the characters of [`SPECIAL`], supplementary characters, and whatever a GB18030 pair
/// decodes to (so that every area of the table is reached).
pub fn text_of(bytes: &[u8]) -> String {
    bytes
        .chunks(3)
        .filter_map(|c| {
            let (a, b, d) = (
                c[0],
                c.get(1).copied().unwrap_or(0),
                c.get(2).copied().unwrap_or(0),
            );
            let low = u32::from(b) << 8 | u32::from(d);
            let cp = match a % 8 {
                0 => u32::from(b & 0x7F),
                1 | 2 => 0x4E00 + low % 0x51A6,
                3 => low,
                4 => SPECIAL[usize::from(b) % SPECIAL.len()],
                5 => 0x10000 + (low << 4 | u32::from(a >> 4)),
                _ => {
                    let pair = [0x81 + b % 126, 0x40 + d % 191];
                    let (s, _) = encoding_rs::GB18030.decode_without_bom_handling(&pair);
                    return s.chars().next();
                }
            };
            char::from_u32(cp)
        })
        .collect()
}

/// The property: see the module docs. Header: member, flags, output room, n, then n chunk
/// sizes; the rest is the input (decoded as it is, and made into text by [`text_of`]).
pub fn check_gb_differential(data: &[u8]) {
    let ([m, flags, room, n], rest) = split_header::<4>(data);
    let n = usize::from(n & 7) + 1;
    let (sizes, input) = rest.split_at(n.min(rest.len()));
    let sizes: Vec<usize> = sizes.iter().map(|&s| usize::from(s)).collect();
    let (name, reference) = pick(MEMBERS, m);
    let ours = labels::resolve(name).expect("a GB label");
    let room = usize::from(room) + 4;
    let expected = match reference {
        Some(r) => decode_events(Charset::of(r), input, &[input.len()], 1 << 16, false),
        None => gb2312_reference(input),
    };
    for (how, events) in [
        (
            "decode, chunked",
            decode_events(ours, input, &sizes, room, false),
        ),
        (
            "decode_to_utf8, chunked",
            decode_events(ours, input, &sizes, room, true),
        ),
    ] {
        assert!(
            events == expected,
            "{name} {how} (chunks {sizes:?}, room {room}) on {}\n  ours      {:?}\n  reference {:?}",
            hex(input),
            events,
            expected
        );
    }
    let text = text_of(input);
    let mut mine = Encoder::new(ours);
    let got = encode_events(&mut |s, out| mine.encode(s, out, false), &text, &sizes);
    let want = match reference {
        Some(r) => {
            let mut theirs = Encoder::new(Charset::of(r));
            encode_events(
                &mut |s, out| theirs.encode(s, out, false),
                &text,
                &[text.len()],
            )
        }
        None => encode_events(&mut gb2312_encode_reference, &text, &[text.len()]),
    };
    assert!(
        got == want,
        "{name} encode (blocks {sizes:?}) of {text:?}\n  ours      {}\n  {:?}\n  reference {}\n  {:?}",
        hex(&got.0),
        got.1,
        hex(&want.0),
        want.1
    );
    if let Some(r) = reference {
        for &policy in POLICIES {
            compare_conversions(ours, Charset::of(r), "UTF-8", policy, flags, input, &sizes);
            compare_conversions(
                ours,
                Charset::of(r),
                "UTF-16LE",
                policy,
                flags,
                input,
                &sizes,
            );
            compare_encodings(ours, Charset::of(r), policy, flags, &text);
        }
    }
}

fn settings_of(from: Charset, to: Charset, policy: Policy, flags: u8) -> Settings {
    let mut s = Settings::new(from, to, policy);
    apply_flags(&mut s, flags);
    s
}

/// The whole conversion from `ours` and from `reference` to `to`, our input read in chunks.
fn compare_conversions(
    ours: Charset,
    reference: Charset,
    to: &str,
    policy: Policy,
    flags: u8,
    input: &[u8],
    sizes: &[usize],
) {
    let to_cs = labels::resolve(to).expect("a label");
    let sizes: Vec<u8> = sizes.iter().map(|&s| s.min(255) as u8).collect();
    let got = convert_chunked(input, &sizes, &settings_of(ours, to_cs, policy, flags));
    let want = convert_reader(
        Box::new(std::io::Cursor::new(input.to_vec())),
        &settings_of(reference, to_cs, policy, flags),
    );
    assert!(
        got == want,
        "-f {} -t {to} {policy:?} flags {flags:02X} on {}\n  ours      {} status {}\n  reference {} status {}",
        ours.name(),
        hex(input),
        hex(&got.0),
        got.1,
        hex(&want.0),
        want.1
    );
}

/// The whole conversion of `text` from UTF-8 to `ours` and to `reference`.
fn compare_encodings(ours: Charset, reference: Charset, policy: Policy, flags: u8, text: &str) {
    let run = |to| {
        let s = settings_of(labels::UTF_8, to, policy, flags);
        convert_reader(Box::new(std::io::Cursor::new(text.as_bytes().to_vec())), &s)
    };
    let (got, want) = (run(ours), run(reference));
    assert!(
        got == want,
        "-f UTF-8 -t {} {policy:?} flags {flags:02X} on {text:?}\n  ours      {} status {}\n  reference {} status {}",
        ours.name(),
        hex(&got.0),
        got.1,
        hex(&want.0),
        want.1
    );
}
