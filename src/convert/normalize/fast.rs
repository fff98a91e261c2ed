//! The fast scan of `--normalize`: how far text is made only of characters that its bytes
//! alone show to be boundaries, 32 bytes at a time.
//!
//! The scan tests each byte with a few vector comparisons against a fixed set of candidate
//! ranges (see [`Ranges`]): ASCII and the low two-byte characters, CJK ideographs, CJK
//! Extension A, CJK and general punctuation, fullwidth forms and Hangul syllables. Which of
//! them a form may skip is written out ([`Ranges::known`]), and a test asks the crate's
//! quick-check and combining-class functions (through the form's bit table) about every
//! character of each range (`Ranges::of`) and holds the written rows to the answer: asking at
//! run time cost 1.4 ms of CPU before the first span. Whatever the scan does not pass goes
//! to the exact look-up.
//!
//! AVX2 where the CPU has it (chosen at run time), SSE2 on other x86-64 CPUs, portable code
//! elsewhere. The vector functions are safe Rust inside; calling them is `unsafe` only
//! because their CPU feature must be present, which is checked first.

use super::NormalForm;

/// Bytes classified together.
pub(super) const CHUNK: usize = 32;
/// Bytes a chunk's test reads past its end: a three-byte character may start in its last
/// byte.
const LOOK_AHEAD: usize = 2;

/// The candidate ranges the scan can test on the bytes, and which of them are boundaries
/// throughout for one form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Ranges {
    /// Lead bytes below this (from 0xC2) start only boundaries: with ASCII and continuation
    /// bytes, everything below it passes.
    pub low: u8,
    /// U+4000..U+9FFF, lead bytes E4..E9: CJK ideographs.
    pub ideographs: bool,
    /// U+3400..U+3FFF (E3 90..BF): CJK Extension A.
    pub extension_a: bool,
    /// U+3000..U+3029 (E3 80 80..A9): CJK punctuation before the tone marks.
    pub cjk_punctuation: bool,
    /// U+2002..U+203F (E2 80 82..BF): spaces, dashes, quotation marks, ellipsis.
    pub general_punctuation: bool,
    /// U+FF00..U+FF7F (EF BC, EF BD): fullwidth ASCII and CJK punctuation.
    pub fullwidth: bool,
    /// U+AC00..U+D79F (EA B0.. to ED 9D): precomposed Hangul syllables.
    pub hangul: bool,
    /// The three-byte ranges as the AVX2 scan looks them up.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    leads: LeadTables,
}

impl Ranges {
    /// The ranges that are boundaries in every character for `form`, from the form's own
    /// test of each code point: what [`Ranges::known`] must say.
    #[cfg(test)]
    pub(super) fn of(form: NormalForm) -> Ranges {
        let all = |from: u32, to: u32| {
            (from..=to)
                .filter_map(char::from_u32)
                .all(|c| form.is_boundary(c))
        };
        // Two-byte lead L starts U+((L - 0xC0) << 6) and the 63 after it.
        let low = (0xC2u8..=0xDF)
            .find(|&lead| {
                let first = u32::from(lead - 0xC0) << 6;
                !all(first, first + 63)
            })
            .unwrap_or(0xE0);
        let mut ranges = Ranges {
            low,
            ideographs: all(0x4000, 0x9FFF),
            extension_a: all(0x3400, 0x3FFF),
            cjk_punctuation: all(0x3000, 0x3029),
            general_punctuation: all(0x2002, 0x203F),
            fullwidth: all(0xFF00, 0xFF7F),
            hangul: all(0xAC00, 0xD79F),
            leads: LeadTables::OFF,
        };
        ranges.leads = LeadTables::of(&ranges);
        ranges
    }

    /// What [`Ranges::of`] finds for `form`, written out: finding it asks about some 40,000
    /// code points and builds the form's table of the BMP (1.4 ms of CPU), which a run whose
    /// text all passes the scan (Chinese in NFC) would otherwise do before its first span,
    /// and need for nothing else. A test holds each form's row to [`Ranges::of`], so a new
    /// version of the crate's tables cannot make them wrong unnoticed.
    pub(super) fn known(form: NormalForm) -> Ranges {
        // low, ideographs, extension A, CJK punctuation, general punctuation, fullwidth,
        // Hangul.
        let (
            low,
            [
                ideographs,
                extension_a,
                cjk_punctuation,
                general_punctuation,
                fullwidth,
                hangul,
            ],
        ) = match form {
            NormalForm::Nfc => (0xCC, [true, true, true, true, true, true]),
            NormalForm::Nfd => (0xC3, [true, true, true, true, true, false]),
            NormalForm::Nfkc => (0xC2, [true, true, false, false, false, true]),
            NormalForm::Nfkd => (0xC2, [true, true, false, false, false, false]),
        };
        let mut ranges = Ranges {
            low,
            ideographs,
            extension_a,
            cjk_punctuation,
            general_punctuation,
            fullwidth,
            hangul,
            leads: LeadTables::OFF,
        };
        ranges.leads = LeadTables::of(&ranges);
        ranges
    }

    /// The three-byte ranges by lead byte.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(super) fn lead_tables(&self) -> &LeadTables {
        &self.leads
    }

    /// A range's switch as a byte mask for the vector code.
    fn mask(on: bool) -> i8 {
        if on { -1 } else { 0 }
    }
}

/// The length, in whole chunks, of the start of `bytes` (UTF-8) in which every character
/// that starts is in one of `ranges`' ranges that are on. The chunk after it holds a
/// character that is not, or is the last whole chunk before the end.
pub(super) fn plain_prefix(ranges: &Ranges, bytes: &[u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            return plain_prefix_avx2_entry(ranges, bytes);
        }
        plain_prefix_sse2_entry(ranges, bytes)
    }
    #[cfg(not(target_arch = "x86_64"))]
    plain_prefix_portable(ranges, bytes)
}

/// Calls [`plain_prefix_avx2`], on a CPU that has AVX2.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
fn plain_prefix_avx2_entry(ranges: &Ranges, bytes: &[u8]) -> usize {
    debug_assert!(std::arch::is_x86_feature_detected!("avx2"));
    // SAFETY: the one requirement of an AVX2 function is a CPU with AVX2, which the only
    // caller, `plain_prefix`, checked.
    unsafe { plain_prefix_avx2(ranges, bytes) }
}

/// Calls [`plain_prefix_sse2`].
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
fn plain_prefix_sse2_entry(ranges: &Ranges, bytes: &[u8]) -> usize {
    // SAFETY: the one requirement of an SSE2 function is a CPU with SSE2, and every x86-64
    // CPU has it (it is in the target's baseline).
    unsafe { plain_prefix_sse2(ranges, bytes) }
}

/// The test of one vector of lead bytes `a` (with `b` and `c` the bytes one and two after
/// each), written once for AVX2 and SSE2: the mask of the bytes that pass. Unsigned byte
/// comparisons are made with min/max: x <= k when min(x, k) == x.
macro_rules! passing {
    ($r:expr, $a:expr, $b:expr, $c:expr; $set1:ident, $eq:ident, $min:ident, $max:ident,
     $sub:ident, $and:ident, $or:ident, $andnot:ident) => {{
        let (r, a, b, c) = ($r, $a, $b, $c);
        let k = |x: u8| $set1(x as i8);
        let on = |x: bool| $set1(Ranges::mask(x));
        let le = |x, n: u8| $eq($min(x, k(n)), x);
        let ge = |x, n: u8| $eq($max(x, k(n)), x);
        let is = |x, n: u8| $eq(x, k(n));
        let within = |x, lo: u8, hi: u8| le($sub(x, k(lo)), hi - lo);
        // Below the low lead: ASCII, continuation bytes, the low two-byte characters.
        let below = $andnot(ge(a, r.low), k(0xFF));
        let ideographs = $and(within(a, 0xE4, 0xE9), on(r.ideographs));
        let e3 = $or(
            $and(ge(b, 0x90), on(r.extension_a)),
            $and($and(is(b, 0x80), le(c, 0xA9)), on(r.cjk_punctuation)),
        );
        let e2 = $and($and(is(b, 0x80), ge(c, 0x82)), on(r.general_punctuation));
        let ef = $and(within(b, 0xBC, 0xBD), on(r.fullwidth));
        let hangul = $or(
            $or($and(is(a, 0xEA), ge(b, 0xB0)), within(a, 0xEB, 0xEC)),
            $and(is(a, 0xED), le(b, 0x9D)),
        );
        let three = $or(
            $or($and(is(a, 0xE3), e3), $and(is(a, 0xE2), e2)),
            $or($and(is(a, 0xEF), ef), $and(hangul, on(r.hangul))),
        );
        $or($or(below, ideographs), three)
    }};
}

/// A chunk's bytes, and the same one and two bytes on, as arrays for the vector code.
fn chunk_at(bytes: &[u8], i: usize) -> Option<[[u8; CHUNK]; 3]> {
    let window = bytes.get(i..i + CHUNK + LOOK_AHEAD)?;
    let lanes = |from: usize| <[u8; CHUNK]>::try_from(window.get(from..from + CHUNK)?).ok();
    Some([lanes(0)?, lanes(1)?, lanes(2)?])
}

/// The three-byte ranges of a [`Ranges`] by lead byte, for the AVX2 scan, which looks them
/// up with a byte shuffle on the lead's low four bits (leads E0..EF). A character with lead
/// E_x passes when `from[x] <= b <= to[x]`, or when `b == exact[x]` and
/// `exact_from[x] <= c <= exact_to[x]` (b, c: its second and third bytes). The upper
/// bounds are kept one above (`to + 1`) for signed comparisons, which order continuation
/// bytes (0x80..0xBF) as they are. A range that is off gets bounds no continuation byte
/// meets (0xC0, or 0x00 for the exact second byte).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(super) struct LeadTables {
    from: [u8; 16],
    above_to: [u8; 16],
    exact: [u8; 16],
    exact_from: [u8; 16],
    above_exact_to: [u8; 16],
}

impl LeadTables {
    /// Every range off: no second byte is above 0xBF, none equals 0x00.
    const OFF: LeadTables = LeadTables {
        from: [0xC0; 16],
        above_to: [0xC0; 16],
        exact: [0x00; 16],
        exact_from: [0xC0; 16],
        above_exact_to: [0xC0; 16],
    };

    fn of(r: &Ranges) -> LeadTables {
        let mut t = LeadTables::OFF;
        let mut range = |lead: usize, from: u8, to: u8| {
            t.from[lead] = from;
            t.above_to[lead] = to + 1;
        };
        if r.ideographs {
            (0x4..=0x9).for_each(|lead| range(lead, 0x80, 0xBF));
        }
        if r.extension_a {
            range(0x3, 0x90, 0xBF);
        }
        if r.fullwidth {
            range(0xF, 0xBC, 0xBD);
        }
        if r.hangul {
            range(0xA, 0xB0, 0xBF);
            range(0xB, 0x80, 0xBF);
            range(0xC, 0x80, 0xBF);
            range(0xD, 0x80, 0x9D);
        }
        let mut exact = |lead: usize, b: u8, from: u8, to: u8| {
            t.exact[lead] = b;
            t.exact_from[lead] = from;
            t.above_exact_to[lead] = to + 1;
        };
        if r.cjk_punctuation {
            exact(0x3, 0x80, 0x80, 0xA9);
        }
        if r.general_punctuation {
            exact(0x2, 0x80, 0x82, 0xBF);
        }
        t
    }

    /// The second bytes `from..=to` that pass after lead E_x, if any do.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(super) fn range(&self, x: usize) -> Option<(u8, u8)> {
        let (&from, &above_to) = (self.from.get(x)?, self.above_to.get(x)?);
        (from < above_to).then(|| (from, above_to - 1))
    }

    /// The second byte and the third bytes `from..=to` that pass after lead E_x, if any do.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(super) fn exact_range(&self, x: usize) -> Option<(u8, u8, u8)> {
        let exact = *self.exact.get(x)?;
        let (&from, &above_to) = (self.exact_from.get(x)?, self.above_exact_to.get(x)?);
        (exact != 0 && from < above_to).then(|| (exact, from, above_to - 1))
    }
}

/// [`LeadTables`] in AVX2 registers, both lanes alike, for the AVX2 scan.
#[cfg(target_arch = "x86_64")]
struct LeadVectors {
    from: std::arch::x86_64::__m256i,
    above_to: std::arch::x86_64::__m256i,
    exact: std::arch::x86_64::__m256i,
    exact_from: std::arch::x86_64::__m256i,
    above_exact_to: std::arch::x86_64::__m256i,
}

#[cfg(target_arch = "x86_64")]
impl LeadVectors {
    fn of(t: &LeadTables) -> LeadVectors {
        let table = |x: [u8; 16]| bytemuck::cast([x, x]);
        LeadVectors {
            from: table(t.from),
            above_to: table(t.above_to),
            exact: table(t.exact),
            exact_from: table(t.exact_from),
            above_exact_to: table(t.above_exact_to),
        }
    }

    /// All ones where the lead byte `a`, with `b` and `c` the bytes after it, starts a
    /// three-byte character of the ranges.
    #[target_feature(enable = "avx2")]
    fn three_byte(
        &self,
        a: std::arch::x86_64::__m256i,
        b: std::arch::x86_64::__m256i,
        c: std::arch::x86_64::__m256i,
    ) -> std::arch::x86_64::__m256i {
        use std::arch::x86_64::{__m256i, _mm256_adds_epu8, _mm256_and_si256, _mm256_andnot_si256};
        use std::arch::x86_64::{_mm256_cmpeq_epi8, _mm256_cmpgt_epi8, _mm256_or_si256};
        use std::arch::x86_64::{_mm256_set1_epi8, _mm256_shuffle_epi8, _mm256_xor_si256};
        // E0..EF to 0x70..0x7F, which the shuffle looks up by the low four bits; every
        // other byte to 0x90 or more, which it turns into zeros, bounds nothing meets.
        let (e0, to_index) = (_mm256_set1_epi8(0xE0u8 as i8), _mm256_set1_epi8(0x70));
        let lead = _mm256_adds_epu8(_mm256_xor_si256(a, e0), to_index);
        let look = |t: __m256i| _mm256_shuffle_epi8(t, lead);
        // from <= x < to_more: not from > x, and to_more > x.
        let within = |x, from, to_more| {
            _mm256_andnot_si256(_mm256_cmpgt_epi8(from, x), _mm256_cmpgt_epi8(to_more, x))
        };
        let in_range = within(b, look(self.from), look(self.above_to));
        let at_exact = _mm256_and_si256(
            _mm256_cmpeq_epi8(b, look(self.exact)),
            within(c, look(self.exact_from), look(self.above_exact_to)),
        );
        _mm256_or_si256(in_range, at_exact)
    }
}

/// [`plain_prefix`] with AVX2, 32 bytes at a time: chunks of ASCII by one test, others by
/// the low bound and the lead tables.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn plain_prefix_avx2(ranges: &Ranges, bytes: &[u8]) -> usize {
    use std::arch::x86_64::{__m256i, _mm256_cmpeq_epi8, _mm256_set1_epi8};
    use std::arch::x86_64::{_mm256_min_epu8, _mm256_movemask_epi8, _mm256_or_si256};
    let leads = LeadVectors::of(&ranges.leads);
    let below_low = _mm256_set1_epi8((ranges.low - 1) as i8);
    let mut i = 0;
    while let Some([a, b, c]) = chunk_at(bytes, i) {
        let a: __m256i = bytemuck::cast(a);
        if _mm256_movemask_epi8(a) != 0 {
            let (b, c): (__m256i, __m256i) = (bytemuck::cast(b), bytemuck::cast(c));
            // ASCII, continuation bytes and the low two-byte leads: a <= low - 1.
            let below = _mm256_cmpeq_epi8(_mm256_min_epu8(a, below_low), a);
            let three = leads.three_byte(a, b, c);
            if _mm256_movemask_epi8(_mm256_or_si256(below, three)) != -1 {
                break;
            }
        }
        i += CHUNK;
    }
    i
}

/// [`plain_prefix`] with SSE2: each chunk as two halves of 16 bytes.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn plain_prefix_sse2(ranges: &Ranges, bytes: &[u8]) -> usize {
    use std::arch::x86_64::{__m128i, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8};
    use std::arch::x86_64::{_mm_max_epu8, _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128};
    use std::arch::x86_64::{_mm_set1_epi8, _mm_sub_epi8};
    let mut i = 0;
    while let Some([a, b, c]) = chunk_at(bytes, i) {
        let halves: [[__m128i; 2]; 3] = [bytemuck::cast(a), bytemuck::cast(b), bytemuck::cast(c)];
        let [[a0, a1], [b0, b1], [c0, c1]] = halves;
        let half = |a, b, c| {
            let pass = passing!(ranges, a, b, c; _mm_set1_epi8, _mm_cmpeq_epi8, _mm_min_epu8,
                _mm_max_epu8, _mm_sub_epi8, _mm_and_si128, _mm_or_si128, _mm_andnot_si128);
            _mm_movemask_epi8(pass) == 0xFFFF
        };
        if !(half(a0, b0, c0) && half(a1, b1, c1)) {
            break;
        }
        i += CHUNK;
    }
    i
}

/// [`plain_prefix`] in portable code, the same test byte by byte.
#[cfg(any(test, not(target_arch = "x86_64")))]
fn plain_prefix_portable(ranges: &Ranges, bytes: &[u8]) -> usize {
    let mut i = 0;
    while let Some([a, b, c]) = chunk_at(bytes, i) {
        let pass = a
            .iter()
            .zip(&b)
            .zip(&c)
            .fold(true, |ok, ((&a, &b), &c)| ok & passes(ranges, a, b, c));
        if !pass {
            break;
        }
        i += CHUNK;
    }
    i
}

/// The test of [`passing!`] for one byte `a`, followed by `b` and `c`.
#[cfg(any(test, not(target_arch = "x86_64")))]
pub(super) fn passes(r: &Ranges, a: u8, b: u8, c: u8) -> bool {
    let hangul = (a == 0xEA && b >= 0xB0) || (0xEB..=0xEC).contains(&a) || (a == 0xED && b <= 0x9D);
    a < r.low
        || ((0xE4..=0xE9).contains(&a) && r.ideographs)
        || (a == 0xE3 && b >= 0x90 && r.extension_a)
        || (a == 0xE3 && b == 0x80 && c <= 0xA9 && r.cjk_punctuation)
        || (a == 0xE2 && b == 0x80 && c >= 0x82 && r.general_punctuation)
        || (a == 0xEF && (0xBC..=0xBD).contains(&b) && r.fullwidth)
        || (hangul && r.hangul)
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::super::FORMS;

    /// One implementation of the scan.
    type Scan = fn(&Ranges, &[u8]) -> usize;

    /// Every implementation this machine can run.
    fn scans() -> Vec<(&'static str, Scan)> {
        let mut scans: Vec<(&str, Scan)> = vec![
            ("portable", plain_prefix_portable),
            ("chosen", plain_prefix),
        ];
        #[cfg(target_arch = "x86_64")]
        {
            scans.push(("sse2", plain_prefix_sse2_entry));
            if std::arch::is_x86_feature_detected!("avx2") {
                scans.push(("avx2", plain_prefix_avx2_entry));
            }
        }
        scans
    }

    #[test]
    fn what_the_scan_passes_is_a_boundary() {
        // Each character at every place of a chunk of ASCII: the chunk passes only if the
        // character is a boundary of the form, in every implementation.
        for form in FORMS {
            let ranges = Ranges::of(form);
            // The whole BMP; beyond it, no lead byte is in any range (F0..F4): a sample.
            let astral = (0x10000..=0x10FFFF).step_by(97);
            for c in (0x80..0x10000).chain(astral).filter_map(char::from_u32) {
                let mut buf = [0u8; 4];
                let bytes = c.encode_utf8(&mut buf).as_bytes();
                for at in [0, CHUNK - 1] {
                    let mut window = [b'a'; 2 * CHUNK + LOOK_AHEAD];
                    window[at..at + bytes.len()].copy_from_slice(bytes);
                    let boundary = form.looked_up(c);
                    for (name, scan) in scans() {
                        let passed = scan(&ranges, &window);
                        assert!(passed == 0 || boundary, "{name} {form:?} {c:?} at {at}");
                        if (c as u32) & 0xFFF == 0 {
                            assert!(passed == 0 || passed == 2 * CHUNK, "{name} {c:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_implementations_agree_on_every_lead_and_following_bytes() {
        // Every lead byte with a spread of second and third bytes: the same verdict from
        // each implementation as from the scalar test.
        for form in FORMS {
            let ranges = Ranges::of(form);
            for a in 0..=255u8 {
                // After a lead, valid UTF-8 has continuation bytes; the AVX2 scan compares
                // them as such.
                for b in 0x80..=0xBFu8 {
                    for c in [0x80, 0x81, 0x82, 0x9F, 0xA9, 0xAA, 0xBF] {
                        let mut window = [b'a'; CHUNK + LOOK_AHEAD];
                        window[CHUNK - 1..].copy_from_slice(&[a, b, c]);
                        let want = passes(&ranges, a, b, c) as usize * CHUNK;
                        for (name, scan) in scans() {
                            let got = scan(&ranges, &window);
                            assert_eq!(got, want, "{name} {form:?} {a:02X} {b:02X} {c:02X}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_written_ranges_are_what_the_crate_says() {
        for form in FORMS {
            assert_eq!(Ranges::known(form), Ranges::of(form), "{form:?}");
        }
    }

    #[test]
    fn the_common_ranges_are_on_where_the_form_allows() {
        // What makes Chinese, Korean and English fast: if the crate's tables ever changed
        // these, the scan would still be right but slow, and this says why.
        let nfc = Ranges::of(NormalForm::Nfc);
        assert_eq!(nfc.low, 0xCC);
        assert!(nfc.ideographs && nfc.extension_a && nfc.hangul);
        assert!(nfc.cjk_punctuation && nfc.general_punctuation && nfc.fullwidth);
        let nfd = Ranges::of(NormalForm::Nfd);
        assert!(nfd.ideographs && nfd.fullwidth && nfd.cjk_punctuation && !nfd.hangul);
        let nfkc = Ranges::of(NormalForm::Nfkc);
        assert!(nfkc.ideographs && nfkc.hangul && !nfkc.fullwidth && !nfkc.cjk_punctuation);
        assert_eq!(nfkc.low, 0xC2);
    }
}
