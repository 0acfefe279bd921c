//! The `iccf` binary as users run it, in one test binary: everyday use
//! (`cli`), hostile input (`hostile`), the board (`board`) and correspondence
//! play (`corr`, and a folder of games: `folder`), the web page's server
//! (`serve`), with the helpers of `cli`; the completions, manual pages and version (`docs_out`);
//! real files read leniently where the meaning is clear (`lenient`).

mod board;
mod cli;
mod corr;
mod docs_out;
mod folder;
mod hostile;
mod lenient;
mod serve;
