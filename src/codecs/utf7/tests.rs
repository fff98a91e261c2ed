//! Unit tests of the UTF-7 family: the RFC examples, the pieces ill-formed input is cut
//! into, splits, and the escape round trip the encoder promises.

use super::*;
use crate::codecs::test_support::{Item, Lcg, decode_all, decode_escaped, decode_split};
use crate::codecs::test_support::{encode, encode_escaped, problems, reports};
use crate::codecs::{Charset, Problem};

const MAIL: Charset = Charset::of(&UTF_7);
const OPTIONAL: Charset = Charset::of(&UTF_7_OPTIONAL);
const IMAP: Charset = Charset::of(&UTF_7_IMAP);

fn bad(len: usize) -> (usize, usize, Problem) {
    (len, 0, Problem::Invalid)
}

#[test]
fn rfc_2152_examples() {
    // RFC 2152, "Examples": the last two with Set O written directly.
    assert_eq!(encode(MAIL, "A\u{2262}\u{391}.").2, b"A+ImIDkQ.");
    assert_eq!(encode(MAIL, "\u{65E5}\u{672C}\u{8A9E}").2, b"+ZeVnLIqe-");
    assert_eq!(encode(OPTIONAL, "Hi Mom -\u{263A}-!").2, b"Hi Mom -+Jjo--!");
    assert_eq!(encode(MAIL, "Hi Mom -\u{263A}-!").2, b"Hi Mom -+Jjo--+ACE-");
    assert_eq!(
        encode(OPTIONAL, "Item 3 is \u{A3}1.").2,
        b"Item 3 is +AKM-1."
    );
    for (bytes, text) in [
        (&b"A+ImIDkQ."[..], "A\u{2262}\u{391}."),
        (b"Hi Mom -+Jjo--!", "Hi Mom -\u{263A}-!"),
        (b"+ZeVnLIqe-", "\u{65E5}\u{672C}\u{8A9E}"),
        (b"Item 3 is +AKM-1.", "Item 3 is \u{A3}1."),
        (b"a+-b", "a+b"),
        (b"+2D3eAA", "\u{1F600}"),
    ] {
        assert_eq!(decode_all(MAIL, bytes), (text.to_string(), vec![]));
    }
}

#[test]
fn rfc_3501_example() {
    let name = "~peter/mail/\u{53F0}\u{5317}/\u{65E5}\u{672C}\u{8A9E}";
    let bytes = b"~peter/mail/&U,BTFw-/&ZeVnLIqe-";
    assert_eq!(encode(IMAP, name).2, bytes);
    assert_eq!(decode_all(IMAP, bytes), (name.to_string(), vec![]));
    assert_eq!(encode(IMAP, "a&b\u{1}").2, b"a&-b&AAE-");
}

#[test]
fn strict_direct_mode() {
    let (text, ev) = reports(MAIL, b"a~b\\c\0d\x80e");
    assert_eq!(text, "abcde");
    assert_eq!(ev, vec![bad(1), bad(1), bad(1), bad(1)]);
    let (text, ev) = reports(IMAP, b"a~b\tc");
    assert_eq!((text.as_str(), ev), ("a~bc", vec![bad(1)]));
}

#[test]
fn bad_runs_are_cut_into_pieces() {
    // Leftover bits: six or more, or not zero; the closing '-' goes with them.
    assert_eq!(reports(MAIL, b"+AGEA-x"), ("ax".into(), vec![bad(2)]));
    assert_eq!(reports(MAIL, b"+AGF-x"), ("ax".into(), vec![bad(2)]));
    assert_eq!(reports(MAIL, b"+AG-x"), ("x".into(), vec![bad(4)]));
    assert_eq!(reports(MAIL, b"+AG!"), ("!".into(), vec![bad(3)]));
    assert_eq!(reports(MAIL, b"+AGE+-"), ("a".into(), vec![bad(3)]));
    // A shift character alone.
    assert_eq!(reports(MAIL, b"+!x"), ("!x".into(), vec![bad(1)]));
    assert_eq!(reports(MAIL, b"a+"), ("a".into(), vec![bad(1)]));
    // Unpaired surrogates, each where it is; the run goes on.
    let lone = |u, len, after| (len, after, Problem::LoneSurrogate(u));
    assert_eq!(
        reports(MAIL, b"+2D0AYQ-"),
        ("a".into(), vec![lone(0xD83D, 4, 3)])
    );
    assert_eq!(
        reports(MAIL, b"+2D3-+3gA-"),
        (
            "".into(),
            vec![lone(0xD83D, 4, 0), bad(2), lone(0xDE00, 4, 0)]
        )
    );
    // A byte above 0x7F ends a run and is a piece of its own.
    assert_eq!(reports(MAIL, b"+AGE\x80b"), ("ab".into(), vec![bad(1)]));
}

#[test]
fn imap_is_stricter() {
    assert_eq!(reports(IMAP, b"&AGE-"), ("".into(), vec![bad(4)]));
    assert_eq!(reports(IMAP, b"&Ti/-"), ("/-".into(), vec![bad(3)]));
    assert_eq!(reports(IMAP, b"&-&Ti0-"), ("&\u{4E2D}".into(), vec![]));
}

#[test]
fn split_anywhere_is_the_same() {
    let src: &[u8] = b"a+ZeVnLIqe-b+2D3eAA+AGEA-+2D0AYQ-\x80+!c+AGF";
    for cs in [MAIL, IMAP] {
        let whole = decode_all(cs, src);
        for cut in 0..=src.len() {
            let (out, events) = decode_split(cs, src, cut);
            assert_eq!(
                (&out, problems(&events)),
                (&whole.0, problems(&whole.1)),
                "{} cut {cut}",
                cs.name()
            );
        }
    }
}

/// One trip under escape: decoded, then encoded again.
fn trip(cs: Charset, src: &[u8]) -> Vec<u8> {
    let items = decode_escaped(cs, src);
    match encode_escaped(cs, &items) {
        Some(bytes) => bytes,
        None => panic!("{}: refused {items:?}", cs.name()),
    }
}

#[test]
fn ill_formed_pieces_come_back_byte_for_byte() {
    // Canonical text around pieces that stand on their own, and pieces after a run.
    for (cs, src) in [
        (MAIL, &b"+Ti0A-x"[..]),
        (MAIL, b"+Ti0AB"),
        (OPTIONAL, b"+Ti0A!"),
        (MAIL, b"+Ti0-+AG-"),
        (MAIL, b"+2D0-+3gA-"),
        (MAIL, b"a\x80b~"),
        (MAIL, b"+Ti0\x80b"),
        (MAIL, b"+AG"),
        (MAIL, b"+"),
        (MAIL, b"+ x"),
        (IMAP, b"&AG-&Ti0-&"),
        (IMAP, b"&AGE"),
    ] {
        assert_eq!(trip(cs, src), src, "{}", String::from_utf8_lossy(src));
    }
    // The same, generated: the encoder's output for text, lone surrogates and pieces that
    // stand on their own comes back byte for byte.
    let mut rng = Lcg(7);
    let text = ["a", "-", "+", "&", "!", "\u{4E2D}", "\u{1F600}", " ", "\n"];
    let pieces: [&[u8]; 6] = [b"\x80", b"~", b"\\", b"\x01", b"+AG-", b"+ "];
    for _ in 0..20_000 {
        let mut items = Vec::new();
        for _ in 0..rng.below(8) {
            match rng.below(3) {
                0 => items.push(Item::Text(text[rng.below(text.len())].into())),
                1 => items.push(Item::Lone([0xD83D, 0xDE00][rng.below(2)])),
                _ => {
                    let piece = pieces[rng.below(pieces.len())];
                    items.extend(piece.iter().map(|&b| Item::Esc(b)));
                }
            }
        }
        for cs in [MAIL, OPTIONAL, IMAP] {
            let items: Vec<Item> = match cs == IMAP {
                // IMAP takes `~` and `\` directly; its shift is `&`.
                true => items
                    .iter()
                    .map(|i| match i {
                        Item::Esc(b'~') | Item::Esc(b'\\') => Item::Esc(0x7F),
                        Item::Esc(b'+') => Item::Esc(b'&'),
                        other => other.clone(),
                    })
                    .collect(),
                false => items.clone(),
            };
            let Some(bytes) = encode_escaped(cs, &items) else {
                panic!("{items:?}");
            };
            assert_eq!(
                trip(cs, &bytes),
                bytes,
                "{}: {items:?} -> {:?}",
                cs.name(),
                String::from_utf8_lossy(&bytes)
            );
        }
    }
}

#[test]
fn any_input_survives_a_trip() {
    // Not byte for byte (a damaged run is written again in the encoder's form), but never
    // refused, and never a panic.
    let mut rng = Lcg(9);
    let alphabet = b"+&-AGEQYa0/,2D3eg!~ \n\x80.";
    for _ in 0..20_000 {
        let len = rng.below(14);
        let src = rng.bytes(alphabet, len);
        for cs in [MAIL, OPTIONAL, IMAP] {
            trip(cs, &src);
        }
    }
}

#[test]
fn text_and_lone_surrogates_come_back_exactly() {
    let mut rng = Lcg(5);
    let pieces = [
        Item::Text("a".into()),
        Item::Text("-".into()),
        Item::Text("+".into()),
        Item::Text("&".into()),
        Item::Text("\u{4E2D}".into()),
        Item::Text("\u{1F600}".into()),
        Item::Text("!".into()),
        Item::Text("\0\n".into()),
        Item::Lone(0xD83D),
        Item::Lone(0xDE00),
    ];
    for _ in 0..20_000 {
        let len = rng.below(8);
        let mut items: Vec<Item> = Vec::new();
        for _ in 0..len {
            match (items.last_mut(), pieces[rng.below(pieces.len())].clone()) {
                (Some(Item::Text(t)), Item::Text(more)) => t.push_str(&more),
                (_, item) => items.push(item),
            }
        }
        for cs in [MAIL, OPTIONAL, IMAP] {
            let Some(bytes) = encode_escaped(cs, &items) else {
                panic!("{items:?}");
            };
            assert_eq!(decode_escaped(cs, &bytes), items, "{}", cs.name());
        }
    }
}
