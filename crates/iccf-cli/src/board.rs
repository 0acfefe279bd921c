//! `iccf board`: a position with the ICCF numeric grid, as terminal text or
//! SVG. The drawing is iccf-board's; this finds the position and writes.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use iccf::lang::Lang;
use iccf_board::game::{BadMove, GameError, Line, Until, play_game, play_line, position_from_fen};
use iccf_board::{Options, svg, terminal};
use iccf_pgn::problem::escape_controls;
use iccf_pgn::split::{DEFAULT_MAX_GAME_SIZE, GameSpan, Splitter};
use iccf_stream::batch::BATCH_BYTES;
use iccf_stream::input::{is_stdio, open_input};
use iccf_stream::output::{check_stdout, create_output};
use shakmaty::Chess;

use crate::args::BoardArgs;
use crate::progress::colors_enabled;

/// Shows the position; `Ok(false)` when a move could not be played (the
/// position before it is shown).
pub fn run(args: &BoardArgs) -> anyhow::Result<bool> {
    let to_stdout = args.svg.as_deref().is_none_or(is_stdio);
    if to_stdout {
        check_stdout(args.game_file.as_slice())?;
    }
    let Some(found) = find_line(args)? else {
        return Ok(false);
    };
    if let Some(bad) = &found.line.stopped {
        let shown = format!(
            "{}: {bad}; the board shows the position before it",
            found.place(bad)
        );
        writeln!(std::io::stderr(), "iccf: {}", escape_controls(&shown))?;
    }
    if let Some(doubt) = &found.line.ambiguous {
        // As `iccf convert` says it (and exits 1): the board may show
        // another language's moves than the ones meant.
        let shown = format!("{}: {doubt}", found.place(doubt));
        writeln!(std::io::stderr(), "iccf: {}", escape_controls(&shown))?;
    }
    let mut options = Options::default().with_last_move(found.line.last_move);
    if args.flip {
        options = options.flipped();
    }
    let pos = &found.line.position;
    match &args.svg {
        Some(path) => write_svg(
            path,
            &svg::diagram(pos, &options),
            args.game_file.as_slice(),
        )?,
        None => print_text(pos, &options, args.ascii)?,
    }
    Ok(found.line.stopped.is_none() && found.line.ambiguous.is_none())
}

/// A line played, and where its moves were written, for messages.
struct Found {
    line: Line,
    source: Source,
}

enum Source {
    /// Game `number` of a file.
    File { name: String, number: usize },
    /// The moves of `--after`.
    After,
    /// A FEN or the start: no moves.
    Position,
}

impl Found {
    /// `games.pgn:12:5: game 3` or `--after:1:13`: where a bad move is.
    fn place(&self, bad: &BadMove) -> String {
        match &self.source {
            Source::File { name, number } => {
                format!("{name}:{}:{}: game {number}", bad.line, bad.column)
            }
            Source::After => format!("--after:{}:{}", bad.line, bad.column),
            Source::Position => String::from("--fen"),
        }
    }
}

/// The line the arguments ask for; `None`, after saying why, when a game
/// has a bad FEN tag (a bad game, not a bad command).
fn find_line(args: &BoardArgs) -> anyhow::Result<Option<Found>> {
    let until = args.ply.map_or(Until::End, Until::Ply);
    let lang = args.input_lang.0;
    let (played, source) = if let Some(path) = &args.game_file {
        let (name, played) = play_from_file(path, args.game, until, lang)?;
        let source = Source::File {
            name,
            number: args.game,
        };
        (played, source)
    } else if let Some(moves) = &args.after {
        let played = play_line(Chess::default(), moves.as_bytes(), until, lang);
        (played, Source::After)
    } else {
        let start = match &args.fen {
            Some(fen) => position_from_fen(fen).with_context(|| format!("bad FEN `{fen}`"))?,
            None => Chess::default(),
        };
        (play_line(start, b"", until, lang), Source::Position)
    };
    match played {
        Ok(line) => Ok(Some(Found { line, source })),
        Err(err @ GameError::BadFen { .. }) => {
            let name = match &source {
                Source::File { name, number } => format!("{name}: game {number}"),
                _ => String::from("--fen"),
            };
            let shown = format!("{name}: {err}");
            writeln!(std::io::stderr(), "iccf: {}", escape_controls(&shown))?;
            Ok(None)
        }
        Err(err) => Err(err).context(match source {
            Source::File { name, .. } => name,
            Source::After => String::from("--after"),
            Source::Position => String::from("--ply"),
        }),
    }
}

/// Game `number` of the file at `path` played, and the file's name for
/// messages. The file is split as it streams: only the batch holding the
/// game is in memory, however large the file.
fn play_from_file(
    path: &Path,
    number: usize,
    until: Until,
    lang: Option<Lang>,
) -> anyhow::Result<(String, Result<Line, GameError>)> {
    let input = open_input(path)?;
    let name = input.name;
    let mut splitter = Splitter::new(input.reader);
    let mut games = 0;
    while let Some(batch) = splitter
        .next_batch(BATCH_BYTES)
        .with_context(|| format!("cannot read {name}"))?
    {
        let Some(i) = number
            .checked_sub(games + 1)
            .filter(|&i| i < batch.games.len())
        else {
            games += batch.games.len();
            continue;
        };
        let span = &batch.games[i];
        if span.too_large {
            bail!("{name}: game {number} is over {DEFAULT_MAX_GAME_SIZE} bytes");
        }
        let mut played = play_game(batch.game(i), 1, until, lang);
        if let Ok(line) = &mut played {
            for bad in [&mut line.stopped, &mut line.ambiguous]
                .into_iter()
                .flatten()
            {
                (bad.line, bad.column) = in_file(span, bad.line, bad.column);
            }
        }
        return Ok((name, played));
    }
    Ok((name, Err(GameError::NoGame { number, games })))
}

/// A line and column counted in the game that `span` places in its file,
/// counted in the file.
fn in_file(span: &GameSpan, line: usize, column: usize) -> (usize, usize) {
    let first_line = usize::try_from(span.line).unwrap_or(usize::MAX);
    let first_column = usize::try_from(span.column).unwrap_or(1);
    if line == 1 {
        (first_line, first_column + column - 1)
    } else {
        (first_line.saturating_add(line - 1), column)
    }
}

/// The text board on stdout, coloured only for a terminal that allows it.
fn print_text(pos: &Chess, options: &Options, ascii: bool) -> anyhow::Result<()> {
    let mut style = if ascii {
        terminal::Style::ascii()
    } else {
        terminal::Style::unicode()
    };
    let mut out = iccf_stream::stdout::stdout();
    if out.is_terminal() && colors_enabled() {
        style = style.coloured();
    }
    out.write_all(terminal::board(pos, options, &style).as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The SVG to `path` (whole or not at all), or stdout for `-`.
fn write_svg(path: &Path, svg: &str, inputs: &[PathBuf]) -> anyhow::Result<()> {
    let mut output = create_output(Some(path), inputs, false)?;
    output
        .write_all(svg.as_bytes())
        .with_context(|| format!("cannot write {}", output.name()))?;
    Ok(output.commit()?)
}
