//! Files that appear whole or not at all: output goes to a temporary file beside the target,
//! which is synced and renamed over it only when the conversion succeeded.
//!
//! In place, the new bytes are first compared with the old ones as they are produced, and the
//! temporary file is only created at the first difference: a file the conversion would not
//! change is never rewritten (not even in a directory we cannot write to).

#![forbid(unsafe_code)]

use super::error::IoError;
use std::fs::{self, File, FileTimes};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use tempfile::NamedTempFile;

/// What became of a file output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// The file was written (or replaced) and is on disk.
    Replaced,
    /// The new content equals the file's old content, which was left alone.
    Unchanged,
    /// Not a file output, or it failed: nothing was created.
    Nothing,
}

/// How a file output replaces an existing file (`-i`).
#[derive(Clone, Debug, Default)]
pub struct Replace {
    /// Keep the old file's owner and group (where the process may).
    pub keep_owner: bool,
    /// Keep the old file's modification time.
    pub keep_mtime: bool,
    /// Leave the target alone when the new content equals this file's.
    pub skip_if_same_as: Option<PathBuf>,
}

/// The prefix of our temporary files, followed by the writing process's id.
const TEMP_PREFIX: &str = ".transcode-";

/// A file being written atomically.
pub struct AtomicFile {
    target: PathBuf,
    /// The name to show in messages (the path as the user gave it).
    name: String,
    replace: Replace,
    /// The old content, while everything written so far equals its start.
    original: Option<(File, u64)>,
    /// How many bytes written so far equal the old content.
    matched: u64,
    temp: Option<(NamedTempFile, super::sigbus::TempGuard)>,
}

impl AtomicFile {
    /// Prepares to write `target`. Unless the old content is to be compared, the temporary
    /// file is created at once, so that an unwritable directory is reported before any work.
    pub fn new(target: &Path, name: &str, replace: Replace) -> Result<AtomicFile, IoError> {
        let original = match &replace.skip_if_same_as {
            Some(path) => File::open(path)
                .and_then(|f| Ok((f.metadata()?.len(), f)))
                .ok()
                .map(|(len, f)| (f, len)),
            None => None,
        };
        let mut file = AtomicFile {
            target: target.to_path_buf(),
            name: name.to_string(),
            replace,
            original,
            matched: 0,
            temp: None,
        };
        if file.original.is_none() {
            file.create_temp()?;
        }
        Ok(file)
    }

    fn fail(&self, e: io::Error) -> IoError {
        IoError::new(format!("cannot write {}", self.name), e)
    }

    /// Writes `bytes` after what was written before.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), IoError> {
        if self.temp.is_none() {
            if self.still_same(bytes).map_err(|e| self.fail(e))? {
                self.matched += bytes.len() as u64;
                return Ok(());
            }
            self.create_temp()?;
        }
        let result = match &mut self.temp {
            Some((temp, _)) => temp.as_file_mut().write_all(bytes),
            None => Ok(()),
        };
        result.map_err(|e| self.fail(e))
    }

    /// True when `bytes` are what the old content has next.
    fn still_same(&self, bytes: &[u8]) -> io::Result<bool> {
        let Some((file, len)) = &self.original else {
            return Ok(false);
        };
        if self.matched + bytes.len() as u64 > *len {
            return Ok(false);
        }
        let mut old = vec![0u8; bytes.len()];
        super::platform::read_exact_at(file, &mut old, self.matched)?;
        Ok(old == bytes)
    }

    /// Creates the temporary file beside the target, with the target's permissions (and
    /// owner, if asked and allowed), holding the old bytes that matched so far.
    fn create_temp(&mut self) -> Result<(), IoError> {
        let dir = match self.target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        remove_stale_temps(dir);
        let temp = tempfile::Builder::new()
            .prefix(&format!("{TEMP_PREFIX}{}-", std::process::id()))
            .suffix(".tmp")
            .tempfile_in(dir)
            .map_err(|e| self.fail(e))?;
        let guard = super::sigbus::TempGuard::new(temp.path());
        let old = fs::metadata(&self.target).ok();
        let keep_owner = self.replace.keep_owner;
        super::platform::copy_permissions(temp.path(), temp.as_file(), old.as_ref(), keep_owner)
            .map_err(|e| self.fail(e))?;
        self.temp = Some((temp, guard));
        self.copy_matched_prefix()
    }

    fn copy_matched_prefix(&mut self) -> Result<(), IoError> {
        let (Some((file, _)), Some((temp, _))) = (&self.original, &mut self.temp) else {
            return Ok(());
        };
        let mut buf = vec![0u8; 64 * 1024];
        let mut at = 0u64;
        let result = (|| {
            while at < self.matched {
                let n = buf.len().min((self.matched - at) as usize);
                super::platform::read_exact_at(file, &mut buf[..n], at)?;
                temp.as_file_mut().write_all(&buf[..n])?;
                at += n as u64;
            }
            Ok(())
        })();
        result.map_err(|e: io::Error| self.fail(e))
    }

    /// Puts the file in place: unchanged if every byte matched the old content, else the
    /// temporary file, synced, renamed over the target.
    pub fn finish(mut self) -> Result<Written, IoError> {
        if self.temp.is_none() {
            if let Some((_, len)) = &self.original
                && *len == self.matched
            {
                return Ok(Written::Unchanged);
            }
            self.create_temp()?;
        }
        let Some((temp, _guard)) = self.temp.take() else {
            return Ok(Written::Nothing);
        };
        if self.replace.keep_mtime {
            let old = fs::metadata(&self.target).map_err(|e| self.fail(e))?;
            let times = FileTimes::new()
                .set_accessed(old.accessed().map_err(|e| self.fail(e))?)
                .set_modified(old.modified().map_err(|e| self.fail(e))?);
            temp.as_file().set_times(times).map_err(|e| self.fail(e))?;
        }
        temp.as_file().sync_all().map_err(|e| self.fail(e))?;
        temp.persist(&self.target).map_err(|e| self.fail(e.error))?;
        Ok(Written::Replaced)
    }
}

/// Removes temporary files that a killed run of ours left in `dir`: those whose process is
/// gone. A live process's files are never touched.
fn remove_stale_temps(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix(TEMP_PREFIX)) else {
            continue;
        };
        let Some(pid) = rest.split('-').next().and_then(|p| p.parse::<u32>().ok()) else {
            continue;
        };
        // Without /proc (macOS, the BSDs, Windows) whether the process lives is not known:
        // its file is left alone.
        let alive =
            !Path::new("/proc/self").exists() || Path::new("/proc").join(pid.to_string()).exists();
        if !alive && rest.ends_with(".tmp") {
            let _ = fs::remove_file(entry.path());
        }
    }
}
