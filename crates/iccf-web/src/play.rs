//! `POST /api/play`: one more move typed, clicked or dragged, read by the
//! engine in the line's last position; refused with the reason.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;

use crate::body::Body;
use crate::display::{DisplayRequest, lang_or_english};
use crate::line::{LineRequest, replay, step_in};
use crate::position::{LineJson, line_json};
use crate::{ApiError, AppState, blocking};

/// The request: a line and the move to add at its end.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayRequest {
    /// Start and moves so far.
    #[serde(flatten)]
    pub line: LineRequest,
    /// The move: numeric (`5254`, `67681`), SAN, long algebraic or UCI.
    pub text: String,
    /// Piece letters of an algebraic `text` (English when absent).
    #[serde(default)]
    pub input_lang: Option<String>,
    /// Notation and language of the moves written back.
    #[serde(flatten)]
    pub display: DisplayRequest,
}

/// Plays the move; answers with the longer line at its end, or a 422
/// with the engine's reason (``1. `5255`: the white pawn on e2 ...``).
pub async fn handle(
    State(state): State<AppState>,
    Body(request): Body<PlayRequest>,
) -> Result<Json<LineJson>, ApiError> {
    blocking::run(&state.workers, move || {
        let shown = request.display.format()?;
        let lang = lang_or_english(request.input_lang.as_deref())?;
        let mut line = replay(&request.line)?;
        let pos = line.end().clone();
        if request.text.trim().is_empty() {
            return Err(ApiError::unprocessable("no move given"));
        }
        let (step, after) = step_in(&request.text, &pos, lang)?;
        line.push(step, after);
        let ply = line.moves.len();
        Ok(Json(line_json(&line, ply, shown)))
    })
    .await
}
