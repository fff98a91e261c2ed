//! What the I/O layer asks of the operating system beyond `std`'s portable API: the standard
//! streams as files, reads at an offset, and a file's permissions and owner carried over
//! to its replacement. Unix gets the real thing; other systems (Windows) a portable
//! fallback, so that the crate builds there; only Linux is tested (see the README's
//! Platforms section).

#![forbid(unsafe_code)]

use std::fs::{self, File};
use std::io;

/// Standard input as a file (a duplicate of descriptor 0), to map or read it directly.
pub fn stdin_file() -> io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        Ok(File::from(io::stdin().as_fd().try_clone_to_owned()?))
    }
    #[cfg(windows)]
    {
        use std::os::windows::io::AsHandle;
        Ok(File::from(io::stdin().as_handle().try_clone_to_owned()?))
    }
    #[cfg(not(any(unix, windows)))]
    {
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "standard input as a file",
        ))
    }
}

/// Standard output as a file (a duplicate of descriptor 1), written without std's buffer.
pub fn stdout_file() -> io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        Ok(File::from(io::stdout().as_fd().try_clone_to_owned()?))
    }
    #[cfg(windows)]
    {
        use std::os::windows::io::AsHandle;
        Ok(File::from(io::stdout().as_handle().try_clone_to_owned()?))
    }
    #[cfg(not(any(unix, windows)))]
    {
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "standard output as a file",
        ))
    }
}

/// True when files are memory-mapped: on Unix, where the SIGBUS guard covers a file
/// truncated under its map. Elsewhere files are read like streams.
pub const MAPS_FILES: bool = cfg!(unix);

/// Reads at offset `at` without moving the file's position (`pread`). Elsewhere it returns
/// 0, which callers take as "not a regular file": they read the stream instead.
pub fn read_at(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileExt;
        file.read_at(buf, at)
    }
    #[cfg(not(unix))]
    {
        let _ = (file, buf, at);
        Ok(0)
    }
}

/// Fills `buf` from offset `at` (without moving the position on Unix).
pub fn read_exact_at(file: &File, buf: &mut [u8], at: u64) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileExt;
        file.read_exact_at(buf, at)
    }
    #[cfg(not(unix))]
    {
        use std::io::{Read, Seek, SeekFrom};
        let mut file = file;
        file.seek(SeekFrom::Start(at))?;
        file.read_exact(buf)
    }
}

/// Gives the new file at `path` the permissions of `old` (the file it replaces) or, for a
/// new file, those of a file created with the umask; with `keep_owner`, `old`'s owner and
/// group where the process may (only root may give a file away; the group may still work).
/// Elsewhere only the read-only flag is carried over.
pub fn copy_permissions(
    path: &std::path::Path,
    file: &File,
    old: Option<&fs::Metadata>,
    keep_owner: bool,
) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let mode = old.map_or(0o666 & !umask(), |m| m.permissions().mode());
        fs::set_permissions(path, fs::Permissions::from_mode(mode))?;
        if let (true, Some(m)) = (keep_owner, old)
            && std::os::unix::fs::fchown(file, Some(m.uid()), Some(m.gid())).is_err()
        {
            let _ = std::os::unix::fs::fchown(file, None, Some(m.gid()));
        }
        Ok(())
    }
    #[cfg(not(unix))]
    {
        let _ = (file, keep_owner);
        match old {
            Some(m) => fs::set_permissions(path, m.permissions()),
            None => Ok(()),
        }
    }
}

/// The process's umask, for the mode of a new output file; 022 when it cannot be read.
#[cfg(unix)]
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

/// What identifies a file whatever path names it: device and inode on Unix, the canonical
/// path elsewhere.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FileId {
    /// Device and inode.
    Inode(u64, u64),
    /// The canonical path.
    Path(std::path::PathBuf),
}

/// The identity of the file at `path`, if it can be read.
pub fn file_id(path: &std::path::Path) -> Option<FileId> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let m = fs::metadata(path).ok()?;
        Some(FileId::Inode(m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        fs::canonicalize(path).ok().map(FileId::Path)
    }
}
