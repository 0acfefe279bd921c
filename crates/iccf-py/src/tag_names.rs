//! The Python strings of tag names, each made once by an iterator.
//! `iccf.games` makes every record's tags dict on the thread that holds
//! the GIL; a new string a name cost an allocation, a decoding, a hash
//! on insertion and a free. The games of a file mostly repeat the same
//! names in the same order, so the string for a name is looked for where
//! the last name was found, then among the rest: no hash. The strings are
//! interned, as the names in a caller's code are (`tags["White"]`), so
//! that a lookup compares pointers.

use pyo3::prelude::*;
use pyo3::types::PyString;

/// The most names kept: a file of ever new names makes the rest anew
/// rather than search a long list.
const MOST: usize = 64;

/// Names seen so far, in the order first seen.
#[derive(Default)]
pub struct TagNames {
    made: Vec<(Box<str>, Py<PyString>)>,
    /// Where the next name is likely to be: after the last one found.
    next: usize,
}

impl TagNames {
    /// `name` as a Python string, made once and interned for the first
    /// [`MOST`] names, anew for the rest: interning those would keep ever
    /// more strings where interned strings are immortal (CPython 3.12.0
    /// to 3.12.5).
    pub fn get<'py>(&mut self, py: Python<'py>, name: &str) -> Bound<'py, PyString> {
        if let Some(i) = self.find(name) {
            self.next = i + 1;
            return self.made[i].1.bind(py).clone();
        }
        if self.made.len() == MOST {
            return PyString::new(py, name);
        }
        let made = PyString::intern(py, name);
        self.made.push((name.into(), made.clone().unbind()));
        self.next = self.made.len();
        made
    }

    /// The index of `name`, looked for from where the last name was, then
    /// round to the first.
    fn find(&self, name: &str) -> Option<usize> {
        let kept = self.made.len();
        (0..kept)
            .map(|k| (self.next + k) % kept)
            .find(|&i| &*self.made[i].0 == name)
    }
}
