//! A game as a value: its tags, its main line in the notations every
//! program reads, its result and its problems.
//!
//! What `--format jsonl` writes, one [`GameRecord`] a line, and what
//! programs that want the games rather than text get from
//! [`Converter::records()`](crate::convert::Converter::records).
//!
//! ```
//! use iccf::Notation;
//! use iccf_pgn::convert::{Converter, Options};
//!
//! let records = Converter::new(Options::default()).records(b"[White \"Anna\"]\n1. e4 e5 2. Nf3 *");
//! let game = &records[0];
//! assert_eq!(game.tag("White"), Some("Anna"));
//! let nf3 = game.moves.get(2).unwrap();
//! assert_eq!(nf3.get(Notation::Numeric), "7163");
//! assert_eq!(nf3.get(Notation::San), "Nf3");
//! assert_eq!(game.result.as_deref(), Some("*"));
//! ```

use std::fmt;
use std::sync::Arc;

use iccf::Notation;
use iccf::lang::LangSet;
use serde::Serialize;
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use shakmaty::Chess;

pub use crate::move_text::MoveText;
use crate::problem::Problem;
pub use crate::recorded_moves::{MoveIter, MoveTexts, RecordedMove, RecordedMoves};
pub use crate::tags::{TagIter, Tags};

/// One game read: the main line converted as far as it goes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct GameRecord {
    /// The input the game was read from, as it was named, when a run of
    /// several inputs names them (`iccf convert a.pgn b.pgn --format
    /// jsonl`): game numbers start again in each. Left out of JSON when
    /// `None`.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "shared_str")]
    pub file: Option<Arc<str>>,
    /// 1-based game number in its input.
    pub game: u64,
    /// The tag pairs in the order written (a JSON object, where a name
    /// written again becomes `Name#2`).
    #[serde(serialize_with = "tags_in_order")]
    pub tags: Tags,
    /// The notation of the game's first move.
    #[serde(serialize_with = "notation_name")]
    pub input: Option<Notation>,
    /// The languages whose piece letters the algebraic moves were read in.
    #[serde(serialize_with = "lang_codes")]
    pub langs: LangSet,
    /// The legacy encoding the game was decoded from, if it was not UTF-8.
    pub encoding: Option<&'static str>,
    /// The main-line moves read, in order.
    pub moves: RecordedMoves,
    /// The result at the end of the main line: as written, else the one
    /// PGN output writes there (the `Result` tag's, else `*`, with a
    /// warning); `None` only for a game skipped over a limit.
    pub result: Option<String>,
    /// The main line's moves and move numbers from the first that failed,
    /// as written (a string, space-separated, in JSON).
    #[serde(serialize_with = "joined")]
    pub unconverted: Vec<String>,
    /// Problems that left part of the game unconverted.
    pub errors: Vec<Problem>,
    /// Things read that are not as they should be.
    pub warnings: Vec<Problem>,
    /// The position the game starts from (its FEN tag's, else the
    /// standard start), to replay [`GameRecord::moves`] from.
    #[serde(skip)]
    pub start: Chess,
}

impl GameRecord {
    /// The value of the first tag named `name`, ignoring ASCII case.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v)
    }
}

/// The notations the moves of records are written in: all by default.
/// The others are left empty, which reads faster: numeric and UCI alone
/// need no check of each move, and each notation left out is text not
/// made (see [`Converter::with_record_notations`](crate::convert::Converter::with_record_notations)).
///
/// ```
/// use iccf::Notation;
/// use iccf_pgn::convert::{Converter, Options};
/// use iccf_pgn::record::RecordNotations;
///
/// let converter = Converter::new(Options::default())
///     .with_record_notations(RecordNotations::of([Notation::Numeric, Notation::San]));
/// let record = &converter.records(b"1. e4 e5 2. Nf3 *")[0];
/// let nf3 = record.moves.get(2).unwrap();
/// assert_eq!((nf3.get(Notation::Numeric), nf3.get(Notation::San)), ("7163", "Nf3"));
/// assert_eq!(nf3.get(Notation::Uci), "");
/// ```
#[derive(Copy, Clone, PartialEq, Eq)]
pub struct RecordNotations(u8);

impl RecordNotations {
    /// Every notation.
    pub const ALL: RecordNotations = RecordNotations(0b1_1111);

    /// The notations of `notations`.
    pub fn of(notations: impl IntoIterator<Item = Notation>) -> RecordNotations {
        RecordNotations(notations.into_iter().fold(0, |set, n| set | bit(n)))
    }

    /// Whether `notation` is one of them.
    pub fn contains(self, notation: Notation) -> bool {
        self.0 & bit(notation) != 0
    }

    /// How many notations.
    ///
    /// ```
    /// use iccf::Notation;
    /// use iccf_pgn::record::RecordNotations;
    ///
    /// assert_eq!(RecordNotations::ALL.len(), 5);
    /// assert_eq!(RecordNotations::of([Notation::San, Notation::San]).len(), 1);
    /// assert!(RecordNotations::of([]).is_empty());
    /// ```
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether there are none: records of such moves hold no text.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Where a move's text in `notation` is among its texts (those in
    /// [`Notation::ALL`]'s order), if it is one of them.
    #[inline]
    pub(crate) fn slot(self, notation: Notation) -> Option<usize> {
        let bit = bit(notation);
        (self.0 & bit != 0).then(|| (self.0 & (bit - 1)).count_ones() as usize)
    }

    /// The notations, in the order of a move's texts ([`Notation::ALL`]'s).
    ///
    /// ```
    /// use iccf::Notation;
    /// use iccf_pgn::record::RecordNotations;
    ///
    /// let set = RecordNotations::of([Notation::Uci, Notation::Numeric]);
    /// assert_eq!(set.iter().collect::<Vec<_>>(), [Notation::Numeric, Notation::Uci]);
    /// assert_eq!(format!("{set:?}"), "{Numeric, Uci}");
    /// ```
    pub fn iter(self) -> impl Iterator<Item = Notation> {
        Notation::ALL.into_iter().filter(move |&n| self.contains(n))
    }

    /// Whether a move's check must be known to write them (the `+` and
    /// `#` of algebraic notations).
    pub fn need_check(self) -> bool {
        [Notation::San, Notation::Lan, Notation::Figurine]
            .into_iter()
            .any(|n| self.contains(n))
    }
}

/// The notations by name, not the bits that hold them.
impl fmt::Debug for RecordNotations {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl Default for RecordNotations {
    fn default() -> RecordNotations {
        RecordNotations::ALL
    }
}

/// The notation's bit: in the order of [`Notation::ALL`], the order of a
/// move's texts (see [`RecordNotations::slot`]).
fn bit(notation: Notation) -> u8 {
    match notation {
        Notation::Numeric => 1,
        Notation::San => 2,
        Notation::Lan => 4,
        Notation::Uci => 8,
        Notation::Figurine => 16,
    }
}

/// Problems as JSON: where, at which move, the text at fault, and why.
impl Serialize for Problem {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(5))?;
        map.serialize_entry("line", &self.line)?;
        map.serialize_entry("column", &self.column)?;
        map.serialize_entry("move", &self.move_number.map(|n| n.to_string()))?;
        map.serialize_entry("token", &self.token)?;
        map.serialize_entry("message", &self.kind.to_string())?;
        map.end()
    }
}

/// A name shared by every record of an input, as its text.
fn shared_str<S: Serializer>(file: &Option<Arc<str>>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(file.as_deref().unwrap_or_default())
}

/// Tags as a JSON object in the order written (see [`Tags::unique`]).
fn tags_in_order<S: Serializer>(tags: &Tags, s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(tags.len()))?;
    for (name, value) in tags.unique() {
        map.serialize_entry(&name, value)?;
    }
    map.end()
}

fn notation_name<S: Serializer>(n: &Option<Notation>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_some(&n.map(Notation::name))
}

fn lang_codes<S: Serializer>(langs: &LangSet, s: S) -> Result<S::Ok, S::Error> {
    let mut seq = s.serialize_seq(Some(langs.len()))?;
    for lang in langs.iter() {
        seq.serialize_element(lang.code())?;
    }
    seq.end()
}

fn joined<S: Serializer>(tokens: &[String], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&tokens.join(" "))
}
