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

use iccf::MoveNumber;
use iccf::lang::{GameLetters, Lang, LangSet, letter_groups, same_letters};
use iccf::token::{is_castling, is_move, is_null_move};
use shakmaty::Chess;

use crate::lexer::{Token, TokenKind};

mod letterless;
mod neighbours;

use crate::problem::{AmbiguousLanguage, ProblemKind, Problems, Severity};
use crate::sink::{Played, Sink};
use crate::walk::{Scope, Step, Walk};
use letterless::letterless_moves;
pub use neighbours::{GameHint, LOOKAHEAD, LOOKAHEAD_BYTES, Neighbours, Verdict};

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
    /// The game's bytes.
    pub game: &'g [u8],
    /// Its tokens.
    pub tokens: &'t [Token<'g>],
    /// The position it starts from.
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
        let every = self.letters.langs();
        // No language has every letter (a typo, an English letter in a
        // German game): those with the most are read, the one that goes
        // furthest kept, and none is certain.
        let candidates = match every.is_empty() {
            true => self.letters.nearest_langs(),
            false => every,
        };
        let english = Choice {
            lang: Lang::En,
            langs: same_letters(Lang::En),
            certain: false,
        };
        // Nearly every game: the languages left all share their letters.
        if let Some(lang) = one_group(candidates) {
            return Choice {
                lang,
                langs: candidates,
                certain: !every.is_empty(),
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
            } else if trial.moves.len() > furthest.0
                || (trial.moves.len() == furthest.0 && group.contains(Lang::En))
            {
                // As far in English: PGN's own letters, whose errors say why.
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
        // PGN's SAN is English: when English reads the game and the games
        // around it point nowhere else, it is read so, with nothing to say.
        let english = legal.iter().find(|(group, _)| group.contains(Lang::En));
        if let Some((group, _)) = english
            && (hint.is_empty() || hint.contains(Lang::En))
        {
            return Choice {
                lang: Lang::En,
                langs: *group,
                certain: false,
            };
        }
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
            let plies = reference.moves.iter().zip(&other.moves);
            plies.map(|(a, b)| a.1 != b.1).position(|differ| differ)
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

/// Languages whose letters can read every algebraic move of `moves` (the
/// texts of a game's move tokens). Pawn letters (`Pe4`) are not SAN in any
/// language, though they are read: a language that needs them to read a
/// game only counts when no language reads it with piece letters alone.
pub(crate) fn candidate_langs_of<'a>(moves: impl Iterator<Item = &'a [u8]>) -> LangSet {
    let mut letters = GameLetters::default();
    moves.for_each(|text| letters.add(text));
    letters.langs()
}

/// [`candidate_langs_of`] the move tokens of `game`, lexed.
pub(crate) fn lexed_langs(game: &[u8]) -> LangSet {
    candidate_langs_of(crate::lexer::Lexer::new(game).filter_map(|t| match t.kind {
        TokenKind::Move(text) => Some(text),
        _ => None,
    }))
}

/// The language group a game's piece letters name, if they name just one.
pub(crate) fn named_language(game: &[u8]) -> Option<LangSet> {
    // Numeric games have no letters in their moves: skip lexing them, the
    // answer is that of a game without moves.
    let langs = if letterless_moves(game) {
        candidate_langs_of(core::iter::empty())
    } else {
        lexed_langs(game)
    };
    one_group(langs).map(|_| langs)
}

/// The first language of `langs` if they all share their letters (one
/// letter group, found without listing the groups), else `None`.
fn one_group(langs: LangSet) -> Option<Lang> {
    let first = langs.first()?;
    (langs & same_letters(first) == langs).then_some(first)
}

#[cfg(test)]
mod tests {
    use super::*;

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
