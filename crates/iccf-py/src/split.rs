//! Where games start in a stretch of PGN: what `iccf.split_points` and
//! `iccf.games(path, start=, end=)` find byte ranges with, by the
//! splitter that cuts a whole file into games (so a range's games are the
//! games one pass over the file reads).

use std::fs::File;
use std::path::PathBuf;

use iccf_pgn::encoding::utf16_of;
use iccf_pgn::split::split_games;
use iccf_stream::zstd_frames::frame_starts;
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;

/// The offsets in `data` where its games start, by the rules of
/// `iccf_pgn::split` (the first game starts at 0).
#[pyfunction]
pub fn game_starts(py: Python<'_>, data: &[u8]) -> Vec<usize> {
    py.detach(|| split_games(data).into_iter().map(|r| r.start).collect())
}

/// Whether `data`, the start of a file, is UTF-16, by the rule `iccf
/// convert` follows ([`utf16_of`]): `iccf.read_game` refuses it from a
/// binary handle, whose lines would split inside characters.
#[pyfunction]
pub fn is_utf16(data: &[u8]) -> bool {
    utf16_of(data).is_some()
}

/// Where the frames of the seekable zstd file `path` start, with the end
/// of the last as the final offset; `None` when it has no seek table.
#[pyfunction]
pub fn zstd_frame_starts(py: Python<'_>, path: PathBuf) -> PyResult<Option<Vec<u64>>> {
    py.detach(|| {
        let mut file = File::open(&path)?;
        frame_starts(&mut file)
    })
    .map_err(|err| PyOSError::new_err((err.raw_os_error().unwrap_or(0), err.to_string(), path)))
}
