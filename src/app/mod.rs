//! The application layer: the command line ([`cli`]) checked into [`settings`], and what a
//! run does with them ([`run`]): `--list`, the conversion of one output stream ([`stream`]),
//! or a batch of files each on its own ([`batch`], walking trees with [`walk`], reporting
//! with [`report`] and describing with [`describe`]); [`detect`] decides `--from auto`.

pub mod batch;
pub mod cli;
pub mod describe;
pub mod detect;
pub mod report;
pub mod run;
pub mod settings;
pub mod stream;
pub mod walk;
