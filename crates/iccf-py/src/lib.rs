//! The native part of the Python package `iccf`, imported as `iccf._iccf`
//! and wrapped by the pure-Python package in `python/iccf`, which adds the
//! python-chess helpers, docstrings with examples and the type stubs.
//!
//! One file a Python entry point: `one_move` (`iccf.move`), `convert_text`
//! (`iccf.convert`), `games` (`iccf.games`, the pipeline on a thread of
//! its own feeding a bounded channel), `convert_file` (`iccf.convert_file`,
//! `iccf_stream::run::convert_inputs` on a thread while the caller waits without the
//! GIL, watching for Ctrl-C), `corr` (`iccf.check`, `iccf.card`);
//! `arrow` (`iccf.games_arrow`, batches through the Arrow C data
//! interface), `game_tree` (`iccf.read_game`); `errors` and `problem` are what they raise and report, `args`
//! reads their string arguments, `records` makes the records of games.

use pyo3::prelude::*;

mod args;
mod arrow;
mod convert_file;
mod convert_text;
mod corr;
mod errors;
mod game_tree;
mod games;
mod move_strings;
mod one_move;
mod problem;
mod records;
mod source;
mod split;
mod tag_names;

#[pymodule]
fn _iccf(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("ParseError", py.get_type::<errors::ParseError>())?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add_class::<one_move::PyMove>()?;
    m.add_class::<problem::PyProblem>()?;
    m.add_class::<convert_file::PySummary>()?;
    m.add_class::<games::GameIter>()?;
    m.add_class::<arrow::BatchIter>()?;
    m.add_class::<arrow::ArrowBatch>()?;
    m.add_function(wrap_pyfunction!(one_move::read_move, m)?)?;
    m.add_function(wrap_pyfunction!(one_move::languages, m)?)?;
    m.add_function(wrap_pyfunction!(convert_text::convert, m)?)?;
    m.add_function(wrap_pyfunction!(games::games, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::game_batches, m)?)?;
    m.add_function(wrap_pyfunction!(split::game_starts, m)?)?;
    m.add_function(wrap_pyfunction!(split::is_utf16, m)?)?;
    m.add_function(wrap_pyfunction!(split::zstd_frame_starts, m)?)?;
    m.add_function(wrap_pyfunction!(game_tree::read_game_tree, m)?)?;
    m.add_function(wrap_pyfunction!(convert_file::convert_file, m)?)?;
    m.add_function(wrap_pyfunction!(corr::check, m)?)?;
    m.add_function(wrap_pyfunction!(corr::card, m)?)?;
    // Threads reading a file object must be out of Python before the
    // interpreter finalizes (see `source::before_exit`).
    let before_exit = wrap_pyfunction!(source::before_exit, m)?;
    py.import("atexit")?
        .call_method1("register", (before_exit,))?;
    Ok(())
}
