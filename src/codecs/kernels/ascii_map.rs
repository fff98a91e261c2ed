//! Mapping runs of ASCII through a 128-byte table, for the single-byte code pages that
//! write ASCII as other bytes (EBCDIC): a byte-by-byte table walk costs about three cycles
//! a byte more than the copy that ASCII-keeping code pages make, which for English text is
//! most of the encoder's time.
//!
//! Without AVX-512 VBMI there is no one-instruction lookup in 128 bytes, so the vector
//! paths look up each byte's low nibble in the eight 16-byte rows of the table (`vpshufb`)
//! and keep the row that its high nibble names. The result is defined for every byte, as
//! `table[b & 0x7F]`, so a vector path and the scalar loop agree on any input, which the
//! tests check at every length and offset. The vector functions are safe Rust but for the
//! 512-bit load and store; calling them is `unsafe` only because their CPU features must
//! be present, which is checked first.

/// Writes `table[b & 0x7F]` for each byte `b` of `src` to the same place in `dst`.
///
/// # Panics
///
/// If `dst` and `src` differ in length (a caller's mistake).
pub fn map_ascii(table: &[u8; 128], src: &[u8], dst: &mut [u8]) {
    assert_eq!(src.len(), dst.len(), "ASCII map lengths differ");
    #[cfg(target_arch = "x86_64")]
    if src.len() >= x86::WIDE && x86::wide_available() {
        // SAFETY: the requirement of an AVX-512BW function is a CPU with that feature,
        // which `wide_available` just checked.
        #[allow(unsafe_code)]
        unsafe {
            x86::map_wide(table, src, dst)
        };
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if src.len() >= x86::NARROW && std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the requirement of an AVX2 function is a CPU with AVX2, just checked.
        #[allow(unsafe_code)]
        unsafe {
            x86::map_narrow(table, src, dst)
        };
        return;
    }
    map_scalar(table, src, dst);
}

/// [`map_ascii`] a byte at a time: the definition the vector paths are held to, and what
/// short runs and other CPUs take.
pub fn map_scalar(table: &[u8; 128], src: &[u8], dst: &mut [u8]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = table[usize::from(s & 0x7F)];
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::map_scalar;
    use std::arch::x86_64::*;

    /// Bytes of an AVX2 vector.
    pub(super) const NARROW: usize = 32;
    /// Bytes of an AVX-512 vector.
    pub(super) const WIDE: usize = 64;

    /// True when the CPU (and the OS, which must save the registers) has what
    /// [`map_wide`] needs.
    pub(super) fn wide_available() -> bool {
        std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
    }

    /// [`super::map_ascii`] with AVX2 on 32 bytes at a time; `src` has at least 32.
    /// The last vector overlaps the one before it rather than leave a tail to the scalar
    /// loop: it writes the same bytes again, which is harmless as `dst` is not `src`.
    #[target_feature(enable = "avx2")]
    pub(super) fn map_narrow(table: &[u8; 128], src: &[u8], dst: &mut [u8]) {
        let rows: [__m256i; 8] = std::array::from_fn(|k| {
            let row: [u8; 16] = std::array::from_fn(|i| table[16 * k + i]);
            _mm256_broadcastsi128_si256(bytemuck::cast(row))
        });
        let low = _mm256_set1_epi8(0x0F);
        let one_row = |v: __m256i| {
            // `vpshufb` reads bits 0-3 of the index and zeroes for bit 7; masking to
            // the low nibble keeps the high half of the byte from mattering.
            let index = _mm256_and_si256(v, low);
            let high = _mm256_and_si256(_mm256_srli_epi16::<4>(v), _mm256_set1_epi8(0x07));
            let mut out = _mm256_shuffle_epi8(rows[0], index);
            for (k, row) in (1i8..).zip(&rows[1..]) {
                let here = _mm256_cmpeq_epi8(high, _mm256_set1_epi8(k));
                out = _mm256_blendv_epi8(out, _mm256_shuffle_epi8(*row, index), here);
            }
            out
        };
        let Some(last) = src.len().checked_sub(NARROW) else {
            map_scalar(table, src, dst);
            return;
        };
        let starts = (0..last).step_by(NARROW).chain(std::iter::once(last));
        for at in starts {
            let (Some(s), Some(d)) = (src.get(at..at + NARROW), dst.get_mut(at..at + NARROW))
            else {
                break;
            };
            let Ok(bytes) = <[u8; NARROW]>::try_from(s) else {
                break;
            };
            let out: [u8; NARROW] = bytemuck::cast(one_row(bytemuck::cast(bytes)));
            d.copy_from_slice(&out);
        }
    }

    /// [`super::map_ascii`] with AVX-512BW on 64 bytes at a time, each row's lookup
    /// written only where the high nibble names it (a masked `vpshufb`); `src` has at
    /// least 64. The last vector overlaps as in [`map_narrow`].
    #[target_feature(enable = "avx512f,avx512bw")]
    pub(super) fn map_wide(table: &[u8; 128], src: &[u8], dst: &mut [u8]) {
        let rows: [__m512i; 8] = std::array::from_fn(|k| {
            let row: [u8; 16] = std::array::from_fn(|i| table[16 * k + i]);
            _mm512_broadcast_i32x4(bytemuck::cast(row))
        });
        let Some(last) = src.len().checked_sub(WIDE) else {
            map_scalar(table, src, dst);
            return;
        };
        let starts = (0..last).step_by(WIDE).chain(std::iter::once(last));
        for at in starts {
            let (Some(s), Some(d)) = (src.get(at..at + WIDE), dst.get_mut(at..at + WIDE)) else {
                break;
            };
            // SAFETY: `s` holds 64 readable bytes, all that an unaligned load reads.
            #[allow(unsafe_code)]
            let v = unsafe { _mm512_loadu_si512(s.as_ptr().cast()) };
            let index = _mm512_and_si512(v, _mm512_set1_epi8(0x0F));
            let high = _mm512_and_si512(_mm512_srli_epi16::<4>(v), _mm512_set1_epi8(0x07));
            let mut out = _mm512_shuffle_epi8(rows[0], index);
            for (k, row) in (1i8..).zip(&rows[1..]) {
                let here = _mm512_cmpeq_epi8_mask(high, _mm512_set1_epi8(k));
                out = _mm512_mask_shuffle_epi8(out, here, *row, index);
            }
            // SAFETY: `d` holds 64 writable bytes, all that an unaligned store writes.
            #[allow(unsafe_code)]
            unsafe {
                _mm512_storeu_si512(d.as_mut_ptr().cast(), out)
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table unlike the identity in every row, so that a wrong row shows.
    fn table() -> [u8; 128] {
        std::array::from_fn(|i| (i as u8).wrapping_mul(37).wrapping_add(11) | 0x80)
    }

    #[test]
    fn every_path_matches_the_scalar_map_at_every_length_and_offset() {
        let table = table();
        // Every byte value, high ones included, in an order that crosses rows often.
        let src: Vec<u8> = (0..600u32).map(|i| (i * 73 + i / 7) as u8).collect();
        for offset in 0..64 {
            for len in 0..=200 {
                let s = &src[offset..offset + len];
                let mut want = vec![0u8; len];
                map_scalar(&table, s, &mut want);
                let mut got = vec![0u8; len];
                map_ascii(&table, s, &mut got);
                assert_eq!(got, want, "offset {offset}, len {len}");
                #[cfg(target_arch = "x86_64")]
                if len >= x86::NARROW && std::arch::is_x86_feature_detected!("avx2") {
                    let mut narrow = vec![0u8; len];
                    // SAFETY: AVX2 was just checked.
                    #[allow(unsafe_code)]
                    unsafe {
                        x86::map_narrow(&table, s, &mut narrow)
                    };
                    assert_eq!(narrow, want, "AVX2, offset {offset}, len {len}");
                }
                #[cfg(target_arch = "x86_64")]
                if len >= x86::WIDE && x86::wide_available() {
                    let mut wide = vec![0u8; len];
                    // SAFETY: AVX-512BW was just checked.
                    #[allow(unsafe_code)]
                    unsafe {
                        x86::map_wide(&table, s, &mut wide)
                    };
                    assert_eq!(wide, want, "AVX-512, offset {offset}, len {len}");
                }
            }
        }
    }
}
