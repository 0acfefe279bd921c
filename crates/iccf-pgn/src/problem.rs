//! What can be wrong in a game, and where.
//!
//! The walk over a game's tokens finds problems as typed [`ProblemKind`]s
//! at byte ranges of the game; `Problems` turns each range into a line
//! and column of the whole input and keeps the problem with its
//! [`Severity`]. Messages are made by `Display`, so a caller can match on
//! the kind and still print what the command line prints.

use core::cell::Cell;
use core::fmt;
use core::ops::Range;

use iccf::lang::Lang;
use iccf::read::ReadMoveError;
use iccf::{LegacyPromotion, MoveNumber};
use shakmaty::PositionErrorKinds;
use shakmaty::fen::ParseFenError;

use crate::convert::GameLocation;
use crate::encoding::lossy;
use crate::grammar::char_count;
use crate::lexer::{LexError, line_col};

/// Whether a problem left part of the game unconverted.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Part of the game was not converted; the run exits with status 1.
    Error,
    /// Read, but not as it should be written.
    Warning,
}

impl Severity {
    /// `error` or `warning`, as the command line prints it.
    pub const fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProblemKind {
    /// A move that cannot be read or played here.
    Move(ReadMoveError),
    /// A four-digit numeric promotion, read where the position leaves no
    /// doubt.
    LegacyPromotion(LegacyPromotion),
    /// `--` or `Z0` while the side to move is in check.
    NullMoveInCheck,
    /// Text the lexer could not cut into tokens.
    Lex(LexError),
    /// A tag pair after the movetext has begun.
    TagInMovetext,
    /// `(` before the line has a move to vary.
    VariationBeforeMove,
    /// `)` with no variation open.
    UnmatchedVariationEnd,
    /// A second result, or one inside a variation.
    ResultInMovetext,
    /// Variations still open at the end of the game, closed in the output.
    UnclosedVariations(usize),
    /// A `Variant` tag naming a variant numeric notation cannot hold.
    UnsupportedVariant(String),
    /// A `FEN` tag that does not parse.
    BadFen(ParseFenError),
    /// A `FEN` tag whose position is not legal.
    ImpossibleFen {
        /// Why, as flags.
        kinds: PositionErrorKinds,
        /// Why, in shakmaty's words.
        reason: String,
    },
    /// A `FEN` tag with a move counter no game reaches (see
    /// [`crate::setup::MAX_FEN_COUNTER`]).
    AbsurdFenCounter(String),
    /// A `FEN` tag whose castling rights do not fit its pieces: they are
    /// dropped.
    FenCastlingIgnored,
    /// Several languages read the whole game legally with different moves.
    AmbiguousLanguage(AmbiguousLanguage),
    /// A move number that does not fit the position: a warning, as the
    /// number is a check for the reader, not part of the move, which is
    /// read when it is legal (wrong numbers are common in engine-match
    /// files).
    MoveNumberMismatch {
        /// The number as written: `83.`, `3...`, `12`.
        written: String,
        /// The number of the next move there.
        expected: MoveNumber,
    },
    /// A move number that fits neither the position nor a move after it
    /// (`3. 6125 68 *`, `1. 52 54`): a move mistyped, an error.
    StrayNumber {
        /// The number as written: `68`, `5755.`.
        written: String,
    },
    /// A token after the game's result.
    AfterResult,
    /// The game's result written again after it (`1-0 1-0`): a warning,
    /// and written once.
    RepeatedResult,
    /// A result as authors type it (`1–0`, `½-½`): a warning, and written
    /// as PGN spells it, this.
    TypedResult(String),
    /// An annotation glyph as printed chess writes it (`±`, `+-`): a
    /// warning, and written as the NAG it stands for, this (`$16`).
    Glyph(String),
    /// The movetext ends without a result: this one (the `Result` tag's,
    /// else `*`) is written.
    NoResult(String),
    /// The `Result` tag and the movetext's result differ (a tag `*` too):
    /// a warning, and both are written as they were (where the format has
    /// tags), as nothing tells which is right.
    ResultTagDiffers {
        /// The tag's result, as PGN spells it.
        tag: &'static str,
        /// The movetext's result, as PGN spells it.
        movetext: &'static str,
    },
    /// The game goes over a limit that bounds memory: it is skipped whole,
    /// and a game saying so is written in its place.
    OverLimit(Limit),
}

/// A limit a game can go over ([`ProblemKind::OverLimit`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Limit {
    /// More tokens than this.
    Tokens(usize),
    /// Variations nested deeper than this.
    Depth(usize),
    /// More bytes than this.
    Bytes(u64),
    /// More tags than this.
    Tags(usize),
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Tokens(n) => write!(f, "more than {n} tokens"),
            Limit::Depth(n) => write!(f, "variations nested deeper than {n}"),
            Limit::Bytes(n) => write!(f, "more than {n} bytes"),
            Limit::Tags(n) => write!(f, "more than {n} tags"),
        }
    }
}

/// Several languages make a game legal with different moves
/// ([`ProblemKind::AmbiguousLanguage`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AmbiguousLanguage {
    /// One language of each letter group that reads the game, the chosen
    /// one first.
    pub legal: Vec<Lang>,
    /// The language the game was read in.
    pub read_as: Lang,
    /// Whether the language of the games around it decided (a warning),
    /// rather than nothing (an error).
    pub by_neighbours: bool,
}

impl ProblemKind {
    /// Whether the game's setup tags (`FEN`, `Variant`) gave no start
    /// position, so that none of the game could be read.
    ///
    /// ```
    /// use iccf_pgn::game::read_game;
    ///
    /// let game = read_game(b"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *")?;
    /// assert!(game.report.errors[0].kind.is_setup());
    /// # Ok::<_, iccf_pgn::game::ReadGameError>(())
    /// ```
    pub fn is_setup(&self) -> bool {
        matches!(
            self,
            ProblemKind::UnsupportedVariant(_)
                | ProblemKind::BadFen(_)
                | ProblemKind::ImpossibleFen { .. }
                | ProblemKind::AbsurdFenCounter(_)
        )
    }

    /// Whether the game was skipped whole, over a limit: nothing of it was
    /// read, so its empty main line is no game to show.
    ///
    /// ```
    /// use iccf_pgn::game::read_game;
    ///
    /// let deep = format!("1. e4 {}{} *", "(".repeat(1001), ")".repeat(1001));
    /// let game = read_game(deep.as_bytes())?;
    /// assert!(game.report.errors[0].kind.is_skip());
    /// # Ok::<_, iccf_pgn::game::ReadGameError>(())
    /// ```
    pub fn is_skip(&self) -> bool {
        matches!(self, ProblemKind::OverLimit(_))
    }
}

impl fmt::Display for ProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemKind::Move(err) => fmt::Display::fmt(err, f),
            ProblemKind::LegacyPromotion(legacy) => fmt::Display::fmt(legacy, f),
            ProblemKind::NullMoveInCheck => f.write_str("null move while in check"),
            ProblemKind::Lex(err) => fmt::Display::fmt(err, f),
            ProblemKind::TagInMovetext => f.write_str("tag inside movetext"),
            ProblemKind::VariationBeforeMove => f.write_str("variation before any move"),
            ProblemKind::UnmatchedVariationEnd => f.write_str("`)` without a variation to close"),
            ProblemKind::ResultInMovetext => f.write_str("result inside movetext"),
            ProblemKind::UnclosedVariations(n) => write!(f, "{n} unclosed variation(s) closed"),
            ProblemKind::UnsupportedVariant(name) => write!(
                f,
                "variant {name} is not supported: numeric notation covers standard chess and Chess960"
            ),
            ProblemKind::BadFen(err) => write!(f, "bad FEN: {err}"),
            ProblemKind::ImpossibleFen { reason, .. } => {
                write!(f, "impossible FEN position: {reason}")
            }
            ProblemKind::AbsurdFenCounter(n) => {
                let absurd = crate::setup::FenTextError::AbsurdCounter(n.clone());
                write!(f, "bad FEN: {absurd}")
            }
            ProblemKind::FenCastlingIgnored => {
                f.write_str("FEN castling rights do not fit the position: ignored")
            }
            ProblemKind::AmbiguousLanguage(a) => fmt::Display::fmt(a, f),
            ProblemKind::MoveNumberMismatch { written, expected } => write!(
                f,
                "move number {written} does not fit the position: the next move is {expected}"
            ),
            ProblemKind::StrayNumber { written } => write!(
                f,
                "`{written}` is no move, nor the number of one: a move mistyped?"
            ),
            ProblemKind::AfterResult => f.write_str("after the result"),
            ProblemKind::RepeatedResult => f.write_str("result repeated: written once"),
            ProblemKind::TypedResult(result) => write!(f, "result read as {result}"),
            ProblemKind::Glyph(nag) => write!(f, "annotation glyph read as {nag}"),
            ProblemKind::NoResult(written) => write!(f, "no result: `{written}` written"),
            ProblemKind::ResultTagDiffers { tag, movetext } => {
                write!(f, "the Result tag says {tag}, the movetext {movetext}")
            }
            ProblemKind::OverLimit(limit) => write!(f, "game skipped: {limit}, the limit"),
        }
    }
}

impl fmt::Display for AmbiguousLanguage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("legal in ")?;
        for (i, lang) in self.legal.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{} ({})", lang.name(), lang.code())?;
        }
        write!(
            f,
            " with different moves: read as {}, ",
            self.read_as.code()
        )?;
        f.write_str(if self.by_neighbours {
            "the language of the games around it"
        } else {
            "choose with --input-lang"
        })
    }
}

/// A problem found in a game, with its location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Whether it left part of the game unconverted.
    pub severity: Severity,
    /// 1-based game number.
    pub game: u64,
    /// 1-based line in the input.
    pub line: u64,
    /// 1-based column in the input (in characters).
    pub column: u64,
    /// The move number, `12.` or `12...`, when the problem is at a move.
    pub move_number: Option<MoveNumber>,
    /// The text at fault, as written (cut after [`QUOTE_CHARS`]
    /// characters).
    pub token: String,
    /// What is wrong.
    pub kind: ProblemKind,
}

/// Shows the problem without its location, which callers put first with
/// the file name: ``game 3, 12... `5255`: no black piece …``. Control
/// characters of the input are escaped (`\u{1b}`), so that a message
/// printed on a terminal cannot drive it.
impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = format!("game {}", self.game);
        if let Some(number) = &self.move_number {
            text += &format!(", {number}");
        }
        if !self.token.is_empty() {
            text += &format!(" `{}`", self.token);
        }
        text += &format!(": {}", self.kind);
        f.write_str(&escape_controls(&text))
    }
}

/// The most characters of input a problem quotes.
pub const QUOTE_CHARS: usize = 60;

/// `text` as a problem quotes input: cut to [`QUOTE_CHARS`] characters,
/// `...` marking the cut, so that a 20 MB tag value makes no 20 MB
/// message.
///
/// ```
/// use iccf_pgn::problem::cut_quote;
///
/// assert_eq!(cut_quote("crazyhouse".into()), "crazyhouse");
/// assert_eq!(cut_quote("x".repeat(100)), format!("{}...", "x".repeat(57)));
/// ```
pub fn cut_quote(text: String) -> String {
    if text.chars().nth(QUOTE_CHARS).is_none() {
        return text;
    }
    text.chars().take(QUOTE_CHARS - 3).collect::<String>() + "..."
}

/// `text` with its control characters escaped (`\u{1b}`, `\n`), so that
/// input shown on a terminal (a problem, an opponent's mail, a FEN tag)
/// cannot drive it. Every command of `iccf` shows input through this.
///
/// ```
/// use iccf_pgn::problem::escape_controls;
///
/// assert_eq!(escape_controls("e4 \u{1b}]0;owned\u{7}"), "e4 \\u{1b}]0;owned\\u{7}");
/// assert_eq!(escape_controls("plain"), "plain");
/// ```
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out.into()
}

/// The problems of one game, located in the input as they are found.
#[derive(Debug)]
pub(crate) struct Problems<'g> {
    game: &'g [u8],
    at: GameLocation,
    pub(crate) errors: Vec<Problem>,
    pub(crate) warnings: Vec<Problem>,
    /// The last problem's (offset, line, column), as `line_col` gives
    /// them: problems come mostly in input order, so each is located from
    /// the one before, not from the start of the game.
    located: Cell<(usize, usize, usize)>,
}

impl<'g> Problems<'g> {
    /// No problems yet in `game`, which starts at `at` in its input.
    pub(crate) fn new(game: &'g [u8], at: GameLocation) -> Problems<'g> {
        Problems {
            game,
            at,
            errors: Vec::new(),
            warnings: Vec::new(),
            located: Cell::new((0, 1, 1)),
        }
    }

    /// Records a problem at `span` of the game.
    pub(crate) fn add(
        &mut self,
        severity: Severity,
        span: Range<usize>,
        move_number: Option<MoveNumber>,
        kind: ProblemKind,
    ) {
        let p = self.locate_problem(severity, span, move_number, kind);
        let list = match severity {
            Severity::Error => &mut self.errors,
            Severity::Warning => &mut self.warnings,
        };
        // In input order, as they are read: a problem found at the game's
        // end about its start (the `Result` tag) goes before the rest.
        // Nearly all come in order, found after a look at the last one.
        let at = list
            .iter()
            .rposition(|q| (q.line, q.column) <= (p.line, p.column))
            .map_or(0, |k| k + 1);
        list.insert(at, p);
    }

    /// Records an error at `span`.
    pub(crate) fn error(
        &mut self,
        span: Range<usize>,
        number: Option<MoveNumber>,
        kind: ProblemKind,
    ) {
        self.add(Severity::Error, span, number, kind);
    }

    /// Records a warning at `span`.
    pub(crate) fn warn(
        &mut self,
        span: Range<usize>,
        number: Option<MoveNumber>,
        kind: ProblemKind,
    ) {
        self.add(Severity::Warning, span, number, kind);
    }

    fn locate_problem(
        &self,
        severity: Severity,
        span: Range<usize>,
        move_number: Option<MoveNumber>,
        kind: ProblemKind,
    ) -> Problem {
        let (line, column) = self.locate(span.start);
        let column = if line == 1 {
            (column as u64).saturating_add(self.at.column.saturating_sub(1))
        } else {
            column as u64
        };
        let end = span.end.min(self.game.len());
        let token = &self.game[span.start.min(end)..end];
        let token = cut_quote(lossy(token));
        Problem {
            severity,
            game: self.at.index,
            line: self.at.line.saturating_add(line as u64 - 1),
            column,
            move_number,
            token,
            kind,
        }
    }

    /// `lexer::line_col(self.game, offset)` (a lone CR, LF or CRLF ends a
    /// line; a byte-order mark starting one is skipped), in time linear in
    /// the distance from the previous call's offset: a game with 100,000
    /// errors on one line took minutes when each was located from the start.
    fn locate(&self, offset: usize) -> (usize, usize) {
        let game = self.game;
        let offset = offset.min(game.len());
        let splits_crlf =
            |at: usize| at > 0 && game[at - 1] == b'\r' && game.get(at) == Some(&b'\n');
        let (from, line, column) = self.located.get();
        let found = if offset < from || splits_crlf(from) || splits_crlf(offset) {
            line_col(game, offset)
        } else {
            let delta = &game[from..offset];
            match line_col(delta, delta.len()) {
                // On the same line: a mark is skipped only at its start.
                (1, delta_column) if column == 1 => (line, delta_column),
                (1, _) => (line, column + char_count(delta)),
                (lines, delta_column) => (line + lines - 1, delta_column),
            }
        };
        self.located.set((offset, found.0, found.1));
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression: problems after lone CR line ends (old Mac files) were
    /// all placed on line 1, as only LF was counted; the lexer's
    /// `line_col`, which the splitter agrees with, counts CR, LF and CRLF.
    #[test]
    fn old_mac_line_ends_placed_every_problem_on_line_1() {
        let game = "\u{feff}[A \"é\"]\r\r1. e4\r\n2. Nf3\n\r\u{feff}Qé9 x\ry *".as_bytes();
        // Tokens start on characters, never inside one.
        let offsets: Vec<usize> = (0..=game.len())
            .filter(|&k| !game.get(k).is_some_and(|b| (0x80..0xc0).contains(b)))
            .collect();
        // In order, as problems mostly come, then out of order.
        let mut order = offsets.clone();
        order.extend(offsets.iter().rev().step_by(3));
        order.extend(offsets.iter().step_by(7));
        let problems = Problems::new(game, GameLocation::default());
        for offset in order {
            assert_eq!(problems.locate(offset), line_col(game, offset), "{offset}");
        }
    }

    #[test]
    fn problems_are_located_in_the_whole_input() {
        let game = b"1. e4\n2. Qh7 *";
        let at = GameLocation {
            index: 3,
            line: 10,
            column: 5,
        };
        let mut problems = Problems::new(game, at);
        problems.warn(3..5, None, ProblemKind::NullMoveInCheck);
        let two = MoveNumber::from_position(&shakmaty::Chess::default());
        problems.error(9..12, Some(two), ProblemKind::TagInMovetext);
        let w = &problems.warnings[0];
        assert_eq!((w.line, w.column, w.token.as_str()), (10, 8, "e4"));
        let e = &problems.errors[0];
        assert_eq!((e.line, e.column, e.token.as_str()), (11, 4, "Qh7"));
        assert_eq!(e.to_string(), "game 3, 1. `Qh7`: tag inside movetext");
    }

    /// Issue 11: input bytes were echoed raw into messages, so an ESC
    /// sequence in a game reached the terminal.
    #[test]
    fn control_characters_reached_the_terminal() {
        let mut problems = Problems::new(b"\x1b[2J\x07\tQh7", GameLocation::default());
        problems.error(0..9, None, ProblemKind::TagInMovetext);
        let shown = problems.errors[0].to_string();
        assert_eq!(
            shown,
            "game 1 `\\u{1b}[2J\\u{7}\\tQh7`: tag inside movetext"
        );
        assert!(!shown.chars().any(char::is_control));
        // The token itself keeps what was written, for programs.
        assert_eq!(problems.errors[0].token, "\x1b[2J\x07\tQh7");
    }

    #[test]
    fn locations_near_the_top_of_u64_saturate() {
        let at = GameLocation {
            index: u64::MAX,
            line: u64::MAX,
            column: u64::MAX,
        };
        let mut problems = Problems::new(b"\n\nx", at);
        problems.error(2..3, None, ProblemKind::TagInMovetext);
        assert_eq!(problems.errors[0].line, u64::MAX);
    }

    #[test]
    fn ambiguity_says_how_it_was_decided() {
        let mut a = AmbiguousLanguage {
            legal: vec![Lang::En, Lang::Fi],
            read_as: Lang::En,
            by_neighbours: false,
        };
        assert_eq!(
            a.to_string(),
            "legal in English (en), Finnish (fi) with different moves: read as en, choose with --input-lang"
        );
        a.by_neighbours = true;
        assert!(
            a.to_string()
                .ends_with("the language of the games around it")
        );
    }
}
