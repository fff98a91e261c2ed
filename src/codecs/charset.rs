//! [`Charset`], the handle the rest of the program holds for a charset, and the decoder and
//! encoder made from one.

#![forbid(unsafe_code)]

use super::codec::{
    CharAt, Codec, Decode, DecodeStatus, Encode, EncodeStatus, Family, Form, Locate, Order,
};
use std::fmt;
use std::sync::OnceLock;

/// A charset: a variant of a codec family, as the label table names it. Cheap to copy;
/// two handles are equal when they name the same charset.
#[derive(Clone, Copy)]
pub struct Charset(&'static dyn Codec);

impl Charset {
    /// The handle for a codec (a `static` of its family).
    pub const fn of(codec: &'static dyn Codec) -> Charset {
        Charset(codec)
    }

    /// The codec behind the handle.
    pub fn codec(self) -> &'static dyn Codec {
        self.0
    }

    /// The canonical name, as `--list` prints it and messages name it.
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// Which Unicode encoding form this is, if any.
    pub fn form(self) -> Form {
        self.0.form()
    }

    /// The byte order, for the charsets that have one.
    pub fn order(self) -> Option<Order> {
        self.form().order()
    }

    /// The same charset with its byte order fixed (unchanged for charsets without one).
    pub fn with_order(self, order: Order) -> Charset {
        self.0.with_order(order).map_or(self, Charset)
    }

    /// True when the charset can be written (everything but `auto`).
    pub fn can_encode(self) -> bool {
        self.0.can_encode()
    }

    /// True when the decoder keeps shift state, so that input is never cut apart.
    pub fn is_stateful(self) -> bool {
        self.0.is_stateful()
    }

    /// See [`Codec::safe_cut`].
    pub fn safe_cut(self, window: &[u8]) -> Option<usize> {
        self.0.safe_cut(window)
    }

    /// See [`Codec::char_at`].
    pub fn char_at(self, bytes: &[u8], eof: bool) -> CharAt {
        self.0.char_at(bytes, eof)
    }

    /// See [`Codec::locate`].
    pub fn locate(self) -> Locate {
        self.0.locate()
    }

    /// See [`Codec::decodes_one_to_one`].
    pub fn decodes_one_to_one(self) -> bool {
        self.0.decodes_one_to_one()
    }

    /// See [`Codec::escapes_ascii`].
    pub fn escapes_ascii(self) -> bool {
        self.0.escapes_ascii()
    }

    /// See [`Codec::split_pays`].
    pub fn split_pays(self) -> bool {
        self.0.split_pays()
    }

    /// See [`Codec::family`].
    pub fn family(self) -> Family {
        self.0.family()
    }

    /// See [`Codec::nel_is_line_end`].
    pub fn nel_is_line_end(self) -> bool {
        self.0.nel_is_line_end()
    }

    /// See [`Codec::encodes_sequences`].
    pub fn encodes_sequences(self) -> bool {
        self.0.encodes_sequences()
    }

    /// See [`Codec::writes_bom`].
    pub fn writes_bom(self) -> bool {
        self.0.writes_bom()
    }
}

impl PartialEq for Charset {
    fn eq(&self, other: &Charset) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Charset {}

impl fmt::Debug for Charset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Charset({})", self.name())
    }
}

impl fmt::Display for Charset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A streaming decoder for one charset with a fixed byte order.
pub struct Decoder(Box<dyn Decode>);

impl Decoder {
    /// A decoder for `charset`. The unmarked UTF-16/UTF-32/UCS-2 labels must be resolved to a
    /// byte order first; `Unmarked` is read as big-endian (RFC 2781 §4.3).
    pub fn new(charset: Charset) -> Decoder {
        Decoder(charset.codec().decoder())
    }

    /// See [`Decode::decode`].
    pub fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        self.0.decode(src, dst, last)
    }

    /// See [`Decode::snapshot`].
    pub fn snapshot(&self) -> Option<Decoder> {
        self.0.snapshot().map(Decoder)
    }

    /// See [`Decode::decode_to_utf8`].
    pub fn decode_to_utf8(
        &mut self,
        src: &[u8],
        dst: &mut Vec<u8>,
        last: bool,
    ) -> Option<(DecodeStatus, usize)> {
        self.0.decode_to_utf8(src, dst, last)
    }
}

/// An encoder for one target charset.
pub struct Encoder {
    target: Charset,
    inner: Box<dyn Encode>,
    /// Whether U+FFFD can be written, so that `replace` writes it rather than `?`: found
    /// out when first asked, since asking a CJK charset builds its encoding tables (most
    /// runs never replace anything, and a small file would pay milliseconds for it).
    replacement: OnceLock<bool>,
}

impl Encoder {
    /// An encoder for `target`; the unmarked UTF-16/UTF-32/UCS-2 labels write little-endian
    /// (the BOM is the caller's business).
    pub fn new(target: Charset) -> Encoder {
        Encoder {
            target,
            inner: target.codec().encoder(),
            replacement: OnceLock::new(),
        }
    }

    /// The charset this encoder writes.
    pub fn charset(&self) -> Charset {
        self.target
    }

    /// See [`Encode::encode`].
    pub fn encode(&mut self, src: &str, dst: &mut Vec<u8>, last: bool) -> (EncodeStatus, usize) {
        self.inner.encode(src, dst, last)
    }

    /// See [`Encode::settle`].
    pub fn settle(&mut self, dst: &mut Vec<u8>) -> Option<char> {
        self.inner.settle(dst)
    }

    /// See [`Encode::encode_surrogate`].
    pub fn encode_surrogate(&mut self, unit: u16, dst: &mut Vec<u8>) -> bool {
        self.inner.encode_surrogate(unit, dst)
    }

    /// Whether U+FFFD can be written, so that `replace` writes it rather than `?`.
    pub fn has_replacement_char(&self) -> bool {
        *self
            .replacement
            .get_or_init(|| encodes(self.target, "\u{FFFD}"))
    }
}

/// True when a fresh encoder for `charset` writes all of `text`.
pub fn encodes(charset: Charset, text: &str) -> bool {
    let mut out = Vec::with_capacity(text.len() * 4 + 8);
    charset.codec().encoder().encode(text, &mut out, true).0 == EncodeStatus::Done
}

/// True when `text` encodes in `charset` to exactly `bytes`: the test that makes
/// `--errors escape` lossless for charsets whose decoding is not one-to-one (several byte
/// sequences for one character, characters that do not encode back).
pub fn round_trips(charset: Charset, text: &str, bytes: &[u8]) -> bool {
    let mut out = Vec::with_capacity(bytes.len() + 8);
    let (status, _) = charset.codec().encoder().encode(text, &mut out, true);
    status == EncodeStatus::Done && out == bytes
}
