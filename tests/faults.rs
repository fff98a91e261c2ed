//! Faults from issue 6 that need a process of their own: an input truncated while it is
//! memory-mapped (SIGBUS), an ill-formed byte past the 4 GiB mark of a sparse file, and a
//! stream of several GiB through stdin with bounded memory. The others (a full disk, a closed
//! pipe, missing and unreadable inputs, -o onto an input, SIGKILL during -i) are in cli_io.rs,
//! batch_inplace.rs and batch_sigkill.rs.

mod common;

use common::{bin, stray_temps, tempdir};
use std::fs::{self, File};
use std::io::{Read, Write};
use std::os::unix::fs::FileExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn input_truncated_while_mapped_is_a_clear_error_and_leaves_no_temporary_file() {
    let dir = tempdir();
    let input = dir.path().join("big.txt");
    // A sparse GiB: mapped, and slow enough to convert that it is still running when cut.
    File::create(&input).unwrap().set_len(1 << 30).unwrap();
    let out = dir.path().join("out.txt");
    let mut child = Command::new(bin())
        .args(["-f", "latin1", "-t", "UTF-16LE", "-o"])
        .arg(&out)
        .arg(&input)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for the temporary output to exist and grow, then cut the input short.
    let started = Instant::now();
    loop {
        let growing = fs::read_dir(dir.path()).unwrap().flatten().any(|e| {
            let name = e.file_name().to_string_lossy().to_string();
            name.starts_with(".transcode-") && e.metadata().is_ok_and(|m| m.len() > 1 << 20)
        });
        if growing {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no temporary output appeared"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    File::options()
        .write(true)
        .open(&input)
        .unwrap()
        .set_len(4096)
        .unwrap();
    let status = child.wait().unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!(status.code(), Some(2), "stderr: {stderr}");
    assert!(
        stderr.contains("big.txt: the file was truncated while being read"),
        "{stderr}"
    );
    assert!(!out.exists(), "no output file may be created");
    let left = stray_temps(dir.path());
    assert!(left.is_empty(), "temporary files left behind: {left:?}");
}

#[test]
fn an_ill_formed_byte_past_4_gib_is_reported_at_its_exact_offset() {
    let dir = tempdir();
    let path = dir.path().join("sparse.bin");
    let file = File::create(&path).unwrap();
    let at: u64 = (4 << 30) + 100;
    file.set_len(at + 4096).unwrap();
    file.write_all_at(b"\xFF", at).unwrap();
    drop(file);
    for read in [&[][..], &["--no-mmap"][..]] {
        let out = Command::new(bin())
            .args(["-f", "UTF-8", "-t", "UTF-8"])
            .args(read)
            .arg(&path)
            .stdout(Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        // Line 1 (NULs are not line breaks), column counted in characters from 1.
        let expected = format!(
            "sparse.bin:1:{}: byte {at}: ill-formed UTF-8 input: FF",
            at + 1
        );
        assert!(stderr.contains(&expected), "{read:?}: {stderr}");
    }
}

/// The peak resident size of a running process, in KiB, from /proc.
fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse().ok())
}

#[test]
fn a_stream_of_gibibytes_through_stdin_keeps_memory_bounded() {
    let mut child = Command::new(bin())
        .args(["-f", "UTF-8", "-t", "UTF-16LE"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let line = "中文 text, 😀 and more text on a line of its own\n".repeat(1000);
    let total: u64 = 2 << 30;
    let mut sent = 0u64;
    let mut peak = 0;
    while sent < total {
        stdin.write_all(line.as_bytes()).unwrap();
        sent += line.len() as u64;
        if sent % (64 << 20) < line.len() as u64 {
            peak = peak.max(peak_rss_kib(pid).unwrap_or(0));
        }
    }
    peak = peak.max(peak_rss_kib(pid).unwrap_or(0));
    drop(stdin);
    assert!(child.wait().unwrap().success());
    // The release binary stays near 4 MiB (the benchmark measures it); an unoptimised test
    // binary maps more of itself. Either way, nothing near the 2 GiB that went through.
    assert!(peak > 0 && peak < 32 * 1024, "peak RSS {peak} KiB");
}
