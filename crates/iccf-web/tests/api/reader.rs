//! The page takes exactly the games the loader takes: a Chess960 game, a
//! null move and a FEN with castling rights that do not fit are loaded
//! whole and replayed by `/api/position`, `/api/play` and `/api/export`
//! (regressions of issue 17: "loaded", then refused).

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::util::{numeric, ok, refused};

const CHESS960: &str = "[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
    [FEN \"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1\"]\n\n1. O-O g6 2. g3 O-O *";
const NULL_MOVE: &str = "1. e4 -- 2. d4 e5 *";
const ODD_CASTLING: &str =
    "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1\"]\n\n1. O-O Kd7 *";

async fn load(text: &str) -> Value {
    let answer = ok("/api/load", json!({"text": text})).await;
    answer["games"][0].clone()
}

/// The line of a loaded game as the page sends it.
fn line_of(game: &Value) -> Value {
    json!({"fen": game["fen"], "chess960": game["chess960"], "moves": game["moves"]})
}

#[tokio::test]
async fn a_chess960_game_is_loaded_and_replayed() {
    let game = load(CHESS960).await;
    assert_eq!(game["refused"], Value::Null, "{game}");
    assert_eq!(game["chess960"], true);
    assert_eq!(game["moves"].as_array().unwrap().len(), 4, "{game}");
    let line = ok("/api/position", line_of(&game)).await;
    assert_eq!(numeric(&line).len(), 4);
    // White's king on g1 after castling, Black's on g8.
    assert_eq!(line["position"]["pieces"]["71"], "K");
    assert_eq!(line["position"]["pieces"]["78"], "k");
    let mut play = line_of(&game);
    play["text"] = json!("1213");
    let played = ok("/api/play", play).await;
    assert_eq!(numeric(&played).len(), 5);
    let mut export = line_of(&game);
    export["tags"] = game["tags"].clone();
    let pgn = ok("/api/export", export).await["text"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    // What was exported loads again, the same.
    let again = load(&pgn).await;
    assert_eq!(again["moves"], game["moves"], "{pgn}");
    assert_eq!(again["refused"], Value::Null);
}

#[tokio::test]
async fn a_null_move_is_loaded_and_replayed() {
    let game = load(NULL_MOVE).await;
    assert_eq!(game["refused"], Value::Null, "{game}");
    assert_eq!(game["moves"], json!(["5254", "--", "4244", "5755"]));
    let line = ok("/api/position", line_of(&game)).await;
    assert_eq!(line["moves"][1]["numeric"], "--");
    assert_eq!(line["moves"][1]["number"], "1...");
    assert_eq!(line["position"]["turn"], "white");
    let at_null = ok("/api/position", json!({"moves": game["moves"], "ply": 2})).await;
    assert_eq!(at_null["position"]["turn"], "white");
    assert_eq!(at_null["position"]["number"], "2.");
    let pgn = ok("/api/export", line_of(&game)).await["text"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(pgn.contains("1. 5254 -- 2. 4244 5755"), "{pgn}");
    // A null move in check is refused with the reason.
    let message = refused(
        "/api/play",
        json!({"moves": ["6263", "5755", "7274", "4884"], "text": "--"}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(message, "3. `--`: a null move while in check");
}

#[tokio::test]
async fn castling_rights_that_do_not_fit_are_dropped_as_the_loader_drops_them() {
    let game = load(ODD_CASTLING).await;
    assert_eq!(game["refused"], Value::Null, "{game}");
    assert!(
        game["warnings"][0]["text"]
            .as_str()
            .unwrap()
            .contains("castling"),
        "{game}"
    );
    assert_eq!(game["fen"], "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(game["moves"].as_array().unwrap().len(), 2);
    let line = ok("/api/position", line_of(&game)).await;
    assert_eq!(line["position"]["pieces"]["71"], "K");
    // The FEN as pasted works too: /api/position reads it as the loader does.
    let raw = json!({"fen": "4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1", "moves": ["5171"]});
    ok("/api/position", raw).await;
}

#[tokio::test]
async fn a_game_the_page_cannot_show_says_why() {
    // As `iccf convert` says it: the reader's reason.
    let game = load("[Variant \"Crazyhouse\"]\n\n1. e4 e5 *").await;
    assert_eq!(
        game["refused"],
        "variant Crazyhouse is not supported: numeric notation covers standard chess and Chess960"
    );
    let game = load("[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *").await;
    assert!(
        game["refused"]
            .as_str()
            .unwrap()
            .starts_with("impossible FEN position"),
        "{game}"
    );
}
