//! Property tests of whole games: random legal games with tags, comments,
//! NAGs, suffixes and nested variations are written with [`PgnWriter`] in
//! SAN and in numeric, and the [`Converter`] must turn each into the other
//! token for token; games in = games out in every output format.

use std::borrow::Cow;

use iccf::lang::Lang;
use iccf::{CastlingNotation, Notation, NumericMove};
use iccf_pgn::convert::{Converter, GameLocation, Options, OutputFormat};
use iccf_pgn::lexer::{Lexer, TokenKind};
use iccf_pgn::split::split_games;
use iccf_pgn::writer::PgnWriter;
use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position, Rank,
    Setup,
};

/// xorshift64*: reproducible from the seed proptest picks.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

fn chess960_start(n: u32) -> Chess {
    let board = Board::chess960(n);
    let rooks =
        board.rooks() & (Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth));
    let mut setup = Setup::empty();
    setup.board = board;
    setup.castling_rights = rooks;
    setup.turn = Color::White;
    Chess::from_setup(setup, CastlingMode::Chess960).expect("chess960 start")
}

const COMMENTS: &[&str] = &[
    "",
    " good ",
    "a [bracket] and \"quotes\" and \\",
    "two\nlines",
    "(not a variation) 1-0 *",
    "$12 ; not a comment",
    "[%clk 0:01:02]",
    "Кр и Ф",
    "closing } brace",
];

const SUFFIXES: &[&str] = &["!", "?", "!!", "??", "!?", "?!"];

/// Writes the same game twice, in SAN and in numeric.
struct Twin<'a> {
    san: PgnWriter<'a>,
    numeric: PgnWriter<'a>,
    moves: u64,
}

impl Twin<'_> {
    fn both(&mut self, f: impl Fn(&mut PgnWriter<'_>)) {
        f(&mut self.san);
        f(&mut self.numeric);
    }

    /// A line of `plies` random moves from `pos`, with annotations and
    /// variations down to `depth`.
    fn line(&mut self, rng: &mut Rng, mut pos: Chess, plies: usize, depth: usize) {
        let mut need_number = true;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m: Move = moves[rng.below(moves.len())];
            self.play(&pos, m, need_number);
            need_number = false;
            let before = pos.clone();
            pos.play_unchecked(m);
            if rng.chance(15) {
                let s = SUFFIXES[rng.below(SUFFIXES.len())];
                self.both(|w| w.token(s.as_bytes()));
            }
            if rng.chance(15) {
                let nag = rng.below(256) as u8;
                self.both(|w| w.nag(nag));
                need_number = true;
            }
            if rng.chance(15) {
                let c = COMMENTS[rng.below(COMMENTS.len())];
                self.both(|w| w.comment(c.as_bytes()));
                need_number = true;
            }
            if depth > 0 && rng.chance(20) {
                // One or two alternatives to the move just played.
                for _ in 0..=rng.below(2) {
                    self.both(|w| w.variation_start());
                    if rng.chance(20) {
                        self.both(|w| w.comment(b"before"));
                    }
                    let len = rng.below(6);
                    self.line(rng, before.clone(), len, depth - 1);
                    self.both(|w| w.variation_end());
                }
                need_number = true;
            }
        }
    }

    fn play(&mut self, pos: &Chess, m: Move, need_number: bool) {
        let n = pos.fullmoves().get();
        let number = match pos.turn() {
            Color::White => format!("{n}."),
            Color::Black if need_number => format!("{n}..."),
            Color::Black => String::new(),
        };
        self.both(|w| w.token(number.as_bytes()));
        let san = SanPlus::from_move(pos.clone(), m).to_string();
        self.san.token(san.as_bytes());
        let castling =
            CastlingNotation::for_mode(pos.castles().mode(), CastlingNotation::KingTakesRook);
        let numeric = NumericMove::from_move(m, castling).unwrap().to_string();
        self.numeric.token(numeric.as_bytes());
        self.moves += 1;
    }
}

struct Game {
    san: Vec<u8>,
    numeric: Vec<u8>,
    moves: u64,
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", String::from_utf8_lossy(&self.san))
    }
}

fn tag_value() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 .,\"\\\\\\[\\]{}();%$*-]{0,16}"
}

fn game_strategy() -> impl Strategy<Value = Game> {
    (
        any::<u64>(),
        prop::option::of(0u32..960),
        0usize..60,
        prop::collection::vec(("[A-Z][A-Za-z0-9_]{0,8}", tag_value()), 0..4),
        0usize..4,
    )
        .prop_map(|(seed, chess960, plies, tags, depth)| {
            let mut rng = Rng(seed | 1);
            let mut san = Vec::new();
            let mut numeric = Vec::new();
            let mut twin = Twin {
                san: PgnWriter::new(&mut san),
                numeric: PgnWriter::new(&mut numeric),
                moves: 0,
            };
            let pos = match chess960 {
                Some(n) => {
                    let pos = chess960_start(n);
                    let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
                    twin.both(|w| {
                        w.tag(b"Variant", b"Chess960");
                        w.tag(b"SetUp", b"1");
                        w.tag(b"FEN", fen.as_bytes());
                    });
                    pos
                }
                None => Chess::default(),
            };
            for (name, value) in &tags {
                // Tags the converter interprets are not random.
                if ["Variant", "SetUp", "FEN", "InputLanguage"].contains(&name.as_str()) {
                    continue;
                }
                twin.both(|w| w.tag(name.as_bytes(), value.as_bytes()));
            }
            twin.both(|w| w.end_tags());
            if rng.chance(10) {
                twin.both(|w| w.comment(b"before the first move"));
            }
            twin.line(&mut rng, pos, plies, depth);
            let result = ["1-0", "0-1", "1/2-1/2", "*"][rng.below(4)];
            twin.both(|w| {
                w.result(result.as_bytes());
                w.end_game();
            });
            let moves = twin.moves;
            let _ = twin;
            Game {
                san,
                numeric,
                moves,
            }
        })
}

/// The tokens that must survive conversion, move numbers left out (the
/// converter writes its own).
#[derive(Debug, PartialEq, Eq)]
enum Tok<'a> {
    Tag(&'a [u8], Cow<'a, [u8]>),
    Move(&'a [u8]),
    Suffix(&'a [u8]),
    Nag(&'a [u8]),
    Comment(&'a [u8]),
    LineComment(&'a [u8]),
    Start,
    End,
    Result(&'a [u8]),
}

fn tokens(text: &[u8]) -> Result<Vec<Tok<'_>>, TestCaseError> {
    let mut out = Vec::new();
    for token in Lexer::new(text) {
        out.push(match token.kind {
            TokenKind::Tag { name, value, .. } => Tok::Tag(name, value.unescaped()),
            TokenKind::MoveNumber { .. } => continue,
            TokenKind::Move(m) => Tok::Move(m),
            TokenKind::Suffix(s) => Tok::Suffix(s),
            TokenKind::Nag(n) => Tok::Nag(n),
            TokenKind::Comment(c) => Tok::Comment(c),
            TokenKind::LineComment(c) => Tok::LineComment(c),
            TokenKind::VariationStart => Tok::Start,
            TokenKind::VariationEnd => Tok::End,
            TokenKind::Result(r) => Tok::Result(r),
            TokenKind::Escape(_) | TokenKind::Error(_) => {
                return Err(TestCaseError::fail(format!(
                    "unexpected {:?} in {}",
                    token.kind,
                    String::from_utf8_lossy(text)
                )));
            }
        });
    }
    Ok(out)
}

fn convert(input: &[u8], format: OutputFormat) -> (Vec<u8>, u64, Vec<String>) {
    // Short random games are often legal in several languages with different
    // moves (`Be3` is a bishop in English, a pawn in German): that is
    // reported as an error by design, so the language is given.
    let converter = Converter::new(Options {
        format,
        input_lang: Some(Lang::En),
        ..Options::default()
    });
    let mut out = Vec::new();
    let mut moves = 0;
    let mut errors = Vec::new();
    for (i, range) in split_games(input).into_iter().enumerate() {
        let report = converter.convert(
            &input[range],
            GameLocation {
                index: i as u64 + 1,
                ..GameLocation::default()
            },
            &mut out,
        );
        moves += report.moves;
        errors.extend(
            report
                .errors
                .iter()
                .map(|e| format!("{}:{}: {e}", e.line, e.column)),
        );
    }
    (out, moves, errors)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// SAN → numeric gives the numeric twin, numeric → SAN gives the SAN
    /// twin: tags, comments, NAGs, suffixes, variations and moves.
    #[test]
    fn san_numeric_san_keeps_every_token(game in game_strategy()) {
        let show = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        let (numeric, moves, errors) = convert(&game.san, OutputFormat::Pgn);
        prop_assert!(errors.is_empty(), "{:?}\n{}", errors, show(&game.san));
        prop_assert_eq!(moves, game.moves);
        prop_assert_eq!(tokens(&numeric)?, tokens(&game.numeric)?,
            "\nSAN in:\n{}\nnumeric out:\n{}", show(&game.san), show(&numeric));

        let (san, moves, errors) = convert(&numeric, OutputFormat::Pgn);
        prop_assert!(errors.is_empty(), "{:?}\n{}", errors, show(&numeric));
        prop_assert_eq!(moves, game.moves);
        prop_assert_eq!(tokens(&san)?, tokens(&game.san)?,
            "\nnumeric in:\n{}\nSAN out:\n{}", show(&numeric), show(&san));

        // The numeric twin written by the writer converts to the same SAN.
        let (san2, _, errors) = convert(&game.numeric, OutputFormat::Pgn);
        prop_assert!(errors.is_empty(), "{:?}", errors);
        prop_assert_eq!(tokens(&san2)?, tokens(&game.san)?);
        // Converting is idempotent on its own output.
        let (numeric2, _, _) = convert(&san, OutputFormat::Pgn);
        prop_assert_eq!(show(&numeric2), show(&numeric));
    }

    /// Games in = games out, in every format, for several games in a row.
    #[test]
    fn games_in_equal_games_out(games in prop::collection::vec(game_strategy(), 1..5)) {
        let mut input = Vec::new();
        for (i, game) in games.iter().enumerate() {
            input.extend_from_slice(if i % 2 == 0 { &game.san } else { &game.numeric });
        }
        prop_assert_eq!(split_games(&input).len(), games.len());
        let (pgn, _, errors) = convert(&input, OutputFormat::Pgn);
        prop_assert!(errors.is_empty(), "{:?}", errors);
        prop_assert_eq!(split_games(&pgn).len(), games.len());
        for format in [OutputFormat::Text, OutputFormat::Jsonl] {
            let (out, _, _) = convert(&input, format);
            prop_assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), games.len(), "{:?}", format);
            if format == OutputFormat::Jsonl {
                for line in out.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
                    prop_assert!(serde_json::from_slice::<serde_json::Value>(line).is_ok());
                }
            }
        }
    }

    /// Issue 10: `--format text` output read back was one game for a whole
    /// file. What we write in each readable format and notation reads back
    /// as the same games, as many, with the same main-line moves.
    #[test]
    fn our_output_reads_back_as_the_same_games(games in prop::collection::vec(game_strategy(), 1..5)) {
        let mut input = Vec::new();
        for (i, game) in games.iter().enumerate() {
            input.extend_from_slice(if i % 2 == 0 { &game.san } else { &game.numeric });
        }
        let main_lines = |pgn: &[u8]| -> Vec<Vec<String>> {
            Converter::new(Options::default())
                .records(pgn)
                .into_iter()
                .map(|r| r.moves.iter().map(|m| m.get(Notation::Numeric).into()).collect())
                .collect()
        };
        let records = Converter::new(Options::default()).records(&input);
        let expected = main_lines(&input);
        prop_assert_eq!(expected.len(), games.len());
        for format in [OutputFormat::Pgn, OutputFormat::Text] {
            for to in [Notation::Numeric, Notation::San, Notation::Lan, Notation::Uci, Notation::Figurine] {
                let options = Options { to: Some(to), format, ..Options::default() };
                let mut out = Vec::new();
                Converter::new(options).convert_all(&input, &mut out);
                let back = main_lines(&out);
                prop_assert_eq!(back.len(), expected.len(), "{:?} {:?}:\n{}", format, to, String::from_utf8_lossy(&out));
                for (i, (back, expected)) in back.iter().zip(&expected).enumerate() {
                    // Text keeps no tags: a game from a FEN reads back from
                    // the standard start.
                    if format == OutputFormat::Text && records[i].tag("FEN").is_some() {
                        continue;
                    }
                    prop_assert_eq!(back, expected, "game {} {:?} {:?}:\n{}", i + 1, format, to, String::from_utf8_lossy(&out));
                }
            }
        }
    }

    /// PGN-like noise: whatever the converter writes splits back into as
    /// many games as were read (the converter's output is PGN again).
    #[test]
    fn noise_in_equals_games_out(parts in prop::collection::vec(prop::sample::select(NOISE), 0..40)) {
        let input = parts.concat();
        let (out, _, _) = convert(&input, OutputFormat::Pgn);
        prop_assert_eq!(split_games(&out).len(), split_games(&input).len(),
            "{:?} -> {:?}", String::from_utf8_lossy(&input), String::from_utf8_lossy(&out));
    }
}

const NOISE: &[&[u8]] = &[
    b" ",
    b"\n",
    b"\r",
    b"[",
    b"]",
    b"\"",
    b"\\",
    b"{",
    b"}",
    b";",
    b"%",
    b"(",
    b")",
    b"$",
    b"$1",
    b"1.",
    b"2...",
    b"e4",
    b"e5",
    b"Nf3",
    b"5254",
    b"1-0",
    b"*",
    b"\xff",
    b"a",
    b"\x00",
    b"[A \"b\"]",
    b"!?",
];
