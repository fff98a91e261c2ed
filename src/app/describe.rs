//! `--detect`: what encoding a file is in, how that was decided, and its line endings.

#![forbid(unsafe_code)]

use super::detect::{self, Detection, How, binary_reason};
use super::report::{FileReport, Outcome};
use super::settings::Settings;
use super::stream::prepare;
use crate::codecs::{DecodeStatus, Decoder, labels};
use crate::convert::Failure;
use crate::io::Input;
use std::path::Path;

/// Counts of each kind of line ending.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Endings {
    /// CR LF pairs.
    pub crlf: u64,
    /// LF alone.
    pub lf: u64,
    /// CR alone.
    pub cr: u64,
    /// A CR ended the last text seen; the next decides what it was.
    pending_cr: bool,
}

impl Endings {
    /// Counts the line endings in `text`, which follows the text counted before.
    pub fn count(&mut self, text: &str) {
        let bytes = text.as_bytes();
        let mut i = 0;
        if std::mem::take(&mut self.pending_cr) {
            match bytes.first() {
                Some(b'\n') => {
                    self.crlf += 1;
                    i = 1;
                }
                Some(_) => self.cr += 1,
                None => self.pending_cr = true,
            }
        }
        while let Some(off) = memchr::memchr2(b'\r', b'\n', &bytes[i..]) {
            let at = i + off;
            if bytes[at] == b'\n' {
                self.lf += 1;
                i = at + 1;
            } else if at + 1 == bytes.len() {
                self.pending_cr = true;
                i = at + 1;
            } else if bytes[at + 1] == b'\n' {
                self.crlf += 1;
                i = at + 2;
            } else {
                self.cr += 1;
                i = at + 1;
            }
        }
    }

    /// The style: LF, CRLF, CR, mixed, or none.
    pub fn style(&self) -> &'static str {
        let cr = self.cr + u64::from(self.pending_cr);
        match (self.lf > 0, self.crlf > 0, cr > 0) {
            (false, false, false) => "none",
            (true, false, false) => "LF",
            (false, true, false) => "CRLF",
            (false, false, true) => "CR",
            _ => "mixed",
        }
    }
}

fn how_name(how: How) -> &'static str {
    match how {
        How::Bom => "bom",
        How::Utf8 => "utf-8",
        How::MostlyUtf8 => "guess",
        How::Ascii => "ascii",
        How::Escapes => "escapes",
        How::Guess | How::Zeros => "guess",
    }
}

/// A JSON string literal.
fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `--detect` for one file.
pub fn detect_file(path: &Path, json: bool, verbose: bool, settings: &Settings) -> FileReport {
    let mut report = FileReport::new(Outcome::Reported(false));
    match describe(path, settings) {
        Ok((found, endings)) => {
            let name = match path.to_str() {
                Some("-") => "<stdin>".to_string(),
                _ => path.display().to_string(),
            };
            report.stdout.push(match found {
                None if json => format!(
                    "{{\"file\":{},\"encoding\":\"binary\",\"how\":\"binary\",\"newline\":\"none\"}}",
                    json_string(&name)
                ),
                None => format!("{name}: binary (a NUL byte; not converted without --binary)"),
                Some(d) if json => json_line(&name, &d, &endings),
                Some(d) => text_line(&name, &d, &endings, verbose),
            });
        }
        Err(e) => {
            report.stderr.push(e.to_string());
            report.outcome = Outcome::Failed(e.exit_code());
        }
    }
    report
}

/// The encoding as reported: an unsupported encoding proved by its escapes is "unknown".
fn encoding_name(d: &Detection) -> &'static str {
    if d.unsupported.is_some() {
        "unknown"
    } else {
        d.charset.name()
    }
}

fn json_line(name: &str, d: &Detection, endings: &Endings) -> String {
    let runners: Vec<String> = d
        .runners_up
        .iter()
        .flatten()
        .map(|(cs, c)| {
            format!(
                "{{\"encoding\":{},\"confidence\":{c}}}",
                json_string(cs.name())
            )
        })
        .collect();
    let unsupported = d
        .unsupported
        .map(|u| format!(",\"unsupported\":{}", json_string(u)))
        .unwrap_or_default();
    format!(
        "{{\"file\":{},\"encoding\":{},\"how\":{},\"confidence\":{},\"runners_up\":[{}]{unsupported},\"newline\":{}}}",
        json_string(name),
        json_string(encoding_name(d)),
        json_string(how_name(d.how)),
        d.confidence,
        runners.join(","),
        json_string(endings.style())
    )
}

fn text_line(name: &str, d: &Detection, endings: &Endings, verbose: bool) -> String {
    let mut line = match d.unsupported {
        Some(u) => format!("{name}: unknown ({u} escape sequences; no converter for {u})"),
        None => format!("{name}: {} ({})", d.charset.name(), how_name(d.how)),
    };
    line.push_str(&format!(", {}", endings.style()));
    if verbose {
        line.push_str(&format!("; confidence {}%", d.confidence));
        let runners: Vec<String> = d
            .runners_up
            .iter()
            .flatten()
            .map(|(cs, c)| format!("{} {c}%", cs.name()))
            .collect();
        if !runners.is_empty() {
            line.push_str(&format!("; runners-up: {}", runners.join(", ")));
        }
    }
    line
}

/// The verdict (`None` for a binary file) and the line endings.
fn describe(path: &Path, settings: &Settings) -> Result<(Option<Detection>, Endings), Failure> {
    let mut input = Input::open(Some(path), settings.no_mmap)?;
    if binary_reason(&mut input, labels::AUTO_CHARSET)?.is_some() {
        return Ok((None, Endings::default()));
    }
    let found = detect::detect(&mut input)?;
    if found.unsupported.is_some() {
        return Ok((Some(found), Endings::default()));
    }
    let (charset, _) = prepare(&mut input, settings, &mut |_| {}, Some(found))?;
    let mut decoder = Decoder::new(charset);
    let mut text = String::with_capacity(64 * 1024);
    let mut endings = Endings::default();
    loop {
        let (window, eof) = input.fill()?;
        let n = window.len();
        let mut pos = 0;
        loop {
            text.clear();
            let (status, read) = decoder.decode(&window[pos..], &mut text, eof);
            endings.count(&text);
            pos += read;
            if status == DecodeStatus::InputEmpty {
                break;
            }
        }
        input.consume(n);
        if eof {
            break;
        }
    }
    Ok((Some(found), endings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_across_texts() {
        let mut e = Endings::default();
        e.count("a\r");
        e.count("\nb\r\nc");
        assert_eq!(e.style(), "CRLF");
        e.count("\n");
        assert_eq!(e.style(), "mixed");
        let mut e = Endings::default();
        e.count("x\ry\r");
        assert_eq!(e.style(), "CR");
        assert_eq!(Endings::default().style(), "none");
    }

    #[test]
    fn json_escapes() {
        assert_eq!(json_string("a\"b\\c\n"), "\"a\\\"b\\\\c\\u000a\"");
    }
}
