//! Library side of the `iccf` command-line tool: the reusable plumbing
//! (input/output, parallel pipeline, progress reporting) kept apart from flag
//! parsing so it can be tested on its own.

pub mod batch;
pub mod interrupt;
pub mod io;
pub mod pipeline;
pub mod progress;
pub mod text;
