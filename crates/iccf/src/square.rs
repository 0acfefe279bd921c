//! A square in ICCF numeric notation: two digits, file then rank.

use core::fmt;
use core::str::FromStr;

use shakmaty::{File, Rank, Square};

/// A square written the ICCF way: file digit (a = 1 … h = 8) then rank digit.
///
/// e2 is `52`, h8 is `88`. Digits 0 and 9 never occur.
///
/// # Examples
///
/// ```
/// use iccf::NumericSquare;
/// use shakmaty::Square;
///
/// let sq: NumericSquare = "52".parse()?;
/// assert_eq!(sq.square(), Square::E2);
/// assert_eq!(NumericSquare::from(Square::H8).to_string(), "88");
/// # Ok::<_, iccf::ParseSquareError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NumericSquare(Square);

impl NumericSquare {
    /// Parses exactly two ASCII digits.
    ///
    /// # Errors
    ///
    /// Returns [`ParseSquareError`] naming the offending digit.
    pub fn from_ascii(s: &[u8]) -> Result<NumericSquare, ParseSquareError> {
        match s {
            [f, r] => Ok(NumericSquare(Square::from_coords(
                file_from_digit(*f)?,
                rank_from_digit(*r)?,
            ))),
            _ => Err(ParseSquareError::Length(s.len())),
        }
    }

    /// The underlying square.
    pub const fn square(self) -> Square {
        self.0
    }

    /// Appends the two digits to `buf`.
    pub fn append_to(self, buf: &mut Vec<u8>) {
        buf.extend_from_slice(&self.digits());
    }

    /// The two ASCII digits: the one place the crate writes them.
    #[inline(always)]
    pub fn digits(self) -> [u8; 2] {
        [
            b'1' + u8::from(self.0.file()),
            b'1' + u8::from(self.0.rank()),
        ]
    }
}

impl From<Square> for NumericSquare {
    fn from(sq: Square) -> NumericSquare {
        NumericSquare(sq)
    }
}

impl From<NumericSquare> for Square {
    fn from(sq: NumericSquare) -> Square {
        sq.0
    }
}

impl FromStr for NumericSquare {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<NumericSquare, ParseSquareError> {
        NumericSquare::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for NumericSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.digits();
        write!(f, "{}{}", char::from(a), char::from(b))
    }
}

/// Reads a file digit (`1`–`8`).
pub(crate) fn file_from_digit(d: u8) -> Result<File, ParseSquareError> {
    digit_file(d).ok_or(ParseSquareError::File(d))
}

/// Reads a rank digit (`1`–`8`).
pub(crate) fn rank_from_digit(d: u8) -> Result<Rank, ParseSquareError> {
    digit_rank(d).ok_or(ParseSquareError::Rank(d))
}

/// The file of digit `1`–`8`: the one digit → file reading of the crate.
#[inline(always)]
pub(crate) fn digit_file(d: u8) -> Option<File> {
    matches!(d, b'1'..=b'8').then(|| File::new(u32::from(d - b'1')))
}

/// The rank of digit `1`–`8`.
#[inline(always)]
pub(crate) fn digit_rank(d: u8) -> Option<Rank> {
    matches!(d, b'1'..=b'8').then(|| Rank::new(u32::from(d - b'1')))
}

/// Why two characters are not a numeric square.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ParseSquareError {
    /// Not exactly two characters.
    Length(usize),
    /// The first character is not a file digit 1–8.
    File(u8),
    /// The second character is not a rank digit 1–8.
    Rank(u8),
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseSquareError::Length(n) => write!(f, "a square is two digits, not {n} characters"),
            ParseSquareError::File(d) => {
                write!(f, "{} is not a file (1-8)", Shown(d))
            }
            ParseSquareError::Rank(d) => {
                write!(f, "{} is not a rank (1-8)", Shown(d))
            }
        }
    }
}

impl std::error::Error for ParseSquareError {}

/// Shows a byte in an error message: `digit 9`, `` `x` ``, or a hex escape.
pub(crate) struct Shown(pub u8);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            d @ b'0'..=b'9' => write!(f, "digit {}", char::from(d)),
            c if c.is_ascii_graphic() => write!(f, "`{}`", char::from(c)),
            c => write!(f, "byte 0x{c:02x}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_round_trips() {
        for sq in Square::ALL {
            let n = NumericSquare::from(sq);
            assert_eq!(n.to_string().parse::<NumericSquare>(), Ok(n));
        }
    }

    #[test]
    fn corners_and_examples() {
        assert_eq!("11".parse::<NumericSquare>().unwrap().square(), Square::A1);
        assert_eq!("88".parse::<NumericSquare>().unwrap().square(), Square::H8);
        assert_eq!("52".parse::<NumericSquare>().unwrap().square(), Square::E2);
        assert_eq!("18".parse::<NumericSquare>().unwrap().square(), Square::A8);
    }

    #[test]
    fn errors_name_the_digit() {
        assert_eq!(
            "92".parse::<NumericSquare>().unwrap_err().to_string(),
            "digit 9 is not a file (1-8)"
        );
        assert_eq!(
            "50".parse::<NumericSquare>().unwrap_err().to_string(),
            "digit 0 is not a rank (1-8)"
        );
        assert_eq!(
            "e2".parse::<NumericSquare>().unwrap_err().to_string(),
            "`e` is not a file (1-8)"
        );
        assert_eq!(
            "521".parse::<NumericSquare>().unwrap_err(),
            ParseSquareError::Length(3)
        );
    }
}
