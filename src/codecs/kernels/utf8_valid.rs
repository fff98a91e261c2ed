//! Whether bytes are well-formed UTF-8: the check behind every bulk path that writes valid
//! text as it is (a mapped file validated and written from the map, text already in its
//! normal form) with [`is_valid`], and, with [`first_error`], where the valid text ends and
//! how long the ill-formed subpart after it is: what repairing text with an error every
//! thousand bytes asks once per error.
//!
//! Why our own: simdutf8 checks text that is not ASCII at about 4.7 GB/s per core on this
//! project's benchmark machine (Chinese, in the core's cache), and Chinese validation was
//! bound by it: 57% of the process's time. This is the same published method (Keiser and
//! Lemire, "Validating UTF-8 In Less Than One Instruction Per Byte", 2021: three table
//! lookups on the nibbles of each byte and the one before it, and a check that the bytes two
//! and three after a lead are continuations), written so that a vector and the three bytes
//! before it are four loads from memory, not shuffles across the vector's halves, and with a
//! prefetch of the text ahead, since a page-cache page of a mapped file is seldom in the
//! cache. On 100 MB of Chinese in memory, the same run: 5.8 against 4.7 GB/s in the cache,
//! 4.9-6.8 against 3.6-5.3 GB/s from memory. English, mostly ASCII, runs as fast as before:
//! 64 bytes at a time are skipped when none of them is above 0x7F.
//!
//! Where the CPU lacks AVX2 (or is not x86-64), simdutf8 answers.

/// True when all of `bytes` is well-formed UTF-8 (RFC 3629: no overlong forms, no
/// surrogates, nothing above U+10FFFF, no sequence cut short at the end), as
/// `std::str::from_utf8(bytes).is_ok()` says.
pub fn is_valid(bytes: &[u8]) -> bool {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        return x86::valid_avx2(bytes);
    }
    simdutf8::basic::from_utf8(bytes).is_ok()
}

/// The length of the well-formed UTF-8 at the start of `bytes`, and of the maximal
/// ill-formed subpart (Unicode §3.9) after it: 0 when the valid text reaches the end, and a
/// sequence cut short by the end counts as ill-formed there. The same answer as
/// `std::str::from_utf8`'s `valid_up_to` and `error_len` (the rest of the bytes when that
/// is `None`).
///
/// Why not simdutf8's `compat` check: when it finds an error it goes through the 64 bytes
/// around it again byte by byte, and it starts each call with setup of its own; text with
/// an error every thousand bytes spent half its time there. Here the vectors stop at the
/// byte where the first error shows, and std's check, which says exactly what the error
/// is, starts at the character before it: a few bytes.
pub fn first_error(bytes: &[u8]) -> (usize, usize) {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        return std_from(bytes, x86::checked_prefix_avx2(bytes));
    }
    match simdutf8::compat::from_utf8(bytes) {
        Ok(_) => (bytes.len(), 0),
        Err(e) => {
            let valid = e.valid_up_to();
            (valid, e.error_len().unwrap_or(bytes.len() - valid))
        }
    }
}

/// [`first_error`] for `bytes` whose first `checked` bytes have no error but for a sequence
/// that may be open at their end: std's check from where the last character before that
/// end starts. A sequence open there started at the last lead byte of the three before
/// (an earlier one would have shown its error at that lead); with none, nothing is open.
fn std_from(bytes: &[u8], checked: usize) -> (usize, usize) {
    let start = (checked.saturating_sub(3)..checked)
        .rev()
        .find(|&at| bytes.get(at).is_some_and(|&b| b >= 0xC0))
        .unwrap_or(checked);
    let rest = bytes.get(start..).unwrap_or_default();
    match std::str::from_utf8(rest) {
        Ok(_) => (bytes.len(), 0),
        Err(e) => {
            let valid = start + e.valid_up_to();
            (valid, e.error_len().unwrap_or(bytes.len() - valid))
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod x86 {
    use std::arch::x86_64::*;

    /// The bytes one vector checks, and the three before them.
    const WINDOW: usize = 3 + 32;
    /// How far ahead of the check the text is fetched into the cache, in bytes. Measured on
    /// 100 MB of Chinese from memory (GB/s, three runs): none 4.1-4.5, 512 bytes 4.8-5.2,
    /// 2,048 bytes 4.9-6.8.
    const PREFETCH: usize = 2048;

    // What can be wrong with a byte and the byte before it, one bit each (the paper's
    // classes); each is set in all three tables only for the pairs it names.
    /// A lead byte (or ASCII) followed by something other than a continuation.
    const TOO_SHORT: u8 = 1 << 0;
    /// A continuation after ASCII.
    const TOO_LONG: u8 = 1 << 1;
    /// E0 followed by 80..9F.
    const OVERLONG_3: u8 = 1 << 2;
    /// F4 followed by 90..BF, or F5..FF followed by 90..BF.
    const TOO_LARGE: u8 = 1 << 3;
    /// ED followed by A0..BF.
    const SURROGATE: u8 = 1 << 4;
    /// C0 or C1 followed by a continuation.
    const OVERLONG_2: u8 = 1 << 5;
    /// F5..FF followed by 80..8F; shares its bit with [`OVERLONG_4`], which only F0 sets.
    const TOO_LARGE_1000: u8 = 1 << 6;
    /// F0 followed by 80..8F.
    const OVERLONG_4: u8 = 1 << 6;
    /// A continuation after a continuation: right only as the third or fourth byte of a
    /// sequence, which the lead two or three bytes back decides.
    const TWO_CONTS: u8 = 1 << 7;
    /// The classes that the first byte's high nibble alone decides.
    const ANY_LOW: u8 = TOO_SHORT | TOO_LONG | TWO_CONTS;

    /// By the high nibble of the first byte.
    const FIRST_HIGH: [u8; 16] = [
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TWO_CONTS,
        TWO_CONTS,
        TWO_CONTS,
        TWO_CONTS,
        TOO_SHORT | OVERLONG_2,
        TOO_SHORT,
        TOO_SHORT | OVERLONG_3 | SURROGATE,
        TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4,
    ];
    /// By the low nibble of the first byte.
    const FIRST_LOW: [u8; 16] = {
        const HIGH: u8 = ANY_LOW | TOO_LARGE | TOO_LARGE_1000;
        [
            ANY_LOW | OVERLONG_2 | OVERLONG_3 | OVERLONG_4,
            ANY_LOW | OVERLONG_2,
            ANY_LOW,
            ANY_LOW,
            ANY_LOW | TOO_LARGE,
            HIGH,
            HIGH,
            HIGH,
            HIGH,
            HIGH,
            HIGH,
            HIGH,
            HIGH,
            HIGH | SURROGATE,
            HIGH,
            HIGH,
        ]
    };
    /// By the high nibble of the second byte.
    const SECOND_HIGH: [u8; 16] = {
        const CONT: u8 = TOO_LONG | OVERLONG_2 | TWO_CONTS;
        [
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            CONT | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
            CONT | OVERLONG_3 | TOO_LARGE,
            CONT | SURROGATE | TOO_LARGE,
            CONT | SURROGATE | TOO_LARGE,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
        ]
    };

    /// See [`super::is_valid`].
    pub(super) fn valid_avx2(bytes: &[u8]) -> bool {
        // SAFETY: the caller has checked that the CPU has AVX2.
        unsafe { valid(bytes) }
    }

    /// The text in vectors: the first with three zero bytes shifted in before it, the
    /// last (the bytes left and zeros after them, which make a sequence cut short an error)
    /// through a copy, and those between where they are, 64 bytes at a time.
    #[target_feature(enable = "avx2")]
    fn valid(bytes: &[u8]) -> bool {
        let tables = Tables::new();
        let mut errors = _mm256_setzero_si256();
        let mut at = 0;
        if let Some(start) = bytes.first_chunk::<32>().filter(|_| bytes.len() >= WINDOW) {
            errors = tables.check_start(start);
            at = 32;
            while let Some(pair) = bytes[at - 3..].first_chunk::<{ 3 + 64 }>() {
                if let Some(ahead) = bytes.get(at + PREFETCH) {
                    _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(ahead).cast());
                }
                if !is_ascii(pair) {
                    let (one, two) = (window(pair, 0), window(pair, 32));
                    errors = _mm256_or_si256(errors, tables.check(one));
                    errors = _mm256_or_si256(errors, tables.check(two));
                } else if !ends_whole(pair) {
                    return false;
                }
                at += 64;
            }
        }
        let mut last = [0u8; 3 + 64];
        let before = at.min(3);
        last[3 - before..3].copy_from_slice(&bytes[at - before..at]);
        let rest = &bytes[at..];
        last[3..3 + rest.len()].copy_from_slice(rest);
        errors = _mm256_or_si256(errors, tables.check(window(&last, 0)));
        // A sequence that starts in the last three bytes of the first vector ends in the
        // second: its zeros make it an error if it is cut short.
        if rest.len() > 29 {
            errors = _mm256_or_si256(errors, tables.check(window(&last, 32)));
        }
        _mm256_testz_si256(errors, errors) == 1
    }

    /// How many bytes at the start of `bytes` have no error, but for a sequence that may be
    /// open at their end: up to the byte where the first error shows (a lead's missing
    /// continuation shows on the byte that should have been one), or to where fewer than 67
    /// bytes are left.
    pub(super) fn checked_prefix_avx2(bytes: &[u8]) -> usize {
        // SAFETY: the caller has checked that the CPU has AVX2.
        unsafe { checked_prefix(bytes) }
    }

    /// As [`valid`], but stopping at the first error, and without the end's copy: what is
    /// left is std's to check.
    #[target_feature(enable = "avx2")]
    fn checked_prefix(bytes: &[u8]) -> usize {
        let tables = Tables::new();
        let Some(start) = bytes.first_chunk::<32>() else {
            return 0;
        };
        let errors = tables.check_start(start);
        if !is_zero(errors) {
            return first_set(errors);
        }
        let mut at = 32;
        while let Some(pair) = bytes[at - 3..].first_chunk::<{ 3 + 64 }>() {
            if let Some(ahead) = bytes.get(at + PREFETCH) {
                _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(ahead).cast());
            }
            if is_ascii(pair) {
                if !ends_whole(pair) {
                    return at;
                }
            } else {
                let one = tables.check(window(pair, 0));
                let two = tables.check(window(pair, 32));
                if !is_zero(_mm256_or_si256(one, two)) {
                    return match is_zero(one) {
                        true => at + 32 + first_set(two),
                        false => at + first_set(one),
                    };
                }
            }
            at += 64;
        }
        at
    }

    /// True when every bit of `v` is zero.
    #[target_feature(enable = "avx2")]
    fn is_zero(v: __m256i) -> bool {
        _mm256_testz_si256(v, v) == 1
    }

    /// The index of the first byte of `v` that is not zero (32 when none is).
    #[target_feature(enable = "avx2")]
    fn first_set(v: __m256i) -> usize {
        let zero = _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_setzero_si256()));
        (!zero).trailing_zeros() as usize
    }

    /// The 35 bytes of `pair` from `start`: three before a vector and the vector.
    fn window(pair: &[u8; 3 + 64], start: usize) -> &[u8; WINDOW] {
        pair[start..start + WINDOW]
            .try_into()
            .unwrap_or(&[0; WINDOW])
    }

    /// True when the 64 bytes after the first three of `pair` are all ASCII.
    #[target_feature(enable = "avx2")]
    fn is_ascii(pair: &[u8; 3 + 64]) -> bool {
        let (one, two) = (load(window(pair, 0), 3), load(window(pair, 32), 3));
        _mm256_movemask_epi8(_mm256_or_si256(one, two)) == 0
    }

    /// True when no sequence is cut short by the end of the three bytes at the start of
    /// `pair`: what ASCII after them, skipped without a check, requires.
    fn ends_whole(pair: &[u8; 3 + 64]) -> bool {
        pair[2] < 0xC0 && pair[1] < 0xE0 && pair[0] < 0xF0
    }

    /// The 32 bytes of `window` from `start` (0 to 3) in a vector.
    #[target_feature(enable = "avx2")]
    fn load(window: &[u8; WINDOW], start: usize) -> __m256i {
        let bytes: &[u8; 32] = window[start..start + 32].try_into().unwrap_or(&[0; 32]);
        // SAFETY: an unaligned load of 32 bytes from a 32-byte array.
        unsafe { _mm256_loadu_si256(std::ptr::from_ref(bytes).cast()) }
    }

    /// The three tables, in both halves of a vector for the byte shuffle.
    struct Tables {
        first_high: __m256i,
        first_low: __m256i,
        second_high: __m256i,
    }

    impl Tables {
        #[target_feature(enable = "avx2")]
        fn new() -> Tables {
            Tables {
                first_high: table(&FIRST_HIGH),
                first_low: table(&FIRST_LOW),
                second_high: table(&SECOND_HIGH),
            }
        }

        /// Nonzero bytes where the 32 bytes after the first three of `window` are not
        /// well-formed UTF-8 given the three before them (a sequence still open at the end
        /// is not an error here: the next vector sees it).
        #[target_feature(enable = "avx2")]
        fn check(&self, window: &[u8; WINDOW]) -> __m256i {
            let before = [load(window, 2), load(window, 1), load(window, 0)];
            self.check_vectors(load(window, 3), before)
        }

        /// As [`Tables::check`], for the first 32 bytes of a text, with nothing (zeros)
        /// before them: shifted in across the vector rather than stored and loaded, since
        /// a load that straddles bytes just stored stalls until the store is done, which a
        /// text with an error every thousand bytes, checked from each error on, pays every
        /// time.
        #[target_feature(enable = "avx2")]
        fn check_start(&self, start: &[u8; 32]) -> __m256i {
            // SAFETY: an unaligned load of 32 bytes from a 32-byte array.
            let input = unsafe { _mm256_loadu_si256(std::ptr::from_ref(start).cast()) };
            // The low half after 16 zeros: what the byte shift of each half takes from.
            let carry = _mm256_permute2x128_si256::<0x08>(input, input);
            let before = [
                _mm256_alignr_epi8::<15>(input, carry),
                _mm256_alignr_epi8::<14>(input, carry),
                _mm256_alignr_epi8::<13>(input, carry),
            ];
            self.check_vectors(input, before)
        }

        /// Nonzero bytes where `input` is not well-formed given the vectors of the bytes
        /// one, two and three before each of its bytes.
        #[target_feature(enable = "avx2")]
        fn check_vectors(&self, input: __m256i, [prev1, prev2, prev3]: [__m256i; 3]) -> __m256i {
            let first_high = _mm256_shuffle_epi8(self.first_high, high_nibbles(prev1));
            let first_low = _mm256_shuffle_epi8(self.first_low, low_nibbles(prev1));
            let second_high = _mm256_shuffle_epi8(self.second_high, high_nibbles(input));
            let found = _mm256_and_si256(_mm256_and_si256(first_high, first_low), second_high);
            // A lead two back of three bytes or more, or three back of four, wants a
            // continuation here: the high bit set where one must be.
            let third = _mm256_subs_epu8(prev2, _mm256_set1_epi8(0x60));
            let fourth = _mm256_subs_epu8(prev3, _mm256_set1_epi8(0x70));
            let wanted = _mm256_and_si256(
                _mm256_or_si256(third, fourth),
                _mm256_set1_epi8(TWO_CONTS as i8),
            );
            _mm256_xor_si256(wanted, found)
        }
    }

    /// A table of 16 bytes in both halves of a vector.
    #[target_feature(enable = "avx2")]
    fn table(t: &[u8; 16]) -> __m256i {
        // SAFETY: an unaligned load of 16 bytes from a 16-byte array.
        let half = unsafe { _mm_loadu_si128(std::ptr::from_ref(t).cast()) };
        _mm256_broadcastsi128_si256(half)
    }

    /// The high nibble of each byte of `v`.
    #[target_feature(enable = "avx2")]
    fn high_nibbles(v: __m256i) -> __m256i {
        _mm256_and_si256(_mm256_srli_epi16::<4>(v), _mm256_set1_epi8(0x0F))
    }

    /// The low nibble of each byte of `v`.
    #[target_feature(enable = "avx2")]
    fn low_nibbles(v: __m256i) -> __m256i {
        _mm256_and_si256(v, _mm256_set1_epi8(0x0F))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bytes at every class boundary: ASCII, continuations by quarter, every kind of lead.
    const EDGES: [u8; 26] = [
        0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
        0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8, 0xFF,
    ];

    /// Checks both answers against std's.
    fn check(bytes: &[u8]) {
        let std = std::str::from_utf8(bytes);
        let want = std.is_ok();
        assert_eq!(is_valid(bytes), want, "{bytes:02X?}");
        assert_eq!(simdutf8::basic::from_utf8(bytes).is_ok(), want);
        let run = match std {
            Ok(_) => (bytes.len(), 0),
            Err(e) => (
                e.valid_up_to(),
                e.error_len().unwrap_or(bytes.len() - e.valid_up_to()),
            ),
        };
        assert_eq!(first_error(bytes), run, "{bytes:02X?}");
    }

    /// Every sequence of up to three edge bytes (and every four-byte one at fewer places),
    /// at each place around the vectors' edges: the first vector, the 64-byte steps, the
    /// copy of the end.
    #[test]
    fn every_short_sequence_anywhere_is_judged_as_std_judges_it() {
        let places: &[(usize, usize)] = &[
            (0, 0),
            (1, 2),
            (30, 1),
            (31, 0),
            (32, 40),
            (33, 64),
            (34, 3),
            (62, 70),
            (63, 31),
            (64, 0),
            (95, 64),
            (96, 100),
            (127, 1),
            (130, 29),
        ];
        for len in 1..=4u32 {
            for mut code in 0..EDGES.len().pow(len) {
                let mut seq = Vec::new();
                for _ in 0..len {
                    seq.push(EDGES[code % EDGES.len()]);
                    code /= EDGES.len();
                }
                let places = if len == 4 { &places[..4] } else { places };
                for &(before, after) in places {
                    let mut bytes = vec![b'a'; before];
                    bytes.extend_from_slice(&seq);
                    bytes.resize(bytes.len() + after, b'b');
                    check(&bytes);
                }
            }
        }
    }

    #[test]
    fn text_that_is_not_ascii_with_one_byte_changed() {
        let text = "中文，日本語の文章、한국어 텍스트 and English, 😀 𠀀 é ß € ".repeat(40);
        let text = text.as_bytes();
        check(text);
        for at in (0..text.len()).step_by(7) {
            for byte in [0x00, 0x80, 0xBF, 0xC0, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF] {
                let mut bytes = text.to_vec();
                bytes[at] = byte;
                check(&bytes);
                check(&bytes[..at + 1]);
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn random_bytes_are_judged_as_std_judges_them(
            bytes in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::sample::select(&EDGES[..]),
                    proptest::prelude::any::<u8>(),
                    proptest::sample::select("中文。".as_bytes()),
                ],
                0..300,
            )
        ) {
            check(&bytes);
        }
    }

    /// Text with an error every few dozen bytes, gone through error after error as the
    /// repairing paths go, finds the subparts std finds.
    #[test]
    fn errors_one_after_another_are_found_where_std_finds_them() {
        let text = "English text, 中文 and 😀 ".repeat(200);
        let mut bytes = text.into_bytes();
        for (n, at) in (5..bytes.len()).step_by(37).enumerate() {
            bytes[at] = [0xFF, 0x80, 0xE4, 0xF0, 0xC3][n % 5];
        }
        let mut rest = &bytes[..];
        while !rest.is_empty() {
            check(rest);
            let (valid, bad) = first_error(rest);
            rest = &rest[valid + bad..];
        }
    }

    #[test]
    fn a_sequence_cut_by_the_end_is_ill_formed() {
        for len in 0..200 {
            let mut bytes = vec![b'x'; len];
            for lead in [&[0xE4u8, 0xB8][..], &[0xF0, 0x9F, 0x98], &[0xC3]] {
                bytes.truncate(len);
                bytes.extend_from_slice(lead);
                check(&bytes);
            }
        }
    }
}
