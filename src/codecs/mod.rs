//! The codecs layer: charsets and their names, byte order marks, and one module per codec
//! family, each implementing [`Codec`]. Nothing here knows about files, policies or the
//! command line; the conversion layer above drives these decoders and encoders.
//!
//! Families: [`utf8`] (UTF-8), [`utf16`] (UTF-16 and UCS-2), [`utf32`] (UTF-32),
//! [`single_byte`] (code pages by table: ISO-8859-1 and US-ASCII), [`gb`] (GBK, GB18030 and
//! strict GB2312, on table-driven kernels of their own), and [`whatwg`] (every other encoding
//! of the WHATWG standard, through encoding_rs). [`kernels`] holds the SIMD conversions the
//! Unicode families and the pipeline's bulk paths use.

pub mod auto;
pub mod bom;
pub mod charset;
pub mod codec;
pub mod gb;
pub mod kernels;
pub mod labels;
pub mod single_byte;
pub mod utf16;
pub mod utf32;
pub mod utf8;
pub mod whatwg;
mod wide;

#[cfg(test)]
mod test_support;

pub use charset::{Charset, Decoder, Encoder};
pub use codec::{CharAt, Codec, DecodeStatus, EncodeStatus, Form, Locate, Order, Problem};
