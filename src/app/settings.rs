//! The settings of a run, checked from the command line: what the run of one stream and a
//! batch both convert with.

#![forbid(unsafe_code)]

use super::cli::{Cli, ErrorsArg};
use crate::codecs::Charset;
use crate::codecs::bom;
use crate::codecs::labels;
use crate::convert::normalize::NormalForm;
use crate::convert::unmappable::{self, BadInput, ByteFormat, CharFormat, Template};
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
    /// `--unmappable`, `--unmappable-format`, or what `--errors backslash` implies.
    pub unmappable: Option<CharFormat>,
    /// `--byte-format`, `--errors backslash`, `--errors surrogatepass`.
    pub bad_input: Option<BadInput>,
    /// `--normalize`.
    pub normalize: Option<NormalForm>,
    /// `--verbose`.
    pub verbose: bool,
    /// Threads a large file may be converted on: `-j`, else `None` for as many as the cores,
    /// counted by [`Settings::thread_count`] only when an input could use them.
    pub threads: Option<usize>,
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
            // Python's handlers say what becomes of ill-formed input themselves; anything
            // else stops the conversion, as in Python.
            (false, ErrorsArg::Backslash | ErrorsArg::SurrogatePass) => Policy::Strict,
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
        let (unmappable, bad_input) = formats(cli, to)?;
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
            unmappable,
            bad_input,
            normalize: cli.normalize.map(NormalForm::from),
            verbose: cli.verbose,
            threads: cli.jobs.map(|j| j.max(1)),
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
            unmappable: None,
            bad_input: None,
            normalize: None,
            verbose: false,
            threads: Some(1),
        }
    }

    /// The threads a large file may be converted on: `-j`, else the cores. Counting the cores
    /// reads cgroup files (about 0.1 ms, a tenth of a process's start), so it is left until an
    /// input that can be split or validated in parallel asks.
    pub fn thread_count(&self) -> usize {
        self.threads.unwrap_or_else(cores).max(1)
    }

    /// The converter options these settings call for.
    pub fn options(&self) -> Options {
        Options {
            policy: self.policy,
            newline: self.newline,
            translit: self.translit,
            check: None,
            unmappable: self.unmappable.clone(),
            bad_input: self.bad_input.clone(),
            normalize: self.normalize,
        }
    }

    /// Passes a note (not an error) on to `say`, unless `-s`.
    pub fn note(&self, say: &mut dyn FnMut(String), message: String) {
        if !self.silent {
            say(message);
        }
    }
}

/// What `--unmappable`, `--unmappable-format`, `--byte-format` and the Python handlers of
/// `--errors` ask for, checked: each template parsed, and every character a format may write
/// encodable in `to`, so that no code fails midway.
fn formats(cli: &Cli, to: Charset) -> anyhow::Result<(Option<CharFormat>, Option<BadInput>)> {
    let template = |option: &str, source: &str| {
        Template::parse(source).map_err(|why| anyhow::anyhow!("{option} '{source}': {why}"))
    };
    let mut unmappable = match (&cli.unmappable, &cli.unmappable_format) {
        (Some(arg), _) => Some(CharFormat::from(*arg)),
        (None, Some(t)) => Some(CharFormat::Template(template("--unmappable-format", t)?)),
        (None, None) => None,
    };
    let mut bad_input = match &cli.byte_format {
        Some(t) => Some(BadInput::Codes(ByteFormat::Template(template(
            "--byte-format",
            t,
        )?))),
        None => None,
    };
    match cli.errors {
        ErrorsArg::Backslash if bad_input.is_none() => {
            bad_input = Some(BadInput::Codes(ByteFormat::Backslash));
            unmappable.get_or_insert(CharFormat::Backslash);
        }
        ErrorsArg::SurrogatePass if bad_input.is_none() => {
            bad_input = Some(BadInput::SurrogatePass)
        }
        ErrorsArg::Strict => {}
        other if bad_input.is_some() => {
            let name = other.to_possible_value().map(|v| v.get_name().to_string());
            bail!(
                "--byte-format cannot be combined with --errors {} (it says itself what to \
                 write for ill-formed input)",
                name.unwrap_or_default()
            )
        }
        _ => {}
    }
    let byte_option = if cli.byte_format.is_some() {
        "--byte-format"
    } else {
        "--errors backslash"
    };
    if let Some(message) = unmappable::unwritable_codes(
        to,
        unmappable.as_ref(),
        bad_input.as_ref(),
        unmappable_option(cli),
        byte_option,
    ) {
        bail!("{message}");
    }
    Ok((unmappable, bad_input))
}

/// The option that chose the format for unmappable characters, for messages.
fn unmappable_option(cli: &Cli) -> &'static str {
    if cli.unmappable.is_some() {
        "--unmappable"
    } else if cli.unmappable_format.is_some() {
        "--unmappable-format"
    } else {
        "--errors backslash"
    }
}

/// The number of cores this process may use: asked once (the answer reads the cgroup's
/// files under Linux, a measurable part of a run that detects one small file).
pub fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[test]
    fn jobs_set_the_threads_of_one_stream_too() {
        let parse = |args: &[&str]| {
            let cli = Cli::parse_from([&["transcode"], args].concat());
            Settings::from_cli(&cli).map(|s| s.thread_count()).ok()
        };
        assert_eq!(parse(&["-j", "1"]), Some(1));
        assert_eq!(parse(&["--jobs", "3"]), Some(3));
        assert_eq!(parse(&["-j", "0"]), Some(1));
        assert_eq!(parse(&[]), Some(cores()));
    }
}
