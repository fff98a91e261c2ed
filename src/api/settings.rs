//! [`Options`] checked into the converter's [`Settings`], as `app::settings` checks the
//! command line: the same refusals (a read-only target, a BOM the target lacks, a byte
//! format beside a policy that says itself what to do with ill-formed input, codes the
//! target cannot write), as typed errors.

#![forbid(unsafe_code)]

use super::error::{Error, ErrorKind};
use super::options::{Options, Policy};
use crate::app::settings::Settings;
use crate::codecs::Charset;
use crate::codecs::bom;
use crate::convert::unmappable::{self, BadInput, ByteFormat, CharFormat};

/// The settings converting `from` → `to` with `options` calls for, or why it cannot be done.
pub(crate) fn settings(from: Charset, to: Charset, options: &Options) -> Result<Settings, Error> {
    if !to.can_encode() {
        let message = format!("'{}' can only be read, not written", to.name());
        return Err(Error::unsupported(message));
    }
    if options.add_bom && bom::output_bom(to).is_none() {
        let message = format!("{} has no byte order mark", to.name());
        return Err(Error::unsupported(message));
    }
    let mut settings = Settings::new(from, to, options.policy.internal());
    settings.keep_bom = options.keep_bom;
    settings.add_bom = options.add_bom;
    settings.newline = options.newline.internal();
    settings.translit = options.transliterate;
    settings.normalize = options.normalize.map(|f| f.internal());
    settings.unmappable = options.unmappable.as_ref().map(|u| u.internal());
    settings.bad_input = match (&options.byte_format, options.policy) {
        (Some(t), Policy::Strict | Policy::Discard) => {
            Some(BadInput::Codes(ByteFormat::Template(t.0.clone())))
        }
        (Some(_), other) => {
            let message = format!(
                "Options::byte_format cannot be combined with Policy::{other:?} (it says \
                 itself what to write for ill-formed input); use Policy::Strict or \
                 Policy::Discard"
            );
            return Err(Error::refused(ErrorKind::ConflictingOptions, message));
        }
        (None, Policy::Backslash) => {
            // `--errors backslash`: an unmappable format chosen apart takes precedence.
            settings.unmappable.get_or_insert(CharFormat::Backslash);
            Some(BadInput::Codes(ByteFormat::Backslash))
        }
        (None, Policy::SurrogatePass) => Some(BadInput::SurrogatePass),
        (None, _) => None,
    };
    check_codes(&settings, options)?;
    Ok(settings)
}

/// Refuses a format whose codes the target cannot write, before anything is converted.
fn check_codes(settings: &Settings, options: &Options) -> Result<(), Error> {
    let to = settings.to;
    let char_option = if options.unmappable.is_some() {
        "Options::unmappable"
    } else {
        "Policy::Backslash"
    };
    let byte_option = if options.byte_format.is_some() {
        "Options::byte_format"
    } else {
        "Policy::Backslash"
    };
    match unmappable::unwritable_codes(
        to,
        settings.unmappable.as_ref(),
        settings.bad_input.as_ref(),
        char_option,
        byte_option,
    ) {
        Some(message) => Err(Error::refused(ErrorKind::FormatNotEncodable, message)),
        None => Ok(()),
    }
}
