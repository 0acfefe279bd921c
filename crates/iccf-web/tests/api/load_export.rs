//! `/api/load` and `/api/export`: pasted games read on real data, and the
//! line written back in any notation.

use axum::http::StatusCode;
use serde_json::json;

use crate::util::{ok, refused};

#[tokio::test]
async fn a_german_score_loads_as_numeric() {
    let answer = ok(
        "/api/load",
        json!({"text": "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 *"}),
    )
    .await;
    let game = &answer["games"][0];
    assert_eq!(
        game["moves"],
        json!(["5254", "5755", "7163", "2836", "6125", "1716"])
    );
    assert_eq!(game["result"], "*");
    assert_eq!(game["errors"], json!([]));
}

#[tokio::test]
async fn a_real_iccf_game_loads_as_its_numeric_record() {
    let pgn = iccf_testdata::read_to_string("pgn/iccf/ostinato-everitt-wang-iccf-1997.pgn");
    let record = iccf_testdata::read_to_string("corr/everitt-wang-1997-numeric.txt");
    let answer = ok("/api/load", json!({"text": pgn})).await;
    let game = &answer["games"][0];
    let moves: Vec<&str> = game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let expected: Vec<&str> = record
        .lines()
        .filter(|l| !l.starts_with('%'))
        .flat_map(str::split_whitespace)
        .filter(|w| w.bytes().all(|b| b.is_ascii_digit()))
        .collect();
    assert_eq!(moves.len(), 108);
    assert_eq!(moves, expected);
    assert!(
        game["tags"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t[0] == "White" && t[1].as_str().unwrap().contains("Everitt"))
    );
}

#[tokio::test]
async fn many_real_games_load_in_order() {
    let pgn = iccf_testdata::read_to_string("pgn/pgn4web/euroteams2011.pgn");
    let answer = ok("/api/load", json!({"text": pgn})).await;
    let games = answer["games"].as_array().unwrap();
    let events = pgn.lines().filter(|l| l.starts_with("[Event ")).count();
    assert_eq!(games.len(), events);
    assert!(events > 50);
    assert!(games.iter().enumerate().all(|(i, g)| g["index"] == i + 1));
    assert!(
        games
            .iter()
            .all(|g| !g["moves"].as_array().unwrap().is_empty())
    );
}

#[tokio::test]
async fn problems_are_reported_where_they_are_as_the_cli_says() {
    let answer = ok("/api/load", json!({"text": "1. 5254 5755\n2. 7163 2855 *"})).await;
    let game = &answer["games"][0];
    assert_eq!(game["moves"], json!(["5254", "5755", "7163"]));
    let error = &game["errors"][0];
    assert_eq!(
        (&error["line"], &error["column"], &error["token"]),
        (&json!(2), &json!(9), &json!("2855"))
    );
    assert!(
        error["text"]
            .as_str()
            .unwrap()
            .starts_with("2:9: game 1, 2... `2855`: "),
        "{error}"
    );
}

#[tokio::test]
async fn too_many_games_are_refused() {
    let text = "1. e4 *\n\n".repeat(201);
    let message = refused(
        "/api/load",
        json!({"text": text}),
        StatusCode::PAYLOAD_TOO_LARGE,
    )
    .await;
    assert_eq!(
        message,
        "201 games pasted; the page loads at most 200 at a time"
    );
    // A hundred thousand empty games fit in the body limit: counted, not read.
    let text = "*\n".repeat(100_000);
    let message = refused(
        "/api/load",
        json!({"text": text}),
        StatusCode::PAYLOAD_TOO_LARGE,
    )
    .await;
    assert_eq!(
        message,
        "100000 games pasted; the page loads at most 200 at a time"
    );
    let message = refused(
        "/api/load",
        json!({"text": "  \n"}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(message, "no game found in the text");
}

#[tokio::test]
async fn export_writes_pgn_in_any_notation_and_language() {
    let body = json!({
        "moves": ["5254", "5755", "7163"],
        "tags": [["White", "Anna \"A\""], ["Black", "Boris"], ["Result", "1-0"], ["Annotator", "me"]],
        "notation": "san", "lang": "fr",
    });
    let text = ok("/api/export", body).await["text"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(text.starts_with("[Event \"?\"]\n[Site \"?\"]\n"), "{text}");
    assert!(text.contains("[White \"Anna \\\"A\\\"\"]\n"), "{text}");
    assert!(text.contains("[Annotator \"me\"]\n"), "{text}");
    assert!(text.contains("1. e4 e5 2. Cf3 1-0"), "{text}");
}

#[tokio::test]
async fn export_writes_the_numeric_record_from_a_fen() {
    let body =
        json!({"fen": "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "moves": ["57581"], "format": "text"});
    let text = ok("/api/export", body).await["text"]
        .as_str()
        .unwrap()
        .to_owned();
    // The FEN starts the line, so that it reads back.
    assert!(
        text.starts_with("[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"] 1. 57581"),
        "{text}"
    );
}

#[tokio::test]
async fn export_refuses_a_bad_format_or_tag_name() {
    let message = refused(
        "/api/export",
        json!({"format": "docx"}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(message, "unknown format `docx`: pgn or text");
    let message = refused(
        "/api/export",
        json!({"tags": [["Bad]Name", "x"]]}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.starts_with("bad tag name `Bad]Name`"), "{message}");
}

#[tokio::test]
async fn a_received_message_loads_as_its_numbered_moves() {
    let text = "Dear Boris,\nthanks for your move.\nOur game so far: 1. 5254 5755 2. 7163 2836\n\
                > 2. 7136 (quoted, ignored)\nMy move: 3. 6125\nRegards, Anna";
    let answer = ok("/api/load", json!({"text": text})).await;
    let game = &answer["games"][0];
    assert_eq!(
        game["moves"],
        json!(["5254", "5755", "7163", "2836", "6125"])
    );
    assert_eq!(game["errors"], json!([]));
    // An illegal move stops the line, and says where.
    let answer = ok("/api/load", json!({"text": "Hello\n1. 5254 5755\n2. 7164"})).await;
    let game = &answer["games"][0];
    assert_eq!(game["moves"], json!(["5254", "5755"]));
    assert!(
        game["errors"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("3: `7164`: "),
        "{game}"
    );
}

/// The main line of a tree: from the start, each move's first continuation.
fn main_line(tree: &serde_json::Value) -> Vec<serde_json::Value> {
    let nodes = tree["nodes"].as_array().unwrap();
    let mut line = Vec::new();
    let mut at = serde_json::Value::Null;
    while let Some(i) = nodes.iter().position(|n| n["parent"] == at) {
        line.push(nodes[i]["move"].clone());
        at = json!(i);
    }
    line
}

#[tokio::test]
async fn an_annotated_game_keeps_its_variations_comments_and_nags_through_export() {
    let pgn = iccf_testdata::read_to_string("pgn/pgn4web/chess-informant-sample.pgn");
    let answer = ok("/api/load", json!({"text": pgn})).await;
    let games = answer["games"].as_array().unwrap();
    let mut variations = 0;
    for game in games.iter().filter(|g| g["refused"].is_null()) {
        let tree = &game["tree"];
        // The main line is the tree's.
        let main = main_line(tree);
        assert_eq!(json!(main), game["moves"]);
        variations += tree["nodes"].as_array().unwrap().len() - main.len();
        // Written out in SAN and read again, it is the same tree.
        let tags = &game["tags"];
        let exported = ok(
            "/api/export",
            json!({"fen": game["fen"], "chess960": game["chess960"], "tree": tree,
                   "tags": tags, "notation": "san"}),
        )
        .await;
        let text = exported["text"].as_str().unwrap();
        let again = ok("/api/load", json!({"text": text})).await;
        assert_eq!(again["games"][0]["tree"], *tree, "{text}");
    }
    assert!(variations > 100, "{variations} moves in variations");
    // NAGs come through; 6. d5?! (6. Bd3) follows 5... O-O as 6. d5 does.
    let first = games[0]["tree"]["nodes"].as_array().unwrap();
    assert_eq!(first[10]["move"], "4445");
    assert_eq!(first[10]["nags"], json!([6]));
    assert_eq!(first[11]["move"], "6143");
    assert_eq!(first[11]["parent"], first[10]["parent"]);
}

#[tokio::test]
async fn an_exported_tree_with_an_illegal_move_is_refused() {
    let tree = json!({"nodes": [{"move": "5254"}, {"move": "4245", "parent": null}]});
    let message = refused(
        "/api/export",
        json!({"tree": tree}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.contains("4245"), "{message}");
}

#[tokio::test]
async fn a_diagram_is_the_board_commands_svg() {
    let answer = ok(
        "/api/diagram",
        json!({"moves": ["5254", "5755"], "ply": 1, "flipped": true}),
    )
    .await;
    // The picture `iccf board --svg --flip` draws after 1. e4, e4 marked.
    let mut pos = shakmaty::Chess::default();
    let e4 = iccf::read::read_move_in(b"5254", &pos, iccf::lang::Lang::En)
        .unwrap()
        .m;
    shakmaty::Position::play_unchecked(&mut pos, e4);
    let options = iccf_board::Options::default()
        .flipped()
        .with_last_move(Some(e4));
    assert_eq!(answer["svg"], iccf_board::svg::diagram(&pos, &options));
    assert!(
        answer["svg"]
            .as_str()
            .unwrap()
            .contains("<title>Black to move")
    );
    let message = refused(
        "/api/diagram",
        json!({"moves": ["5254"], "ply": 2}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.contains("beyond"), "{message}");
}

#[tokio::test]
async fn the_letters_of_a_paste_can_be_chosen() {
    // Issue 18's game: English reads it one way, Finnish (R = king) another.
    let text = "1. h4 h5 2. Rh3 *";
    let english = ok("/api/load", json!({"text": text})).await;
    assert_eq!(english["games"][0]["moves"][2], "8183");
    let finnish = ok("/api/load", json!({"text": text, "input_lang": "fi"})).await;
    assert_eq!(finnish["games"][0]["moves"][2], "7183");
    let message = refused(
        "/api/load",
        json!({"text": text, "input_lang": "xx"}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.contains("unknown language"), "{message}");
}

#[tokio::test]
async fn a_tree_nested_deeper_than_json_likes_is_exported() {
    // 60 variations inside each other: flat JSON, no recursion limit met.
    let depth = 60;
    let text = format!(
        "1. e4 e5 {}{} *",
        "(1... c5 ".repeat(depth),
        ")".repeat(depth)
    );
    let answer = ok("/api/load", json!({"text": text})).await;
    let tree = &answer["games"][0]["tree"];
    assert_eq!(tree["nodes"].as_array().unwrap().len(), depth + 2);
    let exported = ok("/api/export", json!({"tree": tree})).await;
    let written = exported["text"].as_str().unwrap();
    assert_eq!(written.matches('(').count(), depth, "{written}");
    let again = ok("/api/load", json!({"text": written})).await;
    assert_eq!(again["games"][0]["tree"], *tree);
}
