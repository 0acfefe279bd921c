//! What every picture of a board is asked: which side is at the bottom and
//! which move to mark.

use shakmaty::{Color, Move, Square};

/// How a board is shown, whatever the output.
///
/// # Examples
///
/// ```
/// use iccf_board::Options;
/// use shakmaty::{Color, Move, Role, Square};
///
/// let e4 = Move::Normal {
///     role: Role::Pawn,
///     from: Square::E2,
///     capture: None,
///     to: Square::E4,
///     promotion: None,
/// };
/// let options = Options::default().flipped().with_last_move(Some(e4));
/// assert_eq!(options.bottom, Color::Black);
/// assert!(options.is_marked(Square::E2) && options.is_marked(Square::E4));
/// assert!(!options.is_marked(Square::E3));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The side whose pieces start at the bottom: White shows rank 1 at
    /// the bottom and file 1 (a) on the left; Black turns the board round.
    pub bottom: Color,
    /// The move that led to the position, marked on its two squares.
    pub last_move: Option<Move>,
}

impl Default for Options {
    /// White at the bottom, no move marked.
    fn default() -> Options {
        Options {
            bottom: Color::White,
            last_move: None,
        }
    }
}

impl Options {
    /// The same options with Black at the bottom.
    ///
    /// ```
    /// use iccf_board::Options;
    /// use shakmaty::Color;
    ///
    /// assert_eq!(Options::default().flipped().bottom, Color::Black);
    /// ```
    #[must_use]
    pub fn flipped(self) -> Options {
        Options {
            bottom: !self.bottom,
            ..self
        }
    }

    /// The same options marking `last_move` (or nothing for `None`).
    ///
    /// ```
    /// use iccf_board::Options;
    ///
    /// assert_eq!(Options::default().with_last_move(None), Options::default());
    /// ```
    #[must_use]
    pub fn with_last_move(self, last_move: Option<Move>) -> Options {
        Options { last_move, ..self }
    }

    /// Whether `square` is one of the last move's squares: where the piece
    /// came from and where it went. Castling marks the king's two squares
    /// (e1 and g1), as the numeric move `5171` names them.
    ///
    /// ```
    /// use iccf_board::Options;
    /// use shakmaty::{Move, Square};
    ///
    /// let castle = Move::Castle { king: Square::E1, rook: Square::H1 };
    /// let options = Options::default().with_last_move(Some(castle));
    /// assert!(options.is_marked(Square::E1) && options.is_marked(Square::G1));
    /// assert!(!options.is_marked(Square::H1));
    /// ```
    pub fn is_marked(&self, square: Square) -> bool {
        self.last_move
            .is_some_and(|m| m.from() == Some(square) || king_destination(m) == square)
    }
}

/// Where the moving piece lands: for castling, the king's square (shakmaty
/// stores the rook's).
fn king_destination(m: Move) -> Square {
    match m {
        Move::Castle { king, .. } => match m.castling_side() {
            Some(side) => Square::from_coords(side.king_to_file(), king.rank()),
            None => m.to(),
        },
        _ => m.to(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Role;

    #[test]
    fn long_castling_marks_the_king_on_the_c_file() {
        let castle = Move::Castle {
            king: Square::E8,
            rook: Square::A8,
        };
        let options = Options::default().with_last_move(Some(castle));
        let marked: Vec<Square> = Square::ALL
            .into_iter()
            .filter(|&sq| options.is_marked(sq))
            .collect();
        assert_eq!(marked, [Square::C8, Square::E8]);
    }

    #[test]
    fn a_drop_marks_only_its_square() {
        let drop = Move::Put {
            role: Role::Knight,
            to: Square::F3,
        };
        let options = Options::default().with_last_move(Some(drop));
        let marked = Square::ALL.into_iter().filter(|&sq| options.is_marked(sq));
        assert_eq!(marked.collect::<Vec<_>>(), [Square::F3]);
    }

    #[test]
    fn flipping_twice_restores_white_at_the_bottom() {
        let options = Options::default().flipped().flipped();
        assert_eq!(options.bottom, Color::White);
    }
}
