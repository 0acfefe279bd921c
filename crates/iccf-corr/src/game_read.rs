//! Reading a game file: one PGN game with numeric moves, dates in comment
//! commands and if-moves as marked variations.

use core::fmt;
use std::collections::HashMap;

use iccf::NumericMove;
use iccf::lang::Lang;
use iccf::read::read_move_in;
use iccf_pgn::lexer::{Lexer, TokenKind, line_col};
use iccf_pgn::setup::{parse_fen, variant_mode};
use shakmaty::{CastlingMode, Chess, Position};

use crate::Date;
use crate::game::{Game, color_named};

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
    /// Something other than moves, comments, NAGs and if-moves in the
    /// movetext.
    Unsupported(String),
    /// A second game: a game file keeps one.
    SecondGame,
    /// The `FEN` tag is not a legal position.
    BadFen(String),
    /// The `Variant` tag names a variant that numeric notation cannot
    /// hold (Crazyhouse, Atomic...).
    UnsupportedVariant(String),
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
            GameFileErrorKind::SecondGame => f.write_str(
                "a second game starts here; a game file keeps one game (split the file)",
            ),
            GameFileErrorKind::BadFen(e) => write!(f, "the FEN tag is not a position: {e}"),
            GameFileErrorKind::UnsupportedVariant(v) => {
                write!(f, "the variant `{v}` is not played in numeric notation")
            }
        }
    }
}

impl std::error::Error for GameFileError {}

/// Reads a game file: one game, its tags (a `FEN` tag gives the start
/// position), moves in numeric or SAN, each with its dates and draw offer
/// in comment commands, our other comments and NAGs (kept as written), a
/// comment before the first move, and pending if-moves.
///
/// # Errors
///
/// [`GameFileError`] naming the line and column of the first problem; a
/// second game is one.
///
/// ```
/// use iccf_corr::read_game;
///
/// let game = read_game(b"[White \"A\"]\n\n{Opening prep} 1. 5254 {[%ccsnt 2026.12.01] [%clk 1:00:00] sharp} $1 5755 *\n")?;
/// assert_eq!(game.plies.len(), 2);
/// assert_eq!(game.plies[0].sent.unwrap().to_string(), "2026.12.01");
/// assert_eq!(game.plies[0].comments, ["[%clk 1:00:00] sharp"]);
/// assert_eq!(game.plies[0].nags, [1]);
/// assert_eq!(game.preamble, ["Opening prep"]);
/// let two = read_game(b"1. 5254 *\n\n[White \"B\"]\n\n1. 4244 *\n").unwrap_err();
/// assert_eq!(two.to_string(), "3:1: a second game starts here; a game file keeps one game (split the file)");
/// # Ok::<_, iccf_corr::GameFileError>(())
/// ```
pub fn read_game(bytes: &[u8]) -> Result<Game, GameFileError> {
    // Written back as UTF-8: a legacy file's accents must be read, not
    // replaced.
    let decoded = crate::decode_text(bytes);
    let bytes = decoded.as_bytes();
    let mut reader = Reader {
        game: Game::default(),
        pos: Chess::default(),
        lexer: Lexer::new(bytes),
        movetext: false,
        ended: false,
        tag_places: HashMap::new(),
        fen_at: 0,
    };
    while let Some(token) = reader.lexer.next_token() {
        let at = token.span.start;
        let fail = |kind| error(bytes, at, kind);
        let is_tag = matches!(token.kind, TokenKind::Tag { .. });
        if reader.ended || (is_tag && reader.movetext) {
            return Err(fail(GameFileErrorKind::SecondGame));
        }
        match token.kind {
            TokenKind::Tag { name, value, .. } => {
                if name == b"FEN" {
                    reader.fen_at = at;
                }
                reader.tag(text(name), text(&value.unescaped()))
            }
            TokenKind::MoveNumber { .. } => reader.begin_moves().map_err(fail)?,
            TokenKind::Result(_) => {
                reader.begin_moves().map_err(fail)?;
                reader.ended = true;
            }
            TokenKind::Move(mv) => {
                reader.begin_moves().map_err(fail)?;
                reader.play(mv).map_err(fail)?
            }
            TokenKind::Comment(comment) => {
                reader.begin_moves().map_err(fail)?;
                reader.comment(comment).map_err(fail)?
            }
            TokenKind::Nag(nag) | TokenKind::Suffix(nag) => reader.nag(nag).map_err(fail)?,
            TokenKind::VariationStart => reader.if_line().map_err(fail)?,
            TokenKind::Error(e) => return Err(fail(GameFileErrorKind::Syntax(e.to_string()))),
            _ => {
                return Err(fail(GameFileErrorKind::Unsupported(text(
                    &bytes[token.span.clone()],
                ))));
            }
        }
    }
    // A file of tags alone still starts from its FEN: written back, it
    // gets a result and would read differently.
    reader
        .begin_moves()
        .map_err(|kind| error(bytes, reader.fen_at, kind))?;
    Ok(reader.game)
}

struct Reader<'a> {
    game: Game,
    pos: Chess,
    lexer: Lexer<'a>,
    /// The movetext has begun: a tag now starts a second game.
    movetext: bool,
    /// The result was read: anything after it is a second game.
    ended: bool,
    /// Where each tag read so far is in `game.tags`.
    tag_places: HashMap<String, usize>,
    /// Where the last `FEN` tag starts, for its error in a file of tags
    /// alone.
    fen_at: usize,
}

impl Reader<'_> {
    /// A tag, as [`Game::set_tag`] sets it (a repeated name keeps its
    /// first place and takes the last value), found by name in constant
    /// time: a file of 128,000 tags took 16 s to read with `set_tag`'s
    /// search through the tags before.
    fn tag(&mut self, name: String, value: String) {
        let tags = &mut self.game.tags;
        match self.tag_places.get(&name) {
            Some(&i) => tags[i].1 = value,
            None => {
                self.tag_places.insert(name.clone(), tags.len());
                tags.push((name, value));
            }
        }
    }

    /// At the first movetext token, the start position from the tags.
    fn begin_moves(&mut self) -> Result<(), GameFileErrorKind> {
        if !self.movetext {
            self.movetext = true;
            // A Crazyhouse game's moves were played on as chess's.
            if let Some(variant) = self.game.tag("Variant")
                && variant_mode(variant.as_bytes()).is_none()
            {
                let variant = iccf_pgn::problem::cut_quote(variant.to_owned());
                return Err(GameFileErrorKind::UnsupportedVariant(variant));
            }
            if let Some(fen) = self.game.tag("FEN") {
                self.pos = start_position(fen)?;
                self.game.start = self.pos.clone();
            }
        }
        Ok(())
    }

    fn play(&mut self, mv: &[u8]) -> Result<(), GameFileErrorKind> {
        if !self.game.pending.is_empty() {
            return Err(GameFileErrorKind::UnexpectedVariation);
        }
        let m = parse_move(mv, &self.pos)?;
        self.game.push_move(&self.pos, m, None, None);
        self.pos.play_unchecked(m);
        Ok(())
    }

    /// A comment: our commands on the last move, the rest kept as written
    /// (before the first move: the preamble).
    fn comment(&mut self, comment: &[u8]) -> Result<(), GameFileErrorKind> {
        let comment = text(comment);
        let Some(ply) = self.game.plies.last_mut() else {
            if !comment.trim().is_empty() {
                self.game.preamble.push(comment.trim().to_owned());
            }
            return Ok(());
        };
        let mut rest = String::new();
        let mut from = 0;
        for (start, end, command, value) in commands(&comment) {
            let date = || {
                value
                    .parse::<Date>()
                    .map_err(|_| GameFileErrorKind::BadDate(value.to_owned()))
            };
            match command {
                "ccsnt" => ply.sent = Some(date()?),
                "ccrcv" => ply.received = Some(date()?),
                DRAW_OFFER => {
                    ply.draw_offer = Some(color_named(value).ok_or_else(|| {
                        GameFileErrorKind::Unsupported(format!("[%{command} {value}]"))
                    })?)
                }
                _ => continue,
            }
            rest.push_str(&comment[from..start]);
            from = end;
        }
        rest.push_str(&comment[from..]);
        let rest = rest.split_whitespace().collect::<Vec<_>>().join(" ");
        if !rest.is_empty() {
            ply.comments.push(rest);
        }
        Ok(())
    }

    fn nag(&mut self, nag: &[u8]) -> Result<(), GameFileErrorKind> {
        let value = match nag {
            b"!" => Some(1),
            b"?" => Some(2),
            b"!!" => Some(3),
            b"??" => Some(4),
            b"!?" => Some(5),
            b"?!" => Some(6),
            _ => text(nag.strip_prefix(b"$").unwrap_or(nag)).parse().ok(),
        };
        match (self.game.plies.last_mut(), value) {
            (Some(ply), Some(value)) => {
                ply.nags.push(value);
                Ok(())
            }
            _ => Err(GameFileErrorKind::Unsupported(text(nag))),
        }
    }

    /// `({[%ccif]} 13. 5254 13... 5756 14. 6125)`: the last move again,
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
                // A variation without the mark is none of ours, whatever
                // its moves: an analysis line (`(1... c5)`) said "`c5` is
                // not a numeric or SAN move".
                TokenKind::Move(_) if !marked => {
                    return Err(GameFileErrorKind::UnexpectedVariation);
                }
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

/// The comment command of a draw offer: `[%ccdrawoffer white]` on the move
/// it went with (or the last move, for an offer sent without one).
pub const DRAW_OFFER: &str = "ccdrawoffer";

/// The position of a `FEN` tag (castling rights that do not fit the
/// pieces are dropped, as `iccf convert` does).
fn start_position(fen: &str) -> Result<Chess, GameFileErrorKind> {
    let bad = |e: &dyn fmt::Display| GameFileErrorKind::BadFen(e.to_string());
    let fen = parse_fen(fen.as_bytes()).map_err(|e| bad(&e))?;
    match fen.into_position(CastlingMode::Standard) {
        Ok(pos) => Ok(pos),
        Err(err) => err.ignore_invalid_castling_rights().map_err(|e| bad(&e)),
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

/// The `[%name value]` commands of a comment: start and end byte, name,
/// value.
fn commands(comment: &str) -> impl Iterator<Item = (usize, usize, &str, &str)> {
    // From the end of one command on: a `[%` inside a command's body
    // (`[%ccsnt 2026.09.13, [%ccrcv 2026.09.13]`) is part of it, not a
    // command overlapping it (which made the text around them slice
    // backwards).
    let mut at = 0;
    std::iter::from_fn(move || {
        let start = at + comment[at..].find("[%")?;
        let len = comment[start..].find(']')?;
        at = start + len + 1;
        let body = comment[start + 2..start + len].trim();
        // Any whitespace ends the name, as the writer, which folds runs
        // of whitespace in comments, would make it.
        let (name, value) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
        Some((start, start + len + 1, name, value.trim()))
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

    /// Found by the `game_file` fuzz target: form feeds between a
    /// command's name and its date (`[%ccsnt\x0c 2026.09.16]`) made it no
    /// command, kept as a comment; written, the whitespace folded into a
    /// space and it read back as the date sent: the file changed on
    /// rewriting.
    #[test]
    fn regression_command_with_other_whitespace_read_back_differently() {
        let game =
            read_game(b"1. 5254 {[%ccsnt\x0c\x0c 2026.09.16]\t[%ccrcv\t2026.09.17]} *").unwrap();
        let ply = &game.plies[0];
        assert_eq!(ply.sent, Some(Date::new(2026, 9, 16).unwrap()));
        assert_eq!(ply.received, Some(Date::new(2026, 9, 17).unwrap()));
        assert!(ply.comments.is_empty(), "{:?}", ply.comments);
        let written = crate::write_game(&game);
        assert_eq!(read_game(&written).unwrap(), game);
    }

    /// Found by the `game_file` fuzz target: a command left open with
    /// another inside it (`[%ccsnt 2026.09.13, [%ccrcv 2026.09.13]`) was
    /// read as two overlapping commands, and slicing the text between them
    /// panicked. It is one command, read as far as its date goes, and the
    /// game reads back as written.
    #[test]
    fn regression_command_inside_an_open_command_panicked() {
        let game = read_game(b"1. 5254 {[%ccsnt 2026.09.13, [%ccrcv 2026.09.13]} *").unwrap();
        assert_eq!(game.plies[0].received, None);
        assert_eq!(read_game(&crate::write_game(&game)).unwrap(), game);
    }

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
        let ply: &Ply = &game.plies[0];
        assert_eq!(ply.sent.unwrap().to_string(), "2019.04.02");
    }

    /// Our notes in the file survive every rewrite: a comment before move
    /// 1, prose, `[%clk]`, NAGs, a draw offer.
    #[test]
    fn our_comments_and_nags_are_kept() {
        let text = "[Event \"T\"]\n\n{Prepared line} 1. 5254 $1 {[%ccsnt 2026.12.01] [%clk 0:10:00]} \
            {A second note} 1... 5755 {[%ccsnt 2026.12.03] [%ccdrawoffer black] Offered.} *\n\n";
        let game = read_game(text.as_bytes()).unwrap();
        assert_eq!(game.preamble, ["Prepared line"]);
        assert_eq!(game.plies[0].comments, ["[%clk 0:10:00]", "A second note"]);
        assert_eq!(game.plies[0].nags, [1]);
        assert_eq!(game.plies[1].draw_offer, Some(shakmaty::Color::Black));
        assert_eq!(game.plies[1].comments, ["Offered."]);
        let written = crate::write_game(&game);
        assert_eq!(read_game(&written).unwrap(), game);
        assert_eq!(crate::write_game(&read_game(&written).unwrap()), written);
    }

    /// A game file's FEN with an absurd move counter was read (its own FEN
    /// parse), and `iccf card` numbered our move `4294967295.`; `convert`
    /// and the other fronts refuse it. Read by the one `parse_fen` now.
    #[test]
    fn absurd_fen_counter_numbered_our_move_4294967295() {
        let text = b"[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 99999999999999999999\"]\n\n*\n";
        let bad = read_game(text).unwrap_err();
        assert!(matches!(bad.kind, GameFileErrorKind::BadFen(_)), "{bad}");
        assert!(
            bad.to_string()
                .contains("move counter 99999999999999999999 is absurd"),
            "{bad}"
        );
    }

    /// Found by the `game_file` fuzz target: a file of tags alone, with
    /// a FEN tag that is no position, was read (the FEN was looked at only
    /// when the moves began); written back with its `*`, it no longer
    /// read. Now both are refused, and a good FEN is the start either way.
    #[test]
    fn regression_tags_alone_with_a_bad_fen_read_once_only() {
        let bad = read_game(b"[White \"A\"]\n[FEN \"ICCF mail\"]\n").unwrap_err();
        assert!(matches!(bad.kind, GameFileErrorKind::BadFen(_)), "{bad}");
        assert_eq!((bad.line, bad.column), (2, 1));
        let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
        let game = read_game(format!("[FEN \"{fen}\"]\n").as_bytes()).unwrap();
        assert_eq!(
            shakmaty::fen::Fen::from_position(&game.start, shakmaty::EnPassantMode::Legal)
                .to_string(),
            fen
        );
        let again = read_game(&crate::write_game(&game)).unwrap();
        assert_eq!(again, game);
    }

    /// Found trying the desk's folder: a Latin-1 game file was read as
    /// lossy UTF-8, so "Müller" became "M\u{fffd}ller", written back so by
    /// `iccf card` and the desk: the name lost for good.
    #[test]
    fn a_latin1_game_file_lost_its_accents_when_saved() {
        let latin1 = b"[White \"M\xfcller, J\xfcrgen\"]\n[Black \"Ib\xe1\xf1ez\"]\n\n1. 5254 {gr\xfc\xdfe} *\n";
        let game = read_game(latin1).unwrap();
        assert_eq!(game.tag("White"), Some("Müller, Jürgen"));
        assert_eq!(game.tag("Black"), Some("Ibáñez"));
        let written = String::from_utf8(crate::write_game(&game)).unwrap();
        assert!(written.contains("[White \"Müller, Jürgen\"]"), "{written}");
        assert!(written.contains("{grüße}"), "{written}");
    }

    /// Issue 17: `[FEN ...] 1. 1114` is a rook move, not an illegal one.
    #[test]
    fn regression_fen_game_file_starts_from_its_fen() {
        let text = b"[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n1. 1114 *";
        let game = read_game(text).unwrap();
        assert_eq!(game.plies[0].mv.to_string(), "1114");
        assert_eq!(
            game.position()
                .board()
                .piece_at(shakmaty::Square::A4)
                .map(|p| p.role),
            Some(shakmaty::Role::Rook)
        );
        let written = String::from_utf8(crate::write_game(&game)).unwrap();
        assert!(written.contains("1. 1114"), "{written}");
        assert_eq!(read_game(written.as_bytes()).unwrap(), game);
    }

    #[test]
    fn a_second_game_is_refused() {
        for text in [
            &b"1. 5254 *\n1. 4244 *"[..],
            b"[White \"A\"]\n\n1. 5254\n\n[White \"B\"]\n\n1. 4244 *",
        ] {
            let err = read_game(text).unwrap_err();
            assert_eq!(err.kind, GameFileErrorKind::SecondGame);
        }
    }

    #[test]
    fn variation_not_at_the_end_is_refused() {
        let err = read_game(b"1. 5254 ({[%ccif]} 1. 5254 5755) 5755 *").unwrap_err();
        assert_eq!(err.kind, GameFileErrorKind::UnexpectedVariation);
    }

    /// `[Variant "Crazyhouse"]`: the desk and `iccf card` played chess
    /// moves on in it.
    #[test]
    fn regression_a_variant_numeric_cannot_hold_is_refused() {
        let err = read_game(b"[Variant \"Crazyhouse\"]\n\n1. 5254 *").unwrap_err();
        assert_eq!(
            err.kind,
            GameFileErrorKind::UnsupportedVariant("Crazyhouse".into())
        );
        assert!(read_game(b"[Variant \"Standard\"]\n\n1. 5254 *").is_ok());
    }

    /// An analysis variation in SAN said "`c5` is not a numeric or SAN
    /// move", not what is wrong with it.
    #[test]
    fn regression_an_unmarked_variation_says_so_whatever_its_moves() {
        for text in [&b"1. e4 e5 (1... c5) *"[..], b"1. 5254 5755 (1... 3735) *"] {
            let err = read_game(text).unwrap_err();
            assert_eq!(err.kind, GameFileErrorKind::UnexpectedVariation);
        }
    }
}
