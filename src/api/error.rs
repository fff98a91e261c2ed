//! The one error type of the library: what went wrong, and where in the input.

#![forbid(unsafe_code)]

use crate::codecs::labels::LabelError;
use crate::convert::{ConvError, Failure};
use std::fmt;
use std::io;

/// Why a conversion stopped, or why it could not start.
///
/// A conversion error ([`ErrorKind::IllFormed`], [`ErrorKind::Truncated`],
/// [`ErrorKind::Unmappable`],
/// [`ErrorKind::Unescapable`], [`ErrorKind::BomMismatch`]) says where in the input it is:
/// the byte offset, the line and the column (in characters), and the bytes concerned. Its
/// message is the one the command line prints.
///
/// ```
/// use transcoder::{ErrorKind, Transcoder};
///
/// let t = Transcoder::new("GBK", "UTF-8")?;
/// let err = t.convert_slice(b"ab\n\xD6\xD0\xFF\x30").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::IllFormed);
/// assert_eq!((err.offset(), err.line(), err.column()), (Some(5), Some(2), Some(2)));
/// assert_eq!(err.bytes(), b"\xFF");
/// # Ok::<(), transcoder::Error>(())
/// ```
#[derive(Debug)]
pub struct Error {
    repr: Repr,
}

#[derive(Debug)]
enum Repr {
    Convert(ConvError),
    Io(io::Error),
    Label(LabelError),
    /// Refused before converting: a read-only target, contradictory options, a template.
    Refused(ErrorKind, String),
}

/// What kind of [`Error`] it is.
///
/// ```
/// use transcoder::{Charset, ErrorKind};
///
/// let err = Charset::for_label("replacement").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::UnsupportedLabel);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Bytes that are not well-formed in the source charset.
    IllFormed,
    /// Input that ends inside a character or a shift sequence of the source charset (a
    /// truncated file): the last bytes begin a sequence that the end cut short.
    ///
    /// ```
    /// use transcoder::ErrorKind;
    ///
    /// let err = transcoder::to_utf8(b"abc\xC4", "GBK").unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::Truncated);
    /// assert_eq!((err.offset(), err.bytes()), (Some(3), &b"\xC4"[..]));
    /// // Not a lead byte: ill-formed, wherever it stands.
    /// let err = transcoder::to_utf8(b"abc\xFF", "GBK").unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::IllFormed);
    /// ```
    Truncated,
    /// A character the target charset cannot hold.
    Unmappable,
    /// Under [`Policy::Escape`](crate::Policy::Escape), something that cannot be kept
    /// losslessly.
    Unescapable,
    /// A byte order mark that announces another charset than the source one (strict only).
    BomMismatch,
    /// An unpaired surrogate that the chosen handling (Python's `surrogatepass`) has no
    /// way to write in the target charset.
    NotWritable,
    /// The source is `auto` and detection was not sure enough to convert.
    Undetected,
    /// A label that names no charset.
    UnknownLabel,
    /// A label of a real charset that has no converter here.
    UnsupportedLabel,
    /// A conversion that cannot be done: writing to a read-only charset such as `auto`, or
    /// a byte order mark in a charset that has none.
    Unsupported,
    /// A template for codes ([`Template`](crate::Template)) that printf would misread:
    /// two conversions, a conversion other than a number, a `%` at the end.
    InvalidTemplate,
    /// Options that contradict each other, such as
    /// [`Options::byte_format`](crate::Options::byte_format) beside a policy that says
    /// itself what to write for ill-formed input.
    ConflictingOptions,
    /// A format for codes ([`Options::unmappable`](crate::Options::unmappable),
    /// [`Options::byte_format`](crate::Options::byte_format),
    /// [`Policy::Backslash`](crate::Policy::Backslash)) writes a character the target
    /// cannot hold (checked before converting).
    FormatNotEncodable,
    /// Reading or writing failed.
    Io,
}

impl Error {
    /// What kind of error it is.
    ///
    /// ```
    /// use transcoder::{ErrorKind, Transcoder};
    ///
    /// let err = Transcoder::new("UTF-8", "ISO-8859-1")?.convert_slice("€".as_bytes()).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::Unmappable);
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    pub fn kind(&self) -> ErrorKind {
        match &self.repr {
            Repr::Convert(ConvError::IllFormed { .. }) => ErrorKind::IllFormed,
            Repr::Convert(ConvError::Truncated { .. }) => ErrorKind::Truncated,
            Repr::Convert(ConvError::Unmappable { .. }) => ErrorKind::Unmappable,
            Repr::Convert(ConvError::Unescapable { .. }) => ErrorKind::Unescapable,
            Repr::Convert(ConvError::BomMismatch { .. }) => ErrorKind::BomMismatch,
            Repr::Convert(ConvError::NotWritable { .. }) => ErrorKind::NotWritable,
            Repr::Convert(ConvError::Undetected { .. }) => ErrorKind::Undetected,
            Repr::Io(_) => ErrorKind::Io,
            Repr::Label(LabelError::Unknown { .. }) => ErrorKind::UnknownLabel,
            Repr::Label(LabelError::Unsupported { .. }) => ErrorKind::UnsupportedLabel,
            Repr::Refused(kind, _) => *kind,
        }
    }

    fn location(&self) -> Option<crate::convert::Location> {
        match &self.repr {
            Repr::Convert(
                ConvError::IllFormed { at, .. }
                | ConvError::Truncated { at, .. }
                | ConvError::Unmappable { at, .. }
                | ConvError::Unescapable { at, .. }
                | ConvError::NotWritable { at, .. },
            ) => Some(*at),
            Repr::Convert(ConvError::BomMismatch { .. }) => Some(crate::convert::Location {
                offset: 0,
                line: 1,
                column: 1,
            }),
            _ => None,
        }
    }

    /// The 0-based byte offset in the input of the first byte concerned, for a conversion
    /// error.
    ///
    /// ```
    /// let err = transcoder::to_utf8(b"abc\xFF", "UTF-8").unwrap_err();
    /// assert_eq!(err.offset(), Some(3));
    /// ```
    pub fn offset(&self) -> Option<u64> {
        self.location().map(|l| l.offset)
    }

    /// The 1-based line of the problem, for a conversion error.
    ///
    /// ```
    /// let err = transcoder::to_utf8(b"a\nb\n\xFF", "UTF-8").unwrap_err();
    /// assert_eq!(err.line(), Some(3));
    /// ```
    pub fn line(&self) -> Option<u64> {
        self.location().map(|l| l.line)
    }

    /// The 1-based column of the problem, counted in characters, for a conversion error.
    ///
    /// ```
    /// let err = transcoder::to_utf8("中文\u{FFFD}".as_bytes().iter().copied().chain([0xFF]).collect::<Vec<_>>().as_slice(), "UTF-8").unwrap_err();
    /// assert_eq!(err.column(), Some(4));
    /// ```
    pub fn column(&self) -> Option<u64> {
        self.location().map(|l| l.column)
    }

    /// The input bytes concerned: the ill-formed sequence, the bytes of the unmappable
    /// character, or the byte order mark; empty for other errors.
    ///
    /// ```
    /// let err = transcoder::from_utf8("Grüße", "US-ASCII").unwrap_err();
    /// assert_eq!(err.bytes(), "ü".as_bytes());
    /// ```
    pub fn bytes(&self) -> &[u8] {
        match &self.repr {
            Repr::Convert(
                ConvError::IllFormed { bytes, .. }
                | ConvError::Truncated { bytes, .. }
                | ConvError::Unmappable { bytes, .. }
                | ConvError::Unescapable { bytes, .. }
                | ConvError::NotWritable { bytes, .. },
            ) => bytes,
            Repr::Convert(ConvError::BomMismatch { bom, .. }) => bom.bytes(),
            _ => &[],
        }
    }

    /// The character the target cannot hold, for [`ErrorKind::Unmappable`].
    ///
    /// ```
    /// let err = transcoder::from_utf8("Grüße", "US-ASCII").unwrap_err();
    /// assert_eq!(err.character(), Some('ü'));
    /// ```
    pub fn character(&self) -> Option<char> {
        match &self.repr {
            Repr::Convert(ConvError::Unmappable { ch, .. }) => Some(*ch),
            _ => None,
        }
    }

    pub(crate) fn unsupported(message: String) -> Error {
        Error::refused(ErrorKind::Unsupported, message)
    }

    pub(crate) fn refused(kind: ErrorKind, message: String) -> Error {
        Error {
            repr: Repr::Refused(kind, message),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.repr {
            Repr::Convert(e) => e.fmt(f),
            Repr::Io(e) => e.fmt(f),
            Repr::Label(e) => e.fmt(f),
            Repr::Refused(_, m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.repr {
            Repr::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<LabelError> for Error {
    fn from(e: LabelError) -> Error {
        Error {
            repr: Repr::Label(e),
        }
    }
}

impl From<io::Error> for Error {
    /// An I/O error; one that carries an [`Error`] (from a [`DecodeReader`] or
    /// [`EncodeWriter`](crate::EncodeWriter)) gives that error back.
    ///
    /// [`DecodeReader`]: crate::DecodeReader
    fn from(e: io::Error) -> Error {
        if !e.get_ref().is_some_and(|inner| inner.is::<Error>()) {
            return Error { repr: Repr::Io(e) };
        }
        let kind = e.kind();
        let io = match e.into_inner().map(|inner| inner.downcast::<Error>()) {
            Some(Ok(err)) => return *err,
            Some(Err(other)) => io::Error::new(kind, other),
            None => io::Error::from(kind),
        };
        Error { repr: Repr::Io(io) }
    }
}

impl From<Failure> for Error {
    fn from(e: Failure) -> Error {
        match e {
            Failure::Convert(c) => Error {
                repr: Repr::Convert(c),
            },
            Failure::Io(io) => Error {
                repr: Repr::Io(io.source),
            },
        }
    }
}

impl From<Error> for io::Error {
    /// An [`io::Error`] for `Read` and `Write`: the I/O error itself, or a conversion error
    /// as [`io::ErrorKind::InvalidData`] carrying the [`Error`] (get it back with
    /// `Error::from`).
    ///
    /// ```
    /// use std::io::Read;
    /// use transcoder::{Charset, DecodeReader, ErrorKind};
    ///
    /// let mut reader = DecodeReader::new(&b"ok \xFF"[..], Charset::for_label("UTF-8")?);
    /// let io_err = reader.read_to_end(&mut Vec::new()).unwrap_err();
    /// assert_eq!(io_err.kind(), std::io::ErrorKind::InvalidData);
    /// assert_eq!(transcoder::Error::from(io_err).offset(), Some(3));
    /// # Ok::<(), transcoder::Error>(())
    /// ```
    fn from(e: Error) -> io::Error {
        match e.repr {
            Repr::Io(io) => io,
            _ => io::Error::new(io::ErrorKind::InvalidData, e),
        }
    }
}
