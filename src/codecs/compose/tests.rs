use super::*;
use crate::codecs::codec::EncodeStatus;

/// Decodes `bytes` fed in pieces cut at `cuts`, with room enough for the output.
fn decode_in_pieces(codec: &'static Composing, bytes: &[u8], cuts: &[usize]) -> String {
    let mut decoder = codec.decoder();
    let mut out = String::new();
    let mut at = 0;
    let ends: Vec<usize> = cuts.iter().copied().chain([bytes.len()]).collect();
    for (k, &end) in ends.iter().enumerate() {
        let last = k == ends.len() - 1;
        while at < end || (last && at == end) {
            let mut piece = String::with_capacity(64);
            let (status, read) = decoder.decode(&bytes[at..end], &mut piece, last);
            out.push_str(&piece);
            at += read;
            match status {
                DecodeStatus::InputEmpty => break,
                DecodeStatus::OutputFull => {}
                DecodeStatus::Malformed { .. } => out.push('\u{FFFD}'),
            }
        }
    }
    out
}

fn encode(codec: &'static Composing, text: &str) -> (EncodeStatus, Vec<u8>) {
    let mut out = Vec::new();
    let (status, _) = codec.encoder().encode(text, &mut out, true);
    (status, out)
}

#[test]
fn cp1255_composes_points_and_writes_them_back() {
    // dalet + dagesh + qamats, final mem: libiconv's CP1255-snippet begins so.
    let bytes = b"\xE3\xCC\xC8\xED";
    assert_eq!(
        decode_in_pieces(&CP1255, bytes, &[]),
        "\u{FB33}\u{05B8}\u{05DD}"
    );
    assert_eq!(encode(&CP1255, "\u{FB33}\u{05B8}\u{05DD}").1, bytes);
    // shin + dagesh + shin dot: two steps, U+FB49 then U+FB2C.
    assert_eq!(decode_in_pieces(&CP1255, b"\xF9\xCC\xD1", &[]), "\u{FB2C}");
    assert_eq!(encode(&CP1255, "\u{FB2C}").1, b"\xF9\xCC\xD1");
    // A point with no letter before it, and a letter that takes no such point, stay.
    assert_eq!(
        decode_in_pieces(&CP1255, b"\xCC\xE0\xD1", &[]),
        "\u{05BC}\u{05D0}\u{05C1}"
    );
}

#[test]
fn cp1258_and_tcvn_compose_tone_marks() {
    // e-circumflex + acute: U+1EBF, which neither code page has a byte for.
    assert_eq!(
        decode_in_pieces(&CP1258, b"Ti\xEA\xECng", &[]),
        "Ti\u{1EBF}ng"
    );
    assert_eq!(encode(&CP1258, "Ti\u{1EBF}ng").1, b"Ti\xEA\xECng");
    // A precomposed letter that has its own byte is written as that byte.
    assert_eq!(decode_in_pieces(&CP1258, b"a\xEC", &[]), "\u{E1}");
    assert_eq!(encode(&CP1258, "\u{E1}").1, b"\xE1");
    assert_eq!(decode_in_pieces(&TCVN5712_1, b"a\xB3", &[]), "\u{E1}");
    let (status, bytes) = encode(&TCVN5712_1, "\u{1EA0}\u{1EC7}");
    assert_eq!(status, EncodeStatus::Done);
    assert_eq!(
        decode_in_pieces(&TCVN5712_1, &bytes, &[]),
        "\u{1EA0}\u{1EC7}"
    );
}

#[test]
fn a_split_anywhere_composes_as_unsplit() {
    let samples: [(&'static Composing, &[u8]); 3] = [
        (&CP1255, b"\xE3\xCC\xC8\xED \xF9\xCC\xD1\n\xE0\xC8"),
        (&CP1258, b"Ti\xEA\xECng Vi\xEA\xF2t\n\xC3\xEC"),
        (&TCVN5712_1, b"Ti\xD5\xB3ng a\xB4 e"),
    ];
    for (codec, bytes) in samples {
        let whole = decode_in_pieces(codec, bytes, &[]);
        for cut in 0..=bytes.len() {
            assert_eq!(
                decode_in_pieces(codec, bytes, &[cut]),
                whole,
                "{} cut {cut}",
                codec.name
            );
            for cut2 in cut..=bytes.len() {
                assert_eq!(decode_in_pieces(codec, bytes, &[cut, cut2]), whole);
            }
        }
        // And back: the text round-trips exactly (the bytes may not: TCVN's `a` 0xB4 is read
        // as U+1EA1, which has a byte of its own, 0xB9, as in glibc and libiconv).
        let (status, again) = encode(codec, &whole);
        assert_eq!(status, EncodeStatus::Done, "{}", codec.name);
        assert_eq!(
            decode_in_pieces(codec, &again, &[]),
            whole,
            "{}",
            codec.name
        );
    }
}

#[test]
fn a_held_letter_is_written_before_a_malformed_byte() {
    // 0xD9 is unassigned in CP1255.
    let out = decode_in_pieces(&CP1255, b"\xE0\xD9\xCC", &[]);
    assert_eq!(out, "\u{05D0}\u{FFFD}\u{05BC}");
}

#[test]
fn a_character_without_a_byte_or_a_decomposition_is_unmappable() {
    let (status, bytes) = encode(&CP1258, "a\u{4E2D}");
    assert_eq!(status, EncodeStatus::Unmappable('\u{4E2D}'));
    assert_eq!(bytes, b"a");
}
