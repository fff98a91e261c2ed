//! The fast path for a memory-mapped UTF-8 file whose text goes to UTF-8 unchanged: the
//! output is the input wherever the input is valid, so a large span of the map is converted
//! a cache-sized chunk at a time: validated by SIMD and counted for lines while the chunk is
//! in cache. Under `strict` and `escape` a span of 16 MiB is cut into parts converted at
//! once on the run's cores (`-j`), and a valid span, or under `escape` any span (an escaped
//! byte in UTF-8 is the byte itself), is written from the map in one go, with no copy.
//! Under `replace` and `discard` a span of 1 MiB is converted on one core: the valid runs
//! are copied in bulk and only the ill-formed bytes are dealt with one by one.
//!
//! Under `strict` a span with an error in it is left to the general path
//! ([`Converter::step`]), which finds and reports the error exactly as before; validation
//! stops at the first error of each part, so little is wasted. The fast path is tried again
//! after that span.

#![forbid(unsafe_code)]

use super::unicode::utf8_run;
use super::*;

/// The least mapped input worth a span: below it, the windows of the general path cost as
/// little and a thread would cost more.
pub(super) const MIN_SPAN: usize = 4 * 1024 * 1024;
/// The input validated and written at a time: large enough that a write and the start of a
/// thread are nothing beside it, small enough that the pages of the map are released as the
/// conversion goes (they are released when the span is consumed).
const SPAN: usize = 16 * 1024 * 1024;
/// The span under replace and discard, whose output is a copy: small enough that the copy
/// is still in cache when it is written out (16 MiB spans made replace 1.5 times as slow as
/// the general path's 256 KiB windows; 1 MiB costs as much as those windows).
const COPIED_PART: usize = 1024 * 1024;
/// Bytes validated and then counted for lines at a time, so that the count reads them from
/// the core's cache rather than from memory again.
const CHUNK: usize = 64 * 1024;

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
        // Under replace and discard one part, on this thread: two, each 1 MiB with a
        // thread started for it, took a quarter more processor time (42 against 52 ms for
        // 100 MB) and no less wall time on a loaded machine.
        let (span_len, threads) = match policy {
            Policy::Replace | Policy::Discard => (COPIED_PART, 1),
            Policy::Strict | Policy::Escape => (SPAN, self.threads),
        };
        let span = &rest[..char_boundary(rest, span_len)];
        let mut buffers = std::mem::take(&mut self.span_buffers);
        let Some(done) = convert_parts(span, policy, threads, &mut buffers, CHUNK) else {
            // An error to report: the general path takes this span piece by piece, and
            // finds and reports it; the next span may be clean.
            self.span_buffers = buffers;
            self.bulk_from = base + span.len() as u64;
            return Ok(false);
        };
        let written = match policy {
            // The output is the input: valid text, or under escape each ill-formed byte
            // kept as U+DC80..U+DCFF, which UTF-8 writes as the byte itself.
            Policy::Strict | Policy::Escape => self.out.write_encoded(span),
            Policy::Replace | Policy::Discard => buffers[..done.parts]
                .iter()
                .try_for_each(|b| self.out.write_encoded(b)),
        };
        self.span_buffers = buffers;
        written?;
        self.pos = self.pos.then(&done.moved);
        match policy {
            Policy::Escape => self.counts.escaped += done.bad_bytes,
            _ => self.counts.ill_formed += done.errors,
        }
        self.remember(span);
        let used = span.len();
        input.consume(used);
        self.input_end = base + used as u64;
        Ok(true)
    }

    /// True when UTF-8 input goes to the output unchanged wherever it is valid.
    fn bulk_applies(&self) -> bool {
        self.charset.form() == Form::Utf8
            && self.passthrough()
            && self.encoder.has_replacement_char()
            && !self.charset.is_stateful()
    }
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

/// What [`convert_parts`] made of a span.
#[derive(Debug, PartialEq, Eq)]
struct Done {
    /// How the text position moves over the span (counted from line 1, column 1).
    moved: TextPosition,
    /// Maximal ill-formed subparts met.
    errors: u64,
    /// Bytes in them.
    bad_bytes: u64,
    /// How many buffers hold the output under replace and discard (one per part).
    parts: usize,
}

/// Converts `span` under `policy` in `threads` parts at once, `chunk` bytes at a time. Under
/// replace and discard the output of each part goes to its buffer in `buffers`; under strict
/// and escape the output is the span itself. `None` under strict when the span is not all
/// valid.
fn convert_parts(
    span: &[u8],
    policy: Policy,
    threads: usize,
    buffers: &mut Vec<Vec<u8>>,
    chunk: usize,
) -> Option<Done> {
    let mut parts = Vec::with_capacity(threads);
    let mut rest = span;
    for left in (1..=threads.max(1)).rev() {
        let (part, after) = rest.split_at(char_boundary(rest, rest.len().div_ceil(left)));
        parts.push(part);
        rest = after;
    }
    if buffers.len() < parts.len() {
        buffers.resize_with(parts.len(), Vec::new);
    }
    let results = std::thread::scope(|scope| {
        let mut jobs = parts.iter().zip(buffers.iter_mut());
        let (first, buffer) = jobs.next()?;
        let handles: Vec<_> = jobs
            .map(|(part, buffer)| scope.spawn(move || convert_part(part, policy, buffer, chunk)))
            .collect();
        let mut results = vec![convert_part(first, policy, buffer, chunk)];
        // A thread that could not finish counts as an error: the general path then decides.
        results.extend(handles.into_iter().map(|h| h.join().ok().flatten()));
        Some(results)
    })?;
    let mut done = Done {
        moved: TextPosition::default(),
        errors: 0,
        bad_bytes: 0,
        parts: parts.len(),
    };
    for part in results {
        let part = part?;
        done.moved = done.moved.then(&part.moved);
        done.errors += part.errors;
        done.bad_bytes += part.bad_bytes;
    }
    Some(done)
}

/// Converts one part `chunk_len` bytes (a cache-sized chunk) at a time, counting its lines
/// as it goes (the chunk is then still in the core's cache). Valid runs are found by SIMD validation and
/// copied (replace, discard) in bulk; only ill-formed bytes are dealt with one by one, as
/// [`Converter::malformed`] would: one U+FFFD per maximal ill-formed subpart under replace,
/// one character per byte under escape, nothing under discard. `None` at the first error
/// under strict.
fn convert_part(part: &[u8], policy: Policy, out: &mut Vec<u8>, chunk_len: usize) -> Option<Done> {
    let copy = matches!(policy, Policy::Replace | Policy::Discard);
    out.clear();
    if copy {
        out.reserve(part.len());
    }
    let mut done = Done {
        moved: TextPosition::default(),
        errors: 0,
        bad_bytes: 0,
        parts: 1,
    };
    let mut rest = part;
    // The last chunk had an error: the next one likely has too, and is not first tried whole.
    let mut dirty = false;
    while !rest.is_empty() {
        let (chunk, after) = rest.split_at(char_boundary(rest, chunk_len));
        rest = after;
        // A clean chunk, the common case, in one call of the fastest validator.
        if !dirty && simdutf8::basic::from_utf8(chunk).is_ok() {
            done.moved.advance_utf8(chunk);
            if copy {
                out.extend_from_slice(chunk);
            }
            continue;
        }
        if policy == Policy::Strict {
            return None;
        }
        dirty = repair_chunk(chunk, policy, out, &mut done);
    }
    Some(done)
}

/// [`convert_part`] for a chunk that may have errors; returns true when it had one. The text
/// position moves once for the chunk (one count of its lines), corrected by what the errors
/// after its last line feed produce: an ill-formed subpart never holds a line feed.
fn repair_chunk(chunk: &[u8], policy: Policy, out: &mut Vec<u8>, done: &mut Done) -> bool {
    let copy = matches!(policy, Policy::Replace | Policy::Discard);
    let last_line = memchr::memrchr(b'\n', chunk).map_or(0, |at| at + 1);
    let (mut at, mut written, errors) = (0, 0, done.errors);
    let mut column_fix = 0i64;
    while at < chunk.len() {
        let (valid, bad) = utf8_run(&chunk[at..]);
        at += valid;
        if bad == 0 {
            break;
        }
        // The chunk ends where a character could start, so a sequence cut short at its end
        // is one the whole input has cut short too.
        let bytes = &chunk[at..at + bad];
        done.errors += 1;
        done.bad_bytes += bad as u64;
        let produced = match policy {
            Policy::Replace => 1,
            Policy::Escape => bad as u64,
            Policy::Strict | Policy::Discard => 0,
        };
        if copy {
            out.extend_from_slice(&chunk[written..at]);
            if policy == Policy::Replace {
                out.extend_from_slice("\u{FFFD}".as_bytes());
            }
            written = at + bad;
        }
        if at >= last_line {
            column_fix += produced as i64 - count_chars(bytes) as i64;
        }
        at += bad;
    }
    if copy {
        out.extend_from_slice(&chunk[written..]);
    }
    done.moved.advance_utf8(chunk);
    done.moved.advance_column(column_fix);
    done.errors > errors
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

    /// The same through [`convert_parts`].
    fn in_parts(
        bytes: &[u8],
        policy: Policy,
        threads: usize,
        chunk: usize,
    ) -> Option<(Vec<u8>, Done)> {
        let mut buffers = Vec::new();
        let done = convert_parts(bytes, policy, threads, &mut buffers, chunk)?;
        let out = match policy {
            Policy::Replace | Policy::Discard => buffers[..done.parts].concat(),
            _ => bytes.to_vec(),
        };
        Some((out, done))
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
                    let got = in_parts(bytes, policy, threads, CHUNK);
                    assert!(same(&want, got, policy), "{policy:?} {threads}");
                }
            }
        }
    }

    /// True when the general path's result and the parts' agree.
    fn same(
        want: &Option<(Vec<u8>, TextPosition, Counts)>,
        got: Option<(Vec<u8>, Done)>,
        policy: Policy,
    ) -> bool {
        match (want, got) {
            (None, None) => true,
            (Some((out, pos, counts)), Some((got, done))) => {
                let n = match policy {
                    Policy::Escape => done.bad_bytes,
                    _ => done.errors,
                };
                *out == got && done.moved == *pos && counts.ill_formed + counts.escaped == n
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
            policy in prop_oneof![
                Just(Policy::Strict),
                Just(Policy::Replace),
                Just(Policy::Escape),
                Just(Policy::Discard),
            ],
        ) {
            let want = general(&bytes, policy);
            let got = in_parts(&bytes, policy, threads, chunk);
            prop_assert!(same(&want, got, policy));
        }
    }
}
