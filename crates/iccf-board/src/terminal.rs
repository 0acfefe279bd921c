//! The board as terminal text: pieces in a grid of three-character cells,
//! the numeric file and rank digits on all four edges, and a status line.
//!
//! ```text
//!     1  2  3  4  5  6  7  8
//!  8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜  8
//!  …
//!  4  ·  ·  ·  · [♙] ·  ·  ·  4
//!  3  ·  ·  ·  ·  ·  ·  ·  ·  3
//!  2  ♙  ♙  ♙  ♙ [·] ♙  ♙  ♙  2
//!  1  ♖  ♘  ♗  ♕  ♔  ♗  ♘  ♖  1
//!     1  2  3  4  5  6  7  8
//! Black to move, move 1; last move 1. 5254
//! ```
//!
//! A square's number is its column digit then its row digit: the pawn
//! above stands on `54`.

use std::fmt::Write as _;

use iccf::lang::figurine;
use shakmaty::{Board, Chess, Color, File, Piece, Position, Rank, Square};

use crate::layout::{digit, files_left_to_right, ranks_top_down};
use crate::{Options, status};

/// How pieces are written.
///
/// # Examples
///
/// ```
/// use iccf_board::{Options, terminal::{self, Glyphs, Style}};
/// use shakmaty::Chess;
///
/// let style = Style { glyphs: Glyphs::Unicode, colour: false };
/// let board = terminal::board(&Chess::default(), &Options::default(), &style);
/// assert!(board.contains(" 1  ♖  ♘  ♗  ♕  ♔  ♗  ♘  ♖  1\n"));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Glyphs {
    /// Chess figurines `♔♕♖♗♘♙` / `♚♛♜♝♞♟`, `·` for an empty square.
    Unicode,
    /// Letters `KQRBNP` for White, `kqrbnp` for Black, `.` for an empty
    /// square.
    Ascii,
}

/// How the text looks: glyphs, and whether to colour it for a terminal.
///
/// # Examples
///
/// ```
/// use iccf_board::terminal::{Glyphs, Style};
///
/// assert_eq!(Style::default(), Style::unicode());
/// assert_eq!(Style::ascii().glyphs, Glyphs::Ascii);
/// assert!(Style::unicode().coloured().colour);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Style {
    /// Figurines or letters.
    pub glyphs: Glyphs,
    /// ANSI colours: square backgrounds, the last move's squares in their
    /// own colour instead of brackets. Only for a terminal that wants them.
    pub colour: bool,
}

impl Default for Style {
    /// Figurines, no colour.
    fn default() -> Style {
        Style::unicode()
    }
}

impl Style {
    /// Figurines, no colour.
    ///
    /// ```
    /// assert!(!iccf_board::terminal::Style::unicode().colour);
    /// ```
    pub const fn unicode() -> Style {
        Style {
            glyphs: Glyphs::Unicode,
            colour: false,
        }
    }

    /// Letters and dots, no colour.
    ///
    /// ```
    /// use iccf_board::terminal::{Glyphs, Style};
    ///
    /// assert_eq!(Style::ascii().glyphs, Glyphs::Ascii);
    /// ```
    pub const fn ascii() -> Style {
        Style {
            glyphs: Glyphs::Ascii,
            colour: false,
        }
    }

    /// The same style with ANSI colours.
    ///
    /// ```
    /// assert!(iccf_board::terminal::Style::ascii().coloured().colour);
    /// ```
    #[must_use]
    pub const fn coloured(self) -> Style {
        Style {
            colour: true,
            ..self
        }
    }
}

/// The position as text, one line per rank plus the edges and the
/// [status line](status::line), each line ending in `\n`.
///
/// Without colour the last move's squares are in brackets (`[♙]`); with
/// colour they get a background of their own.
///
/// # Examples
///
/// ```
/// use iccf_board::{Options, terminal};
/// use shakmaty::Chess;
///
/// let board = terminal::board(&Chess::default(), &Options::default(), &terminal::Style::ascii());
/// let lines: Vec<&str> = board.lines().collect();
/// assert_eq!(lines[0], "    1  2  3  4  5  6  7  8");
/// assert_eq!(lines[7], " 2  P  P  P  P  P  P  P  P  2");
/// assert_eq!(lines[10], "White to move, move 1");
/// ```
pub fn board(pos: &Chess, options: &Options, style: &Style) -> String {
    let files = files_left_to_right(options.bottom);
    let edge = edge_line(&files);
    let mut out = String::with_capacity(if style.colour { 2048 } else { 512 });
    out.push_str(&edge);
    for rank in ranks_top_down(options.bottom) {
        push_rank(&mut out, pos.board(), rank, &files, options, style);
    }
    out.push_str(&edge);
    out.push_str(&status::line(pos, options.last_move));
    out.push('\n');
    out
}

/// The file digits above or below the board, over the cells' middles.
fn edge_line(files: &[File; 8]) -> String {
    let mut line = String::from("   ");
    for &file in files {
        line.push(' ');
        line.push(digit(file));
        line.push(' ');
    }
    line.truncate(line.trim_end().len());
    line.push('\n');
    line
}

/// One row: the rank digit, eight cells, the rank digit again.
fn push_rank(
    out: &mut String,
    board: &Board,
    rank: Rank,
    files: &[File; 8],
    options: &Options,
    style: &Style,
) {
    let label = digit(rank);
    let _ = write!(out, " {label} ");
    for &file in files {
        let square = Square::from_coords(file, rank);
        push_cell(out, board.piece_at(square), square, options, style);
    }
    if style.colour {
        out.push_str(RESET);
    }
    let _ = writeln!(out, " {label}");
}

/// One square, three characters wide (plus colour codes).
fn push_cell(
    out: &mut String,
    piece: Option<Piece>,
    square: Square,
    options: &Options,
    style: &Style,
) {
    let glyph = glyph(piece, style.glyphs);
    let marked = options.is_marked(square);
    if style.colour {
        let _ = write!(
            out,
            "\x1b[{};{}m {glyph} ",
            background(square, marked),
            foreground(piece)
        );
    } else if marked {
        let _ = write!(out, "[{glyph}]");
    } else {
        let _ = write!(out, " {glyph} ");
    }
}

/// The character for a piece or an empty square.
fn glyph(piece: Option<Piece>, glyphs: Glyphs) -> char {
    match (piece, glyphs) {
        (Some(piece), Glyphs::Unicode) => figurine(piece.role, piece.color),
        (Some(piece), Glyphs::Ascii) => piece.char(),
        (None, Glyphs::Unicode) => '·',
        (None, Glyphs::Ascii) => '.',
    }
}

/// Ends the colours of a row.
const RESET: &str = "\x1b[0m";

/// The SGR background of a square (256-colour palette: wood tones, and a
/// green for the last move).
fn background(square: Square, marked: bool) -> &'static str {
    match (marked, square.is_light()) {
        (true, _) => "48;5;107",
        (false, true) => "48;5;180",
        (false, false) => "48;5;137",
    }
}

/// The SGR foreground of a piece: bold bright white or bold black; the dot
/// of an empty square in dark grey.
fn foreground(piece: Option<Piece>) -> &'static str {
    match piece.map(|p| p.color) {
        Some(Color::White) => "1;97",
        Some(Color::Black) => "1;30",
        None => "90",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::after;

    // Written by hand from the rules: rank 8 on top with Black's pieces
    // (queen on d = 4, king on e = 5), files 1-8 left to right, digits on
    // all four edges.
    const START_UNICODE: &str = "    1  2  3  4  5  6  7  8
 8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜  8
 7  ♟  ♟  ♟  ♟  ♟  ♟  ♟  ♟  7
 6  ·  ·  ·  ·  ·  ·  ·  ·  6
 5  ·  ·  ·  ·  ·  ·  ·  ·  5
 4  ·  ·  ·  ·  ·  ·  ·  ·  4
 3  ·  ·  ·  ·  ·  ·  ·  ·  3
 2  ♙  ♙  ♙  ♙  ♙  ♙  ♙  ♙  2
 1  ♖  ♘  ♗  ♕  ♔  ♗  ♘  ♖  1
    1  2  3  4  5  6  7  8
White to move, move 1
";

    #[test]
    fn start_position_in_figurines() {
        let text = board(&Chess::default(), &Options::default(), &Style::unicode());
        assert_eq!(text, START_UNICODE);
    }

    // After 1. e4 (5254) 1... c5 (3735), Black at the bottom: rank 1 on
    // top, file 8 (h) on the left, so White's king (e1 = 51) is fourth
    // from the left on the top row and the queen (d1 = 41) fifth. The
    // last move's squares 37 and 35 are bracketed: column 3 is sixth from
    // the left.
    const SICILIAN_FLIPPED_ASCII: &str = "    8  7  6  5  4  3  2  1
 1  R  N  B  K  Q  B  N  R  1
 2  P  P  P  .  P  P  P  P  2
 3  .  .  .  .  .  .  .  .  3
 4  .  .  .  P  .  .  .  .  4
 5  .  .  .  .  . [p] .  .  5
 6  .  .  .  .  .  .  .  .  6
 7  p  p  p  p  p [.] p  p  7
 8  r  n  b  k  q  b  n  r  8
    8  7  6  5  4  3  2  1
White to move, move 2; last move 1... 3735
";

    #[test]
    fn flipped_position_in_letters_with_the_last_move() {
        let (pos, last) = after(&["5254", "3735"]);
        let options = Options::default().flipped().with_last_move(last);
        assert_eq!(
            board(&pos, &options, &Style::ascii()),
            SICILIAN_FLIPPED_ASCII
        );
    }

    #[test]
    fn colour_marks_the_last_move_by_background_not_brackets() {
        let (pos, last) = after(&["e4"]);
        let options = Options::default().with_last_move(last);
        let text = board(&pos, &options, &Style::ascii().coloured());
        assert!(!text.contains("[.]") && !text.contains("[P]"), "{text}");
        // e2 (empty, marked) and e4 (white pawn, marked).
        assert!(text.contains("\x1b[48;5;107;90m . "), "{text}");
        assert!(text.contains("\x1b[48;5;107;1;97m P "), "{text}");
        assert_eq!(text.matches("48;5;107").count(), 2);
        // Every row ends its colours before the rank digit.
        assert_eq!(text.matches(RESET).count(), 8);
    }

    #[test]
    fn plain_text_has_no_escape_codes() {
        let text = board(&Chess::default(), &Options::default(), &Style::unicode());
        assert!(!text.contains('\x1b'));
    }
}
