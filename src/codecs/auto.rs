//! `auto`: the pseudo-charset of `--from auto`. The application detects the real charset
//! before converting; until then it reads as UTF-8.

#![forbid(unsafe_code)]

use super::codec::{Codec, Decode, Encode, Family, Locate};
use super::utf8;

/// The pseudo-charset `auto`, for `--from` only.
pub struct Auto;

/// The `auto` pseudo-charset.
pub static AUTO: Auto = Auto;

impl Codec for Auto {
    fn name(&self) -> &'static str {
        "auto"
    }

    fn family(&self) -> Family {
        Family::Unicode
    }

    fn decoder(&self) -> Box<dyn Decode> {
        utf8::UTF_8.decoder()
    }

    fn encoder(&self) -> Box<dyn Encode> {
        utf8::UTF_8.encoder()
    }

    fn can_encode(&self) -> bool {
        false
    }

    fn clean_after(&self, byte: u8) -> bool {
        utf8::UTF_8.clean_after(byte)
    }

    fn locate(&self) -> Locate {
        utf8::UTF_8.locate()
    }

    /// Never split: `auto` is always resolved to a real charset before converting.
    fn is_stateful(&self) -> bool {
        true
    }
}
