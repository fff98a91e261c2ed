//! `--detect` on one file runs without worker threads and reads a short CJK file without
//! building its charsets' lookup tables; a batch of files, on threads, with the tables built
//! by a long file first, must still say exactly what one run per file says.

mod common;

use common::*;
use std::path::PathBuf;

/// Files of every stage: BOM-less CJK guesses, Cyrillic, UTF-8, escapes, binary; the first
/// is long enough (more two-byte codes than the decoders read before building their tables)
/// that after it the rest are read with the tables.
fn files(dir: &TempDir) -> Vec<PathBuf> {
    let zh = "这是一个用简体中文写的句子，用来测试编码检测。第二句话在这里，还有一些标点符号。\n";
    let ja = "これは日本語で書かれた文です。文字コードの判定を試験するために使います。\n";
    let ko = "이것은 한국어로 쓴 문장입니다. 문자 인코딩 감지를 시험하기 위해 사용합니다.\n";
    let ru = "Все люди рождаются свободными и равными в своем достоинстве и правах.\r\n";
    let enc = |e: &'static encoding_rs::Encoding, text: &str| e.encode(text).0.into_owned();
    let contents: Vec<(&str, Vec<u8>)> = vec![
        ("long-gbk.txt", enc(encoding_rs::GBK, &zh.repeat(600))),
        (
            "long-sjis.txt",
            enc(encoding_rs::SHIFT_JIS, &ja.repeat(600)),
        ),
        ("gbk.txt", enc(encoding_rs::GBK, zh)),
        (
            "gb18030.txt",
            enc(encoding_rs::GB18030, "中文 \u{20AC}\u{1F600} 文字"),
        ),
        (
            "big5.txt",
            enc(
                encoding_rs::BIG5,
                "這是一個用繁體中文寫的句子，用來測試編碼檢測。",
            ),
        ),
        ("sjis.txt", enc(encoding_rs::SHIFT_JIS, ja)),
        ("eucjp.txt", enc(encoding_rs::EUC_JP, ja)),
        ("euckr.txt", enc(encoding_rs::EUC_KR, ko)),
        ("koi8.txt", enc(encoding_rs::KOI8_R, ru)),
        ("utf8.txt", "Größe 中文\n".as_bytes().to_vec()),
        ("jis.txt", enc(encoding_rs::ISO_2022_JP, "日本語のテキスト")),
        ("binary.bin", b"\x00\x01\x02binary".to_vec()),
    ];
    contents
        .into_iter()
        .map(|(name, bytes)| {
            let path = dir.path().join(name);
            std::fs::write(&path, bytes).unwrap();
            path
        })
        .collect()
}

#[test]
fn one_file_alone_is_reported_as_in_a_batch() {
    let dir = TempDir::new().unwrap();
    let paths = files(&dir);
    let names: Vec<&str> = paths.iter().map(|p| p.to_str().unwrap()).collect();
    for form in [&["--json"][..], &["--verbose"][..], &[][..]] {
        for jobs in ["1", "2"] {
            let mut argv = vec!["--detect", "-j", jobs];
            argv.extend_from_slice(form);
            argv.extend_from_slice(&names);
            let batch = run(&argv, b"");
            batch.code(0);
            let lines: Vec<String> = batch.stdout_text().lines().map(String::from).collect();
            assert_eq!(lines.len(), names.len(), "{lines:?}");
            for (name, line) in names.iter().zip(&lines) {
                let mut argv = vec!["--detect"];
                argv.extend_from_slice(form);
                argv.push(name);
                let alone = run(&argv, b"");
                alone.code(0);
                assert_eq!(
                    &alone.stdout_text(),
                    &format!("{line}\n"),
                    "{form:?} -j {jobs}"
                );
            }
        }
    }
}
