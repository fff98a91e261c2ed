//! The settings of a run, checked from the command line: what the run of one stream and a
//! batch both convert with.

#![forbid(unsafe_code)]

use super::cli::{Cli, ErrorsArg};
use crate::codecs::Charset;
use crate::codecs::bom;
use crate::codecs::labels;
use crate::convert::{Newline, Options, Policy};
use anyhow::bail;
use clap::ValueEnum;

/// What the command line asks for, checked.
#[derive(Clone, Debug)]
pub struct Settings {
    /// `--from`.
    pub from: Charset,
    /// `--to`.
    pub to: Charset,
    /// The error policy.
    pub policy: Policy,
    /// `--keep-bom`.
    pub keep_bom: bool,
    /// `--add-bom`.
    pub add_bom: bool,
    /// `--no-mmap`.
    pub no_mmap: bool,
    /// `-s`.
    pub silent: bool,
    /// `--newline`.
    pub newline: Newline,
    /// `//TRANSLIT`.
    pub translit: bool,
    /// Threads a large file may be converted on (`-j`, else the number of cores).
    pub threads: usize,
}

impl Settings {
    /// Checks the command line. Errors here are usage errors (exit 2).
    pub fn from_cli(cli: &Cli) -> anyhow::Result<Settings> {
        let mut parts = cli.to.split("//");
        let to_label = parts.next().unwrap_or_default();
        let (mut ignore, mut translit) = (false, false);
        for suffix in parts {
            match suffix.to_ascii_uppercase().as_str() {
                "IGNORE" => ignore = true,
                "TRANSLIT" => translit = true,
                "" => {}
                other => bail!(
                    "-t {}: unknown suffix //{other} (known: //IGNORE, //TRANSLIT)",
                    cli.to
                ),
            }
        }
        let from = labels::resolve(&cli.from)?;
        let to = labels::resolve(to_label)?;
        if !to.can_encode() {
            bail!(
                "-t {to_label}: '{}' can only be read, not written",
                to.name()
            );
        }
        let policy = match (cli.discard || ignore, cli.errors) {
            (true, ErrorsArg::Strict) => Policy::Discard,
            (true, other) => {
                let name = other.to_possible_value().map(|v| v.get_name().to_string());
                bail!(
                    "-c (or //IGNORE) cannot be combined with --errors {}",
                    name.unwrap_or_default()
                )
            }
            (false, ErrorsArg::Strict) => Policy::Strict,
            (false, ErrorsArg::Replace) => Policy::Replace,
            (false, ErrorsArg::Escape) => Policy::Escape,
        };
        if cli.add_bom && bom::output_bom(to).is_none() {
            bail!("--add-bom: {} has no byte order mark", to.name());
        }
        Ok(Settings {
            from,
            to,
            policy,
            keep_bom: cli.keep_bom,
            add_bom: cli.add_bom,
            no_mmap: cli.no_mmap,
            silent: cli.silent,
            newline: cli.newline.into(),
            translit,
            threads: cli.jobs.unwrap_or_else(cores).max(1),
        })
    }

    /// Settings for converting `from` → `to` under `policy`, everything else default.
    pub fn new(from: Charset, to: Charset, policy: Policy) -> Settings {
        Settings {
            from,
            to,
            policy,
            keep_bom: false,
            add_bom: false,
            no_mmap: false,
            silent: true,
            newline: Newline::Keep,
            translit: false,
            threads: 1,
        }
    }

    /// The converter options these settings call for.
    pub fn options(&self) -> Options {
        Options {
            policy: self.policy,
            newline: self.newline,
            translit: self.translit,
            check: None,
        }
    }

    /// Passes a note (not an error) on to `say`, unless `-s`.
    pub fn note(&self, say: &mut dyn FnMut(String), message: String) {
        if !self.silent {
            say(message);
        }
    }
}

/// The number of cores this process may use.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[test]
    fn jobs_set_the_threads_of_one_stream_too() {
        let parse = |args: &[&str]| {
            let cli = Cli::parse_from([&["transcode"], args].concat());
            Settings::from_cli(&cli).map(|s| s.threads).ok()
        };
        assert_eq!(parse(&["-j", "1"]), Some(1));
        assert_eq!(parse(&["--jobs", "3"]), Some(3));
        assert_eq!(parse(&["-j", "0"]), Some(1));
        assert_eq!(parse(&[]), Some(cores()));
    }
}
