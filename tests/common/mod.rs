//! Helpers shared by the integration tests: run the real `transcode` binary with stdin bytes,
//! files and arguments; build raw-byte fixtures and trees of them; independent reference
//! conversions (oracles) built from std and encoding_rs, not from the crate under test. The
//! file-system side of the batch tests (inodes, modes, times, stray temporary files, running
//! as an unprivileged user) is in [`files`].

#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

pub use tempfile::TempDir;

mod files;
#[allow(unused_imports)]
pub use files::*;
mod props;
#[allow(unused_imports)]
pub use props::*;

/// The input window of the converter (src/io/input.rs): big inputs must cross it.
pub const WINDOW: usize = 256 * 1024;
/// The prefix `--from auto` and the BOM-less byte-order rule look at for streams.
pub const PREFIX: usize = 64 * 1024;

/// What one run of the binary did.
#[derive(Debug)]
pub struct Run {
    pub stdout: Vec<u8>,
    pub stderr: String,
    pub code: i32,
}

impl Run {
    /// Asserts exit status `code`, showing stderr on failure.
    #[track_caller]
    pub fn code(&self, code: i32) -> &Run {
        assert_eq!(
            self.code, code,
            "exit status {} (expected {code}); stderr:\n{}",
            self.code, self.stderr
        );
        self
    }

    /// Asserts success and an empty stderr.
    #[track_caller]
    pub fn ok_quiet(&self) -> &Run {
        self.code(0);
        assert_eq!(self.stderr, "", "unexpected stderr");
        self
    }

    /// Asserts stdout is exactly `bytes` (shown in hex on failure).
    #[track_caller]
    pub fn out(&self, bytes: &[u8]) -> &Run {
        if self.stdout != bytes {
            panic!(
                "stdout differs\n  expected: {}\n  actual:   {}\nstderr:\n{}",
                hex_short(bytes),
                hex_short(&self.stdout),
                self.stderr
            );
        }
        self
    }

    /// Asserts stderr contains each of `needles` (ASCII case-insensitively).
    #[track_caller]
    pub fn err_has(&self, needles: &[&str]) -> &Run {
        let hay = self.stderr.to_lowercase();
        for n in needles {
            assert!(
                hay.contains(&n.to_lowercase()),
                "stderr lacks {n:?}; stderr:\n{}",
                self.stderr
            );
        }
        self
    }

    /// The number of lines on stderr.
    pub fn err_lines(&self) -> usize {
        self.stderr.lines().count()
    }

    /// Stdout as text (lossy).
    pub fn stdout_text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }

    /// The `transcode: N converted, ...` summary line of a batch (the last line of stderr).
    #[track_caller]
    pub fn summary(&self) -> &str {
        self.stderr
            .lines()
            .rfind(|l| l.starts_with("transcode: ") && l.contains(" failed"))
            .unwrap_or_else(|| panic!("no summary line in stderr:\n{}", self.stderr))
    }

    /// Asserts the batch summary counts, and that the summary is the last line of stderr.
    #[track_caller]
    pub fn counts(&self, converted: u32, unchanged: u32, skipped: u32, failed: u32) -> &Run {
        let want = format!(
            "transcode: {converted} converted, {unchanged} unchanged, {skipped} skipped, \
             {failed} failed"
        );
        assert_eq!(
            self.summary(),
            want,
            "summary differs; stderr:\n{}",
            self.stderr
        );
        let last = self.stderr.lines().last().unwrap_or_default();
        assert_eq!(last, want, "the summary is not the last line of stderr");
        self
    }

    /// Asserts stderr contains `needle` exactly (case and all).
    #[track_caller]
    pub fn err_contains(&self, needle: &str) -> &Run {
        assert!(
            self.stderr.contains(needle),
            "stderr lacks {needle:?}:\n{}",
            self.stderr
        );
        self
    }

    /// Asserts stdout contains `needle` exactly.
    #[track_caller]
    pub fn out_contains(&self, needle: &str) -> &Run {
        assert!(
            self.stdout_text().contains(needle),
            "stdout lacks {needle:?}:\n{}",
            self.stdout_text()
        );
        self
    }
}

/// About `mib` MiB of UTF-8 with line feeds and characters of every length: large enough
/// (from 16 MiB) to be split across cores or mapped in spans.
pub fn large_text(mib: usize) -> Vec<u8> {
    let line = "A line of English, then 中文 and é and 😀, to the end of the line.\n";
    line.repeat(mib * 1024 * 1024 / line.len()).into_bytes()
}

/// `clean` with one of `bad` (in turn) after every 997 bytes (anywhere, even inside a
/// character, so that some fall just before or after a cut between segments or spans) and
/// a sequence cut short by the end of the file.
pub fn with_errors_every_997(clean: &[u8], bad: &[&[u8]]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(clean.len() + clean.len() / 300);
    for (i, stretch) in clean.chunks(997).enumerate() {
        bytes.extend_from_slice(stretch);
        bytes.extend_from_slice(bad[i % bad.len()]);
    }
    bytes.extend_from_slice(b"\xF0\x9F");
    bytes
}

/// Hex for messages, shortened for big outputs.
pub fn hex_short(bytes: &[u8]) -> String {
    let shown: Vec<String> = bytes.iter().take(64).map(|b| format!("{b:02X}")).collect();
    let more = if bytes.len() > 64 {
        format!(" ... ({} bytes)", bytes.len())
    } else {
        String::new()
    };
    format!("[{}]{more}", shown.join(" "))
}

/// The binary as an assert_cmd command, with a generous timeout so nothing hangs the suite.
pub fn cmd() -> assert_cmd::Command {
    let mut c = assert_cmd::Command::cargo_bin("transcode").expect("binary built");
    c.timeout(Duration::from_secs(120));
    c.env("LC_ALL", "C");
    c
}

/// Path of the binary, for std::process spawning.
pub fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("transcode")
}

fn finish(output: std::process::Output) -> Run {
    Run {
        stdout: output.stdout,
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code().unwrap_or(-1),
    }
}

/// Runs `transcode ARGS` with `stdin` piped in.
pub fn run(args: &[&str], stdin: &[u8]) -> Run {
    let out = cmd()
        .args(args)
        .write_stdin(stdin.to_vec())
        .output()
        .expect("run transcode");
    finish(out)
}

/// Runs `transcode ARGS` in directory `dir` with `stdin` piped in.
pub fn run_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Run {
    let out = cmd()
        .current_dir(dir)
        .args(args)
        .write_stdin(stdin.to_vec())
        .output()
        .expect("run transcode");
    finish(out)
}

/// Runs `transcode ARGS` with standard input redirected from the file `path` (so stdin is a
/// regular file, not a pipe).
pub fn run_stdin_file(args: &[&str], path: &Path) -> Run {
    let file = fs::File::open(path).expect("open stdin file");
    let out = std::process::Command::new(bin())
        .args(args)
        .env("LC_ALL", "C")
        .stdin(Stdio::from(file))
        .output()
        .expect("run transcode");
    finish(out)
}

/// A fresh temporary directory.
pub fn tempdir() -> TempDir {
    tempfile::Builder::new()
        .prefix("transcode-test-")
        .tempdir()
        .expect("tempdir")
}

/// Writes `bytes` to `dir/name` and returns the path.
pub fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    fs::write(&p, bytes).expect("write fixture");
    p
}

/// Writes `bytes` to `dir/rel`, creating parent directories.
pub fn put(dir: &Path, rel: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(rel);
    if let Some(parent) = p.parent() {
        fs::create_dir_all(parent).unwrap();
    }
    fs::write(&p, bytes).unwrap();
    p
}

/// The bytes of `dir/rel`.
#[track_caller]
pub fn get(dir: &Path, rel: &str) -> Vec<u8> {
    fs::read(dir.join(rel)).unwrap_or_else(|e| panic!("read {rel}: {e}"))
}

/// Asserts `dir/rel` holds exactly `want`, showing both (escaped) on failure.
#[track_caller]
pub fn assert_file(dir: &Path, rel: &str, want: &[u8]) {
    let got = get(dir, rel);
    if got != want {
        panic!(
            "{rel} differs\n  expected ({} bytes): {}\n  actual   ({} bytes): {}",
            want.len(),
            show(want),
            got.len(),
            show(&got)
        );
    }
}

/// Bytes as an escaped string, shortened in the middle when long.
pub fn show(bytes: &[u8]) -> String {
    let esc = |b: &[u8]| b.escape_ascii().to_string();
    if bytes.len() <= 200 {
        esc(bytes)
    } else {
        format!(
            "{} ...[{} bytes]... {}",
            esc(&bytes[..80]),
            bytes.len() - 160,
            esc(&bytes[bytes.len() - 80..])
        )
    }
}

/// All names in `dir`, sorted.
pub fn names_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .expect("read dir")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Converts the same input three (or four) ways: a memory-mapped file, the file with
/// `--no-mmap`, the file as standard input redirected (a regular file), and a pipe on stdin.
/// Returns the runs in that order.
pub fn all_ways(args: &[&str], input: &[u8]) -> Vec<(&'static str, Run)> {
    let dir = tempdir();
    let path = write(dir.path(), "input.bin", input);
    let p = path.to_str().unwrap();
    let mut with_file: Vec<&str> = args.to_vec();
    with_file.push(p);
    let mut no_mmap: Vec<&str> = args.to_vec();
    no_mmap.push("--no-mmap");
    no_mmap.push(p);
    vec![
        ("mmap file", run(&with_file, b"")),
        ("--no-mmap file", run(&no_mmap, b"")),
        ("stdin redirected from file", run_stdin_file(args, &path)),
        ("stdin pipe", run(args, input)),
    ]
}

/// Asserts every way gave the same stdout and exit status as the first; returns the first.
#[track_caller]
pub fn assert_same_every_way(args: &[&str], input: &[u8]) -> Run {
    let mut runs = all_ways(args, input);
    let (first_name, first) = runs.remove(0);
    for (name, r) in &runs {
        assert_eq!(
            r.code, first.code,
            "exit status differs: {first_name} {} vs {name} {}\nstderr {first_name}:\n{}\nstderr {name}:\n{}",
            first.code, r.code, first.stderr, r.stderr
        );
        if r.stdout != first.stdout {
            let at = first
                .stdout
                .iter()
                .zip(&r.stdout)
                .position(|(a, b)| a != b)
                .unwrap_or(first.stdout.len().min(r.stdout.len()));
            panic!(
                "stdout differs between {first_name} ({} bytes) and {name} ({} bytes), first at \
                 output byte {at}\nstderr {first_name}:\n{}\nstderr {name}:\n{}",
                first.stdout.len(),
                r.stdout.len(),
                first.stderr,
                r.stderr
            );
        }
    }
    first
}

// ---------------------------------------------------------------------------------------------
// Encodings built independently of the crate under test.

pub fn utf16le(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(|u| u.to_le_bytes()).collect()
}

pub fn utf16be(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(|u| u.to_be_bytes()).collect()
}

pub fn utf32le(s: &str) -> Vec<u8> {
    s.chars().flat_map(|c| (c as u32).to_le_bytes()).collect()
}

pub fn utf32be(s: &str) -> Vec<u8> {
    s.chars().flat_map(|c| (c as u32).to_be_bytes()).collect()
}

/// 16-bit units as little-endian bytes (for lone surrogates).
pub fn units_le(units: &[u16]) -> Vec<u8> {
    units.iter().flat_map(|u| u.to_le_bytes()).collect()
}

pub fn units_be(units: &[u16]) -> Vec<u8> {
    units.iter().flat_map(|u| u.to_be_bytes()).collect()
}

/// `s` in a WHATWG encoding via encoding_rs; panics if anything is unmappable.
pub fn enc(encoding: &'static encoding_rs::Encoding, s: &str) -> Vec<u8> {
    let (bytes, _, unmappable) = encoding.encode(s);
    assert!(!unmappable, "{s:?} is not all in {}", encoding.name());
    bytes.into_owned()
}

/// The WHATWG decoding of `bytes` (one U+FFFD per malformed sequence), without BOM handling.
pub fn dec(encoding: &'static encoding_rs::Encoding, bytes: &[u8]) -> String {
    encoding.decode_without_bom_handling(bytes).0.into_owned()
}

/// What each byte of a single-byte code page decodes to, read from its table in
/// `data/single-byte/NAME.txt` (the tables the generated Rust is made from, read here
/// directly): `None` for an unassigned byte, and whether the byte is decode-only.
pub fn code_page(name: &str) -> Vec<(Option<String>, bool)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/single-byte")
        .join(format!("{name}.txt"));
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let hex = |t: &str| u32::from_str_radix(t.trim_start_matches("0x"), 16).unwrap();
    let table: Vec<(Option<String>, bool)> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let chars = f.get(1).map(|points| {
                points
                    .split(' ')
                    .map(|p| char::from_u32(hex(p)).unwrap())
                    .collect()
            });
            (chars, f.get(2) == Some(&"decode-only"))
        })
        .collect();
    assert_eq!(table.len(), 256, "{}", path.display());
    table
}

/// The decoding of `bytes` in the code page `name` by its table, U+FFFD for unassigned bytes.
pub fn code_page_decode(name: &str, bytes: &[u8]) -> String {
    let table = code_page(name);
    bytes
        .iter()
        .map(|&b| table[usize::from(b)].0.clone().unwrap_or("\u{FFFD}".into()))
        .collect()
}

/// The UTF-8 decoding of `bytes` by the rules of Unicode §3.9 (std's `Utf8Chunks` splits at
/// maximal subparts): `replace` writes U+FFFD per subpart; `escape` gives 16-bit units with
/// each bad byte b as 0xDC00+b. Returns UTF-16 units.
pub fn utf8_to_units(bytes: &[u8], escape: bool) -> Vec<u16> {
    let mut units = Vec::new();
    for chunk in bytes.utf8_chunks() {
        units.extend(chunk.valid().encode_utf16());
        let bad = chunk.invalid();
        if bad.is_empty() {
            continue;
        }
        if escape {
            units.extend(bad.iter().map(|&b| 0xDC00 | u16::from(b)));
        } else {
            units.push(0xFFFD);
        }
    }
    units
}

/// `bytes` read as UTF-8 with one U+FFFD per maximal ill-formed subpart.
pub fn utf8_replace(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

// ---------------------------------------------------------------------------------------------
// Deterministic pseudo-random text for big inputs.

/// xorshift64*: deterministic, good enough for fixtures.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

pub const ASCII_WORDS: &[&str] = &[
    "the ", "quick ", "brown ", "fox ", "jumps ", "over ", "lazy ", "dog", ", ", ". ", "\n",
    "2024 ", "data ", "tab\t", "x",
];
/// Common simplified hanzi, all in GB2312 (and so in GBK and GB18030).
pub const HANZI: &[&str] = &[
    "中", "文", "字", "符", "编", "码", "转", "换", "测", "试", "数", "据", "的", "一", "是", "在",
    "不", "了", "有", "和", "人", "这", "，", "。",
];
/// Characters also in Big5 (traditional forms where they differ).
pub const BIG5_HANZI: &[&str] = &[
    "中", "文", "字", "符", "編", "碼", "轉", "換", "測", "試", "數", "據", "的", "一", "是", "在",
    "不", "了", "有", "和", "人", "這", "，", "。",
];
/// Japanese, all in Shift_JIS.
pub const JAPANESE: &[&str] = &[
    "日", "本", "語", "の", "テ", "キ", "ス", "ト", "で", "す", "か", "な", "、", "。", "ｱ",
];
/// Outside the BMP: surrogate pairs in UTF-16, four bytes in GB18030.
pub const ASTRAL: &[&str] = &["😀", "𠀀", "🎉", "𝄞", "\u{10FFFF}"];
/// Two-byte-in-GBK-only and four-byte-in-GB18030 BMP characters.
pub const GB18030_FOUR_BYTE_BMP: &[&str] = &["\u{80}", "\u{A5}", "\u{FFFD}", "ᠠ"];

/// About `len` bytes (in UTF-8) of text drawn from `pools` (each piece picks a pool, then a
/// string from it).
pub fn mixed_text(seed: u64, len: usize, pools: &[&[&str]]) -> String {
    let mut rng = Rng::new(seed);
    let mut s = String::with_capacity(len + 16);
    while s.len() < len {
        let pool = rng.pick(pools);
        let run = 1 + rng.below(12);
        for _ in 0..run {
            s.push_str(rng.pick(pool));
        }
    }
    s
}

/// Where `s` has a char boundary at or after `at`.
pub fn boundary_at_or_after(s: &str, mut at: usize) -> usize {
    while !s.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// `text` in GBK (Notepad's "ANSI" on a Chinese Windows), by encoding_rs.
pub fn gbk(text: &str) -> Vec<u8> {
    let (bytes, _, bad) = encoding_rs::GBK.encode(text);
    assert!(!bad, "not encodable in GBK: {text}");
    bytes.into_owned()
}

/// `text` as UTF-16LE with a BOM (Notepad's "Unicode").
pub fn utf16le_bom(text: &str) -> Vec<u8> {
    let mut v = vec![0xFF, 0xFE];
    v.extend(utf16le(text));
    v
}

/// `text` as UTF-8 with a BOM.
pub fn utf8_bom(text: &str) -> Vec<u8> {
    let mut v = vec![0xEF, 0xBB, 0xBF];
    v.extend_from_slice(text.as_bytes());
    v
}

/// True when `s` holds a carriage return or an ANSI escape (a progress bar's marks).
pub fn has_terminal_marks(s: &str) -> bool {
    s.contains('\r') || s.contains('\u{1b}')
}
