//! Issue 10: PGN as it is found in the wild, and numeric records as people
//! type them, read game by game: each test is named after the bug it pins.

use iccf_pgn::convert::{Converter, Options, OutputFormat, ProblemKind, Report};

fn convert(input: &str, format: OutputFormat) -> (String, Vec<Report>) {
    let mut out = Vec::new();
    let options = Options {
        format,
        ..Options::default()
    };
    let reports = Converter::new(options).convert_all(input.as_bytes(), &mut out);
    (String::from_utf8(out).unwrap(), reports)
}

fn kinds(report: &Report) -> Vec<String> {
    report
        .problems_in_order()
        .iter()
        .map(|p| p.to_string())
        .collect()
}

#[test]
fn games_without_results_merged() {
    for input in ["1. e4 e5\n\n1. d4 d5\n", "1. 5254 5755\n1. 4244 4745\n"] {
        let (out, reports) = convert(input, OutputFormat::Text);
        assert_eq!(reports.len(), 2, "{input:?}");
        for (i, r) in reports.iter().enumerate() {
            assert!(r.errors.is_empty(), "{:?}", r.errors);
            assert_eq!(
                kinds(r),
                [format!("game {}: no result: `*` written", i + 1)]
            );
        }
        assert_eq!(out.lines().count(), 2);
        assert!(out.lines().all(|l| l.ends_with(" *")), "{out}");
    }
}

#[test]
fn tag_section_without_moves_merged_with_the_next_game() {
    let input = "[Event \"A\"]\n[Result \"1-0\"]\n\n[Event \"B\"]\n[Result \"0-1\"]\n\n1. d4 0-1\n";
    let (out, reports) = convert(input, OutputFormat::Pgn);
    assert_eq!(reports.len(), 2);
    assert!(reports.iter().all(|r| kinds(r).is_empty()), "{reports:?}");
    assert_eq!(
        out,
        "[Event \"A\"]\n[Result \"1-0\"]\n\n1-0\n\n[Event \"B\"]\n[Result \"0-1\"]\n\n1. 4244 0-1\n\n"
    );
    // JSON lines: two objects, no key twice.
    let (out, _) = convert(input, OutputFormat::Jsonl);
    assert_eq!(out.lines().count(), 2);
    assert!(
        out.lines().all(|l| l.matches("\"Event\"").count() == 1),
        "{out}"
    );
}

#[test]
fn jsonl_wrote_a_tag_named_twice_as_a_duplicate_key() {
    let input = "[Annotator \"A\"]\n[Annotator \"B\"]\n\n1. e4 *";
    let (out, _) = convert(input, OutputFormat::Jsonl);
    assert!(
        out.contains("\"tags\":{\"Annotator\":\"A\",\"Annotator#2\":\"B\"}"),
        "{out}"
    );
}

#[test]
fn tokens_after_the_result_made_a_new_game() {
    let (out, reports) = convert("1. e4 e5 1-0 ff\n", OutputFormat::Pgn);
    assert_eq!(reports.len(), 1);
    assert_eq!(kinds(&reports[0]), ["game 1 `ff`: after the result"]);
    assert!(matches!(
        reports[0].errors[0].kind,
        ProblemKind::AfterResult
    ));
    assert_eq!(out, "1. 5254 5755 1-0 ff\n\n");
}

#[test]
fn escape_lines_and_byte_order_marks_made_games() {
    let (_, reports) = convert(
        "%x\n[Event \"x\"]\n%y\n\n1. e4 e5 *\n%z\n",
        OutputFormat::Pgn,
    );
    assert_eq!(reports.len(), 1);
    assert!(kinds(&reports[0]).is_empty(), "{reports:?}");
    let (out, reports) = convert("1. e4 *\n\u{feff}1. d4 *\n", OutputFormat::Text);
    assert_eq!(reports.len(), 2);
    assert_eq!(out, "1. 5254 *\n1. 4244 *\n");
}

#[test]
fn malformed_tag_swallowed_the_tags_after_it() {
    let input = "[Event \"LA CC Handicap Tour \"C\"\"]\n[White \"Ann\"]\n\n1. e4 *";
    let (out, reports) = convert(input, OutputFormat::Pgn);
    assert_eq!(reports.len(), 1);
    // Repaired with all its text: a warning, the game converted whole.
    assert!(reports[0].errors.is_empty(), "{reports:?}");
    assert_eq!(reports[0].warnings.len(), 1, "{reports:?}");
    assert!(
        out.contains("[Event \"LA CC Handicap Tour \\\"C\\\"\"]"),
        "{out}"
    );
    assert!(out.contains("[White \"Ann\"]"), "{out}");
    assert!(out.contains("1. 5254 *"), "{out}");
}

#[test]
fn numeric_records_as_people_type_them() {
    for input in [
        "1.5254 5755 2.7163 *",
        "1. 5254, 5755, 2. 7163 *",
        "1) 5254 5755 2) 7163 *",
        "5254\n5755\n7163\n*",
        "1. 5254! 5755 2. 7163+ *",
    ] {
        let (out, reports) = convert(input, OutputFormat::Text);
        assert_eq!(reports.len(), 1, "{input:?}");
        assert!(
            reports[0].errors.is_empty(),
            "{input:?}: {:?}",
            reports[0].errors
        );
        assert_eq!(out, "1. e4 e5 2. Nf3 *\n", "{input:?}");
    }
}

#[test]
fn almost_a_move_was_dropped_and_the_next_move_blamed() {
    let (out, reports) = convert("1. 5254 575 2. 7163 *", OutputFormat::Text);
    assert_eq!(
        kinds(&reports[0]),
        ["game 1, 1... `575`: a numeric move has 4 digits (5 for a promotion), not 3"]
    );
    // Kept, and nothing after it converted.
    assert_eq!(out, "1. e4 1... 575 2. 7163 *\n");
}

#[test]
fn a_word_was_missing_its_destination_square() {
    let (_, reports) = convert("1. 5254 Dear 2. 7163 *", OutputFormat::Text);
    assert_eq!(kinds(&reports[0]), ["game 1, 1... `Dear`: not a move"]);
}

#[test]
fn move_number_that_disagrees_with_the_position_was_taken() {
    // Issue 18: a number that does not fit is a warning naming both
    // numbers, and the game converts whole (it stopped the line before).
    let (out, reports) = convert("1. 5254 5755 3... 6134 *", OutputFormat::Text);
    assert_eq!(
        kinds(&reports[0]),
        ["game 1 `3...`: move number 3... does not fit the position: the next move is 2."]
    );
    assert!(reports[0].errors.is_empty(), "{:?}", reports[0].errors);
    assert_eq!(out, "1. e4 e5 2. Bc4 *\n");
    // In a numeric record without dots too, and an engine match's
    // placeholder numbers: every move read.
    let (out, reports) = convert("1 5254 5755 3 7163 *", OutputFormat::Text);
    assert!(reports[0].errors.is_empty(), "{:?}", reports[0].errors);
    assert_eq!(reports[0].warnings.len(), 1);
    assert_eq!(out, "1. e4 e5 2. Nf3 *\n");
    // The usual forms fit.
    for input in [
        "1. e4 e5 2. Nf3 *",
        "1. e4 1... e5 *",
        "1. e4 1. e5 *",
        "1. e4 ... e5 *",
    ] {
        let (_, reports) = convert(input, OutputFormat::Text);
        assert!(
            kinds(&reports[0]).is_empty(),
            "{input}: {:?}",
            kinds(&reports[0])
        );
    }
}

/// Review: a second result overwrote the first in JSON lines, and text
/// wrote the result after tokens copied from past it, where read back the
/// error vanished.
#[test]
fn result_in_movetext_moved_or_replaced_the_result() {
    let (out, _) = convert("1. e4 e5 1-0 0-1", OutputFormat::Jsonl);
    assert!(out.contains("\"result\":\"1-0\""), "{out}");
    let (out, reports) = convert("1. e4 e5 2. Nf3 1-0 2... Nc6", OutputFormat::Text);
    assert_eq!(out, "1. 5254 5755 2. 7163 1-0 2... Nc6\n");
    let (_, back) = convert(&out, OutputFormat::Text);
    assert_eq!(reports[0].errors.len(), back[0].errors.len());
}

/// Review: a game with moves and a `Result` tag but no result in the
/// movetext got the tag and `*`, which contradict each other.
#[test]
fn result_tag_contradicted_by_star() {
    let (out, reports) = convert("[Result \"1-0\"]\n\n1. e4 e5", OutputFormat::Pgn);
    assert_eq!(out, "[Result \"1-0\"]\n\n1. 5254 5755 1-0\n\n");
    assert_eq!(kinds(&reports[0]), ["game 1: no result: `1-0` written"]);
}

/// Review: an `e.p.` mark between a move and its variation hid the
/// variation's start position: "variation before any move".
#[test]
fn en_passant_mark_before_a_variation_lost_its_position() {
    let game = "1. e4 Nf6 2. e5 d5 3. exd6 e.p. (3. d4) 3... exd6 *";
    let (out, reports) = convert(game, OutputFormat::Pgn);
    assert!(reports[0].errors.is_empty(), "{:?}", reports[0].errors);
    assert!(out.contains("(3. 4244)"), "{out}");
}

/// An en passant mark in brackets, `exf6 (e.p.)` or `exf6(e.p.)` as print
/// often writes it, was read as a variation holding a dropped mark and
/// written `()`. It is dropped whole, as a bare mark is; a real variation
/// after it is kept, and on a broken line it is copied as written.
#[test]
fn en_passant_mark_in_brackets_written_as_empty_variation() {
    for game in [
        "1. e4 d5 2. e5 f5 3. exf6 (e.p.) Nf6 *",
        "1. e4 d5 2. e5 f5 3. exf6(e.p.) Nf6 *",
        "1. e4 d5 2. e5 f5 3. exf6 (ep) Nf6 *",
    ] {
        let (out, reports) = convert(game, OutputFormat::Pgn);
        assert!(
            reports[0].errors.is_empty(),
            "{game}: {:?}",
            reports[0].errors
        );
        assert!(out.contains("3. 5566 7866 *"), "{game}: {out}");
    }
    let with_variation = "1. e4 d5 2. e5 f5 3. exf6 (e.p.) (3. d4) 3... Nf6 *";
    let (out, _) = convert(with_variation, OutputFormat::Pgn);
    assert!(out.contains("3. 5566 (3. 4244) 3... 7866 *"), "{out}");
    let broken = "1. e4 d5 2. Qe3 f5 3. exf6 (e.p.) Nf6 *";
    let (out, reports) = convert(broken, OutputFormat::Pgn);
    assert_eq!(reports[0].errors.len(), 1);
    assert!(out.contains("exf6 (e.p.) Nf6"), "{out}");
}

/// `exd6 e.p.+`, as books print a capture in passing that gives check,
/// was "`e.p.+`: not a move" and the rest of the game unconverted; so
/// were `e.p.!`, `ep+` and Spanish `a.p.`.
#[test]
fn en_passant_mark_with_check_sign_was_not_a_move() {
    for mark in ["e.p.+", "e.p.!", "ep+", "e.p.#", "i.p.+", "a.p.", "в.п.+"] {
        let game = format!("[FEN \"8/4k3/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n\n1. exd6 {mark} Kxd6 *");
        let (out, reports) = convert(&game, OutputFormat::Pgn);
        assert!(
            reports[0].errors.is_empty(),
            "{mark}: {:?}",
            reports[0].errors
        );
        // The annotation after the mark is kept: `5546 ! 5746`.
        assert!(
            out.replace(" !", "").contains("1. 5546 5746 *"),
            "{mark}: {out}"
        );
    }
    // A bare number with a sign glued on is still a move cut short.
    let (_, reports) = convert("1. e4 e5 2. Nf3 21+ *", OutputFormat::Pgn);
    assert_eq!(reports[0].errors.len(), 1, "{:?}", reports[0].errors);
}

/// `2. Nxf3` to an empty square (German `Dd8:h4`) was "no white knight
/// can move to f3", which it can, and the game's rest unconverted:
/// python-chess reads it. The square says which move it is.
#[test]
fn capture_sign_on_a_move_that_takes_nothing_ended_the_game() {
    for (game, expected) in [
        ("1. e4 e5 2. Nxf3 Nc6 *", "1. 5254 5755 2. 7163 2836 *"),
        (
            "1. f3 e5 2. g4 Dd8:h4# 0-1",
            "1. 6263 5755 2. 7274 4884 0-1",
        ),
    ] {
        let (out, reports) = convert(game, OutputFormat::Pgn);
        assert!(
            reports[0].errors.is_empty(),
            "{game}: {:?}",
            reports[0].errors
        );
        assert!(out.contains(expected), "{game}: {out}");
    }
}

/// `2. ed`, `exd` or `e:d`: a pawn capture written with its files alone,
/// as older books and scoresheets write it, was "not a move" and the
/// rest of the game unconverted. The one capture that fits is read;
/// two that fit are an ambiguity naming both.
#[test]
fn pawn_capture_written_with_files_alone_was_not_a_move() {
    for capture in ["ed", "exd", "e:d", "ed+", "exd!?"] {
        let game = format!("1. e4 d5 2. {capture} Qxd5 *");
        let (out, reports) = convert(&game, OutputFormat::Pgn);
        assert!(
            reports[0].errors.is_empty(),
            "{capture}: {:?}",
            reports[0].errors
        );
        // `!?` stays with the move: `5445!?`.
        assert!(
            out.replace("!?", "")
                .contains("1. 5254 4745 2. 5445 4845 *"),
            "{capture}: {out}"
        );
    }
    let two = "[FEN \"4k3/8/8/3p4/3pP3/4P3/8/4K3 w - - 0 1\"]\n\n1. ed *";
    let (_, reports) = convert(two, OutputFormat::Pgn);
    let message = reports[0].errors[0].to_string();
    assert!(
        message.contains("e4xd5") && message.contains("e3xd4"),
        "{message}"
    );
    // No pawn of that file takes on the other: still not a move.
    let (_, reports) = convert("1. e4 d5 2. de *", OutputFormat::Pgn);
    assert_eq!(reports[0].errors.len(), 1);
}

/// Review: a game over a limit was left out of the output and of
/// `records()`, where it read as game 0 with no error.
#[test]
fn game_over_a_limit_vanished() {
    let game = format!(
        "1. e4 {}{} e5 *\n1. d4 *\n",
        "(1. d4 ".repeat(1001),
        ")".repeat(1001)
    );
    let (out, reports) = convert(&game, OutputFormat::Text);
    assert_eq!(reports.len(), 2);
    assert_eq!(out, "*\n1. 4244 *\n");
    let records = Converter::new(Options::default()).records(game.as_bytes());
    assert_eq!((records[0].game, records[0].errors.len()), (1, 1));
}

/// Regression: `e8(Q)`, a promotion as some books and people write it (the
/// move reader takes `e8(D)`), was lexed as `e8` and a variation `(Q)`:
/// "no white pawn can move to e8". A check sign after it is the move's;
/// `e8 (Q)`, apart, stays a variation.
#[test]
fn promotion_in_parentheses_read_as_a_variation() {
    let fen = "[FEN \"8/4P3/8/8/8/8/k7/7K w - - 0 1\"]\n\n";
    for (moves, expected) in [
        ("1. e8(Q) Kb2 *", "1. 57581 1222 *\n"),
        ("1. e8(N)+! Kb2 *", "1. 57584 1222 *\n"),
        ("1. e8(Ф) Крb2 *", "1. 57581 1222 *\n"),
        ("1. e8(D) Kb2 *", "1. 57581 1222 *\n"),
    ] {
        let (out, reports) = convert(&format!("{fen}{moves}"), OutputFormat::Text);
        assert!(
            reports[0].errors.is_empty(),
            "{moves}: {:?}",
            reports[0].errors
        );
        // The text format keeps the FEN, at the start of the line.
        let expected = format!("{} {expected}", fen.trim_end());
        assert_eq!(out, expected, "{moves}");
    }
    let (_, reports) = convert(&format!("{fen}1. e8 (Q) *"), OutputFormat::Text);
    assert_eq!(
        kinds(&reports[0])[0],
        "game 1, 1. `e8`: missing promotion piece"
    );
}

/// Regression: the ellipsis `…` that editors make of Black's three dots
/// (`2…Nc6`) was read as part of the move, which then could not be read.
/// The number is checked as `2...` is; a move after it that cannot be
/// read is the error, the token copied whole.
#[test]
fn ellipsis_for_blacks_dots_was_read_as_part_of_the_move() {
    for moves in ["1. e4 1…e5 2. Nf3 2… Nc6 *", "1. e4 …e5 2. Nf3 … Nc6 *"] {
        let (out, reports) = convert(moves, OutputFormat::Text);
        assert!(
            kinds(&reports[0]).is_empty(),
            "{moves}: {:?}",
            kinds(&reports[0])
        );
        assert_eq!(out, "1. 5254 5755 2. 7163 2836 *\n", "{moves}");
    }
    let (out, reports) = convert("1. e4 e5 2…Nc6 *", OutputFormat::Pgn);
    assert_eq!(
        kinds(&reports[0]),
        [
            "game 1 `2…`: move number 2… does not fit the position: the next move is 2.",
            "game 1, 2. `Nc6`: no white knight can move to c6"
        ]
    );
    assert!(out.contains("2…Nc6"), "{out}");
}

/// Found trying `iccf convert` on hand-typed numeric games: a typo that
/// lexes as a move number (`68`, half a move; `5755.`, a move with a
/// stray dot; `52 54`, a move split by a space) was a "wrong move number"
/// warning, dropped from the output with exit 0. Numbering no move, it is
/// an error now, and the line is kept as written from it. A wrong number
/// before a move, or a dotted one before the result, stays a warning.
#[test]
fn a_mistyped_move_read_as_a_move_number_was_dropped() {
    for (moves, out, error) in [
        (
            "1. 5254 5755 2. 7163 2836 3. 6125 68 *",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 3... 68 *\n",
            "game 1, 3... `68`: `68` is no move, nor the number of one: a move mistyped?",
        ),
        (
            "1. 5254 5755. 2. 7163 2836 *",
            "1. e4 1... 5755. 2. 7163 2836 *\n",
            "game 1, 1... `5755.`: `5755.` is no move, nor the number of one: a move mistyped?",
        ),
        (
            "1. 52 54 57 55 *",
            "1. 52 54 57 55 *\n",
            "game 1, 1. `52`: `52` is no move, nor the number of one: a move mistyped?",
        ),
    ] {
        let (text, reports) = convert(moves, OutputFormat::Text);
        assert_eq!(text, out, "{moves}");
        assert_eq!(kinds(&reports[0]), [error], "{moves}");
    }
    // The review's too: lone dots after a wrong number, a number after
    // Black's, two numbers.
    let fen = "[FEN \"8/8/8/8/8/8/k7/7K b - - 0 1\"]\n\n";
    for moves in [
        "1. e4 e5 3. Nf3 Nc6 *".to_owned(),
        "1. e4 e5 2. Nf3 3. *".to_owned(),
        "1. e4 e5 2. {c} 3. Nf3 *".to_owned(),
        format!("{fen}41. ... Kb2 42. Kg2 *"),
        format!("{fen}41 ... Kb2 42. Kg2 *"),
        "1. e4 e5 2. Nf3 3. ... Nc6 *".to_owned(),
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 3... 4. Ba4 *".to_owned(),
        "1. e4 e5 2. Nf3 Nc6 4. 3. Bb5 *".to_owned(),
    ] {
        let moves = moves.as_str();
        let (_, reports) = convert(moves, OutputFormat::Text);
        assert!(
            reports[0].errors.is_empty(),
            "{moves}: {:?}",
            reports[0].errors
        );
        assert!(!reports[0].warnings.is_empty(), "{moves}");
    }
}

/// Found trying `iccf convert` on hand-typed games in other languages: a
/// Russian game with one Latin letter (`Cg5`, the Latin C for the
/// Cyrillic С on the same key) was read in English, and left unconverted
/// from its first piece move, the error blamed on `2. Кf3`. The languages
/// that read its Cyrillic letters read it now, up to the typo.
#[test]
fn one_latin_letter_in_a_cyrillic_game_blamed_its_first_piece_move() {
    let moves = "1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. Сa4 Кf6 5. 0-0 Сe7 6. Лe1 b5 7. Сb3 d6 8. Cg5 *";
    let (out, reports) = convert(moves, OutputFormat::Text);
    assert!(
        out.starts_with("1. 5254 5755 2. 7163 2836 3. 6125 1716 4. 2514 7866 5. 5171 6857 6. 6151 2725 7. 1423 4746 8. Cg5"),
        "{out}"
    );
    assert_eq!(
        kinds(&reports[0]),
        ["game 1, 8. `Cg5`: unknown piece letter `C` in Russian"]
    );
}
