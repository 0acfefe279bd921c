//! [`LangSet`]: a set of languages as a bitset.

use core::{fmt, iter::FusedIterator, ops};

use super::Lang;

/// A set of languages, as a 64-bit mask indexed by [`Lang`] order.
///
/// Made for guessing a game's language: start from [`LangSet::ALL`] and
/// intersect with [`candidate_langs`](crate::localized::candidate_langs) of
/// each move; then replay the game in each remaining language to keep those
/// under which it is legal. Languages with identical letters (see the module
/// documentation) can never be separated.
///
/// ```
/// use iccf::lang::{Lang, LangSet};
///
/// let mut set = LangSet::EMPTY;
/// set.insert(Lang::De);
/// set.insert(Lang::Fi);
/// assert!(set.contains(Lang::Fi));
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.iter().collect::<Vec<_>>(), [Lang::De, Lang::Fi]);
/// assert_eq!(set & LangSet::from(Lang::De), LangSet::from(Lang::De));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct LangSet(u64);

impl LangSet {
    /// No language.
    pub const EMPTY: LangSet = LangSet(0);
    /// Every language of the table.
    pub const ALL: LangSet = LangSet((1 << Lang::COUNT) - 1);

    /// The set from its raw mask; bits beyond the table are dropped.
    pub const fn from_bits(bits: u64) -> LangSet {
        LangSet(bits & LangSet::ALL.0)
    }

    /// The raw mask: bit `lang as u8` is set for each member.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Whether `lang` is a member.
    pub const fn contains(self, lang: Lang) -> bool {
        self.0 & (1 << lang as u8) != 0
    }

    /// Adds `lang`.
    pub fn insert(&mut self, lang: Lang) {
        self.0 |= 1 << lang as u8;
    }

    /// Removes `lang`.
    pub fn remove(&mut self, lang: Lang) {
        self.0 &= !(1 << lang as u8);
    }

    /// Number of members.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no member.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The first member in table order.
    pub fn first(self) -> Option<Lang> {
        self.iter().next()
    }

    /// Iterates over the members in table order.
    pub fn iter(self) -> LangSetIter {
        LangSetIter(self.0)
    }
}

impl From<Lang> for LangSet {
    fn from(lang: Lang) -> LangSet {
        LangSet(1 << lang as u8)
    }
}

impl FromIterator<Lang> for LangSet {
    fn from_iter<I: IntoIterator<Item = Lang>>(iter: I) -> LangSet {
        let mut set = LangSet::EMPTY;
        for lang in iter {
            set.insert(lang);
        }
        set
    }
}

impl IntoIterator for LangSet {
    type Item = Lang;
    type IntoIter = LangSetIter;

    fn into_iter(self) -> LangSetIter {
        self.iter()
    }
}

impl ops::BitAnd for LangSet {
    type Output = LangSet;

    fn bitand(self, rhs: LangSet) -> LangSet {
        LangSet(self.0 & rhs.0)
    }
}

impl ops::BitAndAssign for LangSet {
    fn bitand_assign(&mut self, rhs: LangSet) {
        self.0 &= rhs.0;
    }
}

impl ops::BitOr for LangSet {
    type Output = LangSet;

    fn bitor(self, rhs: LangSet) -> LangSet {
        LangSet(self.0 | rhs.0)
    }
}

impl ops::BitOrAssign for LangSet {
    fn bitor_assign(&mut self, rhs: LangSet) {
        self.0 |= rhs.0;
    }
}

impl fmt::Display for LangSet {
    /// Writes the codes of the members in table order, separated by
    /// spaces: `de sv no da hr sl`; nothing for the empty set.
    ///
    /// ```
    /// use iccf::lang::{Lang, same_letters};
    ///
    /// assert_eq!(same_letters(Lang::Cs).to_string(), "cs sk");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, lang) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(lang.code())?;
        }
        Ok(())
    }
}

impl fmt::Debug for LangSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(Lang::code)).finish()
    }
}

/// Iterator over the members of a [`LangSet`], in table order.
#[derive(Debug, Clone)]
pub struct LangSetIter(u64);

impl Iterator for LangSetIter {
    type Item = Lang;

    fn next(&mut self) -> Option<Lang> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Lang::ALL.get(i).copied()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for LangSetIter {}

impl FusedIterator for LangSetIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lang_set() {
        assert_eq!(LangSet::ALL.len(), Lang::COUNT);
        assert_eq!(LangSet::ALL.iter().collect::<Vec<_>>(), Lang::ALL);
        assert_eq!(LangSet::from_bits(u64::MAX), LangSet::ALL);
        let set: LangSet = [Lang::Ko, Lang::En].into_iter().collect();
        assert_eq!(format!("{set:?}"), r#"{"en", "ko"}"#);
        assert_eq!(set.first(), Some(Lang::En));
        let mut s = set;
        s.remove(Lang::En);
        assert_eq!(s, LangSet::from(Lang::Ko));
        assert!(LangSet::EMPTY.is_empty());
        assert_eq!(set.to_string(), "en ko");
        assert_eq!(LangSet::EMPTY.to_string(), "");
    }
}
