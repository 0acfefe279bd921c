//! Reading every game of an input into [`GameRecord`] values, batch by
//! batch on worker threads, handed over in input order under the same
//! language rule as [`crate::batch`]: what `--format jsonl` writes, as
//! values, for programs that want the games rather than text (the Python
//! package's `iccf.games`, Arrow and Parquet tables).
//!
//! ```
//! use iccf_pgn::convert::{Converter, Options};
//! use iccf_stream::records::{RecordRun, records_in_order};
//!
//! let converter = Converter::new(Options::default());
//! let run = RecordRun { converter: &converter, jobs: 2, max_game_size: 1 << 20, batch_bytes: 16 };
//! let mut games = Vec::new();
//! records_in_order(run, &b"1. e4 e5 *\n\n1. d4 *\n"[..], &|e| e, &|| Ok(()), &mut |records, _| {
//!     games.extend(records);
//!     Ok(())
//! })?;
//! assert_eq!(games.len(), 2);
//! let first = games[1].moves.get(0).unwrap();
//! assert_eq!(first.get(iccf::Notation::Numeric), "4244");
//! # Ok::<_, std::io::Error>(())
//! ```

use std::io::{self, Read};
use std::rc::Rc;

use iccf_pgn::convert::{Converter, GameHint, GameLocation, Limit, Neighbours, Report, Verdict};
use iccf_pgn::record::GameRecord;
use iccf_pgn::split::{Batch, Splitter};

use crate::batch::{Run, batch_weight, block_size};
use crate::pipeline::run_weighed;

/// How [`records_in_order`] runs: the same choices as [`Run`].
pub type RecordRun<'c> = Run<'c>;

/// One batch read on a worker: each game's report and record.
struct ReadBatch {
    batch: Batch,
    games: Vec<(Report, GameRecord)>,
    end_offset: u64,
}

/// Reads the games of `batch` in order, each ambiguous one with the
/// language of the last certain game before it in the batch (as
/// [`crate::batch::convert_batch`] converts them).
fn read_batch(converter: &Converter, batch: Batch, max_game_size: u64) -> ReadBatch {
    let mut games = Vec::with_capacity(batch.games.len());
    let mut guess = Neighbours::<()>::default();
    for (span, game) in batch.iter() {
        let read = if span.too_large {
            converter.skipped_record(span.into(), Limit::Bytes(max_game_size))
        } else {
            converter.record_with_hint(game, span.into(), guess.guess())
        };
        guess.push(GameHint::of(&read.0), ());
        games.push(read);
    }
    let end_offset = batch
        .games
        .last()
        .map_or(0, |last| last.byte_offset + last.range.len() as u64);
    ReadBatch {
        batch,
        games,
        end_offset,
    }
}

/// Reads every game `reader` holds into records, batch by batch on
/// `run.jobs` threads, and hands them to `ready` in input order with the
/// input bytes read so far. `check` runs before each batch is read: an
/// error from it (an interrupt) stops the run, as does an error from
/// `ready` or one reading, made into an `E` by `read_error`.
pub fn records_in_order<R: Read + Send, E: Send>(
    run: RecordRun<'_>,
    reader: R,
    read_error: &(dyn Fn(io::Error) -> E + Sync),
    check: &(dyn Fn() -> Result<(), E> + Sync),
    ready: &mut dyn FnMut(Vec<GameRecord>, u64) -> Result<(), E>,
) -> Result<(), E> {
    let mut splitter = Splitter::with_block_size(reader, block_size(run.batch_bytes))
        .max_game_size(run.max_game_size);
    let batches = std::iter::from_fn(|| {
        if let Err(err) = check() {
            return Some(Err(err));
        }
        let next = splitter.next_batch(run.batch_bytes).transpose()?;
        Some(next.map_err(read_error))
    });
    let mut in_order = RecordsInOrder {
        converter: run.converter,
        rule: Neighbours::default(),
    };
    let mut end_offset = 0;
    run_weighed(
        batches,
        run.jobs,
        &|batch: &Batch| batch_weight(batch, run.batch_bytes),
        |batch: Batch| read_batch(run.converter, batch, run.max_game_size),
        |done: ReadBatch| {
            end_offset = done.end_offset;
            ready(in_order.push(done), end_offset)
        },
    )?;
    in_order.rule.finish();
    ready(in_order.ready(), end_offset)
}

/// Puts read batches back in order under the language rule: a game that
/// took the wrong language is read again with the right one.
struct RecordsInOrder<'c> {
    converter: &'c Converter,
    /// Each game held: its batch (to read it again), its index there and
    /// its record.
    rule: Neighbours<(Rc<Batch>, usize, GameRecord)>,
}

impl RecordsInOrder<'_> {
    fn push(&mut self, done: ReadBatch) -> Vec<GameRecord> {
        let batch = Rc::new(done.batch);
        for (i, (report, record)) in done.games.into_iter().enumerate() {
            let bytes = batch.games[i].range.len();
            self.rule
                .push_sized(GameHint::of(&report), (batch.clone(), i, record), bytes);
        }
        if batch.paused {
            self.rule.pause();
        }
        self.ready()
    }

    fn ready(&mut self) -> Vec<GameRecord> {
        let mut ready = Vec::new();
        while let Some(((batch, i, record), verdict)) = self.rule.pop() {
            ready.push(match verdict {
                Verdict::Keep => record,
                Verdict::Redo(hint) => {
                    let at = GameLocation::from(&batch.games[i]);
                    self.converter.record_with_hint(batch.game(i), at, hint).1
                }
            });
        }
        ready
    }
}

#[cfg(test)]
mod tests {
    use iccf_pgn::convert::{Options, OutputFormat};

    use super::*;
    use crate::batch::{Run, convert_in_order};

    /// A Finnish game (its letters name Finnish), then one legal in
    /// English and Finnish with different moves.
    const FINNISH: &str =
        "1. e4 e5 2. Rf3 Rc6 3. Lc4 Lc5 4. d3 d6 5. Dd2 Dd7 6. Rc3 Rf6 7. Tb1 Tb8 *\n\n";
    const AMBIGUOUS: &str = "1. h4 h5 2. Rh3 *\n\n";

    fn records(pgn: &[u8], batch_bytes: usize, jobs: usize) -> Vec<GameRecord> {
        let converter = Converter::new(Options::default());
        let run = Run {
            converter: &converter,
            jobs,
            max_game_size: 1 << 20,
            batch_bytes,
        };
        let mut all = Vec::new();
        records_in_order(run, pgn, &|e| e, &|| Ok(()), &mut |r, _| {
            all.extend(r);
            Ok::<_, io::Error>(())
        })
        .unwrap();
        all
    }

    #[test]
    fn records_are_the_jsonl_output_in_any_batches() {
        let pgn = format!("{AMBIGUOUS}{FINNISH}{AMBIGUOUS}[White \"x\"]\n\n1. d4 Nf6 *\n\n");
        let converter = Converter::new(Options {
            format: OutputFormat::Jsonl,
            ..Options::default()
        });
        let run = Run {
            converter: &converter,
            jobs: 1,
            max_game_size: 1 << 20,
            batch_bytes: 1 << 20,
        };
        let mut jsonl = Vec::new();
        convert_in_order(run, pgn.as_bytes(), &|e| e, &|| Ok(()), &mut |ready, _| {
            jsonl.extend(ready.to_vec());
            Ok::<_, io::Error>(())
        })
        .unwrap();
        let jsonl = String::from_utf8(jsonl).unwrap();
        for (batch_bytes, jobs) in [(1, 1), (10, 2), (1 << 20, 2)] {
            let lines: Vec<String> = records(pgn.as_bytes(), batch_bytes, jobs)
                .iter()
                .map(|r| serde_json::to_string(r).unwrap())
                .collect();
            assert_eq!(lines.join("\n") + "\n", jsonl, "batches of {batch_bytes}");
        }
    }

    #[test]
    fn an_ambiguous_first_game_takes_the_language_of_a_later_batch() {
        let pgn = format!("{AMBIGUOUS}{FINNISH}");
        let games = records(pgn.as_bytes(), 1, 2);
        // Finnish: R is a knight, so 2. Rh3 is Ng1-h3.
        let uci = games[0].moves.get(2).map(|m| m.get(iccf::Notation::Uci));
        assert_eq!(uci, Some("g1h3"));
        assert_eq!(games[0].warnings.len(), 1);
    }
}
