//! `POST /api/games/*`: the desk of `iccf serve --games DIR`. The folder
//! listed as `iccf status` lists it (whose move, clocks, alerts, most
//! urgent first), a game file opened, and written back.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use iccf_corr::{Deadlines, GameStatus, game_status};
use serde::{Deserialize, Serialize};

use crate::body::Body;
use crate::desk::DeskGame;
use crate::games_dir::GamesDir;
use crate::{ApiError, AppState, blocking};

/// A listing request: the day to count from.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListRequest {
    /// `YYYY.MM.DD`; today in the local time zone when absent.
    #[serde(default)]
    pub date: Option<String>,
}

/// The folder as `iccf status --json` shows it.
#[derive(Debug, Serialize)]
pub struct ListJson {
    /// The folder.
    pub dir: String,
    /// Its games, most urgent first.
    pub games: Vec<GameLine>,
    /// Files that could not be read, and why.
    pub unreadable: Vec<Unreadable>,
}

/// One game of the folder.
#[derive(Debug, Serialize)]
pub struct GameLine {
    /// The file's name.
    pub file: String,
    /// `EM/CH/55/8 EM/CH/55 sf r8`: its ID, event and round.
    pub name: String,
    /// Where it stands, as `iccf status --json` gives it.
    pub status: GameStatus,
    /// The alerts in words, as `iccf status` prints them.
    pub alerts: Vec<String>,
}

/// A file that could not be read.
#[derive(Debug, Serialize)]
pub struct Unreadable {
    /// The file's name.
    pub file: String,
    /// Why.
    pub error: String,
}

/// One file of the folder.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileRequest {
    /// Its name in the folder (`sicilian-a.pgn`).
    pub file: String,
}

/// A file's text.
#[derive(Debug, Serialize)]
pub struct FileJson {
    /// Its name.
    pub file: String,
    /// Its content.
    pub game: String,
}

/// A file to write.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveRequest {
    /// Its name in the folder.
    pub file: String,
    /// The game file's new text (one game, as the desk gives it).
    pub game: String,
    /// The text it had when opened: the write is refused (409) when the
    /// file has changed since.
    #[serde(default)]
    pub was: Option<String>,
}

fn folder(state: &AppState) -> Result<GamesDir, ApiError> {
    state.config.games.clone().ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "no games folder: start the page with iccf serve --games DIR",
        )
    })
}

/// Lists the folder.
pub async fn list(
    State(state): State<AppState>,
    Body(request): Body<ListRequest>,
) -> Result<Json<ListJson>, ApiError> {
    let dir = folder(&state)?;
    blocking::run(&state.workers, move || {
        let today = DeskGame {
            date: request.date,
            ..DeskGame::default()
        }
        .today()?;
        let listing = dir.list()?;
        let rules = Deadlines::default();
        let mut games: Vec<GameLine> = listing
            .games
            .into_iter()
            .map(|g| {
                let status = game_status(&g.game, g.side, today, &rules);
                GameLine {
                    name: status.name(),
                    alerts: status.alerts.iter().map(ToString::to_string).collect(),
                    file: g.name,
                    status,
                }
            })
            .collect();
        games.sort_by(|a, b| (a.status.urgency(), &a.file).cmp(&(b.status.urgency(), &b.file)));
        let unreadable = listing
            .unreadable
            .into_iter()
            .map(|(file, error)| Unreadable { file, error })
            .collect();
        Ok(Json(ListJson {
            dir: dir.path().display().to_string(),
            games,
            unreadable,
        }))
    })
    .await
}

/// Reads one game file.
pub async fn open(
    State(state): State<AppState>,
    Body(request): Body<FileRequest>,
) -> Result<Json<FileJson>, ApiError> {
    let dir = folder(&state)?;
    blocking::run(&state.workers, move || {
        let game = dir.read(&request.file)?;
        Ok(Json(FileJson {
            file: request.file,
            game,
        }))
    })
    .await
}

/// Writes one game file back, once it reads as one game.
pub async fn save(
    State(state): State<AppState>,
    Body(request): Body<SaveRequest>,
) -> Result<Json<FileJson>, ApiError> {
    let dir = folder(&state)?;
    blocking::run(&state.workers, move || {
        let game = iccf_corr::read_game(request.game.as_bytes())
            .map_err(|err| ApiError::unprocessable(format!("not saved: {err}")))?;
        if game.tags.is_empty() && game.plies.is_empty() && game.pending.is_empty() {
            // An emptied text box read as a game without tags or moves,
            // and replaced the file with `*`.
            return Err(ApiError::unprocessable(format!(
                "not saved: the text holds no game; {} is kept as it was",
                request.file
            )));
        }
        dir.write(&request.file, &game, request.was.as_deref())?;
        let game = dir.read(&request.file)?;
        Ok(Json(FileJson {
            file: request.file,
            game,
        }))
    })
    .await
}
