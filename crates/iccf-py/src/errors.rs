//! The exceptions of `iccf.move`: `ParseError` for text that is no move,
//! `IllegalMoveError` for a move that cannot be played; both `ValueError`s
//! with the same attributes (`kind`, `text`, `move_number`, `reason`,
//! `notation`, `nearest`). Messages quote at most [`QUOTE_CHARS`]
//! characters of the input, so a megabyte pasted by mistake is no
//! megabyte of traceback.

use iccf::MoveNumber;
use iccf::localized::ParseLocalizedSanError;
use iccf::read::ReadMoveError;
use iccf_corr::OurMoveError;
use iccf_pgn::typed_move::TypedMoveError;
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
    let message = shorten_quotes(&format!("{number} `{text}`: {err}"));
    let nearest: Vec<String> = match err {
        ReadMoveError::IllegalNumeric { nearest, .. } => {
            nearest.iter().map(ToString::to_string).collect()
        }
        _ => Vec::new(),
    };
    let pyerr = move_exception(err, message);
    let attributes = Attributes {
        kind: move_error_kind(err),
        text: Some(text),
        move_number: Some(number.to_string()),
        reason: shorten_quotes(&err.to_string()),
        notation: Some(err.notation().name()),
        nearest,
    };
    attributes.set_on(py, &pyerr);
    pyerr
}

/// The `IllegalMoveError` (kind `ambiguous-language`) for `text`, which
/// languages read as different moves, `moves` in numeric: as an ambiguous
/// SAN move, a move that cannot be played until it is told which.
pub fn ambiguous_language_error(
    py: Python<'_>,
    text: &str,
    number: MoveNumber,
    reason: String,
    notation: Option<&'static str>,
    moves: Vec<String>,
) -> PyErr {
    let message = shorten_quotes(&format!("{number} `{text}`: {reason}"));
    let pyerr = IllegalMoveError::new_err(message);
    let attributes = Attributes {
        kind: "ambiguous-language",
        text: Some(text),
        move_number: Some(number.to_string()),
        reason,
        notation,
        nearest: moves,
    };
    attributes.set_on(py, &pyerr);
    pyerr
}

/// A `ParseError` for text that is no move, else an `IllegalMoveError`,
/// saying `message`.
pub fn move_exception(err: &ReadMoveError, message: String) -> PyErr {
    match err {
        ReadMoveError::ParseNumeric(_)
        | ReadMoveError::NotUtf8(_)
        | ReadMoveError::NotAMove
        | ReadMoveError::ParseSan { .. } => ParseError::new_err(message),
        _ => IllegalMoveError::new_err(message),
    }
}

/// A `ParseError` of kind `bad-position` (a FEN that is none, or a
/// position that cannot be) with `message` as its message and reason.
pub fn parse_error(py: Python<'_>, message: String) -> PyErr {
    parse_error_of(py, "bad-position", message)
}

/// A `ParseError` of kind `kind` with `message` as its message and reason.
pub fn parse_error_of(py: Python<'_>, kind: &'static str, message: String) -> PyErr {
    let message = shorten_quotes(&message);
    let pyerr = ParseError::new_err(message.clone());
    let attributes = Attributes {
        kind,
        text: None,
        move_number: None,
        reason: message,
        notation: None,
        nearest: Vec::new(),
    };
    attributes.set_on(py, &pyerr);
    pyerr
}

/// The `ParseError` for move text that is not one move (`""`, `e4 e5`,
/// a number that does not fit), with the attributes of `move_error`'s.
pub fn typed_move_error(
    py: Python<'_>,
    err: &TypedMoveError,
    text: &str,
    number: MoveNumber,
) -> PyErr {
    let pyerr = ParseError::new_err(shorten_quotes(&format!("{number} `{text}`: {err}")));
    let kind = match err {
        TypedMoveError::NoMove => "no-move",
        TypedMoveError::NotOneMove { .. } => "not-one-move",
        TypedMoveError::NumberDoesNotFit { .. } => "wrong-move-number",
        // A reason added to the reader later: still no one move.
        _ => "not-one-move",
    };
    let attributes = Attributes {
        kind,
        text: Some(text),
        move_number: Some(number.to_string()),
        reason: shorten_quotes(&err.to_string()),
        notation: None,
        nearest: Vec::new(),
    };
    attributes.set_on(py, &pyerr);
    pyerr
}

/// The `IllegalMoveError` for our move `text` refused by `iccf.card`, as
/// `iccf.move` raises one: `nearest` holds the likeliest meant moves
/// (numeric), or each language's reading of an ambiguous one.
pub fn our_move_error(py: Python<'_>, err: &OurMoveError, text: &str) -> PyErr {
    let pyerr = IllegalMoveError::new_err(shorten_quotes(&format!("our move `{text}`: {err}")));
    let (kind, nearest) = match err {
        OurMoveError::Illegal {
            suggestions,
            nearest,
            ..
        } if suggestions.is_empty() => ("illegal", nearest.clone()),
        OurMoveError::Illegal { suggestions, .. } => (
            "illegal",
            suggestions.iter().map(|s| s.numeric.clone()).collect(),
        ),
        OurMoveError::Ambiguous { readings, .. } => (
            "ambiguous-language",
            readings.iter().map(|(m, _)| m.clone()).collect(),
        ),
        OurMoveError::GameOver => ("game-over", Vec::new()),
        OurMoveError::NotOurTurn => ("not-our-turn", Vec::new()),
    };
    let attributes = Attributes {
        kind,
        text: Some(text),
        move_number: None,
        reason: shorten_quotes(&err.to_string()),
        notation: None,
        nearest,
    };
    attributes.set_on(py, &pyerr);
    pyerr
}

/// What every `ParseError` and `IllegalMoveError` carries, set or `None`.
struct Attributes<'a> {
    kind: &'static str,
    text: Option<&'a str>,
    move_number: Option<String>,
    reason: String,
    notation: Option<&'static str>,
    nearest: Vec<String>,
}

impl Attributes<'_> {
    fn set_on(self, py: Python<'_>, err: &PyErr) {
        let value = err.value(py);
        // Setting attributes on a fresh exception instance cannot fail.
        let _ = value.setattr("kind", self.kind);
        let _ = value.setattr("text", self.text);
        let _ = value.setattr("move_number", self.move_number);
        let _ = value.setattr("reason", self.reason);
        let _ = value.setattr("notation", self.notation);
        let _ = value.setattr("nearest", self.nearest);
        // Where in a game: set for the errors of `read_game`'s games.
        let _ = value.setattr("line", None::<u64>);
        let _ = value.setattr("column", None::<u64>);
    }
}

/// The `kind` of a move that could not be read: what went wrong, in a
/// word a program can test.
pub fn move_error_kind(err: &ReadMoveError) -> &'static str {
    match err {
        ReadMoveError::ParseNumeric(_) => "bad-numeric",
        ReadMoveError::IllegalNumeric { .. } => "illegal-numeric",
        ReadMoveError::IllegalUci => "illegal-uci",
        ReadMoveError::IllegalLan => "illegal-lan",
        ReadMoveError::WrongPiece { .. } => "wrong-piece",
        ReadMoveError::NotUtf8(_) => "not-utf8",
        ReadMoveError::NotAMove => "not-a-move",
        ReadMoveError::ParseSan {
            error: ParseLocalizedSanError::MissingPromotion,
            ..
        } => "missing-promotion",
        ReadMoveError::ParseSan { .. } => "bad-san",
        ReadMoveError::AmbiguousSan { .. } => "ambiguous",
        ReadMoveError::NoPieceCanMove { .. } => "no-piece-can-move",
        ReadMoveError::IllegalFromSquare { .. } => "illegal-from-square",
        ReadMoveError::CannotCastle { .. } => "cannot-castle",
        ReadMoveError::Drop { .. } => "drop",
        ReadMoveError::NullMove => "null-move",
        ReadMoveError::GameOver { .. } => "game-over",
        // A reason added to the core later: still a move not played.
        _ => "illegal",
    }
}

/// The most characters of input a message quotes.
pub const QUOTE_CHARS: usize = 100;

/// `message` with every `quoted` span over [`QUOTE_CHARS`] characters cut
/// to its start and `…`.
pub fn shorten_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(1024));
    for (i, part) in message.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        // Odd parts lie between backquotes.
        match part.char_indices().nth(QUOTE_CHARS) {
            Some((cut, _)) if i % 2 == 1 => {
                out.push_str(&part[..cut]);
                out.push('…');
            }
            _ => out.push_str(part),
        }
    }
    out
}

/// The `OSError` for a file that could not be read or written: built from
/// `(errno, message, filename)`, so that Python makes it the subclass the
/// errno names (`FileNotFoundError`, `PermissionError`,
/// `IsADirectoryError`, ...) with `errno` and `filename` set.
pub fn stream_error(err: &StreamError) -> PyErr {
    let message = Causes(err).to_string();
    let os_error = match (err.os_error(), err.path()) {
        // `filename` a str, as Python's own `open` gives it.
        (Some(errno), Some(path)) => {
            PyOSError::new_err((errno, message, path.as_os_str().to_os_string()))
        }
        (Some(errno), None) => PyOSError::new_err((errno, message)),
        _ => PyOSError::new_err(message),
    };
    // The caller's own file object failed: its exception (a
    // UnicodeDecodeError of a text file opened with the wrong encoding)
    // is the cause, as `raise ... from` gives it.
    if let Some(raised) = raised_by_python(err) {
        Python::attach(|py| os_error.set_cause(py, Some(raised.clone_ref(py))));
    }
    os_error
}

/// The Python exception among the causes of `err`, if a file object
/// raised one while it was read.
fn raised_by_python<'e>(err: &'e (dyn std::error::Error + 'static)) -> Option<&'e PyErr> {
    let mut cause = Some(err);
    while let Some(err) = cause {
        if let Some(raised) = err
            .downcast_ref::<std::io::Error>()
            .and_then(|io| io.get_ref())
            .and_then(|inner| inner.downcast_ref::<PyErr>())
        {
            return Some(raised);
        }
        cause = err.source();
    }
    None
}

/// The threads for `jobs=` (None or 0: one per core), as the CLI's `-j`
/// checks them; a `ValueError` below 0 or past [`Jobs::MAX`].
pub fn jobs(jobs: Option<i64>) -> PyResult<Jobs> {
    let asked = jobs.unwrap_or(0);
    let asked = usize::try_from(asked).map_err(|_| {
        PyValueError::new_err(format!(
            "jobs={asked}: give 1 to {} threads, or 0 for one per core",
            Jobs::MAX
        ))
    })?;
    Jobs::new(asked).map_err(|err: JobsError| PyValueError::new_err(err.to_string()))
}
