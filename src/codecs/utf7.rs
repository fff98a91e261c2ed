//! UTF-7 (RFC 2152) and the modified UTF-7 of IMAP mailbox names (RFC 3501 §5.1.3): ASCII
//! text in which other characters are written as base64 runs of their UTF-16 units,
//! between a shift character (`+`, `&` in IMAP) and an optional `-` (required in IMAP).
//!
//! Three charsets:
//!
//! - `UTF-7` writes only RFC 2152's Set D (letters, digits, `'(),-./:?`), space, tab, CR
//!   and LF directly, and the optionally direct characters of Set O (`!"#$%&*;<=>@[]^_`{|}`)
//!   in base64, as glibc's iconv does: Set O is not safe in every mail gateway, which is
//!   why RFC 2152 makes it optional.
//! - `UTF-7-OPTIONAL` writes Set O directly too, as Python's `utf_7` codec and ICU do.
//! - `UTF-7-IMAP` writes every printable ASCII character but `&` directly, `&` as `&-`,
//!   uses `,` for base64's `/`, and always closes a run with `-`.
//!
//! Decoding is strict, as RFC 2152 and RFC 3501 say and as glibc and ICU are (Python is
//! lenient): in direct mode only the characters above may appear (a control character other
//! than tab, CR and LF, `\`, `~` or a byte above 0x7F is ill-formed, one byte at a time); a
//! shift character followed by neither base64 nor `-` is ill-formed; a run must end with no
//! bits left over, or fewer than six zero bits; every surrogate must be paired within its
//! run. IMAP also rejects a run not closed by `-` and a printable ASCII character written in
//! base64. See `utf7/decode.rs` for how the ill-formed pieces are cut, which is what
//! `--errors replace` writes one U+FFFD for and `--errors escape` keeps.
//!
//! UTF-7 is stateful: input is never split across cores, the decoder keeps its run across
//! read buffers, and error locations replay a piece from a copy of the decoder as it was
//! where the piece began.

#![forbid(unsafe_code)]

mod decode;
mod encode;

use super::codec::{Codec, Decode, Encode, Locate};

/// One of the three flavours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavor {
    /// RFC 2152, Set O written in base64 (glibc).
    Mail,
    /// RFC 2152, Set O written directly (Python, ICU).
    MailOptional,
    /// RFC 3501's modified UTF-7.
    Imap,
}

/// A UTF-7 charset.
pub struct Utf7 {
    name: &'static str,
    flavor: Flavor,
}

/// UTF-7, optionally direct characters in base64.
pub static UTF_7: Utf7 = Utf7 {
    name: "UTF-7",
    flavor: Flavor::Mail,
};

/// UTF-7, optionally direct characters written directly.
pub static UTF_7_OPTIONAL: Utf7 = Utf7 {
    name: "UTF-7-OPTIONAL",
    flavor: Flavor::MailOptional,
};

/// IMAP's modified UTF-7.
pub static UTF_7_IMAP: Utf7 = Utf7 {
    name: "UTF-7-IMAP",
    flavor: Flavor::Imap,
};

impl Codec for Utf7 {
    fn name(&self) -> &'static str {
        self.name
    }

    fn decoder(&self) -> Box<dyn Decode> {
        Box::new(decode::Utf7Decoder::new(Syntax::of(self.flavor)))
    }

    fn encoder(&self) -> Box<dyn Encode> {
        Box::new(encode::Utf7Encoder::new(
            Syntax::of(self.flavor),
            self.flavor,
        ))
    }

    fn is_stateful(&self) -> bool {
        true
    }

    /// Anywhere: the decoder keeps its state from piece to piece, and error locations
    /// replay a piece from a copy of the decoder taken where it began.
    fn safe_cut(&self, window: &[u8]) -> Option<usize> {
        Some(window.len())
    }

    fn locate(&self) -> Locate {
        Locate::Replay
    }

    /// One text has many encodings (where runs end, which characters are direct).
    fn decodes_one_to_one(&self) -> bool {
        false
    }

    /// The pieces cut from a bad base64 run are ASCII.
    fn escapes_ascii(&self) -> bool {
        true
    }
}

/// What the decoder and the encoder of a flavour need to know of its syntax.
#[derive(Clone, Copy, Debug)]
pub struct Syntax {
    /// `+` or `&`.
    pub shift: u8,
    /// The 63rd base64 digit: `/`, or `,` in IMAP.
    pub slash: u8,
    /// IMAP: runs end with `-`, and printable ASCII is never in base64.
    pub imap: bool,
}

impl Syntax {
    fn of(flavor: Flavor) -> Syntax {
        match flavor {
            Flavor::Imap => Syntax {
                shift: b'&',
                slash: b',',
                imap: true,
            },
            _ => Syntax {
                shift: b'+',
                slash: b'/',
                imap: false,
            },
        }
    }

    /// The value of a base64 digit.
    pub fn digit_value(self, b: u8) -> Option<u32> {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' => 62,
            _ if b == self.slash => 63,
            _ => return None,
        };
        Some(u32::from(v))
    }

    /// The base64 digit of a value 0..64.
    pub fn digit(self, v: u32) -> u8 {
        match v {
            0..26 => b'A' + v as u8,
            26..52 => b'a' + (v - 26) as u8,
            52..62 => b'0' + (v - 52) as u8,
            62 => b'+',
            _ => self.slash,
        }
    }

    /// True when the byte may stand for itself in direct mode (the shift character aside).
    pub fn direct_in(self, b: u8) -> bool {
        if self.imap {
            (0x20..0x7F).contains(&b) && b != b'&'
        } else {
            is_set_d(b) || is_set_o(b) || matches!(b, b' ' | b'\t' | b'\r' | b'\n')
        }
    }
}

/// RFC 2152's Set D: the characters every flavour writes directly.
fn is_set_d(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"'(),-./:?".contains(&b)
}

/// RFC 2152's Set O: optionally direct characters.
fn is_set_o(b: u8) -> bool {
    b"!\"#$%&*;<=>@[]^_`{|}".contains(&b)
}

#[cfg(test)]
mod tests;
