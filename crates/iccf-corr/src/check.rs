//! Checking a received message against our game.

use iccf::{MoveNumber, NumericMove};
use serde::Serialize;
use shakmaty::san::San;
use shakmaty::{Chess, Color, Move, Position};

use crate::diagnose::nearest;
use crate::scan::{UnnumberedMove, WrittenPly, scan_unnumbered};
use crate::{
    Claim, Date, Finding, Game, Message, diagnose, numeric, read_our_move, scan_moves,
    unquoted_lines,
};

/// What a message says and whether it is in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MessageReport {
    /// Every finding, problems and confirmations, in the order checked.
    pub findings: Vec<Finding>,
    /// Their new move, when it was read without doubt.
    #[serde(skip)]
    pub new_move: Option<Move>,
    /// Their moves after our if-move replies, in the same message: the
    /// first answers our reply to `new_move`, and so on.
    #[serde(skip)]
    pub follow_ups: Vec<Move>,
    /// The date written beside their new move, else the e-mail's date:
    /// when they sent it.
    pub their_sent: Option<Date>,
    /// The date written beside their repetition of our move (when they
    /// received it).
    pub our_received: Option<Date>,
    /// When we received their message, if known (`--received`, else the
    /// e-mail's date: e-mail takes no days).
    pub received: Option<Date>,
    /// Claims they mean (plain statements; a draw offer may be asked).
    pub claims: Vec<Claim>,
    /// The result their message gives: they accept our open draw offer,
    /// or they resign ([`crate::apply_result`] records it); or the mate or
    /// stalemate their move leaves on the board ([`crate::apply`] records
    /// it with the move: see `on_board`).
    pub result: Option<String>,
    /// Whether `result` is the board's, which needs no word of theirs.
    pub on_board: bool,
    /// They ask for our last move again: resend our last card.
    pub resend: bool,
    /// Their proposed if-move lines, each from our reply on.
    #[serde(skip)]
    pub their_if_moves: Vec<Vec<NumericMove>>,
}

impl MessageReport {
    /// When their new move was sent and when we received it, as the game
    /// file records them: received on the report's date, else `today`;
    /// sent when they say, else by the day it arrived (never after).
    pub fn their_move_dates(&self, today: Date) -> (Date, Date) {
        let received = self.received.unwrap_or(today);
        (self.their_sent.unwrap_or(received), received)
    }

    /// No finding is a problem.
    pub fn in_order(&self) -> bool {
        !self.findings.iter().any(Finding::is_problem)
    }
}

/// What `check_message` needs to know besides the game and the message.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckOptions {
    /// Today: dates after it are in the future.
    pub today: Option<Date>,
    /// When we received the message, overriding the e-mail's date.
    pub received: Option<Date>,
    /// Take the N-th (1-based) suggested reading of an unclear move.
    pub accept: Option<usize>,
}

/// Checks `text`, a message from our opponent, against `game`, where we
/// play `side`. See [`check_message`] for an e-mail's subject, date and
/// attachment.
///
/// ```
/// use iccf_corr::{check, read_game};
/// use shakmaty::Color;
///
/// let game = read_game(b"1. 5254 5755 2. 7163 *")?;
/// let report = check(&game, Color::White, "Thanks for 2. 7136. My reply: 2... 2836");
/// assert!(!report.in_order());
/// assert_eq!(report.findings[0].to_string(), "you repeat our move 2. as 7136; we sent 2. 7163");
/// # Ok::<_, iccf_corr::GameFileError>(())
/// ```
pub fn check(game: &Game, side: Color, text: &str) -> MessageReport {
    let message = Message {
        text: text.to_owned(),
        ..Message::default()
    };
    check_message(game, side, &message, &CheckOptions::default())
}

/// Checks a message: the game it names, their repetition of our move,
/// their record (or PGN attachment), their new move (and their moves after
/// our if-moves), their if-moves, the dates, and their claims in words,
/// which give a result only when plainly stated: an acceptance only of an
/// open draw offer of ours.
///
/// ```
/// use iccf_corr::{CheckOptions, Message, check_message, read_game};
/// use shakmaty::Color;
///
/// let game = read_game(b"[Event \"EM/M/GT/102\"]\n\n1. 5254 {[%ccsnt 2026.12.01] [%ccdrawoffer white]} *")?;
/// let message = Message { text: "1. 5254\nI accept your draw offer.".into(), ..Message::default() };
/// let report = check_message(&game, Color::White, &message, &CheckOptions::default());
/// assert_eq!(report.result.as_deref(), Some("1/2-1/2"));
/// let message = Message { subject: Some("EM/M/GT/103 move 1".into()), ..message };
/// let report = check_message(&game, Color::White, &message, &CheckOptions::default());
/// assert!(!report.in_order());
/// # Ok::<_, iccf_corr::GameFileError>(())
/// ```
pub fn check_message(
    game: &Game,
    side: Color,
    message: &Message,
    opts: &CheckOptions,
) -> MessageReport {
    let lines: Vec<(usize, &str)> = unquoted_lines(&message.text).collect();
    let mut report = MessageReport {
        findings: Vec::new(),
        new_move: None,
        follow_ups: Vec::new(),
        their_sent: None,
        our_received: None,
        received: opts.received.or(message.date),
        claims: Vec::new(),
        result: None,
        on_board: false,
        resend: false,
        their_if_moves: Vec::new(),
    };
    crate::game_id::check_game_id(game, message.subject.as_deref(), &lines, &mut report);
    let mut plies = scan_moves(lines.iter().copied());
    if let Some((name, record)) = attachment_record(game, message) {
        report.findings.push(Finding::Attachment { name });
        plies.retain(|p| p.no.turn == side);
        plies.extend(record);
    }
    if plies.is_empty() {
        plies = bare_pair(game, side, &lines);
    }
    if game.is_over() {
        report.findings.push(Finding::GameOver {
            result: game.result().to_owned(),
        });
    }
    if crate::repeat::is_repeat_request(game, side, &lines, &plies) {
        let last = game.last_ply_of(side).unwrap_or(0);
        report.resend = true;
        report.findings.push(Finding::RepeatRequest {
            no: game.number_of_ply(last),
            numeric: game.plies[last].mv.to_string(),
        });
        crate::claims_check::check_claims(game, side, &lines, &mut report);
        return report;
    }
    let (pos, _) = game.replay();
    let record = longest_record(game, &plies);
    let loose: Vec<&WrittenPly> = plies
        .iter()
        .filter(|p| Some(p.run) != record.map(|r| r[0].run))
        .collect();
    check_echo(game, side, &loose, record, &mut report);
    if let Some(record) = record {
        check_record(game, record, &mut report);
    }
    let their_turn = pos.turn() != side;
    let quiet = crate::claims_check::ends_the_game(&lines, game, side);
    if their_turn && !game.is_over() {
        let unnumbered = scan_unnumbered(lines.iter().copied());
        let written = Written {
            loose: &loose,
            record,
            unnumbered: &unnumbered,
        };
        check_new_move(game, &pos, &written, quiet, opts, &mut report);
        if report.new_move.is_some() {
            crate::follow_up::read_follow_ups(game, &plies, &mut report);
            crate::follow_up::read_their_if_moves(game, side, &lines, &mut report);
        }
    } else if let Some(last) = game.plies.len().checked_sub(1) {
        note_already_recorded(game, last, &plies, &loose, &mut report);
    }
    if report.their_sent.is_none() && report.new_move.is_some() {
        report.their_sent = message.date;
    }
    crate::dates::check_dates(game, side, opts.today, &mut report);
    if opts.received.is_none() {
        crate::dates::check_sent_against_mail(game, message.date, &mut report);
    }
    crate::dates::check_their_clock(game, side, opts.today, &mut report);
    crate::claims_check::check_board(game, &mut report);
    crate::claims_check::check_claims(game, side, &lines, &mut report);
    report
}

/// Our last move and their reply written as a bare pair, without a
/// number ("7163 2836"): read, numbered from our move, when the first is
/// our last move as we sent it and their reply is due. Any other pair of
/// bare numbers is not guessed at.
fn bare_pair(game: &Game, side: Color, lines: &[(usize, &str)]) -> Vec<WrittenPly> {
    let unnumbered = scan_unnumbered(lines.iter().copied());
    let [ours, theirs] = unnumbered.as_slice() else {
        return Vec::new();
    };
    let Some(last) = game.last_ply_of(side) else {
        return Vec::new();
    };
    let (before, _) = game.replay_to(last);
    if last + 1 != game.plies.len()
        || ours.line != theirs.line
        || !same(&ours.text, game.plies[last].mv, &before)
    {
        return Vec::new();
    }
    [(ours, last), (theirs, last + 1)]
        .into_iter()
        .map(|(u, ply)| WrittenPly {
            no: game.number_of_ply(ply),
            text: u.text.clone(),
            line: u.line,
            // Not a record from move 1: loose plies, one run.
            run: usize::MAX - 2,
            date: u.date,
            gloss: u.gloss.clone(),
            gloss_no: u.gloss_no,
            alternatives: u.alternatives.clone(),
        })
        .collect()
}

/// Their moves as the message writes them.
struct Written<'a> {
    loose: &'a [&'a WrittenPly],
    record: Option<&'a [WrittenPly]>,
    unnumbered: &'a [UnnumberedMove],
}

/// The moves of a PGN attachment that is this game from its start, as a
/// written record.
fn attachment_record(game: &Game, message: &Message) -> Option<(String, Vec<WrittenPly>)> {
    message.attachments.iter().find_map(|(name, text)| {
        let theirs = crate::read_game(text.as_bytes()).ok()?;
        if theirs.start != game.start || theirs.plies.is_empty() {
            return None;
        }
        let record = theirs
            .plies
            .iter()
            .enumerate()
            .map(|(i, ply)| WrittenPly {
                no: theirs.number_of_ply(i),
                text: ply.mv.to_string(),
                line: usize::MAX,
                run: usize::MAX,
                date: ply.sent,
                gloss: None,
                gloss_no: None,
                alternatives: Vec::new(),
            })
            .collect();
        Some((name.clone(), record))
    })
}

/// The longest run of plies from the game's first move (the later one of
/// equal runs): three plies or more, or two on one line. "Thanks for 1.
/// 5254. My reply: 1... 5755" on two lines is a repetition and a move, not
/// a record.
fn longest_record<'a>(game: &Game, plies: &'a [WrittenPly]) -> Option<&'a [WrittenPly]> {
    let mut best: Option<&[WrittenPly]> = None;
    for run in plies.chunk_by(|a, b| a.run == b.run) {
        let long_enough = run.len() >= 3 || (run.len() == 2 && run[0].line == run[1].line);
        if long_enough
            && game.ply_of(run[0].no) == Some(0)
            && best.is_none_or(|b| run.len() >= b.len())
        {
            best = Some(run);
        }
    }
    best
}

/// Whether `written` is `mv`, played in `before`: `52-54` and `5254` are
/// the same move, and `Df2` is compared as a move: in any language that
/// reads it so.
fn same(written: &str, mv: NumericMove, before: &Chess) -> bool {
    if let Some(digits) = crate::diagnose::numeric_digits(written) {
        return digits == mv.to_string();
    }
    iccf::lang::Lang::all().any(|lang| {
        iccf::read::read_move_in(written.as_bytes(), before, lang).is_ok_and(|r| numeric(r.m) == mv)
    })
}

fn check_echo(
    game: &Game,
    side: Color,
    loose: &[&WrittenPly],
    record: Option<&[WrittenPly]>,
    report: &mut MessageReport,
) {
    let Some(last) = game.last_ply_of(side) else {
        return;
    };
    let sent = game.plies[last].mv;
    let (before, _) = game.replay_to(last);
    let no = game.number_of_ply(last);
    if let Some(echo) = loose.iter().find(|p| game.ply_of(p.no) == Some(last)) {
        report.our_received = echo.date;
        report.findings.push(if same(&echo.text, sent, &before) {
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
        .find(|p| p.no.turn == side && same(&p.text, sent, &before))
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

fn check_record(game: &Game, record: &[WrittenPly], report: &mut MessageReport) {
    let (_, moves) = game.replay();
    let mut pos = game.start.clone();
    for (i, written) in record.iter().enumerate() {
        let ours = game.plies.get(i).map(|p| p.mv);
        // One move past our game is their new move, checked on its own.
        if ours.is_none() && i == game.plies.len() {
            continue;
        }
        if !ours.is_some_and(|mv| same(&written.text, mv, &pos)) {
            let ours = ours.map(|mv| mv.to_string());
            report.findings.push(Finding::RecordDiffers {
                no: written.no,
                written: written.text.clone(),
                ours,
            });
            return;
        }
        if let Some(&m) = moves.get(i) {
            pos.play_unchecked(m);
        }
    }
    if record.len() < game.plies.len() {
        let last = record[record.len() - 1].no;
        let ours = game.number_of_ply(game.plies.len() - 1);
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
    written: &Written<'_>,
    quiet: bool,
    opts: &CheckOptions,
    report: &mut MessageReport,
) {
    let expected = game.next_no();
    let due = game.plies.len();
    let mut candidates: Vec<WrittenPly> = written
        .loose
        .iter()
        .filter(|p| game.ply_of(p.no) == Some(due))
        .map(|p| (*p).clone())
        .collect();
    if candidates.is_empty() {
        candidates.extend(written.record.and_then(|r| r.get(due)).cloned());
    }
    if candidates.is_empty() {
        candidates.extend(unnumbered_move(expected, written));
    }
    if candidates.is_empty() {
        let off = written.loose.iter().find(|p| {
            p.no.turn == expected.turn
                && p.no.fullmoves.get().abs_diff(expected.fullmoves.get()) == 1
        });
        match off {
            Some(p) => {
                report.findings.push(Finding::MoveNumberOff {
                    written: p.no,
                    expected,
                    numeric: p.text.clone(),
                });
                read_new_move(pos, expected, p, None, report);
                report.new_move = None;
            }
            None if !quiet => report.findings.push(Finding::NoNewMove { expected }),
            None => {}
        }
        return;
    }
    let mut texts: Vec<String> = candidates.iter().map(|p| p.text.replace('-', "")).collect();
    texts.dedup();
    if texts.len() > 1 {
        report.findings.push(Finding::SeveralNewMoves {
            no: expected,
            written: texts,
        });
        return;
    }
    read_new_move(pos, expected, &candidates[0], opts.accept, report);
}

/// A move given without its number: after a "my move:" label (one
/// such), or the only move-like word of the message.
fn unnumbered_move(expected: MoveNumber, written: &Written<'_>) -> Option<WrittenPly> {
    let labelled: Vec<&UnnumberedMove> = written.unnumbered.iter().filter(|u| u.labelled).collect();
    let only = match (labelled.as_slice(), written.unnumbered) {
        ([one], _) => *one,
        ([], [one]) if written.loose.is_empty() && written.record.is_none() => one,
        _ => return None,
    };
    Some(WrittenPly {
        no: expected,
        text: only.text.clone(),
        line: only.line,
        run: usize::MAX - 1,
        date: only.date,
        gloss: only.gloss.clone(),
        gloss_no: only.gloss_no,
        alternatives: only.alternatives.clone(),
    })
}

/// Their last move written again: a message read twice, not a new move;
/// or written as another move (outside a record, which
/// [`check_record`] compares): a correction or a stale message, which the
/// player must see rather than an "in order".
fn note_already_recorded(
    game: &Game,
    last: usize,
    plies: &[WrittenPly],
    loose: &[&WrittenPly],
    report: &mut MessageReport,
) {
    let mv = game.plies[last].mv;
    let (before, _) = game.replay_to(last);
    let no = game.number_of_ply(last);
    if plies
        .iter()
        .any(|p| game.ply_of(p.no) == Some(last) && same(&p.text, mv, &before))
    {
        report.findings.push(Finding::AlreadyRecorded {
            no,
            numeric: mv.to_string(),
        });
    } else if let Some(other) = loose.iter().find(|p| game.ply_of(p.no) == Some(last)) {
        report.findings.push(Finding::DiffersFromRecorded {
            no,
            written: other.text.clone(),
            recorded: mv.to_string(),
        });
    }
}

/// Whether their move is put in doubt by what is written with it: other
/// moves offered for it (`4844 or 4845`), a move in brackets beside it
/// that is another move (`4844 (Qd5)`, with 4844 legal and not Qd5), or
/// the brackets' move number that is not its own (`4844 (9. Qd5)` for
/// move 12.). Each is a finding: which did they mean? Never silently the
/// first.
fn written_in_doubt(
    pos: &Chess,
    no: MoveNumber,
    written: &WrittenPly,
    legal: Option<&Move>,
    report: &mut MessageReport,
) -> bool {
    if !written.alternatives.is_empty() {
        let mut moves = vec![written.text.clone()];
        moves.extend(written.alternatives.iter().cloned());
        report
            .findings
            .push(Finding::SeveralNewMoves { no, written: moves });
        return true;
    }
    let Some(gloss) = &written.gloss else {
        return false;
    };
    // An unclear move is read on: its suggestions (and --accept) follow.
    let Some(m) = legal else {
        gloss_number_off(no, written, report);
        return false;
    };
    if same(gloss, numeric(*m), pos) {
        // Their move, under a number that is not its own. A gloss that
        // is another move is said so below, and only so: its number may
        // be of a move to come.
        return gloss_number_off(no, written, report);
    }
    let gloss_numeric = iccf::lang::Lang::all().find_map(|lang| {
        let read = iccf::read::read_move_in(gloss.as_bytes(), pos, lang).ok()?;
        Some(numeric(read.m).to_string())
    });
    report.findings.push(Finding::GlossDiffers {
        no,
        written: written.text.clone(),
        san: San::from_move(pos, *m).to_string(),
        gloss: gloss.clone(),
        gloss_numeric,
    });
    true
}

/// Whether the number written in the brackets beside their move
/// (`2836 (5... Nc6)` for move 2...) is wrong, said as their move's
/// wrong number is: a legal move under a wrong number is a finding in a
/// message. A number the same as the move's own wrong one is said once,
/// by the move's finding.
fn gloss_number_off(no: MoveNumber, written: &WrittenPly, report: &mut MessageReport) -> bool {
    let (Some(gloss_no), Some(gloss)) = (written.gloss_no, &written.gloss) else {
        return false;
    };
    if gloss_no == no || gloss_no == written.no {
        return false;
    }
    report.findings.push(Finding::MoveNumberOff {
        written: gloss_no,
        expected: no,
        numeric: gloss.clone(),
    });
    true
}

fn read_new_move(
    pos: &Chess,
    no: MoveNumber,
    written: &WrittenPly,
    accept: Option<usize>,
    report: &mut MessageReport,
) {
    report.their_sent = written.date;
    let legal = legal_written_move(written, pos);
    if written_in_doubt(pos, no, written, legal.as_ref(), report) {
        return;
    }
    if let Some(m) = legal {
        let numeric = numeric(m).to_string();
        let san = San::from_move(pos, m).to_string();
        report.findings.push(Finding::NewMove { no, numeric, san });
        report.new_move = Some(m);
        return;
    }
    let suggestions = diagnose(&written.text, pos);
    if let Some(n) = accept
        && let Some(s) = n.checked_sub(1).and_then(|i| suggestions.get(i))
        && let Ok(m) = read_our_move(&s.numeric, pos, None)
    {
        report.findings.push(Finding::SuggestionTaken {
            no,
            written: written.text.clone(),
            numeric: s.numeric.clone(),
            san: s.san.clone(),
        });
        report.new_move = Some(m);
        return;
    }
    report.findings.push(Finding::UnclearMove {
        no,
        written: written.text.clone(),
        suggestions,
        nearest: nearest(&written.text, pos),
        other_side: other_sides_move(&written.text, pos),
    });
}

/// Their written move as a legal numeric move in `pos`, if it is one:
/// "7866", or "Sf6 (7866)", algebraic with the same move in numeric in
/// brackets (as "7866 (Sf6)" is). Their new move and their moves after
/// our if-move replies are read so.
pub(crate) fn legal_written_move(written: &WrittenPly, pos: &Chess) -> Option<Move> {
    let read_numeric = |text: &str| {
        NumericMove::from_ascii_lenient(text.as_bytes())
            .ok()
            .and_then(|n| n.to_move(pos).ok())
    };
    read_numeric(&written.text).or_else(|| {
        let m = read_numeric(written.gloss.as_deref()?)?;
        same(&written.text, numeric(m), pos).then_some(m)
    })
}

/// Whether `written` is a legal move for the side not to move: their
/// move given for the wrong side, worth saying (the ply's numbering or
/// the move itself is off).
fn other_sides_move(written: &str, pos: &Chess) -> bool {
    let Ok(mv) = NumericMove::from_ascii_lenient(written.as_bytes()) else {
        return false;
    };
    pos.clone()
        .swap_turn()
        .is_ok_and(|other| mv.to_move(&other).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Slip, read_game};
    use shakmaty::Color;

    /// We are White and sent 2. Nf3; Black's reply is due.
    fn game() -> Game {
        read_game(b"1. 5254 5755 2. 7163 *").unwrap()
    }

    fn problems(report: &MessageReport) -> Vec<String> {
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
            Color::White,
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

    /// Regression: `2... 2836 (Nf6)` took 2836 (Nc6) silently, and `2...
    /// 2836 or 2846` the first of the two.
    #[test]
    fn numeric_with_disagreeing_san_or_alternatives_is_accepted_silently() {
        for (text, problem) in [
            (
                "2. 7163\n2... 2836 (Nf6)",
                "your move 2... 2836 is Nc6, but you write (Nf6) beside it, which is 7866: \
                 which do you mean?",
            ),
            (
                "2. 7163\n2... 2836 (Qd5)",
                "your move 2... 2836 is Nc6, but you write (Qd5) beside it, not a legal move: \
                 which do you mean?",
            ),
            (
                "2. 7163\n2... 2836 (2... Nf6)",
                "your move 2... 2836 is Nc6, but you write (Nf6) beside it, which is 7866: \
                 which do you mean?",
            ),
            (
                "2. 7163\n2... 2836 or 7866",
                "several moves given as 2...: 2836, 7866: which do you mean?",
            ),
            (
                "2. 7163\nMy move: 2836 oder 7866",
                "several moves given as 2...: 2836, 7866: which do you mean?",
            ),
        ] {
            let report = check(&game(), Color::White, text);
            assert_eq!(problems(&report), [problem], "{text}");
            assert_eq!(report.new_move, None, "{text}");
        }
        // A gloss that agrees, in any language, and a date in brackets.
        for text in [
            "2. 7163\n2... 2836 (Nc6)",
            "2. 7163\n2... 2836 (Sc6).",
            "2. 7163\n2... 2836 (Nc6!)",
            "2. 7163\n2... 2836 (sent 2026.12.06)",
            "2. 7163\nMy move: 2836 (Nc6)",
            // Regression (review): the gloss with its number was a second
            // move given as 2...: "which do you mean?".
            "2. 7163\n2... 2836 (2... Nc6)",
            "2. 7163\n2... 2836 (2...Nc6)",
            "2. 7163\n2... 2836 (2. ... Nc6)",
        ] {
            let report = check(&game(), Color::White, text);
            assert_eq!(problems(&report), Vec::<String>::new(), "{text}");
            assert!(report.new_move.is_some(), "{text}");
        }
    }

    /// Found trying the tools as a player: "Sc6 (2836)", algebraic with
    /// the same move in numeric beside it, was an unclear move where
    /// "2836 (Sc6)" was their move. Two moves that differ still differ.
    #[test]
    fn algebraic_with_its_numeric_move_in_brackets_was_unclear() {
        for text in ["2. 7163\n2... Sc6 (2836)", "2. 7163\n2... Nc6 (2836)"] {
            let report = check(&game(), Color::White, text);
            assert_eq!(problems(&report), Vec::<String>::new(), "{text}");
            assert_eq!(
                report.new_move.map(|m| numeric(m).to_string()).as_deref(),
                Some("2836")
            );
        }
        let report = check(&game(), Color::White, "2. 7163\n2... Nf6 (2836)");
        assert_eq!(report.new_move, None);
        assert!(!report.in_order());
    }

    /// Regression: a gloss under a wrong number (`2836 (5... Nc6)` for
    /// move 2..., or White's `(2. Nc6)` for Black's move) was taken
    /// silently; a legal move under a wrong number is a finding in a
    /// message, in brackets too.
    #[test]
    fn gloss_with_a_wrong_move_number_was_accepted_silently() {
        let five = "your move Nc6 is numbered 5...; it is move 2...";
        for (text, problem) in [
            ("2. 7163\n2... 2836 (5... Nc6)", five),
            ("2. 7163\n2... 2836 (5...Nc6)", five),
            ("2. 7163\n2... 2836 [5... Nc6].", five),
            ("2. 7163\n2... 2836 (5. ... Nc6)", five),
            ("1. 5254 5755 2. 7163 2836 (5... Nc6)", five),
            (
                "2. 7163\n2... 2836 (2. Nc6)",
                "your move Nc6 is numbered 2.; it is move 2...",
            ),
            (
                "2. 7163\nMy move: 2836 (3... Sc6)",
                "your move Sc6 is numbered 3...; it is move 2...",
            ),
        ] {
            let report = check(&game(), Color::White, text);
            assert_eq!(problems(&report), [problem], "{text}");
            assert_eq!(report.new_move, None, "{text}");
        }
        // The number and the move both wrong: the other move is said, once
        // (its number may be of a move to come).
        let report = check(&game(), Color::White, "2. 7163\n2... 2836 (5... Nf6)");
        assert_eq!(
            problems(&report),
            [
                "your move 2... 2836 is Nc6, but you write (Nf6) beside it, which is 7866: \
              which do you mean?"
            ]
        );
        // The number right, the move not: it was dropped when the dots
        // stood apart.
        let report = check(&game(), Color::White, "2. 7163\n2... 2836 (2. ... Nf6)");
        assert_eq!(
            problems(&report),
            [
                "your move 2... 2836 is Nc6, but you write (Nf6) beside it, which is 7866: \
                 which do you mean?"
            ]
        );
        // An unclear move keeps its suggestions after the wrong number.
        let report = check(&game(), Color::White, "2. 7163\n2... 2863 (5... Nc6)");
        let found = problems(&report);
        assert_eq!(found[0], five);
        assert!(found[1].contains("perhaps 2836 (Nc6"), "{found:?}");
        // The move's own wrong number, repeated in its gloss, is said once.
        let report = check(&game(), Color::White, "2. 7163\n3... 2836 (3... Nc6)");
        assert_eq!(
            problems(&report),
            ["your move 2836 is numbered 3...; it is move 2..."]
        );
    }

    /// Regression: "2... 2836 if 3. 6125 then 3... 7866" on one line
    /// dropped the if-moves (only a line starting with "if" gave them).
    #[test]
    fn if_moves_on_the_same_line_as_the_move_were_dropped() {
        for text in [
            "2. 7163\n2... 2836 if 3. 6125 then 3... 7866",
            "2. 7163\n2... 2836 (if 3. 6125 3... 7866)",
            "2. 7163 2... 2836; wenn 3. 6125 dann 3... 7866",
        ] {
            let report = check(&game(), Color::White, text);
            assert_eq!(problems(&report), Vec::<String>::new(), "{text}");
            assert_eq!(
                report.new_move.map(|m| crate::numeric(m).to_string()),
                Some("2836".into()),
                "{text}"
            );
            assert!(
                report
                    .findings
                    .iter()
                    .any(|f| f.to_string() == "you propose if-moves: 3. 6125 3... 7866"),
                "{text}: {:?}",
                report.findings
            );
        }
        // An "if" in prose with no numbered move after it is no if-move.
        let report = check(&game(), Color::White, "2. 7163\n2... 2836 if that is fine");
        assert_eq!(problems(&report), Vec::<String>::new());
        assert!(report.their_if_moves.is_empty());
    }

    /// Regression: "7163 2836", our move and theirs without a number, read
    /// as neither.
    #[test]
    fn bare_pair_without_move_number_is_not_read() {
        let report = check(&game(), Color::White, "7163 2836");
        assert_eq!(problems(&report), Vec::<String>::new());
        assert_eq!(
            report.new_move.map(|m| crate::numeric(m).to_string()),
            Some("2836".into())
        );
        // The first is not our move: no guess.
        let report = check(&game(), Color::White, "7136 2836");
        assert_eq!(report.new_move, None);
        assert!(!report.in_order());
    }

    /// Regression: a legal move for the side not to move was only "not a
    /// legal numeric move".
    #[test]
    fn move_for_the_wrong_side_is_not_hinted() {
        let report = check(&game(), Color::White, "2. 7163\n2... 6355");
        let found = problems(&report);
        assert!(
            found[0].contains("; 6355 is White's move, Black is to move"),
            "{found:?}"
        );
        let report = check(&game(), Color::White, "2. 7163\n2... 5254");
        assert!(!problems(&report)[0].contains("is to move"));
    }

    #[test]
    fn wrong_echo_is_named() {
        let report = check(
            &game(),
            Color::White,
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
        let report = check(&game(), Color::White, "1. 5254 5756 2. 7163 2836");
        assert_eq!(
            problems(&report),
            ["your record has 1... 5756 where ours has 1... 5755"]
        );
    }

    #[test]
    fn quoted_lines_are_ours_not_theirs() {
        let report = check(&game(), Color::White, "> 2... 1716\n2. 7163 2836");
        assert_eq!(
            report.findings[1],
            Finding::NewMove {
                no: game().number_of_ply(3),
                numeric: "2836".into(),
                san: "Nc6".into(),
            }
        );
    }

    #[test]
    fn move_number_off_by_one() {
        let report = check(&game(), Color::White, "2. 7163\n3... 2836");
        assert_eq!(
            problems(&report),
            ["your move 2836 is numbered 3...; it is move 2..."]
        );
        assert_eq!(report.new_move, None);
    }

    #[test]
    fn unclear_move_gets_the_likeliest_meaning_first() {
        let report = check(&game(), Color::White, "2. 7163\n2... 3628");
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

    /// Castling typed with zeros (`0-0`) was read as digits: our 5171
    /// echoed as `0-0` was a wrong echo, and their `0-0` "not a legal
    /// numeric move" with no reading of it.
    #[test]
    fn castling_with_zeros_is_castling() {
        let game =
            read_game(b"1. 5254 5755 2. 7163 2836 3. 6134 6835 4. 5171 7866 5. 4243 *").unwrap();
        let report = check(&game, Color::White, "5. 4243 5... 0-0");
        let Some(Finding::UnclearMove { suggestions, .. }) =
            report.findings.iter().find(|f| f.is_problem())
        else {
            panic!("{:?}", report.findings)
        };
        assert_eq!(suggestions[0].numeric, "5878");
        let game = read_game(b"1. 5254 5755 2. 7163 2836 3. 6134 6835 4. 5171 *").unwrap();
        let report = check(&game, Color::White, "4. 0-0 4... 7866");
        assert!(report.in_order(), "{:?}", report.findings);
    }

    #[test]
    fn algebraic_instead_of_numeric() {
        let report = check(&game(), Color::White, "2. 7163 2... Cc6");
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
        let report = check(&game(), Color::White, "2. 7163\nJ'abandonne.");
        assert!(report.in_order(), "{:?}", report.findings);
        assert_eq!(report.claims, [Claim::Resignation]);
        let mut played = game();
        crate::apply(
            &mut played,
            &report,
            Color::White,
            "2026.12.08".parse().unwrap(),
        );
        assert_eq!(played.result(), "*", "apply records no result");
        crate::apply_result(&mut played, &report);
        assert_eq!(played.result(), "1-0");
    }

    #[test]
    fn a_message_read_twice_changes_nothing() {
        let mut played = game();
        let message = "2. 7163\n2... 2836";
        let report = check(&played, Color::White, message);
        crate::apply(
            &mut played,
            &report,
            Color::White,
            "2026.12.08".parse().unwrap(),
        );
        let again = check(&played, Color::White, message);
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
    fn their_recorded_move_written_as_another_is_a_problem() {
        let mut played = game();
        let report = check(&played, Color::White, "2. 7163\n2... 2836");
        crate::apply(
            &mut played,
            &report,
            Color::White,
            "2026.12.08".parse().unwrap(),
        );
        let other = check(&played, Color::White, "2. 7163\n2... 7866");
        assert_eq!(
            problems(&other),
            ["your move 2... 7866 differs from the 2... 2836 recorded"]
        );
        assert!(other.new_move.is_none());
        // The same move in algebraic is the move recorded.
        let again = check(&played, Color::White, "2. 7163\n2... Nc6");
        assert!(again.in_order(), "{:?}", again.findings);
    }

    #[test]
    fn move_styles_people_write() {
        for text in [
            "2) 7163 2836",
            "2. 7163\n2 ... 2836",
            "Thanks for 2. 7163.\nMy move: 2836 (Nc6)",
            "Got it, 2836",
        ] {
            let report = check(&game(), Color::White, text);
            assert_eq!(
                report.new_move.map(|m| crate::numeric(m).to_string()),
                Some("2836".into()),
                "{text}: {:?}",
                report.findings
            );
        }
        // The echo in algebraic, German: compared as a move.
        let report = check(&game(), Color::White, "2. Sf3 2836");
        assert!(report.in_order(), "{:?}", report.findings);
        let report = check(&game(), Color::White, "2. Sc3 2836");
        assert!(!report.in_order());
    }

    #[test]
    fn accept_takes_the_nth_suggestion() {
        let message = crate::Message {
            text: "2. 7163\n2... 3628".into(),
            ..crate::Message::default()
        };
        let opts = crate::CheckOptions {
            accept: Some(1),
            ..crate::CheckOptions::default()
        };
        let report = crate::check_message(&game(), Color::White, &message, &opts);
        assert!(report.in_order(), "{:?}", report.findings);
        assert_eq!(
            report.new_move.map(|m| crate::numeric(m).to_string()),
            Some("2836".into())
        );
        assert_eq!(
            report.findings.last().unwrap().to_string(),
            "your move 2... 3628 is read as 2836 (Nc6), as asked"
        );
    }

    #[test]
    fn missing_move_and_echo() {
        let report = check(&game(), Color::White, "Dear friend, thanks.");
        assert_eq!(
            problems(&report),
            ["our move 2. 7163 is not repeated", "no move 2... found"]
        );
    }
}
