//! Streaming PGN reading and writing for every notation iccf understands.
//!
//! The low-level layer knows no chess rules:
//!
//! - [`lexer`] cuts the bytes of one game into tokens, without copying.

pub mod lexer;
