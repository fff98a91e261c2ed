//! The pipeline's side of `--normalize`: decoded text put in a normalization form between
//! the decoder and the encoder (the form's rules are in [`crate::convert::normalize`]).
//!
//! Pieces of input are cut only before a boundary (a starter with quick-check "yes"), so a
//! piece normalizes on its own. Within a piece, a decoder's output buffer can end anywhere:
//! the text after the block's last boundary is then held back and put before the next block.
//! Stable runs go to the encoder as they are (to UTF-8 output, straight to the output);
//! the segments around other characters go through the normalizer, and an unmappable
//! character of such a segment is reported at the segment's first character in the input.

#![forbid(unsafe_code)]

use super::*;

impl Converter<'_> {
    /// Where the current window may be cut: where the decoder is clean and, under
    /// `--normalize`, the next character is a boundary.
    pub(super) fn cut(&self, window: &[u8]) -> Option<usize> {
        match self.opts.normalize {
            Some(form) => form.safe_cut(self.charset, window),
            None => self.charset.safe_cut(window),
        }
    }

    /// [`Self::emit_block`] under `--normalize`: the text held back from the block before
    /// goes first, and when more text follows directly (`more_text`), the text after this
    /// block's last boundary is held back in turn.
    pub(super) fn emit_normalized(
        &mut self,
        form: NormalForm,
        text: &str,
        piece: &[u8],
    ) -> Result<(), Failure> {
        let hold = std::mem::take(&mut self.more_text);
        let mut held = std::mem::take(&mut self.norm_tail);
        if held.is_empty() {
            let ready = if hold {
                form.last_boundary(text)
            } else {
                text.len()
            };
            self.emit_text(&text[..ready])?;
            self.report_unmapped(piece, Some(text))?;
            held.push_str(&text[ready..]);
            self.norm_tail = held;
            return Ok(());
        }
        // The held text came just before `text`: its bytes start that much earlier. (For
        // charsets located by replay, the count of characters is not moved on by held text.)
        if let Locate::ByLength(len) = self.charset.locate() {
            let bytes: u64 = held.chars().map(len).sum();
            self.text_origin = self.text_origin.saturating_sub(bytes);
        }
        held.push_str(text);
        let ready = if hold {
            form.last_boundary(&held)
        } else {
            held.len()
        };
        let result = self
            .emit_text(&held[..ready])
            .and_then(|()| self.report_unmapped(piece, Some(&held)));
        held.drain(..ready);
        self.norm_tail = held;
        result
    }

    /// Writes out text still held back at the end of the input. (Nothing is: a block is
    /// held only when the decoder has more text right after it. This keeps that a promise
    /// about the output rather than about the callers.)
    pub(super) fn flush_normalized(&mut self) -> Result<(), Failure> {
        if self.norm_tail.is_empty() {
            return Ok(());
        }
        let held = std::mem::take(&mut self.norm_tail);
        self.emit_text(&held)?;
        self.report_unmapped(&[], Some(&held))
    }

    /// [`Self::encode_text`] under `--normalize`: stable runs as they are, each segment
    /// around other characters normalized.
    pub(super) fn encode_normalizing(
        &mut self,
        form: NormalForm,
        text: &str,
        at: usize,
    ) -> Result<(), Failure> {
        // UTF-8 output needs no encoder: normalized text goes out as it is.
        let direct = self.encoder.charset().form() == Form::Utf8;
        let mut i = 0;
        while i < text.len() {
            let stable = form.stable_prefix(&text[i..]);
            if stable > 0 {
                let run = &text[i..i + stable];
                if direct {
                    self.out.write_utf8(run)?;
                    self.advance(run);
                } else {
                    self.encode_plain(run, at + i)?;
                    if self.stopped() {
                        return Ok(());
                    }
                }
                i += stable;
            }
            if i == text.len() {
                break;
            }
            // Segment by segment where an unmappable character must be located; else in
            // spans of segments, which cost fewer calls.
            let end = i + match direct {
                true => form.span_end(&text[i..]),
                false => form.segment_end(&text[i..]),
            };
            let mut segment = std::mem::take(&mut self.segment);
            segment.clear();
            form.normalize_into(&text[i..end], &mut segment);
            let result = if direct {
                self.out.buf.extend_from_slice(segment.as_bytes());
                self.advance(&text[i..end]);
                Ok(())
            } else {
                self.encode_segment(&segment, &text[i..end], at + i)
            };
            self.segment = segment;
            result?;
            if self.stopped() {
                return Ok(());
            }
            i = end;
        }
        Ok(self.out.maybe_flush()?)
    }

    /// Encodes one normalized segment, made from `original` at byte `at` of the block: an
    /// unmappable character in it is recorded at the segment's start, with the segment's
    /// length, and the text position moves on by the original.
    fn encode_segment(
        &mut self,
        normalized: &str,
        original: &str,
        at: usize,
    ) -> Result<(), Failure> {
        let mut from = 0;
        while from < normalized.len() {
            let (status, read) = self
                .encoder
                .encode(&normalized[from..], &mut self.out.buf, false);
            let EncodeStatus::Unmappable(_) = status else {
                break;
            };
            let Some(c) = normalized[from..from + read].chars().next_back() else {
                break;
            };
            let before = self.unmapped.len();
            let fatal = self.unmappable(c, at)?;
            for u in self.unmapped.iter_mut().skip(before) {
                u.source_len = original.len();
            }
            if fatal {
                return Ok(());
            }
            from += read;
        }
        self.advance(original);
        Ok(())
    }

    /// True when an unmappable character has stopped the conversion.
    fn stopped(&self) -> bool {
        !self.unmapped.is_empty() && self.opts.check.is_none()
    }
}
