//! What to write for what cannot be converted, in every peer's vocabulary: the codes an
//! unmappable character is written as (Python's `backslashreplace`, `xmlcharrefreplace` and
//! `namereplace`, ICU's escape callbacks, HTML's named entities, CSS escapes, libiconv's
//! `--unicode-subst` templates), the codes an ill-formed input byte is written as (Python's
//! `backslashreplace` on decoding, libiconv's `--byte-subst`), and Python's `surrogatepass`.
//!
//! A code is plain text, written through the encoder like any other text; the start-up
//! check ([`CharFormat::alphabet`]) makes sure the target can hold every character a format
//! may write, so that writing one never fails midway.

#![forbid(unsafe_code)]

mod html;
mod template;

pub use template::Template;

use crate::codecs::charset::encodes;
use crate::codecs::{Charset, Encoder, Form};
use std::fmt::Write;

/// How an unmappable character is written (`--unmappable`, `--unmappable-format`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CharFormat {
    /// Python's `backslashreplace`: `\xe9`, `\u4e2d`, `\U0001f600`.
    Backslash,
    /// Python's `xmlcharrefreplace`, ICU's `escape-xml-dec`: `&#20013;`.
    XmlDec,
    /// ICU's `escape-xml-hex`: `&#x4E2D;`.
    XmlHex,
    /// An HTML 4 named entity where there is one (`&eacute;`), else as [`CharFormat::XmlDec`].
    Html,
    /// Python's `namereplace`: `\N{CJK UNIFIED IDEOGRAPH-4E2D}`; as [`CharFormat::Backslash`]
    /// for a character without a name.
    Name,
    /// ICU's `escape-java`: `\u4E2D`, astral characters as two UTF-16 units `\uD83D\uDE00`.
    Java,
    /// ICU's `escape-c`, C99's universal character names: `\u4E2D`, `\U0001F600`.
    C99,
    /// A CSS escape: `\4E2D ` (the space ends it, whatever follows).
    Css,
    /// ICU's `escape` and `escape-icu`: `%U4E2D`, astral characters as two units.
    Icu,
    /// ICU's `escape-unicode`: `{U+4E2D}`.
    Unicode,
    /// A printf-like template applied to the code point, as libiconv's `--unicode-subst`.
    Template(Template),
}

/// How an ill-formed input byte is written (`--errors backslash`, `--byte-format`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ByteFormat {
    /// Python's `backslashreplace` on decoding: `\xff`.
    Backslash,
    /// A printf-like template applied to the byte, as libiconv's `--byte-subst`.
    Template(Template),
}

/// What becomes of ill-formed input, where it is not the policy's to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadInput {
    /// Each byte of an ill-formed sequence is written as a code.
    Codes(ByteFormat),
    /// Python's `surrogatepass`: an unpaired surrogate of UTF-16 or UTF-32 input is written
    /// to UTF-8 as its three-byte form (ED A0 80 for U+D800) and to UTF-16 or UTF-32 as the
    /// unit itself; anything else ill-formed is left to the policy.
    SurrogatePass,
}

/// The characters every format may write, beyond those of the name table.
const HEX: &str = "0123456789abcdefABCDEF";

impl CharFormat {
    /// Appends the code for `c`.
    pub fn write(&self, c: char, out: &mut String) {
        let cp = u32::from(c);
        // `write!` into a String cannot fail.
        let _ = match self {
            CharFormat::Backslash => backslash(cp, out),
            CharFormat::XmlDec => write!(out, "&#{cp};"),
            CharFormat::XmlHex => write!(out, "&#x{cp:X};"),
            CharFormat::Html => match html::entity(cp) {
                Some(name) => write!(out, "&{name};"),
                None => write!(out, "&#{cp};"),
            },
            CharFormat::Name => name(c, out),
            CharFormat::Java => units(c, "\\u", out),
            CharFormat::C99 if cp > 0xFFFF => write!(out, "\\U{cp:08X}"),
            CharFormat::C99 => write!(out, "\\u{cp:04X}"),
            CharFormat::Css => write!(out, "\\{cp:X} "),
            CharFormat::Icu => units(c, "%U", out),
            CharFormat::Unicode => write!(out, "{{U+{cp:04X}}}"),
            CharFormat::Template(t) => {
                t.render(cp, out);
                Ok(())
            }
        };
    }

    /// The code for `c`, as a new string.
    pub fn code(&self, c: char) -> String {
        let mut s = String::new();
        self.write(c, &mut s);
        s
    }

    /// Every character the format may write.
    pub fn alphabet(&self) -> String {
        let fixed = match self {
            CharFormat::Backslash => "\\xuU",
            CharFormat::XmlDec => "&#;",
            CharFormat::XmlHex => "&#x;",
            CharFormat::Html => "&#;abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
            CharFormat::Name => "\\xuUN{} -ABCDEFGHIJKLMNOPQRSTUVWXYZ",
            CharFormat::Java => "\\u",
            CharFormat::C99 => "\\uU",
            CharFormat::Css => "\\ ",
            CharFormat::Icu => "%U",
            CharFormat::Unicode => "{U+}",
            CharFormat::Template(t) => return t.alphabet(),
        };
        format!("{fixed}{HEX}")
    }
}

impl ByteFormat {
    /// Appends the code for each of `bytes`.
    pub fn write(&self, bytes: &[u8], out: &mut String) {
        for &b in bytes {
            match self {
                ByteFormat::Backslash => {
                    let _ = write!(out, "\\x{b:02x}");
                }
                ByteFormat::Template(t) => t.render(u32::from(b), out),
            }
        }
    }

    /// Every character the format may write.
    pub fn alphabet(&self) -> String {
        match self {
            ByteFormat::Backslash => format!("\\x{HEX}"),
            ByteFormat::Template(t) => t.alphabet(),
        }
    }
}

/// Python's `backslashreplace`: as short as the code point allows, lower-case hex.
fn backslash(cp: u32, out: &mut String) -> std::fmt::Result {
    match cp {
        0..=0xFF => write!(out, "\\x{cp:02x}"),
        0x100..=0xFFFF => write!(out, "\\u{cp:04x}"),
        _ => write!(out, "\\U{cp:08x}"),
    }
}

/// Python's `namereplace`: the character's name from the Unicode name table, else the
/// backslash form.
fn name(c: char, out: &mut String) -> std::fmt::Result {
    match unicode_names2::name(c) {
        Some(name) => write!(out, "\\N{{{name}}}"),
        None => backslash(u32::from(c), out),
    }
}

/// `prefix` and four upper-case hex digits for each UTF-16 unit of `c`.
fn units(c: char, prefix: &str, out: &mut String) -> std::fmt::Result {
    let mut buf = [0u16; 2];
    for unit in c.encode_utf16(&mut buf) {
        write!(out, "{prefix}{unit:04X}")?;
    }
    Ok(())
}

/// The start-up check that the codes of the formats chosen can be written in `to`: a message
/// naming the option that chose the first format that cannot (`char_option` for unmappable
/// characters, `byte_option` for ill-formed bytes, as the caller calls them), or `None`.
pub fn unwritable_codes(
    to: Charset,
    chars: Option<&CharFormat>,
    bad_input: Option<&BadInput>,
    char_option: &str,
    byte_option: &str,
) -> Option<String> {
    let bytes = match bad_input {
        Some(BadInput::Codes(format)) => Some(format.alphabet()),
        _ => None,
    };
    let checks = [
        (chars.map(CharFormat::alphabet), char_option),
        (bytes, byte_option),
    ];
    let mut encodable = |s: &str| encodes(to, s);
    checks.into_iter().find_map(|(alphabet, option)| {
        let c = first_unencodable(&alphabet?, &mut encodable)?;
        Some(format!(
            "{option}: {} cannot hold '{}' (U+{:04X}), which its codes are written with; \
             choose another format",
            to.name(),
            c.escape_debug(),
            u32::from(c)
        ))
    })
}

/// The first character of `alphabet` that `target` cannot encode, if any: the start-up check
/// that a format's codes can be written.
pub fn first_unencodable(alphabet: &str, encodable: &mut dyn FnMut(&str) -> bool) -> Option<char> {
    let mut buf = [0u8; 4];
    alphabet
        .chars()
        .find(|c| !encodable(c.encode_utf8(&mut buf)))
}

/// `--errors surrogatepass`: writes the unpaired surrogate `unit` as Python does. Returns
/// false, writing nothing, where the target has no form for it (a byte encoding).
pub fn pass_surrogate(unit: u16, encoder: &mut Encoder, out: &mut Vec<u8>) -> bool {
    match encoder.charset().form() {
        // The three-byte form UTF-8 would have if surrogates were characters (what Python
        // writes, what WTF-8 holds, and how CESU-8 and Modified UTF-8 write each half).
        Form::Utf8 | Form::Utf8Variant => {
            out.extend_from_slice(&[
                0xE0 | (unit >> 12) as u8,
                0x80 | ((unit >> 6) & 0x3F) as u8,
                0x80 | (unit & 0x3F) as u8,
            ]);
            true
        }
        Form::Utf16(_) | Form::Ucs2(_) | Form::Utf32(_) => encoder.encode_surrogate(unit, out),
        Form::Other => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: [char; 5] = ['\u{E9}', '\u{4E2D}', '\u{1F600}', '\u{80}', '\u{301}'];

    fn codes(format: CharFormat) -> Vec<String> {
        SAMPLE.iter().map(|&c| format.code(c)).collect()
    }

    #[test]
    fn named_formats_write_the_peers_codes() {
        // Python 3.11: 'é中😀\x80\u0301'.encode('ascii', handler); ICU 72 uconv --to-callback.
        assert_eq!(
            codes(CharFormat::Backslash),
            ["\\xe9", "\\u4e2d", "\\U0001f600", "\\x80", "\\u0301"]
        );
        assert_eq!(
            codes(CharFormat::XmlDec),
            ["&#233;", "&#20013;", "&#128512;", "&#128;", "&#769;"]
        );
        assert_eq!(
            codes(CharFormat::XmlHex),
            ["&#xE9;", "&#x4E2D;", "&#x1F600;", "&#x80;", "&#x301;"]
        );
        assert_eq!(
            codes(CharFormat::Html),
            ["&eacute;", "&#20013;", "&#128512;", "&#128;", "&#769;"]
        );
        assert_eq!(
            codes(CharFormat::Name),
            [
                "\\N{LATIN SMALL LETTER E WITH ACUTE}",
                "\\N{CJK UNIFIED IDEOGRAPH-4E2D}",
                "\\N{GRINNING FACE}",
                "\\x80",
                "\\N{COMBINING ACUTE ACCENT}"
            ]
        );
        assert_eq!(
            codes(CharFormat::Java),
            ["\\u00E9", "\\u4E2D", "\\uD83D\\uDE00", "\\u0080", "\\u0301"]
        );
        assert_eq!(
            codes(CharFormat::C99),
            ["\\u00E9", "\\u4E2D", "\\U0001F600", "\\u0080", "\\u0301"]
        );
        assert_eq!(
            codes(CharFormat::Css),
            ["\\E9 ", "\\4E2D ", "\\1F600 ", "\\80 ", "\\301 "]
        );
        assert_eq!(
            codes(CharFormat::Icu),
            ["%U00E9", "%U4E2D", "%UD83D%UDE00", "%U0080", "%U0301"]
        );
        assert_eq!(
            codes(CharFormat::Unicode),
            ["{U+00E9}", "{U+4E2D}", "{U+1F600}", "{U+0080}", "{U+0301}"]
        );
        let t = Template::parse("<U+%04X>").unwrap();
        assert_eq!(
            codes(CharFormat::Template(t)),
            ["<U+00E9>", "<U+4E2D>", "<U+1F600>", "<U+0080>", "<U+0301>"]
        );
    }

    #[test]
    fn every_code_stays_within_its_alphabet() {
        let formats = [
            CharFormat::Backslash,
            CharFormat::XmlDec,
            CharFormat::XmlHex,
            CharFormat::Html,
            CharFormat::Name,
            CharFormat::Java,
            CharFormat::C99,
            CharFormat::Css,
            CharFormat::Icu,
            CharFormat::Unicode,
        ];
        let all = (0..=0x10FFFFu32).step_by(7).filter_map(char::from_u32);
        let chars: Vec<char> = all.chain(SAMPLE).collect();
        for format in formats {
            let alphabet = format.alphabet();
            for &c in &chars {
                let code = format.code(c);
                assert!(
                    code.chars().all(|x| alphabet.contains(x)),
                    "{format:?} {c:?}: {code}"
                );
            }
        }
    }

    #[test]
    fn bytes_are_written_one_code_each() {
        let mut out = String::new();
        ByteFormat::Backslash.write(b"\xff\xe4\xb8", &mut out);
        assert_eq!(out, "\\xff\\xe4\\xb8");
        let mut out = String::new();
        let t = Template::parse("<0x%02X>").unwrap();
        ByteFormat::Template(t).write(b"\xff\x80", &mut out);
        assert_eq!(out, "<0xFF><0x80>");
    }

    #[test]
    fn first_unencodable_names_the_character() {
        let mut ascii_no_backslash = |s: &str| s.is_ascii() && s != "\\";
        assert_eq!(
            first_unencodable(&CharFormat::Backslash.alphabet(), &mut ascii_no_backslash),
            Some('\\')
        );
        assert_eq!(
            first_unencodable(&CharFormat::XmlDec.alphabet(), &mut ascii_no_backslash),
            None
        );
    }
}
