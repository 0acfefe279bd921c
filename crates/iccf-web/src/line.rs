//! A line of play as the page sends it: a start position (FEN, or the
//! usual start) and the moves played from it, replayed by the engine.

use iccf::MoveNumber;
use iccf::lang::Lang;
use iccf::read::read_move_in;
use iccf::token::is_null_move;
use iccf_pgn::setup::parse_fen;
use iccf_pgn::typed_move::typed_move;
use serde::Deserialize;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position};

use crate::ApiError;
use crate::limits::{MAX_PLIES, short_text};

/// `"fen"`, `"chess960"` and `"moves"` of a request.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct LineRequest {
    /// The start position; the usual start when absent.
    #[serde(default)]
    pub fen: Option<String>,
    /// Castling as in Chess960 (the king takes its own rook); also when the
    /// FEN's castling rights say so (`HAha`).
    #[serde(default)]
    pub chess960: bool,
    /// The moves from it, in numeric (or any notation `iccf move` reads,
    /// English letters); `--` is a null move.
    #[serde(default)]
    pub moves: Vec<String>,
}

/// A replayed line: each position and the move played from it.
#[derive(Clone, Debug)]
pub struct Line {
    /// `positions[i]` is before move `i`; one more position than moves.
    pub positions: Vec<Chess>,
    /// The moves, legal in their positions; `None` for a null move.
    pub moves: Vec<Option<Move>>,
}

impl Line {
    /// The ply asked for (by default the end of the line), or why it is
    /// not in the line.
    pub fn ply(&self, asked: Option<usize>) -> Result<usize, ApiError> {
        let ply = asked.unwrap_or(self.moves.len());
        if ply > self.moves.len() {
            return Err(ApiError::unprocessable(format!(
                "ply {ply} is beyond the line's {} moves",
                self.moves.len()
            )));
        }
        Ok(ply)
    }

    /// The last position.
    pub fn end(&self) -> &Chess {
        self.positions.last().expect("a line has a start")
    }

    /// Plays `step` (legal at the end) at the end.
    pub fn push(&mut self, step: Option<Move>, after: Chess) {
        self.moves.push(step);
        self.positions.push(after);
    }
}

/// The start position of `fen`, or the usual start; a 422 for a bad FEN.
pub fn start_position(fen: Option<&str>, chess960: bool) -> Result<Chess, ApiError> {
    let mode = CastlingMode::from_chess960(chess960);
    let Some(fen) = fen.map(str::trim).filter(|f| !f.is_empty()) else {
        return Ok(iccf_pgn::setup::start_position(mode));
    };
    let parsed = parse_fen(short_text("fen", fen)?.as_bytes())
        .map_err(|err| ApiError::unprocessable(format!("bad FEN `{fen}`: {err}")))?;
    let mode = if chess960 {
        mode
    } else {
        CastlingMode::detect(parsed.as_setup())
    };
    // Castling rights that do not fit the pieces are dropped, as the
    // game loader drops them (with a warning there).
    let refused = |err: &dyn std::fmt::Display| {
        ApiError::unprocessable(format!("impossible position `{fen}`: {err}"))
    };
    match parsed.into_position(mode) {
        Ok(pos) => Ok(pos),
        Err(err) => err
            .ignore_invalid_castling_rights()
            .map_err(|err| refused(&err)),
    }
}

/// The FEN of `pos` as the page sends it back.
pub fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// Replays the request's moves; a 422 names the first move that fails.
pub fn replay(request: &LineRequest) -> Result<Line, ApiError> {
    if request.moves.len() > MAX_PLIES {
        return Err(ApiError::too_large(format!(
            "{} moves sent; at most {MAX_PLIES}",
            request.moves.len()
        )));
    }
    let start = start_position(request.fen.as_deref(), request.chess960)?;
    let mut line = Line {
        positions: Vec::with_capacity(request.moves.len() + 1),
        moves: Vec::with_capacity(request.moves.len()),
    };
    line.positions.push(start);
    for text in &request.moves {
        let (step, after) = step_in(text, line.end(), Lang::En)?;
        line.push(step, after);
    }
    Ok(line)
}

/// Reads one move or a null move (`--`) in `pos`: the move and the
/// position after it.
pub fn step_in(text: &str, pos: &Chess, lang: Lang) -> Result<(Option<Move>, Chess), ApiError> {
    if is_null_move(text.trim().as_bytes()) {
        let after = pass(pos).ok_or_else(|| {
            ApiError::unprocessable(format!(
                "{} `--`: a null move while in check",
                MoveNumber::from_position(pos)
            ))
        })?;
        return Ok((None, after));
    }
    let m = read_in(text, pos, lang)?;
    let mut after = pos.clone();
    after.play_unchecked(m);
    Ok((Some(m), after))
}

/// The position after a null move, as the converter counts it (the
/// clocks go on); `None` in check.
fn pass(pos: &Chess) -> Option<Chess> {
    if pos.is_check() {
        return None;
    }
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    if setup.turn == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.halfmoves = setup.halfmoves.saturating_add(1);
    setup.swap_turn();
    Chess::from_setup(setup, pos.castles().mode()).ok()
}

/// Reads one move in `pos`, as `iccf move` reads it (its number and
/// marks may be typed: `1. 5254+`), refused as the CLI says it: ``1.
/// `5255`: ...``.
pub fn read_in(text: &str, pos: &Chess, lang: Lang) -> Result<Move, ApiError> {
    let text = short_text("a move", text.trim())?;
    let number = MoveNumber::from_position(pos);
    let refused =
        |err: &dyn std::fmt::Display| ApiError::unprocessable(format!("{number} `{text}`: {err}"));
    let the_move = typed_move(text, number).map_err(|err| refused(&err))?;
    read_move_in(the_move.as_bytes(), pos, lang)
        .map(|read| read.m)
        .map_err(|err| refused(&err))
}
