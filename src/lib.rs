//! transcode: convert text between character encodings, in the tradition of iconv.
//!
//! The binary is a thin layer over this library. The modules follow the data:
//! [`cli`] parses, [`labels`] names charsets, [`input`] reads, [`bom`] and [`detect`] decide
//! how to read, [`decoders`] → [`pipeline`] (with [`policy`]) → [`encoders`] convert,
//! [`output`] writes, [`errors`] says what went wrong, and [`run`] ties them together.

#![deny(unsafe_code)]

pub mod atomic;
pub mod batch;
pub mod bom;
pub mod cli;
pub mod decoders;
pub mod detect;
pub mod encoders;
pub mod errors;
pub mod gb2312;
pub mod input;
pub mod labels;
pub mod newline;
pub mod output;
pub mod parallel;
pub mod pipeline;
pub mod policy;
pub mod report;
pub mod run;
pub mod sigbus;
pub mod simd;
pub mod translit;
pub mod utf8_to_utf16;
pub mod walk;
