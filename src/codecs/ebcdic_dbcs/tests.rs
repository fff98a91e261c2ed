use super::*;
use crate::codecs::Charset;
use crate::codecs::test_support::{both_ways as both, decode_all, encode, splits_read_alike};
use crate::codecs::test_support::{malformed_lens, problems};

const C930: Charset = Charset::of(&IBM930);
const C939: Charset = Charset::of(&IBM939);
const C933: Charset = Charset::of(&IBM933);
const C1390: Charset = Charset::of(&IBM1390);

#[test]
fn single_bytes_and_shifted_runs() {
    // IBM930's single bytes are katakana and upper-case Latin (a is 0x62), IBM939's Latin.
    both(C930, "A\u{FF71}", b"\xC1\x81");
    both(C939, "Aa", b"\xC1\x81");
    // 一 (4E00) is 4541 in CCSID 300; the ideographic space 4040; SI at the end.
    both(C930, "A一\u{3000}A", b"\xC1\x0E\x45\x41\x40\x40\x0F\xC1");
    both(C939, "一", b"\x0E\x45\x41\x0F");
    // EBCDIC's line ends: NL (15) is U+0085, LF (25) U+000A.
    both(C939, "a\u{85}b\n", b"\x81\x15\x82\x25");
    // Korean: 한 (D55C).
    let (_, _, bytes) = encode(C933, "한");
    assert_eq!((bytes.len(), bytes[0], bytes[3]), (4, SO, SI));
    assert_eq!(decode_all(C933, &bytes).0, "한");
}

#[test]
fn repeated_shifts_change_nothing() {
    assert_eq!(
        decode_all(C930, b"\x0E\x0E\x45\x41\x0F\x0F\xC1"),
        ("一A".to_string(), vec![])
    );
    assert_eq!(decode_all(C930, b"\x0F\xC1").0, "A");
}

#[test]
fn one_way_codes_of_glibc() {
    // glibc's IBM930 writes ~ and \ (which its katakana page lacks) as A1 and 5B, one way.
    assert_eq!(encode(C930, "~\\").2, b"\xA1\x5B");
    assert_ne!(decode_all(C930, b"\xA1\x5B").0, "~\\");
    // Shifts are not text.
    for c in ['\u{E}', '\u{F}'] {
        assert_eq!(encode(C930, &c.to_string()).0, EncodeStatus::Unmappable(c));
    }
}

#[test]
fn pairs_of_ibm1390() {
    // か followed by U+309A is one code (ECB5); か alone is 4486.
    both(C1390, "か\u{309A}", b"\x0E\xEC\xB5\x0F");
    both(C1390, "かか", b"\x0E\x44\x86\x44\x86\x0F");
    both(C1390, "か\u{309A}A", b"\x0E\xEC\xB5\x0F\xC1");
    // The held character is written before an unmappable one.
    let (status, _, bytes) = encode(C1390, "か\u{10FFFF}");
    assert_eq!(status, EncodeStatus::Unmappable('\u{10FFFF}'));
    assert_eq!(bytes, b"\x0E\x44\x86");
    // Beyond the BMP: 𠂉 (U+20089) is in JIS X 0213 plane 2.
    let (status, _, bytes) = encode(C1390, "\u{20089}");
    assert_eq!(status, EncodeStatus::Done);
    assert_eq!(decode_all(C1390, &bytes).0, "\u{20089}");
}

#[test]
fn malformed_input() {
    // A single byte the page lacks (IBM930 has nothing at 0xCA).
    assert_eq!(malformed_lens(C930, b"\xCA\xC1"), [1]);
    // A pair the table lacks: two bytes; the run goes on.
    let (text, events) = decode_all(C930, b"\x0E\x40\x41\x45\x41\x0F");
    assert_eq!(
        (text.as_str(), problems(&events)),
        ("一", vec![(2, Problem::Invalid)])
    );
    // A lead whose next byte cannot be a trail: the lead alone, then SI is read.
    let (text, events) = decode_all(C930, b"\x0E\x45\x0F\xC1");
    assert_eq!(
        (text.as_str(), problems(&events)),
        ("A", vec![(1, Problem::Invalid)])
    );
    // A control byte in the double-byte set; a lead cut by the end of the input.
    assert_eq!(malformed_lens(C930, b"\x0E\x15\x45\x41"), [1]);
    assert_eq!(malformed_lens(C930, b"\x0E\x45"), [1]);
}

#[test]
fn a_split_anywhere_reads_the_same() {
    let input: &[u8] =
        b"\xC1\x0E\x45\x41\x40\x41\x45\x0F\xC1\xCA\x0E\x0E\x40\x40\x0F\x0F\x15\x0E\x45";
    for cs in [C930, C939, C1390] {
        splits_read_alike(cs, input);
    }
}

#[test]
fn every_code_of_every_page_round_trips_as_its_table_says() {
    for page in ALL {
        let cs = Charset::of(page);
        let t = page.tables;
        for index in 0..t.double.len() {
            let Cell::Char(c) = t.double.cell(index) else {
                continue;
            };
            let [lead, trail] = ebcdic_code(index as u32);
            let bytes = [SO, lead, trail, SI];
            assert_eq!(
                decode_all(cs, &bytes).0,
                c.to_string(),
                "{cs} {lead:02X}{trail:02X}"
            );
            if !t.double.is_decode_only(index) {
                assert_eq!(
                    encode(cs, &c.to_string()).2,
                    bytes,
                    "{cs} U+{:04X}",
                    c as u32
                );
            }
        }
        for b in 1..=255u8 {
            if let Cell::Char(c) = t.single.cell(usize::from(b)) {
                assert_eq!(decode_all(cs, &[b]).0, c.to_string(), "{cs} {b:02X}");
            }
        }
    }
}

#[test]
fn a_long_text_reads_as_byte_by_byte() {
    // The bulk loops against reads of one byte each (long enough to fill the buffer).
    let mut bytes = Vec::new();
    for lead in 0x44..=0x55u8 {
        bytes.push(SO);
        for trail in 0x41..=0xFEu8 {
            bytes.extend([lead, trail]);
        }
        bytes.extend([SI, 0xC1, 0x81, 0x25]);
    }
    let (whole, events) = decode_all(C939, &bytes);
    let mut d = crate::codecs::Decoder::new(C939);
    let mut out = String::with_capacity(whole.len() + 64);
    let mut errors = 0;
    for (i, b) in bytes.iter().enumerate() {
        let one = std::slice::from_ref(b);
        let mut at = 0;
        while at < 1 {
            let (status, read) = d.decode(&one[at..], &mut out, i + 1 == bytes.len());
            at += read;
            if let DecodeStatus::Malformed { .. } = status {
                errors += 1;
            }
        }
    }
    assert_eq!(out, whole);
    assert_eq!(errors, events.len());
    assert!(whole.chars().count() > 3000);
}

#[test]
fn escaped_bytes_read_back_as_the_same_errors() {
    use crate::codecs::test_support::{decode_escaped, encode_escaped};
    // Bad bytes in a shifted run and among single bytes: a control in the run, an unassigned
    // pair, a lead before SI, an unassigned single byte, a lead at the end.
    let inputs: [&[u8]; 4] = [
        b"\x0E\x21\x21\xFE\x21\x21\x0F\x25\x0E\x47\x51\x25",
        b"\xC1\x0E\x40\x41\x45\x41\x45\x0F\xCA\xC1",
        b"\x0E\xCA\x41\x45\x41\x0F",
        b"\x0E\x45\x41\x45",
    ];
    for input in inputs {
        for cs in [C930, C1390] {
            let items = decode_escaped(cs, input);
            let bytes = encode_escaped(cs, &items).expect("written back");
            assert_eq!(
                decode_escaped(cs, &bytes),
                items,
                "{cs} {input:02X?} -> {bytes:02X?}"
            );
        }
    }
}
