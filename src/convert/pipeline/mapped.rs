//! The fast path for a memory-mapped UTF-8 file whose text goes to UTF-8 unchanged: the
//! output is the input wherever the input is valid, so a large span of the map is converted
//! a cache-sized chunk at a time, validated by SIMD. A span of 16 MiB is cut into parts converted at once on the run's cores (`-j`).
//! A valid span, or under `escape` any span (an escaped byte in UTF-8 is the byte itself), is
//! written from the map in one go, with no copy. Under `replace` and `discard` the parts only
//! note where the ill-formed bytes are; the valid runs between them are then written
//! straight from the map by vectored writes, with U+FFFD from a constant under `replace`:
//! nothing is copied and only the ill-formed bytes are dealt with one by one.
//!
//! Lines and columns are not counted on the way: the spans stay in the map, so the text
//! position over them is counted from there only when it is asked for ([`Uncounted`]): for an
//! error the general path reports after them, or by [`Converter::position`]. A clean file
//! converted whole never needs it.
//!
//! Under `strict` a span with an error in it is left to the general path
//! ([`Converter::step`]), which finds and reports the error exactly as before; validation
//! stops at the first error of each part, so little is wasted. The fast path is tried again
//! after that span.

#![forbid(unsafe_code)]

use super::unicode::utf8_run;
use super::*;
use crate::codecs::kernels::utf8_valid;
use crate::io::output::MAX_RUNS;
use crate::io::{IoError, SharedMap, Unneeded};
use std::io::IoSlice;
use std::ops::Range;

/// The least mapped input worth a span: below it, the windows of the general path cost as
/// little and a thread would cost more.
pub(super) const MIN_SPAN: usize = 4 * 1024 * 1024;
/// The input validated and written at a time: large enough that a write and the start of a
/// thread are nothing beside it, small enough that the pages of the map are released as the
/// conversion goes (they are released when the span is consumed).
const SPAN: usize = 16 * 1024 * 1024;
/// Bytes validated at a time: a chunk with an error is gone through again from the core's
/// cache.
const CHUNK: usize = 64 * 1024;
/// The most ill-formed subparts a part notes under replace and discard (512 KiB of notes):
/// a part stops at the end of the chunk that reaches it, and the span ends there, so that
/// input made mostly of bad bytes does not take more memory in notes than it has bytes.
const MAX_BAD: usize = 64 * 1024;

/// The ill-formed subparts a part found under replace and discard, as byte ranges of its
/// span (a span is far below 4 GiB).
pub(super) type BadRanges = Vec<Range<u32>>;

/// Bytes of the map converted in bulk (one stretch, `start..end`, under one policy) over which
/// the text position has not been counted yet.
pub(super) struct Uncounted {
    map: SharedMap,
    start: usize,
    end: usize,
    policy: Policy,
}

impl Uncounted {
    /// How the text position moves over these bytes (from line 1, column 1), counted from
    /// the map a window at a time, each cut where a character can start.
    fn moved(&self) -> TextPosition {
        let mut moved = TextPosition::default();
        let mut input = self.map.part(self.start, self.end);
        while let Ok((window, eof)) = input.fill() {
            if window.is_empty() {
                break;
            }
            let cut = if eof {
                window.len()
            } else {
                char_boundary(window, window.len().saturating_sub(1))
            };
            moved = moved.then(&moved_over(&window[..cut], self.policy));
            input.consume(cut);
        }
        moved
    }
}

/// The replacement character under replace, written between the valid runs of the map.
const REPLACEMENT: &[u8] = "\u{FFFD}".as_bytes();

impl Converter<'_> {
    /// Converts the next span of a mapped `input` in bulk, if this conversion and the input
    /// allow it. Returns true when it did (the input is consumed past the span), false when
    /// the general path must take the next piece.
    pub(super) fn mapped_span(&mut self, input: &mut Input) -> Result<bool, Failure> {
        let base = input.offset();
        if base < self.bulk_from || !self.bulk_applies() {
            return Ok(false);
        }
        let Some(rest) = input.mapped_rest() else {
            return Ok(false);
        };
        if rest.len() < MIN_SPAN {
            return Ok(false);
        }
        let policy = self.policy;
        // A rest too short for a span of its own joins this one: the general path would
        // need the text position counted up to it.
        let span_len = if rest.len() < SPAN + MIN_SPAN {
            rest.len()
        } else {
            SPAN
        };
        let span = &rest[..char_boundary(rest, span_len)];
        let mut notes = std::mem::take(&mut self.span_notes);
        let limits = Limits {
            chunk: CHUNK,
            max_bad: MAX_BAD,
        };
        let release = self.unneeded.take();
        let Some(done) = convert_parts(span, policy, self.threads, &mut notes, limits, release)
        else {
            // An error to report: the general path takes this span piece by piece, and
            // finds and reports it; the next span may be clean.
            self.span_notes = notes;
            self.bulk_from = base + span.len() as u64;
            return Ok(false);
        };
        // All of it, unless a part stopped early for too many ill-formed subparts.
        let span = &span[..done.used];
        let written = match policy {
            // The output is the input: valid text, or under escape each ill-formed byte
            // kept as U+DC80..U+DCFF, which UTF-8 writes as the byte itself.
            Policy::Strict | Policy::Escape => self.out.write_encoded(span),
            Policy::Replace | Policy::Discard => {
                write_repaired(&mut self.out, span, &notes[..done.parts], policy)
            }
        };
        self.span_notes = notes;
        written?;
        self.leave_uncounted(input, base, span, policy);
        match policy {
            Policy::Escape => self.counts.escaped += done.bad_bytes,
            _ => self.counts.ill_formed += done.errors,
        }
        self.remember(span);
        let used = span.len();
        // The span's pages are released by the threads of the next span, beside their work.
        self.unneeded = input.consume_keeping_pages(used);
        self.input_end = base + used as u64;
        Ok(true)
    }

    /// Notes that the text position has not been counted over `span`, just converted in bulk
    /// from `input` at offset `base` under `policy`: it is counted from the map when it is
    /// needed (at once when the input is not mapped).
    pub(super) fn leave_uncounted(
        &mut self,
        input: &Input,
        base: u64,
        span: &[u8],
        policy: Policy,
    ) {
        let start = usize::try_from(base).unwrap_or(usize::MAX);
        let end = start.saturating_add(span.len());
        match &mut self.uncounted {
            Some(u) if u.end == start && u.policy == policy => u.end = end,
            _ => {
                self.count_spans();
                match input.shared_map() {
                    Some(map) => {
                        let uncounted = Uncounted {
                            map,
                            start,
                            end,
                            policy,
                        };
                        self.uncounted = Some(uncounted);
                    }
                    None => self.pos = self.pos.then(&moved_over(span, policy)),
                }
            }
        }
    }

    /// Counts the text position over the spans not counted yet, before anything else moves
    /// it or reads it.
    pub(super) fn count_spans(&mut self) {
        self.pos = self.counted_position();
        self.uncounted = None;
    }

    /// The text position after the spans not counted yet, counted now.
    pub(super) fn counted_position(&self) -> TextPosition {
        match &self.uncounted {
            Some(u) => self.pos.then(&u.moved()),
            None => self.pos,
        }
    }

    /// True when UTF-8 input goes to the output unchanged wherever it is valid.
    fn bulk_applies(&self) -> bool {
        self.charset.form() == Form::Utf8
            && self.passthrough()
            && self.encoder.has_replacement_char()
            && !self.charset.is_stateful()
    }
}

/// Writes `span` repaired under replace or discard: the valid runs between the ill-formed
/// subparts in `notes` (in order), straight from the span, with U+FFFD for each subpart
/// under replace.
fn write_repaired(
    out: &mut Output,
    span: &[u8],
    notes: &[BadRanges],
    policy: Policy,
) -> Result<(), IoError> {
    let mut runs = Vec::with_capacity(MAX_RUNS);
    let mut from = 0;
    for bad in notes.iter().flatten() {
        let valid = span.get(from..bad.start as usize).unwrap_or_default();
        if !valid.is_empty() {
            runs.push(IoSlice::new(valid));
        }
        if policy == Policy::Replace {
            runs.push(IoSlice::new(REPLACEMENT));
        }
        from = bad.end as usize;
        if runs.len() + 2 > MAX_RUNS {
            out.write_runs(&mut runs)?;
            runs.clear();
        }
    }
    let valid = span.get(from..).unwrap_or_default();
    if !valid.is_empty() {
        runs.push(IoSlice::new(valid));
    }
    out.write_runs(&mut runs)
}

/// Where to cut `bytes` near `max` (all of it when it is no longer): at the last position,
/// not 0 and at most `max`, where a character can start, so that every character and every
/// maximal ill-formed subpart (Unicode §3.9) of the whole ends on one side and the two
/// sides convert as the whole does. A byte that is not a continuation byte starts
/// something; so does the fourth continuation byte in a row, which no lead byte reaches.
/// Without either within three bytes before `max`, the cut is the first one after it.
pub(super) fn char_boundary(bytes: &[u8], max: usize) -> usize {
    if bytes.len() <= max {
        return bytes.len();
    }
    let continues = |at: usize| bytes.get(at).is_some_and(|&b| b & 0xC0 == 0x80);
    let starts = |at: usize| !continues(at) || (at >= 3 && (at - 3..=at).all(continues));
    let near = max.saturating_sub(3).max(1)..=max;
    near.rev()
        .find(|&at| starts(at))
        .or_else(|| (max.max(1)..bytes.len()).find(|&at| starts(at)))
        .unwrap_or(bytes.len())
}

/// How [`convert_parts`] goes through a span.
#[derive(Clone, Copy, Debug)]
struct Limits {
    /// Bytes validated at a time (see [`CHUNK`]).
    chunk: usize,
    /// Ill-formed subparts a part notes before it stops (see [`MAX_BAD`]).
    max_bad: usize,
}

/// `span` cut into `threads` parts of about the same length (at least one), each ending
/// where a character can start ([`char_boundary`]): the parts a span is converted in at once.
pub(super) fn cut_parts(span: &[u8], threads: usize) -> Vec<Range<usize>> {
    let mut parts = Vec::with_capacity(threads.max(1));
    let mut start = 0;
    for left in (1..=threads.max(1)).rev() {
        let rest = &span[start..];
        let end = start + char_boundary(rest, rest.len().div_ceil(left));
        parts.push(start..end);
        start = end;
    }
    parts
}

/// What [`convert_parts`] made of a span.
#[derive(Debug, PartialEq, Eq)]
struct Done {
    /// How many bytes from the start of the span were converted: all of them, unless a
    /// part stopped early under replace or discard.
    used: usize,
    /// Maximal ill-formed subparts met.
    errors: u64,
    /// Bytes in them.
    bad_bytes: u64,
    /// How many of the notes hold the ill-formed subparts under replace and discard (one
    /// per part converted).
    parts: usize,
}

impl Done {
    fn new() -> Done {
        Done {
            used: 0,
            errors: 0,
            bad_bytes: 0,
            parts: 0,
        }
    }
}

/// Converts `span` under `policy` in `threads` parts at once. Under replace and discard each
/// part notes its ill-formed subparts in its own list of `notes`; the output is the span
/// itself under strict and escape. `None` under strict when the span is not all valid.
/// The pages of `release` (those of the span before) are released by the parts' threads, a
/// piece each, first.
fn convert_parts(
    span: &[u8],
    policy: Policy,
    threads: usize,
    notes: &mut Vec<BadRanges>,
    limits: Limits,
    release: Option<Unneeded>,
) -> Option<Done> {
    let parts: Vec<(&[u8], usize)> = cut_parts(span, threads)
        .into_iter()
        .map(|r| (&span[r.clone()], r.start))
        .collect();
    if notes.len() < parts.len() {
        notes.resize_with(parts.len(), Vec::new);
    }
    let pieces = pieces_for(release, parts.len());
    let results = std::thread::scope(|scope| {
        let mut jobs = parts.iter().zip(notes.iter_mut()).zip(pieces);
        let ((&(first, offset), bad), piece) = jobs.next()?;
        let handles: Vec<_> = jobs
            .map(|((&(part, offset), bad), piece)| {
                scope.spawn(move || {
                    piece.into_iter().for_each(Unneeded::release);
                    convert_part(part, offset, policy, bad, limits)
                })
            })
            .collect();
        piece.into_iter().for_each(Unneeded::release);
        let mut results = vec![convert_part(first, offset, policy, bad, limits)];
        // A thread that could not finish counts as an error: the general path then decides.
        results.extend(handles.into_iter().map(|h| h.join().ok().flatten()));
        Some(results)
    })?;
    let mut done = Done::new();
    for (part, &(bytes, _)) in results.into_iter().zip(&parts) {
        let part = part?;
        done.used += part.used;
        done.errors += part.errors;
        done.bad_bytes += part.bad_bytes;
        done.parts += 1;
        if part.used < bytes.len() {
            // This part stopped early: the span ends where it did, and the parts after it
            // are converted again in the next span.
            break;
        }
    }
    Some(done)
}

/// The pages of `release` in `parts` pieces, one for each part's thread to release before
/// its work (`None` for all when there is nothing to release).
pub(super) fn pieces_for(release: Option<Unneeded>, parts: usize) -> Vec<Option<Unneeded>> {
    let mut pieces: Vec<Option<Unneeded>> = release
        .map(|r| r.split(parts).into_iter().map(Some).collect())
        .unwrap_or_default();
    pieces.resize_with(parts, || None);
    pieces
}

/// Validates one part, starting at `offset` in its span, `limits.chunk` bytes (a
/// cache-sized chunk) at a time; a chunk that is not valid is repaired by [`repair_chunk`]. Under
/// replace and discard, stops after the chunk that brings `bad` to `limits.max_bad`
/// subparts. `None` at the first error under strict.
fn convert_part(
    part: &[u8],
    offset: usize,
    policy: Policy,
    bad: &mut BadRanges,
    limits: Limits,
) -> Option<Done> {
    bad.clear();
    let mut done = Done::new();
    done.parts = 1;
    let mut rest = part;
    // The last chunk had an error: the next one likely has too, and is not first tried whole.
    let mut dirty = false;
    while !rest.is_empty() && bad.len() < limits.max_bad {
        let (chunk, after) = rest.split_at(char_boundary(rest, limits.chunk));
        let at = offset + done.used;
        done.used += chunk.len();
        rest = after;
        // A clean chunk, the common case, in one call of the fastest validator.
        if !dirty && utf8_valid::is_valid(chunk) {
            continue;
        }
        if policy == Policy::Strict {
            return None;
        }
        dirty = repair_chunk(chunk, at, policy, bad, &mut done);
    }
    Some(done)
}

/// Goes through a chunk that may have errors, at `at` in its span, finding its maximal
/// ill-formed subparts (Unicode §3.9) and counting them; under replace and discard each is
/// noted in `bad`. Returns true when the chunk had one.
fn repair_chunk(
    chunk: &[u8],
    at: usize,
    policy: Policy,
    bad: &mut BadRanges,
    done: &mut Done,
) -> bool {
    let note = matches!(policy, Policy::Replace | Policy::Discard);
    let errors = done.errors;
    for (start, len) in subparts(chunk) {
        done.errors += 1;
        done.bad_bytes += len as u64;
        if note {
            bad.push((at + start) as u32..(at + start + len) as u32);
        }
    }
    done.errors > errors
}

/// The maximal ill-formed subparts of `bytes`, as (start, length), found by SIMD validation
/// of the stretch after each. `bytes` must end where a character could start, so that a
/// sequence cut short at its end is one the whole input has cut short too.
fn subparts(bytes: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut pos = 0;
    std::iter::from_fn(move || {
        let (valid, len) = utf8_run(bytes.get(pos..)?);
        if len == 0 {
            return None;
        }
        let start = pos + valid;
        pos = start + len;
        Some((start, len))
    })
}

/// How the text position moves over `bytes` converted in bulk under `policy` (which must
/// not be strict unless they are valid), as [`Converter::malformed`] moves it: one
/// character per maximal ill-formed subpart under replace, one per byte under escape, none
/// under discard. One count of the lines, corrected by what the errors after the last line
/// feed produce: an ill-formed subpart never holds a line feed.
fn moved_over(bytes: &[u8], policy: Policy) -> TextPosition {
    let mut moved = TextPosition::default();
    let mut rest = bytes;
    while !rest.is_empty() {
        let (chunk, after) = rest.split_at(char_boundary(rest, CHUNK));
        rest = after;
        moved.advance_utf8(chunk);
        if policy == Policy::Strict || utf8_valid::is_valid(chunk) {
            continue;
        }
        let last_line = memchr::memrchr(b'\n', chunk).map_or(0, |at| at + 1);
        let mut column_fix = 0i64;
        for (start, len) in subparts(chunk).filter(|&(start, _)| start >= last_line) {
            let produced = match policy {
                Policy::Replace => 1,
                Policy::Escape => len as i64,
                Policy::Strict | Policy::Discard => 0,
            };
            let bytes = chunk.get(start..start + len).unwrap_or_default();
            column_fix += produced - count_chars(bytes) as i64;
        }
        moved.advance_column(column_fix);
    }
    moved
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn cuts_fall_where_characters_start() {
        let text = "a中😀é".repeat(1000);
        let bytes = text.as_bytes();
        for max in 1..64 {
            let cut = char_boundary(bytes, max);
            assert!(
                text.is_char_boundary(cut) && cut <= max && max - cut <= 3,
                "{max}"
            );
        }
        assert_eq!(char_boundary(b"abc", 10), 3);
        // Never an empty side, even for a cut asked at 0 or among continuation bytes.
        assert_eq!(char_boundary(b"\xF0\x90\x80\x80a", 0), 4);
        assert_eq!(char_boundary(b"\xF0\x90\x80\x80\x80\x80", 2), 4);
        assert_eq!(char_boundary(b"\x80\x80\x80\x80\x80\x80\x80", 5), 5);
    }

    /// The position, counts and output of converting `bytes` in one piece, by the
    /// pipeline's own general path, for `policy`.
    fn general(bytes: &[u8], policy: Policy) -> Option<(Vec<u8>, TextPosition, Counts)> {
        let mut encoder = Encoder::new(crate::codecs::labels::UTF_8);
        let mut out = Output::memory();
        let mut input = Input::from_bytes_at("t", bytes.to_vec(), 0);
        let opts = Options::policy(policy);
        let utf8 = crate::codecs::labels::UTF_8;
        let mut converter = Converter::new(utf8, opts, "t", &mut encoder, &mut out);
        converter.run(&mut input, false).ok()?;
        let (pos, counts) = (converter.position(), converter.counts);
        Some((out.into_bytes(), pos, counts))
    }

    /// The same through [`convert_parts`], span after span as [`Converter::mapped_span`]
    /// goes (a span ends early where a part had too many ill-formed subparts), written
    /// through [`write_repaired`].
    fn in_parts(
        bytes: &[u8],
        policy: Policy,
        threads: usize,
        limits: Limits,
    ) -> Option<(Vec<u8>, Done, TextPosition)> {
        let mut notes = Vec::new();
        let mut out = Output::memory();
        let mut all = Done::new();
        let mut moved = TextPosition::default();
        let mut rest = bytes;
        loop {
            let done = convert_parts(rest, policy, threads, &mut notes, limits, None)?;
            let span = &rest[..done.used];
            match policy {
                Policy::Replace | Policy::Discard => {
                    write_repaired(&mut out, span, &notes[..done.parts], policy).ok()?
                }
                _ => out.write_encoded(span).ok()?,
            }
            all.used += done.used;
            moved = moved.then(&moved_over(span, policy));
            all.errors += done.errors;
            all.bad_bytes += done.bad_bytes;
            rest = &rest[done.used..];
            if rest.is_empty() {
                return Some((out.into_bytes(), all, moved));
            }
        }
    }

    /// [`Limits`] of `chunk` bytes and the real cap on ill-formed subparts.
    fn chunks_of(chunk: usize) -> Limits {
        Limits {
            chunk,
            max_bad: MAX_BAD,
        }
    }

    #[test]
    fn parts_convert_as_the_general_path() {
        let line = "line one 中文\nline two 😀\n\nthird, then a long stretch of plain text";
        let clean = line.repeat(3000).into_bytes();
        let mut dirty = clean.clone();
        for (i, bad) in [
            &b"\xFF"[..],
            b"\xE4\xB8",
            b"\xF0\x9F\x98",
            b"\xC0\xAF",
            b"\x80\x80",
        ]
        .iter()
        .cycle()
        .take(60)
        .enumerate()
        {
            let at = (i * 7919 + 13) % dirty.len();
            dirty.splice(at..at, bad.iter().copied());
        }
        // Errors at the very ends and right around the chunk cuts.
        dirty.splice(0..0, *b"\x80");
        dirty.splice(CHUNK - 1..CHUNK - 1, *b"\xE4\xB8");
        dirty.extend_from_slice(b"\xF0\x9F");
        for bytes in [&clean, &dirty] {
            for policy in [
                Policy::Strict,
                Policy::Replace,
                Policy::Escape,
                Policy::Discard,
            ] {
                let want = general(bytes, policy);
                for threads in 1..=4 {
                    let got = in_parts(bytes, policy, threads, chunks_of(CHUNK));
                    assert!(same(&want, got, policy), "{policy:?} {threads}");
                }
            }
        }
    }

    /// Text of `len` bytes with an ill-formed sequence every ~1000 bytes, some cut by the
    /// windows of the map.
    fn dirty_text(len: usize) -> Vec<u8> {
        let line = "line one 中文\nline two 😀\n\nthird, then a long stretch of plain text";
        let bad: [&[u8]; 5] = [
            b"\xFF",
            b"\xE4\xB8",
            b"\xF0\x9F\x98",
            b"\xC0\xAF",
            b"\x80\x80",
        ];
        let mut bytes = Vec::with_capacity(len + len / 300);
        for (i, stretch) in line.repeat(len / line.len() + 1).as_bytes()[..len]
            .chunks(997)
            .enumerate()
        {
            bytes.extend_from_slice(stretch);
            bytes.extend_from_slice(bad[i % bad.len()]);
        }
        bytes
    }

    #[test]
    fn positions_counted_from_the_map_agree_with_the_general_path() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        // Several windows of the map, from a start and to an end inside them.
        let dirty = dirty_text(3 * crate::io::WINDOW + 1000);
        let clean: Vec<u8> = dirty.iter().copied().filter(u8::is_ascii).collect();
        for (bytes, policies) in [
            (&clean, &[Policy::Strict][..]),
            (
                &dirty,
                &[Policy::Replace, Policy::Escape, Policy::Discard][..],
            ),
        ] {
            let path = dir.path().join("t");
            std::fs::write(&path, bytes).expect("a temporary file");
            let input = Input::open(Some(&path), false).expect("the file");
            let map = input.shared_map().expect("a mapped file");
            // To the end, whose line holds ill-formed bytes: the column counts them.
            let (start, end) = (char_boundary(bytes, 5000), bytes.len());
            for &policy in policies {
                let want = general(&bytes[start..end], policy).map(|(_, pos, _)| pos);
                let uncounted = Uncounted {
                    map: map.clone(),
                    start,
                    end,
                    policy,
                };
                assert_eq!(Some(uncounted.moved()), want, "{policy:?}");
            }
        }
    }

    /// True when the general path's result and the parts' agree.
    fn same(
        want: &Option<(Vec<u8>, TextPosition, Counts)>,
        got: Option<(Vec<u8>, Done, TextPosition)>,
        policy: Policy,
    ) -> bool {
        match (want, got) {
            (None, None) => true,
            (Some((out, pos, counts)), Some((got, done, moved))) => {
                let n = match policy {
                    Policy::Escape => done.bad_bytes,
                    _ => done.errors,
                };
                *out == got && moved == *pos && counts.ill_formed + counts.escaped == n
            }
            _ => false,
        }
    }

    /// Text made of pieces that are often ill-formed: stray and cut-short sequences,
    /// overlongs, surrogates, line feeds, characters of every length.
    fn text() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            Just(b"a".to_vec()),
            Just(b"plain text ".to_vec()),
            Just(b"\n".to_vec()),
            Just("é中😀".as_bytes().to_vec()),
            Just(b"\xE4\xB8".to_vec()),
            Just(b"\xF0\x9F\x98".to_vec()),
            Just(b"\xED\xA0\x80".to_vec()),
            Just(b"\xC0\xAF".to_vec()),
            any::<u8>().prop_map(|b| vec![b]),
        ];
        proptest::collection::vec(piece, 0..80).prop_map(|p| p.concat())
    }

    proptest! {
        #[test]
        fn any_split_converts_as_the_general_path(
            bytes in text(),
            threads in 1usize..5,
            chunk in 1usize..40,
            max_bad in 1usize..6,
            policy in prop_oneof![
                Just(Policy::Strict),
                Just(Policy::Replace),
                Just(Policy::Escape),
                Just(Policy::Discard),
            ],
        ) {
            let want = general(&bytes, policy);
            let got = in_parts(&bytes, policy, threads, chunks_of(chunk));
            prop_assert!(same(&want, got, policy));
            // Spans cut short by a small cap on ill-formed subparts.
            let got = in_parts(&bytes, policy, threads, Limits { chunk, max_bad });
            prop_assert!(same(&want, got, policy));
        }
    }
}
