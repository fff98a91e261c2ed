//! What to write for what cannot be converted ([`Unmappable`], [`Template`]) and the Unicode
//! normalization forms ([`NormalForm`]): the library's names for the command line's
//! `--unmappable`, `--unmappable-format`, `--byte-format` and `--normalize`. They map onto
//! the converter's own formats; nothing here writes a code itself.

#![forbid(unsafe_code)]

use super::error::{Error, ErrorKind};
use crate::convert::normalize;
use crate::convert::unmappable::{self, CharFormat};
use std::fmt;
use std::str::FromStr;

/// A printf-like template for a code, as GNU libiconv's `--unicode-subst` and
/// `--byte-subst` take it (the command line's `--unmappable-format` and `--byte-format`):
/// literal text with at most one conversion of an unsigned number (`%d`, `%i`, `%u`, `%x`,
/// `%X` or `%o`, with flags, width and precision), and `%%` for a percent sign.
///
/// ```
/// use transcoder::Template;
///
/// let t = Template::new("<U+%04X>")?;
/// assert_eq!(t.render(0x4E2D), "<U+4E2D>");
/// assert_eq!(t.as_str(), "<U+%04X>");
/// # Ok::<(), transcoder::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template(pub(crate) unmappable::Template);

impl Template {
    /// Parses `source`; a template the command line refuses (two conversions, `%s`, a `%`
    /// at the end, a width over 64) is an [`Error`] of kind [`ErrorKind::InvalidTemplate`].
    ///
    /// ```
    /// use transcoder::{ErrorKind, Template};
    ///
    /// assert!(Template::new("&#%d;").is_ok());
    /// let err = Template::new("%s").unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::InvalidTemplate);
    /// assert!(err.to_string().starts_with("template '%s': "), "{err}");
    /// ```
    pub fn new(source: &str) -> Result<Template, Error> {
        match unmappable::Template::parse(source) {
            Ok(t) => Ok(Template(t)),
            Err(why) => Err(Error::refused(
                ErrorKind::InvalidTemplate,
                format!("template '{source}': {why}"),
            )),
        }
    }

    /// The template as it was written.
    ///
    /// ```
    /// assert_eq!(transcoder::Template::new("\\x%02X")?.as_str(), "\\x%02X");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn as_str(&self) -> &str {
        self.0.source()
    }

    /// The template with `value` (a code point or a byte) in its conversion, as printf
    /// would write it.
    ///
    /// ```
    /// let t = transcoder::Template::new("[%#06x] 100%%")?;
    /// assert_eq!(t.render(0xFF), "[0x00ff] 100%");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn render(&self, value: u32) -> String {
        let mut out = String::new();
        self.0.render(value, &mut out);
        out
    }
}

impl FromStr for Template {
    type Err = Error;

    /// As [`Template::new`].
    ///
    /// ```
    /// let t: transcoder::Template = "<0x%02X>".parse()?;
    /// assert_eq!(t.render(7), "<0x07>");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    fn from_str(source: &str) -> Result<Template, Error> {
        Template::new(source)
    }
}

impl fmt::Display for Template {
    /// The template as it was written.
    ///
    /// ```
    /// assert_eq!(transcoder::Template::new("%d")?.to_string(), "%d");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How to write a character the target charset cannot hold, as a visible code instead of
/// an error (the command line's `--unmappable` and `--unmappable-format`). It applies
/// whatever the [`Policy`](crate::Policy), after transliteration where that is on, and
/// only to unmappable characters, never to ill-formed input.
///
/// ```
/// use transcoder::{Options, Transcoder, Unmappable};
///
/// let t = Transcoder::with_options("UTF-8", "ISO-8859-1", Options::new().unmappable(Unmappable::XmlDec))?;
/// assert_eq!(t.convert_slice("é中".as_bytes())?, b"\xE9&#20013;");
/// # Ok::<(), transcoder::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unmappable {
    /// Python's `backslashreplace`: `\xe9`, `\u4e2d`, `\U0001f600`.
    Backslash,
    /// Python's `xmlcharrefreplace`, ICU's `escape-xml-dec`: `&#20013;`.
    XmlDec,
    /// ICU's `escape-xml-hex`: `&#x4E2D;`.
    XmlHex,
    /// An HTML 4 named entity where there is one (`&eacute;`), else as
    /// [`Unmappable::XmlDec`].
    Html,
    /// Python's `namereplace`: `\N{CJK UNIFIED IDEOGRAPH-4E2D}`; as
    /// [`Unmappable::Backslash`] for a character without a name.
    Name,
    /// ICU's `escape-java`: `\u4E2D`, astral characters as two UTF-16 units `\uD83D\uDE00`.
    Java,
    /// ICU's `escape-c`, C99's universal character names: `\u4E2D`, `\U0001F600`.
    C99,
    /// A CSS escape: `\4E2D ` (the space ends it, whatever follows).
    Css,
    /// ICU's `escape` and `escape-icu`: `%U4E2D`, astral characters as two units.
    Icu,
    /// ICU's `escape-unicode`: `{U+4E2D}`.
    Unicode,
    /// A printf-like template applied to the code point, as libiconv's `--unicode-subst`.
    Template(Template),
}

impl Unmappable {
    /// The code written for `c`.
    ///
    /// ```
    /// use transcoder::{Template, Unmappable};
    ///
    /// assert_eq!(Unmappable::Backslash.code('😀'), "\\U0001f600");
    /// assert_eq!(Unmappable::Html.code('é'), "&eacute;");
    /// assert_eq!(Unmappable::Name.code('中'), "\\N{CJK UNIFIED IDEOGRAPH-4E2D}");
    /// assert_eq!(Unmappable::Java.code('😀'), "\\uD83D\\uDE00");
    /// assert_eq!(Unmappable::Template(Template::new("<U+%04X>")?).code('é'), "<U+00E9>");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn code(&self, c: char) -> String {
        self.internal().code(c)
    }

    pub(crate) fn internal(&self) -> CharFormat {
        match self {
            Unmappable::Backslash => CharFormat::Backslash,
            Unmappable::XmlDec => CharFormat::XmlDec,
            Unmappable::XmlHex => CharFormat::XmlHex,
            Unmappable::Html => CharFormat::Html,
            Unmappable::Name => CharFormat::Name,
            Unmappable::Java => CharFormat::Java,
            Unmappable::C99 => CharFormat::C99,
            Unmappable::Css => CharFormat::Css,
            Unmappable::Icu => CharFormat::Icu,
            Unmappable::Unicode => CharFormat::Unicode,
            Unmappable::Template(t) => CharFormat::Template(t.0.clone()),
        }
    }
}

/// A Unicode normalization form (UAX #15), applied to the text between decoding and
/// encoding (the command line's `--normalize`), in a streaming form that gives the same
/// output however the input is split.
///
/// ```
/// use transcoder::{NormalForm, Options, Transcoder};
///
/// // macOS-decomposed "é" (e + U+0301) to one character.
/// let t = Transcoder::with_options("UTF-8", "UTF-8", Options::new().normalize(NormalForm::Nfc))?;
/// assert_eq!(t.convert_slice(b"e\xCC\x81")?, "é".as_bytes());
/// # Ok::<(), transcoder::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NormalForm {
    /// Canonical composition (é as one character): what most text on the web is in.
    Nfc,
    /// Canonical decomposition (é as e and a combining accent), as macOS file names have it.
    Nfd,
    /// Compatibility composition: NFC, and also ligatures, fullwidth forms, superscripts and
    /// the like replaced by their plain equivalents (`ﬁ` as `fi`).
    Nfkc,
    /// Compatibility decomposition.
    Nfkd,
}

impl NormalForm {
    /// The form's name, as `--normalize` takes it (in upper case).
    ///
    /// ```
    /// assert_eq!(transcoder::NormalForm::Nfkd.name(), "NFKD");
    /// ```
    pub fn name(self) -> &'static str {
        self.internal().name()
    }

    pub(crate) fn internal(self) -> normalize::NormalForm {
        match self {
            NormalForm::Nfc => normalize::NormalForm::Nfc,
            NormalForm::Nfd => normalize::NormalForm::Nfd,
            NormalForm::Nfkc => normalize::NormalForm::Nfkc,
            NormalForm::Nfkd => normalize::NormalForm::Nfkd,
        }
    }
}
