//! A correspondence game as its file keeps it: tags, moves with dates,
//! pending if-moves.

use iccf::{CastlingNotation, NumericMove};
use shakmaty::{Chess, Move, Position};

use crate::{Date, MoveNo, Side, TimeControl};

/// The tag that remembers which side the file's owner plays.
pub const SIDE_TAG: &str = "ICCFSide";

/// One move of the game and its dates.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move in numeric notation.
    pub mv: NumericMove,
    /// When its player sent it (`[%ccsnt]`).
    pub sent: Option<Date>,
    /// When the opponent received it (`[%ccrcv]`).
    pub received: Option<Date>,
}

/// A correspondence game from the standard starting position.
///
/// Every move in `plies` is legal: [`Game::push`] and the file reader check
/// it. `pending` holds our conditional moves ("if-moves") after the last
/// move: each line starts with an opponent's reply, then ours, and so on;
/// several lines that start alike are branches.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Game {
    /// Tags in file order (the Seven Tag Roster first).
    pub tags: Vec<(String, String)>,
    /// The moves played.
    pub plies: Vec<Ply>,
    /// Pending if-move lines, each starting with the opponent's next move.
    pub pending: Vec<Vec<NumericMove>>,
}

/// A move that cannot be added to the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalPlyError {
    /// Where it would have been played.
    pub at: MoveNo,
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
    /// use iccf_corr::{Game, Side, write_game};
    ///
    /// let game = Game::new("NAPZ M-01", "Everitt", "Wang", Side::White, "10/50".parse()?);
    /// assert_eq!(game.side(), Some(Side::White));
    /// assert_eq!(game.tag("Result"), Some("*"));
    /// let file = String::from_utf8(write_game(&game))?;
    /// assert!(file.contains("[ICCFSide \"white\"]\n[TimeControl \"10/50\"]"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(event: &str, white: &str, black: &str, side: Side, tc: TimeControl) -> Game {
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
    pub fn side(&self) -> Option<Side> {
        self.tag(SIDE_TAG).and_then(Side::from_name)
    }

    /// Remembers the side the file's owner plays.
    pub fn set_side(&mut self, side: Side) {
        self.set_tag(SIDE_TAG, side.name());
    }

    /// The time control from the `TimeControl` tag, if in the ICCF form.
    pub fn time_control(&self) -> Option<TimeControl> {
        self.tag("TimeControl").and_then(|tc| tc.parse().ok())
    }

    /// The `Result` tag, `*` when missing.
    pub fn result(&self) -> &str {
        self.tag("Result").unwrap_or("*")
    }

    /// Whether the game has a result other than `*`.
    pub fn is_over(&self) -> bool {
        self.result() != "*"
    }

    /// The move number of the next move.
    pub fn next_no(&self) -> MoveNo {
        MoveNo::of_ply(self.plies.len())
    }

    /// The position after every move, and the moves as shakmaty moves.
    pub fn replay(&self) -> (Chess, Vec<Move>) {
        let mut pos = Chess::default();
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
        self.plies.push(Ply { mv, sent, received });
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

    /// The side that made ply `ply`.
    pub fn side_of_ply(ply: usize) -> Side {
        MoveNo::of_ply(ply).side
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
