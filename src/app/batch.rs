//! Batch runs: many files, each converted on its own (`-i`, `--output-dir`), validated
//! (`--check`) or described (`--detect`), on several threads, with the report in argument
//! order whatever the thread count.
//!
//! A file that fails leaves everything as it was and the run goes on; the exit status is
//! 2 if any file could not be read or written, else 1 if any could not be converted.

#![forbid(unsafe_code)]

use super::describe;
use super::detect::{self, binary_reason};
use super::report::{FileReport, Outcome};
use super::settings::Settings;
use super::stream::{convert_all, prepare};
use super::walk::{Item, Target, Walk};
use crate::codecs::bom;
use crate::codecs::{Encoder, labels};
use crate::convert::{ConvError, Converter, Failure, Policy};
use crate::io::{Input, Output, Replace, Written};
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// What a batch run does with each file.
#[derive(Clone, Debug)]
pub enum Mode {
    /// `-i`: replace each file by its conversion.
    InPlace,
    /// `--output-dir DIR`: write each conversion under DIR.
    OutputDir(PathBuf),
    /// `--check`: validate, reporting at most this many problems a file.
    Check(usize),
    /// `--detect`: describe, as JSON lines if asked.
    Detect {
        /// JSON lines.
        json: bool,
        /// Confidence and runners-up.
        verbose: bool,
    },
}

/// A batch run's settings beyond the conversion's.
#[derive(Clone, Debug)]
pub struct Batch {
    /// What to do with each file.
    pub mode: Mode,
    /// How to expand the arguments.
    pub walk: Walk,
    /// `--binary`: convert files that look binary.
    pub binary: bool,
    /// `-j`: files converted at once.
    pub jobs: usize,
    /// `--preserve-mtime`.
    pub preserve_mtime: bool,
}

/// Runs a batch over `args`; returns the exit status.
pub fn run_batch(settings: &Settings, batch: &Batch, args: &[PathBuf]) -> anyhow::Result<i32> {
    // Files in parallel already use the cores; a large one is not split as well.
    let mut settings = settings.clone();
    if batch.jobs > 1 {
        settings.threads = Some(1);
    }
    let settings = &settings;
    // --check and --detect read standard input when there is no FILE.
    let stdin = [PathBuf::from("-")];
    let args = if args.is_empty() { &stdin[..] } else { args };
    let items = once_each(batch.walk.expand(args)?, &batch.mode);
    let progress = progress_bar(items.len(), settings.silent);
    let mut tally = Tally::default();
    // Prints one report, in argument order (the caller hands them over in that order).
    let mut emit = |report: FileReport| {
        if let Some(p) = progress.as_ref() {
            p.inc(1)
        }
        let show = || tally.print(&report, settings);
        match &progress {
            Some(p) => p.suspend(show),
            None => show(),
        }
        tally.add(&report);
    };
    let workers = batch.jobs.clamp(1, items.len().max(1));
    if workers == 1 {
        // One file (`--detect FILE`, the common case) or -j 1: no thread to start and join,
        // which was a measurable part of a run that detects one small file.
        for item in &items {
            emit(process(item, settings, batch));
        }
    } else {
        let next = AtomicUsize::new(0);
        let (tx, rx) = mpsc::channel::<(usize, FileReport)>();
        std::thread::scope(|scope| {
            for _ in 0..workers {
                let tx = tx.clone();
                let (items, next) = (&items, &next);
                scope.spawn(move || {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break };
                        if tx.send((i, process(item, settings, batch))).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(tx);
            // Print in argument order as results arrive in any order.
            let mut waiting = BTreeMap::new();
            let mut printed = 0;
            for (i, report) in rx {
                waiting.insert(i, report);
                while let Some(report) = waiting.remove(&printed) {
                    emit(report);
                    printed += 1;
                }
            }
        });
    }
    if let Some(p) = progress {
        p.finish_and_clear();
    }
    if !settings.silent
        && let Some(line) = tally.summary(&batch.mode)
    {
        eprintln!("transcode: {line}");
    }
    Ok(tally.status)
}

/// Keeps the first of several arguments that name the same file (through a symlink, `./`, a
/// second walk), so that nothing is converted twice; with `--output-dir`, two files that
/// would be written to the same place are an error for the second.
fn once_each(items: Vec<Item>, mode: &Mode) -> Vec<Item> {
    use crate::io::platform::file_id;
    use std::collections::HashMap;
    let mut seen: HashMap<_, PathBuf> = HashMap::new();
    let mut places: HashMap<PathBuf, PathBuf> = HashMap::new();
    items
        .into_iter()
        .map(|item| {
            let Item::File(t) = &item else { return item };
            if let Some(id) = file_id(&t.path)
                && let Some(first) = seen.insert(id.clone(), t.path.clone())
            {
                let why = format!("the same file as {}, done once", first.display());
                seen.insert(id, first);
                return Item::Skipped(t.path.clone(), why);
            }
            if let Mode::OutputDir(dir) = mode
                && let Some(first) = places.insert(dir.join(&t.relative), t.path.clone())
            {
                let e = std::io::Error::new(
                    std::io::ErrorKind::AlreadyExists,
                    format!("its conversion would overwrite that of {}", first.display()),
                );
                return Item::Error(t.path.clone(), e);
            }
            item
        })
        .collect()
}

fn progress_bar(files: usize, silent: bool) -> Option<indicatif::ProgressBar> {
    // Only for a person watching: never when stderr is a file or a pipe.
    (!silent && files > 1 && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new(files as u64);
        if let Ok(style) = indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} files") {
            bar.set_style(style);
        }
        bar
    })
}

/// Counts of outcomes and the exit status so far.
#[derive(Default)]
struct Tally {
    converted: u64,
    unchanged: u64,
    skipped: u64,
    failed: u64,
    reported: u64,
    with_problems: u64,
    status: i32,
}

impl Tally {
    fn print(&self, report: &FileReport, settings: &Settings) {
        for line in &report.stdout {
            println!("{line}");
        }
        for line in &report.stderr {
            let is_note = !matches!(report.outcome, Outcome::Failed(_));
            if !(is_note && settings.silent) {
                eprintln!("transcode: {line}");
            }
        }
    }

    fn add(&mut self, report: &FileReport) {
        self.status = self.status.max(report.exit);
        match report.outcome {
            Outcome::Converted => self.converted += 1,
            Outcome::Unchanged => self.unchanged += 1,
            Outcome::Skipped => self.skipped += 1,
            Outcome::Failed(code) => {
                self.failed += 1;
                self.status = self.status.max(code);
            }
            Outcome::Reported(problems) => {
                self.reported += 1;
                if problems {
                    self.with_problems += 1;
                    self.status = self.status.max(1);
                }
            }
        }
    }

    fn summary(&self, mode: &Mode) -> Option<String> {
        let files = |n: u64| format!("{n} file{}", if n == 1 { "" } else { "s" });
        match mode {
            Mode::Detect { .. } => None,
            Mode::Check(_) => Some(format!(
                "{} checked, {} with problems, {} skipped, {} failed",
                files(self.reported),
                self.with_problems,
                self.skipped,
                self.failed
            )),
            _ => Some(format!(
                "{} converted, {} unchanged, {} skipped, {} failed",
                self.converted, self.unchanged, self.skipped, self.failed
            )),
        }
    }
}

/// Does the batch's work on one item.
fn process(item: &Item, settings: &Settings, batch: &Batch) -> FileReport {
    let report = FileReport::new(Outcome::Converted);
    match item {
        Item::Error(path, e) => {
            let e = std::io::Error::new(e.kind(), e.to_string());
            report.failed(&Failure::io(
                format!("cannot convert {}", path.display()),
                e,
            ))
        }
        Item::Skipped(path, why) => skipped(report, path, why),
        Item::File(target) => {
            let mut report = match &batch.mode {
                Mode::Detect { json, verbose } => {
                    return describe::detect_file(&target.path, *json, *verbose, settings);
                }
                Mode::Check(max) => check_file(&target.path, *max, settings, batch, report),
                Mode::InPlace | Mode::OutputDir(_) => convert_file(target, settings, batch, report),
            };
            if settings.verbose {
                verbose_line(&mut report, &target.path);
            }
            report
        }
    }
}

/// `--verbose`: one line for each file that no other line is about (failures and skips
/// have theirs).
fn verbose_line(report: &mut FileReport, path: &Path) {
    let what = match report.outcome {
        Outcome::Converted if report.exit == 0 => "converted",
        Outcome::Converted => "converted, with losses",
        Outcome::Unchanged => "unchanged (already as the conversion would make it)",
        Outcome::Reported(false) => "checked, no problems",
        Outcome::Reported(true) => "checked, problems found",
        Outcome::Skipped | Outcome::Failed(_) => return,
    };
    report.stderr.push(format!("{}: {what}", path.display()));
}

fn skipped(mut report: FileReport, path: &Path, why: &str) -> FileReport {
    report.outcome = Outcome::Skipped;
    report
        .stderr
        .push(format!("{}: skipped: {why}", path.display()));
    report
}

/// Opens a file for a batch, unless it looks binary (and `--binary` was not given).
fn open(path: &Path, settings: &Settings, batch: &Batch) -> Result<Result<Input, String>, Failure> {
    let mut input = Input::open(Some(path), settings.no_mmap)?;
    if batch.binary {
        return Ok(Ok(input));
    }
    match binary_reason(&mut input, settings.from)? {
        Some(why) => Ok(Err(why)),
        None => Ok(Ok(input)),
    }
}

/// `-i` and `--output-dir`: converts one file into its own output.
fn convert_file(
    target: &Target,
    settings: &Settings,
    batch: &Batch,
    mut report: FileReport,
) -> FileReport {
    let in_place = matches!(batch.mode, Mode::InPlace);
    // A symlink argument: convert the file it points to and leave the link a link.
    let real = match in_place {
        true => match std::fs::canonicalize(&target.path) {
            Ok(p) => p,
            Err(e) => {
                let what = format!("cannot open {}", target.path.display());
                return report.failed(&Failure::io(what, e));
            }
        },
        false => target.path.clone(),
    };
    let mut input = match open(&real, settings, batch) {
        Ok(Ok(input)) => input,
        Ok(Err(why)) => return skipped(report, &target.path, &why),
        Err(e) => return report.failed(&e),
    };
    input.name = target.path.display().to_string();
    let dest = match &batch.mode {
        Mode::OutputDir(dir) => dir.join(&target.relative),
        _ => real.clone(),
    };
    if let Some(parent) = dest.parent().filter(|p| !p.as_os_str().is_empty())
        && let Err(e) = std::fs::create_dir_all(parent)
    {
        let what = format!("cannot create {}", parent.display());
        return report.failed(&Failure::io(what, e));
    }
    let replace = Replace {
        keep_owner: in_place,
        keep_mtime: batch.preserve_mtime && in_place,
        skip_if_same_as: in_place.then(|| real.clone()),
    };
    let name = target.path.display().to_string();
    let mut out = match Output::file(&dest, &name, replace) {
        Ok(out) => out,
        Err(e) => return report.failed(&e.into()),
    };
    let mut say = |m: String| report.stderr.push(m);
    let done = convert_all(std::iter::once(Ok(input)), settings, &mut out, &mut say);
    let keep = done.status == 0 || (done.status == 1 && settings.policy == Policy::Discard);
    report.outcome = match out.finish(keep) {
        Ok(Written::Unchanged) => Outcome::Unchanged,
        Ok(Written::Replaced) => Outcome::Converted,
        Ok(Written::Nothing) => Outcome::Failed(done.status),
        Err(e) => return report.failed(&e.into()),
    };
    // Converted with -c losses: the file is written, and the exit status says what was lost.
    report.exit = done.status;
    report
}

/// `--check`: validates one file, listing its problems on stdout.
fn check_file(
    path: &Path,
    max: usize,
    settings: &Settings,
    batch: &Batch,
    mut report: FileReport,
) -> FileReport {
    let mut input = match open(path, settings, batch) {
        Ok(Ok(input)) => input,
        Ok(Err(why)) => return skipped(report, path, &why),
        Err(e) => return report.failed(&e),
    };
    // Problems are collected, not fatal: read the input as replace would.
    let mut lenient = settings.clone();
    lenient.policy = Policy::Replace;
    let mut problems = Vec::new();
    let mut say = |m: String| report.stderr.push(m);
    // Detected once here, for the "only a guess" problem, and handed on to `prepare`.
    let found = match settings.from {
        from if from == labels::AUTO_CHARSET => match detect::detect(&mut input) {
            Ok(d) => Some(d),
            Err(e) => return report.failed(&e),
        },
        _ => None,
    };
    // Mostly UTF-8 is not a guess: its ill-formed bytes are reported one by one below.
    let guessed = found
        .filter(|d| d.how == detect::How::Guess)
        .map(|d| d.charset.name());
    let charset = match prepare(&mut input, &lenient, &mut say, found) {
        Ok((charset, _)) => charset,
        Err(e) => return report.failed(&e),
    };
    if let Some(bom) = contradicting_bom(path, &input, settings) {
        problems.push(bom);
    }
    if let Some(guess) = guessed {
        report.stdout.push(format!(
            "{}: not valid UTF-8 and no byte order mark: the encoding is only a guess ({guess}); \
             name it with --from to check against it",
            input.name
        ));
    }
    let mut out = Output::null();
    let mut encoder = Encoder::new(settings.to);
    let mut opts = settings.options();
    opts.check = Some(max.saturating_sub(problems.len()));
    let name = input.name.clone();
    let mut converter = Converter::new(charset, opts, &name, &mut encoder, &mut out);
    if let Err(e) = converter.run(&mut input, false) {
        return report.failed(&e);
    }
    let total = problems.len() as u64 + converter.problem_count + u64::from(guessed.is_some());
    problems.append(&mut converter.problems);
    for p in &problems {
        report.stdout.push(p.headline());
    }
    let shown = problems.len() as u64 + u64::from(guessed.is_some());
    if total > shown {
        let more = total - shown;
        let noun = if more == 1 { "problem" } else { "problems" };
        report.stdout.push(format!(
            "{name}: {more} more {noun} not shown (--max-errors {max})"
        ));
    }
    report.outcome = Outcome::Reported(total > 0);
    report
}

/// A BOM that contradicts `--from`, as a problem for `--check`.
fn contradicting_bom(path: &Path, input: &Input, settings: &Settings) -> Option<ConvError> {
    if settings.from == labels::AUTO_CHARSET || input.offset() != 0 {
        return None;
    }
    let mut head = [0u8; 4];
    let n = input.read_at(0, &mut head).ok()?;
    match bom::matching(settings.from, &head[..n]) {
        bom::BomVerdict::Contradicting(bom) => Some(ConvError::BomMismatch {
            file: path.display().to_string(),
            bom,
            label: settings.from.name(),
        }),
        _ => None,
    }
}
