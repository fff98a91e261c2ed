//! Converting one large memory-mapped file on several cores.
//!
//! The file is cut at safe boundaries ([`Charset::safe_cut`]: places where a decoder holds
//! no partial character) into segments that are converted at the same time, each by its own
//! decoder and encoder, and written in order. Workers read their segments where the file is
//! mapped and write into pooled buffers that go to the output as they are: no copy on
//! either side. This is only done where it cannot change a
//! byte of the output: stateless charsets on both sides (not ISO-2022-JP), line endings
//! kept, and no `--check`. Memory stays bounded: segments are converted a round at a time.

#![forbid(unsafe_code)]

use super::error::{Failure, TextPosition};
use super::newline::Newline;
use super::pipeline::{Converter, Options};
use super::policy::Counts;
use crate::codecs::{Charset, Encoder};
use crate::io::{Input, Output, SharedMap};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, mpsc};

/// Files smaller than this are converted on one core: below it, starting threads and copying
/// segments costs more than the second core gains.
pub const MIN_SIZE: usize = 16 * 1024 * 1024;
/// The input converted by one worker at a time.
const SEGMENT: usize = 4 * 1024 * 1024;

/// True when `from` → `to` with `opts` can be split without changing the output, and it
/// pays: a multi-byte legacy charset on either side (measured on 100 MB of Chinese, one core
/// against two: GBK and GB18030 to UTF-8 1.4 to 1.6 times, UTF-8 to GBK 1.4 to 1.6 times).
/// Measured not to pay: the Unicode forms (Chinese UTF-16 to UTF-8 1.1 times), whose
/// conversion costs little more than the copies a split needs.
pub fn can_split(from: Charset, to: Charset, opts: &Options) -> bool {
    !from.is_stateful()
        && !to.is_stateful()
        && !to.encodes_sequences()
        && (from.split_pays() || to.split_pays())
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
/// checked [`can_split`]; `counts` gets what the policy did. Workers take segments in order
/// and never run more than two rounds ahead of the writer, which writes them in order: no
/// barrier between rounds, and memory bounded by a few segments.
pub fn convert(
    input: &Input,
    charset: Charset,
    opts: Options,
    target: Charset,
    workers: usize,
    out: &mut Output,
    counts: &mut Counts,
) -> Result<(), Failure> {
    let (Some(data), Some(map)) = (input.mapped_rest(), input.shared_map()) else {
        return Ok(());
    };
    // Under --normalize a cut must also fall before a boundary of the form.
    let cut = |window: &[u8]| match opts.normalize {
        Some(form) => form.safe_cut(charset, window),
        None => charset.safe_cut(window),
    };
    let bounds = segments(&cut, data);
    let base = input.offset();
    let next = AtomicUsize::new(0);
    let written = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let ahead = 2 * workers;
    let pool = Pool::default();
    let job = Job {
        map,
        charset,
        opts: opts.clone(),
        target,
        pool: &pool,
    };
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(usize, Segment)>();
        for _ in 0..workers {
            let tx = tx.clone();
            let (bounds, next, written, stop, job) = (&bounds, &next, &written, &stop, &job);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(start, end)) = bounds.get(i) else {
                        break;
                    };
                    while i >= written.load(Ordering::Acquire) + ahead {
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        std::thread::sleep(std::time::Duration::from_micros(200));
                    }
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let at = |i: usize| usize::try_from(base).map_or(usize::MAX, |b| b + i);
                    let convert = || convert_segment(job, at(start), at(end));
                    let segment = std::panic::catch_unwind(std::panic::AssertUnwindSafe(convert))
                        .unwrap_or_else(|_| panicked());
                    if tx.send((i, segment)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let result = write_in_order(rx, out, counts, &written, &pool).and_then(|()| {
            // Every segment must have arrived: a worker cannot vanish silently.
            match written.load(Ordering::Acquire) == bounds.len() {
                true => Ok(()),
                false => Err(panicked().result.unwrap_err()),
            }
        });
        stop.store(true, Ordering::Relaxed);
        result
    })
}

/// Receives converted segments in any order and writes them in order, moving each error's
/// line and column on by the text before it. Stops at the first error.
fn write_in_order(
    rx: mpsc::Receiver<(usize, Segment)>,
    out: &mut Output,
    counts: &mut Counts,
    written: &AtomicUsize,
    pool: &Pool,
) -> Result<(), Failure> {
    let mut waiting = BTreeMap::new();
    let mut at = TextPosition::default();
    let mut n = 0;
    for (i, segment) in rx {
        waiting.insert(i, segment);
        while let Some(segment) = waiting.remove(&n) {
            out.write_encoded(&segment.bytes)?;
            pool.give(segment.bytes);
            counts.add(segment.counts);
            if let Err(mut failure) = segment.result {
                if let Failure::Convert(e) = &mut failure {
                    e.shift(&at);
                }
                return Err(failure);
            }
            at = at.then(&segment.end);
            n += 1;
            written.store(n, Ordering::Release);
        }
    }
    Ok(())
}

/// The longest prefix of a window that may end a segment, as [`Charset::safe_cut`].
type Cut<'a> = &'a dyn Fn(&[u8]) -> Option<usize>;

/// Cuts `data` into segments of about [`SEGMENT`] bytes, each ending where `cut` allows.
/// Returns (start, end) pairs.
fn segments(cut: Cut, data: &[u8]) -> Vec<(usize, usize)> {
    let mut bounds = Vec::with_capacity(data.len() / SEGMENT + 1);
    let mut start = 0;
    while start < data.len() {
        let end = segment_end(cut, data, start);
        bounds.push((start, end));
        start = end;
    }
    bounds
}

/// Where the segment that starts at `start` ends: at the last safe boundary in the second
/// half of its nominal length, or, when there is none there, at the first one after it (the
/// end of the data if there is none at all), scanning each stretch of input once.
fn segment_end(cut: Cut, data: &[u8], start: usize) -> usize {
    let nominal = (start + SEGMENT).min(data.len());
    let mut from = start + (nominal - start) / 2;
    let mut to = nominal;
    while from < data.len() {
        if let Some(cut) = cut(&data[from..to]).filter(|&cut| cut > 0) {
            return from + cut;
        }
        (from, to) = (to, (to + SEGMENT).min(data.len()));
    }
    data.len()
}

/// Buffers handed back by the writer for the next segments: fresh multi-MiB allocations
/// would fault their pages in one at a time, and page faults of several threads queue on
/// one lock of the process.
#[derive(Default)]
struct Pool(Mutex<Vec<Vec<u8>>>);

impl Pool {
    fn take(&self) -> Vec<u8> {
        self.0
            .lock()
            .ok()
            .and_then(|mut p| p.pop())
            .unwrap_or_default()
    }

    fn give(&self, buffer: Vec<u8>) {
        if let Ok(mut p) = self.0.lock() {
            p.push(buffer);
        }
    }
}

/// One segment's conversion, what it needs around it.
struct Job<'a> {
    map: SharedMap,
    charset: Charset,
    opts: Options,
    target: Charset,
    pool: &'a Pool,
}

/// Converts bytes `start..end` of the file, read where they are mapped, into a buffer from
/// the pool.
fn convert_segment(job: &Job, start: usize, end: usize) -> Segment {
    let mut input = job.map.part(start, end);
    let mut out = Output::memory_in(job.pool.take());
    let mut encoder = Encoder::new(job.target);
    let opts = job.opts.clone();
    let name = input.name.clone();
    let mut converter = Converter::new(job.charset, opts, &name, &mut encoder, &mut out);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::labels::GBK;

    #[test]
    fn segments_end_only_at_safe_cuts_even_after_long_stretches_without_one() {
        // GBK with no byte that ends a character for certain (no ASCII punctuation or
        // space) for more than two segments, then text with spaces.
        let hanzi: Vec<u8> = b"\xD6\xD0".repeat(3 * SEGMENT / 2 + 7);
        let spaced: Vec<u8> = b"\xD6\xD0 ".repeat(SEGMENT);
        let data = [hanzi.as_slice(), &spaced, &hanzi].concat();
        let bounds = segments(&|w| GBK.safe_cut(w), &data);
        assert_eq!(bounds.first().map(|b| b.0), Some(0));
        assert_eq!(bounds.last().map(|b| b.1), Some(data.len()));
        for pair in bounds.windows(2) {
            assert_eq!(pair[0].1, pair[1].0);
        }
        for &(_, end) in &bounds[..bounds.len() - 1] {
            assert_eq!(data[end - 1], b' ', "cut at {end}, inside the run of hanzi");
        }
        assert!(bounds.len() >= 3, "{bounds:?}");
    }
}
