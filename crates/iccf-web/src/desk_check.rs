//! `POST /api/desk/check`: a received message checked against the game
//! file, as `iccf check` does; recorded in the file with `apply`.

use axum::Json;
use axum::extract::State;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use iccf_corr::{Applied, CheckOptions, Claim, Finding};
use serde::{Deserialize, Serialize};

use crate::body::Body;
use crate::desk::{DeskGame, date_field, file_text};
use crate::{ApiError, AppState, blocking};

/// The request: the game file and the message.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    /// The game file, our side, today.
    #[serde(flatten)]
    pub game: DeskGame,
    /// The message: plain text, or a whole e-mail (MIME) as received.
    pub message: String,
    /// The message file's bytes in base64, read instead of `message`: an
    /// e-mail in an 8-bit legacy charset (KOI8-R, CP1250) is decoded by
    /// its own header, which the page's UTF-8 text of it has lost.
    #[serde(default)]
    pub message_base64: Option<String>,
    /// Record their move in the game file when the message is in order.
    #[serde(default)]
    pub apply: bool,
    /// With `apply`: record the result their words give too (they resign,
    /// or accept our draw offer), as `iccf check --accept-result` does.
    #[serde(default)]
    pub accept_result: bool,
    /// The day we received the message, `YYYY.MM.DD`, as `iccf check
    /// --received` gives it: their move is recorded as received then, and
    /// our time for the reply counts from then. Absent or blank: the
    /// e-mail's date, else today (a message pasted as text has no date of
    /// its own).
    #[serde(default)]
    pub received: Option<String>,
}

/// The answer: the findings, and the changed file when recorded.
#[derive(Debug, Serialize)]
pub struct CheckJson {
    /// No finding is a problem.
    pub in_order: bool,
    /// Each finding in the order checked.
    pub findings: Vec<FindingJson>,
    /// Claims in words (draw offers, resignations, ...).
    pub claims: Vec<Claim>,
    /// The result the message gives (`1-0`, `0-1`, `1/2-1/2`), recorded
    /// or not: their words need `accept_result`, the board's mate does
    /// not (`on_board`).
    pub result: Option<String>,
    /// Whether `result` is the board's.
    pub on_board: bool,
    /// They ask for our last move again: nothing is recorded.
    pub resend: bool,
    /// What was recorded, when `apply` and in order.
    pub applied: Option<Vec<Applied>>,
    /// The game file after recording, when recorded.
    pub game: Option<String>,
}

/// One finding: the line `iccf check` prints, and its details (for an
/// unclear move, the suggested moves).
#[derive(Debug, Serialize)]
pub struct FindingJson {
    /// As `iccf check` prints it.
    pub text: String,
    /// Whether it puts the message out of order.
    pub problem: bool,
    /// The finding's fields, tagged by `kind`.
    pub detail: Finding,
}

/// Checks the message.
pub async fn handle(
    State(state): State<AppState>,
    Body(request): Body<CheckRequest>,
) -> Result<Json<CheckJson>, ApiError> {
    blocking::run(&state.workers, move || {
        let mut open = request.game.open()?;
        let today = request.game.today()?;
        // As `iccf check` reads it: an e-mail's date is when we received it.
        let message = match &request.message_base64 {
            Some(encoded) => {
                let bytes = STANDARD.decode(encoded.trim()).map_err(|err| {
                    ApiError::unprocessable(format!("message_base64: not base64: {err}"))
                })?;
                iccf_corr::read_message(&bytes)
            }
            None => iccf_corr::read_message(request.message.as_bytes()),
        };
        let opts = CheckOptions {
            today: Some(today),
            received: date_field("received", request.received.as_deref())?,
            ..CheckOptions::default()
        };
        let report = iccf_corr::check_message(&open.game, open.side, &message, &opts);
        let in_order = report.in_order();
        let (applied, game) = if request.apply && in_order && !report.resend {
            let mut applied = iccf_corr::apply(&mut open.game, &report, open.side, today);
            if request.accept_result {
                applied.extend(iccf_corr::apply_result(&mut open.game, &report));
            }
            (Some(applied), Some(file_text(&open.game)))
        } else {
            (None, None)
        };
        let findings = report
            .findings
            .into_iter()
            .map(|finding| FindingJson {
                text: finding.to_string(),
                problem: finding.is_problem(),
                detail: finding,
            })
            .collect();
        Ok(Json(CheckJson {
            in_order,
            findings,
            claims: report.claims,
            result: report.result,
            on_board: report.on_board,
            resend: report.resend,
            applied,
            game,
        }))
    })
    .await
}
