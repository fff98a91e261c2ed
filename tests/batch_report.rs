//! `--detect` (text and `--json`) and `--check`: what they print, their exit status, that
//! they write nothing, and that they read standard input when there is no FILE.

mod common;

use common::*;

// ---------------------------------------------------------------------------------------
// --detect

/// A tree with one file of each kind `--detect` tells apart.
fn detect_tree(d: &std::path::Path) {
    put(d, "a_utf8.txt", "héllo\nwörld\n".as_bytes());
    put(d, "b_ascii_crlf.txt", b"one\r\ntwo\r\n");
    put(d, "c_utf16.txt", &utf16le_bom("wide\r\ntext\r\n"));
    put(d, "d_utf8bom_cr.txt", &utf8_bom("mac\rclassic\r"));
    put(d, "e_none.txt", b"no line ending at all");
    put(d, "f_mixed.txt", b"lf\ncrlf\r\ncr\rend");
    put(
        d,
        "g_gbk.txt",
        &gbk("这是一个用简体中文写的句子，用来测试编码检测。\r\n第二行也是中文。\r\n"),
    );
    put(d, "h_binary.bin", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR");
    put(d, "i_empty.txt", b"");
}

#[test]
fn detect_prints_encoding_how_and_newlines() {
    let d = tempdir();
    detect_tree(d.path());
    let before = snapshot(d.path());
    let r = run_in(d.path(), &["--detect", "-r", "."], b"");
    r.code(0);
    let want = "\
./a_utf8.txt: UTF-8 (utf-8), LF
./b_ascii_crlf.txt: UTF-8 (ascii), CRLF
./c_utf16.txt: UTF-16LE (bom), CRLF
./d_utf8bom_cr.txt: UTF-8 (bom), CR
./e_none.txt: UTF-8 (ascii), none
./f_mixed.txt: UTF-8 (ascii), mixed
./g_gbk.txt: GBK (guess), CRLF
./h_binary.bin: binary (a NUL byte; not converted without --binary)
./i_empty.txt: UTF-8 (ascii), none
";
    assert_eq!(r.stdout_text(), want);
    assert_eq!(snapshot(d.path()), before, "--detect changes nothing");
    assert!(!r.stderr.contains(" converted, "), "{}", r.stderr);
}

#[test]
fn detect_file_arguments_in_order() {
    let d = tempdir();
    detect_tree(d.path());
    let r = run_in(
        d.path(),
        &["--detect", "f_mixed.txt", "c_utf16.txt", "a_utf8.txt"],
        b"",
    );
    r.code(0);
    assert_eq!(
        r.stdout_text(),
        "f_mixed.txt: UTF-8 (ascii), mixed\nc_utf16.txt: UTF-16LE (bom), CRLF\n\
         a_utf8.txt: UTF-8 (utf-8), LF\n"
    );
}

#[test]
fn detect_counts_a_crlf_split_by_the_window_as_crlf() {
    let d = tempdir();
    for (name, cr_at) in [("w1.txt", WINDOW - 1), ("w2.txt", 2 * WINDOW - 1)] {
        let mut bytes = vec![b'x'; cr_at];
        for i in (99..cr_at).step_by(100) {
            bytes[i - 1] = b'\r';
            bytes[i] = b'\n';
        }
        bytes.extend_from_slice(b"\r\nlast\r\n");
        assert_eq!(bytes[cr_at], b'\r');
        assert_eq!(bytes[cr_at + 1], b'\n');
        put(d.path(), name, &bytes);
    }
    let r = run_in(
        d.path(),
        &["--detect", "w1.txt", "w2.txt", "--no-mmap"],
        b"",
    );
    r.code(0);
    assert_eq!(
        r.stdout_text(),
        "w1.txt: UTF-8 (ascii), CRLF\nw2.txt: UTF-8 (ascii), CRLF\n"
    );
    let r = run_in(d.path(), &["--detect", "w1.txt", "w2.txt"], b"");
    assert_eq!(
        r.stdout_text(),
        "w1.txt: UTF-8 (ascii), CRLF\nw2.txt: UTF-8 (ascii), CRLF\n"
    );
}

#[test]
fn detect_reads_stdin_without_file() {
    let d = tempdir();
    let r = run_in(d.path(), &["--detect"], &utf16le_bom("x\r\ny\r\n"));
    r.code(0);
    let out = r.stdout_text();
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.ends_with(": UTF-16LE (bom), CRLF\n"), "{out}");
    let r = run_in(d.path(), &["--detect"], "ça\nva\n".as_bytes());
    r.code(0);
    assert!(
        r.stdout_text().ends_with(": UTF-8 (utf-8), LF\n"),
        "{}",
        r.stdout_text()
    );
    let r = run_in(d.path(), &["--detect", "-"], b"a\rb\r");
    r.code(0);
    assert!(
        r.stdout_text().ends_with(": UTF-8 (ascii), CR\n"),
        "{}",
        r.stdout_text()
    );
}

#[test]
fn detect_missing_file_is_an_error_for_that_file() {
    let d = tempdir();
    put(d.path(), "a.txt", b"a\n");
    let r = run_in(d.path(), &["--detect", "nope.txt", "a.txt"], b"");
    r.code(2).err_contains("nope.txt");
    assert_eq!(r.stdout_text(), "a.txt: UTF-8 (ascii), LF\n");
}

#[test]
fn detect_conflicts_with_conversion_modes() {
    let d = tempdir();
    put(d.path(), "a.txt", b"a\n");
    run_in(d.path(), &["--detect", "-i", "a.txt"], b"").code(2);
    run_in(d.path(), &["--detect", "--check", "a.txt"], b"").code(2);
    run_in(d.path(), &["--detect", "-o", "b.txt", "a.txt"], b"").code(2);
    run_in(d.path(), &["--json", "a.txt"], b"").code(2);
    assert!(!d.path().join("b.txt").exists());
}

/// Skips a JSON number, or an array or object without quotes in its strings that matter
/// here, up to the `,` or `}` that ends it.
fn skip_value(chars: &mut std::iter::Peekable<std::str::Chars>) {
    let mut depth = 0;
    let mut in_string = false;
    while let Some(&c) = chars.peek() {
        match c {
            '"' => in_string = !in_string,
            '[' | '{' if !in_string => depth += 1,
            ']' | '}' if !in_string && depth > 0 => depth -= 1,
            ',' | '}' if !in_string && depth == 0 => return,
            _ => {}
        }
        chars.next();
    }
}

/// A minimal parser for one JSON object's string values: `{"k":"v",...}`; values of other
/// kinds (the confidence, the runners-up array) are skipped.
fn parse_flat_json(line: &str) -> Vec<(String, String)> {
    fn string(chars: &mut std::iter::Peekable<std::str::Chars>) -> String {
        assert_eq!(chars.next(), Some('"'), "a string starts with a quote");
        let mut s = String::new();
        loop {
            match chars.next().expect("unterminated string") {
                '"' => return s,
                '\\' => match chars.next().expect("escape") {
                    '"' => s.push('"'),
                    '\\' => s.push('\\'),
                    '/' => s.push('/'),
                    'n' => s.push('\n'),
                    't' => s.push('\t'),
                    'r' => s.push('\r'),
                    'b' => s.push('\u{8}'),
                    'f' => s.push('\u{c}'),
                    'u' => {
                        let hex: String = (0..4).map(|_| chars.next().unwrap()).collect();
                        let v = u32::from_str_radix(&hex, 16).expect("hex escape");
                        s.push(char::from_u32(v).expect("scalar"));
                    }
                    other => panic!("bad escape \\{other} in {s:?}"),
                },
                c => {
                    assert!((c as u32) >= 0x20, "raw control character in a JSON string");
                    s.push(c)
                }
            }
        }
    }
    let mut chars = line.chars().peekable();
    assert_eq!(chars.next(), Some('{'), "{line}");
    let mut fields = Vec::new();
    loop {
        let k = string(&mut chars);
        assert_eq!(chars.next(), Some(':'), "{line}");
        if chars.peek() == Some(&'"') {
            let v = string(&mut chars);
            fields.push((k, v));
        } else {
            skip_value(&mut chars);
        }
        match chars.next() {
            Some(',') => continue,
            Some('}') => break,
            other => panic!("unexpected {other:?} in {line}"),
        }
    }
    assert_eq!(chars.next(), None, "trailing text after the object: {line}");
    fields
}

#[test]
fn detect_json_is_one_object_a_line() {
    let d = tempdir();
    detect_tree(d.path());
    let r = run_in(d.path(), &["--detect", "--json", "-r", "."], b"");
    r.code(0);
    let out = r.stdout_text();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 9, "{out}");
    let mut seen = Vec::new();
    for line in &lines {
        let fields = parse_flat_json(line);
        let keys: Vec<&str> = fields.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["file", "encoding", "how", "newline"], "{line}");
        seen.push(fields.into_iter().map(|(_, v)| v).collect::<Vec<_>>());
    }
    let row = |file: &str| {
        seen.iter()
            .find(|r| r[0] == file)
            .unwrap_or_else(|| panic!("no row for {file}: {out}"))
            .clone()
    };
    assert_eq!(
        row("./a_utf8.txt"),
        ["./a_utf8.txt", "UTF-8", "utf-8", "LF"]
    );
    assert_eq!(row("./c_utf16.txt")[1..], ["UTF-16LE", "bom", "CRLF"]);
    assert_eq!(row("./d_utf8bom_cr.txt")[1..], ["UTF-8", "bom", "CR"]);
    assert_eq!(row("./e_none.txt")[1..], ["UTF-8", "ascii", "none"]);
    assert_eq!(row("./f_mixed.txt")[1..], ["UTF-8", "ascii", "mixed"]);
    assert_eq!(row("./g_gbk.txt")[1..], ["GBK", "guess", "CRLF"]);
    assert_eq!(row("./h_binary.bin")[1], "binary");
}

#[test]
fn detect_json_escapes_file_names() {
    let d = tempdir();
    let name = "we\"ird\\name\ttab é.txt";
    put(d.path(), name, b"x\n");
    let r = run_in(d.path(), &["--detect", "--json", name], b"");
    r.code(0);
    let out = r.stdout_text();
    assert_eq!(out.lines().count(), 1, "{out:?}");
    let fields = parse_flat_json(out.trim_end_matches('\n'));
    assert_eq!(fields[0], ("file".to_string(), name.to_string()));
}

#[test]
fn detect_json_reads_stdin() {
    let d = tempdir();
    let r = run_in(d.path(), &["--detect", "--json"], b"a\r\nb\r\n");
    r.code(0);
    let fields = parse_flat_json(r.stdout_text().trim_end());
    let vals: Vec<&str> = fields.iter().map(|(_, v)| v.as_str()).collect();
    assert_eq!(vals[1..], ["UTF-8", "ascii", "CRLF"]);
}

// ---------------------------------------------------------------------------------------
// --check

#[test]
fn check_reports_each_problem_with_line_column_and_offset() {
    let d = tempdir();
    put(
        d.path(),
        "col.txt",
        b"l1\nh\xc3\xa9llo w\xc3\xb6rld \xff\xfe end \xe4\xb8\n\xe4\xb8\xad\xc0\xaf\n",
    );
    let before = snapshot(d.path());
    let r = run_in(d.path(), &["--check", "-f", "UTF-8", "col.txt"], b"");
    r.code(1);
    let want = "\
col.txt:2:13: byte 17: ill-formed UTF-8 input: FF
col.txt:2:14: byte 18: ill-formed UTF-8 input: FE
col.txt:2:20: byte 24: ill-formed UTF-8 input: E4 B8
col.txt:3:2: byte 30: ill-formed UTF-8 input: C0
col.txt:3:3: byte 31: ill-formed UTF-8 input: AF
";
    assert_eq!(r.stdout_text(), want);
    assert_eq!(snapshot(d.path()), before, "--check writes nothing");
    assert_no_temps(d.path());
    r.err_contains("1 file checked, 1 with problems");
}

#[test]
fn check_columns_count_characters_in_utf16() {
    let d = tempdir();
    // "中文x" then a lone low surrogate DC00, on line 2.
    let mut bytes = utf16le_bom("ab\r\n中文x");
    bytes.extend_from_slice(&[0x00, 0xDC]);
    bytes.extend(utf16le("y\r\n"));
    put(d.path(), "w.txt", &bytes);
    let r = run_in(d.path(), &["--check", "w.txt"], b"");
    r.code(1);
    assert_eq!(
        r.stdout_text(),
        "w.txt:2:4: byte 16: unpaired surrogate U+DC00 in UTF-16LE input: 00 DC\n"
    );
}

#[test]
fn check_clean_files_exit_0_and_print_nothing() {
    let d = tempdir();
    put(d.path(), "a.txt", "ünïcödé\n".as_bytes());
    put(d.path(), "b.txt", &utf16le_bom("wide\n"));
    put(d.path(), "c.txt", b"ascii\n");
    let r = run_in(d.path(), &["--check", "a.txt", "b.txt", "c.txt"], b"");
    r.code(0);
    assert_eq!(r.stdout_text(), "");
    r.err_contains("3 files checked, 0 with problems");
    let r = run_in(d.path(), &["--check", "-s", "a.txt", "c.txt"], b"");
    r.code(0);
    assert_eq!(r.stderr, "");
}

#[test]
fn check_one_bad_file_among_good_ones_exits_1() {
    let d = tempdir();
    put(d.path(), "t/a.txt", b"good\n");
    put(d.path(), "t/b.txt", b"bad \x80\n");
    put(d.path(), "t/c.txt", b"good too\n");
    let r = run_in(d.path(), &["--check", "-f", "UTF-8", "-r", "t"], b"");
    r.code(1);
    assert_eq!(
        r.stdout_text(),
        "t/b.txt:1:5: byte 4: ill-formed UTF-8 input: 80\n"
    );
}

#[test]
fn check_max_errors_default_20_then_a_count() {
    let d = tempdir();
    let mut bytes = Vec::new();
    for i in 0..25 {
        bytes.extend_from_slice(format!("line {i} ").as_bytes());
        bytes.push(0xff);
        bytes.push(b'\n');
    }
    put(d.path(), "many.txt", &bytes);
    put(d.path(), "two.txt", b"\xff\xff");
    let r = run_in(
        d.path(),
        &["--check", "-f", "UTF-8", "many.txt", "two.txt"],
        b"",
    );
    r.code(1);
    let out = r.stdout_text();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 20 + 1 + 2, "{out}");
    assert_eq!(lines[0], "many.txt:1:8: byte 7: ill-formed UTF-8 input: FF");
    assert!(
        lines[19].starts_with("many.txt:20:9: byte "),
        "{}",
        lines[19]
    );
    assert!(
        lines[20].starts_with("many.txt: 5 more problems not shown"),
        "{}",
        lines[20]
    );
    assert_eq!(lines[21], "two.txt:1:1: byte 0: ill-formed UTF-8 input: FF");
    assert_eq!(lines[22], "two.txt:1:2: byte 1: ill-formed UTF-8 input: FF");

    let r = run_in(
        d.path(),
        &["--check", "-f", "UTF-8", "--max-errors", "3", "many.txt"],
        b"",
    );
    r.code(1);
    let out = r.stdout_text();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(
        lines[3].starts_with("many.txt: 22 more problems not shown"),
        "{out}"
    );

    // A single hidden problem.
    let r = run_in(
        d.path(),
        &["--check", "-f", "UTF-8", "--max-errors", "1", "two.txt"],
        b"",
    );
    let out = r.stdout_text();
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(
        out.lines()
            .nth(1)
            .unwrap()
            .starts_with("two.txt: 1 more problem"),
        "{out}"
    );
    // Exactly max problems: no count line.
    let r = run_in(
        d.path(),
        &["--check", "-f", "UTF-8", "--max-errors", "2", "two.txt"],
        b"",
    );
    assert_eq!(r.stdout_text().lines().count(), 2, "{}", r.stdout_text());
}

#[test]
fn check_auto_says_when_the_encoding_is_only_a_guess() {
    let d = tempdir();
    put(d.path(), "latin.txt", b"caf\xe9 cr\xe8me\n");
    put(d.path(), "utf8.txt", "café\n".as_bytes());
    put(d.path(), "bom.txt", &utf16le_bom("x\n"));
    let r = run_in(
        d.path(),
        &["--check", "latin.txt", "utf8.txt", "bom.txt"],
        b"",
    );
    r.code(1);
    let out = r.stdout_text();
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        out.starts_with("latin.txt: ") && out.contains("only a guess"),
        "{out}"
    );
}

#[test]
fn check_reads_stdin_without_file() {
    let d = tempdir();
    let r = run_in(d.path(), &["--check", "-f", "UTF-8"], b"ok\nab\xffc\n");
    r.code(1);
    let out = r.stdout_text();
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        out.ends_with(":2:3: byte 5: ill-formed UTF-8 input: FF\n"),
        "{out}"
    );
    let r = run_in(d.path(), &["--check"], "fine ✓\n".as_bytes());
    r.code(0);
    assert_eq!(r.stdout_text(), "");
}

#[test]
fn check_gbk_positions() {
    let d = tempdir();
    // 中文 in GBK, then a lead byte followed by a byte that cannot trail it.
    let mut bytes = gbk("中文\r\n中");
    bytes.extend_from_slice(b"\x81\x20x\r\n");
    put(d.path(), "g.txt", &bytes);
    let r = run_in(d.path(), &["--check", "-f", "GBK", "g.txt"], b"");
    r.code(1);
    assert!(
        r.stdout_text()
            .starts_with("g.txt:2:2: byte 8: ill-formed GBK input: 81"),
        "{}",
        r.stdout_text()
    );
}

#[test]
fn check_skips_binary_and_counts_it() {
    let d = tempdir();
    put(d.path(), "t/a.bin", b"\x00\x01\xff");
    put(d.path(), "t/b.txt", b"fine\n");
    let r = run_in(d.path(), &["--check", "-r", "t"], b"");
    r.code(0);
    r.err_contains("t/a.bin: skipped: binary")
        .err_contains("1 file checked, 0 with problems, 1 skipped, 0 failed");
}

#[test]
fn check_conflicts_with_writing_modes() {
    let d = tempdir();
    put(d.path(), "a.txt", b"a\n");
    run_in(d.path(), &["--check", "-i", "a.txt"], b"").code(2);
    run_in(d.path(), &["--check", "--output-dir", "o", "a.txt"], b"").code(2);
    run_in(d.path(), &["--check", "-o", "b.txt", "a.txt"], b"").code(2);
    assert!(!d.path().join("o").exists() && !d.path().join("b.txt").exists());
}
