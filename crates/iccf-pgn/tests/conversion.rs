//! Conversion checked on real games and on numeric texts written elsewhere
//! (`testdata/`, see its README files).

use std::path::PathBuf;

use iccf::Notation;
use iccf::lang::Lang;
use iccf_pgn::convert::{Converter, Options, OutputFormat, ProblemKind, Report};
use iccf_pgn::lexer::{Lexer, TokenKind};
use iccf_pgn::split::split_games;

use iccf_testdata::read;

/// Converts every game of `input`; returns the output and one report a game.
fn convert_all(input: &[u8], to: Option<Notation>, format: OutputFormat) -> (Vec<u8>, Vec<Report>) {
    convert_all_with(
        input,
        Options {
            to,
            format,
            ..Options::default()
        },
    )
}

/// The move tokens of every game, variations included, in order.
fn move_tokens(pgn: &[u8]) -> Vec<Vec<String>> {
    split_games(pgn)
        .into_iter()
        .map(|range| {
            Lexer::new(&pgn[range])
                .filter_map(|t| match t.kind {
                    TokenKind::Move(m) => Some(String::from_utf8_lossy(m).into_owned()),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

fn pgn_files() -> Vec<PathBuf> {
    let files = iccf_testdata::pgn_files();
    assert!(
        files.len() >= 50,
        "expected the PGN files of testdata/, found {}",
        files.len()
    );
    files
}

/// SAN → numeric → SAN gives back the same SAN moves as SAN → SAN, for
/// every game that converts without error; numeric → numeric is stable.
#[test]
fn san_numeric_san_round_trip_on_every_shared_game() {
    let mut games = 0;
    let mut clean = 0;
    let mut plies = 0;
    for path in pgn_files() {
        let input = std::fs::read(&path).unwrap();
        let (san, san_reports) = convert_all(&input, Some(Notation::San), OutputFormat::Pgn);
        let (numeric, reports) = convert_all(&input, Some(Notation::Numeric), OutputFormat::Pgn);
        let (back, back_reports) = convert_all(&numeric, Some(Notation::San), OutputFormat::Pgn);
        let (numeric_again, _) = convert_all(&numeric, Some(Notation::Numeric), OutputFormat::Pgn);
        assert_eq!(
            reports.len(),
            back_reports.len(),
            "{}: games in = games out",
            path.display()
        );
        assert_eq!(san_reports.len(), reports.len(), "{}", path.display());
        let san_moves = move_tokens(&san);
        let back_moves = move_tokens(&back);
        for (i, report) in reports.iter().enumerate() {
            games += 1;
            if !report.errors.is_empty() {
                continue;
            }
            clean += 1;
            plies += report.moves;
            assert!(
                back_reports[i].errors.is_empty(),
                "{} game {}: {:?}",
                path.display(),
                i + 1,
                back_reports[i].errors
            );
            assert_eq!(
                back_reports[i].moves,
                report.moves,
                "{} game {}",
                path.display(),
                i + 1
            );
            assert_eq!(
                san_moves[i],
                back_moves[i],
                "{} game {}",
                path.display(),
                i + 1
            );
        }
        if reports.iter().all(|r| r.errors.is_empty()) {
            // But for the tag naming the letters read: English the second
            // time.
            let without_lang = |pgn: &[u8]| {
                String::from_utf8_lossy(pgn)
                    .lines()
                    .filter(|l| !l.starts_with("[InputLanguage "))
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            assert_eq!(
                without_lang(&numeric),
                without_lang(&numeric_again),
                "{}: numeric output is stable",
                path.display()
            );
        }
    }
    // The shared set holds about 4,900 games, nearly all legal chess.
    assert!(games > 4500, "{games} games");
    assert!(clean > games * 95 / 100, "{clean} of {games} clean");
    assert!(plies > 280_000, "{plies} plies");
}

/// Plain SAN as TWIC writes it comes back token for token.
#[test]
fn twic_san_is_reproduced_exactly() {
    let input = read("pgn/pgn4web/twic944.pgn");
    let (numeric, reports) = convert_all(&input, None, OutputFormat::Pgn);
    assert_eq!(reports.len(), 2953);
    assert!(reports.iter().all(|r| r.errors.is_empty()));
    assert_eq!(reports.iter().map(|r| r.moves).sum::<u64>(), 240_964);
    let (san, _) = convert_all(&numeric, None, OutputFormat::Pgn);
    let original = move_tokens(&input);
    let again = move_tokens(&san);
    assert_eq!(original.len(), again.len());
    for (i, (a, b)) in original.iter().zip(&again).enumerate() {
        assert_eq!(a, b, "game {}", i + 1);
    }
}

/// The numeric texts in `testdata/numeric` read as their authors meant.
#[test]
fn third_party_numeric_games() {
    let text = String::from_utf8(read("numeric/french-defense-13ply.txt")).unwrap();
    let numeric: String = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n");
    let (out, reports) = convert_all(numeric.as_bytes(), None, OutputFormat::Text);
    assert!(reports[0].errors.is_empty(), "{:?}", reports[0].errors);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "1. e4 e6 2. d4 d5 3. Nc3 Bb4 4. Bb5+ Bd7 5. Bxd7+ Qxd7 6. Ne2 dxe4 7. O-O *\n"
    );

    let text = String::from_utf8(read("numeric/ruy-lopez-16ply.txt")).unwrap();
    let numeric: String = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n");
    let (san, _) = convert_all(numeric.as_bytes(), None, OutputFormat::Text);
    assert_eq!(
        String::from_utf8(san.clone()).unwrap(),
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *\n"
    );
    // Back to numeric: the eight lines of the source, one after the other.
    let (again, _) = convert_all(&san, None, OutputFormat::Text);
    let expected: Vec<&str> = numeric.lines().collect();
    assert_eq!(
        String::from_utf8(again).unwrap().trim_end(),
        expected.join(" ") + " *"
    );

    // SAN with an illegal third move: the valid prefix, then the rest as written.
    let (out, reports) = convert_all(
        b"1. e4 e5\n2. Bc4 Nc6\n3. Qh7 Nf6",
        None,
        OutputFormat::Text,
    );
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "1. 5254 5755 2. 6134 2836 3. Qh7 Nf6 *\n"
    );
    assert_eq!(reports[0].errors.len(), 1);
    assert_eq!(
        reports[0].errors[0]
            .move_number
            .map(|n| n.to_string())
            .as_deref(),
        Some("3.")
    );
    assert_eq!(reports[0].errors[0].token, "Qh7");
}

/// The single-move vectors: squares and promotion digits as the sources say.
#[test]
fn single_move_vectors() {
    let tsv = String::from_utf8(read("numeric/single-move-vectors.tsv")).unwrap();
    let mut checked = 0;
    for line in tsv.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let mut cols = line.split('\t');
        let (code, meaning) = (cols.next().unwrap(), cols.next().unwrap());
        // The legacy 6762 needs a position (tested in the core library);
        // 9999 is the invalid example.
        if code == "6762" || code == "9999" {
            continue;
        }
        let squares = find_squares(meaning).unwrap_or_else(|| panic!("{line}"));
        let m: iccf::NumericMove = code.parse().unwrap();
        assert_eq!((m.from.to_string(), m.to.to_string()), squares, "{line}");
        let promotion = meaning.split('=').nth(1).and_then(|p| p.chars().next());
        assert_eq!(m.promotion.map(|r| r.upper_char()), promotion, "{line}");
        checked += 1;
    }
    assert_eq!(checked, 18);
    assert!("9999".parse::<iccf::NumericMove>().is_err());
}

/// The first `a1-b2` in a text, as (from, to).
fn find_squares(text: &str) -> Option<(String, String)> {
    let b = text.as_bytes();
    (0..b.len().saturating_sub(4)).find_map(|i| {
        let is_sq = |j: usize| matches!(b[j], b'a'..=b'h') && matches!(b[j + 1], b'1'..=b'8');
        (is_sq(i) && matches!(b[i + 2], b'-' | b'x') && is_sq(i + 3))
            .then(|| (text[i..i + 2].to_owned(), text[i + 3..i + 5].to_owned()))
    })
}

/// Variants numeric notation cannot hold are refused with a clear error,
/// and the game is still written.
#[test]
fn crazyhouse_and_antichess_are_refused() {
    for rel in [
        "pgn/python-chess/knightvuillaume-jannlee-zh-lichess.pgn",
        "pgn/python-chess/saturs-jannlee-zh-lichess.pgn",
        "pgn/python-chess/antichess-programfox.pgn",
    ] {
        let input = read(rel);
        let (out, reports) = convert_all(&input, None, OutputFormat::Pgn);
        assert!(!reports.is_empty());
        for r in &reports {
            assert_eq!(r.moves, 0, "{rel}");
            assert!(
                matches!(r.errors[0].kind, ProblemKind::UnsupportedVariant(_)),
                "{rel}: {:?}",
                r.errors
            );
            assert!(r.errors[0].kind.to_string().contains("is not supported"));
        }
        // Nothing lost: every move token is still there.
        assert_eq!(move_tokens(&out), move_tokens(&input), "{rel}");
    }
}

/// Chess960 games convert both ways with king-takes-rook castling.
#[test]
fn chess960_games_round_trip() {
    for rel in [
        "pgn/pgn4web/chess960wch06.pgn",
        "pgn/python-chess/cutechess-fischerrandom.pgn",
    ] {
        let input = read(rel);
        let (numeric, reports) = convert_all(&input, None, OutputFormat::Pgn);
        assert!(
            reports.iter().all(|r| r.errors.is_empty()),
            "{rel}: {reports:?}"
        );
        let (back, back_reports) = convert_all(&numeric, None, OutputFormat::Pgn);
        assert!(back_reports.iter().all(|r| r.errors.is_empty()), "{rel}");
        let (san, _) = convert_all(&input, Some(Notation::San), OutputFormat::Pgn);
        assert_eq!(move_tokens(&back), move_tokens(&san), "{rel}");
    }
}

/// Every TWIC game written by us in each language reads back, with the
/// language detected and with its code given, to the same numeric moves.
#[test]
fn twic_in_every_language_reads_back() {
    let input = read("pgn/pgn4web/twic944.pgn");
    let (expected, _) = convert_all(&input, Some(Notation::Numeric), OutputFormat::Text);
    let langs: Vec<Lang> = Lang::all().collect();
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = langs
            .chunks(langs.len().div_ceil(2))
            .map(|chunk| {
                let (input, expected) = (&input, &expected);
                scope.spawn(move || {
                    let mut failures = Vec::new();
                    for &lang in chunk {
                        // Long algebraic shares the letters: a few languages suffice.
                        let lan = matches!(lang, Lang::En | Lang::De | Lang::Ru | Lang::Fr | Lang::Zh);
                        let notations: &[Notation] =
                            if lan { &[Notation::San, Notation::Lan] } else { &[Notation::San] };
                        for &notation in notations {
                            let written = convert_with(
                                input,
                                Options { to: Some(notation), lang, ..Options::default() },
                            );
                            for input_lang in [None, Some(lang)] {
                                let (back, reports) = convert_all_with(
                                    &written,
                                    Options {
                                        to: Some(Notation::Numeric),
                                        format: OutputFormat::Text,
                                        input_lang,
                                        ..Options::default()
                                    },
                                );
                                let errors: Vec<_> = reports.iter().flat_map(|r| &r.errors).collect();
                                if back != *expected || !errors.is_empty() {
                                    failures.push(format!(
                                        "{} {notation} (input {input_lang:?}): {} errors, first {:?}",
                                        lang.code(),
                                        errors.len(),
                                        errors.first()
                                    ));
                                }
                            }
                        }
                    }
                    failures
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A German game with one English letter late in it (`Nc3` for `Sc3`) is
/// read by no language whole: it was read as English, said "unknown piece
/// letter `S` in English" at move 2, and left the game unconverted from
/// there. It is read as German up to the typo, the error on the typo.
#[test]
fn a_typo_late_in_a_german_game_is_the_error() {
    let input = read("pgn/pgn-extract/expected-output/test-Wdeutsch-out.pgn");
    let text = String::from_utf8(input).unwrap();
    // The game's last knight move, written with the English letter.
    let at = text.rfind(" S").expect("a knight move");
    let typo = format!("{} N{}", &text[..at], &text[at + 2..]);
    let (out, reports) = convert_all(typo.as_bytes(), None, OutputFormat::Pgn);
    assert_eq!(reports[0].errors.len(), 1, "{:?}", reports[0].errors);
    let error = reports[0].errors[0].to_string();
    assert!(
        error.contains("unknown piece letter `N` in German"),
        "{error}"
    );
    // Every move before the typo converted: as many as in the game cut
    // there.
    let cut = format!("{} *\n", &text[..at]);
    let (_, before) = convert_all(cut.as_bytes(), None, OutputFormat::Pgn);
    assert!(before[0].errors.is_empty(), "{:?}", before[0].errors);
    assert_eq!(reports[0].moves, before[0].moves);
    assert!(reports[0].moves > 30, "{}", String::from_utf8_lossy(&out));
}

/// pgn-extract's German output (K D T L S) converts, read as German.
#[test]
fn german_sample_converts() {
    let input = read("pgn/pgn-extract/expected-output/test-Wdeutsch-out.pgn");
    let (out, reports) = convert_all(&input, None, OutputFormat::Pgn);
    assert_eq!(reports.len(), 1);
    assert!(reports[0].errors.is_empty(), "{:?}", reports[0].errors);
    assert_eq!(reports[0].moves, 73);
    assert!(reports[0].langs.contains(Lang::De));
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("[InputLanguage \"de "), "{out}");
    // A file that has the tag already, read as German again: one tag, not
    // two (found converting files twice).
    let marked = [b"[InputLanguage \"de\"]\n".as_slice(), &input].concat();
    let (out, _) = convert_all(&marked, None, OutputFormat::Pgn);
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out.matches("[InputLanguage").count(), 1, "{out}");
    // Read back from numeric, to English SAN: no language of this reading,
    // and the German one is stale (the review's).
    let (back, _) = convert_all(out.as_bytes(), Some(Notation::San), OutputFormat::Pgn);
    let back = String::from_utf8(back).unwrap();
    assert!(!back.contains("[InputLanguage"), "{back}");
    // The same game in English gives the same numeric moves.
    let (english, _) = convert_all(
        &read("pgn/pgn-extract/barnes-horton.pgn"),
        None,
        OutputFormat::Pgn,
    );
    assert_eq!(move_tokens(out.as_bytes()), move_tokens(&english));
}

/// Issue 18: `1. h4 h5 2. Rh3` is legal in English (rook) and Finnish
/// (knight), and a plain English game with its Seven Tag Roster exited 1.
/// PGN's SAN is English: with nothing around it pointing elsewhere, the
/// game is read in English without a word.
#[test]
fn english_game_legal_in_finnish_too_was_an_error() {
    let game = b"[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. h4 h5 2. Rh3 Rh6 *";
    let (out, reports) = convert_all(game, None, OutputFormat::Text);
    assert!(reports[0].errors.is_empty(), "{:?}", reports[0].errors);
    assert!(reports[0].warnings.is_empty(), "{:?}", reports[0].warnings);
    assert!(reports[0].langs.contains(Lang::En));
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "1. 8284 8785 2. 8183 8886 *\n"
    );
    // Among Finnish games, the same game without tags is Finnish.
    let finnish = "1. e4 e5 2. Rf3 Rc6 3. Lc4 Lc5 4. d3 d6 5. Dd2 Dd7 6. Rc3 Rf6 7. Tb1 Tb8 *\n\n";
    let pgn = [finnish, "1. h4 h5 2. Rh3 Rh6 *\n\n", finnish].concat();
    let (out, reports) = convert_all(pgn.as_bytes(), None, OutputFormat::Text);
    assert!(reports[1].errors.is_empty(), "{:?}", reports[1].errors);
    assert_eq!(reports[1].warnings.len(), 1, "{:?}", reports[1].warnings);
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out.lines().nth(1), Some("1. 8284 8785 2. 7183 7886 *"));
    let game = b"1. h4 h5 2. Rh3 *";
    // Told the language, it converts without complaint.
    let (out, reports) = convert_all_with(
        game,
        Options {
            input_lang: Some(Lang::Fi),
            format: OutputFormat::Text,
            ..Options::default()
        },
    );
    assert!(reports[0].errors.is_empty());
    assert_eq!(String::from_utf8(out).unwrap(), "1. 8284 8785 2. 7183 *\n");
}

/// Russian letters, including the two-letter king, in a CP1251 file.
#[test]
fn russian_cp1251_game() {
    let text = "[White \"Иванов\"]\n\n1. e4 e5 2. Кf3 Кc6 3. Сc4 Сc5 4. O-O Кf6 5. Лe1 O-O 6. Крh1 Фe7 *\n";
    let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(text);
    let (out, reports) = convert_all(&bytes, None, OutputFormat::Text);
    assert!(reports[0].errors.is_empty(), "{:?}", reports[0].errors);
    assert_eq!(reports[0].encoding, Some("windows-1251"));
    assert!(reports[0].langs.contains(Lang::Ru));
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "1. 5254 5755 2. 7163 2836 3. 6134 6835 4. 5171 7866 5. 6151 5878 6. 7181 4857 *\n"
    );
}

fn convert_with(input: &[u8], options: Options) -> Vec<u8> {
    convert_all_with(input, options).0
}

fn convert_all_with(input: &[u8], options: Options) -> (Vec<u8>, Vec<Report>) {
    let mut out = Vec::new();
    let reports = Converter::new(options).convert_all(input, &mut out);
    (out, reports)
}

/// Move numbers without dots and en passant marks written apart are read
/// as what they are, not as moves.
#[test]
fn bare_move_numbers_and_en_passant_marks() {
    let (out, reports) = convert_all(b"1 5254 5755 2 7163 2836 *", None, OutputFormat::Text);
    assert!(reports[0].errors.is_empty(), "{:?}", reports[0].errors);
    assert_eq!(String::from_utf8(out).unwrap(), "1. e4 e5 2. Nf3 Nc6 *\n");
    let game = b"1. e4 Nf6 2. e5 d5 3. exd6 e.p. exd6 *";
    let (out, reports) = convert_all(game, None, OutputFormat::Text);
    assert!(reports[0].errors.is_empty(), "{:?}", reports[0].errors);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "1. 5254 7866 2. 5455 4745 3. 5546 5746 *\n"
    );
}

/// A game's problems do not depend on the output format: the text and JSON
/// formats write the main line only, but report what PGN output reports, so
/// the exit status is the same (an illegal move in a variation, a stray `)`
/// or an unclosed variation used to pass silently there).
#[test]
fn problems_are_the_same_in_every_format() {
    let problems = |report: &Report| {
        let show = |ps: &[iccf_pgn::convert::Problem]| {
            ps.iter()
                .map(|p| format!("{}:{}: {p}", p.line, p.column))
                .collect::<Vec<_>>()
        };
        (show(&report.errors), show(&report.warnings))
    };
    let handmade: &[&[u8]] = &[
        b"1. e4 (1. e5) e5 2. Nf3 *",
        b"1. e4 ) e5 *",
        b"1. e4 (1. d4 d5 *",
        b"1. e4 e5 1-0 2. Nf3 0-1",
        b"1. e4 {c} [Event \"x\"] e5 *",
        b"( 1. e4 ) 1. d4 *",
        b"1. e4 (1. d4 (1... Qh4) d5) e5 *",
    ];
    let mut inputs: Vec<Vec<u8>> = handmade.iter().map(|g| g.to_vec()).collect();
    inputs.extend(pgn_files().iter().map(|f| std::fs::read(f).expect("read")));
    let mut games_with_errors = 0;
    for input in &inputs {
        for to in [None, Some(Notation::San)] {
            let (_, pgn) = convert_all(input, to, OutputFormat::Pgn);
            for format in [OutputFormat::Text, OutputFormat::Jsonl] {
                let (_, other) = convert_all(input, to, format);
                assert_eq!(pgn.len(), other.len());
                for (p, o) in pgn.iter().zip(&other) {
                    assert_eq!(
                        problems(p),
                        problems(o),
                        "{format:?} of {}",
                        String::from_utf8_lossy(&input[..input.len().min(200)])
                    );
                }
            }
            games_with_errors += pgn.iter().filter(|r| !r.errors.is_empty()).count();
        }
    }
    // The hand-made games all have errors, and so do some real ones.
    assert!(
        games_with_errors > 2 * handmade.len(),
        "{games_with_errors}"
    );
}

/// Issue 10: `--format text` output of a whole file read back as one game.
/// Now every file of the test data, written as text in numeric and in SAN,
/// reads back as as many games, each clean one with the same main line
/// (games from a FEN or of a variant aside: text keeps no tags).
#[test]
fn text_output_of_every_file_reads_back_as_its_games() {
    let main_lines = |pgn: &[u8]| -> Vec<(bool, Vec<String>)> {
        Converter::new(Options::default())
            .records(pgn)
            .into_iter()
            .map(|r| {
                let aside =
                    r.tag("FEN").is_some() || r.tag("Variant").is_some() || !r.errors.is_empty();
                (
                    aside,
                    r.moves
                        .iter()
                        .map(|m| m.get(Notation::Numeric).into())
                        .collect(),
                )
            })
            .collect()
    };
    for path in pgn_files() {
        let input = std::fs::read(&path).unwrap();
        let expected = main_lines(&input);
        for to in [Notation::Numeric, Notation::San] {
            let (text, reports) = convert_all(&input, Some(to), OutputFormat::Text);
            assert_eq!(reports.len(), expected.len(), "{}", path.display());
            let back = main_lines(&text);
            assert_eq!(back.len(), expected.len(), "{} {to:?}", path.display());
            for (i, ((aside, want), (_, got))) in expected.iter().zip(&back).enumerate() {
                if !aside {
                    assert_eq!(got, want, "{} {to:?} game {}", path.display(), i + 1);
                }
            }
        }
    }
}
