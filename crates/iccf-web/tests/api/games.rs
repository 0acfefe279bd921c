//! `/api/games/*`: the desk of `iccf serve --games DIR` on a copy of the
//! real test folder; nothing outside DIR is read or written.

use std::fs;
use std::path::Path;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use iccf_web::games_dir::GamesDir;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::util::{HOST, TOKEN, config};

/// A copy of `testdata/corr/folder/games` in a fresh folder, inside a
/// parent that also holds a file outside it.
fn folder() -> (tempfile::TempDir, std::path::PathBuf) {
    let parent = tempfile::tempdir().unwrap();
    let dir = parent.path().join("games");
    fs::create_dir(&dir).unwrap();
    for entry in fs::read_dir(iccf_testdata::path("corr/folder/games")).unwrap() {
        let entry = entry.unwrap();
        fs::copy(entry.path(), dir.join(entry.file_name())).unwrap();
    }
    fs::write(parent.path().join("outside.pgn"), OUTSIDE).unwrap();
    (parent, dir)
}

const OUTSIDE: &str = "[White \"Not\"]\n[Black \"Yours\"]\n[ICCFSide \"white\"]\n\n1. 5254 *\n";

async fn call(
    dir: Option<&Path>,
    path: &str,
    body: Value,
    token: Option<&str>,
) -> (StatusCode, Value) {
    let mut config = config(HOST);
    if let Some(dir) = dir {
        config = config.with_games(GamesDir::new(dir).unwrap());
    }
    let mut request = Request::post(path)
        .header(header::HOST, HOST)
        .header(header::CONTENT_TYPE, "application/json");
    if let Some(token) = token {
        request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    let request = request.body(Body::from(body.to_string())).unwrap();
    let response = iccf_web::router(config).oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap())
}

async fn ok(dir: &Path, path: &str, body: Value) -> Value {
    let (status, json) = call(Some(dir), path, body, Some(TOKEN)).await;
    assert_eq!(status, StatusCode::OK, "{path}: {json}");
    json
}

#[tokio::test]
async fn the_folder_is_listed_as_iccf_status_lists_it() {
    let (_parent, dir) = folder();
    let list = ok(&dir, "/api/games/list", json!({"date": "2026.12.02"})).await;
    let games = list["games"].as_array().unwrap();
    let files = fs::read_dir(&dir).unwrap().count();
    assert_eq!(games.len(), files);
    assert_eq!(list["unreadable"], json!([]));
    // Most urgent first: over the time limit, then our overdue moves.
    assert_eq!(games[0]["file"], "board-08.pgn");
    assert_eq!(games[0]["name"], "EM/CH/55/8 EM/CH/55 sf r8");
    assert_eq!(games[0]["status"]["to_move"], "white");
    assert_eq!(games[0]["status"]["their_clock"]["left"], -16);
    assert_eq!(
        games[0]["alerts"][0],
        "white is 16 days over the time limit"
    );
    let urgency: Vec<bool> = games
        .iter()
        .map(|g| {
            g["alerts"]
                .as_array()
                .unwrap()
                .iter()
                .any(|a| a.as_str().unwrap().contains("finished"))
        })
        .collect();
    // Finished games come last.
    assert!(urgency.windows(2).all(|w| !w[0] || w[1]), "{urgency:?}");
}

#[tokio::test]
async fn a_game_is_opened_and_written_back_atomically() {
    let (_parent, dir) = folder();
    let path = dir.join("sicilian-a.pgn");
    let before = fs::read_to_string(&path).unwrap();
    let opened = ok(&dir, "/api/games/open", json!({"file": "sicilian-a.pgn"})).await;
    assert_eq!(opened["game"], before);
    // A tag changed, as the desk would after a check or a card.
    let mut game = iccf_corr::read_game(before.as_bytes()).unwrap();
    game.set_tag("Annotator", "desk test");
    let text = String::from_utf8(iccf_corr::write_game(&game)).unwrap();
    let saved = ok(
        &dir,
        "/api/games/save",
        json!({"file": "sicilian-a.pgn", "game": text, "was": before}),
    )
    .await;
    assert_eq!(fs::read_to_string(&path).unwrap(), text);
    assert_eq!(saved["game"], text);
    // No temporary or lock file is left beside it.
    let names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".pgn"))
        .collect();
    assert!(
        names
            .iter()
            .all(|n| n.starts_with('.') && n.ends_with(".lock")),
        "{names:?}"
    );
    // Saved over a file changed meanwhile: refused, the file kept.
    let (status, json) = call(
        Some(&dir),
        "/api/games/save",
        json!({"file": "sicilian-a.pgn", "game": before, "was": before}),
        Some(TOKEN),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{json}");
    assert_eq!(fs::read_to_string(&path).unwrap(), text);
    // Text that is no game is not written.
    let (status, _) = call(
        Some(&dir),
        "/api/games/save",
        json!({"file": "sicilian-a.pgn", "game": "hello"}),
        Some(TOKEN),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fs::read_to_string(&path).unwrap(), text);
    // An emptied text box replaced the file with `*`: refused, kept.
    for empty in ["", "   \n", "*"] {
        let (status, json) = call(
            Some(&dir),
            "/api/games/save",
            json!({"file": "sicilian-a.pgn", "game": empty, "was": text}),
            Some(TOKEN),
        )
        .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{empty:?}: {json}"
        );
        assert_eq!(fs::read_to_string(&path).unwrap(), text, "{empty:?}");
    }
}

#[tokio::test]
async fn a_path_outside_the_folder_is_refused() {
    let (parent, dir) = folder();
    let outside = parent.path().join("outside.pgn");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&outside, dir.join("link.pgn")).unwrap();
    let mut names = vec![
        "../outside.pgn".to_owned(),
        "./../outside.pgn".to_owned(),
        outside.display().to_string(),
        "..\\outside.pgn".to_owned(),
        ".hidden.pgn".to_owned(),
        "notes.txt".to_owned(),
        String::new(),
    ];
    if cfg!(unix) {
        names.push("link.pgn".to_owned());
    }
    for name in &names {
        for path in ["/api/games/open", "/api/games/save"] {
            let mut body = json!({"file": name});
            if path.ends_with("save") {
                body["game"] = json!(OUTSIDE.replace("5254", "4244"));
            }
            let (status, json) = call(Some(&dir), path, body, Some(TOKEN)).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{path} {name}: {json}");
            assert!(json["error"].is_string());
        }
    }
    assert_eq!(fs::read_to_string(&outside).unwrap(), OUTSIDE);
    // The link is not listed either.
    let list = ok(&dir, "/api/games/list", json!({})).await;
    assert!(!list.to_string().contains("link.pgn"));
    assert!(!list.to_string().contains("Yours"));
    // A missing file is a 404.
    let (status, _) = call(
        Some(&dir),
        "/api/games/open",
        json!({"file": "nothing.pgn"}),
        Some(TOKEN),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_games_endpoints_need_the_token_and_the_folder() {
    let (_parent, dir) = folder();
    for (path, body) in [
        ("/api/games/list", json!({})),
        ("/api/games/open", json!({"file": "sicilian-a.pgn"})),
        (
            "/api/games/save",
            json!({"file": "sicilian-a.pgn", "game": OUTSIDE}),
        ),
    ] {
        let (status, _) = call(Some(&dir), path, body.clone(), None).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path} without the token");
        let (status, _) = call(Some(&dir), path, body.clone(), Some("wrong")).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path} with another token");
        let (status, json) = call(None, path, body, Some(TOKEN)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path} without --games");
        assert!(json["error"].as_str().unwrap().contains("--games"));
    }
    assert_eq!(
        fs::read_to_string(dir.join("sicilian-a.pgn")).unwrap(),
        fs::read_to_string(iccf_testdata::path("corr/folder/games/sicilian-a.pgn")).unwrap()
    );
}

#[tokio::test]
async fn another_host_cannot_reach_the_games() {
    let (_parent, dir) = folder();
    let config = config(HOST).with_games(GamesDir::new(&dir).unwrap());
    let request = Request::post("/api/games/open")
        .header(header::HOST, "evil.example")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::AUTHORIZATION, format!("Bearer {TOKEN}"))
        .body(Body::from(json!({"file": "sicilian-a.pgn"}).to_string()))
        .unwrap();
    let response = iccf_web::router(config).oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
}

/// As every other request: a misspelt field (`daet`) is refused, not
/// ignored (the list was dated today).
#[tokio::test]
async fn regression_a_misspelt_field_was_ignored() {
    let (_parent, dir) = folder();
    for (path, body) in [
        ("/api/games/list", json!({"date": "2026.12.02"})),
        ("/api/games/open", json!({"file": "sicilian-a.pgn"})),
    ] {
        ok(&dir, path, body.clone()).await;
        let mut misspelt = body;
        misspelt["daet"] = json!("2026.12.02");
        let (status, json) = call(Some(&dir), path, misspelt, Some(TOKEN)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {json}");
        let message = json["error"].as_str().unwrap();
        assert!(
            message.contains("unknown field `daet`"),
            "{path}: {message}"
        );
    }
}
