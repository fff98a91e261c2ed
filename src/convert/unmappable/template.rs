//! printf-like templates for codes, as GNU libiconv's `--unicode-subst` and `--byte-subst`
//! take them: literal text with at most one conversion of an unsigned number (`%04X`,
//! `%02x`, `%d`, `%o`), and `%%` for a percent sign. libiconv hands the template to the C
//! library's printf with the code point (or the byte) as an `unsigned int`; this renders
//! the same text without printf, and refuses at start-up what printf would misread (a second
//! conversion, a string conversion) instead of misbehaving.

#![forbid(unsafe_code)]

use std::fmt::Write;

/// A parsed template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    /// The text as the user wrote it, for messages.
    source: String,
    parts: Vec<Part>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Part {
    Text(String),
    Number(Spec),
}

/// One conversion: `%[flags][width][.precision][l|ll]conversion`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Spec {
    left: bool,
    zero: bool,
    alternate: bool,
    plus: bool,
    space: bool,
    width: usize,
    precision: Option<usize>,
    conversion: u8,
}

/// Widths and precisions past this are refused: printf would pad to them, and no code needs
/// more than a few digits.
const MAX_WIDTH: usize = 64;

impl Template {
    /// Parses `source`; the error says what is wrong, for a usage message.
    pub fn parse(source: &str) -> Result<Template, String> {
        let mut parts = Vec::new();
        let mut text = String::new();
        let mut rest = source;
        while let Some(at) = rest.find('%') {
            text.push_str(&rest[..at]);
            rest = &rest[at + 1..];
            if let Some(after) = rest.strip_prefix('%') {
                text.push('%');
                rest = after;
                continue;
            }
            let (spec, after) = parse_spec(rest)?;
            if parts.iter().any(|p| matches!(p, Part::Number(_))) {
                return Err("has more than one conversion; it takes one number".to_string());
            }
            if !text.is_empty() {
                parts.push(Part::Text(std::mem::take(&mut text)));
            }
            parts.push(Part::Number(spec));
            rest = after;
        }
        text.push_str(rest);
        if !text.is_empty() {
            parts.push(Part::Text(text));
        }
        Ok(Template {
            source: source.to_string(),
            parts,
        })
    }

    /// The template as it was written.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Appends the template with `value` in its conversion.
    pub fn render(&self, value: u32, out: &mut String) {
        for part in &self.parts {
            match part {
                Part::Text(t) => out.push_str(t),
                Part::Number(spec) => spec.render(value, out),
            }
        }
    }

    /// Every character the template can write: its literal text and the digits of its
    /// conversion, for the check that the target can encode them.
    pub fn alphabet(&self) -> String {
        let mut all = String::new();
        for part in &self.parts {
            match part {
                Part::Text(t) => all.push_str(t),
                Part::Number(spec) => all.push_str(spec.alphabet()),
            }
        }
        all
    }
}

fn parse_spec(rest: &str) -> Result<(Spec, &str), String> {
    let bytes = rest.as_bytes();
    let mut spec = Spec::default();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'-' => spec.left = true,
            b'0' => spec.zero = true,
            b'#' => spec.alternate = true,
            b'+' => spec.plus = true,
            b' ' => spec.space = true,
            _ => break,
        }
        i += 1;
    }
    let (width, n) = digits(&bytes[i..])?;
    spec.width = width;
    i += n;
    if bytes.get(i) == Some(&b'.') {
        let (precision, n) = digits(&bytes[i + 1..])?;
        spec.precision = Some(precision);
        i += 1 + n;
    }
    // `l` and `ll` change nothing for values that fit an unsigned int; `h` and `hh` would
    // cut astral code points short, so they are refused with the rest.
    while bytes.get(i) == Some(&b'l') {
        i += 1;
    }
    match bytes.get(i) {
        Some(&c @ (b'd' | b'i' | b'u' | b'x' | b'X' | b'o')) => {
            spec.conversion = c;
            Ok((spec, &rest[i + 1..]))
        }
        Some(_) => {
            let bad: String = rest[i..].chars().take(1).collect();
            Err(format!(
                "has '%{}{bad}': only %d, %i, %u, %x, %X and %o (with flags, width and \
                 precision) and %% are understood",
                &rest[..i]
            ))
        }
        None => {
            Err("ends inside a conversion ('%' at the end; write %% for a percent sign)".into())
        }
    }
}

/// A decimal number at the start of `bytes` (0 when there is none) and its length.
fn digits(bytes: &[u8]) -> Result<(usize, usize), String> {
    let n = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    let value = bytes[..n].iter().fold(0usize, |v, &d| {
        v.saturating_mul(10).saturating_add(usize::from(d - b'0'))
    });
    if value > MAX_WIDTH {
        return Err(format!("asks for a width of {value}; at most {MAX_WIDTH}"));
    }
    Ok((value, n))
}

impl Spec {
    fn render(&self, value: u32, out: &mut String) {
        let mut digits = String::new();
        // printf: a precision of 0 writes nothing for the value 0.
        if !(value == 0 && self.precision == Some(0)) {
            let _ = match self.conversion {
                b'x' => write!(digits, "{value:x}"),
                b'X' => write!(digits, "{value:X}"),
                b'o' => write!(digits, "{value:o}"),
                _ => write!(digits, "{value}"),
            };
        }
        if let Some(p) = self.precision
            && digits.len() < p
        {
            digits.insert_str(0, &"0".repeat(p - digits.len()));
        }
        let prefix = match self.conversion {
            b'x' if self.alternate && value != 0 => "0x",
            b'X' if self.alternate && value != 0 => "0X",
            b'o' if self.alternate && !digits.starts_with('0') => "0",
            b'd' | b'i' if self.plus => "+",
            b'd' | b'i' if self.space => " ",
            _ => "",
        };
        let len = prefix.len() + digits.len();
        let pad = self.width.saturating_sub(len);
        if self.left {
            out.push_str(prefix);
            out.push_str(&digits);
            out.extend(std::iter::repeat_n(' ', pad));
        } else if self.zero && self.precision.is_none() {
            out.push_str(prefix);
            out.extend(std::iter::repeat_n('0', pad));
            out.push_str(&digits);
        } else {
            out.extend(std::iter::repeat_n(' ', pad));
            out.push_str(prefix);
            out.push_str(&digits);
        }
    }

    fn alphabet(&self) -> &'static str {
        match self.conversion {
            b'x' => " 0123456789abcdefx",
            b'X' => " 0123456789ABCDEFX",
            _ => " +0123456789",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(template: &str, value: u32) -> String {
        let mut out = String::new();
        Template::parse(template).unwrap().render(value, &mut out);
        out
    }

    #[test]
    fn renders_as_printf_does() {
        // The expected strings are what C's printf writes for the same format and value.
        let cases: &[(&str, u32, &str)] = &[
            ("<U+%04X>", 0xE9, "<U+00E9>"),
            ("<U+%04X>", 0x1F600, "<U+1F600>"),
            ("\\x%02x", 0xFF, "\\xff"),
            ("&#%d;", 20013, "&#20013;"),
            ("%u", 7, "7"),
            ("%i", 7, "7"),
            ("[%5x]", 0xAB, "[   ab]"),
            ("[%-5X]", 0xAB, "[AB   ]"),
            ("[%#x]", 0xAB, "[0xab]"),
            ("[%#X]", 0xAB, "[0XAB]"),
            ("[%#x]", 0, "[0]"),
            ("[%#o]", 8, "[010]"),
            ("[%o]", 8, "[10]"),
            ("[%.3d]", 5, "[005]"),
            ("[%08.3d]", 5, "[     005]"),
            ("[%+d]", 5, "[+5]"),
            ("[% d]", 5, "[ 5]"),
            ("[%.0d]", 0, "[]"),
            ("[%#08x]", 0xAB, "[0x0000ab]"),
            ("[%lx]", 0xAB, "[ab]"),
            ("100%% %X", 0xAB, "100% AB"),
            ("?", 0xAB, "?"),
            ("", 0xAB, ""),
        ];
        for &(template, value, want) in cases {
            assert_eq!(render(template, value), want, "{template} {value:#x}");
        }
    }

    #[test]
    fn refuses_what_printf_would_misread() {
        for bad in ["%s", "%x%x", "%", "abc%", "%hx", "%c", "%99999x", "%n"] {
            assert!(Template::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn alphabet_covers_the_output() {
        let t = Template::parse("<U+%#06X>").unwrap();
        let alphabet = t.alphabet();
        for value in [0, 0xE9, 0xFFFF, 0x10FFFF] {
            let mut out = String::new();
            t.render(value, &mut out);
            assert!(out.chars().all(|c| alphabet.contains(c)), "{out}");
        }
    }
}
