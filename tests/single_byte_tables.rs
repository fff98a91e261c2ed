//! The generator of the single-byte code pages' Rust tables, and the test that keeps them
//! current. `src/codecs/single_byte/generated.rs` is made from `data/single-byte/*.txt`
//! (each table names its source; see data/single-byte/README.md), and
//! `src/codecs/labels/aliases.rs` from `data/single-byte/aliases.tsv`. When the committed
//! files differ from what the data gives, the test fails; regenerate them with
//!
//! ```text
//! TRANSCODE_REGENERATE=1 cargo test --test single_byte_tables
//! ```
//!
//! and commit the result. Nobody edits either file by hand.

mod tables {
    pub mod aliases;
    pub mod data;
    pub mod rust;
}

use std::path::PathBuf;
use tables::{aliases, data, rust};

const REGENERATE: &str = "TRANSCODE_REGENERATE=1 cargo test --test single_byte_tables";
const TABLES_RS: &str = "src/codecs/single_byte/generated.rs";
const ALIASES_RS: &str = "src/codecs/labels/aliases.rs";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Checks that `path` holds `expected`, or writes it when regenerating; a complaint if not.
fn check(path: &str, expected: &str) -> Option<String> {
    let full = root().join(path);
    let actual = std::fs::read_to_string(&full).ok();
    if actual.as_deref() == Some(expected) {
        return None;
    }
    if std::env::var_os("TRANSCODE_REGENERATE").is_some_and(|v| v == "1") {
        std::fs::write(&full, expected).unwrap();
        eprintln!("regenerated {path}");
        return None;
    }
    let why = if actual.is_none() {
        "is missing"
    } else {
        "is out of date"
    };
    Some(format!("{path} {why}"))
}

#[test]
fn generated_tables_match_the_data() {
    let pages = data::load_all(&root().join("data/single-byte"));
    assert!(pages.len() >= 70, "only {} tables", pages.len());
    let complaint = check(TABLES_RS, &rust::render(&pages));
    assert!(
        complaint.is_none(),
        "{complaint:?}: regenerate with\n\n    {REGENERATE}\n"
    );
}

#[test]
fn generated_aliases_match_the_list() {
    let rows = aliases::load(&root().join("data/single-byte/aliases.tsv"));
    let complaint = check(ALIASES_RS, &aliases::render(&rows));
    assert!(
        complaint.is_none(),
        "{complaint:?}: regenerate with\n\n    {REGENERATE}\n"
    );
}
