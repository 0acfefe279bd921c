//! Regression tests for bugs found by the property tests, the hostile-input
//! suite and fuzzing. Each converts a game and checks that the output splits
//! into as many games as the input: games in = games out.

use iccf_pgn::convert::{Converter, GameLocation, Options, OutputFormat};
use iccf_pgn::split::split_games;

fn convert(input: &[u8]) -> (usize, usize, String) {
    let converter = Converter::new(Options::default());
    let games = split_games(input);
    let mut out = Vec::new();
    for range in &games {
        converter.convert(&input[range.clone()], GameLocation::default(), &mut out);
    }
    let text = String::from_utf8_lossy(&out).into_owned();
    (games.len(), split_games(&out).len(), text)
}

/// A tag broken at its line end (`[` alone) was written on the same line as
/// the movetext after it, where it became a tag with an open string that
/// swallowed the next game.
#[test]
fn broken_tag_swallows_next_game() {
    let (games_in, games_out, out) = convert(b"[\n\"\n[A \"b\"]\n*\n");
    assert_eq!(games_out, games_in, "{out}");
}

/// The lexer ended a malformed tag at the first `]`, the splitter at the
/// first `]` outside a quoted string: `["[A "b"]"[A "b"]` was one game to the
/// splitter, but the converter wrote the lexer's tokens as a broken tag, a
/// move and a tag after it, which split as two games.
#[test]
fn malformed_tag_with_quoted_bracket() {
    let (games_in, games_out, out) = convert(b"[\"[A \"b\"]\"[A \"b\"]");
    assert_eq!(games_out, games_in, "{out}");
    let tokens: Vec<_> = iccf_pgn::lexer::Lexer::new(b"[x \"a]\" y] 1. e4").collect();
    assert_eq!(tokens[0].span, 0..10);
}

/// A last game that is only an unterminated `{` comment was written as `{`
/// and then the result `*`, which the open comment swallowed: read again, the
/// game was no game but a comment after the previous one.
#[test]
fn unterminated_comment_swallows_result() {
    let (games_in, games_out, out) = convert(b" )1-0 1.{");
    assert_eq!(games_out, games_in, "{out}");
    let (games_in, games_out, out) = convert(b"1. e4 1-0\n1. d4 {open\nstill open");
    assert_eq!(games_out, games_in, "{out}");
    assert!(out.contains(";open\n;still open"), "{out}");
}

/// The splitter read `$0*` as a NAG sign and a symbol `0*`, the lexer as the
/// NAG `$0` and the result `*`: the game did not end there for the splitter,
/// but the converter wrote `$0 *`, which did.
#[test]
fn nag_followed_by_result_without_space() {
    let (games_in, games_out, out) = convert(b"$0*(");
    assert_eq!(games_out, games_in, "{out}");
    assert_eq!(split_games(b"1. e4 $1*\n1. d4 *").len(), 2);
}

/// A token starting with `%` (unreadable, copied as written) that the writer
/// wrapped to the start of a line became an escape line there, swallowing
/// the rest of the line and the result.
#[test]
fn percent_token_wrapped_to_line_start() {
    let mut game = b"1. e4 {".to_vec();
    game.extend(std::iter::repeat_n(b'x', 65));
    game.extend_from_slice(b"} %abc e5 1-0\n1. d4 *");
    let (games_in, games_out, out) = convert(&game);
    assert_eq!((games_in, games_out), (2, 2), "{out}");
    assert!(out.contains("\n %abc"), "{out}");
}

/// Each problem was located by counting lines and characters from the start
/// of the game: 100,000 stray `)` on one line took minutes (found by the
/// hostile-input test hundred_thousand_nested_variations). Locations must
/// still be those of `line_col`.
#[test]
fn many_errors_on_one_line_are_located_quickly() {
    let mut game = "\u{feff}[Event \"é\"]\n1. e4 ".to_owned();
    game.push_str(&")".repeat(30_000));
    game.push_str("\nÉ 1. d4 ) é ) *");
    let started = std::time::Instant::now();
    let report = Converter::new(Options::default()).convert(
        game.as_bytes(),
        GameLocation::default(),
        &mut Vec::new(),
    );
    // Quadratic, this took 15 s in a debug build; linear, 0.1 s.
    assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
    assert!(report.errors.len() >= 30_000);
    let mut offsets = Vec::new();
    for (i, _) in game.match_indices(')') {
        offsets.push(i);
    }
    let located: Vec<(u64, u64)> = report
        .errors
        .iter()
        .filter(|p| p.token == ")")
        .map(|p| (p.line, p.column))
        .collect();
    assert_eq!(located.len(), offsets.len());
    for i in [0, 1, 15_000, 29_999, 30_000, offsets.len() - 1] {
        let (l, c) = iccf_pgn::lexer::line_col(game.as_bytes(), offsets[i]);
        assert_eq!(located[i], (l as u64, c as u64), "error {i}");
    }
}

/// A file with a byte order mark and an invalid UTF-8 byte further on was
/// decoded as Latin-1, BOM included: the mark became the move `ï»¿` before
/// the tags, every tag became "tag inside movetext", and the output split
/// into more games than the input. Found by fuzzing (target `pgn`).
#[test]
fn bom_with_invalid_utf8_is_not_a_move() {
    let input = b"\xEF\xBB\xBF[Event \"A\"]\n[Site \"?\"]\n\n1. e4 {caf\xe9} *\n";
    let (games_in, games_out, out) = convert(input);
    assert_eq!(games_out, games_in, "{out}");
    let report =
        Converter::new(Options::default()).convert(input, GameLocation::default(), &mut Vec::new());
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert!(out.contains("[Site \"?\"]\n\n1. 5254"), "{out}");
}

/// A null move by Black did not advance the move number: shakmaty's
/// `swap_turn` keeps it, so the white move after `2. Nf3 --` was written
/// `2.` and the game read back one move out of step.
#[test]
fn null_move_by_black_advances_the_move_number() {
    let game = b"1. e4 e5 2. Nf3 -- (2... Nc6 3. Bb5) 3. Bc4 (3. d4) Z0 4. d3 *";
    let (_, _, pgn) = convert(game);
    assert!(
        pgn.contains("2. 7163 -- (2... 2836 3. 6125) 3. 6134 (3. 4244) 3... -- 4. 4243"),
        "{pgn}"
    );
    let converter = Converter::new(Options {
        format: OutputFormat::Text,
        ..Options::default()
    });
    let mut text = Vec::new();
    converter.convert(game, GameLocation::default(), &mut text);
    assert_eq!(
        String::from_utf8_lossy(&text),
        "1. 5254 5755 2. 7163 -- 3. 6134 -- 4. 4243 *\n"
    );
}

/// Issue 11: a Shredder-FEN castling field (`HAha`) without a `Variant` tag
/// was read as standard chess, where it is invalid, so castling rights were
/// dropped with a warning; it names rook files, so the game is Chess960 and
/// castling is king takes rook.
#[test]
fn shredder_fen_without_variant_was_read_as_standard_chess() {
    let game = b"[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\"]\n\n1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. O-O O-O *";
    let mut out = Vec::new();
    let report =
        Converter::new(Options::default()).convert(game, GameLocation::default(), &mut out);
    assert!(
        report.errors.is_empty() && report.warnings.is_empty(),
        "{report:?}"
    );
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("4. 5181 5888"), "{out}");
}

/// Issue 11: FEN move counters past `u32::MAX` were quietly capped at
/// 4294967295; any counter no game reaches is an error on the game.
#[test]
fn absurd_fen_move_number_saturated() {
    for counters in ["0 99999999999", "0 4294967296", "100001 1"] {
        let game = format!("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - {counters}\"]\n\n1. Kd2 *");
        let mut out = Vec::new();
        let report = Converter::new(Options::default()).convert(
            game.as_bytes(),
            GameLocation::default(),
            &mut out,
        );
        assert_eq!(report.errors.len(), 1, "{counters}");
        assert!(
            report.errors[0].to_string().contains("is absurd"),
            "{}",
            report.errors[0]
        );
    }
}

/// Fuzzing (pgn target): a UTF-8 byte-order mark starting a line of a game
/// that is not UTF-8 (two files joined with `cat`) is whitespace to the
/// splitter, but decoded as CP866 it became three letters, a move before
/// the tags after it, and the output split into two games.
#[test]
fn byte_order_mark_in_a_legacy_game_split_it() {
    let input = include_bytes!("fuzz/bom-in-legacy-encoding.pgn");
    let (games_in, games_out, out) = convert(input);
    assert_eq!(games_out, games_in, "{out}");
}

/// Property test (noise): a game whose first token is no move number, with
/// a `1.` on a later line copied on a broken line, was written with `1.`
/// first and that `1.` at the start of a line, which reads back as a new
/// game (a bare game starting again at move 1).
#[test]
fn copied_move_number_at_a_line_start_split_the_game() {
    let (games_in, games_out, out) = convert(b"\xff;}\n1.");
    assert_eq!(games_out, games_in, "{out}");
}

/// Found by the `pgn` fuzz target: a game from a FEN at move 55 whose tags
/// were followed by a line of NUL bytes, then `55. d8=B 1/2-1/2`.
#[test]
fn nul_line_after_the_tags_split_the_game() {
    let input = include_bytes!("fuzz/nul-line-after-the-tags.pgn");
    let (games_in, games_out, out) = convert(input);
    assert_eq!(games_out, games_in, "{out}");
}

/// Found trying `iccf convert --format text`: a game from a set-up
/// position lost its FEN, so its line read back from the standard start,
/// where its first move is illegal. The FEN and Variant tags now start
/// the game's line, and the text reads back to the same moves. Only such
/// a game's: lichess's `[Variant "Standard"]` stays out (the review's).
#[test]
fn text_format_dropped_the_fen() {
    let input = b"[Event \"x\"]\n[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n\
1. g3 g6 2. Ng2 Nf6 *\n\n[SetUp \"1\"]\n[FEN \"8/5P2/8/8/8/8/8/k6K w - - 0 1\"]\n\n1. f8=R Ka2 2. Ra8+ 1-0\n\n[FEN \"k7/8/8/8/8/8/p7/7K b - - 0 1\"]\n\n1... a1=R+ *\n\n[Variant \"Standard\"]\n\n1. e4 e5 *\n";
    let text_options = Options {
        format: OutputFormat::Text,
        ..Options::default()
    };
    let mut text = Vec::new();
    for range in split_games(input) {
        let report =
            Converter::new(text_options).convert(&input[range], GameLocation::default(), &mut text);
        assert!(report.errors.is_empty(), "{report:?}");
    }
    let text = String::from_utf8(text).unwrap();
    assert_eq!(
        text,
        "[Variant \"Chess960\"] [FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"] \
1. 7273 7776 2. 5172 5866 *\n\
[FEN \"8/5P2/8/8/8/8/8/k6K w - - 0 1\"] 1. 67682 1112 2. 6818 1-0\n\
[FEN \"k7/8/8/8/8/8/p7/7K b - - 0 1\"] 1... 12112 *\n1. 5254 5755 *\n"
    );
    // Read back, to SAN: the same games, no error.
    let to_san = Options {
        to: None,
        ..text_options
    };
    let mut back = Vec::new();
    for range in split_games(text.as_bytes()) {
        let report = Converter::new(to_san).convert(
            &text.as_bytes()[range],
            GameLocation::default(),
            &mut back,
        );
        assert!(report.errors.is_empty(), "{report:?}");
    }
    assert!(
        String::from_utf8_lossy(&back).contains("1. f8=R Ka2 2. Ra8+ 1-0"),
        "{}",
        String::from_utf8_lossy(&back)
    );
}

/// Found by a database maintainer's trial: the text line of a game of
/// another variant had no `Variant` tag unless it had a `FEN`, so it read
/// back as standard chess: a Three-check game converted "cleanly", and a
/// Chess960 game from the standard start failed on its castling `5181`.
#[test]
fn regression_text_format_dropped_the_variant_of_a_game_without_fen() {
    let input = b"[Variant \"Three-check\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 *\n\n\
[Variant \"Chess960\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n";
    let text_options = Options {
        format: OutputFormat::Text,
        ..Options::default()
    };
    let convert_all = |options: Options, input: &[u8]| {
        let (mut out, mut errors) = (Vec::new(), Vec::new());
        for range in split_games(input) {
            let report =
                Converter::new(options).convert(&input[range], GameLocation::default(), &mut out);
            errors.push(report.errors.len());
        }
        (String::from_utf8(out).unwrap(), errors)
    };
    let (text, errors) = convert_all(text_options, input);
    // Three-check cannot be numeric: kept as written, with its error.
    assert_eq!(errors, [1, 0]);
    assert_eq!(
        text,
        "[Variant \"Three-check\"] 1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 *\n\
[Variant \"Chess960\"] 1. 5254 5755 2. 7163 2836 3. 6134 6835 4. 5181 *\n"
    );
    // Read back: the same refusal, and the Chess960 game's moves.
    let to_san = Options {
        to: None,
        ..text_options
    };
    let (back, errors) = convert_all(to_san, text.as_bytes());
    assert_eq!(errors, [1, 0], "{back}");
    assert!(back.ends_with("4. O-O *\n"), "{back}");
}

/// A `{` left open took the games after it into its comment: they are
/// games of their own now, and the comment is kept as written.
#[test]
fn unclosed_comment_swallowed_the_games_after_it() {
    let input = b"[Event \"A\"]\n\n1. e4 e5 {open 2. Nf3 *\n\n[Event \"B\"]\n\n1. d4 d5 1-0\n";
    let (games_in, games_out, out) = convert(input);
    assert_eq!((games_in, games_out), (2, 2), "{out}");
    assert!(
        out.contains(";open 2. Nf3 *\n") && out.contains("1. 4244 4745 1-0"),
        "{out}"
    );
    let (games_in, games_out, out) = convert(b"[Event \"A\"]\n{open\n\n[Site \"s\"]\n\n1. e4 *\n");
    assert_eq!((games_in, games_out), (2, 2), "{out}");
}

/// A 20 MB `Variant` value made a 20 MB error line: the token was cut, but
/// the reason repeated the value whole (and an absurd FEN counter its
/// digits). Both are cut as tokens are now.
#[test]
fn huge_tag_value_repeated_whole_in_the_message() {
    let long = "x".repeat(100_000);
    let converter = Converter::new(Options::default());
    for game in [
        format!("[Variant \"{long}\"]\n\n1. e4 *\n"),
        format!(
            "[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1{}\"]\n\n1. Kb1 *\n",
            "9".repeat(100_000)
        ),
    ] {
        let mut out = Vec::new();
        let report = converter.convert(game.as_bytes(), GameLocation::default(), &mut out);
        let message = report.errors[0].to_string();
        assert!(
            message.len() < 300,
            "{} bytes: {}",
            message.len(),
            &message[..300]
        );
    }
}

/// A file from a DOS editor ends with its end-of-file mark (0x1A, Ctrl-Z):
/// it was a game of its own, an error, written as `1. <0x1A> *`. It is
/// whitespace now (python-chess makes the same bogus last game).
#[test]
fn dos_end_of_file_mark_was_a_game() {
    let input = b"[Event \"a\"]\r\n\r\n1. e4 e5 1/2-1/2\r\n\r\n\x1a";
    assert_eq!(split_games(input).len(), 1);
    let (games_in, games_out, out) = convert(input);
    assert_eq!((games_in, games_out), (1, 1), "{out}");
    assert!(out.ends_with("1. 5254 5755 1/2-1/2\n\n"), "{out:?}");
}
