//! Input and output through the real binary: the same bytes out whichever way the input comes
//! (mapped file, `--no-mmap`, stdin redirected from a file, a pipe) on inputs larger than the
//! 256 KiB window; several files with fresh decoders; exit statuses for I/O errors; a full
//! disk; a closed pipe; `-o` onto an input, onto a FIFO; bounded memory on pipes.

mod common;

use common::*;
use std::fs;
use std::io::{Read, Write};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Inserts the `bad` sequences (in turn) into `base` at the given byte offsets, wherever
/// they fall (inside characters too).
fn sprinkle(base: &[u8], at: &[usize], bad: &[&[u8]]) -> Vec<u8> {
    let mut cuts: Vec<usize> = at.iter().copied().filter(|&o| o < base.len()).collect();
    cuts.sort_unstable();
    cuts.dedup();
    let mut out = Vec::with_capacity(base.len() + cuts.len() * 4);
    let mut last = 0;
    for (i, &c) in cuts.iter().enumerate() {
        out.extend_from_slice(&base[last..c]);
        out.extend_from_slice(bad[i % bad.len()]);
        last = c;
    }
    out.extend_from_slice(&base[last..]);
    out
}

/// Offsets around the window boundaries (and the 64 KiB prefix) of a ~2 MB input.
fn boundary_offsets() -> Vec<usize> {
    let mut v = vec![5, PREFIX - 1, PREFIX, PREFIX + 1];
    for k in 1..5 {
        for d in [-3i64, -2, -1, 0, 1, 2] {
            v.push(((k * WINDOW) as i64 + d) as usize);
        }
    }
    v.extend((0..24).map(|i| 13_337 + i * 49_999));
    v
}

#[test]
fn utf8_with_ill_formed_bytes_converts_identically_every_way() {
    let text = mixed_text(1, 1_200_000, &[ASCII_WORDS, HANZI, ASTRAL, &["é", "ß"]]);
    let bad: &[&[u8]] = &[
        b"\xFF",
        b"\xE4\xB8",
        b"\xC3",
        b"\xED\xA0\x80",
        b"\xF0\x9F\x98",
        b"\x80\x80",
    ];
    let input = sprinkle(text.as_bytes(), &boundary_offsets(), bad);
    assert!(input.len() > 4 * WINDOW);

    let r = assert_same_every_way(
        &["-f", "UTF-8", "-t", "UTF-16LE", "--errors", "replace", "-s"],
        &input,
    );
    r.ok_quiet().out(&units_le(&utf8_to_units(&input, false)));

    let r = assert_same_every_way(
        &["-f", "UTF-8", "-t", "UTF-16LE", "--errors", "escape", "-s"],
        &input,
    );
    r.ok_quiet().out(&units_le(&utf8_to_units(&input, true)));

    let r = assert_same_every_way(&["-f", "UTF-8", "--errors", "escape", "-s"], &input);
    r.ok_quiet().out(&input);

    let r = assert_same_every_way(
        &["-f", "UTF-8", "-t", "GBK", "--errors", "replace", "-s"],
        &input,
    );
    r.code(0);
    let r = assert_same_every_way(&["-f", "UTF-8", "-t", "GB18030", "-c", "-s"], &input);
    r.code(1);
}

#[test]
fn gbk_with_ill_formed_bytes_converts_identically_every_way() {
    let text = mixed_text(2, 1_200_000, &[ASCII_WORDS, HANZI, HANZI, &["€", "é"]]);
    let valid = enc(encoding_rs::GBK, &text);
    // Lead bytes cut by the window (D6 | D0 at the boundary) are fine; add bad ones too.
    let bad: &[&[u8]] = &[b"\xFF", b"\x81 ", b"\xD6\x7F", b"\xFE\xFF"];
    let input = sprinkle(&valid, &boundary_offsets(), bad);

    let r = assert_same_every_way(&["-f", "GBK", "--errors", "replace", "-s"], &input);
    r.ok_quiet().out(dec(encoding_rs::GBK, &input).as_bytes());

    // Escape checks every character (slow in debug builds): 2.5 windows are enough.
    let part = &input[..5 * WINDOW / 2];
    let r = assert_same_every_way(
        &["-f", "GBK", "-t", "UTF-16LE", "--errors", "escape", "-s"],
        part,
    );
    r.ok_quiet();
    let back = run(
        &["-f", "UTF-16LE", "-t", "GBK", "--errors", "escape", "-s"],
        &r.stdout,
    );
    back.ok_quiet();
    assert!(back.stdout == part, "GBK escape round trip lost bytes");

    let r = assert_same_every_way(&["-f", "GBK", "-s"], &valid);
    r.ok_quiet().out(text.as_bytes());
}

#[test]
fn utf16_surrogate_pairs_across_windows() {
    // Pad so that a pair straddles each window boundary exactly (high unit in the last two
    // bytes of a window); random pairs land everywhere else.
    let mut units: Vec<u16> = Vec::new();
    let mut rng = Rng::new(12);
    for k in 1..=6 {
        let target = k * WINDOW / 2 - 1; // unit index of the high surrogate
        while units.len() < target {
            let pool = rng.pick(&[ASCII_WORDS, HANZI, ASTRAL]);
            let piece: Vec<u16> = rng.pick(pool).encode_utf16().collect();
            if units.len() + piece.len() > target {
                units.push(u16::from(b'x'));
            } else {
                units.extend(piece);
            }
        }
        units.extend("😀".encode_utf16());
    }
    let mut text = String::from_utf16(&units).unwrap();
    text.push_str(&mixed_text(9, 100_000, &[ASCII_WORDS, ASTRAL]));
    let le = utf16le(&text);
    assert_eq!(&le[WINDOW - 2..WINDOW + 2], &[0x3D, 0xD8, 0x00, 0xDE]);

    let r = assert_same_every_way(&["-f", "UTF-16LE"], &le);
    r.ok_quiet().out(text.as_bytes());
    let r = assert_same_every_way(&["-f", "UTF-16"], &[b"\xFF\xFE".as_slice(), &le].concat());
    r.ok_quiet().out(text.as_bytes());
    let r = assert_same_every_way(&["-f", "UTF-16BE", "-t", "UTF-32LE"], &utf16be(&text));
    r.ok_quiet().out(&utf32le(&text));

    // Lone surrogates at the boundaries, under escape and replace.
    let mut units: Vec<u16> = text.encode_utf16().collect();
    for at in [WINDOW / 2 - 1, WINDOW / 2, WINDOW - 1, 3 * WINDOW / 2 + 7] {
        units.insert(at, if at % 2 == 0 { 0xD800 } else { 0xDC99 });
    }
    let input = units_le(&units);
    let r = assert_same_every_way(
        &[
            "-f", "UTF-16LE", "-t", "UTF-16BE", "--errors", "escape", "-s",
        ],
        &input,
    );
    r.ok_quiet().out(&units_be(&units));
    let r = assert_same_every_way(&["-f", "UTF-16LE", "--errors", "replace", "-s"], &input);
    r.ok_quiet()
        .out(String::from_utf16_lossy(&units).as_bytes());
}

#[test]
fn gb18030_four_byte_sequences_across_windows() {
    let mut input = Vec::new();
    let mut expected = String::new();
    let mut rng = Rng::new(4);
    let mut cache: std::collections::HashMap<&str, Vec<u8>> = Default::default();
    for k in 1..=4usize {
        // Fill up to just before the boundary, then a four-byte sequence at offset -d.
        let d = 1 + (k % 3);
        while input.len() < k * WINDOW - d {
            let piece = if input.len() + 8 >= k * WINDOW - d {
                "a"
            } else {
                let pool = rng.pick(&[ASCII_WORDS, HANZI, ASTRAL, GB18030_FOUR_BYTE_BMP]);
                rng.pick(pool)
            };
            let bytes = cache
                .entry(piece)
                .or_insert_with(|| enc(encoding_rs::GB18030, piece));
            input.extend_from_slice(bytes);
            expected.push_str(piece);
        }
        let four = rng.pick(&["😀", "\u{80}", "ᠠ", "𠀀"]);
        let bytes = enc(encoding_rs::GB18030, four);
        assert_eq!(bytes.len(), 4);
        input.extend(bytes);
        expected.push_str(four);
    }
    let r = assert_same_every_way(&["-f", "GB18030"], &input);
    r.ok_quiet().out(expected.as_bytes());
    let r = assert_same_every_way(&["-f", "UTF-8", "-t", "GB18030"], expected.as_bytes());
    r.ok_quiet().out(&input);
    // And with bad bytes, under escape: back to the same bytes.
    let mut bad = input[..2 * WINDOW + 100].to_vec();
    for k in 1..3 {
        bad.insert(k * WINDOW - 1, 0xFF);
    }
    let r = assert_same_every_way(
        &[
            "-f", "GB18030", "-t", "UTF-16LE", "--errors", "escape", "-s",
        ],
        &bad,
    );
    r.ok_quiet();
    run(
        &[
            "-f", "UTF-16LE", "-t", "GB18030", "--errors", "escape", "-s",
        ],
        &r.stdout,
    )
    .ok_quiet()
    .out(&bad);
}

#[test]
fn other_multibyte_charsets_convert_identically_every_way() {
    let cases: &[(&str, &'static encoding_rs::Encoding, &[&[&str]])] = &[
        ("Big5", encoding_rs::BIG5, &[ASCII_WORDS, BIG5_HANZI]),
        (
            "Shift_JIS",
            encoding_rs::SHIFT_JIS,
            &[ASCII_WORDS, JAPANESE],
        ),
        ("EUC-JP", encoding_rs::EUC_JP, &[ASCII_WORDS, JAPANESE]),
    ];
    for (label, e, pools) in cases {
        let text = mixed_text(6, 300_000, pools);
        let bytes = enc(e, &text);
        let r = assert_same_every_way(&["-f", label], &bytes);
        r.ok_quiet().out(text.as_bytes());
        let r = assert_same_every_way(&["-f", "UTF-8", "-t", label], text.as_bytes());
        r.ok_quiet().out(&bytes);
    }
    // GB2312.
    let text = mixed_text(7, 300_000, &[ASCII_WORDS, HANZI]);
    let bytes = enc(encoding_rs::GBK, &text);
    let r = assert_same_every_way(&["-f", "GB2312"], &bytes);
    r.ok_quiet().out(text.as_bytes());
    // UTF-32BE.
    let text = mixed_text(8, 300_000, &[ASCII_WORDS, HANZI, ASTRAL]);
    let r = assert_same_every_way(&["-f", "UTF-32BE", "-t", "UTF-16"], &utf32be(&text));
    r.ok_quiet()
        .out(&[b"\xFF\xFE".as_slice(), &utf16le(&text)].concat());
}

#[test]
fn several_files_are_decoded_with_fresh_decoders() {
    let dir = tempdir();
    let d = dir.path();
    // "a" D6 | D0 "\n": together they would be "a中\n"; apart, two bad halves.
    write(d, "g1", b"a\xD6");
    write(d, "g2", b"\xD0\n");
    run_in(
        d,
        &["-f", "GBK", "--errors", "replace", "-s", "g1", "g2"],
        b"",
    )
    .ok_quiet()
    .out("a\u{FFFD}\u{FFFD}\n".as_bytes());
    run_in(d, &["-f", "GBK", "g1", "g2"], b"")
        .code(1)
        .out(b"a")
        .err_has(&["g1", "byte 1", "D6"]);
    // UTF-8 cut inside a character.
    write(d, "u1", b"x\xE4\xB8");
    write(d, "u2", b"\xADy");
    run_in(
        d,
        &["-f", "UTF-8", "--errors", "replace", "-s", "u1", "u2"],
        b"",
    )
    .ok_quiet()
    .out("x\u{FFFD}\u{FFFD}y".as_bytes());
    // UTF-16LE of odd length.
    write(d, "w1", b"a\x00b");
    write(d, "w2", b"\x00c\x00");
    run_in(
        d,
        &["-f", "UTF-16LE", "--errors", "replace", "-s", "w1", "w2"],
        b"",
    )
    .ok_quiet()
    .out("a\u{FFFD}\u{6300}\u{FFFD}".as_bytes());
    // A UTF-16 high surrogate at the end of one file, the low at the start of the next.
    write(d, "s1", &units_le(&[0x61, 0xD83D]));
    write(d, "s2", &units_le(&[0xDE00, 0x62]));
    run_in(
        d,
        &["-f", "UTF-16LE", "--errors", "replace", "-s", "s1", "s2"],
        b"",
    )
    .ok_quiet()
    .out("a\u{FFFD}\u{FFFD}b".as_bytes());
    // Standard input between files.
    run_in(
        d,
        &["-f", "GBK", "--errors", "replace", "-s", "g1", "-", "g2"],
        b"\xD0",
    )
    .ok_quiet()
    .out("a\u{FFFD}\u{FFFD}\u{FFFD}\n".as_bytes());
}

#[test]
fn input_names_and_dash() {
    let dir = tempdir();
    let d = dir.path();
    write(d, "in.txt", "中文\n".as_bytes());
    let a = run_in(d, &["-f", "UTF-8", "-t", "UTF-16LE", "in.txt"], b"");
    let b = run_in(
        d,
        &["-f", "UTF-8", "-t", "UTF-16LE", "-"],
        "中文\n".as_bytes(),
    );
    let c = run_in(d, &["-f", "UTF-8", "-t", "UTF-16LE"], "中文\n".as_bytes());
    let e = run_stdin_file(&["-f", "UTF-8", "-t", "UTF-16LE", "-"], &d.join("in.txt"));
    for r in [&a, &b, &c, &e] {
        r.ok_quiet().out(&utf16le("中文\n"));
    }
}

#[test]
fn missing_files_and_directories_are_io_errors() {
    let dir = tempdir();
    let d = dir.path();
    write(d, "a", b"first\n");
    write(d, "c", b"third\n");
    fs::create_dir(d.join("sub")).unwrap();
    run_in(d, &["-f", "UTF-8", "missing.txt"], b"")
        .code(2)
        .out(b"")
        .err_has(&["missing.txt", "No such file"]);
    run_in(d, &["-f", "UTF-8", "sub"], b"")
        .code(2)
        .out(b"")
        .err_has(&["sub", "directory"]);
    // Like cat: the other files are still converted, and the status says something failed.
    run_in(d, &["-f", "UTF-8", "a", "missing.txt", "c"], b"")
        .code(2)
        .out(b"first\nthird\n")
        .err_has(&["missing.txt"]);
    // With -o nothing is left behind.
    run_in(d, &["-f", "UTF-8", "-o", "out", "a", "missing.txt"], b"").code(2);
    assert!(!d.join("out").exists());
    assert!(stray_temps(d).is_empty(), "{:?}", names_in(d));
    // -o into a directory that does not exist.
    run_in(d, &["-f", "UTF-8", "-o", "nodir/out", "a"], b"")
        .code(2)
        .err_has(&["nodir"]);
}

#[test]
fn usage_errors_exit_2() {
    run(&["--no-such-option"], b"").code(2).out(b"");
    run(&["--errors", "bogus"], b"").code(2).out(b"");
    run(&["-f"], b"").code(2).out(b"");
}

fn spawn_to(stdout: Stdio, args: &[&str]) -> std::process::Child {
    Command::new(bin())
        .args(args)
        .env("LC_ALL", "C")
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn transcode")
}

fn finish_child(mut child: std::process::Child, input: Vec<u8>) -> Run {
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait");
    writer.join().unwrap();
    Run {
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code().unwrap_or(-1),
    }
}

#[test]
fn a_full_disk_is_an_error() {
    for input in [
        b"hello\n".to_vec(),
        "中文 text\n".repeat(200_000).into_bytes(),
    ] {
        for to in ["UTF-8", "UTF-16"] {
            let full = fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap();
            let child = spawn_to(Stdio::from(full), &["-f", "UTF-8", "-t", to]);
            let r = finish_child(child, input.clone());
            r.code(2).err_has(&["No space left on device"]);
            assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
        }
    }
    // A file argument, mapped, too.
    let dir = tempdir();
    let p = write(dir.path(), "in", &"x".repeat(3 * WINDOW).into_bytes());
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let child = spawn_to(Stdio::from(full), &["-f", "UTF-8", p.to_str().unwrap()]);
    finish_child(child, Vec::new())
        .code(2)
        .err_has(&["No space left on device"]);
}

/// Reads a little of the output, closes the pipe, and checks the program ends quietly.
fn closed_pipe(args: &[&str], stdin: Vec<u8>) {
    let mut child = spawn_to(Stdio::piped(), args);
    let mut stdin_pipe = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin_pipe.write_all(&stdin);
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut buf = [0u8; 100];
    stdout.read_exact(&mut buf).expect("some output first");
    drop(stdout);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    writer.join().unwrap();
    assert_eq!(stderr, "", "{args:?}: stderr after a closed pipe");
    assert_eq!(status.code(), Some(0), "{args:?}: status {status:?}");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let big = "中文 text and more text\n".repeat(200_000).into_bytes(); // ~5 MB
    closed_pipe(&["-f", "UTF-8", "-t", "UTF-16LE"], big.clone());
    closed_pipe(&["-f", "UTF-8"], big.clone());
    closed_pipe(
        &["-f", "UTF-8", "-t", "GBK", "--errors", "replace"],
        big.clone(),
    );
    let dir = tempdir();
    let p = write(dir.path(), "big", &big);
    let p = p.to_str().unwrap();
    closed_pipe(&["-f", "UTF-8", "-t", "UTF-16", p], Vec::new());
    closed_pipe(&["-f", "UTF-8", "--no-mmap", p, p], Vec::new());
    closed_pipe(&[p], Vec::new());
}

#[test]
fn output_naming_an_input_never_truncates_it() {
    // Refusing (exit 2, the file unchanged) or converting in full (exit 0, FILE holds the
    // whole conversion) are both fine; truncating or half-writing the input is not.
    let content = "输入文件\n".repeat(1000).into_bytes();
    let text = String::from_utf8(content.clone()).unwrap();
    for (out, inputs, converted) in [
        ("in.txt", vec!["in.txt"], utf16le(&text)),
        ("./in.txt", vec!["in.txt"], utf16le(&text)),
        (
            "in.txt",
            vec!["other.txt", "./in.txt"],
            utf16le(&format!("other\n{text}")),
        ),
        (
            "in.txt",
            vec!["./in.txt", "in.txt"],
            utf16le(&format!("{text}{text}")),
        ),
        ("hard.txt", vec!["in.txt"], utf16le(&text)),
        ("sym.txt", vec!["in.txt"], utf16le(&text)),
        ("in.txt", vec!["sym.txt"], utf16le(&text)),
    ] {
        let dir = tempdir();
        let d = dir.path();
        write(d, "in.txt", &content);
        write(d, "other.txt", b"other\n");
        fs::hard_link(d.join("in.txt"), d.join("hard.txt")).unwrap();
        std::os::unix::fs::symlink(d.join("in.txt"), d.join("sym.txt")).unwrap();
        let mut args = vec!["-f", "UTF-8", "-t", "UTF-16LE", "-o", out];
        args.extend(inputs.iter().copied());
        let r = run_in(d, &args, b"");
        r.out(b"");
        let now = fs::read(d.join("in.txt")).unwrap();
        match r.code {
            2 => assert_eq!(now, content, "-o {out} {inputs:?}: refused but changed"),
            0 => {
                assert!(
                    now == content || now == converted,
                    "-o {out} {inputs:?}: in.txt is now {} bytes, neither the input nor the \
                     conversion",
                    now.len()
                );
                assert_eq!(
                    fs::read(d.join(out)).unwrap(),
                    converted,
                    "-o {out} {inputs:?}: output"
                );
            }
            other => panic!("-o {out} {inputs:?}: exit {other}: {}", r.stderr),
        }
        assert!(stray_temps(d).is_empty(), "{:?}", names_in(d));
    }
    // A conversion that fails leaves the input as it was.
    let dir = tempdir();
    let d = dir.path();
    let mut bad = content.clone();
    bad.extend(b"\xFF");
    write(d, "in.txt", &bad);
    let r = run_in(
        d,
        &["-f", "UTF-8", "-t", "UTF-16LE", "-o", "in.txt", "in.txt"],
        b"",
    );
    assert!(r.code == 1 || r.code == 2, "exit {}", r.code);
    assert_eq!(fs::read(d.join("in.txt")).unwrap(), bad);
    write(d, "in.txt", &content);
    assert!(stray_temps(d).is_empty(), "{:?}", names_in(d));
    // Standard input redirected from the output file: it must not be destroyed either
    // (refusing, or converting it whole, are both fine).
    let out = Command::new(bin())
        .current_dir(d)
        .args(["-f", "UTF-8", "-t", "UTF-16LE", "-o", "in.txt"])
        .stdin(Stdio::from(fs::File::open(d.join("in.txt")).unwrap()))
        .output()
        .unwrap();
    let now = fs::read(d.join("in.txt")).unwrap();
    let converted = utf16le(std::str::from_utf8(&content).unwrap());
    assert!(
        (out.status.code() == Some(2) && now == content)
            || (out.status.code() == Some(0) && now == converted),
        "-o in.txt < in.txt: status {:?}, file now {} bytes",
        out.status,
        now.len()
    );
}

#[test]
fn output_to_a_fifo_writes_into_the_fifo() {
    // -o must write to what the name is; replacing a FIFO (or a device such as /dev/null, or
    // /dev/stdout) with a regular file is wrong.
    let dir = tempdir();
    let fifo = dir.path().join("fifo");
    let ok = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(ok.success());
    // A reader that does not block (O_NONBLOCK), so that nothing hangs whatever happens.
    let mut reader = fs::OpenOptions::new()
        .read(true)
        .custom_flags(0o4000) // O_NONBLOCK
        .open(&fifo)
        .expect("open fifo for reading");
    let mut child = Command::new(bin())
        .args(["-f", "UTF-8", "-t", "UTF-16LE", "-o"])
        .arg(&fifo)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all("through the fifo\n".as_bytes())
        .unwrap();
    let mut got = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    let status = loop {
        let mut buf = [0u8; 4096];
        match reader.read(&mut buf) {
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) => panic!("{e}"),
        }
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        assert!(
            Instant::now() < deadline,
            "transcode -o FIFO did not finish"
        );
        std::thread::sleep(Duration::from_millis(5));
    };
    loop {
        let mut buf = [0u8; 4096];
        match reader.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
    }
    let kind = fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(
        kind.is_fifo(),
        "-o FIFO replaced the FIFO with a {}",
        if kind.is_file() {
            "regular file"
        } else {
            "something else"
        }
    );
    assert_eq!(status.code(), Some(0));
    assert_eq!(got, utf16le("through the fifo\n"));
}

#[test]
fn output_file_replaces_an_existing_file_only_on_success() {
    let dir = tempdir();
    let d = dir.path();
    write(d, "out", b"old");
    run_in(
        d,
        &["-f", "UTF-8", "-t", "UTF-16BE", "-o", "out"],
        "新".as_bytes(),
    )
    .ok_quiet();
    assert_eq!(fs::read(d.join("out")).unwrap(), utf16be("新"));
    // Output with BOM, several inputs, into one file.
    write(d, "a", b"a");
    write(d, "b", b"b");
    run_in(
        d,
        &["-f", "UTF-8", "-t", "UTF-16", "-o", "out", "a", "b"],
        b"",
    )
    .ok_quiet();
    assert_eq!(
        fs::read(d.join("out")).unwrap(),
        [b"\xFF\xFE".as_slice(), &utf16le("ab")].concat()
    );
    assert!(stray_temps(d).is_empty(), "{:?}", names_in(d));
}

/// The peak resident set (VmHWM, KiB) of a running process, if it can be read.
fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_pipe_is_converted_in_bounded_memory() {
    const TOTAL: usize = 24 << 20; // 24 MiB through stdin
    let mut child = spawn_to(Stdio::piped(), &["-f", "UTF-8", "-s"]);
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let chunk = "abcdefghij中文\n".repeat(4096).into_bytes();
        let mut sent = 0;
        while sent < TOTAL {
            if stdin.write_all(&chunk).is_err() {
                break;
            }
            sent += chunk.len();
        }
    });
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut buf = vec![0u8; 1 << 16];
        let mut total = 0usize;
        loop {
            match stdout.read(&mut buf) {
                Ok(0) | Err(_) => return total,
                Ok(n) => total += n,
            }
        }
    });
    let mut peak = 0;
    while child.try_wait().unwrap().is_none() {
        if let Some(k) = peak_rss_kib(pid) {
            peak = peak.max(k);
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    writer.join().unwrap();
    let total = reader.join().unwrap();
    assert!(total >= TOTAL, "output {total} bytes");
    assert!(peak > 0, "could not read VmHWM");
    assert!(
        peak < 24 * 1024,
        "peak RSS {peak} KiB for a {} MiB stream: memory is not bounded",
        TOTAL >> 20
    );
}

#[test]
fn a_large_mapped_file_converts_exactly_like_a_read_one() {
    // 64 MiB and more of a multi-byte legacy charset is converted in segments on every
    // core; the output, the counts and the error locations must not change.
    let block = enc(
        encoding_rs::GBK,
        &mixed_text(21, 1 << 20, &[ASCII_WORDS, HANZI, &["é", "€"]]),
    );
    let mut input = Vec::with_capacity(66 << 20);
    while input.len() < 65 << 20 {
        input.extend_from_slice(&block);
    }
    // Bad bytes near segment boundaries (every 4 MiB, a multiple of the segment size), each
    // put after a space or a line feed (never part of a GBK character), so that the count is
    // exact.
    let mut at: Vec<usize> = (1..16)
        .map(|k| {
            let mut p = (k << 22) + (k % 3) - 1;
            while !matches!(input[p - 1], b' ' | b'\n') {
                p += 1;
            }
            p
        })
        .collect();
    at.reverse();
    for (i, &p) in at.iter().enumerate() {
        let bad: &[u8] = [&b"\xFF"[..], b"\x81 ", b"\xFE\xFF"][i % 3];
        input.splice(p..p, bad.iter().copied());
    }
    let dir = tempdir();
    let path = write(dir.path(), "big.gbk", &input);
    let p = path.to_str().unwrap();
    let mapped = run(&["-f", "GBK", "-c", p], b"");
    let read = run(&["-f", "GBK", "-c", "--no-mmap", p], b"");
    mapped.code(1);
    assert_eq!(mapped.stderr, read.stderr);
    assert_eq!(mapped.code, read.code);
    assert!(
        mapped.stdout == read.stdout,
        "-c output differs between mmap and --no-mmap"
    );
    mapped.err_has(&["15"]);
    // On one core (-j 1, no split) the same again.
    let one = run(&["-f", "GBK", "-c", "-j", "1", p], b"");
    assert_eq!((one.code, &one.stderr), (mapped.code, &mapped.stderr));
    assert!(one.stdout == mapped.stdout, "-c output differs with -j 1");
    // Strict: the first error, with the same location and the same output before it.
    let mapped = run(&["-f", "GBK", p], b"");
    let read = run(&["-f", "GBK", "--no-mmap", p], b"");
    mapped.code(1);
    assert_eq!(mapped.stderr, read.stderr);
    assert!(mapped.stdout == read.stdout, "strict output differs");
    let first = *at.last().unwrap();
    mapped.err_has(&[&format!("byte {first}")]);
    assert_eq!(
        mapped.stdout,
        dec(encoding_rs::GBK, &input[..first]).as_bytes()
    );
}

#[test]
fn utf16_pairs_are_kept_wherever_the_decoder_cuts_its_output() {
    // Around 21845 units (64 KiB of output at 3 bytes a unit) and its multiples, a pair
    // must stay one character: never two U+FFFD, never an exit status 0 with damage.
    for n in (21_838..21_852).chain(43_686..43_694) {
        let text = format!("{}😀z", "a".repeat(n));
        for (label, bytes) in [("UTF-16LE", utf16le(&text)), ("UTF-16BE", utf16be(&text))] {
            let r = run(&["-f", label], &bytes);
            assert!(
                r.code == 0 && r.stdout == text.as_bytes(),
                "-f {label} on {n} × 'a' + 😀: exit {}, output ends {}",
                r.code,
                hex_short(&r.stdout[r.stdout.len().saturating_sub(12)..])
            );
        }
    }
}

#[test]
fn output_through_a_symlink_writes_its_target() {
    let dir = tempdir();
    let d = dir.path();
    write(d, "real.txt", b"old");
    std::os::unix::fs::symlink("real.txt", d.join("link.txt")).unwrap();
    run_in(d, &["-f", "UTF-8", "-o", "link.txt"], b"new\n").ok_quiet();
    assert!(
        fs::symlink_metadata(d.join("link.txt"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(fs::read(d.join("real.txt")).unwrap(), b"new\n");
    assert!(stray_temps(d).is_empty(), "{:?}", names_in(d));
}
