//! SIMD conversion kernels between UTF-8 and UTF-16, used by the UTF-16 family and by the
//! pipeline's bulk paths for Unicode input, and the ASCII runs the table-driven kernels copy
//! in bulk.

pub mod ascii;
pub mod simd;
pub mod utf8_to_utf16;
