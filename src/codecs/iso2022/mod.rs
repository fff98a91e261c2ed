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

pub mod cn;
pub mod jp;
pub mod kr;

/// Escape.
pub const ESC: u8 = 0x1B;
/// Shift out (to G1).
pub const SO: u8 = 0x0E;
/// Shift in (to G0, ASCII).
pub const SI: u8 = 0x0F;

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
