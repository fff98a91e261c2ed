//! One run of the program: `--list`, a batch, or one output stream, and the exit status.

#![forbid(unsafe_code)]

use super::batch::{self, Batch, Mode};
use super::cli::Cli;
use super::settings::{Settings, cores};
use super::stream::convert_all;
use super::walk::Walk;
use crate::codecs::labels;
use crate::convert::{Failure, Policy};
use crate::io::{Input, IoError, Output, Replace};
use anyhow::bail;
use std::io::IsTerminal;
use std::path::Path;

/// Runs the program; returns the exit status. Errors are usage errors (exit 2).
pub fn run(cli: &Cli) -> anyhow::Result<i32> {
    if cli.usage {
        print!("{}", super::cli::usage());
        return Ok(0);
    }
    if cli.list {
        // One label a line in a pipe, as glibc's iconv -l prints it for scripts.
        let grouped = cli.verbose || std::io::stdout().is_terminal();
        print_list(grouped);
        return Ok(0);
    }
    let settings = Settings::from_cli(cli)?;
    if let Some(batch) = batch_from_cli(cli)? {
        return batch::run_batch(&settings, &batch, &cli.files);
    }
    if cli.recursive || cli.preserve_mtime {
        bail!("-r and --preserve-mtime need -i, --output-dir, --check or --detect");
    }
    let opened = match &cli.output {
        Some(p) if p.as_os_str() != "-" => output_file(p, &cli.files),
        _ => Output::stdout(),
    };
    let mut out = match opened {
        Ok(o) => o,
        Err(e) => {
            eprintln!("transcode: {e}");
            return Ok(2);
        }
    };
    let stdin_only = [Path::new("-").to_path_buf()];
    let files = if cli.files.is_empty() {
        &stdin_only[..]
    } else {
        &cli.files[..]
    };
    let named = !cli.files.is_empty();
    let inputs = files.iter().map(|p| {
        // --verbose names each file just before it is converted, as iconv does.
        if settings.verbose && named {
            eprintln!("{}:", p.display());
        }
        Input::open(Some(p), settings.no_mmap).map_err(Failure::from)
    });
    let mut say = |m: String| eprintln!("transcode: {m}");
    let done = convert_all(inputs, &settings, &mut out, &mut say);
    if done.broken_pipe {
        return Ok(0);
    }
    let keep = done.status == 0 || (done.status == 1 && settings.policy == Policy::Discard);
    match out.finish(keep) {
        Ok(_) => Ok(done.status),
        Err(e) if e.is_broken_pipe() => Ok(0),
        Err(e) => {
            eprintln!("transcode: {e}");
            Ok(2)
        }
    }
}

/// The batch run the command line asks for, if any.
fn batch_from_cli(cli: &Cli) -> anyhow::Result<Option<Batch>> {
    let mode = if cli.in_place {
        Mode::InPlace
    } else if let Some(dir) = &cli.output_dir {
        Mode::OutputDir(dir.clone())
    } else if cli.check {
        Mode::Check(cli.max_errors)
    } else if cli.detect {
        Mode::Detect {
            json: cli.json,
            verbose: cli.verbose,
        }
    } else {
        return Ok(None);
    };
    if cli.files.is_empty() && matches!(mode, Mode::InPlace | Mode::OutputDir(_)) {
        bail!("-i and --output-dir need FILE arguments");
    }
    let cores = cores();
    Ok(Some(Batch {
        mode,
        walk: Walk {
            recursive: cli.recursive,
            include: cli.include.clone(),
            exclude: cli.exclude.clone(),
        },
        binary: cli.binary,
        jobs: cli.jobs.unwrap_or(cores).max(1),
        preserve_mtime: cli.preserve_mtime,
    }))
}

/// The output file of `-o`. It is written beside its target and renamed over it at the end,
/// so naming an input is safe (the input is read in full first): that is a conversion in
/// place, and like `-i` it keeps the file's owner, leaves a symlink a link, and does not
/// rewrite a file the conversion leaves as it was. (Any other target is always written, so
/// that make sees it renewed.)
fn output_file(path: &Path, inputs: &[std::path::PathBuf]) -> Result<Output, IoError> {
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Output::device(path);
    }
    let existing = std::fs::canonicalize(path).ok();
    let in_place = existing.as_ref().is_some_and(|out| {
        inputs
            .iter()
            .any(|i| std::fs::canonicalize(i).is_ok_and(|i| &i == out))
    });
    let replace = Replace {
        keep_owner: existing.is_some(),
        skip_if_same_as: existing.clone().filter(|_| in_place),
        ..Default::default()
    };
    let name = path.display().to_string();
    Output::file(existing.as_deref().unwrap_or(path), &name, replace)
}

/// `--list`: grouped by family (each name with its aliases and whether it is decode only),
/// or one label a line as `NAME//`, upper case and sorted, as glibc's `iconv -l` prints it
/// when its output is not a terminal.
fn print_list(grouped: bool) {
    use std::io::Write;
    let text = if grouped {
        grouped_list()
    } else {
        plain_list()
    };
    // A closed pipe (`transcode -l | head`) is not an error.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

fn grouped_list() -> String {
    let mut text = String::new();
    for (family, entries) in labels::by_family() {
        text += &format!("{}:\n", family.title());
        for entry in entries {
            let only = if entry.codec.can_encode() {
                ""
            } else {
                " (decode only)"
            };
            let aliases: Vec<&str> = labels::aliases_of(entry).collect();
            let aliases = aliases.join(" ");
            let sep = if aliases.is_empty() { "" } else { ": " };
            text += &format!("  {}{sep}{aliases}{only}\n", entry.codec.name());
        }
    }
    text
}

fn plain_list() -> String {
    let mut names: Vec<String> = labels::rows()
        .flat_map(|entry| std::iter::once(entry.codec.name()).chain(labels::aliases_of(entry)))
        .map(|label| label.to_ascii_uppercase())
        .collect();
    names.sort();
    names.dedup();
    names.iter().map(|n| format!("{n}//\n")).collect()
}
