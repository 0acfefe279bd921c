//! Whole files of games into one Parquet file, one row a game, in the
//! table of [`crate::table`]: `iccf convert --format parquet`.
//!
//! The run is that of [`crate::run::convert_inputs`], with records for
//! output: every input read in order on the run's threads, a failed input
//! reported to the watch and recorded while the others are still read, and
//! the output committed only when every input was read.
//!
//! ```
//! use iccf::Notation;
//! use iccf_stream::jobs::Jobs;
//! use iccf_stream::output::create_output;
//! use iccf_stream::parquet::tabulate_inputs;
//! use iccf_stream::run::{Conversion, Quiet};
//!
//! let dir = tempfile::tempdir()?;
//! let input = dir.path().join("in.pgn");
//! std::fs::write(&input, "1. e4 e5 2. Nf3 *\n\n1. d4 1-0\n")?;
//! let target = dir.path().join("games.parquet");
//! let conversion = Conversion { inputs: vec![input], jobs: Jobs::new(1)?, ..Conversion::default() };
//! let output = create_output(Some(&target), &conversion.inputs, false)?;
//! let finished = tabulate_inputs(&conversion, &[Notation::Numeric], output, &mut Quiet, &|| false)?;
//! assert_eq!(finished.summary.games, 2);
//! assert_eq!(&std::fs::read(&target)?[..4], b"PAR1");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::path::Path;
use std::time::Instant;

use iccf::Notation;
use iccf_pgn::convert::{Converter, Options};
use iccf_pgn::record::{GameRecord, RecordNotations};
use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::file::properties::WriterProperties;

use crate::batch::{BATCH_BYTES, Ready, Run};
use crate::error::{Operation, StreamError};
use crate::input::open_input_within;
use crate::output::Output;
use crate::records::records_in_order;
use crate::run::{Conversion, Finished, RunError, Watch, read_error};
use crate::summary::Summary;
use crate::table::GameTable;
use crate::text_input::text_reader;

/// Games a row group holds: large enough for good compression, small
/// enough that a reader can take a file in parallel pieces.
const ROWS_PER_GROUP: usize = 64 * 1024;

/// Rows gathered before they go to the writer as one batch.
const ROWS_PER_BATCH: usize = 8 * 1024;

/// Moves gathered before they go to the writer, however few the rows: a
/// game may hold two million moves.
const MOVES_PER_BATCH: usize = 256 * 1024;

/// The writer's buffered bytes that close a row group before
/// [`ROWS_PER_GROUP`]: long games would otherwise hold 64K games' moves
/// in memory (910 MB for 16 games of two million moves).
const BYTES_PER_GROUP: usize = 64 << 20;

/// Reads every game of the inputs of `conversion` into one Parquet table
/// in `output`, the moves in `notations`, telling `watch` what happens;
/// `stop` is asked before each batch.
///
/// # Errors
///
/// As [`crate::run::convert_inputs`]: [`RunError::Interrupted`] when
/// `stop` said yes, [`RunError::Output`] when the output could not be
/// written; an input that cannot be read is in [`Finished::failed`].
pub fn tabulate_inputs(
    conversion: &Conversion,
    notations: &[Notation],
    output: Output,
    watch: &mut dyn Watch,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Finished, RunError> {
    let started = Instant::now();
    let converter = Converter::new(Options {
        encoding: conversion.options.encoding,
        input_lang: conversion.options.input_lang,
        ..Options::default()
    })
    .with_record_notations(RecordNotations::of(notations.iter().copied()));
    let mut table = Table::new(output, notations)?;
    let mut finished = Finished::default();
    for path in &conversion.inputs {
        match tabulate_one(path, conversion, &converter, &mut table, watch, stop) {
            Ok(counts) => finished.summary.add(&counts),
            Err(OneError::Input(err)) => {
                watch.failed(&err);
                finished.failed.push(err);
            }
            Err(OneError::Run(err)) => return Err(err),
        }
    }
    if finished.failed.is_empty() {
        table.finish()?.commit()?;
    }
    finished.summary.elapsed = started.elapsed();
    Ok(finished)
}

/// Why one input stopped: its own fault (the run goes on) or the run's.
enum OneError {
    Input(StreamError),
    Run(RunError),
}

fn tabulate_one(
    path: &Path,
    conversion: &Conversion,
    converter: &Converter,
    table: &mut Table,
    watch: &mut dyn Watch,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Summary, OneError> {
    let input = open_input_within(path, conversion.decoder_memory).map_err(OneError::Input)?;
    watch.opened(path, &input);
    let name = input.name.clone();
    let named = conversion
        .names_inputs()
        .then(|| converter.clone().with_file(&name));
    let converter = named.as_ref().unwrap_or(converter);
    let counter = input.bytes_read.clone();
    let known_len = input.len.is_some();
    let read = |err| OneError::Input(read_error(&name, path, err));
    let mut counts = Summary::default();
    let result = text_reader(input.reader, conversion.options.encoding)
        .map_err(read)
        .and_then(|reader| {
            let run = Run {
                converter,
                jobs: conversion.jobs.get(),
                max_game_size: conversion.max_game_size,
                batch_bytes: BATCH_BYTES,
            };
            let check = || match stop() {
                true => Err(OneError::Run(RunError::Interrupted)),
                false => Ok(()),
            };
            records_in_order(run, reader, &read, &check, &mut |records, end| {
                let ready = counted(&records);
                for record in &records {
                    table
                        .push(record)
                        .map_err(|err| OneError::Run(err.into()))?;
                }
                counts.games += ready.games;
                counts.moves += ready.moves;
                counts.games_with_errors += ready.failed_games;
                watch.converted(&name, &ready, if known_len { counter.get() } else { end });
                Ok(())
            })
        });
    watch.closed(&name);
    result.map(|()| {
        counts.bytes_in = counter.get();
        counts
    })
}

/// What a watch is told of `records`: their counts and problems (the
/// output is in the table).
fn counted(records: &[GameRecord]) -> Ready {
    let mut ready = Ready::default();
    for record in records {
        ready.games += 1;
        ready.moves += record.moves.len() as u64;
        ready.failed_games += u64::from(!record.errors.is_empty());
        let mut problems: Vec<_> = record.errors.iter().chain(&record.warnings).collect();
        problems.sort_by_key(|p| (p.line, p.column));
        ready.problems.extend(problems.into_iter().cloned());
    }
    ready
}

/// The Parquet writer over the output, fed a batch at a time.
struct Table {
    rows: GameTable,
    writer: ArrowWriter<Output>,
}

impl Table {
    fn new(output: Output, notations: &[Notation]) -> Result<Table, StreamError> {
        let rows = GameTable::new(notations);
        let properties = WriterProperties::builder()
            .set_compression(Compression::SNAPPY)
            .set_max_row_group_row_count(Some(ROWS_PER_GROUP))
            .build();
        // The writer takes the output whether or not it starts: the
        // header is written on the first batch, so this cannot fail on I/O.
        let writer = ArrowWriter::try_new(output, rows.schema(), Some(properties))
            .map_err(|err| StreamError::io(Operation::Write, "<parquet>", None, io_error(err)))?;
        Ok(Table { rows, writer })
    }

    fn push(&mut self, record: &GameRecord) -> Result<(), StreamError> {
        self.rows.push(record);
        if self.rows.len() >= ROWS_PER_BATCH || self.rows.moves() >= MOVES_PER_BATCH {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<(), StreamError> {
        let batch = self.rows.finish();
        let written = self.writer.write(&batch).and_then(|()| {
            if self.writer.memory_size() >= BYTES_PER_GROUP {
                self.writer.flush()
            } else {
                Ok(())
            }
        });
        written.map_err(|err| self.writer.inner().error(Operation::Write, io_error(err)))
    }

    /// Writes what is left and the file's footer; the output comes back
    /// to be committed.
    fn finish(mut self) -> Result<Output, StreamError> {
        if !self.rows.is_empty() {
            self.flush()?;
        }
        let name = self.writer.inner().name().to_owned();
        self.writer
            .into_inner()
            .map_err(|err| StreamError::io(Operation::Write, &name, None, io_error(err)))
    }
}

/// A Parquet writer's error as the I/O error underneath, if it is one.
fn io_error(err: parquet::errors::ParquetError) -> std::io::Error {
    match err {
        parquet::errors::ParquetError::External(inner) => {
            match inner.downcast::<std::io::Error>() {
                Ok(io) => *io,
                Err(other) => std::io::Error::other(other),
            }
        }
        other => std::io::Error::other(other),
    }
}

#[cfg(test)]
mod tests {
    use iccf_pgn::convert::{Converter, Options};

    use super::*;
    use crate::output::create_output;

    /// Found by a robustness trial: 16 games of two million moves took
    /// 910 MB to write as Parquet, 64 of them 3.3 GB: a row group closed
    /// only at 64K games, and 8K games went to the writer at once. Long
    /// games go to the writer by their moves, and a row group closes by
    /// its bytes.
    #[test]
    fn regression_long_games_were_held_for_a_whole_row_group() {
        let moves: Vec<String> = (1..=40_000)
            .map(|n| format!("{}. Nf3 Nf6 {}. Ng1 Ng8", 2 * n - 1, 2 * n))
            .collect();
        let pgn = format!("[Event \"long\"]\n\n{} *\n", moves.join(" "));
        let record = Converter::new(Options::default())
            .records(pgn.as_bytes())
            .remove(0);
        assert_eq!(record.moves.len(), 160_000);
        let dir = tempfile::tempdir().unwrap();
        let output = create_output(Some(&dir.path().join("long.parquet")), &[], false).unwrap();
        let mut table = Table::new(output, &Notation::ALL).unwrap();
        table.push(&record).unwrap();
        // Under the moves a batch gathers: still in the table.
        assert_eq!((table.rows.len(), table.writer.in_progress_rows()), (1, 0));
        table.push(&record).unwrap();
        // Over them: written, two rows of the row group in progress.
        assert_eq!((table.rows.len(), table.writer.in_progress_rows()), (0, 2));
        let mut pushed = 2;
        while table.writer.flushed_row_groups().is_empty() {
            table.push(&record).unwrap();
            pushed += 1;
            assert!(pushed < 1000, "no row group closed by its bytes");
        }
        assert!(pushed < ROWS_PER_GROUP);
    }
}
