//! [`Transcoder`]: any charset to any other, over `Read`/`Write` or slices, and the one-shot
//! helpers [`to_utf8`] and [`from_utf8`].

#![forbid(unsafe_code)]

use super::charset::Charset;
use super::error::Error;
use super::options::Options;
use super::report::Report;
use super::session::Session;
use std::io::{self, Read, Write};

/// How much is read at a time.
const CHUNK: usize = 256 * 1024;

/// Something that names a charset: a [`Charset`], or a label (`&str`, `String`) resolved by
/// [`Charset::for_label`].
///
/// ```
/// use transcoder::{Charset, Transcoder};
///
/// let by_label = Transcoder::new("gbk", "utf-8")?;
/// let by_charset = Transcoder::new(Charset::for_label("GBK")?, Charset::utf8())?;
/// assert_eq!(by_label.from(), by_charset.from());
/// # Ok::<(), transcoder::Error>(())
/// ```
pub trait ToCharset {
    /// The charset, or why the label names none.
    fn to_charset(self) -> Result<Charset, Error>;
}

impl ToCharset for Charset {
    fn to_charset(self) -> Result<Charset, Error> {
        Ok(self)
    }
}

impl ToCharset for &str {
    fn to_charset(self) -> Result<Charset, Error> {
        Charset::for_label(self)
    }
}

impl ToCharset for &String {
    fn to_charset(self) -> Result<Charset, Error> {
        Charset::for_label(self)
    }
}

/// A conversion from one charset to another, with its [`Options`], to run on as many
/// inputs as wanted (each input is converted on its own: its own BOM, its own line count).
///
/// ```
/// use transcoder::Transcoder;
///
/// let t = Transcoder::new("Shift_JIS", "UTF-16BE")?;
/// assert_eq!(t.convert_slice(b"\x82\xA0")?, b"\x30\x42"); // あ
/// # Ok::<(), transcoder::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Transcoder {
    from: Charset,
    to: Charset,
    options: Options,
}

impl Transcoder {
    /// A strict conversion from `from` to `to`; fails for a label that names no charset or
    /// a target that can only be read.
    ///
    /// ```
    /// use transcoder::{ErrorKind, Transcoder};
    ///
    /// assert!(Transcoder::new("auto", "UTF-8").is_ok());
    /// assert_eq!(Transcoder::new("UTF-8", "auto").unwrap_err().kind(), ErrorKind::Unsupported);
    /// ```
    pub fn new(from: impl ToCharset, to: impl ToCharset) -> Result<Transcoder, Error> {
        Transcoder::with_options(from, to, Options::new())
    }

    /// A conversion from `from` to `to` with `options`.
    ///
    /// ```
    /// use transcoder::{Options, Policy, Transcoder};
    ///
    /// let t = Transcoder::with_options("UTF-8", "GBK", Options::new().policy(Policy::Replace))?;
    /// assert_eq!(t.convert_slice("中\u{1F600}".as_bytes())?, b"\xD6\xD0?");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn with_options(
        from: impl ToCharset,
        to: impl ToCharset,
        options: Options,
    ) -> Result<Transcoder, Error> {
        let (from, to) = (from.to_charset()?, to.to_charset()?);
        // Refused options are refused here, not at the first conversion.
        Session::new(from.0, to.0, &options)?;
        Ok(Transcoder { from, to, options })
    }

    /// The source charset.
    ///
    /// ```
    /// assert_eq!(transcoder::Transcoder::new("x-gbk", "UTF-8")?.from().name(), "GBK");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn from(&self) -> Charset {
        self.from
    }

    /// The target charset.
    ///
    /// ```
    /// assert_eq!(transcoder::Transcoder::new("UTF-8", "utf16le")?.to().name(), "UTF-16LE");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn to(&self) -> Charset {
        self.to
    }

    /// Converts everything `reader` gives into `writer`, in pieces of bounded size, and
    /// flushes `writer`. On an error, what was converted before it has been written.
    ///
    /// ```
    /// use transcoder::Transcoder;
    ///
    /// let mut out = Vec::new();
    /// Transcoder::new("ISO-8859-1", "UTF-8")?.convert(&b"caf\xE9"[..], &mut out)?;
    /// assert_eq!(out, "café".as_bytes());
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn convert(&self, mut reader: impl Read, mut writer: impl Write) -> Result<Report, Error> {
        let mut session = Session::new(self.from.0, self.to.0, &self.options)?;
        let mut chunk = vec![0; CHUNK];
        let mut out = Vec::new();
        while !session.is_done() {
            let n = loop {
                match reader.read(&mut chunk) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    result => break result?,
                }
            };
            let converted = match chunk.get(..n) {
                Some(bytes) if n > 0 => session.push(bytes),
                _ => session.close(),
            };
            session.take_output(&mut out)?;
            writer.write_all(&out)?;
            out.clear();
            converted?;
        }
        writer.flush()?;
        Ok(session.report())
    }

    /// Converts `input` in memory.
    ///
    /// ```
    /// let t = transcoder::Transcoder::new("UTF-16LE", "UTF-8")?;
    /// assert_eq!(t.convert_slice(b"o\0k\0")?, b"ok");
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn convert_slice(&self, input: &[u8]) -> Result<Vec<u8>, Error> {
        let mut out = Vec::with_capacity(input.len());
        self.convert(input, &mut out)?;
        Ok(out)
    }
}

/// Decodes `bytes` from the charset `label` names into a `String`, strictly (a BOM that
/// matches is stripped).
///
/// ```
/// assert_eq!(transcoder::to_utf8(b"\xD6\xD0\xCE\xC4", "gbk")?, "中文");
/// # Ok::<(), transcoder::Error>(())
/// ```
pub fn to_utf8(bytes: &[u8], label: &str) -> Result<String, Error> {
    let utf8 = Transcoder::new(label, Charset::utf8())?.convert_slice(bytes)?;
    // A strict conversion writes only well-formed UTF-8.
    String::from_utf8(utf8).map_err(|e| Error::unsupported(e.to_string()))
}

/// Encodes `text` into the charset `label` names, strictly.
///
/// ```
/// assert_eq!(transcoder::from_utf8("中文", "GB18030")?, b"\xD6\xD0\xCE\xC4");
/// # Ok::<(), transcoder::Error>(())
/// ```
pub fn from_utf8(text: &str, label: &str) -> Result<Vec<u8>, Error> {
    Transcoder::new(Charset::utf8(), label)?.convert_slice(text.as_bytes())
}
