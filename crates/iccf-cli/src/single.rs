//! `iccf move`: one move in every notation, in each language that reads
//! it.

use std::io::Write;

use anyhow::Context;
use iccf::lang::{Lang, LangSet};
use iccf::read::{read_move_after, writes_piece_letters};
use iccf::{MoveFormat, MoveNumber, Notation, describe_move};
use iccf_pgn::convert::{Converter, GameLocation, Options};
use iccf_pgn::problem::escape_controls;
use iccf_pgn::setup::parse_fen;
use iccf_pgn::split::split_games;
use iccf_pgn::typed_move::typed_move;
use iccf_stream::output::check_stdout;
use shakmaty::san::Suffix;
use shakmaty::{CastlingMode, Chess, Move, Position};

use crate::args::MoveArgs;

/// Prints the move; `Ok(false)` when it is not legal in the position.
pub fn run(args: &MoveArgs) -> anyhow::Result<bool> {
    check_stdout(&[])?;
    let mode = if args.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let mut pos = match &args.fen {
        Some(fen) => parse_fen(fen.as_bytes())
            .with_context(|| format!("bad FEN `{fen}`"))?
            .into_position(mode)
            .with_context(|| format!("impossible position `{fen}`"))?,
        None => iccf_pgn::setup::start_position(mode),
    };
    let (mut langs, mut certain) = (LangSet::EMPTY, false);
    if let Some(after) = &args.after {
        (pos, langs, certain) = play_after(args, after)?;
    }
    let number = MoveNumber::from_position(&pos);
    let mv = args.mv.trim();
    let readings = typed_move(mv, number)
        .map_err(|err| err.to_string())
        .and_then(|text| {
            read_move_after(text.as_bytes(), &pos, args.input_lang.0, langs, certain)
                .map_err(|err| err.to_string())
        });
    let readings = match readings {
        Ok(readings) => readings,
        Err(message) => {
            let shown = format!("{number} `{mv}`: {message}");
            writeln!(std::io::stderr(), "iccf: {}", escape_controls(&shown))?;
            return Ok(false);
        }
    };
    // A move read in other languages than the one given, else the game's,
    // else English, names them: `Kc3` after `1. e4 e5` is an Indonesian
    // knight's move, not a king's.
    let expected = match args.input_lang.0 {
        Some(lang) => LangSet::from(lang),
        None if langs.is_empty() => LangSet::from(Lang::En),
        None => langs,
    };
    let name = readings.len() > 1
        || readings
            .iter()
            .any(|(langs, _)| (*langs & expected).is_empty());
    for (langs, read) in readings {
        if let Some(warning) = &read.warning {
            let shown = warning.to_string();
            writeln!(
                std::io::stderr(),
                "iccf: warning: {}",
                escape_controls(&shown)
            )?;
        }
        if name {
            // Each language reads its own move: one block per reading,
            // headed by the languages that read it.
            let names: Vec<String> = langs
                .iter()
                .map(|lang| format!("{} ({})", lang.name(), lang.code()))
                .collect();
            let shown = format!("`{mv}` in {}:", names.join(", "));
            writeln!(iccf_stream::stdout::stdout(), "{}", escape_controls(&shown))?;
        }
        print_move(&pos, read.m)?;
    }
    Ok(true)
}

/// The position after `--after`, read as `iccf convert` reads a game
/// (from `--fen` when it names no FEN itself), the languages its piece
/// letters were read in (none without piece moves), and whether no other
/// language reads them.
fn play_after(args: &MoveArgs, after: &str) -> anyhow::Result<(Chess, LangSet, bool)> {
    let mut text = String::new();
    if !after.contains("[FEN ") {
        if let Some(fen) = &args.fen {
            text += &format!("[FEN \"{fen}\"]\n");
        }
        if args.chess960 {
            text += "[Variant \"Chess960\"]\n";
        }
    }
    text += after;
    let converter = Converter::new(Options {
        input_lang: args.input_lang.0,
        ..Options::default()
    });
    let games = split_games(text.as_bytes()).len();
    anyhow::ensure!(games == 1, "--after holds {games} games: give one");
    let (report, record) =
        converter.record_with_hint(text.as_bytes(), GameLocation::default(), LangSet::EMPTY);
    if let Some(problem) = record.errors.first() {
        anyhow::bail!("--after: {problem}");
    }
    let mut pos = record.start;
    for m in record.moves.iter().filter_map(|m| m.m) {
        pos.play_unchecked(m);
    }
    let langs = if writes_piece_letters(record.moves.iter().filter_map(|m| m.m)) {
        record.langs
    } else {
        LangSet::EMPTY
    };
    Ok((pos, langs, report.langs_certain))
}

/// Prints legal move `m` of `pos`: numeric, SAN and the piece, then every
/// notation.
fn print_move(pos: &Chess, m: Move) -> anyhow::Result<()> {
    let mut after = pos.clone();
    after.play_unchecked(m);
    let suffix = Suffix::from_position(&after);
    let form = |n: Notation| {
        let mut buf = Vec::new();
        MoveFormat::new(n).append(&mut buf, pos, m, suffix);
        String::from_utf8_lossy(&buf).into_owned()
    };
    let mut out = iccf_stream::stdout::stdout();
    writeln!(
        out,
        "{}: {}, {}",
        form(Notation::Numeric),
        form(Notation::San),
        describe_move(m)
    )?;
    for n in Notation::ALL {
        writeln!(out, "  {:<8} {}", n.name(), form(n))?;
    }
    Ok(())
}

/// Prints the language table: code, name and the letters K Q R B N.
pub fn languages() -> anyhow::Result<bool> {
    check_stdout(&[])?;
    let mut out = iccf_stream::stdout::stdout();
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
