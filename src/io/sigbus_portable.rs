//! The SIGBUS guard's interface where there is no SIGBUS (systems other than Unix): files
//! are not memory-mapped there ([`MAPS_FILES`](super::platform::MAPS_FILES)), so there is
//! nothing to guard, and these do nothing.

#![forbid(unsafe_code)]

use std::path::Path;

/// Nothing to install.
pub fn install() {}

/// Nothing to name.
pub fn reading(_name: &str) {}

/// A temporary file that would be removed on SIGBUS: here, only a marker.
pub struct TempGuard;

impl TempGuard {
    /// Registers nothing.
    pub fn new(_path: &Path) -> TempGuard {
        TempGuard
    }
}
