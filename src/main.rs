//! The `transcode` command: parse the command line, run, and exit with the status the run
//! calls for (0 converted, 1 data not convertible under the policy, 2 usage or I/O error).

#![forbid(unsafe_code)]

use clap::Parser;

fn main() {
    transcoder::io::sigbus::install();
    let cli = transcoder::app::cli::Cli::parse();
    let code = transcoder::app::run::run(&cli).unwrap_or_else(|e| {
        eprintln!("transcode: {e:#}");
        2
    });
    std::process::exit(code);
}
