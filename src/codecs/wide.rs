//! What the wide forms (UTF-16, UCS-2, UTF-32) share: reading fixed-size code units in either
//! byte order across buffer boundaries, and writing them.

#![forbid(unsafe_code)]

use super::codec::{DecodeStatus, Order, Problem, has_room};

/// True when a decoder reads `order` as big-endian: the fixed big-endian order, and the
/// unmarked one, which RFC 2781 §4.3 says to read as big-endian when nothing else tells.
pub fn reads_big_endian(order: Order) -> bool {
    order != Order::Le
}

/// True when an encoder writes `order` as big-endian: only the fixed big-endian order (the
/// unmarked labels write a BOM and then little-endian, as Windows, glibc and ICU do).
pub fn writes_big_endian(order: Order) -> bool {
    order == Order::Be
}

/// Appends the low `unit` bytes of `value` in the given byte order.
pub fn push_unit(dst: &mut Vec<u8>, value: u32, unit: usize, big_endian: bool) {
    let bytes = value.to_be_bytes();
    let bytes = &bytes[4 - unit..];
    if big_endian {
        dst.extend_from_slice(bytes);
    } else {
        dst.extend(bytes.iter().rev());
    }
}

/// Decodes input where every code unit stands alone (UCS-2, UTF-32): a unit that is not a
/// scalar value is malformed, and a surrogate is reported as `surrogate` says.
pub struct Units {
    unit: usize,
    big_endian: bool,
    surrogate: fn(u16) -> Problem,
    /// Bytes of an incomplete unit from an earlier call.
    partial: Vec<u8>,
}

impl Units {
    /// A decoder of `unit`-byte units in `order`.
    pub fn new(unit: usize, order: Order, surrogate: fn(u16) -> Problem) -> Units {
        Units {
            unit,
            big_endian: reads_big_endian(order),
            surrogate,
            partial: Vec::with_capacity(4),
        }
    }

    fn value(&self, bytes: &[u8]) -> u32 {
        let fold = |acc: u32, b: &u8| (acc << 8) | u32::from(*b);
        if self.big_endian {
            bytes.iter().fold(0, fold)
        } else {
            bytes.iter().rev().fold(0, fold)
        }
    }

    /// Reads the next unit, from `partial` and `src[*read..]`.
    fn next_unit(&mut self, src: &[u8], read: &mut usize) -> Option<u32> {
        let need = self.unit - self.partial.len();
        let available = &src[*read..];
        if available.len() < need {
            self.partial.extend_from_slice(available);
            *read = src.len();
            return None;
        }
        let value = if self.partial.is_empty() {
            self.value(&available[..need])
        } else {
            self.partial.extend_from_slice(&available[..need]);
            let v = self.value(&self.partial);
            self.partial.clear();
            v
        };
        *read += need;
        Some(value)
    }

    /// See [`super::codec::Decode::decode`].
    pub fn decode(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecodeStatus, usize) {
        let mut read = 0;
        loop {
            if !has_room(dst) {
                return (DecodeStatus::OutputFull, read);
            }
            let Some(unit) = self.next_unit(src, &mut read) else {
                break;
            };
            let problem = match char::from_u32(unit) {
                Some(c) => {
                    dst.push(c);
                    continue;
                }
                None if (0xD800..0xE000).contains(&unit) => (self.surrogate)(unit as u16),
                None => Problem::Invalid,
            };
            let status = DecodeStatus::Malformed {
                len: self.unit,
                after: 0,
                problem,
            };
            return (status, read);
        }
        if last && !self.partial.is_empty() {
            let len = self.partial.len();
            self.partial.clear();
            let status = DecodeStatus::Malformed {
                len,
                after: 0,
                problem: Problem::Invalid,
            };
            return (status, read);
        }
        (DecodeStatus::InputEmpty, read)
    }
}
