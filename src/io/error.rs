//! The I/O layer's error: what was being read or written, and the system's error.

#![forbid(unsafe_code)]

use std::fmt;

/// A failed read or write, with what was being done.
#[derive(Debug)]
pub struct IoError {
    /// What was being done, e.g. "cannot read notes.txt".
    pub what: String,
    /// The system's error.
    pub source: std::io::Error,
}

impl IoError {
    /// An I/O failure while doing `what`.
    pub fn new(what: impl Into<String>, source: std::io::Error) -> IoError {
        IoError {
            what: what.into(),
            source,
        }
    }

    /// True when the reader of our output went away: not an error for a filter.
    pub fn is_broken_pipe(&self) -> bool {
        self.source.kind() == std::io::ErrorKind::BrokenPipe
    }

    /// True for a failed write (of the output), as opposed to a failed read.
    pub fn is_write(&self) -> bool {
        self.what.starts_with("cannot write")
    }
}

impl fmt::Display for IoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.what, self.source)
    }
}

// The system's error is part of the message already, so it is not also given as a source
// (anyhow's `{:#}` would print it twice).
impl std::error::Error for IoError {}
