//! Where bytes go: standard output, or a file that appears only when the conversion succeeded.
//!
//! Writes go through one buffer that the encoders append to directly. Every write error is
//! reported (a full disk is not success); a closed pipe is recognised by the caller.

#![forbid(unsafe_code)]

use crate::errors::Failure;
use std::fs::{self, File, FileTimes};
use std::io::{self, Read, Write};
use std::os::fd::AsFd;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
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

/// Flush the buffer to the sink once it holds this many bytes.
const FLUSH_AT: usize = 128 * 1024;

/// The output stream of a run.
pub struct Output {
    sink: Sink,
    /// Encoded bytes not yet written; encoders append here.
    pub buf: Vec<u8>,
    written: u64,
    /// A BOM to write before the first bytes (`eager`: even if no bytes follow).
    bom: Option<(&'static [u8], bool)>,
}

enum Sink {
    Stdout(File),
    Memory(Vec<u8>),
    /// Bytes are counted and dropped (`--check`).
    Null,
    /// A temporary file beside `target`, renamed over it when everything succeeded.
    Temp {
        temp: NamedTempFile,
        target: PathBuf,
        replace: Replace,
        /// Removes the temporary file if a truncated input kills us (SIGBUS).
        _guard: crate::sigbus::TempGuard,
    },
}

impl Output {
    /// Standard output.
    pub fn stdout() -> Result<Output, Failure> {
        let fd = io::stdout()
            .as_fd()
            .try_clone_to_owned()
            .map_err(|e| Failure::io("cannot write to standard output", e))?;
        Ok(Output::new(Sink::Stdout(File::from(fd))))
    }

    /// The file `target`, written to a temporary file in the same directory and renamed over
    /// it only when everything succeeded. An existing target keeps its permissions.
    pub fn file(target: &Path, replace: Replace) -> Result<Output, Failure> {
        let dir = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let what = || format!("cannot write {}", target.display());
        remove_stale_temps(dir);
        let temp = tempfile::Builder::new()
            .prefix(&format!("{TEMP_PREFIX}{}-", std::process::id()))
            .suffix(".tmp")
            .tempfile_in(dir)
            .map_err(|e| Failure::io(what(), e))?;
        let old = fs::metadata(target).ok();
        let mode = old
            .as_ref()
            .map_or(0o666 & !umask(), |m| m.permissions().mode());
        fs::set_permissions(temp.path(), fs::Permissions::from_mode(mode))
            .map_err(|e| Failure::io(what(), e))?;
        if let (true, Some(m)) = (replace.keep_owner, &old) {
            // Only root may give a file away; keeping the group can still work.
            let f = temp.as_file();
            if std::os::unix::fs::fchown(f, Some(m.uid()), Some(m.gid())).is_err() {
                let _ = std::os::unix::fs::fchown(f, None, Some(m.gid()));
            }
        }
        let _guard = crate::sigbus::TempGuard::new(temp.path());
        Ok(Output::new(Sink::Temp {
            temp,
            target: target.to_path_buf(),
            replace,
            _guard,
        }))
    }

    /// An output that writes nothing (`--check`).
    pub fn null() -> Output {
        Output::new(Sink::Null)
    }

    /// An output kept in memory (for tests and embedding); see [`Output::into_bytes`].
    pub fn memory() -> Output {
        Output::new(Sink::Memory(Vec::new()))
    }

    /// Everything written to a memory output, BOM included (empty for other outputs).
    pub fn into_bytes(mut self) -> Vec<u8> {
        let _ = self.finish_bom_and_flush();
        match self.sink {
            Sink::Memory(v) => v,
            _ => Vec::new(),
        }
    }

    fn finish_bom_and_flush(&mut self) -> Result<(), Failure> {
        if self.at_start() && matches!(self.bom, Some((_, true))) {
            self.start()?;
        }
        self.flush()
    }

    /// Writes the BOM if this is the start of the output and one was asked for.
    fn start(&mut self) -> Result<(), Failure> {
        match self.bom {
            Some((bom, _)) if self.written == 0 => self.write(bom),
            _ => Ok(()),
        }
    }

    fn new(sink: Sink) -> Output {
        Output {
            sink,
            buf: Vec::with_capacity(FLUSH_AT + FLUSH_AT / 2),
            written: 0,
            bom: None,
        }
    }

    /// Asks for `bom` at the start of the output: before the first bytes, or with `eager`
    /// even when there are none.
    pub fn set_bom(&mut self, bom: &'static [u8], eager: bool) {
        self.bom = Some((bom, eager));
    }

    /// True when the output will start with a BOM of its own.
    pub fn has_bom(&self) -> bool {
        self.bom.is_some()
    }

    /// True when nothing has been written or buffered yet.
    pub fn at_start(&self) -> bool {
        self.written == 0 && self.buf.is_empty()
    }

    /// Writes the buffer out if it has grown large.
    pub fn maybe_flush(&mut self) -> Result<(), Failure> {
        if self.buf.len() >= FLUSH_AT {
            self.flush()?;
        }
        Ok(())
    }

    /// Appends UTF-8 text that needs no encoding; a large run is written straight from where
    /// it is, without a copy.
    pub fn write_utf8(&mut self, text: &str) -> Result<(), Failure> {
        if text.len() < FLUSH_AT {
            self.buf.extend_from_slice(text.as_bytes());
            return self.maybe_flush();
        }
        self.flush()?;
        self.start()?;
        self.write(text.as_bytes())
    }

    /// Writes out everything buffered.
    pub fn flush(&mut self) -> Result<(), Failure> {
        if self.buf.is_empty() {
            return Ok(());
        }
        self.start()?;
        let buf = std::mem::take(&mut self.buf);
        let result = self.write(&buf);
        self.buf = buf;
        self.buf.clear();
        result
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        let (file, name) = match &mut self.sink {
            Sink::Memory(v) => {
                v.extend_from_slice(bytes);
                self.written += bytes.len() as u64;
                return Ok(());
            }
            Sink::Null => {
                self.written += bytes.len() as u64;
                return Ok(());
            }
            Sink::Stdout(f) => (f, "standard output".to_string()),
            Sink::Temp { temp, target, .. } => (temp.as_file_mut(), target.display().to_string()),
        };
        file.write_all(bytes)
            .map_err(|e| Failure::io(format!("cannot write to {name}"), e))?;
        self.written += bytes.len() as u64;
        Ok(())
    }

    /// Ends the output. On success the file (if any) is flushed to disk and renamed into
    /// place; otherwise standard output gets what was converted and a file is not created.
    pub fn finish(mut self, success: bool) -> Result<Written, Failure> {
        if !success {
            if matches!(self.sink, Sink::Temp { .. }) {
                return Ok(Written::Nothing);
            }
            self.flush()?;
            return Ok(Written::Nothing);
        }
        self.finish_bom_and_flush()?;
        let Sink::Temp {
            temp,
            target,
            replace,
            ..
        } = self.sink
        else {
            return Ok(Written::Nothing);
        };
        let what = format!("cannot write {}", target.display());
        let io = |e| Failure::io(what.clone(), e);
        if let Some(source) = &replace.skip_if_same_as
            && same_content(temp.path(), source).map_err(io)?
        {
            return Ok(Written::Unchanged);
        }
        if replace.keep_mtime {
            let old = fs::metadata(&target).map_err(io)?;
            let times = FileTimes::new()
                .set_accessed(old.accessed().map_err(io)?)
                .set_modified(old.modified().map_err(io)?);
            temp.as_file().set_times(times).map_err(io)?;
        }
        temp.as_file().sync_all().map_err(io)?;
        temp.persist(&target).map_err(|e| io(e.error))?;
        Ok(Written::Replaced)
    }
}

/// The prefix of our temporary files, followed by the writing process's id.
const TEMP_PREFIX: &str = ".transcode-";

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
        let alive = Path::new("/proc").join(pid.to_string()).exists();
        if !alive && rest.ends_with(".tmp") {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// True when two files hold the same bytes.
fn same_content(a: &Path, b: &Path) -> io::Result<bool> {
    let (mut fa, mut fb) = (File::open(a)?, File::open(b)?);
    if fa.metadata()?.len() != fb.metadata()?.len() {
        return Ok(false);
    }
    let (mut ba, mut bb) = (vec![0u8; 64 * 1024], vec![0u8; 64 * 1024]);
    loop {
        let n = read_full(&mut fa, &mut ba)?;
        let m = read_full(&mut fb, &mut bb)?;
        if n != m || ba[..n] != bb[..m] {
            return Ok(false);
        }
        if n == 0 {
            return Ok(true);
        }
    }
}

fn read_full(f: &mut File, buf: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match f.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// The process's umask, for the mode of a new output file; 022 when it cannot be read.
fn umask() -> u32 {
    fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("Umask:"))
                .and_then(|v| u32::from_str_radix(v.trim(), 8).ok())
        })
        .unwrap_or(0o022)
}
