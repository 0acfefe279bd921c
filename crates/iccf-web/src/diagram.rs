//! `POST /api/diagram`: a position of the line as the SVG diagram of
//! `iccf board --svg`, with the numeric grid and the last move marked.

use axum::Json;
use axum::extract::State;
use iccf_board::{Options, svg};
use serde::{Deserialize, Serialize};

use crate::body::Body;
use crate::line::{LineRequest, replay};
use crate::{ApiError, AppState, blocking};

/// The request: a line, which of its positions, and which side is below.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiagramRequest {
    /// Start and moves.
    #[serde(flatten)]
    pub line: LineRequest,
    /// Half-moves to the position drawn; the end when absent.
    #[serde(default)]
    pub ply: Option<usize>,
    /// Black at the bottom.
    #[serde(default)]
    pub flipped: bool,
}

/// The answer: one SVG document.
#[derive(Debug, Serialize)]
pub struct DiagramJson {
    /// The picture.
    pub svg: String,
}

/// Draws the position.
pub async fn handle(
    State(state): State<AppState>,
    Body(request): Body<DiagramRequest>,
) -> Result<Json<DiagramJson>, ApiError> {
    blocking::run(&state.workers, move || {
        let line = replay(&request.line)?;
        let ply = line.ply(request.ply)?;
        let last = ply.checked_sub(1).and_then(|i| line.moves[i]);
        let mut options = Options::default().with_last_move(last);
        if request.flipped {
            options = options.flipped();
        }
        Ok(Json(DiagramJson {
            svg: svg::diagram(&line.positions[ply], &options),
        }))
    })
    .await
}
