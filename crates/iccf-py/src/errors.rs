//! The exceptions of `iccf.move`: `ParseError` for text that is no move,
//! `IllegalMoveError` for a move that cannot be played; both `ValueError`s
//! carrying the reason and, for numeric moves, the nearest legal moves.

use iccf::MoveNumber;
use iccf::read::ReadMoveError;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
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
