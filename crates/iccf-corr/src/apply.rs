//! Recording a checked message in the game: their move, the dates, our
//! if-move reply, the result.

use serde::Serialize;
use shakmaty::Position;

use crate::game::numeric;
use crate::{Claim, Date, Game, MoveNo, Report, Side};

/// What [`apply`] changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Applied {
    /// Their move was recorded.
    TheirMove {
        /// Its number.
        no: MoveNo,
        /// The move.
        numeric: String,
    },
    /// A pending if-move was played in reply.
    IfMove {
        /// Its number.
        no: MoveNo,
        /// The move.
        numeric: String,
    },
    /// Their move left our pending if-moves: they were dropped.
    IfMovesDropped,
    /// The game ended.
    Result {
        /// `1-0`, `0-1` or `1/2-1/2`.
        result: String,
    },
}

/// Records what `report` (from [`crate::check`]) found in the message into
/// `game`, where we play `side`, on `today`: the date they received our
/// move, their move with its dates, our pending if-move reply (sent
/// `today`), and a resignation or an accepted draw as the result.
///
/// Call it only for a report that is [in order](Report::in_order).
///
/// ```
/// use iccf_corr::{Applied, MoveNo, Side, apply, check, read_game};
///
/// let mut game = read_game(b"[ICCFSide \"white\"]\n\n1. 5254 {[%ccsnt 2026.12.01]} *")?;
/// let report = check(&game, Side::White, "1. 5254 5755");
/// let done = apply(&mut game, &report, Side::White, "2026.12.03".parse()?);
/// assert_eq!(done, [Applied::TheirMove { no: MoveNo::of_ply(1), numeric: "5755".into() }]);
/// assert_eq!(game.plies[1].received, Some("2026.12.03".parse()?));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn apply(game: &mut Game, report: &Report, side: Side, today: Date) -> Vec<Applied> {
    let mut done = Vec::new();
    if let Some(received) = report.our_received
        && let Some(last) = (0..game.plies.len())
            .rev()
            .find(|&i| Game::side_of_ply(i) == side)
    {
        game.plies[last].received = Some(received);
    }
    if let Some(m) = report.new_move {
        let pos = game.position();
        let no = game.next_no();
        game.push_move(
            &pos,
            m,
            Some(report.their_sent.unwrap_or(today)),
            Some(today),
        );
        done.push(Applied::TheirMove {
            no,
            numeric: numeric(m).to_string(),
        });
        follow_if_moves(game, today, &mut done);
    }
    for claim in &report.claims {
        let result = match claim {
            Claim::Resignation if side == Side::White => "1-0",
            Claim::Resignation => "0-1",
            Claim::DrawAccepted => "1/2-1/2",
            _ => continue,
        };
        game.set_tag("Result", result);
        game.pending.clear();
        done.push(Applied::Result {
            result: result.to_owned(),
        });
    }
    done
}

/// Plays our reply from the pending lines that begin with their move just
/// played, and keeps the rest of those lines.
fn follow_if_moves(game: &mut Game, today: Date, done: &mut Vec<Applied>) {
    if game.pending.is_empty() {
        return;
    }
    let theirs = game.plies[game.plies.len() - 1].mv;
    let lines: Vec<Vec<_>> = std::mem::take(&mut game.pending)
        .into_iter()
        .filter(|line| line.first() == Some(&theirs) && line.len() >= 2)
        .collect();
    let Some(reply) = lines.first().map(|line| line[1]) else {
        done.push(Applied::IfMovesDropped);
        return;
    };
    let pos = game.position();
    // Branches that disagree on our reply cannot all be kept; the first wins.
    let Ok(m) = reply.to_move(&pos) else { return };
    debug_assert!(pos.is_legal(m));
    let no = game.next_no();
    game.push_move(&pos, m, Some(today), None);
    done.push(Applied::IfMove {
        no,
        numeric: reply.to_string(),
    });
    game.pending = lines
        .into_iter()
        .filter(|line| line[1] == reply && line.len() > 2)
        .map(|line| line[2..].to_vec())
        .collect();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{check, parse_if_line, read_game, write_game};

    /// White after 2. Nf3 proposes postal branches: 2... Nc6 3. Bb5 and
    /// 2... Nf6 3. Nxe5 3... d6 4. Nf3.
    fn game_with_branches() -> Game {
        let mut game =
            read_game(b"[ICCFSide \"white\"]\n\n1. 5254 5755 2. 7163 {[%ccsnt 2026.12.01]} *")
                .unwrap();
        game.pending = ["2... 2836 3. 6125", "2... 7866 3. 6355 3... 4746 4. 5563"]
            .iter()
            .map(|line| parse_if_line(line, &game, Side::White).unwrap())
            .collect();
        game
    }

    fn their_move(game: &mut Game, text: &str) -> Vec<Applied> {
        let report = check(game, Side::White, text);
        assert!(report.in_order(), "{:?}", report.findings);
        apply(game, &report, Side::White, "2026.12.05".parse().unwrap())
    }

    #[test]
    fn the_branch_they_choose_is_played_and_kept() {
        let mut game = game_with_branches();
        let done = their_move(&mut game, "2. 7163 2... 7866");
        assert_eq!(
            done[1],
            Applied::IfMove {
                no: MoveNo {
                    number: 3,
                    side: Side::White
                },
                numeric: "6355".into()
            }
        );
        assert_eq!(game.pending.len(), 1);
        assert_eq!(
            game.pending[0]
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            ["4746", "5563"]
        );
        // Kept in the file as a marked variation, read back the same.
        assert_eq!(read_game(&write_game(&game)).unwrap(), game);
        let done = their_move(&mut game, "3. 6355 3... 4746");
        assert_eq!(
            done[1],
            Applied::IfMove {
                no: MoveNo {
                    number: 4,
                    side: Side::White
                },
                numeric: "5563".into()
            }
        );
        assert!(game.pending.is_empty());
    }

    #[test]
    fn a_move_outside_every_branch_drops_them() {
        let mut game = game_with_branches();
        let done = their_move(&mut game, "2. 7163 2... 4746");
        assert_eq!(done[1], Applied::IfMovesDropped);
        assert!(game.pending.is_empty());
        assert_eq!(game.plies.len(), 4);
    }
}
