//! Converting one large memory-mapped file on several cores.
//!
//! The file is cut at safe boundaries ([`decoders::safe_cut`]: places where a decoder holds
//! no partial character) into segments that are converted at the same time, each by its own
//! decoder and encoder, and written in order. This is only done where it cannot change a
//! byte of the output: stateless charsets on both sides (not ISO-2022-JP), line endings
//! kept, and no `--check`. Memory stays bounded: segments are converted a round at a time.

#![forbid(unsafe_code)]

use crate::decoders;
use crate::encoders::Encoder;
use crate::errors::{Failure, TextPosition};
use crate::input::Input;
use crate::labels::Charset;
use crate::newline::Newline;
use crate::output::Output;
use crate::pipeline::{Converter, Options};
use crate::policy::Counts;

/// Files smaller than this are converted on one core: below it, starting threads and copying
/// segments costs more than the second core gains.
pub const MIN_SIZE: usize = 16 * 1024 * 1024;
/// The input converted by one worker at a time.
const SEGMENT: usize = 4 * 1024 * 1024;

/// True when `from` → `to` with `opts` can be split without changing the output, and it
/// pays: a multi-byte legacy charset on one side (a few hundred MB/s on one core). The
/// Unicode forms convert at GB/s, where the copies a split needs would cost more.
pub fn can_split(from: Charset, to: Charset, opts: &Options) -> bool {
    let stateless =
        |c: Charset| c != Charset::Auto && c != Charset::Legacy(encoding_rs::ISO_2022_JP);
    let slow = |c: Charset| match c {
        Charset::Gb2312 => true,
        Charset::Legacy(e) => !e.is_single_byte() && e != encoding_rs::X_USER_DEFINED,
        _ => false,
    };
    stateless(from)
        && stateless(to)
        && (slow(from) || slow(to))
        && opts.newline == Newline::Keep
        && opts.check.is_none()
}

/// What one worker made of its segment.
struct Segment {
    bytes: Vec<u8>,
    counts: Counts,
    end: TextPosition,
    result: Result<(), Failure>,
}

/// Converts the rest of the mapped `input` into `out` on `workers` threads. The caller has
/// checked [`can_split`]; `counts` gets what the policy did.
pub fn convert(
    input: &Input,
    charset: Charset,
    opts: Options,
    target: Charset,
    workers: usize,
    out: &mut Output,
    counts: &mut Counts,
) -> Result<(), Failure> {
    let Some(data) = input.mapped_rest() else {
        return Ok(());
    };
    let base = input.offset();
    let mut pos = 0usize;
    let mut at = TextPosition::default();
    while pos < data.len() {
        let bounds = round(charset, &data[pos..], workers);
        let segments = std::thread::scope(|scope| {
            let handles: Vec<_> = bounds
                .iter()
                .map(|&(start, end)| {
                    let bytes = data[pos + start..pos + end].to_vec();
                    let offset = base + (pos + start) as u64;
                    let name = input.name.clone();
                    scope
                        .spawn(move || convert_segment(&name, bytes, offset, charset, opts, target))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|_| panicked()))
                .collect::<Vec<_>>()
        });
        for segment in segments {
            out.buf.extend_from_slice(&segment.bytes);
            out.maybe_flush()?;
            counts.add(segment.counts);
            if let Err(mut failure) = segment.result {
                if let Failure::Convert(e) = &mut failure {
                    e.shift(&at);
                }
                return Err(failure);
            }
            at = at.then(&segment.end);
        }
        pos += bounds.last().map_or(data.len() - pos, |&(_, end)| end);
    }
    Ok(())
}

/// Cuts the start of `data` into up to `workers` segments of about [`SEGMENT`] bytes, each
/// ending at a safe boundary. Returns (start, end) pairs relative to `data`.
fn round(charset: Charset, data: &[u8], workers: usize) -> Vec<(usize, usize)> {
    let mut bounds = Vec::with_capacity(workers);
    let mut start = 0;
    while bounds.len() < workers && start < data.len() {
        let nominal = (start + SEGMENT).min(data.len());
        let end = if nominal == data.len() {
            nominal
        } else {
            // Look for a boundary in the last stretch before the nominal end; without one,
            // take a whole segment more rather than cut inside a character.
            let from = start + (nominal - start) / 2;
            match decoders::safe_cut(charset, &data[from..nominal]) {
                Some(cut) if cut > 0 => from + cut,
                _ => (start + 2 * SEGMENT).min(data.len()),
            }
        };
        bounds.push((start, end));
        start = end;
    }
    bounds
}

fn convert_segment(
    name: &str,
    bytes: Vec<u8>,
    offset: u64,
    charset: Charset,
    opts: Options,
    target: Charset,
) -> Segment {
    let mut input = Input::from_bytes_at(name, bytes, offset);
    let mut out = Output::memory();
    let mut encoder = Encoder::new(target);
    let mut converter = Converter::new(charset, opts, name, &mut encoder, &mut out);
    let result = converter.run(&mut input, false);
    let (counts, end) = (converter.counts, converter.position());
    Segment {
        bytes: out.into_bytes(),
        counts,
        end,
        result,
    }
}

/// A worker that panicked: reported as an error rather than passed on as a crash.
fn panicked() -> Segment {
    let e = std::io::Error::other("a conversion thread failed");
    Segment {
        bytes: Vec::new(),
        counts: Counts::default(),
        end: TextPosition::default(),
        result: Err(Failure::io("converting", e)),
    }
}
