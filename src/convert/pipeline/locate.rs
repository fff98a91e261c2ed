//! Finding where in the input an unmappable character came from: directly for the
//! charsets whose characters have a known byte length, by decoding the piece again for the
//! multi-byte legacy ones. Only ever done on the error path.

#![forbid(unsafe_code)]

use super::*;

impl Converter<'_> {
    /// Locates and reports the unmappable characters left by the last `emit_text` of `text`
    /// (the decode buffer when `None`).
    pub(super) fn report_unmapped(
        &mut self,
        piece: &[u8],
        text: Option<&str>,
    ) -> Result<(), Failure> {
        for u in std::mem::take(&mut self.unmapped) {
            let text = text.unwrap_or(&self.text);
            let (offset, bytes) = self.locate_in_stream(piece, text, &u);
            self.report_unmappable(&u, offset, bytes)?;
        }
        Ok(())
    }

    /// The input offset and bytes of an unmappable character of the last decoded text.
    pub(super) fn locate_in_stream(
        &self,
        piece: &[u8],
        text: &str,
        u: &Unmapped,
    ) -> (u64, Vec<u8>) {
        let per_char = match self.charset.locate() {
            Locate::ByLength(len) => len,
            Locate::Replay => return self.replay(piece, u.piece_chars),
        };
        let text = &text[..u.index];
        let offset = self.text_origin + text.chars().map(per_char).sum::<u64>();
        let end = offset + per_char(u.ch);
        (offset, self.bytes_at(piece, offset, end))
    }

    /// Decodes the piece again from its start, counting what the policy produced, to find
    /// the character number `target` (the rejected one) and its bytes.
    pub(super) fn replay(&self, piece: &[u8], target: u64) -> (u64, Vec<u8>) {
        if self.charset.is_stateful() {
            return self.replay_stateful(piece, target);
        }
        let (mut i, mut count) = (0usize, 0u64);
        while i < piece.len() {
            match self.charset.char_at(&piece[i..], true) {
                CharAt::Text(s, k) => {
                    count += s.chars().count() as u64;
                    if count > target {
                        return (self.piece_start + i as u64, piece[i..i + k].to_vec());
                    }
                    i += k;
                }
                CharAt::Malformed(l, _) => {
                    count += self.produced_for(&piece[i..i + l]);
                    i += l;
                }
                CharAt::NeedMore => break,
            }
        }
        (self.piece_start + i as u64, Vec::new())
    }

    /// [`Self::replay`] for a charset with shift states: the decoder as it was at the start of
    /// the piece (a fresh one where it cannot be copied) fed byte by byte.
    pub(super) fn replay_stateful(&self, piece: &[u8], target: u64) -> (u64, Vec<u8>) {
        let mut d = self
            .piece_decoder
            .as_ref()
            .and_then(Decoder::snapshot)
            .unwrap_or_else(|| Decoder::new(self.charset));
        let mut out = String::with_capacity(64);
        let (mut count, mut char_start) = (0u64, 0usize);
        for i in 0..piece.len() {
            out.clear();
            let (status, _) = d.decode(&piece[i..=i], &mut out, false);
            count += out.chars().count() as u64;
            if let DecodeStatus::Malformed { len, .. } = status {
                count += self.produced_for(&piece[(i + 1).saturating_sub(len)..=i]);
            }
            if count > target {
                let offset = self.piece_start + char_start as u64;
                return (offset, piece[char_start..=i].to_vec());
            }
            if !out.is_empty() || status != DecodeStatus::InputEmpty {
                char_start = i + 1;
            }
        }
        (self.piece_start + piece.len() as u64, Vec::new())
    }

    /// How many characters the policy produces for one malformed sequence.
    pub(super) fn produced_for(&self, bytes: &[u8]) -> u64 {
        match self.policy {
            Policy::Replace => 1,
            Policy::Escape => bytes.len() as u64,
            Policy::Strict | Policy::Discard => 0,
        }
    }
}
