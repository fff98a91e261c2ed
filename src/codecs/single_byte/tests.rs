//! Unit tests of the single-byte family: every table, both directions, sequences, the
//! decompositions, and the streaming contract.

use super::*;
use crate::codecs::codec::{DecodeStatus, EncodeStatus};
use crate::codecs::labels::{ISO_8859_1, US_ASCII};
use crate::codecs::test_support::{decode_all, encode};
use crate::codecs::{Charset, Decoder};

fn cs(code_page: &'static SingleByte) -> Charset {
    Charset::of(code_page)
}

#[test]
fn latin1_and_ascii_are_real() {
    assert_eq!(encode(ISO_8859_1, "é").2, b"\xE9");
    assert_eq!(encode(ISO_8859_1, "€").0, EncodeStatus::Unmappable('€'));
    assert_eq!(encode(US_ASCII, "aé").0, EncodeStatus::Unmappable('é'));
    assert_eq!(decode_all(ISO_8859_1, b"a\x80").0, "a\u{80}");
    let (text, errors) = decode_all(US_ASCII, b"ab\x80cd");
    assert_eq!((text.as_str(), errors.len()), ("abcd", 1));
}

#[test]
fn every_table_maps_bytes_to_distinct_bmp_characters() {
    for code_page in tables::all() {
        let t = code_page.table();
        let mut seen = std::collections::HashSet::new();
        for (b, &c) in t.chars.iter().enumerate() {
            if c == UNASSIGNED || c == SEQUENCE || t.decode_only.contains(&(b as u8)) {
                continue;
            }
            assert!(char::from_u32(u32::from(c)).is_some(), "{}", t.name);
            assert!(seen.insert(c), "{}: U+{c:04X} twice", t.name);
        }
        for &(b, s) in t.sequences {
            assert_eq!(t.chars[usize::from(b)], SEQUENCE, "{}", t.name);
            assert!(s.chars().count() > 1, "{}", t.name);
        }
        for &b in t.decode_only {
            let c = t.chars[usize::from(b)];
            let twin = (0..256).find(|&o| o != usize::from(b) && t.chars[o] == c);
            assert!(
                twin.is_some(),
                "{}: decode-only 0x{b:02X} has no twin",
                t.name
            );
        }
    }
}

/// Every byte decodes to its table entry, and encodes back (decode-only bytes to their
/// twin), one byte at a time and all at once.
#[test]
fn every_table_round_trips_every_byte() {
    for code_page in tables::all() {
        let t = code_page.table();
        let charset = cs(code_page);
        let all: Vec<u8> = (0..=255).collect();
        let (text, errors) = decode_all(charset, &all);
        let mut expected = String::new();
        let mut kept = Vec::new();
        for b in 0..=255u8 {
            if let Some(s) = code_page.decode_byte(b) {
                expected.push_str(&s);
                let single = decode_all(charset, &[b]).0;
                assert_eq!(single, s, "{} 0x{b:02X}", t.name);
                let (status, _, bytes) = encode(charset, &s);
                assert_eq!(status, EncodeStatus::Done, "{} 0x{b:02X}", t.name);
                if t.decode_only.contains(&b) {
                    assert_ne!(bytes, [b], "{} 0x{b:02X}", t.name);
                } else {
                    assert_eq!(bytes, [b], "{} 0x{b:02X} ({s:?})", t.name);
                    kept.push(b);
                }
            }
        }
        let unassigned = t.chars.iter().filter(|&&c| c == UNASSIGNED).count();
        assert_eq!(text, expected, "{}", t.name);
        assert_eq!(errors.len(), unassigned, "{}", t.name);
        let kept_text: String = kept
            .iter()
            .filter_map(|&b| code_page.decode_byte(b))
            .collect();
        assert_eq!(encode(charset, &kept_text).2, kept, "{}", t.name);
    }
}

#[test]
fn decoding_stops_when_the_output_is_full() {
    for charset in [
        ISO_8859_1,
        cs(&generated::IBM1047),
        cs(&generated::MAC_THAI),
    ] {
        let mut decoder = Decoder::new(charset);
        let mut out = String::with_capacity(8);
        let src = [0xE9; 64];
        let (status, read) = decoder.decode(&src, &mut out, true);
        assert_eq!(status, DecodeStatus::OutputFull);
        assert!(out.len() <= 8 && read > 0 && read < 64, "{charset}");
    }
}

/// Decodes `parts` in turn with output buffers of `room` bytes: the text and the number of
/// malformed reports.
fn decode_in_parts(charset: Charset, parts: &[&[u8]], room: usize) -> (String, usize) {
    let mut decoder = Decoder::new(charset);
    let (mut text, mut errors) = (String::new(), 0);
    for (k, part) in parts.iter().enumerate() {
        let last = k + 1 == parts.len();
        let mut at = 0;
        loop {
            let mut out = String::with_capacity(room);
            let capacity = out.capacity();
            let (status, read) = decoder.decode(&part[at..], &mut out, last);
            assert_eq!(out.capacity(), capacity, "{charset}: the output grew");
            text.push_str(&out);
            at += read;
            match status {
                DecodeStatus::InputEmpty => break,
                DecodeStatus::OutputFull => assert!(read > 0 || !out.is_empty(), "{charset}"),
                DecodeStatus::Malformed { .. } => errors += 1,
            }
        }
    }
    (text, errors)
}

/// Any output room (from the longest sequence's) and any split of the input give the same
/// text and errors.
#[test]
fn every_split_and_room_gives_the_same_result() {
    let input: &[u8] = b"Plain ASCII, then \x80\x81\xB0\xC0\xDE\xFF and a long run of ASCII text \
                        \x85\x83\x95\x15\x25 end";
    for charset in [
        cs(&generated::CP437),
        cs(&generated::IBM1047),
        cs(&generated::MAC_HEBREW),
        cs(&generated::MAC_THAI),
        cs(&generated::TIS_620),
    ] {
        let (text, errors) = decode_all(charset, input);
        for room in [9, 10, 16, 64] {
            for cut in 0..=input.len() {
                let parts = [&input[..cut], &input[cut..]];
                let got = decode_in_parts(charset, &parts, room);
                assert_eq!(
                    got,
                    (text.clone(), errors.len()),
                    "{charset} room {room} cut {cut}"
                );
            }
        }
    }
}

/// ASCII stretches of every length from 0 to 40 between other bytes (assigned, unassigned
/// and sequences), at every alignment: the decoder's eight-byte words and its hand-over to
/// the bulk copy of long runs give what the table says byte by byte.
#[test]
fn ascii_stretches_of_any_length_between_other_bytes() {
    for code_page in [
        &generated::CP437,
        &generated::TIS_620,
        &generated::MAC_THAI,
        &generated::IBM1047,
    ] {
        let charset = cs(code_page);
        let others: Vec<u8> = (0x80..=0xFF).collect();
        let mut input = Vec::new();
        for (k, len) in (0..=40).chain((0..=40).rev()).enumerate() {
            input.extend((0..len).map(|i| b'a' + (i % 26) as u8));
            input.push(others[(k * 37) % others.len()]);
            input.push(others[(k * 11 + 5) % others.len()]);
        }
        let mut expected = String::new();
        let mut unassigned = 0;
        for &b in &input {
            match code_page.decode_byte(b) {
                Some(s) => expected.push_str(&s),
                None => unassigned += 1,
            }
        }
        for start in 0..8 {
            let (text, errors) = decode_all(charset, &input[start..]);
            let (want, bad) = if start == 0 {
                (expected.clone(), unassigned)
            } else {
                let prefix = &input[..start];
                let (head, head_errors) = decode_all(charset, prefix);
                (
                    expected[head.len()..].to_string(),
                    unassigned - head_errors.len(),
                )
            };
            assert_eq!(text, want, "{charset} from {start}");
            assert_eq!(errors.len(), bad, "{charset} from {start}");
        }
    }
}

#[test]
fn ebcdic_keeps_nel_and_lf_apart() {
    let ibm1047 = cs(&generated::IBM1047);
    assert_eq!(decode_all(ibm1047, b"\x15\x25").0, "\u{85}\n");
    assert_eq!(encode(ibm1047, "\u{85}\n").2, b"\x15\x25");
    assert_eq!(encode(ibm1047, "Hello").2, b"\xC8\x85\x93\x93\x96");
    assert!(ibm1047.nel_is_line_end());
    assert!(!cs(&generated::CP437).nel_is_line_end());
}

#[test]
fn cp437_graphic_reads_the_screen_glyphs() {
    let graphic = cs(&generated::CP437_GRAPHIC);
    assert_eq!(decode_all(graphic, b"\x00\x01\x0A\x7F").0, "\0☺◙⌂");
    assert_eq!(
        decode_all(cs(&generated::CP437), b"\x01\x0A\x7F").0,
        "\x01\n\x7F"
    );
    assert_eq!(encode(graphic, "☺").2, b"\x01");
    assert_eq!(encode(graphic, "\n").0, EncodeStatus::Unmappable('\n'));
}

#[test]
fn apple_sequences_are_one_byte_even_across_calls() {
    let thai = cs(&generated::MAC_THAI);
    assert_eq!(decode_all(thai, b"\x83\xE8").0, "\u{E48}\u{F875}\u{E48}");
    assert_eq!(encode(thai, "\u{E48}\u{F875}\u{E48}").2, b"\x83\xE8");
    // Split between two calls.
    let mut encoder = crate::codecs::Encoder::new(thai);
    let mut out = Vec::new();
    assert_eq!(
        encoder.encode("a\u{E48}", &mut out, false),
        (EncodeStatus::Done, 4)
    );
    assert_eq!(out, b"a");
    assert_eq!(
        encoder.encode("\u{F875}b", &mut out, false),
        (EncodeStatus::Done, 4)
    );
    assert_eq!(
        encoder.encode("\u{E48}", &mut out, false).0,
        EncodeStatus::Done
    );
    assert_eq!(encoder.settle(&mut out), None);
    assert_eq!(out, b"a\x83b\xE8");
    // A tag alone has no byte.
    assert_eq!(
        encode(thai, "x\u{F875}").0,
        EncodeStatus::Unmappable('\u{F875}')
    );
}

#[test]
fn a_held_character_without_a_byte_is_reported() {
    let hebrew = cs(&generated::MAC_HEBREW);
    assert_eq!(encode(hebrew, "\u{5F2}\u{5B7}").2, b"\x81");
    assert_eq!(encode(hebrew, "\u{F86A}\u{5DC}\u{5B9}").2, b"\xC0");
    // U+05F2 alone has no byte: within one call it is reported where it is.
    assert_eq!(
        encode(hebrew, "a\u{5F2}b"),
        (EncodeStatus::Unmappable('\u{5F2}'), 3, b"a".to_vec())
    );
    // Held at the end of one call and not continued by the next: 0 bytes of it read.
    let mut encoder = crate::codecs::Encoder::new(hebrew);
    let mut out = Vec::new();
    assert_eq!(
        encoder.encode("a\u{F86A}\u{5DC}", &mut out, false),
        (EncodeStatus::Done, 6)
    );
    let status = encoder.encode("b", &mut out, false);
    assert_eq!(status, (EncodeStatus::Unmappable('\u{F86A}'), 0));
    assert_eq!(
        encoder.encode("b", &mut out, false),
        (EncodeStatus::Done, 1)
    );
    assert_eq!(out, b"a\xECb");
    // Settling reports it too, and what follows stays in order.
    assert_eq!(
        encoder.encode("\u{F86A}\u{5DC}", &mut out, false).0,
        EncodeStatus::Done
    );
    assert_eq!(encoder.settle(&mut out), Some('\u{F86A}'));
    assert_eq!(encoder.settle(&mut out), None);
    assert_eq!(out, b"a\xECb\xEC");
}

#[test]
fn tcvn_writes_decomposed_what_has_no_byte() {
    let tcvn = cs(&generated::TCVN5712_1);
    // Ñ: N + combining tilde (0xB2), as glibc writes it; decoding gives the two back.
    assert_eq!(encode(tcvn, "Ñ").2, b"N\xB2");
    assert_eq!(decode_all(tcvn, b"N\xB2").0, "N\u{303}");
    // À has a byte of its own.
    assert_eq!(encode(tcvn, "À").2.len(), 1);
    assert_eq!(encode(tcvn, "Ǹ").0, EncodeStatus::Done);
}

#[test]
fn only_bytes_that_decode_to_another_bytes_character_are_not_one_to_one() {
    use crate::codecs::Codec;
    assert!(generated::CP437.decodes_one_to_one());
    assert!(!generated::MAC_ARABIC.decodes_one_to_one());
    assert_eq!(encode(cs(&generated::MAC_ARABIC), "(").2, b"(");
    assert_eq!(decode_all(cs(&generated::MAC_ARABIC), b"\xA8").0, "(");
}

/// Whole inputs decode as their bytes one at a time do (the eight-byte words against the
/// byte loop), both to a `String` and on the direct path to UTF-8 bytes, stopping at the same
/// bytes, on every table; the text mixes every byte with runs of ASCII, so that words holding
/// an unassigned byte or a sequence are undone too.
#[test]
fn words_decode_as_single_bytes_do_to_text_and_to_bytes() {
    let mut input = Vec::new();
    let mut state = 0x2545_F491_4F6C_DD1D_u64;
    for round in 0..64 {
        for _ in 0..(round * 7 % 61) {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            input.push(state as u8);
        }
        input.extend_from_slice(&b"plain ASCII stretch. "[..round % 22]);
    }
    input.extend(0..=255u8);
    for code_page in tables::all() {
        let charset = cs(code_page);
        let mut one = Decoder::new(charset);
        let (mut expected, mut stops) = (String::new(), Vec::new());
        for (i, b) in input.iter().enumerate() {
            let mut out = String::with_capacity(16);
            if let (DecodeStatus::Malformed { .. }, _) = one.decode(&[*b], &mut out, true) {
                stops.push(i + 1);
            }
            expected.push_str(&out);
        }
        stops.push(input.len());
        let (mut text, mut bytes) = (String::with_capacity(4 * input.len()), Vec::new());
        let (mut to_text, mut to_bytes) = (Decoder::new(charset), Decoder::new(charset));
        let (mut text_at, mut bytes_at) = (0, 0);
        for &stop in &stops {
            let (_, read) = to_text.decode(&input[text_at..], &mut text, true);
            text_at += read;
            let (_, read) = to_bytes
                .decode_to_utf8(&input[bytes_at..], &mut bytes, true)
                .expect("single-byte decoders write bytes");
            bytes_at += read;
            assert_eq!((text_at, bytes_at), (stop, stop), "{charset}");
        }
        assert_eq!(text, expected, "{charset}");
        assert_eq!(bytes, expected.as_bytes(), "{charset}");
    }
}

/// The byte the table writes for `c`: the first that decodes to it and is not decode-only.
fn table_byte(t: &Table, c: char) -> Option<u8> {
    (0..=255u8).find(|&b| {
        u32::from(t.chars[usize::from(b)]) == u32::from(c) && !t.decode_only.contains(&b)
    })
}

/// Every code page that writes ASCII as other bytes (EBCDIC) maps ASCII runs of every
/// length from 0 to 200, starting at every offset into the characters, alone and between
/// two other characters, to what its table says character by character: the vector
/// lookups of long runs and the scalar loop of short ones give the same bytes.
#[test]
fn remapped_ascii_runs_of_every_length_and_offset_follow_the_table() {
    let ascii: String = (0..400u32)
        .map(|i| char::from(((i * 7 + i / 128) % 128) as u8))
        .collect();
    let mut checked = 0;
    for code_page in tables::all() {
        let t = code_page.table();
        let bytes: Option<Vec<u8>> = (0..128u8).map(|c| table_byte(t, char::from(c))).collect();
        let Some(bytes) = bytes else { continue };
        if bytes.iter().zip(0u8..).all(|(&b, c)| b == c) || !t.sequences.is_empty() {
            continue;
        }
        checked += 1;
        let charset = cs(code_page);
        let other = (0x80..=0xFFFFu32)
            .filter_map(char::from_u32)
            .find(|&c| table_byte(t, c).is_some());
        for offset in 0..64 {
            for len in 0..=200 {
                let run = &ascii[offset..offset + len];
                let want: Vec<u8> = run.bytes().map(|c| bytes[usize::from(c)]).collect();
                assert_eq!(encode(charset, run).2, want, "{charset} at {offset}, {len}");
                let Some(o) = other else { continue };
                let ob = table_byte(t, o).unwrap_or_default();
                let framed = format!("{o}{run}{o}");
                let mut framed_want = vec![ob];
                framed_want.extend(&want);
                framed_want.push(ob);
                assert_eq!(
                    encode(charset, &framed).2,
                    framed_want,
                    "{charset} {offset} {len}"
                );
            }
        }
    }
    assert!(checked > 0, "no code page remaps ASCII");
}
