//! Finding runs of ASCII, which legacy encodings and UTF-8 share byte for byte, so that the
//! table-driven kernels copy them at once rather than byte by byte.

#![forbid(unsafe_code)]

/// Bytes looked at per step: wide enough that the check is a few vector instructions.
const STEP: usize = 32;

/// The length of the run of ASCII at the start of `bytes`.
pub fn ascii_prefix(bytes: &[u8]) -> usize {
    let mut n = 0;
    for chunk in bytes.chunks_exact(STEP) {
        if !chunk.is_ascii() {
            break;
        }
        n += STEP;
    }
    let rest = &bytes[n..];
    n + rest.iter().position(|&b| b >= 0x80).unwrap_or(rest.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_first_non_ascii_byte_at_every_position() {
        for len in [0, 1, 31, 32, 33, 64, 100] {
            let mut bytes = vec![b'a'; len];
            assert_eq!(ascii_prefix(&bytes), len);
            for at in 0..len {
                bytes[at] = 0x80;
                assert_eq!(ascii_prefix(&bytes), at, "len {len}");
                bytes[at] = b'a';
            }
        }
    }
}
