//! `-t LABEL//TRANSLIT`: approximations for what the target cannot hold, '?' for what has
//! none (exit 0), and with `-c` such characters dropped (exit 1); on files in place too.

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
fn discard_drops_what_cannot_be_approximated_exit_1() {
    let d = tempdir();
    let r = run_in(
        d.path(),
        &["-c", "-t", "ASCII//TRANSLIT"],
        SAMPLE.as_bytes(),
    );
    r.code(1);
    assert_eq!(r.stdout_text(), "fine cafe, A \"quoted\" 5EUR \n");
    r.err_contains("dropped 1 unmappable character");
    // //IGNORE says the same as -c.
    let r = run_in(
        d.path(),
        &["-t", "ASCII//TRANSLIT//IGNORE"],
        SAMPLE.as_bytes(),
    );
    r.code(1);
    assert_eq!(r.stdout_text(), "fine cafe, A \"quoted\" 5EUR \n");
    // Nothing unapproximable: -c has nothing to drop, exit 0.
    let r = run_in(d.path(), &["-c", "-t", "ASCII//TRANSLIT"], "é€".as_bytes());
    r.code(0);
    assert_eq!(r.stdout_text(), "eEUR");
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
    // -c: the unapproximable character is dropped and the exit status says so.
    let d = tempdir();
    put(d.path(), "a.txt", "x中y é\n".as_bytes());
    let r = run_in(
        d.path(),
        &["-i", "-c", "-t", "ASCII//TRANSLIT", "a.txt"],
        b"",
    );
    r.code(1).err_contains("dropped 1 unmappable character");
    assert_file(d.path(), "a.txt", b"xy e\n");
}

#[test]
fn unknown_suffix_is_a_usage_error() {
    let d = tempdir();
    put(d.path(), "a.txt", "é\n".as_bytes());
    let r = run_in(d.path(), &["-i", "-t", "ASCII//NOPE", "a.txt"], b"");
    r.code(2).err_contains("//NOPE");
    assert_file(d.path(), "a.txt", "é\n".as_bytes());
}
