//! The 7-bit stateful encodings, proved by their escape sequences: ISO-2022-JP, -KR and -CN
//! (`ESC $ B`, `ESC $ ) C`, `ESC $ ) A`...), HZ-GB-2312 (`~{` ... `~}`) and UTF-7 (`+...-`
//! runs of base64 that decode to non-ASCII UTF-16). Such input is valid ASCII, so this stage
//! runs before the UTF-8 test: read as UTF-8, its escapes would pass through as text.
//!
//! The encodings are named through the label table at run time: one that has no converter
//! here yet is reported as proved but unsupported (never guessed as something else), and
//! becomes an answer by itself once its codec lands in the table.

#![forbid(unsafe_code)]

use super::letters;
use crate::codecs::{Charset, labels};

/// What the escape sequences prove.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// An encoding of the label table.
    Supported(Charset),
    /// An encoding with no converter here; its name.
    Unsupported(&'static str),
}

/// The stateful encoding whose escapes `head` holds, if it is 7-bit and holds some.
pub fn sniff(head: &[u8]) -> Option<Proof> {
    if !head.is_ascii() {
        return None;
    }
    let name = if let Some(name) = iso2022(head) {
        name
    } else if hz(head) {
        "HZ-GB-2312"
    } else if utf7(head) {
        "UTF-7"
    } else {
        return None;
    };
    Some(match labels::lookup(name) {
        Some(cs) => Proof::Supported(cs),
        None => Proof::Unsupported(name),
    })
}

/// The ISO-2022 variant its designations name.
fn iso2022(head: &[u8]) -> Option<&'static str> {
    let mut found = None;
    for at in memchr::memchr_iter(0x1B, head) {
        let seq = head.get(at + 1..).unwrap_or_default();
        let name = match seq {
            [b'$', b')', b'C', ..] => "ISO-2022-KR",
            [b'$', b')', b'A' | b'G' | b'E', ..] | [b'$', b'*', b'H', ..] => "ISO-2022-CN",
            [b'$', b'+', b'I'..=b'M', ..] => "ISO-2022-CN-EXT",
            [b'$', b'B' | b'@', ..] | [b'$', b'(', b'D' | b'Q' | b'O' | b'P', ..] => "ISO-2022-JP",
            [b'(', b'J' | b'I', ..] => "ISO-2022-JP",
            _ => continue,
        };
        // Chinese and Korean designations outrank the Japanese ones they may share.
        if found.is_none() || name != "ISO-2022-JP" {
            found = Some(name);
        }
    }
    found
}

/// HZ: at least one `~{` that a `~}` closes, with GB 2312 byte pairs between.
fn hz(head: &[u8]) -> bool {
    let mut at = 0;
    while let Some(open) = memchr::memmem::find(&head[at..], b"~{") {
        let start = at + open + 2;
        let Some(close) = memchr::memmem::find(&head[start..], b"~}") else {
            // A prefix may end inside the last run.
            return head.len() - start >= 2 && gb_pairs(&head[start..]);
        };
        let run = &head[start..start + close];
        if !run.is_empty() && gb_pairs(run) {
            return true;
        }
        at = start + close + 2;
    }
    false
}

/// True when `run` is pairs of bytes in 0x21..=0x7E (GB 2312 rows without the high bits).
fn gb_pairs(run: &[u8]) -> bool {
    let even = run.len() - run.len() % 2;
    run[..even].iter().all(|b| (0x21..=0x7E).contains(b))
}

/// UTF-7: at least two `+...` base64 runs that decode to text with non-ASCII characters
/// ([`utf7_text`]), or one when the input is short.
fn utf7(head: &[u8]) -> bool {
    let mut runs = 0;
    let mut i = 0;
    while let Some(plus) = memchr::memchr(b'+', &head[i..]) {
        let start = i + plus + 1;
        let len = head[start..]
            .iter()
            .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/')
            .count();
        let cut = start + len == head.len();
        if len >= 3 && utf7_text(&head[start..start + len], cut) {
            runs += 1;
        }
        i = start + len;
    }
    runs >= 2 || (runs == 1 && head.len() < 200)
}

/// True when a base64 run is what a UTF-7 encoder writes for text with non-ASCII
/// characters, evidence that the same bytes read as ASCII (UTF-8) lack: UTF-16 code units
/// that are letters, marks or the punctuation of text, surrogates only in pairs, and no
/// base64 digit beyond the last unit but for zero padding bits (unless the input is `cut`
/// inside the run). A run of base64 data (a key in a PEM file, a token in a URL with a `+`
/// in it) decodes to units scattered over the whole plane: private use, lone surrogates,
/// symbols, with bits left over.
fn utf7_text(run: &[u8], cut: bool) -> bool {
    let value = |b: u8| -> u32 {
        match b {
            b'A'..=b'Z' => u32::from(b - b'A'),
            b'a'..=b'z' => u32::from(b - b'a') + 26,
            b'0'..=b'9' => u32::from(b - b'0') + 52,
            b'+' => 62,
            _ => 63,
        }
    };
    let mut bits = 0u32;
    let mut nbits = 0;
    let mut units: Vec<u16> = Vec::new();
    for &b in run {
        bits = (bits << 6) | value(b);
        nbits += 6;
        if nbits >= 16 {
            nbits -= 16;
            units.push(((bits >> nbits) & 0xFFFF) as u16);
        }
        bits &= (1 << nbits) - 1;
    }
    let padded = nbits < 6 && bits == 0;
    // An input cut between the two halves of a pair ends with the first.
    if cut && units.last().is_some_and(|u| (0xD800..0xDC00).contains(u)) {
        units.pop();
    }
    let mut non_ascii = false;
    for c in char::decode_utf16(units.iter().copied()) {
        let Ok(c) = c else {
            return false;
        };
        if !text_char(c) {
            return false;
        }
        non_ascii |= !c.is_ascii();
    }
    non_ascii && (padded || cut)
}

/// A character that text holds: printable ASCII and the common controls, letters, combining
/// marks, and the punctuation, currency and other symbol blocks of running text.
fn text_char(c: char) -> bool {
    match c as u32 {
        0x09 | 0x0A | 0x0D | 0x20..=0x7E => true,
        0xA0..=0xBF | 0x300..=0x36F => true,
        0x2000..=0x206F | 0x20A0..=0x20CF | 0x2100..=0x214F | 0x2190..=0x27BF => true,
        0x3000..=0x303F | 0xFF00..=0xFFEF => true,
        _ => letters::is_letter(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(head: &[u8]) -> Option<&'static str> {
        sniff(head).map(|p| match p {
            Proof::Supported(cs) => cs.name(),
            Proof::Unsupported(n) => n,
        })
    }

    #[test]
    fn escapes_prove_their_encodings() {
        assert_eq!(name(b"\x1b$B$3$s\x1b(B hi"), Some("ISO-2022-JP"));
        assert_eq!(name(b"\x1b$)C\x0e!!\x0f"), Some("ISO-2022-KR"));
        assert_eq!(name(b"\x1b$)A\x0e!!\x0f"), Some("ISO-2022-CN"));
        assert_eq!(name(b"ab ~{<:Ky2;S{#,NpJ)l6HK!#~} cd"), Some("HZ-GB-2312"));
        assert_eq!(name(b"Hi Mom -+Jjo--! A+ImIDkQ."), Some("UTF-7"));
    }

    #[test]
    fn plain_ascii_proves_nothing() {
        assert_eq!(name(b"a + b = c, x ~ y, C++ and ~{ alone"), None);
        assert_eq!(name("non-ASCII \u{1b}$B".as_bytes()), Some("ISO-2022-JP"));
        assert_eq!(name(b"caf\xc3\xa9 \x1b$B"), None);
    }

    #[test]
    fn base64_data_is_not_utf7() {
        // Lines of a PEM key or a URL token hold `+` before base64 digits; their units are
        // scattered over the plane (private use, lone surrogates) with bits left over.
        let pem = b"-----BEGIN KEY-----\n\
            pU3KGCUwux1tEyze1iN7LtkeP3IfyxlxF0SU1kk8nVw0YL4xIB5p/tqg7ui5\n\
            mX9cfCmZ/a/lkyU81lSvTfrXFCegrrP+6SMvivIhH57kkcWxC+y1Vjv8Hm+T\n\
            Qn7LyP4pVeXNjkbcjtS3wnZNKlpNdncG+F2GkAJK1r2jQBvpyMvMyTX2zR9h\n\
            -----END KEY-----\n";
        assert_eq!(name(pem), None);
        assert!(!utf7_text(b"6SMvivIhH57kkcWxC", false));
        // What a UTF-7 encoder writes is text, with zero padding bits.
        let text = b"Fran+AOc-ais, +AOk-t+AOk +ZeVnLIqe +BCAEQwRBBEEEOgQ4BDk +IKw 5";
        assert_eq!(name(text), Some("UTF-7"));
        assert!(utf7_text(b"ZeVnLIqe", false));
        // Bits left over that are not zero: not an encoder's run.
        assert!(utf7_text(b"AOk", false));
        assert!(!utf7_text(b"AOl", false));
        // Cut inside a run, the padding is not there yet.
        assert!(utf7_text(b"BCAEQwRBBE", true));
        assert!(!utf7_text(b"BCAEQwRBBE", false));
    }
}
