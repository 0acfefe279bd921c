//! Reading a game file: one PGN game with numeric moves, dates in comment
//! commands and if-moves as marked variations.

use core::fmt;

use iccf::NumericMove;
use iccf::lang::Lang;
use iccf::read::read_move_in;
use iccf_pgn::lexer::{Lexer, TokenKind, line_col};
use shakmaty::{Chess, Position};

use crate::Date;
use crate::game::Game;

/// The comment that marks a variation as pending if-moves.
pub const IF_MARK: &str = "[%ccif]";

/// Why a game file cannot be read, with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFileError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong there.
    pub kind: GameFileErrorKind,
}

/// What is wrong in a game file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameFileErrorKind {
    /// The PGN cannot be tokenized.
    Syntax(String),
    /// A move that is neither numeric nor SAN (nor long algebraic, UCI).
    Unreadable(String),
    /// A numeric move that is illegal in the position.
    Illegal(String),
    /// A date command whose date cannot be read.
    BadDate(String),
    /// A variation that is not a pending if-move line after the last move.
    UnexpectedVariation,
    /// Something other than moves, dates and if-moves in the movetext.
    Unsupported(String),
}

impl fmt::Display for GameFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: ", self.line, self.column)?;
        match &self.kind {
            GameFileErrorKind::Syntax(e) => write!(f, "{e}"),
            GameFileErrorKind::Unreadable(t) => write!(f, "`{t}` is not a numeric or SAN move"),
            GameFileErrorKind::Illegal(t) => write!(f, "`{t}` is not a legal move here"),
            GameFileErrorKind::BadDate(t) => write!(f, "`{t}` is not a date YYYY.MM.DD"),
            GameFileErrorKind::UnexpectedVariation => f.write_str(
                "a variation in a game file must be pending if-moves after the last move",
            ),
            GameFileErrorKind::Unsupported(t) => write!(f, "`{t}` is not kept in a game file"),
        }
    }
}

impl std::error::Error for GameFileError {}

/// Reads a game file.
///
/// # Errors
///
/// [`GameFileError`] naming the line and column of the first problem.
///
/// ```
/// use iccf_corr::read_game;
///
/// let game = read_game(b"[White \"A\"]\n\n1. 5254 {[%ccsnt 2026.12.01]} 5755 *\n")?;
/// assert_eq!(game.plies.len(), 2);
/// assert_eq!(game.plies[0].sent.unwrap().to_string(), "2026.12.01");
/// # Ok::<_, iccf_corr::GameFileError>(())
/// ```
pub fn read_game(bytes: &[u8]) -> Result<Game, GameFileError> {
    let mut reader = Reader {
        game: Game::default(),
        pos: Chess::default(),
        lexer: Lexer::new(bytes),
    };
    while let Some(token) = reader.lexer.next_token() {
        let at = token.span.start;
        let fail = |kind| error(bytes, at, kind);
        match token.kind {
            TokenKind::Tag { name, value, .. } => {
                reader.game.set_tag(&text(name), &text(&value.unescaped()))
            }
            TokenKind::MoveNumber { .. } | TokenKind::Result(_) => {}
            TokenKind::Move(mv) => reader.play(mv).map_err(fail)?,
            TokenKind::Comment(comment) => reader.dates(comment).map_err(fail)?,
            TokenKind::VariationStart => reader.if_line().map_err(fail)?,
            TokenKind::Error(e) => return Err(fail(GameFileErrorKind::Syntax(e.to_string()))),
            _ => {
                return Err(fail(GameFileErrorKind::Unsupported(text(
                    &bytes[token.span.clone()],
                ))));
            }
        }
    }
    Ok(reader.game)
}

struct Reader<'a> {
    game: Game,
    pos: Chess,
    lexer: Lexer<'a>,
}

impl Reader<'_> {
    fn play(&mut self, mv: &[u8]) -> Result<(), GameFileErrorKind> {
        if !self.game.pending.is_empty() {
            return Err(GameFileErrorKind::UnexpectedVariation);
        }
        let m = parse_move(mv, &self.pos)?;
        self.game.push_move(&self.pos, m, None, None);
        self.pos.play_unchecked(m);
        Ok(())
    }

    fn dates(&mut self, comment: &[u8]) -> Result<(), GameFileErrorKind> {
        let comment = text(comment);
        let Some(ply) = self.game.plies.last_mut() else {
            return Err(GameFileErrorKind::Unsupported(format!("{{{comment}}}")));
        };
        for (command, value) in commands(&comment) {
            let date = value
                .parse::<Date>()
                .map_err(|_| GameFileErrorKind::BadDate(value.to_owned()));
            match command {
                "ccsnt" => ply.sent = Some(date?),
                "ccrcv" => ply.received = Some(date?),
                _ => {
                    return Err(GameFileErrorKind::Unsupported(format!(
                        "[%{command} {value}]"
                    )));
                }
            }
        }
        Ok(())
    }

    /// `({[%ccif]} 13. 5254 13... 5756 14. 6125)`: our last move again,
    /// then the proposed line.
    fn if_line(&mut self) -> Result<(), GameFileErrorKind> {
        let mut moves = Vec::new();
        let mut marked = false;
        while let Some(token) = self.lexer.next_token() {
            match token.kind {
                TokenKind::Comment(c) if text(c).trim() == IF_MARK && moves.is_empty() => {
                    marked = true
                }
                TokenKind::MoveNumber { .. } => {}
                TokenKind::Move(mv) => {
                    moves.push(NumericMove::from_ascii(mv).map_err(|_| not_numeric(mv))?)
                }
                TokenKind::VariationEnd => break,
                _ => return Err(GameFileErrorKind::UnexpectedVariation),
            }
        }
        let last = self.game.plies.last().map(|p| p.mv);
        if !marked || moves.len() < 2 || last != Some(moves[0]) {
            return Err(GameFileErrorKind::UnexpectedVariation);
        }
        self.game.pending.push(moves.split_off(1));
        Ok(())
    }
}

/// A numeric move; SAN too, as in the PGN the ICCF server gives, so that a
/// downloaded game can become a game file (written back in numeric).
fn parse_move(mv: &[u8], pos: &Chess) -> Result<shakmaty::Move, GameFileErrorKind> {
    if let Ok(numeric) = NumericMove::from_ascii(mv) {
        return numeric
            .to_move(pos)
            .map_err(|_| GameFileErrorKind::Illegal(text(mv)));
    }
    match read_move_in(mv, pos, Lang::En) {
        Ok(read) => Ok(read.m),
        // A square in it: a move, just not a legal one here.
        Err(_) if mv.iter().any(u8::is_ascii_digit) => Err(GameFileErrorKind::Illegal(text(mv))),
        Err(_) => Err(GameFileErrorKind::Unreadable(text(mv))),
    }
}

fn not_numeric(mv: &[u8]) -> GameFileErrorKind {
    GameFileErrorKind::Unreadable(text(mv))
}

/// The `[%name value]` commands of a comment.
fn commands(comment: &str) -> impl Iterator<Item = (&str, &str)> {
    comment.split("[%").skip(1).filter_map(|rest| {
        let body = rest.split(']').next()?.trim();
        Some(body.split_once(' ').unwrap_or((body, "")))
    })
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn error(bytes: &[u8], offset: usize, kind: GameFileErrorKind) -> GameFileError {
    let (line, column) = line_col(bytes, offset);
    GameFileError { line, column, kind }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Ply;

    #[test]
    fn illegal_move_names_its_place() {
        let err = read_game(b"[White \"A\"]\n\n1. 5254 5754 *\n").unwrap_err();
        assert_eq!((err.line, err.column), (3, 9));
        assert_eq!(err.kind, GameFileErrorKind::Illegal("5754".into()));
    }

    #[test]
    fn san_is_read_and_nonsense_refused() {
        assert_eq!(
            read_game(b"1. e4 Nf6 *").unwrap().plies[1].mv.to_string(),
            "7866"
        );
        let err = read_game(b"1. e4 Nf5 *").unwrap_err();
        assert_eq!(err.kind, GameFileErrorKind::Illegal("Nf5".into()));
        let err = read_game(b"1. e4 hello *").unwrap_err();
        assert_eq!(err.kind, GameFileErrorKind::Unreadable("hello".into()));
    }

    /// A real ICCF server download (SAN, `[%ccsnt]` with the time of day)
    /// becomes a numeric game file that reads back the same.
    #[test]
    fn iccf_server_game_becomes_a_game_file() {
        let text = iccf_testdata::read_to_string("pgn/iccf/go-chess-xfcc-iccf-server-games.pgn");
        let second = text[1..].find("[Event").unwrap() + 1;
        for pgn in [&text[..second], &text[second..]] {
            let game = read_game(pgn.as_bytes()).unwrap();
            assert!(game.plies.len() > 60, "{}", game.plies.len());
            assert!(game.plies.iter().all(|p| p.sent.is_some()));
            assert_eq!(game.tag("Site"), Some("ICCF"));
            let written = crate::write_game(&game);
            let again = read_game(&written).unwrap();
            assert_eq!(again, game);
            assert_eq!(crate::write_game(&again), written);
        }
        let first = read_game(&text.as_bytes()[..second]).unwrap();
        assert_eq!(first.plies[0].mv.to_string(), "7163");
        assert_eq!(first.plies[0].sent.unwrap().to_string(), "2019.04.02");
    }

    #[test]
    fn server_time_of_day_is_read() {
        let game = read_game(b"1. 7163 {[%ccsnt 2019.04.02,21:27]} *").unwrap();
        let ply: Ply = game.plies[0];
        assert_eq!(ply.sent.unwrap().to_string(), "2019.04.02");
    }

    #[test]
    fn variation_not_at_the_end_is_refused() {
        let err = read_game(b"1. 5254 ({[%ccif]} 1. 5254 5755) 5755 *").unwrap_err();
        assert_eq!(err.kind, GameFileErrorKind::UnexpectedVariation);
    }
}
