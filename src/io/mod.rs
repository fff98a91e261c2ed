//! The I/O layer: where bytes come from ([`input`]: a memory-mapped file or a bounded
//! stream), where they go ([`output`]: standard output, a device, or a file that appears whole
//! or not at all through [`atomic`]), and the SIGBUS guard ([`sigbus`]) that turns a file
//! truncated under its map into an error. It knows nothing of charsets.

pub mod atomic;
pub mod error;
pub mod input;
pub mod output;
pub mod platform;
#[cfg(unix)]
pub mod sigbus;
#[cfg(not(unix))]
#[path = "sigbus_portable.rs"]
pub mod sigbus;

pub use atomic::{Replace, Written};
pub use error::IoError;
pub use input::{Input, SharedMap, Unneeded, WINDOW};
pub use output::Output;
