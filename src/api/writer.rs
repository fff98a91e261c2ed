//! [`EncodeWriter`]: UTF-8 in, any charset out, as a `Write`.

#![forbid(unsafe_code)]

use super::charset::Charset;
use super::error::Error;
use super::options::Options;
use super::report::Report;
use super::session::Session;
use std::io::{self, Write};

/// The most bytes taken by one `write` call: enough to convert in large pieces, and a bound
/// on the memory one call holds.
const MAX_WRITE: usize = 256 * 1024;

/// A writer that takes UTF-8 and writes it to another writer in a given charset.
///
/// Call [`EncodeWriter::finish`] at the end: it converts what is still held (a character
/// cut between two writes, a final CR under newline conversion, the return to ASCII of a
/// stateful charset) and reports an error that `Drop` would have to swallow. A character
/// the target cannot hold is an [`io::Error`] of kind `InvalidData` carrying the
/// [`Error`], under the default strict policy.
///
/// ```
/// use std::io::Write;
/// use transcoder::{Charset, EncodeWriter};
///
/// let mut writer = EncodeWriter::new(Vec::new(), Charset::for_label("UTF-16LE")?)?;
/// writer.write_all("hé".as_bytes())?;
/// let bytes = writer.finish()?;
/// assert_eq!(bytes, b"h\0\xE9\0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct EncodeWriter<W: Write> {
    inner: W,
    session: Session,
    out: Vec<u8>,
}

impl<W: Write> EncodeWriter<W> {
    /// Encodes into `inner` in `charset` with the default [`Options`]; fails for a charset
    /// that can only be read.
    ///
    /// ```
    /// use transcoder::{Charset, EncodeWriter, ErrorKind};
    ///
    /// let auto = Charset::for_label("auto")?;
    /// let err = EncodeWriter::new(Vec::new(), auto).err().map(|e| e.kind());
    /// assert_eq!(err, Some(ErrorKind::Unsupported));
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn new(inner: W, charset: Charset) -> Result<EncodeWriter<W>, Error> {
        EncodeWriter::with_options(inner, charset, Options::new())
    }

    /// Encodes into `inner` in `charset` with `options`.
    ///
    /// ```
    /// use std::io::Write;
    /// use transcoder::{Charset, EncodeWriter, Newline, Options};
    ///
    /// let options = Options::new().newline(Newline::Crlf).add_bom(true);
    /// let mut writer = EncodeWriter::with_options(Vec::new(), Charset::for_label("UTF-16LE")?, options)?;
    /// writer.write_all(b"a\n")?;
    /// assert_eq!(writer.finish()?, b"\xFF\xFEa\0\r\0\n\0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_options(
        inner: W,
        charset: Charset,
        options: Options,
    ) -> Result<EncodeWriter<W>, Error> {
        Ok(EncodeWriter {
            inner,
            session: Session::new(Charset::utf8().0, charset.0, &options)?,
            out: Vec::new(),
        })
    }

    /// Converts what is still held, writes it, flushes the inner writer and returns it.
    ///
    /// ```
    /// use std::io::Write;
    /// use transcoder::{Charset, EncodeWriter};
    ///
    /// let mut writer = EncodeWriter::new(Vec::new(), Charset::for_label("GBK")?)?;
    /// writer.write_all(&"中".as_bytes()[..1])?; // half a character: held
    /// writer.write_all(&"中".as_bytes()[1..])?;
    /// assert_eq!(writer.finish()?, b"\xD6\xD0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn finish(mut self) -> Result<W, Error> {
        self.try_finish()?;
        Ok(self.inner)
    }

    /// [`EncodeWriter::finish`] without giving up the writer, so that [`report`] can count
    /// what the end converted; writing after it is an error.
    ///
    /// [`report`]: EncodeWriter::report
    ///
    /// ```
    /// use std::io::Write;
    /// use transcoder::{Charset, EncodeWriter, Options, Policy};
    ///
    /// let options = Options::new().policy(Policy::Discard);
    /// let mut writer = EncodeWriter::with_options(Vec::new(), Charset::for_label("US-ASCII")?, options)?;
    /// writer.write_all("naïve".as_bytes())?;
    /// writer.try_finish()?;
    /// assert_eq!(writer.report().unmappable, 1);
    /// assert_eq!(writer.into_inner(), b"nave");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_finish(&mut self) -> Result<(), Error> {
        let closed = self.session.close();
        self.pass_on()?;
        closed?;
        self.inner.flush()?;
        Ok(())
    }

    /// The inner writer, without finishing: what is still held is dropped.
    ///
    /// ```
    /// # use transcoder::{Charset, EncodeWriter};
    /// let writer = EncodeWriter::new(Vec::new(), Charset::for_label("GBK")?)?;
    /// assert!(writer.into_inner().is_empty());
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn into_inner(self) -> W {
        self.inner
    }

    /// What the policy replaced, dropped, escaped or approximated so far.
    ///
    /// ```
    /// use std::io::Write;
    /// use transcoder::{Charset, EncodeWriter, Options, Policy};
    ///
    /// let options = Options::new().policy(Policy::Replace);
    /// let mut writer = EncodeWriter::with_options(Vec::new(), Charset::for_label("ISO-8859-1")?, options)?;
    /// writer.write_all("1 €\n".as_bytes())?;
    /// writer.flush()?;
    /// assert_eq!(writer.report().unmappable, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn report(&self) -> Report {
        self.session.report()
    }

    /// The inner writer.
    ///
    /// ```
    /// # use transcoder::{Charset, EncodeWriter};
    /// let writer = EncodeWriter::new(Vec::new(), Charset::for_label("GBK")?)?;
    /// assert!(writer.get_ref().is_empty());
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn get_ref(&self) -> &W {
        &self.inner
    }

    /// Writes what has been converted to the inner writer.
    fn pass_on(&mut self) -> Result<(), Error> {
        self.session.take_output(&mut self.out)?;
        self.inner.write_all(&self.out)?;
        self.out.clear();
        Ok(())
    }
}

impl<W: Write> Write for EncodeWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = buf.len().min(MAX_WRITE);
        let pushed = self.session.push(&buf[..n]);
        self.pass_on()?;
        pushed?;
        Ok(n)
    }

    /// Writes what has been converted and flushes the inner writer; a character cut by the
    /// end of the last write stays held until the rest comes.
    fn flush(&mut self) -> io::Result<()> {
        self.pass_on()?;
        self.inner.flush()
    }
}
