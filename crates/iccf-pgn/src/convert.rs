//! Converting PGN games from any notation iccf reads into the notation
//! asked for, keeping tags, comments, NAGs and variations.
//!
//! The path of one game:
//!
//! ```text
//!   bytes ─▶ decode (UTF-8, else a legacy encoding)
//!         ─▶ lex: tokens, and on the way the piece letters, the setup tags
//!            and the notation of the first move
//!         ─▶ setup: the start position (FEN, Variant)
//!         ─▶ language: the piece letters moves are read in
//!         ─▶ walk: every token once, moves played, problems recorded
//!         ─▶ sink: PGN, text or JSON lines
//! ```
//!
//! A move that cannot be read stops conversion of its line only: the rest of
//! that line is copied as written, so nothing is lost, and the problem is
//! reported with its location.
//!
//! ```
//! use iccf_pgn::convert::{Converter, GameLocation, Options};
//!
//! let mut out = Vec::new();
//! let report = Converter::new(Options::default()).convert(
//!     b"1. e4 e5 {open game} 2. Nf3 (2. f4 exf4) Nc6 *",
//!     GameLocation::default(),
//!     &mut out,
//! );
//! assert_eq!(report.moves, 6);
//! assert_eq!(
//!     String::from_utf8(out).unwrap(),
//!     "1. 5254 5755 {open game} 2. 7163 (2. 6264 5564) 2... 2836 *\n\n"
//! );
//! ```

use std::sync::Arc;

use iccf::lang::{GameLetters, Lang, LangSet, same_letters};
use iccf::read::guess_notation;
use iccf::token::{is_move, is_null_move};
use iccf::{CastlingNotation, MoveFormat, Notation};
use shakmaty::Chess;

use crate::encoding::{InputEncoding, decode, splittable};
use crate::game::Game;
use crate::language::{Choice, Choose, named_language};
pub use crate::language::{GameHint, Neighbours, Verdict};
use crate::lexer::{Lexer, Token, TokenKind};
use crate::problem::Problems;
pub use crate::problem::{Limit, Problem, ProblemKind, Severity};
use crate::record::{GameRecord, RecordNotations, RecordedMoves};
use crate::setup::SetupTags;
use crate::sink::jsonl::{RecordSink, write_jsonl};
use crate::sink::pgn::PgnSink;
use crate::sink::text::TextSink;
use crate::sink::tree::TreeSink;
use crate::split::{GameSpan, game_spans};
use crate::walk::{Scope, Walk};
use crate::writer::PgnWriter;

/// How converted games are written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum OutputFormat {
    /// PGN with tags, comments, NAGs and variations.
    #[default]
    Pgn,
    /// One line a game: the numbered main-line moves and the result.
    Text,
    /// One JSON object a game: tags, each move in numeric, SAN, UCI, long
    /// algebraic and figurines, result and problems.
    Jsonl,
}

/// What to convert to and how.
#[derive(Copy, Clone, Debug)]
pub struct Options {
    /// The notation to write; `None` converts numeric games to SAN and every
    /// other game to numeric.
    pub to: Option<Notation>,
    /// The output format.
    pub format: OutputFormat,
    /// How Chess960 castling is written in numeric notation.
    pub chess960_castling: CastlingNotation,
    /// Piece letters of the SAN and long algebraic written. PGN's standard
    /// letters are English.
    pub lang: Lang,
    /// Piece letters of the algebraic moves read; `None` detects them per
    /// game from which languages make the whole game legal.
    pub input_lang: Option<Lang>,
    /// How to decode games that are not UTF-8.
    pub encoding: InputEncoding,
}

impl Default for Options {
    /// Numeric ↔ SAN by input, PGN output with English letters, languages
    /// and encodings detected, Chess960 castling as king takes rook.
    fn default() -> Options {
        Options {
            to: None,
            format: OutputFormat::Pgn,
            chess960_castling: CastlingNotation::KingTakesRook,
            lang: Lang::En,
            input_lang: None,
            encoding: InputEncoding::Auto,
        }
    }
}

/// Where a game starts in its input, for error locations.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameLocation {
    /// 1-based game number.
    pub index: u64,
    /// 1-based line of the game's first byte.
    pub line: u64,
    /// 1-based column of the game's first byte.
    pub column: u64,
}

impl Default for GameLocation {
    fn default() -> GameLocation {
        GameLocation {
            index: 1,
            line: 1,
            column: 1,
        }
    }
}

/// Where the splitter found the game.
impl From<&GameSpan> for GameLocation {
    fn from(span: &GameSpan) -> GameLocation {
        GameLocation {
            index: span.index,
            line: span.line,
            column: span.column,
        }
    }
}

/// What converting one game found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Moves converted, variations included.
    pub moves: u64,
    /// The notation of the game's first move, if it has one.
    pub input: Option<Notation>,
    /// The languages whose piece letters the algebraic moves were read in.
    /// Languages sharing all five letters read alike, so this is a group;
    /// empty when the game has no algebraic moves.
    pub langs: LangSet,
    /// Whether the piece letters alone named [`Report::langs`]: such a game
    /// is good evidence of the language of the games around it, to pass as
    /// the hint of the next (see [`Neighbours`]).
    pub langs_certain: bool,
    /// The language of the games around this one that the game asked for
    /// and was given, if it asked (see [`Converter::convert_with_hint()`]).
    pub hint_asked: Option<LangSet>,
    /// The legacy encoding the game was decoded from, if it was not UTF-8.
    pub encoding: Option<&'static str>,
    /// Problems that left part of the game unconverted.
    pub errors: Vec<Problem>,
    /// Things that were read but are not as they should be.
    pub warnings: Vec<Problem>,
}

impl Report {
    /// The errors and warnings together, by their place in the input, as a
    /// reader expects them (an error first where both share a place).
    pub fn problems_in_order(&self) -> Vec<&Problem> {
        let mut all: Vec<&Problem> = self.errors.iter().chain(&self.warnings).collect();
        all.sort_by_key(|p| (p.line, p.column, p.severity));
        all
    }
}

/// Converts games with a set of [`Options`].
#[derive(Clone, Debug, Default)]
pub struct Converter {
    options: Options,
    /// Where games without a `FEN` tag start, if not from the standard
    /// position.
    start: Option<Chess>,
    /// The notations of records' moves.
    record_notations: RecordNotations,
    /// The input named in records ([`GameRecord::file`]).
    file: Option<Arc<str>>,
}

/// Where a converted game goes.
enum Target<'o> {
    /// Written in the options' format.
    Write(&'o mut Vec<u8>),
    /// Kept as a value.
    Record(&'o mut Option<GameRecord>),
    /// Kept as a tree, the whole game.
    Tree(&'o mut Option<Game>),
}

impl Converter {
    /// A converter with `options`.
    pub fn new(options: Options) -> Converter {
        Converter {
            options,
            start: None,
            record_notations: RecordNotations::ALL,
            file: None,
        }
    }

    /// The same converter, naming `file` in its records
    /// ([`GameRecord::file`], `"file"` in JSON lines): the input the games
    /// come from, when a run reads several.
    ///
    /// ```
    /// use iccf_pgn::convert::{Converter, Options};
    ///
    /// let records = Converter::new(Options::default()).with_file("a.pgn").records(b"1. e4 *");
    /// assert_eq!(records[0].file.as_deref(), Some("a.pgn"));
    /// ```
    pub fn with_file(self, file: &str) -> Converter {
        Converter {
            file: Some(file.into()),
            ..self
        }
    }

    /// The same converter, writing the moves of records
    /// ([`Converter::records()`], [`Converter::record_with_hint()`], JSON
    /// lines) in `notations` only, the others left empty: faster.
    pub fn with_record_notations(self, notations: RecordNotations) -> Converter {
        Converter {
            record_notations: notations,
            ..self
        }
    }

    /// The same converter, starting games that have no `FEN` tag from
    /// `start` (a position set up elsewhere, as `iccf move --fen` does)
    /// instead of the standard position.
    ///
    /// ```
    /// use iccf_pgn::convert::{Converter, Options};
    /// use shakmaty::fen::Fen;
    /// use shakmaty::{CastlingMode, Chess};
    ///
    /// let fen: Fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 30".parse().unwrap();
    /// let start: Chess = fen.into_position(CastlingMode::Standard).unwrap();
    /// let mut out = Vec::new();
    /// Converter::new(Options::default()).starting_from(start).convert_all(b"30. Ra4 *", &mut out);
    /// assert_eq!(String::from_utf8(out).unwrap(), "30. 1114 *\n\n");
    /// ```
    pub fn starting_from(self, start: Chess) -> Converter {
        Converter {
            start: Some(start),
            ..self
        }
    }

    /// Converts one game (the bytes of a whole game, as the splitter gives
    /// them), appending the output to `out`.
    pub fn convert(&self, game: &[u8], at: GameLocation, out: &mut Vec<u8>) -> Report {
        self.convert_with_hint(game, at, out, LangSet::EMPTY)
    }

    /// Like [`Converter::convert()`], with the language of the games around
    /// this one: when several languages make the game legal with different
    /// moves, the one among `hint` is read, with a warning instead of an
    /// error. Games of one file are nearly always written in one language.
    /// [`Report::hint_asked`] says whether the game needed it.
    pub fn convert_with_hint(
        &self,
        game: &[u8],
        at: GameLocation,
        out: &mut Vec<u8>,
        hint: LangSet,
    ) -> Report {
        self.convert_into(game, at, Target::Write(out), hint)
    }

    /// Converts the games of one input in order, appending the output to
    /// `out`; an ambiguous game takes the language of the games around it,
    /// by the rule of [`Neighbours`].
    pub fn convert_stream(
        &self,
        games: &[(GameLocation, &[u8])],
        out: &mut Vec<u8>,
    ) -> Vec<Report> {
        let mut reports = Vec::with_capacity(games.len());
        self.stream(
            games,
            &mut |at, game, hint| {
                let mut buf = Vec::new();
                let report = self.convert_with_hint(game, at, &mut buf, hint);
                (report, buf)
            },
            &mut |report, buf| {
                out.extend_from_slice(&buf);
                reports.push(report);
            },
        );
        reports
    }

    /// Converts every game of PGN text in memory, as
    /// [`Converter::convert_stream()`] does, with the games' locations in
    /// `pgn` (UTF-16 is transcoded whole first, see [`splittable`]); one
    /// report a game.
    ///
    /// ```
    /// use iccf_pgn::convert::{Converter, Options};
    ///
    /// let mut out = Vec::new();
    /// let reports = Converter::new(Options::default()).convert_all(b"1. e4 e5 *\n1. d4 *", &mut out);
    /// assert_eq!(reports.len(), 2);
    /// assert_eq!(String::from_utf8(out).unwrap(), "1. 5254 5755 *\n\n1. 4244 *\n\n");
    /// ```
    pub fn convert_all(&self, pgn: &[u8], out: &mut Vec<u8>) -> Vec<Report> {
        let text = splittable(pgn, self.options.encoding);
        self.convert_stream(&located_games(&text), out)
    }

    /// Reads every game of PGN text in memory into a [`GameRecord`]: what
    /// `--format jsonl` writes, as values (see [`crate::record`]). The
    /// options' notation and format do not matter here.
    pub fn records(&self, pgn: &[u8]) -> Vec<GameRecord> {
        let mut records = Vec::new();
        let text = splittable(pgn, self.options.encoding);
        self.stream(
            &located_games(&text),
            &mut |at, game, hint| self.record_with_hint(game, at, hint),
            &mut |_, record| records.push(record),
        );
        records
    }

    /// Reads one game into a [`GameRecord`] (see [`crate::record`]), with
    /// the language of the games around it as [`Converter::convert_with_hint()`]
    /// takes it: what `--format jsonl` writes for the game, as a value.
    ///
    /// ```
    /// use iccf::lang::LangSet;
    /// use iccf_pgn::convert::{Converter, GameLocation, Options};
    ///
    /// let converter = Converter::new(Options::default());
    /// let (report, record) = converter.record_with_hint(b"1. e4 e5 *", GameLocation::default(), LangSet::EMPTY);
    /// assert_eq!(report.moves, 2);
    /// let e5 = record.moves.get(1).unwrap();
    /// assert_eq!(e5.get(iccf::Notation::Numeric), "5755");
    /// ```
    pub fn record_with_hint(
        &self,
        game: &[u8],
        at: GameLocation,
        hint: LangSet,
    ) -> (Report, GameRecord) {
        let mut record = None;
        let report = self.convert_into(game, at, Target::Record(&mut record), hint);
        (report, record.unwrap_or_default())
    }

    /// [`Converter::skipped`] as a record: the game's number and its error.
    pub fn skipped_record(&self, at: GameLocation, limit: Limit) -> (Report, GameRecord) {
        let mut record = None;
        let report = self.skip_into(at, limit, Target::Record(&mut record));
        (report, record.unwrap_or_default())
    }

    /// Reads every game of `games` whole, as a tree: what
    /// [`crate::game`] gives, the same way [`Converter::convert_stream()`]
    /// reads them. The options' notation and format do not matter here.
    pub fn games(&self, games: &[(GameLocation, &[u8])]) -> Vec<Game> {
        let mut read = Vec::with_capacity(games.len());
        self.stream(
            games,
            &mut |at, game, hint| {
                let mut tree = None;
                let report = self.convert_into(game, at, Target::Tree(&mut tree), hint);
                (report, tree)
            },
            &mut |report, tree| {
                read.push(tree.unwrap_or_else(|| Game {
                    report,
                    ..Game::default()
                }))
            },
        );
        read
    }

    /// Converts `games` in order, each by `convert` with the hint
    /// [`Neighbours`] gives, and hands each to `emit` in order: a game
    /// that asked for a hint before the rule could give the right one is
    /// converted again.
    fn stream<T>(
        &self,
        games: &[(GameLocation, &[u8])],
        convert: &mut ConvertOne<'_, T>,
        emit: &mut dyn FnMut(Report, T),
    ) {
        let mut neighbours = Neighbours::default();
        for (i, &(at, game)) in games.iter().enumerate() {
            let (report, item) = convert(at, game, neighbours.guess());
            neighbours.push(GameHint::of(&report), (i, report, item));
            drain(&mut neighbours, games, convert, emit);
        }
        neighbours.finish();
        drain(&mut neighbours, games, convert, emit);
    }

    /// Skips a game over `limit` (such as one over the splitter's size
    /// limit, never read): an error at its start, and in `out` a game that
    /// says so, so that games in = games out.
    pub fn skipped(&self, at: GameLocation, limit: Limit, out: &mut Vec<u8>) -> Report {
        self.skip_into(at, limit, Target::Write(out))
    }

    /// [`Converter::skipped`] into `target`: a PGN game of one comment, a
    /// text line of its result, a record with its error.
    fn skip_into(&self, at: GameLocation, limit: Limit, target: Target<'_>) -> Report {
        let mut problems = Problems::new(b"", at);
        let kind = ProblemKind::OverLimit(limit);
        let comment = format!(" {kind} ");
        problems.error(0..0, None, kind);
        let report = Report {
            errors: problems.errors,
            ..Report::default()
        };
        let record = || GameRecord {
            file: self.file.clone(),
            game: at.index,
            errors: report.errors.clone(),
            moves: RecordedMoves::with_capacity(self.record_notations, 0),
            ..GameRecord::default()
        };
        match (target, self.options.format) {
            (Target::Record(slot), _) => *slot = Some(record()),
            (Target::Tree(slot), _) => {
                *slot = Some(Game {
                    location: at,
                    report: report.clone(),
                    ..Game::default()
                });
            }
            (Target::Write(out), OutputFormat::Jsonl) => write_jsonl(out, &record()),
            (Target::Write(out), OutputFormat::Text) => out.extend_from_slice(b"*\n"),
            (Target::Write(out), OutputFormat::Pgn) => {
                let mut w = PgnWriter::new(out);
                w.comment(comment.as_bytes());
                w.result(b"*");
                w.end_game();
            }
        }
        report
    }

    /// The language group a game's piece letters name, if they name just
    /// one: the games whose language is certain, which [`Neighbours`]
    /// takes the language of the games around an ambiguous one from.
    pub fn language_of(&self, game: &[u8]) -> Option<LangSet> {
        let (game, _) = decode(game, self.options.encoding);
        named_language(&game)
    }

    /// Converts one game into `target`; `hint` is asked for only if the
    /// game needs it.
    fn convert_into(
        &self,
        game: &[u8],
        at: GameLocation,
        target: Target<'_>,
        hint: LangSet,
    ) -> Report {
        let (game, encoding) = decode(game, self.options.encoding);
        let lexed = Lexed::new(&game);
        let mut problems = Problems::new(&game, at);
        if let Some(limit) = lexed.over {
            return Report {
                encoding,
                ..self.skip_into(at, limit, target)
            };
        }
        let start = match &self.start {
            Some(start) if !lexed.setup.has_fen() => Some(start.clone()),
            _ => lexed.setup.start(&lexed.tokens, &mut problems),
        };
        let mut hint_asked = None;
        let choice = match (lexed.input, &start) {
            (Some(Notation::San | Notation::Lan), Some(start)) => match self.options.input_lang {
                Some(lang) => Choice {
                    lang,
                    langs: same_letters(lang),
                    certain: false,
                },
                None => Choose {
                    game: &game,
                    tokens: &lexed.tokens,
                    start,
                    letters: lexed.letters,
                    hint: &mut || *hint_asked.insert(hint),
                }
                .choose(&mut problems),
            },
            _ => Choice {
                lang: self.options.input_lang.unwrap_or(Lang::En),
                langs: LangSet::EMPTY,
                certain: false,
            },
        };
        let format = self.format(lexed.input);
        let mut walk = Walk {
            game: &game,
            tokens: &lexed.tokens,
            lang: choice.lang,
            scope: Scope::Game,
            has_variations: lexed.has_variations,
            problems: &mut problems,
            moves: 0,
        };
        let mut record = None;
        let mut tree = None;
        let start_copy = matches!(target, Target::Record(_))
            .then(|| start.clone())
            .flatten();
        let target = match target {
            Target::Write(out) if self.options.format == OutputFormat::Pgn => {
                walk.run(start, &mut PgnSink::new(out, format, choice.langs));
                None
            }
            Target::Write(out) if self.options.format == OutputFormat::Text => {
                walk.run(start, &mut TextSink::new(out, format));
                None
            }
            Target::Tree(slot) => {
                let from = start.clone().unwrap_or_default();
                let mut sink = TreeSink::new(&game, at);
                walk.run(start, &mut sink);
                tree = Some((slot, from, sink));
                None
            }
            target => {
                walk.run(
                    start,
                    record.insert(
                        RecordSink::new(format.chess960_castling, self.record_notations)
                            .sized_for(lexed.tags, lexed.main_moves),
                    ),
                );
                Some(target)
            }
        };
        let moves = walk.moves;
        let report = report(moves, &lexed, choice, encoding, hint_asked, problems);
        let record = record.map(|sink| GameRecord {
            file: self.file.clone(),
            ..sink.finish(at.index, start_copy.unwrap_or_default(), &report)
        });
        match (target, record) {
            (Some(Target::Write(out)), Some(record)) => write_jsonl(out, &record),
            (Some(Target::Record(slot)), record) => *slot = record,
            _ => {}
        }
        if let Some((slot, start, sink)) = tree {
            *slot = Some(sink.finish(start, &report));
        }
        report
    }

    /// How moves are written for a game whose first move is in `input`:
    /// numeric games become SAN and every other game numeric, unless the
    /// options say.
    fn format(&self, input: Option<Notation>) -> MoveFormat {
        let to = self.options.to.unwrap_or(match input {
            Some(Notation::Numeric) => Notation::San,
            _ => Notation::Numeric,
        });
        MoveFormat {
            notation: to,
            lang: self.options.lang,
            chess960_castling: self.options.chess960_castling,
        }
    }
}

/// The most tokens (moves, move numbers, comments, ...) a game may have:
/// over a million moves, far beyond any real game. A game with more is
/// reported and skipped (a game saying so is written in its place), so
/// that its tokens (56 bytes each) never
/// take more than about 110 MB.
pub const MAX_TOKENS: usize = 2_000_000;

/// The deepest a game's variations may nest: far beyond any real game. A
/// game nested deeper is reported and skipped whole; each level holds a
/// position.
pub const MAX_DEPTH: usize = 1_000;

/// The most tags a game may have: real games have a few dozen. A game
/// with more is reported and skipped like a game over [`MAX_TOKENS`]: two
/// games of 1.99 million tags each (60 MB a game, under the token limit)
/// took 727 MB to write as JSON lines, 1.2 GB on two threads.
pub const MAX_TAGS: usize = 10_000;

/// A game cut into tokens, with what the later steps need of them
/// gathered in the same pass.
struct Lexed<'g> {
    tokens: Vec<Token<'g>>,
    letters: GameLetters,
    setup: SetupTags,
    /// The notation of the first main-line move.
    input: Option<Notation>,
    has_variations: bool,
    /// Tags, and move tokens outside variations: what a record of the game
    /// holds at most, so that its vectors are made once.
    tags: usize,
    main_moves: usize,
    /// The limit the game went over, if any: its tokens are then not all
    /// there.
    over: Option<Limit>,
}

impl<'g> Lexed<'g> {
    fn new(game: &'g [u8]) -> Lexed<'g> {
        let mut lexed = Lexed {
            // Sized for the usual few bytes a token, so it seldom grows.
            tokens: Vec::with_capacity((game.len() / 4 + 16).min(1 << 16)),
            letters: GameLetters::default(),
            setup: SetupTags::default(),
            input: None,
            has_variations: false,
            tags: 0,
            main_moves: 0,
            over: None,
        };
        let mut depth = 0usize;
        for token in Lexer::new(game) {
            match &token.kind {
                TokenKind::Move(text) => {
                    lexed.letters.add(text);
                    if depth == 0 {
                        lexed.main_moves += 1;
                        if lexed.input.is_none() && is_move(text) && !is_null_move(text) {
                            lexed.input = Some(guess_notation(text));
                        }
                    }
                }
                TokenKind::Tag { name, .. } => {
                    lexed.tags += 1;
                    if lexed.tags > MAX_TAGS {
                        lexed.over = Some(Limit::Tags(MAX_TAGS));
                        break;
                    }
                    lexed.setup.add(name, lexed.tokens.len());
                }
                TokenKind::VariationStart => {
                    depth += 1;
                    lexed.has_variations = true;
                    if depth > MAX_DEPTH {
                        lexed.over = Some(Limit::Depth(MAX_DEPTH));
                        break;
                    }
                }
                TokenKind::VariationEnd => depth = depth.saturating_sub(1),
                _ => {}
            }
            if lexed.tokens.len() == MAX_TOKENS {
                lexed.over = Some(Limit::Tokens(MAX_TOKENS));
                break;
            }
            lexed.tokens.push(token);
        }
        lexed
    }
}

/// The games of PGN text in memory with their locations, as
/// [`Converter::convert_stream()`] takes them (see [`game_spans`]).
pub fn located_games(pgn: &[u8]) -> Vec<(GameLocation, &[u8])> {
    game_spans(pgn)
        .iter()
        .map(|span| (span.into(), &pgn[span.range.clone()]))
        .collect()
}

/// Converts one game with a hint, into a `T`.
type ConvertOne<'a, T> = dyn FnMut(GameLocation, &[u8], LangSet) -> (Report, T) + 'a;

/// Hands the games `neighbours` can judge to `emit`, converting again
/// those that need another hint.
fn drain<T>(
    neighbours: &mut Neighbours<(usize, Report, T)>,
    games: &[(GameLocation, &[u8])],
    convert: &mut ConvertOne<'_, T>,
    emit: &mut dyn FnMut(Report, T),
) {
    while let Some(((i, report, item), verdict)) = neighbours.pop() {
        match verdict {
            Verdict::Keep => emit(report, item),
            Verdict::Redo(hint) => {
                let (report, item) = convert(games[i].0, games[i].1, hint);
                emit(report, item);
            }
        }
    }
}

/// What one game's conversion found.
fn report(
    moves: u64,
    lexed: &Lexed<'_>,
    choice: Choice,
    encoding: Option<&'static str>,
    hint_asked: Option<LangSet>,
    problems: Problems<'_>,
) -> Report {
    Report {
        moves,
        input: lexed.input,
        langs: choice.langs,
        langs_certain: choice.certain,
        hint_asked,
        encoding,
        errors: problems.errors,
        warnings: problems.warnings,
    }
}
