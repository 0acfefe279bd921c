//! Issue 18: real files convert whole. A wrong move number, an English
//! game other languages read too, a result or glyph as authors type it:
//! warnings, exit 0, every move converted; `iccf check` stays strict.

use crate::cli::{assert_text, run};

const ROSTER: &str = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                      [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n";

#[test]
fn english_game_with_its_roster_exits_0() {
    let game = format!("{ROSTER}1. h4 h5 2. Rh3 Rh6 *\n");
    let r = run(&["convert", "--format", "text"], game.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stderr, "");
    assert_text(&r.stdout, "1. 8284 8785 2. 8183 8886 *\n");
}

/// Among Finnish games (a Finnish game of the Seven Tag Roster's kind,
/// letters K D T L R), the same moves without tags are Finnish: R is a
/// knight.
#[test]
fn the_same_game_among_finnish_games_is_finnish() {
    let finnish = "1. e4 e5 2. Rf3 Rc6 3. Lb5 a6 4. La4 Rf6 5. O-O Le7 6. Te1 b5 7. Lb3 d6 *\n\n";
    let file = [finnish, "1. h4 h5 2. Rh3 Rh6 *\n\n", finnish].concat();
    let r = run(
        &["convert", "--format", "text", "--input-lang", "auto"],
        file.as_bytes(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", r.stdout);
    assert_eq!(lines[1], "1. 8284 8785 2. 7183 7886 *");
    assert!(lines[0].starts_with("1. 5254 5755 2. 7163 2836 3. 6125"));
    // Said once, as a warning naming the languages.
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(r.stderr.contains("warning: game 2"), "{}", r.stderr);
    assert!(r.stderr.contains("read as fi"), "{}", r.stderr);
}

/// A real game (Adianto - Gelfand, Biel 1995, pgn-extract's test-7.pgn)
/// with its move numbers written as engine-match files write them: a
/// placeholder number repeated, numbers running ahead, Black's dots on a
/// White move. Each is a warning naming both numbers; every move is
/// converted and reads back as the file's own.
#[test]
fn wrong_move_numbers_warn_and_the_game_converts_whole() {
    let original = iccf_testdata::read_to_string("pgn/pgn-extract/test-7.pgn");
    let wrong = original
        .replace("20.\nQxb5", "19.\nQxb5")
        .replace("41. Kd4", "43. Kd4")
        .replace("42. b5", "44. b5")
        .replace("70. b8=Q", "70... b8=Q");
    assert_ne!(wrong, original);
    let path = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(path.path(), &wrong).unwrap();
    let name = path.path().display().to_string();
    let r = run(&["convert", &name], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let warnings: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(warnings.len(), 4, "{}", r.stderr);
    assert!(warnings.iter().all(|w| w.contains(": warning: game 1")));
    assert!(
        warnings[0]
            .ends_with("`19.`: move number 19. does not fit the position: the next move is 20."),
        "{}",
        warnings[0]
    );
    assert!(warnings[3].contains("`70...`"), "{}", warnings[3]);
    assert!(
        warnings[3].ends_with("the next move is 70."),
        "{}",
        warnings[3]
    );
    // Read back, the numeric output is the file's own game.
    let back = run(
        &["convert", "--to", "san", "--format", "text"],
        r.stdout.as_bytes(),
    );
    assert_eq!(back.code, 0, "{}", back.stderr);
    assert_eq!(back.stderr, "");
    let own = run(
        &["convert", "--to", "san", "--format", "text"],
        original.as_bytes(),
    );
    assert_eq!(own.code, 0);
    assert_text(&back.stdout, &own.stdout);
    assert!(own.stdout.contains(" 83. Qe5 1-0"), "{}", own.stdout);
}

/// In a correspondence message a number that does not fit is how a lost or
/// repeated move shows: `iccf check` reports it and records nothing.
#[test]
fn check_still_reports_a_move_number_that_does_not_fit() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("g.pgn").display().to_string();
    let r = run(
        &[
            "card",
            &game,
            "--as",
            "white",
            "--white",
            "A. White",
            "--black",
            "B. Black",
            "--move",
            "5254",
            "--date",
            "2027.01.08",
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let message = "Thanks for 1. 5254\nMy reply: 2... 5755";
    let r = run(
        &["check", &game, "-", "--apply", "--date", "2027.01.09"],
        message.as_bytes(),
    );
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout
            .contains("your move 5755 is numbered 2...; it is move 1..."),
        "{}",
        r.stdout
    );
    let file = std::fs::read_to_string(&game).unwrap();
    assert!(!file.contains("5755"), "{file}");
}

/// What authors type (scalachess's strings of what lichess met): exit 0,
/// a warning each, PGN's spelling in the output.
#[test]
fn typed_results_and_glyphs_exit_0() {
    let path = iccf_testdata::path("pgn/scalachess/as-authors-type.pgn");
    let r = run(&["convert", &path.display().to_string()], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stderr.lines().count(), 10, "{}", r.stderr);
    assert!(
        r.stderr.lines().all(|l| l.contains(": warning: ")),
        "{}",
        r.stderr
    );
    assert!(r.stdout.contains("6143?? $15 {BLUNDER"), "{}", r.stdout);
    assert!(
        !r.stdout.contains('½') && !r.stdout.contains('–'),
        "{}",
        r.stdout
    );
    let r = run(
        &["convert", "--format", "text"],
        "1. e4 e5 ± 2. Nf3 1–0 1-0".as_bytes(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_text(&r.stdout, "1. 5254 5755 2. 7163 1-0\n");
    let said: Vec<&str> = r
        .stderr
        .lines()
        .filter_map(|l| l.rsplit_once("`: "))
        .map(|(_, said)| said)
        .collect();
    assert_eq!(
        said,
        [
            "annotation glyph read as $16",
            "result read as 1-0",
            "result repeated: written once"
        ]
    );
}

/// Regression: `[Round 3]` (no quotes), or a comment between two tags,
/// ended the tag section: every later tag went into the movetext, where
/// other readers lose the players and the result.
#[test]
fn a_broken_tag_line_pushed_the_later_tags_into_the_movetext() {
    for (broken, warning) in [
        ("[Round 3]", Some("`[Round 3]`: tag value without quotes")),
        ("; from the club bulletin", None),
        ("{ from the club bulletin }", None),
    ] {
        let game = format!(
            "[Event \"Open\"]\n{broken}\n[White \"Smith\"]\n[Black \"Jones\"]\n\
             [Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n"
        );
        let r = run(&["convert", "-"], game.as_bytes());
        assert_eq!(r.code, 0, "{broken}: {}", r.stderr);
        let tags: Vec<&str> = r
            .stdout
            .lines()
            .take_while(|l| l.starts_with('['))
            .collect();
        assert!(
            tags.ends_with(&["[White \"Smith\"]", "[Black \"Jones\"]", "[Result \"1-0\"]"]),
            "{broken}: {}",
            r.stdout
        );
        assert!(
            r.stdout.contains("1. 5254 5755 2. 7163 2836 1-0"),
            "{}",
            r.stdout
        );
        match warning {
            Some(warning) => {
                assert!(r.stdout.contains("[Round \"3\"]"), "{}", r.stdout);
                assert!(r.stderr.contains("warning: game 1"), "{}", r.stderr);
                assert!(r.stderr.contains(warning), "{}", r.stderr);
            }
            // The comment is kept, before the first move.
            None => {
                assert_eq!(r.stderr, "");
                assert!(r.stdout.contains("from the club bulletin"), "{}", r.stdout);
            }
        }
    }
}

/// Regression: tags repaired with all their text (an unescaped quote, a
/// value ending in a backslash) were errors, exit 1, with every move
/// converted; a tag that loses text is still an error.
#[test]
fn repaired_tags_that_kept_their_text_made_exit_1() {
    let game = "[Event \"The \"Big\" Open\"]\n[Site \"C:\\games\\\"]\n\n1. e4 e5 1-0\n";
    let r = run(&["convert", "-"], game.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .starts_with("[Event \"The \\\"Big\\\" Open\"]\n[Site \"C:\\\\games\\\\\"]\n"),
        "{}",
        r.stdout
    );
    assert_eq!(
        r.stderr.matches("warning: game 1").count(),
        2,
        "{}",
        r.stderr
    );
    let r = run(&["convert", "-"], b"[Site \"x\" y]\n\n1. e4 *\n");
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("error: game 1 `[Site \"x\" y]`: malformed tag"),
        "{}",
        r.stderr
    );
}

/// Regression (review): a tag without its `]` and quotes whose value runs
/// on into the movetext (`[Round 3 1. e4 e5 1-0`) was a warning, exit 0,
/// with the moves and result inside the tag value: it is an error again.
#[test]
fn an_unclosed_tag_swallowing_the_movetext_was_a_warning() {
    for broken in [
        "[Round 3 1. e4 e5 2. Nf3 1-0",
        "[Round \"3 1. e4 e5 2. Nf3 1-0",
    ] {
        let game = format!("[Event \"A\"]\n{broken}\n");
        let r = run(&["convert", "-"], game.as_bytes());
        assert_eq!(r.code, 1, "{broken}: {}", r.stderr);
        assert!(r.stderr.contains("error: game 1"), "{}", r.stderr);
        // The text is kept.
        assert!(r.stdout.contains("1. e4 e5 2. Nf3 1-0"), "{}", r.stdout);
    }
}
