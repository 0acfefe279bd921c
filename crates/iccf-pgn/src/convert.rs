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

use iccf::lang::{GameLetters, Lang, LangSet, same_letters};
use iccf::read::guess_notation;
use iccf::token::{is_move, is_null_move};
use iccf::{CastlingNotation, MoveFormat, Notation};

use crate::encoding::{InputEncoding, decode};
use crate::language::{Choice, Choose, named_language};
use crate::lexer::{Lexer, Token, TokenKind};
use crate::problem::Problems;
pub use crate::problem::{Problem, ProblemKind, Severity};
use crate::setup::SetupTags;
use crate::sink::jsonl::JsonlSink;
use crate::sink::pgn::PgnSink;
use crate::sink::text::TextSink;
use crate::split::{GameSpan, game_spans};
use crate::walk::{Scope, Walk};

/// How converted games are written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum OutputFormat {
    /// PGN with tags, comments, NAGs and variations.
    #[default]
    Pgn,
    /// One line a game: the numbered main-line moves only.
    Text,
    /// One JSON object a game: tags, each move in numeric, SAN and UCI,
    /// result and problems.
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
    /// the hint of the next (see [`Converter::convert_with_hint()`]).
    pub langs_certain: bool,
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
#[derive(Debug, Default)]
pub struct Converter {
    options: Options,
}

impl Converter {
    /// A converter with `options`.
    pub fn new(options: Options) -> Converter {
        Converter { options }
    }

    /// Converts one game (the bytes of a whole game, as the splitter gives
    /// them), appending the output to `out`.
    pub fn convert(&self, game: &[u8], at: GameLocation, out: &mut Vec<u8>) -> Report {
        self.convert_with_hint(game, at, out, LangSet::EMPTY)
    }

    /// Converts the games of one stream in order, appending the output to
    /// `out`: each game's language helps read the next ambiguous one (see
    /// [`Converter::convert_with_hint()`]), and the games before the first
    /// whose letters name a language get the language of that game.
    pub fn convert_stream(
        &self,
        games: &[(GameLocation, &[u8])],
        out: &mut Vec<u8>,
    ) -> Vec<Report> {
        // The language of the last game whose letters named one.
        let mut certain = None;
        let mut reports = Vec::with_capacity(games.len());
        // Each game's language, looked up at most once, and only when a game
        // needs a hint: nearly none do, and looking costs a pass over the game.
        let mut named: Vec<Option<Option<LangSet>>> = vec![None; games.len()];
        for (i, &(at, game)) in games.iter().enumerate() {
            let report = match certain {
                Some(langs) => self.convert_lazily(game, at, out, &mut || langs),
                // Before the first such game: the first game, up to
                // LOOKAHEAD games past this one, whose letters name a
                // language (as if looked up from the batch's start).
                None => self.convert_lazily(game, at, out, &mut || {
                    (0..games.len().min(i + LOOKAHEAD))
                        .find_map(|j| *named[j].get_or_insert_with(|| self.language_of(games[j].1)))
                        .unwrap_or_default()
                }),
            };
            if report.langs_certain {
                certain = Some(report.langs);
            }
            reports.push(report);
        }
        reports
    }

    /// Converts every game of PGN text in memory, as
    /// [`Converter::convert_stream()`] does, with the games' locations in
    /// `pgn`; one report a game.
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
        self.convert_stream(&located_games(pgn), out)
    }

    /// The language group a game's piece letters name, if they name just one.
    pub fn language_of(&self, game: &[u8]) -> Option<LangSet> {
        let (game, _) = decode(game, self.options.encoding);
        named_language(&game)
    }

    /// Like [`Converter::convert()`], with the language of the games around
    /// this one: when several languages make the game legal with different
    /// moves, the one among `hint` is read, with a warning instead of an
    /// error. Games of one file are nearly always written in one language.
    pub fn convert_with_hint(
        &self,
        game: &[u8],
        at: GameLocation,
        out: &mut Vec<u8>,
        hint: LangSet,
    ) -> Report {
        self.convert_lazily(game, at, out, &mut || hint)
    }

    /// [`Converter::convert_with_hint()`] with the hint computed only if the
    /// game needs it.
    fn convert_lazily(
        &self,
        game: &[u8],
        at: GameLocation,
        out: &mut Vec<u8>,
        hint: &mut dyn FnMut() -> LangSet,
    ) -> Report {
        let (game, encoding) = decode(game, self.options.encoding);
        let lexed = Lexed::new(&game);
        let mut problems = Problems::new(&game, at);
        let start = lexed.setup.start(&lexed.tokens, &mut problems);
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
                    hint,
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
        let mut jsonl = None;
        match self.options.format {
            OutputFormat::Pgn => walk.run(start, &mut PgnSink::new(out, format, choice.langs)),
            OutputFormat::Text => walk.run(start, &mut TextSink::new(out, format)),
            OutputFormat::Jsonl => {
                let sink = jsonl.insert(JsonlSink::new(format.chess960_castling));
                walk.run(start, sink);
            }
        }
        let report = Report {
            moves: walk.moves,
            input: lexed.input,
            langs: choice.langs,
            langs_certain: choice.certain,
            encoding,
            errors: problems.errors,
            warnings: problems.warnings,
        };
        if let Some(sink) = jsonl {
            sink.write(out, at.index, &report);
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

/// A game cut into tokens, with what the later steps need of them
/// gathered in the same pass.
struct Lexed<'g> {
    tokens: Vec<Token<'g>>,
    letters: GameLetters,
    setup: SetupTags,
    /// The notation of the first main-line move.
    input: Option<Notation>,
    has_variations: bool,
}

impl<'g> Lexed<'g> {
    fn new(game: &'g [u8]) -> Lexed<'g> {
        let mut lexed = Lexed {
            // Sized for the usual few bytes a token, so it seldom grows.
            tokens: Vec::with_capacity(game.len() / 4 + 16),
            letters: GameLetters::default(),
            setup: SetupTags::default(),
            input: None,
            has_variations: false,
        };
        let mut depth = 0usize;
        for token in Lexer::new(game) {
            match &token.kind {
                TokenKind::Move(text) => {
                    lexed.letters.add(text);
                    if depth == 0 && lexed.input.is_none() && is_move(text) && !is_null_move(text) {
                        lexed.input = Some(guess_notation(text));
                    }
                }
                TokenKind::Tag { name, .. } => lexed.setup.add(name, lexed.tokens.len()),
                TokenKind::VariationStart => {
                    depth += 1;
                    lexed.has_variations = true;
                }
                TokenKind::VariationEnd => depth = depth.saturating_sub(1),
                _ => {}
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

/// How many games [`Converter::convert_stream()`] looks ahead for a language.
const LOOKAHEAD: usize = 64;
