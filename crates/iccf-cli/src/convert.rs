//! `iccf convert`: whole files of games, batch by batch on all cores.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;

use iccf_cli::interrupt;
use iccf_cli::io::{create_output, open_input};
use iccf_cli::pipeline::{default_jobs, run_ordered};
use iccf_cli::progress::{Progress, Summary};
use iccf_pgn::convert::{Converter, GameLocation, Options, Problem};
use iccf_pgn::split::{Batch, Splitter};

use crate::args::ConvertArgs;

/// Bytes of whole games handed to one worker at a time: large enough that
/// the per-batch overhead vanishes, small enough to keep memory low.
const BATCH_BYTES: usize = 1 << 20;

/// One converted batch.
struct Converted {
    out: Vec<u8>,
    games: u64,
    moves: u64,
    failed_games: u64,
    /// In input order.
    problems: Vec<Problem>,
    /// Input bytes consumed up to the end of this batch, for progress.
    end_offset: u64,
}

/// Converts every input into the output; `Ok(false)` if some game had errors.
pub fn run(args: &ConvertArgs) -> anyhow::Result<bool> {
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
        encoding: args.encoding,
    });
    let jobs = args.jobs.unwrap_or_else(default_jobs).max(1);
    let mut output = create_output(args.output.as_deref(), &files)?;
    // Ctrl-C or kill: no half-written temporary file is left behind.
    if let Some(temp) = output.temp_path() {
        interrupt::remove_on_signal(temp);
    }
    let started = Instant::now();
    let mut summary = Summary::default();
    let stderr = io::stderr();

    for path in &files {
        let input = open_input(path)?;
        let name = input.name.clone();
        let progress = Progress::new(input.len, !args.quiet);
        let counter = input.bytes_read.clone();
        let mut splitter = Splitter::new(input.reader);
        let batches =
            std::iter::from_fn(|| splitter.next_batch(BATCH_BYTES).transpose()).map(|b| {
                b.map_err(|err| anyhow::Error::new(err).context(format!("cannot read {name}")))
            });
        run_ordered(
            batches,
            jobs,
            |batch: Batch| convert_batch(&converter, &batch),
            |done: Converted| -> anyhow::Result<()> {
                output.write_all(&done.out)?;
                let mut err = stderr.lock();
                for p in &done.problems {
                    let _ = writeln!(err, "{name}:{}:{}: {}: {p}", p.line, p.column, p.severity);
                }
                summary.games += done.games;
                summary.moves += done.moves;
                summary.games_with_errors += done.failed_games;
                progress.add_games(done.games);
                // Compressed inputs count compressed bytes, as the total does.
                progress.set_position(if input.len.is_some() {
                    counter.get()
                } else {
                    done.end_offset
                });
                Ok(())
            },
        )?;
        progress.finish();
        summary.bytes_in += counter.get();
    }
    let committed = output.commit();
    interrupt::forget();
    committed?;
    summary.elapsed = started.elapsed();
    if !args.quiet {
        let _ = writeln!(io::stderr(), "{summary}");
    }
    Ok(summary.games_with_errors == 0)
}

fn convert_batch(converter: &Converter, batch: &Batch) -> Converted {
    let mut done = Converted {
        out: Vec::with_capacity(batch.data.len() + batch.data.len() / 4),
        games: 0,
        moves: 0,
        failed_games: 0,
        problems: Vec::new(),
        end_offset: 0,
    };
    let games: Vec<(GameLocation, &[u8])> = batch
        .iter()
        .map(|(span, game)| (span.into(), game))
        .collect();
    // Games of a batch are converted as one stream, so that an ambiguous
    // game takes the language of the games around it.
    let reports = converter.convert_stream(&games, &mut done.out);
    for report in reports {
        done.games += 1;
        done.moves += report.moves;
        if !report.errors.is_empty() {
            done.failed_games += 1;
        }
        // Errors and warnings interleaved by position, as a reader expects.
        done.problems
            .extend(report.problems_in_order().into_iter().cloned());
    }
    if let Some(last) = batch.games.last() {
        done.end_offset = last.byte_offset + last.range.len() as u64;
    }
    done
}
