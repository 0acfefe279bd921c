//! The stream library of iccf: everything between a file name and the game
//! converter, with no terminal in sight.
//!
//! - [`input`] opens a file or standard input and decompresses it by its
//!   magic bytes ([`compression`]), on a thread of its own
//!   ([`read_ahead`]); [`text_input`] turns UTF-16 into UTF-8 and refuses
//!   what is not PGN.
//! - [`output`] is the one writer of files: atomic, compressed by extension,
//!   keeping the target's permissions and writing through symlinks.
//! - [`pipeline`] maps work over items on N threads in order; [`batch`]
//!   converts batches of games there and puts them back in input order under
//!   the language rule, [`records`] reads them into values there; [`run`] is the per-input loop over whole files that
//!   `iccf convert` and the Python package share, with [`jobs`] its one
//!   thread policy and [`summary`] what it reports.
//! - [`interrupt`] removes a half-written temporary file on Ctrl-C;
//!   [`lock`] makes two changes of one game file take turns, and removes
//!   what a killed one left.
//!
//! Every failure is a [`StreamError`](error::StreamError) naming the file and
//! the operation.

pub mod batch;
pub mod compression;
pub mod error;
pub mod input;
pub mod interrupt;
pub mod jobs;
pub mod lock;
pub mod named_format;
pub mod output;
#[cfg(feature = "parquet")]
pub mod parquet;
pub mod pipeline;
pub mod read_ahead;
pub mod records;
pub mod run;
pub mod stdout;
pub mod summary;
#[cfg(feature = "arrow")]
pub mod table;
pub mod text_input;
pub mod zstd_frames;

#[cfg(test)]
mod io_tests;
