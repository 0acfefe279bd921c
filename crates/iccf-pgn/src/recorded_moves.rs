//! [`RecordedMoves`]: a record's main line, each move in the notations
//! the record was made with.

use std::fmt;
use std::iter::FusedIterator;

use iccf::Notation;
use serde::Serialize;
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use shakmaty::Move;

use crate::record::{MoveText, RecordNotations};

/// The main-line moves of a [`GameRecord`](crate::record::GameRecord),
/// each kept in the notations the record was made in
/// ([`RecordNotations`]) and no others: a move's texts side by side, then
/// the next move's. A record of numeric and SAN moves takes 37 bytes a
/// move, where room for all five took 88 whatever was asked: bytes that
/// the thread that makes records and the one that reads them
/// (`iccf.games`) wrote and read for nothing.
///
/// ```
/// use iccf::Notation;
/// use iccf_pgn::convert::{Converter, Options};
///
/// let record = &Converter::new(Options::default()).records(b"1. e4 e5 2. Nf3 *")[0];
/// assert_eq!(record.moves.len(), 3);
/// let nf3 = record.moves.get(2).unwrap();
/// assert_eq!((nf3.get(Notation::Numeric), nf3.get(Notation::San)), ("7163", "Nf3"));
/// let san: Vec<&str> = record.moves.iter().map(|m| m.get(Notation::San)).collect();
/// assert_eq!(san, ["e4", "e5", "Nf3"]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordedMoves {
    notations: RecordNotations,
    /// Each move, `None` for a null move.
    moves: Vec<Option<Move>>,
    /// `notations.len()` texts a move, in the order of [`Notation::ALL`].
    texts: Vec<MoveText>,
}

/// What a notation the record was made without reads as.
static EMPTY: MoveText = MoveText::EMPTY;

impl RecordedMoves {
    /// No moves, room made for `moves` in `notations`.
    pub(crate) fn with_capacity(notations: RecordNotations, moves: usize) -> RecordedMoves {
        RecordedMoves {
            notations,
            moves: Vec::with_capacity(moves),
            texts: Vec::with_capacity(moves * notations.len()),
        }
    }

    /// Adds a move: `m`, then its texts, which the caller adds with
    /// [`Self::push_text`], one in each of the notations, in their order.
    #[inline]
    pub(crate) fn push_move(&mut self, m: Option<Move>) {
        debug_assert_eq!(
            self.texts.len(),
            self.moves.len() * self.notations.len(),
            "the last move got a text in each notation"
        );
        self.moves.push(m);
    }

    /// The last move's next text.
    #[inline]
    pub(crate) fn push_text(&mut self, text: MoveText) {
        self.texts.push(text);
    }

    /// The last move's next text, as [`MoveText::from_utf8`] reads
    /// `bytes` (empty if they are not UTF-8), written in place.
    #[inline]
    pub(crate) fn push_utf8(&mut self, bytes: &[u8]) {
        self.texts.push(MoveText::EMPTY);
        if let Some(last) = self.texts.last_mut() {
            last.fill_utf8(bytes);
        }
    }

    /// The notations the moves are kept in.
    ///
    /// ```
    /// use iccf::Notation;
    /// use iccf_pgn::convert::{Converter, Options};
    /// use iccf_pgn::record::RecordNotations;
    ///
    /// let numeric = RecordNotations::of([Notation::Numeric]);
    /// let converter = Converter::new(Options::default()).with_record_notations(numeric);
    /// assert_eq!(converter.records(b"1. e4 *")[0].moves.notations(), numeric);
    /// ```
    pub fn notations(&self) -> RecordNotations {
        self.notations
    }

    /// How many moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The move at `index`, from 0; `None` past the last.
    #[inline]
    pub fn get(&self, index: usize) -> Option<RecordedMove<'_>> {
        let m = *self.moves.get(index)?;
        let count = self.notations.len();
        Some(RecordedMove {
            m,
            texts: self.texts.get(index * count..(index + 1) * count)?,
            notations: self.notations,
        })
    }

    /// The moves' texts in `notation`, in order (a column of a table):
    /// empty texts when the record was made without it.
    ///
    /// ```
    /// use iccf::Notation;
    /// use iccf_pgn::convert::{Converter, Options};
    ///
    /// let record = &Converter::new(Options::default()).records(b"1. e4 e5 2. Nf3 *")[0];
    /// let numeric: Vec<&str> = record.moves.texts(Notation::Numeric).map(|t| t.as_str()).collect();
    /// assert_eq!(numeric, ["5254", "5755", "7163"]);
    /// let last = record.moves.texts(Notation::San).next_back().unwrap();
    /// assert_eq!(last, "Nf3");
    /// ```
    pub fn texts(&self, notation: Notation) -> MoveTexts<'_> {
        match self.notations.slot(notation) {
            Some(slot) => MoveTexts {
                texts: &self.texts,
                next: slot,
                step: self.notations.len(),
                left: self.len(),
            },
            None => MoveTexts {
                texts: std::slice::from_ref(&EMPTY),
                next: 0,
                step: 0,
                left: self.len(),
            },
        }
    }

    /// The moves in order (also `for m in &record.moves`), or from the
    /// last with `.rev()`.
    ///
    /// ```
    /// use iccf::Notation;
    /// use iccf_pgn::convert::{Converter, Options};
    ///
    /// let record = &Converter::new(Options::default()).records(b"1. e4 e5 2. Nf3 *")[0];
    /// let uci: Vec<&str> = record.moves.iter().map(|m| m.get(Notation::Uci)).collect();
    /// assert_eq!(uci, ["e2e4", "e7e5", "g1f3"]);
    /// let last_two: Vec<&str> = record.moves.iter().rev().take(2).map(|m| m.get(Notation::San)).collect();
    /// assert_eq!(last_two, ["Nf3", "e5"]);
    /// ```
    pub fn iter(&self) -> MoveIter<'_> {
        MoveIter {
            moves: self,
            next: 0,
            end: self.len(),
        }
    }
}

impl<'a> IntoIterator for &'a RecordedMoves {
    type Item = RecordedMove<'a>;
    type IntoIter = MoveIter<'a>;

    fn into_iter(self) -> MoveIter<'a> {
        self.iter()
    }
}

/// The moves of [`RecordedMoves`] in order: see [`RecordedMoves::iter`].
#[derive(Clone, Debug)]
pub struct MoveIter<'a> {
    moves: &'a RecordedMoves,
    /// The moves from `next` to `end` (not included) are left.
    next: usize,
    end: usize,
}

impl<'a> Iterator for MoveIter<'a> {
    type Item = RecordedMove<'a>;

    #[inline]
    fn next(&mut self) -> Option<RecordedMove<'a>> {
        if self.next == self.end {
            return None;
        }
        let m = self.moves.get(self.next)?;
        self.next += 1;
        Some(m)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.end - self.next;
        (left, Some(left))
    }
}

impl<'a> DoubleEndedIterator for MoveIter<'a> {
    fn next_back(&mut self) -> Option<RecordedMove<'a>> {
        if self.next == self.end {
            return None;
        }
        self.end -= 1;
        self.moves.get(self.end)
    }
}

impl ExactSizeIterator for MoveIter<'_> {}

impl FusedIterator for MoveIter<'_> {}

/// The texts of [`RecordedMoves`] in one notation, in order: see
/// [`RecordedMoves::texts`].
#[derive(Clone, Debug)]
pub struct MoveTexts<'a> {
    texts: &'a [MoveText],
    /// Where the next text is.
    next: usize,
    /// From one move's text to the next's: 0 for the one empty text
    /// given for every move.
    step: usize,
    left: usize,
}

impl<'a> Iterator for MoveTexts<'a> {
    type Item = &'a MoveText;

    #[inline]
    fn next(&mut self) -> Option<&'a MoveText> {
        self.left = self.left.checked_sub(1)?;
        let text = self.texts.get(self.next)?;
        self.next += self.step;
        Some(text)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<'a> DoubleEndedIterator for MoveTexts<'a> {
    fn next_back(&mut self) -> Option<&'a MoveText> {
        self.left = self.left.checked_sub(1)?;
        // The last text left: `left` steps after the next.
        self.texts.get(self.next + self.left * self.step)
    }
}

impl ExactSizeIterator for MoveTexts<'_> {}

impl FusedIterator for MoveTexts<'_> {}

/// One main-line move of a record: the move, and its texts in the
/// record's notations (see [`RecordedMoves`]).
///
/// ```
/// use iccf::Notation;
/// use iccf_pgn::convert::{Converter, Options};
///
/// let record = &Converter::new(Options::default()).records(b"1. e4 *")[0];
/// let e4 = record.moves.get(0).unwrap();
/// assert_eq!(e4.m.map(|m| m.to().to_string()), Some("e4".to_string()));
/// assert_eq!(e4.get(Notation::Lan), "e2-e4");
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct RecordedMove<'a> {
    /// The move, `None` for a null move.
    pub m: Option<Move>,
    texts: &'a [MoveText],
    notations: RecordNotations,
}

/// The move, then each of its texts under its notation's name:
///
/// ```
/// use iccf::Notation;
/// use iccf_pgn::convert::{Converter, Options};
/// use iccf_pgn::record::RecordNotations;
///
/// let numeric_san = RecordNotations::of([Notation::Numeric, Notation::San]);
/// let converter = Converter::new(Options::default()).with_record_notations(numeric_san);
/// let record = &converter.records(b"1. e4 *")[0];
/// let shown = format!("{:?}", record.moves.get(0).unwrap());
/// assert!(shown.starts_with("RecordedMove { m: Some(Normal { role: Pawn, from: E2,"), "{shown}");
/// assert!(shown.ends_with("numeric: \"5254\", san: \"e4\" }"), "{shown}");
/// ```
impl fmt::Debug for RecordedMove<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut shown = f.debug_struct("RecordedMove");
        shown.field("m", &self.m);
        for notation in self.notations.iter() {
            shown.field(notation.name(), &self.text(notation).as_str());
        }
        shown.finish()
    }
}

impl<'a> RecordedMove<'a> {
    /// The move in `notation`: empty when the record was made without it
    /// (see [`RecordNotations`]).
    pub fn get(&self, notation: Notation) -> &'a str {
        self.text(notation)
    }

    /// The move in `notation`, as the record holds it: see
    /// [`MoveText::key`].
    pub fn text(&self, notation: Notation) -> &'a MoveText {
        text_in(self.texts, self.notations.slot(notation))
    }
}

/// The text at `slot` of a move's `texts`, empty for a notation the
/// record was made without.
#[inline]
fn text_in(texts: &[MoveText], slot: Option<usize>) -> &MoveText {
    slot.and_then(|slot| texts.get(slot)).unwrap_or(&EMPTY)
}

/// As JSON, each move an object of the five notations, those the record
/// was made without empty: `{"numeric":"7163","san":"Nf3","uci":"",…}`.
impl Serialize for RecordedMoves {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // Where each notation is among a move's texts, found once.
        let slots = JSON_ORDER.map(|n| self.notations.slot(n));
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for m in self {
            seq.serialize_element(&JsonMove {
                texts: m.texts,
                slots: &slots,
            })?;
        }
        seq.end()
    }
}

/// The order of a move's notations in JSON.
const JSON_ORDER: [Notation; 5] = [
    Notation::Numeric,
    Notation::San,
    Notation::Uci,
    Notation::Lan,
    Notation::Figurine,
];

/// A move's texts as a JSON object.
struct JsonMove<'a> {
    texts: &'a [MoveText],
    /// Where the text in each notation of [`JSON_ORDER`] is in `texts`.
    slots: &'a [Option<usize>; 5],
}

impl Serialize for JsonMove<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(JSON_ORDER.len()))?;
        for (notation, &slot) in JSON_ORDER.iter().zip(self.slots) {
            map.serialize_entry(notation.name(), text_in(self.texts, slot))?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use iccf::Notation;

    use super::RecordedMoves;
    use crate::convert::{Converter, Options};
    use crate::record::RecordNotations;

    /// Castling, captures, a promotion, a null move and a check.
    const GAME: &[u8] = b"[FEN \"r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n\
        1. O-O Kd7 2. bxa8=Q Rxa8 3. -- Ra1 4. Rxa1 Kc7 5. Ra7+ *";

    /// Every set of notations keeps each move's texts where it finds them:
    /// those of a record made with all five, and empty texts for the rest.
    #[test]
    fn each_set_of_notations_reads_the_texts_of_all_five() {
        let all = &Converter::new(Options::default()).records(GAME)[0];
        assert_eq!(all.moves.len(), 9);
        assert!(all.errors.is_empty(), "{:?}", all.errors);
        for set in 0..32u8 {
            let notations: Vec<Notation> = Notation::ALL
                .into_iter()
                .enumerate()
                .filter(|(i, _)| set & (1 << i) != 0)
                .map(|(_, n)| n)
                .collect();
            let converter = Converter::new(Options::default())
                .with_record_notations(RecordNotations::of(notations.iter().copied()));
            let record = &converter.records(GAME)[0];
            assert_eq!(record.moves.len(), all.moves.len());
            for (m, full) in record.moves.iter().zip(&all.moves) {
                assert_eq!(m.m, full.m);
                for n in Notation::ALL {
                    let expected = if notations.contains(&n) {
                        full.get(n)
                    } else {
                        ""
                    };
                    assert_eq!(m.get(n), expected, "{n:?} of {notations:?}");
                }
            }
            for n in Notation::ALL {
                let column: Vec<&str> = record.moves.texts(n).map(|t| t.as_str()).collect();
                let each: Vec<&str> = record.moves.iter().map(|m| m.get(n)).collect();
                assert_eq!(column, each, "{n:?} of {notations:?}");
                let back: Vec<&str> = record.moves.texts(n).rev().map(|t| t.as_str()).collect();
                let each_back: Vec<&str> = record.moves.iter().rev().map(|m| m.get(n)).collect();
                assert_eq!(back, each_back, "{n:?} of {notations:?}");
                assert!(
                    back.iter().eq(column.iter().rev()),
                    "{n:?} of {notations:?}"
                );
            }
        }
    }

    /// Taken from both ends in any order, each move and each text comes
    /// once, in its place, and the count left is right at every step: in a
    /// notation the record has, and in one it lacks (an empty text a move).
    #[test]
    fn both_ends_meet_in_the_middle() {
        let record = &Converter::new(Options::default())
            .with_record_notations(RecordNotations::of([Notation::Numeric, Notation::Uci]))
            .records(GAME)[0];
        let count = record.moves.len();
        for notation in [Notation::Numeric, Notation::San] {
            let expected: Vec<&str> = record.moves.iter().map(|m| m.get(notation)).collect();
            // Bit i of `ends`: the i-th move is taken from the back.
            for ends in 0..1u32 << count {
                let mut moves = record.moves.iter();
                let mut texts = record.moves.texts(notation);
                let (mut front, mut back) = (Vec::new(), Vec::new());
                for i in 0..count {
                    assert_eq!((moves.len(), texts.len()), (count - i, count - i));
                    let (m, t, taken) = if ends & (1 << i) == 0 {
                        (moves.next(), texts.next(), &mut front)
                    } else {
                        (moves.next_back(), texts.next_back(), &mut back)
                    };
                    let (m, t) = (m.unwrap().get(notation), t.unwrap().as_str());
                    assert_eq!(m, t);
                    taken.push(m);
                }
                assert!(moves.next().is_none() && moves.next_back().is_none());
                assert!(texts.next().is_none() && texts.next_back().is_none());
                front.extend(back.iter().rev());
                assert_eq!(front, expected, "{notation:?}, {ends:b} from the back");
            }
        }
    }

    /// The texts themselves, written out: the tests above compare records
    /// with one another.
    #[test]
    fn json_of_all_five_notations() {
        let record = &Converter::new(Options::default()).records(GAME)[0];
        let json = serde_json::to_string(&record.moves).unwrap();
        let promotion = r#"{"numeric":"27181","san":"bxa8=Q","uci":"b7a8q","lan":"b7xa8=Q","figurine":"bxa8=♕"}"#;
        let null = r#"{"numeric":"--","san":"--","uci":"0000","lan":"--","figurine":"--"}"#;
        let check =
            r#"{"numeric":"1117","san":"Ra7+","uci":"a1a7","lan":"Ra1-a7+","figurine":"♖a7+"}"#;
        assert!(json.starts_with(r#"[{"numeric":"5171","san":"O-O","uci":"e1g1","lan":"O-O","#));
        assert!(json.contains(promotion), "{json}");
        assert!(json.contains(null), "{json}");
        assert!(json.ends_with(&format!("{check}]")), "{json}");
    }

    #[test]
    fn no_move_past_the_last() {
        assert!(RecordedMoves::default().get(0).is_none());
        let record = &Converter::new(Options::default())
            .with_record_notations(RecordNotations::of([Notation::San]))
            .records(GAME)[0];
        assert!(record.moves.get(8).is_some());
        assert!(record.moves.get(9).is_none());
        let mut moves = record.moves.iter();
        assert_eq!(moves.len(), 9);
        moves.next();
        assert_eq!(moves.len(), 8);
        let mut uci = record.moves.texts(Notation::Uci);
        assert_eq!(uci.len(), 9);
        assert_eq!(uci.nth(8).map(|t| t.as_str()), Some(""));
        assert_eq!((uci.len(), uci.next()), (0, None));
    }

    #[test]
    fn json_names_the_five_notations_in_order() {
        let record = &Converter::new(Options::default())
            .with_record_notations(RecordNotations::of([Notation::Lan]))
            .records(b"1. Nf3 *")[0];
        assert_eq!(
            serde_json::to_string(&record.moves).unwrap(),
            r#"[{"numeric":"","san":"","uci":"","lan":"Ng1-f3","figurine":""}]"#
        );
    }
}
