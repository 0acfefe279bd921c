//! Reading a game: its tags, its start position, its moves as a tree with
//! comments, NAGs and variations, its result and what was wrong.
//!
//! This is how every part of iccf reads a game (the board, correspondence
//! game files, the web page, Python): the same walk as `iccf convert`, so a
//! game reads the same everywhere, with the same [`Report`] of problems and
//! the same choice of piece letters. The start position comes from the
//! `FEN`, `SetUp` and `Variant` tags, Chess960 included (the start
//! position's castling mode says which).
//!
//! ```
//! use iccf_pgn::game::read_game;
//! use shakmaty::Position;
//!
//! let game = read_game(b"[White \"Anna\"]\n\n1. e4 {best} e5 (1... c5 2. Nf3) 2. Nf3 $1 1-0")?;
//! assert_eq!(game.tag("White"), Some("Anna"));
//! assert_eq!(game.result.as_deref(), Some("1-0"));
//! assert!(game.report.errors.is_empty());
//!
//! // The main line, each move with the positions around it.
//! let plies: Vec<_> = game.main_line().collect();
//! assert_eq!(plies.len(), 3);
//! assert_eq!(plies[2].node.text, "Nf3");
//! assert_eq!(plies[2].node.nags, [1]);
//! assert_eq!(plies[0].node.comments_after, ["best"]);
//! assert_eq!(game.end().fullmoves().get(), 2);
//!
//! // The variation replaces the move it follows: Black's 1... e5.
//! let sicilian = &game.moves.nodes[1].variations[0];
//! assert_eq!(sicilian.nodes.len(), 2);
//! assert_eq!(sicilian.nodes[1].text, "Nf3");
//! # Ok::<_, iccf_pgn::game::ReadGameError>(())
//! ```
//!
//! A move that cannot be read stops its line, as in `iccf convert`: the
//! error is in [`Report::errors`] and the rest of the line as written in
//! [`Line::unread`].
//!
//! ```
//! use iccf_pgn::game::read_game;
//!
//! let game = read_game(b"1. e4 e5 2. Ke3 Nc6 *")?;
//! assert_eq!(game.main_line().count(), 2);
//! assert_eq!(game.moves.unread, ["Ke3", "Nc6"]);
//! assert_eq!(game.report.errors[0].token, "Ke3");
//! # Ok::<_, iccf_pgn::game::ReadGameError>(())
//! ```

use core::fmt;

use iccf::lang::Lang;
use shakmaty::{CastlingMode, Chess, Move, Position};

use crate::convert::{Converter, GameLocation, Options, Report, located_games};
use crate::encoding::{InputEncoding, splittable};
use crate::problem::Problem;

/// How games are read: the two choices `iccf convert` offers for reading.
///
/// ```
/// use iccf::lang::Lang;
/// use iccf_pgn::game::Reader;
///
/// let reader = Reader { input_lang: Some(Lang::De), ..Reader::default() };
/// let game = reader.read_game("1. e4 e5 2. Sf3".as_bytes())?;
/// assert_eq!(game.main_line().last().map(|ply| ply.node.text.as_str()), Some("Sf3"));
/// # Ok::<_, iccf_pgn::game::ReadGameError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Reader {
    /// The piece letters of algebraic moves; `None` finds them per game,
    /// from the moves and the games around it, as `iccf convert` does.
    pub input_lang: Option<Lang>,
    /// How text that is not UTF-8 is decoded.
    pub encoding: InputEncoding,
    /// Where a game without a `FEN` tag starts; `None` for the standard
    /// position. For moves played from a position set up elsewhere:
    ///
    /// ```
    /// use iccf_pgn::game::Reader;
    /// use shakmaty::fen::Fen;
    /// use shakmaty::{CastlingMode, Chess, Position};
    ///
    /// let fen: Fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 30".parse().unwrap();
    /// let start: Chess = fen.into_position(CastlingMode::Standard).unwrap();
    /// let reader = Reader { start: Some(start), ..Reader::default() };
    /// let game = reader.read_game(b"30. O-O-O Kf7")?;
    /// assert_eq!(game.end().fullmoves().get(), 31);
    /// # Ok::<_, iccf_pgn::game::ReadGameError>(())
    /// ```
    pub start: Option<Chess>,
}

/// Reads the one game of `pgn` with the default [`Reader`]; see
/// [`Reader::read_game`].
///
/// # Errors
///
/// [`ReadGameError`] when `pgn` holds no game or several.
pub fn read_game(pgn: &[u8]) -> Result<Game, ReadGameError> {
    Reader::default().read_game(pgn)
}

/// Reads every game of `pgn` with the default [`Reader`]; see
/// [`Reader::read_games`].
pub fn read_games(pgn: &[u8]) -> Vec<Game> {
    Reader::default().read_games(pgn)
}

impl Reader {
    fn converter(&self) -> Converter {
        let converter = Converter::new(Options {
            input_lang: self.input_lang,
            encoding: self.encoding,
            ..Options::default()
        });
        match &self.start {
            Some(start) => converter.starting_from(start.clone()),
            None => converter,
        }
    }

    /// Reads the one game of `pgn` (tags and movetext; a game without tags
    /// is a game too). A game with problems is still read: see its
    /// [`Game::report`].
    ///
    /// # Errors
    ///
    /// [`ReadGameError::NoGame`] for text with no game,
    /// [`ReadGameError::SeveralGames`] for more than one.
    ///
    /// ```
    /// use iccf_pgn::game::{ReadGameError, read_game};
    ///
    /// assert!(matches!(read_game(b"  \n"), Err(ReadGameError::NoGame)));
    /// assert!(matches!(read_game(b"1. e4 *\n1. d4 *"), Err(ReadGameError::SeveralGames(2))));
    /// ```
    pub fn read_game(&self, pgn: &[u8]) -> Result<Game, ReadGameError> {
        let mut games = self.read_games(pgn);
        match games.len() {
            0 => Err(ReadGameError::NoGame),
            1 => Ok(games.remove(0)),
            n => Err(ReadGameError::SeveralGames(n)),
        }
    }

    /// Reads every game of `pgn`, in order, as `iccf convert` does: a game
    /// whose letters several languages read takes the language of the
    /// games around it.
    ///
    /// ```
    /// let games = iccf_pgn::game::read_games(b"1. e4 e5 *\n\n1. d4 1-0\n");
    /// assert_eq!(games.len(), 2);
    /// assert_eq!(games[1].location.index, 2);
    /// assert_eq!(games[1].result.as_deref(), Some("1-0"));
    /// ```
    pub fn read_games(&self, pgn: &[u8]) -> Vec<Game> {
        let text = splittable(pgn, self.encoding);
        self.converter().games(&located_games(&text))
    }
}

/// Text that is not one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadGameError {
    /// Nothing but white space.
    NoGame,
    /// This many games where one was asked for.
    SeveralGames(usize),
}

impl fmt::Display for ReadGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadGameError::NoGame => f.write_str("no game"),
            ReadGameError::SeveralGames(n) => write!(f, "{n} games where one was expected"),
        }
    }
}

impl std::error::Error for ReadGameError {}

/// One game read.
#[derive(Clone, Debug, Default)]
pub struct Game {
    /// Where the game starts in its input.
    pub location: GameLocation,
    /// The tag pairs in the order written (a tag misplaced in the
    /// movetext too, which is an error).
    pub tags: Vec<(String, String)>,
    /// The position the game starts from: its FEN tag's, else the
    /// standard start; castling in Chess960 mode for a Chess960 game.
    pub start: Chess,
    /// The moves: the main line, with the variations on its nodes.
    pub moves: Line,
    /// The result written at the end of the movetext, if any (the `Result`
    /// tag is among [`Game::tags`]): unlike a
    /// [`GameRecord`](crate::record::GameRecord)'s, never one the game's
    /// text does not end with, so that a correspondence game without one
    /// is not taken for finished.
    pub result: Option<String>,
    /// What reading found: the problems, the languages of the piece
    /// letters, the encoding, the moves read. The same report as `iccf
    /// convert` gives for the game.
    pub report: Report,
}

/// A line of play: the main line or a variation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Line {
    /// The moves read, in order.
    pub nodes: Vec<Node>,
    /// Comments of a line with no move to put them with.
    pub comments: Vec<String>,
    /// Annotation glyphs written before the line's first move, as an
    /// annotated variation starts (`($142 1... c5)`: "better is").
    pub nags: Vec<u8>,
    /// The rest of the line as written, tokens in order, from the first
    /// move that could not be read (variations in `(` `)`, comments in
    /// `{` `}`): empty when the whole line was read.
    pub unread: Vec<String>,
    /// The error at the move that stopped the line, if one did (it is in
    /// [`Report::errors`] too).
    pub stopped: Option<Problem>,
    /// Where the move that stopped the line is, until `stopped` is found.
    pub(crate) stop_at: Option<(u64, u64)>,
}

/// One move of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The move; `None` for a null move (`--`, `Z0`).
    pub m: Option<Move>,
    /// The move as written.
    pub text: String,
    /// The position after the move.
    pub after: Chess,
    /// Comments written before the move, where it starts its line.
    pub comments_before: Vec<String>,
    /// Comments written after the move.
    pub comments_after: Vec<String>,
    /// Its annotation glyphs: `$n`, and `!`, `?`, `!!`, `??`, `!?`, `?!`
    /// as their NAGs 1 to 6.
    pub nags: Vec<u8>,
    /// Lines played instead of this move, from the position before it.
    pub variations: Vec<Line>,
}

/// A move of a line with the positions before and after it.
#[derive(Copy, Clone, Debug)]
pub struct Ply<'g> {
    /// The move; `None` for a null move.
    pub m: Option<Move>,
    /// The position the move is played in.
    pub before: &'g Chess,
    /// The position after it.
    pub after: &'g Chess,
    /// Everything about the move.
    pub node: &'g Node,
}

impl Line {
    /// The moves of this line with their positions, for a line starting
    /// from `start` (the game's start, or the position before the move a
    /// variation replaces).
    pub fn plies<'g>(&'g self, start: &'g Chess) -> impl Iterator<Item = Ply<'g>> + 'g {
        let mut before = start;
        self.nodes.iter().map(move |node| {
            let ply = Ply {
                m: node.m,
                before,
                after: &node.after,
                node,
            };
            before = &node.after;
            ply
        })
    }

    /// Whether every move of the line was read.
    pub fn is_whole(&self) -> bool {
        self.unread.is_empty()
    }
}

impl Game {
    /// The moves of the main line with the positions before and after
    /// each.
    pub fn main_line(&self) -> impl Iterator<Item = Ply<'_>> {
        self.moves.plies(&self.start)
    }

    /// The position at the end of the main line as far as it was read.
    pub fn end(&self) -> &Chess {
        self.moves
            .nodes
            .last()
            .map_or(&self.start, |node| &node.after)
    }

    /// The value of the first tag named `name`, ignoring ASCII case.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Whether the game is Chess960 (its start position castles so).
    pub fn is_chess960(&self) -> bool {
        self.start.castles().mode() == CastlingMode::Chess960
    }

    /// The first error, by its place in the game: `None` when all of it
    /// was read as `iccf convert` would without an error.
    pub fn first_error(&self) -> Option<&Problem> {
        self.report.errors.iter().min_by_key(|p| (p.line, p.column))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game nested deeper than the converter's limit is reported as
    /// `iccf convert` reports it, never read silently short.
    #[test]
    fn nesting_over_the_limit_is_an_error_of_the_game() {
        let depth = crate::convert::MAX_DEPTH + 5;
        // Each variation an alternative to the one it is in: 1. e4 (1. d4 (1. d4 ...)).
        let nested = |depth| {
            format!(
                "1. e4 {}{} e5 2. Nf3 *",
                "(1. d4 ".repeat(depth),
                ")".repeat(depth)
            )
        };
        let game = read_game(nested(depth).as_bytes()).unwrap();
        assert_eq!(game.report.errors.len(), 1, "{:?}", game.report);
        let message = game.report.errors[0].kind.to_string();
        assert!(message.contains("1000"), "{message}");
        let shallow = nested(3);
        assert!(
            read_game(shallow.as_bytes())
                .unwrap()
                .report
                .errors
                .is_empty()
        );
    }
    use shakmaty::Square;

    #[test]
    fn chess960_keeps_its_castling_mode() {
        let pgn = b"[Variant \"Chess960\"]\n[FEN \"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1\"]\n\n1. O-O g6 2. g3 O-O *";
        let game = read_game(pgn).unwrap();
        assert!(game.report.errors.is_empty(), "{:?}", game.report.errors);
        assert!(game.is_chess960());
        assert_eq!(game.main_line().count(), 4);
        assert_eq!(
            game.end().board().king_of(shakmaty::Color::White),
            Some(Square::G1)
        );
    }

    /// `e5 $2 ($142 1... c5)`: the "better is" glyph before the
    /// variation's first move was dropped (python-chess keeps it).
    #[test]
    fn a_glyph_before_a_line_s_first_move_is_kept() {
        let game = read_game(b"$10 1. e4 e5 $2 ($142 1... c5 $1) 2. Nf3 *").unwrap();
        assert_eq!(game.moves.nags, [10]);
        let e5 = &game.moves.nodes[1];
        assert_eq!(e5.nags, [2]);
        assert_eq!(e5.variations[0].nags, [142]);
        assert_eq!(e5.variations[0].nodes[0].nags, [1]);
    }

    #[test]
    fn a_null_move_is_a_node_without_move() {
        let game = read_game(b"1. e4 -- 2. d4 *").unwrap();
        let moves: Vec<_> = game.main_line().map(|ply| ply.m).collect();
        assert_eq!(moves.len(), 3);
        assert!(moves[1].is_none());
        assert_eq!(game.end().turn(), shakmaty::Color::Black);
    }

    #[test]
    fn the_fen_tag_sets_the_start() {
        let game =
            read_game(b"[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 30\"]\n\n30. 1114 *")
                .unwrap();
        assert!(game.report.errors.is_empty());
        let ply = game.main_line().next().unwrap();
        assert_eq!(ply.m.map(|m| m.to()), Some(Square::A4));
        assert_eq!(ply.before, &game.start);
    }

    #[test]
    fn comments_before_the_first_move_and_in_variations() {
        let game = read_game(b"{start} 1. e4 (1. d4 {queen} d5 $2) {after} e5 *").unwrap();
        let first = &game.moves.nodes[0];
        assert_eq!(first.comments_before, ["start"]);
        assert_eq!(first.comments_after, ["after"]);
        let variation = &first.variations[0];
        assert_eq!(variation.nodes[0].comments_after, ["queen"]);
        assert_eq!(variation.nodes[1].nags, [2]);
        let before = variation.plies(&game.start).nth(1).unwrap().before.clone();
        assert_eq!(before.turn(), shakmaty::Color::Black);
    }

    #[test]
    fn a_broken_line_keeps_its_rest_as_written() {
        let game = read_game(b"1. e4 e5 2. Qxf7 {hm} (2. Nf3) Nc6 *").unwrap();
        assert_eq!(game.main_line().count(), 2);
        assert_eq!(
            game.moves.unread,
            ["Qxf7", "{hm}", "(", "2.", "Nf3", ")", "Nc6"]
        );
        assert!(!game.moves.is_whole());
        assert_eq!(game.first_error().map(|p| p.token.as_str()), Some("Qxf7"));
        let stopped = game
            .moves
            .stopped
            .as_ref()
            .expect("Qxf7 stopped the main line");
        assert_eq!((stopped.line, stopped.column), (1, 13));
    }

    #[test]
    fn the_same_language_rule_as_convert() {
        // Finnish letters only: R is a knight.
        let game = read_game("1. e4 e5 2. Rf3 Rc6".as_bytes()).unwrap();
        assert!(game.report.errors.is_empty(), "{:?}", game.report.errors);
        assert_eq!(game.end().board().knights().count(), 4);
        assert_eq!(
            game.end().board().knights() & shakmaty::Bitboard::from(Square::F3),
            Square::F3.into()
        );
    }

    #[test]
    fn utf16_text_is_read() {
        let text: Vec<u8> = "\u{feff}1. e4 e5 *"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let game = read_game(&text).unwrap();
        assert_eq!(game.main_line().count(), 2);
    }
}
