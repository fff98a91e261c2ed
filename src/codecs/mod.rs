//! The codecs layer: charsets and their names, byte order marks, and one module per codec
//! family, each implementing [`Codec`]. Nothing here knows about files, policies or the
//! command line; the conversion layer above drives these decoders and encoders.
//!
//! Families: [`utf8`] (UTF-8), [`utf16`] (UTF-16 and UCS-2), [`utf32`] (UTF-32),
//! [`single_byte`] (code pages by table), [`gb`] (GBK, CP936, GB18030 and its 2005 edition,
//! strict GB2312, on table-driven kernels of their own), and [`whatwg`] (every other encoding
//! of the WHATWG standard, through encoding_rs). The other Unicode
//! transformation formats: [`utf7`] (UTF-7 and IMAP's modified UTF-7), [`cesu8`] (CESU-8 and
//! Java's Modified UTF-8), [`wtf8`] (WTF-8), [`scsu`] (SCSU), [`bocu1`] (BOCU-1) and
//! [`utf1`] (UTF-1). [`kernels`] holds the SIMD
//! conversions the Unicode families and the pipeline's bulk paths use.
//!
//! The CJK encodings beyond WHATWG's (issue 17) share [`cjk`] (generated tables, the
//! stateless multi-byte engine, the shift-state decoder): [`korean`] (strict EUC-KR, CP949),
//! [`johab`], [`euc_tw`], [`big5`] (CP950, Big5-HKSCS), [`jis`] (strict Shift_JIS and EUC-JP,
//! CP932, the JIS X 0213 pair), [`hz`] and [`iso2022`] (ISO-2022-KR, -CN, -CN-EXT, -JP-1, -2,
//! -3, -2004). [`ebcdic_dbcs`] has the double-byte EBCDIC pages (IBM930 ... IBM1399), on the
//! same generated tables, and so has [`iso6937`], the charsets of diacritic prefixes (ISO 6937,
//! ISO 6937-2, T.61, ANSI X3.110), and [`iso_ir_165`], libiconv's ISO-IR-165 alone.

pub mod auto;
pub mod big5;
pub mod bocu1;
pub mod bom;
pub mod cesu8;
pub mod charset;
pub mod cjk;
pub mod codec;
pub mod compose;
pub mod ebcdic_dbcs;
pub mod euc_tw;
pub mod gb;
pub mod hz;
pub mod iso2022;
pub mod iso6937;
pub mod iso_ir_165;
pub mod jis;
pub mod johab;
pub mod kernels;
pub mod korean;
pub mod labels;
pub mod scsu;
pub mod single_byte;
pub mod utf1;
pub mod utf16;
pub mod utf32;
pub mod utf7;
pub mod utf8;
mod utf8_like;
pub mod whatwg;
mod wide;
pub mod wtf8;

#[cfg(test)]
mod test_support;

pub use charset::{Charset, Decoder, Encoder};
pub use codec::{CharAt, Codec, DecodeStatus, EncodeStatus, Family, Form, Locate, Order, Problem};
