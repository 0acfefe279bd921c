//! The exceptions of `iccf.move`: `ParseError` for text that is no move,
//! `IllegalMoveError` for a move that cannot be played; both `ValueError`s
//! carrying the reason and, for numeric moves, the nearest legal moves.

use iccf::MoveNumber;
use iccf::read::ReadMoveError;
use iccf_stream::error::{Causes, StreamError};
use iccf_stream::jobs::{Jobs, JobsError};
use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    iccf,
    ParseError,
    PyValueError,
    "Text that is no move (or no position): `reason` says why."
);
create_exception!(
    iccf,
    IllegalMoveError,
    PyValueError,
    "A move that cannot be played in the position: `reason` says why, `nearest` lists the nearest legal numeric moves."
);

/// The exception for `err`, reading `text` at `number`, with the message
/// the command line prints (``1. `5245`: the white pawn ...``) and the
/// attributes `text`, `move_number`, `reason`, `nearest`.
pub fn move_error(py: Python<'_>, err: &ReadMoveError, text: &str, number: MoveNumber) -> PyErr {
    let message = format!("{number} `{text}`: {err}");
    let nearest: Vec<String> = match err {
        ReadMoveError::IllegalNumeric { nearest, .. } => {
            nearest.iter().map(ToString::to_string).collect()
        }
        _ => Vec::new(),
    };
    let pyerr = match err {
        ReadMoveError::ParseNumeric(_)
        | ReadMoveError::NotUtf8(_)
        | ReadMoveError::ParseSan { .. } => ParseError::new_err(message),
        _ => IllegalMoveError::new_err(message),
    };
    let value = pyerr.value(py);
    // Setting attributes on a fresh exception instance cannot fail.
    let _ = value.setattr("text", text);
    let _ = value.setattr("move_number", number.to_string());
    let _ = value.setattr("reason", err.to_string());
    let _ = value.setattr("notation", err.notation().name());
    let _ = value.setattr("nearest", nearest);
    pyerr
}

/// A `ParseError` with `message` as its message and reason.
pub fn parse_error(py: Python<'_>, message: String) -> PyErr {
    let pyerr = ParseError::new_err(message.clone());
    let _ = pyerr.value(py).setattr("reason", message);
    pyerr
}

/// The `OSError` for a file that could not be read or written: built from
/// `(errno, message, filename)`, so that Python makes it the subclass the
/// errno names (`FileNotFoundError`, `PermissionError`,
/// `IsADirectoryError`, ...) with `errno` and `filename` set.
pub fn stream_error(err: &StreamError) -> PyErr {
    let message = Causes(err).to_string();
    match (err.os_error(), err.path()) {
        (Some(errno), Some(path)) => PyOSError::new_err((errno, message, path.to_path_buf())),
        (Some(errno), None) => PyOSError::new_err((errno, message)),
        _ => PyOSError::new_err(message),
    }
}

/// The threads for `jobs=` (None or 0: one per core), as the CLI's `-j`
/// checks them; a `ValueError` past [`Jobs::MAX`].
pub fn jobs(jobs: Option<usize>) -> PyResult<Jobs> {
    Jobs::new(jobs.unwrap_or(0)).map_err(|err: JobsError| PyValueError::new_err(err.to_string()))
}
