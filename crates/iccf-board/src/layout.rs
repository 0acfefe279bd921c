//! Where each square goes in the picture: the order of rows and columns for
//! the side at the bottom.

use shakmaty::{Color, File, Rank};

/// The ranks from the top row down: 8 to 1 with White at the bottom, 1 to 8
/// with Black.
///
/// # Examples
///
/// ```
/// use iccf_board::ranks_top_down;
/// use shakmaty::{Color, Rank};
///
/// assert_eq!(ranks_top_down(Color::White)[0], Rank::Eighth);
/// assert_eq!(ranks_top_down(Color::Black)[0], Rank::First);
/// ```
pub fn ranks_top_down(bottom: Color) -> [Rank; 8] {
    let mut ranks = Rank::ALL;
    if bottom == Color::White {
        ranks.reverse();
    }
    ranks
}

/// The files from the left column across: a to h (1 to 8) with White at the
/// bottom, h to a (8 to 1) with Black.
///
/// # Examples
///
/// ```
/// use iccf_board::files_left_to_right;
/// use shakmaty::{Color, File};
///
/// assert_eq!(files_left_to_right(Color::White)[0], File::A);
/// assert_eq!(files_left_to_right(Color::Black)[0], File::H);
/// ```
pub fn files_left_to_right(bottom: Color) -> [File; 8] {
    let mut files = File::ALL;
    if bottom == Color::Black {
        files.reverse();
    }
    files
}

/// The numeric digit of a file or rank: a and 1 are `1`, h and 8 are `8`.
pub(crate) fn digit(index: impl Into<u8>) -> char {
    char::from(b'1' + index.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_of_the_grid() {
        assert_eq!(digit(File::A), '1');
        assert_eq!(digit(File::H), '8');
        assert_eq!(digit(Rank::Fourth), '4');
    }

    #[test]
    fn black_at_the_bottom_reverses_both_axes() {
        assert_eq!(ranks_top_down(Color::Black)[7], Rank::Eighth);
        assert_eq!(files_left_to_right(Color::Black)[7], File::A);
    }
}
