//! The `iccf` binary as users run it, in one test binary: everyday use
//! (`cli`), hostile input (`hostile`), the board (`board`) and correspondence
//! play (`corr`), the web page's server (`serve`), the last three with the
//! helpers of `cli`; the completions, manual pages and version (`docs_out`).

mod board;
mod cli;
mod corr;
mod docs_out;
mod hostile;
mod serve;
