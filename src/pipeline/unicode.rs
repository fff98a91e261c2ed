//! Bulk paths for UTF-8 and UTF-16 input: validated and converted many characters at a
//! time (SIMD), with the same error boundaries and reports as the general path.

#![forbid(unsafe_code)]

use super::*;

/// UTF-16 units converted at a time (measured: from 16 Ki units to a whole window makes no
/// difference to speed, so the smaller buffer).
const UTF16_BLOCK: usize = 16 * 1024;

impl Converter<'_> {
    /// UTF-8 input without a copy: valid runs are handed on from where they are; each error
    /// is the maximal ill-formed subpart that starts it (Unicode §3.9). Returns how many
    /// bytes were used (an incomplete sequence at the end of a piece that is not the last
    /// waits for more).
    pub(super) fn utf8_piece(&mut self, piece: &[u8], last: bool) -> Result<usize, Failure> {
        if self.policy == Policy::Replace && self.opts.check.is_none() {
            return self.utf8_piece_replacing(piece, last);
        }
        let mut pos = 0;
        for (valid, bad) in Utf8Segments::of(piece) {
            if !valid.is_empty() {
                self.text_origin = self.piece_start + pos as u64;
                self.emit_block(valid, piece)?;
                pos += valid.len();
            }
            if bad.is_empty() {
                continue;
            }
            if !last && pos + bad.len() == piece.len() && incomplete(bad) {
                return Ok(pos);
            }
            let start = self.piece_start + pos as u64;
            self.malformed(start, bad, Problem::Invalid)?;
            pos += bad.len();
        }
        Ok(pos)
    }

    /// [`Self::utf8_piece`] under `replace`, where a replacement is just a character: the
    /// valid runs of the piece and one replacement for each maximal ill-formed subpart are
    /// gathered into one text and handed on at once, rather than a few hundred bytes at a
    /// time between errors.
    fn utf8_piece_replacing(&mut self, piece: &[u8], last: bool) -> Result<usize, Failure> {
        let replacement = if self.encoder.has_replacement_char() {
            "\u{FFFD}"
        } else {
            "?"
        };
        let mut text = std::mem::take(&mut self.text);
        text.clear();
        let mut pos = 0;
        for (valid, bad) in Utf8Segments::of(piece) {
            text.push_str(valid);
            pos += valid.len();
            if bad.is_empty() {
                continue;
            }
            if !last && pos + bad.len() == piece.len() && incomplete(bad) {
                break;
            }
            text.push_str(replacement);
            self.counts.ill_formed += 1;
            pos += bad.len();
        }
        self.text_origin = self.piece_start;
        let emitted = self.emit_block(&text, piece);
        self.text = text;
        emitted.map(|()| pos)
    }

    /// UTF-16 input in bulk: the valid run is converted by `encoding_rs::mem` (SIMD), viewing
    /// the bytes as units in place where they are aligned little-endian; each lone surrogate
    /// or stray byte is then reported with the WHATWG boundaries (a high surrogate with a
    /// stray byte at the very end is one error). Returns the bytes used.
    pub(super) fn utf16_piece(
        &mut self,
        piece: &[u8],
        order: Order,
        last: bool,
    ) -> Result<usize, Failure> {
        let whole = piece.len() & !1;
        let mut scratch = std::mem::take(&mut self.units);
        let units: &[u16] = match bytemuck::try_cast_slice::<u8, u16>(&piece[..whole]) {
            Ok(units) if order == Order::Le && cfg!(target_endian = "little") => units,
            _ => {
                scratch.clear();
                scratch.extend(piece[..whole].chunks_exact(2).map(|u| match order {
                    Order::Le => u16::from_le_bytes([u[0], u[1]]),
                    _ => u16::from_be_bytes([u[0], u[1]]),
                }));
                &scratch
            }
        };
        let result = self.utf16_units(piece, units, last);
        self.units = scratch;
        result
    }

    pub(super) fn utf16_units(
        &mut self,
        piece: &[u8],
        units: &[u16],
        last: bool,
    ) -> Result<usize, Failure> {
        let mut i = 0;
        // A buffer kept at full length: the converter leaves it valid UTF-8 after what it
        // wrote, so it needs no clearing between blocks.
        let mut text = std::mem::take(&mut self.text);
        if text.len() < 3 * UTF16_BLOCK {
            text.clear();
            text.extend(std::iter::repeat_n('\0', 3 * UTF16_BLOCK));
        }
        while i < units.len() {
            let valid = i + utf16_valid_up_to(&units[i..]);
            while i < valid {
                // A block of at most UTF16_BLOCK units that does not end between the two
                // halves of a surrogate pair (each half alone would become U+FFFD).
                let mut end = valid.min(i + UTF16_BLOCK);
                if end < valid && (0xD800..0xDC00).contains(&units[end - 1]) {
                    end -= 1;
                }
                let n = encoding_rs::mem::convert_utf16_to_str(&units[i..end], &mut text);
                self.text_origin = self.piece_start + 2 * i as u64;
                let emitted = self.emit_block(&text[..n], piece);
                if let Err(e) = emitted {
                    self.text = text;
                    return Err(e);
                }
                i = end;
            }
            let Some(&unit) = units.get(i) else { break };
            // A lone surrogate; a high one ending the piece waits for its partner unless
            // this is the end of the input, where a stray byte after it joins the error.
            let at_end = i + 1 == units.len();
            let is_high = (0xD800..0xDC00).contains(&unit);
            if at_end && is_high && !last {
                self.text = text;
                return Ok(2 * i);
            }
            let len = if at_end && is_high && piece.len() % 2 == 1 {
                3
            } else {
                2
            };
            let start = self.piece_start + 2 * i as u64;
            let bytes = &piece[2 * i..2 * i + len];
            if let Err(e) = self.malformed(start, bytes, Problem::LoneSurrogate(unit)) {
                self.text = text;
                return Err(e);
            }
            i += 1;
            if len == 3 {
                self.text = text;
                return Ok(piece.len());
            }
        }
        self.text = text;
        let used = 2 * units.len();
        if piece.len() > used {
            if !last {
                return Ok(used);
            }
            let start = self.piece_start + used as u64;
            self.malformed(start, &piece[used..], Problem::Invalid)?;
        }
        Ok(piece.len())
    }

    /// Hands on a block of decoded text: straight to the output when nothing needs doing
    /// to it, else through the encoder, with unmappable characters located in `piece`.
    pub(super) fn emit_block(&mut self, text: &str, piece: &[u8]) -> Result<(), Failure> {
        if self.passthrough() {
            self.out.write_utf8(text)?;
            self.advance(text);
            return Ok(());
        }
        self.emit_text(text)?;
        self.report_unmapped(piece, Some(text))
    }

    /// True when decoded UTF-8 can go to the output as it is.
    pub(super) fn passthrough(&self) -> bool {
        self.encoder.charset() == Charset::Utf8
            && self.opts.newline == Newline::Keep
            && self.opts.check.is_none()
    }
}

/// The length of the valid UTF-16 at the start of `units`. Text with no surrogate unit at
/// all is valid, and looking for one vectorises (32 units a step), where encoding_rs's
/// exact check goes unit by unit: that runs only from the first surrogate on.
fn utf16_valid_up_to(units: &[u16]) -> usize {
    let is_surrogate = |u: u16| (u & 0xF800) == 0xD800;
    let mut start = 0;
    for chunk in units.chunks(32) {
        if chunk.iter().fold(false, |any, &u| any | is_surrogate(u)) {
            break;
        }
        start += chunk.len();
    }
    start + encoding_rs::mem::utf16_valid_up_to(&units[start..])
}

/// True when `bytes` (ill-formed) are the start of a sequence cut short, which more input
/// may complete.
fn incomplete(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_err_and(|e| e.error_len().is_none())
}

/// The valid runs of UTF-8 and the maximal ill-formed subpart after each, in order, found
/// by SIMD validation (simdutf8, whose errors report the subpart's length as std's do).
struct Utf8Segments<'a> {
    rest: &'a [u8],
}

impl<'a> Utf8Segments<'a> {
    fn of(bytes: &'a [u8]) -> Utf8Segments<'a> {
        Utf8Segments { rest: bytes }
    }
}

impl<'a> Iterator for Utf8Segments<'a> {
    type Item = (&'a str, &'a [u8]);

    fn next(&mut self) -> Option<Self::Item> {
        if self.rest.is_empty() {
            return None;
        }
        let rest = self.rest;
        let (valid, bad) = match simdutf8::compat::from_utf8(rest) {
            Ok(text) => (text, 0),
            Err(e) => {
                let n = e.valid_up_to();
                // The prefix before an error is valid UTF-8, so this cannot fail.
                let text = simdutf8::basic::from_utf8(&rest[..n]).unwrap_or_default();
                (text, e.error_len().unwrap_or(rest.len() - n))
            }
        };
        let end = valid.len() + bad;
        self.rest = &rest[end..];
        Some((valid, &rest[valid.len()..end]))
    }
}
