//! SIGBUS: what happens when a memory-mapped input is truncated by another process while we
//! read it. The kernel then raises SIGBUS on our next access to a lost page, which would
//! kill the process with a core dump and leave a temporary output file behind.
//!
//! Instead a handler removes the temporary files registered here, says which input changed
//! under us, and exits with status 2. Everything it does is async-signal-safe: it reads
//! atomics, and calls unlink(2), write(2) and _exit(2).

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};

/// Temporary files that exist right now, as leaked C strings (null when free).
static TEMPS: [AtomicPtr<libc::c_char>; 64] = [const { AtomicPtr::new(std::ptr::null_mut()) }; 64];
/// The input being read (a leaked C string), for the message.
static INPUT: AtomicPtr<libc::c_char> = AtomicPtr::new(std::ptr::null_mut());
static INPUT_LEN: AtomicUsize = AtomicUsize::new(0);

/// Installs the handler (once, at start-up).
#[allow(unsafe_code)]
pub fn install() {
    // SAFETY: sigaction with a zeroed struct, an empty mask and a handler that is an
    // `extern "C" fn(c_int)` is the documented way to install a handler; the handler only
    // calls async-signal-safe functions (see the module documentation).
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_sigbus as extern "C" fn(libc::c_int) as libc::sighandler_t;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(libc::SIGBUS, &action, std::ptr::null_mut());
    }
}

extern "C" fn on_sigbus(_: libc::c_int) {
    for slot in &TEMPS {
        let path = slot.load(Ordering::Acquire);
        if !path.is_null() {
            // SAFETY: a non-null slot holds a NUL-terminated path leaked by `TempGuard`, which
            // never frees it while registered.
            #[allow(unsafe_code)]
            unsafe {
                libc::unlink(path);
            }
        }
    }
    let input = INPUT.load(Ordering::Acquire);
    let len = INPUT_LEN.load(Ordering::Acquire);
    let say = |bytes: &[u8]| {
        // SAFETY: write(2) from a valid buffer is async-signal-safe.
        #[allow(unsafe_code)]
        unsafe {
            libc::write(2, bytes.as_ptr().cast(), bytes.len());
        }
    };
    say(b"transcode: ");
    if !input.is_null() {
        // SAFETY: `input` points to `len` bytes leaked by `reading`, never freed.
        #[allow(unsafe_code)]
        let name = unsafe { std::slice::from_raw_parts(input.cast::<u8>(), len) };
        say(name);
        say(b": ");
    }
    say(b"the file was truncated while being read (SIGBUS); stopped, nothing more written\n");
    // SAFETY: _exit(2) is async-signal-safe and ends the process at once.
    #[allow(unsafe_code)]
    unsafe {
        libc::_exit(2);
    }
}

/// Names the input being read from now on, for the handler's message.
pub fn reading(name: &str) {
    let leaked = Box::leak(name.as_bytes().to_vec().into_boxed_slice());
    INPUT_LEN.store(leaked.len(), Ordering::Release);
    INPUT.store(leaked.as_mut_ptr().cast(), Ordering::Release);
}

/// A temporary file registered for removal on SIGBUS while the guard lives.
pub struct TempGuard {
    slot: Option<usize>,
}

impl TempGuard {
    /// Registers `path`. With every slot taken the file is simply not registered.
    pub fn new(path: &Path) -> TempGuard {
        let Ok(c) = CString::new(path.as_os_str().as_bytes()) else {
            return TempGuard { slot: None };
        };
        let ptr = c.into_raw();
        for (i, slot) in TEMPS.iter().enumerate() {
            let free = std::ptr::null_mut();
            if slot
                .compare_exchange(free, ptr, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
            {
                return TempGuard { slot: Some(i) };
            }
        }
        // SAFETY: `ptr` came from `CString::into_raw` just above and was not stored.
        #[allow(unsafe_code)]
        drop(unsafe { CString::from_raw(ptr) });
        TempGuard { slot: None }
    }
}

impl Drop for TempGuard {
    fn drop(&mut self) {
        if let Some(i) = self.slot {
            let ptr = TEMPS[i].swap(std::ptr::null_mut(), Ordering::AcqRel);
            if !ptr.is_null() {
                // SAFETY: the slot held a pointer from `CString::into_raw`, now unregistered,
                // so the handler can no longer see it.
                #[allow(unsafe_code)]
                drop(unsafe { CString::from_raw(ptr) });
            }
        }
    }
}
