//! `POST /api/load`: pasted game text (PGN, a numeric record, any of our
//! languages, a received message) read into main lines with their problems.

use axum::Json;
use axum::extract::State;
use iccf_pgn::convert::located_games;
use serde::{Deserialize, Serialize};

use crate::body::Body;
use crate::limits::MAX_GAMES;
use crate::message_moves::message_record;
use crate::pasted::{PastedGame, pasted_games};
use crate::{ApiError, AppState, blocking};

/// The request: the pasted text.
#[derive(Debug, Deserialize)]
pub struct LoadRequest {
    /// One or more games.
    pub text: String,
}

/// The answer: each game's main line in numeric, with its problems.
#[derive(Debug, Serialize)]
pub struct LoadJson {
    /// The games, in order.
    pub games: Vec<PastedGame>,
}

/// Reads the games; a 413 when there are more than [`MAX_GAMES`].
pub async fn handle(
    State(state): State<AppState>,
    Body(request): Body<LoadRequest>,
) -> Result<Json<LoadJson>, ApiError> {
    blocking::run(&state.workers, move || {
        let bytes = request.text.as_bytes();
        let games = located_games(bytes).len();
        if games == 0 {
            return Err(ApiError::unprocessable("no game found in the text"));
        }
        if games > MAX_GAMES {
            return Err(ApiError::too_large(format!(
                "{games} games pasted; the page loads at most {MAX_GAMES} at a time"
            )));
        }
        let mut games = pasted_games(bytes);
        // Not a game but a message with numbered moves in it: its moves.
        if let [game] = games.as_slice()
            && game.tags.is_empty()
            && game.moves.is_empty()
            && !game.errors.is_empty()
            && let Some(found) = message_record(&request.text)
        {
            games = vec![found];
        }
        Ok(Json(LoadJson { games }))
    })
    .await
}
