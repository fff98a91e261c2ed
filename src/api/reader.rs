//! [`DecodeReader`]: any charset in, UTF-8 out, as a `Read`.

#![forbid(unsafe_code)]

use super::charset::Charset;
use super::error::Error;
use super::options::Options;
use super::report::Report;
use super::session::Session;
use std::io::{self, Read};

/// How much is read from the inner reader at a time.
const CHUNK: usize = 64 * 1024;

/// A reader that decodes another reader's bytes in a given charset and gives UTF-8.
///
/// It reads the inner reader in chunks of 64 KiB, so wrapping it in a `BufReader` is not
/// needed (a `BufReader` around the `DecodeReader`, for `lines()`, is fine). Under the
/// default strict policy, ill-formed input ends reading with an [`io::Error`] of kind
/// `InvalidData` that carries the [`Error`] with its location; the bytes before it have
/// been given out.
///
/// ```
/// use std::io::Read;
/// use transcoder::{Charset, DecodeReader};
///
/// let gbk = b"\xD6\xD0\xCE\xC4 text";
/// let mut text = String::new();
/// DecodeReader::new(&gbk[..], Charset::for_label("GBK")?).read_to_string(&mut text)?;
/// assert_eq!(text, "中文 text");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct DecodeReader<R> {
    inner: R,
    session: Session,
    /// Converted bytes not yet given out: `ready[given..]`.
    ready: Vec<u8>,
    given: usize,
    chunk: Vec<u8>,
    /// An error to give once the bytes converted before it have been read.
    error: Option<Error>,
}

impl<R: Read> DecodeReader<R> {
    /// Decodes `inner` from `charset` with the default [`Options`] (strict, BOM stripped).
    ///
    /// ```
    /// use std::io::Read;
    /// use transcoder::{Charset, DecodeReader};
    ///
    /// let utf16 = b"\xFF\xFEh\0i\0";
    /// let mut text = String::new();
    /// DecodeReader::new(&utf16[..], Charset::for_label("UTF-16")?).read_to_string(&mut text)?;
    /// assert_eq!(text, "hi");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(inner: R, charset: Charset) -> DecodeReader<R> {
        DecodeReader::with_options(inner, charset, Options::new())
    }

    /// Decodes `inner` from `charset` with `options`. Options that contradict each other
    /// (see [`Options::byte_format`]) are reported by the first read, as an `InvalidData`
    /// error carrying an [`Error`] of kind
    /// [`ErrorKind::ConflictingOptions`](crate::ErrorKind::ConflictingOptions), and nothing
    /// is converted.
    ///
    /// ```
    /// use std::io::Read;
    /// use transcoder::{Charset, DecodeReader, Options, Policy};
    ///
    /// let options = Options::new().policy(Policy::Replace);
    /// let mut reader = DecodeReader::with_options(&b"a\xFFb"[..], Charset::for_label("UTF-8")?, options);
    /// let mut text = String::new();
    /// reader.read_to_string(&mut text)?;
    /// assert_eq!(text, "a\u{FFFD}b");
    /// assert_eq!(reader.report().ill_formed, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_options(inner: R, charset: Charset, options: Options) -> DecodeReader<R> {
        // UTF-8 can be written, has a BOM and holds every code; only options that
        // contradict each other are refused, and the first read reports it.
        let (session, error) = match Session::new(charset.0, Charset::utf8().0, &options) {
            Ok(session) => (session, None),
            Err(e) => (Session::stopped(charset.0), Some(e)),
        };
        DecodeReader {
            inner,
            session,
            ready: Vec::new(),
            given: 0,
            chunk: Vec::new(),
            error,
        }
    }

    /// What the policy replaced, dropped, escaped or approximated so far.
    ///
    /// ```
    /// # use transcoder::{Charset, DecodeReader};
    /// let reader = DecodeReader::new(&b""[..], Charset::for_label("GBK")?);
    /// assert_eq!(reader.report(), transcoder::Report::default());
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn report(&self) -> Report {
        self.session.report()
    }

    /// The inner reader.
    ///
    /// ```
    /// # use transcoder::{Charset, DecodeReader};
    /// let reader = DecodeReader::new(std::io::empty(), Charset::for_label("GBK")?);
    /// let _inner: std::io::Empty = reader.into_inner();
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn into_inner(self) -> R {
        self.inner
    }

    /// Reads and converts until some output is ready or the input ends.
    fn refill(&mut self) -> Result<(), Error> {
        self.ready.clear();
        self.given = 0;
        while self.ready.is_empty() && !self.session.is_done() {
            self.chunk.resize(CHUNK, 0);
            let n = loop {
                match self.inner.read(&mut self.chunk) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    result => break result?,
                }
            };
            let converted = if n == 0 {
                self.session.close()
            } else {
                self.session.push(&self.chunk[..n])
            };
            self.session.take_output(&mut self.ready)?;
            if let Err(e) = converted {
                if self.ready.is_empty() {
                    return Err(e);
                }
                self.error = Some(e);
                return Ok(());
            }
        }
        Ok(())
    }
}

impl<R: Read> Read for DecodeReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.given == self.ready.len() {
            if let Some(e) = self.error.take() {
                return Err(e.into());
            }
            self.refill()?;
        }
        let rest = &self.ready[self.given..];
        let n = rest.len().min(buf.len());
        buf[..n].copy_from_slice(&rest[..n]);
        self.given += n;
        Ok(n)
    }
}
