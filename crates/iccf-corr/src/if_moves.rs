//! Reading a proposed line of if-moves: `13... 5756 14. 6125`.

use core::fmt;

use iccf::NumericMove;
use shakmaty::Position;

use iccf::MoveNumber;
use shakmaty::Color;

use crate::{Game, OurMoveError, numeric, read_our_move, scan_moves};

/// Why an if-move line was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IfMoveError {
    /// No numbered moves in the text.
    NoMoves,
    /// Our move must be the game's last move when proposing a line.
    NotAfterOurMove,
    /// The line does not start right after our last move, or skips a move.
    OutOfOrder {
        /// The number found.
        found: MoveNumber,
        /// The number due.
        expected: MoveNumber,
    },
    /// The line's first move differs from the move we play now.
    OtherFirstMove {
        /// What the line has.
        written: String,
        /// Our move.
        ours: String,
    },
    /// A move of the line is not legal there.
    Illegal {
        /// Its number.
        no: MoveNumber,
        /// Why.
        error: OurMoveError,
    },
    /// A line must end with our reply, else it proposes nothing.
    NoReply,
}

impl fmt::Display for IfMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IfMoveError::NoMoves => f.write_str("no numbered moves in the if-move line"),
            IfMoveError::NotAfterOurMove => {
                f.write_str("if-moves follow our own move: give --move too")
            }
            IfMoveError::OutOfOrder { found, expected } => {
                write!(f, "if-move {found} found where {expected} is due")
            }
            IfMoveError::OtherFirstMove { written, ours } => {
                write!(
                    f,
                    "the if-move line starts with {written}, but our move is {ours}"
                )
            }
            IfMoveError::Illegal { no, error } => write!(f, "if-move {no}: {error}"),
            IfMoveError::NoReply => f.write_str("an if-move line must end with our reply"),
        }
    }
}

impl std::error::Error for IfMoveError {}

/// Reads `text` as a line of moves following our last move in `game`
/// (where we play `side`): optionally our last move itself, then their
/// reply, ours, and so on, ending with ours. Moves may be numeric or
/// algebraic in any language. Returns the line from their reply on.
///
/// # Errors
///
/// [`IfMoveError`] saying which move is wrong.
///
/// ```
/// use iccf_corr::{parse_if_line, read_game};
/// use shakmaty::Color;
///
/// let game = read_game(b"1. 5254 5755 2. 7163 *")?;
/// let line = parse_if_line("2. 7163 2... 2836 3. Lb5", &game, Color::White).unwrap();
/// assert_eq!(line.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["2836", "6125"]);
/// // As a message writes it.
/// let line = parse_if_line("If 2... 2836 then 3. 6125", &game, Color::White).unwrap();
/// assert_eq!(line.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["2836", "6125"]);
/// # Ok::<_, iccf_corr::GameFileError>(())
/// ```
pub fn parse_if_line(
    text: &str,
    game: &Game,
    side: Color,
) -> Result<Vec<NumericMove>, IfMoveError> {
    // "if 2... 5756 then 3. 2133", written as a message writes it: its
    // "if" made the whole line an if-move line, whose moves are not read
    // as moves ("no numbered moves").
    let text = match crate::scan::conditional_lines(std::iter::once((0, text))).as_slice() {
        [(_, conditional)] if conditional.as_ptr() == text.trim_start().as_ptr() => {
            crate::scan::strip_if_word(conditional)
        }
        _ => text,
    };
    let plies = scan_moves(text.lines().enumerate());
    let Some(last) = game
        .plies
        .len()
        .checked_sub(1)
        .filter(|&l| game.side_of_ply(l) == side)
    else {
        return Err(IfMoveError::NotAfterOurMove);
    };
    let mut written = plies.iter().peekable();
    let first = written.peek().ok_or(IfMoveError::NoMoves)?;
    if game.ply_of(first.no) == Some(last) {
        let ours = game.plies[last].mv;
        let (before, _) = game.replay_to(last);
        let mv = read_our_move(&first.text, &before, None).map(numeric);
        if mv != Ok(ours) {
            return Err(IfMoveError::OtherFirstMove {
                written: first.text.clone(),
                ours: ours.to_string(),
            });
        }
        written.next();
    }
    let mut pos = game.position();
    let mut line = Vec::new();
    for (i, ply) in written.enumerate() {
        let expected = game.number_of_ply(last + 1 + i);
        if ply.no != expected {
            return Err(IfMoveError::OutOfOrder {
                found: ply.no,
                expected,
            });
        }
        let m = read_our_move(&ply.text, &pos, None).map_err(|error| IfMoveError::Illegal {
            no: expected,
            error,
        })?;
        line.push(numeric(m));
        pos.play_unchecked(m);
    }
    match line.len() {
        0 => Err(IfMoveError::NoMoves),
        n if n % 2 == 1 => Err(IfMoveError::NoReply),
        _ => Ok(line),
    }
}
