//! `iccf check`: is the opponent's message in order?

use std::io::{Read, Write};

use anyhow::Context;
use iccf_corr::{Applied, Report};

use iccf_pgn::problem::escape_controls;
use iccf_stream::output::check_stdout;

use crate::args::CheckArgs;
use crate::corr_file;

/// Prints the findings; `Ok(false)` when the message is not in order.
pub fn run(args: &CheckArgs) -> anyhow::Result<bool> {
    check_stdout(&[args.message.clone(), args.game.game.clone()])?;
    let _lock = match args.apply {
        true => Some(corr_file::lock(&args.game.game)?),
        false => None,
    };
    let mut file = corr_file::open(&args.game)?;
    let text = iccf_corr::message_text(&read_message(&args.message)?);
    let report = iccf_corr::check(&file.game, file.side, &text);
    let applied = if args.apply && report.in_order() {
        let applied = iccf_corr::apply(&mut file.game, &report, file.side, file.today);
        corr_file::save(&args.game.game, &file.game)?;
        Some(applied)
    } else {
        None
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = serde_json::json!({
            "in_order": report.in_order(),
            "findings": report.findings,
            "claims": report.claims,
            "applied": applied,
        });
        writeln!(out, "{json}")?;
    } else {
        print_text(&mut out, &report, applied.as_deref(), args.apply)?;
    }
    Ok(report.in_order())
}

pub(crate) fn read_message(path: &std::path::Path) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .context("cannot read standard input")?;
    } else {
        bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    }
    Ok(bytes)
}

fn print_text(
    out: &mut impl Write,
    report: &Report,
    applied: Option<&[Applied]>,
    apply: bool,
) -> anyhow::Result<()> {
    for finding in &report.findings {
        let mark = if finding.is_problem() {
            "problem"
        } else {
            "ok"
        };
        // The opponent's words are quoted: escaped for the terminal.
        let finding = finding.to_string();
        writeln!(out, "{mark}: {}", escape_controls(&finding))?;
    }
    match applied {
        Some(applied) => {
            for change in applied {
                writeln!(out, "recorded: {}", describe(change))?;
            }
        }
        None if apply => writeln!(out, "not recorded: the message is not in order")?,
        None => {}
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
        Applied::Result { result } => format!("result {result}"),
    }
}
