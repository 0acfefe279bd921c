//! Move numbers with the side that moves: `12.` for White, `12...` for Black.

use core::fmt;

use serde::Serialize;
use shakmaty::Color;

/// The side that plays a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
}

impl Side {
    /// The side of a shakmaty colour.
    pub fn of(color: Color) -> Side {
        match color {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }

    /// The shakmaty colour.
    pub fn color(self) -> Color {
        match self {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// `white` or `black`, as the game file's `ICCFSide` tag writes it.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    /// Reads `white`/`black` (also `w`/`b`), any case.
    pub fn from_name(name: &str) -> Option<Side> {
        match name.trim().to_ascii_lowercase().as_str() {
            "white" | "w" => Some(Side::White),
            "black" | "b" => Some(Side::Black),
            _ => None,
        }
    }
}

/// A full-move number and the side to move: ply 0 is `1.`, ply 1 is `1...`.
///
/// ```
/// use iccf_corr::{MoveNo, Side};
///
/// assert_eq!(MoveNo::of_ply(3).to_string(), "2...");
/// assert_eq!(MoveNo { number: 2, side: Side::Black }.ply(), Some(3));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct MoveNo {
    /// The full-move number, from 1.
    pub number: u32,
    /// Who moves.
    pub side: Side,
}

impl MoveNo {
    /// The move number of ply `ply` (0-based) of a game from the start.
    pub fn of_ply(ply: usize) -> MoveNo {
        let side = if ply.is_multiple_of(2) {
            Side::White
        } else {
            Side::Black
        };
        MoveNo {
            number: (ply / 2 + 1) as u32,
            side,
        }
    }

    /// The 0-based ply, if the number is at least 1.
    pub fn ply(self) -> Option<usize> {
        let base = (self.number as usize).checked_sub(1)? * 2;
        Some(base + usize::from(self.side == Side::Black))
    }
}

impl fmt::Display for MoveNo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.side {
            Side::White => write!(f, "{}.", self.number),
            Side::Black => write!(f, "{}...", self.number),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plies_and_numbers_agree() {
        for ply in 0..200 {
            assert_eq!(MoveNo::of_ply(ply).ply(), Some(ply));
        }
        assert_eq!(
            MoveNo {
                number: 0,
                side: Side::White
            }
            .ply(),
            None
        );
    }
}
