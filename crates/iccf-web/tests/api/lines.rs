//! `/api/position` and `/api/play`: lines replayed, legal moves, moves
//! read in any notation or refused with the reason.

use axum::http::StatusCode;
use serde_json::json;

use crate::util::{numeric, ok, refused};

#[tokio::test]
async fn start_position_has_the_twenty_legal_moves_with_numeric_squares() {
    let line = ok("/api/position", json!({})).await;
    let pos = &line["position"];
    assert_eq!(pos["legal"].as_array().unwrap().len(), 20);
    assert_eq!(pos["pieces"].as_object().unwrap().len(), 32);
    assert_eq!(pos["pieces"]["52"], "P");
    assert_eq!(pos["pieces"]["58"], "k");
    assert_eq!(pos["turn"], "white");
    assert_eq!(pos["number"], "1.");
    let e4 = pos["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["numeric"] == "5254")
        .unwrap();
    assert_eq!(
        (&e4["from"], &e4["to"], &e4["san"]),
        (&json!("52"), &json!("54"), &json!("e4"))
    );
}

#[tokio::test]
async fn a_line_is_shown_at_any_ply_with_moves_in_the_chosen_language() {
    let body =
        json!({"moves": ["5254", "5755", "7163"], "ply": 1, "notation": "san", "lang": "de"});
    let line = ok("/api/position", body).await;
    assert_eq!(numeric(&line), ["5254", "5755", "7163"]);
    assert_eq!(line["moves"][2]["text"], "Sf3");
    assert_eq!(line["moves"][1]["number"], "1...");
    assert_eq!(line["ply"], 1);
    assert_eq!(line["position"]["pieces"]["54"], "P");
    assert_eq!(line["position"]["pieces"].get("55"), None);
}

#[tokio::test]
async fn a_ply_beyond_the_line_is_refused() {
    let message = refused(
        "/api/position",
        json!({"moves": ["5254"], "ply": 2}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(message, "ply 2 is beyond the line's 1 moves");
}

#[tokio::test]
async fn fools_mate_ends_in_checkmate_with_no_legal_move() {
    let line = ok(
        "/api/position",
        json!({"moves": ["6263", "5755", "7274", "4884"]}),
    )
    .await;
    assert_eq!(line["position"]["status"], "checkmate");
    assert_eq!(line["position"]["check"], true);
    assert!(line["position"]["legal"].as_array().unwrap().is_empty());
    let message = refused(
        "/api/play",
        json!({"moves": ["6263", "5755", "7274", "4884"], "text": "5254"}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.starts_with("3. `5254`: "), "{message}");
}

#[tokio::test]
async fn play_reads_numeric_and_answers_with_the_longer_line() {
    let line = ok(
        "/api/play",
        json!({"moves": ["5254"], "text": "5755", "notation": "figurine"}),
    )
    .await;
    assert_eq!(numeric(&line), ["5254", "5755"]);
    assert_eq!(line["ply"], 2);
    assert_eq!(line["position"]["turn"], "white");
}

#[tokio::test]
async fn play_reads_algebraic_in_the_language_given() {
    let line = ok(
        "/api/play",
        json!({"moves": ["5254", "5755"], "text": "Sf3", "input_lang": "de"}),
    )
    .await;
    assert_eq!(numeric(&line)[2], "7163");
    let line = ok(
        "/api/play",
        json!({"moves": ["5254", "5755"], "text": "g1f3"}),
    )
    .await;
    assert_eq!(numeric(&line)[2], "7163");
}

/// Found trying the page as a player: a move typed with its number or a
/// mark (`1. 5254`, `5254+`) was "`54` is not a square". It reads as
/// `iccf move` reads it; a wrong number is said.
#[tokio::test]
async fn a_move_typed_with_its_number_or_mark_was_no_square() {
    for text in ["1. 5254", "5254+", "5254!", "1.e4"] {
        let line = ok("/api/play", json!({"moves": [], "text": text})).await;
        assert_eq!(numeric(&line), ["5254"], "{text}");
    }
    let message = refused(
        "/api/play",
        json!({"text": "2. 5254"}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        message,
        "1. `2. 5254`: move number does not fit: the next move is 1."
    );
}

#[tokio::test]
async fn an_illegal_move_is_refused_with_the_cli_message() {
    let message = refused(
        "/api/play",
        json!({"text": "5255"}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(
        message,
        "1. `5255`: the white pawn on e2 cannot move to e5; nearest legal: 5253, 5254"
    );
    let message = refused(
        "/api/play",
        json!({"text": "5294"}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.starts_with("1. `5294`: "), "{message}");
    let message = refused(
        "/api/play",
        json!({"text": "  "}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(message, "no move given");
}

#[tokio::test]
async fn a_promotion_is_played_with_its_fifth_digit() {
    let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    let before = ok("/api/position", json!({"fen": fen})).await;
    let promotions: Vec<_> = before["position"]["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"] == "57")
        .map(|m| {
            (
                m["numeric"].as_str().unwrap().to_owned(),
                m["promotion"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(promotions.len(), 4, "{promotions:?}");
    assert!(promotions.contains(&("57581".to_owned(), 1)));
    let line = ok("/api/play", json!({"fen": fen, "text": "57582"})).await;
    assert_eq!(line["position"]["pieces"]["58"], "R");
}

#[tokio::test]
async fn a_bad_move_in_the_line_is_named() {
    let message = refused(
        "/api/position",
        json!({"moves": ["5254", "5754", "7163"]}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.starts_with("1... `5754`: "), "{message}");
}

#[tokio::test]
async fn invalid_and_impossible_fens_are_refused() {
    let message = refused(
        "/api/position",
        json!({"fen": "not a fen"}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.starts_with("bad FEN `not a fen`: "), "{message}");
    // The message ends (or starts) with what is said.
    for (fen, text, said, at_end) in [
        // A counter past any game was played on as move 4294967295:
        // refused as `iccf convert` refuses the FEN tag.
        (
            "8/8/8/8/8/8/8/K1k5 w - - 0 99999999999999999999999",
            "1121",
            "move counter 99999999999999999999999 is absurd",
            true,
        ),
        // Two white kings: a FEN that parses but is no position.
        (
            "4k3/8/8/8/8/8/8/K3K3 w - - 0 1",
            "5152",
            "impossible position",
            false,
        ),
    ] {
        let message = refused(
            "/api/play",
            json!({"fen": fen, "text": text}),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        let placed = match at_end {
            true => message.ends_with(said),
            false => message.starts_with(said),
        };
        assert!(placed, "{message}");
    }
}

#[tokio::test]
async fn unknown_notation_and_language_are_named() {
    let message = refused(
        "/api/position",
        json!({"notation": "morse"}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.contains("unknown notation `morse`"), "{message}");
    let message = refused(
        "/api/play",
        json!({"text": "e4", "input_lang": "xx"}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.contains("unknown language `xx`"), "{message}");
}

#[tokio::test]
async fn the_end_of_a_game_names_the_winner_and_the_draws_by_rule() {
    let mate = crate::util::ok(
        "/api/position",
        json!({"moves": ["6263", "5755", "7274", "4884"]}),
    )
    .await;
    assert_eq!(mate["position"]["status"], "checkmate");
    assert_eq!(mate["position"]["winner"], "black");
    let cycle = ["7163", "7866", "6371", "6678"];
    let twice: Vec<&str> = cycle.iter().copied().cycle().take(8).collect();
    let three = crate::util::ok("/api/position", json!({"moves": twice})).await;
    assert_eq!(three["position"]["status"], "playing");
    assert_eq!(three["position"]["claim"], "threefold repetition");
    let four: Vec<&str> = cycle.iter().copied().cycle().take(16).collect();
    let five = crate::util::ok("/api/position", json!({"moves": four, "ply": 16})).await;
    assert_eq!(five["position"]["status"], "fivefold repetition");
    // Stepping back, the history is the history up to the position shown.
    let back = crate::util::ok("/api/position", json!({"moves": four, "ply": 4})).await;
    assert_eq!(back["position"]["claim"], serde_json::Value::Null);
    let quiet = json!({"fen": "4k3/8/8/8/8/8/8/4K2R w - - 149 80", "moves": ["8182"]});
    let rule = crate::util::ok("/api/position", quiet).await;
    assert_eq!(rule["position"]["status"], "75-move rule");
    let fifty = json!({"fen": "4k3/8/8/8/8/8/8/4K2R w - - 99 80", "moves": ["8182"]});
    let claim = crate::util::ok("/api/position", fifty).await;
    assert_eq!(claim["position"]["claim"], "50-move rule");
}
