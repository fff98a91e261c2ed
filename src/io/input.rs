//! Where bytes come from: a memory-mapped regular file, or a stream read in bounded pieces.
//!
//! Both give the pipeline the same view, a window of unread bytes that it consumes a prefix
//! of, so the output cannot depend on how the input was read. Memory stays bounded for
//! streams: the buffer never grows past [`WINDOW`].

use super::error::IoError;
use memmap2::Mmap;
use std::fs::File;
use std::io::{self, Read, Seek};
use std::path::Path;
use std::sync::Arc;

/// The most bytes handed to the converters at once: big enough to amortise per-call costs,
/// small enough to stay in cache.
pub const WINDOW: usize = 256 * 1024;

/// An open input.
pub struct Input {
    /// The name to show in messages: the path as given, or `<stdin>`.
    pub name: String,
    source: Source,
    /// Absolute offset of the first unread byte.
    offset: u64,
    /// Where the pages of a mapped file stop being released (see [`Input::consume`]).
    released: usize,
}

enum Source {
    /// Shared, so that threads converting parts of the file read them in place.
    Mapped(Arc<Mmap>),
    /// Bytes `start..end` of a mapped file (a segment converted on another core), read in
    /// place at their offsets in the file.
    Part {
        map: Arc<Mmap>,
        start: usize,
        end: usize,
    },
    /// Bytes in memory that stand at absolute offset `base` of the named input (a segment of
    /// a file converted on another core): read in place, like a map.
    Owned { bytes: Vec<u8>, base: u64 },
    Stream {
        reader: Box<dyn Read>,
        /// The regular file behind the stream, for reading ahead without moving it.
        file: Option<File>,
        /// Always [`WINDOW`] bytes long: zero-filled once, then only read into.
        buf: Vec<u8>,
        /// The unread bytes are `buf[start..end]`.
        start: usize,
        end: usize,
        eof: bool,
    },
}

impl Input {
    /// Opens `path` (`None` or `-` for standard input). Regular files are memory-mapped
    /// unless `no_mmap`; anything else is streamed.
    pub fn open(path: Option<&Path>, no_mmap: bool) -> Result<Input, IoError> {
        let stdin = path.is_none_or(|p| p.as_os_str() == "-");
        let (name, file) = match path.filter(|p| p.as_os_str() != "-") {
            Some(p) => {
                let name = p.display().to_string();
                let file =
                    File::open(p).map_err(|e| IoError::new(format!("cannot open {name}"), e))?;
                (name, file)
            }
            None => {
                let file = super::platform::stdin_file()
                    .map_err(|e| IoError::new("cannot read standard input", e))?;
                ("<stdin>".to_string(), file)
            }
        };
        let meta = file
            .metadata()
            .map_err(|e| IoError::new(format!("cannot read {name}"), e))?;
        if meta.is_dir() {
            let e = io::Error::new(io::ErrorKind::IsADirectory, "is a directory");
            return Err(IoError::new(format!("cannot convert {name}"), e));
        }
        let regular = meta.is_file();
        let mut file = file;
        let at_start = regular && matches!(file.stream_position(), Ok(0));
        let mappable = super::platform::MAPS_FILES && regular && at_start && !no_mmap;
        let source = if mappable && meta.len() > 0 {
            match map(&file) {
                Ok(m) => {
                    #[cfg(unix)]
                    let _ = m.advise(memmap2::Advice::Sequential);
                    super::sigbus::reading(&name);
                    if stdin {
                        // Standard input is read once, as a stream would be: a second '-'
                        // (`transcode a - - b < file`) finds it at its end, and so does
                        // whatever reads it after us.
                        let _ = file.seek(io::SeekFrom::End(0));
                    }
                    Source::Mapped(Arc::new(m))
                }
                // Some file systems cannot be mapped; reading them works all the same.
                Err(_) => stream(file, true),
            }
        } else {
            stream(file, regular && at_start)
        };
        Ok(Input {
            name,
            source,
            offset: 0,
            released: 0,
        })
    }

    /// An input over any reader, streamed (for tests and embedding).
    pub fn from_reader(name: &str, reader: Box<dyn Read>) -> Input {
        Input {
            name: name.to_string(),
            source: Source::Stream {
                reader,
                file: None,
                buf: vec![0; WINDOW],
                start: 0,
                end: 0,
                eof: false,
            },
            offset: 0,
            released: 0,
        }
    }

    /// All the unread bytes of a memory-mapped file (`None` for streams).
    pub fn mapped_rest(&self) -> Option<&[u8]> {
        match &self.source {
            Source::Mapped(m) => Some(&m[self.mapped_pos(m)..]),
            _ => None,
        }
    }

    /// The map of a memory-mapped file, for threads that convert parts of it (`None` for
    /// other inputs).
    pub fn shared_map(&self) -> Option<SharedMap> {
        match &self.source {
            Source::Mapped(m) => Some(SharedMap {
                name: self.name.clone(),
                map: Arc::clone(m),
            }),
            _ => None,
        }
    }

    /// An input over bytes that start at absolute offset `offset` of the named input, so
    /// that what is reported about them names the right place.
    pub fn from_bytes_at(name: &str, bytes: Vec<u8>, offset: u64) -> Input {
        Input {
            name: name.to_string(),
            source: Source::Owned {
                bytes,
                base: offset,
            },
            offset,
            released: 0,
        }
    }

    /// The whole of an input held in memory (mapped or owned) and the position of the first
    /// unread byte in it.
    fn in_memory(&self) -> Option<(&[u8], usize)> {
        let (bytes, base): (&[u8], u64) = match &self.source {
            Source::Mapped(m) => (m, 0),
            Source::Part { map, start, end } => (&map[*start..*end], *start as u64),
            Source::Owned { bytes, base } => (bytes, *base),
            Source::Stream { .. } => return None,
        };
        let pos = usize::try_from(self.offset - base).unwrap_or(usize::MAX);
        Some((bytes, pos.min(bytes.len())))
    }

    /// Absolute offset of the first unread byte.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// True when the input is a regular file, whose whole content can be examined before
    /// converting it (`--from auto` does).
    pub fn is_file(&self) -> bool {
        match &self.source {
            Source::Mapped(_) => true,
            Source::Owned { .. } | Source::Part { .. } => false,
            Source::Stream { file, .. } => file.is_some(),
        }
    }

    /// Reads up to `buf.len()` bytes at absolute offset `at` of a regular file without
    /// disturbing the conversion. Returns 0 at the end of the file or for streams.
    pub fn read_at(&self, at: u64, buf: &mut [u8]) -> io::Result<usize> {
        match &self.source {
            Source::Mapped(m) => {
                let start = usize::try_from(at).unwrap_or(usize::MAX).min(m.len());
                let n = buf.len().min(m.len() - start);
                buf[..n].copy_from_slice(&m[start..start + n]);
                Ok(n)
            }
            Source::Stream { file: Some(f), .. } => super::platform::read_at(f, buf, at),
            Source::Stream { .. } | Source::Owned { .. } | Source::Part { .. } => Ok(0),
        }
    }

    /// Reads until at least `want` unread bytes (at most [`WINDOW`]) are buffered or the
    /// input ends; [`Input::prefix`] then shows them.
    pub fn peek(&mut self, want: usize) -> Result<(), IoError> {
        let want = want.min(WINDOW);
        loop {
            let (len, eof) = self.available();
            if len >= want || eof {
                break;
            }
            self.read_more()?;
        }
        Ok(())
    }

    /// At most the first `limit` unread bytes (after [`Input::peek`] of as many): the same
    /// bytes however the input is read, so that verdicts on them are too. The second value
    /// is true when these are all the bytes left.
    pub fn prefix(&self, limit: usize) -> (&[u8], bool) {
        let (head, eof) = self.window();
        let n = head.len().min(limit);
        (&head[..n], eof && n == head.len())
    }

    /// The next window of unread bytes, reading once more from a stream if the window is not
    /// full. The second value is true when these are all the bytes left.
    pub fn fill(&mut self) -> Result<(&[u8], bool), IoError> {
        let (len, eof) = self.available();
        if len < WINDOW && !eof {
            match self.read_more() {
                // A reader with nothing more for now (the library's queue of pushed bytes, a
                // non-blocking descriptor): what is here is converted; nothing is an error.
                Err(e) if len > 0 && e.source.kind() == io::ErrorKind::WouldBlock => {}
                other => other?,
            }
        }
        #[cfg(unix)]
        if let Source::Mapped(m) | Source::Part { map: m, .. } = &self.source {
            // Map the window's pages in one call rather than one page fault at a time; on
            // kernels without MADV_POPULATE_READ this is only a hint left untaken.
            let _ = m.advise_range(memmap2::Advice::PopulateRead, self.mapped_pos(m), len);
        }
        Ok(self.window())
    }

    /// Marks the first `n` bytes of the window as read. The pages of a mapped file before
    /// them are dropped from our address space a few MiB at a time, so that the process's
    /// resident size does not grow with the file.
    pub fn consume(&mut self, n: usize) {
        if let Some(pages) = self.consume_keeping_pages(n) {
            pages.release();
        }
    }

    /// Marks the first `n` bytes of the window as read, like [`consume`](Input::consume),
    /// but leaves the pages of a mapped file before them mapped and returns them: the caller
    /// releases them, on any thread, when it has nothing better to do with it (`None` for
    /// other inputs, or when less than a batch is due).
    pub fn consume_keeping_pages(&mut self, n: usize) -> Option<Unneeded> {
        self.offset += n as u64;
        match &mut self.source {
            Source::Stream { start, .. } => {
                *start += n;
                None
            }
            Source::Owned { .. } | Source::Part { .. } => None,
            Source::Mapped(m) => {
                let done = usize::try_from(self.offset)
                    .unwrap_or(usize::MAX)
                    .min(m.len());
                let (start, end) = (self.released, done & !(PAGE - 1));
                if end < start + RELEASE_BATCH {
                    return None;
                }
                self.released = end;
                Some(Unneeded {
                    map: Arc::clone(m),
                    start,
                    end,
                })
            }
        }
    }

    fn available(&self) -> (usize, bool) {
        if let Some((bytes, pos)) = self.in_memory() {
            let rest = bytes.len() - pos;
            return (rest.min(WINDOW), rest <= WINDOW);
        }
        match &self.source {
            Source::Mapped(_) | Source::Owned { .. } | Source::Part { .. } => (0, true),
            Source::Stream {
                start, end, eof, ..
            } => (end - start, *eof),
        }
    }

    fn mapped_pos(&self, m: &Mmap) -> usize {
        usize::try_from(self.offset)
            .unwrap_or(usize::MAX)
            .min(m.len())
    }

    fn window(&self) -> (&[u8], bool) {
        if let Some((bytes, pos)) = self.in_memory() {
            let end = pos.saturating_add(WINDOW).min(bytes.len());
            return (&bytes[pos..end], end == bytes.len());
        }
        match &self.source {
            Source::Mapped(_) | Source::Owned { .. } | Source::Part { .. } => (&[], true),
            Source::Stream {
                buf,
                start,
                end,
                eof,
                ..
            } => (&buf[*start..*end], *eof),
        }
    }

    /// One read from a stream into the free end of its buffer.
    fn read_more(&mut self) -> Result<(), IoError> {
        let name = &self.name;
        let Source::Stream {
            reader,
            buf,
            start,
            end,
            eof,
            ..
        } = &mut self.source
        else {
            return Ok(());
        };
        if *start > 0 {
            buf.copy_within(*start..*end, 0);
            *end -= *start;
            *start = 0;
        }
        let result = loop {
            match reader.read(&mut buf[*end..]) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                other => break other,
            }
        };
        match result {
            Ok(n) => {
                *end += n;
                *eof = n == 0;
                Ok(())
            }
            Err(e) => Err(IoError::new(format!("cannot read {name}"), e)),
        }
    }
}

/// A memory-mapped file shared between threads ([`Input::shared_map`]).
#[derive(Clone)]
pub struct SharedMap {
    name: String,
    map: Arc<Mmap>,
}

impl SharedMap {
    /// An input over bytes `start..end` of the file, read in place (no copy), that reports
    /// positions as offsets in the whole file. The range is clamped to the file.
    pub fn part(&self, start: usize, end: usize) -> Input {
        let end = end.min(self.map.len());
        let start = start.min(end);
        Input {
            name: self.name.clone(),
            source: Source::Part {
                map: Arc::clone(&self.map),
                start,
                end,
            },
            offset: start as u64,
            released: 0,
        }
    }

    /// Drops the whole pages within bytes `start..end` of the file from our address space,
    /// for a part that is converted: the thread that converted it releases them beside its
    /// work, where the process's exit would unmap every page of the file at the end, on one
    /// thread while the others have nothing left to do. The pages at either end, which the
    /// parts beside it share, stay.
    pub fn release(&self, start: usize, end: usize) {
        let end = end.min(self.map.len()) & !(PAGE - 1);
        let start = start.next_multiple_of(PAGE);
        if start < end {
            drop_pages(&self.map, start, end);
        }
    }
}

fn stream(file: File, regular: bool) -> Source {
    let side = if regular { file.try_clone().ok() } else { None };
    Source::Stream {
        reader: Box::new(file),
        file: side,
        buf: vec![0; WINDOW],
        start: 0,
        end: 0,
        eof: false,
    }
}

/// The size of a page of the map (the least that can be released).
const PAGE: usize = 4096;
/// Pages are released this many bytes at a time.
const RELEASE_BATCH: usize = 8 * 1024 * 1024;

/// Drops pages `start..end` (page-aligned offsets) of the map from our address space.
#[cfg_attr(not(unix), allow(unused_variables))]
fn drop_pages(m: &Mmap, start: usize, end: usize) {
    #[cfg(unix)]
    #[allow(unsafe_code)]
    // SAFETY: the map is a read-only shared mapping of a file. MADV_DONTNEED only removes
    // our page-table entries for the range; the pages stay in the page cache and a later
    // access would read the same file contents again, so no reference we hold can see its
    // memory change. (It would zero a private anonymous mapping, which this is not.)
    let _ =
        unsafe { m.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, start, end - start) };
}

/// Pages of a mapped file that were read and are no longer needed
/// ([`Input::consume_keeping_pages`]): released when [`release`](Unneeded::release) is
/// called, or when dropped. Releasing costs the kernel about as much as mapping them did, so
/// the threads that convert the next span release these, in pieces, beside their work,
/// rather than one thread while the others wait.
pub struct Unneeded {
    map: Arc<Mmap>,
    start: usize,
    end: usize,
}

impl Unneeded {
    /// These pages cut into `n` pieces of whole pages (at least one; empty ones when there
    /// are fewer pages than pieces), in order.
    pub fn split(mut self, n: usize) -> Vec<Unneeded> {
        let n = n.max(1);
        let pages = (self.end - self.start) / PAGE;
        let mut pieces = Vec::with_capacity(n);
        let mut at = self.start;
        for k in 0..n {
            let end = if k + 1 == n {
                self.end
            } else {
                at + pages / n * PAGE
            };
            pieces.push(Unneeded {
                map: Arc::clone(&self.map),
                start: at,
                end,
            });
            at = end;
        }
        // Nothing is left for this one to release when it drops.
        self.start = self.end;
        pieces
    }

    /// Releases the pages now.
    pub fn release(mut self) {
        self.release_now();
    }

    fn release_now(&mut self) {
        if self.start < self.end {
            drop_pages(&self.map, self.start, self.end);
            self.start = self.end;
        }
    }
}

impl Drop for Unneeded {
    fn drop(&mut self) {
        self.release_now();
    }
}

/// Maps a regular file read-only.
#[allow(unsafe_code)]
fn map(file: &File) -> io::Result<Mmap> {
    // SAFETY: memmap2 requires that the file not be changed while it is mapped, which no
    // process can promise for a file it does not own. What can go wrong: another process
    // writing to the file changes the bytes we see mid-conversion (the output is then some
    // mix of old and new text, as with read()), and one truncating it makes our next access
    // to the lost pages raise SIGBUS. We never hand out references that outlive the map, and
    // `--no-mmap` reads with read() instead for users who convert files that are in use.
    unsafe { Mmap::map(file) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A mapped input over a temporary file of `len` bytes (byte `i` is `i * 7 % 251`).
    fn mapped(len: usize) -> (tempfile::NamedTempFile, Input, Vec<u8>) {
        let data: Vec<u8> = (0..len).map(|i| (i * 7 % 251) as u8).collect();
        let mut file = tempfile::NamedTempFile::new().unwrap();
        io::Write::write_all(&mut file, &data).unwrap();
        let input = Input::open(Some(file.path()), false).unwrap();
        assert!(input.mapped_rest().is_some(), "the file is mapped");
        (file, input, data)
    }

    #[test]
    fn pages_kept_are_handed_over_in_batches_and_split_into_whole_pages() {
        let len = 3 * RELEASE_BATCH + 5000;
        let (_file, mut input, data) = mapped(len);
        // Less than a batch read: nothing to hand over yet.
        assert!(input.consume_keeping_pages(RELEASE_BATCH - 1).is_none());
        let first = input.consume_keeping_pages(RELEASE_BATCH + 10).unwrap();
        assert_eq!(
            (first.start, first.end),
            (0, (2 * RELEASE_BATCH + 9) & !(PAGE - 1))
        );
        let pieces = first.split(3);
        assert_eq!(pieces.len(), 3);
        assert_eq!(pieces[0].start, 0);
        for (a, b) in pieces.iter().zip(&pieces[1..]) {
            assert_eq!(a.end, b.start);
            assert_eq!(a.end % PAGE, 0);
        }
        assert_eq!(pieces[2].end, (2 * RELEASE_BATCH + 9) & !(PAGE - 1));
        for piece in pieces {
            piece.release();
        }
        // The rest of the file, and the released pages read again, are the file's bytes.
        assert_eq!(input.mapped_rest().unwrap(), &data[2 * RELEASE_BATCH + 9..]);
        let map = input.shared_map().unwrap();
        let mut again = map.part(0, 100);
        assert_eq!(again.fill().unwrap().0, &data[..100]);
        // The next batch starts where the last ended.
        let next = input.consume_keeping_pages(RELEASE_BATCH).unwrap();
        assert_eq!(next.start, (2 * RELEASE_BATCH + 9) & !(PAGE - 1));
    }

    #[test]
    fn a_released_part_reads_the_same_and_spares_the_pages_it_shares() {
        let len = 5 * PAGE + 100;
        let (_file, input, data) = mapped(len);
        let map = input.shared_map().unwrap();
        // Ragged ends: only the whole pages between them go; then twice, and past the end.
        map.release(PAGE / 2, 4 * PAGE + 7);
        map.release(PAGE / 2, 4 * PAGE + 7);
        map.release(3 * PAGE, 10 * PAGE);
        map.release(len, len);
        for (start, end) in [(0, len), (PAGE - 3, PAGE + 3), (4 * PAGE, len)] {
            let mut part = map.part(start, end);
            assert_eq!(part.fill().unwrap().0, &data[start..end]);
        }
    }

    #[test]
    fn fewer_pages_than_pieces_give_empty_pieces() {
        let (_file, mut input, _) = mapped(RELEASE_BATCH + PAGE);
        let pages = input.consume_keeping_pages(RELEASE_BATCH).unwrap();
        let range = (pages.start, pages.end);
        let pieces = pages.split(RELEASE_BATCH / PAGE + 3);
        assert_eq!(pieces.first().map(|p| p.start), Some(range.0));
        assert_eq!(pieces.last().map(|p| p.end), Some(range.1));
        assert!(pieces.iter().all(|p| p.start <= p.end));
    }

    #[test]
    fn stream_windows_are_bounded_and_complete() {
        let data: Vec<u8> = (0..WINDOW * 2 + 17).map(|i| i as u8).collect();
        let mut input = Input::from_reader("t", Box::new(io::Cursor::new(data.clone())));
        let mut seen = Vec::new();
        loop {
            let (w, eof) = input.fill().unwrap();
            assert!(w.len() <= WINDOW);
            let n = w.len();
            seen.extend_from_slice(w);
            input.consume(n);
            if eof && n == 0 {
                break;
            }
        }
        assert_eq!(seen, data);
    }

    #[test]
    fn peek_waits_for_enough_bytes() {
        let reader = io::Cursor::new(vec![7u8; 100]).chain(io::Cursor::new(vec![8u8; 100]));
        let mut input = Input::from_reader("t", Box::new(reader));
        input.peek(150).unwrap();
        let (w, eof) = input.prefix(WINDOW);
        assert_eq!(w.len(), 200);
        assert!(!eof || w.len() == 200);
    }
}
