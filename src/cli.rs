//! The command line, as clap parses it. Nothing else lives here.

#![forbid(unsafe_code)]

use clap::{Parser, ValueEnum};
use std::path::PathBuf;

/// What `--errors` accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ErrorsArg {
    /// Stop at the first ill-formed input or unmappable character (exit 1).
    Strict,
    /// Write U+FFFD for each ill-formed sequence, U+FFFD or '?' for unmappable characters.
    Replace,
    /// Keep each ill-formed byte b as U+DC00+b, written back as b: lossless round trips.
    Escape,
}

const EXAMPLES: &str = "\
Examples:
  transcode -f GBK notes.txt > notes.utf8.txt         GBK to UTF-8
  transcode -t UTF-16 -o out.txt in.txt              UTF-8 to UTF-16 with a BOM (Notepad \"Unicode\")
  transcode --add-bom -o out.txt in.txt              UTF-8 with BOM (Notepad \"UTF-8 with BOM\")
  cat data | transcode -f latin1 | sort              in a pipeline
  transcode -f UTF-8 -t UTF-16LE --errors escape f   keep bad bytes as U+DC80..U+DCFF

Exit status: 0 converted, 1 data could not be converted under the policy,
2 usage error, unknown encoding or I/O error.";

/// Convert text between character encodings, in the tradition of iconv.
///
/// Reads each FILE (standard input when there is none, or for '-') and writes one output
/// stream. Labels are case-insensitive; 'transcode --list' shows them all.
#[derive(Debug, Parser)]
#[command(name = "transcode", version, after_long_help = EXAMPLES)]
pub struct Cli {
    /// Files to convert; '-' or none reads standard input.
    #[arg(value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub files: Vec<PathBuf>,

    /// Encoding of the input; 'auto' reads a BOM, then tries UTF-8, then guesses.
    #[arg(
        short,
        long,
        value_name = "LABEL",
        default_value = "auto",
        alias = "from-code"
    )]
    pub from: String,

    /// Encoding of the output; LABEL//IGNORE means the same as -c.
    #[arg(
        short,
        long,
        value_name = "LABEL",
        default_value = "UTF-8",
        alias = "to-code"
    )]
    pub to: String,

    /// List every encoding with its aliases, and exit.
    #[arg(short, long)]
    pub list: bool,

    /// Write to FILE (created only if the conversion succeeds) instead of standard output.
    #[arg(short, long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub output: Option<PathBuf>,

    /// Drop ill-formed input and unmappable characters; exit 1 if anything was dropped.
    #[arg(short = 'c')]
    pub discard: bool,

    /// Print no notes or summaries on standard error (errors still are).
    #[arg(short, long)]
    pub silent: bool,

    /// What to do with ill-formed input and unmappable characters.
    #[arg(long, value_enum, value_name = "POLICY", default_value_t = ErrorsArg::Strict)]
    pub errors: ErrorsArg,

    /// Start the output with a byte order mark (UTF-8 with BOM, UTF-16LE with BOM, ...).
    #[arg(long)]
    pub add_bom: bool,

    /// Pass a leading BOM through as U+FEFF instead of removing it.
    #[arg(long)]
    pub keep_bom: bool,

    /// Read files with read() instead of memory-mapping them.
    #[arg(long)]
    pub no_mmap: bool,
}
