//! The ISO-2022 forms beyond encoding_rs's ISO-2022-JP: ISO-2022-KR (RFC 1557), ISO-2022-CN
//! and -EXT (RFC 1922), and ISO-2022-JP-1, -2 (RFC 2237, RFC 1554), -3 and -2004 (JIS X 0213
//! annex 2). Each keeps a shift state across read buffers (`cjk::stateful`), is never split
//! across cores, and replays from the state a piece began in to locate errors.
//!
//! What they share: ESC, SO and SI are never text (the encoders refuse U+001B, U+000E and
//! U+000F, which would change the state of any reader), bytes above 0x7F are errors of one
//! byte that leave the state as it was (so `--errors escape` writes them back where they
//! stood), and an unknown escape is an error of its longest known beginning.

#![forbid(unsafe_code)]

use crate::codecs::cjk::gb::{gb2312, gb2312_code};

pub mod cn;
pub mod jp;
pub mod kr;

/// Escape.
pub const ESC: u8 = 0x1B;
/// Shift out (to G1).
pub const SO: u8 = 0x0E;
/// Shift in (to G0, ASCII).
pub const SI: u8 = 0x0F;

/// How many bytes at the start of `bytes` are plain ASCII text in G0 (no escape sequence,
/// no shift): the run the shift-state decoders copy in bulk while no other set is in use.
#[inline]
pub fn ascii_run(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .take_while(|&&b| b < 0x80 && !matches!(b, ESC | SO | SI))
        .count()
}

/// True for the characters no ISO-2022 encoder may write as text.
pub fn is_control_function(c: char) -> bool {
    matches!(c, '\u{1B}' | '\u{0E}' | '\u{0F}')
}

/// Writes an escaped byte (`--errors escape`) where it stood, leaving the state alone.
pub fn escaped_byte(unit: u16, dst: &mut Vec<u8>) -> bool {
    if !(0xDC80..=0xDCFF).contains(&unit) {
        return false;
    }
    dst.push((unit - 0xDC00) as u8);
    true
}

/// GB 2312 as ISO-2022 readers have it (ISO-2022-CN, -CN-EXT and -JP-2): 21 24 and 21 2A are
/// U+30FB and U+2015, GB 2312's own table as glibc, CPython and ICU read them there, not the
/// U+00B7 and U+2014 of the `GB2312` label (WHATWG's and Windows' reading), so that text
/// written here reads the same in every peer.
pub fn iso2022_gb2312(row: u8, cell: u8) -> Option<char> {
    match (row, cell) {
        (0x21, 0x24) => Some('\u{30FB}'),
        (0x21, 0x2A) => Some('\u{2015}'),
        _ => gb2312(row, cell),
    }
}

/// The GB 2312 code of `c` for ISO-2022 writers: none for U+00B7 and U+2014 (see
/// [`iso2022_gb2312`]), which go to another set or are unmappable, as in those peers.
pub fn iso2022_gb2312_code(c: char) -> Option<(u8, u8)> {
    match c {
        '\u{B7}' | '\u{2014}' => None,
        _ => gb2312_code(c),
    }
}
