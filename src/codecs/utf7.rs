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

use super::codec::{Codec, Decode, Encode, Family, cut_anywhere, replayed_shift_state};

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
    fn family(&self) -> Family {
        Family::Unicode
    }

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

    replayed_shift_state!(cut_anywhere);

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

    /// The value of each byte as a base64 digit, [`NOT_DIGIT`] for the others.
    pub fn values(self) -> &'static [u8; 256] {
        if self.imap {
            &IMAP_VALUES
        } else {
            &MAIL_VALUES
        }
    }

    /// The value of a base64 digit.
    pub fn digit_value(self, b: u8) -> Option<u32> {
        match self.values()[usize::from(b)] {
            NOT_DIGIT => None,
            v => Some(u32::from(v)),
        }
    }

    /// The base64 digit of a value 0..64.
    pub fn digit(self, v: u32) -> u8 {
        let digits = if self.imap {
            &IMAP_DIGITS
        } else {
            &MAIL_DIGITS
        };
        digits[(v & 0x3F) as usize]
    }

    /// For each byte, whether it may stand for itself in direct mode (the shift character
    /// aside).
    pub fn direct_table(self) -> &'static [bool; 256] {
        if self.imap {
            &IMAP_DIRECT
        } else {
            &MAIL_DIRECT
        }
    }

    /// True when the byte may stand for itself in direct mode (the shift character aside).
    pub fn direct_in(self, b: u8) -> bool {
        self.direct_table()[usize::from(b)]
    }
}

/// In [`Syntax::values`]: not a base64 digit.
pub const NOT_DIGIT: u8 = 0xFF;

const MAIL_DIGITS: [u8; 64] = *b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const IMAP_DIGITS: [u8; 64] = *b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+,";
static MAIL_VALUES: [u8; 256] = values_of(&MAIL_DIGITS);
static IMAP_VALUES: [u8; 256] = values_of(&IMAP_DIGITS);
static MAIL_DIRECT: [bool; 256] = direct_of(false);
static IMAP_DIRECT: [bool; 256] = direct_of(true);

const fn values_of(digits: &[u8; 64]) -> [u8; 256] {
    let mut table = [NOT_DIGIT; 256];
    let mut v = 0;
    while v < 64 {
        table[digits[v] as usize] = v as u8;
        v += 1;
    }
    table
}

const fn direct_of(imap: bool) -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        table[b] = if imap {
            c >= 0x20 && c < 0x7F && c != b'&'
        } else {
            is_set_d(c) || is_set_o(c) || matches!(c, b' ' | b'\t' | b'\r' | b'\n')
        };
        b += 1;
    }
    table
}

/// True when `set` holds `b`.
const fn among(set: &[u8], b: u8) -> bool {
    let mut i = 0;
    while i < set.len() {
        if set[i] == b {
            return true;
        }
        i += 1;
    }
    false
}

/// RFC 2152's Set D: the characters every flavour writes directly.
const fn is_set_d(b: u8) -> bool {
    b.is_ascii_alphanumeric() || among(b"'(),-./:?", b)
}

/// RFC 2152's Set O: optionally direct characters.
const fn is_set_o(b: u8) -> bool {
    among(b"!\"#$%&*;<=>@[]^_`{|}", b)
}

#[cfg(test)]
mod tests;
