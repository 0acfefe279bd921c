//! Converting one batch of games: the work each thread of the pipeline does.

use iccf_pgn::convert::{Converter, GameLocation, Problem};
use iccf_pgn::split::Batch;

/// Bytes of whole games handed to one worker at a time: large enough that
/// the per-batch overhead vanishes, small enough to keep memory low.
pub const BATCH_BYTES: usize = 1 << 20;

/// One converted batch.
#[derive(Debug, Default)]
pub struct Converted {
    /// The converted games, in order.
    pub out: Vec<u8>,
    /// Games read.
    pub games: u64,
    /// Moves converted.
    pub moves: u64,
    /// Games with at least one error.
    pub failed_games: u64,
    /// Errors and warnings, in input order.
    pub problems: Vec<Problem>,
    /// Input bytes consumed up to the end of this batch, for progress.
    pub end_offset: u64,
}

/// Converts the games of `batch` with `converter`.
pub fn convert_batch(converter: &Converter, batch: &Batch) -> Converted {
    let mut done = Converted {
        out: Vec::with_capacity(batch.data.len() + batch.data.len() / 4),
        ..Converted::default()
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
