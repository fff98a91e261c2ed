//! The encoder with its dense path against the plain character-at-a-time path, on every
//! code page without multi-character sequences (TCVN's decompositions included): all of the
//! BMP, random text, and a character without a byte at every position.

use super::super::{Inverse, SingleByteEncoder};
use crate::codecs::codec::{Encode, EncodeStatus};
use crate::codecs::single_byte::{SEQUENCE, SingleByte, UNASSIGNED, tables};
use proptest::prelude::*;

/// The code pages whose encoder takes the dense path.
fn code_pages() -> Vec<&'static SingleByte> {
    tables::all()
        .filter(|cp| cp.table().sequences.is_empty())
        .collect()
}

/// Encodes all of `src` by `step`, going on after each character without a byte; returns
/// the bytes and each such character with the offset reported after it.
fn whole(
    src: &str,
    mut step: impl FnMut(&str, &mut Vec<u8>) -> (EncodeStatus, usize),
) -> (Vec<u8>, Vec<(char, usize)>) {
    let (mut out, mut failures, mut at) = (Vec::new(), Vec::new(), 0);
    while let Some(rest) = src.get(at..).filter(|r| !r.is_empty()) {
        let (status, read) = step(rest, &mut out);
        at += read;
        match status {
            EncodeStatus::Unmappable(c) => failures.push((c, at)),
            EncodeStatus::Done => assert_eq!(at, src.len()),
        }
    }
    (out, failures)
}

/// What the encoder must do: each character through `Inverse::write`, one at a time.
fn one_by_one(inv: &Inverse, src: &str, out: &mut Vec<u8>) -> (EncodeStatus, usize) {
    for (i, c) in src.char_indices() {
        if !inv.write(c, out) {
            return (EncodeStatus::Unmappable(c), i + c.len_utf8());
        }
    }
    (EncodeStatus::Done, src.len())
}

/// Checks that the encoder and the reference agree on `src` in `code_page`.
fn agree(code_page: &SingleByte, src: &str) {
    let inv = code_page.inverse();
    let fast = whole(src, |s, out| {
        SingleByteEncoder::new(inv).encode(s, out, true)
    });
    let slow = whole(src, |s, out| one_by_one(inv, s, out));
    assert!(
        fast == slow,
        "{}: differs on {src:?}",
        code_page.table().name
    );
}

/// The characters that have a byte in `code_page` (or are written decomposed).
fn mapped(code_page: &SingleByte) -> Vec<char> {
    let t = code_page.table();
    let bytes = t
        .chars
        .iter()
        .filter(|&&c| c != UNASSIGNED && c != SEQUENCE);
    let chars = bytes.filter_map(|&c| char::from_u32(u32::from(c)));
    chars.chain(t.decomposed.iter().map(|&(c, _)| c)).collect()
}

#[test]
fn the_whole_bmp_in_order_and_between_mapped_characters() {
    for code_page in code_pages() {
        let bmp: Vec<char> = (0..=0xFFFF).filter_map(char::from_u32).collect();
        agree(code_page, &bmp.iter().collect::<String>());
        let mapped = mapped(code_page);
        let between: String = bmp
            .iter()
            .zip(mapped.iter().cycle())
            .flat_map(|(&c, &m)| [m, c, m, ' '])
            .collect();
        agree(code_page, &between);
    }
}

/// A piece of random text: mostly characters of the code page, in runs, with ASCII (alone
/// and in runs, as words in table cells) and anything else (astral characters too) mixed in.
fn piece() -> impl Strategy<Value = (u8, usize, u32, char)> {
    (0u8..5, 0usize..1000, 1u32..50, any::<char>())
}

/// The text that `pieces` describe in `code_page`.
fn text(code_page: &SingleByte, pieces: &[(u8, usize, u32, char)]) -> String {
    let mapped = mapped(code_page);
    let mut text = String::new();
    for &(kind, k, len, any) in pieces {
        let m = mapped.get(k % mapped.len()).copied().unwrap_or('a');
        match kind {
            0 => text.extend(std::iter::repeat_n(m, len as usize)),
            1 => text.push(m),
            2 => text.push(char::from((k % 128) as u8)),
            3 => text.extend((0..len).map(|i| char::from(((k as u32 + i) % 128) as u8))),
            _ => text.push(any),
        }
    }
    text
}

proptest! {
    #[test]
    fn random_text_encodes_the_same(
        cp in 0usize..1000,
        pieces in prop::collection::vec(piece(), 0..60),
    ) {
        let pages = code_pages();
        let code_page = pages[cp % pages.len()];
        agree(code_page, &text(code_page, &pieces));
    }

    #[test]
    fn a_character_without_a_byte_anywhere_is_reported_the_same(
        cp in 0usize..1000,
        pieces in prop::collection::vec(piece(), 0..20),
        stranger in prop::sample::select(vec!['\u{10348}', '\u{FFFD}', '\u{4E2D}', '\u{0378}']),
    ) {
        let pages = code_pages();
        let code_page = pages[cp % pages.len()];
        let text = text(code_page, &pieces);
        for (at, _) in text.char_indices().chain([(text.len(), ' ')]) {
            let mut with = text.clone();
            with.insert(at, stranger);
            agree(code_page, &with);
        }
    }
}
