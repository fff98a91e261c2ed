//! SIMD conversion kernels between UTF-8 and UTF-16, used by the UTF-16 family and by the
//! pipeline's bulk paths for Unicode input.

pub mod simd;
pub mod utf8_to_utf16;
