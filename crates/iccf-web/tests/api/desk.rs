//! The correspondence desk: a game file opened, a message checked (with
//! the suggestions for a mistyped move), our move and message composed.

use axum::http::StatusCode;
use serde_json::json;

use crate::util::{ok, refused};

const GAME: &str = "[Event \"Friendly\"]\n[Site \"?\"]\n[Date \"2026.12.01\"]\n[Round \"?\"]\n\
[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"*\"]\n[ICCFSide \"white\"]\n[TimeControl \"10/50\"]\n\n\
1. 5254 {[%ccsnt 2026.12.01]} *\n";

#[tokio::test]
async fn open_tells_whose_move_is_due() {
    let game = ok("/api/desk/open", json!({"game": GAME})).await;
    assert_eq!(game["side"], "white");
    assert_eq!(game["moves"], json!(["5254"]));
    assert_eq!(game["next"], "1...");
    assert_eq!(game["our_turn"], false);
    // A file without the tag takes the side asked.
    let untagged = GAME.replace("[ICCFSide \"white\"]\n", "");
    let game = ok("/api/desk/open", json!({"game": untagged, "side": "black"})).await;
    assert_eq!(game["our_turn"], true);
}

/// Found trying the desk as a player: a game from a set-up position (a
/// thematic event's) could not be shown on the board: the answer had no
/// FEN, and its moves were refused from the standard start.
#[tokio::test]
async fn open_gives_the_fen_of_a_thematic_game() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let game = format!(
        "[Event \"Thematic\"]\n[ICCFSide \"white\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n3. 6125 {{[%ccsnt 2026.12.01]}} *\n"
    );
    let open = ok("/api/desk/open", json!({"game": game})).await;
    assert_eq!(open["fen"], fen);
    assert_eq!(open["chess960"], false);
    assert_eq!(open["moves"], json!(["6125"]));
    // What the page does with it: the line from there.
    let line = ok(
        "/api/position",
        json!({"fen": open["fen"], "moves": open["moves"]}),
    )
    .await;
    assert_eq!(line["ply"], 1);
    let open = ok("/api/desk/open", json!({"game": GAME})).await;
    assert_eq!(open["fen"], serde_json::Value::Null);
}

/// Found trying the desk as a player: "We play: Black" left set from
/// another game overrode a file where we play White. The card said "My
/// move: 3... 3544", their move recorded as ours, and the file came back
/// with `[ICCFSide "black"]`. Refused now, as `iccf card --as` is.
#[tokio::test]
async fn the_desk_side_overrode_the_file_s() {
    for (path, field, value) in [
        ("/api/desk/open", "date", "2026.12.02"),
        ("/api/desk/card", "move", "5755"),
        ("/api/desk/check", "message", "1... 5755"),
    ] {
        let body = json!({"game": GAME, "side": "black", field: value});
        let error = refused(path, body, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert!(
            error.starts_with("we play black, says the desk, but the file says white"),
            "{path}: {error}"
        );
    }
    // The side the file says may be repeated.
    ok("/api/desk/open", json!({"game": GAME, "side": "white"})).await;
}

/// Found trying the desk as a player: a KOI8-R e-mail sent 8-bit, opened
/// in the page, reached the server as the browser's UTF-8 text of it, its
/// Cyrillic replaced: the draw offer was missed. Its bytes, in base64,
/// are read by the e-mail's own charset.
#[tokio::test]
async fn an_8bit_koi8_r_e_mail_lost_its_draw_offer() {
    use base64::Engine;
    let bytes = iccf_testdata::read("corr/mail/koi8r.eml");
    let game = "[ICCFSide \"white\"]\n\n1. 5254 {[%ccsnt 2026.12.01]} 5755 {[%ccsnt 2026.12.02]} 2. 7163 {[%ccsnt 2026.12.03]} *\n";
    let encoded = base64::engine::general_purpose::STANDARD.encode(&bytes);
    let body =
        json!({"game": game, "message": "", "message_base64": encoded, "date": "2026.12.06"});
    let report = ok("/api/desk/check", body).await;
    assert_eq!(report["claims"], json!(["draw-offer"]), "{report}");
    // As the page had it: the text with its Cyrillic lost.
    let lossy = String::from_utf8_lossy(&bytes).into_owned();
    let body = json!({"game": game, "message": lossy, "date": "2026.12.06"});
    let report = ok("/api/desk/check", body).await;
    assert_eq!(report["claims"], json!([]));
    let body = json!({"game": game, "message": "", "message_base64": "not base64!"});
    let error = refused("/api/desk/check", body, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(error.starts_with("message_base64: not base64"), "{error}");
}

/// Found trying the desk as a player: their resignation could not be
/// recorded from the page (no `--accept-result`), and the answer did not
/// say why nothing was: "the message is in order", the game still `*`.
#[tokio::test]
async fn their_resignation_could_not_be_recorded() {
    let message = "Thanks for 1. 5254. I resign.";
    let report = ok(
        "/api/desk/check",
        json!({"game": GAME, "message": message, "apply": true}),
    )
    .await;
    assert_eq!(report["in_order"], true);
    assert_eq!(report["result"], "1-0");
    assert_eq!(report["on_board"], false);
    assert!(report["game"].as_str().unwrap().contains("[Result \"*\"]"));
    let report = ok(
        "/api/desk/check",
        json!({"game": GAME, "message": message, "apply": true, "accept_result": true}),
    )
    .await;
    assert_eq!(
        report["applied"],
        json!([{"kind": "result", "result": "1-0"}])
    );
    assert!(
        report["game"]
            .as_str()
            .unwrap()
            .contains("[Result \"1-0\"]")
    );
}

#[tokio::test]
async fn a_mistyped_move_gets_the_move_it_means_first() {
    let body = json!({"game": GAME, "message": "Thanks for 1. 5254\nMy reply: 1... 5575"});
    let report = ok("/api/desk/check", body).await;
    assert_eq!(report["in_order"], false);
    let unclear = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["detail"]["kind"] == "unclear-move")
        .expect("an unclear move");
    assert_eq!(unclear["problem"], true);
    assert!(
        unclear["text"]
            .as_str()
            .unwrap()
            .starts_with("your move 1... 5575 is not a legal numeric move")
    );
    assert_eq!(unclear["detail"]["suggestions"][0]["numeric"], "5755");
    assert_eq!(report["game"], json!(null));
}

#[tokio::test]
async fn a_message_in_order_is_recorded_with_apply() {
    let body = json!({"game": GAME, "message": "Your move: 1. 5254\nMy move: 1... 5755", "apply": true, "date": "2026.12.05"});
    let report = ok("/api/desk/check", body).await;
    assert_eq!(report["in_order"], true);
    assert_eq!(report["applied"][0]["kind"], "their-move");
    let game = report["game"].as_str().unwrap();
    assert!(game.contains("5755"), "{game}");
    assert!(game.contains("2026.12.05"), "{game}");
}

/// Found trying the desk as a player: a message pasted as text, checked
/// days after it came, was recorded as received that day (the page had no
/// field for the day, where `iccf check` has `--received`): the days
/// between were charged to our clock. The day given is recorded.
#[tokio::test]
async fn a_pasted_message_was_recorded_as_received_the_day_it_was_checked() {
    let message = "Your move: 1. 5254\nMy move: 1... 5755";
    let body = |received: &str| json!({"game": GAME, "message": message, "apply": true, "date": "2026.12.09", "received": received});
    let game = ok("/api/desk/check", body("2026.12.03")).await["game"]
        .as_str()
        .unwrap()
        .to_owned();
    // With no sent date in the message, it was sent that day too.
    assert!(
        game.contains("5755\n{[%ccsnt 2026.12.03] [%ccrcv 2026.12.03]}"),
        "{game}"
    );
    // As the page's date input writes it, and blank as absent: today.
    let game = ok("/api/desk/check", body("2026-12-04")).await["game"].to_string();
    assert!(game.contains("[%ccrcv 2026.12.04]"), "{game}");
    let game = ok("/api/desk/check", body(" ")).await["game"].to_string();
    assert!(game.contains("[%ccrcv 2026.12.09]"), "{game}");
    // A day after today, or before our move was sent, is a problem, as
    // with `iccf check --received`: nothing is recorded.
    for (wrong, why) in [
        (
            "2026.12.10",
            "we received it 2026.12.10, after today (2026.12.09)",
        ),
        (
            "2026.11.30",
            "we received it 2026.11.30, before we sent ours (2026.12.01)",
        ),
    ] {
        let report = ok("/api/desk/check", body(wrong)).await;
        assert_eq!(report["in_order"], false, "{wrong}: {report}");
        assert_eq!(report["game"], json!(null), "{wrong}");
        let said =
            report["findings"].as_array().unwrap().iter().any(|f| {
                f["problem"] == true && f["text"].as_str().is_some_and(|t| t.ends_with(why))
            });
        assert!(said, "{wrong}: {report}");
    }
    let error = refused(
        "/api/desk/check",
        body("3.12.2026"),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(error.starts_with("received `3.12.2026`: "), "{error}");
}

#[tokio::test]
async fn card_records_our_move_and_writes_the_message() {
    let game = ok(
        "/api/desk/check",
        json!({"game": GAME, "message": "Your move: 1. 5254\nMy move: 1... 5755", "apply": true}),
    )
    .await["game"]
        .as_str()
        .unwrap()
        .to_owned();
    let message = refused(
        "/api/desk/card",
        json!({"game": game, "move": "Sf3"}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(
        message.contains("means different moves in different languages"),
        "{message}"
    );
    let body = json!({"game": game, "move": "Sf3", "input_lang": "de", "date": "2026.12.06", "message_lang": "de", "also": "san", "lang": "de"});
    let answer = ok("/api/desk/card", body).await;
    let card = answer["card"].as_str().unwrap();
    assert!(card.contains("2. 7163"), "{card}");
    assert!(card.contains("Sf3"), "{card}");
    assert!(
        answer["game"]
            .as_str()
            .unwrap()
            .contains("7163 {[%ccsnt 2026.12.06]}"),
        "{}",
        answer["game"]
    );
}

#[tokio::test]
async fn card_refuses_an_illegal_move_and_a_move_out_of_turn() {
    let game = ok(
        "/api/desk/check",
        json!({"game": GAME, "message": "Your move: 1. 5254\nMy move: 1... 5755", "apply": true}),
    )
    .await["game"]
        .as_str()
        .unwrap()
        .to_owned();
    let message = refused(
        "/api/desk/card",
        json!({"game": game, "move": "7164"}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.starts_with("our move 7164: "), "{message}");
    let message = refused(
        "/api/desk/card",
        json!({"game": GAME, "move": "5755"}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.starts_with("our move 5755: "), "{message}");
}

#[tokio::test]
async fn bad_game_files_sides_and_dates_are_refused() {
    let message = refused(
        "/api/desk/open",
        json!({"game": "1. 5254 5254 *"}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.starts_with("game file: "), "{message}");
    let message = refused(
        "/api/desk/open",
        json!({"game": "1. 5254 *"}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.starts_with("which side do we play?"), "{message}");
    let message = refused(
        "/api/desk/open",
        json!({"game": GAME, "side": "red"}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(message, "unknown side `red`: white or black");
    let message = refused(
        "/api/desk/check",
        json!({"game": GAME, "message": "x", "date": "yesterday"}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.starts_with("date `yesterday`: "), "{message}");
    let message = refused(
        "/api/desk/card",
        json!({"game": GAME, "side": "black", "message_lang": "tlh"}),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(message.contains("card languages are"), "{message}");
}

#[tokio::test]
async fn resigning_and_offering_a_draw_at_once_is_refused() {
    for (both, said) in [
        (
            json!({"resign": true, "offer_draw": true}),
            "resign, or offer or accept a draw: not both",
        ),
        (
            json!({"resign": true, "accept_draw": true}),
            "resign, or offer or accept a draw: not both",
        ),
        (
            json!({"offer_draw": true, "accept_draw": true}),
            "offer a draw or accept theirs: not both",
        ),
    ] {
        let mut request = both;
        request["game"] = json!(GAME);
        let message = refused("/api/desk/card", request, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert_eq!(message, said);
    }
    let alone = ok("/api/desk/card", json!({"game": GAME, "resign": true})).await;
    assert!(alone["game"].as_str().unwrap().contains("0-1"), "{alone}");
}

/// Regression: a move with a resignation (or a draw accepted) recorded
/// both; either goes instead of a move.
#[tokio::test]
async fn card_move_with_resign_records_both() {
    let game = GAME.replace(
        "{[%ccsnt 2026.12.01]} *",
        "{[%ccsnt 2026.12.01]} 5755 {[%ccsnt 2026.12.02] [%ccdrawoffer black]} *",
    );
    for (flag, said) in [
        ("resign", "a resignation goes instead of a move"),
        ("accept_draw", "accepting their draw goes instead of a move"),
    ] {
        let mut request = json!({"game": game, "move": "7163"});
        request[flag] = json!(true);
        let message = refused("/api/desk/card", request, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert!(message.starts_with(said), "{message}");
    }
}
