//! Finding the position to draw: the main line of a PGN game, or a line of
//! moves, played from its start to its end or to a given ply.
//!
//! Moves may be written in any notation iccf reads (numeric, SAN, long
//! algebraic, UCI, figurines, the piece letters of 36 languages), read by
//! [`iccf_pgn::game`] as `iccf convert` reads them; comments, annotations
//! and variations are skipped. A move that cannot be played stops the
//! line there, and the [`Line`] says which and why.
//!
//! ```
//! use iccf_board::game::{Until, play_game};
//!
//! let pgn = b"[Event \"x\"]\n\n1. e4 e5 (1... c5) 2. Nf3 {good} Nc6 *\n";
//! let line = play_game(pgn, 1, Until::End, None)?;
//! assert_eq!(line.plies, 4);
//! assert_eq!(line.last_move.map(|m| m.to()), Some(shakmaty::Square::C6));
//! # Ok::<_, iccf_board::game::GameError>(())
//! ```

mod error;
mod fen;

use iccf::lang::Lang;
use iccf_pgn::game::{Game, Reader};
use iccf_pgn::problem::{Problem, ProblemKind, cut_quote};
use shakmaty::{Chess, Move};

pub use error::{BadMove, GameError};
pub use fen::{FenError, position_from_fen};

/// How far to play a line.
///
/// # Examples
///
/// ```
/// use iccf_board::game::{Until, play_line};
/// use shakmaty::Chess;
///
/// let moves = b"1. 5254 5755 2. 7163";
/// assert_eq!(play_line(Chess::default(), moves, Until::End, None)?.plies, 3);
/// assert_eq!(play_line(Chess::default(), moves, Until::Ply(2), None)?.plies, 2);
/// # Ok::<_, iccf_board::game::GameError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Until {
    /// To its last move.
    #[default]
    End,
    /// To this many half-moves (0 is the starting position).
    Ply(usize),
}

/// A line played as far as asked, or as far as it could be.
///
/// # Examples
///
/// ```
/// use iccf_board::game::{Until, play_line};
/// use shakmaty::{Chess, Color, Position};
///
/// let line = play_line(Chess::default(), b"5254 5755 9999", Until::End, None)?;
/// assert_eq!(line.position.turn(), Color::White);
/// assert_eq!(line.plies, 2);
/// assert_eq!(line.stopped.map(|bad| bad.text).as_deref(), Some("9999"));
/// # Ok::<_, iccf_board::game::GameError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Line {
    /// The position reached.
    pub position: Chess,
    /// The move that led to it, `None` at the start (or after a null
    /// move).
    pub last_move: Option<Move>,
    /// Half-moves played.
    pub plies: usize,
    /// The move that could not be played, if one stopped the line:
    /// `position` is the one before it.
    pub stopped: Option<BadMove>,
    /// The first move that languages read as different moves, when the
    /// game's letters do not say which (`3. Sd2`: a German knight, a Czech
    /// bishop): the line is played in the first language named, as `iccf
    /// convert` reads it, and may not be the one meant.
    pub ambiguous: Option<BadMove>,
}

/// Plays the main line of game `number` (1-based) of `pgn`, read as `iccf
/// convert` reads it ([`iccf_pgn::game`]): from its `FEN` and `Variant`
/// tags, text that is not UTF-8 decoded, `lang` the piece letters or
/// `None` to detect them as the converter does.
///
/// # Errors
///
/// [`GameError`] when there is no such game, its setup tags give no
/// position, or it has fewer half-moves than `until` asks. A bad move is
/// not an error here: it ends the [`Line`] with [`Line::stopped`].
///
/// # Examples
///
/// ```
/// use iccf_board::game::{GameError, Until, play_game};
///
/// let pgn = b"1. 5254 5755 2. 7163 *\n\n1. 4244 *\n";
/// let line = play_game(pgn, 2, Until::End, None)?;
/// assert_eq!(line.plies, 1);
/// assert!(matches!(play_game(pgn, 3, Until::End, None), Err(GameError::NoGame { games: 2, .. })));
/// # Ok::<_, GameError>(())
/// ```
pub fn play_game(
    pgn: &[u8],
    number: usize,
    until: Until,
    lang: Option<Lang>,
) -> Result<Line, GameError> {
    let reader = Reader {
        input_lang: lang,
        ..Reader::default()
    };
    let mut games = reader.read_games(pgn);
    let count = games.len();
    match number.checked_sub(1).filter(|&i| i < count) {
        Some(i) => play(&games.swap_remove(i), until),
        None => Err(GameError::NoGame {
            number,
            games: count,
        }),
    }
}

/// Plays the main line of `movetext` from `start`: moves with or without
/// numbers (`1. e4 e5 2. Nf3`, `5254 5755 7163`), read as `iccf convert`
/// reads a game; tags, comments and variations are skipped. A
/// [`BadMove`]'s line and column count in `movetext`.
///
/// # Errors
///
/// [`GameError::TooFewPlies`] when `until` asks for more half-moves than
/// the line has.
///
/// # Examples
///
/// ```
/// use iccf_board::game::{Until, play_line};
/// use shakmaty::{Chess, Square};
///
/// let line = play_line(Chess::default(), b"1. e4 e5 2. Nf3", Until::Ply(1), None)?;
/// assert_eq!(line.last_move.map(|m| m.to()), Some(Square::E4));
///
/// let line = play_line(Chess::default(), b"1. e4 e5 2. Nf6", Until::End, None)?;
/// let bad = line.stopped.expect("Nf6 is not legal for White");
/// assert_eq!((bad.label.as_str(), bad.text.as_str(), bad.column), ("2.", "Nf6", 13));
/// assert_eq!(line.plies, 2);
/// # Ok::<_, iccf_board::game::GameError>(())
/// ```
pub fn play_line(
    start: Chess,
    movetext: &[u8],
    until: Until,
    lang: Option<Lang>,
) -> Result<Line, GameError> {
    let reader = Reader {
        input_lang: lang,
        start: Some(start.clone()),
        ..Reader::default()
    };
    match reader.read_games(movetext).first() {
        Some(game) => play(game, until),
        None => play(
            &Game {
                start,
                ..Game::default()
            },
            until,
        ),
    }
}

/// Plays the main line of `game` as far as `until` asks.
fn play(game: &Game, until: Until) -> Result<Line, GameError> {
    if let Some(problem) = game.report.errors.iter().find(|p| p.kind.is_setup()) {
        return Err(bad_setup(game, problem));
    }
    let ambiguous = game
        .report
        .errors
        .iter()
        .find(|p| matches!(p.kind, ProblemKind::AmbiguousLanguage(_)));
    let mut line = Line {
        position: game.start.clone(),
        last_move: None,
        plies: 0,
        stopped: None,
        ambiguous: ambiguous.map(BadMove::from_problem),
    };
    for ply in game.main_line() {
        if until == Until::Ply(line.plies) {
            return Ok(line);
        }
        line.position = ply.after.clone();
        line.last_move = ply.m;
        line.plies += 1;
    }
    if until == Until::Ply(line.plies) {
        return Ok(line);
    }
    line.stopped = stop(game).map(BadMove::from_problem);
    match until {
        Until::Ply(ply) if line.stopped.is_none() && ply > line.plies => {
            Err(GameError::TooFewPlies {
                ply,
                plies: line.plies,
            })
        }
        _ => Ok(line),
    }
}

/// The error that stopped the main line, if one did.
fn stop(game: &Game) -> Option<&Problem> {
    // A game over a limit was skipped, not read: its line is empty and
    // whole, and its one error says why.
    let skipped = game.report.errors.iter().find(|p| p.kind.is_skip());
    if skipped.is_some() {
        return skipped;
    }
    if game.moves.is_whole() {
        return None;
    }
    // A line stops at a move that cannot be played, or at what the
    // converter cannot read on (a token after the result).
    game.moves.stopped.as_ref().or_else(|| game.first_error())
}

/// The error for a game whose tags give no start position.
fn bad_setup(game: &Game, problem: &Problem) -> GameError {
    let tag = match problem.kind {
        ProblemKind::UnsupportedVariant(_) => "Variant",
        _ => "FEN",
    };
    GameError::BadFen {
        tag,
        fen: cut_quote(game.tag(tag).unwrap_or_default().to_owned()),
        error: FenError::from_problem(&problem.kind),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Position, Square};

    #[test]
    fn moves_after_the_result_are_not_played() {
        let line = play_line(Chess::default(), b"1. e4 1-0 e5", Until::End, None).unwrap();
        assert_eq!(line.plies, 1);
    }

    #[test]
    fn nested_variations_are_skipped() {
        let text = b"1. e4 (1. d4 d5 (1... Nf6 2. c4)) 1... c5 2. Nf3";
        let line = play_line(Chess::default(), text, Until::End, None).unwrap();
        assert_eq!(line.plies, 3);
        assert_eq!(line.last_move.map(|m| m.to()), Some(Square::F3));
    }

    /// A game nested deeper than the reader's limit was shown as the
    /// start position, with no word and exit 0: the game is skipped, as
    /// `iccf convert` skips it, and the line says why.
    #[test]
    fn nesting_over_the_limit_showed_the_start_silently() {
        let depth = iccf_pgn::convert::MAX_DEPTH;
        let nested = |depth| {
            let (open, close) = ("(".repeat(depth), ")".repeat(depth));
            format!("1. e4 e5 {open} 2. Nf3 {close} 2. Nc3 *")
        };
        let line = play_line(
            Chess::default(),
            nested(depth + 1).as_bytes(),
            Until::End,
            None,
        )
        .unwrap();
        let stopped = line.stopped.expect("skipped");
        assert_eq!(
            stopped.to_string(),
            format!("game skipped: variations nested deeper than {depth}, the limit")
        );
        let line = play_line(Chess::default(), nested(depth).as_bytes(), Until::End, None).unwrap();
        assert!(line.stopped.is_none() && line.plies == 3);
    }

    #[test]
    fn ply_zero_is_the_start() {
        let line = play_line(Chess::default(), b"5254 5755", Until::Ply(0), None).unwrap();
        assert_eq!((line.plies, line.last_move), (0, None));
        assert_eq!(line.position, Chess::default());
    }

    #[test]
    fn a_ply_past_the_end_is_an_error() {
        let err = play_line(Chess::default(), b"5254 5755", Until::Ply(3), None).unwrap_err();
        assert!(matches!(err, GameError::TooFewPlies { ply: 3, plies: 2 }));
    }

    #[test]
    fn german_letters_are_detected() {
        let line = play_line(
            Chess::default(),
            "1. e4 e5 2. Sf3 Sc6 3. Lb5".as_bytes(),
            Until::End,
            None,
        )
        .unwrap();
        assert!(line.stopped.is_none(), "{:?}", line.stopped);
        assert_eq!(line.last_move.map(|m| m.to()), Some(Square::B5));
    }

    #[test]
    fn a_bad_move_in_the_second_game_is_located_in_the_file() {
        let pgn = b"1. e4 *\n\n[Event \"b\"]\n\n1. 5254 5755\n2. 7163 5755 *\n";
        let line = play_game(pgn, 2, Until::End, None).unwrap();
        let bad = line.stopped.expect("5755 again is illegal");
        assert_eq!((bad.line, bad.column), (6, 9));
        assert_eq!((bad.label.as_str(), bad.text.as_str()), ("2...", "5755"));
        assert_eq!(line.plies, 3);
    }

    #[test]
    fn the_fen_tag_sets_the_start() {
        let pgn = b"[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 40\"]\n\n40. 5254 *\n";
        let line = play_game(pgn, 1, Until::End, None).unwrap();
        assert!(line.stopped.is_none());
        assert_eq!(line.position.fullmoves().get(), 40);
    }

    #[test]
    fn a_bad_fen_tag_is_an_error() {
        let pgn = b"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n";
        let err = play_game(pgn, 1, Until::End, None).unwrap_err();
        assert!(matches!(err, GameError::BadFen { .. }), "{err}");
    }

    #[test]
    fn game_zero_does_not_exist() {
        let err = play_game(b"1. e4 *", 0, Until::End, None).unwrap_err();
        assert!(matches!(
            err,
            GameError::NoGame {
                number: 0,
                games: 1
            }
        ));
    }

    /// Issue 17: the board read games its own way, and a Chess960 game's
    /// castling was refused where `iccf convert` played it.
    #[test]
    fn a_chess960_game_is_played_as_convert_plays_it() {
        let pgn = b"[Variant \"Chess960\"]\n[FEN \"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1\"]\n\n1. O-O g6 *\n";
        let line = play_game(pgn, 1, Until::End, None).unwrap();
        assert!(line.stopped.is_none(), "{:?}", line.stopped);
        assert_eq!(line.plies, 2);
        assert_eq!(
            line.position.board().king_of(shakmaty::Color::White),
            Some(Square::G1)
        );
    }

    #[test]
    fn a_null_move_is_a_half_move() {
        let line = play_line(Chess::default(), b"1. e4 -- 2. d4", Until::End, None).unwrap();
        assert_eq!(line.plies, 3);
        assert_eq!(line.position.turn(), shakmaty::Color::Black);
    }
}
