//! [`Tags`]: a game record's tag pairs, their texts in one string.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::fmt;

use crate::encoding::lossy_str;

/// A game's tag pairs in the order written, names and values kept in one
/// string: a record is made for every game of a file, and two strings a
/// tag were two allocations to make and two to free, most of the cost of
/// a record's tags.
///
/// ```
/// use iccf_pgn::record::Tags;
///
/// let mut tags = Tags::new();
/// tags.push("White", "Tal, Mikhail");
/// tags.push("Black", "Botvinnik, Mikhail");
/// assert_eq!(tags.len(), 2);
/// assert_eq!(tags.get(1), Some(("Black", "Botvinnik, Mikhail")));
/// let names: Vec<_> = tags.iter().map(|(name, _)| name).collect();
/// assert_eq!(names, ["White", "Black"]);
/// ```
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Tags {
    text: String,
    /// Where each tag's name ends and where its value ends, in `text`.
    ends: Vec<(usize, usize)>,
    /// What is known of the names so far, kept as tags are added: records
    /// are made on the worker threads, and the one thread that makes maps
    /// of them (`iccf.games()`'s dicts) need not look again.
    names: Names,
    /// A bit for the hash of each name added while `names` is `Differ`.
    hashes: u64,
}

/// Whether two of the tags share a name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Names {
    #[default]
    Differ,
    Repeated,
    /// Too many tags to keep count as they come: asked when needed.
    Unknown,
}

/// Tags whose names are told apart as they come, at most.
const WATCHED: usize = 32;

impl Tags {
    /// No tags.
    pub fn new() -> Tags {
        Tags::default()
    }

    /// Room for `count` tags made at once.
    pub fn with_capacity(count: usize) -> Tags {
        Tags {
            // Names and values of real tags are short: a guess that saves
            // the first few growths.
            text: String::with_capacity(count * 24),
            ends: Vec::with_capacity(count),
            ..Tags::default()
        }
    }

    /// Adds a tag after the others.
    pub fn push(&mut self, name: &str, value: &str) {
        self.text.push_str(name);
        let name_end = self.text.len();
        self.text.push_str(value);
        self.ends.push((name_end, self.text.len()));
        self.watch_last_name();
    }

    /// Adds a tag read from bytes, any byte that is not UTF-8 replaced by
    /// U+FFFD as [`String::from_utf8_lossy`] does.
    pub(crate) fn push_lossy(&mut self, name: &[u8], value: &[u8]) {
        self.text.push_str(&lossy_str(name));
        let name_end = self.text.len();
        self.text.push_str(&lossy_str(value));
        self.ends.push((name_end, self.text.len()));
        self.watch_last_name();
    }

    /// Updates `names` for the tag just added: a 64-bit mask of the names'
    /// hashes tells a real game's few names apart, cheaper than a map;
    /// only a name whose bit is taken is compared with those before it.
    fn watch_last_name(&mut self) {
        if self.names != Names::Differ {
            return;
        }
        let last = self.ends.len() - 1;
        if last >= WATCHED {
            self.names = Names::Unknown;
            return;
        }
        let Some((name, _)) = self.get(last) else {
            return;
        };
        // The first eight bytes and the length, mixed: names that share
        // both are compared in full.
        let mut head = [0; 8];
        let n = name.len().min(8);
        head[..n].copy_from_slice(&name.as_bytes()[..n]);
        let hash =
            (u64::from_le_bytes(head) ^ name.len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let bit = 1 << (hash >> 58);
        if self.hashes & bit != 0 && self.iter().take(last).any(|(other, _)| other == name) {
            self.names = Names::Repeated;
        }
        self.hashes |= bit;
    }

    /// How many tags there are.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is no tag.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The name and value of the tag at `index`, the first being 0.
    pub fn get(&self, index: usize) -> Option<(&str, &str)> {
        let &ends = self.ends.get(index)?;
        let start = match index {
            0 => 0,
            _ => self.ends[index - 1].1,
        };
        Some(tag_at(&self.text, start, ends))
    }

    /// The names and values in the order written.
    pub fn iter(&self) -> TagIter<'_> {
        TagIter {
            text: &self.text,
            ends: self.ends.iter(),
            start: 0,
        }
    }

    /// The tags in the order written, as keys of a map: a name written
    /// again gets `#2`, `#3`, … so that no key is duplicated and nothing is
    /// lost. A number is passed over when its key is taken, by a name the
    /// game has written as it is or by an earlier repeat.
    ///
    /// ```
    /// # use iccf_pgn::record::Tags;
    /// fn keys(names: &[&str]) -> Vec<String> {
    ///     let tags: Tags = names.iter().map(|&name| (name, "")).collect();
    ///     tags.unique().map(|(key, _)| key.into_owned()).collect()
    /// }
    /// assert_eq!(keys(&["Annotator", "Annotator"]), ["Annotator", "Annotator#2"]);
    /// assert_eq!(keys(&["A", "A", "A#2", "A"]), ["A", "A#3", "A#2", "A#4"]);
    /// ```
    pub fn unique(&self) -> impl Iterator<Item = (Cow<'_, str>, &str)> {
        // Nearly always so: then no map is made.
        let differ = self.names_differ();
        let mut seen: HashMap<&str, usize> = HashMap::new();
        // Made at the first repeat.
        let mut taken: Option<HashSet<Cow<'_, str>>> = None;
        self.iter().map(move |(name, value)| {
            if differ {
                return (Cow::Borrowed(name), value);
            }
            let count = seen.entry(name).or_default();
            *count += 1;
            if *count == 1 {
                return (Cow::Borrowed(name), value);
            }
            let taken =
                taken.get_or_insert_with(|| self.iter().map(|(n, _)| Cow::Borrowed(n)).collect());
            let key = (*count..)
                .map(|n| (n, format!("{name}#{n}")))
                .find(|(_, key)| !taken.contains(key.as_str()));
            // The numbers do not run out before the keys.
            let (n, key) = key.unwrap_or_default();
            // The next repeat looks on from here: those passed over are
            // taken for good (`A`, `A#2` … `A#50000`, then `A` again and
            // again, each looking through them all, took quadratic time).
            *count = n;
            taken.insert(Cow::Owned(key.clone()));
            (Cow::Owned(key), value)
        })
    }

    /// Whether no two tags share a name.
    pub fn names_differ(&self) -> bool {
        match self.names {
            Names::Differ => true,
            Names::Repeated => false,
            Names::Unknown => {
                let mut names = HashSet::with_capacity(self.len());
                self.iter().all(|(name, _)| names.insert(name))
            }
        }
    }
}

/// The tags of [`Tags::iter`]: name and value.
#[derive(Clone, Debug)]
pub struct TagIter<'a> {
    text: &'a str,
    ends: std::slice::Iter<'a, (usize, usize)>,
    /// Where the next tag's name starts.
    start: usize,
}

impl<'a> Iterator for TagIter<'a> {
    type Item = (&'a str, &'a str);

    fn next(&mut self) -> Option<(&'a str, &'a str)> {
        let &ends = self.ends.next()?;
        let start = std::mem::replace(&mut self.start, ends.1);
        Some(tag_at(self.text, start, ends))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.ends.size_hint()
    }
}

impl ExactSizeIterator for TagIter<'_> {}

/// The name and value of the tag starting at `start` in `text`, with the
/// `ends` of its name and value.
fn tag_at(text: &str, start: usize, (name_end, value_end): (usize, usize)) -> (&str, &str) {
    (&text[start..name_end], &text[name_end..value_end])
}

impl<'a> IntoIterator for &'a Tags {
    type Item = (&'a str, &'a str);
    type IntoIter = TagIter<'a>;

    fn into_iter(self) -> TagIter<'a> {
        self.iter()
    }
}

impl fmt::Debug for Tags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<N: AsRef<str>, V: AsRef<str>> FromIterator<(N, V)> for Tags {
    fn from_iter<I: IntoIterator<Item = (N, V)>>(pairs: I) -> Tags {
        let mut tags = Tags::new();
        for (name, value) in pairs {
            tags.push(name.as_ref(), value.as_ref());
        }
        tags
    }
}

impl<N: AsRef<str>, V: AsRef<str>> Extend<(N, V)> for Tags {
    fn extend<I: IntoIterator<Item = (N, V)>>(&mut self, pairs: I) {
        for (name, value) in pairs {
            self.push(name.as_ref(), value.as_ref());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_not_utf8_are_replaced_and_the_next_tag_starts_after_them() {
        let mut tags = Tags::new();
        tags.push_lossy(b"Event", b"Caf\xe9 open");
        tags.push_lossy(b"Site", "Zürich".as_bytes());
        tags.push_lossy(b"Round", b"");
        let read: Vec<_> = tags.iter().collect();
        assert_eq!(
            read,
            [
                ("Event", "Caf\u{fffd} open"),
                ("Site", "Zürich"),
                ("Round", "")
            ]
        );
        assert_eq!(tags.get(2), Some(("Round", "")));
        assert_eq!(tags.get(3), None);
        assert_eq!(tags.iter().len(), 3);
    }

    #[test]
    fn many_tags_repeated_get_keys_of_their_own() {
        let mut tags: Tags = (0..40)
            .map(|i| (format!("Tag{i}"), i.to_string()))
            .collect();
        assert!(tags.names_differ());
        tags.push("Tag7", "again");
        assert!(!tags.names_differ());
        let keys: Vec<_> = tags.unique().map(|(key, _)| key.into_owned()).collect();
        assert_eq!(keys.last().map(String::as_str), Some("Tag7#2"));
        // 32 names share some of the 64 bits: those are compared in full.
        let mut tags: Tags = (0..31).map(|i| (format!("Tag{i}"), "")).collect();
        assert!(tags.names_differ());
        tags.push("Tag30", "");
        assert!(!tags.names_differ());
        // Each repeat looks on from the last one's number.
        let mut taken: Tags = (2..=20_000).map(|n| (format!("A#{n}"), "")).collect();
        taken.extend((0..20_000).map(|_| ("A", "")));
        let last = taken.unique().last().map(|(key, _)| key.into_owned());
        assert_eq!(last.as_deref(), Some("A#39999"));
        let few: Tags = [("A", "1"), ("B", "2"), ("A", "3")].into_iter().collect();
        let keys: Vec<_> = few.unique().collect();
        assert_eq!(
            keys,
            [("A".into(), "1"), ("B".into(), "2"), ("A#2".into(), "3")]
        );
    }

    /// Whether names repeat, as tags come, agrees with a set of them for
    /// names of every length, long ones alike in their first eight bytes
    /// and in their length (`WhiteFideId`, `WhiteFideIx`) among them.
    #[test]
    fn a_repeated_name_is_seen_whatever_its_length() {
        let names: Vec<String> = (1..=12)
            .flat_map(|len| {
                let stem = "WhiteFideIdXY"[..len].to_owned();
                let mut other = stem.clone();
                other.pop();
                other.push('#');
                [stem, other]
            })
            .collect();
        for (i, repeated) in names.iter().enumerate() {
            let mut tags: Tags = names.iter().map(|name| (name.as_str(), "")).collect();
            assert!(tags.names_differ(), "{names:?}");
            tags.push(repeated, "");
            assert!(!tags.names_differ(), "{repeated} at {i}");
        }
    }
}
