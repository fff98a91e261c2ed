//! Convert text between character encodings, in the tradition of iconv: strict by default,
//! lossless on request, and precise about where a problem is.
//!
//! This is the library behind the `transcode` command. It reads and writes the charsets
//! the command does (UTF-8, UTF-16, UTF-32, GBK, GB18030, Big5, Shift_JIS, EUC-KR, the
//! ISO-8859 and Windows code pages, and the rest of the WHATWG Encoding Standard), under
//! the same names, through the same converter.
//!
//! # What to use when
//!
//! - **A whole string or buffer:** [`to_utf8`] and [`from_utf8`] for the common cases,
//!   [`Transcoder::convert_slice`] for any pair of charsets.
//! - **Reading a file in a legacy charset as text:** [`DecodeReader`] wraps any
//!   [`Read`](std::io::Read) and gives UTF-8, so `read_to_string`, `BufReader::lines` and
//!   parsers that take a reader work on GBK or UTF-16 files.
//! - **Writing text in a legacy charset:** [`EncodeWriter`] wraps any
//!   [`Write`](std::io::Write), takes UTF-8 and writes the target charset; call
//!   [`EncodeWriter::finish`] at the end.
//! - **File to file, any charset to any other:** [`Transcoder::convert`] over a reader and
//!   a writer, in bounded memory.
//!
//! ```
//! use std::io::{Read, Write};
//! use transcoder::{Charset, DecodeReader, EncodeWriter};
//!
//! // GBK in, UTF-8 text in the middle, UTF-16LE out.
//! let gbk: &[u8] = b"\xC4\xE3\xBA\xC3, world\n";
//! let mut text = String::new();
//! DecodeReader::new(gbk, Charset::for_label("GBK")?).read_to_string(&mut text)?;
//! assert_eq!(text, "你好, world\n");
//!
//! let mut writer = EncodeWriter::new(Vec::new(), Charset::for_label("UTF-16LE")?)?;
//! writer.write_all(text.as_bytes())?;
//! let utf16 = writer.finish()?;
//! assert_eq!(utf16.len(), 2 * text.chars().count());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Charsets and labels
//!
//! [`Charset::for_label`] accepts every name `transcode --from` does, and [`charsets`]
//! lists them. The labels follow each charset's own standard where the WHATWG standard
//! (which browsers, and `encoding_rs`, follow) reads them otherwise: `latin1` is
//! ISO-8859-1, not windows-1252; `gb2312` is strict GB2312, not GBK; `utf-16` is UTF-16
//! with its byte order from the BOM (big-endian without one, as RFC 2781 says), not
//! UTF-16LE. `auto` detects the charset of an input from its BOM, its zero bytes, whether
//! it is UTF-8, and else a guess.
//!
//! # Policies
//!
//! Every conversion has a [`Policy`] for bytes that are ill-formed in the source charset
//! and for characters the target cannot hold:
//!
//! - [`Policy::Strict`] (the default) stops with an [`Error`] that gives the byte offset,
//!   the line and column (in characters), the bytes and the [`ErrorKind`];
//! - [`Policy::Replace`] writes U+FFFD (or `?`) for each maximal ill-formed subpart, as the
//!   Unicode Standard recommends, and for each unmappable character;
//! - [`Policy::Escape`] is lossless: an ill-formed byte b becomes the lone surrogate
//!   U+DC00+b (as Python's `surrogateescape`), which UTF-16 and UTF-32 can hold and which
//!   becomes the byte b again when converted back;
//! - [`Policy::Discard`] drops what cannot be converted;
//! - [`Policy::Backslash`] and [`Policy::SurrogatePass`] are Python's `backslashreplace`
//!   (`\xff` for a bad byte, `\u4e2d` for an unmappable character) and `surrogatepass`.
//!
//! What a policy did is counted in a [`Report`]. [`Options`] also sets the line endings
//! ([`Newline`]), transliteration of unmappable characters, and byte order marks.
//!
//! # Codes for what cannot be converted, and normalization
//!
//! [`Options::unmappable`] writes each character the target cannot hold as a visible code,
//! whatever the policy: in one of the peers' formats ([`Unmappable::XmlDec`] `&#20013;`,
//! [`Unmappable::Name`] `\N{CJK UNIFIED IDEOGRAPH-4E2D}`, [`Unmappable::Java`],
//! [`Unmappable::Icu`], ...) or by a printf-like [`Template`] as libiconv takes it
//! (`<U+%04X>`). [`Options::byte_format`] writes each ill-formed input byte by a template.
//! A template printf would misread, a format whose characters the target cannot hold, or a
//! byte format beside a policy that says itself what to do with ill-formed input is refused
//! before converting, with an [`Error`] of its own [`ErrorKind`]. [`Options::normalize`]
//! puts the text in a Unicode normalization form ([`NormalForm`]) between decoding and
//! encoding. These are the command line's `--unmappable`, `--unmappable-format`,
//! `--byte-format`, `--errors backslash|surrogatepass` and `--normalize`, run by the same
//! converter.
//!
//! ```
//! use transcoder::{NormalForm, Options, Template, Transcoder, Unmappable};
//!
//! let options = Options::new()
//!     .normalize(NormalForm::Nfc)
//!     .unmappable(Unmappable::XmlDec)
//!     .byte_format(Template::new("<0x%02X>")?);
//! let t = Transcoder::with_options("UTF-8", "ISO-8859-1", options)?;
//! assert_eq!(t.convert_slice(b"e\xCC\x81 \xE4\xB8\xAD \xFF")?, b"\xE9 &#20013; <0xFF>");
//! # Ok::<(), transcoder::Error>(())
//! ```
//!
//! # Byte order marks
//!
//! A BOM at the start of an input that matches the source charset is taken as a signature
//! and stripped (kept as U+FEFF with [`Options::keep_bom`]); for `UTF-16` and `UTF-32` it
//! decides the byte order. A BOM that contradicts the source charset is an error under
//! the strict policy. The output starts with a BOM when the target is the unmarked
//! `UTF-16` or `UTF-32`, or when [`Options::add_bom`] asks for one.
//!
//! # The streaming contract
//!
//! Readers and writers convert in pieces, cut where the decoder holds no partial
//! character, so the output does not depend on how the input was split between reads or
//! writes: a character, a CR LF pair or an escape sequence cut in two is put together
//! again. A [`DecodeReader`] holds at most a few hundred KiB whatever the input's size.
//! Before converting, an input waits for its first four bytes (its BOM), or for `auto` and
//! the unmarked `UTF-16`/`UTF-32` labels for 64 KiB or its end, as the command line does.
//!
//! # Guarantees
//!
//! - No input panics: every problem is an [`Error`] or is dealt with by the policy.
//! - The output under [`Policy::Strict`] is exactly what the command line writes for the
//!   same input and options, since both run the same converter; under a strict error, the
//!   output is what came before the error.
//! - Under [`Policy::Escape`], converting to UTF-16, UTF-32 or UTF-8 and back gives the
//!   input bytes back.
//! - The crate's own `unsafe` code is in a few places, each explained where it stands and in
//!   the README ("Where `unsafe` is"): the command line's memory map and its guard against a
//!   file truncated under it (which the library does not use), the calls into simdutf, and
//!   SIMD kernels called only where the CPU reports the instructions they use, each tested
//!   against a portable definition.
//!
//! The readers, writers and transcoders are not `Send`: give each thread its own.

#![deny(unsafe_code)]

mod api;

pub use api::*;

// The layers below the facade. They are public only so that the crate's own tests,
// benchmarks and fuzz targets can reach them; they are not part of the API and may change
// in any release.
#[doc(hidden)]
pub mod app;
#[doc(hidden)]
pub mod codecs;
#[doc(hidden)]
pub mod convert;
#[doc(hidden)]
pub mod io;
