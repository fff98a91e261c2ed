//! GB2312 (EUC-CN): the 7,445 characters of GB 2312-80 in rows A1–A9 and B0–F7, mapped as
//! CP936/WHATWG map them, plus U+30FB and U+2015 on output so that glibc's GB2312 round-trips.
//!
//! The tables are built once from encoding_rs's GBK decoder restricted to the GB2312
//! repertoire, so GB2312 and GBK can never disagree about a shared code point.

#![forbid(unsafe_code)]

use std::collections::HashMap;
use std::sync::OnceLock;

/// The cells of each row of GB 2312 that hold a character, as ranges of trail bytes.
fn row_cells(lead: u8) -> &'static [(u8, u8)] {
    match lead {
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
    }
}

/// True when the two bytes are a GB2312 character.
pub fn in_repertoire(lead: u8, trail: u8) -> bool {
    row_cells(lead)
        .iter()
        .any(|&(lo, hi)| (lo..=hi).contains(&trail))
}

struct Tables {
    decode: HashMap<[u8; 2], char>,
    encode: HashMap<char, [u8; 2]>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut decode = HashMap::with_capacity(7445);
        let mut encode = HashMap::with_capacity(7447);
        for lead in 0xA1..=0xF7u8 {
            for &(lo, hi) in row_cells(lead) {
                for trail in lo..=hi {
                    let pair = [lead, trail];
                    let (text, _, _) = encoding_rs::GBK.decode(&pair);
                    let mut chars = text.chars();
                    if let (Some(c), None) = (chars.next(), chars.next()) {
                        decode.insert([lead, trail], c);
                        encode.insert(c, [lead, trail]);
                    }
                }
            }
        }
        encode.insert('\u{30FB}', [0xA1, 0xA4]);
        encode.insert('\u{2015}', [0xA1, 0xAA]);
        Tables { decode, encode }
    })
}

/// The character of a GB2312 pair, if the pair is one.
pub fn decode_pair(lead: u8, trail: u8) -> Option<char> {
    if !in_repertoire(lead, trail) {
        return None;
    }
    tables().decode.get(&[lead, trail]).copied()
}

/// The GB2312 bytes of a non-ASCII character, if it has them.
pub fn encode_char(c: char) -> Option<[u8; 2]> {
    tables().encode.get(&c).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repertoire_has_7445_characters() {
        assert_eq!(tables().decode.len(), 7445);
    }

    #[test]
    fn shared_code_points_map_as_cp936() {
        assert_eq!(decode_pair(0xA1, 0xA4), Some('\u{00B7}'));
        assert_eq!(decode_pair(0xA1, 0xAA), Some('\u{2014}'));
        assert_eq!(encode_char('\u{30FB}'), Some([0xA1, 0xA4]));
        assert_eq!(encode_char('\u{2015}'), Some([0xA1, 0xAA]));
        assert_eq!(encode_char('中'), Some([0xD6, 0xD0]));
        // GBK-only: the small roman numeral i (A2A1) and a GBK/3 hanzi (8140).
        assert_eq!(decode_pair(0xA2, 0xA1), None);
        assert_eq!(encode_char('丂'), None);
    }
}
