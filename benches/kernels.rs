//! In-process conversion kernels: each pair of `python3 bench/run.py`, through the library's
//! whole-stream entry point [`transcoder::app::stream::convert_reader`] over an in-memory corpus, so
//! that process start, page cache and pipes are out of the picture.
//!
//! The corpus (a few MB of English and of Chinese, see `CORPUS_MB`) is generated here from a
//! fixed seed and the word lists of `bench/lexicon.txt`, like (but not byte-identical to) the
//! one of `bench/run.py`. Every conversion is checked once against the expected bytes before
//! it is timed. Throughput is in input bytes (MB = 10^6 bytes, as in `bench/run.py`).
//!
//! `cargo bench --bench kernels` (about two minutes); `-- --quick` for a rough pass; a filter
//! such as `-- gbk` runs some of them. `KERNELS_CORPUS_MB=16 cargo bench ...` changes the size.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::io::Cursor;
use std::time::Duration;
use transcoder::app::settings::Settings;
use transcoder::app::stream::convert_reader;
use transcoder::codecs::labels;
use transcoder::convert::Policy;

/// MB (10^6 bytes) of UTF-8 text per language, unless `KERNELS_CORPUS_MB` says otherwise.
const CORPUS_MB: f64 = 4.0;
const SEED: u64 = 0x7472_616e_7363_6f64;
const LEXICON: &str = include_str!("../bench/lexicon.txt");

/// SplitMix64: small, fast, and the same everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next() % (hi - lo + 1) as u64) as usize
    }

    /// Uniform in `[0, 1)`.
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Rank-weighted choice: weight 1/(rank + offset)^exponent.
struct Zipf<T> {
    items: Vec<T>,
    cumulative: Vec<f64>,
}

impl<T: Copy> Zipf<T> {
    fn new(items: Vec<T>, offset: f64, exponent: f64) -> Zipf<T> {
        let mut total = 0.0;
        let cumulative = (1..=items.len())
            .map(|rank| {
                total += 1.0 / (rank as f64 + offset).powf(exponent);
                total
            })
            .collect();
        Zipf { items, cumulative }
    }

    fn pick(&self, rng: &mut Rng) -> T {
        let total = self.cumulative.last().copied().unwrap_or(0.0);
        let at = rng.unit() * total;
        let i = self.cumulative.partition_point(|&c| c <= at);
        self.items[i.min(self.items.len() - 1)]
    }
}

fn lexicon_section(name: &str) -> String {
    let mut inside = false;
    let mut out = String::new();
    for line in LEXICON.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line.starts_with('[') && line.ends_with(']') {
            inside = &line[1..line.len() - 1] == name;
            continue;
        }
        if inside {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The 3,755 hanzi of GB2312 level 1 (rows B0–D7): the most frequent first (from the lexicon),
/// the rest in code order.
fn hanzi() -> Vec<char> {
    let mut level1 = Vec::new();
    for lead in 0xB0u8..=0xD7 {
        // D7FA–D7FE are unassigned in GB2312 (GBK fills them), and the GB2312 cases need
        // text that GB2312 holds.
        let last = if lead == 0xD7 { 0xF9 } else { 0xFE };
        for trail in 0xA1u8..=last {
            let pair = [lead, trail];
            let (text, had_errors) = encoding_rs::GBK.decode_without_bom_handling(&pair);
            if !had_errors && let Some(c) = text.chars().next() {
                level1.push(c);
            }
        }
    }
    let mut ranked: Vec<char> = Vec::new();
    for c in lexicon_section("hanzi").chars() {
        if level1.contains(&c) && !ranked.contains(&c) {
            ranked.push(c);
        }
    }
    let rest: Vec<char> = level1.into_iter().filter(|c| !ranked.contains(c)).collect();
    ranked.extend(rest);
    ranked
}

fn english(rng: &mut Rng, size: usize) -> String {
    let section = lexicon_section("english");
    let words = Zipf::new(section.split_whitespace().collect(), 2.7, 1.0);
    let mut text = String::with_capacity(size + 128);
    let mut line_len = 0;
    while text.len() < size {
        let n = rng.range(4, 22);
        for i in 0..n {
            let mut word = words.pick(rng).to_string();
            let r = rng.unit();
            if r < 0.01 {
                word = rng.range(1, 2024).to_string();
            } else if r < 0.012 {
                word = "café".to_string();
            }
            if i == 0 {
                word = word[..1].to_uppercase() + &word[1..];
            }
            if i + 1 == n {
                word.push(if rng.unit() < 0.9 { '.' } else { '?' });
            } else if rng.unit() < 0.08 {
                word.push(',');
            }
            if line_len > 0 && line_len + 1 + word.len() > 78 {
                text.push('\n');
                line_len = 0;
            } else if line_len > 0 {
                text.push(' ');
                line_len += 1;
            }
            line_len += word.len();
            text.push_str(&word);
        }
        if rng.unit() < 0.15 {
            text.push_str("\n\n");
            line_len = 0;
        }
    }
    text.push('\n');
    text
}

fn chinese(rng: &mut Rng, size: usize) -> String {
    let hanzi = Zipf::new(hanzi(), 5.0, 1.2);
    let separators = ['，', '，', '，', '，', '、', '；', '：'];
    let ends = ['。', '。', '。', '。', '！', '？'];
    let mut text = String::with_capacity(size + 256);
    while text.len() < size {
        let target = rng.range(12, 70);
        let mut length = 0;
        while length < target {
            let k = rng.range(2, 14);
            let r = rng.unit();
            let quoted = r < 0.06;
            if quoted {
                text.push('“');
            }
            for _ in 0..k {
                text.push(hanzi.pick(rng));
            }
            if (0.06..0.11).contains(&r) {
                text.push_str(&rng.range(1, 2024).to_string());
                text.push('年');
            }
            if quoted {
                text.push('”');
            }
            length += k + 1;
            let end = length >= target || rng.unit() < 0.3;
            text.push(if end {
                ends[rng.range(0, ends.len() - 1)]
            } else {
                separators[rng.range(0, separators.len() - 1)]
            });
        }
        text.push('\n');
    }
    text
}

/// `clean` with about 0.1% ill-formed bytes inserted before ASCII bytes.
fn dirty(rng: &mut Rng, clean: &[u8]) -> Vec<u8> {
    const SNIPPETS: &[&[u8]] = &[
        b"\xff",
        b"\xfe",
        b"\x80",
        b"\xc3",
        b"\xe4\xb8",
        b"\xf0\x9f\x98",
        b"\xc0\xaf",
        b"\xed\xa0\x80",
    ];
    let mut out = Vec::with_capacity(clean.len() + clean.len() / 500);
    for &b in clean {
        if b.is_ascii() && rng.next().is_multiple_of(2000) {
            out.extend_from_slice(SNIPPETS[rng.range(0, SNIPPETS.len() - 1)]);
        }
        out.push(b);
    }
    out
}

fn utf16le(text: &str) -> Vec<u8> {
    text.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

fn legacy(encoding: &'static encoding_rs::Encoding, text: &str) -> Vec<u8> {
    let (bytes, _, unmappable) = encoding.encode(text);
    assert!(!unmappable, "{} cannot encode the corpus", encoding.name());
    bytes.into_owned()
}

/// What `--errors escape` makes of UTF-8 `bytes` in UTF-16LE: U+DC00+b for each bad byte b.
fn escaped_utf16le(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() * 2);
    for chunk in bytes.utf8_chunks() {
        out.extend(utf16le(chunk.valid()));
        for &b in chunk.invalid() {
            out.extend_from_slice(&(0xDC00 | u16::from(b)).to_le_bytes());
        }
    }
    out
}

/// Framed tables drawn as DOS programs draw them (light and double lines, shades), with
/// words in the cells: mostly characters above 0x7F in CP437.
fn box_drawing(rng: &mut Rng, size: usize) -> String {
    const SETS: [[char; 11]; 2] = [
        ['┌', '┐', '└', '┘', '─', '│', '├', '┤', '┬', '┴', '┼'],
        ['╔', '╗', '╚', '╝', '═', '║', '╠', '╣', '╦', '╩', '╬'],
    ];
    let section = lexicon_section("english");
    let words: Vec<&str> = section.split_whitespace().collect();
    let mut text = String::with_capacity(size + 1024);
    while text.len() < size {
        let [tl, tr, bl, br, h, v, lt, rt, tt, bt, x] = SETS[rng.range(0, 1)];
        let widths: Vec<usize> = (0..rng.range(2, 5)).map(|_| rng.range(6, 16)).collect();
        let rule = |text: &mut String, (a, m, b): (char, char, char)| {
            text.push(a);
            for (i, &w) in widths.iter().enumerate() {
                if i > 0 {
                    text.push(m);
                }
                text.extend(std::iter::repeat_n(h, w));
            }
            text.push(b);
            text.push('\n');
        };
        rule(&mut text, (tl, tt, tr));
        for row in 0..rng.range(2, 12) {
            text.push(v);
            for &w in &widths {
                let word = words[rng.range(0, words.len() - 1)];
                let cell: String = word.chars().chain(std::iter::repeat(' ')).take(w).collect();
                text.push_str(&cell);
                text.push(v);
            }
            text.push('\n');
            if row % 3 == 2 {
                rule(&mut text, (lt, x, rt));
            }
        }
        rule(&mut text, (bl, bt, br));
        let bar = rng.range(4, 60);
        text.extend(std::iter::repeat_n('▓', bar));
        text.extend(std::iter::repeat_n('░', 60 - bar));
        text.push('\n');
    }
    text
}

/// `text` in a single-byte code page, through the library's own encoder: the decode case
/// then checks that it reads back as `text` (the tables themselves are checked against
/// Python, glibc and ICU by conformance/suites/single_byte.py).
fn single_byte(label: &str, text: &str) -> Vec<u8> {
    let to = labels::resolve(label).expect("known label");
    let from = labels::resolve("UTF-8").expect("known label");
    let settings = Settings::new(from, to, Policy::Strict);
    let (bytes, status) =
        convert_reader(Box::new(Cursor::new(text.as_bytes().to_vec())), &settings);
    assert_eq!(status, 0, "{label} cannot encode the corpus");
    bytes
}

struct Case {
    name: &'static str,
    from: &'static str,
    to: &'static str,
    policy: Policy,
    input: &'static [u8],
    expected: Vec<u8>,
}

fn leak(bytes: Vec<u8>) -> &'static [u8] {
    Box::leak(bytes.into_boxed_slice())
}

fn cases() -> Vec<Case> {
    let mb = std::env::var("KERNELS_CORPUS_MB")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .unwrap_or(CORPUS_MB);
    let size = (mb * 1e6) as usize;
    let mut rng = Rng(SEED);
    let en = english(&mut rng, size);
    let zh = chinese(&mut rng, size);
    let en_dirty = dirty(&mut rng, en.as_bytes());

    let en_utf8 = leak(en.clone().into_bytes());
    let zh_utf8 = leak(zh.clone().into_bytes());
    let en_utf16 = utf16le(&en);
    let zh_utf16 = utf16le(&zh);
    let zh_gbk = legacy(encoding_rs::GBK, &zh);
    let zh_gb18030 = legacy(encoding_rs::GB18030, &zh);
    let replaced = utf16le(&String::from_utf8_lossy(&en_dirty));
    let replaced_utf8 = String::from_utf8_lossy(&en_dirty).into_owned().into_bytes();
    let escaped = escaped_utf16le(&en_dirty);
    let en_dirty = leak(en_dirty);
    let boxes = box_drawing(&mut rng, size);
    let box_utf8 = leak(boxes.clone().into_bytes());
    let en_cp437 = single_byte("CP437", &en);
    let box_cp437 = single_byte("CP437", &boxes);
    let en_ibm1047 = single_byte("IBM1047", &en);

    let case = |name, from, to, policy, input, expected| Case {
        name,
        from,
        to,
        policy,
        input,
        expected,
    };
    let strict = Policy::Strict;
    vec![
        case(
            "utf8-utf8-en",
            "UTF-8",
            "UTF-8",
            strict,
            en_utf8,
            en_utf8.to_vec(),
        ),
        case(
            "utf8-utf8-zh",
            "UTF-8",
            "UTF-8",
            strict,
            zh_utf8,
            zh_utf8.to_vec(),
        ),
        case(
            "utf8-utf16le-en",
            "UTF-8",
            "UTF-16LE",
            strict,
            en_utf8,
            en_utf16.clone(),
        ),
        case(
            "utf8-utf16le-zh",
            "UTF-8",
            "UTF-16LE",
            strict,
            zh_utf8,
            zh_utf16.clone(),
        ),
        case(
            "utf16le-utf8-en",
            "UTF-16LE",
            "UTF-8",
            strict,
            leak(en_utf16),
            en_utf8.to_vec(),
        ),
        case(
            "utf16le-utf8-zh",
            "UTF-16LE",
            "UTF-8",
            strict,
            leak(zh_utf16),
            zh_utf8.to_vec(),
        ),
        case(
            "gbk-utf8-zh",
            "GBK",
            "UTF-8",
            strict,
            leak(zh_gbk.clone()),
            zh_utf8.to_vec(),
        ),
        case(
            "utf8-gbk-zh",
            "UTF-8",
            "GBK",
            strict,
            zh_utf8,
            zh_gbk.clone(),
        ),
        case(
            "gb18030-utf8-zh",
            "GB18030",
            "UTF-8",
            strict,
            leak(zh_gb18030.clone()),
            zh_utf8.to_vec(),
        ),
        case(
            "utf8-gb18030-zh",
            "UTF-8",
            "GB18030",
            strict,
            zh_utf8,
            zh_gb18030,
        ),
        // The Chinese text is all GB2312: its GBK bytes are its GB2312 bytes.
        case(
            "gb2312-utf8-zh",
            "GB2312",
            "UTF-8",
            strict,
            leak(zh_gbk.clone()),
            zh_utf8.to_vec(),
        ),
        case("utf8-gb2312-zh", "UTF-8", "GB2312", strict, zh_utf8, zh_gbk),
        case(
            "dirty-replace-utf8-en",
            "UTF-8",
            "UTF-8",
            Policy::Replace,
            en_dirty,
            replaced_utf8,
        ),
        case(
            "dirty-escape-utf8-en",
            "UTF-8",
            "UTF-8",
            Policy::Escape,
            en_dirty,
            en_dirty.to_vec(),
        ),
        case(
            "dirty-replace-en",
            "UTF-8",
            "UTF-16LE",
            Policy::Replace,
            en_dirty,
            replaced,
        ),
        case(
            "dirty-escape-en",
            "UTF-8",
            "UTF-16LE",
            Policy::Escape,
            en_dirty,
            escaped,
        ),
        case(
            "cp437-utf8-en",
            "CP437",
            "UTF-8",
            strict,
            leak(en_cp437.clone()),
            en_utf8.to_vec(),
        ),
        case("utf8-cp437-en", "UTF-8", "CP437", strict, en_utf8, en_cp437),
        case(
            "cp437-utf8-box",
            "CP437",
            "UTF-8",
            strict,
            leak(box_cp437.clone()),
            box_utf8.to_vec(),
        ),
        case(
            "utf8-cp437-box",
            "UTF-8",
            "CP437",
            strict,
            box_utf8,
            box_cp437,
        ),
        case(
            "ibm1047-utf8-en",
            "IBM1047",
            "UTF-8",
            strict,
            leak(en_ibm1047.clone()),
            en_utf8.to_vec(),
        ),
        case(
            "utf8-ibm1047-en",
            "UTF-8",
            "IBM1047",
            strict,
            en_utf8,
            en_ibm1047,
        ),
    ]
}

fn settings(case: &Case) -> Settings {
    let from = labels::resolve(case.from).expect("known label");
    let to = labels::resolve(case.to).expect("known label");
    Settings::new(from, to, case.policy)
}

fn convert(input: &'static [u8], settings: &Settings) -> (Vec<u8>, i32) {
    convert_reader(Box::new(Cursor::new(input)), settings)
}

fn kernels(c: &mut Criterion) {
    let mut group = c.benchmark_group("kernels");
    for case in cases() {
        let settings = settings(&case);
        let (output, status) = convert(case.input, &settings);
        assert_eq!(status, 0, "{}: exit status", case.name);
        assert!(
            output == case.expected,
            "{}: output differs from the expected bytes ({} bytes, expected {})",
            case.name,
            output.len(),
            case.expected.len()
        );
        group.throughput(Throughput::BytesDecimal(case.input.len() as u64));
        group.bench_function(case.name, |b| {
            b.iter(|| convert(black_box(case.input), &settings))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = kernels
}
criterion_main!(benches);
