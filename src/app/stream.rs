//! The run of one output stream: each input's encoding decided (`auto`, its BOM, its byte
//! order), then converted in turn into the one output, with notes and a summary for stderr.

#![forbid(unsafe_code)]

use super::detect::{self, How};
use super::settings::Settings;
use crate::codecs::bom::{self, BomVerdict};
use crate::codecs::{Charset, EncodeStatus, Encoder, Order, labels};
use crate::convert::error::hex;
use crate::convert::{ConvError, Converter, Counts, Failure, Location, Policy, parallel};
use crate::io::{Input, Output};

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
        if matches!(e, Failure::Convert(_)) || e.is_write_error() {
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

/// The BOM the output starts with: the unmarked UTF-16, UTF-32 and UCS-2 labels and
/// UTF-8-SIG write one, and `--add-bom` asks for one in any charset that has one.
pub(crate) fn output_bom(settings: &Settings) -> Option<&'static [u8]> {
    let unmarked = settings.to.order() == Some(Order::Unmarked) || settings.to.writes_bom();
    let wanted = unmarked || settings.add_bom;
    wanted
        .then(|| bom::output_bom(settings.to))
        .flatten()
        .map(bom::Bom::bytes)
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
    // Only an input in memory can use more than one thread: a stream does not count the cores.
    let threads = match input.mapped_rest() {
        Some(_) => settings.thread_count(),
        None => 1,
    };
    let big = input
        .mapped_rest()
        .is_some_and(|d| d.len() >= parallel::MIN_SIZE);
    if big && threads > 1 && parallel::can_split(charset, settings.to, &opts) {
        let to = settings.to;
        return parallel::convert(input, charset, opts, to, threads, out, counts);
    }
    let flush_each = !input.is_file();
    let name = input.name.clone();
    let mut converter = Converter::new(charset, opts, &name, encoder, out);
    converter.set_threads(threads);
    let result = converter.run(input, flush_each);
    counts.add(converter.counts);
    result
}

/// `--keep-bom`: writes the input's BOM as U+FEFF, which the policy deals with like any
/// character where the target has no U+FEFF.
pub(crate) fn keep_bom(
    bom: bom::Bom,
    file: &str,
    settings: &Settings,
    encoder: &mut Encoder,
    out: &mut Output,
    counts: &mut Counts,
) -> Result<(), Failure> {
    let (status, _) = encoder.encode("\u{FEFF}", &mut out.buf, false);
    if status == EncodeStatus::Done {
        return Ok(());
    }
    if let Some(format) = &settings.unmappable {
        // Encodable: the start-up check saw to it.
        encoder.encode(&format.code('\u{FEFF}'), &mut out.buf, false);
        counts.coded_chars += 1;
        return Ok(());
    }
    match settings.policy {
        Policy::Strict | Policy::Escape => Err(ConvError::Unmappable {
            file: file.to_string(),
            at: Location {
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
    let found = match found {
        Some(found) => Some(found),
        None if settings.from == labels::AUTO_CHARSET => {
            let found = detect::detect(input)?;
            if found.refused() {
                return Err(refusal(&input.name, &found).into());
            }
            Some(found)
        }
        None => None,
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
    input.peek(head_needed(label))?;
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
                hex(bom.bytes()),
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

/// Why `-f auto` will not convert on `found`, and what to pass instead.
fn refusal(file: &str, found: &detect::Detection) -> ConvError {
    let why = match found.unsupported {
        Some(u) => format!(
            "its escape sequences say {u}, which no converter here handles; nothing written"
        ),
        None => {
            let mut options = vec![format!("{} ({}%)", found.charset, found.confidence)];
            options.extend(
                found
                    .runners_up
                    .iter()
                    .flatten()
                    .map(|(cs, c)| format!("{cs} ({c}%)")),
            );
            format!(
                "cannot tell the encoding surely (below {}%): it reads as {}; nothing written\n  \
                 hint: pass the encoding with --from, e.g. --from {}",
                detect::REFUSE_BELOW,
                options.join(", "),
                found.charset
            )
        }
    };
    ConvError::Undetected {
        file: file.to_string(),
        why,
    }
}

/// How many bytes of the start of an input [`prepare`] looks at under `label`: a BOM's
/// (at most four bytes), or for `auto` and the unmarked UTF-16, UTF-32 and UCS-2 labels,
/// whose byte order the zero bytes may decide, the detector's prefix. A stream is converted
/// as soon as that much has arrived.
pub(crate) fn head_needed(label: Charset) -> usize {
    if label == labels::AUTO_CHARSET || label.order() == Some(Order::Unmarked) {
        detect::PREFIX
    } else {
        4
    }
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
    match bom::order_from_zeros(head, label.form().unit()) {
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
