//! The CJK charsets of issue 17 (`cjk_stateful` target): the shift-state decoders (HZ and
//! the ISO-2022 forms) and the stateless ones beside them.

use super::{POLICIES, convert, convert_chunked, hex, pick, settings, split_header};
use transcoder::convert::Policy;

/// The charsets the target picks from: shift-state first, then stateless.
pub const CJK_LABELS: &[&str] = &[
    "HZ-GB-2312",
    "ISO-2022-KR",
    "ISO-2022-CN",
    "ISO-2022-CN-EXT",
    "ISO-2022-JP-1",
    "ISO-2022-JP-2",
    "ISO-2022-JP-3",
    "ISO-2022-JP-2004",
    "ISO-2022-JP-EXT",
    "IBM930",
    "IBM1390",
    "IBM933",
    "EUC-TW",
    "JOHAB",
    "CP949",
    "EUC-KR-strict",
    "CP950",
    "Big5-HKSCS",
    "CP932",
    "Shift_JIS-strict",
    "EUC-JP-strict",
    "EUC-JIS-2004",
    "Shift_JIS-2004",
    "ISO_6937",
    "T.61-8BIT",
];

/// Byte 0 picks the charset, byte 1 the policy, byte 2 how many chunk sizes follow (1–8);
/// the rest is the input. Decoding to UTF-16LE: no panic; status 0 or 1; replace exits 0;
/// the same output and status read in those chunks and one byte at a time; and under
/// escape, what was read goes back to the charset and reads the same again.
pub fn check_cjk_stateful(data: &[u8]) {
    let ([c, p, n], rest) = split_header::<3>(data);
    let n = usize::from(n & 7) + 1;
    let (sizes, input) = rest.split_at(n.min(rest.len()));
    let (label, policy) = (pick(CJK_LABELS, c), pick(POLICIES, p));
    let s = settings(label, "UTF-16LE", policy);
    let whole = convert(input, &s);
    assert!(
        whole.1 == 0 || whole.1 == 1,
        "-f {label} {policy:?}: status {} on {}",
        whole.1,
        hex(input)
    );
    if policy == Policy::Replace {
        assert_eq!(whole.1, 0, "-f {label} replace failed on {}", hex(input));
    }
    for chunks in [sizes, &[1]] {
        let read = convert_chunked(input, chunks, &s);
        assert!(
            whole == read,
            "-f {label} {policy:?} chunks {chunks:?}: input {}\n  whole {} {}\n  read  {} {}",
            hex(input),
            whole.1,
            hex(&whole.0),
            read.1,
            hex(&read.0)
        );
    }
    if policy == Policy::Escape && whole.1 == 0 {
        let (legacy, status) = convert(&whole.0, &settings("UTF-16LE", label, Policy::Escape));
        assert_eq!(status, 0, "-t {label} escape failed on {}", hex(&whole.0));
        let again = convert(&legacy, &s);
        assert!(
            again == whole,
            "-f {label} escape: {} read {}, written back {}, read again {}",
            hex(input),
            hex(&whole.0),
            hex(&legacy),
            hex(&again.0)
        );
    }
}
