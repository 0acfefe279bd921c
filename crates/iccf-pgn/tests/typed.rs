//! Issue 18: what authors type where PGN has one spelling (results with a
//! typographic dash or `½`, the annotation glyphs of printed chess, a
//! result written twice) is read with a warning, not an error, and written
//! as PGN spells it. Each test starts from a real file of `testdata/pgn`.

use iccf::Notation;
use iccf_pgn::convert::{Converter, Options, OutputFormat, Report};
use iccf_pgn::game::read_games;
use iccf_pgn::problem::{ProblemKind, Severity};
use iccf_pgn::record::GameRecord;

fn convert(input: &[u8], format: OutputFormat) -> (String, Vec<Report>) {
    let mut out = Vec::new();
    let options = Options {
        format,
        ..Options::default()
    };
    let reports = Converter::new(options).convert_all(input, &mut out);
    (String::from_utf8(out).unwrap(), reports)
}

fn records(input: &[u8]) -> Vec<GameRecord> {
    Converter::new(Options::default()).records(input)
}

fn numeric(record: &GameRecord) -> Vec<&str> {
    record
        .moves
        .iter()
        .map(|m| m.get(Notation::Numeric))
        .collect()
}

/// The warnings' messages without their places.
fn kinds(report: &Report) -> Vec<String> {
    report.warnings.iter().map(|w| w.kind.to_string()).collect()
}

fn warnings(report: &Report) -> Vec<String> {
    report.warnings.iter().map(ToString::to_string).collect()
}

/// The strings of scalachess's parser tests, which lichess met in files
/// people imported: every game converts with warnings only, and the output
/// reads back with the same moves and no warning.
#[test]
fn typed_results_and_glyphs_lichess_met() {
    let input = iccf_testdata::read("pgn/scalachess/as-authors-type.pgn");
    let (out, reports) = convert(&input, OutputFormat::Pgn);
    assert_eq!(reports.len(), 6);
    assert!(reports.iter().all(|r| r.errors.is_empty()), "{reports:?}");
    let expected: [&[&str]; 6] = [
        &["game 1 `1–0`: result read as 1-0"],
        &["game 2 `⩱`: annotation glyph read as $15"],
        &[
            "game 3 `[Result \"½-½\"]`: result read as 1/2-1/2",
            "game 3 `½-½`: result read as 1/2-1/2",
        ],
        &[
            "game 4 `[Result \"1/2–1/2\"]`: result read as 1/2-1/2",
            "game 4 `1/2–1/2`: result read as 1/2-1/2",
        ],
        &[
            "game 5 `[Result \"1–0\"]`: result read as 1-0",
            "game 5 `1–0`: result read as 1-0",
        ],
        // A forfeit: `+--` before any move evaluates nothing.
        &[
            "game 6 `[Result \"+--\"]`: result read as 1-0",
            "game 6 `+--`: result read as 1-0",
        ],
    ];
    for (report, want) in reports.iter().zip(expected) {
        assert_eq!(warnings(report), want);
        assert!(
            report
                .warnings
                .iter()
                .all(|w| w.severity == Severity::Warning),
            "{report:?}"
        );
    }
    let before = records(&input);
    let after = records(out.as_bytes());
    assert_eq!(after.len(), before.len());
    for (b, a) in before.iter().zip(&after) {
        assert_eq!(numeric(a), numeric(b), "game {}", b.game);
        assert_eq!(a.result, b.result, "game {}", b.game);
        assert!(a.warnings.is_empty() && a.errors.is_empty(), "{a:?}");
    }
    let results: Vec<_> = before.iter().map(|r| r.result.as_deref()).collect();
    assert_eq!(
        results,
        [
            Some("1-0"),
            Some("1-0"),
            Some("1/2-1/2"),
            Some("1/2-1/2"),
            Some("1-0"),
            Some("1-0")
        ]
    );
    assert_eq!(before[0].moves.len(), 85);
    assert!(before[5].moves.is_empty());
    // The glyph is the NAG of the move it follows, in the game reader too.
    let games = read_games(&input);
    let bxd3 = &games[1].moves.nodes[14];
    assert_eq!((bxd3.text.as_str(), &bxd3.nags[..]), ("Bxd3", &[4, 15][..]));
    assert!(out.contains("8. 6143?? $15 {BLUNDER (-4.28)}"), "{out}");
}

/// Every glyph of printed chess and its ASCII forms, standing alone and
/// glued to a move, and the result written twice, on a real game (the
/// first of pgn-extract's `fischer.pgn`, Fischer v Kampars 1957): the
/// moves are those of the file as it is, each glyph is its NAG, and the
/// output reads back clean.
#[test]
fn every_glyph_on_a_real_game() {
    let original = iccf_testdata::read_to_string("pgn/pgn-extract/fischer.pgn");
    let game = original.split("\n\n[Event").next().unwrap();
    let glyphs = [
        ("±", 16),
        ("∓", 17),
        ("⩲", 14),
        ("⩱", 15),
        ("⇆", 132),
        ("∞", 13),
        ("⨀", 22),
        ("□", 7),
        ("=", 10),
        ("+−", 18),
        ("−+", 19),
        ("+-", 18),
        ("-+", 19),
        ("+--", 18),
        ("--+", 19),
        ("+/-", 16),
        ("-/+", 17),
        ("+/=", 14),
        ("=/+", 15),
        ("+=", 14),
        ("=+", 15),
        ("=∞", 44),
        ("→", 40),
        ("↑", 36),
        ("∆", 140),
    ];
    // Glyph k after move 2k, alone (`Nf3 ±`), and after move 2k + 1 glued
    // (`Nf3±`) when it has no ASCII character: glued, `+` is a check.
    let (head, movetext) = game.split_once("\n\n").unwrap();
    let mut typed = String::new();
    let mut expected_nags = Vec::new();
    let mut moves = 0;
    for word in movetext.split_whitespace() {
        typed += word;
        if word.starts_with(char::is_alphabetic) {
            match glyphs.get(moves / 2) {
                Some(&(g, nag)) if moves % 2 == 0 => {
                    typed += &format!(" {g}");
                    expected_nags.push(nag);
                }
                Some(&(g, nag)) if !g.chars().any(|c| c.is_ascii()) => {
                    typed += g;
                    expected_nags.push(nag);
                }
                _ => {}
            }
            moves += 1;
        }
        typed += " ";
    }
    assert_eq!(expected_nags.len(), glyphs.len() + 11, "alone and glued");
    let result = movetext.split_whitespace().last().unwrap();
    typed += result; // written twice: `1/2-1/2 1/2-1/2`
    let typed = format!("{head}\n\n{typed}\n");

    let (out, reports) = convert(typed.as_bytes(), OutputFormat::Pgn);
    assert_eq!(reports.len(), 1);
    let report = &reports[0];
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let glyph_warnings = report
        .warnings
        .iter()
        .filter(|w| matches!(w.kind, ProblemKind::Glyph(_)))
        .count();
    assert_eq!(glyph_warnings, expected_nags.len(), "{typed}");
    let repeated: Vec<_> = report
        .warnings
        .iter()
        .filter(|w| w.kind == ProblemKind::RepeatedResult)
        .collect();
    assert_eq!(repeated.len(), 1);
    assert_eq!(repeated[0].token, result);

    // The moves are the file's own.
    let want = records(game.as_bytes());
    let got = records(typed.as_bytes());
    assert!(want[0].moves.len() > 50);
    assert_eq!(numeric(&got[0]), numeric(&want[0]));
    assert_eq!(got[0].result, want[0].result);
    // Every glyph is its NAG, in order, in the output and the game reader.
    let nags: Vec<u8> = out
        .split_whitespace()
        .filter_map(|w| w.strip_prefix('$'))
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(nags, expected_nags);
    let read = &read_games(typed.as_bytes())[0];
    let read_nags: Vec<u8> = read
        .moves
        .nodes
        .iter()
        .flat_map(|n| n.nags.clone())
        .collect();
    assert_eq!(read_nags, expected_nags);
    // The output is plain PGN: it reads back with no warning.
    let (_, back) = convert(out.as_bytes(), OutputFormat::Pgn);
    assert!(back[0].warnings.is_empty() && back[0].errors.is_empty());
    assert_eq!(numeric(&records(out.as_bytes())[0]), numeric(&want[0]));
    assert_eq!(out.matches(result).count(), 2, "tag and movetext: {out}");
}

/// A result written twice is a warning only when it is the same result;
/// another result after it stays an error.
#[test]
fn a_different_second_result_is_still_an_error() {
    let (_, reports) = convert(b"1. e4 e5 1-0 0-1\n", OutputFormat::Pgn);
    assert_eq!(reports[0].errors.len(), 1);
    assert_eq!(reports[0].errors[0].kind, ProblemKind::ResultInMovetext);
    let (out, reports) = convert("1. e4 e5 1–0 1-0\n".as_bytes(), OutputFormat::Text);
    assert!(reports[0].errors.is_empty());
    assert_eq!(out, "1. 5254 5755 1-0\n");
}

/// A decisive sign is a forfeit only before any move from the start
/// position: after a move, or in a study from a FEN, it evaluates.
#[test]
fn a_decisive_sign_evaluates_a_study() {
    let study = "[FEN \"4k3/8/4K3/4P3/8/8/8/8 w - - 0 1\"]\n\n+-- 1. Kd6 *\n";
    let (out, reports) = convert(study.as_bytes(), OutputFormat::Pgn);
    assert!(reports[0].errors.is_empty());
    assert!(out.contains("\n$18 1. 5646 *"), "{out}");
    let (out, _) = convert(b"1. e4 +-- *\n", OutputFormat::Text);
    assert_eq!(out, "1. 5254 *\n");
}

/// pgn-extract's test of results that disagree: each of its nine games has
/// a `Result` tag other than the result after its move. Both are kept, as
/// nothing tells which is right, and the tag gets a warning naming both.
#[test]
fn result_tag_differing_from_the_movetext_is_a_warning() {
    let input = iccf_testdata::read("pgn/pgn-extract/test-nobadresults.pgn");
    let (out, reports) = convert(&input, OutputFormat::Pgn);
    assert_eq!(reports.len(), 9);
    for report in &reports {
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        let differs: Vec<_> = report
            .warnings
            .iter()
            .filter(|w| matches!(w.kind, ProblemKind::ResultTagDiffers { .. }))
            .collect();
        assert_eq!(differs.len(), 1, "{:?}", report.warnings);
    }
    assert_eq!(
        kinds(&reports[3])[0],
        "the Result tag says 1-0, the movetext 0-1"
    );
    assert!(out.contains("[Result \"1-0\"]\n\n1. 5254 0-1"), "{out}");
    // Found at the game's end, listed in input order, before the rest.
    let records = records(b"[Result \"1-0\"]\n\n1. e4 e5 3. Nf3 0-1\n");
    let lines: Vec<_> = records[0].warnings.iter().map(|w| w.line).collect();
    assert_eq!(lines, [1, 3]);
    // A tag and a movetext that agree, or a movetext without result, get
    // no such warning.
    let (_, reports) = convert(
        b"[Result \"0-1\"]\n\n1. e4 0-1\n\n[Result \"0-1\"]\n\n1. e4\n",
        OutputFormat::Pgn,
    );
    let all: Vec<String> = reports.iter().flat_map(kinds).collect();
    assert_eq!(all, ["no result: `0-1` written"]);
}

/// A draw written `1/2` or `½` alone at the end of a game, as print and mail
/// write it, said "missing destination square": it is read as `1/2-1/2`,
/// with a warning. Anywhere else (before a move, in a variation, after a
/// result) it is still an error.
#[test]
fn a_half_alone_at_the_end_of_a_game_is_a_draw() {
    for draw in ["1/2", "½", "1/2 {agreed}", "½ ; agreed"] {
        let text = format!("1. e4 e5 2. Nf3 Nc6 {draw}\r\n");
        let (out, reports) = convert(text.as_bytes(), OutputFormat::Pgn);
        assert!(
            reports[0].errors.is_empty(),
            "{draw}: {:?}",
            reports[0].errors
        );
        assert_eq!(kinds(&reports[0]), ["result read as 1/2-1/2"], "{draw}");
        assert!(out.contains("2. 7163 2836 1/2-1/2"), "{draw}: {out}");
    }
    // On a line broken by an error, as `1/2-1/2` is there.
    let (out, reports) = convert(b"1. e4 e5 2. Qxx Nc6 1/2\n", OutputFormat::Pgn);
    assert_eq!(reports[0].errors.len(), 1);
    assert!(out.contains("Qxx Nc6 1/2-1/2"), "{out}");
    // In a Result tag too.
    let (out, reports) = convert(b"[Result \"1/2\"]\n\n1. e4 e5\n", OutputFormat::Pgn);
    assert!(out.starts_with("[Result \"1/2-1/2\"]"), "{out}");
    assert!(out.contains("1. 5254 5755 1/2-1/2"), "{out}");
    assert_eq!(kinds(&reports[0])[0], "result read as 1/2-1/2");
    for not_last in [
        "1. e4 e5 1/2 2. Nf3 *",
        "1. e4 e5 (1... c5 1/2) 2. Nf3 *",
        "1. e4 e5 1-0 1/2",
        "1. e4 e5 1/2 1/2-1/2",
        "1. e4 e5 1/2 $14",
    ] {
        let (_, reports) = convert(not_last.as_bytes(), OutputFormat::Pgn);
        assert_eq!(reports[0].errors.len(), 1, "{not_last}");
    }
}

/// `written` (a result, and maybe a comment after it) at the end of a
/// game and, without the comment, in its Result tag, is read as `result`
/// without an error, with one warning for each.
fn assert_read_at_the_end(written: &str, result: &str) {
    let tag = written.split(" {").next().unwrap_or_default();
    let text = format!("[Result \"{tag}\"]\n\n1. e4 e5 2. Nf3 Nc6 {written}\n");
    let (out, reports) = convert(text.as_bytes(), OutputFormat::Pgn);
    assert!(
        reports[0].errors.is_empty(),
        "{written}: {:?}",
        reports[0].errors
    );
    assert!(
        out.contains(&format!("2. 7163 2836 {result}")),
        "{written}: {out}"
    );
    // One for the tag, one for the movetext; the two agree.
    let read = format!("result read as {result}");
    assert_eq!(kinds(&reports[0]), [read.clone(), read], "{written}");
    assert!(
        out.starts_with(&format!("[Result \"{result}\"]")),
        "{written}: {out}"
    );
}

/// A result written with a colon, as German and Russian tables and
/// databases write it (`1:0`, `0:1`, `½:½`, `1/2:1/2`), said "missing
/// destination square" or "not a move" at the end of every game: it is
/// read as PGN's result with a warning, in the Result tag too. Anywhere
/// but the end it is still an error, as a half alone is.
#[test]
fn a_result_with_a_colon_at_the_end_of_a_game_is_read() {
    for (written, result) in [
        ("1:0", "1-0"),
        ("0:1", "0-1"),
        ("½:½", "1/2-1/2"),
        ("1/2:1/2", "1/2-1/2"),
        ("1:0 {Black resigned}", "1-0"),
        // Cut at its spaces by the lexer.
        ("1 : 0", "1-0"),
        ("1 - 0", "1-0"),
        ("½ : ½", "1/2-1/2"),
    ] {
        assert_read_at_the_end(written, result);
    }
    let record = &records("[Result \"0:1\"]\n\n1. f3 e5 2. g4 Qh4# 0:1\n".as_bytes())[0];
    assert_eq!(record.tag("Result"), Some("0-1"));
    assert_eq!(record.result.as_deref(), Some("0-1"));
    assert!(record.errors.is_empty(), "{:?}", record.errors);
    for not_last in [
        "1. e4 e5 1:0 2. Nf3 *",
        "1. e4 e5 (1... c5 0:1) 2. Nf3 *",
        "1. e4 e5 1-0 1:0",
    ] {
        let (_, reports) = convert(not_last.as_bytes(), OutputFormat::Pgn);
        assert_eq!(reports[0].errors.len(), 1, "{not_last}");
    }
}

/// A draw with its halves written as decimals, as Dutch, German and
/// Russian tables write it (`0,5-0,5`, `0.5-0.5`), was cut by the lexer
/// (a comma is a separator, `0.` a move number) and written back as
/// `0 5-0 5`, an error, or as a wrong move number and `5-0.5`: it is read
/// as PGN's draw with one warning, in the Result tag too. Anywhere but the
/// end it is still an error.
#[test]
fn a_draw_with_decimal_halves_was_written_in_pieces() {
    for written in [
        "0,5-0,5",
        "0.5-0.5",
        "0,5:0,5",
        "0,5 - 0,5",
        "0,5-0,5 {agreed}",
    ] {
        assert_read_at_the_end(written, "1/2-1/2");
    }
    let record = &records(b"1. d4 d5 2. c4 e6 0.5-0.5\n")[0];
    assert_eq!(record.result.as_deref(), Some("1/2-1/2"));
    assert_eq!(record.moves.len(), 4);
    // On a line copied as written after a move that cannot be read.
    let (out, reports) = convert(b"1. e4 e5 2. Nf3 Nxx 3. Bc4 0,5-0,5\n", OutputFormat::Pgn);
    assert!(out.contains("3. Bc4 1/2-1/2"), "{out}");
    assert_eq!(reports[0].errors.len(), 1, "{:?}", reports[0].errors);
    for not_last in [
        "1. e4 e5 0,5-0,5 2. Nf3 *",
        "1. e4 e5 (1... c5 0,5-0,5) 2. Nf3 *",
        "1. e4 e5 1-0 0,5-0,5",
    ] {
        let (_, reports) = convert(not_last.as_bytes(), OutputFormat::Pgn);
        assert!(!reports[0].errors.is_empty(), "{not_last}");
    }
}

/// A game without a result token had `"result": null` in JSON lines and
/// Parquet (and Python's records) where PGN and text output write its
/// Result tag's `1-0`, with a warning: a table of games lost the result.
#[test]
fn missing_result_token_was_null_in_records() {
    let input = b"[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#\n\n1. d4 d5\n\n1. c4 c5 0-1\n";
    let results: Vec<_> = records(input).into_iter().map(|r| r.result).collect();
    assert_eq!(
        results,
        [Some("1-0".into()), Some("*".into()), Some("0-1".into())]
    );
    let (jsonl, _) = convert(input, OutputFormat::Jsonl);
    assert!(
        jsonl.lines().next().unwrap().contains("\"result\":\"1-0\""),
        "{jsonl}"
    );
}
