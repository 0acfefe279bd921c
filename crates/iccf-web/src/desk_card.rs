//! `POST /api/desk/card`: our move recorded in the game file and the next
//! message composed, as `iccf card` does.

use axum::Json;
use axum::extract::State;
use iccf::MoveFormat;
use iccf_corr::{CardOptions, MessageLang, Offer};
use serde::{Deserialize, Serialize};

use crate::body::Body;
use crate::desk::{DeskGame, file_text};
use crate::display::{lang_or_english, parse_notation};
use crate::limits::short_text;
use crate::{ApiError, AppState, blocking};

/// The request: the game file, our move and what goes on the card.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardRequest {
    /// The game file, our side, today.
    #[serde(flatten)]
    pub game: DeskGame,
    /// Our move: numeric, or algebraic in any language; none prints the
    /// card for our last move again.
    #[serde(default, rename = "move")]
    pub mv: Option<String>,
    /// Piece letters of an algebraic move; any language that reads it
    /// when absent (refused when languages disagree).
    #[serde(default)]
    pub input_lang: Option<String>,
    /// Language of the card's fixed words: en, de, fr, es, it, cs, ru.
    #[serde(default)]
    pub message_lang: Option<String>,
    /// A second notation written beside the numeric record.
    #[serde(default)]
    pub also: Option<String>,
    /// Piece letters of the second notation.
    #[serde(default)]
    pub lang: Option<String>,
    /// Offer a draw.
    #[serde(default)]
    pub offer_draw: bool,
    /// Accept their draw offer.
    #[serde(default)]
    pub accept_draw: bool,
    /// Resign.
    #[serde(default)]
    pub resign: bool,
}

/// The answer: the message and the changed game file.
#[derive(Debug, Serialize)]
pub struct CardJson {
    /// The message to send.
    pub card: String,
    /// The game file with our move recorded.
    pub game: String,
}

/// Records our move and composes the card; a 422 refuses the move with
/// the moves it may mean.
pub async fn handle(
    State(state): State<AppState>,
    Body(request): Body<CardRequest>,
) -> Result<Json<CardJson>, ApiError> {
    blocking::run(&state.workers, move || compose(&request).map(Json)).await
}

fn compose(request: &CardRequest) -> Result<CardJson, ApiError> {
    let lang = message_lang(request.message_lang.as_deref())?;
    let also = match request.also.as_deref().filter(|a| !a.is_empty()) {
        Some(name) => Some(MoveFormat {
            lang: lang_or_english(request.lang.as_deref())?,
            ..MoveFormat::new(parse_notation(name)?)
        }),
        None => None,
    };
    let input_lang = match request.input_lang.as_deref() {
        Some(code) => Some(lang_or_english(Some(code))?),
        None => None,
    };
    if request.resign && (request.offer_draw || request.accept_draw) {
        return Err(ApiError::unprocessable(
            "resign, or offer or accept a draw: not both",
        ));
    }
    if request.offer_draw && request.accept_draw {
        return Err(ApiError::unprocessable(
            "offer a draw or accept theirs: not both",
        ));
    }
    let mut open = request.game.open()?;
    let (game, side) = (&mut open.game, open.side);
    let mv = request
        .mv
        .as_deref()
        .map(str::trim)
        .filter(|m| !m.is_empty());
    let offers: Vec<Offer> = [
        (request.offer_draw, Offer::OfferDraw),
        (request.accept_draw, Offer::AcceptDraw),
        (request.resign, Offer::Resign),
    ]
    .into_iter()
    .filter_map(|(given, offer)| given.then_some(offer))
    .collect();
    // A resignation or an accepted draw goes instead of a move.
    Offer::alone(&offers, mv.is_some()).map_err(|err| ApiError::unprocessable(err.to_string()))?;
    if let Some(mv) = mv {
        let today = request.game.today()?;
        iccf_corr::play_our_move(game, short_text("move", mv)?, input_lang, today)
            .map_err(|err| ApiError::unprocessable(format!("our move {mv}: {err}")))?;
    }
    let last_ours = game
        .plies
        .len()
        .checked_sub(1)
        .is_some_and(|last| game.side_of_ply(last) == side);
    if mv.is_none() && offers.is_empty() && !last_ours {
        return Err(ApiError::unprocessable(format!(
            "no move to send: give our move {}",
            game.next_no()
        )));
    }
    iccf_corr::record_offers(game, side, &offers)
        .map_err(|err| ApiError::unprocessable(err.to_string()))?;
    game.card_written();
    let options = CardOptions {
        lang,
        also,
        offers,
        today: request.game.today().ok(),
    };
    Ok(CardJson {
        card: iccf_corr::card(game, side, &options),
        game: file_text(game),
    })
}

fn message_lang(code: Option<&str>) -> Result<MessageLang, ApiError> {
    match code.filter(|c| !c.is_empty()) {
        None => Ok(MessageLang::En),
        Some(code) => short_text("message_lang", code)?
            .parse()
            .map_err(|err| ApiError::unprocessable(format!("message_lang `{code}`: {err}"))),
    }
}
