//! What one file of a batch came to, and the lines to print for it.

#![forbid(unsafe_code)]

use crate::convert::Failure;

/// What happened to one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Written (or replaced).
    Converted,
    /// Already as the conversion would make it: left alone.
    Unchanged,
    /// Passed over (binary, a symlink met in a walk, ...).
    Skipped,
    /// Not converted; the exit status it calls for.
    Failed(i32),
    /// `--check` or `--detect` done; true when problems were found.
    Reported(bool),
}

/// One file's result and what to print for it.
#[derive(Debug)]
pub struct FileReport {
    /// What happened.
    pub outcome: Outcome,
    /// Lines for stdout (`--detect`, `--check`).
    pub stdout: Vec<String>,
    /// Lines for stderr (notes, errors).
    pub stderr: Vec<String>,
    /// The exit status this file calls for (1 for a file converted with `-c` losses).
    pub exit: i32,
}

impl FileReport {
    /// A report with `outcome` and nothing to print yet.
    pub fn new(outcome: Outcome) -> FileReport {
        FileReport {
            outcome,
            stdout: Vec::new(),
            stderr: Vec::new(),
            exit: 0,
        }
    }

    /// The report turned into that of a failure, with its message.
    pub fn failed(mut self, e: &Failure) -> FileReport {
        self.stderr.push(e.to_string());
        self.outcome = Outcome::Failed(e.exit_code());
        self
    }
}
