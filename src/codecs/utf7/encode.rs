//! The UTF-7 encoder: direct characters as themselves, the others in base64 runs that end
//! with `-` where the next character would otherwise be read as part of the run (always in
//! IMAP, and at the end of the output), as glibc, Python and ICU write them.
//!
//! Escaped bytes (U+DC00..U+DCFF under `--errors escape`) are written back as the raw bytes.
//! They come from the pieces the decoder cut (see `decode.rs`), and each piece must decode
//! the same way again after the text written before it. So the encoder does not close its
//! own run before them, unless the first is the shift character (which then starts a new
//! run in the input too); and it follows what the decoder makes of the raw bytes (whether
//! they leave a base64 run open), so that the next character is written where it will be
//! read as itself. Lone surrogates other than those go into a run as units.

use super::{Flavor, Syntax, is_set_d};
use crate::codecs::codec::{Encode, EncodeStatus};

/// The UTF-7 encoder.
pub struct Utf7Encoder {
    syntax: Syntax,
    /// Which characters are written directly.
    direct: [bool; 128],
    /// Our own base64 run is open, with `nbits` bits not yet written.
    open: bool,
    bits: u32,
    nbits: u32,
    /// The last unit written in the run was a lone high surrogate.
    after_high: bool,
    /// Raw bytes written last left the decoder in a base64 run.
    raw_run: bool,
}

impl Utf7Encoder {
    /// An encoder for `flavor`.
    pub fn new(syntax: Syntax, flavor: Flavor) -> Utf7Encoder {
        let mut direct = [false; 128];
        for (b, d) in direct.iter_mut().enumerate() {
            let b = b as u8;
            *d = match flavor {
                Flavor::Imap => (0x20..0x7F).contains(&b) && b != b'&',
                Flavor::Mail => is_set_d(b) || matches!(b, b' ' | b'\t' | b'\r' | b'\n'),
                Flavor::MailOptional => syntax.direct_in(b),
            };
        }
        direct[usize::from(syntax.shift)] = false;
        Utf7Encoder {
            syntax,
            direct,
            open: false,
            bits: 0,
            nbits: 0,
            after_high: false,
            raw_run: false,
        }
    }

    fn is_digit(&self, b: u8) -> bool {
        self.syntax.digit_value(b).is_some()
    }

    /// Writes the bits left in our run as a last digit, padded with zeros.
    fn flush_bits(&mut self, dst: &mut Vec<u8>) {
        if self.nbits > 0 {
            dst.push(self.syntax.digit((self.bits << (6 - self.nbits)) & 0x3F));
            (self.bits, self.nbits) = (0, 0);
        }
    }

    /// Closes our run before `next` (a direct byte, or `None` for the end): `-` where `next`
    /// would otherwise be read as part of the run.
    fn close(&mut self, next: Option<u8>, dst: &mut Vec<u8>) {
        self.flush_bits(dst);
        let needs_dash = match next {
            None => true,
            Some(b) => self.syntax.imap || b == b'-' || self.is_digit(b),
        };
        if needs_dash {
            dst.push(b'-');
        }
        self.open = false;
    }

    /// Opens a run of our own (closing a run that raw bytes left open first).
    fn open_run(&mut self, dst: &mut Vec<u8>) {
        if self.open {
            return;
        }
        if self.raw_run {
            dst.push(b'-');
            self.raw_run = false;
        }
        dst.push(self.syntax.shift);
        self.open = true;
        self.after_high = false;
    }

    fn push_unit(&mut self, unit: u16, dst: &mut Vec<u8>) {
        self.bits = (self.bits << 16) | u32::from(unit);
        self.nbits += 16;
        while self.nbits >= 6 {
            self.nbits -= 6;
            dst.push(self.syntax.digit((self.bits >> self.nbits) & 0x3F));
        }
        self.bits &= (1 << self.nbits) - 1;
    }

    /// Writes an ASCII character directly.
    fn push_direct(&mut self, b: u8, dst: &mut Vec<u8>) {
        if self.open {
            self.close(Some(b), dst);
        } else if self.raw_run {
            if b == b'-' || self.is_digit(b) {
                dst.push(b'-');
            }
            self.raw_run = false;
        }
        dst.push(b);
    }

    fn push_char(&mut self, c: char, dst: &mut Vec<u8>) {
        let shift = char::from(self.syntax.shift);
        if c == shift && (self.syntax.imap || !self.open) {
            // `+-` and `&-`; UTF-7 writes a `+` inside a run as base64, as its peers do.
            self.push_direct(self.syntax.shift, dst);
            dst.push(b'-');
            return;
        }
        if let Some(&direct) = self.direct.get(c as usize) {
            let b = c as u8;
            // After raw bytes that left a run open, a character the decoder takes directly
            // ends that run as the input's did (`+!` is a lone `+`, then `!`), even one this
            // flavour would otherwise write in base64.
            let ends_raw_run =
                self.raw_run && self.syntax.direct_in(b) && b != b'-' && !self.is_digit(b);
            if direct || ends_raw_run {
                self.push_direct(b, dst);
                return;
            }
        }
        self.open_run(dst);
        let mut units = [0u16; 2];
        for &unit in c.encode_utf16(&mut units).iter() {
            self.push_unit(unit, dst);
        }
        self.after_high = false;
    }

    /// Writes the characters at the start of `src` that go into base64 as one run, with the
    /// bits in registers; returns how many bytes of `src` it used. (The shift character and
    /// whatever follows raw bytes go the general way.)
    fn base64_run(&mut self, src: &str, dst: &mut Vec<u8>) -> usize {
        if self.raw_run {
            return 0;
        }
        let shift = self.syntax.shift;
        let (mut bits, mut nbits) = (self.bits, self.nbits);
        let mut used = 0;
        let mut units = [0u16; 2];
        for c in src.chars() {
            let direct = self.direct.get(c as usize).is_some_and(|&d| d);
            if direct || c == char::from(shift) {
                break;
            }
            if !self.open {
                dst.push(shift);
                self.open = true;
            }
            for &unit in c.encode_utf16(&mut units).iter() {
                bits = (bits << 16) | u32::from(unit);
                nbits += 16;
                while nbits >= 6 {
                    nbits -= 6;
                    dst.push(self.syntax.digit(bits >> nbits));
                }
                bits &= (1 << nbits) - 1;
            }
            used += c.len_utf8();
        }
        if used > 0 {
            (self.bits, self.nbits, self.after_high) = (bits, nbits, false);
        }
        used
    }

    /// Writes an escaped byte back as itself.
    fn push_raw(&mut self, r: u8, dst: &mut Vec<u8>) {
        if self.open {
            self.flush_bits(dst);
            // An IMAP run is always closed; a byte after it that is no digit did not
            // continue it in the input.
            if r == self.syntax.shift || (self.syntax.imap && !self.is_digit(r)) {
                dst.push(b'-');
            } else {
                // The decoder goes on with our run into the raw bytes.
                self.raw_run = true;
            }
            self.open = false;
        }
        // What the decoder makes of `r`.
        if self.raw_run && !self.is_digit(r) {
            self.raw_run = false;
            if r == b'-' {
                dst.push(r);
                return;
            }
        }
        if !self.raw_run && r == self.syntax.shift {
            self.raw_run = true;
        }
        dst.push(r);
    }
}

impl Encode for Utf7Encoder {
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, last: bool) -> (EncodeStatus, usize) {
        dst.reserve(src.len() + src.len() / 2);
        let bytes = src.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if !self.open && !self.raw_run {
                // Direct characters with no run to close: copied at once.
                let n = bytes[i..]
                    .iter()
                    .position(|&b| !self.direct.get(usize::from(b)).is_some_and(|&d| d))
                    .unwrap_or(bytes.len() - i);
                dst.extend_from_slice(&bytes[i..i + n]);
                i += n;
            }
            i += self.base64_run(&src[i..], dst);
            let Some(c) = src.get(i..).and_then(|rest| rest.chars().next()) else {
                break;
            };
            self.push_char(c, dst);
            i += c.len_utf8();
        }
        if last && self.open {
            self.close(None, dst);
        }
        (EncodeStatus::Done, src.len())
    }

    fn encode_surrogate(&mut self, unit: u16, dst: &mut Vec<u8>) -> bool {
        if (0xDC00..=0xDCFF).contains(&unit) {
            self.push_raw((unit - 0xDC00) as u8, dst);
            return true;
        }
        // A lone low surrogate right after a lone high one would pair with it: a new run.
        if self.open && self.after_high && (0xDC00..0xE000).contains(&unit) {
            self.close(None, dst);
        }
        self.open_run(dst);
        self.push_unit(unit, dst);
        self.after_high = (0xD800..0xDC00).contains(&unit);
        true
    }
}
