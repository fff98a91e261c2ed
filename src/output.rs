//! Where bytes go: standard output, or a file that appears only when the conversion succeeded.
//!
//! Writes go through one buffer that the encoders append to directly. Every write error is
//! reported (a full disk is not success); a closed pipe is recognised by the caller.

#![forbid(unsafe_code)]

use crate::errors::Failure;
use std::fs::{self, File};
use std::io::{self, Write};
use std::os::fd::AsFd;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use tempfile::NamedTempFile;

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
    /// A temporary file beside `target`, renamed over it when everything succeeded.
    Temp {
        temp: NamedTempFile,
        target: PathBuf,
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

    /// The file `target`, written to a temporary file in the same directory first.
    pub fn file(target: &Path) -> Result<Output, Failure> {
        let dir = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let what = || format!("cannot write {}", target.display());
        let temp = tempfile::Builder::new()
            .prefix(".transcode-")
            .suffix(".tmp")
            .tempfile_in(dir)
            .map_err(|e| Failure::io(what(), e))?;
        let mode = match fs::metadata(target) {
            Ok(m) => m.permissions().mode(),
            Err(_) => 0o666 & !umask(),
        };
        fs::set_permissions(temp.path(), fs::Permissions::from_mode(mode))
            .map_err(|e| Failure::io(what(), e))?;
        Ok(Output::new(Sink::Temp {
            temp,
            target: target.to_path_buf(),
        }))
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
        if self.written == 0
            && self.buf.is_empty()
            && let Some((bom, true)) = self.bom
        {
            self.write(bom)?;
        }
        self.flush()
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

    /// Writes out everything buffered.
    pub fn flush(&mut self) -> Result<(), Failure> {
        if self.buf.is_empty() {
            return Ok(());
        }
        if self.written == 0
            && let Some((bom, _)) = self.bom
        {
            self.write(bom)?;
        }
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
            Sink::Stdout(f) => (f, "standard output".to_string()),
            Sink::Temp { temp, target } => (temp.as_file_mut(), target.display().to_string()),
        };
        file.write_all(bytes)
            .map_err(|e| Failure::io(format!("cannot write to {name}"), e))?;
        self.written += bytes.len() as u64;
        Ok(())
    }

    /// Ends the output. On success the file (if any) is flushed to disk and renamed into
    /// place; otherwise standard output gets what was converted and a file is not created.
    pub fn finish(mut self, success: bool) -> Result<(), Failure> {
        match self.sink {
            Sink::Stdout(_) | Sink::Memory(_) if success => self.finish_bom_and_flush(),
            Sink::Stdout(_) | Sink::Memory(_) => self.flush(),
            Sink::Temp { .. } if !success => Ok(()),
            Sink::Temp { .. } => {
                self.finish_bom_and_flush()?;
                let Sink::Temp { temp, target } = self.sink else {
                    return Ok(());
                };
                let what = format!("cannot write {}", target.display());
                temp.as_file()
                    .sync_all()
                    .map_err(|e| Failure::io(what.clone(), e))?;
                temp.persist(&target)
                    .map_err(|e| Failure::io(what, e.error))?;
                Ok(())
            }
        }
    }
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
