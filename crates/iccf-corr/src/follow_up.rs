//! What a message says past their new move: their move after our if-move
//! reply, and the if-moves they propose.

use shakmaty::san::San;
use shakmaty::{Color, Position};

use crate::apply::follow_if_moves;
use crate::check::legal_written_move;
use crate::diagnose::{diagnose, nearest};
use crate::scan::{WrittenPly, conditional_lines, strip_if_word};
use crate::{Date, Finding, Game, MessageReport, numeric, parse_if_line};

/// Their moves after our if-move replies: with `report.new_move` played
/// and our pending reply to it, the move they wrote numbered after our
/// reply, and so on.
pub(crate) fn read_follow_ups(game: &Game, plies: &[WrittenPly], report: &mut MessageReport) {
    let Some(first) = report.new_move else { return };
    let mut sim = game.clone();
    let day = Date::from_days(0);
    sim.push_move(&sim.position(), first, None, None);
    loop {
        let before = sim.plies.len();
        follow_if_moves(&mut sim, day, &mut Vec::new());
        if sim.plies.len() == before {
            return;
        }
        let due = sim.plies.len();
        let pos = sim.position();
        let written: Vec<&WrittenPly> = plies
            .iter()
            .filter(|p| sim.ply_of(p.no) == Some(due))
            .collect();
        let next = written.iter().find_map(|p| legal_written_move(p, &pos));
        let Some(m) = next else {
            // "I accept your if-move 3. 2133 and play 3... 6842", a slip:
            // said, not passed over (they think they have moved).
            if let Some(typed) = written.first() {
                report.findings.push(Finding::UnclearMove {
                    no: sim.number_of_ply(due),
                    written: typed.text.clone(),
                    suggestions: diagnose(&typed.text, &pos),
                    nearest: nearest(&typed.text, &pos),
                    other_side: false,
                });
            }
            return;
        };
        report.findings.push(Finding::FollowUpMove {
            no: sim.number_of_ply(due),
            numeric: numeric(m).to_string(),
            san: San::from_move(&pos, m).to_string(),
        });
        report.follow_ups.push(m);
        sim.push_move(&pos, m, None, None);
    }
}

/// Their conditional lines ("If 25. 4244 then 25... 3736", "If-moves:
/// ..."), read from our reply to their last move on.
pub(crate) fn read_their_if_moves(
    game: &Game,
    side: Color,
    lines: &[(usize, &str)],
    report: &mut MessageReport,
) {
    let conditional = conditional_lines(lines.iter().copied());
    if conditional.is_empty() {
        return;
    }
    let Some(first) = report.new_move else { return };
    let mut sim = game.clone();
    sim.pending.clear();
    for m in std::iter::once(first).chain(report.follow_ups.iter().copied()) {
        let pos = sim.position();
        if !pos.is_legal(m) {
            return;
        }
        sim.push_move(&pos, m, None, None);
    }
    let last = sim.plies.len();
    if sim.side_of_ply(last - 1) == side {
        return;
    }
    for (_, line) in conditional {
        let text = strip_if_word(line);
        match parse_if_line(text, &sim, side.other()) {
            Ok(moves) => {
                let numbered: Vec<String> = moves
                    .iter()
                    .enumerate()
                    .map(|(i, mv)| format!("{} {mv}", sim.number_of_ply(last + i)))
                    .collect();
                report.findings.push(Finding::TheirIfMoves {
                    line: numbered.join(" "),
                });
                report.their_if_moves.push(moves);
            }
            Err(err) => report.findings.push(Finding::BadIfMoves {
                written: line.trim().to_owned(),
                reason: err.to_string(),
            }),
        }
    }
}
