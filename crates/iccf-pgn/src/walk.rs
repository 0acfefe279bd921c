//! The one walk over a game's tokens.
//!
//! ```text
//!   tokens ──▶ Walk ──▶ Sink (PGN, text, JSON lines, a trial reading)
//!               │
//!               ├─ plays each move on its line (main line or variation)
//!               ├─ keeps the variation stack, move numbers, broken lines
//!               └─ records every problem in Problems
//! ```
//!
//! A move that cannot be read breaks its line: the rest of that line goes
//! to the sink as written ([`Sink::unconverted`]), so nothing is lost, and
//! the variations after it are copied too. The walk reads variations even
//! for sinks that do not want them, so that every format finds the same
//! problems.

use core::ops::Range;

use iccf::lang::Lang;
use iccf::read::read_move_in;
use iccf::token::{is_en_passant_mark, is_move, is_null_move};
use iccf::{MoveNumber, check_suffix};
use shakmaty::{Chess, Color, EnPassantMode, FromSetup, Move, Position};

use crate::encoding::lossy;
use crate::lexer::{LexError, TagValue, Token, TokenKind};
use crate::problem::{ProblemKind, Problems};
use crate::sink::{Ending, Played, Sink};
use crate::spelling::{
    MAX_TYPED_RESULT, canonical_result, end_result, forfeit_result, without_spaces,
};

/// A move played on a line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A real move.
    Move(Move),
    /// A null move (`--`, `Z0`): the side to move passes.
    Null,
}

/// Which tokens the walk reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    /// Everything, variations included.
    Game,
    /// The main line only: variations are skipped unread, as a trial
    /// reading of the game in one language needs.
    MainLine,
}

/// Walks the tokens of one game into a sink.
pub(crate) struct Walk<'g, 't, 'p> {
    /// The game's bytes, which token spans index.
    pub game: &'g [u8],
    /// The game's tokens, in order.
    pub tokens: &'t [Token<'g>],
    /// The piece letters algebraic moves are read in.
    pub lang: Lang,
    /// Which tokens are read.
    pub scope: Scope,
    /// Whether the game has a `(`: without one, no position needs keeping
    /// for a variation, and nothing needs looking for.
    pub has_variations: bool,
    pub problems: &'p mut Problems<'g>,
    /// Moves read, variations included.
    pub moves: u64,
}

/// One line of play: the main line or a variation.
#[derive(Clone, Debug)]
struct Line {
    pos: Chess,
    /// The position before the last move, where a variation starts; kept
    /// only where one may start, or a check mark needs it.
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

    /// Plays a step, keeping the position before it.
    fn advance(&mut self, step: Step) {
        match step {
            Step::Null => {
                let after = pass_turn(&self.pos).unwrap_or_default();
                self.before_last = Some(core::mem::replace(&mut self.pos, after));
            }
            Step::Move(m) => {
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

/// Where the walk stands between tokens.
struct State<'g> {
    line: Line,
    /// The lines a variation was entered from, innermost last.
    stack: Vec<Line>,
    need_number: bool,
    in_tags: bool,
    /// The result written in the movetext, once read.
    result: Option<&'g [u8]>,
    /// The `Result` tag's value, if it is a result, and where the tag is.
    tag_result: Option<(&'static [u8], Range<usize>)>,
    /// In [`Scope::MainLine`]: how deep the skipped variations go.
    skipping: usize,
    /// Comments between tags (an index into the tokens each), given to
    /// the sink once the tags end: PGN has no place for them there.
    held: Vec<usize>,
}

impl State<'_> {
    /// Whether a sink that wants only the main line is told of this.
    fn tells<S: Sink>(&self) -> bool {
        S::VARIATIONS || self.stack.is_empty()
    }
}

impl<'g> Walk<'g, '_, '_> {
    /// Walks the whole game from `start` into `sink`; `None` copies the
    /// game unconverted (its setup could not be read).
    pub(crate) fn run<S: Sink>(&mut self, start: Option<Chess>, sink: &mut S) {
        let broken = start.is_none();
        let mut s = State {
            line: Line::new(start.unwrap_or_default(), broken),
            stack: Vec::new(),
            need_number: true,
            in_tags: true,
            result: None,
            tag_result: None,
            skipping: 0,
            held: Vec::new(),
        };
        let mut i = 0;
        while let Some(t) = self.tokens.get(i) {
            i += 1;
            // `%` escape lines may stand between tags, and comments are
            // held until the tags end: a tag after them is still a tag.
            if s.in_tags && !matches!(t.kind, TokenKind::Tag { .. } | TokenKind::Escape(_)) {
                if is_comment(t) && self.tag_follows(i) {
                    s.held.push(i - 1);
                    continue;
                }
                s.in_tags = false;
                self.end_tags(&mut s, sink);
            }
            if s.skipping > 0 {
                match t.kind {
                    TokenKind::VariationStart => s.skipping += 1,
                    TokenKind::VariationEnd => s.skipping -= 1,
                    _ => {}
                }
                continue;
            }
            self.token(&mut s, &mut i, t, sink);
        }
        self.finish(&mut s, sink);
    }

    /// Whether a tag comes after the token before `i`, past comments and
    /// `%` lines alone.
    fn tag_follows(&self, i: usize) -> bool {
        self.tokens[i..]
            .iter()
            .find(|t| !is_aside(t))
            .is_some_and(|t| matches!(t.kind, TokenKind::Tag { .. }))
    }

    /// Tells the sink the tags have ended, then the comments held among
    /// them, as the movetext's first (as [`Walk::token`] gives a comment,
    /// which is not called here: a second caller costs its inlining into
    /// the token loop, 7% of a conversion's instructions).
    fn end_tags<S: Sink>(&mut self, s: &mut State<'g>, sink: &mut S) {
        sink.end_tags();
        for at in std::mem::take(&mut s.held) {
            if let TokenKind::Comment(c) | TokenKind::LineComment(c) = self.tokens[at].kind {
                if s.tells::<S>() {
                    sink.comment(c);
                }
                s.need_number = true;
            }
        }
    }

    /// Handles token `t`; `i` indexes the next one and steps past a `!?`
    /// glued to a move.
    fn token<S: Sink>(&mut self, s: &mut State<'g>, i: &mut usize, t: &Token<'g>, sink: &mut S) {
        let raw = || &self.game[t.span.clone()];
        self.after_result(s, t);
        match &t.kind {
            TokenKind::Tag { name, value, error } => self.tag(s, t, (name, *value, *error), sink),
            TokenKind::Move(m) if !is_move(m) && !self.digits_with_sign(m, *i, t.span.end) => {
                // A bare move number (`1 5254 5755 2 7163`) or an `e.p.`
                // mark: written again only where the line is copied as it
                // was. Digits that are not the move number are a wrong
                // number when they could be one, else a numeric move cut
                // short (`575`): read, to say so.
                let number = core::str::from_utf8(m)
                    .ok()
                    .and_then(|n| n.parse::<u32>().ok());
                let fullmoves = s.line.pos.fullmoves().get();
                match number {
                    // On a line copied as written, as a move is: the start
                    // of a result the lexer cut (`0,5-0,5`), or copied.
                    Some(n)
                        if s.line.broken || (n != fullmoves && !plausible_number(n, fullmoves)) =>
                    {
                        self.move_token(s, i, m, t.span.clone(), sink)
                    }
                    Some(n) if n != fullmoves => self.wrong_number(s, i, t.span.clone(), sink),
                    _ if s.line.broken && s.tells::<S>() => sink.unconverted(raw(), raw()),
                    _ => {}
                }
            }
            TokenKind::Move(m) => self.move_token(s, i, m, t.span.clone(), sink),
            TokenKind::MoveNumber { number, dots } => {
                if !s.line.broken && !MoveNumber::from_position(&s.line.pos).matches(number, *dots)
                {
                    self.wrong_number(s, i, t.span.clone(), sink);
                } else if s.line.broken && !self.result_at_end(s, i, t.span.clone(), sink) {
                    // `0.5-0.5` starts as a move number.
                    if s.tells::<S>() {
                        sink.unconverted(raw(), raw());
                    }
                }
            }
            TokenKind::Nag(digits) if !raw().starts_with(b"$") => {
                self.glyph(s, t.span.clone(), digits, sink)
            }
            TokenKind::Suffix(_) | TokenKind::Nag(_) if s.tells::<S>() => sink.annotation(raw()),
            TokenKind::Comment(c) | TokenKind::LineComment(c) => {
                if s.tells::<S>() {
                    sink.comment(c);
                }
                s.need_number = true;
            }
            TokenKind::Escape(e) if s.tells::<S>() => sink.escape(e),
            TokenKind::VariationStart => self.variation_start(s, i, t.span.clone(), sink),
            TokenKind::VariationEnd => self.variation_end(s, t.span.clone(), raw(), sink),
            TokenKind::Result(r) => self.result(s, t.span.clone(), r, sink),
            TokenKind::Error(err) => {
                self.problems
                    .error(t.span.clone(), None, ProblemKind::Lex(*err));
                if s.tells::<S>() {
                    sink.lex_error(*err, raw());
                }
            }
            TokenKind::Suffix(_) | TokenKind::Nag(_) | TokenKind::Escape(_) => {}
        }
    }

    /// A result: the game's, or a second one, which is a warning when it
    /// repeats the first on the main line (`1-0 1-0`) and an error
    /// otherwise. A result as authors type it (`1–0`, `½-½`) is written
    /// in PGN's spelling, with a warning.
    fn result<S: Sink>(
        &mut self,
        s: &mut State<'g>,
        span: Range<usize>,
        r: &'g [u8],
        sink: &mut S,
    ) {
        let result = canonical_result(r).unwrap_or(r);
        let main_line = s.stack.is_empty();
        if main_line && s.result.is_some_and(|first| first == result) {
            self.problems.warn(span, None, ProblemKind::RepeatedResult);
            return;
        }
        if !main_line || s.result.is_some() {
            self.problems
                .error(span.clone(), None, ProblemKind::ResultInMovetext);
            if s.tells::<S>() {
                sink.misplaced_result(&self.game[span]);
            }
            return;
        }
        if result != r {
            let kind = ProblemKind::TypedResult(lossy(result));
            self.problems.warn(span, None, kind);
        }
        sink.result(result);
        s.result = Some(result);
    }

    /// An annotation glyph as printed chess writes it (`±`, `+-`): the NAG
    /// it stands for, written as PGN writes NAGs, with a warning.
    fn glyph<S: Sink>(
        &mut self,
        s: &mut State<'g>,
        span: Range<usize>,
        digits: &[u8],
        sink: &mut S,
    ) {
        if s.line.broken {
            // Copied as written, as the rest of the line is.
            if s.tells::<S>() {
                sink.annotation(&self.game[span]);
            }
            return;
        }
        let raw = &self.game[span.clone()];
        if let Some(result) = forfeit_result(raw).filter(|_| self.nothing_played(s)) {
            let kind = ProblemKind::TypedResult(lossy(result));
            self.problems.warn(span, None, kind);
            sink.result(result);
            s.result = Some(result);
            return;
        }
        let mut nag = Vec::with_capacity(digits.len() + 1);
        nag.push(b'$');
        nag.extend_from_slice(digits);
        let kind = ProblemKind::Glyph(lossy(&nag));
        self.problems.warn(span, None, kind);
        if s.tells::<S>() {
            sink.annotation(&nag);
        }
    }

    /// Whether the game stands at the start position with no move nor
    /// result read: a decisive sign there evaluates nothing, it is a
    /// forfeit.
    fn nothing_played(&self, s: &State<'g>) -> bool {
        self.moves == 0
            && s.stack.is_empty()
            && s.result.is_none()
            && s.line.pos.turn() == Color::White
            && *s.line.pos.board() == shakmaty::Board::default()
    }

    /// A move number written that does not fit the line's position: a
    /// warning naming both, and the move after it is read as any other.
    /// One that numbers no move (`3. 6125 68 *`, `1. 52 54`, `5755. 2.`) is
    /// a move mistyped, not a number: an error, and the line is copied as
    /// written from it (dropped as a number, it left no trace).
    fn wrong_number<S: Sink>(
        &mut self,
        s: &mut State<'g>,
        next: &mut usize,
        span: Range<usize>,
        sink: &mut S,
    ) {
        // The start of a result the lexer cut (`0.5-0.5`, `1 : 0`).
        if self.result_at_end(s, next, span.clone(), sink) {
            return;
        }
        let next = *next;
        // `12.` before the result, where a writer stopped, harms nothing,
        // nor `3... 4.`; a number no game reaches (`5755.`) is a move.
        let written = &self.game[span.clone()];
        let dotted = written.ends_with(b".");
        let plausible = core::str::from_utf8(written.trim_ascii_end())
            .ok()
            .map(|n| n.trim_end_matches('.'))
            .and_then(|n| n.parse::<u32>().ok())
            .is_some_and(|n| plausible_number(n, s.line.pos.fullmoves().get()));
        if self.numbers_a_move(next) || (dotted && (plausible || !self.number_follows(next))) {
            self.number_mismatch(&s.line.pos, span);
            return;
        }
        let expected = MoveNumber::from_position(&s.line.pos);
        let kind = ProblemKind::StrayNumber {
            written: lossy(&self.game[span.clone()]),
        };
        self.problems.error(span.clone(), Some(expected), kind);
        s.line.broken = true;
        if s.tells::<S>() {
            let raw = &self.game[span];
            sink.failed(&s.line.pos, raw, raw);
        }
    }

    /// The warning for a move number that does not fit `pos`.
    fn number_mismatch(&mut self, pos: &Chess, span: Range<usize>) {
        let kind = ProblemKind::MoveNumberMismatch {
            written: lossy(&self.game[span.clone()]),
            expected: MoveNumber::from_position(pos),
        };
        self.problems.warn(span, None, kind);
    }

    /// Whether the tokens from `i` on begin with a move, past comments
    /// and annotations.
    fn numbers_a_move(&self, i: usize) -> bool {
        self.next_played(i)
            .is_some_and(|t| matches!(&t.kind, TokenKind::Move(m) if is_move(m)))
    }

    /// Whether the tokens from `i` on begin with a move number, dotted or
    /// bare, past comments and annotations.
    fn number_follows(&self, i: usize) -> bool {
        self.next_played(i).is_some_and(|t| match &t.kind {
            TokenKind::MoveNumber { .. } => true,
            TokenKind::Move(m) => !is_move(m),
            _ => false,
        })
    }

    /// The first token from `i` on that is no comment, annotation or lone
    /// dots (`41. ... Kb2`).
    fn next_played(&self, i: usize) -> Option<&Token<'g>> {
        self.tokens[i.min(self.tokens.len())..].iter().find(|t| {
            !matches!(
                t.kind,
                TokenKind::Comment(_)
                    | TokenKind::LineComment(_)
                    | TokenKind::Escape(_)
                    | TokenKind::Nag(_)
                    | TokenKind::Suffix(_)
                    | TokenKind::MoveNumber { number: b"", .. }
            )
        })
    }

    /// A token of the main line after its result, but a comment, an
    /// escape line, a tag or a result (reported as such): the first is an
    /// error, and the line is copied as written from there.
    fn after_result(&mut self, s: &mut State<'g>, t: &Token<'g>) {
        if s.result.is_none() {
            return;
        }
        let stray = matches!(
            t.kind,
            TokenKind::Move(_)
                | TokenKind::MoveNumber { .. }
                | TokenKind::Suffix(_)
                | TokenKind::Nag(_)
                | TokenKind::VariationStart
                | TokenKind::VariationEnd
                | TokenKind::Error(_)
        );
        if stray && s.result.is_some() && s.stack.is_empty() && !s.line.broken {
            self.problems
                .error(t.span.clone(), None, ProblemKind::AfterResult);
            s.line.broken = true;
        }
    }

    /// A tag pair: in the tag section, or misplaced in the movetext.
    fn tag<S: Sink>(
        &mut self,
        s: &mut State<'g>,
        t: &Token<'g>,
        (name, value, error): (&[u8], TagValue<'g>, Option<LexError>),
        sink: &mut S,
    ) {
        let raw = &self.game[t.span.clone()];
        match error {
            // Read as its writer meant it: the tag section goes on. A
            // value that runs to the line's end without its `]` may hold
            // the movetext (`[Round 3 1. e4 e5 1-0`): an error.
            Some(err)
                if s.in_tags
                    && err.repaired_whole()
                    && (raw.ends_with(b"]") || err == LexError::UnterminatedTag) =>
            {
                self.problems
                    .warn(t.span.clone(), None, ProblemKind::Lex(err));
            }
            Some(err) => self
                .problems
                .error(t.span.clone(), None, ProblemKind::Lex(err)),
            None => {}
        }
        if s.in_tags {
            if name.eq_ignore_ascii_case(b"Result") {
                let written = value.unescaped();
                let written = written.trim_ascii();
                let mut buf = [0; MAX_TYPED_RESULT];
                let word = without_spaces(written, &mut buf).unwrap_or(written);
                let read = canonical_result(word)
                    .or_else(|| forfeit_result(word))
                    .or_else(|| end_result(word));
                s.tag_result = read.map(|r| (r, t.span.clone()));
                if let Some(result) = read.filter(|&r| r != written) {
                    // `[Result "½-½"]`, `[Result "1/2"]`: written as PGN
                    // spells it.
                    let kind = ProblemKind::TypedResult(lossy(result));
                    self.problems.warn(t.span.clone(), None, kind);
                    sink.tag(name, TagValue::new(result));
                    return;
                }
            }
            sink.tag(name, value);
        } else {
            if error.is_none() {
                let kind = ProblemKind::TagInMovetext;
                self.problems.error(t.span.clone(), None, kind);
            }
            sink.misplaced_tag(name, value, raw, error.is_some());
        }
    }

    /// A move token: read and played, or copied on a broken line.
    fn move_token<S: Sink>(
        &mut self,
        s: &mut State<'g>,
        i: &mut usize,
        text: &[u8],
        span: Range<usize>,
        sink: &mut S,
    ) {
        let tells = s.tells::<S>();
        if s.line.broken {
            // As `1/2-1/2` is, on a line copied as written.
            if self.result_at_end(s, i, span.clone(), sink) {
                return;
            }
            if tells {
                let end = self.suffix_end(i, span.end);
                sink.unconverted(&self.game[span.clone()], &self.game[span.start..end]);
            }
            return;
        }
        let (step, span) = match self.read_step(&s.line.pos, text, span.clone()) {
            Ok(step) => (step, span),
            // Checked only when the move is no move: writings the lexer
            // leaves in pieces cost nothing on the way of every move.
            Err(err) => match self.repair(&s.line.pos, i, text, span.clone()) {
                Repaired::Move(step, span) => (step, span),
                Repaired::Number => return,
                _ if self.result_at_end(s, i, span.clone(), sink) => return,
                failed => {
                    // The error where it is; the whole token copied.
                    let (err, at) = match failed {
                        Repaired::Failed(err, at) => (err, at),
                        _ => (err, span.clone()),
                    };
                    let number = MoveNumber::from_position(&s.line.pos);
                    self.problems.error(at, Some(number), err);
                    s.line.broken = true;
                    if tells {
                        let end = self.suffix_end(i, span.end);
                        let with_suffix = &self.game[span.start..end];
                        sink.failed(&s.line.pos, &self.game[span.clone()], with_suffix);
                    }
                    return;
                }
            },
        };
        let needs_number = core::mem::replace(&mut s.need_number, false);
        let end = self.suffix_end(i, span.end);
        let suffix = &self.game[span.end..end];
        let played = |before, check| Played {
            before,
            step,
            check,
            suffix,
            needs_number,
            span: span.clone(),
        };
        let wants_check = tells && sink.wants_check();
        match step {
            // The position before the move is kept only where a variation
            // may start from it or the check mark needs both: a copy a move
            // costs a tenth of a conversion.
            Step::Move(m) if !wants_check && !self.variation_follows(*i) => {
                if tells {
                    sink.played(&played(&s.line.pos, None));
                }
                s.line.before_last = None;
                s.line.pos.play_unchecked(m);
            }
            _ => {
                s.line.advance(step);
                let check = match step {
                    Step::Move(_) if wants_check => check_suffix(&s.line.pos),
                    _ => None,
                };
                if let (true, Some(before)) = (tells, &s.line.before_last) {
                    sink.played(&played(before, check));
                }
            }
        }
    }

    /// A result written as PGN does not write one (`1/2` or `½` alone,
    /// `1:0`, `½:½`, `0,5-0,5`: [`end_result`]), or cut in pieces by the
    /// lexer (`0,5-0,5` at its commas, `0.5-0.5` after the move number
    /// `0.`, `1 - 0` at its spaces), as the last of the main line from the
    /// token at `span` on, with no result before it: read as PGN's result,
    /// with a warning, and true, `i` then past its tokens. The bytes of the
    /// tokens up to [`MAX_TYPED_RESULT`] bytes from here are read, spaces
    /// left out. It is no result the splitter ends a game at (a `/` and a
    /// `:` in every game's scan would cost all of them), so anywhere else
    /// it stays the move it cannot be.
    #[cold]
    fn result_at_end<S: Sink>(
        &mut self,
        s: &mut State<'g>,
        i: &mut usize,
        span: Range<usize>,
        sink: &mut S,
    ) -> bool {
        if !(s.stack.is_empty() && s.result.is_none()) {
            return false;
        }
        let rest = &self.tokens[(*i).min(self.tokens.len())..];
        // Every move and bare number of a broken line comes here: the
        // bytes first, the rest of the game only for a result.
        let pieces = rest
            .iter()
            .take_while(|t| !is_aside(t) && t.span.end - span.start <= MAX_TYPED_RESULT)
            .count();
        let end = pieces.checked_sub(1).map_or(span.end, |k| rest[k].span.end);
        let mut buf = [0; MAX_TYPED_RESULT];
        let Some(result) = without_spaces(&self.game[span.start..end], &mut buf)
            .and_then(|text| canonical_result(text).or_else(|| end_result(text)))
        else {
            return false;
        };
        if !rest[pieces..].iter().all(is_aside) {
            return false;
        }
        let kind = ProblemKind::TypedResult(lossy(result));
        self.problems.warn(span.start..end, None, kind);
        sink.result(result);
        s.result = Some(result);
        *i += pieces;
        true
    }

    /// A `(`: a variation starts, unless it only holds an en passant mark
    /// (`exd6 (e.p.)`, as print often has it), which is dropped as a bare
    /// mark is, brackets and all, on a line that is read.
    fn variation_start<S: Sink>(
        &mut self,
        s: &mut State<'g>,
        i: &mut usize,
        span: Range<usize>,
        sink: &mut S,
    ) {
        if let [mark, close] = self.tokens.get(*i..*i + 2).unwrap_or_default()
            && matches!(mark.kind, TokenKind::Move(m) if is_en_passant_mark(m))
            && close.kind == TokenKind::VariationEnd
            && !s.line.broken
        {
            *i += 2;
            return;
        }
        if self.scope == Scope::MainLine {
            s.skipping = 1;
            return;
        }
        let parent = s.line.clone();
        s.line = match &parent.before_last {
            Some(pos) => Line::new(pos.clone(), parent.broken),
            None => {
                if !parent.broken {
                    self.problems
                        .error(span, None, ProblemKind::VariationBeforeMove);
                }
                Line::new(parent.pos.clone(), true)
            }
        };
        s.stack.push(parent);
        if s.tells::<S>() {
            sink.variation_start();
        }
        s.need_number = true;
    }

    fn variation_end<S: Sink>(
        &mut self,
        s: &mut State<'g>,
        span: Range<usize>,
        raw: &[u8],
        sink: &mut S,
    ) {
        if s.tells::<S>() && !s.stack.is_empty() {
            sink.variation_end();
        }
        match s.stack.pop() {
            Some(parent) => {
                s.line = parent;
                s.need_number = true;
            }
            None => {
                let kind = ProblemKind::UnmatchedVariationEnd;
                self.problems.error(span, None, kind);
                sink.stray_variation_end(raw);
            }
        }
    }

    /// Ends the tags if no other token did, closes open variations and
    /// ends the game: with its result, else that of its `Result` tag if it
    /// has no moves, else `*` and a warning.
    fn finish<S: Sink>(&mut self, s: &mut State<'g>, sink: &mut S) {
        // The tag section ends at the first token that is no tag nor `%`
        // line: the movetext.
        let movetext = !s.in_tags;
        if s.in_tags {
            self.end_tags(s, sink);
        }
        let end = self.game.len()..self.game.len();
        if !s.stack.is_empty() {
            let kind = ProblemKind::UnclosedVariations(s.stack.len());
            self.problems.error(end.clone(), None, kind);
            while !s.stack.is_empty() {
                if s.tells::<S>() {
                    sink.variation_end();
                }
                s.stack.pop();
            }
        }
        let tag = s.tag_result.take();
        let result = match (s.result, tag) {
            (Some(result), Some((tag, at))) if result != tag && self.scope == Scope::Game => {
                self.result_tag_differs(tag, result, at);
                result
            }
            (Some(result), _) => result,
            (None, Some((tag, _))) if !movetext => tag,
            (None, tag) => {
                let result = tag.map_or(&b"*"[..], |(tag, _)| tag);
                if self.scope == Scope::Game {
                    let written = lossy(result);
                    self.problems
                        .warn(end, None, ProblemKind::NoResult(written));
                }
                result
            }
        };
        sink.end_game(&Ending {
            written: s.result.is_some(),
            result,
        });
    }

    /// The warning for a `Result` tag (at `at`) that says another result
    /// than the movetext: out of the way of [`Walk::finish`], which every
    /// game runs.
    #[cold]
    #[inline(never)]
    fn result_tag_differs(&mut self, tag: &[u8], movetext: &[u8], at: Range<usize>) {
        // Both as PGN spells them, ASCII: a problem's kind stays small, as
        // every move's reading returns one.
        let spelled = |r: &[u8]| {
            canonical_result(r)
                .and_then(|r| core::str::from_utf8(r).ok())
                .unwrap_or("?")
        };
        let kind = ProblemKind::ResultTagDiffers {
            tag: spelled(tag),
            movetext: spelled(movetext),
        };
        self.problems.warn(at, None, kind);
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

    /// Whether `digits`, ending at `end`, have a sign glued on (token
    /// `i`): digits with a check or mate sign (`2#`, `21+`) are no move
    /// number but a move cut short, read to say so (taken as a number,
    /// they were dropped and the sign written alone, which did not read
    /// back). An `e.p.` mark with one (`e.p.!`) stays a mark.
    fn digits_with_sign(&self, digits: &[u8], i: usize, end: usize) -> bool {
        digits[0].is_ascii_digit()
            && matches!(
                self.tokens.get(i),
                Some(Token { kind: TokenKind::Suffix(_), span }) if span.start == end
            )
    }

    /// Whether a `(` comes after token `i` before the next move (not an
    /// `e.p.` mark or a bare number): the only
    /// place a variation can start from the position before the move just
    /// played.
    fn variation_follows(&self, i: usize) -> bool {
        self.has_variations
            && self.tokens[i.min(self.tokens.len())..]
                .iter()
                .take_while(|t| !matches!(t.kind, TokenKind::Move(m) if is_move(m)))
                .any(|t| t.kind == TokenKind::VariationStart)
    }

    /// Reads one move in `pos`, counting it, with its warning recorded;
    /// the error when it cannot be read or played.
    #[inline(always)]
    fn read_step(
        &mut self,
        pos: &Chess,
        text: &[u8],
        span: Range<usize>,
    ) -> Result<Step, ProblemKind> {
        if is_null_move(text) {
            return match pass_turn(pos) {
                Some(_) => Ok(Step::Null),
                None => Err(ProblemKind::NullMoveInCheck),
            };
        }
        match read_move_in(text, pos, self.lang) {
            Ok(read) => {
                if let Some(warning) = read.warning {
                    let kind = ProblemKind::LegacyPromotion(warning);
                    self.problems
                        .warn(span, Some(MoveNumber::from_position(pos)), kind);
                }
                self.moves += 1;
                Ok(Step::Move(read.m))
            }
            Err(err) => Err(ProblemKind::Move(err)),
        }
    }

    /// Move `text` at `span`, which cannot be read, as people also write
    /// it: with its promotion piece in parentheses (`e8(Q)`, lexed as `e8`
    /// and a variation `(Q)`, which `i` then steps past), or after Black's
    /// move number written with an ellipsis (`12…Nc6`, `12…`, `…`).
    #[cold]
    #[inline(never)]
    fn repair(&mut self, pos: &Chess, i: &mut usize, text: &[u8], span: Range<usize>) -> Repaired {
        const ELLIPSIS: &[u8] = "\u{2026}".as_bytes();
        if let Some(at) = text.windows(ELLIPSIS.len()).position(|w| w == ELLIPSIS) {
            let (number, rest) = (&text[..at], &text[at + ELLIPSIS.len()..]);
            if !number.iter().all(u8::is_ascii_digit) {
                return Repaired::Not;
            }
            let dots_end = span.start + at + ELLIPSIS.len();
            if !number.is_empty() && !MoveNumber::from_position(pos).matches(number, 3) {
                self.number_mismatch(pos, span.start..dots_end);
            }
            if rest.is_empty() {
                return Repaired::Number;
            }
            // The number read, what follows it is the move, right or wrong.
            let rest_span = dots_end..span.end;
            return match self.read_step(pos, rest, rest_span.clone()) {
                Ok(step) => Repaired::Move(step, rest_span),
                Err(err) => Repaired::Failed(err, rest_span),
            };
        }
        let parts = self.tokens.get(*i..*i + 3).unwrap_or_default();
        let [open, piece, close] = parts else {
            return Repaired::Not;
        };
        let piece_text = &self.game[piece.span.clone()];
        let adjacent = open.span.start == span.end
            && piece.span.start == open.span.end
            && close.span.start == piece.span.end;
        let one_letter = core::str::from_utf8(piece_text).is_ok_and(|p| p.chars().count() == 1);
        if !(adjacent
            && one_letter
            && open.kind == TokenKind::VariationStart
            && close.kind == TokenKind::VariationEnd)
        {
            return Repaired::Not;
        }
        // A check or mate sign after the `)` is the move's, as in `e8=Q+`.
        let sign = self.tokens.get(*i + 3).filter(|t| {
            t.span.start == close.span.end
                && matches!(t.kind, TokenKind::Move(m) if m.iter().all(|&b| matches!(b, b'+' | b'#')))
        });
        let whole = span.start..sign.map_or(close.span.end, |t| t.span.end);
        match self.read_step(pos, &self.game[whole.clone()], whole.clone()) {
            Ok(step) => {
                *i += 3 + usize::from(sign.is_some());
                Repaired::Move(step, whole)
            }
            Err(_) => Repaired::Not,
        }
    }
}

/// What a move that could not be read was after all.
enum Repaired {
    /// A move written another way, and where it is.
    Move(Step, Range<usize>),
    /// A move number alone.
    Number,
    /// Nothing: the move's error stands.
    Not,
    /// A move written another way that cannot be read either: its error,
    /// and where it is.
    Failed(ProblemKind, Range<usize>),
}

/// Whether `t` is a `{}` or `;` comment.
fn is_comment(t: &Token<'_>) -> bool {
    matches!(t.kind, TokenKind::Comment(_) | TokenKind::LineComment(_))
}

/// Whether `t` is a comment or a `%` escape line: no part of the play.
#[inline]
fn is_aside(t: &Token<'_>) -> bool {
    is_comment(t) || matches!(t.kind, TokenKind::Escape(_))
}

/// Whether bare digits `n` written where move `fullmoves` is next can be a
/// wrong move number rather than a numeric move cut short: a number near
/// the game's own (placeholder and shifted numbers stay close), never one
/// of the three digits a cut-short move has past the game's length.
fn plausible_number(n: u32, fullmoves: u32) -> bool {
    n > 0 && n <= fullmoves.saturating_add(100)
}

/// The position after the side to move passes (a null move), if passing
/// is legal: when the position with the other side to move is. The move
/// number goes on after Black's pass as after any black move.
pub(crate) fn pass_turn(pos: &Chess) -> Option<Chess> {
    let mode = pos.castles().mode();
    let mut setup = pos.to_setup(EnPassantMode::Always);
    if setup.turn == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.halfmoves = setup.halfmoves.saturating_add(1);
    setup.swap_turn();
    Chess::from_setup(setup, mode).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn null_move_by_black_advances_the_move_number() {
        let pos = Chess::default();
        let mut line = Line::new(pos, false);
        line.advance(Step::Null);
        line.advance(Step::Null);
        assert_eq!(MoveNumber::from_position(&line.pos).to_string(), "2.");
    }
}
