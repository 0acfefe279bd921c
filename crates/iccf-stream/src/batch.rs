//! Converting a batch of games on a worker, and putting the games back in
//! input order on the calling thread, where the language rule of
//! [`Neighbours`] can see every game before each one.
//!
//! ```text
//!   worker:  Batch ─▶ each game converted, with the last certain language
//!            of the batch as its hint ─▶ Converted
//!   caller:  Converted ─▶ Neighbours (in input order) ─▶ Ready: the games
//!            whose hint was right as they are, the others converted again
//! ```

use std::io::{self, Read, Write};
use std::ops::Range;
use std::rc::Rc;

use iccf_pgn::convert::{
    Converter, GameHint, GameLocation, Limit, Neighbours, Problem, Report, Verdict,
};
use iccf_pgn::split::{Batch, DEFAULT_BLOCK_SIZE, Splitter};

use crate::pipeline::run_weighed;

/// One batch, converted on a worker.
#[derive(Debug)]
pub struct Converted {
    batch: Batch,
    out: Vec<u8>,
    /// Each game's end in `out`, and what converting it found.
    games: Vec<(usize, Report)>,
    /// Input bytes consumed up to the end of this batch, for progress.
    pub end_offset: u64,
}

/// Converts the games of `batch` in order, each ambiguous one with the
/// language of the last game before it in the batch whose letters named
/// one: right unless the game comes before the first such game. A game the
/// splitter skipped for being over `max_game_size` bytes is reported.
pub fn convert_batch(converter: &Converter, batch: Batch, max_game_size: u64) -> Converted {
    // Room for a batch's worth of output, not for the whole of a batch that
    // is one huge game: 1.25 times a 60 MB game reserved up front aborted
    // `--format text` (whose line is a few bytes) under 300 MB (issue 25).
    let reserve = batch.data.len().min(BATCH_BYTES);
    let mut out = Vec::with_capacity(reserve + reserve / 4);
    let mut games = Vec::with_capacity(batch.games.len());
    let mut guess = Neighbours::<()>::default();
    for (span, game) in batch.iter() {
        let report = if span.too_large {
            converter.skipped(span.into(), Limit::Bytes(max_game_size), &mut out)
        } else {
            converter.convert_with_hint(game, span.into(), &mut out, guess.guess())
        };
        guess.push(GameHint::of(&report), ());
        games.push((out.len(), report));
    }
    let end_offset = batch
        .games
        .last()
        .map_or(0, |last| last.byte_offset + last.range.len() as u64);
    Converted {
        batch,
        out,
        games,
        end_offset,
    }
}

/// Bytes of whole games handed to one worker at a time: large enough that
/// the per-batch overhead vanishes, small enough to keep memory low.
pub const BATCH_BYTES: usize = 1 << 20;

/// The bytes the splitter reads at a time for batches of `batch_bytes`:
/// as many, between 64 KiB (the small frames of `--zstd-frames` would
/// otherwise mean reads of 4 KiB) and its default. Reading blocks larger
/// than the batches made each batch copy what was read beyond it into a
/// fresh buffer, zeroed whole: `iccf.games`' batches of 256 KiB, read in
/// blocks of 1 MiB, took 1.7% more instructions to read twic944.pgn.
pub(crate) fn block_size(batch_bytes: usize) -> usize {
    batch_bytes.clamp(64 << 10, DEFAULT_BLOCK_SIZE)
}

/// How many batches of `batch_bytes` a batch counts as in the pipeline
/// (one at least; a batch ends after the game that fills it, so it is
/// often a little over): a batch that is one 60 MB game (and its output)
/// held beside others of its size on every worker took more than 300 MB
/// with two of them.
pub(crate) fn batch_weight(batch: &Batch, batch_bytes: usize) -> usize {
    (batch.data.len() / batch_bytes.max(1)).max(1)
}

/// How [`convert_in_order`] runs: its converter, threads and limits.
#[derive(Debug, Clone, Copy)]
pub struct Run<'c> {
    /// Converts each game.
    pub converter: &'c Converter,
    /// Worker threads; 1 converts on the calling thread.
    pub jobs: usize,
    /// The largest game read, in bytes (see `Splitter::max_game_size`).
    pub max_game_size: u64,
    /// Bytes of whole games a worker takes at a time (see
    /// `Splitter::next_batch`).
    pub batch_bytes: usize,
}

/// Converts every game `reader` holds, batch by batch on `run.jobs`
/// threads, and hands the games to `ready` in input order, with the input
/// bytes read so far. `check` runs before each batch is read: an error from
/// it (an interrupt) stops the run, as does an error from `ready` or one
/// reading, made into an `E` by `read_error`.
pub fn convert_in_order<R: Read + Send, E: Send>(
    run: Run<'_>,
    reader: R,
    read_error: &(dyn Fn(io::Error) -> E + Sync),
    check: &(dyn Fn() -> Result<(), E> + Sync),
    ready: &mut dyn FnMut(Ready, u64) -> Result<(), E>,
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
    let mut in_order = InOrder::new(run.converter);
    let mut end_offset = 0;
    run_weighed(
        batches,
        run.jobs,
        &|batch: &Batch| batch_weight(batch, run.batch_bytes),
        |batch: Batch| convert_batch(run.converter, batch, run.max_game_size),
        |done: Converted| {
            end_offset = done.end_offset;
            ready(in_order.push(done), end_offset)
        },
    )?;
    ready(in_order.finish(), end_offset)
}

/// Games ready to be written, in input order.
#[derive(Debug, Default)]
pub struct Ready {
    /// Their output, in pieces: kept from the batches without a copy, or
    /// converted again.
    pieces: Vec<Piece>,
    /// Their problems, in input order; errors and warnings interleaved by
    /// position.
    pub problems: Vec<Problem>,
    /// How many games.
    pub games: u64,
    /// Moves converted in them.
    pub moves: u64,
    /// How many of them had errors.
    pub failed_games: u64,
}

/// A stretch of output.
#[derive(Debug)]
enum Piece {
    /// Output of games as a worker converted them.
    Kept(Rc<Converted>, Range<usize>),
    /// A game converted again with another hint.
    Redone(Vec<u8>),
}

impl Ready {
    /// Writes the output to `w`.
    pub fn write_to(&self, w: &mut impl Write) -> io::Result<()> {
        for piece in &self.pieces {
            match piece {
                Piece::Kept(done, range) => w.write_all(&done.out[range.clone()])?,
                Piece::Redone(out) => w.write_all(out)?,
            }
        }
        Ok(())
    }

    /// The output in one buffer.
    pub fn to_vec(&self) -> Vec<u8> {
        let mut out = Vec::new();
        // Writing to a Vec cannot fail.
        let _ = self.write_to(&mut out);
        out
    }

    /// Adds the output of game `range` of `done`, joined to the piece
    /// before when it follows it.
    fn keep(&mut self, done: &Rc<Converted>, range: Range<usize>) {
        if let Some(Piece::Kept(last, before)) = self.pieces.last_mut()
            && Rc::ptr_eq(last, done)
            && before.end == range.start
        {
            before.end = range.end;
            return;
        }
        self.pieces.push(Piece::Kept(done.clone(), range));
    }
}

/// Puts converted batches of one input back in order under the language
/// rule.
#[derive(Debug)]
pub struct InOrder<'c> {
    converter: &'c Converter,
    rule: Neighbours<(Rc<Converted>, usize)>,
}

impl<'c> InOrder<'c> {
    /// Nothing seen yet of an input converted by `converter`.
    pub fn new(converter: &'c Converter) -> InOrder<'c> {
        InOrder {
            converter,
            rule: Neighbours::default(),
        }
    }

    /// The next batch of the input; the games that can be judged come back.
    pub fn push(&mut self, done: Converted) -> Ready {
        let done = Rc::new(done);
        let mut start = 0;
        for (i, (end, report)) in done.games.iter().enumerate() {
            // What waiting holds of this game: its text and its output.
            let bytes = done.batch.games[i].range.len() + (end - start);
            start = *end;
            self.rule
                .push_sized(GameHint::of(report), (done.clone(), i), bytes);
        }
        if done.batch.paused {
            self.rule.pause();
        }
        self.ready()
    }

    /// The end of the input: the games still held come back.
    pub fn finish(&mut self) -> Ready {
        self.rule.finish();
        self.ready()
    }

    fn ready(&mut self) -> Ready {
        let mut ready = Ready::default();
        while let Some(((done, i), verdict)) = self.rule.pop() {
            let start = i.checked_sub(1).map_or(0, |j| done.games[j].0);
            let (end, report) = &done.games[i];
            let redone;
            let report = match verdict {
                Verdict::Keep => {
                    ready.keep(&done, start..*end);
                    report
                }
                Verdict::Redo(hint) => {
                    let span = &done.batch.games[i];
                    let at = GameLocation::from(span);
                    let game = done.batch.game(i);
                    let mut out = Vec::new();
                    redone = self.converter.convert_with_hint(game, at, &mut out, hint);
                    ready.pieces.push(Piece::Redone(out));
                    &redone
                }
            };
            ready.games += 1;
            ready.moves += report.moves;
            ready.failed_games += u64::from(!report.errors.is_empty());
            ready
                .problems
                .extend(report.problems_in_order().into_iter().cloned());
        }
        ready
    }
}

#[cfg(test)]
mod tests {
    use iccf_pgn::convert::{Options, OutputFormat};
    use iccf_pgn::split::Splitter;

    use super::*;

    /// A Finnish game (its letters name Finnish) and one legal in English
    /// and Finnish with different moves, which takes the language of the
    /// games around it.
    const FINNISH: &str =
        "1. e4 e5 2. Rf3 Rc6 3. Lc4 Lc5 4. d3 d6 5. Dd2 Dd7 6. Rc3 Rf6 7. Tb1 Tb8 *\n\n";
    const AMBIGUOUS: &str = "1. h4 h5 2. Rh3 *\n\n";

    /// Converts `pgn` cut into batches of about `batch_bytes`.
    fn in_batches(converter: &Converter, pgn: &[u8], batch_bytes: usize) -> (Vec<u8>, u64) {
        let mut splitter = Splitter::with_block_size(pgn, 7);
        let mut in_order = InOrder::new(converter);
        let mut out = Vec::new();
        let mut failed = 0;
        let mut take = |ready: Ready| {
            out.extend(ready.to_vec());
            failed += ready.failed_games;
        };
        while let Some(batch) = splitter.next_batch(batch_bytes).expect("in memory") {
            take(in_order.push(convert_batch(converter, batch, u64::MAX)));
        }
        take(in_order.finish());
        (out, failed)
    }

    #[test]
    fn the_language_of_the_games_around_does_not_depend_on_batches() {
        let pgn = [AMBIGUOUS, FINNISH, AMBIGUOUS, AMBIGUOUS, FINNISH, AMBIGUOUS].concat();
        let converter = Converter::new(Options {
            format: OutputFormat::Text,
            ..Options::default()
        });
        let mut whole = Vec::new();
        let reports = converter.convert_all(pgn.as_bytes(), &mut whole);
        // Every ambiguous game is read in Finnish, with a warning only.
        assert!(reports.iter().all(|r| r.errors.is_empty()), "{reports:?}");
        assert_eq!(reports.iter().filter(|r| !r.warnings.is_empty()).count(), 4);
        for batch_bytes in 1..pgn.len() + 1 {
            let (out, failed) = in_batches(&converter, pgn.as_bytes(), batch_bytes);
            assert_eq!(failed, 0, "batches of {batch_bytes} bytes");
            assert_eq!(out, whole, "batches of {batch_bytes} bytes");
        }
    }
}
