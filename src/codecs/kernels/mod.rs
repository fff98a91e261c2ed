//! SIMD conversion kernels between UTF-8 and UTF-16, used by the UTF-16 family and by the
//! pipeline's bulk paths for Unicode input, the ASCII runs the table-driven kernels copy
//! in bulk (or map through a table, for EBCDIC), and the UTF-8 validation of the bulk paths.

pub mod ascii;
pub mod ascii_map;
pub mod simd;
pub mod utf8_to_utf16;
pub mod utf8_valid;
