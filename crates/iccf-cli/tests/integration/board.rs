//! `iccf board`: the position with the numeric grid, from a PGN file,
//! --fen or --after, as text or SVG, and its errors.

use crate::cli::{assert_text, run, testdata};

const EVERITT_WANG: &str = "pgn/iccf/ostinato-everitt-wang-iccf-1997.pgn";

/// The start with letters, written by hand: White's pieces on rank 1 at the
/// bottom, queen on file 4 (d), king on 5 (e).
const START_ASCII: &str = "    1  2  3  4  5  6  7  8
 8  r  n  b  q  k  b  n  r  8
 7  p  p  p  p  p  p  p  p  7
 6  .  .  .  .  .  .  .  .  6
 5  .  .  .  .  .  .  .  .  5
 4  .  .  .  .  .  .  .  .  4
 3  .  .  .  .  .  .  .  .  3
 2  P  P  P  P  P  P  P  P  2
 1  R  N  B  Q  K  B  N  R  1
    1  2  3  4  5  6  7  8
White to move, move 1
";

#[test]
fn board_without_input_is_the_start() {
    let r = run(&["board", "--ascii"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_text(&r.stdout, START_ASCII);
    // Piped, so no colour whatever NO_COLOR says.
    assert!(!r.stdout.contains('\x1b'));
    let figurines = run(&["board"], b"");
    assert!(
        figurines.stdout.contains(" 1  ♖  ♘  ♗  ♕  ♔  ♗  ♘  ♖  1\n"),
        "{}",
        figurines.stdout
    );
}

#[test]
fn board_of_a_real_game_shows_its_last_position() {
    let file = testdata(EVERITT_WANG);
    let r = run(&["board", "--ascii", file.as_str()], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    // 54. Nxc5 Rxd2 0-1: Black's rook took on d2 (42) coming from c2 (32);
    // the other black rook stands on a2, White's g-pawn on g2.
    assert_eq!(lines[7], " 2  r  . [.][r] .  .  P  .  2");
    // White: pawn a5, knight c5, pawn e5; Black's king on f5.
    assert_eq!(lines[4], " 5  P  .  N  .  P  k  .  .  5");
    assert_eq!(lines[10], "White to move, move 55; last move 54... 3242");
}

#[test]
fn board_ply_and_game_pick_the_position() {
    let file = testdata(EVERITT_WANG);
    let file = file.as_str();
    let r = run(&["board", "--ascii", "--ply", "0", file], b"");
    assert_text(&r.stdout, START_ASCII);
    // [PlyCount "108"]: the last half-move exists, the next does not.
    let r = run(&["board", "--ply", "108", file], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run(&["board", "--ply", "109", file], b"");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("no half-move 109: the line has 108"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.is_empty());
    let r = run(&["board", "--game", "2", file], b"");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("no game 2: there are 1 games"),
        "{}",
        r.stderr
    );
    // 1. d4 Nf6: the knight's move from g8 (78) to f6 (66).
    let r = run(&["board", "--ply", "2", file], b"");
    assert!(
        r.stdout
            .ends_with("White to move, move 2; last move 1... 7866\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn board_after_reads_any_notation() {
    let numeric = run(&["board", "--after", "5254 5755 7163"], b"");
    assert_eq!(numeric.code, 0, "{}", numeric.stderr);
    for moves in [
        "1. e4 e5 2. Nf3",
        "1. e2-e4 e7-e5 2. Ng1-f3",
        "e2e4 e7e5 g1f3",
        "♙e4 e5 ♘f3",
    ] {
        let r = run(&["board", "--after", moves], b"");
        assert_eq!(r.code, 0, "{moves}: {}", r.stderr);
        assert_text(&r.stdout, &numeric.stdout);
    }
    assert!(
        numeric
            .stdout
            .ends_with("Black to move, move 2; last move 2. 7163\n")
    );
    // German letters, named or found: S is a knight (Springer), L a bishop
    // (Läufer); one S alone could also be a Czech bishop (střelec).
    let r = run(
        &["board", "--input-lang", "de", "--after", "1. e4 e5 2. Sf3"],
        b"",
    );
    assert_text(&r.stdout, &numeric.stdout);
    let german = run(&["board", "--after", "1. e4 e5 2. Sf3 Sc6 3. Lb5"], b"");
    let english = run(&["board", "--after", "1. e4 e5 2. Nf3 Nc6 3. Bb5"], b"");
    assert_eq!(german.code, 0, "{}", german.stderr);
    assert_text(&german.stdout, &english.stdout);
}

#[test]
fn board_fen_and_flip() {
    // After 1. e4 (the FEN has no last move to mark); Black at the bottom
    // puts rank 1 on top, read from file 8 to file 1.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let r = run(&["board", "--ascii", "--flip", "--fen", fen], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0], "    8  7  6  5  4  3  2  1");
    assert_eq!(lines[1], " 1  R  N  B  K  Q  B  N  R  1");
    assert_eq!(lines[4], " 4  .  .  .  P  .  .  .  .  4");
    assert_eq!(lines[10], "Black to move, move 1");
    let r = run(&["board", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"], b"");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("bad FEN"), "{}", r.stderr);
}

#[test]
fn board_svg_to_stdout_and_to_a_file() {
    let r = run(&["board", "--after", "1. e4", "--svg", "-"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 440 440\"")
    );
    assert!(
        r.stdout
            .contains("<title>Black to move, move 1; last move 1. 5254</title>")
    );
    for file in 1..=8 {
        for rank in 1..=8 {
            let number = format!("class=\"square-number\">{file}{rank}</text>");
            assert_eq!(r.stdout.matches(&number).count(), 1, "{file}{rank}");
        }
    }
    assert_eq!(r.stdout.matches("last-move").count(), 2);

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("board.svg");
    let to_file = run(
        &["board", "--after", "1. e4", "--svg", path.to_str().unwrap()],
        b"",
    );
    assert_eq!(to_file.code, 0, "{}", to_file.stderr);
    assert!(to_file.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), r.stdout);
}

#[test]
fn board_bad_move_names_it_and_shows_the_position_before() {
    let r = run(&["board", "--ascii", "--after", "1. e4 e5 2. Nf6"], b"");
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.starts_with("iccf: --after:1:13: 2. `Nf6`: "),
        "{}",
        r.stderr
    );
    assert!(
        r.stdout
            .ends_with("White to move, move 2; last move 1... 5755\n"),
        "{}",
        r.stdout
    );

    let pgn = b"[Event \"x\"]\n\n1. 5254 5755\n2. 7163 5755 *\n";
    let r = run(&["board", "-"], pgn);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .starts_with("iccf: <stdin>:4:9: game 1: 2... `5755`: "),
        "{}",
        r.stderr
    );
    assert!(
        r.stdout
            .ends_with("Black to move, move 2; last move 2. 7163\n"),
        "{}",
        r.stdout
    );

    // A bad FEN tag spoils the game, not the command: exit 1, no board.
    let r = run(
        &["board", "-"],
        b"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n",
    );
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.starts_with("iccf: <stdin>: game 1: bad FEN tag"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.is_empty());
    // A variant was called a bad FEN tag, and its value shown whole.
    let game = format!("[Variant \"crazyhouse{}\"]\n\n*\n", "x".repeat(10_000));
    let r = run(&["board", "-"], game.as_bytes());
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .starts_with("iccf: <stdin>: game 1: bad Variant tag `crazyhousexxx"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.len() < 400, "{}", r.stderr.len());
}

/// Runs `iccf board ARGS` on a pseudo-terminal made by util-linux
/// `script`, with `NO_COLOR` set to `no_color`; `None` without `script`.
fn on_a_terminal(args: &str, no_color: &str) -> Option<String> {
    let iccf = assert_cmd::cargo::cargo_bin("iccf");
    let command = format!("{} board {args}", iccf.display());
    let out = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env("NO_COLOR", no_color)
        .output()
        .ok()?;
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn board_colours_only_a_terminal_without_no_color() {
    let Some(coloured) = on_a_terminal("--ascii --after e4", "") else {
        eprintln!("no `script` to make a terminal: colour not checked");
        return;
    };
    // The last move's squares (e2, e4) in their own background.
    assert_eq!(coloured.matches("\x1b[48;5;107;").count(), 2, "{coloured}");
    let plain = on_a_terminal("--ascii --after e4", "1").expect("script ran before");
    assert!(!plain.contains('\x1b'), "{plain}");
    assert!(plain.contains("[P]"), "{plain}");
}

#[test]
fn board_usage_errors_exit_2() {
    for args in [
        &[
            "board",
            "--fen",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "--after",
            "e4",
        ][..],
        &["board", "--game", "2"],
        &["board", "no-such-file.pgn"],
    ] {
        let r = run(args, b"");
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(r.stdout.is_empty(), "{args:?}");
    }
}

/// `--after "1. e4 e5 2. d3 d6 3. Sd2"`, which German and Czech read as
/// different moves, showed the German reading with exit 0 where `iccf
/// convert` reports the ambiguity (exit 1).
#[test]
fn regression_board_read_an_ambiguous_language_without_a_word() {
    let after = "1. e4 e5 2. d3 d6 3. Sd2";
    let r = run(&["board", "--ascii", "--after", after], b"");
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("3. `Sd2`: legal in German (de), Czech (cs)")
            && r.stderr.contains("choose with --input-lang"),
        "{}",
        r.stderr
    );
    assert!(!r.stdout.is_empty());
    let r = run(
        &["board", "--ascii", "--after", after, "--input-lang", "cs"],
        b"",
    );
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
}
