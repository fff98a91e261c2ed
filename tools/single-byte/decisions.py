"""Choices made where the source and the peers disagree, with the reason for each.

OVERRIDES[name][byte] = (code points, reason): the table maps the byte differently from its
source. EXTRAS[name][code point] = (byte, reason): an encode-only mapping (there are none: issue
18 applies no best-fit or fallback mapping silently). NOTES[name] = text shown in CROSSCHECK.md
for that code page: why the disagreements found there are resolved the way they are.
FAMILY_NOTES[family] = the same for a whole family. Everything not listed follows the source.
"""

OVERRIDES = {
    "IBM424": {
        0xB3: ((0x00B7,), "Python, glibc, Perl and the Unicode Consortium's MISC/CP424.TXT all "
                          "give U+00B7 MIDDLE DOT; only ICU gives U+2022"),
        0xBC: ((0x00AF,), "Python, glibc, Perl and MISC/CP424.TXT give U+00AF MACRON, as ICU "
                          "itself does for IBM's overline in every other EBCDIC table; only "
                          "ICU's ibm-424 gives U+203E"),
    },
    "IBM1026": {
        0x9A: ((0x00AA,), "Python, glibc, Perl and Microsoft's CP1026.TXT give U+00AA "
                          "FEMININE ORDINAL INDICATOR; ICU 72 alone gives U+20BA TURKISH LIRA "
                          "SIGN (keeping U+00AA as a one-way fallback). Majority; a reader who "
                          "needs the lira sign gets an error, not a silent change of meaning"),
    },
}

# Issue 34's pages.
KIP = ("glibc decodes the byte as 'k' one way (its charmap marks it %IRREVERSIBLE%, a stand-in "
       "for a sign IBM's old tables lacked); IBM's table as ICU ships it for 1132 and GNU "
       "libiconv give U+20AD KIP SIGN, the Lao currency sign: a currency read as a letter "
       "would change the text's meaning silently")
OVERRIDES["IBM1132"] = {0x70: ((0x20AD,), KIP)}
OVERRIDES["IBM1133"] = {0xDF: ((0x20AD,), KIP)}
OVERRIDES["JIS_X0201"] = {
    **{b: ((), "JIS X 0201 has no C1 controls; GNU libiconv leaves 0x80-0x9F unassigned "
               "(glibc's charmap maps them to U+0080-U+009F)") for b in range(0x80, 0xA0)},
    **{b: ((0xFF61 + b - 0xA1,), "halfwidth katakana, as GNU libiconv, the Unicode "
                                 "Consortium's JIS0201.TXT and every Shift_JIS converter map "
                                 "JIS X 0201's katakana; glibc's charmap alone gives the "
                                 "fullwidth forms") for b in range(0xA1, 0xE0)},
}

EXTRAS = {}

FAMILY_NOTES = {
    "dos": (
        "ICU's IBM tables (ibm-437 and the other PC code pages) rotate three controls: "
        "0x1A<->U+001C, 0x1C<->U+007F, 0x7F<->U+001A (IBM's PC convention). Microsoft's tables, "
        "Python, glibc and Perl map all three to the same value. Chosen: the identity, as the "
        "source and the majority. ICU also carries about 130 one-way fallbacks (|1) per PC "
        "code page: the DOS screen glyphs (U+263A -> 0x01 ...) and fullwidth ASCII; they are "
        "never applied (issue 18: no silent best fit)."),
    "ebcdic": (
        "NEL and LF: every peer that has the code page (ICU, glibc, Python, Microsoft's tables) "
        "decodes 0x15 as U+0085 NEXT LINE and 0x25 as U+000A LINE FEED, and encodes them back "
        "the same way, except Perl's cp1047, which swaps them (the z/OS UNIX convention, which "
        "ICU offers separately as the `,swaplfnl` converters ibm-1047-s390 etc.). Chosen: "
        "0x15<->U+0085, 0x25<->U+000A as glibc and ICU (issue 18); `--newline` must therefore "
        "treat U+0085 as a line break on EBCDIC input. ICU also has about 95 one-way fallbacks "
        "(|1) per EBCDIC page, mostly fullwidth ASCII (U+FF01 -> '!') and U+203E -> the "
        "macron byte: never applied."),
    "mac": (
        "Apple's files leave out the controls and say the Mac character sets use the standard "
        "control characters at 0x00-0x1F and 0x7F: the tables have them. Perl's Mac tables "
        "lack 0x7F (Perl follows the files literally). glibc's MACINTOSH and MAC-IS are older, "
        "pre-Mac OS 8.5 tables (0xDB currency sign, U+0394 at 0xC6, U+E01E for the Apple logo). "
        "Apple maps 0xF0 of the Roman-based sets to U+F8FF (private use, the Apple logo): "
        "kept, as Apple's table says, as Python and ICU do."),
}

NOTES = {
    "CP437": (
        "0xE6: ICU gives U+03BC GREEK SMALL LETTER MU, Microsoft's table and the other peers "
        "U+00B5 MICRO SIGN: U+00B5 chosen (source and majority). 0x7F is U+007F (a control) "
        "here; the DOS house glyph is in CP437-graphic."),
    "CP437-graphic": (
        "Bytes 0x01-0x1F and 0x7F are the glyphs the IBM PC's video hardware shows for them, "
        "from the Unicode Consortium's MAPPINGS/VENDORS/MISC/IBMGRAPH.TXT ('IBM PC "
        "memory-mapped video graphics to Unicode', table version 1.0, 1999): 0x01 U+263A ☺, "
        "0x02 U+263B ☻, 0x03 U+2665 ♥ ... 0x7F U+2302 ⌂. 0x00 stays U+0000. The same glyphs "
        "are ICU's one-way fallbacks for ibm-437 (the peer 'icu-fallback' below); where ICU has "
        "two fallbacks for one byte (e.g. U+25CB and U+FFEE for 0x09) the one outside the "
        "halfwidth forms is compared. ICU has no fallback for 0x7F (it maps 0x7F to U+001A)."),
    "CP720": (
        "Python's table (from Windows' own conversion) maps the eight unused bytes 0x80, 0x81, "
        "0x84, 0x86, 0x8D-0x90 to the C1 controls of the same value, as Windows does; ICU "
        "leaves them unassigned. Chosen: Windows (Microsoft defines code page 720)."),
    "CP852": "0xAA: ICU leaves it unassigned; Microsoft's table and the others give U+00AC.",
    "CP856": (
        "glibc and ICU (both IBM-derived) give 0xEE U+203E and 0xFA U+2022, and glibc also "
        "has IBM's control rotation; the Unicode Consortium's CP856.TXT, Python and Perl give "
        "U+00AF and U+00B7: the source and the majority chosen. glibc encodes the DOS screen "
        "glyphs one-way (U+263A -> 0x01 ...): not taken."),
    "CP864": (
        "ICU differs at 0x25 (U+0025 vs Microsoft's U+066A ARABIC PERCENT SIGN), 0x9F (U+200B "
        "vs unassigned), 0xD7, 0xD8 and 0xF1 (other presentation forms). Microsoft's table, "
        "Python, glibc and Perl agree: chosen. Note 0x25 is not ASCII '%' in this code page."),
    "CP869": "ICU differs at 0x88 (U+0387) and 0xEF (U+00B4); the other four agree.",
    "CP1125": "ICU differs at 0xFA and 0xFB (U+00F7, U+00B1); glibc and Python agree (U+00B7, U+221A).",
    "IBM273": "0xBC: Python gives U+203E, ICU and glibc U+00AF: ICU (source, majority).",
    "IBM278": "glibc swaps 0x71 and 0xE0 (U+00C9/U+005C); ICU is the source.",
    "IBM285": "0xA1: glibc gives U+203E, ICU U+00AF.",
    "IBM424": (
        "Hebrew EBCDIC. glibc also maps 0x78 to U+21D4 (ICU U+2017) and leaves 0x8F unassigned "
        "(ICU U+00B1): ICU and the others kept."),
    "IBM838": (
        "Thai EBCDIC has the five tone marks U+0E48-U+0E4C twice. 0x51, 0xCA, 0xE1, 0xFD and "
        "0xFE decode to the same characters as their twins; the encoder writes the byte ICU "
        "writes, so these five are decode-only. Only ICU has IBM838 (not glibc, Python, "
        "Perl)."),
    "IBM870": "0xB0: glibc gives U+00B7, ICU U+02D9 DOT ABOVE.",
    "IBM871": "glibc swaps 0x4A and 0xC0 (U+00DE/U+00FE); ICU is the source.",
    "IBM875": (
        "Microsoft's CP875.TXT and Python map six unused bytes (0xDC 0xE1 0xEC 0xED 0xFC 0xFD) "
        "to U+001A SUBSTITUTE; ICU leaves them unassigned: unassigned chosen (an unused byte "
        "is an error, not a control). glibc differs at 0x6A, 0x74, 0xDD; Perl at 0x3F/0xFD."),
    "IBM1026": "See the override: 0x9A.",
    "IBM1047": "Perl swaps 0x15/0x25 (NEL/LF); see the EBCDIC note.",
    "IBM1140": "glibc encodes U+203E one-way to 0xBC (as do glibc's IBM1141-1149): not taken.",
    "MacRoman": (
        "0xDB is U+20AC EURO SIGN (Apple changed it from U+00A4 CURRENCY SIGN in Mac OS 8.5; "
        "glibc still has the old one in MAC-IS, not in MACINTOSH). transcode's encoding_rs "
        "table agrees on all 256 bytes."),
    "MacIcelandic": (
        "glibc's MAC-IS is a different, older table (12 bytes differ, e.g. 0xA0, 0xDB currency "
        "sign, 0xDC/0xDD U+0110/U+0111 instead of Eth/eth): Apple's table chosen."),
    "MacCyrillic": (
        "0xFF: glibc gives U+00A4 (before Mac OS 9.0), Apple U+20AC. transcode's encoding_rs "
        "table agrees on all 256 bytes."),
    "MacUkrainian": (
        "The same table as MacCyrillic (Apple merged the two in Mac OS 9.0). glibc's MAC-UK "
        "differs only at 0xFF (U+00A4, the pre-euro mapping); Perl's MacUkrainian decodes "
        "nothing but the controls (it was built from the empty UKRAINE.TXT). transcode already "
        "reads x-mac-ukrainian as x-mac-cyrillic (WHATWG), which agrees. Best made an alias of "
        "MacCyrillic."),
    "MacHebrew": (
        "Apple maps three bytes to sequences: 0x81 U+05F2 U+05B7 (ligature yod yod patah, as "
        "its canonical decomposition), 0xC0 U+F86A U+05DC U+05B9 (Apple's private-use grouping "
        "hint + lamed + holam), 0xDE U+05B8 U+F87F (qamats + Apple's variant tag): kept as "
        "Apple gives them, so the encoder must match these sequences. The bytes 0xA0-0xA5, "
        "0xA7-0xBF and 0xFB-0xFF are right-to-left duplicates of ASCII punctuation and digits "
        "(Apple tags them <RL>, the ASCII ones <LR>); the tag is a bidi hint, not a character, "
        "so they decode to the plain character and are decode-only: the encoder writes ASCII. "
        "Perl fails to decode the ASCII bytes that carry Apple's <LR> tag and does not encode "
        "the sequences."),
    "MacArabic": (
        "As MacHebrew: 0xA0-0xAF, 0xBA-0xBF, 0xDB-0xDF, 0xFB-0xFD are right-to-left duplicates "
        "of ASCII punctuation: decode to the plain character, decode-only. Python's mac_arabic "
        "encodes ASCII punctuation to the right-to-left bytes (U+0020 -> 0xA0): not followed, "
        "ASCII stays ASCII. Perl fails on the <LR>-tagged ASCII bytes."),
    "MacThai": (
        "Apple maps 22 bytes (0x83-0x8C, 0x8F, 0x92-0x9C) to a Thai mark + an Apple private-use "
        "variant tag (U+F873 low, U+F874 left, U+F875 low-left position): kept as sequences. "
        "Perl decodes them but does not encode the sequences."),
    "KOI8-RU": (
        "transcode today reads the label koi8-ru as WHATWG's KOI8-U, which differs at 9 bytes "
        "(0x93-0x9F: WHATWG keeps KOI8-R's graphics, KOI8-RU has quotes, dashes, ¤ ...): an "
        "alias collision, see aliases.tsv."),
    "ARMSCII-8": (
        "0xA4 0xA5 0xA9 0xAB 0xAC duplicate ASCII ')' '(' '.' ',' '-': decode-only, the "
        "encoder writes ASCII as glibc does. M. Leisher's table maps 0xA1 to U+0530 (not a "
        "character) and 0xFF to U+0027; glibc leaves both unassigned: glibc chosen."),
    "TCVN5712-1": (
        "Each byte is one code point; 0xB0-0xB4 are the combining marks U+0300, U+0309, U+0303, "
        "U+0301, U+0323. glibc's converter goes further: decoding, it composes a base letter "
        "with a following mark (a + 0xB4 -> U+1EA1), and encoding, it writes 56 precomposed "
        "characters that have no byte of their own as base + mark (U+00D1 -> 4E B2). The table "
        "keeps the 1:1 mapping; composing or decomposing is left to the converter (see "
        "CROSSCHECK's TCVN section)."),
    "TIS-620": (
        "TIS-620 proper (glibc): 0x80-0x9F and 0xA0 unassigned. Python and M. Leisher map "
        "0x80-0x9F to the C1 controls; the standard defines only 0xA1-0xFB: glibc (the source, "
        "and the issue's reference) kept. ICU's tis-620 is an alias of windows-874 and its "
        "ibm-874 adds 0xA0 and 0xDB-0xDE, 0xFC-0xFF; transcode today reads tis-620 as "
        "windows-874 (WHATWG): alias collision."),
    "ISO-8859-11": (
        "As TIS-620 plus 0xA0 NO-BREAK SPACE and the C1 controls at 0x80-0x9F. transcode today "
        "reads iso-8859-11 as windows-874 (WHATWG), which differs at 9 bytes: alias collision."),
    "ISO-8859-9": (
        "transcode today reads iso-8859-9 (and latin5 ...) as windows-1254 (WHATWG), which "
        "differs at 25 bytes of 0x80-0x9F: alias collision."),
    "CP1006": (
        "0xB1 and 0xB2 are both U+FE8E ARABIC LETTER ALEF FINAL FORM in the Unicode "
        "Consortium's CP1006.TXT. ICU keeps 0xB1 and maps 0xB2 to a private-use character, "
        "Python encodes U+FE8E to 0xB2, Perl leaves 0xB1 unassigned. Chosen: the file's "
        "mapping, both decode to U+FE8E and the encoder writes 0xB1 (ICU, the first entry). "
        "ICU also differs at 0xC7, 0xD5, 0xD6, 0xE3, 0xF9-0xFB (other presentation forms)."),
    "HP-ROMAN8": (
        "ICU's ibm-1051 is IBM's version (7 bytes differ: 0xA0 unassigned, U+0060 at 0xA9, "
        "U+00A3 at 0xAF ...). Perl puts U+00FF at 0xFF instead of 0xEF. glibc and Python agree "
        "with the charmap."),
    "NEXTSTEP": (
        "The file maps 0xFE and 0xFF to U+FFFD ('.notdef'): unassigned here. The file gives "
        "only 0x80-0xFF and says 0x00-0x7F are ASCII."),
    "ATARIST": "No peer on this machine has it (GNU libiconv does; glibc, ICU, Python, Perl do not).",
}
