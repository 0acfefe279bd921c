//! What stops a game from giving a position.

use core::fmt;

use iccf_pgn::problem::{Problem, ProblemKind};

use super::FenError;

/// Why no position could be found for a game.
///
/// # Examples
///
/// ```
/// use iccf_board::game::{Until, play_game};
///
/// let err = play_game(b"1. e4 e5 *", 1, Until::Ply(5), None).unwrap_err();
/// assert_eq!(err.to_string(), "no half-move 5: the line has 2");
/// let err = play_game(b"", 1, Until::End, None).unwrap_err();
/// assert_eq!(err.to_string(), "no game 1: there are 0 games");
/// ```
#[derive(Clone, Debug)]
pub enum GameError {
    /// There is no game with this number.
    NoGame {
        /// The 1-based number asked for.
        number: usize,
        /// How many games there are.
        games: usize,
    },
    /// The game's FEN tag (or Variant tag) gives no position.
    BadFen {
        /// The tag's name: `FEN`, or `Variant` for a variant that is not
        /// chess.
        tag: &'static str,
        /// The tag's value, cut as problems quote input.
        fen: String,
        /// Why it gives no position.
        error: FenError,
    },
    /// The line is shorter than the half-move asked for.
    TooFewPlies {
        /// The half-move asked for.
        ply: usize,
        /// The half-moves the line has.
        plies: usize,
    },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::NoGame { number, games } => {
                write!(f, "no game {number}: there are {games} games")
            }
            GameError::BadFen { tag, fen, error } => write!(f, "bad {tag} tag `{fen}`: {error}"),
            GameError::TooFewPlies { ply, plies } => {
                write!(f, "no half-move {ply}: the line has {plies}")
            }
        }
    }
}

/// The message says the cause; hence no `source()`.
impl std::error::Error for GameError {}

/// A move that could not be played, and where it was written.
///
/// # Examples
///
/// ```
/// use iccf_board::game::{Until, play_line};
/// use shakmaty::Chess;
///
/// let line = play_line(Chess::default(), b"1. 5254\n1... 5745", Until::End, None)?;
/// let bad = line.stopped.expect("5745 is no move");
/// assert_eq!((bad.line, bad.column), (2, 6));
/// assert!(bad.to_string().starts_with("1... `5745`: "), "{bad}");
/// # Ok::<_, iccf_board::game::GameError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMove {
    /// 1-based line of the move.
    pub line: usize,
    /// 1-based column (in characters) of the move.
    pub column: usize,
    /// Its number: `12.` for White, `12...` for Black.
    pub label: String,
    /// The move as written.
    pub text: String,
    /// Why it cannot be played, as `iccf convert` says.
    pub error: ProblemKind,
}

impl BadMove {
    /// The move the converter's `problem` is about.
    pub(super) fn from_problem(problem: &Problem) -> BadMove {
        BadMove {
            line: usize::try_from(problem.line).unwrap_or(usize::MAX),
            column: usize::try_from(problem.column).unwrap_or(usize::MAX),
            label: problem
                .move_number
                .map(|n| n.to_string())
                .unwrap_or_default(),
            text: problem.token.clone(),
            error: problem.kind.clone(),
        }
    }
}

/// `12... `5756`: reason`, without the location, which callers put first
/// in their own form.
impl fmt::Display for BadMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.label.as_str(), self.text.as_str()) {
            // A game skipped whole has no move to show (its problem has
            // neither a move number nor a token).
            ("", "") => write!(f, "{}", self.error),
            (label, text) => write!(f, "{label} `{text}`: {}", self.error),
        }
    }
}

/// The message says the cause; hence no `source()`.
impl std::error::Error for BadMove {}
