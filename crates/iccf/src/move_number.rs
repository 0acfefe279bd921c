//! The number written before a move: `12.` before White's twelfth move,
//! `12...` before Black's.

use core::fmt;
use core::num::NonZeroU32;

use shakmaty::{Color, Position};

/// A move number and the side to move, as PGN writes them before a move:
/// `12.` before a white move, `12...` before a black one.
///
/// [`MoveNumber::append_to()`] writes the same bytes as
/// [`Display`](fmt::Display) without the formatting machinery, for writers
/// that number every move.
///
/// # Examples
///
/// ```
/// use iccf::MoveNumber;
/// use shakmaty::{Chess, Position, Square, Move, Role};
///
/// let mut pos = Chess::default();
/// assert_eq!(MoveNumber::from_position(&pos).to_string(), "1.");
/// let e4 = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None };
/// pos.play_unchecked(e4);
/// let number = MoveNumber::from_position(&pos);
/// assert_eq!(number.to_string(), "1...");
///
/// let mut buf = b"1. e4 ".to_vec();
/// number.append_to(&mut buf);
/// assert_eq!(buf, b"1. e4 1...");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveNumber {
    /// The fullmove number: 1 for the first move of each side, then one
    /// more after every black move.
    pub fullmoves: NonZeroU32,
    /// The side whose move it numbers.
    pub turn: Color,
}

impl MoveNumber {
    /// The number of the next move in `pos`.
    #[inline]
    pub fn from_position(pos: &impl Position) -> MoveNumber {
        MoveNumber {
            fullmoves: pos.fullmoves(),
            turn: pos.turn(),
        }
    }

    /// Whether a move number as written, its `digits` (none for a lone
    /// `...`) and its count of `dots`, fits this one: the same number, and
    /// two or more dots only before a black move (`12.` before a black
    /// move is common enough to pass).
    ///
    /// ```
    /// use iccf::MoveNumber;
    /// use shakmaty::{Chess, Position};
    ///
    /// let white = MoveNumber::from_position(&Chess::default());
    /// assert!(white.matches(b"1", 1));
    /// assert!(white.matches(b"01", 1));
    /// assert!(!white.matches(b"1", 3));
    /// assert!(!white.matches(b"2", 1));
    /// assert!(!white.matches(b"99999999999", 1));
    /// ```
    pub fn matches(self, digits: &[u8], dots: u8) -> bool {
        if dots >= 2 && self.turn == Color::White {
            return false;
        }
        let mut n = 0u32;
        for &digit in digits {
            let next = n
                .checked_mul(10)
                .and_then(|n| n.checked_add(u32::from(digit.wrapping_sub(b'0'))));
            match next {
                Some(next) if digit.is_ascii_digit() => n = next,
                _ => return false,
            }
        }
        digits.is_empty() || n == self.fullmoves.get()
    }

    /// Appends `12.` or `12...` to `buf`, as [`Display`](fmt::Display)
    /// writes it.
    #[inline]
    pub fn append_to(self, buf: &mut Vec<u8>) {
        append_decimal(buf, self.fullmoves.get());
        match self.turn {
            Color::White => buf.push(b'.'),
            Color::Black => buf.extend_from_slice(b"..."),
        }
    }
}

impl fmt::Display for MoveNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = match self.turn {
            Color::White => ".",
            Color::Black => "...",
        };
        write!(f, "{}{dots}", self.fullmoves)
    }
}

/// Appends `n` in decimal, as `n.to_string()` writes it, without the
/// formatting machinery: this runs before every white move.
fn append_decimal(buf: &mut Vec<u8>, n: u32) {
    let digit = |d: u32| b'0' + (d % 10) as u8;
    // Move numbers nearly always have one to three digits.
    match n {
        0..10 => buf.push(digit(n)),
        10..100 => buf.extend_from_slice(&[digit(n / 10), digit(n)]),
        100..1000 => buf.extend_from_slice(&[digit(n / 100), digit(n / 10), digit(n)]),
        _ => {
            append_decimal(buf, n / 10);
            buf.push(digit(n));
        }
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess};

    use super::*;

    fn number(fullmoves: u32, turn: Color) -> MoveNumber {
        MoveNumber {
            fullmoves: NonZeroU32::new(fullmoves).expect("non-zero"),
            turn,
        }
    }

    #[test]
    fn append_to_writes_what_display_writes() {
        let mut buf = Vec::new();
        let big = [9_999, 10_000, 123_456, 1 << 31, u32::MAX];
        for n in (1..2000).chain(big) {
            for turn in [Color::White, Color::Black] {
                buf.clear();
                number(n, turn).append_to(&mut buf);
                assert_eq!(buf, number(n, turn).to_string().as_bytes());
            }
        }
        assert_eq!(number(12, Color::White).to_string(), "12.");
        assert_eq!(number(12, Color::Black).to_string(), "12...");
    }

    #[test]
    fn decimal_from_zero() {
        let mut buf = Vec::new();
        for n in 0..2000 {
            buf.clear();
            append_decimal(&mut buf, n);
            assert_eq!(buf, n.to_string().as_bytes());
        }
    }

    #[test]
    fn from_a_fen() {
        let pos: Chess = "4k3/8/8/8/8/8/8/4K3 b - - 0 41"
            .parse::<Fen>()
            .expect("fen")
            .into_position(CastlingMode::Standard)
            .expect("legal");
        assert_eq!(MoveNumber::from_position(&pos), number(41, Color::Black));
        assert_eq!(MoveNumber::from_position(&pos).to_string(), "41...");
    }
}
