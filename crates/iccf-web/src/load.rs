//! `POST /api/load`: pasted game text (PGN, a numeric record, any of our
//! languages, a received message) read into main lines with their problems.

use axum::Json;
use axum::extract::State;
use iccf_pgn::convert::located_games;
use iccf_pgn::encoding::{InputEncoding, decode};
use serde::{Deserialize, Serialize};

use crate::body::Body;
use crate::display::lang_or_english;
use crate::limits::MAX_GAMES;
use crate::message_moves::message_record;
use crate::pasted::{PastedGame, pasted_games};
use crate::{ApiError, AppState, blocking};

/// The request: the pasted text, or a file's bytes.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoadRequest {
    /// One or more games.
    #[serde(default)]
    pub text: String,
    /// The piece letters of algebraic moves (`fi`); found per game when
    /// absent, as `iccf convert` finds them.
    #[serde(default)]
    pub input_lang: Option<String>,
    /// A file that is not UTF-8, each byte as the character of the same
    /// number (U+0000 to U+00FF); decoded as `iccf convert` decodes files.
    #[serde(default)]
    pub bytes: Option<String>,
}

/// The answer: each game's main line in numeric, with its problems.
#[derive(Debug, Serialize)]
pub struct LoadJson {
    /// The games, in order.
    pub games: Vec<PastedGame>,
    /// The file's text decoded, when bytes were sent: the problems'
    /// places are in it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The legacy encoding the bytes were read in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding: Option<&'static str>,
}

/// Reads the games; a 413 when there are more than [`MAX_GAMES`].
pub async fn handle(
    State(state): State<AppState>,
    Body(request): Body<LoadRequest>,
) -> Result<Json<LoadJson>, ApiError> {
    blocking::run(&state.workers, move || {
        let (decoded, encoding) = match &request.bytes {
            Some(bytes) => {
                let (text, encoding) = decode_bytes(bytes)?;
                (Some(text), encoding)
            }
            None => (None, None),
        };
        let input_lang = match request.input_lang.as_deref().filter(|l| !l.is_empty()) {
            Some(code) => Some(lang_or_english(Some(code))?),
            None => None,
        };
        let text = decoded.as_deref().unwrap_or(&request.text);
        let bytes = text.as_bytes();
        let games = located_games(bytes).len();
        if games == 0 {
            return Err(ApiError::unprocessable("no game found in the text"));
        }
        if games > MAX_GAMES {
            return Err(ApiError::too_large(format!(
                "{games} games pasted; the page loads at most {MAX_GAMES} at a time"
            )));
        }
        let mut games = pasted_games(bytes, input_lang);
        // Not a game but a message with numbered moves in it: its moves.
        if let [game] = games.as_slice()
            && game.tags.is_empty()
            && game.moves.is_empty()
            && game.refused.is_none()
            && !game.errors.is_empty()
            && let Some(found) = message_record(text)
        {
            games = vec![found];
        }
        Ok(Json(LoadJson {
            games,
            text: decoded,
            encoding,
        }))
    })
    .await
}

/// A file's bytes sent as characters U+0000 to U+00FF, decoded to text as
/// `iccf convert` decodes its input; a 422 for any other character.
fn decode_bytes(sent: &str) -> Result<(String, Option<&'static str>), ApiError> {
    let bytes = sent
        .chars()
        .map(|c| u8::try_from(u32::from(c)))
        .collect::<Result<Vec<u8>, _>>()
        .map_err(|_| ApiError::unprocessable("`bytes` holds a character past U+00FF"))?;
    let (text, encoding) = decode(&bytes, InputEncoding::Auto);
    Ok((String::from_utf8_lossy(&text).into_owned(), encoding))
}
