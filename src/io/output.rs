//! Where bytes go: standard output, or a file that appears only when the conversion succeeded.
//!
//! Writes go through one buffer that the encoders append to directly. Every write error is
//! reported (a full disk is not success); a closed pipe is recognised by the caller.

#![forbid(unsafe_code)]

use super::atomic::{AtomicFile, Replace, Written};
use super::error::IoError;
use std::fs::File;
use std::io::{IoSlice, Write};
use std::path::Path;

/// Flush the buffer to the sink once it holds this many bytes.
const FLUSH_AT: usize = 128 * 1024;
/// The most runs [`Output::write_runs`] takes at a time: what one vectored write takes on
/// Linux (`IOV_MAX`).
pub const MAX_RUNS: usize = 1024;

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
    /// Standard output, or a FIFO or device named by `-o`, written as bytes come.
    Stream {
        file: File,
        name: String,
    },
    Memory(Vec<u8>),
    /// Bytes are counted and dropped (`--check`).
    Null,
    /// A file put in place only when everything succeeded.
    File(AtomicFile),
}

impl Output {
    /// Standard output.
    pub fn stdout() -> Result<Output, IoError> {
        let file = super::platform::stdout_file()
            .map_err(|e| IoError::new("cannot write to standard output", e))?;
        let name = "standard output".to_string();
        Ok(Output::new(Sink::Stream { file, name }))
    }

    /// A FIFO, a terminal or another device named by `-o`: written to directly, since it
    /// cannot be replaced by renaming.
    pub fn device(path: &Path) -> Result<Output, IoError> {
        let name = path.display().to_string();
        let file = File::options()
            .write(true)
            .open(path)
            .map_err(|e| IoError::new(format!("cannot write to {name}"), e))?;
        Ok(Output::new(Sink::Stream { file, name }))
    }

    /// The file `target` (named `name` in messages), written to a temporary file in the same
    /// directory and renamed over it only when everything succeeded. An existing target
    /// keeps its permissions.
    pub fn file(target: &Path, name: &str, replace: Replace) -> Result<Output, IoError> {
        Ok(Output::new(Sink::File(AtomicFile::new(
            target, name, replace,
        )?)))
    }

    /// An output that writes nothing (`--check`).
    pub fn null() -> Output {
        Output::new(Sink::Null)
    }

    /// An output kept in memory (for tests and embedding); see [`Output::into_bytes`].
    pub fn memory() -> Output {
        Output::memory_with_capacity(0)
    }

    /// [`Output::memory`] with room for `capacity` bytes from the start.
    pub fn memory_with_capacity(capacity: usize) -> Output {
        Output::memory_in(Vec::with_capacity(capacity))
    }

    /// [`Output::memory`] that writes into `buffer` (emptied first), reusing its memory.
    /// The buffer is the one encoders append to: a memory output is never flushed on the
    /// way, so [`Output::into_bytes`] hands it back without a copy.
    pub fn memory_in(mut buffer: Vec<u8>) -> Output {
        buffer.clear();
        Output::with_buffer(Sink::Memory(Vec::new()), buffer)
    }

    /// Everything written to a memory output, BOM included (empty for other outputs).
    pub fn into_bytes(mut self) -> Vec<u8> {
        let _ = self.finish_bom_and_flush();
        match self.sink {
            Sink::Memory(v) => v,
            _ => Vec::new(),
        }
    }

    /// Takes what a memory output holds so far (its BOM first), leaving it empty, for a
    /// caller that hands bytes on as they come; `last` also writes a BOM that was asked for
    /// even when no bytes follow. Empty for other outputs.
    pub fn take_memory(&mut self, last: bool) -> Result<Vec<u8>, IoError> {
        if last {
            self.finish_bom_and_flush()?;
        } else {
            self.flush()?;
        }
        match &mut self.sink {
            Sink::Memory(v) => Ok(std::mem::take(v)),
            _ => Ok(Vec::new()),
        }
    }

    fn finish_bom_and_flush(&mut self) -> Result<(), IoError> {
        if self.at_start() && matches!(self.bom, Some((_, true))) {
            self.start()?;
        }
        self.flush()
    }

    /// Writes the BOM if this is the start of the output and one was asked for.
    fn start(&mut self) -> Result<(), IoError> {
        match self.bom {
            Some((bom, _)) if self.written == 0 => self.write(bom),
            _ => Ok(()),
        }
    }

    fn new(sink: Sink) -> Output {
        Output::with_buffer(sink, Vec::with_capacity(FLUSH_AT + FLUSH_AT / 2))
    }

    fn with_buffer(sink: Sink, buf: Vec<u8>) -> Output {
        Output {
            sink,
            buf,
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

    /// Writes the buffer out if it has grown large (never for memory, which would only copy
    /// it from one vector to another).
    pub fn maybe_flush(&mut self) -> Result<(), IoError> {
        if self.buf.len() >= FLUSH_AT && !matches!(self.sink, Sink::Memory(_)) {
            self.flush()?;
        }
        Ok(())
    }

    /// Appends UTF-8 text that needs no encoding; a large run is written straight from where
    /// it is, without a copy.
    pub fn write_utf8(&mut self, text: &str) -> Result<(), IoError> {
        self.write_encoded(text.as_bytes())
    }

    /// Appends bytes already in the output encoding; a large run is written straight from
    /// where it is, without a copy.
    pub fn write_encoded(&mut self, bytes: &[u8]) -> Result<(), IoError> {
        if let Sink::Memory(_) = self.sink {
            // Memory keeps everything in the buffer until it is taken (see `memory_in`).
            self.buf.extend_from_slice(bytes);
            return Ok(());
        }
        if bytes.len() < FLUSH_AT {
            // Out first when the bytes would not fit: a buffer that grows stays grown, and
            // a stream's memory is meant to stay at what it starts with.
            if self.buf.len() + bytes.len() > self.buf.capacity() {
                self.flush()?;
            }
            self.buf.extend_from_slice(bytes);
            return self.maybe_flush();
        }
        self.flush()?;
        self.start()?;
        self.write(bytes)
    }

    /// Appends `buffer[..len]`, bytes already in the output encoding. An output in memory
    /// that holds nothing yet takes the buffer itself (cut to `len`), with no copy, and
    /// leaves its own empty buffer in `buffer`; any other gets the bytes as
    /// [`Output::write_encoded`] does, and `buffer` stays as it was.
    pub fn write_from(&mut self, buffer: &mut Vec<u8>, len: usize) -> Result<(), IoError> {
        let len = len.min(buffer.len());
        let empty_memory = matches!(&self.sink, Sink::Memory(v) if v.is_empty());
        if empty_memory && self.buf.is_empty() && self.bom.is_none() {
            buffer.truncate(len);
            std::mem::swap(buffer, &mut self.buf);
            buffer.clear();
            return Ok(());
        }
        self.write_encoded(&buffer[..len])
    }

    /// Appends runs of bytes already in the output encoding, in order (at most
    /// [`MAX_RUNS`] at a time): to a stream with one vectored write straight from where the
    /// runs are, so that many short runs of a large input cost neither a copy nor a write
    /// each; to the other sinks through the buffer. `runs` is used up (advanced past what
    /// was written).
    pub fn write_runs(&mut self, runs: &mut [IoSlice<'_>]) -> Result<(), IoError> {
        let total: usize = runs.iter().map(|r| r.len()).sum();
        if total < FLUSH_AT || !matches!(self.sink, Sink::Stream { .. } | Sink::Null) {
            for run in runs.iter() {
                self.buf.extend_from_slice(run);
                self.maybe_flush()?;
            }
            return Ok(());
        }
        self.flush()?;
        self.start()?;
        self.written += total as u64;
        let Sink::Stream { file, name } = &mut self.sink else {
            return Ok(());
        };
        let mut runs = runs;
        while !runs.is_empty() {
            match file.write_vectored(runs) {
                Ok(0) => {
                    let e = std::io::Error::from(std::io::ErrorKind::WriteZero);
                    return Err(IoError::new(format!("cannot write to {name}"), e));
                }
                Ok(n) => IoSlice::advance_slices(&mut runs, n),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(IoError::new(format!("cannot write to {name}"), e)),
            }
        }
        Ok(())
    }

    /// Writes out everything buffered.
    pub fn flush(&mut self) -> Result<(), IoError> {
        if self.buf.is_empty() {
            return Ok(());
        }
        self.start()?;
        if let Sink::Memory(v) = &mut self.sink
            && v.is_empty()
        {
            // The buffer becomes the memory itself: no copy.
            std::mem::swap(v, &mut self.buf);
            self.written += v.len() as u64;
            return Ok(());
        }
        let buf = std::mem::take(&mut self.buf);
        let result = self.write(&buf);
        self.buf = buf;
        self.buf.clear();
        result
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), IoError> {
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
            Sink::File(f) => {
                f.write(bytes)?;
                self.written += bytes.len() as u64;
                return Ok(());
            }
            Sink::Stream { file, name } => (file, name.as_str()),
        };
        file.write_all(bytes)
            .map_err(|e| IoError::new(format!("cannot write to {name}"), e))?;
        self.written += bytes.len() as u64;
        Ok(())
    }

    /// Ends the output. On success the file (if any) is flushed to disk and renamed into
    /// place; otherwise standard output gets what was converted and a file is not created.
    pub fn finish(mut self, success: bool) -> Result<Written, IoError> {
        if !success {
            if !matches!(self.sink, Sink::File(_)) {
                self.flush()?;
            }
            return Ok(Written::Nothing);
        }
        self.finish_bom_and_flush()?;
        match self.sink {
            Sink::File(f) => f.finish(),
            _ => Ok(Written::Nothing),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs of `n` bytes each, numbered so that any lost or repeated run shows.
    fn runs(count: usize, n: usize) -> Vec<Vec<u8>> {
        (0..count).map(|i| vec![(i % 251) as u8; n]).collect()
    }

    #[test]
    fn runs_arrive_whole_and_in_order_at_every_sink() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        // Few and short (through the buffer), and many and long (one vectored write).
        for (count, n) in [(3, 10), (MAX_RUNS, 700)] {
            let runs = runs(count, n);
            let want = [b"before".as_slice(), &runs.concat()].concat();
            let mut slices: Vec<IoSlice> = runs.iter().map(|r| IoSlice::new(r)).collect();
            let path = dir.path().join(format!("out{count}"));
            std::fs::write(&path, b"").expect("a temporary file");
            let mut outputs = [Output::memory(), Output::device(&path).expect("the file")];
            for out in &mut outputs {
                out.buf.extend_from_slice(b"before");
                out.write_runs(&mut slices.clone()).expect("written");
            }
            let [memory, device] = outputs;
            assert!(memory.into_bytes() == want);
            device.finish(true).expect("finished");
            assert!(std::fs::read(&path).expect("the file") == want);
            slices.clear();
        }
    }
}
