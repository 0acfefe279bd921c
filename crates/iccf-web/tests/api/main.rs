//! API tests: every endpoint through the router, as the page and other
//! programs call it, including hostile and oversized input.

mod assets;
mod desk;
mod games;
mod guard;
mod hostile;
mod lines;
mod load_export;
mod reader;
mod serve;
mod util;
