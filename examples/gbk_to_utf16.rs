//! Reads a GBK file through `DecodeReader` and writes it as UTF-16LE (with a BOM, as Windows
//! Notepad writes "Unicode") through `EncodeWriter`, line by line, in bounded memory.
//!
//! ```text
//! cargo run --example gbk_to_utf16 -- examples/notepad-ansi.txt out.txt
//! ```
//!
//! A byte that is not GBK stops it with the file, line, column and bytes, exit status 1.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;
use transcoder::{Charset, DecodeReader, EncodeWriter, Options};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = args.as_slice() else {
        eprintln!("usage: gbk_to_utf16 INPUT.gbk OUTPUT.txt");
        return ExitCode::from(2);
    };
    match convert(input, output) {
        Ok(lines) => {
            eprintln!("{input}: {lines} lines written to {output} as UTF-16LE");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gbk_to_utf16: {e}");
            ExitCode::from(1)
        }
    }
}

fn convert(input: &str, output: &str) -> Result<u64, transcoder::Error> {
    let gbk = Charset::for_label("GBK")?;
    let utf16 = Charset::for_label("UTF-16LE")?;
    let reader = DecodeReader::with_options(File::open(input)?, gbk, Options::new().name(input));
    let out = BufWriter::new(File::create(output)?);
    let mut writer = EncodeWriter::with_options(out, utf16, Options::new().add_bom(true))?;
    let mut lines = 0;
    // The reader gives UTF-8, so the standard library's line splitting works on it.
    for line in BufReader::new(reader).lines() {
        writeln!(writer, "{}", line?)?;
        lines += 1;
    }
    writer.finish()?.flush()?;
    Ok(lines)
}
