//! Where games start in a stretch of PGN: what `iccf.split_points` and
//! `iccf.games(path, start=, end=)` find byte ranges with, by the
//! splitter that cuts a whole file into games (so a range's games are the
//! games one pass over the file reads).

use iccf_pgn::split::split_games;
use pyo3::prelude::*;

/// The offsets in `data` where its games start, by the rules of
/// `iccf_pgn::split` (the first game starts at 0).
#[pyfunction]
pub fn game_starts(py: Python<'_>, data: &[u8]) -> Vec<usize> {
    py.detach(|| split_games(data).into_iter().map(|r| r.start).collect())
}
