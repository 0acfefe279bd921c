//! `GET /api/info`: what the page needs before anything else: the
//! languages, the notations, and whether other computers can reach it.

use axum::Json;
use axum::extract::State;
use iccf::Notation;
use iccf::lang::Lang;
use iccf_corr::MessageLang;
use serde::Serialize;

use crate::AppState;

/// The answer.
#[derive(Debug, Serialize)]
pub struct InfoJson {
    /// The iccf version.
    pub version: &'static str,
    /// The address the server listens on.
    pub bind: String,
    /// Whether it listens beyond this computer (not on loopback only).
    pub reachable_from_elsewhere: bool,
    /// Piece-letter languages: code, name, letters K Q R B N.
    pub languages: Vec<LangJson>,
    /// Notation names moves can be written in.
    pub notations: Vec<&'static str>,
    /// Languages of a card's fixed words.
    pub message_langs: Vec<&'static str>,
    /// Whether the server has a games folder (`--games DIR`) for the desk.
    pub games_folder: bool,
}

/// One language.
#[derive(Debug, Serialize)]
pub struct LangJson {
    /// `de`.
    pub code: &'static str,
    /// `German`.
    pub name: &'static str,
    /// `K D T L S`.
    pub letters: [&'static str; 5],
}

/// Tells the page about the server and the engine.
pub async fn handle(State(state): State<AppState>) -> Json<InfoJson> {
    Json(InfoJson {
        version: env!("CARGO_PKG_VERSION"),
        bind: state.config.bind.to_string(),
        reachable_from_elsewhere: state.config.reachable_from_elsewhere(),
        languages: Lang::all()
            .map(|lang| LangJson {
                code: lang.code(),
                name: lang.name(),
                letters: lang.letters(),
            })
            .collect(),
        notations: Notation::ALL.iter().map(|n| n.name()).collect(),
        message_langs: MessageLang::ALL.iter().map(|l| l.code()).collect(),
        games_folder: state.config.games.is_some(),
    })
}
