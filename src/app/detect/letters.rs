//! Which characters are letters, answered quickly for the scripts the candidate encodings
//! decode to: every piece of detection evidence asks it of every character.

#![forbid(unsafe_code)]

/// `c.is_alphabetic()`, answered without the Unicode table's search for the letters of the
/// scripts the candidates decode to (the search was half of the detector's time).
pub fn is_letter(c: char) -> bool {
    match c as u32 {
        0x41..=0x5A | 0x61..=0x7A => true,
        0x00..=0x7F | 0xD7 | 0xF7 => false,
        0x80..=0xA9
        | 0xAB..=0xB4
        | 0xB6..=0xB9
        | 0xBB..=0xBF
        | 0x2000..=0x206F
        | 0x20A0..=0x20CF
        | 0x2500..=0x25FF => false,
        0xC0..=0x24F
        | 0x391..=0x3A1
        | 0x3A3..=0x3CE
        | 0x400..=0x481
        | 0x48A..=0x52F
        | 0x386
        | 0x388..=0x38A
        | 0x38C
        | 0x38E..=0x390
        | 0x5D0..=0x5EA
        | 0xE01..=0xE3A
        | 0x621..=0x63A
        | 0x641..=0x64A
        | 0x3041..=0x3096
        | 0x30A1..=0x30FA
        | 0x4E00..=0x9FFF
        | 0xAC00..=0xD7A3 => true,
        _ => c.is_alphabetic(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_letter_is_is_alphabetic() {
        for u in 0..0x1_0000 {
            if let Some(c) = char::from_u32(u) {
                assert_eq!(is_letter(c), c.is_alphabetic(), "U+{u:04X}");
            }
        }
    }
}
