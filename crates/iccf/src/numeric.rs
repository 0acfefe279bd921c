//! A move in ICCF numeric notation: from-square, to-square and an optional
//! promotion digit.

use core::fmt;
use core::str::FromStr;

use shakmaty::{Role, Square};

use crate::square::{NumericSquare, ParseSquareError, Shown};

/// A move in ICCF numeric notation, e.g. `5254` (e2-e4) or `67682` (f7-f8=R).
///
/// This is the syntax only. [`NumericMove::to_move()`] resolves it against a
/// position, which is where castling (`5171`), en passant and the legal
/// checks happen.
///
/// # Examples
///
/// ```
/// use iccf::NumericMove;
/// use shakmaty::{Role, Square};
///
/// let m: NumericMove = "67682".parse()?;
/// assert_eq!(m.from, Square::F7);
/// assert_eq!(m.to, Square::F8);
/// assert_eq!(m.promotion, Some(Role::Rook));
/// assert_eq!(m.to_string(), "67682");
/// # Ok::<_, iccf::ParseNumericError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct NumericMove {
    /// The square the piece leaves (for castling, the king's square).
    pub from: Square,
    /// The square the piece reaches (for castling, see [`crate::CastlingNotation`]).
    pub to: Square,
    /// The piece a pawn promotes to, written as a fifth digit.
    pub promotion: Option<Role>,
}

impl NumericMove {
    /// Parses the ICCF standard form: exactly four digits, or five for a
    /// promotion.
    ///
    /// # Errors
    ///
    /// Returns [`ParseNumericError`] saying which character is wrong.
    pub fn from_ascii(s: &[u8]) -> Result<NumericMove, ParseNumericError> {
        if let Some(&c) = s.iter().find(|c| !c.is_ascii_digit()) {
            return Err(ParseNumericError::NotADigit(c));
        }
        match *s {
            [] => Err(ParseNumericError::Empty),
            [a, b, c, d] => Ok(NumericMove {
                from: square_at(a, b, Part::From)?,
                to: square_at(c, d, Part::To)?,
                promotion: None,
            }),
            [a, b, c, d, p] => Ok(NumericMove {
                from: square_at(a, b, Part::From)?,
                to: square_at(c, d, Part::To)?,
                promotion: Some(role_from_digit(p)?),
            }),
            _ => Err(ParseNumericError::Length(s.len())),
        }
    }

    /// Parses the forms met in practice as well as the standard one:
    /// surrounding whitespace, a separator between the squares (`52-54`,
    /// `52 54`, or a capture mark `52x54`, `52:54`), and a trailing
    /// separator (`5254-`).
    ///
    /// The legacy four-digit promotion (`6762` for f7-f8=R) parses here as a
    /// plain move; only [`NumericMove::to_move_lenient()`] can tell, because
    /// it depends on the position.
    ///
    /// # Errors
    ///
    /// Returns [`ParseNumericError`] if, after removing the separators, the
    /// text is not a standard numeric move.
    ///
    /// # Examples
    ///
    /// ```
    /// use iccf::NumericMove;
    ///
    /// let m = NumericMove::from_ascii_lenient(b" 52-54 ")?;
    /// assert_eq!(m.to_string(), "5254");
    /// assert_eq!(NumericMove::from_ascii_lenient(b"45x54")?.to_string(), "4554");
    /// # Ok::<_, iccf::ParseNumericError>(())
    /// ```
    pub fn from_ascii_lenient(s: &[u8]) -> Result<NumericMove, ParseNumericError> {
        let mut digits = [0u8; 5];
        let mut n = 0;
        for &c in s.trim_ascii() {
            match c {
                b'0'..=b'9' => {
                    if n == digits.len() {
                        return Err(ParseNumericError::Length(n + 1));
                    }
                    digits[n] = c;
                    n += 1;
                }
                // One separator between the squares or at the end; never
                // inside a square, which would hide a typo.
                b'-' | b' ' | b'/' | b'.' if n == 2 || n == 4 || n == 5 => {}
                // A capture mark between the squares (`52x54`, `52:54`).
                b'x' | b':' if n == 2 => {}
                _ => return Err(ParseNumericError::NotADigit(c)),
            }
        }
        NumericMove::from_ascii(&digits[..n])
    }

    /// Writes the standard form to `buf`, in one write: this runs for every
    /// move converted to numeric.
    #[inline(always)]
    pub fn append_to(self, buf: &mut Vec<u8>) {
        // Copies of a fixed length: writing the first `len` digits called
        // `memcpy`, 2% more instructions converting to numeric text.
        let (digits, _) = self.digits();
        match self.promotion {
            None => buf.extend_from_slice(&digits[..4]),
            Some(_) => buf.extend_from_slice(&digits),
        }
    }

    /// The move's digits: the first four, or five with a promotion, of
    /// the array, and how many; the fifth byte is 0 without a promotion.
    /// For a caller that keeps them in a value of its own rather than a
    /// buffer.
    ///
    /// ```
    /// use iccf::NumericMove;
    ///
    /// let m: NumericMove = "67682".parse()?;
    /// assert_eq!(m.digits(), (*b"67682", 5));
    /// let (digits, len) = "5254".parse::<NumericMove>()?.digits();
    /// assert_eq!(&digits[..len], b"5254");
    /// # Ok::<_, iccf::ParseNumericError>(())
    /// ```
    #[inline(always)]
    pub fn digits(self) -> ([u8; 5], usize) {
        let [f1, f2] = NumericSquare::from(self.from).digits();
        let [t1, t2] = NumericSquare::from(self.to).digits();
        match self.promotion {
            None => ([f1, f2, t1, t2, 0], 4),
            Some(role) => ([f1, f2, t1, t2, promotion_digit(role)], 5),
        }
    }
}

impl FromStr for NumericMove {
    type Err = ParseNumericError;

    fn from_str(s: &str) -> Result<NumericMove, ParseNumericError> {
        NumericMove::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for NumericMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = Vec::with_capacity(5);
        self.append_to(&mut buf);
        // Only ASCII digits were written.
        f.write_str(core::str::from_utf8(&buf).map_err(|_| fmt::Error)?)
    }
}

/// The ICCF promotion digit: 1 = queen, 2 = rook, 3 = bishop, 4 = knight.
///
/// Kings and pawns never promote; they get `0`, which no parser accepts.
pub const fn promotion_digit(role: Role) -> u8 {
    match role {
        Role::Queen => b'1',
        Role::Rook => b'2',
        Role::Bishop => b'3',
        Role::Knight => b'4',
        Role::Pawn | Role::King => b'0',
    }
}

/// Reads an ICCF promotion digit.
///
/// # Errors
///
/// [`ParseNumericError::Promotion`] for anything but `1`–`4`.
pub const fn role_from_digit(d: u8) -> Result<Role, ParseNumericError> {
    match d {
        b'1' => Ok(Role::Queen),
        b'2' => Ok(Role::Rook),
        b'3' => Ok(Role::Bishop),
        b'4' => Ok(Role::Knight),
        _ => Err(ParseNumericError::Promotion(d)),
    }
}

#[derive(Copy, Clone)]
enum Part {
    From,
    To,
}

fn square_at(f: u8, r: u8, part: Part) -> Result<Square, ParseNumericError> {
    NumericSquare::from_ascii(&[f, r])
        .map(NumericSquare::square)
        .map_err(|err| match part {
            Part::From => ParseNumericError::From(err),
            Part::To => ParseNumericError::To(err),
        })
}

/// Why a text is not a numeric move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ParseNumericError {
    /// Nothing to parse.
    Empty,
    /// Neither four nor five digits.
    Length(usize),
    /// A character that is not a digit (or, leniently, a separator).
    NotADigit(u8),
    /// The from-square is wrong.
    From(ParseSquareError),
    /// The to-square is wrong.
    To(ParseSquareError),
    /// The fifth digit is not 1–4.
    Promotion(u8),
}

impl fmt::Display for ParseNumericError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseNumericError::Empty => f.write_str("empty move"),
            ParseNumericError::Length(n) => write!(
                f,
                "a numeric move has 4 digits (5 for a promotion), not {n}"
            ),
            ParseNumericError::NotADigit(c) => write!(f, "{} is not a digit", Shown(c)),
            ParseNumericError::From(err) | ParseNumericError::To(err) => err.fmt(f),
            ParseNumericError::Promotion(d) => {
                write!(f, "promotion {}: use 1=Q 2=R 3=B 4=N", Shown(d))
            }
        }
    }
}

impl std::error::Error for ParseNumericError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<NumericMove, ParseNumericError> {
        s.parse()
    }

    #[test]
    fn standard_forms() {
        let m = parse("5254").unwrap();
        assert_eq!((m.from, m.to, m.promotion), (Square::E2, Square::E4, None));
        let m = parse("37381").unwrap();
        assert_eq!(
            (m.from, m.to, m.promotion),
            (Square::C7, Square::C8, Some(Role::Queen))
        );
        for (s, role) in [
            ("67681", Role::Queen),
            ("67682", Role::Rook),
            ("67683", Role::Bishop),
            ("67684", Role::Knight),
        ] {
            assert_eq!(parse(s).unwrap().promotion, Some(role));
            assert_eq!(parse(s).unwrap().to_string(), s);
        }
    }

    #[test]
    fn error_messages_say_what_is_wrong() {
        let msg = |s: &str| parse(s).unwrap_err().to_string();
        assert_eq!(msg("9254"), "digit 9 is not a file (1-8)");
        assert_eq!(msg("5294"), "digit 9 is not a file (1-8)");
        assert_eq!(msg("5250"), "digit 0 is not a rank (1-8)");
        assert_eq!(msg("67686"), "promotion digit 6: use 1=Q 2=R 3=B 4=N");
        assert_eq!(msg("67680"), "promotion digit 0: use 1=Q 2=R 3=B 4=N");
        assert_eq!(
            msg("525"),
            "a numeric move has 4 digits (5 for a promotion), not 3"
        );
        assert_eq!(msg("52-54"), "`-` is not a digit");
        assert_eq!(msg(""), "empty move");
    }

    #[test]
    fn strict_rejects_separators_lenient_accepts_them() {
        assert!(parse("52-54").is_err());
        assert!(parse(" 5254").is_err());
        for s in ["52-54", "5254-", " 5254 ", "52 54", "67-68-2", "6768-2"] {
            let m = NumericMove::from_ascii_lenient(s.as_bytes()).unwrap();
            assert!(m.to_string() == "5254" || m.to_string() == "67682", "{s}");
        }
    }

    #[test]
    fn lenient_rejects_separator_inside_a_square() {
        assert!(NumericMove::from_ascii_lenient(b"5-254").is_err());
        assert!(NumericMove::from_ascii_lenient(b"525-4").is_err());
        assert!(NumericMove::from_ascii_lenient(b"525412").is_err());
    }

    #[test]
    fn every_move_shape_round_trips() {
        for from in Square::ALL {
            for to in Square::ALL {
                for promotion in [None, Some(Role::Queen), Some(Role::Knight)] {
                    let m = NumericMove {
                        from,
                        to,
                        promotion,
                    };
                    assert_eq!(parse(&m.to_string()), Ok(m));
                }
            }
        }
    }

    #[test]
    fn never_panics_on_short_garbage() {
        for a in 0..=255u8 {
            for b in [b'1', b'9', 0xff] {
                let _ = NumericMove::from_ascii(&[a, b, a, b, a]);
                let _ = NumericMove::from_ascii_lenient(&[b, a, b' ', a]);
            }
        }
    }
}
