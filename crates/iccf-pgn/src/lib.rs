//! Streaming PGN reading and writing for every notation iccf understands.
//!
//! The low-level layer knows no chess rules:
//!
//! - [`lexer`] cuts the bytes of one game into tokens, without copying.
//! - [`split`] cuts a whole file or stream into games, in bounded memory.
//! - [`writer`] writes tags and movetext with PGN line wrapping.

#![warn(missing_docs)]

pub mod convert;
pub mod encoding;
pub mod lexer;
pub mod split;
pub mod writer;
