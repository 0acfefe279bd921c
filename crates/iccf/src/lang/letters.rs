//! Which languages the piece letters of a text can be: the one index of the
//! letter table, the groups of languages that share all five letters, and
//! [`GameLetters`], which gathers the letters of a game token by token.
//!
//! ```text
//! table (LANGS) ──▶ letter_langs ──▶ localized::candidate_langs (one token, any script)
//!                        │                        │
//!                        └──▶ ASCII tables ──▶ GameLetters::add (every move token of a game)
//!                                                  │
//!                                                  ▼
//!                           GameLetters::langs ──▶ letter_groups / same_letters
//! ```
//!
//! The letters only narrow the languages down; which of those the game is
//! legal in is for the caller to find by replaying it.

use std::sync::OnceLock;

use shakmaty::Role;

use super::{Lang, LangSet};
use crate::Notation;
use crate::localized::candidate_langs;
use crate::read::guess_notation;
use crate::token::{is_castling, is_move, is_null_move};

/// For each string that is a letter somewhere: the languages that read it
/// as a piece, and those that read it as a pawn.
fn letter_index() -> &'static [(&'static str, LangSet, LangSet)] {
    static INDEX: OnceLock<Vec<(&'static str, LangSet, LangSet)>> = OnceLock::new();
    INDEX.get_or_init(|| {
        // `role_from_letter` and `is_pawn_letter` read nothing else.
        let mut letters: Vec<&'static str> = vec!["P", "S"];
        for lang in Lang::all() {
            letters.extend(Role::ALL.iter().map(|&role| lang.piece_letter(role)));
            letters.push(lang.pawn_letter());
        }
        letters.retain(|l| !l.is_empty());
        letters.sort_unstable();
        letters.dedup();
        letters
            .into_iter()
            .map(|letter| {
                let pieces = Lang::all()
                    .filter(|lang| lang.role_from_letter(letter).is_some())
                    .collect();
                let pawns = Lang::all()
                    .filter(|lang| lang.is_pawn_letter(letter))
                    .collect();
                (letter, pieces, pawns)
            })
            .collect()
    })
}

/// The languages that read `letter` as a piece letter, and those that read
/// it as a pawn letter (which SAN never writes, but
/// [`parse_san`](crate::localized::parse_san) accepts
/// before a pawn move).
///
/// This index of the table is the one the SAN reader and
/// [`GameLetters`] both use.
///
/// ```
/// use iccf::lang::{Lang, letter_langs};
///
/// let (pieces, pawns) = letter_langs("R");
/// assert!(pieces.contains(Lang::En) && pieces.contains(Lang::Fi) && pieces.contains(Lang::Fr));
/// assert!(!pawns.contains(Lang::En));
/// assert!(letter_langs("B").1.contains(Lang::De));
/// ```
pub fn letter_langs(letter: &str) -> (LangSet, LangSet) {
    letter_index()
        .iter()
        .find(|(l, _, _)| *l == letter)
        .map_or((LangSet::EMPTY, LangSet::EMPTY), |&(_, pieces, pawns)| {
            (pieces, pawns)
        })
}

/// The languages with the same five piece letters as `lang` (`lang`
/// included), which no game can tell apart.
///
/// # Examples
///
/// ```
/// use iccf::lang::{Lang, same_letters};
///
/// assert_eq!(same_letters(Lang::De).to_string(), "de sv no da hr sl");
/// assert_eq!(same_letters(Lang::Fr).to_string(), "fr");
/// ```
pub fn same_letters(lang: Lang) -> LangSet {
    // Computed once: called for every language of every game.
    static TABLE: OnceLock<[LangSet; Lang::COUNT]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [LangSet::EMPTY; Lang::COUNT];
        for lang in Lang::all() {
            table[lang as usize] = Lang::all()
                .filter(|other| other.letters() == lang.letters())
                .collect();
        }
        table
    })[lang as usize]
}

/// Splits `langs` into groups that share all five piece letters, in table
/// order but for English's group, which comes first.
///
/// # Examples
///
/// ```
/// use iccf::lang::{Lang, LangSet, letter_groups};
///
/// let langs: LangSet = [Lang::De, Lang::Fi, Lang::Sv, Lang::En].into_iter().collect();
/// let groups: Vec<String> = letter_groups(langs).iter().map(ToString::to_string).collect();
/// assert_eq!(groups, ["en", "de sv", "fi"]);
/// ```
pub fn letter_groups(langs: LangSet) -> Vec<LangSet> {
    let mut groups: Vec<LangSet> = Vec::new();
    for lang in langs.iter() {
        match groups.iter_mut().find(|g| {
            g.first()
                .is_some_and(|other| same_letters(other).contains(lang))
        }) {
            Some(group) => group.insert(lang),
            None => groups.push(LangSet::from(lang)),
        }
    }
    groups.sort_by_key(|g| !g.contains(Lang::En));
    groups
}

/// The piece letters of a game's move tokens, gathered token by token: the
/// languages whose letters can read every algebraic move of the game.
///
/// Feed it every move token ([`GameLetters::add`]), then ask
/// [`GameLetters::langs`]. Tokens without a capital letter (pawn moves,
/// numeric and UCI moves) name no language; castling, null moves and a
/// UCI promotion letter (`e7e8Q`) neither. A non-ASCII token that no
/// language reads is left out, as an error whatever the language.
///
/// # Examples
///
/// ```
/// use iccf::lang::{GameLetters, Lang};
///
/// let mut letters = GameLetters::default();
/// for token in ["e4", "e5", "Sf3", "Sc6", "Lb5", "O-O"] {
///     letters.add(token.as_bytes());
/// }
/// let langs = letters.langs();
/// assert!(langs.contains(Lang::De) && langs.contains(Lang::Sv));
/// assert!(!langs.contains(Lang::En));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameLetters {
    /// Languages that read every non-ASCII algebraic token.
    set: LangSet,
    /// The ASCII capitals of algebraic tokens, bit `b - b'A'`.
    ascii: u32,
}

impl Default for GameLetters {
    /// No token yet: every language.
    fn default() -> GameLetters {
        GameLetters {
            set: LangSet::ALL,
            ascii: 0,
        }
    }
}

impl GameLetters {
    /// Adds the letters of one move token (a symbol token of the movetext,
    /// as written).
    #[inline(always)]
    pub fn add(&mut self, text: &[u8]) {
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
        } else if capitals & !self.ascii != 0 {
            // Capitals already seen change nothing: after a game's first
            // few piece moves, that is every token.
            self.add_capitals(text, capitals);
        }
    }

    #[inline(never)]
    fn add_capitals(&mut self, text: &[u8], capitals: u32) {
        // UCI starts with a file: `Nf3` needs no notation guess.
        if !is_castling(text)
            && !is_null_move(text)
            && (!text[0].is_ascii_lowercase() || guess_notation(text) != Notation::Uci)
        {
            self.ascii |= capitals;
        }
    }

    #[inline(never)]
    fn add_non_ascii(&mut self, text: &[u8]) {
        if !is_move(text)
            || is_null_move(text)
            || !matches!(guess_notation(text), Notation::San | Notation::Lan)
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

    /// The languages whose piece letters read every token added: those with
    /// each ASCII capital as a piece letter, or if there are none, as a
    /// piece or pawn letter (`Pe4`); [`LangSet::ALL`] when no token had a
    /// letter.
    pub fn langs(self) -> LangSet {
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

impl GameLetters {
    /// The languages whose piece letters read the most of the ASCII
    /// capitals added, for a game no language reads whole (`Nc3` in a
    /// German game, a typo): in them its reading goes furthest, so that
    /// the error falls on the move that is wrong rather than on the
    /// first piece move. When no language that reads its non-ASCII
    /// letters reads a Latin one, those languages; else empty when no
    /// capital is any language's piece.
    ///
    /// ```
    /// use iccf::lang::{GameLetters, Lang};
    ///
    /// let mut letters = GameLetters::default();
    /// for token in ["Sf3", "Lb5", "Nc3"] {
    ///     letters.add(token.as_bytes());
    /// }
    /// assert!(letters.langs().is_empty());
    /// let nearest = letters.nearest_langs();
    /// assert!(nearest.contains(Lang::De) && !nearest.contains(Lang::En));
    ///
    /// // A Russian game with a Latin C typed for the Cyrillic С.
    /// let mut letters = GameLetters::default();
    /// for token in ["Кf3", "Сb5", "Cg5"] {
    ///     letters.add(token.as_bytes());
    /// }
    /// assert!(letters.nearest_langs().contains(Lang::Ru));
    /// ```
    pub fn nearest_langs(self) -> LangSet {
        let (pieces, _) = ascii_letter_langs();
        let mut best = (0, LangSet::EMPTY);
        for lang in self.set {
            let read = pieces
                .iter()
                .enumerate()
                .filter(|&(i, langs)| self.ascii & (1 << i) != 0 && langs.contains(lang))
                .count();
            if read > best.0 {
                best = (read, LangSet::from(lang));
            } else if read == best.0 && read > 0 {
                best.1.insert(lang);
            }
        }
        // None of the languages that read its other letters reads a Latin
        // one (`Cg5`, a Latin C for the Cyrillic С, in a Russian game):
        // they read the most, and the error falls on that move.
        if best.1.is_empty() && self.set != LangSet::ALL {
            return self.set;
        }
        best.1
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
/// letter, and those in which it is a piece or pawn letter: [`letter_langs`]
/// laid out for a byte lookup, computed once.
fn ascii_letter_langs() -> &'static ([LangSet; 26], [LangSet; 26]) {
    static TABLES: OnceLock<([LangSet; 26], [LangSet; 26])> = OnceLock::new();
    TABLES.get_or_init(|| {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn langs_of(tokens: &[&str]) -> LangSet {
        let mut letters = GameLetters::default();
        for token in tokens {
            letters.add(token.as_bytes());
        }
        letters.langs()
    }

    #[test]
    fn capitals_of_non_algebraic_tokens_name_no_language() {
        // Castling, null moves and UCI promotions carry capitals that are
        // no piece letters; `Qh5` names the languages with a `Q`.
        let none = langs_of(&["O-O", "O-O-O", "Z0", "e7e8Q", "e2-e4", "5254", "1"]);
        assert_eq!(none, GameLetters::default().langs());
        assert_eq!(none, LangSet::ALL);
        let queen = langs_of(&["e4", "e5", "Qh5"]);
        assert!(queen.contains(Lang::En));
        assert!(!queen.contains(Lang::Fr), "French writes the queen D");
    }

    #[test]
    fn non_ascii_tokens_narrow_by_their_letters() {
        let russian = langs_of(&["e4", "Кf3", "Крe2"]);
        assert_eq!(
            russian,
            [Lang::Ru, Lang::Uk, Lang::Be].into_iter().collect()
        );
        // Figurines name no language; an unreadable token is left out.
        assert_eq!(langs_of(&["♘f3", "Ж"]), LangSet::ALL);
        // An e.p. mark written apart is no move.
        assert_eq!(langs_of(&["exd6", "в.п."]), LangSet::ALL);
    }

    #[test]
    fn pawn_letters_count_only_when_piece_letters_fail() {
        // `B` is a piece letter in English and a pawn letter in German.
        assert!(langs_of(&["Bb5"]).contains(Lang::En));
        assert!(!langs_of(&["Bb5"]).contains(Lang::De));
        // `Sf3 Be4`: no language has both S and B as pieces... but German
        // reads B as its pawn.
        let langs = langs_of(&["Sf3", "Be4", "Dd1"]);
        assert!(langs.contains(Lang::De), "{langs}");
    }

    #[test]
    fn letter_index_agrees_with_the_table() {
        for lang in Lang::all() {
            for letter in lang.letters() {
                assert!(letter_langs(letter).0.contains(lang), "{lang} {letter}");
            }
        }
        assert_eq!(letter_langs("Ж"), (LangSet::EMPTY, LangSet::EMPTY));
        let (pieces, with_pawns) = ascii_letter_langs();
        assert_eq!(pieces[usize::from(b'D' - b'A')], letter_langs("D").0);
        assert!(with_pawns[usize::from(b'B' - b'A')].contains(Lang::De));
    }

    #[test]
    fn groups_and_codes() {
        let groups = letter_groups(LangSet::ALL);
        assert_eq!(groups[0], same_letters(Lang::En));
        assert_eq!(groups[0].to_string(), "en zh ko");
        assert_eq!(groups.iter().map(|g| g.len()).sum::<usize>(), Lang::COUNT);
        for group in &groups {
            for lang in group.iter() {
                assert_eq!(same_letters(lang), *group, "{lang}");
            }
        }
        assert!(letter_groups(LangSet::EMPTY).is_empty());
        assert_eq!(same_letters(Lang::Fi).to_string(), "fi af");
    }
}
