//! What the in-process property tests share (`properties`, `cjk_properties`,
//! `unicode_formats_props`): labels resolved or a panic that names them, the proptest
//! configuration, and a reader that hands out its input in chosen pieces, so that every
//! file checks chunk splits with the same reader.

use proptest::test_runner::Config;
use std::io::Read;
use transcoder::app::settings::Settings;
use transcoder::app::stream::convert_reader;
use transcoder::codecs::Charset;
use transcoder::codecs::labels::resolve;

/// The charset `label` names; a test's own list naming no charset is a bug in the test.
pub fn cs(label: &str) -> Charset {
    resolve(label).unwrap_or_else(|e| panic!("{label}: {e}"))
}

/// `cases` cases, or as many as `PROPTEST_CASES` says (for a longer hunt).
pub fn config(cases: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(cases);
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

/// A reader that returns its data in pieces of the given sizes (cycling), never more than
/// asked for.
pub struct Chunked {
    data: Vec<u8>,
    pos: usize,
    sizes: Vec<usize>,
    turn: usize,
}

impl Read for Chunked {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let size = self.sizes[self.turn % self.sizes.len()].max(1);
        self.turn += 1;
        let n = size.min(buf.len()).min(self.data.len() - self.pos);
        buf[..n].copy_from_slice(&self.data[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// Converts `input` read through a [`Chunked`] reader of `sizes`: the output and status.
pub fn convert_chunked(input: &[u8], sizes: &[usize], settings: &Settings) -> (Vec<u8>, i32) {
    let reader = Chunked {
        data: input.to_vec(),
        pos: 0,
        sizes: sizes.to_vec(),
        turn: 0,
    };
    convert_reader(Box::new(reader), settings)
}
