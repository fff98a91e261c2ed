//! `whatwg-dump decode LABEL` reads one hex byte string per line and prints the decoded code
//! points (hex, space separated) or `ERR`; `whatwg-dump encode LABEL` reads code points (hex,
//! space separated) and prints the encoded bytes (hex) or `ERR`. Each line is converted on its
//! own, from the initial state, with no replacement: a cross-check helper for tools/tables.
//! `decode-replace` and `encode-replace` do the same with WHATWG's replacement behaviour.
use encoding_rs::{DecoderResult, Encoding, EncoderResult};
use std::io::{BufRead, Write};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let enc = Encoding::for_label(args[2].as_bytes()).expect("unknown label");
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout());
    for line in stdin.lock().lines() {
        let line = line.unwrap();
        let res = match args[1].as_str() {
            "decode" => decode(enc, &line),
            "decode-replace" => Some(decode_replace(enc, &line)),
            "encode-replace" => Some(encode_replace(enc, &line)),
            _ => encode(enc, &line),
        };
        writeln!(out, "{}", res.unwrap_or_else(|| "ERR".to_string())).unwrap();
    }
}

fn decode(enc: &'static Encoding, hex: &str) -> Option<String> {
    let bytes: Vec<u8> = (0..hex.len() / 2)
        .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap())
        .collect();
    let mut dec = enc.new_decoder_without_bom_handling();
    let mut s = String::with_capacity(bytes.len() * 4 + 16);
    let (r, _) = dec.decode_to_string_without_replacement(&bytes, &mut s, true);
    match r {
        DecoderResult::InputEmpty => {
            Some(s.chars().map(|c| format!("{:X}", c as u32)).collect::<Vec<_>>().join(" "))
        }
        _ => None,
    }
}

fn unhex(hex: &str) -> Vec<u8> {
    (0..hex.len() / 2).map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap()).collect()
}

/// With the WHATWG replacement behaviour (U+FFFD per error), the code points in hex.
fn decode_replace(enc: &'static Encoding, hex: &str) -> String {
    let bytes = unhex(hex);
    let (s, _) = enc.decode_without_bom_handling(&bytes);
    s.chars().map(|c| format!("{:X}", c as u32)).collect::<Vec<_>>().join(" ")
}

/// With the WHATWG encoder (HTML numeric character references for unmappables), in hex.
fn encode_replace(enc: &'static Encoding, cps: &str) -> String {
    let s: String = cps
        .split_whitespace()
        .map(|x| char::from_u32(u32::from_str_radix(x, 16).unwrap()).unwrap())
        .collect();
    let (b, _, _) = enc.encode(&s);
    b.iter().map(|b| format!("{:02X}", b)).collect()
}

fn encode(enc: &'static Encoding, cps: &str) -> Option<String> {
    let s: String = cps
        .split_whitespace()
        .map(|x| char::from_u32(u32::from_str_radix(x, 16).unwrap()).unwrap())
        .collect();
    let mut e = enc.new_encoder();
    let mut buf = vec![0u8; s.len() * 8 + 16];
    let (r, _, written) = e.encode_from_utf8_without_replacement(&s, &mut buf, true);
    match r {
        EncoderResult::InputEmpty => {
            Some(buf[..written].iter().map(|b| format!("{:02X}", b)).collect())
        }
        _ => None,
    }
}
