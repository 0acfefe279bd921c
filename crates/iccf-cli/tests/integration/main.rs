//! The `iccf` binary as users run it, in one test binary: everyday use
//! (`cli`), hostile input (`hostile`) and the board (`board`, with the
//! helpers of `cli`).

mod board;
mod cli;
mod hostile;
