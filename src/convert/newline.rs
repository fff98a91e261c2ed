//! `--newline`: line endings converted on code points, so that it works the same in UTF-16
//! and UTF-32 as in byte encodings, and when a CR and its LF arrive in different buffers.
//! Where the input charset ends lines with NEL (EBCDIC's 0x15, U+0085), that is a line end
//! too.

#![forbid(unsafe_code)]

/// What `--newline` asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Newline {
    /// Leave line endings as they are.
    #[default]
    Keep,
    /// Unix: LF.
    Lf,
    /// Windows: CR LF.
    Crlf,
    /// Classic Mac OS: CR.
    Cr,
}

impl Newline {
    /// The line ending written, or `None` for `keep`.
    pub fn ending(self) -> Option<&'static str> {
        match self {
            Newline::Keep => None,
            Newline::Lf => Some("\n"),
            Newline::Crlf => Some("\r\n"),
            Newline::Cr => Some("\r"),
        }
    }
}

/// One piece of text after line-ending conversion.
#[derive(Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    /// Text without line breaks, at this byte index of the input text.
    Text(&'a str, usize),
    /// A line break, to be written as the target ending; `source` is the line-break text it
    /// replaces in this input text ("" or "\n" when its CR ended an earlier text).
    Break { source: &'a str },
    /// A CR at the end of the text, held back until the next text shows whether an LF
    /// follows; nothing is written for it yet.
    Held(&'a str),
}

/// Splits text into runs and line breaks (CR LF, CR, LF, and NEL where asked), remembering a
/// CR at the end of one text until the next shows whether an LF follows.
#[derive(Debug, Default)]
pub struct Splitter {
    pending_cr: bool,
    /// U+0085 NEXT LINE is a line break too (EBCDIC input).
    nel: bool,
}

impl Splitter {
    /// A splitter; `nel` makes U+0085 NEXT LINE a line break too.
    pub fn new(nel: bool) -> Splitter {
        Splitter {
            pending_cr: false,
            nel,
        }
    }

    /// The next line break at or after `from`: CR, LF, or the first byte of NEL (C2 85).
    fn next_break(&self, bytes: &[u8], mut from: usize) -> Option<usize> {
        if !self.nel {
            return memchr::memchr2(b'\r', b'\n', &bytes[from..]).map(|off| from + off);
        }
        loop {
            let at = from + memchr::memchr3(b'\r', b'\n', 0xC2, &bytes[from..])?;
            if bytes[at] != 0xC2 || bytes.get(at + 1) == Some(&0x85) {
                return Some(at);
            }
            from = at + 1;
        }
    }

    /// Splits `text`, calling `each` for every piece in order until it returns false.
    pub fn split<'a, E>(
        &mut self,
        text: &'a str,
        each: &mut dyn FnMut(Piece<'a>) -> Result<bool, E>,
    ) -> Result<(), E> {
        let bytes = text.as_bytes();
        let mut start = 0;
        if self.pending_cr {
            self.pending_cr = false;
            if bytes.first() == Some(&b'\n') {
                if !each(Piece::Break { source: "\n" })? {
                    return Ok(());
                }
                start = 1;
            } else if !text.is_empty() {
                if !each(Piece::Break { source: "" })? {
                    return Ok(());
                }
            } else {
                self.pending_cr = true;
            }
        }
        let mut i = start;
        while let Some(at) = self.next_break(bytes, i) {
            if at > start && !each(Piece::Text(&text[start..at], start))? {
                return Ok(());
            }
            if bytes[at] == b'\r' {
                match bytes.get(at + 1) {
                    Some(b'\n') => {
                        if !each(Piece::Break {
                            source: &text[at..at + 2],
                        })? {
                            return Ok(());
                        }
                        i = at + 2;
                    }
                    Some(_) => {
                        if !each(Piece::Break {
                            source: &text[at..at + 1],
                        })? {
                            return Ok(());
                        }
                        i = at + 1;
                    }
                    None => {
                        // Wait for the next text: it may start with the LF.
                        if !each(Piece::Held(&text[at..at + 1]))? {
                            return Ok(());
                        }
                        self.pending_cr = true;
                        i = at + 1;
                        start = i;
                        break;
                    }
                }
            } else {
                // LF, or NEL (two bytes of UTF-8).
                let len = if bytes[at] == 0xC2 { 2 } else { 1 };
                if !each(Piece::Break {
                    source: &text[at..at + len],
                })? {
                    return Ok(());
                }
                i = at + len;
            }
            start = i;
        }
        if start < text.len() && !each(Piece::Text(&text[start..], start))? {
            return Ok(());
        }
        Ok(())
    }

    /// True when a CR at the end of the last text is still waiting; call [`Splitter::flush`]
    /// before anything that is not text (an escape, the end of the input).
    pub fn flush(&mut self) -> bool {
        std::mem::take(&mut self.pending_cr)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(texts: &[&str]) -> String {
        run_with(Splitter::default(), texts)
    }

    fn run_with(mut s: Splitter, texts: &[&str]) -> String {
        let mut out = String::new();
        for t in texts {
            s.split::<()>(t, &mut |p| {
                match p {
                    Piece::Text(t, _) => out.push_str(t),
                    Piece::Break { .. } => out.push('|'),
                    Piece::Held(_) => {}
                }
                Ok(true)
            })
            .unwrap();
        }
        if s.flush() {
            out.push('|');
        }
        out
    }

    #[test]
    fn every_ending_is_one_break() {
        assert_eq!(run(&["a\r\nb\nc\rd"]), "a|b|c|d");
        assert_eq!(run(&["a\r", "\nb"]), "a|b");
        assert_eq!(run(&["a\r", "b"]), "a|b");
        assert_eq!(run(&["a\r", "", "\n"]), "a|");
        assert_eq!(run(&["a\r"]), "a|");
        assert_eq!(run(&["\n\n"]), "||");
    }

    #[test]
    fn nel_is_a_break_only_where_asked() {
        let nel = |texts: &[&str]| run_with(Splitter::new(true), texts);
        assert_eq!(nel(&["a\u{85}b\u{A0}c\r\u{85}d"]), "a|b\u{A0}c||d");
        assert_eq!(nel(&["a\r", "\u{85}"]), "a||");
        assert_eq!(run(&["a\u{85}b"]), "a\u{85}b");
    }
}
