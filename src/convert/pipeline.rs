//! The conversion of one input: decoder → code points → encoder, in bounded pieces, with the
//! error policy applied and every problem located by byte offset, line and column.
//!
//! Input is cut into pieces at positions where the decoder holds no partial character
//! ([`Charset::safe_cut`]), so that a piece can be decoded again from its start to find the
//! bytes of a character the encoder rejected. Most charsets tie text to bytes directly; the
//! multi-byte legacy ones are replayed for that, which only ever happens once, on the error.

#![forbid(unsafe_code)]

mod codes;
mod direct;
mod locate;
mod mapped;
mod normalized;
mod slot;
mod stable;
mod unicode;

use slot::Slot;
use std::borrow::Cow;

use super::error::{ConvError, Failure, Location, TextPosition, count_chars};
use super::newline::{Newline, Piece, Splitter};
use super::normalize::NormalForm;
use super::policy::{Counts, Policy};
use super::translit;
use super::unmappable::{BadInput, CharFormat};
use crate::codecs::charset::{encodes, round_trips};
use crate::codecs::{
    CharAt, Charset, DecodeStatus, Decoder, EncodeStatus, Encoder, Form, Locate, Problem,
};
use crate::io::{Input, Output, WINDOW};

/// Decoded text is handed to the encoder in blocks of at most this many bytes.
const TEXT_BLOCK: usize = 64 * 1024;

/// Slots of the `//TRANSLIT` cache (a power of two).
const APPROXIMATIONS: usize = 1024;

/// How a converter treats text besides decoding and encoding it.
#[derive(Clone, Debug)]
pub struct Options {
    /// What to do with ill-formed input and unmappable characters.
    pub policy: Policy,
    /// `--newline`.
    pub newline: Newline,
    /// `//TRANSLIT`: approximate unmappable characters (`?` where there is no approximation).
    pub translit: bool,
    /// `--check`: go on past problems, recording the first this many, and write nothing.
    pub check: Option<usize>,
    /// `--unmappable`: write unmappable characters as codes (after `//TRANSLIT`'s
    /// approximations), whatever the policy.
    pub unmappable: Option<CharFormat>,
    /// `--errors backslash|surrogatepass`, `--byte-format`: what becomes of ill-formed input
    /// instead of what the policy says (the policy still covers what this leaves).
    pub bad_input: Option<BadInput>,
    /// `--normalize`: the normalization form decoded text is put in before it is encoded.
    pub normalize: Option<NormalForm>,
}

impl Options {
    /// True when nothing is done to the text but decoding and encoding it: line endings
    /// kept, no `--check`, no `--normalize`, no codes for ill-formed input. The bulk paths
    /// (and the split that relies on them) are taken only then.
    pub fn leaves_text_alone(&self) -> bool {
        self.newline == Newline::Keep
            && self.check.is_none()
            && self.normalize.is_none()
            && self.bad_input.is_none()
    }

    /// Options with only a policy.
    pub fn policy(policy: Policy) -> Options {
        Options {
            policy,
            newline: Newline::Keep,
            translit: false,
            check: None,
            unmappable: None,
            bad_input: None,
            normalize: None,
        }
    }
}

/// An unmappable character to report, with where the text stood when it was met.
#[derive(Clone, Copy)]
struct Unmapped {
    ch: char,
    /// Its byte index in the text block being emitted.
    index: usize,
    pos: TextPosition,
    /// Characters produced from the piece before it.
    piece_chars: u64,
    /// It came before the text: a character the encoder held for a sequence (see
    /// [`Converter::settle`]). It is located where the text that showed it has no byte
    /// begins, and has no input bytes of its own to show.
    held: bool,
    /// The length of the decoded text it came from, starting at `index`: the character
    /// itself, or under `--normalize` the segment it was composed from.
    source_len: usize,
}

/// One input's conversion into the shared output.
pub struct Converter<'a> {
    charset: Charset,
    /// True when error locations decode the piece again ([`Locate::Replay`]).
    replay: bool,
    policy: Policy,
    opts: Options,
    splitter: Splitter,
    file: Cow<'a, str>,
    decoder: Decoder,
    encoder: Slot<'a, Encoder>,
    out: Slot<'a, Output>,
    /// What the policy did in this input.
    pub counts: Counts,
    /// `--check`: the first problems found (up to the limit).
    pub problems: Vec<ConvError>,
    /// `--check`: how many problems there were in all.
    pub problem_count: u64,
    /// Unmappable characters met in the last text block, to be located and reported.
    unmapped: Vec<Unmapped>,
    pos: TextPosition,
    text: String,
    /// Absolute offset of the current piece.
    piece_start: u64,
    /// Characters (and escapes and replacements) produced from the current piece so far.
    piece_chars: u64,
    /// Absolute offset of the bytes of the next decoded text.
    text_origin: u64,
    /// The last bytes before the current piece, for malformed reports that reach back.
    history: Vec<u8>,
    /// The absolute offset just past the input used so far.
    input_end: u64,
    /// Where the input ends, once its last piece is being converted: ill-formed bytes that
    /// reach it may be a character the end cut short.
    end_of_input: Option<u64>,
    /// The decoder is being told that the input has ended: what it reports now is a
    /// character or shift sequence left incomplete.
    flushing: bool,
    /// A stateful decoder as it was at the start of the current piece, from which error
    /// locations replay the piece (see [`crate::codecs::codec::Decode::snapshot`]).
    piece_decoder: Option<Decoder>,
    /// UTF-16 units on their way: of an input piece that cannot be viewed in place, or
    /// converted from UTF-8 in bulk.
    units: Vec<u16>,
    /// UTF-8 converted from UTF-16 units, before it is handed on.
    utf8: Vec<u8>,
    /// UTF-16 bytes converted from well-formed UTF-8 in bulk, kept at full length between
    /// pieces (only written over, so never zeroed again); see [`Converter::lend_buffer`].
    wide: Vec<u8>,
    /// `--normalize`: decoded text after the last boundary of a block that more text follows
    /// directly, held back until that text shows how it ends.
    norm_tail: String,
    /// Set by a caller of `emit_block` when the next block continues this one's text.
    more_text: bool,
    /// `--normalize`: one segment, normalized.
    segment: String,
    /// A code being written (`--unmappable`, `--byte-format`).
    scratch: String,
    /// `//TRANSLIT`: the approximations found for the characters met last (see
    /// [`Converter::approximation`]).
    approximations: Vec<Option<(char, Option<Cow<'static, str>>)>>,
    /// The cores a mapped input may be validated on ([`Converter::set_threads`]).
    threads: usize,
    /// The offset before which the mapped fast path is not tried again: the end of the
    /// last span it found an error in, which the general path takes.
    bulk_from: u64,
    /// The ill-formed subparts of each part of a mapped span under replace and discard,
    /// kept between spans.
    span_notes: Vec<mapped::BadRanges>,
    /// Pages of the map that the last bulk span read, released by the threads of the next
    /// one (or when the converter is dropped).
    unneeded: Option<crate::io::Unneeded>,
    /// Spans of a mapped input converted in bulk whose lines are not counted yet (see
    /// [`Converter::counted_position`]).
    uncounted: Option<mapped::Uncounted>,
    /// `--normalize`: the offset before which the mapped fast path for text already in the
    /// form is not tried again (just after where it last stopped).
    stable_from: u64,
    /// `--normalize`: the last span of text in the form stopped early.
    stable_short: bool,
}

impl<'a> Converter<'a> {
    /// A converter reading `charset` (byte order resolved) into `encoder` and `out`.
    pub fn new(
        charset: Charset,
        opts: Options,
        file: &'a str,
        encoder: &'a mut Encoder,
        out: &'a mut Output,
    ) -> Converter<'a> {
        let (file, encoder, out) = (
            Cow::Borrowed(file),
            Slot::Borrowed(encoder),
            Slot::Borrowed(out),
        );
        Converter::with(charset, opts, file, encoder, out)
    }

    /// A converter that owns its encoder and output, for a caller that keeps it between
    /// calls (the library's [`DecodeReader`](crate::DecodeReader) and friends).
    pub fn owning(
        charset: Charset,
        opts: Options,
        file: String,
        encoder: Encoder,
        out: Output,
    ) -> Converter<'static> {
        let (file, encoder, out) = (Cow::Owned(file), Slot::Owned(encoder), Slot::Owned(out));
        Converter::with(charset, opts, file, encoder, out)
    }

    fn with(
        charset: Charset,
        opts: Options,
        file: Cow<'a, str>,
        encoder: Slot<'a, Encoder>,
        out: Slot<'a, Output>,
    ) -> Converter<'a> {
        // --check goes on past every problem, as replace does, recording each.
        let policy = if opts.check.is_some() {
            Policy::Replace
        } else {
            opts.policy
        };
        Converter {
            charset,
            replay: matches!(charset.locate(), Locate::Replay),
            policy,
            opts,
            splitter: Splitter::new(charset.nel_is_line_end()),
            file,
            decoder: Decoder::new(charset),
            piece_decoder: None,
            encoder,
            out,
            counts: Counts::default(),
            problems: Vec::new(),
            problem_count: 0,
            unmapped: Vec::new(),
            pos: TextPosition::default(),
            text: String::with_capacity(TEXT_BLOCK),
            piece_start: 0,
            piece_chars: 0,
            text_origin: 0,
            history: Vec::new(),
            input_end: 0,
            end_of_input: None,
            flushing: false,
            units: Vec::new(),
            utf8: Vec::new(),
            wide: Vec::new(),
            norm_tail: String::new(),
            more_text: false,
            segment: String::new(),
            scratch: String::new(),
            approximations: Vec::new(),
            threads: 1,
            bulk_from: 0,
            span_notes: Vec::new(),
            unneeded: None,
            uncounted: None,
            stable_from: 0,
            stable_short: false,
        }
    }

    /// Lets [`Converter::run`] validate a large mapped UTF-8 input on up to `threads` cores
    /// (1 by default): where the text goes to UTF-8 unchanged, its valid spans are checked
    /// in parts at once and written from the map.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Gives the converter a buffer to convert UTF-8 to UTF-16 in, whose bytes it only
    /// writes over: the split's pool lends the buffer a segment was written from, so that
    /// no fresh buffer is zeroed for each segment. Into an output that keeps its bytes in
    /// memory and holds none yet, a clean piece's buffer becomes the output's own, with no
    /// copy ([`Output::write_from`]).
    pub fn lend_buffer(&mut self, buffer: Vec<u8>) {
        self.wide = buffer;
    }

    /// The text position reached: where the next character would be.
    pub fn position(&self) -> TextPosition {
        self.counted_position()
    }

    /// Converts the rest of `input`. `flush_each` writes out after every piece (for streams,
    /// so that interactive pipelines see output promptly).
    pub fn run(&mut self, input: &mut Input, flush_each: bool) -> Result<(), Failure> {
        self.pos = TextPosition::default();
        self.bulk_from = 0;
        self.stable_from = 0;
        self.uncounted = None;
        while self.mapped_span(input)?
            || self.stable_span(input)?
            || !self.step(input, flush_each)?
        {}
        self.finish()
    }

    /// Converts the next piece of `input` (reading once more from it if its window is not
    /// full); returns true when the input is used up. [`Converter::finish`] ends the input.
    pub fn step(&mut self, input: &mut Input, flush_each: bool) -> Result<bool, Failure> {
        // Escape must check that each character encodes back to its own bytes where decoding
        // is not one-to-one; that goes character by character, which a shift state rules out.
        let per_char = self.policy == Policy::Escape
            && !self.charset.decodes_one_to_one()
            && !self.charset.is_stateful();
        let base = input.offset();
        let (window, eof) = input.fill()?;
        if window.is_empty() && eof {
            self.end_of_input = Some(base);
            // The last piece was cut at the end of what had arrived, before the end of the
            // input was known: a decoder with state (an open UTF-7 run, a shift) is told now.
            if !matches!(self.charset.form(), Form::Utf8 | Form::Utf16(_)) {
                self.piece_start = base;
                self.text_origin = base;
                self.stream_piece(&[], true)?;
            }
            return Ok(true);
        }
        // The general path moves the text position from here on.
        if self.uncounted.is_some() {
            self.count_spans();
        }
        let piece_len = if eof {
            window.len()
        } else {
            match self.cut(window) {
                Some(cut) => cut,
                None if window.len() >= WINDOW => window.len(),
                None => return Ok(false),
            }
        };
        let last = eof && piece_len == window.len();
        if last {
            self.end_of_input = Some(base + piece_len as u64);
        }
        let piece = &window[..piece_len];
        self.piece_start = base;
        self.piece_chars = 0;
        self.text_origin = base;
        if self.charset.is_stateful() {
            self.piece_decoder = self.decoder.snapshot();
        }
        let used = if per_char {
            self.per_char_piece(piece, last)?
        } else if self.charset.form() == Form::Utf8 {
            self.utf8_piece(piece, last)?
        } else if let Form::Utf16(order) = self.charset.form() {
            self.utf16_piece(piece, order, last)?
        } else {
            self.stream_piece(piece, last)?;
            piece_len
        };
        self.remember(&piece[..used]);
        input.consume(used);
        self.input_end = base + used as u64;
        if flush_each {
            self.out.flush()?;
        }
        Ok(last)
    }

    /// Ends the input: normalizes what was held for a composition, lets a sequence encoder
    /// write what it held, and writes a line break held back for a final CR.
    pub fn finish(&mut self) -> Result<(), Failure> {
        self.flush_normalized()?;
        self.settle_now(self.input_end)?;
        self.flush_newline();
        Ok(self.out.maybe_flush()?)
    }

    /// The output the converter writes to.
    pub fn output(&mut self) -> &mut Output {
        &mut self.out
    }

    /// Ends the output: the encoder's last bytes (a stateful charset's return to ASCII).
    /// Only for a converter that owns its encoder, which no other input will continue.
    pub fn end_output(&mut self) {
        self.encoder.encode("", &mut self.out.buf, true);
    }

    /// Writes the line break held back for a CR that ended the last text.
    fn flush_newline(&mut self) {
        if let (true, Some(ending)) = (self.splitter.flush(), self.opts.newline.ending()) {
            self.encoder.encode(ending, &mut self.out.buf, false);
        }
    }

    /// The text is interrupted: lets the encoder write what it held for a sequence of
    /// characters ([`Encode::settle`](crate::codecs::codec::Encode::settle)), and deals with
    /// any held character that has no byte as unmappable, recorded at byte `index` of the
    /// block being emitted. Returns true when that stops the conversion.
    fn settle(&mut self, index: usize) -> Result<bool, Failure> {
        while let Some(c) = self.encoder.settle(&mut self.out.buf) {
            let before = self.unmapped.len();
            let fatal = self.unmappable(c, index)?;
            for u in &mut self.unmapped[before..] {
                u.held = true;
            }
            if fatal {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// [`Self::settle`] where no text is being emitted (before ill-formed bytes, at the
    /// end of the input): a held character without a byte is reported at `offset`.
    fn settle_now(&mut self, offset: u64) -> Result<(), Failure> {
        self.settle(0)?;
        for u in std::mem::take(&mut self.unmapped) {
            self.report_unmappable(&u, offset, Vec::new())?;
        }
        Ok(())
    }

    fn remember(&mut self, piece: &[u8]) {
        self.history
            .extend_from_slice(&piece[piece.len().saturating_sub(8)..]);
        let excess = self.history.len().saturating_sub(8);
        self.history.drain(..excess);
    }

    /// The bytes at absolute `start..end`, from the piece or the bytes before it.
    fn bytes_at(&self, piece: &[u8], start: u64, end: u64) -> Vec<u8> {
        let mut out = Vec::new();
        for at in start..end {
            if at >= self.piece_start {
                out.extend(piece.get((at - self.piece_start) as usize));
            } else {
                let back = (self.piece_start - at) as usize;
                out.extend(
                    self.history
                        .len()
                        .checked_sub(back)
                        .map(|i| self.history[i]),
                );
            }
        }
        out
    }

    /// The fast path: encoding_rs-style streaming decode of a whole piece.
    fn stream_piece(&mut self, piece: &[u8], last: bool) -> Result<(), Failure> {
        if self.passthrough() && self.direct_piece(piece, last)? {
            return Ok(());
        }
        let mut pos = 0;
        // The end of the input is told to the decoder on its own, after the last bytes, so
        // that an error it reports then is known to be a character or a shift sequence the
        // end cut short.
        let mut flush = false;
        loop {
            let mut text = std::mem::take(&mut self.text);
            text.clear();
            let src = if flush { &[][..] } else { &piece[pos..] };
            let (status, read) = self.decoder.decode(src, &mut text, flush);
            self.more_text = status == DecodeStatus::OutputFull;
            let emitted = self.emit_block(&text, piece);
            self.text = text;
            emitted?;
            pos += read;
            match status {
                DecodeStatus::InputEmpty if last && !flush => flush = true,
                DecodeStatus::InputEmpty => return Ok(()),
                DecodeStatus::OutputFull => self.text_origin = self.piece_start + pos as u64,
                DecodeStatus::Malformed {
                    len,
                    after,
                    problem,
                } => {
                    let end = self.piece_start + pos as u64 - after as u64;
                    let start = end - len as u64;
                    let bytes = self.bytes_at(piece, start, end);
                    self.flushing = flush;
                    let handled = self.malformed(start, &bytes, problem);
                    self.flushing = false;
                    handled?;
                    self.text_origin = end;
                }
            }
        }
    }

    /// The lossless path for charsets whose decoding is not one-to-one: character by
    /// character, escaping any bytes that do not encode back to themselves. Returns how many
    /// bytes of the piece were used (a character cut by the piece's end waits for more).
    fn per_char_piece(&mut self, piece: &[u8], last: bool) -> Result<usize, Failure> {
        let mut i = 0;
        let mut batch = String::new();
        let mut starts: Vec<(usize, usize)> = Vec::new();
        while i < piece.len() {
            let step = self.charset.char_at(&piece[i..], last);
            match step {
                CharAt::NeedMore => break,
                CharAt::Text(ref s, k) if round_trips(self.charset, s, &piece[i..i + k]) => {
                    starts.push((batch.len(), i));
                    batch.push_str(s);
                    i += k;
                }
                CharAt::Text(..) | CharAt::Malformed(..) => {
                    // Escape one byte and decode again from the next: every character kept
                    // is then one that encodes back to exactly its own bytes.
                    self.flush_batch(piece, &mut batch, &mut starts)?;
                    let start = self.piece_start + i as u64;
                    self.malformed(start, &piece[i..=i], Problem::Invalid)?;
                    i += 1;
                }
            }
        }
        self.flush_batch(piece, &mut batch, &mut starts)?;
        Ok(i)
    }

    fn flush_batch(
        &mut self,
        piece: &[u8],
        batch: &mut String,
        starts: &mut Vec<(usize, usize)>,
    ) -> Result<(), Failure> {
        self.emit_text(batch)?;
        for u in std::mem::take(&mut self.unmapped) {
            let k = starts.partition_point(|&(t, _)| t <= u.index) - 1;
            let (_, at) = starts[k];
            let end = starts.get(k + 1).map_or(piece.len(), |&(_, e)| e);
            let bytes = if u.held {
                Vec::new()
            } else {
                piece[at..end].to_vec()
            };
            self.report_unmappable(&u, self.piece_start + at as u64, bytes)?;
        }
        batch.clear();
        starts.clear();
        Ok(())
    }

    /// Encodes decoded text, converting line endings if asked. Unmappable characters the
    /// policy does not settle by itself are left in `self.unmapped` for the caller to locate
    /// and report; encoding stops at the first one that is fatal.
    fn emit_text(&mut self, text: &str) -> Result<(), Failure> {
        let Some(ending) = self.opts.newline.ending() else {
            return self.encode_text(text, 0);
        };
        let mut splitter = std::mem::take(&mut self.splitter);
        // Where the last run of text ended: a line break interrupts it there.
        let mut end = 0;
        let result = splitter.split::<Failure>(text, &mut |piece| match piece {
            Piece::Text(t, at) => {
                self.encode_text(t, at)?;
                end = at + t.len();
                Ok(self.unmapped.is_empty() || self.opts.check.is_some())
            }
            Piece::Break { source } => {
                if self.settle(end)? && self.opts.check.is_none() {
                    return Ok(false);
                }
                self.encoder.encode(ending, &mut self.out.buf, false);
                self.advance(source);
                Ok(true)
            }
            Piece::Held(cr) => {
                self.advance(cr);
                Ok(true)
            }
        });
        self.splitter = splitter;
        result?;
        Ok(self.out.maybe_flush()?)
    }

    /// Encodes `text`, which stands at byte `at` of the block being emitted.
    fn encode_text(&mut self, text: &str, at: usize) -> Result<(), Failure> {
        match self.opts.normalize {
            Some(form) => self.encode_normalizing(form, text, at),
            None => self.encode_plain(text, at),
        }
    }

    /// [`Self::encode_text`] as it is.
    fn encode_plain(&mut self, text: &str, at: usize) -> Result<(), Failure> {
        let mut from = 0;
        while from < text.len() {
            let (status, read) = self.encoder.encode(&text[from..], &mut self.out.buf, false);
            if let (EncodeStatus::Unmappable(c), 0) = (status, read) {
                // A character held from an earlier text, which this one does not continue
                // into a sequence; the encoder let it go, so encoding goes on.
                let before = self.unmapped.len();
                let fatal = self.unmappable(c, at + from)?;
                for u in &mut self.unmapped[before..] {
                    u.held = true;
                }
                if fatal {
                    break;
                }
                continue;
            }
            // The character rejected is the last one read. (Not always the one reported:
            // ISO-2022-JP reports ESC, SO and SI as U+FFFD.)
            let rejected = match status {
                EncodeStatus::Done => None,
                EncodeStatus::Unmappable(_) => text[from..from + read].chars().next_back(),
            };
            let upto = rejected.map_or(text.len(), |c| from + read - c.len_utf8());
            self.advance(&text[from..upto]);
            let Some(c) = rejected else {
                break;
            };
            let fatal = self.unmappable(c, at + upto)?;
            self.advance(&text[upto..from + read]);
            if fatal {
                break;
            }
            from += read;
        }
        Ok(self.out.maybe_flush()?)
    }

    /// Deals with an unmappable character at byte `index` of the block; returns true when
    /// it stops the conversion (after recording it for the caller to report).
    fn unmappable(&mut self, c: char, index: usize) -> Result<bool, Failure> {
        if self.opts.translit
            && let Some(approx) = self.approximation(c)
        {
            self.encoder.encode(&approx, &mut self.out.buf, false);
            self.counts.transliterated += 1;
            return Ok(false);
        }
        if self.opts.unmappable.is_some() && self.opts.check.is_none() {
            return self.write_char_code(c, index);
        }
        // No approximation: `?` under strict and under -c (what glibc's //TRANSLIT writes,
        // with -c or //IGNORE too: the slugify idiom); replace replaces it, and escape, which
        // never loses data, still refuses it.
        let question_mark = matches!(self.policy, Policy::Strict | Policy::Discard);
        if self.opts.translit && question_mark && self.opts.check.is_none() {
            self.encoder.encode("?", &mut self.out.buf, false);
            self.counts.unapproximated += 1;
            return Ok(false);
        }
        let record = Unmapped {
            ch: c,
            index,
            pos: self.pos,
            piece_chars: self.piece_chars,
            held: false,
            source_len: c.len_utf8(),
        };
        if self.opts.check.is_some() {
            self.unmapped.push(record);
        }
        match self.policy {
            Policy::Strict | Policy::Escape => {
                self.unmapped.push(record);
                return Ok(true);
            }
            Policy::Replace => {
                self.counts.unmappable += 1;
                self.write_replacement();
            }
            Policy::Discard => self.counts.unmappable += 1,
        }
        Ok(false)
    }

    /// The `//TRANSLIT` approximation of `c` in the target, if any. Finding one tries the
    /// target on each alternative, so the answers are kept in a small cache of
    /// [`APPROXIMATIONS`] slots, one per character's hash, each holding the last character
    /// that hashed there: text repeats its few unmappable characters, and any input leaves
    /// the cache the same size.
    fn approximation(&mut self, c: char) -> Option<Cow<'static, str>> {
        if self.approximations.is_empty() {
            self.approximations.resize(APPROXIMATIONS, None);
        }
        // Fibonacci hashing: the top bits of the code point times 2^32 / φ.
        let slot =
            (u32::from(c).wrapping_mul(0x9E37_79B9) >> (32 - APPROXIMATIONS.ilog2())) as usize;
        if let Some((known, found)) = &self.approximations[slot]
            && *known == c
        {
            return found.clone();
        }
        let target = self.encoder.charset();
        let found = translit::approximate(c, &mut |s: &str| encodes(target, s));
        self.approximations[slot] = Some((c, found.clone()));
        found
    }

    fn advance(&mut self, text: &str) {
        self.pos.advance(text);
        if self.replay {
            self.piece_chars += count_chars(text.as_bytes());
        }
    }

    /// U+FFFD where the target has it, else `?`.
    fn write_replacement(&mut self) {
        let r = if self.encoder.has_replacement_char() {
            "\u{FFFD}"
        } else {
            "?"
        };
        self.encoder.encode(r, &mut self.out.buf, false);
    }

    /// Applies the policy to malformed input at absolute offset `start`.
    fn malformed(&mut self, start: u64, bytes: &[u8], problem: Problem) -> Result<(), Failure> {
        self.settle_now(start)?;
        self.flush_newline();
        let at = self.pos.at(start);
        if self.opts.check.is_some() {
            let problem = self.ill_formed_error(at, bytes, problem);
            self.record(problem);
        }
        let handled = match self.opts.check {
            None => self.bad_input(at, bytes, problem)?,
            Some(_) => None,
        };
        let produced = match (handled, self.policy) {
            (Some(produced), _) => produced,
            (None, Policy::Strict) => return Err(self.ill_formed_error(at, bytes, problem).into()),
            (None, Policy::Replace) => {
                self.counts.ill_formed += 1;
                self.write_replacement();
                1
            }
            (None, Policy::Discard) => {
                self.counts.ill_formed += 1;
                0
            }
            (None, Policy::Escape) => self.escape(at, bytes, problem)?,
        };
        self.pos.advance_chars(produced);
        self.piece_chars += produced;
        Ok(self.out.maybe_flush()?)
    }

    /// `--check`: keeps the first problems, counts them all.
    fn record(&mut self, problem: ConvError) {
        self.problem_count += 1;
        if self.problems.len() < self.opts.check.unwrap_or(0) {
            self.problems.push(problem);
        }
    }

    /// `--errors escape`: keeps a lone surrogate as itself and each ill-formed byte b as
    /// U+DC00+b. Bytes below 0x80 only from charsets where they can be ill-formed
    /// ([`Charset::escapes_ascii`]): elsewhere an ASCII byte is always a character, and its
    /// escape could not be told from it on the way back.
    fn escape(&mut self, at: Location, bytes: &[u8], problem: Problem) -> Result<u64, Failure> {
        let unescapable = |reason: String| ConvError::Unescapable {
            file: self.file.to_string(),
            at,
            bytes: bytes.to_vec(),
            reason,
        };
        let mut bytes = bytes;
        let mut produced = 0;
        if let Problem::LoneSurrogate(u) | Problem::Ucs2Surrogate(u) = problem {
            if !self.encoder.encode_surrogate(u, &mut self.out.buf) {
                let reason = format!(
                    "the unpaired surrogate U+{u:04X} can only be written to UTF-16, UTF-32, \
                     WTF-8 or a format that has it (only U+DC80..U+DCFF stand for bytes)"
                );
                return Err(unescapable(reason).into());
            }
            // A surrogate cut short by the end of the input leaves a stray byte after it.
            let unit_len = match self.charset.form() {
                Form::Utf32(_) => 4,
                Form::Utf16(_) | Form::Ucs2(_) => 2,
                _ => bytes.len(),
            };
            bytes = &bytes[bytes.len().min(unit_len)..];
            produced = 1;
        }
        if !self.charset.escapes_ascii()
            && let Some(b) = bytes.iter().find(|b| b.is_ascii())
        {
            let reason = format!("byte {b:02X} is below 0x80, and only 0x80..0xFF can be escaped");
            return Err(unescapable(reason).into());
        }
        // Into a scratch buffer first: a target that refuses one of the escapes (an ASCII
        // byte bound for UTF-8) must leave no half of the sequence behind.
        let mut kept = Vec::with_capacity(bytes.len() + 8);
        for &b in bytes {
            if !self
                .encoder
                .encode_surrogate(0xDC00 | u16::from(b), &mut kept)
            {
                let target = self.encoder.charset().name();
                let reason = format!(
                    "the byte {b:02X} is kept as U+DC{b:02X}, which {target} cannot hold: an \
                     escaped byte below 0x80 goes back only to the format it came from (or \
                     through UTF-16 or UTF-32)"
                );
                return Err(unescapable(reason).into());
            }
        }
        self.out.buf.extend_from_slice(&kept);
        self.counts.escaped += bytes.len() as u64;
        Ok(produced + bytes.len() as u64)
    }

    /// True when ill-formed `bytes` at absolute `start` end the input and begin a character
    /// (or a shift sequence) that more input could have completed: the end cut it short.
    fn cut_short(&self, start: u64, bytes: &[u8]) -> bool {
        // What a decoder reports when told the input has ended is what it held for more
        // (a stateful one may give back bytes after it, as ISO-2022-JP does the `$` of an
        // ESC $). A stateless charset can be asked about the bytes alone.
        self.flushing
            || (self.end_of_input == Some(start + bytes.len() as u64)
                && !self.charset.is_stateful()
                && self.charset.char_at(bytes, false) == CharAt::NeedMore)
    }

    fn ill_formed_error(&self, at: Location, bytes: &[u8], problem: Problem) -> ConvError {
        // An unpaired surrogate is a whole code unit (or WTF-8 code point): it is reported
        // as what it is, even at the end, where its partner may have been cut off.
        if problem == Problem::Invalid && self.cut_short(at.offset, bytes) {
            return ConvError::Truncated {
                file: self.file.to_string(),
                at,
                bytes: bytes.to_vec(),
                charset: self.charset.name(),
                stateful: self.charset.is_stateful(),
            };
        }
        ConvError::IllFormed {
            file: self.file.to_string(),
            at,
            bytes: bytes.to_vec(),
            charset: self.charset.name(),
            problem,
        }
    }

    /// Reports an unmappable character found at `offset` with `bytes`: an error, or under
    /// `--check` a record.
    fn report_unmappable(
        &mut self,
        u: &Unmapped,
        offset: u64,
        bytes: Vec<u8>,
    ) -> Result<(), Failure> {
        let error = ConvError::Unmappable {
            file: self.file.to_string(),
            at: u.pos.at(offset),
            bytes,
            ch: u.ch,
            target: self.encoder.charset().name(),
        };
        if self.opts.check.is_some() {
            self.record(error);
            return Ok(());
        }
        Err(error.into())
    }
}
