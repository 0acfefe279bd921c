//! `POST /api/position`: a line replayed, its moves written out, and one
//! of its positions with the pieces and every legal move.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use iccf::{MoveFormat, MoveNumber};
use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Position};

use crate::body::Body;
use crate::display::DisplayRequest;
use crate::line::{Line, LineRequest, replay};
use crate::move_json::{MoveJson, square};
use crate::{ApiError, AppState, blocking};

/// The request: a line, which of its positions to show, how to write moves.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// Start and moves.
    #[serde(flatten)]
    pub line: LineRequest,
    /// Half-moves from the start to the position shown; the end when absent.
    #[serde(default)]
    pub ply: Option<usize>,
    /// Notation and language of `text`.
    #[serde(flatten)]
    pub display: DisplayRequest,
}

/// The answer: every move of the line, and the position at `ply`.
#[derive(Debug, Serialize)]
pub struct LineJson {
    /// The moves of the whole line.
    pub moves: Vec<MoveJson>,
    /// Half-moves to the position shown.
    pub ply: usize,
    /// The position shown.
    pub position: PositionJson,
}

/// A position: pieces by numeric square, whose turn, and the legal moves.
#[derive(Debug, Serialize)]
pub struct PositionJson {
    /// FEN.
    pub fen: String,
    /// Pieces by square, `"52": "P"` (upper case white, lower case black).
    pub pieces: BTreeMap<String, String>,
    /// `white` or `black`.
    pub turn: &'static str,
    /// The number of the move due: `1.` or `1...`.
    pub number: String,
    /// The side to move is in check.
    pub check: bool,
    /// `playing`, `checkmate`, or the draw that ended the game:
    /// `stalemate`, `insufficient material`, `fivefold repetition`, `75-move
    /// rule`.
    pub status: &'static str,
    /// The side that won, after checkmate: `white` or `black`.
    pub winner: Option<&'static str>,
    /// A draw the side to move may claim: `threefold repetition` or
    /// `50-move rule`.
    pub claim: Option<&'static str>,
    /// Every legal move.
    pub legal: Vec<MoveJson>,
}

/// Replays the line and shows the position asked for.
pub async fn handle(
    State(state): State<AppState>,
    Body(request): Body<PositionRequest>,
) -> Result<Json<LineJson>, ApiError> {
    blocking::run(&state.workers, move || {
        let shown = request.display.format()?;
        let line = replay(&request.line)?;
        let ply = line.ply(request.ply)?;
        Ok(Json(line_json(&line, ply, shown)))
    })
    .await
}

/// The line's moves and its position at `ply` (at most its length).
pub fn line_json(line: &Line, ply: usize, shown: MoveFormat) -> LineJson {
    let moves = line
        .moves
        .iter()
        .zip(&line.positions)
        .map(|(&step, pos)| match step {
            Some(m) => MoveJson::new(pos, m, shown),
            None => MoveJson::null(pos),
        })
        .collect();
    let mut position = position_json(&line.positions[ply], shown);
    rule_draws(&mut position, &line.positions[..=ply]);
    LineJson {
        moves,
        ply,
        position,
    }
}

/// The draws the history of the position at the end of `played` brings:
/// repetitions (fivefold ends the game, threefold may be claimed) and the
/// move rules (75 moves end it, 50 may be claimed).
fn rule_draws(position: &mut PositionJson, played: &[Chess]) {
    let Some(now) = played.last() else { return };
    if position.status != "playing" {
        return;
    }
    let key = |pos: &Chess| pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal);
    let here = key(now);
    let seen = played.iter().filter(|pos| key(pos) == here).count();
    let halfmoves = now.halfmoves();
    if seen >= 5 {
        position.status = "fivefold repetition";
    } else if halfmoves >= 150 {
        position.status = "75-move rule";
    } else if seen >= 3 {
        position.claim = Some("threefold repetition");
    } else if halfmoves >= 100 {
        position.claim = Some("50-move rule");
    }
}

/// One position for the page.
pub fn position_json(pos: &Chess, shown: MoveFormat) -> PositionJson {
    let pieces = pos
        .board()
        .iter()
        .map(|(sq, piece)| (square(sq), piece.char().to_string()))
        .collect();
    let status = if pos.is_checkmate() {
        "checkmate"
    } else if pos.is_stalemate() {
        "stalemate"
    } else if pos.is_insufficient_material() {
        "insufficient material"
    } else {
        "playing"
    };
    PositionJson {
        fen: Fen::from_position(pos, EnPassantMode::Legal).to_string(),
        pieces,
        turn: if pos.turn().is_white() {
            "white"
        } else {
            "black"
        },
        number: MoveNumber::from_position(pos).to_string(),
        check: pos.is_check(),
        status,
        winner: pos.is_checkmate().then(|| {
            if pos.turn().is_white() {
                "black"
            } else {
                "white"
            }
        }),
        claim: None,
        legal: pos
            .legal_moves()
            .into_iter()
            .map(|m| MoveJson::new(pos, m, shown))
            .collect(),
    }
}
