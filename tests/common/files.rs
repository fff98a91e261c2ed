//! The file-system side of the tests: inodes, permission bits and modification times,
//! stray temporary files, snapshots of trees, and running the binary as an unprivileged user
//! when the tests run as root (where chmod 000 does not stop a read).

use super::{Run, bin, finish};
use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

/// Inode number of `path` (not following a final symlink).
pub fn inode(path: &Path) -> u64 {
    fs::symlink_metadata(path).unwrap().ino()
}

/// Permission bits of `path`.
pub fn mode(path: &Path) -> u32 {
    fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

/// Sets the permission bits of `path`.
pub fn chmod(path: &Path, mode: u32) {
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

/// Modification time of `path`.
pub fn mtime(path: &Path) -> SystemTime {
    fs::metadata(path).unwrap().modified().unwrap()
}

/// Sets the modification time of `path` (an old one, so that a rewrite would show).
pub fn set_mtime(path: &Path, t: SystemTime) {
    let f = fs::OpenOptions::new().write(true).open(path).unwrap();
    f.set_modified(t).unwrap();
}

/// A modification time long ago: 2001-09-09 01:46:40 UTC.
pub fn old_time() -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000_000)
}

/// Every entry under `dir` (recursively) whose name starts with `.transcode-`.
pub fn stray_temps(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if e.file_name().to_string_lossy().starts_with(".transcode-") {
                found.push(p.clone());
            }
            if e.file_type().map(|t| t.is_dir()).unwrap_or(false) {
                stack.push(p);
            }
        }
    }
    found.sort();
    found
}

/// Asserts no `.transcode-*` entry is left anywhere under `dir`.
#[track_caller]
pub fn assert_no_temps(dir: &Path) {
    let left = stray_temps(dir);
    assert!(left.is_empty(), "temporary files left behind: {left:?}");
}

/// Every regular file under `dir` with its bytes, by relative path, sorted.
pub fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            let t = e.file_type().unwrap();
            if t.is_dir() {
                stack.push(p);
            } else if t.is_file() {
                let rel = p.strip_prefix(dir).unwrap().display().to_string();
                out.push((rel, fs::read(&p).unwrap()));
            } else if t.is_symlink() {
                let rel = p.strip_prefix(dir).unwrap().display().to_string();
                let target = fs::read_link(&p).unwrap();
                out.push((rel, format!("-> {}", target.display()).into_bytes()));
            }
        }
    }
    out.sort();
    out
}

/// True when this process runs as root (its /proc/self belongs to uid 0).
pub fn is_root() -> bool {
    fs::metadata("/proc/self")
        .map(|m| m.uid() == 0)
        .unwrap_or(false)
}

/// How to run the binary so that file permissions apply to it.
pub enum Unprivileged {
    /// Not root: run it directly.
    Direct,
    /// Root: run it through this command prefix as `nobody` (uid/gid 65534); the tree it
    /// works on must be handed to that user first ([`give_to_nobody`]).
    As(Vec<String>),
}

pub const NOBODY: u32 = 65534;

/// How to run the binary without root's powers, or `None` (with the reason) when that is
/// impossible here.
pub fn unprivileged() -> Result<Unprivileged, String> {
    if !is_root() {
        return Ok(Unprivileged::Direct);
    }
    let candidates: [Vec<String>; 2] = [
        vec![
            "setpriv".into(),
            format!("--reuid={NOBODY}"),
            format!("--regid={NOBODY}"),
            "--clear-groups".into(),
            "--".into(),
        ],
        vec!["runuser".into(), "-u".into(), "nobody".into(), "--".into()],
    ];
    for prefix in candidates {
        let ok = Command::new(&prefix[0])
            .args(&prefix[1..])
            .arg(bin())
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
        if ok {
            return Ok(Unprivileged::As(prefix));
        }
    }
    Err("running as root and neither setpriv nor runuser can run the binary as nobody".into())
}

/// Hands `dir` and everything under it to `nobody` (when running as root), and makes the
/// path down to it traversable.
pub fn give_to_nobody(dir: &Path) {
    if !is_root() {
        return;
    }
    let mut stack = vec![dir.to_path_buf()];
    while let Some(p) = stack.pop() {
        std::os::unix::fs::lchown(&p, Some(NOBODY), Some(NOBODY)).unwrap();
        if fs::symlink_metadata(&p).unwrap().is_dir() {
            for e in fs::read_dir(&p).unwrap().flatten() {
                stack.push(e.path());
            }
        }
    }
    // The temporary directory itself is 0700; its parents (/tmp) are open.
    let m = mode(dir);
    chmod(dir, m | 0o755);
}

impl Unprivileged {
    /// Runs `transcode args` in `dir` as the unprivileged user.
    pub fn run(&self, dir: &Path, args: &[&str]) -> Run {
        let mut cmd = match self {
            Unprivileged::Direct => Command::new(bin()),
            Unprivileged::As(prefix) => {
                let mut c = Command::new(&prefix[0]);
                c.args(&prefix[1..]).arg(bin());
                c
            }
        };
        let out = cmd
            .current_dir(dir)
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("run transcode");
        finish(out)
    }

    /// True when the unprivileged user really cannot read `path` (checked with `cat`).
    pub fn cannot_read(&self, path: &Path) -> bool {
        !self.shell_ok("cat", &[path.as_os_str().to_str().unwrap()])
    }

    /// True when the unprivileged user really cannot create a file in `dir`.
    pub fn cannot_create_in(&self, dir: &Path) -> bool {
        let probe = dir.join(".probe-write");
        let ok = self.shell_ok("touch", &[probe.to_str().unwrap()]);
        let _ = fs::remove_file(&probe);
        !ok
    }

    fn shell_ok(&self, program: &str, args: &[&str]) -> bool {
        let mut cmd = match self {
            Unprivileged::Direct => Command::new(program),
            Unprivileged::As(prefix) => {
                let mut c = Command::new(&prefix[0]);
                c.args(&prefix[1..]).arg(program);
                c
            }
        };
        cmd.args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map(|s| s.success())
            .unwrap_or(false)
    }
}

/// Prints why a permission assertion is skipped (shown with `--nocapture`, and in the
/// output of a failing test).
pub fn skip_note(test: &str, why: &str) {
    eprintln!("NOTE: {test}: skipping the permission part: {why}");
}
