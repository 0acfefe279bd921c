//! The Python strings of numeric moves, each made once by an iterator.
//! `iccf.games` makes a record's objects on the thread that holds the GIL,
//! the one that bounds its speed, and a new string a move costs an
//! allocation, a copy and, once the record is dropped, a free. A numeric
//! move is one of a few thousand (two squares and a promotion digit), so
//! a table indexed by them, no hash, gives each move's string for a
//! reference count: about a tenth less CPU on that thread with
//! `notations="numeric"` (measured on twic944.pgn, 2 cores). A hash table
//! of every notation's texts measured no gain (a loss with all five), nor
//! did one of tag names; tag names are looked for in order instead
//! (`tag_names.rs`).

use iccf_pgn::record::MoveText;
use pyo3::prelude::*;
use pyo3::types::PyString;

/// From square, to square, promotion (none, 1 to 4).
const SLOTS: usize = 64 * 64 * 5;

/// The strings made so far, by their move's slot.
#[derive(Default)]
pub struct NumericStrings {
    /// Empty until the first move, then [`SLOTS`] long.
    made: Vec<Option<Py<PyString>>>,
}

impl NumericStrings {
    /// `text`, a numeric move, as a Python string: the one made before for
    /// the same move, if any. Any other text is made anew. Found by its
    /// bytes: the `&str` is checked as UTF-8 only to make a string.
    pub fn get<'py>(&mut self, py: Python<'py>, text: &MoveText) -> Bound<'py, PyString> {
        let Some(slot) = slot(text.as_bytes()) else {
            return PyString::new(py, text);
        };
        if self.made.is_empty() {
            self.made.resize_with(SLOTS, || None);
        }
        if let Some(made) = &self.made[slot] {
            return made.bind(py).clone();
        }
        let made = PyString::new(py, text.as_str());
        self.made[slot] = Some(made.clone().unbind());
        made
    }
}

/// The slot of a numeric move (`5254`, `57581`), `None` for other text.
fn slot(text: &[u8]) -> Option<usize> {
    let (squares, promotion) = match text {
        [a, b, c, d] => ([*a, *b, *c, *d], 0),
        [a, b, c, d, p @ b'1'..=b'4'] => ([*a, *b, *c, *d], usize::from(p - b'0')),
        _ => return None,
    };
    let mut digits = [0usize; 4];
    for (digit, byte) in digits.iter_mut().zip(squares) {
        if !(b'1'..=b'8').contains(&byte) {
            return None;
        }
        *digit = usize::from(byte - b'1');
    }
    let [from_file, from_rank, to_file, to_rank] = digits;
    let (from, to) = (from_file * 8 + from_rank, to_file * 8 + to_rank);
    Some((from * 64 + to) * 5 + promotion)
}
