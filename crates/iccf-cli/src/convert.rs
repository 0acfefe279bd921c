//! `iccf convert`: whole files of games, batch by batch on all cores.

use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context;
use iccf_cli::interrupt;
use iccf_cli::io::{Output, create_output, is_stdio, open_input};
use iccf_cli::pipeline::default_jobs;
use iccf_cli::progress::{Progress, Summary, progress_enabled, summary_enabled};
use iccf_cli::text::text_reader;
use iccf_pgn::convert::{Converter, Options};
use iccf_pgn::encoding::InputEncoding;

use crate::args::ConvertArgs;
use iccf_cli::batch::{BATCH_BYTES, Run, convert_in_order};

/// How a person ends what they type at the terminal.
#[cfg(windows)]
const END_OF_INPUT: &str = "end with Ctrl-Z then Enter";
#[cfg(not(windows))]
const END_OF_INPUT: &str = "end with Ctrl-D on a line of its own";

/// How a whole `iccf convert` run went, worst first.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Some input could not be read (reported); the others were converted.
    InputFailed,
    /// Some game had errors (reported; the games were still written).
    GameErrors,
    /// Every game converted.
    Clean,
}

/// Converts every input into the output. An input that cannot be opened or
/// read, or is not PGN, is reported and the others are still converted; an
/// output error ends the run.
pub fn run(args: &ConvertArgs) -> anyhow::Result<Status> {
    let files: Vec<PathBuf> = if args.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.files.clone()
    };
    let converter = Converter::new(Options {
        to: args.to.map(Into::into),
        format: args.format.into(),
        chess960_castling: args.chess960_castling.into(),
        lang: args.lang,
        input_lang: args.input_lang.0,
        // UTF-16 is transcoded to UTF-8 before splitting (crate::text).
        encoding: match args.encoding.utf16() {
            Some(_) => InputEncoding::Fixed(encoding_rs::UTF_8),
            None => args.encoding,
        },
    });
    // More threads than cores only hold more batches in memory.
    let jobs = args.jobs.unwrap_or(usize::MAX).min(default_jobs()).max(1);
    let mut output = create_output(args.output.as_deref(), &files, args.force)?;
    // Ctrl-C or kill: no half-written temporary file is left behind.
    if let Some(temp) = output.temp_path() {
        interrupt::remove_on_signal(temp);
    }
    let started = Instant::now();
    let mut summary = Summary::default();
    let mut input_failed = false;
    for path in &files {
        let result = convert_input(path, args, &converter, jobs, &mut output, &mut summary);
        match result {
            Ok(()) => {}
            Err(InputError::Input(err)) => {
                let _ = writeln!(io::stderr(), "iccf: {err:#}");
                input_failed = true;
            }
            Err(InputError::Output(err)) => return Err(err),
        }
    }
    // A run that failed on an input changes no -o file (the output is
    // atomic: all of the run or nothing).
    if !input_failed {
        let committed = output.commit();
        interrupt::forget();
        committed?;
    }
    summary.elapsed = started.elapsed();
    if summary_enabled(args.stats, args.quiet) {
        let _ = writeln!(io::stderr(), "{summary}");
    }
    Ok(if input_failed {
        Status::InputFailed
    } else if summary.games_with_errors > 0 {
        Status::GameErrors
    } else {
        Status::Clean
    })
}

/// Why one input stopped: its own fault (the run goes on) or the output's.
enum InputError {
    Input(anyhow::Error),
    Output(anyhow::Error),
}

/// Converts the games of one input into `output`.
fn convert_input(
    path: &Path,
    args: &ConvertArgs,
    converter: &Converter,
    jobs: usize,
    output: &mut Output,
    summary: &mut Summary,
) -> Result<(), InputError> {
    let input = open_input(path).map_err(InputError::Input)?;
    let name = input.name.clone();
    let typed = is_stdio(path) && io::stdin().is_terminal();
    if typed && !args.quiet {
        let _ = writeln!(
            io::stderr(),
            "iccf: reading games typed or pasted here; {END_OF_INPUT}"
        );
    }
    // No spinner over what is typed or pasted.
    let progress = Progress::new(input.len, progress_enabled(args.quiet) && !typed);
    let counter = input.bytes_read.clone();
    let reader = text_reader(input.reader, args.encoding)
        .with_context(|| format!("cannot read {name}"))
        .map_err(InputError::Input)?;
    let run = Run {
        converter,
        jobs,
        max_game_size: args.max_game_size,
        batch_bytes: BATCH_BYTES,
    };
    let read_error = |err: io::Error| {
        InputError::Input(anyhow::Error::new(err).context(format!("cannot read {name}")))
    };
    let result = convert_in_order(run, reader, &read_error, &|| Ok(()), &mut |ready, end| {
        ready.write_to(&mut *output).map_err(|err| {
            InputError::Output(
                anyhow::Error::new(err).context(format!("cannot write {}", output.name())),
            )
        })?;
        let mut problems = String::new();
        for p in &ready.problems {
            let (line, column, severity) = (p.line, p.column, p.severity);
            let _ = writeln!(problems, "{name}:{line}:{column}: {severity}: {p}");
        }
        progress.print_lines(&problems);
        summary.games += ready.games;
        summary.moves += ready.moves;
        summary.games_with_errors += ready.failed_games;
        progress.add_games(ready.games);
        // Compressed inputs count compressed bytes, as the total does.
        progress.set_position(if input.len.is_some() {
            counter.get()
        } else {
            end
        });
        Ok(())
    });
    progress.finish();
    summary.bytes_in += counter.get();
    result
}
