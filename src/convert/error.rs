//! The typed errors of a conversion, with where they happened, and how they are shown.
//!
//! The pipeline returns [`Failure`]; the application turns it into a message and an exit
//! status (1 for data the policy could not convert, 2 for everything else).

#![forbid(unsafe_code)]

use crate::codecs::Problem;
use crate::codecs::bom::Bom;
use crate::io::IoError;
use std::fmt;
use std::io;

/// Where in the input something happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    /// 0-based byte offset of the first offending byte.
    pub offset: u64,
    /// 1-based line.
    pub line: u64,
    /// 1-based column, counted in characters.
    pub column: u64,
}

/// Data that could not be converted under the chosen policy.
#[derive(Debug)]
pub enum ConvError {
    /// Input that is not well-formed in the source charset.
    IllFormed {
        /// The input's name as the user wrote it.
        file: String,
        /// Where.
        at: Location,
        /// The offending bytes.
        bytes: Vec<u8>,
        /// The source charset's name.
        charset: &'static str,
        /// What is wrong with them.
        problem: Problem,
    },
    /// Input that ends inside a character or a shift sequence: the end of the input cut a
    /// well-begun sequence short (a truncated file, or not this charset).
    Truncated {
        /// The input's name.
        file: String,
        /// Where the incomplete sequence starts.
        at: Location,
        /// Its bytes, which run to the end of the input.
        bytes: Vec<u8>,
        /// The source charset's name.
        charset: &'static str,
        /// True for a charset with shift states, where the sequence may be an escape.
        stateful: bool,
    },
    /// A character the target charset has no mapping for.
    Unmappable {
        /// The input's name.
        file: String,
        /// Where its bytes start in the input.
        at: Location,
        /// Its bytes in the input.
        bytes: Vec<u8>,
        /// The character.
        ch: char,
        /// The target charset's name.
        target: &'static str,
    },
    /// Under `--errors escape`, something that cannot be kept losslessly.
    Unescapable {
        /// The input's name.
        file: String,
        /// Where.
        at: Location,
        /// The bytes concerned.
        bytes: Vec<u8>,
        /// Why it cannot be kept.
        reason: String,
    },
    /// Under `--errors surrogatepass` or a code format, something the target cannot hold
    /// the way the option asks.
    NotWritable {
        /// The input's name.
        file: String,
        /// Where.
        at: Location,
        /// The bytes concerned.
        bytes: Vec<u8>,
        /// The option, as the user wrote it (`--errors surrogatepass`).
        option: &'static str,
        /// Why it cannot be written.
        reason: String,
    },
    /// A BOM that announces another encoding than `--from` names (strict only).
    BomMismatch {
        /// The input's name.
        file: String,
        /// The BOM found.
        bom: Bom,
        /// The label's canonical name.
        label: &'static str,
    },
    /// `--from auto` could not tell the encoding surely enough to convert.
    Undetected {
        /// The input's name.
        file: String,
        /// What detection found, and what to pass instead.
        why: String,
    },
}

/// Why converting an input stopped.
#[derive(Debug)]
pub enum Failure {
    /// The data could not be converted under the policy: exit status 1.
    Convert(ConvError),
    /// Reading or writing failed: exit status 2 (or a quiet exit for a closed pipe).
    Io(IoError),
}

impl Failure {
    /// An I/O failure while doing `what`.
    pub fn io(what: impl Into<String>, source: io::Error) -> Failure {
        Failure::Io(IoError::new(what, source))
    }

    /// True when the reader of our output went away: not an error for a filter.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Failure::Io(e) if e.is_broken_pipe())
    }

    /// True when writing the output failed (after which nothing more can be written).
    pub fn is_write_error(&self) -> bool {
        matches!(self, Failure::Io(e) if e.is_write())
    }

    /// The exit status this failure calls for.
    pub fn exit_code(&self) -> i32 {
        match self {
            Failure::Convert(_) => 1,
            Failure::Io(_) => 2,
        }
    }
}

impl From<IoError> for Failure {
    fn from(e: IoError) -> Failure {
        Failure::Io(e)
    }
}

impl From<ConvError> for Failure {
    fn from(e: ConvError) -> Failure {
        Failure::Convert(e)
    }
}

/// Bytes as space-separated hex pairs.
pub fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn show_char(c: char) -> String {
    if c.is_control() || c == '\u{FEFF}' {
        format!("U+{:04X}", u32::from(c))
    } else {
        format!("U+{:04X} '{c}'", u32::from(c))
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: byte {}", self.line, self.column, self.offset)
    }
}

const POLICY_HINT: &str = "use --errors replace to write U+FFFD instead, \
     or --errors escape to keep the bytes losslessly";

fn ill_formed_hint(problem: Problem, charset: &str) -> String {
    match problem {
        Problem::Invalid => format!(
            "the input is not {charset}: name its encoding with --from \
             (leave it out to let transcode guess), or {POLICY_HINT}"
        ),
        Problem::LoneSurrogate(_) => {
            "an unpaired surrogate is not a character; --errors escape keeps it, \
             --errors replace writes U+FFFD"
                .to_string()
        }
        Problem::Ucs2Surrogate(_) => {
            "UCS-2 has no surrogates; if the input is UTF-16, use --from UTF-16".to_string()
        }
        Problem::OnlyIn(wider) => format!("this is {wider}; use --from {wider}"),
    }
}

fn truncated_hint(charset: &str) -> String {
    format!(
        "the input ends in the middle of a character: it was cut short (an interrupted \
         download or copy, a file split at a fixed size), or it is not {charset}; \
         --errors replace writes U+FFFD for the incomplete bytes, -c drops them"
    )
}

fn unmappable_hint(ch: char, target: &str) -> String {
    if target.starts_with("UCS-2") && u32::from(ch) > 0xFFFF {
        return "UCS-2 holds only the BMP; use -t UTF-16 for characters above U+FFFF".to_string();
    }
    format!(
        "use --errors replace to write '?' (or U+FFFD), --unmappable to write a code (with \
         xml-dec: &#{};), -c to drop it, or a target that has it, such as UTF-8 (not {target})",
        u32::from(ch)
    )
}

impl ConvError {
    /// Moves the error's line and column on by `base`, the position its input started at.
    pub fn shift(&mut self, base: &TextPosition) {
        let at = match self {
            ConvError::IllFormed { at, .. }
            | ConvError::Truncated { at, .. }
            | ConvError::Unmappable { at, .. }
            | ConvError::Unescapable { at, .. }
            | ConvError::NotWritable { at, .. } => at,
            ConvError::BomMismatch { .. } | ConvError::Undetected { .. } => return,
        };
        let moved = base.then(&TextPosition {
            line: at.line,
            column: at.column,
        });
        (at.line, at.column) = (moved.line, moved.column);
    }

    /// The first line of the message: `FILE:LINE:COL: byte OFFSET: what`, without the hint.
    pub fn headline(&self) -> String {
        let full = self.to_string();
        full.lines().next().unwrap_or_default().to_string()
    }
}

impl fmt::Display for ConvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConvError::IllFormed {
                file,
                at,
                bytes,
                charset,
                problem,
            } => {
                let what = match problem {
                    Problem::LoneSurrogate(u) => format!("unpaired surrogate U+{u:04X} in"),
                    Problem::Ucs2Surrogate(u) => format!("surrogate U+{u:04X} in"),
                    Problem::OnlyIn(wider) => format!("a {wider} character outside"),
                    Problem::Invalid => "ill-formed".to_string(),
                };
                write!(
                    f,
                    "{file}:{at}: {what} {charset} input: {}\n  hint: {}",
                    hex(bytes),
                    ill_formed_hint(*problem, charset)
                )
            }
            ConvError::Truncated {
                file,
                at,
                bytes,
                charset,
                stateful,
            } => {
                let what = if *stateful {
                    "character or shift sequence"
                } else {
                    "character"
                };
                write!(
                    f,
                    "{file}:{at}: incomplete {charset} {what} at end of input: {}\n  hint: {}",
                    hex(bytes),
                    truncated_hint(charset)
                )
            }
            ConvError::Unmappable {
                file,
                at,
                bytes,
                ch,
                target,
            } => write!(
                f,
                "{file}:{at}: {} has no mapping in {target} (input bytes {})\n  hint: {}",
                show_char(*ch),
                hex(bytes),
                unmappable_hint(*ch, target)
            ),
            ConvError::Unescapable {
                file,
                at,
                bytes,
                reason,
            } => write!(
                f,
                "{file}:{at}: cannot be kept by --errors escape: {reason} (bytes {})\n  \
                 hint: {POLICY_HINT_LOSSY}",
                hex(bytes)
            ),
            ConvError::NotWritable {
                file,
                at,
                bytes,
                option,
                reason,
            } => write!(
                f,
                "{file}:{at}: cannot be written as {option} asks: {reason} (bytes {})\n  \
                 hint: {POLICY_HINT_LOSSY}",
                hex(bytes)
            ),
            ConvError::BomMismatch { file, bom, label } => write!(
                f,
                "{file}:1:1: byte 0: starts with a {} byte order mark ({}), \
                 but --from says {label}\n  hint: use --from {} (or --errors replace to \
                 read it as {label} anyway)",
                bom.charset().name(),
                hex(bom.bytes()),
                bom.charset().name()
            ),
            ConvError::Undetected { file, why } => write!(f, "{file}: {why}"),
        }
    }
}

const POLICY_HINT_LOSSY: &str = "--errors replace or -c convert it with loss";

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Convert(e) => e.fmt(f),
            Failure::Io(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Failure {}

/// Tracks the line and column of the next character of decoded text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextPosition {
    line: u64,
    column: u64,
}

impl Default for TextPosition {
    fn default() -> Self {
        TextPosition { line: 1, column: 1 }
    }
}

impl TextPosition {
    /// Moves past `text`.
    pub fn advance(&mut self, text: &str) {
        self.advance_utf8(text.as_bytes());
    }

    /// Moves past valid UTF-8 given as bytes.
    pub fn advance_utf8(&mut self, bytes: &[u8]) {
        match memchr::memrchr(b'\n', bytes) {
            Some(last) => {
                // A SIMD count: a search per line would stop every few dozen bytes.
                self.line += bytecount::count(bytes, b'\n') as u64;
                self.column = 1 + count_chars(&bytes[last + 1..]);
            }
            None => self.column += count_chars(bytes),
        }
    }

    /// Moves past `n` characters that are not line feeds (escapes, replacements).
    pub fn advance_chars(&mut self, n: u64) {
        self.column += n;
    }

    /// Moves the column by `n`, which may be negative: a correction to a count of bytes
    /// taken for characters (an ill-formed byte that becomes nothing, or a subpart of
    /// several bytes that becomes one character).
    pub fn advance_column(&mut self, n: i64) {
        self.column = self.column.saturating_add_signed(n);
    }

    /// Where text ends up that starts at `self` and moves by `then`, as counted from its
    /// own start (a later part of the same input converted on its own).
    pub fn then(&self, then: &TextPosition) -> TextPosition {
        if then.line > 1 {
            TextPosition {
                line: self.line + then.line - 1,
                column: then.column,
            }
        } else {
            TextPosition {
                line: self.line,
                column: self.column + then.column - 1,
            }
        }
    }

    /// The location of the next character, which starts at byte `offset`.
    pub fn at(&self, offset: u64) -> Location {
        Location {
            offset,
            line: self.line,
            column: self.column,
        }
    }
}

/// The number of characters in valid UTF-8.
pub fn count_chars(utf8: &[u8]) -> u64 {
    bytecount::num_chars(utf8) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_counts_lines_and_characters() {
        let mut p = TextPosition::default();
        p.advance("ab");
        assert_eq!(
            p.at(2),
            Location {
                offset: 2,
                line: 1,
                column: 3
            }
        );
        p.advance("中\nx中");
        assert_eq!(
            p.at(9),
            Location {
                offset: 9,
                line: 2,
                column: 3
            }
        );
    }

    #[test]
    fn messages_name_everything() {
        let e = ConvError::IllFormed {
            file: "a.txt".into(),
            at: Location {
                offset: 7,
                line: 2,
                column: 3,
            },
            bytes: vec![0x81, 0x20],
            charset: "GBK",
            problem: Problem::Invalid,
        };
        let msg = e.to_string();
        assert!(
            msg.starts_with("a.txt:2:3: byte 7: ill-formed GBK input: 81 20"),
            "{msg}"
        );
        assert!(msg.contains("--errors replace"));
    }
}
