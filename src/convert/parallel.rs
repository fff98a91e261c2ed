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
use super::policy::{Counts, Policy};
use crate::codecs::{Charset, Encoder, Form};
use crate::io::{Input, Output, SharedMap};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// Files smaller than this are converted on one core: below it, starting threads and copying
/// segments costs more than the second core gains.
pub const MIN_SIZE: usize = 16 * 1024 * 1024;
/// The input converted by one worker at a time: small enough that a segment's output (up to
/// 1.5 times as large from GBK to UTF-8) stays in the core's cache until it is written and
/// its buffer reused. With 4 MiB segments every output byte went out to memory and back and
/// fresh buffers faulted their pages in: two cores used a fifth more processor time than
/// one for the same work; at 256 KiB the split costs a few per cent.
const SEGMENT: usize = 256 * 1024;

/// True when `from` → `to` with `opts` can be split without changing the output, and it
/// pays: a multi-byte legacy charset on either side (measured on 100 MB of Chinese, one core
/// against two: GBK and GB18030 to UTF-8 1.4 to 1.6 times, UTF-8 to GBK 1.4 to 1.6 times),
/// or UTF-8 to UTF-16 (see `utf8_to_utf16`). Measured not to pay: the other Unicode pairs,
/// whose conversion costs little more than the copies a split needs.
pub fn can_split(from: Charset, to: Charset, opts: &Options) -> bool {
    !from.is_stateful()
        && !to.is_stateful()
        && !to.encodes_sequences()
        && (from.split_pays() || to.split_pays() || (utf8_to_utf16(from, to) && bulk_utf16(opts)))
        && opts.newline == Newline::Keep
        && opts.check.is_none()
}

/// UTF-8 to UTF-16 (either byte order): split since each segment is converted in a buffer
/// the pool lends it, which becomes the segment's output ([`Converter::lend_buffer`]).
/// Copying the units into the segment's buffer and zeroing fresh units for each segment (as
/// before the lent buffer) cost two cores twice the processor time of one. Measured on
/// 100 MB, `-j 2` against `-j 1`, processor time (medians of 15 alternating runs): English
/// 57 against 42 ms, Chinese 106 against 82: on two free cores at best 1.47 and 1.55 times
/// as fast as one (42 / (57 / 2)), an estimate from processor time. The wall time could
/// only be measured on a shared machine under a load of 5 on 2 cores, where the second core
/// was busy and the split was slower (92 against 64 ms); on the idle machine the benchmark
/// gave English 5,256 MB/s split, against 3,201 on one core in the run before. Under
/// replace and escape too ([`bulk_utf16`]): a segment with errors is converted in the lent
/// buffer as a clean one is. Before that, its units were zeroed afresh and copied out for
/// each segment (memmove 32% of the profile), and the dirty English file (an error every
/// thousand bytes) split took 53 against 27 ms of wall time on one core (idle machine);
/// now its profile is the one-core profile, with 9% more samples (8 runs each, load 5).
/// UTF-16 to UTF-8 is not split: even with a lent buffer, English took 97 against 44 ms of
/// processor time (the room of three bytes a unit is zeroed again for text that needs
/// one), Chinese 44 against 41.
fn utf8_to_utf16(from: Charset, to: Charset) -> bool {
    matches!((from.form(), to.form()), (Form::Utf8, Form::Utf16(_)))
}

/// True when the segments of UTF-8 to UTF-16 take the bulk path ([`Converter::lend_buffer`])
/// under `opts`: nothing done to the text but the conversion, and a policy that the bulk
/// path settles in the segment's own buffer (strict, and replace and escape, whose U+FFFD
/// and U+DC80..U+DCFF join the units there). Discard and the codes of `--errors backslash`
/// go through the general path, which writes each error and the text between apart.
fn bulk_utf16(opts: &Options) -> bool {
    matches!(
        opts.policy,
        Policy::Strict | Policy::Replace | Policy::Escape
    ) && opts.leaves_text_alone()
        && opts.unmappable.is_none()
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
/// and never run more than `AHEAD` segments ahead of the output; whoever finishes the
/// segment next in order writes it, and those after it that are done, itself. No thread
/// only waits to write (a third thread on two cores, woken for every segment), and the
/// buffers go back to the pool while still in cache.
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
    let pool = Pool::default();
    let job = Job {
        map,
        charset,
        opts: opts.clone(),
        target,
        pool: &pool,
    };
    let order = Order {
        out,
        counts,
        waiting: BTreeMap::new(),
        written: 0,
        at: TextPosition::default(),
        result: Ok(()),
    };
    let shared = (Mutex::new(order), Condvar::new());
    let ahead = workers + AHEAD;
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let (bounds, next, shared, job) = (&bounds, &next, &shared, &job);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(start, end)) = bounds.get(i) else {
                        break;
                    };
                    if !wait_for_room(shared, i, ahead) {
                        return;
                    }
                    let at = |i: usize| usize::try_from(base).map_or(usize::MAX, |b| b + i);
                    let convert = || convert_segment(job, at(start), at(end));
                    let segment = std::panic::catch_unwind(std::panic::AssertUnwindSafe(convert))
                        .unwrap_or_else(|_| panicked());
                    let going = lock(&shared.0).deliver(i, segment, job.pool);
                    shared.1.notify_all();
                    if !going {
                        return;
                    }
                }
            });
        }
    });
    let order = shared
        .0
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    // Every segment must have been written: a worker cannot vanish silently.
    match order.result {
        Ok(()) if order.written != bounds.len() => Err(panicked().result.unwrap_err()),
        other => other,
    }
}

/// How many segments beyond one per worker may be converted before the output takes them:
/// about 4 MiB of input, several milliseconds of work, so that a worker goes on while the
/// other is descheduled for a time slice (on a busy machine) instead of stalling with it.
/// While both run, only a few buffers circulate (the pool hands back the one written last,
/// still in cache); this only bounds memory when one falls behind.
const AHEAD: usize = 14;

/// Locks the shared output, also after a worker panicked while holding it (its panic is
/// reported as a failed segment; the state itself stays consistent between statements).
fn lock<'m, 'o>(m: &'m Mutex<Order<'o>>) -> MutexGuard<'m, Order<'o>> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Waits until segment `i` is fewer than `ahead` segments past the output. False when the
/// conversion failed meanwhile.
fn wait_for_room(shared: &(Mutex<Order>, Condvar), i: usize, ahead: usize) -> bool {
    let mut order = lock(&shared.0);
    while i >= order.written + ahead && order.result.is_ok() {
        order = shared.1.wait(order).unwrap_or_else(PoisonError::into_inner);
    }
    order.result.is_ok()
}

/// The output side shared by the workers: segments that are done wait here until every
/// segment before them is written.
struct Order<'o> {
    out: &'o mut Output,
    counts: &'o mut Counts,
    waiting: BTreeMap<usize, Segment>,
    /// How many segments are written: the index of the next one to write.
    written: usize,
    /// Where the next segment's text starts, for the line and column of its errors.
    at: TextPosition,
    /// The first failure; nothing is written after it.
    result: Result<(), Failure>,
}

impl Order<'_> {
    /// Takes segment `i` and writes every segment that is now next in order, moving each
    /// error's line and column on by the text before it. False once the conversion failed.
    fn deliver(&mut self, i: usize, segment: Segment, pool: &Pool) -> bool {
        if self.result.is_ok() {
            self.waiting.insert(i, segment);
            while let Some(segment) = self.waiting.remove(&self.written) {
                self.result = self.write(segment, pool);
                if self.result.is_err() {
                    break;
                }
            }
        }
        self.result.is_ok()
    }

    fn write(&mut self, segment: Segment, pool: &Pool) -> Result<(), Failure> {
        let written = self.out.write_encoded(&segment.bytes);
        pool.give(segment.bytes);
        written?;
        self.counts.add(segment.counts);
        if let Err(mut failure) = segment.result {
            if let Failure::Convert(e) = &mut failure {
                e.shift(&self.at);
            }
            return Err(failure);
        }
        self.at = self.at.then(&segment.end);
        self.written += 1;
        Ok(())
    }
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
    // Room for the whole segment's output at once (only what is written is touched): no
    // copy as the buffer grows.
    let mut buffer = job.pool.take();
    // From UTF-8 to UTF-16 a clean segment is converted in the buffer lent to the
    // converter, which becomes the output's; its bytes are written over, so it is not
    // cleared (see `Converter::lend_buffer`).
    let (lent, mut out) = match utf8_to_utf16(job.charset, job.target) {
        true => (buffer, Output::memory()),
        false => {
            buffer.clear();
            buffer.reserve(2 * end.saturating_sub(start));
            (Vec::new(), Output::memory_in(buffer))
        }
    };
    let mut encoder = Encoder::new(job.target);
    let opts = job.opts.clone();
    let name = input.name.clone();
    let mut converter = Converter::new(job.charset, opts, &name, &mut encoder, &mut out);
    converter.lend_buffer(lent);
    let result = converter.run(&mut input, false);
    job.map.release(start, end);
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
    use crate::codecs::labels::{GBK, UTF_8, UTF_16BE, UTF_16LE};
    use crate::convert::Policy;

    /// GBK text of `segments` segments and more, with a bad byte after the first space from
    /// each segment's nominal end (the cut nearest it falls on either side) and a few more.
    fn text_with_bad_bytes(segments: usize) -> Vec<u8> {
        let line = b"\xD6\xD0\xCE\xC4 abc \xD7\xD6\xB7\xFB, 12 \xBA\xBA\xD7\xD6\xA1\xA3\n";
        let mut data = line.repeat(segments * SEGMENT / line.len() + 100);
        let mut at: Vec<usize> = (1..segments).map(|k| k * SEGMENT + k % 5).collect();
        at.extend([7, SEGMENT / 3, 5 * SEGMENT / 2]);
        at.sort_unstable();
        for &p in at.iter().rev() {
            let p = p + data[p..].iter().position(|&b| b == b' ').unwrap_or(0) + 1;
            data.splice(p..p, [0xFF]);
        }
        data
    }

    /// Converts `path` from `from` to `to` on one core and then on two, returning both
    /// (output, counts, error message).
    fn both_ways(
        path: &std::path::Path,
        (from, to): (Charset, Charset),
        policy: Policy,
    ) -> [(Vec<u8>, Counts, String); 2] {
        let one = {
            let mut input = Input::open(Some(path), false).unwrap();
            let (mut encoder, mut out) = (Encoder::new(to), Output::memory());
            let name = input.name.clone();
            let opts = Options::policy(policy);
            let mut converter = Converter::new(from, opts, &name, &mut encoder, &mut out);
            let result = converter.run(&mut input, false);
            let counts = converter.counts;
            let message = result.err().map(|e| e.to_string()).unwrap_or_default();
            (out.into_bytes(), counts, message)
        };
        let split = {
            let input = Input::open(Some(path), false).unwrap();
            let (mut out, mut counts) = (Output::memory(), Counts::default());
            let opts = Options::policy(policy);
            let result = convert(&input, from, opts, to, 2, &mut out, &mut counts);
            let message = result.err().map(|e| e.to_string()).unwrap_or_default();
            (out.into_bytes(), counts, message)
        };
        [one, split]
    }

    #[test]
    fn the_split_gives_the_output_counts_and_errors_of_one_core() {
        let segments = 12;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.gbk");
        std::fs::write(&path, text_with_bad_bytes(segments)).unwrap();
        let [one, split] = both_ways(&path, (GBK, UTF_8), Policy::Replace);
        assert!(one.0 == split.0, "replace: output differs");
        assert_eq!(one.1, split.1);
        assert_eq!(one.1.ill_formed, segments as u64 + 2, "{:?}", one.1);
        let [one, split] = both_ways(&path, (GBK, UTF_8), Policy::Strict);
        assert!(one.0 == split.0, "strict: output before the error differs");
        assert!(one.2.contains("byte "), "{}", one.2);
        assert_eq!(one.2, split.2);
    }

    /// UTF-8 whose only ASCII bytes, the only places a segment can end, are line feeds about
    /// a third of a segment apart, each with ill-formed sequences on both sides: every cut
    /// between segments falls between two errors. The file ends in a sequence cut short.
    fn utf8_with_errors_at_every_cut(segments: usize) -> Vec<u8> {
        let line = [
            "\u{e9}\u{4E2D}\u{1F600}".repeat(SEGMENT / 27).as_bytes(),
            b"\xE4\xB8\n\xFF\x80",
        ]
        .concat();
        let mut data = line.repeat(3 * segments);
        data.extend_from_slice(b"\xF0\x9F");
        data
    }

    #[test]
    fn utf8_to_utf16_with_errors_at_the_cuts_is_split_as_on_one_core() {
        let count = 6;
        let data = utf8_with_errors_at_every_cut(count);
        let bounds = segments(&|w| UTF_8.safe_cut(w), &data);
        assert!(bounds.len() >= count, "{bounds:?}");
        for &(start, _) in &bounds[1..] {
            assert_eq!(&data[start - 3..start + 2], b"\xE4\xB8\n\xFF\x80");
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.txt");
        std::fs::write(&path, &data).unwrap();
        for to in [UTF_16LE, UTF_16BE] {
            for policy in [Policy::Replace, Policy::Escape, Policy::Strict] {
                let [one, split] = both_ways(&path, (UTF_8, to), policy);
                assert!(one.0 == split.0, "{policy:?}: output differs");
                assert_eq!(one.1, split.1, "{policy:?}");
                assert_eq!(one.2, split.2, "{policy:?}");
            }
            let [one, _] = both_ways(&path, (UTF_8, to), Policy::Replace);
            assert_eq!(one.1.ill_formed, 3 * 3 * count as u64 + 1, "{:?}", one.1);
        }
    }

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

    /// Ill-formed sequences of every kind, and characters of every length.
    const BITS: [&[u8]; 8] = [
        b"\xFF",
        b"\xE4\xB8",
        b"\xF0\x9F\x98",
        b"\xED\xA0\x80",
        b"\xC0\xAF",
        b"\x80",
        b"\n",
        "\u{e9}\u{4E2D}\u{1F600}".as_bytes(),
    ];

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

        /// UTF-8 → UTF-16 split as on one core, for bits of the kinds above put anywhere in
        /// three segments of text, most of them a few bytes from a segment's nominal end,
        /// where the cuts fall.
        #[test]
        fn utf8_to_utf16_with_errors_anywhere_is_split_as_on_one_core(
            at in proptest::collection::vec((0usize..3, -40isize..40, 0..BITS.len()), 1..12),
            anywhere in proptest::collection::vec((0usize..3 * SEGMENT, 0..BITS.len()), 0..6),
            policy in proptest::sample::select(&[Policy::Replace, Policy::Escape, Policy::Strict][..]),
            big_endian in proptest::prelude::any::<bool>(),
        ) {
            let line = "A line of English, then \u{4E2D}\u{6587} and \u{e9} and \u{1F600}.\n";
            let mut data = line.repeat(3 * SEGMENT / line.len() + 10).into_bytes();
            let mut places: Vec<(usize, usize)> = at
                .iter()
                .map(|&(k, d, b)| (((k + 1) * SEGMENT).saturating_add_signed(d), b))
                .chain(anywhere)
                .collect();
            places.sort_unstable();
            for &(p, b) in places.iter().rev() {
                let p = p.min(data.len());
                data.splice(p..p, BITS[b].iter().copied());
            }
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("t.txt");
            std::fs::write(&path, &data).unwrap();
            let to = if big_endian { UTF_16BE } else { UTF_16LE };
            let [one, split] = both_ways(&path, (UTF_8, to), policy);
            proptest::prop_assert!(one.0 == split.0, "output differs");
            proptest::prop_assert_eq!(one.1, split.1);
            proptest::prop_assert_eq!(one.2, split.2);
        }
    }
}
