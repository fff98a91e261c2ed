//! What the CJK codec families beyond encoding_rs share: the generated mapping tables
//! (`tables`, from data/cjk by `generate`), their layouts and the encoder's inverse lookups
//! (`table`), and the decoder and encoder of the stateless multi-byte families (`engine`).

pub mod engine;
pub mod gb;
pub mod stateful;
pub mod table;
#[rustfmt::skip]
pub mod tables;

#[cfg(test)]
mod generate;
