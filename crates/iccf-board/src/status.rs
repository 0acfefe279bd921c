//! The line under a board: who is to move, the move number, check or the
//! end of the game, and the last move in numeric notation.

use iccf::{CastlingNotation, NumericMove};
use shakmaty::{Chess, Color, Move, Position};

/// Who is to move and on which move, with check, checkmate or stalemate.
///
/// # Examples
///
/// ```
/// use iccf_board::status::to_move;
/// use shakmaty::{Chess, fen::Fen, CastlingMode};
///
/// assert_eq!(to_move(&Chess::default()), "White to move, move 1");
/// let mate: Chess = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
///     .parse::<Fen>()?
///     .into_position(CastlingMode::Standard)?;
/// assert_eq!(to_move(&mate), "White to move, move 3, checkmate");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn to_move(pos: &Chess) -> String {
    let side = side_name(pos.turn());
    let state = if pos.is_checkmate() {
        ", checkmate"
    } else if pos.is_stalemate() {
        ", stalemate"
    } else if pos.is_check() {
        ", check"
    } else {
        ""
    };
    format!("{side} to move, move {}{state}", pos.fullmoves())
}

/// The move that led to `pos`, numbered and in numeric notation: `1. 5254`
/// for White's move, `1... 5755` for Black's. `None` for a move numeric
/// notation cannot write (a piece drop).
///
/// # Examples
///
/// ```
/// use iccf_board::status::last_move;
/// use shakmaty::{Chess, Position, Move, Role, Square};
///
/// let e4 = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None };
/// let after = Chess::default().play(e4)?;
/// assert_eq!(last_move(&after, e4).as_deref(), Some("1. 5254"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn last_move(pos: &Chess, m: Move) -> Option<String> {
    let castling =
        CastlingNotation::for_mode(pos.castles().mode(), CastlingNotation::KingTakesRook);
    let numeric = NumericMove::from_move(m, castling).ok()?;
    // The side to move did not make the last move.
    Some(match pos.turn() {
        Color::Black => format!("{}. {numeric}", pos.fullmoves()),
        Color::White => format!("{}... {numeric}", pos.fullmoves().get().saturating_sub(1)),
    })
}

/// [`to_move()`], then the [`last_move()`] when there is one.
///
/// # Examples
///
/// ```
/// use iccf_board::status::line;
/// use shakmaty::Chess;
///
/// assert_eq!(line(&Chess::default(), None), "White to move, move 1");
/// ```
pub fn line(pos: &Chess, last: Option<Move>) -> String {
    let mut text = to_move(pos);
    if let Some(numbered) = last.and_then(|m| last_move(pos, m)) {
        text.push_str("; last move ");
        text.push_str(&numbered);
    }
    text
}

/// `White` or `Black`.
pub(crate) fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::after;

    #[test]
    fn black_reply_is_numbered_with_dots() {
        let (pos, last) = after(&["e4", "e5"]);
        assert_eq!(
            line(&pos, last),
            "White to move, move 2; last move 1... 5755"
        );
    }

    #[test]
    fn castling_is_the_kings_move() {
        let (pos, last) = after(&["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"]);
        assert_eq!(line(&pos, last), "Black to move, move 4; last move 4. 5171");
    }

    #[test]
    fn check_is_said() {
        let (pos, _) = after(&["e4", "f5", "Qh5"]);
        assert_eq!(to_move(&pos), "Black to move, move 2, check");
    }

    #[test]
    fn stalemate_is_said() {
        let pos: Chess = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 60"
            .parse::<shakmaty::fen::Fen>()
            .expect("fen")
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("legal");
        assert_eq!(to_move(&pos), "Black to move, move 60, stalemate");
    }
}
