//! The conversion layer: one input's bytes through decoder → code points → encoder
//! ([`pipeline`]), with the error [`policy`] applied, every problem located by byte offset,
//! line and column ([`error`]), line endings converted ([`newline`]), text put in a Unicode
//! normalization form on request ([`normalize`]), unmappable characters approximated
//! ([`translit`]) or written as codes in a peer's vocabulary ([`unmappable`]) on request, and
//! large files split across cores ([`parallel`]). It drives the codecs below it and reads and
//! writes through the I/O layer.

pub mod error;
pub mod newline;
pub mod normalize;
pub mod parallel;
pub mod pipeline;
pub mod policy;
pub mod translit;
pub mod unmappable;

pub use error::{ConvError, Failure, Location, TextPosition};
pub use newline::Newline;
pub use pipeline::{Converter, Options};
pub use policy::{Counts, Policy};
