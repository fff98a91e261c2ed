//! Turning FILE arguments into the list of files a batch run works on: directories walked
//! with `-r`, `--include`/`--exclude` globs applied to what the walk finds, and every
//! argument that cannot be used reported for itself without stopping the others.

#![forbid(unsafe_code)]

use globset::{Glob, GlobSet, GlobSetBuilder};
use std::path::{Path, PathBuf};

/// One file to work on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// The path as given or as found by the walk (what messages show).
    pub path: PathBuf,
    /// Where `--output-dir` puts the file's conversion: a file argument's path without its
    /// root, `.` and `..` parts (`notes/a.txt` goes to `DIR/notes/a.txt`), a walked file's
    /// path inside the directory walked (`-r docs` puts `docs/x/a.txt` at `DIR/x/a.txt`).
    pub relative: PathBuf,
}

/// What an argument turned into, in order.
#[derive(Debug)]
pub enum Item {
    /// A file to convert.
    File(Target),
    /// A path passed over, with the reason (`-r` found a symlink, ...).
    Skipped(PathBuf, String),
    /// An argument that cannot be used (a directory without `-r`, a walk error).
    Error(PathBuf, std::io::Error),
}

/// How to expand arguments.
#[derive(Clone, Debug, Default)]
pub struct Walk {
    /// `-r`.
    pub recursive: bool,
    /// `--include`: when any is given, a walked file must match one.
    pub include: Vec<String>,
    /// `--exclude`: a walked file or directory matching one is left out.
    pub exclude: Vec<String>,
}

fn globset(patterns: &[String]) -> Result<GlobSet, globset::Error> {
    let mut b = GlobSetBuilder::new();
    for p in patterns {
        b.add(Glob::new(p)?);
    }
    b.build()
}

/// A glob matches a path when it matches the file name or the whole relative path, so that
/// both `*.txt` and `docs/**/*.md` do what they look like.
fn matches(set: &GlobSet, relative: &Path) -> bool {
    set.is_match(relative) || relative.file_name().is_some_and(|n| set.is_match(n))
}

impl Walk {
    /// Expands `args` into items, in argument order and, within a directory, in name order
    /// (so the output never depends on the file system's order).
    pub fn expand(&self, args: &[PathBuf]) -> anyhow::Result<Vec<Item>> {
        let include = globset(&self.include)?;
        let exclude = globset(&self.exclude)?;
        let mut items = Vec::new();
        for arg in args {
            let is_dir = std::fs::metadata(arg).map(|m| m.is_dir()).unwrap_or(false);
            if !is_dir {
                items.push(Item::File(Target {
                    path: arg.clone(),
                    relative: normalized(arg),
                }));
            } else if !self.recursive {
                let e = std::io::Error::new(
                    std::io::ErrorKind::IsADirectory,
                    "is a directory (use -r to convert the files in it)",
                );
                items.push(Item::Error(arg.clone(), e));
            } else {
                self.walk_dir(arg, &include, &exclude, &mut items);
            }
        }
        Ok(items)
    }

    fn walk_dir(&self, root: &Path, include: &GlobSet, exclude: &GlobSet, items: &mut Vec<Item>) {
        let walker = walkdir::WalkDir::new(root)
            .follow_links(false)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| {
                let rel = e.path().strip_prefix(root).unwrap_or(e.path());
                e.depth() == 0 || !matches(exclude, rel)
            });
        for entry in walker {
            let entry = match entry {
                Ok(e) => e,
                Err(e) => {
                    let path = e.path().unwrap_or(root).to_path_buf();
                    let io = e
                        .into_io_error()
                        .unwrap_or_else(|| std::io::Error::other("file system loop"));
                    items.push(Item::Error(path, io));
                    continue;
                }
            };
            let rel = entry.path().strip_prefix(root).unwrap_or(entry.path());
            let kind = entry.file_type();
            if kind.is_dir() {
                continue;
            }
            if !self.include.is_empty() && !matches(include, rel) {
                continue;
            }
            if kind.is_symlink() {
                let why = "a symbolic link met in a walk (name it as an argument to convert \
                           the file it points to)";
                items.push(Item::Skipped(entry.path().to_path_buf(), why.to_string()));
                continue;
            }
            if !kind.is_file() {
                items.push(Item::Skipped(
                    entry.path().to_path_buf(),
                    "not a regular file".to_string(),
                ));
                continue;
            }
            items.push(Item::File(Target {
                path: entry.path().to_path_buf(),
                relative: rel.to_path_buf(),
            }));
        }
    }
}

/// `path` without its root, `.` and `..` parts.
fn normalized(path: &Path) -> PathBuf {
    path.components()
        .filter(|c| matches!(c, std::path::Component::Normal(_)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walk_filters_and_orders() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir_all(d.join("sub/skip")).unwrap();
        for f in ["b.txt", "a.txt", "c.bin", "sub/d.txt", "sub/skip/e.txt"] {
            std::fs::write(d.join(f), "x").unwrap();
        }
        let walk = Walk {
            recursive: true,
            include: vec!["*.txt".into()],
            exclude: vec!["skip".into()],
        };
        let items = walk.expand(&[d.to_path_buf()]).unwrap();
        let rels: Vec<_> = items
            .iter()
            .map(|i| match i {
                Item::File(t) => t.relative.display().to_string(),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(rels, ["a.txt", "b.txt", "sub/d.txt"]);
    }

    #[test]
    fn directory_without_recursion_is_an_error_for_itself() {
        let dir = tempfile::tempdir().unwrap();
        let items = Walk::default().expand(&[dir.path().to_path_buf()]).unwrap();
        assert!(matches!(items[0], Item::Error(..)));
    }
}
