//! `iccf check`: is the opponent's message in order?

use std::io::Write;

use anyhow::{Context, bail};
use iccf_corr::{Applied, CheckOptions, Finding, MessageReport, Received};

use iccf_pgn::problem::escape_controls;
use iccf_stream::output::check_stdout;

use crate::args::CheckArgs;
use crate::corr_file;
use crate::limited::{self, Limit};

/// Prints the findings; `Ok(false)` when the message is not in order.
pub fn run(args: &CheckArgs) -> anyhow::Result<bool> {
    check_stdout(&[args.message.clone(), args.game.game.clone()])?;
    let _lock = match args.apply {
        true => Some(corr_file::lock(&args.game.game)?),
        false => None,
    };
    let mut file = corr_file::open(&args.game)?;
    let bytes = read_message(args)?;
    let message = iccf_corr::read_message(&bytes);
    let opts = CheckOptions {
        today: Some(file.today),
        received: args.received,
        accept: args.accept,
    };
    let report = iccf_corr::check_message(&file.game, file.side, &message, &opts);
    check_accept(args, &report)?;
    let applied = if args.apply && report.in_order() && !report.resend {
        let mut applied = iccf_corr::apply(&mut file.game, &report, file.side, file.today);
        if args.accept_result {
            applied.extend(iccf_corr::apply_result(&mut file.game, &report));
        }
        iccf_corr::learn_address(&mut file.game, Received::sender(&bytes).as_deref());
        corr_file::save(&args.game.game, &file.game)?;
        Some(applied)
    } else {
        None
    };
    let mut out = iccf_stream::stdout::stdout();
    if args.json {
        let json = serde_json::json!({
            "in_order": report.in_order(),
            "findings": report.findings,
            "claims": report.claims,
            "result": report.result,
            "resend": report.resend,
            "applied": applied,
        });
        writeln!(out, "{json}")?;
    } else {
        print_text(&mut out, &report, applied.as_deref(), args)?;
    }
    Ok(report.in_order())
}

/// `--accept N` must take one of the readings `check` suggests for their
/// unclear move: out of range, or with no unclear move to read, it is a
/// usage error (exit 2, nothing recorded), not ignored.
fn check_accept(args: &CheckArgs, report: &MessageReport) -> anyhow::Result<()> {
    let Some(n) = args.accept else {
        return Ok(());
    };
    let taken = |f: &Finding| matches!(f, Finding::SuggestionTaken { .. });
    if report.findings.iter().any(taken) {
        return Ok(());
    }
    let message = args.message.display();
    let unclear = report.findings.iter().find_map(|f| match f {
        Finding::UnclearMove {
            no,
            written,
            suggestions,
            ..
        } => Some((no, written, suggestions.len())),
        _ => None,
    });
    match unclear {
        Some((no, written, 0)) => bail!(
            "--accept {n}: {message}: your move {no} {written} has no suggested reading to take"
        ),
        Some((no, written, 1)) => bail!(
            "--accept {n}: {message}: your move {no} {written} has 1 suggested reading: give --accept 1"
        ),
        Some((no, written, count)) => bail!(
            "--accept {n}: {message}: your move {no} {written} has {count} suggested readings: \
             give --accept 1 to {count}"
        ),
        None => bail!("--accept {n}: {message} has no unclear move to read"),
    }
}

/// The message's bytes, from its file or standard input, at most
/// `--max-message-size`.
pub(crate) fn read_message(args: &CheckArgs) -> anyhow::Result<Vec<u8>> {
    let limit = Limit {
        bytes: args.max_message_size,
        what: "a message",
        flag: "--max-message-size",
    };
    let path = &args.message;
    if path.as_os_str() == "-" {
        return limited::read_all(std::io::stdin().lock(), "standard input", limit);
    }
    limited::read_file(path, limit).with_context(|| format!("cannot read {}", path.display()))?
}

fn print_text(
    out: &mut impl Write,
    report: &MessageReport,
    applied: Option<&[Applied]>,
    args: &CheckArgs,
) -> anyhow::Result<()> {
    for finding in &report.findings {
        // The opponent's words are quoted: escaped for the terminal.
        let text = finding.to_string();
        writeln!(out, "{}: {}", finding.mark(), escape_controls(&text))?;
    }
    let game = args.game.game.display();
    match applied {
        Some(applied) => {
            for change in applied {
                writeln!(out, "recorded: {}", describe(change))?;
            }
        }
        None if report.resend => writeln!(
            out,
            "not recorded: they ask for our last move; send it again with: iccf card {game}"
        )?,
        None if args.apply => writeln!(out, "not recorded: the message is not in order")?,
        None => {}
    }
    // A mate on the board is recorded with the move; words need
    // --accept-result.
    let recorded =
        applied.is_some_and(|done| done.iter().any(|a| matches!(a, Applied::Result { .. })));
    if let Some(result) = &report.result
        && !recorded
    {
        // The board's result comes with the move; words need the flag.
        let flags = if report.on_board {
            "--apply"
        } else {
            "--apply --accept-result"
        };
        writeln!(
            out,
            "not recorded: result {result}; to record it: iccf check {game} {} {flags}",
            args.message.display()
        )?;
    }
    Ok(())
}

pub(crate) fn describe(change: &Applied) -> String {
    match change {
        Applied::TheirMove { no, numeric } => format!("their move {no} {numeric}"),
        Applied::IfMove { no, numeric } => {
            format!("our if-move {no} {numeric} (send it: iccf card GAME.pgn)")
        }
        Applied::IfMovesDropped => "their move left our if-moves; they were dropped".to_owned(),
        Applied::TheirIfMoves { lines } => format!("their if-moves ({lines} lines)"),
        Applied::DrawOffer => {
            "their draw offer (accept it with: iccf card GAME.pgn --accept-draw)".to_owned()
        }
        Applied::Result { result } => format!("result {result}"),
    }
}
