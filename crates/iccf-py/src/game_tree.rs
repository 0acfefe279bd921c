//! `iccf.read_game`'s native half: one game read by the game reader of
//! every other part of iccf (`iccf_pgn::game`), handed to Python as plain
//! values (dicts, lists, UCI moves) that the Python half plays into a
//! `chess.pgn.Game` through python-chess's own `GameBuilder` visitor.

use iccf_pgn::convert::Problem;
use iccf_pgn::encoding::InputEncoding;
use iccf_pgn::game::{Game, Line, Reader};
use iccf_pgn::problem::ProblemKind;
use pyo3::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, EnPassantMode, Position};

use crate::args;
use crate::errors::{ParseError, move_error_kind, move_exception, shorten_quotes};

/// A line of play: its moves, the comments of a line without a move, and
/// the rest of the line as written from a move that could not be read.
#[derive(IntoPyObject)]
pub struct LineOut {
    comments: Vec<String>,
    /// NAGs before the line's first move (`($142 1... c5)`).
    nags: Vec<u32>,
    nodes: Vec<NodeOut>,
    unread: Vec<String>,
}

/// One move: UCI in the game's castling mode (`None` for a null move),
/// its comments, NAGs and the variations that replace it.
#[derive(IntoPyObject)]
pub struct NodeOut {
    uci: Option<String>,
    comments_before: Vec<String>,
    comments_after: Vec<String>,
    nags: Vec<u32>,
    variations: Vec<LineOut>,
}

/// The game: tags in order, start position, moves, result, and the
/// errors as the exceptions `iccf.move` would raise.
#[derive(IntoPyObject)]
pub struct GameOut {
    tags: Vec<(String, String)>,
    fen: String,
    chess960: bool,
    moves: LineOut,
    result: Option<String>,
    errors: Vec<Py<PyAny>>,
}

/// Reads the first game of `data` (`None` when it holds none), its piece
/// letters in `input_lang` (`auto`: found from its moves).
#[pyfunction]
#[pyo3(signature = (data, *, input_lang = Some("auto")))]
pub fn read_game_tree(
    py: Python<'_>,
    data: &[u8],
    input_lang: Option<&str>,
) -> PyResult<Option<GameOut>> {
    let reader = Reader {
        input_lang: args::input_lang(input_lang)?,
        encoding: InputEncoding::Auto,
        start: None,
    };
    let game = py.detach(|| reader.read_games(data).into_iter().next());
    Ok(game.map(|game| game_out(py, &game)))
}

fn game_out(py: Python<'_>, game: &Game) -> GameOut {
    let mode = game.start.castles().mode();
    GameOut {
        tags: game.tags.clone(),
        fen: Fen::from_position(&game.start, EnPassantMode::Legal).to_string(),
        chess960: mode == CastlingMode::Chess960,
        moves: line_out(&game.moves, mode),
        result: game.result.clone(),
        errors: game
            .report
            .errors
            .iter()
            .map(|p| game_error(py, p).into_value(py).into_any())
            .collect(),
    }
}

fn line_out(line: &Line, mode: CastlingMode) -> LineOut {
    let nodes = line
        .nodes
        .iter()
        .map(|node| NodeOut {
            uci: node.m.map(|m| m.to_uci(mode).to_string()),
            comments_before: node.comments_before.clone(),
            comments_after: node.comments_after.clone(),
            nags: node.nags.iter().map(|&n| u32::from(n)).collect(),
            variations: node.variations.iter().map(|v| line_out(v, mode)).collect(),
        })
        .collect();
    LineOut {
        comments: line.comments.clone(),
        nags: line.nags.iter().map(|&n| u32::from(n)).collect(),
        nodes,
        unread: line.unread.clone(),
    }
}

/// The exception for an error of a game: an `IllegalMoveError` for a move
/// that cannot be played, a `ParseError` for anything else, with the
/// attributes of `iccf.move`'s exceptions and the `Problem`'s message.
fn game_error(py: Python<'_>, problem: &Problem) -> PyErr {
    let message = shorten_quotes(&problem.to_string());
    let (err, kind, notation) = match &problem.kind {
        ProblemKind::Move(read) => {
            let err = move_exception(read, message);
            (err, move_error_kind(read), Some(read.notation().name()))
        }
        ProblemKind::BadFen(_) | ProblemKind::ImpossibleFen { .. } => {
            (ParseError::new_err(message), "bad-position", None)
        }
        _ => (ParseError::new_err(message), "bad-game", None),
    };
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail.
    let _ = value.setattr("kind", kind);
    let _ = value.setattr("text", problem.token.as_str());
    let _ = value.setattr("move_number", problem.move_number.map(|n| n.to_string()));
    let _ = value.setattr("reason", shorten_quotes(&problem.kind.to_string()));
    let _ = value.setattr("notation", notation);
    let _ = value.setattr("nearest", Vec::<String>::new());
    let _ = value.setattr("line", problem.line);
    let _ = value.setattr("column", problem.column);
    err
}
