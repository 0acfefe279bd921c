//! Finding the position to draw: the main line of a PGN game, or a line of
//! moves, played from its start to its end or to a given ply.
//!
//! Moves may be written in any notation iccf reads (numeric, SAN, long
//! algebraic, UCI, figurines, the piece letters of 36 languages);
//! comments, annotations and variations are skipped. A move that cannot be
//! played stops the line there, and the [`Line`] says which and why.
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
use iccf::read::read_move_in;
use iccf_pgn::convert::Converter;
use iccf_pgn::encoding::{InputEncoding, decode};
use iccf_pgn::lexer::{Lexer, TokenKind};
use iccf_pgn::split::{GameSpan, game_spans};
use shakmaty::{Chess, Move, Position};

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
    /// The move that led to it, `None` at the start.
    pub last_move: Option<Move>,
    /// Half-moves played.
    pub plies: usize,
    /// The move that could not be played, if one stopped the line:
    /// `position` is the one before it.
    pub stopped: Option<BadMove>,
}

/// Plays the main line of game `number` (1-based) of `pgn`, from its FEN
/// tag or the standard start. Text that is not UTF-8 is decoded as `iccf
/// convert` does; `lang` names the piece letters, `None` detects them.
///
/// # Errors
///
/// [`GameError`] when there is no such game, its FEN tag is bad, or it has
/// fewer half-moves than `until` asks. A bad move is not an error here: it
/// ends the [`Line`] with [`Line::stopped`].
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
    let spans = game_spans(pgn);
    let span = number
        .checked_sub(1)
        .and_then(|i| spans.get(i))
        .ok_or(GameError::NoGame {
            number,
            games: spans.len(),
        })?;
    play_game_at(&pgn[span.range.clone()], span, until, lang)
}

/// Plays `game`, the text of the game that `span` places in its file (as
/// a splitter streaming the file found it), so that a caller need not hold
/// the whole file: a bad move's line and column count in the file.
///
/// # Examples
///
/// ```
/// use iccf_board::game::{Until, play_game_at};
/// use iccf_pgn::split::game_spans;
///
/// let pgn = b"1. 5254 5755 *\n\n1. 4244 9999 *\n";
/// let span = &game_spans(pgn)[1];
/// let line = play_game_at(&pgn[span.range.clone()], span, Until::End, None)?;
/// assert_eq!(line.stopped.map(|bad| (bad.line, bad.column)), Some((3, 9)));
/// # Ok::<_, iccf_board::game::GameError>(())
/// ```
pub fn play_game_at(
    game: &[u8],
    span: &GameSpan,
    until: Until,
    lang: Option<Lang>,
) -> Result<Line, GameError> {
    let (text, _) = decode(game, InputEncoding::Auto);
    let start = match fen_tag(&text) {
        Some(fen) => position_from_fen(&fen).map_err(|error| GameError::BadFen { fen, error })?,
        None => Chess::default(),
    };
    let mut line = play_line(start, &text, until, lang)?;
    if let Some(bad) = &mut line.stopped {
        (bad.line, bad.column) = in_file(span, bad.line, bad.column);
    }
    Ok(line)
}

/// Plays the main line of `movetext` from `start`: moves with or without
/// numbers (`1. e4 e5 2. Nf3`, `5254 5755 7163`); tags, comments and
/// variations are skipped. A [`BadMove`]'s line and column count in
/// `movetext`.
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
    let lang = lang.unwrap_or_else(|| letters_of(movetext));
    let mut line = Line {
        position: start,
        last_move: None,
        plies: 0,
        stopped: None,
    };
    for (offset, text) in main_line_moves(movetext) {
        if until == Until::Ply(line.plies) {
            return Ok(line);
        }
        match read_move_in(text, &line.position, lang) {
            Ok(read) => {
                line.position.play_unchecked(read.m);
                line.last_move = Some(read.m);
                line.plies += 1;
            }
            Err(error) => {
                line.stopped = Some(BadMove::new(movetext, offset, text, &line.position, error));
                return Ok(line);
            }
        }
    }
    match until {
        Until::Ply(ply) if ply > line.plies => Err(GameError::TooFewPlies {
            ply,
            plies: line.plies,
        }),
        _ => Ok(line),
    }
}

/// The moves of the main line with their byte offsets, up to the result.
fn main_line_moves(movetext: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let mut depth = 0usize;
    Lexer::new(movetext)
        .map_while(move |token| match token.kind {
            TokenKind::Result(_) if depth == 0 => None,
            TokenKind::VariationStart => {
                depth += 1;
                Some(None)
            }
            TokenKind::VariationEnd => {
                depth = depth.saturating_sub(1);
                Some(None)
            }
            TokenKind::Move(text) if depth == 0 => Some(Some((token.span.start, text))),
            _ => Some(None),
        })
        .flatten()
}

/// The value of the game's FEN tag, if it has one.
fn fen_tag(game: &[u8]) -> Option<String> {
    Lexer::new(game)
        .map_while(|token| match token.kind {
            TokenKind::Tag { name, value, .. } => Some(
                name.eq_ignore_ascii_case(b"FEN")
                    .then(|| String::from_utf8_lossy(&value.unescaped()).into_owned()),
            ),
            // Tags come first; comments may sit between them.
            TokenKind::Comment(_) | TokenKind::LineComment(_) | TokenKind::Escape(_) => Some(None),
            _ => None,
        })
        .flatten()
        .next()
}

/// The piece letters the moves are written in, as `iccf convert` detects
/// them; English when the letters name no single language.
fn letters_of(movetext: &[u8]) -> Lang {
    Converter::default()
        .language_of(movetext)
        .and_then(|langs| langs.first())
        .unwrap_or(Lang::En)
}

/// A line and column inside a game turned into ones inside its file.
fn in_file(span: &GameSpan, line: usize, column: usize) -> (usize, usize) {
    let first_line = usize::try_from(span.line).unwrap_or(usize::MAX);
    let first_column = usize::try_from(span.column).unwrap_or(1);
    if line == 1 {
        (first_line, first_column + column - 1)
    } else {
        (first_line + line - 1, column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square;

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
}
