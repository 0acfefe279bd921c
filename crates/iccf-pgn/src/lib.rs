//! Streaming PGN reading and writing for every notation iccf understands.
//!
//! The low-level layer knows no chess rules:
//!
//! - [`lexer`] cuts the bytes of one game into tokens, without copying.
//! - [`split`] cuts a whole file or stream into games, in bounded memory.
//! - [`writer`] writes tags and movetext with PGN line wrapping.
//! - [`spelling`] knows the results and annotation glyphs authors type
//!   where PGN has one spelling (`1–0`, `±`).
//!
//! The lexer and the splitter read bytes by one grammar (the private
//! `grammar` module: byte classes, the tag, comment, move number and result
//! rules), whose lookup tables they build at compile time.
//!
//! Above it, [`convert`] converts whole games: [`setup`] finds the start
//! position, the language module the piece letters, the walk plays every
//! token once and hands what it finds to the sink of the output format;
//! [`problem`] says what went wrong and where. [`game`] reads games the
//! same way into values: tags, start position, the tree of moves.

pub mod convert;
pub mod encoding;
pub mod game;
mod grammar;
pub mod language;
pub mod lexer;
mod move_text;
pub mod problem;
pub mod record;
mod recorded_moves;
pub mod setup;
mod sink;
pub mod spelling;
pub mod split;
mod tags;
pub mod typed_move;
mod walk;
pub mod writer;
