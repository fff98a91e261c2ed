//! `--detect --verbose`, `--json`'s confidence and runners-up, the escape-sequence stage and
//! `-f auto`'s refusal to convert on an unsure or unsupported verdict, through the binary.

mod common;

use common::*;

fn detect(args: &[&str], bytes: &[u8]) -> String {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("f.txt");
    std::fs::write(&path, bytes).unwrap();
    let mut argv = vec!["--detect"];
    argv.extend_from_slice(args);
    let p = path.to_str().unwrap();
    argv.push(p);
    let r = run(&argv, b"");
    r.code(0);
    r.stdout_text()
}

#[test]
fn verbose_and_json_give_confidence_and_runners_up() {
    let koi8 = encoding_rs::KOI8_R
        .encode("Все люди рождаются свободными и равными в своем достоинстве и правах.")
        .0;
    let text = detect(&["--verbose"], &koi8);
    assert!(
        text.contains(": KOI8-R (guess), none; confidence "),
        "{text}"
    );
    assert!(text.contains("runners-up: "), "{text}");
    let json = detect(&["--json"], &koi8);
    assert!(json.contains("\"encoding\":\"KOI8-R\""), "{json}");
    assert!(json.contains("\"confidence\":"), "{json}");
    assert!(json.contains("\"runners_up\":[{\"encoding\":"), "{json}");
}

#[test]
fn iso_2022_jp_is_found_by_its_escapes_not_read_as_utf8() {
    let jis = encoding_rs::ISO_2022_JP.encode("日本語のテキスト").0;
    let text = detect(&[], &jis);
    assert!(text.contains(": ISO-2022-JP (escapes)"), "{text}");
    run(&["-f", "auto"], &jis)
        .ok_quiet()
        .out("日本語のテキスト".as_bytes());
}

#[test]
fn escapes_of_charsets_the_table_has_switch_on_by_themselves() {
    // The detector names these through the label table: with their codecs in the table,
    // they are found by their escapes and converted.
    for (bytes, name, text) in [
        (
            &b"\x1b$)C\x0e\x30\x21\x0f text\n"[..],
            "ISO-2022-KR",
            "\u{AC00} text\n",
        ),
        (&b"~{VPND~} hz\n"[..], "HZ-GB-2312", "\u{4E2D}\u{6587} hz\n"),
        (&b"Hi +Jjo-\n"[..], "UTF-7", "Hi \u{263A}\n"),
    ] {
        let found = detect(&[], bytes);
        assert!(found.contains(&format!(": {name} (escapes)")), "{found}");
        run(&["-f", "auto"], bytes).ok_quiet().out(text.as_bytes());
    }
}

#[test]
fn base64_with_plus_signs_is_ascii_not_utf7() {
    // A key's base64 lines and a URL token hold `+` before base64 digits, which a UTF-7
    // reading would decode to scattered code units: the file is ASCII.
    let pem = b"-----BEGIN KEY-----\n\
        pU3KGCUwux1tEyze1iN7LtkeP3IfyxlxF0SU1kk8nVw0YL4xIB5p/tqg7ui5\n\
        mX9cfCmZ/a/lkyU81lSvTfrXFCegrrP+6SMvivIhH57kkcWxC+y1Vjv8Hm+T\n\
        Qn7LyP4pVeXNjkbcjtS3wnZNKlpNdncG+F2GkAJK1r2jQBvpyMvMyTX2zR9h\n\
        -----END KEY-----\n";
    let found = detect(&[], pem);
    assert!(found.contains(": UTF-8 (ascii)"), "{found}");
}

#[test]
fn french_oe_in_iso_8859_15_is_not_a_half_sign() {
    // BD is `œ` in ISO-8859-15 and `½` in windows-1252: a fraction glued to the start of a
    // word (`les ½ufs`, `l'½uf`) stands where a letter was.
    let text = b"Les \xbdufs de poule sont pondus chaque jour. On mange les \xbdufs \xe0 la \
        coque, et l'\xbduf dur est tr\xe8s appr\xe9ci\xe9 en \xe9t\xe9.\n";
    let found = detect(&[], text);
    assert!(found.contains(": ISO-8859-15 (guess)"), "{found}");
}

#[test]
fn kazakh_in_rk1048_is_not_windows_1251() {
    // Kazakh's own letters (ө қ ң ү ғ) are where windows-1251 has Ukrainian and
    // Macedonian ones (ґ ќ ѕ ї є): read as Cyrillic letters, the Kazakh words win.
    // A short sentence: with ң and қ taken for letters of no script, windows-1251's
    // ѕ and ќ won.
    let text = "Біз жаңа мектепте оқимыз.\n";
    let bytes = in_rk1048(text);
    let found = detect(&[], &bytes);
    assert!(found.contains(": RK1048 (guess)"), "{found}");
}

/// `text` in RK1048 (KZ-1048), by the converter itself.
fn in_rk1048(text: &str) -> Vec<u8> {
    let r = run(&["-f", "UTF-8", "-t", "RK1048"], text.as_bytes());
    r.code(0);
    r.stdout
}

#[test]
fn a_breadcrumb_guillemet_is_not_a_thai_letter() {
    // Mac Roman's `»` (C8) is windows-874's `ศ`, a Thai one-letter word: alone between
    // English words it is a symbol of a Latin text, whose English words it would contradict.
    let text = b"Black Sea and Blue Economy: Ecosystem-Based Management | BlackSea\n\
        Home \xc8 Black Sea and Blue Economy: Ecosystem-Based Management and Planning\n\
        On Friday 19 November, a Black Sea project workshop was held for the partners.\n";
    let found = detect(&[], text);
    assert!(
        !found.contains("windows-874") && !found.contains("TIS-620"),
        "{found}"
    );
    // The Mac pages all read C8 as `»`.
    assert!(
        found.contains(": macintosh") || found.contains(": x-mac-"),
        "{found}"
    );
}

#[test]
fn an_unsure_guess_is_refused_with_what_to_pass() {
    // Two high bytes: a letter in a dozen code pages.
    let r = run(&["-f", "auto"], b"x \xE9\xE8 y");
    if r.code == 1 {
        r.out(b"").err_has(&["cannot tell the encoding", "--from"]);
    } else {
        // Sure enough to convert: then the detector said so in --verbose.
        let text = detect(&["--verbose"], b"x \xE9\xE8 y");
        let pct: u32 = text
            .split("confidence ")
            .nth(1)
            .and_then(|t| t.split('%').next())
            .and_then(|n| n.parse().ok())
            .unwrap();
        assert!(pct >= 50, "{text}");
    }
}

#[test]
fn utf16_without_bom_or_ascii_is_not_binary() {
    let zh = "这是一个用简体中文写的句子，用来测试编码检测。我们希望它能被正确地识别出来。";
    let le: Vec<u8> = zh.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let text = detect(&[], &le);
    assert!(text.contains(": UTF-16LE"), "{text}");
}

#[test]
fn look_alike_code_pages_by_their_evidence() {
    // Polish in Mac Central European, not Mac Roman.
    let pl = b"Wszyscy ludzie rodz\x88 si\xab wolni i r\x97wni pod wzgl\xabdem swej godno\xe6ci i swych praw.";
    assert!(detect(&[], pl).contains(": MacCentralEurope (guess)"));
    // Vietnamese with combining tone marks: windows-1258, not VISCII.
    let vi = b"T\xe2\xect ca\xd2 mo\xf2i ng\xfd\xf5\xcci sinh ra \xf0\xea\xccu \xf0\xfd\xf5\xf2c t\xfd\xf2 do v\xe0 bi\xccnh \xf0\xe3\xd2ng v\xea\xcc nh\xe2n ph\xe2\xd2m.";
    assert!(detect(&[], vi).contains(": windows-1258 (guess)"));
    // English in EBCDIC 500 (`!` at 4F, where 037 has `|`), converted right by -f auto.
    let en = b"\xc8\x85\x93\x93\x96@\xa6\x96\x99\x93\x84O@\xc9\xa2@\xa3\x88\x89\xa2@\x99\x85\x81\x93\x93\xa8@\xa3\x88\x85@\x85\x95\x84o@\xe8\x85\xa2O@\xc9\xa3@\x89\xa2@\x96\xa5\x85\x99k@\x81\xa3@\x93\x81\xa2\xa3O%";
    assert!(detect(&[], en).contains(": IBM500 (guess)"));
    run(&["-f", "auto"], en)
        .code(0)
        .out("Hello world! Is this really the end? Yes! It is over, at last!\n".as_bytes());
    // A CSV of digits in UTF-16LE without a BOM is text, not binary.
    let csv: Vec<u8> = "07/19/2015 21:00:15.469,1.083,1.08332\r\n"
        .repeat(4)
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let text = detect(&[], &csv);
    assert!(text.contains(": UTF-16LE ("), "{text}");
}

#[test]
fn symbols_that_other_code_pages_read_as_letters() {
    // IBM037's quotes (7F) are IBM1026's `Ü`: `Management".` is not `ManagementÜ.`.
    let en = b"\xe3\x88\x85@\x83\x96\x95\x86\x85\x99\x85\x95\x83\x85@\x7f\xd9\x89\xa2\x92@\xd4\x81\x95\x81\x87\x85\x94\x85\x95\xa3\x7f@\xa6\x81\xa2@\x88\x85\x93\x84@\x89\x95@\xe5\x81\x99\x95\x81K@\xe2\x97\x85\x81\x92\x85\x99\xa2@\x83\x81\x94\x85@\x86\x99\x96\x94@\x7f\x94\x81\x95\xa8@\x83\x96\xa4\x95\xa3\x99\x89\x85\xa2\x7f@\x81\x95\x84@\xa3\x88\x85@\x85\xa5\x85\x95\xa3@\xa6\x81\xa2@\x81@\xa2\xa4\x83\x83\x85\xa2\xa2K";
    let text = detect(&[], en);
    assert!(text.contains(": IBM037 (guess)"), "{text}");
    // A breadcrumb's `»` (BB) between words is no one-letter word (`ť`, `ป`, `Ż`).
    let crumb = b"Home \xbb Blog \xbb News\x0aThe latest news about our project and the people who make it.";
    let text = detect(&[], crumb);
    assert!(text.contains(": windows-1252 (guess)"), "{text}");
    // CP858's `€` (D5) a space from its amount, where CP437 has `╒`.
    let euro =
        b"Prix: 4 \xd5 en 2020, 10 \xd5 aujourd'hui. Le caf\x82 co\x96te 2 \xd5 \x85 la gare.";
    let text = detect(&[], euro);
    assert!(text.contains(": CP858 (guess)"), "{text}");
    run(&["-f", "auto"], euro)
        .code(0)
        .out("Prix: 4 € en 2020, 10 € aujourd'hui. Le café coûte 2 € à la gare.".as_bytes());
}

#[test]
fn a_declared_encoding_and_a_late_wider_charset_byte_count() {
    // German with one A4 byte, `¤` in windows-1252, `€` in ISO-8859-15: the XML
    // declaration decides.
    let body = b"<p>Die Gr\xf6\xdfe kostet 20 \xa4 pro St\xfcck, f\xfcr alle.</p>";
    for (label, want) in [
        ("windows-1252", "windows-1252"),
        ("iso-8859-15", "ISO-8859-15"),
    ] {
        let mut doc = format!("<?xml version=\"1.0\" encoding=\"{label}\"?>\n").into_bytes();
        doc.extend_from_slice(body);
        let json = detect(&["--json"], &doc);
        assert!(json.contains(&format!("\"encoding\":\"{want}\"")), "{json}");
    }
    // Japanese that Shift_JIS and CP932 read alike for 10 KB, then a NEC circled digit
    // (87 40) only CP932 has: beyond the 8 KiB scored, inside the prefix read.
    let line = encoding_rs::SHIFT_JIS
        .encode("これは日本語で書かれた文です。文字コードを調べます。\n")
        .0
        .into_owned();
    let mut ja = line.repeat(10 * 1024 / line.len());
    ja.extend_from_slice(b"\x87\x40\n");
    let json = detect(&["--json"], &ja);
    assert!(json.contains("\"encoding\":\"CP932\""), "{json}");
}

#[test]
fn dutch_words_around_two_accents_keep_the_text_dutch() {
    // `geïntegreerd` and `gecreëerd` alone read as Latvian in CP775 or Mac Central
    // European; the Dutch words around them say which language the text is in.
    let text = "Het nieuwe systeem is volledig geïntegreerd in de bestaande omgeving van de \
                gemeente. Er is een aparte werkgroep gecreëerd die de overgang begeleidt, \
                zodat de medewerkers niet worden overvallen door de veranderingen. Volgens de \
                wethouder gaat het om een belangrijke stap voor de dienstverlening aan de \
                inwoners van de stad.\n";
    let cp1252 = encoding_rs::WINDOWS_1252.encode(text).0;
    let found = detect(&[], &cp1252);
    assert!(found.contains(": windows-1252 (guess)"), "{found}");
    // The same text in CP850: ï is 0x8B, ë is 0x89 there.
    let cp850: Vec<u8> = text
        .chars()
        .map(|c| match c {
            'ï' => 0x8B,
            'ë' => 0x89,
            c => c as u8,
        })
        .collect();
    let found = detect(&[], &cp850);
    assert!(found.contains(": CP850 (guess)"), "{found}");
}
