//! A window's bytes counted, for the tally of a code page's reading
//! ([`super::ByteTable::tally`]): how often each byte value occurs, how often each pair of
//! neighbours with a byte from 80 up in it occurs, and where each such byte value stands.
//!
//! Every term of a tally looks at one character, at two neighbours, or at the neighbours
//! of one character (and, for a one-letter word, back to the last letter before it). So a
//! reading's tally is a sum over the distinct byte values and pairs, of which a text has
//! far fewer than characters, plus a visit to the positions of the byte values that the
//! last two rules are about in that reading. The sums are integers (tenths): the total is
//! exactly the one of reading the text character by character.

#![forbid(unsafe_code)]

/// The counts of a window's bytes.
pub(super) struct Counts {
    /// How often each byte value occurs.
    pub of: [u32; 256],
    /// The offsets of the bytes from 80 up, grouped by value: those of `0x80 + v` are
    /// `at[starts[v]..starts[v + 1]]`, in order.
    at: Vec<u32>,
    starts: [u32; 129],
    /// Each pair of neighbours with a byte from 80 up in it, and how often it occurs.
    pub pairs: Vec<(u8, u8, u32)>,
}

impl Counts {
    /// The counts of `bytes`, whose byte values occur `of` times each.
    pub fn new(bytes: &[u8], of: [u32; 256]) -> Counts {
        let mut starts = [0u32; 129];
        for v in 0..128 {
            starts[v + 1] = starts[v] + of[0x80 + v];
        }
        let mut next = starts;
        let mut at = vec![0u32; starts[128] as usize];
        for (i, &b) in bytes.iter().enumerate() {
            if let Some(v) = b.checked_sub(0x80).map(usize::from) {
                at[next[v] as usize] = i as u32;
                next[v] += 1;
            }
        }
        let mut counts = Counts {
            of,
            at,
            starts,
            pairs: Vec::new(),
        };
        counts.pairs = counts.count_pairs(bytes);
        counts
    }

    /// The offsets of `b` (from 80 up), in order.
    pub fn positions(&self, b: u8) -> &[u32] {
        let v = usize::from(b & 0x7F);
        let (from, to) = (self.starts[v] as usize, self.starts[v + 1] as usize);
        self.at.get(from..to).unwrap_or_default()
    }

    /// Each pair of neighbours in `bytes` with a byte from 80 up in it, counted once: a
    /// high byte with what follows it, and an ASCII byte with the high byte after it.
    fn count_pairs(&self, bytes: &[u8]) -> Vec<(u8, u8, u32)> {
        let mut pairs = Vec::new();
        let mut tally = ByteTally::new();
        for b in 0x80..=0xFF {
            let at = self.positions(b);
            for &i in at {
                if let Some(&next) = bytes.get(i as usize + 1) {
                    tally.add(next);
                }
            }
            tally.drain(|next, n| pairs.push((b, next, n)));
            for &i in at {
                if let Some(&before) = (i as usize).checked_sub(1).and_then(|j| bytes.get(j))
                    && before.is_ascii()
                {
                    tally.add(before);
                }
            }
            tally.drain(|before, n| pairs.push((before, b, n)));
        }
        pairs
    }
}

/// Counts of byte values, emptied in the time of the values seen rather than of all 256.
struct ByteTally {
    n: [u32; 256],
    seen: Vec<u8>,
}

impl ByteTally {
    fn new() -> ByteTally {
        ByteTally {
            n: [0; 256],
            seen: Vec::with_capacity(256),
        }
    }

    fn add(&mut self, b: u8) {
        let slot = &mut self.n[usize::from(b)];
        if *slot == 0 {
            self.seen.push(b);
        }
        *slot += 1;
    }

    /// Hands on each value seen with its count, and starts again from nothing.
    fn drain(&mut self, mut each: impl FnMut(u8, u32)) {
        for b in self.seen.drain(..) {
            each(b, std::mem::take(&mut self.n[usize::from(b)]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pairs counted one by one.
    fn pairs_by_hand(bytes: &[u8]) -> Vec<(u8, u8, u32)> {
        let mut out: Vec<(u8, u8, u32)> = Vec::new();
        for p in bytes
            .windows(2)
            .filter(|p| !p[0].is_ascii() || !p[1].is_ascii())
        {
            match out.iter_mut().find(|o| (o.0, o.1) == (p[0], p[1])) {
                Some(o) => o.2 += 1,
                None => out.push((p[0], p[1], 1)),
            }
        }
        out.sort_unstable();
        out
    }

    #[test]
    fn pairs_and_positions_are_those_of_the_bytes() {
        let texts: [&[u8]; 5] = [
            b"",
            b"ascii only",
            b"\xe9",
            b"caf\xe9 \xe9t\xe9 \xe0 \xe0\xe0\xe0 l\xe0\xff",
            b"\x80\x81\x80\x81 a\x80b\x81\x81",
        ];
        for bytes in texts {
            let mut of = [0u32; 256];
            bytes.iter().for_each(|&b| of[usize::from(b)] += 1);
            let counts = Counts::new(bytes, of);
            let mut pairs = counts.pairs.clone();
            pairs.sort_unstable();
            assert_eq!(pairs, pairs_by_hand(bytes), "{bytes:?}");
            for b in 0x80..=0xFF {
                let by_hand: Vec<u32> = (0..bytes.len() as u32)
                    .filter(|&i| bytes[i as usize] == b)
                    .collect();
                assert_eq!(counts.positions(b), by_hand, "{bytes:?} {b:x}");
            }
        }
    }
}
