//! A position from FEN, standard chess or Chess960 as the castling rights
//! require.

use core::fmt;

use iccf_pgn::problem::ProblemKind;
use iccf_pgn::setup::{FenTextError, parse_fen};
use shakmaty::fen::ParseFenError;
use shakmaty::{CastlingMode, Chess, PositionError};

/// Reads a FEN: as standard chess, or as Chess960 when only that makes its
/// castling rights valid (a king or rook off its standard square).
///
/// # Errors
///
/// [`FenError`] when the text is not FEN or not a legal position.
///
/// # Examples
///
/// ```
/// use iccf_board::game::position_from_fen;
/// use shakmaty::{Color, Position};
///
/// let pos = position_from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")?;
/// assert_eq!(pos.turn(), Color::Black);
/// assert!(position_from_fen("8/8/8/8/8/8/8/8 w - - 0 1").is_err());
/// # Ok::<_, iccf_board::game::FenError>(())
/// ```
pub fn position_from_fen(text: &str) -> Result<Chess, FenError> {
    let fen = parse_fen(text.as_bytes()).map_err(|err| match err {
        FenTextError::Syntax(err) => FenError::Syntax(err),
        FenTextError::AbsurdCounter(n) => FenError::AbsurdCounter(n),
    })?;
    match fen.clone().into_position(CastlingMode::Standard) {
        Ok(pos) => Ok(pos),
        // Standard chess's reason is the one to give when neither fits.
        Err(standard) => fen
            .into_position(CastlingMode::Chess960)
            .map_err(|_| FenError::Illegal(Box::new(standard))),
    }
}

/// Why a FEN gives no position.
///
/// # Examples
///
/// ```
/// use iccf_board::game::{FenError, position_from_fen};
///
/// let err = position_from_fen("4k3/8/8/8/8/8/8/4K2P w - - 0 1").unwrap_err();
/// assert!(matches!(err, FenError::Illegal(_)));
/// assert_eq!(err.to_string(), "illegal position: pawns on backrank");
/// ```
#[derive(Clone, Debug)]
pub enum FenError {
    /// The text is not FEN.
    Syntax(ParseFenError),
    /// The position is not legal (no king, pawns on the back rank, …).
    Illegal(Box<PositionError<Chess>>),
    /// A move counter past [`iccf_pgn::setup::MAX_FEN_COUNTER`]: no game
    /// gets there.
    AbsurdCounter(String),
    /// A game's `FEN` or `Variant` tag that `iccf convert` refuses, and
    /// why (an impossible position, a variant numeric notation cannot
    /// hold).
    Setup(ProblemKind),
}

impl FenError {
    /// The error for a game whose setup tags the converter refused with
    /// `kind`.
    pub(super) fn from_problem(kind: &ProblemKind) -> FenError {
        match kind {
            ProblemKind::BadFen(err) => FenError::Syntax(err.clone()),
            ProblemKind::AbsurdFenCounter(n) => FenError::AbsurdCounter(n.clone()),
            kind => FenError::Setup(kind.clone()),
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Syntax(err) => err.fmt(f),
            FenError::Illegal(err) => err.fmt(f),
            FenError::AbsurdCounter(n) => FenTextError::AbsurdCounter(n.clone()).fmt(f),
            FenError::Setup(kind) => kind.fmt(f),
        }
    }
}

/// The message is shakmaty's, which says the cause; hence no `source()`.
impl std::error::Error for FenError {}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Position, Square};

    #[test]
    fn chess960_castling_rights_read_as_chess960() {
        // King on b1, rooks on a1 and c1: only Chess960 allows castling here.
        let pos = position_from_fen("rkr5/8/8/8/8/8/8/RKR5 w KQkq - 0 1").expect("960 position");
        assert_eq!(pos.castles().mode(), CastlingMode::Chess960);
        assert_eq!(
            pos.board().king_of(shakmaty::Color::White),
            Some(Square::B1)
        );
    }

    #[test]
    fn garbage_is_a_syntax_error() {
        assert!(matches!(
            position_from_fen("not a fen"),
            Err(FenError::Syntax(_))
        ));
    }

    #[test]
    fn two_white_kings_are_illegal() {
        let err = position_from_fen("4k3/8/8/8/8/8/8/3KK3 w - - 0 1").unwrap_err();
        assert!(matches!(err, FenError::Illegal(_)));
        assert!(err.to_string().contains("too many kings"), "{err}");
    }
}
