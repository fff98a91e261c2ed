//! The validating scan with AVX-512 (byte and word instructions), for CPUs that have it:
//! the test of [`Vectors::fails`] on 64 bytes at a time, its comparisons made straight into
//! mask registers, so that a block of text costs about half the instructions of the AVX2
//! scan. It only passes whole blocks; the first chunk, and the blocks and chunks from the
//! first block that fails, are left to the AVX2 scan, so the result is the AVX2 scan's to the
//! byte (the tests hold both to the byte-by-byte definition).
//!
//! The vector functions are safe Rust inside, but for the loads, which read 64 bytes from a
//! slice that has them; calling them is `unsafe` only because their CPU features must be
//! present, which is checked first.

use super::{CHUNK, Ranges, Vectors, first, load};
use std::arch::x86_64::{__m512i, __mmask64};

/// Bytes of one vector.
const WIDE: usize = 64;
/// Vectors tested together before one branch.
const WIDE_BLOCK: usize = 4 * WIDE;
/// How far ahead of the scan its input is asked for: a page. 100 MB of Chinese under
/// `--normalize nfc`, processor time, medians of alternating rounds of `perf stat -r 10`:
/// 28.0 ms with none, 24.6 with 4 KiB, 26.0 with 8 KiB (five rounds); 29.1 with none, 26.1
/// with 2 KiB, 25.3 with 4 KiB (six rounds). English: 27.7 → 24.8 ms with 4 KiB.
const PREFETCH: usize = 4096;

/// True when the CPU (and the OS, which must save the registers) has what [`prefix`] needs.
pub(super) fn available() -> bool {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx2")
}

/// [`super::valid_plain_prefix`] with AVX-512 for the whole blocks of the text.
pub(super) fn prefix_entry(ranges: &Ranges, bytes: &[u8]) -> usize {
    debug_assert!(available());
    // SAFETY: the requirement of an AVX-512 and AVX2 function is a CPU with those features,
    // which the only caller checked with `available`.
    #[allow(unsafe_code)]
    unsafe {
        prefix(ranges, bytes)
    }
}

/// The first chunk and the end as the AVX2 scan does them; between them, whole blocks of
/// four vectors of 64 bytes while they pass.
#[target_feature(enable = "avx2,avx512f,avx512bw")]
fn prefix(ranges: &Ranges, bytes: &[u8]) -> usize {
    let v = Vectors::of(ranges);
    if !v.passes(first(bytes)) {
        return 0;
    }
    let w = Wide::of(&v);
    let mut i = CHUNK;
    while let Some(block) = bytes.get(i - 2..i + WIDE_BLOCK + 2) {
        prefetch(bytes, i + PREFETCH);
        // All ASCII (the bytes of the block and the two before it): nothing to check. This
        // is tested in 256-bit vectors, so that a block of ASCII runs no 512-bit
        // instruction, which on some CPUs lowers the core's clock for a while.
        if !ascii(block) {
            let vectors: [_; WIDE_BLOCK / WIDE] =
                std::array::from_fn(|n| around(block, 2 + n * WIDE));
            let [Some(c0), Some(c1), Some(c2), Some(c3)] = vectors else {
                break;
            };
            let ok = w.passing(c0) & w.passing(c1) & w.passing(c2) & w.passing(c3);
            if ok != u64::MAX {
                break;
            }
        }
        i += WIDE_BLOCK;
    }
    v.prefix_from(bytes, i)
}

/// Asks for the block at `at` of `bytes` to be brought into the cache. Without it each page
/// of the file comes from memory only as the scan reaches it: the CPU's own prefetcher
/// stops at the edge of a page. A prefetch is only a hint: an address past the slice (the
/// input after it, or nothing) is not read as data and cannot fault.
#[inline]
#[target_feature(enable = "avx2")]
fn prefetch(bytes: &[u8], at: usize) {
    use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
    for line in (0..WIDE_BLOCK).step_by(WIDE) {
        _mm_prefetch::<_MM_HINT_T0>(bytes.as_ptr().wrapping_add(at + line).cast());
    }
}

/// True when `block` (a block and the two bytes before it) is all ASCII, tested with AVX2.
#[inline]
#[target_feature(enable = "avx2")]
fn ascii(block: &[u8]) -> bool {
    use std::arch::x86_64::{_mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8};
    // The first vector has the two bytes before the block; the last ends with the block.
    const AT: [usize; 9] = [0, 32, 64, 96, 128, 160, 192, 224, WIDE_BLOCK + 2 - CHUNK];
    let or = AT.map(|at| load(block, at).unwrap_or(_mm256_set1_epi8(-1)));
    let or = or.into_iter().reduce(|x, y| _mm256_or_si256(x, y));
    or.is_some_and(|or| _mm256_movemask_epi8(or) == 0)
}

/// The tables of [`Vectors`] in every lane of a 512-bit register.
struct Wide {
    second_add: __m512i,
    second_above: __m512i,
    exact: __m512i,
    third_add: __m512i,
    third_above: __m512i,
    two_add: __m512i,
    two_above: __m512i,
}

impl Wide {
    #[target_feature(enable = "avx2,avx512f,avx512bw")]
    fn of(v: &Vectors) -> Wide {
        use std::arch::x86_64::_mm512_set1_epi8;
        use std::arch::x86_64::{_mm256_castsi256_si128, _mm512_broadcast_i32x4};
        let wide = |x| _mm512_broadcast_i32x4(_mm256_castsi256_si128(x));
        Wide {
            second_add: wide(v.second_add),
            second_above: wide(v.second_above),
            exact: wide(v.exact),
            third_add: wide(v.third_add),
            third_above: wide(v.third_above),
            two_add: _mm512_set1_epi8(v.two.add as i8),
            two_above: _mm512_set1_epi8(v.two.above as i8),
        }
    }

    /// One bit per byte of `a` that passes the test of [`Vectors::fails`] (the same
    /// arguments, 64 bytes each).
    #[inline]
    #[target_feature(enable = "avx2,avx512f,avx512bw")]
    fn passing(&self, [a, b, c, p1, p2]: [__m512i; 5]) -> __mmask64 {
        use std::arch::x86_64::{_mm512_add_epi8, _mm512_cmpge_epu8_mask, _mm512_cmpgt_epi8_mask};
        use std::arch::x86_64::{_mm512_cmple_epu8_mask, _mm512_cmplt_epi8_mask};
        use std::arch::x86_64::{_mm512_mask_cmpeq_epi8_mask, _mm512_min_epu8};
        use std::arch::x86_64::{_mm512_set1_epi8, _mm512_shuffle_epi8, _mm512_xor_si512};
        let k = |x: u8| _mm512_set1_epi8(x as i8);
        let shifted = |x, add, above| _mm512_cmpgt_epi8_mask(_mm512_add_epi8(x, add), above);
        // E0..EF to 0x00..0x0F, every other byte to 0x10, which the shuffle looks up as E0.
        let lead = _mm512_min_epu8(_mm512_xor_si512(a, k(0xE0)), k(0x10));
        let look = |t: __m512i| _mm512_shuffle_epi8(t, lead);
        let second = shifted(b, look(self.second_add), look(self.second_above));
        let third = shifted(c, look(self.third_add), look(self.third_above));
        let exact = _mm512_mask_cmpeq_epi8_mask(third, b, look(self.exact));
        // ASCII and continuation bytes (up to BF), and the two-byte leads that pass.
        let single = _mm512_cmple_epu8_mask(a, k(0xBF));
        let two = shifted(a, self.two_add, self.two_above);
        let pass = single | two | second | exact;
        // Continuation bytes (80..BF, below C0 as signed bytes) exactly where wanted: after
        // a lead (C0..FF) or two after a three-byte lead (E0..FF).
        let continuation = _mm512_cmplt_epi8_mask(a, k(0xC0));
        let wanted = _mm512_cmpge_epu8_mask(p1, k(0xC0)) | _mm512_cmpge_epu8_mask(p2, k(0xE0));
        pass & !(continuation ^ wanted)
    }
}

/// The 64 bytes at `at`, if `bytes` has them.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512bw")]
fn load64(bytes: &[u8], at: usize) -> Option<__m512i> {
    use std::arch::x86_64::_mm512_loadu_si512;
    let lanes = bytes.get(at..at.checked_add(WIDE)?)?;
    // SAFETY: `lanes` holds 64 readable bytes, all that an unaligned load reads.
    #[allow(unsafe_code)]
    Some(unsafe { _mm512_loadu_si512(lanes.as_ptr().cast()) })
}

/// The five vectors [`Wide::passing`] tests for the 64 bytes at `i` (which has two bytes
/// before it in `bytes`), if `bytes` has them all.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512bw")]
fn around(bytes: &[u8], i: usize) -> Option<[__m512i; 5]> {
    let before = i.checked_sub(2)?;
    Some([
        load64(bytes, i)?,
        load64(bytes, i + 1)?,
        load64(bytes, i + 2)?,
        load64(bytes, before + 1)?,
        load64(bytes, before)?,
    ])
}
