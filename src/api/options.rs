//! What a conversion does besides decoding and encoding: the error policy, byte order
//! marks, line endings and approximations.

#![forbid(unsafe_code)]

use super::formats::{NormalForm, Template, Unmappable};
use crate::convert;

/// What to do with input that cannot be converted as it is: bytes that are ill-formed in
/// the source charset, or characters the target charset cannot hold.
///
/// ```
/// use transcoder::{Options, Policy, Transcoder};
///
/// let t = Transcoder::with_options("UTF-8", "ISO-8859-1", Options::new().policy(Policy::Replace))?;
/// assert_eq!(t.convert_slice("a€b".as_bytes())?, b"a?b");
/// # Ok::<(), transcoder::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Policy {
    /// Stop at the first problem with an [`Error`](crate::Error) that says where it is (the
    /// default).
    #[default]
    Strict,
    /// One U+FFFD per maximal ill-formed subpart of the input; U+FFFD, or `?` where the
    /// target has no U+FFFD, for an unmappable character.
    Replace,
    /// Lossless: each ill-formed byte b becomes the lone surrogate U+DC00+b (PEP 383), and
    /// escaped bytes written back to their charset become the bytes again. Unmappable
    /// characters, and bytes below 0x80, cannot be kept that way and are an error.
    Escape,
    /// Drop what cannot be converted; [`Report`](crate::Report) counts what was dropped.
    Discard,
    /// Python's `backslashreplace` (the command line's `--errors backslash`): each
    /// ill-formed byte as `\xNN`, each unmappable character as `\xNN`, `\uNNNN` or
    /// `\UNNNNNNNN` (unless [`Options::unmappable`] chooses another format). The target
    /// must be able to write backslashes and hex digits.
    ///
    /// ```
    /// use transcoder::{Options, Policy, Transcoder};
    ///
    /// let t = Transcoder::with_options("UTF-8", "US-ASCII", Options::new().policy(Policy::Backslash))?;
    /// assert_eq!(t.convert_slice(b"a\xFF \xC3\xA9")?, b"a\\xff \\xe9");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    Backslash,
    /// Python's `surrogatepass` (the command line's `--errors surrogatepass`): an unpaired
    /// surrogate of UTF-16 or UTF-32 input is written to UTF-8 as its three-byte form (ED A0
    /// 80 for U+D800) and to UTF-16 or UTF-32 as the unit itself; a target that has no form
    /// for it is an [`ErrorKind::NotWritable`](crate::ErrorKind::NotWritable) error, and
    /// anything else that cannot be converted is an error as under [`Policy::Strict`].
    ///
    /// ```
    /// use transcoder::{Options, Policy, Transcoder};
    ///
    /// let t = Transcoder::with_options("UTF-16LE", "UTF-8", Options::new().policy(Policy::SurrogatePass))?;
    /// assert_eq!(t.convert_slice(b"a\0\x00\xD8")?, b"a\xED\xA0\x80");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    SurrogatePass,
}

impl Policy {
    pub(crate) fn internal(self) -> convert::Policy {
        match self {
            Policy::Strict => convert::Policy::Strict,
            Policy::Replace => convert::Policy::Replace,
            Policy::Escape => convert::Policy::Escape,
            Policy::Discard => convert::Policy::Discard,
            // Python's handlers say what becomes of ill-formed input themselves (the
            // options add it); anything else stops the conversion, as in Python.
            Policy::Backslash | Policy::SurrogatePass => convert::Policy::Strict,
        }
    }
}

/// Line endings to write. They are converted on characters, so that a CR LF split between
/// two reads, or written in UTF-16, is still one line break.
///
/// ```
/// use transcoder::{Newline, Options, Transcoder};
///
/// let t = Transcoder::with_options("UTF-8", "UTF-8", Options::new().newline(Newline::Lf))?;
/// assert_eq!(t.convert_slice(b"a\r\nb\rc\n")?, b"a\nb\nc\n");
/// # Ok::<(), transcoder::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Newline {
    /// Leave line endings as they are (the default).
    #[default]
    Keep,
    /// LF, as on Unix.
    Lf,
    /// CR LF, as on Windows.
    Crlf,
    /// CR, as on classic Mac OS.
    Cr,
}

impl Newline {
    pub(crate) fn internal(self) -> convert::Newline {
        match self {
            Newline::Keep => convert::Newline::Keep,
            Newline::Lf => convert::Newline::Lf,
            Newline::Crlf => convert::Newline::Crlf,
            Newline::Cr => convert::Newline::Cr,
        }
    }
}

/// How to convert, built step by step; the default is strict, with line endings kept, a
/// byte order mark that matches the source charset stripped, and none added.
///
/// ```
/// use transcoder::{Newline, Options, Policy};
///
/// let options = Options::new()
///     .policy(Policy::Escape)
///     .newline(Newline::Crlf)
///     .add_bom(true)
///     .name("notes.txt");
/// # let _ = options;
/// ```
#[derive(Clone, Debug)]
pub struct Options {
    pub(crate) policy: Policy,
    pub(crate) newline: Newline,
    pub(crate) transliterate: bool,
    pub(crate) keep_bom: bool,
    pub(crate) add_bom: bool,
    pub(crate) name: String,
    pub(crate) unmappable: Option<Unmappable>,
    pub(crate) byte_format: Option<Template>,
    pub(crate) normalize: Option<NormalForm>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            policy: Policy::Strict,
            newline: Newline::Keep,
            transliterate: false,
            keep_bom: false,
            add_bom: false,
            name: "<input>".to_string(),
            unmappable: None,
            byte_format: None,
            normalize: None,
        }
    }
}

impl Options {
    /// The defaults: strict, line endings kept, a matching BOM stripped, none added.
    ///
    /// ```
    /// let t = transcoder::Transcoder::with_options("UTF-8", "UTF-16LE", transcoder::Options::new())?;
    /// assert_eq!(t.convert_slice(b"\xEF\xBB\xBFhi")?, b"h\0i\0");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn new() -> Options {
        Options::default()
    }

    /// The error policy.
    ///
    /// ```
    /// use transcoder::{Options, Policy, Transcoder};
    ///
    /// let t = Transcoder::with_options("UTF-8", "UTF-16LE", Options::new().policy(Policy::Escape))?;
    /// let wide = t.convert_slice(b"a\xFF")?;
    /// assert_eq!(wide, b"a\0\xFF\xDC"); // 0xFF kept as U+DCFF
    /// let back = Transcoder::with_options("UTF-16LE", "UTF-8", Options::new().policy(Policy::Escape))?;
    /// assert_eq!(back.convert_slice(&wide)?, b"a\xFF");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn policy(mut self, policy: Policy) -> Options {
        self.policy = policy;
        self
    }

    /// The line endings to write.
    ///
    /// ```
    /// use transcoder::{Newline, Options, Transcoder};
    ///
    /// let t = Transcoder::with_options("UTF-8", "UTF-8", Options::new().newline(Newline::Crlf))?;
    /// assert_eq!(t.convert_slice(b"a\nb")?, b"a\r\nb");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn newline(mut self, newline: Newline) -> Options {
        self.newline = newline;
        self
    }

    /// Approximate characters the target cannot hold (`//TRANSLIT`): `€` as `EUR`, `é` as
    /// `e`; `?` where there is no approximation.
    ///
    /// ```
    /// use transcoder::{Options, Transcoder};
    ///
    /// let t = Transcoder::with_options("UTF-8", "US-ASCII", Options::new().transliterate(true))?;
    /// assert_eq!(t.convert_slice("café".as_bytes())?, b"cafe");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn transliterate(mut self, on: bool) -> Options {
        self.transliterate = on;
        self
    }

    /// Keep a byte order mark at the start of the input as U+FEFF in the output, instead of
    /// stripping it.
    ///
    /// ```
    /// use transcoder::{Options, Transcoder};
    ///
    /// let t = Transcoder::with_options("UTF-16LE", "UTF-8", Options::new().keep_bom(true))?;
    /// assert_eq!(t.convert_slice(b"\xFF\xFEh\0")?, b"\xEF\xBB\xBFh");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn keep_bom(mut self, on: bool) -> Options {
        self.keep_bom = on;
        self
    }

    /// Start the output with the target's byte order mark (the unmarked `UTF-16` and
    /// `UTF-32` targets always write one). The target must have one.
    ///
    /// ```
    /// use transcoder::{Options, Transcoder};
    ///
    /// let t = Transcoder::with_options("UTF-8", "UTF-8", Options::new().add_bom(true))?;
    /// assert_eq!(t.convert_slice(b"hi")?, b"\xEF\xBB\xBFhi");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn add_bom(mut self, on: bool) -> Options {
        self.add_bom = on;
        self
    }

    /// The input's name in error messages (default `<input>`).
    ///
    /// ```
    /// use transcoder::{Options, Transcoder};
    ///
    /// let t = Transcoder::with_options("UTF-8", "UTF-16LE", Options::new().name("notes.txt"))?;
    /// let err = t.convert_slice(b"ok\n\xC3").unwrap_err();
    /// assert!(err.to_string().starts_with("notes.txt:2:1"), "{err}");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn name(mut self, name: impl Into<String>) -> Options {
        self.name = name.into();
        self
    }

    /// Write each character the target cannot hold as a code in `format` instead of
    /// stopping, replacing or dropping it (the command line's `--unmappable` and
    /// `--unmappable-format`). Every character the format may write must be one the target
    /// holds (`\` is not in every EBCDIC code page): the conversion is refused at the start
    /// with [`ErrorKind::FormatNotEncodable`](crate::ErrorKind::FormatNotEncodable)
    /// otherwise, rather than failing midway.
    ///
    /// ```
    /// use transcoder::{Options, Template, Transcoder, Unmappable};
    ///
    /// let t = Transcoder::with_options("UTF-8", "GBK", Options::new().unmappable(Unmappable::C99))?;
    /// assert_eq!(t.convert_slice("中😀".as_bytes())?, b"\xD6\xD0\\U0001F600");
    ///
    /// let iconv = Unmappable::Template(Template::new("<U+%04X>")?);
    /// let t = Transcoder::with_options("UTF-8", "US-ASCII", Options::new().unmappable(iconv))?;
    /// assert_eq!(t.convert_slice("café".as_bytes())?, b"caf<U+00E9>");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn unmappable(mut self, format: Unmappable) -> Options {
        self.unmappable = Some(format);
        self
    }

    /// Write each ill-formed input byte by `template` (the command line's `--byte-format`,
    /// libiconv's `--byte-subst`). It takes the place of the policy for ill-formed input, so
    /// it goes with [`Policy::Strict`] (unmappable characters still stop the conversion) or
    /// [`Policy::Discard`] (they are dropped); with another policy the conversion is refused
    /// with [`ErrorKind::ConflictingOptions`](crate::ErrorKind::ConflictingOptions). The
    /// target must hold every character the template may write.
    ///
    /// ```
    /// use transcoder::{Options, Template, Transcoder};
    ///
    /// let options = Options::new().byte_format(Template::new("<0x%02X>")?);
    /// let t = Transcoder::with_options("UTF-8", "UTF-16LE", options)?;
    /// assert_eq!(t.convert_slice(b"a\xFF")?, b"a\0<\00\0x\0F\0F\0>\0");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn byte_format(mut self, template: Template) -> Options {
        self.byte_format = Some(template);
        self
    }

    /// Put the text in a Unicode normalization form between decoding and encoding (the
    /// command line's `--normalize`).
    ///
    /// ```
    /// use transcoder::{NormalForm, Options, Transcoder};
    ///
    /// let t = Transcoder::with_options("UTF-8", "UTF-8", Options::new().normalize(NormalForm::Nfkc))?;
    /// assert_eq!(t.convert_slice("ﬁx²".as_bytes())?, b"fix2");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn normalize(mut self, form: NormalForm) -> Options {
        self.normalize = Some(form);
        self
    }
}
