//! Which language a game's algebraic moves are written in.
//!
//! The same letter means different pieces in different languages (`R` is
//! a rook in English, a knight in Finnish, a king in French), so a game is
//! read in the language under which its whole main line is legal:
//!
//! ```text
//!   move tokens ──▶ GameLetters (while lexing) ──▶ candidate languages
//!        ──▶ one letter group?  yes ─▶ that language, certain
//!                               no  ─▶ read the main line in each group
//!                                      ──▶ the legal readings agree? ─▶ the first
//!                                      ──▶ they differ ─▶ the one the games around
//!                                          it are written in (a warning), else an
//!                                          error naming them all
//! ```
//!
//! The games around one are asked for only when a game needs them, through
//! `Choose::hint`; which games those are is the rule of [`Neighbours`].

use core::ops::Range;
use std::collections::VecDeque;

use iccf::MoveNumber;
use iccf::lang::{GameLetters, Lang, LangSet, letter_groups, same_letters};
use iccf::token::{is_castling, is_move, is_null_move};
use shakmaty::Chess;

use crate::convert::Report;
use crate::lexer::{Token, TokenKind};
use crate::problem::{AmbiguousLanguage, ProblemKind, Problems, Severity};
use crate::sink::{Played, Sink};
use crate::walk::{Scope, Step, Walk};

/// The language chosen for a game.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Choice {
    /// The language moves are read in.
    pub lang: Lang,
    /// Its letter group: the languages that read the game alike.
    pub langs: LangSet,
    /// Whether the piece letters alone named the group.
    pub certain: bool,
}

/// What choosing a game's language needs.
pub(crate) struct Choose<'g, 't, 'h> {
    pub game: &'g [u8],
    pub tokens: &'t [Token<'g>],
    pub start: &'t Chess,
    /// The piece letters of the game's move tokens.
    pub letters: GameLetters,
    /// The language of the games around this one, asked only when several
    /// languages read it.
    pub hint: &'h mut dyn FnMut() -> LangSet,
}

impl Choose<'_, '_, '_> {
    /// Decides the language, recording an ambiguity in `problems`. A game
    /// no language reads gets English, whose errors say why.
    pub(crate) fn choose(&mut self, problems: &mut Problems<'_>) -> Choice {
        let candidates = self.letters.langs();
        let english = Choice {
            lang: Lang::En,
            langs: same_letters(Lang::En),
            certain: false,
        };
        // Nearly every game: the languages left all share their letters,
        // one group, found without listing the groups.
        if let Some(lang) = candidates.first()
            && candidates & same_letters(lang) == candidates
        {
            return Choice {
                lang,
                langs: candidates,
                certain: true,
            };
        }
        let groups = letter_groups(candidates);
        let Some(&first) = groups.first() else {
            return english;
        };
        if self.language_free() {
            // Every group reads it alike: one reading tells them all.
            let chosen = match self.trial(first.first().unwrap_or(Lang::En)).legal {
                true if groups.len() > 1 => {
                    let hint = (self.hint)();
                    let hinted = groups.iter().find(|group| !(**group & hint).is_empty());
                    *hinted.unwrap_or(&first)
                }
                _ => first,
            };
            return Choice {
                lang: chosen.first().unwrap_or(Lang::En),
                langs: chosen,
                certain: false,
            };
        }
        // Read the main line in each group; keep those that read it all.
        let mut legal: Vec<(LangSet, Trial)> = Vec::new();
        let mut furthest = (0, first);
        for group in groups {
            let trial = self.trial(group.first().unwrap_or(Lang::En));
            if trial.legal {
                legal.push((group, trial));
            } else if trial.moves.len() > furthest.0 {
                furthest = (trial.moves.len(), group);
            }
        }
        // Readings that agree with the games around this one come first;
        // they are asked for only when there is a choice.
        let hint = match legal.len() {
            0 | 1 => LangSet::EMPTY,
            _ => (self.hint)(),
        };
        legal.sort_by_key(|(group, _)| (*group & hint).is_empty());
        let chosen = legal.first().map_or(furthest.1, |(group, _)| *group);
        let lang = chosen.first().unwrap_or(Lang::En);
        if let Some((severity, span, label, ambiguity)) = differ(&legal, lang, hint) {
            let kind = ProblemKind::AmbiguousLanguage(ambiguity);
            problems.add(severity, span, Some(label), kind);
        }
        Choice {
            lang,
            langs: chosen,
            certain: false,
        }
    }

    /// Whether every move token reads alike in every language: pawn moves
    /// without a promotion letter, numeric, UCI, castling and null moves.
    fn language_free(&self) -> bool {
        self.tokens.iter().all(|t| match t.kind {
            TokenKind::Move(text) => !is_move(text) || reads_alike(text),
            _ => true,
        })
    }

    /// Reads the main line in `lang`.
    fn trial(&self, lang: Lang) -> Trial {
        let mut problems = Problems::new(self.game, Default::default());
        let mut trial = Trial::default();
        Walk {
            game: self.game,
            tokens: self.tokens,
            lang,
            scope: Scope::MainLine,
            has_variations: false,
            problems: &mut problems,
            moves: 0,
        }
        .run(Some(self.start.clone()), &mut trial);
        trial.legal = !problems.errors.iter().any(|p| {
            matches!(
                p.kind,
                ProblemKind::Move(_) | ProblemKind::NullMoveInCheck | ProblemKind::Lex(_)
            )
        });
        trial
    }
}

/// How many games, counting the one that asks, the rule of [`Neighbours`]
/// looks ahead at the start of an input.
pub const LOOKAHEAD: usize = 64;

/// What the language rule needs to know of a converted game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameHint {
    /// The game's language group, if its piece letters alone named it.
    pub certain: Option<LangSet>,
    /// The hint the game asked for and was given, if it asked.
    pub asked: Option<LangSet>,
}

impl GameHint {
    /// What `report` says of the game's language.
    pub fn of(report: &Report) -> GameHint {
        GameHint {
            certain: report.langs_certain.then_some(report.langs),
            asked: report.hint_asked,
        }
    }
}

/// Whether a game stands as converted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It asked for no hint, or was given the right one.
    Keep,
    /// It must be converted again with this hint.
    Redo(LangSet),
}

/// The rule for the language of the games around an ambiguous game,
/// applied to the games of one input in order, however they were cut into
/// batches or spread over threads.
///
/// A game that reads legally with different moves in several languages
/// takes the language of the nearest game before it whose piece letters
/// alone name one; at the start of an input, before any such game, that
/// of the first such game among the next [`LOOKAHEAD`] games.
///
/// Games are converted with a guess ([`Neighbours::guess`]: the last
/// certain language pushed), pushed in input order, and popped in the same
/// order once the rule can judge them, with a verdict.
///
/// ```
/// use iccf::lang::{Lang, LangSet};
/// use iccf_pgn::language::{GameHint, Neighbours, Verdict};
///
/// let german = LangSet::from(Lang::De);
/// let mut rule = Neighbours::default();
/// // An ambiguous game first: converted with no hint, it waits.
/// rule.push(GameHint { certain: None, asked: Some(LangSet::EMPTY) }, "first");
/// assert_eq!(rule.pop(), None);
/// rule.push(GameHint { certain: Some(german), asked: None }, "second");
/// assert_eq!(rule.pop(), Some(("first", Verdict::Redo(german))));
/// assert_eq!(rule.pop(), Some(("second", Verdict::Keep)));
/// assert_eq!(rule.guess(), german);
/// ```
#[derive(Debug)]
pub struct Neighbours<T> {
    /// The language of the last certain game popped.
    last_certain: Option<LangSet>,
    /// The language of the last certain game pushed.
    guess: LangSet,
    held: VecDeque<(GameHint, T)>,
    finished: bool,
}

impl<T> Default for Neighbours<T> {
    fn default() -> Neighbours<T> {
        Neighbours {
            last_certain: None,
            guess: LangSet::EMPTY,
            held: VecDeque::new(),
            finished: false,
        }
    }
}

impl<T> Neighbours<T> {
    /// The hint to convert the next game with: right unless no certain
    /// game came before it.
    pub fn guess(&self) -> LangSet {
        self.guess
    }

    /// The next game of the input, converted.
    pub fn push(&mut self, game: GameHint, item: T) {
        if let Some(langs) = game.certain {
            self.guess = langs;
        }
        self.held.push_back((game, item));
    }

    /// No more games: the lookahead stops at the end of the input.
    pub fn finish(&mut self) {
        self.finished = true;
    }

    /// The oldest game with its verdict, once the rule can judge it.
    pub fn pop(&mut self) -> Option<(T, Verdict)> {
        let (game, _) = self.held.front()?;
        let verdict = match game.asked {
            None => Verdict::Keep,
            Some(asked) => {
                let right = match self.last_certain {
                    Some(langs) => langs,
                    None => self.lookahead()?,
                };
                if right == asked {
                    Verdict::Keep
                } else {
                    Verdict::Redo(right)
                }
            }
        };
        let (game, item) = self.held.pop_front()?;
        if let Some(langs) = game.certain {
            self.last_certain = Some(langs);
        }
        Some((item, verdict))
    }

    /// The first certain language among the held games after the oldest,
    /// within [`LOOKAHEAD`] games; `None` until that is known.
    fn lookahead(&self) -> Option<LangSet> {
        let window = self.held.iter().skip(1).take(LOOKAHEAD - 1);
        if let Some(langs) = window.clone().find_map(|(g, _)| g.certain) {
            return Some(langs);
        }
        (self.finished || self.held.len() >= LOOKAHEAD).then_some(LangSet::EMPTY)
    }
}

/// Whether a move token means the same in every language: it has no
/// letter that could be a piece's (see [`Choose::language_free`]).
fn reads_alike(text: &[u8]) -> bool {
    let body = text.strip_suffix(b"#").unwrap_or(text);
    let body = body.strip_suffix(b"+").unwrap_or(body);
    let file = |b: &u8| (b'a'..=b'h').contains(b);
    let rank = |b: &u8| (b'1'..=b'8').contains(b);
    match body {
        [f, r] if file(f) && rank(r) => true,
        [p, b'x' | b':', f, r] if file(p) && file(f) && rank(r) => true,
        [f1, r1, f2, r2] if file(f1) && rank(r1) && file(f2) && rank(r2) => true,
        _ => {
            is_null_move(text)
                || is_castling(text)
                || (!body.is_empty() && body.iter().all(|b| b.is_ascii_digit() || *b == b'-'))
        }
    }
}

/// Where the legal readings of a game part, if they do: the problem to
/// record there.
fn differ(
    legal: &[(LangSet, Trial)],
    read_as: Lang,
    hint: LangSet,
) -> Option<(Severity, Range<usize>, MoveNumber, AmbiguousLanguage)> {
    let (_, reference) = legal.first()?;
    let ply = legal[1..]
        .iter()
        .filter_map(|(_, other)| {
            (0..reference.moves.len()).find(|&i| reference.moves[i].1 != other.moves[i].1)
        })
        .min()?;
    let (label, _, span) = reference.moves[ply].clone();
    let hinted = legal
        .iter()
        .filter(|(group, _)| !(*group & hint).is_empty());
    let by_neighbours = hinted.count() == 1;
    let severity = if by_neighbours {
        Severity::Warning
    } else {
        Severity::Error
    };
    let ambiguity = AmbiguousLanguage {
        legal: legal
            .iter()
            .map(|(group, _)| group.first().unwrap_or(Lang::En))
            .collect(),
        read_as,
        by_neighbours,
    };
    Some((severity, span, label, ambiguity))
}

/// The main line of a game read in one language.
#[derive(Debug, Default)]
struct Trial {
    /// Each move read: its number, the move, where it is written.
    moves: Vec<(MoveNumber, Step, Range<usize>)>,
    /// Whether every move was read.
    legal: bool,
}

impl Sink for Trial {
    const VARIATIONS: bool = false;

    fn wants_check(&self) -> bool {
        false
    }

    fn played(&mut self, m: &Played<'_>) {
        self.moves
            .push((MoveNumber::from_position(m.before), m.step, m.span.clone()));
    }
}

/// Whether no move token of `game` can hold an ASCII capital or a
/// non-ASCII byte, checked without lexing: every line is either a plain tag
/// pair `[Name "value"]` (one token, never a move) or has only lower-case
/// ASCII and none of the bytes that open a comment, tag, string or escape,
/// so that the lexer starts every line afresh. `false` when unsure.
pub(crate) fn letterless_moves(game: &[u8]) -> bool {
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
/// texts of a game's move tokens). Pawn letters (`Pe4`) are not SAN in any
/// language, though they are read: a language that needs them to read a
/// game only counts when no language reads it with piece letters alone.
pub(crate) fn candidate_langs_of<'a>(moves: impl Iterator<Item = &'a [u8]>) -> LangSet {
    let mut letters = GameLetters::default();
    moves.for_each(|text| letters.add(text));
    letters.langs()
}

/// The language group a game's piece letters name, if they name just one.
pub(crate) fn named_language(game: &[u8]) -> Option<LangSet> {
    // Numeric games have no letters in their moves: skip lexing them, the
    // answer is that of a game without moves.
    let langs = if letterless_moves(game) {
        candidate_langs_of(core::iter::empty())
    } else {
        candidate_langs_of(crate::lexer::Lexer::new(game).filter_map(|t| match t.kind {
            crate::lexer::TokenKind::Move(text) => Some(text),
            _ => None,
        }))
    };
    // One letter group: `letter_groups(langs)` would be `[langs]`.
    let first = langs.first()?;
    (langs & same_letters(first) == langs).then_some(langs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexer::{Lexer, TokenKind};

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

    /// The verdicts of the rule, computed over the whole input at once.
    fn by_the_rule(games: &[GameHint]) -> Vec<Verdict> {
        let mut last = None;
        let mut verdicts = Vec::new();
        for (i, g) in games.iter().enumerate() {
            let right = last.or_else(|| {
                let window = games[i + 1..].iter().take(LOOKAHEAD - 1);
                Some(
                    window
                        .clone()
                        .find_map(|g| g.certain)
                        .unwrap_or(LangSet::EMPTY),
                )
            });
            verdicts.push(match (g.asked, right) {
                (Some(asked), Some(right)) if asked != right => Verdict::Redo(right),
                _ => Verdict::Keep,
            });
            last = g.certain.or(last);
        }
        verdicts
    }

    #[test]
    fn neighbours_judge_as_the_rule_however_far_the_certain_games_are() {
        let de = LangSet::from(Lang::De);
        let fi = LangSet::from(Lang::Fi);
        let ambiguous = |asked| GameHint {
            certain: None,
            asked: Some(asked),
        };
        let certain = |langs| GameHint {
            certain: Some(langs),
            asked: None,
        };
        // Ambiguous games before, between and after certain ones, with the
        // certain games near and beyond the lookahead.
        for gap in [0, 1, 62, 63, 64, 65, 130] {
            let mut games = vec![ambiguous(LangSet::EMPTY); gap];
            games.push(certain(de));
            games.extend([ambiguous(de), ambiguous(LangSet::EMPTY), certain(fi)]);
            games.extend(vec![ambiguous(de); gap]);
            let mut rule = Neighbours::default();
            let mut verdicts = Vec::new();
            for (i, g) in games.iter().enumerate() {
                rule.push(*g, i);
                while let Some((j, verdict)) = rule.pop() {
                    assert_eq!(j, verdicts.len(), "in order");
                    verdicts.push(verdict);
                }
            }
            rule.finish();
            verdicts.extend(core::iter::from_fn(|| rule.pop()).map(|(_, v)| v));
            assert_eq!(verdicts, by_the_rule(&games), "gap {gap}");
        }
    }

    #[test]
    fn only_letterless_moves_read_alike() {
        for alike in [
            "e4", "exd5", "e:d5", "e4+", "5254", "57581", "e2e4", "O-O", "0-0-0", "--",
        ] {
            assert!(reads_alike(alike.as_bytes()), "{alike}");
        }
        // Piece letters, promotion letters (`q` reads only in English),
        // bishops that look like files.
        for letters in [
            "Nf3",
            "Bxd5",
            "e8=Q",
            "e8=q",
            "e8q",
            "bxa8=D",
            "Lb5",
            "\u{2658}f3",
        ] {
            assert!(!reads_alike(letters.as_bytes()), "{letters}");
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
}
