//! The Python strings of moves, each text made once by an iterator.
//! `iccf.games` makes a record's objects on the thread that holds the GIL,
//! the one that bounds its speed, and a new string a move costs an
//! allocation, a decoding and, once the record is dropped, a free: a
//! fifth of that thread's time with `notations=("numeric", "san")`. A
//! file's moves are a few thousand texts said over and over (twic944.pgn:
//! 2,516 SAN texts in 240,964 moves), and nearly all are 8 bytes or
//! fewer (`Nf3`, `exd8=Q#`, `♕xe7+`, `57581`), so such a text, read as a
//! number, is its own key in a table indexed by a hash of it: one
//! multiplication, one comparison, no probing. A text that finds its slot
//! taken by another replaces it. A hash table keyed by the text (`std`'s
//! hasher, probing) cost as much as the strings it saved, as did keeping
//! the strings of tag values here too (`bench/README.md`).

use std::borrow::Cow;

use iccf_pgn::record::MoveText;
use pyo3::prelude::*;
use pyo3::types::PyString;

/// The table's slots at first and at most, as powers of two. With 2^16,
/// 98% of the numeric and SAN texts of twic944.pgn were found made (95%
/// with all five notations, whose texts are nearly five times as many);
/// with 2^14, 95%. Starting small keeps a short input quick: a table of
/// 2^16 slots made and dropped cost 60 µs a call.
const FIRST_BITS: u32 = 10;
const MOST_BITS: u32 = 16;

/// The strings made so far, each in the slot of its text's hash.
#[derive(Default)]
pub struct MoveStrings {
    /// Empty until the first move, then a power of two long, from
    /// `1 << FIRST_BITS` to `1 << MOST_BITS`: the text's key and its
    /// string.
    slots: Vec<(u64, Option<Py<PyString>>)>,
    /// Strings made since the table was last made larger, new texts and
    /// texts made again after another took their slot alike: when they
    /// are a quarter as many as its slots, the table is too small for the
    /// file's texts (a quarter full, about one text in five shares its slot
    /// with another). A long input thus ends with the largest table.
    made_since_growth: usize,
}

impl MoveStrings {
    /// `text` as a Python string: the one made before for the same text
    /// if it is still kept, else a new one, kept if the text has a key.
    /// Lent, not given: a dict that takes it counts its own reference,
    /// where a string given, then dropped, cost two calls into Python a
    /// move (its reference count is a call under the stable ABI).
    pub fn get<'a, 'py>(
        &'a mut self,
        py: Python<'py>,
        text: &MoveText,
    ) -> Cow<'a, Bound<'py, PyString>> {
        let Some(key) = text.key() else {
            return Cow::Owned(PyString::new(py, text));
        };
        if self.slots.is_empty()
            || (self.made_since_growth > self.slots.len() / 4 && self.bits() < MOST_BITS)
        {
            self.grow();
        }
        let bits = self.bits();
        let slot = &mut self.slots[index(key, bits)];
        // An empty slot's key is 0, which no text's is.
        if slot.0 != key {
            *slot = (key, None);
            self.made_since_growth += 1;
        }
        let made = slot
            .1
            .get_or_insert_with(|| PyString::new(py, text).unbind());
        Cow::Borrowed(made.bind(py))
    }

    /// A table four times as large, its strings moved into their new
    /// slots: dropping them made a file's first games' moves again at each
    /// step. No two share a slot there, as a slot's index is the old one
    /// with two more bits of the hash.
    fn grow(&mut self) {
        let bits = if self.slots.is_empty() {
            FIRST_BITS
        } else {
            (self.bits() + 2).min(MOST_BITS)
        };
        let mut grown = Vec::new();
        grown.resize_with(1 << bits, || (0, None));
        for (key, made) in self.slots.drain(..) {
            if made.is_some() {
                grown[index(key, bits)] = (key, made);
            }
        }
        self.slots = grown;
        self.made_since_growth = 0;
    }

    /// The table's length as a power of two.
    fn bits(&self) -> u32 {
        self.slots.len().trailing_zeros()
    }
}

/// The slot of `key` in a table of `1 << bits`: the top bits of a
/// multiplicative hash (Fibonacci hashing), which spreads texts that
/// differ in any byte.
fn index(key: u64, bits: u32) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
}
