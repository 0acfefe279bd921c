//! A correspondence game as its file keeps it: tags, moves with dates,
//! pending if-moves.

use core::num::NonZeroU32;

use iccf::{CastlingNotation, MoveNumber, NumericMove};
use shakmaty::{Chess, Color, Move, Position};

use crate::{Date, TimeControl};

/// The tag that remembers which side the file's owner plays.
pub const SIDE_TAG: &str = "ICCFSide";

/// One move of the game, its dates and what its player or ours wrote
/// beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move in numeric notation.
    pub mv: NumericMove,
    /// When its player sent it (`[%ccsnt]`).
    pub sent: Option<Date>,
    /// When the opponent received it (`[%ccrcv]`).
    pub received: Option<Date>,
    /// The side that offered a draw with this move or after it
    /// (`[%ccdrawoffer white]`). The offer is open while this is the
    /// game's last move: the other side's next move declines it.
    pub draw_offer: Option<Color>,
    /// Comments after the move, as written, without the commands above
    /// (`[%clk]`, `[%eval]` and prose are kept).
    pub comments: Vec<String>,
    /// Annotation glyphs (`$1`, or `!` written as 1).
    pub nags: Vec<u8>,
}

impl Ply {
    /// A move with its dates and nothing else.
    pub fn new(mv: NumericMove, sent: Option<Date>, received: Option<Date>) -> Ply {
        Ply {
            mv,
            sent,
            received,
            draw_offer: None,
            comments: Vec::new(),
            nags: Vec::new(),
        }
    }
}

/// A correspondence game.
///
/// Every move in `plies` is legal: [`Game::push`] and the file reader check
/// it. `pending` holds our conditional moves ("if-moves") after the last
/// move: each line starts with an opponent's reply, then ours, and so on;
/// several lines that start alike are branches.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Game {
    /// Tags in file order (the Seven Tag Roster first).
    pub tags: Vec<(String, String)>,
    /// The position the game starts from (its `FEN` tag's, else the
    /// standard start).
    pub start: Chess,
    /// Comments before the first move, kept as written.
    pub preamble: Vec<String>,
    /// The moves played.
    pub plies: Vec<Ply>,
    /// Pending if-move lines, each starting with the opponent's next move.
    pub pending: Vec<Vec<NumericMove>>,
}

/// A move that cannot be added to the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalPlyError {
    /// Where it would have been played.
    pub at: MoveNumber,
    /// The move.
    pub mv: NumericMove,
}

impl core::fmt::Display for IllegalPlyError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} {} is not a legal move", self.at, self.mv)
    }
}

impl std::error::Error for IllegalPlyError {}

impl Game {
    /// A new game with the Seven Tag Roster, our side and a time control.
    ///
    /// ```
    /// use iccf_corr::{Game, write_game};
    /// use shakmaty::Color;
    ///
    /// let game = Game::new("NAPZ M-01", "Everitt", "Wang", Color::White, "10/50".parse()?);
    /// assert_eq!(game.side(), Some(Color::White));
    /// assert_eq!(game.tag("Result"), Some("*"));
    /// let file = String::from_utf8(write_game(&game))?;
    /// assert!(file.contains("[ICCFSide \"white\"]\n[TimeControl \"10/50\"]"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(event: &str, white: &str, black: &str, side: Color, tc: TimeControl) -> Game {
        let mut game = Game::default();
        for (name, value) in [
            ("Event", event),
            ("Site", "?"),
            ("Date", "????.??.??"),
            ("Round", "-"),
            ("White", white),
            ("Black", black),
            ("Result", "*"),
        ] {
            game.set_tag(name, value);
        }
        game.set_side(side);
        game.set_tag("TimeControl", &tc.to_string());
        game
    }

    /// The value of tag `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name`, keeping its place, or adds it at the end.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.to_owned(),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
    }

    /// The side the file's owner plays, from the `ICCFSide` tag.
    pub fn side(&self) -> Option<Color> {
        self.tag(SIDE_TAG).and_then(color_named)
    }

    /// Remembers the side the file's owner plays.
    pub fn set_side(&mut self, side: Color) {
        self.set_tag(SIDE_TAG, crate::game::color_name(side));
    }

    /// The time control from the `TimeControl` tag, if in the ICCF form.
    pub fn time_control(&self) -> Option<TimeControl> {
        self.tag("TimeControl").and_then(|tc| tc.parse().ok())
    }

    /// The `Result` tag: `1-0`, `0-1`, `1/2-1/2`, or `*` when it is
    /// missing or not a result (the tag is kept as written, but the game
    /// goes on and is written with `*`: a tag such as `*c? "x` written as
    /// the result made a game file that did not read back).
    pub fn result(&self) -> &str {
        match self.tag("Result").map(str::trim) {
            Some(result @ ("1-0" | "0-1" | "1/2-1/2")) => result,
            _ => "*",
        }
    }

    /// Whether the game has a result other than `*`.
    pub fn is_over(&self) -> bool {
        self.result() != "*"
    }

    /// Notes that the card of our last move was written: none is due any
    /// more (see [`crate::CARD_DUE_TAG`]).
    pub fn card_written(&mut self) {
        self.tags.retain(|(name, _)| name != crate::CARD_DUE_TAG);
    }

    /// The result the board shows after the last move, whoever wrote
    /// what: the mated side's loss, or a draw by stalemate; `None` while
    /// the side to move has a move. A result plainly given, as a
    /// resignation is.
    ///
    /// ```
    /// use iccf_corr::read_game;
    ///
    /// let fools_mate = read_game(b"1. 6263 5755 2. 7274 4884 *")?;
    /// assert_eq!(fools_mate.board_result(), Some("0-1"));
    /// assert_eq!(read_game(b"1. 6263 5755 2. 7274 *")?.board_result(), None);
    /// # Ok::<_, iccf_corr::GameFileError>(())
    /// ```
    pub fn board_result(&self) -> Option<&'static str> {
        board_result(&self.position())
    }

    /// The move number of the next move.
    pub fn next_no(&self) -> MoveNumber {
        self.number_of_ply(self.plies.len())
    }

    /// The number of ply `ply` (0-based from the start position).
    ///
    /// ```
    /// use iccf_corr::read_game;
    ///
    /// let game = read_game(b"1. 5254 *")?;
    /// assert_eq!(game.number_of_ply(3).to_string(), "2...");
    /// let from_fen = read_game(b"[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 30\"]\n\n*")?;
    /// assert_eq!(from_fen.number_of_ply(1).to_string(), "31.");
    /// assert_eq!(from_fen.ply_of(from_fen.number_of_ply(5)), Some(5));
    /// # Ok::<_, iccf_corr::GameFileError>(())
    /// ```
    pub fn number_of_ply(&self, ply: usize) -> MoveNumber {
        let half = ply + usize::from(self.start.turn() == Color::Black);
        let fullmoves = self.start.fullmoves().get() as usize + half / 2;
        MoveNumber {
            fullmoves: NonZeroU32::new(u32::try_from(fullmoves).unwrap_or(u32::MAX))
                .unwrap_or(NonZeroU32::MIN),
            turn: if half.is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            },
        }
    }

    /// The 0-based ply a move number names, if it is not before the start.
    pub fn ply_of(&self, no: MoveNumber) -> Option<usize> {
        let half = |n: u32, c: Color| (n as usize - 1) * 2 + usize::from(c == Color::Black);
        half(no.fullmoves.get(), no.turn)
            .checked_sub(half(self.start.fullmoves().get(), self.start.turn()))
    }

    /// The side that made ply `ply`.
    pub fn side_of_ply(&self, ply: usize) -> Color {
        self.number_of_ply(ply).turn
    }

    /// The last ply `side` made, if any.
    pub fn last_ply_of(&self, side: Color) -> Option<usize> {
        (0..self.plies.len())
            .rev()
            .find(|&i| self.side_of_ply(i) == side)
    }

    /// The side whose draw offer is open: made with or after the last
    /// move, so not yet answered by a move.
    pub fn open_draw_offer(&self) -> Option<Color> {
        self.plies.last().and_then(|p| p.draw_offer)
    }

    /// The position after every move, and the moves as shakmaty moves.
    pub fn replay(&self) -> (Chess, Vec<Move>) {
        let mut pos = self.start.clone();
        let mut moves = Vec::with_capacity(self.plies.len());
        for ply in &self.plies {
            // Every stored ply was checked when it was added.
            let Ok(m) = ply.mv.to_move(&pos) else { break };
            moves.push(m);
            pos.play_unchecked(m);
        }
        (pos, moves)
    }

    /// The position before ply `ply` and the moves up to it.
    pub fn replay_to(&self, ply: usize) -> (Chess, Vec<Move>) {
        let mut prefix = self.clone();
        prefix.plies.truncate(ply);
        prefix.replay()
    }

    /// The current position.
    pub fn position(&self) -> Chess {
        self.replay().0
    }

    /// Plays `m` (legal in the current position) with its dates.
    pub fn push_move(&mut self, pos: &Chess, m: Move, sent: Option<Date>, received: Option<Date>) {
        let mv = numeric(m);
        debug_assert!(pos.is_legal(m));
        self.plies.push(Ply::new(mv, sent, received));
    }

    /// Plays numeric move `mv` if it is legal in the current position.
    ///
    /// # Errors
    ///
    /// [`IllegalPlyError`] if it is not.
    pub fn push(&mut self, mv: NumericMove, sent: Option<Date>) -> Result<Move, IllegalPlyError> {
        let pos = self.position();
        let at = self.next_no();
        let m = mv.to_move(&pos).map_err(|_| IllegalPlyError { at, mv })?;
        self.push_move(&pos, m, sent, None);
        Ok(m)
    }
}

/// The result `pos` shows: the side to move mated loses, stalemated draws.
pub(crate) fn board_result(pos: &Chess) -> Option<&'static str> {
    if pos.is_checkmate() {
        Some(match pos.turn() {
            Color::White => "0-1",
            Color::Black => "1-0",
        })
    } else if pos.is_stalemate() {
        Some("1/2-1/2")
    } else {
        None
    }
}

/// `white` or `black`, as the game file writes a side.
pub(crate) fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// `white` or `black` (also `w`, `b`), any case.
pub(crate) fn color_named(name: &str) -> Option<Color> {
    match name.trim().to_ascii_lowercase().as_str() {
        "white" | "w" => Some(Color::White),
        "black" | "b" => Some(Color::Black),
        _ => None,
    }
}

/// The ICCF numeric form of a legal standard-chess move (castling as the
/// king's move).
pub fn numeric(m: Move) -> NumericMove {
    NumericMove::from_move(m, CastlingNotation::KingToDestination).unwrap_or(NumericMove {
        from: m.from().unwrap_or(m.to()),
        to: m.to(),
        promotion: m.promotion(),
    })
}
