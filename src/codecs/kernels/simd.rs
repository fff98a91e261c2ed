//! Safe wrappers over the simdutf library's UTF-8 ↔ UTF-16 conversions, the one place its
//! foreign functions are called.
//!
//! Why foreign code: measured on the project machine, converting the benchmark corpus in
//! 256 KiB pieces in one process, simdutf takes English UTF-8 to UTF-16LE at 8.1 GB/s where
//! `encoding_rs::mem` reaches 3.8 (validation included), and Chinese UTF-16LE to UTF-8 at
//! 5.4 GB/s where encoding_rs reaches 0.84. Those are the pairs the bulk paths exist for;
//! `benches/kernels.rs` and `bench/run.py` measure them in the whole pipeline.
//!
//! The wrappers take slices, so the library's pointer contracts (non-null, aligned, readable,
//! writable, not overlapping) hold by construction; the output room each call needs is
//! checked before it, and only the validating `_with_errors` entry points are used, so that
//! no call relies on a promise about its input that the type system does not keep.

/// The byte order of UTF-16 units as they lie in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitOrder {
    /// Little-endian bytes.
    Little,
    /// Big-endian bytes.
    Big,
}

impl UnitOrder {
    /// The order of `u16` values as this machine stores them.
    pub const NATIVE: UnitOrder = if cfg!(target_endian = "little") {
        UnitOrder::Little
    } else {
        UnitOrder::Big
    };

    /// Big-endian when `big_endian`, else little-endian.
    pub fn from_big_endian(big_endian: bool) -> UnitOrder {
        if big_endian {
            UnitOrder::Big
        } else {
            UnitOrder::Little
        }
    }

    /// The `u16` whose bytes in memory are `unit` in this order.
    pub fn store(self, unit: u16) -> u16 {
        match self {
            UnitOrder::Little => unit.to_le(),
            UnitOrder::Big => unit.to_be(),
        }
    }
}

/// Converts `utf8`, known to be well-formed (a `str`, or bytes a validator passed), to UTF-16
/// units whose bytes lie in memory in `order`, at the start of `dst`; returns how many units
/// were written. Should simdutf ever refuse what the validator passed, encoding_rs converts
/// instead, so nothing is lost either way.
///
/// # Panics
///
/// If `dst` is not longer than `utf8` (a caller's mistake: UTF-8 never needs more units than
/// bytes, and encoding_rs asks for one more).
pub fn valid_utf8_to_utf16(utf8: &[u8], order: UnitOrder, dst: &mut [u16]) -> usize {
    if let Some(n) = utf8_to_utf16(utf8, order, dst) {
        return n;
    }
    let n = encoding_rs::mem::convert_utf8_to_utf16(utf8, dst);
    if order != UnitOrder::NATIVE {
        dst[..n].iter_mut().for_each(|u| *u = u.swap_bytes());
    }
    n
}

/// Converts `utf8` to UTF-16 units whose bytes lie in memory in `order`, at the start of
/// `dst`, in one pass that also validates it: the units written when all of `utf8` is
/// well-formed, else `None` (with `dst` holding anything).
///
/// # Panics
///
/// If `dst` is shorter than `utf8` (a caller's mistake).
pub fn utf8_to_utf16(utf8: &[u8], order: UnitOrder, dst: &mut [u16]) -> Option<usize> {
    assert!(dst.len() >= utf8.len(), "UTF-16 buffer too short");
    let (src, len, out) = (utf8.as_ptr(), utf8.len(), dst.as_mut_ptr());
    // SAFETY: `src..src+len` is the readable, initialised `utf8`; `out` points to `dst`,
    // which is writable, aligned for `u16` and at least `len` units long, which is as many as
    // any UTF-8 of `len` bytes converts to; a shared and a unique borrow cannot overlap.
    // Nothing is assumed of the bytes: the `_with_errors` functions check them themselves.
    #[allow(unsafe_code)]
    let result = unsafe {
        match order {
            UnitOrder::Little => simdutf::convert_utf8_to_utf16le_with_errors(src, len, out),
            UnitOrder::Big => simdutf::convert_utf8_to_utf16be_with_errors(src, len, out),
        }
    };
    (result.error == simdutf::ErrorCode::Success).then_some(result.count)
}

/// Converts the longest well-formed prefix of `units` (in this machine's order) to UTF-8 at
/// the start of `dst`. Returns how many units that prefix has and how many bytes it became;
/// the unit after the prefix, if any, is a lone surrogate.
///
/// # Panics
///
/// If `dst` is shorter than three bytes per unit (a caller's mistake).
pub fn utf16_to_utf8(units: &[u16], dst: &mut [u8]) -> (usize, usize) {
    match convert_utf16(units, dst) {
        Ok(written) => (units.len(), written),
        // The prefix before the error is well-formed, so converting it again succeeds.
        Err(at) => (at, convert_utf16(&units[..at], dst).unwrap_or(0)),
    }
}

/// One conversion of `units` to UTF-8: the bytes written, or where the first lone surrogate
/// stands.
fn convert_utf16(units: &[u16], dst: &mut [u8]) -> Result<usize, usize> {
    assert!(dst.len() / 3 >= units.len(), "UTF-8 buffer too short");
    let (src, len, out) = (units.as_ptr(), units.len(), dst.as_mut_ptr());
    // SAFETY: `src..src+len` is the readable, initialised, aligned `units`; `out` points to
    // `dst`, which is writable and holds at least three bytes per unit, the most any UTF-16
    // unit converts to; a shared and a unique borrow cannot overlap. Nothing is assumed of
    // the units: the `_with_errors` functions check them and stop at a lone surrogate.
    #[allow(unsafe_code)]
    let result = unsafe {
        match UnitOrder::NATIVE {
            UnitOrder::Little => simdutf::convert_utf16le_to_utf8_with_errors(src, len, out),
            UnitOrder::Big => simdutf::convert_utf16be_to_utf8_with_errors(src, len, out),
        }
    };
    if result.error == simdutf::ErrorCode::Success {
        Ok(result.count)
    } else {
        Err(result.count.min(units.len()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_to_utf16_in_both_orders() {
        let text = "a中😀";
        let mut dst = vec![0u16; text.len() + 1];
        let n = valid_utf8_to_utf16(text.as_bytes(), UnitOrder::NATIVE, &mut dst);
        assert_eq!(&dst[..n], text.encode_utf16().collect::<Vec<_>>());
        let other = match UnitOrder::NATIVE {
            UnitOrder::Little => UnitOrder::Big,
            UnitOrder::Big => UnitOrder::Little,
        };
        let n = valid_utf8_to_utf16(text.as_bytes(), other, &mut dst);
        let swapped: Vec<u16> = text.encode_utf16().map(u16::swap_bytes).collect();
        assert_eq!(&dst[..n], swapped);
    }

    #[test]
    fn ill_formed_utf8_is_refused() {
        let mut dst = vec![0u16; 8];
        assert_eq!(utf8_to_utf16(b"ab", UnitOrder::Little, &mut dst), Some(2));
        for bad in [&b"a\x80"[..], b"\xC0\xAF", b"\xED\xA0\x80", b"\xE4\xB8"] {
            assert_eq!(
                utf8_to_utf16(bad, UnitOrder::Little, &mut dst),
                None,
                "{bad:x?}"
            );
        }
    }

    #[test]
    fn utf16_to_utf8_stops_at_a_lone_surrogate() {
        let mut dst = vec![0u8; 3 * 8];
        let units: Vec<u16> = "x😀y".encode_utf16().collect();
        assert_eq!(utf16_to_utf8(&units, &mut dst), (4, 6));
        assert_eq!(&dst[..6], "x😀y".as_bytes());
        for (units, valid) in [
            (vec![0x61, 0xDC00, 0x62], 1),
            (vec![0x61, 0x62, 0xD800], 2),
            (vec![0xD800, 0x62], 0),
            (vec![0x61, 0xD83D, 0xDE00, 0xDE00], 3),
        ] {
            assert_eq!(utf16_to_utf8(&units, &mut dst).0, valid, "{units:x?}");
        }
    }
}
