use super::*;
use crate::codecs::Charset;
use crate::codecs::test_support::{both_ways as both, decode_all, encode, splits_read_alike};
use crate::codecs::test_support::{malformed_lens, problems};

const C6937: Charset = Charset::of(&ISO_6937);
const C6937_2: Charset = Charset::of(&ISO_6937_2);
const T61: Charset = Charset::of(&T61_8BIT);
const X3110: Charset = Charset::of(&ANSI_X3_110);

#[test]
fn prefix_and_letter_make_the_accented_letter() {
    for cs in [C6937, C6937_2, T61, X3110] {
        both(cs, "café", b"caf\xC2e");
        both(cs, "Ångström", b"\xCAAngstr\xC8om");
        both(cs, "Šž", b"\xCFS\xCFz");
    }
    // The currency sign and the dollar: ISO 6937 has $ at 24, T.61 at A4.
    both(C6937, "$¤", b"$\xA8");
    both(T61, "$#", b"\xA4\xA6");
    // T.61 has no grave accent, circumflex or tilde of its own in 7 bits.
    assert_eq!(encode(T61, "^").0, EncodeStatus::Unmappable('^'));
}

#[test]
fn prefix_and_space_is_the_spacing_diacritic() {
    for cs in [C6937, C6937_2, T61, X3110] {
        both(cs, "\u{B4}\u{2D8}\u{A8}", b"\xC2 \xC6 \xC8 ");
    }
}

#[test]
fn a_prefix_without_its_letter_is_ill_formed() {
    // Before a byte it does not combine with: the prefix alone, the byte read again.
    let (text, events) = decode_all(C6937, b"\xC2!x");
    assert_eq!(
        (text.as_str(), problems(&events)),
        ("!x", vec![(1, Problem::Invalid)])
    );
    // Two prefixes: the first alone, then the second with its letter.
    let (text, events) = decode_all(C6937, b"\xC2\xC2e");
    assert_eq!((text.as_str(), events.len()), ("é", 1));
    // At the end of the input.
    assert_eq!(malformed_lens(C6937, b"ab\xC2"), [1]);
    // A byte with nothing at all.
    assert_eq!(malformed_lens(C6937, b"\xC9a"), [1]);
    // A combining mark is not a prefix: it has no code.
    assert_eq!(
        encode(C6937, "e\u{301}").0,
        EncodeStatus::Unmappable('\u{301}')
    );
}

#[test]
fn a_split_anywhere_reads_the_same() {
    let input: &[u8] = b"caf\xC2e \xC2 \xC2!\xC9\xCAA\xC2\xC2e\xC2";
    for cs in [C6937, T61] {
        splits_read_alike(cs, input);
    }
}

#[test]
fn the_input_is_cut_after_anything_but_a_prefix() {
    assert!(ISO_6937.clean_after(b'e'));
    assert!(ISO_6937.clean_after(0xA8));
    assert!(!ISO_6937.clean_after(0xC2));
    assert_eq!(ISO_6937.safe_cut(b"ab\xC2e\xC2"), Some(4));
}

#[test]
fn every_code_decodes_and_encodes_as_its_table_says() {
    for cs in [&ISO_6937, &ISO_6937_2, &T61_8BIT, &ANSI_X3_110] {
        let charset = Charset::of(cs);
        let t = cs.tables;
        for b in 1..=255u8 {
            if let Cell::Char(c) = t.single.cell(usize::from(b)) {
                assert_eq!(
                    decode_all(charset, &[b]).0,
                    c.to_string(),
                    "{charset} {b:02X}"
                );
                if !t.single.is_decode_only(usize::from(b)) {
                    assert_eq!(encode(charset, &c.to_string()).2, [b], "{charset}");
                }
            }
        }
        for prefix in 0xC0..=0xCFu8 {
            for base in 0..=255u8 {
                let i = prefixed_index(prefix, base).unwrap();
                if let Cell::Char(c) = t.double.cell(i) {
                    let bytes = [prefix, base];
                    assert_eq!(decode_all(charset, &bytes).0, c.to_string(), "{charset}");
                    if !t.double.is_decode_only(i) {
                        assert_eq!(encode(charset, &c.to_string()).2, bytes, "{charset}");
                    }
                }
            }
        }
    }
}
