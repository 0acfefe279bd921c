//! Checking a received message against our game.

use iccf::NumericMove;
use serde::Serialize;
use shakmaty::san::San;
use shakmaty::{Chess, Move, Position};

use crate::diagnose::nearest;
use crate::scan::WrittenPly;
use crate::{
    Claim, Date, Finding, Game, MoveNo, Side, diagnose, find_claims, scan_moves, unquoted_lines,
};

/// What a message says and whether it is in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Every finding, problems and confirmations, in the order checked.
    pub findings: Vec<Finding>,
    /// Their new move, when it was read without doubt.
    #[serde(skip)]
    pub new_move: Option<Move>,
    /// The date written beside their new move (when they sent it).
    pub their_sent: Option<Date>,
    /// The date written beside their repetition of our move (when they
    /// received it).
    pub our_received: Option<Date>,
    /// Claims in words.
    pub claims: Vec<Claim>,
}

impl Report {
    /// No finding is a problem.
    pub fn in_order(&self) -> bool {
        !self.findings.iter().any(Finding::is_problem)
    }
}

/// Checks `text`, a message from our opponent, against `game`, where we
/// play `side`.
///
/// ```
/// use iccf_corr::{check, read_game, Side};
///
/// let game = read_game(b"1. 5254 5755 2. 7163 *")?;
/// let report = check(&game, Side::White, "Thanks for 2. 7136. My reply: 2... 2836");
/// assert!(!report.in_order());
/// assert_eq!(report.findings[0].to_string(), "you repeat our move 2. as 7136; we sent 2. 7163");
/// # Ok::<_, iccf_corr::GameFileError>(())
/// ```
pub fn check(game: &Game, side: Side, text: &str) -> Report {
    let lines: Vec<(usize, &str)> = unquoted_lines(text).collect();
    let plies = scan_moves(lines.iter().copied());
    let claims = find_claims(lines.iter().copied());
    let (pos, _) = game.replay();
    let record = longest_record(&plies);
    let loose: Vec<&WrittenPly> = plies
        .iter()
        .filter(|p| Some(p.run) != record.map(|r| r[0].run))
        .collect();
    let mut report = Report {
        findings: Vec::new(),
        new_move: None,
        their_sent: None,
        our_received: None,
        claims,
    };
    if game.is_over() {
        report.findings.push(Finding::GameOver {
            result: game.result().to_owned(),
        });
    }
    check_echo(game, side, &loose, record, &mut report);
    if let Some(record) = record {
        check_record(game, record, &mut report);
    }
    let their_turn = Side::of(pos.turn()) != side;
    let quiet = report
        .claims
        .iter()
        .any(|c| matches!(c, Claim::Resignation | Claim::DrawAccepted));
    if their_turn && !game.is_over() {
        check_new_move(game, &pos, &loose, record, quiet, &mut report);
    } else if let Some(last) = game.plies.len().checked_sub(1) {
        note_already_recorded(game, last, &plies, &mut report);
    }
    for &claim in &report.claims {
        report.findings.push(Finding::Claim { claim });
    }
    report
}

/// The longest run of plies from move 1 (the later one of equal runs):
/// three plies or more, or two on one line. "Thanks for 1. 5254. My
/// reply: 1... 5755" on two lines is a repetition and a move, not a record.
fn longest_record(plies: &[WrittenPly]) -> Option<&[WrittenPly]> {
    let mut best: Option<&[WrittenPly]> = None;
    for run in plies.chunk_by(|a, b| a.run == b.run) {
        let long_enough = run.len() >= 3 || (run.len() == 2 && run[0].line == run[1].line);
        if long_enough && run[0].no.ply() == Some(0) && best.is_none_or(|b| run.len() >= b.len()) {
            best = Some(run);
        }
    }
    best
}

/// `52-54` and `5254` are the same move.
fn same(written: &str, mv: NumericMove) -> bool {
    let digits: String = written.chars().filter(|c| *c != '-').collect();
    digits == mv.to_string()
}

fn check_echo(
    game: &Game,
    side: Side,
    loose: &[&WrittenPly],
    record: Option<&[WrittenPly]>,
    report: &mut Report,
) {
    let Some(last) = (0..game.plies.len())
        .rev()
        .find(|&i| Game::side_of_ply(i) == side)
    else {
        return;
    };
    let sent = game.plies[last].mv;
    let no = MoveNo::of_ply(last);
    if let Some(echo) = loose.iter().find(|p| p.no.ply() == Some(last)) {
        report.our_received = echo.date;
        report.findings.push(if same(&echo.text, sent) {
            Finding::EchoAgrees {
                no,
                numeric: sent.to_string(),
            }
        } else {
            Finding::WrongEcho {
                no,
                written: echo.text.clone(),
                sent: sent.to_string(),
            }
        });
    } else if let Some(echo) = loose
        .iter()
        .find(|p| p.no.side == side && same(&p.text, sent))
    {
        report.our_received = echo.date;
        report.findings.push(Finding::EchoNumberWrong {
            written: echo.no,
            no,
            numeric: sent.to_string(),
        });
    } else if record.is_none_or(|r| r.len() <= last) {
        report.findings.push(Finding::NoEcho {
            no,
            sent: sent.to_string(),
        });
    }
}

fn check_record(game: &Game, record: &[WrittenPly], report: &mut Report) {
    for (i, written) in record.iter().enumerate() {
        let ours = game.plies.get(i).map(|p| p.mv);
        // One move past our game is their new move, checked on its own.
        if ours.is_none() && i == game.plies.len() {
            continue;
        }
        if !ours.is_some_and(|mv| same(&written.text, mv)) {
            let ours = ours.map(|mv| mv.to_string());
            report.findings.push(Finding::RecordDiffers {
                no: written.no,
                written: written.text.clone(),
                ours,
            });
            return;
        }
    }
    if record.len() < game.plies.len() {
        let last = record[record.len() - 1].no;
        let ours = MoveNo::of_ply(game.plies.len() - 1);
        report.findings.push(Finding::RecordShort { last, ours });
        return;
    }
    report.findings.push(Finding::RecordAgrees {
        plies: record.len(),
    });
}

fn check_new_move(
    game: &Game,
    pos: &Chess,
    loose: &[&WrittenPly],
    record: Option<&[WrittenPly]>,
    quiet: bool,
    report: &mut Report,
) {
    let expected = game.next_no();
    let due = game.plies.len();
    let mut candidates: Vec<&WrittenPly> = loose
        .iter()
        .copied()
        .filter(|p| p.no.ply() == Some(due))
        .collect();
    if candidates.is_empty() {
        candidates.extend(record.and_then(|r| r.get(due)));
    }
    if candidates.is_empty() {
        let off = loose
            .iter()
            .find(|p| p.no.side == expected.side && p.no.number.abs_diff(expected.number) == 1);
        match off {
            Some(p) => {
                report.findings.push(Finding::MoveNumberOff {
                    written: p.no,
                    expected,
                    numeric: p.text.clone(),
                });
                read_new_move(pos, expected, p, report);
                report.new_move = None;
            }
            None if !quiet => report.findings.push(Finding::NoNewMove { expected }),
            None => {}
        }
        return;
    }
    let mut written: Vec<String> = candidates.iter().map(|p| p.text.replace('-', "")).collect();
    written.dedup();
    if written.len() > 1 {
        report.findings.push(Finding::SeveralNewMoves {
            no: expected,
            written,
        });
        return;
    }
    read_new_move(pos, expected, candidates[0], report);
}

/// Their last move written again: a message read twice, not a new move.
fn note_already_recorded(game: &Game, last: usize, plies: &[WrittenPly], report: &mut Report) {
    let mv = game.plies[last].mv;
    if plies
        .iter()
        .any(|p| p.no.ply() == Some(last) && same(&p.text, mv))
    {
        let no = MoveNo::of_ply(last);
        report.findings.push(Finding::AlreadyRecorded {
            no,
            numeric: mv.to_string(),
        });
    }
}

fn read_new_move(pos: &Chess, no: MoveNo, written: &WrittenPly, report: &mut Report) {
    report.their_sent = written.date;
    let legal = NumericMove::from_ascii_lenient(written.text.as_bytes())
        .ok()
        .and_then(|n| n.to_move(pos).ok());
    match legal {
        Some(m) => {
            let numeric = crate::game::numeric(m).to_string();
            let san = San::from_move(pos, m).to_string();
            report.findings.push(Finding::NewMove { no, numeric, san });
            report.new_move = Some(m);
        }
        None => report.findings.push(Finding::UnclearMove {
            no,
            written: written.text.clone(),
            suggestions: diagnose(&written.text, pos),
            nearest: nearest(&written.text, pos),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Slip, read_game};

    /// We are White and sent 2. Nf3; Black's reply is due.
    fn game() -> Game {
        read_game(b"1. 5254 5755 2. 7163 *").unwrap()
    }

    fn problems(report: &Report) -> Vec<String> {
        report
            .findings
            .iter()
            .filter(|f| f.is_problem())
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn message_in_order() {
        let report = check(
            &game(),
            Side::White,
            "2. 7163 (received 2026.12.05)\n2... 2836 (sent 2026.12.06)",
        );
        assert_eq!(problems(&report), Vec::<String>::new());
        assert_eq!(
            report.new_move.map(|m| crate::numeric(m).to_string()),
            Some("2836".into())
        );
        assert_eq!(report.our_received.unwrap().to_string(), "2026.12.05");
        assert_eq!(report.their_sent.unwrap().to_string(), "2026.12.06");
    }

    #[test]
    fn wrong_echo_is_named() {
        let report = check(
            &game(),
            Side::White,
            "You played 2. 7136, I reply 2... 2836",
        );
        assert_eq!(
            problems(&report),
            ["you repeat our move 2. as 7136; we sent 2. 7163"]
        );
        assert!(!report.in_order());
    }

    #[test]
    fn diverging_record_names_the_first_difference() {
        let report = check(&game(), Side::White, "1. 5254 5756 2. 7163 2836");
        assert_eq!(
            problems(&report),
            ["your record has 1... 5756 where ours has 1... 5755"]
        );
    }

    #[test]
    fn quoted_lines_are_ours_not_theirs() {
        let report = check(&game(), Side::White, "> 2... 1716\n2. 7163 2836");
        assert_eq!(
            report.findings[1],
            Finding::NewMove {
                no: MoveNo {
                    number: 2,
                    side: Side::Black
                },
                numeric: "2836".into(),
                san: "Nc6".into(),
            }
        );
    }

    #[test]
    fn move_number_off_by_one() {
        let report = check(&game(), Side::White, "2. 7163\n3... 2836");
        assert_eq!(
            problems(&report),
            ["your move 2836 is numbered 3...; it is move 2..."]
        );
        assert_eq!(report.new_move, None);
    }

    #[test]
    fn unclear_move_gets_the_likeliest_meaning_first() {
        let report = check(&game(), Side::White, "2. 7163\n2... 3628");
        let Some(Finding::UnclearMove { suggestions, .. }) =
            report.findings.iter().find(|f| f.is_problem())
        else {
            panic!("{:?}", report.findings)
        };
        assert_eq!(
            (suggestions[0].numeric.as_str(), &suggestions[0].slip),
            ("2836", &Slip::SquaresSwapped)
        );
        assert!(
            problems(&report)[0]
                .starts_with("your move 2... 3628 is not a legal numeric move; perhaps 2836 (Nc6")
        );
    }

    #[test]
    fn algebraic_instead_of_numeric() {
        let report = check(&game(), Side::White, "2. 7163 2... Cc6");
        let Some(Finding::UnclearMove { suggestions, .. }) =
            report.findings.iter().find(|f| f.is_problem())
        else {
            panic!("{:?}", report.findings)
        };
        assert_eq!(suggestions[0].numeric, "2836");
        assert!(
            matches!(&suggestions[0].slip, Slip::Algebraic { langs } if langs.contains(&"fr".to_owned()))
        );
    }

    #[test]
    fn resignation_needs_no_move() {
        let report = check(&game(), Side::White, "2. 7163\nJ'abandonne.");
        assert!(report.in_order(), "{:?}", report.findings);
        assert_eq!(report.claims, [Claim::Resignation]);
        let mut played = game();
        crate::apply(
            &mut played,
            &report,
            Side::White,
            "2026.12.08".parse().unwrap(),
        );
        assert_eq!(played.result(), "1-0");
    }

    #[test]
    fn a_message_read_twice_changes_nothing() {
        let mut played = game();
        let message = "2. 7163\n2... 2836";
        let report = check(&played, Side::White, message);
        crate::apply(
            &mut played,
            &report,
            Side::White,
            "2026.12.08".parse().unwrap(),
        );
        let again = check(&played, Side::White, message);
        assert_eq!(
            again.findings.last().unwrap().to_string(),
            "your move 2... 2836 is recorded already"
        );
        assert!(
            again.in_order() && again.new_move.is_none(),
            "{:?}",
            again.findings
        );
    }

    #[test]
    fn missing_move_and_echo() {
        let report = check(&game(), Side::White, "Dear friend, thanks.");
        assert_eq!(
            problems(&report),
            ["our move 2. 7163 is not repeated", "no move 2... found"]
        );
    }
}
