//! What a conversion's policy did.

#![forbid(unsafe_code)]

use crate::convert::Counts;

/// What the policy replaced, dropped, escaped or approximated: all zero for a strict
/// conversion that succeeded.
///
/// ```
/// use transcoder::{Options, Policy, Transcoder};
///
/// let t = Transcoder::with_options("UTF-8", "US-ASCII", Options::new().policy(Policy::Discard))?;
/// let mut out = Vec::new();
/// let report = t.convert(&b"a\xFFb\xC3\xA9"[..], &mut out)?;
/// assert_eq!(out, b"ab");
/// assert_eq!((report.ill_formed, report.unmappable), (1, 1));
/// assert!(report.lossy());
/// # Ok::<(), transcoder::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Report {
    /// Ill-formed sequences replaced or dropped.
    pub ill_formed: u64,
    /// Unmappable characters replaced, dropped, or written as `?` by transliteration.
    pub unmappable: u64,
    /// Bytes escaped to lone surrogates by [`Policy::Escape`](crate::Policy::Escape).
    pub escaped: u64,
    /// Unmappable characters approximated by transliteration.
    pub transliterated: u64,
    /// Unmappable characters written as codes ([`Options::unmappable`],
    /// [`Policy::Backslash`]).
    ///
    /// [`Options::unmappable`]: crate::Options::unmappable
    /// [`Policy::Backslash`]: crate::Policy::Backslash
    pub coded_characters: u64,
    /// Ill-formed input bytes written as codes ([`Options::byte_format`],
    /// [`Policy::Backslash`]).
    ///
    /// [`Options::byte_format`]: crate::Options::byte_format
    /// [`Policy::Backslash`]: crate::Policy::Backslash
    pub coded_bytes: u64,
    /// Unpaired surrogates passed through by
    /// [`Policy::SurrogatePass`](crate::Policy::SurrogatePass).
    pub passed_surrogates: u64,
}

impl Report {
    /// True when something was replaced or dropped (escaping, approximating, writing codes
    /// and passing surrogates lose nothing the user asked to keep).
    ///
    /// ```
    /// let t = transcoder::Transcoder::new("UTF-8", "UTF-16LE")?;
    /// assert!(!t.convert(&b"fine"[..], &mut Vec::new())?.lossy());
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn lossy(&self) -> bool {
        self.ill_formed + self.unmappable > 0
    }
}

impl From<Counts> for Report {
    fn from(c: Counts) -> Report {
        Report {
            ill_formed: c.ill_formed,
            unmappable: c.unmappable + c.unapproximated,
            escaped: c.escaped,
            transliterated: c.transliterated,
            coded_characters: c.coded_chars,
            coded_bytes: c.coded_bytes,
            passed_surrogates: c.passed_surrogates,
        }
    }
}
