//! Charsets by name: the labels the command line accepts, resolved the same way.

#![forbid(unsafe_code)]

use super::error::Error;
use crate::codecs::{self, labels};
use std::fmt;

/// A character encoding this crate converts, found by one of its labels.
///
/// Labels are the names `transcode --from`/`--to` accept: canonical names (`GBK`,
/// `UTF-16LE`), aliases (`cp936`, `latin1`), matched without regard to case or to the
/// punctuation people vary (`utf_16le`, `Shift-JIS`). `auto` detects the encoding of an
/// input (it can only be read from).
///
/// ```
/// use transcoder::Charset;
///
/// let gbk = Charset::for_label("x-gbk")?;
/// assert_eq!(gbk.name(), "GBK");
/// assert_eq!(gbk, Charset::for_label("gbk")?);
/// # Ok::<(), transcoder::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Charset(pub(crate) codecs::Charset);

impl Charset {
    /// The charset a label names, or an error that says the nearest known label.
    ///
    /// ```
    /// use transcoder::{Charset, ErrorKind};
    ///
    /// assert_eq!(Charset::for_label("latin1")?.name(), "ISO-8859-1");
    /// let err = Charset::for_label("gbkk").unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::UnknownLabel);
    /// assert!(err.to_string().contains("did you mean GBK?"));
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn for_label(label: &str) -> Result<Charset, Error> {
        labels::resolve(label).map(Charset).map_err(Error::from)
    }

    /// The canonical name: the first label `transcode --list` shows for it.
    ///
    /// ```
    /// assert_eq!(transcoder::Charset::for_label("sjis")?.name(), "Shift_JIS");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// Every other label that names this charset.
    ///
    /// ```
    /// let utf8 = transcoder::Charset::for_label("UTF-8")?;
    /// assert!(utf8.aliases().contains(&"utf8"));
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn aliases(self) -> &'static [&'static str] {
        labels::TABLE
            .iter()
            .find(|e| e.charset() == self.0)
            .map_or(&[], |e| e.aliases)
    }

    /// True when text can be written in this charset (`auto` and a few others can only be
    /// read).
    ///
    /// ```
    /// use transcoder::Charset;
    ///
    /// assert!(Charset::for_label("GB18030")?.can_encode());
    /// assert!(!Charset::for_label("auto")?.can_encode());
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn can_encode(self) -> bool {
        self.0.can_encode()
    }

    /// UTF-8, the charset [`DecodeReader`](crate::DecodeReader) writes and
    /// [`EncodeWriter`](crate::EncodeWriter) reads.
    ///
    /// ```
    /// assert_eq!(transcoder::Charset::utf8().name(), "UTF-8");
    /// ```
    pub fn utf8() -> Charset {
        Charset(labels::UTF_8)
    }
}

impl fmt::Debug for Charset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Charset({})", self.name())
    }
}

impl fmt::Display for Charset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every charset, in the order `transcode --list` shows them.
///
/// ```
/// let names: Vec<&str> = transcoder::charsets().map(|c| c.name()).collect();
/// assert!(names.contains(&"GBK") && names.contains(&"UTF-16LE"));
/// ```
pub fn charsets() -> impl Iterator<Item = Charset> {
    labels::TABLE.iter().map(|e| Charset(e.charset()))
}
