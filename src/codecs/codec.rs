//! The one interface every codec family implements, and the vocabulary the pipeline speaks
//! with it: decode and encode statuses, the problems a decoder can report, and what the
//! pipeline needs to know of a charset besides its decoder and encoder (where input may be
//! cut, how to find the bytes of a character, whether it keeps shift state).
//!
//! Decoders follow encoding_rs's streaming contract: a decoder reads as much of `src` as it
//! can, appends to `dst` without ever growing it past its capacity, is called with `last =
//! true` once at the end, and a malformed report can name bytes that arrived in an earlier
//! call (the caller keeps the tail).

#![forbid(unsafe_code)]

/// What is wrong with a malformed sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Bytes the charset does not allow here.
    Invalid,
    /// A UTF-16 or UTF-32 surrogate code unit with no partner; the value is the unit.
    LoneSurrogate(u16),
    /// A surrogate in UCS-2 input, which has none (the input may be UTF-16).
    Ucs2Surrogate(u16),
    /// A character of the named wider charset that this one lacks (GBK's in GB2312).
    OnlyIn(&'static str),
}

/// The outcome of one [`Decode::decode`] call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecodeStatus {
    /// All of `src` was read.
    InputEmpty,
    /// `dst` has no room for another character.
    OutputFull,
    /// `len` malformed bytes end `after` bytes before the read position; they may have been
    /// part of an earlier `src`.
    Malformed {
        /// How many bytes are malformed.
        len: usize,
        /// How many bytes after them were read (and are not part of the error).
        after: usize,
        /// What is wrong with them.
        problem: Problem,
    },
}

/// The outcome of one [`Encode::encode`] call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodeStatus {
    /// All of the text was written.
    Done,
    /// This character, which ends the text read so far, has no mapping in the target.
    Unmappable(char),
}

/// The first character of some bytes, decoded on its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CharAt {
    /// The text of the character (two code points for a few Big5 pairs) and its byte length.
    Text(String, usize),
    /// The first `len` bytes are malformed.
    Malformed(usize, Problem),
    /// The bytes end inside a character; more input is needed to tell.
    NeedMore,
}

/// The byte order of a UTF-16, UTF-32 or UCS-2 charset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The unmarked label: on input the BOM (or a heuristic) decides, on output we write a BOM
    /// and then little-endian, as Windows, glibc and ICU do.
    Unmarked,
    /// Little-endian, no BOM written.
    Le,
    /// Big-endian, no BOM written.
    Be,
}

/// Which Unicode encoding form a charset is: the pipeline has bulk paths for UTF-8 and
/// UTF-16, and byte order marks and byte order rules apply to these forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// UTF-8 (RFC 3629), exactly: not CESU-8 or any other variant.
    Utf8,
    /// A format that writes UTF-8's byte patterns by other rules (CESU-8, Modified UTF-8,
    /// WTF-8): its byte order mark is UTF-8's (EF BB BF), but UTF-8's bulk paths do not apply.
    Utf8Variant,
    /// UTF-16 (RFC 2781).
    Utf16(Order),
    /// UCS-2: UTF-16 restricted to the BMP.
    Ucs2(Order),
    /// UTF-32 (UCS-4).
    Utf32(Order),
    /// Not a Unicode encoding form.
    Other,
}

impl Form {
    /// The byte order, for the forms that have one.
    pub fn order(self) -> Option<Order> {
        match self {
            Form::Utf16(o) | Form::Ucs2(o) | Form::Utf32(o) => Some(o),
            Form::Utf8 | Form::Utf8Variant | Form::Other => None,
        }
    }

    /// The size of a code unit in bytes (1 for everything that is not a wide form).
    pub fn unit(self) -> usize {
        match self {
            Form::Utf16(_) | Form::Ucs2(_) => 2,
            Form::Utf32(_) => 4,
            Form::Utf8 | Form::Utf8Variant | Form::Other => 1,
        }
    }
}

/// The family a charset is listed under (`--list`, the man page, the README).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// The Unicode encoding forms, and `auto`.
    Unicode,
    /// The Chinese, Japanese and Korean multi-byte charsets.
    Cjk,
    /// The parts of ISO/IEC 8859.
    Iso8859,
    /// The Windows code pages (windows-125x, windows-874).
    Windows,
    /// The DOS (OEM) code pages of the IBM PC.
    Dos,
    /// The EBCDIC code pages of IBM mainframes.
    Ebcdic,
    /// The Mac OS character sets.
    Mac,
    /// Everything else: national standards and other vendors' sets.
    Other,
}

impl Family {
    /// Every family, in the order they are listed.
    pub const ALL: [Family; 8] = [
        Family::Unicode,
        Family::Cjk,
        Family::Iso8859,
        Family::Windows,
        Family::Dos,
        Family::Ebcdic,
        Family::Mac,
        Family::Other,
    ];

    /// The heading the family is listed under.
    pub fn title(self) -> &'static str {
        match self {
            Family::Unicode => "Unicode",
            Family::Cjk => "Chinese, Japanese and Korean",
            Family::Iso8859 => "ISO 8859",
            Family::Windows => "Windows",
            Family::Dos => "DOS and OEM (IBM PC)",
            Family::Ebcdic => "EBCDIC (IBM mainframes)",
            Family::Mac => "Mac OS",
            Family::Other => "Other national and vendor sets",
        }
    }
}

/// How to find the input bytes of a decoded character, for error locations.
#[derive(Clone, Copy, Debug)]
pub enum Locate {
    /// Every character's byte length follows from the character alone.
    ByLength(fn(char) -> u64),
    /// It does not (multi-byte legacy charsets): the input is decoded again to find it.
    Replay,
}

/// A streaming decoder: bytes in one charset to UTF-8.
pub trait Decode: Send {
    /// Decodes from `src` into `dst` (never past its capacity). Returns the status and the
    /// number of bytes of `src` read. With `last`, the end of `src` is the end of the input,
    /// and an incomplete sequence there is reported as malformed.
    fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize);

    /// A copy of this decoder in its present state, for the stateful charsets whose state
    /// outlives a character (UTF-7's base64 runs, SCSU's windows): error locations replay a
    /// piece of input from where it began, which a fresh decoder cannot do in the middle of a
    /// stream. `None` (the default) when the decoder cannot be copied; replays then start
    /// from a fresh decoder.
    fn snapshot(&self) -> Option<Box<dyn Decode>> {
        None
    }

    /// [`Decode::decode`] into UTF-8 bytes appended to `dst`, for decoders that write bytes
    /// faster than they could fill a `String` (the pipeline takes this path straight to UTF-8
    /// output); `None`, the default, when there is no such path. `dst` may grow; a call may
    /// stop with `OutputFull` to let the caller hand the bytes on before it decodes more.
    fn decode_to_utf8(
        &mut self,
        src: &[u8],
        dst: &mut Vec<u8>,
        last: bool,
    ) -> Option<(DecodeStatus, usize)> {
        let _ = (src, dst, last);
        None
    }
}

/// A streaming encoder: UTF-8 to bytes in one charset.
pub trait Encode: Send {
    /// Appends the encoding of `src` to `dst`. Returns the status and how many bytes of `src`
    /// were read: all of it, or up to and including an unmappable character. With `last`, a
    /// stateful encoder returns to its initial state at the end.
    ///
    /// An encoder that matches sequences ([`Codec::encodes_sequences`]) may find that a
    /// character it held back at the end of an earlier `src` has no byte of its own: it
    /// reports it as unmappable with 0 bytes read (the character came before `src`).
    fn encode(&mut self, src: &str, dst: &mut Vec<u8>, last: bool) -> (EncodeStatus, usize);

    /// Writes a lone surrogate (from `--errors escape`, or kept from UTF-16 or UTF-32 input).
    /// Byte charsets write U+DC80..U+DCFF as the escaped byte 0x80..0xFF and refuse the
    /// rest; the wide forms (and WTF-8) override this to write any unit, and the charsets
    /// whose ill-formed sequences can hold ASCII bytes ([`Codec::escapes_ascii`]) to write
    /// U+DC00..U+DC7F back as those bytes. Returns false, writing nothing, when the target
    /// cannot hold it.
    fn encode_surrogate(&mut self, unit: u16, dst: &mut Vec<u8>) -> bool {
        if (0xDC80..=0xDCFF).contains(&unit) {
            dst.push((unit - 0xDC00) as u8);
            return true;
        }
        false
    }

    /// The text given so far is interrupted (a line break follows, or an ill-formed
    /// sequence, or the end of the input): writes what an encoder that matches sequences
    /// of characters ([`Codec::encodes_sequences`]) held back in case one went on. Returns
    /// a held character that has no byte of its own, for the caller to report as
    /// unmappable (the characters after it stay held: call again until `None`).
    fn settle(&mut self, dst: &mut Vec<u8>) -> Option<char> {
        let _ = dst;
        None
    }
}

/// A charset: one variant of a codec family. Each family is one file under `codecs/` that
/// implements this trait; the label table names its variants.
pub trait Codec: Sync + Send {
    /// The canonical name, as `--list` prints it and messages name it (unique).
    fn name(&self) -> &'static str;

    /// A decoder in its initial state.
    fn decoder(&self) -> Box<dyn Decode>;

    /// An encoder in its initial state.
    fn encoder(&self) -> Box<dyn Encode>;

    /// False for a pseudo-charset that can only be read (`auto`).
    fn can_encode(&self) -> bool {
        true
    }

    /// Which Unicode encoding form this is, if any.
    fn form(&self) -> Form {
        Form::Other
    }

    /// The same charset with its byte order fixed; `None` for charsets without one.
    fn with_order(&self, order: Order) -> Option<&'static dyn Codec> {
        let _ = order;
        None
    }

    /// True when the decoder keeps a shift state beyond the current character, so that
    /// input cannot be cut into parts decoded on their own.
    fn is_stateful(&self) -> bool {
        false
    }

    /// True when a decoder that has just read `byte` (from a clean position) holds no
    /// partial character, so that the input may be cut after it.
    fn clean_after(&self, byte: u8) -> bool {
        let _ = byte;
        false
    }

    /// The longest prefix of `window` (input read from a clean position) after which the
    /// decoder is clean, or `None` when there is no such cut.
    fn safe_cut(&self, window: &[u8]) -> Option<usize> {
        window
            .iter()
            .rposition(|&b| self.clean_after(b))
            .map(|i| i + 1)
    }

    /// The first character of `bytes`, decoded on its own; `eof` says no more bytes follow.
    /// The primitive of the lossless escape path, which must know where each character
    /// begins and ends. Only asked of charsets that are not stateful.
    fn char_at(&self, bytes: &[u8], eof: bool) -> CharAt {
        step_char_at(self.decoder().as_mut(), bytes, eof)
    }

    /// How error locations find the bytes of a character.
    fn locate(&self) -> Locate;

    /// False when some byte sequences decode to characters that do not encode back to them
    /// (several sequences for one character), so that `--errors escape` must check each
    /// character to stay lossless.
    fn decodes_one_to_one(&self) -> bool {
        true
    }

    /// The family the charset is listed under.
    fn family(&self) -> Family {
        Family::Other
    }

    /// True when U+0085 NEXT LINE is a line end of this charset (EBCDIC's NL), so that
    /// `--newline` converts it along with CR, LF and CR LF.
    fn nel_is_line_end(&self) -> bool {
        false
    }

    /// True when the encoder writes some sequences of several characters as one byte
    /// (Apple's MacHebrew and MacThai), so that it holds the end of one text back until
    /// the next shows whether a sequence goes on; the pipeline then tells it where text is
    /// interrupted ([`Encode::settle`]), and never splits the input across cores.
    fn encodes_sequences(&self) -> bool {
        false
    }

    /// True when output always begins with the charset's byte order mark (UTF-8-SIG), as
    /// it does for the labels that name no byte order.
    fn writes_bom(&self) -> bool {
        false
    }

    /// True when an ill-formed sequence of this charset can hold bytes below 0x80 (UTF-7's
    /// base64, SCSU's tags, the trail bytes of UTF-1), so that `--errors escape` keeps those
    /// bytes as U+DC00..U+DC7F. In charsets where an ASCII byte is always a character (UTF-8,
    /// the legacy charsets) such an escape could not be told from the character on the way
    /// back, and the pipeline refuses it. The charset's encoder writes U+DC00..U+DC7F back as
    /// the bytes.
    fn escapes_ascii(&self) -> bool {
        false
    }

    /// True when converting from or to this charset is slow enough that splitting a large
    /// file across cores pays for the copies a split needs (measured for the multi-byte
    /// legacy charsets; not for the Unicode forms).
    fn split_pays(&self) -> bool {
        false
    }
}

/// The `Codec` methods every shift-state family answers alike (HZ and the ISO-2022 forms,
/// UTF-7, SCSU, BOCU-1): stateful, so never split across cores; error locations replayed
/// from a copy of the decoder taken where a piece began; input cut by `$cut`, the one thing
/// that differs (after a line end, or anywhere). Written once so that a new shift-state
/// family cannot get one of the three wrong; use it inside `impl Codec for ...`.
macro_rules! replayed_shift_state {
    ($cut:path) => {
        fn is_stateful(&self) -> bool {
            true
        }

        fn safe_cut(&self, window: &[u8]) -> Option<usize> {
            $cut(window)
        }

        fn locate(&self) -> $crate::codecs::codec::Locate {
            $crate::codecs::codec::Locate::Replay
        }
    };
}
pub(crate) use replayed_shift_state;

/// Cuts a shift-state charset's input anywhere (for `replayed_shift_state!`): right for a
/// decoder that keeps its state, partial unit included, from piece to piece, since error
/// locations replay a piece from a copy of the decoder taken where it began.
pub fn cut_anywhere(window: &[u8]) -> Option<usize> {
    Some(window.len())
}

/// Feeds `bytes` one at a time to `decoder` until it emits a character or reports an error.
pub fn step_char_at(decoder: &mut dyn Decode, bytes: &[u8], eof: bool) -> CharAt {
    let mut out = String::with_capacity(16);
    let mut consumed = 0;
    for i in 0..bytes.len() {
        let (status, read) = decoder.decode(&bytes[i..=i], &mut out, false);
        consumed += read;
        if let Some(found) = char_or_error(status, consumed, &out) {
            return found;
        }
    }
    if !eof {
        return CharAt::NeedMore;
    }
    let (status, read) = decoder.decode(&[], &mut out, true);
    consumed += read;
    char_or_error(status, consumed, &out)
        .unwrap_or(CharAt::Malformed(bytes.len().max(1), Problem::Invalid))
}

fn char_or_error(status: DecodeStatus, consumed: usize, out: &str) -> Option<CharAt> {
    match status {
        DecodeStatus::Malformed { len, problem, .. } if out.is_empty() => {
            Some(CharAt::Malformed(len, problem))
        }
        // A character was completed just before the error; the error belongs to later bytes.
        DecodeStatus::Malformed { .. } => None,
        _ if !out.is_empty() => Some(CharAt::Text(out.to_string(), consumed)),
        _ => None,
    }
}

/// Room for one more character of UTF-8 in `dst`, without growing it.
pub fn has_room(dst: &String) -> bool {
    dst.capacity() - dst.len() >= 4
}

/// Single-byte decoding where `map` gives each byte's character or `None` for a bad byte.
pub fn decode_bytewise(
    src: &[u8],
    dst: &mut String,
    map: impl Fn(u8) -> Option<char>,
) -> (DecodeStatus, usize) {
    for (i, &b) in src.iter().enumerate() {
        if !has_room(dst) {
            return (DecodeStatus::OutputFull, i);
        }
        match map(b) {
            Some(c) => dst.push(c),
            None => {
                let status = DecodeStatus::Malformed {
                    len: 1,
                    after: 0,
                    problem: Problem::Invalid,
                };
                return (status, i + 1);
            }
        }
    }
    (DecodeStatus::InputEmpty, src.len())
}

/// Single-byte encoding where `map` gives each character's byte or `None`.
pub fn encode_charwise(
    src: &str,
    dst: &mut Vec<u8>,
    map: impl Fn(char) -> Option<u8>,
) -> (EncodeStatus, usize) {
    dst.reserve(src.len());
    for (i, c) in src.char_indices() {
        match map(c) {
            Some(b) => dst.push(b),
            None => return (EncodeStatus::Unmappable(c), i + c.len_utf8()),
        }
    }
    (EncodeStatus::Done, src.len())
}
