//! Figurines: the piece glyphs of Unicode, which read the same in every
//! language.

use shakmaty::{Color, Role};

/// The figurine of a piece: white glyphs `♔♕♖♗♘♙` (U+2654..U+2659) and black
/// glyphs `♚♛♜♝♞♟` (U+265A..U+265F).
///
/// ```
/// use iccf::lang::figurine;
/// use shakmaty::{Color, Role};
///
/// assert_eq!(figurine(Role::Knight, Color::White), '♘');
/// assert_eq!(figurine(Role::Knight, Color::Black), '♞');
/// ```
pub fn figurine(role: Role, color: Color) -> char {
    let white = match role {
        Role::King => '♔',
        Role::Queen => '♕',
        Role::Rook => '♖',
        Role::Bishop => '♗',
        Role::Knight => '♘',
        Role::Pawn => '♙',
    };
    match color {
        Color::White => white,
        // The black glyphs follow the white ones at a fixed distance of 6.
        Color::Black => char::from_u32(u32::from(white) + 6).unwrap_or(white),
    }
}

/// Reads a figurine glyph of either colour.
///
/// ```
/// use iccf::lang::role_from_figurine;
/// use shakmaty::{Color, Role};
///
/// assert_eq!(role_from_figurine('♛'), Some((Role::Queen, Color::Black)));
/// assert_eq!(role_from_figurine('Q'), None);
/// ```
pub fn role_from_figurine(glyph: char) -> Option<(Role, Color)> {
    let (offset, color) = match u32::from(glyph) {
        c @ 0x2654..=0x2659 => (c - 0x2654, Color::White),
        c @ 0x265A..=0x265F => (c - 0x265A, Color::Black),
        _ => return None,
    };
    let role = match offset {
        0 => Role::King,
        1 => Role::Queen,
        2 => Role::Rook,
        3 => Role::Bishop,
        4 => Role::Knight,
        _ => Role::Pawn,
    };
    Some((role, color))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figurines_round_trip() {
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                assert_eq!(
                    role_from_figurine(figurine(role, color)),
                    Some((role, color))
                );
            }
        }
        assert_eq!(figurine(Role::Pawn, Color::Black), '\u{265F}');
        assert_eq!(figurine(Role::King, Color::White), '\u{2654}');
    }
}
