//! `--normalize` to UTF-8 over a large memory-mapped UTF-8 file. Text that is already in
//! the form, as its bytes alone show (well-formed UTF-8 made only of characters that are
//! boundaries of the form: [`NormalForm::valid_stable_prefix`]), is its own output, so a span
//! of the map is validated and scanned in one SIMD pass, on the run's cores at once, and
//! written from the map with no copy; its lines are counted only if a position is needed
//! (as for the spans of [`super::mapped`]). The span ends before the first character that might
//! change or combine; the general path ([`Converter::step`]) takes the input from there, and
//! the fast path is tried again after its next piece.
//!
//! Text in which such characters come often (Vietnamese, decomposed accents) would make the
//! other cores scan past a stop that the first core then finds: after a span that stopped
//! early, the next is short and scanned on one core, until one passes whole.

#![forbid(unsafe_code)]

use super::mapped::{MIN_SPAN, char_boundary, cut_parts, pieces_for};
use super::*;
use crate::io::Unneeded;

/// The span scanned after one that passed whole: large enough that starting a thread for
/// each part costs nothing beside it, small enough that the pages of the map are released
/// as the conversion goes.
const SPAN: usize = 16 * 1024 * 1024;
/// The span, on one core, after one that stopped early.
const SHORT_SPAN: usize = 256 * 1024;
/// Bytes scanned at a time.
const CHUNK: usize = 64 * 1024;
/// Bytes past a chunk that its scan reads: enough for the scan to pass the chunk's last
/// character and the one after it, which shows that nothing combines across the cut.
const LOOK_AHEAD: usize = 64;

impl Converter<'_> {
    /// Writes the next span of a mapped `input` from the map, if the conversion is
    /// `--normalize` from UTF-8 to UTF-8 and the span starts with text already in the form.
    /// Returns true when it did (the input is consumed past the span), false when the
    /// general path must take the next piece.
    pub(super) fn stable_span(&mut self, input: &mut Input) -> Result<bool, Failure> {
        let base = input.offset();
        let Some(form) = self.opts.normalize else {
            return Ok(false);
        };
        if base < self.stable_from || !self.stable_applies() {
            return Ok(false);
        }
        let Some(rest) = input.mapped_rest() else {
            return Ok(false);
        };
        // A small file is not worth the threads; but once spans have gone out, the rest of
        // the file goes in spans too, or the general path would count the lines of them all.
        if rest.len() < MIN_SPAN && self.uncounted.is_none() {
            return Ok(false);
        }
        let (max, threads) = match self.stable_short {
            true => (SHORT_SPAN, 1),
            false => (SPAN, self.threads),
        };
        // A rest too short for a span of its own joins this one.
        let span = match rest.len() < max + MIN_SPAN {
            true => rest.len(),
            false => char_boundary(rest, max),
        };
        let release = self.unneeded.take();
        let used = stable_parts(rest, span, form, threads, release);
        self.stable_short = used < span;
        if used == 0 {
            // The next character may change: the general path takes the next piece.
            self.stable_from = base + 1;
            return Ok(false);
        }
        let stable = &rest[..used];
        self.out.write_encoded(stable)?;
        self.leave_uncounted(input, base, stable, Policy::Strict);
        self.remember(stable);
        // The span's pages are released by the threads of the next span, beside their work.
        self.unneeded = input.consume_keeping_pages(used);
        self.input_end = base + used as u64;
        Ok(true)
    }

    /// True when UTF-8 input goes to UTF-8 output under `--normalize` with nothing else done
    /// to the text, and nothing is held back from the last piece.
    fn stable_applies(&self) -> bool {
        self.charset.form() == Form::Utf8
            && !self.charset.is_stateful()
            && self.normalizing_straight()
            && self.opts.bad_input.is_none()
    }
}

/// How much of the first `span` bytes of `rest` (mapped UTF-8 that starts at a boundary) is
/// stable, ending before a character that is stable too, scanned in `threads` parts at
/// once. The pages of `release` (those of the span before) are released by the parts'
/// threads, a piece each, first.
fn stable_parts(
    rest: &[u8],
    span: usize,
    form: NormalForm,
    threads: usize,
    release: Option<Unneeded>,
) -> usize {
    // Each part is scanned with the rest of the input after it, to see past its end.
    let parts: Vec<(&[u8], usize)> = cut_parts(&rest[..span], threads)
        .into_iter()
        .map(|r| (&rest[r.start..], r.len()))
        .collect();
    let pieces = pieces_for(release, parts.len());
    let results = std::thread::scope(|scope| {
        let mut jobs = parts.iter().zip(pieces);
        let Some((&(first, len), piece)) = jobs.next() else {
            return Vec::new();
        };
        let handles: Vec<_> = jobs
            .map(|(&(part, len), piece)| {
                scope.spawn(move || {
                    piece.into_iter().for_each(Unneeded::release);
                    stable_part(part, len, form)
                })
            })
            .collect();
        piece.into_iter().for_each(Unneeded::release);
        let mut results = vec![stable_part(first, len, form)];
        // A thread that could not finish passes nothing: the general path takes over there.
        results.extend(handles.into_iter().map(|h| h.join().unwrap_or(0)));
        results
    });
    let mut used = 0;
    for (&(_, len), stable) in parts.iter().zip(results) {
        used += stable;
        if stable < len {
            break;
        }
    }
    used
}

/// How much of the first `len` bytes of `part` is stable, ending before a stable character;
/// `part` goes on past `len` with the input that follows, which the scan may look at.
fn stable_part(part: &[u8], len: usize, form: NormalForm) -> usize {
    let mut at = 0;
    while at < len {
        let end = part.len().min(at + CHUNK + LOOK_AHEAD);
        // A character before this point passed, and so did the one at it.
        let stable = match end == part.len() && part.len() == len {
            // The end of the input: nothing comes after its last character to change it,
            // which the scan is shown as ASCII after it.
            true => {
                let mut padded = part[at..].to_vec();
                padded.resize(padded.len() + LOOK_AHEAD, 0);
                form.valid_stable_prefix(&padded)
            }
            false => form.valid_stable_prefix(&part[at..end]),
        };
        let take = stable.min(len - at);
        // All of a chunk passes unless a character stops the scan (or the input ends).
        let whole = CHUNK.min(len - at);
        at += take;
        if take < whole {
            break;
        }
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What the general path makes of `bytes` under `--normalize form`.
    fn general(bytes: &[u8], form: NormalForm) -> Vec<u8> {
        let utf8 = crate::codecs::labels::UTF_8;
        let mut encoder = Encoder::new(utf8);
        let mut out = Output::memory();
        let mut input = Input::from_bytes_at("t", bytes.to_vec(), 0);
        let mut opts = Options::policy(Policy::Replace);
        opts.normalize = Some(form);
        let mut converter = Converter::new(utf8, opts, "t", &mut encoder, &mut out);
        let ran = converter.run(&mut input, false);
        assert!(ran.is_ok());
        out.into_bytes()
    }

    /// Checks the promise of [`stable_parts`] on `bytes`: the part it passes is its own
    /// form, cut where the form of the whole starts the same way.
    fn check(bytes: &[u8], form: NormalForm, threads: usize) -> Result<(), TestCaseError> {
        let used = stable_parts(bytes, bytes.len(), form, threads, None);
        let whole = general(bytes, form);
        let head = general(&bytes[..used], form);
        prop_assert_eq!(&head[..], &bytes[..used], "not stable");
        prop_assert!(whole.starts_with(&head), "cut inside a change");
        Ok(())
    }

    #[test]
    fn stable_text_passes_and_stops_before_a_change() {
        let clean = "中文，English text.\n第二行：한국어 “quoted”\n".repeat(3000);
        for form in [NormalForm::Nfc, NormalForm::Nfd, NormalForm::Nfkc] {
            for threads in 1..=3 {
                check(clean.as_bytes(), form, threads).unwrap();
            }
        }
        // Long enough that the scan passes most of it, then one character to compose.
        let bytes = clean.as_bytes();
        let used = stable_parts(bytes, bytes.len(), NormalForm::Nfc, 2, None);
        assert!(used + 100 >= bytes.len(), "{used} of {}", bytes.len());
        let mut changing = clean.clone();
        changing.insert_str(changing.len() / 3 * 2, "e\u{301}");
        let used = stable_parts(
            changing.as_bytes(),
            changing.len(),
            NormalForm::Nfc,
            2,
            None,
        );
        assert!(used < changing.len() / 3 * 2 && used > changing.len() / 2);
        check(changing.as_bytes(), NormalForm::Nfc, 2).unwrap();
    }

    /// Text of pieces that are stable or not, well-formed or not, in every form.
    fn text() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            Just(b"plain text ".to_vec()),
            Just(b"\n".to_vec()),
            Just("中文，“”한국어".as_bytes().to_vec()),
            Just("e\u{301}".as_bytes().to_vec()),
            Just("\u{301}".as_bytes().to_vec()),
            Just("é".as_bytes().to_vec()),
            Just("ﬁ①".as_bytes().to_vec()),
            Just("😀".as_bytes().to_vec()),
            Just(b"\xE4\xB8".to_vec()),
            any::<u8>().prop_map(|b| vec![b]),
        ];
        proptest::collection::vec(piece, 0..120).prop_map(|p| p.concat())
    }

    proptest! {
        #[test]
        fn parts_pass_only_what_the_form_keeps(
            bytes in text(),
            threads in 1usize..4,
            form in prop_oneof![
                Just(NormalForm::Nfc),
                Just(NormalForm::Nfd),
                Just(NormalForm::Nfkc),
                Just(NormalForm::Nfkd),
            ],
        ) {
            check(&bytes, form, threads)?;
        }
    }
}
