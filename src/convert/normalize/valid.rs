//! The scan of `--normalize` over raw UTF-8 input: validation and the test of the `fast`
//! module in one AVX2 pass, for the spans of a mapped file that go out as they are.
//!
//! Each byte costs a fixed number of vector operations, so the scan is made of as few as
//! the test allows: a range of second (or third) bytes is one addition and one signed
//! comparison (see [`Shifted`]), whole blocks of four chunks are tested before one branch,
//! and the bytes one and two before a chunk are loaded from the input rather than put
//! together. The result is the same as the test of each chunk on its own, byte for byte;
//! the tests hold it to the scalar test of the `fast` module. Where the CPU has AVX-512 (byte
//! and word instructions), the `wide` module tests whole blocks 64 bytes at a time, with the
//! comparisons made into mask registers: about half the instructions per byte.
//!
//! The vector functions are safe Rust inside; calling them is `unsafe` only because their
//! CPU feature must be present, which is checked first.

use super::fast::{CHUNK, Ranges};

#[cfg(target_arch = "x86_64")]
mod wide;

/// Chunks tested together before one branch: a block that fails is tested again chunk by
/// chunk, from the core's cache, to find the chunk the prefix ends in.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const BLOCK: usize = 4 * CHUNK;

/// How much of the start of `bytes` (raw input that starts at a character) is well-formed
/// UTF-8 made only of characters the `fast` scan passes, and ends before a character that it
/// passes too (so that nothing after can change it): validation and the scan in one pass,
/// for UTF-8 input. 0 where the CPU has no AVX2 (the caller then validates and scans as
/// usual) or the text does not start so.
pub(super) fn valid_plain_prefix(ranges: &Ranges, bytes: &[u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    if wide::available() {
        return wide::prefix_entry(ranges, bytes);
    }
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        return valid_plain_prefix_avx2_entry(ranges, bytes);
    }
    let _ = (ranges, bytes);
    0
}

/// Calls [`valid_plain_prefix_avx2`], on a CPU that has AVX2.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
fn valid_plain_prefix_avx2_entry(ranges: &Ranges, bytes: &[u8]) -> usize {
    debug_assert!(std::arch::is_x86_feature_detected!("avx2"));
    // SAFETY: the one requirement of an AVX2 function is a CPU with AVX2, which the only
    // caller, `valid_plain_prefix`, checked.
    unsafe { valid_plain_prefix_avx2(ranges, bytes) }
}

/// A range `from..=to` of continuation bytes as an addition and a signed comparison: `x`
/// is in it when `x + add > above` (bytes, wrapping; the comparison signed), with
/// `add = 0x7F - to` and `above = 0x7E - (to - from)`.
/// The addition takes `to` to 0x7F and `from` to `above + 1`; a continuation byte past
/// `to` wraps round to a negative byte, one below `from` stays at or under `above`, and
/// ASCII and lead bytes (0x00..0x7F, 0xC0..0xFF) stay at or under `above` or go negative.
/// A range that is off is `add = 0`, `above = 0x7F`, which nothing exceeds.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shifted {
    add: u8,
    above: u8,
}

#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
impl Shifted {
    const OFF: Shifted = Shifted {
        add: 0,
        above: 0x7F,
    };

    /// The range `from..=to` (continuation bytes, `from <= to`).
    fn of(from: u8, to: u8) -> Shifted {
        Shifted {
            add: 0x7Fu8.wrapping_sub(to),
            above: 0x7E - (to - from),
        }
    }

    /// Whether `x` is in the range, as the vector code tests it (for the tests).
    #[cfg(test)]
    fn holds(self, x: u8) -> bool {
        (x.wrapping_add(self.add) as i8) > self.above as i8
    }
}

/// The three-byte ranges of a [`Ranges`] by lead byte (E0..EF, indexed by the low four
/// bits), as [`Shifted`] ranges: a character with lead E_x passes when its second byte is in
/// `second[x]`, or when it equals `exact[x]` and its third byte is in `third[x]`. E0 is in
/// no range (its characters are below U+1000, or overlong), so every byte that is not a
/// three-byte lead is looked up as E0, and passes none.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ShiftedLeads {
    second: [Shifted; 16],
    exact: [u8; 16],
    third: [Shifted; 16],
}

#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
impl ShiftedLeads {
    fn of(r: &Ranges) -> ShiftedLeads {
        let t = r.lead_tables();
        let mut s = ShiftedLeads {
            second: [Shifted::OFF; 16],
            exact: [0; 16],
            third: [Shifted::OFF; 16],
        };
        for x in 1..16 {
            if let Some((from, to)) = t.range(x) {
                s.second[x] = Shifted::of(from, to);
            }
            if let Some((b, from, to)) = t.exact_range(x) {
                s.exact[x] = b;
                s.third[x] = Shifted::of(from, to);
            }
        }
        s
    }

    /// The scalar form of the vector test (for the tests).
    #[cfg(test)]
    fn passes(&self, a: u8, b: u8, c: u8) -> bool {
        let x = match a {
            0xE0..=0xEF => usize::from(a & 0x0F),
            _ => 0,
        };
        self.second[x].holds(b) || (b == self.exact[x] && self.third[x].holds(c))
    }
}

/// [`ShiftedLeads`] and the two-byte leads in AVX2 registers, both lanes alike.
#[cfg(target_arch = "x86_64")]
struct Vectors {
    second_add: std::arch::x86_64::__m256i,
    second_above: std::arch::x86_64::__m256i,
    exact: std::arch::x86_64::__m256i,
    third_add: std::arch::x86_64::__m256i,
    third_above: std::arch::x86_64::__m256i,
    /// The two-byte leads that pass, C2 up to the low lead, as a [`Shifted`] range.
    two: Shifted,
}

#[cfg(target_arch = "x86_64")]
impl Vectors {
    fn of(r: &Ranges) -> Vectors {
        let s = ShiftedLeads::of(r);
        let table = |x: [u8; 16]| bytemuck::cast([x, x]);
        let add = |t: [Shifted; 16]| table(t.map(|s| s.add));
        let above = |t: [Shifted; 16]| table(t.map(|s| s.above));
        Vectors {
            second_add: add(s.second),
            second_above: above(s.second),
            exact: table(s.exact),
            third_add: add(s.third),
            third_above: above(s.third),
            // Leads are not continuation bytes, but the arithmetic is the same: C2 and the
            // leads below the low one pass; C0, C1 and the low lead up do not.
            two: match r.low > 0xC2 {
                true => Shifted::of(0xC2, r.low - 1),
                false => Shifted::OFF,
            },
        }
    }

    /// The sign bit set in each byte of a chunk that fails: `a` the chunk, `b` and `c` the
    /// bytes one and two after each, `p1` and `p2` one and two before. A byte passes when it
    /// starts a character of the ranges (or is ASCII or a continuation byte), and is a
    /// continuation byte exactly where the byte before is a lead (C0..FF) or the one two
    /// before a three-byte lead (E0..FF). Only the sign bits count: a test made on them
    /// alone needs no comparison with zero, which saves operations on every chunk.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn fails(
        &self,
        [a, b, c, p1, p2]: [std::arch::x86_64::__m256i; 5],
    ) -> std::arch::x86_64::__m256i {
        use std::arch::x86_64::{__m256i, _mm256_add_epi8, _mm256_and_si256, _mm256_andnot_si256};
        use std::arch::x86_64::{_mm256_cmpeq_epi8, _mm256_cmpgt_epi8, _mm256_min_epu8};
        use std::arch::x86_64::{_mm256_or_si256, _mm256_set1_epi8, _mm256_shuffle_epi8};
        use std::arch::x86_64::{_mm256_subs_epu8, _mm256_xor_si256};
        let k = |x: u8| _mm256_set1_epi8(x as i8);
        let shifted = |x, add, above| _mm256_cmpgt_epi8(_mm256_add_epi8(x, add), above);
        // E0..EF to 0x00..0x0F, every other byte to 0x10, which the shuffle looks up as E0.
        let lead = _mm256_min_epu8(_mm256_xor_si256(a, k(0xE0)), k(0x10));
        let look = |t: __m256i| _mm256_shuffle_epi8(t, lead);
        let second = shifted(b, look(self.second_add), look(self.second_above));
        let third = shifted(c, look(self.third_add), look(self.third_above));
        let exact = _mm256_and_si256(_mm256_cmpeq_epi8(b, look(self.exact)), third);
        // A lead byte (C0..FF) passes when it starts a character of the ranges: a two-byte
        // lead below the low one, or a three-byte one by the tables; ASCII and continuation
        // bytes pass here. (x - 0x40, saturating, has its sign bit set from C0 up, and
        // x - 0x60 from E0 up.)
        let two = shifted(a, k(self.two.add), k(self.two.above));
        let starts = _mm256_or_si256(_mm256_or_si256(two, second), exact);
        let bad_lead = _mm256_andnot_si256(starts, _mm256_subs_epu8(a, k(0x40)));
        // Continuation bytes are below C0 as signed bytes; they are wanted after a lead
        // or two after a three-byte lead.
        let continuation = _mm256_cmpgt_epi8(k(0xC0), a);
        let wanted = _mm256_or_si256(_mm256_subs_epu8(p1, k(0x40)), _mm256_subs_epu8(p2, k(0x60)));
        _mm256_or_si256(bad_lead, _mm256_xor_si256(continuation, wanted))
    }
}

/// The 32 bytes at `at`, if `bytes` has them.
#[cfg(target_arch = "x86_64")]
#[inline]
fn load(bytes: &[u8], at: usize) -> Option<std::arch::x86_64::__m256i> {
    let lanes = bytes.get(at..at.checked_add(CHUNK)?)?;
    <[u8; CHUNK]>::try_from(lanes).ok().map(bytemuck::cast)
}

/// The five vectors [`Vectors::fails`] tests for the chunk at `i` (which has two bytes
/// before it in `bytes`), if `bytes` has them all.
#[cfg(target_arch = "x86_64")]
#[inline]
fn around(bytes: &[u8], i: usize) -> Option<[std::arch::x86_64::__m256i; 5]> {
    let before = i.checked_sub(2)?;
    Some([
        load(bytes, i)?,
        load(bytes, i + 1)?,
        load(bytes, i + 2)?,
        load(bytes, before + 1)?,
        load(bytes, before)?,
    ])
}

/// The first chunk of `bytes`, whose bytes before are taken as ASCII (the input starts at a
/// character).
#[cfg(target_arch = "x86_64")]
fn first(bytes: &[u8]) -> Option<[std::arch::x86_64::__m256i; 5]> {
    let mut padded = [0u8; CHUNK + 4];
    padded[2..].copy_from_slice(bytes.get(..CHUNK + 2)?);
    around(&padded, 2)
}

/// [`valid_plain_prefix`] with AVX2: the first chunk, then blocks of four chunks with one
/// branch each, then the chunks of the block that failed one by one. The prefix ends at the
/// last character that starts in the chunks that passed: it passed, but its bytes may run on
/// past them, and a character after it may combine with it.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn valid_plain_prefix_avx2(ranges: &Ranges, bytes: &[u8]) -> usize {
    let v = Vectors::of(ranges);
    match v.passes(first(bytes)) {
        true => v.prefix_from(bytes, CHUNK),
        false => 0,
    }
}

#[cfg(target_arch = "x86_64")]
impl Vectors {
    /// True when `chunk` (the five vectors of [`Vectors::fails`]) is there and passes.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn passes(&self, chunk: Option<[std::arch::x86_64::__m256i; 5]>) -> bool {
        use std::arch::x86_64::_mm256_movemask_epi8;
        chunk.is_some_and(|chunk| _mm256_movemask_epi8(self.fails(chunk)) == 0)
    }

    /// The rest of [`valid_plain_prefix_avx2`] once the chunks before `i` have passed:
    /// blocks, then chunks, then the start of the last character.
    #[target_feature(enable = "avx2")]
    fn prefix_from(&self, bytes: &[u8], mut i: usize) -> usize {
        use std::arch::x86_64::{_mm256_movemask_epi8, _mm256_or_si256};
        use std::arch::x86_64::{_mm256_set1_epi8, _mm256_setzero_si256};
        let v = self;
        while let Some(block) = bytes.get(i - 2..i + BLOCK + 2) {
            // The block holds each chunk with the two bytes before and after it.
            let chunks: [_; BLOCK / CHUNK] = std::array::from_fn(|n| around(block, 2 + n * CHUNK));
            let (mut ascii, mut fails) = (_mm256_setzero_si256(), _mm256_setzero_si256());
            // The bytes of the block and the two before it (those of the first chunk; each
            // other chunk's are in the chunk before).
            for (n, chunk) in chunks.iter().enumerate() {
                match chunk {
                    Some([a, _, _, _, _]) if n > 0 => ascii = _mm256_or_si256(ascii, *a),
                    Some([a, _, _, _, p2]) => ascii = _mm256_or_si256(*a, *p2),
                    None => ascii = _mm256_set1_epi8(-1),
                }
            }
            // All ASCII: nothing to check (English text).
            if _mm256_movemask_epi8(ascii) != 0 {
                for chunk in chunks {
                    match chunk {
                        Some(chunk) => fails = _mm256_or_si256(fails, v.fails(chunk)),
                        None => fails = _mm256_set1_epi8(-1),
                    }
                }
                if _mm256_movemask_epi8(fails) != 0 {
                    break;
                }
            }
            i += BLOCK;
        }
        while v.passes(around(bytes, i)) {
            i += CHUNK;
        }
        last_start(bytes, i)
    }
}

/// The start of the last character that starts before `end` in `bytes` (0 when none).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn last_start(bytes: &[u8], end: usize) -> usize {
    (0..end)
        .rev()
        .find(|&j| bytes.get(j).is_some_and(|&x| !(0x80..0xC0).contains(&x)))
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::super::fast::passes;
    use super::super::{FORMS, NormalForm};
    use super::*;

    /// The pieces random test texts are made of: characters inside and just outside the
    /// ranges, and ill-formed sequences (overlong, surrogates, cut or stray bytes).
    fn pieces() -> Vec<Vec<u8>> {
        [
            "a", "\n", "é", "\u{2FF}", "\u{300}", "中", "\u{4E00}", "\u{3400}", "\u{33FF}",
            "\u{3000}", "\u{302A}", "\u{2001}", "\u{2002}", "，", "\u{FF80}", "가", "\u{D7A3}",
            "\u{D7A0}", "\u{1100}", "\u{E000}", "😀", "、", "“",
        ]
        .iter()
        .map(|p| p.as_bytes().to_vec())
        .chain(
            [
                &b"\x80"[..],
                b"\xC0\x80",
                b"\xC1\xBF",
                b"\xE0\x80\x80",
                b"\xED\xA0\x80",
                b"\xE4\xB8",
                b"\xE3\x80",
                b"\xF0\x9F",
                b"\xCC",
            ]
            .iter()
            .map(|b| b.to_vec()),
        )
        .collect()
    }

    /// `count` random texts of about `len` bytes: mostly one piece repeated, so that whole
    /// chunks and blocks pass, with others between.
    fn texts(count: usize, len: usize) -> Vec<Vec<u8>> {
        let pieces = pieces();
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        (0..count)
            .map(|_| {
                let common = next(pieces.len());
                let rare = 4 + next(200);
                let mut bytes = Vec::new();
                while bytes.len() < len {
                    let p = match next(rare) {
                        0 => next(pieces.len()),
                        _ => common,
                    };
                    bytes.extend_from_slice(&pieces[p]);
                }
                bytes
            })
            .collect()
    }

    /// The definition the vector scan implements, byte by byte: chunks of 32 bytes (each
    /// with two bytes after it in `bytes`) pass while every byte passes the `fast` test (C0
    /// and C1 left out) and is a continuation byte exactly where one is wanted.
    fn reference(r: &Ranges, bytes: &[u8]) -> usize {
        let at = |j: usize| bytes.get(j).copied().unwrap_or(0);
        let before = |j: usize, back: usize| j.checked_sub(back).map_or(0, at);
        let byte_ok = |j: usize| {
            let a = at(j);
            let pass = a < 0xC0 || (0xC2..r.low).contains(&a) || {
                a >= 0xE0 && passes(r, a, at(j + 1), at(j + 2))
            };
            let wanted = before(j, 1) >= 0xC0 || before(j, 2) >= 0xE0;
            pass && (0x80..0xC0).contains(&a) == wanted
        };
        let mut i = 0;
        while i + CHUNK + 2 <= bytes.len() && (i..i + CHUNK).all(byte_ok) {
            i += CHUNK;
        }
        last_start(bytes, i)
    }

    #[test]
    fn the_shifted_ranges_are_the_ranges() {
        // Every lead with every pair of continuation bytes: the arithmetic of the vector
        // code says what the scalar test of the `fast` module says, for every form.
        let continuation = 0x80..=0xBFu8;
        for form in FORMS {
            let r = Ranges::of(form);
            let s = ShiftedLeads::of(&r);
            for a in 0xE0..=0xEFu8 {
                for b in continuation.clone() {
                    for c in continuation.clone() {
                        let want = passes(&r, a, b, c);
                        assert_eq!(s.passes(a, b, c), want, "{form:?} {a:02X} {b:02X} {c:02X}");
                    }
                }
            }
            // No range holds a byte that is not a continuation byte (the scan then fails
            // the chunk as ill-formed), and no byte that is not a three-byte lead passes.
            for x in 0..=255u8 {
                let ranges = s.second.iter().chain(&s.third);
                if !continuation.contains(&x) {
                    assert!(
                        ranges.clone().all(|range| !range.holds(x)),
                        "{form:?} {x:02X}"
                    );
                }
                if !(0xE0..=0xEF).contains(&x) {
                    assert!(continuation.clone().all(|b| !s.passes(x, b, b)), "{x:02X}");
                }
            }
        }
    }

    #[test]
    fn the_vector_scan_is_the_byte_by_byte_definition() {
        // Random texts, and the same texts from every offset of a block (so that the first
        // chunk, whole blocks and a failing block's chunks all meet every kind of byte).
        if !cfg!(target_arch = "x86_64") || !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        for form in FORMS {
            let r = Ranges::of(form);
            for bytes in texts(300, 700) {
                for from in [0, 1, 2, 3, 31, 33, 64, 100, 127] {
                    let text = &bytes[from..];
                    let want = reference(&r, text);
                    assert_eq!(valid_plain_prefix(&r, text), want, "{form:?} {text:02X?}");
                }
            }
        }
    }

    #[test]
    fn the_validating_scan_passes_only_well_formed_text_in_the_form() {
        // The prefix is well-formed, made of boundaries, and ends before a character the
        // scan passes.
        for form in FORMS {
            let ranges = Ranges::of(form);
            for bytes in texts(3000, 200) {
                let m = valid_plain_prefix(&ranges, &bytes);
                let Ok(text) = std::str::from_utf8(&bytes[..m]) else {
                    panic!("{form:?}: ill-formed prefix {m} of {bytes:02X?}");
                };
                assert!(text.chars().all(|c| form.looked_up(c)), "{form:?} {text:?}");
                if m > 0 {
                    let at = |j: usize| bytes.get(m + j).copied().unwrap_or(0);
                    assert!(!(0x80..0xC0).contains(&at(0)), "{form:?} {bytes:02X?} {m}");
                    assert!(
                        passes(&ranges, at(0), at(1), at(2)),
                        "{form:?} {bytes:02X?}"
                    );
                }
                let plain = std::str::from_utf8(&bytes).is_ok_and(|t| {
                    t.chars().all(|c| {
                        let mut buf = [0u8; 4];
                        let b = c.encode_utf8(&mut buf).as_bytes();
                        let get = |j: usize| b.get(j).copied().unwrap_or(0x80);
                        passes(&ranges, get(0), get(1), get(2))
                    })
                });
                if plain && std::arch::is_x86_feature_detected!("avx2") {
                    assert!(m > 0, "{form:?}: nothing of {bytes:02X?}");
                }
            }
        }
    }

    /// One implementation of the validating scan.
    type Scan = fn(&Ranges, &[u8]) -> usize;

    /// The scans this CPU can run, by name: AVX2, and AVX-512 where it has it.
    fn kernels() -> Vec<(&'static str, Scan)> {
        let mut kernels: Vec<(&'static str, Scan)> = Vec::new();
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            kernels.push(("avx2", valid_plain_prefix_avx2_entry));
        }
        #[cfg(target_arch = "x86_64")]
        if wide::available() {
            kernels.push(("avx512", wide::prefix_entry));
        }
        kernels
    }

    #[test]
    fn every_scan_is_the_byte_by_byte_definition() {
        // Texts long enough for several wide blocks, from offsets around a block's edges.
        for form in FORMS {
            let r = Ranges::of(form);
            for bytes in texts(60, 2500) {
                for from in [0, 1, 2, 3, 31, 62, 63, 64, 65, 127, 255, 256, 257, 258] {
                    let text = &bytes[from..];
                    let want = reference(&r, text);
                    for (name, scan) in kernels() {
                        assert_eq!(scan(&r, text), want, "{name} {form:?} {text:02X?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_wide_block_stops_at_the_chunk_that_fails() {
        // Chinese that passes for many blocks, with bytes that stop the scan (a character
        // it does not pass, or ill-formed bytes) at every offset of the first blocks: every
        // scan ends where the AVX2 scan does, whichever vector and chunk of a block holds
        // them, with a well-formed prefix. (The byte-by-byte definition reads a cut
        // character's missing bytes as continuation bytes, so it may pass one more chunk.)
        let clean = "中文的句子，“引号”、标点。Latin 123\n".repeat(40);
        let stops: [&[u8]; 7] = [
            b"\x80",
            b"\xE4\xB8",
            "e\u{301}".as_bytes(),
            "\u{E000}".as_bytes(),
            b"\xED\xA0\x80",
            b"\xF0\x9F\x98\x80",
            b"\xC0\x80",
        ];
        for form in [NormalForm::Nfc, NormalForm::Nfkc] {
            let r = Ranges::of(form);
            for stop in stops {
                for at in 0..700 {
                    let mut bytes = clean.as_bytes().to_vec();
                    bytes.splice(at..at, stop.iter().copied());
                    let want = kernels().first().map(|(_, avx2)| avx2(&r, &bytes));
                    for (name, scan) in kernels() {
                        let got = scan(&r, &bytes);
                        assert_eq!(Some(got), want, "{name} {form:?} {stop:02X?} at {at}");
                        assert!(std::str::from_utf8(&bytes[..got]).is_ok(), "{name} {at}");
                        // (In NFKC the fullwidth comma stops the scan before.)
                        let passed = form == NormalForm::Nfkc || got + 64 >= at;
                        assert!(passed, "{name} {form:?} {stop:02X?}: {got} of {at}");
                    }
                }
            }
        }
    }

    #[test]
    fn chinese_passes_whole() {
        // Text of the commonest kinds of character in Chinese: ideographs, the ideographic
        // comma and full stop, fullwidth punctuation and curly quotes, across many blocks.
        if !cfg!(target_arch = "x86_64") || !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        let text = "中文的句子，“引号”、标点。Latin 123\n".repeat(200);
        let r = Ranges::of(NormalForm::Nfc);
        let m = valid_plain_prefix(&r, text.as_bytes());
        assert!(m + 2 * CHUNK >= text.len(), "{m} of {}", text.len());
    }
}
