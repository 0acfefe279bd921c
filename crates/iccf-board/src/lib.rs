//! Chess board pictures with the ICCF numeric square grid.
//!
//! ICCF numeric notation names each square by two digits, file then rank
//! (e2 is `52`), so a reader needs the grid to find the squares:
//!
//! ```text
//! 18 28 38 48 58 68 78 88
//! …
//! 11 21 31 41 51 61 71 81
//! ```
//!
//! This crate draws a position with that grid, as terminal text
//! ([`terminal::board`]) or as SVG ([`svg::diagram`]), and finds the position
//! to draw in a PGN game or a line of moves ([`game`]). It does no I/O:
//! every function takes a position (or text) and returns a `String`.
//!
//! ```
//! use iccf_board::{Options, terminal};
//! use shakmaty::Chess;
//!
//! let board = terminal::board(&Chess::default(), &Options::default(), &terminal::Style::ascii());
//! assert!(board.starts_with("    1  2  3  4  5  6  7  8\n 8  r  n  b  q  k  b  n  r  8\n"));
//! ```

pub mod game;
mod layout;
mod options;
pub mod status;
pub mod svg;
pub mod terminal;

/// The position after `moves` (numeric or SAN, from the start) and the
/// last of them, for the unit tests.
#[cfg(test)]
pub(crate) fn after(moves: &[&str]) -> (shakmaty::Chess, Option<shakmaty::Move>) {
    use shakmaty::Position;
    let mut pos = shakmaty::Chess::default();
    let mut last = None;
    for text in moves {
        let m = iccf::read::read_move(text.as_bytes(), &pos)
            .expect("legal move")
            .m;
        pos.play_unchecked(m);
        last = Some(m);
    }
    (pos, last)
}

pub use layout::{files_left_to_right, ranks_top_down};
pub use options::Options;
