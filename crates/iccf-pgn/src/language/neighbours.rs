//! The rule for the language of the games around an ambiguous game.

use std::collections::VecDeque;

use iccf::lang::LangSet;

use crate::convert::Report;

/// How many games, counting the one that asks, the rule of [`Neighbours`]
/// looks ahead at the start of an input.
pub const LOOKAHEAD: usize = 64;

/// The bytes of games (their text and output) the rule of [`Neighbours`]
/// holds while it looks ahead: neighbouring games are hints, not buffers.
/// Past it the lookahead ends early, as at [`LOOKAHEAD`] games, so that 64
/// games with a 60 MB comment each are not all held at once.
pub const LOOKAHEAD_BYTES: usize = 64 << 20;

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
/// of the first such game among the next [`LOOKAHEAD`] games, or fewer
/// when the games held reach [`LOOKAHEAD_BYTES`] ([`Neighbours::push_sized`])
/// or a live input pauses ([`Neighbours::pause`]: its games are written
/// then, so a pipe that stalls may judge them on fewer games than a file).
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
    /// The games held, each with its size in bytes.
    held: VecDeque<(GameHint, T, usize)>,
    /// The sum of the sizes held.
    held_bytes: usize,
    finished: bool,
    /// How many of the games held, from the oldest, are judged without
    /// waiting for games after them (the input paused after them).
    settled: usize,
}

impl<T> Default for Neighbours<T> {
    fn default() -> Neighbours<T> {
        Neighbours {
            last_certain: None,
            guess: LangSet::EMPTY,
            held: VecDeque::new(),
            held_bytes: 0,
            finished: false,
            settled: 0,
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
        self.push_sized(game, item, 0);
    }

    /// The next game of the input, converted, holding `bytes` (its text
    /// and output) while it waits: the lookahead ends when the games held
    /// reach [`LOOKAHEAD_BYTES`].
    ///
    /// ```
    /// use iccf::lang::LangSet;
    /// use iccf_pgn::language::{GameHint, LOOKAHEAD_BYTES, Neighbours, Verdict};
    ///
    /// let ambiguous = GameHint { certain: None, asked: Some(LangSet::EMPTY) };
    /// let mut rule = Neighbours::default();
    /// rule.push_sized(ambiguous, "small", 100);
    /// assert_eq!(rule.pop(), None); // waits for a certain game
    /// rule.push_sized(ambiguous, "huge", LOOKAHEAD_BYTES);
    /// assert_eq!(rule.pop(), Some(("small", Verdict::Keep))); // no longer
    /// ```
    pub fn push_sized(&mut self, game: GameHint, item: T, bytes: usize) {
        if let Some(langs) = game.certain {
            self.guess = langs;
        }
        self.held_bytes += bytes;
        self.held.push_back((game, item, bytes));
    }

    /// No more games: the lookahead stops at the end of the input.
    pub fn finish(&mut self) {
        self.finished = true;
    }

    /// The input pauses (a live stream): the games held now are judged on
    /// the games there are, as at the end of the input, rather than wait
    /// for games that may be long in coming; the games after go on under
    /// the rule.
    ///
    /// ```
    /// use iccf::lang::LangSet;
    /// use iccf_pgn::language::{GameHint, Neighbours, Verdict};
    ///
    /// let ambiguous = GameHint { certain: None, asked: Some(LangSet::EMPTY) };
    /// let mut rule = Neighbours::default();
    /// rule.push(ambiguous, "first");
    /// assert_eq!(rule.pop(), None); // waits for a certain game
    /// rule.pause();
    /// assert_eq!(rule.pop(), Some(("first", Verdict::Keep)));
    /// ```
    pub fn pause(&mut self) {
        self.settled = self.held.len();
    }

    /// The oldest game with its verdict, once the rule can judge it.
    pub fn pop(&mut self) -> Option<(T, Verdict)> {
        let (game, _, _) = self.held.front()?;
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
        let (game, item, bytes) = self.held.pop_front()?;
        self.held_bytes -= bytes;
        self.settled = self.settled.saturating_sub(1);
        if let Some(langs) = game.certain {
            self.last_certain = Some(langs);
        }
        Some((item, verdict))
    }

    /// The first certain language among the held games after the oldest,
    /// within [`LOOKAHEAD`] games; `None` until that is known.
    fn lookahead(&self) -> Option<LangSet> {
        let window = self.held.iter().skip(1).take(LOOKAHEAD - 1);
        if let Some(langs) = window.clone().find_map(|(g, _, _)| g.certain) {
            return Some(langs);
        }
        let full = self.held.len() >= LOOKAHEAD || self.held_bytes >= LOOKAHEAD_BYTES;
        (self.finished || full || self.settled > 0).then_some(LangSet::EMPTY)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use iccf::lang::Lang;

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
}
