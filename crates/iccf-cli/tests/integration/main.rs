//! The `iccf` binary as users run it, in one test binary: everyday use
//! (`cli`) and hostile input (`hostile`).

mod cli;
mod hostile;
