//! `iccf move`: one move in every notation.

use std::io::Write;

use anyhow::Context;
use iccf::lang::Lang;
use iccf::read::read_move_in;
use iccf::{MoveFormat, Notation, describe_move};
use shakmaty::fen::Fen;
use shakmaty::san::Suffix;
use shakmaty::{CastlingMode, Position};

use crate::args::MoveArgs;

/// Prints the move; `Ok(false)` when it is not legal in the position.
pub fn run(args: &MoveArgs) -> anyhow::Result<bool> {
    let mode = if args.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let mut pos = match &args.fen {
        Some(fen) => fen
            .parse::<Fen>()
            .with_context(|| format!("bad FEN `{fen}`"))?
            .into_position(mode)
            .with_context(|| format!("impossible position `{fen}`"))?,
        None => iccf_pgn::setup::start_position(mode),
    };
    if let Some(after) = &args.after {
        for token in movetext_moves(after) {
            let read =
                read_move_in(token.as_bytes(), &pos, args.input_lang).with_context(|| {
                    format!(
                        "--after: {} `{token}`",
                        iccf::MoveNumber::from_position(&pos)
                    )
                })?;
            pos.play_unchecked(read.m);
        }
    }
    let mut out = std::io::stdout().lock();
    let read = match read_move_in(args.mv.trim().as_bytes(), &pos, args.input_lang) {
        Ok(read) => read,
        Err(err) => {
            writeln!(
                std::io::stderr(),
                "iccf: {} `{}`: {err}",
                iccf::MoveNumber::from_position(&pos),
                args.mv.trim()
            )?;
            return Ok(false);
        }
    };
    if let Some(warning) = &read.warning {
        writeln!(std::io::stderr(), "iccf: warning: {warning}")?;
    }
    let mut after = pos.clone();
    after.play_unchecked(read.m);
    let suffix = Suffix::from_position(&after);
    let form = |n: Notation| {
        let mut buf = Vec::new();
        MoveFormat::new(n).append(&mut buf, &pos, read.m, suffix);
        String::from_utf8_lossy(&buf).into_owned()
    };
    writeln!(
        out,
        "{}: {}, {}",
        form(Notation::Numeric),
        form(Notation::San),
        describe_move(read.m)
    )?;
    for n in Notation::ALL {
        writeln!(out, "  {:<8} {}", n.name(), form(n))?;
    }
    Ok(true)
}

/// The move tokens of a movetext line, without numbers, comments or results.
fn movetext_moves(text: &str) -> Vec<&str> {
    iccf_pgn::lexer::Lexer::new(text.as_bytes())
        .filter(|t| matches!(t.kind, iccf_pgn::lexer::TokenKind::Move(_)))
        .map(|t| &text[t.span])
        .collect()
}

/// Prints the language table: code, name and the letters K Q R B N.
pub fn languages() -> anyhow::Result<bool> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "code  K  Q  R  B  N   language")?;
    for lang in Lang::all() {
        let letters: Vec<String> = lang
            .letters()
            .iter()
            .map(|letter| format!("{letter:<2}"))
            .collect();
        writeln!(
            out,
            "{:<5} {}  {}",
            lang.code(),
            letters.join(" "),
            lang.name()
        )?;
    }
    Ok(true)
}
