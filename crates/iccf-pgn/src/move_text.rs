//! [`MoveText`]: a move written in one notation, as a game record holds
//! it.

use iccf::NumericMove;
use serde::{Serialize, Serializer};

/// A move written in one notation: a string kept inside the value, as a
/// record holds up to five per move and a heap allocation each (then a
/// free on the thread that drops the record) cost more than writing the
/// move.
/// Every move written fits (9 bytes at most); a longer text goes to the
/// heap.
///
/// It takes 16 bytes:
///
/// ```
/// assert_eq!(std::mem::size_of::<iccf_pgn::record::MoveText>(), 16);
/// ```
///
/// ```
/// use iccf_pgn::record::MoveText;
///
/// let text = MoveText::new("♘f3");
/// assert_eq!(text, "♘f3");
/// assert_eq!(text.as_str().len(), 5);
/// assert_eq!(format!("{text} {text:?}"), "♘f3 \"♘f3\"");
/// assert_eq!(MoveText::new(&"x".repeat(100)).len(), 100);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct MoveText(TextRepr);

/// Bytes kept inline: with the length and the tag, 16 bytes, two thirds of
/// a `String`. A record's moves are written to fresh memory by the million,
/// where every byte less a move is time saved.
const INLINE: usize = 14;

/// The top bit of each byte of a word: none set in ASCII text.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

#[derive(Clone, PartialEq, Eq)]
enum TextRepr {
    /// `bytes[..len]` is the text, the rest zeros (so that the derived
    /// equality compares texts).
    Inline { len: u8, bytes: [u8; INLINE] },
    /// Boxed twice, so that this rare case takes one pointer and the value
    /// stays 16 bytes.
    Heap(Box<Box<str>>),
}

impl MoveText {
    /// The empty text.
    pub(crate) const EMPTY: MoveText = MoveText(TextRepr::Inline {
        len: 0,
        bytes: [0; INLINE],
    });

    /// `text`, copied.
    pub fn new(text: &str) -> MoveText {
        match MoveText::inline(text.as_bytes()) {
            Some((inline, _)) => inline,
            None => MoveText::heap(text),
        }
    }

    /// `bytes` as a text if they are UTF-8, as a move just written into a
    /// byte buffer is: a move's few ASCII bytes are copied, then checked
    /// two words at a time, where [`std::str::from_utf8`] then a copy
    /// took 60 instructions a move. Other text is checked once.
    ///
    /// ```
    /// use iccf_pgn::record::MoveText;
    ///
    /// assert_eq!(MoveText::from_utf8(b"5254").unwrap(), "5254");
    /// assert_eq!(MoveText::from_utf8("♘f3".as_bytes()).unwrap(), "♘f3");
    /// assert_eq!(MoveText::from_utf8(b"\xff"), None);
    /// assert_eq!(MoveText::from_utf8(b"e8=Q+ {a long text}").unwrap(), "e8=Q+ {a long text}");
    /// ```
    #[inline]
    pub fn from_utf8(bytes: &[u8]) -> Option<MoveText> {
        match MoveText::inline(bytes) {
            Some((inline, true)) => Some(inline),
            Some((inline, false)) => std::str::from_utf8(bytes).is_ok().then_some(inline),
            None => std::str::from_utf8(bytes).ok().map(MoveText::heap),
        }
    }

    /// `bytes` as the text of this [`MoveText::EMPTY`] (its bytes all
    /// zeros), as [`MoveText::from_utf8`] gives them (empty if they are
    /// not UTF-8): an ASCII move is copied in place. Made on the stack then
    /// copied, a move stalled on its partial writes: records of all five
    /// notations took 4.5% longer.
    #[inline]
    pub(crate) fn fill_utf8(&mut self, bytes: &[u8]) {
        debug_assert!(*self == MoveText::EMPTY);
        if let TextRepr::Inline { len, bytes: inline } = &mut self.0
            && bytes.len() <= INLINE
            && bytes.is_ascii()
        {
            copy_short(inline, bytes);
            *len = bytes.len() as u8;
        } else {
            *self = MoveText::from_utf8(bytes).unwrap_or_default();
        }
    }

    /// `bytes` kept inline if they fit: the text, and whether it is all
    /// ASCII (so UTF-8 whatever the caller knows). Only UTF-8 may be
    /// kept: the caller checks the rest.
    #[inline]
    fn inline(bytes: &[u8]) -> Option<(MoveText, bool)> {
        if bytes.len() > INLINE {
            return None;
        }
        let mut inline = [0; INLINE];
        copy_short(&mut inline, bytes);
        // ASCII if no byte has its top bit set, the zeros after the text
        // included: two overlapping words cover the array, where a loop
        // over the bytes cost three times as much.
        let word = |at: usize| {
            let mut eight = [0; 8];
            eight.copy_from_slice(&inline[at..at + 8]);
            u64::from_ne_bytes(eight)
        };
        let ascii = (word(0) | word(INLINE - 8)) & HIGH_BITS == 0;
        let len = bytes.len() as u8;
        let text = MoveText(TextRepr::Inline { len, bytes: inline });
        Some((text, ascii))
    }

    /// The first `len` of `bytes`: a move as [`iccf::san_bytes`] (or
    /// [`iccf::MoveFormat::fixed_bytes`]) writes it, ASCII with zeros after
    /// it, kept as it is, where
    /// [`MoveText::from_utf8`] of a buffer it was written into copies and
    /// checks it again. `None` for bytes that are no such text.
    ///
    /// ```
    /// use iccf_pgn::record::MoveText;
    ///
    /// assert_eq!(MoveText::from_short_ascii((*b"Nf3+\0\0\0\0", 4)).unwrap(), "Nf3+");
    /// assert_eq!(MoveText::from_short_ascii((*b"exd8=Q#\0", 7)).unwrap(), "exd8=Q#");
    /// assert_eq!(MoveText::from_short_ascii((*b"Nf3+\0\0\0\0", 3)), None);
    /// assert_eq!(MoveText::from_short_ascii((*b"Nf3\xff\0\0\0\0", 4)), None);
    /// assert_eq!(MoveText::from_short_ascii((*b"Nf3\0\0\0\0\0", 9)), None);
    /// ```
    #[inline]
    pub fn from_short_ascii((bytes, len): ([u8; 8], usize)) -> Option<MoveText> {
        if len > 8 {
            return None;
        }
        let word = u64::from_le_bytes(bytes);
        let after = word.checked_shr(8 * len as u32).unwrap_or(0);
        if after != 0 || word & HIGH_BITS != 0 {
            return None;
        }
        let mut inline = [0; INLINE];
        inline[..8].copy_from_slice(&bytes);
        Some(MoveText(TextRepr::Inline {
            len: len as u8,
            bytes: inline,
        }))
    }

    fn heap(text: &str) -> MoveText {
        MoveText(TextRepr::Heap(Box::new(text.into())))
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        // SAFETY: a `MoveText` holds UTF-8 alone, as a `String` does: it
        // is made from a `&str`, from bytes `from_utf8` found all ASCII
        // or checked, or from a numeric move's ASCII digits, and the one
        // method that changes its bytes (`fill_utf8`) writes ASCII alone.
        // Checking them again on every read cost 8% of `--format jsonl`.
        unsafe { std::str::from_utf8_unchecked(self.as_bytes()) }
    }

    /// The text as a number when it is 1 to 8 bytes, none of them zero:
    /// equal texts give equal numbers, and no two texts the same, as the
    /// first zero byte tells where the text ends. Nearly every move is such
    /// a text (`Nf3`, `exd8=Q#`, `♕xe7+`, `57581`): a key for a table of
    /// what is made of each, read from the bytes kept inline, where a hash
    /// of the text would read them again.
    ///
    /// ```
    /// use iccf_pgn::record::MoveText;
    ///
    /// assert_eq!(MoveText::new("e4").key(), Some(u64::from_le_bytes(*b"e4\0\0\0\0\0\0")));
    /// assert_ne!(MoveText::new("Nf3").key(), MoveText::new("Nf3+").key());
    /// assert!(MoveText::new("♕xe7+").key().is_some());
    /// assert_eq!(MoveText::new("Ng1-f3+ !").key(), None);
    /// assert_eq!(MoveText::new("").key(), None);
    /// assert_eq!(MoveText::new("e4\0").key(), None);
    /// ```
    #[inline]
    pub fn key(&self) -> Option<u64> {
        let TextRepr::Inline { len, bytes } = &self.0 else {
            return None;
        };
        let len = u32::from(*len);
        if !(1..=8).contains(&len) {
            return None;
        }
        let mut eight = [0; 8];
        eight.copy_from_slice(&bytes[..8]);
        // The bytes after the text are zeros: the number is the text's.
        let word = u64::from_le_bytes(eight);
        // A zero byte of its own would make it the number of a shorter
        // text: looked for with the bytes after the text set.
        let filled = word | (!0u64).checked_shl(8 * len).unwrap_or(0);
        let has_zero = filled.wrapping_sub(0x0101_0101_0101_0101) & !filled & HIGH_BITS;
        (has_zero == 0).then_some(word)
    }

    /// The text's bytes, UTF-8.
    pub fn as_bytes(&self) -> &[u8] {
        match &self.0 {
            TextRepr::Inline { len, bytes } => &bytes[..usize::from(*len)],
            TextRepr::Heap(text) => text.as_bytes(),
        }
    }
}

/// The digits written straight into the value: no buffer, no check of
/// the bytes. Writing a numeric move into a buffer, then copying and
/// checking it, took four times the instructions.
///
/// ```
/// use iccf::NumericMove;
/// use iccf_pgn::record::MoveText;
///
/// let m: NumericMove = "67682".parse()?;
/// assert_eq!(MoveText::from(m), "67682");
/// # Ok::<_, iccf::ParseNumericError>(())
/// ```
impl From<NumericMove> for MoveText {
    #[inline]
    fn from(m: NumericMove) -> MoveText {
        let (digits, len) = m.digits();
        let mut bytes = [0; INLINE];
        bytes[..digits.len()].copy_from_slice(&digits);
        // The zeros after the text stay: the fifth digit is 0 without a
        // promotion.
        MoveText(TextRepr::Inline {
            len: len as u8,
            bytes,
        })
    }
}

/// Copies `bytes`, [`INLINE`] at most, to the front of `to` in two
/// overlapping copies of a fixed size: a move is 2 to 9 bytes, and the
/// call to `memcpy` that a copy of any length makes was about 15 of the
/// 55 instructions [`MoveText::from_utf8`] took a move.
fn copy_short(to: &mut [u8; INLINE], bytes: &[u8]) {
    debug_assert!(
        bytes.len() <= INLINE,
        "the caller keeps longer texts on the heap"
    );
    fn two<const N: usize>(to: &mut [u8; INLINE], bytes: &[u8]) {
        let n = bytes.len();
        to[..N].copy_from_slice(&bytes[..N]);
        to[n - N..n].copy_from_slice(&bytes[n - N..]);
    }
    match bytes.len() {
        0 => {}
        1 => to[0] = bytes[0],
        2..=3 => two::<2>(to, bytes),
        4..=7 => two::<4>(to, bytes),
        _ => two::<8>(to, bytes),
    }
}

impl Default for MoveText {
    fn default() -> MoveText {
        MoveText::EMPTY
    }
}

impl std::ops::Deref for MoveText {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for MoveText {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for MoveText {
    fn from(text: &str) -> MoveText {
        MoveText::new(text)
    }
}

impl From<MoveText> for String {
    fn from(text: MoveText) -> String {
        text.as_str().to_owned()
    }
}

impl PartialEq<str> for MoveText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for MoveText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl std::fmt::Display for MoveText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::fmt::Debug for MoveText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl Serialize for MoveText {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Role, Square};

    /// The digits written straight into the value make the same text, and
    /// the same value, as the move written out and copied: equality
    /// compares the zeros after the text too.
    #[test]
    fn numeric_move_is_the_text_written() {
        let promotions = [
            None,
            Some(Role::Queen),
            Some(Role::Rook),
            Some(Role::Bishop),
            Some(Role::Knight),
        ];
        for from in Square::ALL {
            for to in Square::ALL {
                for promotion in promotions {
                    let m = NumericMove {
                        from,
                        to,
                        promotion,
                    };
                    let written = m.to_string();
                    assert_eq!(MoveText::from(m), MoveText::new(&written), "{written}");
                    assert_eq!(MoveText::from(m).as_str(), written);
                }
            }
        }
    }

    /// Two texts have the same key only if they are the same text, and a
    /// text has one only if it is 1 to 8 bytes without a zero byte:
    /// texts of every length up to 10 bytes, of letters, zeros and two-byte
    /// figurines, made by `new` and by `from`.
    #[test]
    fn key_is_the_text_and_nothing_else() {
        use proptest::prelude::*;
        let text = proptest::collection::vec(
            prop_oneof![Just("a"), Just("\0"), Just("♕"), Just("8")],
            0..10,
        )
        .prop_map(|parts| parts.concat());
        proptest!(|(a in text.clone(), b in text)| {
            let (ka, kb) = (MoveText::new(&a).key(), MoveText::new(&b).key());
            prop_assert_eq!(ka.is_some(), (1..=8).contains(&a.len()) && !a.contains('\0'));
            if ka.is_some() {
                prop_assert_eq!(ka == kb, a == b);
            }
        });
        for m in ["5254", "57581"] {
            let m: NumericMove = m.parse().unwrap();
            assert_eq!(MoveText::from(m).key(), MoveText::new(&m.to_string()).key());
        }
    }

    /// Every length that fits is copied whole, each byte in its place.
    #[test]
    fn short_copies_keep_every_byte() {
        let text = b"abcdefghijklmn";
        for len in 0..=INLINE {
            let mut to = [0; INLINE];
            copy_short(&mut to, &text[..len]);
            assert_eq!(&to[..len], &text[..len]);
            assert!(to[len..].iter().all(|&b| b == 0), "{len}");
        }
    }

    /// Every byte of every length is looked at: a stray byte is refused
    /// wherever it stands, inline or on the heap, and a letter of two
    /// bytes is kept.
    #[test]
    fn from_utf8_checks_every_byte() {
        for len in 1..=INLINE + 4 {
            for at in 0..len {
                let mut bytes = vec![b'a'; len];
                bytes[at] = 0xff;
                // Not `assert_eq!`: a text let through would not print.
                assert!(
                    MoveText::from_utf8(&bytes).is_none(),
                    "0xff at {at} of {len}"
                );
                if at + 1 < len {
                    bytes[at..at + 2].copy_from_slice("é".as_bytes());
                    let text = String::from_utf8(bytes).unwrap();
                    assert_eq!(MoveText::from_utf8(text.as_bytes()).unwrap(), text.as_str());
                }
            }
        }
    }
}
