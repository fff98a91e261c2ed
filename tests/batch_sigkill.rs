//! A conversion in place killed with SIGKILL half-way leaves the original intact (the
//! output goes to a temporary file beside it, renamed only at the end), and the next run
//! in that directory removes the dead run's temporary file.

mod common;

use common::*;
use std::fs;
use std::io::{BufWriter, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One block of GBK text, about 1 MiB, repeated to make the big file.
fn gbk_block() -> Vec<u8> {
    let line = gbk("这是一个很大的GBK文件，用来测试转换被强行终止时原文件是否完好。0123456789\r\n");
    let mut block = Vec::with_capacity(1 << 20);
    while block.len() + line.len() <= 1 << 20 {
        block.extend_from_slice(&line);
    }
    block
}

const BLOCKS: usize = 256;

fn write_big(path: &Path, block: &[u8]) {
    let mut w = BufWriter::with_capacity(4 << 20, fs::File::create(path).unwrap());
    for _ in 0..BLOCKS {
        w.write_all(block).unwrap();
    }
    w.into_inner().unwrap().sync_all().unwrap();
}

/// True when `path` holds exactly BLOCKS copies of `block`.
fn is_intact(path: &Path, block: &[u8]) -> bool {
    let mut f = fs::File::open(path).unwrap();
    if f.metadata().unwrap().len() != (block.len() * BLOCKS) as u64 {
        return false;
    }
    let mut buf = vec![0u8; block.len()];
    for _ in 0..BLOCKS {
        if f.read_exact(&mut buf).is_err() || buf != block {
            return false;
        }
    }
    f.read(&mut buf).unwrap() == 0
}

/// The temporary files of process `pid` in `dir`, with their sizes.
fn temps_of(dir: &Path, pid: u32) -> Vec<(String, u64)> {
    let prefix = format!(".transcode-{pid}-");
    fs::read_dir(dir)
        .unwrap()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let len = e.metadata().ok()?.len();
            (name.starts_with(&prefix) && name.ends_with(".tmp")).then_some((name, len))
        })
        .collect()
}

#[test]
fn sigkill_mid_conversion_leaves_the_original_and_next_run_cleans_up() {
    let d = tempdir();
    let block = gbk_block();
    let big = d.path().join("big.txt");
    write_big(&big, &block);
    let ino = inode(&big);
    set_mtime(&big, old_time());
    put(d.path(), "small.txt", b"small \xe9\n");

    let mut child = Command::new(bin())
        .current_dir(d.path())
        .args(["-i", "-f", "GBK", "-t", "UTF-8", "big.txt"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();

    // Wait until the temporary file has appeared and grown past a few output flushes.
    let start = Instant::now();
    let mut seen: Option<(String, u64)> = None;
    let grown = loop {
        if let Some(status) = child.try_wait().unwrap() {
            panic!(
                "transcode finished ({status}) before it could be killed; last temp seen: \
                 {seen:?}"
            );
        }
        let temps = temps_of(d.path(), pid);
        assert!(temps.len() <= 1, "one temporary file at a time: {temps:?}");
        if let Some((name, len)) = temps.into_iter().next() {
            if len >= 1 << 20 {
                break (name, len);
            }
            seen = Some((name, len));
        }
        if start.elapsed() > Duration::from_secs(15) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("no growing temporary file within 15 s (last seen {seen:?})");
        }
        std::thread::sleep(Duration::from_millis(3));
    };
    child.kill().unwrap(); // SIGKILL
    let status = child.wait().unwrap();
    assert!(!status.success(), "killed: {status}");
    eprintln!(
        "killed transcode (pid {pid}) after {:?}, with {} bytes in {}",
        start.elapsed(),
        grown.1,
        grown.0
    );

    // The name is .transcode-<pid>-XXXX.tmp, beside the file; the dead run leaves it.
    let name = &grown.0;
    let middle = &name[format!(".transcode-{pid}-").len()..name.len() - 4];
    assert!(!middle.is_empty(), "{name}");
    assert!(
        d.path().join(name).exists(),
        "a killed run cannot clean up after itself: {name} should still be there"
    );

    // The original is intact: same inode, same bytes, same mtime.
    assert_eq!(inode(&big), ino, "big.txt was replaced");
    assert!(is_intact(&big, &block), "big.txt was changed");
    assert_eq!(mtime(&big), old_time());

    // The next run in that directory removes the dead run's temporary file.
    run_in(d.path(), &["-i", "-f", "latin1", "small.txt"], b"")
        .code(0)
        .counts(1, 0, 0, 0);
    assert_file(d.path(), "small.txt", "small é\n".as_bytes());
    assert_no_temps(d.path());
    assert!(is_intact(&big, &block));
}
