//! The `iccf` binary as users run it, in one test binary: everyday use
//! (`cli`), hostile input (`hostile`) and correspondence play (`corr`).

mod cli;
mod corr;
mod hostile;
