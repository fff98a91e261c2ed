//! The command line, as clap parses it. Nothing else lives here.

#![forbid(unsafe_code)]

use crate::convert::Newline;
use crate::convert::normalize::NormalForm;
use crate::convert::unmappable::CharFormat;
use clap::{Arg, CommandFactory, Parser, ValueEnum};
use std::path::PathBuf;

/// What `--errors` accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ErrorsArg {
    /// Stop at the first ill-formed input or unmappable character (exit 1).
    Strict,
    /// Write U+FFFD for each ill-formed sequence, U+FFFD or '?' for unmappable characters.
    Replace,
    /// Keep each ill-formed byte b as U+DC00+b, written back as b: lossless round trips
    /// (unmappable characters are still errors).
    Escape,
    /// Python's backslashreplace: each ill-formed byte as \xNN, each unmappable character as
    /// \xNN, \uNNNN or \UNNNNNNNN.
    Backslash,
    /// Python's surrogatepass: unpaired surrogates of UTF-16/UTF-32 input go to UTF-8 as three
    /// bytes (ED A0 80 for U+D800) and to UTF-16/UTF-32 as themselves; otherwise strict.
    #[value(name = "surrogatepass")]
    SurrogatePass,
}

/// What `--unmappable` accepts: how to write a character the output encoding cannot hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum UnmappableArg {
    /// \xe9 \u4e2d \U0001f600 (Python's backslashreplace).
    #[value(alias = "backslashreplace")]
    Backslash,
    /// &#20013; (Python's xmlcharrefreplace, ICU's escape-xml-dec).
    #[value(aliases = ["xmlcharrefreplace", "escape-xml-dec"])]
    XmlDec,
    /// &#x4E2D; (ICU's escape-xml-hex).
    #[value(aliases = ["escape-xml-hex", "escape-xml"])]
    XmlHex,
    /// &eacute; where HTML has a named entity, else &#20013;.
    Html,
    /// \N{CJK UNIFIED IDEOGRAPH-4E2D} (Python's namereplace; backslash where there is no name).
    #[value(alias = "namereplace")]
    Name,
    /// \u4E2D, astral characters as \uD83D\uDE00 (ICU's escape-java).
    #[value(alias = "escape-java")]
    Java,
    /// \u4E2D \U0001F600 (C99 and C++ universal character names, ICU's escape-c).
    #[value(alias = "escape-c")]
    C99,
    /// \4E2D followed by a space (a CSS escape).
    Css,
    /// %U4E2D, astral characters as %UD83D%UDE00 (ICU's escape and escape-icu).
    #[value(aliases = ["escape-icu", "escape"])]
    Icu,
    /// {U+4E2D} (ICU's escape-unicode).
    #[value(alias = "escape-unicode")]
    Unicode,
}

impl From<UnmappableArg> for CharFormat {
    fn from(arg: UnmappableArg) -> CharFormat {
        match arg {
            UnmappableArg::Backslash => CharFormat::Backslash,
            UnmappableArg::XmlDec => CharFormat::XmlDec,
            UnmappableArg::XmlHex => CharFormat::XmlHex,
            UnmappableArg::Html => CharFormat::Html,
            UnmappableArg::Name => CharFormat::Name,
            UnmappableArg::Java => CharFormat::Java,
            UnmappableArg::C99 => CharFormat::C99,
            UnmappableArg::Css => CharFormat::Css,
            UnmappableArg::Icu => CharFormat::Icu,
            UnmappableArg::Unicode => CharFormat::Unicode,
        }
    }
}

/// What `--normalize` accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum NormalizeArg {
    /// Canonical composition (é as one character): what most text on the web is in.
    Nfc,
    /// Canonical decomposition (é as e and a combining accent), as macOS file names have it.
    Nfd,
    /// Compatibility composition: NFC, and also ligatures, fullwidth forms, superscripts and
    /// the like replaced by their plain equivalents (the fi ligature as fi, a fullwidth A as
    /// A).
    Nfkc,
    /// Compatibility decomposition.
    Nfkd,
}

impl From<NormalizeArg> for NormalForm {
    fn from(arg: NormalizeArg) -> NormalForm {
        match arg {
            NormalizeArg::Nfc => NormalForm::Nfc,
            NormalizeArg::Nfd => NormalForm::Nfd,
            NormalizeArg::Nfkc => NormalForm::Nfkc,
            NormalizeArg::Nfkd => NormalForm::Nfkd,
        }
    }
}

/// What `--newline` accepts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum NewlineArg {
    /// Leave line endings as they are.
    #[default]
    Keep,
    /// Unix: LF.
    Lf,
    /// Windows: CR LF.
    Crlf,
    /// Classic Mac OS: CR.
    Cr,
}

impl From<NewlineArg> for Newline {
    fn from(arg: NewlineArg) -> Newline {
        match arg {
            NewlineArg::Keep => Newline::Keep,
            NewlineArg::Lf => Newline::Lf,
            NewlineArg::Crlf => Newline::Crlf,
            NewlineArg::Cr => Newline::Cr,
        }
    }
}

const EXAMPLES: &str = "\
Examples:
  transcode -f GBK -o notes.utf8.txt notes.txt    Notepad \"ANSI\" (GBK) to UTF-8
  transcode -o notes.utf8.txt notes.txt           Notepad \"Unicode\" (its BOM tells) to UTF-8
  transcode -t UTF-16 -o out.txt in.txt           UTF-8 to Notepad \"Unicode\" (BOM, LE)
  transcode --add-bom -o out.txt in.txt           UTF-8 to \"UTF-8 with BOM\"
  cat data | transcode -f latin1 | sort           in a pipeline
  transcode -f GBK -i -r --include '*.txt' docs   every .txt under docs, in place
  transcode --check -f UTF-8 -r src               report invalid UTF-8, change nothing
  transcode -f GBK --errors escape a.txt > a.u8   keep bad bytes; get them back with
  transcode -f UTF-8 -t GBK --errors escape a.u8  (byte-exact via UTF-8 for UTF-8, GBK,
                                                  GB18030; via UTF-16 or UTF-32 for all)
  transcode -t latin1 --unmappable xml-dec a.txt  what latin1 lacks as &#20013;
  transcode -t ascii --unmappable-format '<U+%04X>' a.txt   ... as <U+4E2D> (libiconv)
  transcode -f UTF-8 --byte-format '<0x%02X>' a.txt   bad bytes as <0xFF> (libiconv)
  transcode -f latin1 -t ascii --errors backslash a.txt   bad bytes and unmappable
                                                  characters as \\xe9 (Python)
  transcode -f UTF-16LE --errors surrogatepass a.txt   lone surrogates to UTF-8 (Python)
  transcode -f UTF-8 -t UTF-8 --normalize nfc a.txt   decomposed (macOS) text to NFC
  transcode -v -f GBK -i *.txt                    name each file as it is converted

Exit status: 0 converted; 1 data not convertible under the policy (or -c dropped
something); 2 usage error, unknown encoding or I/O error. A closed pipe ends quietly (0).";

/// Convert text between character encodings, in the tradition of iconv.
///
/// Reads each FILE (standard input when there is none, or for '-') and writes one output
/// stream. Labels are case-insensitive; 'transcode --list' shows them all.
///
/// Strict by default: the first byte that is not valid in the input encoding, or the first
/// character the output encoding cannot hold, stops the run with its position (line, column
/// and byte offset) and exit status 1. --errors and -c choose otherwise.
///
/// Long options may be shortened to any unambiguous prefix (--to-c, --verb), as iconv's
/// argument parser allows.
#[derive(Debug, Parser)]
#[command(
    name = "transcode",
    version,
    after_long_help = EXAMPLES,
    infer_long_args = true,
    disable_help_flag = true
)]
pub struct Cli {
    /// Files to convert; '-' or none reads standard input.
    #[arg(value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub files: Vec<PathBuf>,

    /// Encoding of the input; 'auto' reads a BOM, then tries UTF-8, then guesses.
    ///
    /// 'auto': a byte order mark decides; else UTF-16 or UTF-32 recognised by their zero
    /// bytes; else UTF-8 if the whole file (the first 64 KiB of a stream) is valid UTF-8, or
    /// mostly so (32 non-ASCII characters before its first bad byte); else a guess, with a
    /// note on standard error. A BOM that matches the encoding is removed (see --keep-bom).
    #[arg(
        short,
        long,
        value_name = "LABEL",
        default_value = "auto",
        alias = "from-code"
    )]
    pub from: String,

    /// Encoding of the output; LABEL//IGNORE means the same as -c.
    ///
    /// LABEL//TRANSLIT approximates characters LABEL cannot hold ('é' as 'e', '€' as 'EUR'),
    /// and writes '?' for those it cannot approximate. UTF-16, UTF-32 and UCS-2 write a BOM
    /// and then little-endian; UTF-8 and the LE/BE forms write no BOM unless --add-bom.
    #[arg(
        short,
        long,
        value_name = "LABEL",
        default_value = "UTF-8",
        alias = "to-code"
    )]
    pub to: String,

    /// List every encoding with its aliases, and exit.
    ///
    /// On a terminal, or with --verbose, grouped by family, each name with its aliases;
    /// otherwise (in a pipe, as glibc's iconv -l does) one label a line as NAME//, so that
    /// `transcode -l | grep -q '^UTF-8//'` works.
    #[arg(short, long)]
    pub list: bool,

    /// Write to FILE (created only if the conversion succeeds) instead of standard output.
    ///
    /// The output goes to a temporary file beside FILE, renamed over it at the end: FILE is
    /// never left half-written, and is kept as it was when the conversion fails. With -c it
    /// is written even when something was dropped (exit 1). FILE may be an input: that
    /// converts it in place, as -i does. '-o -' is standard output.
    #[arg(short, long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub output: Option<PathBuf>,

    /// Drop ill-formed input and unmappable characters; exit 1 if anything was dropped.
    ///
    /// With //TRANSLIT, a character with no approximation is written as '?' instead (as
    /// iconv writes it), which is not dropping it.
    #[arg(short = 'c')]
    pub discard: bool,

    /// Print no notes or summaries on standard error (errors still are).
    #[arg(short, long)]
    pub silent: bool,

    /// What to do with ill-formed input and unmappable characters.
    ///
    /// --unmappable says what to write for unmappable characters instead, and --byte-format
    /// what to write for each ill-formed byte.
    #[arg(long, value_enum, value_name = "POLICY", default_value_t = ErrorsArg::Strict)]
    pub errors: ErrorsArg,

    /// Write each character the output encoding cannot hold as a code in FORMAT.
    ///
    /// Whatever --errors says (which then covers ill-formed input only); after //TRANSLIT's
    /// approximations, instead of its '?'. The output encoding must be able to hold the
    /// codes themselves (checked before anything is converted). Peers' names are accepted too
    /// (backslashreplace, xmlcharrefreplace, namereplace, escape-java, escape-c, escape-icu,
    /// escape-xml-hex, escape-unicode).
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub unmappable: Option<UnmappableArg>,

    /// Write each character the output encoding cannot hold by a printf template.
    ///
    /// As libiconv's --unicode-subst: the code point goes into the template's one
    /// conversion (%d, %i, %u, %x, %X or %o, with flags, width and precision), e.g.
    /// '<U+%04X>' or '&#%d;'; %% is a percent sign.
    #[arg(long, value_name = "TEMPLATE", conflicts_with = "unmappable")]
    pub unmappable_format: Option<String>,

    /// Write each ill-formed input byte by a printf template.
    ///
    /// As libiconv's --byte-subst: the byte goes into the template's one conversion, e.g.
    /// '<0x%02X>', '\x%02X' (what ICU's escape-c writes), '%%X%02X' (ICU's escape). With
    /// --errors strict (then unmappable characters still stop the conversion) or -c (then
    /// they are dropped).
    #[arg(long, value_name = "TEMPLATE")]
    pub byte_format: Option<String>,

    /// Put the text in a Unicode normalization form between decoding and encoding.
    ///
    /// Streams: a file of any size is normalized in bounded memory, cut only where
    /// normalization allows. Text that is already in the form (ASCII, Chinese) is passed on
    /// as it is.
    #[arg(long, value_enum, value_name = "FORM")]
    pub normalize: Option<NormalizeArg>,

    /// Name each FILE on standard error as it is converted (as iconv --verbose does); with
    /// -i, --output-dir or --check, one line per file with what became of it; with --detect,
    /// the confidence and the runners-up.
    #[arg(short, long, conflicts_with = "silent")]
    pub verbose: bool,

    /// Start the output with a byte order mark (UTF-8 with BOM, UTF-16LE with BOM, ...).
    ///
    /// For the Unicode encodings and GB18030 (84 31 95 33); refused for the others. Written
    /// even when there is no other output; with several FILEs, once.
    #[arg(long)]
    pub add_bom: bool,

    /// Pass a leading BOM through as U+FEFF instead of removing it.
    ///
    /// Only the BOM of the first FILE can reach the output, and not when the output starts
    /// with a BOM of its own (-t UTF-16, --add-bom).
    #[arg(long)]
    pub keep_bom: bool,

    /// Read files with read() instead of memory-mapping them.
    #[arg(long)]
    pub no_mmap: bool,

    /// Convert each FILE in place: written to a temporary file beside it, then renamed over it.
    #[arg(short = 'i', long, conflicts_with_all = ["output", "output_dir"])]
    pub in_place: bool,

    /// With -i, keep each file's modification time.
    #[arg(long)]
    pub preserve_mtime: bool,

    /// Write each converted FILE under DIR, at the same relative path.
    #[arg(long, value_name = "DIR", conflicts_with = "output", value_hint = clap::ValueHint::DirPath)]
    pub output_dir: Option<PathBuf>,

    /// Walk the directories given as FILE (with -i, --output-dir, --check or --detect).
    #[arg(short, long)]
    pub recursive: bool,

    /// With -r, convert only the files that match GLOB (e.g. '*.txt'); repeatable.
    #[arg(long, value_name = "GLOB")]
    pub include: Vec<String>,

    /// With -r, leave out files and directories that match GLOB; repeatable.
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,

    /// Convert files that look binary (a NUL byte in their first 8 KiB) instead of skipping them.
    #[arg(long)]
    pub binary: bool,

    /// Use N cores: N files at once, or one large file split across N [default: the cores].
    ///
    /// A batch (-i, --output-dir, --check, --detect) converts N files at once, each on one
    /// core. One output stream splits a large file (16 MiB or more, a legacy multi-byte
    /// charset on either side, or UTF-8 to UTF-16) across N cores; -j 1 converts it on one.
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<usize>,

    /// Print each FILE's encoding and line endings, and convert nothing.
    #[arg(long, conflicts_with_all = ["check", "in_place", "output_dir", "output"])]
    pub detect: bool,

    /// With --detect, print one JSON object per line (with confidence and runners-up).
    #[arg(long, requires = "detect")]
    pub json: bool,

    /// Validate only: report every ill-formed sequence, write nothing, exit 1 if any.
    #[arg(long, conflicts_with_all = ["in_place", "output_dir", "output"])]
    pub check: bool,

    /// With --check, report at most N problems per file.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub max_errors: usize,

    /// Convert line endings to lf, crlf or cr (on characters, so UTF-16 works too).
    #[arg(long, value_enum, value_name = "STYLE", default_value_t = NewlineArg::Keep)]
    pub newline: NewlineArg,

    /// Print help ('-h' a summary, '--help' all of it; '-?' as iconv has it).
    #[arg(short = 'h', long, short_alias = '?', action = clap::ArgAction::Help)]
    pub help: Option<bool>,

    /// Print a short usage message, and exit.
    #[arg(long)]
    pub usage: bool,

    /// glibc iconv's test option for the size of its output buffer: accepted so that its
    /// scripts run, and without effect (transcode's output does not depend on its buffers).
    #[arg(long, value_name = "BYTES", hide = true, value_parser = clap::value_parser!(u64).range(1..))]
    pub buffer_size: Option<u64>,
}

/// The short usage message of `--usage`, in the shape of iconv's (GNU argp's): the flags,
/// the short options with their values, every long option, then the files.
pub fn usage() -> String {
    let mut cmd = Cli::command();
    cmd.build();
    let value = |a: &Arg| {
        let names = a.get_value_names().unwrap_or_default();
        names
            .first()
            .map_or_else(|| "VALUE".to_string(), |v| v.to_string())
    };
    let takes_value = |a: &Arg| a.get_action().takes_values();
    let options: Vec<&Arg> = cmd
        .get_arguments()
        .filter(|a| !a.is_hide_set() && !a.is_positional())
        .collect();
    let mut flags: Vec<char> = options
        .iter()
        .filter(|a| !takes_value(a))
        .flat_map(|a| {
            a.get_short()
                .into_iter()
                .chain(a.get_all_short_aliases().unwrap_or_default())
        })
        .collect();
    flags.sort_by_key(|c| (!c.is_ascii_lowercase(), *c));
    let mut items = vec![format!("[-{}]", flags.iter().collect::<String>())];
    for a in options.iter().filter(|a| takes_value(a)) {
        if let Some(short) = a.get_short() {
            items.push(format!("[-{short} {}]", value(a)));
        }
    }
    for a in &options {
        if let Some(long) = a.get_long() {
            items.push(match takes_value(a) {
                true => format!("[--{long}={}]", value(a)),
                false => format!("[--{long}]"),
            });
        }
    }
    items.push("[FILE...]".to_string());
    wrap("Usage: transcode", &items, 79)
}

/// `items` after `lead`, separated by spaces, in lines of at most `width` columns (an item
/// never split), continued under the first item.
fn wrap(lead: &str, items: &[String], width: usize) -> String {
    let indent = " ".repeat(lead.len() + 1);
    let mut out = lead.to_string();
    let mut column = lead.len();
    for item in items {
        if column + 1 + item.len() > width && column > indent.len() {
            out += "\n";
            out += &indent;
            column = indent.len();
        } else {
            out.push(' ');
            column += 1;
        }
        out += item;
        column += item.len();
    }
    out.push('\n');
    out
}
