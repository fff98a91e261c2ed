//! The pipeline's side of `--unmappable`, `--byte-format`, `--errors backslash` and
//! `--errors surrogatepass`: codes written through the encoder in place of what cannot be
//! converted (the formats themselves are in [`crate::convert::unmappable`]).

#![forbid(unsafe_code)]

use super::*;
use crate::convert::unmappable;

impl Converter<'_> {
    /// Writes the code of the unmappable character `c` (at byte `index` of the block).
    /// Returns whether that stops the conversion: never, unless the target cannot hold the
    /// code (which the start-up check rules out for the command line).
    pub(super) fn write_char_code(&mut self, c: char, index: usize) -> Result<bool, Failure> {
        let mut code = std::mem::take(&mut self.scratch);
        code.clear();
        if let Some(format) = &self.opts.unmappable {
            format.write(c, &mut code);
        }
        let written = self.write_code(&code);
        self.scratch = code;
        if written {
            self.counts.coded_chars += 1;
            return Ok(false);
        }
        self.unmapped.push(Unmapped {
            ch: c,
            index,
            pos: self.pos,
            piece_chars: self.piece_chars,
            held: false,
            source_len: c.len_utf8(),
        });
        Ok(true)
    }

    /// Deals with ill-formed input as `--byte-format`, `--errors backslash` or `--errors
    /// surrogatepass` ask. Returns how many characters that produced (the count error
    /// positions go by), or `None` when it is the policy's to deal with.
    pub(super) fn bad_input(
        &mut self,
        at: Location,
        bytes: &[u8],
        problem: Problem,
    ) -> Result<Option<u64>, Failure> {
        match &self.opts.bad_input {
            None => Ok(None),
            Some(BadInput::Codes(format)) => {
                let mut code = std::mem::take(&mut self.scratch);
                code.clear();
                format.write(bytes, &mut code);
                let written = self.write_code(&code);
                if !written {
                    let target = self.encoder.charset().name();
                    let reason = format!("{target} cannot hold the code {code:?}");
                    return Err(self.not_writable(at, bytes, "--byte-format", reason).into());
                }
                self.scratch = code;
                // Counted as one character a byte, as escapes are.
                self.counts.coded_bytes += bytes.len() as u64;
                Ok(Some(bytes.len() as u64))
            }
            Some(BadInput::SurrogatePass) => self.pass_surrogate(at, bytes, problem),
        }
    }

    /// Python's `surrogatepass`: an unpaired surrogate goes through (see
    /// [`unmappable::pass_surrogate`]); other ill-formed input is the policy's.
    fn pass_surrogate(
        &mut self,
        at: Location,
        bytes: &[u8],
        problem: Problem,
    ) -> Result<Option<u64>, Failure> {
        let (Problem::LoneSurrogate(unit) | Problem::Ucs2Surrogate(unit)) = problem else {
            return Ok(None);
        };
        // A surrogate cut short by the end of the input has a stray byte after it: that
        // byte is ill-formed, which is the policy's.
        if bytes.len() != self.charset.form().unit() {
            return Ok(None);
        }
        if !unmappable::pass_surrogate(unit, &mut self.encoder, &mut self.out.buf) {
            let reason = format!(
                "surrogatepass writes the unpaired surrogate U+{unit:04X} only to UTF-8, UTF-16 \
                 or UTF-32, not {}",
                self.encoder.charset().name()
            );
            return Err(self
                .not_writable(at, bytes, "--errors surrogatepass", reason)
                .into());
        }
        self.counts.passed_surrogates += 1;
        Ok(Some(1))
    }

    /// Writes a code through the encoder; false (with whatever part of it the encoder took
    /// written) when the target cannot hold all of it.
    fn write_code(&mut self, code: &str) -> bool {
        let (status, _) = self.encoder.encode(code, &mut self.out.buf, false);
        status == EncodeStatus::Done
    }

    fn not_writable(
        &self,
        at: Location,
        bytes: &[u8],
        option: &'static str,
        reason: String,
    ) -> ConvError {
        ConvError::NotWritable {
            file: self.file.to_string(),
            at,
            bytes: bytes.to_vec(),
            option,
            reason,
        }
    }
}
