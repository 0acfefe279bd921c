//! Recording a checked message in the game: their move, the dates, our
//! if-move reply, the result.

use iccf::MoveNumber;
use serde::Serialize;
use shakmaty::{Color, Move, Position};

use crate::game::numeric;
use crate::{Claim, Date, Game, MessageReport};

/// What [`apply`] changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Applied {
    /// Their move was recorded.
    TheirMove {
        /// Its number.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNumber,
        /// The move.
        numeric: String,
    },
    /// A pending if-move was played in reply.
    IfMove {
        /// Its number.
        #[serde(serialize_with = "crate::serial::display")]
        no: MoveNumber,
        /// The move.
        numeric: String,
    },
    /// Their move left our pending if-moves: they were dropped.
    IfMovesDropped,
    /// Their proposed if-moves were kept, to be shown.
    TheirIfMoves {
        /// How many lines.
        lines: usize,
    },
    /// Their draw offer was noted: `iccf card --accept-draw` may answer it.
    DrawOffer,
    /// The game ended.
    Result {
        /// `1-0`, `0-1` or `1/2-1/2`.
        result: String,
    },
}

/// Records what `report` (from [`crate::check`]) found in the message into
/// `game`, where we play `side`, on `today`: the date they received our
/// move, their move with its dates (received: the report's date, else
/// `today`), our pending if-move replies (sent the day their move came)
/// and their moves after them, the
/// if-moves they propose, and their draw offer. Never a result of their
/// words (see [`apply_result`]), but the one the board shows after the
/// moves: a mate or a stalemate, theirs or our if-move's.
///
/// Call it only for a report that is [in order](MessageReport::in_order).
///
/// ```
/// use iccf_corr::{Applied, apply, check, read_game};
/// use shakmaty::Color;
///
/// let mut game = read_game(b"[ICCFSide \"white\"]\n\n1. 5254 {[%ccsnt 2026.12.01]} *")?;
/// let report = check(&game, Color::White, "1. 5254 5755");
/// let done = apply(&mut game, &report, Color::White, "2026.12.03".parse()?);
/// assert_eq!(done, [Applied::TheirMove { no: game.number_of_ply(1), numeric: "5755".into() }]);
/// assert_eq!(game.plies[1].received, Some("2026.12.03".parse()?));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn apply(game: &mut Game, report: &MessageReport, side: Color, today: Date) -> Vec<Applied> {
    let mut done = Vec::new();
    record_our_receipt(game, report, side);
    let (sent, received) = report.their_move_dates(today);
    let theirs = report
        .new_move
        .into_iter()
        .chain(report.follow_ups.iter().copied());
    for (i, m) in theirs.enumerate() {
        let pos = game.position();
        if !pos.is_legal(m) || (i > 0 && game.side_of_ply(game.plies.len()) == side) {
            break;
        }
        let no = game.next_no();
        game.push_move(&pos, m, Some(sent), Some(received));
        done.push(Applied::TheirMove {
            no,
            numeric: numeric(m).to_string(),
        });
        // Our if-move reply goes the day their move came, on no time of
        // ours: dated the day `check` ran, it charged us the days between.
        follow_if_moves(game, received, &mut done);
    }
    let last_is_theirs = game
        .plies
        .len()
        .checked_sub(1)
        .is_some_and(|i| game.side_of_ply(i) != side);
    if last_is_theirs && game.pending.is_empty() && !report.their_if_moves.is_empty() {
        let moves = game.position();
        let fits = report
            .their_if_moves
            .iter()
            .all(|line| line.first().is_some_and(|mv| mv.to_move(&moves).is_ok()));
        if fits {
            game.pending = report.their_if_moves.clone();
            done.push(Applied::TheirIfMoves {
                lines: game.pending.len(),
            });
        }
    }
    if report.claims.contains(&Claim::DrawOffer)
        && !game.is_over()
        && let Some(last) = game.plies.last_mut()
    {
        last.draw_offer = Some(side.other());
        done.push(Applied::DrawOffer);
    }
    // Their move answers our last card; our if-move played needs its own.
    if done.iter().any(|a| matches!(a, Applied::TheirMove { .. })) {
        game.card_written();
    }
    if done.iter().any(|a| matches!(a, Applied::IfMove { .. })) {
        game.set_tag(crate::CARD_DUE_TAG, "yes");
    }
    if !game.is_over()
        && let Some(result) = game.board_result()
    {
        game.set_tag("Result", result);
        game.pending.clear();
        done.push(Applied::Result {
            result: result.to_owned(),
        });
    }
    done
}

/// Records the result `report` gives (they resign, or accept our open
/// draw offer), if it gives one; our pending if-moves go.
///
/// ```
/// use iccf_corr::{Applied, apply_result, check, read_game};
/// use shakmaty::Color;
///
/// let mut game = read_game(b"1. 5254 {[%ccdrawoffer white]} *")?;
/// let report = check(&game, Color::White, "1. 5254\nDraw accepted, thanks for the game.");
/// assert_eq!(apply_result(&mut game, &report), Some(Applied::Result { result: "1/2-1/2".into() }));
/// assert_eq!(game.result(), "1/2-1/2");
/// # Ok::<_, iccf_corr::GameFileError>(())
/// ```
pub fn apply_result(game: &mut Game, report: &MessageReport) -> Option<Applied> {
    // A mate on the board was recorded by `apply`, with the move.
    if game.is_over() {
        return None;
    }
    let result = report.result.as_ref()?;
    game.set_tag("Result", result);
    game.pending.clear();
    Some(Applied::Result {
        result: result.clone(),
    })
}

/// The day our last move reached them, as their message says, on that
/// move: their time runs from it (`apply`, and `check`'s clock).
pub(crate) fn record_our_receipt(game: &mut Game, report: &MessageReport, side: Color) {
    if let Some(received) = report.our_received
        && let Some(last) = game.last_ply_of(side)
    {
        game.plies[last].received = Some(received);
    }
}

/// Plays our reply from the pending lines that begin with their move just
/// played, and keeps the rest of those lines.
pub(crate) fn follow_if_moves(game: &mut Game, day: Date, done: &mut Vec<Applied>) {
    if game.pending.is_empty() {
        return;
    }
    let theirs = game.plies[game.plies.len() - 1].mv;
    let lines: Vec<Vec<iccf::NumericMove>> = std::mem::take(&mut game.pending)
        .into_iter()
        .filter(|line| line.first() == Some(&theirs) && line.len() >= 2)
        .collect();
    let Some(reply) = lines.first().map(|line| line[1]) else {
        done.push(Applied::IfMovesDropped);
        return;
    };
    let pos = game.position();
    // Branches that disagree on our reply cannot all be kept; the first wins.
    let Ok(m): Result<Move, _> = reply.to_move(&pos) else {
        return;
    };
    debug_assert!(pos.is_legal(m));
    let no = game.next_no();
    game.push_move(&pos, m, Some(day), None);
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
            .map(|line| parse_if_line(line, &game, Color::White).unwrap())
            .collect();
        game
    }

    /// Their mating move was recorded and the game went on: `status` said
    /// "our move" in a mated position. Mate is a result plainly given:
    /// theirs is the report's result, recorded as a resignation is;
    /// ours, by an if-move or on the card, ends the game at once.
    #[test]
    fn mate_on_the_board_is_the_result() {
        let mut game =
            read_game(b"[ICCFSide \"white\"]\n\n1. 6263 5755 2. 7274 {[%ccsnt 2026.12.01]} *")
                .unwrap();
        let report = check(&game, Color::White, "2. 7274 2... 4884");
        assert!(report.in_order(), "{:?}", report.findings);
        assert_eq!(report.result.as_deref(), Some("0-1"));
        assert!(
            report
                .findings
                .iter()
                .any(|f| f.to_string() == "your move mates: result 0-1")
        );
        let done = apply(
            &mut game,
            &report,
            Color::White,
            "2026.12.05".parse().unwrap(),
        );
        assert_eq!(recorded_result(&done), Some("0-1"));
        assert_eq!(game.result(), "0-1");
        // A mate recorded without its result (an older iccf) is found again.
        game.set_tag("Result", "*");
        let report = check(&game, Color::White, "2. 7274 2... 4884");
        assert_eq!(
            report.result.as_deref(),
            Some("0-1"),
            "{:?}",
            report.findings
        );
        // Our if-move mates: 1. f3 e5 2. g4?? with Black's if-move 2... Qh4#.
        let mut game =
            read_game(b"[ICCFSide \"black\"]\n\n1. 6263 5755 2. 7274 {[%ccsnt 2026.12.01]} *")
                .unwrap();
        game.plies.pop();
        game.pending = vec![parse_if_line("2. 7274 4884", &game, Color::Black).unwrap()];
        let report = check(&game, Color::Black, "1... 5755 2. 7274");
        let done = apply(
            &mut game,
            &report,
            Color::Black,
            "2026.12.05".parse().unwrap(),
        );
        assert_eq!(recorded_result(&done), Some("0-1"));
        assert_eq!(game.result(), "0-1");
        // Stalemate by their move is a draw.
        let mut game = read_game(
            b"[FEN \"7k/5Q2/8/8/8/8/8/K7 w - - 0 1\"]\n[SetUp \"1\"]\n[ICCFSide \"black\"]\n\n*",
        )
        .unwrap();
        let report = check(&game, Color::Black, "1. 6776");
        assert_eq!(
            report.result.as_deref(),
            Some("1/2-1/2"),
            "{:?}",
            report.findings
        );
        apply(
            &mut game,
            &report,
            Color::Black,
            "2026.12.05".parse().unwrap(),
        );
        assert_eq!(game.result(), "1/2-1/2");
        // Our mate on the card.
        let mut game =
            read_game(b"[ICCFSide \"black\"]\n\n1. 6263 5755 2. 7274 {[%ccsnt 2026.12.01]} *")
                .unwrap();
        crate::play_our_move(&mut game, "Qh4", None, "2026.12.05".parse().unwrap()).unwrap();
        assert_eq!(game.result(), "0-1");
        let card = crate::card(&game, Color::Black, &crate::CardOptions::default());
        assert!(card.contains("2. 7274 4884\n0-1"), "{card}");
    }

    /// `check FILE --apply` played our if-move without marking its card
    /// due (only a folder's check did), so `status` never said "if-move
    /// played, card not sent": the mark is apply's, for every front.
    #[test]
    fn an_if_move_played_marks_its_card_due() {
        let mut game = game_with_branches();
        let done = their_move(&mut game, "2. 7163 2... 2836");
        assert!(
            done.iter().any(|a| matches!(a, Applied::IfMove { .. })),
            "{done:?}"
        );
        assert_eq!(game.tag(crate::CARD_DUE_TAG), Some("yes"));
        game.card_written();
        assert_eq!(game.tag(crate::CARD_DUE_TAG), None);
        // Their next move answers it too.
        game.set_tag(crate::CARD_DUE_TAG, "yes");
        their_move(&mut game, "3. 6125 3... 1716");
        assert_eq!(game.tag(crate::CARD_DUE_TAG), None);
    }

    /// Found trying the tools as a player: our if-move reply was dated
    /// the day `check --apply` ran, charging us the days since their move
    /// came (an e-mail's date); it goes the day their move came.
    #[test]
    fn an_if_move_reply_was_dated_the_day_check_ran() {
        let mut game = game_with_branches();
        let mut report = check(&game, Color::White, "2. 7163 2... 2836");
        report.received = Some("2026.12.03".parse().unwrap());
        apply(
            &mut game,
            &report,
            Color::White,
            "2026.12.05".parse().unwrap(),
        );
        let reply = game.plies.last().unwrap();
        assert_eq!(
            reply.sent.map(|d| d.to_string()).as_deref(),
            Some("2026.12.03")
        );
    }

    /// The result `apply` recorded last, if any.
    fn recorded_result(done: &[Applied]) -> Option<&str> {
        match done.last() {
            Some(Applied::Result { result }) => Some(result),
            _ => None,
        }
    }

    fn their_move(game: &mut Game, text: &str) -> Vec<Applied> {
        let report = check(game, Color::White, text);
        assert!(report.in_order(), "{:?}", report.findings);
        apply(game, &report, Color::White, "2026.12.05".parse().unwrap())
    }

    #[test]
    fn the_branch_they_choose_is_played_and_kept() {
        let mut game = game_with_branches();
        let done = their_move(&mut game, "2. 7163 2... 7866");
        assert_eq!(
            done[1],
            Applied::IfMove {
                no: game.number_of_ply(4),
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
                no: game.number_of_ply(6),
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
