//! One run of the program: settings from the command line, each input converted in turn
//! into one output stream, notes and summaries on stderr, and the exit status.

#![forbid(unsafe_code)]

use crate::bom::{self, BomVerdict};
use crate::cli::{Cli, ErrorsArg};
use crate::detect::{self, How};
use crate::encoders::Encoder;
use crate::errors::{ConvError, Failure};
use crate::input::Input;
use crate::labels::{self, Charset, Order};
use crate::output::Output;
use crate::pipeline::{Converter, Options};
use crate::policy::{Counts, Policy};
use anyhow::bail;
use clap::ValueEnum;
use std::path::Path;

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
    pub newline: crate::newline::Newline,
    /// `//TRANSLIT`.
    pub translit: bool,
    /// Threads a large file may be converted on.
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
        if cli.add_bom && !to.is_unicode() && to != Charset::Legacy(encoding_rs::GB18030) {
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
            newline: cli.newline,
            translit,
            threads: cores(),
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
            newline: crate::newline::Newline::Keep,
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

/// Runs the program; returns the exit status. Errors are usage errors (exit 2).
pub fn run(cli: &Cli) -> anyhow::Result<i32> {
    if cli.list {
        print_list();
        return Ok(0);
    }
    let settings = Settings::from_cli(cli)?;
    if let Some(batch) = batch_from_cli(cli)? {
        return crate::batch::run_batch(&settings, &batch, &cli.files);
    }
    if cli.recursive || cli.preserve_mtime {
        bail!("-r and --preserve-mtime need -i, --output-dir, --check or --detect");
    }
    let opened = match &cli.output {
        Some(p) => output_file(p, &cli.files),
        None => Output::stdout(),
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
    let inputs = files.iter().map(|p| Input::open(Some(p), settings.no_mmap));
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
fn batch_from_cli(cli: &Cli) -> anyhow::Result<Option<crate::batch::Batch>> {
    use crate::batch::{Batch, Mode};
    let mode = if cli.in_place {
        Mode::InPlace
    } else if let Some(dir) = &cli.output_dir {
        Mode::OutputDir(dir.clone())
    } else if cli.check {
        Mode::Check(cli.max_errors)
    } else if cli.detect {
        Mode::Detect { json: cli.json }
    } else {
        return Ok(None);
    };
    if cli.files.is_empty() && matches!(mode, Mode::InPlace | Mode::OutputDir(_)) {
        bail!("-i and --output-dir need FILE arguments");
    }
    let cores = cores();
    Ok(Some(Batch {
        mode,
        walk: crate::walk::Walk {
            recursive: cli.recursive,
            include: cli.include.clone(),
            exclude: cli.exclude.clone(),
        },
        binary: cli.binary,
        jobs: cli.jobs.unwrap_or(cores).max(1),
        preserve_mtime: cli.preserve_mtime,
    }))
}

/// The number of cores this process may use.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// What [`convert_all`] did.
pub struct Done {
    /// The exit status so far: 0, 1 (not convertible under the policy) or 2 (I/O).
    pub status: i32,
    /// What the policy replaced, dropped or escaped.
    pub counts: Counts,
    /// The reader of the output went away; stop quietly.
    pub broken_pipe: bool,
}

/// Converts each input in turn into `out` (one output stream: at most one BOM, one encoder),
/// passing every message for stderr (failures, notes, the summary) to `say`. A conversion
/// error or a failed write stops the run, as with iconv (later files would follow a gap); an
/// unreadable input does not.
pub fn convert_all(
    inputs: impl Iterator<Item = Result<Input, Failure>>,
    settings: &Settings,
    out: &mut Output,
    say: &mut dyn FnMut(String),
) -> Done {
    if let Some(bom) = output_bom(settings) {
        out.set_bom(bom, settings.add_bom);
    }
    let mut encoder = Encoder::new(settings.to);
    let mut done = Done {
        status: 0,
        counts: Counts::default(),
        broken_pipe: false,
    };
    for input in inputs {
        let result = input.and_then(|mut input| {
            convert_input(
                &mut input,
                settings,
                &mut encoder,
                out,
                &mut done.counts,
                say,
            )
        });
        let Err(e) = result else { continue };
        if e.is_broken_pipe() {
            done.broken_pipe = true;
            return done;
        }
        say(e.to_string());
        done.status = done.status.max(e.exit_code());
        if matches!(e, Failure::Convert(_)) || is_write_error(&e) {
            break;
        }
    }
    encoder.encode("", &mut out.buf, true);
    if let Some(summary) = done.counts.summary(settings.policy) {
        settings.note(say, summary);
    }
    if settings.policy == Policy::Discard && done.counts.any() && done.status == 0 {
        done.status = 1;
    }
    done
}

/// Converts everything `reader` gives into memory: the library's whole-stream entry point.
/// Returns the output (what was converted before any error) and the exit status.
pub fn convert_reader(reader: Box<dyn std::io::Read>, settings: &Settings) -> (Vec<u8>, i32) {
    let mut out = Output::memory();
    let input = Input::from_reader("<input>", reader);
    let done = convert_all(std::iter::once(Ok(input)), settings, &mut out, &mut |_| {});
    (out.into_bytes(), done.status)
}

fn is_write_error(e: &Failure) -> bool {
    matches!(e, Failure::Io { what, .. } if what.starts_with("cannot write"))
}

fn output_bom(settings: &Settings) -> Option<&'static [u8]> {
    let to = settings.to;
    if to == Charset::Legacy(encoding_rs::GB18030) {
        return settings.add_bom.then_some(bom::Bom::Gb18030.bytes());
    }
    let unmarked = to.order() == Some(Order::Unmarked);
    if unmarked || settings.add_bom {
        bom::output_bom(to)
    } else {
        None
    }
}

/// Converts one input into the output.
fn convert_input(
    input: &mut Input,
    settings: &Settings,
    encoder: &mut Encoder,
    out: &mut Output,
    counts: &mut Counts,
    say: &mut dyn FnMut(String),
) -> Result<(), Failure> {
    let (charset, kept_bom) = prepare(input, settings, say, None)?;
    if let Some(bom) = kept_bom
        && out.at_start()
        && !out.has_bom()
    {
        keep_bom(bom, &input.name, settings, encoder, out, counts)?;
    }
    let opts = settings.options();
    let big = input
        .mapped_rest()
        .is_some_and(|d| d.len() >= crate::parallel::MIN_SIZE);
    if big && settings.threads > 1 && crate::parallel::can_split(charset, settings.to, &opts) {
        let (to, threads) = (settings.to, settings.threads);
        return crate::parallel::convert(input, charset, opts, to, threads, out, counts);
    }
    let flush_each = !input.is_file();
    let name = input.name.clone();
    let mut converter = Converter::new(charset, opts, &name, encoder, out);
    let result = converter.run(input, flush_each);
    counts.add(converter.counts);
    result
}

/// `--keep-bom`: writes the input's BOM as U+FEFF, which the policy deals with like any
/// character where the target has no U+FEFF.
fn keep_bom(
    bom: bom::Bom,
    file: &str,
    settings: &Settings,
    encoder: &mut Encoder,
    out: &mut Output,
    counts: &mut Counts,
) -> Result<(), Failure> {
    let (status, _) = encoder.encode("\u{FEFF}", &mut out.buf, false);
    if status == crate::encoders::EncodeStatus::Done {
        return Ok(());
    }
    match settings.policy {
        Policy::Strict | Policy::Escape => Err(ConvError::Unmappable {
            file: file.to_string(),
            at: crate::errors::Location {
                offset: 0,
                line: 1,
                column: 1,
            },
            bytes: bom.bytes().to_vec(),
            ch: '\u{FEFF}',
            target: settings.to.name(),
        }
        .into()),
        Policy::Replace => {
            counts.unmappable += 1;
            encoder.encode("?", &mut out.buf, false);
            Ok(())
        }
        Policy::Discard => {
            counts.unmappable += 1;
            Ok(())
        }
    }
}

/// Decides how to read `input`: resolves `auto`, the BOM and the byte order, and consumes
/// a BOM that is a signature. `found` is a verdict on the input the caller has already
/// reached (it is then used whatever `--from` says); without one, `auto` detects here.
/// Returns the charset and the BOM if it is to be kept.
pub fn prepare(
    input: &mut Input,
    settings: &Settings,
    say: &mut dyn FnMut(String),
    found: Option<detect::Detection>,
) -> Result<(Charset, Option<bom::Bom>), Failure> {
    let found = match (found, settings.from) {
        (Some(found), _) => Some(found),
        (None, Charset::Auto) => Some(detect::detect(input)?),
        (None, _) => None,
    };
    let label = if let Some(found) = found {
        let note = match found.how {
            How::Guess => Some(format!(
                "{}: guessed {}; use --from to choose",
                input.name,
                found.charset.name()
            )),
            How::MostlyUtf8 => Some(format!(
                "{}: reading as UTF-8, which it is apart from some ill-formed bytes; \
                 use --from to choose",
                input.name
            )),
            _ => None,
        };
        if let Some(note) = note {
            settings.note(say, note);
        }
        found.charset
    } else {
        settings.from
    };
    input.peek(detect::PREFIX)?;
    let (head, _) = input.prefix(detect::PREFIX);
    let (charset, skip, kept) = match bom::matching(label, head) {
        BomVerdict::Matching { bom, order } => {
            let charset = order.map_or(label, |o| label.with_order(o));
            (charset, bom.bytes().len(), settings.keep_bom.then_some(bom))
        }
        BomVerdict::Contradicting(bom) => {
            if settings.policy == Policy::Strict {
                let label = label.name();
                let file = input.name.clone();
                return Err(ConvError::BomMismatch { file, bom, label }.into());
            }
            let warning = format!(
                "warning: {} starts with a {} byte order mark ({}), but --from says {}; \
                 decoding it as {}",
                input.name,
                bom.charset().name(),
                crate::errors::hex(bom.bytes()),
                label.name(),
                label.name()
            );
            settings.note(say, warning);
            let charset = unmarked_order(label, head, &input.name, settings, say);
            (charset, 0, None)
        }
        BomVerdict::None => {
            let charset = unmarked_order(label, head, &input.name, settings, say);
            (charset, 0, None)
        }
    };
    input.consume(skip);
    Ok((charset, kept))
}

/// Fixes the byte order of an unmarked label without a BOM: from the zero bytes if they make
/// it clear, else big-endian (RFC 2781 §4.3), with a note.
fn unmarked_order(
    label: Charset,
    head: &[u8],
    name: &str,
    settings: &Settings,
    say: &mut dyn FnMut(String),
) -> Charset {
    if label.order() != Some(Order::Unmarked) {
        return label;
    }
    let unit = if matches!(label, Charset::Utf32(_)) {
        4
    } else {
        2
    };
    match bom::order_from_zeros(head, unit) {
        Some(order) => label.with_order(order),
        None => {
            if !head.is_empty() {
                let note = format!(
                    "{name}: no byte order mark and no clear byte order; reading {} as \
                     big-endian (RFC 2781); use --from {}LE if it is little-endian",
                    label.name(),
                    label.name()
                );
                settings.note(say, note);
            }
            label.with_order(Order::Be)
        }
    }
}

/// The output file of `-o`. It is written beside its target and renamed over it at the end,
/// so naming an input is safe (the input is read in full first): that is a conversion in
/// place, and like `-i` it keeps the file's owner, leaves a symlink a link, and does not
/// rewrite a file the conversion leaves as it was. (Any other target is always written, so
/// that make sees it renewed.)
fn output_file(path: &Path, inputs: &[std::path::PathBuf]) -> Result<Output, Failure> {
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Output::device(path);
    }
    let existing = std::fs::canonicalize(path).ok();
    let in_place = existing.as_ref().is_some_and(|out| {
        inputs
            .iter()
            .any(|i| std::fs::canonicalize(i).is_ok_and(|i| &i == out))
    });
    let replace = crate::output::Replace {
        keep_owner: existing.is_some(),
        skip_if_same_as: existing.clone().filter(|_| in_place),
        ..Default::default()
    };
    let name = path.display().to_string();
    Output::file(existing.as_deref().unwrap_or(path), &name, replace)
}

fn print_list() {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    for entry in labels::list() {
        let only = if entry.can_encode {
            ""
        } else {
            " (decode only)"
        };
        let aliases = entry.aliases.join(" ");
        let sep = if aliases.is_empty() { "" } else { ": " };
        let line = format!("{}{sep}{aliases}{only}\n", entry.name);
        if stdout.write_all(line.as_bytes()).is_err() {
            return;
        }
    }
}
