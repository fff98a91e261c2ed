//! The direct path to UTF-8 output, for decoders that write UTF-8 bytes themselves
//! ([`crate::codecs::Decoder::decode_to_utf8`], the GB family's kernels): the bytes go
//! straight into the output buffer, with no `String` between them and no second copy.

#![forbid(unsafe_code)]

use super::*;

impl Converter<'_> {
    /// Converts `piece` when the output is UTF-8 with nothing else to do to the text and the
    /// decoder writes bytes; returns false, having done nothing, when the decoder cannot.
    pub(super) fn direct_piece(&mut self, piece: &[u8], last: bool) -> Result<bool, Failure> {
        let mut pos = 0;
        loop {
            let start = self.out.buf.len();
            let Some((status, read)) =
                self.decoder
                    .decode_to_utf8(&piece[pos..], &mut self.out.buf, last)
            else {
                return Ok(false);
            };
            // Only the text position moves: the characters counted for replaying a piece
            // serve to locate unmappable characters, which UTF-8 output has none of.
            self.pos.advance_utf8(&self.out.buf[start..]);
            pos += read;
            self.out.maybe_flush()?;
            match status {
                DecodeStatus::InputEmpty => return Ok(true),
                DecodeStatus::OutputFull => {}
                DecodeStatus::Malformed {
                    len,
                    after,
                    problem,
                } => {
                    let end = self.piece_start + pos as u64 - after as u64;
                    let start = end - len as u64;
                    let bytes = self.bytes_at(piece, start, end);
                    self.malformed(start, &bytes, problem)?;
                }
            }
        }
    }
}
