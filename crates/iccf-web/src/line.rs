//! A line of play as the page sends it: a start position (FEN, or the
//! usual start) and the moves played from it, replayed by the engine.

use iccf::MoveNumber;
use iccf::lang::Lang;
use iccf::read::read_move_in;
use serde::Deserialize;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Move, Position};

use crate::ApiError;
use crate::limits::{MAX_PLIES, short_text};

/// `"fen"` and `"moves"` of a request.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct LineRequest {
    /// The start position; the usual start when absent.
    #[serde(default)]
    pub fen: Option<String>,
    /// The moves from it, in numeric (or any notation `iccf move` reads,
    /// English letters).
    #[serde(default)]
    pub moves: Vec<String>,
}

/// A replayed line: each position and the move played from it.
#[derive(Clone, Debug)]
pub struct Line {
    /// `positions[i]` is before move `i`; one more position than moves.
    pub positions: Vec<Chess>,
    /// The moves, legal in their positions.
    pub moves: Vec<Move>,
}

impl Line {
    /// The last position.
    pub fn end(&self) -> &Chess {
        self.positions.last().expect("a line has a start")
    }
}

/// The start position of `fen`, or the usual start; a 422 for a bad FEN.
pub fn start_position(fen: Option<&str>) -> Result<Chess, ApiError> {
    let Some(fen) = fen.map(str::trim).filter(|f| !f.is_empty()) else {
        return Ok(Chess::default());
    };
    let parsed: Fen = short_text("fen", fen)?
        .parse()
        .map_err(|err| ApiError::unprocessable(format!("bad FEN `{fen}`: {err}")))?;
    parsed
        .into_position(CastlingMode::Standard)
        .map_err(|err| ApiError::unprocessable(format!("impossible position `{fen}`: {err}")))
}

/// Replays the request's moves; a 422 names the first move that fails.
pub fn replay(request: &LineRequest) -> Result<Line, ApiError> {
    if request.moves.len() > MAX_PLIES {
        return Err(ApiError::too_large(format!(
            "{} moves sent; at most {MAX_PLIES}",
            request.moves.len()
        )));
    }
    let mut pos = start_position(request.fen.as_deref())?;
    let mut line = Line {
        positions: Vec::with_capacity(request.moves.len() + 1),
        moves: Vec::with_capacity(request.moves.len()),
    };
    for text in &request.moves {
        let m = read_in(text, &pos, Lang::En)?;
        line.positions.push(pos.clone());
        line.moves.push(m);
        pos.play_unchecked(m);
    }
    line.positions.push(pos);
    Ok(line)
}

/// Reads one move in `pos`, refused as the CLI says it: ``1. `5255`: ...``.
pub fn read_in(text: &str, pos: &Chess, lang: Lang) -> Result<Move, ApiError> {
    let text = short_text("a move", text.trim())?;
    read_move_in(text.as_bytes(), pos, lang)
        .map(|read| read.m)
        .map_err(|err| {
            ApiError::unprocessable(format!(
                "{} `{text}`: {err}",
                MoveNumber::from_position(pos)
            ))
        })
}
