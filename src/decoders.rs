//! Decoders: bytes in one charset to Unicode text, behind one streaming interface.
//!
//! encoding_rs does the WHATWG encodings and UTF-8. UTF-16, UTF-32 and UCS-2 are decoded here
//! (encoding_rs has no UTF-32 and cannot report a lone surrogate as a value), and so are the
//! charsets encoding_rs reads differently from their own standards: ISO-8859-1, US-ASCII and
//! GB2312. Every decoder follows encoding_rs's contract: it reads as much of `src` as it can,
//! appends to `dst` up to its capacity, and a malformed report can name bytes that arrived in
//! an earlier call.

#![forbid(unsafe_code)]

use crate::gb2312;
use crate::labels::{Charset, Order};
use encoding_rs::{DecoderResult, Encoding};

/// What is wrong with a malformed sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Bytes the charset does not allow here.
    Invalid,
    /// A UTF-16 or UTF-32 surrogate code unit with no partner; the value is the unit.
    LoneSurrogate(u16),
    /// A surrogate in UCS-2 input, which has none (the input may be UTF-16).
    Ucs2Surrogate(u16),
    /// A GBK character that GB2312 does not have.
    NotGb2312,
}

/// The outcome of one [`Decoder::decode`] call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecodeStatus {
    /// All of `src` was read.
    InputEmpty,
    /// `dst` has no room for another character.
    OutputFull,
    /// `len` malformed bytes end `after` bytes before the read position; they may have been
    /// part of an earlier `src`.
    Malformed {
        len: usize,
        after: usize,
        problem: Problem,
    },
}

/// A streaming decoder for one charset with a fixed byte order.
pub struct Decoder {
    kind: Kind,
}

enum Kind {
    Rs(encoding_rs::Decoder),
    Utf16(Utf16),
    Wide(Wide),
    Latin1,
    Ascii,
    Gb2312(Gb2312),
}

impl Decoder {
    /// A decoder for `charset`. The unmarked UTF-16/UTF-32/UCS-2 labels must be resolved to a
    /// byte order first; `Unmarked` is read as big-endian (RFC 2781 §4.3).
    pub fn new(charset: Charset) -> Decoder {
        let kind = match charset {
            Charset::Auto | Charset::Utf8 => {
                Kind::Rs(encoding_rs::UTF_8.new_decoder_without_bom_handling())
            }
            Charset::Legacy(e) => Kind::Rs(e.new_decoder_without_bom_handling()),
            Charset::Utf16(o) => Kind::Utf16(Utf16::new(o)),
            Charset::Ucs2(o) => Kind::Wide(Wide::new(2, o)),
            Charset::Utf32(o) => Kind::Wide(Wide::new(4, o)),
            Charset::Latin1 => Kind::Latin1,
            Charset::Ascii => Kind::Ascii,
            Charset::Gb2312 => Kind::Gb2312(Gb2312::default()),
        };
        Decoder { kind }
    }

    /// Decodes from `src` into `dst` (never past its capacity). Returns the status and the
    /// number of bytes of `src` read. With `last`, the end of `src` is the end of the input,
    /// and an incomplete sequence there is reported as malformed.
    pub fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        match &mut self.kind {
            Kind::Rs(d) => {
                let (result, read) = d.decode_to_string_without_replacement(src, dst, last);
                (status_of(result, |_, _| Problem::Invalid), read)
            }
            Kind::Utf16(u) => u.decode(src, dst, last),
            Kind::Wide(w) => w.decode(src, dst, last),
            Kind::Latin1 => decode_bytewise(src, dst, |b| Some(char::from(b))),
            Kind::Ascii => decode_bytewise(src, dst, |b| b.is_ascii().then_some(char::from(b))),
            Kind::Gb2312(g) => g.decode(src, dst, last),
        }
    }
}

/// Room for one more character of UTF-8.
fn has_room(dst: &String) -> bool {
    dst.capacity() - dst.len() >= 4
}

/// Single-byte decoding where `map` gives each byte's character or `None` for a bad byte.
fn decode_bytewise(
    src: &[u8],
    dst: &mut String,
    map: impl Fn(u8) -> Option<char>,
) -> (DecodeStatus, usize) {
    for (i, &b) in src.iter().enumerate() {
        if !has_room(dst) {
            return (DecodeStatus::OutputFull, i);
        }
        match map(b) {
            Some(c) => dst.push(c),
            None => {
                let status = DecodeStatus::Malformed {
                    len: 1,
                    after: 0,
                    problem: Problem::Invalid,
                };
                return (status, i + 1);
            }
        }
    }
    (DecodeStatus::InputEmpty, src.len())
}

fn status_of(result: DecoderResult, problem: impl Fn(usize, usize) -> Problem) -> DecodeStatus {
    match result {
        DecoderResult::InputEmpty => DecodeStatus::InputEmpty,
        DecoderResult::OutputFull => DecodeStatus::OutputFull,
        DecoderResult::Malformed(len, after) => {
            let (len, after) = (usize::from(len), usize::from(after));
            DecodeStatus::Malformed {
                len,
                after,
                problem: problem(len, after),
            }
        }
    }
}

/// UTF-16 in one byte order: encoding_rs's decoder (fast, and with the WHATWG error
/// boundaries), with each malformed report turned back into the lone surrogate it was.
struct Utf16 {
    decoder: encoding_rs::Decoder,
    big_endian: bool,
    /// The last bytes consumed, for reports that name bytes of an earlier call.
    recent: Vec<u8>,
}

impl Utf16 {
    fn new(order: Order) -> Utf16 {
        let e = if order == Order::Le {
            encoding_rs::UTF_16LE
        } else {
            encoding_rs::UTF_16BE
        };
        Utf16 {
            decoder: e.new_decoder_without_bom_handling(),
            big_endian: order != Order::Le,
            recent: Vec::with_capacity(16),
        }
    }

    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        let (result, read) = self
            .decoder
            .decode_to_string_without_replacement(src, dst, last);
        self.recent
            .extend_from_slice(&src[read.saturating_sub(8)..read]);
        let excess = self.recent.len().saturating_sub(8);
        self.recent.drain(..excess);
        let recent = &self.recent;
        let big_endian = self.big_endian;
        let status = status_of(result, |len, after| {
            // Two bytes are a lone surrogate unit; three, one followed by a stray byte at
            // the end of the input; one, a stray byte.
            let end = recent.len().saturating_sub(after);
            let bytes = &recent[end.saturating_sub(len)..end];
            match bytes {
                [a, b, ..] if len >= 2 => {
                    let unit = if big_endian {
                        u16::from_be_bytes([*a, *b])
                    } else {
                        u16::from_le_bytes([*a, *b])
                    };
                    Problem::LoneSurrogate(unit)
                }
                _ => Problem::Invalid,
            }
        });
        (status, read)
    }
}

/// UCS-2 and UTF-32 in one byte order: every unit stands alone.
struct Wide {
    unit: usize,
    big_endian: bool,
    /// Bytes of an incomplete unit from an earlier call.
    partial: Vec<u8>,
}

impl Wide {
    fn new(unit: usize, order: Order) -> Wide {
        Wide {
            unit,
            big_endian: order != Order::Le,
            partial: Vec::with_capacity(4),
        }
    }

    fn value(&self, bytes: &[u8]) -> u32 {
        let fold = |acc: u32, b: &u8| (acc << 8) | u32::from(*b);
        if self.big_endian {
            bytes.iter().fold(0, fold)
        } else {
            bytes.iter().rev().fold(0, fold)
        }
    }

    /// Reads the next unit, from `partial` and `src[*read..]`.
    fn next_unit(&mut self, src: &[u8], read: &mut usize) -> Option<u32> {
        let need = self.unit - self.partial.len();
        let available = &src[*read..];
        if available.len() < need {
            self.partial.extend_from_slice(available);
            *read = src.len();
            return None;
        }
        let value = if self.partial.is_empty() {
            self.value(&available[..need])
        } else {
            self.partial.extend_from_slice(&available[..need]);
            let v = self.value(&self.partial);
            self.partial.clear();
            v
        };
        *read += need;
        Some(value)
    }

    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        let mut read = 0;
        loop {
            if !has_room(dst) {
                return (DecodeStatus::OutputFull, read);
            }
            let Some(unit) = self.next_unit(src, &mut read) else {
                break;
            };
            let problem = match char::from_u32(unit) {
                Some(c) => {
                    dst.push(c);
                    continue;
                }
                None if (0xD800..0xE000).contains(&unit) && self.unit == 2 => {
                    Problem::Ucs2Surrogate(unit as u16)
                }
                None if (0xD800..0xE000).contains(&unit) => Problem::LoneSurrogate(unit as u16),
                None => Problem::Invalid,
            };
            let status = DecodeStatus::Malformed {
                len: self.unit,
                after: 0,
                problem,
            };
            return (status, read);
        }
        if last && !self.partial.is_empty() {
            let len = self.partial.len();
            self.partial.clear();
            let status = DecodeStatus::Malformed {
                len,
                after: 0,
                problem: Problem::Invalid,
            };
            return (status, read);
        }
        (DecodeStatus::InputEmpty, read)
    }
}

/// GB2312 over EUC-CN; anything else GBK would accept is reported as [`Problem::NotGb2312`].
#[derive(Default)]
struct Gb2312 {
    /// Bytes of an incomplete character from an earlier call.
    pending: Vec<u8>,
}

impl Gb2312 {
    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        let mut read = 0;
        // Finish a character begun in an earlier call, pulling in one byte at a time. Bytes
        // left over after a malformed sequence stay pending and are decoded next.
        while !self.pending.is_empty() {
            if !has_room(dst) {
                return (DecodeStatus::OutputFull, read);
            }
            let at_end = read == src.len() && last;
            match gb2312_char_at(&self.pending, at_end) {
                CharAt::NeedMore if read < src.len() => {
                    self.pending.push(src[read]);
                    read += 1;
                }
                CharAt::NeedMore => return (DecodeStatus::InputEmpty, read),
                CharAt::Text(text, len) => {
                    dst.push_str(&text);
                    self.pending.drain(..len);
                }
                CharAt::Malformed(len, problem) => {
                    self.pending.drain(..len);
                    let status = DecodeStatus::Malformed {
                        len,
                        after: self.pending.len(),
                        problem,
                    };
                    return (status, read);
                }
            }
        }
        while read < src.len() {
            if !has_room(dst) {
                return (DecodeStatus::OutputFull, read);
            }
            let rest = &src[read..];
            match gb2312_char_at(rest, last) {
                CharAt::Text(text, len) => {
                    dst.push_str(&text);
                    read += len;
                }
                CharAt::Malformed(len, problem) => {
                    let status = DecodeStatus::Malformed {
                        len,
                        after: 0,
                        problem,
                    };
                    return (status, read + len);
                }
                CharAt::NeedMore => {
                    self.pending.extend_from_slice(rest);
                    return (DecodeStatus::InputEmpty, src.len());
                }
            }
        }
        (DecodeStatus::InputEmpty, read)
    }
}

/// The first character of some bytes, decoded on its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CharAt {
    /// The text of the character (two code points for a few Big5 pairs) and its byte length.
    Text(String, usize),
    /// The first `len` bytes are malformed.
    Malformed(usize, Problem),
    /// The bytes end inside a character; more input is needed to tell.
    NeedMore,
}

/// Decodes the first character of `bytes` with a fresh decoder: the primitive for the
/// lossless escape path, which must know where each character begins and ends. `eof` says no
/// more bytes follow. Only for charsets without shift states (not ISO-2022-JP).
pub fn char_at(charset: Charset, bytes: &[u8], eof: bool) -> CharAt {
    match charset {
        Charset::Gb2312 => gb2312_char_at(bytes, eof),
        Charset::Legacy(e) => encoding_char_at(e, bytes, eof),
        other => {
            // The charsets we decode ourselves step through the streaming decoder.
            let mut d = Decoder::new(other);
            step_char_at(&mut d, bytes, eof)
        }
    }
}

fn encoding_char_at(e: &'static Encoding, bytes: &[u8], eof: bool) -> CharAt {
    let mut d = Decoder::new(Charset::Legacy(e));
    step_char_at(&mut d, bytes, eof)
}

/// Feeds `bytes` one at a time until the decoder emits a character or reports an error.
fn step_char_at(d: &mut Decoder, bytes: &[u8], eof: bool) -> CharAt {
    let mut out = String::with_capacity(16);
    let mut consumed = 0;
    for i in 0..bytes.len() {
        let (status, read) = d.decode(&bytes[i..=i], &mut out, false);
        consumed += read;
        if let Some(found) = char_or_error(status, consumed, &out) {
            return found;
        }
    }
    if !eof {
        return CharAt::NeedMore;
    }
    let (status, read) = d.decode(&[], &mut out, true);
    consumed += read;
    char_or_error(status, consumed, &out)
        .unwrap_or(CharAt::Malformed(bytes.len().max(1), Problem::Invalid))
}

fn char_or_error(status: DecodeStatus, consumed: usize, out: &str) -> Option<CharAt> {
    match status {
        DecodeStatus::Malformed { len, problem, .. } if out.is_empty() => {
            Some(CharAt::Malformed(len, problem))
        }
        // A character was completed just before the error; the error belongs to later bytes.
        DecodeStatus::Malformed { .. } => None,
        _ if !out.is_empty() => Some(CharAt::Text(out.to_string(), consumed)),
        _ => None,
    }
}

fn gb2312_char_at(bytes: &[u8], eof: bool) -> CharAt {
    let Some(&lead) = bytes.first() else {
        return CharAt::NeedMore;
    };
    if lead.is_ascii() {
        return CharAt::Text(char::from(lead).to_string(), 1);
    }
    if let Some(&trail) = bytes.get(1)
        && let Some(c) = gb2312::decode_pair(lead, trail)
    {
        return CharAt::Text(c.to_string(), 2);
    }
    // Not GB2312: is it a GBK (or GB18030) character? Then say so; else it is just bad bytes.
    match encoding_char_at(encoding_rs::GB18030, bytes, eof) {
        CharAt::Text(_, len) => CharAt::Malformed(len, Problem::NotGb2312),
        other => other,
    }
}

/// True when a decoder of `charset` that has just read `byte` holds no partial character, so
/// that input may be cut right after it and a fresh decoder would carry on identically.
pub fn clean_after(charset: Charset, byte: u8) -> bool {
    match charset {
        Charset::Utf8 | Charset::Auto => byte < 0x80,
        Charset::Latin1 | Charset::Ascii => true,
        Charset::Gb2312 => byte < 0x40 && !(0x30..=0x39).contains(&byte),
        Charset::Legacy(e) if e.is_single_byte() || e == encoding_rs::X_USER_DEFINED => true,
        Charset::Legacy(e) if e == encoding_rs::GBK || e == encoding_rs::GB18030 => {
            byte < 0x40 && !(0x30..=0x39).contains(&byte)
        }
        Charset::Legacy(e) if e == encoding_rs::EUC_KR => byte < 0x41,
        Charset::Legacy(e) if e == encoding_rs::EUC_JP => byte < 0x80,
        Charset::Legacy(e) if e == encoding_rs::BIG5 || e == encoding_rs::SHIFT_JIS => byte < 0x40,
        // ISO-2022-JP keeps a shift state; the wide forms are cut by `safe_cut`.
        _ => false,
    }
}

/// The longest prefix of `window` (input read from a clean position) after which the decoder
/// is clean, or `None` when there is no such cut.
pub fn safe_cut(charset: Charset, window: &[u8]) -> Option<usize> {
    match charset {
        Charset::Utf16(o) | Charset::Ucs2(o) => {
            let mut end = window.len() & !1;
            while end >= 2 {
                let u = &window[end - 2..end];
                let unit = if o == Order::Le {
                    u16::from_le_bytes([u[0], u[1]])
                } else {
                    u16::from_be_bytes([u[0], u[1]])
                };
                if !(0xD800..0xDC00).contains(&unit) {
                    return Some(end);
                }
                end -= 2;
            }
            None
        }
        Charset::Utf32(_) => Some(window.len() & !3).filter(|&n| n > 0),
        Charset::Legacy(e) if e == encoding_rs::ISO_2022_JP => {
            memchr::memmem::rfind(window, b"\x1B(B").map(|i| i + 3)
        }
        _ => window
            .iter()
            .rposition(|&b| clean_after(charset, b))
            .map(|i| i + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode_all(cs: Charset, src: &[u8]) -> (String, Vec<DecodeStatus>) {
        let mut d = Decoder::new(cs);
        let mut out = String::with_capacity(64);
        let mut events = Vec::new();
        let mut pos = 0;
        loop {
            let (status, read) = d.decode(&src[pos..], &mut out, true);
            pos += read;
            match status {
                DecodeStatus::InputEmpty => return (out, events),
                DecodeStatus::OutputFull => out.reserve(64),
                m => events.push(m),
            }
        }
    }

    #[test]
    fn utf16_pairs_and_lone_surrogates() {
        let le = Charset::Utf16(Order::Le);
        let (text, ev) = decode_all(le, b"\x3D\xD8\x00\xDEa\x00");
        assert_eq!(text, "😀a");
        assert!(ev.is_empty());
        let (text, ev) = decode_all(le, b"\x3D\xD8a\x00\x80\xDC");
        assert_eq!(text, "a");
        let problems: Vec<_> = ev
            .iter()
            .map(|e| match e {
                DecodeStatus::Malformed { len, problem, .. } => (*len, *problem),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            problems,
            vec![
                (2, Problem::LoneSurrogate(0xD83D)),
                (2, Problem::LoneSurrogate(0xDC80))
            ]
        );
        // A high surrogate and a stray byte at the end are one error (WHATWG, CPython).
        let (_, ev) = decode_all(le, b"\x00\xD8\x41");
        assert!(matches!(
            ev[..],
            [DecodeStatus::Malformed {
                len: 3,
                problem: Problem::LoneSurrogate(0xD800),
                ..
            }]
        ));
    }

    #[test]
    fn utf16_split_anywhere_is_the_same() {
        let src = "a😀中\u{10FFFF}"
            .encode_utf16()
            .flat_map(|u| u.to_be_bytes())
            .collect::<Vec<_>>();
        for cut in 0..=src.len() {
            let mut d = Decoder::new(Charset::Utf16(Order::Be));
            let mut out = String::with_capacity(64);
            let (s1, r1) = d.decode(&src[..cut], &mut out, false);
            assert_eq!((s1, r1), (DecodeStatus::InputEmpty, cut));
            let (s2, _) = d.decode(&src[cut..], &mut out, true);
            assert_eq!(s2, DecodeStatus::InputEmpty);
            assert_eq!(out, "a😀中\u{10FFFF}");
        }
    }

    #[test]
    fn utf32_rejects_out_of_range_and_odd_tails() {
        let (text, ev) = decode_all(Charset::Utf32(Order::Le), b"a\0\0\0\0\0\x11\0b\0");
        assert_eq!(text, "a");
        assert_eq!(ev.len(), 2);
    }

    #[test]
    fn ucs2_has_no_surrogates() {
        let (_, ev) = decode_all(Charset::Ucs2(Order::Le), b"\x3D\xD8\x00\xDE");
        assert_eq!(ev.len(), 2);
    }

    #[test]
    fn gb2312_rejects_gbk_only_characters() {
        let (text, ev) = decode_all(Charset::Gb2312, b"\xD6\xD0\x81\x40a\xA1\xA4");
        assert_eq!(text, "中a\u{B7}");
        assert_eq!(
            ev,
            vec![DecodeStatus::Malformed {
                len: 2,
                after: 0,
                problem: Problem::NotGb2312
            }]
        );
    }

    #[test]
    fn gb2312_split_inside_a_pair() {
        let mut d = Decoder::new(Charset::Gb2312);
        let mut out = String::with_capacity(64);
        assert_eq!(
            d.decode(b"a\xD6", &mut out, false),
            (DecodeStatus::InputEmpty, 2)
        );
        assert_eq!(
            d.decode(b"\xD0b", &mut out, true),
            (DecodeStatus::InputEmpty, 2)
        );
        assert_eq!(out, "a中b");
    }

    #[test]
    fn char_at_finds_boundaries() {
        let gb = Charset::Legacy(encoding_rs::GB18030);
        assert_eq!(
            char_at(gb, b"\x81\x30\x81\x30x", true),
            CharAt::Text("\u{80}".into(), 4)
        );
        assert_eq!(char_at(gb, b"\x81\x30", false), CharAt::NeedMore);
        assert_eq!(
            char_at(gb, b"\x84\x39\x84\x39", true),
            CharAt::Malformed(4, Problem::Invalid)
        );
        assert_eq!(
            char_at(gb, b"\x81\x30\x81\x41", true),
            CharAt::Malformed(1, Problem::Invalid)
        );
        assert_eq!(
            char_at(Charset::Utf8, b"\xE4\xB8\xADz", true),
            CharAt::Text("中".into(), 3)
        );
    }

    #[test]
    fn safe_cuts() {
        assert_eq!(safe_cut(Charset::Utf8, "a中".as_bytes()), Some(1));
        assert_eq!(
            safe_cut(Charset::Utf16(Order::Le), b"a\0\x3D\xD8\x00"),
            Some(2)
        );
        assert_eq!(
            safe_cut(Charset::Legacy(encoding_rs::GBK), b"\xD6\xD0\xD6"),
            None
        );
    }
}
