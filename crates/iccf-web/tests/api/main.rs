//! API tests: every endpoint through the router, as the page and other
//! programs call it, including hostile and oversized input.

mod assets;
mod desk;
mod guard;
mod hostile;
mod lines;
mod load_export;
mod serve;
mod util;
