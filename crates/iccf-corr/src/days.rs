//! Days each side used, move by move and in total.

use serde::Serialize;

use crate::{Date, Game, Side};

/// Days used by one side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DaysUsed {
    /// Days for the side's last move.
    pub last: i64,
    /// Days for all its moves.
    pub total: i64,
    /// How many moves it made.
    pub moves: u32,
}

/// Days used by White and by Black: for each move, from the day its player
/// received the move before it (or the game's `Date` tag, for the first
/// move) to the day it was sent. Moves without both dates count 0 days.
///
/// ```
/// use iccf_corr::{days_used, read_game};
///
/// let game = read_game(b"[Date \"2026.12.01\"]\n\n1. 5254 {[%ccsnt 2026.12.03] [%ccrcv 2026.12.04]}\n1... 5755 {[%ccsnt 2026.12.09]} *")?;
/// let [white, black] = days_used(&game);
/// assert_eq!((white.total, black.total), (2, 5));
/// # Ok::<_, iccf_corr::GameFileError>(())
/// ```
pub fn days_used(game: &Game) -> [DaysUsed; 2] {
    let mut used = [DaysUsed::default(); 2];
    let start: Option<Date> = game.tag("Date").and_then(|d| d.parse().ok());
    for (i, ply) in game.plies.iter().enumerate() {
        let from = match i {
            0 => start,
            _ => game.plies[i - 1].received.or(game.plies[i - 1].sent),
        };
        let days = match (from, ply.sent) {
            (Some(from), Some(sent)) => sent.days_since(from).max(0),
            _ => 0,
        };
        let side = &mut used[usize::from(Game::side_of_ply(i) == Side::Black)];
        side.last = days;
        side.total += days;
        side.moves += 1;
    }
    used
}
