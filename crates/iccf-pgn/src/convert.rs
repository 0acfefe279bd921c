//! Converting one PGN game's movetext from any notation iccf reads into the
//! notation asked for, keeping tags, comments, NAGs and variations.
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

use core::cell::Cell;
use core::fmt;
use core::ops::Range;

use iccf::lang::{Lang, LangSet};
use iccf::localized::{candidate_langs, letter_langs};
use iccf::read::{Syntax, guess_syntax, read_move_in};
use iccf::{CastlingNotation, MoveFormat, Notation};
use shakmaty::fen::Fen;
use shakmaty::san::Suffix;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position};

use crate::encoding::{InputEncoding, decode};
use crate::lexer::{BOM, LexError, Lexer, Token, TokenKind};
use crate::split::{GameSpan, game_spans};
use crate::writer::PgnWriter;

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

/// A problem found in a game, with its location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// 1-based game number.
    pub game: u64,
    /// 1-based line in the input.
    pub line: u64,
    /// 1-based column in the input (in characters).
    pub column: u64,
    /// The move number, `12.` or `12...`, when the problem is at a move.
    pub move_label: Option<String>,
    /// The text at fault, as written.
    pub token: String,
    /// What is wrong.
    pub message: String,
}

/// Shows the problem without its location, which callers put first with
/// the file name: ``game 3, 12... `5255`: no black piece …``.
impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.game)?;
        if let Some(label) = &self.move_label {
            write!(f, ", {label}")?;
        }
        if !self.token.is_empty() {
            write!(f, " `{}`", self.token)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// What converting one game found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Moves converted, variations included.
    pub moves: u64,
    /// The notation of the game's first move, if it has one.
    pub input: Option<Syntax>,
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
        let moves = Lexer::new(&game).filter_map(|t| match t.kind {
            TokenKind::Move(text) => Some(text),
            _ => None,
        });
        // Numeric games have no letters in their moves: skip lexing them,
        // the answer is that of a game without moves.
        let langs = if letterless_moves(&game) {
            candidate_langs_of(core::iter::empty())
        } else {
            candidate_langs_of(moves)
        };
        // One letter group: `letter_groups(langs)` would be `[langs]`.
        let first = langs.first()?;
        (langs & same_letters(first) == langs).then_some(langs)
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
        // Sized for the usual few bytes a token, so the vector seldom grows.
        let mut tokens: Vec<Token<'_>> = Vec::with_capacity(game.len() / 4 + 16);
        // What the later passes need of all tokens, gathered in this one.
        let mut letters = Letters::default();
        let mut setup_tags = SetupTags::default();
        let mut structure = Structure::default();
        for token in Lexer::new(&game) {
            match &token.kind {
                TokenKind::Move(text) => {
                    letters.add(text);
                    structure.movetext = true;
                }
                TokenKind::Tag { name, .. } => {
                    setup_tags.add(name, tokens.len());
                    structure.beyond_main_line |= structure.movetext;
                }
                kind => structure.add(kind),
            }
            tokens.push(token);
        }
        let mut run = Run {
            options: &self.options,
            game: &game,
            at,
            tokens: &tokens,
            letters,
            setup_tags,
            beyond_main_line: structure.beyond_main_line,
            lang: self.options.input_lang.unwrap_or(Lang::En),
            hint,
            report: Report {
                encoding,
                ..Report::default()
            },
            located: Cell::new((0, 1, 0)),
        };
        run.convert(out);
        run.report
    }
}

/// What [`Run::pgn_problems`] found, and where the report stood before.
struct PgnProblems {
    errors_before: usize,
    warnings_before: usize,
    errors: Vec<Problem>,
    warnings: Vec<Problem>,
}

/// Whether a game has tokens that only PGN output walks and checks:
/// variations, a tag after movetext, more than one result.
#[derive(Default)]
struct Structure {
    movetext: bool,
    results: usize,
    beyond_main_line: bool,
}

impl Structure {
    /// A token other than a move or a tag (which the lexing loop handles
    /// itself, being most tokens).
    fn add(&mut self, kind: &TokenKind<'_>) {
        match kind {
            TokenKind::VariationStart | TokenKind::VariationEnd => self.beyond_main_line = true,
            TokenKind::Result(_) => {
                self.results += 1;
                self.beyond_main_line |= self.results > 1;
            }
            _ => {}
        }
        self.movetext = true;
    }
}

/// Where the last `FEN` and `Variant` tags of a game are, as token indexes.
#[derive(Clone, Copy, Default)]
struct SetupTags {
    fen: Option<usize>,
    variant: Option<usize>,
}

impl SetupTags {
    fn add(&mut self, name: &[u8], index: usize) {
        if name.eq_ignore_ascii_case(b"FEN") {
            self.fen = Some(index);
        } else if name.eq_ignore_ascii_case(b"Variant") {
            self.variant = Some(index);
        }
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

/// One line of play being converted: the main line or a variation.
#[derive(Clone)]
struct Line {
    pos: Chess,
    /// The position before the last move, where a variation starts.
    before_last: Option<Chess>,
    /// Conversion stopped on this line: copy the rest as written.
    broken: bool,
}

impl Line {
    fn new(pos: Chess, broken: bool) -> Line {
        Line {
            pos,
            before_last: None,
            broken,
        }
    }

    /// Plays a step that [`Run::read_step`] found legal, keeping the
    /// position before it for a variation.
    fn advance(&mut self, step: Step) {
        match step {
            None => {
                let after = pass_turn(&self.pos).unwrap_or_default();
                self.before_last = Some(core::mem::replace(&mut self.pos, after));
            }
            Some(m) => {
                // Copy into the old slot and play in place: one copy a move.
                match &mut self.before_last {
                    Some(before) => before.clone_from(&self.pos),
                    None => self.before_last = Some(self.pos.clone()),
                }
                self.pos.play_unchecked(m);
            }
        }
    }
}

/// A move played on a line: a real move, or `None` for a null move (`--`,
/// `Z0`), where the side to move passes.
type Step = Option<Move>;

struct Run<'o, 'g, 't, 'h> {
    options: &'o Options,
    game: &'g [u8],
    at: GameLocation,
    tokens: &'t [Token<'g>],
    /// The piece letters algebraic moves are read in.
    lang: Lang,
    /// The language of the games around this one, if known: asked only
    /// when several languages read the game.
    hint: &'h mut dyn FnMut() -> LangSet,
    /// The piece letters of all move tokens.
    letters: Letters,
    setup_tags: SetupTags,
    /// The game has what only PGN output walks (see [`Structure`]).
    beyond_main_line: bool,
    report: Report,
    /// The last problem's (offset, line, characters before it on its
    /// line): problems come mostly in input order, so each is located from
    /// the one before, not from the start of the game.
    located: Cell<(usize, usize, usize)>,
}

impl<'g> Run<'_, 'g, '_, '_> {
    fn convert(&mut self, out: &mut Vec<u8>) {
        let (start, setup_error) = match self.start_position() {
            Ok(pos) => (pos, false),
            Err((span, message)) => {
                self.error(span, None, message);
                (Chess::default(), true)
            }
        };
        let input = self.input_syntax();
        self.report.input = input;
        if matches!(input, Some(Syntax::San | Syntax::Lan)) && !setup_error {
            self.choose_lang(&start);
        }
        let to = self.options.to.unwrap_or(match input {
            Some(Syntax::Numeric) => Notation::San,
            _ => Notation::Numeric,
        });
        let format = MoveFormat {
            notation: to,
            lang: self.options.lang,
            chess960_castling: self.options.chess960_castling,
        };
        match self.options.format {
            OutputFormat::Pgn => self.write_pgn(out, start, setup_error, format),
            OutputFormat::Text => {
                let problems = self.pgn_problems(&start, setup_error, format);
                self.write_text(out, start, setup_error, format);
                self.replace_problems(problems);
            }
            OutputFormat::Jsonl => {
                let problems = self.pgn_problems(&start, setup_error, format);
                let main = self.main_line(start, setup_error);
                self.replace_problems(problems);
                self.write_jsonl(out, &main);
            }
        }
    }

    /// The errors and warnings PGN output would report, for a game with
    /// variations or misplaced tags or results: the text and JSON formats
    /// write the main line only, but a game's problems, and so the exit
    /// status, must not depend on the format.
    fn pgn_problems(
        &mut self,
        start: &Chess,
        setup_error: bool,
        format: MoveFormat,
    ) -> Option<PgnProblems> {
        if !self.beyond_main_line {
            return None;
        }
        let moves = self.report.moves;
        let (errors_before, warnings_before) =
            (self.report.errors.len(), self.report.warnings.len());
        self.write_pgn(&mut Vec::new(), start.clone(), setup_error, format);
        self.report.moves = moves;
        Some(PgnProblems {
            errors_before,
            warnings_before,
            errors: self.report.errors.split_off(errors_before),
            warnings: self.report.warnings.split_off(warnings_before),
        })
    }

    /// Puts the problems [`Run::pgn_problems`] found in place of those the
    /// main line alone found since, which they include.
    fn replace_problems(&mut self, problems: Option<PgnProblems>) {
        if let Some(p) = problems {
            self.report.errors.truncate(p.errors_before);
            self.report.errors.extend(p.errors);
            self.report.warnings.truncate(p.warnings_before);
            self.report.warnings.extend(p.warnings);
        }
    }

    fn start_position(&mut self) -> Result<Chess, (Range<usize>, String)> {
        let tag = |index: Option<usize>| {
            let t = &self.tokens[index?];
            match &t.kind {
                TokenKind::Tag { value, .. } => Some((value.unescaped(), t.span.clone())),
                _ => None,
            }
        };
        let fen = tag(self.setup_tags.fen);
        let variant = tag(self.setup_tags.variant);
        let mode = match &variant {
            None => CastlingMode::Standard,
            Some((name, span)) => variant_mode(name).ok_or_else(|| {
                (
                    span.clone(),
                    format!(
                        "variant {} is not supported: numeric notation covers standard chess and Chess960",
                        String::from_utf8_lossy(name)
                    ),
                )
            })?,
        };
        let Some((fen, span)) = fen else {
            return Ok(start_position(mode));
        };
        let fen = Fen::from_ascii(fen.trim_ascii())
            .map_err(|err| (span.clone(), format!("bad FEN: {err}")))?;
        match fen.into_position(mode) {
            Ok(pos) => Ok(pos),
            // Castling rights that do not fit the pieces are common in
            // hand-made FENs: drop them rather than the game, and say so.
            Err(err) => match err.ignore_invalid_castling_rights() {
                Ok(pos) => {
                    let message = "FEN castling rights do not fit the position: ignored";
                    self.warn(span, None, message.to_owned());
                    Ok(pos)
                }
                Err(err) => Err((span, format!("impossible FEN position: {err}"))),
            },
        }
    }

    /// The syntax of the first main-line move.
    fn input_syntax(&self) -> Option<Syntax> {
        let mut depth = 0usize;
        for t in self.tokens {
            match t.kind {
                TokenKind::VariationStart => depth += 1,
                TokenKind::VariationEnd => depth = depth.saturating_sub(1),
                TokenKind::Move(text) if depth == 0 && is_move(text) && !is_null(text) => {
                    return Some(guess_syntax(text));
                }
                _ => {}
            }
        }
        None
    }

    /// Decides the piece letters the algebraic moves are read in.
    ///
    /// The same letter means different pieces in different languages (`R`
    /// is a rook in English, a knight in Finnish, a king in French), so the
    /// language is the one under which the whole main line is legal. When
    /// several are and read different moves, that is reported, never
    /// guessed silently.
    fn choose_lang(&mut self, start: &Chess) {
        let candidates = match self.options.input_lang {
            Some(lang) => {
                self.report.langs = same_letters(lang);
                return;
            }
            None => self.candidate_langs(),
        };
        // Nearly every game: the languages left all share their letters,
        // one group, found without listing the groups.
        if let Some(lang) = candidates.first()
            && candidates & same_letters(lang) == candidates
        {
            self.lang = lang;
            self.report.langs = candidates;
            self.report.langs_certain = true;
            return;
        }
        let groups = letter_groups(candidates);
        let Some(&first) = groups.first() else {
            // No language reads every move: English, whose errors say why.
            self.report.langs = same_letters(Lang::En);
            return;
        };
        if groups.len() == 1 {
            self.lang = first.first().unwrap_or(Lang::En);
            self.report.langs = first;
            self.report.langs_certain = true;
            return;
        }
        // Replay the main line in each group; keep those that read it all.
        let saved = std::mem::take(&mut self.report);
        let mut legal: Vec<(LangSet, MainLine<'g>)> = Vec::new();
        let mut furthest = (0, first);
        for group in groups {
            self.lang = group.first().unwrap_or(Lang::En);
            let main = self.main_line(start.clone(), false);
            if self.report.errors.is_empty() {
                legal.push((group, main));
            } else if main.moves.len() > furthest.0 {
                furthest = (main.moves.len(), group);
            }
            self.report = Report::default();
        }
        self.report = saved;
        // Readings that agree with the games around this one come first.
        let hint = (self.hint)();
        legal.sort_by_key(|(group, _)| (*group & hint).is_empty());
        let chosen = legal.first().map_or(furthest.1, |(group, _)| *group);
        self.lang = chosen.first().unwrap_or(Lang::En);
        self.report.langs = chosen;
        // The first ply where two readings part, if any do.
        let differ = legal.iter().skip(1).filter_map(|(_, other)| {
            let (_, main) = &legal[0];
            (0..main.moves.len()).find(|&i| main.moves[i].1 != other.moves[i].1)
        });
        if let Some(ply) = differ.min() {
            let names: Vec<String> = legal
                .iter()
                .map(|(group, _)| {
                    let lang = group.first().unwrap_or(Lang::En);
                    format!("{} ({})", lang.name(), lang.code())
                })
                .collect();
            let (main, span) = (&legal[0].1, legal[0].1.spans[ply].clone());
            let label = move_label(&main.moves[ply].0);
            let hinted = legal
                .iter()
                .filter(|(group, _)| !(*group & hint).is_empty());
            if hinted.count() == 1 {
                let message = format!(
                    "legal in {} with different moves: read as {}, the language of the games around it",
                    names.join(", "),
                    self.lang.code()
                );
                self.warn(span, Some(label), message);
            } else {
                let message = format!(
                    "legal in {} with different moves: read as {}, choose with --input-lang",
                    names.join(", "),
                    self.lang.code()
                );
                self.error(span, Some(label), message);
            }
        }
    }

    /// Languages whose letters can read every algebraic move of the game.
    ///
    /// Pawn letters (`Pe4`) are not SAN in any language, though they are
    /// read: a language that needs them to read a game only counts when no
    /// language reads it with piece letters alone.
    fn candidate_langs(&self) -> LangSet {
        self.letters.langs()
    }

    fn write_pgn(&mut self, out: &mut Vec<u8>, start: Chess, broken: bool, format: MoveFormat) {
        let mut w = PgnWriter::new(out);
        let mut line = Line::new(start, broken);
        let mut stack: Vec<Line> = Vec::new();
        let mut need_number = true;
        let mut in_tags = true;
        let mut wrote_result = false;
        let mut text = Vec::with_capacity(16);
        let mut i = 0;
        while i < self.tokens.len() {
            let t = &self.tokens[i];
            i += 1;
            let raw = &self.game[t.span.clone()];
            if in_tags && !matches!(t.kind, TokenKind::Tag { .. }) {
                in_tags = false;
                self.language_tag(&mut w);
                w.end_tags();
            }
            match &t.kind {
                TokenKind::Tag { name, value, error } => {
                    if let Some(err) = error {
                        self.error(t.span.clone(), None, err.to_string());
                    }
                    if in_tags {
                        w.tag(name, &value.unescaped());
                    } else if error.is_some() {
                        // Repaired, it runs to its line end like a broken
                        // tag: alone on its line.
                        w.escape(raw);
                    } else {
                        self.error(t.span.clone(), None, "tag inside movetext".to_owned());
                        w.token(raw);
                    }
                }
                TokenKind::Move(m) if !is_move(m) => {
                    // A bare move number or an `e.p.` mark: written again
                    // only where the line is copied as it was.
                    if line.broken {
                        w.token(raw);
                    }
                }
                TokenKind::Move(m) => {
                    if line.broken {
                        w.token(&self.game[t.span.start..self.suffix_end(&mut i, t.span.end)]);
                        continue;
                    }
                    let Some(step) = self.read_step(&line.pos, m, t.span.clone()) else {
                        line.broken = true;
                        // The number as it would have been, then the rest as written.
                        text.clear();
                        push_number(&mut text, &line.pos);
                        w.token(&text);
                        w.token(&self.game[t.span.start..self.suffix_end(&mut i, t.span.end)]);
                        continue;
                    };
                    if need_number || line.pos.turn() == Color::White {
                        text.clear();
                        push_number(&mut text, &line.pos);
                        w.token(&text);
                    }
                    need_number = false;
                    text.clear();
                    let suffix = format.notation.has_suffix();
                    match step {
                        // The position before the move is kept only where a
                        // variation may start from it or the check mark
                        // needs both: a copy a move costs a tenth of a
                        // conversion.
                        Some(m) if !suffix && !self.variation_follows(i) => {
                            format.append(&mut text, &line.pos, m, None);
                            line.before_last = None;
                            line.pos.play_unchecked(m);
                        }
                        None => {
                            line.advance(step);
                            text.extend_from_slice(null_move(format.notation));
                        }
                        Some(m) => {
                            line.advance(step);
                            let check = suffix.then(|| check_suffix(&line.pos)).flatten();
                            if let Some(before) = &line.before_last {
                                format.append(&mut text, before, m, check);
                            }
                        }
                    }
                    let end = self.suffix_end(&mut i, t.span.end);
                    text.extend_from_slice(&self.game[t.span.end..end]);
                    w.token(&text);
                }
                TokenKind::MoveNumber { .. } => {
                    if line.broken {
                        w.token(raw);
                    }
                }
                TokenKind::Suffix(_) | TokenKind::Nag(_) => w.token(raw),
                TokenKind::Comment(c) | TokenKind::LineComment(c) => {
                    w.comment(c);
                    need_number = true;
                }
                TokenKind::Escape(e) => w.escape(e),
                TokenKind::VariationStart => {
                    let parent = line.clone();
                    line = match &parent.before_last {
                        Some(pos) => Line::new(pos.clone(), parent.broken),
                        None => {
                            if !parent.broken {
                                let message = "variation before any move".to_owned();
                                self.error(t.span.clone(), None, message);
                            }
                            Line::new(parent.pos.clone(), true)
                        }
                    };
                    stack.push(parent);
                    w.variation_start();
                    need_number = true;
                }
                TokenKind::VariationEnd => match stack.pop() {
                    Some(parent) => {
                        line = parent;
                        w.variation_end();
                        need_number = true;
                    }
                    None => {
                        let message = "`)` without a variation to close".to_owned();
                        self.error(t.span.clone(), None, message);
                        w.token(raw);
                    }
                },
                TokenKind::Result(r) => {
                    if !stack.is_empty() || wrote_result {
                        self.error(t.span.clone(), None, "result inside movetext".to_owned());
                        w.token(raw);
                    } else {
                        w.result(r);
                        wrote_result = true;
                    }
                }
                TokenKind::Error(err) => {
                    self.error(t.span.clone(), None, err.to_string());
                    if raw.starts_with(b"[") {
                        // A broken tag runs to its line end: alone on its
                        // line, it cannot swallow the tokens after it.
                        w.escape(raw);
                    } else if *err == LexError::UnterminatedComment {
                        // Its text as line comments: a `{` left open would
                        // swallow the result written after it.
                        w.line_comment(&raw[1..]);
                    } else {
                        w.token(raw);
                    }
                }
            }
        }
        if in_tags {
            self.language_tag(&mut w);
            w.end_tags();
        }
        if !stack.is_empty() {
            let end = self.game.len()..self.game.len();
            let message = format!("{} unclosed variation(s) closed", stack.len());
            self.error(end, None, message);
            for _ in stack.drain(..) {
                w.variation_end();
            }
        }
        if !wrote_result {
            w.result(b"*");
        }
        w.end_game();
    }

    /// Where a move token ends with its `!?` suffix glued on, stepping `i`
    /// past the suffix token.
    fn suffix_end(&self, i: &mut usize, end: usize) -> usize {
        match self.tokens.get(*i) {
            Some(Token {
                kind: TokenKind::Suffix(_),
                span,
            }) if span.start == end => {
                *i += 1;
                span.end
            }
            _ => end,
        }
    }

    /// Whether a `(` comes after token `i` before the next move: the only
    /// place a variation can start from the position before the move just
    /// played.
    fn variation_follows(&self, i: usize) -> bool {
        self.tokens[i.min(self.tokens.len())..]
            .iter()
            .take_while(|t| !matches!(t.kind, TokenKind::Move(_)))
            .any(|t| t.kind == TokenKind::VariationStart)
    }

    /// Records a language other than English in an `InputLanguage` tag.
    fn language_tag(&self, w: &mut PgnWriter<'_>) {
        if !self.report.langs.is_empty() && !self.report.langs.contains(Lang::En) {
            w.tag(b"InputLanguage", lang_codes(self.report.langs).as_bytes());
        }
    }

    /// Reads and plays one move on `line`; `None` when it cannot be read or
    /// played, which is reported and breaks the line.
    fn play(&mut self, line: &mut Line, text: &[u8], span: Range<usize>) -> Option<Step> {
        let step = self.read_step(&line.pos, text, span);
        let Some(step) = step else {
            line.broken = true;
            return None;
        };
        line.advance(step);
        Some(step)
    }

    /// Reads one move in `pos`, counting it; `None` when it cannot be read
    /// or played, which is reported.
    #[inline(always)]
    fn read_step(&mut self, pos: &Chess, text: &[u8], span: Range<usize>) -> Option<Step> {
        if is_null(text) {
            if pass_turn(pos).is_none() {
                let message = "null move while in check".to_owned();
                self.error(span, Some(move_label(pos)), message);
                return None;
            }
            return Some(None);
        }
        match read_move_in(text, pos, self.lang) {
            Ok(read) => {
                if let Some(warning) = read.warning {
                    self.warn(span, Some(move_label(pos)), warning);
                }
                self.report.moves += 1;
                Some(Some(read.m))
            }
            Err(err) => {
                self.error(span, Some(move_label(pos)), err.to_string());
                None
            }
        }
    }

    /// Writes the main line as one line of text, playing it as it goes:
    /// the numbered moves converted, then from the first that failed the
    /// rest as written. Variations are skipped.
    fn write_text(&mut self, out: &mut Vec<u8>, start: Chess, broken: bool, format: MoveFormat) {
        let mut pos = start;
        let mut broken = broken;
        let mut first = true;
        // The position before a move, kept only when its check mark is written.
        let mut before = None::<Chess>;
        let mut depth = 0usize;
        let tokens = self.tokens;
        for t in tokens {
            match &t.kind {
                TokenKind::VariationStart => depth += 1,
                TokenKind::VariationEnd => depth = depth.saturating_sub(1),
                _ if depth > 0 => {}
                TokenKind::Move(_) | TokenKind::MoveNumber { .. } if broken => {
                    if !first {
                        out.push(b' ');
                    }
                    out.extend_from_slice(&self.game[t.span.clone()]);
                    first = false;
                }
                TokenKind::Move(m) if !is_move(m) => {}
                TokenKind::Move(m) => {
                    let step = self.read_step(&pos, m, t.span.clone());
                    if first || pos.turn() == Color::White || step.is_none() {
                        if !first {
                            out.push(b' ');
                        }
                        push_number(out, &pos);
                    }
                    out.push(b' ');
                    first = false;
                    match step {
                        None => {
                            // The number as it would have been, then the
                            // rest as written.
                            out.extend_from_slice(&self.game[t.span.clone()]);
                            broken = true;
                        }
                        Some(None) => {
                            out.extend_from_slice(null_move(format.notation));
                            pos = pass_turn(&pos).unwrap_or_default();
                        }
                        Some(Some(m)) if format.notation.has_suffix() => {
                            let before = before.insert(pos.clone());
                            pos.play_unchecked(m);
                            format.append(out, before, m, check_suffix(&pos));
                        }
                        Some(Some(m)) => {
                            format.append(out, &pos, m, None);
                            pos.play_unchecked(m);
                        }
                    }
                }
                TokenKind::Error(err) => {
                    self.error(t.span.clone(), None, err.to_string());
                }
                _ => {}
            }
        }
        out.push(b'\n');
    }

    /// Converts the main line only, for the text and JSON formats.
    fn main_line(&mut self, start: Chess, broken: bool) -> MainLine<'g> {
        let mut line = Line::new(start, broken);
        // Room for every move token, so the vectors never grow.
        let moves = self
            .tokens
            .iter()
            .filter(|t| matches!(t.kind, TokenKind::Move(_)))
            .count();
        let mut main = MainLine {
            moves: Vec::with_capacity(moves),
            spans: Vec::with_capacity(moves),
            unconverted: Vec::new(),
            failed_at: None,
            result: None,
        };
        let mut depth = 0usize;
        for t in self.tokens {
            let raw = &self.game[t.span.clone()];
            match &t.kind {
                TokenKind::VariationStart => depth += 1,
                TokenKind::VariationEnd => depth = depth.saturating_sub(1),
                _ if depth > 0 => {}
                TokenKind::Move(_) if line.broken => main.unconverted.push(raw),
                TokenKind::Move(m) if !is_move(m) => {}
                TokenKind::Move(m) => match self.play(&mut line, m, t.span.clone()) {
                    Some(step) => {
                        // The main line has no variations to start from this
                        // position: take it rather than clone it.
                        let before = line.before_last.take().unwrap_or_default();
                        main.moves.push((before, step));
                        main.spans.push(t.span.clone());
                    }
                    None => {
                        main.failed_at = Some(line.pos.clone());
                        main.unconverted.push(raw);
                    }
                },
                TokenKind::MoveNumber { .. } if line.broken => main.unconverted.push(raw),
                TokenKind::Result(r) => main.result = Some(r),
                TokenKind::Error(err) => {
                    self.error(t.span.clone(), None, err.to_string());
                }
                _ => {}
            }
        }
        main
    }

    fn write_jsonl(&self, out: &mut Vec<u8>, main: &MainLine<'g>) {
        out.extend_from_slice(b"{\"game\":");
        out.extend_from_slice(self.at.index.to_string().as_bytes());
        out.extend_from_slice(b",\"tags\":{");
        let mut first = true;
        for t in self.tokens {
            if let TokenKind::Tag { name, value, .. } = &t.kind {
                if !first {
                    out.push(b',');
                }
                first = false;
                json_string(out, name);
                out.push(b':');
                json_string(out, &value.unescaped());
            }
        }
        out.extend_from_slice(b"},\"input\":");
        match self.report.input {
            Some(s) => json_string(out, s.name().as_bytes()),
            None => out.extend_from_slice(b"null"),
        }
        out.extend_from_slice(b",\"langs\":[");
        for (i, lang) in self.report.langs.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            json_string(out, lang.code().as_bytes());
        }
        out.extend_from_slice(b"],\"encoding\":");
        match self.report.encoding {
            Some(e) => json_string(out, e.as_bytes()),
            None => out.extend_from_slice(b"null"),
        }
        out.extend_from_slice(b",\"moves\":[");
        let mut after = Chess::default();
        let mut text = Vec::with_capacity(8);
        for (i, (before, step)) in main.moves.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            let check = step.and_then(|m| {
                after.clone_from(before);
                after.play_unchecked(m);
                check_suffix(&after)
            });
            for (j, n) in [Notation::Numeric, Notation::San, Notation::Uci]
                .into_iter()
                .enumerate()
            {
                text.clear();
                match step {
                    Some(m) => MoveFormat {
                        chess960_castling: self.options.chess960_castling,
                        ..MoveFormat::new(n)
                    }
                    .append(&mut text, before, *m, check),
                    None => text.extend_from_slice(null_move(n)),
                }
                out.extend_from_slice(if j == 0 { b"{\"" } else { b",\"" });
                out.extend_from_slice(n.name().as_bytes());
                out.extend_from_slice(b"\":");
                json_string(out, &text);
            }
            out.push(b'}');
        }
        out.extend_from_slice(b"],\"result\":");
        match main.result {
            Some(r) => json_string(out, r),
            None => out.extend_from_slice(b"null"),
        }
        out.extend_from_slice(b",\"unconverted\":");
        json_string(out, &main.unconverted.join(&b' '));
        out.extend_from_slice(b",\"errors\":[");
        for (i, p) in self.report.errors.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            json_problem(out, p);
        }
        out.extend_from_slice(b"],\"warnings\":[");
        for (i, p) in self.report.warnings.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            json_problem(out, p);
        }
        out.extend_from_slice(b"]}\n");
    }

    /// `lexer::line_col(self.game, offset)`, in time linear in the distance from
    /// the previous call's offset: a game with 100,000 errors on one line
    /// took minutes when each was located from the start.
    fn locate(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.game.len());
        let (mut from, mut line, mut column) = self.located.get();
        if offset < from {
            (from, line, column) = (0, 1, 0);
        }
        if from == 0 && self.game.starts_with(BOM) && offset >= BOM.len() {
            from = BOM.len();
        }
        let delta = &self.game[from..offset];
        let chars = |bytes: &[u8]| {
            bytes
                .iter()
                .filter(|&&b| !(0x80..0xc0).contains(&b))
                .count()
        };
        match memchr::memrchr(b'\n', delta) {
            Some(i) => {
                line += delta.iter().filter(|&&b| b == b'\n').count();
                column = chars(&delta[i + 1..]);
            }
            None => column += chars(delta),
        }
        self.located.set((offset, line, column));
        (line, column + 1)
    }

    fn problem(&self, span: Range<usize>, move_label: Option<String>, message: String) -> Problem {
        let (line, column) = self.locate(span.start);
        let column = if line == 1 {
            column as u64 + self.at.column - 1
        } else {
            column as u64
        };
        let end = span.end.min(self.game.len());
        let token = &self.game[span.start.min(end)..end];
        let mut token = String::from_utf8_lossy(token).into_owned();
        if token.chars().count() > 60 {
            token = token.chars().take(57).collect::<String>() + "...";
        }
        Problem {
            game: self.at.index,
            line: self.at.line + line as u64 - 1,
            column,
            move_label,
            token,
            message,
        }
    }

    fn error(&mut self, span: Range<usize>, label: Option<String>, message: String) {
        let p = self.problem(span, label, message);
        self.report.errors.push(p);
    }

    fn warn(&mut self, span: Range<usize>, label: Option<String>, message: String) {
        let p = self.problem(span, label, message);
        self.report.warnings.push(p);
    }
}

/// The main line of a game, converted as far as it goes.
struct MainLine<'g> {
    /// Each move with the position it was played in.
    moves: Vec<(Chess, Step)>,
    /// Where each move is written.
    spans: Vec<Range<usize>>,
    /// The main line's tokens after the first that failed, as written.
    unconverted: Vec<&'g [u8]>,
    /// The position where conversion stopped.
    failed_at: Option<Chess>,
    result: Option<&'g [u8]>,
}

/// [`Suffix::from_position`] for standard chess and Chess960, without its
/// cost on the usual move: it asks for the game's outcome, which generates
/// every legal move, while only a position in check can have a suffix
/// (mate is the one decisive outcome these variants have, and it needs
/// check).
fn check_suffix(pos: &Chess) -> Option<Suffix> {
    if pos.is_check() {
        Suffix::from_position(pos)
    } else {
        None
    }
}

/// The position after the side to move passes (a null move), if passing
/// is legal: when the position with the other side to move is. The move
/// number goes on after Black's pass as after any black move.
fn pass_turn(pos: &Chess) -> Option<Chess> {
    let mode = pos.castles().mode();
    let mut setup = pos.to_setup(EnPassantMode::Always);
    if setup.turn == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.halfmoves = setup.halfmoves.saturating_add(1);
    setup.swap_turn();
    Chess::from_setup(setup, mode).ok()
}

/// `12.` before a white move, `12...` before a black one.
fn push_number(buf: &mut Vec<u8>, pos: &Chess) {
    push_decimal(buf, u64::from(pos.fullmoves().get()));
    match pos.turn() {
        Color::White => buf.push(b'.'),
        Color::Black => buf.extend_from_slice(b"..."),
    }
}

/// Appends `n` in decimal, as `n.to_string()` writes it, without the
/// formatting machinery: this runs before every white move.
fn push_decimal(buf: &mut Vec<u8>, n: u64) {
    let digit = |d: u64| b'0' + (d % 10) as u8;
    // Move numbers nearly always have one to three digits.
    match n {
        0..10 => buf.push(digit(n)),
        10..100 => buf.extend_from_slice(&[digit(n / 10), digit(n)]),
        100..1000 => buf.extend_from_slice(&[digit(n / 100), digit(n / 10), digit(n)]),
        _ => {
            push_decimal(buf, n / 10);
            buf.push(digit(n));
        }
    }
}

fn move_label(pos: &Chess) -> String {
    let mut buf = Vec::new();
    push_number(&mut buf, pos);
    String::from_utf8(buf).unwrap_or_default()
}

/// The standard starting position, with castling read in `mode`.
pub fn start_position(mode: CastlingMode) -> Chess {
    match mode {
        // Built without validating the setup, which costs more than a
        // short game's moves.
        CastlingMode::Standard => Chess::default(),
        CastlingMode::Chess960 => {
            Chess::from_setup(shakmaty::Setup::default(), mode).unwrap_or_default()
        }
    }
}

/// Standard chess, Chess960, or `None` for a variant numeric cannot hold.
fn variant_mode(name: &[u8]) -> Option<CastlingMode> {
    let name = name.trim_ascii().to_ascii_lowercase();
    match name.as_slice() {
        b"" | b"standard" | b"chess" | b"normal" | b"from position" | b"fromposition" => {
            Some(CastlingMode::Standard)
        }
        _ if name.windows(3).any(|w| w == b"960")
            || name.starts_with(b"fischer")
            || name == b"frc" =>
        {
            Some(CastlingMode::Chess960)
        }
        _ => None,
    }
}

/// Whether a symbol token is a move: not a move number written without
/// dots (`1 5254 5755 2 7163`), nor an en passant mark written apart
/// (`exd6 e.p.`).
fn is_move(text: &[u8]) -> bool {
    match text.first() {
        Some(b'0'..=b'9') => text.len() > 3 || !text.iter().all(u8::is_ascii_digit),
        Some(b'e' | b'i' | 0xd0) => !matches!(
            text,
            b"e.p." | b"e.p" | b"ep" | b"i.p." | b"\xd0\xb2.\xd0\xbf."
        ),
        _ => true,
    }
}

/// `--` and `Z0`: null moves as PGN programs write them.
fn is_null(text: &[u8]) -> bool {
    matches!(text, b"--" | b"Z0" | b"z0")
}

/// A null move in `notation`: UCI has its own, the others take PGN's `--`.
fn null_move(notation: Notation) -> &'static [u8] {
    match notation {
        Notation::Uci => b"0000",
        _ => b"--",
    }
}

fn is_castling(text: &[u8]) -> bool {
    matches!(text.first(), Some(b'O' | b'0' | b'o')) && text.contains(&b'-')
}

/// Whether no move token of `game` can hold an ASCII capital or a
/// non-ASCII byte, checked without lexing: every line is either a plain tag
/// pair `[Name "value"]` (one token, never a move) or has only lower-case
/// ASCII and none of the bytes that open a comment, tag, string or escape,
/// so that the lexer starts every line afresh. `false` when unsure.
fn letterless_moves(game: &[u8]) -> bool {
    let mut rest = game;
    loop {
        let end = if rest.first() == Some(&b'[') {
            let end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
            if !is_plain_tag_line(&rest[..end]) {
                return false;
            }
            end
        } else {
            let mut i = 0;
            while let Some(&b) = rest.get(i) {
                if !PLAIN_MOVETEXT[usize::from(b)] {
                    if b == b'\n' {
                        break;
                    }
                    return false;
                }
                i += 1;
            }
            i
        };
        match rest.get(end + 1..) {
            Some(next) => rest = next,
            None => return true,
        }
    }
}

/// The bytes a line of [`letterless_moves()`] may hold outside tag pairs:
/// ASCII but capitals and the bytes that open or close a comment, tag,
/// string or escape (and `\n`, which ends the line).
static PLAIN_MOVETEXT: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        let byte = b as u8;
        table[b] = !byte.is_ascii_uppercase()
            && !matches!(
                byte,
                b'{' | b'}' | b'[' | b']' | b'"' | b'\\' | b'%' | b';' | b'\n'
            );
        b += 1;
    }
    table
};

/// Whether `line` is one well-formed tag pair without escapes, which the
/// lexer reads as a single tag token, followed by whitespace only.
fn is_plain_tag_line(line: &[u8]) -> bool {
    let skip_space =
        |s: &[u8]| -> usize { s.iter().take_while(|&&b| matches!(b, b' ' | b'\t')).count() };
    let Some(rest) = line.strip_prefix(b"[") else {
        return false;
    };
    let name = rest
        .iter()
        .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_')
        .count();
    if name == 0 {
        return false;
    }
    let rest = &rest[name..];
    let Some(rest) = rest[skip_space(rest)..].strip_prefix(b"\"") else {
        return false;
    };
    match rest.iter().position(|&b| b == b'"' || b == b'\\') {
        Some(close) if rest[close] == b'"' => {
            let rest = &rest[close + 1..];
            match rest[skip_space(rest)..].strip_prefix(b"]") {
                Some(tail) => tail.iter().all(|&b| crate::lexer::is_whitespace(b)),
                None => false,
            }
        }
        _ => false,
    }
}

/// Languages whose letters can read every algebraic move of `moves` (the
/// texts of a game's move tokens): see [`Run::candidate_langs`].
fn candidate_langs_of<'a>(moves: impl Iterator<Item = &'a [u8]>) -> LangSet {
    let mut letters = Letters::default();
    moves.for_each(|text| letters.add(text));
    letters.langs()
}

/// The piece letters of a game's move tokens, gathered token by token as
/// the game is lexed.
#[derive(Clone, Copy)]
struct Letters {
    /// Languages that read every non-ASCII algebraic token.
    set: LangSet,
    /// The ASCII capitals of algebraic tokens, bit `b - b'A'`.
    ascii: u32,
}

impl Default for Letters {
    fn default() -> Letters {
        Letters {
            set: LangSet::ALL,
            ascii: 0,
        }
    }
}

impl Letters {
    #[inline(always)]
    fn add(&mut self, text: &[u8]) {
        // Most tokens are ASCII. Only capitals name a language, so tokens
        // without one (pawn and numeric moves) change nothing; of the
        // others, castling, `Z0` and UCI with a capital promotion (`e7e8Q`)
        // are not algebraic.
        let mut capitals = 0u32;
        let mut high = 0u8;
        for &b in text {
            capitals |= CAPITAL_BIT[usize::from(b)];
            high |= b;
        }
        if high >= 0x80 {
            self.add_non_ascii(text);
        } else if capitals != 0 {
            self.add_capitals(text, capitals);
        }
    }

    #[inline(never)]
    fn add_capitals(&mut self, text: &[u8], capitals: u32) {
        // UCI starts with a file: `Nf3` needs no syntax guess.
        if !is_castling(text)
            && !is_null(text)
            && (!text[0].is_ascii_lowercase() || guess_syntax(text) != Syntax::Uci)
        {
            self.ascii |= capitals;
        }
    }

    #[inline(never)]
    fn add_non_ascii(&mut self, text: &[u8]) {
        if !is_move(text)
            || is_null(text)
            || !matches!(guess_syntax(text), Syntax::San | Syntax::Lan)
        {
            return;
        }
        if let Ok(text) = core::str::from_utf8(text) {
            let langs = candidate_langs(text);
            // A token no language reads is an error whatever the language.
            if !langs.is_empty() {
                self.set &= langs;
            }
        }
    }

    fn langs(self) -> LangSet {
        let by_letters = |table: &[LangSet; 26]| {
            let mut set = self.set;
            for (i, langs) in table.iter().enumerate() {
                if self.ascii & (1 << i) != 0 {
                    set &= *langs;
                }
            }
            set
        };
        let (pieces, with_pawns) = ascii_letter_langs();
        let strict = by_letters(pieces);
        if strict.is_empty() {
            by_letters(with_pawns)
        } else {
            strict
        }
    }
}

/// Bit `b - b'A'` for an ASCII capital `b`, 0 for any other byte.
static CAPITAL_BIT: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut b = b'A';
    while b <= b'Z' {
        table[b as usize] = 1 << (b - b'A');
        b += 1;
    }
    table
};

/// For each ASCII capital `A`–`Z`, the languages in which it is a piece
/// letter, and those in which it is a piece or pawn letter; computed once.
fn ascii_letter_langs() -> &'static ([LangSet; 26], [LangSet; 26]) {
    static TABLES: std::sync::OnceLock<([LangSet; 26], [LangSet; 26])> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        // The parser's own letter index, laid out for a byte lookup.
        let mut pieces = [LangSet::EMPTY; 26];
        let mut with_pawns = [LangSet::EMPTY; 26];
        for (i, b) in (b'A'..=b'Z').enumerate() {
            let (piece, pawn) = letter_langs(core::str::from_utf8(&[b]).unwrap_or_default());
            pieces[i] = piece;
            with_pawns[i] = piece | pawn;
        }
        (pieces, with_pawns)
    })
}

/// Splits `langs` into groups that share all five piece letters, English's
/// group first.
fn letter_groups(langs: LangSet) -> Vec<LangSet> {
    let mut groups: Vec<LangSet> = Vec::new();
    for lang in langs.iter() {
        match groups.iter_mut().find(|g| {
            g.first()
                .is_some_and(|other| same_letters(other).contains(lang))
        }) {
            Some(group) => group.insert(lang),
            None => {
                let mut group = LangSet::EMPTY;
                group.insert(lang);
                groups.push(group);
            }
        }
    }
    groups.sort_by_key(|g| !g.contains(Lang::En));
    groups
}

/// The languages with the same five piece letters as `lang`, from a table
/// computed once: called for every language of every game, comparing the
/// letters each time cost about a millisecond a game in debug builds.
fn same_letters(lang: Lang) -> LangSet {
    static TABLE: std::sync::OnceLock<[LangSet; Lang::COUNT]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [LangSet::EMPTY; Lang::COUNT];
        for lang in Lang::all() {
            table[lang as usize] = compare_letters(lang);
        }
        table
    })[lang as usize]
}

fn compare_letters(lang: Lang) -> LangSet {
    Lang::all()
        .filter(|other| other.letters() == lang.letters())
        .collect()
}

/// `de sv no`: the codes of a language group.
fn lang_codes(langs: LangSet) -> String {
    langs.iter().map(Lang::code).collect::<Vec<_>>().join(" ")
}

fn json_problem(out: &mut Vec<u8>, p: &Problem) {
    out.extend_from_slice(b"{\"line\":");
    out.extend_from_slice(p.line.to_string().as_bytes());
    out.extend_from_slice(b",\"column\":");
    out.extend_from_slice(p.column.to_string().as_bytes());
    out.extend_from_slice(b",\"move\":");
    match &p.move_label {
        Some(l) => json_string(out, l.as_bytes()),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"token\":");
    json_string(out, p.token.as_bytes());
    out.extend_from_slice(b",\"message\":");
    json_string(out, p.message.as_bytes());
    out.push(b'}');
}

/// Writes `s` as a JSON string; invalid UTF-8 is replaced, never dropped.
fn json_string(out: &mut Vec<u8>, s: &[u8]) {
    let s = String::from_utf8_lossy(s);
    // serde_json escapes exactly what JSON requires; writing to a Vec cannot fail.
    let _ = serde_json::to_writer(&mut *out, s.as_ref());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lexed_langs(game: &[u8]) -> LangSet {
        candidate_langs_of(Lexer::new(game).filter_map(|t| match t.kind {
            TokenKind::Move(text) => Some(text),
            _ => None,
        }))
    }

    #[test]
    fn letterless_moves_is_conservative() {
        let letterless: &[&[u8]] = &[
            b"",
            b"[Event \"X\"]\n[White \"Fran\xc3\xa7ois\"]\r\n\n1. 5254 5755 2. 7163 1-0\n",
            b"[Event\t\"{Nf3\"] \n1. e4 e5 (1... c5) $1 *",
        ];
        let named: &[&[u8]] = &[
            b"1. e4 e5 2. Nf3",
            b"[Event \"X\"] Nf3\n1. e4",
            b"[Event \"a\\\"b\"]\n1. e4",
            b"{ [Event \"X\"]\nNf3 }\n1. e4",
            b"[Event \"x\nSf3\"]",
            b"\xEF\xBB\xBF1. e4",
            b"1. e4 \xd0\x9a\xd1\x801",
            b"[Event \"X\"]\n%Nf3\n1. e4",
        ];
        for game in letterless {
            assert!(letterless_moves(game), "{}", String::from_utf8_lossy(game));
            assert_eq!(lexed_langs(game), candidate_langs_of(core::iter::empty()));
        }
        for game in named {
            assert!(!letterless_moves(game), "{}", String::from_utf8_lossy(game));
        }
    }

    #[test]
    fn push_decimal_writes_like_to_string() {
        let mut buf = Vec::new();
        for n in (0..2000).chain([9_999, 10_000, 123_456, u64::from(u32::MAX), u64::MAX]) {
            buf.clear();
            push_decimal(&mut buf, n);
            assert_eq!(buf, n.to_string().as_bytes());
        }
    }

    #[test]
    fn capitals_of_non_algebraic_tokens_name_no_language() {
        // Castling, null moves and UCI promotions carry capitals that are
        // no piece letters; `Qh5` names the languages with a `Q`.
        let none = lexed_langs(b"1. O-O O-O-O 2. Z0 e7e8Q 3. e2-e4 *");
        assert_eq!(none, candidate_langs_of(core::iter::empty()));
        let queen = lexed_langs(b"1. e4 e5 2. Qh5 *");
        assert!(queen.contains(Lang::En));
        assert!(!queen.contains(Lang::Fr), "French writes the queen D");
    }

    #[test]
    fn standard_start_is_the_validated_setup() {
        for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
            let validated = Chess::from_setup(shakmaty::Setup::default(), mode).expect("start");
            assert_eq!(start_position(mode), validated);
            assert_eq!(start_position(mode).castles().mode(), mode);
        }
    }
}
