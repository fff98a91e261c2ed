//! transcode: convert text between character encodings, in the tradition of iconv.
//!
//! The binary is a thin layer over this library, which is built in four layers, each
//! importing only from the layers below it:
//!
//! - [`app`]: the command line, settings, the run of one stream, batches, reports and
//!   detection;
//! - [`convert`]: the pipeline, decoder → code points → encoder, with the error policies,
//!   error locations, newline conversion and the split of large files across cores;
//! - [`codecs`]: the label table, byte order marks, and one module per codec family behind
//!   one trait;
//! - [`io`] (beside the codecs, under the pipeline): input (mmap or bounded reads), output,
//!   atomic replacement of files, and the SIGBUS guard.

#![deny(unsafe_code)]

pub mod app;
pub mod codecs;
pub mod convert;
pub mod io;
