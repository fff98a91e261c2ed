//! `-t LABEL//TRANSLIT`: glibc's approximations for what the target cannot hold, '?' for
//! what has none (exit 0), with `-c` or `//IGNORE` too (the slugify idiom, as glibc); on
//! files in place too.

mod common;

use common::*;

const SAMPLE: &str = "ﬁne café, Ａ “quoted” 5€ 中\n";

#[test]
fn ascii_approximations_and_question_mark() {
    let d = tempdir();
    let r = run_in(d.path(), &["-t", "ASCII//TRANSLIT"], SAMPLE.as_bytes());
    r.code(0);
    assert_eq!(r.stdout_text(), "fine cafe, A \"quoted\" 5EUR ?\n");
    // The summary says what was approximated and where '?' was written.
    r.err_contains("approximated 6 characters")
        .err_contains("'?'");
}

#[test]
fn each_rule_on_its_own() {
    let d = tempdir();
    for (input, want) in [
        ("ﬁ", "fi"),
        ("é", "e"),
        ("Ａ", "A"),
        ("“", "\""),
        ("”", "\""),
        ("€", "EUR"),
        ("中", "?"),
    ] {
        let r = run_in(d.path(), &["-t", "US-ASCII//TRANSLIT"], input.as_bytes());
        r.code(0);
        assert_eq!(r.stdout_text(), want, "{input}");
    }
}

#[test]
fn lowercase_label_and_suffix() {
    let d = tempdir();
    let r = run_in(d.path(), &["-t", "ascii//translit"], "é€".as_bytes());
    r.code(0);
    assert_eq!(r.stdout_text(), "eEUR");
}

#[test]
fn latin1_keeps_what_it_can_hold() {
    let d = tempdir();
    let r = run_in(d.path(), &["-t", "latin1//TRANSLIT"], "é€ﬁ“中".as_bytes());
    r.code(0);
    assert_eq!(r.stdout, b"\xe9EURfi\"?");
}

#[test]
fn discard_writes_a_question_mark_where_there_is_no_approximation_exit_0() {
    // glibc: `iconv -c -t ASCII//TRANSLIT` and `-t ASCII//TRANSLIT//IGNORE` write '?' for
    // what has no approximation and exit 0; slugify scripts rely on it.
    let d = tempdir();
    for args in [
        &["-c", "-t", "ASCII//TRANSLIT"][..],
        &["-t", "ASCII//TRANSLIT//IGNORE"][..],
    ] {
        let r = run_in(d.path(), args, SAMPLE.as_bytes());
        r.code(0);
        assert_eq!(r.stdout_text(), "fine cafe, A \"quoted\" 5EUR ?\n");
        r.err_contains("wrote '?' for 1 character with no approximation");
    }
    // Ill-formed input is still dropped, and says so in the exit status.
    let r = run_in(
        d.path(),
        &["-f", "UTF-8", "-c", "-t", "ASCII//TRANSLIT"],
        b"a\xffb\xc3\xa9",
    );
    r.code(1);
    assert_eq!(r.stdout_text(), "abe");
}

#[test]
fn replace_policy_with_translit() {
    let d = tempdir();
    let r = run_in(
        d.path(),
        &["--errors", "replace", "-t", "ASCII//TRANSLIT"],
        "é中".as_bytes(),
    );
    r.code(0);
    assert_eq!(r.stdout_text(), "e?");
}

#[test]
fn translit_in_place_on_a_tree() {
    let d = tempdir();
    put(d.path(), "t/a.txt", "naïve “café”\n".as_bytes());
    put(d.path(), "t/b.txt", "price: 10€, ﬁnal\n".as_bytes());
    put(d.path(), "t/c.txt", "中文\n".as_bytes());
    put(d.path(), "t/d.txt", b"plain\n");
    let r = run_in(d.path(), &["-i", "-r", "-t", "ASCII//TRANSLIT", "t"], b"");
    r.code(0).counts(3, 1, 0, 0);
    assert_file(d.path(), "t/a.txt", b"naive \"cafe\"\n");
    assert_file(d.path(), "t/b.txt", b"price: 10EUR, final\n");
    assert_file(d.path(), "t/c.txt", b"??\n");
    assert_file(d.path(), "t/d.txt", b"plain\n");
}

#[test]
fn translit_in_place_with_discard() {
    // -c: the unapproximable character is a '?', as glibc writes it, and nothing is lost.
    let d = tempdir();
    put(d.path(), "a.txt", "x中y é\n".as_bytes());
    let r = run_in(
        d.path(),
        &["-i", "-c", "-t", "ASCII//TRANSLIT", "a.txt"],
        b"",
    );
    r.code(0);
    assert_file(d.path(), "a.txt", b"x?y e\n");
}

#[test]
fn glibc_spellings_and_alternatives() {
    let d = tempdir();
    let r = run_in(
        d.path(),
        &["-t", "ASCII//TRANSLIT"],
        "½ → ① ™ Ŧ\n".as_bytes(),
    );
    r.code(0);
    // What glibc's iconv writes in the C.UTF-8 locale (½ is " 1/2 ", spaces included).
    assert_eq!(r.stdout_text(), " 1/2  -> (1) (TM) T\n");
    // The first alternative the target holds: Ǣ is Æ where there is one, else AE.
    let r = run_in(d.path(), &["-t", "latin1//TRANSLIT"], "Ǣ".as_bytes());
    assert_eq!(r.stdout, b"\xc6");
    let r = run_in(d.path(), &["-t", "ASCII//TRANSLIT"], "Ǣ„x‚".as_bytes());
    assert_eq!(r.stdout_text(), "AE,,x,");
    // Where glibc writes '?': its alternative approximated in turn (Ǆ is DŽ in its table).
    let r = run_in(d.path(), &["-t", "ASCII//TRANSLIT"], "Ǆ".as_bytes());
    assert_eq!(r.stdout_text(), "DZ");
}

#[test]
fn unknown_suffix_is_a_usage_error() {
    let d = tempdir();
    put(d.path(), "a.txt", "é\n".as_bytes());
    let r = run_in(d.path(), &["-i", "-t", "ASCII//NOPE", "a.txt"], b"");
    r.code(2).err_contains("//NOPE");
    assert_file(d.path(), "a.txt", "é\n".as_bytes());
}
