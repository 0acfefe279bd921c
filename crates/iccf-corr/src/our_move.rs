//! Reading our own move, in numeric or algebraic notation of any language,
//! and recording it.

use core::fmt;

use iccf::lang::Lang;
use iccf::read::{ReadMoveError, read_move_in};
use iccf::{MoveNumber, NumericMove};
use iccf_pgn::typed_move::typed_move;
use shakmaty::{Chess, Move};

use crate::diagnose::nearest;
use crate::{Date, Game, Suggestion, diagnose};

/// Why our move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OurMoveError {
    /// Not a legal move here; the likeliest meant moves, best first.
    Illegal {
        /// The text.
        written: String,
        /// Moves it may mean, with the slip.
        suggestions: Vec<Suggestion>,
        /// Nearest legal moves by digits.
        nearest: Vec<String>,
    },
    /// Algebraic text that is a different legal move in different languages.
    Ambiguous {
        /// The text.
        written: String,
        /// Each reading: numeric move and the languages giving it.
        readings: Vec<(String, Vec<String>)>,
    },
    /// The game is over.
    GameOver,
    /// It is not our turn.
    NotOurTurn,
}

impl fmt::Display for OurMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OurMoveError::Illegal {
                written,
                suggestions,
                nearest,
            } => {
                write!(f, "`{written}` is not a legal move here")?;
                let near: Vec<String> = if suggestions.is_empty() {
                    nearest.clone()
                } else {
                    suggestions
                        .iter()
                        .map(|s| format!("{} ({}, {})", s.numeric, s.san, s.slip.describe()))
                        .collect()
                };
                if !near.is_empty() {
                    write!(f, "; nearest legal moves: {}", near.join(", "))?;
                }
                Ok(())
            }
            OurMoveError::Ambiguous { written, readings } => {
                let list: Vec<String> = readings
                    .iter()
                    .map(|(m, langs)| format!("{m} ({})", langs.join(" ")))
                    .collect();
                write!(
                    f,
                    "`{written}` means different moves in different languages: {}",
                    list.join(", ")
                )
            }
            OurMoveError::GameOver => f.write_str("the game is over"),
            OurMoveError::NotOurTurn => {
                f.write_str("it is not our turn: the opponent's move is due")
            }
        }
    }
}

impl std::error::Error for OurMoveError {}

/// Reads `text` as a legal move in `pos`: numeric, or algebraic in `lang`,
/// or in any language when `lang` is `None` and every reading agrees (and
/// English's letters, when it has them, make the move).
///
/// # Errors
///
/// [`OurMoveError::Illegal`] with the likeliest meant moves, or
/// [`OurMoveError::Ambiguous`].
///
/// ```
/// use iccf_corr::read_our_move;
/// use shakmaty::{Chess, Square};
///
/// assert_eq!(read_our_move("Cf3", &Chess::default(), None)?.to(), Square::F3);
/// assert_eq!(read_our_move("1. 7163+", &Chess::default(), None)?.to(), Square::F3);
/// let err = read_our_move("5245", &Chess::default(), None).unwrap_err();
/// assert!(err.to_string().starts_with("`5245` is not a legal move here; nearest legal moves: 5254"));
/// # Ok::<_, iccf_corr::OurMoveError>(())
/// ```
///
/// English letters for a move they cannot make are refused, though
/// another language reads them (a blocked rook's `Rf3` is a Finnish
/// knight's move); the suggestions name that reading, and `lang` takes it:
///
/// ```
/// use iccf::lang::Lang;
/// use iccf_corr::read_our_move;
/// use shakmaty::{Chess, Position, Square};
///
/// let mut pos = Chess::default();
/// for uci in ["e2e4", "e7e5", "b1c3", "b8c6"] {
///     let m = uci.parse::<shakmaty::uci::UciMove>()?.to_move(&pos)?;
///     pos.play_unchecked(m);
/// }
/// let err = read_our_move("Rf3", &pos, None).unwrap_err();
/// assert!(err.to_string().contains("7163 (Nf3, algebraic (is fi et af))"), "{err}");
/// assert_eq!(read_our_move("Rf3", &pos, Some(Lang::Fi))?.to(), Square::F3);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn read_our_move(text: &str, pos: &Chess, lang: Option<Lang>) -> Result<Move, OurMoveError> {
    // Its number and marks may be typed (`4. 6344+`); a text that is no
    // one move is refused below, with the moves it may mean.
    let text = typed_move(text, MoveNumber::from_position(pos)).unwrap_or(text.trim());
    if let Ok(n) = NumericMove::from_ascii_lenient(text.as_bytes()) {
        return n.to_move(pos).map_err(|_| illegal(text, pos));
    }
    if lang.is_none()
        && let Err(err) = read_move_in(text.as_bytes(), pos, Lang::En)
        && !matches!(
            err,
            ReadMoveError::ParseSan { .. } | ReadMoveError::NotAMove
        )
    {
        // English letters for a move they cannot make: another language's
        // reading is a move we did not mean (a blocked `Rf3` is no Finnish
        // knight's move). The suggestions name it, for `--input-lang`.
        return Err(illegal(text, pos));
    }
    let langs: Vec<Lang> = match lang {
        Some(lang) => vec![lang],
        None => Lang::all().collect(),
    };
    let mut readings: Vec<(Move, Vec<String>)> = Vec::new();
    for lang in langs {
        let Ok(read) = read_move_in(text.as_bytes(), pos, lang) else {
            continue;
        };
        match readings.iter_mut().find(|(m, _)| *m == read.m) {
            Some((_, codes)) => codes.push(lang.code().to_owned()),
            None => readings.push((read.m, vec![lang.code().to_owned()])),
        }
    }
    match readings.len() {
        0 => Err(illegal(text, pos)),
        1 => Ok(readings[0].0),
        _ => Err(OurMoveError::Ambiguous {
            written: text.to_owned(),
            readings: readings
                .into_iter()
                .map(|(m, l)| (crate::numeric(m).to_string(), l))
                .collect(),
        }),
    }
}

fn illegal(text: &str, pos: &Chess) -> OurMoveError {
    OurMoveError::Illegal {
        written: text.to_owned(),
        suggestions: diagnose(text, pos),
        nearest: nearest(text, pos),
    }
}

/// Reads our move and records it in `game` as sent on `date`.
///
/// # Errors
///
/// [`OurMoveError`] when the game is over, it is not our turn, or the
/// move is refused; the game is unchanged then.
///
/// ```
/// use iccf::lang::Lang;
/// use iccf_corr::{Game, OurMoveError, play_our_move};
/// use shakmaty::Color;
///
/// let mut game = Game::new("Friendly", "Everitt", "Wang", Color::White, "10/50".parse()?);
/// let date = "2026.12.01".parse()?;
/// // S is a knight in German and a pawn in Finnish: refused unless the
/// // language is given.
/// let err = play_our_move(&mut game, "Sf3", None, date).unwrap_err();
/// assert!(matches!(err, OurMoveError::Ambiguous { .. }));
/// play_our_move(&mut game, "Sf3", Some(Lang::De), date)?;
/// assert_eq!(game.plies[0].mv.to_string(), "7163");
/// // Now it is Black's move, not ours.
/// let err = play_our_move(&mut game, "d4", None, date).unwrap_err();
/// assert!(matches!(err, OurMoveError::NotOurTurn));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn play_our_move(
    game: &mut Game,
    text: &str,
    lang: Option<Lang>,
    date: Date,
) -> Result<Move, OurMoveError> {
    if game.is_over() {
        return Err(OurMoveError::GameOver);
    }
    if game.side() != Some(game.next_no().turn) {
        return Err(OurMoveError::NotOurTurn);
    }
    let pos = game.position();
    let m = read_our_move(text, &pos, lang)?;
    // Pending lines after their move are their if-moves: our move answers
    // them (or not); either way they are done.
    game.pending.clear();
    game.push_move(&pos, m, Some(date), None);
    // Mate or stalemate ends the game on the board: the card says so.
    if let Some(result) = game.board_result() {
        game.set_tag("Result", result);
    }
    Ok(m)
}
