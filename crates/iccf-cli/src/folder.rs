//! `iccf check DIR MESSAGE` and `iccf card DIR GAME`: a game of a folder,
//! found by the message or by its name.

use std::io::Write;

use anyhow::bail;
use iccf_corr::{Applied, CheckOptions, Date, Message, MessageReport, PartMatch, Received};
use iccf_pgn::problem::escape_controls;
use serde::Serialize;

use crate::args::{CardArgs, CheckArgs};
use crate::status::{Folder, read_folder};
use crate::{card, check as single, corr_file};

/// One part of a message (the whole message, mostly) and what came of it.
#[derive(Debug, Serialize)]
pub struct PartOutcome {
    /// "3" of "Game 3:", a cmail game name.
    pub label: Option<String>,
    /// The game file it is for, when exactly one fits.
    pub game: Option<String>,
    /// The files that fit, when not exactly one.
    pub candidates: Vec<String>,
    /// What pointed to them.
    pub clues: Vec<iccf_corr::Clue>,
    /// The check against its game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub report: Option<MessageReport>,
    /// What was recorded.
    pub applied: Vec<Applied>,
}

/// What came of a message.
#[derive(Debug, Serialize)]
pub struct Outcome {
    pub parts: Vec<PartOutcome>,
    /// Every part found its game and is in order.
    pub in_order: bool,
    /// It was recorded.
    pub recorded: bool,
    /// A part asks for our last card again: nothing is recorded (as
    /// `iccf check FILE` does), the player resends the card.
    pub resend: bool,
    /// Games whose if-move reply was played: their card is due.
    #[serde(skip)]
    pub cards_due: Vec<usize>,
}

/// Matches `received` to its game(s) in `folder`, checks each part, and
/// with `apply` records them when every part is matched and in order
/// (else nothing at all), remembering the sender's address. Each part is
/// checked as `iccf check FILE` checks a message: sent on the e-mail's
/// date, received then (or on `received_on`), neither after `today`.
pub fn handle(
    folder: &mut Folder,
    received: &Received,
    apply: bool,
    today: Date,
    received_on: Option<Date>,
) -> anyhow::Result<Outcome> {
    let matches = iccf_corr::match_message(&folder.games, &received.envelope());
    let reports: Vec<Option<MessageReport>> = matches
        .iter()
        .map(|m| {
            m.game().map(|i| {
                let g = &folder.games[i];
                let message = Message {
                    text: m.text.clone(),
                    date: received.date,
                    ..Message::default()
                };
                let opts = CheckOptions {
                    today: Some(today),
                    received: received_on,
                    accept: None,
                };
                iccf_corr::check_message(&g.game, g.side, &message, &opts)
            })
        })
        .collect();
    let in_order = !reports.is_empty()
        && reports
            .iter()
            .all(|r| r.as_ref().is_some_and(MessageReport::in_order));
    let resend = reports.iter().flatten().any(|r| r.resend);
    let mut outcome = Outcome {
        parts: Vec::new(),
        in_order,
        recorded: false,
        resend,
        cards_due: Vec::new(),
    };
    let record_it = apply && in_order && !resend;
    for (m, report) in matches.iter().zip(reports) {
        let mut applied = Vec::new();
        if let (true, Some(i), Some(report)) = (record_it, m.game(), report.as_ref()) {
            applied = record(folder, i, report, received, today)?;
            if applied.iter().any(|a| matches!(a, Applied::IfMove { .. })) {
                outcome.cards_due.push(i);
            }
        }
        outcome.parts.push(part_outcome(folder, m, report, applied));
    }
    outcome.recorded = record_it;
    Ok(outcome)
}

fn record(
    folder: &mut Folder,
    i: usize,
    report: &MessageReport,
    received: &Received,
    today: Date,
) -> anyhow::Result<Vec<Applied>> {
    let path = folder.path(i);
    let g = &mut folder.games[i];
    let _lock = corr_file::lock_unchanged(&path, &g.game)?;
    let applied = iccf_corr::apply(&mut g.game, report, g.side, today);
    iccf_corr::learn_address(&mut g.game, received.from.as_deref());
    corr_file::save(&path, &g.game)?;
    Ok(applied)
}

fn part_outcome(
    folder: &Folder,
    m: &PartMatch,
    report: Option<MessageReport>,
    applied: Vec<Applied>,
) -> PartOutcome {
    let name = |i: &usize| folder.games[*i].name.clone();
    PartOutcome {
        label: m.label.clone(),
        game: m.game().map(|i| name(&i)),
        candidates: if m.game().is_some() {
            Vec::new()
        } else {
            m.candidates.iter().map(name).collect()
        },
        clues: m.clues.clone(),
        report,
        applied,
    }
}

/// `iccf check DIR MESSAGE`: `Ok(false)` unless every part found its game
/// and is in order.
pub fn check(args: &CheckArgs) -> anyhow::Result<bool> {
    refuse_one_game_flags(args)?;
    let mut folder = read_folder(&args.game.game, args.game.me.as_deref())?;
    let received = Received::read(&single::read_message(args)?);
    let today = args.game.date.unwrap_or_else(Date::today);
    let outcome = handle(&mut folder, &received, args.apply, today, args.received)?;
    let mut out = iccf_stream::stdout::stdout();
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&outcome)?)?;
    } else {
        print(&mut out, &outcome, args.apply)?;
    }
    Ok(outcome.in_order)
}

/// The flags that act on one game are usage errors with a folder, before
/// anything is read: a flag given is never silently ignored.
fn refuse_one_game_flags(args: &CheckArgs) -> anyhow::Result<()> {
    // The suggestions are numbered per game: --accept needs the one game.
    if let Some(n) = args.accept {
        bail!(
            "--accept {n} reads an unclear move of one game: give its game file \
             (iccf check FILE MESSAGE --accept {n})"
        );
    }
    // A result ends a game: recording one is a deliberate act on a game
    // the player names, never on whichever game a message matched.
    if args.accept_result {
        bail!(
            "--accept-result records the result of one game: give its game file \
             (iccf check FILE MESSAGE --apply --accept-result)"
        );
    }
    Ok(())
}

/// The outcome as text, a block per part.
pub fn print(out: &mut impl Write, outcome: &Outcome, apply: bool) -> anyhow::Result<()> {
    for part in &outcome.parts {
        let label = part
            .label
            .as_deref()
            .map(|l| format!("[{l}] "))
            .unwrap_or_default();
        let clues: Vec<String> = part.clues.iter().map(ToString::to_string).collect();
        let why = if clues.is_empty() {
            String::new()
        } else {
            format!(" ({})", clues.join(", "))
        };
        // The label and the clues quote the sender's text, the game names
        // come from file names: escaped for the terminal, as the findings.
        let (label, why) = (escape_controls(&label), escape_controls(&why));
        match (&part.game, &part.report) {
            (Some(game), Some(report)) => {
                writeln!(out, "{label}{}{why}:", escape_controls(game))?;
                for finding in &report.findings {
                    // A finding may quote the sender's text: escaped for
                    // the terminal, as `iccf check FILE` does.
                    let text = finding.to_string();
                    writeln!(out, "  {}: {}", finding.mark(), escape_controls(&text))?;
                }
                for change in &part.applied {
                    writeln!(out, "  recorded: {}", single::describe(change))?;
                }
            }
            _ if part.candidates.is_empty() => writeln!(
                out,
                "{label}refused: no game of the folder fits this message{why}"
            )?,
            _ => writeln!(
                out,
                "{label}refused: it may be for {}{why}; say which with iccf check FILE MESSAGE",
                escape_controls(&part.candidates.join(", "))
            )?,
        }
    }
    if outcome.resend {
        writeln!(
            out,
            "not recorded: they ask for our last move; send that card again (iccf card DIR GAME)"
        )?;
    } else if apply && !outcome.recorded {
        writeln!(
            out,
            "not recorded: every part must find its one game and be in order"
        )?;
    }
    Ok(())
}

/// `iccf card`: with a folder, on the game GAME names; the card written
/// clears the game's card-due mark.
pub fn card(mut args: CardArgs) -> anyhow::Result<bool> {
    card::refuse_ending_with_move(&args)?;
    if !args.game.game.is_dir() {
        if let Some(extra) = &args.in_folder {
            bail!("{extra}: give a folder before GAME, or a game file alone");
        }
        return card::run(&args);
    }
    let Some(key) = args.in_folder.clone() else {
        bail!(
            "{} is a folder: name the game (its file name or ID) after it",
            args.game.game.display()
        );
    };
    let folder = read_folder(&args.game.game, args.game.me.as_deref())?;
    let i = iccf_corr::find_game(&folder.games, &key)?;
    args.game.game = folder.path(i);
    card::run(&args)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `print` writes of a message of `parts`, not applied.
    fn printed(parts: Vec<PartOutcome>) -> String {
        let outcome = Outcome {
            parts,
            in_order: false,
            recorded: false,
            resend: false,
            cards_due: Vec::new(),
        };
        let mut out = Vec::new();
        print(&mut out, &outcome, false).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_senders_sentence_reaches_the_terminal_escaped() {
        let game = iccf_corr::read_game(b"[ICCFSide \"white\"]\n\n1. 5254 *").unwrap();
        let text = "1. 5254 5755\nI accept your draw offer\u{1b}]0;owned\u{7}.";
        let report = iccf_corr::check(&game, shakmaty::Color::White, text);
        let quoted = report
            .findings
            .iter()
            .any(|f| f.to_string().contains('\u{1b}'));
        assert!(quoted, "{:?}", report.findings);
        let out = printed(vec![PartOutcome {
            label: None,
            game: Some("g.pgn".to_owned()),
            candidates: Vec::new(),
            clues: Vec::new(),
            report: Some(report),
            applied: Vec::new(),
        }]);
        assert!(!out.contains('\u{1b}') && !out.contains('\u{7}'), "{out}");
        assert!(out.contains("\\u{1b}]0;owned"), "{out}");
    }

    /// Review of issue 25: the clues (event, opponent, round quoted from
    /// the message) and the part's label reached the terminal raw on the
    /// folder path, though the findings were escaped.
    #[test]
    fn clues_and_labels_from_a_message_were_printed_raw() {
        let part = |game: Option<&str>, candidates: Vec<String>| PartOutcome {
            label: Some("3\u{1b}[2J".to_owned()),
            game: game.map(str::to_owned),
            candidates,
            clues: vec![
                iccf_corr::Clue::Event("EM\u{1b}]0;owned\u{7}".to_owned()),
                iccf_corr::Clue::Opponent("A\u{9b}B".to_owned()),
            ],
            report: None,
            applied: Vec::new(),
        };
        let out = printed(vec![
            part(None, Vec::new()),
            part(None, vec!["a\u{1b}.pgn".to_owned(), "b.pgn".to_owned()]),
        ]);
        assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
        assert!(out.contains("event EM\\u{1b}]0;owned"), "{out}");
        assert!(out.contains("a\\u{1b}.pgn"), "{out}");
    }
}
