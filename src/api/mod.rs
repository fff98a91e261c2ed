//! The public API: the facade over the layers below, which the crate root re-exports.
//! Everything here drives the same converter, BOM handling and policies as the command
//! line; nothing converts on a path of its own.

#![forbid(unsafe_code)]

mod charset;
mod error;
mod formats;
mod options;
mod reader;
mod report;
mod session;
mod settings;
mod transcoder;
mod writer;

pub use charset::{Charset, charsets};
pub use error::{Error, ErrorKind};
pub use formats::{NormalForm, Template, Unmappable};
pub use options::{Newline, Options, Policy};
pub use reader::DecodeReader;
pub use report::Report;
pub use transcoder::{ToCharset, Transcoder, from_utf8, to_utf8};
pub use writer::EncodeWriter;
