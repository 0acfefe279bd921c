//! One move as a person types it alone, in `iccf move`, the web page's
//! move box or at the correspondence desk: `5254`, `1. e4`, `12... Nf6+`,
//! `5254!?`, `exd6 e.p.`. The move is found by the lexer that reads games;
//! only its number and marks are taken off (`12…Nc6` and `e8(Q)`, which a game's
//! reader repairs, are not).

use core::fmt;

use iccf::MoveNumber;
use iccf::token::is_en_passant_mark;

use crate::lexer::{Lexer, TokenKind};

/// Why a typed text is not one move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TypedMoveError {
    /// Its move number is not the next move's.
    NumberDoesNotFit {
        /// The next move's number.
        next: MoveNumber,
    },
    /// It holds more than one move, or something else (`{`, `(`).
    NotOneMove {
        /// The first text besides the move.
        extra: String,
    },
    /// It holds no move.
    NoMove,
}

impl fmt::Display for TypedMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TypedMoveError::NumberDoesNotFit { next } => {
                write!(f, "move number does not fit: the next move is {next}")
            }
            TypedMoveError::NotOneMove { extra } => write!(f, "`{extra}`: one move expected"),
            TypedMoveError::NoMove => f.write_str("no move"),
        }
    }
}

impl std::error::Error for TypedMoveError {}

/// The move of `text`, typed where move `next` is due: after its number,
/// which must be `next`'s, and before its check mark or `!?`.
///
/// # Errors
///
/// [`TypedMoveError`] when the number does not fit, or `text` is not one
/// move.
///
/// # Examples
///
/// ```
/// use iccf::MoveNumber;
/// use iccf_pgn::typed_move::typed_move;
/// use shakmaty::Chess;
///
/// let next = MoveNumber::from_position(&Chess::default());
/// assert_eq!(typed_move("1. 5254", next)?, "5254");
/// assert_eq!(typed_move("5254+!", next)?, "5254");
/// assert_eq!(typed_move(" e4 ", next)?, "e4");
/// assert_eq!(typed_move("exd6 e.p.", next)?, "exd6");
/// assert_eq!(
///     typed_move("2. e4", next).unwrap_err().to_string(),
///     "move number does not fit: the next move is 1."
/// );
/// assert_eq!(typed_move("e4 e5", next).unwrap_err().to_string(), "`e5`: one move expected");
/// # Ok::<_, iccf_pgn::typed_move::TypedMoveError>(())
/// ```
pub fn typed_move(text: &str, next: MoveNumber) -> Result<&str, TypedMoveError> {
    let mut the_move = None;
    for token in Lexer::new(text.as_bytes()) {
        let raw = &text[token.span.clone()];
        match token.kind {
            TokenKind::MoveNumber { number, dots } if the_move.is_none() => {
                if !next.matches(number, dots) {
                    return Err(TypedMoveError::NumberDoesNotFit { next });
                }
            }
            TokenKind::Move(_) if the_move.is_none() => the_move = Some(raw),
            // `exd6 e.p.`, as a game's reader drops it.
            TokenKind::Move(mark) if is_en_passant_mark(mark) => {}
            TokenKind::Suffix(_) | TokenKind::Nag(_) => {}
            _ => {
                return Err(TypedMoveError::NotOneMove {
                    extra: raw.to_owned(),
                });
            }
        }
    }
    the_move.ok_or(TypedMoveError::NoMove)
}
