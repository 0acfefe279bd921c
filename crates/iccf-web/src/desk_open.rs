//! `POST /api/desk/open`: a game file's content read: its tags, moves and
//! whose turn it is.

use axum::Json;
use axum::extract::State;
use iccf_corr::Game;
use serde::Serialize;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

use crate::body::Body;
use crate::desk::DeskGame;
use crate::{ApiError, AppState, blocking};

/// The answer: what the desk shows of a game file.
#[derive(Debug, Serialize)]
pub struct OpenJson {
    /// Tags in order.
    pub tags: Vec<(String, String)>,
    /// Our side: `white` or `black`.
    pub side: &'static str,
    /// The position the game starts from, as FEN, when it is not the
    /// standard start (a thematic event's); the moves are played from it.
    pub fen: Option<String>,
    /// Whether castling is Chess960's.
    pub chess960: bool,
    /// The moves in numeric.
    pub moves: Vec<String>,
    /// `*` while the game goes on.
    pub result: String,
    /// The number of the move due: `12.` or `12...`.
    pub next: String,
    /// Whether the move due is ours.
    pub our_turn: bool,
    /// Pending if-move lines, numeric.
    pub pending: Vec<Vec<String>>,
}

/// Reads the game file.
pub async fn handle(
    State(state): State<AppState>,
    Body(request): Body<DeskGame>,
) -> Result<Json<OpenJson>, ApiError> {
    blocking::run(&state.workers, move || {
        let open = request.open()?;
        Ok(Json(open_json(&open.game, open.side)))
    })
    .await
}

/// What the page shows of `game`, where we play `side`.
pub fn open_json(game: &Game, side: shakmaty::Color) -> OpenJson {
    let next = game.next_no();
    OpenJson {
        tags: game.tags.clone(),
        side: if side == shakmaty::Color::White {
            "white"
        } else {
            "black"
        },
        fen: (game.start != Chess::default())
            .then(|| Fen::from_position(&game.start, EnPassantMode::Legal).to_string()),
        chess960: game.start.castles().mode() == CastlingMode::Chess960,
        moves: game.plies.iter().map(|p| p.mv.to_string()).collect(),
        result: game.result().to_owned(),
        next: next.to_string(),
        our_turn: next.turn == side && !game.is_over(),
        pending: game
            .pending
            .iter()
            .map(|line| line.iter().map(ToString::to_string).collect())
            .collect(),
    }
}
